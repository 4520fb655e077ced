//! Property tests of the order rules (001 §4, §5, §9) and stock reservations.

use chrono::{DateTime, TimeDelta, Utc};
use orders::{
    DELIVERY_STEPS, Decision, DeliveryStatus, Lifecycle, OrderStatus, RESERVATION_LIFETIME,
    RefundStatus, ReviewError, ReviewOutcome, cancel_button, cancellation_reason,
    check_cancellable, check_move, is_expired, order_id_display, reservable,
};
use proptest::prelude::*;

/// Any stored delivery status: a known one in any letter case with spaces around it, or text.
fn delivery_status() -> impl Strategy<Value = DeliveryStatus> {
    prop_oneof![
        (0..DeliveryStatus::KNOWN.len(), any::<bool>(), " {0,2}").prop_map(|(i, upper, pad)| {
            let text = DeliveryStatus::KNOWN[i].as_str();
            let text = if upper {
                text.to_uppercase()
            } else {
                text.to_lowercase()
            };
            DeliveryStatus::parse(&format!("{pad}{text}{pad}"))
        }),
        ".{0,24}".prop_map(|raw| DeliveryStatus::parse(&raw)),
    ]
}

fn order_status() -> impl Strategy<Value = Option<OrderStatus>> {
    prop_oneof![
        Just(None),
        (0..OrderStatus::ALL.len()).prop_map(|i| Some(OrderStatus::ALL[i])),
    ]
}

proptest! {
    /// The shown order id is the id's last 8 characters (001 §9).
    #[test]
    fn order_id_shows_the_tail(id in ".{0,30}") {
        let shown = order_id_display(&id);
        prop_assert!(id.ends_with(shown));
        prop_assert_eq!(shown.chars().count(), id.chars().count().min(8));
    }

    /// A known status reads back whatever its letter case and padding; any other text is kept
    /// exactly as stored (001 §4).
    #[test]
    fn statuses_read_back(status in delivery_status()) {
        prop_assert_eq!(DeliveryStatus::parse(status.as_str()), status.clone());
        if let DeliveryStatus::Other(text) = &status {
            prop_assert!(DeliveryStatus::KNOWN.iter().all(|k| !k.as_str().eq_ignore_ascii_case(text.trim())));
        }
    }

    /// An enabled Cancel button always leads to an allowed request, and what blocks a request
    /// never shows an enabled button (001 §4).
    #[test]
    fn the_button_agrees_with_the_rule(delivery in delivery_status(), requested in any::<bool>()) {
        let button = cancel_button(&delivery, requested);
        if button.enabled {
            prop_assert_eq!(button.label, "Cancel");
            prop_assert_eq!(check_cancellable(None, &delivery), Ok(()));
        }
        if check_cancellable(None, &delivery).is_err() {
            prop_assert!(!button.enabled);
        }
    }

    /// Nothing but an order that is neither cancelled nor being cancelled, and not yet shipped,
    /// may be cancelled (001 §4).
    #[test]
    fn cancelling_needs_an_open_order(status in order_status(), delivery in delivery_status()) {
        let allowed = check_cancellable(status, &delivery).is_ok();
        let open = !matches!(status, Some(OrderStatus::Cancelled | OrderStatus::CancelRequested));
        prop_assert_eq!(allowed, open && delivery.allows_cancellation());
    }

    /// The reason sent is the typed text trimmed, and null exactly when that is empty (001 §5).
    #[test]
    fn the_reason_is_trimmed_or_null(raw in "\\PC{0,20}") {
        match cancellation_reason(&raw) {
            Some(reason) => {
                prop_assert_eq!(reason.as_str(), raw.trim());
                prop_assert!(!reason.is_empty());
            }
            None => prop_assert!(raw.trim().is_empty()),
        }
    }

    /// A request and its review: a rejection leaves the order as it was but for its status,
    /// an approval cancels it and returns the requested line's stock, and either closes the
    /// request so that it cannot be reviewed twice (001 §4).
    #[test]
    fn a_review_closes_the_request(
        delivery in delivery_status(),
        status in order_status(),
        line in 0usize..10,
        approve in any::<bool>(),
    ) {
        let order = Lifecycle { delivery: delivery.clone(), status, ..Lifecycle::placed() };
        let Ok(requested) = order.request_cancellation(line, "") else {
            prop_assert!(check_cancellable(status, &delivery).is_err());
            return Ok(());
        };
        prop_assert_eq!(&requested.delivery, &DeliveryStatus::CancellationRequested);
        let decision = if approve { Decision::Approve } else { Decision::Reject };
        let reviewed = requested.review(decision);
        prop_assert!(reviewed.is_ok());
        let Ok(reviewed) = reviewed else { return Ok(()) };
        if approve {
            prop_assert_eq!(reviewed.outcome, ReviewOutcome::Approved { requested_line: line });
            prop_assert_eq!(reviewed.lifecycle.status, Some(OrderStatus::Cancelled));
            prop_assert_eq!(&reviewed.lifecycle.delivery, &DeliveryStatus::Cancelled);
            prop_assert_eq!(reviewed.lifecycle.refund, RefundStatus::Initiated);
        } else {
            prop_assert_eq!(reviewed.outcome, ReviewOutcome::Rejected);
            prop_assert_eq!(
                &reviewed.lifecycle,
                &Lifecycle { status: Some(OrderStatus::CancelRejected), ..order }
            );
        }
        prop_assert_eq!(reviewed.lifecycle.review(decision), Err(ReviewError::NoOpenRequest));
    }

    /// A move is allowed exactly from one delivery step to a later one (001 §4).
    #[test]
    fn moves_only_go_forward_along_the_steps(from in delivery_status(), to in delivery_status()) {
        let step = |s: &DeliveryStatus| DELIVERY_STEPS.iter().position(|k| k == s);
        let forward = matches!(
            (step(&from), step(&to)),
            (Some(f), Some(t)) if t > f
        );
        prop_assert_eq!(check_move(&from, &to).is_ok(), forward, "{} -> {}", from, to);
    }

    /// Whatever moves the brand's team tries, an order only ever goes forward, and reaches
    /// Delivered in at most five accepted moves (001 §4).
    #[test]
    fn any_sequence_of_moves_ends_delivered_at_most(
        tries in proptest::collection::vec(delivery_status(), 0..20),
    ) {
        let mut order = Lifecycle::placed();
        let mut accepted = 0;
        for to in tries {
            if let Ok(moved) = order.move_delivery(to) {
                let step = |s: &DeliveryStatus| DELIVERY_STEPS.iter().position(|k| k == s);
                prop_assert!(step(&moved.delivery) > step(&order.delivery));
                order = moved;
                accepted += 1;
            }
        }
        prop_assert!(accepted <= 5);
        prop_assert!(DELIVERY_STEPS.contains(&order.delivery));
    }

    /// A checkout reserves exactly what it wants when that many are left, and nothing
    /// otherwise: never more than is left.
    #[test]
    fn a_reservation_never_exceeds_what_is_left(left in 0u32..200, wanted in 0u32..200) {
        match reservable(left, wanted) {
            Ok(reserved) => {
                prop_assert_eq!(reserved, wanted);
                prop_assert!(reserved >= 1 && reserved <= left);
            }
            Err(_) => prop_assert!(wanted == 0 || wanted > left),
        }
    }

    /// A reservation lapses once the lifetime has passed, and stays lapsed (passing `now` in).
    #[test]
    fn a_reservation_lapses_after_its_lifetime(
        reserved_secs in 0i64..4_000_000_000,
        elapsed_ms in -3_600_000i64..3_600_000,
        later_ms in 0i64..3_600_000,
    ) {
        let at = DateTime::<Utc>::UNIX_EPOCH + TimeDelta::seconds(reserved_secs);
        let now = at + TimeDelta::milliseconds(elapsed_ms);
        let expired = is_expired(at, now);
        prop_assert_eq!(expired, TimeDelta::milliseconds(elapsed_ms) >= RESERVATION_LIFETIME);
        if expired {
            prop_assert!(is_expired(at, now + TimeDelta::milliseconds(later_ms)));
        }
    }
}
