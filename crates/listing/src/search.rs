//! The collection's brand search (000 §5): a case-insensitive name-contains filter.

/// True when `name` contains `search` ignoring case (any script); blank text matches every
/// name.
pub fn brand_matches(name: &str, search: &str) -> bool {
    let search = search.trim();
    search.is_empty() || name.to_lowercase().contains(&search.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brand_search_is_a_case_insensitive_contains() {
        let table = [
            ("000 §5", "Urban Dhaaga", "urban", true),
            ("000 §5", "Urban Dhaaga", "DHAA", true),
            ("000 §5", "Urban Dhaaga", "an dh", true),
            ("000 §5", "Urban Dhaaga", "dhaga", false),
            ("000 §5", "Chowk Street Co.", "co.", true),
            ("000 §5", "Chowk Street Co.", "", true),
            ("000 §5", "Chowk Street Co.", "   ", true),
            ("000 §5", "Chowk Street Co.", " street ", true),
        ];
        for (spec, name, search, expected) in table {
            assert_eq!(
                brand_matches(name, search),
                expected,
                "{spec}: {name:?} / {search:?}"
            );
        }
    }
}
