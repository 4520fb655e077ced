//! The brand console's coupons: a brand's coupons with the products they are assigned to, and
//! the writes a console edit makes. Whether a coupon's terms are acceptable is decided above
//! (the pricing rules and the console's service); this module stores them.
//!
//! Each write runs in one transaction with its change-feed rows (the coupon itself: `None`,
//! every process reloads the catalogue, coupons included; each product whose assignment
//! changed: its own row) and its audit row, built by the caller from what was written. On
//! SQLite a transaction that reads before it writes may fail to take the write lock when another
//! writer got there first, so each write starts with a write: the insert for a creation, the
//! version bump for an edit; reads come after.

use std::collections::{BTreeMap, BTreeSet};

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::products::CouponRecord;
use crate::schema::{brands, coupons, products};
use crate::{DbConnection, Store, StoreError};

/// A coupon as the console shows it: the row, its brand's name and the products it is
/// assigned to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsoleCoupon {
    pub record: CouponRecord,
    /// `None` for a coupon of no brand (or a brand that no longer exists).
    pub brand_name: Option<String>,
    /// The ids of the products whose assigned coupon this is, ordered by id.
    pub products: Vec<String>,
}

/// Why a coupon row could not be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CouponRefusal {
    /// Another coupon has this code (the unique index said so, also when two writes raced).
    CodeTaken,
    /// The coupon names a brand that does not exist.
    UnknownBrand,
}

/// What [`assign_coupon_products`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assignment {
    /// The products whose assigned coupon changed (assigned or unassigned), ordered by id.
    pub changed: Vec<String>,
    /// Ids asked for that are not products of the coupon's brand; when there are any, nothing
    /// was changed.
    pub unknown: Vec<String>,
}

fn refusal(error: &DieselError) -> Option<CouponRefusal> {
    match error {
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            Some(CouponRefusal::CodeTaken)
        }
        DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, _) => {
            Some(CouponRefusal::UnknownBrand)
        }
        _ => None,
    }
}

/// Runs one statement in a savepoint, so that a refused write (a taken code) leaves the
/// caller's transaction usable (PostgreSQL aborts a transaction whose statement failed).
fn refusable(
    conn: &mut DbConnection,
    write: impl FnOnce(&mut DbConnection) -> QueryResult<usize>,
) -> QueryResult<Result<usize, CouponRefusal>> {
    match conn.transaction(write) {
        Ok(rows) => Ok(Ok(rows)),
        Err(e) => match refusal(&e) {
            Some(r) => Ok(Err(r)),
            None => Err(e),
        },
    }
}

/// Inserts a new coupon row; a taken code or an unknown brand is refused, nothing written.
fn insert_coupon(
    conn: &mut DbConnection,
    record: &CouponRecord,
) -> QueryResult<Result<(), CouponRefusal>> {
    Ok(refusable(conn, |conn| {
        diesel::insert_into(coupons::table)
            .values(record)
            .execute(conn)
    })?
    .map(drop))
}

/// The first statement of an edit: adds one to the version of coupon `id` if it is still at
/// `expected` (and of `brand`, when given). `false` when it is not (missing, another brand's
/// or stale: read it to tell which). When `true`, the coupon is locked until the transaction
/// ends.
fn claim_coupon_edit(
    conn: &mut DbConnection,
    id: &str,
    brand: Option<&str>,
    expected: i64,
) -> QueryResult<bool> {
    let target = coupons::table
        .filter(coupons::id.eq(id))
        .filter(coupons::version.eq(expected));
    let bumped = match brand {
        Some(brand) => diesel::update(target.filter(coupons::brand_id.eq(brand)))
            .set(coupons::version.eq(coupons::version + 1))
            .execute(conn)?,
        None => diesel::update(target)
            .set(coupons::version.eq(coupons::version + 1))
            .execute(conn)?,
    };
    Ok(bumped == 1)
}

/// Writes `record`'s terms over the stored coupon of its id; its `times_used` and `version`
/// are left as stored. A code taken by another coupon is refused.
fn update_coupon_terms(
    conn: &mut DbConnection,
    record: &CouponRecord,
) -> QueryResult<Result<(), CouponRefusal>> {
    Ok(refusable(conn, |conn| {
        diesel::update(coupons::table.filter(coupons::id.eq(&record.id)))
            .set((
                coupons::title.eq(&record.title),
                coupons::code.eq(&record.code),
                coupons::discount_type.eq(&record.discount_type),
                coupons::discount_value.eq(record.discount_value),
                coupons::max_discount_paise.eq(record.max_discount_paise),
                coupons::min_order_paise.eq(record.min_order_paise),
                coupons::is_active.eq(record.is_active),
                coupons::valid_from.eq(record.valid_from),
                coupons::valid_until.eq(record.valid_until),
                coupons::usage_limit.eq(record.usage_limit),
                coupons::usage_limit_per_user.eq(record.usage_limit_per_user),
            ))
            .execute(conn)
    })?
    .map(drop))
}

/// Makes `wanted` the products coupon `coupon_id` is assigned to: each is assigned (taken from
/// whatever coupon it had), every other product that had this coupon is unassigned. With
/// `brand`, only that brand's products may be named; an id that is not a product (of that
/// brand) is reported in `unknown` and nothing is changed.
fn assign_coupon_products(
    conn: &mut DbConnection,
    coupon_id: &str,
    brand: Option<&str>,
    wanted: &[String],
) -> QueryResult<Assignment> {
    let wanted: BTreeSet<&str> = wanted.iter().map(String::as_str).collect();
    let mut found = BTreeSet::new();
    // Bounded by the caller; chunks keep every statement's parameter list short.
    let asked: Vec<&str> = wanted.iter().copied().collect();
    for chunk in asked.chunks(500) {
        let mut q = products::table
            .filter(products::id.eq_any(chunk))
            .select(products::id)
            .into_boxed();
        if let Some(brand) = brand {
            q = q.filter(products::brand_id.eq(brand));
        }
        found.extend(q.load::<String>(conn)?);
    }
    let unknown: Vec<String> = wanted
        .iter()
        .filter(|id| !found.contains(**id))
        .map(|id| (*id).to_owned())
        .collect();
    if !unknown.is_empty() {
        return Ok(Assignment {
            changed: Vec::new(),
            unknown,
        });
    }
    let current: BTreeSet<String> = products::table
        .filter(products::assigned_coupon_id.eq(coupon_id))
        .select(products::id)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let removed: Vec<&str> = current
        .iter()
        .map(String::as_str)
        .filter(|id| !wanted.contains(id))
        .collect();
    let added: Vec<&str> = wanted
        .iter()
        .copied()
        .filter(|id| !current.contains(*id))
        .collect();
    for chunk in removed.chunks(500) {
        diesel::update(products::table.filter(products::id.eq_any(chunk)))
            .set(products::assigned_coupon_id.eq(None::<String>))
            .execute(conn)?;
    }
    for chunk in added.chunks(500) {
        diesel::update(products::table.filter(products::id.eq_any(chunk)))
            .set(products::assigned_coupon_id.eq(coupon_id))
            .execute(conn)?;
    }
    let mut changed: Vec<String> = removed
        .into_iter()
        .chain(added)
        .map(str::to_owned)
        .collect();
    changed.sort_unstable();
    Ok(Assignment {
        changed,
        unknown: Vec::new(),
    })
}

/// The coupon `id` as the console shows it, read on the caller's connection.
fn load_console_coupon(conn: &mut DbConnection, id: &str) -> QueryResult<Option<ConsoleCoupon>> {
    let Some(record) = coupons::table
        .filter(coupons::id.eq(id))
        .select(CouponRecord::as_select())
        .first(conn)
        .optional()?
    else {
        return Ok(None);
    };
    Ok(complete(conn, vec![record])?.pop())
}

/// Adds the brand names and assigned products to `records`, in their order.
fn complete(
    conn: &mut DbConnection,
    records: Vec<CouponRecord>,
) -> QueryResult<Vec<ConsoleCoupon>> {
    let ids: Vec<&str> = records.iter().map(|r| r.id.as_str()).collect();
    let mut assigned: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(String, Option<String>)> = products::table
            .filter(products::assigned_coupon_id.eq_any(chunk))
            .select((products::id, products::assigned_coupon_id))
            .order(products::id)
            .load(conn)?;
        for (product, coupon) in rows {
            if let Some(coupon) = coupon {
                assigned.entry(coupon).or_default().push(product);
            }
        }
    }
    let brand_ids: BTreeSet<String> = records
        .iter()
        .filter_map(|r| r.brand_id.as_ref().map(|b| b.as_str().to_owned()))
        .collect();
    let names: BTreeMap<String, String> = brands::table
        .filter(brands::id.eq_any(brand_ids.iter().map(String::as_str).collect::<Vec<_>>()))
        .select((brands::id, brands::name))
        .load::<(String, String)>(conn)?
        .into_iter()
        .collect();
    Ok(records
        .into_iter()
        .map(|record| {
            let brand_name = record
                .brand_id
                .as_ref()
                .and_then(|b| names.get(b.as_str()).cloned());
            let products = assigned.remove(&record.id).unwrap_or_default();
            ConsoleCoupon {
                record,
                brand_name,
                products,
            }
        })
        .collect())
}

impl Store {
    /// The coupons of `brand` (every coupon when `None`), by code, with their brand's name and
    /// assigned products.
    pub fn console_coupons(&self, brand: Option<&str>) -> Result<Vec<ConsoleCoupon>, StoreError> {
        let mut conn = self.conn()?;
        let mut q = coupons::table
            .order(coupons::code)
            .select(CouponRecord::as_select())
            .into_boxed();
        if let Some(brand) = brand {
            q = q.filter(coupons::brand_id.eq(brand));
        }
        let records = q.load(&mut conn)?;
        Ok(complete(&mut conn, records)?)
    }

    /// The coupon `id` as the console shows it.
    pub fn console_coupon(&self, id: &str) -> Result<Option<ConsoleCoupon>, StoreError> {
        let mut conn = self.conn()?;
        Ok(load_console_coupon(&mut conn, id)?)
    }
}

impl CouponRecord {
    /// The validity window as set: `None` for an open end (stored as the far ends the columns
    /// allow).
    pub fn window(&self) -> (Option<chrono::NaiveDateTime>, Option<chrono::NaiveDateTime>) {
        let from = (self.valid_from != crate::coupons::OPEN_START).then_some(self.valid_from);
        let until = (self.valid_until != crate::coupons::OPEN_END).then_some(self.valid_until);
        (from, until)
    }
}

/// Why a coupon write wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum CouponWriteError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A taken code or an unknown brand.
    #[error("coupon refused: {0:?}")]
    Refused(CouponRefusal),
    /// Ids that are not products of the coupon's brand.
    #[error("not products of the coupon's brand: {0:?}")]
    UnknownProducts(Vec<String>),
    /// No coupon has the id (or it is not of the brand the edit is limited to).
    #[error("no such coupon")]
    NotFound,
    /// The coupon is no longer at the version the edit read: it is now this.
    #[error("the coupon changed since it was read")]
    Stale(Box<ConsoleCoupon>),
    /// The edit's rules refused the new terms, by field.
    #[error("invalid coupon")]
    Invalid(BTreeMap<String, String>),
}

impl From<DieselError> for CouponWriteError {
    fn from(e: DieselError) -> Self {
        Self::Store(e.into())
    }
}

/// What an edit changes: the coupon `id` at `expected`, limited to the coupon of `brand` when
/// given (a brand user's own), its products set to `products` when given.
#[derive(Clone, Copy, Debug)]
pub struct CouponEdit<'a> {
    pub id: &'a str,
    pub brand: Option<&'a str>,
    pub expected: i64,
    pub products: Option<&'a [String]>,
}

/// Notes the feed rows of a coupon write: one for the coupon (everything reloads), one per
/// product whose assignment changed.
fn note_changes(
    conn: &mut DbConnection,
    changed: &[String],
    now: chrono::NaiveDateTime,
) -> QueryResult<()> {
    crate::note_catalogue_change(conn, None, now)?;
    for product in changed {
        crate::note_catalogue_change(conn, Some(product), now)?;
    }
    Ok(())
}

fn assign(
    conn: &mut DbConnection,
    record: &CouponRecord,
    products: &[String],
) -> Result<Vec<String>, CouponWriteError> {
    let brand = record.brand_id.as_ref().map(|b| b.as_str());
    let assignment = assign_coupon_products(conn, &record.id, brand, products)?;
    if assignment.unknown.is_empty() {
        Ok(assignment.changed)
    } else {
        Err(CouponWriteError::UnknownProducts(assignment.unknown))
    }
}

impl Store {
    /// Creates the coupon `record` assigned to `products` (of its brand), with its feed rows
    /// and the audit row `audit` makes of the coupon as written, in one transaction.
    pub fn create_console_coupon(
        &self,
        record: &CouponRecord,
        products: &[String],
        now: chrono::NaiveDateTime,
        audit: impl FnOnce(&ConsoleCoupon) -> crate::NewAudit,
    ) -> Result<ConsoleCoupon, CouponWriteError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            insert_coupon(conn, record)?.map_err(CouponWriteError::Refused)?;
            let changed = assign(conn, record, products)?;
            note_changes(conn, &changed, now)?;
            let written =
                load_console_coupon(conn, &record.id)?.ok_or(CouponWriteError::NotFound)?;
            crate::write_audit(conn, &audit(&written))?;
            Ok(written)
        })
    }

    /// Edits a coupon in one transaction: claims it at `edit.expected` (stale: the coupon now),
    /// writes the terms `terms` makes of the coupon as read (its refusal by field writes
    /// nothing), sets its products when asked, notes the feed rows and writes the audit row
    /// `audit` makes of the coupon before and after.
    pub fn edit_console_coupon(
        &self,
        edit: CouponEdit<'_>,
        now: chrono::NaiveDateTime,
        terms: impl FnOnce(&ConsoleCoupon) -> Result<CouponRecord, BTreeMap<String, String>>,
        audit: impl FnOnce(&ConsoleCoupon, &ConsoleCoupon) -> crate::NewAudit,
    ) -> Result<ConsoleCoupon, CouponWriteError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            if !claim_coupon_edit(conn, edit.id, edit.brand, edit.expected)? {
                let current = load_console_coupon(conn, edit.id)?
                    .filter(|c| {
                        edit.brand.is_none_or(|b| {
                            c.record
                                .brand_id
                                .as_ref()
                                .is_some_and(|own| own.as_str() == b)
                        })
                    })
                    .ok_or(CouponWriteError::NotFound)?;
                return Err(CouponWriteError::Stale(Box::new(current)));
            }
            let mut before =
                load_console_coupon(conn, edit.id)?.ok_or(CouponWriteError::NotFound)?;
            before.record.version = edit.expected;
            let mut record = terms(&before).map_err(CouponWriteError::Invalid)?;
            record.id = before.record.id.clone();
            record.brand_id = before.record.brand_id.clone();
            update_coupon_terms(conn, &record)?.map_err(CouponWriteError::Refused)?;
            let changed = match edit.products {
                Some(products) => assign(conn, &record, products)?,
                None => Vec::new(),
            };
            note_changes(conn, &changed, now)?;
            let after = load_console_coupon(conn, edit.id)?.ok_or(CouponWriteError::NotFound)?;
            crate::write_audit(conn, &audit(&before, &after))?;
            Ok(after)
        })
    }
}
