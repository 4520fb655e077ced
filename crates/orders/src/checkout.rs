//! The payment states of checkout, for the page and the server to agree on (001 §4 Checkout).

use std::fmt;

/// Where a checkout's payment stands (001 §4: "Payment: idle, processing, dismissed (back to
/// idle), verified, then order created, then cart cleared, then express request, then success
/// screen"). Dismissed is not a state of its own: dismissing the payment window, like a failed
/// or unverified payment, takes a processing checkout back to idle, where it may pay again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckoutState {
    /// `idle`: nothing started; the pay button may be pressed.
    Idle,
    /// `processing`: the card payment window is open or the payment is being made.
    Processing,
    /// `verified`: the server checked the payment's signature.
    Verified,
    /// `order_created`: the order is stored (`pending`, `Paid`).
    OrderCreated,
    /// `bag_cleared`: the bag is emptied.
    BagCleared,
    /// `express_requested`: express delivery was asked for (quick delivery only; when it fails
    /// the order falls back to standard and checkout still succeeds).
    ExpressRequested,
    /// `success`: the order success screen.
    Success,
}

impl CheckoutState {
    /// Every state, in the order a checkout passes them.
    pub const ALL: [CheckoutState; 7] = [
        CheckoutState::Idle,
        CheckoutState::Processing,
        CheckoutState::Verified,
        CheckoutState::OrderCreated,
        CheckoutState::BagCleared,
        CheckoutState::ExpressRequested,
        CheckoutState::Success,
    ];

    /// The wire and vector name.
    pub fn as_str(self) -> &'static str {
        match self {
            CheckoutState::Idle => "idle",
            CheckoutState::Processing => "processing",
            CheckoutState::Verified => "verified",
            CheckoutState::OrderCreated => "order_created",
            CheckoutState::BagCleared => "bag_cleared",
            CheckoutState::ExpressRequested => "express_requested",
            CheckoutState::Success => "success",
        }
    }

    /// Reads a name (exact, lower case); `None` for any other text.
    pub fn parse(raw: &str) -> Option<Self> {
        CheckoutState::ALL.into_iter().find(|s| s.as_str() == raw)
    }

    /// The states this one may go to. Once the payment is verified there is no way back: the
    /// shopper has paid, so the order must be created (its creation is idempotent per payment,
    /// and is retried rather than abandoned).
    pub fn next_states(self) -> &'static [CheckoutState] {
        match self {
            CheckoutState::Idle => &[CheckoutState::Processing],
            CheckoutState::Processing => &[CheckoutState::Idle, CheckoutState::Verified],
            CheckoutState::Verified => &[CheckoutState::OrderCreated],
            CheckoutState::OrderCreated => &[CheckoutState::BagCleared],
            CheckoutState::BagCleared => &[CheckoutState::ExpressRequested, CheckoutState::Success],
            CheckoutState::ExpressRequested => &[CheckoutState::Success],
            CheckoutState::Success => &[],
        }
    }

    /// Whether this state may go to `next`.
    pub fn allows(self, next: CheckoutState) -> bool {
        self.next_states().contains(&next)
    }

    /// This state moved to `next`, when [`CheckoutState::allows`] it.
    pub fn advance(self, next: CheckoutState) -> Result<CheckoutState, CheckoutStepError> {
        if self.allows(next) {
            Ok(next)
        } else {
            Err(CheckoutStepError {
                from: self,
                to: next,
            })
        }
    }

    /// Whether the pay button may be pressed in this state: only when idle (001 §5: disabled
    /// while processing). Its other reasons to be disabled (addresses loading, none selected)
    /// are the page's.
    pub fn accepts_payment(self) -> bool {
        self == CheckoutState::Idle
    }
}

impl fmt::Display for CheckoutState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A checkout step [`CheckoutState::advance`] refuses; a bug in the caller, not a shopper's
/// mistake, so the message is for a log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("checkout cannot go from {from} to {to}")]
pub struct CheckoutStepError {
    /// The state the checkout is in.
    pub from: CheckoutState,
    /// The state asked for.
    pub to: CheckoutState,
}

#[cfg(test)]
mod tests {
    use super::*;
    use CheckoutState::*;

    #[test]
    fn a_checkout_pays_then_creates_the_order_then_clears_the_bag() {
        // 001 §4 Checkout: (from, to) steps a checkout takes
        let standard = [
            Idle,
            Processing,
            Verified,
            OrderCreated,
            BagCleared,
            Success,
        ];
        let express = [
            Idle,
            Processing,
            Verified,
            OrderCreated,
            BagCleared,
            ExpressRequested,
            Success,
        ];
        for path in [&standard[..], &express[..]] {
            for pair in path.windows(2) {
                assert_eq!(pair[0].advance(pair[1]), Ok(pair[1]), "{pair:?}");
            }
        }
        // dismissed: back to idle, and pay again
        assert_eq!(Processing.advance(Idle), Ok(Idle));
        assert_eq!(Idle.advance(Processing), Ok(Processing));
    }

    #[test]
    fn no_step_is_skipped_and_none_goes_back_after_paying() {
        let refused = [
            (Idle, Verified),
            (Idle, Success),
            (Processing, OrderCreated),
            (Verified, Idle),
            (Verified, BagCleared),
            (OrderCreated, Idle),
            (OrderCreated, Success),
            (BagCleared, Idle),
            (ExpressRequested, BagCleared),
            (Success, Idle),
            (Idle, Idle),
        ];
        for (from, to) in refused {
            assert_eq!(
                from.advance(to),
                Err(CheckoutStepError { from, to }),
                "{from} -> {to}"
            );
        }
        assert_eq!(
            CheckoutStepError {
                from: Idle,
                to: Success
            }
            .to_string(),
            "checkout cannot go from idle to success"
        );
    }

    #[test]
    fn names_read_back() {
        for state in CheckoutState::ALL {
            assert_eq!(CheckoutState::parse(state.as_str()), Some(state));
        }
        assert_eq!(CheckoutState::parse("dismissed"), None);
        assert_eq!(CheckoutState::parse("Idle"), None);
    }

    #[test]
    fn only_an_idle_checkout_takes_a_payment() {
        for state in CheckoutState::ALL {
            assert_eq!(state.accepts_payment(), state == Idle, "{state}");
        }
    }
}
