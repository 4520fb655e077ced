//! Address search (001 §3 parsed place, §7 maps service): suggestions for what a shopper types
//! in the address wizard, a suggestion's address parts, and the place nearest a point for the
//! login sheet's location detection. When the address service fails, the answer is 503
//! `PLACES_UNAVAILABLE` and the wizard lets the shopper type the address.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::ApiError;
use crate::routes::params;
use crate::services::addresses::places::{self as search, Point, Search};
pub use crate::services::addresses::wire::{
    AutocompleteAnswer, Location, ParsedPlace, PlaceAnswer, Prediction, Predictions,
};
use crate::state::AppState;

/// The most characters a query or session token may have.
const MAX_QUERY_CHARS: usize = 100;
const MAX_SESSION_CHARS: usize = 100;
/// Suggestions an answer holds unless `limit` says fewer.
const DEFAULT_SUGGESTIONS: usize = 5;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AutocompleteParams {
    /// What the shopper typed: a locality, post office, district or pincode, at least 2
    /// characters.
    #[param(value_type = String, min_length = 2, max_length = 100, pattern = "\\S[\\s\\S]*\\S")]
    pub q: Option<String>,
    /// The wizard's session token, reused until a place is picked (at most 100 characters).
    #[param(max_length = 100)]
    pub session: Option<String>,
    /// Suggestions wanted, 1 to 10 (default 5).
    #[param(pattern = "^([1-9]|10)?$")]
    pub limit: Option<String>,
}

/// Suggestions for what was typed, India only.
#[utoipa::path(
    get,
    path = "/api/places/autocomplete",
    tag = "places",
    params(AutocompleteParams),
    responses(
        (status = 200, body = AutocompleteAnswer, description = "Up to `limit` suggestions, best first; none when nothing matches"),
        (status = 400, body = crate::error::ErrorBody, description = "q is missing, shorter than 2 or longer than 100 characters, or session or limit is invalid"),
        (status = 429, body = crate::error::ErrorBody, description = "Over 1,200 searches in ten minutes from this client address; `retryAfter` seconds to wait"),
        (status = 503, body = crate::error::ErrorBody, description = "Address search is unavailable. You can type your address manually. (PLACES_UNAVAILABLE)"),
    ),
)]
pub async fn autocomplete(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<AutocompleteParams>,
) -> Result<HttpResponse, ApiError> {
    let typed = params::text("q", query.q.as_deref(), MAX_QUERY_CHARS)?;
    let session = params::text("session", query.session.as_deref(), MAX_SESSION_CHARS)?;
    let limit = params::whole(
        "limit",
        query.limit.as_deref(),
        DEFAULT_SUGGESTIONS,
        1,
        places::MAX_SUGGESTIONS,
    )?;
    let client = crate::edge::client_bucket(&req, state.forwarding);
    let predictions = search::suggest(&state, &client, Search::new(typed, session, limit)?).await?;
    Ok(HttpResponse::Ok().json(AutocompleteAnswer {
        success: true,
        data: Predictions { predictions },
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DetailParams {
    /// The session token the suggestions were asked with (at most 100 characters); picking a
    /// place ends the session.
    #[param(max_length = 100)]
    pub session: Option<String>,
}

/// A suggestion's address parts.
#[utoipa::path(
    get,
    path = "/api/places/{placeId}",
    operation_id = "place_detail",
    tag = "places",
    params(("placeId" = String, Path, description = "A suggestion's placeId"), DetailParams),
    responses(
        (status = 200, body = PlaceAnswer, description = "The place"),
        (status = 400, body = crate::error::ErrorBody, description = "session is longer than 100 characters"),
        (status = 404, body = crate::error::ErrorBody, description = "Place not found."),
        (status = 503, body = crate::error::ErrorBody, description = "Address search is unavailable. You can type your address manually. (PLACES_UNAVAILABLE)"),
    ),
)]
pub async fn detail(
    state: web::Data<AppState>,
    id: web::Path<String>,
    query: web::Query<DetailParams>,
) -> Result<HttpResponse, ApiError> {
    let session = params::text("session", query.session.as_deref(), MAX_SESSION_CHARS)?;
    let place = search::detail(&state, &id, session).await?;
    Ok(HttpResponse::Ok().json(PlaceAnswer {
        success: true,
        data: place,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReverseParams {
    /// Latitude in degrees, -90 to 90.
    #[param(value_type = f64, minimum = -90, maximum = 90)]
    pub lat: Option<String>,
    /// Longitude in degrees, -180 to 180.
    #[param(value_type = f64, minimum = -180, maximum = 180)]
    pub lon: Option<String>,
}

/// The place with a pincode nearest a point (its pincode, city and state): the nearest post
/// office's, or Google's reverse geocoding.
#[utoipa::path(
    get,
    path = "/api/places/reverse",
    tag = "places",
    params(ReverseParams),
    responses(
        (status = 200, body = PlaceAnswer, description = "The nearest place"),
        (status = 400, body = crate::error::ErrorBody, description = "lat or lon is missing or not a coordinate"),
        (status = 404, body = crate::error::ErrorBody, description = "No pincode near that point (outside India)."),
        (status = 503, body = crate::error::ErrorBody, description = "Address search is unavailable. You can type your address manually. (PLACES_UNAVAILABLE)"),
    ),
)]
pub async fn reverse(
    state: web::Data<AppState>,
    query: web::Query<ReverseParams>,
) -> Result<HttpResponse, ApiError> {
    let point = Point::parse(query.lat.as_deref(), query.lon.as_deref())?;
    Ok(HttpResponse::Ok().json(PlaceAnswer {
        success: true,
        data: search::nearest(&state, point).await?,
    }))
}
