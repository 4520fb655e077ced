//! Middleware every request passes: cross-site refusal before any handler, session renewal
//! and stale-cookie removal after it.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, ResponseError, web};

use super::caller::{Authenticated, Renewal, StaleCookie, Via};
use super::{AuthError, RENEWED_TOKEN_HEADER, SESSION_COOKIE};
use crate::error::ApiError;
use crate::state::AppState;

/// Origins other than the shop's own that may send unsafe requests (the configured CORS
/// origins and the public URL).
#[derive(Clone, Debug, Default)]
pub struct TrustedOrigins {
    /// Any origin (`SHOP_CORS_ORIGINS=*`).
    pub any: bool,
    /// The CORS origins.
    pub list: Vec<String>,
    /// The shop's public URL, which is its own origin even when a proxy changes `Host`.
    pub own: Option<String>,
}

fn is_unsafe(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// `https://host:port` -> `host:port`.
fn origin_host(origin: &str) -> Option<&str> {
    origin.split_once("://").map(|(_, host)| host)
}

/// Whether an unsafe request may go on. A browser sends `Origin` with every unsafe request;
/// one from another site is refused unless trusted. A request carrying the session cookie
/// must moreover show it comes from the shop's own pages, so a form on another site can
/// never act with a shopper's cookie.
fn cross_site_verdict(req: &ServiceRequest, trusted: &TrustedOrigins) -> Result<(), AuthError> {
    if !is_unsafe(req.method()) {
        return Ok(());
    }
    let header_text = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let origin = header_text("origin");
    let fetch_site = header_text("sec-fetch-site");
    let host = header_text("host");
    let same_origin = match &origin {
        Some(origin) => {
            trusted.own.as_deref() == Some(origin.as_str())
                || origin_host(origin).is_some_and(|o| Some(o) == host.as_deref())
        }
        None => matches!(fetch_site.as_deref(), Some("same-origin") | Some("none")),
    };
    let has_cookie = req.cookie(SESSION_COOKIE).is_some();
    let trusted_origin = origin
        .as_deref()
        .is_some_and(|o| trusted.any || trusted.list.iter().any(|t| t == o));
    let refused = match (&origin, has_cookie) {
        // A cookie rides along only from the shop's own pages.
        (_, true) => !same_origin,
        (Some(_), false) => !same_origin && !trusted_origin,
        (None, false) => fetch_site.as_deref() == Some("cross-site"),
    };
    if refused {
        return Err(AuthError::CrossSite);
    }
    Ok(())
}

/// Refuses cross-site unsafe requests; after the handler, sends a renewed session back the
/// way it came, and clears a session cookie the server no longer accepts.
pub async fn sessions(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, actix_web::Error> {
    let trusted = req
        .app_data::<web::Data<TrustedOrigins>>()
        .map(|t| t.get_ref().clone())
        .unwrap_or_default();
    if let Err(refusal) = cross_site_verdict(&req, &trusted) {
        let (http, _) = req.into_parts();
        let refusal: ApiError = refusal.into();
        let answer = refusal.error_response();
        return Ok(ServiceResponse::new(http, answer).map_into_right_body());
    }
    let mut res = next.call(req).await?;
    let personal = res.request().extensions().contains::<Authenticated>();
    // Only a trusted proxy may say the request came over HTTPS: a client's own
    // `X-Forwarded-Proto` must not decide the cookie's flags.
    let https = res
        .request()
        .app_data::<web::Data<crate::edge::Edge>>()
        .is_some_and(|edge| crate::edge::came_over_https(res.request(), edge.forwarding));
    let renewal = res.request().extensions_mut().remove::<Renewal>();
    let stale = res
        .request()
        .extensions_mut()
        .remove::<StaleCookie>()
        .is_some();
    let sessions = res
        .request()
        .app_data::<web::Data<AppState>>()
        .map(|s| s.sessions.clone());
    if let Some(sessions) = sessions {
        let success = res.status().is_success();
        match renewal {
            Some(Renewal {
                token,
                via: Via::Cookie,
            }) if success => {
                let cookie = sessions.cookie(token, https);
                if let Ok(value) = cookie.to_string().parse() {
                    res.headers_mut().append(header::SET_COOKIE, value);
                }
            }
            Some(Renewal {
                token,
                via: Via::Bearer,
            }) if success => {
                if let Ok(value) = token.parse() {
                    res.headers_mut()
                        .insert(header::HeaderName::from_static(RENEWED_TOKEN_HEADER), value);
                }
            }
            _ if stale && !res.headers().contains_key(header::SET_COOKIE) => {
                let cookie = sessions.removal_cookie(https);
                if let Ok(value) = cookie.to_string().parse() {
                    res.headers_mut().append(header::SET_COOKIE, value);
                }
            }
            _ => {}
        }
    }
    // Answers about a person, or that set their session, are never kept by shared caches.
    if personal || res.headers().contains_key(header::SET_COOKIE) {
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-store"),
        );
    }
    Ok(res.map_into_left_body())
}
