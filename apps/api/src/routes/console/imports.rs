//! The brand console's CSV import and export: `POST /api/brand/products/import` and
//! `GET /api/brand/products/export` (docs/http-api.md, "Console import and export").

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use utoipa::OpenApi;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::console::imports::{
    self, ExportQuery, ImportQuery, ImportReport, ImportsError, MAX_FILE_BYTES, RowError,
};
use crate::services::console::shopify::{
    self, ImageCounts, ImportAnswer, PreviewProduct, ShopifyPreview, ShopifyReport,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(import_products, export_products),
    components(schemas(ImportReport, RowError, ImportAnswer, ShopifyPreview, PreviewProduct, ShopifyReport, ImageCounts)),
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

/// After the file is found too large, how much more of the body is read (and dropped) so the
/// client, still sending, reads the 413 instead of a reset connection.
const DRAIN_BYTES: usize = 32 * 1024 * 1024;

/// The file's bytes as they arrive: kept up to [`MAX_FILE_BYTES`], counted past it.
#[derive(Default)]
struct Sink {
    file: Vec<u8>,
    /// Every byte read, the file's and the other fields'.
    read: usize,
    too_large: bool,
}

impl Sink {
    /// Takes `chunk` (kept when it is the file's); `false` once enough has been read to stop.
    fn take(&mut self, chunk: &[u8], is_file: bool) -> bool {
        self.read += chunk.len();
        if is_file && !self.too_large {
            if self.file.len() + chunk.len() > MAX_FILE_BYTES {
                self.too_large = true;
                self.file = Vec::new();
            } else {
                self.file.extend_from_slice(chunk);
            }
        }
        self.read <= MAX_FILE_BYTES + DRAIN_BYTES
    }

    fn finish(self) -> Result<Vec<u8>, ImportsError> {
        if self.too_large || self.read > MAX_FILE_BYTES + DRAIN_BYTES {
            return Err(ImportsError::FileTooLarge);
        }
        Ok(self.file)
    }
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
    let mut sink = Sink::default();
    if !multipart {
        while let Some(chunk) = payload.next().await {
            if !sink.take(&chunk.map_err(|e| unreadable(&e))?, true) {
                break;
            }
        }
        return sink.finish();
    }
    let mut form = actix_multipart::Multipart::new(request.headers(), payload);
    let mut found = false;
    'fields: while let Some(field) = form.next().await {
        let mut field = field.map_err(|e| unreadable(&e))?;
        let is_file = !found && field.name() == Some("file");
        found |= is_file;
        while let Some(chunk) = field.next().await {
            if !sink.take(&chunk.map_err(|e| unreadable(&e))?, is_file) {
                break 'fields;
            }
        }
    }
    if found {
        sink.finish()
    } else {
        Err(ImportsError::FileRequired)
    }
}

/// Imports products from a CSV file: all rows or none, or with `partial=true` the valid rows.
/// With `format=shopify`: previews Shopify's product export (the file), or commits a preview
/// (`commit=<token>`, no file).
#[utoipa::path(
    post,
    path = "/api/brand/products/import",
    tag = "brand console",
    params(ImportQuery),
    request_body(content = String, content_type = "multipart/form-data", description = "The CSV as the `file` field (a `text/csv` body is read too); none with `commit`"),
    responses(
        (status = 200, body = ImportAnswer, description = "Imported: counts, and the rows not imported with their errors (partial). With format=shopify: the preview {preview: true, token, products, errors}, or with commit the report {created, updated, failed, errors, images, warnings}"),
        (status = 400, body = crate::error::ErrorBody, description = "FILE_REQUIRED, INVALID_CSV (not UTF-8 CSV), BRAND_REQUIRED"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "FORBIDDEN: a shopper, or a brand user without a brand"),
        (status = 404, body = crate::error::ErrorBody, description = "A brand user naming another brand; PREVIEW_NOT_FOUND (a commit's token unknown, expired, used or another brand's)"),
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
    let query = query.into_inner();
    let partial = query.partial.unwrap_or(false);
    let file = read_file(&request, payload);
    if query.format.as_deref() != Some("shopify") {
        let report = imports::import(&state, &caller, query.brand_id, partial, file).await?;
        return Ok(HttpResponse::Ok().json(report));
    }
    Ok(match query.commit {
        Some(token) => HttpResponse::Ok()
            .json(shopify::commit(&state, &caller, query.brand_id, &token, partial).await?),
        None => {
            HttpResponse::Ok().json(shopify::preview(&state, &caller, query.brand_id, file).await?)
        }
    })
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
