//! The layer around every request: its id (`X-Request-Id`, an incoming one kept when sane), a
//! tracing span carrying that id around everything logged while it is handled, its metrics, and
//! one log line when it is answered.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use actix_web::body::MessageBody;
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
///
/// A layer inside that fails with an error (rather than an error answer) leaves no request to
/// label: the error goes on as it is (the server answers it), counted under `unmatched` and
/// logged with the id, but its answer has no `X-Request-Id`.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let id = req
        .headers()
        .get(&REQUEST_ID)
        .filter(|v| sane_request_id(v))
        .cloned()
        .unwrap_or_else(new_request_id);
    let span = tracing::info_span!("request", request_id = id.to_str().unwrap_or_default());
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let method = req.method().clone();
    let outcome = next.call(req).instrument(span.clone()).await;
    let elapsed = started.elapsed();
    let micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX);
    let _entered = span.enter();
    let mut res = match outcome {
        Ok(res) => res,
        Err(e) => {
            let status = e.as_response_error().status_code().as_u16();
            if let Some(state) = state {
                state.metrics.observe_parts(&method, None, status, elapsed);
            }
            tracing::warn!(%method, status, micros, error = %e, "request failed");
            return Err(e);
        }
    };
    res.headers_mut().insert(REQUEST_ID, id);
    let status = res.status().as_u16();
    if let Some(state) = state {
        state.metrics.observe(res.request(), status, elapsed);
    }
    let path = res.request().path();
    if status >= 500 {
        tracing::warn!(%method, path, status, micros, "request");
    } else {
        tracing::info!(%method, path, status, micros, "request");
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use actix_web::middleware::from_fn;
    use actix_web::test as actix_test;
    use actix_web::{App, web};

    use super::*;

    /// Log output kept in memory.
    #[derive(Clone, Default)]
    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Lines {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("lock").extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn sane_ids_are_short_visible_ascii() {
        let sane = |s: &str| sane_request_id(&HeaderValue::from_str(s).expect("a header"));
        assert!(sane("abc-123"));
        assert!(sane("a/b:c.d_e=f"));
        assert!(sane(&"x".repeat(REQUEST_ID_MAX)));
        assert!(!sane(&"x".repeat(REQUEST_ID_MAX + 1)));
        assert!(!sane(""));
        assert!(!sane("two words"));
        assert!(!sane("tab\there"));
        let bytes = HeaderValue::from_bytes(b"caf\xc3\xa9").expect("a header");
        assert!(!sane_request_id(&bytes));
    }

    #[actix_web::test]
    async fn every_log_line_of_a_request_carries_its_id() {
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .json()
            .with_writer(move || writer.clone())
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let app = actix_test::init_service(App::new().wrap(from_fn(observe)).route(
            "/thing/{id}",
            web::get().to(|| async {
                tracing::info!("inside the handler");
                "ok"
            }),
        ))
        .await;
        let asked = actix_test::TestRequest::get()
            .uri("/thing/1")
            .insert_header(("x-request-id", "edge-42"))
            .to_request();
        let res = actix_test::call_service(&app, asked).await;
        assert_eq!(
            res.headers().get(&REQUEST_ID).map(|v| v.as_bytes()),
            Some(&b"edge-42"[..])
        );
        let fresh = actix_test::call_service(
            &app,
            actix_test::TestRequest::get().uri("/thing/2").to_request(),
        )
        .await;
        let fresh_id = fresh
            .headers()
            .get(&REQUEST_ID)
            .and_then(|v| v.to_str().ok())
            .expect("an id")
            .to_owned();
        assert_eq!(fresh_id.len(), 24);

        let text = String::from_utf8(lines.0.lock().expect("lock").clone()).expect("utf-8");
        let logged: Vec<&str> = text.lines().collect();
        assert_eq!(logged.len(), 4, "{text}");
        for (line, id) in logged
            .iter()
            .zip(["edge-42", "edge-42", &fresh_id, &fresh_id])
        {
            assert!(
                line.contains(&format!("\"request_id\":\"{id}\"")),
                "{line} lacks {id}"
            );
        }
        assert!(logged[0].contains("inside the handler"));
        assert!(logged[1].contains("\"status\":200") && logged[1].contains("/thing/1"));
    }
}
