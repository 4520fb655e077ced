//! The admin console's audit trail (docs/http-api.md, "Admin: the audit trail").

use reqwest::Method;
use serde_json::{Value, json};

use crate::admin_users::{admin, brand_user, demo_brand, refused_to_non_admins, shopper};
use crate::helpers::{Backend, Session, TestApp, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    every_admin_write_leaves_who_when_what_before_and_after,
    the_trail_filters_by_actor_and_entity_a_page_at_a_time,
    only_admins_read_the_trail,
);

async fn trail(app: &TestApp, root: &Session, query: &str) -> Value {
    let (status, body) = app
        .send_json(
            Method::GET,
            &format!("/api/admin/audit{query}"),
            None,
            Some(root),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn ok(app: &TestApp, root: &Session, method: Method, path: &str, body: Value) -> Value {
    let (status, answer) = app
        .send_json(method.clone(), path, Some(body), Some(root))
        .await;
    assert!(status == 200 || status == 201, "{method} {path}: {answer}");
    answer
}

async fn every_admin_write_leaves_who_when_what_before_and_after(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let someone = shopper(&app, "someone@example.in").await;
    let brand = ok(
        &app,
        &root,
        Method::POST,
        "/api/admin/brands",
        json!({"name": "Khadi Kala", "gender": "unisex", "isActive": true}),
    )
    .await;
    let brand_id = brand["brand"]["_id"].as_str().expect("id").to_owned();
    ok(
        &app,
        &root,
        Method::PATCH,
        &format!("/api/admin/brands/{brand_id}"),
        json!({"isActive": false, "version": 1}),
    )
    .await;
    let category = ok(
        &app,
        &root,
        Method::POST,
        "/api/admin/categories",
        json!({"name": "Handloom", "gender": "female"}),
    )
    .await;
    let category_id = category["category"]["_id"].as_str().expect("id").to_owned();
    ok(
        &app,
        &root,
        Method::PATCH,
        &format!("/api/admin/categories/{category_id}"),
        json!({"name": "Handwoven", "version": 1}),
    )
    .await;
    let (status, _) = app
        .send_json(
            Method::DELETE,
            &format!("/api/admin/categories/{category_id}"),
            None,
            Some(&root),
        )
        .await;
    assert_eq!(status, 200);
    ok(
        &app,
        &root,
        Method::PUT,
        &format!("/api/admin/users/{}/role", someone.id()),
        json!({"role": "brand", "brandId": brand_id}),
    )
    .await;

    let page = trail(&app, &root, "").await;
    assert_eq!(
        (
            page["total"].clone(),
            page["page"].clone(),
            page["limit"].clone()
        ),
        (json!(6), json!(1), json!(50))
    );
    let entries = page["entries"].as_array().expect("list");
    let kinds: Vec<(String, String)> = entries
        .iter()
        .map(|e| {
            (
                e["entity"].as_str().unwrap_or_default().to_owned(),
                e["action"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let expected = [
        ("user", "role"),
        ("category", "delete"),
        ("category", "update"),
        ("category", "create"),
        ("brand", "update"),
        ("brand", "create"),
    ];
    assert_eq!(
        kinds,
        expected.map(|(a, b)| (a.to_owned(), b.to_owned())).to_vec(),
        "newest first"
    );
    for entry in entries {
        assert_eq!(
            entry["actor"],
            json!({"_id": root.id(), "email": "root@example.in", "role": "admin"})
        );
        assert!(
            entry["at"]
                .as_str()
                .is_some_and(|at| at.starts_with("2026-11-23T10:00")),
            "{entry}"
        );
        assert!(entry["_id"].is_string());
    }

    let role = &entries[0];
    assert_eq!(role["entityId"], someone.id().as_str());
    assert_eq!(role["brandId"], brand_id.as_str());
    assert_eq!(role["before"], json!({"role": "shopper", "brandId": null}));
    assert_eq!(role["after"], json!({"role": "brand", "brandId": brand_id}));

    let deleted = &entries[1];
    assert_eq!(
        (deleted["before"]["name"].clone(), deleted["after"].clone()),
        (json!("Handwoven"), Value::Null)
    );
    let renamed = &entries[2];
    assert_eq!(
        (
            renamed["before"]["name"].clone(),
            renamed["after"]["name"].clone()
        ),
        (json!("Handloom"), json!("Handwoven"))
    );
    assert_eq!(
        (
            renamed["before"]["version"].clone(),
            renamed["after"]["version"].clone()
        ),
        (json!(1), json!(2))
    );
    let created = &entries[3];
    assert_eq!(
        (created["before"].clone(), created["after"]["name"].clone()),
        (Value::Null, json!("Handloom"))
    );
    let deactivated = &entries[4];
    assert_eq!(
        (
            deactivated["entityId"].clone(),
            deactivated["brandId"].clone()
        ),
        (json!(brand_id), json!(brand_id))
    );
    assert_eq!(
        (
            deactivated["before"]["isActive"].clone(),
            deactivated["after"]["isActive"].clone()
        ),
        (json!(true), json!(false))
    );
}

async fn the_trail_filters_by_actor_and_entity_a_page_at_a_time(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let other = admin(&app, "other@example.in").await;
    for (who, name) in [(&root, "One"), (&other, "Two"), (&root, "Three")] {
        ok(
            &app,
            who,
            Method::POST,
            "/api/admin/brands",
            json!({"name": name, "gender": "male"}),
        )
        .await;
    }
    ok(
        &app,
        &other,
        Method::POST,
        "/api/admin/categories",
        json!({"name": "Four", "gender": "male"}),
    )
    .await;

    let brands = trail(&app, &root, "?entity=BRAND").await;
    assert_eq!(brands["total"], 3);
    let theirs = trail(&app, &root, &format!("?actor={}", other.id())).await;
    assert_eq!(theirs["total"], 2);
    assert!(
        theirs["entries"]
            .as_array()
            .expect("list")
            .iter()
            .all(|e| e["actor"]["_id"] == other.id().as_str())
    );
    let by_email = trail(&app, &root, "?actor=Other@Example.in").await;
    assert_eq!(by_email["total"], 2, "an actor may be named by e-mail");
    let both = trail(
        &app,
        &root,
        &format!("?actor={}&entity=category", other.id()),
    )
    .await;
    assert_eq!(both["total"], 1);
    assert_eq!(both["entries"][0]["after"]["name"], "Four");

    let second = trail(&app, &root, "?limit=3&page=2").await;
    assert_eq!(
        (
            second["total"].clone(),
            second["page"].clone(),
            second["limit"].clone()
        ),
        (json!(4), json!(2), json!(3))
    );
    assert_eq!(second["entries"].as_array().expect("list").len(), 1);
    assert_eq!(
        second["entries"][0]["after"]["name"], "One",
        "the oldest is last"
    );

    for query in [
        "?page=0",
        "?limit=0",
        "?limit=101",
        "?page=ten",
        &format!("?entity={}", "e".repeat(101)),
    ] {
        let (status, refused) = app
            .send_json(
                Method::GET,
                &format!("/api/admin/audit{query}"),
                None,
                Some(&root),
            )
            .await;
        assert_eq!(
            (status, error_code(&refused)),
            (400, "VALIDATION_FAILED".to_owned()),
            "{query}: {refused}"
        );
    }
}

async fn only_admins_read_the_trail(backend: Backend) {
    let app = spawn_app(backend).await;
    let team = brand_user(&app, "team@example.in", &demo_brand()).await;
    let someone = shopper(&app, "someone@example.in").await;
    refused_to_non_admins(&app, Method::GET, "/api/admin/audit", None, &team, &someone).await;
}
