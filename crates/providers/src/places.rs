//! Address search: the [`PlaceSearch`] port, the shapes it answers in whichever service answers,
//! and the embedded India directory as its default adapter.

use std::fmt;
use std::io::Read;
use std::sync::{Arc, OnceLock};

use crate::BoxFuture;

/// Finds addresses for the address wizard and the login sheet's location detection. Adapters:
/// [`LocalPlaces`] (the embedded India directory) and [`crate::GooglePlaces`] (Google's Places
/// API (New) and Geocoding API).
///
/// Callers check what the shopper sent (the query's length, the limit, the coordinates' range)
/// before asking: an adapter may spend a paid request on whatever it is given.
pub trait PlaceSearch: Send + Sync + fmt::Debug {
    /// Up to `limit` suggestions for what was typed, in India, best first; an empty list when
    /// nothing matches. `session` is the wizard's token, reused until a place is picked: a paid
    /// service bills the suggestions and the pick that follows as one session.
    fn autocomplete<'a>(
        &'a self,
        query: &'a str,
        session: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<Prediction>, PlacesError>>;

    /// A suggestion's address parts, or [`PlacesError::NotFound`] for an id the adapter does
    /// not know. `session` is the token the suggestions were asked with; the pick ends it.
    fn details<'a>(
        &'a self,
        place_id: &'a str,
        session: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Place, PlacesError>>;

    /// The place with a pincode nearest `lat`, `lng` (degrees), or [`PlacesError::NotFound`]
    /// where there is none in India.
    fn reverse(&self, lat: f64, lng: f64) -> BoxFuture<'_, Result<Place, PlacesError>>;

    /// Which adapter this is, for logs and the start-up banner; never contains a key.
    fn describe(&self) -> String;
}

pub use places::{LatLng, Place, Prediction};

/// Why an address search gave no answer. [`PlacesError::NotFound`] is an answer about the place
/// (the shopper asked for something that is not there); [`PlacesError::Malformed`] is a service
/// that answered something unreadable; every other variant means the search cannot be done right
/// now, and the caller lets the shopper type the address by hand. Messages name the endpoint
/// without its query and never include the API key.
#[derive(Debug, thiserror::Error)]
pub enum PlacesError {
    /// No such place: an id the service does not know, or no pincode near a point.
    #[error("no such place")]
    NotFound,
    /// The configured base URL cannot be used.
    #[error(
        "the places URL is not usable: {0}. Expected an http(s) base URL under which both \
         Google's Places API (New) and Geocoding API paths answer, such as a proxy or a local \
         fake (without one, Google's own hosts)"
    )]
    BadUrl(String),
    /// No API key was given; Google refuses every request without one.
    #[error("no API key was given for the places service")]
    NoKey,
    /// The HTTP client could not be set up (its TLS configuration).
    #[error("the HTTP client for the places service could not be set up: {0}")]
    Client(String),
    /// The embedded directory could not be unpacked or read (a broken build).
    #[error("the embedded address directory could not be read: {0}")]
    Directory(String),
    /// No answer within the time limit.
    #[error("the places service at {endpoint} did not answer within {seconds} s")]
    Timeout { endpoint: String, seconds: u64 },
    /// No connection (refused, DNS, TLS).
    #[error("the places service at {endpoint} could not be reached: {reason}")]
    Unreachable { endpoint: String, reason: String },
    /// An answer with an HTTP status other than 2xx that is not the service's own refusal (a
    /// proxy's error page, say).
    #[error("the places service at {endpoint} answered HTTP {status}: {body}")]
    Status {
        endpoint: String,
        status: u16,
        /// The start of the answer's body.
        body: String,
    },
    /// The service refused the request. Google's Places API (New) says so with an HTTP status
    /// and an error: `PERMISSION_DENIED` (a wrong key, or the API not enabled for it),
    /// `RESOURCE_EXHAUSTED` (a quota), `INVALID_ARGUMENT` (a request it does not accept),
    /// `UNAVAILABLE` or `INTERNAL` (a passing failure on its side). Its Geocoding API answers
    /// HTTP 200 with a status: `REQUEST_DENIED`, `OVER_QUERY_LIMIT` or `OVER_DAILY_LIMIT`,
    /// `UNKNOWN_ERROR`, `INVALID_REQUEST`, meaning the same.
    #[error("the places service at {endpoint} answered {status}: {message}")]
    Refused {
        endpoint: String,
        /// The error's or the answer's `status`.
        status: String,
        /// The error's `message` or the answer's `error_message`, where the service explains.
        message: String,
    },
    /// A 2xx answer that is not the service's JSON, or has a status it does not document.
    #[error("the places service at {endpoint} sent an answer that could not be read: {reason}")]
    Malformed { endpoint: String, reason: String },
}

/// The gzipped directory, as committed (`cargo xtask derive-places`; India Post's directory
/// under GODL-India, see NOTICE).
const DIRECTORY: &[u8] = include_bytes!("../../places/data/india-places.tsv.gz");

/// The embedded India address directory (`places` crate): every post office of India Post's
/// directory, compiled into the binary and unpacked and indexed on first use (about 165,000
/// offices, a fraction of a second), so a process that never looks up an address never pays
/// for it. No network and no key; the session token is not needed.
#[derive(Clone, Default)]
pub struct LocalPlaces {
    directory: Arc<OnceLock<Result<places::Directory, String>>>,
}

impl LocalPlaces {
    /// `search` on the directory, read first if this is the first search, on a thread where
    /// blocking is allowed: reading takes a fraction of a second and a search up to a few
    /// milliseconds, too long to hold an async worker that serves other requests meanwhile.
    async fn search<T: Send + 'static>(
        &self,
        search: impl FnOnce(&places::Directory) -> T + Send + 'static,
    ) -> Result<T, PlacesError> {
        let directory = Arc::clone(&self.directory);
        tokio::task::spawn_blocking(move || {
            directory
                .get_or_init(load)
                .as_ref()
                .map(search)
                .map_err(|e| PlacesError::Directory(e.clone()))
        })
        .await
        .map_err(|e| PlacesError::Directory(format!("the search stopped: {e}")))?
    }
}

fn load() -> Result<places::Directory, String> {
    let started = std::time::Instant::now();
    let mut text = String::new();
    flate2::read::GzDecoder::new(DIRECTORY)
        .read_to_string(&mut text)
        .map_err(|e| format!("unpacking crates/places/data/india-places.tsv.gz: {e}"))?;
    let directory = places::Directory::parse(&text).map_err(|e| e.to_string())?;
    tracing::info!(
        post_offices = directory.len(),
        ms = started.elapsed().as_millis() as u64,
        "address directory loaded"
    );
    Ok(directory)
}

impl PlaceSearch for LocalPlaces {
    fn autocomplete<'a>(
        &'a self,
        query: &'a str,
        _session: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<Prediction>, PlacesError>> {
        let query = query.to_owned();
        Box::pin(async move { self.search(move |d| d.autocomplete(&query, limit)).await })
    }

    fn details<'a>(
        &'a self,
        place_id: &'a str,
        _session: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Place, PlacesError>> {
        let place_id = place_id.to_owned();
        Box::pin(async move {
            self.search(move |d| d.place(&place_id))
                .await?
                .ok_or(PlacesError::NotFound)
        })
    }

    fn reverse(&self, lat: f64, lng: f64) -> BoxFuture<'_, Result<Place, PlacesError>> {
        Box::pin(async move {
            self.search(move |d| d.nearest(lat, lng))
                .await?
                .ok_or(PlacesError::NotFound)
        })
    }

    fn describe(&self) -> String {
        "local (the embedded India directory)".to_owned()
    }
}

/// The directory holds 165,000 offices: only whether it is read yet.
impl fmt::Debug for LocalPlaces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LocalPlaces")
            .field("loaded", &self.directory.get().is_some())
            .finish()
    }
}
