//! The admin console's users and roles (docs/http-api.md, "Admin: users and roles"), and the
//! sign-ins the admin console's tests share.

use access::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Session, TestApp, error_code, sign_in_as, spawn_app, test_now};
use crate::on_both_backends;

on_both_backends!(
    admins_find_users_by_email_or_name_a_page_at_a_time,
    a_role_change_applies_to_the_next_call,
    the_role_form_names_what_is_wrong,
    the_last_admin_cannot_be_demoted,
    two_admins_demoting_each_other_leave_one_admin,
    only_admins_reach_users_and_roles,
);

/// Signs `email` in as a shopper.
pub async fn shopper(app: &TestApp, email: &str) -> Session {
    sign_in_as(app, email, Role::Shopper, None).await
}

/// Makes `email` an admin and signs them in.
pub async fn admin(app: &TestApp, email: &str) -> Session {
    sign_in_as(app, email, Role::Admin, None).await
}

/// Makes `email` a user of `brand` and signs them in.
pub async fn brand_user(app: &TestApp, email: &str, brand: &str) -> Session {
    sign_in_as(app, email, Role::BrandUser, Some(brand)).await
}

/// The first demo brand's id.
pub fn demo_brand() -> String {
    crate::helpers::demo().brands[0].id.clone()
}

/// Asserts that a brand user and a shopper are both refused `method path` with 403.
pub async fn refused_to_non_admins(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
    brand: &Session,
    shopper: &Session,
) {
    for (who, session) in [("a brand user", brand), ("a shopper", shopper)] {
        let (status, answer) = app
            .send_json(method.clone(), path, body.clone(), Some(session))
            .await;
        assert_eq!(status, 403, "{who} on {method} {path}: {answer}");
        assert_eq!(error_code(&answer), "FORBIDDEN");
    }
    let (status, _) = app.send_json(method.clone(), path, body, None).await;
    assert_eq!(status, 401, "nobody signed in on {method} {path}");
}

async fn set_role(app: &TestApp, by: &Session, user: &str, body: Value) -> (u16, Value) {
    app.send_json(
        Method::PUT,
        &format!("/api/admin/users/{user}/role"),
        Some(body),
        Some(by),
    )
    .await
}

async fn admins_find_users_by_email_or_name_a_page_at_a_time(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    for i in 0..5 {
        shopper(&app, &format!("buyer{i}@example.in")).await;
    }
    let team = brand_user(&app, "team@example.in", &demo_brand()).await;
    app.execute_sql(&format!(
        "UPDATE users SET display_name = 'Meera Iyer' WHERE id = '{}'",
        team.id()
    ));
    let (status, page) = app
        .send_json(Method::GET, "/api/admin/users?limit=4", None, Some(&root))
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(
        (
            page["total"].clone(),
            page["page"].clone(),
            page["limit"].clone()
        ),
        (json!(7), json!(1), json!(4))
    );
    assert_eq!(page["users"].as_array().expect("list").len(), 4);
    let (_, second) = app
        .send_json(
            Method::GET,
            "/api/admin/users?limit=4&page=2",
            None,
            Some(&root),
        )
        .await;
    assert_eq!(second["users"].as_array().expect("list").len(), 3);

    let (_, found) = app
        .send_json(
            Method::GET,
            "/api/admin/users?search=BUYER3",
            None,
            Some(&root),
        )
        .await;
    assert_eq!(found["total"], 1, "{found}");
    assert_eq!(found["users"][0]["email"], "buyer3@example.in");
    assert_eq!(found["users"][0]["role"], 0);
    assert_eq!(found["users"][0]["brand"], Value::Null);
    let (_, found) = app
        .send_json(
            Method::GET,
            "/api/admin/users?search=meera",
            None,
            Some(&root),
        )
        .await;
    assert_eq!(found["total"], 1, "{found}");
    let user = &found["users"][0];
    assert_eq!(
        (user["_id"].clone(), user["role"].clone()),
        (json!(team.id()), json!(1))
    );
    assert_eq!(user["brand"]["_id"], demo_brand().as_str());
    assert_eq!(
        user["brand"]["name"],
        crate::helpers::demo().brands[0].name.as_str()
    );
    assert!(user["createdAt"].is_string());
    let (_, none) = app
        .send_json(
            Method::GET,
            "/api/admin/users?search=%25",
            None,
            Some(&root),
        )
        .await;
    assert_eq!(
        none["total"], 0,
        "LIKE's own characters are plain text: {none}"
    );

    for query in ["page=0", "page=x", "limit=101", "page=10001"] {
        let (status, refused) = app
            .send_json(
                Method::GET,
                &format!("/api/admin/users?{query}"),
                None,
                Some(&root),
            )
            .await;
        assert_eq!(
            (status, error_code(&refused)),
            (400, "VALIDATION_FAILED".to_owned()),
            "{query}"
        );
    }
    let (status, refused) = app
        .send_json(
            Method::GET,
            &format!("/api/admin/users?search={}", "s".repeat(101)),
            None,
            Some(&root),
        )
        .await;
    assert_eq!(
        (status, refused["fields"]["search"].is_string()),
        (400, true)
    );
}

async fn a_role_change_applies_to_the_next_call(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let someone = shopper(&app, "someone@example.in").await;
    let (status, _) = app
        .send_json(Method::GET, "/api/brand/orders", None, Some(&someone))
        .await;
    assert_eq!(status, 403, "a shopper has no brand console");

    let (status, made) = set_role(
        &app,
        &root,
        &someone.id(),
        json!({"role": "brand", "brandId": demo_brand()}),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    assert_eq!(
        (
            made["user"]["role"].clone(),
            made["user"]["brand"]["_id"].clone()
        ),
        (json!(1), json!(demo_brand()))
    );
    let (status, orders) = app
        .send_json(Method::GET, "/api/brand/orders", None, Some(&someone))
        .await;
    assert_eq!(
        status, 200,
        "the same session reaches the brand console at once: {orders}"
    );

    let (status, demoted) = set_role(
        &app,
        &root,
        &someone.id(),
        json!({"role": "shopper", "brandId": null}),
    )
    .await;
    assert_eq!(status, 200, "{demoted}");
    assert_eq!(
        (
            demoted["user"]["role"].clone(),
            demoted["user"]["brand"].clone()
        ),
        (json!(0), Value::Null)
    );
    let (status, _) = app
        .send_json(Method::GET, "/api/brand/orders", None, Some(&someone))
        .await;
    assert_eq!(
        status, 403,
        "a demoted brand user is refused on their next call"
    );

    let (status, _) = set_role(&app, &root, &someone.id(), json!({"role": "admin"})).await;
    assert_eq!(status, 200);
    let (status, _) = app
        .send_json(Method::GET, "/api/admin/brands", None, Some(&someone))
        .await;
    assert_eq!(status, 200, "a new admin reaches the admin console");
    let (status, _) = set_role(&app, &someone, &root.id(), json!({"role": "shopper"})).await;
    assert_eq!(status, 200, "two admins: one may demote the other");
    let (status, _) = app
        .send_json(Method::GET, "/api/admin/brands", None, Some(&root))
        .await;
    assert_eq!(status, 403, "a demoted admin is refused on their next call");
}

async fn the_role_form_names_what_is_wrong(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    let someone = shopper(&app, "someone@example.in").await;
    for (body, field) in [
        (json!({"role": "owner"}), "role"),
        (json!({}), "role"),
        (json!({"role": "brand"}), "brandId"),
        (json!({"role": "brand", "brandId": " "}), "brandId"),
        (json!({"role": "admin", "brandId": demo_brand()}), "brandId"),
        (
            json!({"role": "shopper", "brandId": demo_brand()}),
            "brandId",
        ),
    ] {
        let (status, refused) = set_role(&app, &root, &someone.id(), body.clone()).await;
        assert_eq!(status, 400, "{body}: {refused}");
        assert_eq!(error_code(&refused), "VALIDATION_FAILED");
        assert!(refused["fields"][field].is_string(), "{body}: {refused}");
    }
    let (status, refused) = set_role(
        &app,
        &root,
        &someone.id(),
        json!({"role": "brand", "brandId": "no-such-brand"}),
    )
    .await;
    assert_eq!(
        (status, refused["error"].clone()),
        (404, json!("Brand not found."))
    );
    let (status, refused) = set_role(&app, &root, "no-such-user", json!({"role": "admin"})).await;
    assert_eq!(
        (status, refused["error"].clone()),
        (404, json!("User not found."))
    );
    assert_eq!(
        app.count("users WHERE is_brand_user OR (is_admin AND email <> 'root@example.in')"),
        0
    );
    assert_eq!(app.count("audit_log"), 0, "refusals leave no trail");
}

async fn the_last_admin_cannot_be_demoted(backend: Backend) {
    let app = spawn_app(backend).await;
    let root = admin(&app, "root@example.in").await;
    for body in [
        json!({"role": "shopper"}),
        json!({"role": "brand", "brandId": demo_brand()}),
    ] {
        let (status, refused) = set_role(&app, &root, &root.id(), body).await;
        assert_eq!(
            (status, error_code(&refused)),
            (409, "LAST_ADMIN".to_owned()),
            "{refused}"
        );
    }
    let (status, kept) = set_role(&app, &root, &root.id(), json!({"role": "admin"})).await;
    assert_eq!(status, 200, "staying an admin is no demotion: {kept}");
    let error = api::admin::grant_role(
        &app.store(),
        "root@example.in",
        Role::Shopper,
        None,
        test_now(),
    )
    .expect_err("the command keeps the rule too");
    assert!(
        format!("{error:#}").contains("at least one admin"),
        "{error:#}"
    );
    assert_eq!(app.count("users WHERE is_admin"), 1);
}

async fn two_admins_demoting_each_other_leave_one_admin(backend: Backend) {
    let app = spawn_app(backend).await;
    let first = admin(&app, "first@example.in").await;
    let second = admin(&app, "second@example.in").await;
    let (first_id, second_id) = (first.id(), second.id());
    for round in 0..6 {
        let (a, b) = tokio::join!(
            set_role(&app, &first, &second_id, json!({"role": "shopper"})),
            set_role(&app, &second, &first_id, json!({"role": "shopper"})),
        );
        let statuses = [a.0, b.0];
        assert_eq!(
            statuses.iter().filter(|s| **s == 200).count(),
            1,
            "round {round}: one demotion wins: {a:?} {b:?}"
        );
        for (status, body) in [&a, &b] {
            if *status != 200 {
                assert!(
                    (*status == 409 && error_code(body) == "LAST_ADMIN") || *status == 403,
                    "round {round}: the other is refused: {body}"
                );
            }
        }
        assert_eq!(app.count("users WHERE is_admin"), 1, "round {round}");
        for email in ["first@example.in", "second@example.in"] {
            api::admin::grant_role(&app.store(), email, Role::Admin, None, test_now())
                .expect("granted");
        }
    }
}

async fn only_admins_reach_users_and_roles(backend: Backend) {
    let app = spawn_app(backend).await;
    let team = brand_user(&app, "team@example.in", &demo_brand()).await;
    let someone = shopper(&app, "someone@example.in").await;
    refused_to_non_admins(&app, Method::GET, "/api/admin/users", None, &team, &someone).await;
    refused_to_non_admins(
        &app,
        Method::PUT,
        &format!("/api/admin/users/{}/role", someone.id()),
        Some(json!({"role": "admin"})),
        &team,
        &someone,
    )
    .await;
    assert_eq!(app.count("users WHERE is_admin"), 0);
}
