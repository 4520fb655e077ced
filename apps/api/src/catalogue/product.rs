//! A product as the catalogue in memory keeps it: the database's record made compact.
//!
//! A million products must fit in one process, and most of a record's text repeats across
//! products: a brand's few colours, the specifications' handful of values, sizes, tag lists,
//! stock photos and description templates. An [`Interner`] keeps one copy of each and the
//! products share it; only the id, the name, the stock's units and the dates are a product's
//! own. The JSON of a product is rendered from this at answer time (`render`), never kept.

use std::borrow::Borrow;
use std::collections::HashSet;
use std::hash::Hash;
use std::sync::Arc;

use chrono::NaiveDateTime;
use store::ids::ProductId;

/// Text shared by every product that carries it.
pub(crate) type Text = Arc<str>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Product {
    pub(crate) id: ProductId,
    pub(crate) name: Box<str>,
    pub(crate) description: Text,
    pub(crate) brand: Arc<store::BrandRef>,
    pub(crate) categories: Arc<[Arc<store::CategoryRef>]>,
    /// `male`, `female` or `unisex`, as stored.
    pub(crate) gender: Text,
    pub(crate) price_paise: i64,
    pub(crate) offer_percentage: i32,
    pub(crate) currency: Text,
    pub(crate) colour: Text,
    pub(crate) specifications: Arc<store::Specifications>,
    pub(crate) images: Arc<[store::ImageRef]>,
    /// Sizes in display order; `units[i]` is the stock of `sizes[i]`.
    pub(crate) sizes: Arc<[Text]>,
    pub(crate) units: Box<[i32]>,
    pub(crate) tags: Arc<[Text]>,
    /// Boxed: few products carry one.
    pub(crate) assigned_coupon: Option<Box<store::CouponRecord>>,
    pub(crate) created_at: NaiveDateTime,
    pub(crate) version: i64,
    pub(crate) is_active: bool,
    pub(crate) archived_at: Option<NaiveDateTime>,
}

impl Product {
    /// The compact form of `record`, its repeated parts shared through `interner`.
    pub(crate) fn of_record(record: store::ProductRecord, interner: &mut Interner) -> Self {
        let (sizes, units): (Vec<Text>, Vec<i32>) = record
            .stock
            .into_iter()
            .map(|(size, units)| (interner.text(size), units))
            .unzip();
        let tags: Vec<Text> = record
            .tags
            .into_iter()
            .map(|tag| interner.text(tag))
            .collect();
        Self {
            name: record.name.into_boxed_str(),
            description: interner.text(record.description),
            categories: shared(&mut interner.categories, record.categories, Arc::from),
            currency: interner.text(record.currency),
            colour: interner.text(record.colour),
            specifications: interner.one(record.specifications),
            images: shared(&mut interner.images, record.image_refs, Arc::from),
            sizes: shared(&mut interner.texts_lists, sizes, Arc::from),
            units: units.into_boxed_slice(),
            tags: shared(&mut interner.texts_lists, tags, Arc::from),
            id: record.id,
            brand: record.brand,
            gender: interner.text(record.gender),
            price_paise: record.price_paise,
            offer_percentage: record.offer_percentage,
            assigned_coupon: record.assigned_coupon,
            created_at: record.created_at,
            version: record.version,
            is_active: record.is_active,
            archived_at: record.archived_at,
        }
    }

    /// Each size with its units in stock, in display order.
    pub(crate) fn stock(&self) -> impl Iterator<Item = (&str, i32)> {
        self.sizes
            .iter()
            .map(|size| &**size)
            .zip(self.units.iter().copied())
    }

    /// The images' URLs as stored (same-origin paths for the shop's own media).
    pub(crate) fn image_urls(&self) -> impl Iterator<Item = &str> {
        self.images.iter().map(|image| image.url.as_str())
    }
}

/// One shared copy of each text, list and specification set met while loading products.
///
/// Kept by the catalogue between full loads, so that a reloaded product shares with the rest;
/// a full load starts a new one, which lets go of what no product carries any more.
///
/// Its sets hash with foldhash (seeded per process) rather than SipHash: a load hashes every
/// text of every product, descriptions included, and SipHash was a tenth of that.
#[derive(Debug, Default)]
pub(crate) struct Interner {
    texts: Set<Text>,
    texts_lists: Set<Arc<[Text]>>,
    categories: Set<Arc<[Arc<store::CategoryRef>]>>,
    images: Set<Arc<[store::ImageRef]>>,
    specifications: Set<Arc<store::Specifications>>,
}

type Set<T> = HashSet<T, foldhash::fast::RandomState>;

impl Interner {
    fn text(&mut self, text: String) -> Text {
        shared(&mut self.texts, text, Text::from)
    }

    fn one(&mut self, specifications: store::Specifications) -> Arc<store::Specifications> {
        shared(&mut self.specifications, specifications, Arc::new)
    }
}

/// The copy of `value` kept in `set`, made by `keep` and put there first when missing.
fn shared<T: ?Sized + Hash + Eq, O: Borrow<T>>(
    set: &mut Set<Arc<T>>,
    value: O,
    keep: impl FnOnce(O) -> Arc<T>,
) -> Arc<T> {
    if let Some(kept) = set.get(value.borrow()) {
        return Arc::clone(kept);
    }
    let made = keep(value);
    set.insert(Arc::clone(&made));
    made
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn record(id: &str, colour: &str, tags: &[&str]) -> store::ProductRecord {
        store::ProductRecord {
            id: ProductId::new(id),
            name: format!("Product {id}"),
            description: "A shirt.".to_owned(),
            brand: Arc::new(store::BrandRef {
                id: store::ids::BrandId::new("b1"),
                name: "Brand".to_owned(),
                logo_url: None,
            }),
            categories: Vec::new(),
            gender: "female".to_owned(),
            price_paise: 99_900,
            offer_percentage: 10,
            currency: "INR".to_owned(),
            colour: colour.to_owned(),
            specifications: store::Specifications {
                pattern: "Solid".to_owned(),
                length: "Regular".to_owned(),
                fabric: "Cotton".to_owned(),
                sleeve_length: "Short Sleeves".to_owned(),
                fit: "Regular".to_owned(),
                distress: "No Distress".to_owned(),
            },
            images: vec!["/a.svg".to_owned()],
            image_refs: vec![store::ImageRef {
                id: "i1".to_owned(),
                url: "/a.svg".to_owned(),
                srcset: None,
            }],
            stock: vec![("S".to_owned(), 2), ("M".to_owned(), 0)],
            tags: tags.iter().map(|t| (*t).to_owned()).collect(),
            assigned_coupon: None,
            created_at: chrono::DateTime::from_timestamp(1_700_000_000, 0)
                .map(|t| t.naive_utc())
                .unwrap_or_default(),
            version: 1,
            is_active: true,
            archived_at: None,
        }
    }

    #[test]
    fn products_share_what_they_have_in_common_and_keep_their_own() {
        let mut interner = Interner::default();
        let a = Product::of_record(record("p1", "red", &["kurta", "red"]), &mut interner);
        let b = Product::of_record(record("p2", "red", &["kurta", "red"]), &mut interner);
        let c = Product::of_record(record("p3", "blue", &["kurta"]), &mut interner);
        assert!(Arc::ptr_eq(&a.colour, &b.colour));
        assert!(Arc::ptr_eq(&a.tags, &b.tags));
        assert!(Arc::ptr_eq(&a.specifications, &c.specifications));
        assert!(Arc::ptr_eq(&a.images, &c.images));
        assert!(Arc::ptr_eq(&a.sizes, &c.sizes));
        assert!(Arc::ptr_eq(&a.tags[0], &c.tags[0]));
        assert!(!Arc::ptr_eq(&a.tags, &c.tags));
        assert_eq!(&*c.colour, "blue");
        assert_eq!((&*a.name, &*b.name), ("Product p1", "Product p2"));
        assert_eq!(a.stock().collect::<Vec<_>>(), [("S", 2), ("M", 0)]);
        assert_eq!(a.image_urls().collect::<Vec<_>>(), ["/a.svg"]);
    }
}
