//! The four status fields of an order and their wire values (001 §3 Order, §4).

use std::fmt;

/// An order's `deliveryStatus` (001 §4). The eight known values are matched without regard to
/// letter case or surrounding spaces; anything else is kept, as stored, as
/// [`DeliveryStatus::Other`] and shown in the neutral grey.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeliveryStatus {
    /// `pending`: a new order, before the brand accepts it (001 §4 Checkout: "Order is created
    /// with deliveryStatus pending"). Lower case, as the order create payload stores it.
    Pending,
    /// `Accepted`
    Accepted,
    /// `Processing`
    Processing,
    /// `Shipped`
    Shipped,
    /// `Out for Delivery`
    OutForDelivery,
    /// `Delivered`
    Delivered,
    /// `Cancelled`
    Cancelled,
    /// `Cancellation Requested`
    CancellationRequested,
    /// Any other status text, as stored.
    Other(String),
}

impl DeliveryStatus {
    /// Every known status: the delivery steps in their order, then the two of cancelling.
    pub const KNOWN: [DeliveryStatus; 8] = [
        DeliveryStatus::Pending,
        DeliveryStatus::Accepted,
        DeliveryStatus::Processing,
        DeliveryStatus::Shipped,
        DeliveryStatus::OutForDelivery,
        DeliveryStatus::Delivered,
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

    /// The wire value and the text shown: the status's own words, or the stored text for others.
    pub fn as_str(&self) -> &str {
        match self {
            DeliveryStatus::Pending => "pending",
            DeliveryStatus::Accepted => "Accepted",
            DeliveryStatus::Processing => "Processing",
            DeliveryStatus::Shipped => "Shipped",
            DeliveryStatus::OutForDelivery => "Out for Delivery",
            DeliveryStatus::Delivered => "Delivered",
            DeliveryStatus::Cancelled => "Cancelled",
            DeliveryStatus::CancellationRequested => "Cancellation Requested",
            DeliveryStatus::Other(text) => text,
        }
    }

    /// Whether the status has no colour of its own and shows in neutral grey: `pending` and
    /// unknown ones, as the spec names a colour only for the seven others (001 §4).
    pub fn is_neutral(&self) -> bool {
        matches!(self, DeliveryStatus::Pending | DeliveryStatus::Other(_))
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

/// The cancellation side of an order's `status` (001 §4). An order nobody asked to cancel has
/// none: other stored values, and none, are `None` where an `Option<OrderStatus>` is taken.
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
    /// Every value.
    pub const ALL: [OrderStatus; 3] = [
        OrderStatus::Cancelled,
        OrderStatus::CancelRequested,
        OrderStatus::CancelRejected,
    ];

    /// Reads a stored status (trimmed, letter case ignored); `None` for any other value.
    pub fn parse(raw: &str) -> Option<Self> {
        parse_among(&OrderStatus::ALL, raw, |s| s.as_str())
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

/// An order's `paymentStatus` (001 §3 Order). Orders are created `Paid`, after the card
/// payment was verified (001 §4 Checkout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentStatus {
    /// `Pending`: not paid yet.
    Pending,
    /// `Paid`
    Paid,
    /// `Failed`: the payment did not go through.
    Failed,
    /// `Refunded`: the money went back to the shopper.
    Refunded,
}

impl PaymentStatus {
    /// Every value.
    pub const ALL: [PaymentStatus; 4] = [
        PaymentStatus::Pending,
        PaymentStatus::Paid,
        PaymentStatus::Failed,
        PaymentStatus::Refunded,
    ];

    /// Reads a stored status (trimmed, letter case ignored); `None` for any other value.
    pub fn parse(raw: &str) -> Option<Self> {
        parse_among(&PaymentStatus::ALL, raw, |s| s.as_str())
    }

    /// The stored value, capitalised as the order create payload's `Paid` (001 §4).
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::Pending => "Pending",
            PaymentStatus::Paid => "Paid",
            PaymentStatus::Failed => "Failed",
            PaymentStatus::Refunded => "Refunded",
        }
    }

    /// Whether My Orders shows the payment as paid, in green; every other status shows as a
    /// yellow pending (001 §2 My Orders).
    pub fn is_paid(self) -> bool {
        self == PaymentStatus::Paid
    }
}

impl fmt::Display for PaymentStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An order's `refundStatus` (001 §3 Order, §4 Refund). A refund is initiated when the brand
/// approves a cancellation, and then completes, or fails and is initiated again
/// ([`RefundStatus::advance`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RefundStatus {
    /// `not_initiated`: nothing to refund, or not started.
    #[default]
    NotInitiated,
    /// `initiated`
    Initiated,
    /// `completed`
    Completed,
    /// `failed`: the payment provider refused or lost it; it may be initiated again.
    Failed,
}

impl RefundStatus {
    /// Every value.
    pub const ALL: [RefundStatus; 4] = [
        RefundStatus::NotInitiated,
        RefundStatus::Initiated,
        RefundStatus::Completed,
        RefundStatus::Failed,
    ];

    /// Reads a stored status (trimmed, letter case ignored); `None` for any other value.
    pub fn parse(raw: &str) -> Option<Self> {
        parse_among(&RefundStatus::ALL, raw, |s| s.as_str())
    }

    /// The stored value; `initiated` and `completed` are the spec's (001 §4), the others ours.
    pub fn as_str(self) -> &'static str {
        match self {
            RefundStatus::NotInitiated => "not_initiated",
            RefundStatus::Initiated => "initiated",
            RefundStatus::Completed => "completed",
            RefundStatus::Failed => "failed",
        }
    }

    /// The refund moved to `next`: not initiated → initiated → completed or failed, and a
    /// failed refund initiated again. A completed refund is final: money cannot go back twice.
    pub fn advance(self, next: RefundStatus) -> Result<RefundStatus, RefundMoveError> {
        let allowed = matches!(
            (self, next),
            (RefundStatus::NotInitiated, RefundStatus::Initiated)
                | (RefundStatus::Initiated, RefundStatus::Completed)
                | (RefundStatus::Initiated, RefundStatus::Failed)
                | (RefundStatus::Failed, RefundStatus::Initiated)
        );
        if allowed {
            Ok(next)
        } else {
            Err(RefundMoveError {
                from: self,
                to: next,
            })
        }
    }
}

impl fmt::Display for RefundStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refund change [`RefundStatus::advance`] refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("A refund that is {from} cannot become {to}.")]
pub struct RefundMoveError {
    /// The refund's status.
    pub from: RefundStatus,
    /// The status asked for.
    pub to: RefundStatus,
}

/// The value of `all` whose wire text is `raw`, trimmed and in any letter case.
fn parse_among<T: Copy>(all: &[T], raw: &str, text: impl Fn(T) -> &'static str) -> Option<T> {
    let trimmed = raw.trim();
    all.iter()
        .copied()
        .find(|&value| text(value).eq_ignore_ascii_case(trimmed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_delivery_statuses() {
        // (spec, raw, status, neutral)
        let table = [
            ("001 §4", "pending", DeliveryStatus::Pending, true),
            ("001 §4", " Pending ", DeliveryStatus::Pending, true),
            ("001 §4", "Accepted", DeliveryStatus::Accepted, false),
            ("001 §4", "Processing", DeliveryStatus::Processing, false),
            ("001 §4", "Shipped", DeliveryStatus::Shipped, false),
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
            ("001 §4", "Delivered", DeliveryStatus::Delivered, false),
            ("001 §4", "Cancelled", DeliveryStatus::Cancelled, false),
            (
                "001 §4",
                "Cancellation Requested",
                DeliveryStatus::CancellationRequested,
                false,
            ),
            (
                "001 §4",
                "Returned",
                DeliveryStatus::Other("Returned".into()),
                true,
            ),
            ("001 §4", "", DeliveryStatus::Other(String::new()), true),
        ];
        for (spec, raw, status, neutral) in table {
            let got = DeliveryStatus::parse(raw);
            assert_eq!(got, status, "{spec}: {raw:?}");
            assert_eq!(got.is_neutral(), neutral, "{spec}: {raw:?}");
        }
        assert_eq!(DeliveryStatus::parse("Pending").to_string(), "pending");
        assert_eq!(DeliveryStatus::parse("shipped").to_string(), "Shipped");
        assert_eq!(
            DeliveryStatus::parse(" Returned ").to_string(),
            " Returned "
        );
    }

    #[test]
    fn known_delivery_statuses_read_back() {
        for status in DeliveryStatus::KNOWN {
            assert_eq!(DeliveryStatus::parse(status.as_str()), status);
        }
    }

    #[test]
    fn cancellation_allowed_until_shipped() {
        // (spec, delivery status, allowed)
        let table = [
            ("001 §4", "pending", true),
            ("001 §4", "Accepted", true),
            ("001 §4", "Processing", true),
            ("001 §4", "Returned", true),
            ("001 §4", "Shipped", false),
            ("001 §4", "Out for Delivery", false),
            ("001 §4", "Delivered", false),
            ("001 §4", "Cancelled", false),
            ("001 §4", "Cancellation Requested", false),
        ];
        for (spec, raw, allowed) in table {
            let status = DeliveryStatus::parse(raw);
            assert_eq!(status.allows_cancellation(), allowed, "{spec}: {raw}");
        }
    }

    #[test]
    fn reads_order_statuses() {
        // 001 §4: order status values cancelled, cancel_requested, cancel_rejected
        for status in OrderStatus::ALL {
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
    fn reads_payment_statuses() {
        // (spec, raw, status, shown as paid)
        let table = [
            ("001 §4", "Paid", Some(PaymentStatus::Paid), true),
            ("001 §4", "paid", Some(PaymentStatus::Paid), true),
            ("001 §2", "Pending", Some(PaymentStatus::Pending), false),
            ("001 §2", "FAILED", Some(PaymentStatus::Failed), false),
            ("001 §2", " Refunded", Some(PaymentStatus::Refunded), false),
            ("001 §2", "captured", None, false),
        ];
        for (spec, raw, status, paid) in table {
            assert_eq!(PaymentStatus::parse(raw), status, "{spec}: {raw:?}");
            assert_eq!(status.is_some_and(PaymentStatus::is_paid), paid, "{raw}");
        }
        for status in PaymentStatus::ALL {
            assert_eq!(PaymentStatus::parse(&status.to_string()), Some(status));
        }
    }

    #[test]
    fn reads_refund_statuses() {
        for status in RefundStatus::ALL {
            assert_eq!(RefundStatus::parse(&status.to_string()), Some(status));
        }
        assert_eq!(
            RefundStatus::parse("Completed"),
            Some(RefundStatus::Completed)
        );
        assert_eq!(RefundStatus::parse("pending"), None);
        assert_eq!(RefundStatus::default(), RefundStatus::NotInitiated);
    }

    #[test]
    fn refunds_move_forward_and_retry_after_failing() {
        use RefundStatus::*;
        // (from, to, allowed)
        let table = [
            (NotInitiated, Initiated, true),
            (Initiated, Completed, true),
            (Initiated, Failed, true),
            (Failed, Initiated, true),
            (NotInitiated, Completed, false),
            (NotInitiated, Failed, false),
            (Completed, Initiated, false),
            (Completed, Failed, false),
            (Completed, NotInitiated, false),
            (Failed, Completed, false),
            (Initiated, NotInitiated, false),
            (Initiated, Initiated, false),
        ];
        for (from, to, allowed) in table {
            let expected = if allowed {
                Ok(to)
            } else {
                Err(RefundMoveError { from, to })
            };
            assert_eq!(from.advance(to), expected, "{from} -> {to}");
        }
        assert_eq!(
            Completed
                .advance(Initiated)
                .expect_err("a completed refund is final")
                .to_string(),
            "A refund that is completed cannot become initiated."
        );
    }
}
