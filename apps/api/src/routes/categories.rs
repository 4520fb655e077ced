//! Categories (000 §7): a gender's, for home and the collection's rail, and the whole tree.

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};

use crate::error::ApiError;
use crate::error::input::InputError;
use crate::services::catalogue as service;
use crate::state::AppState;
use crate::wire::Category;

/// A gender's categories: top-level ones first in display order (home shows the first four,
/// 000 §2.5), then each one's subcategories.
#[utoipa::path(
    get,
    path = "/api/categories/gender/{gender}",
    operation_id = "categories_by_gender",
    tag = "categories",
    params(("gender" = String, Path, description = "male, female or unisex (any case)", pattern = "^(male|female|unisex|MALE|FEMALE|UNISEX)$")),
    responses(
        (status = 200, body = Vec<Category>, description = "The gender's categories"),
        (status = 400, body = crate::error::ErrorBody, description = "Not a gender"),
    ),
)]
pub async fn by_gender(
    state: web::Data<AppState>,
    gender: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let gender = validation::ProductGender::parse(gender.trim()).map_err(|_| InputError::Gender)?;
    Ok(HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(service::categories(&state, Some(gender))))
}

/// Every category, men's then women's then unisex; subcategories carry their parent.
#[utoipa::path(
    get,
    path = "/api/categories/admin/all",
    tag = "categories",
    responses((status = 200, body = Vec<Category>, description = "Every category")),
)]
pub async fn all(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(service::categories(&state, None))
}
