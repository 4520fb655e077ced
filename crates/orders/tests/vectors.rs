//! Checks every vector of `testdata/vectors/orders.json`, the file the browser's
//! `frontend/src/lib/orders.ts` is tested against too (001 §4, §5, §9), through this crate's
//! public API.

use std::collections::BTreeSet;

use orders::{
    CancelButton, CheckoutState, DeliveryStatus, OrderStatus, RefundStatus, cancel_button,
    cancellation_reason, check_cancellable, order_id_display, refund_label, status_text,
};
use serde::Deserialize;

const VECTORS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/vectors/orders.json"
);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Vectors {
    status_text: Vec<StatusText>,
    refund_label: Vec<RefundLabel>,
    cancel: Vec<Cancel>,
    order_id: Vec<OrderId>,
    cancellation_reason: Vec<Reason>,
    checkout: Vec<Checkout>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct StatusText {
    spec: String,
    name: String,
    status: Option<String>,
    delivery_status: String,
    text: String,
    neutral: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RefundLabel {
    spec: String,
    name: String,
    status: Option<String>,
    refund_status: Option<String>,
    label: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Cancel {
    spec: String,
    name: String,
    status: Option<String>,
    delivery_status: String,
    already_requested: bool,
    button: Button,
    error: Option<String>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct Button {
    label: String,
    enabled: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OrderId {
    spec: String,
    name: String,
    id: String,
    shown: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Reason {
    spec: String,
    name: String,
    input: String,
    sent: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Checkout {
    spec: String,
    name: String,
    state: String,
    next: Vec<String>,
    accepts_payment: bool,
}

fn vectors() -> Vectors {
    let text = std::fs::read_to_string(VECTORS).expect("testdata/vectors/orders.json is readable");
    serde_json::from_str(&text).expect("orders.json follows testdata/vectors/README.md")
}

fn order_status(raw: Option<&str>) -> Option<OrderStatus> {
    raw.and_then(OrderStatus::parse)
}

fn checkout_state(name: &str) -> CheckoutState {
    CheckoutState::parse(name).unwrap_or_else(|| panic!("{name:?} is not a checkout state"))
}

/// Collects each failing vector's description; the test fails listing them all at once.
#[derive(Default)]
struct Failures(Vec<String>);

impl Failures {
    fn check<T: PartialEq + std::fmt::Debug>(&mut self, what: &str, expected: T, got: T) {
        if expected != got {
            self.0
                .push(format!("{what}: expected {expected:?}, got {got:?}"));
        }
    }

    fn assert_none(self) {
        assert!(self.0.is_empty(), "failing vectors:\n{}", self.0.join("\n"));
    }
}

#[test]
fn status_text_vectors_hold() {
    let mut failures = Failures::default();
    for v in vectors().status_text {
        let delivery = DeliveryStatus::parse(&v.delivery_status);
        let what = format!("statusText / {} ({})", v.name, v.spec);
        failures.check(
            &what,
            v.text.as_str(),
            status_text(order_status(v.status.as_deref()), &delivery),
        );
        failures.check(&what, v.neutral, delivery.is_neutral());
    }
    failures.assert_none();
}

#[test]
fn refund_label_vectors_hold() {
    let mut failures = Failures::default();
    for v in vectors().refund_label {
        let refund = v.refund_status.as_deref().and_then(RefundStatus::parse);
        failures.check(
            &format!("refundLabel / {} ({})", v.name, v.spec),
            v.label.as_deref(),
            refund_label(order_status(v.status.as_deref()), refund),
        );
    }
    failures.assert_none();
}

#[test]
fn cancel_vectors_hold() {
    let mut failures = Failures::default();
    for v in vectors().cancel {
        let delivery = DeliveryStatus::parse(&v.delivery_status);
        let what = format!("cancel / {} ({})", v.name, v.spec);
        let CancelButton { label, enabled } = cancel_button(&delivery, v.already_requested);
        failures.check(
            &what,
            v.button,
            Button {
                label: label.to_owned(),
                enabled,
            },
        );
        failures.check(
            &what,
            v.error,
            check_cancellable(order_status(v.status.as_deref()), &delivery)
                .err()
                .map(|e| e.to_string()),
        );
    }
    failures.assert_none();
}

#[test]
fn order_id_and_reason_vectors_hold() {
    let vectors = vectors();
    let mut failures = Failures::default();
    for v in vectors.order_id {
        failures.check(
            &format!("orderId / {} ({})", v.name, v.spec),
            v.shown.as_str(),
            order_id_display(&v.id),
        );
    }
    for v in vectors.cancellation_reason {
        failures.check(
            &format!("cancellationReason / {} ({})", v.name, v.spec),
            v.sent,
            cancellation_reason(&v.input),
        );
    }
    failures.assert_none();
}

#[test]
fn checkout_vectors_hold_and_cover_every_state_once() {
    let checkout = vectors().checkout;
    let mut failures = Failures::default();
    for v in &checkout {
        let state = checkout_state(&v.state);
        let what = format!("checkout / {} ({})", v.name, v.spec);
        let next: Vec<CheckoutState> = v.next.iter().map(|n| checkout_state(n)).collect();
        failures.check(&what, next.as_slice(), state.next_states());
        failures.check(&what, v.accepts_payment, state.accepts_payment());
    }
    failures.assert_none();
    let covered: Vec<CheckoutState> = checkout.iter().map(|v| checkout_state(&v.state)).collect();
    assert_eq!(
        covered,
        CheckoutState::ALL,
        "one vector per state, in order"
    );
}

#[test]
fn every_message_and_status_appears_in_some_vector() {
    let vectors = vectors();
    let errors: BTreeSet<Option<&str>> =
        vectors.cancel.iter().map(|v| v.error.as_deref()).collect();
    for error in [
        orders::CancelError::AlreadyShipped,
        orders::CancelError::AlreadyCancelled,
        orders::CancelError::AlreadyRequested,
    ] {
        let message = error.to_string();
        assert!(
            errors.contains(&Some(message.as_str())),
            "no vector shows '{message}'"
        );
    }
    let delivery: Vec<DeliveryStatus> = vectors
        .status_text
        .iter()
        .map(|v| DeliveryStatus::parse(&v.delivery_status))
        .collect();
    for status in DeliveryStatus::KNOWN {
        assert!(
            delivery.contains(&status),
            "no statusText vector for {status}"
        );
    }
    for status in RefundStatus::ALL {
        assert!(
            vectors
                .refund_label
                .iter()
                .any(|v| v.refund_status.as_deref() == Some(status.as_str())),
            "no refundLabel vector for {status}"
        );
    }
}
