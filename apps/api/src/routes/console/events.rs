//! The brand console's live events: `GET /api/brand/events`, Server-Sent Events
//! (docs/http-api.md, "Live events").

use actix_web::{HttpRequest, HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::events::{self, BrandEvent, EventsQuery, StreamRequest};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(brand_events),
    components(schemas(BrandEvent)),
    tags((name = "brand console", description = "A brand's products, stock, images, imports, coupons and orders"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, resource};
    cfg.service(resource("/brand/events", get().to(brand_events)));
}

/// The brand's live events as Server-Sent Events: frames of `id: <seq>`, `event: <type>` and
/// `data: <BrandEvent as JSON>`, a `: heartbeat` comment every 15 s; `Last-Event-ID` (or
/// `lastEventId`) resumes after that event (events are kept 24 h).
#[utoipa::path(
    get,
    path = "/api/brand/events",
    tag = "brand console",
    params(
        EventsQuery,
        ("Last-Event-ID" = Option<String>, Header, description = "Resume after this event id (what the browser's EventSource sends on reconnecting)"),
    ),
    responses(
        (status = 200, content_type = "text/event-stream", body = String, description = "The event stream: each event `id: <seq>`, `event: <type>`, `data: ` a BrandEvent as JSON, then a blank line; a `: heartbeat` comment line every 15 s"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED: lastEventId (or Last-Event-ID) is not an event id, or brandId is too long"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found.: a brand user naming another brand, an admin naming no brand"),
        (status = 429, body = crate::error::ErrorBody, description = "TOO_MANY_STREAMS: the account has 5 streams open in this process"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn brand_events(
    state: web::Data<AppState>,
    caller: Caller,
    request: HttpRequest,
    query: web::Query<EventsQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let header = request
        .headers()
        .get("last-event-id")
        .map(|v| v.to_str().unwrap_or("invalid").to_owned());
    let asked = StreamRequest {
        token: crate::auth::presented_token(&request).map(|(token, _)| token),
        brand_id: query.brand_id,
        last_event_id: header.or(query.last_event_id),
    };
    let stream = events::open(&state, &caller, asked).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header(("Cache-Control", "no-store"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}
