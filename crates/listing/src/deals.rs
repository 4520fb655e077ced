//! Hot Deals' filter (000 §2.10, §5): "with a discount parameter, only products whose
//! offerPercentage equals that integer; without, any with offerPercentage above 0".

use crate::ListingError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealsFilter {
    /// `offerPercentage` equal to this whole percentage (1 to 100).
    Exactly(u8),
    /// Any `offerPercentage` above 0.
    AnyOffer,
}

impl DealsFilter {
    /// The API's `discount` parameter: a whole number 1 to 100, or `any`.
    pub fn parse(raw: &str) -> Result<Self, ListingError> {
        let raw = raw.trim();
        if raw.eq_ignore_ascii_case("any") {
            return Ok(DealsFilter::AnyOffer);
        }
        raw.parse::<u8>()
            .ok()
            .filter(|n| (1..=100).contains(n))
            .map(DealsFilter::Exactly)
            .ok_or(ListingError::InvalidDiscount)
    }

    /// The page's `discount` parameter, which may be absent or anything a link carries: a
    /// usable whole percentage filters on it; anything else shows every deal.
    pub fn for_page(raw: Option<&str>) -> Self {
        raw.and_then(|raw| match Self::parse(raw) {
            Ok(DealsFilter::Exactly(n)) => Some(DealsFilter::Exactly(n)),
            _ => None,
        })
        .unwrap_or(DealsFilter::AnyOffer)
    }

    pub fn matches(self, offer_percentage: i32) -> bool {
        match self {
            DealsFilter::Exactly(n) => offer_percentage == i32::from(n),
            DealsFilter::AnyOffer => offer_percentage > 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_discount_keeps_exactly_that_offer() {
        // 000 §2.5: the flash-sale tiles link to discount=50, 20, 40 and 30.
        for n in [50u8, 20, 40, 30] {
            let filter = DealsFilter::parse(&n.to_string()).expect("a discount");
            assert_eq!(filter, DealsFilter::Exactly(n));
            assert!(filter.matches(i32::from(n)));
            assert!(!filter.matches(i32::from(n) + 10));
            assert!(!filter.matches(0));
        }
    }

    #[test]
    fn without_a_discount_any_offer_above_zero() {
        let filter = DealsFilter::parse("any").expect("any");
        assert!(filter.matches(10) && filter.matches(100));
        assert!(!filter.matches(0));
        assert_eq!(DealsFilter::for_page(None), DealsFilter::AnyOffer);
    }

    #[test]
    fn the_api_rejects_what_is_not_a_whole_percentage() {
        for raw in ["0", "101", "-5", "12.5", "fifty", "", "1e2"] {
            assert_eq!(
                DealsFilter::parse(raw),
                Err(ListingError::InvalidDiscount),
                "{raw:?}"
            );
        }
    }

    #[test]
    fn the_page_shows_every_deal_for_an_unusable_discount() {
        assert_eq!(DealsFilter::for_page(Some("50")), DealsFilter::Exactly(50));
        assert_eq!(
            DealsFilter::for_page(Some(" 20 ")),
            DealsFilter::Exactly(20)
        );
        for raw in ["abc", "0", "250", "any", ""] {
            assert_eq!(
                DealsFilter::for_page(Some(raw)),
                DealsFilter::AnyOffer,
                "{raw:?}"
            );
        }
    }
}
