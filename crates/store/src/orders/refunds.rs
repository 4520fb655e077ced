//! Refunds: claiming one so that it is asked for once, recording its progress, and the payment
//! service's webhook events.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use ::orders::{PaymentStatus, RefundStatus};

use super::{OrderRecord, RefundClaim};
use crate::columns::Stored;
use crate::db::DbConnection;
use crate::ids::OrderId;
use crate::schema::{order_refund_claims, orders, payment_events};
use crate::{Store, StoreError};

/// A refund's progress as [`Store::set_refund`] writes it; a `None` leaves its column as it is.
#[derive(AsChangeset)]
#[diesel(table_name = orders)]
struct RefundProgress<'a> {
    refund_id: Option<&'a str>,
    refund_status: Stored<RefundStatus>,
    payment_status: Option<Stored<PaymentStatus>>,
}

impl Store {
    /// Records a refund's progress at `now`: the payment service's id once it has one, and the
    /// `refund_status` (and `payment_status`, when given) to show; a refund completed raises
    /// the order's brands' `refund.completed` in the same transaction.
    pub fn set_refund(
        &self,
        order_id: &OrderId,
        refund_id: Option<&str>,
        refund_status: RefundStatus,
        payment_status: Option<PaymentStatus>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        Ok(conn.transaction(|conn| {
            diesel::update(orders::table.filter(orders::id.eq(order_id)))
                .set(&RefundProgress {
                    refund_id,
                    refund_status: Stored(refund_status),
                    payment_status: payment_status.map(Stored),
                })
                .execute(conn)?;
            crate::brand_events::refund_completed(conn, order_id, now.naive_utc())
        })?)
    }

    /// Claims the refund of `order_id` for one caller: answers the payment and the amount to
    /// refund when this caller is the one to ask the payment service, `None` when there is
    /// nothing to ask (no refund initiated, one asked already, or another caller's claim not
    /// yet ended). The claim ends at `until`, or before with [`Store::refund_started`] or
    /// [`Store::release_refund_claim`].
    pub fn claim_refund(
        &self,
        order_id: &OrderId,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<Option<RefundClaim>, StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let now = now.naive_utc();
        Ok(conn.transaction(|conn| {
            // The order's row is written first (see the module's notes): claimers of one
            // order queue here, so the claim read below is the one to beat.
            let due = diesel::update(
                orders::table
                    .filter(orders::id.eq(order_id))
                    .filter(orders::refund_status.eq(Stored(RefundStatus::Initiated)))
                    .filter(orders::refund_id.is_null())
                    .filter(orders::payment_id.is_not_null()),
            )
            .set(orders::refund_status.eq(orders::refund_status))
            .execute(conn)?;
            if due == 0 {
                return QueryResult::Ok(None);
            }
            let held: Option<NaiveDateTime> = order_refund_claims::table
                .find(order_id)
                .select(order_refund_claims::claimed_until)
                .first(conn)
                .optional()?;
            match held {
                Some(until) if until > now => return Ok(None),
                Some(_) => {
                    diesel::update(order_refund_claims::table.find(order_id))
                        .set(order_refund_claims::claimed_until.eq(until.naive_utc()))
                        .execute(conn)?;
                }
                None => {
                    diesel::insert_into(order_refund_claims::table)
                        .values((
                            order_refund_claims::order_id.eq(order_id),
                            order_refund_claims::claimed_until.eq(until.naive_utc()),
                        ))
                        .execute(conn)?;
                }
            }
            let (payment_id, amount_paise): (Option<String>, i64) = orders::table
                .filter(orders::id.eq(order_id))
                .select((orders::payment_id, orders::total_paise))
                .first(conn)?;
            Ok(payment_id.map(|payment_id| RefundClaim {
                payment_id,
                amount_paise,
            }))
        })?)
    }

    /// Records the refund the payment service started for a claimed order
    /// ([`Store::claim_refund`]) and ends the claim: its id (`None` when the service made it but
    /// its id is lost), and `refund_status` (and `payment_status`, when given). An order that has
    /// a refund id already keeps it. A refund completed raises the order's brands'
    /// `refund.completed` in the same transaction.
    pub fn refund_started(
        &self,
        order_id: &OrderId,
        refund_id: Option<&str>,
        refund_status: RefundStatus,
        payment_status: Option<PaymentStatus>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        Ok(conn.transaction(|conn| {
            diesel::update(
                orders::table
                    .filter(orders::id.eq(order_id))
                    .filter(orders::refund_id.is_null()),
            )
            .set(&RefundProgress {
                refund_id,
                refund_status: Stored(refund_status),
                payment_status: payment_status.map(Stored),
            })
            .execute(conn)?;
            diesel::delete(order_refund_claims::table.find(order_id)).execute(conn)?;
            crate::brand_events::refund_completed(conn, order_id, now.naive_utc())
        })?)
    }

    /// Ends a refund claim whose request the payment service did not take, so that the settler
    /// asks again.
    pub fn release_refund_claim(&self, order_id: &OrderId) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        diesel::delete(order_refund_claims::table.find(order_id)).execute(&mut conn)?;
        Ok(())
    }

    /// Whether the webhook event `event_id` was handled before.
    pub fn payment_event_seen(&self, event_id: &str) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        Ok(diesel::select(diesel::dsl::exists(
            payment_events::table.filter(payment_events::event_id.eq(event_id)),
        ))
        .get_result(&mut conn)?)
    }

    /// Records that the webhook event `event_id` was handled; `false` when it already was.
    pub fn record_payment_event(
        &self,
        event_id: &str,
        event: &str,
        payment_id: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let row = (
            payment_events::event_id.eq(event_id),
            payment_events::event.eq(event),
            payment_events::payment_id.eq(payment_id),
            payment_events::received_at.eq(now.naive_utc()),
        );
        let inserted = per_backend!(conn, |c| diesel::insert_into(payment_events::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(c))?;
        Ok(inserted == 1)
    }

    /// Orders whose refund is initiated and not yet completed: the ones to follow up.
    pub fn refunds_in_progress(&self, limit: i64) -> Result<Vec<OrderRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(orders::table
            .filter(orders::refund_status.eq(Stored(RefundStatus::Initiated)))
            .order(orders::created_at)
            .limit(limit)
            .select(OrderRecord::as_select())
            .load(&mut conn)?)
    }
}
