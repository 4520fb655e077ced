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

use chrono::NaiveDateTime;
use diesel::prelude::*;

use ::orders::{Decision, DeliveryStatus, OrderStatus, PaymentStatus, RefundStatus};
use delivery::DeliverySpeed;

use crate::StoreError;
use crate::columns::{Stored, StoredOption};
use crate::coupons::CouponClaim;
use crate::db::DbConnection;
use crate::ids::{BrandId, CancelRequestId, OrderId, ProductId, UserId};
use crate::schema::{cancel_requests, order_lines, order_shipments, orders};

mod cancellation;
mod queries;
mod refunds;
mod reservation;
mod shipments;
mod stock;

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

/// What [`crate::Store::reserve_order`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reservation {
    /// The order is stored, its stock off sale and its coupon use claimed.
    Reserved,
    /// A line has fewer units for sale than it wants; nothing was written.
    Short(Shortage),
    /// The coupon's use could not be claimed (its limits); nothing was written.
    Coupon(CouponClaim),
}

/// What [`crate::Store::place_order`] did.
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

/// A refund this caller is to ask the payment service for ([`crate::Store::claim_refund`]).
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

/// What [`crate::Store::change_order`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed<E> {
    /// Written; the order as it is now.
    Done(Box<StoredOrder>),
    /// The caller refused the change; nothing was written.
    Refused(E),
    /// No placed order has that id.
    Missing,
}

/// What [`crate::Store::set_shipment`] did.
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

/// Where the units of one product's size are, by [`crate::Store::stock_ledger`]. Set with
/// [`crate::Store::set_stock`] before any order of the size, the three add up to the stock set,
/// until an order of it is cancelled.
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
