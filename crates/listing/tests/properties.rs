//! Properties of the list rules over many inputs.

use listing::{DealsFilter, PriceBounds, brand_matches, special_offer_bound};
use proptest::prelude::*;

fn bounds() -> impl Strategy<Value = PriceBounds> {
    (
        proptest::option::of(0i64..1_000_000),
        proptest::option::of(0i64..1_000_000),
    )
        .prop_map(|(min_paise, max_paise)| PriceBounds {
            min_paise,
            max_paise,
        })
}

proptest! {
    #[test]
    fn intersecting_keeps_what_both_keep(a in bounds(), b in bounds(), price in 0i64..1_000_000) {
        prop_assert_eq!(a.intersect(b).contains(price), a.contains(price) && b.contains(price));
    }

    #[test]
    fn special_offers_never_apply_both_bounds(min in proptest::option::of(0i64..1_000_000), max in proptest::option::of(0i64..1_000_000)) {
        let bound = special_offer_bound(min, max);
        prop_assert!(bound.min_paise.is_none() || bound.max_paise.is_none());
    }

    #[test]
    fn every_whole_percentage_is_a_discount(n in 1u8..=100) {
        let filter = DealsFilter::parse(&n.to_string());
        prop_assert_eq!(filter, Ok(DealsFilter::Exactly(n)));
        prop_assert!(DealsFilter::Exactly(n).matches(i32::from(n)));
    }

    #[test]
    fn a_brand_name_contains_every_piece_of_itself(name in "[A-Za-z .&]{1,30}", start in 0usize..30, len in 0usize..30) {
        let chars: Vec<char> = name.chars().collect();
        let start = start.min(chars.len());
        let end = (start + len).min(chars.len());
        let piece: String = chars[start..end].iter().collect();
        prop_assert!(brand_matches(&name, &piece.to_uppercase()));
    }
}
