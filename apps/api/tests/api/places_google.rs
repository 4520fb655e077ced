//! Address search through Google Places: the server configured with `SHOP_PLACES_KEY` and
//! `SHOP_PLACES_URL` pointing at a local fake speaking Google's web services. The answers keep
//! the documented shapes, the key and the session token go to Google and the key nowhere
//! else, and a failing service is 503 `PLACES_UNAVAILABLE` so the wizard falls back to typing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{Backend, Options, TEST_PLACES_KEY, TestApp, error_code, spawn_app_with};

/// A fake of Google's web services: answers every request with what `answer` gives for its
/// path, and keeps each request's target.
struct FakeGoogle {
    url: String,
    seen: Arc<Mutex<Vec<String>>>,
}

impl FakeGoogle {
    async fn start(answer: fn(&str) -> Value) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("addr"));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let recorded = Arc::clone(&seen);
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let mut request = Vec::new();
                let mut buffer = [0u8; 4096];
                // A GET has no body: the request ends with its headers.
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    let n = socket.read(&mut buffer).await.unwrap_or(0);
                    if n == 0 {
                        break;
                    }
                    request.extend_from_slice(&buffer[..n]);
                }
                let text = String::from_utf8_lossy(&request);
                let target = text
                    .split_whitespace()
                    .nth(1)
                    .unwrap_or_default()
                    .to_owned();
                let path = target.split('?').next().unwrap_or_default().to_owned();
                recorded.lock().expect("not poisoned").push(target);
                // Google answers 200 with a status in the body, refusals included.
                let body = answer(&path).to_string();
                let response = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=UTF-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = socket.write_all(response.as_bytes()).await;
            }
        });
        Self { url, seen }
    }

    /// Each request so far: its path and its query's parameters.
    fn requests(&self) -> Vec<(String, HashMap<String, String>)> {
        self.seen
            .lock()
            .expect("not poisoned")
            .iter()
            .map(|target| {
                let url = reqwest::Url::parse(&format!("http://fake{target}")).expect("a target");
                (
                    url.path().to_owned(),
                    url.query_pairs().into_owned().collect(),
                )
            })
            .collect()
    }
}

/// Google's answers for Bandra West, Mumbai 400050.
fn google(path: &str) -> Value {
    let components = json!([
        {"long_name": "Bandra West", "short_name": "Bandra West", "types": ["political", "sublocality", "sublocality_level_1"]},
        {"long_name": "Mumbai", "short_name": "Mumbai", "types": ["locality", "political"]},
        {"long_name": "Mumbai Suburban", "short_name": "Mumbai Suburban", "types": ["administrative_area_level_2", "political"]},
        {"long_name": "Maharashtra", "short_name": "MH", "types": ["administrative_area_level_1", "political"]},
        {"long_name": "India", "short_name": "IN", "types": ["country", "political"]},
        {"long_name": "400050", "short_name": "400050", "types": ["postal_code"]},
    ]);
    let geometry =
        json!({"location": {"lat": 19.0596, "lng": 72.8295}, "location_type": "APPROXIMATE"});
    match path {
        "/maps/api/place/autocomplete/json" => json!({"status": "OK", "predictions": [
            {"place_id": "ChIJ-bandra", "description": "Bandra West, Mumbai, Maharashtra, India",
             "structured_formatting": {"main_text": "Bandra West", "secondary_text": "Mumbai, Maharashtra, India"},
             "types": ["sublocality_level_1", "sublocality", "political", "geocode"]},
            {"place_id": "ChIJ-bandra-east", "description": "Bandra East, Mumbai, Maharashtra, India",
             "structured_formatting": {"main_text": "Bandra East", "secondary_text": "Mumbai, Maharashtra, India"}},
            {"place_id": "ChIJ-bandra-station", "description": "Bandra, Mumbai, Maharashtra, India",
             "structured_formatting": {"main_text": "Bandra", "secondary_text": "Mumbai, Maharashtra, India"}},
        ]}),
        "/maps/api/place/details/json" => {
            json!({"status": "OK", "html_attributions": [], "result": {
                "name": "Bandra West",
                "formatted_address": "Bandra West, Mumbai, Maharashtra 400050, India",
                "geometry": geometry,
                "address_components": components,
            }})
        }
        "/maps/api/geocode/json" => json!({"status": "OK", "results": [
            {"place_id": "ChIJ-mumbai", "formatted_address": "Mumbai, Maharashtra, India",
             "address_components": [
                {"long_name": "Mumbai", "short_name": "Mumbai", "types": ["locality", "political"]},
                {"long_name": "India", "short_name": "IN", "types": ["country", "political"]}],
             "types": ["locality", "political"]},
            {"place_id": "ChIJ-400050", "formatted_address": "Bandra West, Mumbai, Maharashtra 400050, India",
             "address_components": components, "geometry": geometry, "types": ["postal_code"]},
        ]}),
        other => {
            json!({"status": "INVALID_REQUEST", "error_message": format!("no such service {other}")})
        }
    }
}

fn zero_results(_path: &str) -> Value {
    json!({"status": "ZERO_RESULTS", "predictions": [], "results": []})
}

fn denied(_path: &str) -> Value {
    json!({"status": "REQUEST_DENIED", "error_message": "The provided API key is invalid."})
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
    let paths: Vec<&str> = requests.iter().map(|(path, _)| path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "/maps/api/place/autocomplete/json",
            "/maps/api/place/details/json",
            "/maps/api/geocode/json"
        ]
    );
    let expected: [&[(&str, &str)]; 3] = [
        &[
            ("input", "bandra"),
            ("sessiontoken", "s-42"),
            ("components", "country:in"),
            ("types", "geocode"),
        ],
        &[
            ("place_id", "ChIJ-bandra"),
            ("sessiontoken", "s-42"),
            (
                "fields",
                "address_components,formatted_address,geometry,name",
            ),
        ],
        &[
            ("latlng", "19.0596,72.8295"),
            ("result_type", "postal_code|locality"),
        ],
    ];
    for ((path, query), wanted) in requests.iter().zip(expected) {
        for (name, value) in wanted.iter().chain(&[("key", TEST_PLACES_KEY)]) {
            assert_eq!(
                query.get(*name).map(String::as_str),
                Some(*value),
                "{path} {name}: {query:?}"
            );
        }
    }
}

#[tokio::test]
async fn nothing_found_is_an_empty_list_or_not_found() {
    let fake = FakeGoogle::start(zero_results).await;
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
async fn a_refusing_or_dead_service_is_503_places_unavailable() {
    let refusing = FakeGoogle::start(denied).await;
    // A port nothing listens on any more.
    let dead = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        format!("http://{}", listener.local_addr().expect("addr"))
    };
    for url in [refusing.url.clone(), dead] {
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
    assert_eq!(refusing.requests().len(), 3, "each call asked Google once");
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
