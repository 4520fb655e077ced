//! Cart totals: subtotal, coupon discount, delivery fee and total, computed on the server
//! from stored prices (docs/architecture.md, Security decisions), overflow-safe.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::coupon::{Coupon, CouponError};
use delivery::DeliverySpeed;

use crate::fees::delivery_fee;
use crate::money::Money;

/// One line of a cart or order: the unit price actually charged (after any offer) and how
/// many.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    /// Price of one item.
    pub unit_price: Money,
    /// Number of items.
    pub quantity: u32,
}

/// Why totals cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CartError {
    /// A line's unit price is below zero.
    #[error("Item price cannot be negative")]
    NegativePrice,
    /// A sum or product does not fit in `i64` paise.
    #[error("Order total is too large")]
    Overflow,
    /// The coupon does not apply (its message is the shopper's).
    #[error(transparent)]
    Coupon(#[from] CouponError),
}

/// The money of a cart (001 §3 Cart, order create payload).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartTotals {
    /// Sum of unit price × quantity.
    pub subtotal: Money,
    /// Coupon discount, within `0..=subtotal`.
    pub discount: Money,
    /// Delivery fee for the chosen speed.
    pub delivery_fee: Money,
    /// `subtotal − discount + delivery_fee`.
    pub total: Money,
    /// Number of items (sum of quantities).
    pub item_count: u64,
}

/// Sum of unit price × quantity over the lines.
pub fn subtotal(lines: &[CartLine]) -> Result<Money, CartError> {
    lines.iter().try_fold(Money::ZERO, |sum, line| {
        if line.unit_price.is_negative() {
            return Err(CartError::NegativePrice);
        }
        line.unit_price
            .checked_mul(line.quantity)
            .and_then(|amount| sum.checked_add(amount))
            .ok_or(CartError::Overflow)
    })
}

impl CartTotals {
    /// Totals with a discount already known; the discount is clamped to `0..=subtotal`.
    pub fn compute(
        lines: &[CartLine],
        discount: Money,
        speed: DeliverySpeed,
    ) -> Result<CartTotals, CartError> {
        let subtotal = subtotal(lines)?;
        let discount = discount.min(subtotal).max(Money::ZERO);
        let delivery_fee = delivery_fee(speed);
        let total = subtotal
            .checked_sub(discount)
            .and_then(|net| net.checked_add(delivery_fee))
            .ok_or(CartError::Overflow)?;
        let item_count = lines.iter().fold(0u64, |count, line| {
            count.saturating_add(u64::from(line.quantity))
        });
        Ok(CartTotals {
            subtotal,
            discount,
            delivery_fee,
            total,
            item_count,
        })
    }

    /// Totals with an optional coupon applied to the subtotal at `now` ([`Coupon::apply`]).
    /// `cart_brand_ids` are the brand ids of the cart's items.
    pub fn with_coupon<S: AsRef<str>>(
        lines: &[CartLine],
        coupon: Option<&Coupon>,
        cart_brand_ids: &[S],
        speed: DeliverySpeed,
        now: DateTime<Utc>,
    ) -> Result<CartTotals, CartError> {
        let discount = match coupon {
            Some(coupon) => coupon.apply(subtotal(lines)?, cart_brand_ids, now)?,
            None => Money::ZERO,
        };
        CartTotals::compute(lines, discount, speed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coupon::{CouponCode, CouponDiscount};
    use crate::money::Percent;
    use proptest::prelude::*;
    use serde_json::json;

    fn line(paise: i64, quantity: u32) -> CartLine {
        CartLine {
            unit_price: Money::from_paise(paise),
            quantity,
        }
    }

    fn ten_percent() -> Coupon {
        Coupon {
            code: CouponCode::parse("TEN").expect("valid code"),
            discount: CouponDiscount::Percentage {
                percent: Percent::from_whole(10).expect("valid percentage"),
                max_discount: Some(Money::from_rupees(100)),
            },
            min_order_value: Money::from_rupees(500),
            is_active: true,
            valid_from: None,
            valid_until: None,
            brand_id: Some("b1".to_owned()),
            usage_limit: None,
            usage_limit_per_user: None,
        }
    }

    #[test]
    fn totals_with_express_delivery() {
        // 001 §9: express ₹99 on top of the subtotal.
        let lines = [line(129_900, 2), line(49_950, 1)];
        let totals = CartTotals::compute(&lines, Money::from_rupees(100), DeliverySpeed::Express);
        assert_eq!(
            totals,
            Ok(CartTotals {
                subtotal: Money::from_paise(309_750),
                discount: Money::from_rupees(100),
                delivery_fee: Money::from_rupees(99),
                total: Money::from_paise(309_750 - 10_000 + 9_900),
                item_count: 3,
            })
        );
    }

    #[test]
    fn discount_is_clamped_to_the_subtotal() {
        let lines = [line(10_000, 1)];
        let over = CartTotals::compute(&lines, Money::from_rupees(500), DeliverySpeed::Standard);
        assert_eq!(
            over.map(|t| (t.discount, t.total)),
            Ok((Money::from_rupees(100), Money::ZERO))
        );
        let negative = CartTotals::compute(&lines, Money::from_rupees(-5), DeliverySpeed::Standard);
        assert_eq!(negative.map(|t| t.total), Ok(Money::from_rupees(100)));
    }

    #[test]
    fn empty_cart_costs_nothing_but_the_fee() {
        let empty = CartTotals::compute(&[], Money::ZERO, DeliverySpeed::Express);
        assert_eq!(
            empty.map(|t| (t.total, t.item_count)),
            Ok((Money::from_rupees(99), 0))
        );
    }

    #[test]
    fn overflow_and_negative_prices_are_errors() {
        assert_eq!(subtotal(&[line(i64::MAX, 2)]), Err(CartError::Overflow));
        assert_eq!(
            subtotal(&[line(i64::MAX, 1), line(1, 1)]),
            Err(CartError::Overflow)
        );
        assert_eq!(
            CartTotals::compute(&[line(i64::MAX, 1)], Money::ZERO, DeliverySpeed::Express),
            Err(CartError::Overflow)
        );
        assert_eq!(subtotal(&[line(-1, 1)]), Err(CartError::NegativePrice));
        assert_eq!(CartError::Overflow.to_string(), "Order total is too large");
    }

    #[test]
    fn coupon_applies_to_the_subtotal() {
        // 001 §5: percentage of subtotal capped at max_discount_amount; minimum order value.
        let coupon = ten_percent();
        let lines = [line(60_000, 1)];
        let totals = CartTotals::with_coupon(
            &lines,
            Some(&coupon),
            &["b1"],
            DeliverySpeed::Standard,
            now(),
        );
        assert_eq!(totals.map(|t| t.total), Ok(Money::from_rupees(540)));
        let big = [line(300_000, 1)];
        let capped =
            CartTotals::with_coupon(&big, Some(&coupon), &["b1"], DeliverySpeed::Standard, now());
        assert_eq!(capped.map(|t| t.discount), Ok(Money::from_rupees(100)));
        let small = [line(40_000, 1)];
        let refused = CartTotals::with_coupon(
            &small,
            Some(&coupon),
            &["b1"],
            DeliverySpeed::Standard,
            now(),
        );
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("Minimum order value of ₹500 required".to_owned())
        );
        let none = CartTotals::with_coupon(&small, None, &["b1"], DeliverySpeed::Standard, now());
        assert_eq!(none.map(|t| t.total), Ok(Money::from_rupees(400)));
    }

    #[test]
    fn wire_form() {
        let totals = CartTotals::compute(&[line(100, 1)], Money::ZERO, DeliverySpeed::Standard);
        assert_eq!(
            totals.ok().and_then(|t| serde_json::to_value(t).ok()),
            Some(json!({
                "subtotal": {"$numberDecimal": "1.00"}, "discount": {"$numberDecimal": "0.00"},
                "deliveryFee": {"$numberDecimal": "0.00"}, "total": {"$numberDecimal": "1.00"},
                "itemCount": 1
            }))
        );
    }

    fn now() -> DateTime<Utc> {
        DateTime::UNIX_EPOCH
    }

    proptest! {
        #[test]
        fn totals_add_up(
            lines in proptest::collection::vec((0i64..10_000_000, 0u32..100), 0..20),
            discount in -1_000_000i64..100_000_000,
            express in any::<bool>(),
        ) {
            let lines: Vec<CartLine> = lines.into_iter().map(|(p, q)| line(p, q)).collect();
            let speed = if express { DeliverySpeed::Express } else { DeliverySpeed::Standard };
            let totals = CartTotals::compute(&lines, Money::from_paise(discount), speed);
            let totals = totals.map_err(|e| TestCaseError::fail(e.to_string()))?;
            let expected: i64 = lines.iter().map(|l| l.unit_price.paise() * i64::from(l.quantity)).sum();
            prop_assert_eq!(totals.subtotal.paise(), expected);
            prop_assert!(totals.discount >= Money::ZERO && totals.discount <= totals.subtotal);
            prop_assert_eq!(
                totals.total.paise(),
                totals.subtotal.paise() - totals.discount.paise() + delivery_fee(speed).paise()
            );
        }

        #[test]
        fn huge_carts_never_panic(
            lines in proptest::collection::vec((0i64.., any::<u32>()), 0..8),
        ) {
            let lines: Vec<CartLine> = lines.into_iter().map(|(p, q)| line(p, q)).collect();
            let result = CartTotals::compute(&lines, Money::ZERO, DeliverySpeed::Express);
            let wide: i128 = lines
                .iter()
                .map(|l| i128::from(l.unit_price.paise()) * i128::from(l.quantity))
                .sum::<i128>()
                + 9_900;
            // Every amount is non-negative, so no partial sum overflows unless the total does.
            if wide > i128::from(i64::MAX) {
                prop_assert_eq!(result, Err(CartError::Overflow));
            } else {
                prop_assert_eq!(result.map(|t| i128::from(t.total.paise())), Ok(wide));
            }
        }
    }
}
