//! Brands (000 §7): the active ones, for the collection, All Brands and the brand page.

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use store::ids::BrandId;
use utoipa::IntoParams;

use crate::error::ApiError;
use crate::routes::params;
use crate::routes::products::{MAX_PAGE, MAX_TEXT};
use crate::services::catalogue::{self as service, BrandFilter};
use crate::state::AppState;
use crate::wire::Brand;

pub const DEFAULT_LIMIT: usize = 50;
pub const MAX_LIMIT: usize = 200;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BrandParams {
    /// MALE, FEMALE or UNISEX (any case); ALL or empty for every gender.
    #[param(pattern = "^(male|female|unisex|all|MALE|FEMALE|UNISEX|ALL)?$")]
    pub gender: Option<String>,
    /// Page number from 1 (default 1).
    #[param(pattern = "^([1-9][0-9]{0,5}|1000000)?$")]
    pub page: Option<String>,
    /// Brands per page, 1 to 200 (default 50).
    #[param(pattern = "^([1-9]|[1-9][0-9]|1[0-9]{2}|200)?$")]
    pub limit: Option<String>,
    /// Keeps brands whose name contains this text, ignoring case.
    #[param(max_length = 100)]
    pub search: Option<String>,
}

/// Active brands by name, as a bare list.
#[utoipa::path(
    get,
    path = "/api/brands",
    operation_id = "list_brands",
    tag = "brands",
    params(BrandParams),
    responses(
        (status = 200, body = Vec<Brand>, description = "A page of active brands, by name"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<BrandParams>,
) -> Result<HttpResponse, ApiError> {
    let filter = BrandFilter {
        gender: params::gender(query.gender.as_deref())?,
        search: params::text("search", query.search.as_deref(), MAX_TEXT)?
            .unwrap_or_default()
            .to_owned(),
        limit: params::whole("limit", query.limit.as_deref(), DEFAULT_LIMIT, 1, MAX_LIMIT)?,
        page: params::whole("page", query.page.as_deref(), 1, 1, MAX_PAGE)?,
    };
    Ok(json(service::brands(&state, &filter)))
}

/// One active brand.
#[utoipa::path(
    get,
    path = "/api/brands/{id}",
    operation_id = "brand_detail",
    tag = "brands",
    params(("id" = String, Path, description = "The brand's _id")),
    responses(
        (status = 200, body = Brand, description = "The brand"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found"),
    ),
)]
pub async fn detail(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    Ok(json(service::brand(
        &state,
        &BrandId::new(id.into_inner()),
    )?))
}

fn json(body: actix_web::web::Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(body)
}
