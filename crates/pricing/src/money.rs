//! `Money` (an amount in paise) and `Percent` (a percentage between 0 and 100).

use std::fmt;
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::format::{Style, format_inr};
use crate::numeric::{DecimalText, NUMBER_DECIMAL_KEY, ReadError};

/// The one rounding rule for money: half away from zero (`0.005` -> `0.01`, `-0.005` -> `-0.01`).
pub(crate) const ROUNDING: RoundingStrategy = RoundingStrategy::MidpointAwayFromZero;

/// An amount of Indian rupees, held as a whole number of paise (1 rupee = 100 paise).
///
/// Arithmetic is checked (`checked_add`, `checked_sub`, `checked_mul`) and never wraps;
/// percentages go through `rust_decimal` and round half away from zero to the paisa. The
/// amount may be negative (a difference, a refund); prices parsed from input never are.
///
/// On the wire it is the specification's decimal object, `{"$numberDecimal": "1299.00"}`
/// (rupees, two decimals); deserialising accepts that, a JSON number or a numeric string
/// (see [`Money::parse_strict`], but negative amounts are allowed so that every serialised
/// value reads back). `Display` writes en-IN rupees in [`Style::Auto`]: `₹1,299`, `₹1,299.50`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

/// Why a price in a request body is not acceptable (strict parsing, answered with a 400).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PriceError {
    /// The value is `null`.
    #[error("Price is required")]
    Missing,
    /// Not a number, a numeric string or a decimal object.
    #[error("Price must be a number")]
    NotANumber,
    /// Below zero.
    #[error("Price cannot be negative")]
    Negative,
    /// More paise than an `i64` holds.
    #[error("Price is too large")]
    TooLarge,
}

impl Money {
    /// Nothing.
    pub const ZERO: Money = Money(0);

    /// An amount of paise.
    pub const fn from_paise(paise: i64) -> Money {
        Money(paise)
    }

    /// A whole number of rupees. An `i32` of rupees always fits.
    pub const fn from_rupees(rupees: i32) -> Money {
        Money(rupees as i64 * 100)
    }

    /// Rupees as a decimal, rounded half away from zero to the paisa; `None` when out of range.
    pub fn from_decimal_rupees(rupees: Decimal) -> Option<Money> {
        let paise = rupees.checked_mul(Decimal::ONE_HUNDRED)?;
        paise
            .round_dp_with_strategy(0, ROUNDING)
            .to_i64()
            .map(Money)
    }

    /// The amount in paise.
    pub const fn paise(self) -> i64 {
        self.0
    }

    /// The amount in rupees as an exact decimal with two places (`1299.50`).
    pub fn to_decimal(self) -> Decimal {
        Decimal::new(self.0, 2)
    }

    /// Rupees with exactly two decimals and no grouping, as in the wire form: `"1299.00"`,
    /// `"-0.50"`.
    pub fn to_decimal_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
    }

    /// Whether the amount is exactly zero.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Whether the amount is below zero.
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// Whether the amount is above zero.
    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// `self + other`, or `None` on overflow.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// `self - other`, or `None` on overflow.
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).map(Money)
    }

    /// `self × quantity`, or `None` on overflow.
    pub fn checked_mul(self, quantity: u32) -> Option<Money> {
        self.0.checked_mul(i64::from(quantity)).map(Money)
    }

    /// The sum of the amounts, or `None` on overflow.
    pub fn checked_sum<I: IntoIterator<Item = Money>>(amounts: I) -> Option<Money> {
        amounts
            .into_iter()
            .try_fold(Money::ZERO, |total, amount| total.checked_add(amount))
    }

    /// `percent` of this amount, rounded half away from zero to the paisa.
    pub fn percentage(self, percent: Percent) -> Money {
        // |self × p / 100| <= |self| because p <= 100, and a Decimal holds 28 digits against
        // the 21 needed here, so the computation cannot fail; zero is the safe answer anyway.
        Decimal::from(self.0)
            .checked_mul(percent.value())
            .and_then(|scaled| scaled.checked_div(Decimal::ONE_HUNDRED))
            .and_then(|exact| exact.round_dp_with_strategy(0, ROUNDING).to_i64())
            .map_or(Money::ZERO, Money)
    }

    /// Rounded half away from zero to whole rupees (`₹1,299.50` -> `₹1,300`).
    pub fn round_to_rupee(self) -> Money {
        let remainder = self.0 % 100;
        let truncated = self.0 - remainder;
        // Cannot overflow: i64::MAX ends in ...807, so a remainder of 50 or more leaves room.
        Money(match remainder {
            50.. => truncated.saturating_add(100),
            ..=-50 => truncated.saturating_sub(100),
            _ => truncated,
        })
    }

    /// Lenient price parsing, as the clients do it (001 §5): a JSON number, a numeric string
    /// (every `₹`, comma and whitespace removed, then plain decimal notation) or
    /// `{"$numberDecimal": ...}`. More than two decimals round half away from zero to the
    /// paisa. Anything else (null, booleans, arrays, other objects, non-numeric or exponent
    /// text, negative amounts, amounts beyond `i64` paise) is zero.
    pub fn parse_lenient(value: &Value) -> Money {
        Money::parse_strict(value).unwrap_or(Money::ZERO)
    }

    /// Strict price parsing for request bodies, where garbage is a 400: the same accepted
    /// forms as [`Money::parse_lenient`], but anything else is an error instead of zero.
    pub fn parse_strict(value: &Value) -> Result<Money, PriceError> {
        let amount = Money::parse_signed(value)?;
        if amount.is_negative() {
            return Err(PriceError::Negative);
        }
        Ok(amount)
    }

    /// Like [`Money::parse_strict`] but negative amounts are accepted.
    fn parse_signed(value: &Value) -> Result<Money, PriceError> {
        let text = DecimalText::from_json(value).map_err(|error| match error {
            ReadError::Missing => PriceError::Missing,
            ReadError::NotNumeric => PriceError::NotANumber,
        })?;
        text.to_paise().map(Money).ok_or(PriceError::TooLarge)
    }

    /// The wire form, `{"$numberDecimal": "1299.00"}`.
    pub fn to_json(self) -> Value {
        let mut object = serde_json::Map::new();
        object.insert(
            NUMBER_DECIMAL_KEY.to_owned(),
            Value::String(self.to_decimal_string()),
        );
        Value::Object(object)
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_inr(*self, Style::Auto))
    }
}

/// Strict parsing of a numeric string (`"₹1,299.50"`, `"1299"`); negative amounts are errors.
impl FromStr for Money {
    type Err = PriceError;

    fn from_str(text: &str) -> Result<Money, PriceError> {
        let parsed = DecimalText::from_price_text(text).ok_or(PriceError::NotANumber)?;
        match parsed.to_paise() {
            None => Err(PriceError::TooLarge),
            Some(paise) if paise < 0 => Err(PriceError::Negative),
            Some(paise) => Ok(Money(paise)),
        }
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(NUMBER_DECIMAL_KEY, &self.to_decimal_string())?;
        map.end()
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Money, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Money::parse_signed(&value).map_err(serde::de::Error::custom)
    }
}

/// A percentage from 0 to 100 inclusive (an `offerPercentage`, a coupon's percentage).
///
/// On the wire a whole percentage is a JSON number (`20`); a fractional one is a numeric
/// string (`"12.5"`) so that no float is involved. Deserialising accepts a number, a numeric
/// string or a decimal object.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Percent(Decimal);

/// Why a percentage is not acceptable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PercentError {
    /// Not a number, a numeric string or a decimal object.
    #[error("Percentage must be a number")]
    NotANumber,
    /// Below 0 or above 100.
    #[error("Percentage must be between 0 and 100")]
    OutOfRange,
}

impl Percent {
    /// Zero percent.
    pub const ZERO: Percent = Percent(Decimal::ZERO);

    /// A percentage; it must lie in `0..=100`.
    pub fn new(value: Decimal) -> Result<Percent, PercentError> {
        if value < Decimal::ZERO || value > Decimal::ONE_HUNDRED {
            return Err(PercentError::OutOfRange);
        }
        Ok(Percent(value.normalize()))
    }

    /// A whole percentage; it must be at most 100.
    pub fn from_whole(value: u8) -> Result<Percent, PercentError> {
        Percent::new(Decimal::from(value))
    }

    /// The percentage (`20` for 20 %).
    pub fn value(self) -> Decimal {
        self.0
    }

    /// The percentage as a whole number (`20` for 20 %), or `None` when it has a fraction.
    pub fn whole(self) -> Option<u8> {
        self.0.is_integer().then(|| self.0.to_u8()).flatten()
    }

    /// Whether it is zero.
    pub fn is_zero(self) -> bool {
        self.0.is_zero()
    }

    /// Strict: a JSON number, numeric string or decimal object between 0 and 100.
    pub fn parse_strict(value: &Value) -> Result<Percent, PercentError> {
        let decimal = DecimalText::from_json(value)
            .ok()
            .and_then(|text| text.to_decimal())
            .ok_or(PercentError::NotANumber)?;
        Percent::new(decimal)
    }

    /// Lenient, as for prices: anything missing, non-numeric or outside `0..=100` is zero.
    pub fn parse_lenient(value: &Value) -> Percent {
        Percent::parse_strict(value).unwrap_or(Percent::ZERO)
    }
}

impl fmt::Display for Percent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}%", self.0)
    }
}

impl Serialize for Percent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.is_integer().then(|| self.0.to_u64()).flatten() {
            Some(whole) => serializer.serialize_u64(whole),
            None => serializer.serialize_str(&self.0.to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for Percent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Percent, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Percent::parse_strict(&value).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn percent(value: &str) -> Percent {
        let decimal = Decimal::from_str_exact(value).expect("valid test decimal");
        Percent::new(decimal).expect("valid test percentage")
    }

    #[test]
    fn rupees_and_paise() {
        assert_eq!(Money::from_rupees(1299).paise(), 129_900);
        assert_eq!(Money::from_rupees(-5).paise(), -500);
        assert_eq!(Money::from_rupees(i32::MAX).paise(), 214_748_364_700);
        assert_eq!(
            Money::from_decimal_rupees(Decimal::new(12_995, 3)),
            Some(Money::from_paise(1300))
        );
        assert_eq!(
            Money::from_decimal_rupees(Decimal::new(-12_995, 3)),
            Some(Money::from_paise(-1300))
        );
        assert_eq!(Money::from_decimal_rupees(Decimal::MAX), None);
    }

    #[test]
    fn decimal_string_has_two_places() {
        assert_eq!(Money::from_rupees(1299).to_decimal_string(), "1299.00");
        assert_eq!(Money::from_paise(5).to_decimal_string(), "0.05");
        assert_eq!(Money::from_paise(-50).to_decimal_string(), "-0.50");
        assert_eq!(Money::ZERO.to_decimal_string(), "0.00");
        assert_eq!(
            Money::from_paise(i64::MIN).to_decimal_string(),
            "-92233720368547758.08"
        );
        assert_eq!(
            Money::from_paise(129_950).to_decimal(),
            Decimal::new(129_950, 2)
        );
    }

    #[test]
    fn checked_arithmetic_reports_overflow() {
        let max = Money::from_paise(i64::MAX);
        assert_eq!(max.checked_add(Money::from_paise(1)), None);
        assert_eq!(
            Money::from_paise(i64::MIN).checked_sub(Money::from_paise(1)),
            None
        );
        assert_eq!(max.checked_mul(2), None);
        assert_eq!(Money::from_rupees(10).checked_mul(0), Some(Money::ZERO));
        assert_eq!(Money::checked_sum([max, Money::from_paise(1)]), None);
        assert_eq!(
            Money::checked_sum([Money::from_rupees(1), Money::from_rupees(2)]),
            Some(Money::from_rupees(3))
        );
        assert_eq!(Money::checked_sum([]), Some(Money::ZERO));
    }

    #[test]
    fn percentage_rounds_half_away_from_zero() {
        // 000 §5: price × offerPercentage / 100, explicit rounding to the paisa.
        assert_eq!(
            Money::from_rupees(1299).percentage(percent("20")),
            Money::from_paise(25_980)
        );
        assert_eq!(
            Money::from_paise(5).percentage(percent("10")),
            Money::from_paise(1)
        );
        assert_eq!(
            Money::from_paise(-5).percentage(percent("10")),
            Money::from_paise(-1)
        );
        assert_eq!(Money::from_paise(4).percentage(percent("10")), Money::ZERO);
        assert_eq!(
            Money::from_paise(i64::MAX).percentage(percent("100")),
            Money::from_paise(i64::MAX)
        );
        assert_eq!(
            Money::from_paise(i64::MIN).percentage(percent("33.333333333333333333333333")),
            Money::from_paise(-3_074_457_345_618_258_603)
        );
    }

    #[test]
    fn round_to_rupee_half_away_from_zero() {
        assert_eq!(
            Money::from_paise(129_950).round_to_rupee(),
            Money::from_rupees(1300)
        );
        assert_eq!(
            Money::from_paise(129_949).round_to_rupee(),
            Money::from_rupees(1299)
        );
        assert_eq!(
            Money::from_paise(-129_950).round_to_rupee(),
            Money::from_rupees(-1300)
        );
        assert_eq!(Money::from_paise(-49).round_to_rupee(), Money::ZERO);
        assert_eq!(
            Money::from_paise(i64::MAX).round_to_rupee(),
            Money::from_paise(9_223_372_036_854_775_800)
        );
        assert_eq!(
            Money::from_paise(i64::MIN).round_to_rupee(),
            Money::from_paise(-9_223_372_036_854_775_800)
        );
    }

    #[test]
    fn strict_parsing_names_the_problem() {
        // 001 §5 forms; garbage in a request body is an error, not zero.
        assert_eq!(
            Money::parse_strict(&json!("₹1,299.50")),
            Ok(Money::from_paise(129_950))
        );
        assert_eq!(Money::parse_strict(&json!(null)), Err(PriceError::Missing));
        assert_eq!(
            Money::parse_strict(&json!("abc")),
            Err(PriceError::NotANumber)
        );
        assert_eq!(
            Money::parse_strict(&json!(true)),
            Err(PriceError::NotANumber)
        );
        assert_eq!(Money::parse_strict(&json!(-1)), Err(PriceError::Negative));
        assert_eq!(
            Money::parse_strict(&json!("100000000000000000")),
            Err(PriceError::TooLarge)
        );
        assert_eq!(Money::parse_strict(&json!("-0")), Ok(Money::ZERO));
        assert_eq!("₹ 1,299".parse::<Money>(), Ok(Money::from_rupees(1299)));
        assert_eq!("-1".parse::<Money>(), Err(PriceError::Negative));
        assert_eq!("1e3".parse::<Money>(), Err(PriceError::NotANumber));
        assert_eq!(
            "100000000000000000".parse::<Money>(),
            Err(PriceError::TooLarge)
        );
        assert_eq!(PriceError::NotANumber.to_string(), "Price must be a number");
    }

    #[test]
    fn wire_form_is_the_decimal_object() {
        let money = Money::from_paise(129_900);
        assert_eq!(
            serde_json::to_value(money).ok(),
            Some(json!({"$numberDecimal": "1299.00"}))
        );
        assert_eq!(money.to_json(), json!({"$numberDecimal": "1299.00"}));
        let back: Result<Money, _> = serde_json::from_value(json!({"$numberDecimal": "1299.00"}));
        assert_eq!(back.ok(), Some(money));
        let from_number: Result<Money, _> = serde_json::from_value(json!(1299));
        assert_eq!(from_number.ok(), Some(money));
        let negative: Result<Money, _> = serde_json::from_value(json!({"$numberDecimal": "-5.00"}));
        assert_eq!(negative.ok(), Some(Money::from_rupees(-5)));
        let garbage: Result<Money, _> = serde_json::from_value(json!("abc"));
        assert_eq!(
            garbage.map_err(|error| error.to_string()),
            Err("Price must be a number".to_owned())
        );
    }

    #[test]
    fn display_is_en_in_auto() {
        assert_eq!(Money::from_paise(129_950).to_string(), "₹1,299.50");
        assert_eq!(Money::from_rupees(100_000).to_string(), "₹1,00,000");
    }

    #[test]
    fn percent_bounds_and_wire_form() {
        assert_eq!(Percent::from_whole(101), Err(PercentError::OutOfRange));
        assert_eq!(Percent::from_whole(25).map(Percent::whole), Ok(Some(25)));
        assert_eq!(percent("20.0").whole(), Some(20));
        assert_eq!(percent("12.5").whole(), None);
        assert_eq!(
            Percent::new(Decimal::NEGATIVE_ONE),
            Err(PercentError::OutOfRange)
        );
        assert_eq!(Percent::parse_strict(&json!("12.50")), Ok(percent("12.5")));
        assert_eq!(
            Percent::parse_strict(&json!({"$numberDecimal": "20"})),
            Ok(percent("20"))
        );
        assert_eq!(
            Percent::parse_strict(&json!("x")),
            Err(PercentError::NotANumber)
        );
        assert_eq!(Percent::parse_lenient(&json!(150)), Percent::ZERO);
        assert_eq!(Percent::parse_lenient(&json!(null)), Percent::ZERO);
        assert_eq!(serde_json::to_value(percent("20.0")).ok(), Some(json!(20)));
        assert_eq!(
            serde_json::to_value(percent("12.5")).ok(),
            Some(json!("12.5"))
        );
        let back: Result<Percent, _> = serde_json::from_value(json!("12.5"));
        assert_eq!(back.ok(), Some(percent("12.5")));
        assert_eq!(percent("12.50").to_string(), "12.5%");
        assert!(Percent::ZERO.is_zero());
    }

    proptest! {
        #[test]
        fn add_and_sub_agree_with_wide_arithmetic(a in any::<i64>(), b in any::<i64>()) {
            let wide = i128::from(a) + i128::from(b);
            let expected = i64::try_from(wide).ok().map(Money::from_paise);
            prop_assert_eq!(Money::from_paise(a).checked_add(Money::from_paise(b)), expected);
            let wide = i128::from(a) - i128::from(b);
            let expected = i64::try_from(wide).ok().map(Money::from_paise);
            prop_assert_eq!(Money::from_paise(a).checked_sub(Money::from_paise(b)), expected);
        }

        #[test]
        fn mul_agrees_with_wide_arithmetic(a in any::<i64>(), quantity in any::<u32>()) {
            let wide = i128::from(a) * i128::from(quantity);
            let expected = i64::try_from(wide).ok().map(Money::from_paise);
            prop_assert_eq!(Money::from_paise(a).checked_mul(quantity), expected);
        }

        #[test]
        fn percentage_is_the_rounded_exact_share(paise in any::<i64>(), whole in 0u8..=100) {
            let share = Money::from_paise(paise).percentage(percent(&whole.to_string()));
            // Exact in integers: round(paise × whole / 100), half away from zero.
            let numerator = i128::from(paise) * i128::from(whole);
            let rounded = (numerator.abs() * 2 + 100) / 200 * numerator.signum();
            prop_assert_eq!(i128::from(share.paise()), rounded);
            prop_assert!(share.paise().unsigned_abs() <= paise.unsigned_abs());
        }

        #[test]
        fn wire_form_round_trips(paise in any::<i64>()) {
            let money = Money::from_paise(paise);
            let json = serde_json::to_value(money).ok();
            let back = json.and_then(|json| serde_json::from_value::<Money>(json).ok());
            prop_assert_eq!(back, Some(money));
        }

        #[test]
        fn strict_reads_decimal_strings_back(paise in 0i64..) {
            let money = Money::from_paise(paise);
            prop_assert_eq!(Money::parse_strict(&Value::String(money.to_decimal_string())), Ok(money));
            prop_assert_eq!(money.to_decimal_string().parse::<Money>(), Ok(money));
        }

        #[test]
        fn rupee_rounding_is_the_nearest_multiple(paise in any::<i64>()) {
            let rounded = Money::from_paise(paise).round_to_rupee().paise();
            prop_assert_eq!(rounded % 100, 0);
            prop_assert!((i128::from(rounded) - i128::from(paise)).abs() <= 50);
        }
    }
}
