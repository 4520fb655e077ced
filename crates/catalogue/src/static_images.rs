//! Static images of the admin image library (000 §7): the three home hero banners, the three
//! Trends cards (in the order the clients show them), and a few product, brand and interface
//! cards. Two are inactive.

use crate::StaticImage;
use crate::ids::{DAY_MS, IdSequence, MINUTE_MS};
use crate::media::banner_url;
use crate::rng::STREAM_STATIC_IMAGES;

/// (category, device, title, banner name, active)
const SEEDS: &[(&str, &str, &str, &str, bool)] = &[
    ("hero", "all", "Flash Sale", "flash-sale", true),
    ("hero", "all", "New Arrivals", "new-arrivals", true),
    ("hero", "all", "Exclusive", "exclusive", true),
    ("trends", "all", "TRENDING NOW", "trending-now", true),
    ("trends", "all", "HOT PICKS", "hot-picks", true),
    ("trends", "all", "VIRAL STYLES", "viral-styles", true),
    ("products", "mobile", "Festive Edit", "festive-edit", true),
    ("products", "desktop", "Monsoon Sale", "monsoon-sale", false),
    (
        "brands",
        "mobile",
        "Brand Spotlight",
        "brand-spotlight",
        true,
    ),
    ("brands", "desktop", "New on the Shop", "new-brands", true),
    ("ui", "mobile", "Style. Swipe. Shop.", "welcome", true),
    ("ui", "desktop", "Get the App", "app-download", false),
];

/// Created a minute apart from 15 December 2025.
pub(crate) fn static_images() -> Vec<StaticImage> {
    let mut ids = IdSequence::new(STREAM_STATIC_IMAGES, -17 * DAY_MS, MINUTE_MS);
    SEEDS
        .iter()
        .map(
            |&(category, device, title, banner, is_active)| StaticImage {
                id: ids.next_id().0,
                category: category.to_string(),
                device: device.to_string(),
                title: title.to_string(),
                url: banner_url(banner),
                is_active,
            },
        )
        .collect()
}
