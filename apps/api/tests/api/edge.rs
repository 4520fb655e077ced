//! The HTTP edge against hostile clients: stalled bodies are cut, connections per address are
//! capped, rate limits key on the client a trusted proxy names (right-most hop, IPv6 by /64),
//! and HTTPS is believed only from a trusted proxy.

use std::time::{Duration, Instant};

use access::client::{Forwarding, ProxyHeader};
use reqwest::Method;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{Backend, Options, TestApp, error_code, session_cookie, spawn_app_with};

const BEHIND_ONE_PROXY: Forwarding = Forwarding::Trust {
    header: ProxyHeader::XForwardedFor,
    proxies: 1,
};

crate::on_both_backends!(
    a_stalled_body_is_cut_with_a_408_and_the_server_keeps_answering,
    connections_per_client_address_are_capped,
    wrong_codes_are_counted_per_client_across_emails,
    the_client_is_the_right_most_hop_a_trusted_proxy_wrote,
    ipv6_clients_share_a_bucket_per_64,
    address_searches_are_limited_per_client,
    signed_in_chat_is_limited_per_account,
    https_is_believed_only_from_a_trusted_proxy,
    the_rfc_7239_header_names_the_client_and_scheme_through_two_proxies,
);

fn port(app: &TestApp) -> u16 {
    app.address
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port")
}

/// Reads until the server closes the connection (or `within` runs out); what was read and
/// whether it closed.
async fn read_until_closed(stream: &mut TcpStream, within: Duration) -> (String, bool) {
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return (String::from_utf8_lossy(&answer).into(), true),
            Ok(Ok(n)) => answer.extend_from_slice(&buf[..n]),
            Err(_) => return (String::from_utf8_lossy(&answer).into(), false),
        }
    }
}

fn json_body(answer: &str) -> Value {
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: not JSON in {answer:?}"))
}

async fn a_stalled_body_is_cut_with_a_408_and_the_server_keeps_answering(backend: Backend) {
    let app = spawn_app_with(backend, Options::default()).await;
    let mut stalled = Vec::new();
    for path in ["/api/users/generate-otp", "/api/chat"] {
        let mut stream = TcpStream::connect(("127.0.0.1", port(&app)))
            .await
            .expect("connect");
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n\
             Content-Length: 1000\r\n\r\n{{\"email\":"
        );
        stream.write_all(head.as_bytes()).await.expect("write");
        stalled.push(stream);
    }
    let started = Instant::now();
    // Meanwhile the server answers everyone else.
    assert_eq!(app.get("/healthz").await.status().as_u16(), 200);
    for mut stream in stalled {
        let (answer, closed) = read_until_closed(&mut stream, Duration::from_secs(15)).await;
        assert!(closed, "the stalled connection is closed: {answer:?}");
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer:?}");
        let body = json_body(&answer);
        assert_eq!(error_code(&body), "REQUEST_TIMEOUT", "{body}");
    }
    let waited = started.elapsed();
    assert!(
        waited < Duration::from_secs(12),
        "cut after the body deadline, not the client's: {waited:?}"
    );
    assert_eq!(app.get("/healthz").await.status().as_u16(), 200);
}

async fn connections_per_client_address_are_capped(backend: Backend) {
    let app = spawn_app_with(
        backend,
        Options {
            max_connections_per_client: Some(4),
            ..Options::default()
        },
    )
    .await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = TcpStream::connect(("127.0.0.1", port(&app)))
            .await
            .expect("connect");
        // Answered, so the server has counted it before the next one comes.
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n")
            .await
            .expect("write");
        let mut buf = [0u8; 1024];
        let n = stream.read(&mut buf).await.expect("read");
        assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
        held.push(stream);
    }
    let mut over = TcpStream::connect(("127.0.0.1", port(&app)))
        .await
        .expect("connect");
    let (answer, closed) = read_until_closed(&mut over, Duration::from_secs(3)).await;
    assert!(closed, "the fifth connection is closed at once: {answer:?}");
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer:?}");
    assert_eq!(error_code(&json_body(&answer)), "RATE_LIMITED");
    // Another address is not held up by this one (any 127.x address reaches loopback).
    let other = tokio::net::TcpSocket::new_v4().expect("socket");
    other
        .bind("127.0.0.2:0".parse().expect("addr"))
        .expect("bind");
    let mut other = other
        .connect(format!("127.0.0.1:{}", port(&app)).parse().expect("addr"))
        .await
        .expect("connect");
    other
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n")
        .await
        .expect("write");
    let (answer, _) = read_until_closed(&mut other, Duration::from_secs(3)).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    // Closing one gives its place back.
    drop(held.pop());
    let mut again = None;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        if let Ok(res) = app.client.get(app.url("/healthz")).send().await {
            again = Some(res.status().as_u16());
            break;
        }
    }
    assert_eq!(again, Some(200));
}

async fn verify(app: &TestApp, email: &str, forwarded_for: Option<&str>) -> (u16, Value) {
    let mut request = app
        .client
        .post(app.url("/api/users/verify-otp"))
        .json(&json!({"email": email, "otp": "000000"}));
    if let Some(chain) = forwarded_for {
        request = request.header("X-Forwarded-For", chain);
    }
    let res = request.send().await.expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.expect("json"))
}

async fn wrong_codes_are_counted_per_client_across_emails(backend: Backend) {
    let app = spawn_app_with(backend, Options::default()).await;
    // 200 wrong codes from one client, spread over 40 addresses (5 each: never one e-mail's
    // burn limit).
    let mut refused_at = None;
    for i in 0..200 {
        let (status, body) = verify(&app, &format!("target{}@example.in", i % 40), None).await;
        if status == 429 {
            assert_eq!(error_code(&body), "RATE_LIMITED");
            assert!(body["retryAfter"].as_i64().is_some_and(|s| s > 0), "{body}");
            refused_at = Some(i);
            break;
        }
        assert_eq!(status, 401, "{i}: {body}");
    }
    assert_eq!(refused_at, Some(100), "the 101st wrong code is refused");
    // A right code from the same client is refused too while the limit holds.
    let (status, _) = app.generate_otp("real@example.in").await;
    assert_eq!(status, 200);
    let code = app.outbox_code("real@example.in");
    let res = app.verify_otp("real@example.in", &code).await;
    assert_eq!(res.status().as_u16(), 429);
    // An hour later the client may try again, and a right code is not counted as a wrong one.
    app.advance(chrono::TimeDelta::hours(1));
    let (status, _) = app.generate_otp("real@example.in").await;
    assert_eq!(status, 200);
    let code = app.outbox_code("real@example.in");
    let res = app.verify_otp("real@example.in", &code).await;
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(
        app.count("rate_limits WHERE bucket = 'code:wrong:client:127.0.0.1' AND count = 100"),
        1,
        "the right code gave its use back"
    );
}

async fn the_client_is_the_right_most_hop_a_trusted_proxy_wrote(backend: Backend) {
    let app = spawn_app_with(
        backend,
        Options {
            forwarding: BEHIND_ONE_PROXY,
            ..Options::default()
        },
    )
    .await;
    // The attacker writes a new left-most hop every time; the proxy appends what it saw.
    for i in 0..100 {
        let chain = format!("10.9.{}.{}, 203.0.113.7", i / 250, i % 250);
        let (status, body) = verify(&app, &format!("t{}@example.in", i % 30), Some(&chain)).await;
        assert_eq!(status, 401, "{i}: {body}");
    }
    let (status, _) = verify(&app, "t@example.in", Some("1.2.3.4, 203.0.113.7")).await;
    assert_eq!(status, 429, "the left-most hop does not pick the bucket");
    let (status, _) = verify(&app, "t@example.in", Some("203.0.113.8")).await;
    assert_eq!(status, 401, "another client has its own bucket");
}

async fn ipv6_clients_share_a_bucket_per_64(backend: Backend) {
    let app = spawn_app_with(
        backend,
        Options {
            forwarding: BEHIND_ONE_PROXY,
            ..Options::default()
        },
    )
    .await;
    let ask = |email: String, from: &'static str| {
        let request = app
            .client
            .post(app.url("/api/users/generate-otp"))
            .header("X-Forwarded-For", from)
            .json(&json!({ "email": email }));
        async move { request.send().await.expect("request").status().as_u16() }
    };
    for i in 0..20 {
        // A new address of the same /64 every time.
        let from = if i % 2 == 0 {
            "2001:db8:1:2::1"
        } else {
            "2001:db8:1:2:ffff:ffff:ffff:ffff"
        };
        assert_eq!(ask(format!("v6-{i}@example.in"), from).await, 200, "{i}");
    }
    assert_eq!(
        ask("v6-x@example.in".into(), "2001:db8:1:2::abcd").await,
        429
    );
    assert_eq!(ask("v6-y@example.in".into(), "2001:db8:1:3::1").await, 200);
}

async fn address_searches_are_limited_per_client(backend: Backend) {
    let app = spawn_app_with(backend, Options::default()).await;
    let search = "/api/places/autocomplete?q=koramangala";
    assert_eq!(app.get(search).await.status().as_u16(), 200);
    // As if this address had searched 1,199 times in the last five minutes.
    app.execute_sql(
        "UPDATE rate_limits SET count = 1199, started_at = '2026-11-23 09:55:00' \
         WHERE bucket = 'places:client:127.0.0.1'",
    );
    assert_eq!(app.get(search).await.status().as_u16(), 200, "the 1,200th");
    let (status, body) = app.get_json(search).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(error_code(&body), "RATE_LIMITED");
    assert_eq!(body["retryAfter"], 300);
    assert_eq!(
        body["error"],
        "Too many address searches. Please wait 300 seconds and try again."
    );
}

async fn signed_in_chat_is_limited_per_account(backend: Backend) {
    let app = spawn_app_with(backend, Options::default()).await;
    let asha = app.sign_in("asha@example.in").await;
    let ravi = app.sign_in("ravi@example.in").await;
    let ask = |session| {
        app.send_json(
            Method::POST,
            "/api/chat",
            Some(json!({"message": "returns?"})),
            Some(session),
        )
    };
    assert_eq!(ask(&asha).await.0, 200);
    app.execute_sql(&format!(
        "UPDATE rate_limits SET count = 59 WHERE bucket = 'chat:account:{}'",
        asha.id()
    ));
    assert_eq!(ask(&asha).await.0, 200, "the sixtieth");
    let (status, body) = ask(&asha).await;
    assert_eq!(status, 429, "{body}");
    // Another shopper behind the same address has their own hour.
    assert_eq!(ask(&ravi).await.0, 200);
    // Signed out, the address's own bucket counts, untouched by the accounts.
    assert_eq!(
        app.count("rate_limits WHERE bucket LIKE 'chat:client:%'"),
        0
    );
}

async fn https_is_believed_only_from_a_trusted_proxy(backend: Backend) {
    async fn signed_in(app: &TestApp, proto: &str) -> reqwest::Response {
        let email = "secure@example.in";
        let (status, _) = app.generate_otp(email).await;
        assert_eq!(status, 200);
        let code = app.outbox_code(email);
        app.client
            .post(app.url("/api/users/verify-otp"))
            .header("X-Forwarded-Proto", proto)
            .json(&json!({"email": email, "otp": code}))
            .send()
            .await
            .expect("request")
    }
    // Not behind a trusted proxy: the client's X-Forwarded-Proto decides nothing.
    let app = spawn_app_with(backend.clone(), Options::default()).await;
    let res = signed_in(&app, "https").await;
    assert_eq!(res.status().as_u16(), 200);
    let cookie = session_cookie(&res).expect("a cookie");
    assert!(!cookie.contains("Secure"), "{cookie}");
    assert!(res.headers().get("strict-transport-security").is_none());

    // Behind a trusted proxy that says HTTPS: a Secure cookie and HSTS.
    let app = spawn_app_with(
        backend.clone(),
        Options {
            forwarding: BEHIND_ONE_PROXY,
            ..Options::default()
        },
    )
    .await;
    let res = signed_in(&app, "https").await;
    let cookie = session_cookie(&res).expect("a cookie");
    assert!(cookie.contains("Secure"), "{cookie}");
    assert_eq!(
        res.headers()["strict-transport-security"],
        api::edge::HSTS,
        "HSTS over HTTPS"
    );
    let res = app
        .client
        .get(app.url("/healthz"))
        .header("X-Forwarded-Proto", "http")
        .send()
        .await
        .expect("request");
    assert!(res.headers().get("strict-transport-security").is_none());

    // An HTTPS public URL: every answer carries HSTS.
    let app = spawn_app_with(
        backend,
        Options {
            public_url: Some("https://shop.example.in".to_owned()),
            ..Options::default()
        },
    )
    .await;
    let res = app.get("/healthz").await;
    assert_eq!(res.headers()["strict-transport-security"], api::edge::HSTS);
}

async fn the_rfc_7239_header_names_the_client_and_scheme_through_two_proxies(backend: Backend) {
    let app = spawn_app_with(
        backend,
        Options {
            forwarding: Forwarding::Trust {
                header: ProxyHeader::Forwarded,
                proxies: 2,
            },
            ..Options::default()
        },
    )
    .await;
    // The client wrote the first element; the outer proxy the second (the client as it saw
    // it, over HTTPS); the inner proxy the third.
    let res = app
        .client
        .get(app.url("/api/places/autocomplete?q=andheri"))
        .header(
            "Forwarded",
            "for=6.6.6.6;proto=http, for=\"[2001:db8:5:6::7]:4711\";proto=https, for=10.0.0.2;proto=http",
        )
        // A client's X-Forwarded-For is not the configured header: it decides nothing.
        .header("X-Forwarded-For", "7.7.7.7")
        .send()
        .await
        .expect("request");
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["strict-transport-security"], api::edge::HSTS);
    assert_eq!(
        app.count("rate_limits WHERE bucket = 'places:client:2001:db8:5:6::/64'"),
        1
    );
    assert_eq!(app.count("rate_limits"), 1);
}

/// Sends `request` on a fresh connection and reads the answer until the server closes it.
async fn exchange(app: &TestApp, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port(app)))
        .await
        .expect("connect");
    stream.write_all(request).await.expect("write");
    read_until_closed(&mut stream, Duration::from_secs(5))
        .await
        .0
}

#[tokio::test]
async fn long_uris_and_large_headers_are_json_errors() {
    let app = spawn_app_with(Backend::Sqlite, Options::default()).await;
    let long = format!(
        "GET /api/products?q={} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n",
        "a".repeat(10_000)
    );
    let answer = exchange(&app, long.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 414"), "{answer:.200}");
    assert_eq!(error_code(&json_body(&answer)), "URI_TOO_LONG");

    let large = format!(
        "GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Filler: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(40_000)
    );
    let answer = exchange(&app, large.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer:.200}");
    assert_eq!(error_code(&json_body(&answer)), "HEADERS_TOO_LARGE");
}

#[tokio::test]
async fn what_the_http_parser_refuses_itself_is_closed_with_its_status() {
    // These never reach the application: actix-http's parser answers them with a status and
    // no body, and closes the connection (see README, "What the HTTP layer answers itself").
    let app = spawn_app_with(Backend::Sqlite, Options::default()).await;
    let answer = exchange(&app, b"NOT AN HTTP REQUEST\r\n\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    let many: String = (0..120).map(|i| format!("X-H{i}: a\r\n")).collect();
    let request = format!("GET /healthz HTTP/1.1\r\nHost: shop\r\n{many}\r\n");
    let answer = exchange(&app, request.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
    // The server goes on answering.
    assert_eq!(app.get("/healthz").await.status().as_u16(), 200);
}

#[tokio::test]
async fn a_broken_gzip_body_is_a_plain_400() {
    let app = spawn_app_with(Backend::Sqlite, Options::default()).await;
    let body = b"\x1f\x8b\x08\x00not really gzip";
    let mut request = format!(
        "POST /api/chat HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n\
         Content-Encoding: gzip\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    let answer = exchange(&app, &request).await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    let body = json_body(&answer);
    assert_eq!(error_code(&body), "INVALID_BODY_ENCODING", "{body}");
    let message = body["error"].as_str().expect("a message");
    for debug in ["Some(", "Custom", "kind:", "deflate"] {
        assert!(!message.contains(debug), "{message}");
    }
}

#[tokio::test]
async fn a_405_names_the_allowed_methods() {
    let app = spawn_app_with(Backend::Sqlite, Options::default()).await;
    for (method, path, allow) in [
        (Method::PUT, "/healthz", "GET, HEAD"),
        (Method::GET, "/api/users/verify-otp", "POST"),
        (Method::POST, "/api/cart", "GET, HEAD, DELETE"),
        (Method::GET, "/api/cart/items/p/M", "PUT, DELETE"),
    ] {
        let res = app
            .client
            .request(method.clone(), app.url(path))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status().as_u16(), 405, "{method} {path}");
        assert_eq!(res.headers()["allow"], allow, "{method} {path}");
        let body: Value = res.json().await.expect("json");
        assert_eq!(error_code(&body), "METHOD_NOT_ALLOWED");
    }
}
