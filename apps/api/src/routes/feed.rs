//! The swipe feed (001 swipe screen, §4, §9): the next cards for the signed-in shopper or a
//! visitor, ranked by the `recommend` crate, with the filter sheet's choices.

use std::collections::HashSet;

use actix_web::http::header::ContentType;
use actix_web::web::{Bytes, BytesMut};
use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::MaybeCaller;
use crate::error::ApiError;
use crate::routes::{params, products};
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

/// Why a card is in the feed.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedReason {
    pub reason: String,
    pub points: i64,
}

/// The `feed` member each card of the feed carries besides the product's fields.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedFacts {
    pub score: i64,
    /// Picked to explore, not by rank.
    pub exploration: bool,
    pub reasons: Vec<FeedReason>,
}

/// `{colors, sizes}`: the filter sheet's choices.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedFilters {
    pub colors: Vec<String>,
    pub sizes: Vec<String>,
}

fn values(name: &'static str, text: Option<&str>) -> Result<HashSet<String>, ApiError> {
    let set: HashSet<String> = text
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_lowercase)
        .collect();
    if set.len() > MAX_FILTER_VALUES || set.iter().any(|v| v.chars().count() > 100) {
        return Err(ApiError::bad_request(
            "INVALID_QUERY",
            format!("{name} must list at most {MAX_FILTER_VALUES} values, separated by commas"),
        ));
    }
    Ok(set)
}

fn reason_text(reason: &recommend::Reason) -> String {
    use recommend::Reason::*;
    let side = |liked: bool| if liked { "liked" } else { "disliked" };
    match reason {
        StyleInterest(name) => format!("style interest {name}"),
        PreferredFit(fit) => format!("preferred fit {fit}"),
        Brand { liked, times } => format!("brand {} {times}x", side(*liked)),
        Category { name, liked, times } => format!("category {name} {} {times}x", side(*liked)),
        Tag { name, liked, times } => format!("tag {name} {} {times}x", side(*liked)),
        Colour { liked, times } => format!("colour {} {times}x", side(*liked)),
        PriceBand { liked } => format!("price band of {} products", side(*liked)),
        Trend(score) => format!("community trend {score:+}"),
    }
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
    let limit = params::whole("limit", query.limit.as_deref(), 8, 1, MAX_FEED_LIMIT)?;
    let exclude = products::exclude(query.exclude.as_deref())?;
    let gender = params::gender(query.gender.as_deref())?;
    let brands = values("brands", query.brands.as_deref())?;
    let categories = values("categories", query.categories.as_deref())?;
    let colors = values("colors", query.colors.as_deref())?;
    let sizes = values("sizes", query.sizes.as_deref())?;

    let snapshot = state.catalogue.snapshot();
    let (interests, fits, user) = match &caller.0 {
        Some(c) => (
            c.user.interests.clone(),
            c.user.ml_preferences.clone(),
            Some(c.id().to_owned()),
        ),
        None => (Vec::new(), Vec::new(), None),
    };
    let store = state.store.clone();
    let feed = state.feed.clone();
    let rendering = snapshot.clone();
    let picks = web::block(move || -> Result<_, store::StoreError> {
        let swipes = match &user {
            Some(id) => store.swipes_of(id)?,
            None => Vec::new(),
        };
        let view = feed.view(&snapshot);
        let (mut likes, mut dislikes) = (Vec::new(), Vec::new());
        // Products left out by index: a flag per product instead of an id lookup per product.
        let mut left_out = vec![false; view.products.len()];
        for (id, liked) in &swipes {
            if let Some(i) = snapshot.product(id) {
                left_out[i] = true;
                if *liked {
                    likes.push(i);
                } else {
                    dislikes.push(i);
                }
            }
        }
        for id in &exclude {
            if let Some(i) = snapshot.product(id) {
                left_out[i] = true;
            }
        }
        let taste =
            recommend::Taste::of_prepared(&view.prepared, &interests, &fits, &likes, &dislikes);
        let mut seen: HashSet<&str> = exclude.iter().map(String::as_str).collect();
        seen.extend(swipes.iter().map(|(id, _)| id.as_str()));
        let candidates: Vec<usize> = snapshot
            .entries()
            .iter()
            .enumerate()
            .filter(|(i, e)| {
                let r = &e.record;
                !left_out[*i]
                    && gender.is_none_or(|g| view.genders[*i] == Some(g))
                    && (brands.is_empty() || brands.contains(&r.brand.id.to_lowercase()))
                    && (categories.is_empty()
                        || r.categories
                            .iter()
                            .any(|c| categories.contains(&c.id.to_lowercase())))
                    && (colors.is_empty() || colors.contains(&r.colour.to_lowercase()))
                    && (sizes.is_empty()
                        || r.stock
                            .iter()
                            .any(|(s, _)| sizes.contains(&s.to_lowercase())))
            })
            .map(|(i, _)| i)
            .collect();
        let seed = seed_of(user.as_deref(), swipes.len(), seen.len());
        Ok(recommend::next_batch_of(
            &taste,
            &view.products,
            &view.prepared,
            &candidates,
            limit,
            seed,
        ))
    })
    .await??;

    let snapshot = rendering;
    let now = state.clock.now();
    let mut out = BytesMut::with_capacity(picks.len() * 2048 + 2);
    out.extend_from_slice(b"[");
    for (n, (index, pick)) in picks.iter().enumerate() {
        let Some(product) = snapshot.render_product(*index, now) else {
            continue;
        };
        let facts = FeedFacts {
            score: pick.score.total,
            exploration: pick.exploration,
            reasons: pick
                .score
                .reasons
                .iter()
                .map(|(r, points)| FeedReason {
                    reason: reason_text(r),
                    points: *points,
                })
                .collect(),
        };
        if n > 0 {
            out.extend_from_slice(b",");
        }
        out.extend_from_slice(&with_member(&product, "feed", &facts));
    }
    out.extend_from_slice(b"]");
    Ok(HttpResponse::Ok()
        .content_type(ContentType::json())
        .body(out.freeze()))
}

/// A pre-rendered JSON object with one more member.
fn with_member<T: Serialize>(object: &Bytes, name: &str, value: &T) -> Bytes {
    let value = serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec());
    let body = object.strip_suffix(b"}").unwrap_or(object);
    let mut out = BytesMut::with_capacity(object.len() + name.len() + value.len() + 8);
    out.extend_from_slice(body);
    if body.len() > 1 {
        out.extend_from_slice(b",");
    }
    out.extend_from_slice(b"\"");
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\":");
    out.extend_from_slice(&value);
    out.extend_from_slice(b"}");
    out.freeze()
}

/// Changes with the shopper and with each swipe or card shown, so exploration moves on, yet is
/// the same for the same state.
fn seed_of(user: Option<&str>, swipes: usize, seen: usize) -> u64 {
    let base = user
        .unwrap_or("visitor")
        .bytes()
        .fold(0u64, |h, b| h.rotate_left(5) ^ u64::from(b));
    base ^ ((swipes as u64) << 32) ^ seen as u64
}

/// The colours and sizes the filter sheet offers.
#[utoipa::path(
    get,
    path = "/api/products/feed/filters",
    tag = "products",
    responses((status = 200, body = FeedFilters, description = "Colours and sizes on offer")),
)]
pub async fn filters(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let snapshot = state.catalogue.snapshot();
    let view = state.feed.view(&snapshot);
    Ok(HttpResponse::Ok().json(FeedFilters {
        colors: view.colors.clone(),
        sizes: view.sizes.clone(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_is_added_before_the_closing_brace() {
        let object = Bytes::from_static(br#"{"_id":"p1"}"#);
        assert_eq!(
            with_member(&object, "feed", &serde_json::json!({"score": 3})),
            Bytes::from_static(br#"{"_id":"p1","feed":{"score":3}}"#)
        );
        assert_eq!(
            with_member(&Bytes::from_static(b"{}"), "feed", &1),
            Bytes::from_static(br#"{"feed":1}"#)
        );
    }
}
