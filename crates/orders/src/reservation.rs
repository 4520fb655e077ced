//! Stock held for a checkout while the shopper pays, so two shoppers cannot both pay for the
//! last item; a reservation nobody completes lapses and the stock is for sale again.

use chrono::{DateTime, TimeDelta, Utc};

/// How long a checkout holds its stock (ours): long enough to pay, short enough that an
/// abandoned checkout does not keep an item from other shoppers for long. Razorpay's sheet
/// takes a card with its bank's one-time password in a minute or two, and a UPI collect
/// request waits up to five minutes for the shopper's approval in their UPI app; ten minutes
/// covers both with room to retry once. A payment that still comes later is not lost: it
/// places the order when the stock is still there, and is refunded in full when it is not.
pub const RESERVATION_LIFETIME: TimeDelta = TimeDelta::minutes(10);

/// Whether a reservation made at `reserved_at` has lapsed at `now`: from exactly
/// [`RESERVATION_LIFETIME`] after it on. A `reserved_at` after `now` (another process's clock
/// running ahead) has not lapsed.
pub fn is_expired(reserved_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now.signed_duration_since(reserved_at) >= RESERVATION_LIFETIME
}

/// Why a checkout cannot reserve the quantity it wants. `Display` is the text the shopper
/// sees (ours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ReserveError {
    /// A quantity of 0.
    #[error("Choose at least one item.")]
    NothingWanted,
    /// None left.
    #[error("This size is out of stock.")]
    SoldOut,
    /// Fewer left than wanted.
    #[error("Only {left} left in this size.")]
    NotEnough {
        /// How many are left.
        left: u32,
    },
}

/// The quantity a checkout may reserve when `left` are left (stock less what other live
/// reservations hold) and it wants `wanted`: all of them, or none with the reason. Never more
/// than what is left, and never part of what was asked: the shopper decides on fewer.
pub fn reservable(left: u32, wanted: u32) -> Result<u32, ReserveError> {
    match (left, wanted) {
        (_, 0) => Err(ReserveError::NothingWanted),
        (0, _) => Err(ReserveError::SoldOut),
        (left, wanted) if wanted > left => Err(ReserveError::NotEnough { left }),
        (_, wanted) => Ok(wanted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reservation_lapses_after_ten_minutes() {
        let at = DateTime::<Utc>::UNIX_EPOCH + TimeDelta::days(20_000);
        // (offset from the reservation, expired)
        let table = [
            (TimeDelta::zero(), false),
            (TimeDelta::minutes(9), false),
            (TimeDelta::minutes(10) - TimeDelta::milliseconds(1), false),
            (TimeDelta::minutes(10), true),
            (TimeDelta::hours(2), true),
            (-TimeDelta::minutes(30), false),
        ];
        for (offset, expired) in table {
            assert_eq!(is_expired(at, at + offset), expired, "{offset}");
        }
        assert_eq!(RESERVATION_LIFETIME, TimeDelta::minutes(10));
    }

    #[test]
    fn a_checkout_reserves_what_it_wants_if_that_many_are_left() {
        // (left, wanted, outcome)
        let table = [
            (5, 1, Ok(1)),
            (5, 5, Ok(5)),
            (5, 6, Err(ReserveError::NotEnough { left: 5 })),
            (0, 1, Err(ReserveError::SoldOut)),
            (0, 0, Err(ReserveError::NothingWanted)),
            (3, 0, Err(ReserveError::NothingWanted)),
        ];
        for (left, wanted, outcome) in table {
            assert_eq!(
                reservable(left, wanted),
                outcome,
                "{left} left, {wanted} wanted"
            );
        }
        assert_eq!(
            ReserveError::NotEnough { left: 2 }.to_string(),
            "Only 2 left in this size."
        );
    }
}
