//! The twelve catalogue colours (001 §9) as paint: a fill, a darker shade for seams and
//! shadows, a lighter tint for highlights and prints, a pale background and a text colour.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Palette {
    pub(crate) main: &'static str,
    pub(crate) dark: &'static str,
    pub(crate) light: &'static str,
    pub(crate) bg: &'static str,
    /// Text drawn on `main` (logo initials).
    pub(crate) ink: &'static str,
}

const fn paint(
    main: &'static str,
    dark: &'static str,
    light: &'static str,
    bg: &'static str,
    ink: &'static str,
) -> Palette {
    Palette {
        main,
        dark,
        light,
        bg,
        ink,
    }
}

/// Same order as [`super::COLOURS`].
const PALETTES: [(&str, Palette); 12] = [
    (
        "black",
        paint("#2b2b2f", "#0c0c0e", "#5a5a62", "#e9e7e3", "#ffffff"),
    ),
    (
        "white",
        paint("#f7f7f4", "#b9b9b0", "#ffffff", "#dde4ec", "#1f2937"),
    ),
    (
        "gray",
        paint("#9a9ca3", "#5f6168", "#c9cbd1", "#eef0f3", "#ffffff"),
    ),
    (
        "navy",
        paint("#1f2f57", "#0f1a36", "#4a5d8f", "#e7ecf6", "#ffffff"),
    ),
    (
        "blue",
        paint("#2f6fd6", "#1c4a99", "#7ea8ee", "#e5effc", "#ffffff"),
    ),
    (
        "red",
        paint("#c8323c", "#861d25", "#e97880", "#fbe9ea", "#ffffff"),
    ),
    (
        "green",
        paint("#3f7d4a", "#26502e", "#7db487", "#e8f3ea", "#ffffff"),
    ),
    (
        "yellow",
        paint("#e8b923", "#a47f0d", "#f5d977", "#fdf6df", "#1f2937"),
    ),
    (
        "pink",
        paint("#e87fa8", "#b0507a", "#f7bcd3", "#fdedf3", "#ffffff"),
    ),
    (
        "purple",
        paint("#7b4fb0", "#4f2f7d", "#b395db", "#f1eaf8", "#ffffff"),
    ),
    (
        "brown",
        paint("#8a5a3b", "#573621", "#bf906f", "#f5ece5", "#ffffff"),
    ),
    (
        "orange",
        paint("#ef7d2d", "#a9531a", "#f8b07c", "#fdefe4", "#ffffff"),
    ),
];

/// Metal, soles, dials and pearls keep their own colour whatever the garment colour.
pub(crate) const GOLD: &str = "#d4a52c";
pub(crate) const SILVER: &str = "#c5c9d0";
pub(crate) const SOLE: &str = "#f4f3ef";
pub(crate) const DIAL: &str = "#fbfaf4";
pub(crate) const SHIRT: &str = "#f6f6f2";
pub(crate) const PEARL: &str = "#f6f0e2";
pub(crate) const LEATHER: &str = "#8a5a3b";

/// The paint of a catalogue colour name, `None` for any other name.
pub(crate) fn palette(colour: &str) -> Option<Palette> {
    PALETTES
        .iter()
        .find(|(name, _)| *name == colour)
        .map(|(_, palette)| *palette)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_colour_has_paint_in_the_same_order() {
        let names: Vec<&str> = PALETTES.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, super::super::COLOURS);
        assert!(palette("mauve").is_none());
    }
}
