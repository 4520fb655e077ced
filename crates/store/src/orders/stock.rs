//! Stock: taking lines off sale and putting them back, each change noted for every process's
//! catalogue, and what a size's units are doing.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use super::{OrderLineRecord, Shortage, Stage, StockLedger};
use crate::columns::Stored;
use crate::db::DbConnection;
use crate::ids::ProductId;
use crate::schema::{order_lines, orders, product_stock};
use crate::{Store, StoreError};

/// Quantities by (product, size), in the order stock rows are locked in.
pub(super) fn quantities<'a>(
    lines: impl Iterator<Item = (&'a str, &'a str, i64)>,
) -> Vec<(&'a str, &'a str, i64)> {
    let mut wanted: Vec<(&str, &str, i64)> = Vec::new();
    for (product, size, quantity) in lines {
        match wanted
            .iter_mut()
            .find(|(p, s, _)| *p == product && *s == size)
        {
            Some(entry) => entry.2 += quantity,
            None => wanted.push((product, size, quantity)),
        }
    }
    wanted.sort_unstable();
    wanted
}

/// Records that these products' stock changed, for every process's catalogue.
pub(super) fn note_stock_changes(
    conn: &mut DbConnection,
    products: &[&str],
    now: NaiveDateTime,
) -> QueryResult<()> {
    let mut seen: Vec<&str> = products.to_vec();
    seen.dedup();
    for product in seen {
        crate::note_catalogue_change(conn, Some(product), now)?;
    }
    Ok(())
}

/// Takes `wanted` off sale, line by line, or answers the first line short of it (the caller
/// rolls back what was taken).
pub(super) fn take_stock(
    conn: &mut DbConnection,
    wanted: &[(&str, &str, i64)],
    now: NaiveDateTime,
) -> QueryResult<Option<Shortage>> {
    for (product, size, quantity) in wanted {
        let taken = diesel::update(
            product_stock::table
                .filter(product_stock::product_id.eq(product))
                .filter(product_stock::size.eq(size))
                .filter(product_stock::quantity.ge(*quantity as i32)),
        )
        .set(product_stock::quantity.eq(product_stock::quantity - *quantity as i32))
        .execute(conn)?;
        if taken == 0 {
            let left: Option<i32> = product_stock::table
                .filter(product_stock::product_id.eq(product))
                .filter(product_stock::size.eq(size))
                .select(product_stock::quantity)
                .first(conn)
                .optional()?;
            return Ok(Some(Shortage {
                product_id: ProductId::new(*product),
                size: (*size).to_owned(),
                left: left.and_then(|n| u32::try_from(n).ok()).unwrap_or(0),
            }));
        }
    }
    crate::brand_events::stock_taken(conn, wanted.iter().copied(), now)?;
    let products: Vec<&str> = wanted.iter().map(|(product, _, _)| *product).collect();
    note_stock_changes(conn, &products, now)?;
    Ok(None)
}

/// Takes `wanted` off sale and puts `given_back` (a released checkout's lines) back on sale in
/// one pass over the stock rows, in their lock order, so that a checkout replacing another
/// never waits for a row while holding a later one. A row short of what it needs after the
/// give-back is answered (the caller rolls back what was done).
pub(super) fn exchange_stock(
    conn: &mut DbConnection,
    wanted: &[(&str, &str, i64)],
    given_back: &[(&str, &str, i64)],
    now: NaiveDateTime,
) -> QueryResult<Option<Shortage>> {
    let mut rows: Vec<(&str, &str, i64, i64)> = Vec::new();
    for (product, size, quantity) in wanted {
        rows.push((product, size, *quantity, 0));
    }
    for (product, size, quantity) in given_back {
        match rows
            .iter_mut()
            .find(|(p, s, _, _)| p == product && s == size)
        {
            Some(row) => row.3 += quantity,
            None => rows.push((product, size, 0, *quantity)),
        }
    }
    rows.sort_unstable();
    for (product, size, take, back) in &rows {
        let net = take - back;
        let row = product_stock::table
            .filter(product_stock::product_id.eq(product))
            .filter(product_stock::size.eq(size));
        if net > 0 {
            let taken = diesel::update(row.filter(product_stock::quantity.ge(net as i32)))
                .set(product_stock::quantity.eq(product_stock::quantity - net as i32))
                .execute(conn)?;
            if taken == 0 {
                let left: Option<i32> =
                    row.select(product_stock::quantity).first(conn).optional()?;
                return Ok(Some(Shortage {
                    product_id: ProductId::new(*product),
                    size: (*size).to_owned(),
                    left: left
                        .map(|n| i64::from(n) + back)
                        .and_then(|n| u32::try_from(n).ok())
                        .unwrap_or(0),
                }));
            }
        } else if net < 0 {
            diesel::update(row)
                .set(product_stock::quantity.eq(product_stock::quantity - net as i32))
                .execute(conn)?;
        }
    }
    crate::brand_events::stock_taken(conn, rows.iter().map(|(p, s, t, b)| (*p, *s, t - b)), now)?;
    let products: Vec<&str> = rows.iter().map(|(product, _, _, _)| *product).collect();
    note_stock_changes(conn, &products, now)?;
    Ok(None)
}

/// Puts `lines` back on sale (a size no longer sold is left alone).
pub(super) fn give_back_stock(
    conn: &mut DbConnection,
    lines: &[OrderLineRecord],
    now: NaiveDateTime,
) -> QueryResult<()> {
    let wanted = quantities(lines.iter().map(|l| {
        (
            l.product_id.as_str(),
            l.size.as_str(),
            i64::from(l.quantity),
        )
    }));
    for (product, size, quantity) in &wanted {
        diesel::update(
            product_stock::table
                .filter(product_stock::product_id.eq(product))
                .filter(product_stock::size.eq(size)),
        )
        .set(product_stock::quantity.eq(product_stock::quantity + *quantity as i32))
        .execute(conn)?;
    }
    let products: Vec<&str> = wanted.iter().map(|(product, _, _)| *product).collect();
    note_stock_changes(conn, &products, now)
}

impl Store {
    /// Sets what is for sale of one product's size (a bench's or an operator's restock), and
    /// notes the change for every process's catalogue in the same transaction. `false`, and
    /// nothing written, when the product does not come in that size.
    pub fn set_stock(
        &self,
        product_id: &ProductId,
        size: &str,
        quantity: u32,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let quantity = i32::try_from(quantity)
            .map_err(|_| StoreError::Config(format!("a stock of {quantity} is too large")))?;
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        Ok(conn.transaction(|conn| {
            crate::brand_events::stock_set(
                conn,
                product_id.as_str(),
                &[(size.to_owned(), quantity.unsigned_abs())],
                now.naive_utc(),
            )?;
            let set = diesel::update(
                product_stock::table
                    .filter(product_stock::product_id.eq(product_id))
                    .filter(product_stock::size.eq(size)),
            )
            .set(product_stock::quantity.eq(quantity))
            .execute(conn)?;
            if set == 1 {
                note_stock_changes(conn, &[product_id.as_str()], now.naive_utc())?;
            }
            QueryResult::Ok(set == 1)
        })?)
    }

    /// Where the units of one product's size are: for sale, in placed orders and in reserved
    /// ones (see [`StockLedger`]); `None` when the product does not come in that size.
    pub fn stock_ledger(
        &self,
        product_id: &ProductId,
        size: &str,
    ) -> Result<Option<StockLedger>, StoreError> {
        let mut conn = self.conn()?;
        let Some(left) = product_stock::table
            .filter(product_stock::product_id.eq(product_id))
            .filter(product_stock::size.eq(size))
            .select(product_stock::quantity)
            .first::<i32>(&mut conn)
            .optional()?
        else {
            return Ok(None);
        };
        let by_stage: Vec<(Stored<Stage>, Option<i64>)> = order_lines::table
            .inner_join(orders::table)
            .filter(order_lines::product_id.eq(product_id))
            .filter(order_lines::size.eq(size))
            .group_by(orders::stage)
            .select((orders::stage, diesel::dsl::sum(order_lines::quantity)))
            .load(&mut conn)?;
        let units = |stage: Stage| {
            by_stage
                .iter()
                .filter(|(stored, _)| stored.0 == stage)
                .filter_map(|(_, units)| *units)
                .sum()
        };
        Ok(Some(StockLedger {
            left_for_sale: i64::from(left),
            placed: units(Stage::Placed),
            reserved: units(Stage::Reserved),
        }))
    }
}
