//! Address search (001 §3 parsed place, §7 maps service): suggestions for what a shopper types
//! in the address wizard, a suggestion's address parts, and the place nearest a point for the
//! login sheet's location detection. Answered by the configured [`providers::PlaceSearch`]:
//! the embedded India directory, or Google Places when a key is configured (the key stays on
//! the server). When that service fails, the answer is 503 `PLACES_UNAVAILABLE` and the wizard
//! lets the shopper type the address.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;
use crate::routes::params;
use crate::state::AppState;

/// The most characters a query or session token may have.
const MAX_QUERY_CHARS: usize = 100;
const MAX_SESSION_CHARS: usize = 100;
/// Suggestions an answer holds unless `limit` says fewer.
const DEFAULT_SUGGESTIONS: usize = 5;
/// What the shopper reads when the address service fails.
const UNAVAILABLE: &str = "Address search is unavailable. You can type your address manually.";

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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Prediction {
    /// Pass it to `GET /api/places/{placeId}`.
    pub place_id: String,
    /// "Fort"
    pub main_text: String,
    /// "Mumbai, Maharashtra 400001"
    pub secondary_text: String,
    /// "Fort, Mumbai, Maharashtra 400001"
    pub description: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Predictions {
    pub predictions: Vec<Prediction>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AutocompleteAnswer {
    pub success: bool,
    pub data: Predictions,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Location {
    pub lat: f64,
    pub lng: f64,
}

/// An address's parts, as the wizard fills its fields.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParsedPlace {
    pub place_id: String,
    /// The locality (post office area or neighbourhood), for the street or searched-address
    /// line.
    pub locality: String,
    pub city: String,
    pub state: String,
    /// Six digits; empty when Google's place has none (the shopper types it).
    pub pincode: String,
    /// "India" for every place the search suggests (it searches India only).
    pub country: String,
    /// "Fort, Mumbai, Maharashtra 400001, India"
    pub formatted: String,
    /// Where the place is, when the service knows.
    pub location: Option<Location>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceAnswer {
    pub success: bool,
    pub data: ParsedPlace,
}

impl From<providers::Place> for ParsedPlace {
    fn from(p: providers::Place) -> Self {
        Self {
            location: p.location.map(|at| Location {
                lat: at.lat,
                lng: at.lng,
            }),
            place_id: p.place_id,
            locality: p.locality,
            city: p.city,
            state: p.state,
            pincode: p.pincode,
            country: p.country,
            formatted: p.formatted,
        }
    }
}

impl From<providers::Prediction> for Prediction {
    fn from(p: providers::Prediction) -> Self {
        Self {
            place_id: p.place_id,
            main_text: p.main_text,
            secondary_text: p.secondary_text,
            description: p.description,
        }
    }
}

/// 503 `PLACES_UNAVAILABLE`: the service failed, the shopper types the address instead. The
/// cause goes to the log only.
fn unavailable(cause: providers::PlacesError) -> ApiError {
    ApiError::DependencyFailed {
        code: "PLACES_UNAVAILABLE",
        message: UNAVAILABLE.into(),
        cause: cause.to_string(),
    }
}

/// 404 with `message` for a place that is not there; 503 for a failing service.
fn not_found_or_unavailable(error: providers::PlacesError, message: &str) -> ApiError {
    match error {
        providers::PlacesError::NotFound => ApiError::NotFound(message.into()),
        other => unavailable(other),
    }
}

/// Counts a search against the client's [`access::limit::PLACES_PER_CLIENT`]; over it, 429.
async fn take_search(req: &actix_web::HttpRequest, state: &AppState) -> Result<(), ApiError> {
    use access::limit::{self, Decision};
    let bucket = format!(
        "places:client:{}",
        crate::edge::client_bucket(req, state.forwarding)
    );
    let now = state.clock.now();
    let store = state.store.clone();
    let (decision, _) = web::block(move || {
        store.take_rate_limit(&bucket, |window| {
            limit::check(&limit::PLACES_PER_CLIENT, window, now)
        })
    })
    .await??;
    match decision {
        Decision::Allow(_) => Ok(()),
        Decision::Wait { seconds } => Err(ApiError::TooManyRequests {
            retry_after: seconds,
            message: format!(
                "Too many address searches. Please wait {} and try again.",
                crate::auth::codes::seconds_text(seconds)
            ),
        }),
    }
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
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<AutocompleteParams>,
) -> Result<HttpResponse, ApiError> {
    let typed = params::text("q", query.q.as_deref(), MAX_QUERY_CHARS)?
        .filter(|q| q.trim().chars().count() >= places::MIN_QUERY_CHARS)
        .ok_or_else(|| ApiError::bad_request("INVALID_QUERY", "q must be at least 2 characters"))?;
    let session = params::text("session", query.session.as_deref(), MAX_SESSION_CHARS)?;
    let limit = params::whole(
        "limit",
        query.limit.as_deref(),
        DEFAULT_SUGGESTIONS,
        1,
        places::MAX_SUGGESTIONS,
    )?;
    take_search(&req, &state).await?;
    let predictions = state
        .places
        .autocomplete(typed, session, limit)
        .await
        .map_err(unavailable)?
        .into_iter()
        .map(Prediction::from)
        .collect();
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
    let place = state
        .places
        .details(&id, session)
        .await
        .map_err(|e| not_found_or_unavailable(e, "Place not found."))?;
    Ok(HttpResponse::Ok().json(PlaceAnswer {
        success: true,
        data: place.into(),
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
    let lat = coordinate("lat", query.lat.as_deref(), 90.0)?;
    let lon = coordinate("lon", query.lon.as_deref(), 180.0)?;
    let place = state
        .places
        .reverse(lat, lon)
        .await
        .map_err(|e| not_found_or_unavailable(e, "No pincode near that point."))?;
    Ok(HttpResponse::Ok().json(PlaceAnswer {
        success: true,
        data: place.into(),
    }))
}

/// A finite number of degrees within ±`bound`.
fn coordinate(name: &'static str, text: Option<&str>, bound: f64) -> Result<f64, ApiError> {
    text.map(str::trim)
        .and_then(|t| t.parse::<f64>().ok())
        .filter(|v| v.is_finite() && v.abs() <= bound)
        .ok_or_else(|| {
            ApiError::bad_request(
                "INVALID_COORDINATES",
                format!("{name} must be a number of degrees from -{bound} to {bound}"),
            )
        })
}
