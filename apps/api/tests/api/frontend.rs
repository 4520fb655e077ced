//! The built frontend at `/`, client-side routes falling back to `index.html`.

use serde_json::Value;

use crate::helpers::{Backend, Options, error_code, spawn_app, spawn_app_with};

fn fake_build() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shop-dist-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dir.join("assets")).expect("dir");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Shop</title><div id=root></div>",
    )
    .expect("index");
    std::fs::write(dir.join("assets/app-1234.js"), "console.log('shop')").expect("asset");
    dir
}

#[tokio::test]
async fn index_and_client_routes_serve_the_app_but_api_paths_never_do() {
    let dist = fake_build();
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            frontend_dir: Some(dist.clone()),
            ..Options::default()
        },
    )
    .await;
    for path in ["/", "/home", "/product/abc", "/brands/xyz", "/loading-demo"] {
        let res = app.get(path).await;
        assert_eq!(res.status().as_u16(), 200, "{path}");
        assert!(
            res.text().await.expect("text").contains("<div id=root>"),
            "{path}"
        );
    }
    let res = app.get("/assets/app-1234.js").await;
    assert_eq!(res.status().as_u16(), 200);
    assert!(
        res.headers()["cache-control"]
            .to_str()
            .expect("ascii")
            .contains("immutable")
    );

    let (status, body) = app.get_json("/assets/missing-999.js").await;
    assert_eq!(status, 404);
    error_code(&body);
    let (status, body): (u16, Value) = app.get_json("/api/home").await;
    assert_eq!(status, 404);
    error_code(&body);
    let res = app
        .client
        .post(app.url("/home"))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 405);
    let _ = std::fs::remove_dir_all(dist);
}

#[tokio::test]
async fn a_missing_build_answers_503_with_the_fix() {
    let app = spawn_app(Backend::Sqlite).await;
    let (status, body) = app.get_json("/home").await;
    assert_eq!(status, 503);
    assert_eq!(error_code(&body), "FRONTEND_MISSING");
}

#[tokio::test]
async fn the_web_app_files_have_their_types_and_the_worker_is_never_kept_stale() {
    let dist = fake_build();
    std::fs::write(
        dist.join("sw.js"),
        "self.addEventListener('fetch', () => {});",
    )
    .expect("sw");
    std::fs::write(dist.join("manifest.webmanifest"), r#"{"name":"Casa"}"#).expect("manifest");
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            frontend_dir: Some(dist.clone()),
            ..Options::default()
        },
    )
    .await;
    for (path, content_type) in [
        ("/sw.js", "javascript"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/", "text/html"),
        ("/home", "text/html"),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status().as_u16(), 200, "{path}");
        let header = |name: &str| {
            res.headers()
                .get(name)
                .map(|value| value.to_str().expect("ascii").to_owned())
                .unwrap_or_default()
        };
        assert!(header("content-type").contains(content_type), "{path}");
        assert_eq!(header("cache-control"), "no-cache", "{path}");
    }
    let _ = std::fs::remove_dir_all(dist);
}
