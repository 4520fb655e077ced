//! Payouts over HTTP, on both databases: a brand's month against orders and refunds made
//! through the API, the commission rate an admin sets, the statuses, recording a month paid
//! (and the month never changing after), a refund completed after its month was paid carried
//! into the month it completed, the CSV, and who may see what.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use store::ids::{BrandId, UserId};

use crate::checkout::{add_address, add_to_bag, buy, product_between};
use crate::helpers::{Backend, Session, TestApp, demo, error_code, spawn_app};
use crate::on_both_backends;

/// Paise of a `{"$numberDecimal": "-12.50"}` (negative amounts too).
fn money(decimal: &Value) -> i64 {
    let text = decimal["$numberDecimal"]
        .as_str()
        .unwrap_or_else(|| panic!("a $numberDecimal string: {decimal}"));
    let (negative, text) = text
        .strip_prefix('-')
        .map_or((false, text), |rest| (true, rest));
    let (rupees, paise) = text.split_once('.').expect("two decimals");
    assert_eq!(paise.len(), 2, "two decimals in {text}");
    let value = rupees.parse::<i64>().expect("rupees") * 100 + paise.parse::<i64>().expect("paise");
    if negative { -value } else { value }
}

/// `paise × bp / 10000`, rounded half away from zero.
fn commission(paise: i64, bp: i64) -> i64 {
    let scaled = paise * bp;
    let magnitude = (scaled.abs() + 5_000) / 10_000;
    if scaled < 0 { -magnitude } else { magnitude }
}

async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
    who: &Session,
) -> (u16, Value) {
    app.send_json(method, path, body, Some(who)).await
}

async fn get(app: &TestApp, path: &str, who: &Session) -> (u16, Value) {
    call(app, Method::GET, path, None, who).await
}

async fn post(app: &TestApp, path: &str, body: Value, who: &Session) -> (u16, Value) {
    call(app, Method::POST, path, Some(body), who).await
}

/// A brand's month as its team sees it.
async fn month_of(app: &TestApp, team: &Session, month: &str) -> Value {
    let (status, answer) = get(app, &format!("/api/brand/payouts?month={month}"), team).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["success"], true);
    answer["payout"].clone()
}

struct Cast {
    shopper: Session,
    team: Session,
    rival: Session,
    admin: Session,
    brand: String,
}

async fn cast(app: &TestApp, brand: &str) -> Cast {
    let shopper = app.sign_in("asha@example.in").await;
    let team = app.sign_in("team@example.in").await;
    let rival = app.sign_in("rival@example.in").await;
    let admin = app.sign_in("admin@example.in").await;
    let other = demo()
        .brands
        .iter()
        .find(|b| b.id != brand)
        .expect("another brand");
    let store = app.store();
    store
        .set_role(
            &UserId::new(team.id()),
            false,
            true,
            Some(&BrandId::new(brand)),
        )
        .expect("role");
    store
        .set_role(
            &UserId::new(rival.id()),
            false,
            true,
            Some(&BrandId::new(other.id.as_str())),
        )
        .expect("role");
    store
        .set_role(&UserId::new(admin.id()), true, false, None)
        .expect("role");
    Cast {
        shopper,
        team,
        rival,
        admin,
        brand: brand.to_owned(),
    }
}

/// Sets the brand's commission rate as an admin does: the answer's brand.
async fn set_rate(app: &TestApp, admin: &Session, brand: &str, rate: Value) -> (u16, Value) {
    let (status, list) = get(app, "/api/admin/brands", admin).await;
    assert_eq!(status, 200, "{list}");
    let found = list["brands"]
        .as_array()
        .expect("brands")
        .iter()
        .find(|b| b["_id"] == brand)
        .expect("the brand")
        .clone();
    assert!(found["commissionRate"].is_number(), "{found}");
    call(
        app,
        Method::PATCH,
        &format!("/api/admin/brands/{brand}"),
        Some(json!({"commissionRate": rate, "version": found["version"]})),
        admin,
    )
    .await
}

/// Asks to cancel the order's first line.
async fn request_cancel(app: &TestApp, shopper: &Session, order: &str, product: &str) {
    let (status, requested) = post(
        app,
        "/api/cancel-requests/create",
        json!({"orderId": order, "productId": product, "productIndex": 0, "reason": "Changed my mind"}),
        shopper,
    )
    .await;
    assert_eq!(status, 200, "{requested}");
}

/// The brand approves the order's cancellation and the refund completes.
async fn refund(app: &TestApp, team: &Session, order: &str) {
    let (status, approved) = post(
        app,
        &format!("/api/brand/orders/{order}/cancellation"),
        json!({"decision": "approve"}),
        team,
    )
    .await;
    assert_eq!(status, 200, "{approved}");
    for _ in 0..300 {
        if app.count(&format!(
            "orders WHERE id = '{order}' AND refund_status = 'completed'"
        )) == 1
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the refund of {order} did not complete");
}

async fn a_month_is_paid_once_and_a_later_refund_is_carried(backend: Backend) {
    let app = spawn_app(backend).await;
    let (product, size) = product_between(50_000, 140_000, 1);
    let mut c = cast(&app, product.brand_id.as_str()).await;
    let address = add_address(&app, &c.shopper, "400001").await;
    let order = json!({"source": "bag", "addressId": address, "speed": "standard"});
    add_to_bag(&app, &c.shopper, product, &size, 1).await;
    let (first, _) = buy(&app, &c.shopper, &order).await;
    add_to_bag(&app, &c.shopper, product, &size, 2).await;
    let (second, _) = buy(&app, &c.shopper, &order).await;

    // The rate: 0 to 50, at most 2 decimals, named in `fields`.
    for bad in [json!(50.01), json!(-1), json!(12.345)] {
        let (status, refused) = set_rate(&app, &c.admin, &c.brand, bad.clone()).await;
        assert_eq!(
            (status, error_code(&refused).as_str()),
            (400, "VALIDATION_FAILED"),
            "{bad}: {refused}"
        );
        assert!(refused["fields"]["commissionRate"].is_string(), "{refused}");
    }
    let (status, edited) = set_rate(&app, &c.admin, &c.brand, json!(12.5)).await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["brand"]["commissionRate"], 12.5);
    assert!(
        app.count("audit_log WHERE entity = 'brand' AND action = 'update' AND after LIKE '%\"commissionRate\":12.5%'")
            == 1
    );
    let bp = 1_250;

    // November (the tests' month) is open: the two orders, at 12.5%.
    let nov = month_of(&app, &c.team, "2026-11").await;
    assert_eq!(nov["status"], "open");
    assert_eq!(nov["month"], "2026-11");
    assert_eq!(nov["brandId"], c.brand.as_str());
    assert_eq!(nov["commissionRate"], 12.5);
    let lines = nov["orders"].as_array().expect("orders").clone();
    assert_eq!(lines.len(), 2, "{nov}");
    let ids: Vec<&str> = lines.iter().filter_map(|l| l["orderId"].as_str()).collect();
    assert_eq!(ids, [first.as_str(), second.as_str()], "by placing time");
    let totals: Vec<i64> = lines.iter().map(|l| money(&l["total"])).collect();
    assert!(totals[1] > totals[0] && totals[0] > 0, "{totals:?}");
    let gross = totals[0] + totals[1];
    let charged = commission(totals[0], bp) + commission(totals[1], bp);
    assert_eq!(money(&nov["gross"]), gross);
    assert_eq!(money(&nov["refunds"]), 0);
    assert_eq!(money(&lines[0]["commission"]), commission(totals[0], bp));
    assert_eq!(money(&nov["commission"]), charged);
    assert_eq!(money(&nov["payout"]), gross - charged);
    assert!(nov["paidAt"].is_null() && nov["reference"].is_null());
    // Without a month: this IST month.
    let (_, default) = get(&app, "/api/brand/payouts", &c.team).await;
    assert_eq!(default["payout"]["month"], "2026-11");

    // An open month cannot be paid.
    let pay = |month: &str| format!("/api/admin/payouts/{}/{month}/paid", c.brand);
    let (status, open) = post(
        &app,
        &pay("2026-11"),
        json!({"reference": "UTR-1"}),
        &c.admin,
    )
    .await;
    assert_eq!((status, error_code(&open).as_str()), (409, "MONTH_OPEN"));

    // The shopper asks to cancel the first order; December comes before the brand approves.
    request_cancel(&app, &c.shopper, &first, product.id.as_str()).await;
    // 2026-11-30 18:30 UTC is midnight of December 1st in IST.
    app.advance(
        chrono::TimeDelta::days(7) + chrono::TimeDelta::hours(8) + chrono::TimeDelta::minutes(30),
    );
    // Sessions last 7 days: everyone signs in again.
    c.shopper = app.sign_in("asha@example.in").await;
    c.team = app.sign_in("team@example.in").await;
    c.admin = app.sign_in("admin@example.in").await;
    let nov = month_of(&app, &c.team, "2026-11").await;
    assert_eq!(nov["status"], "due");
    let (status, list) = get(&app, "/api/admin/payouts?month=2026-11", &c.admin).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["month"], "2026-11");
    let listed = list["payouts"].as_array().expect("payouts");
    assert_eq!(listed.len(), 1, "only the brand with orders: {list}");
    assert_eq!(listed[0]["brandId"], c.brand.as_str());
    assert_eq!(listed[0]["status"], "due");
    assert_eq!(money(&listed[0]["payout"]), gross - charged);
    assert!(listed[0].get("orders").is_none(), "no orders in the list");

    // Recording it: a reference is required (1 to 100 characters), then it is paid, once.
    for bad in [
        json!({}),
        json!({"reference": "   "}),
        json!({"reference": "x".repeat(101)}),
    ] {
        let (status, refused) = post(&app, &pay("2026-11"), bad, &c.admin).await;
        assert_eq!(
            (status, error_code(&refused).as_str()),
            (400, "VALIDATION_FAILED")
        );
        assert!(refused["fields"]["reference"].is_string(), "{refused}");
    }
    let (status, refused) = post(&app, &pay("2026-13"), json!({"reference": "x"}), &c.admin).await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (400, "VALIDATION_FAILED")
    );
    let (status, refused) = post(
        &app,
        "/api/admin/payouts/no-such-brand/2026-11/paid",
        json!({"reference": "x"}),
        &c.admin,
    )
    .await;
    assert_eq!(status, 404, "{refused}");
    let (status, paid) = post(
        &app,
        &pay("2026-11"),
        json!({"reference": " UTR-2026-11 "}),
        &c.admin,
    )
    .await;
    assert_eq!(status, 200, "{paid}");
    let paid = &paid["payout"];
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["reference"], "UTR-2026-11");
    assert!(
        paid["paidAt"]
            .as_str()
            .is_some_and(|t| t.starts_with("2026-11-30T18:30")),
        "{paid}"
    );
    assert_eq!(money(&paid["payout"]), gross - charged);
    assert_eq!(paid["orders"].as_array().map(Vec::len), Some(2));
    let (status, twice) = post(
        &app,
        &pay("2026-11"),
        json!({"reference": "UTR-again"}),
        &c.admin,
    )
    .await;
    assert_eq!((status, error_code(&twice).as_str()), (409, "ALREADY_PAID"));
    assert_eq!(
        app.count("audit_log WHERE entity = 'payout' AND action = 'pay'"),
        1
    );
    assert_eq!(app.count("payouts"), 1);

    // The refund completes in December: November, paid, never changes; December carries it.
    refund(&app, &c.team, &first).await;
    let again = month_of(&app, &c.team, "2026-11").await;
    assert_eq!(again["status"], "paid");
    assert_eq!(again["gross"], paid["gross"]);
    assert_eq!(again["refunds"], paid["refunds"]);
    assert_eq!(again["payout"], paid["payout"]);
    assert_eq!(again["orders"], paid["orders"]);
    // Even a rate changed since leaves a paid month as it was.
    let (status, _) = set_rate(&app, &c.admin, &c.brand, json!(20)).await;
    assert_eq!(status, 200);
    let again = month_of(&app, &c.team, "2026-11").await;
    assert_eq!(again["commissionRate"], 12.5);
    assert_eq!(again["payout"], paid["payout"]);
    let (status, _) = set_rate(&app, &c.admin, &c.brand, json!(12.5)).await;
    assert_eq!(status, 200);

    let dec = month_of(&app, &c.team, "2026-12").await;
    assert_eq!(dec["status"], "open");
    assert_eq!(money(&dec["gross"]), 0);
    assert_eq!(money(&dec["refunds"]), totals[0]);
    // The refund gives back the commission its order was charged.
    assert_eq!(money(&dec["commission"]), -commission(totals[0], bp));
    assert_eq!(money(&dec["payout"]), 0, "never below zero: {dec}");
    let owed = totals[0] - commission(totals[0], bp);
    assert_eq!(money(&dec["carriedOut"]), owed);
    let dec_lines = dec["orders"].as_array().expect("orders");
    assert_eq!(dec_lines.len(), 1);
    assert_eq!(dec_lines[0]["orderId"], first.as_str());
    assert_eq!(money(&dec_lines[0]["total"]), 0);
    assert_eq!(money(&dec_lines[0]["refunded"]), totals[0]);
    // January starts owing what December could not take.
    let jan = month_of(&app, &c.team, "2027-01").await;
    assert_eq!(money(&jan["carriedIn"]), owed);
    assert_eq!(money(&jan["payout"]), 0);
    assert_eq!(money(&jan["carriedOut"]), owed);

    // A sale in December pays off what is owed first.
    add_to_bag(&app, &c.shopper, product, &size, 3).await;
    let (third, _) = buy(&app, &c.shopper, &order).await;
    let dec = month_of(&app, &c.team, "2026-12").await;
    let third_total = dec["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .find(|l| l["orderId"] == third.as_str())
        .map(|l| money(&l["total"]))
        .expect("the third order");
    let balance = third_total - commission(third_total, bp) - owed;
    assert_eq!(money(&dec["payout"]), balance.max(0));
    assert_eq!(money(&dec["carriedOut"]), (-balance).max(0));

    // The CSV: a header, one row per order, the totals.
    let res = app
        .client
        .get(app.url("/api/brand/payouts/export?month=2026-12"))
        .header("Authorization", format!("Bearer {}", c.team.token))
        .send()
        .await
        .expect("export");
    assert_eq!(res.status().as_u16(), 200);
    let headers = res.headers().clone();
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap_or_default()
            .starts_with("text/csv")
    );
    assert!(
        headers["content-disposition"]
            .to_str()
            .unwrap_or_default()
            .contains("attachment; filename=\"payout-2026-12.csv\"")
    );
    let csv = res.text().await.expect("csv");
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows[0], "orderId,placedAt,total,refunded,commission,net");
    assert_eq!(rows.len(), 4, "{csv}");
    assert!(rows[1].starts_with(&format!("{first},")), "{csv}");
    assert!(rows[2].starts_with(&format!("{third},")), "{csv}");
    assert!(rows[3].starts_with("Total,,"), "{csv}");
    let _ = second;
}

async fn payouts_are_the_brands_own_and_admins_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let brand = demo().brands[0].id.clone();
    let c = cast(&app, &brand).await;

    // Shoppers have no console; a brand user no admin calls.
    let pay = format!("/api/admin/payouts/{brand}/2026-10/paid");
    for (path, who) in [
        ("/api/brand/payouts", &c.shopper),
        ("/api/brand/payouts/export", &c.shopper),
        ("/api/admin/payouts", &c.shopper),
        ("/api/admin/payouts", &c.team),
    ] {
        let (status, refused) = get(&app, path, who).await;
        assert_eq!(
            (status, error_code(&refused).as_str()),
            (403, "FORBIDDEN"),
            "{path}"
        );
    }
    for who in [&c.shopper, &c.team] {
        let (status, _) = post(&app, &pay, json!({"reference": "x"}), who).await;
        assert_eq!(status, 403);
    }
    let (status, _) = app
        .send_json(Method::GET, "/api/brand/payouts", None, None)
        .await;
    assert_eq!(status, 401);

    // Another brand's month is missing to a brand user; an admin names the brand.
    let theirs = format!("/api/brand/payouts?brandId={brand}");
    let (status, _) = get(&app, &theirs, &c.rival).await;
    assert_eq!(status, 404);
    let (status, _) = get(
        &app,
        &format!("/api/brand/payouts/export?brandId={brand}"),
        &c.rival,
    )
    .await;
    assert_eq!(status, 404);
    let (status, own) = get(&app, &theirs, &c.team).await;
    assert_eq!(status, 200, "{own}");
    let (status, seen) = get(&app, &theirs, &c.admin).await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["payout"]["brandId"], brand.as_str());
    assert_eq!(seen["payout"]["orders"], json!([]));
    assert_eq!(seen["payout"]["commissionRate"], 0.0);
    let (status, refused) = get(&app, "/api/brand/payouts", &c.admin).await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (400, "BRAND_REQUIRED")
    );
    let (status, refused) = get(&app, "/api/brand/payouts?brandId=nope", &c.admin).await;
    assert_eq!(status, 404, "{refused}");

    // Bad months name the parameter.
    for bad in ["2026-13", "2026-1", "11-2026", "1969-12"] {
        let (status, refused) =
            get(&app, &format!("/api/brand/payouts?month={bad}"), &c.team).await;
        assert_eq!(
            (status, error_code(&refused).as_str()),
            (400, "VALIDATION_FAILED"),
            "{bad}"
        );
        assert!(refused["fields"]["month"].is_string(), "{refused}");
        let (status, _) = get(&app, &format!("/api/admin/payouts?month={bad}"), &c.admin).await;
        assert_eq!(status, 400, "{bad}");
    }

    // A month with nothing in it lists no brand; an ended empty month may still be recorded.
    let (status, empty) = get(&app, "/api/admin/payouts?month=2026-10", &c.admin).await;
    assert_eq!(status, 200, "{empty}");
    assert_eq!(empty["payouts"], json!([]));
    // Two admins record it at once: one is recorded, the other is told it is paid already.
    let (one, two) = tokio::join!(
        post(&app, &pay, json!({"reference": "NIL-2026-10"}), &c.admin),
        post(&app, &pay, json!({"reference": "NIL-2026-10-B"}), &c.admin),
    );
    let mut answers = [one, two];
    answers.sort_by_key(|(status, _)| *status);
    assert_eq!(answers[0].0, 200, "{}", answers[0].1);
    assert_eq!(
        (answers[1].0, error_code(&answers[1].1).as_str()),
        (409, "ALREADY_PAID"),
        "{}",
        answers[1].1
    );
    assert_eq!(answers[0].1["payout"]["status"], "paid");
    assert_eq!(app.count("payouts"), 1);
    assert_eq!(app.count("audit_log WHERE entity = 'payout'"), 1);
    // The database itself refuses to change or remove a paid month.
    for sql in [
        "UPDATE payouts SET reference = 'changed'",
        "DELETE FROM payouts",
    ] {
        let refused =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| app.execute_sql(sql)));
        assert!(refused.is_err(), "{sql} was allowed");
    }
    assert_eq!(app.count("payouts WHERE reference LIKE 'NIL-2026-10%'"), 1);
    let (_, listed) = get(&app, "/api/admin/payouts?month=2026-10", &c.admin).await;
    assert_eq!(
        listed["payouts"].as_array().map(Vec::len),
        Some(1),
        "a paid month is listed"
    );
}

on_both_backends!(
    a_month_is_paid_once_and_a_later_refund_is_carried,
    payouts_are_the_brands_own_and_admins_only,
);
