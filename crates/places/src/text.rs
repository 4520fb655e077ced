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

/// Whether `a` becomes `b` in at most `max` single-letter insertions, deletions, changes or
/// swaps of neighbours (optimal string alignment), without computing further than `max`.
pub(crate) fn distance_within(a: &str, b: &str, max: usize) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return false;
    }
    let width = b.len() + 1;
    let mut before: Vec<usize> = vec![0; width];
    let mut previous: Vec<usize> = (0..width).collect();
    let mut current: Vec<usize> = vec![0; width];
    for i in 1..=a.len() {
        current[0] = i;
        let mut row_min = current[0];
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            current[j] = d;
            row_min = row_min.min(d);
        }
        if row_min > max {
            return false;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()] <= max
}
