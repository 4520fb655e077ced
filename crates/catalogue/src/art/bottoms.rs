//! Lower-body garments ([`Bottom`]: trousers and their cousins), skirts, and the two
//! unstitched-looking ethnic pieces (saree, lehenga).

use super::palette::{GOLD, LEATHER, Palette, SILVER};
use super::{Drawing, Texture};

/// Trousers laid flat, symmetric about x = 300: a waistband, then two legs meeting at the rise.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bottom {
    /// Half-width of the waistband.
    pub(super) waist: i32,
    /// y of the top of the waistband.
    pub(super) top: i32,
    /// Height of the waistband.
    pub(super) band: i32,
    /// Half-width at the hips, 150 below `top`.
    pub(super) hip: i32,
    /// y of the crotch.
    pub(super) rise: i32,
    /// y of the hems.
    pub(super) length: i32,
    /// Distance from the centre to the outer edge of a hem.
    pub(super) hem_outer: i32,
    /// Width of one leg at the hem.
    pub(super) leg: i32,
}

impl Bottom {
    pub(crate) fn outline(&self) -> String {
        let Bottom {
            waist,
            top,
            band,
            hip,
            rise,
            length,
            hem_outer,
            leg,
        } = *self;
        let (wl, wr, y0) = (300 - waist, 300 + waist, top + band);
        let (hl, hr, hy) = (300 - hip, 300 + hip, top + 150);
        let (ol, or) = (300 - hem_outer, 300 + hem_outer);
        let (il, ir) = (ol + leg, or - leg);
        format!(
            r#"<rect x="{wl}" y="{top}" width="{}" height="{band}"/><path d="M{wl} {y0}L{hl} {hy}L{ol} {length}L{il} {length}L300 {rise}L{ir} {length}L{or} {length}L{hr} {hy}L{wr} {y0}Z"/>"#,
            2 * waist
        )
    }

    /// Belt loops over the waistband.
    fn loops(&self, p: &Palette) -> String {
        [-86, -40, 40, 86]
            .iter()
            .map(|dx| {
                format!(
                    r#"<rect x="{}" y="{}" width="10" height="{}" fill="{}"/>"#,
                    295 + dx,
                    self.top - 4,
                    self.band + 10,
                    p.main
                )
            })
            .collect()
    }

    /// The zip fly's J-stitch and the waistband button.
    fn fly(&self, button: &str) -> String {
        let y0 = self.top + self.band;
        format!(
            r#"<path d="M312 {y0}V{}Q312 {} 296 {}"/><circle cx="300" cy="{}" r="7" fill="{button}"/>"#,
            y0 + 100,
            y0 + 122,
            y0 + 128,
            self.top + self.band / 2
        )
    }

    /// Slanted side-pocket openings.
    fn slant_pockets(&self) -> String {
        let y0 = self.top + self.band;
        let (l, r) = (300 - self.waist + 12, 300 + self.waist - 12);
        format!(
            r#"<path d="M{l} {y0}L{} {}M{r} {y0}L{} {}"/>"#,
            l - 26,
            y0 + 88,
            r + 26,
            y0 + 88
        )
    }

    /// Pressed creases down the middle of each leg.
    fn creases(&self) -> String {
        let hy = self.top + 152;
        let top_x = 300 - self.hip / 2;
        let hem_x = 300 - self.hem_outer + self.leg / 2;
        format!(
            r#"<path d="M{top_x} {hy}L{hem_x} {}M{} {hy}L{} {}" stroke-opacity=".4"/>"#,
            self.length - 2,
            600 - top_x,
            600 - hem_x,
            self.length - 2
        )
    }

    /// Welt pockets on the seat.
    fn back_welts(&self) -> String {
        let y = self.top + 90;
        format!(r#"<path d="M206 {y}h60M334 {y}h60" stroke-width="5"/>"#)
    }
}

pub(super) fn trousers(p: &Palette, back: bool) -> Drawing {
    let b = Bottom {
        waist: 104,
        top: 110,
        band: 30,
        hip: 116,
        rise: 360,
        length: 740,
        hem_outer: 116,
        leg: 90,
    };
    let over = b.loops(p) + &b.creases();
    let drawing = Drawing::new(b.outline(), (300, 200), Texture::Twill);
    if back {
        return drawing.over(over + &b.back_welts());
    }
    drawing.over(over + &b.fly(p.light) + &b.slant_pockets())
}

pub(super) fn jeans(p: &Palette, back: bool) -> Drawing {
    let b = Bottom {
        waist: 104,
        top: 110,
        band: 30,
        hip: 118,
        rise: 350,
        length: 740,
        hem_outer: 114,
        leg: 86,
    };
    let stitch = format!(r#"stroke="{GOLD}" stroke-width="2.5" stroke-dasharray="6 5""#);
    let hem = format!(r#"<path d="M188 722H272M328 722H412" {stitch}/>"#);
    let drawing = Drawing::new(b.outline(), (250, 190), Texture::Twill);
    if back {
        let pocket = "M204 252h74l-4 78l-33 16l-33-16Z";
        let pockets = format!("{pocket}M322 252h74l-4 78l-33 16l-33-16Z");
        return drawing.over(format!(
            r#"{}<path d="M190 200L300 232L410 200{pockets}"/><path d="M190 210L300 242L410 210" {stitch}/><rect x="330" y="116" width="44" height="20" fill="{LEATHER}" stroke="none"/>{hem}"#,
            b.loops(p)
        ));
    }
    drawing.over(format!(
        r#"{}{}<path d="M208 140Q214 200 188 212M392 140Q386 200 412 212M356 150h26v26h-26Z"/><path d="M220 140Q226 208 190 224M380 140Q374 208 410 224M322 140V240Q322 266 298 274" {stitch}/><path d="M250 280l30 14M246 300l34 12M350 280l-30 14M354 300l-34 12" stroke="{}" stroke-opacity=".6"/><circle cx="210" cy="144" r="4" fill="{GOLD}" stroke="none"/><circle cx="390" cy="144" r="4" fill="{GOLD}" stroke="none"/>{hem}"#,
        b.loops(p),
        b.fly(SILVER),
        p.light
    ))
}

pub(super) fn cargo(p: &Palette, back: bool) -> Drawing {
    let b = Bottom {
        waist: 106,
        top: 110,
        band: 32,
        hip: 124,
        rise: 350,
        length: 740,
        hem_outer: 134,
        leg: 108,
    };
    let side_pocket = r#"<rect x="180" y="404" width="62" height="84" rx="6"/><path d="M176 396h70v26h-70z"/><circle cx="211" cy="412" r="4"/>"#;
    let pockets = format!(
        r#"<g fill="{}">{side_pocket}<g transform="matrix(-1 0 0 1 600 0)">{side_pocket}</g></g>"#,
        p.main
    );
    let cords = format!(
        r#"<path d="M186 740v24M414 740v24"/><circle cx="186" cy="768" r="6" fill="{}"/><circle cx="414" cy="768" r="6" fill="{}"/>"#,
        p.dark, p.dark
    );
    let drawing = Drawing::new(b.outline(), (220, 430), Texture::Twill);
    if back {
        return drawing.over(format!(
            r#"{}<path d="M210 200h64v70h-64zM326 200h64v70h-64zM206 196h72v22h-72zM322 196h72v22h-72z" fill="{}"/>{pockets}{cords}"#,
            b.loops(p),
            p.main
        ));
    }
    drawing.over(b.loops(p) + &b.fly(p.light) + &b.slant_pockets() + &pockets + &cords)
}

pub(super) fn joggers(p: &Palette, back: bool) -> Drawing {
    let b = Bottom {
        waist: 100,
        top: 110,
        band: 40,
        hip: 118,
        rise: 350,
        length: 730,
        hem_outer: 106,
        leg: 70,
    };
    let common = format!(
        r#"<path d="M204 130H396" stroke-width="16" stroke-dasharray="2 8" stroke-opacity=".35"/><path d="M194 696h70v34h-70zM336 696h70v34h-70z" fill="{}"/><path d="M194 713h70M336 713h70" stroke-dasharray="2 6" stroke-width="8" stroke-opacity=".35"/>"#,
        p.main
    );
    let drawing = Drawing::new(b.outline(), (300, 170), Texture::Knit);
    if back {
        return drawing.over(common + r#"<path d="M330 200h56v62h-56z"/>"#);
    }
    drawing.over(format!(
        r#"{common}<path d="M292 136q-8 60-16 96M308 136q8 60 16 96" stroke="{}" stroke-width="5"/><path d="M210 152L192 240M390 152L408 240"/>"#,
        p.light
    ))
}

pub(super) fn shorts(p: &Palette, back: bool) -> Drawing {
    let b = Bottom {
        waist: 104,
        top: 200,
        band: 30,
        hip: 120,
        rise: 420,
        length: 540,
        hem_outer: 130,
        leg: 114,
    };
    let over = b.loops(p) + r#"<path d="M172 508h110M318 508h110"/>"#;
    let drawing = Drawing::new(b.outline(), (300, 290), Texture::Twill);
    if back {
        return drawing.over(over + &b.back_welts());
    }
    drawing.over(over + &b.fly(p.light) + &b.slant_pockets())
}

pub(super) fn pants(p: &Palette, back: bool) -> Drawing {
    let b = Bottom {
        waist: 92,
        top: 110,
        band: 36,
        hip: 112,
        rise: 370,
        length: 750,
        hem_outer: 168,
        leg: 150,
    };
    let drawing = Drawing::new(b.outline(), (300, 190), Texture::Weave);
    if back {
        return drawing.over(
            r#"<path d="M208 128H392" stroke-width="20" stroke-dasharray="2 8" stroke-opacity=".3"/>"#
                .to_string(),
        );
    }
    drawing.over(format!(
        r#"<path d="M258 146L250 300M342 146L350 300M214 160L196 250M386 160L404 250"/><path d="M296 136l-16 70M304 136l16 70" stroke-width="6"/><path d="M300 128l-34-16v32zM300 128l34-16v32z" fill="{}"/>"#,
        p.main
    ))
}

pub(super) fn skirt(p: &Palette, back: bool) -> Drawing {
    let body = r#"<rect x="208" y="110" width="184" height="36"/><path d="M208 146L110 610Q300 650 490 610L392 146Z"/>"#;
    let pleats = r#"<path d="M240 146L172 618M270 146L236 626M330 146L364 626M360 146L428 618" stroke-opacity=".5"/>"#;
    let drawing = Drawing::new(body.to_string(), (300, 300), Texture::Weave);
    if back {
        return drawing.over(format!(
            r#"{pleats}<path d="M300 146V330" stroke-dasharray="3 4"/>"#
        ));
    }
    drawing.over(format!(
        r#"{pleats}<path d="M300 146V630" stroke-opacity=".5"/><circle cx="380" cy="128" r="7" fill="{}"/>"#,
        p.light
    ))
}

pub(super) fn lehenga(_p: &Palette, back: bool) -> Drawing {
    let body = r#"<rect x="205" y="110" width="190" height="36"/><path d="M205 146Q150 420 70 730Q300 790 530 730Q450 420 395 146Z"/>"#;
    let border = format!(
        r#"<path d="M80 702Q300 758 520 702" stroke="{GOLD}" stroke-width="26"/><path d="M92 666Q300 720 508 666" stroke="{GOLD}" stroke-width="4"/><path d="M210 128H390" stroke="{GOLD}" stroke-width="6" stroke-dasharray="4 8"/>"#
    );
    let drawing = Drawing::new(body.to_string(), (300, 690), Texture::Weave);
    if back {
        return drawing.over(format!(
            r#"{border}<path d="M300 146l-20 120M300 146l20 120"/><circle cx="280" cy="272" r="8" fill="{GOLD}"/><circle cx="320" cy="272" r="8" fill="{GOLD}"/>"#
        ));
    }
    let buttis: String = [
        (260, 250),
        (340, 250),
        (230, 370),
        (300, 370),
        (370, 370),
        (200, 490),
        (270, 490),
        (330, 490),
        (400, 490),
        (170, 600),
        (240, 600),
        (300, 610),
        (360, 600),
        (430, 600),
    ]
    .iter()
    .map(|(x, y)| format!(r#"<circle cx="{x}" cy="{y}" r="6"/>"#))
    .collect();
    drawing.over(format!(
        r#"{border}<g fill="{GOLD}" stroke="none">{buttis}</g><path d="M240 146v90M360 146v90"/><circle cx="240" cy="244" r="9" fill="{GOLD}"/><circle cx="360" cy="244" r="9" fill="{GOLD}"/>"#
    ))
}

/// A folded saree as it is sold: the pallu and the zari border on show.
pub(super) fn saree(p: &Palette, back: bool) -> Drawing {
    let body = r#"<rect x="110" y="210" width="380" height="390" rx="12"/><path d="M118 600h364v24H118zM128 624h344v20H128z"/>"#;
    let edges = format!(r#"<path d="M122 612H478M132 634H468" stroke="{GOLD}" stroke-width="4"/>"#);
    let drawing = Drawing::new(body.to_string(), (400, 560), Texture::Weave);
    if back {
        return drawing.over(format!(
            r#"<rect x="110" y="572" width="380" height="14" fill="{GOLD}" stroke="none"/>{edges}"#
        ));
    }
    let buttis: String = [
        (170, 270),
        (230, 330),
        (170, 390),
        (230, 450),
        (290, 390),
        (350, 450),
        (410, 500),
        (290, 510),
        (170, 500),
    ]
    .iter()
    .map(|(x, y)| format!(r#"<circle cx="{x}" cy="{y}" r="6"/>"#))
    .collect();
    drawing.over(format!(
        r#"<path d="M260 210H478Q490 210 490 222V430Z" fill="{}"/><path d="M300 230L470 400" stroke="{GOLD}" stroke-width="8" stroke-dasharray="2 14"/><g fill="{GOLD}" stroke="none">{buttis}<rect x="110" y="548" width="380" height="40"/></g><path d="M120 568H480" stroke="{}" stroke-width="6" stroke-dasharray="4 10"/>{edges}"#,
        p.dark, p.main
    ))
}
