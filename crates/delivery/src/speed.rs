//! Delivery speed and the estimated delivery time (001 §4, §9).

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};

use crate::pincode::{Pincode, express_available};

/// Express orders arrive within the hour (001 §9).
pub const EXPRESS_LEAD_TIME: TimeDelta = TimeDelta::hours(1);

/// Standard orders are estimated five days out (001 §9).
pub const STANDARD_LEAD_TIME: TimeDelta = TimeDelta::days(5);

/// How fast an order is delivered.
///
/// The fee for each speed is money, so it lives in `pricing` (`pricing::delivery_fee`, which
/// takes this type). Read and written as `"standard"` and `"express"`; the checkout's `"quick"`
/// (001 §4) reads as express.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeliverySpeed {
    /// Five days.
    #[default]
    Standard,
    /// One hour, within 50 km of the warehouse only.
    #[serde(alias = "quick")]
    Express,
}

impl DeliverySpeed {
    /// The stored and wire word: `standard` or `express`.
    pub const fn as_str(self) -> &'static str {
        match self {
            DeliverySpeed::Standard => "standard",
            DeliverySpeed::Express => "express",
        }
    }

    /// Time from ordering to the estimated delivery.
    pub const fn lead_time(self) -> TimeDelta {
        match self {
            DeliverySpeed::Standard => STANDARD_LEAD_TIME,
            DeliverySpeed::Express => EXPRESS_LEAD_TIME,
        }
    }

    /// The estimated delivery (001 §4, §9): express `now` + 1 h, standard `now` + 5 days.
    /// Saturates at the latest representable instant instead of overflowing.
    pub fn estimated_delivery(self, now: DateTime<Utc>) -> DateTime<Utc> {
        now.checked_add_signed(self.lead_time())
            .unwrap_or(DateTime::<Utc>::MAX_UTC)
    }

    /// The speed an order to `pincode` actually gets (001 §4): express falls back to standard
    /// when the address is not within 50 km of the warehouse.
    pub fn effective_for(self, pincode: Pincode) -> DeliverySpeed {
        match self {
            DeliverySpeed::Express if express_available(pincode) => DeliverySpeed::Express,
            DeliverySpeed::Express | DeliverySpeed::Standard => DeliverySpeed::Standard,
        }
    }
}

/// The estimated delivery of an order placed at `now` (001 §4, §9).
pub fn estimated_delivery(speed: DeliverySpeed, now: DateTime<Utc>) -> DateTime<Utc> {
    speed.estimated_delivery(now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;
    use serde_json::json;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 1, 10, 30, 0)
            .single()
            .expect("valid test time")
    }

    #[test]
    fn the_stored_word_is_the_serde_word() {
        for speed in [DeliverySpeed::Standard, DeliverySpeed::Express] {
            assert_eq!(json!(speed), json!(speed.as_str()));
        }
    }

    #[test]
    fn estimated_delivery_table() {
        // 001 §9: express now + 1 h, standard now + 5 days.
        let cases = [
            (DeliverySpeed::Express, "2026-03-01T11:30:00Z"),
            (DeliverySpeed::Standard, "2026-03-06T10:30:00Z"),
        ];
        for (speed, expected) in cases {
            assert_eq!(
                estimated_delivery(speed, now()).to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                expected
            );
        }
        assert_eq!(
            DeliverySpeed::Standard.estimated_delivery(DateTime::<Utc>::MAX_UTC),
            DateTime::<Utc>::MAX_UTC
        );
    }

    #[test]
    fn express_falls_back_to_standard_beyond_fifty_km() {
        // 001 §4: quick resets to standard if the address is not within 50 km.
        let near = Pincode::parse("400050").expect("valid");
        let far = Pincode::parse("411001").expect("valid");
        assert_eq!(
            DeliverySpeed::Express.effective_for(near),
            DeliverySpeed::Express
        );
        assert_eq!(
            DeliverySpeed::Express.effective_for(far),
            DeliverySpeed::Standard
        );
        assert_eq!(
            DeliverySpeed::Standard.effective_for(near),
            DeliverySpeed::Standard
        );
    }

    #[test]
    fn wire_names() {
        assert_eq!(
            serde_json::to_value(DeliverySpeed::Express).ok(),
            Some(json!("express"))
        );
        let quick: Result<DeliverySpeed, _> = serde_json::from_value(json!("quick"));
        assert_eq!(quick.ok(), Some(DeliverySpeed::Express));
        assert_eq!(DeliverySpeed::default(), DeliverySpeed::Standard);
    }

    proptest! {
        #[test]
        fn estimate_is_now_plus_the_lead_time(seconds in 0i64..4_102_444_800, express in any::<bool>()) {
            let now = DateTime::from_timestamp(seconds, 0).ok_or_else(|| TestCaseError::fail("range"))?;
            let speed = if express { DeliverySpeed::Express } else { DeliverySpeed::Standard };
            prop_assert_eq!(speed.estimated_delivery(now) - now, speed.lead_time());
        }

        #[test]
        fn effective_speed_is_express_only_where_available(value in 100_000u32..=999_999) {
            let pincode = Pincode::try_from(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let effective = DeliverySpeed::Express.effective_for(pincode);
            prop_assert_eq!(effective == DeliverySpeed::Express, express_available(pincode));
        }
    }
}
