//! Address search through Google's Places and Geocoding web services (the JSON API keyed by a
//! `key=` parameter).

use std::fmt;
use std::time::Duration;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use url::Url;

use crate::BoxFuture;
use crate::openai::error_chain;
use crate::places::{LatLng, Place, PlaceSearch, PlacesError, Prediction};

/// How long one request may take. The wizard asks for suggestions while the shopper types, so a
/// slow service must give way to manual entry quickly.
pub const PLACES_TIMEOUT: Duration = Duration::from_secs(3);

/// Where Google's web services answer.
pub const GOOGLE_MAPS_URL: &str = "https://maps.googleapis.com";

const AUTOCOMPLETE_PATH: &str = "maps/api/place/autocomplete/json";
const DETAILS_PATH: &str = "maps/api/place/details/json";
const GEOCODE_PATH: &str = "maps/api/geocode/json";

/// Only what the wizard fills: the other fields are billed at higher rates.
const DETAILS_FIELDS: &str = "address_components,formatted_address,geometry,name";

/// How much of an error answer's body goes into [`PlacesError::Status`].
const ERROR_BODY_CHARS: usize = 300;

/// The country every address is in, when an answer names none.
const DEFAULT_COUNTRY: &str = "India";

/// Searches through Google's legacy Places web service (autocomplete and details) and its
/// Geocoding web service (reverse), with the API key as the `key` parameter:
///
/// - suggestions: `GET {base}/maps/api/place/autocomplete/json?input=&sessiontoken=&components=country:in&types=geocode&key=`;
///   at most 5 come back, whatever the limit;
/// - a place: `GET {base}/maps/api/place/details/json?place_id=&fields=address_components,formatted_address,geometry,name&sessiontoken=&key=`;
/// - a point: `GET {base}/maps/api/geocode/json?latlng=lat,lng&result_type=postal_code|locality&key=`,
///   the first result in India with a postal code.
///
/// Google answers HTTP 200 with a `status`: `ZERO_RESULTS` is no suggestions or
/// [`PlacesError::NotFound`], as are `NOT_FOUND` and `INVALID_REQUEST` for a place id;
/// refusals are [`PlacesError::Refused`]. Address components become a [`Place`] as 001's
/// "Parsed place" says: city is the `locality`, else the `postal_town`, else the
/// `administrative_area_level_2`; state the `administrative_area_level_1`; pincode the
/// `postal_code`; country the `country` (India when none); locality the `sublocality` or
/// `neighborhood`, else the place's name.
///
/// The key stays on the server: it is sent to Google only, and errors, `Debug` and
/// [`PlaceSearch::describe`] leave it out (text from Google is searched for it too).
pub struct GooglePlaces {
    client: reqwest::Client,
    base: Url,
    key: String,
    timeout: Duration,
}

impl GooglePlaces {
    /// Google's services at `base_url` ([`GOOGLE_MAPS_URL`]; another base, such as a local
    /// fake, takes the same paths under it) with this API key; [`PLACES_TIMEOUT`] per request.
    pub fn new(base_url: &str, key: &str) -> Result<Self, PlacesError> {
        Self::with_timeout(base_url, key, PLACES_TIMEOUT)
    }

    /// As [`GooglePlaces::new`], with another time limit per request.
    pub fn with_timeout(base_url: &str, key: &str, timeout: Duration) -> Result<Self, PlacesError> {
        let base = base_of(base_url)?;
        let key = key.trim();
        if key.is_empty() {
            return Err(PlacesError::NoKey);
        }
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|e| PlacesError::Client(error_chain(&e)))?;
        Ok(Self {
            client,
            base,
            key: key.to_owned(),
            timeout,
        })
    }

    /// `{base}/{path}`, without the key.
    fn endpoint(&self, path: &str) -> Url {
        let mut url = self.base.clone();
        let joined = format!("{}/{path}", url.path().trim_end_matches('/'));
        url.set_path(&joined);
        url
    }

    /// An endpoint as shown in messages: no query, user or password.
    fn shown(endpoint: &Url) -> String {
        let mut shown = endpoint.clone();
        shown.set_query(None);
        // Only fails for URLs that cannot have credentials, which then have none to hide.
        let _ = shown.set_username("");
        let _ = shown.set_password(None);
        shown.to_string()
    }

    /// `text` (from Google, or an error about a request) with the key cut out.
    fn redact(&self, text: &str) -> String {
        text.replace(&self.key, "<key>")
    }

    /// GETs `path` with `params` and the key, and reads the JSON answer; any HTTP status other
    /// than 2xx is an error. Also hands back the endpoint, for the caller's messages.
    async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        params: &[(&str, &str)],
    ) -> Result<(T, String), PlacesError> {
        let endpoint = self.endpoint(path);
        let shown = Self::shown(&endpoint);
        let mut url = endpoint;
        url.query_pairs_mut()
            .extend_pairs(params)
            .append_pair("key", &self.key);
        let response = self
            .client
            .get(url)
            .send()
            .await
            .map_err(|e| self.transport_error(&shown, e))?;
        let status = response.status();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| self.transport_error(&shown, e))?;
        if !status.is_success() {
            let text = String::from_utf8_lossy(&bytes);
            return Err(PlacesError::Status {
                endpoint: shown,
                status: status.as_u16(),
                body: self
                    .redact(text.trim())
                    .chars()
                    .take(ERROR_BODY_CHARS)
                    .collect(),
            });
        }
        match serde_json::from_slice(&bytes) {
            Ok(answer) => Ok((answer, shown)),
            Err(e) => Err(PlacesError::Malformed {
                endpoint: shown,
                reason: e.to_string(),
            }),
        }
    }

    fn transport_error(&self, endpoint: &str, error: reqwest::Error) -> PlacesError {
        // The request's URL carries the key.
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

    /// The error a `status` other than `OK` and `ZERO_RESULTS` stands for.
    fn refusal(&self, endpoint: String, status: &str, message: Option<&str>) -> PlacesError {
        match status {
            "REQUEST_DENIED" | "OVER_QUERY_LIMIT" | "OVER_DAILY_LIMIT" | "UNKNOWN_ERROR"
            | "INVALID_REQUEST" => PlacesError::Refused {
                endpoint,
                status: status.to_owned(),
                message: self.redact(message.unwrap_or("no error_message")),
            },
            other => PlacesError::Malformed {
                endpoint,
                reason: format!("an undocumented status {:?}", self.redact(other)),
            },
        }
    }

    async fn suggest(
        &self,
        query: &str,
        session: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Prediction>, PlacesError> {
        let mut params = vec![
            ("input", query),
            ("components", "country:in"),
            ("types", "geocode"),
        ];
        if let Some(token) = session {
            params.push(("sessiontoken", token));
        }
        let (answer, endpoint): (AutocompleteAnswer, _) =
            self.get(AUTOCOMPLETE_PATH, &params).await?;
        match answer.status.as_str() {
            "OK" | "ZERO_RESULTS" => Ok(answer
                .predictions
                .into_iter()
                .take(limit)
                .map(GooglePrediction::into_prediction)
                .collect()),
            status => Err(self.refusal(endpoint, status, answer.error_message.as_deref())),
        }
    }

    async fn place(&self, place_id: &str, session: Option<&str>) -> Result<Place, PlacesError> {
        let mut params = vec![("place_id", place_id), ("fields", DETAILS_FIELDS)];
        if let Some(token) = session {
            params.push(("sessiontoken", token));
        }
        let (answer, endpoint): (DetailsAnswer, _) = self.get(DETAILS_PATH, &params).await?;
        match (answer.status.as_str(), answer.result) {
            ("OK", Some(result)) => Ok(parse_place(place_id, &result)),
            ("OK", None) => Err(PlacesError::Malformed {
                endpoint,
                reason: "status OK without a result".to_owned(),
            }),
            // An id Google no longer knows or never gave (NOT_FOUND), or not an id at all
            // (INVALID_REQUEST): either way the shopper picked nothing that exists.
            ("ZERO_RESULTS" | "NOT_FOUND" | "INVALID_REQUEST", _) => Err(PlacesError::NotFound),
            (status, _) => Err(self.refusal(endpoint, status, answer.error_message.as_deref())),
        }
    }

    async fn nearest(&self, lat: f64, lng: f64) -> Result<Place, PlacesError> {
        let latlng = format!("{lat},{lng}");
        let params = [
            ("latlng", latlng.as_str()),
            ("result_type", "postal_code|locality"),
        ];
        let (answer, endpoint): (GeocodeAnswer, _) = self.get(GEOCODE_PATH, &params).await?;
        match answer.status.as_str() {
            "OK" | "ZERO_RESULTS" => answer
                .results
                .iter()
                .find(|result| result.has_pincode() && result.in_india())
                .map(|result| parse_place(result.place_id.as_deref().unwrap_or_default(), result))
                .ok_or(PlacesError::NotFound),
            status => Err(self.refusal(endpoint, status, answer.error_message.as_deref())),
        }
    }
}

/// The base URL, after checking it is http(s) with a host.
fn base_of(base_url: &str) -> Result<Url, PlacesError> {
    let url = Url::parse(base_url.trim()).map_err(|e| PlacesError::BadUrl(e.to_string()))?;
    match url.scheme() {
        "http" | "https" if url.host_str().is_some_and(|host| !host.is_empty()) => Ok(url),
        "http" | "https" => Err(PlacesError::BadUrl("it names no host".to_owned())),
        scheme => Err(PlacesError::BadUrl(format!(
            "the scheme is {scheme}:// instead of https:// or http://"
        ))),
    }
}

/// A place's parts from Google's address components (001 "Parsed place"); see
/// [`GooglePlaces`] for which component fills which part.
fn parse_place(place_id: &str, found: &GooglePlace) -> Place {
    let part = |types: &[&str]| {
        types
            .iter()
            .find_map(|wanted| found.component(wanted))
            .map(|c| c.long_name.clone())
    };
    Place {
        place_id: place_id.to_owned(),
        locality: part(&["sublocality_level_1", "sublocality", "neighborhood"])
            .unwrap_or_else(|| found.name.clone()),
        city: part(&["locality", "postal_town", "administrative_area_level_2"]).unwrap_or_default(),
        state: part(&["administrative_area_level_1"]).unwrap_or_default(),
        pincode: part(&["postal_code"]).unwrap_or_default(),
        country: part(&["country"]).unwrap_or_else(|| DEFAULT_COUNTRY.to_owned()),
        formatted: found.formatted_address.clone(),
        location: found.geometry.as_ref().map(|g| LatLng {
            lat: g.location.lat,
            lng: g.location.lng,
        }),
    }
}

impl fmt::Debug for GooglePlaces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GooglePlaces")
            .field("base", &Self::shown(&self.base))
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
        format!("Google Places at {}", Self::shown(&self.base))
    }
}

#[derive(Debug, Deserialize)]
struct AutocompleteAnswer {
    status: String,
    #[serde(default)]
    predictions: Vec<GooglePrediction>,
    error_message: Option<String>,
}

#[derive(Debug, Deserialize)]
struct GooglePrediction {
    place_id: String,
    description: String,
    structured_formatting: Option<StructuredFormatting>,
}

#[derive(Debug, Deserialize)]
struct StructuredFormatting {
    main_text: String,
    /// Absent for a prediction that is a whole region ("India").
    #[serde(default)]
    secondary_text: String,
}

impl GooglePrediction {
    fn into_prediction(self) -> Prediction {
        let (main_text, secondary_text) = match self.structured_formatting {
            Some(parts) => (parts.main_text, parts.secondary_text),
            // Older answers lack the split: the description's first part is the place's name.
            None => match self.description.split_once(", ") {
                Some((main, rest)) => (main.to_owned(), rest.to_owned()),
                None => (self.description.clone(), String::new()),
            },
        };
        Prediction {
            place_id: self.place_id,
            main_text,
            secondary_text,
            description: self.description,
        }
    }
}

#[derive(Debug, Deserialize)]
struct DetailsAnswer {
    status: String,
    result: Option<GooglePlace>,
    error_message: Option<String>,
}

#[derive(Debug, Deserialize)]
struct GeocodeAnswer {
    status: String,
    #[serde(default)]
    results: Vec<GooglePlace>,
    error_message: Option<String>,
}

/// A details `result` or a geocoding result: the same parts, with `name` only in the first and
/// `place_id` only in the second (as asked).
#[derive(Debug, Default, Deserialize)]
struct GooglePlace {
    #[serde(default)]
    address_components: Vec<Component>,
    #[serde(default)]
    formatted_address: String,
    geometry: Option<Geometry>,
    #[serde(default)]
    name: String,
    place_id: Option<String>,
}

impl GooglePlace {
    fn component(&self, kind: &str) -> Option<&Component> {
        self.address_components
            .iter()
            .find(|c| c.types.iter().any(|t| t == kind))
    }

    fn has_pincode(&self) -> bool {
        self.component("postal_code").is_some()
    }

    /// A result that names no country is taken to be in India, as the search is.
    fn in_india(&self) -> bool {
        self.component("country")
            .is_none_or(|c| c.short_name.eq_ignore_ascii_case("IN"))
    }
}

#[derive(Debug, Deserialize)]
struct Component {
    long_name: String,
    #[serde(default)]
    short_name: String,
    #[serde(default)]
    types: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct Geometry {
    location: Location,
}

#[derive(Debug, Deserialize)]
struct Location {
    lat: f64,
    lng: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A component as Google writes it; the short name is the long one unless it is a country.
    fn component(long_name: &str, types: &[&str]) -> Component {
        Component {
            long_name: long_name.to_owned(),
            short_name: if long_name == "India" {
                "IN"
            } else {
                long_name
            }
            .to_owned(),
            types: types.iter().map(|t| (*t).to_owned()).collect(),
        }
    }

    fn locality() -> Component {
        component("Mumbai", &["locality", "political"])
    }
    fn postal_town() -> Component {
        component("Thane", &["postal_town"])
    }
    fn district() -> Component {
        component(
            "Mumbai Suburban",
            &["administrative_area_level_2", "political"],
        )
    }
    fn state() -> Component {
        component("Maharashtra", &["administrative_area_level_1", "political"])
    }
    fn pincode() -> Component {
        component("400050", &["postal_code"])
    }
    fn india() -> Component {
        component("India", &["country", "political"])
    }

    fn found(address_components: Vec<Component>) -> GooglePlace {
        GooglePlace {
            address_components,
            formatted_address: "Bandra West, Mumbai, Maharashtra 400050, India".to_owned(),
            name: "Bandra West".to_owned(),
            ..GooglePlace::default()
        }
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
            let names: Vec<String> = components.iter().map(|c| c.long_name.clone()).collect();
            assert_eq!(parse_place("p", &found(components)).city, city, "{names:?}");
        }
    }

    #[test]
    fn the_locality_is_the_sublocality_else_the_neighbourhood_else_the_name() {
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
    fn a_whole_place_and_its_defaults() {
        let mut full = found(vec![
            component("Bandra West", &["sublocality_level_1", "sublocality"]),
            locality(),
            district(),
            state(),
            india(),
            pincode(),
        ]);
        full.geometry = Some(Geometry {
            location: Location {
                lat: 19.0596,
                lng: 72.8295,
            },
        });
        assert_eq!(
            parse_place("ChIJ-bandra", &full),
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

        // No postal code, no country, no geometry: the wizard asks the shopper for the
        // pincode, and the country is India's.
        let bare = found(vec![locality(), state()]);
        let parsed = parse_place("p", &bare);
        assert_eq!(
            (
                parsed.pincode.as_str(),
                parsed.country.as_str(),
                parsed.location
            ),
            ("", "India", None)
        );
        assert!(!bare.has_pincode());
        assert!(bare.in_india(), "no country named: the search's own");

        let abroad = found(vec![
            component("London", &["postal_town"]),
            component("WC2N 5DU", &["postal_code"]),
            component("United Kingdom", &["country", "political"]),
        ]);
        assert_eq!(parse_place("p", &abroad).country, "United Kingdom");
        assert!(!abroad.in_india());
    }

    #[test]
    fn answers_are_read_as_google_writes_them() {
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
        let result = &answer.results[0];
        assert!(result.has_pincode() && result.in_india());
        let place = parse_place(result.place_id.as_deref().unwrap_or_default(), result);
        assert_eq!(
            (
                place.place_id.as_str(),
                place.locality.as_str(),
                place.pincode.as_str()
            ),
            ("ChIJ-400001", "Fort", "400001")
        );

        let answer: AutocompleteAnswer = serde_json::from_str(
            r#"{"status": "OK", "predictions": [
                 {"place_id": "a", "description": "Andheri West, Mumbai, Maharashtra, India",
                  "structured_formatting": {"main_text": "Andheri West", "secondary_text": "Mumbai, Maharashtra, India"},
                  "types": ["sublocality", "geocode"]},
                 {"place_id": "b", "description": "Andheri, Mumbai, India"},
                 {"place_id": "c", "description": "India", "structured_formatting": {"main_text": "India"}}]}"#,
        )
        .expect("Google's shape");
        let predictions: Vec<(String, String)> = answer
            .predictions
            .into_iter()
            .map(|p| {
                let p = p.into_prediction();
                (p.main_text, p.secondary_text)
            })
            .collect();
        assert_eq!(
            predictions,
            [
                ("Andheri West".into(), "Mumbai, Maharashtra, India".into()),
                ("Andheri".into(), "Mumbai, India".into()),
                ("India".into(), String::new()),
            ]
        );
    }

    #[test]
    fn statuses_other_than_ok_are_refusals_or_unreadable() {
        let google = GooglePlaces::new(GOOGLE_MAPS_URL, "AIza-secret").expect("valid");
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
        let cases = [
            (
                "https://maps.googleapis.com",
                "https://maps.googleapis.com/maps/api/geocode/json",
            ),
            (
                " http://127.0.0.1:8099/ ",
                "http://127.0.0.1:8099/maps/api/geocode/json",
            ),
            (
                "https://proxy.example.in/google/",
                "https://proxy.example.in/google/maps/api/geocode/json",
            ),
        ];
        for (base, endpoint) in cases {
            let google = GooglePlaces::new(base, "k").expect(base);
            assert_eq!(google.endpoint(GEOCODE_PATH).as_str(), endpoint);
        }
        for bad in [
            "maps.googleapis.com",
            "ftp://maps.example.in",
            "",
            "https://",
        ] {
            let error = GooglePlaces::new(bad, "k").expect_err(bad);
            assert!(matches!(error, PlacesError::BadUrl(_)), "{bad}: {error:?}");
        }
        assert!(matches!(
            GooglePlaces::new(GOOGLE_MAPS_URL, "  "),
            Err(PlacesError::NoKey)
        ));
    }

    #[test]
    fn debug_and_describe_hide_the_key() {
        let google = GooglePlaces::new("https://user:hunter2@maps.example.in", "AIza-secret")
            .expect("valid");
        for text in [format!("{google:?}"), google.describe()] {
            assert!(!text.contains("AIza-secret"), "{text}");
            assert!(!text.contains("hunter2"), "{text}");
        }
        assert_eq!(
            google.describe(),
            "Google Places at https://maps.example.in/"
        );
    }
}
