//! Signed-in calls are answered from each process's cache of user rows and bags
//! (docs/architecture.md, "Sessions"). A revocation written by one process reaches every other within a second,
//! through the sessions' change feed; a process that cannot read the feed stops trusting its
//! cache within two seconds.
//!
//! Each test runs two API processes on one database and warms the second one's cache before
//! the first revokes: without the feed, the second would go on serving the old row.

use std::time::{Duration, Instant};

use access::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Options, Session, TestApp, sign_in_as, spawn_app, spawn_app_with};
use crate::on_both_backends;

on_both_backends!(
    signed_in_calls_read_no_row_until_the_feed_names_the_user,
    a_logout_in_one_process_ends_the_session_in_the_other,
    a_deletion_in_one_process_ends_the_session_in_the_other,
    a_demotion_in_one_process_applies_in_the_other,
    an_email_change_in_one_process_ends_old_sessions_in_the_other,
    a_process_that_cannot_read_the_feed_reads_every_row,
    a_bag_changed_in_one_process_shows_in_the_other,
);

/// How soon a revocation must show in the other process.
const WITHIN: Duration = Duration::from_secs(1);

/// Two API processes on one database: the second shares the first's.
async fn two_processes(backend: Backend) -> (TestApp, TestApp) {
    let first = spawn_app(backend.clone()).await;
    let second = spawn_app_with(
        backend,
        Options {
            database: Some(first.database_url()),
            ..Options::default()
        },
    )
    .await;
    (first, second)
}

/// `GET path` as `session` on `app`: status and body.
async fn call(app: &TestApp, path: &str, session: &Session) -> (u16, Value) {
    app.send_json(Method::GET, path, None, Some(session)).await
}

/// `method path` as `session` on `app`, which must answer 200.
async fn write(app: &TestApp, method: Method, path: &str, body: Option<Value>, session: &Session) {
    let (status, answer) = app.send_json(method, path, body, Some(session)).await;
    assert_eq!(status, 200, "{path}: {answer}");
}

/// Waits until the feed entries of the sign-in were followed, then calls `path` twice, so the
/// row is read and then served from the cache.
async fn warm(app: &TestApp, path: &str, session: &Session) {
    tokio::time::sleep(2 * api::auth::cache::POLL_EVERY).await;
    for _ in 0..2 {
        let (status, body) = call(app, path, session).await;
        assert_eq!(status, 200, "{path} before the change: {body}");
    }
}

/// Polls `path` on `app` until its status and body satisfy `done`; fails if that takes longer
/// than `within` from `since`.
async fn shows_within(
    app: &TestApp,
    path: &str,
    session: &Session,
    done: impl Fn(u16, &Value) -> bool,
    since: Instant,
    within: Duration,
) {
    loop {
        let (seen, body) = call(app, path, session).await;
        if done(seen, &body) {
            return;
        }
        assert!(
            since.elapsed() < within,
            "{path} still answered {seen} {:?} after the change: {body}",
            since.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// [`answers_within`] a second from now.
async fn refused_within(app: &TestApp, path: &str, session: &Session, status: u16) {
    answers_within(app, path, session, status, Instant::now(), WITHIN).await;
}

/// [`shows_within`] for an answer's status.
async fn answers_within(
    app: &TestApp,
    path: &str,
    session: &Session,
    status: u16,
    since: Instant,
    within: Duration,
) {
    shows_within(app, path, session, |seen, _| seen == status, since, within).await;
}

async fn signed_in_calls_read_no_row_until_the_feed_names_the_user(backend: Backend) {
    let (first, second) = two_processes(backend).await;
    let session = first.onboarded("cached@example.in").await;
    warm(&second, "/api/users/me", &session).await;

    // A write that bypasses the feed is not seen: the row is not read again.
    first.execute_sql(&format!(
        "UPDATE users SET display_name = 'Renamed Quietly' WHERE id = '{}'",
        session.id()
    ));
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (_, me) = call(&second, "/api/users/me", &session).await;
    assert_ne!(
        me["display_name"], "Renamed Quietly",
        "served from the cache"
    );

    first.execute_sql(&format!(
        "INSERT INTO session_changes (user_id) VALUES ('{}')",
        session.id()
    ));
    let renamed = |_, me: &Value| me["display_name"] == "Renamed Quietly";
    shows_within(
        &second,
        "/api/users/me",
        &session,
        renamed,
        Instant::now(),
        WITHIN,
    )
    .await;
}

async fn a_logout_in_one_process_ends_the_session_in_the_other(backend: Backend) {
    let (first, second) = two_processes(backend).await;
    let session = first.onboarded("leaving@example.in").await;
    warm(&second, "/api/users/me", &session).await;
    warm(&second, "/api/cart", &session).await;

    write(&first, Method::POST, "/api/users/logout", None, &session).await;
    let since = Instant::now();
    answers_within(&second, "/api/users/me", &session, 401, since, WITHIN).await;
    answers_within(&second, "/api/cart", &session, 401, since, WITHIN).await;
}

async fn a_deletion_in_one_process_ends_the_session_in_the_other(backend: Backend) {
    let (first, second) = two_processes(backend).await;
    let session = first.onboarded("erased@example.in").await;
    warm(&second, "/api/users/me", &session).await;

    write(&first, Method::DELETE, "/api/users/me", None, &session).await;
    refused_within(&second, "/api/users/me", &session, 401).await;
}

async fn a_demotion_in_one_process_applies_in_the_other(backend: Backend) {
    let (first, second) = two_processes(backend).await;
    let brand = crate::admin_users::demo_brand();
    let root = sign_in_as(&first, "root@example.in", Role::Admin, None).await;
    let team = sign_in_as(&first, "team@example.in", Role::BrandUser, Some(&brand)).await;
    warm(&second, "/api/brand/orders", &team).await;
    warm(&second, "/api/admin/brands", &root).await;

    write(
        &first,
        Method::PUT,
        &format!("/api/admin/users/{}/role", team.id()),
        Some(json!({"role": "shopper", "brandId": null})),
        &root,
    )
    .await;
    refused_within(&second, "/api/brand/orders", &team, 403).await;

    // An admin demoted by another admin: the other process refuses the console too.
    let other = sign_in_as(&first, "other@example.in", Role::Admin, None).await;
    write(
        &first,
        Method::PUT,
        &format!("/api/admin/users/{}/role", root.id()),
        Some(json!({"role": "shopper"})),
        &other,
    )
    .await;
    refused_within(&second, "/api/admin/brands", &root, 403).await;
}

async fn an_email_change_in_one_process_ends_old_sessions_in_the_other(backend: Backend) {
    let (first, second) = two_processes(backend).await;
    let phone = first.onboarded("owner@example.in").await;
    warm(&second, "/api/users/me", &phone).await;

    write(
        &first,
        Method::POST,
        "/api/users/me/email",
        Some(json!({"email": "new.owner@example.in"})),
        &phone,
    )
    .await;
    shows_within(
        &second,
        "/api/users/me",
        &phone,
        |_, me| me["pendingEmail"] == "new.owner@example.in",
        Instant::now(),
        WITHIN,
    )
    .await;

    let code = first.outbox_code("new.owner@example.in");
    write(
        &first,
        Method::POST,
        "/api/users/me/email/verify",
        Some(json!({"otp": code})),
        &phone,
    )
    .await;
    refused_within(&second, "/api/users/me", &phone, 401).await;
}

async fn a_process_that_cannot_read_the_feed_reads_every_row(backend: Backend) {
    let (first, second) = two_processes(backend).await;
    let session = first.onboarded("stranded@example.in").await;
    warm(&second, "/api/users/me", &session).await;

    first.execute_sql("ALTER TABLE session_changes RENAME TO session_changes_away");
    // A revocation that reaches the row but not the feed (the feed cannot be written now).
    first.execute_sql(&format!(
        "UPDATE users SET token_version = token_version + 1 WHERE id = '{}'",
        session.id()
    ));
    // Trusted for two seconds after the last read of the feed, then every call reads its row.
    let trust = api::auth::cache::TRUST_FOR + api::auth::cache::POLL_EVERY + WITHIN;
    answers_within(
        &second,
        "/api/users/me",
        &session,
        401,
        Instant::now(),
        trust,
    )
    .await;
    first.execute_sql("ALTER TABLE session_changes_away RENAME TO session_changes");
}

async fn a_bag_changed_in_one_process_shows_in_the_other(backend: Backend) {
    let (first, second) = two_processes(backend).await;
    let session = first.onboarded("bagger@example.in").await;
    warm(&second, "/api/cart", &session).await;
    // A product and a size in stock, as the users tests bag it.
    let (product, size) = crate::users::b_bagged();

    write(
        &first,
        Method::POST,
        "/api/cart/items",
        Some(json!({"productId": product, "size": size})),
        &session,
    )
    .await;
    shows_within(
        &second,
        "/api/cart",
        &session,
        |_, bag| bag["totalItems"] == 1,
        Instant::now(),
        WITHIN,
    )
    .await;

    // And back: emptied in the other process, the first shows it empty.
    warm(&first, "/api/cart", &session).await;
    write(&second, Method::DELETE, "/api/cart", None, &session).await;
    shows_within(
        &first,
        "/api/cart",
        &session,
        |_, bag| bag["totalItems"] == 0,
        Instant::now(),
        WITHIN,
    )
    .await;
}
