//! The in-memory catalogue follows the database's change feed: what another process writes
//! (with its change recorded) shows in lists, detail and search within a polling interval.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::helpers::{Backend, TestApp, listed, paise, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    a_changed_product_is_reloaded_and_reindexed,
    a_change_to_anything_else_reloads_everything,
);

/// Polls `path` until `done` holds for its JSON, for at most 10 s (the test apps poll the
/// feed every 50 ms).
async fn eventually(app: &TestApp, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, body) = app.get_json(path).await;
        if done(&body) {
            return body;
        }
        assert!(Instant::now() < deadline, "{path} never changed: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn a_changed_product_is_reloaded_and_reindexed(backend: Backend) {
    let app = spawn_app(backend).await;
    let product = listed()[3];
    let size = &product.stock[0].0;
    app.execute_sql(&format!(
        "UPDATE products SET price_paise = 12345, name = 'Zardozi Wedding Sherwani' WHERE id = '{id}';
         UPDATE product_stock SET quantity = 7 WHERE product_id = '{id}' AND size = '{size}';
         INSERT INTO catalogue_changes (product_id, changed_at) VALUES ('{id}', '2026-11-23 10:00:00');",
        id = product.id
    ));
    let detail = eventually(&app, &format!("/api/products/id/{}", product.id), |p| {
        p["name"] == "Zardozi Wedding Sherwani"
    })
    .await;
    assert_eq!(paise(&detail["price"]), 12_345);
    assert_eq!(detail["stock"][size], 7);
    crate::products::assert_variants_match(&detail);
    let (_, cheap) = app.get_json("/api/products?sort=price-low&limit=1").await;
    assert_eq!(
        cheap[0]["_id"],
        product.id.as_str(),
        "the sorted orders are rebuilt"
    );
    let res = app
        .client
        .post(app.url("/api/products/search"))
        .json(&serde_json::json!({ "query": "sherwani" }))
        .send()
        .await
        .expect("request");
    let found: Value = res.json().await.expect("json");
    assert_eq!(
        found[0]["_id"],
        product.id.as_str(),
        "the search index follows"
    );

    app.execute_sql(&format!(
        "DELETE FROM products WHERE id = '{id}';
         INSERT INTO catalogue_changes (product_id, changed_at) VALUES ('{id}', '2026-11-23 10:01:00');",
        id = product.id
    ));
    eventually(&app, &format!("/api/products/id/{}", product.id), |p| {
        p["code"] == "NOT_FOUND"
    })
    .await;
}

async fn a_change_to_anything_else_reloads_everything(backend: Backend) {
    let app = spawn_app(backend).await;
    let brand = crate::helpers::demo()
        .brands
        .iter()
        .find(|b| b.is_active)
        .expect("an active brand");
    app.execute_sql(&format!(
        "UPDATE brands SET is_active = false WHERE id = '{id}';
         INSERT INTO catalogue_changes (product_id, changed_at) VALUES (NULL, '2026-11-23 10:00:00');",
        id = brand.id
    ));
    eventually(&app, &format!("/api/brands/{}", brand.id), |b| {
        b["error"] == "Brand not found"
    })
    .await;
    let (_, all) = app.get_json("/api/products?limit=200").await;
    assert!(
        all.as_array()
            .expect("list")
            .iter()
            .all(|p| p["brand"]["_id"] != brand.id.as_str()),
        "the brand's products are no longer listed"
    );
}
