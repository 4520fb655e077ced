//! The brand console's CSV import and export: `POST /api/brand/products/import` and
//! `GET /api/brand/products/export` (docs/http-api.md, "Console import and export").

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use serde::Deserialize;
use utoipa::{IntoParams, OpenApi};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::console::imports::{
    self, ImportReport, ImportsError, MAX_FILE_BYTES, RowError,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(import_products, export_products),
    components(schemas(ImportReport, RowError)),
    tags((name = "brand console", description = "A brand's products, stock, images, imports, coupons and orders"))
)]
pub struct Doc;

/// Registers this family's routes under `/api` (before the products' `/brand/products/{id}`).
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use crate::routes::{get, post, resource};
    cfg.service(resource(
        "/brand/products/import",
        post().to(import_products),
    ))
    .service(resource(
        "/brand/products/export",
        get().to(export_products),
    ));
}

/// `?partial=&brandId=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ImportQuery {
    /// `true`: write the valid rows and report the others (default: all or nothing).
    pub partial: Option<bool>,
    /// The brand (admins).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
}

/// `?brandId=&status=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ExportQuery {
    /// The brand (admins).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
    /// `active` (the default: not archived), `archived` or `all`.
    #[param(pattern = "^(active|archived|all)$")]
    pub status: Option<String>,
}

/// Appends `chunk` to `into`, refusing anything past [`MAX_FILE_BYTES`].
fn append(into: &mut Vec<u8>, chunk: &[u8]) -> Result<(), ImportsError> {
    if into.len() + chunk.len() > MAX_FILE_BYTES {
        return Err(ImportsError::FileTooLarge);
    }
    into.extend_from_slice(chunk);
    Ok(())
}

/// The CSV file: the multipart field `file`, or the whole body of any other content type.
async fn read_file(
    request: &HttpRequest,
    mut payload: web::Payload,
) -> Result<Vec<u8>, ImportsError> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"));
    let unreadable = |e: &dyn std::fmt::Display| ImportsError::NotCsv(e.to_string());
    let mut file = Vec::new();
    if !multipart {
        while let Some(chunk) = payload.next().await {
            append(&mut file, &chunk.map_err(|e| unreadable(&e))?)?;
        }
        return Ok(file);
    }
    let mut form = actix_multipart::Multipart::new(request.headers(), payload);
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|e| unreadable(&e))?;
        let is_file = field.name() == Some("file");
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| unreadable(&e))?;
            if is_file {
                append(&mut file, &chunk)?;
            }
        }
        if is_file {
            return Ok(file);
        }
    }
    Err(ImportsError::FileRequired)
}

/// Imports products from a CSV file: all rows or none, or with `partial=true` the valid rows.
#[utoipa::path(
    post,
    path = "/api/brand/products/import",
    tag = "brand console",
    params(ImportQuery),
    request_body(content = String, content_type = "multipart/form-data", description = "The CSV as the `file` field (a `text/csv` body is read too)"),
    responses(
        (status = 200, body = ImportReport, description = "Imported: counts, and the rows not imported with their errors (partial)"),
        (status = 400, body = crate::error::ErrorBody, description = "FILE_REQUIRED, INVALID_CSV (not UTF-8 CSV), BRAND_REQUIRED"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "A brand user naming another brand"),
        (status = 413, body = crate::error::ErrorBody, description = "PAYLOAD_TOO_LARGE: over 10 MB"),
        (status = 422, body = crate::error::ErrorBody, description = "IMPORT_INVALID with `failed` and `errors` [{row, field, message}], nothing imported; IMPORT_TOO_LARGE (over 20,000 rows)"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn import_products(
    state: web::Data<AppState>,
    caller: Caller,
    request: HttpRequest,
    query: web::Query<ImportQuery>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let file = read_file(&request, payload).await?;
    let query = query.into_inner();
    let partial = query.partial.unwrap_or(false);
    let report = imports::import(&state, &caller, query.brand_id, partial, &file).await?;
    Ok(HttpResponse::Ok().json(report))
}

/// The brand's products as a CSV file.
#[utoipa::path(
    get,
    path = "/api/brand/products/export",
    tag = "brand console",
    params(ExportQuery),
    responses(
        (status = 200, content_type = "text/csv", body = String, description = "An attachment: the header, then one product a row, oldest first"),
        (status = 400, body = crate::error::ErrorBody, description = "BRAND_REQUIRED (an admin without brandId), INVALID_STATUS"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "A brand user naming another brand"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn export_products(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let file = imports::export(&state, &caller, query.brand_id, query.status).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", file.filename),
        ))
        .body(file.body))
}
