//! A brand's figures (the brand console's insights): rollups by brand, product and day, kept in
//! the same transaction as what they count, and the reads the insights calls make of them.
//!
//! - A placed order (`note_order_placed`, from `place_order`) adds its total, one order and
//!   its units to its brand's day, each of its products' lines to that product's day, and its
//!   shopper to the brand's buyers (with the day of their first order) and that day's buyers.
//! - A completed refund (`note_refund`, after every write of a refund's status) adds the
//!   order's total to the brand's refunds on the day it completed, once per order (a row in
//!   `insight_refunds` says it was counted). Only placed orders count: a payment refunded
//!   because its reservation had lapsed was never revenue. Refunds are of whole orders (total
//!   with delivery and after discounts), so they are not split over products.
//! - A verdict (`SwipeDays`, from the swipe writer) adds a like or dislike to its product's
//!   day, the day it was swiped; an undo takes it back from that day, and a replaced verdict
//!   moves from its day to the new one. So the counts are the current verdicts, by the day of
//!   each.
//! - A bag change (`note_bag_adds`) counts one bag add per line (product and size) new in the
//!   bag; a quantity raised on a line already there is not a new add.
//! - A card the swipe feed serves counts one card shown, written with others about every
//!   second ([`Store::note_cards_shown`], from the API's in-memory count). The deck
//!   sends the ids it has shown, and the feed leaves those (and swiped products) out, so a
//!   shopper is served a card once per deck; a new deck (a reload) may serve it again.
//!
//! Days are India's (IST, UTC+5:30), stored as days since 1970-01-01. Every read is one index
//! range of one brand's (or one product's) days: a summary of 30 days reads 30 brand-day rows,
//! the brand's product-days of the period, and its buyer-days of the period with each buyer's
//! first day.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, NaiveDate, NaiveDateTime, TimeDelta, Utc};
use diesel::prelude::*;
use diesel::upsert::excluded;

use crate::db::DbConnection;
use crate::ids::OrderId;
use crate::orders::{Stage, StoredOrder};
use crate::schema::{
    insight_brand_days, insight_buyer_days, insight_buyer_gaps, insight_buyers,
    insight_product_days, insight_refunds, orders, product_images, product_stock, products,
};
use crate::{Store, StoreError};

/// India's offset from UTC.
const IST_OFFSET: TimeDelta = TimeDelta::minutes(5 * 60 + 30);

/// Rows per multi-row statement: well under both backends' bound-parameter limits.
const CHUNK: usize = 400;

/// The IST day of a UTC time, as days since 1970-01-01.
pub fn ist_day(at: NaiveDateTime) -> i64 {
    day_number((at + IST_OFFSET).date())
}

/// A date's day number (days since 1970-01-01).
pub fn day_number(date: NaiveDate) -> i64 {
    i64::from((date - NaiveDate::default()).num_days() as i32)
}

/// The date of a day number.
pub fn day_date(day: i64) -> NaiveDate {
    NaiveDate::default() + TimeDelta::days(day)
}

/// Today in India at `now`.
pub fn ist_today(now: DateTime<Utc>) -> NaiveDate {
    (now.naive_utc() + IST_OFFSET).date()
}

/// Changes to one product's day.
#[derive(Insertable, Clone, Debug, Default)]
#[diesel(table_name = insight_product_days)]
#[diesel(treat_none_as_default_value = false)]
pub struct ProductDayDelta {
    pub brand_id: String,
    pub day: i64,
    pub product_id: String,
    pub cards_shown: i64,
    pub likes: i64,
    pub dislikes: i64,
    pub bag_adds: i64,
    pub orders: i64,
    pub units: i64,
    pub revenue_paise: i64,
}

/// Changes to one brand's day.
#[derive(Insertable, Clone, Debug, Default)]
#[diesel(table_name = insight_brand_days)]
#[diesel(treat_none_as_default_value = false)]
pub struct BrandDayDelta {
    pub brand_id: String,
    pub day: i64,
    pub revenue_paise: i64,
    pub orders: i64,
    pub units: i64,
    pub refunds_paise: i64,
    pub refunds: i64,
    pub cards_shown: i64,
    pub likes: i64,
    pub dislikes: i64,
    pub bag_adds: i64,
    pub buyers: i64,
    pub new_buyers: i64,
}

/// Changes to the number of a brand's buyers whose purchase days have the gap
/// `prev_day`..`day` (consecutive days they bought).
#[derive(Insertable, Clone, Debug, Default)]
#[diesel(table_name = insight_buyer_gaps)]
#[diesel(treat_none_as_default_value = false)]
pub struct BuyerGapDelta {
    pub brand_id: String,
    pub prev_day: i64,
    pub day: i64,
    pub buyers: i64,
}

/// Adds `$rows` (deltas of `$table`'s Insertable) to the rollup `$table`: a row per key is
/// inserted, or its counts are added to the row that key already has. The rows are sorted by
/// `$sort` first, so two writers take rows in one order; each key at most once in `$rows`.
macro_rules! add_to_rollup {
    ($conn:expr, $table:ident, $rows:expr, sort: $order:expr,
     key: ($($key:ident),+), add: ($($count:ident),+)) => {{
        let rows = $rows;
        rows.sort_by($order);
        for chunk in rows.chunks(CHUNK) {
            // backend difference: none in the SQL; the connection's type differs.
            per_backend!($conn, |c| diesel::insert_into(crate::schema::$table::table)
                .values(chunk)
                .on_conflict(($(crate::schema::$table::$key),+))
                .do_update()
                .set(($(crate::schema::$table::$count.eq(
                    crate::schema::$table::$count + excluded(crate::schema::$table::$count)
                )),+))
                .execute(c))?;
        }
        QueryResult::Ok(())
    }};
}

/// Adds `rows` to the product-day rollup, and their swipe funnel to their brands' days.
pub fn add_product_days(conn: &mut DbConnection, rows: &mut [ProductDayDelta]) -> QueryResult<()> {
    let mut funnel: BTreeMap<(&str, i64), BrandDayDelta> = BTreeMap::new();
    for row in rows.iter() {
        if row.cards_shown == 0 && row.likes == 0 && row.dislikes == 0 && row.bag_adds == 0 {
            continue;
        }
        let day = funnel
            .entry((row.brand_id.as_str(), row.day))
            .or_insert_with(|| BrandDayDelta {
                brand_id: row.brand_id.clone(),
                day: row.day,
                ..BrandDayDelta::default()
            });
        day.cards_shown += row.cards_shown;
        day.likes += row.likes;
        day.dislikes += row.dislikes;
        day.bag_adds += row.bag_adds;
    }
    let mut funnel: Vec<BrandDayDelta> = funnel.into_values().collect();
    add_to_rollup!(conn, insight_product_days, &mut *rows,
        sort: |a, b| (&a.brand_id, a.day, &a.product_id).cmp(&(&b.brand_id, b.day, &b.product_id)),
        key: (brand_id, day, product_id),
        add: (cards_shown, likes, dislikes, bag_adds, orders, units, revenue_paise))?;
    add_brand_days(conn, &mut funnel)
}

/// Adds `rows` to the brand-day rollup.
pub fn add_brand_days(conn: &mut DbConnection, rows: &mut [BrandDayDelta]) -> QueryResult<()> {
    add_to_rollup!(conn, insight_brand_days, rows,
        sort: |a, b| (&a.brand_id, a.day).cmp(&(&b.brand_id, b.day)),
        key: (brand_id, day),
        add: (revenue_paise, orders, units, refunds_paise, refunds, cards_shown, likes,
              dislikes, bag_adds, buyers, new_buyers))
}

/// Adds `rows` to the buyers' gaps.
pub fn add_buyer_gaps(conn: &mut DbConnection, rows: &mut [BuyerGapDelta]) -> QueryResult<()> {
    add_to_rollup!(conn, insight_buyer_gaps, rows,
        sort: |a, b| (&a.brand_id, a.prev_day, a.day).cmp(&(&b.brand_id, b.prev_day, b.day)),
        key: (brand_id, prev_day, day),
        add: (buyers))
}

/// Records buyers: `(brand, user, day)` each a placed order, each (brand, user) at most once in
/// `rows`. A buyer's first day is the earliest seen. (On PostgreSQL the upsert locks the
/// buyer's row: two orders of one buyer with one brand count their days one after the other.)
pub fn add_buyers(conn: &mut DbConnection, rows: &[(String, String, i64)]) -> QueryResult<()> {
    for chunk in rows.chunks(CHUNK) {
        let buyers: Vec<_> = chunk
            .iter()
            .map(|(b, u, d)| {
                (
                    insight_buyers::brand_id.eq(b),
                    insight_buyers::user_id.eq(u),
                    insight_buyers::first_day.eq(*d),
                )
            })
            .collect();
        per_backend!(conn, |c| diesel::insert_into(insight_buyers::table)
            .values(&buyers)
            .on_conflict((insight_buyers::brand_id, insight_buyers::user_id))
            .do_update()
            .set(
                insight_buyers::first_day.eq(diesel::dsl::sql::<diesel::sql_types::BigInt>(
                    "CASE WHEN excluded.first_day < insight_buyers.first_day \
                 THEN excluded.first_day ELSE insight_buyers.first_day END",
                ))
            )
            .execute(c))?;
    }
    Ok(())
}

/// Records the days buyers bought: `(brand, user, day)`. Answers how many were new.
pub fn add_buyer_days(
    conn: &mut DbConnection,
    rows: &[(String, String, i64)],
) -> QueryResult<usize> {
    let mut added = 0;
    for chunk in rows.chunks(CHUNK) {
        let days: Vec<_> = chunk
            .iter()
            .map(|(b, u, d)| {
                (
                    insight_buyer_days::brand_id.eq(b),
                    insight_buyer_days::day.eq(*d),
                    insight_buyer_days::user_id.eq(u),
                )
            })
            .collect();
        added += per_backend!(conn, |c| diesel::insert_into(insight_buyer_days::table)
            .values(&days)
            .on_conflict_do_nothing()
            .execute(c))?;
    }
    Ok(added)
}

/// A buyer's purchase day with a brand (inside the order's transaction): the buyer, the day
/// and, when the day is new for them, the brand-day buyer counts and the gaps it changes.
/// Answers the changes to the brand's days (`buyers`, `new_buyers`), for the caller to add with
/// the order's own brand-day row.
fn note_buyer(
    conn: &mut DbConnection,
    brand: &str,
    user: &str,
    day: i64,
) -> QueryResult<Vec<BrandDayDelta>> {
    add_buyers(conn, &[(brand.to_owned(), user.to_owned(), day)])?;
    if add_buyer_days(conn, &[(brand.to_owned(), user.to_owned(), day)])? == 0 {
        return Ok(Vec::new());
    }
    let theirs = || {
        insight_buyer_days::table
            .filter(insight_buyer_days::brand_id.eq(brand))
            .filter(insight_buyer_days::user_id.eq(user))
            .select(insight_buyer_days::day)
    };
    let prev: Option<i64> = theirs()
        .filter(insight_buyer_days::day.lt(day))
        .order(insight_buyer_days::day.desc())
        .first(conn)
        .optional()?;
    let next: Option<i64> = theirs()
        .filter(insight_buyer_days::day.gt(day))
        .order(insight_buyer_days::day)
        .first(conn)
        .optional()?;
    let brand_day = |day, buyers, new_buyers| BrandDayDelta {
        brand_id: brand.to_owned(),
        day,
        buyers,
        new_buyers,
        ..BrandDayDelta::default()
    };
    let gap = |prev_day, day, buyers| BuyerGapDelta {
        brand_id: brand.to_owned(),
        prev_day,
        day,
        buyers,
    };
    let mut days = vec![brand_day(day, 1, i64::from(prev.is_none()))];
    let mut gaps = Vec::new();
    if let Some(p) = prev {
        gaps.push(gap(p, day, 1));
    }
    // A day before the buyer's next one (a clock set back): the next day's gap is now from
    // this day, and the next day is no longer their first.
    if let Some(q) = next {
        gaps.push(gap(day, q, 1));
        match prev {
            Some(p) => gaps.push(gap(p, q, -1)),
            None => days.push(brand_day(q, 0, -1)),
        }
    }
    add_buyer_gaps(conn, &mut gaps)?;
    Ok(days)
}

/// Counts a placed order (inside `place_order`'s transaction): its brand's day, its products'
/// days and its buyer.
pub(crate) fn note_order_placed(
    conn: &mut DbConnection,
    stored: &StoredOrder,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let order = &stored.order;
    let day = ist_day(now);
    let brand = order.brand_id.as_str().to_owned();
    let units: i64 = stored.lines.iter().map(|l| i64::from(l.quantity)).sum();
    let mut per_product: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    for line in &stored.lines {
        let p = per_product.entry(line.product_id.as_str()).or_default();
        p.0 += i64::from(line.quantity);
        p.1 += i64::from(line.quantity) * line.unit_price_paise;
    }
    let mut products: Vec<ProductDayDelta> = per_product
        .into_iter()
        .map(|(product, (units, revenue))| ProductDayDelta {
            brand_id: brand.clone(),
            day,
            product_id: product.to_owned(),
            orders: 1,
            units,
            revenue_paise: revenue,
            ..ProductDayDelta::default()
        })
        .collect();
    let mut days = note_buyer(conn, &brand, order.user_id.as_str(), day)?;
    match days.iter_mut().find(|d| d.day == day) {
        Some(today) => {
            today.revenue_paise = order.total_paise;
            today.orders = 1;
            today.units = units;
        }
        None => days.push(BrandDayDelta {
            brand_id: brand.clone(),
            day,
            revenue_paise: order.total_paise,
            orders: 1,
            units,
            ..BrandDayDelta::default()
        }),
    }
    add_brand_days(conn, &mut days)?;
    add_product_days(conn, &mut products)
}

/// Counts the refund of `order_id` if it is completed and not counted yet (call it after any
/// write of a refund's status, inside that write's transaction): the order's total, on the
/// brand's day of `now`. Orders that were never placed are not counted.
pub(crate) fn note_refund(
    conn: &mut DbConnection,
    order_id: &OrderId,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let Some((brand, stage, refund, total)) = orders::table
        .filter(orders::id.eq(order_id))
        .select((
            orders::brand_id,
            orders::stage,
            orders::refund_status,
            orders::total_paise,
        ))
        .first::<(String, String, String, i64)>(conn)
        .optional()?
    else {
        return Ok(());
    };
    if stage != Stage::Placed.as_str() || refund != ::orders::RefundStatus::Completed.as_str() {
        return Ok(());
    }
    let day = ist_day(now);
    let counted = per_backend!(conn, |c| diesel::insert_into(insight_refunds::table)
        .values((
            insight_refunds::order_id.eq(order_id),
            insight_refunds::brand_id.eq(&brand),
            insight_refunds::day.eq(day),
            insight_refunds::amount_paise.eq(total),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    if counted == 0 {
        return Ok(());
    }
    add_brand_days(
        conn,
        &mut [BrandDayDelta {
            brand_id: brand,
            day,
            refunds_paise: total,
            refunds: 1,
            ..BrandDayDelta::default()
        }],
    )
}

/// Verdict changes of one swipe batch by product and IST day, written with the batch.
#[derive(Default, Debug)]
pub(crate) struct SwipeDays(BTreeMap<DayKey, (i64, i64)>);

/// (product, day).
type DayKey = (String, i64);

impl SwipeDays {
    /// Counts (`sign` 1) or uncounts (`sign` -1) a verdict made at `at`.
    pub(crate) fn count(&mut self, product_id: &str, liked: bool, at: NaiveDateTime, sign: i64) {
        let c = self
            .0
            .entry((product_id.to_owned(), ist_day(at)))
            .or_default();
        if liked {
            c.0 += sign;
        } else {
            c.1 += sign;
        }
    }

    /// Adds the changes to the products' days (with each product's brand).
    pub(crate) fn write(&self, conn: &mut DbConnection) -> QueryResult<()> {
        let changed: Vec<(&DayKey, &(i64, i64))> = self
            .0
            .iter()
            .filter(|(_, (l, d))| *l != 0 || *d != 0)
            .collect();
        if changed.is_empty() {
            return Ok(());
        }
        let ids: BTreeSet<&str> = changed.iter().map(|((p, _), _)| p.as_str()).collect();
        let brands = brands_of(conn, ids.into_iter())?;
        let mut rows: Vec<ProductDayDelta> = changed
            .into_iter()
            .filter_map(|((product, day), (likes, dislikes))| {
                Some(ProductDayDelta {
                    brand_id: brands.get(product)?.clone(),
                    day: *day,
                    product_id: product.clone(),
                    likes: *likes,
                    dislikes: *dislikes,
                    ..ProductDayDelta::default()
                })
            })
            .collect();
        add_product_days(conn, &mut rows)
    }
}

/// The brands of these products, by product id.
fn brands_of<'a>(
    conn: &mut DbConnection,
    ids: impl Iterator<Item = &'a str>,
) -> QueryResult<HashMap<String, String>> {
    let ids: Vec<&str> = ids.collect();
    let mut out = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(CHUNK) {
        let rows: Vec<(String, String)> = products::table
            .filter(products::id.eq_any(chunk))
            .select((products::id, products::brand_id))
            .load(conn)?;
        out.extend(rows);
    }
    Ok(out)
}

/// Counts the lines new in a bag (inside the bag change's transaction): one bag add per
/// product and size that `after` holds and `before` did not.
pub(crate) fn note_bag_adds(
    conn: &mut DbConnection,
    before: &[bag::Line],
    after: &[bag::Line],
    now: NaiveDateTime,
) -> QueryResult<()> {
    let had: BTreeSet<(&str, &str)> = before
        .iter()
        .map(|l| (l.product_id.as_str(), l.size.as_str()))
        .collect();
    let mut added: BTreeMap<&str, i64> = BTreeMap::new();
    for line in after {
        if !had.contains(&(line.product_id.as_str(), line.size.as_str())) {
            *added.entry(line.product_id.as_str()).or_default() += 1;
        }
    }
    if added.is_empty() {
        return Ok(());
    }
    let brands = brands_of(conn, added.keys().copied())?;
    let day = ist_day(now);
    let mut rows: Vec<ProductDayDelta> = added
        .into_iter()
        .filter_map(|(product, n)| {
            Some(ProductDayDelta {
                brand_id: brands.get(product)?.clone(),
                day,
                product_id: product.to_owned(),
                bag_adds: n,
                ..ProductDayDelta::default()
            })
        })
        .collect();
    add_product_days(conn, &mut rows)
}

/// One brand's day.
#[derive(Clone, Debug, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = insight_brand_days)]
pub struct BrandDay {
    pub day: i64,
    pub revenue_paise: i64,
    pub orders: i64,
    pub units: i64,
    pub refunds_paise: i64,
    pub refunds: i64,
    pub cards_shown: i64,
    pub likes: i64,
    pub dislikes: i64,
    pub bag_adds: i64,
    /// Distinct buyers of the day.
    pub buyers: i64,
    /// Of them, those buying from the brand for the first time.
    pub new_buyers: i64,
}

/// One product's day.
#[derive(Clone, Debug, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = insight_product_days)]
pub struct ProductDay {
    pub product_id: String,
    pub day: i64,
    pub cards_shown: i64,
    pub likes: i64,
    pub dislikes: i64,
    pub bag_adds: i64,
    pub orders: i64,
    pub units: i64,
    pub revenue_paise: i64,
}

impl ProductDay {
    /// Adds another day's counts to these.
    pub fn add(&mut self, other: &ProductDay) {
        self.cards_shown += other.cards_shown;
        self.likes += other.likes;
        self.dislikes += other.dislikes;
        self.bag_adds += other.bag_adds;
        self.orders += other.orders;
        self.units += other.units;
        self.revenue_paise += other.revenue_paise;
    }
}

/// A brand's figures over days `from..=to`, as the rollups hold them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BrandPeriod {
    /// The days with anything, in order.
    pub days: Vec<BrandDay>,
    /// The brand's products' counts summed over the period (`product_id` empty).
    pub funnel: ProductDay,
    /// Distinct buyers with a placed order in the period.
    pub shoppers: i64,
    /// Of them, those whose first order from the brand was before `from`.
    pub returning_shoppers: i64,
}

/// A size low on stock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowStock {
    pub product_id: String,
    pub name: String,
    pub size: String,
    pub units: i64,
}

/// A product's name and first image, for the insights lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductLabel {
    pub brand_id: String,
    pub name: String,
    pub image: Option<String>,
}

impl Store {
    /// Counts cards the swipe feed served: `(brand, product, IST day, cards)` each, every
    /// (brand, product, day) at most once, in one transaction.
    pub fn note_cards_shown(&self, cards: &[(String, String, i64, i64)]) -> Result<(), StoreError> {
        if cards.is_empty() {
            return Ok(());
        }
        let mut rows: Vec<ProductDayDelta> = cards
            .iter()
            .map(|(brand, product, day, n)| ProductDayDelta {
                brand_id: brand.clone(),
                day: *day,
                product_id: product.clone(),
                cards_shown: *n,
                ..ProductDayDelta::default()
            })
            .collect();
        let mut conn = self.conn()?;
        Ok(conn.transaction(|conn| add_product_days(conn, &mut rows))?)
    }

    /// The brand's figures over the IST days `from..=to`: one index range of its days, and
    /// one of its buyers' gaps that start in the period.
    pub fn brand_period(
        &self,
        brand: &str,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<BrandPeriod, StoreError> {
        let (from, to) = (day_number(from), day_number(to));
        let mut conn = self.conn()?;
        let days: Vec<BrandDay> = insight_brand_days::table
            .filter(insight_brand_days::brand_id.eq(brand))
            .filter(insight_brand_days::day.between(from, to))
            .order(insight_brand_days::day)
            .select(BrandDay::as_select())
            .load(&mut conn)?;
        // Buyers who bought again within the period: counted on their first day in it only.
        let again: Vec<i64> = insight_buyer_gaps::table
            .filter(insight_buyer_gaps::brand_id.eq(brand))
            .filter(insight_buyer_gaps::prev_day.between(from, to))
            .filter(insight_buyer_gaps::day.le(to))
            .select(insight_buyer_gaps::buyers)
            .load(&mut conn)?;
        let mut funnel = ProductDay::default();
        let (mut buyer_days, mut new_buyers) = (0, 0);
        for d in &days {
            funnel.cards_shown += d.cards_shown;
            funnel.likes += d.likes;
            funnel.dislikes += d.dislikes;
            funnel.bag_adds += d.bag_adds;
            funnel.orders += d.orders;
            funnel.units += d.units;
            funnel.revenue_paise += d.revenue_paise;
            buyer_days += d.buyers;
            new_buyers += d.new_buyers;
        }
        let shoppers = buyer_days - again.iter().sum::<i64>();
        Ok(BrandPeriod {
            days,
            funnel,
            shoppers,
            returning_shoppers: shoppers - new_buyers,
        })
    }

    /// Each of the brand's products with anything in the IST days `from..=to`, its counts
    /// summed over them (`day` is 0).
    pub fn product_totals(
        &self,
        brand: &str,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<ProductDay>, StoreError> {
        let mut conn = self.conn()?;
        let rows = product_days_of_brand(&mut conn, brand, day_number(from), day_number(to))?;
        let mut totals: HashMap<String, ProductDay> = HashMap::new();
        for row in &rows {
            totals
                .entry(row.product_id.clone())
                .or_insert_with(|| ProductDay {
                    product_id: row.product_id.clone(),
                    ..ProductDay::default()
                })
                .add(row);
        }
        Ok(totals.into_values().collect())
    }

    /// One product's days with anything in `from..=to`, in order.
    pub fn product_days(
        &self,
        product_id: &str,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<ProductDay>, StoreError> {
        let mut conn = self.conn()?;
        Ok(insight_product_days::table
            .filter(insight_product_days::product_id.eq(product_id))
            .filter(insight_product_days::day.between(day_number(from), day_number(to)))
            .order(insight_product_days::day)
            .select(ProductDay::as_select())
            .load(&mut conn)?)
    }

    /// The names, brands and first images of these products (any state), by id.
    pub fn product_labels(
        &self,
        ids: &[&str],
    ) -> Result<HashMap<String, ProductLabel>, StoreError> {
        let mut conn = self.conn()?;
        let mut out = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(CHUNK) {
            let rows: Vec<(String, String, String)> = products::table
                .filter(products::id.eq_any(chunk))
                .select((products::id, products::brand_id, products::name))
                .load(&mut conn)?;
            let images: Vec<(String, String)> = product_images::table
                .filter(product_images::product_id.eq_any(chunk))
                .filter(product_images::position.eq(0))
                .select((product_images::product_id, product_images::url))
                .load(&mut conn)?;
            let images: HashMap<String, String> = images.into_iter().collect();
            for (id, brand_id, name) in rows {
                let image = images.get(&id).cloned();
                out.insert(
                    id,
                    ProductLabel {
                        brand_id,
                        name,
                        image,
                    },
                );
            }
        }
        Ok(out)
    }

    /// Sizes of active, unarchived products (of `brand`, or every brand) with at most
    /// `threshold` units, fewest first, at most `limit`.
    pub fn low_stock(
        &self,
        brand: Option<&str>,
        threshold: i32,
        limit: i64,
    ) -> Result<Vec<LowStock>, StoreError> {
        let mut conn = self.conn()?;
        let mut query = product_stock::table
            .inner_join(products::table)
            .filter(products::is_active.eq(true))
            .filter(products::archived_at.is_null())
            .filter(product_stock::quantity.le(threshold))
            .into_boxed();
        if let Some(brand) = brand {
            query = query.filter(products::brand_id.eq(brand.to_owned()));
        }
        let rows: Vec<(String, String, String, i32)> = query
            .order((
                product_stock::quantity,
                products::name,
                products::id,
                product_stock::position,
            ))
            .limit(limit)
            .select((
                products::id,
                products::name,
                product_stock::size,
                product_stock::quantity,
            ))
            .load(&mut conn)?;
        Ok(rows
            .into_iter()
            .map(|(product_id, name, size, units)| LowStock {
                product_id,
                name,
                size,
                units: i64::from(units),
            })
            .collect())
    }
}

fn product_days_of_brand(
    conn: &mut DbConnection,
    brand: &str,
    from: i64,
    to: i64,
) -> QueryResult<Vec<ProductDay>> {
    insight_product_days::table
        .filter(insight_product_days::brand_id.eq(brand))
        .filter(insight_product_days::day.between(from, to))
        .select(ProductDay::as_select())
        .load(conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ist_days_turn_at_18_30_utc() {
        let at = |h, m| {
            NaiveDate::from_ymd_opt(2026, 11, 27)
                .and_then(|d| d.and_hms_opt(h, m, 0))
                .expect("time")
        };
        let before = ist_day(at(18, 29));
        let after = ist_day(at(18, 31));
        assert_eq!(after, before + 1);
        assert_eq!(
            day_date(before),
            NaiveDate::from_ymd_opt(2026, 11, 27).expect("date")
        );
        assert_eq!(
            day_date(after),
            NaiveDate::from_ymd_opt(2026, 11, 28).expect("date")
        );
        assert_eq!(day_number(day_date(before)), before);
    }
}

/// A product a bench order history draws from: its id, brand and unit price in paise.
#[derive(Clone, Debug)]
pub struct SellableProduct {
    pub id: crate::ids::ProductId,
    pub brand_id: crate::ids::BrandId,
    pub price_paise: i64,
}

/// What [`Store::write_order_history`] wrote.
#[derive(Clone, Debug, Default)]
pub struct OrderHistoryReport {
    pub orders: u64,
    pub lines: u64,
    pub refunds: u64,
    pub product_days: u64,
    pub brand_days: u64,
    pub buyers: u64,
    /// The brand with the most orders.
    pub busiest_brand: String,
}

/// The brand-day buyer counts and the gaps of whole purchase histories `(brand, user, day)`
/// (sorted by brand, then day): adds `buyers` and `new_buyers` to `brand_days` (which holds a
/// row for every day bought on, as the orders made it) and answers the gaps.
fn buyer_counts(
    days: &[(String, String, i64)],
    brand_days: &mut [BrandDayDelta],
) -> Vec<BuyerGapDelta> {
    let mut last: HashMap<(&str, &str), i64> = HashMap::new();
    let mut counts: HashMap<(&str, i64), (i64, i64)> = HashMap::new();
    let mut gaps: BTreeMap<(&str, i64, i64), i64> = BTreeMap::new();
    for (brand, user, day) in days {
        let c = counts.entry((brand, *day)).or_default();
        c.0 += 1;
        match last.insert((brand, user), *day) {
            None => c.1 += 1,
            Some(prev) => *gaps.entry((brand, prev, *day)).or_default() += 1,
        }
    }
    for row in brand_days.iter_mut() {
        if let Some((buyers, new_buyers)) = counts.get(&(row.brand_id.as_str(), row.day)) {
            row.buyers += buyers;
            row.new_buyers += new_buyers;
        }
    }
    gaps.into_iter()
        .map(|((brand, prev_day, day), buyers)| BuyerGapDelta {
            brand_id: brand.to_owned(),
            prev_day,
            day,
            buyers,
        })
        .collect()
}

/// Orders per transaction of the bench history.
const ORDERS_PER_TRANSACTION: usize = 20_000;

/// SplitMix64, for the bench history.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..1`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index below `n`, skewed to the first ones by `power` (1 is even).
    fn skewed(&mut self, n: usize, power: i32) -> usize {
        ((self.unit().powi(power) * n as f64) as usize).min(n - 1)
    }
}

impl Store {
    /// For bulk-written histories (benchmarks, the demo): counts every swipe already stored
    /// into the product-day and brand-day rollups in one statement (the live path counts each
    /// as it is written; a bulk-written history was not), each swiped card also as a card shown
    /// (a shopper swipes only a card the feed showed). Run once, on a database whose rollups
    /// hold no swipes yet.
    pub fn roll_up_swipe_history(&self) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        // backend difference: the IST day of a stored time.
        let sql_day = match &*conn {
            DbConnection::Sqlite(_) => {
                "CAST(julianday(s.swiped_at, '+330 minutes') - 2440587.5 AS INTEGER)"
            }
            DbConnection::Postgres(_) => {
                "FLOOR((EXTRACT(EPOCH FROM s.swiped_at) + 19800) / 86400)::BIGINT"
            }
        };
        let sql = format!(
            "INSERT INTO insight_product_days \
               (brand_id, day, product_id, cards_shown, likes, dislikes, bag_adds, orders, units, revenue_paise) \
             SELECT p.brand_id, {sql_day}, s.product_id, COUNT(*), \
                    SUM(CASE WHEN s.liked THEN 1 ELSE 0 END), SUM(CASE WHEN s.liked THEN 0 ELSE 1 END), \
                    0, 0, 0, 0 \
               FROM swipes s JOIN products p ON p.id = s.product_id \
              GROUP BY p.brand_id, {sql_day}, s.product_id"
        );
        // The brands' days take the same verdicts, summed by brand and day.
        let brands = "INSERT INTO insight_brand_days (brand_id, day, cards_shown, likes, dislikes) \
             SELECT brand_id, day, SUM(cards_shown), SUM(likes), SUM(dislikes) FROM insight_product_days \
              WHERE likes <> 0 OR dislikes <> 0 GROUP BY brand_id, day \
             ON CONFLICT (brand_id, day) DO UPDATE \
                SET cards_shown = insight_brand_days.cards_shown + excluded.cards_shown, \
                    likes = insight_brand_days.likes + excluded.likes, \
                    dislikes = insight_brand_days.dislikes + excluded.dislikes";
        Ok(conn.transaction(|conn| {
            let rows = diesel::sql_query(sql).execute(conn)?;
            diesel::sql_query(brands).execute(conn)?;
            QueryResult::Ok(rows)
        })?)
    }

    /// For benchmarks: writes `count` placed orders of `users` over the `days` days before
    /// `now` straight into the orders and their lines, with the rollups the live path would
    /// have kept (brand days, product days, buyers, buyer days, refunds), summed in memory and
    /// written once. Deterministic; products earlier in `products` and users earlier in `users`
    /// are drawn more often (so shoppers come back), one to three lines of one brand each, and
    /// one order in twenty refunded two days after it was placed. Run it on a database without
    /// orders.
    pub fn write_order_history(
        &self,
        products: &[SellableProduct],
        users: &[crate::ids::UserId],
        count: usize,
        days: i64,
        now: DateTime<Utc>,
    ) -> Result<OrderHistoryReport, StoreError> {
        use crate::orders::OrderRecord;
        if products.is_empty() || users.is_empty() {
            return Err(StoreError::Config(
                "an order history needs products and users".into(),
            ));
        }
        let mut by_brand: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, p) in products.iter().enumerate() {
            by_brand.entry(p.brand_id.as_str()).or_default().push(i);
        }
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let mut rng = Mix(0x0de5_eed5_u64.wrapping_add(count as u64));
        let span = (days.max(1) * 86_400) as f64;
        let start = now.naive_utc() - TimeDelta::days(days.max(1));
        let mut brand_days: HashMap<(String, i64), BrandDayDelta> = HashMap::new();
        let mut product_days: HashMap<(String, i64, String), ProductDayDelta> = HashMap::new();
        let mut buyers: HashMap<(String, String), i64> = HashMap::new();
        let mut buyer_days: BTreeSet<(String, i64, String)> = BTreeSet::new();
        let mut brand_orders: HashMap<String, u64> = HashMap::new();
        let mut report = OrderHistoryReport::default();
        let mut written = 0;
        while written < count {
            let batch = ORDERS_PER_TRANSACTION.min(count - written);
            let mut order_rows: Vec<OrderRecord> = Vec::with_capacity(batch);
            let mut line_rows = Vec::with_capacity(batch * 2);
            let mut refund_rows = Vec::new();
            for n in written..written + batch {
                let first = rng.skewed(products.len(), 3);
                let brand = products[first].brand_id.as_str();
                let user = &users[rng.skewed(users.len(), 2)];
                // Times in order of n, so the orders' ids and times agree.
                let at = start
                    + TimeDelta::milliseconds(
                        ((n as f64 + rng.unit()) / count as f64 * span * 1000.0) as i64,
                    );
                let day = ist_day(at);
                let id = format!("bench-order-{n:09}");
                let siblings = &by_brand[brand];
                let mut picked = vec![first];
                for _ in 0..(rng.next() % 3) {
                    let other = siblings[(rng.next() % siblings.len() as u64) as usize];
                    if !picked.contains(&other) {
                        picked.push(other);
                    }
                }
                let mut total = 0;
                let mut units = 0;
                for (position, p) in picked.iter().enumerate() {
                    let quantity = 1 + (rng.next() % 2) as i32;
                    let product = &products[*p];
                    let revenue = i64::from(quantity) * product.price_paise;
                    total += revenue;
                    units += i64::from(quantity);
                    line_rows.push((
                        crate::schema::order_lines::order_id.eq(id.clone()),
                        crate::schema::order_lines::position.eq(position as i32),
                        crate::schema::order_lines::product_id.eq(product.id.as_str().to_owned()),
                        crate::schema::order_lines::name.eq("Bench product"),
                        crate::schema::order_lines::image.eq(None::<String>),
                        crate::schema::order_lines::size.eq("M"),
                        crate::schema::order_lines::quantity.eq(quantity),
                        crate::schema::order_lines::unit_price_paise.eq(product.price_paise),
                    ));
                    let row = product_days
                        .entry((brand.to_owned(), day, product.id.as_str().to_owned()))
                        .or_insert_with(|| ProductDayDelta {
                            brand_id: brand.to_owned(),
                            day,
                            product_id: product.id.as_str().to_owned(),
                            ..ProductDayDelta::default()
                        });
                    row.orders += 1;
                    row.units += i64::from(quantity);
                    row.revenue_paise += revenue;
                }
                let refunded = rng.next().is_multiple_of(20);
                let b = brand_days
                    .entry((brand.to_owned(), day))
                    .or_insert_with(|| BrandDayDelta {
                        brand_id: brand.to_owned(),
                        day,
                        ..BrandDayDelta::default()
                    });
                b.revenue_paise += total;
                b.orders += 1;
                b.units += units;
                if refunded {
                    let refund_day = ist_day((at + TimeDelta::days(2)).min(now.naive_utc()));
                    let r = brand_days
                        .entry((brand.to_owned(), refund_day))
                        .or_insert_with(|| BrandDayDelta {
                            brand_id: brand.to_owned(),
                            day: refund_day,
                            ..BrandDayDelta::default()
                        });
                    r.refunds_paise += total;
                    r.refunds += 1;
                    refund_rows.push((
                        insight_refunds::order_id.eq(id.clone()),
                        insight_refunds::brand_id.eq(brand.to_owned()),
                        insight_refunds::day.eq(refund_day),
                        insight_refunds::amount_paise.eq(total),
                    ));
                }
                let first_day = buyers
                    .entry((brand.to_owned(), user.as_str().to_owned()))
                    .or_insert(day);
                *first_day = (*first_day).min(day);
                buyer_days.insert((brand.to_owned(), day, user.as_str().to_owned()));
                *brand_orders.entry(brand.to_owned()).or_default() += 1;
                order_rows.push(OrderRecord {
                    id: id.as_str().into(),
                    user_id: user.clone(),
                    brand_id: products[first].brand_id.clone(),
                    stage: Stage::Placed,
                    from_bag: false,
                    ship_name: "Bench Shopper".into(),
                    ship_phone: "9876543210".into(),
                    ship_email: "bench@bench.invalid".into(),
                    ship_address: "1 Bench Road".into(),
                    ship_address_2: String::new(),
                    ship_city: "Mumbai".into(),
                    ship_pincode: "400001".into(),
                    ship_state: "Maharashtra".into(),
                    ship_country: "India".into(),
                    subtotal_paise: total,
                    discount_paise: 0,
                    delivery_fee_paise: 0,
                    total_paise: total,
                    delivery_speed: delivery::DeliverySpeed::Standard,
                    estimated_delivery: at + TimeDelta::days(5),
                    coupon_id: None,
                    coupon_code: None,
                    provider_order_id: Some(format!("bench-provider-{n:09}")),
                    payment_id: Some(format!("bench-payment-{n:09}")),
                    payment_status: if refunded {
                        ::orders::PaymentStatus::Refunded
                    } else {
                        ::orders::PaymentStatus::Paid
                    },
                    delivery_status: ::orders::DeliveryStatus::Delivered,
                    status: None,
                    refund_status: if refunded {
                        ::orders::RefundStatus::Completed
                    } else {
                        ::orders::RefundStatus::NotInitiated
                    },
                    refund_id: refunded.then(|| format!("bench-refund-{n:09}")),
                    created_at: at,
                    reserved_until: at + TimeDelta::minutes(10),
                    placed_at: Some(at),
                });
            }
            conn.transaction(|conn| {
                for chunk in order_rows.chunks(500) {
                    per_backend!(conn, |c| diesel::insert_into(orders::table)
                        .values(chunk.to_vec())
                        .execute(c))?;
                }
                for chunk in line_rows.chunks(2000) {
                    per_backend!(conn, |c| diesel::insert_into(
                        crate::schema::order_lines::table
                    )
                    .values(chunk)
                    .execute(c))?;
                }
                for chunk in refund_rows.chunks(4000) {
                    per_backend!(conn, |c| diesel::insert_into(insight_refunds::table)
                        .values(chunk)
                        .execute(c))?;
                }
                QueryResult::Ok(())
            })?;
            report.orders += order_rows.len() as u64;
            report.lines += line_rows.len() as u64;
            report.refunds += refund_rows.len() as u64;
            written += batch;
        }
        let mut brand_rows: Vec<BrandDayDelta> = brand_days.into_values().collect();
        let mut product_rows: Vec<ProductDayDelta> = product_days.into_values().collect();
        let buyer_rows: Vec<(String, String, i64)> = buyers
            .into_iter()
            .map(|((brand, user), day)| (brand, user, day))
            .collect();
        report.brand_days = brand_rows.len() as u64;
        report.product_days = product_rows.len() as u64;
        report.buyers = buyer_rows.len() as u64;
        let days: Vec<(String, String, i64)> = buyer_days
            .into_iter()
            .map(|(brand, day, user)| (brand, user, day))
            .collect();
        let mut gap_rows = buyer_counts(&days, &mut brand_rows);
        conn.transaction(|conn| {
            add_brand_days(conn, &mut brand_rows)?;
            add_product_days(conn, &mut product_rows)?;
            // Each buyer with their first day, then every day they bought.
            add_buyers(conn, &buyer_rows)?;
            add_buyer_days(conn, &days)?;
            add_buyer_gaps(conn, &mut gap_rows)
        })?;
        report.busiest_brand = brand_orders
            .into_iter()
            .max_by_key(|(brand, n)| (*n, brand.clone()))
            .map(|(brand, _)| brand)
            .unwrap_or_default();
        Ok(report)
    }
}
