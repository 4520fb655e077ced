//! The catalogue's refusals as HTTP answers.

use super::ApiError;
use crate::services::catalogue::CatalogueError;

impl From<CatalogueError> for ApiError {
    fn from(e: CatalogueError) -> Self {
        match e {
            CatalogueError::Input(e) => e.into(),
            CatalogueError::ProductNotFound
            | CatalogueError::BrandNotFound
            | CatalogueError::CategoryNotFound
            | CatalogueError::ImageNotFound => ApiError::NotFound(e.to_string()),
            CatalogueError::Search(cause) => ApiError::Internal(cause),
        }
    }
}
