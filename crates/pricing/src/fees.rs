//! Delivery fees and the free-delivery thresholds (001 §9).
//!
//! Express delivery costs ₹99 whatever the order's value; standard delivery is free. Because
//! standard is free anyway, the free-delivery thresholds change no fee: they only feed texts.
//! The specification gives two readings (001 §2 Checkout, §9):
//! [`FREE_DELIVERY_THRESHOLD_CHECKOUT`] (₹1,500) is the one the shopper sees when paying and
//! the one to show in checkout; [`FREE_DELIVERY_THRESHOLD_POLICY_TEXT`] (₹999) is only the
//! wording of the shipping-policy tab.

use delivery::DeliverySpeed;

use crate::money::Money;

/// The fee for express (same-day, 60-minute) delivery (001 §9).
pub const EXPRESS_DELIVERY_FEE: Money = Money::from_rupees(99);

/// The fee for standard delivery: free (001 §9).
pub const STANDARD_DELIVERY_FEE: Money = Money::ZERO;

/// "Free delivery above ₹1,500": the checkout text (001 §2, §9). Shown, never charged on.
pub const FREE_DELIVERY_THRESHOLD_CHECKOUT: Money = Money::from_rupees(1500);

/// "Free delivery above ₹999": the shipping-policy tab's text only (001 §2, §9).
pub const FREE_DELIVERY_THRESHOLD_POLICY_TEXT: Money = Money::from_rupees(999);

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
        // 001 §9: express fee ₹99; standard free; thresholds ₹1,500 and ₹999.
        assert_eq!(delivery_fee(DeliverySpeed::Express).paise(), 9_900);
        assert_eq!(delivery_fee(DeliverySpeed::Standard), Money::ZERO);
        assert_eq!(
            format_inr(FREE_DELIVERY_THRESHOLD_CHECKOUT, Style::Auto),
            "₹1,500"
        );
        assert_eq!(
            format_inr(FREE_DELIVERY_THRESHOLD_POLICY_TEXT, Style::Auto),
            "₹999"
        );
    }
}
