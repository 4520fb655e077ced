//! Query values arrive as text and are checked here, so a bad value gets a message naming the
//! parameter instead of a deserializer's.

use validation::ProductGender;

use crate::error::ApiError;

/// A whole number in `min..=max`, or `default` when absent or blank.
pub fn whole(
    name: &'static str,
    text: Option<&str>,
    default: usize,
    min: usize,
    max: usize,
) -> Result<usize, ApiError> {
    let Some(text) = present(text) else {
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
    let Some(text) = present(text) else {
        return Ok(None);
    };
    pricing::Money::parse_strict(&serde_json::Value::String(text.to_owned()))
        .map(|m| Some(m.paise()))
        .map_err(|_| {
            ApiError::bad_request(
                "INVALID_PRICE",
                format!("{name} must be an amount of rupees of 0 or more, such as 799 or 2999.50"),
            )
        })
}

/// male, female or unisex in any letter case; `all` or blank is no filter.
pub fn gender(text: Option<&str>) -> Result<Option<ProductGender>, ApiError> {
    match present(text) {
        None => Ok(None),
        Some(g) if g.eq_ignore_ascii_case("all") => Ok(None),
        Some(g) => ProductGender::parse(g).map(Some).map_err(|_| {
            ApiError::bad_request(
                "INVALID_GENDER",
                "gender must be one of male, female or unisex",
            )
        }),
    }
}

/// `true` or `false`, or absent.
pub fn boolean(name: &'static str, text: Option<&str>) -> Result<Option<bool>, ApiError> {
    match present(text) {
        None => Ok(None),
        Some(t) if t.eq_ignore_ascii_case("true") => Ok(Some(true)),
        Some(t) if t.eq_ignore_ascii_case("false") => Ok(Some(false)),
        Some(_) => Err(ApiError::bad_request(
            "INVALID_QUERY",
            format!("{name} must be true or false"),
        )),
    }
}

/// Free text of at most `max` characters, trimmed; absent or blank is `None`.
pub fn text<'a>(
    name: &'static str,
    text: Option<&'a str>,
    max: usize,
) -> Result<Option<&'a str>, ApiError> {
    match present(text) {
        Some(t) if t.chars().count() > max => Err(ApiError::bad_request(
            "INVALID_QUERY",
            format!("{name} must be at most {max} characters"),
        )),
        other => Ok(other),
    }
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

fn present(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}
