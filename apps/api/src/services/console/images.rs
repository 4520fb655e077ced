//! A product's images in the brand console (upload, remove, order) and a brand's logo in the
//! admin console. Uploads go through the media service (checked by their bytes, re-encoded
//! without metadata, stored content-addressed); each edit is one transaction with the
//! product's version bump, its change-feed row and its audit row.

use serde::{Deserialize, Serialize};
use store::ids::ProductId;
use utoipa::ToSchema;

use super::{Change, ConsoleError, Manager};
use crate::auth::Caller;
use crate::services::media::{MediaError, Purpose, absolute_srcset};
use crate::state::AppState;
use crate::wire::absolute_url;

/// The most images a product may have.
pub const MAX_PRODUCT_IMAGES: usize = 12;

/// What an image edit fails with.
#[derive(Debug, thiserror::Error)]
pub enum ImagesError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
    #[error(transparent)]
    Media(#[from] MediaError),
    /// The product has [`MAX_PRODUCT_IMAGES`] already (422).
    #[error("A product has at most 12 images. Remove one before adding another.")]
    TooMany,
    /// No image with that id on the product (404).
    #[error("Image not found.")]
    ImageNotFound,
}

impl From<store::StoreError> for ImagesError {
    fn from(e: store::StoreError) -> Self {
        Self::Console(e.into())
    }
}

/// One image of a product, as the console shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImageSetEntry {
    /// The image's id (an upload's content hash; a stable hash of the URL for demo art).
    #[serde(rename = "_id")]
    pub id: String,
    /// The largest variant (the URL the product's `images` list holds).
    pub url: String,
    /// `"<url> 320w, <url> 640w, <url> 1080w"`; null for generated art.
    pub srcset: Option<String>,
}

impl ImageSetEntry {
    pub fn of(image: &store::ImageRef, media_origin: &str) -> Self {
        Self {
            id: image.id.clone(),
            url: absolute_url(media_origin, image.url.clone()),
            srcset: image
                .srcset
                .as_deref()
                .map(|s| absolute_srcset(media_origin, s)),
        }
    }
}

/// `{image}`: the uploaded image.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedImage {
    pub image: ImageSetEntry,
}

/// `{success, images}`: the product's images after the edit, in order.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductImages {
    pub success: bool,
    pub images: Vec<ImageSetEntry>,
}

/// `{imageIds}`: every image id of the product, once each, in the new order.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ImageOrder {
    #[serde(rename = "imageIds")]
    pub image_ids: Vec<String>,
}

/// A brand as the logo upload answers it (the admin console's brand shape, less the product
/// count).
#[derive(Debug, Serialize, ToSchema)]
pub struct LogoBrand {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub logo_url: Option<String>,
    #[serde(rename = "isActive")]
    pub is_active: bool,
    pub gender: String,
    pub version: i64,
}

/// `{success, brand}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct LogoAnswer {
    pub success: bool,
    pub brand: LogoBrand,
}

/// The product `id` if the manager reaches its brand; another brand's is missing (404).
async fn product_of(
    state: &AppState,
    manager: &Manager,
    id: &str,
) -> Result<store::ProductRecord, ImagesError> {
    let ids = [ProductId::new(id)];
    let found = state
        .db(move |store| store.products_by_ids(&ids))
        .await?
        .into_iter()
        .next()
        .filter(|p| manager.scope.reaches(p.brand.id.as_str()));
    Ok(found.ok_or(ConsoleError::NotFound("Product"))?)
}

/// Applies `edit` to the images of `product` in one transaction with its audit row.
async fn edit(
    state: &AppState,
    manager: Manager,
    product: &store::ProductRecord,
    edit: store::ImageEdit,
) -> Result<Result<Vec<store::ImageRef>, store::ImageRefusal>, ImagesError> {
    let now = state.clock.now();
    let product_id = product.id.to_string();
    let brand_id = product.brand.id.to_string();
    Ok(state
        .db(move |store| {
            store.edit_product_images(
                &product_id,
                edit,
                MAX_PRODUCT_IMAGES,
                now.naive_utc(),
                |before, after| {
                    let change = Change {
                        action: "image",
                        entity: "product",
                        entity_id: &product_id,
                        brand_id: Some(&brand_id),
                    };
                    manager.audit(
                        now,
                        change,
                        Some(&serde_json::json!({ "images": before })),
                        Some(&serde_json::json!({ "images": after })),
                    )
                },
            )
        })
        .await?)
}

fn refused(refusal: store::ImageRefusal) -> ImagesError {
    match refusal {
        store::ImageRefusal::ProductMissing => ConsoleError::NotFound("Product").into(),
        store::ImageRefusal::TooMany(_) => ImagesError::TooMany,
        store::ImageRefusal::ImageMissing | store::ImageRefusal::AlreadyThere => {
            ImagesError::ImageNotFound
        }
        store::ImageRefusal::OrderMismatch => ConsoleError::Invalid(
            [(
                "imageIds".to_owned(),
                "List each of the product's image ids once.".to_owned(),
            )]
            .into(),
        )
        .into(),
    }
}

fn listed(state: &AppState, images: &[store::ImageRef]) -> ProductImages {
    let origin = state.catalogue.media_origin();
    ProductImages {
        success: true,
        images: images
            .iter()
            .map(|i| ImageSetEntry::of(i, origin))
            .collect(),
    }
}

/// Stores `bytes` as a new image of product `id`, at the end of its images. The same file
/// twice is one image (answered again, not added twice).
pub async fn add(
    state: &AppState,
    caller: &Caller,
    id: &str,
    bytes: Vec<u8>,
) -> Result<UploadedImage, ImagesError> {
    let manager = Manager::of(caller)?;
    let product = product_of(state, &manager, id).await?;
    if product.image_refs.len() >= MAX_PRODUCT_IMAGES {
        return Err(ImagesError::TooMany);
    }
    let stored = state.media.put_image(bytes, Purpose::Product).await?;
    let image = store::ImageRef {
        id: stored.id,
        url: stored.url,
        srcset: Some(stored.srcset),
    };
    let outcome = edit(
        state,
        manager,
        &product,
        store::ImageEdit::Add(image.clone()),
    )
    .await?;
    match outcome {
        Ok(_) | Err(store::ImageRefusal::AlreadyThere) => Ok(UploadedImage {
            image: ImageSetEntry::of(&image, state.catalogue.media_origin()),
        }),
        Err(refusal) => Err(refused(refusal)),
    }
}

/// Removes image `image_id` from product `id` (the stored files stay: another product, or an
/// order's history, may show the same image).
pub async fn remove(
    state: &AppState,
    caller: &Caller,
    id: &str,
    image_id: &str,
) -> Result<ProductImages, ImagesError> {
    let manager = Manager::of(caller)?;
    let product = product_of(state, &manager, id).await?;
    let edit_of = store::ImageEdit::Remove(image_id.to_owned());
    let images = edit(state, manager, &product, edit_of)
        .await?
        .map_err(refused)?;
    Ok(listed(state, &images))
}

/// Puts the images of product `id` in the order `order` names.
pub async fn reorder(
    state: &AppState,
    caller: &Caller,
    id: &str,
    order: ImageOrder,
) -> Result<ProductImages, ImagesError> {
    let manager = Manager::of(caller)?;
    if order.image_ids.len() > MAX_PRODUCT_IMAGES {
        return Err(refused(store::ImageRefusal::OrderMismatch));
    }
    let product = product_of(state, &manager, id).await?;
    let images = edit(
        state,
        manager,
        &product,
        store::ImageEdit::Order(order.image_ids),
    )
    .await?
    .map_err(refused)?;
    Ok(listed(state, &images))
}

/// Stores `bytes` as the logo of brand `id` (admins only).
pub async fn set_logo(
    state: &AppState,
    caller: &Caller,
    id: &str,
    bytes: Vec<u8>,
) -> Result<LogoAnswer, ImagesError> {
    let manager = Manager::admin(caller)?;
    let brand_id = id.to_owned();
    let exists = state
        .db({
            let brand_id = brand_id.clone();
            move |store| store.logo_brand_exists(&brand_id)
        })
        .await?;
    if !exists {
        return Err(ConsoleError::NotFound("Brand").into());
    }
    let stored = state.media.put_image(bytes, Purpose::Logo).await?;
    let now = state.clock.now();
    let brand = state
        .db(move |store| {
            store.set_brand_logo(&brand_id, &stored.url, now.naive_utc(), |before, after| {
                let change = Change {
                    action: "logo",
                    entity: "brand",
                    entity_id: &brand_id,
                    brand_id: Some(&brand_id),
                };
                manager.audit(
                    now,
                    change,
                    Some(&serde_json::json!({ "logo_url": before.logo_url, "version": before.version })),
                    Some(&serde_json::json!({ "logo_url": after.logo_url, "version": after.version })),
                )
            })
        })
        .await?
        .ok_or(ConsoleError::NotFound("Brand"))?;
    let origin = state.catalogue.media_origin();
    Ok(LogoAnswer {
        success: true,
        brand: LogoBrand {
            id: brand.id.to_string(),
            name: brand.name,
            description: brand.description,
            logo_url: brand.logo_url.map(|u| absolute_url(origin, u)),
            is_active: brand.is_active,
            gender: brand.gender,
            version: brand.version,
        },
    })
}
