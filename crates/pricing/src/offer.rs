//! Offer prices (000 §5, 001 §5): price minus price × offerPercentage / 100, rounded to the
//! paisa on the product page and to whole rupees on the hot-deals page (000 §9).

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::money::{Money, Percent, ROUNDING};

/// The offer price to the paisa: the exact `price − price × offer / 100`, rounded half away
/// from zero to 2 decimals (the final price is what is rounded, not the discount).
pub fn offer_price(price: Money, offer: Percent) -> Money {
    exact_offer_price_in_paise(price, offer)
        .and_then(|paise| paise.round_dp_with_strategy(0, ROUNDING).to_i64())
        .map_or(price, Money::from_paise)
}

/// The hot-deals price (000 §9): the exact offer price rounded half away from zero to whole
/// rupees (rounded once, from the exact value, so `₹1,000.495` is `₹1,000`).
pub fn deal_price(price: Money, offer: Percent) -> Money {
    exact_offer_price_in_paise(price, offer)
        .and_then(|paise| paise.checked_div(Decimal::ONE_HUNDRED))
        .and_then(|rupees| rupees.round_dp_with_strategy(0, ROUNDING).to_i64())
        .and_then(|rupees| rupees.checked_mul(100))
        .map_or(price, Money::from_paise)
}

/// `price × (100 − offer) / 100` in paise, exact. Between 0 and the price, so never out of
/// range; the callers' fallbacks (no discount) are unreachable.
fn exact_offer_price_in_paise(price: Money, offer: Percent) -> Option<Decimal> {
    let kept = Decimal::ONE_HUNDRED.checked_sub(offer.value())?;
    Decimal::from(price.paise())
        .checked_mul(kept)?
        .checked_div(Decimal::ONE_HUNDRED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn percent(text: &str) -> Percent {
        Decimal::from_str_exact(text)
            .ok()
            .and_then(|value| Percent::new(value).ok())
            .expect("test percentage is valid")
    }

    #[test]
    fn offer_price_table() {
        // (spec, price in paise, offer %, offer price in paise, deal price in paise)
        let cases = [
            ("000 §5", 129_900, "20", 103_920, 103_900),
            ("000 §5", 129_900, "0", 129_900, 129_900),
            ("000 §5", 129_900, "100", 0, 0),
            ("001 §5", 99_900, "12.5", 87_413, 87_400), // 874.125 -> 874.13
            ("000 §9", 100_099, "50", 50_050, 50_000),  // 500.495 -> ₹500 (not 500.50 -> ₹501)
            ("000 §9", 149_900, "33", 100_433, 100_400),
            ("000 §9", 100, "50", 50, 100), // ₹0.50 rounds up to ₹1
            ("001 §5", 5, "10", 5, 0),      // 4.5 paise -> 5 paise
        ];
        for (spec, price, offer, expected, deal) in cases {
            let price = Money::from_paise(price);
            assert_eq!(
                offer_price(price, percent(offer)).paise(),
                expected,
                "{spec}"
            );
            assert_eq!(deal_price(price, percent(offer)).paise(), deal, "{spec}");
        }
    }

    proptest! {
        #[test]
        fn offer_price_is_between_zero_and_price(price in 0i64.., whole in 0u8..=100) {
            let price = Money::from_paise(price);
            let offer = percent(&whole.to_string());
            let offered = offer_price(price, offer);
            prop_assert!(offered >= Money::ZERO && offered <= price);
            // Exact in integers: round(price × (100 − whole) / 100), half away from zero.
            let exact = i128::from(price.paise()) * i128::from(100 - whole);
            prop_assert_eq!(i128::from(offered.paise()), (exact * 2 + 100) / 200);
            let deal = deal_price(price, offer);
            prop_assert_eq!(i128::from(deal.paise()), (exact * 2 + 10_000) / 20_000 * 100);
        }
    }
}
