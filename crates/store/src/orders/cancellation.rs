//! Changing a placed order: cancellation requests, their review, and delivery moves.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use super::stock::give_back_stock;
use super::{
    Changed, OrderChange, RequestChange, Stage, StoredOrder, Undo, load_order, lock_order, settle,
};
use crate::columns::{Stored, StoredOption};
use crate::db::DbConnection;
use crate::ids::OrderId;
use crate::schema::{cancel_requests, orders};
use crate::{Store, StoreError};

impl Store {
    /// Changes a placed order in one transaction: takes the order's lock, reads it, lets
    /// `decide` (the `orders` crate's rules) answer the fields to write, and writes them with
    /// its cancellation request and, for an approved cancellation, every line's stock back on
    /// sale.
    pub fn change_order<E>(
        &self,
        order_id: &OrderId,
        now: DateTime<Utc>,
        decide: impl FnOnce(&StoredOrder) -> Result<OrderChange, E>,
    ) -> Result<Changed<E>, StoreError> {
        let now = now.naive_utc();
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        settle(conn.transaction(|conn| {
            if !lock_order(conn, order_id, &[Stage::Placed])? {
                return Err(Undo::Outcome(Changed::Missing));
            }
            let stored = load_order(conn, order_id)?.ok_or(diesel::result::Error::NotFound)?;
            let change = decide(&stored).map_err(|e| Undo::Outcome(Changed::Refused(e)))?;
            diesel::update(orders::table.filter(orders::id.eq(order_id)))
                .set((
                    orders::delivery_status.eq(Stored(change.delivery_status.clone())),
                    orders::status.eq(StoredOption(change.status)),
                    orders::refund_status.eq(Stored(change.refund_status)),
                ))
                .execute(conn)?;
            match &change.request {
                RequestChange::Keep => {}
                RequestChange::Open(request) => {
                    diesel::insert_into(cancel_requests::table)
                        .values(request.clone())
                        .execute(conn)?;
                    crate::brand_events::cancellation_requested(conn, order_id, request.line, now)?;
                }
                RequestChange::Decide { decision, by } => {
                    diesel::update(
                        cancel_requests::table
                            .filter(cancel_requests::order_id.eq(order_id))
                            .filter(cancel_requests::decision.is_null()),
                    )
                    .set((
                        cancel_requests::decision.eq(StoredOption(Some(*decision))),
                        cancel_requests::decided_by.eq(by),
                        cancel_requests::decided_at.eq(now),
                    ))
                    .execute(conn)?;
                }
            }
            if change.return_stock {
                give_back_stock(conn, &stored.lines, now)?;
            }
            let changed = load_order(conn, order_id)?.ok_or(diesel::result::Error::NotFound)?;
            Ok(Changed::Done(Box::new(changed)))
        }))
    }
}
