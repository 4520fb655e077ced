//! The support chat: the local assistant answers from the shop's policies and delivery facts;
//! a configured remote assistant answers instead, and the local one covers for it when it fails.

use reqwest::Method;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{Backend, Options, error_code, spawn_app, spawn_app_with};

async fn ask(app: &crate::helpers::TestApp, message: &str) -> (u16, Value) {
    app.send_json(
        Method::POST,
        "/api/chat",
        Some(json!({"message": message})),
        None,
    )
    .await
}

#[tokio::test]
async fn the_local_assistant_knows_the_delivery_window_of_a_pincode() {
    let app = spawn_app(Backend::Sqlite).await;
    let (status, body) = ask(&app, "How fast can you deliver to 400070?").await;
    assert_eq!(status, 200, "{body}");
    let reply = body["reply"].as_str().expect("a reply");
    assert!(reply.contains("400070"), "{reply}");
    assert!(reply.contains("60-90 min"), "{reply}");
    let (_, body) = ask(&app, "delivery to 110001?").await;
    let reply = body["reply"].as_str().expect("a reply");
    assert!(
        !reply.contains("60-90 min"),
        "Delhi is not in the express area: {reply}"
    );
}

#[tokio::test]
async fn the_local_assistant_knows_the_policies_and_says_when_it_does_not_know() {
    let app = spawn_app(Backend::Sqlite).await;
    for (question, expected) in [
        ("What is your return policy?", "30 days"),
        ("When will I get my refund?", "5-7 business days"),
        ("How long does shipping take?", "takes 5 days"),
    ] {
        let (status, body) = ask(&app, question).await;
        assert_eq!(status, 200);
        let reply = body["reply"].as_str().expect("a reply");
        assert!(reply.contains(expected), "{question}: {reply}");
    }
    let (_, body) = ask(&app, "Where is my order?").await;
    let reply = body["reply"].as_str().expect("a reply").to_lowercase();
    assert!(reply.contains("sign in"), "signed out: {reply}");
    let (_, unknown) = ask(&app, "What is the airspeed of a swallow?").await;
    assert!(!unknown["reply"].as_str().expect("a reply").is_empty());
}

#[tokio::test]
async fn a_signed_in_shopper_without_orders_is_told_so() {
    let app = spawn_app(Backend::Sqlite).await;
    let session = app.onboarded("chat@example.in").await;
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/chat",
            Some(json!({"message": "where is my order"})),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200);
    let reply = body["reply"].as_str().expect("a reply").to_lowercase();
    assert!(!reply.contains("sign in"), "{reply}");
    assert!(
        reply.contains("no orders") || reply.contains("any orders"),
        "{reply}"
    );
}

#[tokio::test]
async fn the_assistant_knows_the_shopper_s_latest_order() {
    use crate::checkout::{add_address, add_to_bag, buy, product_between};
    let app = spawn_app(Backend::Sqlite).await;
    let session = app.onboarded("chat-orders@example.in").await;
    let address = add_address(&app, &session, "400001").await;
    let (product, size) = product_between(50_000, 140_000, 4);
    add_to_bag(&app, &session, product, &size, 1).await;
    let (order_id, _) = buy(
        &app,
        &session,
        &json!({"source": "bag", "addressId": address, "speed": "standard"}),
    )
    .await;
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/chat",
            Some(json!({"message": "where is my order"})),
            Some(&session),
        )
        .await;
    assert_eq!(status, 200);
    let reply = body["reply"].as_str().expect("a reply");
    let label = format!("Order #{}", &order_id[order_id.len() - 8..]);
    assert!(reply.contains(&label), "{reply}");
    assert!(reply.contains(&product.name), "{reply}");
}

#[tokio::test]
async fn empty_and_long_messages_are_refused() {
    let app = spawn_app(Backend::Sqlite).await;
    for (message, text) in [
        (json!("   "), "Please type a message."),
        (json!(null), "Please type a message."),
        (
            json!("x".repeat(1001)),
            "Please keep your message under 1,000 characters.",
        ),
    ] {
        let (status, body) = app
            .send_json(
                Method::POST,
                "/api/chat",
                Some(json!({"message": message})),
                None,
            )
            .await;
        assert_eq!(status, 400);
        assert_eq!(body["error"], text);
        error_code(&body);
    }
}

/// A one-shot OpenAI-compatible server: answers every request with `reply` and sends the
/// request it saw down the channel.
async fn fake_assistant(reply: &'static str) -> (String, tokio::sync::mpsc::Receiver<String>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("http://{}/v1", listener.local_addr().expect("addr"));
    let (seen, requests) = tokio::sync::mpsc::channel(4);
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut request = Vec::new();
            let mut buffer = [0u8; 8192];
            loop {
                let n = socket.read(&mut buffer).await.unwrap_or(0);
                request.extend_from_slice(&buffer[..n]);
                let text = String::from_utf8_lossy(&request).to_string();
                let complete = text.split_once("\r\n\r\n").is_some_and(|(head, body)| {
                    head.lines()
                        .find_map(|l| {
                            l.to_lowercase()
                                .strip_prefix("content-length:")
                                .map(|v| v.trim().to_owned())
                        })
                        .and_then(|v| v.parse::<usize>().ok())
                        .is_some_and(|length| body.len() >= length)
                });
                if n == 0 || complete {
                    let _ = seen.send(text).await;
                    break;
                }
            }
            let body = json!({
                "id": "chatcmpl-1", "object": "chat.completion", "model": "test-model",
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": reply}}],
            })
            .to_string();
            let answer = format!(
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = socket.write_all(answer.as_bytes()).await;
        }
    });
    (url, requests)
}

#[tokio::test]
async fn a_configured_remote_assistant_answers() {
    let (url, mut requests) = fake_assistant("Your parcel is on its way!").await;
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            assistant_url: Some(url),
            ..Options::default()
        },
    )
    .await;
    let (status, body) = ask(&app, "Is my parcel coming?").await;
    assert_eq!(
        (status, body),
        (200, json!({"reply": "Your parcel is on its way!"}))
    );
    let request = requests.recv().await.expect("the assistant was asked");
    assert!(
        request.starts_with("POST /v1/chat/completions"),
        "{request}"
    );
    assert!(
        request
            .to_lowercase()
            .contains("authorization: bearer test-assistant-key")
    );
    assert!(request.contains("Is my parcel coming?"), "{request}");
    assert!(request.contains("test-model"), "{request}");
}

#[tokio::test]
async fn the_local_assistant_covers_for_a_failing_remote_one() {
    let app = spawn_app_with(
        Backend::Sqlite,
        Options {
            assistant_url: Some("http://127.0.0.1:9/v1".to_owned()),
            ..Options::default()
        },
    )
    .await;
    let (status, body) = ask(&app, "How fast can you deliver to 400070?").await;
    assert_eq!(status, 200);
    assert!(
        body["reply"]
            .as_str()
            .expect("a reply")
            .contains("60-90 min"),
        "{body}"
    );
}

#[tokio::test]
async fn a_signed_out_client_may_send_120_messages_an_hour() {
    let app = spawn_app(Backend::Sqlite).await;
    app.execute_sql(
        "INSERT INTO rate_limits (bucket, started_at, count, last_at) \
         VALUES ('chat:client:127.0.0.1', '2026-11-23 09:30:00', 119, '2026-11-23 09:59:00')",
    );
    assert_eq!(ask(&app, "returns?").await.0, 200, "the 120th");
    let (status, body) = ask(&app, "returns?").await;
    assert_eq!(status, 429);
    assert_eq!(error_code(&body), "RATE_LIMITED");
    assert_eq!(body["retryAfter"], 1800);
    assert_eq!(
        body["error"],
        "Too many messages. Please wait 1800 seconds and try again."
    );
}
