//! Liveness and readiness for orchestrators.

use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    #[schema(example = "ok")]
    pub status: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Readiness {
    #[schema(example = "ok")]
    pub status: &'static str,
    /// "sqlite" or "postgres".
    #[schema(example = "sqlite")]
    pub database: &'static str,
}

/// The process is up (it does not touch the database).
#[utoipa::path(get, path = "/healthz", tag = "health", responses((status = 200, body = Health, description = "The process is up")))]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health { status: "ok" })
}

/// The database answers; 503 while it does not.
#[utoipa::path(get, path = "/readyz", tag = "health", responses(
    (status = 200, body = Readiness, description = "The database answers"),
    (status = 503, body = crate::error::ErrorBody, description = "Database unreachable"),
))]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    web::block(move || store.ping()).await??;
    Ok(HttpResponse::Ok().json(Readiness {
        status: "ok",
        database: state.store.backend(),
    }))
}
