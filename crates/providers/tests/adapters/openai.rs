//! The OpenAI-compatible adapter against a fake API: the request it sends, the reply it
//! reads, and every way the remote side can fail.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};
use providers::{Assistant, AssistantError, LocalAssistant, OpenAiAssistant, Question};
use support::{Context, OrderSummary, Shopper};

use crate::fake_model::{Behaviour, FakeModel, completion};
use crate::smtp_server::free_port;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 10, 0, 0)
        .single()
        .expect("valid")
}

fn question(message: &str) -> Question {
    Question {
        message: message.to_owned(),
        context: Context {
            shopper: Some(Shopper {
                first_name: "Asha".to_owned(),
            }),
            orders: Some(vec![OrderSummary {
                id: "6745aa00bb11cc22dd33ee99".to_owned(),
                placed_at: now(),
                status: "Processing".to_owned(),
                estimated_delivery: None,
                total_paise: 259_800,
                item_names: vec!["Linen Shirt".to_owned()],
            }]),
            now: now(),
        },
    }
}

#[tokio::test]
async fn asks_in_openai_s_shape_and_reads_the_reply() {
    let model = FakeModel::start(Behaviour::Json(completion(
        "  Returns are accepted within 30 days.  ",
    )))
    .await;
    let assistant: Arc<dyn Assistant> = Arc::new(
        OpenAiAssistant::new(&model.base_url, Some("sk-test".to_owned()), "gpt-test")
            .expect("valid"),
    );

    let reply = assistant
        .reply(&question("Can I return a shirt?"))
        .await
        .expect("a reply");
    assert_eq!(reply, "Returns are accepted within 30 days.");

    let requests = model.requests();
    assert_eq!(requests.len(), 1);
    let request = &requests[0];
    assert_eq!(request.method, "POST");
    assert_eq!(request.path, "/v1/chat/completions");
    assert_eq!(request.header("Authorization"), Some("Bearer sk-test"));
    assert_eq!(request.header("Content-Type"), Some("application/json"));
    let body = request.json();
    assert_eq!(body["model"], "gpt-test");
    assert!(body["temperature"].is_number(), "{body}");
    let messages = body["messages"].as_array().expect("messages");
    assert_eq!(messages.len(), 2, "{body}");
    assert_eq!(messages[0]["role"], "system");
    let system = messages[0]["content"].as_str().expect("system text");
    for fact in [
        "support assistant of an online fashion shop",
        "Returns: within 30 days of delivery.",
        "Free delivery on orders above ₹1,500.",
        "first name: Asha",
        "- Order #dd33ee99: placed 25 Nov 2026, status Processing",
    ] {
        assert!(
            system.contains(fact),
            "the system message lacks {fact:?}:\n{system}"
        );
    }
    assert_eq!(messages[1]["role"], "user");
    assert_eq!(messages[1]["content"], "Can I return a shirt?");
}

#[tokio::test]
async fn no_key_sends_no_authorization() {
    let model = FakeModel::start(Behaviour::Json(completion("Hi!"))).await;
    let assistant = OpenAiAssistant::new(&model.base_url, None, "local-model").expect("valid");
    assert_eq!(
        assistant.reply(&question("hi")).await.expect("a reply"),
        "Hi!"
    );
    assert_eq!(model.requests()[0].header("Authorization"), None);
}

#[tokio::test]
async fn an_error_status_is_an_error_with_the_body() {
    let model = FakeModel::start(Behaviour::Status(
        401,
        r#"{"error":{"message":"Incorrect API key provided"}}"#.to_owned(),
    ))
    .await;
    let assistant =
        OpenAiAssistant::new(&model.base_url, Some("sk-wrong".to_owned()), "gpt").expect("valid");
    let error = assistant
        .reply(&question("hi"))
        .await
        .expect_err("unauthorised");
    assert!(
        matches!(error, AssistantError::Status { status: 401, .. }),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(message.contains("answered HTTP 401"), "{message}");
    assert!(message.contains("Incorrect API key provided"), "{message}");
    assert!(message.contains("/v1/chat/completions"), "{message}");
    assert!(!message.contains("sk-wrong"), "{message}");

    let model = FakeModel::start(Behaviour::Status(500, "x".repeat(10_000))).await;
    let assistant = OpenAiAssistant::new(&model.base_url, None, "gpt").expect("valid");
    match assistant.reply(&question("hi")).await {
        Err(AssistantError::Status { status, body, .. }) => {
            assert_eq!(status, 500);
            assert_eq!(body.len(), 300, "a long body is cut");
        }
        other => panic!("expected a 500 error, got {other:?}"),
    }
}

#[tokio::test]
async fn answers_without_a_reply_are_malformed() {
    let cases = [
        "not json",
        "{}",
        r#"{"choices": []}"#,
        r#"{"choices": [{"message": {"role": "assistant", "content": null}}]}"#,
        r#"{"choices": [{"message": {"role": "assistant", "content": "   "}}]}"#,
        r#"{"choices": [{"text": "legacy completion shape"}]}"#,
    ];
    for body in cases {
        let model = FakeModel::start(Behaviour::Json(body.to_owned())).await;
        let assistant = OpenAiAssistant::new(&model.base_url, None, "gpt").expect("valid");
        let error = assistant.reply(&question("hi")).await.expect_err(body);
        assert!(
            matches!(error, AssistantError::Malformed { .. }),
            "{body}: {error:?}"
        );
    }
}

#[tokio::test]
async fn a_slow_model_times_out() {
    let model = FakeModel::start(Behaviour::Hang).await;
    let assistant =
        OpenAiAssistant::with_timeout(&model.base_url, None, "gpt", Duration::from_millis(300))
            .expect("valid");
    let started = Instant::now();
    let error = assistant
        .reply(&question("hi"))
        .await
        .expect_err("too slow");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(matches!(error, AssistantError::Timeout { .. }), "{error:?}");
    assert!(
        error.to_string().contains("did not answer within"),
        "{error}"
    );
}

#[tokio::test]
async fn a_closed_port_is_unreachable() {
    let port = free_port();
    let assistant =
        OpenAiAssistant::new(&format!("http://127.0.0.1:{port}/v1"), None, "gpt").expect("valid");
    let error = assistant
        .reply(&question("hi"))
        .await
        .expect_err("nothing listens");
    assert!(
        matches!(error, AssistantError::Unreachable { .. }),
        "{error:?}"
    );
    assert!(
        error.to_string().to_lowercase().contains("refused"),
        "the cause is named: {error}"
    );
}

#[tokio::test]
async fn the_local_assistant_is_the_support_crate() {
    let assistant: Arc<dyn Assistant> = Arc::new(LocalAssistant);
    let question = question("How fast can you deliver to 400070?");
    assert_eq!(
        assistant.reply(&question).await.expect("always answers"),
        support::answer(&question.message, &question.context).reply
    );
    assert_eq!(assistant.describe(), "local (the built-in answers)");
}
