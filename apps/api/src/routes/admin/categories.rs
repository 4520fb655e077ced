//! The admin console's category tree (docs/http-api.md, "Admin: categories").

use actix_web::{HttpRequest, HttpResponse, web};
use utoipa::OpenApi;

use super::brands::if_match;
use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::admin::categories::{
    self as service, AdminCategories, AdminCategory, CategoryOrder, CategoryPatch, Deleted,
    NewCategoryBody, OneAdminCategory,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list, create, reorder, update, delete),
    components(schemas(
        AdminCategory,
        AdminCategories,
        OneAdminCategory,
        NewCategoryBody,
        CategoryPatch,
        CategoryOrder,
        Deleted
    )),
    tags((name = "admin-categories", description = "The admin console: the category tree"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{delete as delete_verb, get, patch, post, put, resource, resource_of};
    cfg.service(resource_of(
        "/admin/categories",
        [get().to(list), post().to(create)],
    ))
    .service(resource("/admin/categories/order", put().to(reorder)))
    .service(resource_of(
        "/admin/categories/{id}",
        [patch().to(update), delete_verb().to(delete)],
    ));
}

/// The whole tree in display order, with product counts (admins only).
#[utoipa::path(
    get,
    path = "/api/admin/categories",
    tag = "admin-categories",
    security(("session_cookie" = []), ("bearer" = [])),
    responses(
        (status = 200, body = AdminCategories, description = "Per gender, each top-level category followed by its subcategories"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    ),
)]
pub async fn list(state: web::Data<AppState>, caller: Caller) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(service::list(&state, &caller).await?))
}

/// Adds a category at the end of its level (admins only).
#[utoipa::path(
    post,
    path = "/api/admin/categories",
    tag = "admin-categories",
    security(("session_cookie" = []), ("bearer" = [])),
    request_body = NewCategoryBody,
    responses(
        (status = 201, body = OneAdminCategory, description = "The category"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED, with `fields` (`name`, `gender`, `parentId`, `image`)"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<NewCategoryBody>,
) -> Result<HttpResponse, ApiError> {
    let category = service::create(&state, &caller, body.into_inner()).await?;
    Ok(HttpResponse::Created().json(category))
}

/// Puts sibling categories in a new order (admins only).
#[utoipa::path(
    put,
    path = "/api/admin/categories/order",
    tag = "admin-categories",
    security(("session_cookie" = []), ("bearer" = [])),
    request_body = CategoryOrder,
    responses(
        (status = 200, body = AdminCategories, description = "The whole tree in its new order"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED on `ids`: not exactly the siblings of one level"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    ),
)]
pub async fn reorder(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<CategoryOrder>,
) -> Result<HttpResponse, ApiError> {
    let tree = service::reorder(&state, &caller, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(tree))
}

/// Edits a category at the version the editor read: its name, image or parent (admins only).
#[utoipa::path(
    patch,
    path = "/api/admin/categories/{id}",
    tag = "admin-categories",
    security(("session_cookie" = []), ("bearer" = [])),
    params(
        ("id" = String, Path, description = "The category's id"),
        ("If-Match" = Option<String>, Header, description = "The version read, instead of `version`"),
    ),
    request_body = CategoryPatch,
    responses(
        (status = 200, body = OneAdminCategory, description = "The category as edited"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED, with `fields`; INVALID_VERSION"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 404, body = ErrorBody, description = "No such category"),
        (status = 409, body = ErrorBody, description = "STALE_EDIT with `current`"),
        (status = 428, body = ErrorBody, description = "No version named (VERSION_REQUIRED)"),
    ),
)]
pub async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<CategoryPatch>,
) -> Result<HttpResponse, ApiError> {
    let category = service::update(
        &state,
        &caller,
        id.into_inner(),
        body.into_inner(),
        if_match(&req),
    )
    .await?;
    Ok(HttpResponse::Ok().json(category))
}

/// Deletes a category that no product is filed under and that has no subcategories (admins
/// only).
#[utoipa::path(
    delete,
    path = "/api/admin/categories/{id}",
    tag = "admin-categories",
    security(("session_cookie" = []), ("bearer" = [])),
    params(("id" = String, Path, description = "The category's id")),
    responses(
        (status = 200, body = Deleted, description = "Deleted"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 404, body = ErrorBody, description = "No such category"),
        (status = 409, body = ErrorBody, description = "IN_USE with `count`: products filed under it, or its subcategories"),
    ),
)]
pub async fn delete(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(service::delete(&state, &caller, id.into_inner()).await?))
}
