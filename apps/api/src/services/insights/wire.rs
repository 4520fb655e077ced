//! The insights calls' queries and answers (docs/http-api.md, "Insights").

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::wire::Decimal;

/// `?from=&to=&brandId=` of the summary.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodQuery {
    /// The first IST day, `YYYY-MM-DD` (default: 29 days before `to`).
    #[param(max_length = 10)]
    pub from: Option<String>,
    /// The last IST day, `YYYY-MM-DD` (default: today in India). At most 366 days from `from`.
    #[param(max_length = 10)]
    pub to: Option<String>,
    /// The brand (an admin must name one; a brand user may name only their own).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
}

/// `?from=&to=&sort=&limit=&brandId=` of the products list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductsQuery {
    /// The first IST day, `YYYY-MM-DD` (default: 29 days before `to`).
    #[param(max_length = 10)]
    pub from: Option<String>,
    /// The last IST day, `YYYY-MM-DD` (default: today in India).
    #[param(max_length = 10)]
    pub to: Option<String>,
    /// `revenue` (default), `likeRate` or `bagRate`; each descending.
    #[param(max_length = 16)]
    pub sort: Option<String>,
    /// 1 to 100 (default 20).
    #[param(max_length = 8)]
    pub limit: Option<String>,
    /// The brand (an admin must name one; a brand user may name only their own).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
}

/// `?from=&to=` of one product's days.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DailyQuery {
    /// The first IST day, `YYYY-MM-DD` (default: 29 days before `to`).
    #[param(max_length = 10)]
    pub from: Option<String>,
    /// The last IST day, `YYYY-MM-DD` (default: today in India).
    #[param(max_length = 10)]
    pub to: Option<String>,
}

/// `?threshold=&brandId=` of the low-stock list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LowStockQuery {
    /// Sizes with at most this many units are listed: 0 to 1000 (default 5).
    #[param(max_length = 8)]
    pub threshold: Option<String>,
    /// The brand (an admin without one sees every brand's sizes).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
}

/// The swipe funnel over a period.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Funnel {
    pub cards_shown: i64,
    pub likes: i64,
    pub bag_adds: i64,
    pub orders: i64,
}

/// One IST day of the summary.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DailyRevenue {
    #[schema(value_type = String, format = Date, example = "2026-11-28")]
    pub date: NaiveDate,
    pub revenue: Decimal,
    pub orders: i64,
}

/// `GET /api/brand/insights/summary`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsightsSummary {
    pub success: bool,
    #[schema(value_type = String, format = Date)]
    pub from: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub to: NaiveDate,
    /// Placed orders' totals (with delivery, after discounts), by the day each was placed.
    pub revenue: Decimal,
    /// Completed refunds (whole orders), by the day each completed.
    pub refunds: Decimal,
    /// `revenue` less `refunds` (may be below zero).
    pub net_revenue: Decimal,
    pub orders: i64,
    pub units: i64,
    /// `revenue` / `orders`, to the paisa (0 without orders).
    pub average_order_value: Decimal,
    /// Distinct shoppers with a placed order in the period.
    pub shoppers: i64,
    /// Of them, those who had ordered from the brand before `from`.
    pub returning_shoppers: i64,
    pub funnel: Funnel,
    /// Every day of the period, in order, zeros too.
    pub daily: Vec<DailyRevenue>,
}

/// One product's figures over the period.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductInsight {
    pub product_id: String,
    pub name: String,
    /// The first image's URL, if it has one.
    #[schema(required = true)]
    pub image: Option<String>,
    pub cards_shown: i64,
    pub likes: i64,
    pub dislikes: i64,
    /// likes / (likes + dislikes), 0 to 1 to 4 decimals (0 without swipes).
    pub like_rate: f64,
    pub bag_adds: i64,
    /// bagAdds / cardsShown, 0 to 1 to 4 decimals (0 without cards shown).
    pub bag_rate: f64,
    pub orders: i64,
    pub units: i64,
    /// Its order lines at the lines' prices (before order-wide discounts and delivery).
    pub revenue: Decimal,
    /// Today's place in the shop's trending (the 24-hour window, first 100), or null.
    #[schema(required = true)]
    pub trending_rank: Option<i64>,
}

/// `GET /api/brand/insights/products`.
#[derive(Debug, Serialize, ToSchema)]
pub struct InsightsProducts {
    pub success: bool,
    #[schema(value_type = String, format = Date)]
    pub from: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub to: NaiveDate,
    pub products: Vec<ProductInsight>,
}

/// One IST day of a product.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDayInsight {
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub cards_shown: i64,
    pub likes: i64,
    pub dislikes: i64,
    pub bag_adds: i64,
    pub orders: i64,
    pub units: i64,
    pub revenue: Decimal,
}

/// `GET /api/brand/insights/products/{id}/daily`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsightsProductDaily {
    pub success: bool,
    pub product_id: String,
    #[schema(value_type = String, format = Date)]
    pub from: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub to: NaiveDate,
    /// Every day of the period, in order, zeros too.
    pub daily: Vec<ProductDayInsight>,
}

/// A size low on stock.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LowStockItem {
    pub product_id: String,
    pub name: String,
    pub size: String,
    pub units: i64,
}

/// `GET /api/brand/insights/low-stock`.
#[derive(Debug, Serialize, ToSchema)]
pub struct InsightsLowStock {
    pub success: bool,
    pub threshold: i64,
    /// Fewest units first, at most 500.
    pub items: Vec<LowStockItem>,
}
