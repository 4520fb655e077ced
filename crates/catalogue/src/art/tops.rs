//! Upper-body garments, all drawn from one parametric flat-lay outline ([`Top`]).

use super::bottoms::Bottom;
use super::palette::{GOLD, Palette, SHIRT};
use super::{Drawing, Texture};

type Pt = (i32, i32);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sleeve {
    None,
    Cap,
    Short,
    Elbow,
    ThreeQuarter,
    Long,
}

/// A top laid flat, symmetric about x = 300. Half-widths are measured from the centre line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Top {
    /// Half-width of the neck opening.
    neck: i32,
    shoulder: i32,
    /// Half-width at the armpit.
    chest: i32,
    waist: i32,
    hem: i32,
    /// y of the neck points.
    top: i32,
    /// y of the hem at the sides.
    length: i32,
    /// Dropped shoulders (oversized cuts) move the sleeves down.
    drop: i32,
    sleeve: Sleeve,
    /// Depth of the front neckline below `top`.
    front_neck: i32,
    v_neck: bool,
    /// How far a curved hem dips at the centre (0: straight).
    hem_dip: i32,
}

const TEE: Top = Top {
    neck: 46,
    shoulder: 130,
    chest: 118,
    waist: 118,
    hem: 120,
    top: 150,
    length: 640,
    drop: 0,
    sleeve: Sleeve::Short,
    front_neck: 38,
    v_neck: false,
    hem_dip: 0,
};

const BACK_NECK: i32 = 14;

fn mirror((x, y): Pt) -> Pt {
    (600 - x, y)
}

fn seg(p: Pt, ctrl: Option<Pt>) -> String {
    match ctrl {
        Some(c) => format!("Q{} {} {} {}", c.0, c.1, p.0, p.1),
        None => format!("L{} {}", p.0, p.1),
    }
}

/// The point `dist` along the line from `from` towards `to`.
fn toward(from: Pt, to: Pt, dist: f64) -> Pt {
    let dx = f64::from(to.0 - from.0);
    let dy = f64::from(to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    (
        from.0 + (dx * dist / len).round() as i32,
        from.1 + (dy * dist / len).round() as i32,
    )
}

impl Top {
    fn shoulder_point(&self) -> Pt {
        (300 - self.shoulder, self.top + 22 + self.drop)
    }

    fn armpit(&self) -> Pt {
        (300 - self.chest, self.top + 110 + self.drop)
    }

    fn waist_y(&self) -> i32 {
        self.top + (self.length - self.top) * 2 / 5
    }

    /// The outer and inner corners of the left sleeve's end.
    fn sleeve_end(&self) -> Option<(Pt, Pt)> {
        let (dx, dy, wx, wy) = match self.sleeve {
            Sleeve::None => return None,
            Sleeve::Cap => (-34, 70, 30, 16),
            Sleeve::Short => (-72, 118, 56, 24),
            Sleeve::Elbow => (-84, 190, 64, 20),
            Sleeve::ThreeQuarter => (-80, 300, 58, 12),
            Sleeve::Long => (-92, 420, 60, 10),
        };
        let (sx, sy) = self.shoulder_point();
        let outer = (sx + dx, sy + dy);
        Some((outer, (outer.0 + wx, outer.1 + wy)))
    }

    /// The left half from the neck point down to the hem corner; each point carries the
    /// control point of the curve that arrives at it.
    fn left_side(&self) -> Vec<(Pt, Option<Pt>)> {
        let shoulder = self.shoulder_point();
        let armpit = self.armpit();
        let mut side = vec![((300 - self.neck, self.top), None), (shoulder, None)];
        match self.sleeve_end() {
            Some((outer, inner)) => {
                side.push((outer, None));
                side.push((inner, None));
                side.push((armpit, None));
            }
            None => side.push((armpit, Some((shoulder.0 + 22, armpit.1)))),
        }
        if self.waist != self.chest {
            side.push(((300 - self.waist, self.waist_y()), None));
        }
        side.push(((300 - self.hem, self.length), None));
        side
    }

    /// The garment's outline; the back has a shallow round neckline whatever the front has.
    fn outline(&self, back: bool) -> String {
        let side = self.left_side();
        let mut d = format!("M{} {}", 300 - self.neck, self.top);
        for &(point, ctrl) in side.iter().skip(1) {
            d.push_str(&seg(point, ctrl));
        }
        let (hx, hy) = side.last().map_or((300, self.length), |s| s.0);
        if self.hem_dip == 0 {
            d.push_str(&format!("L{} {hy}", 600 - hx));
        } else {
            d.push_str(&format!("Q300 {} {} {hy}", hy + 2 * self.hem_dip, 600 - hx));
        }
        for i in (1..side.len()).rev() {
            d.push_str(&seg(mirror(side[i - 1].0), side[i].1.map(mirror)));
        }
        let (nx, ny) = (300 - self.neck, self.top);
        if self.v_neck && !back {
            d.push_str(&format!("L300 {}L{nx} {ny}Z", ny + self.front_neck));
        } else {
            let depth = if back { BACK_NECK } else { self.front_neck };
            d.push_str(&format!("Q300 {} {nx} {ny}Z", ny + 2 * depth));
        }
        format!(r#"<path d="{d}"/>"#)
    }

    /// The inside of the back neck, seen through the front neckline.
    fn lining(&self, p: &Palette) -> String {
        let (l, r, t) = (300 - self.neck, 300 + self.neck, self.top);
        let front = if self.v_neck {
            format!("L300 {}", t + self.front_neck)
        } else {
            format!("Q300 {} {l} {t}", t + 2 * self.front_neck)
        };
        format!(
            r#"<path d="M{l} {t}Q300 {} {r} {t}{front}Z" fill="{}" stroke="{}" stroke-width="4"/>"#,
            t + 2 * BACK_NECK,
            p.dark,
            p.dark
        )
    }

    /// A rib line following the front neckline.
    fn rib(&self) -> String {
        let (l, r, t) = (300 - self.neck - 8, 300 + self.neck + 8, self.top + 4);
        format!(
            r#"<path d="M{l} {t}Q300 {} {r} {t}"/>"#,
            self.top + 2 * self.front_neck + 22
        )
    }

    /// Seam lines across both sleeves, `depth` above their ends.
    fn cuffs(&self, depth: f64) -> String {
        let Some((outer, inner)) = self.sleeve_end() else {
            return String::new();
        };
        let a = toward(outer, self.shoulder_point(), depth);
        let b = toward(inner, self.armpit(), depth);
        let (ma, mb) = (mirror(a), mirror(b));
        format!(
            r#"<path d="M{} {}L{} {}M{} {}L{} {}"/>"#,
            a.0, a.1, b.0, b.1, ma.0, ma.1, mb.0, mb.1
        )
    }

    /// A stitch line across the body, `offset` above the hem.
    fn hem_line(&self, offset: i32) -> String {
        let (l, r, y) = (300 - self.hem + 6, 300 + self.hem - 6, self.length - offset);
        if self.hem_dip == 0 {
            format!(r#"<path d="M{l} {y}H{r}"/>"#)
        } else {
            format!(
                r#"<path d="M{l} {y}Q300 {} {r} {y}"/>"#,
                y + 2 * self.hem_dip
            )
        }
    }

    /// A small woven label inside the back neck.
    fn label(&self, p: &Palette) -> String {
        format!(
            r#"<rect x="289" y="{}" width="22" height="12" fill="{}" stroke="none"/>"#,
            self.top + 12,
            p.light
        )
    }
}

/// Mirrors a left-side shape onto the right side of the drawing.
fn both_sides(shape: &str) -> String {
    format!(r#"{shape}<g transform="matrix(-1 0 0 1 600 0)">{shape}</g>"#)
}

fn buttons(xs_ys: &[(i32, i32)], r: i32, fill: &str) -> String {
    xs_ys
        .iter()
        .map(|(x, y)| {
            format!(r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke-width="2"/>"#)
        })
        .collect()
}

fn column(x: i32, ys: &[i32]) -> Vec<(i32, i32)> {
    ys.iter().map(|&y| (x, y)).collect()
}

pub(super) fn tshirt(p: &Palette, back: bool) -> Drawing {
    let t = TEE;
    let mut over = t.cuffs(22.0) + &t.hem_line(20);
    let drawing = Drawing::new(t.outline(back), (300, 300), Texture::Knit);
    if back {
        over.push_str(&t.label(p));
        return drawing.over(over);
    }
    over.push_str(&t.rib());
    over.push_str(&format!(
        r#"<circle cx="300" cy="292" r="46" fill="{}" stroke="none"/><path d="M268 314L300 262L332 314Z" fill="{}" stroke="none"/>"#,
        p.light, p.dark
    ));
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn oversized_tshirt(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 52,
        shoulder: 152,
        chest: 142,
        waist: 142,
        hem: 145,
        top: 140,
        length: 690,
        drop: 30,
        sleeve: Sleeve::Elbow,
        front_neck: 40,
        ..TEE
    };
    let mut over = t.cuffs(24.0) + &t.hem_line(22);
    let drawing = Drawing::new(t.outline(back), (300, 360), Texture::Knit);
    if back {
        over.push_str(&t.label(p));
        return drawing.over(over);
    }
    over.push_str(&t.rib());
    over.push_str(&format!(
        r#"<circle cx="300" cy="360" r="78" fill="{}" stroke="none"/><g fill="{}" stroke="none"><rect x="218" y="368" width="164" height="10"/><rect x="218" y="392" width="164" height="12"/><rect x="218" y="418" width="164" height="14"/></g><circle cx="300" cy="360" r="78" fill="none" stroke="{}" stroke-width="6"/>"#,
        p.light, p.main, p.dark
    ));
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn shirt(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 44,
        shoulder: 128,
        chest: 118,
        waist: 116,
        top: 140,
        length: 660,
        sleeve: Sleeve::Long,
        front_neck: 26,
        hem_dip: 14,
        ..TEE
    };
    let mut over = t.cuffs(40.0);
    let drawing = Drawing::new(t.outline(back), (300, 230), Texture::Weave);
    if back {
        over.push_str(&format!(
            r#"<path d="M172 206Q300 226 428 206M300 214V264"/><path d="M256 140Q300 160 344 140L344 124Q300 144 256 124Z" fill="{}"/>"#,
            p.main
        ));
        return drawing.over(over);
    }
    over.push_str(&format!(
        r#"<path d="M300 182V670M322 245h56v60l-28 10l-28-10Z"/>{}<path d="M256 132L298 182L238 198L246 150ZM344 132L302 182L362 198L354 150Z" fill="{}"/>"#,
        buttons(&column(300, &[200, 265, 330, 395, 460, 525, 590]), 5, p.light),
        p.main
    ));
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn polo(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 44,
        shoulder: 128,
        hem: 118,
        length: 630,
        front_neck: 30,
        ..TEE
    };
    let mut over = t.cuffs(14.0) + &t.cuffs(24.0) + &t.hem_line(18);
    let drawing = Drawing::new(t.outline(back), (300, 215), Texture::Grain);
    if back {
        over.push_str(&format!(
            r#"<path d="M256 150Q300 176 344 150L344 134Q300 160 256 134Z" fill="{}"/>"#,
            p.main
        ));
        return drawing.over(over);
    }
    over.push_str(&format!(
        r#"<rect x="289" y="178" width="22" height="88"/>{}<circle cx="362" cy="258" r="9" fill="{}" stroke="none"/><path d="M258 144L298 178L244 194L250 158ZM342 144L302 178L356 194L350 158Z" fill="{}"/>"#,
        buttons(&column(300, &[202, 240]), 5, p.light),
        p.dark,
        p.main
    ));
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn hoodie(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 50,
        shoulder: 140,
        chest: 130,
        waist: 130,
        hem: 126,
        top: 160,
        length: 650,
        sleeve: Sleeve::Long,
        front_neck: 40,
        ..TEE
    };
    let mut over = t.cuffs(30.0) + &t.hem_line(36);
    let drawing = Drawing::new(t.outline(back), (300, 260), Texture::Knit);
    if back {
        over.push_str(&format!(
            r#"<path d="M230 164Q214 350 300 372Q386 350 370 164Z" fill="{}"/><path d="M300 170V368"/>"#,
            p.main
        ));
        return drawing.over(over);
    }
    let hood = format!(
        r#"<path d="M228 172C206 40 394 40 372 172Z" fill="{}" stroke="{}" stroke-width="4"/><path d="M254 168C242 82 358 82 346 168Z" fill="{}"/>"#,
        p.main, p.dark, p.dark
    );
    over.push_str(&format!(
        r#"<path d="M200 600L220 470H380L400 600Z"/><path d="M284 196l-6 110M316 196l6 110" stroke="{}" stroke-width="5"/>"#,
        p.light
    ));
    drawing.under(hood).over(over)
}

pub(super) fn sweatshirt(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        shoulder: 140,
        chest: 130,
        waist: 130,
        hem: 124,
        length: 630,
        sleeve: Sleeve::Long,
        front_neck: 34,
        ..TEE
    };
    let mut over =
        t.cuffs(30.0) + &t.hem_line(34) + r#"<path d="M250 154L170 260M350 154L430 260"/>"#;
    let drawing = Drawing::new(t.outline(back), (320, 240), Texture::Knit);
    if back {
        return drawing.over(over);
    }
    over.push_str(&t.rib());
    over.push_str(&format!(
        r#"<circle cx="352" cy="262" r="16" fill="{}" stroke="none"/>"#,
        p.light
    ));
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn jacket(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 50,
        shoulder: 140,
        chest: 132,
        waist: 132,
        hem: 130,
        length: 620,
        sleeve: Sleeve::Long,
        front_neck: 24,
        ..TEE
    };
    let mut over = t.cuffs(30.0) + &t.hem_line(36);
    let drawing = Drawing::new(t.outline(back), (300, 260), Texture::Twill);
    if back {
        over.push_str(&format!(
            r#"<path d="M168 250Q300 232 432 250"/><path d="M250 150Q300 168 350 150L354 130Q300 150 246 130Z" fill="{}"/>"#,
            p.main
        ));
        return drawing.over(over);
    }
    over.push_str(&format!(
        r#"<path d="M300 200V616" stroke="{}" stroke-width="8" stroke-dasharray="3 4"/><path d="M300 196V620M200 270h70v60h-70zM330 270h70v60h-70zM200 292h70M330 292h70"/><path d="M200 480l34-64M400 480l-34-64" stroke-width="6"/><rect x="294" y="208" width="12" height="26" rx="3" fill="{}"/><path d="M248 142L296 196L228 214L238 156ZM352 142L304 196L372 214L362 156Z" fill="{}"/>"#,
        p.light, p.light, p.main
    ));
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn blazer(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 42,
        shoulder: 134,
        chest: 122,
        waist: 112,
        hem: 124,
        top: 140,
        length: 670,
        sleeve: Sleeve::Long,
        front_neck: 20,
        ..TEE
    };
    let mut over = t.cuffs(34.0);
    let drawing = Drawing::new(t.outline(back), (300, 300), Texture::Twill);
    if back {
        over.push_str(&format!(
            r#"<path d="M300 160V670"/><path d="M258 140Q300 158 342 140L346 122Q300 142 254 122Z" fill="{}"/>"#,
            p.main
        ));
        return drawing.over(over);
    }
    let lapel = "M258 140L298 340L228 236L242 222L224 206L250 148Z";
    over.push_str(&format!(
        r#"<path d="M264 142L300 340L336 142Q300 160 264 142Z" fill="{SHIRT}"/><g fill="{}">{}</g><path d="M300 340V670M340 300h52"/>{}<path d="M190 500h74v18h-74zM336 500h74v18h-74z" fill="{}"/>"#,
        p.main,
        both_sides(&format!(r#"<path d="{lapel}"/>"#)),
        buttons(&column(300, &[385, 450]), 8, p.dark),
        p.main
    ));
    drawing.over(over)
}

pub(super) fn waistcoat(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 48,
        shoulder: 100,
        chest: 114,
        waist: 102,
        hem: 112,
        top: 160,
        length: 560,
        sleeve: Sleeve::None,
        front_neck: 180,
        v_neck: true,
        hem_dip: 12,
        ..TEE
    };
    let drawing = Drawing::new(t.outline(back), (300, 380), Texture::Weave);
    if back {
        return drawing.over(format!(
            r#"<path d="M300 176V570"/><rect x="240" y="420" width="120" height="16" fill="{}"/><rect x="290" y="414" width="20" height="28" stroke="{GOLD}"/>"#,
            p.main
        ));
    }
    let over = format!(
        r#"<path d="M300 340V570"/><path d="M190 440h56M354 440h56" stroke-width="5"/>{}"#,
        buttons(&column(300, &[362, 412, 462, 512]), 7, p.dark)
    );
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn nehru_jacket(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 40,
        shoulder: 112,
        chest: 120,
        waist: 118,
        hem: 122,
        length: 600,
        sleeve: Sleeve::None,
        front_neck: 34,
        ..TEE
    };
    let drawing = Drawing::new(t.outline(back), (300, 240), Texture::Weave);
    if back {
        return drawing.over(format!(
            r#"<path d="M300 166V600"/><path d="M260 150Q300 178 340 150L340 132Q300 160 260 132Z" fill="{}"/>"#,
            p.main
        ));
    }
    let over = format!(
        r#"<path d="M300 184V600"/><path d="M330 290h52M188 450h60M352 450h60" stroke-width="5"/>{}<path d="M260 150Q300 218 340 150L340 132Q300 200 260 132Z" fill="{}"/>"#,
        buttons(&column(300, &[210, 265, 320, 375, 430]), 6, p.light),
        p.main
    );
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn kurta(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 40,
        shoulder: 126,
        chest: 116,
        waist: 116,
        hem: 128,
        top: 140,
        length: 720,
        sleeve: Sleeve::Long,
        front_neck: 30,
        ..TEE
    };
    let mut over = t.cuffs(26.0) + r#"<path d="M176 720l4-100M424 720l-4-100"/>"#;
    let drawing = Drawing::new(t.outline(back), (300, 220), Texture::Weave);
    if back {
        over.push_str(&format!(
            r#"<path d="M260 140Q300 168 340 140L340 124Q300 152 260 124Z" fill="{}"/>"#,
            p.main
        ));
        return drawing.over(over);
    }
    over.push_str(&format!(
        r#"<rect x="290" y="168" width="20" height="150" fill="{}"/><path d="M282 170V326H318V170" stroke="{}" stroke-width="4" stroke-dasharray="2 7"/>{}<path d="M260 140Q300 200 340 140L340 124Q300 184 260 124Z" fill="{}"/>"#,
        p.light,
        p.light,
        buttons(&column(300, &[190, 235, 280]), 4, p.dark),
        p.main
    ));
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn kurti(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 44,
        shoulder: 118,
        chest: 110,
        waist: 108,
        hem: 170,
        length: 720,
        sleeve: Sleeve::ThreeQuarter,
        front_neck: 44,
        ..TEE
    };
    let drawing = Drawing::new(t.outline(back), (300, 230), Texture::Weave);
    if back {
        return drawing.over(t.cuffs(20.0) + &t.hem_line(24));
    }
    let over = format!(
        r#"<path d="M246 160Q300 272 354 160" stroke="{}" stroke-width="8" stroke-dasharray="1 12"/><path d="M236 166Q300 300 364 166M134 702H466" stroke="{GOLD}" stroke-width="4" stroke-dasharray="6 6"/><path d="M140 688H460" stroke="{}" stroke-width="10" stroke-dasharray="1 14"/><g stroke="{GOLD}">{}</g>"#,
        p.light,
        p.light,
        t.cuffs(20.0)
    );
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn top(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 50,
        shoulder: 124,
        chest: 118,
        waist: 104,
        hem: 120,
        top: 150,
        length: 530,
        sleeve: Sleeve::Cap,
        front_neck: 46,
        ..TEE
    };
    let drawing = Drawing::new(t.outline(back), (300, 250), Texture::Weave);
    if back {
        return drawing.over(format!(
            r#"<path d="M300 166V224"/><circle cx="300" cy="172" r="5" fill="{}"/>{}"#,
            p.light,
            t.hem_line(16)
        ));
    }
    let ruffle: String = (0..10).map(|_| "q12 12 24 0").collect();
    let over = format!(
        r#"<path d="M180 512{ruffle}"/><path d="M300 206L272 190V222ZM300 206L328 190V222Z" fill="{}"/><circle cx="300" cy="206" r="6" fill="{}"/>{}"#,
        p.light,
        p.dark,
        t.cuffs(10.0)
    );
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn dress(p: &Palette, back: bool) -> Drawing {
    let t = Top {
        neck: 48,
        shoulder: 108,
        chest: 106,
        waist: 90,
        hem: 215,
        top: 150,
        length: 730,
        sleeve: Sleeve::Cap,
        front_neck: 50,
        hem_dip: 10,
        ..TEE
    };
    let sash = format!(
        r#"<path d="M209 370L391 370L395 398L205 398Z" fill="{}"/>"#,
        p.light
    );
    let drawing = Drawing::new(t.outline(back), (300, 330), Texture::Weave);
    if back {
        return drawing.over(format!(
            r#"<path d="M300 166V370" stroke-dasharray="3 4"/>{sash}"#
        ));
    }
    let over = format!(
        r#"<path d="M262 400L236 700M338 400L364 700M300 400V730" stroke-opacity=".35"/>{sash}<path d="M360 384l-18 34l12 4zM360 384l18 34l-12 4z" fill="{}"/>"#,
        p.light
    );
    drawing.under(t.lining(p)).over(over)
}

pub(super) fn co_ord(p: &Palette, back: bool) -> Drawing {
    let crop = Top {
        neck: 44,
        shoulder: 104,
        chest: 98,
        waist: 98,
        hem: 100,
        top: 80,
        length: 320,
        front_neck: 34,
        ..TEE
    };
    let pants = Bottom {
        waist: 88,
        top: 350,
        band: 26,
        hip: 100,
        rise: 520,
        length: 770,
        hem_outer: 128,
        leg: 112,
    };
    let body = crop.outline(back) + &pants.outline();
    let over = crop.cuffs(16.0) + &crop.hem_line(14);
    let drawing = Drawing::new(body, (300, 300), Texture::Weave);
    if back {
        return drawing.over(over);
    }
    let print: String = [
        (250, 170),
        (340, 200),
        (280, 262),
        (220, 290),
        (370, 284),
        (240, 440),
        (360, 470),
        (250, 580),
        (350, 620),
        (216, 700),
        (392, 712),
    ]
    .iter()
    .map(|(x, y)| format!(r#"<circle cx="{x}" cy="{y}" r="11"/>"#))
    .collect();
    drawing.under(crop.lining(p)).over(format!(
        r#"{over}<g fill="{}" stroke="none">{print}</g><circle cx="300" cy="363" r="6" fill="{}"/>"#,
        p.light, p.light
    ))
}
