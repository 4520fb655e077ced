//! Queries built word by word from what the shopper typed; never parsed from text.

use std::ops::Bound;

use tantivy::Term;
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, FuzzyTermQuery, Occur, Query, RangeQuery,
    TermQuery,
};
use tantivy::schema::IndexRecordOption;

use crate::{Fields, Mode};

/// One word of the query as the index sees it.
#[derive(Debug, Clone)]
pub(crate) struct Word {
    /// Letters as typed, for the typo allowance.
    pub(crate) letters: usize,
    /// The stemmed word ("hoodies" -> "hoodi").
    pub(crate) stem: String,
    /// The unstemmed word, for prefix matches.
    pub(crate) prefix: String,
    /// Stems of its synonyms.
    pub(crate) synonyms: Vec<String>,
    /// Stems of the catalogue words it was probably meant to be (a short word with a typo, a
    /// spelling by sound); empty for a word the catalogue knows.
    pub(crate) corrections: Vec<String>,
}

/// What every answer must be, whatever the words.
#[derive(Debug, Clone)]
pub(crate) struct Filters {
    pub(crate) gender: Option<Term>,
    pub(crate) min_paise: Option<u64>,
    pub(crate) max_paise: Option<u64>,
}

/// Scores of the ways a word can match: an exact word is worth more than a synonym, a synonym
/// more than a prefix, a prefix more than a typo. Exact and synonym matches are scored by BM25
/// times the boost; prefix and typo matches score the boost alone, and so do corrections (a
/// short word with a typo, a spelling by sound), which count as typos.
const EXACT: f32 = 4.0;
const SYNONYM: f32 = 3.0;
const PREFIX: f32 = 2.0;
const TYPO: f32 = 1.0;
/// Added when the word is a brand's word or the start of one ("zar" for Zari Lane): the brand's
/// products come before others matched the same way, never above a better way of matching.
const BRAND: f32 = 0.5;

/// The typo allowance: one edit from 5 letters, two from 9, none below.
fn typos(letters: usize) -> u8 {
    match letters {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

pub(crate) fn build(
    fields: &Fields,
    words: &[Word],
    filters: &Filters,
    mode: Mode,
    every_word: bool,
) -> Box<dyn Query> {
    let last = words.len().saturating_sub(1);
    let occur = if every_word {
        Occur::Must
    } else {
        Occur::Should
    };
    let by_word: Vec<(Occur, Box<dyn Query>)> = words
        .iter()
        .enumerate()
        .map(|(i, word)| {
            (
                occur,
                word_query(fields, word, mode == Mode::Suggest && i == last),
            )
        })
        .collect();
    // The words form one clause, so that beside the filters' musts "any word" still means at
    // least one.
    let words_query: Box<dyn Query> = if by_word.is_empty() {
        Box::new(AllQuery)
    } else {
        Box::new(BooleanQuery::new(by_word))
    };
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, words_query)];
    if let Some(gender) = &filters.gender {
        clauses.push((
            Occur::Must,
            Box::new(TermQuery::new(gender.clone(), IndexRecordOption::Basic)),
        ));
    }
    if filters.min_paise.is_some() || filters.max_paise.is_some() {
        let bound = |paise: Option<u64>| {
            paise.map_or(Bound::Unbounded, |p| {
                Bound::Included(Term::from_field_u64(fields.price, p))
            })
        };
        // Scores nothing: only the words rank.
        clauses.push((
            Occur::Must,
            Box::new(ConstScoreQuery::new(
                Box::new(RangeQuery::new(
                    bound(filters.min_paise),
                    bound(filters.max_paise),
                )),
                0.0,
            )),
        ));
    }
    Box::new(BooleanQuery::new(clauses))
}

/// Every way one word may match; `typing` marks the half-typed last word of a suggestion.
fn word_query(fields: &Fields, word: &Word, typing: bool) -> Box<dyn Query> {
    let stemmed = |text: &str| Term::from_field_text(fields.stemmed, text);
    let plain = Term::from_field_text(fields.plain, &word.prefix);
    let mut ways: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    let mut add = |query: Box<dyn Query>, boost: f32| {
        ways.push((Occur::Should, Box::new(BoostQuery::new(query, boost))));
    };
    add(
        Box::new(TermQuery::new(
            stemmed(&word.stem),
            IndexRecordOption::WithFreqs,
        )),
        EXACT,
    );
    for synonym in &word.synonyms {
        add(
            Box::new(TermQuery::new(
                stemmed(synonym),
                IndexRecordOption::WithFreqs,
            )),
            SYNONYM,
        );
    }
    if typing || word.letters >= 3 {
        add(
            Box::new(FuzzyTermQuery::new_prefix(plain.clone(), 0, true)),
            PREFIX,
        );
        let brand = Term::from_field_text(fields.brand, &word.prefix);
        add(
            Box::new(ConstScoreQuery::new(
                Box::new(FuzzyTermQuery::new_prefix(brand, 0, true)),
                1.0,
            )),
            BRAND,
        );
    }
    // A typo and a correction are one way of matching: a word both find scores one typo.
    let mut typo_ways: Vec<(Occur, Box<dyn Query>)> = word
        .corrections
        .iter()
        .map(|correction| {
            let term: Box<dyn Query> = Box::new(TermQuery::new(
                stemmed(correction),
                IndexRecordOption::Basic,
            ));
            (Occur::Should, term)
        })
        .collect();
    let distance = typos(word.letters);
    if distance > 0 {
        // A half-typed word may be a typo of the start of a word; a finished one of the whole
        // (stemmed) word. The first covers the second, so a word gets one or the other.
        let typo: Box<dyn Query> = if typing {
            Box::new(FuzzyTermQuery::new_prefix(plain, distance, true))
        } else {
            Box::new(FuzzyTermQuery::new(stemmed(&word.stem), distance, true))
        };
        typo_ways.push((Occur::Should, typo));
    }
    if !typo_ways.is_empty() {
        add(
            Box::new(ConstScoreQuery::new(
                Box::new(BooleanQuery::new(typo_ways)),
                1.0,
            )),
            TYPO,
        );
    }
    Box::new(BooleanQuery::new(ways))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_typo_from_five_letters_two_from_nine() {
        assert_eq!(typos(4), 0);
        assert_eq!(typos(5), 1);
        assert_eq!(typos(8), 1);
        assert_eq!(typos(9), 2);
        assert_eq!(typos(20), 2);
    }
}
