//! Exact reading of the numeric forms a price or a percentage arrives in (001 §5): a JSON
//! number, a numeric string (rupee sign, commas and spaces stripped) or the decimal object
//! `{"$numberDecimal": "..."}`.
//!
//! Text is read digit by digit, never through a float, so `"1299.995"` rounds exactly and a
//! string of any length cannot lose precision.

use rust_decimal::Decimal;
use serde_json::Value;

/// The key of the decimal object form (MongoDB extended JSON, used by the spec's data).
pub(crate) const NUMBER_DECIMAL_KEY: &str = "$numberDecimal";

/// Longest exponent accepted in a JSON number's text; real `f64` values stay below 330.
const MAX_EXPONENT: i64 = 400;

/// Why a JSON value is not a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReadError {
    /// `null`.
    Missing,
    /// Anything that is not one of the accepted numeric forms.
    NotNumeric,
}

/// A decimal number read exactly from text: sign, integer digits and fraction digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DecimalText {
    negative: bool,
    /// Integer part, ASCII digits, no leading zeros (empty for zero).
    integer: String,
    /// Fraction part, ASCII digits, no trailing zeros (empty for none).
    fraction: String,
}

impl DecimalText {
    /// Reads a JSON value in any accepted numeric form.
    pub(crate) fn from_json(value: &Value) -> Result<DecimalText, ReadError> {
        match value {
            Value::Null => Err(ReadError::Missing),
            Value::Number(number) => {
                DecimalText::parse(&number.to_string(), true).ok_or(ReadError::NotNumeric)
            }
            Value::String(text) => DecimalText::from_price_text(text).ok_or(ReadError::NotNumeric),
            Value::Object(map) if map.len() == 1 => match map.get(NUMBER_DECIMAL_KEY) {
                Some(Value::String(text)) => {
                    DecimalText::from_price_text(text).ok_or(ReadError::NotNumeric)
                }
                Some(Value::Number(number)) => {
                    DecimalText::parse(&number.to_string(), true).ok_or(ReadError::NotNumeric)
                }
                _ => Err(ReadError::NotNumeric),
            },
            Value::Bool(_) | Value::Array(_) | Value::Object(_) => Err(ReadError::NotNumeric),
        }
    }

    /// Reads a numeric string as a shopper or a client may send it: every rupee sign (`₹`),
    /// comma and whitespace character is removed first, then the rest must be plain decimal
    /// notation (no exponent).
    pub(crate) fn from_price_text(text: &str) -> Option<DecimalText> {
        let cleaned: String = text
            .chars()
            .filter(|c| *c != '₹' && *c != ',' && !c.is_whitespace())
            .collect();
        DecimalText::parse(&cleaned, false)
    }

    /// Parses `-?(digits[.digits*] | .digits)` and, when `allow_exponent`, an exponent
    /// `[eE][+-]?digits` (the form `serde_json` writes large and small floats in).
    fn parse(text: &str, allow_exponent: bool) -> Option<DecimalText> {
        let (negative, unsigned) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
            Some(at) if allow_exponent => (&unsigned[..at], parse_exponent(&unsigned[at + 1..])?),
            Some(_) => return None,
            None => (unsigned, 0),
        };
        let (integer, fraction) = match mantissa.split_once('.') {
            Some((integer, fraction)) => (integer, fraction),
            None => (mantissa, ""),
        };
        let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if (integer.is_empty() && fraction.is_empty())
            || !all_digits(integer)
            || !all_digits(fraction)
        {
            return None;
        }
        Some(DecimalText::normalised(
            negative, integer, fraction, exponent,
        ))
    }

    /// Moves the decimal point by `exponent` places and strips redundant zeros.
    fn normalised(negative: bool, integer: &str, fraction: &str, exponent: i64) -> DecimalText {
        let digits = format!("{integer}{fraction}");
        // Position of the decimal point counted from the left of `digits`; may fall outside.
        let point = i64::try_from(integer.len()).unwrap_or(i64::MAX) + exponent;
        let len = i64::try_from(digits.len()).unwrap_or(i64::MAX);
        let (integer, fraction) = if point <= 0 {
            let zeros = usize::try_from(-point).unwrap_or(0);
            (String::new(), format!("{}{digits}", "0".repeat(zeros)))
        } else if point >= len {
            let zeros = usize::try_from(point - len).unwrap_or(0);
            (format!("{digits}{}", "0".repeat(zeros)), String::new())
        } else {
            let at = usize::try_from(point).unwrap_or(0);
            (digits[..at].to_owned(), digits[at..].to_owned())
        };
        DecimalText {
            negative,
            integer: integer.trim_start_matches('0').to_owned(),
            fraction: fraction.trim_end_matches('0').to_owned(),
        }
    }

    /// The amount in paise, rounded half away from zero to the paisa; `None` when it does not
    /// fit an `i64`.
    pub(crate) fn to_paise(&self) -> Option<i64> {
        let mut magnitude: i128 = 0;
        for digit in self.integer.bytes() {
            magnitude = magnitude
                .checked_mul(10)?
                .checked_add(i128::from(digit - b'0'))?;
            if magnitude > i128::from(i64::MAX) {
                return None;
            }
        }
        let mut fraction = self.fraction.bytes().map(|b| i128::from(b - b'0'));
        let tenths = fraction.next().unwrap_or(0);
        let hundredths = fraction.next().unwrap_or(0);
        // Half away from zero: the digit after the paisa decides on its own.
        let round_up = fraction.next().is_some_and(|thousandths| thousandths >= 5);
        let paise = magnitude
            .checked_mul(100)?
            .checked_add(tenths * 10 + hundredths + i128::from(round_up))?;
        let signed = if self.negative { -paise } else { paise };
        i64::try_from(signed).ok()
    }

    /// The value as a `Decimal`; `None` when it has more digits than a `Decimal` holds.
    pub(crate) fn to_decimal(&self) -> Option<Decimal> {
        let sign = if self.negative { "-" } else { "" };
        let integer = if self.integer.is_empty() {
            "0"
        } else {
            &self.integer
        };
        let text = if self.fraction.is_empty() {
            format!("{sign}{integer}")
        } else {
            format!("{sign}{integer}.{}", self.fraction)
        };
        Decimal::from_str_exact(&text).ok()
    }
}

fn parse_exponent(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 6 {
        return None;
    }
    let value: i64 = text.parse().ok()?;
    (value.abs() <= MAX_EXPONENT).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paise(value: Value) -> Option<i64> {
        DecimalText::from_json(&value).ok()?.to_paise()
    }

    #[test]
    fn reads_plain_and_exponent_numbers_exactly() {
        assert_eq!(paise(json!(1299)), Some(129_900));
        assert_eq!(paise(json!(1299.5)), Some(129_950));
        assert_eq!(paise(json!(1e3)), Some(100_000));
        assert_eq!(paise(json!(1.5e-7)), Some(0));
        assert_eq!(paise(json!(0.005)), Some(1));
        assert_eq!(paise(json!(-0.005)), Some(-1));
    }

    #[test]
    fn strings_take_no_exponent() {
        assert_eq!(paise(json!("1e3")), None);
        assert_eq!(paise(json!("1.")), Some(100));
        assert_eq!(paise(json!(".5")), Some(50));
        assert_eq!(paise(json!(".")), None);
        assert_eq!(paise(json!("-")), None);
        assert_eq!(paise(json!("+5")), None);
        assert_eq!(paise(json!("1.2.3")), None);
    }

    #[test]
    fn rounds_half_away_from_zero_on_long_fractions() {
        assert_eq!(paise(json!("0.0049999999999999999999999999999")), Some(0));
        assert_eq!(paise(json!("0.005")), Some(1));
        assert_eq!(paise(json!("-1.005")), Some(-101));
        assert_eq!(paise(json!("1.0049")), Some(100));
    }

    #[test]
    fn too_large_is_none() {
        assert_eq!(paise(json!("92233720368547758.07")), Some(i64::MAX));
        assert_eq!(paise(json!("92233720368547758.08")), None);
        assert_eq!(paise(json!("-92233720368547758.08")), Some(i64::MIN));
        assert_eq!(paise(json!("99999999999999999999999999999999999")), None);
    }

    #[test]
    fn decimal_of_the_text() {
        let text = DecimalText::from_price_text("₹ 012.50").and_then(|t| t.to_decimal());
        assert_eq!(text, Some(Decimal::new(125, 1)));
        assert_eq!(
            DecimalText::from_price_text("0").and_then(|t| t.to_decimal()),
            Some(Decimal::ZERO)
        );
    }
}
