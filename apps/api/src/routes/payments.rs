//! The checkout quote and card payments (001 §4 Checkout and Payment, §7): the server prices
//! the checkout, reserves it and opens the payment service's order for that amount; the
//! browser pays (Razorpay's checkout, or the embedded sandbox's test sheet); the server checks
//! the signed answer and places the order. A webhook places it too when the browser never
//! comes back.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::checkout::input::{
    CreateOrderRequest, OrderInput, PaymentProof, QuoteInput, QuoteRequest, SandboxPayRequest,
    VerifyRequest,
};
use crate::services::checkout::{Quote, payment, placement, price};
use crate::state::AppState;

/// Prices the bag or a Buy Now item for an address, a delivery speed and a coupon.
#[utoipa::path(
    post,
    path = "/api/checkout/quote",
    tag = "checkout",
    request_body = QuoteRequest,
    responses(
        (status = 200, body = Quote, description = "Every amount the checkout shows"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_SOURCE, INVALID_ADDRESS_ID, INVALID_SPEED, INVALID_PRODUCT_ID, INVALID_SIZE, INVALID_QUANTITY, COUPON_REQUIRED"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Address not found. / Product not found."),
        (status = 422, body = crate::error::ErrorBody, description = "EMPTY_CART, NOT_ENOUGH_STOCK, or a coupon refusal"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn quote(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<QuoteRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = QuoteInput::try_from(&body.into_inner())?;
    let priced = price(&state, caller.id(), &input).await?;
    Ok(HttpResponse::Ok().json(priced.quote))
}

/// `{success, keyId, mode}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestConfig {
    pub success: bool,
    #[serde(rename = "keyId")]
    pub key_id: String,
    /// `sandbox`, `test` or `live`.
    pub mode: &'static str,
}

/// What the browser opens the payment with: the public key id and whether money moves.
#[utoipa::path(
    get,
    path = "/api/payments/test-config",
    tag = "payments",
    responses((status = 200, body = TestConfig, description = "Never a secret")),
)]
pub async fn test_config(state: web::Data<AppState>) -> HttpResponse {
    let config = state.payments.public_config();
    HttpResponse::Ok().json(TestConfig {
        success: true,
        key_id: config.key_id,
        mode: config.mode.as_str(),
    })
}

/// The payment service's order.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderOrder {
    pub id: String,
    /// Paise.
    pub amount: i64,
    pub currency: String,
}

/// `{success, order, checkoutId, quote}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedOrder {
    pub success: bool,
    pub order: ProviderOrder,
    /// The shop's order id, placed once paid.
    #[serde(rename = "checkoutId")]
    pub checkout_id: String,
    pub quote: Quote,
}

/// Prices the checkout, checks it against the total the shopper saw, reserves its stock and
/// coupon use for 10 minutes and opens the payment service's order for it. A shopper has one
/// open checkout: this one releases the previous (its stock and coupon use go back in the same
/// transaction), whose late payment is then refunded when its stock is gone. An account opens
/// at most 20 checkouts an hour.
#[utoipa::path(
    post,
    path = "/api/payments/create-order",
    tag = "payments",
    request_body = CreateOrderRequest,
    responses(
        (status = 200, body = CreatedOrder, description = "Reserved; pay the payment service's order"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_AMOUNT, INVALID_CURRENCY, or the quote's 400s"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 409, body = crate::error::ErrorBody, description = "PRICE_CHANGED (with the new quote) or OUT_OF_STOCK"),
        (status = 422, body = crate::error::ErrorBody, description = "The quote's refusals (but a stock shortage: 409 OUT_OF_STOCK), AMOUNT_TOO_SMALL"),
        (status = 429, body = crate::error::ErrorBody, description = "RATE_LIMITED: 20 checkouts an hour per account; retryAfter and Retry-After say when to try again", headers(("Retry-After" = u32, description = "Seconds to wait"))),
        (status = 503, body = crate::error::ErrorBody, description = "PAYMENTS_UNAVAILABLE: nothing is reserved"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn create_order(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CreateOrderRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = OrderInput::try_from(body.into_inner())?;
    let opened = payment::open_checkout(&state, caller.id(), input).await?;
    Ok(HttpResponse::Ok().json(CreatedOrder {
        success: true,
        order: ProviderOrder {
            id: opened.provider.id,
            amount: opened.provider.amount_paise,
            currency: opened.provider.currency,
        },
        checkout_id: opened.checkout_id.into_inner(),
        quote: opened.quote,
    }))
}

/// `{success, orderId}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Verified {
    pub success: bool,
    #[serde(rename = "orderId")]
    pub order_id: String,
}

/// Checks the checkout's signature and the payment, and places the order (or answers the one
/// placed already for this payment).
#[utoipa::path(
    post,
    path = "/api/payments/verify",
    tag = "payments",
    request_body = VerifyRequest,
    responses(
        (status = 200, body = Verified, description = "The order is placed"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_PAYMENT, INVALID_SIGNATURE, PAYMENT_NOT_FOUND"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Order not found. (not the caller's)"),
        (status = 409, body = crate::error::ErrorBody, description = "PAYMENT_MISMATCH, PAYMENT_NOT_CAPTURED (pending, failed or refunded), ALREADY_PAID (another payment placed it, or was refused for it: this one is refunded), RESERVATION_LAPSED (its stock is gone: refunded; never placed later)"),
        (status = 503, body = crate::error::ErrorBody, description = "PAYMENTS_UNAVAILABLE: the payment service could not be asked; nothing was changed"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn verify(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<VerifyRequest>,
) -> Result<HttpResponse, ApiError> {
    let proof = PaymentProof::try_from(body.into_inner())?;
    let order_id = payment::verify(&state, caller.id(), &proof).await?;
    Ok(HttpResponse::Ok().json(Verified {
        success: true,
        order_id: order_id.into_inner(),
    }))
}

/// `{success: true}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Acknowledged {
    pub success: bool,
}

/// The payment service's events, signed over the raw body (`X-Razorpay-Signature`), each
/// handled once by its `X-Razorpay-Event-Id`.
#[utoipa::path(
    post,
    path = "/api/payments/webhook",
    tag = "payments",
    request_body(content = Object, description = "Razorpay's event, as sent"),
    responses(
        (status = 200, body = Acknowledged, description = "Handled (or handled before, or not an event the shop acts on)"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_SIGNATURE, INVALID_EVENT"),
        (status = 503, body = crate::error::ErrorBody, description = "Try again later"),
    ),
)]
pub async fn webhook(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let signature = header(providers::WEBHOOK_SIGNATURE_HEADER).unwrap_or_default();
    let event_id = header(providers::WEBHOOK_EVENT_ID_HEADER);
    placement::webhook(&state, &body, &signature, event_id.as_deref()).await?;
    Ok(HttpResponse::Ok().json(Acknowledged { success: true }))
}

/// What Razorpay's checkout hands the browser.
#[derive(Debug, Serialize, ToSchema)]
pub struct SandboxPaid {
    pub razorpay_order_id: String,
    pub razorpay_payment_id: String,
    pub razorpay_signature: String,
}

/// Pays with the embedded sandbox (only when it is the payment service): 4111 1111 1111 1111
/// pays, 4000 0000 0000 0002 is declined. A moment later the sandbox sends its signed
/// `payment.captured` webhook, as Razorpay would.
#[utoipa::path(
    post,
    path = "/api/payments/sandbox/pay",
    tag = "payments",
    request_body = SandboxPayRequest,
    responses(
        (status = 200, body = SandboxPaid, description = "Paid: send it to /api/payments/verify"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 402, body = crate::error::ErrorBody, description = "CARD_DECLINED, CARD_INVALID"),
        (status = 404, body = crate::error::ErrorBody, description = "No sandbox (a real payment service is configured), or not the caller's order"),
        (status = 409, body = crate::error::ErrorBody, description = "ALREADY_PAID: the order is paid already"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn sandbox_pay(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<SandboxPayRequest>,
) -> Result<HttpResponse, ApiError> {
    let paid = payment::sandbox_pay(&state, caller.id(), body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(SandboxPaid {
        razorpay_order_id: paid.razorpay_order_id,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: paid.razorpay_signature,
    }))
}
