//! Routing errors are JSON, never HTML, never 500; CORS preflights are answered first.

use api::config::CorsOrigins;
use serde_json::Value;

use crate::helpers::{Backend, Options, error_code, spawn_app, spawn_app_with};

#[tokio::test]
async fn unknown_api_paths_are_json_404s() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in [
        "/api/nope",
        "/api/products/id",
        "/api/products/id/x/y",
        "/api/",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status().as_u16(), 404, "{path}");
        assert!(
            res.headers()["content-type"]
                .to_str()
                .expect("ascii")
                .starts_with("application/json")
        );
        let body: Value = res.json().await.expect("json");
        assert_eq!(error_code(&body), "NOT_FOUND");
    }
}

#[tokio::test]
async fn wrong_methods_are_json_405s() {
    let app = spawn_app(Backend::Sqlite).await;
    for (method, path) in [
        (reqwest::Method::POST, "/api/products"),
        (reqwest::Method::DELETE, "/api/products/id/abc"),
        (reqwest::Method::GET, "/api/products/search"),
        (reqwest::Method::PUT, "/healthz"),
    ] {
        let res = app
            .client
            .request(method.clone(), app.url(path))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status().as_u16(), 405, "{method} {path}");
        let body: Value = res.json().await.expect("json");
        assert_eq!(error_code(&body), "METHOD_NOT_ALLOWED");
    }
}

#[tokio::test]
async fn head_answers_like_get_without_a_body() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in ["/healthz", "/readyz", "/api/products?limit=2"] {
        let res = app
            .client
            .head(app.url(path))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status().as_u16(), 200, "{path}");
        assert!(
            res.headers()["content-type"]
                .to_str()
                .expect("ascii")
                .starts_with("application/json")
        );
        assert!(res.bytes().await.expect("body").is_empty(), "{path}");
    }
}

#[tokio::test]
async fn preflight_is_answered_for_allowed_origins_only() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            cors_origins: CorsOrigins::List(vec!["https://shop.example.in".into()]),
            ..Options::default()
        },
    )
    .await;
    let preflight = |origin: &'static str| {
        app.client
            .request(reqwest::Method::OPTIONS, app.url("/api/products"))
            .header("origin", origin)
            .header("access-control-request-method", "GET")
            .send()
    };
    let res = preflight("https://shop.example.in").await.expect("request");
    assert!(res.status().is_success());
    assert_eq!(
        res.headers()["access-control-allow-origin"],
        "https://shop.example.in"
    );
    let res = preflight("https://evil.example").await.expect("request");
    assert!(res.headers().get("access-control-allow-origin").is_none());
    assert_eq!(res.status().as_u16(), 400);
    let body: serde_json::Value = res.json().await.expect("a refused preflight answers JSON");
    assert_eq!(crate::helpers::error_code(&body), "BAD_REQUEST");

    let res = app
        .client
        .get(app.url("/api/products?limit=1"))
        .header("origin", "https://shop.example.in")
        .send()
        .await
        .expect("request");
    assert_eq!(
        res.headers()["access-control-allow-origin"],
        "https://shop.example.in"
    );
}

#[tokio::test]
async fn openapi_document_is_openapi_3_and_lists_the_calls() {
    let app = spawn_app(Backend::Sqlite).await;
    let (status, doc) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")));
    assert!(doc["info"]["title"].is_string());
    for path in [
        "/api/products",
        "/api/products/gender",
        "/api/products/brand/{brandId}",
        "/api/products/category",
        "/api/products/tag",
        "/api/products/id/{id}",
        "/api/products/search",
        "/api/products/suggestions",
        "/api/products/popular-searches",
        "/api/brands",
        "/api/brands/{id}",
        "/api/categories/gender/{gender}",
        "/api/categories/admin/all",
        "/api/admin/static-images",
        "/api/admin/static-images/category/{category}",
        "/api/admin/static-images/{id}",
        "/healthz",
        "/readyz",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} documented");
    }
    assert!(doc["components"]["schemas"]["Product"].is_object());
    // OpenAPI requires a description on every response object.
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            for (status, response) in operation["responses"].as_object().expect("responses") {
                assert!(
                    response["description"].is_string(),
                    "{method} {path} {status} has a description"
                );
            }
        }
    }
    let page = app.get("/api/docs/").await;
    assert_eq!(page.status().as_u16(), 200);
    let html = page.text().await.expect("text");
    assert!(html.contains("swagger"), "browsable page served offline");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in [
        "/api/products?limit=1",
        "/api/nope",
        "/api/media/art/hoodie/navy/front.svg",
        "/healthz",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.headers()["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(res.headers()["x-frame-options"], "DENY", "{path}");
        assert!(res.headers().contains_key("referrer-policy"), "{path}");
    }
}
