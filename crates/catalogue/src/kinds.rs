//! What a product of each garment kind is like: its name, price range, sizes, colours, styles
//! and the values its specification (000 §2.12) can take.

use crate::Gender;

/// How a kind is sized; every size is one of the specification's (001 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SizeScheme {
    /// XS to XXL.
    Letters,
    /// Waist sizes 28 to 42.
    Waist,
    /// EU shoe sizes, which the specification's even numbers 36 to 42 happen to be.
    Shoes,
    /// Accessories, sarees: the single size "M", the default size of the clients (001 §9).
    One,
}

#[derive(Debug)]
pub(crate) struct Profile {
    pub(crate) kind: &'static str,
    /// Singular product noun, e.g. "Kurta".
    pub(crate) noun: &'static str,
    /// Whole rupees, both ending in 99.
    pub(crate) price: (i64, i64),
    pub(crate) sizes: SizeScheme,
    /// Catalogue colours this kind comes in; empty means all twelve.
    pub(crate) colours: &'static [&'static str],
    pub(crate) styles: &'static [&'static str],
    pub(crate) seasons: &'static [&'static str],
    pub(crate) patterns: &'static [&'static str],
    pub(crate) lengths: &'static [&'static str],
    pub(crate) fabrics: &'static [&'static str],
    pub(crate) sleeves: &'static [&'static str],
    pub(crate) fits: &'static [&'static str],
    pub(crate) distress: &'static [&'static str],
    /// First sentence of the description; `{fabric}`, `{fit}`, `{length}` and `{pattern}` are
    /// replaced by the product's specification values, in lower case.
    pub(crate) blurb: &'static str,
}

const NA: &[&str] = &["Not Applicable"];
const NO_DISTRESS: &[&str] = &["No Distress"];

/// A profile with the usual defaults for the fields a kind does not care about.
const BASE: Profile = Profile {
    kind: "",
    noun: "",
    price: (399, 1299),
    sizes: SizeScheme::Letters,
    colours: &[],
    styles: &["casual"],
    seasons: &[],
    patterns: &["Solid"],
    lengths: &["Regular"],
    fabrics: &["Cotton"],
    sleeves: NA,
    fits: &["Regular Fit"],
    distress: NO_DISTRESS,
    blurb: "",
};

pub(crate) const PROFILES: &[Profile] = &[
    Profile {
        kind: "tshirt",
        noun: "T-shirt",
        styles: &["casual", "streetwear"],
        seasons: &["summer"],
        patterns: &["Solid", "Striped", "Graphic Print", "Typography"],
        fabrics: &["Cotton", "Cotton Blend", "Slub Cotton"],
        sleeves: &["Short Sleeves"],
        fits: &["Regular Fit", "Slim Fit"],
        blurb: "A crew-neck tee in soft {fabric} with a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "oversized-tshirt",
        noun: "Oversized T-shirt",
        price: (499, 1499),
        styles: &["streetwear", "casual"],
        seasons: &["summer"],
        patterns: &["Solid", "Graphic Print", "Typography", "Colourblocked"],
        lengths: &["Regular", "Longline"],
        fabrics: &["Heavyweight Cotton", "Cotton", "Cotton Blend"],
        sleeves: &["Short Sleeves"],
        fits: &["Relaxed Fit", "Boxy Fit", "Oversized Fit"],
        blurb: "A drop-shoulder tee in {fabric} with a {fit} silhouette and longer sleeves",
        ..BASE
    },
    Profile {
        kind: "shirt",
        noun: "Shirt",
        price: (799, 2499),
        styles: &["formal", "casual"],
        patterns: &["Solid", "Checked", "Striped", "Printed"],
        fabrics: &["Cotton", "Linen", "Oxford Cotton", "Linen Blend"],
        sleeves: &["Long Sleeves"],
        fits: &["Slim Fit", "Regular Fit"],
        blurb: "A button-down shirt in {fabric} with a spread collar and a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "polo",
        noun: "Polo T-shirt",
        price: (599, 1799),
        styles: &["casual", "formal"],
        seasons: &["summer"],
        patterns: &["Solid", "Striped", "Colourblocked"],
        fabrics: &["Cotton Pique", "Cotton Blend"],
        sleeves: &["Short Sleeves"],
        fits: &["Regular Fit", "Slim Fit"],
        blurb: "A two-button polo in {fabric} with ribbed cuffs and a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "hoodie",
        noun: "Hoodie",
        price: (999, 2999),
        styles: &["streetwear", "casual"],
        seasons: &["winter"],
        patterns: &["Solid", "Graphic Print", "Colourblocked"],
        fabrics: &["Cotton Fleece", "French Terry", "Polyester Fleece"],
        sleeves: &["Long Sleeves"],
        fits: &["Relaxed Fit", "Regular Fit", "Oversized Fit"],
        blurb: "A brushed-back hoodie in {fabric} with a kangaroo pocket and a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "sweatshirt",
        noun: "Sweatshirt",
        price: (899, 2499),
        styles: &["casual", "streetwear"],
        seasons: &["winter"],
        patterns: &["Solid", "Graphic Print", "Typography"],
        fabrics: &["French Terry", "Cotton Fleece"],
        sleeves: &["Long Sleeves"],
        fits: &["Relaxed Fit", "Regular Fit", "Oversized Fit"],
        blurb: "A crew-neck sweatshirt in {fabric} with ribbed cuffs and a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "jacket",
        noun: "Jacket",
        price: (1999, 5999),
        styles: &["streetwear", "casual"],
        seasons: &["winter", "monsoon"],
        patterns: &["Solid", "Colourblocked", "Washed"],
        fabrics: &["Denim", "Nylon", "Cotton Twill", "Corduroy"],
        sleeves: &["Long Sleeves"],
        fits: &["Regular Fit", "Relaxed Fit"],
        blurb: "A zip-front jacket in {fabric} with roomy pockets and a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "blazer",
        noun: "Blazer",
        price: (2999, 7999),
        styles: &["elegant", "formal"],
        patterns: &["Solid", "Checked", "Self-design"],
        lengths: &["Regular", "Longline"],
        fabrics: &["Polyester Viscose", "Linen Blend", "Wool Blend"],
        sleeves: &["Long Sleeves"],
        fits: &["Tailored Fit", "Relaxed Fit"],
        blurb: "A single-breasted blazer in {fabric} with notch lapels and a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "waistcoat",
        noun: "Waistcoat",
        price: (1299, 3999),
        styles: &["elegant", "formal"],
        patterns: &["Solid", "Pinstriped", "Self-design"],
        lengths: &["Regular", "Cropped"],
        fabrics: &["Polyester Viscose", "Linen Blend", "Suiting Blend"],
        sleeves: &["Sleeveless"],
        fits: &["Tailored Fit", "Slim Fit"],
        blurb: "A V-neck waistcoat in {fabric} with welt pockets and a {fit} shape",
        ..BASE
    },
    Profile {
        kind: "nehru-jacket",
        noun: "Nehru Jacket",
        price: (1499, 3999),
        styles: &["ethnic", "formal"],
        seasons: &["festive"],
        patterns: &["Solid", "Self-design", "Jacquard"],
        fabrics: &["Cotton Silk", "Linen Blend", "Khadi"],
        sleeves: &["Sleeveless"],
        fits: &["Regular Fit", "Slim Fit"],
        blurb: "A mandarin-collar Nehru jacket in {fabric} with a {fit} cut, made to layer over kurtas",
        ..BASE
    },
    Profile {
        kind: "kurta",
        noun: "Kurta",
        price: (799, 3499),
        styles: &["ethnic"],
        seasons: &["festive", "summer"],
        patterns: &["Solid", "Chikankari", "Printed", "Self-design"],
        lengths: &["Knee Length", "Calf Length"],
        fabrics: &["Cotton", "Linen", "Cotton Silk", "Khadi"],
        sleeves: &["Long Sleeves"],
        fits: &["Regular Fit", "Straight Fit"],
        blurb: "A {length} kurta in {fabric} with a mandarin collar, side slits and a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "kurti",
        noun: "Kurti",
        price: (499, 2499),
        styles: &["ethnic", "casual"],
        seasons: &["festive", "summer"],
        patterns: &["Printed", "Block Print", "Embroidered", "Solid"],
        lengths: &["Knee Length", "Calf Length"],
        fabrics: &["Cotton", "Rayon", "Cotton Blend"],
        sleeves: &["Three-Quarter Sleeves"],
        fits: &["A-Line", "Straight Fit", "Flared"],
        blurb: "A {length} kurti in {fabric} with an embroidered yoke and a {fit} shape",
        ..BASE
    },
    Profile {
        kind: "top",
        noun: "Top",
        price: (399, 1499),
        styles: &["party", "casual"],
        seasons: &["summer"],
        patterns: &["Solid", "Floral", "Printed", "Polka Dot"],
        lengths: &["Regular", "Cropped"],
        fabrics: &["Georgette", "Rayon", "Crepe", "Cotton"],
        sleeves: &["Cap Sleeves", "Short Sleeves"],
        fits: &["Regular Fit", "Fitted", "Relaxed Fit"],
        blurb: "A {fabric} top with a bow neckline, a ruffled hem and a {fit} shape",
        ..BASE
    },
    Profile {
        kind: "dress",
        noun: "Dress",
        price: (899, 3999),
        styles: &["party", "elegant"],
        seasons: &["summer"],
        patterns: &["Solid", "Floral", "Printed", "Polka Dot"],
        lengths: &["Midi", "Maxi", "Knee Length"],
        fabrics: &["Georgette", "Crepe", "Rayon", "Satin"],
        sleeves: &["Cap Sleeves", "Short Sleeves"],
        fits: &["Fit and Flare", "A-Line", "Wrap"],
        blurb: "A {length} dress in {fabric} with a tie waist and a {fit} skirt",
        ..BASE
    },
    Profile {
        kind: "co-ord",
        noun: "Co-ord Set",
        price: (1499, 4999),
        styles: &["party", "casual"],
        seasons: &["summer"],
        patterns: &["Printed", "Solid", "Checked"],
        fabrics: &["Linen Blend", "Rayon", "Crepe"],
        sleeves: &["Short Sleeves"],
        fits: &["Relaxed Fit", "Regular Fit"],
        blurb: "A matching crop top and wide-leg trousers in {fabric} with a {fit} feel",
        ..BASE
    },
    Profile {
        kind: "saree",
        noun: "Saree",
        price: (1499, 7999),
        sizes: SizeScheme::One,
        styles: &["ethnic", "party"],
        seasons: &["festive"],
        patterns: &["Zari Woven", "Printed", "Embroidered", "Solid"],
        lengths: &["6.3 m with Blouse Piece"],
        fabrics: &["Silk Blend", "Georgette", "Chiffon", "Banarasi Silk"],
        fits: &["Draped"],
        blurb: "A six-yard {fabric} saree with a woven zari border and an unstitched blouse piece",
        ..BASE
    },
    Profile {
        kind: "lehenga",
        noun: "Lehenga Set",
        price: (2999, 7999),
        styles: &["ethnic", "party"],
        seasons: &["festive"],
        patterns: &["Embroidered", "Zari Woven", "Sequinned"],
        lengths: &["Floor Length", "Ankle Length"],
        fabrics: &["Silk Blend", "Net", "Georgette", "Velvet"],
        sleeves: &["Short Sleeves", "Sleeveless"],
        fits: &["Flared", "A-Line"],
        blurb: "A {fit} lehenga in {fabric} with a gold border, a matching choli and a dupatta",
        ..BASE
    },
    Profile {
        kind: "trousers",
        noun: "Trousers",
        price: (999, 2999),
        sizes: SizeScheme::Waist,
        styles: &["formal", "elegant", "casual"],
        patterns: &["Solid", "Checked", "Pinstriped"],
        lengths: &["Full Length", "Ankle Length"],
        fabrics: &["Polyester Viscose", "Cotton Stretch", "Linen Blend"],
        fits: &["Slim Fit", "Tailored Fit", "Straight Fit"],
        blurb: "Flat-front trousers in {fabric} with a pressed crease and a {fit} leg",
        ..BASE
    },
    Profile {
        kind: "pants",
        noun: "Pants",
        price: (799, 2499),
        styles: &["casual", "elegant"],
        seasons: &["summer"],
        patterns: &["Solid", "Printed", "Striped"],
        lengths: &["Full Length", "Ankle Length"],
        fabrics: &["Linen Blend", "Rayon", "Crepe", "Cotton"],
        fits: &["Wide Leg", "Palazzo", "Straight Fit"],
        blurb: "High-rise {fit} pants in {fabric} with a tie waist and side pockets",
        ..BASE
    },
    Profile {
        kind: "jeans",
        noun: "Jeans",
        price: (999, 3499),
        sizes: SizeScheme::Waist,
        colours: &["blue", "navy", "black", "gray", "white"],
        styles: &["casual", "streetwear"],
        patterns: &["Solid", "Washed"],
        lengths: &["Full Length", "Ankle Length"],
        fabrics: &["Stretch Denim", "Rigid Denim", "Cotton Denim"],
        fits: &["Slim Fit", "Straight Fit", "Relaxed Fit", "Skinny Fit"],
        distress: &["No Distress", "Lightly Distressed", "Heavily Distressed"],
        blurb: "Five-pocket jeans in {fabric} with a {fit} leg and contrast stitching",
        ..BASE
    },
    Profile {
        kind: "cargo",
        noun: "Cargo Pants",
        price: (999, 2999),
        sizes: SizeScheme::Waist,
        styles: &["streetwear", "casual"],
        seasons: &["monsoon"],
        patterns: &["Solid", "Camouflage"],
        lengths: &["Full Length"],
        fabrics: &["Cotton Twill", "Nylon", "Ripstop Cotton"],
        fits: &["Relaxed Fit", "Baggy Fit", "Tapered Fit"],
        blurb: "Utility pants in {fabric} with flap pockets, drawcord hems and a {fit} leg",
        ..BASE
    },
    Profile {
        kind: "joggers",
        noun: "Joggers",
        price: (699, 1999),
        styles: &["casual", "streetwear"],
        seasons: &["winter"],
        patterns: &["Solid", "Colourblocked"],
        lengths: &["Full Length"],
        fabrics: &["French Terry", "Cotton Fleece", "Polyester"],
        fits: &["Regular Fit", "Tapered Fit", "Relaxed Fit"],
        blurb: "Cuffed joggers in {fabric} with a drawstring waist and a {fit} leg",
        ..BASE
    },
    Profile {
        kind: "shorts",
        noun: "Shorts",
        price: (499, 1299),
        sizes: SizeScheme::Waist,
        styles: &["casual"],
        seasons: &["summer"],
        patterns: &["Solid", "Checked", "Printed"],
        lengths: &["Above Knee", "Knee Length"],
        fabrics: &["Cotton Twill", "Linen Blend", "Denim"],
        fits: &["Regular Fit", "Relaxed Fit", "Slim Fit"],
        blurb: "Chino shorts in {fabric} with a turn-up hem and a {fit} cut",
        ..BASE
    },
    Profile {
        kind: "skirt",
        noun: "Skirt",
        price: (599, 1999),
        styles: &["party", "casual"],
        seasons: &["summer"],
        patterns: &["Solid", "Floral", "Checked", "Polka Dot"],
        lengths: &["Midi", "Mini", "Knee Length"],
        fabrics: &["Georgette", "Crepe", "Cotton", "Denim"],
        fits: &["A-Line", "Pleated", "Flared"],
        blurb: "A {length} skirt in {fabric} with a {fit} shape and a side button",
        ..BASE
    },
    Profile {
        kind: "watch",
        noun: "Analog Watch",
        price: (1499, 14999),
        sizes: SizeScheme::One,
        colours: &["black", "brown", "navy", "gray", "white", "blue", "green"],
        styles: &["formal", "casual"],
        lengths: NA,
        fabrics: &["Leather", "Stainless Steel", "Silicone", "Mesh Steel"],
        fits: &["Adjustable"],
        blurb: "A three-hand analog watch on a {fabric} strap, water resistant to 50 metres",
        ..BASE
    },
    Profile {
        kind: "bracelet",
        noun: "Beaded Bracelet",
        price: (399, 1499),
        sizes: SizeScheme::One,
        styles: &["casual", "party"],
        patterns: &["Solid", "Textured"],
        lengths: NA,
        fabrics: &["Natural Stone", "Wooden Beads", "Glass Beads", "Lava Stone"],
        fits: &["Adjustable", "Stretchable"],
        blurb: "A {fit} bracelet of {fabric} with a brass charm",
        ..BASE
    },
    Profile {
        kind: "belt",
        noun: "Belt",
        price: (499, 1499),
        sizes: SizeScheme::Waist,
        colours: &["black", "brown", "navy", "gray"],
        styles: &["formal", "casual"],
        patterns: &["Solid", "Textured"],
        lengths: NA,
        fabrics: &["Genuine Leather", "Vegan Leather", "Canvas"],
        fits: &["Regular"],
        blurb: "A 35 mm belt in {fabric} with a brushed metal buckle",
        ..BASE
    },
    Profile {
        kind: "cap",
        noun: "Baseball Cap",
        price: (399, 999),
        sizes: SizeScheme::One,
        styles: &["streetwear", "casual"],
        seasons: &["summer"],
        patterns: &["Solid", "Embroidered"],
        lengths: NA,
        fabrics: &["Cotton Twill", "Corduroy", "Washed Cotton"],
        fits: &["Adjustable"],
        blurb: "A six-panel cap in {fabric} with a curved brim and an adjustable strap",
        ..BASE
    },
    Profile {
        kind: "sneakers",
        noun: "Sneakers",
        price: (1499, 5999),
        sizes: SizeScheme::Shoes,
        styles: &["streetwear", "casual"],
        patterns: &["Solid", "Colourblocked"],
        lengths: &["Low Top", "Mid Top"],
        fabrics: &["Mesh", "Canvas", "Synthetic Leather", "Suede"],
        fits: &["Regular"],
        blurb: "{length} sneakers with a {fabric} upper, a cushioned insole and a grippy rubber sole",
        ..BASE
    },
    Profile {
        kind: "sandals",
        noun: "Kolhapuri Chappals",
        price: (599, 1999),
        sizes: SizeScheme::Shoes,
        colours: &["brown", "black", "orange", "red", "yellow"],
        styles: &["ethnic", "casual"],
        seasons: &["summer", "festive"],
        patterns: &["Solid", "Braided", "Hand-punched"],
        lengths: &["Flat"],
        fabrics: &["Genuine Leather", "Vegan Leather"],
        fits: &["Regular"],
        blurb: "Handmade Kolhapuri chappals in {fabric} with a braided toe loop and a cushioned footbed",
        ..BASE
    },
    Profile {
        kind: "handbag",
        noun: "Handbag",
        price: (999, 4999),
        sizes: SizeScheme::One,
        styles: &["elegant", "party", "casual"],
        patterns: &["Solid", "Quilted", "Textured"],
        lengths: &["Medium"],
        fabrics: &["Vegan Leather", "Genuine Leather", "Canvas"],
        fits: &["Structured", "Slouchy"],
        blurb: "A {fit} handbag in {fabric} with a magnetic flap, two handles and an inner zip pocket",
        ..BASE
    },
    Profile {
        kind: "jhumka",
        noun: "Jhumka Earrings",
        sizes: SizeScheme::One,
        styles: &["ethnic", "party"],
        seasons: &["festive"],
        patterns: &["Meenakari", "Kundan", "Oxidised"],
        lengths: &["Drop"],
        fabrics: &["Brass", "Silver-plated Brass", "Gold-plated Brass"],
        fits: &["Hook Closure"],
        blurb: "Bell-shaped jhumkas in {fabric} with {pattern} work and pearl drops",
        ..BASE
    },
];

/// Stands in for a kind without a profile, which the tests rule out.
static FALLBACK: Profile = Profile {
    kind: "tshirt",
    noun: "T-shirt",
    blurb: "A wardrobe staple in {fabric}",
    ..BASE
};

/// The profile of a kind.
pub(crate) fn profile(kind: &str) -> &'static Profile {
    PROFILES
        .iter()
        .find(|p| p.kind == kind)
        .unwrap_or(&FALLBACK)
}

/// The sizes a product may come in: a few contiguous runs per gender, one picked per product.
pub(crate) fn size_runs(scheme: SizeScheme, gender: Gender) -> &'static [&'static [&'static str]] {
    use Gender::{Female, Male, Unisex};
    use SizeScheme::{Letters, One, Shoes, Waist};
    match (scheme, gender) {
        (Letters, Male) => &[
            &["S", "M", "L", "XL"],
            &["S", "M", "L", "XL", "XXL"],
            &["M", "L", "XL", "XXL"],
            &["XS", "S", "M", "L", "XL", "XXL"],
        ],
        (Letters, Female) => &[
            &["XS", "S", "M", "L"],
            &["XS", "S", "M", "L", "XL"],
            &["S", "M", "L", "XL"],
            &["S", "M", "L", "XL", "XXL"],
        ],
        (Letters, Unisex) => &[
            &["XS", "S", "M", "L", "XL", "XXL"],
            &["S", "M", "L", "XL"],
            &["S", "M", "L", "XL", "XXL"],
        ],
        (Waist, Male) => &[
            &["30", "32", "34", "36", "38"],
            &["28", "30", "32", "34", "36"],
            &["30", "32", "34", "36", "38", "40"],
            &["32", "34", "36", "38", "40", "42"],
        ],
        (Waist, Female) => &[
            &["28", "30", "32", "34"],
            &["28", "30", "32", "34", "36"],
            &["30", "32", "34", "36"],
        ],
        (Waist, Unisex) => &[&["28", "30", "32", "34", "36"]],
        (Shoes, Male) => &[&["38", "40", "42"]],
        (Shoes, Female) => &[&["36", "38", "40"]],
        (Shoes, Unisex) => &[&["36", "38", "40", "42"]],
        (One, _) => &[&["M"]],
    }
}

/// Shade names used in product names for each catalogue colour; the `colour` field stays the
/// catalogue colour.
pub(crate) fn shades(colour: &str) -> &'static [&'static str] {
    match colour {
        "black" => &["Black", "Jet Black", "Charcoal Black"],
        "white" => &["White", "Off-White", "Ivory"],
        "gray" => &["Grey", "Charcoal", "Ash Grey"],
        "navy" => &["Navy", "Navy Blue", "Midnight Navy"],
        "blue" => &["Blue", "Indigo", "Sky Blue"],
        "red" => &["Red", "Maroon", "Brick Red"],
        "green" => &["Green", "Olive", "Bottle Green"],
        "yellow" => &["Yellow", "Mustard", "Lemon"],
        "pink" => &["Pink", "Blush Pink", "Rani Pink"],
        "purple" => &["Purple", "Lavender", "Plum"],
        "brown" => &["Brown", "Tan", "Coffee Brown"],
        "orange" => &["Orange", "Rust", "Saffron"],
        _ => &["Classic"],
    }
}

/// The second sentence of a description, by style tag.
pub(crate) fn style_line(style: &str) -> &'static str {
    match style {
        "streetwear" => "Made for the street: pair it with cargos and chunky sneakers.",
        "formal" => "Sharp enough for the boardroom, easy through a long commute.",
        "elegant" => "Quietly polished for dinners, meetings and evenings out.",
        "party" => "Ready for sangeets, birthdays and late nights on the dance floor.",
        "ethnic" => "Rooted in Indian craft, made for festivals, pujas and family functions.",
        _ => "An easy everyday piece for college, cafés and weekend plans.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::{COLOURS, KINDS};

    #[test]
    fn every_kind_has_exactly_one_sensible_profile() {
        for kind in KINDS {
            assert_eq!(
                PROFILES.iter().filter(|p| p.kind == *kind).count(),
                1,
                "{kind}"
            );
        }
        assert_eq!(PROFILES.len(), KINDS.len());
        for p in PROFILES {
            let (low, high) = p.price;
            assert!(399 <= low && low <= high && high <= 14_999, "{}", p.kind);
            assert_eq!((low % 100, high % 100), (99, 99), "{}", p.kind);
            assert!(p.colours.iter().all(|c| COLOURS.contains(c)), "{}", p.kind);
            for list in [
                p.styles, p.patterns, p.lengths, p.fabrics, p.sleeves, p.fits, p.distress,
            ] {
                assert!(!list.is_empty(), "{}", p.kind);
            }
            assert!(p.blurb.contains('{'), "{}", p.kind);
        }
    }

    #[test]
    fn every_colour_has_shades() {
        for colour in COLOURS {
            assert_ne!(shades(colour), &["Classic"], "{colour}");
        }
    }
}
