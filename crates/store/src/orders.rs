//! Orders: the priced snapshot a checkout reserves, its placement once paid, and its life
//! after (cancellation requests, the brand's review, refunds, delivery moves, shipments).
//!
//! What an order costs, whether it may be cancelled and which status comes next are decided by
//! the callers (the `pricing`, `delivery` and `orders` crates); this module keeps each step
//! atomic and the stock consistent:
//!
//! - `product_stock.quantity` is what is left for sale. A reservation takes its lines off sale
//!   with one conditional `UPDATE ... SET quantity = quantity - n WHERE quantity >= n` per line,
//!   so however many checkouts race for the last units, the quantity never goes below zero and
//!   exactly as many succeed as there were units. Placing the order keeps them off sale; a
//!   reservation that lapses, or an approved cancellation, puts them back.
//! - Stock rows are always taken in (product, size) order, then the coupon, then the bag, so
//!   two transactions on PostgreSQL never wait for each other in a circle.
//! - Every write to stock adds a row to `catalogue_changes` in the same transaction, which is
//!   how every API process's in-memory catalogue learns the new quantity.
//! - A change to a stored order first writes its row without changing it: SQLite then holds its
//!   write lock before anything is read, and PostgreSQL's row lock queues concurrent changes of
//!   that order (a browser's verify and a webhook, two reviewers) one after the other.

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;

use ::orders::{Decision, DeliveryStatus, OrderStatus, PaymentStatus, RefundStatus};
use delivery::DeliverySpeed;

use crate::columns::{Stored, StoredOption};
use crate::coupons::{CouponClaim, claim};
use crate::db::DbConnection;
use crate::ids::{BrandId, CancelRequestId, OrderId, ProductId, UserId};
use crate::schema::{
    bag_lines, bags, cancel_requests, catalogue_changes, coupon_uses, coupons, order_lines,
    order_refund_claims, order_shipments, orders, payment_events, product_stock,
};
use crate::{Store, StoreError};

/// Where an order is in its making.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Priced and paying: its stock is off sale and its coupon use claimed until
    /// `reserved_until`.
    Reserved,
    /// Paid: the shopper's order.
    Placed,
    /// Not paid in time: its stock and coupon use were given back.
    Lapsed,
}

impl Stage {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Reserved => "reserved",
            Stage::Placed => "placed",
            Stage::Lapsed => "lapsed",
        }
    }

    /// Reads a stored word; the table's CHECK allows no other.
    pub fn parse(raw: &str) -> Option<Stage> {
        [Stage::Reserved, Stage::Placed, Stage::Lapsed]
            .into_iter()
            .find(|stage| stage.as_str() == raw)
    }
}

/// A stored order, any stage. Money is paise; times are UTC.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = orders)]
pub struct OrderRecord {
    pub id: OrderId,
    pub user_id: UserId,
    pub brand_id: BrandId,
    #[diesel(deserialize_as = Stored<Stage>, serialize_as = Stored<Stage>)]
    pub stage: Stage,
    /// Bought from the bag (whose lines go when the order is placed), or with Buy Now.
    pub from_bag: bool,
    /// The delivery address as it was when the order was made.
    pub ship_name: String,
    pub ship_phone: String,
    pub ship_email: String,
    pub ship_address: String,
    pub ship_address_2: String,
    pub ship_city: String,
    pub ship_pincode: String,
    pub ship_state: String,
    pub ship_country: String,
    pub subtotal_paise: i64,
    pub discount_paise: i64,
    pub delivery_fee_paise: i64,
    pub total_paise: i64,
    #[diesel(deserialize_as = Stored<DeliverySpeed>, serialize_as = Stored<DeliverySpeed>)]
    pub delivery_speed: DeliverySpeed,
    pub estimated_delivery: NaiveDateTime,
    pub coupon_id: Option<String>,
    pub coupon_code: Option<String>,
    /// The payment service's order this checkout is paid through.
    pub provider_order_id: Option<String>,
    /// The payment that paid it.
    pub payment_id: Option<String>,
    #[diesel(deserialize_as = Stored<PaymentStatus>, serialize_as = Stored<PaymentStatus>)]
    pub payment_status: PaymentStatus,
    #[diesel(deserialize_as = Stored<DeliveryStatus>, serialize_as = Stored<DeliveryStatus>)]
    pub delivery_status: DeliveryStatus,
    /// `None` until someone asks to cancel.
    #[diesel(
        deserialize_as = StoredOption<OrderStatus>,
        serialize_as = StoredOption<OrderStatus>
    )]
    pub status: Option<OrderStatus>,
    #[diesel(deserialize_as = Stored<RefundStatus>, serialize_as = Stored<RefundStatus>)]
    pub refund_status: RefundStatus,
    pub refund_id: Option<String>,
    pub created_at: NaiveDateTime,
    pub reserved_until: NaiveDateTime,
    pub placed_at: Option<NaiveDateTime>,
}

/// One line of an order, as it was priced.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = order_lines)]
pub struct OrderLineRecord {
    pub order_id: OrderId,
    /// From 0, in the order the lines were bought; a cancellation's `productIndex`.
    pub position: i32,
    pub product_id: ProductId,
    pub name: String,
    pub image: Option<String>,
    pub size: String,
    pub quantity: i32,
    pub unit_price_paise: i64,
}

/// A cancellation request, open or decided.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = cancel_requests)]
pub struct CancelRequestRecord {
    pub id: CancelRequestId,
    pub order_id: OrderId,
    pub line: i32,
    pub reason: Option<String>,
    #[diesel(deserialize_as = Stored<DeliveryStatus>, serialize_as = Stored<DeliveryStatus>)]
    pub delivery_before: DeliveryStatus,
    pub requested_at: NaiveDateTime,
    /// `None` while it waits.
    #[diesel(deserialize_as = StoredOption<Decision>, serialize_as = StoredOption<Decision>)]
    pub decision: Option<Decision>,
    pub decided_by: Option<UserId>,
    pub decided_at: Option<NaiveDateTime>,
}

/// The shipping service's booking of an express delivery.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = order_shipments)]
pub struct ShipmentRecord {
    pub order_id: OrderId,
    /// What the shipping service tracks.
    pub shipment_id: i64,
    /// The service's numeric order id (`srNumericId`).
    pub order_ref: i64,
    /// The service's sales channel (`srChannelId`), when it said.
    pub channel_id: Option<i64>,
    pub booked_at: NaiveDateTime,
}

/// An order with its lines, the cancellation request waiting for review and its express
/// booking, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredOrder {
    pub order: OrderRecord,
    pub lines: Vec<OrderLineRecord>,
    pub open_request: Option<CancelRequestRecord>,
    pub shipment: Option<ShipmentRecord>,
}

impl StoredOrder {
    /// The fields of the order that the `orders` crate's rules change.
    pub fn lifecycle(&self) -> ::orders::Lifecycle {
        let order = &self.order;
        ::orders::Lifecycle {
            delivery: order.delivery_status.clone(),
            status: order.status,
            refund: order.refund_status,
            open_request: self
                .open_request
                .as_ref()
                .map(|request| ::orders::OpenRequest {
                    line: usize::try_from(request.line).unwrap_or(0),
                    reason: request.reason.clone(),
                    delivery_before: request.delivery_before.clone(),
                }),
        }
    }
}

/// A line not yet ordered: what the checkout priced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLine {
    pub product_id: ProductId,
    pub name: String,
    pub image: Option<String>,
    pub size: String,
    pub quantity: u32,
    pub unit_price_paise: i64,
}

/// A priced checkout to reserve: the order row (stage [`Stage::Reserved`]) and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewOrder {
    pub order: OrderRecord,
    pub lines: Vec<NewLine>,
}

/// A line that could not be reserved: `left` are for sale (0 when the size is gone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortage {
    pub product_id: ProductId,
    pub size: String,
    pub left: u32,
}

/// What [`Store::reserve_order`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reservation {
    /// The order is stored, its stock off sale and its coupon use claimed.
    Reserved,
    /// A line has fewer units for sale than it wants; nothing was written.
    Short(Shortage),
    /// The coupon's use could not be claimed (its limits); nothing was written.
    Coupon(CouponClaim),
}

/// What [`Store::place_order`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The order is placed now.
    Placed(Box<StoredOrder>),
    /// It was placed before with this payment: the same order, nothing written.
    AlreadyPlaced(Box<StoredOrder>),
    /// It was placed before with another payment: this payment paid for nothing.
    PaidTwice(Box<StoredOrder>),
    /// Its reservation lapsed (or was released for a newer checkout) before the payment came,
    /// and its stock or coupon is no longer there to take again: the payment is recorded on the
    /// order with its refund to start (now, or by an earlier call for the same payment).
    Unavailable,
    /// The payment service does not say the payment is captured; nothing was written.
    NotCaptured,
    /// No order has that id.
    Missing,
}

/// How many times [`Store::reserve_order`] tries when checkouts of one shopper race: one more
/// than the racers a hurried shopper's double taps and open tabs make.
const RESERVE_ATTEMPTS: u32 = 5;

/// A refund this caller is to ask the payment service for ([`Store::claim_refund`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundClaim {
    pub payment_id: String,
    pub amount_paise: i64,
}

/// How a change of a placed order treats its cancellation requests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestChange {
    /// As they are.
    Keep,
    /// A new request waits for review.
    Open(CancelRequestRecord),
    /// The waiting request is decided, by the reviewer.
    Decide { decision: Decision, by: UserId },
}

/// The fields a change of a placed order writes, as the `orders` crate decided them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderChange {
    pub delivery_status: DeliveryStatus,
    pub status: Option<OrderStatus>,
    pub refund_status: RefundStatus,
    pub request: RequestChange,
    /// Put every line's quantity back on sale (an approved cancellation).
    pub return_stock: bool,
}

impl OrderChange {
    /// The fields `lifecycle` writes, with the requests left as they are and no stock moved.
    pub fn of(lifecycle: &::orders::Lifecycle) -> Self {
        OrderChange {
            delivery_status: lifecycle.delivery.clone(),
            status: lifecycle.status,
            refund_status: lifecycle.refund,
            request: RequestChange::Keep,
            return_stock: false,
        }
    }
}

/// A refund's progress as [`Store::set_refund`] writes it; a `None` leaves its column as it is.
#[derive(AsChangeset)]
#[diesel(table_name = orders)]
struct RefundProgress<'a> {
    refund_id: Option<&'a str>,
    refund_status: Stored<RefundStatus>,
    payment_status: Option<Stored<PaymentStatus>>,
}

/// What [`Store::change_order`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed<E> {
    /// Written; the order as it is now.
    Done(Box<StoredOrder>),
    /// The caller refused the change; nothing was written.
    Refused(E),
    /// No placed order has that id.
    Missing,
}

/// What [`Store::set_shipment`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Booking<E> {
    /// Recorded.
    Booked,
    /// The order has another booking, recorded first: the order with it.
    BookedBefore(Box<StoredOrder>),
    /// `check` refused the order as it is now; nothing was written.
    Refused(E),
    /// No placed order has that id.
    Missing,
}

/// Where the units of one product's size are, by [`Store::stock_ledger`]. Set with
/// [`Store::set_stock`] before any order of the size, the three add up to the stock set, until
/// an order of it is cancelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StockLedger {
    /// `product_stock.quantity`: for sale now.
    pub left_for_sale: i64,
    /// In the lines of placed orders. An approved cancellation puts its units back on sale and
    /// its order stays placed, so they then count here and in `left_for_sale` both.
    pub placed: i64,
    /// In the lines of reserved orders, off sale until they are paid or lapse.
    pub reserved: i64,
}

/// A refusal or a failure inside a transaction; either rolls it back.
enum Undo<T> {
    Outcome(T),
    Query(diesel::result::Error),
}

impl<T> From<diesel::result::Error> for Undo<T> {
    fn from(e: diesel::result::Error) -> Self {
        Undo::Query(e)
    }
}

fn settle<T>(outcome: Result<T, Undo<T>>) -> Result<T, StoreError> {
    match outcome {
        Ok(value) | Err(Undo::Outcome(value)) => Ok(value),
        Err(Undo::Query(e)) => Err(StoreError::from(e)),
    }
}

/// Quantities by (product, size), in the order stock rows are locked in.
fn quantities<'a>(
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
fn note_stock_changes(
    conn: &mut DbConnection,
    products: &[&str],
    now: NaiveDateTime,
) -> QueryResult<()> {
    let mut seen: Vec<&str> = products.to_vec();
    seen.dedup();
    for product in seen {
        diesel::insert_into(catalogue_changes::table)
            .values((
                catalogue_changes::product_id.eq(product),
                catalogue_changes::changed_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Takes `wanted` off sale, line by line, or answers the first line short of it (the caller
/// rolls back what was taken).
fn take_stock(
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
    let products: Vec<&str> = wanted.iter().map(|(product, _, _)| *product).collect();
    note_stock_changes(conn, &products, now)?;
    Ok(None)
}

/// Takes `wanted` off sale and puts `given_back` (a released checkout's lines) back on sale in
/// one pass over the stock rows, in their lock order, so that a checkout replacing another
/// never waits for a row while holding a later one. A row short of what it needs after the
/// give-back is answered (the caller rolls back what was done).
fn exchange_stock(
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
    let products: Vec<&str> = rows.iter().map(|(product, _, _, _)| *product).collect();
    note_stock_changes(conn, &products, now)?;
    Ok(None)
}

/// Puts `lines` back on sale (a size no longer sold is left alone).
fn give_back_stock(
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

/// Writes the order's row without changing it (see the module's notes); `false` when there is
/// no order with that id in one of `stages`.
fn lock_order(conn: &mut DbConnection, order_id: &OrderId, stages: &[Stage]) -> QueryResult<bool> {
    let stages: Vec<Stored<Stage>> = stages.iter().copied().map(Stored).collect();
    let rows = diesel::update(
        orders::table
            .filter(orders::id.eq(order_id))
            .filter(orders::stage.eq_any(stages)),
    )
    .set(orders::stage.eq(orders::stage))
    .execute(conn)?;
    Ok(rows == 1)
}

fn load_lines(conn: &mut DbConnection, order_ids: &[&str]) -> QueryResult<Vec<OrderLineRecord>> {
    order_lines::table
        .filter(order_lines::order_id.eq_any(order_ids))
        .order((order_lines::order_id, order_lines::position))
        .select(OrderLineRecord::as_select())
        .load(conn)
}

/// The records with their lines and open requests, in the records' order.
fn assemble(conn: &mut DbConnection, records: Vec<OrderRecord>) -> QueryResult<Vec<StoredOrder>> {
    let ids: Vec<&str> = records.iter().map(|o| o.id.as_str()).collect();
    let mut lines = Vec::new();
    let mut requests = Vec::new();
    let mut shipments: Vec<ShipmentRecord> = Vec::new();
    // Bounded batches keep each IN list within both databases' limits on bound parameters.
    for batch in ids.chunks(500) {
        lines.extend(load_lines(conn, batch)?);
        requests.extend(
            cancel_requests::table
                .filter(cancel_requests::order_id.eq_any(batch))
                .filter(cancel_requests::decision.is_null())
                .select(CancelRequestRecord::as_select())
                .load(conn)?,
        );
        shipments.extend(
            order_shipments::table
                .filter(order_shipments::order_id.eq_any(batch))
                .select(ShipmentRecord::as_select())
                .load(conn)?,
        );
    }
    Ok(records
        .into_iter()
        .map(|order| {
            let own: Vec<OrderLineRecord> = lines
                .iter()
                .filter(|line| line.order_id == order.id)
                .cloned()
                .collect();
            let open_request = requests.iter().find(|r| r.order_id == order.id).cloned();
            let shipment = shipments.iter().find(|s| s.order_id == order.id).cloned();
            StoredOrder {
                order,
                lines: own,
                open_request,
                shipment,
            }
        })
        .collect())
}

fn load_order(conn: &mut DbConnection, order_id: &OrderId) -> QueryResult<Option<StoredOrder>> {
    let Some(record) = orders::table
        .filter(orders::id.eq(order_id))
        .select(OrderRecord::as_select())
        .first(conn)
        .optional()?
    else {
        return Ok(None);
    };
    Ok(assemble(conn, vec![record])?.pop())
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

    /// The order paid through the payment service's order `provider_order_id`.
    pub fn order_by_provider_order(
        &self,
        provider_order_id: &str,
    ) -> Result<Option<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        let id: Option<OrderId> = orders::table
            .filter(orders::provider_order_id.eq(provider_order_id))
            .select(orders::id)
            .first(&mut conn)
            .optional()?;
        match id {
            Some(id) => Ok(load_order(&mut conn, &id)?),
            None => Ok(None),
        }
    }

    /// The placed order of `user_id` paid by `payment_id`.
    pub fn order_by_payment(
        &self,
        user_id: &UserId,
        payment_id: &str,
    ) -> Result<Option<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        let id: Option<OrderId> = orders::table
            .filter(orders::payment_id.eq(payment_id))
            .filter(orders::user_id.eq(user_id))
            .filter(orders::stage.eq(Stored(Stage::Placed)))
            .select(orders::id)
            .first(&mut conn)
            .optional()?;
        match id {
            Some(id) => Ok(load_order(&mut conn, &id)?),
            None => Ok(None),
        }
    }

    /// The order with that id, any stage.
    pub fn order(&self, order_id: &OrderId) -> Result<Option<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        Ok(load_order(&mut conn, order_id)?)
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
            if order.from_bag {
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
            Ok(Placement::Placed(Box::new(placed)))
        }))
    }

    /// The shopper's placed orders, newest first.
    pub fn orders_of_user(&self, user_id: &UserId) -> Result<Vec<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        let records = orders::table
            .filter(orders::user_id.eq(user_id))
            .filter(orders::stage.eq(Stored(Stage::Placed)))
            .order((orders::created_at.desc(), orders::id.desc()))
            .select(OrderRecord::as_select())
            .load(&mut conn)?;
        Ok(assemble(&mut conn, records)?)
    }

    /// Placed orders of one brand (every brand's for `None`), newest first, at most `limit`,
    /// only those in `delivery_status` when given.
    pub fn orders_of_brand(
        &self,
        brand_id: Option<&BrandId>,
        delivery_status: Option<&str>,
        limit: i64,
    ) -> Result<Vec<StoredOrder>, StoreError> {
        let mut conn = self.conn()?;
        let mut query = orders::table
            .filter(orders::stage.eq(Stored(Stage::Placed)))
            .into_boxed();
        if let Some(brand) = brand_id {
            query = query.filter(orders::brand_id.eq(brand.clone()));
        }
        if let Some(status) = delivery_status {
            query = query.filter(orders::delivery_status.eq(status.to_owned()));
        }
        let records = query
            .order((orders::created_at.desc(), orders::id.desc()))
            .limit(limit)
            .select(OrderRecord::as_select())
            .load(&mut conn)?;
        Ok(assemble(&mut conn, records)?)
    }

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

    /// Records a refund's progress: the payment service's id once it has one, and the
    /// `refund_status` (and `payment_status`, when given) to show.
    pub fn set_refund(
        &self,
        order_id: &OrderId,
        refund_id: Option<&str>,
        refund_status: RefundStatus,
        payment_status: Option<PaymentStatus>,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        diesel::update(orders::table.filter(orders::id.eq(order_id)))
            .set(&RefundProgress {
                refund_id,
                refund_status: Stored(refund_status),
                payment_status: payment_status.map(Stored),
            })
            .execute(&mut conn)?;
        Ok(())
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
    /// a refund id already keeps it.
    pub fn refund_started(
        &self,
        order_id: &OrderId,
        refund_id: Option<&str>,
        refund_status: RefundStatus,
        payment_status: Option<PaymentStatus>,
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
            QueryResult::Ok(())
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
