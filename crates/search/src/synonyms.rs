//! The synonyms shoppers use for Indian fashion: one reviewed list. Each group's words find
//! each other's products; plurals need no entry (the index stems words), and compound words
//! are written as the index joins them ("tshirt" for "T-shirt", "coord" for "co-ord").
//!
//! To change the list, edit [`GROUPS`] and add a case to `tests/search.rs` showing the query
//! that now finds what it should.

/// Groups of interchangeable words.
pub const GROUPS: &[&[&str]] = &[
    &["tshirt", "tee", "tees"],
    &["jeans", "denim", "denims"],
    &["trousers", "pants", "chinos", "slacks"],
    &["hoodie", "hoody", "sweatshirt"],
    &["kurta", "kurti"],
    &["sneakers", "shoes", "trainers", "kicks"],
    &["cargo", "parachute"],
    &["saree", "sari"],
    &["lehenga", "lehnga", "ghagra", "chaniya"],
    &["jhumka", "jhumki", "earrings"],
    &["handbag", "bag", "purse", "tote"],
    &["watch", "wristwatch"],
    &["cap", "hat"],
    &["joggers", "trackpants", "sweatpants"],
    &["dress", "frock", "gown"],
    &["top", "blouse"],
    &["kolhapuri", "chappal", "sandals"],
    &["coord", "set"],
    &["nehru", "bandi", "modi"],
    &["waistcoat", "vest"],
    &["gray", "grey"],
];

/// The other words of every group `word` (canonical, lower case) belongs to, matching plurals
/// too ("tees" finds the "tee" group).
pub fn of(word: &str) -> impl Iterator<Item = &'static str> {
    let singular = word
        .strip_suffix("es")
        .into_iter()
        .chain(word.strip_suffix('s'));
    let forms: Vec<&str> = std::iter::once(word).chain(singular).collect();
    GROUPS
        .iter()
        .filter(move |group| group.iter().any(|w| forms.contains(w)))
        .flat_map(|group| group.iter().copied())
        .filter(move |w| *w != word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_finds_the_rest_of_its_group() {
        let tee: Vec<&str> = of("tee").collect();
        assert!(tee.contains(&"tshirt") && !tee.contains(&"tee"));
        let pants: Vec<&str> = of("pants").collect();
        assert!(pants.contains(&"trousers"));
        let kurtis: Vec<&str> = of("kurtis").collect();
        assert!(kurtis.contains(&"kurta"));
        assert_eq!(of("linen").count(), 0);
    }

    #[test]
    fn words_are_canonical_and_appear_once() {
        let mut seen = std::collections::HashSet::new();
        for word in GROUPS.iter().flat_map(|g| g.iter()) {
            assert_eq!(*word, word.to_lowercase(), "{word}");
            assert!(word.chars().all(char::is_alphanumeric), "{word}");
            assert!(seen.insert(*word), "{word} is in two groups");
        }
    }
}
