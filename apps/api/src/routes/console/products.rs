//! The brand console's product calls (docs/http-api.md, "Console products"): a brand's team,
//! or an admin naming the brand, lists, creates, edits, restocks and archives its products.
//! Shoppers get 403; another brand's product is 404.

use actix_web::http::header::IF_MATCH;
use actix_web::{HttpRequest, HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::console::Manager;
use crate::services::console::products::input::{ProductDraft, ProductInput, ProductPatch};
use crate::services::console::products::wire::{
    ConsoleProduct, ImageSetEntry, ListParams, ProductList, StockRequest,
};
use crate::services::console::products::{self as service, ListQuery, StockInput};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list, create, one, update, set_stock, archive),
    components(schemas(
        ConsoleProduct,
        ImageSetEntry,
        ProductList,
        ProductInput,
        StockRequest
    )),
    tags((name = "console-products", description = "The brand console's products"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use super::super::{delete, get, patch, post, put, resource, resource_of};
    cfg.service(resource_of(
        "/brand/products",
        [get().to(list), post().to(create)],
    ))
    .service(resource("/brand/products/{id}/stock", put().to(set_stock)))
    .service(resource_of(
        "/brand/products/{id}",
        [get().to(one), patch().to(update), delete().to(archive)],
    ));
}

/// The `If-Match` header, when sent as text.
fn if_match(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get(IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// A page of the caller's products, archived ones or the others, read from the database.
#[utoipa::path(
    get,
    path = "/api/brand/products",
    operation_id = "console_list_products",
    tag = "console-products",
    params(ListParams),
    responses(
        (status = 200, body = ProductList, description = "A page of products"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED: page, limit, status, sort or search out of range (`fields`)"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "Forbidden: not a brand's team or an admin"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found (a brand user naming another brand)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let manager = Manager::of(&caller).map_err(service::ProductsError::from)?;
    let query = ListQuery::try_from(query.into_inner())?;
    Ok(HttpResponse::Ok().json(service::list(&state, &manager, query).await?))
}

/// Creates a product (an admin names the brand with `brandId`).
#[utoipa::path(
    post,
    path = "/api/brand/products",
    operation_id = "console_create_product",
    tag = "console-products",
    request_body = ProductInput,
    responses(
        (status = 201, body = ConsoleProduct, description = "Created"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED (`fields` by wire name: name, price, stock.M, category...); BRAND_REQUIRED (an admin naming no brand)"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "Forbidden: not a brand's team or an admin"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<ProductInput>,
) -> Result<HttpResponse, ApiError> {
    let manager = Manager::of(&caller).map_err(service::ProductsError::from)?;
    let draft = ProductDraft::try_from(body.into_inner()).map_err(service::ProductsError::from)?;
    Ok(HttpResponse::Created().json(service::create(&state, &manager, draft).await?))
}

/// One product of the caller's brand, archived or switched off too (the editor's read).
#[utoipa::path(
    get,
    path = "/api/brand/products/{id}",
    operation_id = "console_get_product",
    tag = "console-products",
    params(("id" = String, Path, description = "The product's id")),
    responses(
        (status = 200, body = ConsoleProduct, description = "The product"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "Forbidden: not a brand's team or an admin"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found (or another brand's)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn one(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let manager = Manager::of(&caller).map_err(service::ProductsError::from)?;
    let id = path.into_inner().into();
    Ok(HttpResponse::Ok().json(service::one(&state, &manager, id).await?))
}

/// Edits some fields of a product, at the version the editor read (`version` or `If-Match`);
/// `archived: false` restores an archived product.
#[utoipa::path(
    patch,
    path = "/api/brand/products/{id}",
    operation_id = "console_update_product",
    tag = "console-products",
    params(
        ("id" = String, Path, description = "The product's id"),
        ("If-Match" = Option<String>, Header, description = "The version read, instead of the body's `version`"),
    ),
    request_body = ProductInput,
    responses(
        (status = 200, body = ConsoleProduct, description = "Edited"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED (`fields`); INVALID_VERSION"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "Forbidden: not a brand's team or an admin"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found (or another brand's)"),
        (status = 409, body = crate::error::ErrorBody, description = "STALE_EDIT: changed since it was read; `current` is the product now"),
        (status = 428, body = crate::error::ErrorBody, description = "VERSION_REQUIRED: neither `version` nor If-Match"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn update(
    state: web::Data<AppState>,
    caller: Caller,
    req: HttpRequest,
    path: web::Path<String>,
    body: web::Json<ProductInput>,
) -> Result<HttpResponse, ApiError> {
    let manager = Manager::of(&caller).map_err(service::ProductsError::from)?;
    let patch = ProductPatch::try_from(body.into_inner()).map_err(service::ProductsError::from)?;
    let id = path.into_inner().into();
    let product = service::update(&state, &manager, id, patch, if_match(&req)).await?;
    Ok(HttpResponse::Ok().json(product))
}

/// Sets the units on sale of some of a product's sizes.
#[utoipa::path(
    put,
    path = "/api/brand/products/{id}/stock",
    operation_id = "console_set_product_stock",
    tag = "console-products",
    params(("id" = String, Path, description = "The product's id")),
    request_body = StockRequest,
    responses(
        (status = 200, body = ConsoleProduct, description = "Restocked"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED: `stock.<size>` not a whole number from 0 to 100000, or not one of the product's sizes"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "Forbidden: not a brand's team or an admin"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found (or another brand's)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn set_stock(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<StockRequest>,
) -> Result<HttpResponse, ApiError> {
    let manager = Manager::of(&caller).map_err(service::ProductsError::from)?;
    let stock = StockInput::try_from(body.into_inner())?;
    let id = path.into_inner().into();
    Ok(HttpResponse::Ok().json(service::set_stock(&state, &manager, id, stock).await?))
}

/// Archives a product: shoppers no longer see it; orders and bags keep what they hold.
#[utoipa::path(
    delete,
    path = "/api/brand/products/{id}",
    operation_id = "console_archive_product",
    tag = "console-products",
    params(("id" = String, Path, description = "The product's id")),
    responses(
        (status = 200, body = ConsoleProduct, description = "Archived (`archived: true`)"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "Forbidden: not a brand's team or an admin"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found (or another brand's)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn archive(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let manager = Manager::of(&caller).map_err(service::ProductsError::from)?;
    let id = path.into_inner().into();
    Ok(HttpResponse::Ok().json(service::archive(&state, &manager, id).await?))
}
