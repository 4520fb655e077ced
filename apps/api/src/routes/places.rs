//! The address directory (001 §3 parsed place, §7 maps service): suggestions for what a
//! shopper types in the address wizard, a suggestion's address parts, and the place nearest a
//! point for the login sheet's location detection. Answered from the embedded India directory
//! (`places` crate); no key or outside service is involved.

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

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AutocompleteParams {
    /// What the shopper typed: a locality, post office, district or pincode, at least 2
    /// characters.
    pub q: Option<String>,
    /// The wizard's session token, reused until a place is picked (at most 100 characters).
    pub session: Option<String>,
    /// Suggestions wanted, 1 to 10 (default 5).
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
    /// The locality (post office area), for the street or searched-address line.
    pub locality: String,
    pub city: String,
    pub state: String,
    /// Six digits.
    pub pincode: String,
    /// Always "India".
    pub country: String,
    /// "Fort, Mumbai, Maharashtra 400001, India"
    pub formatted: String,
    /// Where the post office is, when the directory knows.
    pub location: Option<Location>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceAnswer {
    pub success: bool,
    pub data: ParsedPlace,
}

impl From<places::Place> for ParsedPlace {
    fn from(p: places::Place) -> Self {
        Self {
            location: p
                .latitude
                .zip(p.longitude)
                .map(|(lat, lng)| Location { lat, lng }),
            place_id: p.place_id,
            locality: p.locality,
            city: p.city,
            state: p.state,
            pincode: p.pincode,
            country: p.country.to_owned(),
            formatted: p.formatted,
        }
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
    ),
)]
pub async fn autocomplete(
    state: web::Data<AppState>,
    query: web::Query<AutocompleteParams>,
) -> Result<HttpResponse, ApiError> {
    let typed = params::text("q", query.q.as_deref(), MAX_QUERY_CHARS)?
        .filter(|q| q.trim().chars().count() >= places::MIN_QUERY_CHARS)
        .ok_or_else(|| ApiError::bad_request("INVALID_QUERY", "q must be at least 2 characters"))?;
    params::text("session", query.session.as_deref(), MAX_SESSION_CHARS)?;
    let limit = params::whole(
        "limit",
        query.limit.as_deref(),
        DEFAULT_SUGGESTIONS,
        1,
        places::MAX_SUGGESTIONS,
    )?;
    let places = state.places.clone();
    let typed = typed.to_owned();
    let suggestions =
        web::block(move || Ok::<_, ApiError>(places.directory()?.autocomplete(&typed, limit)))
            .await??;
    let predictions = suggestions
        .into_iter()
        .map(|s| Prediction {
            description: format!("{}, {}", s.main_text, s.secondary_text),
            place_id: s.place_id,
            main_text: s.main_text,
            secondary_text: s.secondary_text,
        })
        .collect();
    Ok(HttpResponse::Ok().json(AutocompleteAnswer {
        success: true,
        data: Predictions { predictions },
    }))
}

/// A suggestion's address parts.
#[utoipa::path(
    get,
    path = "/api/places/{placeId}",
    tag = "places",
    params(("placeId" = String, Path, description = "A suggestion's placeId")),
    responses(
        (status = 200, body = PlaceAnswer, description = "The place"),
        (status = 404, body = crate::error::ErrorBody, description = "Place not found."),
    ),
)]
pub async fn detail(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let places = state.places.clone();
    let place = web::block(move || Ok::<_, ApiError>(places.directory()?.place(&id)))
        .await??
        .ok_or_else(|| ApiError::NotFound("Place not found.".into()))?;
    Ok(HttpResponse::Ok().json(PlaceAnswer {
        success: true,
        data: place.into(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReverseParams {
    /// Latitude in degrees, -90 to 90.
    pub lat: Option<String>,
    /// Longitude in degrees, -180 to 180.
    pub lon: Option<String>,
}

/// The place of the post office nearest a point (its pincode, city and state).
#[utoipa::path(
    get,
    path = "/api/places/reverse",
    tag = "places",
    params(ReverseParams),
    responses(
        (status = 200, body = PlaceAnswer, description = "The nearest place"),
        (status = 400, body = crate::error::ErrorBody, description = "lat or lon is missing or not a coordinate"),
        (status = 404, body = crate::error::ErrorBody, description = "No pincode near that point (outside India)."),
    ),
)]
pub async fn reverse(
    state: web::Data<AppState>,
    query: web::Query<ReverseParams>,
) -> Result<HttpResponse, ApiError> {
    let lat = coordinate("lat", query.lat.as_deref(), 90.0)?;
    let lon = coordinate("lon", query.lon.as_deref(), 180.0)?;
    let places = state.places.clone();
    let place = web::block(move || Ok::<_, ApiError>(places.directory()?.nearest(lat, lon)))
        .await??
        .ok_or_else(|| ApiError::NotFound("No pincode near that point.".into()))?;
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
