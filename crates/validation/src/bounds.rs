//! How much free text the server keeps about a shopper. The browser's forms have no length
//! rules (000 §5, 001 §5 give none); these bounds keep one request from storing megabytes in a
//! user row that every signed-in call reads. A text over its bound is
//! [`ValidationError::TooLong`] ('Must be at most N characters', ours), counted in characters
//! after trimming.

use crate::ValidationError;

/// A display name or full name.
pub const MAX_NAME_CHARS: usize = 100;
/// A delivery location typed at sign-in.
pub const MAX_LOCATION_CHARS: usize = 200;
/// One onboarding choice: an age range, a style interest, a fit.
pub const MAX_CHOICE_CHARS: usize = 50;
/// An e-mail address (RFC 5321 allows no longer path).
pub const MAX_EMAIL_CHARS: usize = 254;
/// Recent delivery locations kept on a user, most recent first.
pub const MAX_RECENT_LOCATIONS: usize = 5;

/// `Ok` when `text`, trimmed, has at most `max` characters.
pub fn at_most(text: &str, max: usize) -> Result<(), ValidationError> {
    if text.trim().chars().count() > max {
        Err(ValidationError::TooLong(max))
    } else {
        Ok(())
    }
}

/// `Ok` when every one of `choices` is within [`MAX_CHOICE_CHARS`].
pub fn choices_at_most(choices: &[String]) -> Result<(), ValidationError> {
    choices
        .iter()
        .try_for_each(|choice| at_most(choice, MAX_CHOICE_CHARS))
}

/// The saved locations once `location` is used: it first, then the earlier ones most recent
/// first, each once, at most [`MAX_RECENT_LOCATIONS`].
pub fn remember_location(saved: &[String], location: &str) -> Vec<String> {
    std::iter::once(location)
        .chain(saved.iter().map(String::as_str).filter(|s| *s != location))
        .take(MAX_RECENT_LOCATIONS)
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn texts_are_bounded_by_characters_after_trimming() {
        let table = [
            ("", 3, true),
            ("abc", 3, true),
            ("  abc  ", 3, true),
            ("abcd", 3, false),
            // Characters, not bytes: four two-byte letters are four.
            ("éééé", 4, true),
            ("ééééé", 4, false),
            ("अनन्या", 6, true),
        ];
        for (text, max, ok) in table {
            assert_eq!(at_most(text, max).is_ok(), ok, "{text:?} within {max}");
        }
        let refused = at_most(&"x".repeat(60_000), MAX_NAME_CHARS);
        assert_eq!(refused, Err(ValidationError::TooLong(MAX_NAME_CHARS)));
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("Must be at most 100 characters".to_owned())
        );
    }

    #[test]
    fn every_choice_is_bounded() {
        let fine = vec!["Streetwear".to_owned(), "x".repeat(MAX_CHOICE_CHARS)];
        assert_eq!(choices_at_most(&fine), Ok(()));
        let long = vec!["Minimal".to_owned(), "x".repeat(MAX_CHOICE_CHARS + 1)];
        assert_eq!(
            choices_at_most(&long),
            Err(ValidationError::TooLong(MAX_CHOICE_CHARS))
        );
    }

    #[test]
    fn recent_locations_follow_the_table() {
        let list = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let table = [
            (list(&[]), "Pune", list(&["Pune"])),
            (list(&["Pune"]), "Pune", list(&["Pune"])),
            (list(&["Pune", "Delhi"]), "Delhi", list(&["Delhi", "Pune"])),
            (
                list(&["A", "B", "C", "D", "E"]),
                "F",
                list(&["F", "A", "B", "C", "D"]),
            ),
            (
                list(&["A", "B", "C", "D", "E"]),
                "C",
                list(&["C", "A", "B", "D", "E"]),
            ),
            // A list grown long before the bound existed is cut on the next save.
            (
                list(&["A", "B", "C", "D", "E", "F", "G"]),
                "H",
                list(&["H", "A", "B", "C", "D"]),
            ),
        ];
        for (saved, location, expected) in table {
            assert_eq!(
                remember_location(&saved, location),
                expected,
                "{saved:?} + {location}"
            );
        }
    }

    proptest! {
        #[test]
        fn recent_locations_stay_bounded_distinct_and_newest_first(
            saves in proptest::collection::vec("[a-e]", 0..40)
        ) {
            let mut saved: Vec<String> = Vec::new();
            for location in &saves {
                saved = remember_location(&saved, location);
                prop_assert!(saved.len() <= MAX_RECENT_LOCATIONS);
                prop_assert_eq!(saved.first(), Some(location));
                let mut distinct = saved.clone();
                distinct.sort();
                distinct.dedup();
                prop_assert_eq!(distinct.len(), saved.len());
            }
        }
    }
}
