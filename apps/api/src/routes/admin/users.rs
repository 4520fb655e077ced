//! The admin console's users and roles (docs/http-api.md, "Admin: users and roles").

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::admin::users::{
    self as service, AdminUser, AdminUsers, NamedRef, OneAdminUser, RoleBody, UserSearch,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list, set_role),
    components(schemas(AdminUser, AdminUsers, OneAdminUser, RoleBody, NamedRef)),
    tags((name = "admin-users", description = "The admin console: users and roles"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, put, resource};
    cfg.service(resource("/admin/users", get().to(list)))
        .service(resource("/admin/users/{id}/role", put().to(set_role)));
}

/// A page of users, newest first, found by e-mail or name (admins only).
#[utoipa::path(
    get,
    path = "/api/admin/users",
    tag = "admin-users",
    security(("session_cookie" = []), ("bearer" = [])),
    params(UserSearch),
    responses(
        (status = 200, body = AdminUsers, description = "A page of users"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED: `search`, `page` or `limit`"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<UserSearch>,
) -> Result<HttpResponse, ApiError> {
    let users = service::list(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(users))
}

/// Gives a user a role: shopper, a brand's user (with `brandId`) or admin (admins only). It
/// applies to the user's next call.
#[utoipa::path(
    put,
    path = "/api/admin/users/{id}/role",
    tag = "admin-users",
    security(("session_cookie" = []), ("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")),
    request_body = RoleBody,
    responses(
        (status = 200, body = OneAdminUser, description = "The user with their new role"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED: `role`, or `brandId` missing for a brand user or given for another role"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 404, body = ErrorBody, description = "No such user, or no such brand"),
        (status = 409, body = ErrorBody, description = "LAST_ADMIN: it would leave the shop without an admin"),
    ),
)]
pub async fn set_role(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    body: web::Json<RoleBody>,
) -> Result<HttpResponse, ApiError> {
    let user = service::set_role(&state, &caller, id.into_inner(), body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(user))
}
