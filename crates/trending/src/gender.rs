//! The gender filter of the trending calls (000 §2.5, §2.7, §7).

use std::fmt;
use std::str::FromStr;

use crate::TrendingError;

/// Whose products a trending list shows.
///
/// The wire keys are `M`, `W` and `U` (the Trends screen's tabs and the `gender` query, 000
/// §2.7, §7); the home tabs' keys `MAN`, `WOMAN`, `UNISEX` (000 §2.5), the plural captions `MEN`,
/// `WOMEN`, and the product genders `male`, `female`, `unisex` (000 §2.6, §3) are accepted too.
/// Letter case and surrounding spaces are ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TrendGender {
    /// `M`: products for men.
    Men,
    /// `W`: products for women.
    Women,
    /// `U`: unisex products.
    Unisex,
}

impl TrendGender {
    /// Parses any spelling listed on the type.
    pub fn parse(raw: &str) -> Result<Self, TrendingError> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "m" | "man" | "men" | "male" => Ok(TrendGender::Men),
            "w" | "woman" | "women" | "female" => Ok(TrendGender::Women),
            "u" | "unisex" => Ok(TrendGender::Unisex),
            _ => Err(TrendingError::UnknownGender(raw.to_owned())),
        }
    }

    /// The wire key: `M`, `W` or `U`.
    pub fn key(self) -> &'static str {
        match self {
            TrendGender::Men => "M",
            TrendGender::Women => "W",
            TrendGender::Unisex => "U",
        }
    }

    /// The product gender it selects: `male`, `female` or `unisex` (products carry lower-case
    /// genders, 000 §3).
    pub fn product_gender(self) -> &'static str {
        match self {
            TrendGender::Men => "male",
            TrendGender::Women => "female",
            TrendGender::Unisex => "unisex",
        }
    }

    /// The gender home asks for on a home tab: men for MAN, women otherwise (000 §7: "Home asks
    /// 7d and 8 items with M for men and W otherwise").
    pub fn for_home_tab(tab: &str) -> Self {
        match TrendGender::parse(tab) {
            Ok(TrendGender::Men) => TrendGender::Men,
            _ => TrendGender::Women,
        }
    }
}

impl fmt::Display for TrendGender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for TrendGender {
    type Err = TrendingError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_spelling() {
        // (spec, input, expected)
        let table = [
            ("000 §2.7", "M", TrendGender::Men),
            ("000 §2.7", "W", TrendGender::Women),
            ("000 §2.7", "U", TrendGender::Unisex),
            ("000 §2.5", "MAN", TrendGender::Men),
            ("000 §2.5", "WOMAN", TrendGender::Women),
            ("000 §2.5", "UNISEX", TrendGender::Unisex),
            ("000 §2.5", "MEN", TrendGender::Men),
            ("000 §2.5", "WOMEN", TrendGender::Women),
            ("000 §3", "male", TrendGender::Men),
            ("000 §3", "female", TrendGender::Women),
            ("000 §3", "unisex", TrendGender::Unisex),
            ("000 §7", " m ", TrendGender::Men),
            ("000 §7", "w", TrendGender::Women),
        ];
        for (spec, input, expected) in table {
            assert_eq!(TrendGender::parse(input), Ok(expected), "{spec}: {input:?}");
        }
    }

    #[test]
    fn rejects_other_values() {
        for input in ["", "X", "all", "other", "F", "boys", "m w"] {
            assert_eq!(
                TrendGender::parse(input),
                Err(TrendingError::UnknownGender(input.to_owned())),
                "{input:?}"
            );
        }
    }

    #[test]
    fn keys_and_product_genders() {
        let table = [
            (TrendGender::Men, "M", "male"),
            (TrendGender::Women, "W", "female"),
            (TrendGender::Unisex, "U", "unisex"),
        ];
        for (gender, key, product) in table {
            assert_eq!(gender.key(), key);
            assert_eq!(gender.to_string(), key);
            assert_eq!(gender.product_gender(), product);
            assert_eq!(key.parse::<TrendGender>(), Ok(gender));
            assert_eq!(TrendGender::parse(product), Ok(gender));
        }
    }

    #[test]
    fn home_asks_men_for_man_and_women_otherwise() {
        // 000 §7: home asks M for men and W otherwise
        assert_eq!(TrendGender::for_home_tab("MAN"), TrendGender::Men);
        assert_eq!(TrendGender::for_home_tab("WOMAN"), TrendGender::Women);
        assert_eq!(TrendGender::for_home_tab("UNISEX"), TrendGender::Women);
        assert_eq!(TrendGender::for_home_tab("anything"), TrendGender::Women);
    }
}
