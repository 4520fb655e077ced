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

/// Text that must be there: trimmed, not blank.
pub fn present(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::whole_json_number;

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
}
