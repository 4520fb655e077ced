//! The bag over HTTP: lines and quantities against stock, the one-brand rule (also under two
//! concurrent adds), switching brands, prices at add and today, and refusals that change
//! nothing.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Session, TestApp, error_code, listed, paise, spawn_app};

/// A listed product with at least two sizes of at least `min` in stock, and another product
/// of its brand; then a product of another brand.
struct Picks {
    first: &'static catalogue::Product,
    second: &'static catalogue::Product,
    other_brand: &'static catalogue::Product,
}

fn sizes_with(product: &catalogue::Product, min: i32) -> Vec<String> {
    product
        .stock
        .iter()
        .filter(|(_, left)| *left >= min)
        .map(|(size, _)| size.clone())
        .collect()
}

fn picks() -> Picks {
    let products = listed();
    let first = products
        .iter()
        .copied()
        .find(|p| {
            sizes_with(p, 3).len() >= 2
                && products.iter().any(|q| {
                    q.brand_id == p.brand_id && q.id != p.id && !sizes_with(q, 1).is_empty()
                })
        })
        .expect("a product with two sizes in stock and a sibling");
    let second = products
        .iter()
        .copied()
        .find(|q| q.brand_id == first.brand_id && q.id != first.id && !sizes_with(q, 1).is_empty())
        .expect("a sibling");
    let other_brand = products
        .iter()
        .copied()
        .find(|q| q.brand_id != first.brand_id && !sizes_with(q, 2).is_empty())
        .expect("another brand");
    Picks {
        first,
        second,
        other_brand,
    }
}

fn brand_name(product: &catalogue::Product) -> String {
    crate::helpers::demo()
        .brands
        .iter()
        .find(|b| b.id == product.brand_id)
        .expect("brand")
        .name
        .clone()
}

fn stock(product: &catalogue::Product, size: &str) -> i32 {
    product
        .stock
        .iter()
        .find(|(s, _)| s == size)
        .map(|(_, left)| *left)
        .expect("size")
}

fn unit_paise(product: &catalogue::Product) -> i64 {
    bag::unit_price(
        pricing::Money::from_paise(product.price_paise),
        product.offer_percentage,
    )
    .paise()
}

async fn bag(app: &TestApp, session: &Session) -> Value {
    let (status, body) = app
        .send_json(Method::GET, "/api/cart", None, Some(session))
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn add(
    app: &TestApp,
    session: &Session,
    product: &catalogue::Product,
    size: &str,
    quantity: u32,
) -> (u16, Value) {
    app.send_json(
        Method::POST,
        "/api/cart/items",
        Some(json!({"productId": product.id, "size": size, "quantity": quantity})),
        Some(session),
    )
    .await
}

fn lines(bag: &Value) -> Vec<(String, String, u64)> {
    bag["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| {
            (
                item["product"]["_id"].as_str().expect("id").to_owned(),
                item["size"].as_str().expect("size").to_owned(),
                item["quantity"].as_u64().expect("quantity"),
            )
        })
        .collect()
}

fn line(product: &catalogue::Product, size: &str, quantity: u64) -> (String, String, u64) {
    (product.id.clone(), size.to_owned(), quantity)
}

fn item_path(product: &catalogue::Product, size: &str) -> String {
    format!("/api/cart/items/{}/{size}", product.id)
}

async fn an_empty_bag_and_the_session_it_needs(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let empty = bag(&app, &shopper).await;
    assert_eq!(
        empty,
        json!({"items": [], "totalAmount": {"$numberDecimal": "0.00"}, "totalItems": 0,
               "brand": null, "priceChanged": false})
    );
    let p = picks();
    let size = sizes_with(p.first, 1)[0].clone();
    for (method, path) in [
        (Method::GET, "/api/cart".to_owned()),
        (Method::DELETE, "/api/cart".to_owned()),
        (Method::DELETE, "/api/cart/delete".to_owned()),
        (Method::POST, "/api/cart/items".to_owned()),
        (Method::POST, "/api/cart/switch-brand".to_owned()),
        (Method::PUT, item_path(p.first, &size)),
        (Method::DELETE, item_path(p.first, &size)),
    ] {
        let body = json!({"productId": p.first.id, "size": size, "quantity": 1});
        let (status, answer) = app.send_json(method.clone(), &path, Some(body), None).await;
        assert_eq!(
            (status, error_code(&answer)),
            (401, "UNAUTHENTICATED".to_owned()),
            "{method} {path}"
        );
    }
    let (status, answer) = app
        .send_json(Method::PATCH, "/api/cart", None, Some(&shopper))
        .await;
    assert_eq!(
        (status, error_code(&answer)),
        (405, "METHOD_NOT_ALLOWED".into())
    );
}

async fn lines_quantities_and_totals(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let p = picks();
    let sizes = sizes_with(p.first, 3);
    let (a, b) = (&sizes[0], &sizes[1]);
    let sibling_size = sizes_with(p.second, 1)[0].clone();

    assert_eq!(add(&app, &shopper, p.first, a, 1).await.0, 200);
    assert_eq!(add(&app, &shopper, p.first, b, 2).await.0, 200);
    assert_eq!(add(&app, &shopper, p.second, &sibling_size, 1).await.0, 200);
    let (status, answer) = add(&app, &shopper, p.first, a, 1).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        lines(&answer),
        [
            line(p.first, a, 2),
            line(p.first, b, 2),
            line(p.second, &sibling_size, 1)
        ],
        "the same product and size is one line; lines keep the order they were added in"
    );
    assert_eq!(
        answer,
        bag(&app, &shopper).await,
        "every change answers the bag"
    );
    assert_eq!(answer["totalItems"], 5);
    assert_eq!(
        paise(&answer["totalAmount"]),
        4 * unit_paise(p.first) + unit_paise(p.second)
    );
    assert_eq!(answer["brand"]["_id"], p.first.brand_id.as_str());
    assert_eq!(answer["brand"]["name"], brand_name(p.first));
    let first = &answer["items"][0];
    assert_eq!(first["product"]["name"], p.first.name.as_str());
    assert_eq!(first["product"]["brand"]["name"], brand_name(p.first));
    assert_eq!(paise(&first["product"]["price"]), p.first.price_paise);
    assert_eq!(
        first["product"]["offerPercentage"],
        p.first.offer_percentage
    );
    assert!(first["product"]["images"][0].is_string());
    assert_eq!(paise(&first["priceAtAdd"]), unit_paise(p.first));
    assert_eq!(paise(&first["unitPrice"]), unit_paise(p.first));
    assert_eq!(paise(&first["lineTotal"]), 2 * unit_paise(p.first));
    assert_eq!(first["priceChanged"], false);
    assert_eq!(first["inStock"], stock(p.first, a));

    let (status, answer) = app
        .send_json(
            Method::PUT,
            &item_path(p.first, a),
            Some(json!({"quantity": 3})),
            Some(&shopper),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(lines(&answer)[0], line(p.first, a, 3));
    let (status, answer) = app
        .send_json(
            Method::PUT,
            &item_path(p.first, b),
            Some(json!({"quantity": 0})),
            Some(&shopper),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        lines(&answer),
        [line(p.first, a, 3), line(p.second, &sibling_size, 1)],
        "quantity 0 takes the line out"
    );
    let (status, answer) = app
        .send_json(
            Method::DELETE,
            &item_path(p.second, &sibling_size),
            None,
            Some(&shopper),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(lines(&answer), [line(p.first, a, 3)]);
    for method in [Method::DELETE, Method::PUT] {
        let (status, answer) = app
            .send_json(
                method.clone(),
                &item_path(p.second, &sibling_size),
                Some(json!({"quantity": 1})),
                Some(&shopper),
            )
            .await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (404, Some("That item is not in your bag.")),
            "{method}"
        );
    }

    for path in ["/api/cart", "/api/cart/delete"] {
        assert_eq!(add(&app, &shopper, p.first, b, 1).await.0, 200);
        let (status, answer) = app
            .send_json(
                Method::DELETE,
                path,
                Some(json!({"phone": "9999999999"})),
                Some(&shopper),
            )
            .await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(answer["items"], json!([]), "{path}");
        assert_eq!(answer["brand"], Value::Null);
        assert_eq!(app.count("bag_lines"), 0);
    }
}

async fn stock_limits_and_refusals_change_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let p = picks();
    let size = sizes_with(p.first, 3)[0].clone();
    let left = stock(p.first, &size);
    let most = left.min(99);
    assert_eq!(add(&app, &shopper, p.first, &size, 2).await.0, 200);
    let before = bag(&app, &shopper).await;

    let too_many = u32::try_from(left - 1).expect("positive");
    let (status, answer) = add(&app, &shopper, p.first, &size, too_many.min(99)).await;
    if left - 1 <= 99 {
        assert_eq!(
            (status, error_code(&answer)),
            (422, "NOT_ENOUGH_STOCK".into())
        );
        assert_eq!(answer["error"], format!("Only {most} left in size {size}."));
        assert_eq!(answer["available"], most);
    } else {
        assert_eq!(
            (status, error_code(&answer)),
            (422, "QUANTITY_LIMIT".into())
        );
    }
    let (status, answer) = app
        .send_json(
            Method::PUT,
            &item_path(p.first, &size),
            Some(json!({"quantity": left + 1})),
            Some(&shopper),
        )
        .await;
    let expected = if left < 99 {
        (422, "NOT_ENOUGH_STOCK")
    } else {
        (400, "INVALID_QUANTITY")
    };
    assert_eq!((status, error_code(&answer).as_str()), expected, "{answer}");

    let product = p.first.id.as_str();
    let refusals: Vec<(Value, u16, &str, &str)> = vec![
        (
            json!({"size": size}),
            400,
            "INVALID_PRODUCT_ID",
            "productId is required",
        ),
        (
            json!({"productId": " ", "size": size}),
            400,
            "INVALID_PRODUCT_ID",
            "productId is required",
        ),
        (
            json!({"productId": product}),
            400,
            "INVALID_SIZE",
            "size is required",
        ),
        (
            json!({"productId": product, "size": "  "}),
            400,
            "INVALID_SIZE",
            "size is required",
        ),
        (
            json!({"productId": product, "size": "XXXL"}),
            400,
            "INVALID_SIZE",
            "This product does not come in size XXXL.",
        ),
        (
            json!({"productId": product, "size": size, "quantity": 0}),
            400,
            "INVALID_QUANTITY",
            "quantity must be a whole number from 1 to 99",
        ),
        (
            json!({"productId": product, "size": size, "quantity": 100}),
            400,
            "INVALID_QUANTITY",
            "quantity must be a whole number from 1 to 99",
        ),
        (
            json!({"productId": product, "size": size, "quantity": -1}),
            400,
            "INVALID_QUANTITY",
            "quantity must be a whole number from 1 to 99",
        ),
        (
            json!({"productId": product, "size": size, "quantity": 1.5}),
            400,
            "INVALID_QUANTITY",
            "quantity must be a whole number from 1 to 99",
        ),
        (
            json!({"productId": product, "size": size, "quantity": "2"}),
            400,
            "INVALID_QUANTITY",
            "quantity must be a whole number from 1 to 99",
        ),
        (
            json!({"productId": "no-such-product", "size": size}),
            404,
            "NOT_FOUND",
            "Product not found.",
        ),
    ];
    for path in ["/api/cart/items", "/api/cart/switch-brand"] {
        for (body, status, code, message) in &refusals {
            let (got, answer) = app
                .send_json(Method::POST, path, Some(body.clone()), Some(&shopper))
                .await;
            assert_eq!(
                (got, error_code(&answer), answer["error"].as_str()),
                (*status, (*code).to_owned(), Some(*message)),
                "{path} {body}"
            );
        }
    }
    for quantity in [json!(-1), json!(100), json!(2.5), json!("3"), json!(null)] {
        let (status, answer) = app
            .send_json(
                Method::PUT,
                &item_path(p.first, &size),
                Some(json!({"quantity": quantity})),
                Some(&shopper),
            )
            .await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some("quantity must be a whole number from 0 to 99")),
            "{quantity}"
        );
    }
    assert_eq!(bag(&app, &shopper).await, before, "refusals change nothing");

    let (status, answer) = add(&app, &shopper, p.first, &size, 1).await;
    assert_eq!(status, 200);
    assert_eq!(
        lines(&answer),
        [line(p.first, &size, 3)],
        "a quantity defaults to 1 only when absent"
    );
    let (status, answer) = app
        .send_json(
            Method::POST,
            "/api/cart/items",
            Some(json!({"productId": p.first.id, "size": size})),
            Some(&shopper),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(lines(&answer), [line(p.first, &size, 4)]);
}

async fn a_sold_out_size_and_a_changed_price(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let p = picks();
    let sizes = sizes_with(p.first, 3);
    let (kept, sold_out) = (&sizes[0], &sizes[1]);
    assert_eq!(add(&app, &shopper, p.first, kept, 2).await.0, 200);
    let new_price = p.first.price_paise + 10_000;
    app.execute_sql(&format!(
        "UPDATE products SET price_paise = {new_price} WHERE id = '{id}';
         UPDATE product_stock SET quantity = 0 WHERE product_id = '{id}' AND size = '{sold_out}';
         INSERT INTO catalogue_changes (product_id, changed_at) VALUES ('{id}', '2026-11-23 10:00:00');",
        id = p.first.id
    ));
    let deadline = Instant::now() + Duration::from_secs(10);
    let changed = loop {
        let answer = bag(&app, &shopper).await;
        if answer["priceChanged"] == true {
            break answer;
        }
        assert!(
            Instant::now() < deadline,
            "the price change never reached the bag"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let today = bag::unit_price(
        pricing::Money::from_paise(new_price),
        p.first.offer_percentage,
    )
    .paise();
    let item = &changed["items"][0];
    assert_eq!(
        paise(&item["priceAtAdd"]),
        unit_paise(p.first),
        "what it cost when added"
    );
    assert_eq!(paise(&item["unitPrice"]), today);
    assert_eq!(item["priceChanged"], true);
    assert_eq!(
        paise(&changed["totalAmount"]),
        2 * today,
        "totals use today's price"
    );

    let (status, answer) = add(&app, &shopper, p.first, sold_out, 1).await;
    assert_eq!(
        (status, error_code(&answer)),
        (422, "NOT_ENOUGH_STOCK".into())
    );
    assert_eq!(answer["error"], format!("Size {sold_out} is out of stock."));
    assert_eq!(answer["available"], 0);

    app.execute_sql(&format!(
        "UPDATE brands SET is_active = FALSE WHERE id = '{brand}';
         INSERT INTO catalogue_changes (product_id, changed_at) VALUES (NULL, '2026-11-23 10:01:00');",
        brand = p.first.brand_id
    ));
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = bag(&app, &shopper).await;
        if answer["items"] == json!([]) {
            assert_eq!(answer["brand"], Value::Null);
            break;
        }
        assert!(
            Instant::now() < deadline,
            "a hidden brand's lines stay in the bag"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let size = sizes_with(p.other_brand, 1)[0].clone();
    let (status, answer) = add(&app, &shopper, p.other_brand, &size, 1).await;
    assert_eq!(
        status, 200,
        "a bag of hidden products holds no brand: {answer}"
    );
    assert_eq!(lines(&answer), [line(p.other_brand, &size, 1)]);
}

async fn one_brand_per_bag_and_switching(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let p = picks();
    let size = sizes_with(p.first, 3)[0].clone();
    let other_size = sizes_with(p.other_brand, 2)[0].clone();
    assert_eq!(add(&app, &shopper, p.first, &size, 2).await.0, 200);
    let before = bag(&app, &shopper).await;

    let (status, answer) = add(&app, &shopper, p.other_brand, &other_size, 1).await;
    assert_eq!(
        (status, error_code(&answer)),
        (409, "BRAND_CONFLICT".into())
    );
    let (current, new) = (brand_name(p.first), brand_name(p.other_brand));
    assert_eq!(
        answer["error"],
        format!("Your bag has items from {current}. Switch to {new}?")
    );
    assert_eq!(
        answer["currentBrand"],
        json!({"_id": p.first.brand_id, "name": current})
    );
    assert_eq!(
        answer["newBrand"],
        json!({"_id": p.other_brand.brand_id, "name": new})
    );
    assert_eq!(
        bag(&app, &shopper).await,
        before,
        "a conflict changes nothing"
    );

    let (status, answer) = app
        .send_json(
            Method::POST,
            "/api/cart/switch-brand",
            Some(json!({"productId": p.other_brand.id, "size": other_size,
                        "quantity": (stock(p.other_brand, &other_size) + 1).min(100)})),
            Some(&shopper),
        )
        .await;
    assert!(matches!(status, 400 | 422), "{answer}");
    assert_eq!(
        bag(&app, &shopper).await,
        before,
        "a refused switch keeps the bag"
    );

    let (status, answer) = app
        .send_json(
            Method::POST,
            "/api/cart/switch-brand",
            Some(json!({"productId": p.other_brand.id, "size": other_size, "quantity": 2})),
            Some(&shopper),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(lines(&answer), [line(p.other_brand, &other_size, 2)]);
    assert_eq!(answer["brand"]["name"], brand_name(p.other_brand));
}

/// Two adds of different brands at once: one wins, the other meets the conflict, and the bag
/// never holds two brands. Repeated, so the two really overlap on some rounds.
async fn two_concurrent_adds_of_different_brands(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("asha@example.in").await;
    let p = picks();
    let size = sizes_with(p.first, 1)[0].clone();
    let other_size = sizes_with(p.other_brand, 1)[0].clone();
    for round in 0..12 {
        let (status, _) = app
            .send_json(Method::DELETE, "/api/cart", None, Some(&shopper))
            .await;
        assert_eq!(status, 200);
        let ((a, _), (b, _)) = tokio::join!(
            add(&app, &shopper, p.first, &size, 1),
            add(&app, &shopper, p.other_brand, &other_size, 1),
        );
        let mut statuses = [a, b];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}");
        let answer = bag(&app, &shopper).await;
        assert_eq!(lines(&answer).len(), 1, "round {round}: {answer}");
        let winner = if a == 200 { p.first } else { p.other_brand };
        assert_eq!(
            answer["brand"]["_id"],
            winner.brand_id.as_str(),
            "round {round}"
        );
    }
}

crate::on_both_backends!(
    an_empty_bag_and_the_session_it_needs,
    lines_quantities_and_totals,
    stock_limits_and_refusals_change_nothing,
    a_sold_out_size_and_a_changed_price,
    one_brand_per_bag_and_switching,
    two_concurrent_adds_of_different_brands,
);
