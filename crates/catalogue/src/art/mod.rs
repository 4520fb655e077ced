//! Hand-written SVG artwork: the image behind every product, category, brand and banner URL.
//!
//! - [`garment`]: a flat-lay drawing of one garment `kind` in one of the twelve [`COLOURS`],
//!   seen from the `front`, the `back` (no buttons, prints or fastenings) or as a `detail`
//!   (a zoomed crop with the fabric texture). 600 x 800, a light background tinted to match.
//! - [`logo`]: a brand logo, a rounded square in a colour with 1-3 initials.
//! - [`banner`]: the hero, trend and promo cards named in [`BANNERS`].
//!
//! Every drawing is a few kilobytes of self-contained SVG: no external references, no
//! embedded images, and text only in logos and banners (generic `sans-serif`).

mod accessories;
mod bottoms;
mod cards;
mod palette;
mod tops;

use palette::Palette;

pub(crate) use palette::palette;

/// Garment kinds that [`garment`] draws; every subcategory of the catalogue uses one.
pub const KINDS: &[&str] = &[
    "tshirt",
    "oversized-tshirt",
    "shirt",
    "polo",
    "hoodie",
    "sweatshirt",
    "jacket",
    "blazer",
    "waistcoat",
    "nehru-jacket",
    "kurta",
    "kurti",
    "top",
    "dress",
    "co-ord",
    "saree",
    "lehenga",
    "trousers",
    "pants",
    "jeans",
    "cargo",
    "joggers",
    "shorts",
    "skirt",
    "watch",
    "bracelet",
    "belt",
    "cap",
    "sneakers",
    "sandals",
    "handbag",
    "jhumka",
];

/// The catalogue colours (001 §9).
pub const COLOURS: &[&str] = &[
    "black", "white", "gray", "navy", "blue", "red", "green", "yellow", "pink", "purple", "brown",
    "orange",
];

/// The three views of every garment, in the order products list their images.
pub const VIEWS: &[&str] = &["front", "back", "detail"];

pub use cards::BANNERS;

/// The SVG of one garment, `None` for an unknown kind, colour or view.
pub fn garment(kind: &str, colour: &str, view: &str) -> Option<String> {
    let paint = palette(colour)?;
    let view = View::parse(view)?;
    let drawing = draw(kind, &paint, view == View::Back)?;
    Some(render(&drawing, &paint, view))
}

/// A brand logo: `initials` are 1 to 3 ASCII capital letters, `colour` one of [`COLOURS`].
pub fn logo(initials: &str, colour: &str) -> Option<String> {
    cards::logo(initials, colour)
}

/// A promotional banner by name (see [`BANNERS`]), `None` for an unknown name.
pub fn banner(name: &str) -> Option<String> {
    cards::banner(name)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum View {
    Front,
    Back,
    Detail,
}

impl View {
    fn parse(view: &str) -> Option<Self> {
        match view {
            "front" => Some(Self::Front),
            "back" => Some(Self::Back),
            "detail" => Some(Self::Detail),
            _ => None,
        }
    }
}

/// The weave laid over the garment in the detail view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Texture {
    /// Diagonal lines: denim, chino, suiting.
    Twill,
    /// Chevrons: jersey, fleece, rib.
    Knit,
    /// A fine crosshatch: linen, cotton, silk.
    Weave,
    /// Dots: leather, beads, mesh.
    Grain,
}

/// One garment seen from one side, as three layers of SVG elements.
#[derive(Debug, Clone)]
pub(crate) struct Drawing {
    /// Drawn first, with their own paint: linings, hoods, handles behind the body.
    under: String,
    /// The garment's shapes, without paint: filled with the garment colour, outlined with its
    /// darker shade, and covered with the texture in the detail view.
    body: String,
    /// Seams, pockets, buttons and prints, drawn last; unpainted strokes use the dark shade.
    over: String,
    /// Centre of the detail view's crop.
    focus: (i32, i32),
    texture: Texture,
    /// Mirror the whole drawing left to right (the other shoe of a pair).
    mirror: bool,
}

impl Drawing {
    pub(crate) fn new(body: String, focus: (i32, i32), texture: Texture) -> Self {
        Self {
            under: String::new(),
            body,
            over: String::new(),
            focus,
            texture,
            mirror: false,
        }
    }

    pub(crate) fn under(mut self, under: String) -> Self {
        self.under = under;
        self
    }

    pub(crate) fn over(mut self, over: String) -> Self {
        self.over = over;
        self
    }

    pub(crate) fn mirrored(mut self, mirror: bool) -> Self {
        self.mirror = mirror;
        self
    }
}

fn draw(kind: &str, p: &Palette, back: bool) -> Option<Drawing> {
    let drawing = match kind {
        "tshirt" => tops::tshirt(p, back),
        "oversized-tshirt" => tops::oversized_tshirt(p, back),
        "shirt" => tops::shirt(p, back),
        "polo" => tops::polo(p, back),
        "hoodie" => tops::hoodie(p, back),
        "sweatshirt" => tops::sweatshirt(p, back),
        "jacket" => tops::jacket(p, back),
        "blazer" => tops::blazer(p, back),
        "waistcoat" => tops::waistcoat(p, back),
        "nehru-jacket" => tops::nehru_jacket(p, back),
        "kurta" => tops::kurta(p, back),
        "kurti" => tops::kurti(p, back),
        "top" => tops::top(p, back),
        "dress" => tops::dress(p, back),
        "co-ord" => tops::co_ord(p, back),
        "saree" => bottoms::saree(p, back),
        "lehenga" => bottoms::lehenga(p, back),
        "trousers" => bottoms::trousers(p, back),
        "pants" => bottoms::pants(p, back),
        "jeans" => bottoms::jeans(p, back),
        "cargo" => bottoms::cargo(p, back),
        "joggers" => bottoms::joggers(p, back),
        "shorts" => bottoms::shorts(p, back),
        "skirt" => bottoms::skirt(p, back),
        "watch" => accessories::watch(p, back),
        "bracelet" => accessories::bracelet(p, back),
        "belt" => accessories::belt(p, back),
        "cap" => accessories::cap(p, back),
        "sneakers" => accessories::sneakers(p, back),
        "sandals" => accessories::sandals(p, back),
        "handbag" => accessories::handbag(p, back),
        "jhumka" => accessories::jhumka(p, back),
        _ => return None,
    };
    Some(drawing)
}

/// How much the detail view enlarges its crop.
const DETAIL_ZOOM: &str = "2.2";

pub(crate) const SVG_OPEN: &str =
    r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800">"#;

fn render(d: &Drawing, p: &Palette, view: View) -> String {
    let Palette { main, dark, bg, .. } = *p;
    let detail = view == View::Detail;
    let mut svg = String::with_capacity(4096);
    svg.push_str(SVG_OPEN);
    if detail {
        svg.push_str(&texture_pattern(d.texture, dark));
    }
    svg.push_str(&format!(r#"<rect width="600" height="800" fill="{bg}"/>"#));
    if detail {
        let (x, y) = d.focus;
        svg.push_str(&format!(
            r#"<g transform="translate(300 400) scale({DETAIL_ZOOM}) translate({} {})">"#,
            -x, -y
        ));
    } else {
        svg.push_str(&format!(
            r#"<ellipse cx="300" cy="772" rx="210" ry="12" fill="{dark}" opacity=".12"/>"#
        ));
    }
    if d.mirror {
        svg.push_str(r#"<g transform="matrix(-1 0 0 1 600 0)">"#);
    }
    svg.push_str(&d.under);
    svg.push_str(&format!(
        r#"<g fill="{main}" stroke="{dark}" stroke-width="4" stroke-linejoin="round">{}</g>"#,
        d.body
    ));
    if detail {
        svg.push_str(&format!(r#"<g fill="url(#t)">{}</g>"#, d.body));
    }
    svg.push_str(&format!(
        r#"<g fill="none" stroke="{dark}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">{}</g>"#,
        d.over
    ));
    if d.mirror {
        svg.push_str("</g>");
    }
    if detail {
        svg.push_str("</g>");
        svg.push_str(&format!(
            r#"<rect x="14" y="14" width="572" height="772" rx="28" fill="none" stroke="{dark}" stroke-opacity=".25" stroke-width="4"/>"#
        ));
    }
    svg.push_str("</svg>");
    svg
}

fn texture_pattern(texture: Texture, dark: &str) -> String {
    let (size, transform, mark) = match texture {
        Texture::Twill => (
            10,
            r#" patternTransform="rotate(35)""#,
            format!(r#"<path d="M0 5H10" stroke="{dark}" stroke-width="2"/>"#),
        ),
        Texture::Knit => (
            10,
            "",
            format!(r#"<path d="M0 2L5 8L10 2" fill="none" stroke="{dark}" stroke-width="1.5"/>"#),
        ),
        Texture::Weave => (
            8,
            "",
            format!(r#"<path d="M0 4H8M4 0V8" stroke="{dark}" stroke-width="1"/>"#),
        ),
        Texture::Grain => (
            7,
            "",
            format!(r#"<circle cx="3.5" cy="3.5" r="1.3" fill="{dark}"/>"#),
        ),
    };
    format!(
        r#"<defs><pattern id="t" width="{size}" height="{size}" patternUnits="userSpaceOnUse"{transform}><g opacity=".3">{mark}</g></pattern></defs>"#
    )
}

/// XML text with its five special characters escaped.
pub(crate) fn escape_text(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    fn well_formed(svg: &str) {
        let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
        let root = document.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert!(!svg.contains("href"), "no references: {svg}");
    }

    #[test]
    fn every_kind_colour_and_view_is_small_well_formed_svg() {
        for kind in KINDS {
            for colour in COLOURS {
                for view in VIEWS {
                    let svg = garment(kind, colour, view)
                        .unwrap_or_else(|| panic!("{kind}/{colour}/{view}"));
                    well_formed(&svg);
                    assert!(
                        svg.len() < 4096,
                        "{kind}/{colour}/{view} is {} bytes",
                        svg.len()
                    );
                }
            }
        }
    }

    #[test]
    fn the_three_views_differ() {
        for kind in KINDS {
            let front = garment(kind, "navy", "front");
            let back = garment(kind, "navy", "back");
            let detail = garment(kind, "navy", "detail");
            assert_ne!(front, back, "{kind}");
            assert_ne!(front, detail, "{kind}");
            assert_ne!(back, detail, "{kind}");
        }
    }

    #[test]
    fn colours_change_the_paint() {
        assert_ne!(
            garment("hoodie", "red", "front"),
            garment("hoodie", "blue", "front")
        );
    }

    #[test]
    fn unknown_names_draw_nothing() {
        assert!(garment("toga", "red", "front").is_none());
        assert!(garment("tshirt", "mauve", "front").is_none());
        assert!(garment("tshirt", "red", "side").is_none());
        assert!(garment("TSHIRT", "red", "front").is_none());
    }

    #[test]
    fn logos_take_one_to_three_capitals() {
        for initials in ["K", "KT", "CSC"] {
            let svg = logo(initials, "orange").unwrap_or_default();
            well_formed(&svg);
            assert!(svg.contains(&format!(">{initials}</text>")));
        }
        for bad in ["", "kt", "ABCD", "K1", "K&", "ÄB"] {
            assert!(logo(bad, "orange").is_none(), "{bad}");
        }
        assert!(logo("KT", "mauve").is_none());
    }

    #[test]
    fn every_banner_is_well_formed() {
        for name in BANNERS {
            let svg = banner(name).unwrap_or_default();
            well_formed(&svg);
            assert!(svg.len() < 4096, "{name}");
        }
        assert!(banner("nope").is_none());
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape_text("A&B <\"x'>"), "A&amp;B &lt;&quot;x&apos;&gt;");
    }
}
