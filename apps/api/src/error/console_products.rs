//! The brand console's product calls, as HTTP answers (docs/http-api.md, "Console products").

use super::ApiError;
use crate::services::console::products::ProductsError;

impl From<ProductsError> for ApiError {
    fn from(e: ProductsError) -> Self {
        match e {
            ProductsError::Console(e) => e.into(),
        }
    }
}
