//! # search: the product search engine
//!
//! Full-text search over the catalogue, built for a shopper typing on a phone: typo tolerance
//! (one typo from 5 letters, two from 9; in shorter words the catalogue does not use, one edit
//! from 4 letters and a swap in 3, corrected to the catalogue's own words), spellings by sound
//! ("kurthi", "lehnga"), prefixes while typing, plurals (English stemming), the synonyms Indian
//! fashion shoppers use ([`synonyms`], one reviewed list), colour plus garment ("black
//! cargo"), brand names and fragments ("urban dha", "zar saree"), and price words ("kurta
//! under 1500", [`price_words`]). Exact matches rank above synonym matches, which rank above
//! prefix matches, which rank above typos and spellings by sound; a brand's products come
//! before others matched the same way; newer products win ties.
//!
//! The index lives in memory (tantivy's RAM directory), is built from [`SearchDoc`]s at start
//! and kept in step with [`SearchIndex::update`]. Queries are built
//! term by term from the shopper's words: user text never reaches a query language.
//!
//! Owns: tokenising, the synonym list, the catalogue's vocabulary, price words, query building
//! and ranking. Knows nothing of HTTP or the database: it indexes the documents it is given and
//! answers product ids.

pub mod price;
mod query;
mod sound;
mod stem;
pub mod synonyms;
mod text;
mod vocabulary;

pub use price::{PriceWords, price_words};

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, RwLock};

use hashbrown::HashTable;
use tantivy::collector::TopDocs;
use tantivy::query::Query;
use tantivy::query::doc_predicate_query::{DocPredicateQuery, FunctionPredicate};
use tantivy::schema::{
    FAST, Field, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RemoveLongFilter, SimpleTokenizer, TextAnalyzer,
};
use tantivy::{DocAddress, Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};
use vocabulary::Vocabulary;

/// Longest search text taken into account, in characters; the rest is ignored.
pub const MAX_QUERY_CHARS: usize = 100;
/// Most words of a query that are searched for.
pub const MAX_QUERY_WORDS: usize = 8;

const STEMMED: &str = "shop_stemmed";
const PLAIN: &str = "shop_plain";
/// Longest token indexed; longer "words" are noise (a pasted URL, say).
const MAX_TOKEN_BYTES: usize = 40;
/// Memory the index writer may use while indexing, shared by its threads.
const WRITER_MEMORY_BYTES: usize = 64 * 1024 * 1024;

/// What is searchable about one product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchDoc {
    pub id: String,
    pub name: String,
    pub brand: String,
    /// Category names, top-level first.
    pub categories: Vec<String>,
    pub tags: Vec<String>,
    pub colour: String,
    /// "male", "female" or "unisex".
    pub gender: String,
    /// Larger is newer (milliseconds since the epoch, say); breaks ties between equal scores.
    pub recency: u64,
    /// The plain price, which price words ("under 1500") bound.
    pub price_paise: u64,
}

#[derive(Debug, thiserror::Error)]
#[error("search index: {0}")]
pub struct SearchError(#[from] tantivy::TantivyError);

#[derive(Debug, Clone, Copy)]
struct Fields {
    gender: Field,
    /// Everything searchable, stemmed: exact, synonym and typo matches.
    stemmed: Field,
    /// The same words unstemmed: prefix matches ("hood" in "hoodie" before stemming cuts it).
    plain: Field,
    /// The brand's words, unstemmed: a brand or its start ranks its products up.
    brand: Field,
    recency: Field,
    price: Field,
    /// Where the product id sits in [`Keys`]: read from a fast field, so an answer never opens
    /// the compressed document store, and matched by a fast-field scan to delete a product's
    /// document. The id itself is not indexed: a million unique terms made its term dictionary
    /// the index's costliest part to build and merge, for nothing but deletes.
    key: Field,
}

/// Which product each document is: a document's `key` is its place in `ids`, and `live`
/// finds a product's current key from its id.
#[derive(Default)]
struct Keys {
    /// Product ids by key; a changed product gets a new key, so the list only grows until the
    /// next full rebuild.
    ids: Vec<String>,
    /// The key of each product's live document, hashed by the id it stands for (`ids[key]`),
    /// so that the ids are not kept twice.
    live: HashTable<usize>,
    hasher: RandomState,
}

impl Keys {
    fn id(&self, key: u64) -> Option<&str> {
        self.ids.get(usize::try_from(key).ok()?).map(String::as_str)
    }

    /// The live key of product `id`.
    fn live(&self, id: &str) -> Option<u64> {
        let ids = &self.ids;
        self.live
            .find(self.hasher.hash_one(id), |&k| ids[k] == id)
            .map(|&k| k as u64)
    }

    /// A key for a new document of product `id`. It becomes the product's live key only when
    /// [`Keys::settle`] is called, once the document is committed.
    fn next(&mut self, id: &str) -> u64 {
        self.ids.push(id.to_owned());
        (self.ids.len() - 1) as u64
    }

    /// Makes `key` the live key of its product, in place of any earlier one.
    fn settle(&mut self, key: u64) {
        let Some(key) = usize::try_from(key).ok().filter(|&k| k < self.ids.len()) else {
            return;
        };
        let Self { ids, live, hasher } = self;
        let id = ids[key].as_str();
        match live.entry(
            hasher.hash_one(id),
            |&k| ids[k] == id,
            |&k| hasher.hash_one(ids[k].as_str()),
        ) {
            hashbrown::hash_table::Entry::Occupied(mut e) => *e.get_mut() = key,
            hashbrown::hash_table::Entry::Vacant(e) => {
                e.insert(key);
            }
        }
    }

    /// Forgets product `id`'s live key.
    fn forget(&mut self, id: &str) {
        let ids = &self.ids;
        if let Ok(e) = self
            .live
            .find_entry(self.hasher.hash_one(id), |&k| ids[k] == id)
        {
            e.remove();
        }
    }
}

/// A search index over the catalogue's products.
pub struct SearchIndex {
    reader: IndexReader,
    keys: RwLock<Keys>,
    writer: Mutex<IndexWriter>,
    fields: Fields,
    /// The indexed words, for short words with a typo and spellings by sound; only grows until
    /// the next full rebuild, like `ids`.
    vocabulary: RwLock<Vocabulary>,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("docs", &self.reader.searcher().num_docs())
            .finish()
    }
}

/// What the shopper asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A submitted search: every word counts as typed.
    Search,
    /// Live suggestions: the last word may still be half-typed, so it also matches as a prefix.
    Suggest,
}

impl SearchIndex {
    /// Indexes `docs` in memory.
    pub fn build(docs: impl IntoIterator<Item = SearchDoc>) -> Result<Self, SearchError> {
        let mut schema = Schema::builder();
        let text = |analyzer: &str, record: IndexRecordOption| {
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(analyzer)
                    .set_index_option(record),
            )
        };
        let fields = Fields {
            gender: schema.add_text_field("gender", STRING),
            stemmed: schema.add_text_field("stemmed", text(STEMMED, IndexRecordOption::WithFreqs)),
            plain: schema.add_text_field("plain", text(PLAIN, IndexRecordOption::Basic)),
            brand: schema.add_text_field("brand", text(PLAIN, IndexRecordOption::Basic)),
            recency: schema.add_u64_field("recency", FAST),
            price: schema.add_u64_field("price", FAST),
            key: schema.add_u64_field("key", FAST),
        };
        let index = Index::create_in_ram(schema.build());
        index.tokenizers().register(STEMMED, stemmed_analyzer());
        index.tokenizers().register(PLAIN, plain_analyzer());
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
        let writer = index.writer_with_num_threads(threads, WRITER_MEMORY_BYTES)?;
        let mut keys = Keys::default();
        let mut added = Vec::new();
        let mut vocabulary = Vocabulary::default();
        let mut learner = Learner::default();
        for doc in docs {
            let text = searchable_text(&doc);
            let key = keys.next(&doc.id);
            writer.add_document(document(&fields, &doc, &text, key))?;
            learner.learn(&mut vocabulary, &text);
            added.push(key);
        }
        let mut writer = writer;
        writer.commit()?;
        for key in added {
            keys.settle(key);
        }
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(Self {
            reader,
            keys: RwLock::new(keys),
            writer: Mutex::new(writer),
            fields,
            vocabulary: RwLock::new(vocabulary),
        })
    }

    /// Removes the documents with the ids in `remove` and adds `upsert`, replacing any document
    /// with the same id (of several with one id in `upsert`, the last counts), in one commit;
    /// visible to searches on return. On an error the index is as it was (its vocabulary may have
    /// learnt the new words: it only grows until the next full rebuild).
    pub fn update(&self, remove: &[String], upsert: &[SearchDoc]) -> Result<(), SearchError> {
        // A poisoned lock only means another change panicked mid-way; the writer itself is
        // still consistent (uncommitted work is simply dropped by the next commit's rollback).
        let mut writer = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let mut last: HashMap<&str, &SearchDoc> = HashMap::with_capacity(upsert.len());
        for doc in upsert {
            last.insert(&doc.id, doc);
        }
        let (gone, added) = {
            let mut keys = self.keys.write().unwrap_or_else(|e| e.into_inner());
            let mut gone: Vec<u64> = remove
                .iter()
                .map(String::as_str)
                .chain(last.keys().copied())
                .filter_map(|id| keys.live(id))
                .collect();
            gone.sort_unstable();
            gone.dedup();
            let added: Vec<(u64, &SearchDoc)> = last
                .values()
                .map(|&doc| (keys.next(&doc.id), doc))
                .collect();
            (gone, added)
        };
        let applied = (|| {
            if !gone.is_empty() {
                writer.delete_query(Box::new(documents_of(Arc::new(gone))))?;
            }
            let mut vocabulary = self.vocabulary.write().unwrap_or_else(|e| e.into_inner());
            let mut learner = Learner::default();
            for &(key, doc) in &added {
                let text = searchable_text(doc);
                writer.add_document(document(&self.fields, doc, &text, key))?;
                learner.learn(&mut vocabulary, &text);
            }
            writer.commit()
        })();
        if let Err(e) = applied {
            writer.rollback()?;
            return Err(e.into());
        }
        {
            let mut keys = self.keys.write().unwrap_or_else(|e| e.into_inner());
            for id in remove {
                keys.forget(id);
            }
            for &(key, _) in &added {
                keys.settle(key);
            }
        }
        self.reader.reload()?;
        Ok(())
    }

    /// Number of searchable documents.
    pub fn len(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The ids of the best `limit` products for `text`, best first; `gender` keeps only that
    /// gender's products. Blank text finds nothing. Price words ("under 1500", see
    /// [`price_words`]) bound the plain price; price words alone find the newest products in
    /// the bound. Every other word must match (exactly, by a synonym, as a prefix, with a typo
    /// or by sound); when no product matches every word, products matching any of them are
    /// answered instead.
    pub fn search(
        &self,
        text: &str,
        gender: Option<&str>,
        mode: Mode,
        limit: usize,
    ) -> Result<Vec<String>, SearchError> {
        let text: String = text.chars().take(MAX_QUERY_CHARS).collect();
        let price = price_words(&text);
        let words = self.analyse(&price.rest, mode);
        if (words.is_empty() && !price.is_bounded()) || limit == 0 {
            return Ok(Vec::new());
        }
        let filters = query::Filters {
            gender: gender.map(|g| Term::from_field_text(self.fields.gender, g)),
            min_paise: price.min_paise,
            max_paise: price.max_paise,
        };
        let strict = query::build(&self.fields, &words, &filters, mode, true);
        let found = self.top(strict.as_ref(), limit)?;
        if !found.is_empty() || words.len() <= 1 {
            return Ok(found);
        }
        let loose = query::build(&self.fields, &words, &filters, mode, false);
        self.top(loose.as_ref(), limit)
    }

    fn top(&self, query: &dyn Query, limit: usize) -> Result<Vec<String>, SearchError> {
        let searcher = self.reader.searcher();
        let collector =
            TopDocs::with_limit(limit).tweak_score(move |segment: &tantivy::SegmentReader| {
                let column = |name: &str| {
                    segment
                        .fast_fields()
                        .u64(name)
                        .ok()
                        .map(|column| column.first_or_default_col(0))
                };
                let (recency, key) = (column("recency"), column("key"));
                move |doc: tantivy::DocId, score: tantivy::Score| {
                    let read =
                        |c: &Option<std::sync::Arc<dyn tantivy::columnar::ColumnValues<u64>>>| {
                            c.as_ref().map_or(0, |column| column.get_val(doc))
                        };
                    (score, read(&recency), read(&key))
                }
            });
        let hits: Vec<((tantivy::Score, u64, u64), DocAddress)> =
            searcher.search(query, &collector)?;
        let keys = self.keys.read().unwrap_or_else(|e| e.into_inner());
        Ok(hits
            .into_iter()
            .filter_map(|((_, _, key), _)| keys.id(key).map(str::to_owned))
            .collect())
    }

    /// The query's words, each as the index sees it: stemmed, plain for prefixes, and what a
    /// word the catalogue does not know was probably meant to be.
    fn analyse(&self, text: &str, mode: Mode) -> Vec<query::Word> {
        let mut stemmed = stemmed_analyzer();
        let mut plain = plain_analyzer();
        let vocabulary = self.vocabulary.read().unwrap_or_else(|e| e.into_inner());
        let typed_words: Vec<String> = text::words(&text::canonical(text))
            .into_iter()
            .take(MAX_QUERY_WORDS)
            .collect();
        let last = typed_words.len().saturating_sub(1);
        typed_words
            .into_iter()
            .enumerate()
            .filter_map(|(i, typed)| {
                let stem = first_token(&mut stemmed, &typed)?;
                let prefix = first_token(&mut plain, &typed)?;
                let synonyms: Vec<String> = synonyms::of(&typed)
                    .filter_map(|alt| first_token(&mut stemmed, &text::canonical(alt)))
                    .filter(|alt| *alt != stem)
                    .collect();
                // A half-typed word that starts a catalogue word is not a typo yet.
                let typing = mode == Mode::Suggest && i == last;
                let known = vocabulary.knows(&prefix, &stem)
                    || !synonyms.is_empty()
                    || (typing && vocabulary.starts_a_word(&prefix));
                let corrections = if known {
                    Vec::new()
                } else {
                    vocabulary
                        .corrections(&prefix)
                        .into_iter()
                        .filter_map(|word| first_token(&mut stemmed, word))
                        .filter(|alt| *alt != stem)
                        .collect()
                };
                Some(query::Word {
                    letters: typed.chars().count(),
                    stem,
                    prefix,
                    synonyms,
                    corrections,
                })
            })
            .collect()
    }
}

/// Feeds a document's words to the vocabulary; holds the analysers so that they are built once.
struct Learner {
    plain: TextAnalyzer,
    stemmed: TextAnalyzer,
}

impl Default for Learner {
    fn default() -> Self {
        Self {
            plain: plain_analyzer(),
            stemmed: stemmed_analyzer(),
        }
    }
}

impl Learner {
    /// Learns the words of a product's [`searchable_text`].
    fn learn(&mut self, vocabulary: &mut Vocabulary, text: &str) {
        let mut words = Vec::new();
        let mut stream = self.plain.token_stream(text);
        while stream.advance() {
            words.push(stream.token().text.clone());
        }
        for word in words {
            if vocabulary.count_again(&word) {
                continue;
            }
            if let Some(stem) = first_token(&mut self.stemmed, &word) {
                vocabulary.add(&word, &stem);
            }
        }
    }
}

fn first_token(analyzer: &mut TextAnalyzer, text: &str) -> Option<String> {
    let mut stream = analyzer.token_stream(text);
    let mut out = None;
    // A canonical word is one token; joining covers a synonym written as two ("track pants").
    while stream.advance() {
        let token = stream.token().text.clone();
        out = Some(match out {
            None => token,
            Some(previous) => format!("{previous}{token}"),
        });
    }
    out
}

fn stemmed_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(stem::RememberingStemmer)
        .build()
}

fn plain_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

/// `text` is the product's [`searchable_text`].
fn document(fields: &Fields, doc: &SearchDoc, text: &str, key: u64) -> TantivyDocument {
    let mut out = TantivyDocument::default();
    out.add_text(fields.gender, &doc.gender);
    out.add_text(fields.stemmed, text);
    out.add_text(fields.plain, text);
    out.add_text(fields.brand, text::canonical(&doc.brand));
    out.add_u64(fields.recency, doc.recency);
    out.add_u64(fields.price, doc.price_paise);
    out.add_u64(fields.key, key);
    out
}

/// A query for the documents whose `key` is one of `keys` (sorted): one pass over each
/// segment's key column, whatever the number of keys.
fn documents_of(keys: Arc<Vec<u64>>) -> DocPredicateQuery {
    FunctionPredicate::from(move |segment: &tantivy::SegmentReader| {
        let column = segment
            .fast_fields()
            .u64("key")?
            .first_or_default_col(u64::MAX);
        let keys = Arc::clone(&keys);
        Ok(move |doc: tantivy::DocId| keys.binary_search(&column.get_val(doc)).is_ok())
    })
    .into()
}

/// Everything searchable about a product as one canonical text.
fn searchable_text(doc: &SearchDoc) -> String {
    let mut all = Vec::with_capacity(4 + doc.categories.len() + doc.tags.len());
    all.push(doc.name.as_str());
    all.push(doc.brand.as_str());
    all.push(doc.colour.as_str());
    all.extend(doc.categories.iter().map(String::as_str));
    all.extend(doc.tags.iter().map(String::as_str));
    text::canonical(&all.join(" . "))
}
