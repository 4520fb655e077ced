//! Reserving a priced checkout, lapsing unpaid ones, and placing the paid order.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use ::orders::{PaymentStatus, RefundStatus};

use super::stock::{exchange_stock, give_back_stock, quantities, take_stock};
use super::{
    NewOrder, OrderLineRecord, Placement, Reservation, Stage, StoredOrder, Undo, load_lines,
    load_order, lock_order, settle,
};
use crate::columns::Stored;
use crate::coupons::{CouponClaim, claim};
use crate::db::DbConnection;
use crate::ids::{OrderId, ProductId, UserId};
use crate::schema::{
    bag_lines, bags, cancel_requests, coupon_uses, coupons, order_lines, order_shipments, orders,
};
use crate::{Store, StoreError};

/// How many times [`Store::reserve_order`] tries when checkouts of one shopper race: one more
/// than the racers a hurried shopper's double taps and open tabs make.
const RESERVE_ATTEMPTS: u32 = 5;

/// Gives back the coupon use `order_id` claimed, if it did.
fn release_coupon(conn: &mut DbConnection, coupon_id: &str, order_id: &OrderId) -> QueryResult<()> {
    let released = diesel::delete(
        coupon_uses::table
            .filter(coupon_uses::coupon_id.eq(coupon_id))
            .filter(coupon_uses::order_id.eq(order_id)),
    )
    .execute(conn)?;
    if released > 0 {
        diesel::update(
            coupons::table
                .filter(coupons::id.eq(coupon_id))
                .filter(coupons::times_used.gt(0)),
        )
        .set(coupons::times_used.eq(coupons::times_used - 1))
        .execute(conn)?;
    }
    Ok(())
}

/// Lapses one reserved order: stage lapsed, its stock and coupon use given back. `false` when
/// it is no longer reserved (paid, or lapsed by another process).
fn lapse(conn: &mut DbConnection, order_id: &OrderId, now: NaiveDateTime) -> QueryResult<bool> {
    let lapsed = diesel::update(
        orders::table
            .filter(orders::id.eq(order_id))
            .filter(orders::stage.eq(Stored(Stage::Reserved))),
    )
    .set(orders::stage.eq(Stored(Stage::Lapsed)))
    .execute(conn)?;
    if lapsed == 0 {
        return Ok(false);
    }
    let lines = load_lines(conn, &[order_id.as_str()])?;
    give_back_stock(conn, &lines, now)?;
    let coupon: Option<String> = orders::table
        .filter(orders::id.eq(order_id))
        .select(orders::coupon_id)
        .first(conn)?;
    if let Some(coupon) = coupon {
        release_coupon(conn, &coupon, order_id)?;
    }
    Ok(true)
}

/// Takes a lapsed order's stock and coupon use again, or refuses (`Undo::Outcome`) when either
/// is gone; the caller's savepoint then rolls back what was taken.
fn retake(
    conn: &mut DbConnection,
    stored: &StoredOrder,
    now: NaiveDateTime,
) -> Result<(), Undo<()>> {
    let order = &stored.order;
    let wanted = quantities(stored.lines.iter().map(|l| {
        (
            l.product_id.as_str(),
            l.size.as_str(),
            i64::from(l.quantity),
        )
    }));
    if take_stock(conn, &wanted, now)?.is_some() {
        return Err(Undo::Outcome(()));
    }
    if let Some(coupon) = &order.coupon_id {
        let claimed = claim(conn, coupon, &order.user_id, &order.id, now.and_utc())?;
        if !matches!(claimed, CouponClaim::Claimed | CouponClaim::AlreadyClaimed) {
            return Err(Undo::Outcome(()));
        }
    }
    Ok(())
}

impl Store {
    /// Stores a priced checkout and reserves it in one transaction: the shopper's open checkout,
    /// if any, released (its stock back on sale, its coupon use given back, its stage lapsed),
    /// every line's stock taken off sale and the coupon's use claimed
    /// ([`crate::claim_coupon_use`]), or nothing written. The order's stage must be
    /// [`Stage::Reserved`]. A shopper has at most one open checkout however two of theirs race:
    /// the loser of a race for the one-open-checkout index, or for releasing the same open
    /// checkout, starts again (up to `RESERVE_ATTEMPTS` times in all) and then releases the
    /// winner's.
    pub fn reserve_order(&self, new: &NewOrder) -> Result<Reservation, StoreError> {
        let mut attempts = 0;
        loop {
            attempts += 1;
            match self.try_reserve_order(new) {
                Err(StoreError::Query(
                    diesel::result::Error::DatabaseError(
                        diesel::result::DatabaseErrorKind::UniqueViolation,
                        _,
                    )
                    | diesel::result::Error::RollbackTransaction,
                )) if attempts < RESERVE_ATTEMPTS => {}
                outcome => return outcome,
            }
        }
    }

    fn try_reserve_order(&self, new: &NewOrder) -> Result<Reservation, StoreError> {
        let now = new.order.created_at;
        let user = &new.order.user_id;
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        settle(conn.transaction(|conn| {
            // The first statement writes the shopper's open checkouts' rows: SQLite's write
            // lock is taken before anything is read, and PostgreSQL queues a racing checkout
            // of the same shopper behind this one (see the module's notes).
            diesel::update(
                orders::table
                    .filter(orders::user_id.eq(user))
                    .filter(orders::stage.eq(Stored(Stage::Reserved))),
            )
            .set(orders::stage.eq(orders::stage))
            .execute(conn)?;
            let open: Vec<(OrderId, Option<String>)> = orders::table
                .filter(orders::user_id.eq(user))
                .filter(orders::stage.eq(Stored(Stage::Reserved)))
                .select((orders::id, orders::coupon_id))
                .load(conn)?;
            let open_ids: Vec<&str> = open.iter().map(|(id, _)| id.as_str()).collect();
            // Only the transaction that moves an open checkout from reserved to lapsed gives its
            // stock back: one that finds another got there first starts again.
            if !open_ids.is_empty() {
                let released = diesel::update(
                    orders::table
                        .filter(orders::id.eq_any(&open_ids))
                        .filter(orders::stage.eq(Stored(Stage::Reserved))),
                )
                .set(orders::stage.eq(Stored(Stage::Lapsed)))
                .execute(conn)?;
                if released != open_ids.len() {
                    return Err(Undo::Query(diesel::result::Error::RollbackTransaction));
                }
            }
            let released = load_lines(conn, &open_ids)?;
            let wanted = quantities(new.lines.iter().map(|l| {
                (
                    l.product_id.as_str(),
                    l.size.as_str(),
                    i64::from(l.quantity),
                )
            }));
            let given_back = quantities(released.iter().map(|l| {
                (
                    l.product_id.as_str(),
                    l.size.as_str(),
                    i64::from(l.quantity),
                )
            }));
            if let Some(short) = exchange_stock(conn, &wanted, &given_back, now)? {
                return Err(Undo::Outcome(Reservation::Short(short)));
            }
            diesel::insert_into(orders::table)
                .values(new.order.clone())
                .execute(conn)?;
            // Coupon rows are taken in id order too; a coupon given back and claimed again is
            // given back first.
            let mut coupon_steps: Vec<(&str, Option<&OrderId>)> = open
                .iter()
                .filter_map(|(id, coupon)| Some((coupon.as_deref()?, Some(id))))
                .collect();
            if let Some(coupon) = &new.order.coupon_id {
                coupon_steps.push((coupon, None));
            }
            coupon_steps
                .sort_unstable_by(|a, b| a.0.cmp(b.0).then(a.1.is_none().cmp(&b.1.is_none())));
            for (coupon, released_by) in coupon_steps {
                match released_by {
                    Some(order_id) => release_coupon(conn, coupon, order_id)?,
                    None => {
                        let claimed = claim(conn, coupon, user, &new.order.id, now.and_utc())?;
                        if claimed != CouponClaim::Claimed {
                            return Err(Undo::Outcome(Reservation::Coupon(claimed)));
                        }
                    }
                }
            }
            let rows: Vec<OrderLineRecord> = new
                .lines
                .iter()
                .zip(0i32..)
                .map(|(line, position)| OrderLineRecord {
                    order_id: new.order.id.clone(),
                    position,
                    product_id: line.product_id.clone(),
                    name: line.name.clone(),
                    image: line.image.clone(),
                    size: line.size.clone(),
                    quantity: i32::try_from(line.quantity).unwrap_or(i32::MAX),
                    unit_price_paise: line.unit_price_paise,
                })
                .collect();
            per_backend!(conn, |c| diesel::insert_into(order_lines::table)
                .values(&rows)
                .execute(c))?;
            Ok(Reservation::Reserved)
        }))
    }

    /// Remembers the payment service's order a reserved order is paid through.
    pub fn set_provider_order(
        &self,
        order_id: &OrderId,
        provider_order_id: &str,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        diesel::update(orders::table.filter(orders::id.eq(order_id)))
            .set(orders::provider_order_id.eq(provider_order_id))
            .execute(&mut conn)?;
        Ok(())
    }

    /// The units `user_id`'s open checkout (reserved, its hold not run out at `now`) holds, by
    /// (product, size): the next checkout of theirs gives them back before it takes its own, so
    /// pricing counts them as for sale to this shopper alone. An expired hold is not counted:
    /// it lapses and its units go back on sale to everyone.
    pub fn held_by_open_checkout(
        &self,
        user_id: &UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<(ProductId, String, u32)>, StoreError> {
        let mut conn = self.conn()?;
        let open: Vec<String> = orders::table
            .filter(orders::user_id.eq(user_id))
            .filter(orders::stage.eq(Stored(Stage::Reserved)))
            .filter(orders::reserved_until.gt(now.naive_utc()))
            .select(orders::id)
            .load(&mut conn)?;
        if open.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<&str> = open.iter().map(String::as_str).collect();
        let lines = load_lines(&mut conn, &ids)?;
        Ok(quantities(lines.iter().map(|l| {
            (
                l.product_id.as_str(),
                l.size.as_str(),
                i64::from(l.quantity),
            )
        }))
        .into_iter()
        .map(|(product, size, quantity)| {
            (
                ProductId::new(product),
                size.to_owned(),
                u32::try_from(quantity).unwrap_or(0),
            )
        })
        .collect())
    }

    /// Lapses a reserved order now (its payment could not be started): its stock and coupon
    /// use are given back. `false` when it is not reserved.
    pub fn lapse_order(&self, order_id: &OrderId, now: DateTime<Utc>) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        Ok(conn.transaction(|conn| lapse(conn, order_id, now.naive_utc()))?)
    }

    /// Lapses every reserved order whose reservation ended at or before `now`, each in its own
    /// transaction, at most `limit` of them; answers how many lapsed. Safe to run from several
    /// processes at once: an order lapses once.
    pub fn lapse_expired(&self, now: DateTime<Utc>, limit: i64) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        let due: Vec<OrderId> = orders::table
            .filter(orders::stage.eq(Stored(Stage::Reserved)))
            .filter(orders::reserved_until.le(now.naive_utc()))
            .order(orders::reserved_until)
            .limit(limit)
            .select(orders::id)
            .load(&mut conn)?;
        let mut lapsed = 0;
        for id in due {
            if conn.transaction(|conn| lapse(conn, &id, now.naive_utc()))? {
                lapsed += 1;
            }
        }
        Ok(lapsed)
    }

    /// Deletes up to `limit` checkouts whose reservation lapsed before `before` and that no
    /// money ever touched (no payment, no refund), with their lines: nobody will pay them, and
    /// their stock and coupon use were given back when they lapsed. Answers how many went.
    pub fn prune_lapsed_orders(
        &self,
        before: DateTime<Utc>,
        limit: i64,
    ) -> Result<usize, StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        Ok(conn.transaction(|conn| {
            let gone: Vec<String> = orders::table
                .filter(orders::stage.eq(Stored(Stage::Lapsed)))
                .filter(orders::reserved_until.lt(before.naive_utc()))
                .filter(orders::payment_id.is_null())
                .filter(orders::refund_id.is_null())
                .filter(orders::refund_status.eq(Stored(RefundStatus::NotInitiated)))
                .filter(orders::payment_status.ne(Stored(PaymentStatus::Paid)))
                .order(orders::reserved_until)
                .limit(limit)
                .select(orders::id)
                .load(conn)?;
            if gone.is_empty() {
                return Ok::<_, diesel::result::Error>(0);
            }
            diesel::delete(order_lines::table.filter(order_lines::order_id.eq_any(&gone)))
                .execute(conn)?;
            diesel::delete(coupon_uses::table.filter(coupon_uses::order_id.eq_any(&gone)))
                .execute(conn)?;
            diesel::delete(cancel_requests::table.filter(cancel_requests::order_id.eq_any(&gone)))
                .execute(conn)?;
            diesel::delete(order_shipments::table.filter(order_shipments::order_id.eq_any(&gone)))
                .execute(conn)?;
            diesel::delete(orders::table.filter(orders::id.eq_any(&gone))).execute(conn)
        })?)
    }

    /// Places the order paid by `payment_id`, in one transaction: stage placed, payment Paid,
    /// and its lines taken out of the shopper's bag when it was bought from there. Placing it
    /// again with the same payment answers the same order and writes nothing. Only a payment
    /// the payment service says is `captured` places an order. An order whose reservation
    /// lapsed takes its stock and coupon use again when they are still there; when they are
    /// not, the same transaction records the payment on it with a refund to start
    /// (`refund_status` initiated), so that the order is never placed later, whoever asks.
    pub fn place_order(
        &self,
        order_id: &OrderId,
        payment_id: &str,
        captured: bool,
        now: DateTime<Utc>,
    ) -> Result<Placement, StoreError> {
        let now = now.naive_utc();
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        settle(conn.transaction(|conn| {
            if !lock_order(
                conn,
                order_id,
                &[Stage::Reserved, Stage::Placed, Stage::Lapsed],
            )? {
                return Err(Undo::Outcome(Placement::Missing));
            }
            let Some(stored) = load_order(conn, order_id)? else {
                return Err(Undo::Outcome(Placement::Missing));
            };
            let order = &stored.order;
            match (order.stage, order.payment_id.as_deref()) {
                (Stage::Placed, Some(paid_by)) if paid_by == payment_id => {
                    return Err(Undo::Outcome(Placement::AlreadyPlaced(Box::new(stored))));
                }
                (Stage::Placed, _) => {
                    return Err(Undo::Outcome(Placement::PaidTwice(Box::new(stored))));
                }
                // A lapsed order that a payment was refused for is never placed: this payment
                // again is that refusal again, and another payment paid for nothing.
                (Stage::Lapsed, Some(paid_by)) if paid_by == payment_id => {
                    return Err(Undo::Outcome(Placement::Unavailable));
                }
                (Stage::Lapsed, Some(_)) => {
                    return Err(Undo::Outcome(Placement::PaidTwice(Box::new(stored))));
                }
                _ if !captured => return Err(Undo::Outcome(Placement::NotCaptured)),
                (Stage::Lapsed, None) => {
                    // The stock and the coupon use are taken again in a savepoint, so that
                    // when they are gone the refund is recorded without them.
                    match conn.transaction(|conn| retake(conn, &stored, now)) {
                        Ok(()) => {}
                        Err(Undo::Outcome(())) => {
                            diesel::update(orders::table.filter(orders::id.eq(order_id)))
                                .set((
                                    orders::payment_id.eq(payment_id),
                                    orders::payment_status.eq(Stored(PaymentStatus::Paid)),
                                    orders::refund_status.eq(Stored(RefundStatus::Initiated)),
                                ))
                                .execute(conn)?;
                            return Ok(Placement::Unavailable);
                        }
                        Err(Undo::Query(e)) => return Err(Undo::Query(e)),
                    }
                }
                (Stage::Reserved, _) => {}
            }
            diesel::update(orders::table.filter(orders::id.eq(order_id)))
                .set((
                    orders::stage.eq(Stored(Stage::Placed)),
                    orders::payment_id.eq(payment_id),
                    orders::payment_status.eq(Stored(PaymentStatus::Paid)),
                    orders::placed_at.eq(now),
                ))
                .execute(conn)?;
            crate::brand_events::order_placed(conn, order_id, now)?;
            if order.from_bag {
                crate::note_session_change(conn, &order.user_id)?;
                // Only the lines bought go: anything added to the bag while paying stays.
                per_backend!(conn, |c| diesel::insert_into(bags::table)
                    .values((bags::user_id.eq(&order.user_id), bags::changed_at.eq(now)))
                    .on_conflict(bags::user_id)
                    .do_update()
                    .set(bags::changed_at.eq(now))
                    .execute(c))?;
                for line in &stored.lines {
                    diesel::delete(
                        bag_lines::table
                            .filter(bag_lines::user_id.eq(&order.user_id))
                            .filter(bag_lines::product_id.eq(&line.product_id))
                            .filter(bag_lines::size.eq(&line.size)),
                    )
                    .execute(conn)?;
                }
            }
            let placed = load_order(conn, order_id)?.ok_or(diesel::result::Error::NotFound)?;
            crate::insights::note_order_placed(conn, &placed, now)?;
            Ok(Placement::Placed(Box::new(placed)))
        }))
    }
}
