//! The 24 invented brands: nine for men, nine for women, six unisex. Two are inactive
//! (Saffron Edge, Sandook Supply) and three have no logo (Pahadi Trail, Mehr Label, Jugaad
//! Goods), so clients show the initials of their first two words instead.
//!
//! A brand carries the subcategories of its own gender under the top-level categories listed
//! in its `lines` (all of them when the list is empty); unisex brands carry unisex lines only.

use crate::ids::{DAY_MS, HOUR_MS, IdSequence};
use crate::media::logo_url;
use crate::rng::{STREAM_BRANDS, STREAM_EXTRA_BRANDS};
use crate::{Brand, Gender};

pub(crate) struct BrandSeed {
    pub(crate) name: &'static str,
    pub(crate) gender: Gender,
    pub(crate) description: &'static str,
    /// Colour of the logo tile.
    pub(crate) colour: &'static str,
    pub(crate) has_logo: bool,
    pub(crate) active: bool,
    /// Top-level category names this brand sells in; empty means all of its gender's.
    pub(crate) lines: &'static [&'static str],
}

const fn brand(
    name: &'static str,
    gender: Gender,
    colour: &'static str,
    lines: &'static [&'static str],
    description: &'static str,
) -> BrandSeed {
    BrandSeed {
        name,
        gender,
        description,
        colour,
        has_logo: true,
        active: true,
        lines,
    }
}

const fn without_logo(seed: BrandSeed) -> BrandSeed {
    BrandSeed {
        has_logo: false,
        ..seed
    }
}

const fn inactive(seed: BrandSeed) -> BrandSeed {
    BrandSeed {
        active: false,
        ..seed
    }
}

use Gender::{Female, Male, Unisex};

pub(crate) const BRANDS: &[BrandSeed] = &[
    brand(
        "Kesari Threads",
        Male,
        "orange",
        &["Topwear", "Ethnic Wear"],
        "Saffron-dyed kurtas and crisp cotton shirts from a family workshop in Jaipur, cut for everyday comfort and festive evenings.",
    ),
    brand(
        "Urban Dhaaga",
        Male,
        "black",
        &["Topwear", "Bottomwear"],
        "Streetwear stitched in Mumbai: oversized tees, cargos and hoodies with bold graphics and easy fits.",
    ),
    brand(
        "Rajpath Tailors",
        Male,
        "navy",
        &["Topwear", "Bottomwear", "Accessories"],
        "Sharp shirts, tailored trousers and classic watches for the office and everything after.",
    ),
    brand(
        "Chowk Street Co.",
        Male,
        "yellow",
        &["Topwear", "Bottomwear", "Footwear"],
        "Graphic tees, cargos and sneakers inspired by the loud, colourful chowks of Old Delhi.",
    ),
    brand(
        "Deccan Denim",
        Male,
        "blue",
        &["Topwear", "Bottomwear"],
        "Hyderabad-made denim washed in small batches: straight jeans, trucker jackets and weekend shirts.",
    ),
    inactive(brand(
        "Saffron Edge",
        Male,
        "red",
        &["Ethnic Wear"],
        "Contemporary festive menswear. The label is pausing new collections for now.",
    )),
    brand(
        "Ghadi Works",
        Male,
        "brown",
        &["Accessories", "Footwear"],
        "Analog watches, leather belts and beaded bracelets designed in Bengaluru.",
    ),
    without_logo(brand(
        "Pahadi Trail",
        Male,
        "green",
        &["Topwear", "Bottomwear", "Footwear"],
        "Jackets, hoodies and rugged cargos for hill-station weekends and monsoon treks.",
    )),
    brand(
        "Nawab Lane",
        Male,
        "purple",
        &["Ethnic Wear", "Accessories", "Footwear"],
        "Lucknowi craft for modern men: chikankari kurtas, Nehru jackets and handmade Kolhapuris.",
    ),
    brand(
        "Monsoon Mill",
        Female,
        "green",
        &["Western Wear", "Bottomwear"],
        "Breezy cotton dresses, tops and wide-leg pants in rain-washed colours.",
    ),
    brand(
        "Gulmohar Studio",
        Female,
        "red",
        &["Western Wear", "Ethnic Wear"],
        "Flame-bright prints on dresses, kurtis and co-ords, inspired by gulmohar trees in bloom.",
    ),
    brand(
        "Chandni Couture",
        Female,
        "pink",
        &["Ethnic Wear", "Accessories"],
        "Festive sarees, lehengas and jhumkas for wedding season and every sangeet in between.",
    ),
    brand(
        "Zari Lane",
        Female,
        "purple",
        &["Ethnic Wear"],
        "Handwoven zari sarees and lehengas from the looms of Varanasi.",
    ),
    brand(
        "Kamal Kali",
        Female,
        "yellow",
        &["Western Wear", "Ethnic Wear"],
        "Soft kurtis and easy tops in hand block prints from Bagru and Sanganer.",
    ),
    without_logo(brand(
        "Mehr Label",
        Female,
        "brown",
        &["Western Wear", "Bottomwear"],
        "Tailored blazers, waistcoats and trousers for women who mean business.",
    )),
    brand(
        "Noor Atelier",
        Female,
        "navy",
        &["Western Wear", "Accessories"],
        "Evening dresses, sharp co-ords and statement handbags with a quiet glow.",
    ),
    brand(
        "Taaga Studio",
        Female,
        "orange",
        &["Western Wear", "Bottomwear"],
        "Denim, skirts and everyday tops made in small runs by women-led workshops in Tiruppur.",
    ),
    brand(
        "Pankh Collective",
        Female,
        "blue",
        &["Western Wear", "Accessories"],
        "Handbags, watches and playful tops, as light as a feather.",
    ),
    brand(
        "Chai Break Co.",
        Unisex,
        "brown",
        &[],
        "Cosy hoodies, sweatshirts and joggers for long chai breaks and longer weekends.",
    ),
    brand(
        "Tapri Club",
        Unisex,
        "orange",
        &[],
        "Oversized tees and caps with roadside-tapri humour, printed on heavyweight cotton.",
    ),
    brand(
        "Metro Local",
        Unisex,
        "gray",
        &[],
        "Commuter-ready basics: sneakers, joggers and hoodies built for the 8:12 fast local.",
    ),
    inactive(brand(
        "Sandook Supply",
        Unisex,
        "green",
        &["Accessories", "Footwear"],
        "Utility caps and sneakers packed like a travel trunk. New drops are on hold.",
    )),
    without_logo(brand(
        "Jugaad Goods",
        Unisex,
        "red",
        &[],
        "Clever, low-fuss basics: reversible hoodies, packable caps and joggers with hidden pockets.",
    )),
    brand(
        "Patang Street",
        Unisex,
        "purple",
        &[],
        "Kite-festival colours on sweatshirts, oversized tees and caps made for Uttarayan rooftops.",
    ),
];

/// The initials of a name's first two words (letters only): "Chowk Street Co." gives "CS".
pub(crate) fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|word| word.chars().find(char::is_ascii_alphabetic))
        .take(2)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The brands in [`BRANDS`] order, created every 13 days from 6 January 2025, followed by
/// `extra` generated brands (large benchmark catalogues ask for hundreds), created an hour
/// apart from 1 September 2025.
pub(crate) fn brands(extra: usize) -> Vec<Brand> {
    // 2025-01-06 is 360 days before 2026-01-01.
    let mut ids = IdSequence::new(STREAM_BRANDS, -360 * DAY_MS, 13 * DAY_MS);
    let mut brands: Vec<Brand> = BRANDS
        .iter()
        .map(|seed| {
            let (id, created_at) = ids.next_id();
            Brand {
                id,
                name: seed.name.to_string(),
                description: seed.description.to_string(),
                logo_url: seed
                    .has_logo
                    .then(|| logo_url(&initials(seed.name), seed.colour)),
                is_active: seed.active,
                gender: seed.gender,
                created_at,
            }
        })
        .collect();
    // 2025-09-01 is 122 days before 2026-01-01.
    let mut extra_ids = IdSequence::new(STREAM_EXTRA_BRANDS, -122 * DAY_MS, HOUR_MS);
    for index in 0..extra {
        let (id, created_at) = extra_ids.next_id();
        let name = extra_name(index);
        let gender = [Male, Female, Unisex][index % 3];
        let colour = LOGO_COLOURS[index % LOGO_COLOURS.len()];
        let line = match gender {
            Male => "menswear",
            Female => "womenswear",
            Unisex => "unisex wear",
        };
        brands.push(Brand {
            id,
            logo_url: Some(logo_url(&initials(&name), colour)),
            description: format!("Everyday {line}, designed and made in India."),
            name,
            is_active: true,
            gender,
            created_at,
        });
    }
    brands
}

/// The top-level categories the brand at `index` sells in; empty (all of its gender's) for
/// generated brands.
pub(crate) fn lines(index: usize) -> &'static [&'static str] {
    BRANDS.get(index).map_or(&[], |seed| seed.lines)
}

const NAME_FIRST: &[&str] = &[
    "Neel", "Lal", "Chanda", "Megh", "Tara", "Surya", "Kiran", "Aangan", "Basant", "Dhoop",
    "Gulab", "Indigo", "Jharna", "Kanak", "Lehar", "Mitti", "Noor", "Pankh", "Roshni", "Sagar",
];
const NAME_SECOND: &[&str] = &[
    "Loom",
    "Studio",
    "Circle",
    "Label",
    "Works",
    "House",
    "Karkhana",
    "Weaves",
    "Co.",
    "Supply",
    "Wardrobe",
    "Edit",
    "Mills",
    "Tailoring",
    "Yard",
];
const LOGO_COLOURS: &[&str] = &[
    "navy", "orange", "green", "purple", "red", "blue", "brown", "pink", "black", "gray",
];

/// "Neel Loom", "Lal Studio", ...: each of the 300 pairs once, then numbered rounds.
fn extra_name(index: usize) -> String {
    let pairs = NAME_FIRST.len() * NAME_SECOND.len();
    let pair = index % pairs;
    let first = NAME_FIRST[pair % NAME_FIRST.len()];
    let second =
        NAME_SECOND[(pair / NAME_FIRST.len() + pair % NAME_FIRST.len()) % NAME_SECOND.len()];
    match index / pairs {
        0 => format!("{first} {second}"),
        round => format!("{first} {second} {}", round + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initials_come_from_the_first_two_words() {
        assert_eq!(initials("Kesari Threads"), "KT");
        assert_eq!(initials("Chowk Street Co."), "CS");
        assert_eq!(initials("Zari"), "Z");
    }

    #[test]
    fn generated_brand_names_are_distinct_from_each_other_and_the_seeds() {
        let brands = brands(600);
        let names: std::collections::HashSet<&str> =
            brands.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names.len(), 624);
        assert!(
            brands[24..]
                .iter()
                .all(|b| b.is_active && b.logo_url.is_some())
        );
    }

    #[test]
    fn the_brand_mix_is_as_documented() {
        let count = |g: Gender| BRANDS.iter().filter(|b| b.gender == g).count();
        assert_eq!(BRANDS.len(), 24);
        assert_eq!((count(Male), count(Female), count(Unisex)), (9, 9, 6));
        assert_eq!(BRANDS.iter().filter(|b| !b.active).count(), 2);
        assert_eq!(BRANDS.iter().filter(|b| !b.has_logo).count(), 3);
    }
}
