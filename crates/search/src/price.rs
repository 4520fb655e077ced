//! Price words in a search ("kurta under 1500", "below 2k", "above ₹999"): read out of the text
//! as a price bound, so the rest is searched for and the bound filters what it finds.

/// Largest amount read as a price, in rupees (one crore): longer numbers are not prices.
pub const MAX_PRICE_RUPEES: u64 = 10_000_000;

/// Words that make the amount after them a maximum; several words are written as one phrase.
const AT_MOST: &[&str] = &[
    "under",
    "below",
    "upto",
    "up to",
    "within",
    "less than",
    "lesser than",
    "cheaper than",
    "not more than",
    "max",
    "maximum",
    "budget",
];
/// Words that make the amount after them a minimum.
const AT_LEAST: &[&str] = &[
    "above",
    "over",
    "more than",
    "greater than",
    "costlier than",
    "from",
    "starting",
    "starting at",
    "min",
    "minimum",
];
/// Words that open a range: "between 500 and 1500", "from 500 to 1500".
const RANGE_OPENERS: &[&str] = &["between", "from"];
/// Words between a range's two amounts.
const RANGE_JOINERS: &[&str] = &["and", "to", "-"];
/// Ways of writing rupees, before or after the amount.
const CURRENCY: &[&str] = &["₹", "rs.", "rs", "inr", "rupees", "rupee"];

/// What a search text says about price, and the rest of it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PriceWords {
    /// The text without its price words, words separated by single spaces.
    pub rest: String,
    /// Inclusive, in paise.
    pub min_paise: Option<u64>,
    /// Inclusive, in paise.
    pub max_paise: Option<u64>,
}

impl PriceWords {
    pub fn is_bounded(&self) -> bool {
        self.min_paise.is_some() || self.max_paise.is_some()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    AtMost,
    AtLeast,
}

/// Reads price words out of `text`: a bound word ("under", "below", "upto", "within", "less
/// than", "above", "over", "from"...) followed by an amount; a range ("between 500 and 1500",
/// "from 500 to 1500", or "₹500-1500" and "500 to 2k" where an amount is marked as money); or
/// an amount marked as money ("₹999", "rs 999", "999/-", "2k") on its own, which is a maximum.
/// An amount is whole rupees, with optional thousands commas and an optional `k` (thousands,
/// "1.5k" too), and up to [`MAX_PRICE_RUPEES`]. A bound word left at the end without an amount
/// (the shopper is still typing) is dropped. Anything else stays in the text: "under abc"
/// keeps both words, and "32 to 34" (sizes, say) is not a price.
pub fn price_words(text: &str) -> PriceWords {
    let spaced = spaced(&text.to_lowercase());
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut out = PriceWords::default();
    let mut rest: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if let Some((low, high, used)) = range_at(&tokens, i) {
            out.min_paise = Some(low.min(high));
            out.max_paise = Some(low.max(high));
            i += used;
            continue;
        }
        let bound = phrase_at(&tokens, i, AT_MOST)
            .map(|n| (Side::AtMost, n))
            .or_else(|| phrase_at(&tokens, i, AT_LEAST).map(|n| (Side::AtLeast, n)));
        if let Some((side, words)) = bound {
            let after = i + words;
            if after == tokens.len() {
                break;
            }
            if let Some((paise, used)) = amount_at(&tokens, after, false) {
                match side {
                    Side::AtMost => out.max_paise = Some(paise),
                    Side::AtLeast => out.min_paise = Some(paise),
                }
                i = after + used;
                continue;
            }
        } else if let Some((paise, used)) = amount_at(&tokens, i, true) {
            out.max_paise = Some(paise);
            i += used;
            continue;
        }
        rest.push(tokens[i]);
        i += 1;
    }
    out.rest = rest.join(" ");
    out
}

/// `₹` as a word of its own, and a hyphen between two amounts ("500-1500", "1k-2k") too; other
/// hyphens ("co-ord", "999/-") stay.
fn spaced(lower: &str) -> String {
    let chars: Vec<char> = lower.chars().collect();
    let mut out = String::with_capacity(lower.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).and_then(|b| chars.get(b)).copied();
        let after = chars.get(i + 1).copied();
        let between_amounts = c == '-'
            && before.is_some_and(|b| b.is_ascii_digit() || b == 'k')
            && after.is_some_and(|a| a.is_ascii_digit() || a == '₹');
        if c == '₹' || between_amounts {
            out.push(' ');
            out.push(c);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// A range at `at`: its two amounts in paise, as written, and the tokens it spans.
fn range_at(tokens: &[&str], at: usize) -> Option<(u64, u64, usize)> {
    let opened = RANGE_OPENERS.contains(&tokens[at]);
    let first = at + usize::from(opened);
    let (low, low_used) = amount_at(tokens, first, false)?;
    let joiner = first + low_used;
    if !RANGE_JOINERS.contains(tokens.get(joiner)?) {
        return None;
    }
    let (high, high_used) = amount_at(tokens, joiner + 1, false)?;
    let marked =
        amount_at(tokens, first, true).is_some() || amount_at(tokens, joiner + 1, true).is_some();
    (opened || marked).then_some((low, high, joiner + 1 + high_used - at))
}

/// How many tokens from `at` spell one of `phrases`, if any does.
fn phrase_at(tokens: &[&str], at: usize, phrases: &[&str]) -> Option<usize> {
    phrases.iter().find_map(|phrase| {
        let words: Vec<&str> = phrase.split(' ').collect();
        let end = at + words.len();
        (end <= tokens.len() && tokens[at..end] == words[..]).then_some(words.len())
    })
}

/// The amount at `at` in paise and the tokens it spans (a currency word before or after
/// included); `marked` asks for money that says so (a currency word or a `k`).
fn amount_at(tokens: &[&str], at: usize, marked: bool) -> Option<(u64, usize)> {
    let mut used = 0;
    let mut currency = false;
    if CURRENCY.contains(tokens.get(at)?) {
        currency = true;
        used = 1;
    }
    let token = tokens.get(at + used)?;
    let (rupees, thousands, attached) = number(token)?;
    used += 1;
    currency |= attached;
    let mut thousands = thousands;
    if !thousands && tokens.get(at + used) == Some(&"k") {
        thousands = true;
        used += 1;
    }
    if let Some(next) = tokens.get(at + used)
        && CURRENCY.contains(next)
    {
        currency = true;
        used += 1;
    }
    if marked && !currency && !thousands {
        return None;
    }
    // `number` answers thousandths of its figure: a `k` makes that whole rupees.
    let rupees = if thousands { rupees } else { rupees / 1000 };
    (1..=MAX_PRICE_RUPEES)
        .contains(&rupees)
        .then_some((rupees * 100, used))
}

/// An amount as one token: "1500", "1,500", "2k", "1.5k", "999rs", "rs999", "999/-". Answers
/// the figure in thousandths (so "1.5k" stays whole), whether a `k` multiplies it, and whether
/// a currency mark is attached.
fn number(token: &str) -> Option<(u64, bool, bool)> {
    let mut text = token;
    let mut currency = false;
    if let Some(stripped) = text.strip_suffix("/-") {
        text = stripped;
        currency = true;
    }
    for mark in CURRENCY {
        if let Some(stripped) = text.strip_prefix(mark).or_else(|| text.strip_suffix(mark))
            && !stripped.is_empty()
        {
            text = stripped;
            currency = true;
            break;
        }
    }
    let (text, thousands) = match text.strip_suffix('k') {
        Some(stripped) => (stripped, true),
        None => (text, false),
    };
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit() || c == ',') {
        return None;
    }
    if whole.starts_with(',') || whole.ends_with(',') || whole.contains(",,") {
        return None;
    }
    if !fraction.chars().all(|c| c.is_ascii_digit()) || fraction.len() > 3 {
        return None;
    }
    // Paise after a point ("999.00") are allowed and dropped; "1.5k" keeps its fraction.
    if !thousands && fraction.len() > 2 {
        return None;
    }
    let digits: String = whole.chars().filter(char::is_ascii_digit).collect();
    if digits.len() > 9 {
        return None;
    }
    let whole: u64 = digits.parse().ok()?;
    // At most three fraction digits, so this is the fraction in thousandths.
    let mut milli: u64 = fraction.parse::<u64>().unwrap_or(0);
    for _ in fraction.len()..3 {
        milli *= 10;
    }
    Some((whole * 1000 + milli, thousands, currency))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(text: &str) -> (Option<u64>, Option<u64>, String) {
        let p = price_words(text);
        (
            p.min_paise.map(|p| p / 100),
            p.max_paise.map(|p| p / 100),
            p.rest,
        )
    }

    #[test]
    fn shoppers_price_words() {
        let table: &[(&str, Option<u64>, Option<u64>, &str)] = &[
            ("kurta under 1500", None, Some(1500), "kurta"),
            ("jeans below 2k", None, Some(2000), "jeans"),
            ("saree less than ₹999", None, Some(999), "saree"),
            ("tops upto 500", None, Some(500), "tops"),
            ("tops up to 500", None, Some(500), "tops"),
            ("sneakers within 2000", None, Some(2000), "sneakers"),
            ("shirt under rs 999", None, Some(999), "shirt"),
            ("shirt under rs. 999", None, Some(999), "shirt"),
            ("shirt under Rs999", None, Some(999), "shirt"),
            ("dress under 1,299", None, Some(1299), "dress"),
            ("dress under 1.5k", None, Some(1500), "dress"),
            ("dress under 2 k", None, Some(2000), "dress"),
            ("hoodie 1k", None, Some(1000), "hoodie"),
            ("hoodie ₹799", None, Some(799), "hoodie"),
            ("hoodie 799/-", None, Some(799), "hoodie"),
            ("hoodie 799 rupees", None, Some(799), "hoodie"),
            ("watch above 2000", Some(2000), None, "watch"),
            (
                "watch over ₹2,000 under 5k",
                Some(2000),
                Some(5000),
                "watch",
            ),
            ("UNDER 999 Black Tee", None, Some(999), "black tee"),
            ("jeans between 500 and 1500", Some(500), Some(1500), "jeans"),
            (
                "jeans between ₹1500 and ₹500",
                Some(500),
                Some(1500),
                "jeans",
            ),
            ("kurta from 500 to 1,500", Some(500), Some(1500), "kurta"),
            ("kurta ₹500-1500", Some(500), Some(1500), "kurta"),
            ("kurta 1k-2k", Some(1000), Some(2000), "kurta"),
            ("tops 500 to 2k", Some(500), Some(2000), "tops"),
            ("kurta from 499", Some(499), None, "kurta"),
            ("co-ord set under 2k", None, Some(2000), "co-ord set"),
            ("kurta under", None, None, "kurta"),
            ("kurta less than", None, None, "kurta"),
        ];
        for (text, min, max, rest) in table {
            let (got_min, got_max, got_rest) = bounds(text);
            assert_eq!(
                (got_min, got_max, got_rest.as_str()),
                (*min, *max, *rest),
                "{text}"
            );
        }
    }

    #[test]
    fn what_is_not_a_price_stays_text() {
        for text in [
            "jeans 32",
            "under armour",
            "kurta under abc",
            "tops under 0",
            "tops under -5",
            "tops under 99999999999",
            "tops under 1,,000",
            "tops under 12.345",
            "over the top",
            "co-ord set 2",
            "jeans 32 to 34",
            "jeans 32-34",
            "between friends",
            "from zara",
        ] {
            let p = price_words(text);
            assert!(!p.is_bounded(), "{text}: {p:?}");
        }
        assert_eq!(price_words("under armour").rest, "under armour");
    }
}

#[cfg(test)]
mod properties {
    use proptest::prelude::*;

    use super::*;

    fn commas(n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    proptest! {
        #[test]
        fn never_panics(text in "\\PC{0,60}") {
            let p = price_words(&text);
            prop_assert!(p.max_paise.is_none_or(|m| m <= MAX_PRICE_RUPEES * 100));
            prop_assert!(p.min_paise.is_none_or(|m| m <= MAX_PRICE_RUPEES * 100));
        }

        #[test]
        fn amounts_round_trip(rupees in 1..=MAX_PRICE_RUPEES, word in "[a-z]{3,8}") {
            prop_assume!(!AT_MOST.iter().chain(AT_LEAST).chain(CURRENCY).any(|w| *w == word));
            for written in [
                format!("{word} under {rupees}"),
                format!("{word} below ₹{rupees}"),
                format!("{word} less than rs {}", commas(rupees)),
                format!("{word} upto {rupees}/-"),
            ] {
                let p = price_words(&written);
                prop_assert_eq!(p.max_paise, Some(rupees * 100), "{}", written);
                prop_assert_eq!(p.min_paise, None);
                prop_assert_eq!(&p.rest, &word);
            }
            let text = format!("above {rupees} {word}");
            let p = price_words(&text);
            prop_assert_eq!(p.min_paise, Some(rupees * 100));
            prop_assert_eq!(&p.rest, &word);
            if rupees.is_multiple_of(1000) {
                let text = format!("{word} {}k", rupees / 1000);
                prop_assert_eq!(price_words(&text).max_paise, Some(rupees * 100));
            }
        }

        #[test]
        fn ranges_round_trip(a in 1..=MAX_PRICE_RUPEES, b in 1..=MAX_PRICE_RUPEES) {
            for written in [
                format!("kurta between {a} and {b}"),
                format!("kurta from ₹{a} to ₹{b}"),
                format!("kurta ₹{a}-{b}"),
            ] {
                let p = price_words(&written);
                prop_assert_eq!(p.min_paise, Some(a.min(b) * 100), "{}", written);
                prop_assert_eq!(p.max_paise, Some(a.max(b) * 100), "{}", written);
                prop_assert_eq!(p.rest.as_str(), "kurta");
            }
        }

        #[test]
        fn words_without_digits_are_never_a_price(text in "[a-z ₹.]{0,40}") {
            let p = price_words(&text);
            prop_assert!(!p.is_bounded());
        }

        #[test]
        fn unmarked_numbers_are_not_prices(word in "[a-z]{3,8}", n in 0u64..100_000) {
            prop_assume!(!AT_MOST.iter().chain(AT_LEAST).chain(CURRENCY).any(|w| *w == word));
            let text = format!("{word} {n}");
            prop_assert!(!price_words(&text).is_bounded(), "{}", text);
        }
    }
}
