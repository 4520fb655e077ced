//! Query values arrive as text and are checked here, so a bad value gets a message naming the
//! parameter instead of a deserializer's.

use validation::ProductGender;

use crate::error::input::InputError;

/// A whole number in `min..=max`, or `default` when absent or empty.
pub fn whole(
    name: &'static str,
    text: Option<&str>,
    default: usize,
    min: usize,
    max: usize,
) -> Result<usize, InputError> {
    let Some(text) = given(text) else {
        return Ok(default);
    };
    text.parse::<usize>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or(InputError::NotWhole { name, min, max })
}

/// An amount of rupees, as paise.
pub fn rupees(name: &'static str, text: Option<&str>) -> Result<Option<i64>, InputError> {
    let Some(text) = given(text) else {
        return Ok(None);
    };
    let refused = || InputError::NotRupees(name);
    // The money parser forgives surrounding spaces (a form's typing); a query value is taken as
    // sent.
    if text.trim() != text {
        return Err(refused());
    }
    pricing::Money::parse_strict(&serde_json::Value::String(text.to_owned()))
        .map(|m| Some(m.paise()))
        .map_err(|_| refused())
}

/// male, female or unisex in any letter case; `all` or blank is no filter.
pub fn gender(text: Option<&str>) -> Result<Option<ProductGender>, InputError> {
    let refused = || InputError::Gender;
    match given(text) {
        None => Ok(None),
        Some(g) if g.eq_ignore_ascii_case("all") => Ok(None),
        // The gender parser forgives surrounding spaces (a form's typing); a query value is
        // taken as sent.
        Some(g) if g.trim() != g => Err(refused()),
        Some(g) => ProductGender::parse(g).map(Some).map_err(|_| refused()),
    }
}

/// `true` or `false`, or absent.
pub fn boolean(name: &'static str, text: Option<&str>) -> Result<Option<bool>, InputError> {
    match given(text) {
        None => Ok(None),
        Some(t) if t.eq_ignore_ascii_case("true") => Ok(Some(true)),
        Some(t) if t.eq_ignore_ascii_case("false") => Ok(Some(false)),
        Some(_) => Err(InputError::NotBoolean(name)),
    }
}

/// Free text of at most `max` characters as sent (the length the OpenAPI document states),
/// then trimmed; absent or blank is `None`.
pub fn text<'a>(
    name: &'static str,
    text: Option<&'a str>,
    max: usize,
) -> Result<Option<&'a str>, InputError> {
    if text.is_some_and(|t| t.chars().count() > max) {
        return Err(InputError::TooLong { name, max });
    }
    Ok(present(text))
}

/// Free text that must be given.
pub fn required<'a>(
    name: &'static str,
    value: Option<&'a str>,
    max: usize,
) -> Result<&'a str, InputError> {
    text(name, value, max)?.ok_or(InputError::Missing(name))
}

fn present(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// A value with a fixed form (a number, a gender, a flag): empty is absent, and anything else,
/// spaces included, must be the form itself, as the OpenAPI document's patterns say.
fn given(text: Option<&str>) -> Option<&str> {
    text.filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::{boolean, gender, rupees, whole};

    #[test]
    fn values_of_a_fixed_form_are_taken_as_sent() {
        assert_eq!(whole("limit", None, 12, 1, 200).ok(), Some(12));
        assert_eq!(whole("limit", Some(""), 12, 1, 200).ok(), Some(12));
        assert_eq!(whole("limit", Some("20"), 12, 1, 200).ok(), Some(20));
        for sent in ["\u{c}", " ", " 20", "20 ", "0", "201"] {
            assert!(whole("limit", Some(sent), 12, 1, 200).is_err(), "{sent:?}");
        }
        assert!(rupees("minPrice", Some(" 799")).is_err());
        assert!(gender(Some(" male")).is_err());
        assert!(gender(Some("\t")).is_err());
        assert_eq!(gender(Some("")).ok(), Some(None));
        assert!(boolean("inList", Some("true ")).is_err());
    }
}
