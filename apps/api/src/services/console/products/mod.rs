//! The brand console's products (docs/http-api.md, "Console products"): a brand's products
//! as its team sees them (archived and switched-off ones too, read from the database, not
//! from the shoppers' catalogue), created, edited, restocked and archived.
//!
//! Every write is one store transaction with its change-feed entry and its audit row (before
//! and after as the console product JSON). An edit names the version it read; a stale one is
//! refused with the product as it is now. Stock is set per size, never through a read-modify-
//! write, so a checkout's reservation taking units at the same moment is never oversold.

pub mod input;
pub mod wire;

use chrono::{DateTime, Utc};
use pricing::Money;
use store::ids::{BrandId, CategoryId, ProductId};
use store::{Edited, ProductContent, ProductEdit, ProductQuery, ProductSort};
use validation::{ProductGender, ProductRule, Size};

use super::{Change, ConsoleError, Manager, required_version};
use crate::state::AppState;
use input::{FieldErrors, ProductDraft, ProductPatch, stock_within};
use wire::{ConsoleProduct, ImageSetEntry, ListParams, ProductList, StockRequest};

/// Why a console product call is refused.
#[derive(Debug, thiserror::Error)]
pub enum ProductsError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
}

impl From<store::StoreError> for ProductsError {
    fn from(e: store::StoreError) -> Self {
        Self::Console(ConsoleError::Store(e))
    }
}

fn invalid(fields: FieldErrors) -> ProductsError {
    ProductsError::Console(ConsoleError::Invalid(fields))
}

fn not_found() -> ProductsError {
    ProductsError::Console(ConsoleError::NotFound("Product"))
}

/// Products per page by default, and at most.
pub const DEFAULT_LIMIT: i64 = 20;
pub const MAX_LIMIT: i64 = 100;
/// The longest search text.
const MAX_SEARCH_CHARS: usize = 100;

/// A console product list's query, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListQuery {
    pub search: Option<String>,
    pub archived: bool,
    pub page: i64,
    pub limit: i64,
    pub sort: ProductSort,
    pub brand_id: Option<String>,
}

impl TryFrom<ListParams> for ListQuery {
    type Error = ProductsError;

    fn try_from(p: ListParams) -> Result<Self, ProductsError> {
        let mut errors = FieldErrors::new();
        let mut whole = |field: &str, raw: Option<&str>, default: i64, max: i64| -> i64 {
            match raw.map(str::trim).filter(|r| !r.is_empty()) {
                None => default,
                Some(raw) => match raw.parse::<i64>() {
                    Ok(n) if (1..=max).contains(&n) => n,
                    _ => {
                        errors.insert(
                            field.to_owned(),
                            format!("Must be a whole number from 1 to {max}"),
                        );
                        default
                    }
                },
            }
        };
        let page = whole("page", p.page.as_deref(), 1, 100_000);
        let limit = whole("limit", p.limit.as_deref(), DEFAULT_LIMIT, MAX_LIMIT);
        let archived = match p.status.as_deref().map(str::trim) {
            None | Some("" | "active") => false,
            Some("archived") => true,
            Some(_) => {
                errors.insert("status".into(), "Must be active or archived".into());
                false
            }
        };
        let sort = match p.sort.as_deref().map(str::trim) {
            None | Some("" | "newest") => ProductSort::Newest,
            Some("oldest") => ProductSort::Oldest,
            Some("name") => ProductSort::Name,
            Some("price-low") => ProductSort::PriceLow,
            Some("price-high") => ProductSort::PriceHigh,
            Some(_) => {
                errors.insert(
                    "sort".into(),
                    "Must be newest, oldest, name, price-low or price-high".into(),
                );
                ProductSort::Newest
            }
        };
        let search = p
            .search
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        if search
            .as_ref()
            .is_some_and(|s| s.chars().count() > MAX_SEARCH_CHARS)
        {
            errors.insert(
                "search".into(),
                format!("Must be at most {MAX_SEARCH_CHARS} characters"),
            );
        }
        if !errors.is_empty() {
            return Err(invalid(errors));
        }
        Ok(Self {
            search,
            archived,
            page,
            limit,
            sort,
            brand_id: p.brand_id,
        })
    }
}

/// Units to set per size, checked: at least one size, each from the size list, each a whole
/// number of units from 0 to 100000.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockInput(pub Vec<(Size, u32)>);

impl TryFrom<StockRequest> for StockInput {
    type Error = ProductsError;

    fn try_from(body: StockRequest) -> Result<Self, ProductsError> {
        let patch = ProductPatch::try_from(input::ProductInput {
            stock: Some(body.stock.unwrap_or(serde_json::Value::Null)),
            ..input::ProductInput::default()
        })?;
        match patch.stock {
            Some(stock) if !stock.is_empty() => Ok(Self(stock)),
            _ => Err(invalid(FieldErrors::from([(
                "stock".to_owned(),
                "Send the units of at least one size, such as {\"M\": 4}".to_owned(),
            )]))),
        }
    }
}

/// The console's JSON of a product, its coupon's validity as of `now`.
pub fn render(p: &store::ConsoleProduct, now: DateTime<Utc>, media_origin: &str) -> ConsoleProduct {
    let coupon_valid = p
        .record
        .assigned_coupon
        .as_deref()
        .and_then(store::CouponRecord::terms)
        .is_some_and(|c| c.is_currently_valid(now));
    ConsoleProduct {
        product: crate::wire::Product::of(
            &crate::catalogue::Product::of_record(
                p.record.clone(),
                &mut crate::catalogue::Interner::default(),
            ),
            coupon_valid,
            media_origin,
        ),
        version: p.record.version,
        assigned_coupon_id: p.record.assigned_coupon.as_ref().map(|c| c.id.clone()),
        is_active: p.record.is_active,
        archived: p.record.archived_at.is_some(),
        archived_at: p.record.archived_at.map(|at| at.and_utc()),
        image_set: p
            .image_set
            .iter()
            .map(|image| ImageSetEntry {
                id: image.id.clone(),
                url: crate::wire::absolute_url(media_origin, image.url.clone()),
                srcset: image
                    .srcset
                    .as_deref()
                    .map(|s| crate::services::media::absolute_srcset(media_origin, s)),
            })
            .collect(),
    }
}

/// Renders as [`render`] does, for an answer or an audit row.
fn renderer(
    state: &AppState,
) -> impl Fn(&store::ConsoleProduct) -> ConsoleProduct + Send + Clone + use<> {
    let now = state.clock.now();
    let media = state.catalogue.media_origin().to_owned();
    move |p| render(p, now, &media)
}

/// A page of the caller's products (an admin's: every brand's, or the one named).
pub async fn list(
    state: &AppState,
    manager: &Manager,
    query: ListQuery,
) -> Result<ProductList, ProductsError> {
    let brand = manager
        .scope
        .list_filter(query.brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .map(str::to_owned);
    let stored = ProductQuery {
        brand_id: brand,
        archived: query.archived,
        search: query.search.clone(),
        sort: query.sort,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
    };
    let (products, total) = state.db(move |s| s.console_products(&stored)).await?;
    let show = renderer(state);
    Ok(ProductList {
        success: true,
        products: products.iter().map(show).collect(),
        total,
        page: query.page,
        limit: query.limit,
    })
}

/// The content a draft writes.
pub(crate) fn content_of(draft: &ProductDraft) -> ProductContent {
    ProductContent {
        name: draft.name.clone(),
        description: draft.description.clone(),
        gender: draft.gender.as_str().to_owned(),
        price_paise: draft.price.paise(),
        offer_percentage: i32::from(draft.offer_percentage),
        colour: draft.colour.clone(),
        specifications: draft.specifications.clone(),
        assigned_coupon_id: draft.assigned_coupon.clone(),
        is_active: draft.is_active,
        category_ids: draft.category_ids.iter().map(CategoryId::new).collect(),
        tags: draft.tags.clone(),
        sizes: draft.sizes.iter().map(|s| s.as_str().to_owned()).collect(),
    }
}

/// The product a checked draft creates for `brand` at `now`, with a new id (an import makes
/// its rows with this too).
pub fn new_product(
    draft: &ProductDraft,
    content: ProductContent,
    brand: String,
    now: DateTime<Utc>,
) -> store::NewProduct {
    store::NewProduct {
        id: ProductId::new(uuid::Uuid::now_v7().to_string()),
        brand_id: BrandId::new(brand),
        created_at: now.naive_utc(),
        content,
        stock: draft
            .stock
            .iter()
            .map(|(size, units)| (size.as_str().to_owned(), *units))
            .collect(),
    }
}

/// What the references of a write must be: its categories (when they are checked) exist and
/// suit the product's gender; its coupon (when one is named) is the brand's.
#[derive(Debug, Clone, Copy)]
pub struct Wanted<'a> {
    pub brand_id: &'a str,
    pub gender: &'a str,
    pub categories: Option<&'a [CategoryId]>,
    pub coupon: Option<&'a str>,
}

/// Checks `wanted` against the database; a brand that does not exist is 404.
pub async fn check_references(state: &AppState, wanted: Wanted<'_>) -> Result<(), ProductsError> {
    let brand_id = wanted.brand_id.to_owned();
    let category_ids: Vec<String> = wanted
        .categories
        .unwrap_or_default()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let coupon = wanted.coupon.map(str::to_owned);
    let asked = category_ids.clone();
    let refs = state
        .db(move |s| s.product_references(&brand_id, &asked, coupon.as_deref()))
        .await?;
    if refs.brand.is_none() {
        return Err(ConsoleError::NotFound("Brand").into());
    }
    let mut errors = FieldErrors::new();
    let gender = ProductGender::parse(wanted.gender).ok();
    for id in &category_ids {
        let rule = match refs.categories.iter().find(|c| c.id.as_str() == id) {
            None => Some(ProductRule::UnknownCategory(id.clone())),
            Some(category) => match (gender, ProductGender::parse(&category.gender).ok()) {
                (Some(product), Some(of)) if !validation::category_fits(product, of) => Some(
                    validation::category_gender_rule(&category.name, of, product),
                ),
                _ => None,
            },
        };
        if let Some(rule) = rule {
            errors
                .entry("category".to_owned())
                .or_insert_with(|| rule.to_string());
        }
    }
    if wanted.coupon.is_some()
        && refs
            .coupon
            .as_ref()
            .is_none_or(|c| c.brand_id.as_ref().map(BrandId::as_str) != Some(wanted.brand_id))
    {
        errors.insert(
            "assignedCoupon".to_owned(),
            "No coupon of this brand has that id".to_owned(),
        );
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(invalid(errors))
    }
}

/// Creates a product for the caller's brand (an admin's: the brand the draft names).
pub async fn create(
    state: &AppState,
    manager: &Manager,
    draft: ProductDraft,
) -> Result<ConsoleProduct, ProductsError> {
    let brand = manager
        .scope
        .brand_for(draft.brand_id.as_deref())
        .map_err(ConsoleError::from)?
        .to_owned();
    let content = content_of(&draft);
    check_references(
        state,
        Wanted {
            brand_id: &brand,
            gender: &content.gender,
            categories: Some(&content.category_ids),
            coupon: content.assigned_coupon_id.as_deref(),
        },
    )
    .await?;
    let now = state.clock.now();
    let new = new_product(&draft, content, brand, now);
    let show = renderer(state);
    let manager = manager.clone();
    let created = state
        .db(move |s| {
            s.create_product(&new, now.naive_utc(), |p| {
                manager.audit(
                    now,
                    change("create", p),
                    None::<&ConsoleProduct>,
                    Some(&show(p)),
                )
            })
        })
        .await?;
    Ok(renderer(state)(&created))
}

fn change<'a>(action: &'a str, p: &'a store::ConsoleProduct) -> Change<'a> {
    Change {
        action,
        entity: "product",
        entity_id: p.record.id.as_str(),
        brand_id: Some(p.record.brand.id.as_str()),
    }
}

/// The product `id` if the caller reaches it; another brand's is missing.
async fn reachable(
    state: &AppState,
    manager: &Manager,
    id: &str,
) -> Result<store::ConsoleProduct, ProductsError> {
    let asked = id.to_owned();
    let product = state
        .db(move |s| s.console_product(&asked))
        .await?
        .ok_or_else(not_found)?;
    if manager.scope.reaches(product.record.brand.id.as_str()) {
        Ok(product)
    } else {
        Err(not_found())
    }
}

/// One product of the caller's, whatever its state (the editor's read).
pub async fn one(
    state: &AppState,
    manager: &Manager,
    id: ProductId,
) -> Result<ConsoleProduct, ProductsError> {
    let product = reachable(state, manager, &id).await?;
    Ok(renderer(state)(&product))
}

/// The brand a write is confined to inside its transaction (`None`: an admin's, any).
fn confined(manager: &Manager) -> Option<String> {
    match &manager.scope {
        access::console::ConsoleScope::Brand(own) => Some(own.clone()),
        access::console::ConsoleScope::Admin => None,
    }
}

/// The answer to a store write on a product.
fn answer(state: &AppState, edited: Edited) -> Result<ConsoleProduct, ProductsError> {
    let show = renderer(state);
    match edited {
        Edited::Done(p) => Ok(show(&p)),
        Edited::Missing => Err(not_found()),
        Edited::Stale(p) => Err(ConsoleError::Stale {
            entity: "product",
            current: serde_json::to_value(show(&p)).unwrap_or_default(),
        }
        .into()),
        Edited::UnknownSize(size) => Err(invalid(FieldErrors::from([(
            format!("stock.{size}"),
            ProductRule::StockForUnknownSize(size).to_string(),
        )]))),
    }
}

/// The content after `patch` applies to `before`.
pub fn merged(before: &store::ProductRecord, patch: &ProductPatch) -> ProductContent {
    ProductContent {
        name: patch.name.clone().unwrap_or_else(|| before.name.clone()),
        description: patch
            .description
            .clone()
            .unwrap_or_else(|| before.description.clone()),
        gender: patch
            .gender
            .map_or_else(|| before.gender.clone(), |g| g.as_str().to_owned()),
        price_paise: patch.price.map_or(before.price_paise, Money::paise),
        offer_percentage: patch
            .offer_percentage
            .map_or(before.offer_percentage, i32::from),
        colour: patch
            .colour
            .clone()
            .unwrap_or_else(|| before.colour.clone()),
        specifications: patch
            .specifications
            .clone()
            .unwrap_or_else(|| before.specifications.clone()),
        assigned_coupon_id: match &patch.assigned_coupon {
            Some(coupon) => coupon.clone(),
            None => before.assigned_coupon.as_ref().map(|c| c.id.clone()),
        },
        is_active: patch.is_active.unwrap_or(before.is_active),
        category_ids: patch.category_ids.as_ref().map_or_else(
            || before.categories.iter().map(|c| c.id.clone()).collect(),
            |ids| ids.iter().map(CategoryId::new).collect(),
        ),
        tags: patch.tags.clone().unwrap_or_else(|| before.tags.clone()),
        sizes: patch.sizes.as_ref().map_or_else(
            || before.stock.iter().map(|(size, _)| size.clone()).collect(),
            |sizes| sizes.iter().map(|s| s.as_str().to_owned()).collect(),
        ),
    }
}

/// Edits a product of the caller's: the fields `patch` names, at the version it read (the
/// body's `version` or `If-Match`, required). `archived: false` restores it.
pub async fn update(
    state: &AppState,
    manager: &Manager,
    id: ProductId,
    patch: ProductPatch,
    if_match: Option<String>,
) -> Result<ConsoleProduct, ProductsError> {
    let version = required_version(patch.version, if_match.as_deref())?;
    let before = reachable(state, manager, &id).await?;
    if before.record.version != version {
        return answer(state, Edited::Stale(before));
    }
    let content = merged(&before.record, &patch);
    if let Some(stock) = &patch.stock {
        let sizes: Vec<Size> = content
            .sizes
            .iter()
            .filter_map(|s| Size::parse(s).ok())
            .collect();
        stock_within(stock, &sizes).map_err(invalid)?;
    }
    let new_coupon = patch.assigned_coupon.clone().flatten();
    check_references(
        state,
        Wanted {
            brand_id: before.record.brand.id.as_str(),
            gender: &content.gender,
            categories: (patch.category_ids.is_some() || patch.gender.is_some())
                .then_some(content.category_ids.as_slice()),
            coupon: new_coupon.as_deref(),
        },
    )
    .await?;
    let now = state.clock.now();
    let (action, archived_at) = match (patch.archived, before.record.archived_at) {
        (Some(true), None) => ("archive", Some(Some(now.naive_utc()))),
        (Some(false), Some(_)) => ("restore", Some(None)),
        _ => ("update", None),
    };
    let edit = ProductEdit {
        content,
        stock: patch
            .stock
            .unwrap_or_default()
            .iter()
            .map(|(size, units)| (size.as_str().to_owned(), *units))
            .collect(),
        archived_at,
    };
    let show = renderer(state);
    let manager = manager.clone();
    let brand = confined(&manager);
    let edited = state
        .db(move |s| {
            s.update_product(
                &id,
                brand.as_deref(),
                Some(version),
                &edit,
                now.naive_utc(),
                |b, a| manager.audit(now, change(action, a), Some(&show(b)), Some(&show(a))),
            )
        })
        .await?;
    answer(state, edited)
}

/// Sets the units on sale of some of a product's sizes (no version: stock is not edited from
/// a read copy; each size's units are set as sent).
pub async fn set_stock(
    state: &AppState,
    manager: &Manager,
    id: ProductId,
    stock: StockInput,
) -> Result<ConsoleProduct, ProductsError> {
    let before = reachable(state, manager, &id).await?;
    let sizes: Vec<Size> = before
        .record
        .stock
        .iter()
        .filter_map(|(s, _)| Size::parse(s).ok())
        .collect();
    stock_within(&stock.0, &sizes).map_err(invalid)?;
    let units: Vec<(String, u32)> = stock
        .0
        .iter()
        .map(|(size, units)| (size.as_str().to_owned(), *units))
        .collect();
    let now = state.clock.now();
    let show = renderer(state);
    let manager = manager.clone();
    let brand = confined(&manager);
    let edited = state
        .db(move |s| {
            s.set_product_stock(&id, brand.as_deref(), &units, now.naive_utc(), |b, a| {
                manager.audit(now, change("stock", a), Some(&show(b)), Some(&show(a)))
            })
        })
        .await?;
    answer(state, edited)
}

/// Archives a product of the caller's: shoppers no longer see it; orders and bags keep it.
pub async fn archive(
    state: &AppState,
    manager: &Manager,
    id: ProductId,
) -> Result<ConsoleProduct, ProductsError> {
    reachable(state, manager, &id).await?;
    let now = state.clock.now();
    let show = renderer(state);
    let manager = manager.clone();
    let brand = confined(&manager);
    let edited = state
        .db(move |s| {
            s.archive_product(&id, brand.as_deref(), now.naive_utc(), |b, a| {
                manager.audit(now, change("archive", a), Some(&show(b)), Some(&show(a)))
            })
        })
        .await?;
    answer(state, edited)
}
