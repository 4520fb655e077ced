//! The admin console's brands (docs/http-api.md, "Admin: brands").

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::admin_users::{admin, brand_user, demo_brand, refused_to_non_admins, shopper};
use crate::helpers::{Backend, TestApp, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    admins_list_create_and_edit_brands,
    brand_forms_name_every_broken_field,
    brand_names_are_unique_ignoring_case,
    two_admins_creating_one_name_at_once_make_one_brand,
    a_stale_brand_edit_is_refused_with_the_current_brand,
    only_admins_reach_the_brands,
    a_deactivated_brand_disappears_from_the_shop,
);

/// Polls `path` until `done` holds for its JSON, for at most 10 s.
pub async fn eventually(app: &TestApp, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, body) = app.get_json(path).await;
        if done(&body) {
            return body;
        }
        assert!(Instant::now() < deadline, "{path} never changed: {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn admins_list_create_and_edit_brands(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let (status, all) = app
        .send_json(Method::GET, "/api/admin/brands", None, Some(&root))
        .await;
    assert_eq!(status, 200, "{all}");
    let demo = crate::helpers::demo();
    assert_eq!(
        all["brands"].as_array().expect("list").len(),
        demo.brands.len()
    );
    let inactive = demo.brands.iter().find(|b| !b.is_active);
    if let Some(inactive) = inactive {
        assert!(
            all["brands"]
                .as_array()
                .expect("list")
                .iter()
                .any(|b| b["_id"] == inactive.id.as_str()),
            "inactive brands are listed too"
        );
    }
    let first = &all["brands"][0];
    for key in [
        "_id",
        "name",
        "description",
        "logo_url",
        "isActive",
        "gender",
        "version",
        "productCount",
    ] {
        assert!(first.get(key).is_some(), "{key} in {first}");
    }

    let (status, created) = app
        .send_json(
            Method::POST,
            "/api/admin/brands",
            Some(json!({"name": "  Khadi Kala ", "gender": "Unisex", "isActive": true, "description": "Handspun"})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let brand = &created["brand"];
    assert_eq!(
        (
            brand["name"].clone(),
            brand["gender"].clone(),
            brand["isActive"].clone(),
            brand["version"].clone(),
            brand["productCount"].clone()
        ),
        (
            json!("Khadi Kala"),
            json!("unisex"),
            json!(true),
            json!(1),
            json!(0)
        )
    );
    let id = brand["_id"].as_str().expect("id").to_owned();

    let (status, found) = app
        .send_json(
            Method::GET,
            "/api/admin/brands?search=KHADI",
            None,
            Some(&root),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(found["brands"].as_array().expect("list").len(), 1);
    assert_eq!(found["brands"][0]["_id"], id.as_str());

    let (status, edited) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/brands/{id}"),
            Some(json!({"description": "Handspun and handwoven", "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(
        (
            edited["brand"]["description"].clone(),
            edited["brand"]["name"].clone(),
            edited["brand"]["version"].clone()
        ),
        (
            json!("Handspun and handwoven"),
            json!("Khadi Kala"),
            json!(2)
        )
    );
    let res = app
        .client
        .patch(app.url(&format!("/api/admin/brands/{id}")))
        .bearer_auth(&root.token)
        .header("If-Match", "\"2\"")
        .json(&json!({"gender": "female"}))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 200);
    let body: Value = res.json().await.expect("json");
    assert_eq!(
        (
            body["brand"]["gender"].clone(),
            body["brand"]["version"].clone()
        ),
        (json!("female"), json!(3))
    );

    let (status, missing) = app
        .send_json(
            Method::PATCH,
            "/api/admin/brands/no-such-brand",
            Some(json!({"version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&missing)),
        (404, "NOT_FOUND".to_owned())
    );
    let (status, unversioned) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/brands/{id}"),
            Some(json!({"name": "X"})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&unversioned)),
        (428, "VERSION_REQUIRED".to_owned())
    );
}

async fn brand_forms_name_every_broken_field(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let (status, refused) = app
        .send_json(
            Method::POST,
            "/api/admin/brands",
            Some(json!({"name": " ", "gender": "kids", "description": "d".repeat(2001)})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(error_code(&refused), "VALIDATION_FAILED");
    for field in ["name", "gender", "description"] {
        assert!(refused["fields"][field].is_string(), "{field}: {refused}");
    }
    let (status, refused) = app
        .send_json(
            Method::POST,
            "/api/admin/brands",
            Some(json!({"name": "n".repeat(101), "gender": "male"})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(refused["fields"]["name"], "Must be at most 100 characters");
    let (status, refused) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/brands/{}", demo_brand()),
            Some(json!({"name": "", "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["fields"]["name"].is_string());
    let (status, refused) = app
        .send_json(
            Method::GET,
            &format!("/api/admin/brands?search={}", "s".repeat(101)),
            None,
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, refused["fields"]["search"].is_string()),
        (400, true)
    );
    assert_eq!(app.count("audit_log"), 0, "refusals write nothing");
}

async fn brand_names_are_unique_ignoring_case(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let taken = crate::helpers::demo().brands[1].name.to_uppercase();
    let (status, refused) = app
        .send_json(
            Method::POST,
            "/api/admin/brands",
            Some(json!({"name": taken, "gender": "male", "isActive": true})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&refused)),
        (409, "BRAND_NAME_TAKEN".to_owned()),
        "{refused}"
    );
    let (status, refused) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/brands/{}", demo_brand()),
            Some(json!({"name": taken, "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&refused)),
        (409, "BRAND_NAME_TAKEN".to_owned())
    );
    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/admin/brands",
            Some(json!({"name": "Éclat", "gender": "female"})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 201);
    let (status, refused) = app
        .send_json(
            Method::POST,
            "/api/admin/brands",
            Some(json!({"name": "éCLAT", "gender": "female"})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&refused)),
        (409, "BRAND_NAME_TAKEN".to_owned()),
        "letters beyond ASCII too"
    );
    let own = crate::helpers::demo().brands[0].name.to_lowercase();
    let (status, renamed) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/brands/{}", demo_brand()),
            Some(json!({"name": own, "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(
        status, 200,
        "a brand may change the case of its own name: {renamed}"
    );
}

async fn a_stale_brand_edit_is_refused_with_the_current_brand(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let path = format!("/api/admin/brands/{}", demo_brand());
    let (status, _) = app
        .send_json(
            Method::PATCH,
            &path,
            Some(json!({"description": "First", "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200);
    let (status, stale) = app
        .send_json(
            Method::PATCH,
            &path,
            Some(json!({"description": "Second", "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, error_code(&stale)),
        (409, "STALE_EDIT".to_owned()),
        "{stale}"
    );
    assert_eq!(
        (
            stale["current"]["description"].clone(),
            stale["current"]["version"].clone()
        ),
        (json!("First"), json!(2))
    );
    let (status, bad) = app
        .client
        .patch(app.url(&path))
        .bearer_auth(&root.token)
        .header("If-Match", "two")
        .json(&json!({"description": "Third"}))
        .send()
        .await
        .map(|r| (r.status().as_u16(), r))
        .expect("request");
    let bad: Value = bad.json().await.expect("json");
    assert_eq!(
        (status, error_code(&bad)),
        (400, "INVALID_VERSION".to_owned())
    );
}

async fn only_admins_reach_the_brands(backend: Backend) {
    let app = spawn_app(backend).await;
    let brand = brand_user(&app, "team@example.in", &demo_brand()).await;
    let someone = shopper(&app, "someone@example.in").await;
    let path = format!("/api/admin/brands/{}", demo_brand());
    refused_to_non_admins(
        &app,
        Method::GET,
        "/api/admin/brands",
        None,
        &brand,
        &someone,
    )
    .await;
    refused_to_non_admins(
        &app,
        Method::POST,
        "/api/admin/brands",
        Some(json!({"name": "Mine", "gender": "male", "isActive": true})),
        &brand,
        &someone,
    )
    .await;
    refused_to_non_admins(
        &app,
        Method::PATCH,
        &path,
        Some(json!({"isActive": false, "version": 1})),
        &brand,
        &someone,
    )
    .await;
    assert_eq!(app.count("brands WHERE name = 'Mine'"), 0);
}

async fn a_deactivated_brand_disappears_from_the_shop(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let product = crate::helpers::listed()[0];
    let brand = product.brand_id.clone();
    let (status, edited) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/brands/{brand}"),
            Some(json!({"isActive": false, "version": 1})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["brand"]["isActive"], false);
    eventually(&app, &format!("/api/products/id/{}", product.id), |p| {
        p["code"] == "NOT_FOUND"
    })
    .await;
    let (_, all) = app.get_json("/api/products?limit=200").await;
    assert!(
        all.as_array()
            .expect("list")
            .iter()
            .all(|p| p["brand"]["_id"] != brand.as_str()),
        "the brand's products are no longer listed"
    );
    let found: Value = app
        .client
        .post(app.url("/api/products/search"))
        .json(&json!({ "query": product.name }))
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    assert!(
        found
            .as_array()
            .expect("list")
            .iter()
            .all(|p| p["brand"]["_id"] != brand.as_str()),
        "search no longer finds them: {found}"
    );
    let (status, listed) = app
        .send_json(Method::GET, "/api/admin/brands", None, Some(&root))
        .await;
    assert_eq!(status, 200);
    assert!(
        listed["brands"]
            .as_array()
            .expect("list")
            .iter()
            .any(|b| b["_id"] == brand.as_str() && b["isActive"] == false),
        "the admin still sees it"
    );

    let (status, _) = app
        .send_json(
            Method::PATCH,
            &format!("/api/admin/brands/{brand}"),
            Some(json!({"isActive": true, "version": 2})),
            Some(&root),
        )
        .await;
    assert_eq!(status, 200);
    eventually(&app, &format!("/api/products/id/{}", product.id), |p| {
        p["_id"] == product.id.as_str()
    })
    .await;
}

async fn two_admins_creating_one_name_at_once_make_one_brand(backend: Backend) {
    let app = spawn_app(backend).await;
    let first = admin(&app, "first@example.in").await;
    let second = admin(&app, "second@example.in").await;
    for round in 0..4 {
        let name = format!("Twin Looms {round}");
        let create = |session, name: String| {
            app.send_json(
                Method::POST,
                "/api/admin/brands",
                Some(json!({"name": name, "gender": "female", "isActive": true})),
                Some(session),
            )
        };
        let (a, b) = tokio::join!(
            create(&first, name.clone()),
            create(&second, name.to_uppercase())
        );
        let mut statuses = [a.0, b.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [201, 409], "round {round}: {a:?} {b:?}");
        let refused = if a.0 == 409 { &a.1 } else { &b.1 };
        assert_eq!(error_code(refused), "BRAND_NAME_TAKEN");
        assert_eq!(
            app.count(&format!("brands WHERE lower(name) = lower('{name}')")),
            1,
            "round {round}"
        );
    }
}
