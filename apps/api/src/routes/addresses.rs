//! Saved delivery addresses, the requirements' shipment calls (001 §3, §5, §7): the signed-in
//! shopper's own only. Another user's id in the path answers 404 `User not found`, exactly as
//! a user that does not exist, and changes nothing; the wizard's rules are checked here too.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use store::ids::{AddressId, UserId};
use utoipa::ToSchema;
use validation::{FormErrors, ShipmentInput};

use super::users::Success;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::state::AppState;

/// The `billing_*` payload the address wizard saves (001 §3), and whether the address is to be
/// the default.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShipmentRequest {
    pub billing_customer_name: Option<String>,
    /// Ten digits.
    pub billing_phone: Option<String>,
    /// An @gmail.com address.
    pub billing_email: Option<String>,
    /// Flat number and wing or building, joined.
    pub billing_address: Option<String>,
    /// The street, or the searched address.
    pub billing_address_2: Option<String>,
    pub billing_city: Option<String>,
    /// Six digits, the first 1 to 9.
    pub billing_pincode: Option<String>,
    pub billing_state: Option<String>,
    /// `India` when missing.
    pub billing_country: Option<String>,
    /// Make it the default (the first address saved is the default anyway).
    #[serde(rename = "isDefault")]
    pub is_default: Option<bool>,
}

/// `{isDefault: true}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DefaultRequest {
    /// Must be `true`.
    #[serde(rename = "isDefault")]
    #[schema(value_type = bool)]
    pub is_default: Option<serde_json::Value>,
}

/// What the address's pincode means for delivery from the warehouse (400001, 001 §9).
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryFacts {
    /// The distance estimate: the difference of the pincodes' first three digits × 10 km.
    #[serde(rename = "distanceKm")]
    pub distance_km: u32,
    /// Whether 60-minute express delivery reaches it (50 km at most).
    #[serde(rename = "expressAvailable")]
    pub express_available: bool,
    /// The delivery window shown: `60-90 min`, `2-4 hours`, ...
    pub window: &'static str,
    #[serde(rename = "minMinutes")]
    pub min_minutes: u32,
    #[serde(rename = "maxMinutes")]
    pub max_minutes: u32,
}

impl DeliveryFacts {
    fn of(pincode: delivery::Pincode) -> Self {
        let window = delivery::delivery_window(pincode);
        Self {
            distance_km: delivery::distance_from_warehouse(pincode),
            express_available: delivery::express_available(pincode),
            window: window.label,
            min_minutes: window.min_minutes,
            max_minutes: window.max_minutes,
        }
    }
}

/// A saved address.
#[derive(Debug, Serialize, ToSchema)]
pub struct Address {
    #[serde(rename = "_id")]
    pub id: String,
    pub billing_customer_name: String,
    pub billing_phone: String,
    pub billing_email: String,
    pub billing_address: String,
    pub billing_address_2: String,
    pub billing_city: String,
    pub billing_pincode: String,
    pub billing_state: String,
    pub billing_country: String,
    #[serde(rename = "isDefault")]
    pub is_default: bool,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
    /// `null` only for a stored pincode that is not one (a row written by hand).
    pub delivery: Option<DeliveryFacts>,
}

impl From<store::AddressRecord> for Address {
    fn from(record: store::AddressRecord) -> Self {
        Self {
            delivery: delivery::Pincode::parse(&record.pincode)
                .ok()
                .map(DeliveryFacts::of),
            id: record.id.into(),
            billing_customer_name: record.customer_name,
            billing_phone: record.phone,
            billing_email: record.email,
            billing_address: record.address,
            billing_address_2: record.address_2,
            billing_city: record.city,
            billing_pincode: record.pincode,
            billing_state: record.state,
            billing_country: record.country,
            is_default: record.is_default,
            created_at: record.created_at.and_utc(),
        }
    }
}

fn user_not_found() -> ApiError {
    ApiError::NotFound("User not found".into())
}

fn address_not_found() -> ApiError {
    ApiError::NotFound("Address not found.".into())
}

/// 404 unless the path's user is the caller: another shopper's addresses are answered as if
/// that shopper did not exist.
fn own(caller: &Caller, user_id: &str) -> Result<(), ApiError> {
    if user_id == caller.id() {
        Ok(())
    } else {
        Err(user_not_found())
    }
}

/// The first broken rule as the message, and each field's under its payload name.
fn invalid(errors: &FormErrors) -> ApiError {
    ApiError::Invalid {
        message: errors.to_string(),
        fields: errors
            .iter()
            .map(|(field, error)| (field.as_str().to_owned(), error.to_string()))
            .collect(),
    }
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
    let user_id = path.into_inner();
    own(&caller, &user_id)?;
    let store = state.store.clone();
    let rows = web::block(move || store.addresses(&UserId::new(user_id))).await??;
    let answer: Vec<Address> = rows.into_iter().map(Address::from).collect();
    Ok(HttpResponse::Ok().json(answer))
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
    let user_id = path.into_inner();
    own(&caller, &user_id)?;
    let body = body.into_inner();
    let asked = body.is_default.unwrap_or(false);
    let shipment = validation::validate_shipment(&ShipmentInput {
        billing_customer_name: body.billing_customer_name.unwrap_or_default(),
        billing_phone: body.billing_phone.unwrap_or_default(),
        billing_email: body.billing_email.unwrap_or_default(),
        billing_address: body.billing_address.unwrap_or_default(),
        billing_address_2: body.billing_address_2.unwrap_or_default(),
        billing_city: body.billing_city.unwrap_or_default(),
        billing_pincode: body.billing_pincode.unwrap_or_default(),
        billing_state: body.billing_state.unwrap_or_default(),
        billing_country: body.billing_country,
    })
    .map_err(|e| invalid(&e))?;
    let record = store::AddressRecord {
        id: AddressId::new(uuid::Uuid::now_v7().to_string()),
        user_id: UserId::new(user_id),
        customer_name: shipment.customer_name().as_str().to_owned(),
        phone: shipment.phone().as_str().to_owned(),
        email: shipment.email().as_str().to_owned(),
        address: shipment.address().as_str().to_owned(),
        address_2: shipment.address_2().as_str().to_owned(),
        city: shipment.city().as_str().to_owned(),
        pincode: shipment.pincode().to_string(),
        state: shipment.state().as_str().to_owned(),
        country: shipment.country().as_str().to_owned(),
        // admit_address decides, from the addresses already saved.
        is_default: false,
        created_at: state.clock.now().naive_utc(),
    };
    let store = state.store.clone();
    let outcome = web::block(move || {
        store.add_address(&record, |saved| validation::admit_address(saved, asked))
    })
    .await??;
    match outcome {
        Some(Ok(saved)) => Ok(HttpResponse::Created().json(Address::from(saved))),
        Some(Err(refusal)) => Err(ApiError::Conflict {
            code: "ADDRESS_LIMIT",
            message: refusal.to_string(),
        }),
        // The account was deleted while the address was on its way.
        None => Err(user_not_found()),
    }
}

/// Makes one of the caller's addresses the default; every other one stops being it.
#[utoipa::path(
    patch,
    path = "/api/users/{userId}/shipment/{addressId}",
    tag = "addresses",
    params(
        ("userId" = String, Path, description = "The caller's own id"),
        ("addressId" = String, Path, description = "One of the caller's addresses"),
    ),
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
    path: web::Path<(String, String)>,
    body: web::Json<DefaultRequest>,
) -> Result<HttpResponse, ApiError> {
    let (user_id, address_id) = path.into_inner();
    own(&caller, &user_id)?;
    // One address is always the default, so none can be made "not the default" on its own.
    if body
        .is_default
        .as_ref()
        .and_then(serde_json::Value::as_bool)
        != Some(true)
    {
        return Err(ApiError::bad_request(
            "INVALID_IS_DEFAULT",
            "isDefault must be true (to change the default, make another address the default)",
        ));
    }
    let store = state.store.clone();
    let found = web::block(move || {
        store.set_default_address(&UserId::new(user_id), &AddressId::new(address_id))
    })
    .await??;
    let address = found.ok_or_else(address_not_found)?;
    Ok(HttpResponse::Ok().json(Address::from(address)))
}

/// Deletes one of the caller's addresses. When it was the default, the newest remaining one
/// becomes the default.
#[utoipa::path(
    delete,
    path = "/api/users/{userId}/shipment/{addressId}",
    operation_id = "remove_address",
    tag = "addresses",
    params(
        ("userId" = String, Path, description = "The caller's own id"),
        ("addressId" = String, Path, description = "One of the caller's addresses"),
    ),
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
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (user_id, address_id) = path.into_inner();
    own(&caller, &user_id)?;
    let store = state.store.clone();
    let deleted = web::block(move || {
        store.delete_address(
            &UserId::new(user_id),
            &AddressId::new(address_id),
            |remaining| {
                validation::next_default(remaining.iter().map(|a| (a.id.as_str(), a.created_at)))
                    .map(AddressId::new)
            },
        )
    })
    .await??;
    if deleted {
        Ok(HttpResponse::Ok().json(Success { success: true }))
    } else {
        Err(address_not_found())
    }
}
