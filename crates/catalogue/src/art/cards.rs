//! Brand logos and promotional banners: the only drawings with text.

use super::escape_text;
use super::palette::palette;

/// A banner: its URL name, title, subtitle, button label and gradient.
struct Banner {
    name: &'static str,
    title: &'static str,
    subtitle: &'static str,
    action: &'static str,
    from: &'static str,
    to: &'static str,
}

const fn card(
    name: &'static str,
    title: &'static str,
    subtitle: &'static str,
    action: &'static str,
    from: &'static str,
    to: &'static str,
) -> Banner {
    Banner {
        name,
        title,
        subtitle,
        action,
        from,
        to,
    }
}

/// Hero banners (000 §2.5), Trends cards (000 §2.7), special collections, looks (001 §9) and
/// a few promo and interface cards.
const CARDS: &[Banner] = &[
    card(
        "flash-sale",
        "FLASH SALE",
        "Up to 50% off for a few hours only",
        "Shop now",
        "#e23d5b",
        "#f59f3a",
    ),
    card(
        "new-arrivals",
        "NEW ARRIVALS",
        "Fresh drops from Indian labels every week",
        "Explore",
        "#2d5bd8",
        "#7b4fd0",
    ),
    card(
        "exclusive",
        "EXCLUSIVE",
        "App-only styles, delivered in 60 minutes",
        "Discover",
        "#1f2f57",
        "#3a8f8b",
    ),
    card(
        "trending-now",
        "TRENDING NOW",
        "What everyone is swiping this week",
        "See trends",
        "#ff6a3d",
        "#e8327c",
    ),
    card(
        "hot-picks",
        "HOT PICKS",
        "Today's most-liked styles",
        "Shop hot picks",
        "#d7263d",
        "#f4a259",
    ),
    card(
        "viral-styles",
        "VIRAL STYLES",
        "The month's breakout looks",
        "Go viral",
        "#7b2ff7",
        "#f107a3",
    ),
    card(
        "under-2999",
        "UNDER ₹2,999",
        "A special collection for every budget",
        "Shop now",
        "#0f766e",
        "#65a30d",
    ),
    card(
        "starting-799",
        "FROM ₹799",
        "Premium picks worth the splurge",
        "Shop now",
        "#553481",
        "#c026d3",
    ),
    card(
        "festive-edit",
        "FESTIVE EDIT",
        "Kurtas, sarees and jhumkas for the season",
        "Shop festive",
        "#b8561a",
        "#d4a52c",
    ),
    card(
        "monsoon-sale",
        "MONSOON SALE",
        "Rain-ready styles at up to 40% off",
        "Shop the sale",
        "#1f4f9e",
        "#3f7d4a",
    ),
    card(
        "brand-spotlight",
        "BRAND SPOTLIGHT",
        "Meet the makers behind your favourites",
        "Meet them",
        "#553481",
        "#e87fa8",
    ),
    card(
        "new-brands",
        "NEW ON THE SHOP",
        "Labels that just joined",
        "Browse",
        "#26502e",
        "#8a5a3b",
    ),
    card(
        "welcome",
        "STYLE. SWIPE. SHOP.",
        "Deliver in 60 minutes",
        "Start swiping",
        "#111827",
        "#c8323c",
    ),
    card(
        "app-download",
        "GET THE APP",
        "Swipe your style on the go",
        "Download",
        "#0f766e",
        "#2f6fd6",
    ),
    card(
        "look-streetwear",
        "STREETWEAR",
        "Oversized tees, cargos and hoodies",
        "Get the look",
        "#111827",
        "#ef7d2d",
    ),
    card(
        "look-formal",
        "FORMAL",
        "Crisp shirts, sharp trousers, a good watch",
        "Get the look",
        "#1f2f57",
        "#5f6168",
    ),
    card(
        "look-casual",
        "CASUAL",
        "Hoodies, jeans and a bracelet",
        "Get the look",
        "#1c4a99",
        "#3f7d4a",
    ),
    card(
        "look-elegant",
        "ELEGANT",
        "Blazers, waistcoats and tailored trousers",
        "Get the look",
        "#4f2f7d",
        "#b0507a",
    ),
    card(
        "look-party",
        "PARTY",
        "Dresses, skirts and statement tops",
        "Get the look",
        "#c8323c",
        "#7b2ff7",
    ),
    card(
        "look-casual-women",
        "EASY DAYS",
        "Tops, pants and relaxed trousers",
        "Get the look",
        "#e87fa8",
        "#ef7d2d",
    ),
];

/// Every banner name that [`super::banner`] draws.
pub const BANNERS: &[&str] = &[
    "flash-sale",
    "new-arrivals",
    "exclusive",
    "trending-now",
    "hot-picks",
    "viral-styles",
    "under-2999",
    "starting-799",
    "festive-edit",
    "monsoon-sale",
    "brand-spotlight",
    "new-brands",
    "welcome",
    "app-download",
    "look-streetwear",
    "look-formal",
    "look-casual",
    "look-elegant",
    "look-party",
    "look-casual-women",
];

pub(super) fn logo(initials: &str, colour: &str) -> Option<String> {
    let valid =
        (1..=3).contains(&initials.len()) && initials.bytes().all(|b| b.is_ascii_uppercase());
    if !valid {
        return None;
    }
    let p = palette(colour)?;
    let size = match initials.len() {
        1 => 104,
        2 => 84,
        _ => 62,
    };
    Some(format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200"><rect width="200" height="200" rx="44" fill="{}"/><rect x="12" y="12" width="176" height="176" rx="34" fill="none" stroke="{}" stroke-width="3" opacity=".6"/><text x="100" y="100" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="{size}" font-weight="700" letter-spacing="2" fill="{}">{initials}</text></svg>"#,
        p.main, p.light, p.ink
    ))
}

pub(super) fn banner(name: &str) -> Option<String> {
    let card = CARDS.iter().find(|card| card.name == name)?;
    let Banner {
        title,
        subtitle,
        action,
        from,
        to,
        ..
    } = *card;
    // Bold sans-serif capitals are up to about 0.72 em wide; keep the title within 800 units,
    // clear of the hanger on the right.
    let chars = title.chars().count().max(1);
    let size = (800 * 100 / (chars * 72)).min(96);
    Some(format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 500" width="1200" height="500"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{from}"/><stop offset="1" stop-color="{to}"/></linearGradient></defs><rect width="1200" height="500" rx="32" fill="url(#g)"/><circle cx="1060" cy="80" r="190" fill="#fff" opacity=".12"/><circle cx="960" cy="480" r="130" fill="#fff" opacity=".1"/><path d="M1010 150a30 30 0 1 1 30 30v22l130 84H880l130-84" fill="none" stroke="#fff" stroke-width="10" stroke-linejoin="round" opacity=".45"/><g font-family="sans-serif" fill="#fff"><text x="72" y="230" font-size="{size}" font-weight="800">{}</text><text x="76" y="300" font-size="38" opacity=".92">{}</text></g><rect x="76" y="350" width="300" height="68" rx="34" fill="#fff"/><text x="226" y="395" text-anchor="middle" font-family="sans-serif" font-size="28" font-weight="700" fill="{from}">{}</text></svg>"##,
        escape_text(title),
        escape_text(subtitle),
        escape_text(action)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_banner_list_names_every_card_once() {
        let names: Vec<&str> = CARDS.iter().map(|card| card.name).collect();
        assert_eq!(names, BANNERS);
    }

    #[test]
    fn hero_and_trend_cards_exist() {
        for name in [
            "flash-sale",
            "new-arrivals",
            "exclusive",
            "trending-now",
            "hot-picks",
            "viral-styles",
        ] {
            assert!(banner(name).is_some(), "{name}");
        }
        let trending = banner("trending-now").unwrap_or_default();
        assert!(trending.contains(">TRENDING NOW</text>"));
    }
}
