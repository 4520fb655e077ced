//! Images in the consoles: a product's images (`/api/brand/products/{id}/images`: upload,
//! remove, order) for the brand's team or an admin, and a brand's logo
//! (`/api/admin/brands/{id}/logo`) for admins. Uploads are multipart forms with the image in
//! the field `file` (docs/http-api.md, "Console images").

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;

use actix_multipart::Multipart;

use super::super::upload;
use super::super::{delete, post, put, resource, resource_of};
use crate::auth::Caller;
use crate::error::{ApiError, ErrorBody};
use crate::services::console::Manager;
use crate::services::console::images::{
    self as service, ImageOrder, ImageSetEntry, LogoAnswer, LogoBrand, ProductImages, UploadedImage,
};
use crate::state::AppState;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(upload, remove, reorder, logo),
    components(schemas(
        UploadedImage,
        ImageSetEntry,
        ProductImages,
        ImageOrder,
        LogoAnswer,
        LogoBrand,
        FileForm
    )),
    tags((name = "console images", description = "Product images and brand logos"))
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(resource(
        "/brand/products/{id}/images/order",
        put().to(reorder),
    ))
    .service(resource_of(
        "/brand/products/{id}/images",
        [post().to(upload)],
    ))
    .service(resource(
        "/brand/products/{id}/images/{imageId}",
        delete().to(remove),
    ))
    .service(resource("/admin/brands/{id}/logo", post().to(logo)));
}

/// `multipart/form-data` with the image in `file` (JPEG, PNG or WebP by its bytes, at most
/// 10 MB and 40 megapixels).
#[derive(Debug, utoipa::ToSchema)]
#[allow(dead_code)]
pub struct FileForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Adds an image to a product (at the end of its images). The same file twice is one image.
#[utoipa::path(
    post,
    path = "/api/brand/products/{id}/images",
    tag = "console images",
    params(("id" = String, Path, description = "The product's id")),
    request_body(content = FileForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = UploadedImage, description = "The stored image"),
        (status = 400, body = ErrorBody, description = "FILE_REQUIRED (no `file`) or INVALID_FORM"),
        (status = 401, body = ErrorBody, description = "Not signed in"),
        (status = 403, body = ErrorBody, description = "Not a brand's team or an admin"),
        (status = 404, body = ErrorBody, description = "No such product of the caller's brand"),
        (status = 413, body = ErrorBody, description = "PAYLOAD_TOO_LARGE: over 10 MB"),
        (status = 415, body = ErrorBody, description = "UNSUPPORTED_IMAGE: not JPEG, PNG or WebP by its bytes"),
        (status = 422, body = ErrorBody, description = "IMAGE_TOO_LARGE (over 40 megapixels), INVALID_IMAGE (truncated or corrupt) or TOO_MANY_IMAGES (12 already)"),
        (status = 503, body = ErrorBody, description = "STORAGE_UNAVAILABLE: the image storage refused"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn upload(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    // Who may upload is settled before a byte of the file is read.
    Manager::of(&caller)?;
    let mut form = upload::read(form).await?;
    let answer = service::add(&state, &caller, &path, form.take_file()).await?;
    Ok(HttpResponse::Created().json(answer))
}

/// Removes an image from a product.
#[utoipa::path(
    delete,
    path = "/api/brand/products/{id}/images/{imageId}",
    tag = "console images",
    params(
        ("id" = String, Path, description = "The product's id"),
        ("imageId" = String, Path, description = "The image's `_id`"),
    ),
    responses(
        (status = 200, body = ProductImages, description = "The product's images after"),
        (status = 401, body = ErrorBody, description = "Not signed in"),
        (status = 403, body = ErrorBody, description = "Not a brand's team or an admin"),
        (status = 404, body = ErrorBody, description = "No such product of the caller's brand, or no such image on it"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn remove(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, image_id) = path.into_inner();
    let answer = service::remove(&state, &caller, &id, &image_id).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Puts a product's images in a new order (the first is the product's main image).
#[utoipa::path(
    put,
    path = "/api/brand/products/{id}/images/order",
    tag = "console images",
    params(("id" = String, Path, description = "The product's id")),
    request_body = ImageOrder,
    responses(
        (status = 200, body = ProductImages, description = "The product's images in their new order"),
        (status = 400, body = ErrorBody, description = "VALIDATION_FAILED (`imageIds` is not each of the product's images once)"),
        (status = 401, body = ErrorBody, description = "Not signed in"),
        (status = 403, body = ErrorBody, description = "Not a brand's team or an admin"),
        (status = 404, body = ErrorBody, description = "No such product of the caller's brand"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn reorder(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    body: web::Json<ImageOrder>,
) -> Result<HttpResponse, ApiError> {
    let answer = service::reorder(&state, &caller, &path, body.into_inner()).await?;
    Ok(HttpResponse::Ok().json(answer))
}

/// Sets a brand's logo (admins only).
#[utoipa::path(
    post,
    path = "/api/admin/brands/{id}/logo",
    tag = "console images",
    params(("id" = String, Path, description = "The brand's id")),
    request_body(content = FileForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = LogoAnswer, description = "The brand with its new logo"),
        (status = 400, body = ErrorBody, description = "FILE_REQUIRED (no `file`) or INVALID_FORM"),
        (status = 401, body = ErrorBody, description = "Not signed in"),
        (status = 403, body = ErrorBody, description = "Not an admin"),
        (status = 404, body = ErrorBody, description = "No such brand"),
        (status = 413, body = ErrorBody, description = "PAYLOAD_TOO_LARGE: over 10 MB"),
        (status = 415, body = ErrorBody, description = "UNSUPPORTED_IMAGE: not JPEG, PNG or WebP by its bytes"),
        (status = 422, body = ErrorBody, description = "IMAGE_TOO_LARGE or INVALID_IMAGE"),
        (status = 503, body = ErrorBody, description = "STORAGE_UNAVAILABLE: the image storage refused"),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn logo(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<String>,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    Manager::admin(&caller)?;
    let mut form = upload::read(form).await?;
    let answer = service::set_logo(&state, &caller, &path, form.take_file()).await?;
    Ok(HttpResponse::Ok().json(answer))
}
