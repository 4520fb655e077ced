//! Brands, as admins run them: every brand (active or not) with its product count, creation,
//! and partial edits that name the version they read. Deactivating a brand hides its products
//! from shoppers: the write notes a change to the whole catalogue, so every API process
//! reloads and drops them.

use serde::{Deserialize, Serialize};
use store::BrandRecord;
use store::ids::BrandId;
use utoipa::{IntoParams, ToSchema};

use super::{AdminError, Fields, optional_text, required_text};
use crate::auth::Caller;
use crate::services::console::{Change, ConsoleError, Manager, required_version};
use crate::state::AppState;

/// The longest brand name.
pub const MAX_NAME: usize = validation::MAX_NAME_CHARS;
/// The longest brand description.
pub const MAX_DESCRIPTION: usize = 2_000;
/// The longest search text.
pub const MAX_SEARCH: usize = 100;

/// A brand as the admin console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminBrand {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    #[schema(required = true)]
    pub logo_url: Option<String>,
    #[serde(rename = "isActive")]
    pub is_active: bool,
    /// "male", "female" or "unisex".
    #[schema(value_type = crate::wire::Gender)]
    pub gender: String,
    /// The version an edit names (`version` or `If-Match`).
    pub version: i64,
    /// The brand's products that are not archived (shown to shoppers or not).
    #[serde(rename = "productCount")]
    pub product_count: i64,
    /// The share of the brand's sales the shop keeps: a percentage, 0 to 50, at most 2
    /// decimals (docs/requirements.md, "Payouts").
    #[serde(rename = "commissionRate")]
    pub commission_rate: f64,
}

impl AdminBrand {
    pub fn of(record: &BrandRecord, product_count: i64, media_origin: &str) -> Self {
        Self {
            id: record.id.to_string(),
            name: record.name.clone(),
            description: record.description.clone(),
            logo_url: record
                .logo_url
                .clone()
                .map(|url| crate::wire::absolute_url(media_origin, url)),
            is_active: record.is_active,
            gender: record.gender.clone(),
            version: record.version,
            product_count,
            commission_rate: payouts::Rate::from_bp(record.commission_rate_bp)
                .unwrap_or_default()
                .percent(),
        }
    }
}

/// `{success, brands}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminBrands {
    pub success: bool,
    pub brands: Vec<AdminBrand>,
}

/// `{success, brand}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OneAdminBrand {
    pub success: bool,
    pub brand: AdminBrand,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BrandSearch {
    /// Keeps brands whose name contains this, ignoring letter case.
    #[param(max_length = 100)]
    pub search: Option<String>,
}

/// A new brand.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct NewBrandBody {
    /// Unique, ignoring letter case; at most 100 characters.
    #[schema(required = true, value_type = String)]
    pub name: Option<String>,
    /// "male", "female" or "unisex".
    #[schema(required = true, value_type = crate::wire::Gender)]
    pub gender: Option<String>,
    /// Shown to shoppers (default true).
    #[serde(rename = "isActive")]
    pub is_active: Option<bool>,
    /// At most 2,000 characters.
    pub description: Option<String>,
}

/// An edit of a brand: any of its fields, and the version it read.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BrandPatch {
    pub name: Option<String>,
    #[schema(value_type = Option<crate::wire::Gender>)]
    pub gender: Option<String>,
    /// False hides the brand and its products from shoppers.
    #[serde(rename = "isActive")]
    pub is_active: Option<bool>,
    pub description: Option<String>,
    /// The commission rate: a percentage, 0 to 50, at most 2 decimals.
    #[serde(rename = "commissionRate")]
    pub commission_rate: Option<f64>,
    /// The version read (or send `If-Match`).
    #[serde(default, deserialize_with = "crate::services::input::whole_version")]
    pub version: Option<i64>,
}

fn media_origin(state: &AppState) -> String {
    state.catalogue.snapshot().base.media_origin.clone()
}

/// Every brand whose name contains `search`, by name.
pub async fn list(
    state: &AppState,
    caller: &Caller,
    query: BrandSearch,
) -> Result<AdminBrands, AdminError> {
    Manager::admin(caller)?;
    let mut fields = Fields::default();
    let search = fields
        .keep("search", optional_text(query.search.as_deref(), MAX_SEARCH))
        .flatten()
        .filter(|s| !s.is_empty())
        .map(|s| s.to_lowercase());
    fields.check()?;
    let media = media_origin(state);
    let brands = state
        .db(move |store| store.admin_brands(search.as_deref()))
        .await?;
    Ok(AdminBrands {
        success: true,
        brands: brands
            .iter()
            .map(|(b, count)| AdminBrand::of(b, *count, &media))
            .collect(),
    })
}

fn gender(raw: Option<&str>) -> Result<String, validation::ValidationError> {
    validation::ProductGender::parse(raw.unwrap_or_default()).map(|g| g.as_str().to_owned())
}

/// Adds a brand.
pub async fn create(
    state: &AppState,
    caller: &Caller,
    body: NewBrandBody,
) -> Result<OneAdminBrand, AdminError> {
    let manager = Manager::admin(caller)?;
    let mut fields = Fields::default();
    let name = fields.keep("name", required_text(body.name.as_deref(), MAX_NAME));
    let gender = fields.keep("gender", gender(body.gender.as_deref()));
    let description = fields.keep(
        "description",
        optional_text(body.description.as_deref(), MAX_DESCRIPTION),
    );
    fields.check()?;
    let (Some(name), Some(gender), Some(description)) = (name, gender, description) else {
        return Err(ConsoleError::Invalid(Default::default()).into());
    };
    let now = state.clock.now();
    let brand = store::NewBrand {
        id: BrandId::new(uuid::Uuid::now_v7().to_string()),
        name,
        description: description.unwrap_or_default(),
        gender,
        is_active: body.is_active.unwrap_or(true),
        created_at: now.naive_utc(),
    };
    let media = media_origin(state);
    let brand = state
        .db(move |store| {
            store.in_transaction(|conn| {
                store::write_first(conn)?;
                if store::brand_name_taken(conn, &brand.name, None)? {
                    return Err(AdminError::BrandNameTaken(brand.name.clone()));
                }
                store::insert_brand(conn, &brand).map_err(|e| {
                    if super::is_unique_violation(&e) {
                        AdminError::BrandNameTaken(brand.name.clone())
                    } else {
                        e.into()
                    }
                })?;
                let record =
                    store::brand_by_id(conn, &brand.id)?.ok_or(ConsoleError::NotFound("Brand"))?;
                let after = AdminBrand::of(&record, 0, &media);
                let change = Change {
                    action: "create",
                    entity: "brand",
                    entity_id: &after.id,
                    brand_id: Some(&after.id),
                };
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                store::write_audit(conn, &manager.audit(now, change, None::<&()>, Some(&after)))?;
                Ok(after)
            })
        })
        .await?;
    Ok(OneAdminBrand {
        success: true,
        brand,
    })
}

/// Edits a brand at the version the editor read: a stale edit is refused with the brand as
/// it is now.
pub async fn update(
    state: &AppState,
    caller: &Caller,
    id: String,
    body: BrandPatch,
    if_match: Option<String>,
) -> Result<OneAdminBrand, AdminError> {
    let manager = Manager::admin(caller)?;
    let version = required_version(body.version, if_match.as_deref())?;
    let mut fields = Fields::default();
    let name = body
        .name
        .as_deref()
        .and_then(|n| fields.keep("name", required_text(Some(n), MAX_NAME)));
    let gender = body
        .gender
        .as_deref()
        .and_then(|g| fields.keep("gender", gender(Some(g))));
    let description = fields
        .keep(
            "description",
            optional_text(body.description.as_deref(), MAX_DESCRIPTION),
        )
        .flatten();
    let commission_rate = body
        .commission_rate
        .and_then(|r| fields.keep("commissionRate", payouts::Rate::from_percent(r)));
    fields.check()?;
    let now = state.clock.now();
    let media = media_origin(state);
    let id = BrandId::new(id);
    let brand = state
        .db(move |store| {
            store.in_transaction(|conn| {
                store::write_first(conn)?;
                let before =
                    store::brand_by_id(conn, &id)?.ok_or(ConsoleError::NotFound("Brand"))?;
                let count = store::brand_product_count(conn, &id)?;
                let shown = AdminBrand::of(&before, count, &media);
                if before.version != version {
                    return Err(ConsoleError::Stale {
                        entity: "brand",
                        current: serde_json::to_value(&shown).unwrap_or_default(),
                    }
                    .into());
                }
                let edit = store::BrandEdit {
                    name: name.unwrap_or_else(|| before.name.clone()),
                    description: description.unwrap_or_else(|| before.description.clone()),
                    gender: gender.unwrap_or_else(|| before.gender.clone()),
                    is_active: body.is_active.unwrap_or(before.is_active),
                    commission_rate_bp: commission_rate
                        .map_or(before.commission_rate_bp, |r| i64::from(r.bp())),
                };
                if edit.name.to_lowercase() != before.name.to_lowercase()
                    && store::brand_name_taken(conn, &edit.name, Some(&id))?
                {
                    return Err(AdminError::BrandNameTaken(edit.name));
                }
                let updated = store::update_brand(conn, &id, version, &edit).map_err(|e| {
                    if super::is_unique_violation(&e) {
                        AdminError::BrandNameTaken(edit.name.clone())
                    } else {
                        e.into()
                    }
                })?;
                if !updated {
                    return Err(ConsoleError::Stale {
                        entity: "brand",
                        current: serde_json::to_value(&shown).unwrap_or_default(),
                    }
                    .into());
                }
                let record =
                    store::brand_by_id(conn, &id)?.ok_or(ConsoleError::NotFound("Brand"))?;
                let after = AdminBrand::of(&record, count, &media);
                let change = Change {
                    action: "update",
                    entity: "brand",
                    entity_id: &after.id,
                    brand_id: Some(&after.id),
                };
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                store::write_audit(
                    conn,
                    &manager.audit(now, change, Some(&shown), Some(&after)),
                )?;
                Ok(after)
            })
        })
        .await?;
    Ok(OneAdminBrand {
        success: true,
        brand,
    })
}
