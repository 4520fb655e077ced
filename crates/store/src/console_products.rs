//! The brand console's product writes and reads: a brand's products as its team sees them
//! (archived and switched-off ones too), created, edited, restocked and archived.
//!
//! Every write runs in one transaction with its change-feed entry (every process reloads that
//! product) and its audit row. Edits are conditional on the version the editor read
//! (`UPDATE ... WHERE version = expected`), so of two racing edits one wins and the other is
//! told the product moved on. Stock is set size by size with one `UPDATE` each, never deleted
//! and re-inserted: a checkout's conditional decrement on the same row is serialised with it by
//! the database, so units are neither lost nor sold twice.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::audit::{NewAudit, write_audit};
use crate::db::DbConnection;
use crate::ids::{BrandId, CategoryId, ProductId};
use crate::products::{IDS_PER_QUERY, ProductRecord, Specifications, products_in};
use crate::schema::{product_categories, product_stock, product_tags, products};
use crate::{Store, StoreError, note_catalogue_change};

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// A product as the console shows it: the record and its images with their variants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConsoleProduct {
    pub record: ProductRecord,
    /// In display order, as `record.images`.
    pub image_set: Vec<crate::ImageRef>,
}

/// The order of a console product list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProductSort {
    #[default]
    Newest,
    Oldest,
    /// By name, A to Z.
    Name,
    /// By list price, lowest first.
    PriceLow,
    PriceHigh,
}

/// Which products a console list shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProductQuery {
    /// One brand's; `None`: every brand's (an admin's list).
    pub brand_id: Option<String>,
    /// Archived products instead of the others.
    pub archived: bool,
    /// Text the name or a tag contains, ignoring case; blank: any.
    pub search: Option<String>,
    pub sort: ProductSort,
    pub offset: i64,
    pub limit: i64,
}

/// What a console write sets on a product: its columns and lists, whole (an edit merges the
/// patch into the product it read first). Stock is not here: see [`NewProduct::stock`] and
/// [`ProductEdit::stock`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductContent {
    pub name: String,
    pub description: String,
    /// "male", "female" or "unisex".
    pub gender: String,
    pub price_paise: i64,
    pub offer_percentage: i32,
    pub colour: String,
    pub specifications: Specifications,
    /// A coupon of the product's brand.
    pub assigned_coupon_id: Option<String>,
    pub is_active: bool,
    /// In display order.
    pub category_ids: Vec<CategoryId>,
    pub tags: Vec<String>,
    /// In display order.
    pub sizes: Vec<String>,
}

/// A product to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewProduct {
    pub id: ProductId,
    pub brand_id: BrandId,
    pub created_at: NaiveDateTime,
    pub content: ProductContent,
    /// Units on sale per size; a size of `content.sizes` not named starts at 0.
    pub stock: Vec<(String, u32)>,
}

/// An edit of a product: its content after the edit, the units to set, and whether it is
/// archived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductEdit {
    pub content: ProductContent,
    /// Units to set on sale for these sizes (each among `content.sizes`). A size kept and not
    /// named keeps its units (a checkout may be taking some now); a new size not named starts
    /// at 0; a size dropped is deleted.
    pub stock: Vec<(String, u32)>,
    /// `Some(Some(at))` archives, `Some(None)` restores, `None` leaves it.
    pub archived_at: Option<Option<NaiveDateTime>>,
}

/// How an edit went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edited {
    /// Written: the product now.
    Done(ConsoleProduct),
    /// No such product (within the brand asked).
    Missing,
    /// The product is no longer at the version the edit read: the product now.
    Stale(ConsoleProduct),
    /// A stock write named a size the product does not come in.
    UnknownSize(String),
}

/// Why a write transaction stopped early (rolled back), or failed.
enum Stop {
    Store(StoreError),
    Missing,
    Stale(Box<ConsoleProduct>),
    UnknownSize(String),
}

impl From<diesel::result::Error> for Stop {
    fn from(e: diesel::result::Error) -> Self {
        Stop::Store(e.into())
    }
}

impl From<StoreError> for Stop {
    fn from(e: StoreError) -> Self {
        Stop::Store(e)
    }
}

impl Stop {
    fn into_edited(self) -> Result<Edited, StoreError> {
        match self {
            Stop::Store(e) => Err(e),
            Stop::Missing => Ok(Edited::Missing),
            Stop::Stale(now) => Ok(Edited::Stale(*now)),
            Stop::UnknownSize(size) => Ok(Edited::UnknownSize(size)),
        }
    }
}

/// The products with these ids (any number), with their images, on `conn`.
pub fn console_products_in(
    conn: &mut DbConnection,
    ids: &[&str],
) -> Result<Vec<ConsoleProduct>, StoreError> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(IDS_PER_QUERY) {
        let records = products_in(conn, chunk)?;
        for record in records {
            out.push(ConsoleProduct {
                image_set: record.image_refs.clone(),
                record,
            });
        }
    }
    Ok(out)
}

/// One product with its images, on `conn`.
pub fn console_product_in(
    conn: &mut DbConnection,
    id: &str,
) -> Result<Option<ConsoleProduct>, StoreError> {
    Ok(console_products_in(conn, &[id])?.pop())
}

/// Inserts `new` (its row, categories, tags and stock) and notes it in the change feed.
pub fn insert_product(
    conn: &mut DbConnection,
    new: &NewProduct,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let c = &new.content;
    diesel::insert_into(products::table)
        .values((
            products::id.eq(&new.id),
            products::name.eq(&c.name),
            products::description.eq(&c.description),
            products::brand_id.eq(&new.brand_id),
            products::gender.eq(&c.gender),
            products::price_paise.eq(c.price_paise),
            products::offer_percentage.eq(c.offer_percentage),
            products::currency.eq("INR"),
            products::colour.eq(&c.colour),
            products::pattern.eq(&c.specifications.pattern),
            products::length.eq(&c.specifications.length),
            products::fabric.eq(&c.specifications.fabric),
            products::sleeve_length.eq(&c.specifications.sleeve_length),
            products::fit.eq(&c.specifications.fit),
            products::distress.eq(&c.specifications.distress),
            products::assigned_coupon_id.eq(&c.assigned_coupon_id),
            products::created_at.eq(new.created_at),
            products::version.eq(1_i64),
            products::is_active.eq(c.is_active),
            products::archived_at.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)?;
    replace_lists(conn, &new.id, c)?;
    for (position, size) in c.sizes.iter().enumerate() {
        let units = units_for(&new.stock, size).unwrap_or(0);
        diesel::insert_into(product_stock::table)
            .values((
                product_stock::product_id.eq(&new.id),
                product_stock::size.eq(size),
                product_stock::position.eq(position as i32),
                product_stock::quantity.eq(units as i32),
            ))
            .execute(conn)?;
    }
    note_catalogue_change(conn, Some(&new.id), now)
}

fn units_for(stock: &[(String, u32)], size: &str) -> Option<u32> {
    stock.iter().find(|(s, _)| s == size).map(|(_, u)| *u)
}

/// Replaces a product's categories and tags.
fn replace_lists(conn: &mut DbConnection, id: &str, c: &ProductContent) -> QueryResult<()> {
    diesel::delete(product_categories::table.filter(product_categories::product_id.eq(id)))
        .execute(conn)?;
    for (position, category) in c.category_ids.iter().enumerate() {
        diesel::insert_into(product_categories::table)
            .values((
                product_categories::product_id.eq(id),
                product_categories::category_id.eq(category),
                product_categories::position.eq(position as i32),
            ))
            .execute(conn)?;
    }
    diesel::delete(product_tags::table.filter(product_tags::product_id.eq(id))).execute(conn)?;
    for (position, tag) in c.tags.iter().enumerate() {
        diesel::insert_into(product_tags::table)
            .values((
                product_tags::product_id.eq(id),
                product_tags::position.eq(position as i32),
                product_tags::tag.eq(tag),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Applies `edit` to product `id` if it is still at `expected_version`, bumping the version
/// and noting the change; `false` (nothing written) when it is not (or does not exist).
pub fn edit_product(
    conn: &mut DbConnection,
    id: &str,
    expected_version: i64,
    edit: &ProductEdit,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let c = &edit.content;
    let row = products::table
        .filter(products::id.eq(id))
        .filter(products::version.eq(expected_version));
    let written = diesel::update(row)
        .set((
            products::name.eq(&c.name),
            products::description.eq(&c.description),
            products::gender.eq(&c.gender),
            products::price_paise.eq(c.price_paise),
            products::offer_percentage.eq(c.offer_percentage),
            products::colour.eq(&c.colour),
            products::pattern.eq(&c.specifications.pattern),
            products::length.eq(&c.specifications.length),
            products::fabric.eq(&c.specifications.fabric),
            products::sleeve_length.eq(&c.specifications.sleeve_length),
            products::fit.eq(&c.specifications.fit),
            products::distress.eq(&c.specifications.distress),
            products::assigned_coupon_id.eq(&c.assigned_coupon_id),
            products::is_active.eq(c.is_active),
            products::version.eq(expected_version + 1),
        ))
        .execute(conn)?;
    if written == 0 {
        return Ok(false);
    }
    if let Some(archived_at) = edit.archived_at {
        diesel::update(products::table.filter(products::id.eq(id)))
            .set(products::archived_at.eq(archived_at))
            .execute(conn)?;
    }
    replace_lists(conn, id, c)?;
    crate::brand_events::stock_set(conn, id, &edit.stock, now)?;
    diesel::delete(
        product_stock::table
            .filter(product_stock::product_id.eq(id))
            .filter(product_stock::size.ne_all(&c.sizes)),
    )
    .execute(conn)?;
    for (position, size) in c.sizes.iter().enumerate() {
        let row = product_stock::table
            .filter(product_stock::product_id.eq(id))
            .filter(product_stock::size.eq(size));
        let kept = match units_for(&edit.stock, size) {
            Some(units) => diesel::update(row)
                .set((
                    product_stock::position.eq(position as i32),
                    product_stock::quantity.eq(units as i32),
                ))
                .execute(conn)?,
            None => diesel::update(row)
                .set(product_stock::position.eq(position as i32))
                .execute(conn)?,
        };
        if kept == 0 {
            diesel::insert_into(product_stock::table)
                .values((
                    product_stock::product_id.eq(id),
                    product_stock::size.eq(size),
                    product_stock::position.eq(position as i32),
                    product_stock::quantity.eq(units_for(&edit.stock, size).unwrap_or(0) as i32),
                ))
                .execute(conn)?;
        }
    }
    note_catalogue_change(conn, Some(id), now)?;
    Ok(true)
}

/// Reads product `id` inside the transaction, within `brand` when one is given.
fn read_within(
    conn: &mut DbConnection,
    id: &str,
    brand: Option<&str>,
) -> Result<ConsoleProduct, Stop> {
    match console_product_in(conn, id)? {
        Some(p) if brand.is_none_or(|b| p.record.brand.id.as_str() == b) => Ok(p),
        _ => Err(Stop::Missing),
    }
}

impl Store {
    /// A page of a console product list, and how many match in all.
    pub fn console_products(
        &self,
        query: &ProductQuery,
    ) -> Result<(Vec<ConsoleProduct>, i64), StoreError> {
        let mut conn = self.conn()?;
        let pattern = query
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                let escaped = s
                    .to_lowercase()
                    .replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_");
                format!("%{escaped}%")
            });
        let filtered = || {
            let mut q = products::table.into_boxed();
            if let Some(brand) = &query.brand_id {
                q = q.filter(products::brand_id.eq(brand.clone()));
            }
            q = if query.archived {
                q.filter(products::archived_at.is_not_null())
            } else {
                q.filter(products::archived_at.is_null())
            };
            if let Some(pattern) = &pattern {
                let named = lower(products::name).like(pattern.clone()).escape('\\');
                let tag = lower(product_tags::tag).like(pattern.clone()).escape('\\');
                q = match &query.brand_id {
                    // Tags of the brand's products only: the brand's index narrows the scan.
                    Some(brand) => {
                        let owned = diesel::alias!(products as owned);
                        let brand_products = owned
                            .filter(owned.field(products::brand_id).eq(brand.clone()))
                            .select(owned.field(products::id));
                        q.filter(
                            named.or(products::id.eq_any(
                                product_tags::table
                                    .filter(product_tags::product_id.eq_any(brand_products))
                                    .filter(tag)
                                    .select(product_tags::product_id),
                            )),
                        )
                    }
                    None => q.filter(
                        named.or(products::id.eq_any(
                            product_tags::table
                                .filter(tag)
                                .select(product_tags::product_id),
                        )),
                    ),
                };
            }
            q
        };
        let total: i64 = filtered().count().get_result(&mut conn)?;
        let page = filtered().select(products::id);
        let page = match query.sort {
            ProductSort::Newest => page.order((products::created_at.desc(), products::id.desc())),
            ProductSort::Oldest => page.order((products::created_at.asc(), products::id.asc())),
            ProductSort::Name => page.order((lower(products::name).asc(), products::id.asc())),
            ProductSort::PriceLow => page.order((products::price_paise.asc(), products::id.asc())),
            ProductSort::PriceHigh => {
                page.order((products::price_paise.desc(), products::id.desc()))
            }
        };
        let ids: Vec<String> = page
            .offset(query.offset)
            .limit(query.limit)
            .load(&mut conn)?;
        let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
        let mut found = console_products_in(&mut conn, &refs)?;
        found.sort_by_key(|p| ids.iter().position(|id| *id == p.record.id.as_str()));
        Ok((found, total))
    }

    /// One product as the console shows it, whatever its state.
    pub fn console_product(&self, id: &str) -> Result<Option<ConsoleProduct>, StoreError> {
        let mut conn = self.conn()?;
        console_product_in(&mut conn, id)
    }

    /// Creates `products` in one transaction, each with its change-feed entry and the audit
    /// row `audit` makes of it as created; all or none.
    pub fn create_products(
        &self,
        products: &[NewProduct],
        now: NaiveDateTime,
        audit: impl Fn(&ConsoleProduct) -> NewAudit,
    ) -> Result<Vec<ConsoleProduct>, StoreError> {
        self.in_transaction(|conn| {
            let mut created = Vec::with_capacity(products.len());
            for new in products {
                insert_product(conn, new, now)?;
                let product = console_product_in(conn, &new.id)?
                    .ok_or(StoreError::Query(diesel::result::Error::NotFound))?;
                write_audit(conn, &audit(&product))?;
                created.push(product);
            }
            Ok(created)
        })
    }

    /// Creates one product, as [`Store::create_products`].
    pub fn create_product(
        &self,
        product: &NewProduct,
        now: NaiveDateTime,
        audit: impl Fn(&ConsoleProduct) -> NewAudit,
    ) -> Result<ConsoleProduct, StoreError> {
        self.create_products(std::slice::from_ref(product), now, audit)?
            .pop()
            .ok_or(StoreError::Query(diesel::result::Error::NotFound))
    }

    /// Edits product `id` (of `brand`, when given) in one transaction with its change-feed
    /// entry and the audit row `audit(before, after)` makes. `expected_version` is the version
    /// the editor read; `None` edits whatever version is there now (still conditionally, so a
    /// write racing this one is never overwritten unseen).
    pub fn update_product(
        &self,
        id: &str,
        brand: Option<&str>,
        expected_version: Option<i64>,
        edit: &ProductEdit,
        now: NaiveDateTime,
        audit: impl FnOnce(&ConsoleProduct, &ConsoleProduct) -> NewAudit,
    ) -> Result<Edited, StoreError> {
        self.write_product(
            id,
            brand,
            |conn, before| update_in(conn, id, expected_version, before, edit, now),
            audit,
        )
    }

    /// Sets the units on sale of some sizes of product `id` (of `brand`, when given), one
    /// `UPDATE` per size, and bumps its version; a size it does not come in rolls the whole
    /// write back ([`Edited::UnknownSize`]).
    pub fn set_product_stock(
        &self,
        id: &str,
        brand: Option<&str>,
        stock: &[(String, u32)],
        now: NaiveDateTime,
        audit: impl FnOnce(&ConsoleProduct, &ConsoleProduct) -> NewAudit,
    ) -> Result<Edited, StoreError> {
        self.write_product(
            id,
            brand,
            |conn, _| {
                bump(conn, id)?;
                crate::brand_events::stock_set(conn, id, stock, now)?;
                for (size, units) in stock {
                    let set = diesel::update(
                        product_stock::table
                            .filter(product_stock::product_id.eq(id))
                            .filter(product_stock::size.eq(size)),
                    )
                    .set(product_stock::quantity.eq(*units as i32))
                    .execute(conn)?;
                    if set == 0 {
                        return Err(Stop::UnknownSize(size.clone()));
                    }
                }
                Ok(note_catalogue_change(conn, Some(id), now)?)
            },
            audit,
        )
    }

    /// Archives product `id` (of `brand`, when given): hidden from shoppers, kept by orders and
    /// bags; bumps its version. An archived product keeps the time it was first archived.
    pub fn archive_product(
        &self,
        id: &str,
        brand: Option<&str>,
        now: NaiveDateTime,
        audit: impl FnOnce(&ConsoleProduct, &ConsoleProduct) -> NewAudit,
    ) -> Result<Edited, StoreError> {
        self.write_product(
            id,
            brand,
            |conn, before| {
                bump(conn, id)?;
                diesel::update(products::table.filter(products::id.eq(id)))
                    .set(products::archived_at.eq(before.record.archived_at.unwrap_or(now)))
                    .execute(conn)?;
                Ok(note_catalogue_change(conn, Some(id), now)?)
            },
            audit,
        )
    }

    /// In one transaction: reads product `id` (of `brand`, when given), runs `write` on it,
    /// reads it again and writes the audit row `audit(before, after)`.
    fn write_product(
        &self,
        id: &str,
        brand: Option<&str>,
        write: impl FnOnce(&mut DbConnection, &ConsoleProduct) -> Result<(), Stop>,
        audit: impl FnOnce(&ConsoleProduct, &ConsoleProduct) -> NewAudit,
    ) -> Result<Edited, StoreError> {
        match self.in_transaction(|conn| write_in(conn, id, brand, write, audit)) {
            Ok(after) => Ok(Edited::Done(after)),
            Err(stop) => stop.into_edited(),
        }
    }

    /// Creates `new` and applies `updates` in one transaction, all or nothing (an import), each
    /// write with its change-feed entry and its audit row (`audit_created(product)`,
    /// `audit_updated(before, after)`). When an update finds its product missing (or another
    /// brand's) or stale, nothing is written and `Ok(Err(refused))` says which.
    pub fn save_products(
        &self,
        new: &[NewProduct],
        updates: &[ProductUpdate],
        now: NaiveDateTime,
        audit_created: impl Fn(&ConsoleProduct) -> NewAudit,
        audit_updated: impl Fn(&ConsoleProduct, &ConsoleProduct) -> NewAudit,
    ) -> Result<Result<Saved, Refused>, StoreError> {
        let outcome = self.in_transaction(|conn| {
            let mut saved = Saved::default();
            for product in new {
                insert_product(conn, product, now)?;
                let created = console_product_in(conn, &product.id)?
                    .ok_or(StoreError::Query(diesel::result::Error::NotFound))?;
                write_audit(conn, &audit_created(&created))?;
                saved.created.push(created);
            }
            for (at, update) in updates.iter().enumerate() {
                let after = write_in(
                    conn,
                    &update.id,
                    update.brand.as_deref(),
                    |conn, before| {
                        update_in(
                            conn,
                            &update.id,
                            update.expected_version,
                            before,
                            &update.edit,
                            now,
                        )
                    },
                    &audit_updated,
                )
                .map_err(|stop| BatchStop::At(at, stop))?;
                saved.updated.push(after);
            }
            Ok::<_, BatchStop>(saved)
        });
        match outcome {
            Ok(saved) => Ok(Ok(saved)),
            Err(BatchStop::Store(e)) => Err(e),
            Err(BatchStop::At(at, stop)) => stop.into_edited().map(|edited| {
                Err(Refused {
                    at,
                    outcome: Box::new(edited),
                })
            }),
        }
    }
}

/// An edit of one product of a batch ([`Store::save_products`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductUpdate {
    pub id: ProductId,
    /// The brand it must be of; `None`: any (an admin's).
    pub brand: Option<String>,
    /// The version the edit read; `None`: the one there now.
    pub expected_version: Option<i64>,
    pub edit: ProductEdit,
}

/// The update that stopped a batch: its index in the updates, and how it went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub at: usize,
    pub outcome: Box<Edited>,
}

/// What a batch wrote, each product as it is after.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Saved {
    pub created: Vec<ConsoleProduct>,
    pub updated: Vec<ConsoleProduct>,
}

/// Why a batch stopped: a store failure, or a product's write (by its index).
enum BatchStop {
    Store(StoreError),
    At(usize, Stop),
}

impl From<diesel::result::Error> for BatchStop {
    fn from(e: diesel::result::Error) -> Self {
        BatchStop::Store(e.into())
    }
}

impl From<StoreError> for BatchStop {
    fn from(e: StoreError) -> Self {
        BatchStop::Store(e)
    }
}

/// Inside the caller's transaction: takes product `id`'s write lock, reads it (of `brand`,
/// when given), runs `write` on it, reads it again and writes the audit row `audit(before,
/// after)`; the product after.
fn write_in(
    conn: &mut DbConnection,
    id: &str,
    brand: Option<&str>,
    write: impl FnOnce(&mut DbConnection, &ConsoleProduct) -> Result<(), Stop>,
    audit: impl FnOnce(&ConsoleProduct, &ConsoleProduct) -> NewAudit,
) -> Result<ConsoleProduct, Stop> {
    // A write first: PostgreSQL locks the product's row and SQLite takes its write lock, so a
    // racing write of the same product waits here and then reads what this one wrote (a read
    // first would let both read, and SQLite refuse the second's upgrade to a write).
    let touched = diesel::update(products::table.filter(products::id.eq(id)))
        .set(products::version.eq(products::version))
        .execute(conn)?;
    if touched == 0 {
        return Err(Stop::Missing);
    }
    let before = read_within(conn, id, brand)?;
    write(conn, &before)?;
    let after = read_within(conn, id, None)?;
    write_audit(conn, &audit(&before, &after))?;
    Ok(after)
}

/// [`edit_product`] at the version the editor read (`expected`, or the one there now), or
/// [`Stop::Stale`] with the product as it is.
fn update_in(
    conn: &mut DbConnection,
    id: &str,
    expected: Option<i64>,
    before: &ConsoleProduct,
    edit: &ProductEdit,
    now: NaiveDateTime,
) -> Result<(), Stop> {
    let expected = expected.unwrap_or(before.record.version);
    if expected == before.record.version && edit_product(conn, id, expected, edit, now)? {
        return Ok(());
    }
    Err(Stop::Stale(Box::new(read_within(conn, id, None)?)))
}

/// Bumps product `id`'s version (locking its row until the transaction ends).
fn bump(conn: &mut DbConnection, id: &str) -> Result<(), Stop> {
    let bumped = diesel::update(products::table.filter(products::id.eq(id)))
        .set(products::version.eq(products::version + 1))
        .execute(conn)?;
    if bumped == 0 {
        return Err(Stop::Missing);
    }
    Ok(())
}

/// The records a product write names, as stored now: its brand, the categories that exist of
/// those asked, and the coupon asked (whatever its brand: the caller checks).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProductReferences {
    pub brand: Option<crate::BrandRecord>,
    pub categories: Vec<crate::CategoryRecord>,
    pub coupon: Option<crate::CouponRecord>,
}

impl Store {
    /// The brand, categories and coupon a product write names.
    pub fn product_references(
        &self,
        brand_id: &str,
        category_ids: &[String],
        coupon_id: Option<&str>,
    ) -> Result<ProductReferences, StoreError> {
        use crate::schema::{brands, categories, coupons};
        let mut conn = self.conn()?;
        let brand = brands::table
            .filter(brands::id.eq(brand_id))
            .select(crate::BrandRecord::as_select())
            .first(&mut conn)
            .optional()?;
        let categories = categories::table
            .filter(categories::id.eq_any(category_ids))
            .select(crate::CategoryRecord::as_select())
            .load(&mut conn)?;
        let coupon = match coupon_id {
            Some(id) => coupons::table
                .filter(coupons::id.eq(id))
                .select(crate::CouponRecord::as_select())
                .first(&mut conn)
                .optional()?,
            None => None,
        };
        Ok(ProductReferences {
            brand,
            categories,
            coupon,
        })
    }
}
