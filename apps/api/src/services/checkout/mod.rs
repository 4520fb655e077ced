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

pub use error::CheckoutError;
pub use quote::{Priced, price};
pub use wire::{Offer, Quote, QuoteLine, QuoteProduct};

use super::lookup;
