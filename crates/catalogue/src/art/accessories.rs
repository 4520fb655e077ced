//! Accessories and footwear, each drawn by hand.

use super::palette::{DIAL, GOLD, PEARL, Palette, SILVER, SOLE};
use super::{Drawing, Texture};

/// Twelve directions on a clock face, as hundredths of a unit vector (cos, sin of k * 30°).
const CLOCK: [(i32, i32); 12] = [
    (0, -100),
    (50, -87),
    (87, -50),
    (100, 0),
    (87, 50),
    (50, 87),
    (0, 100),
    (-50, 87),
    (-87, 50),
    (-100, 0),
    (-87, -50),
    (-50, -87),
];

const MIRROR: &str = r#"<g transform="matrix(-1 0 0 1 600 0)">"#;

fn pair(shape: &str) -> String {
    format!("{shape}{MIRROR}{shape}</g>")
}

pub(super) fn watch(p: &Palette, back: bool) -> Drawing {
    let strap = r#"<rect x="252" y="90" width="96" height="620" rx="34"/>"#;
    let keeper = format!(
        r#"<rect x="250" y="596" width="100" height="14" fill="{}"/><circle cx="300" cy="632" r="5" fill="{}"/><circle cx="300" cy="662" r="5" fill="{}"/><rect x="408" y="386" width="22" height="28" rx="4" fill="{SILVER}"/><circle cx="300" cy="400" r="112" fill="{SILVER}"/>"#,
        p.main, p.dark, p.dark
    );
    let drawing = Drawing::new(strap.to_string(), (300, 400), Texture::Grain);
    if back {
        let screws: String = [(365, 335), (235, 335), (235, 465), (365, 465)]
            .iter()
            .map(|(x, y)| format!(r#"<circle cx="{x}" cy="{y}" r="5" fill="{}"/>"#, p.dark))
            .collect();
        return drawing.over(format!(
            r#"{keeper}<circle cx="300" cy="400" r="78"/><circle cx="300" cy="400" r="60" stroke-dasharray="3 6"/>{screws}"#
        ));
    }
    let ticks: String = CLOCK
        .iter()
        .map(|(dx, dy)| {
            format!(
                "M{} {}L{} {}",
                300 + dx * 74 / 100,
                400 + dy * 74 / 100,
                300 + dx * 86 / 100,
                400 + dy * 86 / 100
            )
        })
        .collect();
    drawing.over(format!(
        r#"{keeper}<circle cx="300" cy="400" r="92" fill="{DIAL}"/><path d="{ticks}" stroke-width="4"/><path d="M300 400V336M300 400L352 430" stroke-width="7"/><path d="M300 420V318" stroke="{}" stroke-width="2"/><circle cx="300" cy="400" r="7" fill="{}"/>"#,
        p.main, p.dark
    ))
}

pub(super) fn bracelet(p: &Palette, back: bool) -> Drawing {
    let centre = |(dx, dy): &(i32, i32)| (300 + dx * 160 / 100, 380 + dy * 160 / 100);
    let beads: String = CLOCK
        .iter()
        .map(|d| {
            let (x, y) = centre(d);
            format!(r#"<circle cx="{x}" cy="{y}" r="34"/>"#)
        })
        .collect();
    let cord = format!(
        r#"<circle cx="300" cy="380" r="160" fill="none" stroke="{}" stroke-width="3"/>"#,
        p.dark
    );
    let drawing = Drawing::new(beads, (300, 560), Texture::Grain).under(cord);
    if back {
        return drawing.over(format!(
            r#"<rect x="284" y="206" width="32" height="28" rx="6" fill="{GOLD}"/>"#
        ));
    }
    let shine: String = CLOCK
        .iter()
        .map(|d| {
            let (x, y) = centre(d);
            format!(r#"<circle cx="{}" cy="{}" r="9"/>"#, x - 11, y - 11)
        })
        .collect();
    drawing.over(format!(
        r##"<g fill="#fff" fill-opacity=".45" stroke="none">{shine}</g><path d="M300 574V600" stroke="{GOLD}" stroke-width="4"/><circle cx="300" cy="622" r="22" fill="{GOLD}"/>"##
    ))
}

pub(super) fn belt(p: &Palette, back: bool) -> Drawing {
    let strap = r#"<path d="M262 220H338V680Q338 706 300 722Q262 706 262 680Z"/>"#;
    let frame = format!(
        r#"<rect x="236" y="110" width="128" height="116" rx="16" stroke="{SILVER}" stroke-width="16"/><path d="M272 290V680M328 290V680" stroke="{}" stroke-width="2" stroke-dasharray="5 5"/>"#,
        p.light
    );
    let drawing = Drawing::new(strap.to_string(), (300, 200), Texture::Grain);
    if back {
        return drawing.over(frame);
    }
    let holes: String = [470, 510, 550, 590]
        .iter()
        .map(|y| format!(r#"<circle cx="300" cy="{y}" r="6" fill="{}"/>"#, p.dark))
        .collect();
    drawing.over(format!(
        r#"{frame}<path d="M300 150V262" stroke="{SILVER}" stroke-width="8"/><rect x="254" y="262" width="92" height="20" fill="{}"/>{holes}"#,
        p.main
    ))
}

pub(super) fn cap(p: &Palette, back: bool) -> Drawing {
    let dome = r#"<path d="M130 470Q136 236 300 214Q464 236 470 470Z"/>"#;
    let brim = "M112 466Q300 420 488 466L508 524Q300 606 92 524Z";
    let seams = format!(
        r#"<path d="M300 216V458M228 232Q196 340 208 452M372 232Q404 340 392 452"/><circle cx="300" cy="214" r="13" fill="{}"/>"#,
        p.main
    );
    if back {
        return Drawing::new(dome.to_string(), (300, 420), Texture::Weave)
            .under(format!(
                r#"<path d="{brim}" fill="{}" stroke="{}" stroke-width="4"/>"#,
                p.dark, p.dark
            ))
            .over(format!(
                r#"{seams}<path d="M236 470Q300 360 364 470Z" fill="{}"/><rect x="226" y="436" width="148" height="22" rx="6" fill="{}"/><rect x="282" y="432" width="36" height="30" rx="4" fill="{SILVER}"/>"#,
                p.bg, p.dark
            ));
    }
    Drawing::new(
        format!(r#"{dome}<path d="{brim}"/>"#),
        (300, 330),
        Texture::Weave,
    )
    .over(format!(
        r#"{seams}<rect x="252" y="318" width="96" height="58" rx="10" fill="{}"/><path d="M120 486Q300 444 480 486M104 508Q300 586 496 508" stroke="{}" stroke-width="2.5" stroke-dasharray="6 6"/>"#,
        p.light, p.light
    ))
}

/// One shoe in profile, toe to the left; the back view shows the other shoe's inner side.
pub(super) fn sneakers(p: &Palette, back: bool) -> Drawing {
    let upper = r#"<path d="M88 500Q78 442 150 428L262 398Q300 352 346 330L372 300L398 306L404 336Q450 374 500 346L524 330Q546 420 540 500Z"/>"#;
    let mut over = format!(
        r##"<path d="M88 500Q78 442 150 428Q176 470 180 500Z" fill="{}"/><path d="M470 500Q468 420 530 398" stroke-opacity=".5"/><path d="M70 496H552Q562 540 534 560H96Q62 552 70 496Z" fill="{SOLE}"/><path d="M80 524H552" stroke="#b9b9b0"/><path d="M522 332H542V404H530Z" fill="{}"/><path d="M266 372L292 396M287 355L313 379M308 338L334 362M328 322L352 346" stroke="{}" stroke-width="7"/>"##,
        p.light, p.dark, p.light
    );
    if !back {
        over.push_str(&format!(
            r#"<path d="M190 474Q330 452 466 404" stroke="{}" stroke-width="16"/>"#,
            p.light
        ));
    }
    Drawing::new(upper.to_string(), (320, 380), Texture::Grain)
        .over(over)
        .mirrored(back)
}

/// A pair of Kolhapuri chappals from above (front) or their soles (back).
pub(super) fn sandals(p: &Palette, back: bool) -> Drawing {
    let sole = r#"<path d="M180 140Q250 128 262 220Q272 420 252 560Q244 684 192 690Q136 690 128 560Q114 400 124 230Q130 150 180 140Z"/>"#;
    let drawing = Drawing::new(pair(sole), (190, 300), Texture::Grain);
    if back {
        let tread = format!(
            r#"<path d="M140 260H250M136 300H256M134 340H258M134 380H258M136 420H258M138 460H256" stroke-opacity=".4"/><path d="M136 560Q140 680 192 684Q244 680 248 560Z" fill="{}"/>"#,
            p.dark
        );
        return drawing.over(pair(&tread));
    }
    let straps = format!(
        r#"<path d="M186 222V300" stroke-width="8"/><path d="M122 300Q195 276 266 300L268 356Q195 332 120 356Z" fill="{}"/><path d="M124 328Q195 304 267 328" stroke="{GOLD}" stroke-width="4" stroke-dasharray="6 6"/><circle cx="186" cy="206" r="16" stroke="{GOLD}" stroke-width="6"/><path d="M190 400V640" stroke="{}" stroke-width="5" stroke-dasharray="2 10"/>"#,
        p.dark, p.light
    );
    drawing.over(pair(&straps))
}

pub(super) fn handbag(p: &Palette, back: bool) -> Drawing {
    let bag = r#"<path d="M150 330H450L490 662Q490 690 462 690H138Q110 690 110 662Z"/>"#;
    let handles = format!(
        r#"<path d="M212 340Q212 170 300 170Q388 170 388 340" fill="none" stroke="{}" stroke-width="22"/>"#,
        p.dark
    );
    let rings = format!(
        r#"<circle cx="212" cy="334" r="12" fill="{GOLD}"/><circle cx="388" cy="334" r="12" fill="{GOLD}"/>"#
    );
    let drawing = Drawing::new(bag.to_string(), (300, 490), Texture::Grain).under(handles);
    if back {
        return drawing.over(format!(
            r#"<path d="M138 430H462"/><path d="M140 444H460" stroke="{}" stroke-width="2" stroke-dasharray="6 6"/>{rings}"#,
            p.light
        ));
    }
    drawing.over(format!(
        r#"<path d="M150 330H450L442 478Q300 526 158 478Z" fill="{}"/><path d="M164 344H436L430 466Q300 510 170 466Z" stroke="{}" stroke-width="2" stroke-dasharray="6 6"/><rect x="282" y="486" width="36" height="40" rx="8" fill="{GOLD}"/>{rings}"#,
        p.main, p.light
    ))
}

/// A pair of bell-shaped jhumkas: enamel in the colour, gold metal, pearl drops.
pub(super) fn jhumka(_p: &Palette, back: bool) -> Drawing {
    let earring = r#"<circle cx="190" cy="230" r="34"/><path d="M100 470Q100 300 190 290Q280 300 280 470Z"/>"#;
    let pearls: String = [-80, -48, -16, 16, 48, 80]
        .iter()
        .map(|dx| {
            let x = 190 + dx;
            format!(r#"<path d="M{x} 477V520"/><circle cx="{x}" cy="530" r="10" fill="{PEARL}"/>"#)
        })
        .collect();
    let rim = format!(
        r#"<path d="M190 264V292"/><path d="M98 470H282" stroke="{GOLD}" stroke-width="14"/>{pearls}"#
    );
    let drawing = Drawing::new(pair(earring), (190, 430), Texture::Grain);
    if back {
        let butterfly =
            format!(r#"{rim}<path d="M168 220l22 10l22-10v20l-22-10l-22 10z" fill="{GOLD}"/>"#);
        return drawing.over(pair(&butterfly));
    }
    let front = format!(
        r#"{rim}<circle cx="190" cy="230" r="18" fill="{GOLD}"/><path d="M190 196Q190 130 222 140Q242 150 232 180" stroke="{GOLD}" stroke-width="6"/><g fill="{GOLD}" stroke="none"><circle cx="150" cy="400" r="6"/><circle cx="190" cy="380" r="6"/><circle cx="230" cy="400" r="6"/><circle cx="170" cy="440" r="6"/><circle cx="210" cy="440" r="6"/></g>"#
    );
    drawing.over(pair(&front))
}
