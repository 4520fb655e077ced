//! What a card payment may be: the payment service takes nothing under its minimum.

use crate::money::Money;

/// The smallest amount a card payment can be (Razorpay's minimum, ₹1).
pub const MIN_CARD_PAYMENT: Money = Money::from_paise(100);

/// A total the payment service cannot take by card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CardPaymentError {
    /// Under [`MIN_CARD_PAYMENT`].
    #[error("The order total must be at least ₹1 to pay by card.")]
    BelowMinimum,
}

/// Whether `total` can be paid by card: at least [`MIN_CARD_PAYMENT`].
pub fn check_card_payment(total: Money) -> Result<(), CardPaymentError> {
    if total < MIN_CARD_PAYMENT {
        Err(CardPaymentError::BelowMinimum)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Style, format_inr};

    #[test]
    fn a_card_payment_is_at_least_one_rupee() {
        assert_eq!(format_inr(MIN_CARD_PAYMENT, Style::Auto), "₹1");
        assert_eq!(check_card_payment(Money::from_paise(100)), Ok(()));
        assert_eq!(check_card_payment(Money::from_paise(129_900)), Ok(()));
        for under in [0, 1, 99, -100] {
            assert_eq!(
                check_card_payment(Money::from_paise(under)),
                Err(CardPaymentError::BelowMinimum)
            );
        }
    }
}
