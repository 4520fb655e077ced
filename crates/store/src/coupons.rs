//! Coupons by code with their usage, and the claim of one use when an order is placed. Whether
//! a coupon applies is the pricing crate's question; this module counts and keeps the limits
//! atomic.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use diesel::prelude::*;
use pricing::{CouponCode, CouponDiscount, Money, Percent};

use crate::ids::{BrandId, OrderId, UserId};
use crate::products::CouponRecord;
use crate::schema::{coupon_uses, coupons};
use crate::{DbConnection, Store, StoreError};

/// The first instant a coupon without a start is stored with (the column has no open end).
pub(crate) const OPEN_START: NaiveDateTime = midnight(1970, 1, 1);

/// The last instant a coupon without an end is stored with: the last day the column's range
/// shares on both backends.
pub(crate) const OPEN_END: NaiveDateTime = midnight(9999, 12, 31);

const fn midnight(year: i32, month: u32, day: u32) -> NaiveDateTime {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(day) => day.and_time(NaiveTime::MIN),
        None => NaiveDateTime::MIN,
    }
}

impl CouponRecord {
    /// The row of a coupon `id` titled `title` with `terms`, used by no order yet.
    pub fn new(id: &str, title: &str, terms: &pricing::Coupon) -> Self {
        let (discount_value, max_discount_paise) = match terms.discount {
            CouponDiscount::Percentage {
                percent,
                max_discount,
            } => (
                // A percentage with a fraction has no column; the rules' own coupons are whole.
                percent.whole().map_or(0, i64::from),
                max_discount.map(Money::paise),
            ),
            CouponDiscount::Fixed(amount) => (amount.paise(), None),
        };
        Self {
            id: id.to_owned(),
            title: title.to_owned(),
            code: terms.code.as_str().to_owned(),
            discount_type: terms.discount.discount_type().as_str().to_owned(),
            discount_value,
            max_discount_paise,
            min_order_paise: terms.min_order_value.paise(),
            is_active: terms.is_active,
            valid_from: terms.valid_from.map_or(OPEN_START, |at| at.naive_utc()),
            valid_until: terms.valid_until.map_or(OPEN_END, |at| at.naive_utc()),
            brand_id: terms.brand_id.clone().map(BrandId::from),
            usage_limit: terms.usage_limit.map(i64::from),
            usage_limit_per_user: terms.usage_limit_per_user.map(i64::from),
            times_used: 0,
            version: 1,
        }
    }

    /// The stored coupon as the pricing rules read it; `None` when the row breaks a rule (a
    /// code that does not parse, a percentage above 100), which makes the coupon unusable,
    /// not the answer fail.
    pub fn terms(&self) -> Option<pricing::Coupon> {
        let discount = match self.discount_type.as_str() {
            "percentage" => CouponDiscount::Percentage {
                percent: Percent::from_whole(u8::try_from(self.discount_value).ok()?).ok()?,
                max_discount: self.max_discount_paise.map(Money::from_paise),
            },
            "fixed" => CouponDiscount::Fixed(Money::from_paise(self.discount_value)),
            _ => return None,
        };
        Some(pricing::Coupon {
            code: CouponCode::parse(&self.code).ok()?,
            discount,
            min_order_value: Money::from_paise(self.min_order_paise),
            is_active: self.is_active,
            valid_from: Some(self.valid_from.and_utc()),
            valid_until: Some(self.valid_until.and_utc()),
            brand_id: self.brand_id.clone().map(String::from),
            // A negative limit breaks the table's CHECK: unusable, like the other broken rows.
            usage_limit: self.usage_limit.map(u32::try_from).transpose().ok()?,
            usage_limit_per_user: self
                .usage_limit_per_user
                .map(u32::try_from)
                .transpose()
                .ok()?,
        })
    }
}

/// What [`claim_coupon_use`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponClaim {
    /// The use was counted.
    Claimed,
    /// This order had already claimed this coupon: nothing more was counted (a retried
    /// placement).
    AlreadyClaimed,
    /// The coupon has been used `usage_limit` times; nothing was written.
    Exhausted,
    /// The shopper has used the coupon `usage_limit_per_user` times; nothing was written.
    UsedByShopper,
    /// No coupon has that id; nothing was written.
    UnknownCoupon,
}

/// Why a claim wrote nothing: its savepoint is rolled back.
enum Undo {
    Outcome(CouponClaim),
    Query(diesel::result::Error),
}

impl From<diesel::result::Error> for Undo {
    fn from(e: diesel::result::Error) -> Self {
        Undo::Query(e)
    }
}

fn shopper_uses(conn: &mut DbConnection, coupon_id: &str, user_id: &UserId) -> QueryResult<i64> {
    coupon_uses::table
        .filter(coupon_uses::coupon_id.eq(coupon_id))
        .filter(coupon_uses::user_id.eq(user_id))
        .count()
        .get_result(conn)
}

fn claimed_by(conn: &mut DbConnection, coupon_id: &str, order_id: &OrderId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        coupon_uses::table
            .filter(coupon_uses::coupon_id.eq(coupon_id))
            .filter(coupon_uses::order_id.eq(order_id)),
    ))
    .get_result(conn)
}

/// Counts one use of a coupon by `user_id` for `order_id`, or says why not; call it inside the
/// order placement's transaction on `conn`, so that the use stands or falls with the order.
///
/// It runs in a savepoint of the caller's transaction (a transaction of its own when there is
/// none), and a refusal rolls its savepoint back: nothing is written and the caller's
/// transaction carries on, free to roll back the order.
///
/// How the limits hold under concurrent checkouts:
///
/// - The first statement is the conditional `UPDATE coupons SET times_used = times_used + 1
///   WHERE id = ? AND (usage_limit IS NULL OR times_used < usage_limit)`. A database checks
///   and increments in one step, so however many claims race, at most `usage_limit` of them
///   update a row; the others update none and are [`CouponClaim::Exhausted`].
/// - That `UPDATE` also locks the coupon until the caller's transaction ends (PostgreSQL's row
///   lock; SQLite's write lock, which is why it must come first: an SQLite transaction that
///   read before writing could fail to upgrade). Counting the shopper's uses and inserting
///   into `coupon_uses` therefore happen with no other claim of this coupon in between, so
///   the per-shopper limit holds too. The order placement also holds the shopper's own row
///   lock for its whole transaction, which keeps one shopper's checkouts in single file
///   whatever coupon they use; this function relies only on the coupon's lock.
/// - `coupon_uses`' key (coupon, order) makes a retried placement of the same order
///   [`CouponClaim::AlreadyClaimed`], counted once.
pub fn claim_coupon_use(
    conn: &mut DbConnection,
    coupon_id: &str,
    user_id: &UserId,
    order_id: &OrderId,
    now: DateTime<Utc>,
) -> Result<CouponClaim, StoreError> {
    Ok(claim(conn, coupon_id, user_id, order_id, now)?)
}

/// [`claim_coupon_use`] for this crate's own transactions.
pub(crate) fn claim(
    conn: &mut DbConnection,
    coupon_id: &str,
    user_id: &UserId,
    order_id: &OrderId,
    now: DateTime<Utc>,
) -> QueryResult<CouponClaim> {
    let outcome = conn.transaction(|conn| {
        let counted = diesel::update(
            coupons::table.filter(coupons::id.eq(coupon_id)).filter(
                coupons::usage_limit
                    .is_null()
                    .or(coupons::times_used.lt(coupons::usage_limit.assume_not_null())),
            ),
        )
        .set(coupons::times_used.eq(coupons::times_used + 1))
        .execute(conn)?;
        if counted == 0 {
            let known: Option<String> = coupons::table
                .filter(coupons::id.eq(coupon_id))
                .select(coupons::id)
                .first(conn)
                .optional()?;
            let outcome = if known.is_none() {
                CouponClaim::UnknownCoupon
            } else if claimed_by(conn, coupon_id, order_id)? {
                CouponClaim::AlreadyClaimed
            } else {
                CouponClaim::Exhausted
            };
            return Err(Undo::Outcome(outcome));
        }
        if claimed_by(conn, coupon_id, order_id)? {
            return Err(Undo::Outcome(CouponClaim::AlreadyClaimed));
        }
        let per_user: Option<i64> = coupons::table
            .filter(coupons::id.eq(coupon_id))
            .select(coupons::usage_limit_per_user)
            .first(conn)?;
        if let Some(limit) = per_user
            && shopper_uses(conn, coupon_id, user_id)? >= limit
        {
            return Err(Undo::Outcome(CouponClaim::UsedByShopper));
        }
        diesel::insert_into(coupon_uses::table)
            .values((
                coupon_uses::coupon_id.eq(coupon_id),
                coupon_uses::user_id.eq(user_id),
                coupon_uses::order_id.eq(order_id),
                coupon_uses::used_at.eq(now.naive_utc()),
            ))
            .execute(conn)?;
        Ok(CouponClaim::Claimed)
    });
    match outcome {
        Ok(claim) | Err(Undo::Outcome(claim)) => Ok(claim),
        Err(Undo::Query(e)) => Err(e),
    }
}

impl Store {
    /// The coupon with this code (trimmed and upper-cased here, as codes are stored), with the
    /// number of orders of `user_id` that used it. Its `times_used` is as read now; use
    /// [`claim_coupon_use`] to count a use.
    pub fn coupon_by_code(
        &self,
        code: &str,
        user_id: &UserId,
    ) -> Result<Option<(CouponRecord, i64)>, StoreError> {
        let code = code.trim().to_ascii_uppercase();
        let mut conn = self.conn()?;
        let Some(coupon) = coupons::table
            .filter(coupons::code.eq(&code))
            .select(CouponRecord::as_select())
            .first(&mut conn)
            .optional()?
        else {
            return Ok(None);
        };
        let uses = shopper_uses(&mut conn, &coupon.id, user_id)?;
        Ok(Some((coupon, uses)))
    }

    /// How many orders of `user_id` used each coupon, by coupon id (coupons never used by the
    /// shopper are absent).
    pub fn coupon_uses_of(&self, user_id: &UserId) -> Result<HashMap<String, i64>, StoreError> {
        let mut conn = self.conn()?;
        let rows: Vec<(String, i64)> = coupon_uses::table
            .filter(coupon_uses::user_id.eq(user_id))
            .group_by(coupon_uses::coupon_id)
            .select((coupon_uses::coupon_id, diesel::dsl::count_star()))
            .load(&mut conn)?;
        Ok(rows.into_iter().collect())
    }

    /// Every coupon, by code, with its usage as read now.
    pub fn coupons(&self) -> Result<Vec<CouponRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(coupons::table
            .order(coupons::code)
            .select(CouponRecord::as_select())
            .load(&mut conn)?)
    }

    /// Runs `work` in one transaction on one connection: committed when it answers `Ok`,
    /// rolled back when it answers `Err`. For work that spans repositories, such as an order
    /// placement that claims a coupon with [`claim_coupon_use`].
    pub fn in_transaction<T, E>(
        &self,
        work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<diesel::result::Error> + From<StoreError>,
    {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        conn.transaction(work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coupon_reads_back_with_the_terms_it_was_written_with() {
        let coupons = catalogue::generate(0).coupons;
        assert!(!coupons.is_empty());
        for coupon in &coupons {
            let row = CouponRecord::new(&coupon.id, &coupon.title, &coupon.terms);
            assert_eq!(row.terms().as_ref(), Some(&coupon.terms), "{}", coupon.id);
            assert_eq!((row.id.as_str(), row.times_used), (coupon.id.as_str(), 0));
        }
    }

    #[test]
    fn a_row_the_rules_cannot_read_is_no_coupon() {
        let coupons = catalogue::generate(0).coupons;
        let good = CouponRecord::new(&coupons[0].id, &coupons[0].title, &coupons[0].terms);
        let broken = [
            CouponRecord {
                discount_type: "bogof".into(),
                ..good.clone()
            },
            CouponRecord {
                code: " ".into(),
                ..good.clone()
            },
            CouponRecord {
                discount_type: "percentage".into(),
                discount_value: 101,
                ..good.clone()
            },
            CouponRecord {
                usage_limit: Some(-1),
                ..good.clone()
            },
        ];
        for row in broken {
            assert_eq!(row.terms(), None, "{row:?}");
        }
    }

    #[test]
    fn an_open_window_is_stored_between_far_ends() {
        let mut terms = catalogue::generate(0).coupons[0].terms.clone();
        terms.valid_from = None;
        terms.valid_until = None;
        let row = CouponRecord::new("c", "open", &terms);
        assert_eq!((row.valid_from, row.valid_until), (OPEN_START, OPEN_END));
        assert!(OPEN_START < OPEN_END);
    }
}
