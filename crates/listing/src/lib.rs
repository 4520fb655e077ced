//! # listing: which products and brands a list shows
//!
//! The rules of the shop's browse screens (000 §2.6-§2.11, §5, §9), as pure functions the API
//! applies to its catalogue and the browser mirrors through `testdata/vectors/listing.json`:
//!
//! - [`OfferName`]: the Offers page's offer table (starting = from ₹499, starting-women = from
//!   ₹799, under1299 = up to ₹1,299, under899 = up to ₹899) and its titles;
//! - [`DealsFilter`]: Hot Deals' discount filter (an exact `offerPercentage`, or any offer);
//! - [`special_offer_bound`]: Special Offers' price bound (the minimum, else the maximum);
//! - [`brand_matches`]: the collection's brand search;
//! - [`popular_searches`]: the search screen's popular searches;
//! - [`SortOrder`]: newest, price-low, price-high, name.
//!
//! It must never import I/O, a clock, a database or a web framework: it decides, callers fetch.

mod deals;
mod offer;
mod popular;
mod search;
mod sort;

pub use deals::DealsFilter;
pub use offer::{DEFAULT_OFFER_TITLE, OfferName, PriceBounds, special_offer_bound};
pub use popular::{
    POPULAR_SEARCH_COUNT, POPULAR_SEARCH_FALLBACK, POPULAR_SEARCH_SAMPLE, popular_searches,
};
pub use search::brand_matches;
pub use sort::SortOrder;

/// A list parameter that cannot be used; the message names the parameter and what it takes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListingError {
    #[error("discount must be a whole number from 1 to 100, or 'any'")]
    InvalidDiscount,
    #[error("offer must be one of starting, starting-women, under1299 or under899")]
    UnknownOffer,
    #[error("sort must be one of newest, price-low, price-high or name")]
    UnknownSort,
}
