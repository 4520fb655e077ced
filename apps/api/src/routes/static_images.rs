//! The image library (000 §3, §7): the home hero, the Trends cards and banners. Read-only.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::ApiError;
use crate::error::input::InputError;
use crate::routes::params;
use crate::services::catalogue::{self as service, ImageFilter};
use crate::state::AppState;
use crate::wire::{OneStaticImage, StaticImages};

pub const DEFAULT_LIMIT: usize = 50;
pub const MAX_LIMIT: usize = 100;
const MAX_TEXT: usize = 100;
const DEVICES: [&str; 3] = ["mobile", "desktop", "all"];

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImageParams {
    /// true or false.
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

impl ImageParams {
    fn filter(&self, category: Option<&str>) -> Result<ImageFilter, InputError> {
        let active = params::boolean("isActive", self.is_active.as_deref())?;
        let device = params::text("device", self.device.as_deref(), MAX_TEXT)?
            .map(str::to_lowercase)
            .filter(|d| d != "all");
        if device.as_deref().is_some_and(|d| !DEVICES.contains(&d)) {
            return Err(InputError::Device);
        }
        Ok(ImageFilter {
            active,
            category: category.map(str::to_owned),
            device,
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
        (status = 200, body = StaticImages, description = "The category's images"),
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
    Ok(HttpResponse::Ok().json(service::images(&state, &filter)))
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
        (status = 200, body = StaticImages, description = "The matching images"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ImageParams>,
) -> Result<HttpResponse, ApiError> {
    let category = params::text("category", query.category.as_deref(), MAX_TEXT)?;
    let filter = query.filter(category)?;
    Ok(HttpResponse::Ok().json(service::images(&state, &filter)))
}

/// One image.
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
    Ok(HttpResponse::Ok().json(service::image(&state, &id)?))
}
