//! A key for how a word sounds, tuned to how Indian English spells garments by ear: "kurthi"
//! and "kurti", "jeens" and "jeans", "lehnga" and "lehenga", "chudidar" and "churidar",
//! "shalwar" and "salwar", "duppata" and "dupatta" each share a key.
//!
//! Rules, in order, on the letters a-z (any other character: no key):
//! 1. sounds spelt two ways become one letter: `ph` -> f, `ck` and `q` -> k, `x` -> ks,
//!    `z` -> j, `w` -> v; `c` is `s` before e, i or y and `k` before other letters, except `ch`;
//! 2. an `h` after a consonant is dropped (the aspirates kh, gh, th, dh, bh, sh, ch);
//! 3. a `d` between vowels is `r` (the flapped retroflex: chudidar, churidar);
//! 4. a doubled letter is one (dupatta, duppata; jeens);
//! 5. vowels (and `y` after the first letter) are dropped, except a first letter, which is
//!    kept as `a`.

const VOWELS: &[char] = &['a', 'e', 'i', 'o', 'u'];

fn vowel(c: char) -> bool {
    VOWELS.contains(&c)
}

/// The sound key of a lower-case word, or `None` when it has a letter outside a-z.
pub(crate) fn key(word: &str) -> Option<String> {
    let letters: Vec<char> = word.chars().collect();
    if letters.is_empty() || !letters.iter().all(char::is_ascii_lowercase) {
        return None;
    }
    let at = |i: usize| letters.get(i).copied();
    let mut spoken: Vec<char> = Vec::with_capacity(letters.len() + 1);
    let mut i = 0;
    while i < letters.len() {
        let c = letters[i];
        let next = at(i + 1);
        match c {
            'p' if next == Some('h') => {
                spoken.push('f');
                i += 1;
            }
            'c' if next == Some('k') => {
                spoken.push('k');
                i += 1;
            }
            'c' if next == Some('h') => spoken.push('c'),
            'c' if matches!(next, Some('e' | 'i' | 'y')) => spoken.push('s'),
            'c' | 'q' => spoken.push('k'),
            'x' => spoken.extend(['k', 's']),
            'z' => spoken.push('j'),
            'w' => spoken.push('v'),
            'h' if spoken.last().is_some_and(|p| !vowel(*p)) => {}
            'd' if i > 0 && spoken.last().is_some_and(|p| vowel(*p)) && next.is_some_and(vowel) => {
                spoken.push('r');
            }
            _ => spoken.push(c),
        }
        i += 1;
    }
    spoken.dedup();
    let mut out = String::with_capacity(spoken.len());
    for (i, c) in spoken.into_iter().enumerate() {
        if i == 0 {
            out.push(if vowel(c) { 'a' } else { c });
        } else if !vowel(c) && c != 'y' {
            out.push(c);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_by_sound_share_a_key() {
        let same = [
            ("kurthi", "kurti"),
            ("jeens", "jeans"),
            ("lehnga", "lehenga"),
            ("chudidar", "churidar"),
            ("shalwar", "salwar"),
            ("salvar", "salwar"),
            ("duppata", "dupatta"),
            ("sneekers", "sneakers"),
            ("jhumki", "jumki"),
            ("sarree", "saree"),
            ("chappel", "chappal"),
            ("fotu", "photo"),
            ("kolapuri", "kolhapuri"),
            ("palazo", "palazzo"),
            ("dhoti", "doti"),
            ("anarkalli", "anarkali"),
        ];
        for (typed, word) in same {
            assert_eq!(key(typed), key(word), "{typed} / {word}");
        }
    }

    #[test]
    fn different_words_keep_different_keys() {
        let different = [
            ("bag", "rag"),
            ("shirt", "skirt"),
            ("kurta", "skirt"),
            ("saree", "shorts"),
            ("jeans", "gowns"),
            ("dress", "tress"),
        ];
        for (a, b) in different {
            assert_ne!(key(a), key(b), "{a} / {b}");
        }
        assert_eq!(key("Kurta"), None);
        assert_eq!(key("t-shirt"), None);
        assert_eq!(key(""), None);
        assert_eq!(key("ankle"), Some("ankl".to_owned()));
    }
}
