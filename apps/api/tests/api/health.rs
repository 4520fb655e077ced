use crate::helpers::{Backend, spawn_app};
use crate::on_both_backends;

on_both_backends!(live_and_ready);

async fn live_and_ready(backend: Backend) {
    let expected = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres { .. } => "postgres",
    };
    let app = spawn_app(backend).await;
    let (status, body) = app.get_json("/healthz").await;
    assert_eq!((status, body["status"].as_str()), (200, Some("ok")));
    let (status, body) = app.get_json("/readyz").await;
    assert_eq!(status, 200);
    assert_eq!(body["database"], expected);
}

#[tokio::test]
async fn readiness_answers_503_while_the_database_is_gone_and_browsing_goes_on() {
    let Some(backend) = Backend::postgres() else {
        return;
    };
    let app = spawn_app(backend).await;
    assert_eq!(app.get_json("/readyz").await.0, 200);
    app.drop_postgres_database();
    let (status, body) = app.get_json("/readyz").await;
    assert_eq!(status, 503);
    assert_eq!(crate::helpers::error_code(&body), "SERVICE_UNAVAILABLE");
    assert!(
        !body["error"]
            .as_str()
            .unwrap_or_default()
            .contains("postgres"),
        "no internals leak: {body}"
    );
    // The catalogue is in memory: shoppers keep browsing while the database is away.
    let (status, body) = app.get_json("/api/products?limit=1").await;
    assert_eq!(status, 200);
    assert_eq!(body.as_array().map(Vec::len), Some(1));
    assert_eq!(
        app.get_json("/healthz").await.0,
        200,
        "liveness does not depend on the database"
    );
}
