//! The console import and export's refusals as HTTP answers (docs/http-api.md, "Console import
//! and export").

use super::ApiError;
use crate::services::console::imports::ImportsError;

impl From<ImportsError> for ApiError {
    fn from(e: ImportsError) -> Self {
        let message = e.to_string();
        match e {
            ImportsError::Console(e) => e.into(),
            ImportsError::FileRequired => ApiError::bad_request("FILE_REQUIRED", message),
            ImportsError::FileTooLarge => ApiError::PayloadTooLarge,
            ImportsError::TooManyRows => ApiError::Unprocessable {
                code: "IMPORT_TOO_LARGE",
                message,
                available: None,
            },
            ImportsError::NotCsv(_) => ApiError::bad_request("INVALID_CSV", message),
            ImportsError::BadStatus => ApiError::bad_request("INVALID_STATUS", message),
            ImportsError::Invalid(report) => ApiError::ImportInvalid {
                message,
                failed: u64::try_from(report.failed).unwrap_or(u64::MAX),
                errors: serde_json::to_value(&report.errors).unwrap_or_default(),
            },
        }
    }
}
