//! Retention: expired sign-in codes, checkouts that lapsed unpaid and old outbox mail are
//! deleted after their documented periods as the server's clock moves; nothing younger and
//! nothing money touched is.

use std::time::Duration;

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{Backend, Session, TestApp, listed, spawn_app, test_now};
use crate::on_both_backends;

on_both_backends!(old_codes_checkouts_and_outbox_mail_are_pruned_after_their_periods);

/// Opens a checkout of one unit for `shopper` (a reservation that lapses unpaid).
async fn open_checkout(app: &TestApp, shopper: &Session) {
    let (status, address) = app
        .send_json(
            Method::POST,
            &format!("/api/users/{}/shipment", shopper.id()),
            Some(json!({
                "billing_customer_name": "Asha Rao",
                "billing_phone": "9876543210",
                "billing_email": "asha@gmail.com",
                "billing_address": "Flat 12, Wing B Sea View",
                "billing_address_2": "Fort",
                "billing_city": "Mumbai",
                "billing_pincode": "400001",
                "billing_state": "Maharashtra",
                "billing_country": "India",
            })),
            Some(shopper),
        )
        .await;
    assert_eq!(status, 201, "{address}");
    let product = listed()
        .into_iter()
        .find(|p| p.stock.iter().any(|(_, n)| *n > 2))
        .expect("a product in stock");
    let size = product
        .stock
        .iter()
        .find(|(_, n)| *n > 2)
        .map(|(s, _)| s.clone())
        .expect("a size in stock");
    let mut body = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                          "addressId": address["_id"], "speed": "standard"});
    let (status, quote) = app
        .send_json(
            Method::POST,
            "/api/checkout/quote",
            Some(body.clone()),
            Some(shopper),
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    body["amount"] = quote["total"].clone();
    body["currency"] = json!("INR");
    let (status, order) = app
        .send_json(
            Method::POST,
            "/api/payments/create-order",
            Some(body),
            Some(shopper),
        )
        .await;
    assert_eq!(status, 200, "{order}");
}

/// Waits (up to 10 s) until `count` of `from_where` is `expected`; the last count.
async fn count_becomes(app: &TestApp, from_where: &str, expected: i64) -> i64 {
    for _ in 0..100 {
        if app.count(from_where) == expected {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    app.count(from_where)
}

fn mails(app: &TestApp) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(app.outbox())
        .expect("the outbox")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .collect();
    files.sort();
    files
}

async fn old_codes_checkouts_and_outbox_mail_are_pruned_after_their_periods(backend: Backend) {
    let app = spawn_app(backend).await;
    let asha = app.sign_in("asha.retention@example.in").await;
    let ravi = app.sign_in("ravi.retention@example.in").await;
    open_checkout(&app, &asha).await;
    open_checkout(&app, &ravi).await;
    // Ravi's checkout was paid late (a payment id on a lapsed checkout): money touched it.
    app.execute_sql("UPDATE orders SET payment_id = 'pay_late' WHERE user_id IN (SELECT id FROM users WHERE email = 'ravi.retention@example.in')");
    // A code asked for and never used (a used one is deleted at once).
    let (status, _) = app.generate_otp("nobody.retention@example.in").await;
    assert_eq!(status, 200);
    assert_eq!(app.count("sign_in_codes"), 1);

    // One mail written eight days ago by the server's clock, the others just now.
    let written = mails(&app);
    assert_eq!(written.len(), 3, "{written:?}");
    let old = &written[0];
    std::fs::File::options()
        .write(true)
        .open(old)
        .and_then(|f| f.set_modified((test_now() - TimeDelta::days(8)).into()))
        .expect("an old mail");

    // An hour later: the old mail goes; the codes (expired less than a day ago) and the
    // checkouts (lapsed, but less than 30 days ago) stay.
    app.advance(TimeDelta::minutes(61));
    for _ in 0..100 {
        if !old.exists() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!old.exists(), "the eight-day-old mail is pruned");
    assert_eq!(mails(&app).len(), 2, "the fresh mails stay");
    assert_eq!(
        count_becomes(&app, "orders WHERE stage = 'lapsed'", 2).await,
        2
    );
    assert_eq!(app.count("sign_in_codes"), 1);

    // Two days on, the code expired over a day ago is gone.
    app.advance(TimeDelta::days(2));
    assert_eq!(count_becomes(&app, "sign_in_codes", 0).await, 0);
    assert_eq!(app.count("orders"), 2);

    // A month on, the unpaid checkout and its lines are gone; the one money touched stays.
    app.advance(TimeDelta::days(30));
    assert_eq!(count_becomes(&app, "orders", 1).await, 1);
    assert_eq!(app.count("orders WHERE payment_id = 'pay_late'"), 1);
    assert_eq!(
        app.count("order_lines WHERE order_id NOT IN (SELECT id FROM orders)"),
        0
    );
}
