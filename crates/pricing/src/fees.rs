//! Delivery fees and the free-delivery thresholds (001 §9).
//!
//! Express delivery costs ₹99 whatever the order's value; standard delivery is free. Because
//! standard is free anyway, the free-delivery thresholds change no fee: they only feed texts.
//! The specification gives two readings (001 §2 Checkout, §9):
//! [`FREE_DELIVERY_THRESHOLD_CHECKOUT`] (₹1,500) is the one the shopper sees when paying and
//! the one to show in checkout; [`FREE_DELIVERY_THRESHOLD_POLICY_TEXT`] (₹999) is only the
//! wording of the shipping-policy tab.

use serde::{Deserialize, Serialize};

use crate::money::Money;

/// The fee for express (same-day, 60-minute) delivery (001 §9).
pub const EXPRESS_DELIVERY_FEE: Money = Money::from_rupees(99);

/// The fee for standard delivery: free (001 §9).
pub const STANDARD_DELIVERY_FEE: Money = Money::ZERO;

/// "Free delivery above ₹1,500": the checkout text (001 §2, §9). Shown, never charged on.
pub const FREE_DELIVERY_THRESHOLD_CHECKOUT: Money = Money::from_rupees(1500);

/// "Free delivery above ₹999": the shipping-policy tab's text only (001 §2, §9).
pub const FREE_DELIVERY_THRESHOLD_POLICY_TEXT: Money = Money::from_rupees(999);

/// The delivery speed an order is charged for.
///
/// The `delivery` crate has its own `DeliverySpeed` for windows and estimated times; the two
/// crates do not depend on each other. Both read and write `"standard"` and `"express"`
/// (`"quick"`, the checkout's word in 001 §4, reads as express), so the API maps one to the
/// other with a two-arm `match`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeliverySpeed {
    /// Free, 3-7 business days.
    #[default]
    Standard,
    /// ₹99, within the hour where available.
    #[serde(alias = "quick")]
    Express,
}

impl DeliverySpeed {
    /// The fee charged for this speed.
    pub const fn fee(self) -> Money {
        match self {
            DeliverySpeed::Standard => STANDARD_DELIVERY_FEE,
            DeliverySpeed::Express => EXPRESS_DELIVERY_FEE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Style, format_inr};
    use serde_json::json;

    #[test]
    fn fees_and_thresholds() {
        // 001 §9: express fee ₹99; standard free; thresholds ₹1,500 and ₹999.
        assert_eq!(DeliverySpeed::Express.fee().paise(), 9_900);
        assert_eq!(DeliverySpeed::Standard.fee(), Money::ZERO);
        assert_eq!(
            format_inr(FREE_DELIVERY_THRESHOLD_CHECKOUT, Style::Auto),
            "₹1,500"
        );
        assert_eq!(
            format_inr(FREE_DELIVERY_THRESHOLD_POLICY_TEXT, Style::Auto),
            "₹999"
        );
    }

    #[test]
    fn wire_names() {
        assert_eq!(
            serde_json::to_value(DeliverySpeed::Express).ok(),
            Some(json!("express"))
        );
        let quick: Result<DeliverySpeed, _> = serde_json::from_value(json!("quick"));
        assert_eq!(quick.ok(), Some(DeliverySpeed::Express));
        let standard: Result<DeliverySpeed, _> = serde_json::from_value(json!("standard"));
        assert_eq!(standard.ok(), Some(DeliverySpeed::Standard));
        assert_eq!(DeliverySpeed::default(), DeliverySpeed::Standard);
    }
}
