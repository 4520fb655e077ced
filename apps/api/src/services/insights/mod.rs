//! The brand's figures (docs/http-api.md, "Insights"): the summary of a period, its products
//! with their swipe funnel, one product's days, and sizes low on stock. Every figure is read
//! from the rollups the store keeps by brand, product and IST day as orders, refunds, swipes,
//! bag adds and feed cards are written (`store::insights`), never from the orders or swipes.
//!
//! A brand user sees their own brand; an admin names the brand (`brandId`) for the summary and
//! the products, and may leave it out of the low-stock list to see every brand's. Another
//! brand's product is answered as missing.

pub mod cards;
pub mod wire;

use std::collections::{BTreeMap, HashMap};

use chrono::{NaiveDate, TimeDelta};
use store::ProductDay;
use trending::TimeWindow;

use crate::auth::Caller;
use crate::catalogue::Snapshot;
use crate::services::console::{ConsoleError, Manager};
use crate::state::AppState;
use crate::wire::{Decimal, absolute_url};
use wire::{
    DailyQuery, DailyRevenue, Funnel, InsightsLowStock, InsightsProductDaily, InsightsProducts,
    InsightsSummary, LowStockItem, LowStockQuery, PeriodQuery, ProductDayInsight, ProductInsight,
    ProductsQuery,
};

/// Longest period, in days.
pub const MAX_PERIOD_DAYS: i64 = 366;
/// The default period, in days (ending today).
pub const DEFAULT_PERIOD_DAYS: i64 = 30;
/// Most products a list answers.
pub const MAX_LIMIT: usize = 100;
/// Products a list answers by default.
pub const DEFAULT_LIMIT: usize = 20;
/// Highest low-stock threshold.
pub const MAX_THRESHOLD: i64 = 1000;
/// The low-stock threshold by default.
pub const DEFAULT_THRESHOLD: i64 = 5;
/// Most sizes the low-stock list answers.
pub const MAX_LOW_STOCK_ITEMS: i64 = 500;
/// Places of the shop's trending a product's `trendingRank` can have.
pub const TRENDING_RANKS: usize = 100;

/// Why an insights call is refused.
#[derive(Debug, thiserror::Error)]
pub enum InsightsError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
}

impl From<store::StoreError> for InsightsError {
    fn from(e: store::StoreError) -> Self {
        Self::Console(e.into())
    }
}

fn invalid(field: &str, message: &str) -> InsightsError {
    InsightsError::Console(ConsoleError::Invalid(BTreeMap::from([(
        field.to_owned(),
        message.to_owned(),
    )])))
}

/// How the products list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Revenue,
    LikeRate,
    BagRate,
}

/// The IST days `from..=to` asked for: both default (`to` today in India, `from` 29 days
/// before it); `from` after `to`, or more than [`MAX_PERIOD_DAYS`] days, refused by field.
pub fn period(
    from: Option<&str>,
    to: Option<&str>,
    today: NaiveDate,
) -> Result<(NaiveDate, NaiveDate), InsightsError> {
    let date = |field: &str, raw: Option<&str>| -> Result<Option<NaiveDate>, InsightsError> {
        match raw.map(str::trim).filter(|r| !r.is_empty()) {
            None => Ok(None),
            Some(raw) => NaiveDate::parse_from_str(raw, "%Y-%m-%d")
                .ok()
                .filter(|_| raw.len() == 10)
                .map(Some)
                .ok_or_else(|| invalid(field, "must be a date, YYYY-MM-DD")),
        }
    };
    let (from, to) = (date("from", from)?, date("to", to)?);
    let to = match (from, to) {
        (_, Some(to)) => to,
        // Only `from`: the period runs to today, or as far as it may.
        (Some(from), None) => today.min(from + TimeDelta::days(MAX_PERIOD_DAYS - 1)),
        (None, None) => today,
    };
    let from = from.unwrap_or(to - TimeDelta::days(DEFAULT_PERIOD_DAYS - 1));
    if from > to {
        return Err(invalid("from", "must be on or before to"));
    }
    if (to - from).num_days() + 1 > MAX_PERIOD_DAYS {
        return Err(invalid("to", "the period may be at most 366 days"));
    }
    Ok((from, to))
}

/// A whole number from a query (`20`, or `20.0` as some clients send), within `min..=max`.
fn whole(
    field: &str,
    raw: Option<&str>,
    min: i64,
    max: i64,
    default: i64,
) -> Result<i64, InsightsError> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(default);
    };
    let message = format!("must be a whole number from {min} to {max}");
    let value = raw
        .parse::<i64>()
        .ok()
        .or_else(|| {
            raw.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && v.fract() == 0.0 && v.abs() < 1e15)
                .map(|v| v as i64)
        })
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| invalid(field, &message))?;
    Ok(value)
}

fn sort(raw: Option<&str>) -> Result<Sort, InsightsError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None | Some("revenue") => Ok(Sort::Revenue),
        Some("likeRate") => Ok(Sort::LikeRate),
        Some("bagRate") => Ok(Sort::BagRate),
        Some(_) => Err(invalid("sort", "must be revenue, likeRate or bagRate")),
    }
}

/// `part / whole` rounded to 4 decimals; 0 when `whole` is 0.
pub fn rate(part: i64, whole: i64) -> f64 {
    if whole <= 0 {
        return 0.0;
    }
    ((part as f64 / whole as f64) * 10_000.0).round() / 10_000.0
}

/// `total / count` paise, rounded half up to the paisa; 0 when `count` is 0.
pub fn average_paise(total: i64, count: i64) -> i64 {
    if count <= 0 {
        return 0;
    }
    let (t, c) = (i128::from(total), i128::from(count));
    let rounded = (2 * t + c).div_euclid(2 * c);
    i64::try_from(rounded).unwrap_or(i64::MAX)
}

/// The brand a summary or products list is of: the brand user's own, or the one an admin
/// names (which must exist).
async fn brand_of(
    state: &AppState,
    caller: &Caller,
    asked: Option<String>,
) -> Result<String, InsightsError> {
    let manager = Manager::of(caller)?;
    let brand = manager
        .scope
        .brand_for(asked.as_deref())
        .map_err(ConsoleError::from)?
        .to_owned();
    let id = brand.clone();
    if !state
        .db(move |store| store.brand_exists(&store::ids::BrandId::from(id.as_str())))
        .await?
    {
        return Err(ConsoleError::NotFound("Brand").into());
    }
    Ok(brand)
}

fn today(state: &AppState) -> NaiveDate {
    store::insights::ist_today(state.clock.now())
}

/// The days `from..=to`, in order.
fn days(from: NaiveDate, to: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    from.iter_days().take_while(move |d| *d <= to)
}

/// `GET /api/brand/insights/summary`.
pub async fn summary(
    state: &AppState,
    caller: &Caller,
    query: PeriodQuery,
) -> Result<InsightsSummary, InsightsError> {
    let (from, to) = period(query.from.as_deref(), query.to.as_deref(), today(state))?;
    let brand = brand_of(state, caller, query.brand_id).await?;
    cards::flush(state).await;
    let figures = state
        .db(move |store| store.brand_period(&brand, from, to))
        .await?;
    let by_day: HashMap<NaiveDate, &store::BrandDay> = figures
        .days
        .iter()
        .map(|d| (store::insights::day_date(d.day), d))
        .collect();
    let sum = |f: fn(&store::BrandDay) -> i64| figures.days.iter().map(f).sum::<i64>();
    let (revenue, refunds) = (sum(|d| d.revenue_paise), sum(|d| d.refunds_paise));
    let orders = sum(|d| d.orders);
    let daily = days(from, to)
        .map(|date| {
            let day = by_day.get(&date);
            DailyRevenue {
                date,
                revenue: Decimal::from_paise(day.map_or(0, |d| d.revenue_paise)),
                orders: day.map_or(0, |d| d.orders),
            }
        })
        .collect();
    Ok(InsightsSummary {
        success: true,
        from,
        to,
        revenue: Decimal::from_paise(revenue),
        refunds: Decimal::from_paise(refunds),
        net_revenue: Decimal::from_paise(revenue - refunds),
        orders,
        units: sum(|d| d.units),
        average_order_value: Decimal::from_paise(average_paise(revenue, orders)),
        shoppers: figures.shoppers,
        returning_shoppers: figures.returning_shoppers,
        funnel: Funnel {
            cards_shown: figures.funnel.cards_shown,
            likes: figures.funnel.likes,
            bag_adds: figures.funnel.bag_adds,
            orders,
        },
        daily,
    })
}

fn insight_of(total: &ProductDay) -> ProductInsight {
    ProductInsight {
        product_id: total.product_id.clone(),
        name: String::new(),
        image: None,
        cards_shown: total.cards_shown,
        likes: total.likes,
        dislikes: total.dislikes,
        like_rate: rate(total.likes, total.likes + total.dislikes),
        bag_adds: total.bag_adds,
        bag_rate: rate(total.bag_adds, total.cards_shown),
        orders: total.orders,
        units: total.units,
        revenue: Decimal::from_paise(total.revenue_paise),
        trending_rank: None,
    }
}

/// Orders the products for `sort`, best first; ties by revenue, then orders, then id.
pub fn rank_products(totals: &mut [ProductDay], sort: Sort) {
    let key = |p: &ProductDay| match sort {
        Sort::Revenue => 0.0,
        Sort::LikeRate => rate(p.likes, p.likes + p.dislikes),
        Sort::BagRate => rate(p.bag_adds, p.cards_shown),
    };
    totals.sort_by(|a, b| {
        key(b)
            .total_cmp(&key(a))
            .then(b.revenue_paise.cmp(&a.revenue_paise))
            .then(b.orders.cmp(&a.orders))
            .then(a.product_id.cmp(&b.product_id))
    });
}

/// Today's places in the shop's trending (24 hours, every gender, the products shoppers can
/// see), by product id.
fn trending_ranks(
    store: &store::Store,
    snapshot: &Snapshot,
) -> Result<HashMap<String, i64>, store::StoreError> {
    let rows = store.trending_rows(TimeWindow::Day, None, 0, (TRENDING_RANKS * 2) as i64)?;
    Ok(rows
        .into_iter()
        .filter(|row| snapshot.product(&row.product_id).is_some())
        .take(TRENDING_RANKS)
        .zip(1..)
        .map(|(row, rank)| (row.product_id.into_inner(), rank))
        .collect())
}

/// `GET /api/brand/insights/products`.
pub async fn products(
    state: &AppState,
    caller: &Caller,
    query: ProductsQuery,
) -> Result<InsightsProducts, InsightsError> {
    let (from, to) = period(query.from.as_deref(), query.to.as_deref(), today(state))?;
    let sort = sort(query.sort.as_deref())?;
    let limit = whole(
        "limit",
        query.limit.as_deref(),
        1,
        MAX_LIMIT as i64,
        DEFAULT_LIMIT as i64,
    )? as usize;
    let brand = brand_of(state, caller, query.brand_id).await?;
    cards::flush(state).await;
    let snapshot = state.catalogue.snapshot();
    let media_origin = state.catalogue.media_origin().to_owned();
    let products = state
        .db(move |store| -> Result<_, store::StoreError> {
            let mut totals = store.product_totals(&brand, from, to)?;
            rank_products(&mut totals, sort);
            totals.truncate(limit);
            let ids: Vec<&str> = totals.iter().map(|t| t.product_id.as_str()).collect();
            let labels = store.product_labels(&ids)?;
            let ranks = trending_ranks(store, &snapshot)?;
            Ok(totals
                .iter()
                .map(|total| {
                    let mut insight = insight_of(total);
                    if let Some(label) = labels.get(&total.product_id) {
                        insight.name = label.name.clone();
                        insight.image = label
                            .image
                            .clone()
                            .map(|url| absolute_url(&media_origin, url));
                    }
                    insight.trending_rank = ranks.get(&total.product_id).copied();
                    insight
                })
                .collect())
        })
        .await?;
    Ok(InsightsProducts {
        success: true,
        from,
        to,
        products,
    })
}

/// `GET /api/brand/insights/products/{id}/daily`.
pub async fn product_daily(
    state: &AppState,
    caller: &Caller,
    product_id: String,
    query: DailyQuery,
) -> Result<InsightsProductDaily, InsightsError> {
    let manager = Manager::of(caller)?;
    let (from, to) = period(query.from.as_deref(), query.to.as_deref(), today(state))?;
    cards::flush(state).await;
    let id = product_id.clone();
    let (label, rows) = state
        .db(move |store| -> Result<_, store::StoreError> {
            let label = store.product_labels(&[id.as_str()])?.remove(&id);
            let rows = match &label {
                Some(_) => store.product_days(&id, from, to)?,
                None => Vec::new(),
            };
            Ok((label, rows))
        })
        .await?;
    if !label.is_some_and(|l| manager.scope.reaches(&l.brand_id)) {
        return Err(ConsoleError::NotFound("Product").into());
    }
    let by_day: HashMap<NaiveDate, &ProductDay> = rows
        .iter()
        .map(|d| (store::insights::day_date(d.day), d))
        .collect();
    let daily = days(from, to)
        .map(|date| {
            let zero = ProductDay::default();
            let d = by_day.get(&date).copied().unwrap_or(&zero);
            ProductDayInsight {
                date,
                cards_shown: d.cards_shown,
                likes: d.likes,
                dislikes: d.dislikes,
                bag_adds: d.bag_adds,
                orders: d.orders,
                units: d.units,
                revenue: Decimal::from_paise(d.revenue_paise),
            }
        })
        .collect();
    Ok(InsightsProductDaily {
        success: true,
        product_id,
        from,
        to,
        daily,
    })
}

/// `GET /api/brand/insights/low-stock`.
pub async fn low_stock(
    state: &AppState,
    caller: &Caller,
    query: LowStockQuery,
) -> Result<InsightsLowStock, InsightsError> {
    let manager = Manager::of(caller)?;
    let threshold = whole(
        "threshold",
        query.threshold.as_deref(),
        0,
        MAX_THRESHOLD,
        DEFAULT_THRESHOLD,
    )?;
    let brand = manager
        .scope
        .list_filter(query.brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .map(str::to_owned);
    let items = state
        .db(move |store| {
            store.low_stock(
                brand.as_deref(),
                i32::try_from(threshold).unwrap_or(0),
                MAX_LOW_STOCK_ITEMS,
            )
        })
        .await?;
    Ok(InsightsLowStock {
        success: true,
        threshold,
        items: items
            .into_iter()
            .map(|i| LowStockItem {
                product_id: i.product_id,
                name: i.name,
                size: i.size,
                units: i.units,
            })
            .collect(),
    })
}

/// Counts the cards the swipe feed is answering (called by the feed with its picks): in
/// memory, written about every second ([`cards`]).
pub(crate) fn note_cards_shown<P>(
    cards: &cards::CardsShown,
    snapshot: &Snapshot,
    picks: &[(usize, P)],
    now: chrono::DateTime<chrono::Utc>,
) {
    cards.count(
        picks
            .iter()
            .filter_map(|(i, _)| snapshot.entries().get(*i))
            .map(|e| (e.product.brand.id.to_string(), e.product.id.to_string())),
        now,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn periods_default_to_the_last_thirty_days_and_refuse_by_field() {
        let today = date("2026-11-28");
        assert_eq!(
            period(None, None, today).expect("default"),
            (date("2026-10-30"), today)
        );
        assert_eq!(
            period(Some("2026-01-01"), Some("2026-12-31"), today).expect("a year"),
            (date("2026-01-01"), date("2026-12-31"))
        );
        assert_eq!(
            period(Some("2024-01-01"), Some("2024-12-31"), today).expect("a leap year"),
            (date("2024-01-01"), date("2024-12-31"))
        );
        for (from, to, field) in [
            (Some("2026-11-29"), Some("2026-11-28"), "from"),
            (Some("2025-01-01"), Some("2026-01-02"), "to"),
            (Some("2026-13-01"), None, "from"),
            (None, Some("28-11-2026"), "to"),
            (None, Some("2026-1-1"), "to"),
        ] {
            match period(from, to, today) {
                Err(InsightsError::Console(ConsoleError::Invalid(fields))) => {
                    assert!(fields.contains_key(field), "{from:?} {to:?}: {fields:?}")
                }
                other => panic!("{from:?} {to:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn rates_and_averages_round_as_documented() {
        assert_eq!(rate(1, 3).to_string(), "0.3333");
        assert_eq!(rate(2, 3).to_string(), "0.6667");
        assert_eq!(rate(5, 0).to_string(), "0");
        assert_eq!(average_paise(100, 3), 33);
        assert_eq!(average_paise(200, 3), 67);
        assert_eq!(average_paise(5, 2), 3);
        assert_eq!(average_paise(7, 0), 0);
    }

    #[test]
    fn whole_numbers_take_floats_that_are_whole() {
        assert_eq!(whole("limit", Some("20.0"), 1, 100, 20).expect("20.0"), 20);
        assert_eq!(whole("limit", None, 1, 100, 20).expect("default"), 20);
        assert!(whole("limit", Some("0"), 1, 100, 20).is_err());
        assert!(whole("limit", Some("2.5"), 1, 100, 20).is_err());
        assert!(whole("limit", Some("abc"), 1, 100, 20).is_err());
    }
}
