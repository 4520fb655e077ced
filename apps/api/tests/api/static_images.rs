//! The read-only image library: `/api/admin/static-images...`.

use crate::helpers::{Backend, demo, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    images_of_a_category_are_the_active_ones_asked_for,
    images_filter_by_device_search_and_limit,
    one_image_or_image_not_found,
);

async fn images_of_a_category_are_the_active_ones_asked_for(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app
        .get_json("/api/admin/static-images/category/hero?isActive=true")
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["success"], true);
    let titles: Vec<&str> = body["images"]
        .as_array()
        .expect("images")
        .iter()
        .map(|i| i["title"].as_str().expect("title"))
        .collect();
    assert_eq!(
        titles,
        ["Flash Sale", "New Arrivals", "Exclusive"],
        "000 §2.5's three banners"
    );
    let (_, trends) = app
        .get_json("/api/admin/static-images/category/trends?isActive=true&device=mobile")
        .await;
    let trend_titles: Vec<&str> = trends["images"]
        .as_array()
        .expect("images")
        .iter()
        .map(|i| i["title"].as_str().expect("title"))
        .collect();
    assert_eq!(trend_titles, ["TRENDING NOW", "HOT PICKS", "VIRAL STYLES"]);
    for image in body["images"].as_array().expect("images") {
        assert!(image["_id"].is_string());
        assert_eq!(image["isActive"], true);
        assert!(
            image["url"]
                .as_str()
                .is_some_and(|u| u.starts_with("/api/media/banner/"))
        );
    }
    let (_, inactive) = app
        .get_json("/api/admin/static-images?isActive=false")
        .await;
    let expected = demo().static_images.iter().filter(|s| !s.is_active).count();
    assert_eq!(
        inactive["images"].as_array().expect("images").len(),
        expected
    );
}

async fn images_filter_by_device_search_and_limit(backend: Backend) {
    let app = spawn_app(backend).await;
    let (_, desktop) = app
        .get_json("/api/admin/static-images?device=desktop&isActive=true")
        .await;
    let devices: Vec<&str> = desktop["images"]
        .as_array()
        .expect("images")
        .iter()
        .map(|i| i["device"].as_str().expect("device"))
        .collect();
    assert!(!devices.is_empty());
    assert!(devices.iter().all(|d| *d == "desktop" || *d == "all"));
    let (_, found) = app.get_json("/api/admin/static-images?search=PICKS").await;
    assert_eq!(found["images"][0]["title"], "HOT PICKS");
    let (_, two) = app.get_json("/api/admin/static-images?limit=2").await;
    assert_eq!(two["images"].as_array().expect("images").len(), 2);
    for (query, parameter) in [
        ("isActive=yes", "isActive"),
        ("device=tv", "device"),
        ("limit=0", "limit"),
        ("limit=101", "limit"),
    ] {
        let (status, body) = app
            .get_json(&format!("/api/admin/static-images?{query}"))
            .await;
        assert_eq!(status, 400, "{query}");
        assert!(body["error"].as_str().expect("message").contains(parameter));
    }
}

async fn one_image_or_image_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    let first = &demo().static_images[0];
    let (status, body) = app
        .get_json(&format!("/api/admin/static-images/{}", first.id))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["success"], true);
    assert_eq!(body["image"]["title"], first.title.as_str());
    let (status, body) = app.get_json("/api/admin/static-images/nope").await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "Image not found");
}
