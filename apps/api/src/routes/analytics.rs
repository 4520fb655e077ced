//! Swipes and trending (000 §3, §4, §7): a shopper's likes and dislikes, the undo of the last
//! one, and the community's ranking read from the rollups the swipes keep.

use actix_web::http::header::{CacheControl, CacheDirective, ContentType};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::routes::params;
use crate::services::swipes;
use crate::services::swipes::wire::{SwipeAnswer, SwipeInput, SwipeRequest, UndoAnswer};
use crate::services::trending::cache::Key;
use crate::services::trending::{self, MAX_TRENDING_LIMIT, TrendingAnswer, TrendingError};
use crate::state::AppState;

/// Seconds a shared cache (a CDN) may keep a trending answer.
pub const TRENDING_SHARED_MAX_AGE: u32 = 30;

/// Records a like or dislike of the signed-in shopper; a like adds the product to the curated
/// list, and a second swipe of the same product replaces the first.
#[utoipa::path(
    post,
    path = "/api/analytics/track-swipe",
    tag = "analytics",
    request_body = SwipeRequest,
    responses(
        (status = 201, body = SwipeAnswer, description = "The swipe, stored"),
        (status = 400, body = crate::error::ErrorBody, description = "A bad action, product id, session id or device info"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "userId names someone else"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn track_swipe(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<SwipeRequest>,
) -> Result<HttpResponse, ApiError> {
    let user = caller.id().clone();
    let input = SwipeInput::try_from((body.into_inner(), &user))?;
    let swipe = swipes::swipe(&state, &user, input).await?;
    Ok(HttpResponse::Created().json(SwipeAnswer {
        success: true,
        data: swipe,
    }))
}

/// Reverses the signed-in shopper's latest swipe: its counts, the curated-list entry it added,
/// and the earlier swipe of the product it had replaced.
#[utoipa::path(
    delete,
    path = "/api/analytics/swipes/last",
    tag = "analytics",
    responses(
        (status = 200, body = UndoAnswer, description = "What was undone"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "There is no swipe to undo."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn undo_last(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    let undone = swipes::undo_last(&state, caller.id()).await?;
    Ok(HttpResponse::Ok().json(UndoAnswer {
        success: true,
        data: undone,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrendingParams {
    /// `24h`, `7d` (default) or `30d`.
    #[serde(rename = "timeWindow")]
    #[param(rename = "timeWindow", pattern = "^(24h|7d|30d)?$")]
    pub time_window: Option<String>,
    /// 1 to 100, default 20; applied after the gender filter.
    #[param(pattern = "^([1-9]|[1-9][0-9]|100)?$")]
    pub limit: Option<String>,
    /// `M`, `W` or `U` (or `male`, `female`, `unisex`, `men`, `women`, any case).
    #[param(
        pattern = "^(M|W|U|m|w|u|male|female|unisex|men|women|MALE|FEMALE|UNISEX|MEN|WOMEN)?$"
    )]
    pub gender: Option<String>,
}

impl TrendingParams {
    fn key(&self) -> Result<Key, TrendingError> {
        let window =
            trending::window(params::text("timeWindow", self.time_window.as_deref(), 10)?)?;
        let gender = trending::gender(params::text("gender", self.gender.as_deref(), 10)?)?;
        let limit = params::whole(
            "limit",
            self.limit.as_deref(),
            ::trending::TRENDS_LIMIT,
            1,
            MAX_TRENDING_LIMIT,
        )
        .map_err(TrendingError::InvalidLimit)?;
        Ok(Key {
            window,
            gender,
            limit,
        })
    }
}

/// The products the community swiped most favourably in a window, best first.
#[utoipa::path(
    get,
    path = "/api/analytics/trending-products",
    tag = "analytics",
    params(TrendingParams),
    responses(
        (status = 200, body = TrendingAnswer, description = "The ranking"),
        (status = 400, body = crate::error::ErrorBody, description = "A bad timeWindow, gender or limit"),
    ),
)]
pub async fn trending_products(
    state: web::Data<AppState>,
    query: web::Query<TrendingParams>,
) -> Result<HttpResponse, ApiError> {
    let body = trending::trending(&state, query.key()?).await?;
    Ok(trending_answer(body))
}

/// A trending answer: anyone may keep it, shared caches (a CDN) for
/// [`TRENDING_SHARED_MAX_AGE`] seconds, browsers not at all, so a shopper's own swipe shows on
/// their next look once it is folded (moments after it is stored).
fn trending_answer(body: Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(0),
            CacheDirective::Extension("s-maxage".into(), Some(TRENDING_SHARED_MAX_AGE.to_string())),
        ]))
        .content_type(ContentType::json())
        .body(body)
}
