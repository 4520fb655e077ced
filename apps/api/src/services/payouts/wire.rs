//! The payouts' JSON shapes (docs/http-api.md, "Payouts").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::wire::Decimal;

/// Paise as the shop's decimal (negative amounts too: a carried refund's commission).
pub(super) fn money(paise: i64) -> Decimal {
    Decimal {
        value: payouts::rupees(paise),
    }
}

/// One order's part in a month.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PayoutOrder {
    #[serde(rename = "orderId")]
    pub order_id: String,
    #[serde(rename = "placedAt")]
    pub placed_at: DateTime<Utc>,
    /// The order's total when it was placed in the month; 0 for an order of an earlier month
    /// whose refund completed in this one.
    pub total: Decimal,
    /// Its refund, when the refund completed in the month.
    pub refunded: Decimal,
    /// `(total − refunded) × rate`, rounded half away from zero to the paise (negative when a
    /// carried refund gives the commission back).
    pub commission: Decimal,
}

/// Where a month stands (documentation of `Payout.status`): `open` until the month ends, then
/// `due` until an admin records it `paid`.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PayoutStatus {
    Open,
    Due,
    Paid,
}

/// A brand's month.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Payout {
    #[serde(rename = "brandId")]
    pub brand_id: String,
    #[serde(rename = "brandName")]
    pub brand_name: String,
    /// `YYYY-MM`, in India's time zone.
    pub month: String,
    /// The totals of the orders placed in the month.
    pub gross: Decimal,
    /// The refunds completed in the month.
    pub refunds: Decimal,
    /// A percentage (12.5 is 12.5%).
    #[serde(rename = "commissionRate")]
    pub commission_rate: f64,
    pub commission: Decimal,
    /// Owed from earlier months whose refunds exceeded their sales, taken off this payout.
    #[serde(rename = "carriedIn")]
    pub carried_in: Decimal,
    /// gross − refunds − commission − carriedIn, never below 0.
    pub payout: Decimal,
    /// What this month leaves owing to the next (its refunds exceeded its sales).
    #[serde(rename = "carriedOut")]
    pub carried_out: Decimal,
    /// "open" (the month has not ended), "due" or "paid".
    #[schema(value_type = PayoutStatus)]
    pub status: String,
    #[serde(rename = "paidAt")]
    #[schema(required = true)]
    pub paid_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub reference: Option<String>,
    /// The order lines (absent from the admin's list).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orders: Option<Vec<PayoutOrder>>,
}

/// `{success, payout}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutAnswer {
    pub success: bool,
    pub payout: Payout,
}

/// `{success, month, payouts}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutList {
    pub success: bool,
    pub month: String,
    pub payouts: Vec<Payout>,
}

/// `?month=&brandId=`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PayoutQuery {
    /// `YYYY-MM` in IST (absent or empty: this month).
    #[param(pattern = "^([0-9]{4}-[0-9]{2})?$")]
    pub month: Option<String>,
    /// The brand (admins; a brand user's own otherwise).
    #[serde(rename = "brandId")]
    #[param(max_length = 64)]
    pub brand_id: Option<String>,
}

/// `?month=`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MonthQuery {
    /// `YYYY-MM` in IST (absent or empty: this month).
    #[param(pattern = "^([0-9]{4}-[0-9]{2})?$")]
    pub month: Option<String>,
}

/// `{reference}`: the bank transfer's reference, 1 to 100 characters.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PaidBody {
    #[schema(required = true, value_type = String)]
    pub reference: Option<String>,
}

/// A CSV file to download.
#[derive(Debug)]
pub struct CsvFile {
    pub filename: String,
    pub body: String,
}
