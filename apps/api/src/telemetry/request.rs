//! The layer around every request: its id (`X-Request-Id`, an incoming one kept when sane), a
//! tracing span carrying that id around everything logged while it is handled, its metrics, and
//! one log line when it is answered.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, web};
use tracing::Instrument;

use crate::state::AppState;

/// The header a request id travels in, both ways.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest incoming request id kept; a longer one is replaced.
pub const REQUEST_ID_MAX: usize = 128;

/// The incoming id when it is sane: 1 to [`REQUEST_ID_MAX`] visible ASCII characters (no
/// spaces, no control characters, nothing a log line or a header could be split on).
pub fn sane_request_id(value: &HeaderValue) -> bool {
    let bytes = value.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= REQUEST_ID_MAX
        && bytes.iter().all(|b| (0x21..=0x7e).contains(b))
}

/// A new id: this process's random prefix and a counter, as 24 hex digits (unique across
/// processes without a clock read or a random draw per request).
fn new_request_id() -> HeaderValue {
    static PREFIX: OnceLock<u64> = OnceLock::new();
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let prefix = *PREFIX.get_or_init(|| uuid::Uuid::now_v7().as_u128() as u64);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let text = format!("{:016x}{:08x}", prefix, n & 0xffff_ffff);
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static("unknown"))
}

/// Gives the request its id and span, counts it in the metrics, logs it (method, path,
/// status, time taken) and answers its id in `X-Request-Id`.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let started = Instant::now();
    let id = req
        .headers()
        .get(&REQUEST_ID)
        .filter(|v| sane_request_id(v))
        .cloned()
        .unwrap_or_else(new_request_id);
    let span = tracing::info_span!("request", request_id = id.to_str().unwrap_or_default());
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let http = req.request().clone();
    let outcome = next.call(req).instrument(span.clone()).await;
    let mut res = match outcome {
        Ok(res) => {
            drop(http);
            res.map_into_left_body()
        }
        Err(e) => ServiceResponse::from_err(e, http).map_into_right_body(),
    };
    res.headers_mut().insert(REQUEST_ID, id);
    let status = res.status().as_u16();
    let elapsed = started.elapsed();
    if let Some(state) = state {
        state.metrics.observe(res.request(), status, elapsed);
    }
    let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    let _entered = span.enter();
    let method = res.request().method();
    let path = res.request().path();
    if status >= 500 {
        tracing::warn!(%method, path, status, micros, "request");
    } else {
        tracing::info!(%method, path, status, micros, "request");
    }
    Ok(res)
}
