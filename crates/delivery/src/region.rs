//! Delivery windows by pincode prefix (001 §9), through India Post's postal circles.
//!
//! The specification names the windows by region: 40 gives 60-90 min; 41 and the other
//! Maharashtra prefixes 2-4 h; neighbouring states 4-8 h; South 8-12 h; North 12-18 h; East
//! 18-24 h; everything else 24-30 h. [`POSTAL_CIRCLES`] says which first two digits belong to
//! which circle and where we place each circle.

use chrono::TimeDelta;
use serde::{Deserialize, Serialize};

use crate::pincode::Pincode;

/// Where a pincode lies as seen from the warehouse in Mumbai (400001).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    /// Prefix 40: the warehouse's own circle prefix (Mumbai, Thane, Raigad, Ratnagiri, and
    /// Goa's 403, which India Post numbers inside 40). 60-90 min.
    Local,
    /// Prefixes 41-44: the rest of Maharashtra. 2-4 hours.
    Maharashtra,
    /// Gujarat with Dadra & Nagar Haveli and Daman & Diu (36-39), Madhya Pradesh (45-48),
    /// Chhattisgarh (49), Telangana (50), Karnataka (56-59). 4-8 hours.
    Neighbouring,
    /// Andhra Pradesh (51-53), Tamil Nadu and Puducherry (60-64), Kerala and Lakshadweep
    /// (67-69). 8-12 hours.
    South,
    /// Delhi (11), Haryana (12-13), Punjab and Chandigarh (14-16), Himachal Pradesh (17),
    /// Jammu & Kashmir and Ladakh (18-19), Uttar Pradesh and Uttarakhand (20-28), Rajasthan
    /// (30-34). 12-18 hours.
    North,
    /// West Bengal, Andaman & Nicobar and Sikkim (70-74), Odisha (75-77), Assam (78), the
    /// North East (79), Bihar and Jharkhand (80-85). 18-24 hours.
    East,
    /// The Army Post Office (90-99) and prefixes India Post does not assign (10, 29, 35, 54,
    /// 55, 65, 66, 86-89). 24-30 hours.
    Other,
}

/// A postal circle: a run of first-two-digit prefixes and the region we place it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PostalCircle {
    /// First prefix of the run, inclusive.
    pub first: u8,
    /// Last prefix of the run, inclusive.
    pub last: u8,
    /// The circle's states and territories.
    pub name: &'static str,
    /// Where its pincodes fall for delivery windows.
    pub region: Region,
}

const fn circle(first: u8, last: u8, name: &'static str, region: Region) -> PostalCircle {
    PostalCircle {
        first,
        last,
        name,
        region,
    }
}

/// India Post's postal circles by the first two digits of the pincode, in order, and the
/// region each one falls in. Prefixes not listed are [`Region::Other`].
///
/// Decisions: Telangana (50) borders Maharashtra and is a neighbour, while Andhra Pradesh
/// (51-53) does not and is South. Goa borders Maharashtra but its pincodes (403) lie inside
/// prefix 40, and the specification keys windows on that prefix, so Goa gets the 40 window
/// (as the distance rule already puts 403 at 30 km). Rajasthan is North, Jammu & Kashmir and
/// Ladakh too; Sikkim and the Andaman & Nicobar Islands share West Bengal's circle and are East.
pub const POSTAL_CIRCLES: &[PostalCircle] = &[
    circle(11, 11, "Delhi", Region::North),
    circle(12, 13, "Haryana", Region::North),
    circle(14, 16, "Punjab, Chandigarh", Region::North),
    circle(17, 17, "Himachal Pradesh", Region::North),
    circle(18, 19, "Jammu & Kashmir, Ladakh", Region::North),
    circle(20, 28, "Uttar Pradesh, Uttarakhand", Region::North),
    circle(30, 34, "Rajasthan", Region::North),
    circle(
        36,
        39,
        "Gujarat, Dadra & Nagar Haveli and Daman & Diu",
        Region::Neighbouring,
    ),
    circle(40, 40, "Maharashtra (Mumbai region), Goa", Region::Local),
    circle(41, 44, "Maharashtra", Region::Maharashtra),
    circle(45, 48, "Madhya Pradesh", Region::Neighbouring),
    circle(49, 49, "Chhattisgarh", Region::Neighbouring),
    circle(50, 50, "Telangana", Region::Neighbouring),
    circle(51, 53, "Andhra Pradesh", Region::South),
    circle(56, 59, "Karnataka", Region::Neighbouring),
    circle(60, 64, "Tamil Nadu, Puducherry", Region::South),
    circle(67, 69, "Kerala, Lakshadweep", Region::South),
    circle(
        70,
        74,
        "West Bengal, Andaman & Nicobar Islands, Sikkim",
        Region::East,
    ),
    circle(75, 77, "Odisha", Region::East),
    circle(78, 78, "Assam", Region::East),
    circle(79, 79, "North East", Region::East),
    circle(80, 85, "Bihar, Jharkhand", Region::East),
    circle(90, 99, "Army Post Office", Region::Other),
];

/// The postal circle of a pincode, if India Post assigns its prefix.
pub fn postal_circle(pincode: Pincode) -> Option<&'static PostalCircle> {
    let prefix = pincode.circle_prefix();
    POSTAL_CIRCLES
        .iter()
        .find(|circle| (circle.first..=circle.last).contains(&prefix))
}

impl Region {
    /// The region of a pincode.
    pub fn of(pincode: Pincode) -> Region {
        postal_circle(pincode).map_or(Region::Other, |circle| circle.region)
    }

    /// The delivery window of this region (001 §9).
    pub const fn window(self) -> DeliveryWindow {
        let (min_minutes, max_minutes, label) = match self {
            Region::Local => (60, 90, "60-90 min"),
            Region::Maharashtra => (2 * 60, 4 * 60, "2-4 hours"),
            Region::Neighbouring => (4 * 60, 8 * 60, "4-8 hours"),
            Region::South => (8 * 60, 12 * 60, "8-12 hours"),
            Region::North => (12 * 60, 18 * 60, "12-18 hours"),
            Region::East => (18 * 60, 24 * 60, "18-24 hours"),
            Region::Other => (24 * 60, 30 * 60, "24-30 hours"),
        };
        DeliveryWindow {
            min_minutes,
            max_minutes,
            label,
            region: self,
        }
    }
}

/// How long delivery to a pincode takes (001 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryWindow {
    /// Shortest time, in minutes.
    pub min_minutes: u32,
    /// Longest time, in minutes.
    pub max_minutes: u32,
    /// The text shown: `"60-90 min"`, `"2-4 hours"`, ...
    pub label: &'static str,
    /// The region it comes from.
    pub region: Region,
}

impl DeliveryWindow {
    /// Shortest time.
    pub fn min(&self) -> TimeDelta {
        TimeDelta::minutes(i64::from(self.min_minutes))
    }

    /// Longest time.
    pub fn max(&self) -> TimeDelta {
        TimeDelta::minutes(i64::from(self.max_minutes))
    }
}

/// The delivery window for a pincode (001 §9).
pub fn delivery_window(pincode: Pincode) -> DeliveryWindow {
    Region::of(pincode).window()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn window_of(text: &str) -> DeliveryWindow {
        delivery_window(Pincode::parse(text).expect("test pincode is valid"))
    }

    #[test]
    fn every_region_boundary() {
        // 001 §9: 40 -> 60-90 min; 41 and other Maharashtra prefixes 2-4 h; neighbouring
        // states 4-8 h; South 8-12 h; North 12-18 h; East 18-24 h; else 24-30 h.
        // Each circle's first and last prefix, and the unassigned prefixes around them.
        let cases = [
            ("001 §9", "100000", Region::Other, "24-30 hours"),
            ("001 §9", "109999", Region::Other, "24-30 hours"),
            ("001 §9", "110001", Region::North, "12-18 hours"), // Delhi
            ("001 §9", "122001", Region::North, "12-18 hours"), // Haryana
            ("001 §9", "139999", Region::North, "12-18 hours"),
            ("001 §9", "140001", Region::North, "12-18 hours"), // Punjab
            ("001 §9", "160017", Region::North, "12-18 hours"), // Chandigarh
            ("001 §9", "171001", Region::North, "12-18 hours"), // Himachal Pradesh
            ("001 §9", "180001", Region::North, "12-18 hours"), // Jammu
            ("001 §9", "194101", Region::North, "12-18 hours"), // Leh
            ("001 §9", "201301", Region::North, "12-18 hours"), // Noida
            ("001 §9", "248001", Region::North, "12-18 hours"), // Dehradun
            ("001 §9", "289999", Region::North, "12-18 hours"),
            ("001 §9", "290000", Region::Other, "24-30 hours"),
            ("001 §9", "302001", Region::North, "12-18 hours"), // Jaipur
            ("001 §9", "349999", Region::North, "12-18 hours"),
            ("001 §9", "350000", Region::Other, "24-30 hours"),
            ("001 §9", "360001", Region::Neighbouring, "4-8 hours"), // Rajkot
            ("001 §9", "380001", Region::Neighbouring, "4-8 hours"), // Ahmedabad
            ("001 §9", "396230", Region::Neighbouring, "4-8 hours"), // Silvassa
            ("001 §9", "399999", Region::Neighbouring, "4-8 hours"),
            ("001 §9", "400001", Region::Local, "60-90 min"), // the warehouse
            ("001 §9", "403001", Region::Local, "60-90 min"), // Goa, inside prefix 40
            ("001 §9", "409999", Region::Local, "60-90 min"),
            ("001 §9", "410001", Region::Maharashtra, "2-4 hours"),
            ("001 §9", "411001", Region::Maharashtra, "2-4 hours"), // Pune
            ("001 §9", "440001", Region::Maharashtra, "2-4 hours"), // Nagpur
            ("001 §9", "449999", Region::Maharashtra, "2-4 hours"),
            ("001 §9", "450001", Region::Neighbouring, "4-8 hours"), // Madhya Pradesh
            ("001 §9", "462001", Region::Neighbouring, "4-8 hours"), // Bhopal
            ("001 §9", "492001", Region::Neighbouring, "4-8 hours"), // Raipur
            ("001 §9", "500001", Region::Neighbouring, "4-8 hours"), // Hyderabad
            ("001 §9", "509999", Region::Neighbouring, "4-8 hours"),
            ("001 §9", "510000", Region::South, "8-12 hours"), // Andhra Pradesh
            ("001 §9", "530001", Region::South, "8-12 hours"), // Visakhapatnam
            ("001 §9", "539999", Region::South, "8-12 hours"),
            ("001 §9", "540000", Region::Other, "24-30 hours"),
            ("001 §9", "559999", Region::Other, "24-30 hours"),
            ("001 §9", "560001", Region::Neighbouring, "4-8 hours"), // Bengaluru
            ("001 §9", "599999", Region::Neighbouring, "4-8 hours"),
            ("001 §9", "600001", Region::South, "8-12 hours"), // Chennai
            ("001 §9", "605001", Region::South, "8-12 hours"), // Puducherry
            ("001 §9", "649999", Region::South, "8-12 hours"),
            ("001 §9", "650000", Region::Other, "24-30 hours"),
            ("001 §9", "669999", Region::Other, "24-30 hours"),
            ("001 §9", "670001", Region::South, "8-12 hours"), // Kerala
            ("001 §9", "682555", Region::South, "8-12 hours"), // Lakshadweep
            ("001 §9", "695001", Region::South, "8-12 hours"), // Thiruvananthapuram
            ("001 §9", "700001", Region::East, "18-24 hours"), // Kolkata
            ("001 §9", "737101", Region::East, "18-24 hours"), // Gangtok
            ("001 §9", "744101", Region::East, "18-24 hours"), // Port Blair
            ("001 §9", "751001", Region::East, "18-24 hours"), // Bhubaneswar
            ("001 §9", "781001", Region::East, "18-24 hours"), // Guwahati
            ("001 §9", "793001", Region::East, "18-24 hours"), // Shillong
            ("001 §9", "800001", Region::East, "18-24 hours"), // Patna
            ("001 §9", "834001", Region::East, "18-24 hours"), // Ranchi
            ("001 §9", "859999", Region::East, "18-24 hours"),
            ("001 §9", "860000", Region::Other, "24-30 hours"),
            ("001 §9", "899999", Region::Other, "24-30 hours"),
            ("001 §9", "900001", Region::Other, "24-30 hours"), // Army Post Office
            ("001 §9", "999999", Region::Other, "24-30 hours"),
        ];
        for (spec, text, region, label) in cases {
            let window = window_of(text);
            assert_eq!(
                (window.region, window.label),
                (region, label),
                "{spec}: {text}"
            );
        }
    }

    #[test]
    fn window_minutes() {
        // 001 §9 windows in minutes.
        let cases = [
            (Region::Local, 60, 90),
            (Region::Maharashtra, 120, 240),
            (Region::Neighbouring, 240, 480),
            (Region::South, 480, 720),
            (Region::North, 720, 1080),
            (Region::East, 1080, 1440),
            (Region::Other, 1440, 1800),
        ];
        for (region, min, max) in cases {
            let window = region.window();
            assert_eq!(
                (window.min_minutes, window.max_minutes),
                (min, max),
                "{region:?}"
            );
            assert_eq!(window.min(), TimeDelta::minutes(min.into()));
            assert_eq!(window.max(), TimeDelta::minutes(max.into()));
            assert_eq!(window.region, region);
        }
    }

    #[test]
    fn circles_are_ordered_and_disjoint() {
        for pair in POSTAL_CIRCLES.windows(2) {
            assert!(pair[0].first <= pair[0].last && pair[0].last < pair[1].first);
        }
        assert_eq!(
            postal_circle(Pincode::parse("403001").expect("valid")).map(|c| c.name),
            Some("Maharashtra (Mumbai region), Goa")
        );
        assert_eq!(
            postal_circle(Pincode::parse("290000").expect("valid")),
            None
        );
    }

    #[test]
    fn wire_form() {
        assert_eq!(
            serde_json::to_value(window_of("411001")).ok(),
            Some(
                json!({"minMinutes": 120, "maxMinutes": 240, "label": "2-4 hours", "region": "maharashtra"})
            )
        );
    }

    proptest! {
        #[test]
        fn region_depends_on_the_first_two_digits_only(value in 100_000u32..=999_999, rest in 0u32..10_000) {
            let a = Pincode::try_from(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let b = Pincode::try_from(value / 10_000 * 10_000 + rest)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(Region::of(a), Region::of(b));
            let window = delivery_window(a);
            prop_assert!(window.min_minutes < window.max_minutes);
        }
    }
}
