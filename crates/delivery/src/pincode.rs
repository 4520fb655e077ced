//! Indian postal index numbers and the distance estimate from the warehouse (001 §9).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The warehouse every order leaves from (001 §9).
pub const WAREHOUSE_PINCODE: Pincode = Pincode(400_001);

/// Kilometres per step of the first three digits (001 §9).
pub const KM_PER_DISTRICT_STEP: u32 = 10;

/// Express delivery is offered up to this distance from the warehouse, inclusive (001 §9).
pub const EXPRESS_MAX_DISTANCE_KM: u32 = 50;

/// A pincode: exactly six ASCII digits, the first one 1 to 9 (001 §5, §9).
///
/// The first two digits name the postal circle (see [`crate::POSTAL_CIRCLES`]), the first
/// three the sorting district. On the wire it is a string (`"400001"`, as `billing_pincode`);
/// reading also accepts a JSON number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pincode(u32);

/// Why text is not a pincode. `Display` is the address form's message (001 §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PincodeError {
    /// Not exactly six digits, or starting with 0.
    #[error("6-digit pincode required")]
    Invalid,
}

impl Pincode {
    /// Exactly six ASCII digits, the first 1 to 9. Nothing is trimmed: a form that allows
    /// surrounding spaces trims them before calling this.
    pub fn parse(input: &str) -> Result<Pincode, PincodeError> {
        let bytes = input.as_bytes();
        let well_formed = bytes.len() == 6
            && bytes.iter().all(u8::is_ascii_digit)
            && bytes.first().is_some_and(|first| *first != b'0');
        if !well_formed {
            return Err(PincodeError::Invalid);
        }
        let value = bytes
            .iter()
            .fold(0u32, |value, digit| value * 10 + u32::from(digit - b'0'));
        Ok(Pincode(value))
    }

    /// The pincode as a number (`400001`), always in `100000..=999999`.
    pub const fn value(self) -> u32 {
        self.0
    }

    /// The first two digits: the postal circle (`40`).
    pub const fn circle_prefix(self) -> u8 {
        // value < 1_000_000, so this is below 100.
        (self.0 / 10_000) as u8
    }

    /// The first three digits: the sorting district (`400`).
    pub const fn district_prefix(self) -> u16 {
        // value < 1_000_000, so this is below 1000.
        (self.0 / 1_000) as u16
    }
}

impl fmt::Display for Pincode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Pincode {
    type Err = PincodeError;

    fn from_str(input: &str) -> Result<Pincode, PincodeError> {
        Pincode::parse(input)
    }
}

impl TryFrom<u32> for Pincode {
    type Error = PincodeError;

    fn try_from(value: u32) -> Result<Pincode, PincodeError> {
        if (100_000..=999_999).contains(&value) {
            Ok(Pincode(value))
        } else {
            Err(PincodeError::Invalid)
        }
    }
}

impl Serialize for Pincode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pincode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pincode, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Wire {
            Text(String),
            Number(u32),
        }
        match Wire::deserialize(deserializer)? {
            Wire::Text(text) => Pincode::parse(&text),
            Wire::Number(number) => Pincode::try_from(number),
        }
        .map_err(serde::de::Error::custom)
    }
}

/// Estimated road distance (001 §9): the absolute difference of the first three digits,
/// times 10 km. Symmetric; zero within a sorting district.
pub fn distance_km(from: Pincode, to: Pincode) -> u32 {
    u32::from(from.district_prefix().abs_diff(to.district_prefix())) * KM_PER_DISTRICT_STEP
}

/// Distance from the warehouse ([`WAREHOUSE_PINCODE`], 400001).
pub fn distance_from_warehouse(pincode: Pincode) -> u32 {
    distance_km(WAREHOUSE_PINCODE, pincode)
}

/// Whether express delivery can reach this pincode: at most 50 km from the warehouse
/// (001 §9), that is the sorting districts 395 to 405.
pub fn express_available(pincode: Pincode) -> bool {
    distance_from_warehouse(pincode) <= EXPRESS_MAX_DISTANCE_KM
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn pin(text: &str) -> Pincode {
        Pincode::parse(text).expect("test pincode is valid")
    }

    #[test]
    fn parse_table() {
        // 001 §5: pincode exactly 6 digits ('6-digit pincode required').
        let cases = [
            ("400001", Ok(400_001)),
            ("110001", Ok(110_001)),
            ("999999", Ok(999_999)),
            ("100000", Ok(100_000)),
            ("012345", Err(PincodeError::Invalid)),
            ("40001", Err(PincodeError::Invalid)),
            ("4000011", Err(PincodeError::Invalid)),
            (" 400001", Err(PincodeError::Invalid)),
            ("400 001", Err(PincodeError::Invalid)),
            ("40000a", Err(PincodeError::Invalid)),
            ("-40000", Err(PincodeError::Invalid)),
            ("", Err(PincodeError::Invalid)),
            ("४००००१", Err(PincodeError::Invalid)), // Devanagari digits are not ASCII
        ];
        for (input, expected) in cases {
            assert_eq!(
                Pincode::parse(input).map(Pincode::value),
                expected,
                "{input:?}"
            );
        }
        assert_eq!(
            PincodeError::Invalid.to_string(),
            "6-digit pincode required"
        );
    }

    #[test]
    fn prefixes() {
        let pincode = pin("403001");
        assert_eq!(pincode.circle_prefix(), 40);
        assert_eq!(pincode.district_prefix(), 403);
        assert_eq!(pincode.to_string(), "403001");
        assert_eq!(
            "560001".parse::<Pincode>().map(Pincode::circle_prefix),
            Ok(56)
        );
        assert_eq!(Pincode::try_from(99_999), Err(PincodeError::Invalid));
        assert_eq!(Pincode::try_from(1_000_000), Err(PincodeError::Invalid));
    }

    #[test]
    fn distance_table() {
        // 001 §9: |difference of the first three digits| × 10 km; express only within 50 km.
        let cases = [
            ("400001", 0, true),
            ("400099", 0, true),
            ("401101", 10, true),
            ("405001", 50, true),
            ("395001", 50, true),
            ("406001", 60, false),
            ("394101", 60, false),
            ("411001", 110, false),
            ("110001", 2_900, false),
            ("999999", 5_990, false),
            ("100000", 3_000, false),
        ];
        for (text, km, express) in cases {
            let pincode = pin(text);
            assert_eq!(distance_from_warehouse(pincode), km, "{text}");
            assert_eq!(express_available(pincode), express, "{text}");
        }
    }

    #[test]
    fn wire_form() {
        assert_eq!(
            serde_json::to_value(pin("400001")).ok(),
            Some(json!("400001"))
        );
        let from_text: Result<Pincode, _> = serde_json::from_value(json!("560001"));
        assert_eq!(from_text.ok(), Some(pin("560001")));
        let from_number: Result<Pincode, _> = serde_json::from_value(json!(560001));
        assert_eq!(from_number.ok(), Some(pin("560001")));
        let bad: Result<Pincode, _> = serde_json::from_value(json!("56000"));
        assert_eq!(
            bad.map_err(|error| error.to_string()),
            Err("6-digit pincode required".to_owned())
        );
    }

    proptest! {
        #[test]
        fn parse_round_trips(value in 100_000u32..=999_999) {
            let text = value.to_string();
            let pincode = Pincode::parse(&text);
            prop_assert_eq!(pincode.map(|p| p.to_string()), Ok(text));
            prop_assert_eq!(pincode.map(Pincode::value), Ok(value));
        }

        #[test]
        fn parse_accepts_exactly_six_digits_not_starting_with_zero(text in "[0-9]{5,7}|\\PC{0,8}") {
            let expected = text.len() == 6
                && text.bytes().all(|b| b.is_ascii_digit())
                && !text.starts_with('0');
            prop_assert_eq!(Pincode::parse(&text).is_ok(), expected);
        }

        #[test]
        fn distance_is_symmetric_and_zero_on_itself(a in 100_000u32..=999_999, b in 100_000u32..=999_999) {
            let (a, b) = (Pincode::try_from(a), Pincode::try_from(b));
            let (Ok(a), Ok(b)) = (a, b) else { return Err(TestCaseError::fail("range")) };
            prop_assert_eq!(distance_km(a, b), distance_km(b, a));
            prop_assert_eq!(distance_km(a, a), 0);
            prop_assert_eq!(distance_km(a, b) % KM_PER_DISTRICT_STEP, 0);
        }

        #[test]
        fn express_iff_within_fifty_km(value in 100_000u32..=999_999) {
            let pincode = Pincode::try_from(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(express_available(pincode), distance_from_warehouse(pincode) <= 50);
            let district = value / 1000;
            prop_assert_eq!(express_available(pincode), (395..=405).contains(&district));
        }
    }
}
