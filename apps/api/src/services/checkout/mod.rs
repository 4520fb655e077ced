//! Checkout: pricing what the shopper buys (the quote), reserving it and opening the payment,
//! placing the paid order, coupons, and what happens to orders afterwards without a shopper
//! asking (lapsed reservations, refunds, express tracking). The rules are the pure crates'
//! (`pricing`, `delivery`, `bag`, `orders`); this module gathers their inputs from the store
//! and the catalogue and keeps each step safe to retry.

pub mod coupons;
mod error;
pub mod input;
pub mod payment;
pub mod placement;
pub mod quote;
pub mod settler;
pub mod wire;

use delivery::DeliverySpeed;
use orders::{DeliveryStatus, Lifecycle, OrderStatus, RefundStatus};

pub use error::CheckoutError;
pub use quote::{Priced, price};
pub use wire::{Offer, Quote, QuoteLine, QuoteProduct};

use super::lookup;

/// The stored and wire word of a speed.
pub fn speed_word(speed: DeliverySpeed) -> &'static str {
    match speed {
        DeliverySpeed::Standard => "standard",
        DeliverySpeed::Express => "express",
    }
}

/// The order's lifecycle fields as stored.
pub fn lifecycle_of(stored: &store::StoredOrder) -> Lifecycle {
    let order = &stored.order;
    Lifecycle {
        delivery: DeliveryStatus::parse(&order.delivery_status),
        status: order.status.as_deref().and_then(OrderStatus::parse),
        refund: RefundStatus::parse(&order.refund_status).unwrap_or(RefundStatus::NotInitiated),
        open_request: stored
            .open_request
            .as_ref()
            .map(|request| orders::OpenRequest {
                line: usize::try_from(request.line).unwrap_or(0),
                reason: request.reason.clone(),
                delivery_before: DeliveryStatus::parse(&request.delivery_before),
            }),
    }
}

/// The fields a lifecycle writes, with the request left as it is.
pub fn change_of(lifecycle: &Lifecycle) -> store::OrderChange {
    store::OrderChange {
        delivery_status: lifecycle.delivery.as_str().to_owned(),
        status: lifecycle.status.map(|s| s.as_str().to_owned()),
        refund_status: lifecycle.refund.as_str().to_owned(),
        request: store::RequestChange::Keep,
        return_stock: false,
    }
}
