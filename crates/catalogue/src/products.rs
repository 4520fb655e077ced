//! Products: any number of them, spread evenly over the (brand, subcategory) pairs a brand
//! carries, each filled in from its garment kind's [`Profile`](crate::kinds::Profile).
//!
//! Product `i` draws every value from its own seeded stream, so it is the same on every
//! machine. The pairs are visited in a fixed shuffled order: the first `pairs` products cover
//! every pair once, the next `pairs` every pair again, and so on. Products are created in
//! index order across January to October 2026, and their ids are time-ordered, so the list is sorted by creation
//! and by id.

use crate::art::{COLOURS, VIEWS};
use crate::categories::{Subcategory, Tree};
use crate::coupons::Assign;
use crate::ids::{DAY_MS, at, time_ordered_id};

/// Products are created over the first 300 days of 2026 (to late October), so the demo
/// catalogue holds nothing dated after the day the shop first ran.
const PRODUCT_SPAN_MS: i64 = 300 * DAY_MS;
use crate::kinds::{self, Profile};
use crate::media::art_url;
use crate::rng::{Rng, STREAM_ASSORTMENT, STREAM_PRODUCTS};
use crate::{Brand, Coupon, Gender, Product, Specifications};

/// Offer percentages, in the order they are handed out: the four flash-sale values of the home
/// page (000 §2.5) first, so any five offers cover them all.
const OFFERS: [i32; 5] = [50, 20, 40, 30, 10];

/// Share of products with an offer, in percent.
const OFFER_PERCENT: u64 = 40;
/// Share of products without an offer that carry a coupon, in percent.
const COUPON_PERCENT: u64 = 15;
/// Share of products with an offer that also carry a coupon (the offer wins, 000 §4).
const BOTH_PERCENT: u64 = 4;

/// A brand and one subcategory it sells in.
struct Line<'a> {
    brand: &'a Brand,
    sub: &'a Subcategory,
}

fn lines<'a>(brands: &'a [Brand], tree: &'a Tree) -> Vec<Line<'a>> {
    let mut lines = Vec::new();
    for (index, brand) in brands.iter().enumerate() {
        let carried_lines = crate::brands::lines(index);
        for sub in &tree.subcategories {
            let carried = carried_lines.is_empty() || carried_lines.contains(&sub.top_name);
            if sub.gender == brand.gender && carried {
                lines.push(Line { brand, sub });
            }
        }
    }
    lines
}

pub(crate) fn products(
    count: usize,
    brands: &[Brand],
    tree: &Tree,
    coupons: &[(Coupon, Assign)],
) -> Vec<Product> {
    let lines = lines(brands, tree);
    if lines.is_empty() {
        return Vec::new();
    }
    let order = Rng::stream(STREAM_ASSORTMENT, 0).permutation(lines.len());
    let step = (PRODUCT_SPAN_MS / count.max(1) as i64).max(1);
    let newest = count - count / 8;
    let mut offers_given = 0;
    (0..count)
        .filter_map(|i| {
            let line = order.get(i % lines.len()).and_then(|&l| lines.get(l))?;
            let mut rng = Rng::stream(STREAM_PRODUCTS, i as u64);
            let created_ms = i as i64 * step + rng.between(0, step - 1);
            let offer = if rng.chance(OFFER_PERCENT) {
                offers_given += 1;
                OFFERS[(offers_given - 1) % OFFERS.len()]
            } else {
                0
            };
            let draft = Draft {
                line,
                round: i / lines.len(),
                created_ms,
                offer,
                is_new: i >= newest,
            };
            Some(draft.product(&mut rng, coupons))
        })
        .collect()
}

/// What is decided about a product before its own stream fills in the rest.
struct Draft<'a> {
    line: &'a Line<'a>,
    /// How many products of the same brand and subcategory came before this one.
    round: usize,
    created_ms: i64,
    offer: i32,
    /// Among the newest eighth of the catalogue.
    is_new: bool,
}

impl Draft<'_> {
    fn product(&self, rng: &mut Rng, coupons: &[(Coupon, Assign)]) -> Product {
        let Line { brand, sub } = *self.line;
        let gender = brand.gender;
        let profile = kinds::profile(sub.kind);
        let created_at = at(self.created_ms);
        let id = time_ordered_id(created_at, rng);

        let colour = if profile.colours.is_empty() {
            rng.pick(COLOURS)
        } else {
            rng.pick(profile.colours)
        };
        let shade = rng.pick(kinds::shades(colour));
        let specifications = Specifications {
            pattern: rng.pick(profile.patterns).to_string(),
            length: rng.pick(profile.lengths).to_string(),
            fabric: rng.pick(profile.fabrics).to_string(),
            sleeve_length: rng.pick(profile.sleeves).to_string(),
            fit: rng.pick(profile.fits).to_string(),
            distress: rng.pick(profile.distress).to_string(),
        };
        let styles = styles_for(profile.styles, gender);
        let style = styles
            .get(rng.below(styles.len()))
            .copied()
            .unwrap_or("casual");

        let price_paise = price(rng, profile.price);
        let coupon_percent = if self.offer > 0 {
            BOTH_PERCENT
        } else {
            COUPON_PERCENT
        };
        let assigned_coupon_id = rng
            .chance(coupon_percent)
            .then(|| pick_coupon(rng, coupons, &brand.id))
            .flatten();

        let runs = kinds::size_runs(profile.sizes, gender);
        let sizes: Vec<String> = runs
            .get(rng.below(runs.len()))
            .copied()
            .unwrap_or(&["M"])
            .iter()
            .map(|s| s.to_string())
            .collect();
        let sold_out = rng.chance(2);
        let stock = sizes
            .iter()
            .map(|size| {
                let left = if sold_out || rng.chance(12) {
                    0
                } else {
                    rng.between(1, 25) as i32
                };
                (size.clone(), left)
            })
            .collect();

        let mut tags = vec![sub.name.to_string(), style.to_string(), colour.to_string()];
        if self.is_new {
            tags.push("new-arrival".to_string());
        }
        if rng.chance(12) {
            tags.push("bestseller".to_string());
        }
        if !profile.seasons.is_empty() && rng.chance(50) {
            let season = rng.pick(profile.seasons).to_string();
            if !tags.contains(&season) {
                tags.push(season);
            }
        }

        let name = name(profile, shade, &specifications, self.round);
        let description = description(profile, &specifications, style);
        Product {
            id,
            name,
            description,
            brand_id: brand.id.clone(),
            category_ids: vec![sub.top_id.clone(), sub.id.clone()],
            gender,
            price_paise,
            offer_percentage: self.offer,
            currency: "INR".to_string(),
            images: VIEWS
                .iter()
                .map(|view| art_url(sub.kind, colour, view))
                .collect(),
            sizes,
            stock,
            tags,
            colour: colour.to_string(),
            specifications,
            assigned_coupon_id,
            created_at,
        }
    }
}

/// Style tags that suit the gender: the men's looks are streetwear, formal and casual, the
/// women's elegant, casual and party (000 §2.5); ethnic suits everyone.
fn styles_for(styles: &[&'static str], gender: Gender) -> Vec<&'static str> {
    let unsuited: &[&str] = match gender {
        Gender::Male => &["elegant", "party"],
        Gender::Female => &["formal", "streetwear"],
        Gender::Unisex => &["formal", "elegant", "party"],
    };
    let suited: Vec<&'static str> = styles
        .iter()
        .copied()
        .filter(|style| !unsuited.contains(style))
        .collect();
    if suited.is_empty() {
        styles.to_vec()
    } else {
        suited
    }
}

/// A price in paise: whole rupees ending in 99 (sometimes 49), now and then with 50 paise.
fn price(rng: &mut Rng, (low, high): (i64, i64)) -> i64 {
    let rupees = rng.between(low, high) / 100 * 100;
    let rupees = if rng.chance(10) && rupees + 49 >= low {
        rupees + 49
    } else {
        rupees + 99
    };
    let paise = if rng.chance(5) { 50 } else { 0 };
    rupees * 100 + paise
}

/// A coupon this brand's product may carry: mostly a live one, now and then a lapsed one.
fn pick_coupon(rng: &mut Rng, coupons: &[(Coupon, Assign)], brand_id: &str) -> Option<String> {
    let wanted = if rng.chance(10) {
        Assign::Lapsed
    } else {
        Assign::Yes
    };
    let fits: Vec<&Coupon> = coupons
        .iter()
        .filter(|(coupon, assign)| {
            *assign == wanted
                && coupon
                    .terms
                    .brand_id
                    .as_deref()
                    .is_none_or(|b| b == brand_id)
        })
        .map(|(coupon, _)| coupon)
        .collect();
    fits.get(rng.below(fits.len()))
        .map(|coupon| coupon.id.clone())
}

/// "Slim Fit" reads "Slim" in names and descriptions.
fn fit_word(fit: &str) -> &str {
    fit.strip_suffix(" Fit").unwrap_or(fit)
}

/// "{Shade} {Qualifier} {Noun}": the qualifier is the fit, the fabric or the pattern, taken in
/// turn so products of one brand and subcategory read differently.
fn name(profile: &Profile, shade: &str, spec: &Specifications, round: usize) -> String {
    let noun = if profile.kind == "cargo" && spec.fabric == "Nylon" {
        "Parachute Pants"
    } else {
        profile.noun
    };
    let candidates = [
        fit_word(&spec.fit),
        spec.fabric.as_str(),
        spec.pattern.as_str(),
    ];
    let plain = ["Regular", "Adjustable", "Draped", "Hook Closure", "Solid"];
    let qualifier = (0..candidates.len())
        .map(|k| candidates[(round + k) % candidates.len()])
        .find(|q| {
            !plain.contains(q)
                && !noun.to_lowercase().contains(&q.to_lowercase())
                && !q.to_lowercase().contains(&noun.to_lowercase())
        });
    match qualifier {
        Some(q) => format!("{shade} {q} {noun}"),
        None => format!("{shade} {noun}"),
    }
}

/// Words kept capitalised inside a sentence.
const PROPER_WORDS: &[&str] = &["Banarasi", "Kolhapuri"];

fn lower_phrase(phrase: &str) -> String {
    phrase
        .split(' ')
        .map(|word| {
            if PROPER_WORDS.contains(&word) {
                word.to_string()
            } else {
                word.to_lowercase()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn description(profile: &Profile, spec: &Specifications, style: &str) -> String {
    let sentence = profile
        .blurb
        .replace("{fabric}", &lower_phrase(&spec.fabric))
        .replace("{fit}", &lower_phrase(fit_word(&spec.fit)))
        .replace("{length}", &lower_phrase(&spec.length))
        .replace("{pattern}", &lower_phrase(&spec.pattern));
    format!(
        "{}. {}",
        capitalise(&fix_articles(&sentence)),
        kinds::style_line(style)
    )
}

/// "a oversized" becomes "an oversized".
fn fix_articles(sentence: &str) -> String {
    let words: Vec<&str> = sentence.split(' ').collect();
    let mut fixed = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let next_is_vowel = words
            .get(i + 1)
            .and_then(|next| next.chars().next())
            .is_some_and(|c| "aeiouAEIOU".contains(c));
        fixed.push(match *word {
            "a" if next_is_vowel => "an",
            "A" if next_is_vowel => "An",
            other => other,
        });
    }
    fixed.join(" ")
}

fn capitalise(sentence: &str) -> String {
    let mut chars = sentence.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_follow_the_next_word() {
        assert_eq!(
            fix_articles("A oversized tee with a a-line hem and a slim cut"),
            "An oversized tee with an a-line hem and a slim cut"
        );
    }

    #[test]
    fn prices_end_in_99_or_49_within_range() {
        let mut rng = Rng::stream(STREAM_PRODUCTS, 0);
        for _ in 0..2000 {
            let paise = price(&mut rng, (399, 1299));
            let rupees = paise / 100;
            assert!((399..=1299).contains(&rupees), "{paise}");
            assert!([49, 99].contains(&(rupees % 100)), "{paise}");
            assert!([0, 50].contains(&(paise % 100)), "{paise}");
        }
    }

    #[test]
    fn names_use_a_qualifier_that_is_not_the_noun() {
        let profile = kinds::profile("oversized-tshirt");
        let spec = Specifications {
            pattern: "Solid".into(),
            length: "Regular".into(),
            fabric: "Cotton".into(),
            sleeve_length: "Short Sleeves".into(),
            fit: "Oversized Fit".into(),
            distress: "No Distress".into(),
        };
        assert_eq!(
            name(profile, "Navy", &spec, 0),
            "Navy Cotton Oversized T-shirt"
        );
        let relaxed = Specifications {
            fit: "Relaxed Fit".into(),
            ..spec
        };
        assert_eq!(
            name(profile, "Navy", &relaxed, 0),
            "Navy Relaxed Oversized T-shirt"
        );
    }

    #[test]
    fn descriptions_are_sentences() {
        let profile = kinds::profile("kurta");
        let spec = Specifications {
            pattern: "Chikankari".into(),
            length: "Knee Length".into(),
            fabric: "Linen".into(),
            sleeve_length: "Long Sleeves".into(),
            fit: "Straight Fit".into(),
            distress: "No Distress".into(),
        };
        let text = description(profile, &spec, "ethnic");
        assert_eq!(
            text,
            "A knee length kurta in linen with a mandarin collar, side slits and a straight cut. \
             Rooted in Indian craft, made for festivals, pujas and family functions."
        );
    }
}
