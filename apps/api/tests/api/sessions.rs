//! Sessions: the HttpOnly cookie and the Bearer token, expiry, renewal, revocation, and the
//! refusal of cross-site requests that carry the cookie.

use api::auth::Sessions;
use chrono::TimeDelta;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{
    Backend, Session, TEST_SESSION_SECRET, TestApp, clears_session, error_code, session_cookie,
    spawn_app, test_now,
};
use crate::on_both_backends;

on_both_backends!(
    the_cookie_is_http_only_and_same_site,
    bearer_and_cookie_both_identify_the_caller,
    tampered_expired_and_foreign_tokens_are_refused,
    logout_revokes_every_session,
    sessions_in_use_are_renewed,
    renewals_end_thirty_days_after_the_sign_in,
    a_cross_site_post_with_the_cookie_is_refused,
);

async fn me_with_cookie(app: &TestApp, cookie: &str) -> reqwest::Response {
    app.client
        .get(app.url("/api/users/me"))
        .header("cookie", cookie)
        .send()
        .await
        .expect("request")
}

async fn me_with_bearer(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .get(app.url("/api/users/me"))
        .bearer_auth(token)
        .send()
        .await
        .expect("request")
}

fn forge(user_id: &str, version: i64, issued_ago: TimeDelta) -> String {
    let issued = test_now() - issued_ago;
    Sessions::from_secret(TEST_SESSION_SECRET.as_bytes(), false)
        .issue(user_id, 0, version, issued, issued)
        .expect("signed")
}

async fn the_cookie_is_http_only_and_same_site(backend: Backend) {
    let app = spawn_app(backend).await;
    app.generate_otp("cookie@example.in").await;
    let code = app.outbox_code("cookie@example.in");
    let res = app.verify_otp("cookie@example.in", &code).await;
    let cookie = session_cookie(&res).expect("a session cookie");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=604800"] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP: {cookie}");
    assert_eq!(res.headers()["cache-control"], "no-store");
}

async fn bearer_and_cookie_both_identify_the_caller(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("both@example.in").await;
    for res in [
        me_with_bearer(&app, &session.token).await,
        me_with_cookie(&app, &session.cookie).await,
    ] {
        assert_eq!(res.status().as_u16(), 200);
        assert_eq!(res.headers()["cache-control"], "no-store");
        let me: Value = res.json().await.expect("json");
        assert_eq!(me["_id"], session.user["_id"]);
        assert_eq!(me["email"], "both@example.in");
    }
    let (status, body) = app.get_json("/api/users/me").await;
    assert_eq!(status, 401);
    assert_eq!(error_code(&body), "UNAUTHENTICATED");
    assert_eq!(body["error"], "Please sign in to continue.");
}

async fn tampered_expired_and_foreign_tokens_are_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("tamper@example.in").await;
    let id = session.id();
    let (head, rest) = session.token.split_once('.').expect("a JWT");
    let (claims, signature) = rest.split_once('.').expect("a JWT");
    // {"sub":"<id>","role":2,...} under the original signature, which no longer fits.
    let admin_claims = base64url(
        format!(r#"{{"sub":"{id}","role":2,"ver":0,"iat":0,"exp":9999999999}}"#).as_bytes(),
    );
    let foreign = Sessions::from_secret(b"someone else's secret, also long enough", false)
        .issue(&id, 2, 0, test_now(), test_now())
        .expect("signed");
    let expired = forge(&id, 0, TimeDelta::days(7));
    let future = forge(&id, 0, -TimeDelta::hours(1));
    for (what, token) in [
        (
            "changed claims",
            format!("{head}.{admin_claims}.{signature}"),
        ),
        ("no signature", format!("{head}.{claims}.")),
        ("another secret", foreign),
        ("expired", expired),
        ("issued in the future", future),
        ("garbage", "not-a-token".to_owned()),
    ] {
        let res = me_with_bearer(&app, &token).await;
        assert_eq!(res.status().as_u16(), 401, "{what}");
        assert_eq!(
            error_code(&res.json().await.expect("json")),
            "UNAUTHENTICATED"
        );
        let res = me_with_cookie(&app, &format!("shop_session={token}")).await;
        assert_eq!(res.status().as_u16(), 401, "{what} as a cookie");
        assert!(clears_session(&res), "a refused cookie is cleared ({what})");
    }
    // Still signed in with the real one.
    assert_eq!(
        me_with_bearer(&app, &session.token).await.status().as_u16(),
        200
    );
}

fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

async fn logout_revokes_every_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let phone_session = app.sign_in("logout@example.in").await;
    app.execute_sql(
        "UPDATE rate_limits SET last_at = '2026-11-23 09:59:00' WHERE bucket LIKE 'code:email:%'",
    );
    let laptop_session = app.sign_in("logout@example.in").await;
    let res = app
        .send(
            Method::POST,
            "/api/users/logout",
            None,
            Some(&phone_session),
        )
        .await;
    assert_eq!(res.status().as_u16(), 200);
    assert!(clears_session(&res), "logout clears the cookie");
    for session in [&phone_session, &laptop_session] {
        assert_eq!(
            me_with_bearer(&app, &session.token).await.status().as_u16(),
            401
        );
        assert_eq!(
            me_with_cookie(&app, &session.cookie)
                .await
                .status()
                .as_u16(),
            401
        );
    }
    let (status, _) = app
        .send_json(
            Method::POST,
            "/api/users/logout",
            None,
            Some(&phone_session),
        )
        .await;
    assert_eq!(status, 401, "a revoked session cannot log out again");
}

async fn sessions_in_use_are_renewed(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("renew@example.in").await;
    let fresh = me_with_bearer(&app, &session.token).await;
    assert!(
        fresh.headers().get("x-session-token").is_none(),
        "a new session is not renewed"
    );

    let old = forge(&session.id(), 0, TimeDelta::days(2));
    let res = me_with_bearer(&app, &old).await;
    assert_eq!(res.status().as_u16(), 200);
    let renewed = res.headers()["x-session-token"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert_ne!(renewed, old);
    assert_eq!(me_with_bearer(&app, &renewed).await.status().as_u16(), 200);

    let res = me_with_cookie(&app, &format!("shop_session={old}")).await;
    let cookie = session_cookie(&res).expect("a renewed cookie");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("Max-Age=604800"),
        "{cookie}"
    );
}

/// A shopper who uses the shop every day is renewed day after day, but 30 days after typing
/// the code the session ends all the same and a new code is needed.
async fn renewals_end_thirty_days_after_the_sign_in(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("daily@example.in").await;
    let mut token = session.token.clone();
    for day in 1..30 {
        app.advance(TimeDelta::days(1));
        let res = me_with_bearer(&app, &token).await;
        assert_eq!(res.status().as_u16(), 200, "day {day}");
        if let Some(renewed) = res.headers().get("x-session-token") {
            token = renewed.to_str().expect("ascii").to_owned();
        }
    }
    app.advance(TimeDelta::days(1));
    let res = me_with_bearer(&app, &token).await;
    assert_eq!(res.status().as_u16(), 401, "day 30");
    assert_eq!(
        error_code(&res.json().await.expect("json")),
        "UNAUTHENTICATED"
    );
    let res = me_with_cookie(&app, &format!("shop_session={token}")).await;
    assert!(
        clears_session(&res),
        "the ended session's cookie is cleared"
    );
}

async fn post_logout(app: &TestApp, session: &Session, headers: &[(&str, String)]) -> u16 {
    let mut request = app
        .client
        .post(app.url("/api/users/logout"))
        .header("cookie", &session.cookie);
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    request.send().await.expect("request").status().as_u16()
}

async fn a_cross_site_post_with_the_cookie_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let session = app.sign_in("csrf@example.in").await;
    let own_origin = app.address.clone();
    for headers in [
        vec![("origin", "https://evil.example".to_owned())],
        vec![("origin", "null".to_owned())],
        vec![("sec-fetch-site", "cross-site".to_owned())],
        // A cookie with nothing to show where the request comes from.
        vec![],
    ] {
        assert_eq!(
            post_logout(&app, &session, &headers).await,
            403,
            "{headers:?}"
        );
    }
    let res = app
        .client
        .post(app.url("/api/users/logout"))
        .header("cookie", &session.cookie)
        .header("origin", "https://evil.example")
        .send()
        .await
        .expect("request");
    let body: Value = res.json().await.expect("json");
    assert_eq!(error_code(&body), "CROSS_SITE_REFUSED");
    // Nothing happened: the session still works.
    assert_eq!(
        me_with_cookie(&app, &session.cookie)
            .await
            .status()
            .as_u16(),
        200
    );

    // Another site cannot sign a browser into an account either.
    let res = app
        .client
        .post(app.url("/api/users/verify-otp"))
        .header("origin", "https://evil.example")
        .json(&json!({"email": "csrf@example.in", "otp": "123456"}))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 403);

    // The shop's own pages pass.
    assert_eq!(
        post_logout(&app, &session, &[("origin", own_origin)]).await,
        200
    );
}

#[tokio::test]
async fn answers_carry_a_content_security_policy() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in ["/api/products?limit=1", "/healthz", "/", "/api/nope"] {
        let res = app.get(path).await;
        let policy = res.headers()["content-security-policy"]
            .to_str()
            .expect("ascii")
            .to_owned();
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "frame-ancestors 'none'",
            "frame-src 'none'",
        ] {
            assert!(
                policy.contains(directive),
                "{directive} on {path}: {policy}"
            );
        }
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        assert!(
            !policy.contains("razorpay"),
            "the sandbox needs nothing of Razorpay's: {policy}"
        );
    }
    // Swagger UI draws with inline styles: only its page allows them.
    let res = app.get("/api/docs/").await;
    let policy = res.headers()["content-security-policy"]
        .to_str()
        .expect("ascii");
    assert!(
        policy.contains("style-src 'self' 'unsafe-inline'"),
        "{policy}"
    );
    assert!(policy.contains("script-src 'self';"), "{policy}");
}
