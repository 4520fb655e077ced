//! A product's JSON written straight from its compact form, at answer time.
//!
//! The shape is [`wire::Product`]'s, the contract's documented one, which the console still
//! builds as a value. This path borrows everything instead: a list of twenty products costs a
//! few allocations rather than forty per product, which is what lets the catalogue keep no
//! JSON at all (a million products' JSON was 1.5 GB). A test holds the two to the same bytes.

use serde::Serialize;
use serde::ser::{SerializeMap, SerializeStruct, Serializer};

use super::product::{Product, Text};
use crate::wire;

/// A product as every product call answers it; `coupon_valid` is its coupon's validity at the
/// time of the answer, `media_origin` prefixes the shop's own image URLs.
pub(crate) struct ProductJson<'a> {
    pub(crate) product: &'a Product,
    pub(crate) coupon_valid: bool,
    pub(crate) media_origin: &'a str,
}

impl Serialize for ProductJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let p = self.product;
        let origin = self.media_origin;
        let mut out = serializer.serialize_struct("Product", 18)?;
        out.serialize_field("_id", p.id.as_str())?;
        out.serialize_field("name", &*p.name)?;
        out.serialize_field("description", &*p.description)?;
        out.serialize_field("price", &wire::Decimal::from_paise(p.price_paise))?;
        out.serialize_field("currency", &*p.currency)?;
        out.serialize_field("offerPercentage", &p.offer_percentage)?;
        out.serialize_field("images", &Urls { product: p, origin })?;
        out.serialize_field("brand", &Brand::of(&p.brand, origin))?;
        out.serialize_field("category", &Categories(p))?;
        out.serialize_field("sizes", &Texts(&p.sizes))?;
        out.serialize_field("stock", &Stock(p))?;
        out.serialize_field(
            "product_variants",
            &[Variant {
                color: &p.colour,
                images: Urls { product: p, origin },
                sizes: VariantSizes(p),
            }],
        )?;
        out.serialize_field("tags", &Texts(&p.tags))?;
        out.serialize_field("gender", &*p.gender)?;
        out.serialize_field("colour", &*p.colour)?;
        out.serialize_field("specifications", &*p.specifications)?;
        out.serialize_field(
            "assigned_coupon",
            &p.assigned_coupon
                .as_deref()
                .map(|c| wire::AssignedCoupon::of(c, self.coupon_valid)),
        )?;
        out.serialize_field("createdAt", &p.created_at.and_utc())?;
        out.end()
    }
}

/// `url`, made absolute when the shop has a public origin, without building the string.
struct Url<'a> {
    url: &'a str,
    origin: &'a str,
}

impl Serialize for Url<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.origin.is_empty() || !self.url.starts_with('/') {
            serializer.serialize_str(self.url)
        } else {
            serializer.collect_str(&format_args!("{}{}", self.origin, self.url))
        }
    }
}

struct Urls<'a> {
    product: &'a Product,
    origin: &'a str,
}

impl Serialize for Urls<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.product.image_urls().map(|url| Url {
            url,
            origin: self.origin,
        }))
    }
}

struct Texts<'a>(&'a [Text]);

impl Serialize for Texts<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|text| &**text))
    }
}

#[derive(Serialize)]
struct Brand<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    name: &'a str,
    logo_url: Option<Url<'a>>,
}

impl<'a> Brand<'a> {
    fn of(brand: &'a store::BrandRef, origin: &'a str) -> Self {
        Self {
            id: brand.id.as_str(),
            name: &brand.name,
            logo_url: brand.logo_url.as_deref().map(|url| Url { url, origin }),
        }
    }
}

struct Categories<'a>(&'a Product);

impl Serialize for Categories<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.categories.iter().map(|c| Category {
            id: c.id.as_str(),
            name: &c.name,
        }))
    }
}

#[derive(Serialize)]
struct Category<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    name: &'a str,
}

/// Units per size as an object with its keys in sorted order, a size listed twice counting its
/// last units: what the contract's map of sizes gives.
struct Stock<'a>(&'a Product);

impl Serialize for Stock<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut sorted: Vec<(&str, i32)> = self.0.stock().collect();
        // Stable, so of a size listed twice the last stays last.
        sorted.sort_by(|a, b| a.0.cmp(b.0));
        let mut out = serializer.serialize_map(Some(sorted.len()))?;
        for (i, (size, units)) in sorted.iter().enumerate() {
            if sorted.get(i + 1).is_some_and(|next| next.0 == *size) {
                continue;
            }
            out.serialize_entry(size, units)?;
        }
        out.end()
    }
}

/// The one colour variant: the product's colour, images and units per size.
#[derive(Serialize)]
struct Variant<'a> {
    color: &'a str,
    images: Urls<'a>,
    sizes: VariantSizes<'a>,
}

struct VariantSizes<'a>(&'a Product);

impl Serialize for VariantSizes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(
            self.0
                .stock()
                .map(|(size, stock)| VariantSize { size, stock }),
        )
    }
}

#[derive(Serialize)]
struct VariantSize<'a> {
    size: &'a str,
    stock: i32,
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::catalogue::Interner;

    fn record() -> store::ProductRecord {
        let image = |id: &str, url: &str| store::ImageRef {
            id: id.to_owned(),
            url: url.to_owned(),
            srcset: None,
        };
        let category = |id: &str, name: &str| {
            Arc::new(store::CategoryRef {
                id: store::ids::CategoryId::new(id),
                name: name.to_owned(),
            })
        };
        store::ProductRecord {
            id: store::ids::ProductId::new("0192a000-0000-7000-8000-000000000001"),
            name: "The \"Jaipur\" kurta \u{2014} blue/white".to_owned(),
            description: "Hand-block printed.\nLine two, a tab\there.".to_owned(),
            brand: Arc::new(store::BrandRef {
                id: store::ids::BrandId::new("b1"),
                name: "Rang & Co".to_owned(),
                logo_url: Some("/api/media/logo/RC/navy.svg".to_owned()),
            }),
            categories: vec![category("c1", "Ethnic Wear"), category("c2", "Kurtas")],
            gender: "female".to_owned(),
            price_paise: 129_950,
            offer_percentage: 15,
            currency: "INR".to_owned(),
            colour: "blue".to_owned(),
            specifications: store::Specifications {
                pattern: "Printed".to_owned(),
                length: "Knee Length".to_owned(),
                fabric: "Cotton".to_owned(),
                sleeve_length: "Three-Quarter Sleeves".to_owned(),
                fit: "Straight".to_owned(),
                distress: "No Distress".to_owned(),
            },
            images: Vec::new(),
            image_refs: vec![
                image("i1", "/api/media/art/kurta/blue/front.svg"),
                image("i2", "https://cdn.example.in/kurta-back.jpg"),
            ],
            // Out of order and with a size listed twice: the map sorts, the list keeps order.
            stock: vec![
                ("XL".to_owned(), 1),
                ("M".to_owned(), 4),
                ("S".to_owned(), 0),
                ("M".to_owned(), 6),
            ],
            tags: vec!["kurta".to_owned(), "festive".to_owned()],
            assigned_coupon: Some(Box::new(store::CouponRecord {
                id: "k1".to_owned(),
                title: "Festive".to_owned(),
                code: "FEST15".to_owned(),
                discount_type: "fixed".to_owned(),
                discount_value: 20_000,
                max_discount_paise: None,
                min_order_paise: 0,
                is_active: true,
                valid_from: chrono::NaiveDateTime::default(),
                valid_until: chrono::NaiveDateTime::default(),
                brand_id: None,
                usage_limit: None,
                usage_limit_per_user: None,
                times_used: 0,
                version: 1,
            })),
            created_at: chrono::DateTime::from_timestamp_millis(1_764_000_000_123)
                .map(|t| t.naive_utc())
                .unwrap_or_default(),
            version: 3,
            is_active: true,
            archived_at: None,
        }
    }

    fn both(product: &Product, coupon_valid: bool, media_origin: &str) -> (String, String) {
        let written = serde_json::to_string(&ProductJson {
            product,
            coupon_valid,
            media_origin,
        });
        let built = serde_json::to_string(&wire::Product::of(product, coupon_valid, media_origin));
        (written.unwrap_or_default(), built.unwrap_or_default())
    }

    #[test]
    fn the_written_json_is_the_contracts_shape_to_the_byte() {
        let mut without = record();
        without.assigned_coupon = None;
        without.image_refs.clear();
        without.stock.clear();
        without.categories.clear();
        without.tags.clear();
        let mut interner = Interner::default();
        let full = Product::of_record(record(), &mut interner);
        let bare = Product::of_record(without, &mut interner);
        for product in [&full, &bare] {
            for valid in [true, false] {
                for origin in ["", "https://shop.example.in"] {
                    let (written, built) = both(product, valid, origin);
                    assert!(written.len() > 300, "{written}");
                    assert_eq!(written, built, "coupon valid {valid}, origin {origin:?}");
                }
            }
        }
        let (written, _) = both(&full, true, "https://shop.example.in");
        assert!(
            written.contains(r#""stock":{"M":6,"S":0,"XL":1}"#),
            "{written}"
        );
        assert!(
            written.contains(r#""sizes":["XL","M","S","M"]"#),
            "{written}"
        );
        assert!(written.contains(r#""images":["https://shop.example.in/api/media/art/kurta/blue/front.svg","https://cdn.example.in/kurta-back.jpg"]"#), "{written}");
        assert!(
            written.contains(r#""logo_url":"https://shop.example.in/api/media/logo/RC/navy.svg""#),
            "{written}"
        );
    }
}
