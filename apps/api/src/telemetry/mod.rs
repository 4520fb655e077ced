//! Log output: human-readable lines by default, JSON lines with `SHOP_LOG_FORMAT=json`; the
//! level comes from `RUST_LOG` (default `info`). Every line logged while a request is handled
//! carries its id (the `request` span's `request_id`, see [`request`]); the process's metrics
//! are in [`metrics`].

pub mod metrics;
pub mod request;

pub use metrics::Metrics;

use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;

/// Installs the global subscriber; a second call (as in tests) is ignored.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // A log line that cannot be written (stdout on a full disk) is dropped: by default the
    // subscriber reports it with `eprintln!`, which panics when stderr is on that disk too, and
    // the panic killed whatever thread was logging (a swipe writer, for good).
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .log_internal_errors(false);
    let _ = match format {
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
        LogFormat::Pretty => builder.try_init(),
    };
}

/// `GET /metrics`: every metric of the process in the Prometheus text format.
pub async fn scrape(
    state: actix_web::web::Data<crate::state::AppState>,
) -> actix_web::HttpResponse {
    let text = Metrics::render(&state).await;
    actix_web::HttpResponse::Ok()
        .content_type(metrics::CONTENT_TYPE)
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(text)
}

/// Adds `GET /metrics` to an app.
pub fn configure(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.route("/metrics", actix_web::web::get().to(scrape));
}

/// The metrics' own server on `listener` (`SHOP_METRICS_ADDR`): `GET /metrics` only, one
/// worker, each answer with its request id; its port.
pub fn metrics_server(
    listener: std::net::TcpListener,
    state: actix_web::web::Data<crate::state::AppState>,
) -> std::io::Result<(u16, actix_web::dev::Server)> {
    let port = listener.local_addr()?.port();
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(state.clone())
            .wrap(actix_web::middleware::from_fn(request::observe))
            .configure(configure)
    })
    .workers(1)
    .disable_signals()
    .listen(listener)?
    .run();
    Ok((port, server))
}
