//! Orders (001 §7 orders, express delivery, cancel-requests) and the brand console: the
//! shopper's placed orders, the express booking, the shopper's cancellation request, and the
//! brand team's view of its orders with their delivery moves and cancellation reviews.
//!
//! Whose an order is comes from the session: another shopper's order id is answered as if it
//! did not exist, and a brand user never sees another brand's orders.

use access::Role;
use actix_web::{HttpResponse, web};
use orders::{CancelError, Decision, DeliveryStatus, ReviewOutcome, may_manage};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use store::ids::{BrandId, CancelRequestId, OrderId, UserId};

use crate::auth::Caller;
use crate::error::{ApiError, Named};
use crate::routes::params;
use crate::services::checkout::placement::{self, Express};
use crate::services::checkout::wire::{BrandOrder, Order};
use crate::state::AppState;

/// How many orders the brand console lists at most.
const BRAND_ORDERS_LIMIT: i64 = 500;

fn order_not_found() -> ApiError {
    ApiError::NotFound("Order not found.".into())
}

fn shown(state: &AppState, stored: &store::StoredOrder) -> Order {
    Order::of(
        stored,
        &state.catalogue.snapshot(),
        state.catalogue.media_origin(),
    )
}

/// The caller's placed order `order_id`, or 404.
async fn own_order(
    state: &AppState,
    caller: &Caller,
    order_id: &str,
) -> Result<store::StoredOrder, ApiError> {
    let store = state.store.clone();
    let id = OrderId::new(order_id);
    web::block(move || store.order(&id))
        .await??
        .filter(|o| o.order.user_id == caller.id() && o.order.stage == store::Stage::Placed)
        .ok_or_else(order_not_found)
}

/// `{paymentId}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateRequest {
    /// The verified payment's id; every other field of the spec's payload is ignored.
    #[serde(rename = "paymentId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub payment_id: Option<String>,
}

/// `{success, order}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderAnswer {
    pub success: bool,
    pub order: Order,
}

/// The order of a verified payment: the same order every time for the same payment. Its
/// lines and amounts are those reserved when the payment was opened, never the client's.
#[utoipa::path(
    post,
    path = "/api/orders/create",
    tag = "orders",
    request_body = CreateRequest,
    responses(
        (status = 200, body = OrderAnswer, description = "The order of that payment"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_PAYMENT_ID"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "No order of the caller's was paid by that payment"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CreateRequest>,
) -> Result<HttpResponse, ApiError> {
    let payment_id = params::required_id(
        "INVALID_PAYMENT_ID",
        "paymentId",
        body.payment_id.as_deref(),
    )?
    .to_owned();
    let store = state.store.clone();
    let user = caller.id().to_owned();
    let found = web::block(move || store.order_by_payment(&user, &payment_id))
        .await??
        .ok_or_else(order_not_found)?;
    Ok(HttpResponse::Ok().json(OrderAnswer {
        success: true,
        order: shown(&state, &found),
    }))
}

/// `{success, orders}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrdersAnswer {
    pub success: bool,
    pub orders: Vec<Order>,
}

/// The shopper's orders, newest first (My Orders).
#[utoipa::path(
    get,
    path = "/api/orders/user/{userId}",
    tag = "orders",
    params(("userId" = String, Path, description = "The caller's own id")),
    responses(
        (status = 200, body = OrdersAnswer, description = "Newest first"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "User not found (another shopper's id)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn of_user(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user_id = path.into_inner();
    if user_id != caller.id() && caller.role != Role::Admin {
        return Err(ApiError::NotFound("User not found".into()));
    }
    let store = state.store.clone();
    let found = web::block(move || store.orders_of_user(&UserId::new(user_id))).await??;
    Ok(HttpResponse::Ok().json(OrdersAnswer {
        success: true,
        orders: found.iter().map(|o| shown(&state, o)).collect(),
    }))
}

/// `{orderId, deliveryType, deliveryFee, estimatedTime}`: only `orderId` is read; the speed,
/// fee and time are the order's own.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ExpressRequest {
    #[serde(rename = "orderId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub order_id: Option<String>,
    #[serde(rename = "deliveryType")]
    pub delivery_type: Option<String>,
    #[serde(rename = "deliveryFee")]
    #[schema(value_type = Option<serde_json::Value>)]
    pub delivery_fee: Option<Value>,
    #[serde(rename = "estimatedTime")]
    pub estimated_time: Option<String>,
}

/// `{success: true, deliveryId, srNumericId, srChannelId}` or `{success: false, fallback}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ExpressAnswer {
    Booked {
        success: bool,
        #[serde(rename = "deliveryId")]
        delivery_id: String,
        #[serde(rename = "srNumericId")]
        sr_numeric_id: i64,
        #[serde(rename = "srChannelId")]
        sr_channel_id: Option<i64>,
    },
    FellBack {
        success: bool,
        /// `standard`.
        fallback: &'static str,
    },
}

/// Books the 60-minute delivery of the caller's express order with the shipping service
/// (once: asking again answers the same booking). When the service refuses or fails, the
/// order becomes standard and the answer says so. A cancelled order, or one whose
/// cancellation request waits, gets no courier.
#[utoipa::path(
    post,
    path = "/api/orders/express-delivery",
    tag = "orders",
    request_body = ExpressRequest,
    responses(
        (status = 200, body = ExpressAnswer, description = "Booked, or fell back to standard"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_ORDER_ID"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Order not found. (not the caller's)"),
        (status = 422, body = crate::error::ErrorBody, description = "EXPRESS_NOT_ALLOWED: the order is cancelled, or a cancellation request waits"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn express(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<ExpressRequest>,
) -> Result<HttpResponse, ApiError> {
    let order_id = params::required_id("INVALID_ORDER_ID", "orderId", body.order_id.as_deref())?;
    let stored = own_order(&state, &caller, order_id).await?;
    let answer = match placement::book_express(&state, &stored.order.id).await? {
        Express::Booked(shipment) => ExpressAnswer::Booked {
            success: true,
            delivery_id: shipment.shipment_id.to_string(),
            sr_numeric_id: shipment.order_ref,
            sr_channel_id: shipment.channel_id,
        },
        Express::FellBack => ExpressAnswer::FellBack {
            success: false,
            fallback: "standard",
        },
    };
    Ok(HttpResponse::Ok().json(answer))
}

/// `{orderId, productId, productIndex, reason}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CancelRequestBody {
    #[serde(rename = "orderId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub order_id: Option<String>,
    /// When given, must be the product of line `productIndex`.
    #[serde(rename = "productId")]
    pub product_id: Option<String>,
    /// The line, from 0.
    #[serde(rename = "productIndex")]
    #[schema(value_type = u32)]
    pub product_index: Option<Value>,
    /// Null or blank: none.
    pub reason: Option<String>,
}

/// The longest reason kept.
const REASON_MAX_CHARS: usize = 500;

fn cancel_refusal(e: CancelError) -> ApiError {
    ApiError::Unprocessable {
        code: "CANCEL_NOT_ALLOWED",
        message: e.to_string(),
        available: None,
    }
}

/// The shopper asks to cancel an order (001 §4): allowed until it is Shipped, and once while
/// a request waits.
#[utoipa::path(
    post,
    path = "/api/cancel-requests/create",
    tag = "orders",
    request_body = CancelRequestBody,
    responses(
        (status = 200, body = OrderAnswer, description = "Cancellation Requested"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_ORDER_ID, INVALID_PRODUCT_INDEX, INVALID_PRODUCT_ID, INVALID_REASON"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Order not found. (not the caller's)"),
        (status = 422, body = crate::error::ErrorBody, description = "CANCEL_NOT_ALLOWED with the reason"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn request_cancellation(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CancelRequestBody>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let order_id = OrderId::new(params::required_id(
        "INVALID_ORDER_ID",
        "orderId",
        body.order_id.as_deref(),
    )?);
    let line = body
        .product_index
        .as_ref()
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| {
            ApiError::bad_request(
                "INVALID_PRODUCT_INDEX",
                "productIndex must be the number of a line of the order",
            )
        })?;
    let reason = body.reason.unwrap_or_default();
    if reason.trim().chars().count() > REASON_MAX_CHARS {
        return Err(ApiError::bad_request(
            "INVALID_REASON",
            format!("Please keep the reason within {REASON_MAX_CHARS} characters."),
        ));
    }
    let stored = own_order(&state, &caller, &order_id).await?;
    let Some(ordered) = stored.lines.get(line) else {
        return Err(ApiError::bad_request(
            "INVALID_PRODUCT_INDEX",
            "productIndex must be the number of a line of the order",
        ));
    };
    if let Some(product) = body.product_id.as_deref().map(str::trim)
        && !product.is_empty()
        && product != ordered.product_id
    {
        return Err(ApiError::bad_request(
            "INVALID_PRODUCT_ID",
            "productId is not the product of that line",
        ));
    }
    let store = state.store.clone();
    let now = state.clock.now();
    let request_id = CancelRequestId::new(uuid::Uuid::now_v7().to_string());
    let changed = web::block(move || {
        store.change_order(&order_id, now, |stored| {
            let before = stored.lifecycle();
            let after = before.request_cancellation(line, &reason)?;
            let open = after.open_request.clone();
            let mut change = store::OrderChange::of(&after);
            if let Some(open) = open {
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
    .await??;
    match changed {
        store::Changed::Done(order) => Ok(HttpResponse::Ok().json(OrderAnswer {
            success: true,
            order: shown(&state, &order),
        })),
        store::Changed::Refused(e) => Err(cancel_refusal(e)),
        store::Changed::Missing => Err(order_not_found()),
    }
}

/// The brand whose orders the caller manages: `Some` for a brand user, `None` for an admin
/// (every brand); 403 for anyone else.
fn managed_brand(caller: &Caller) -> Result<Option<BrandId>, ApiError> {
    let forbidden = |e: orders::StaffError| ApiError::Forbidden {
        code: "FORBIDDEN",
        message: e.to_string(),
    };
    match caller.role {
        Role::Admin => Ok(None),
        Role::BrandUser => match caller.user.brand_id.clone() {
            Some(brand) => Ok(Some(brand)),
            None => Err(forbidden(orders::StaffError::NoBrand)),
        },
        Role::Shopper => Err(forbidden(orders::StaffError::NotStaff)),
    }
}

/// `?status=`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct BrandOrdersQuery {
    /// Only orders in this delivery status (`Cancellation Requested`, `Shipped`, ...).
    pub status: Option<String>,
}

/// `{success, brand, orders}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BrandOrders {
    pub success: bool,
    /// The brand user's brand; null for an admin, who sees every brand's.
    pub brand: Option<Named>,
    pub orders: Vec<BrandOrder>,
}

fn brand_shown(state: &AppState, stored: &store::StoredOrder) -> BrandOrder {
    BrandOrder::of(
        stored,
        &state.catalogue.snapshot(),
        state.catalogue.media_origin(),
    )
}

/// The brand console's list: the brand's placed orders, newest first, with the cancellation
/// request waiting for review on each.
#[utoipa::path(
    get,
    path = "/api/brand/orders",
    tag = "brand console",
    params(BrandOrdersQuery),
    responses(
        (status = 200, body = BrandOrders, description = "Newest first, at most 500"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "A shopper, or a brand user without a brand"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn brand_orders(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<BrandOrdersQuery>,
) -> Result<HttpResponse, ApiError> {
    let brand = managed_brand(&caller)?;
    let status = query
        .status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| DeliveryStatus::parse(s).as_str().to_owned());
    let store = state.store.clone();
    let of_brand = brand.clone();
    let found = web::block(move || {
        store.orders_of_brand(of_brand.as_ref(), status.as_deref(), BRAND_ORDERS_LIMIT)
    })
    .await??;
    let snapshot = state.catalogue.snapshot();
    let named = brand.map(|id| Named {
        name: snapshot
            .active_brand(&id)
            .map(|b| b.record.name.clone())
            .unwrap_or_default(),
        id: id.into(),
    });
    Ok(HttpResponse::Ok().json(BrandOrders {
        success: true,
        brand: named,
        orders: found.iter().map(|o| brand_shown(&state, o)).collect(),
    }))
}

/// A placed order the caller may manage, or 404 (another brand's orders are not shown).
async fn managed_order(
    state: &AppState,
    caller: &Caller,
    order_id: &str,
) -> Result<store::StoredOrder, ApiError> {
    managed_brand(caller)?;
    let store = state.store.clone();
    let id = OrderId::new(order_id);
    let stored = web::block(move || store.order(&id))
        .await??
        .filter(|o| o.order.stage == store::Stage::Placed)
        .ok_or_else(order_not_found)?;
    may_manage(
        caller.role,
        caller.user.brand_id.as_deref(),
        &stored.order.brand_id,
    )
    .map_err(|_| order_not_found())?;
    Ok(stored)
}

/// `{deliveryStatus}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeliveryMove {
    #[serde(rename = "deliveryStatus")]
    #[schema(value_type = String, pattern = "\\S")]
    pub delivery_status: Option<String>,
}

/// Moves an order's delivery status forward (Accepted, Processing, Shipped, Out for Delivery,
/// Delivered).
#[utoipa::path(
    post,
    path = "/api/brand/orders/{orderId}/delivery",
    tag = "brand console",
    params(("orderId" = String, Path, description = "The order")),
    request_body = DeliveryMove,
    responses(
        (status = 200, body = OrderAnswer, description = "Moved"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_STATUS"),
        (status = 403, body = crate::error::ErrorBody, description = "A shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Order not found. (or another brand's)"),
        (status = 422, body = crate::error::ErrorBody, description = "INVALID_MOVE with the reason"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn move_delivery(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<DeliveryMove>,
) -> Result<HttpResponse, ApiError> {
    let order_id = OrderId::new(path.into_inner());
    let to = body
        .delivery_status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(DeliveryStatus::parse)
        .ok_or_else(|| ApiError::bad_request("INVALID_STATUS", "deliveryStatus is required"))?;
    managed_order(&state, &caller, &order_id).await?;
    let store = state.store.clone();
    let now = state.clock.now();
    let changed = web::block(move || {
        store.change_order(&order_id, now, |stored| {
            stored
                .lifecycle()
                .move_delivery(to)
                .map(|moved| store::OrderChange::of(&moved))
        })
    })
    .await??;
    match changed {
        store::Changed::Done(order) => Ok(HttpResponse::Ok().json(BrandOrderAnswer {
            success: true,
            order: brand_shown(&state, &order),
        })),
        store::Changed::Refused(e) => Err(ApiError::Unprocessable {
            code: "INVALID_MOVE",
            message: e.to_string(),
            available: None,
        }),
        store::Changed::Missing => Err(order_not_found()),
    }
}

/// `{success, order}` in the console's shape.
#[derive(Debug, Serialize, ToSchema)]
pub struct BrandOrderAnswer {
    pub success: bool,
    pub order: BrandOrder,
}

/// `{decision}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Review {
    /// `approve` or `reject`.
    #[schema(value_type = String, pattern = "^(approve|reject)$")]
    pub decision: Option<String>,
}

/// Decides the cancellation request waiting on an order: approve cancels it, puts every
/// line's stock back on sale and refunds the payment (`refundStatus` initiated, then completed
/// when the payment service says so); reject sets `cancel_rejected` and puts the delivery
/// status back.
#[utoipa::path(
    post,
    path = "/api/brand/orders/{orderId}/cancellation",
    tag = "brand console",
    params(("orderId" = String, Path, description = "The order")),
    request_body = Review,
    responses(
        (status = 200, body = BrandOrderAnswer, description = "Decided"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_DECISION"),
        (status = 403, body = crate::error::ErrorBody, description = "A shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Order not found. (or another brand's)"),
        (status = 422, body = crate::error::ErrorBody, description = "NO_OPEN_REQUEST"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn review_cancellation(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<Review>,
) -> Result<HttpResponse, ApiError> {
    let order_id = OrderId::new(path.into_inner());
    let decision = match body
        .decision
        .as_deref()
        .map(str::trim)
        .and_then(Decision::parse)
    {
        Some(decision) => decision,
        None => {
            return Err(ApiError::bad_request(
                "INVALID_DECISION",
                "decision must be \"approve\" or \"reject\"",
            ));
        }
    };
    managed_order(&state, &caller, &order_id).await?;
    let store = state.store.clone();
    let now = state.clock.now();
    let reviewer = caller.id().to_owned();
    let changed = web::block(move || {
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
    .await??;
    let order = match changed {
        store::Changed::Done(order) => *order,
        store::Changed::Refused(e) => {
            return Err(ApiError::Unprocessable {
                code: "NO_OPEN_REQUEST",
                message: e.to_string(),
                available: None,
            });
        }
        store::Changed::Missing => return Err(order_not_found()),
    };
    let order = if decision == Decision::Approve {
        if let Some(shipment) = &order.shipment
            && let Ok(order_ref) = u64::try_from(shipment.order_ref)
            && let Err(e) = state.shipping.cancel(order_ref).await
        {
            tracing::warn!(order = %order.order.id, cause = %e, "the shipment could not be cancelled");
        }
        placement::refund_order(&state, &order.order.id).await?;
        let store = state.store.clone();
        let id = order.order.id.clone();
        web::block(move || store.order(&id))
            .await??
            .ok_or_else(order_not_found)?
    } else {
        order
    };
    Ok(HttpResponse::Ok().json(BrandOrderAnswer {
        success: true,
        order: brand_shown(&state, &order),
    }))
}
