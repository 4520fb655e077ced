//! The checkout quote and card payments (001 §4 Checkout and Payment, §7): the server prices
//! the checkout, reserves it and opens the payment service's order for that amount; the
//! browser pays (Razorpay's checkout, or the embedded sandbox's test sheet); the server checks
//! the signed answer and places the order. A webhook places it too when the browser never
//! comes back.

use std::time::Duration;

use access::limit::{self, Decision};
use actix_web::{HttpRequest, HttpResponse, web};
use pricing::Money;
use providers::{PaymentsError, SandboxCard, SandboxEvent};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::services::checkout::{self, Quote, QuoteRequest, placement};
use crate::error::ApiError;
use crate::routes::offers;
use crate::routes::params;
use crate::state::AppState;

/// How long after the sandbox's test sheet pays it sends its `payment.captured` webhook, as
/// Razorpay does a moment after the checkout closes: the order is placed even when the
/// browser never calls verify.
const SANDBOX_WEBHOOK_DELAY: Duration = Duration::from_secs(2);

/// The smallest amount a card payment can be (Razorpay's minimum, ₹1).
const MIN_PAYMENT: Money = Money::from_paise(100);

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
    let priced = checkout::price(&state, caller.id(), &body).await?;
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

/// The quote's body plus the total the shopper saw.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateOrderRequest {
    #[serde(flatten)]
    pub quote: QuoteRequest,
    /// Rupees, as a number, a string or a decimal object.
    #[schema(value_type = Object)]
    pub amount: Option<Value>,
    /// `INR` when given.
    pub currency: Option<String>,
    /// Ignored: the shop's own order id is the receipt.
    pub receipt: Option<String>,
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

fn quote_json(quote: &Quote) -> Value {
    serde_json::to_value(quote).unwrap_or(Value::Null)
}

/// At Pay, a size short of stock is the same conflict whichever check finds it: the
/// catalogue's, which learns within a second that racing checkouts reserved the last units, or
/// the reservation's. So every shopper who loses a race for them is told 409 `OUT_OF_STOCK`.
fn sold_out_at_pay(refusal: ApiError) -> ApiError {
    match refusal {
        ApiError::Unprocessable {
            code: "NOT_ENOUGH_STOCK",
            message,
            ..
        } => ApiError::Conflict {
            code: "OUT_OF_STOCK",
            message,
        },
        other => other,
    }
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
    let body = body.into_inner();
    let amount = body
        .amount
        .as_ref()
        .filter(|v| !v.is_null())
        .ok_or_else(|| ApiError::bad_request("INVALID_AMOUNT", "amount is required"))
        .and_then(|v| {
            Money::parse_strict(v).map_err(|_| {
                ApiError::bad_request("INVALID_AMOUNT", "amount must be an amount of rupees")
            })
        })?;
    if let Some(currency) = body.currency.as_deref()
        && currency.trim() != "INR"
    {
        return Err(ApiError::bad_request(
            "INVALID_CURRENCY",
            "The shop takes payments in INR only.",
        ));
    }
    // Each checkout holds stock and a coupon use: one account opens only so many, whatever
    // client it calls from.
    let store = state.store.clone();
    let (bucket, now) = (format!("checkout:user:{}", caller.id()), state.clock.now());
    let (decision, _) = web::block(move || {
        store.take_rate_limit(&bucket, |window| {
            limit::check(&limit::CHECKOUTS_PER_SHOPPER, window, now)
        })
    })
    .await??;
    if let Decision::Wait { seconds } = decision {
        return Err(ApiError::TooManyRequests {
            retry_after: seconds,
            message: format!(
                "Too many checkouts. Please wait {} and try again.",
                crate::auth::codes::seconds_text(seconds)
            ),
        });
    }
    // Stock and coupon uses held by checkouts that ran out unpaid go back first, so they are
    // for sale to this one even before the settler's next round.
    let store = state.store.clone();
    let now = state.clock.now();
    web::block(move || store.lapse_expired(now, 100)).await??;
    let priced = checkout::price(&state, caller.id(), &body.quote)
        .await
        .map_err(sold_out_at_pay)?;
    if priced.totals.total != amount {
        return Err(ApiError::PriceChanged {
            message: "The price of your order has changed. Please review the new total.".into(),
            quote: quote_json(&priced.quote),
        });
    }
    if priced.totals.total < MIN_PAYMENT {
        return Err(ApiError::Unprocessable {
            code: "AMOUNT_TOO_SMALL",
            message: "The order total must be at least ₹1 to pay by card.".into(),
            available: None,
        });
    }

    let id = uuid::Uuid::now_v7().to_string();
    let address = &priced.address;
    let new = store::NewOrder {
        order: store::OrderRecord {
            id: id.clone(),
            user_id: caller.id().to_owned(),
            brand_id: priced.brand_id.clone(),
            stage: store::Stage::Reserved.as_str().to_owned(),
            from_bag: priced.from_bag,
            ship_name: address.customer_name.clone(),
            ship_phone: address.phone.clone(),
            ship_email: address.email.clone(),
            ship_address: address.address.clone(),
            ship_address_2: address.address_2.clone(),
            ship_city: address.city.clone(),
            ship_pincode: address.pincode.clone(),
            ship_state: address.state.clone(),
            ship_country: address.country.clone(),
            subtotal_paise: priced.totals.subtotal.paise(),
            discount_paise: priced.totals.discount.paise(),
            delivery_fee_paise: priced.totals.delivery_fee.paise(),
            total_paise: priced.totals.total.paise(),
            delivery_speed: checkout::speed_word(priced.speed).to_owned(),
            estimated_delivery: priced.quote.estimated_delivery.naive_utc(),
            coupon_id: priced.coupon.as_ref().map(|(id, _)| id.clone()),
            coupon_code: priced.coupon.as_ref().map(|(_, code)| code.clone()),
            provider_order_id: None,
            payment_id: None,
            payment_status: orders::PaymentStatus::Pending.as_str().to_owned(),
            delivery_status: orders::DeliveryStatus::Pending.as_str().to_owned(),
            status: None,
            refund_status: orders::RefundStatus::NotInitiated.as_str().to_owned(),
            refund_id: None,
            created_at: now.naive_utc(),
            reserved_until: (now + orders::RESERVATION_LIFETIME).naive_utc(),
            placed_at: None,
        },
        lines: priced.lines.clone(),
    };
    let store = state.store.clone();
    let reserved = web::block(move || store.reserve_order(&new)).await??;
    match reserved {
        store::Reservation::Reserved => {}
        store::Reservation::Short(short) => {
            let (name, wanted) = priced
                .lines
                .iter()
                .find(|l| l.product_id == short.product_id && l.size == short.size)
                .map_or(("This item", 1), |l| (l.name.as_str(), l.quantity));
            // The store refuses only a line short of what it wants, so there is a refusal.
            return Err(
                checkout::short_of_stock(name, &short.size, short.left, wanted).map_or_else(
                    || ApiError::Internal(format!("a shortage of {short:?} with enough left")),
                    sold_out_at_pay,
                ),
            );
        }
        store::Reservation::Coupon(claim) => {
            let refused = match claim {
                store::CouponClaim::UsedByShopper => pricing::CouponError::AlreadyUsed,
                store::CouponClaim::Exhausted => pricing::CouponError::Exhausted,
                _ => pricing::CouponError::Invalid,
            };
            return Err(offers::refusal(refused));
        }
    }

    let notes = providers::Notes::from([
        ("orderId".to_owned(), id.clone()),
        ("userId".to_owned(), caller.id().to_owned()),
    ]);
    let opened = state
        .payments
        .create_order(priced.totals.total.paise(), "INR", &id, &notes)
        .await;
    let provider = match opened {
        Ok(provider) => provider,
        Err(e) => {
            let store = state.store.clone();
            let (lapsing, now) = (id.clone(), state.clock.now());
            web::block(move || store.lapse_order(&lapsing, now)).await??;
            return Err(ApiError::DependencyFailed {
                code: "PAYMENTS_UNAVAILABLE",
                message: "We could not start the payment. Please try again.".into(),
                cause: e.to_string(),
            });
        }
    };
    let store = state.store.clone();
    let (order_id, provider_id) = (id.clone(), provider.id.clone());
    web::block(move || store.set_provider_order(&order_id, &provider_id)).await??;
    Ok(HttpResponse::Ok().json(CreatedOrder {
        success: true,
        order: ProviderOrder {
            id: provider.id,
            amount: provider.amount_paise,
            currency: provider.currency,
        },
        checkout_id: id,
        quote: priced.quote,
    }))
}

/// What the payment's checkout hands the browser.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyRequest {
    pub razorpay_order_id: Option<String>,
    pub razorpay_payment_id: Option<String>,
    pub razorpay_signature: Option<String>,
}

/// `{success, orderId}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Verified {
    pub success: bool,
    #[serde(rename = "orderId")]
    pub order_id: String,
}

fn required(value: Option<&String>) -> Result<&str, ApiError> {
    value
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .ok_or_else(|| {
            ApiError::bad_request(
                "INVALID_PAYMENT",
                "razorpay_order_id, razorpay_payment_id and razorpay_signature are required",
            )
        })
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
        (status = 503, body = crate::error::ErrorBody, description = "PAYMENTS_UNAVAILABLE"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn verify(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<VerifyRequest>,
) -> Result<HttpResponse, ApiError> {
    let provider_order = required(body.razorpay_order_id.as_ref())?.to_owned();
    let payment_id = required(body.razorpay_payment_id.as_ref())?.to_owned();
    let signature = required(body.razorpay_signature.as_ref())?;
    if !state
        .payments
        .verify_payment_signature(&provider_order, &payment_id, signature)
    {
        return Err(ApiError::bad_request(
            "INVALID_SIGNATURE",
            "Payment verification failed. Please try again.",
        ));
    }
    let store = state.store.clone();
    let found = web::block(move || store.order_by_provider_order(&provider_order))
        .await??
        .filter(|found| found.order.user_id == caller.id())
        .ok_or_else(|| ApiError::NotFound("Order not found.".into()))?;
    let placed = placement::complete(&state, &found.order, &payment_id).await?;
    Ok(HttpResponse::Ok().json(Verified {
        success: true,
        order_id: placed.order.id,
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

/// The sandbox's test payment sheet: `{orderId, cardNumber, expiry, cvv, name}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SandboxPayRequest {
    /// The payment service's order id (`create-order`'s `order.id`).
    #[serde(rename = "orderId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub order_id: Option<String>,
    #[serde(rename = "cardNumber")]
    pub card_number: Option<String>,
    /// `MM/YY` or `MM/YYYY`.
    pub expiry: Option<String>,
    pub cvv: Option<String>,
    /// The name on the card; not checked.
    pub name: Option<String>,
}

/// What Razorpay's checkout hands the browser.
#[derive(Debug, Serialize, ToSchema)]
pub struct SandboxPaid {
    pub razorpay_order_id: String,
    pub razorpay_payment_id: String,
    pub razorpay_signature: String,
}

fn card_refused(message: &str) -> ApiError {
    ApiError::PaymentDeclined {
        code: "CARD_INVALID",
        message: message.to_owned(),
    }
}

fn expiry_of(raw: &str) -> Option<(u32, u32)> {
    let (month, year) = raw.trim().split_once('/')?;
    Some((month.trim().parse().ok()?, year.trim().parse().ok()?))
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
        (status = 409, body = crate::error::ErrorBody, description = "ALREADY_PAID"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn sandbox_pay(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<SandboxPayRequest>,
) -> Result<HttpResponse, ApiError> {
    let Some(sandbox) = state.payments.sandbox() else {
        return Err(ApiError::NotFound(
            "The payment sandbox is off: a real payment service is configured.".into(),
        ));
    };
    let provider_order =
        params::required_id("INVALID_ORDER_ID", "orderId", body.order_id.as_deref())?.to_owned();
    let store = state.store.clone();
    let lookup = provider_order.clone();
    web::block(move || store.order_by_provider_order(&lookup))
        .await??
        .filter(|found| found.order.user_id == caller.id())
        .ok_or_else(|| ApiError::NotFound("Order not found.".into()))?;
    let (month, year) = body
        .expiry
        .as_deref()
        .and_then(expiry_of)
        .ok_or_else(|| card_refused("Please enter the expiry as MM/YY."))?;
    let card = SandboxCard {
        number: body.card_number.as_deref().unwrap_or_default(),
        expiry_month: month,
        expiry_year: year,
        cvv: body.cvv.as_deref().unwrap_or_default(),
    };
    let paid = match sandbox.pay(&provider_order, &card) {
        Ok(paid) => paid,
        Err(PaymentsError::Declined { code, reason }) => {
            return Err(ApiError::PaymentDeclined {
                code: if code == "card_declined" {
                    "CARD_DECLINED"
                } else {
                    "CARD_INVALID"
                },
                message: reason,
            });
        }
        Err(PaymentsError::Refused { .. }) => {
            return Err(ApiError::Conflict {
                code: "ALREADY_PAID",
                message: "This order is already paid.".into(),
            });
        }
        Err(PaymentsError::NotFound { .. }) => {
            return Err(ApiError::NotFound("Order not found.".into()));
        }
        Err(e) => return Err(ApiError::Internal(e.to_string())),
    };
    let later = state.clone();
    let payment_id = paid.razorpay_payment_id.clone();
    actix_web::rt::spawn(async move {
        tokio::time::sleep(SANDBOX_WEBHOOK_DELAY).await;
        let Some(sandbox) = later.payments.sandbox() else {
            return;
        };
        let delivered = match sandbox.webhook(SandboxEvent::PaymentCaptured, &payment_id) {
            Ok(event) => {
                placement::webhook(&later, &event.body, &event.signature, Some(&event.event_id))
                    .await
            }
            Err(e) => Err(ApiError::Internal(e.to_string())),
        };
        if let Err(e) = delivered {
            tracing::warn!(payment = %payment_id, cause = %e, "the sandbox's webhook failed");
        }
    });
    Ok(HttpResponse::Ok().json(SandboxPaid {
        razorpay_order_id: paid.razorpay_order_id,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: paid.razorpay_signature,
    }))
}
