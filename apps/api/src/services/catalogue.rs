//! Products, brands, categories, the image library, generated artwork and search (000 §7,
//! 001 §7): answered from the in-memory catalogue, most as JSON rendered once per snapshot.

use actix_web::web::Bytes;
use store::ids::{BrandId, ProductId};
use validation::ProductGender;

use crate::catalogue::{ListQuery, Scope, json_array};
use crate::error::input::InputError;
use crate::state::AppState;

/// Why a catalogue read has no answer.
#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("Product not found.")]
    ProductNotFound,
    #[error("Brand not found")]
    BrandNotFound,
    #[error("Category not found")]
    CategoryNotFound,
    #[error("Image not found")]
    ImageNotFound,
    /// The search index failed (a bug or a broken index).
    #[error("{0}")]
    Search(String),
}

/// A page of products as a JSON list.
pub(crate) fn products(state: &AppState, query: &ListQuery) -> Bytes {
    let snapshot = state.catalogue.snapshot();
    let page = snapshot.list(query);
    snapshot.render_products(&page, state.clock.now())
}

/// A page of an active brand's products; `query` builds the page's query for the brand.
pub(crate) fn brand_products(
    state: &AppState,
    brand: &BrandId,
    query: impl FnOnce(Scope) -> Result<ListQuery, InputError>,
) -> Result<Bytes, CatalogueError> {
    let brand = state
        .catalogue
        .snapshot()
        .active_brand_index(brand.as_str())
        .ok_or(CatalogueError::BrandNotFound)?;
    Ok(products(state, &query(Scope::Brand(brand))?))
}

/// A page of a category's products, the category named by id or by name. A name several
/// genders share picks the category of `gender` when it is given, else all of them.
pub(crate) fn category_products(
    state: &AppState,
    category: &str,
    gender: Option<ProductGender>,
    query: impl FnOnce(Scope) -> Result<ListQuery, InputError>,
) -> Result<Bytes, CatalogueError> {
    let snapshot = state.catalogue.snapshot();
    let categories = match snapshot.category_index(category) {
        Some(index) => vec![index],
        None => snapshot.categories_named(category, gender),
    };
    if categories.is_empty() {
        return Err(CatalogueError::CategoryNotFound);
    }
    Ok(products(state, &query(Scope::Categories(categories))?))
}

/// One product.
pub fn product(state: &AppState, id: &ProductId) -> Result<Bytes, CatalogueError> {
    let snapshot = state.catalogue.snapshot();
    snapshot
        .product(id.as_str())
        .and_then(|index| snapshot.render_product(index, state.clock.now()))
        .ok_or(CatalogueError::ProductNotFound)
}

/// What a search or a suggestion asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lookup {
    /// The typed text, not blank.
    pub text: String,
    pub gender: Option<ProductGender>,
    pub limit: usize,
}

/// Products ranked by relevance to the text: exact words first, then synonyms, prefixes and
/// typos (000 §7 search).
pub fn search(state: &AppState, lookup: &Lookup) -> Result<Bytes, CatalogueError> {
    let gender = lookup.gender.map(|g| g.as_str());
    let ids = state
        .catalogue
        .search_index()
        .search(&lookup.text, gender, ::search::Mode::Search, lookup.limit)
        .map_err(|e| CatalogueError::Search(e.to_string()))?;
    Ok(rendered(state, &ids))
}

/// Characters typed before suggestions start (000 §4, §9).
pub const SUGGEST_FROM_CHARS: usize = 2;

/// Live suggestions for the search box (000 §4: top 5 after 2 characters); the last word may
/// be half-typed.
pub fn suggestions(state: &AppState, lookup: &Lookup) -> Result<Bytes, CatalogueError> {
    if lookup.text.trim().chars().count() < SUGGEST_FROM_CHARS {
        return Ok(Bytes::from_static(b"[]"));
    }
    let gender = lookup.gender.map(|g| g.as_str());
    let ids = state
        .catalogue
        .suggest(&lookup.text, gender, lookup.limit)
        .map_err(|e| CatalogueError::Search(e.to_string()))?;
    Ok(rendered(state, &ids))
}

fn rendered(state: &AppState, ids: &[String]) -> Bytes {
    let snapshot = state.catalogue.snapshot();
    let found: Vec<usize> = ids.iter().filter_map(|id| snapshot.product(id)).collect();
    snapshot.render_products(&found, state.clock.now())
}

/// Six words to suggest before the shopper types (000 §9).
pub fn popular_searches(state: &AppState) -> Bytes {
    state.catalogue.snapshot().popular_json()
}

/// Which active brands a list shows.
#[derive(Debug, Clone, Default)]
pub struct BrandFilter {
    pub gender: Option<ProductGender>,
    /// Kept when the name contains this, ignoring case.
    pub search: String,
    pub limit: usize,
    /// From 1.
    pub page: usize,
}

/// Active brands by name, as a JSON list.
pub fn brands(state: &AppState, filter: &BrandFilter) -> Bytes {
    let snapshot = state.catalogue.snapshot();
    let brands: Vec<_> = snapshot
        .brands_by_name
        .iter()
        .map(|&i| &snapshot.brands[i])
        .filter(|b| filter.gender.is_none_or(|g| b.gender == Some(g)))
        .filter(|b| listing::brand_matches(&b.record.name, &filter.search))
        .skip((filter.page - 1) * filter.limit)
        .take(filter.limit)
        .map(|b| &b.json)
        .collect();
    json_array(&brands)
}

/// One active brand.
pub fn brand(state: &AppState, id: &BrandId) -> Result<Bytes, CatalogueError> {
    state
        .catalogue
        .snapshot()
        .active_brand(id.as_str())
        .map(|brand| brand.json.clone())
        .ok_or(CatalogueError::BrandNotFound)
}

/// Categories (of one gender, or all): top-level ones first in display order, then each
/// one's subcategories.
pub fn categories(state: &AppState, gender: Option<ProductGender>) -> Bytes {
    state.catalogue.snapshot().categories_json(gender)
}

/// Generated artwork (`art/{kind}/{colour}/{view}.svg`, `logo/{initials}/{colour}.svg`,
/// `banner/{name}.svg`): SVG drawn by the `catalogue` crate from the path alone.
pub fn artwork(path: &str) -> Result<String, CatalogueError> {
    catalogue::resolve_media(path).ok_or(CatalogueError::ImageNotFound)
}
