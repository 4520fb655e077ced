//! What an order line shows and whether it may be cancelled (001 §4, §5, §9).

use std::fmt;

use crate::ValidationError;

/// Characters of an order id shown to the shopper (001 §9).
pub const ORDER_ID_DISPLAY_CHARS: usize = 8;

/// The delivery status of an order (001 §4). The seven known statuses are matched without
/// regard to letter case or surrounding spaces; anything else (`pending`, say, the status of a
/// new order) is kept as [`DeliveryStatus::Other`] and shown in the neutral grey.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeliveryStatus {
    /// `Delivered`
    Delivered,
    /// `Out for Delivery`
    OutForDelivery,
    /// `Shipped`
    Shipped,
    /// `Processing`
    Processing,
    /// `Accepted`
    Accepted,
    /// `Cancelled`
    Cancelled,
    /// `Cancellation Requested`
    CancellationRequested,
    /// Any other status text, as stored.
    Other(String),
}

impl DeliveryStatus {
    const KNOWN: [DeliveryStatus; 7] = [
        DeliveryStatus::Delivered,
        DeliveryStatus::OutForDelivery,
        DeliveryStatus::Shipped,
        DeliveryStatus::Processing,
        DeliveryStatus::Accepted,
        DeliveryStatus::Cancelled,
        DeliveryStatus::CancellationRequested,
    ];

    /// Reads a stored status.
    pub fn parse(raw: &str) -> Self {
        let trimmed = raw.trim();
        DeliveryStatus::KNOWN
            .into_iter()
            .find(|status| status.as_str().eq_ignore_ascii_case(trimmed))
            .unwrap_or_else(|| DeliveryStatus::Other(raw.to_owned()))
    }

    /// The text shown: the status's own words, or the stored text for others.
    pub fn as_str(&self) -> &str {
        match self {
            DeliveryStatus::Delivered => "Delivered",
            DeliveryStatus::OutForDelivery => "Out for Delivery",
            DeliveryStatus::Shipped => "Shipped",
            DeliveryStatus::Processing => "Processing",
            DeliveryStatus::Accepted => "Accepted",
            DeliveryStatus::Cancelled => "Cancelled",
            DeliveryStatus::CancellationRequested => "Cancellation Requested",
            DeliveryStatus::Other(text) => text,
        }
    }

    /// Whether the status has no colour of its own and shows in neutral grey (001 §4).
    pub fn is_neutral(&self) -> bool {
        matches!(self, DeliveryStatus::Other(_))
    }

    /// Whether an item in this status may still be cancelled: not once it is Shipped, Out for
    /// Delivery, Delivered, Cancelled or Cancellation Requested (001 §4).
    pub fn allows_cancellation(&self) -> bool {
        !matches!(
            self,
            DeliveryStatus::Shipped
                | DeliveryStatus::OutForDelivery
                | DeliveryStatus::Delivered
                | DeliveryStatus::Cancelled
                | DeliveryStatus::CancellationRequested
        )
    }
}

impl fmt::Display for DeliveryStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The cancellation side of an order's `status` (001 §4). Other values, and none, are `None`
/// where an `Option<OrderStatus>` is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    /// `cancelled`
    Cancelled,
    /// `cancel_requested`
    CancelRequested,
    /// `cancel_rejected`
    CancelRejected,
}

impl OrderStatus {
    /// Reads a stored status (trimmed, letter case ignored); `None` for any other value.
    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "cancelled" => Some(OrderStatus::Cancelled),
            "cancel_requested" => Some(OrderStatus::CancelRequested),
            "cancel_rejected" => Some(OrderStatus::CancelRejected),
            _ => None,
        }
    }

    /// The stored value.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::CancelRequested => "cancel_requested",
            OrderStatus::CancelRejected => "cancel_rejected",
        }
    }
}

impl fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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

/// The refund line, shown only for cancelled orders: 'Completed' for `completed`, 'Initiated'
/// for `initiated` (letter case ignored), 'Not Initiated' otherwise (001 §4).
pub fn refund_label(
    status: Option<OrderStatus>,
    refund_status: Option<&str>,
) -> Option<&'static str> {
    if status != Some(OrderStatus::Cancelled) {
        return None;
    }
    let refund = refund_status.map(|s| s.trim().to_ascii_lowercase());
    Some(match refund.as_deref() {
        Some("completed") => "Completed",
        Some("initiated") => "Initiated",
        _ => "Not Initiated",
    })
}

/// Whether an item may be cancelled, as an error carrying the message shown when not:
/// 'Cannot cancel this item. Order has already been shipped or delivered.' (001 §4, §5).
pub fn check_cancellable(delivery: &DeliveryStatus) -> Result<(), ValidationError> {
    if delivery.allows_cancellation() {
        Ok(())
    } else {
        Err(ValidationError::CannotCancel)
    }
}

/// The cancel button of an order item (001 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CancelButton {
    /// 'Requested' or 'Cancel'.
    pub label: &'static str,
    /// Whether it can be pressed.
    pub enabled: bool,
}

/// The cancel button for an item: labelled 'Requested' when a request was already made (or the
/// order is in Cancellation Requested), else 'Cancel'; disabled when already requested or when
/// the delivery status no longer allows cancelling (001 §4).
pub fn cancel_button(delivery: &DeliveryStatus, already_requested: bool) -> CancelButton {
    let requested = already_requested || *delivery == DeliveryStatus::CancellationRequested;
    CancelButton {
        label: if requested { "Requested" } else { "Cancel" },
        enabled: !already_requested && delivery.allows_cancellation(),
    }
}

/// The cancellation reason as sent: trimmed, or `None` (JSON null) when empty (001 §5).
pub fn cancellation_reason(raw: &str) -> Option<String> {
    let trimmed = raw.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

/// The part of an order id shown: its last 8 characters, or all of it when shorter (001 §9).
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
    fn reads_delivery_statuses() {
        // (spec, raw, status, neutral)
        let table = [
            ("001 §4", "Delivered", DeliveryStatus::Delivered, false),
            (
                "001 §4",
                "Out for Delivery",
                DeliveryStatus::OutForDelivery,
                false,
            ),
            (
                "001 §4",
                "out for delivery",
                DeliveryStatus::OutForDelivery,
                false,
            ),
            ("001 §4", "Shipped", DeliveryStatus::Shipped, false),
            ("001 §4", "Processing", DeliveryStatus::Processing, false),
            ("001 §4", "Accepted", DeliveryStatus::Accepted, false),
            ("001 §4", "Cancelled", DeliveryStatus::Cancelled, false),
            (
                "001 §4",
                "Cancellation Requested",
                DeliveryStatus::CancellationRequested,
                false,
            ),
            (
                "001 §4",
                "pending",
                DeliveryStatus::Other("pending".into()),
                true,
            ),
            ("001 §4", "", DeliveryStatus::Other(String::new()), true),
        ];
        for (spec, raw, status, neutral) in table {
            let got = DeliveryStatus::parse(raw);
            assert_eq!(got, status, "{spec}: {raw:?}");
            assert_eq!(got.is_neutral(), neutral, "{spec}: {raw:?}");
        }
        assert_eq!(DeliveryStatus::parse("pending").to_string(), "pending");
        assert_eq!(DeliveryStatus::parse("shipped").to_string(), "Shipped");
    }

    #[test]
    fn reads_order_statuses() {
        // 001 §4: order status values cancelled, cancel_requested, cancel_rejected
        for status in [
            OrderStatus::Cancelled,
            OrderStatus::CancelRequested,
            OrderStatus::CancelRejected,
        ] {
            assert_eq!(OrderStatus::parse(status.as_str()), Some(status));
            assert_eq!(status.to_string(), status.as_str());
        }
        assert_eq!(
            OrderStatus::parse(" CANCELLED "),
            Some(OrderStatus::Cancelled)
        );
        assert_eq!(OrderStatus::parse("active"), None);
        assert_eq!(OrderStatus::parse(""), None);
    }

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
        assert_eq!(
            status_text(None, &DeliveryStatus::parse("pending")),
            "pending"
        );
    }

    #[test]
    fn refund_label_only_for_cancelled_orders() {
        // (spec, status, refund, label)
        let table = [
            (
                "001 §4",
                Some(OrderStatus::Cancelled),
                Some("completed"),
                Some("Completed"),
            ),
            (
                "001 §4",
                Some(OrderStatus::Cancelled),
                Some("Completed"),
                Some("Completed"),
            ),
            (
                "001 §4",
                Some(OrderStatus::Cancelled),
                Some("initiated"),
                Some("Initiated"),
            ),
            (
                "001 §4",
                Some(OrderStatus::Cancelled),
                Some("pending"),
                Some("Not Initiated"),
            ),
            (
                "001 §4",
                Some(OrderStatus::Cancelled),
                None,
                Some("Not Initiated"),
            ),
            (
                "001 §4",
                Some(OrderStatus::CancelRequested),
                Some("completed"),
                None,
            ),
            (
                "001 §4",
                Some(OrderStatus::CancelRejected),
                Some("initiated"),
                None,
            ),
            ("001 §4", None, Some("completed"), None),
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
    fn cancellation_allowed_until_shipped() {
        // (spec, delivery status, allowed)
        let table = [
            ("001 §4", "Processing", true),
            ("001 §4", "Accepted", true),
            ("001 §4", "pending", true),
            ("001 §4", "Shipped", false),
            ("001 §4", "Out for Delivery", false),
            ("001 §4", "Delivered", false),
            ("001 §4", "Cancelled", false),
            ("001 §4", "Cancellation Requested", false),
        ];
        for (spec, raw, allowed) in table {
            let status = DeliveryStatus::parse(raw);
            assert_eq!(status.allows_cancellation(), allowed, "{spec}: {raw}");
            let expected = if allowed {
                Ok(())
            } else {
                Err(ValidationError::CannotCancel)
            };
            assert_eq!(check_cancellable(&status), expected, "{spec}: {raw}");
        }
        assert_eq!(
            ValidationError::CannotCancel.to_string(),
            "Cannot cancel this item. Order has already been shipped or delivered."
        );
    }

    #[test]
    fn cancel_button_label_and_state() {
        // (spec, delivery status, already requested, label, enabled)
        let table = [
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
    fn cancellation_reason_is_null_when_empty() {
        // 001 §5: cancellation reason optional, sent as null if empty
        assert_eq!(cancellation_reason(""), None);
        assert_eq!(cancellation_reason("   "), None);
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
