//! Text as both the index and the queries see it, before tantivy's tokenisers.

/// Lower case, compound garment words joined ("t-shirt", "t shirt" and "tshirt" are one word;
/// so are "co-ord" and "coord"), and `&` dropped, so that product text and what a shopper types
/// meet on the same words.
pub(crate) fn canonical(text: &str) -> String {
    let lower = text.to_lowercase();
    let mut joined = String::with_capacity(lower.len());
    let chars: Vec<char> = lower.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).and_then(|p| chars.get(p));
        let next = chars.get(i + 1);
        let between_letters =
            prev.is_some_and(|p| p.is_alphanumeric()) && next.is_some_and(|n| n.is_alphanumeric());
        match c {
            // "t-shirt" -> "tshirt", "co-ord" -> "coord"
            '-' if between_letters => {}
            '&' => joined.push(' '),
            _ => joined.push(c),
        }
    }
    // "t shirt" written with a space
    joined
        .replace("t shirt", "tshirt")
        .replace("track pants", "trackpants")
}

/// The words of canonical text: runs of letters and digits of two characters or more.
pub(crate) fn words(canonical: &str) -> Vec<String> {
    canonical
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2)
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compound_words_become_one() {
        assert_eq!(canonical("Navy Oversized T-shirt"), "navy oversized tshirt");
        assert_eq!(canonical("t shirt"), "tshirt");
        assert_eq!(canonical("Linen Co-ords"), "linen coords");
        assert_eq!(canonical("Cargos & Parachutes"), "cargos   parachutes");
        assert_eq!(canonical("black - white"), "black - white");
    }

    #[test]
    fn words_are_two_characters_or_more() {
        assert_eq!(words("a tshirt, in xl!"), vec!["tshirt", "in", "xl"]);
        assert_eq!(words("   "), Vec::<String>::new());
    }
}
