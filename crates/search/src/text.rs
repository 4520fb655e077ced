//! Text as both the index and the queries see it, before tantivy's tokenisers.

/// Compounds whose parts would mislead ("shirt" in "t-shirt" is not a shirt): indexed joined
/// only. Other hyphenated words ("new-arrival") are indexed joined and as their parts, so both
/// "newarrival" and "new arrival" find them.
const JOINED_ONLY: &[&str] = &["tshirt", "coord"];

/// Lower case, `&` dropped, and hyphenated words joined ("t-shirt", "t shirt" and "tshirt" are
/// one word; "new-arrival" is "newarrival" and "new arrival"), so that product text and what a
/// shopper types meet on the same words.
pub(crate) fn canonical(text: &str) -> String {
    let lower = text
        .to_lowercase()
        .replace('&', " ")
        .replace("t shirt", "tshirt")
        .replace("track pants", "trackpants");
    lower
        .split_whitespace()
        .map(|word| {
            let joined: String = word.chars().filter(|c| *c != '-').collect();
            if joined.len() == word.len() || JOINED_ONLY.iter().any(|j| joined.starts_with(j)) {
                joined
            } else {
                format!("{joined} {}", word.replace('-', " "))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
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
        assert_eq!(canonical("new-arrival"), "newarrival new arrival");
        assert_eq!(canonical("Cargos & Parachutes"), "cargos parachutes");
        assert_eq!(words(&canonical("black - white")), vec!["black", "white"]);
    }

    #[test]
    fn words_are_two_characters_or_more() {
        assert_eq!(words("a tshirt, in xl!"), vec!["tshirt", "in", "xl"]);
        assert_eq!(words("   "), Vec::<String>::new());
    }
}
