//! The live event stream's refusals as HTTP answers (docs/http-api.md, "Live events").

use actix_web::http::StatusCode;

use super::ApiError;
use crate::services::events::EventsError;

impl From<EventsError> for ApiError {
    fn from(e: EventsError) -> Self {
        let message = e.to_string();
        match e {
            EventsError::Console(e) => e.into(),
            EventsError::BadLastEventId => ApiError::Invalid {
                fields: [("lastEventId".to_owned(), message.clone())].into(),
                message,
            },
            EventsError::BadBrandId => ApiError::Invalid {
                fields: [("brandId".to_owned(), message.clone())].into(),
                message,
            },
            EventsError::TooManyStreams => ApiError::Status {
                status: StatusCode::TOO_MANY_REQUESTS,
                code: "TOO_MANY_STREAMS",
                message,
            },
            EventsError::Store(e) => e.into(),
        }
    }
}
