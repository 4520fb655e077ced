//! Product listing and detail (000 §7: `GET /products`, `GET /products/id/{id}`).

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::Product;

/// Page size when the client names none, and the most one page may hold.
pub const DEFAULT_LIMIT: i64 = 50;
pub const MAX_LIMIT: i64 = 200;

/// Query of `GET /api/products`. Values arrive as text and are checked here, so that a bad value
/// gets a message naming the parameter instead of a deserializer's.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductQuery {
    /// male, female or unisex (any case); "all" or empty for every gender.
    pub gender: Option<String>,
    /// Lowest plain price in rupees, inclusive.
    #[serde(rename = "minPrice")]
    #[param(rename = "minPrice")]
    pub min_price: Option<String>,
    /// Highest plain price in rupees, inclusive.
    #[serde(rename = "maxPrice")]
    #[param(rename = "maxPrice")]
    pub max_price: Option<String>,
    /// Products per page, 1 to 200 (default 50).
    pub limit: Option<String>,
    /// Page number from 1 (default 1).
    pub page: Option<String>,
}

impl ProductQuery {
    fn into_filter(self) -> Result<store::ProductFilter, ApiError> {
        let gender = match self.gender.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(g) if g.eq_ignore_ascii_case("all") => None,
            Some(g) => Some(validation::ProductGender::parse(g).map_err(|_| {
                ApiError::bad_request(
                    "INVALID_GENDER",
                    "gender must be one of male, female or unisex",
                )
            })?),
        };
        let min = parse_price("minPrice", self.min_price.as_deref())?;
        let max = parse_price("maxPrice", self.max_price.as_deref())?;
        if let (Some(min), Some(max)) = (min, max)
            && min > max
        {
            return Err(ApiError::bad_request(
                "INVALID_PRICE_RANGE",
                "minPrice must not be greater than maxPrice",
            ));
        }
        let limit = parse_whole("limit", self.limit.as_deref(), DEFAULT_LIMIT, 1, MAX_LIMIT)?;
        let page = parse_whole("page", self.page.as_deref(), 1, 1, 1_000_000)?;
        Ok(store::ProductFilter {
            gender,
            min_price_paise: min,
            max_price_paise: max,
            limit,
            offset: (page - 1) * limit,
        })
    }
}

fn parse_price(name: &'static str, text: Option<&str>) -> Result<Option<i64>, ApiError> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    pricing::Money::parse_strict(&serde_json::Value::String(text.to_owned()))
        .map(|m| Some(m.paise()))
        .map_err(|_| {
            ApiError::bad_request(
                "INVALID_PRICE",
                format!("{name} must be an amount of rupees of 0 or more, such as 799 or 2999.50"),
            )
        })
}

fn parse_whole(
    name: &'static str,
    text: Option<&str>,
    default: i64,
    min: i64,
    max: i64,
) -> Result<i64, ApiError> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(default);
    };
    text.parse::<i64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            ApiError::bad_request(
                "INVALID_QUERY",
                format!("{name} must be a whole number from {min} to {max}"),
            )
        })
}

/// Products as the bare JSON list the specification's clients read.
fn product_list(records: Vec<store::ProductRecord>, state: &AppState) -> HttpResponse {
    let now = state.clock.now();
    let products: Vec<Product> = records
        .into_iter()
        .map(|r| Product::from_record(r, now, &state.media_origin))
        .collect();
    HttpResponse::Ok().json(products)
}

/// A page of products, newest first, as a bare list.
#[utoipa::path(
    get,
    path = "/api/products",
    tag = "products",
    params(ProductQuery),
    responses(
        (status = 200, body = Vec<Product>, description = "A page of products, newest first"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ProductQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = query.into_inner().into_filter()?;
    let store = state.store.clone();
    let records = web::block(move || store.list_products(&filter)).await??;
    Ok(product_list(records, &state))
}

/// One product.
#[utoipa::path(
    get,
    path = "/api/products/id/{id}",
    tag = "products",
    params(("id" = String, Path, description = "The product's _id")),
    responses(
        (status = 200, body = Product, description = "The product"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found"),
    ),
)]
pub async fn detail(
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let store = state.store.clone();
    let record = web::block(move || store.product(&id)).await??;
    let record = record.ok_or_else(|| ApiError::NotFound("Product not found.".into()))?;
    Ok(HttpResponse::Ok().json(Product::from_record(
        record,
        state.clock.now(),
        &state.media_origin,
    )))
}

/// Body of `POST /api/products/search`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SearchRequest {
    /// Words to look for in product names, brand names and tags.
    #[schema(example = "hoodie")]
    pub query: String,
    /// Most results to return, 1 to 200 (default 50).
    pub limit: Option<i64>,
}

/// Longest search text accepted; longer input is a mistake or an attack, not a search.
pub const MAX_QUERY_CHARS: usize = 100;

/// Products whose name, brand or a tag contains the text (000 §7 search fallback).
#[utoipa::path(
    post,
    path = "/api/products/search",
    tag = "products",
    request_body = SearchRequest,
    responses(
        (status = 200, body = Vec<Product>, description = "Matching products, newest first"),
        (status = 400, body = crate::error::ErrorBody, description = "Blank or malformed query"),
    ),
)]
pub async fn search(
    state: web::Data<AppState>,
    body: web::Json<SearchRequest>,
) -> Result<HttpResponse, ApiError> {
    let SearchRequest { query, limit } = body.into_inner();
    let query = query.trim().to_owned();
    // 000 §5: search only runs on non-blank text.
    if query.is_empty() {
        return Err(ApiError::bad_request(
            "INVALID_QUERY",
            "query must not be blank",
        ));
    }
    if query.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::bad_request(
            "INVALID_QUERY",
            format!("query must be at most {MAX_QUERY_CHARS} characters"),
        ));
    }
    let limit = match limit {
        None => DEFAULT_LIMIT,
        Some(n) if (1..=MAX_LIMIT).contains(&n) => n,
        Some(_) => {
            return Err(ApiError::bad_request(
                "INVALID_QUERY",
                format!("limit must be a whole number from 1 to {MAX_LIMIT}"),
            ));
        }
    };
    let store = state.store.clone();
    let records = web::block(move || store.search_products(&query, limit)).await??;
    Ok(product_list(records, &state))
}
