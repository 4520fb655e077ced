//! The accounts calls' request and answer bodies: the schema names of the contract.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::wire::User;

/// `{email}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GenerateOtpRequest {
    #[schema(value_type = String, max_length = 254, pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$")]
    pub email: Option<String>,
}

/// `{email, otp}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyOtpRequest {
    #[schema(value_type = String, max_length = 254, pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$")]
    pub email: Option<String>,
    #[schema(value_type = String, pattern = "^[0-9]{6}$")]
    pub otp: Option<String>,
}

/// `{success: true}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Success {
    pub success: bool,
}

/// The answer of a sign-in.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignedIn {
    /// The session, for clients that send `Authorization: Bearer`; browsers use the cookie.
    pub token: String,
    pub user: User,
    /// True until the user has completed onboarding.
    #[serde(rename = "isNewUser")]
    pub is_new_user: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupParams {
    #[param(
        max_length = 254,
        pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$"
    )]
    pub email: Option<String>,
    /// Ten digits.
    #[param(pattern = "^[0-9]{10}$")]
    pub phone: Option<String>,
}

/// Registration: the sign-in sheet's location and onboarding's answers (000 §2.4, §7).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    pub email: Option<String>,
    pub location: Option<String>,
    pub display_name: Option<String>,
    pub gender: Option<String>,
    #[serde(rename = "ageRange")]
    pub age_range: Option<String>,
    pub interests: Option<Vec<String>>,
    pub ml_preferences: Option<Vec<String>>,
    /// Accepted only as `false`: roles are granted by an operator.
    pub is_admin: Option<bool>,
    /// Accepted only as `false`.
    pub is_brand_user: Option<bool>,
    /// Never accepted.
    #[schema(value_type = Option<i32>)]
    pub role: Option<serde_json::Value>,
    /// Never accepted.
    #[schema(value_type = Option<String>)]
    pub brand_id: Option<serde_json::Value>,
}

/// Manage Account's fields (001 §3, §5).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileUpdate {
    #[schema(value_type = String, pattern = "\\S")]
    pub display_name: Option<String>,
    #[schema(value_type = String, max_length = 254, pattern = "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z0-9][A-Za-z0-9-]{0,61}[A-Za-z0-9]$")]
    pub email: Option<String>,
    /// `YYYY-MM-DD` from 1900-01-01 to today, or null or empty for none.
    #[serde(rename = "dateOfBirth")]
    #[schema(pattern = "^(\\s*[0-9]{4}-[0-9]{2}-[0-9]{2}\\s*)?$")]
    pub date_of_birth: Option<String>,
    /// male, female or other (any case).
    #[schema(value_type = String, pattern = "^\\s*(male|female|other|MALE|FEMALE|OTHER)\\s*$")]
    pub gender: Option<String>,
}

/// `{email}`: the address an account wants to move to.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailChangeRequest {
    pub email: Option<String>,
}

/// `{otp}`: the code mailed to the new address.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailCodeRequest {
    pub otp: Option<String>,
}

/// The answer of a confirmed e-mail change: every other session has ended, and this one goes
/// on with a new token (also set as the cookie).
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailChanged {
    /// The session, for clients that send `Authorization: Bearer`; browsers use the cookie.
    pub token: String,
    pub user: User,
}

/// `{phone}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteByPhoneRequest {
    pub phone: Option<String>,
}
