//! Digit strings: the sign-in code, phone numbers, pincodes, and the input caps
//! (000 §5, §9; 001 §5, §9).

use std::fmt;
use std::str::FromStr;

pub use delivery::Pincode;
use serde::{Deserialize, Serialize};

use crate::ValidationError;

/// Digits in a sign-in code (000 §9).
pub const OTP_DIGITS: usize = 6;
/// Digits in a phone number, shown after the +91 prefix (001 §9).
pub const PHONE_DIGITS: usize = 10;
/// Digits in a pincode (001 §9).
pub const PINCODE_DIGITS: usize = 6;
/// The prefix phone numbers are shown with (000 §1, §9).
pub const PHONE_PREFIX: &str = "+91";

/// What a digits-only input keeps of typed or pasted text: the ASCII digits, in order, at most
/// `max` of them. The pincode input is capped at 6 and the phone input at 10 (001 §5).
pub fn cap_digits(raw: &str, max: usize) -> String {
    raw.chars().filter(char::is_ascii_digit).take(max).collect()
}

/// The pincode input's value for typed text (capped at 6 digits, 001 §5).
pub fn pincode_input(raw: &str) -> String {
    cap_digits(raw, PINCODE_DIGITS)
}

/// The phone input's value for typed text (capped at 10 digits, 001 §5).
pub fn phone_input(raw: &str) -> String {
    cap_digits(raw, PHONE_DIGITS)
}

fn is_digits(raw: &str, len: usize) -> bool {
    raw.len() == len && raw.bytes().all(|b| b.is_ascii_digit())
}

/// A six-digit sign-in code (000 §2.3, §5).
///
/// Parsing strips everything that is not an ASCII digit, as the six code boxes do, and keeps
/// the first six digits; fewer than six is [`ValidationError::InvalidOtp`]
/// ('Invalid OTP. Please try again.').
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OtpCode(String);

impl OtpCode {
    /// Parses typed or pasted text.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let digits = cap_digits(raw, OTP_DIGITS);
        if digits.len() == OTP_DIGITS {
            Ok(OtpCode(digits))
        } else {
            Err(ValidationError::InvalidOtp)
        }
    }

    /// The six digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for OtpCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for OtpCode {
    type Err = ValidationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl TryFrom<String> for OtpCode {
    type Error = ValidationError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<OtpCode> for String {
    fn from(code: OtpCode) -> Self {
        code.0
    }
}

/// A ten-digit Indian phone number without its +91 prefix (001 §5, §9).
///
/// Exactly ten ASCII digits and nothing else (no spaces, no prefix): what the capped phone input
/// holds. Anything else is [`ValidationError::InvalidPhone`] ('Must be a 10-digit phone number').
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Phone(String);

impl Phone {
    /// Parses exactly ten digits.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        if is_digits(raw, PHONE_DIGITS) {
            Ok(Phone(raw.to_owned()))
        } else {
            Err(ValidationError::InvalidPhone)
        }
    }

    /// The ten digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number as shown, with its prefix: `+91 9876543210` (000 §1).
    pub fn display_with_prefix(&self) -> String {
        format!("{PHONE_PREFIX} {}", self.0)
    }
}

impl fmt::Display for Phone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Phone {
    type Err = ValidationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl TryFrom<String> for Phone {
    type Error = ValidationError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Phone> for String {
    fn from(phone: Phone) -> Self {
        phone.0
    }
}

/// The pincode field (001 §5): [`delivery::Pincode`], the workspace's one pincode type (six
/// ASCII digits, the first 1 to 9: no Indian pincode starts with 0), with the form's error,
/// [`ValidationError::InvalidPincode`] ('6-digit pincode required').
pub fn pincode(raw: &str) -> Result<Pincode, ValidationError> {
    Pincode::parse(raw).map_err(|_| ValidationError::InvalidPincode)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn cap_keeps_the_first_digits() {
        // (spec, raw, max, kept)
        let table = [
            ("001 §5", "4000011", 6, "400001"),
            ("001 §5", "400 001", 6, "400001"),
            ("001 §5", "40a0", 6, "400"),
            ("001 §5", "+91 98765-43210", 10, "9198765432"),
            ("001 §5", "98765 43210 99", 10, "9876543210"),
            ("001 §5", "", 10, ""),
            ("001 §5", "１２３", 10, ""),
        ];
        for (spec, raw, max, kept) in table {
            assert_eq!(cap_digits(raw, max), kept, "{spec}: {raw:?}");
        }
        assert_eq!(pincode_input("4000011"), "400001");
        assert_eq!(phone_input("987654321012"), "9876543210");
    }

    #[test]
    fn otp_strips_non_digits_and_needs_six() {
        // (spec, raw, parsed)
        let table = [
            ("000 §5", "123456", Some("123456")),
            ("000 §5", "12 34-56", Some("123456")),
            ("000 §5", "a1b2c3d4e5f6", Some("123456")),
            ("000 §5", "1234567", Some("123456")),
            ("000 §5", "12345", None),
            ("000 §5", "abcdef", None),
            ("000 §5", "", None),
            ("000 §5", "１２３４５６", None),
        ];
        for (spec, raw, parsed) in table {
            let expected = parsed.map(str::to_owned).ok_or(ValidationError::InvalidOtp);
            assert_eq!(
                OtpCode::parse(raw).map(|c| c.to_string()),
                expected,
                "{spec}: {raw:?}"
            );
        }
    }

    #[test]
    fn phone_is_exactly_ten_digits() {
        // (spec, raw, valid)
        let table = [
            ("001 §5", "9876543210", true),
            ("001 §5", "0000000000", true),
            ("001 §5", "987654321", false),
            ("001 §5", "98765432101", false),
            ("001 §5", "98765 43210", false),
            ("001 §5", "+919876543210", false),
            ("001 §5", "98765432a0", false),
            ("001 §5", " 9876543210", false),
            ("001 §5", "", false),
        ];
        for (spec, raw, valid) in table {
            let expected = if valid {
                Ok(raw.to_owned())
            } else {
                Err(ValidationError::InvalidPhone)
            };
            assert_eq!(
                Phone::parse(raw).map(|p| p.to_string()),
                expected,
                "{spec}: {raw:?}"
            );
        }
        let phone = Phone::parse("9876543210").unwrap();
        assert_eq!(phone.display_with_prefix(), "+91 9876543210");
    }

    #[test]
    fn pincode_is_exactly_six_digits_the_first_not_zero() {
        // (spec, raw, valid)
        let table = [
            ("001 §5", "400001", true),
            ("001 §5", "110001", true),
            ("001 §5", "012345", false),
            ("001 §5", "40000", false),
            ("001 §5", "4000011", false),
            ("001 §5", "40000a", false),
            ("001 §5", "400 01", false),
            ("001 §5", " 400001", false),
            ("001 §5", "", false),
        ];
        for (spec, raw, valid) in table {
            let expected = if valid {
                Ok(raw.to_owned())
            } else {
                Err(ValidationError::InvalidPincode)
            };
            assert_eq!(
                pincode(raw).map(|p| p.to_string()),
                expected,
                "{spec}: {raw:?}"
            );
        }
    }

    #[test]
    fn serde_parses_on_the_way_in() {
        assert!(serde_json::from_str::<Phone>("\"9876543210\"").is_ok());
        assert!(serde_json::from_str::<Phone>("\"98765\"").is_err());
        assert!(serde_json::from_str::<Pincode>("\"400001\"").is_ok());
        assert_eq!(
            serde_json::from_str::<OtpCode>("\"12-34-56\"")
                .unwrap()
                .as_str(),
            "123456"
        );
    }
}
