//! Checkout to delivered order over HTTP, on both databases: the quote, the payment with the
//! embedded sandbox (signatures, replays, webhooks), stock reserved and never oversold,
//! coupon limits under racing checkouts, lapsed reservations, orders, express booking,
//! cancellation requests and the brand console's review with its refund.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use store::ids::{BrandId, ProductId, UserId};

use crate::helpers::{
    Backend, Options, PaymentsGate, Session, TestApp, demo, error_code, listed, paise, spawn_app,
    spawn_app_with,
};

const GOOD_CARD: &str = "4111 1111 1111 1111";
const DECLINED_CARD: &str = "4000 0000 0000 0002";

fn unit_paise(product: &catalogue::Product) -> i64 {
    bag::unit_price(
        pricing::Money::from_paise(product.price_paise),
        product.offer_percentage,
    )
    .paise()
}

/// A listed product priced between `from` and `to` paise, with a size in stock, and that size.
pub(crate) fn product_between(
    from: i64,
    to: i64,
    skip: usize,
) -> (&'static catalogue::Product, String) {
    listed()
        .into_iter()
        .filter(|p| (from..to).contains(&unit_paise(p)))
        .filter_map(|p| {
            let size = p.stock.iter().find(|(_, left)| *left > 3)?.0.clone();
            Some((p, size))
        })
        .nth(skip)
        .expect("a product in that range with stock")
}

fn brand_name(product: &catalogue::Product) -> String {
    demo()
        .brands
        .iter()
        .find(|b| b.id == product.brand_id)
        .map(|b| b.name.clone())
        .expect("its brand")
}

pub(crate) async fn add_address(app: &TestApp, shopper: &Session, pincode: &str) -> String {
    let (status, saved) = app
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
                "billing_pincode": pincode,
                "billing_state": "Maharashtra",
                "billing_country": "India",
            })),
            Some(shopper),
        )
        .await;
    assert_eq!(status, 201, "{saved}");
    saved["_id"].as_str().expect("an address id").to_owned()
}

pub(crate) async fn add_to_bag(
    app: &TestApp,
    shopper: &Session,
    product: &catalogue::Product,
    size: &str,
    quantity: u32,
) {
    let (status, bag) = app
        .send_json(
            Method::POST,
            "/api/cart/items",
            Some(json!({"productId": product.id, "size": size, "quantity": quantity})),
            Some(shopper),
        )
        .await;
    assert_eq!(status, 200, "{bag}");
}

async fn post(app: &TestApp, shopper: &Session, path: &str, body: Value) -> (u16, Value) {
    app.send_json(Method::POST, path, Some(body), Some(shopper))
        .await
}

/// The create-order body for `request` at the total its quote answers, as the checkout page
/// holds it when the shopper presses Pay.
async fn at_quoted_total(app: &TestApp, shopper: &Session, request: &Value) -> Value {
    let (status, quote) = post(app, shopper, "/api/checkout/quote", request.clone()).await;
    assert_eq!(status, 200, "{quote}");
    let mut body = request.clone();
    body["amount"] = quote["total"].clone();
    body["currency"] = json!("INR");
    body
}

/// create-order for `request` at the total its quote answers: the answer.
async fn open_payment(app: &TestApp, shopper: &Session, request: &Value) -> (u16, Value) {
    let body = at_quoted_total(app, shopper, request).await;
    post(app, shopper, "/api/payments/create-order", body).await
}

/// Every shopper presses Pay at once on the body they hold: the answers, in order.
async fn race_to_pay(app: &TestApp, bodies: Vec<(&Session, Value)>) -> Vec<(u16, Value)> {
    futures_util::future::join_all(bodies.into_iter().map(|(shopper, body)| async move {
        post(app, shopper, "/api/payments/create-order", body).await
    }))
    .await
}

async fn pay(app: &TestApp, shopper: &Session, provider_order: &str, card: &str) -> (u16, Value) {
    post(
        app,
        shopper,
        "/api/payments/sandbox/pay",
        json!({"orderId": provider_order, "cardNumber": card, "expiry": "12/30",
               "cvv": "123", "name": "Asha Rao"}),
    )
    .await
}

/// Opens, pays and verifies `request`: the placed order's id and the payment's id.
pub(crate) async fn buy(app: &TestApp, shopper: &Session, request: &Value) -> (String, String) {
    let (status, opened) = open_payment(app, shopper, request).await;
    assert_eq!(status, 200, "{opened}");
    let (status, paid) = pay(
        app,
        shopper,
        opened["order"]["id"].as_str().expect("id"),
        GOOD_CARD,
    )
    .await;
    assert_eq!(status, 200, "{paid}");
    let (status, verified) = post(app, shopper, "/api/payments/verify", paid.clone()).await;
    assert_eq!(status, 200, "{verified}");
    (
        verified["orderId"]
            .as_str()
            .expect("an order id")
            .to_owned(),
        paid["razorpay_payment_id"]
            .as_str()
            .expect("a payment id")
            .to_owned(),
    )
}

/// The quantity of `size` left for sale.
fn stock_sum(app: &TestApp, product: &catalogue::Product, size: &str) -> i64 {
    let store = app.store();
    store
        .products_by_ids(&[ProductId::new(product.id.as_str())])
        .expect("read")
        .first()
        .and_then(|p| {
            p.stock
                .iter()
                .find(|(s, _)| s == size)
                .map(|(_, n)| i64::from(*n))
        })
        .unwrap_or(0)
}

async fn orders_of(app: &TestApp, shopper: &Session) -> Vec<Value> {
    let (status, answer) = app
        .send_json(
            Method::GET,
            &format!("/api/orders/user/{}", shopper.id()),
            None,
            Some(shopper),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    answer["orders"].as_array().expect("orders").clone()
}

async fn bag_checkout_from_quote_to_placed_order(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let mumbai = add_address(&app, &shopper, "400001").await;
    let delhi = add_address(&app, &shopper, "110001").await;
    let (product, size) = product_between(50_000, 140_000, 0);
    let unit = unit_paise(product);

    // An empty bag, an unknown address, a bad speed.
    let bag = json!({"source": "bag", "addressId": mumbai, "speed": "standard"});
    let (status, empty) = post(&app, &shopper, "/api/checkout/quote", bag.clone()).await;
    assert_eq!((status, error_code(&empty).as_str()), (422, "EMPTY_CART"));
    add_to_bag(&app, &shopper, product, &size, 2).await;
    let (status, missing) = post(
        &app,
        &shopper,
        "/api/checkout/quote",
        json!({"source": "bag", "addressId": "nope", "speed": "standard"}),
    )
    .await;
    assert_eq!(
        (status, missing["error"].as_str()),
        (404, Some("Address not found."))
    );
    let (status, bad) = post(
        &app,
        &shopper,
        "/api/checkout/quote",
        json!({"source": "bag", "addressId": mumbai, "speed": "rocket"}),
    )
    .await;
    assert_eq!((status, error_code(&bad).as_str()), (400, "INVALID_SPEED"));

    // Standard, express in Mumbai, express refused beyond 50 km.
    let (status, standard) = post(&app, &shopper, "/api/checkout/quote", bag.clone()).await;
    assert_eq!(status, 200, "{standard}");
    assert_eq!(paise(&standard["subtotal"]), 2 * unit);
    assert_eq!(paise(&standard["deliveryFee"]), 0);
    assert_eq!(paise(&standard["total"]), 2 * unit);
    assert_eq!(standard["speed"], "standard");
    assert_eq!(paise(&standard["freeDeliveryAbove"]), 150_000);
    assert_eq!(standard["lines"][0]["product"]["_id"], product.id.as_str());
    let express = json!({"source": "bag", "addressId": mumbai, "speed": "express"});
    let (_, quick) = post(&app, &shopper, "/api/checkout/quote", express.clone()).await;
    assert_eq!(
        (quick["speed"].as_str(), quick["expressAvailable"].as_bool()),
        (Some("express"), Some(true))
    );
    assert_eq!(paise(&quick["deliveryFee"]), 9_900);
    assert_eq!(paise(&quick["total"]), 2 * unit + 9_900);
    let (_, far) = post(
        &app,
        &shopper,
        "/api/checkout/quote",
        json!({"source": "bag", "addressId": delhi, "speed": "express"}),
    )
    .await;
    assert_eq!(
        (
            far["speed"].as_str(),
            far["requestedSpeed"].as_str(),
            far["expressAvailable"].as_bool()
        ),
        (Some("standard"), Some("express"), Some(false))
    );
    assert_eq!(paise(&far["deliveryFee"]), 0);

    // An amount changed in flight is refused with today's quote; nothing is reserved.
    let before = stock_sum(&app, product, &size);
    let mut tampered = express.clone();
    tampered["amount"] = json!("1.00");
    let (status, changed) = post(&app, &shopper, "/api/payments/create-order", tampered).await;
    assert_eq!(
        (status, error_code(&changed).as_str()),
        (409, "PRICE_CHANGED")
    );
    assert_eq!(paise(&changed["quote"]["total"]), 2 * unit + 9_900);
    assert_eq!(app.count("orders"), 0);

    // Opening the payment reserves the stock.
    let (status, opened) = open_payment(&app, &shopper, &express).await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(opened["order"]["amount"].as_i64(), Some(2 * unit + 9_900));
    assert_eq!(opened["order"]["currency"], "INR");
    assert_eq!(stock_sum(&app, product, &size), before - 2);
    assert!(
        orders_of(&app, &shopper).await.is_empty(),
        "not placed until paid"
    );
    let provider_order = opened["order"]["id"].as_str().expect("id").to_owned();

    // The declined card; then the good one.
    let (status, declined) = pay(&app, &shopper, &provider_order, DECLINED_CARD).await;
    assert_eq!(
        (status, error_code(&declined).as_str()),
        (402, "CARD_DECLINED")
    );
    let (status, paid) = pay(&app, &shopper, &provider_order, GOOD_CARD).await;
    assert_eq!(status, 200, "{paid}");

    // A forged or altered signature is refused, and places nothing.
    let mut forged = paid.clone();
    forged["razorpay_signature"] = json!("0".repeat(64));
    let (status, refused) = post(&app, &shopper, "/api/payments/verify", forged).await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (400, "INVALID_SIGNATURE")
    );
    let mut other_payment = paid.clone();
    other_payment["razorpay_payment_id"] = json!("pay_SomeoneElse123");
    let (status, _) = post(&app, &shopper, "/api/payments/verify", other_payment).await;
    assert_eq!(status, 400);
    assert!(orders_of(&app, &shopper).await.is_empty());

    // Another shopper cannot verify it, nor see or fetch the order.
    let other = app.sign_in("ravi@example.in").await;
    let (status, _) = post(&app, &other, "/api/payments/verify", paid.clone()).await;
    assert_eq!(status, 404);

    // Verify places it; a replayed verify answers the same order.
    let (status, verified) = post(&app, &shopper, "/api/payments/verify", paid.clone()).await;
    assert_eq!(status, 200, "{verified}");
    let order_id = verified["orderId"].as_str().expect("id").to_owned();
    let (_, again) = post(&app, &shopper, "/api/payments/verify", paid.clone()).await;
    assert_eq!(again["orderId"].as_str(), Some(order_id.as_str()));
    assert_eq!(stock_sum(&app, product, &size), before - 2, "taken once");

    // orders/create answers that order, the same each time; the bag is empty.
    let payment_id = paid["razorpay_payment_id"].as_str().expect("a payment id");
    let create = json!({"paymentId": payment_id, "totalAmount": 1, "products": []});
    let (status, created) = post(&app, &shopper, "/api/orders/create", create.clone()).await;
    assert_eq!(status, 200, "{created}");
    let order = &created["order"];
    assert_eq!(order["_id"].as_str(), Some(order_id.as_str()));
    assert_eq!(order["deliveryStatus"], "pending");
    assert_eq!(order["paymentStatus"], "Paid");
    assert_eq!(order["refundStatus"], "not_initiated");
    assert_eq!(order["deliverySpeed"], "express");
    assert_eq!(order["isQuickDelivery"], true);
    assert_eq!(
        paise(&order["totalAmount"]),
        2 * unit + 9_900,
        "never the client's"
    );
    assert_eq!(order["products"][0]["quantity"], 2);
    assert_eq!(order["products"][0]["size"], size.as_str());
    let (_, twice) = post(&app, &shopper, "/api/orders/create", create.clone()).await;
    assert_eq!(twice["order"]["_id"], order["_id"]);
    assert_eq!(app.count("orders WHERE stage = 'placed'"), 1);
    let (_, bag_now) = app
        .send_json(Method::GET, "/api/cart", None, Some(&shopper))
        .await;
    assert_eq!(bag_now["items"].as_array().map(Vec::len), Some(0));
    let (status, _) = post(&app, &other, "/api/orders/create", create).await;
    assert_eq!(status, 404);

    // My Orders, and another shopper's id.
    let mine = orders_of(&app, &shopper).await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["_id"].as_str(), Some(order_id.as_str()));
    let (status, hidden) = app
        .send_json(
            Method::GET,
            &format!("/api/orders/user/{}", shopper.id()),
            None,
            Some(&other),
        )
        .await;
    assert_eq!(
        (status, hidden["error"].as_str()),
        (404, Some("User not found"))
    );

    // Express is booked once; another shopper cannot book it.
    let book = json!({"orderId": order_id, "deliveryType": "express", "deliveryFee": 99,
                      "estimatedTime": "60 minutes"});
    let (status, booked) = post(&app, &shopper, "/api/orders/express-delivery", book.clone()).await;
    assert_eq!(
        (status, booked["success"].as_bool()),
        (200, Some(true)),
        "{booked}"
    );
    assert!(booked["srNumericId"].as_i64().is_some());
    let (_, rebooked) = post(&app, &shopper, "/api/orders/express-delivery", book.clone()).await;
    assert_eq!(rebooked["deliveryId"], booked["deliveryId"]);
    let (status, _) = post(&app, &other, "/api/orders/express-delivery", book).await;
    assert_eq!(status, 404);
}

async fn a_standard_order_falls_back_and_a_webhook_places_an_unverified_payment(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("meera@example.in").await;
    let mumbai = add_address(&app, &shopper, "400001").await;
    let (product, size) = product_between(50_000, 140_000, 1);

    // Buy Now, paid, and the tab closed before verify: the sandbox's webhook places it.
    let direct = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                        "addressId": mumbai, "speed": "standard"});
    let (status, opened) = open_payment(&app, &shopper, &direct).await;
    assert_eq!(status, 200, "{opened}");
    let (_, paid) = pay(
        &app,
        &shopper,
        opened["order"]["id"].as_str().expect("id"),
        GOOD_CARD,
    )
    .await;
    let mut placed = Vec::new();
    for _ in 0..100 {
        placed = orders_of(&app, &shopper).await;
        if !placed.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(placed.len(), 1, "the webhook placed the order");
    // The browser's verify, later, finds the same order: one order, never two.
    let (_, verified) = post(&app, &shopper, "/api/payments/verify", paid).await;
    assert_eq!(verified["orderId"], placed[0]["_id"]);
    assert_eq!(app.count("orders WHERE stage = 'placed'"), 1);
    assert_eq!(app.count("payment_events"), 1);

    // A standard order asked for express answers the fallback.
    let (_, fallback) = post(
        &app,
        &shopper,
        "/api/orders/express-delivery",
        json!({"orderId": placed[0]["_id"]}),
    )
    .await;
    assert_eq!(fallback, json!({"success": false, "fallback": "standard"}));

    // A webhook with a forged signature changes nothing.
    let res = app
        .client
        .post(app.url("/api/payments/webhook"))
        .header("Content-Type", "application/json")
        .header("X-Razorpay-Signature", "00".repeat(32))
        .header("X-Razorpay-Event-Id", "evt_forged")
        .body(r#"{"event":"payment.captured","payload":{}}"#)
        .send()
        .await
        .expect("webhook");
    assert_eq!(res.status().as_u16(), 400);
    assert_eq!(app.count("payment_events"), 1);
}

async fn racing_buyers_never_oversell(backend: Backend) {
    const BUYERS: usize = 12;
    const UNITS: i64 = 3;
    let app = spawn_app(backend).await;
    let (product, size) = product_between(50_000, 140_000, 2);
    app.execute_sql(&format!(
        "UPDATE product_stock SET quantity = {UNITS} WHERE product_id = '{}' AND size = '{size}'",
        product.id
    ));
    let mut buyers = Vec::new();
    for n in 0..BUYERS {
        let shopper = app.sign_in(&format!("buyer{n}@example.in")).await;
        let address = add_address(&app, &shopper, "400001").await;
        buyers.push((shopper, address));
    }
    // Wait for the catalogue to see the new stock, so every quote passes its check.
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Every buyer priced first, as checkout pages showing the size in stock, then Pay at once.
    let mut bodies = Vec::new();
    for (shopper, address) in &buyers {
        let request = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                             "addressId": address, "speed": "standard"});
        bodies.push((shopper, at_quoted_total(&app, shopper, &request).await));
    }
    let outcomes = race_to_pay(&app, bodies).await;
    let won = outcomes.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(won as i64, UNITS, "{outcomes:?}");
    for (status, answer) in outcomes.iter().filter(|(status, _)| *status != 200) {
        assert_eq!(
            (*status, error_code(answer).as_str()),
            (409, "OUT_OF_STOCK"),
            "{answer}"
        );
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("out of stock")),
            "{answer}"
        );
    }
    assert_eq!(stock_sum(&app, product, &size), 0);
    assert_eq!(app.count("orders WHERE stage = 'reserved'"), UNITS);
}

async fn coupon_limits_hold_and_lapsed_reservations_give_back(backend: Backend) {
    let app = spawn_app(backend).await;
    let (product, size) = product_between(160_000, 400_000, 0);
    let brand = brand_name(product);
    let first = app.sign_in("first@example.in").await;
    let second = app.sign_in("second@example.in").await;
    let first_address = add_address(&app, &first, "400001").await;
    let second_address = add_address(&app, &second, "400001").await;
    // FLAT300 with one use left: two racing checkouts, one gets it.
    app.execute_sql("UPDATE coupons SET usage_limit = 1, brand_id = NULL WHERE code = 'FLAT300'");
    let request = |address: &str| {
        json!({"source": {"productId": product.id, "size": size, "quantity": 1},
               "addressId": address, "speed": "standard", "couponCode": " flat300 "})
    };
    // Both priced first, as two checkout pages showing the coupon, then Pay at once.
    let bodies = vec![
        (
            &first,
            at_quoted_total(&app, &first, &request(&first_address)).await,
        ),
        (
            &second,
            at_quoted_total(&app, &second, &request(&second_address)).await,
        ),
    ];
    let outcomes = race_to_pay(&app, bodies).await;
    let mut codes: Vec<(u16, String)> = outcomes
        .iter()
        .map(|(s, a)| {
            (
                *s,
                if *s == 200 {
                    String::new()
                } else {
                    error_code(a)
                },
            )
        })
        .collect();
    codes.sort();
    assert_eq!(
        codes,
        [(200, String::new()), (422, "COUPON_EXHAUSTED".to_owned())],
        "{brand}: {outcomes:?}"
    );
    assert_eq!(app.count("coupon_uses"), 1);
    assert_eq!(
        app.count("coupons WHERE code = 'FLAT300' AND times_used = 1"),
        1
    );

    // The winner's reservation lapses unpaid: the coupon use and the stock come back.
    let (winner, winner_address) = if outcomes[0].0 == 200 {
        (&first, &first_address)
    } else {
        (&second, &second_address)
    };
    let winning = if outcomes[0].0 == 200 {
        &outcomes[0].1
    } else {
        &outcomes[1].1
    };
    let before = stock_sum(&app, product, &size);
    app.execute_sql("UPDATE orders SET reserved_until = '2020-01-01 00:00:00'");
    app.execute_sql(&format!(
        "UPDATE product_stock SET quantity = 0 WHERE product_id = '{}' AND size = '{size}'",
        product.id
    ));
    // A new checkout first releases the lapsed reservation, whose coupon use it then takes.
    let (status, again) = post(&app, winner, "/api/payments/create-order", {
        let mut body = request(winner_address);
        body["amount"] = winning["quote"]["total"].clone();
        body
    })
    .await;
    assert_eq!(status, 200, "{again} (stock was {before})");
    assert_eq!(app.count("orders WHERE stage = 'lapsed'"), 1);
    assert_eq!(app.count("coupon_uses"), 1, "released and claimed again");
    assert_eq!(stock_sum(&app, product, &size), 0);

    // Paying the lapsed one now: its unit is gone, so the payment is refunded.
    let (_, paid) = pay(
        &app,
        winner,
        winning["order"]["id"].as_str().expect("id"),
        GOOD_CARD,
    )
    .await;
    let (status, refused) = post(&app, winner, "/api/payments/verify", paid.clone()).await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (409, "RESERVATION_LAPSED"),
        "{refused}"
    );
    assert_eq!(
        app.count(
            "orders WHERE stage = 'lapsed' AND payment_id IS NOT NULL \
             AND refund_status IN ('initiated', 'completed')"
        ),
        1
    );
    let (status, _) = post(&app, winner, "/api/payments/verify", paid).await;
    assert_eq!(status, 409, "refused again, refunded once");
}

async fn cancellation_review_refund_and_delivery_moves(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("kavya@example.in").await;
    let address = add_address(&app, &shopper, "400001").await;
    let (product, size) = product_between(50_000, 140_000, 3);
    add_to_bag(&app, &shopper, product, &size, 1).await;
    let (order_id, _) = buy(
        &app,
        &shopper,
        &json!({"source": "bag", "addressId": address, "speed": "standard"}),
    )
    .await;
    let left = stock_sum(&app, product, &size);

    // The team of the order's brand, another brand's, and an admin.
    let team = app.sign_in("team@example.in").await;
    let rival = app.sign_in("rival@example.in").await;
    let admin = app.sign_in("admin@example.in").await;
    let other_brand = demo()
        .brands
        .iter()
        .find(|b| b.id != product.brand_id)
        .expect("another brand");
    let store = app.store();
    store
        .set_role(
            &UserId::new(team.id()),
            false,
            true,
            Some(&BrandId::new(product.brand_id.as_str())),
        )
        .expect("role");
    store
        .set_role(
            &UserId::new(rival.id()),
            false,
            true,
            Some(&BrandId::new(other_brand.id.as_str())),
        )
        .expect("role");
    store
        .set_role(&UserId::new(admin.id()), true, false, None)
        .expect("role");

    // Shoppers have no console.
    let (status, refused) = app
        .send_json(Method::GET, "/api/brand/orders", None, Some(&shopper))
        .await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (
            403,
            Some("Only the brand's team or an admin can manage orders.")
        )
    );

    // The shopper's request: a bad line, then the line, then again.
    let cancel = |index: Value| {
        json!({"orderId": order_id, "productId": product.id, "productIndex": index,
               "reason": "  Ordered the wrong size  "})
    };
    let (status, bad) = post(
        &app,
        &shopper,
        "/api/cancel-requests/create",
        cancel(json!(5)),
    )
    .await;
    assert_eq!(
        (status, error_code(&bad).as_str()),
        (400, "INVALID_PRODUCT_INDEX")
    );
    let (status, _) = post(
        &app,
        &rival,
        "/api/cancel-requests/create",
        cancel(json!(0)),
    )
    .await;
    assert_eq!(status, 404, "another shopper's order");
    let (status, requested) = post(
        &app,
        &shopper,
        "/api/cancel-requests/create",
        cancel(json!(0)),
    )
    .await;
    assert_eq!(status, 200, "{requested}");
    assert_eq!(
        requested["order"]["deliveryStatus"],
        "Cancellation Requested"
    );
    assert_eq!(requested["order"]["status"], "cancel_requested");
    let (status, twice) = post(
        &app,
        &shopper,
        "/api/cancel-requests/create",
        cancel(json!(0)),
    )
    .await;
    assert_eq!(
        (status, error_code(&twice).as_str()),
        (422, "CANCEL_NOT_ALLOWED")
    );

    // The brand's team sees it with the request; the rival sees nothing and cannot act.
    let (status, console) = app
        .send_json(Method::GET, "/api/brand/orders", None, Some(&team))
        .await;
    assert_eq!(status, 200, "{console}");
    assert_eq!(console["brand"]["_id"], product.brand_id.as_str());
    assert_eq!(
        console["orders"][0]["_id"].as_str(),
        Some(order_id.as_str())
    );
    assert_eq!(
        console["orders"][0]["cancelRequest"]["reason"],
        "Ordered the wrong size"
    );
    assert_eq!(console["orders"][0]["cancelRequest"]["productIndex"], 0);
    let (_, theirs) = app
        .send_json(Method::GET, "/api/brand/orders", None, Some(&rival))
        .await;
    assert_eq!(theirs["orders"].as_array().map(Vec::len), Some(0));
    let review = |decision: &str| json!({"decision": decision});
    let path = format!("/api/brand/orders/{order_id}/cancellation");
    let (status, _) = post(&app, &rival, &path, review("approve")).await;
    assert_eq!(status, 404);
    let (status, _) = post(&app, &shopper, &path, review("approve")).await;
    assert_eq!(status, 403);
    let (status, bad) = post(&app, &team, &path, review("maybe")).await;
    assert_eq!(
        (status, error_code(&bad).as_str()),
        (400, "INVALID_DECISION")
    );
    let (_, all) = app
        .send_json(Method::GET, "/api/brand/orders", None, Some(&admin))
        .await;
    assert!(all["brand"].is_null());
    assert_eq!(all["orders"].as_array().map(Vec::len), Some(1));

    // Approved: cancelled, stock back, refund started and then completed.
    let (status, approved) = post(&app, &team, &path, review("approve")).await;
    assert_eq!(status, 200, "{approved}");
    assert_eq!(approved["order"]["status"], "cancelled");
    assert_eq!(approved["order"]["deliveryStatus"], "Cancelled");
    assert!(approved["order"]["cancelRequest"].is_null());
    assert!(
        matches!(
            approved["order"]["refundStatus"].as_str(),
            Some("initiated" | "completed")
        ),
        "{approved}"
    );
    assert_eq!(stock_sum(&app, product, &size), left + 1);
    let (status, again) = post(&app, &team, &path, review("approve")).await;
    assert_eq!(
        (status, error_code(&again).as_str()),
        (422, "NO_OPEN_REQUEST")
    );
    let mut refund = String::new();
    for _ in 0..300 {
        refund = orders_of(&app, &shopper).await[0]["refundStatus"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        if refund == "completed" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(refund, "completed");
    assert_eq!(
        orders_of(&app, &shopper).await[0]["paymentStatus"],
        "Refunded"
    );

    // A second order: delivery moves forward only; no cancelling once Shipped; a rejection.
    add_to_bag(&app, &shopper, product, &size, 1).await;
    let (second, _) = buy(
        &app,
        &shopper,
        &json!({"source": "bag", "addressId": address, "speed": "standard"}),
    )
    .await;
    let moves = format!("/api/brand/orders/{second}/delivery");
    let (status, _) = post(&app, &team, &moves, json!({"deliveryStatus": "Processing"})).await;
    assert_eq!(status, 200);
    let (status, requested) = post(
        &app,
        &shopper,
        "/api/cancel-requests/create",
        json!({"orderId": second, "productIndex": 0, "reason": null}),
    )
    .await;
    assert_eq!(status, 200, "{requested}");
    let (status, rejected) = post(
        &app,
        &team,
        &format!("/api/brand/orders/{second}/cancellation"),
        review("reject"),
    )
    .await;
    assert_eq!(status, 200, "{rejected}");
    assert_eq!(rejected["order"]["status"], "cancel_rejected");
    assert_eq!(rejected["order"]["deliveryStatus"], "Processing");
    let (status, shipped) = post(&app, &team, &moves, json!({"deliveryStatus": "Shipped"})).await;
    assert_eq!(status, 200, "{shipped}");
    let (status, back) = post(&app, &team, &moves, json!({"deliveryStatus": "Processing"})).await;
    assert_eq!((status, error_code(&back).as_str()), (422, "INVALID_MOVE"));
    assert_eq!(
        back["error"],
        "An order cannot go back from Shipped to Processing."
    );
    let (status, late) = post(
        &app,
        &shopper,
        "/api/cancel-requests/create",
        json!({"orderId": second, "productIndex": 0}),
    )
    .await;
    assert_eq!(
        (status, error_code(&late).as_str()),
        (422, "CANCEL_NOT_ALLOWED")
    );
    assert_eq!(
        late["error"],
        orders::CancelError::AlreadyShipped.to_string().as_str()
    );
    let (status, _) = post(&app, &rival, &moves, json!({"deliveryStatus": "Delivered"})).await;
    assert_eq!(status, 404);
}

/// Polls the shopper's only order until its delivery status is `wanted` (the settler runs every
/// 5 s; a loaded machine may stretch a round).
async fn delivery_becomes(app: &TestApp, shopper: &Session, wanted: &str) {
    let mut seen = String::new();
    for _ in 0..300 {
        seen = orders_of(app, shopper).await[0]["deliveryStatus"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        if seen == wanted {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the order stayed {seen}, never {wanted}");
}

async fn express_orders_follow_the_couriers_and_lapses_follow_the_clock(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("dev@example.in").await;
    let mumbai = add_address(&app, &shopper, "400001").await;
    let (product, size) = product_between(50_000, 140_000, 5);

    // An unpaid reservation lapses once the clock passes its 10 minutes: the settler gives its
    // units back.
    let direct = json!({"source": {"productId": product.id, "size": size, "quantity": 2},
                        "addressId": mumbai, "speed": "express"});
    let before = stock_sum(&app, product, &size);
    let (status, _) = open_payment(&app, &shopper, &direct).await;
    assert_eq!(status, 200);
    assert_eq!(stock_sum(&app, product, &size), before - 2);
    app.advance(chrono::TimeDelta::minutes(11));
    for _ in 0..300 {
        if app.count("orders WHERE stage = 'lapsed'") == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(app.count("orders WHERE stage = 'lapsed'"), 1);
    assert_eq!(stock_sum(&app, product, &size), before);

    // An express order, booked: the simulator's courier ships at 10 minutes, is out for
    // delivery at 30 and delivers at 60; the order follows.
    let (order_id, _) = buy(&app, &shopper, &direct).await;
    let (_, booked) = post(
        &app,
        &shopper,
        "/api/orders/express-delivery",
        json!({"orderId": order_id}),
    )
    .await;
    assert_eq!(booked["success"], true, "{booked}");
    assert_eq!(
        orders_of(&app, &shopper).await[0]["deliveryStatus"],
        "pending"
    );
    app.advance(chrono::TimeDelta::minutes(31));
    delivery_becomes(&app, &shopper, "Out for Delivery").await;
    app.advance(chrono::TimeDelta::minutes(30));
    delivery_becomes(&app, &shopper, "Delivered").await;
}

/// A test server whose refunds wait for the gate.
async fn spawn_gated(backend: Backend) -> (TestApp, std::sync::Arc<PaymentsGate>) {
    let gate = PaymentsGate::new();
    let app = spawn_app_with(
        backend,
        Options {
            payments_gate: Some(gate.clone()),
            ..Options::default()
        },
    )
    .await;
    (app, gate)
}

/// Polls until `from_where` counts `wanted` rows.
async fn rows_become(app: &TestApp, from_where: &str, wanted: i64) {
    let mut seen = 0;
    for _ in 0..300 {
        seen = app.count(from_where);
        if seen == wanted {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{from_where}: {seen} rows, never {wanted}");
}

/// Polls until the server has asked for `wanted` refunds.
async fn refunds_asked(gate: &PaymentsGate, wanted: usize) {
    for _ in 0..300 {
        if gate.asked() >= wanted {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(gate.asked(), wanted);
}

async fn a_payment_refused_for_a_lapsed_checkout_never_places_it(backend: Backend) {
    let (app, gate) = spawn_gated(backend).await;
    let shopper = app.sign_in("late@example.in").await;
    let address = add_address(&app, &shopper, "400001").await;
    let (product, size) = product_between(50_000, 140_000, 6);
    let direct = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                        "addressId": address, "speed": "standard"});
    let (status, opened) = open_payment(&app, &shopper, &direct).await;
    assert_eq!(status, 200, "{opened}");
    let stock = format!(
        "UPDATE product_stock SET quantity = {{}} WHERE product_id = '{}' AND size = '{size}'",
        product.id
    );

    // The reservation runs out and the settler releases it; then the size sells out.
    app.execute_sql("UPDATE orders SET reserved_until = '2020-01-01 00:00:00'");
    rows_become(&app, "orders WHERE stage = 'lapsed'", 1).await;
    app.execute_sql(&stock.replace("{}", "0"));

    // Paid late: refused, and the payment with its refund is on the order before the payment
    // service is asked (which is held here, as a slow service would be).
    let (status, paid) = pay(
        &app,
        &shopper,
        opened["order"]["id"].as_str().expect("id"),
        GOOD_CARD,
    )
    .await;
    assert_eq!(status, 200, "{paid}");
    let payment_id = paid["razorpay_payment_id"].as_str().expect("id").to_owned();
    let first = {
        let (app, shopper, paid) = (&app, &shopper, paid.clone());
        async move { post(app, shopper, "/api/payments/verify", paid).await }
    };
    let (first, ()) = futures_util::future::join(first, async {
        refunds_asked(&gate, 1).await;
        assert_eq!(
            app.count(&format!(
                "orders WHERE stage = 'lapsed' AND payment_id = '{payment_id}' \
                 AND refund_status = 'initiated' AND refund_id IS NULL"
            )),
            1,
            "the refund is recorded before the payment service answers"
        );

        // The units come back (another checkout released them): neither a second verify nor
        // the payment service's webhook places the refunded order, and neither asks for a
        // second refund.
        app.execute_sql(&stock.replace("{}", "5"));
        let (status, again) = post(&app, &shopper, "/api/payments/verify", paid.clone()).await;
        assert_eq!(
            (status, error_code(&again).as_str()),
            (409, "RESERVATION_LAPSED"),
            "{again}"
        );
        rows_become(&app, "payment_events", 1).await;
        assert_eq!(app.count("orders WHERE stage = 'placed'"), 0);
        assert_eq!(gate.asked(), 1);
        gate.open();
    })
    .await;
    assert_eq!(
        (first.0, error_code(&first.1).as_str()),
        (409, "RESERVATION_LAPSED"),
        "{first:?}"
    );
    assert_eq!(app.count("orders WHERE refund_id IS NOT NULL"), 1);
    rows_become(
        &app,
        "orders WHERE refund_status = 'completed' AND payment_status = 'Refunded'",
        1,
    )
    .await;

    // Refunded now, the payment places nothing, whatever the stock.
    let (status, refunded) = post(&app, &shopper, "/api/payments/verify", paid).await;
    assert_eq!(
        (status, error_code(&refunded).as_str()),
        (409, "RESERVATION_LAPSED"),
        "{refunded}"
    );
    assert_eq!(app.count("orders WHERE stage = 'placed'"), 0);
    assert_eq!(gate.asked(), 1);
    assert!(orders_of(&app, &shopper).await.is_empty());
}

/// Two settlers (two API processes) lapse the same expired reservations at once: each lapses
/// once, and its unit comes back on sale once.
async fn two_settlers_lapse_each_reservation_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let (product, size) = product_between(0, i64::MAX, 0);
    let id = ProductId::new(product.id.as_str());
    let ledger = |store: &store::Store| {
        store
            .stock_ledger(&id, &size)
            .expect("the ledger")
            .expect("the size")
    };
    let before = ledger(&app.store());
    for n in 0..3 {
        let shopper = app.sign_in(&format!("lapse{n}@example.in")).await;
        let address = add_address(&app, &shopper, "400001").await;
        let request = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                             "addressId": address, "speed": "standard"});
        let (status, answer) = open_payment(&app, &shopper, &request).await;
        assert_eq!(status, 200, "{answer}");
    }
    assert_eq!(ledger(&app.store()).reserved, before.reserved + 3);
    // Past every reservation's end; the server's own clock stands still, so only these two run.
    let later = crate::helpers::test_now() + chrono::TimeDelta::hours(1);
    let settlers: Vec<_> = (0..2)
        .map(|_| {
            let store = app.store();
            std::thread::spawn(move || store.lapse_expired(later, 100).expect("lapse"))
        })
        .collect();
    let lapsed: usize = settlers
        .into_iter()
        .map(|s| s.join().expect("a settler"))
        .sum();
    assert_eq!(lapsed, 3);
    let after = ledger(&app.store());
    assert_eq!(after.left_for_sale, before.left_for_sale);
    assert_eq!(after.reserved, before.reserved);
    assert_eq!(app.count("orders WHERE stage = 'lapsed'"), 3);
}

async fn racing_refund_starters_ask_the_payment_service_once(backend: Backend) {
    let (app, gate) = spawn_gated(backend).await;
    let shopper = app.sign_in("racer@example.in").await;
    let address = add_address(&app, &shopper, "400001").await;
    let (product, size) = product_between(50_000, 140_000, 7);
    let direct = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                        "addressId": address, "speed": "standard"});
    let (order_id, _) = buy(&app, &shopper, &direct).await;
    let team = app.sign_in("racerteam@example.in").await;
    app.store()
        .set_role(
            &UserId::new(team.id()),
            false,
            true,
            Some(&BrandId::new(product.brand_id.as_str())),
        )
        .expect("role");
    let (status, requested) = post(
        &app,
        &shopper,
        "/api/cancel-requests/create",
        json!({"orderId": order_id, "productIndex": 0}),
    )
    .await;
    assert_eq!(status, 200, "{requested}");

    // Another shopper's checkouts, run out one after the other, show the settler's rounds.
    let other = app.sign_in("other@example.in").await;
    let other_address = add_address(&app, &other, "400001").await;
    let (other_product, other_size) = product_between(50_000, 140_000, 8);
    let other_checkout = json!({"source": {"productId": other_product.id, "size": other_size,
                                           "quantity": 1},
                                "addressId": other_address, "speed": "standard"});

    // The approval asks for the refund and the payment service is slow to answer: meanwhile
    // the settler's rounds find the refund initiated without an id, and leave it to the
    // approval.
    let path = format!("/api/brand/orders/{order_id}/cancellation");
    let review = post(&app, &team, &path, json!({"decision": "approve"}));
    let (approved, ()) = futures_util::future::join(review, async {
        refunds_asked(&gate, 1).await;
        for round in 1..=2 {
            let (status, opened) = open_payment(&app, &other, &other_checkout).await;
            assert_eq!(status, 200, "{opened}");
            app.execute_sql(
                "UPDATE orders SET reserved_until = '2020-01-01 00:00:00' WHERE stage = 'reserved'",
            );
            rows_become(&app, "orders WHERE stage = 'lapsed'", round).await;
        }
        assert_eq!(gate.asked(), 1, "the settler asked for the refund too");
        gate.open();
    })
    .await;
    assert_eq!(approved.0, 200, "{}", approved.1);
    assert_eq!(gate.asked(), 1);
    rows_become(
        &app,
        &format!(
            "orders WHERE id = '{order_id}' AND refund_id IS NOT NULL \
             AND refund_status = 'completed' AND payment_status = 'Refunded'"
        ),
        1,
    )
    .await;
    assert_eq!(gate.asked(), 1);
    assert_eq!(app.count("order_refund_claims"), 0);
}

async fn no_courier_is_booked_for_an_order_being_cancelled_or_cancelled(backend: Backend) {
    let (app, gate) = spawn_gated(backend).await;
    gate.open();
    let shopper = app.sign_in("nocourier@example.in").await;
    let address = add_address(&app, &shopper, "400001").await;
    let (product, size) = product_between(50_000, 140_000, 9);
    let express = json!({"source": {"productId": product.id, "size": size, "quantity": 1},
                         "addressId": address, "speed": "express"});
    let (status, opened) = open_payment(&app, &shopper, &express).await;
    assert_eq!(status, 200, "{opened}");
    let (status, paid) = pay(
        &app,
        &shopper,
        opened["order"]["id"].as_str().expect("id"),
        GOOD_CARD,
    )
    .await;
    assert_eq!(status, 200, "{paid}");
    // The payment service's webhook comes late, when this test sends it.
    gate.mute_webhooks();
    let (status, verified) = post(&app, &shopper, "/api/payments/verify", paid.clone()).await;
    assert_eq!(status, 200, "{verified}");
    let order_id = verified["orderId"]
        .as_str()
        .expect("an order id")
        .to_owned();
    let team = app.sign_in("nocourierteam@example.in").await;
    app.store()
        .set_role(
            &UserId::new(team.id()),
            false,
            true,
            Some(&BrandId::new(product.brand_id.as_str())),
        )
        .expect("role");
    let book = json!({"orderId": order_id});

    // A cancellation request waits: no courier.
    let (status, requested) = post(
        &app,
        &shopper,
        "/api/cancel-requests/create",
        json!({"orderId": order_id, "productIndex": 0}),
    )
    .await;
    assert_eq!(status, 200, "{requested}");
    let (status, refused) =
        post(&app, &shopper, "/api/orders/express-delivery", book.clone()).await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (422, "EXPRESS_NOT_ALLOWED"),
        "{refused}"
    );
    assert_eq!(
        refused["error"],
        orders::ExpressError::CancellationRequested
            .to_string()
            .as_str()
    );

    // Approved and refunded: no courier either, from the shopper or from a late webhook.
    let (status, approved) = post(
        &app,
        &team,
        &format!("/api/brand/orders/{order_id}/cancellation"),
        json!({"decision": "approve"}),
    )
    .await;
    assert_eq!(status, 200, "{approved}");
    let (status, refused) = post(&app, &shopper, "/api/orders/express-delivery", book).await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (422, "EXPRESS_NOT_ALLOWED"),
        "{refused}"
    );
    assert_eq!(
        refused["error"],
        orders::ExpressError::Cancelled.to_string().as_str()
    );
    let payment_id = paid["razorpay_payment_id"].as_str().expect("id");
    let event = gate.captured_event(payment_id);
    let res = app
        .client
        .post(app.url("/api/payments/webhook"))
        .header("Content-Type", "application/json")
        .header(providers::WEBHOOK_SIGNATURE_HEADER, &event.signature)
        .header(providers::WEBHOOK_EVENT_ID_HEADER, &event.event_id)
        .body(event.body)
        .send()
        .await
        .expect("webhook");
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(app.count("payment_events"), 1);
    assert_eq!(app.count("order_shipments"), 0, "no courier was booked");
    assert_eq!(
        orders_of(&app, &shopper).await[0]["deliveryStatus"],
        "Cancelled"
    );
}

async fn a_shopper_holds_one_checkout_and_opens_only_so_many(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("hoarder@example.in").await;
    let address = add_address(&app, &shopper, "400001").await;
    let (product, size) = product_between(50_000, 140_000, 10);
    let (other, other_size) = product_between(160_000, 400_000, 1);
    let before = stock_sum(&app, product, &size);
    let other_before = stock_sum(&app, other, &other_size);
    let checkout = |product: &catalogue::Product, size: &str| {
        json!({"source": {"productId": product.id, "size": size, "quantity": 1},
               "addressId": address, "speed": "standard"})
    };
    let body = at_quoted_total(&app, &shopper, &checkout(product, &size)).await;
    let other_body = at_quoted_total(&app, &shopper, &checkout(other, &other_size)).await;

    // Ten checkouts, of one product then the other: each releases the one before.
    let mut first = None;
    for n in 0..10 {
        let body = if n % 2 == 0 { &body } else { &other_body };
        let (status, opened) =
            post(&app, &shopper, "/api/payments/create-order", body.clone()).await;
        assert_eq!(status, 200, "checkout {n}: {opened}");
        first.get_or_insert(opened);
    }
    assert_eq!(app.count("orders WHERE stage = 'reserved'"), 1);
    assert_eq!(app.count("orders WHERE stage = 'lapsed'"), 9);
    assert_eq!(stock_sum(&app, product, &size), before);
    assert_eq!(stock_sum(&app, other, &other_size), other_before - 1);
    let ledger = app
        .store()
        .stock_ledger(&ProductId::new(other.id.as_str()), &other_size)
        .expect("read")
        .expect("a size");
    assert_eq!(ledger.reserved, 1);

    // Four at once (double taps, open tabs): still one open checkout, one unit held.
    let racing = race_to_pay(&app, vec![(&shopper, other_body.clone()); 4]).await;
    assert!(
        racing.iter().all(|(status, _)| *status == 200),
        "{racing:?}"
    );
    assert_eq!(app.count("orders WHERE stage = 'reserved'"), 1);
    assert_eq!(stock_sum(&app, other, &other_size), other_before - 1);

    // The first checkout, released, paid once its size sold out: refused and refunded, as a
    // lapsed one.
    app.execute_sql(&format!(
        "UPDATE product_stock SET quantity = 0 WHERE product_id = '{}' AND size = '{size}'",
        product.id
    ));
    let first = first.expect("a first checkout");
    let (status, paid) = pay(
        &app,
        &shopper,
        first["order"]["id"].as_str().expect("id"),
        GOOD_CARD,
    )
    .await;
    assert_eq!(status, 200, "{paid}");
    let (status, refused) = post(&app, &shopper, "/api/payments/verify", paid).await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (409, "RESERVATION_LAPSED"),
        "{refused}"
    );
    assert_eq!(
        app.count(&format!(
            "orders WHERE id = '{}' AND stage = 'lapsed' AND refund_status <> 'not_initiated'",
            first["checkoutId"].as_str().expect("id")
        )),
        1
    );

    // The account's limit: 20 an hour, then 429 with Retry-After.
    let mut answered = Vec::new();
    for _ in 14..25 {
        let res = app
            .send(
                Method::POST,
                "/api/payments/create-order",
                Some(other_body.clone()),
                Some(&shopper),
            )
            .await;
        let status = res.status().as_u16();
        let retry_after = res
            .headers()
            .get("Retry-After")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<i64>().ok());
        let answer: Value = res.json().await.expect("json");
        let code = answer["code"].as_str().unwrap_or_default().to_owned();
        answered.push((status, retry_after, code));
    }
    assert!(
        answered[..6].iter().all(|(status, _, _)| *status == 200),
        "{answered:?}"
    );
    for (status, retry_after, code) in &answered[6..] {
        assert_eq!((*status, code.as_str()), (429, "RATE_LIMITED"));
        assert!(
            retry_after.is_some_and(|s| (1..=3600).contains(&s)),
            "{answered:?}"
        );
    }
    assert_eq!(app.count("orders WHERE stage = 'reserved'"), 1);

    // An hour later the shopper checks out again.
    app.advance(chrono::TimeDelta::minutes(61));
    let (status, opened) = post(&app, &shopper, "/api/payments/create-order", other_body).await;
    assert_eq!(status, 200, "{opened}");
}

async fn a_shopper_changes_a_checkout_holding_the_last_unit(backend: Backend) {
    let app = spawn_app(backend).await;
    let (product, size) = product_between(50_000, 140_000, 4);
    app.execute_sql(&format!(
        "UPDATE product_stock SET quantity = 1 WHERE product_id = '{}' AND size = '{size}'",
        product.id
    ));
    let shopper = app.sign_in("lastunit@example.in").await;
    let home = add_address(&app, &shopper, "400001").await;
    let office = add_address(&app, &shopper, "560001").await;
    let other = app.sign_in("latecomer@example.in").await;
    let other_address = add_address(&app, &other, "400001").await;
    let checkout = |address: &str, speed: &str| {
        json!({"source": {"productId": product.id, "size": size, "quantity": 1},
               "addressId": address, "speed": speed})
    };
    // Wait for the catalogue to see the one unit.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let first = at_quoted_total(&app, &shopper, &checkout(&home, "standard")).await;
    let (status, opened) = post(&app, &shopper, "/api/payments/create-order", first.clone()).await;
    assert_eq!(status, 200, "{opened}");
    // Wait for the catalogue to see the unit held.
    tokio::time::sleep(Duration::from_millis(300)).await;

    // Back to change the address, then the speed: the held unit is the shopper's own.
    let (status, opened) = open_payment(&app, &shopper, &checkout(&office, "standard")).await;
    assert_eq!(status, 200, "{opened}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let body = at_quoted_total(&app, &shopper, &checkout(&home, "express")).await;

    // Nobody else sees it for sale, at the quote or at Pay.
    let (status, refused) = post(
        &app,
        &other,
        "/api/checkout/quote",
        checkout(&other_address, "standard"),
    )
    .await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (422, "NOT_ENOUGH_STOCK"),
        "{refused}"
    );
    let mut other_body = checkout(&other_address, "standard");
    other_body["amount"] = first["amount"].clone();
    other_body["currency"] = json!("INR");
    let racing = race_to_pay(&app, vec![(&shopper, body), (&other, other_body)]).await;
    assert_eq!(racing[0].0, 200, "{racing:?}");
    assert_eq!(
        (racing[1].0, error_code(&racing[1].1).as_str()),
        (409, "OUT_OF_STOCK"),
        "{racing:?}"
    );

    let ledger = app
        .store()
        .stock_ledger(&ProductId::new(product.id.as_str()), &size)
        .expect("read")
        .expect("a size");
    assert_eq!((ledger.reserved, stock_sum(&app, product, &size)), (1, 0));
    assert_eq!(
        app.count(&format!(
            "orders WHERE stage = 'reserved' AND user_id = '{}'",
            shopper.id()
        )),
        1
    );
    assert_eq!(app.count("orders WHERE stage = 'reserved'"), 1);

    // A hold that ran out is the shopper's no more: its unit waits to lapse for everyone.
    app.execute_sql("UPDATE orders SET reserved_until = '2020-01-01 00:00:00'");
    let (status, refused) = post(
        &app,
        &shopper,
        "/api/checkout/quote",
        checkout(&home, "standard"),
    )
    .await;
    assert_eq!(
        (status, error_code(&refused).as_str()),
        (422, "NOT_ENOUGH_STOCK"),
        "{refused}"
    );
}

crate::on_both_backends!(
    a_shopper_changes_a_checkout_holding_the_last_unit,
    a_shopper_holds_one_checkout_and_opens_only_so_many,
    no_courier_is_booked_for_an_order_being_cancelled_or_cancelled,
    a_payment_refused_for_a_lapsed_checkout_never_places_it,
    racing_refund_starters_ask_the_payment_service_once,
    express_orders_follow_the_couriers_and_lapses_follow_the_clock,
    bag_checkout_from_quote_to_placed_order,
    a_standard_order_falls_back_and_a_webhook_places_an_unverified_payment,
    racing_buyers_never_oversell,
    coupon_limits_hold_and_lapsed_reservations_give_back,
    cancellation_review_refund_and_delivery_moves,
    two_settlers_lapse_each_reservation_once,
);
