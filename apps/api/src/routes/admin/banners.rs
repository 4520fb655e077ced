//! The image library (000 §3, §7: the home hero, the Trends cards and banners): its reads,
//! which the shop has always made without signing in, and the admin console's writes (admins
//! only), all on `/api/admin/static-images...`.

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use serde::Deserialize;
use utoipa::{IntoParams, OpenApi};
use validation::banner::BannerDevice;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::error::input::InputError;
use crate::routes::params;
use crate::services::banners::wire::BannerUpload;
use crate::services::banners::{
    self as service, BannerDeleted, BannerForm, BannersError, LibraryFilter, OneStaticImage,
    StaticImages, Upload,
};
use crate::state::AppState;

pub const DEFAULT_LIMIT: usize = 50;
pub const MAX_LIMIT: usize = 100;
const MAX_TEXT: usize = 100;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(list, create, by_category, detail, update, delete),
    components(schemas(
        crate::services::banners::StaticImage,
        crate::services::banners::wire::DisplayPeriod,
        StaticImages,
        OneStaticImage,
        BannerDeleted,
        BannerUpload,
    )),
    tags((name = "static-images", description = "The image library: hero, trends and brand banners; reads for everyone, writes for admins")),
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use super::super::{delete as delete_, get, patch, post, resource, resource_of};
    cfg.service(resource_of(
        "/admin/static-images",
        [get().to(list), post().to(create)],
    ))
    .service(resource(
        "/admin/static-images/category/{category}",
        get().to(by_category),
    ))
    .service(resource_of(
        "/admin/static-images/{id}",
        [get().to(detail), patch().to(update), delete_().to(delete)],
    ));
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImageParams {
    /// true: the images showing now (active and inside their display period); false: the
    /// others.
    #[serde(rename = "isActive")]
    #[param(rename = "isActive", pattern = "^(true|false|TRUE|FALSE|True|False)?$")]
    pub is_active: Option<String>,
    /// Read by the list only (the category call names it in its path).
    #[param(ignore)]
    pub category: Option<String>,
    /// mobile or desktop (an image for all devices suits both), or all.
    #[param(pattern = "^(mobile|desktop|all|MOBILE|DESKTOP|ALL)?$")]
    pub device: Option<String>,
    /// Keeps images whose title contains this text, ignoring case.
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// 1 to 100 (default 50).
    #[param(pattern = "^([1-9]|[1-9][0-9]|100)?$")]
    pub limit: Option<String>,
}

/// `device` as a query gives it: absent, empty or `all` is every device. Whitespace is not a
/// device: the documented pattern refuses it, so it is a 400 rather than "every device".
pub(crate) fn device(raw: Option<&str>) -> Result<Option<BannerDevice>, InputError> {
    match raw {
        None | Some("") => Ok(None),
        Some(raw) if raw.trim() != raw => Err(InputError::Device),
        Some(raw) => match BannerDevice::parse(raw) {
            Ok(BannerDevice::All) => Ok(None),
            Ok(device) => Ok(Some(device)),
            Err(_) => Err(InputError::Device),
        },
    }
}

impl ImageParams {
    fn filter(&self, category: Option<&str>) -> Result<LibraryFilter, InputError> {
        Ok(LibraryFilter {
            showing: params::boolean("isActive", self.is_active.as_deref())?,
            category: category.map(str::to_owned),
            device: device(self.device.as_deref())?,
            search: params::text("search", self.search.as_deref(), MAX_TEXT)?
                .map(str::to_lowercase)
                .unwrap_or_default(),
            limit: params::whole("limit", self.limit.as_deref(), DEFAULT_LIMIT, 1, MAX_LIMIT)?,
        })
    }
}

/// Images of one category (000 §7: `isActive=true`, `device` omitted for all).
#[utoipa::path(
    get,
    path = "/api/admin/static-images/category/{category}",
    operation_id = "static_images_by_category",
    tag = "static-images",
    params(("category" = String, Path, description = "hero, trends, products, brands or ui"), ImageParams),
    responses(
        (status = 200, body = StaticImages, description = "The category's images, in creation order"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
    ),
)]
pub async fn by_category(
    state: web::Data<AppState>,
    category: web::Path<String>,
    query: web::Query<ImageParams>,
) -> Result<HttpResponse, ApiError> {
    let category = params::required("category", Some(category.as_str()), MAX_TEXT)?;
    let filter = query.filter(Some(category))?;
    Ok(HttpResponse::Ok().json(service::library(&state, &filter)))
}

/// Images matching every filter given.
#[utoipa::path(
    get,
    path = "/api/admin/static-images",
    operation_id = "list_static_images",
    tag = "static-images",
    params(
        ("category" = Option<String>, Query, max_length = 100, description = "hero, trends, products, brands or ui"),
        ImageParams,
    ),
    responses(
        (status = 200, body = StaticImages, description = "The matching images, in creation order"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ImageParams>,
) -> Result<HttpResponse, ApiError> {
    let category = params::text("category", query.category.as_deref(), MAX_TEXT)?;
    let filter = query.filter(category)?;
    Ok(HttpResponse::Ok().json(service::library(&state, &filter)))
}

/// One image, whether showing or not.
#[utoipa::path(
    get,
    path = "/api/admin/static-images/{id}",
    operation_id = "static_image_detail",
    tag = "static-images",
    params(("id" = String, Path, description = "The image's _id")),
    responses(
        (status = 200, body = OneStaticImage, description = "The image"),
        (status = 404, body = crate::error::ErrorBody, description = "Image not found"),
    ),
)]
pub async fn detail(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(service::library_image(&state, &id)?))
}

/// The most bytes of an uploaded file (a byte more is 413).
const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// The most bytes of one text field.
const MAX_FIELD_BYTES: usize = 4 * 1024;
/// The most parts of one form.
const MAX_PARTS: usize = 24;

/// The form's text fields and its `file`, each bounded; other fields are ignored.
async fn read_form(mut form: Multipart) -> Result<(BannerForm, Option<Upload>), BannersError> {
    let mut fields = BannerForm::default();
    let mut file = None;
    let mut parts = 0;
    while let Some(part) = form.next().await {
        let part = part.map_err(|e| BannersError::Form(e.to_string()))?;
        parts += 1;
        if parts > MAX_PARTS {
            return Err(BannersError::Form(format!(
                "at most {MAX_PARTS} form fields"
            )));
        }
        let name = part.name().unwrap_or_default().to_owned();
        if name == "file" {
            let bytes = read_part(part, &name, MAX_FILE_BYTES).await?;
            file = (!bytes.is_empty()).then(|| Upload { bytes });
            continue;
        }
        let bytes = read_part(part, &name, MAX_FIELD_BYTES).await?;
        if let Some(slot) = slot(&mut fields, &name) {
            let text = String::from_utf8(bytes.to_vec())
                .map_err(|_| BannersError::Form(format!("{name} is not UTF-8 text")))?;
            *slot = Some(text);
        }
    }
    Ok((fields, file))
}

/// The bytes of one part, at most `limit`.
async fn read_part(
    mut part: actix_multipart::Field,
    name: &str,
    limit: usize,
) -> Result<web::Bytes, BannersError> {
    let mut bytes = web::BytesMut::new();
    while let Some(chunk) = part.next().await {
        let chunk = chunk.map_err(|e| BannersError::Form(e.to_string()))?;
        if bytes.len() + chunk.len() > limit {
            return Err(BannersError::TooLarge {
                field: name.to_owned(),
            });
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes.freeze())
}

/// Where a text field of the form goes; `None` for a field the form does not have.
fn slot<'a>(fields: &'a mut BannerForm, name: &str) -> Option<&'a mut Option<String>> {
    Some(match name {
        "title" => &mut fields.title,
        "category" => &mut fields.category,
        "device" => &mut fields.device,
        "tags" => &mut fields.tags,
        "campaign" => &mut fields.campaign,
        "startDate" => &mut fields.start_date,
        "endDate" => &mut fields.end_date,
        "priority" => &mut fields.priority,
        "isActive" => &mut fields.is_active,
        "version" => &mut fields.version,
        _ => return None,
    })
}

fn if_match(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
}

/// Adds a banner (admins only).
#[utoipa::path(
    post,
    path = "/api/admin/static-images",
    operation_id = "create_static_image",
    security(("session_cookie" = []), ("bearer" = [])),
    tag = "static-images",
    request_body(content = BannerUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = OneStaticImage, description = "The banner"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED (`fields`), FILE_REQUIRED or INVALID_FORM"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "Not an admin"),
        (status = 413, body = crate::error::ErrorBody, description = "The file is over 10 MB"),
        (status = 415, body = crate::error::ErrorBody, description = "UNSUPPORTED_IMAGE: not JPEG, PNG or WebP"),
        (status = 422, body = crate::error::ErrorBody, description = "IMAGE_TOO_LARGE or INVALID_IMAGE"),
    ),
)]
pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    // Who may publish is settled before a byte of the file is read.
    crate::services::console::Manager::admin(&caller)?;
    let (form, file) = read_form(form).await?;
    let created = service::create(&state, &caller, form, file).await?;
    Ok(HttpResponse::Created().json(created))
}

/// Edits a banner (admins only): the fields sent, against the version read.
#[utoipa::path(
    patch,
    path = "/api/admin/static-images/{id}",
    operation_id = "update_static_image",
    security(("session_cookie" = []), ("bearer" = [])),
    tag = "static-images",
    params(
        ("id" = String, Path, description = "The banner's _id"),
        ("If-Match" = Option<String>, Header, description = "The version read, instead of the `version` field"),
    ),
    request_body(content = BannerUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = OneStaticImage, description = "The banner"),
        (status = 400, body = crate::error::ErrorBody, description = "VALIDATION_FAILED (`fields`), INVALID_VERSION or INVALID_FORM"),
        (status = 403, body = crate::error::ErrorBody, description = "Not an admin"),
        (status = 404, body = crate::error::ErrorBody, description = "Banner not found"),
        (status = 409, body = crate::error::ErrorBody, description = "STALE_EDIT, with `current`"),
        (status = 413, body = crate::error::ErrorBody, description = "The file is over 10 MB"),
        (status = 428, body = crate::error::ErrorBody, description = "No version named (neither `version` nor If-Match)"),
    ),
)]
pub async fn update(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    req: HttpRequest,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    crate::services::console::Manager::admin(&caller)?;
    let edit = read_form(form).await?;
    let edited = service::update(&state, &caller, &id, edit, if_match(&req)).await?;
    Ok(HttpResponse::Ok().json(edited))
}

/// Deletes a banner (admins only); with If-Match, only that version.
#[utoipa::path(
    delete,
    path = "/api/admin/static-images/{id}",
    operation_id = "delete_static_image",
    security(("session_cookie" = []), ("bearer" = [])),
    tag = "static-images",
    params(
        ("id" = String, Path, description = "The banner's _id"),
        ("If-Match" = Option<String>, Header, description = "Delete only this version"),
    ),
    responses(
        (status = 200, body = BannerDeleted, description = "Deleted"),
        (status = 403, body = crate::error::ErrorBody, description = "Not an admin"),
        (status = 404, body = crate::error::ErrorBody, description = "Banner not found"),
        (status = 409, body = crate::error::ErrorBody, description = "STALE_EDIT, with `current`"),
    ),
)]
pub async fn delete(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let deleted = service::delete(&state, &caller, &id, if_match(&req)).await?;
    Ok(HttpResponse::Ok().json(deleted))
}
