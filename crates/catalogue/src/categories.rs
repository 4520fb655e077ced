//! The category tree: a few top-level categories per gender, each with subcategories, every
//! subcategory drawn as one garment kind.
//!
//! Positions order the categories of one gender: top-level categories are numbered 1, 2, 3...
//! in the order below, and the subcategories of top-level category `n` are `n * 100 + 1`,
//! `n * 100 + 2`... So ordering a gender's categories by position lists the top-level ones
//! first, and the first four are what the home page shows (000 §2.5):
//!
//! - men: Topwear, Bottomwear, Ethnic Wear, Accessories (then Footwear);
//! - women: Western Wear, Bottomwear, Ethnic Wear, Accessories;
//! - unisex: Topwear, Bottomwear, Accessories, Footwear.

use crate::ids::{DAY_MS, IdSequence, MINUTE_MS};
use crate::kinds;
use crate::media::art_url;
use crate::rng::STREAM_CATEGORIES;
use crate::{Category, Gender};

/// A subcategory and the garment kind that draws its products.
pub(crate) struct SubSeed {
    pub(crate) name: &'static str,
    pub(crate) kind: &'static str,
}

pub(crate) struct TopSeed {
    pub(crate) name: &'static str,
    pub(crate) subs: &'static [SubSeed],
}

const fn sub(name: &'static str, kind: &'static str) -> SubSeed {
    SubSeed { name, kind }
}

/// The tree, per gender. The look pages (001 §9) fetch products by the names of some of these
/// subcategories, so those names are exactly the specification's.
pub(crate) const TREE: &[(Gender, &[TopSeed])] = &[
    (
        Gender::Male,
        &[
            TopSeed {
                name: "Topwear",
                subs: &[
                    sub("T-shirts", "tshirt"),
                    sub("Oversized T-shirt", "oversized-tshirt"),
                    sub("Shirt", "shirt"),
                    sub("Polos", "polo"),
                    sub("Hoodies", "hoodie"),
                    sub("Jackets", "jacket"),
                ],
            },
            TopSeed {
                name: "Bottomwear",
                subs: &[
                    sub("Jeans", "jeans"),
                    sub("Trousers", "trousers"),
                    sub("Cargos & Parachutes", "cargo"),
                    sub("Shorts", "shorts"),
                ],
            },
            TopSeed {
                name: "Ethnic Wear",
                subs: &[sub("Kurtas", "kurta"), sub("Nehru Jackets", "nehru-jacket")],
            },
            TopSeed {
                name: "Accessories",
                subs: &[
                    sub("Watches", "watch"),
                    sub("Bracelets", "bracelet"),
                    sub("Belts", "belt"),
                ],
            },
            TopSeed {
                name: "Footwear",
                subs: &[sub("Sneakers", "sneakers"), sub("Kolhapuris", "sandals")],
            },
        ],
    ),
    (
        Gender::Female,
        &[
            TopSeed {
                name: "Western Wear",
                subs: &[
                    sub("Tops", "top"),
                    sub("Dresses", "dress"),
                    sub("Co-ords", "co-ord"),
                    sub("Blazer", "blazer"),
                    sub("Waistcoats", "waistcoat"),
                ],
            },
            TopSeed {
                name: "Bottomwear",
                subs: &[
                    sub("Jeans", "jeans"),
                    sub("Trousers", "trousers"),
                    sub("Pants", "pants"),
                    sub("Skirt", "skirt"),
                ],
            },
            TopSeed {
                name: "Ethnic Wear",
                subs: &[
                    sub("Kurtis", "kurti"),
                    sub("Sarees", "saree"),
                    sub("Lehengas", "lehenga"),
                ],
            },
            TopSeed {
                name: "Accessories",
                subs: &[
                    sub("Handbags", "handbag"),
                    sub("Jhumkas", "jhumka"),
                    sub("Watches", "watch"),
                ],
            },
        ],
    ),
    (
        Gender::Unisex,
        &[
            TopSeed {
                name: "Topwear",
                subs: &[
                    sub("Oversized T-shirt", "oversized-tshirt"),
                    sub("Hoodies", "hoodie"),
                    sub("Sweatshirts", "sweatshirt"),
                ],
            },
            TopSeed {
                name: "Bottomwear",
                subs: &[sub("Joggers", "joggers")],
            },
            TopSeed {
                name: "Accessories",
                subs: &[sub("Caps", "cap")],
            },
            TopSeed {
                name: "Footwear",
                subs: &[sub("Sneakers", "sneakers")],
            },
        ],
    ),
];

/// A subcategory with what products need from it.
#[derive(Debug, Clone)]
pub(crate) struct Subcategory {
    pub(crate) id: String,
    pub(crate) name: &'static str,
    pub(crate) top_id: String,
    pub(crate) top_name: &'static str,
    pub(crate) gender: Gender,
    pub(crate) kind: &'static str,
}

#[derive(Debug, Clone)]
pub(crate) struct Tree {
    pub(crate) categories: Vec<Category>,
    pub(crate) subcategories: Vec<Subcategory>,
}

/// Colours for category tiles, in turn.
const TILE_COLOURS: &[&str] = &[
    "navy", "orange", "green", "purple", "red", "blue", "brown", "pink", "black", "yellow", "gray",
    "white",
];

/// All categories, in id order: per gender, each top-level category followed by its
/// subcategories. Created at the end of November 2025, one minute apart.
pub(crate) fn tree() -> Tree {
    let mut categories = Vec::new();
    let mut subcategories = Vec::new();
    let mut ids = IdSequence::new(STREAM_CATEGORIES, -31 * DAY_MS, MINUTE_MS);
    for (gender, tops) in TREE {
        for (t, top) in tops.iter().enumerate() {
            let top_position = t as i32 + 1;
            let (top_id, _) = ids.next_id();
            let first_kind = top.subs.first().map_or("tshirt", |s| s.kind);
            categories.push(Category {
                id: top_id.clone(),
                name: top.name.to_string(),
                gender: *gender,
                parent_id: None,
                image: art_url(
                    first_kind,
                    tile_colour(first_kind, categories.len()),
                    "front",
                ),
                position: top_position,
            });
            for (s, seed) in top.subs.iter().enumerate() {
                let (id, _) = ids.next_id();
                categories.push(Category {
                    id: id.clone(),
                    name: seed.name.to_string(),
                    gender: *gender,
                    parent_id: Some(top_id.clone()),
                    image: art_url(seed.kind, tile_colour(seed.kind, categories.len()), "front"),
                    position: top_position * 100 + s as i32 + 1,
                });
                subcategories.push(Subcategory {
                    id,
                    name: seed.name,
                    top_id: top_id.clone(),
                    top_name: top.name,
                    gender: *gender,
                    kind: seed.kind,
                });
            }
        }
    }
    Tree {
        categories,
        subcategories,
    }
}

/// The tile colour of the `index`-th category, among the colours its kind comes in.
fn tile_colour(kind: &str, index: usize) -> &'static str {
    let allowed = kinds::profile(kind).colours;
    let colours = if allowed.is_empty() {
        TILE_COLOURS
    } else {
        allowed
    };
    colours
        .get(index % colours.len())
        .copied()
        .unwrap_or("navy")
}
