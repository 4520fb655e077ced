//! The brand console's insights over HTTP, on both databases: the summary, products, one
//! product's days and the low-stock list, against orders, refunds, swipes, bag adds and feed
//! cards the test makes through the API; IST day boundaries; who may see which brand; bad
//! periods, limits, sorts and thresholds.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{add_address, add_to_bag, buy, product_between};
use crate::helpers::{Backend, Session, TestApp, demo, error_code, listed, paise, spawn_app};

crate::on_both_backends!(
    figures_follow_orders_refunds_and_swipes_by_ist_day,
    shoppers_count_once_and_return_across_the_period_edge,
    cards_shown_are_counted_in_memory_and_written_together,
    a_brand_sees_only_itself_and_an_admin_any_brand,
    bad_periods_limits_sorts_and_thresholds_are_refused_by_field,
);

async fn get(app: &TestApp, session: &Session, path: &str) -> (u16, Value) {
    app.send_json(Method::GET, path, None, Some(session)).await
}

async fn post(app: &TestApp, session: &Session, path: &str, body: Value) -> (u16, Value) {
    app.send_json(Method::POST, path, Some(body), Some(session))
        .await
}

/// A brand user of `brand` (or an admin, without one), signed in.
async fn staff(app: &TestApp, email: &str, brand: Option<&str>) -> Session {
    let role = if brand.is_some() {
        access::Role::BrandUser
    } else {
        access::Role::Admin
    };
    api::admin::grant_role(&app.store(), email, role, brand, crate::helpers::test_now())
        .expect("granted");
    app.sign_in(email).await
}

async fn swipe(app: &TestApp, shopper: &Session, product: &str, action: &str) {
    let (status, body) = post(
        app,
        shopper,
        "/api/analytics/track-swipe",
        json!({"productId": product, "action": action}),
    )
    .await;
    assert!(status == 200 || status == 201, "{body}");
}

/// The total of the shopper's order `order_id`, in paise.
async fn total_of(app: &TestApp, shopper: &Session, order_id: &str) -> i64 {
    let (status, answer) = get(app, shopper, &format!("/api/orders/user/{}", shopper.id())).await;
    assert_eq!(status, 200, "{answer}");
    let order = answer["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .find(|o| o["_id"] == order_id)
        .expect("the order")
        .clone();
    paise(&order["totalAmount"])
}

async fn figures_follow_orders_refunds_and_swipes_by_ist_day(backend: Backend) {
    let app = spawn_app(backend).await;
    let (product, size) = product_between(50_000, 140_000, 1);
    let brand = product.brand_id.as_str();
    let other = listed()
        .into_iter()
        .find(|p| p.brand_id == product.brand_id && p.id != product.id)
        .expect("another product of the brand");
    let team = staff(&app, "team@example.in", Some(brand)).await;
    let asha = app.onboarded("asha@example.in").await;
    let ravi = app.onboarded("ravi@example.in").await;
    let asha_address = add_address(&app, &asha, "400001").await;
    let ravi_address = add_address(&app, &ravi, "400001").await;
    let from_bag =
        |address: &str| json!({"source": "bag", "addressId": address, "speed": "standard"});

    // 18:29 UTC is 23:59 in India, on the 23rd.
    app.advance(chrono::TimeDelta::minutes(8 * 60 + 29));
    let (status, cards) = get(&app, &asha, "/api/products/feed?limit=12").await;
    assert_eq!(status, 200, "{cards}");
    let shown = cards
        .as_array()
        .expect("cards")
        .iter()
        .filter(|c| c["brand"]["_id"] == brand)
        .count() as i64;
    swipe(&app, &asha, &product.id, "like").await;
    add_to_bag(&app, &asha, product, &size, 1).await;
    let (first, _) = buy(&app, &asha, &from_bag(&asha_address)).await;
    let first = total_of(&app, &asha, &first).await;

    // Two minutes later it is the 24th in India.
    app.advance(chrono::TimeDelta::minutes(2));
    swipe(&app, &ravi, &product.id, "dislike").await;
    swipe(&app, &ravi, &other.id, "like").await;
    let (status, _) = app
        .send_json(
            Method::DELETE,
            "/api/analytics/swipes/last",
            None,
            Some(&ravi),
        )
        .await;
    assert_eq!(status, 200, "the like of the other product undone");
    add_to_bag(&app, &ravi, product, &size, 2).await;
    let (ravis, _) = buy(&app, &ravi, &from_bag(&ravi_address)).await;
    let ravis_total = total_of(&app, &ravi, &ravis).await;
    add_to_bag(&app, &asha, product, &size, 1).await;
    let (second, _) = buy(&app, &asha, &from_bag(&asha_address)).await;
    let second = total_of(&app, &asha, &second).await;

    // Ravi's order is cancelled and refunded the same (Indian) day.
    let (status, requested) = post(
        &app,
        &ravi,
        "/api/cancel-requests/create",
        json!({"orderId": ravis, "productId": product.id, "productIndex": 0, "reason": "Too big"}),
    )
    .await;
    assert_eq!(status, 200, "{requested}");
    let (status, approved) = post(
        &app,
        &team,
        &format!("/api/brand/orders/{ravis}/cancellation"),
        json!({"decision": "approve"}),
    )
    .await;
    assert_eq!(status, 200, "{approved}");
    let refunded = format!("insight_refunds WHERE order_id = '{ravis}'");
    for _ in 0..300 {
        if app.count(&refunded) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        app.count(&refunded),
        1,
        "the refund completed and was counted"
    );
    // The settler writing the completed status again counts nothing more.
    app.store()
        .set_refund(
            &store::ids::OrderId::from(ravis.as_str()),
            None,
            orders::RefundStatus::Completed,
            Some(orders::PaymentStatus::Refunded),
            crate::helpers::test_now() + chrono::TimeDelta::days(3),
        )
        .expect("written again");
    assert_eq!(app.count(&refunded), 1);

    // The two days.
    let (status, both) = get(
        &app,
        &team,
        "/api/brand/insights/summary?from=2026-11-23&to=2026-11-24",
    )
    .await;
    assert_eq!(status, 200, "{both}");
    assert_eq!(
        (both["from"].as_str(), both["to"].as_str()),
        (Some("2026-11-23"), Some("2026-11-24"))
    );
    assert_eq!(paise(&both["revenue"]), first + second + ravis_total);
    assert_eq!(paise(&both["refunds"]), ravis_total);
    assert_eq!(paise(&both["netRevenue"]), first + second);
    assert_eq!(both["orders"], 3);
    assert_eq!(both["units"], 4);
    assert_eq!(
        paise(&both["averageOrderValue"]),
        (first + second + ravis_total + 1) / 3
    );
    assert_eq!(
        (
            both["shoppers"].as_i64(),
            both["returningShoppers"].as_i64()
        ),
        (Some(2), Some(0))
    );
    assert_eq!(
        both["funnel"],
        json!({"cardsShown": shown, "likes": 1, "bagAdds": 3, "orders": 3})
    );
    let daily = both["daily"].as_array().expect("daily");
    assert_eq!(daily.len(), 2);
    assert_eq!(
        (daily[0]["date"].as_str(), daily[0]["orders"].as_i64()),
        (Some("2026-11-23"), Some(1))
    );
    assert_eq!(paise(&daily[0]["revenue"]), first);
    assert_eq!(
        (daily[1]["date"].as_str(), daily[1]["orders"].as_i64()),
        (Some("2026-11-24"), Some(2))
    );
    assert_eq!(paise(&daily[1]["revenue"]), second + ravis_total);

    // The 24th alone: Asha had bought before it, Ravi had not.
    let (_, day) = get(
        &app,
        &team,
        "/api/brand/insights/summary?from=2026-11-24&to=2026-11-24",
    )
    .await;
    assert_eq!(
        (
            day["orders"].as_i64(),
            day["shoppers"].as_i64(),
            day["returningShoppers"].as_i64()
        ),
        (Some(2), Some(2), Some(1))
    );
    assert_eq!(paise(&day["refunds"]), ravis_total);
    assert_eq!(
        day["funnel"]["likes"], 0,
        "the like was on the 23rd; the undone one counts nowhere"
    );
    let (_, before) = get(
        &app,
        &team,
        "/api/brand/insights/summary?from=2026-11-23&to=2026-11-23",
    )
    .await;
    assert_eq!(
        (
            before["orders"].as_i64(),
            before["refunds"]["$numberDecimal"].as_str()
        ),
        (Some(1), Some("0.00"))
    );
    assert_eq!(before["funnel"]["cardsShown"], shown);

    // By default: the 30 days to today in India (the 24th).
    let (_, default) = get(&app, &team, "/api/brand/insights/summary").await;
    assert_eq!(
        (default["from"].as_str(), default["to"].as_str()),
        (Some("2026-10-26"), Some("2026-11-24"))
    );
    assert_eq!(default["daily"].as_array().map(Vec::len), Some(30));
    assert_eq!(default["orders"], 3);

    // Per product.
    app.swipes_folded().await;
    let (status, listed_products) = get(
        &app,
        &team,
        "/api/brand/insights/products?from=2026-11-23&to=2026-11-24",
    )
    .await;
    assert_eq!(status, 200, "{listed_products}");
    let rows = listed_products["products"].as_array().expect("products");
    assert_eq!(
        rows[0]["productId"],
        product.id.as_str(),
        "{listed_products}"
    );
    let row = &rows[0];
    assert_eq!(row["name"], product.name.as_str());
    assert_eq!(
        (row["likes"].as_i64(), row["dislikes"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(row["likeRate"], 0.5);
    assert_eq!(
        (
            row["bagAdds"].as_i64(),
            row["orders"].as_i64(),
            row["units"].as_i64()
        ),
        (Some(3), Some(3), Some(4))
    );
    let cards = row["cardsShown"].as_i64().expect("cardsShown");
    let bag_rate = if cards == 0 {
        0.0
    } else {
        ((3.0 / cards as f64) * 10_000.0).round() / 10_000.0
    };
    assert_eq!(row["bagRate"].as_f64(), Some(bag_rate));
    assert_eq!(row["trendingRank"], 1, "the only product swiped today");
    assert!(row["image"].is_string());
    if let Some(undone) = rows.iter().find(|r| r["productId"] == other.id.as_str()) {
        assert_eq!(
            (undone["likes"].as_i64(), undone["dislikes"].as_i64()),
            (Some(0), Some(0))
        );
    }
    let (_, by_like) = get(
        &app,
        &team,
        "/api/brand/insights/products?from=2026-11-23&to=2026-11-24&sort=likeRate&limit=1",
    )
    .await;
    assert_eq!(by_like["products"].as_array().map(Vec::len), Some(1));

    // One product's days.
    let (status, days) = get(
        &app,
        &team,
        &format!(
            "/api/brand/insights/products/{}/daily?from=2026-11-22&to=2026-11-24",
            product.id
        ),
    )
    .await;
    assert_eq!(status, 200, "{days}");
    let days = days["daily"].as_array().expect("daily");
    assert_eq!(days.len(), 3);
    assert_eq!(days[0]["orders"], 0);
    assert_eq!(
        (
            days[1]["date"].as_str(),
            days[1]["likes"].as_i64(),
            days[1]["bagAdds"].as_i64(),
            days[1]["orders"].as_i64(),
            days[1]["units"].as_i64()
        ),
        (Some("2026-11-23"), Some(1), Some(1), Some(1), Some(1))
    );
    assert_eq!(
        (
            days[2]["dislikes"].as_i64(),
            days[2]["bagAdds"].as_i64(),
            days[2]["orders"].as_i64(),
            days[2]["units"].as_i64()
        ),
        (Some(1), Some(2), Some(2), Some(3))
    );
    assert!(paise(&days[2]["revenue"]) > 0);
}

/// Shoppers and returning shoppers of every period over three IST days of orders: Asha buys on
/// the 23rd and the 25th (twice), Ravi on the 24th and the 25th, Meera on the 25th only.
async fn shoppers_count_once_and_return_across_the_period_edge(backend: Backend) {
    let app = spawn_app(backend).await;
    let (product, size) = product_between(50_000, 140_000, 1);
    let brand = product.brand_id.as_str();
    let team = staff(&app, "team@example.in", Some(brand)).await;
    let mut buyers = Vec::new();
    for name in ["asha", "ravi", "meera"] {
        let shopper = app.onboarded(&format!("{name}@example.in")).await;
        let address = add_address(&app, &shopper, "400001").await;
        buyers.push((shopper, address));
    }
    let order = |i: usize| {
        let (shopper, address) = &buyers[i];
        let app = &app;
        let size = size.clone();
        async move {
            add_to_bag(app, shopper, product, &size, 1).await;
            buy(
                app,
                shopper,
                &json!({"source": "bag", "addressId": address, "speed": "standard"}),
            )
            .await;
        }
    };
    // 18:29 UTC: 23:59 on the 23rd in India.
    app.advance(chrono::TimeDelta::minutes(8 * 60 + 29));
    order(0).await;
    // 18:31 UTC: the 24th.
    app.advance(chrono::TimeDelta::minutes(2));
    order(1).await;
    app.advance(chrono::TimeDelta::days(1));
    order(0).await;
    order(0).await;
    order(1).await;
    order(2).await;
    let shoppers = |from: &'static str, to: &'static str| {
        let (app, team) = (&app, &team);
        async move {
            let (status, answer) = get(
                app,
                team,
                &format!("/api/brand/insights/summary?from={from}&to={to}"),
            )
            .await;
            assert_eq!(status, 200, "{answer}");
            (
                answer["orders"].as_i64().expect("orders"),
                answer["shoppers"].as_i64().expect("shoppers"),
                answer["returningShoppers"].as_i64().expect("returning"),
            )
        }
    };
    assert_eq!(shoppers("2026-11-23", "2026-11-23").await, (1, 1, 0));
    assert_eq!(shoppers("2026-11-24", "2026-11-24").await, (1, 1, 0));
    assert_eq!(shoppers("2026-11-23", "2026-11-24").await, (2, 2, 0));
    assert_eq!(
        shoppers("2026-11-24", "2026-11-25").await,
        (5, 3, 1),
        "Asha had bought before the 24th; Ravi first bought in the period"
    );
    assert_eq!(
        shoppers("2026-11-25", "2026-11-25").await,
        (4, 3, 2),
        "each buyer once, however many orders"
    );
    assert_eq!(shoppers("2026-11-23", "2026-11-25").await, (6, 3, 0));
    assert_eq!(shoppers("2026-11-26", "2026-11-27").await, (0, 0, 0));
    assert_eq!(shoppers("2026-11-01", "2026-11-22").await, (0, 0, 0));
}

/// The feed's cards cost it no write: they are counted in memory and written in one
/// transaction, to the product's day and its brand's, and kept when nothing was written.
async fn cards_shown_are_counted_in_memory_and_written_together(backend: Backend) {
    let app = spawn_app(backend).await;
    let (product, _) = product_between(50_000, 140_000, 1);
    let (brand, id) = (product.brand_id.to_string(), product.id.to_string());
    let cards = api::services::insights::cards::CardsShown::default();
    let now = crate::helpers::test_now();
    cards.count(
        [(brand.clone(), id.clone()), (brand.clone(), id.clone())],
        now,
    );
    cards.count([(brand.clone(), id.clone())], now);
    let counted = format!("insight_product_days WHERE product_id = '{id}' AND cards_shown = 3");
    assert_eq!(app.count(&counted), 0, "nothing written while counting");
    assert!(!cards.is_empty());
    assert_eq!(cards.flush(&app.store()).expect("written"), 1);
    assert!(cards.is_empty());
    assert_eq!(app.count(&counted), 1);
    assert_eq!(
        app.count(&format!(
            "insight_brand_days WHERE brand_id = '{brand}' AND cards_shown = 3"
        )),
        1
    );
    assert_eq!(cards.flush(&app.store()).expect("nothing to write"), 0);
    // Counts of another process add up.
    let other = api::services::insights::cards::CardsShown::default();
    other.count([(brand.clone(), id.clone())], now);
    other.flush(&app.store()).expect("written");
    assert_eq!(
        app.count(&format!(
            "insight_product_days WHERE product_id = '{id}' AND cards_shown = 4"
        )),
        1
    );
}

async fn a_brand_sees_only_itself_and_an_admin_any_brand(backend: Backend) {
    let app = spawn_app(backend).await;
    let brands = &demo().brands;
    let (ours, theirs) = (brands[0].id.as_str(), brands[1].id.as_str());
    let their_product = listed()
        .into_iter()
        .find(|p| p.brand_id == theirs)
        .expect("a product of the other brand");
    let team = staff(&app, "team@example.in", Some(ours)).await;
    let admin = staff(&app, "admin@example.in", None).await;
    let shopper = app.sign_in("shopper@example.in").await;
    let calls = [
        "/api/brand/insights/summary".to_owned(),
        "/api/brand/insights/products".to_owned(),
        format!("/api/brand/insights/products/{}/daily", their_product.id),
        "/api/brand/insights/low-stock".to_owned(),
    ];
    for call in &calls {
        let (status, body) = get(&app, &shopper, call).await;
        assert_eq!(
            (status, error_code(&body).as_str()),
            (403, "FORBIDDEN"),
            "{call}"
        );
        let (status, _) = app.get_json(call).await;
        assert_eq!(status, 401, "{call}");
    }
    for call in ["summary", "products", "low-stock"] {
        let path = format!("/api/brand/insights/{call}");
        let (status, body) = get(&app, &team, &path).await;
        assert_eq!(status, 200, "{path}: {body}");
        let (status, body) = get(&app, &team, &format!("{path}?brandId={ours}")).await;
        assert_eq!(status, 200, "{path}: {body}");
        let (status, body) = get(&app, &team, &format!("{path}?brandId={theirs}")).await;
        assert_eq!(status, 404, "{path}: {body}");
        let (status, body) = get(&app, &admin, &format!("{path}?brandId={theirs}")).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
    for call in ["summary", "products"] {
        let path = format!("/api/brand/insights/{call}");
        let (status, body) = get(&app, &admin, &path).await;
        assert_eq!(
            (status, error_code(&body).as_str()),
            (400, "BRAND_REQUIRED"),
            "{path}"
        );
        let (status, body) = get(&app, &admin, &format!("{path}?brandId=no-such-brand")).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (404, Some("Brand not found.")),
            "{path}"
        );
    }
    let (status, all) = get(&app, &admin, "/api/brand/insights/low-stock?threshold=1000").await;
    assert_eq!(status, 200, "{all}");
    let (_, own) = get(&app, &team, "/api/brand/insights/low-stock?threshold=1000").await;
    assert!(all["items"].as_array().map(Vec::len) >= own["items"].as_array().map(Vec::len));
    let daily = format!("/api/brand/insights/products/{}/daily", their_product.id);
    let (status, body) = get(&app, &team, &daily).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Product not found."))
    );
    let (status, body) = get(&app, &admin, &daily).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["daily"].as_array().map(Vec::len), Some(30));
    let (status, _) = get(&app, &admin, "/api/brand/insights/products/no-such/daily").await;
    assert_eq!(status, 404);
}

async fn bad_periods_limits_sorts_and_thresholds_are_refused_by_field(backend: Backend) {
    let app = spawn_app(backend).await;
    let product = &listed()[0];
    let brand = product.brand_id.as_str();
    let team = staff(&app, "team@example.in", Some(brand)).await;
    for (query, field) in [
        ("summary?from=2026-13-01", "from"),
        ("summary?from=2026-11-24&to=2026-11-23", "from"),
        ("summary?from=2025-01-01&to=2026-01-02", "to"),
        ("summary?to=yesterday", "to"),
        ("products?limit=0", "limit"),
        ("products?limit=101", "limit"),
        ("products?limit=ten", "limit"),
        ("products?limit=2.5", "limit"),
        ("products?sort=price", "sort"),
        (
            &format!("products/{}/daily?from=2026-02-30", product.id),
            "from",
        ),
        ("low-stock?threshold=1001", "threshold"),
        ("low-stock?threshold=-1", "threshold"),
    ] {
        let (status, body) = get(&app, &team, &format!("/api/brand/insights/{query}")).await;
        assert_eq!(
            (status, error_code(&body).as_str()),
            (400, "VALIDATION_FAILED"),
            "{query}: {body}"
        );
        assert!(body["fields"][field].is_string(), "{query}: {body}");
    }
    let (status, body) = get(
        &app,
        &team,
        "/api/brand/insights/products?limit=5.0&sort=bagRate",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = get(
        &app,
        &team,
        "/api/brand/insights/summary?from=2025-11-24&to=2026-11-24",
    )
    .await;
    assert_eq!(status, 200, "366 days: {body}");

    // Low stock: a size with two left is listed at 5, not at 1.
    let size = &product.stock[0].0;
    app.execute_sql(&format!(
        "UPDATE product_stock SET quantity = 2 WHERE product_id = '{}' AND size = '{size}'",
        product.id
    ));
    let (status, low) = get(&app, &team, "/api/brand/insights/low-stock").await;
    assert_eq!(status, 200, "{low}");
    assert_eq!(low["threshold"], 5);
    assert!(
        low["items"]
            .as_array()
            .expect("items")
            .iter()
            .any(|i| i["productId"] == product.id.as_str()
                && i["size"] == size.as_str()
                && i["units"] == 2
                && i["name"] == product.name.as_str()),
        "{low}"
    );
    let (_, lower) = get(&app, &team, "/api/brand/insights/low-stock?threshold=1").await;
    assert!(
        !lower["items"]
            .as_array()
            .expect("items")
            .iter()
            .any(|i| i["productId"] == product.id.as_str() && i["size"] == size.as_str()),
        "{lower}"
    );
    let units: Vec<i64> = low["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["units"].as_i64())
        .collect();
    assert!(
        units.windows(2).all(|w| w[0] <= w[1]),
        "fewest first: {units:?}"
    );
}
