//! The support chat (001 §2 "Support chat", §8): answered by the configured assistant, which
//! falls back to the local one when a remote assistant fails, so a shopper always gets a reply.

use access::limit::{self, Decision};
use serde::{Deserialize, Serialize};
use store::StoreError;
use store::ids::UserId;
use utoipa::ToSchema;

use crate::state::AppState;

/// Longest message accepted, in characters.
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// Why a message gets no reply.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    #[error("Please type a message.")]
    EmptyMessage,
    #[error("Please keep your message under 1,000 characters.")]
    MessageTooLong,
    /// Over the rate limit; `seconds` until the next message is taken.
    #[error("Too many messages. Please wait {} and try again.", crate::auth::codes::seconds_text(*.seconds))]
    TooMany { seconds: i64 },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// `{message}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatRequest {
    #[schema(value_type = String, max_length = 1000, pattern = "\\S")]
    pub message: Option<String>,
}

/// A message to the assistant: trimmed, not blank, at most [`MAX_MESSAGE_CHARS`] characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message(String);

impl TryFrom<ChatRequest> for Message {
    type Error = ChatError;

    fn try_from(body: ChatRequest) -> Result<Self, ChatError> {
        let message = body.message.as_deref().unwrap_or_default().trim();
        if message.is_empty() {
            return Err(ChatError::EmptyMessage);
        }
        if message.chars().count() > MAX_MESSAGE_CHARS {
            return Err(ChatError::MessageTooLong);
        }
        Ok(Self(message.to_owned()))
    }
}

/// `{reply}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatReply {
    pub reply: String,
}

/// Who asks: a signed-in shopper, or a visitor known by their client address's bucket.
#[derive(Debug, Clone)]
pub enum Asker {
    Shopper(Box<store::UserRecord>),
    Visitor { client: String },
}

/// Answers a message, within the asker's rate limit. Signed in, the account is the bucket
/// (shoppers behind one carrier address do not share it); signed out, the client address is.
pub async fn ask(state: &AppState, asker: Asker, message: Message) -> Result<ChatReply, ChatError> {
    let now = state.clock.now();
    let (bucket, rule) = match &asker {
        Asker::Shopper(user) => (format!("chat:account:{}", user.id), limit::CHAT_PER_ACCOUNT),
        Asker::Visitor { client } => (format!("chat:client:{client}"), limit::CHAT_PER_CLIENT),
    };
    let (decision, _) = state
        .db(move |store| store.take_rate_limit(&bucket, |window| limit::check(&rule, window, now)))
        .await?;
    if let Decision::Wait { seconds } = decision {
        return Err(ChatError::TooMany { seconds });
    }
    let context = match &asker {
        Asker::Shopper(user) => support::Context {
            shopper: Some(support::Shopper {
                first_name: first_name(&user.display_name),
            }),
            orders: Some(order_summaries(state, &user.id).await?),
            now,
        },
        Asker::Visitor { .. } => support::Context {
            shopper: None,
            orders: None,
            now,
        },
    };
    let question = providers::Question {
        message: message.0,
        context,
    };
    let reply = match state.assistant.reply(&question).await {
        Ok(reply) => reply,
        Err(e) => {
            tracing::warn!(error = %e, assistant = %state.assistant.describe(), "the assistant failed; the local one answers");
            support::answer(&question.message, &question.context).reply
        }
    };
    Ok(ChatReply { reply })
}

fn first_name(display_name: &str) -> String {
    display_name
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The shopper's placed orders as the assistant reads them: each with the status line My
/// Orders shows.
async fn order_summaries(
    state: &AppState,
    user: &UserId,
) -> Result<Vec<support::OrderSummary>, ChatError> {
    let user = user.clone();
    let placed = state.db(move |store| store.orders_of_user(&user)).await?;
    Ok(placed
        .iter()
        .map(|stored| {
            let order = &stored.order;
            let life = stored.lifecycle();
            support::OrderSummary {
                id: order.id.to_string(),
                placed_at: order.created_at.and_utc(),
                status: orders::status_text(life.status, &life.delivery).to_owned(),
                estimated_delivery: Some(order.estimated_delivery.and_utc()),
                total_paise: order.total_paise,
                item_names: stored.lines.iter().map(|line| line.name.clone()).collect(),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: Option<&str>) -> Result<Message, ChatError> {
        Message::try_from(ChatRequest {
            message: text.map(str::to_owned),
        })
    }

    #[test]
    fn a_message_is_trimmed_and_must_say_something_in_at_most_1000_characters() {
        assert_eq!(
            message(Some("  hi ")).expect("a message"),
            Message("hi".into())
        );
        assert!(matches!(message(None), Err(ChatError::EmptyMessage)));
        assert!(matches!(
            message(Some(" \n ")),
            Err(ChatError::EmptyMessage)
        ));
        let long = "a".repeat(MAX_MESSAGE_CHARS + 1);
        assert!(matches!(
            message(Some(&long)),
            Err(ChatError::MessageTooLong)
        ));
        assert!(message(Some(&"a".repeat(MAX_MESSAGE_CHARS))).is_ok());
    }

    #[test]
    fn the_wait_is_said_in_words() {
        assert_eq!(
            ChatError::TooMany { seconds: 1 }.to_string(),
            "Too many messages. Please wait 1 second and try again."
        );
    }
}
