//! The support chat (001 §2 "Support chat", §8): answered by the configured assistant, which
//! falls back to the local one when a remote assistant fails, so a shopper always gets a reply.

use access::limit::{self, Decision};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::MaybeCaller;
use crate::error::ApiError;
use crate::state::AppState;

/// Longest message accepted, in characters.
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// `{message}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatRequest {
    #[schema(value_type = String, max_length = 1000, pattern = "\\S")]
    pub message: Option<String>,
}

/// `{reply}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatReply {
    pub reply: String,
}

/// Asks the support assistant.
#[utoipa::path(
    post,
    path = "/api/chat",
    tag = "chat",
    request_body = ChatRequest,
    responses(
        (status = 200, body = ChatReply, description = "The assistant's reply"),
        (status = 400, body = crate::error::ErrorBody, description = "An empty or too long message"),
        (status = 429, body = crate::error::ErrorBody, description = "Over 60 messages an hour from this account, or, signed out, over 120 an hour from this client address"),
    ),
)]
pub async fn ask(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: MaybeCaller,
    body: web::Json<ChatRequest>,
) -> Result<HttpResponse, ApiError> {
    let message = body.message.as_deref().unwrap_or_default().trim();
    if message.is_empty() {
        return Err(ApiError::bad_request(
            "EMPTY_MESSAGE",
            "Please type a message.",
        ));
    }
    if message.chars().count() > MAX_MESSAGE_CHARS {
        return Err(ApiError::bad_request(
            "MESSAGE_TOO_LONG",
            "Please keep your message under 1,000 characters.",
        ));
    }
    let now = state.clock.now();
    // Signed in, the account is the bucket (shoppers behind one carrier address do not share
    // it); signed out, the client address is.
    let (bucket, rule) = match &caller.0 {
        Some(caller) => (
            format!("chat:account:{}", caller.id()),
            limit::CHAT_PER_ACCOUNT,
        ),
        None => (
            format!(
                "chat:client:{}",
                crate::edge::client_bucket(&req, state.forwarding)
            ),
            limit::CHAT_PER_CLIENT,
        ),
    };
    let store = state.store.clone();
    let (decision, _) = web::block(move || {
        store.take_rate_limit(&bucket, |window| limit::check(&rule, window, now))
    })
    .await??;
    if let Decision::Wait { seconds } = decision {
        return Err(ApiError::TooManyRequests {
            retry_after: seconds,
            message: format!(
                "Too many messages. Please wait {} and try again.",
                crate::auth::codes::seconds_text(seconds)
            ),
        });
    }
    let context = support::Context {
        shopper: caller.0.as_ref().map(|c| support::Shopper {
            first_name: c
                .user
                .display_name
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_owned(),
        }),
        orders: match &caller.0 {
            Some(caller) => Some(order_summaries(&state, caller.id()).await?),
            None => None,
        },
        now,
    };
    let question = providers::Question {
        message: message.to_owned(),
        context,
    };
    let reply = match state.assistant.reply(&question).await {
        Ok(reply) => reply,
        Err(e) => {
            tracing::warn!(error = %e, assistant = %state.assistant.describe(), "the assistant failed; the local one answers");
            support::answer(&question.message, &question.context).reply
        }
    };
    Ok(HttpResponse::Ok().json(ChatReply { reply }))
}

/// The shopper's placed orders as the assistant reads them: each with the status line My
/// Orders shows.
async fn order_summaries(
    state: &AppState,
    user_id: &str,
) -> Result<Vec<support::OrderSummary>, ApiError> {
    let store = state.store.clone();
    let user = user_id.to_owned();
    let placed = web::block(move || store.orders_of_user(&user)).await??;
    Ok(placed
        .iter()
        .map(|stored| {
            let order = &stored.order;
            let life = crate::services::checkout::lifecycle_of(stored);
            support::OrderSummary {
                id: order.id.clone(),
                placed_at: order.created_at.and_utc(),
                status: orders::status_text(life.status, &life.delivery).to_owned(),
                estimated_delivery: Some(order.estimated_delivery.and_utc()),
                total_paise: order.total_paise,
                item_names: stored.lines.iter().map(|line| line.name.clone()).collect(),
            }
        })
        .collect())
}
