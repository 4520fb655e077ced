//! Address search: suggestions for what a shopper types in the address wizard, a suggestion's
//! address parts, and the place nearest a point for the login sheet's location detection.
//! Answered by the configured [`providers::PlaceSearch`]: the embedded India directory, or
//! Google Places when a key is configured (the key stays on the server). When that service
//! fails, the wizard lets the shopper type the address.

use access::limit::{self, Decision};

use super::AddressesError;
use super::wire::{ParsedPlace, Prediction};
use crate::state::AppState;

/// What was typed, checked to be a search worth asking for.
#[derive(Clone, Debug)]
pub struct Search {
    pub query: String,
    /// The wizard's session token, reused until a place is picked.
    pub session: Option<String>,
    /// How many suggestions at most.
    pub limit: usize,
}

impl Search {
    /// A search for `query`, unless it is under [`places::MIN_QUERY_CHARS`] characters.
    pub fn new(
        query: Option<&str>,
        session: Option<&str>,
        limit: usize,
    ) -> Result<Self, AddressesError> {
        let query = query
            .filter(|q| q.trim().chars().count() >= places::MIN_QUERY_CHARS)
            .ok_or(AddressesError::QueryTooShort)?;
        Ok(Self {
            query: query.to_owned(),
            session: session.map(str::to_owned),
            limit,
        })
    }
}

/// A point, checked to be one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub lat: f64,
    pub lon: f64,
}

impl Point {
    pub fn parse(lat: Option<&str>, lon: Option<&str>) -> Result<Self, AddressesError> {
        Ok(Self {
            lat: coordinate("lat", lat, 90.0)?,
            lon: coordinate("lon", lon, 180.0)?,
        })
    }
}

/// A finite number of degrees within ±`bound`.
fn coordinate(name: &'static str, text: Option<&str>, bound: f64) -> Result<f64, AddressesError> {
    text.map(str::trim)
        .and_then(|t| t.parse::<f64>().ok())
        .filter(|v| v.is_finite() && v.abs() <= bound)
        .ok_or(AddressesError::InvalidCoordinate { name, bound })
}

/// A place that is not there is an answer about it; anything else, a failing service.
fn not_found_or_unavailable(
    error: providers::PlacesError,
    message: &'static str,
) -> AddressesError {
    match error {
        providers::PlacesError::NotFound => AddressesError::PlaceNotFound(message),
        other => AddressesError::PlacesUnavailable(other),
    }
}

/// Counts a search against the client's [`limit::PLACES_PER_CLIENT`].
async fn take_search(state: &AppState, client: &str) -> Result<(), AddressesError> {
    let bucket = format!("places:client:{client}");
    let now = state.clock.now();
    let (decision, _) = state
        .db(move |store| {
            store.take_rate_limit(&bucket, |window| {
                limit::check(&limit::PLACES_PER_CLIENT, window, now)
            })
        })
        .await?;
    match decision {
        Decision::Allow(_) => Ok(()),
        Decision::Wait { seconds } => Err(AddressesError::TooManySearches { seconds }),
    }
}

/// Suggestions for what was typed, India only, best first; `client` is whom the limit counts.
pub async fn suggest(
    state: &AppState,
    client: &str,
    search: Search,
) -> Result<Vec<Prediction>, AddressesError> {
    take_search(state, client).await?;
    state
        .places
        .autocomplete(&search.query, search.session.as_deref(), search.limit)
        .await
        .map_err(AddressesError::PlacesUnavailable)
}

/// A suggestion's address parts; picking it ends the session.
pub async fn detail(
    state: &AppState,
    place_id: &str,
    session: Option<&str>,
) -> Result<ParsedPlace, AddressesError> {
    state
        .places
        .details(place_id, session)
        .await
        .map_err(|e| not_found_or_unavailable(e, "Place not found."))
}

/// The place with a pincode nearest a point.
pub async fn nearest(state: &AppState, point: Point) -> Result<ParsedPlace, AddressesError> {
    state
        .places
        .reverse(point.lat, point.lon)
        .await
        .map_err(|e| not_found_or_unavailable(e, "No pincode near that point."))
}
