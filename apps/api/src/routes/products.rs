//! Product lists, detail and search (000 §7, 001 §7): answered from the in-memory catalogue.

use std::collections::HashSet;

use actix_web::http::header::ContentType;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use listing::{DealsFilter, OfferName, PriceBounds, SortOrder};
use serde::Deserialize;
use store::ids::{BrandId, ProductId};
use utoipa::{IntoParams, ToSchema};

use crate::catalogue::{ListQuery, Scope};
use crate::error::ApiError;
use crate::error::input::InputError;
use crate::routes::params;
use crate::services::catalogue::{self as service, Lookup};
use crate::state::AppState;
use crate::wire::Product;

/// Page size when the client names none, and the most one page may hold.
pub const DEFAULT_LIMIT: usize = 50;
pub const MAX_LIMIT: usize = 200;
/// The highest page number accepted; far beyond any catalogue, low enough never to overflow.
pub const MAX_PAGE: usize = 1_000_000;
/// Most ids `exclude` may list (the swipe deck sends what it has shown).
pub const MAX_EXCLUDE: usize = 500;
/// Longest id, category name, tag or search text accepted.
pub const MAX_TEXT: usize = 100;
/// Live suggestions: how many by default and at most (000 §9: top 5).
pub const DEFAULT_SUGGESTIONS: usize = 5;
pub const MAX_SUGGESTIONS: usize = 10;

/// The parameters every product list takes.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// male, female or unisex (any case); "all" or empty for every gender.
    #[param(pattern = "^(male|female|unisex|all|MALE|FEMALE|UNISEX|ALL)?$")]
    pub gender: Option<String>,
    /// Lowest plain price in rupees, inclusive.
    #[serde(rename = "minPrice")]
    #[param(rename = "minPrice", pattern = "^([0-9]{1,7}(\\.[0-9]{1,2})?)?$")]
    pub min_price: Option<String>,
    /// Highest plain price in rupees, inclusive.
    #[serde(rename = "maxPrice")]
    #[param(rename = "maxPrice", pattern = "^([0-9]{1,7}(\\.[0-9]{1,2})?)?$")]
    pub max_price: Option<String>,
    /// Products per page, 1 to 200 (default 50).
    #[param(pattern = "^([1-9]|[1-9][0-9]|1[0-9]{2}|200)?$")]
    pub limit: Option<String>,
    /// Page number from 1 (default 1).
    #[param(pattern = "^([1-9][0-9]{0,5}|1000000)?$")]
    pub page: Option<String>,
    /// Comma-separated product ids to leave out (at most 500).
    #[param(pattern = "^[^,]{0,100}(,[^,]{0,100}){0,499}$")]
    pub exclude: Option<String>,
    /// newest (default), price-low, price-high or name; prices sort by the offer price.
    #[param(pattern = "^(newest|price-low|price-high|name)?$")]
    pub sort: Option<String>,
    /// A whole percentage 1 to 100: only products with exactly that offer; "any": every product
    /// with an offer (000 §5, Hot Deals).
    #[param(pattern = "^(any|[1-9]|[1-9][0-9]|100)?$")]
    pub discount: Option<String>,
    /// starting (from ₹499), starting-women (from ₹799), under1299 or under899 (000 §5).
    #[param(pattern = "^(starting|starting-women|under1299|under899)?$")]
    pub offer: Option<String>,
}

impl ListParams {
    fn into_query(self, scope: Scope) -> Result<ListQuery, InputError> {
        let gender = params::gender(self.gender.as_deref())?;
        let min = params::rupees("minPrice", self.min_price.as_deref())?;
        let max = params::rupees("maxPrice", self.max_price.as_deref())?;
        if let (Some(min), Some(max)) = (min, max)
            && min > max
        {
            return Err(InputError::PriceRange);
        }
        let mut price = PriceBounds {
            min_paise: min,
            max_paise: max,
        };
        if let Some(offer) = params::text("offer", self.offer.as_deref(), MAX_TEXT)? {
            let offer = OfferName::parse(offer)?;
            price = price.intersect(offer.price_bounds());
        }
        let deals = params::text("discount", self.discount.as_deref(), MAX_TEXT)?
            .map(DealsFilter::parse)
            .transpose()?;
        let sort = params::text("sort", self.sort.as_deref(), MAX_TEXT)?
            .map(SortOrder::parse)
            .transpose()?
            .unwrap_or_default();
        let limit = params::whole("limit", self.limit.as_deref(), DEFAULT_LIMIT, 1, MAX_LIMIT)?;
        let page = params::whole("page", self.page.as_deref(), 1, 1, MAX_PAGE)?;
        let exclude = exclude(self.exclude.as_deref())?;
        Ok(ListQuery {
            scope,
            gender,
            price,
            deals,
            exclude,
            sort,
            limit,
            offset: (page - 1) * limit,
        })
    }
}

pub(crate) fn exclude(text: Option<&str>) -> Result<HashSet<String>, InputError> {
    let ids: HashSet<String> = text
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_owned)
        .collect();
    if ids.len() > MAX_EXCLUDE || ids.iter().any(|id| id.chars().count() > MAX_TEXT) {
        return Err(InputError::TooMany {
            name: "exclude",
            max: MAX_EXCLUDE,
            what: "product ids",
        });
    }
    Ok(ids)
}

fn json(body: Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(body)
}

/// A page of products, newest first unless sorted otherwise, as a bare list (000 §7).
#[utoipa::path(
    get,
    path = "/api/products",
    operation_id = "list_products",
    tag = "products",
    params(ListParams),
    responses(
        (status = 200, body = Vec<Product>, description = "A page of products"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
    ),
)]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner().into_query(Scope::All)?;
    Ok(json(service::products(&state, &query)))
}

/// The same list as `GET /api/products` (001 §7 calls it by this path too).
#[utoipa::path(
    get,
    path = "/api/products/gender",
    operation_id = "products_by_gender",
    tag = "products",
    params(ListParams),
    responses(
        (status = 200, body = Vec<Product>, description = "A page of products"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
    ),
)]
pub async fn by_gender(
    state: web::Data<AppState>,
    query: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    list(state, query).await
}

/// A brand's products (000 §7).
#[utoipa::path(
    get,
    path = "/api/products/brand/{brandId}",
    tag = "products",
    params(("brandId" = String, Path, description = "The brand's _id"), ListParams),
    responses(
        (status = 200, body = Vec<Product>, description = "A page of the brand's products"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
        (status = 404, body = crate::error::ErrorBody, description = "Brand not found"),
    ),
)]
pub async fn by_brand(
    state: web::Data<AppState>,
    brand_id: web::Path<String>,
    query: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let brand = BrandId::new(brand_id.into_inner());
    let query = query.into_inner();
    let page = service::brand_products(&state, &brand, |scope| query.into_query(scope))?;
    Ok(json(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoryParam {
    /// A category's _id, or its name ('Cargos & Parachutes' arrives URL-encoded).
    #[param(value_type = String, max_length = 100, pattern = "\\S")]
    pub category: Option<String>,
}

/// Products of a category, named by id or by name (000 §7, 001 §7). A name several genders
/// share picks the category of `gender` when it is given, else all of them.
#[utoipa::path(
    get,
    path = "/api/products/category",
    operation_id = "products_by_category",
    tag = "products",
    params(CategoryParam, ListParams),
    responses(
        (status = 200, body = Vec<Product>, description = "A page of the category's products"),
        (status = 400, body = crate::error::ErrorBody, description = "category missing or a query value invalid"),
        (status = 404, body = crate::error::ErrorBody, description = "Category not found"),
    ),
)]
pub async fn by_category(
    state: web::Data<AppState>,
    category: web::Query<CategoryParam>,
    query: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let wanted = params::required("category", category.category.as_deref(), MAX_TEXT)?;
    let gender = params::gender(query.gender.as_deref())?;
    let query = query.into_inner();
    let page = service::category_products(&state, wanted, gender, |scope| query.into_query(scope))?;
    Ok(json(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TagParam {
    /// The tag, as literal text compared ignoring case.
    #[param(value_type = String, max_length = 100, pattern = "\\S")]
    pub tag: Option<String>,
}

/// Products carrying a tag (000 §7).
#[utoipa::path(
    get,
    path = "/api/products/tag",
    tag = "products",
    params(TagParam, ListParams),
    responses(
        (status = 200, body = Vec<Product>, description = "A page of the products with the tag"),
        (status = 400, body = crate::error::ErrorBody, description = "tag missing or a query value invalid"),
    ),
)]
pub async fn by_tag(
    state: web::Data<AppState>,
    tag: web::Query<TagParam>,
    query: web::Query<ListParams>,
) -> Result<HttpResponse, ApiError> {
    let tag = params::required("tag", tag.tag.as_deref(), MAX_TEXT)?.to_owned();
    let query = query.into_inner().into_query(Scope::Tag(tag))?;
    Ok(json(service::products(&state, &query)))
}

/// One product.
#[utoipa::path(
    get,
    path = "/api/products/id/{id}",
    operation_id = "product_detail",
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
    Ok(json(service::product(
        &state,
        &ProductId::new(id.into_inner()),
    )?))
}

/// Body of `POST /api/products/search`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SearchRequest {
    /// What the shopper typed: words of product names, brands, colours, categories and tags.
    #[schema(max_length = 100, pattern = "\\S", example = "black cargo")]
    pub query: String,
    /// Most results to return, 1 to 200 (default 50).
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 200)]
    pub limit: Option<serde_json::Value>,
    /// male, female or unisex to keep only that gender's products.
    #[schema(pattern = "^(male|female|unisex|all|MALE|FEMALE|UNISEX|ALL)?$")]
    pub gender: Option<String>,
}

/// Products ranked by relevance to the text: exact words first, then synonyms, prefixes and
/// typos (000 §7 search).
#[utoipa::path(
    post,
    path = "/api/products/search",
    tag = "products",
    request_body = SearchRequest,
    responses(
        (status = 200, body = Vec<Product>, description = "Matching products, best first"),
        (status = 400, body = crate::error::ErrorBody, description = "Blank, too long or malformed query"),
    ),
)]
pub async fn search(
    state: web::Data<AppState>,
    body: web::Json<SearchRequest>,
) -> Result<HttpResponse, ApiError> {
    let lookup = Lookup::try_from(body.into_inner())?;
    Ok(json(service::search(&state, &lookup)?))
}

/// The search body as the service reads it: the text as sent is at most 100 characters and,
/// trimmed, not blank (000 §5).
impl TryFrom<SearchRequest> for Lookup {
    type Error = InputError;

    fn try_from(body: SearchRequest) -> Result<Self, InputError> {
        // The length as sent, as the document states it.
        if body.query.chars().count() > MAX_TEXT {
            return Err(InputError::TooLong {
                name: "query",
                max: MAX_TEXT,
            });
        }
        let text = body.query.trim();
        if text.is_empty() {
            return Err(InputError::Blank("query"));
        }
        let limit = match body.limit.filter(|l| !l.is_null()) {
            None => DEFAULT_LIMIT,
            Some(n) => crate::services::input::whole_json_number(&n)
                .and_then(|n| usize::try_from(n).ok())
                .filter(|n| (1..=MAX_LIMIT).contains(n))
                .ok_or(InputError::NotWhole {
                    name: "limit",
                    min: 1,
                    max: MAX_LIMIT,
                })?,
        };
        Ok(Self {
            text: text.to_owned(),
            gender: params::gender(body.gender.as_deref())?,
            limit,
        })
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SuggestParams {
    /// What has been typed so far; fewer than 2 characters suggest nothing.
    #[param(value_type = String, max_length = 100)]
    pub q: Option<String>,
    /// How many, 1 to 10 (default 5).
    #[param(pattern = "^([1-9]|10)?$")]
    pub limit: Option<String>,
    /// male, female or unisex to keep only that gender's products.
    #[param(pattern = "^(male|female|unisex|all|MALE|FEMALE|UNISEX|ALL)?$")]
    pub gender: Option<String>,
}

/// What has been typed so far: at most 100 characters, untrimmed (the last word may be
/// half-typed).
fn suggestion(query: &SuggestParams) -> Result<Lookup, InputError> {
    let typed = query.q.as_deref().ok_or(InputError::Missing("q"))?;
    if typed.chars().count() > MAX_TEXT {
        return Err(InputError::TooLong {
            name: "q",
            max: MAX_TEXT,
        });
    }
    let limit = params::whole(
        "limit",
        query.limit.as_deref(),
        DEFAULT_SUGGESTIONS,
        1,
        MAX_SUGGESTIONS,
    )?;
    Ok(Lookup {
        text: typed.to_owned(),
        gender: params::gender(query.gender.as_deref())?,
        limit,
    })
}

/// Live suggestions for the search box (000 §4: top 5 after 2 characters). The last word may
/// be half-typed.
#[utoipa::path(
    get,
    path = "/api/products/suggestions",
    tag = "products",
    params(SuggestParams),
    responses(
        (status = 200, body = Vec<Product>, description = "The best products for what has been typed"),
        (status = 400, body = crate::error::ErrorBody, description = "q missing or a query value invalid"),
    ),
)]
pub async fn suggestions(
    state: web::Data<AppState>,
    query: web::Query<SuggestParams>,
) -> Result<HttpResponse, ApiError> {
    let lookup = suggestion(&query)?;
    Ok(json(service::suggestions(&state, &lookup)?))
}

/// Six words to suggest before the shopper types (000 §9: from the 20 newest products' names
/// and tags, or Jeans, T-Shirts, Sneakers, Hoodies, Shirts, Pants).
#[utoipa::path(
    get,
    path = "/api/products/popular-searches",
    tag = "products",
    responses((status = 200, body = Vec<String>, description = "Six search words")),
)]
pub async fn popular_searches(state: web::Data<AppState>) -> HttpResponse {
    json(service::popular_searches(&state))
}
