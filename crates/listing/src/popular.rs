//! The search screen's popular searches (000 §8, §9): "words longer than 2 characters from 20
//! fetched products and tags", 6 of them, with the fallback Jeans, T-Shirts, Sneakers, Hoodies,
//! Shirts, Pants.

use std::collections::HashMap;

/// How many products the words come from.
pub const POPULAR_SEARCH_SAMPLE: usize = 20;
/// How many popular searches are shown.
pub const POPULAR_SEARCH_COUNT: usize = 6;
/// What the screen shows when there are no products to draw from (000 §8).
pub const POPULAR_SEARCH_FALLBACK: [&str; POPULAR_SEARCH_COUNT] = [
    "Jeans", "T-Shirts", "Sneakers", "Hoodies", "Shirts", "Pants",
];

/// The words of the first [`POPULAR_SEARCH_SAMPLE`] products' names and tags that are longer
/// than 2 characters, compared ignoring case, the most frequent first (ties keep the order in
/// which they first appear), written as first seen with a capital first letter. Fewer than
/// [`POPULAR_SEARCH_COUNT`] distinct words are topped up from the fallback.
///
/// Each product is its name and its tags. Punctuation around a word is dropped ("Cargos &
/// Parachutes" gives "Cargos" and "Parachutes"); inside a word it stays ("T-shirt").
pub fn popular_searches<'a, P, T>(products: P) -> Vec<String>
where
    P: IntoIterator<Item = (&'a str, T)>,
    T: IntoIterator<Item = &'a str>,
{
    // key -> (count, first position, display form)
    let mut seen: HashMap<String, (usize, usize, String)> = HashMap::new();
    let mut position = 0;
    for (name, tags) in products.into_iter().take(POPULAR_SEARCH_SAMPLE) {
        let texts = std::iter::once(name).chain(tags);
        for word in texts.flat_map(str::split_whitespace) {
            let word = word.trim_matches(|c: char| !c.is_alphanumeric());
            if word.chars().count() <= 2 || !word.chars().any(char::is_alphabetic) {
                continue;
            }
            let entry = seen
                .entry(word.to_lowercase())
                .or_insert_with(|| (0, position, capitalise(word)));
            entry.0 += 1;
            position += 1;
        }
    }
    let mut ranked: Vec<(usize, usize, String)> = seen.into_values().collect();
    ranked.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut words: Vec<String> = ranked
        .into_iter()
        .take(POPULAR_SEARCH_COUNT)
        .map(|(_, _, word)| word)
        .collect();
    for fallback in POPULAR_SEARCH_FALLBACK {
        if words.len() == POPULAR_SEARCH_COUNT {
            break;
        }
        if !words.iter().any(|w| w.eq_ignore_ascii_case(fallback)) {
            words.push(fallback.to_owned());
        }
    }
    words
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn popular(products: &[(&str, &[&str])]) -> Vec<String> {
        popular_searches(
            products
                .iter()
                .map(|(name, tags)| (*name, tags.iter().copied())),
        )
    }

    #[test]
    fn no_products_give_the_fallback() {
        // 000 §8: fallback popular searches Jeans, T-Shirts, Sneakers, Hoodies, Shirts, Pants.
        assert_eq!(
            popular(&[]),
            POPULAR_SEARCH_FALLBACK.map(String::from).to_vec()
        );
    }

    #[test]
    fn frequent_words_longer_than_two_characters_come_first() {
        let products: &[(&str, &[&str])] = &[
            ("Navy Cotton T-shirt", &["T-shirts", "casual", "navy"]),
            ("Black Slim Jeans", &["Jeans", "casual", "black"]),
            (
                "Navy Oversized Hoodie",
                &["Hoodies", "streetwear", "navy", "new-arrival"],
            ),
        ];
        assert_eq!(
            popular(products),
            vec!["Navy", "Casual", "Black", "Jeans", "Cotton", "T-shirt"]
        );
    }

    #[test]
    fn short_words_numbers_and_punctuation_are_left_out() {
        let products: &[(&str, &[&str])] = &[("Go 32 & Up", &["Cargos & Parachutes", "v2"])];
        assert_eq!(
            popular(products),
            vec![
                "Cargos",
                "Parachutes",
                "Jeans",
                "T-Shirts",
                "Sneakers",
                "Hoodies"
            ]
        );
    }

    #[test]
    fn case_does_not_split_a_word_and_the_first_form_is_kept() {
        let products: &[(&str, &[&str])] = &[("kurta", &["KURTA", "Kurta"])];
        let words = popular(products);
        assert_eq!(words[0], "Kurta");
        assert_eq!(
            words
                .iter()
                .filter(|w| w.eq_ignore_ascii_case("kurta"))
                .count(),
            1
        );
    }

    #[test]
    fn only_the_first_twenty_products_count() {
        let mut products: Vec<(&str, &[&str])> = vec![("Plain", &[]); POPULAR_SEARCH_SAMPLE];
        products.push(("Zebra Zebra Zebra", &[]));
        assert!(!popular(&products).contains(&"Zebra".to_owned()));
    }
}
