//! The users calls: registration and onboarding, profile updates, lookups and deletion, each
//! acting for the caller only.

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{Value, json};
use store::ids::UserId;

use crate::helpers::{Backend, Session, TestApp, error_code, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    the_sign_in_sheet_saves_the_location,
    onboarding_completes_with_its_answers,
    onboarding_answers_are_validated,
    nobody_can_give_themselves_a_role,
    profile_updates_follow_the_manage_account_rules,
    another_users_records_are_out_of_reach,
    deleting_an_account_erases_it_and_revokes_it,
    admins_may_look_users_up,
    an_operator_grants_roles,
    a_new_email_is_proven_before_it_replaces_the_old_one,
    an_unproven_email_cannot_pre_take_an_account,
    an_address_with_an_account_is_neither_revealed_nor_taken,
    email_change_codes_follow_the_sign_in_rules,
    a_profile_save_never_writes_roles,
    free_text_is_bounded_and_nothing_is_stored_past_it,
    saved_locations_stay_few_newest_first_and_distinct,
);

/// Lets the next code be asked at once: the tests' clock stands still, so the 30-second
/// interval is moved into the past instead.
fn allow_resends(app: &TestApp) {
    app.execute_sql("UPDATE rate_limits SET last_at = '2026-11-23 09:59:00'");
}

async fn change_email(app: &TestApp, session: &Session, email: &str) -> (u16, Value) {
    app.send_json(
        Method::POST,
        "/api/users/me/email",
        Some(json!({ "email": email })),
        Some(session),
    )
    .await
}

async fn confirm_email(app: &TestApp, session: &Session, otp: &str) -> reqwest::Response {
    app.send(
        Method::POST,
        "/api/users/me/email/verify",
        Some(json!({ "otp": otp })),
        Some(session),
    )
    .await
}

fn other_code(code: &str) -> &'static str {
    if code == "123456" { "654321" } else { "123456" }
}

async fn register(app: &TestApp, session: &Session, body: Value) -> (u16, Value) {
    app.send_json(Method::POST, "/api/users", Some(body), Some(session))
        .await
}

async fn me(app: &TestApp, session: &Session) -> Value {
    let (status, body) = app
        .send_json(Method::GET, "/api/users/me", None, Some(session))
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn the_sign_in_sheet_saves_the_location(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("loc@example.in").await;
    let (status, user) = register(
        &app,
        &session,
        json!({"email": "LOC@example.in", "location": "  Andheri West, Mumbai "}),
    )
    .await;
    assert_eq!(status, 200, "{user}");
    assert_eq!(user["location"], "Andheri West, Mumbai");
    assert_eq!(user["delivery_addresses"], json!(["Andheri West, Mumbai"]));
    assert_eq!(user["onboarded"], false);
    let (status, body) = register(
        &app,
        &session,
        json!({"email": "loc@example.in", "location": " "}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "Please enter your location or use auto-detect"
    );
    assert_eq!(
        body["fields"]["location"],
        "Please enter your location or use auto-detect"
    );
}

async fn onboarding_completes_with_its_answers(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.onboarded("onboard@example.in").await;
    let user = me(&app, &session).await;
    assert_eq!(user["onboarded"], true);
    assert_eq!(user["display_name"], "Asha Rao");
    assert_eq!(user["gender"], "female");
    assert_eq!(user["ageRange"], "Gen Z (18-25)");
    assert_eq!(user["age"], 22);
    assert_eq!(
        user["interests"],
        json!(["Streetwear", "Minimal", "Ethnic"])
    );
    assert_eq!(user["ml_preferences"], json!(["Relaxed Fit"]));
    assert_eq!(user["role"], 0);
    // The spec's client also sends fields the server owns; they are ignored.
    let (status, user) = register(
        &app,
        &session,
        json!({"email": "onboard@example.in", "phone": "9999999999", "age": 99,
               "is_admin": false, "is_brand_user": false, "last_login": "2020-01-01"}),
    )
    .await;
    assert_eq!(status, 200, "{user}");
    assert_eq!(user["phone"], session.user["phone"]);
    assert_eq!(user["age"], 22);
}

async fn onboarding_answers_are_validated(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("rules@example.in").await;
    let (status, body) = register(
        &app,
        &session,
        json!({"email": "rules@example.in", "display_name": " ", "gender": "x",
               "ageRange": "", "interests": ["a", "b"], "ml_preferences": []}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_code(&body), "VALIDATION_FAILED");
    assert_eq!(
        body["fields"],
        json!({
            "display_name": "Name is required",
            "gender": "Please select your gender",
            "ageRange": "Please select your age range",
            "interests": "Please select at least 3 style interests",
            "ml_preferences": "Please select at least one fit",
        })
    );
    let (status, body) = register(
        &app,
        &session,
        json!({"email": "rules@example.in", "interests": ["a", "b", "c", "d", "e", "f"]}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "You can select up to 5 style interests");
    let (status, body) = register(&app, &session, json!({"location": "Pune"})).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "Email is required to complete onboarding");
    assert_eq!(
        me(&app, &session).await["onboarded"],
        false,
        "nothing was saved"
    );
}

async fn nobody_can_give_themselves_a_role(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("climber@example.in").await;
    for body in [
        json!({"email": "climber@example.in", "is_admin": true}),
        json!({"email": "climber@example.in", "is_brand_user": true}),
        json!({"email": "climber@example.in", "role": 2}),
        json!({"email": "climber@example.in", "brand_id": "any"}),
        json!({"email": "climber@example.in", "location": "Pune", "is_admin": true}),
    ] {
        let (status, answer) = register(&app, &session, body.clone()).await;
        assert_eq!(status, 403, "{body}");
        assert_eq!(error_code(&answer), "ROLE_CHANGE_REFUSED");
    }
    let (status, _) = app
        .send_json(
            Method::PUT,
            &format!("/api/users/{}", session.id()),
            Some(
                json!({"display_name": "Climber", "email": "climber@example.in",
                        "gender": "male", "is_admin": true, "role": 2}),
            ),
            Some(&session),
        )
        .await;
    assert_eq!(
        status, 200,
        "the profile fields apply; the role fields are not profile fields"
    );
    let user = me(&app, &session).await;
    assert_eq!(
        (user["role"].clone(), user["is_admin"].clone()),
        (json!(0), json!(false))
    );
    assert_eq!(
        user["location"], "",
        "the refused registration changed nothing"
    );
}

async fn profile_updates_follow_the_manage_account_rules(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.onboarded("profile@example.in").await;
    let taken = app.sign_in("taken@example.in").await;
    let path = format!("/api/users/{}", session.id());
    let update = |body: Value| {
        let app = &app;
        let path = path.clone();
        let session = session.clone();
        async move {
            app.send_json(Method::PUT, &path, Some(body), Some(&session))
                .await
        }
    };
    let table = [
        (
            json!({"display_name": " ", "email": "profile@example.in", "gender": "female"}),
            "display_name",
            "Full name is required",
        ),
        (
            json!({"display_name": "A", "email": "", "gender": "female"}),
            "email",
            "Email is required",
        ),
        (
            json!({"display_name": "A", "email": "nope", "gender": "female"}),
            "email",
            "Please enter a valid email address",
        ),
        (
            json!({"display_name": "A", "email": "profile@example.in", "gender": ""}),
            "gender",
            "Please select your gender",
        ),
        (
            json!({"display_name": "A", "email": "profile@example.in", "gender": "robot"}),
            "gender",
            "Please select a valid gender option.",
        ),
        (
            json!({"display_name": "A", "email": "profile@example.in", "gender": "male",
                "dateOfBirth": "2026-11-24"}),
            "dateOfBirth",
            "Date of birth cannot be in the future.",
        ),
        (
            json!({"display_name": "A", "email": "profile@example.in", "gender": "male",
                "dateOfBirth": "1899-12-31"}),
            "dateOfBirth",
            "Date of birth seems too far in the past.",
        ),
        (
            json!({"display_name": "A", "email": "profile@example.in", "gender": "male",
                "dateOfBirth": "2001-02-30"}),
            "dateOfBirth",
            "Please select a valid date of birth.",
        ),
    ];
    for (body, field, message) in table {
        let (status, answer) = update(body.clone()).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(answer["fields"][field], message, "{body}: {answer}");
    }
    // The e-mail is never changed by a profile save, and says nothing of other accounts.
    let (status, answer) =
        update(json!({"display_name": "A", "email": "Taken@example.in", "gender": "male"})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["email"], "profile@example.in");
    assert_eq!(me(&app, &taken).await["email"], "taken@example.in");

    let (status, user) = update(
        json!({"display_name": "  Asha R  ", "email": "Asha.New@example.in",
                                      "gender": "Female", "dateOfBirth": "2001-04-09"}),
    )
    .await;
    assert_eq!(status, 200, "{user}");
    assert_eq!(user["display_name"], "Asha R");
    assert_eq!(
        (user["email"].clone(), user["pendingEmail"].clone()),
        (json!("profile@example.in"), Value::Null),
        "an unproven e-mail is not saved"
    );
    assert!(app.outbox_mails("asha.new@example.in").is_empty());
    assert_eq!(user["gender"], "female");
    assert_eq!(user["dateOfBirth"], "2001-04-09");
    assert_eq!(
        user["phone"], session.user["phone"],
        "the phone never changes"
    );
    let (status, user) = update(
        json!({"display_name": "Asha R", "email": "profile@example.in",
                                      "gender": "female", "dateOfBirth": null}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(user["dateOfBirth"], Value::Null);
}

/// One call with user A's session aimed at user B.
struct Attempt {
    method: Method,
    /// The path as the OpenAPI document names it.
    route: &'static str,
    path: String,
    body: Option<Value>,
}

/// Every call that needs a session, tried by A against B. The test fails when the OpenAPI
/// document lists a call with a session requirement (`security`) that is missing here, so a new user-scoped route cannot be
/// added without its cross-user check.
fn attempts(
    a: &Session,
    b: &Session,
    b_address: &str,
    b_order: &BOrder,
    b_code: &str,
) -> Vec<Attempt> {
    let b_email = b.user["email"].as_str().expect("email").to_owned();
    let b_shipment = format!("/api/users/{}/shipment", b.id());
    let a_shipment = format!("/api/users/{}/shipment", a.id());
    let attempt =
        |method: Method, route: &'static str, path: String, body: Option<Value>| Attempt {
            method,
            route,
            path,
            body,
        };
    vec![
        attempt(
            Method::GET,
            "/api/users/by-email",
            format!("/api/users/by-email?email={b_email}"),
            None,
        ),
        attempt(
            Method::GET,
            "/api/users",
            format!("/api/users?email={b_email}"),
            None,
        ),
        attempt(
            Method::GET,
            "/api/users",
            format!("/api/users?phone={}", b.phone()),
            None,
        ),
        attempt(
            Method::POST,
            "/api/users",
            "/api/users".into(),
            Some(json!({"email": b_email, "location": "Hijacked"})),
        ),
        attempt(
            Method::PUT,
            "/api/users/{userId}",
            format!("/api/users/{}", b.id()),
            Some(
                json!({"display_name": "Hijacked", "email": "hijack@example.in", "gender": "male"}),
            ),
        ),
        attempt(
            Method::PUT,
            "/api/users/{userId}",
            "/api/users/no-such-user".into(),
            Some(
                json!({"display_name": "Hijacked", "email": "hijack2@example.in", "gender": "male"}),
            ),
        ),
        attempt(
            Method::DELETE,
            "/api/users/delete-by-phone",
            "/api/users/delete-by-phone".into(),
            Some(json!({"phone": b.phone()})),
        ),
        attempt(
            Method::POST,
            "/api/analytics/track-swipe",
            "/api/analytics/track-swipe".into(),
            Some(json!({"productId": b_liked(), "action": "dislike", "userId": b.id()})),
        ),
        attempt(
            Method::DELETE,
            "/api/analytics/swipes/last",
            "/api/analytics/swipes/last".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/curated-list",
            "/api/curated-list".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/curated-list",
            "/api/curated-list".into(),
            Some(json!({"productId": b_liked(), "userId": b.id()})),
        ),
        attempt(
            Method::DELETE,
            "/api/curated-list/{productId}",
            format!("/api/curated-list/{}", b_liked()),
            None,
        ),
        attempt(
            Method::PUT,
            "/api/curated-list/{productId}",
            format!("/api/curated-list/{}", b_liked()),
            Some(json!({"inList": false, "userId": b.id()})),
        ),
        attempt(
            Method::GET,
            "/api/users/{userId}/shipment",
            b_shipment.clone(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/users/{userId}/shipment",
            b_shipment.clone(),
            Some(b_address_payload()),
        ),
        attempt(
            Method::PATCH,
            "/api/users/{userId}/shipment/{addressId}",
            format!("{b_shipment}/{b_address}"),
            Some(json!({"isDefault": true})),
        ),
        attempt(
            Method::DELETE,
            "/api/users/{userId}/shipment/{addressId}",
            format!("{b_shipment}/{b_address}"),
            None,
        ),
        attempt(
            Method::PATCH,
            "/api/users/{userId}/shipment/{addressId}",
            format!("{a_shipment}/{b_address}"),
            Some(json!({"isDefault": true})),
        ),
        attempt(
            Method::DELETE,
            "/api/users/{userId}/shipment/{addressId}",
            format!("{a_shipment}/{b_address}"),
            None,
        ),
        attempt(Method::GET, "/api/cart", "/api/cart".into(), None),
        attempt(
            Method::POST,
            "/api/cart/items",
            "/api/cart/items".into(),
            Some(json!({"productId": b_bagged().0, "size": b_bagged().1, "userId": b.id()})),
        ),
        attempt(
            Method::POST,
            "/api/cart/switch-brand",
            "/api/cart/switch-brand".into(),
            Some(json!({"productId": b_bagged().0, "size": b_bagged().1, "userId": b.id()})),
        ),
        attempt(
            Method::PUT,
            "/api/cart/items/{productId}/{size}",
            format!("/api/cart/items/{}/{}", b_bagged().0, b_bagged().1),
            Some(json!({"quantity": 0, "userId": b.id()})),
        ),
        attempt(
            Method::DELETE,
            "/api/cart/items/{productId}/{size}",
            format!("/api/cart/items/{}/{}", b_bagged().0, b_bagged().1),
            None,
        ),
        attempt(Method::DELETE, "/api/cart", "/api/cart".into(), None),
        attempt(
            Method::DELETE,
            "/api/cart/delete",
            "/api/cart/delete".into(),
            Some(json!({"phone": b.phone()})),
        ),
        attempt(
            Method::POST,
            "/api/offers/coupon/{code}/validate-cart",
            "/api/offers/coupon/STYLE20/validate-cart".into(),
            Some(json!({"userId": b.id()})),
        ),
        attempt(
            Method::GET,
            "/api/offers/mine",
            "/api/offers/mine".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/checkout/quote",
            "/api/checkout/quote".into(),
            Some(json!({"source": "bag", "addressId": b_address, "speed": "standard"})),
        ),
        attempt(
            Method::POST,
            "/api/payments/create-order",
            "/api/payments/create-order".into(),
            Some(
                json!({"source": "bag", "addressId": b_address, "speed": "standard",
                        "amount": "1.00"}),
            ),
        ),
        attempt(
            Method::POST,
            "/api/payments/sandbox/pay",
            "/api/payments/sandbox/pay".into(),
            Some(json!({"orderId": b_order.receipt["razorpay_order_id"],
                        "cardNumber": "4111 1111 1111 1111", "expiry": "12/30", "cvv": "123"})),
        ),
        attempt(
            Method::POST,
            "/api/payments/verify",
            "/api/payments/verify".into(),
            Some(b_order.receipt.clone()),
        ),
        attempt(
            Method::POST,
            "/api/orders/create",
            "/api/orders/create".into(),
            Some(json!({"paymentId": b_order.receipt["razorpay_payment_id"]})),
        ),
        attempt(
            Method::GET,
            "/api/orders/user/{userId}",
            format!("/api/orders/user/{}", b.id()),
            None,
        ),
        attempt(
            Method::POST,
            "/api/orders/express-delivery",
            "/api/orders/express-delivery".into(),
            Some(json!({"orderId": b_order.id})),
        ),
        attempt(
            Method::POST,
            "/api/cancel-requests/create",
            "/api/cancel-requests/create".into(),
            Some(json!({"orderId": b_order.id, "productIndex": 0, "reason": "A asks"})),
        ),
        attempt(
            Method::GET,
            "/api/brand/orders",
            "/api/brand/orders".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/brand/orders/{orderId}/delivery",
            format!("/api/brand/orders/{}/delivery", b_order.id),
            Some(json!({"deliveryStatus": "Shipped"})),
        ),
        attempt(
            Method::POST,
            "/api/brand/orders/{orderId}/cancellation",
            format!("/api/brand/orders/{}/cancellation", b_order.id),
            Some(json!({"decision": "approve"})),
        ),
        // The consoles: a shopper is refused every call, whatever it names (B's product, the
        // brand of B's bag, a category, a coupon, B's own account).
        attempt(
            Method::GET,
            "/api/brand/products",
            "/api/brand/products".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/brand/products",
            "/api/brand/products".into(),
            Some(json!({"name": "Hijacked", "price": 1, "gender": "male"})),
        ),
        attempt(
            Method::GET,
            "/api/brand/products/{id}",
            format!("/api/brand/products/{}", b_liked()),
            None,
        ),
        attempt(
            Method::PATCH,
            "/api/brand/products/{id}",
            format!("/api/brand/products/{}", b_liked()),
            Some(json!({"name": "Hijacked", "version": 1})),
        ),
        attempt(
            Method::DELETE,
            "/api/brand/products/{id}",
            format!("/api/brand/products/{}", b_liked()),
            None,
        ),
        attempt(
            Method::PUT,
            "/api/brand/products/{id}/stock",
            format!("/api/brand/products/{}/stock", b_liked()),
            Some(json!({"stock": {"M": 0}})),
        ),
        attempt(
            Method::POST,
            "/api/brand/products/{id}/images",
            format!("/api/brand/products/{}/images", b_liked()),
            None,
        ),
        attempt(
            Method::PUT,
            "/api/brand/products/{id}/images/order",
            format!("/api/brand/products/{}/images/order", b_liked()),
            Some(json!({"imageIds": []})),
        ),
        attempt(
            Method::DELETE,
            "/api/brand/products/{id}/images/{imageId}",
            format!("/api/brand/products/{}/images/x", b_liked()),
            None,
        ),
        attempt(
            Method::POST,
            "/api/brand/products/import",
            "/api/brand/products/import".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/brand/products/import",
            "/api/brand/products/import?format=shopify&commit=no-such-token".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/brand/products/export",
            "/api/brand/products/export".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/brand/coupons",
            "/api/brand/coupons".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/brand/events",
            "/api/brand/events".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/brand/coupons",
            "/api/brand/coupons".into(),
            Some(json!({"coupon_code": "HIJACK"})),
        ),
        attempt(
            Method::PATCH,
            "/api/brand/coupons/{id}",
            "/api/brand/coupons/no-such-coupon".into(),
            Some(json!({"is_active": false, "version": 1})),
        ),
        attempt(
            Method::GET,
            "/api/brand/insights/summary",
            "/api/brand/insights/summary".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/brand/insights/products",
            "/api/brand/insights/products".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/brand/insights/products/{id}/daily",
            format!("/api/brand/insights/products/{}/daily", b_liked()),
            None,
        ),
        attempt(
            Method::GET,
            "/api/brand/insights/low-stock",
            "/api/brand/insights/low-stock".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/admin/brands",
            "/api/admin/brands".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/admin/brands",
            "/api/admin/brands".into(),
            Some(json!({"name": "Hijacked", "gender": "male", "isActive": true})),
        ),
        attempt(
            Method::PATCH,
            "/api/admin/brands/{id}",
            format!("/api/admin/brands/{}", crate::helpers::listed()[0].brand_id),
            Some(json!({"isActive": false, "version": 1})),
        ),
        attempt(
            Method::POST,
            "/api/admin/brands/{id}/logo",
            format!(
                "/api/admin/brands/{}/logo",
                crate::helpers::listed()[0].brand_id
            ),
            None,
        ),
        attempt(
            Method::GET,
            "/api/admin/categories",
            "/api/admin/categories".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/admin/categories",
            "/api/admin/categories".into(),
            Some(json!({"name": "Hijacked", "gender": "male"})),
        ),
        attempt(
            Method::PUT,
            "/api/admin/categories/order",
            "/api/admin/categories/order".into(),
            Some(json!({"ids": []})),
        ),
        attempt(
            Method::PATCH,
            "/api/admin/categories/{id}",
            "/api/admin/categories/no-such-category".into(),
            Some(json!({"name": "Hijacked", "version": 1})),
        ),
        attempt(
            Method::DELETE,
            "/api/admin/categories/{id}",
            "/api/admin/categories/no-such-category".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/admin/static-images",
            "/api/admin/static-images".into(),
            None,
        ),
        attempt(
            Method::PATCH,
            "/api/admin/static-images/{id}",
            "/api/admin/static-images/no-such-image".into(),
            None,
        ),
        attempt(
            Method::DELETE,
            "/api/admin/static-images/{id}",
            "/api/admin/static-images/no-such-image".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/admin/users",
            "/api/admin/users".into(),
            None,
        ),
        attempt(
            Method::PUT,
            "/api/admin/users/{id}/role",
            format!("/api/admin/users/{}/role", b.id()),
            Some(json!({"role": "admin"})),
        ),
        attempt(
            Method::GET,
            "/api/admin/audit",
            "/api/admin/audit".into(),
            None,
        ),
        // Brand applications: A's own (B's never shows), and the admin's calls refused.
        attempt(
            Method::POST,
            "/api/brand-applications",
            "/api/brand-applications".into(),
            Some(json!({"applicantId": b.id()})),
        ),
        attempt(
            Method::GET,
            "/api/brand-applications/mine",
            "/api/brand-applications/mine".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/admin/brand-applications",
            "/api/admin/brand-applications".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/admin/brand-applications/{id}/approve",
            "/api/admin/brand-applications/no-such-application/approve".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/admin/brand-applications/{id}/reject",
            "/api/admin/brand-applications/no-such-application/reject".into(),
            Some(json!({"reason": "Hijacked"})),
        ),
        attempt(
            Method::GET,
            "/api/brand/payouts",
            "/api/brand/payouts?month=2026-10".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/brand/payouts/export",
            "/api/brand/payouts/export".into(),
            None,
        ),
        attempt(
            Method::GET,
            "/api/admin/payouts",
            "/api/admin/payouts".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/admin/payouts/{brandId}/{month}/paid",
            "/api/admin/payouts/no-such-brand/2026-10/paid".into(),
            Some(json!({"reference": "HIJACK"})),
        ),
        attempt(
            Method::POST,
            "/api/users/me/email",
            "/api/users/me/email".into(),
            Some(json!({"email": b_email})),
        ),
        attempt(
            Method::POST,
            "/api/users/me/email/resend",
            "/api/users/me/email/resend".into(),
            None,
        ),
        attempt(
            Method::POST,
            "/api/users/me/email/verify",
            "/api/users/me/email/verify".into(),
            Some(json!({"otp": b_code})),
        ),
        attempt(
            Method::DELETE,
            "/api/users/me/email",
            "/api/users/me/email".into(),
            None,
        ),
        attempt(Method::GET, "/api/users/me", "/api/users/me".into(), None),
        attempt(
            Method::POST,
            "/api/users/logout",
            "/api/users/logout".into(),
            None,
        ),
        attempt(
            Method::DELETE,
            "/api/users/me",
            "/api/users/me".into(),
            None,
        ),
    ]
}

/// The order B has placed and paid before A tries B's records.
struct BOrder {
    id: String,
    /// What the payment sheet handed B: the provider's order and payment ids, signed.
    receipt: Value,
}

/// B buys the bagged product with Buy Now (B's bag keeps it), paying with the sandbox.
async fn b_buys(app: &TestApp, b: &Session, address: &str) -> BOrder {
    let (product, size) = b_bagged();
    let mut request = json!({"source": {"productId": product, "size": size, "quantity": 1},
                             "addressId": address, "speed": "express"});
    let (status, quote) = app
        .send_json(
            Method::POST,
            "/api/checkout/quote",
            Some(request.clone()),
            Some(b),
        )
        .await;
    assert_eq!(status, 200, "{quote}");
    request["amount"] = quote["total"].clone();
    let (status, opened) = app
        .send_json(
            Method::POST,
            "/api/payments/create-order",
            Some(request),
            Some(b),
        )
        .await;
    assert_eq!(status, 200, "{opened}");
    let (status, receipt) = app
        .send_json(
            Method::POST,
            "/api/payments/sandbox/pay",
            Some(
                json!({"orderId": opened["order"]["id"], "cardNumber": "4111 1111 1111 1111",
                        "expiry": "12/30", "cvv": "123", "name": "B"}),
            ),
            Some(b),
        )
        .await;
    assert_eq!(status, 200, "{receipt}");
    let (status, verified) = app
        .send_json(
            Method::POST,
            "/api/payments/verify",
            Some(receipt.clone()),
            Some(b),
        )
        .await;
    assert_eq!(status, 200, "{verified}");
    BOrder {
        id: verified["orderId"]
            .as_str()
            .expect("an order id")
            .to_owned(),
        receipt,
    }
}

/// The product B likes before A tries B's records: in B's swipes and B's curated list.
fn b_liked() -> String {
    crate::helpers::listed()[0].id.clone()
}

/// A delivery address B saves before A tries B's records.
fn b_address_payload() -> Value {
    json!({
        "billing_customer_name": "B", "billing_phone": "9876543210",
        "billing_email": "b@gmail.com", "billing_address": "Flat 1, Wing A",
        "billing_address_2": "Fort, Mumbai", "billing_city": "Mumbai",
        "billing_pincode": "400001", "billing_state": "Maharashtra",
    })
}

/// The product and size B has in the bag before A tries B's records.
pub(crate) fn b_bagged() -> (String, String) {
    let product = crate::helpers::listed()[0];
    let size = product
        .stock
        .iter()
        .find(|(_, left)| *left > 0)
        .map(|(size, _)| size.clone())
        .expect("a size in stock");
    (product.id.clone(), size)
}

/// What A must never change of B's: the account, the swipes, the curated list, the bag and the
/// saved addresses.
async fn b_state(app: &TestApp, b: &Session) -> Value {
    app.swipes_folded().await;
    let (_, list) = app
        .send_json(Method::GET, "/api/curated-list", None, Some(b))
        .await;
    let (_, bag) = app.send_json(Method::GET, "/api/cart", None, Some(b)).await;
    let (_, trending) = app
        .get_json("/api/analytics/trending-products?timeWindow=24h")
        .await;
    let (_, addresses) = app
        .send_json(
            Method::GET,
            &format!("/api/users/{}/shipment", b.id()),
            None,
            Some(b),
        )
        .await;
    let (_, orders) = app
        .send_json(
            Method::GET,
            &format!("/api/orders/user/{}", b.id()),
            None,
            Some(b),
        )
        .await;
    json!({"me": me(app, b).await, "list": list, "trending": trending["data"]["trendingProducts"],
           "addresses": addresses, "bag": bag, "orders": orders})
}

async fn signed_in_routes(app: &TestApp) -> BTreeSet<(String, String)> {
    let (_, doc) = app.get_json("/api/openapi.json").await;
    let mut routes = BTreeSet::new();
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            if operation.get("security").is_some() {
                routes.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    routes
}

async fn another_users_records_are_out_of_reach(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut a = app.onboarded("a@example.in").await;
    app.execute_sql("UPDATE rate_limits SET last_at = '2026-11-23 09:59:00'");
    let b = app.onboarded("b@example.in").await;
    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/analytics/track-swipe",
            Some(json!({"productId": b_liked(), "action": "like"})),
            Some(&b),
        )
        .await;
    assert_eq!(status, 201);
    let (status, b_address) = app
        .send_json(
            Method::POST,
            &format!("/api/users/{}/shipment", b.id()),
            Some(b_address_payload()),
            Some(&b),
        )
        .await;
    assert_eq!(status, 201, "{b_address}");
    let b_address = b_address["_id"].as_str().expect("an _id").to_owned();
    let (product, size) = b_bagged();
    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/cart/items",
            Some(json!({"productId": product, "size": size})),
            Some(&b),
        )
        .await;
    assert_eq!(status, 200);
    let b_order = b_buys(&app, &b, &b_address).await;
    // The catalogue follows the stock the order took within its refresh (50 ms in tests);
    // B's bag shows what is left, so it must have caught up before B's state is taken.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let b_before = b_state(&app, &b).await;
    assert_eq!(
        b_before["addresses"].as_array().map(Vec::len),
        Some(1),
        "B has an address to protect"
    );
    assert_eq!(
        b_before["orders"]["orders"].as_array().map(Vec::len),
        Some(1),
        "B has an order to protect"
    );

    // The code B last received, which A tries as its own.
    let b_code = app.outbox_code("b@example.in");
    let listed: BTreeSet<(String, String)> = attempts(&a, &b, &b_address, &b_order, &b_code)
        .iter()
        .map(|a| (a.method.to_string(), a.route.to_owned()))
        .collect();
    assert_eq!(
        listed,
        signed_in_routes(&app).await,
        "every call that needs a session must be in this test's list"
    );

    // B's sign-in took a use of the limits on codes for B's address, which A's calls ask too.
    allow_resends(&app);
    for attempt in attempts(&a, &b, &b_address, &b_order, &b_code) {
        let (status, body) = app
            .send_json(
                attempt.method.clone(),
                &attempt.path,
                attempt.body.clone(),
                Some(&a),
            )
            .await;
        let what = format!("{} {}", attempt.method, attempt.path);
        match (attempt.method.clone(), attempt.route) {
            (Method::GET, "/api/users/me") => assert_eq!(body["_id"], a.user["_id"], "{what}"),
            (Method::POST, "/api/users/me/email" | "/api/users/me/email/resend")
            | (Method::DELETE, "/api/users/me/email") => {
                // A's own account, still on A's address: B's address is never A's.
                assert_eq!(
                    (status, body["_id"].clone(), body["email"].clone()),
                    (200, a.user["_id"].clone(), json!("a@example.in")),
                    "{what}: {body}"
                );
                assert!(
                    app.outbox_mails("b@example.in")
                        .iter()
                        .all(|mail| !mail.contains("make this the e-mail address")),
                    "{what}: no change code goes to B's address"
                );
                allow_resends(&app);
            }
            (Method::POST, "/api/users/me/email/verify") => assert_eq!(
                (status, error_code(&body)),
                (401, "INVALID_OTP".to_owned()),
                "{what}: B's code proves nothing for A"
            ),
            (Method::DELETE, "/api/analytics/swipes/last")
            | (Method::DELETE, "/api/curated-list/{productId}") => {
                assert_eq!(
                    status, 404,
                    "{what}: A has nothing of its own to undo or remove"
                )
            }
            (Method::PUT, "/api/curated-list/{productId}") => {
                assert_eq!(
                    (status, body["data"]["changed"].clone()),
                    (200, json!(false)),
                    "{what}: A's own list, which does not hold it"
                )
            }
            (Method::POST, "/api/curated-list") => {
                assert_eq!(
                    status, 201,
                    "{what}: the body's userId is ignored, A's list grows"
                );
                app.send_json(
                    Method::DELETE,
                    &format!("/api/curated-list/{}", b_liked()),
                    None,
                    Some(&a),
                )
                .await;
            }
            (_, "/api/users/{userId}/shipment" | "/api/users/{userId}/shipment/{addressId}") => {
                // Another shopper's addresses are answered as if that shopper did not exist.
                let expected = if attempt.path.starts_with(&format!("/api/users/{}/", b.id())) {
                    "User not found"
                } else {
                    "Address not found."
                };
                assert_eq!(
                    (status, body["error"].clone()),
                    (404, json!(expected)),
                    "{what}"
                );
            }
            (
                Method::POST,
                "/api/checkout/quote"
                | "/api/payments/create-order"
                | "/api/payments/sandbox/pay"
                | "/api/payments/verify"
                | "/api/orders/create"
                | "/api/orders/express-delivery"
                | "/api/cancel-requests/create",
            )
            | (Method::GET, "/api/orders/user/{userId}") => {
                // B's address, B's payment and B's order are answered as if they did not
                // exist; the quote and create-order do not get as far as A's empty bag.
                let expected = match attempt.route {
                    "/api/checkout/quote" | "/api/payments/create-order" => "Address not found.",
                    "/api/orders/user/{userId}" => "User not found",
                    _ => "Order not found.",
                };
                assert_eq!(
                    (status, body["error"].clone()),
                    (404, json!(expected)),
                    "{what}"
                );
            }
            (Method::GET, "/api/cart") => {
                assert_eq!(
                    (status, body["items"].clone()),
                    (200, json!([])),
                    "{what}: A's own bag"
                )
            }
            (Method::POST, "/api/cart/items" | "/api/cart/switch-brand")
            | (Method::DELETE, "/api/cart" | "/api/cart/delete") => {
                assert_eq!(
                    status, 200,
                    "{what}: the body's ids are ignored, A's own bag changes"
                );
                app.send_json(Method::DELETE, "/api/cart", None, Some(&a))
                    .await;
            }
            (Method::POST, "/api/offers/coupon/{code}/validate-cart") => {
                // B's bag holds an item; A's is empty, and A's is the one priced.
                assert_eq!(
                    (status, error_code(&body)),
                    (422, "EMPTY_CART".to_owned()),
                    "{what}: the body's userId is ignored, A's own bag is priced"
                )
            }
            (Method::GET, "/api/offers/mine") => {
                let codes: Vec<&str> = body
                    .as_array()
                    .map(|offers| {
                        offers
                            .iter()
                            .filter_map(|o| o["coupon_code"].as_str())
                            .collect()
                    })
                    .unwrap_or_default();
                assert!(
                    status == 200 && codes.contains(&"FIRST50"),
                    "{what}: A's own offers: {body}"
                )
            }
            (Method::PUT | Method::DELETE, "/api/cart/items/{productId}/{size}") => {
                assert_eq!(status, 404, "{what}: A's bag does not hold it: {body}")
            }
            (Method::POST, "/api/brand-applications") => assert_eq!(
                (status, error_code(&body)),
                (400, "VALIDATION_FAILED".to_owned()),
                "{what}: the body names no brand: {body}"
            ),
            (Method::GET, "/api/brand-applications/mine") => assert_eq!(
                (status, body["applications"].clone()),
                (200, json!([])),
                "{what}: A's own, none"
            ),
            (Method::GET, route)
                if route.starts_with("/api/brand/") || route.starts_with("/api/admin/") =>
            {
                assert_eq!(
                    status, 403,
                    "{what}: a shopper has no brand console: {body}"
                )
            }
            (Method::GET, _) => assert_eq!((status, body.clone()), (200, json!([])), "{what}"),
            (_, "/api/users/logout") | (Method::DELETE, "/api/users/me") => {
                assert_eq!(status, 200, "{what}: acts on A only")
            }
            _ => {
                assert_eq!(status, 403, "{what}: {body}");
                assert!(
                    !body
                        .to_string()
                        .contains(b.user["email"].as_str().expect("email"))
                );
            }
        }
        assert_eq!(
            b_state(&app, &b).await,
            b_before,
            "B unchanged after {what}"
        );
        if attempt.route == "/api/users/logout" {
            app.execute_sql("UPDATE rate_limits SET last_at = '2026-11-23 09:59:00'");
            a = app.sign_in("a@example.in").await;
        }
    }
}

async fn deleting_an_account_erases_it_and_revokes_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.onboarded("gone@example.in").await;
    let (product, size) = b_bagged();
    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/cart/items",
            Some(json!({"productId": product, "size": size})),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = app
        .send_json(
            Method::POST,
            &format!("/api/users/{}/shipment", session.id()),
            Some(b_address_payload()),
            Some(&session),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = app
        .send_json(
            Method::DELETE,
            "/api/users/delete-by-phone",
            Some(json!({"phone": "12345"})),
            Some(&session),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"], "Must be a 10-digit phone number");
    let (status, body) = app
        .send_json(
            Method::DELETE,
            "/api/users/delete-by-phone",
            Some(json!({"phone": session.phone()})),
            Some(&session),
        )
        .await;
    assert_eq!((status, body), (200, json!({"success": true})));
    let (status, _) = app
        .send_json(Method::GET, "/api/users/me", None, Some(&session))
        .await;
    assert_eq!(status, 401, "the session died with the account");
    let erased = app.count(&format!(
        "users WHERE id = '{}' AND email IS NULL AND phone IS NULL AND display_name = '' \
         AND location = '' AND delivery_addresses = '[]' AND interests = '[]' \
         AND date_of_birth IS NULL AND deleted_at IS NOT NULL",
        session.id()
    ));
    assert_eq!(
        erased, 1,
        "the record stays, anonymised, so orders naming it stay whole"
    );
    assert_eq!(
        app.count("sign_in_codes WHERE email = 'gone@example.in'"),
        0
    );
    assert_eq!(
        app.count(&format!("addresses WHERE user_id = '{}'", session.id())),
        0,
        "the saved addresses are erased"
    );
    assert_eq!(
        app.count(&format!("bag_lines WHERE user_id = '{}'", session.id())),
        0,
        "the bag is emptied"
    );
    app.execute_sql("UPDATE rate_limits SET last_at = '2026-11-23 09:59:00'");
    let again = app.sign_in("gone@example.in").await;
    assert_ne!(
        again.id(),
        session.id(),
        "the e-mail signs up as a new user"
    );
    assert_eq!(again.user["onboarded"], false);

    let (status, _) = app
        .send_json(Method::DELETE, "/api/users/me", None, Some(&again))
        .await;
    assert_eq!(status, 200);
    let (status, _) = app
        .send_json(Method::DELETE, "/api/users/me", None, Some(&again))
        .await;
    assert_eq!(status, 401);
}

async fn admins_may_look_users_up(backend: Backend) {
    let app = spawn_app(backend).await;
    let admin = app.sign_in("admin@example.in").await;
    app.execute_sql("UPDATE rate_limits SET last_at = '2026-11-23 09:59:00'");
    let shopper = app.sign_in("shopper@example.in").await;
    app.execute_sql(&format!(
        "UPDATE users SET is_admin = TRUE WHERE id = '{}'",
        admin.id()
    ));
    let (status, found) = app
        .send_json(
            Method::GET,
            "/api/users/by-email?email=shopper@example.in",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(found[0]["_id"], shopper.user["_id"]);
    assert_eq!(
        me(&app, &admin).await["role"],
        2,
        "the stored role counts at once"
    );
    let (status, _) = app
        .send_json(
            Method::PUT,
            &format!("/api/users/{}", shopper.id()),
            Some(
                json!({"display_name": "Fixed", "email": "shopper@example.in", "gender": "other"}),
            ),
            Some(&admin),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(me(&app, &shopper).await["display_name"], "Fixed");

    // The e-mail decides the lookup, yet a malformed phone beside it is refused, not ignored.
    let (status, body) = app
        .send_json(
            Method::GET,
            "/api/users?email=shopper@example.in&phone=Z",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "INVALID_PHONE".to_owned())
    );
}

async fn an_operator_grants_roles(backend: Backend) {
    let app = spawn_app(backend).await;
    let shopper = app.sign_in("owner@example.in").await;
    let store = app.store();
    let now = crate::helpers::test_now();
    let granted =
        api::admin::grant_role(&store, "Owner@example.in", access::Role::Admin, None, now)
            .expect("granted");
    assert_eq!(granted.user_id, shopper.id());
    assert!(!granted.created);
    let user = me(&app, &shopper).await;
    assert_eq!(
        (user["role"].clone(), user["is_admin"].clone()),
        (json!(2), json!(true))
    );

    let brand = crate::helpers::demo().brands[0].id.clone();
    let granted = api::admin::grant_role(
        &store,
        "staff@example.in",
        access::Role::BrandUser,
        Some(&brand),
        now,
    )
    .expect("granted");
    assert!(granted.created, "a user who never signed in is created");
    app.execute_sql("UPDATE rate_limits SET last_at = '2026-11-23 09:59:00'");
    let staff = app.sign_in("staff@example.in").await;
    assert_eq!(staff.id(), granted.user_id);
    assert_eq!(staff.user["role"], 1);
    assert_eq!(staff.user["brand_id"], json!(brand));

    for (email, role, brand, message) in [
        (
            "x@example.in",
            access::Role::BrandUser,
            None,
            "a brand user needs --brand <brandId>",
        ),
        (
            "x@example.in",
            access::Role::BrandUser,
            Some("no-such-brand"),
            "no brand has the id 'no-such-brand'",
        ),
        (
            "x@example.in",
            access::Role::Admin,
            Some(brand.as_str()),
            "--brand applies to the brand role only",
        ),
        (
            "not-an-email",
            access::Role::Admin,
            None,
            "'not-an-email': Please enter a valid email address",
        ),
    ] {
        let error = api::admin::grant_role(&store, email, role, brand, now).expect_err(email);
        assert_eq!(error.to_string(), message);
    }
    assert_eq!(
        app.count("users WHERE email = 'x@example.in'"),
        0,
        "refusals create nobody"
    );
}

async fn a_new_email_is_proven_before_it_replaces_the_old_one(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone = app.onboarded("owner@example.in").await;
    allow_resends(&app);
    let laptop = app.sign_in("owner@example.in").await;

    let (status, user) = change_email(&app, &phone, "New.Owner@Example.in").await;
    assert_eq!(status, 200, "{user}");
    assert_eq!(
        (user["email"].clone(), user["pendingEmail"].clone()),
        (json!("owner@example.in"), json!("new.owner@example.in"))
    );
    let code = app.outbox_code("new.owner@example.in");
    assert!(
        !user.to_string().contains(&code),
        "the code is never in an answer"
    );
    let seen = me(&app, &laptop).await;
    assert_eq!(
        (seen["email"].clone(), seen["pendingEmail"].clone()),
        (json!("owner@example.in"), json!("new.owner@example.in")),
        "every answer about the account says a change is pending"
    );

    let res = confirm_email(&app, &phone, other_code(&code)).await;
    assert_eq!(res.status().as_u16(), 401);
    let body: Value = res.json().await.expect("json");
    assert_eq!(
        (error_code(&body), body["error"].clone()),
        (
            "INVALID_OTP".to_owned(),
            json!("Invalid OTP. Please try again.")
        )
    );
    assert_eq!(me(&app, &phone).await["email"], "owner@example.in");

    let res = confirm_email(&app, &phone, &code).await;
    assert_eq!(res.status().as_u16(), 200);
    let cookie = crate::helpers::session_cookie(&res).expect("a new session cookie");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    let body: Value = res.json().await.expect("json");
    assert_eq!(
        (
            body["user"]["email"].clone(),
            body["user"]["pendingEmail"].clone()
        ),
        (json!("new.owner@example.in"), Value::Null)
    );
    let confirmed = Session {
        token: body["token"].as_str().expect("a token").to_owned(),
        cookie: cookie.split(';').next().expect("pair").to_owned(),
        user: body["user"].clone(),
    };
    // Every session from before the change has ended; the confirming one goes on.
    for (what, old) in [("phone", &phone), ("laptop", &laptop)] {
        let (status, _) = app
            .send_json(Method::GET, "/api/users/me", None, Some(old))
            .await;
        assert_eq!(status, 401, "{what}'s old session");
    }
    assert_eq!(me(&app, &confirmed).await["email"], "new.owner@example.in");
    let res = app
        .client
        .get(app.url("/api/users/me"))
        .header("cookie", &confirmed.cookie)
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 200, "the new cookie works");

    let notices = app.outbox_mails("owner@example.in");
    assert!(
        notices
            .last()
            .is_some_and(|mail| mail.contains("now new.owner@example.in")),
        "the old address is told"
    );
    // The code works once.
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/users/me/email/verify",
            Some(json!({"otp": code})),
            Some(&confirmed),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "NO_EMAIL_CHANGE".to_owned())
    );

    // Signing in with the new address reaches the account; the old one makes a new account.
    allow_resends(&app);
    assert_eq!(app.sign_in("new.owner@example.in").await.id(), phone.id());
    allow_resends(&app);
    assert_ne!(app.sign_in("owner@example.in").await.id(), phone.id());
}

async fn an_unproven_email_cannot_pre_take_an_account(backend: Backend) {
    let app = spawn_app(backend).await;
    let attacker = app.onboarded("attacker@example.in").await;
    let (status, _) = app
        .send_json(
            Method::POST,
            &format!("/api/users/{}/shipment", attacker.id()),
            Some(b_address_payload()),
            Some(&attacker),
        )
        .await;
    assert_eq!(status, 201);
    let (status, _) = app
        .send_json(
            Method::PUT,
            &format!("/api/users/{}", attacker.id()),
            Some(json!({"display_name": "A", "email": "victim@example.in", "gender": "male"})),
            Some(&attacker),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = change_email(&app, &attacker, "victim@example.in").await;
    assert_eq!(status, 200);
    // The code went to the victim's mailbox, which the attacker cannot read; the victim signs
    // up with their address and gets an account of their own.
    let leaked = app.outbox_code("victim@example.in");
    allow_resends(&app);
    let victim = app.sign_in("victim@example.in").await;
    assert_ne!(victim.id(), attacker.id());
    assert_eq!(victim.user["email"], "victim@example.in");
    let (status, addresses) = app
        .send_json(
            Method::GET,
            &format!("/api/users/{}/shipment", victim.id()),
            None,
            Some(&victim),
        )
        .await;
    assert_eq!(
        (status, addresses),
        (200, json!([])),
        "nothing of the attacker's"
    );
    // Even the code itself cannot move the address once it has an account.
    let res = confirm_email(&app, &attacker, &leaked).await;
    assert_eq!(res.status().as_u16(), 409);
    assert_eq!(error_code(&res.json().await.expect("json")), "EMAIL_TAKEN");
    assert_eq!(me(&app, &attacker).await["email"], "attacker@example.in");
    assert_eq!(me(&app, &victim).await["email"], "victim@example.in");
}

async fn an_address_with_an_account_is_neither_revealed_nor_taken(backend: Backend) {
    let app = spawn_app(backend).await;
    let holder = app.sign_in("holder@example.in").await;
    allow_resends(&app);
    let asker = app.sign_in("asker@example.in").await;
    allow_resends(&app);
    let other = app.sign_in("other@example.in").await;

    let (taken_status, taken) = change_email(&app, &asker, "Holder@example.in").await;
    let (free_status, free) = change_email(&app, &other, "free@example.in").await;
    assert_eq!((taken_status, free_status), (200, 200));
    let shape = |user: &Value, own: &str, pending: &str| {
        assert_eq!(
            (user["email"].clone(), user["pendingEmail"].clone()),
            (json!(own), json!(pending))
        );
        let mut keys: Vec<String> = user
            .as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect();
        keys.sort();
        keys
    };
    assert_eq!(
        shape(&taken, "asker@example.in", "holder@example.in"),
        shape(&free, "other@example.in", "free@example.in"),
        "both answers look alike"
    );
    // The holder is told, and gets no code; the free address gets one.
    let mails = app.outbox_mails("holder@example.in");
    let notice = mails.last().expect("a mail to the holder");
    assert!(notice.contains("nothing was changed"), "{notice}");
    assert_eq!(crate::helpers::code_in_mail(notice), None);
    assert!(crate::helpers::code_in_mail(&app.outbox_mails("free@example.in")[0]).is_some());

    // Every guess fails as a wrong code would, and the fifth burns it as it would.
    for guess in ["000000", "111111", "222222", "333333", "444444", "555555"] {
        let res = confirm_email(&app, &asker, guess).await;
        assert_eq!(res.status().as_u16(), 401, "{guess}");
        assert_eq!(error_code(&res.json().await.expect("json")), "INVALID_OTP");
    }
    assert_eq!(me(&app, &holder).await["email"], "holder@example.in");
    assert_eq!(me(&app, &asker).await["email"], "asker@example.in");
}

async fn email_change_codes_follow_the_sign_in_rules(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("rules@example.in").await;
    for (email, code) in [
        ("nope", "INVALID_EMAIL"),
        ("Rules@example.in", "EMAIL_UNCHANGED"),
    ] {
        let (status, body) = change_email(&app, &session, email).await;
        assert_eq!(
            (status, error_code(&body)),
            (400, code.to_owned()),
            "{email}"
        );
    }
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/users/me/email/resend",
            None,
            Some(&session),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "NO_EMAIL_CHANGE".to_owned())
    );

    assert_eq!(change_email(&app, &session, "next@example.in").await.0, 200);
    let first = app.outbox_code("next@example.in");
    // A sign-in code for the same address proves nothing here.
    allow_resends(&app);
    assert_eq!(app.generate_otp("next@example.in").await.0, 200);
    let sign_in_code = app.outbox_code("next@example.in");
    if sign_in_code != first {
        let res = confirm_email(&app, &session, &sign_in_code).await;
        assert_eq!(res.status().as_u16(), 401, "a sign-in code");
    }
    // Resending is limited like sign-in codes, and replaces the code.
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/users/me/email/resend",
            None,
            Some(&session),
        )
        .await;
    assert_eq!(
        (status, error_code(&body)),
        (429, "RATE_LIMITED".to_owned())
    );
    assert_eq!(body["retryAfter"], 30);
    let mut second = first.clone();
    while second == first {
        allow_resends(&app);
        let (status, body) = app
            .send_json(
                Method::POST,
                "/api/users/me/email/resend",
                None,
                Some(&session),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["pendingEmail"], "next@example.in");
        second = app.outbox_code("next@example.in");
    }
    assert_eq!(
        confirm_email(&app, &session, &first)
            .await
            .status()
            .as_u16(),
        401
    );
    // Five wrong tries burn it: then even the right one fails.
    for _ in 0..4 {
        let res = confirm_email(&app, &session, other_code(&second)).await;
        assert_eq!(res.status().as_u16(), 401);
    }
    let res = confirm_email(&app, &session, &second).await;
    assert_eq!(res.status().as_u16(), 401, "the sixth try, right but burnt");
    assert_eq!(error_code(&res.json().await.expect("json")), "INVALID_OTP");

    // A code lives ten minutes.
    allow_resends(&app);
    assert_eq!(
        change_email(&app, &session, "later@example.in").await.0,
        200
    );
    let code = app.outbox_code("later@example.in");
    app.advance(chrono::TimeDelta::minutes(10));
    assert_eq!(
        confirm_email(&app, &session, &code).await.status().as_u16(),
        401
    );

    // Cancelling drops the change and its code.
    app.advance(chrono::TimeDelta::hours(2));
    assert_eq!(change_email(&app, &session, "last@example.in").await.0, 200);
    let code = app.outbox_code("last@example.in");
    let (status, user) = app
        .send_json(Method::DELETE, "/api/users/me/email", None, Some(&session))
        .await;
    assert_eq!((status, user["pendingEmail"].clone()), (200, Value::Null));
    let res = confirm_email(&app, &session, &code).await;
    assert_eq!(res.status().as_u16(), 409);
    let user = me(&app, &session).await;
    assert_eq!(
        (user["email"].clone(), user["pendingEmail"].clone()),
        (json!("rules@example.in"), Value::Null)
    );
}

/// A profile save used to write back the role flags it had read at the start: a role
/// withdrawn while it ran came back. The save is replayed here in the order of that race.
async fn a_profile_save_never_writes_roles(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("demoted@example.in").await;
    let store = app.store();
    store
        .set_role(&UserId::new(session.id()), true, false, None)
        .expect("granted");
    let read_at_request_time = store
        .user_by_id(&UserId::new(session.id()))
        .expect("read")
        .expect("a user");
    assert!(read_at_request_time.is_admin);
    store
        .set_role(&UserId::new(session.id()), false, false, None)
        .expect("withdrawn");
    assert!(store.save_user(&read_at_request_time).expect("saved"));
    let user = me(&app, &session).await;
    assert_eq!(
        (user["role"].clone(), user["is_admin"].clone()),
        (json!(0), json!(false)),
        "the withdrawn role stays withdrawn"
    );
}

async fn free_text_is_bounded_and_nothing_is_stored_past_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.onboarded("bounded@example.in").await;
    let huge = "x".repeat(60_000);
    let path = format!("/api/users/{}", session.id());
    let (status, body) = app
        .send_json(
            Method::PUT,
            &path,
            Some(json!({"display_name": huge, "email": "bounded@example.in", "gender": "female"})),
            Some(&session),
        )
        .await;
    assert_eq!(
        status,
        400,
        "{}",
        &body.to_string()[..200.min(body.to_string().len())]
    );
    assert_eq!(error_code(&body), "VALIDATION_FAILED");
    assert_eq!(
        body["fields"],
        json!({"display_name": "Must be at most 100 characters"})
    );
    let (status, _) = app
        .send_json(
            Method::PUT,
            &path,
            Some(
                json!({"display_name": "y".repeat(100), "email": "bounded@example.in",
                        "gender": "female"}),
            ),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200, "100 characters are fine");

    let table = [
        (json!({"display_name": huge}), "display_name", 100),
        (json!({"location": "l".repeat(201)}), "location", 200),
        (json!({"ageRange": "a".repeat(51)}), "ageRange", 50),
        (
            json!({"interests": ["Streetwear", "Minimal", "i".repeat(51)]}),
            "interests",
            50,
        ),
        (
            json!({"ml_preferences": ["f".repeat(51)]}),
            "ml_preferences",
            50,
        ),
    ];
    for (mut body, field, max) in table {
        body["email"] = json!("bounded@example.in");
        let (status, answer) = register(&app, &session, body).await;
        assert_eq!(status, 400, "{field}");
        assert_eq!(
            answer["fields"][field],
            format!("Must be at most {max} characters"),
            "{field}"
        );
    }
    let user = me(&app, &session).await;
    assert_eq!(user["display_name"], "y".repeat(100));
    assert_eq!(user["location"], "");
    assert_eq!(user["ageRange"], "Gen Z (18-25)");
    assert_eq!(
        app.count("users WHERE LENGTH(display_name) > 100 OR LENGTH(location) > 200"),
        0,
        "nothing over a bound was stored"
    );

    // An address too long to be one keys no code and no limit.
    let long_email = format!("{}@example.in", "e".repeat(300));
    let (status, body) = app.generate_otp(&long_email).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "INVALID_EMAIL".to_owned())
    );
    assert_eq!(app.count("rate_limits WHERE LENGTH(bucket) > 254"), 0);
    let (status, body) = change_email(&app, &session, &long_email).await;
    assert_eq!(
        (status, error_code(&body)),
        (400, "INVALID_EMAIL".to_owned())
    );
}

async fn saved_locations_stay_few_newest_first_and_distinct(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("mover@example.in").await;
    for i in 0..10 {
        let (status, _) = register(
            &app,
            &session,
            json!({"email": "mover@example.in", "location": format!("Locality {i}, Mumbai")}),
        )
        .await;
        assert_eq!(status, 200);
    }
    let (status, user) = register(
        &app,
        &session,
        json!({"email": "mover@example.in", "location": "Locality 7, Mumbai"}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(user["location"], "Locality 7, Mumbai");
    assert_eq!(
        user["delivery_addresses"],
        json!([
            "Locality 7, Mumbai",
            "Locality 9, Mumbai",
            "Locality 8, Mumbai",
            "Locality 6, Mumbai",
            "Locality 5, Mumbai",
        ])
    );
    assert_eq!(
        me(&app, &session).await["delivery_addresses"],
        user["delivery_addresses"]
    );
}
