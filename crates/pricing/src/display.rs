//! Which price a product card shows (000 §4, 001 §5): an offer above 0 % wins; otherwise a
//! currently valid assigned coupon; otherwise the plain price.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::coupon::AssignedCoupon;
use crate::money::{Money, Percent};
use crate::offer::offer_price;

/// Where the shown discount comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PriceSource {
    /// The product's `offerPercentage`.
    Offer,
    /// The product's `assigned_coupon`.
    Coupon,
    /// No discount.
    None,
}

/// The price a product card shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayPrice {
    /// Where the discount comes from.
    pub source: PriceSource,
    /// The plain price (struck through when discounted).
    pub original: Money,
    /// The price to pay, to the paisa.
    #[serde(rename = "final")]
    pub final_price: Money,
    /// `original − final`.
    pub discount: Money,
    /// The whole percentage shown in badges: `round(discount / original × 100)`, half away
    /// from zero; 0 when there is no discount or the price is not above zero.
    pub percent_off: u32,
}

/// The displayed price of a product (000 §4, 001 §5).
///
/// - `offer` above zero wins: the final price is [`offer_price`] (the exact offer price
///   rounded to the paisa), even when that rounds to no discount at all;
/// - else a coupon whose `is_currently_valid` is true and whose value is above zero (a
///   percentage above 0, a fixed amount above ₹0): its discount on the price (percentage
///   rounded to the paisa and capped at `max_discount_amount`, or the fixed value capped at the
///   price);
/// - else the plain price.
pub fn display_price(
    price: Money,
    offer: Percent,
    coupon: Option<&AssignedCoupon>,
) -> DisplayPrice {
    let (source, final_price) = if !offer.is_zero() {
        (PriceSource::Offer, offer_price(price, offer))
    } else if let Some(coupon) =
        coupon.filter(|coupon| coupon.is_currently_valid && !coupon.discount.is_zero())
    {
        let discount = coupon.discount.discount_on(price);
        // discount is within 0..=price, so the subtraction cannot overflow.
        (
            PriceSource::Coupon,
            price.checked_sub(discount).unwrap_or(price),
        )
    } else {
        (PriceSource::None, price)
    };
    let discount = price.checked_sub(final_price).unwrap_or(Money::ZERO);
    DisplayPrice {
        source,
        original: price,
        final_price,
        discount,
        percent_off: percent_off(discount, price),
    }
}

/// `round(discount / original × 100)`, half away from zero, for `0 <= discount <= original`.
fn percent_off(discount: Money, original: Money) -> u32 {
    if !original.is_positive() || !discount.is_positive() {
        return 0;
    }
    let discount = i128::from(discount.paise());
    let original = i128::from(original.paise());
    let rounded = (discount * 200 + original) / (original * 2);
    u32::try_from(rounded).unwrap_or(0)
}

/// The price-related fields of a product as they arrive on the wire (000 §3, 001 §3):
/// `price` (number, numeric string or `{"$numberDecimal": ...}`), `offerPercentage` and
/// `assigned_coupon` (each may be missing or null).
///
/// Read leniently, as a client does: an unparseable price is zero, an unparseable or
/// out-of-range (`< 0` or `> 100`) offer is no offer, an assigned coupon without a known
/// `discount_type` is no coupon ([`AssignedCoupon::from_json`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProductPricing {
    /// The plain price.
    pub price: Money,
    /// The product's offer, zero for none.
    #[serde(rename = "offerPercentage")]
    pub offer: Percent,
    /// The product's assigned coupon.
    pub assigned_coupon: Option<AssignedCoupon>,
}

impl ProductPricing {
    /// Reads the price fields of a product object; fields other than these are ignored.
    pub fn from_json(product: &Value) -> ProductPricing {
        let field = |name: &str| product.get(name).unwrap_or(&Value::Null);
        ProductPricing {
            price: Money::parse_lenient(field("price")),
            offer: Percent::parse_lenient(field("offerPercentage")),
            assigned_coupon: AssignedCoupon::from_json(field("assigned_coupon")),
        }
    }

    /// The price the product card shows.
    pub fn display(&self) -> DisplayPrice {
        display_price(self.price, self.offer, self.assigned_coupon.as_ref())
    }
}

impl<'de> Deserialize<'de> for ProductPricing {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ProductPricing, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Ok(ProductPricing::from_json(&value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coupon::CouponDiscount;
    use proptest::prelude::*;
    use serde_json::json;

    fn percent(whole: u8) -> Percent {
        Percent::from_whole(whole).expect("test percentage is valid")
    }

    fn fixed(rupees: i32, valid: bool) -> AssignedCoupon {
        AssignedCoupon {
            coupon_code: "FLAT".to_owned(),
            discount: CouponDiscount::Fixed(Money::from_rupees(rupees)),
            is_currently_valid: valid,
        }
    }

    #[test]
    fn precedence() {
        // 000 §4: offer > 0 wins; else a currently valid coupon; else the plain price.
        let price = Money::from_rupees(1299);
        let coupon = fixed(200, true);
        assert_eq!(
            display_price(price, percent(20), Some(&coupon)).source,
            PriceSource::Offer
        );
        assert_eq!(
            display_price(price, Percent::ZERO, Some(&coupon)).source,
            PriceSource::Coupon
        );
        let worthless = fixed(0, true);
        assert_eq!(
            display_price(price, Percent::ZERO, Some(&worthless)).source,
            PriceSource::None
        );
        let expired = fixed(200, false);
        assert_eq!(
            display_price(price, Percent::ZERO, Some(&expired)).source,
            PriceSource::None
        );
        assert_eq!(
            display_price(price, Percent::ZERO, None).source,
            PriceSource::None
        );
    }

    #[test]
    fn fields_of_a_coupon_price() {
        // 001 §5: fixed amount capped at the price.
        let shown = display_price(
            Money::from_rupees(150),
            Percent::ZERO,
            Some(&fixed(200, true)),
        );
        assert_eq!(
            shown,
            DisplayPrice {
                source: PriceSource::Coupon,
                original: Money::from_rupees(150),
                final_price: Money::ZERO,
                discount: Money::from_rupees(150),
                percent_off: 100,
            }
        );
        assert_eq!(
            serde_json::to_value(shown).ok(),
            Some(json!({
                "source": "coupon", "original": {"$numberDecimal": "150.00"},
                "final": {"$numberDecimal": "0.00"}, "discount": {"$numberDecimal": "150.00"},
                "percent_off": 100
            }))
        );
    }

    #[test]
    fn percent_off_rounds_half_away_from_zero() {
        assert_eq!(percent_off(Money::from_paise(1), Money::from_paise(200)), 1); // 0.5 -> 1
        assert_eq!(percent_off(Money::from_paise(1), Money::from_paise(201)), 0);
        assert_eq!(percent_off(Money::from_paise(5), Money::ZERO), 0);
        assert_eq!(percent_off(Money::ZERO, Money::from_paise(5)), 0);
        assert_eq!(
            percent_off(Money::from_paise(i64::MAX), Money::from_paise(i64::MAX)),
            100
        );
    }

    #[test]
    fn product_reads_leniently() {
        let product = json!({
            "_id": "p1", "price": "₹1,299", "offerPercentage": null,
            "assigned_coupon": {"coupon_code": "F", "discount_type": "fixed",
                                "discount_value": "200", "is_currently_valid": true}
        });
        let pricing = ProductPricing::from_json(&product);
        assert_eq!(pricing.price, Money::from_rupees(1299));
        assert_eq!(pricing.offer, Percent::ZERO);
        assert_eq!(pricing.display().final_price, Money::from_rupees(1099));
        let typed: Result<ProductPricing, _> = serde_json::from_value(product);
        assert_eq!(typed.ok(), Some(pricing));
        assert_eq!(ProductPricing::from_json(&json!(null)).price, Money::ZERO);
        assert_eq!(
            ProductPricing::from_json(&json!({"offerPercentage": 101})).offer,
            Percent::ZERO
        );
    }

    proptest! {
        #[test]
        fn final_plus_discount_is_the_price(
            price in 0i64..=1_000_000_000_000,
            offer in 0u8..=100,
            coupon_rupees in -1_000i32..100_000,
            valid in any::<bool>(),
        ) {
            let price = Money::from_paise(price);
            let coupon = fixed(coupon_rupees, valid);
            let shown = display_price(price, percent(offer), Some(&coupon));
            prop_assert_eq!(shown.final_price.checked_add(shown.discount), Some(price));
            prop_assert!(shown.final_price >= Money::ZERO && shown.discount >= Money::ZERO);
            prop_assert!(shown.percent_off <= 100);
            prop_assert_eq!(shown.source == PriceSource::Offer, offer > 0);
        }
    }
}
