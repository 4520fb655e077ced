//! The admin console's users and roles (docs/http-api.md, "Admin: users and roles"), and the
//! sign-ins the admin console's tests share.

use access::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Session, TestApp, error_code, spawn_app, test_now};
use crate::on_both_backends;

on_both_backends!();

/// Signs `email` in (the code rate limit moved out of the way) as a shopper.
pub async fn shopper(app: &TestApp, email: &str) -> Session {
    app.execute_sql("UPDATE rate_limits SET last_at = '2026-11-23 09:59:00'");
    app.sign_in(email).await
}

/// Makes `email` an admin and signs them in.
pub async fn admin(app: &TestApp, email: &str) -> Session {
    api::admin::grant_role(&app.store(), email, Role::Admin, None, test_now()).expect("granted");
    shopper(app, email).await
}

/// Makes `email` a user of `brand` and signs them in.
pub async fn brand_user(app: &TestApp, email: &str, brand: &str) -> Session {
    api::admin::grant_role(
        &app.store(),
        email,
        Role::BrandUser,
        Some(brand),
        test_now(),
    )
    .expect("granted");
    shopper(app, email).await
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

#[allow(dead_code)]
fn unused(_: Backend) -> impl std::future::Future<Output = TestApp> {
    let _ = json!(null);
    spawn_app(Backend::Sqlite)
}
