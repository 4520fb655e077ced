//! Log output: human-readable lines by default, JSON lines with `SHOP_LOG_FORMAT=json`; the
//! level comes from `RUST_LOG` (default `info`).

use std::time::Instant;

use actix_web::Error;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
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

/// One log line per request: method, path, status and time taken.
pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let res = next.call(req).await?;
    let status = res.status().as_u16();
    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    if status >= 500 {
        tracing::warn!(%method, %path, status, micros, "request");
    } else {
        tracing::info!(%method, %path, status, micros, "request");
    }
    Ok(res)
}
