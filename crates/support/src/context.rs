//! What the assistant knows about the person asking: who they are, their orders, and the time.
//!
//! The caller (the API) fills this in from the session and the store; this crate only reads it.

use chrono::{DateTime, FixedOffset, Utc};

/// Indian Standard Time, UTC+05:30: dates are shown as the shopper in India reads them.
const IST: FixedOffset = match FixedOffset::east_opt(5 * 3600 + 30 * 60) {
    Some(offset) => offset,
    // Evaluated at compile time: a wrong constant fails the build, never a request.
    None => panic!("UTC+05:30 is a valid offset"),
};

/// Everything [`crate::answer`] may use besides the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The signed-in shopper, or `None` for a visitor.
    pub shopper: Option<Shopper>,
    /// The shopper's orders in any order: `None` when not signed in, `Some(vec![])` when signed
    /// in without orders.
    pub orders: Option<Vec<OrderSummary>>,
    /// The time of the question (this crate has no clock).
    pub now: DateTime<Utc>,
}

/// The signed-in shopper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shopper {
    /// Used in the greeting; blank means "there".
    pub first_name: String,
}

/// One order as My Orders shows it (001 §2 My Orders, §4 Orders).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSummary {
    /// The full order id; shoppers see its last 8 characters (001 §9).
    pub id: String,
    pub placed_at: DateTime<Utc>,
    /// The status text My Orders shows: "Processing", "Shipped", "Out for Delivery",
    /// "Delivered", "Cancelled", "Cancellation Requested", ...
    pub status: String,
    pub estimated_delivery: Option<DateTime<Utc>>,
    pub total_paise: i64,
    pub item_names: Vec<String>,
}

/// Where an order stands for the cancellation rule (001 §5), read from its status text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Not shipped yet (Processing, Accepted, pending, or any status we do not know): items
    /// can still be cancelled.
    Open,
    /// Shipped or Out for Delivery.
    OnTheWay,
    Delivered,
    Cancelled,
    CancellationRequested,
}

impl OrderSummary {
    /// "Order #" and the last 8 characters of the id (001 §2 My Orders, §9).
    pub fn label(&self) -> String {
        format!("Order #{}", orders::order_id_display(&self.id))
    }

    pub(crate) fn stage(&self) -> Stage {
        let status: String = self
            .status
            .split(|c: char| c.is_whitespace() || c == '_' || c == '-')
            .filter(|word| !word.is_empty())
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
            .join(" ");
        match status.as_str() {
            "shipped" | "out for delivery" => Stage::OnTheWay,
            "delivered" => Stage::Delivered,
            "cancelled" | "canceled" | "order cancelled successfully" => Stage::Cancelled,
            "cancellation requested" | "cancel requested" => Stage::CancellationRequested,
            _ => Stage::Open,
        }
    }
}

impl Context {
    /// The order placed last, if the shopper has any.
    pub(crate) fn latest_order(&self) -> Option<&OrderSummary> {
        self.orders
            .as_deref()?
            .iter()
            .max_by_key(|order| order.placed_at)
    }
}

/// A date as shoppers read it: `28 Nov 2026`, in India's time zone.
pub(crate) fn format_date(at: DateTime<Utc>) -> String {
    at.with_timezone(&IST).format("%-d %b %Y").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn order(id: &str, status: &str) -> OrderSummary {
        OrderSummary {
            id: id.to_owned(),
            placed_at: DateTime::<Utc>::UNIX_EPOCH,
            status: status.to_owned(),
            estimated_delivery: None,
            total_paise: 0,
            item_names: Vec::new(),
        }
    }

    #[test]
    fn label_is_the_last_eight_characters() {
        // 001 §9: order id shown as its last 8 characters.
        let cases = [
            ("6745c0ffee1234abcd5678ef", "Order #cd5678ef"),
            ("12345678", "Order #12345678"),
            ("abc", "Order #abc"),
            ("", "Order #"),
            ("ऑर्डर१२३४५६७८", "Order #१२३४५६७८"),
        ];
        for (id, label) in cases {
            assert_eq!(order(id, "Processing").label(), label, "{id:?}");
        }
    }

    #[test]
    fn stage_from_the_status_text() {
        // 001 §4 Orders (the status labels) and §5 (which of them block a cancellation).
        let cases = [
            ("Processing", Stage::Open),
            ("Accepted", Stage::Open),
            ("pending", Stage::Open),
            ("Cancellation rejected by brand", Stage::Open),
            ("Shipped", Stage::OnTheWay),
            ("Out for Delivery", Stage::OnTheWay),
            ("out_for_delivery", Stage::OnTheWay),
            ("Delivered", Stage::Delivered),
            (" DELIVERED ", Stage::Delivered),
            ("Cancelled", Stage::Cancelled),
            ("canceled", Stage::Cancelled),
            ("Order cancelled successfully", Stage::Cancelled),
            ("Cancellation Requested", Stage::CancellationRequested),
            ("cancel_requested", Stage::CancellationRequested),
        ];
        for (status, stage) in cases {
            assert_eq!(order("x", status).stage(), stage, "{status:?}");
        }
    }

    #[test]
    fn dates_are_read_in_india() {
        let cases = [
            (Utc.with_ymd_and_hms(2026, 11, 28, 6, 0, 0), "28 Nov 2026"),
            // 20:00 UTC is already the next morning in India.
            (Utc.with_ymd_and_hms(2026, 11, 27, 20, 0, 0), "28 Nov 2026"),
            (Utc.with_ymd_and_hms(2027, 1, 5, 0, 0, 0), "5 Jan 2027"),
        ];
        for (at, text) in cases {
            assert_eq!(format_date(at.single().expect("valid")), text);
        }
        // The extremes format without panicking.
        assert!(!format_date(DateTime::<Utc>::MAX_UTC).is_empty());
        assert!(!format_date(DateTime::<Utc>::MIN_UTC).is_empty());
    }
}
