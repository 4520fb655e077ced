//! Sizes and product genders (000 §2.6, §3, §5, §9; 001 §9).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ValidationError;

/// A size we sell (000 §9, 001 §9), ordered as the size list: letter sizes, then waist sizes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub enum Size {
    /// `XS`
    Xs,
    /// `S`
    S,
    /// `M`, the default size (000 §9).
    #[default]
    M,
    /// `L`
    L,
    /// `XL`
    Xl,
    /// `XXL`
    Xxl,
    /// `28`
    W28,
    /// `30`
    W30,
    /// `32`
    W32,
    /// `34`
    W34,
    /// `36`
    W36,
    /// `38`
    W38,
    /// `40`
    W40,
    /// `42`
    W42,
}

impl Size {
    /// Every size in list order: XS S M L XL XXL 28 30 32 34 36 38 40 42 (000 §9).
    pub const ALL: [Size; 14] = [
        Size::Xs,
        Size::S,
        Size::M,
        Size::L,
        Size::Xl,
        Size::Xxl,
        Size::W28,
        Size::W30,
        Size::W32,
        Size::W34,
        Size::W36,
        Size::W38,
        Size::W40,
        Size::W42,
    ];

    /// Parses a size label (trimmed, letter case ignored). Blank is
    /// [`ValidationError::SizeRequired`] ('Please select a size', 000 §5); a label not in the
    /// list is [`ValidationError::UnknownSize`] (ours).
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(ValidationError::SizeRequired);
        }
        Size::ALL
            .into_iter()
            .find(|size| size.as_str().eq_ignore_ascii_case(trimmed))
            .ok_or_else(|| ValidationError::UnknownSize(raw.to_owned()))
    }

    /// The label: `XS` ... `XXL`, `28` ... `42`.
    pub fn as_str(self) -> &'static str {
        match self {
            Size::Xs => "XS",
            Size::S => "S",
            Size::M => "M",
            Size::L => "L",
            Size::Xl => "XL",
            Size::Xxl => "XXL",
            Size::W28 => "28",
            Size::W30 => "30",
            Size::W32 => "32",
            Size::W34 => "34",
            Size::W36 => "36",
            Size::W38 => "38",
            Size::W40 => "40",
            Size::W42 => "42",
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Size {
    type Err = ValidationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl TryFrom<String> for Size {
    type Error = ValidationError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Size> for String {
    fn from(size: Size) -> Self {
        size.as_str().to_owned()
    }
}

/// Whom a product or brand is for: male, female or unisex (000 §2.6, §3; 001 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum ProductGender {
    /// `male` (Men)
    Male,
    /// `female` (Women)
    Female,
    /// `unisex` (Unisex)
    Unisex,
}

impl ProductGender {
    /// Every gender, in tab order.
    pub const ALL: [ProductGender; 3] = [
        ProductGender::Male,
        ProductGender::Female,
        ProductGender::Unisex,
    ];

    /// Parses `male`, `female` or `unisex` (trimmed, letter case ignored); anything else is
    /// [`ValidationError::UnknownProductGender`] (ours).
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let trimmed = raw.trim();
        ProductGender::ALL
            .into_iter()
            .find(|g| g.as_str().eq_ignore_ascii_case(trimmed))
            .ok_or_else(|| ValidationError::UnknownProductGender(raw.to_owned()))
    }

    /// The collection screen's gender value: MALE, FEMALE or UNISEX in any letter case, anything
    /// else (or nothing) ignored (000 §2.6, §5).
    pub fn from_collection_query(raw: Option<&str>) -> Option<Self> {
        raw.and_then(|value| Self::parse(value).ok())
    }

    /// The lower-case value products carry: `male`, `female`, `unisex` (000 §3).
    pub fn as_str(self) -> &'static str {
        match self {
            ProductGender::Male => "male",
            ProductGender::Female => "female",
            ProductGender::Unisex => "unisex",
        }
    }

    /// The upper-case value of the brand filter and `/brands?gender=` (000 §2.6, §7).
    pub fn as_upper(self) -> &'static str {
        match self {
            ProductGender::Male => "MALE",
            ProductGender::Female => "FEMALE",
            ProductGender::Unisex => "UNISEX",
        }
    }

    /// The caption: Men, Women, Unisex (001 §9).
    pub fn label(self) -> &'static str {
        match self {
            ProductGender::Male => "Men",
            ProductGender::Female => "Women",
            ProductGender::Unisex => "Unisex",
        }
    }
}

impl fmt::Display for ProductGender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ProductGender {
    type Err = ValidationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl TryFrom<String> for ProductGender {
    type Error = ValidationError;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<ProductGender> for String {
    fn from(gender: ProductGender) -> Self {
        gender.as_str().to_owned()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_size_list_in_order_with_m_by_default() {
        // 000 §9: Sizes: XS S M L XL XXL 28 30 32 34 36 38 40 42; default size M
        let labels: Vec<_> = Size::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            labels,
            [
                "XS", "S", "M", "L", "XL", "XXL", "28", "30", "32", "34", "36", "38", "40", "42"
            ]
        );
        assert_eq!(Size::default(), Size::M);
        assert!(Size::ALL.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn parses_sizes() {
        // (spec, raw, expected)
        let table = [
            ("000 §9", "XS", Ok(Size::Xs)),
            ("000 §9", "xl", Ok(Size::Xl)),
            ("000 §9", " XXL ", Ok(Size::Xxl)),
            ("000 §9", "28", Ok(Size::W28)),
            ("000 §9", "42", Ok(Size::W42)),
            ("000 §5", "", Err(ValidationError::SizeRequired)),
            ("000 §5", "  ", Err(ValidationError::SizeRequired)),
            (
                "000 §9",
                "XXXL",
                Err(ValidationError::UnknownSize("XXXL".into())),
            ),
            (
                "000 §9",
                "29",
                Err(ValidationError::UnknownSize("29".into())),
            ),
            (
                "000 §9",
                "44",
                Err(ValidationError::UnknownSize("44".into())),
            ),
        ];
        for (spec, raw, expected) in table {
            assert_eq!(Size::parse(raw), expected, "{spec}: {raw:?}");
        }
        assert_eq!(
            ValidationError::SizeRequired.to_string(),
            "Please select a size"
        );
    }

    #[test]
    fn collection_gender_is_ignored_unless_known() {
        // (spec, raw, expected)
        let table = [
            ("000 §5", Some("MALE"), Some(ProductGender::Male)),
            ("000 §5", Some("female"), Some(ProductGender::Female)),
            ("000 §5", Some("Unisex"), Some(ProductGender::Unisex)),
            ("000 §2.6", Some("kids"), None),
            ("000 §2.6", Some(""), None),
            ("000 §2.6", Some("ALL"), None),
            ("000 §2.6", None, None),
        ];
        for (spec, raw, expected) in table {
            assert_eq!(
                ProductGender::from_collection_query(raw),
                expected,
                "{spec}: {raw:?}"
            );
        }
    }

    #[test]
    fn product_gender_spellings() {
        // (gender, value, upper, label)
        let table = [
            (ProductGender::Male, "male", "MALE", "Men"),
            (ProductGender::Female, "female", "FEMALE", "Women"),
            (ProductGender::Unisex, "unisex", "UNISEX", "Unisex"),
        ];
        for (gender, value, upper, label) in table {
            assert_eq!(gender.to_string(), value);
            assert_eq!(gender.as_upper(), upper);
            assert_eq!(gender.label(), label);
            assert_eq!(upper.parse::<ProductGender>(), Ok(gender));
        }
        assert_eq!(
            ProductGender::parse("men"),
            Err(ValidationError::UnknownProductGender("men".into()))
        );
        assert_eq!(
            serde_json::to_string(&ProductGender::Female).unwrap(),
            "\"female\""
        );
        assert_eq!(serde_json::from_str::<Size>("\"xl\"").unwrap(), Size::Xl);
    }
}
