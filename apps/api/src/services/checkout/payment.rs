//! Card payments (001 §4 Checkout and Payment, §7): the checkout is reserved and the payment
//! service's order opened for its total; the browser pays (Razorpay's checkout, or the embedded
//! sandbox's test sheet); the signed answer places the order.

use std::time::Duration;

use access::limit::{self, Decision};
use chrono::{DateTime, Utc};
use providers::{PaymentsError, ProviderOrder, SandboxCheckout, SandboxEvent};
use store::ids::{OrderId, UserId};

use super::input::{OrderInput, PaymentProof, QuoteInput, SandboxPayment};
use super::quote::{Priced, price, short_of_stock};
use super::wire::Quote;
use super::{CheckoutError, placement};
use crate::state::AppState;

/// How long after the sandbox's test sheet pays it sends its `payment.captured` webhook, as
/// Razorpay does a moment after the checkout closes: the order is placed even when the
/// browser never calls verify.
const SANDBOX_WEBHOOK_DELAY: Duration = Duration::from_secs(2);

/// A checkout reserved, with the payment service's order that pays it.
#[derive(Debug)]
pub struct OpenCheckout {
    pub provider: ProviderOrder,
    /// The shop's order, placed once paid.
    pub checkout_id: OrderId,
    pub quote: Quote,
}

/// Each checkout holds stock and a coupon use: one account opens only so many an hour,
/// whatever client it calls from.
async fn take_checkout_slot(state: &AppState, user: &UserId) -> Result<(), CheckoutError> {
    let (bucket, now) = (format!("checkout:user:{user}"), state.clock.now());
    let (decision, _) = state
        .db(move |store| {
            store.take_rate_limit(&bucket, |window| {
                limit::check(&limit::CHECKOUTS_PER_SHOPPER, window, now)
            })
        })
        .await?;
    match decision {
        Decision::Wait { seconds } => Err(CheckoutError::TooManyCheckouts { seconds }),
        _ => Ok(()),
    }
}

/// The reserved order a priced checkout makes for `user` at `now`, lapsing after the
/// reservation's lifetime.
fn new_order(id: &OrderId, user: &UserId, priced: &Priced, now: DateTime<Utc>) -> store::NewOrder {
    let address = &priced.address;
    store::NewOrder {
        order: store::OrderRecord {
            id: id.clone(),
            user_id: user.clone(),
            brand_id: store::ids::BrandId::new(priced.brand_id.clone()),
            stage: store::Stage::Reserved,
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
            delivery_speed: priced.speed,
            estimated_delivery: priced.quote.estimated_delivery.naive_utc(),
            coupon_id: priced.coupon.as_ref().map(|(id, _)| id.clone()),
            coupon_code: priced.coupon.as_ref().map(|(_, code)| code.clone()),
            provider_order_id: None,
            payment_id: None,
            payment_status: orders::PaymentStatus::Pending,
            delivery_status: orders::DeliveryStatus::Pending,
            status: None,
            refund_status: orders::RefundStatus::NotInitiated,
            refund_id: None,
            created_at: now.naive_utc(),
            reserved_until: (now + orders::RESERVATION_LIFETIME).naive_utc(),
            placed_at: None,
        },
        lines: priced.lines.clone(),
    }
}

/// Reserves the order's stock and coupon use: a line short of stock, or a coupon used up
/// since it was priced, is refused as at Pay.
async fn reserve(state: &AppState, new: store::NewOrder) -> Result<(), CheckoutError> {
    let lines = new.lines.clone();
    match state.db(move |store| store.reserve_order(&new)).await? {
        store::Reservation::Reserved => Ok(()),
        store::Reservation::Short(short) => {
            let (name, wanted) = lines
                .iter()
                .find(|l| l.product_id == short.product_id && l.size == short.size)
                .map_or(("This item", 1), |l| (l.name.as_str(), l.quantity));
            // The store refuses only a line short of what it wants, so there is a refusal.
            Err(
                short_of_stock(name, &short.size, short.left, wanted).map_or_else(
                    || CheckoutError::Internal(format!("a shortage of {short:?} with enough left")),
                    CheckoutError::sold_out_at_pay,
                ),
            )
        }
        store::Reservation::Coupon(claim) => Err(CheckoutError::Coupon(match claim {
            store::CouponClaim::UsedByShopper => pricing::CouponError::AlreadyUsed,
            store::CouponClaim::Exhausted => pricing::CouponError::Exhausted,
            _ => pricing::CouponError::Invalid,
        })),
    }
}

/// Prices the checkout, checks it against the total the shopper saw, reserves its stock and
/// coupon use for 10 minutes and opens the payment service's order for it. A shopper has one
/// open checkout: this one releases the previous (its stock and coupon use go back in the same
/// transaction), whose late payment is then refunded when its stock is gone. An account opens
/// at most 20 checkouts an hour.
pub async fn open_checkout(
    state: &AppState,
    user: &UserId,
    input: OrderInput,
) -> Result<OpenCheckout, CheckoutError> {
    take_checkout_slot(state, user).await?;
    // Stock and coupon uses held by checkouts that ran out unpaid go back first, so they are
    // for sale to this one even before the settler's next round.
    let now = state.clock.now();
    state.db(move |store| store.lapse_expired(now, 100)).await?;
    let quote = QuoteInput::try_from(&input.quote)?;
    let priced = price(state, user, &quote)
        .await
        .map_err(CheckoutError::sold_out_at_pay)?;
    if priced.totals.total != input.amount {
        return Err(CheckoutError::PriceChanged(Box::new(priced.quote)));
    }
    pricing::check_card_payment(priced.totals.total)?;

    let id = OrderId::new(uuid::Uuid::now_v7().to_string());
    reserve(state, new_order(&id, user, &priced, now)).await?;
    let notes = providers::Notes::from([
        ("orderId".to_owned(), id.to_string()),
        ("userId".to_owned(), user.to_string()),
    ]);
    let opened = state
        .payments
        .create_order(priced.totals.total.paise(), "INR", id.as_str(), &notes)
        .await;
    let provider = match opened {
        Ok(provider) => provider,
        Err(e) => {
            let (lapsing, now) = (id.clone(), state.clock.now());
            state
                .db(move |store| store.lapse_order(&lapsing, now))
                .await?;
            return Err(CheckoutError::PaymentNotStarted(e.to_string()));
        }
    };
    let (order_id, provider_id) = (id.clone(), provider.id.clone());
    state
        .db(move |store| store.set_provider_order(&order_id, &provider_id))
        .await?;
    Ok(OpenCheckout {
        provider,
        checkout_id: id,
        quote: priced.quote,
    })
}

/// The caller's order that the payment service's order `provider_order` pays.
async fn own_order(
    state: &AppState,
    user: &UserId,
    provider_order: &str,
) -> Result<store::StoredOrder, CheckoutError> {
    let lookup = provider_order.to_owned();
    state
        .db(move |store| store.order_by_provider_order(&lookup))
        .await?
        .filter(|found| found.order.user_id == user.as_str())
        .ok_or(CheckoutError::OrderNotFound)
}

/// Checks the checkout's signature and the payment, and places `user`'s order (or answers the
/// one placed already for this payment): the placed order's id.
pub async fn verify(
    state: &AppState,
    user: &UserId,
    proof: &PaymentProof,
) -> Result<OrderId, CheckoutError> {
    if !state.payments.verify_payment_signature(
        &proof.provider_order,
        &proof.payment_id,
        &proof.signature,
    ) {
        return Err(CheckoutError::InvalidPaymentSignature);
    }
    let found = own_order(state, user, &proof.provider_order).await?;
    let placed = placement::complete(state, &found.order, &proof.payment_id).await?;
    Ok(OrderId::new(placed.order.id))
}

/// Pays with the embedded sandbox (only when it is the payment service): 4111 1111 1111 1111
/// pays, 4000 0000 0000 0002 is declined. A moment later the sandbox sends its signed
/// `payment.captured` webhook, as Razorpay would.
pub async fn sandbox_pay(
    state: &AppState,
    user: &UserId,
    request: super::input::SandboxPayRequest,
) -> Result<SandboxCheckout, CheckoutError> {
    let Some(sandbox) = state.payments.sandbox() else {
        return Err(CheckoutError::SandboxOff);
    };
    let payment = SandboxPayment::try_from(request)?;
    own_order(state, user, &payment.provider_order).await?;
    let paid = sandbox
        .pay(&payment.provider_order, &payment.card()?)
        .map_err(|e| match e {
            PaymentsError::Declined { code, reason } if code == "card_declined" => {
                CheckoutError::CardDeclined(reason)
            }
            PaymentsError::Declined { reason, .. } => CheckoutError::CardInvalid(reason),
            PaymentsError::Refused { .. } => CheckoutError::AlreadyPaid,
            PaymentsError::NotFound { .. } => CheckoutError::OrderNotFound,
            other => CheckoutError::Internal(other.to_string()),
        })?;
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
            Err(e) => Err(CheckoutError::Internal(e.to_string())),
        };
        if let Err(e) = delivered {
            tracing::warn!(payment = %payment_id, cause = %e, "the sandbox's webhook failed");
        }
    });
    Ok(paid)
}
