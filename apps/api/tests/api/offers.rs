//! Coupons over HTTP: checking a code against the bag or a direct buy (every refusal with its
//! message), usage limits as recorded in the database, My Offers, and that nothing is
//! written.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Session, TestApp, demo, error_code, listed, paise, spawn_app};

fn unit_paise(product: &catalogue::Product) -> i64 {
    bag::unit_price(
        pricing::Money::from_paise(product.price_paise),
        product.offer_percentage,
    )
    .paise()
}

fn brand_id(name: &str) -> String {
    demo()
        .brands
        .iter()
        .find(|b| b.name == name)
        .map(|b| b.id.clone())
        .expect("a demo brand")
}

/// A listed product of the brand called `name`, or of another brand when `of` is false.
fn product_of(name: &str, of: bool) -> &'static catalogue::Product {
    let brand = brand_id(name);
    listed()
        .into_iter()
        .find(|p| (p.brand_id == brand) == of && unit_paise(p) < 150_000)
        .expect("a product under ₹1,500")
}

fn in_stock(product: &catalogue::Product) -> String {
    product
        .stock
        .iter()
        .find(|(_, left)| *left > 0)
        .map(|(size, _)| size.clone())
        .expect("a size in stock")
}

async fn validate(
    app: &TestApp,
    session: Option<&Session>,
    code: &str,
    body: Value,
) -> (u16, Value) {
    app.send_json(
        Method::POST,
        &format!("/api/offers/coupon/{code}/validate-cart"),
        Some(body),
        session,
    )
    .await
}

async fn refused(
    app: &TestApp,
    session: &Session,
    code: &str,
    body: Value,
) -> (u16, String, Value) {
    let (status, answer) = validate(app, Some(session), code, body).await;
    (status, error_code(&answer), answer["error"].clone())
}

fn direct(product: &catalogue::Product, quantity: u32) -> Value {
    json!({"cartItems": [{"product": {"_id": product.id}, "size": in_stock(product),
                          "quantity": quantity}]})
}

async fn bag_and_direct_buy_are_priced_from_the_catalogue(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let first = product_of("Monsoon Mill", false);

    // The empty bag; and an empty direct buy.
    assert_eq!(
        refused(&app, &shopper, "STYLE20", json!({})).await,
        (
            422,
            "EMPTY_CART".to_owned(),
            json!("Your cart is empty. Please add items before placing an order.")
        )
    );
    assert_eq!(
        refused(&app, &shopper, "STYLE20", json!({"cartItems": []}))
            .await
            .1,
        "EMPTY_CART"
    );

    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/cart/items",
            Some(json!({"productId": first.id, "size": in_stock(first), "quantity": 2})),
            Some(&shopper),
        )
        .await;
    assert_eq!(status, 200);
    let bag_subtotal = unit_paise(first) * 2;
    // The code in any case, with spaces; another shopper's id in the body changes nothing.
    let (status, body) = validate(
        &app,
        Some(&shopper),
        "%20style20%20",
        json!({"userId": "someone-else"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Coupon applied");
    let offer = &body["data"]["offer"];
    assert_eq!(offer["coupon_code"], "STYLE20");
    assert_eq!(offer["discount_type"], "percentage");
    assert_eq!(offer["discount_value"], 20);
    assert_eq!(offer["max_discount_amount"], Value::Null);
    assert_eq!(paise(&offer["min_order_value"]), 0);
    assert_eq!(offer["is_active"], true);
    assert_eq!(offer["is_currently_valid"], true);
    assert!(offer["_id"].as_str().is_some_and(|id| !id.is_empty()));
    assert!(offer["title"].as_str().is_some_and(|t| !t.is_empty()));
    assert_eq!(paise(&offer["subtotal"]), bag_subtotal);
    let twenty_percent = pricing::Money::from_paise(bag_subtotal)
        .percentage(pricing::Percent::from_whole(20).expect("20%"))
        .paise();
    assert_eq!(paise(&offer["discount"]), twenty_percent);

    // A direct buy prices its items, not the bag; a client's brand and price are ignored.
    let other = listed()
        .into_iter()
        .find(|p| p.id != first.id)
        .expect("another product");
    let (status, body) = validate(
        &app,
        Some(&shopper),
        "FLAT200",
        json!({"cartItems": [{"product": {"_id": other.id, "brand": "x", "price": 1},
                              "quantity": 3}]}),
    )
    .await;
    let subtotal = unit_paise(other) * 3;
    if subtotal >= 99_900 {
        assert_eq!(status, 200, "{body}");
        assert_eq!(paise(&body["data"]["offer"]["subtotal"]), subtotal);
        assert_eq!(paise(&body["data"]["offer"]["discount"]), 20_000);
        assert_eq!(body["data"]["offer"]["discount_type"], "fixed");
        assert_eq!(paise(&body["data"]["offer"]["discount_value"]), 20_000);
    } else {
        assert_eq!(status, 422, "{body}");
    }
    // Quantity defaults to 1.
    let (status, body) = validate(
        &app,
        Some(&shopper),
        "STYLE20",
        json!({"cartItems": [{"product": {"_id": other.id}}]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(paise(&body["data"]["offer"]["subtotal"]), unit_paise(other));

    // Unknown products and malformed items.
    let (status, body) = validate(
        &app,
        Some(&shopper),
        "STYLE20",
        json!({"cartItems": [{"product": {"_id": "no-such-product"}}]}),
    )
    .await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("Product not found."))
    );
    assert_eq!(
        refused(
            &app,
            &shopper,
            "STYLE20",
            json!({"cartItems": [{"quantity": 1}]})
        )
        .await
        .1,
        "INVALID_PRODUCT_ID"
    );
    assert_eq!(
        refused(
            &app,
            &shopper,
            "STYLE20",
            json!({"cartItems": [{"product": {"_id": other.id}, "quantity": 0}]})
        )
        .await
        .1,
        "INVALID_QUANTITY"
    );

    // Nothing is written.
    assert_eq!(app.count("coupon_uses"), 0);
    assert_eq!(app.count("coupons WHERE times_used > 0"), 0);
}

async fn every_refusal_has_its_message(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let cheap = product_of("Monsoon Mill", false);
    let monsoon = product_of("Monsoon Mill", true);
    let small = direct(cheap, 1);

    assert_eq!(
        refused(&app, &shopper, "%20%20", small.clone()).await,
        (
            400,
            "COUPON_REQUIRED".to_owned(),
            json!("Please enter a coupon code")
        )
    );
    for code in ["NOSUCHCODE", "DIWALI40", "welcome100", "a.b"] {
        assert_eq!(
            refused(&app, &shopper, code, small.clone()).await,
            (
                422,
                "COUPON_INVALID".to_owned(),
                json!("Invalid coupon code")
            ),
            "{code}: unknown, expired, inactive or malformed"
        );
    }
    assert_eq!(
        refused(&app, &shopper, "MONSOON15", small.clone()).await,
        (
            422,
            "COUPON_BRAND".to_owned(),
            json!("This coupon is not valid for the brand in your bag")
        )
    );
    let (status, body) = validate(&app, Some(&shopper), "MONSOON15", direct(monsoon, 1)).await;
    assert_eq!(status, 200, "the brand's own product: {body}");
    assert_eq!(
        refused(&app, &shopper, "FLAT300", small.clone()).await,
        (
            422,
            "COUPON_MIN_ORDER".to_owned(),
            json!("Minimum order value of ₹1,500 required")
        )
    );

    // Enough of it to pass ₹1,500, and the coupon's fifty uses all taken.
    let enough = u32::try_from(150_000 / unit_paise(cheap) + 1).expect("a quantity");
    let big = direct(cheap, enough);
    let (status, body) = validate(&app, Some(&shopper), "FLAT300", big.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(paise(&body["data"]["offer"]["discount"]), 30_000);
    app.execute_sql("UPDATE coupons SET times_used = 50 WHERE code = 'FLAT300'");
    assert_eq!(
        refused(&app, &shopper, "FLAT300", big.clone()).await,
        (
            422,
            "COUPON_EXHAUSTED".to_owned(),
            json!("This coupon has reached its usage limit.")
        )
    );

    // FIRST50 once per shopper: usable until an order of this shopper used it.
    let (status, body) = validate(&app, Some(&shopper), "FIRST50", small.clone()).await;
    assert_eq!(status, 200, "{body}");
    app.execute_sql(&format!(
        "INSERT INTO coupon_uses (coupon_id, user_id, order_id, used_at) \
         SELECT id, '{}', 'order-1', '2026-11-20 10:00:00' FROM coupons WHERE code = 'FIRST50'",
        shopper.id()
    ));
    assert_eq!(
        refused(&app, &shopper, "first50", small.clone()).await,
        (
            422,
            "COUPON_USED".to_owned(),
            json!("You have already used this coupon.")
        )
    );
    let someone = app.sign_in("ravi@example.in").await;
    let (status, body) = validate(&app, Some(&someone), "FIRST50", small.clone()).await;
    assert_eq!(status, 200, "another shopper still may: {body}");

    // Without a session.
    let (status, _) = validate(&app, None, "STYLE20", small).await;
    assert_eq!(status, 401);
    let (status, _) = app
        .send_json(Method::GET, "/api/offers/mine", None, None)
        .await;
    assert_eq!(status, 401);
}

fn find<'a>(offers: &'a Value, code: &str) -> Option<&'a Value> {
    offers
        .as_array()
        .expect("an array")
        .iter()
        .find(|o| o["coupon_code"] == code)
}

async fn my_offers_are_the_usable_ones_with_their_rules(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let mine = || async {
        let (status, body) = app
            .send_json(Method::GET, "/api/offers/mine", None, Some(&shopper))
            .await;
        assert_eq!(status, 200, "{body}");
        body
    };
    let offers = mine().await;
    for gone in ["DIWALI40", "WELCOME100"] {
        assert!(find(&offers, gone).is_none(), "{gone} is not usable");
    }
    let first = find(&offers, "FIRST50").expect("FIRST50");
    assert_eq!(
        first["rules"],
        json!([
            "50% off, up to ₹500",
            "Until 31 Dec 2030",
            "Once per shopper"
        ])
    );
    assert_eq!(paise(&first["max_discount_amount"]), 50_000);
    assert_eq!(first["is_currently_valid"], true);
    assert!(first.get("discount").is_none());
    assert_eq!(
        find(&offers, "FLAT300").expect("FLAT300")["rules"],
        json!([
            "₹300 off",
            "On orders of ₹1,500 or more",
            "Until 31 Dec 2030",
            "First 50 orders"
        ])
    );
    assert_eq!(
        find(&offers, "MONSOON15").expect("MONSOON15")["rules"],
        json!([
            "15% off, up to ₹300",
            "Only on Monsoon Mill",
            "Until 31 Dec 2030"
        ])
    );

    app.execute_sql(&format!(
        "INSERT INTO coupon_uses (coupon_id, user_id, order_id, used_at) \
         SELECT id, '{}', 'order-1', '2026-11-20 10:00:00' FROM coupons WHERE code = 'FIRST50'",
        shopper.id()
    ));
    app.execute_sql("UPDATE coupons SET times_used = 50 WHERE code = 'FLAT300'");
    let offers = mine().await;
    assert!(find(&offers, "FIRST50").is_none(), "used once already");
    assert!(find(&offers, "FLAT300").is_none(), "no uses left");
    assert!(find(&offers, "STYLE20").is_some());
}

crate::on_both_backends!(
    bag_and_direct_buy_are_priced_from_the_catalogue,
    every_refusal_has_its_message,
    my_offers_are_the_usable_ones_with_their_rules,
);
