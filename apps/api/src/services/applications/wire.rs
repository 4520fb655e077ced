//! The shapes of brand applications on the wire (docs/http-api.md, "Brand applications").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use store::ApplicationRecord;
use utoipa::{IntoParams, ToSchema};

/// Who applied.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Applicant {
    #[serde(rename = "_id")]
    pub id: String,
    /// Their e-mail when they applied.
    pub email: String,
}

/// Where an application stands (documentation of `Application.status`).
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ApplicationStatus {
    Pending,
    Approved,
    Rejected,
}

/// A brand application as its applicant and the admins see it. The bank account is masked.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Application {
    #[serde(rename = "_id")]
    pub id: String,
    /// The brand's name.
    pub name: String,
    /// "male", "female" or "unisex".
    #[schema(value_type = crate::wire::Gender)]
    pub gender: String,
    pub contact_name: String,
    pub contact_email: String,
    /// 10 digits.
    pub contact_phone: String,
    pub gstin: String,
    pub pan: String,
    /// Every digit but the last 4 as `X` (`XXXXXXXX9012`).
    pub bank_account: String,
    pub ifsc: String,
    pub pickup_address: String,
    pub pickup_pincode: String,
    /// From the places directory (the pincode's district).
    pub pickup_city: String,
    pub pickup_state: String,
    pub return_policy: String,
    pub shipping_policy: String,
    /// "pending", "approved" or "rejected".
    #[schema(value_type = ApplicationStatus)]
    pub status: String,
    /// Why it was rejected.
    #[schema(required = true)]
    pub reason: Option<String>,
    /// The brand its approval created.
    #[schema(required = true)]
    pub brand_id: Option<String>,
    pub applicant: Applicant,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub decided_at: Option<DateTime<Utc>>,
}

impl Application {
    pub fn of(record: &ApplicationRecord) -> Self {
        let r = record.clone();
        Self {
            id: r.id,
            name: r.name,
            gender: r.gender,
            contact_name: r.contact_name,
            contact_email: r.contact_email,
            contact_phone: r.contact_phone,
            gstin: r.gstin,
            pan: r.pan,
            bank_account: r.bank_account_masked,
            ifsc: r.ifsc,
            pickup_address: r.pickup_address,
            pickup_pincode: r.pickup_pincode,
            pickup_city: r.pickup_city,
            pickup_state: r.pickup_state,
            return_policy: r.return_policy,
            shipping_policy: r.shipping_policy,
            status: r.status,
            reason: r.reason,
            brand_id: r.brand_id,
            applicant: Applicant {
                id: r.applicant_id,
                email: r.applicant_email,
            },
            created_at: r.created_at.and_utc(),
            decided_at: r.decided_at.map(|t| t.and_utc()),
        }
    }
}

/// `{success, application}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OneApplication {
    pub success: bool,
    pub application: Application,
}

/// `{success, applications}`, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct Applications {
    pub success: bool,
    pub applications: Vec<Application>,
}

/// `{success, application, brandId}`: the approved application and the brand it created.
#[derive(Debug, Serialize, ToSchema)]
pub struct Approved {
    pub success: bool,
    pub application: Application,
    #[serde(rename = "brandId")]
    pub brand_id: String,
}

/// A shopper's application to open a brand. Every field but `gender` is required.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewApplicationBody {
    /// The brand's name: unique among brands, ignoring letter case; at most 100 characters.
    #[schema(required = true, value_type = String)]
    pub name: Option<String>,
    /// "male", "female" or "unisex" (the default).
    #[schema(value_type = Option<crate::wire::Gender>)]
    pub gender: Option<String>,
    /// At most 100 characters.
    #[schema(required = true, value_type = String)]
    pub contact_name: Option<String>,
    #[schema(required = true, value_type = String)]
    pub contact_email: Option<String>,
    /// A 10-digit Indian mobile (starting 6 to 9; `+91` and spaces are dropped).
    #[schema(required = true, value_type = String)]
    pub contact_phone: Option<String>,
    /// 15 characters: state code, PAN, entity number, `Z`, check character.
    #[schema(required = true, value_type = String)]
    pub gstin: Option<String>,
    /// The GSTIN's characters 3 to 12.
    #[schema(required = true, value_type = String)]
    pub pan: Option<String>,
    /// 9 to 18 digits. Stored encrypted; answers show it masked.
    #[schema(required = true, value_type = String)]
    pub bank_account: Option<String>,
    /// `^[A-Z]{4}0[A-Z0-9]{6}$`.
    #[schema(required = true, value_type = String)]
    pub ifsc: Option<String>,
    /// The street address goods are picked up from; at most 300 characters.
    #[schema(required = true, value_type = String)]
    pub pickup_address: Option<String>,
    /// Six digits the places directory knows.
    #[schema(required = true, value_type = String)]
    pub pickup_pincode: Option<String>,
    /// At most 5,000 characters.
    #[schema(required = true, value_type = String)]
    pub return_policy: Option<String>,
    /// At most 5,000 characters.
    #[schema(required = true, value_type = String)]
    pub shipping_policy: Option<String>,
}

/// A rejection's reason.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RejectBody {
    /// 1 to 500 characters; mailed to the applicant.
    #[schema(required = true, value_type = String)]
    pub reason: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApplicationSearch {
    /// Only applications with this status; every one when absent.
    #[param(max_length = 8, pattern = "^(pending|approved|rejected)$")]
    pub status: Option<String>,
}
