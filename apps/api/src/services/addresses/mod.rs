//! Saved delivery addresses (001 §3, §5, §7) and the address search that fills them in
//! (001 §3 parsed place, §7 maps service).

pub mod book;
pub mod places;
pub mod wire;

/// Why an addresses or place-search call refused or failed; the message is the shopper's.
#[derive(Debug, thiserror::Error)]
pub enum AddressesError {
    /// Another shopper's id in the path, answered as a user that does not exist.
    #[error("User not found")]
    UserNotFound,
    #[error("Address not found.")]
    AddressNotFound,
    /// The wizard's rules: the first broken rule as the message, each field's by payload name.
    #[error("{0}")]
    Invalid(validation::FormErrors),
    /// Over the most addresses a shopper may keep.
    #[error("{0}")]
    Limit(validation::ValidationError),
    /// `isDefault` other than `true`: one address is always the default.
    #[error("isDefault must be true (to change the default, make another address the default)")]
    NotDefault,
    /// A search query under 2 characters.
    #[error("q must be at least 2 characters")]
    QueryTooShort,
    /// A latitude or longitude that is not a number of degrees within ±`bound`.
    #[error("{name} must be a number of degrees from -{bound} to {bound}")]
    InvalidCoordinate { name: &'static str, bound: f64 },
    /// Over the client's limit on searches; `seconds` to wait.
    #[error("Too many address searches. Please wait {} and try again.", crate::auth::codes::seconds_text(*seconds))]
    TooManySearches { seconds: i64 },
    /// No such place; the message says which question found none.
    #[error("{0}")]
    PlaceNotFound(&'static str),
    /// The address service failed: the shopper types the address instead.
    #[error("Address search is unavailable. You can type your address manually.")]
    PlacesUnavailable(providers::PlacesError),
    #[error(transparent)]
    Store(#[from] store::StoreError),
}
