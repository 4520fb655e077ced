//! `GET /metrics`: the names and types of the metrics, label sets that stay bounded whatever
//! paths are asked, the metrics' own listener, and the request id on every answer.

use std::collections::BTreeSet;

use crate::helpers::{Backend, Options, spawn_app, spawn_app_with};
use crate::on_both_backends;

on_both_backends!(
    metrics_name_every_figure_with_its_type,
    label_sets_do_not_grow_with_raw_paths,
    every_answer_carries_a_request_id,
);

/// Every metric and its Prometheus type, as documented in docs/operations.md.
const METRICS: [(&str, &str); 20] = [
    ("shop_http_requests_total", "counter"),
    ("shop_http_request_duration_seconds", "histogram"),
    ("shop_build_info", "gauge"),
    ("shop_db_pool_connections", "gauge"),
    ("shop_db_pool_idle_connections", "gauge"),
    ("shop_db_pool_max_connections", "gauge"),
    ("shop_db_pool_checkouts_total", "counter"),
    ("shop_db_pool_wait_seconds_total", "counter"),
    ("shop_db_pool_timeouts_total", "counter"),
    ("shop_catalogue_products", "gauge"),
    ("shop_catalogue_lag_seconds", "gauge"),
    ("shop_catalogue_changes_behind", "gauge"),
    ("shop_swipe_log_pending", "gauge"),
    ("shop_reservations_open", "gauge"),
    ("shop_settler_lapsed_backlog", "gauge"),
    ("shop_settler_refunds_backlog", "gauge"),
    ("shop_refunds", "gauge"),
    ("shop_rate_limit_refusals_total", "counter"),
    // Not metrics of their own: the histogram's parts.
    ("shop_http_request_duration_seconds_bucket", ""),
    ("shop_http_request_duration_seconds_count", ""),
];

async fn scrape(app: &crate::helpers::TestApp, base: &str) -> String {
    let res = app
        .client
        .get(format!("{base}/metrics"))
        .send()
        .await
        .expect("scrape");
    assert_eq!(res.status().as_u16(), 200);
    let content_type = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(
        content_type.starts_with("text/plain; version=0.0.4"),
        "{content_type}"
    );
    res.text().await.expect("a text body")
}

/// The series of a scrape: every sample line's name and labels, without its value.
fn series(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            l.rsplit_once(' ')
                .map_or(l, |(series, _)| series)
                .to_owned()
        })
        .collect()
}

async fn some_product(app: &crate::helpers::TestApp) -> String {
    let (status, body) = app.get_json("/api/products?limit=1").await;
    assert_eq!(status, 200);
    body[0]["_id"].as_str().expect("a product").to_owned()
}

async fn metrics_name_every_figure_with_its_type(backend: Backend) {
    let app = spawn_app(backend).await;
    let id = some_product(&app).await;
    assert_eq!(
        app.get(&format!("/api/products/id/{id}")).await.status(),
        200
    );
    assert_eq!(app.get("/healthz").await.status(), 200);
    assert_eq!(app.get("/api/no-such-route").await.status(), 404);
    // A second code for one e-mail within 30 seconds is refused by its rate limit.
    assert_eq!(app.generate_otp("metrics@example.com").await.0, 200);
    assert_eq!(app.generate_otp("metrics@example.com").await.0, 429);

    let text = scrape(&app, &app.address).await;
    for (name, kind) in METRICS {
        if kind.is_empty() {
            assert!(
                text.contains(&format!("\n{name}{{")),
                "{name} missing:\n{text}"
            );
        } else {
            assert!(
                text.contains(&format!("# TYPE {name} {kind}\n")),
                "# TYPE {name} {kind} missing:\n{text}"
            );
            assert!(
                text.contains(&format!("# HELP {name} ")),
                "no help for {name}"
            );
        }
    }
    let version = env!("CARGO_PKG_VERSION");
    assert!(text.contains(&format!("shop_build_info{{version=\"{version}\"}} 1\n")));
    // By route template, never the raw path or the id.
    assert!(
        text.contains(
            "shop_http_requests_total{method=\"GET\",route=\"/api/products/id/{id}\",status=\"2xx\"} 1\n"
        ),
        "{text}"
    );
    assert!(text.contains("route=\"/healthz\",status=\"2xx\"} 1\n"));
    assert!(!text.contains(&id), "a product id leaked into the labels");
    assert!(
        !text.contains("no-such-route"),
        "a raw path leaked into the labels"
    );
    assert!(
        text.contains("shop_rate_limit_refusals_total{limit=\"code:email\"} 1\n"),
        "{text}"
    );
    assert!(text.contains("shop_refunds{state=\"completed\"} 0\n"));
    assert!(text.contains("shop_reservations_open 0\n"));
    assert!(text.contains("shop_catalogue_lag_seconds 0"));
    let products = text
        .lines()
        .find_map(|l| l.strip_prefix("shop_catalogue_products "))
        .and_then(|n| n.parse::<u64>().ok());
    assert!(products.is_some_and(|n| n > 0), "{products:?}");
    let checkouts = text
        .lines()
        .find_map(|l| l.strip_prefix("shop_db_pool_checkouts_total "))
        .and_then(|n| n.parse::<u64>().ok());
    assert!(checkouts.is_some_and(|n| n > 0), "{checkouts:?}");
}

async fn label_sets_do_not_grow_with_raw_paths(backend: Backend) {
    let app = spawn_app(backend).await;
    let id = some_product(&app).await;
    let visit = |round: usize| {
        let app = &app;
        let id = id.clone();
        async move {
            for i in 0..20 {
                let n = round * 100 + i;
                app.get(&format!("/api/products/id/{id}")).await;
                app.get(&format!("/api/products/id/no-such-product-{n}"))
                    .await;
                app.get(&format!("/api/brands/no-such-brand-{n}")).await;
                app.get(&format!("/api/unknown-{n}")).await;
                app.get(&format!("/unknown/{n}/page")).await;
                app.get(&format!("/assets/missing-{n}.js")).await;
                app.client
                    .delete(app.url(&format!("/api/products/id/{n}")))
                    .send()
                    .await
                    .expect("send");
            }
        }
    };
    visit(1).await;
    // The first scrape counts itself: its own series show from the second on.
    scrape(&app, &app.address).await;
    let first = series(&scrape(&app, &app.address).await);
    visit(2).await;
    visit(3).await;
    let text = scrape(&app, &app.address).await;
    let second = series(&text);
    assert_eq!(
        first,
        second,
        "new series after more distinct paths: {:?}",
        second.symmetric_difference(&first).collect::<Vec<_>>()
    );
    assert!(!text.contains("no-such"), "a raw path leaked:\n{text}");
    assert!(!text.contains("unknown-"), "a raw path leaked:\n{text}");
    assert!(text.contains("route=\"unmatched\""), "{text}");
    assert!(text.contains("route=\"frontend\""), "{text}");
}

async fn every_answer_carries_a_request_id(backend: Backend) {
    let app = spawn_app(backend).await;
    let id_of = |res: &reqwest::Response| {
        res.headers()
            .get("x-request-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let a = app.get("/healthz").await;
    let b = app.get("/api/no-such-route").await;
    let (a, b) = (id_of(&a), id_of(&b));
    assert!(a.as_ref().is_some_and(|id| !id.is_empty()), "{a:?}");
    assert!(b.is_some());
    assert_ne!(a, b, "every request has its own id");

    let ask = |value: String| {
        let app = &app;
        async move {
            let res = app
                .client
                .get(app.url("/api/products?limit=1"))
                .header("x-request-id", value)
                .send()
                .await
                .expect("send");
            assert_eq!(res.status().as_u16(), 200);
            id_of(&res).expect("an id")
        }
    };
    // A sane incoming id is kept, so one id follows a call through the proxies and the logs.
    let sane = "edge-7f3a/42:b.c_d".to_owned();
    assert_eq!(ask(sane.clone()).await, sane);
    let longest = "x".repeat(128);
    assert_eq!(ask(longest.clone()).await, longest);
    // Too long, or with spaces or other invisible characters: replaced with a new one.
    for refused in [
        "y".repeat(129),
        "two words".to_owned(),
        "tab\tbed".to_owned(),
    ] {
        let answered = ask(refused.clone()).await;
        assert_ne!(answered, refused);
        assert!(
            answered.bytes().all(|b| b.is_ascii_hexdigit()),
            "{answered}"
        );
    }
}

#[tokio::test]
async fn the_metrics_listener_keeps_metrics_off_the_public_port() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            metrics_addr: Some("127.0.0.1:0".parse().expect("addr")),
            ..Options::default()
        },
    )
    .await;
    let metrics = app.metrics_address.clone().expect("a metrics listener");
    assert_eq!(app.get("/healthz").await.status(), 200);
    let text = scrape(&app, &metrics).await;
    assert!(text.contains("route=\"/healthz\""), "{text}");
    let public = app.get("/metrics").await;
    assert_ne!(public.status().as_u16(), 200, "metrics on the public port");
    let body = public.text().await.unwrap_or_default();
    assert!(!body.contains("shop_http_requests_total"));
}
