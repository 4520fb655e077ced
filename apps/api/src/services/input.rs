//! Reading the loose values of request bodies that several families share: a quantity, an id
//! that must be there. Each answers the typed refusal of the rule it breaks.

use serde_json::Value;

/// A quantity as sent: a whole number from `min` to 99, or the rule's refusal. A missing
/// quantity is `default`. The bag, the coupon check and the checkout's Buy Now read it alike.
pub fn quantity(
    value: Option<&Value>,
    min: u32,
    default: Option<u32>,
) -> Result<u32, bag::BagError> {
    let invalid = || bag::BagError::InvalidQuantity { min };
    let quantity = match value {
        None | Some(Value::Null) => default.ok_or_else(invalid)?,
        Some(value) => whole_json_number(value).ok_or_else(invalid)?,
    };
    if (min..=bag::MAX_LINE_QUANTITY).contains(&quantity) {
        Ok(quantity)
    } else {
        Err(invalid())
    }
}

/// A whole number sent as JSON: `2` and `2.0` alike, since JSON (and so a client's encoder)
/// does not tell them apart. A fraction, a negative number, anything past `u32` or anything
/// not a number is `None`.
pub fn whole_json_number(value: &Value) -> Option<u32> {
    if let Some(n) = value.as_u64() {
        return u32::try_from(n).ok();
    }
    let f = value.as_f64()?;
    // In range and without a fraction, the conversion is exact.
    ((0.0..=f64::from(u32::MAX)).contains(&f) && f.fract() == 0.0).then_some(f as u32)
}

/// A console edit's `version` as sent: `3` and `3.0` alike (JSON does not tell them apart, and
/// a schema's integer accepts both); a fraction, anything past `i64` or anything not a number
/// is refused as a body of the wrong shape. For `#[serde(default, deserialize_with = ...)]`.
pub fn whole_version<'de, D>(deserializer: D) -> Result<Option<i64>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    use serde::Deserialize;
    let Some(value) = Option::<Value>::deserialize(deserializer)? else {
        return Ok(None);
    };
    if let Some(n) = value.as_i64() {
        return Ok(Some(n));
    }
    // i64's range as f64: the bounds themselves are exact powers of two.
    const RANGE: std::ops::Range<f64> = -9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0;
    match value.as_f64() {
        Some(f) if f.fract() == 0.0 && RANGE.contains(&f) => Ok(Some(f as i64)),
        _ => Err(serde::de::Error::custom(
            "version must be a whole number: the version the edit read",
        )),
    }
}

/// Text that must be there: trimmed, not blank.
pub fn present(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{whole_json_number, whole_version};

    #[test]
    fn whole_json_numbers() {
        for (value, expected) in [
            (json!(2), Some(2)),
            (json!(2.0), Some(2)),
            (json!(0), Some(0)),
            (json!(4_294_967_295_u64), Some(u32::MAX)),
            (json!(4_294_967_296_u64), None),
            (json!(4.294_967_296e9), None),
            (json!(2.5), None),
            (json!(-1), None),
            (json!(-1.0), None),
            (json!("2"), None),
            (json!(null), None),
        ] {
            assert_eq!(whole_json_number(&value), expected, "{value}");
        }
    }

    #[derive(Debug, serde::Deserialize)]
    struct Edit {
        #[serde(default, deserialize_with = "whole_version")]
        version: Option<i64>,
    }

    #[test]
    fn versions_are_whole_numbers_sent_either_way() {
        let read =
            |body: serde_json::Value| serde_json::from_value::<Edit>(body).map(|e| e.version).ok();
        assert_eq!(read(json!({})), Some(None));
        assert_eq!(read(json!({"version": null})), Some(None));
        assert_eq!(read(json!({"version": 3})), Some(Some(3)));
        assert_eq!(read(json!({"version": 7845.0})), Some(Some(7845)));
        assert_eq!(
            read(json!({"version": -5_249_586.0})),
            Some(Some(-5_249_586))
        );
        assert_eq!(read(json!({"version": 2.5})), None);
        assert_eq!(read(json!({"version": 1e300})), None);
        assert_eq!(read(json!({"version": "3"})), None);
    }
}
