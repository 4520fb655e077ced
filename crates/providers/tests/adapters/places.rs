//! Address search: the Google adapter against a fake speaking Google's web services (the
//! requests it sends, the answers it reads, every way the service can fail, and the key kept
//! out of every error), and the embedded directory that answers when no key is configured.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use providers::{GooglePlaces, LocalPlaces, PlaceSearch, PlacesError};
use serde_json::json;
use url::Url;

use crate::fake_model::{Behaviour, FakeModel, Recorded};
use crate::smtp_server::free_port;

const KEY: &str = "AIza-test-places-key";

/// The request's path without the fake's `/v1` base, and its query's parameters.
fn call(request: &Recorded) -> (String, HashMap<String, String>) {
    let url = Url::parse(&format!("http://fake{}", request.path)).expect("a request target");
    let path = url.path().trim_start_matches("/v1").to_owned();
    (path, url.query_pairs().into_owned().collect())
}

fn google(fake: &FakeModel) -> GooglePlaces {
    GooglePlaces::new(&fake.base_url, KEY).expect("valid")
}

#[tokio::test]
async fn suggestions_are_asked_for_india_within_the_session() {
    let fake = FakeModel::start(Behaviour::Json(
        json!({"status": "OK", "predictions": [
            {"place_id": "ChIJ-1", "description": "Andheri West, Mumbai, Maharashtra, India",
             "structured_formatting": {"main_text": "Andheri West", "secondary_text": "Mumbai, Maharashtra, India"}},
            {"place_id": "ChIJ-2", "description": "Andheri East, Mumbai, Maharashtra, India",
             "structured_formatting": {"main_text": "Andheri East", "secondary_text": "Mumbai, Maharashtra, India"}},
        ]})
        .to_string(),
    ))
    .await;
    let found = google(&fake)
        .autocomplete("andheri w", Some("session-1"), 1)
        .await
        .expect("suggestions");
    assert_eq!(found.len(), 1, "cut to the limit");
    assert_eq!(
        (found[0].place_id.as_str(), found[0].main_text.as_str()),
        ("ChIJ-1", "Andheri West")
    );

    let requests = fake.requests();
    assert_eq!(requests[0].method, "GET");
    let (path, query) = call(&requests[0]);
    assert_eq!(path, "/maps/api/place/autocomplete/json");
    for (name, value) in [
        ("input", "andheri w"),
        ("sessiontoken", "session-1"),
        ("components", "country:in"),
        ("types", "geocode"),
        ("key", KEY),
    ] {
        assert_eq!(query.get(name).map(String::as_str), Some(value), "{name}");
    }
}

#[tokio::test]
async fn details_ask_for_the_wizard_s_fields_only() {
    let fake = FakeModel::start(Behaviour::Json(
        json!({"status": "OK", "result": {
            "name": "Fort",
            "formatted_address": "Fort, Mumbai, Maharashtra 400001, India",
            "geometry": {"location": {"lat": 18.9322, "lng": 72.8351}},
            "address_components": [
                {"long_name": "Fort", "short_name": "Fort", "types": ["sublocality_level_1", "sublocality", "political"]},
                {"long_name": "Mumbai", "short_name": "Mumbai", "types": ["locality", "political"]},
                {"long_name": "Maharashtra", "short_name": "MH", "types": ["administrative_area_level_1", "political"]},
                {"long_name": "India", "short_name": "IN", "types": ["country", "political"]},
                {"long_name": "400001", "short_name": "400001", "types": ["postal_code"]}]}})
        .to_string(),
    ))
    .await;
    let place = google(&fake)
        .details("ChIJ-fort", None)
        .await
        .expect("a place");
    assert_eq!(
        (
            place.city.as_str(),
            place.pincode.as_str(),
            place.locality.as_str()
        ),
        ("Mumbai", "400001", "Fort")
    );
    let (path, query) = call(&fake.requests()[0]);
    assert_eq!(path, "/maps/api/place/details/json");
    assert_eq!(query["place_id"], "ChIJ-fort");
    assert_eq!(
        query["fields"],
        "address_components,formatted_address,geometry,name"
    );
    assert!(!query.contains_key("sessiontoken"), "none was given");
}

#[tokio::test]
async fn reverse_geocoding_takes_the_first_result_in_india_with_a_pincode() {
    let fake = FakeModel::start(Behaviour::Json(
        json!({"status": "OK", "results": [
            {"place_id": "city", "formatted_address": "Mumbai, Maharashtra, India",
             "address_components": [
                {"long_name": "Mumbai", "short_name": "Mumbai", "types": ["locality", "political"]},
                {"long_name": "India", "short_name": "IN", "types": ["country", "political"]}]},
            {"place_id": "pin", "formatted_address": "Mumbai, Maharashtra 400001, India",
             "address_components": [
                {"long_name": "400001", "short_name": "400001", "types": ["postal_code"]},
                {"long_name": "Mumbai", "short_name": "Mumbai", "types": ["locality", "political"]},
                {"long_name": "India", "short_name": "IN", "types": ["country", "political"]}]}]})
        .to_string(),
    ))
    .await;
    let place = google(&fake)
        .reverse(18.9398, 72.8355)
        .await
        .expect("a place");
    assert_eq!(
        (place.place_id.as_str(), place.pincode.as_str()),
        ("pin", "400001")
    );
    let (path, query) = call(&fake.requests()[0]);
    assert_eq!(path, "/maps/api/geocode/json");
    assert_eq!(query["latlng"], "18.9398,72.8355");
    assert_eq!(query["result_type"], "postal_code|locality");

    let abroad = FakeModel::start(Behaviour::Json(
        json!({"status": "OK", "results": [
            {"place_id": "uk", "address_components": [
                {"long_name": "WC2N 5DU", "short_name": "WC2N 5DU", "types": ["postal_code"]},
                {"long_name": "United Kingdom", "short_name": "GB", "types": ["country", "political"]}]}]})
        .to_string(),
    ))
    .await;
    assert!(matches!(
        google(&abroad).reverse(51.5, -0.12).await,
        Err(PlacesError::NotFound)
    ));
}

#[tokio::test]
async fn no_results_are_no_suggestions_or_no_place() {
    let fake = FakeModel::start(Behaviour::Json(
        json!({"status": "ZERO_RESULTS", "predictions": [], "results": []}).to_string(),
    ))
    .await;
    let google = google(&fake);
    assert!(
        google
            .autocomplete("zzqxw", None, 5)
            .await
            .expect("an answer")
            .is_empty()
    );
    assert!(matches!(
        google.details("ChIJ-x", None).await,
        Err(PlacesError::NotFound)
    ));
    assert!(matches!(
        google.reverse(10.0, 80.0).await,
        Err(PlacesError::NotFound)
    ));
    for status in ["NOT_FOUND", "INVALID_REQUEST"] {
        let fake = FakeModel::start(Behaviour::Json(json!({"status": status}).to_string())).await;
        assert!(
            matches!(
                GooglePlaces::new(&fake.base_url, KEY)
                    .expect("valid")
                    .details("in-400001-fort", None)
                    .await,
                Err(PlacesError::NotFound)
            ),
            "{status}"
        );
    }
}

#[tokio::test]
async fn refusals_and_bad_answers_are_errors_without_the_key() {
    let denied = json!({"status": "REQUEST_DENIED", "error_message": "The provided API key is invalid.", "predictions": []});
    let cases = [
        (Behaviour::Json(denied.to_string()), "REQUEST_DENIED"),
        (
            Behaviour::Json(json!({"status": "OVER_QUERY_LIMIT"}).to_string()),
            "OVER_QUERY_LIMIT",
        ),
        (
            Behaviour::Status(403, format!("<html>key={KEY} is not allowed</html>")),
            "answered HTTP 403",
        ),
        (
            Behaviour::Json("<html>not json</html>".to_owned()),
            "could not be read",
        ),
        (
            Behaviour::Json(json!({"predictions": []}).to_string()),
            "could not be read",
        ),
    ];
    for (behaviour, expected) in cases {
        let fake = FakeModel::start(behaviour).await;
        let error = google(&fake)
            .autocomplete("mumbai", Some("s"), 5)
            .await
            .expect_err(expected);
        assert!(!matches!(error, PlacesError::NotFound), "{error:?}");
        let message = error.to_string();
        assert!(message.contains(expected), "{message}");
        assert!(
            message.contains("/v1/maps/api/place/autocomplete/json"),
            "{message}"
        );
        assert!(!message.contains(KEY), "{message}");
        assert!(!format!("{error:?}").contains(KEY), "{error:?}");
    }
}

#[tokio::test]
async fn a_slow_service_times_out_and_a_closed_port_is_unreachable() {
    let fake = FakeModel::start(Behaviour::Hang).await;
    let google =
        GooglePlaces::with_timeout(&fake.base_url, KEY, Duration::from_millis(300)).expect("valid");
    let started = Instant::now();
    let error = google
        .autocomplete("mumbai", None, 5)
        .await
        .expect_err("too slow");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(matches!(error, PlacesError::Timeout { .. }), "{error:?}");

    let port = free_port();
    let google = GooglePlaces::new(&format!("http://127.0.0.1:{port}"), KEY).expect("valid");
    let error = google
        .details("ChIJ-x", Some("s"))
        .await
        .expect_err("nothing listens");
    assert!(
        matches!(error, PlacesError::Unreachable { .. }),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(message.to_lowercase().contains("refused"), "{message}");
    assert!(!message.contains(KEY), "{message}");
    assert!(!format!("{error:?}").contains(KEY), "{error:?}");
}

#[tokio::test]
async fn the_embedded_directory_answers_without_a_key() {
    let directory = LocalPlaces::default();
    let found = directory
        .autocomplete("mumbai gpo", Some("ignored"), 3)
        .await
        .expect("suggestions");
    assert_eq!(found[0].place_id, "in-400001-mumbai-gpo");
    assert_eq!(
        found[0].description,
        "Mumbai GPO, Mumbai, Maharashtra 400001"
    );
    let place = directory
        .details("in-400001-mumbai-gpo", None)
        .await
        .expect("a place");
    assert_eq!(
        (
            place.city.as_str(),
            place.pincode.as_str(),
            place.country.as_str()
        ),
        ("Mumbai", "400001", "India")
    );
    assert!(place.location.is_some());
    let near = directory.reverse(28.6328, 77.2197).await.expect("a place");
    assert_eq!(near.pincode, "110001");
    assert!(matches!(
        directory.details("in-400001-nowhere", None).await,
        Err(PlacesError::NotFound)
    ));
    assert!(matches!(
        directory.reverse(51.5, -0.12).await,
        Err(PlacesError::NotFound)
    ));
    assert_eq!(format!("{directory:?}"), "LocalPlaces { loaded: true }");
}
