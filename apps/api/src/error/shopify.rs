//! The Shopify import's refusals as HTTP answers (docs/http-api.md, "Shopify import").

use actix_web::http::StatusCode;

use super::ApiError;
use crate::services::console::shopify::ShopifyError;

impl From<ShopifyError> for ApiError {
    fn from(e: ShopifyError) -> Self {
        match e {
            ShopifyError::Imports(e) => e.into(),
            ShopifyError::PreviewNotFound => ApiError::Status {
                status: StatusCode::NOT_FOUND,
                code: "PREVIEW_NOT_FOUND",
                message: e.to_string(),
            },
        }
    }
}
