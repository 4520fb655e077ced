//! Query values arrive as text and are checked here, so a bad value gets a message naming the
//! parameter instead of a deserializer's.

use validation::ProductGender;

use crate::error::ApiError;

/// A whole number in `min..=max`, or `default` when absent or empty.
pub fn whole(
    name: &'static str,
    text: Option<&str>,
    default: usize,
    min: usize,
    max: usize,
) -> Result<usize, ApiError> {
    let Some(text) = given(text) else {
        return Ok(default);
    };
    text.parse::<usize>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            ApiError::bad_request(
                "INVALID_QUERY",
                format!("{name} must be a whole number from {min} to {max}"),
            )
        })
}

/// An amount of rupees, as paise.
pub fn rupees(name: &'static str, text: Option<&str>) -> Result<Option<i64>, ApiError> {
    let Some(text) = given(text) else {
        return Ok(None);
    };
    let refused = || {
        ApiError::bad_request(
            "INVALID_PRICE",
            format!("{name} must be an amount of rupees of 0 or more, such as 799 or 2999.50"),
        )
    };
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
pub fn gender(text: Option<&str>) -> Result<Option<ProductGender>, ApiError> {
    let refused = || {
        ApiError::bad_request(
            "INVALID_GENDER",
            "gender must be one of male, female or unisex",
        )
    };
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
pub fn boolean(name: &'static str, text: Option<&str>) -> Result<Option<bool>, ApiError> {
    match given(text) {
        None => Ok(None),
        Some(t) if t.eq_ignore_ascii_case("true") => Ok(Some(true)),
        Some(t) if t.eq_ignore_ascii_case("false") => Ok(Some(false)),
        Some(_) => Err(ApiError::bad_request(
            "INVALID_QUERY",
            format!("{name} must be true or false"),
        )),
    }
}

/// Free text of at most `max` characters as sent (the length the OpenAPI document states),
/// then trimmed; absent or blank is `None`.
pub fn text<'a>(
    name: &'static str,
    text: Option<&'a str>,
    max: usize,
) -> Result<Option<&'a str>, ApiError> {
    if text.is_some_and(|t| t.chars().count() > max) {
        return Err(ApiError::bad_request(
            "INVALID_QUERY",
            format!("{name} must be at most {max} characters"),
        ));
    }
    Ok(present(text))
}

/// Free text that must be given.
pub fn required<'a>(
    name: &'static str,
    value: Option<&'a str>,
    max: usize,
) -> Result<&'a str, ApiError> {
    text(name, value, max)?
        .ok_or_else(|| ApiError::bad_request("MISSING_QUERY", format!("{name} is required")))
}

/// An id a body must carry: trimmed, not blank; otherwise 400 `code` "`name` is required".
pub fn required_id<'a>(
    code: &'static str,
    name: &'static str,
    value: Option<&'a str>,
) -> Result<&'a str, ApiError> {
    present(value).ok_or_else(|| ApiError::bad_request(code, format!("{name} is required")))
}

pub use crate::services::input::whole_json_number;

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
