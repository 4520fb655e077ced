//! Coupons: the code a shopper types, the coupon record, its discount on a cart subtotal
//! (001 §5, §8) and the coupon assigned to a product for its displayed price (000 §4).

use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::format::{Style, format_inr};
use crate::money::{Money, Percent};

/// Longest coupon code accepted.
pub const COUPON_CODE_MAX_LEN: usize = 32;

/// Why a coupon cannot be applied. `Display` is the text the shopper sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CouponError {
    /// Nothing typed (001 §5).
    #[error("Please enter a coupon code")]
    Empty,
    /// Unknown code, a code with characters no coupon has, an inactive coupon, or one outside
    /// its validity window (001 §8).
    #[error("Invalid coupon code")]
    Invalid,
    /// The subtotal is below the coupon's minimum order value (001 §5); the amount is written
    /// en-IN (`₹1,500`, or `₹1,499.50` when it has paise).
    #[error("Minimum order value of {minimum} required")]
    MinimumOrder {
        /// The coupon's minimum order value.
        minimum: Money,
    },
    /// The coupon belongs to a brand but the cart items carry no brand id (001 §8's text).
    #[error("Brand ID not found in cart items")]
    BrandMissing,
    /// The coupon belongs to a brand other than the cart's. The specification has no text for
    /// this case; this one is ours.
    #[error("This coupon is not valid for the brand in your bag")]
    BrandMismatch,
    /// The shopper has used the coupon as often as it may be used by one shopper
    /// (`usage_limit_per_user`). Ours: the specification has no usage limits.
    #[error("You have already used this coupon.")]
    AlreadyUsed,
    /// The coupon has been used as often as it may be used by anyone (`usage_limit`). Ours.
    #[error("This coupon has reached its usage limit.")]
    Exhausted,
}

/// A coupon code as typed by the shopper, trimmed and upper-cased (001 §5).
///
/// Codes are 1 to 32 characters of ASCII letters, digits, `-` and `_`: anything else cannot
/// be a coupon and is refused as 'Invalid coupon code' before any lookup.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CouponCode(String);

impl CouponCode {
    /// Trims and upper-cases `input`; empty input is [`CouponError::Empty`].
    pub fn parse(input: &str) -> Result<CouponCode, CouponError> {
        let trimmed = input.trim();
        if trimmed.is_empty() {
            return Err(CouponError::Empty);
        }
        let well_formed = trimmed.len() <= COUPON_CODE_MAX_LEN
            && trimmed
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !well_formed {
            return Err(CouponError::Invalid);
        }
        Ok(CouponCode(trimmed.to_ascii_uppercase()))
    }

    /// The code (`"FLAT200"`).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CouponCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for CouponCode {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Serialize for CouponCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for CouponCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CouponCode, D::Error> {
        let text = String::deserialize(deserializer)?;
        CouponCode::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The wire name of a coupon's kind (`discount_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DiscountType {
    /// A percentage of the amount, optionally capped.
    Percentage,
    /// A fixed number of rupees.
    Fixed,
}

impl DiscountType {
    /// "percentage" or "fixed" (001 §3), as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            DiscountType::Percentage => "percentage",
            DiscountType::Fixed => "fixed",
        }
    }
}

/// What a coupon takes off an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CouponDiscount {
    /// `percent` of the amount, capped at `max_discount` when that is above zero (a cap of
    /// zero, as an unset field is often stored, means no cap).
    Percentage {
        /// The percentage (`discount_value`).
        percent: Percent,
        /// The cap (`max_discount_amount`).
        max_discount: Option<Money>,
    },
    /// A fixed amount (`discount_value` in rupees); `max_discount_amount` does not apply.
    Fixed(Money),
}

impl CouponDiscount {
    /// The wire name of this kind.
    pub fn discount_type(self) -> DiscountType {
        match self {
            CouponDiscount::Percentage { .. } => DiscountType::Percentage,
            CouponDiscount::Fixed(_) => DiscountType::Fixed,
        }
    }

    /// Whether it can never take anything off: a zero percentage, or a fixed value of zero
    /// or less.
    pub fn is_zero(self) -> bool {
        match self {
            CouponDiscount::Percentage { percent, .. } => percent.is_zero(),
            CouponDiscount::Fixed(value) => !value.is_positive(),
        }
    }

    /// The discount on `amount` (000 §4, 001 §5): a percentage of it capped at the maximum
    /// discount, or the fixed value; never above the amount nor below zero.
    pub fn discount_on(self, amount: Money) -> Money {
        let discount = match self {
            CouponDiscount::Percentage {
                percent,
                max_discount,
            } => {
                let share = amount.percentage(percent);
                match max_discount {
                    Some(cap) if cap.is_positive() => share.min(cap),
                    _ => share,
                }
            }
            CouponDiscount::Fixed(value) => value,
        };
        discount.min(amount).max(Money::ZERO)
    }
}

/// A coupon record (001 §3 "Coupon/offer"), as the store hands it to the domain.
///
/// Every field is already a checked type, so the fields are public.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    /// The code shoppers type.
    pub code: CouponCode,
    /// What it takes off.
    pub discount: CouponDiscount,
    /// The smallest subtotal it applies to (`min_order_value`; zero for none).
    pub min_order_value: Money,
    /// Switched on in the CRM (`is_active`).
    pub is_active: bool,
    /// First instant it is valid, inclusive; `None` for always.
    pub valid_from: Option<DateTime<Utc>>,
    /// Last instant it is valid, inclusive; `None` for never expiring.
    pub valid_until: Option<DateTime<Utc>>,
    /// The brand whose products it is for (coupons are assigned per brand in the CRM, 001 §6);
    /// `None` for any brand.
    pub brand_id: Option<String>,
    /// How many orders may use it in all; `None` for no limit.
    pub usage_limit: Option<u32>,
    /// How many orders of one shopper may use it; `None` for no limit.
    pub usage_limit_per_user: Option<u32>,
}

/// How often a coupon has been used, as counted when orders were placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CouponUsage {
    /// Uses by every shopper (`times_used`).
    pub times_used: u64,
    /// Uses by the shopper asking.
    pub shopper_uses: u64,
}

impl Coupon {
    /// Active, and `now` inside `valid_from..=valid_until` (the wire's `is_currently_valid`).
    pub fn is_currently_valid(&self, now: DateTime<Utc>) -> bool {
        self.is_active
            && self.valid_from.is_none_or(|from| from <= now)
            && self.valid_until.is_none_or(|until| now <= until)
    }

    /// The discount this coupon gives on a cart (001 §5), checked in this order:
    ///
    /// 1. inactive or outside its validity window: [`CouponError::Invalid`] (001 §8);
    /// 2. restricted to a brand: the cart's brand ids (one per item; a bag holds one brand)
    ///    must all be that brand, [`CouponError::BrandMissing`] when there are none,
    ///    [`CouponError::BrandMismatch`] otherwise;
    /// 3. `min_order_value` above `subtotal`: [`CouponError::MinimumOrder`];
    /// 4. the discount: a percentage of the subtotal capped at `max_discount_amount`, or the
    ///    fixed value; never above the subtotal nor below zero.
    pub fn apply<S: AsRef<str>>(
        &self,
        subtotal: Money,
        cart_brand_ids: &[S],
        now: DateTime<Utc>,
    ) -> Result<Money, CouponError> {
        if !self.is_currently_valid(now) {
            return Err(CouponError::Invalid);
        }
        if let Some(brand) = &self.brand_id {
            if cart_brand_ids.is_empty() {
                return Err(CouponError::BrandMissing);
            }
            if cart_brand_ids.iter().any(|id| id.as_ref() != brand) {
                return Err(CouponError::BrandMismatch);
            }
        }
        if self.min_order_value > subtotal {
            return Err(CouponError::MinimumOrder {
                minimum: self.min_order_value,
            });
        }
        Ok(self.discount.discount_on(subtotal))
    }

    /// Whether `usage` leaves room for one more use: [`CouponError::AlreadyUsed`] when the
    /// shopper has reached the per-shopper limit (checked first: it is the shopper's own
    /// doing, and stays true whatever others do), [`CouponError::Exhausted`] when everyone
    /// together has reached the total limit.
    ///
    /// This answers a question about the past; two checkouts may both pass it. The store's
    /// claim, made when an order is placed, is what keeps a limit.
    pub fn check_usage(&self, usage: CouponUsage) -> Result<(), CouponError> {
        if self
            .usage_limit_per_user
            .is_some_and(|limit| usage.shopper_uses >= u64::from(limit))
        {
            return Err(CouponError::AlreadyUsed);
        }
        if self
            .usage_limit
            .is_some_and(|limit| usage.times_used >= u64::from(limit))
        {
            return Err(CouponError::Exhausted);
        }
        Ok(())
    }

    /// [`Coupon::apply`] for a shopper with the coupon's `usage`: inactive or outside its
    /// window is [`CouponError::Invalid`] first, then [`Coupon::check_usage`], then the rest
    /// of [`Coupon::apply`]'s checks.
    pub fn redeem<S: AsRef<str>>(
        &self,
        subtotal: Money,
        cart_brand_ids: &[S],
        usage: CouponUsage,
        now: DateTime<Utc>,
    ) -> Result<Money, CouponError> {
        if !self.is_currently_valid(now) {
            return Err(CouponError::Invalid);
        }
        self.check_usage(usage)?;
        self.apply(subtotal, cart_brand_ids, now)
    }

    /// Whether the shopper with `usage` may use this coupon at `now` on some cart: valid now
    /// and under both limits (My Offers).
    pub fn is_usable(&self, usage: CouponUsage, now: DateTime<Utc>) -> bool {
        self.is_currently_valid(now) && self.check_usage(usage).is_ok()
    }

    /// Short plain-English lines saying what the coupon gives and on what terms, for My
    /// Offers: `10% off, up to ₹200` or `₹150 off`; `On orders of ₹999 or more`; `Only on
    /// {brand_name}` (`Only on one brand` when the name is unknown); `Until 31 Dec 2030`;
    /// `Once per shopper` or `3 times per shopper`; `First 100 orders`.
    ///
    /// The last day is the UTC date of `valid_until`, except that a coupon ending exactly at
    /// midnight is written with the day before, the last day it can be used whole.
    pub fn rules(&self, brand_name: Option<&str>) -> Vec<String> {
        let mut rules = Vec::new();
        rules.push(match self.discount {
            CouponDiscount::Percentage {
                percent,
                max_discount: Some(cap),
            } if cap.is_positive() => format!("{percent} off, up to {}", inr(cap)),
            CouponDiscount::Percentage { percent, .. } => format!("{percent} off"),
            CouponDiscount::Fixed(amount) => format!("{} off", inr(amount)),
        });
        if self.min_order_value.is_positive() {
            rules.push(format!(
                "On orders of {} or more",
                inr(self.min_order_value)
            ));
        }
        if self.brand_id.is_some() {
            rules.push(format!("Only on {}", brand_name.unwrap_or("one brand")));
        }
        if let Some(until) = self.valid_until {
            let last_day = if until.time() == chrono::NaiveTime::MIN {
                until - chrono::TimeDelta::days(1)
            } else {
                until
            };
            rules.push(format!("Until {}", last_day.format("%-d %b %Y")));
        }
        match self.usage_limit_per_user {
            Some(1) => rules.push("Once per shopper".to_owned()),
            Some(times) => rules.push(format!("{times} times per shopper")),
            None => {}
        }
        if let Some(limit) = self.usage_limit {
            rules.push(match limit {
                1 => "The first order only".to_owned(),
                _ => format!("First {limit} orders"),
            });
        }
        rules
    }

    /// This coupon as assigned to a product, with its validity at `now`.
    pub fn assigned(&self, now: DateTime<Utc>) -> AssignedCoupon {
        AssignedCoupon {
            coupon_code: self.code.as_str().to_owned(),
            discount: self.discount,
            is_currently_valid: self.is_currently_valid(now),
        }
    }
}

/// A coupon assigned to a product (000 §3 `assigned_coupon`), used for the displayed price.
///
/// Wire form: `{"coupon_code": "FLAT200", "discount_type": "fixed", "discount_value":
/// {"$numberDecimal": "200.00"}, "max_discount_amount": null, "is_currently_valid": true}`;
/// for `percentage` the `discount_value` is the [`Percent`] and `max_discount_amount` the cap.
/// Reading accepts every parseable form, as [`AssignedCoupon::from_json`] describes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignedCoupon {
    /// The code, as stored.
    pub coupon_code: String,
    /// What it takes off the price.
    pub discount: CouponDiscount,
    /// Whether it may be applied now (computed by the server from the coupon's window).
    pub is_currently_valid: bool,
}

impl AssignedCoupon {
    /// Reads the wire shape leniently, as a client does: `None` when `value` is not an object
    /// or `discount_type` is neither `percentage` nor `fixed` (any case); otherwise amounts
    /// and the percentage in any parseable form, garbage counting as zero; a missing, null,
    /// garbage or zero `max_discount_amount` means no cap; `is_currently_valid` must be
    /// `true` for the coupon to apply; a missing `coupon_code` is empty.
    pub fn from_json(value: &Value) -> Option<AssignedCoupon> {
        let object = value.as_object()?;
        let discount_type = object.get("discount_type")?.as_str()?.to_ascii_lowercase();
        let discount_value = object.get("discount_value").unwrap_or(&Value::Null);
        let discount = match discount_type.as_str() {
            "percentage" => CouponDiscount::Percentage {
                percent: Percent::parse_lenient(discount_value),
                max_discount: object
                    .get("max_discount_amount")
                    .map(Money::parse_lenient)
                    .filter(|cap| cap.is_positive()),
            },
            "fixed" => CouponDiscount::Fixed(Money::parse_lenient(discount_value)),
            _ => return None,
        };
        Some(AssignedCoupon {
            coupon_code: object
                .get("coupon_code")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned(),
            discount,
            is_currently_valid: object
                .get("is_currently_valid")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        })
    }
}

/// An amount as the rules write it: whole rupees without decimals.
fn inr(amount: Money) -> String {
    format_inr(amount, Style::Auto)
}

#[derive(Serialize)]
struct AssignedCouponWire<'a> {
    coupon_code: &'a str,
    discount_type: DiscountType,
    discount_value: DiscountValueWire,
    max_discount_amount: Option<Money>,
    is_currently_valid: bool,
}

#[derive(Serialize)]
#[serde(untagged)]
enum DiscountValueWire {
    Percent(Percent),
    Amount(Money),
}

impl Serialize for AssignedCoupon {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (discount_value, max_discount_amount) = match self.discount {
            CouponDiscount::Percentage {
                percent,
                max_discount,
            } => (DiscountValueWire::Percent(percent), max_discount),
            CouponDiscount::Fixed(amount) => (DiscountValueWire::Amount(amount), None),
        };
        AssignedCouponWire {
            coupon_code: &self.coupon_code,
            discount_type: self.discount.discount_type(),
            discount_value,
            max_discount_amount,
            is_currently_valid: self.is_currently_valid,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AssignedCoupon {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<AssignedCoupon, D::Error> {
        let value = Value::deserialize(deserializer)?;
        AssignedCoupon::from_json(&value).ok_or_else(|| {
            serde::de::Error::custom("assigned_coupon needs a discount_type of percentage or fixed")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;
    use serde_json::json;

    const NO_BRANDS: &[&str] = &[];

    fn at(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, day, 12, 0, 0)
            .single()
            .expect("valid test day")
    }

    #[test]
    fn discount_types_are_written_as_the_spec_names_them() {
        // 001 §3: discount_type is "percentage" or "fixed", as stored and as sent.
        for kind in [DiscountType::Percentage, DiscountType::Fixed] {
            assert_eq!(json!(kind), json!(kind.as_str()));
        }
        assert_eq!(DiscountType::Percentage.as_str(), "percentage");
        assert_eq!(DiscountType::Fixed.as_str(), "fixed");
    }

    fn code(text: &str) -> CouponCode {
        CouponCode::parse(text).expect("valid test code")
    }

    fn percent(whole: u8) -> Percent {
        Percent::from_whole(whole).expect("valid test percentage")
    }

    fn coupon(discount: CouponDiscount) -> Coupon {
        Coupon {
            code: code("SAVE"),
            discount,
            min_order_value: Money::ZERO,
            is_active: true,
            valid_from: Some(at(1)),
            valid_until: Some(at(10)),
            brand_id: None,
            usage_limit: None,
            usage_limit_per_user: None,
        }
    }

    fn ten_percent_capped_at(cap: Option<i32>) -> CouponDiscount {
        CouponDiscount::Percentage {
            percent: percent(10),
            max_discount: cap.map(Money::from_rupees),
        }
    }

    #[test]
    fn code_is_trimmed_and_uppercased() {
        // 001 §5: "code is uppercased"; empty gives 'Please enter a coupon code'.
        assert_eq!(code("  flat200 ").as_str(), "FLAT200");
        assert_eq!(CouponCode::parse("   "), Err(CouponError::Empty));
        assert_eq!(CouponCode::parse(""), Err(CouponError::Empty));
        assert_eq!(CouponError::Empty.to_string(), "Please enter a coupon code");
        assert_eq!(CouponCode::parse("FLAT 200"), Err(CouponError::Invalid));
        assert_eq!(CouponCode::parse("../x"), Err(CouponError::Invalid));
        assert_eq!(
            CouponCode::parse(&"A".repeat(33)),
            Err(CouponError::Invalid)
        );
        assert_eq!(code(&"a".repeat(32)).as_str(), "A".repeat(32));
        assert_eq!(code("new_year-26").to_string(), "NEW_YEAR-26");
        let back: Result<CouponCode, _> = serde_json::from_value(json!(" diwali "));
        assert_eq!(back.ok(), Some(code("DIWALI")));
        assert_eq!(
            serde_json::to_value(code("diwali")).ok(),
            Some(json!("DIWALI"))
        );
    }

    #[test]
    fn inactive_or_expired_is_invalid() {
        // 001 §8: 'Invalid coupon code'.
        let mut inactive = coupon(CouponDiscount::Fixed(Money::from_rupees(100)));
        inactive.is_active = false;
        let subtotal = Money::from_rupees(2000);
        assert_eq!(
            inactive.apply(subtotal, NO_BRANDS, at(5)),
            Err(CouponError::Invalid)
        );
        let live = coupon(CouponDiscount::Fixed(Money::from_rupees(100)));
        assert_eq!(
            live.apply(subtotal, NO_BRANDS, at(11)),
            Err(CouponError::Invalid)
        );
        assert!(
            live.apply(subtotal, NO_BRANDS, at(1)).is_ok(),
            "valid_from is inclusive"
        );
        assert!(
            live.apply(subtotal, NO_BRANDS, at(10)).is_ok(),
            "valid_until is inclusive"
        );
        let before = at(1) - chrono::TimeDelta::seconds(1);
        assert_eq!(
            live.apply(subtotal, NO_BRANDS, before),
            Err(CouponError::Invalid)
        );
        assert_eq!(CouponError::Invalid.to_string(), "Invalid coupon code");
        let mut open_ended = live.clone();
        open_ended.valid_from = None;
        open_ended.valid_until = None;
        assert!(open_ended.is_currently_valid(DateTime::UNIX_EPOCH));
    }

    #[test]
    fn minimum_order_value_message_is_en_in() {
        // 001 §5: 'Minimum order value of ₹{n} required'.
        let mut needs_1500 = coupon(ten_percent_capped_at(None));
        needs_1500.min_order_value = Money::from_rupees(1500);
        let error = needs_1500.apply(Money::from_paise(149_999), NO_BRANDS, at(5));
        assert_eq!(
            error.map_err(|e| e.to_string()),
            Err("Minimum order value of ₹1,500 required".to_owned())
        );
        assert_eq!(
            needs_1500.apply(Money::from_rupees(1500), NO_BRANDS, at(5)),
            Ok(Money::from_rupees(150))
        );
        needs_1500.min_order_value = Money::from_paise(149_950);
        assert_eq!(
            needs_1500
                .apply(Money::from_rupees(1000), NO_BRANDS, at(5))
                .map_err(|e| e.to_string()),
            Err("Minimum order value of ₹1,499.50 required".to_owned())
        );
    }

    #[test]
    fn percentage_is_capped_and_fixed_is_limited_to_subtotal() {
        // 001 §5: percentage of subtotal capped at max_discount_amount, else the fixed value;
        // never above subtotal nor below 0.
        let cases: [(CouponDiscount, i64, i64); 8] = [
            (ten_percent_capped_at(None), 250_000, 25_000),
            (ten_percent_capped_at(Some(200)), 250_000, 20_000),
            (ten_percent_capped_at(Some(300)), 250_000, 25_000),
            (ten_percent_capped_at(Some(0)), 250_000, 25_000),
            (ten_percent_capped_at(None), 5, 1),
            (
                CouponDiscount::Fixed(Money::from_rupees(200)),
                250_000,
                20_000,
            ),
            (
                CouponDiscount::Fixed(Money::from_rupees(200)),
                15_000,
                15_000,
            ),
            (CouponDiscount::Fixed(Money::from_rupees(-50)), 15_000, 0),
        ];
        for (discount, subtotal, expected) in cases {
            let applied = coupon(discount).apply(Money::from_paise(subtotal), NO_BRANDS, at(5));
            assert_eq!(
                applied,
                Ok(Money::from_paise(expected)),
                "{discount:?} on {subtotal}"
            );
        }
    }

    #[test]
    fn brand_restricted_coupon_needs_that_brand() {
        let mut brand_coupon = coupon(CouponDiscount::Fixed(Money::from_rupees(100)));
        brand_coupon.brand_id = Some("brand-1".to_owned());
        let subtotal = Money::from_rupees(1000);
        assert_eq!(
            brand_coupon.apply(subtotal, &["brand-1", "brand-1"], at(5)),
            Ok(Money::from_rupees(100))
        );
        assert_eq!(
            brand_coupon.apply(subtotal, &["brand-1", "brand-2"], at(5)),
            Err(CouponError::BrandMismatch)
        );
        assert_eq!(
            brand_coupon.apply(subtotal, NO_BRANDS, at(5)),
            Err(CouponError::BrandMissing)
        );
        // 001 §8's text for a cart without brand ids.
        assert_eq!(
            CouponError::BrandMissing.to_string(),
            "Brand ID not found in cart items"
        );
        let any_brand = coupon(CouponDiscount::Fixed(Money::from_rupees(100)));
        assert!(
            any_brand
                .apply(subtotal, &[String::from("x")], at(5))
                .is_ok()
        );
    }

    #[test]
    fn checks_run_in_documented_order() {
        let mut everything_wrong = coupon(ten_percent_capped_at(None));
        everything_wrong.min_order_value = Money::from_rupees(5000);
        everything_wrong.brand_id = Some("b".to_owned());
        assert_eq!(
            everything_wrong.apply(Money::ZERO, &["c"], at(20)),
            Err(CouponError::Invalid)
        );
        assert_eq!(
            everything_wrong.apply(Money::ZERO, &["c"], at(5)),
            Err(CouponError::BrandMismatch)
        );
        assert_eq!(
            everything_wrong.apply(Money::ZERO, &["b"], at(5)),
            Err(CouponError::MinimumOrder {
                minimum: Money::from_rupees(5000)
            })
        );
    }

    #[test]
    fn assigned_coupon_wire_form() {
        let fixed = coupon(CouponDiscount::Fixed(Money::from_rupees(200)));
        let json = serde_json::to_value(fixed.assigned(at(5))).ok();
        assert_eq!(
            json,
            Some(json!({
                "coupon_code": "SAVE", "discount_type": "fixed",
                "discount_value": {"$numberDecimal": "200.00"}, "max_discount_amount": null,
                "is_currently_valid": true
            }))
        );
        let capped = coupon(ten_percent_capped_at(Some(150)));
        let json = serde_json::to_value(capped.assigned(at(20))).ok();
        assert_eq!(
            json,
            Some(json!({
                "coupon_code": "SAVE", "discount_type": "percentage", "discount_value": 10,
                "max_discount_amount": {"$numberDecimal": "150.00"}, "is_currently_valid": false
            }))
        );
        let back = json.and_then(|json| serde_json::from_value::<AssignedCoupon>(json).ok());
        assert_eq!(back, Some(capped.assigned(at(20))));
    }

    #[test]
    fn assigned_coupon_reads_leniently() {
        let read = AssignedCoupon::from_json(&json!({
            "coupon_code": "X", "discount_type": "Percentage", "discount_value": "15",
            "max_discount_amount": "abc", "is_currently_valid": true
        }));
        assert_eq!(
            read.map(|c| c.discount),
            Some(CouponDiscount::Percentage {
                percent: percent(15),
                max_discount: None
            })
        );
        assert_eq!(
            AssignedCoupon::from_json(&json!({"discount_type": "bogo"})),
            None
        );
        assert_eq!(AssignedCoupon::from_json(&json!("FLAT200")), None);
        let bare = AssignedCoupon::from_json(&json!({"discount_type": "fixed"}));
        assert_eq!(
            bare,
            Some(AssignedCoupon {
                coupon_code: String::new(),
                discount: CouponDiscount::Fixed(Money::ZERO),
                is_currently_valid: false,
            })
        );
        let refused: Result<AssignedCoupon, _> = serde_json::from_value(json!({}));
        assert!(refused.is_err());
    }

    fn usage(times_used: u64, shopper_uses: u64) -> CouponUsage {
        CouponUsage {
            times_used,
            shopper_uses,
        }
    }

    #[test]
    fn usage_limits_refuse_with_their_messages() {
        type Limits = (Option<u32>, Option<u32>);
        let cases: [(Limits, CouponUsage, Result<(), CouponError>); 10] = [
            ((None, None), usage(1_000_000, 1_000), Ok(())),
            ((Some(100), None), usage(99, 5), Ok(())),
            (
                (Some(100), None),
                usage(100, 0),
                Err(CouponError::Exhausted),
            ),
            (
                (Some(100), None),
                usage(150, 0),
                Err(CouponError::Exhausted),
            ),
            ((None, Some(1)), usage(500, 0), Ok(())),
            (
                (None, Some(1)),
                usage(500, 1),
                Err(CouponError::AlreadyUsed),
            ),
            ((None, Some(3)), usage(500, 2), Ok(())),
            (
                (None, Some(3)),
                usage(500, 3),
                Err(CouponError::AlreadyUsed),
            ),
            // The shopper's own limit is named first when both are reached.
            (
                (Some(10), Some(1)),
                usage(10, 1),
                Err(CouponError::AlreadyUsed),
            ),
            ((Some(0), None), usage(0, 0), Err(CouponError::Exhausted)),
        ];
        for ((total, per_user), used, expected) in cases {
            let mut limited = coupon(CouponDiscount::Fixed(Money::from_rupees(100)));
            limited.usage_limit = total;
            limited.usage_limit_per_user = per_user;
            assert_eq!(
                limited.check_usage(used),
                expected,
                "{total:?}/{per_user:?} after {used:?}"
            );
            assert_eq!(limited.is_usable(used, at(5)), expected.is_ok());
            assert!(!limited.is_usable(used, at(20)), "outside its window");
        }
        assert_eq!(
            CouponError::AlreadyUsed.to_string(),
            "You have already used this coupon."
        );
        assert_eq!(
            CouponError::Exhausted.to_string(),
            "This coupon has reached its usage limit."
        );
    }

    #[test]
    fn redeem_checks_validity_then_usage_then_the_cart() {
        let mut limited = coupon(CouponDiscount::Fixed(Money::from_rupees(100)));
        limited.usage_limit = Some(1);
        limited.min_order_value = Money::from_rupees(500);
        let subtotal = Money::from_rupees(1000);
        assert_eq!(
            limited.redeem(subtotal, NO_BRANDS, usage(1, 0), at(20)),
            Err(CouponError::Invalid)
        );
        assert_eq!(
            limited.redeem(Money::ZERO, NO_BRANDS, usage(1, 0), at(5)),
            Err(CouponError::Exhausted)
        );
        assert_eq!(
            limited.redeem(Money::ZERO, NO_BRANDS, usage(0, 0), at(5)),
            Err(CouponError::MinimumOrder {
                minimum: Money::from_rupees(500)
            })
        );
        assert_eq!(
            limited.redeem(subtotal, NO_BRANDS, usage(0, 0), at(5)),
            Ok(Money::from_rupees(100))
        );
    }

    #[test]
    fn rules_say_what_a_coupon_gives_in_plain_english() {
        let until = |y, m, d, h| Utc.with_ymd_and_hms(y, m, d, h, 0, 0).single();
        let mut capped = coupon(ten_percent_capped_at(Some(200)));
        capped.valid_until = until(2031, 1, 1, 0);
        let mut everything = coupon(CouponDiscount::Fixed(Money::from_rupees(150)));
        everything.min_order_value = Money::from_rupees(999);
        everything.brand_id = Some("b".to_owned());
        everything.valid_until = until(2026, 12, 31, 18);
        everything.usage_limit_per_user = Some(1);
        everything.usage_limit = Some(100);
        let mut open = coupon(CouponDiscount::Percentage {
            percent: Percent::new(rust_decimal::Decimal::new(125, 1)).expect("12.5%"),
            max_discount: Some(Money::ZERO),
        });
        open.valid_until = None;
        open.brand_id = Some("b".to_owned());
        open.usage_limit_per_user = Some(3);
        open.usage_limit = Some(1);
        open.min_order_value = Money::from_paise(149_950);
        let cases: [(&Coupon, Option<&str>, &[&str]); 3] = [
            (&capped, None, &["10% off, up to ₹200", "Until 31 Dec 2030"]),
            (
                &everything,
                Some("Snitch"),
                &[
                    "₹150 off",
                    "On orders of ₹999 or more",
                    "Only on Snitch",
                    "Until 31 Dec 2026",
                    "Once per shopper",
                    "First 100 orders",
                ],
            ),
            (
                &open,
                None,
                &[
                    "12.5% off",
                    "On orders of ₹1,499.50 or more",
                    "Only on one brand",
                    "3 times per shopper",
                    "The first order only",
                ],
            ),
        ];
        for (coupon, brand, expected) in cases {
            assert_eq!(coupon.rules(brand), expected, "{:?}", coupon.discount);
        }
    }

    proptest! {
        #[test]
        fn discount_never_exceeds_subtotal_nor_goes_negative(
            subtotal in 0i64..=10_000_000_000,
            whole in 0u8..=100,
            cap in proptest::option::of(-1_000_000i64..10_000_000),
            fixed in -10_000_000i64..10_000_000,
        ) {
            let subtotal = Money::from_paise(subtotal);
            let percentage = CouponDiscount::Percentage {
                percent: percent(whole),
                max_discount: cap.map(Money::from_paise),
            };
            for discount in [percentage, CouponDiscount::Fixed(Money::from_paise(fixed))] {
                let taken = discount.discount_on(subtotal);
                prop_assert!(taken >= Money::ZERO && taken <= subtotal);
                if let Some(cap) = cap.filter(|c| *c > 0)
                    && discount.discount_type() == DiscountType::Percentage
                {
                    prop_assert!(taken.paise() <= cap);
                }
            }
        }

        #[test]
        fn a_coupon_at_a_limit_is_always_refused(
            limit in 0u32..1_000,
            per_user in proptest::option::of(0u32..10),
            over in 0u64..1_000,
            shopper_uses in 0u64..20,
            subtotal in 0i64..10_000_000,
        ) {
            let mut limited = coupon(ten_percent_capped_at(None));
            limited.usage_limit = Some(limit);
            limited.usage_limit_per_user = per_user;
            let used = usage(u64::from(limit) + over, shopper_uses);
            let refused = limited.redeem(Money::from_paise(subtotal), NO_BRANDS, used, at(5));
            prop_assert!(
                matches!(refused, Err(CouponError::Exhausted | CouponError::AlreadyUsed)),
                "{:?}", refused
            );
            prop_assert!(!limited.is_usable(used, at(5)));
            // And a shopper at their own limit, whatever the total.
            if let Some(per_user) = per_user {
                let mine = usage(0, u64::from(per_user) + over);
                prop_assert_eq!(limited.check_usage(mine), Err(CouponError::AlreadyUsed));
            }
        }

        #[test]
        fn any_typed_code_parses_to_its_upper_case(text in "[ ]{0,3}[A-Za-z0-9_-]{1,32}[ ]{0,3}") {
            let parsed = CouponCode::parse(&text).map(|c| c.as_str().to_owned());
            prop_assert_eq!(parsed, Ok(text.trim().to_ascii_uppercase()));
        }
    }
}
