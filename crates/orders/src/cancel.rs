//! Whether an order item may still be cancelled (001 §4 Cancel allowed, §5, §8 Cancellation).

use crate::status::{DeliveryStatus, OrderStatus};

/// Why an item cannot be cancelled. `Display` is the text the shopper sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum CancelError {
    /// Shipped, Out for Delivery or Delivered: the spec's message (001 §5).
    #[error("Cannot cancel this item. Order has already been shipped or delivered.")]
    AlreadyShipped,
    /// The order is cancelled already (ours).
    #[error("This order has already been cancelled.")]
    AlreadyCancelled,
    /// A cancellation request is waiting for the brand (ours; its second sentence is the spec's
    /// success toast, 001 §8).
    #[error(
        "A cancellation has already been requested for this order. You will be notified once it's processed."
    )]
    AlreadyRequested,
}

/// The longest cancellation reason kept, in characters, counted after trimming.
pub const REASON_MAX_CHARS: usize = 500;

/// A cancellation reason longer than [`REASON_MAX_CHARS`]. `Display` is the text the shopper
/// sees (ours).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("Please keep the reason within {REASON_MAX_CHARS} characters.")]
pub struct ReasonTooLong;

/// Refuses a reason longer than [`REASON_MAX_CHARS`] once trimmed; a blank one is none.
pub fn check_reason(raw: &str) -> Result<(), ReasonTooLong> {
    if raw.trim().chars().count() > REASON_MAX_CHARS {
        Err(ReasonTooLong)
    } else {
        Ok(())
    }
}

/// Whether an item of an order with this `status` and `delivery` status may be cancelled:
/// only while the delivery status is not Shipped, Out for Delivery, Delivered, Cancelled or
/// Cancellation Requested (001 §4), and the order is neither cancelled nor waiting on a
/// request. A rejected request does not stop another: the spec blocks cancelling by delivery
/// status only, and a rejection puts the delivery status back.
pub fn check_cancellable(
    status: Option<OrderStatus>,
    delivery: &DeliveryStatus,
) -> Result<(), CancelError> {
    match (status, delivery) {
        (Some(OrderStatus::Cancelled), _) | (_, DeliveryStatus::Cancelled) => {
            Err(CancelError::AlreadyCancelled)
        }
        (Some(OrderStatus::CancelRequested), _) | (_, DeliveryStatus::CancellationRequested) => {
            Err(CancelError::AlreadyRequested)
        }
        (
            _,
            DeliveryStatus::Shipped | DeliveryStatus::OutForDelivery | DeliveryStatus::Delivered,
        ) => Err(CancelError::AlreadyShipped),
        (
            None | Some(OrderStatus::CancelRejected),
            DeliveryStatus::Pending
            | DeliveryStatus::Accepted
            | DeliveryStatus::Processing
            | DeliveryStatus::Other(_),
        ) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_reason_is_kept_up_to_the_limit_counted_in_characters_after_trimming() {
        use super::{REASON_MAX_CHARS, ReasonTooLong, check_reason};
        assert_eq!(check_reason(""), Ok(()));
        assert_eq!(check_reason(&"é".repeat(REASON_MAX_CHARS)), Ok(()));
        let padded = format!("  {}  ", "a".repeat(REASON_MAX_CHARS));
        assert_eq!(check_reason(&padded), Ok(()));
        assert_eq!(
            check_reason(&"a".repeat(REASON_MAX_CHARS + 1)),
            Err(ReasonTooLong)
        );
        assert_eq!(
            ReasonTooLong.to_string(),
            "Please keep the reason within 500 characters."
        );
    }

    use super::*;

    #[test]
    fn cancellable_until_shipped_with_a_reason_when_not() {
        use CancelError::*;
        let rejected = Some(OrderStatus::CancelRejected);
        let requested = Some(OrderStatus::CancelRequested);
        let cancelled = Some(OrderStatus::Cancelled);
        // (spec, order status, delivery status, outcome)
        let table = [
            ("001 §4", None, "pending", Ok(())),
            ("001 §4", None, "Accepted", Ok(())),
            ("001 §4", None, "Processing", Ok(())),
            ("001 §4", None, "Returned", Ok(())),
            ("001 §4", rejected, "Processing", Ok(())),
            ("001 §4, §5", None, "Shipped", Err(AlreadyShipped)),
            ("001 §4, §5", None, "Out for Delivery", Err(AlreadyShipped)),
            ("001 §4, §5", None, "Delivered", Err(AlreadyShipped)),
            ("001 §4, §5", rejected, "Delivered", Err(AlreadyShipped)),
            ("001 §4", None, "Cancelled", Err(AlreadyCancelled)),
            ("001 §4", cancelled, "Cancelled", Err(AlreadyCancelled)),
            ("001 §4", cancelled, "Processing", Err(AlreadyCancelled)),
            (
                "001 §4",
                None,
                "Cancellation Requested",
                Err(AlreadyRequested),
            ),
            (
                "001 §4",
                requested,
                "Cancellation Requested",
                Err(AlreadyRequested),
            ),
            ("001 §4", requested, "Processing", Err(AlreadyRequested)),
        ];
        for (spec, status, raw, outcome) in table {
            let delivery = DeliveryStatus::parse(raw);
            assert_eq!(
                check_cancellable(status, &delivery),
                outcome,
                "{spec}: {status:?} {raw}"
            );
            // The rule and the delivery status's own answer agree whenever nothing else blocks.
            if status.is_none() {
                assert_eq!(outcome.is_ok(), delivery.allows_cancellation(), "{raw}");
            }
        }
    }

    #[test]
    fn the_blocked_message_is_the_specs() {
        // 001 §5: cancel blocked message
        assert_eq!(
            CancelError::AlreadyShipped.to_string(),
            "Cannot cancel this item. Order has already been shipped or delivered."
        );
    }
}
