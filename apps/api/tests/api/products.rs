//! `GET /api/products`, `GET /api/products/id/{id}` and `POST /api/products/search`.

use std::collections::HashSet;

use serde_json::Value;

use crate::helpers::{Backend, TEST_PRODUCTS, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    list_answers_a_bare_array_in_the_contract_shape,
    list_filters_by_gender_and_price,
    pages_do_not_overlap_and_cover_the_catalogue,
    bad_query_values_are_json_400s_naming_the_parameter,
    detail_answers_one_product_or_a_json_404,
    assigned_coupons_report_validity_at_the_servers_time,
    search_matches_names_brands_and_tags_ignoring_case,
    search_rejects_blank_and_malformed_bodies,
);

fn paise(decimal: &Value) -> i64 {
    let text = decimal["$numberDecimal"]
        .as_str()
        .expect("a $numberDecimal string");
    let (rupees, paise) = text.split_once('.').expect("two decimals");
    assert_eq!(paise.len(), 2, "two decimals in {text}");
    rupees.parse::<i64>().expect("rupees") * 100 + paise.parse::<i64>().expect("paise")
}

async fn list_answers_a_bare_array_in_the_contract_shape(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/api/products?limit=5").await;
    assert_eq!(status, 200);
    let products = body.as_array().expect("a bare JSON array");
    assert_eq!(products.len(), 5);
    for p in products {
        assert!(p["_id"].as_str().is_some_and(|id| !id.is_empty()));
        assert!(p["name"].as_str().is_some_and(|n| !n.is_empty()));
        assert!(paise(&p["price"]) > 0);
        assert_eq!(p["currency"], "INR");
        assert!(
            p["offerPercentage"]
                .as_i64()
                .is_some_and(|o| (0..=100).contains(&o))
        );
        let images = p["images"].as_array().expect("images is a list");
        assert!(!images.is_empty());
        assert!(
            images
                .iter()
                .all(|i| i.as_str().is_some_and(|u| u.starts_with("/api/media/")))
        );
        assert!(p["brand"]["_id"].is_string() && p["brand"]["name"].is_string());
        assert!(
            p["brand"].get("logo_url").is_some(),
            "brand carries logo_url (maybe null)"
        );
        let categories = p["category"].as_array().expect("category is a list");
        assert!(!categories.is_empty());
        assert!(
            categories
                .iter()
                .all(|c| c["_id"].is_string() && c["name"].is_string())
        );
        let sizes = p["sizes"].as_array().expect("sizes");
        let stock = p["stock"].as_object().expect("stock is a map");
        assert_eq!(sizes.len(), stock.len());
        for size in sizes {
            assert!(
                stock[size.as_str().expect("size text")]
                    .as_i64()
                    .is_some_and(|n| n >= 0)
            );
        }
        assert!(["male", "female", "unisex"].contains(&p["gender"].as_str().expect("gender")));
        assert!(p["specifications"]["sleeveLength"].is_string());
        assert!(p["createdAt"].is_string());
    }
    let created: Vec<&str> = products
        .iter()
        .map(|p| p["createdAt"].as_str().expect("createdAt"))
        .collect();
    let mut sorted = created.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(created, sorted, "newest first");
}

async fn list_filters_by_gender_and_price(backend: Backend) {
    let app = spawn_app(backend).await;
    for gender in ["male", "FEMALE", "Unisex"] {
        let (status, body) = app
            .get_json(&format!("/api/products?gender={gender}&limit=200"))
            .await;
        assert_eq!(status, 200);
        let products = body.as_array().expect("list");
        assert!(!products.is_empty(), "demo has {gender} products");
        assert!(
            products
                .iter()
                .all(|p| p["gender"] == gender.to_lowercase())
        );
    }
    let (_, body) = app
        .get_json("/api/products?minPrice=799&maxPrice=2999&limit=200")
        .await;
    let products = body.as_array().expect("list");
    assert!(!products.is_empty());
    assert!(
        products
            .iter()
            .all(|p| (79_900..=299_900).contains(&paise(&p["price"])))
    );
    let (_, body) = app
        .get_json("/api/products?maxPrice=₹1,299&limit=200")
        .await;
    assert!(
        body.as_array()
            .expect("list")
            .iter()
            .all(|p| paise(&p["price"]) <= 129_900)
    );
}

async fn pages_do_not_overlap_and_cover_the_catalogue(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut seen = HashSet::new();
    for page in 1.. {
        let (status, body) = app
            .get_json(&format!("/api/products?limit=50&page={page}"))
            .await;
        assert_eq!(status, 200);
        let products = body.as_array().expect("list");
        if products.is_empty() {
            break;
        }
        for p in products {
            assert!(
                seen.insert(p["_id"].as_str().expect("id").to_owned()),
                "no product twice"
            );
        }
    }
    assert_eq!(seen.len(), TEST_PRODUCTS);
}

async fn bad_query_values_are_json_400s_naming_the_parameter(backend: Backend) {
    let app = spawn_app(backend).await;
    for (query, parameter) in [
        ("limit=abc", "limit"),
        ("limit=0", "limit"),
        ("limit=201", "limit"),
        ("limit=-1", "limit"),
        ("page=0", "page"),
        ("page=1.5", "page"),
        ("gender=alien", "gender"),
        ("minPrice=abc", "minPrice"),
        ("minPrice=-5", "minPrice"),
        ("maxPrice=1e999", "maxPrice"),
        ("minPrice=3000&maxPrice=100", "minPrice"),
    ] {
        let (status, body) = app.get_json(&format!("/api/products?{query}")).await;
        assert_eq!(status, 400, "{query}");
        error_code(&body);
        assert!(
            body["error"].as_str().expect("message").contains(parameter),
            "{query}: {body}"
        );
    }
}

async fn detail_answers_one_product_or_a_json_404(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, list) = app.get_json("/api/products?limit=1").await;
    let first = &list[0];
    let id = first["_id"].as_str().expect("id");
    let (status, body) = app.get_json(&format!("/api/products/id/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(&body, first);
    let (status, body) = app.get_json("/api/products/id/no-such-product").await;
    assert_eq!(status, 404);
    assert_eq!(error_code(&body), "NOT_FOUND");
    assert_eq!(body["error"], "Product not found.");
}

async fn assigned_coupons_report_validity_at_the_servers_time(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, body) = app
        .get_json(&format!("/api/products?limit={TEST_PRODUCTS}"))
        .await;
    let with_coupon: Vec<&Value> = body
        .as_array()
        .expect("list")
        .iter()
        .filter(|p| !p["assigned_coupon"].is_null())
        .collect();
    assert!(!with_coupon.is_empty(), "the demo assigns coupons");
    let valid = with_coupon
        .iter()
        .filter(|p| p["assigned_coupon"]["is_currently_valid"] == true)
        .count();
    assert!(
        valid > 0 && valid < with_coupon.len(),
        "both valid and lapsed coupons are present"
    );
    for p in with_coupon {
        let c = &p["assigned_coupon"];
        assert!(
            c["coupon_code"]
                .as_str()
                .is_some_and(|code| code == code.to_uppercase())
        );
        match c["discount_type"].as_str() {
            Some("percentage") => assert!(
                c["discount_value"]
                    .as_i64()
                    .is_some_and(|v| (1..=100).contains(&v))
            ),
            Some("fixed") => assert!(paise(&c["discount_value"]) > 0),
            other => panic!("unexpected discount_type {other:?}"),
        }
        assert!(c["max_discount_amount"].is_null() || paise(&c["max_discount_amount"]) > 0);
        // The demo's expired DIWALI40 and inactive WELCOME100 are assigned to a few products;
        // every other coupon runs from 2026-01-01 to 2031-01-01, around the pinned test time.
        let expected = !matches!(c["coupon_code"].as_str(), Some("DIWALI40" | "WELCOME100"));
        assert_eq!(c["is_currently_valid"], expected, "{c}");
    }
}

async fn search_matches_names_brands_and_tags_ignoring_case(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, list) = app.get_json("/api/products?limit=1").await;
    let brand = list[0]["brand"]["name"].as_str().expect("brand").to_owned();
    let word = list[0]["name"]
        .as_str()
        .expect("name")
        .split(' ')
        .next_back()
        .expect("a word")
        .to_owned();
    for query in [brand.to_uppercase(), word.to_lowercase()] {
        let res = app
            .client
            .post(app.url("/api/products/search"))
            .json(&serde_json::json!({ "query": query }))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status().as_u16(), 200);
        let found: Value = res.json().await.expect("json");
        assert!(
            !found.as_array().expect("list").is_empty(),
            "results for {query}"
        );
    }
    let res = app
        .client
        .post(app.url("/api/products/search"))
        .json(&serde_json::json!({ "query": "%_%" }))
        .send()
        .await
        .expect("request");
    let found: Value = res.json().await.expect("json");
    assert_eq!(
        found,
        serde_json::json!([]),
        "LIKE wildcards in the text match themselves"
    );
}

async fn search_rejects_blank_and_malformed_bodies(backend: Backend) {
    let app = spawn_app(backend).await;
    let post = |body: &'static str, content_type: &'static str| {
        app.client
            .post(app.url("/api/products/search"))
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    for (body, content_type, status, code) in [
        (
            r#"{"query": "   "}"#,
            "application/json",
            400,
            "INVALID_QUERY",
        ),
        (
            r#"{"query": "hoodie""#,
            "application/json",
            400,
            "INVALID_JSON",
        ),
        ("not json at all", "application/json", 400, "INVALID_JSON"),
        (r#"{"query": 42}"#, "application/json", 400, "INVALID_BODY"),
        (r#"{"nothing": 1}"#, "application/json", 400, "INVALID_BODY"),
        (
            r#"{"query": "a", "limit": 0}"#,
            "application/json",
            400,
            "INVALID_QUERY",
        ),
        (
            r#"{"query": "hoodie"}"#,
            "text/plain",
            415,
            "UNSUPPORTED_MEDIA_TYPE",
        ),
    ] {
        let res = post(body, content_type).await.expect("request");
        assert_eq!(res.status().as_u16(), status, "{body}");
        let json: Value = res.json().await.expect("a JSON error");
        assert_eq!(error_code(&json), code, "{body}");
    }
    let huge = format!(r#"{{"query": "{}"}}"#, "x".repeat(100_000));
    let res = app
        .client
        .post(app.url("/api/products/search"))
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 413);
}
