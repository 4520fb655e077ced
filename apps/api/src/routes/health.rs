//! Liveness and readiness for orchestrators.

use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::error::input::RequestError;
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

/// The database answers within the connect timeout and its storage (and the data
/// directory's) takes writes; 503 while either fails.
#[utoipa::path(get, path = "/readyz", tag = "health", responses(
    (status = 200, body = Readiness, description = "The database answers and takes writes"),
    (status = 503, body = crate::error::ErrorBody, description = "Database unreachable or not answering in time (`SERVICE_UNAVAILABLE`), or its storage full or read-only (`STORAGE_UNAVAILABLE`)"),
))]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    match state.store.readiness() {
        store::Readiness::Ready => {}
        store::Readiness::Unreachable(why) => {
            return Err(RequestError::DatabaseUnreachable(why).into());
        }
        store::Readiness::StorageFailing(why) => {
            return Err(RequestError::StorageFailing(why).into());
        }
    }
    // The watcher looks twice a second; this ping sees a database that froze since, within
    // the same bound (the blocking thread is left to finish when the database wakes).
    let bound = state.store.connect_timeout();
    match tokio::time::timeout(bound, state.db(|store| store.ping())).await {
        Ok(answer) => answer?,
        Err(_) => {
            return Err(RequestError::DatabaseUnreachable(format!(
                "the database did not answer within {} ms",
                bound.as_millis()
            ))
            .into());
        }
    }
    Ok(HttpResponse::Ok().json(Readiness {
        status: "ok",
        database: state.store.backend(),
    }))
}
