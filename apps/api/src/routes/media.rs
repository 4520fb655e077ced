//! Images under `/api/media/`: uploads stored by the media service (`u/<hash>-<width>.jpg`),
//! and generated artwork (product, category, logo and banner SVG drawn by the `catalogue`
//! crate from the path alone). Both are named for their content, so they cache forever.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::error::ApiError;
use crate::services::media as service;
use crate::state::AppState;

/// An image: an upload's variant (`u/<hash>-<width>.jpg` or `.png`) or SVG art
/// (`art/{kind}/{colour}/{view}.svg`, `logo/{initials}/{colour}.svg`, `banner/{name}.svg`).
#[utoipa::path(
    get,
    path = "/api/media/{path}",
    tag = "media",
    params(("path" = String, Path, description = "e.g. u/0123456789abcdef0123456789abcdef-640.jpg or art/hoodie/navy/front.svg")),
    responses(
        (status = 200, content_type = "image/jpeg", body = Vec<u8>, description = "A stored upload (JPEG, or PNG when it uses transparency)"),
        (status = 200, content_type = "image/svg+xml", body = String, description = "Generated art"),
        (status = 404, body = crate::error::ErrorBody, description = "No such image"),
        (status = 503, body = crate::error::ErrorBody, description = "The image storage cannot be read"),
    ),
)]
pub async fn image(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let file = service::serve(&state, &path).await?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, file.content_type))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .body(file.bytes))
}
