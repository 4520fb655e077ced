//! The curated list (001 §3 curated list entry, §4 wishlist toggle): the signed-in shopper's
//! own list only; the user comes from the session, never from the request.

use actix_web::{HttpResponse, web};
use store::ids::{ProductId, UserId};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::bag::curated as service;
use crate::services::bag::wire::{
    CuratedAddRequest, Entry, InList, Removed, SetAnswer, SetRequest,
};
use crate::state::AppState;

fn user(caller: &Caller) -> UserId {
    caller.id().clone()
}

/// The caller's list, newest first. Products shoppers can no longer see are left out.
#[utoipa::path(
    get,
    path = "/api/curated-list",
    operation_id = "list_curated",
    tag = "curated list",
    responses(
        (status = 200, body = Vec<Entry>, description = "The list"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn list(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(service::list(&state, &user(&caller)).await?))
}

/// Adds a product to the caller's list (201), or answers it as it is when already there (200).
#[utoipa::path(
    post,
    path = "/api/curated-list",
    operation_id = "add_to_curated_list",
    tag = "curated list",
    request_body = CuratedAddRequest,
    responses(
        (status = 201, body = Entry, description = "Added"),
        (status = 200, body = Entry, description = "It was in the list already"),
        (status = 400, body = crate::error::ErrorBody, description = "No productId"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn add(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CuratedAddRequest>,
) -> Result<HttpResponse, ApiError> {
    let product_id = ProductId::try_from(body.into_inner())?;
    let added = service::add(&state, &user(&caller), product_id).await?;
    Ok(if added.added {
        HttpResponse::Created().json(added.entry)
    } else {
        HttpResponse::Ok().json(added.entry)
    })
}

/// Takes a product out of the caller's list.
#[utoipa::path(
    delete,
    path = "/api/curated-list/{productId}",
    operation_id = "remove_from_curated_list",
    tag = "curated list",
    params(("productId" = String, Path, description = "The product to take out")),
    responses(
        (status = 200, body = Removed, description = "Taken out"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "That product is not in your curated list."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn remove(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let product_id = ProductId::new(path.into_inner());
    Ok(HttpResponse::Ok().json(service::remove(&state, &user(&caller), product_id).await?))
}

/// Puts a product in the caller's list or takes it out, as asked: the wishlist heart's toggle,
/// sent as the state wanted so a repeated or doubled tap changes nothing more (001 §4).
#[utoipa::path(
    put,
    path = "/api/curated-list/{productId}",
    tag = "curated list",
    params(("productId" = String, Path, description = "The product")),
    request_body = SetRequest,
    responses(
        (status = 200, body = SetAnswer, description = "The list is as asked; `changed` says whether it had to change"),
        (status = 400, body = crate::error::ErrorBody, description = "inList is not true or false"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found. (only when putting it in)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn set(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<SetRequest>,
) -> Result<HttpResponse, ApiError> {
    let in_list = InList::try_from(body.into_inner())?;
    let product_id = ProductId::new(path.into_inner());
    Ok(HttpResponse::Ok().json(service::set(&state, &user(&caller), product_id, in_list).await?))
}
