//! The OpenAPI document is the API's contract (`cargo xtask fuzz-api` holds the server to it):
//! these tests keep the document whole, and each pins a disagreement that generated input found.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::helpers::{Backend, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(an_address_no_mailer_accepts_is_a_400_not_a_503);

/// An address the sign-in rule let through but the mailer refused was a 503 `MAIL_UNAVAILABLE`
/// (a server error for bad input); it is refused as an address instead, before any code is
/// made.
async fn an_address_no_mailer_accepts_is_a_400_not_a_503(backend: Backend) {
    let app = spawn_app(backend).await;
    for email in [
        "a..b@example.in",
        ".a@example.in",
        "a\u{7}b@example.in",
        "a<b>@example.in",
        "a@exa_mple.in",
        "a@-example.in",
        "\u{e}\u{ab}@\u{23e}0.in",
    ] {
        let (status, body) = app.generate_otp(email).await;
        assert_eq!(status, 400, "{email:?}: {body}");
        assert_eq!(error_code(&body), "INVALID_EMAIL", "{email:?}");
    }
    assert!(
        std::fs::read_dir(app.outbox()).map_or(true, |mut d| d.next().is_none()),
        "no message was written"
    );
    let (status, body) = app.generate_otp("o'brien+shop@example.in").await;
    assert_eq!((status, body), (200, json!({"success": true})));
}

async fn document() -> Value {
    let app = spawn_app(Backend::Sqlite).await;
    let (status, doc) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    doc
}

/// Every operation of the document, as (method, path, operation).
fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut all = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            all.push((method.to_uppercase(), path.clone(), operation.clone()));
        }
    }
    all
}

#[tokio::test]
async fn operation_ids_are_unique_and_links_lead_somewhere() {
    let doc = document().await;
    let mut ids = BTreeSet::new();
    for (method, path, operation) in operations(&doc) {
        let id = operation["operationId"].as_str().expect("an operationId");
        assert!(ids.insert(id.to_owned()), "{method} {path}: {id} is taken");
    }
    let mut links = 0;
    for (method, path, operation) in operations(&doc) {
        for (status, response) in operation["responses"].as_object().expect("responses") {
            for (name, link) in response["links"].as_object().into_iter().flatten() {
                links += 1;
                let target = link["operationId"].as_str().expect("an operationId");
                let (_, _, target_op) = operations(&doc)
                    .into_iter()
                    .find(|(_, _, o)| o["operationId"] == target)
                    .unwrap_or_else(|| panic!("{method} {path} {status} {name}: no {target}"));
                let names: BTreeSet<&str> = target_op["parameters"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p["name"].as_str())
                    .collect();
                for parameter in link["parameters"].as_object().expect("parameters").keys() {
                    assert!(
                        names.contains(parameter.as_str()),
                        "{method} {path} {status} {name}: {target} has no {parameter}"
                    );
                }
            }
        }
    }
    assert!(
        links >= 10,
        "the links for clients and the stateful fuzzing"
    );
}

/// The answers of the layers before a handler are documented wherever they can occur.
#[tokio::test]
async fn every_operation_documents_the_http_layers_answers() {
    let doc = document().await;
    for (method, path, operation) in operations(&doc) {
        let documented = |status: &str| operation["responses"][status].is_object();
        if method != "GET" {
            assert!(documented("403"), "{method} {path}: CROSS_SITE_REFUSED");
        }
        if operation["security"].is_array() {
            assert!(documented("401"), "{method} {path}: UNAUTHENTICATED");
        }
        if method != "GET" || operation["security"].is_array() {
            assert!(
                operation["responses"]["503"]["description"]
                    .as_str()
                    .is_some_and(|d| d.contains("STORAGE_UNAVAILABLE")),
                "{method} {path}: 503 when the database or its disk fails"
            );
        }
        if operation["requestBody"].is_object() {
            for status in ["400", "408", "413", "415"] {
                assert!(documented(status), "{method} {path}: {status}");
            }
            assert!(
                operation["responses"]["400"]["description"]
                    .as_str()
                    .is_some_and(|d| d.contains("INVALID_JSON")),
                "{method} {path}: INVALID_JSON"
            );
        }
    }
}

/// The parameters the server requires are required in the document, and no query value is a
/// bare string: each says its allowed values, range or length.
#[tokio::test]
async fn parameters_say_what_the_server_accepts() {
    let doc = document().await;
    let parameter = |path: &str, method: &str, name: &str| -> Value {
        doc["paths"][path][method]["parameters"]
            .as_array()
            .expect("parameters")
            .iter()
            .find(|p| p["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("{method} {path} has {name}"))
    };
    for (path, name) in [
        ("/api/products/suggestions", "q"),
        ("/api/places/autocomplete", "q"),
        ("/api/products/tag", "tag"),
        ("/api/products/category", "category"),
        ("/api/places/reverse", "lat"),
        ("/api/places/reverse", "lon"),
    ] {
        assert_eq!(
            parameter(path, "get", name)["required"],
            true,
            "{path} {name}"
        );
    }
    for (method, path, operation) in operations(&doc) {
        for p in operation["parameters"].as_array().into_iter().flatten() {
            let schema = &p["schema"];
            let bare = schema["type"] == "string"
                && ["pattern", "enum", "maxLength", "format"]
                    .iter()
                    .all(|k| schema[*k].is_null());
            let free_text = [
                "exclude",
                "brands",
                "categories",
                "colors",
                "sizes",
                "status",
            ];
            assert!(
                p["in"] != "query"
                    || !bare
                    || free_text.contains(&p["name"].as_str().unwrap_or("")),
                "{method} {path}: {} is a bare string",
                p["name"]
            );
        }
    }
}
