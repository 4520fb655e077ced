//! The console's JSON shapes of a product: the public product plus what only its brand's team
//! sees (version, switches, archive, images with their variants), the list answer and the
//! list's and the stock write's lenient inputs.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::wire::Product;

/// One image of a console product.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImageSetEntry {
    /// The image's id: an upload's content hash; for the generated demo art, a stable hash
    /// of its URL.
    #[serde(rename = "_id")]
    pub id: String,
    pub url: String,
    /// The width variants (`url 320w, ...`); null for the generated demo art.
    pub srcset: Option<String>,
}

/// A product as the brand console shows it: the public product shape (as
/// `GET /api/products/id/{id}` answers it) plus the console's fields.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleProduct {
    #[serde(flatten)]
    pub product: Product,
    /// Counts the product's edits; an edit sends the version it read.
    pub version: i64,
    /// The brand's switch: shoppers see an active, unarchived product of an active brand.
    pub is_active: bool,
    pub archived: bool,
    pub archived_at: Option<DateTime<Utc>>,
    /// The images with their ids and variants, in the order of `images`.
    pub image_set: Vec<ImageSetEntry>,
    /// The id of the brand's coupon assigned to it (what an edit's `assignedCoupon` sends);
    /// `assigned_coupon` shows its terms.
    pub assigned_coupon_id: Option<String>,
}

/// `GET /api/brand/products`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductList {
    pub success: bool,
    pub products: Vec<ConsoleProduct>,
    /// Products matching in all.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// The list's query, as sent.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ListParams {
    /// Text the name or a tag contains (ignoring case); at most 100 characters.
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// `active` (default: not archived, whether switched on or off) or `archived`.
    pub status: Option<String>,
    /// From 1 (default 1).
    #[param(pattern = "^[0-9]+$")]
    pub page: Option<String>,
    /// From 1 to 100 (default 20).
    #[param(pattern = "^[0-9]+$")]
    pub limit: Option<String>,
    /// `newest` (default), `oldest`, `name`, `price-low`, `price-high` (list price).
    #[param(pattern = "^(newest|oldest|name|price-low|price-high)$")]
    pub sort: Option<String>,
    /// An admin's: one brand's products (default: every brand's).
    #[param(max_length = 100)]
    pub brand_id: Option<String>,
}

/// `PUT /api/brand/products/{id}/stock`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StockRequest {
    /// Units on sale per size, whole numbers from 0 to 100000: `{"M": 4, "L": 0}`.
    #[schema(value_type = std::collections::BTreeMap<String, u32>)]
    pub stock: Option<Value>,
}
