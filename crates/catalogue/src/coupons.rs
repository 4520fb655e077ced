//! Ten coupons covering every rule of 001 §5: percentage with and without a cap, fixed amounts,
//! a minimum order of ₹1,500, one expired, one inactive, three for a single brand, one once per
//! shopper (the first-order coupon) and one for the first 50 orders only.
//!
//! Active coupons run from 1 January 2026 to the end of 2030, so the demo keeps working.

use chrono::NaiveDateTime;
use pricing::{CouponCode, CouponDiscount, DiscountType, Money, Percent};

use crate::ids::{HOUR_MS, IdSequence, at_midnight};
use crate::rng::STREAM_COUPONS;
use crate::{Brand, Coupon};

/// Whether products may carry the coupon as their `assigned_coupon`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Assign {
    /// Cart-level only (first order, order minimum).
    Never,
    /// Shown on product cards.
    Yes,
    /// Assigned to a few products to show that a lapsed coupon changes no price.
    Lapsed,
}

struct CouponSeed {
    code: &'static str,
    title: &'static str,
    discount_type: DiscountType,
    value: i64,
    max_discount_paise: Option<i64>,
    min_order_paise: i64,
    active: bool,
    valid: (NaiveDateTime, NaiveDateTime),
    brand: Option<&'static str>,
    assign: Assign,
    usage_limit: Option<u32>,
    usage_limit_per_user: Option<u32>,
}

impl CouponSeed {
    fn discount(&self) -> CouponDiscount {
        match self.discount_type {
            DiscountType::Percentage => CouponDiscount::Percentage {
                percent: u8::try_from(self.value)
                    .ok()
                    .and_then(|whole| Percent::from_whole(whole).ok())
                    .expect("the seeds' percentages are whole numbers up to 100"),
                max_discount: self.max_discount_paise.map(Money::from_paise),
            },
            DiscountType::Fixed => CouponDiscount::Fixed(Money::from_paise(self.value)),
        }
    }
}

const VALID_FROM: NaiveDateTime = at_midnight(2026, 1, 1);
const VALID_UNTIL: NaiveDateTime = at_midnight(2031, 1, 1);
const OPEN: (NaiveDateTime, NaiveDateTime) = (VALID_FROM, VALID_UNTIL);

/// Paise in a whole number of rupees.
const fn rupees(rupees: i64) -> i64 {
    rupees * 100
}

const fn percent(code: &'static str, title: &'static str, value: i64) -> CouponSeed {
    CouponSeed {
        code,
        title,
        discount_type: DiscountType::Percentage,
        value,
        max_discount_paise: None,
        min_order_paise: 0,
        active: true,
        valid: OPEN,
        brand: None,
        assign: Assign::Yes,
        usage_limit: None,
        usage_limit_per_user: None,
    }
}

const fn fixed(code: &'static str, title: &'static str, amount: i64) -> CouponSeed {
    CouponSeed {
        discount_type: DiscountType::Fixed,
        value: rupees(amount),
        ..percent(code, title, 0)
    }
}

const SEEDS: [CouponSeed; 10] = [
    CouponSeed {
        max_discount_paise: Some(rupees(500)),
        assign: Assign::Never,
        // Counted per shopper, not against past orders: a shopper's first use of it.
        usage_limit_per_user: Some(1),
        ..percent("FIRST50", "50% off your first order, up to ₹500", 50)
    },
    CouponSeed {
        min_order_paise: rupees(999),
        ..fixed("FLAT200", "Flat ₹200 off on orders above ₹999", 200)
    },
    percent("STYLE20", "20% off on everything, no upper limit", 20),
    CouponSeed {
        min_order_paise: rupees(1500),
        assign: Assign::Never,
        // Not on product cards: a card's price cannot follow a limit that runs out.
        usage_limit: Some(50),
        ..fixed("FLAT300", "Flat ₹300 off on orders of ₹1,500 or more", 300)
    },
    CouponSeed {
        max_discount_paise: Some(rupees(750)),
        min_order_paise: rupees(1999),
        valid: (at_midnight(2026, 9, 1), VALID_UNTIL),
        ..percent("FESTIVE25", "Festive 25% off, up to ₹750", 25)
    },
    CouponSeed {
        max_discount_paise: Some(rupees(300)),
        brand: Some("Monsoon Mill"),
        ..percent("MONSOON15", "Monsoon Mill: 15% off, up to ₹300", 15)
    },
    CouponSeed {
        brand: Some("Kesari Threads"),
        ..percent("KESARI10", "Kesari Threads: extra 10% off", 10)
    },
    CouponSeed {
        min_order_paise: rupees(1299),
        brand: Some("Urban Dhaaga"),
        ..fixed("URBAN250", "Urban Dhaaga: flat ₹250 off above ₹1,299", 250)
    },
    CouponSeed {
        max_discount_paise: Some(rupees(800)),
        valid: (at_midnight(2025, 10, 1), at_midnight(2025, 11, 15)),
        assign: Assign::Lapsed,
        ..percent("DIWALI40", "Diwali 40% off, up to ₹800 (ended)", 40)
    },
    CouponSeed {
        active: false,
        assign: Assign::Lapsed,
        ..fixed("WELCOME100", "Flat ₹100 off (withdrawn)", 100)
    },
];

/// The coupons, created an hour apart from 1 September 2025, with whether products may carry
/// each one.
pub(crate) fn coupons(brands: &[Brand]) -> Vec<(Coupon, Assign)> {
    // 2025-09-01 is 122 days before 2026-01-01.
    let mut ids = IdSequence::new(STREAM_COUPONS, -122 * 24 * HOUR_MS, HOUR_MS);
    SEEDS
        .iter()
        .map(|seed| {
            let (id, _) = ids.next_id();
            let brand_id = seed.brand.and_then(|name| {
                brands
                    .iter()
                    .find(|brand| brand.name == name)
                    .map(|brand| brand.id.clone())
            });
            let coupon = Coupon {
                id,
                title: seed.title.to_string(),
                terms: pricing::Coupon {
                    code: CouponCode::parse(seed.code).expect("the seeds' codes are codes"),
                    discount: seed.discount(),
                    min_order_value: Money::from_paise(seed.min_order_paise),
                    is_active: seed.active,
                    valid_from: Some(seed.valid.0.and_utc()),
                    valid_until: Some(seed.valid.1.and_utc()),
                    brand_id,
                    usage_limit: seed.usage_limit,
                    usage_limit_per_user: seed.usage_limit_per_user,
                },
            };
            (coupon, seed.assign)
        })
        .collect()
}
