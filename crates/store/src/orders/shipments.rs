//! Express bookings: checked and recorded under the order's lock, the fallback to standard, and the
//! orders to track.

use chrono::{DateTime, Utc};
use diesel::prelude::*;

use ::orders::DeliveryStatus;
use delivery::DeliverySpeed;

use super::{
    Booking, Changed, ShipmentRecord, Stage, StoredOrder, Undo, load_order, lock_order, settle,
};
use crate::columns::Stored;
use crate::db::DbConnection;
use crate::ids::OrderId;
use crate::schema::{order_shipments, orders};
use crate::{Store, StoreError};

impl Store {
    /// Reads a placed order under its lock and lets `check` refuse it; writes nothing. What a
    /// caller about to ask an outside service for the order (an express courier) checks, so
    /// that the check waits for a change of the order in progress.
    pub fn check_order<E>(
        &self,
        order_id: &OrderId,
        check: impl FnOnce(&StoredOrder) -> Result<(), E>,
    ) -> Result<Changed<E>, StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        settle(conn.transaction(|conn| {
            if !lock_order(conn, order_id, &[Stage::Placed])? {
                return Err(Undo::Outcome(Changed::Missing));
            }
            let stored = load_order(conn, order_id)?.ok_or(diesel::result::Error::NotFound)?;
            check(&stored).map_err(|e| Undo::Outcome(Changed::Refused(e)))?;
            Ok(Changed::Done(Box::new(stored)))
        }))
    }

    /// Records an express booking under the order's lock, unless `check` refuses the order as
    /// it is now (cancelled meanwhile: the caller cancels the booking) or it has a booking
    /// already (a concurrent booking won: the order with it). `Done` answers the order with
    /// this booking.
    pub fn set_shipment<E>(
        &self,
        shipment: &ShipmentRecord,
        check: impl FnOnce(&StoredOrder) -> Result<(), E>,
    ) -> Result<Booking<E>, StoreError> {
        let order_id = &shipment.order_id;
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        settle(conn.transaction(|conn| {
            if !lock_order(conn, order_id, &[Stage::Placed])? {
                return Err(Undo::Outcome(Booking::Missing));
            }
            let stored = load_order(conn, order_id)?.ok_or(diesel::result::Error::NotFound)?;
            if stored.shipment.is_some() {
                return Err(Undo::Outcome(Booking::BookedBefore(Box::new(stored))));
            }
            check(&stored).map_err(|e| Undo::Outcome(Booking::Refused(e)))?;
            diesel::insert_into(order_shipments::table)
                .values(shipment)
                .execute(conn)?;
            Ok(Booking::Booked)
        }))
    }

    /// Makes an express order standard, with the standard estimate, when its express booking
    /// failed and none was recorded. Its delivery fee stays as paid.
    pub fn fall_back_to_standard(
        &self,
        order_id: &OrderId,
        estimated_delivery: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        diesel::update(
            orders::table
                .filter(orders::id.eq(order_id))
                .filter(diesel::dsl::not(diesel::dsl::exists(
                    order_shipments::table.filter(order_shipments::order_id.eq(order_id)),
                ))),
        )
        .set((
            orders::delivery_speed.eq(Stored(DeliverySpeed::Standard)),
            orders::estimated_delivery.eq(estimated_delivery.naive_utc()),
        ))
        .execute(&mut conn)?;
        Ok(())
    }

    /// Placed orders with an express booking whose delivery status may still move: the ones
    /// to track with the shipping service, with their shipment ids.
    pub fn shipments_to_track(&self, limit: i64) -> Result<Vec<(OrderId, i64)>, StoreError> {
        let mut conn = self.conn()?;
        Ok(orders::table
            .inner_join(order_shipments::table)
            .filter(orders::stage.eq(Stored(Stage::Placed)))
            .filter(orders::delivery_status.ne_all([
                Stored(DeliveryStatus::Delivered),
                Stored(DeliveryStatus::Cancelled),
            ]))
            .order(orders::created_at)
            .limit(limit)
            .select((orders::id, order_shipments::shipment_id))
            .load(&mut conn)?)
    }
}
