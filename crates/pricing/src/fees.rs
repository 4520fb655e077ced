//! Delivery fees and the free-delivery thresholds (001 §9).
//!
//! Express delivery costs ₹99 whatever the order's value; standard delivery is free. Because
//! standard is free anyway, the free-delivery threshold changes no fee: it only feeds texts.
//! The specification gives two readings (001 §2 Checkout, §9: ₹1,500 in checkout, ₹999 in the
//! shipping-policy tab); the shop shows one, [`FREE_DELIVERY_THRESHOLD_CHECKOUT`] (₹1,500), the
//! one the shopper sees when paying, everywhere: checkout reads it from the quote, and the
//! browser's policy tab checks its copy against this one through
//! `testdata/vectors/delivery_policy.json`.

use delivery::DeliverySpeed;

use crate::money::Money;

/// The fee for express (same-day, 60-minute) delivery (001 §9).
pub const EXPRESS_DELIVERY_FEE: Money = Money::from_rupees(99);

/// The fee for standard delivery: free (001 §9).
pub const STANDARD_DELIVERY_FEE: Money = Money::ZERO;

/// "Free delivery above ₹1,500": the checkout text (001 §2, §9), and the policy tab's too (the
/// specification's ₹999 there is not shown). Shown, never charged on.
pub const FREE_DELIVERY_THRESHOLD_CHECKOUT: Money = Money::from_rupees(1500);

/// The fee charged for a delivery speed (001 §9). The speed itself, with its lead time and the
/// 50 km express rule, is the `delivery` crate's.
pub const fn delivery_fee(speed: DeliverySpeed) -> Money {
    match speed {
        DeliverySpeed::Standard => STANDARD_DELIVERY_FEE,
        DeliverySpeed::Express => EXPRESS_DELIVERY_FEE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Style, format_inr};

    #[test]
    fn fees_and_thresholds() {
        // 001 §9: express fee ₹99; standard free; one threshold shown, ₹1,500.
        assert_eq!(delivery_fee(DeliverySpeed::Express).paise(), 9_900);
        assert_eq!(delivery_fee(DeliverySpeed::Standard), Money::ZERO);
        assert_eq!(
            format_inr(FREE_DELIVERY_THRESHOLD_CHECKOUT, Style::Auto),
            "₹1,500"
        );
    }
}
