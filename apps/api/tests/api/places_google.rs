//! Address search through Google: the server configured with `SHOP_PLACES_KEY` and
//! `SHOP_PLACES_URL` pointing at a local fake speaking Google's Places API (New) and Geocoding
//! API. The answers keep the documented shapes, the key and the session token go to Google and
//! the key nowhere else, and a failing service is 503 `PLACES_UNAVAILABLE` so the wizard falls
//! back to typing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{Backend, Options, TEST_PLACES_KEY, TestApp, error_code, spawn_app_with};

/// One request as the fake received it.
#[derive(Debug, Clone)]
struct Seen {
    method: String,
    path: String,
    query: HashMap<String, String>,
    /// Names in lower case.
    headers: HashMap<String, String>,
    body: Value,
}

/// How the fake answers a request: an HTTP status and a JSON body.
type Answer = fn(&Seen) -> (u16, Value);

/// A fake of Google's Places API (New) and Geocoding API: answers every request with what
/// `answer` gives for it, and keeps each request.
struct FakeGoogle {
    url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl FakeGoogle {
    async fn start(answer: Answer) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let recorded = Arc::clone(&seen);
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let Some(request) = read_request(&mut socket).await else {
                    continue;
                };
                recorded.lock().expect("not poisoned").push(request.clone());
                let (status, body) = answer(&request);
                let body = body.to_string();
                let response = format!(
                    "HTTP/1.1 {status} Fake\r\ncontent-type: application/json; charset=UTF-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = socket.write_all(response.as_bytes()).await;
            }
        });
        Self { url, seen }
    }

    fn requests(&self) -> Vec<Seen> {
        self.seen.lock().expect("not poisoned").clone()
    }
}

/// The request line, headers and (by its `content-length`) body of one request.
async fn read_request(socket: &mut tokio::net::TcpStream) -> Option<Seen> {
    let mut request = Vec::new();
    let mut buffer = [0u8; 4096];
    let head_end = loop {
        if let Some(at) = request.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = socket.read(&mut buffer).await.ok()?;
        if n == 0 {
            return None;
        }
        request.extend_from_slice(&buffer[..n]);
    };
    let head = String::from_utf8_lossy(&request[..head_end]).into_owned();
    let mut lines = head.lines();
    let mut request_line = lines.next()?.split_whitespace();
    let method = request_line.next()?.to_owned();
    let target = request_line.next()?.to_owned();
    let headers: HashMap<String, String> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_owned()))
        .collect();
    let length: usize = headers
        .get("content-length")
        .and_then(|l| l.parse().ok())
        .unwrap_or(0);
    while request.len() < head_end + length {
        let n = socket.read(&mut buffer).await.ok()?;
        if n == 0 {
            return None;
        }
        request.extend_from_slice(&buffer[..n]);
    }
    let body = &request[head_end..head_end + length];
    let url = reqwest::Url::parse(&format!("http://fake{target}")).ok()?;
    Some(Seen {
        method,
        path: url.path().to_owned(),
        query: url.query_pairs().into_owned().collect(),
        headers,
        body: if body.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(body).expect("a JSON request body")
        },
    })
}

/// Google's error, as the Places API (New) answers a failure.
fn google_error(code: u16, status: &str, message: &str) -> (u16, Value) {
    (
        code,
        json!({"error": {"code": code, "message": message, "status": status}}),
    )
}

/// Google's answers for Bandra West, Mumbai 400050; a place id other than Bandra West's is
/// unknown, as is a request without the key.
fn google(request: &Seen) -> (u16, Value) {
    if request.path.starts_with("/v1/")
        && request.headers.get("x-goog-api-key").map(String::as_str) != Some(TEST_PLACES_KEY)
    {
        return google_error(
            403,
            "PERMISSION_DENIED",
            "The request is missing a valid API key.",
        );
    }
    let geocode_components = json!([
        {"long_name": "Bandra West", "short_name": "Bandra West", "types": ["political", "sublocality", "sublocality_level_1"]},
        {"long_name": "Mumbai", "short_name": "Mumbai", "types": ["locality", "political"]},
        {"long_name": "Mumbai Suburban", "short_name": "Mumbai Suburban", "types": ["administrative_area_level_2", "political"]},
        {"long_name": "Maharashtra", "short_name": "MH", "types": ["administrative_area_level_1", "political"]},
        {"long_name": "India", "short_name": "IN", "types": ["country", "political"]},
        {"long_name": "400050", "short_name": "400050", "types": ["postal_code"]},
    ]);
    match (request.method.as_str(), request.path.as_str()) {
        ("POST", "/v1/places:autocomplete") => (
            200,
            json!({"suggestions": [
                {"placePrediction": {"place": "places/ChIJ-bandra", "placeId": "ChIJ-bandra",
                 "text": {"text": "Bandra West, Mumbai, Maharashtra, India", "matches": [{"endOffset": 6}]},
                 "structuredFormat": {"mainText": {"text": "Bandra West", "matches": [{"endOffset": 6}]},
                                      "secondaryText": {"text": "Mumbai, Maharashtra, India"}},
                 "types": ["sublocality_level_1", "sublocality", "political", "geocode"]}},
                {"queryPrediction": {"text": {"text": "bandra restaurants"}}},
                {"placePrediction": {"place": "places/ChIJ-bandra-east", "placeId": "ChIJ-bandra-east",
                 "text": {"text": "Bandra East, Mumbai, Maharashtra, India"},
                 "structuredFormat": {"mainText": {"text": "Bandra East"},
                                      "secondaryText": {"text": "Mumbai, Maharashtra, India"}}}},
                {"placePrediction": {"place": "places/ChIJ-bandra-station", "placeId": "ChIJ-bandra-station",
                 "text": {"text": "Bandra, Mumbai, Maharashtra, India"},
                 "structuredFormat": {"mainText": {"text": "Bandra"},
                                      "secondaryText": {"text": "Mumbai, Maharashtra, India"}}}},
            ]}),
        ),
        ("GET", "/v1/places/ChIJ-bandra") => (
            200,
            json!({
                "id": "ChIJ-bandra",
                "displayName": {"text": "Bandra West", "languageCode": "en"},
                "formattedAddress": "Bandra West, Mumbai, Maharashtra 400050, India",
                "location": {"latitude": 19.0596, "longitude": 72.8295},
                "addressComponents": [
                    {"longText": "Bandra West", "shortText": "Bandra West", "types": ["sublocality_level_1", "sublocality", "political"], "languageCode": "en"},
                    {"longText": "Mumbai", "shortText": "Mumbai", "types": ["locality", "political"], "languageCode": "en"},
                    {"longText": "Mumbai Suburban", "shortText": "Mumbai Suburban", "types": ["administrative_area_level_2", "political"], "languageCode": "en"},
                    {"longText": "Maharashtra", "shortText": "MH", "types": ["administrative_area_level_1", "political"], "languageCode": "en"},
                    {"longText": "India", "shortText": "IN", "types": ["country", "political"], "languageCode": "en"},
                    {"longText": "400050", "shortText": "400050", "types": ["postal_code"]},
                ],
            }),
        ),
        ("GET", path) if path.starts_with("/v1/places/") => {
            google_error(404, "NOT_FOUND", "Requested entity was not found.")
        }
        ("GET", "/maps/api/geocode/json") => (
            200,
            json!({"status": "OK", "results": [
                {"place_id": "ChIJ-mumbai", "formatted_address": "Mumbai, Maharashtra, India",
                 "address_components": [
                    {"long_name": "Mumbai", "short_name": "Mumbai", "types": ["locality", "political"]},
                    {"long_name": "India", "short_name": "IN", "types": ["country", "political"]}],
                 "types": ["locality", "political"]},
                {"place_id": "ChIJ-400050", "formatted_address": "Bandra West, Mumbai, Maharashtra 400050, India",
                 "address_components": geocode_components,
                 "geometry": {"location": {"lat": 19.0596, "lng": 72.8295}, "location_type": "APPROXIMATE"},
                 "types": ["postal_code"]},
            ]}),
        ),
        (method, path) => google_error(
            404,
            "NOT_FOUND",
            &format!("no such service {method} {path}"),
        ),
    }
}

/// Nothing anywhere: no suggestions (`{}`), no such place, no result near the point.
fn nothing(request: &Seen) -> (u16, Value) {
    match request.path.as_str() {
        "/v1/places:autocomplete" => (200, json!({})),
        "/maps/api/geocode/json" => (200, json!({"status": "ZERO_RESULTS", "results": []})),
        _ => google_error(404, "NOT_FOUND", "Requested entity was not found."),
    }
}

/// A key Google does not know, as each API says it: the Places API (New) with 400
/// INVALID_ARGUMENT (as it says of a bad place id, but with the key's reason).
fn invalid_key(request: &Seen) -> (u16, Value) {
    if request.path.starts_with("/v1/") {
        (
            400,
            json!({"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.",
                "status": "INVALID_ARGUMENT", "details": [
                    {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID",
                     "domain": "googleapis.com", "metadata": {"service": "places.googleapis.com"}}]}}),
        )
    } else {
        denied(request)
    }
}

/// A key Google refuses, as each API says it.
fn denied(request: &Seen) -> (u16, Value) {
    if request.path.starts_with("/v1/") {
        google_error(
            403,
            "PERMISSION_DENIED",
            "Places API (New) has not been used in project 1234 before or it is disabled.",
        )
    } else {
        (
            200,
            json!({"status": "REQUEST_DENIED", "error_message": "The provided API key is invalid."}),
        )
    }
}

async fn app_at(url: String) -> TestApp {
    spawn_app_with(
        Backend::Sqlite,
        Options {
            places_url: Some(url),
            ..Options::default()
        },
    )
    .await
}

/// The answer's status and JSON, after checking the key is nowhere in it.
async fn ask(app: &TestApp, path: &str) -> (u16, Value) {
    let res = app.get(path).await;
    let status = res.status().as_u16();
    let text = res.text().await.expect("a body");
    assert!(!text.contains(TEST_PLACES_KEY), "{path}: the key in {text}");
    (status, serde_json::from_str(&text).expect("a JSON body"))
}

#[tokio::test]
async fn google_answers_in_the_documented_shapes_with_the_key_and_session_sent_to_it() {
    let fake = FakeGoogle::start(google).await;
    let app = app_at(fake.url.clone()).await;

    let (status, body) = ask(
        &app,
        "/api/places/autocomplete?q=%20bandra%20&session=s-42&limit=2",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"success": true, "data": {"predictions": [
            {"placeId": "ChIJ-bandra", "mainText": "Bandra West",
             "secondaryText": "Mumbai, Maharashtra, India",
             "description": "Bandra West, Mumbai, Maharashtra, India"},
            {"placeId": "ChIJ-bandra-east", "mainText": "Bandra East",
             "secondaryText": "Mumbai, Maharashtra, India",
             "description": "Bandra East, Mumbai, Maharashtra, India"},
        ]}})
    );

    let (status, body) = ask(&app, "/api/places/ChIJ-bandra?session=s-42").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body,
        json!({"success": true, "data": {
            "placeId": "ChIJ-bandra", "locality": "Bandra West", "city": "Mumbai",
            "state": "Maharashtra", "pincode": "400050", "country": "India",
            "formatted": "Bandra West, Mumbai, Maharashtra 400050, India",
            "location": {"lat": 19.0596, "lng": 72.8295}}})
    );

    let (status, body) = ask(&app, "/api/places/reverse?lat=19.0596&lon=72.8295").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["placeId"].clone(),
            body["data"]["pincode"].clone(),
            body["data"]["city"].clone()
        ),
        (json!("ChIJ-400050"), json!("400050"), json!("Mumbai")),
        "the first result with a postal code"
    );

    let requests = fake.requests();
    let calls: Vec<(&str, &str)> = requests
        .iter()
        .map(|r| (r.method.as_str(), r.path.as_str()))
        .collect();
    assert_eq!(
        calls,
        [
            ("POST", "/v1/places:autocomplete"),
            ("GET", "/v1/places/ChIJ-bandra"),
            ("GET", "/maps/api/geocode/json"),
        ]
    );
    let [suggest, pick, near] = &requests[..] else {
        unreachable!("three calls, as checked")
    };
    // The Places API (New): the key in its header, never in the URL.
    for request in [suggest, pick] {
        assert_eq!(
            request.headers.get("x-goog-api-key").map(String::as_str),
            Some(TEST_PLACES_KEY),
            "{}",
            request.path
        );
        assert!(!request.query.contains_key("key"), "{:?}", request.query);
    }
    assert_eq!(
        suggest.headers.get("content-type").map(String::as_str),
        Some("application/json")
    );
    assert_eq!(
        suggest.body,
        json!({
            "input": "bandra",
            "sessionToken": "s-42",
            "includedRegionCodes": ["in"],
            "includedPrimaryTypes": ["(regions)"],
            "languageCode": "en",
        })
    );
    assert_eq!(
        pick.headers.get("x-goog-fieldmask").map(String::as_str),
        Some("id,addressComponents,formattedAddress,location,displayName")
    );
    assert_eq!(
        pick.query,
        HashMap::from([
            ("sessionToken".to_owned(), "s-42".to_owned()),
            ("languageCode".to_owned(), "en".to_owned()),
        ])
    );
    // The Geocoding API: the key as a parameter, as that service takes it.
    for (name, value) in [
        ("latlng", "19.0596,72.8295"),
        ("result_type", "postal_code|locality"),
        ("key", TEST_PLACES_KEY),
    ] {
        assert_eq!(
            near.query.get(name).map(String::as_str),
            Some(value),
            "{name}: {:?}",
            near.query
        );
    }
    assert!(!near.headers.contains_key("x-goog-api-key"));
}

#[tokio::test]
async fn nothing_found_is_an_empty_list_or_not_found() {
    let fake = FakeGoogle::start(nothing).await;
    let app = app_at(fake.url.clone()).await;
    let (status, body) = ask(&app, "/api/places/autocomplete?q=zzqxw").await;
    assert_eq!(
        (status, body),
        (200, json!({"success": true, "data": {"predictions": []}}))
    );
    let (status, body) = ask(&app, "/api/places/ChIJ-gone").await;
    assert_eq!((status, error_code(&body)), (404, "NOT_FOUND".to_owned()));
    assert_eq!(body["error"], "Place not found.");
    let (status, body) = ask(&app, "/api/places/reverse?lat=10.5&lon=80.5").await;
    assert_eq!((status, error_code(&body)), (404, "NOT_FOUND".to_owned()));
    assert_eq!(body["error"], "No pincode near that point.");
}

#[tokio::test]
async fn a_session_token_google_would_refuse_is_not_sent_and_the_search_still_answers() {
    let fake = FakeGoogle::start(google).await;
    let app = app_at(fake.url.clone()).await;
    // Within the API's 100 characters, but Google takes at most 36 of URL-safe base64's.
    for session in ["s".repeat(37), "with%20space".to_owned()] {
        let (status, body) = ask(
            &app,
            &format!("/api/places/autocomplete?q=bandra&session={session}&limit=1"),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["predictions"][0]["placeId"], "ChIJ-bandra");
        let (status, body) = ask(&app, &format!("/api/places/ChIJ-bandra?session={session}")).await;
        assert_eq!(
            (status, &body["data"]["pincode"]),
            (200, &json!("400050")),
            "{body}"
        );
    }
    for request in fake.requests() {
        assert!(request.body.get("sessionToken").is_none(), "{request:?}");
        assert!(!request.query.contains_key("sessionToken"), "{request:?}");
    }
}

#[tokio::test]
async fn a_refusing_or_dead_service_is_503_places_unavailable() {
    let refusing = FakeGoogle::start(denied).await;
    let unknown_key = FakeGoogle::start(invalid_key).await;
    // A port nothing listens on any more.
    let dead = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        format!("http://{}", listener.local_addr().expect("addr"))
    };
    for url in [refusing.url.clone(), unknown_key.url.clone(), dead] {
        let app = app_at(url.clone()).await;
        for path in [
            "/api/places/autocomplete?q=bandra&session=s-1",
            "/api/places/ChIJ-bandra?session=s-1",
            "/api/places/reverse?lat=19.0596&lon=72.8295",
        ] {
            let (status, body) = ask(&app, path).await;
            assert_eq!(
                (status, error_code(&body)),
                (503, "PLACES_UNAVAILABLE".to_owned()),
                "{url}{path}: {body}"
            );
            assert_eq!(
                body["error"],
                "Address search is unavailable. You can type your address manually."
            );
        }
    }
    for fake in [&refusing, &unknown_key] {
        assert_eq!(fake.requests().len(), 3, "each call asked Google once");
    }
}

#[tokio::test]
async fn bad_input_is_refused_before_google_is_asked() {
    let fake = FakeGoogle::start(google).await;
    let app = app_at(fake.url.clone()).await;
    for (path, status) in [
        ("/api/places/autocomplete?q=b", 400),
        ("/api/places/autocomplete?q=bandra&limit=11", 400),
        (
            &format!(
                "/api/places/autocomplete?q=bandra&session={}",
                "s".repeat(101)
            ),
            400,
        ),
        (
            &format!("/api/places/ChIJ-bandra?session={}", "s".repeat(101)),
            400,
        ),
        ("/api/places/reverse?lat=91&lon=72.8", 400),
        ("/api/places/reverse?lat=19&lon=", 400),
    ] {
        let (got, body) = ask(&app, path).await;
        assert_eq!(got, status, "{path}: {body}");
        error_code(&body);
    }
    assert!(fake.requests().is_empty(), "{:?}", fake.requests());
}
