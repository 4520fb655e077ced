//! Sign-in by e-mailed code: the server draws, mails, stores (as an HMAC) and checks the code;
//! it never hands it to a client.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Options, TestApp, error_code, spawn_app, spawn_app_with};
use crate::on_both_backends;

on_both_backends!(
    a_new_user_signs_in_with_the_mailed_code,
    the_code_never_appears_in_an_answer,
    five_wrong_codes_burn_it,
    expired_and_used_codes_fail,
    asking_again_replaces_the_code,
    resends_are_limited_per_email,
    resends_are_limited_per_client_address,
    a_mail_failure_leaves_nothing_behind,
    an_existing_user_is_not_new,
    answers_never_tell_whether_an_address_has_an_account_or_a_code,
);

/// Lets the next code for `email` be asked at once: the tests' clock is fixed, so the
/// 30-second interval is moved into the past instead.
fn allow_resend(app: &TestApp, email: &str) {
    app.execute_sql(&format!(
        "UPDATE rate_limits SET last_at = '2026-11-23 09:59:00' WHERE bucket = 'code:email:{email}'"
    ));
}

async fn a_new_user_signs_in_with_the_mailed_code(backend: Backend) {
    let app = spawn_app(backend).await;
    let (status, body) = app.generate_otp("Asha.Rao@Example.in").await;
    assert_eq!((status, body), (200, json!({"success": true})));
    let code = app.outbox_code("asha.rao@example.in");
    let res = app.verify_otp("asha.rao@example.in", &code).await;
    assert_eq!(res.status().as_u16(), 200);
    let body: Value = res.json().await.expect("json");
    assert_eq!(body["isNewUser"], true);
    let user = &body["user"];
    assert_eq!(user["email"], "asha.rao@example.in");
    assert_eq!(user["display_name"], "asha.rao");
    assert_eq!(user["age"], 25);
    assert_eq!(user["gender"], "other");
    assert_eq!(user["role"], 0);
    assert_eq!(user["is_admin"], false);
    assert_eq!(user["is_brand_user"], false);
    assert_eq!(user["onboarded"], false);
    let phone = user["phone"].as_str().expect("a phone");
    assert_eq!(phone.len(), 10, "{phone}");
    assert!(matches!(phone.as_bytes()[0], b'6'..=b'9'), "{phone}");
    assert!(body["token"].as_str().is_some_and(|t| t.len() > 40));
}

async fn the_code_never_appears_in_an_answer(backend: Backend) {
    let app = spawn_app(backend).await;
    let email = "ravi@example.in";
    let res = app
        .send(
            Method::POST,
            "/api/users/generate-otp",
            Some(json!({"email": email})),
            None,
        )
        .await;
    let headers = format!("{:?}", res.headers());
    let generated = res.text().await.expect("text");
    let code = app.outbox_code(email);
    assert!(!generated.contains(&code), "{generated}");
    assert!(!headers.contains(&code), "{headers}");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let failed = app
        .verify_otp(email, wrong)
        .await
        .text()
        .await
        .expect("text");
    assert!(!failed.contains(&code), "{failed}");
    let res = app.verify_otp(email, &code).await;
    let headers = format!("{:?}", res.headers());
    let body: Value = res.json().await.expect("json");
    let without_token = json!({"user": body["user"], "isNewUser": body["isNewUser"]}).to_string();
    assert!(!without_token.contains(&code), "{without_token}");
    assert!(!headers.contains(&format!("{code};")), "{headers}");
}

async fn five_wrong_codes_burn_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let email = "meera@example.in";
    app.generate_otp(email).await;
    let code = app.outbox_code(email);
    let wrong = if code == "123456" { "654321" } else { "123456" };
    for attempt in 1..=4 {
        let res = app.verify_otp(email, wrong).await;
        assert_eq!(res.status().as_u16(), 401, "attempt {attempt}");
        let body: Value = res.json().await.expect("json");
        assert_eq!(error_code(&body), "INVALID_OTP");
        assert_eq!(body["error"], "Invalid OTP. Please try again.");
    }
    let res = app.verify_otp(email, wrong).await;
    assert_eq!(res.status().as_u16(), 401);
    let body: Value = res.json().await.expect("json");
    assert_eq!(error_code(&body), "INVALID_OTP", "the fifth wrong try");
    let res = app.verify_otp(email, &code).await;
    assert_eq!(
        res.status().as_u16(),
        401,
        "the right code after the fifth wrong try"
    );
    assert_eq!(error_code(&res.json().await.expect("json")), "INVALID_OTP");
    // A malformed code is refused without using a try, and nothing else is accepted.
    let res = app.verify_otp(email, "12a").await;
    assert_eq!(res.status().as_u16(), 401);
}

async fn expired_and_used_codes_fail(backend: Backend) {
    let app = spawn_app(backend).await;
    let email = "kabir@example.in";
    app.generate_otp(email).await;
    let code = app.outbox_code(email);
    app.execute_sql(&format!(
        "UPDATE sign_in_codes SET expires_at = '2026-11-23 09:59:59' WHERE email = '{email}'"
    ));
    let res = app.verify_otp(email, &code).await;
    assert_eq!(res.status().as_u16(), 401);
    let body: Value = res.json().await.expect("json");
    assert_eq!(error_code(&body), "INVALID_OTP");
    assert_eq!(body["error"], "Invalid OTP. Please try again.");

    allow_resend(&app, email);
    app.generate_otp(email).await;
    let code = app.outbox_code(email);
    assert_eq!(app.verify_otp(email, &code).await.status().as_u16(), 200);
    let again = app.verify_otp(email, &code).await;
    assert_eq!(again.status().as_u16(), 401, "a used code");
    assert_eq!(
        error_code(&again.json().await.expect("json")),
        "INVALID_OTP"
    );
    // Never asked for.
    let res = app.verify_otp("nobody@example.in", "123456").await;
    assert_eq!(error_code(&res.json().await.expect("json")), "INVALID_OTP");
}

async fn asking_again_replaces_the_code(backend: Backend) {
    let app = spawn_app(backend).await;
    let email = "tara@example.in";
    app.generate_otp(email).await;
    let first = app.outbox_code(email);
    allow_resend(&app, email);
    let mut second = first.clone();
    // Two draws can match (one in a million); ask until they differ.
    while second == first {
        allow_resend(&app, email);
        assert_eq!(app.generate_otp(email).await.0, 200);
        second = app.outbox_code(email);
    }
    assert!(app.outbox_mails(email).len() >= 2);
    let res = app.verify_otp(email, &first).await;
    assert_eq!(error_code(&res.json().await.expect("json")), "INVALID_OTP");
    assert_eq!(app.verify_otp(email, &second).await.status().as_u16(), 200);
}

async fn resends_are_limited_per_email(backend: Backend) {
    let app = spawn_app(backend).await;
    let email = "dev@example.in";
    assert_eq!(app.generate_otp(email).await.0, 200);
    let res = app
        .send(
            Method::POST,
            "/api/users/generate-otp",
            Some(json!({"email": email})),
            None,
        )
        .await;
    assert_eq!(res.status().as_u16(), 429);
    assert_eq!(res.headers()["retry-after"], "30");
    let body: Value = res.json().await.expect("json");
    assert_eq!(error_code(&body), "RATE_LIMITED");
    assert_eq!(body["retryAfter"], 30);
    assert_eq!(
        body["error"],
        "Please wait 30 seconds before asking for a new code."
    );
    assert_eq!(
        app.outbox_mails(email).len(),
        1,
        "no mail for a refused request"
    );

    for _ in 2..=5 {
        allow_resend(&app, email);
        assert_eq!(app.generate_otp(email).await.0, 200);
    }
    allow_resend(&app, email);
    let (status, body) = app.generate_otp(email).await;
    assert_eq!(status, 429, "the sixth code in an hour");
    assert_eq!(body["retryAfter"], 3600);
    // Another e-mail from the same client is not held up.
    assert_eq!(app.generate_otp("other@example.in").await.0, 200);
}

async fn resends_are_limited_per_client_address(backend: Backend) {
    let app = spawn_app(backend).await;
    for i in 0..20 {
        let (status, body) = app.generate_otp(&format!("shopper{i}@example.in")).await;
        assert_eq!(status, 200, "{i}: {body}");
    }
    let (status, body) = app.generate_otp("shopper20@example.in").await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(error_code(&body), "RATE_LIMITED");
    assert!(app.outbox_mails("shopper20@example.in").is_empty());
}

async fn a_mail_failure_leaves_nothing_behind(backend: Backend) {
    // Port 9 (discard) is closed on loopback: the SMTP connection is refused.
    let app = spawn_app_with(
        backend,
        Options {
            smtp_url: Some("smtp://127.0.0.1:9".to_owned()),
            ..Options::default()
        },
    )
    .await;
    let email = "lost@example.in";
    for _ in 0..2 {
        let (status, body) = app.generate_otp(email).await;
        assert_eq!(status, 503, "{body}");
        assert_eq!(error_code(&body), "MAIL_UNAVAILABLE");
        assert_eq!(body["error"], "Failed to generate OTP");
    }
    // No code was stored, and the failed tries did not count against the limits.
    let res = app.verify_otp(email, "123456").await;
    assert_eq!(error_code(&res.json().await.expect("json")), "INVALID_OTP");
}

/// Whether an address has an account, or whether anyone asked for a code for it, must not show
/// in any answer: asking for a code, and every kind of failed try (wrong, burnt, expired, used,
/// never sent), answer alike for all.
async fn answers_never_tell_whether_an_address_has_an_account_or_a_code(backend: Backend) {
    let app = spawn_app(backend).await;
    app.onboarded("member@example.in").await;
    allow_resend(&app, "member@example.in");
    let asked_for_member = app.generate_otp("member@example.in").await;
    let asked_for_stranger = app.generate_otp("stranger@example.in").await;
    assert_eq!(asked_for_member, asked_for_stranger);
    assert_eq!(asked_for_member, (200, json!({"success": true})));

    let answer = |res: reqwest::Response| async move {
        let status = res.status().as_u16();
        (status, res.json::<Value>().await.expect("json"))
    };
    let member_code = app.outbox_code("member@example.in");
    let wrong = if member_code == "123456" {
        "654321"
    } else {
        "123456"
    };
    let expected = (
        401,
        json!({"error": "Invalid OTP. Please try again.", "code": "INVALID_OTP"}),
    );
    // A code was sent to the member, none to nobody@.
    assert_eq!(
        answer(app.verify_otp("member@example.in", wrong).await).await,
        expected
    );
    assert_eq!(
        answer(app.verify_otp("nobody@example.in", wrong).await).await,
        expected
    );
    for _ in 0..4 {
        app.verify_otp("member@example.in", wrong).await;
        app.verify_otp("nobody@example.in", wrong).await;
    }
    // Both past five wrong tries: the burnt code and the absent one look the same.
    assert_eq!(
        answer(app.verify_otp("member@example.in", &member_code).await).await,
        expected
    );
    assert_eq!(
        answer(app.verify_otp("nobody@example.in", wrong).await).await,
        expected
    );
}

async fn an_existing_user_is_not_new(backend: Backend) {
    let app = spawn_app(backend).await;
    let first = app.onboarded("neha@example.in").await;
    allow_resend(&app, "neha@example.in");
    let again = app.sign_in("neha@example.in").await;
    assert_eq!(again.id(), first.id());
    assert_eq!(again.user["onboarded"], true);
    let (_, me) = app
        .send_json(Method::GET, "/api/users/me", None, Some(&again))
        .await;
    assert_eq!(me["display_name"], "Asha Rao");
}

#[tokio::test]
async fn bad_emails_are_refused_with_the_specified_message() {
    let app = spawn_app(Backend::Sqlite).await;
    for email in [
        json!("asha"),
        json!("asha@example"),
        json!("a b@example.in"),
        json!(null),
    ] {
        let (status, body) = app
            .send_json(
                Method::POST,
                "/api/users/generate-otp",
                Some(json!({"email": email})),
                None,
            )
            .await;
        assert_eq!(status, 400, "{email}");
        assert_eq!(error_code(&body), "INVALID_EMAIL");
        assert_eq!(body["error"], "Please enter a valid email address");
    }
    let res = app.verify_otp("asha", "123456").await;
    assert_eq!(res.status().as_u16(), 400);
}

#[tokio::test]
async fn the_outbox_holds_one_readable_message_per_code() {
    let app = spawn_app(Backend::Sqlite).await;
    app.generate_otp("outbox@example.in").await;
    let mails = app.outbox_mails("outbox@example.in");
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert!(mail.contains("Subject: Your sign-in code"), "{mail}");
    assert!(mail.contains("From: Casa <no-reply@casa.test>"), "{mail}");
    assert_eq!(crate::helpers::code_in_mail(mail).map(|c| c.len()), Some(6));
}
