//! Swipes and trending (000 §3, §4, §7): a shopper's likes and dislikes, the undo of the last
//! one, and the community's ranking read from the rollups the swipes keep.

use std::time::Instant;

use actix_web::http::header::{CacheControl, CacheDirective, ContentType};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use store::{NewSwipe, SwipeCommand, SwipeOutcome};
use trending::{SwipeAction, SwipeCounts, TimeWindow, TrendGender};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::routes::params;
use crate::state::AppState;
use crate::trending_cache::Key;
use crate::wire::{self, Decimal};

/// Longest `sessionId` kept, in characters.
pub const MAX_SESSION_ID_CHARS: usize = 100;
/// Longest `deviceInfo` kept once written out as JSON, in characters.
pub const MAX_DEVICE_INFO_CHARS: usize = 2000;
/// Seconds a shared cache (a CDN) may keep a trending answer.
pub const TRENDING_SHARED_MAX_AGE: u32 = 30;

/// `{productId, action, sessionId, deviceInfo}` (000 §3 swipe record).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SwipeRequest {
    #[serde(rename = "productId")]
    #[schema(value_type = String, pattern = "\\S")]
    pub product_id: Option<String>,
    /// `like` or `dislike`.
    #[schema(value_type = String, pattern = "^(like|dislike)$")]
    pub action: Option<String>,
    #[serde(rename = "sessionId")]
    pub session_id: Option<String>,
    /// Any JSON value (the browser's user agent, say).
    #[serde(rename = "deviceInfo")]
    #[schema(value_type = Option<serde_json::Value>)]
    pub device_info: Option<serde_json::Value>,
    /// Allowed only when it is the caller's id.
    #[serde(rename = "userId")]
    pub user_id: Option<String>,
}

/// A stored swipe.
#[derive(Debug, Serialize, ToSchema)]
pub struct Swipe {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(rename = "productId")]
    pub product_id: String,
    pub action: String,
    #[serde(rename = "sessionId")]
    pub session_id: Option<String>,
    #[serde(rename = "createdAt")]
    pub created_at: chrono::DateTime<chrono::Utc>,
    /// The action of the earlier swipe of this product that this one replaced.
    #[serde(rename = "replacedAction")]
    pub replaced_action: Option<String>,
    #[serde(rename = "addedToCuratedList")]
    pub added_to_curated_list: bool,
}

/// What an undo reversed.
#[derive(Debug, Serialize, ToSchema)]
pub struct Undone {
    #[serde(rename = "productId")]
    pub product_id: String,
    pub action: String,
    /// The earlier swipe that came back, if the undone one had replaced it.
    #[serde(rename = "restoredAction")]
    pub restored_action: Option<String>,
    #[serde(rename = "removedFromCuratedList")]
    pub removed_from_curated_list: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SwipeAnswer {
    pub success: bool,
    pub data: Swipe,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UndoAnswer {
    pub success: bool,
    pub data: Undone,
}

fn action_name(liked: bool) -> String {
    if liked {
        SwipeAction::Like
    } else {
        SwipeAction::Dislike
    }
    .as_str()
    .to_owned()
}

/// Records a like or dislike of the signed-in shopper; a like adds the product to the curated
/// list, and a second swipe of the same product replaces the first.
#[utoipa::path(
    post,
    path = "/api/analytics/track-swipe",
    tag = "analytics",
    request_body = SwipeRequest,
    responses(
        (status = 201, body = SwipeAnswer, description = "The swipe, stored"),
        (status = 400, body = crate::error::ErrorBody, description = "A bad action, product id, session id or device info"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 403, body = crate::error::ErrorBody, description = "userId names someone else"),
        (status = 404, body = crate::error::ErrorBody, description = "Product not found."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn track_swipe(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<SwipeRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    // The session decides who swiped; a body naming anyone else (admins included) is refused
    // rather than silently recorded as the caller's.
    if body.user_id.as_deref().is_some_and(|id| id != caller.id()) {
        return Err(ApiError::not_yours());
    }
    let liked = match SwipeAction::parse(body.action.as_deref().unwrap_or_default()) {
        Ok(action) => action == SwipeAction::Like,
        Err(_) => {
            return Err(ApiError::bad_request(
                "INVALID_ACTION",
                "action must be like or dislike",
            ));
        }
    };
    let product_id = body
        .product_id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .ok_or_else(|| ApiError::bad_request("INVALID_PRODUCT_ID", "productId is required"))?;
    let session_id = body.session_id.filter(|s| !s.is_empty());
    if session_id
        .as_ref()
        .is_some_and(|s| s.chars().count() > MAX_SESSION_ID_CHARS)
    {
        return Err(ApiError::bad_request(
            "INVALID_SESSION_ID",
            format!("sessionId must be at most {MAX_SESSION_ID_CHARS} characters"),
        ));
    }
    let device_info = body
        .device_info
        .filter(|v| !v.is_null())
        .map(|v| v.to_string());
    if device_info
        .as_ref()
        .is_some_and(|d| d.chars().count() > MAX_DEVICE_INFO_CHARS)
    {
        return Err(ApiError::bad_request(
            "INVALID_DEVICE_INFO",
            format!("deviceInfo must be at most {MAX_DEVICE_INFO_CHARS} characters written out"),
        ));
    }
    let snapshot = state.catalogue.snapshot();
    let entry = snapshot
        .product(product_id)
        .map(|i| &snapshot.entries()[i])
        .ok_or_else(|| ApiError::NotFound("Product not found.".into()))?;
    let command = SwipeCommand::Swipe(NewSwipe {
        user_id: caller.id().to_owned(),
        product_id: store::ids::ProductId::new(entry.id()),
        gender: entry.record.gender.clone(),
        liked,
        session_id,
        device_info,
    });
    match state.swipes.apply(command).await? {
        SwipeOutcome::Swiped {
            product_id,
            liked,
            swiped_at,
            session_id,
            replaced,
            added_to_list,
        } => Ok(HttpResponse::Created().json(SwipeAnswer {
            success: true,
            data: Swipe {
                id: format!("{}:{}", caller.id(), product_id),
                product_id: product_id.into(),
                action: action_name(liked),
                session_id,
                created_at: swiped_at.and_utc(),
                replaced_action: replaced.map(action_name),
                added_to_curated_list: added_to_list,
            },
        })),
        other => Err(ApiError::Internal(format!(
            "a swipe came back as {other:?}"
        ))),
    }
}

/// Reverses the signed-in shopper's latest swipe: its counts, the curated-list entry it added,
/// and the earlier swipe of the product it had replaced.
#[utoipa::path(
    delete,
    path = "/api/analytics/swipes/last",
    tag = "analytics",
    responses(
        (status = 200, body = UndoAnswer, description = "What was undone"),
        (status = 401, body = crate::error::ErrorBody, description = "Not signed in"),
        (status = 404, body = crate::error::ErrorBody, description = "There is no swipe to undo."),
    ),
    security(("session_cookie" = []), ("bearer" = [])),
)]
pub async fn undo_last(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<HttpResponse, ApiError> {
    let command = SwipeCommand::Undo {
        user_id: caller.id().to_owned(),
    };
    match state.swipes.apply(command).await? {
        SwipeOutcome::Undone {
            product_id,
            liked,
            restored,
            removed_from_list,
        } => Ok(HttpResponse::Ok().json(UndoAnswer {
            success: true,
            data: Undone {
                product_id: product_id.into(),
                action: action_name(liked),
                restored_action: restored.map(action_name),
                removed_from_curated_list: removed_from_list,
            },
        })),
        SwipeOutcome::NothingToUndo => Err(ApiError::NotFound("There is no swipe to undo.".into())),
        other => Err(ApiError::Internal(format!(
            "an undo came back as {other:?}"
        ))),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrendingParams {
    /// `24h`, `7d` (default) or `30d`.
    #[serde(rename = "timeWindow")]
    #[param(rename = "timeWindow", pattern = "^(24h|7d|30d)?$")]
    pub time_window: Option<String>,
    /// 1 to 100, default 20; applied after the gender filter.
    #[param(pattern = "^([1-9]|[1-9][0-9]|100)?$")]
    pub limit: Option<String>,
    /// `M`, `W` or `U` (or `male`, `female`, `unisex`, `men`, `women`, any case).
    #[param(
        pattern = "^(M|W|U|m|w|u|male|female|unisex|men|women|MALE|FEMALE|UNISEX|MEN|WOMEN)?$"
    )]
    pub gender: Option<String>,
}

/// The product as a trending entry carries it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrendingProductRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub images: Vec<String>,
    pub brand: TrendingBrand,
    pub price: Decimal,
    #[serde(rename = "offerPercentage")]
    pub offer_percentage: i32,
    pub gender: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrendingBrand {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// One product's place in a window (000 §3 trending entry).
#[derive(Debug, Serialize, ToSchema)]
pub struct TrendingEntry {
    #[serde(rename = "_id")]
    pub id: String,
    pub rank: usize,
    pub product: TrendingProductRef,
    pub likes: u64,
    pub dislikes: u64,
    #[serde(rename = "totalSwipes")]
    pub total_swipes: u64,
    /// Likes minus dislikes.
    #[serde(rename = "engagementScore")]
    pub engagement_score: i64,
    /// The share of likes, 0 to 1.
    #[serde(rename = "engagementRate")]
    pub engagement_rate: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrendingData {
    #[serde(rename = "trendingProducts")]
    pub trending_products: Vec<TrendingEntry>,
    #[serde(rename = "timeWindow")]
    pub time_window: String,
    #[serde(rename = "generatedAt")]
    pub generated_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrendingAnswer {
    pub success: bool,
    pub data: TrendingData,
}

/// Most entries a trending answer lists.
pub const MAX_TRENDING_LIMIT: usize = 100;

/// The products the community swiped most favourably in a window, best first.
#[utoipa::path(
    get,
    path = "/api/analytics/trending-products",
    tag = "analytics",
    params(TrendingParams),
    responses(
        (status = 200, body = TrendingAnswer, description = "The ranking"),
        (status = 400, body = crate::error::ErrorBody, description = "A bad timeWindow, gender or limit"),
    ),
)]
pub async fn trending_products(
    state: web::Data<AppState>,
    query: web::Query<TrendingParams>,
) -> Result<HttpResponse, ApiError> {
    let window = match params::text("timeWindow", query.time_window.as_deref(), 10)? {
        None => TimeWindow::default(),
        Some(raw) => TimeWindow::parse(raw).map_err(|_| {
            ApiError::bad_request(
                "INVALID_TIME_WINDOW",
                "timeWindow must be one of 24h, 7d or 30d",
            )
        })?,
    };
    let gender = params::text("gender", query.gender.as_deref(), 10)?
        .map(TrendGender::parse)
        .transpose()
        .map_err(|_| ApiError::bad_request("INVALID_GENDER", "gender must be one of M, W or U"))?;
    let limit = params::whole(
        "limit",
        query.limit.as_deref(),
        trending::TRENDS_LIMIT,
        1,
        MAX_TRENDING_LIMIT,
    )
    .map_err(|e| match e {
        ApiError::BadRequest { message, .. } => ApiError::bad_request("INVALID_LIMIT", message),
        other => other,
    })?;
    let key = Key {
        window,
        gender,
        limit,
    };
    let snapshot = state.catalogue.snapshot();
    if let Some(body) = state.trending.get(&key, &snapshot, Instant::now()) {
        return Ok(trending_answer(body));
    }
    // One request per list reads the database; the others wait for its answer. When an answer
    // expires under load, or the database is slow for a moment, that is one query instead of
    // one per request in flight.
    let flight = state.trending.flight(key);
    let _flying = flight.lock().await;
    let started = Instant::now();
    if let Some(body) = state.trending.get(&key, &snapshot, started) {
        return Ok(trending_answer(body));
    }
    let generation = state.trending.generation();
    let now = state.clock.now();
    let store = state.store.clone();
    let media_origin = state.catalogue.media_origin().to_owned();
    let rows_snapshot = snapshot.clone();
    let entries = web::block(move || -> Result<Vec<TrendingEntry>, store::StoreError> {
        // Rows of products shoppers can no longer see are skipped, so a page may need more
        // rows than `limit`; read on until it is full or the ranking ends.
        let mut entries = Vec::with_capacity(limit);
        let mut offset = 0;
        let chunk = (limit + limit / 2 + 8) as i64;
        loop {
            let rows = store.trending_rows(
                window,
                gender.map(TrendGender::product_gender),
                offset,
                chunk,
            )?;
            offset += chunk;
            for row in &rows {
                let Some(i) = rows_snapshot.product(&row.product_id) else {
                    continue;
                };
                let record = &rows_snapshot.entries()[i].record;
                let counts = SwipeCounts::new(
                    u64::try_from(row.likes).unwrap_or(0),
                    u64::try_from(row.dislikes).unwrap_or(0),
                );
                entries.push(TrendingEntry {
                    id: record.id.to_string(),
                    rank: entries.len() + 1,
                    product: TrendingProductRef {
                        id: record.id.to_string(),
                        name: record.name.clone(),
                        images: record
                            .images
                            .iter()
                            .map(|u| wire::absolute_url(&media_origin, u.clone()))
                            .collect(),
                        brand: TrendingBrand {
                            id: record.brand.id.to_string(),
                            name: record.brand.name.clone(),
                        },
                        price: Decimal::from_paise(record.price_paise),
                        offer_percentage: record.offer_percentage,
                        gender: record.gender.clone(),
                    },
                    likes: counts.likes,
                    dislikes: counts.dislikes,
                    total_swipes: counts.total(),
                    engagement_score: counts.engagement_score(),
                    engagement_rate: counts.engagement_rate(),
                });
                if entries.len() == limit {
                    return Ok(entries);
                }
            }
            if (rows.len() as i64) < chunk {
                return Ok(entries);
            }
        }
    })
    .await??;
    let body = serde_json::to_vec(&TrendingAnswer {
        success: true,
        data: TrendingData {
            trending_products: entries,
            time_window: window.as_str().to_owned(),
            generated_at: now,
        },
    })
    .map_err(|e| ApiError::Internal(format!("rendering the trending answer: {e}")))?;
    let body = Bytes::from(body);
    state
        .trending
        .put(key, generation, &snapshot, started, body.clone());
    Ok(trending_answer(body))
}

/// A trending answer: anyone may keep it, shared caches (a CDN) for
/// [`TRENDING_SHARED_MAX_AGE`] seconds, browsers not at all, so a shopper's own swipe shows on
/// their next look once it is folded (moments after it is stored).
fn trending_answer(body: Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(CacheControl(vec![
            CacheDirective::Public,
            CacheDirective::MaxAge(0),
            CacheDirective::Extension("s-maxage".into(), Some(TRENDING_SHARED_MAX_AGE.to_string())),
        ]))
        .content_type(ContentType::json())
        .body(body)
}
