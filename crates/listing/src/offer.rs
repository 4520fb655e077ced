//! The Offers page's offer table (000 §2.9, §5, §9) and Special Offers' price bound (000 §5).

use crate::ListingError;

/// An offer of the Offers page (`/offers?offer=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfferName {
    /// `starting`: products from ₹499.
    Starting,
    /// `starting-women`: products from ₹799.
    StartingWomen,
    /// `under1299`: everything up to ₹1,299.
    Under1299,
    /// `under899`: everything up to ₹899.
    Under899,
}

/// The Offers page's title for any other offer value, or none (000 §2.9).
pub const DEFAULT_OFFER_TITLE: &str = "Special Offers";

impl OfferName {
    pub const ALL: [OfferName; 4] = [
        OfferName::Starting,
        OfferName::StartingWomen,
        OfferName::Under1299,
        OfferName::Under899,
    ];

    /// The offer's query value, exactly (000 §2.9 lists them in lower case).
    pub fn parse(raw: &str) -> Result<Self, ListingError> {
        Self::ALL
            .into_iter()
            .find(|offer| offer.as_str() == raw.trim())
            .ok_or(ListingError::UnknownOffer)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            OfferName::Starting => "starting",
            OfferName::StartingWomen => "starting-women",
            OfferName::Under1299 => "under1299",
            OfferName::Under899 => "under899",
        }
    }

    /// 000 §5: starting = minPrice 499; starting-women = minPrice 799; under1299 = maxPrice
    /// 1299; under899 = maxPrice 899.
    pub fn price_bounds(self) -> PriceBounds {
        match self {
            OfferName::Starting => PriceBounds::at_least(rupees(499)),
            OfferName::StartingWomen => PriceBounds::at_least(rupees(799)),
            OfferName::Under1299 => PriceBounds::at_most(rupees(1299)),
            OfferName::Under899 => PriceBounds::at_most(rupees(899)),
        }
    }

    /// 000 §2.9's titles.
    pub fn title(self) -> &'static str {
        match self {
            OfferName::Starting => "Products Starting at ₹499",
            OfferName::StartingWomen => "Products Starting at ₹799",
            OfferName::Under1299 => "Everything Under ₹1,299",
            OfferName::Under899 => "Everything Under ₹899",
        }
    }
}

const fn rupees(r: i64) -> i64 {
    r * 100
}

/// Inclusive bounds on a plain price, in paise; `None` is unbounded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PriceBounds {
    pub min_paise: Option<i64>,
    pub max_paise: Option<i64>,
}

impl PriceBounds {
    pub const fn at_least(paise: i64) -> Self {
        Self {
            min_paise: Some(paise),
            max_paise: None,
        }
    }

    pub const fn at_most(paise: i64) -> Self {
        Self {
            min_paise: None,
            max_paise: Some(paise),
        }
    }

    pub fn contains(self, paise: i64) -> bool {
        self.min_paise.is_none_or(|min| paise >= min)
            && self.max_paise.is_none_or(|max| paise <= max)
    }

    /// Both bounds at once: the higher minimum and the lower maximum.
    pub fn intersect(self, other: PriceBounds) -> PriceBounds {
        let pick = |a: Option<i64>, b: Option<i64>, f: fn(i64, i64) -> i64| match (a, b) {
            (Some(a), Some(b)) => Some(f(a, b)),
            (a, b) => a.or(b),
        };
        PriceBounds {
            min_paise: pick(self.min_paise, other.min_paise, i64::max),
            max_paise: pick(self.max_paise, other.max_paise, i64::min),
        }
    }
}

/// Special Offers' price filter (000 §5): "the min bound is applied, else the max bound (not
/// both)".
pub fn special_offer_bound(min_paise: Option<i64>, max_paise: Option<i64>) -> PriceBounds {
    match (min_paise, max_paise) {
        (Some(min), _) => PriceBounds::at_least(min),
        (None, Some(max)) => PriceBounds::at_most(max),
        (None, None) => PriceBounds::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offer_table() {
        let table = [
            (
                "000 §5",
                "starting",
                Some(49_900),
                None,
                "Products Starting at ₹499",
            ),
            (
                "000 §5",
                "starting-women",
                Some(79_900),
                None,
                "Products Starting at ₹799",
            ),
            (
                "000 §5",
                "under1299",
                None,
                Some(129_900),
                "Everything Under ₹1,299",
            ),
            (
                "000 §5",
                "under899",
                None,
                Some(89_900),
                "Everything Under ₹899",
            ),
        ];
        for (spec, raw, min, max, title) in table {
            let offer = OfferName::parse(raw).expect(spec);
            assert_eq!(offer.as_str(), raw, "{spec}");
            assert_eq!(
                offer.price_bounds(),
                PriceBounds {
                    min_paise: min,
                    max_paise: max
                },
                "{spec} {raw}"
            );
            assert_eq!(offer.title(), title, "{spec} {raw}");
        }
    }

    #[test]
    fn other_offers_are_unknown() {
        for raw in ["others", "", "Starting", "under 899", "flat50"] {
            assert_eq!(
                OfferName::parse(raw),
                Err(ListingError::UnknownOffer),
                "{raw:?}"
            );
        }
    }

    #[test]
    fn bounds_are_inclusive() {
        let b = OfferName::Under899.price_bounds();
        assert!(b.contains(89_900));
        assert!(!b.contains(89_901));
        let b = OfferName::Starting.price_bounds();
        assert!(b.contains(49_900));
        assert!(!b.contains(49_899));
        assert!(PriceBounds::default().contains(0));
    }

    #[test]
    fn special_offers_apply_the_min_bound_else_the_max_not_both() {
        // 000 §5, 000 §2.5's tiles: /special-offers?maxPrice=2999 and ?minPrice=799.
        assert_eq!(
            special_offer_bound(Some(79_900), Some(299_900)),
            PriceBounds::at_least(79_900)
        );
        assert_eq!(
            special_offer_bound(None, Some(299_900)),
            PriceBounds::at_most(299_900)
        );
        assert_eq!(
            special_offer_bound(Some(79_900), None),
            PriceBounds::at_least(79_900)
        );
        assert_eq!(special_offer_bound(None, None), PriceBounds::default());
    }

    #[test]
    fn intersecting_keeps_the_tighter_bounds() {
        let a = PriceBounds {
            min_paise: Some(100),
            max_paise: Some(900),
        };
        let b = PriceBounds {
            min_paise: Some(300),
            max_paise: None,
        };
        assert_eq!(
            a.intersect(b),
            PriceBounds {
                min_paise: Some(300),
                max_paise: Some(900)
            }
        );
        assert_eq!(PriceBounds::default().intersect(b), b);
    }
}
