//! Trending (000 §3, §4, §7): the community's ranking of products in a window, read from the
//! rollups the swipes keep, rendered once and kept until the rollups change.

pub mod cache;

use std::time::Instant;

use actix_web::web::Bytes;
use serde::Serialize;
use store::StoreError;
use trending::{SwipeCounts, TimeWindow, TrendGender};
use utoipa::ToSchema;

use crate::catalogue::Snapshot;
use crate::error::input::InputError;
use crate::state::AppState;
use crate::wire::ProductSummary;
use cache::Key;

/// Most entries a trending answer lists.
pub const MAX_TRENDING_LIMIT: usize = 100;

/// Why a trending list cannot be answered.
#[derive(Debug, thiserror::Error)]
pub enum TrendingError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("timeWindow must be one of 24h, 7d or 30d")]
    InvalidTimeWindow,
    #[error("gender must be one of M, W or U")]
    InvalidGender,
    #[error(transparent)]
    InvalidLimit(InputError),
    /// The answer could not be written out as JSON (a bug).
    #[error("rendering the trending answer: {0}")]
    Render(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The product as a trending entry carries it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrendingProductRef {
    /// The product's id, name, images and prices.
    #[serde(flatten)]
    pub summary: ProductSummary,
    pub brand: TrendingBrand,
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

/// The products the community swiped most favourably in a window, best first, as the JSON
/// of a [`TrendingAnswer`].
pub async fn trending(state: &AppState, key: Key) -> Result<Bytes, TrendingError> {
    let snapshot = state.catalogue.snapshot();
    if let Some(body) = state.trending.get(&key, &snapshot, Instant::now()) {
        return Ok(body);
    }
    // One request per list reads the database; the others wait for its answer. When an answer
    // expires under load, or the database is slow for a moment, that is one query instead of
    // one per request in flight.
    let flight = state.trending.flight(key);
    let _flying = flight.lock().await;
    let started = Instant::now();
    if let Some(body) = state.trending.get(&key, &snapshot, started) {
        return Ok(body);
    }
    let generation = state.trending.generation();
    let now = state.clock.now();
    let media_origin = state.catalogue.media_origin().to_owned();
    let rows_snapshot = snapshot.clone();
    let entries = state
        .db(move |store| entries(store, &rows_snapshot, &media_origin, key))
        .await?;
    let body = serde_json::to_vec(&TrendingAnswer {
        success: true,
        data: TrendingData {
            trending_products: entries,
            time_window: key.window.as_str().to_owned(),
            generated_at: now,
        },
    })
    .map_err(|e| TrendingError::Render(e.to_string()))?;
    let body = Bytes::from(body);
    state
        .trending
        .put(key, generation, &snapshot, started, body.clone());
    Ok(body)
}

/// The ranking's first `key.limit` entries. Rows of products shoppers can no longer see are
/// skipped, so a page may need more rows than `limit`; it reads on until the page is full or
/// the ranking ends.
fn entries(
    store: &store::Store,
    snapshot: &Snapshot,
    media_origin: &str,
    key: Key,
) -> Result<Vec<TrendingEntry>, StoreError> {
    let limit = key.limit;
    let mut entries = Vec::with_capacity(limit);
    let mut offset = 0;
    let chunk = (limit + limit / 2 + 8) as i64;
    loop {
        let gender = key.gender.map(TrendGender::product_gender);
        let rows = store.trending_rows(key.window, gender, offset, chunk)?;
        offset += chunk;
        for row in &rows {
            let Some(i) = snapshot.product(&row.product_id) else {
                continue;
            };
            let counts = SwipeCounts::new(
                u64::try_from(row.likes).unwrap_or(0),
                u64::try_from(row.dislikes).unwrap_or(0),
            );
            let record = &snapshot.entries()[i].product;
            entries.push(entry(record, media_origin, entries.len() + 1, counts));
            if entries.len() == limit {
                return Ok(entries);
            }
        }
        if (rows.len() as i64) < chunk {
            return Ok(entries);
        }
    }
}

fn entry(
    record: &crate::catalogue::Product,
    media_origin: &str,
    rank: usize,
    counts: SwipeCounts,
) -> TrendingEntry {
    TrendingEntry {
        id: record.id.to_string(),
        rank,
        product: TrendingProductRef {
            summary: ProductSummary::of(record, media_origin),
            brand: TrendingBrand {
                id: record.brand.id.to_string(),
                name: record.brand.name.clone(),
            },
            gender: record.gender.to_string(),
        },
        likes: counts.likes,
        dislikes: counts.dislikes,
        total_swipes: counts.total(),
        engagement_score: counts.engagement_score(),
        engagement_rate: counts.engagement_rate(),
    }
}

/// The window asked for: `24h`, `7d` or `30d`; none is the default.
pub fn window(text: Option<&str>) -> Result<TimeWindow, TrendingError> {
    text.map_or(Ok(TimeWindow::default()), |raw| {
        TimeWindow::parse(raw).map_err(|_| TrendingError::InvalidTimeWindow)
    })
}

/// The gender asked for: `M`, `W` or `U` (or a word for one); none is every gender.
pub fn gender(text: Option<&str>) -> Result<Option<TrendGender>, TrendingError> {
    text.map(TrendGender::parse)
        .transpose()
        .map_err(|_| TrendingError::InvalidGender)
}
