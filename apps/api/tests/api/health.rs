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
