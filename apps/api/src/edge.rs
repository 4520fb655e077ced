//! The HTTP edge's defences against hostile and broken clients: who the client is (through
//! trusted proxies only), a read deadline on request bodies, a cap on connections per client
//! address, `Strict-Transport-Security` over HTTPS, and the process's open-files limit.

use std::any::Any;
use std::cell::Cell;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use access::client::{self, Forwarding, ProxyHeader};
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Extensions, Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, ResponseError};
use futures_util::Stream;

use crate::error::ApiError;

/// A request the edge answers itself, before any handler.
#[derive(Debug, thiserror::Error)]
pub enum EdgeError {
    /// The body stalled past its read deadline; the connection is closed.
    #[error("The request body took too long to arrive. Please try again.")]
    RequestTimeout,
    /// The URI is over [`MAX_URI_BYTES`].
    #[error("The request's address is too long.")]
    UriTooLong,
    /// The headers are over [`MAX_HEADER_BYTES`].
    #[error("The request's headers are too large.")]
    HeadersTooLarge,
}

/// The JSON answer of an edge refusal.
fn answer(refusal: EdgeError) -> actix_web::HttpResponse {
    let refusal: ApiError = refusal.into();
    refusal.error_response()
}

/// The longest a request body may pause between two reads: a client that announced a body
/// and stopped sending it is answered 408 and cut off, so it cannot hold a connection (and a
/// file descriptor) for ever.
pub const BODY_IDLE_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest a whole request body may take (bodies are at most 64 KiB: seconds even on a
/// slow mobile link).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest an upload's body (`multipart/form-data`, at most 10 MB) may take: about
/// 0.7 Mbit/s for the largest, a poor mobile link.
pub const UPLOAD_BODY_TIMEOUT: Duration = Duration::from_secs(120);

/// The address of the request's client: the peer, or behind trusted proxies the right-most
/// hop of their forwarding header that they did not write themselves.
pub fn client_ip(req: &HttpRequest, forwarding: Forwarding) -> IpAddr {
    let peer = req
        .peer_addr()
        .map_or(IpAddr::from([0, 0, 0, 0]), |a: SocketAddr| a.ip());
    let Forwarding::Trust { header, .. } = forwarding else {
        return peer;
    };
    let values = header_values(req.headers(), forwarding_header(header));
    let hops = client::hops(header, &values);
    client::client_of(peer, &hops, forwarding)
}

/// The client's rate-limit bucket: its address, an IPv6 client's /64.
pub fn client_bucket(req: &HttpRequest, forwarding: Forwarding) -> String {
    client::bucket(client_ip(req, forwarding))
}

/// Whether the request reached the shop over HTTPS: only a trusted proxy can say so (the
/// server itself speaks plain HTTP), through the same hop it names the client with.
pub fn came_over_https(req: &HttpRequest, forwarding: Forwarding) -> bool {
    let Forwarding::Trust { header, proxies } = forwarding else {
        return false;
    };
    let protos: Vec<Option<String>> = match header {
        ProxyHeader::XForwardedFor => {
            header_values(req.headers(), HeaderName::from_static("x-forwarded-proto"))
                .iter()
                .flat_map(|v| v.split(','))
                .map(|p| Some(p.trim().to_owned()))
                .collect()
        }
        ProxyHeader::Forwarded => header_values(req.headers(), header::FORWARDED)
            .iter()
            .flat_map(|v| v.split(','))
            .map(|element| client::forwarded_param(element, "proto").map(str::to_owned))
            .collect(),
    };
    let index = protos.len().saturating_sub(usize::from(proxies.max(1)));
    protos
        .get(index)
        .and_then(Option::as_deref)
        .is_some_and(|proto| proto.eq_ignore_ascii_case("https"))
}

fn forwarding_header(header: ProxyHeader) -> HeaderName {
    match header {
        ProxyHeader::XForwardedFor => HeaderName::from_static("x-forwarded-for"),
        ProxyHeader::Forwarded => header::FORWARDED,
    }
}

fn header_values(headers: &HeaderMap, name: HeaderName) -> Vec<&str> {
    headers
        .get_all(name)
        .filter_map(|v| v.to_str().ok())
        .collect()
}

/// `Strict-Transport-Security` for a year on every answer that went out over HTTPS (the public
/// URL is HTTPS, or a trusted proxy says the request came over HTTPS): browsers then never
/// try the shop over plain HTTP, where a network attacker could strip the TLS.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// Adds [`HSTS`] to answers over HTTPS; `always` when the public URL is HTTPS.
pub async fn strict_transport(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let edge = req.app_data::<actix_web::web::Data<Edge>>().cloned();
    let https =
        edge.is_some_and(|e| e.public_https || came_over_https(req.request(), e.forwarding));
    let mut res = next.call(req).await?;
    if https {
        res.headers_mut().insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    Ok(res)
}

/// What the edge knows of the deployment: how far forwarding headers are believed and whether
/// the public URL is HTTPS.
#[derive(Clone, Copy, Debug)]
pub struct Edge {
    pub forwarding: Forwarding,
    pub public_https: bool,
}

/// Gives every request body [`BODY_IDLE_TIMEOUT`] between reads and [`BODY_TIMEOUT`] in all
/// ([`UPLOAD_BODY_TIMEOUT`] for an upload's multipart form);
/// a body that misses either is answered 408 `REQUEST_TIMEOUT` and the connection is closed
/// (the framework closes a connection whose body was not read to its end).
pub async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let timed_out = Rc::new(Cell::new(false));
    if !matches!(req.parts().1, Payload::None) {
        let is_upload = req
            .headers()
            .get(actix_web::http::header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"multipart/form-data"));
        let whole = if is_upload {
            UPLOAD_BODY_TIMEOUT
        } else {
            BODY_TIMEOUT
        };
        let inner = req.take_payload();
        let timed: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(TimedBody {
            inner,
            idle: Box::pin(actix_web::rt::time::sleep(BODY_IDLE_TIMEOUT)),
            whole: Box::pin(actix_web::rt::time::sleep(whole)),
            timed_out: Rc::clone(&timed_out),
            over: false,
        });
        req.set_payload(Payload::from(timed));
    }
    let res = next.call(req).await?;
    if !timed_out.get() {
        return Ok(res.map_into_left_body());
    }
    let (http, _) = res.into_parts();
    let mut answer = answer(EdgeError::RequestTimeout);
    answer
        .head_mut()
        .set_connection_type(actix_web::http::ConnectionType::Close);
    Ok(ServiceResponse::new(http, answer).map_into_right_body())
}

/// A request body that fails with a timed-out error once it stalls past its deadlines.
struct TimedBody {
    inner: Payload,
    idle: Pin<Box<actix_web::rt::time::Sleep>>,
    whole: Pin<Box<actix_web::rt::time::Sleep>>,
    timed_out: Rc<Cell<bool>>,
    over: bool,
}

impl Stream for TimedBody {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.over {
            return Poll::Ready(None);
        }
        match Pin::new(&mut this.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                let next = actix_web::rt::time::Instant::now() + BODY_IDLE_TIMEOUT;
                this.idle.as_mut().reset(next);
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Ready(other) => Poll::Ready(other),
            Poll::Pending => {
                if this.idle.as_mut().poll(cx).is_ready() || this.whole.as_mut().poll(cx).is_ready()
                {
                    this.over = true;
                    this.timed_out.set(true);
                    Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                        std::io::ErrorKind::TimedOut,
                        "the request body stalled",
                    )))))
                } else {
                    Poll::Pending
                }
            }
        }
    }
}

/// The longest request URI (path and query) read: longer ones answer 414 `URI_TOO_LONG`.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// The most header bytes read (names and values): more answer 431 `HEADERS_TOO_LARGE`.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;

/// Answers requests whose URI or headers are over [`MAX_URI_BYTES`] / [`MAX_HEADER_BYTES`]
/// with a JSON 414 / 431 before any routing. Heads the framework's parser itself refuses
/// (over 128 KiB or 96 headers, or a request line that is not HTTP) never reach this: the
/// parser answers those with a bodiless 431 or 400 and closes the connection.
pub async fn head_limits(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let uri = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    let headers: usize = req
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    let refusal = if uri > MAX_URI_BYTES {
        Some(EdgeError::UriTooLong)
    } else if headers > MAX_HEADER_BYTES {
        Some(EdgeError::HeadersTooLarge)
    } else {
        None
    };
    match refusal {
        None => Ok(next.call(req).await?.map_into_left_body()),
        Some(error) => {
            let (http, _) = req.into_parts();
            Ok(ServiceResponse::new(http, answer(error)).map_into_right_body())
        }
    }
}

/// Open connections per client address, capped: one address cannot take every file
/// descriptor of the process. The cap is by the connection's peer, so it is off behind a
/// trusted proxy (every connection comes from the proxy, which must cap them itself).
#[derive(Clone, Debug)]
pub struct ConnectionCap {
    per_client: u32,
    open: Arc<Mutex<HashMap<String, u32>>>,
}

/// One counted connection; dropped with the connection, which gives its place back.
#[derive(Debug)]
struct Counted {
    key: String,
    open: Arc<Mutex<HashMap<String, u32>>>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// What a connection over the cap is told before it is closed.
const OVER_CAP_ANSWER: &[u8] = b"HTTP/1.1 429 Too Many Requests\r\n\
content-type: application/json\r\nretry-after: 5\r\nconnection: close\r\ncontent-length: 92\r\n\r\n\
{\"error\":\"Too many connections from your address. Please try again.\",\"code\":\"RATE_LIMITED\"}\n";

impl ConnectionCap {
    pub fn new(per_client: u32) -> Self {
        Self {
            per_client,
            open: Arc::default(),
        }
    }

    /// Counts a new connection (`HttpServer::on_connect`); one over the cap is answered 429
    /// and shut down at once, before any of it is read.
    pub fn on_connect(&self, conn: &dyn Any, data: &mut Extensions) {
        let Some(stream) = conn.downcast_ref::<actix_web::rt::net::TcpStream>() else {
            return;
        };
        let Ok(peer) = stream.peer_addr() else {
            return;
        };
        let key = client::bucket(peer.ip());
        let admitted = {
            let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
            let count = open.entry(key.clone()).or_insert(0);
            if *count < self.per_client {
                *count += 1;
                true
            } else {
                false
            }
        };
        if admitted {
            data.insert(Counted {
                key,
                open: Arc::clone(&self.open),
            });
            return;
        }
        tracing::warn!(client = %key, cap = self.per_client, "connection refused: too many open from this address");
        // A best effort: the socket is fresh, so the small answer fits its send buffer.
        let socket = socket2::SockRef::from(stream);
        let _ = socket.send(OVER_CAP_ANSWER);
        let _ = socket.shutdown(std::net::Shutdown::Both);
    }

    /// Connections open now from `bucket` (for tests and logs).
    pub fn open_from(&self, bucket: &str) -> u32 {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        open.get(bucket).copied().unwrap_or(0)
    }
}

/// Raises the soft open-files limit to the hard one: every connection is a file descriptor,
/// and the usual soft default (1,024) is reached by a modest crowd. Logs both.
pub fn raise_open_files_limit() {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let before = getrlimit(Resource::Nofile);
    let show = |n: Option<u64>| n.map_or_else(|| "unlimited".to_owned(), |n| n.to_string());
    if before.current == before.maximum {
        tracing::info!(
            soft = %show(before.current),
            hard = %show(before.maximum),
            "open-files limit"
        );
        return;
    }
    let raised = Rlimit {
        current: before.maximum,
        maximum: before.maximum,
    };
    match setrlimit(Resource::Nofile, raised) {
        Ok(()) => tracing::info!(
            soft_was = %show(before.current),
            soft = %show(before.maximum),
            hard = %show(before.maximum),
            "open-files limit raised to the hard limit"
        ),
        Err(e) => tracing::warn!(
            soft = %show(before.current),
            hard = %show(before.maximum),
            error = %e,
            "could not raise the open-files limit"
        ),
    }
}

#[cfg(test)]
mod tests {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

    #[test]
    fn the_soft_open_files_limit_is_raised_to_the_hard_one() {
        let start = getrlimit(Resource::Nofile);
        // Lowered first, so the raise has something to do whatever the test runner set.
        let lowered = Rlimit {
            current: Some(start.maximum.map_or(1024, |hard| hard.min(1024))),
            maximum: start.maximum,
        };
        setrlimit(Resource::Nofile, lowered).expect("lowering the soft limit");
        super::raise_open_files_limit();
        let raised = getrlimit(Resource::Nofile);
        assert_eq!(raised.current, raised.maximum);
        assert_eq!(raised.maximum, start.maximum);
    }
}
