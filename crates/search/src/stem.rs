//! English stemming that remembers: a catalogue repeats a few thousand words over a million
//! products, and running the stemmer's algorithm on every token cost more than the rest of
//! tokenising. Stems are exactly tantivy's English [`Stemmer`]'s.

use std::collections::HashMap;

use tantivy::tokenizer::{
    Language, RawTokenizer, Stemmer, TextAnalyzer, Token, TokenFilter, TokenStream, Tokenizer,
};

/// Words remembered per analyser (each index writer thread has its own); past this the memory
/// starts afresh, so that no text can grow it without bound.
const REMEMBERED: usize = 50_000;

/// A token filter stemming English words, remembering each word's stem.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RememberingStemmer;

impl TokenFilter for RememberingStemmer {
    type Tokenizer<T: Tokenizer> = RememberingStemmerFilter<T>;

    fn transform<T: Tokenizer>(self, tokenizer: T) -> RememberingStemmerFilter<T> {
        RememberingStemmerFilter {
            inner: tokenizer,
            memory: Memory {
                stems: HashMap::new(),
                stemmer: TextAnalyzer::builder(RawTokenizer::default())
                    .filter(Stemmer::new(Language::English))
                    .build(),
            },
        }
    }
}

#[derive(Clone)]
pub(crate) struct RememberingStemmerFilter<T> {
    inner: T,
    memory: Memory,
}

#[derive(Clone)]
struct Memory {
    stems: HashMap<String, String>,
    /// The whole word as one token, stemmed: used for a word not met before.
    stemmer: TextAnalyzer,
}

impl Memory {
    fn stem(&mut self, word: &mut String) {
        if let Some(stem) = self.stems.get(word.as_str()) {
            word.clear();
            word.push_str(stem);
            return;
        }
        let stem = {
            let mut stream = self.stemmer.token_stream(word);
            if stream.advance() {
                stream.token().text.clone()
            } else {
                word.clone()
            }
        };
        if self.stems.len() >= REMEMBERED {
            self.stems.clear();
        }
        self.stems
            .insert(std::mem::replace(word, stem.clone()), stem);
    }
}

impl<T: Tokenizer> Tokenizer for RememberingStemmerFilter<T> {
    type TokenStream<'a> = RememberingStemmerStream<'a, T::TokenStream<'a>>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> Self::TokenStream<'a> {
        RememberingStemmerStream {
            tail: self.inner.token_stream(text),
            memory: &mut self.memory,
        }
    }
}

pub(crate) struct RememberingStemmerStream<'a, S> {
    tail: S,
    memory: &'a mut Memory,
}

impl<S: TokenStream> TokenStream for RememberingStemmerStream<'_, S> {
    fn advance(&mut self) -> bool {
        if !self.tail.advance() {
            return false;
        }
        self.memory.stem(&mut self.tail.token_mut().text);
        true
    }

    fn token(&self) -> &Token {
        self.tail.token()
    }

    fn token_mut(&mut self) -> &mut Token {
        self.tail.token_mut()
    }
}

#[cfg(test)]
mod tests {
    use tantivy::tokenizer::{LowerCaser, SimpleTokenizer};

    use super::*;

    fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
        let mut stream = analyzer.token_stream(text);
        let mut out = Vec::new();
        while stream.advance() {
            out.push(stream.token().text.clone());
        }
        out
    }

    #[test]
    fn stems_as_tantivy_does_the_first_time_and_every_time_after() {
        let mut plain = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .filter(Stemmer::new(Language::English))
            .build();
        let mut remembering = TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .filter(RememberingStemmer)
            .build();
        let text = "Running shoes; hoodies and KURTAS, embroidered running hoodies x";
        let want = tokens(&mut plain, text);
        assert_eq!(want[..3], ["run", "shoe", "hoodi"]);
        for _ in 0..3 {
            assert_eq!(tokens(&mut remembering, text), want);
        }
    }
}
