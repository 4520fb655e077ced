//! The shop's public image reads (the original client's `/api/images/...`): what the image
//! library shows now, answered from the catalogue in memory. "Showing now" is active and
//! inside the display period; lists are highest priority first.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use utoipa::{IntoParams, OpenApi};
use validation::banner::BannerDevice;

use crate::error::ApiError;
use crate::routes::admin::banners::device;
use crate::routes::params;
use crate::services::banners::{self as service, OneStaticImage, Showing, StaticImages};
use crate::state::AppState;

const MAX_TEXT: usize = 100;

/// This family's part of the OpenAPI document (merged by `routes::openapi::document`).
#[derive(Debug, OpenApi)]
#[openapi(
    paths(current, by_tag, by_campaign, seasonal, in_place),
    tags((name = "images", description = "What the image library shows now: the shop's banners")),
)]
pub struct Doc;

/// Registers this family's routes under `/api`.
pub(in crate::routes) fn routes(cfg: &mut web::ServiceConfig) {
    use super::{get, resource};
    cfg.service(resource("/images/static", get().to(in_place)))
        .service(resource("/images/seasonal/all", get().to(seasonal)))
        .service(resource("/images/current/{tag}", get().to(current)))
        .service(resource("/images/tag/{tag}", get().to(by_tag)))
        .service(resource(
            "/images/campaign/{campaign}",
            get().to(by_campaign),
        ));
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeviceParams {
    /// mobile or desktop (an image for all devices suits both); all or absent: every device.
    #[param(pattern = "^(mobile|desktop|all|MOBILE|DESKTOP|ALL)?$")]
    pub device: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlaceParams {
    /// hero, trends, products, brands or ui; absent: every category.
    #[param(pattern = "^(hero|trends|products|brands|ui)?$")]
    pub category: Option<String>,
    /// mobile or desktop (an image for all devices suits both); all or absent: every device.
    #[param(pattern = "^(mobile|desktop|all|MOBILE|DESKTOP|ALL)?$")]
    pub device: Option<String>,
}

/// The one image showing now for a tag and device: the highest priority.
#[utoipa::path(
    get,
    path = "/api/images/current/{tag}",
    operation_id = "current_image",
    tag = "images",
    params(("tag" = String, Path, description = "A tag, any case"), DeviceParams),
    responses(
        (status = 200, body = OneStaticImage, description = "The image"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_QUERY: device"),
        (status = 404, body = crate::error::ErrorBody, description = "No image showing for this tag and device"),
    ),
)]
pub async fn current(
    state: web::Data<AppState>,
    tag: web::Path<String>,
    query: web::Query<DeviceParams>,
) -> Result<HttpResponse, ApiError> {
    let tag = params::required("tag", Some(tag.as_str()), MAX_TEXT)?;
    let device = device(query.device.as_deref())?.unwrap_or(BannerDevice::All);
    Ok(HttpResponse::Ok().json(service::current(&state, tag, device)?))
}

/// The images showing now that carry a tag.
#[utoipa::path(
    get,
    path = "/api/images/tag/{tag}",
    operation_id = "images_by_tag",
    tag = "images",
    params(("tag" = String, Path, description = "A tag, any case"), DeviceParams),
    responses(
        (status = 200, body = StaticImages, description = "Highest priority first (at most 100)"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_QUERY: device"),
    ),
)]
pub async fn by_tag(
    state: web::Data<AppState>,
    tag: web::Path<String>,
    query: web::Query<DeviceParams>,
) -> Result<HttpResponse, ApiError> {
    let tag = params::required("tag", Some(tag.as_str()), MAX_TEXT)?;
    let want = Showing {
        device: device(query.device.as_deref())?,
        tag: Some(tag.to_lowercase()),
        ..Showing::default()
    };
    Ok(HttpResponse::Ok().json(service::shown(&state, &want)))
}

/// The images showing now of a campaign.
#[utoipa::path(
    get,
    path = "/api/images/campaign/{campaign}",
    operation_id = "images_by_campaign",
    tag = "images",
    params(("campaign" = String, Path, description = "A campaign, any case"), DeviceParams),
    responses(
        (status = 200, body = StaticImages, description = "Highest priority first (at most 100)"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_QUERY: device"),
    ),
)]
pub async fn by_campaign(
    state: web::Data<AppState>,
    campaign: web::Path<String>,
    query: web::Query<DeviceParams>,
) -> Result<HttpResponse, ApiError> {
    let campaign = params::required("campaign", Some(campaign.as_str()), MAX_TEXT)?;
    let want = Showing {
        device: device(query.device.as_deref())?,
        campaign: Some(campaign.trim().to_owned()),
        ..Showing::default()
    };
    Ok(HttpResponse::Ok().json(service::shown(&state, &want)))
}

/// The seasonal images showing now: those with a campaign or a display period.
#[utoipa::path(
    get,
    path = "/api/images/seasonal/all",
    operation_id = "seasonal_images",
    tag = "images",
    params(DeviceParams),
    responses(
        (status = 200, body = StaticImages, description = "Highest priority first (at most 100)"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_QUERY: device"),
    ),
)]
pub async fn seasonal(
    state: web::Data<AppState>,
    query: web::Query<DeviceParams>,
) -> Result<HttpResponse, ApiError> {
    let want = Showing {
        device: device(query.device.as_deref())?,
        seasonal: true,
        ..Showing::default()
    };
    Ok(HttpResponse::Ok().json(service::shown(&state, &want)))
}

/// The images showing now in one place (category) for one device.
#[utoipa::path(
    get,
    path = "/api/images/static",
    operation_id = "static_images_showing",
    tag = "images",
    params(PlaceParams),
    responses(
        (status = 200, body = StaticImages, description = "Highest priority first (at most 100)"),
        (status = 400, body = crate::error::ErrorBody, description = "INVALID_QUERY: category or device"),
    ),
)]
pub async fn in_place(
    state: web::Data<AppState>,
    query: web::Query<PlaceParams>,
) -> Result<HttpResponse, ApiError> {
    let want = Showing {
        category: service::category_query(query.category.as_deref())?,
        device: device(query.device.as_deref())?,
        ..Showing::default()
    };
    Ok(HttpResponse::Ok().json(service::shown(&state, &want)))
}
