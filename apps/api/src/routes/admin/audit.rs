//! The admin console's audit trail (docs/http-api.md, "Admin: the audit trail").

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::admin::audit::{
    self as service, AuditActor, AuditEntry, AuditPage, AuditParams,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list),
    components(schemas(AuditActor, AuditEntry, AuditPage)),
    tags((name = "admin-audit", description = "The admin console: the audit trail of console writes"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, resource};
    cfg.service(resource("/admin/audit", get().to(list)));
}

/// Every console write, newest first, by actor and kind of record (admins only).
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin-audit",
    security(("session_cookie" = []), ("bearer" = [])),
    params(AuditParams),
    responses(
        (status = 200, body = AuditPage, description = "A page of the trail"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED: `actor`, `entity`, `page` or `limit`"),
        (status = 401, body = ErrorBody, description = "No valid session"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<AuditParams>,
) -> Result<HttpResponse, ApiError> {
    let page = service::list(&state, &caller, query.into_inner()).await?;
    Ok(HttpResponse::Ok().json(page))
}
