//! Saved delivery addresses, the requirements' shipment calls (001 §3, §5, §7): the signed-in
//! shopper's own only. Another user's id in the path answers 404 `User not found`, exactly as
//! a user that does not exist, and changes nothing; the wizard's rules are checked too.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::accounts::wire::Success;
use crate::services::addresses::book::{self, MakeDefault, NewAddress};
pub use crate::services::addresses::wire::{
    Address, DefaultRequest, DeliveryFacts, ShipmentRequest,
};
use crate::state::AppState;

/// One address of the path's user.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct AddressPath {
    /// The caller's own id
    #[serde(rename = "userId")]
    user_id: String,
    /// One of the caller's addresses
    #[serde(rename = "addressId")]
    address_id: String,
}

/// The caller's addresses: the default first, then the newest first.
#[utoipa::path(
    get,
    path = "/api/users/{userId}/shipment",
    operation_id = "list_addresses",
    tag = "addresses",
    params(("userId" = String, Path, description = "The caller's own id")),
    responses(
        (status = 200, body = Vec<Address>, description = "The addresses"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "User not found (not the caller's id)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let owner = book::owner(&caller, path.into_inner())?;
    Ok(HttpResponse::Ok().json(book::list(&state, owner).await?))
}

/// Saves an address for the caller. The first is the default, and so is one saved with
/// `isDefault: true` (the others then are not).
#[utoipa::path(
    post,
    path = "/api/users/{userId}/shipment",
    operation_id = "add_address",
    tag = "addresses",
    params(("userId" = String, Path, description = "The caller's own id")),
    request_body = ShipmentRequest,
    responses(
        (status = 201, body = Address, description = "Saved"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED: a rule is broken; `fields` has each message, by payload name"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "User not found (not the caller's id)"),
        (status = 409, body = crate::error::ErrorBody, description = "ADDRESS_LIMIT: You can save up to 20 addresses."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn add(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<ShipmentRequest>,
) -> Result<HttpResponse, ApiError> {
    let owner = book::owner(&caller, path.into_inner())?;
    let address = NewAddress::try_from(body.into_inner())?;
    Ok(HttpResponse::Created().json(book::add(&state, owner, address).await?))
}

/// Makes one of the caller's addresses the default; every other one stops being it.
#[utoipa::path(
    patch,
    path = "/api/users/{userId}/shipment/{addressId}",
    tag = "addresses",
    params(AddressPath),
    request_body = DefaultRequest,
    responses(
        (status = 200, body = Address, description = "The address, now the default"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_IS_DEFAULT: isDefault is not true"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "User not found (not the caller's id), or Address not found."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn set_default(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<AddressPath>,
    body: web::Json<DefaultRequest>,
) -> Result<HttpResponse, ApiError> {
    let AddressPath {
        user_id,
        address_id,
    } = path.into_inner();
    let owner = book::owner(&caller, user_id)?;
    let asked = MakeDefault::try_from(&*body)?;
    let address = book::make_default(&state, owner, address_id.into(), asked).await?;
    Ok(HttpResponse::Ok().json(address))
}

/// Deletes one of the caller's addresses. When it was the default, the newest remaining one
/// becomes the default.
#[utoipa::path(
    delete,
    path = "/api/users/{userId}/shipment/{addressId}",
    operation_id = "remove_address",
    tag = "addresses",
    params(AddressPath),
    responses(
        (status = 200, body = Success, description = "Deleted"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "User not found (not the caller's id), or Address not found."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn remove(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<AddressPath>,
) -> Result<HttpResponse, ApiError> {
    let AddressPath {
        user_id,
        address_id,
    } = path.into_inner();
    let owner = book::owner(&caller, user_id)?;
    book::remove(&state, owner, address_id.into()).await?;
    Ok(HttpResponse::Ok().json(Success { success: true }))
}
