//! Address search through Google's Places API (New) (suggestions and a place's parts, JSON over
//! HTTP with the key in a header) and its Geocoding API (the place nearest a point, the key as
//! a `key=` parameter).

use crate::urls::{endpoint, http_base, shown};
use std::fmt;
use std::time::Duration;

use reqwest::header::HeaderValue;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use url::Url;

use crate::BoxFuture;
use crate::openai::error_chain;
use crate::places::{LatLng, Place, PlaceSearch, PlacesError, Prediction};

/// How long one request may take. The wizard asks for suggestions while the shopper types, so a
/// slow service must give way to manual entry quickly.
pub const PLACES_TIMEOUT: Duration = Duration::from_secs(3);

/// Where Google's Places API (New) answers.
pub const GOOGLE_PLACES_URL: &str = "https://places.googleapis.com";

/// Where Google's Geocoding API (and the other classic Maps web services) answers.
pub const GOOGLE_MAPS_URL: &str = "https://maps.googleapis.com";

const AUTOCOMPLETE_PATH: &str = "v1/places:autocomplete";
/// A place is `v1/places/{id}`.
const PLACES_PATH: &str = "v1/places";
const GEOCODE_PATH: &str = "maps/api/geocode/json";

/// The header the Places API (New) takes the key in.
const KEY_HEADER: &str = "X-Goog-Api-Key";
/// The header naming the fields a place's answer holds: the Places API (New) has no default,
/// and bills a request at the rate of its dearest field.
const FIELD_MASK_HEADER: &str = "X-Goog-FieldMask";

/// Only what the wizard fills. `displayName` is the locality's last resort (a place with no
/// sublocality or neighbourhood), and puts the request in Google's "Place Details Pro" tier
/// where the others are "Essentials".
const DETAILS_FIELDS: &str = "id,addressComponents,formattedAddress,location,displayName";

/// Localities, sublocalities, postal codes, districts and states (Google's `(regions)`
/// collection): what the wizard's search is for (docs/http-api.md "Places": a locality, district
/// or pincode), without the shops and landmarks an unfiltered search puts first. The legacy
/// service's `geocode` filter has no counterpart in the New API.
const SUGGESTION_TYPES: &str = "(regions)";

/// The country the suggestions are restricted to (a CLDR region code).
const REGION: &str = "in";

/// The language of the suggestions and places, as the shop is in English.
const LANGUAGE: &str = "en";

/// Google refuses (`INVALID_ARGUMENT`) a session token longer than this, or with characters
/// other than URL-safe base64's.
const MAX_SESSION_TOKEN_CHARS: usize = 36;

/// How much of an error answer's body or message goes into a [`PlacesError`].
const ERROR_BODY_CHARS: usize = 300;

/// The country every address is in, when an answer names none.
const DEFAULT_COUNTRY: &str = "India";

/// Searches through Google's Places API (New) (suggestions and a place's parts) and its
/// Geocoding API (the place nearest a point):
///
/// - suggestions: `POST {places}/v1/places:autocomplete` with `X-Goog-Api-Key` and the JSON body
///   `{input, sessionToken, includedRegionCodes: ["in"], includedPrimaryTypes: ["(regions)"],
///   languageCode: "en"}`; the place predictions of the answer's `suggestions`, at most 5
///   whatever the limit;
/// - a place: `GET {places}/v1/places/{id}?sessionToken=&languageCode=en` with `X-Goog-Api-Key`
///   and `X-Goog-FieldMask: id,addressComponents,formattedAddress,location,displayName`;
/// - a point: `GET {geocode}/maps/api/geocode/json?latlng=lat,lng&result_type=postal_code|locality&key=`,
///   the first result in India with a postal code.
///
/// `{places}` is [`GOOGLE_PLACES_URL`] and `{geocode}` [`GOOGLE_MAPS_URL`], unless one base URL
/// (a local fake, or a proxy) is given for both.
///
/// The Places API (New) answers a failure with an HTTP status and Google's error
/// (`{"error": {"code", "message", "status"}}`): [`PlacesError::Refused`] with its `status`
/// (`PERMISSION_DENIED` for a wrong key or the API not enabled for it, `RESOURCE_EXHAUSTED` for
/// a quota), or [`PlacesError::NotFound`] for a place id it does not know (`NOT_FOUND`) or that
/// is not an id at all (`INVALID_ARGUMENT`); no suggestions is `{}`. The Geocoding API answers
/// HTTP 200 with a `status`: `ZERO_RESULTS` is [`PlacesError::NotFound`], refusals are
/// [`PlacesError::Refused`].
///
/// A session token Google would refuse (more than 36 characters, or others than letters,
/// digits, `-` and `_`) is left out rather than failing the search: each request is then billed
/// on its own.
///
/// Address components become a [`Place`] as 001's "Parsed place" says: city is the `locality`,
/// else the `postal_town`, else the `administrative_area_level_2`; state the
/// `administrative_area_level_1`; pincode the `postal_code`; country the `country` (India when
/// none); locality the `sublocality` or `neighborhood`, else the place's display name.
///
/// The key stays on the server: it is sent to Google only (in a header marked sensitive, or
/// the Geocoding request's URL), and errors, `Debug` and [`PlaceSearch::describe`] leave it out
/// (text from Google is searched for it too).
pub struct GooglePlaces {
    client: reqwest::Client,
    /// Where the Places API (New) answers.
    places: Url,
    /// Where the Geocoding API answers.
    geocode: Url,
    key: String,
    /// The key as the Places API (New) takes it; sensitive, so `Debug` shows no value.
    key_header: HeaderValue,
    timeout: Duration,
}

impl GooglePlaces {
    /// Google's services ([`GOOGLE_PLACES_URL`] and [`GOOGLE_MAPS_URL`]), or both at
    /// `base_url` (a local fake or a proxy, answering the same paths under it), with this API
    /// key; [`PLACES_TIMEOUT`] per request.
    pub fn new(base_url: Option<&str>, key: &str) -> Result<Self, PlacesError> {
        Self::with_timeout(base_url, key, PLACES_TIMEOUT)
    }

    /// As [`GooglePlaces::new`], with another time limit per request.
    pub fn with_timeout(
        base_url: Option<&str>,
        key: &str,
        timeout: Duration,
    ) -> Result<Self, PlacesError> {
        let (places, geocode) = match base_url {
            Some(base) => {
                let base = http_base(base).map_err(PlacesError::BadUrl)?;
                (base.clone(), base)
            }
            None => (
                http_base(GOOGLE_PLACES_URL).map_err(PlacesError::BadUrl)?,
                http_base(GOOGLE_MAPS_URL).map_err(PlacesError::BadUrl)?,
            ),
        };
        let key = key.trim();
        if key.is_empty() {
            return Err(PlacesError::NoKey);
        }
        let mut key_header = HeaderValue::from_str(key).map_err(|_| {
            PlacesError::Client(
                "the API key has characters an HTTP header cannot carry (a key is visible ASCII)"
                    .to_owned(),
            )
        })?;
        key_header.set_sensitive(true);
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|e| PlacesError::Client(error_chain(&e)))?;
        Ok(Self {
            client,
            places,
            geocode,
            key: key.to_owned(),
            key_header,
            timeout,
        })
    }

    /// `text` (from Google, or an error about a request) with the key cut out.
    fn redact(&self, text: &str) -> String {
        text.replace(&self.key, "<key>")
    }

    /// Sends `request` and reads the whole answer: its status and body.
    async fn exchange(
        &self,
        request: reqwest::RequestBuilder,
        shown: &str,
    ) -> Result<(reqwest::StatusCode, Vec<u8>), PlacesError> {
        let response = request
            .send()
            .await
            .map_err(|e| self.transport_error(shown, e))?;
        let status = response.status();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| self.transport_error(shown, e))?;
        Ok((status, bytes.to_vec()))
    }

    fn transport_error(&self, endpoint: &str, error: reqwest::Error) -> PlacesError {
        // A Geocoding request's URL carries the key.
        let error = error.without_url();
        if error.is_timeout() {
            PlacesError::Timeout {
                endpoint: endpoint.to_owned(),
                seconds: self.timeout.as_secs().max(1),
            }
        } else {
            PlacesError::Unreachable {
                endpoint: endpoint.to_owned(),
                reason: self.redact(&error_chain(&error)),
            }
        }
    }

    /// [`PlacesError::Status`] for an answer with an HTTP status other than 2xx.
    fn status_error(
        &self,
        endpoint: String,
        status: reqwest::StatusCode,
        body: &[u8],
    ) -> PlacesError {
        PlacesError::Status {
            endpoint,
            status: status.as_u16(),
            body: self.clipped(String::from_utf8_lossy(body).trim()),
        }
    }

    /// The start of `text`, without the key.
    fn clipped(&self, text: &str) -> String {
        self.redact(text).chars().take(ERROR_BODY_CHARS).collect()
    }

    /// Sends a Places API (New) request (the key in its header) and reads its JSON answer. An
    /// HTTP status other than 2xx is [`PlacesError::Refused`] when the body is Google's error
    /// (its `status` is Google's, followed by the reason in brackets when Google gives one, as
    /// in `INVALID_ARGUMENT (API_KEY_INVALID)`), else [`PlacesError::Status`] (a proxy's page,
    /// say).
    async fn call_places<T: DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
        shown: String,
    ) -> Result<T, PlacesError> {
        let request = request.header(KEY_HEADER, self.key_header.clone());
        let (status, body) = self.exchange(request, &shown).await?;
        if !status.is_success() {
            return Err(match serde_json::from_slice::<ErrorAnswer>(&body) {
                Ok(ErrorAnswer { error }) if !error.status.is_empty() => PlacesError::Refused {
                    endpoint: shown,
                    message: self.clipped(&error.message),
                    status: self.redact(&error.status_and_reason()),
                },
                _ => self.status_error(shown, status, &body),
            });
        }
        read(shown, &body)
    }

    async fn suggest(
        &self,
        query: &str,
        session: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Prediction>, PlacesError> {
        let endpoint = endpoint(&self.places, AUTOCOMPLETE_PATH);
        let shown = shown(&endpoint);
        let mut body = json!({
            "input": query,
            "includedRegionCodes": [REGION],
            "includedPrimaryTypes": [SUGGESTION_TYPES],
            "languageCode": LANGUAGE,
        });
        if let Some(token) = session.filter(|t| google_takes(t)) {
            body["sessionToken"] = json!(token);
        }
        let request = self.client.post(endpoint).json(&body);
        let answer: AutocompleteAnswer = self.call_places(request, shown).await?;
        Ok(answer
            .suggestions
            .into_iter()
            // Query predictions ("pizza near Fort") are searches, not places: never asked for,
            // and skipped should they come.
            .filter_map(|s| s.place_prediction)
            .take(limit)
            .map(PlacePrediction::into_prediction)
            .collect())
    }

    async fn place(&self, place_id: &str, session: Option<&str>) -> Result<Place, PlacesError> {
        // Such an id would leave the path as another one (the url crate drops `.` and `..`
        // segments): no place has it, and Google need not be paid to say so.
        if matches!(place_id, "" | "." | "..") {
            return Err(PlacesError::NotFound);
        }
        let mut endpoint = endpoint(&self.places, PLACES_PATH);
        endpoint
            .path_segments_mut()
            .map_err(|()| PlacesError::BadUrl("it cannot have a path".to_owned()))?
            // Percent-encoded: whatever the shopper's client sends stays one segment.
            .push(place_id);
        let shown = shown(&endpoint);
        {
            let mut query = endpoint.query_pairs_mut();
            query.append_pair("languageCode", LANGUAGE);
            if let Some(token) = session.filter(|t| google_takes(t)) {
                query.append_pair("sessionToken", token);
            }
        }
        let request = self
            .client
            .get(endpoint)
            .header(FIELD_MASK_HEADER, DETAILS_FIELDS);
        match self
            .call_places::<PlaceAnswer>(request, shown.clone())
            .await
        {
            // An id Google no longer knows or never gave (NOT_FOUND), or not an id at all
            // (INVALID_ARGUMENT): either way the shopper picked nothing that exists. A key Google
            // does not take is INVALID_ARGUMENT too, with a reason (API_KEY_INVALID) that keeps
            // the status from matching: the service is failing, not the place missing.
            Err(PlacesError::Refused { status, .. })
                if status == "NOT_FOUND" || status == "INVALID_ARGUMENT" =>
            {
                Err(PlacesError::NotFound)
            }
            Err(other) => Err(other),
            Ok(answer)
                if answer.address_components.is_empty() && answer.formatted_address.is_empty() =>
            {
                Err(PlacesError::Malformed {
                    endpoint: shown,
                    reason: "a place without addressComponents or formattedAddress".to_owned(),
                })
            }
            Ok(answer) => {
                // Google's current id for the place, which may be newer than the one picked.
                let id = answer
                    .id
                    .clone()
                    .filter(|id| !id.is_empty())
                    .unwrap_or_else(|| place_id.to_owned());
                Ok(parse_place(&id, &Found::from(answer)))
            }
        }
    }

    async fn nearest(&self, lat: f64, lng: f64) -> Result<Place, PlacesError> {
        let endpoint = endpoint(&self.geocode, GEOCODE_PATH);
        let shown = shown(&endpoint);
        let mut url = endpoint;
        url.query_pairs_mut()
            .append_pair("latlng", &format!("{lat},{lng}"))
            .append_pair("result_type", "postal_code|locality")
            .append_pair("key", &self.key);
        let (status, body) = self.exchange(self.client.get(url), &shown).await?;
        if !status.is_success() {
            return Err(self.status_error(shown, status, &body));
        }
        let answer: GeocodeAnswer = read(shown.clone(), &body)?;
        match answer.status.as_str() {
            "OK" | "ZERO_RESULTS" => answer
                .results
                .into_iter()
                .map(|result| {
                    (
                        result.place_id.clone().unwrap_or_default(),
                        Found::from(result),
                    )
                })
                .find(|(_, found)| found.has_pincode() && found.in_india())
                .map(|(id, found)| parse_place(&id, &found))
                .ok_or(PlacesError::NotFound),
            status => Err(self.refusal(shown, status, answer.error_message.as_deref())),
        }
    }

    /// The error a Geocoding `status` other than `OK` and `ZERO_RESULTS` stands for.
    fn refusal(&self, endpoint: String, status: &str, message: Option<&str>) -> PlacesError {
        match status {
            "REQUEST_DENIED" | "OVER_QUERY_LIMIT" | "OVER_DAILY_LIMIT" | "UNKNOWN_ERROR"
            | "INVALID_REQUEST" => PlacesError::Refused {
                endpoint,
                status: status.to_owned(),
                message: self.clipped(message.unwrap_or("no error_message")),
            },
            other => PlacesError::Malformed {
                endpoint,
                reason: format!("an undocumented status {:?}", self.redact(other)),
            },
        }
    }
}

/// Whether Google takes `token` as a session token: URL-safe base64 of at most 36 characters
/// (a UUID fits).
fn google_takes(token: &str) -> bool {
    !token.is_empty()
        && token.len() <= MAX_SESSION_TOKEN_CHARS
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A 2xx answer's JSON, or [`PlacesError::Malformed`].
fn read<T: DeserializeOwned>(endpoint: String, body: &[u8]) -> Result<T, PlacesError> {
    serde_json::from_slice(body).map_err(|e| PlacesError::Malformed {
        endpoint,
        reason: e.to_string(),
    })
}

/// A place's parts from Google's address components (001 "Parsed place"); see
/// [`GooglePlaces`] for which component fills which part.
fn parse_place(place_id: &str, found: &Found) -> Place {
    let part = |types: &[&str]| {
        types
            .iter()
            .find_map(|wanted| found.component(wanted))
            .map(|c| c.long.clone())
    };
    Place {
        place_id: place_id.to_owned(),
        locality: part(&["sublocality_level_1", "sublocality", "neighborhood"])
            .unwrap_or_else(|| found.name.clone()),
        city: part(&["locality", "postal_town", "administrative_area_level_2"]).unwrap_or_default(),
        state: part(&["administrative_area_level_1"]).unwrap_or_default(),
        pincode: part(&["postal_code"]).unwrap_or_default(),
        country: part(&["country"]).unwrap_or_else(|| DEFAULT_COUNTRY.to_owned()),
        formatted: found.formatted.clone(),
        location: found.location,
    }
}

impl fmt::Debug for GooglePlaces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GooglePlaces")
            .field("places", &shown(&self.places))
            .field("geocode", &shown(&self.geocode))
            .field("key", &"<set>")
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl PlaceSearch for GooglePlaces {
    fn autocomplete<'a>(
        &'a self,
        query: &'a str,
        session: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<Prediction>, PlacesError>> {
        Box::pin(self.suggest(query, session, limit))
    }

    fn details<'a>(
        &'a self,
        place_id: &'a str,
        session: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Place, PlacesError>> {
        Box::pin(self.place(place_id, session))
    }

    fn reverse(&self, lat: f64, lng: f64) -> BoxFuture<'_, Result<Place, PlacesError>> {
        Box::pin(self.nearest(lat, lng))
    }

    fn describe(&self) -> String {
        if self.places == self.geocode {
            format!("Google Places at {}", shown(&self.places))
        } else {
            format!(
                "Google Places API (New) at {} and Geocoding API at {}",
                shown(&self.places),
                shown(&self.geocode)
            )
        }
    }
}

/// A Places API (New) failure: `{"error": {"code", "message", "status"}}`.
#[derive(Debug, Deserialize)]
struct ErrorAnswer {
    error: GoogleError,
}

#[derive(Debug, Deserialize)]
struct GoogleError {
    #[serde(default)]
    message: String,
    #[serde(default)]
    status: String,
    /// Typed details; an `ErrorInfo` among them has the machine-readable `reason`
    /// (`API_KEY_INVALID`, `SERVICE_DISABLED`, `API_KEY_SERVICE_BLOCKED`...).
    #[serde(default)]
    details: Vec<ErrorDetail>,
}

#[derive(Debug, Deserialize)]
struct ErrorDetail {
    #[serde(default)]
    reason: String,
}

impl GoogleError {
    /// `PERMISSION_DENIED`, or `PERMISSION_DENIED (SERVICE_DISABLED)` when Google says why.
    fn status_and_reason(&self) -> String {
        match self.details.iter().find(|d| !d.reason.is_empty()) {
            Some(detail) => format!("{} ({})", self.status, detail.reason),
            None => self.status.clone(),
        }
    }
}

/// An Autocomplete (New) answer: `{}` when nothing matches.
#[derive(Debug, Deserialize)]
struct AutocompleteAnswer {
    #[serde(default)]
    suggestions: Vec<Suggestion>,
}

/// A place prediction, or a query prediction (not asked for: no `placePrediction`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Suggestion {
    place_prediction: Option<PlacePrediction>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlacePrediction {
    place_id: String,
    /// The whole suggestion as one line.
    text: Option<Text>,
    /// The suggestion as the place's name and where it is.
    structured_format: Option<StructuredFormat>,
}

/// Google's `FormattableText` and `LocalizedText`: the text, with matches or a language code
/// the wizard has no use for.
#[derive(Debug, Default, Deserialize)]
struct Text {
    #[serde(default)]
    text: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StructuredFormat {
    main_text: Text,
    /// Absent for a prediction that is a whole region ("India").
    #[serde(default)]
    secondary_text: Text,
}

impl PlacePrediction {
    fn into_prediction(self) -> Prediction {
        let description = self.text.map(|t| t.text).unwrap_or_default();
        let (main_text, secondary_text) = match self.structured_format {
            Some(parts) => (parts.main_text.text, parts.secondary_text.text),
            // Without the split, the description's first part is the place's name.
            None => match description.split_once(", ") {
                Some((main, rest)) => (main.to_owned(), rest.to_owned()),
                None => (description.clone(), String::new()),
            },
        };
        let description = if description.is_empty() {
            [main_text.as_str(), secondary_text.as_str()]
                .into_iter()
                .filter(|part| !part.is_empty())
                .collect::<Vec<_>>()
                .join(", ")
        } else {
            description
        };
        Prediction {
            place_id: self.place_id,
            main_text,
            secondary_text,
            description,
        }
    }
}

/// A Place Details (New) answer, with the fields [`DETAILS_FIELDS`] asks for.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlaceAnswer {
    id: Option<String>,
    #[serde(default)]
    address_components: Vec<PlaceComponent>,
    #[serde(default)]
    formatted_address: String,
    location: Option<PlaceLocation>,
    display_name: Option<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlaceComponent {
    long_text: String,
    #[serde(default)]
    short_text: String,
    #[serde(default)]
    types: Vec<String>,
}

/// `google.type.LatLng`: a coordinate of 0 is left out of the JSON, as protobuf leaves out
/// default values.
#[derive(Debug, Deserialize)]
struct PlaceLocation {
    #[serde(default)]
    latitude: f64,
    #[serde(default)]
    longitude: f64,
}

/// A Geocoding answer.
#[derive(Debug, Deserialize)]
struct GeocodeAnswer {
    status: String,
    #[serde(default)]
    results: Vec<GeocodeResult>,
    error_message: Option<String>,
}

#[derive(Debug, Deserialize)]
struct GeocodeResult {
    #[serde(default)]
    address_components: Vec<GeocodeComponent>,
    #[serde(default)]
    formatted_address: String,
    geometry: Option<Geometry>,
    place_id: Option<String>,
}

#[derive(Debug, Deserialize)]
struct GeocodeComponent {
    long_name: String,
    #[serde(default)]
    short_name: String,
    #[serde(default)]
    types: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Geometry {
    location: GeocodeLocation,
}

#[derive(Debug, Deserialize)]
struct GeocodeLocation {
    lat: f64,
    lng: f64,
}

/// A place as both APIs describe it, whichever wrote it.
#[derive(Debug, Default)]
struct Found {
    components: Vec<Component>,
    formatted: String,
    /// The place's own name (Places only; a Geocoding result has none).
    name: String,
    location: Option<LatLng>,
}

#[derive(Debug)]
struct Component {
    long: String,
    short: String,
    types: Vec<String>,
}

impl Found {
    fn component(&self, kind: &str) -> Option<&Component> {
        self.components
            .iter()
            .find(|c| c.types.iter().any(|t| t == kind))
    }

    fn has_pincode(&self) -> bool {
        self.component("postal_code").is_some()
    }

    /// A result that names no country is taken to be in India, as the search is.
    fn in_india(&self) -> bool {
        self.component("country")
            .is_none_or(|c| c.short.eq_ignore_ascii_case("IN"))
    }
}

impl From<PlaceAnswer> for Found {
    fn from(answer: PlaceAnswer) -> Self {
        Self {
            components: answer
                .address_components
                .into_iter()
                .map(|c| Component {
                    long: c.long_text,
                    short: c.short_text,
                    types: c.types,
                })
                .collect(),
            formatted: answer.formatted_address,
            name: answer.display_name.unwrap_or_default().text,
            location: answer.location.map(|at| LatLng {
                lat: at.latitude,
                lng: at.longitude,
            }),
        }
    }
}

impl From<GeocodeResult> for Found {
    fn from(result: GeocodeResult) -> Self {
        Self {
            components: result
                .address_components
                .into_iter()
                .map(|c| Component {
                    long: c.long_name,
                    short: c.short_name,
                    types: c.types,
                })
                .collect(),
            formatted: result.formatted_address,
            name: String::new(),
            location: result.geometry.map(|g| LatLng {
                lat: g.location.lat,
                lng: g.location.lng,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// A component as the Places API (New) writes it; the short text is the long one unless it
    /// is a country.
    fn component(long_text: &str, types: &[&str]) -> Value {
        let short_text = if long_text == "India" {
            "IN"
        } else {
            long_text
        };
        json!({"longText": long_text, "shortText": short_text, "types": types, "languageCode": "en"})
    }

    fn locality() -> Value {
        component("Mumbai", &["locality", "political"])
    }
    fn postal_town() -> Value {
        component("Thane", &["postal_town"])
    }
    fn district() -> Value {
        component(
            "Mumbai Suburban",
            &["administrative_area_level_2", "political"],
        )
    }
    fn state() -> Value {
        component("Maharashtra", &["administrative_area_level_1", "political"])
    }
    fn pincode() -> Value {
        component("400050", &["postal_code"])
    }
    fn india() -> Value {
        component("India", &["country", "political"])
    }

    /// A Place Details (New) answer for Bandra West with these components, read as Google's.
    fn found(components: Vec<Value>) -> Found {
        let answer: PlaceAnswer = serde_json::from_value(json!({
            "id": "ChIJ-bandra",
            "formattedAddress": "Bandra West, Mumbai, Maharashtra 400050, India",
            "displayName": {"text": "Bandra West", "languageCode": "en"},
            "addressComponents": components,
        }))
        .expect("Google's shape");
        Found::from(answer)
    }

    #[test]
    fn the_city_is_the_locality_else_the_postal_town_else_the_level_2_area() {
        let cases = [
            (vec![district(), postal_town(), locality()], "Mumbai"),
            (vec![locality(), district()], "Mumbai"),
            (vec![district(), postal_town()], "Thane"),
            (vec![district(), state()], "Mumbai Suburban"),
            (vec![state(), india()], ""),
        ];
        for (components, city) in cases {
            let names: Vec<Value> = components.iter().map(|c| c["longText"].clone()).collect();
            assert_eq!(parse_place("p", &found(components)).city, city, "{names:?}");
        }
    }

    #[test]
    fn the_locality_is_the_sublocality_else_the_neighbourhood_else_the_display_name() {
        let sublocality = || {
            component(
                "Bandra West",
                &["political", "sublocality", "sublocality_level_1"],
            )
        };
        let level_2 = || {
            component(
                "Pali Hill",
                &["political", "sublocality", "sublocality_level_2"],
            )
        };
        let neighbourhood = || component("Pali Village", &["neighborhood", "political"]);
        let cases = [
            (vec![neighbourhood(), sublocality()], "Bandra West"),
            (vec![level_2()], "Pali Hill"),
            (vec![neighbourhood(), locality()], "Pali Village"),
            (vec![locality()], "Bandra West"),
        ];
        for (components, expected) in cases {
            assert_eq!(parse_place("p", &found(components)).locality, expected);
        }
    }

    #[test]
    fn the_state_pincode_and_country_come_from_their_components() {
        // (components, state, pincode, country)
        let cases = [
            (
                vec![locality(), state(), pincode(), india()],
                "Maharashtra",
                "400050",
                "India",
            ),
            // No postal code: the wizard asks the shopper for the pincode.
            (
                vec![locality(), state(), india()],
                "Maharashtra",
                "",
                "India",
            ),
            // No country named: the search's own.
            (vec![locality(), pincode()], "", "400050", "India"),
            (
                vec![
                    component("London", &["postal_town"]),
                    component("WC2N 5DU", &["postal_code"]),
                    component("United Kingdom", &["country", "political"]),
                ],
                "",
                "WC2N 5DU",
                "United Kingdom",
            ),
        ];
        for (components, state, pincode, country) in cases {
            let place = parse_place("p", &found(components));
            assert_eq!(
                (
                    place.state.as_str(),
                    place.pincode.as_str(),
                    place.country.as_str()
                ),
                (state, pincode, country)
            );
        }
    }

    #[test]
    fn a_whole_place_as_the_places_api_new_writes_it() {
        let answer: PlaceAnswer = serde_json::from_value(json!({
            "id": "ChIJ-bandra",
            "formattedAddress": "Bandra West, Mumbai, Maharashtra 400050, India",
            "location": {"latitude": 19.0596, "longitude": 72.8295},
            "displayName": {"text": "Bandra West", "languageCode": "en"},
            "addressComponents": [
                component("Bandra West", &["sublocality_level_1", "sublocality", "political"]),
                locality(),
                district(),
                state(),
                india(),
                pincode(),
            ],
        }))
        .expect("Google's shape");
        assert_eq!(
            parse_place("ChIJ-bandra", &Found::from(answer)),
            Place {
                place_id: "ChIJ-bandra".to_owned(),
                locality: "Bandra West".to_owned(),
                city: "Mumbai".to_owned(),
                state: "Maharashtra".to_owned(),
                pincode: "400050".to_owned(),
                country: "India".to_owned(),
                formatted: "Bandra West, Mumbai, Maharashtra 400050, India".to_owned(),
                location: Some(LatLng {
                    lat: 19.0596,
                    lng: 72.8295,
                }),
            }
        );

        // Protobuf's JSON leaves a coordinate of 0 out; no location at all is no location.
        let equator: PlaceAnswer =
            serde_json::from_value(json!({"location": {"longitude": 72.8}})).expect("a shape");
        assert_eq!(
            Found::from(equator).location,
            Some(LatLng {
                lat: 0.0,
                lng: 72.8
            })
        );
        let nowhere: PlaceAnswer =
            serde_json::from_value(json!({"formattedAddress": "India"})).expect("a shape");
        assert_eq!(Found::from(nowhere).location, None);
    }

    #[test]
    fn geocoding_results_are_read_as_google_writes_them() {
        let answer: GeocodeAnswer = serde_json::from_str(
            r#"{"status": "OK", "plus_code": {"global_code": "7JFJ3R4H+2X"},
                "results": [{"place_id": "ChIJ-400001", "formatted_address": "Fort, Mumbai, Maharashtra 400001, India",
                  "types": ["postal_code"],
                  "geometry": {"location": {"lat": 18.9398, "lng": 72.8355}, "location_type": "APPROXIMATE"},
                  "address_components": [
                    {"long_name": "400001", "short_name": "400001", "types": ["postal_code"]},
                    {"long_name": "Fort", "short_name": "Fort", "types": ["political", "sublocality", "sublocality_level_1"]},
                    {"long_name": "Mumbai", "short_name": "Mumbai", "types": ["locality", "political"]},
                    {"long_name": "Maharashtra", "short_name": "MH", "types": ["administrative_area_level_1", "political"]},
                    {"long_name": "India", "short_name": "IN", "types": ["country", "political"]}]}]}"#,
        )
        .expect("Google's shape");
        let found = answer
            .results
            .into_iter()
            .map(Found::from)
            .next()
            .expect("a result");
        assert!(found.has_pincode() && found.in_india());
        let place = parse_place("ChIJ-400001", &found);
        assert_eq!(
            (
                place.locality.as_str(),
                place.city.as_str(),
                place.pincode.as_str()
            ),
            ("Fort", "Mumbai", "400001")
        );
        assert!(!found_abroad().in_india());
    }

    fn found_abroad() -> Found {
        found(vec![
            component("WC2N 5DU", &["postal_code"]),
            component("United Kingdom", &["country", "political"]),
        ])
    }

    #[test]
    fn suggestions_are_read_as_the_places_api_new_writes_them() {
        let answer: AutocompleteAnswer = serde_json::from_value(json!({"suggestions": [
            {"placePrediction": {
                "place": "places/a", "placeId": "a",
                "text": {"text": "Andheri West, Mumbai, Maharashtra, India", "matches": [{"endOffset": 7}]},
                "structuredFormat": {
                    "mainText": {"text": "Andheri West", "matches": [{"endOffset": 7}]},
                    "secondaryText": {"text": "Mumbai, Maharashtra, India"}},
                "types": ["sublocality_level_1", "sublocality", "political", "geocode"]}},
            {"queryPrediction": {"text": {"text": "andheri west restaurants"}}},
            {"placePrediction": {"placeId": "b", "text": {"text": "Andheri, Mumbai, India"}}},
            {"placePrediction": {"placeId": "c", "text": {"text": "India"},
                "structuredFormat": {"mainText": {"text": "India"}}}},
            {"placePrediction": {"placeId": "d",
                "structuredFormat": {"mainText": {"text": "Juhu"}, "secondaryText": {"text": "Mumbai"}}}},
        ]}))
        .expect("Google's shape");
        let predictions: Vec<(String, String, String, String)> = answer
            .suggestions
            .into_iter()
            .filter_map(|s| s.place_prediction)
            .map(|p| {
                let p = p.into_prediction();
                (p.place_id, p.main_text, p.secondary_text, p.description)
            })
            .collect();
        let expected = [
            (
                "a",
                "Andheri West",
                "Mumbai, Maharashtra, India",
                "Andheri West, Mumbai, Maharashtra, India",
            ),
            ("b", "Andheri", "Mumbai, India", "Andheri, Mumbai, India"),
            ("c", "India", "", "India"),
            ("d", "Juhu", "Mumbai", "Juhu, Mumbai"),
        ]
        .map(|(id, main, secondary, description)| {
            (id.into(), main.into(), secondary.into(), description.into())
        });
        assert_eq!(predictions, expected);

        let none: AutocompleteAnswer = serde_json::from_str("{}").expect("no suggestions");
        assert!(none.suggestions.is_empty());
    }

    #[test]
    fn google_errors_say_their_status_and_reason() {
        let cases = [
            (
                json!({"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.",
                    "status": "INVALID_ARGUMENT", "details": [
                        {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                         "domain": "googleapis.com", "metadata": {"service": "places.googleapis.com"}},
                        {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US",
                         "message": "API key not valid. Please pass a valid API key."}]}}),
                "INVALID_ARGUMENT (API_KEY_INVALID)",
            ),
            (
                json!({"error": {"code": 404, "message": "Requested entity was not found.", "status": "NOT_FOUND"}}),
                "NOT_FOUND",
            ),
        ];
        for (answer, expected) in cases {
            let ErrorAnswer { error } = serde_json::from_value(answer).expect("Google's shape");
            assert_eq!(error.status_and_reason(), expected);
        }
    }

    #[test]
    fn session_tokens_google_would_refuse_are_left_out() {
        for token in ["0a1b2c3d-4e5f-6789-abcd-ef0123456789", "s-42", "abc_DEF"] {
            assert!(google_takes(token), "{token}");
        }
        for token in [
            "",
            "has space",
            "a/b",
            "ünïcode",
            "padded==",
            &"s".repeat(37),
        ] {
            assert!(!google_takes(token), "{token}");
        }
    }

    #[test]
    fn geocoding_statuses_other_than_ok_are_refusals_or_unreadable() {
        let google = GooglePlaces::new(None, "AIza-secret").expect("valid");
        for status in [
            "REQUEST_DENIED",
            "OVER_QUERY_LIMIT",
            "OVER_DAILY_LIMIT",
            "UNKNOWN_ERROR",
            "INVALID_REQUEST",
        ] {
            let error = google.refusal("e".into(), status, Some("The key AIza-secret is wrong."));
            assert!(matches!(error, PlacesError::Refused { .. }), "{error:?}");
            let message = error.to_string();
            assert!(message.contains(status), "{message}");
            assert!(!message.contains("AIza-secret"), "{message}");
        }
        let error = google.refusal("e".into(), "MAYBE", None);
        assert!(matches!(error, PlacesError::Malformed { .. }), "{error:?}");
    }

    #[test]
    fn endpoints_and_bad_bases() {
        let google = GooglePlaces::new(None, "k").expect("Google's own");
        assert_eq!(
            (
                endpoint(&google.places, AUTOCOMPLETE_PATH).as_str(),
                endpoint(&google.geocode, GEOCODE_PATH).as_str()
            ),
            (
                "https://places.googleapis.com/v1/places:autocomplete",
                "https://maps.googleapis.com/maps/api/geocode/json"
            )
        );
        let cases = [
            (
                " http://127.0.0.1:8099/ ",
                "http://127.0.0.1:8099/v1/places:autocomplete",
                "http://127.0.0.1:8099/maps/api/geocode/json",
            ),
            (
                "https://proxy.example.in/google/",
                "https://proxy.example.in/google/v1/places:autocomplete",
                "https://proxy.example.in/google/maps/api/geocode/json",
            ),
        ];
        for (base, places, geocode) in cases {
            let google = GooglePlaces::new(Some(base), "k").expect(base);
            assert_eq!(endpoint(&google.places, AUTOCOMPLETE_PATH).as_str(), places);
            assert_eq!(endpoint(&google.geocode, GEOCODE_PATH).as_str(), geocode);
        }
        for bad in [
            "maps.googleapis.com",
            "ftp://maps.example.in",
            "",
            "https://",
        ] {
            let error = GooglePlaces::new(Some(bad), "k").expect_err(bad);
            assert!(matches!(error, PlacesError::BadUrl(_)), "{bad}: {error:?}");
        }
        assert!(matches!(
            GooglePlaces::new(None, "  "),
            Err(PlacesError::NoKey)
        ));
        assert!(matches!(
            GooglePlaces::new(None, "AIza\nsecret"),
            Err(PlacesError::Client(_))
        ));
    }

    #[test]
    fn debug_and_describe_hide_the_key() {
        let google = GooglePlaces::new(Some("https://user:hunter2@maps.example.in"), "AIza-secret")
            .expect("valid");
        for text in [format!("{google:?}"), google.describe()] {
            assert!(!text.contains("AIza-secret"), "{text}");
            assert!(!text.contains("hunter2"), "{text}");
        }
        assert_eq!(
            google.describe(),
            "Google Places at https://maps.example.in/"
        );
        let google = GooglePlaces::new(None, "AIza-secret").expect("valid");
        assert!(!format!("{google:?}").contains("AIza-secret"));
        assert!(!format!("{:?}", google.key_header).contains("AIza-secret"));
        assert_eq!(
            google.describe(),
            "Google Places API (New) at https://places.googleapis.com/ and Geocoding API at \
             https://maps.googleapis.com/"
        );
    }
}
