//! What an order card on My Orders shows (001 §2 My Orders, §4, §5, §9).

use crate::status::{DeliveryStatus, OrderStatus, RefundStatus};

/// Characters of an order id shown to the shopper (001 §9).
pub const ORDER_ID_DISPLAY_CHARS: usize = 8;

/// The status line of an order: 'Order cancelled successfully' when cancelled, 'Cancellation
/// rejected by brand' when the request was rejected, otherwise the delivery status text
/// (001 §4).
pub fn status_text(status: Option<OrderStatus>, delivery: &DeliveryStatus) -> &str {
    match status {
        Some(OrderStatus::Cancelled) => "Order cancelled successfully",
        Some(OrderStatus::CancelRejected) => "Cancellation rejected by brand",
        Some(OrderStatus::CancelRequested) | None => delivery.as_str(),
    }
}

/// The refund badge, shown only for cancelled orders: 'Completed', 'Initiated', and 'Not
/// Initiated' for anything else (001 §4), a failed refund and an unknown stored value included:
/// to the shopper, no money is on its way back.
pub fn refund_label(
    status: Option<OrderStatus>,
    refund: Option<RefundStatus>,
) -> Option<&'static str> {
    if status != Some(OrderStatus::Cancelled) {
        return None;
    }
    Some(match refund {
        Some(RefundStatus::Completed) => "Completed",
        Some(RefundStatus::Initiated) => "Initiated",
        Some(RefundStatus::NotInitiated | RefundStatus::Failed) | None => "Not Initiated",
    })
}

/// The cancel button of an order item (001 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CancelButton {
    /// 'Requested' or 'Cancel'.
    pub label: &'static str,
    /// Whether it can be pressed.
    pub enabled: bool,
}

/// The cancel button for an item: labelled 'Requested' when a request was already made (the
/// page's own mark, set the moment the shopper submits) or the order is in Cancellation
/// Requested, else 'Cancel'; disabled when already requested or when the delivery status no
/// longer allows cancelling (001 §4).
pub fn cancel_button(delivery: &DeliveryStatus, already_requested: bool) -> CancelButton {
    let requested = already_requested || *delivery == DeliveryStatus::CancellationRequested;
    CancelButton {
        label: if requested { "Requested" } else { "Cancel" },
        enabled: !already_requested && delivery.allows_cancellation(),
    }
}

/// The cancellation reason as sent: trimmed, or `None` (JSON null) when blank (001 §5).
pub fn cancellation_reason(raw: &str) -> Option<String> {
    let trimmed = raw.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

/// The part of an order id shown after 'Order #': its last 8 characters, or all of it when
/// shorter (001 §2 My Orders, §9).
pub fn order_id_display(id: &str) -> &str {
    let skip = id.chars().count().saturating_sub(ORDER_ID_DISPLAY_CHARS);
    match id.char_indices().nth(skip) {
        Some((start, _)) => &id[start..],
        None => id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_text_by_order_status() {
        let shipped = DeliveryStatus::Shipped;
        // (spec, status, text)
        let table = [
            (
                "001 §4",
                Some(OrderStatus::Cancelled),
                "Order cancelled successfully",
            ),
            (
                "001 §4",
                Some(OrderStatus::CancelRejected),
                "Cancellation rejected by brand",
            ),
            ("001 §4", Some(OrderStatus::CancelRequested), "Shipped"),
            ("001 §4", None, "Shipped"),
        ];
        for (spec, status, text) in table {
            assert_eq!(status_text(status, &shipped), text, "{spec}: {status:?}");
        }
        assert_eq!(status_text(None, &DeliveryStatus::Pending), "pending");
        assert_eq!(
            status_text(None, &DeliveryStatus::parse("Returned")),
            "Returned"
        );
    }

    #[test]
    fn refund_label_only_for_cancelled_orders() {
        use RefundStatus::*;
        let cancelled = Some(OrderStatus::Cancelled);
        // (spec, status, refund, label)
        let table = [
            ("001 §4", cancelled, Some(Completed), Some("Completed")),
            ("001 §4", cancelled, Some(Initiated), Some("Initiated")),
            (
                "001 §4",
                cancelled,
                Some(NotInitiated),
                Some("Not Initiated"),
            ),
            ("001 §4", cancelled, Some(Failed), Some("Not Initiated")),
            ("001 §4", cancelled, None, Some("Not Initiated")),
            (
                "001 §4",
                Some(OrderStatus::CancelRequested),
                Some(Completed),
                None,
            ),
            (
                "001 §4",
                Some(OrderStatus::CancelRejected),
                Some(Initiated),
                None,
            ),
            ("001 §4", None, Some(Completed), None),
        ];
        for (spec, status, refund, label) in table {
            assert_eq!(
                refund_label(status, refund),
                label,
                "{spec}: {status:?} {refund:?}"
            );
        }
    }

    #[test]
    fn cancel_button_label_and_state() {
        // (spec, delivery status, already requested, label, enabled)
        let table = [
            ("001 §4", "pending", false, "Cancel", true),
            ("001 §4", "Processing", false, "Cancel", true),
            ("001 §4", "Processing", true, "Requested", false),
            (
                "001 §4",
                "Cancellation Requested",
                false,
                "Requested",
                false,
            ),
            ("001 §4", "Shipped", false, "Cancel", false),
            ("001 §4", "Cancelled", false, "Cancel", false),
            ("001 §4", "Delivered", true, "Requested", false),
        ];
        for (spec, raw, requested, label, enabled) in table {
            let button = cancel_button(&DeliveryStatus::parse(raw), requested);
            assert_eq!(
                button,
                CancelButton { label, enabled },
                "{spec}: {raw} {requested}"
            );
        }
    }

    #[test]
    fn cancellation_reason_is_null_when_blank() {
        // 001 §5: cancellation reason optional, sent as null if empty
        assert_eq!(cancellation_reason(""), None);
        assert_eq!(cancellation_reason(" \n\t "), None);
        assert_eq!(
            cancellation_reason(" Wrong size "),
            Some("Wrong size".to_owned())
        );
    }

    #[test]
    fn order_id_shows_its_last_eight_characters() {
        // (spec, id, shown)
        let table = [
            ("001 §9", "0190a1b2c3d4e5f6a7b8c9d0", "a7b8c9d0"),
            ("001 §9", "12345678", "12345678"),
            ("001 §9", "123456789", "23456789"),
            ("001 §9", "abc", "abc"),
            ("001 §9", "", ""),
            ("001 §9", "ordér-ñ1234567", "ñ1234567"),
        ];
        for (spec, id, shown) in table {
            assert_eq!(order_id_display(id), shown, "{spec}: {id:?}");
        }
    }
}
