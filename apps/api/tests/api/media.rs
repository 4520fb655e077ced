use crate::helpers::{Backend, Options, error_code, spawn_app, spawn_app_with};

#[tokio::test]
async fn every_demo_image_url_is_served_as_svg() {
    let app = spawn_app(Backend::Sqlite).await;
    let (_, body) = app.get_json("/api/products?limit=20").await;
    let mut urls: Vec<String> = Vec::new();
    for p in body.as_array().expect("list") {
        urls.extend(
            p["images"]
                .as_array()
                .expect("images")
                .iter()
                .map(|u| u.as_str().expect("url").to_owned()),
        );
        if let Some(logo) = p["brand"]["logo_url"].as_str() {
            urls.push(logo.to_owned());
        }
    }
    urls.sort();
    urls.dedup();
    for url in urls {
        let res = app.get(&url).await;
        assert_eq!(res.status().as_u16(), 200, "{url}");
        assert_eq!(res.headers()["content-type"], "image/svg+xml");
        assert!(
            res.headers()["cache-control"]
                .to_str()
                .expect("ascii")
                .contains("immutable")
        );
        assert!(res.text().await.expect("text").starts_with("<svg"), "{url}");
    }
}

#[tokio::test]
async fn unknown_images_are_json_404s() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in [
        "/api/media/art/spaceship/navy/front.svg",
        "/api/media/art/hoodie/octarine/front.svg",
        "/api/media/art/..%2F..%2Fetc%2Fpasswd/navy/front.svg",
        "/api/media/",
    ] {
        let (status, body) = app.get_json(path).await;
        assert_eq!(status, 404, "{path}");
        error_code(&body);
    }
}

#[tokio::test]
async fn a_public_url_makes_image_urls_absolute_for_other_origins() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            public_url: Some("https://shop.example.in".into()),
            ..Options::default()
        },
    )
    .await;
    let (_, body) = app.get_json("/api/products?limit=5").await;
    for p in body.as_array().expect("list") {
        for url in p["images"].as_array().expect("images") {
            assert!(
                url.as_str()
                    .is_some_and(|u| u.starts_with("https://shop.example.in/api/media/")),
                "{url}"
            );
        }
        if let Some(logo) = p["brand"]["logo_url"].as_str() {
            assert!(
                logo.starts_with("https://shop.example.in/api/media/logo/"),
                "{logo}"
            );
        }
    }
}
