//! Card payments: the Razorpay adapter against a fake speaking Razorpay's API (Basic
//! authentication, the paths and JSON bodies it sends, the entities it reads, Razorpay's error
//! bodies, every way the service can fail, and the secrets kept out of every error), and the
//! embedded sandbox through the same port, from order to refund.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::Engine as _;
use chrono::{DateTime, TimeZone, Utc};
use providers::{
    Notes, OrderStatus, PaymentStatus, Payments, PaymentsError, PaymentsMode, PublicConfig,
    Razorpay, RefundStatus, SANDBOX_DECLINED_CARD, SANDBOX_KEY_ID, SANDBOX_SUCCESS_CARD,
    SandboxCard, SandboxEvent, SandboxPayments,
};
use serde_json::{Value, json};

use crate::fake_model::{Behaviour, FakeModel, Recorded, Responder};
use crate::smtp_server::free_port;

const KEY_ID: &str = "rzp_test_1DP5mmOlF5G5ag";
const KEY_SECRET: &str = "thisisasecretkey-7c1e";
const WEBHOOK_SECRET: &str = "webhook-secret-91d0";

/// A captured payment the fake knows from the start.
const PAYMENT: &str = "pay_29QQoUBi66xm2f";
const PAYMENT_ORDER: &str = "order_9A33XWu170gUtm";

/// Razorpay's error body.
fn razorpay_error(description: &str, source: &str, step: &str, reason: &str) -> String {
    json!({"error": {"code": "BAD_REQUEST_ERROR", "description": description, "source": source,
        "step": step, "reason": reason, "metadata": {}}})
    .to_string()
}

fn bad_request(description: &str) -> (u16, String) {
    (
        400,
        razorpay_error(
            description,
            "business",
            "payment_initiation",
            "input_validation_failed",
        ),
    )
}

/// What the fake remembers between requests.
#[derive(Default)]
struct Ledger {
    orders: u32,
    payments: HashMap<String, Value>,
    refunds: HashMap<String, Value>,
}

/// Razorpay's API as far as the adapter uses it: Basic authentication with the test
/// credentials, then orders, payments and refunds with Razorpay's entities and errors.
fn fake_razorpay_answer(ledger: &Mutex<Ledger>, request: &Recorded) -> (u16, String) {
    let expected = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{KEY_ID}:{KEY_SECRET}"))
    );
    if request.header("authorization") != Some(expected.as_str()) {
        return (
            401,
            razorpay_error("Authentication failed", "NA", "NA", "NA"),
        );
    }
    let mut ledger = ledger.lock().expect("not poisoned");
    let segments: Vec<&str> = request.path.trim_start_matches('/').split('/').collect();
    match (request.method.as_str(), segments.as_slice()) {
        ("POST", ["v1", "orders"]) => {
            assert_eq!(request.header("content-type"), Some("application/json"));
            let body = request.json();
            let Some(amount) = body["amount"].as_i64() else {
                return bad_request("The amount field is required.");
            };
            if amount < 100 {
                return bad_request("The amount must be at least INR 1.00");
            }
            if body["currency"] != "INR" {
                return bad_request("Currency is not supported");
            }
            if body["receipt"]
                .as_str()
                .is_some_and(|r| r.chars().count() > 40)
            {
                return bad_request("receipt: the length must be no more than 40.");
            }
            ledger.orders += 1;
            let order = json!({
                "id": format!("order_IluGWxBm9U8zJ{}", ledger.orders),
                "entity": "order",
                "amount": amount,
                "amount_paid": 0,
                "amount_due": amount,
                "currency": "INR",
                "receipt": body["receipt"],
                "offer_id": null,
                "status": "created",
                "attempts": 0,
                // Razorpay writes empty notes as a list.
                "notes": if body["notes"] == json!({}) { json!([]) } else { body["notes"].clone() },
                "created_at": 1_795_000_000,
            });
            (200, order.to_string())
        }
        ("GET", ["v1", "payments", id]) => match ledger.payments.get(*id) {
            Some(payment) => (200, payment.to_string()),
            None => bad_request("The id provided does not exist"),
        },
        ("POST", ["v1", "payments", id, "refund"]) => {
            let body = request.json();
            let Some(payment) = ledger.payments.get_mut(*id) else {
                return bad_request("The id provided does not exist");
            };
            let amount = body["amount"].as_i64().unwrap_or_default();
            let left = payment["amount"].as_i64().unwrap_or_default()
                - payment["amount_refunded"].as_i64().unwrap_or_default();
            if amount > left {
                return bad_request("The refund amount provided is greater than amount captured");
            }
            payment["amount_refunded"] =
                json!(payment["amount_refunded"].as_i64().unwrap_or_default() + amount);
            let id = format!("rfnd_FgRAHdNOM4ZVb{}", ledger.refunds.len());
            let refund = json!({
                "id": id,
                "entity": "refund",
                "amount": amount,
                "currency": "INR",
                "payment_id": segments[2],
                "notes": body["notes"],
                "receipt": body.get("receipt").cloned().unwrap_or(Value::Null),
                "acquirer_data": {"arn": null},
                "created_at": 1_795_000_100,
                "batch_id": null,
                "status": "pending",
                "speed_processed": "normal",
                "speed_requested": "normal",
            });
            ledger.refunds.insert(id, refund.clone());
            (200, refund.to_string())
        }
        ("GET", ["v1", "refunds", id]) => match ledger.refunds.get_mut(*id) {
            // The bank has answered by the time anyone asks again.
            Some(refund) => {
                refund["status"] = json!("processed");
                (200, refund.to_string())
            }
            None => bad_request("The id provided does not exist"),
        },
        _ => bad_request("The requested URL was not found on the server."),
    }
}

fn captured_payment() -> Value {
    json!({
        "id": PAYMENT,
        "entity": "payment",
        "amount": 50_000,
        "currency": "INR",
        "status": "captured",
        "order_id": PAYMENT_ORDER,
        "invoice_id": null,
        "international": false,
        "method": "card",
        "amount_refunded": 0,
        "refund_status": null,
        "captured": true,
        "description": "Order 42",
        "card_id": "card_6krZ6bcjoeqyV9",
        "bank": null,
        "wallet": null,
        "vpa": null,
        "email": "asha@example.in",
        "contact": "+919900000000",
        "notes": [],
        "fee": 1180,
        "tax": 180,
        "error_code": null,
        "error_description": null,
        "created_at": 1_795_000_050,
    })
}

async fn fake_razorpay() -> FakeModel {
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    ledger
        .lock()
        .expect("not poisoned")
        .payments
        .insert(PAYMENT.to_owned(), captured_payment());
    FakeModel::start(Behaviour::Respond(Responder::new(move |request| {
        fake_razorpay_answer(&ledger, request)
    })))
    .await
}

/// The fake's origin: Razorpay's paths (`/v1/...`) answer under it.
fn origin(fake: &FakeModel) -> String {
    fake.base_url.trim_end_matches("/v1/").to_owned()
}

fn razorpay(fake: &FakeModel) -> Razorpay {
    Razorpay::new(Some(&origin(fake)), KEY_ID, KEY_SECRET, WEBHOOK_SECRET).expect("valid")
}

/// `error`, shown every way it can be, holds neither secret.
fn assert_no_secret(error: &PaymentsError) {
    for text in [error.to_string(), format!("{error:?}")] {
        for secret in [KEY_SECRET, WEBHOOK_SECRET] {
            assert!(!text.contains(secret), "{text}");
        }
    }
}

#[tokio::test]
async fn an_order_is_created_with_basic_authentication_and_razorpay_s_body() {
    let fake = fake_razorpay().await;
    let razorpay = razorpay(&fake);
    let notes = Notes::from([("bag".to_owned(), "b-42".to_owned())]);
    let order = razorpay
        .create_order(129_900, "INR", "bag-42-attempt-1", &notes)
        .await
        .expect("an order");
    assert_eq!(
        (
            order.id.as_str(),
            order.amount_paise,
            order.amount_paid_paise,
            order.currency.as_str(),
            order.receipt.as_deref(),
            order.status,
            order.attempts
        ),
        (
            "order_IluGWxBm9U8zJ1",
            129_900,
            0,
            "INR",
            Some("bag-42-attempt-1"),
            OrderStatus::Created,
            0
        )
    );
    // Razorpay's empty notes are a list, which is read as well.
    razorpay
        .create_order(100, "INR", "r", &Notes::new())
        .await
        .expect("an order without notes");

    let requests = fake.requests();
    assert_eq!(requests[0].method, "POST");
    assert_eq!(requests[0].path, "/v1/orders");
    assert_eq!(
        requests[0].json(),
        json!({"amount": 129_900, "currency": "INR", "receipt": "bag-42-attempt-1",
            "notes": {"bag": "b-42"}})
    );
    assert_eq!(requests[1].json()["notes"], json!({}));

    // What Razorpay refuses, and why.
    let error = razorpay
        .create_order(99, "INR", "r", &Notes::new())
        .await
        .expect_err("below ₹1");
    match &error {
        PaymentsError::Refused { refusal, .. } => assert_eq!(
            (
                refusal.status,
                refusal.code.as_str(),
                refusal.description.as_str(),
                refusal.source.as_str(),
                refusal.reason.as_str()
            ),
            (
                400,
                "BAD_REQUEST_ERROR",
                "The amount must be at least INR 1.00",
                "business",
                "input_validation_failed"
            )
        ),
        other => panic!("{other:?}"),
    }
    assert!(error.to_string().contains("/v1/orders"), "{error}");
}

#[tokio::test]
async fn a_payment_is_read_as_razorpay_writes_it() {
    let fake = fake_razorpay().await;
    let razorpay = razorpay(&fake);
    let payment = razorpay.fetch_payment(PAYMENT).await.expect("a payment");
    assert_eq!(
        (
            payment.id.as_str(),
            payment.order_id.as_deref(),
            payment.amount_paise,
            payment.currency.as_str(),
            payment.status,
            payment.method.as_str(),
            payment.amount_refunded_paise,
            payment.error_description.as_deref()
        ),
        (
            PAYMENT,
            Some(PAYMENT_ORDER),
            50_000,
            "INR",
            PaymentStatus::Captured,
            "card",
            0,
            None
        )
    );
    for id in ["pay_unknown", "pay/../../v1/orders"] {
        let error = razorpay.fetch_payment(id).await.expect_err("unknown");
        assert!(
            matches!(
                error,
                PaymentsError::NotFound {
                    kind: "payment",
                    ..
                }
            ),
            "{error:?}"
        );
    }
    // No request for an id that is no path segment.
    assert!(matches!(
        razorpay.fetch_payment("..").await,
        Err(PaymentsError::NotFound { .. })
    ));

    let requests = fake.requests();
    assert_eq!(requests.len(), 3);
    assert_eq!(
        (requests[0].method.as_str(), requests[0].path.as_str()),
        ("GET", "/v1/payments/pay_29QQoUBi66xm2f")
    );
    assert_eq!(requests[2].path, "/v1/payments/pay%2F..%2F..%2Fv1%2Forders");
}

#[tokio::test]
async fn a_refund_is_asked_for_and_followed_to_processed() {
    let fake = fake_razorpay().await;
    let razorpay = razorpay(&fake);
    let notes = Notes::from([("order".to_owned(), "o-42".to_owned())]);
    let refund = razorpay
        .refund(PAYMENT, 20_000, Some("cancel-o-42"), &notes)
        .await
        .expect("a refund");
    assert_eq!(
        (
            refund.payment_id.as_str(),
            refund.amount_paise,
            refund.currency.as_str(),
            refund.status,
            refund.receipt.as_deref()
        ),
        (
            PAYMENT,
            20_000,
            "INR",
            RefundStatus::Pending,
            Some("cancel-o-42")
        )
    );
    let followed = razorpay
        .refund_status(&refund.id)
        .await
        .expect("the refund");
    assert_eq!(
        (followed.id.as_str(), followed.status),
        (refund.id.as_str(), RefundStatus::Processed)
    );
    let without_receipt = razorpay
        .refund(PAYMENT, 100, None, &Notes::new())
        .await
        .expect("another part");
    assert_eq!(without_receipt.receipt, None);

    let requests = fake.requests();
    assert_eq!(
        (requests[0].method.as_str(), requests[0].path.as_str()),
        ("POST", "/v1/payments/pay_29QQoUBi66xm2f/refund")
    );
    assert_eq!(
        requests[0].json(),
        json!({"amount": 20_000, "speed": "normal", "receipt": "cancel-o-42",
            "notes": {"order": "o-42"}})
    );
    assert_eq!(
        (requests[1].method.as_str(), requests[1].path.as_str()),
        ("GET", "/v1/refunds/rfnd_FgRAHdNOM4ZVb0")
    );
    assert_eq!(requests[2].json().get("receipt"), None);

    let error = razorpay
        .refund(PAYMENT, 40_000, None, &Notes::new())
        .await
        .expect_err("more than is left");
    assert!(
        matches!(&error, PaymentsError::Refused { refusal, .. }
            if refusal.description == "The refund amount provided is greater than amount captured"),
        "{error:?}"
    );
    assert!(matches!(
        razorpay
            .refund("pay_unknown", 100, None, &Notes::new())
            .await,
        Err(PaymentsError::NotFound {
            kind: "payment",
            ..
        })
    ));
    assert!(matches!(
        razorpay.refund_status("rfnd_unknown").await,
        Err(PaymentsError::NotFound { kind: "refund", .. })
    ));
}

#[tokio::test]
async fn wrong_credentials_are_refused_and_never_shown() {
    let fake = fake_razorpay().await;
    let wrong_secret = "a-wrong-key-secret-3b8e";
    let razorpay =
        Razorpay::new(Some(&origin(&fake)), KEY_ID, wrong_secret, WEBHOOK_SECRET).expect("valid");
    let order = razorpay
        .create_order(10_000, "INR", "r", &Notes::new())
        .await
        .map(|_| ());
    let payment = razorpay.fetch_payment(PAYMENT).await.map(|_| ());
    let refund = razorpay
        .refund(PAYMENT, 100, None, &Notes::new())
        .await
        .map(|_| ());
    for result in [order, payment, refund] {
        let error = result.expect_err("refused");
        match &error {
            PaymentsError::Refused { refusal, .. } => assert_eq!(
                (
                    refusal.status,
                    refusal.code.as_str(),
                    refusal.description.as_str()
                ),
                (401, "BAD_REQUEST_ERROR", "Authentication failed")
            ),
            other => panic!("{other:?}"),
        }
        assert_no_secret(&error);
        let text = format!("{error} {error:?}");
        assert!(!text.contains(wrong_secret), "{text}");
    }
    let shown = format!("{razorpay:?} {}", razorpay.describe());
    assert!(
        !shown.contains(wrong_secret) && !shown.contains(WEBHOOK_SECRET),
        "{shown}"
    );
    assert_eq!(
        razorpay.public_config(),
        PublicConfig {
            key_id: KEY_ID.to_owned(),
            mode: PaymentsMode::Test
        }
    );
    assert!(razorpay.sandbox().is_none());
}

#[tokio::test]
async fn server_failures_timeouts_and_closed_ports_are_unavailable() {
    let cases = [
        Behaviour::Status(
            500,
            json!({"error": {"code": "SERVER_ERROR", "description": "We are facing some trouble completing your request at the moment. Please try again shortly.",
                "source": "NA", "step": "NA", "reason": "NA", "metadata": {}}})
            .to_string(),
        ),
        Behaviour::Status(
            502,
            format!("<html>bad gateway for {KEY_ID}:{KEY_SECRET}</html>"),
        ),
        Behaviour::Status(
            429,
            razorpay_error("Too many requests", "NA", "NA", "NA"),
        ),
    ];
    for behaviour in cases {
        let fake = FakeModel::start(behaviour.clone()).await;
        let error = razorpay(&fake)
            .fetch_payment(PAYMENT)
            .await
            .expect_err("failing");
        assert!(
            matches!(error, PaymentsError::Unavailable { .. }),
            "{behaviour:?}: {error:?}"
        );
        assert_no_secret(&error);
        assert!(error.to_string().contains("answered HTTP"), "{error}");
    }

    let slow = FakeModel::start(Behaviour::Hang).await;
    let razorpay = Razorpay::with_timeout(
        Some(&origin(&slow)),
        KEY_ID,
        KEY_SECRET,
        WEBHOOK_SECRET,
        Duration::from_millis(300),
    )
    .expect("valid");
    let started = Instant::now();
    let error = razorpay
        .create_order(10_000, "INR", "r", &Notes::new())
        .await
        .expect_err("too slow");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(
        matches!(&error, PaymentsError::Unavailable { reason, .. } if reason.contains("did not answer")),
        "{error:?}"
    );
    assert_no_secret(&error);

    let closed = Razorpay::new(
        Some(&format!("http://127.0.0.1:{}", free_port())),
        KEY_ID,
        KEY_SECRET,
        WEBHOOK_SECRET,
    )
    .expect("valid");
    let error = closed
        .refund_status("rfnd_x")
        .await
        .expect_err("nothing listens");
    assert!(
        matches!(&error, PaymentsError::Unavailable { reason, .. } if reason.to_lowercase().contains("refused")),
        "{error:?}"
    );
    assert_no_secret(&error);
}

#[tokio::test]
async fn answers_that_are_not_razorpay_s_are_bad_answers() {
    let mut wrong_status = captured_payment();
    wrong_status["status"] = json!("settled");
    let cases = [
        (Behaviour::Json("<html>not json</html>".to_owned()), "could not be read"),
        (
            Behaviour::Json(
                json!({"id": PAYMENT_ORDER, "entity": "order", "amount": 50_000, "currency": "INR", "status": "paid"})
                    .to_string(),
            ),
            r#"entity is "order", not "payment""#,
        ),
        (Behaviour::Json(wrong_status.to_string()), "undocumented status"),
        (
            Behaviour::Status(404, "<html>Not Found</html>".to_owned()),
            "HTTP 404",
        ),
    ];
    for (behaviour, expected) in cases {
        let fake = FakeModel::start(behaviour.clone()).await;
        let error = razorpay(&fake)
            .fetch_payment(PAYMENT)
            .await
            .expect_err(expected);
        assert!(
            !matches!(error, PaymentsError::NotFound { .. }),
            "a page that is not Razorpay's is no answer about the payment: {error:?}"
        );
        assert!(error.to_string().contains(expected), "{error}");
        assert_no_secret(&error);
    }
}

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
        .single()
        .expect("valid")
}

fn sandbox() -> SandboxPayments {
    SandboxPayments::new().expect("secrets").with_clock(now)
}

fn card(number: &str) -> SandboxCard<'_> {
    SandboxCard {
        number,
        expiry_month: 12,
        expiry_year: 2030,
        cvv: "123",
    }
}

#[tokio::test]
async fn the_sandbox_takes_a_test_card_from_order_to_refund() {
    let sandbox = sandbox();
    let payments: &dyn Payments = &sandbox;
    assert_eq!(
        payments.public_config(),
        PublicConfig {
            key_id: SANDBOX_KEY_ID.to_owned(),
            mode: PaymentsMode::Sandbox
        }
    );
    let order = payments
        .create_order(129_900, "INR", "bag-42", &Notes::new())
        .await
        .expect("an order");
    assert!(order.id.starts_with("order_"), "{}", order.id);
    assert_eq!(order.status, OrderStatus::Created);

    let sheet = payments.sandbox().expect("the sandbox's own sheet");
    let paid = sheet
        .pay(&order.id, &card(SANDBOX_SUCCESS_CARD))
        .expect("paid");
    assert_eq!(paid.razorpay_order_id, order.id);
    assert!(paid.razorpay_payment_id.starts_with("pay_"));
    assert!(payments.verify_payment_signature(
        &paid.razorpay_order_id,
        &paid.razorpay_payment_id,
        &paid.razorpay_signature
    ));
    // The signature is for this order and payment only.
    let other = payments
        .create_order(100, "INR", "other", &Notes::new())
        .await
        .expect("another order");
    assert!(!payments.verify_payment_signature(
        &other.id,
        &paid.razorpay_payment_id,
        &paid.razorpay_signature
    ));
    assert!(!payments.verify_payment_signature(
        &paid.razorpay_order_id,
        &paid.razorpay_payment_id,
        "00"
    ));

    // The server's double check: the payment belongs to the order and the amount.
    let payment = payments
        .fetch_payment(&paid.razorpay_payment_id)
        .await
        .expect("the payment");
    assert_eq!(
        (
            payment.order_id.as_deref(),
            payment.amount_paise,
            payment.status,
            payment.method.as_str()
        ),
        (
            Some(order.id.as_str()),
            129_900,
            PaymentStatus::Captured,
            "card"
        )
    );

    // Razorpay's webhooks, signed with the webhook secret (not the key secret).
    for event in [SandboxEvent::PaymentCaptured, SandboxEvent::OrderPaid] {
        let webhook = sheet
            .webhook(event, &paid.razorpay_payment_id)
            .expect("a webhook");
        assert!(webhook.event_id.starts_with("evt_"));
        assert!(payments.verify_webhook_signature(&webhook.body, &webhook.signature));
        let body: Value = serde_json::from_slice(&webhook.body).expect("JSON");
        assert_eq!(body["event"], event.as_str());
        assert_eq!(
            body["payload"]["payment"]["entity"]["id"],
            paid.razorpay_payment_id.as_str()
        );
        let mut tampered = webhook.body.clone();
        let at = tampered.len() / 2;
        tampered[at] ^= 1;
        assert!(!payments.verify_webhook_signature(&tampered, &webhook.signature));
        assert!(!payments.verify_payment_signature(
            &paid.razorpay_order_id,
            &paid.razorpay_payment_id,
            &webhook.signature
        ));
    }
    assert!(matches!(
        sheet.webhook(SandboxEvent::PaymentCaptured, "pay_unknown"),
        Err(PaymentsError::NotFound { .. })
    ));

    // A refund: pending when asked for (001: "Initiated"), processed when next looked at
    // ("Completed").
    let refund = payments
        .refund(
            &paid.razorpay_payment_id,
            129_900,
            Some("cancel-42"),
            &Notes::new(),
        )
        .await
        .expect("a refund");
    assert_eq!(refund.status, RefundStatus::Pending);
    assert_eq!(
        payments
            .refund_status(&refund.id)
            .await
            .expect("the refund")
            .status,
        RefundStatus::Processed
    );
    assert_eq!(
        payments
            .fetch_payment(&paid.razorpay_payment_id)
            .await
            .expect("the payment")
            .status,
        PaymentStatus::Refunded
    );
}

#[tokio::test]
async fn the_sandbox_declines_the_declining_card_and_refuses_bad_cards() {
    let sandbox = sandbox();
    let order = sandbox
        .create_order(50_000, "INR", "bag-7", &Notes::new())
        .await
        .expect("an order");
    match sandbox.pay(&order.id, &card(SANDBOX_DECLINED_CARD)) {
        Err(PaymentsError::Declined { code, reason }) => {
            assert_eq!(
                (code.as_str(), reason.as_str()),
                ("card_declined", "Your card was declined.")
            );
        }
        other => panic!("{other:?}"),
    }
    let expired = SandboxCard {
        expiry_month: 10,
        expiry_year: 2026,
        ..card(SANDBOX_SUCCESS_CARD)
    };
    for (card, code) in [
        (card("4111 1111 1111 1112"), "invalid_card_number"),
        (expired, "card_expired"),
    ] {
        assert!(
            matches!(sandbox.pay(&order.id, &card), Err(PaymentsError::Declined { code: ref c, .. }) if c == code),
            "{code}"
        );
    }
    // Any other valid card pays.
    sandbox
        .pay(&order.id, &card("5555 5555 5555 4444"))
        .expect("paid after a decline");
    assert!(matches!(
        sandbox.pay("order_unknown", &card(SANDBOX_SUCCESS_CARD)),
        Err(PaymentsError::NotFound { kind: "order", .. })
    ));
}
