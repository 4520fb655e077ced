//! Orders (001 §7 orders, express delivery, cancel-requests) and the brand console: the
//! shopper's placed orders, the express booking, the shopper's cancellation request, and the
//! brand team's view of its orders with their delivery moves and cancellation reviews.
//!
//! Whose an order is comes from the session: another shopper's order id is answered as if it
//! did not exist, and a brand user never sees another brand's orders.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::ids::{OrderId, UserId};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::{ApiError, Named};
use crate::services::checkout::placement::Express;
use crate::services::checkout::wire::{BrandOrder, Order};
use crate::services::orders;
use crate::state::AppState;

fn shown(state: &AppState, stored: &store::StoredOrder) -> Order {
    Order::of(
        stored,
        &state.catalogue.snapshot(),
        state.catalogue.media_origin(),
    )
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
        (status = 400, body = crate::error::ErrorBody, description = crate::error::orders::INVALID_PAYMENT_ID),
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
    let found = orders::of_payment(&state, &caller, body.payment_id.as_deref()).await?;
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
    let found = orders::of_user(&state, &caller, UserId::new(path.into_inner())).await?;
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
        (status = 400, body = crate::error::ErrorBody, description = crate::error::orders::INVALID_ORDER_ID),
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
    let answer = match orders::express(&state, &caller, body.order_id.as_deref()).await? {
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
    let input = orders::CancelRequestInput {
        order_id: body.order_id.as_deref(),
        product_id: body.product_id.as_deref(),
        product_index: body.product_index.as_ref(),
        reason: body.reason.as_deref(),
    };
    let order = orders::request_cancellation(&state, &caller, input).await?;
    Ok(HttpResponse::Ok().json(OrderAnswer {
        success: true,
        order: shown(&state, &order),
    }))
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
    let (brand, found) = orders::of_brand(&state, &caller, query.status.as_deref()).await?;
    Ok(HttpResponse::Ok().json(BrandOrders {
        success: true,
        brand,
        orders: found.iter().map(|o| brand_shown(&state, o)).collect(),
    }))
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
        (status = 400, body = crate::error::ErrorBody, description = crate::error::orders::INVALID_STATUS),
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
    let to = body.delivery_status.as_deref();
    let order = orders::move_delivery(&state, &caller, order_id, to).await?;
    Ok(HttpResponse::Ok().json(BrandOrderAnswer {
        success: true,
        order: brand_shown(&state, &order),
    }))
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
        (status = 400, body = crate::error::ErrorBody, description = crate::error::orders::INVALID_DECISION),
        (status = 403, body = crate::error::ErrorBody, description = "A shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Order not found. (or another brand's)"),
        (status = 422, body = crate::error::ErrorBody, description = crate::error::orders::NO_OPEN_REQUEST),
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
    let decision = body.decision.as_deref();
    let order = orders::review_cancellation(&state, &caller, order_id, decision).await?;
    Ok(HttpResponse::Ok().json(BrandOrderAnswer {
        success: true,
        order: brand_shown(&state, &order),
    }))
}
