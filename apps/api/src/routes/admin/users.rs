//! TODO-STUB: filled by the owner of this family (issue 21).

use actix_web::web;
use utoipa::OpenApi;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi()]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(_cfg: &mut web::ServiceConfig) {}
