//! Rupee amounts written the en-IN way (000 §9, 001 §9): the last three digits, then groups
//! of two (`₹1,00,000`, `₹12,34,567.89`), with the rupee sign and a leading minus for negative
//! amounts (`-₹1,299`).

use serde::{Deserialize, Serialize};

use crate::money::Money;

/// How many decimals an amount is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Whole rupees without decimals (`₹1,299`), otherwise two decimals (`₹1,299.50`).
    Auto,
    /// Always two decimals (`₹1,299.00`): the product page (000 §9).
    Fixed2,
    /// Rounded half away from zero to whole rupees, no decimals (`₹1,300`): deals (000 §9).
    /// Negative amounts round symmetrically (`-₹1,299.50` -> `-₹1,300`).
    Whole,
}

/// Writes `amount` in en-IN rupees in the given style.
pub fn format_inr(amount: Money, style: Style) -> String {
    let amount = match style {
        Style::Whole => amount.round_to_rupee(),
        Style::Auto | Style::Fixed2 => amount,
    };
    let sign = if amount.is_negative() { "-" } else { "" };
    let magnitude = amount.paise().unsigned_abs();
    let rupees = group_en_in(magnitude / 100);
    let paise = magnitude % 100;
    let show_paise = match style {
        Style::Fixed2 => true,
        Style::Auto => paise != 0,
        Style::Whole => false,
    };
    if show_paise {
        format!("{sign}₹{rupees}.{paise:02}")
    } else {
        format!("{sign}₹{rupees}")
    }
}

/// `1234567` -> `"12,34,567"`: three digits on the right, then pairs.
fn group_en_in(number: u64) -> String {
    let digits = number.to_string();
    if digits.len() <= 3 {
        return digits;
    }
    let (head, last_three) = digits.split_at(digits.len() - 3);
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 2);
    for (index, digit) in head.chars().enumerate() {
        if index > 0 && (head.len() - index) % 2 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped.push(',');
    grouped.push_str(last_three);
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;

    #[test]
    fn groups_by_lakh_and_crore() {
        // 000 §9 / 001 §9: en-IN formatting with the rupee sign.
        let cases = [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (99_999, "99,999"),
            (100_000, "1,00,000"),
            (1_234_567, "12,34,567"),
            (10_000_000, "1,00,00,000"),
            (u64::MAX, "1,84,46,74,40,73,70,95,51,615"),
        ];
        for (number, text) in cases {
            assert_eq!(group_en_in(number), text, "{number}");
        }
    }

    #[test]
    fn styles() {
        let amount = Money::from_paise(129_950);
        assert_eq!(format_inr(amount, Style::Auto), "₹1,299.50");
        assert_eq!(format_inr(amount, Style::Fixed2), "₹1,299.50");
        assert_eq!(format_inr(amount, Style::Whole), "₹1,300");
        assert_eq!(
            format_inr(Money::from_rupees(-1299), Style::Auto),
            "-₹1,299"
        );
        assert_eq!(format_inr(Money::from_paise(-40), Style::Whole), "₹0");
        assert_eq!(
            format_inr(Money::from_paise(i64::MIN), Style::Fixed2),
            "-₹92,23,37,20,36,85,47,758.08"
        );
    }

    proptest! {
        #[test]
        fn formatted_amounts_parse_back(paise in 0i64..) {
            let money = Money::from_paise(paise);
            for style in [Style::Auto, Style::Fixed2] {
                let text = format_inr(money, style);
                prop_assert_eq!(Money::parse_lenient(&Value::String(text)), money);
            }
            let whole = format_inr(money, Style::Whole);
            prop_assert_eq!(Money::parse_lenient(&Value::String(whole)), money.round_to_rupee());
        }

        #[test]
        fn grouping_is_en_in(number in any::<u64>()) {
            let grouped = group_en_in(number);
            prop_assert_eq!(grouped.replace(',', ""), number.to_string());
            let groups: Vec<&str> = grouped.split(',').collect();
            if let Some((last, rest)) = groups.split_last() {
                if !rest.is_empty() {
                    prop_assert_eq!(last.len(), 3);
                }
                if let Some((first, middle)) = rest.split_first() {
                    prop_assert!(first.len() == 1 || first.len() == 2);
                    prop_assert!(middle.iter().all(|group| group.len() == 2));
                }
            }
        }

        #[test]
        fn negative_amounts_lead_with_a_minus(paise in 1i64..) {
            let positive = format_inr(Money::from_paise(paise), Style::Fixed2);
            let negative = format_inr(Money::from_paise(-paise), Style::Fixed2);
            prop_assert_eq!(negative, format!("-{positive}"));
        }
    }
}
