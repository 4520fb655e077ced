//! Generated artwork: product, category, logo and banner images are SVG drawn by the
//! `catalogue` crate from the path alone, so they need no storage and cache forever.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::error::ApiError;
use crate::services::catalogue as service;

/// An SVG image (`art/{kind}/{colour}/{view}.svg`, `logo/{initials}/{colour}.svg`,
/// `banner/{name}.svg`).
#[utoipa::path(
    get,
    path = "/api/media/{path}",
    tag = "media",
    params(("path" = String, Path, description = "e.g. art/hoodie/navy/front.svg")),
    responses(
        (status = 200, content_type = "image/svg+xml", body = String, description = "The SVG image"),
        (status = 404, body = crate::error::ErrorBody, description = "No such image"),
    ),
)]
pub async fn image(path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let svg = service::artwork(&path)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "image/svg+xml"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
        .body(svg))
}
