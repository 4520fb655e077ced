//! Words as the directory compares them, and the names it shows.

/// A normalised word: lower-case letters and digits only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token(pub(crate) String);

/// How a typed word met a word of the directory, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Match {
    Exact,
    /// The typed word begins the directory's.
    Begun,
    /// A letter or two off.
    Near,
}

/// The words of `text`: split at anything but letters and digits, lower-cased.
pub(crate) fn tokens(text: &str) -> impl Iterator<Item = Token> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| Token(w.to_lowercase()))
}

/// India Post's office-type endings: sub, branch and head offices.
const OFFICE_TYPES: [&str; 9] = [
    "so", "s.o", "s.o.", "bo", "b.o", "b.o.", "ho", "h.o", "h.o.",
];

/// The locality an office name stands for: "Bazargate SO" is Bazargate, "Fort H.O" is Fort.
/// India Post's own words for a main office ("GPO", "G.P.O.") stay: shoppers type them.
pub(crate) fn locality(office: &str) -> String {
    let words: Vec<&str> = office.split_whitespace().collect();
    let keep = match words.split_last() {
        Some((last, rest))
            if !rest.is_empty() && OFFICE_TYPES.contains(&last.to_lowercase().as_str()) =>
        {
            rest
        }
        _ => &words[..],
    };
    keep.join(" ")
}

/// "BENGALURU URBAN" as "Bengaluru Urban"; words already in mixed case stay as they are.
pub(crate) fn display_case(name: &str) -> String {
    name.split_whitespace()
        .map(|word| {
            if word.chars().any(char::is_lowercase) {
                return word.to_owned();
            }
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| {
                    first
                        .to_uppercase()
                        .chain(chars.flat_map(char::to_lowercase))
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect::<Vec<String>>()
        .join(" ")
}

/// The longest word compared letter by letter; longer ones only match exactly or by prefix.
const MAX_NEAR_LEN: usize = 40;

/// How close `typed` comes to `word` within `max` single-letter insertions, deletions, changes
/// or swaps of neighbours (optimal string alignment over bytes): `(whole, start)`, whether all
/// of `word` is that close, and whether some start of it is. Stops as soon as no alignment can
/// stay within `max`; allocates nothing.
pub(crate) fn near(typed: &str, word: &str, max: usize) -> (bool, bool) {
    let (a, b) = (typed.as_bytes(), word.as_bytes());
    if a.is_empty() {
        return (b.len() <= max, true);
    }
    if a.len() > MAX_NEAR_LEN {
        return (false, false);
    }
    // Only the first len(typed) + max letters of the word can take part in a near start.
    let b = &b[..b.len().min(a.len() + max).min(MAX_NEAR_LEN)];
    let width = b.len() + 1;
    let mut rows = [[0usize; MAX_NEAR_LEN + 1]; 3];
    for (j, cell) in rows[1][..width].iter_mut().enumerate() {
        *cell = j;
    }
    let (mut before, mut previous, mut current) = (0, 1, 2);
    for i in 1..=a.len() {
        rows[current][0] = i;
        let mut row_min = i;
        for j in 1..width {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[previous][j] + 1)
                .min(rows[current][j - 1] + 1)
                .min(rows[previous][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[before][j - 2] + 1);
            }
            rows[current][j] = d;
            row_min = row_min.min(d);
        }
        if row_min > max {
            return (false, false);
        }
        (before, previous, current) = (previous, current, before);
    }
    let last = &rows[previous][..width];
    let whole = word.len() == b.len() && last[b.len()] <= max;
    let start = last.iter().any(|d| *d <= max);
    (whole, start)
}

/// Whether `a` becomes `b` in at most `max` edits (see [`near`]).
#[cfg(test)]
pub(crate) fn distance_within(a: &str, b: &str, max: usize) -> bool {
    a.len().max(b.len()) <= MAX_NEAR_LEN && a.len().abs_diff(b.len()) <= max && near(a, b, max).0
        || a == b
}
