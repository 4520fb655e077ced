//! The support chat (001 §2 "Support chat", §8).

use actix_web::{HttpRequest, HttpResponse, web};

use crate::auth::MaybeCaller;
use crate::error::ApiError;
use crate::services::chat::{self as service, Asker, ChatReply, ChatRequest, Message};
use crate::state::AppState;

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
    let message = Message::try_from(body.into_inner())?;
    let asker = match caller.0 {
        Some(caller) => Asker::Shopper(Box::new((*caller.user).clone())),
        None => Asker::Visitor {
            client: crate::edge::client_bucket(&req, state.forwarding),
        },
    };
    let reply = service::ask(&state, asker, message).await?;
    Ok(HttpResponse::Ok().json(reply))
}
