//! The curated list (001 §3 curated list entry, §4 wishlist toggle): the signed-in shopper's
//! own list only; the user comes from the session, never from the request.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::catalogue::Snapshot;
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::{self, Decimal};

/// `{productId}`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CuratedAddRequest)]
pub struct AddRequest {
    #[serde(rename = "productId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub product_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EntryBrand {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// One product in the list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Entry {
    /// The product's id.
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub price: Decimal,
    #[serde(rename = "offerPercentage")]
    pub offer_percentage: i32,
    pub images: Vec<String>,
    pub brand: EntryBrand,
    /// Category names, top level first.
    pub category: Vec<String>,
    pub tags: Vec<String>,
    pub sizes: Vec<String>,
    #[serde(rename = "addedAt")]
    pub added_at: chrono::DateTime<chrono::Utc>,
}

/// Whether the product should be in the list.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetRequest {
    #[serde(rename = "inList")]
    #[schema(value_type = bool)]
    pub in_list: Option<serde_json::Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Membership {
    #[serde(rename = "productId")]
    pub product_id: String,
    #[serde(rename = "inList")]
    pub in_list: bool,
    /// False when the list already was as asked.
    pub changed: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SetAnswer {
    pub success: bool,
    pub data: Membership,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Removed {
    pub success: bool,
}

fn entry(
    snapshot: &Snapshot,
    media_origin: &str,
    product_id: &str,
    added_at: chrono::NaiveDateTime,
) -> Option<Entry> {
    let record = &snapshot.entries()[snapshot.product(product_id)?].record;
    Some(Entry {
        id: record.id.to_string(),
        name: record.name.clone(),
        price: Decimal::from_paise(record.price_paise),
        offer_percentage: record.offer_percentage,
        images: record
            .images
            .iter()
            .map(|u| wire::absolute_url(media_origin, u.clone()))
            .collect(),
        brand: EntryBrand {
            id: record.brand.id.to_string(),
            name: record.brand.name.clone(),
        },
        category: record.categories.iter().map(|c| c.name.clone()).collect(),
        tags: record.tags.clone(),
        sizes: record.stock.iter().map(|(size, _)| size.clone()).collect(),
        added_at: added_at.and_utc(),
    })
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
    let store = state.store.clone();
    let user = caller.id().to_owned();
    let rows = web::block(move || store.curated_list(&user)).await??;
    let snapshot = state.catalogue.snapshot();
    let origin = state.catalogue.media_origin();
    let entries: Vec<Entry> = rows
        .into_iter()
        .filter_map(|(id, at)| entry(&snapshot, origin, &id, at))
        .collect();
    Ok(HttpResponse::Ok().json(entries))
}

/// Adds a product to the caller's list (201), or answers it as it is when already there (200).
#[utoipa::path(
    post,
    path = "/api/curated-list",
    operation_id = "add_to_curated_list",
    tag = "curated list",
    request_body = AddRequest,
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
    body: web::Json<AddRequest>,
) -> Result<HttpResponse, ApiError> {
    let product_id = body
        .product_id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ApiError::bad_request("INVALID_PRODUCT_ID", "productId is required"))?
        .to_owned();
    let snapshot = state.catalogue.snapshot();
    if snapshot.product(&product_id).is_none() {
        return Err(ApiError::NotFound("Product not found.".into()));
    }
    let now = state.clock.now();
    let store = state.store.clone();
    let user = caller.id().to_owned();
    let id = store::ids::ProductId::new(product_id.as_str());
    let (added, rows) = web::block(move || {
        let added = store.add_to_curated_list(&user, &id, now)?;
        store.curated_list(&user).map(|rows| (added, rows))
    })
    .await??;
    let added_at = rows
        .into_iter()
        .find(|(id, _)| *id == product_id)
        .map_or(now.naive_utc(), |(_, at)| at);
    let answer = entry(
        &snapshot,
        state.catalogue.media_origin(),
        &product_id,
        added_at,
    )
    .ok_or_else(|| ApiError::NotFound("Product not found.".into()))?;
    Ok(if added {
        HttpResponse::Created().json(answer)
    } else {
        HttpResponse::Ok().json(answer)
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
    let store = state.store.clone();
    let user = caller.id().to_owned();
    let product_id = path.into_inner();
    let product_id = store::ids::ProductId::new(product_id);
    let removed = web::block(move || store.remove_from_curated_list(&user, &product_id)).await??;
    if removed {
        Ok(HttpResponse::Ok().json(Removed { success: true }))
    } else {
        Err(ApiError::NotFound(
            "That product is not in your curated list.".into(),
        ))
    }
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
    let in_list = body
        .in_list
        .as_ref()
        .and_then(serde_json::Value::as_bool)
        .ok_or_else(|| ApiError::bad_request("INVALID_IN_LIST", "inList must be true or false"))?;
    let product_id = path.into_inner();
    // Taking out a product the catalogue no longer shows is fine; putting one in is not.
    if in_list && state.catalogue.snapshot().product(&product_id).is_none() {
        return Err(ApiError::NotFound("Product not found.".into()));
    }
    let now = state.clock.now();
    let store = state.store.clone();
    let user = caller.id().to_owned();
    let id = store::ids::ProductId::new(product_id.as_str());
    let changed = web::block(move || {
        if in_list {
            store.add_to_curated_list(&user, &id, now)
        } else {
            store.remove_from_curated_list(&user, &id)
        }
    })
    .await??;
    Ok(HttpResponse::Ok().json(SetAnswer {
        success: true,
        data: Membership {
            product_id,
            in_list,
            changed,
        },
    }))
}
