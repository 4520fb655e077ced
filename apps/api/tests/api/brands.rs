//! `GET /api/brands` and `GET /api/brands/{id}`.

use crate::helpers::{Backend, demo, ids, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    brands_are_the_active_ones_by_name_with_their_fields,
    brands_filter_by_gender_page_and_search,
    one_brand_or_brand_not_found,
);

async fn brands_are_the_active_ones_by_name_with_their_fields(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/api/brands?limit=100").await;
    assert_eq!(status, 200);
    let brands = body.as_array().expect("a bare list");
    let active = demo().brands.iter().filter(|b| b.is_active).count();
    assert_eq!(brands.len(), active, "inactive brands are left out");
    let names: Vec<String> = brands
        .iter()
        .map(|b| b["name"].as_str().expect("name").to_lowercase())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "by name");
    for b in brands {
        assert_eq!(b["is_active"], true);
        assert!(b["_id"].is_string() && b["description"].is_string());
        assert!(b["created_at"].is_string());
        assert!(b["logo_url"].is_string() || b["logo_url"].is_null());
        assert!(["male", "female", "unisex"].contains(&b["gender"].as_str().expect("gender")));
        assert!(b["productCount"].is_u64());
    }
    assert!(
        brands.iter().any(|b| b["logo_url"].is_null()),
        "some show initials"
    );
    let (_, default) = app.get_json("/api/brands").await;
    assert_eq!(default.as_array().expect("list").len(), active.min(50));
}

async fn brands_filter_by_gender_page_and_search(backend: Backend) {
    let app = spawn_app(backend).await;
    for gender in ["MALE", "female", "Unisex"] {
        let (status, body) = app.get_json(&format!("/api/brands?gender={gender}")).await;
        assert_eq!(status, 200);
        let list = body.as_array().expect("list");
        assert!(!list.is_empty());
        assert!(list.iter().all(|b| b["gender"] == gender.to_lowercase()));
    }
    let (_, all) = app.get_json("/api/brands?gender=ALL&limit=100").await;
    let all = ids(&all);
    let (_, page1) = app.get_json("/api/brands?limit=5&page=1").await;
    let (_, page2) = app.get_json("/api/brands?limit=5&page=2").await;
    assert_eq!(ids(&page1), all[..5]);
    assert_eq!(ids(&page2), all[5..10]);
    let (_, far) = app.get_json("/api/brands?page=99").await;
    assert_eq!(far, serde_json::json!([]));
    let (_, found) = app.get_json("/api/brands?search=DHAA").await;
    assert_eq!(found[0]["name"], "Urban Dhaaga");
    assert_eq!(found.as_array().expect("list").len(), 1);
    let (_, none) = app.get_json("/api/brands?search=Saffron").await;
    assert_eq!(
        none,
        serde_json::json!([]),
        "an inactive brand is never found"
    );
    for (query, parameter) in [
        ("gender=alien", "gender"),
        ("limit=0", "limit"),
        ("limit=201", "limit"),
        ("page=0", "page"),
        ("page=x", "page"),
    ] {
        let (status, body) = app.get_json(&format!("/api/brands?{query}")).await;
        assert_eq!(status, 400, "{query}");
        assert!(body["error"].as_str().expect("message").contains(parameter));
    }
}

async fn one_brand_or_brand_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    let active = demo().brands.iter().find(|b| b.is_active).expect("active");
    let (status, body) = app.get_json(&format!("/api/brands/{}", active.id)).await;
    assert_eq!(status, 200);
    assert_eq!(body["name"], active.name.as_str());
    let inactive = demo()
        .brands
        .iter()
        .find(|b| !b.is_active)
        .expect("inactive");
    for id in [inactive.id.as_str(), "nope"] {
        let (status, body) = app.get_json(&format!("/api/brands/{id}")).await;
        assert_eq!(status, 404);
        assert_eq!(body["error"], "Brand not found");
        assert_eq!(body["code"], "NOT_FOUND");
    }
}
