//! The database and its disk failing under a running server: a storage that refuses writes and
//! a database that stops answering get a clean 503 with their own code, readiness says so, and
//! everything comes back without a restart.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Session, TestApp, error_code, listed, spawn_app};
use crate::on_both_backends;

on_both_backends!(
    a_disk_that_refuses_writes_answers_503_everywhere_and_recovers,
    a_full_data_directory_turns_readiness_to_503,
    a_database_that_does_not_answer_is_answered_503_in_time,
);

/// A whole profile, as Manage Account saves it.
fn profile(session: &Session) -> Value {
    json!({
        "email": session.user["email"],
        "display_name": "Asha R",
        "gender": "female",
        "ageRange": "Gen Z (18-25)",
        "interests": ["Streetwear", "Minimal", "Ethnic"],
        "ml_preferences": ["Relaxed Fit"],
    })
}

/// Every kind of write a shopper makes; their statuses and bodies, by name.
async fn writes(app: &TestApp, session: &Session) -> Vec<(&'static str, u16, Value)> {
    let product = &listed()[0];
    let size = product.sizes.first().cloned().unwrap_or_default();
    let id = session.id();
    let calls: Vec<(&'static str, Method, String, Option<&Session>, Value)> = vec![
        (
            "bag",
            Method::POST,
            "/api/cart/items".into(),
            Some(session),
            json!({"productId": product.id, "size": size, "quantity": 1}),
        ),
        (
            "address",
            Method::POST,
            format!("/api/users/{id}/shipment"),
            Some(session),
            json!({
                "billing_customer_name": "Asha Rao",
                "billing_phone": "9876543210",
                "billing_email": "asha@gmail.com",
                "billing_address": "Flat 12, Wing B Sea View",
                "billing_address_2": "Mumbai GPO, Fort, Mumbai",
                "billing_city": "Mumbai",
                "billing_pincode": "400001",
                "billing_state": "Maharashtra",
                "billing_country": "India",
            }),
        ),
        (
            "profile",
            Method::PUT,
            format!("/api/users/{id}"),
            Some(session),
            profile(session),
        ),
        (
            "curated list",
            Method::POST,
            "/api/curated-list".into(),
            Some(session),
            json!({"productId": product.id, "userId": id}),
        ),
        (
            "swipe",
            Method::POST,
            "/api/analytics/track-swipe".into(),
            Some(session),
            json!({"productId": product.id, "action": "like", "sessionId": "s-1",
                   "deviceInfo": {"userAgent": "tests"}}),
        ),
        (
            "generate-otp",
            Method::POST,
            "/api/users/generate-otp".into(),
            None,
            json!({"email": "someone.new@example.in"}),
        ),
        (
            "chat",
            Method::POST,
            "/api/chat".into(),
            None,
            json!({"message": "How fast can you deliver to 400070?"}),
        ),
    ];
    let mut answers = Vec::new();
    for (name, method, path, who, body) in calls {
        let (status, body) = app.send_json(method, &path, Some(body), who).await;
        answers.push((name, status, body));
    }
    answers
}

/// Makes the test's database refuse every write as a full or read-only disk does: on
/// PostgreSQL the database turns read-only (as an operator does when its disk fills) and the
/// server's sessions are ended so the pool reconnects into it; SQLite cannot be made read-only
/// under open connections without root, so each table raises SQLite's own full-disk error.
fn refuse_writes(app: &TestApp, backend: &Backend, refuse: bool) {
    match backend {
        Backend::Postgres { .. } => {
            let setting = if refuse {
                "SET default_transaction_read_only = on"
            } else {
                "RESET default_transaction_read_only"
            };
            app.execute_sql(&format!(
                "BEGIN READ WRITE; DO $$ BEGIN EXECUTE format('ALTER DATABASE %I {setting}', current_database()); \
                 END $$; COMMIT; \
                 SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = current_database() AND pid <> pg_backend_pid();"
            ));
        }
        Backend::Sqlite => {
            let tables = [
                "addresses",
                "bags",
                "bag_lines",
                "curated_list",
                "heartbeats",
                "rate_limits",
                "sign_in_codes",
                "swipes",
                "swipe_log",
                "users",
            ];
            let sql: String = tables
                .iter()
                .flat_map(|table| {
                    ["INSERT", "UPDATE", "DELETE"].map(|event| {
                        let trigger = format!("full_{table}_{}", event.to_lowercase());
                        if refuse {
                            format!(
                                "CREATE TRIGGER {trigger} BEFORE {event} ON {table} BEGIN \
                                 SELECT RAISE(ABORT, 'database or disk is full'); END;"
                            )
                        } else {
                            format!("DROP TRIGGER {trigger};")
                        }
                    })
                })
                .collect();
            app.execute_sql(&sql);
        }
    }
}

/// Polls `/readyz` until it answers `status` (with `code`, for an error), for at most
/// `within`; the last answer.
async fn readiness_becomes(
    app: &TestApp,
    status: u16,
    code: Option<&str>,
    within: Duration,
) -> (u16, Value) {
    let deadline = Instant::now() + within;
    loop {
        let answer = app.get_json("/readyz").await;
        let matches = answer.0 == status && code.is_none_or(|c| answer.1["code"] == c);
        if matches || Instant::now() > deadline {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn a_disk_that_refuses_writes_answers_503_everywhere_and_recovers(backend: Backend) {
    let app = spawn_app(backend.clone()).await;
    let session = app.onboarded("asha.faults@example.in").await;
    refuse_writes(&app, &backend, true);
    // Readiness notices within one write probe (every 5 s).
    let (status, body) = readiness_becomes(
        &app,
        503,
        Some("STORAGE_UNAVAILABLE"),
        Duration::from_secs(8),
    )
    .await;
    assert_eq!(status, 503, "readiness notices storage: {body}");

    for (name, status, body) in writes(&app, &session).await {
        assert_eq!(status, 503, "{name}: {body}");
        assert_eq!(error_code(&body), "STORAGE_UNAVAILABLE", "{name}: {body}");
        let message = body["error"].as_str().unwrap_or_default();
        assert!(
            message.contains("cannot save") && !message.contains("disk is full"),
            "{name}: a clear message, no internals: {body}"
        );
    }
    let (status, body) = app.get_json("/readyz").await;
    assert_eq!(status, 503, "readiness still says so: {body}");
    assert_eq!(error_code(&body), "STORAGE_UNAVAILABLE");
    // Reading goes on.
    let (status, _) = app.get_json("/api/products?limit=1").await;
    assert_eq!(status, 200);
    let (status, bag) = app
        .send_json(Method::GET, "/api/cart", None, Some(&session))
        .await;
    assert_eq!(status, 200, "{bag}");

    refuse_writes(&app, &backend, false);
    let (status, body) = readiness_becomes(&app, 200, None, Duration::from_secs(8)).await;
    assert_eq!(status, 200, "readiness recovers: {body}");
    for (name, status, body) in writes(&app, &session).await {
        assert!(
            (200..300).contains(&status),
            "{name} works again: {status} {body}"
        );
    }
}

async fn a_full_data_directory_turns_readiness_to_503(backend: Backend) {
    let app = spawn_app(backend).await;
    assert_eq!(app.get_json("/readyz").await.0, 200);
    // The storage probe's file now leads to a device that is always full (ENOSPC).
    let probe = app.data_dir().join(".write-probe");
    let _ = std::fs::remove_file(&probe);
    std::os::unix::fs::symlink("/dev/full", &probe).expect("a link to /dev/full");
    let (status, body) = readiness_becomes(&app, 503, None, Duration::from_secs(8)).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(error_code(&body), "STORAGE_UNAVAILABLE");
    std::fs::remove_file(&probe).expect("the link removed");
    let (status, body) = readiness_becomes(&app, 200, None, Duration::from_secs(4)).await;
    assert_eq!(status, 200, "{body}");
}

/// A TCP relay to PostgreSQL that can stop relaying while keeping its connections open: to
/// the server behind it, a PostgreSQL stopped by SIGSTOP (the kernel still accepts and
/// buffers, nothing answers).
struct FreezableRelay {
    port: u16,
    frozen: Arc<AtomicBool>,
}

impl FreezableRelay {
    /// Runs on a thread and runtime of its own: the server under test connects through it
    /// from blocking code, which may hold the test's own runtime.
    fn start(upstream: String) -> Self {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind the relay");
        listener.set_nonblocking(true).expect("non-blocking");
        let port = listener.local_addr().expect("an address").port();
        let frozen = Arc::new(AtomicBool::new(false));
        let gate = frozen.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("the relay's runtime");
            runtime.block_on(async move {
                let listener =
                    tokio::net::TcpListener::from_std(listener).expect("a tokio listener");
                while let Ok((client, _)) = listener.accept().await {
                    let gate = gate.clone();
                    let upstream = upstream.clone();
                    tokio::spawn(async move {
                        let Ok(server) = tokio::net::TcpStream::connect(&upstream).await else {
                            return;
                        };
                        let (client_read, client_write) = client.into_split();
                        let (server_read, server_write) = server.into_split();
                        tokio::spawn(pump(client_read, server_write, gate.clone()));
                        pump(server_read, client_write, gate).await;
                    });
                }
            });
        });
        Self { port, frozen }
    }

    fn freeze(&self, frozen: bool) {
        self.frozen.store(frozen, Ordering::SeqCst);
    }
}

/// Copies `from` to `to`, holding every chunk while the gate is frozen.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    frozen: Arc<AtomicBool>,
) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut buffer = vec![0_u8; 64 * 1024];
    loop {
        let Ok(read) = from.read(&mut buffer).await else {
            return;
        };
        if read == 0 {
            return;
        }
        while frozen.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if to.write_all(&buffer[..read]).await.is_err() {
            return;
        }
    }
}

async fn a_database_that_does_not_answer_is_answered_503_in_time(backend: Backend) {
    match backend {
        Backend::Postgres { admin_url } => a_frozen_postgres(&admin_url).await,
        Backend::Sqlite => a_locked_sqlite().await,
    }
}

/// PostgreSQL frozen: readiness says 503 within the connect bound (2 s), writes are answered
/// 503 at once after that, browsing goes on, and it all recovers when it thaws.
async fn a_frozen_postgres(admin_url: &str) {
    let host = admin_url
        .split_once("://")
        .and_then(|(_, rest)| rest.rsplit_once('@').map_or(Some(rest), |(_, h)| Some(h)))
        .and_then(|rest| rest.split('/').next())
        .expect("host:port in the URL")
        .to_owned();
    let relay = FreezableRelay::start(host.clone());
    let relayed = admin_url.replace(&host, &format!("127.0.0.1:{}", relay.port));
    let app = spawn_app(Backend::Postgres { admin_url: relayed }).await;
    let session = app.onboarded("frozen@example.in").await;
    assert_eq!(app.get_json("/readyz").await.0, 200);

    relay.freeze(true);
    let started = Instant::now();
    let (status, body) = app.get_json("/readyz").await;
    let took = started.elapsed();
    assert_eq!(status, 503, "{body}");
    assert_eq!(error_code(&body), "SERVICE_UNAVAILABLE");
    assert!(took < Duration::from_secs(3), "readiness took {took:?}");

    // Once the watcher has seen the freeze, writes are refused at once.
    tokio::time::sleep(Duration::from_millis(2_600)).await;
    let product = &listed()[0];
    let size = product.sizes.first().cloned().unwrap_or_default();
    let started = Instant::now();
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/cart/items",
            Some(json!({"productId": product.id, "size": size, "quantity": 1})),
            Some(&session),
        )
        .await;
    let took = started.elapsed();
    assert_eq!(status, 503, "{body}");
    assert_eq!(error_code(&body), "SERVICE_UNAVAILABLE");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|m| m.contains("try again")),
        "{body}"
    );
    assert!(took < Duration::from_secs(1), "the write took {took:?}");
    let started = Instant::now();
    let (status, _) = app.get_json("/api/products?limit=1").await;
    assert_eq!(status, 200, "browsing goes on from memory");
    assert!(started.elapsed() < Duration::from_secs(1));

    relay.freeze(false);
    let (status, body) = readiness_becomes(&app, 200, None, Duration::from_secs(10)).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/cart/items",
            Some(json!({"productId": product.id, "size": size, "quantity": 1})),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200, "writes work again: {body}");
}

/// SQLite's write lock held by another process longer than the 5 s wait: the write is
/// answered 503 (try again), not 500.
async fn a_locked_sqlite() {
    let app = spawn_app(Backend::Sqlite).await;
    let session = app.onboarded("locked@example.in").await;
    let path = app.data_dir().join("shop.sqlite3");
    let (release, locked) = std::sync::mpsc::channel::<()>();
    let (taken, held) = std::sync::mpsc::channel::<()>();
    let holder = std::thread::spawn(move || {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        let mut conn = diesel::SqliteConnection::establish(path.to_str().expect("a UTF-8 path"))
            .expect("open");
        conn.batch_execute("BEGIN IMMEDIATE;")
            .expect("the write lock");
        let _ = taken.send(());
        let _ = locked.recv();
        conn.batch_execute("ROLLBACK;").expect("released");
    });
    held.recv().expect("the lock is held");
    let (status, body) = app
        .send_json(
            Method::PUT,
            &format!("/api/users/{}", session.id()),
            Some(profile(&session)),
            Some(&session),
        )
        .await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(error_code(&body), "SERVICE_UNAVAILABLE");
    release.send(()).expect("release");
    holder.join().expect("the holder ends");
    let (status, body) = app
        .send_json(
            Method::PUT,
            &format!("/api/users/{}", session.id()),
            Some(profile(&session)),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}
