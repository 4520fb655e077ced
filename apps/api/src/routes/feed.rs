//! The swipe feed (001 swipe screen, §4, §9): the next cards for the signed-in shopper or a
//! visitor, ranked by the `recommend` crate, with the filter sheet's choices.

use std::collections::HashSet;

use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::auth::MaybeCaller;
use crate::error::ApiError;
use crate::error::input::InputError;
use crate::routes::{params, products};
use crate::services::swipes::feed::{self as service, FeedQuery, Shopper};
use crate::services::swipes::wire::FeedFilters;
use crate::state::AppState;

/// Most cards one call answers.
pub const MAX_FEED_LIMIT: usize = 50;
/// Most values one filter may list.
pub const MAX_FILTER_VALUES: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedParams {
    /// 1 to 50, default 8.
    #[param(pattern = "^([1-9]|[1-4][0-9]|50)?$")]
    pub limit: Option<String>,
    /// Comma-separated product ids to leave out (at most 500).
    #[param(pattern = "^[^,]{0,100}(,[^,]{0,100}){0,499}$")]
    pub exclude: Option<String>,
    /// `male`, `female` or `unisex` (any case).
    #[param(pattern = "^(male|female|unisex|MALE|FEMALE|UNISEX)?$")]
    pub gender: Option<String>,
    /// Comma-separated brand ids.
    #[param(pattern = "^[^,]{0,100}(,[^,]{0,100}){0,99}$")]
    pub brands: Option<String>,
    /// Comma-separated category ids (top-level or sub).
    #[param(pattern = "^[^,]{0,100}(,[^,]{0,100}){0,99}$")]
    pub categories: Option<String>,
    /// Comma-separated colour names.
    #[param(pattern = "^[^,]{0,100}(,[^,]{0,100}){0,99}$")]
    pub colors: Option<String>,
    /// Comma-separated sizes.
    #[param(pattern = "^[^,]{0,100}(,[^,]{0,100}){0,99}$")]
    pub sizes: Option<String>,
}

impl FeedParams {
    fn into_query(self) -> Result<FeedQuery, InputError> {
        Ok(FeedQuery {
            limit: params::whole("limit", self.limit.as_deref(), 8, 1, MAX_FEED_LIMIT)?,
            exclude: products::exclude(self.exclude.as_deref())?,
            gender: params::gender(self.gender.as_deref())?,
            filter: recommend::Filter {
                brands: values("brands", self.brands.as_deref())?,
                categories: values("categories", self.categories.as_deref())?,
                colours: values("colors", self.colors.as_deref())?,
                sizes: values("sizes", self.sizes.as_deref())?,
            },
        })
    }
}

/// A comma-separated list, in lower case; at most [`MAX_FILTER_VALUES`] values of at most 100
/// characters.
fn values(name: &'static str, text: Option<&str>) -> Result<HashSet<String>, InputError> {
    let set: HashSet<String> = text
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_lowercase)
        .collect();
    if set.len() > MAX_FILTER_VALUES || set.iter().any(|v| v.chars().count() > 100) {
        return Err(InputError::TooMany {
            name,
            max: MAX_FILTER_VALUES,
            what: "values",
        });
    }
    Ok(set)
}

/// The next cards to swipe, best first, each with its `feed` score and reasons. An empty list
/// means everything matching the filters has been seen.
#[utoipa::path(
    get,
    path = "/api/products/feed",
    tag = "products",
    params(FeedParams),
    responses(
        (status = 200, body = Vec<crate::wire::Product>, description = "The next cards; each also carries `feed` (FeedFacts)"),
        (status = 400, body = crate::error::ErrorBody, description = "A query value is invalid"),
    ),
)]
pub async fn feed(
    state: web::Data<AppState>,
    caller: MaybeCaller,
    query: web::Query<FeedParams>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner().into_query()?;
    let shopper = caller.0.map(|c| Shopper {
        id: c.id().clone(),
        interests: c.user.interests.clone(),
        fits: c.user.ml_preferences.clone(),
    });
    let cards = service::feed(&state, shopper, query).await?;
    Ok(HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(cards))
}

/// The colours and sizes the filter sheet offers.
#[utoipa::path(
    get,
    path = "/api/products/feed/filters",
    tag = "products",
    responses((status = 200, body = FeedFilters, description = "Colours and sizes on offer")),
)]
pub async fn filters(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(service::filters(&state)))
}
