//! Turning a verified payment into an order, for the browser's verify and for the payment
//! service's webhook alike, and the calls to outside services an order makes afterwards
//! (refunds, the express booking).
//!
//! Every step is safe to repeat: the payment is checked with the payment service each time,
//! the store places an order once per payment (`store::Placement`), a webhook event is handled
//! once per event id, and a booking is stored once per order.

use delivery::DeliverySpeed;
use providers::{
    Customer, Parcel, PaymentMethod, PaymentStatus, PaymentsError, ShipmentItem, ShipmentRequest,
};
use serde::Deserialize;

use super::CheckoutError;
use crate::state::AppState;

/// Refunds `payment_id`'s `amount_paise` in full for `order_id`: the refund's id and whether it
/// is already processed, or `None` when the payment service could not be asked (the settler
/// tries again).
pub async fn refund(
    state: &AppState,
    order_id: &str,
    payment_id: &str,
    amount_paise: i64,
) -> Option<(String, bool)> {
    let notes = providers::Notes::from([("orderId".to_owned(), order_id.to_owned())]);
    match state
        .payments
        .refund(payment_id, amount_paise, Some(order_id), &notes)
        .await
    {
        Ok(refund) => Some((
            refund.id,
            refund.status == providers::RefundStatus::Processed,
        )),
        Err(e) => {
            tracing::warn!(order = %order_id, cause = %e, "a refund could not be started");
            None
        }
    }
}

/// How long a claim on an order's refund lasts: longer than a call to the payment service
/// may take (its timeout), so that a claim ends only when its process died mid-call.
const REFUND_CLAIM: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// Starts the refund an order records as initiated (an approved cancellation, or a payment that
/// came after its reservation's stock was gone) and records it, once however many callers ask
/// at the same time: only the caller that claims it asks the payment service
/// ([`store::Store::claim_refund`]). When the service could not be asked, the claim is given
/// back and the settler asks again.
pub async fn refund_order(state: &AppState, order_id: &str) -> Result<(), CheckoutError> {
    let (id, now) = (store::ids::OrderId::from(order_id), state.clock.now());
    let Some(claim) = state
        .db(move |store| store.claim_refund(&id, now, now + REFUND_CLAIM))
        .await?
    else {
        return Ok(());
    };
    let notes = providers::Notes::from([("orderId".to_owned(), order_id.to_owned())]);
    let asked = state
        .payments
        .refund(
            &claim.payment_id,
            claim.amount_paise,
            Some(order_id),
            &notes,
        )
        .await;
    let id = store::ids::OrderId::from(order_id);
    match asked {
        Ok(refund) => {
            let processed = refund.status == providers::RefundStatus::Processed;
            let (refund_status, payment_status) = if processed {
                (
                    orders::RefundStatus::Completed,
                    Some(orders::PaymentStatus::Refunded),
                )
            } else {
                (orders::RefundStatus::Initiated, None)
            };
            state
                .db(move |store| {
                    store.refund_started(&id, Some(&refund.id), refund_status, payment_status, now)
                })
                .await?;
        }
        Err(e) => {
            tracing::warn!(order = %order_id, cause = %e, "a refund could not be started");
            // A claim whose process died after the service took the refund is asked again and
            // refused: the payment, refunded in full, says the refund was made.
            let refunded = matches!(e, PaymentsError::Refused { .. })
                && state
                    .payments
                    .fetch_payment(&claim.payment_id)
                    .await
                    .is_ok_and(|payment| payment.status == PaymentStatus::Refunded);
            state
                .db(move |store| {
                    if refunded {
                        store.refund_started(
                            &id,
                            None,
                            orders::RefundStatus::Completed,
                            Some(orders::PaymentStatus::Refunded),
                            now,
                        )
                    } else {
                        store.release_refund_claim(&id)
                    }
                })
                .await?;
        }
    }
    Ok(())
}

/// Places `order` (a reserved or lapsed order, or one placed already) for the payment
/// `payment_id`, after checking with the payment service that it is captured, of this order,
/// for this amount. Answers the placed order, the same one each time.
pub async fn complete(
    state: &AppState,
    order: &store::OrderRecord,
    payment_id: &str,
) -> Result<store::StoredOrder, CheckoutError> {
    let payment = match state.payments.fetch_payment(payment_id).await {
        Ok(payment) => payment,
        Err(PaymentsError::NotFound { .. }) => return Err(CheckoutError::PaymentNotFound),
        Err(e) => return Err(CheckoutError::PaymentsDown(e.to_string())),
    };
    if payment.order_id.as_deref() != order.provider_order_id.as_deref()
        || payment.amount_paise != order.total_paise
        || payment.currency != "INR"
    {
        return Err(CheckoutError::PaymentMismatch);
    }
    let captured = payment.status == PaymentStatus::Captured;
    let (id, paid_by, now) = (order.id.clone(), payment_id.to_owned(), state.clock.now());
    let placement = state
        .db(move |store| store.place_order(&id, &paid_by, captured, now))
        .await?;
    // A placed order from the bag took its lines out; other processes hear it from the feed.
    state.session_cache.forget(order.user_id.as_str());
    match placement {
        store::Placement::Placed(placed) | store::Placement::AlreadyPlaced(placed) => Ok(*placed),
        store::Placement::PaidTwice(_) => {
            refund(state, &order.id, payment_id, payment.amount_paise).await;
            Err(CheckoutError::PaidTwice)
        }
        store::Placement::Unavailable => {
            refund_order(state, &order.id).await?;
            Err(CheckoutError::ReservationLapsed)
        }
        store::Placement::NotCaptured if payment.status == PaymentStatus::Refunded => {
            Err(CheckoutError::PaymentRefunded)
        }
        store::Placement::NotCaptured => Err(CheckoutError::PaymentNotCaptured),
        store::Placement::Missing => Err(CheckoutError::OrderNotFound),
    }
}

/// The parts of a Razorpay webhook event the shop reads.
#[derive(Debug, Deserialize)]
struct Event {
    event: String,
    #[serde(default)]
    payload: Payload,
}

#[derive(Debug, Default, Deserialize)]
struct Payload {
    payment: Option<Entity>,
}

#[derive(Debug, Deserialize)]
struct Entity {
    entity: PaymentEntity,
}

#[derive(Debug, Deserialize)]
struct PaymentEntity {
    id: String,
    order_id: Option<String>,
}

/// Handles a webhook request: checks its signature over the raw bytes, skips an event id
/// handled before, and places the order of a `payment.captured` or `order.paid` event. Other
/// events are acknowledged and ignored. An error means "deliver it again".
pub async fn webhook(
    state: &AppState,
    raw_body: &[u8],
    signature: &str,
    event_id: Option<&str>,
) -> Result<(), CheckoutError> {
    if !state.payments.verify_webhook_signature(raw_body, signature) {
        return Err(CheckoutError::InvalidWebhookSignature);
    }
    if let Some(event_id) = event_id {
        let id = event_id.to_owned();
        if state.db(move |store| store.payment_event_seen(&id)).await? {
            return Ok(());
        }
    }
    let event: Event =
        serde_json::from_slice(raw_body).map_err(|e| CheckoutError::InvalidEvent(e.to_string()))?;
    let payment = event.payload.payment.map(|p| p.entity);
    if matches!(event.event.as_str(), "payment.captured" | "order.paid")
        && let Some(payment) = &payment
        && let Some(provider_order) = &payment.order_id
    {
        let provider_order = provider_order.clone();
        let found = state
            .db(move |store| store.order_by_provider_order(&provider_order))
            .await?;
        if let Some(found) = found {
            match complete(state, &found.order, &payment.id).await {
                Ok(placed) => {
                    if placed.order.delivery_speed == DeliverySpeed::Express
                        && placed.shipment.is_none()
                    {
                        match book_express(state, &placed.order.id).await {
                            Ok(_) => {}
                            // Cancelled, or being cancelled, since it was placed: no courier.
                            Err(CheckoutError::ExpressNotAllowed(reason)) => {
                                tracing::info!(%reason, order = %placed.order.id, "a paid webhook booked no courier");
                            }
                            Err(other) => return Err(other),
                        }
                    }
                }
                // Refused for good (refunded, not this order's): handled; deliver no more.
                Err(refused) if refused.is_final_for_payment() => {
                    tracing::warn!(%refused, order = %found.order.id, "a paid webhook placed no order");
                }
                Err(other) => return Err(other),
            }
        }
    }
    if let Some(event_id) = event_id {
        let (id, name, paid, now) = (
            event_id.to_owned(),
            event.event.clone(),
            payment.map(|p| p.id),
            state.clock.now(),
        );
        state
            .db(move |store| store.record_payment_event(&id, &name, paid.as_deref(), now))
            .await?;
    }
    Ok(())
}

/// Whether the order may have a courier booked now ([`orders::Lifecycle::check_express_booking`]).
fn bookable(stored: &store::StoredOrder) -> Result<(), orders::ExpressError> {
    stored.lifecycle().check_express_booking()
}

/// What booking an express delivery came to.
#[derive(Debug)]
pub enum Express {
    /// Booked now or before.
    Booked(store::ShipmentRecord),
    /// The shipping service refused or failed: the order is standard now.
    FellBack,
}

/// Books the express delivery of the placed order `order_id` with the shipping service, once: an order
/// booked before answers its booking. A cancelled order, or one whose cancellation request
/// waits, is refused ([`CheckoutError::ExpressNotAllowed`]), checked under the order's lock before the service
/// is asked and again when the booking is recorded (a booking made meanwhile is cancelled).
/// When the service refuses or fails, the order becomes standard (001 §4: "fallback to
/// standard on failure").
pub async fn book_express(state: &AppState, order_id: &str) -> Result<Express, CheckoutError> {
    // Read under the order's lock, so a cancellation being decided is waited for.
    let id = store::ids::OrderId::from(order_id);
    let stored = match state
        .db(move |store| store.check_order(&id, bookable))
        .await?
    {
        store::Changed::Done(now) => *now,
        store::Changed::Refused(e) => return Err(CheckoutError::ExpressNotAllowed(e)),
        store::Changed::Missing => return Err(CheckoutError::OrderNotFound),
    };
    if let Some(shipment) = &stored.shipment {
        return Ok(Express::Booked(shipment.clone()));
    }
    let order = &stored.order;
    if order.delivery_speed != DeliverySpeed::Express {
        return Ok(Express::FellBack);
    }
    let request = ShipmentRequest {
        order_id: order.id.to_string(),
        order_date: order.placed_at.unwrap_or(order.created_at).and_utc(),
        speed: DeliverySpeed::Express,
        pickup_location: None,
        customer: Customer {
            name: order.ship_name.clone(),
            phone: order.ship_phone.clone(),
            email: order.ship_email.clone(),
            address: order.ship_address.clone(),
            address_2: order.ship_address_2.clone(),
            city: order.ship_city.clone(),
            pincode: order.ship_pincode.clone(),
            state: order.ship_state.clone(),
            country: order.ship_country.clone(),
        },
        items: stored
            .lines
            .iter()
            .map(|line| ShipmentItem {
                name: line.name.clone(),
                sku: line.product_id.to_string(),
                units: u32::try_from(line.quantity).unwrap_or(1),
                selling_price_paise: u64::try_from(line.unit_price_paise).unwrap_or(0),
            })
            .collect(),
        sub_total_paise: u64::try_from(order.total_paise).unwrap_or(0),
        payment: PaymentMethod::Prepaid,
        parcel: Parcel::default(),
    };
    match state.shipping.book(&request).await {
        Ok(booking) => {
            let record = store::ShipmentRecord {
                order_id: order.id.clone(),
                shipment_id: i64::try_from(booking.shipment_id).unwrap_or(i64::MAX),
                order_ref: i64::try_from(booking.order_ref).unwrap_or(i64::MAX),
                channel_id: booking.channel_id.and_then(|c| i64::try_from(c).ok()),
                booked_at: state.clock.now().naive_utc(),
            };
            let saved = record.clone();
            let booked = state
                .db(move |store| store.set_shipment(&saved, bookable))
                .await?;
            let kept = match booked {
                store::Booking::Booked => return Ok(Express::Booked(record)),
                store::Booking::BookedBefore(winner) => winner
                    .shipment
                    .map(Express::Booked)
                    .ok_or_else(|| CheckoutError::Internal("a booking vanished".into())),
                store::Booking::Refused(e) => Err(CheckoutError::ExpressNotAllowed(e)),
                store::Booking::Missing => Err(CheckoutError::OrderNotFound),
            };
            // Another call booked first, or the order was cancelled while this booking was
            // made: this booking is not kept.
            if let Err(e) = state.shipping.cancel(booking.order_ref).await {
                tracing::warn!(order = %order.id, cause = %e, "an unkept booking could not be cancelled");
            }
            kept
        }
        Err(e) => {
            tracing::warn!(order = %order.id, cause = %e, "express booking failed; delivering standard");
            let id = order.id.clone();
            let estimate = DeliverySpeed::Standard.estimated_delivery(state.clock.now());
            state
                .db(move |store| store.fall_back_to_standard(&id, estimate))
                .await?;
            Ok(Express::FellBack)
        }
    }
}
