//! The one error type of the HTTP edge, mapped to `{"error", "code"}` JSON in exactly one place.
//! Each family's module maps that family's typed errors onto it.

mod admin;
mod applications;
pub mod bag;
mod banners;
pub mod catalogue;
pub mod chat;
mod console;
mod console_coupons;
mod console_imports;
mod console_products;
mod events;
pub mod input;
mod insights;
mod media;
mod payouts;
mod shopify;
pub mod swipes;
pub mod trending;

mod accounts;
mod addresses;
mod auth;
mod edge;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

mod checkout;
pub mod orders;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A message a person can read (the specification's text where it has one).
    #[schema(example = "Product not found")]
    pub error: String,
    /// A stable machine-readable code.
    #[schema(example = "NOT_FOUND")]
    pub code: &'static str,
    /// On 429: whole seconds to wait before trying again (also the `Retry-After` header).
    #[serde(rename = "retryAfter", skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<i64>,
    /// On a form's 400: the message of each broken field, by the field's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<std::collections::BTreeMap<String, String>>,
    /// On `BRAND_CONFLICT`: the brand in the bag.
    #[serde(rename = "currentBrand", skip_serializing_if = "Option::is_none")]
    pub current_brand: Option<Named>,
    /// On `BRAND_CONFLICT`: the brand of the product being added.
    #[serde(rename = "newBrand", skip_serializing_if = "Option::is_none")]
    pub new_brand: Option<Named>,
    /// On `NOT_ENOUGH_STOCK`: the most the bag's line may hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available: Option<u32>,
    /// On `PRICE_CHANGED`: the checkout priced today, for the shopper to confirm.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub quote: Option<serde_json::Value>,
    /// On `STALE_EDIT`: the record as it is now, with its current `version`, for the editor
    /// to show and retry from.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub current: Option<serde_json::Value>,
    /// On `IN_USE`: how many records still use the one that was to be deleted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// On `IMPORT_INVALID`: the import's report (`created` and `updated` 0, `failed` rows,
    /// `errors` [{row, field, message}]), nothing having been imported.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub errors: Option<serde_json::Value>,
}

/// A record an error names: its id and its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Named {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or a value is out of range (400).
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    /// A form broke rules: the first message, and each field's (400).
    #[error("{message}")]
    Invalid {
        message: String,
        fields: std::collections::BTreeMap<String, String>,
    },
    /// No session, or one that is tampered with, expired or revoked (401).
    #[error("Please sign in to continue.")]
    Unauthenticated,
    /// A credential other than the session is wrong (a sign-in code) (401).
    #[error("{message}")]
    Unauthorized { code: &'static str, message: String },
    /// The caller may not do this (403).
    #[error("{message}")]
    Forbidden { code: &'static str, message: String },
    /// The request conflicts with what is stored (409).
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// The bag holds another brand's products (409 `BRAND_CONFLICT`).
    #[error("{message}")]
    BrandConflict {
        message: String,
        current: Named,
        new: Named,
    },
    /// The request is well formed but a rule refuses it (422); `available` is how many there
    /// are when the rule is about stock.
    #[error("{message}")]
    Unprocessable {
        code: &'static str,
        message: String,
        available: Option<u32>,
    },
    /// The checkout costs another amount than the shopper saw (409 `PRICE_CHANGED`): `quote`
    /// is today's.
    #[error("{message}")]
    PriceChanged {
        message: String,
        quote: serde_json::Value,
    },
    /// An edit named a version that is no longer the record's (409 `STALE_EDIT`): `current`
    /// is the record now.
    #[error("{message}")]
    StaleEdit {
        message: String,
        current: serde_json::Value,
    },
    /// A deletion refused because `count` records still use the record (409 `IN_USE`).
    #[error("{message}")]
    InUse { message: String, count: u64 },
    /// An import whose rows (or header) are invalid, refused whole (422 `IMPORT_INVALID`):
    /// `failed` rows, `errors` [{row, field, message}].
    #[error("{message}")]
    ImportInvalid {
        message: String,
        failed: u64,
        errors: serde_json::Value,
    },
    /// An edit that must name the version it read did not (428 `VERSION_REQUIRED`).
    #[error("{0}")]
    PreconditionRequired(String),
    /// The card was declined or its details cannot be right (402).
    #[error("{message}")]
    PaymentDeclined { code: &'static str, message: String },
    /// Over a rate limit; try again after `retry_after` seconds (429).
    #[error("{message}")]
    TooManyRequests { retry_after: i64, message: String },
    /// An outside service (mail, say) failed; nothing was changed (503).
    #[error("{message}")]
    DependencyFailed {
        code: &'static str,
        message: String,
        cause: String,
    },
    /// The thing asked for does not exist (404).
    #[error("{0}")]
    NotFound(String),
    /// The path exists but not with this method (405).
    #[error("Method not allowed")]
    MethodNotAllowed,
    /// The body is not JSON (415).
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// The edge refused the request before any handler: a body that stalled (408; the
    /// connection is closed), a URI (414) or headers (431) longer than the API reads.
    #[error(transparent)]
    Edge(crate::edge::EdgeError),
    /// The body is larger than the API accepts (413).
    #[error("Request body is too large")]
    PayloadTooLarge,
    /// The database or another dependency is down (503).
    #[error("Service temporarily unavailable. Please try again.")]
    Unavailable(String),
    /// The disk under the database or the data directory is full, read-only or failing, so
    /// nothing can be saved (503 `STORAGE_UNAVAILABLE`); reading goes on.
    #[error("The shop cannot save changes right now. Please try again in a few minutes.")]
    StorageUnavailable(String),
    /// A bug or an unexpected failure; logged with its cause, answered generically (500).
    #[error("Something went wrong. Please try again later.")]
    Internal(String),
    /// The shop's pages are not built, so only the API answers (503).
    #[error(
        "The shop's pages are not built: run `cargo xtask run`, or set SHOP_FRONTEND_DIR to a built frontend"
    )]
    FrontendMissing,
    /// A layer of the framework refused the request before any handler (a CORS preflight from
    /// an origin not allowed, say): its status and words, in our shape.
    #[error("{message}")]
    Refused { status: StatusCode, message: String },
    /// A request refused with its own status and code (an upload that is no image: 415
    /// `UNSUPPORTED_IMAGE`, say).
    #[error("{message}")]
    Status {
        status: StatusCode,
        code: &'static str,
        message: String,
    },
}

impl ApiError {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest {
            code,
            message: message.into(),
        }
    }

    /// 403 for a user-scoped record that is not the caller's, whether or not it exists.
    pub fn not_yours() -> Self {
        Self::Forbidden {
            code: "FORBIDDEN",
            message: "You can only see and change your own account.".into(),
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. } => code,
            Self::Invalid { .. } => "VALIDATION_FAILED",
            Self::Unauthenticated => "UNAUTHENTICATED",
            Self::Unauthorized { code, .. }
            | Self::Status { code, .. }
            | Self::Forbidden { code, .. }
            | Self::Conflict { code, .. }
            | Self::Unprocessable { code, .. }
            | Self::DependencyFailed { code, .. } => code,
            Self::BrandConflict { .. } => "BRAND_CONFLICT",
            Self::PriceChanged { .. } => "PRICE_CHANGED",
            Self::StaleEdit { .. } => "STALE_EDIT",
            Self::InUse { .. } => "IN_USE",
            Self::ImportInvalid { .. } => "IMPORT_INVALID",
            Self::PreconditionRequired(_) => "VERSION_REQUIRED",
            Self::PaymentDeclined { code, .. } => code,
            Self::TooManyRequests { .. } => "RATE_LIMITED",
            Self::NotFound(_) => "NOT_FOUND",
            Self::MethodNotAllowed => "METHOD_NOT_ALLOWED",
            Self::UnsupportedMediaType(_) => "UNSUPPORTED_MEDIA_TYPE",
            Self::Edge(e) => edge::code(e),
            Self::PayloadTooLarge => "PAYLOAD_TOO_LARGE",
            Self::Unavailable(_) => "SERVICE_UNAVAILABLE",
            Self::StorageUnavailable(_) => "STORAGE_UNAVAILABLE",
            Self::Internal(_) => "INTERNAL",
            Self::FrontendMissing => "FRONTEND_MISSING",
            Self::Refused { status, .. } => match *status {
                StatusCode::BAD_REQUEST => "BAD_REQUEST",
                StatusCode::FORBIDDEN => "FORBIDDEN",
                StatusCode::NOT_FOUND => "NOT_FOUND",
                StatusCode::METHOD_NOT_ALLOWED => "METHOD_NOT_ALLOWED",
                _ => "REQUEST_REFUSED",
            },
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } | Self::Invalid { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthenticated | Self::Unauthorized { .. } => StatusCode::UNAUTHORIZED,
            Self::Forbidden { .. } => StatusCode::FORBIDDEN,
            Self::Conflict { .. }
            | Self::BrandConflict { .. }
            | Self::PriceChanged { .. }
            | Self::StaleEdit { .. }
            | Self::InUse { .. } => StatusCode::CONFLICT,
            Self::PreconditionRequired(_) => StatusCode::PRECONDITION_REQUIRED,
            Self::PaymentDeclined { .. } => StatusCode::PAYMENT_REQUIRED,
            Self::Unprocessable { .. } | Self::ImportInvalid { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::DependencyFailed { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Edge(e) => edge::status(e),
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Unavailable(_) | Self::StorageUnavailable(_) | Self::FrontendMissing => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Refused { status, .. } | Self::Status { status, .. } => *status,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::Unavailable(cause) => tracing::warn!(%cause, "dependency unavailable"),
            Self::StorageUnavailable(cause) => tracing::error!(%cause, "storage refuses writes"),
            Self::Internal(cause) => tracing::error!(%cause, "internal error"),
            Self::DependencyFailed { cause, .. } => {
                tracing::warn!(%cause, "an outside service failed")
            }
            _ => {}
        }
        let mut answer = HttpResponse::build(self.status_code());
        let retry_after = match self {
            Self::TooManyRequests { retry_after, .. } => {
                answer.insert_header((
                    actix_web::http::header::RETRY_AFTER,
                    retry_after.to_string(),
                ));
                Some(*retry_after)
            }
            _ => None,
        };
        let fields = match self {
            Self::Invalid { fields, .. } => Some(fields.clone()),
            _ => None,
        };
        let (current_brand, new_brand) = match self {
            Self::BrandConflict { current, new, .. } => (Some(current.clone()), Some(new.clone())),
            _ => (None, None),
        };
        let available = match self {
            Self::Unprocessable { available, .. } => *available,
            _ => None,
        };
        let quote = match self {
            Self::PriceChanged { quote, .. } => Some(quote.clone()),
            _ => None,
        };
        let current = match self {
            Self::StaleEdit { current, .. } => Some(current.clone()),
            _ => None,
        };
        let count = match self {
            Self::InUse { count, .. } => Some(*count),
            _ => None,
        };
        let (created, updated, failed, errors) = match self {
            Self::ImportInvalid { failed, errors, .. } => {
                (Some(0), Some(0), Some(*failed), Some(errors.clone()))
            }
            _ => (None, None, None, None),
        };
        answer.json(ErrorBody {
            error: self.to_string(),
            code: self.code(),
            retry_after,
            fields,
            current_brand,
            new_brand,
            available,
            quote,
            current,
            count,
            created,
            updated,
            failed,
            errors,
        })
    }
}

impl From<store::StoreError> for ApiError {
    fn from(e: store::StoreError) -> Self {
        match e {
            store::StoreError::Unavailable(_) => Self::Unavailable(e.to_string()),
            store::StoreError::Storage(_) => Self::StorageUnavailable(e.to_string()),
            other => Self::Internal(other.to_string()),
        }
    }
}

impl ApiError {
    /// A mail that could not be sent: the outbox's disk full or read-only is storage
    /// (`STORAGE_UNAVAILABLE`), anything else the mail service (`MAIL_UNAVAILABLE`), answered
    /// with `message`.
    pub fn mail_failed(e: &providers::MailError, message: &str) -> Self {
        if e.io_kind().is_some_and(store::is_storage_failure) {
            return Self::StorageUnavailable(e.to_string());
        }
        Self::DependencyFailed {
            code: "MAIL_UNAVAILABLE",
            message: message.to_owned(),
            cause: e.to_string(),
        }
    }
}

/// Makes every error answer JSON: errors our handlers raise already are; this catches those of
/// the framework's own layers (a refused CORS preflight, say) and answers them through
/// [`ApiError`] with the same status. Server errors get the generic message and are logged.
pub async fn errors_as_json(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<
    actix_web::dev::ServiceResponse<actix_web::body::EitherBody<impl actix_web::body::MessageBody>>,
    actix_web::Error,
> {
    use actix_web::http::header;
    let res = next.call(req).await?;
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let Some(error) = res.response().error().filter(|_| !is_json) else {
        return Ok(res.map_into_left_body());
    };
    let status = res.status();
    let api = if status.is_server_error() {
        ApiError::Internal(format!("{status}: {error}"))
    } else if error.as_error::<actix_web::error::PayloadError>().is_some() {
        // A raw body that could not be read (a bad gzip stream, say): the decoder's words,
        // Rust debug text included, stay in the log.
        tracing::debug!(%error, "an unreadable request body");
        extractors::unreadable_body()
    } else {
        ApiError::Refused {
            status,
            message: error.to_string(),
        }
    };
    let (req, _) = res.into_parts();
    let body = api.error_response();
    Ok(actix_web::dev::ServiceResponse::new(req, body).map_into_right_body())
}

/// Turns the framework's extractor failures (bad JSON, bad query, bad path) into our errors.
pub mod extractors {
    use actix_web::HttpRequest;
    use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};

    use super::ApiError;

    pub fn json(err: JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
        let api = match &err {
            JsonPayloadError::ContentType => ApiError::UnsupportedMediaType(
                "Request body must be JSON (Content-Type: application/json)".into(),
            ),
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                ApiError::PayloadTooLarge
            }
            JsonPayloadError::Deserialize(e) if e.is_data() => {
                ApiError::bad_request("INVALID_BODY", format!("Invalid request body: {e}"))
            }
            // The body could not be read (cut short, or a Content-Encoding it does not
            // match): the decoder's own words are for logs, not for clients.
            JsonPayloadError::Payload(e) => {
                tracing::debug!(error = %e, "an unreadable request body");
                unreadable_body()
            }
            _ => ApiError::bad_request("INVALID_JSON", format!("Malformed JSON: {err}")),
        };
        api.into()
    }

    pub(super) fn unreadable_body() -> ApiError {
        ApiError::bad_request(
            "INVALID_BODY_ENCODING",
            "The request body could not be read: it was cut short, or it is not encoded as its \
             Content-Encoding says.",
        )
    }

    pub fn query(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
        ApiError::bad_request("INVALID_QUERY", format!("Invalid query string: {err}")).into()
    }

    pub fn path(err: PathError, _req: &HttpRequest) -> actix_web::Error {
        ApiError::bad_request("INVALID_PATH", format!("Invalid path: {err}")).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outbox_on_a_full_or_read_only_disk_is_storage_not_mail() {
        let outbox = |io| providers::MailError::Outbox {
            dir: "/data/outbox".into(),
            reason: "the disk".into(),
            io: Some(io),
        };
        for kind in [
            std::io::ErrorKind::StorageFull,
            std::io::ErrorKind::ReadOnlyFilesystem,
        ] {
            let error = ApiError::mail_failed(&outbox(kind), "Failed to generate OTP");
            assert_eq!(error.status_code(), StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(error.code(), "STORAGE_UNAVAILABLE");
        }
        let error = ApiError::mail_failed(
            &outbox(std::io::ErrorKind::NotFound),
            "Failed to generate OTP",
        );
        assert_eq!(error.code(), "MAIL_UNAVAILABLE");
        assert_eq!(error.to_string(), "Failed to generate OTP");
    }
}
