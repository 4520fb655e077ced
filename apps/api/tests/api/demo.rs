//! The demo shoppers' swipe history written with the demo catalogue at first start.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Options, TestApp, error_code, spawn_app_with};
use crate::on_both_backends;

on_both_backends!(
    a_first_start_has_trending_products_in_every_window_and_gender,
    the_history_is_written_once_with_exact_rollups,
    no_demo_means_no_history,
    a_demo_shopper_cannot_sign_in,
);

async fn demo_app(backend: Backend) -> TestApp {
    spawn_app_with(
        backend,
        Options {
            demo_history: true,
            ..Options::default()
        },
    )
    .await
}

async fn trending(app: &TestApp, query: &str) -> Vec<Value> {
    let (status, body) = app
        .get_json(&format!("/api/analytics/trending-products?{query}"))
        .await;
    assert_eq!(status, 200, "{query}: {body}");
    assert_eq!(body["success"], true, "{query}: {body}");
    body["data"]["trendingProducts"]
        .as_array()
        .unwrap_or_else(|| panic!("{query}: no data.trendingProducts in {body}"))
        .clone()
}

async fn a_first_start_has_trending_products_in_every_window_and_gender(backend: Backend) {
    let app = demo_app(backend).await;
    for window in ["24h", "7d", "30d"] {
        for gender in ["M", "W"] {
            let list = trending(
                &app,
                &format!("timeWindow={window}&limit=20&gender={gender}"),
            )
            .await;
            assert!(!list.is_empty(), "{window} {gender}");
            let scores: Vec<i64> = list
                .iter()
                .map(|e| e["engagementScore"].as_i64().expect("engagementScore"))
                .collect();
            assert!(
                scores.windows(2).all(|w| w[0] >= w[1]),
                "{window} {gender}: ranked by score {scores:?}"
            );
        }
    }
    // Home's row as the original client asks for it (000 §7), in the entry shape of 000 §3:
    // _id, product (_id, name, images, brand.name, price.$numberDecimal), totalSwipes,
    // engagementScore, engagementRate (0 to 1).
    for gender in ["M", "W"] {
        let row = trending(&app, &format!("timeWindow=7d&limit=8&gender={gender}")).await;
        assert_eq!(row.len(), 8, "{gender}");
        for entry in &row {
            let product = &entry["product"];
            assert!(entry["_id"].is_string(), "{entry}");
            assert!(product["_id"].is_string(), "{entry}");
            assert!(product["name"].is_string(), "{entry}");
            assert!(
                product["images"].as_array().is_some_and(|i| !i.is_empty()),
                "{entry}"
            );
            assert!(product["brand"]["name"].is_string(), "{entry}");
            assert!(product["price"]["$numberDecimal"].is_string(), "{entry}");
            assert!(
                entry["totalSwipes"].as_i64().is_some_and(|n| n > 0),
                "{entry}"
            );
            assert!(entry["engagementScore"].as_i64().is_some(), "{entry}");
            assert!(
                entry["engagementRate"]
                    .as_f64()
                    .is_some_and(|r| (0.0..=1.0).contains(&r)),
                "{entry}"
            );
        }
    }
}

async fn the_history_is_written_once_with_exact_rollups(backend: Backend) {
    let app = demo_app(backend).await;
    let swipes = app.count("swipes");
    let shoppers = app.count("users WHERE email LIKE '%@demo.invalid'");
    assert_eq!(shoppers, api::history::DEMO_SHOPPERS as i64);
    assert!(swipes > 10_000, "{swipes} swipes");
    assert!(app.count("insight_product_days WHERE cards_shown > 0") > 0);
    assert!(app.count("insight_brand_days WHERE cards_shown > 0 AND likes > 0") > 0);
    let check = app.store().check_rollups().expect("check the rollups");
    assert!(check.exact(), "{check:?}");
    assert_eq!(check.swipes as i64, swipes);

    let again = spawn_app_with(
        backend_of(&app),
        Options {
            demo_history: true,
            database: Some(app.database_url()),
            ..Options::default()
        },
    )
    .await;
    let (status, _) = again.get_json("/api/analytics/trending-products").await;
    assert_eq!(status, 200, "the second process serves");
    assert_eq!(app.count("swipes"), swipes, "a second start writes nothing");
    assert_eq!(
        app.count("users WHERE email LIKE '%@demo.invalid'"),
        shoppers
    );
}

fn backend_of(app: &TestApp) -> Backend {
    match app.database_url() {
        store::DatabaseUrl::Sqlite(_) => Backend::Sqlite,
        store::DatabaseUrl::Postgres(_) => Backend::postgres().expect("the PostgreSQL server"),
    }
}

async fn no_demo_means_no_history(backend: Backend) {
    let app = spawn_app_with(
        backend,
        Options {
            demo_history: true,
            no_demo: true,
            ..Options::default()
        },
    )
    .await;
    assert_eq!(app.count("swipes"), 0);
    assert_eq!(app.count("swipe_totals"), 0);
    assert_eq!(app.count("users"), 0);
    assert!(
        trending(&app, "timeWindow=30d").await.is_empty(),
        "nothing trends without a history"
    );
}

async fn a_demo_shopper_cannot_sign_in(backend: Backend) {
    let app = demo_app(backend).await;
    let email = api::history::demo_email(3);
    for asked in [email.clone(), email.to_uppercase()] {
        let (status, body) = app.generate_otp(&asked).await;
        assert_eq!(status, 403, "{body}");
        assert_eq!(error_code(&body), "DEMO_SHOPPER");
        assert_eq!(
            body["error"],
            "This is a demo shopper's address; it cannot sign in. Use your own e-mail."
        );
    }
    assert!(app.outbox_mails(&email).is_empty(), "no mail is sent");
    let res = app.verify_otp(&email, "123456").await;
    assert_eq!(res.status().as_u16(), 403);
    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/users/generate-otp",
            Some(json!({"email": "someone@example.in"})),
            None,
        )
        .await;
    assert_eq!(status, 200, "other addresses still get their code");
}
