//! The catalogue's own words, learnt as products are indexed: what a short word with a typo or
//! a word spelt by sound was meant to be. Only words the catalogue does not know are corrected,
//! and only to words it does ("bag" is a catalogue word, so it never becomes "rag").
//!
//! Lookups are hash-map reads, never a scan of the words: a word of 3 to 5 letters is filed
//! under itself and each of its one-letter deletions (a symmetric deletion index), so a 4-letter
//! word's candidates at one edit are found with 5 reads; every word is filed under its
//! [`sound::key`].

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::sound;

/// Most catalogue words one typed word is corrected to.
pub(crate) const MOST_CORRECTIONS: usize = 2;
/// Shortest sound key matched: shorter keys sound like too many words ("sr" is saree, sari,
/// suede and sure).
const SHORTEST_KEY: usize = 3;
/// Most letters a word spelt by sound may differ in length from the catalogue's word.
const SOUND_LENGTH_SLACK: usize = 3;

#[derive(Debug, Default)]
pub(crate) struct Vocabulary {
    /// Each word with how often the catalogue uses it.
    counts: HashMap<String, u32>,
    /// The same words sorted, for "is this the start of a word".
    sorted: BTreeSet<String>,
    /// Stems of the words: "bags" is known because "bag" is.
    stems: HashSet<String>,
    /// Words of 3 to 5 letters by themselves and by each one-letter deletion.
    deletions: HashMap<String, Vec<String>>,
    /// Words by sound key.
    sounds: HashMap<String, Vec<String>>,
}

impl Vocabulary {
    /// Learns one use of `word` (lower case, unstemmed) whose stem is `stem`.
    /// Counts `word` once more when it is known already (its stem is known with it), which
    /// spares a catalogue of a million products stemming the same few thousand words again.
    pub(crate) fn count_again(&mut self, word: &str) -> bool {
        self.counts.get_mut(word).map(|count| *count += 1).is_some()
    }

    pub(crate) fn add(&mut self, word: &str, stem: &str) {
        if !self.stems.contains(stem) {
            self.stems.insert(stem.to_owned());
        }
        let count = self.counts.entry(word.to_owned()).or_insert(0);
        *count += 1;
        if *count > 1 || !word.chars().all(|c| c.is_ascii_lowercase()) {
            return;
        }
        self.sorted.insert(word.to_owned());
        if (3..=5).contains(&word.len()) {
            for variant in std::iter::once(word.to_owned()).chain(deletions(word)) {
                self.deletions
                    .entry(variant)
                    .or_default()
                    .push(word.to_owned());
            }
        }
        if let Some(key) = sound::key(word).filter(|k| k.len() >= SHORTEST_KEY) {
            self.sounds.entry(key).or_default().push(word.to_owned());
        }
    }

    /// Whether the catalogue uses `word` or a word with its `stem`.
    pub(crate) fn knows(&self, word: &str, stem: &str) -> bool {
        self.counts.contains_key(word) || self.stems.contains(stem)
    }

    /// Whether some catalogue word starts with `start`.
    pub(crate) fn starts_a_word(&self, start: &str) -> bool {
        self.sorted
            .range::<str, _>((std::ops::Bound::Included(start), std::ops::Bound::Unbounded))
            .next()
            .is_some_and(|w| w.starts_with(start))
    }

    /// The catalogue words `typed` (a word the catalogue does not know) was probably meant to
    /// be, most used first, at most [`MOST_CORRECTIONS`]: for 3 letters, two neighbouring
    /// letters swapped ("tpo"); for 4, one edit ("jeas", "sare"); from 4, the same sound key
    /// ("kurthi", "duppata").
    pub(crate) fn corrections(&self, typed: &str) -> Vec<&str> {
        if !typed.chars().all(|c| c.is_ascii_lowercase()) {
            return Vec::new();
        }
        let mut found: Vec<&str> = Vec::new();
        let letters = typed.len();
        if (3..=4).contains(&letters) {
            for variant in std::iter::once(typed.to_owned()).chain(deletions(typed)) {
                for word in self.deletions.get(&variant).into_iter().flatten() {
                    let close = if letters == 3 {
                        swapped(typed, word)
                    } else {
                        one_edit(typed, word)
                    };
                    if close {
                        found.push(word);
                    }
                }
            }
        }
        if letters >= 4
            && let Some(key) = sound::key(typed).filter(|k| k.len() >= SHORTEST_KEY)
        {
            found.extend(
                self.sounds
                    .get(&key)
                    .into_iter()
                    .flatten()
                    .filter(|w| w.len().abs_diff(letters) <= SOUND_LENGTH_SLACK)
                    .map(String::as_str),
            );
        }
        found.sort_unstable_by(|a, b| {
            let count = |w: &str| self.counts.get(w).copied().unwrap_or(0);
            count(b).cmp(&count(a)).then(a.cmp(b))
        });
        found.dedup();
        found.truncate(MOST_CORRECTIONS);
        found
    }
}

/// `word` with each one letter left out (ASCII only).
fn deletions(word: &str) -> impl Iterator<Item = String> + '_ {
    (0..word.len()).map(move |i| format!("{}{}", &word[..i], &word[i + 1..]))
}

/// Same letters, two neighbours swapped.
fn swapped(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && swapped_bytes(a, b, &differences(a, b))
}

fn differences(a: &[u8], b: &[u8]) -> Vec<usize> {
    (0..a.len()).filter(|&i| a[i] != b[i]).collect()
}

/// Exactly one edit apart: a letter added, dropped, changed, or two neighbours swapped.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a == b {
        return false;
    }
    match a.len().abs_diff(b.len()) {
        0 => {
            let differ = differences(a, b);
            differ.len() == 1 || swapped_bytes(a, b, &differ)
        }
        1 => {
            let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
            let first = (0..short.len())
                .find(|&i| short[i] != long[i])
                .unwrap_or(short.len());
            short[first..] == long[first + 1..]
        }
        _ => false,
    }
}

fn swapped_bytes(a: &[u8], b: &[u8], differ: &[usize]) -> bool {
    matches!(differ, [i, j] if *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits() {
        assert!(one_edit("jeas", "jeans"));
        assert!(one_edit("sare", "saree"));
        assert!(one_edit("tpos", "tops"));
        assert!(one_edit("kurt", "kurta"));
        assert!(one_edit("bagg", "bag"));
        assert!(one_edit("vest", "best"));
        assert!(!one_edit("vest", "vest"));
        assert!(!one_edit("jens", "jeans1"));
        assert!(!one_edit("abcd", "badc"));
        assert!(swapped("tpo", "top"));
        assert!(!swapped("rag", "bag"));
        assert!(!swapped("top", "top"));
    }

    fn vocabulary(words: &[(&str, u32)]) -> Vocabulary {
        let mut v = Vocabulary::default();
        for (word, uses) in words {
            for _ in 0..*uses {
                v.add(word, word);
            }
        }
        v
    }

    #[test]
    fn corrections_prefer_the_most_used_word() {
        let v = vocabulary(&[
            ("kurta", 30),
            ("kurti", 10),
            ("kurtas", 1),
            ("jeans", 9),
            ("saree", 5),
            ("top", 20),
            ("bag", 4),
            ("dupatta", 1),
        ]);
        let table: &[(&str, &[&str])] = &[
            ("kurt", &["kurta", "kurti"]),
            ("jeas", &["jeans"]),
            ("sare", &["saree"]),
            ("tpo", &["top"]),
            ("duppata", &["dupatta"]),
            ("kurthi", &["kurta", "kurti"]),
            ("rag", &[]),
            ("tip", &[]),
            ("zzzz", &[]),
            ("KURT", &[]),
        ];
        for (typed, wanted) in table {
            assert_eq!(v.corrections(typed), *wanted, "{typed}");
        }
        assert!(v.knows("bag", "bag") && v.knows("bags", "bag") && !v.knows("rag", "rag"));
        assert!(v.starts_a_word("kur") && !v.starts_a_word("kx"));
    }
}
