//! The bag (001 §2 Bag, §3 Cart, §4 Bag): the signed-in shopper's own bag only; the user comes
//! from the session. Every call answers the whole bag.

use actix_web::{HttpResponse, web};
use store::ids::{ProductId, UserId};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::bag::wire::{AddRequest, Cart, QuantityRequest};
use crate::services::bag::{self as service, wire};
use crate::state::AppState;

fn user(caller: &Caller) -> UserId {
    caller.id().clone()
}

fn answer(cart: Cart) -> HttpResponse {
    HttpResponse::Ok().json(cart)
}

/// The caller's bag.
#[utoipa::path(
    get,
    path = "/api/cart",
    tag = "bag",
    responses(
        (status = 200, body = Cart, description = "The bag"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn get(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(answer(service::bag(&state, &user(&caller)).await?))
}

/// Adds a quantity of a product in a size to the caller's bag.
#[utoipa::path(
    post,
    path = "/api/cart/items",
    operation_id = "add_to_bag",
    tag = "bag",
    request_body = AddRequest,
    responses(
        (status = 200, body = Cart, description = "The bag, with the quantity added to the line of that product and size"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_PRODUCT_ID, INVALID_SIZE or INVALID_QUANTITY"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found."),
        (status = 409, body = crate::error::ErrorBody, description = "BRAND_CONFLICT: the bag holds another brand (currentBrand, newBrand)"),
        (status = 422, body = crate::error::ErrorBody, description = "NOT_ENOUGH_STOCK (available) or QUANTITY_LIMIT"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn add(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<AddRequest>,
) -> Result<HttpResponse, ApiError> {
    let wanted = wire::Wanted::try_from(body.into_inner())?;
    Ok(answer(service::add(&state, &user(&caller), wanted).await?))
}

/// Empties the caller's bag and adds, in one transaction: the brand-conflict dialog's 'Switch
/// to {brand}'. When the add is refused, the bag keeps what it held.
#[utoipa::path(
    post,
    path = "/api/cart/switch-brand",
    tag = "bag",
    request_body = AddRequest,
    responses(
        (status = 200, body = Cart, description = "The bag, holding only the product added"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_PRODUCT_ID, INVALID_SIZE or INVALID_QUANTITY"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found."),
        (status = 422, body = crate::error::ErrorBody, description = "NOT_ENOUGH_STOCK (available)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn switch_brand(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<AddRequest>,
) -> Result<HttpResponse, ApiError> {
    let wanted = wire::Wanted::try_from(body.into_inner())?;
    Ok(answer(
        service::switch_brand(&state, &user(&caller), wanted).await?,
    ))
}

/// Sets the quantity of a line of the caller's bag; 0 takes it out.
#[utoipa::path(
    put,
    path = "/api/cart/items/{productId}/{size}",
    tag = "bag",
    params(
        ("productId" = String, Path, description = "The line's product"),
        ("size" = String, Path, description = "The line's size"),
    ),
    request_body = QuantityRequest,
    responses(
        (status = 200, body = Cart, description = "The bag"),
        (status = 400, body = crate::error::ErrorBody, description = crate::error::bag::INVALID_QUANTITY),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "That item is not in your bag."),
        (status = 422, body = crate::error::ErrorBody, description = "NOT_ENOUGH_STOCK (available)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn set_quantity(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
    body: web::Json<QuantityRequest>,
) -> Result<HttpResponse, ApiError> {
    let (product_id, size) = path.into_inner();
    let quantity = wire::Quantity::try_from(body.into_inner())?;
    let cart = service::set_quantity(
        &state,
        &user(&caller),
        ProductId::new(product_id),
        size,
        quantity,
    )
    .await?;
    Ok(answer(cart))
}

/// Takes a line out of the caller's bag.
#[utoipa::path(
    delete,
    path = "/api/cart/items/{productId}/{size}",
    operation_id = "remove_from_bag",
    tag = "bag",
    params(
        ("productId" = String, Path, description = "The line's product"),
        ("size" = String, Path, description = "The line's size"),
    ),
    responses(
        (status = 200, body = Cart, description = "The bag"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "That item is not in your bag."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn remove(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (product_id, size) = path.into_inner();
    let cart = service::remove(&state, &user(&caller), ProductId::new(product_id), size).await?;
    Ok(answer(cart))
}

/// Empties the caller's bag.
#[utoipa::path(
    delete,
    path = "/api/cart",
    tag = "bag",
    responses(
        (status = 200, body = Cart, description = "The empty bag"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn clear(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(answer(service::clear(&state, &user(&caller)).await?))
}

/// The requirements' `DELETE /cart/delete`: empties the caller's bag. Its `{phone}` body is
/// not read: whose bag it is comes from the session, never from the request.
#[utoipa::path(
    delete,
    path = "/api/cart/delete",
    tag = "bag",
    responses(
        (status = 200, body = Cart, description = "The empty bag"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn clear_by_phone(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    clear(state, caller).await
}
