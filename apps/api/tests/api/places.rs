//! The address directory over HTTP, on the real embedded directory: suggestions by locality,
//! district and pincode with a typo, a suggestion's parts, and the nearest pincode to a point
//! (400001 Mumbai GPO, 110001 New Delhi, 560001 Bengaluru).

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, error_code, spawn_app};

async fn suggest(app: &TestApp, query: &str) -> Vec<Value> {
    let (status, body) = app
        .get_json(&format!("/api/places/autocomplete?{query}"))
        .await;
    assert_eq!(status, 200, "{query}: {body}");
    body["data"]["predictions"]
        .as_array()
        .expect("predictions")
        .clone()
}

fn texts(list: &[Value]) -> Vec<String> {
    list.iter()
        .map(|p| p["description"].as_str().expect("description").to_owned())
        .collect()
}

#[tokio::test]
async fn suggestions_come_by_locality_district_and_pincode_and_forgive_a_typo() {
    let app = spawn_app(Backend::Sqlite).await;
    let gpo = suggest(&app, "q=mumbai%20gpo&session=s-1").await;
    assert_eq!(
        gpo[0],
        json!({"placeId": "in-400001-mumbai-gpo", "mainText": "Mumbai GPO",
               "secondaryText": "Mumbai, Maharashtra 400001",
               "description": "Mumbai GPO, Mumbai, Maharashtra 400001"})
    );
    let typo = suggest(&app, "q=connaught%20plcae").await;
    assert!(
        texts(&typo)[0].starts_with("Connaught Place, New Delhi, Delhi 110001"),
        "{typo:?}"
    );
    let by_pincode = suggest(&app, "q=560001&limit=10").await;
    assert!(!by_pincode.is_empty());
    assert!(
        texts(&by_pincode)
            .iter()
            .all(|t| t.ends_with("Bengaluru Urban, Karnataka 560001")),
        "{by_pincode:?}"
    );
    assert_eq!(suggest(&app, "q=bandra").await.len(), 5, "five by default");
    assert_eq!(suggest(&app, "q=bandra&limit=2").await.len(), 2);
    assert!(suggest(&app, "q=zzqxw").await.is_empty(), "nothing matches");
}

#[tokio::test]
async fn a_place_has_the_address_parts_and_the_nearest_pincode_is_found() {
    let app = spawn_app(Backend::Sqlite).await;
    let (status, body) = app.get_json("/api/places/in-400001-mumbai-gpo").await;
    assert_eq!(status, 200, "{body}");
    let place = &body["data"];
    assert_eq!(place["city"], json!("Mumbai"));
    assert_eq!(place["state"], json!("Maharashtra"));
    assert_eq!(place["pincode"], json!("400001"));
    assert_eq!(place["country"], json!("India"));
    assert_eq!(
        place["formatted"],
        json!("Mumbai GPO, Mumbai, Maharashtra 400001, India")
    );
    assert!(place["location"]["lat"].as_f64().is_some());

    for (lat, lon, pincode, city) in [
        ("18.9398", "72.8355", "400001", "Mumbai"),
        ("28.6328", "77.2197", "110001", "New Delhi"),
        ("12.9716", "77.5946", "560001", "Bengaluru Urban"),
    ] {
        let (status, body) = app
            .get_json(&format!("/api/places/reverse?lat={lat}&lon={lon}"))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            (
                body["data"]["pincode"].clone(),
                body["data"]["city"].clone()
            ),
            (json!(pincode), json!(city)),
            "{lat},{lon}"
        );
    }
}

#[tokio::test]
async fn bad_queries_and_unknown_places_are_refused_clearly() {
    let app = spawn_app(Backend::Sqlite).await;
    for (query, status, code) in [
        ("", 400, "INVALID_QUERY"),
        ("q=m", 400, "INVALID_QUERY"),
        ("q=%20m%20", 400, "INVALID_QUERY"),
        (&format!("q={}", "a".repeat(101)), 400, "INVALID_QUERY"),
        (
            &format!("q=mumbai&session={}", "s".repeat(101)),
            400,
            "INVALID_QUERY",
        ),
        ("q=mumbai&limit=0", 400, "INVALID_QUERY"),
        ("q=mumbai&limit=11", 400, "INVALID_QUERY"),
    ] {
        let (got, body) = app
            .get_json(&format!("/api/places/autocomplete?{query}"))
            .await;
        assert_eq!(
            (got, error_code(&body)),
            (status, code.into()),
            "{query}: {body}"
        );
    }
    let (status, body) = app.get_json("/api/places/in-400001-nowhere").await;
    assert_eq!(
        (status, body["error"].clone()),
        (404, json!("Place not found."))
    );
    for (query, status) in [
        ("lat=18.9&lon=", 400),
        ("lat=north&lon=72.8", 400),
        ("lat=91&lon=72.8", 400),
        ("lat=18.9&lon=181", 400),
        ("lat=NaN&lon=72.8", 400),
        ("lat=51.5&lon=-0.12", 404),
    ] {
        let (got, body) = app.get_json(&format!("/api/places/reverse?{query}")).await;
        assert_eq!(got, status, "{query}: {body}");
    }
}
