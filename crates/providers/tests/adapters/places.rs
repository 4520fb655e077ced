//! Address search: the Google adapter against a fake speaking Google's Places API (New) and
//! Geocoding API (the requests it sends, the answers it reads, every way the services can fail,
//! and the key kept out of every error), and the embedded directory that answers when no key is
//! configured.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use providers::{GooglePlaces, LocalPlaces, PlaceSearch, PlacesError};
use serde_json::json;
use url::Url;

use crate::fake_model::{Behaviour, FakeModel, Recorded};
use crate::smtp_server::free_port;

const KEY: &str = "AIza-test-places-key";

/// The request's path without the fake's `/v1/` base, and its query's parameters.
fn call(request: &Recorded) -> (String, HashMap<String, String>) {
    let url = Url::parse(&format!("http://fake{}", request.path)).expect("a request target");
    let path = url
        .path()
        .strip_prefix("/v1")
        .unwrap_or(url.path())
        .to_owned();
    (path, url.query_pairs().into_owned().collect())
}

fn google(fake: &FakeModel) -> GooglePlaces {
    GooglePlaces::new(Some(&fake.base_url), KEY).expect("valid")
}

/// Google's error, as the Places API (New) answers a failure.
fn google_error(code: u16, status: &str, message: &str) -> Behaviour {
    Behaviour::Status(
        code,
        json!({"error": {"code": code, "message": message, "status": status}}).to_string(),
    )
}

#[tokio::test]
async fn suggestions_are_asked_for_india_within_the_session() {
    let fake = FakeModel::start(Behaviour::Json(
        json!({"suggestions": [
            {"placePrediction": {"place": "places/ChIJ-1", "placeId": "ChIJ-1",
             "text": {"text": "Andheri West, Mumbai, Maharashtra, India"},
             "structuredFormat": {"mainText": {"text": "Andheri West"}, "secondaryText": {"text": "Mumbai, Maharashtra, India"}}}},
            {"placePrediction": {"place": "places/ChIJ-2", "placeId": "ChIJ-2",
             "text": {"text": "Andheri East, Mumbai, Maharashtra, India"},
             "structuredFormat": {"mainText": {"text": "Andheri East"}, "secondaryText": {"text": "Mumbai, Maharashtra, India"}}}},
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
        (
            found[0].place_id.as_str(),
            found[0].main_text.as_str(),
            found[0].description.as_str()
        ),
        (
            "ChIJ-1",
            "Andheri West",
            "Andheri West, Mumbai, Maharashtra, India"
        )
    );

    let requests = fake.requests();
    assert_eq!(requests[0].method, "POST");
    let (path, query) = call(&requests[0]);
    assert_eq!(path, "/v1/places:autocomplete");
    assert!(query.is_empty(), "the key is not in the URL: {query:?}");
    assert_eq!(requests[0].header("x-goog-api-key"), Some(KEY));
    assert_eq!(requests[0].header("content-type"), Some("application/json"));
    assert_eq!(
        requests[0].json(),
        json!({
            "input": "andheri w",
            "sessionToken": "session-1",
            "includedRegionCodes": ["in"],
            "includedPrimaryTypes": ["(regions)"],
            "languageCode": "en",
        })
    );
}

#[tokio::test]
async fn query_predictions_are_skipped_and_a_token_google_would_refuse_is_left_out() {
    let fake = FakeModel::start(Behaviour::Json(
        json!({"suggestions": [
            {"queryPrediction": {"text": {"text": "fort restaurants"}}},
            {"placePrediction": {"placeId": "ChIJ-fort", "text": {"text": "Fort, Mumbai, Maharashtra, India"}}},
        ]})
        .to_string(),
    ))
    .await;
    let google = google(&fake);
    let found = google
        .autocomplete("fort", Some("not a token Google takes"), 5)
        .await
        .expect("suggestions");
    assert_eq!(
        found
            .iter()
            .map(|p| (
                p.place_id.as_str(),
                p.main_text.as_str(),
                p.secondary_text.as_str()
            ))
            .collect::<Vec<_>>(),
        [("ChIJ-fort", "Fort", "Mumbai, Maharashtra, India")]
    );
    google
        .details("ChIJ-x", Some(&"s".repeat(37)))
        .await
        .expect_err("not a place answer");
    let requests = fake.requests();
    assert_eq!(requests[0].json().get("sessionToken"), None);
    let (_, query) = call(&requests[1]);
    assert!(!query.contains_key("sessionToken"), "{query:?}");
}

#[tokio::test]
async fn details_ask_for_the_wizard_s_fields_only() {
    let fake = FakeModel::start(Behaviour::Json(
        json!({
            "id": "ChIJ-fort",
            "displayName": {"text": "Fort", "languageCode": "en"},
            "formattedAddress": "Fort, Mumbai, Maharashtra 400001, India",
            "location": {"latitude": 18.9322, "longitude": 72.8351},
            "addressComponents": [
                {"longText": "Fort", "shortText": "Fort", "types": ["sublocality_level_1", "sublocality", "political"], "languageCode": "en"},
                {"longText": "Mumbai", "shortText": "Mumbai", "types": ["locality", "political"], "languageCode": "en"},
                {"longText": "Maharashtra", "shortText": "MH", "types": ["administrative_area_level_1", "political"], "languageCode": "en"},
                {"longText": "India", "shortText": "IN", "types": ["country", "political"], "languageCode": "en"},
                {"longText": "400001", "shortText": "400001", "types": ["postal_code"]}]})
        .to_string(),
    ))
    .await;
    let google = google(&fake);
    let place = google.details("ChIJ-fort", None).await.expect("a place");
    assert_eq!(
        (
            place.place_id.as_str(),
            place.city.as_str(),
            place.pincode.as_str(),
            place.locality.as_str()
        ),
        ("ChIJ-fort", "Mumbai", "400001", "Fort")
    );
    assert!(place.location.is_some());
    google
        .details("ChIJ/with?odd#chars", Some("session-1"))
        .await
        .expect("a place");

    let requests = fake.requests();
    assert_eq!(requests[0].method, "GET");
    let (path, query) = call(&requests[0]);
    assert_eq!(path, "/v1/places/ChIJ-fort");
    assert_eq!(
        query,
        HashMap::from([("languageCode".to_owned(), "en".to_owned())]),
        "no session token was given, and the key is not in the URL"
    );
    assert_eq!(requests[0].header("x-goog-api-key"), Some(KEY));
    assert_eq!(
        requests[0].header("x-goog-fieldmask"),
        Some("id,addressComponents,formattedAddress,location,displayName")
    );
    let (path, query) = call(&requests[1]);
    assert_eq!(path, "/v1/places/ChIJ%2Fwith%3Fodd%23chars", "one segment");
    assert_eq!(query["sessionToken"], "session-1");
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
    let request = &fake.requests()[0];
    assert_eq!(request.method, "GET");
    let (path, query) = call(request);
    assert_eq!(path, "/maps/api/geocode/json");
    assert_eq!(query["latlng"], "18.9398,72.8355");
    assert_eq!(query["result_type"], "postal_code|locality");
    assert_eq!(
        query["key"], KEY,
        "the Geocoding API takes the key in the URL"
    );
    assert_eq!(request.header("x-goog-api-key"), None);

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
    let empty = FakeModel::start(Behaviour::Json("{}".to_owned())).await;
    assert!(
        google(&empty)
            .autocomplete("zzqxw", None, 5)
            .await
            .expect("an answer")
            .is_empty()
    );
    let zero = FakeModel::start(Behaviour::Json(
        json!({"status": "ZERO_RESULTS", "results": []}).to_string(),
    ))
    .await;
    assert!(matches!(
        google(&zero).reverse(10.0, 80.0).await,
        Err(PlacesError::NotFound)
    ));
    for behaviour in [
        google_error(404, "NOT_FOUND", "Requested entity was not found."),
        google_error(
            400,
            "INVALID_ARGUMENT",
            "Not a valid Place ID: in-400001-fort",
        ),
    ] {
        let fake = FakeModel::start(behaviour.clone()).await;
        assert!(
            matches!(
                google(&fake).details("in-400001-fort", None).await,
                Err(PlacesError::NotFound)
            ),
            "{behaviour:?}"
        );
    }
    // Ids that are no path segment are no place, and cost no request.
    let fake = FakeModel::start(Behaviour::Json("{}".to_owned())).await;
    for id in [".", ".."] {
        assert!(matches!(
            google(&fake).details(id, None).await,
            Err(PlacesError::NotFound)
        ));
    }
    assert!(fake.requests().is_empty());
}

#[tokio::test]
async fn refusals_and_bad_answers_are_errors_without_the_key() {
    let cases = [
        (
            google_error(
                403,
                "PERMISSION_DENIED",
                "Places API (New) has not been used in project 1234 before or it is disabled.",
            ),
            "PERMISSION_DENIED",
        ),
        (
            google_error(
                400,
                "INVALID_ARGUMENT",
                "API key not valid. Please pass a valid API key.",
            ),
            "INVALID_ARGUMENT",
        ),
        (
            google_error(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric"),
            "RESOURCE_EXHAUSTED",
        ),
        (
            google_error(
                403,
                "PERMISSION_DENIED",
                &format!("The key {KEY} is blocked."),
            ),
            "The key <key> is blocked.",
        ),
        (
            Behaviour::Status(502, format!("<html>key={KEY} bad gateway</html>")),
            "answered HTTP 502",
        ),
        (
            Behaviour::Json("<html>not json</html>".to_owned()),
            "could not be read",
        ),
        (
            Behaviour::Json(json!({"suggestions": {"placePrediction": {}}}).to_string()),
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
        assert!(message.contains("/v1/v1/places:autocomplete"), "{message}");
        assert!(!message.contains(KEY), "{message}");
        assert!(!format!("{error:?}").contains(KEY), "{error:?}");
    }

    // A place: refused is refused, not "not found" (a key Google does not take is
    // INVALID_ARGUMENT too, with its reason); a 404 that is not Google's error (a wrong base
    // URL) is a failing service too, as is a place without an address.
    let cases = [
        google_error(403, "PERMISSION_DENIED", "API key not valid."),
        Behaviour::Status(
            400,
            json!({"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.",
                "status": "INVALID_ARGUMENT", "details": [
                    {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                     "domain": "googleapis.com"}]}})
            .to_string(),
        ),
        Behaviour::Status(404, "<html>Not Found</html>".to_owned()),
        Behaviour::Json(json!({"id": "ChIJ-x"}).to_string()),
    ];
    for behaviour in cases {
        let fake = FakeModel::start(behaviour.clone()).await;
        let error = google(&fake)
            .details("ChIJ-x", None)
            .await
            .expect_err("no place");
        assert!(
            !matches!(error, PlacesError::NotFound),
            "{behaviour:?}: {error:?}"
        );
        assert!(
            error.to_string().contains("/v1/v1/places/ChIJ-x"),
            "{error}"
        );
    }

    // The Geocoding API refuses with a status in a 200 answer.
    let denied = json!({"status": "REQUEST_DENIED", "error_message": "The provided API key is invalid.", "results": []});
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
            Behaviour::Json(json!({"results": []}).to_string()),
            "could not be read",
        ),
    ];
    for (behaviour, expected) in cases {
        let fake = FakeModel::start(behaviour).await;
        let error = google(&fake).reverse(19.0, 72.8).await.expect_err(expected);
        assert!(!matches!(error, PlacesError::NotFound), "{error:?}");
        let message = error.to_string();
        assert!(message.contains(expected), "{message}");
        assert!(message.contains("/v1/maps/api/geocode/json"), "{message}");
        assert!(!message.contains(KEY), "{message}");
        assert!(!format!("{error:?}").contains(KEY), "{error:?}");
    }
}

#[tokio::test]
async fn a_slow_service_times_out_and_a_closed_port_is_unreachable() {
    let fake = FakeModel::start(Behaviour::Hang).await;
    let google = GooglePlaces::with_timeout(Some(&fake.base_url), KEY, Duration::from_millis(300))
        .expect("valid");
    for call in 0..2 {
        let started = Instant::now();
        let error = if call == 0 {
            google.autocomplete("mumbai", None, 5).await.map(|_| ())
        } else {
            google.reverse(19.0, 72.8).await.map(|_| ())
        }
        .expect_err("too slow");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
        assert!(matches!(error, PlacesError::Timeout { .. }), "{error:?}");
        assert!(!format!("{error:?}").contains(KEY), "{error:?}");
    }

    let port = free_port();
    let google = GooglePlaces::new(Some(&format!("http://127.0.0.1:{port}")), KEY).expect("valid");
    let details = google.details("ChIJ-x", Some("s")).await.map(|_| ());
    let reverse = google.reverse(19.0, 72.8).await.map(|_| ());
    for result in [details, reverse] {
        let error = result.expect_err("nothing listens");
        assert!(
            matches!(error, PlacesError::Unreachable { .. }),
            "{error:?}"
        );
        let message = error.to_string();
        assert!(message.to_lowercase().contains("refused"), "{message}");
        assert!(!message.contains(KEY), "{message}");
        assert!(!format!("{error:?}").contains(KEY), "{error:?}");
    }
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
