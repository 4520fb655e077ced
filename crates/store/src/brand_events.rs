//! A brand's live events: `order.placed`, `cancellation.requested`, `refund.completed` and
//! `stock.low`, each written by the transaction of the fact it tells of (the hooks below, one
//! call per site), so an event exists exactly when its fact committed.
//!
//! **Sequence numbers in commit order.** A row gets its `id` when it is written, but on
//! PostgreSQL transactions commit in another order than they took ids: a reader that followed
//! `id` could pass a row whose transaction had not committed yet and never see it. So the
//! stream's number, `seq`, is given afterwards by [`Store::sequence_brand_events`]: one
//! sequencer at a time (an advisory lock on PostgreSQL, the write lock on SQLite) numbers the
//! committed rows that have none, after the highest number given. Each numbering commits before
//! the next begins, so a reader that has seen `seq` n has seen every number below it, and
//! `Last-Event-ID` resumes exactly.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use ::orders::RefundStatus;

use crate::columns::Stored;
use crate::db::DbConnection;
use crate::ids::OrderId;
use crate::schema::{brand_events, order_lines, orders, product_stock, products};
use crate::{Store, StoreError};

/// A size is low on stock at this many units or fewer: `stock.low` is raised when a checkout
/// or a stock write takes it from above this to this or below.
pub const LOW_STOCK_UNITS: i64 = 5;

/// The PostgreSQL advisory lock the sequencer holds for its transaction.
const SEQUENCER_LOCK: i64 = 0x6272_616e_6465_7673; // "brandevs"

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrandEventKind {
    OrderPlaced,
    CancellationRequested,
    RefundCompleted,
    StockLow,
}

impl BrandEventKind {
    /// The event's type on the wire and in the table.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::OrderPlaced => "order.placed",
            Self::CancellationRequested => "cancellation.requested",
            Self::RefundCompleted => "refund.completed",
            Self::StockLow => "stock.low",
        }
    }
}

/// A numbered event as the stream sends it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = brand_events)]
pub struct BrandEventRecord {
    #[diesel(select_expression = brand_events::seq.assume_not_null())]
    pub seq: i64,
    pub brand_id: String,
    /// The type (`order.placed`, ...).
    pub kind: String,
    pub order_id: Option<String>,
    pub product_id: Option<String>,
    pub size: Option<String>,
    pub units: Option<i32>,
    pub at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = brand_events)]
struct NewEvent<'a> {
    brand_id: &'a str,
    kind: &'a str,
    order_id: Option<&'a str>,
    product_id: Option<&'a str>,
    size: Option<&'a str>,
    units: Option<i32>,
    at: NaiveDateTime,
}

fn raise(conn: &mut DbConnection, event: NewEvent<'_>) -> QueryResult<()> {
    diesel::insert_into(brand_events::table)
        .values(event)
        .execute(conn)
        .map(|_| ())
}

/// The brands of an order's lines with their units, by brand id.
fn brands_of_order(conn: &mut DbConnection, order_id: &str) -> QueryResult<Vec<(String, i64)>> {
    let lines: Vec<(String, i32)> = order_lines::table
        .inner_join(products::table.on(products::id.eq(order_lines::product_id)))
        .filter(order_lines::order_id.eq(order_id))
        .select((products::brand_id, order_lines::quantity))
        .load(conn)?;
    let mut brands: Vec<(String, i64)> = Vec::new();
    for (brand, units) in lines {
        match brands.iter_mut().find(|(b, _)| *b == brand) {
            Some(entry) => entry.1 += i64::from(units),
            None => brands.push((brand, i64::from(units))),
        }
    }
    brands.sort_unstable();
    Ok(brands)
}

/// Hook: order `order_id` was placed (paid). One `order.placed` per brand of its lines, with
/// that brand's units.
pub fn order_placed(
    conn: &mut DbConnection,
    order_id: &OrderId,
    now: NaiveDateTime,
) -> QueryResult<()> {
    for (brand, units) in brands_of_order(conn, order_id.as_str())? {
        raise(
            conn,
            NewEvent {
                brand_id: &brand,
                kind: BrandEventKind::OrderPlaced.as_str(),
                order_id: Some(order_id.as_str()),
                product_id: None,
                size: None,
                units: Some(i32::try_from(units).unwrap_or(i32::MAX)),
                at: now,
            },
        )?;
    }
    Ok(())
}

/// Hook: the shopper asked to cancel order `order_id`, naming its line at `line`. One
/// `cancellation.requested` per brand of the order (approving it cancels the whole order),
/// with the named line's product.
pub fn cancellation_requested(
    conn: &mut DbConnection,
    order_id: &OrderId,
    line: i32,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let order_id = order_id.as_str();
    let product: Option<String> = order_lines::table
        .filter(order_lines::order_id.eq(order_id))
        .filter(order_lines::position.eq(line))
        .select(order_lines::product_id)
        .first(conn)
        .optional()?;
    let product_id = product.as_deref();
    for (brand, _) in brands_of_order(conn, order_id)? {
        raise(
            conn,
            NewEvent {
                brand_id: &brand,
                kind: BrandEventKind::CancellationRequested.as_str(),
                order_id: Some(order_id),
                product_id,
                size: None,
                units: None,
                at: now,
            },
        )?;
    }
    Ok(())
}

/// Hook, after a write of an order's refund status: when the refund is now completed and no
/// `refund.completed` was raised for the order yet, one per brand of the order. Called after
/// the order's row was updated, so on PostgreSQL a racing writer of the same order waits for
/// this transaction and then sees its event.
pub fn refund_completed(
    conn: &mut DbConnection,
    order_id: &OrderId,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let status: Option<Stored<RefundStatus>> = orders::table
        .filter(orders::id.eq(order_id))
        .select(orders::refund_status)
        .first(conn)
        .optional()?;
    if status.is_none_or(|s| s.0 != RefundStatus::Completed) {
        return Ok(());
    }
    let raised: bool = diesel::select(diesel::dsl::exists(
        brand_events::table
            .filter(brand_events::order_id.eq(order_id.as_str()))
            .filter(brand_events::kind.eq(BrandEventKind::RefundCompleted.as_str())),
    ))
    .get_result(conn)?;
    if raised {
        return Ok(());
    }
    for (brand, _) in brands_of_order(conn, order_id.as_str())? {
        raise(
            conn,
            NewEvent {
                brand_id: &brand,
                kind: BrandEventKind::RefundCompleted.as_str(),
                order_id: Some(order_id.as_str()),
                product_id: None,
                size: None,
                units: None,
                at: now,
            },
        )?;
    }
    Ok(())
}

/// Raises `stock.low` for (product, size) now at `units` when `before` was above the line.
fn low_if_crossed(
    conn: &mut DbConnection,
    product: &str,
    size: &str,
    before: i64,
    units: i64,
    now: NaiveDateTime,
) -> QueryResult<()> {
    if before <= LOW_STOCK_UNITS || units > LOW_STOCK_UNITS {
        return Ok(());
    }
    let Some(brand) = products::table
        .find(product)
        .select(products::brand_id)
        .first::<String>(conn)
        .optional()?
    else {
        return Ok(());
    };
    raise(
        conn,
        NewEvent {
            brand_id: &brand,
            kind: BrandEventKind::StockLow.as_str(),
            order_id: None,
            product_id: Some(product),
            size: Some(size),
            units: Some(i32::try_from(units).unwrap_or(i32::MAX)),
            at: now,
        },
    )
}

/// Hook, after units were taken off sale (a checkout's reservation, a lapsed order paid after
/// all): `(product, size, units taken)`; entries taking nothing are skipped. A size the taking
/// brought from above [`LOW_STOCK_UNITS`] to it or below raises `stock.low`.
pub fn stock_taken<'a>(
    conn: &mut DbConnection,
    taken: impl IntoIterator<Item = (&'a str, &'a str, i64)>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    for (product, size, units) in taken {
        if units <= 0 {
            continue;
        }
        let left: Option<i32> = product_stock::table
            .filter(product_stock::product_id.eq(product))
            .filter(product_stock::size.eq(size))
            .select(product_stock::quantity)
            .first(conn)
            .optional()?;
        if let Some(left) = left {
            let left = i64::from(left);
            low_if_crossed(conn, product, size, left + units, left, now)?;
        }
    }
    Ok(())
}

/// Hook, before a stock write sets `stock` (units by size) of `product`: a size going from
/// above [`LOW_STOCK_UNITS`] to it or below raises `stock.low`. Called in the write's
/// transaction, so a write rolled back takes its event with it.
pub fn stock_set(
    conn: &mut DbConnection,
    product: &str,
    stock: &[(String, u32)],
    now: NaiveDateTime,
) -> QueryResult<()> {
    for (size, units) in stock {
        let before: Option<i32> = product_stock::table
            .filter(product_stock::product_id.eq(product))
            .filter(product_stock::size.eq(size))
            .select(product_stock::quantity)
            .first(conn)
            .optional()?;
        if let Some(before) = before {
            low_if_crossed(
                conn,
                product,
                size,
                i64::from(before),
                i64::from(*units),
                now,
            )?;
        }
    }
    Ok(())
}

impl Store {
    /// Numbers the committed events that have no `seq` yet (at most `limit`), in the order they
    /// were written, after the highest number given; answers how many. One sequencer runs at a
    /// time across processes: on PostgreSQL a caller that finds another at work does nothing
    /// (the other numbers the rows). See the module's notes.
    pub fn sequence_brand_events(&self, limit: i64) -> Result<usize, StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let waiting: bool = diesel::select(diesel::dsl::exists(
            brand_events::table.filter(brand_events::seq.is_null()),
        ))
        .get_result(conn)?;
        if !waiting {
            return Ok(0);
        }
        Ok(conn.transaction(|conn| {
            // backend difference: who may number. SQLite: a first statement that writes takes
            // the one write lock. PostgreSQL: a transaction-scoped advisory lock, tried.
            match conn {
                DbConnection::Sqlite(c) => {
                    diesel::sql_query("UPDATE brand_events SET seq = seq WHERE id < 0")
                        .execute(c)?;
                }
                DbConnection::Postgres(c) => {
                    #[derive(QueryableByName)]
                    struct Locked {
                        #[diesel(sql_type = diesel::sql_types::Bool)]
                        locked: bool,
                    }
                    let got: Locked =
                        diesel::sql_query("SELECT pg_try_advisory_xact_lock($1) AS locked")
                            .bind::<diesel::sql_types::BigInt, _>(SEQUENCER_LOCK)
                            .get_result(c)?;
                    if !got.locked {
                        return Ok(0);
                    }
                }
            }
            let high: Option<i64> = brand_events::table
                .select(diesel::dsl::max(brand_events::seq))
                .first(conn)?;
            let ids: Vec<i64> = brand_events::table
                .filter(brand_events::seq.is_null())
                .order(brand_events::id)
                .limit(limit)
                .select(brand_events::id)
                .load(conn)?;
            let mut next = high.unwrap_or(0);
            for id in &ids {
                next += 1;
                diesel::update(brand_events::table.find(id))
                    .set(brand_events::seq.eq(next))
                    .execute(conn)?;
            }
            QueryResult::Ok(ids.len())
        })?)
    }

    /// Numbered events after `seq`, oldest first, at most `limit`; only `brand`'s when given.
    pub fn brand_events_after(
        &self,
        seq: i64,
        brand: Option<&str>,
        limit: i64,
    ) -> Result<Vec<BrandEventRecord>, StoreError> {
        let mut conn = self.conn()?;
        let mut query = brand_events::table
            .filter(brand_events::seq.gt(seq))
            .into_boxed();
        if let Some(brand) = brand {
            query = query.filter(brand_events::brand_id.eq(brand.to_owned()));
        }
        Ok(query
            .order(brand_events::seq)
            .limit(limit)
            .select(BrandEventRecord::as_select())
            .load(&mut conn)?)
    }

    /// The highest `seq` given so far (0 when none).
    pub fn last_brand_event_seq(&self) -> Result<i64, StoreError> {
        let mut conn = self.conn()?;
        let high: Option<i64> = brand_events::table
            .select(diesel::dsl::max(brand_events::seq))
            .first(&mut conn)?;
        Ok(high.unwrap_or(0))
    }

    /// Deletes the numbered events that happened before `before`, except the last numbered
    /// one (the sequencer numbers on from it, so a number is never given twice); answers how
    /// many went.
    pub fn prune_brand_events(&self, before: DateTime<Utc>) -> Result<usize, StoreError> {
        let high = self.last_brand_event_seq()?;
        let mut conn = self.conn()?;
        Ok(diesel::delete(
            brand_events::table
                .filter(brand_events::at.lt(before.naive_utc()))
                .filter(brand_events::seq.lt(high)),
        )
        .execute(&mut conn)?)
    }
}
