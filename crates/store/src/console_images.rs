//! A product's images as the brand console edits them: add one, remove one, put them in an
//! order. Each edit is one transaction that bumps the product's version, rewrites its
//! `product_images` rows, notes the change feed for that product and leaves its audit row.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::schema::{brands, product_images, products};
use crate::{BrandRecord, NewAudit, Store, StoreError};

/// An image of a product: its id (the upload's content hash; a stable hash of the URL for
/// images stored before ids existed), its URL and, for uploads, its `srcset`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct ImageRef {
    pub id: String,
    pub url: String,
    pub srcset: Option<String>,
}

impl ImageRef {
    /// The ref of a row; a row without an id gets [`legacy_image_id`] of its URL.
    pub(crate) fn of_row(url: String, image_id: Option<String>, srcset: Option<String>) -> Self {
        Self {
            id: image_id.unwrap_or_else(|| legacy_image_id(&url)),
            url,
            srcset,
        }
    }
}

/// The id of an image stored without one: the 64-bit FNV-1a hash of its URL, in hex (stable
/// across processes and releases).
pub fn legacy_image_id(url: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in url.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// What to do to a product's images.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImageEdit {
    /// Add this image at the end.
    Add(ImageRef),
    /// Remove the image with this id.
    Remove(String),
    /// Put the images in this order: exactly the product's image ids.
    Order(Vec<String>),
}

/// Why an edit was refused (nothing was written).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImageRefusal {
    #[error("the product does not exist")]
    ProductMissing,
    #[error("the product has {0} images already")]
    TooMany(usize),
    #[error("the product already has this image")]
    AlreadyThere,
    #[error("the product has no image with this id")]
    ImageMissing,
    #[error("the order names other images than the product's")]
    OrderMismatch,
}

enum Failure {
    Refused(ImageRefusal),
    Store(StoreError),
}

impl From<diesel::result::Error> for Failure {
    fn from(e: diesel::result::Error) -> Self {
        Self::Store(e.into())
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Self::Store(e)
    }
}

/// A product's images in order, read inside a transaction.
fn images_of(conn: &mut DbConnection, product_id: &str) -> QueryResult<Vec<ImageRef>> {
    let rows = product_images::table
        .filter(product_images::product_id.eq(product_id))
        .order(product_images::position)
        .select((
            product_images::url,
            product_images::image_id,
            product_images::srcset,
        ))
        .load::<(String, Option<String>, Option<String>)>(conn)?;
    Ok(rows
        .into_iter()
        .map(|(url, id, srcset)| ImageRef::of_row(url, id, srcset))
        .collect())
}

/// The list after `edit`, or why it cannot be.
fn apply(
    mut images: Vec<ImageRef>,
    edit: ImageEdit,
    max: usize,
) -> Result<Vec<ImageRef>, ImageRefusal> {
    match edit {
        ImageEdit::Add(image) => {
            if images.iter().any(|i| i.id == image.id) {
                return Err(ImageRefusal::AlreadyThere);
            }
            if images.len() >= max {
                return Err(ImageRefusal::TooMany(images.len()));
            }
            images.push(image);
        }
        ImageEdit::Remove(id) => {
            let at = images
                .iter()
                .position(|i| i.id == id)
                .ok_or(ImageRefusal::ImageMissing)?;
            images.remove(at);
        }
        ImageEdit::Order(ids) => {
            let mut sorted_now: Vec<&str> = images.iter().map(|i| i.id.as_str()).collect();
            let mut sorted_asked: Vec<&str> = ids.iter().map(String::as_str).collect();
            sorted_now.sort_unstable();
            sorted_asked.sort_unstable();
            if sorted_now != sorted_asked {
                return Err(ImageRefusal::OrderMismatch);
            }
            images.sort_by_key(|i| ids.iter().position(|id| *id == i.id));
        }
    }
    Ok(images)
}

impl Store {
    /// Applies `edit` to the images of `product_id` (at most `max` of them) in one
    /// transaction with the version bump, the change feed and the audit row `audit(before,
    /// after)` gives. The product's images after, or why nothing was written.
    pub fn edit_product_images(
        &self,
        product_id: &str,
        edit: ImageEdit,
        max: usize,
        now: NaiveDateTime,
        audit: impl FnOnce(&[ImageRef], &[ImageRef]) -> NewAudit,
    ) -> Result<Result<Vec<ImageRef>, ImageRefusal>, StoreError> {
        let outcome = self.in_transaction(|conn| -> Result<Vec<ImageRef>, Failure> {
            // The write first: it locks the product's row (PostgreSQL) or the database
            // (SQLite), so two edits of one product's images take turns.
            let bumped = diesel::update(products::table.find(product_id))
                .set(products::version.eq(products::version + 1))
                .execute(conn)?;
            if bumped == 0 {
                return Err(Failure::Refused(ImageRefusal::ProductMissing));
            }
            let before = images_of(conn, product_id)?;
            let after = apply(before.clone(), edit, max).map_err(Failure::Refused)?;
            diesel::delete(product_images::table.filter(product_images::product_id.eq(product_id)))
                .execute(conn)?;
            for (position, image) in after.iter().enumerate() {
                diesel::insert_into(product_images::table)
                    .values((
                        product_images::product_id.eq(product_id),
                        product_images::position.eq(i32::try_from(position).unwrap_or(i32::MAX)),
                        product_images::url.eq(&image.url),
                        product_images::image_id.eq(&image.id),
                        product_images::srcset.eq(&image.srcset),
                    ))
                    .execute(conn)?;
            }
            crate::note_catalogue_change(conn, Some(product_id), now)?;
            crate::write_audit(conn, &audit(&before, &after))?;
            Ok(after)
        });
        match outcome {
            Ok(after) => Ok(Ok(after)),
            Err(Failure::Refused(refusal)) => Ok(Err(refusal)),
            Err(Failure::Store(e)) => Err(e),
        }
    }
}

impl Store {
    /// Whether brand `brand_id` exists (checked before its logo is stored).
    pub fn logo_brand_exists(&self, brand_id: &str) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        let found: i64 = brands::table
            .filter(brands::id.eq(brand_id))
            .count()
            .get_result(&mut conn)?;
        Ok(found > 0)
    }

    /// Sets the logo of `brand_id` to `logo_url` in one transaction with its version bump, the
    /// change feed (every process reloads the catalogue: the logo shows on every product) and
    /// the audit row `audit(before, after)` gives. The brand after, or `None` when there is no
    /// such brand.
    pub fn set_brand_logo(
        &self,
        brand_id: &str,
        logo_url: &str,
        now: NaiveDateTime,
        audit: impl FnOnce(&BrandRecord, &BrandRecord) -> NewAudit,
    ) -> Result<Option<BrandRecord>, StoreError> {
        self.in_transaction(|conn| -> Result<Option<BrandRecord>, StoreError> {
            let bumped = diesel::update(brands::table.find(brand_id))
                .set(brands::version.eq(brands::version + 1))
                .execute(conn)?;
            if bumped == 0 {
                return Ok(None);
            }
            let before = brands::table
                .find(brand_id)
                .select(BrandRecord::as_select())
                .first(conn)?;
            diesel::update(brands::table.find(brand_id))
                .set(brands::logo_url.eq(logo_url))
                .execute(conn)?;
            let after = brands::table
                .find(brand_id)
                .select(BrandRecord::as_select())
                .first(conn)?;
            // `before` is read after the bump: its version is the one the brand had.
            let before = BrandRecord {
                version: before.version - 1,
                ..before
            };
            crate::note_catalogue_change(conn, None, now)?;
            crate::write_audit(conn, &audit(&before, &after))?;
            Ok(Some(after))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(id: &str) -> ImageRef {
        ImageRef {
            id: id.to_owned(),
            url: format!("/api/media/u/{id}-1080.jpg"),
            srcset: None,
        }
    }

    fn ids(images: &[ImageRef]) -> Vec<&str> {
        images.iter().map(|i| i.id.as_str()).collect()
    }

    #[test]
    fn legacy_ids_are_stable_and_differ_by_url() {
        assert_eq!(legacy_image_id(""), "cbf29ce484222325");
        assert_eq!(legacy_image_id("a"), "af63dc4c8601ec8c");
        assert_ne!(
            legacy_image_id("/api/media/art/a/navy/front.svg"),
            legacy_image_id("/api/media/art/a/navy/back.svg")
        );
    }

    #[test]
    fn edits_add_remove_and_order() {
        let two = vec![image("a"), image("b")];
        let added = apply(two.clone(), ImageEdit::Add(image("c")), 3).expect("room");
        assert_eq!(ids(&added), ["a", "b", "c"]);
        assert_eq!(
            apply(added.clone(), ImageEdit::Add(image("d")), 3),
            Err(ImageRefusal::TooMany(3))
        );
        assert_eq!(
            apply(two.clone(), ImageEdit::Add(image("a")), 3),
            Err(ImageRefusal::AlreadyThere)
        );
        let removed = apply(added, ImageEdit::Remove("b".into()), 3).expect("there");
        assert_eq!(ids(&removed), ["a", "c"]);
        assert_eq!(
            apply(two.clone(), ImageEdit::Remove("z".into()), 3),
            Err(ImageRefusal::ImageMissing)
        );
        let ordered = apply(
            two.clone(),
            ImageEdit::Order(vec!["b".into(), "a".into()]),
            3,
        )
        .expect("same");
        assert_eq!(ids(&ordered), ["b", "a"]);
        for wrong in [
            vec!["a"],
            vec!["a", "b", "c"],
            vec!["a", "a"],
            vec!["a", "z"],
        ] {
            let wrong = wrong.into_iter().map(str::to_owned).collect();
            assert_eq!(
                apply(two.clone(), ImageEdit::Order(wrong), 3),
                Err(ImageRefusal::OrderMismatch)
            );
        }
    }
}
