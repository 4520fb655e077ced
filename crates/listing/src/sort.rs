//! Sort orders of product lists: the brand page's newest, price-low, price-high and name
//! (001 §9), which the Offers page's select shares (000 §2.9).

use crate::ListingError;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum SortOrder {
    /// Newest first (the catalogue's default).
    #[default]
    Newest,
    /// Cheapest first, by the price after the product's offer.
    PriceLow,
    /// Dearest first, by the price after the product's offer.
    PriceHigh,
    /// By name, A to Z.
    Name,
}

impl SortOrder {
    pub const ALL: [SortOrder; 4] = [
        SortOrder::Newest,
        SortOrder::PriceLow,
        SortOrder::PriceHigh,
        SortOrder::Name,
    ];

    pub fn parse(raw: &str) -> Result<Self, ListingError> {
        Self::ALL
            .into_iter()
            .find(|sort| sort.as_str() == raw.trim())
            .ok_or(ListingError::UnknownSort)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SortOrder::Newest => "newest",
            SortOrder::PriceLow => "price-low",
            SortOrder::PriceHigh => "price-high",
            SortOrder::Name => "name",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_orders_round_trip() {
        for sort in SortOrder::ALL {
            assert_eq!(SortOrder::parse(sort.as_str()), Ok(sort));
        }
        assert_eq!(SortOrder::default(), SortOrder::Newest);
        assert_eq!(SortOrder::parse("price"), Err(ListingError::UnknownSort));
    }
}
