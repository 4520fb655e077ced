//! Orders after checkout: the shopper's placed orders, the express booking, the shopper's
//! cancellation request, and the brand console's view of its orders with their delivery moves
//! and cancellation reviews. Whose an order is comes from the caller: another shopper's order is
//! answered as if it did not exist, and a brand user never sees another brand's orders.

mod error;

use access::Role;
use orders::{CancelError, Decision, DeliveryStatus, ReviewOutcome, may_manage};
use serde_json::Value;
use store::ids::{BrandId, CancelRequestId, OrderId, UserId};
use store::{Changed, StoredOrder};

pub use error::OrdersError;

use crate::auth::Caller;
use crate::error::Named;
use crate::services::checkout::placement::{self, Express};
use crate::state::AppState;

/// How many orders the brand console lists at most.
const BRAND_ORDERS_LIMIT: i64 = 500;

/// An id a body must carry: trimmed, not blank.
fn present(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|t| !t.is_empty())
}

/// The caller's placed order `order_id`.
async fn own_order(
    state: &AppState,
    caller: &Caller,
    order_id: &OrderId,
) -> Result<StoredOrder, OrdersError> {
    let id = order_id.clone();
    state
        .db(move |store| store.order(&id))
        .await?
        .filter(|o| o.order.user_id == *caller.id() && o.order.stage == store::Stage::Placed)
        .ok_or(OrdersError::OrderNotFound)
}

/// The caller's order paid by `payment_id`: the same order every time for the same payment.
pub async fn of_payment(
    state: &AppState,
    caller: &Caller,
    payment_id: Option<&str>,
) -> Result<StoredOrder, OrdersError> {
    let payment_id = present(payment_id)
        .ok_or(OrdersError::PaymentIdRequired)?
        .to_owned();
    let user = caller.id().clone();
    state
        .db(move |store| store.order_by_payment(&user, &payment_id))
        .await?
        .ok_or(OrdersError::OrderNotFound)
}

/// The orders of `user_id`, newest first: the caller's own, or anyone's for an admin.
pub async fn of_user(
    state: &AppState,
    caller: &Caller,
    user_id: UserId,
) -> Result<Vec<StoredOrder>, OrdersError> {
    if user_id != *caller.id() && caller.role != Role::Admin {
        return Err(OrdersError::UserNotFound);
    }
    Ok(state
        .db(move |store| store.orders_of_user(&user_id))
        .await?)
}

/// Books the express delivery of the caller's order `order_id` (once).
pub async fn express(
    state: &AppState,
    caller: &Caller,
    order_id: Option<&str>,
) -> Result<Express, OrdersError> {
    let order_id = OrderId::new(present(order_id).ok_or(OrdersError::OrderIdRequired)?);
    let stored = own_order(state, caller, &order_id).await?;
    Ok(placement::book_express(state, &stored.order.id).await?)
}

/// A shopper's cancellation request as sent: `{orderId, productId, productIndex, reason}`.
#[derive(Debug)]
pub struct CancelRequestInput<'a> {
    pub order_id: Option<&'a str>,
    /// When given (and not blank), must be the product of line `product_index`.
    pub product_id: Option<&'a str>,
    pub product_index: Option<&'a Value>,
    pub reason: Option<&'a str>,
}

/// The shopper asks to cancel an order (001 §4): allowed until it is Shipped, and once while
/// a request waits. Answers the order with its request.
pub async fn request_cancellation(
    state: &AppState,
    caller: &Caller,
    input: CancelRequestInput<'_>,
) -> Result<StoredOrder, OrdersError> {
    let order_id = OrderId::new(present(input.order_id).ok_or(OrdersError::OrderIdRequired)?);
    let line = input
        .product_index
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or(OrdersError::InvalidLine)?;
    let reason = input.reason.unwrap_or_default().to_owned();
    orders::check_reason(&reason)?;
    let stored = own_order(state, caller, &order_id).await?;
    let ordered = stored.lines.get(line).ok_or(OrdersError::InvalidLine)?;
    if let Some(product) = present(input.product_id)
        && product != ordered.product_id
    {
        return Err(OrdersError::WrongProduct);
    }
    let now = state.clock.now();
    let request_id = CancelRequestId::new(uuid::Uuid::now_v7().to_string());
    let changed = state
        .db(move |store| {
            store.change_order(&order_id, now, |stored| {
                let after = stored.lifecycle().request_cancellation(line, &reason)?;
                let mut change = store::OrderChange::of(&after);
                if let Some(open) = after.open_request {
                    change.request = store::RequestChange::Open(store::CancelRequestRecord {
                        id: request_id,
                        order_id: stored.order.id.clone(),
                        line: i32::try_from(open.line).unwrap_or(i32::MAX),
                        reason: open.reason,
                        delivery_before: open.delivery_before,
                        requested_at: now.naive_utc(),
                        decision: None,
                        decided_by: None,
                        decided_at: None,
                    });
                }
                Ok::<_, CancelError>(change)
            })
        })
        .await?;
    done(changed, OrdersError::Cancel)
}

/// A change's answer: the order as it is now, the rule's refusal, or not found.
fn done<E>(
    changed: Changed<E>,
    refused: impl FnOnce(E) -> OrdersError,
) -> Result<StoredOrder, OrdersError> {
    match changed {
        Changed::Done(order) => Ok(*order),
        Changed::Refused(e) => Err(refused(e)),
        Changed::Missing => Err(OrdersError::OrderNotFound),
    }
}

/// The brand whose orders the caller manages: `Some` for a brand user, `None` for an admin
/// (every brand); refused for anyone else.
fn managed_brand(caller: &Caller) -> Result<Option<BrandId>, OrdersError> {
    match caller.role {
        Role::Admin => Ok(None),
        Role::BrandUser => match caller.user.brand_id.clone() {
            Some(brand) => Ok(Some(brand)),
            None => Err(OrdersError::Staff(orders::StaffError::NoBrand)),
        },
        Role::Shopper => Err(OrdersError::Staff(orders::StaffError::NotStaff)),
    }
}

/// A placed order the caller may manage; another brand's is not found.
async fn managed_order(
    state: &AppState,
    caller: &Caller,
    order_id: &OrderId,
) -> Result<StoredOrder, OrdersError> {
    managed_brand(caller)?;
    let id = order_id.clone();
    let stored = state
        .db(move |store| store.order(&id))
        .await?
        .filter(|o| o.order.stage == store::Stage::Placed)
        .ok_or(OrdersError::OrderNotFound)?;
    may_manage(
        caller.role,
        caller.user.brand_id.as_deref(),
        &stored.order.brand_id,
    )
    .map_err(|_| OrdersError::OrderNotFound)?;
    Ok(stored)
}

/// The brand console's list: the caller's brand (none for an admin, who sees every brand's)
/// and its placed orders, newest first, only those in delivery status `status` when given.
pub async fn of_brand(
    state: &AppState,
    caller: &Caller,
    status: Option<&str>,
) -> Result<(Option<Named>, Vec<StoredOrder>), OrdersError> {
    let brand = managed_brand(caller)?;
    let status = status
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| DeliveryStatus::parse(s).as_str().to_owned());
    let of_brand = brand.clone();
    let found = state
        .db(move |store| {
            store.orders_of_brand(of_brand.as_ref(), status.as_deref(), BRAND_ORDERS_LIMIT)
        })
        .await?;
    let snapshot = state.catalogue.snapshot();
    let named = brand.map(|id| Named {
        name: snapshot
            .active_brand(&id)
            .map(|b| b.record.name.clone())
            .unwrap_or_default(),
        id: id.into(),
    });
    Ok((named, found))
}

/// Moves an order's delivery status forward (Accepted, Processing, Shipped, Out for Delivery,
/// Delivered).
pub async fn move_delivery(
    state: &AppState,
    caller: &Caller,
    order_id: OrderId,
    to: Option<&str>,
) -> Result<StoredOrder, OrdersError> {
    let to = to
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(DeliveryStatus::parse)
        .ok_or(OrdersError::StatusRequired)?;
    managed_order(state, caller, &order_id).await?;
    let changed = change_delivery(state, order_id, to).await?;
    done(changed, OrdersError::Move)
}

/// Moves an order's delivery to `to` under the order's lock, when its life allows it (not the
/// same, not backwards, not while a cancellation waits). Staff moves and the courier's tracking
/// both go through here.
pub(crate) async fn change_delivery(
    state: &AppState,
    order_id: OrderId,
    to: DeliveryStatus,
) -> Result<Changed<orders::MoveError>, store::StoreError> {
    let now = state.clock.now();
    state
        .db(move |store| {
            store.change_order(&order_id, now, |stored| {
                stored
                    .lifecycle()
                    .move_delivery(to)
                    .map(|moved| store::OrderChange::of(&moved))
            })
        })
        .await
}

/// Decides the cancellation request waiting on an order: approve cancels it, puts every
/// line's stock back on sale, cancels its express booking and refunds the payment; reject puts
/// the delivery status back.
pub async fn review_cancellation(
    state: &AppState,
    caller: &Caller,
    order_id: OrderId,
    decision: Option<&str>,
) -> Result<StoredOrder, OrdersError> {
    let decision = decision
        .map(str::trim)
        .and_then(Decision::parse)
        .ok_or(OrdersError::InvalidDecision)?;
    managed_order(state, caller, &order_id).await?;
    let now = state.clock.now();
    let reviewer = caller.id().clone();
    let changed = state
        .db(move |store| {
            store.change_order(&order_id, now, |stored| {
                let reviewed = stored.lifecycle().review(decision)?;
                let mut change = store::OrderChange::of(&reviewed.lifecycle);
                change.request = store::RequestChange::Decide {
                    decision,
                    by: reviewer,
                };
                change.return_stock = matches!(reviewed.outcome, ReviewOutcome::Approved { .. });
                Ok::<_, orders::ReviewError>(change)
            })
        })
        .await?;
    let order = done(changed, OrdersError::Review)?;
    if decision == Decision::Reject {
        return Ok(order);
    }
    if let Some(shipment) = &order.shipment
        && let Ok(order_ref) = u64::try_from(shipment.order_ref)
        && let Err(e) = state.shipping.cancel(order_ref).await
    {
        tracing::warn!(order = %order.order.id, cause = %e, "the shipment could not be cancelled");
    }
    placement::refund_order(state, &order.order.id).await?;
    let id = order.order.id.clone();
    state
        .db(move |store| store.order(&id))
        .await?
        .ok_or(OrdersError::OrderNotFound)
}
