//! The support assistant: the [`Assistant`] port, the question it answers, and the local
//! adapter over the `support` crate.

use std::fmt;

use crate::BoxFuture;

/// Answers a shopper's chat message. Adapters: [`LocalAssistant`] (the built-in answers) and
/// [`crate::OpenAiAssistant`] (a remote model).
pub trait Assistant: Send + Sync + fmt::Debug {
    /// The reply text. An error means this adapter could not answer; the caller falls back to
    /// the local assistant, so a shopper always gets a reply.
    fn reply<'a>(&'a self, question: &'a Question)
    -> BoxFuture<'a, Result<String, AssistantError>>;

    /// Which assistant this is, for logs and the start-up banner; never contains a key.
    fn describe(&self) -> String;
}

/// A chat message and what may be told about the person asking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The shopper's message, already checked (not empty, at most 1,000 characters).
    pub message: String,
    pub context: support::Context,
}

/// Why an assistant gave no reply. Messages name the endpoint (without credentials) and what
/// to check; they never include the API key.
#[derive(Debug, thiserror::Error)]
pub enum AssistantError {
    /// The configured base URL cannot be used.
    #[error(
        "the assistant URL is not usable: {0}. Expected the base URL of an OpenAI-compatible \
         API, such as https://api.openai.com/v1"
    )]
    BadUrl(String),
    /// The HTTP client could not be set up (its TLS configuration).
    #[error("the HTTP client for the assistant could not be set up: {0}")]
    Client(String),
    /// No answer within the time limit.
    #[error("the assistant at {endpoint} did not answer within {seconds} s")]
    Timeout { endpoint: String, seconds: u64 },
    /// No connection (refused, DNS, TLS).
    #[error("the assistant at {endpoint} could not be reached: {reason}")]
    Unreachable { endpoint: String, reason: String },
    /// An answer with a status other than 2xx: 401 is a wrong key, 404 a wrong URL or model,
    /// 429 a quota.
    #[error("the assistant at {endpoint} answered HTTP {status}: {body}")]
    Status {
        endpoint: String,
        status: u16,
        /// The start of the answer's body, where APIs explain the error.
        body: String,
    },
    /// A 2xx answer without a reply in it.
    #[error("the assistant at {endpoint} sent an answer without a reply: {reason}")]
    Malformed { endpoint: String, reason: String },
}

/// The built-in assistant: `support::answer`, no network.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LocalAssistant;

impl Assistant for LocalAssistant {
    fn reply<'a>(
        &'a self,
        question: &'a Question,
    ) -> BoxFuture<'a, Result<String, AssistantError>> {
        let answer = support::answer(&question.message, &question.context);
        Box::pin(std::future::ready(Ok(answer.reply)))
    }

    fn describe(&self) -> String {
        "local (the built-in answers)".to_owned()
    }
}
