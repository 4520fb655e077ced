//! The category tree, as admins run it: two levels (top-level categories of a gender, and
//! their subcategories of the same gender), in display order. Positions keep the shop's
//! convention ([`store::CategoryRecord::position`]): a gender's top-level categories are 1, 2,
//! 3..., the subcategories of top-level `n` are `n * 100 + 1`, `n * 100 + 2`...; every write
//! renumbers the gender it touched so the convention holds after creations, moves, reorders
//! and deletions. A category that products are filed under, or that has subcategories, is not
//! deleted.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Deserializer, Serialize};
use store::CategoryRecord;
use store::ids::CategoryId;
use utoipa::ToSchema;

use super::{AdminError, Fields, optional_text, required_text};
use crate::auth::Caller;
use crate::services::admin::users::NamedRef;
use crate::services::console::{Change, ConsoleError, Manager, required_version};
use crate::state::AppState;

/// The longest category name.
pub const MAX_NAME: usize = validation::MAX_NAME_CHARS;
/// The longest image URL.
pub const MAX_IMAGE: usize = 500;
/// The most categories at one level (positions leave room for 99 under each parent).
pub const MAX_SIBLINGS: usize = 99;

/// A category as the admin console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminCategory {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// "male", "female" or "unisex".
    #[schema(value_type = crate::wire::Gender)]
    pub gender: String,
    /// The parent of a subcategory; null on a top-level category.
    #[serde(rename = "parentCategory")]
    #[schema(required = true)]
    pub parent_category: Option<NamedRef>,
    pub image: String,
    /// Display order within the gender (top-level 1, 2...; subcategories of `n` from
    /// `n * 100 + 1`).
    pub position: i32,
    /// The version an edit names (`version` or `If-Match`).
    pub version: i64,
    /// Products filed under the category, archived ones included.
    #[serde(rename = "productCount")]
    pub product_count: i64,
}

/// `{success, categories}`, in tree order: per gender, each top-level category followed by
/// its subcategories.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCategories {
    pub success: bool,
    pub categories: Vec<AdminCategory>,
}

/// `{success, category}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OneAdminCategory {
    pub success: bool,
    pub category: AdminCategory,
}

/// `{success}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Deleted {
    pub success: bool,
}

/// A new category.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct NewCategoryBody {
    /// At most 100 characters.
    #[schema(required = true, value_type = String)]
    pub name: Option<String>,
    /// "male", "female" or "unisex"; a subcategory's is its parent's.
    #[schema(required = true, value_type = crate::wire::Gender)]
    pub gender: Option<String>,
    /// The top-level category this one goes under; none for a top-level category.
    #[serde(rename = "parentId")]
    pub parent_id: Option<String>,
    /// The tile's image URL (at most 500 characters).
    pub image: Option<String>,
}

/// An edit of a category: any of its fields, and the version it read.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CategoryPatch {
    pub name: Option<String>,
    /// Moves the category under this top-level category; null makes it top-level.
    #[serde(rename = "parentId", default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub parent_id: Option<Option<String>>,
    pub image: Option<String>,
    /// The version read (or send `If-Match`).
    #[serde(default, deserialize_with = "crate::services::input::whole_version")]
    pub version: Option<i64>,
}

/// A field that was sent, null or not (absent stays `None`).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// Siblings in their new order.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CategoryOrder {
    /// Every category of one parent (or every top-level category of one gender), each once.
    pub ids: Option<Vec<String>>,
}

/// The tree as the console shows it, with the product counts given.
fn tree(all: &[CategoryRecord], counts: &HashMap<CategoryId, i64>) -> Vec<AdminCategory> {
    let names: HashMap<&CategoryId, &str> = all.iter().map(|c| (&c.id, c.name.as_str())).collect();
    let shown = |c: &CategoryRecord| AdminCategory {
        id: c.id.to_string(),
        name: c.name.clone(),
        gender: c.gender.clone(),
        parent_category: c.parent_id.as_ref().map(|p| NamedRef {
            id: p.to_string(),
            name: names.get(p).map(|n| (*n).to_owned()).unwrap_or_default(),
        }),
        image: c.image.clone(),
        position: c.position,
        version: c.version,
        product_count: counts.get(&c.id).copied().unwrap_or(0),
    };
    let mut children: BTreeMap<&CategoryId, Vec<&CategoryRecord>> = BTreeMap::new();
    for c in all {
        if let Some(parent) = &c.parent_id {
            children.entry(parent).or_default().push(c);
        }
    }
    let mut ordered = Vec::with_capacity(all.len());
    for top in all.iter().filter(|c| c.parent_id.is_none()) {
        ordered.push(shown(top));
        ordered.extend(
            children
                .remove(&top.id)
                .unwrap_or_default()
                .into_iter()
                .map(shown),
        );
    }
    // Subcategories whose parent is gone (a hand edit) still show, last.
    ordered.extend(children.into_values().flatten().map(shown));
    ordered
}

/// One category as the console shows it.
fn one(conn: &mut store::DbConnection, id: &CategoryId) -> Result<AdminCategory, AdminError> {
    let all = store::all_categories(conn)?;
    let count = store::category_product_count(conn, id)?;
    let counts = HashMap::from([(id.clone(), count)]);
    tree(&all, &counts)
        .into_iter()
        .find(|c| c.id == id.as_str())
        .ok_or_else(|| ConsoleError::NotFound("Category").into())
}

/// Rewrites the positions of `gender`'s categories to the convention, keeping their order:
/// top-level ones 1, 2, 3..., the subcategories of each from its new `n * 100 + 1`.
fn renumber(conn: &mut store::DbConnection, gender: &str) -> Result<(), AdminError> {
    let all = store::all_categories(conn)?;
    let tops: Vec<&CategoryRecord> = all
        .iter()
        .filter(|c| c.parent_id.is_none() && c.gender == gender)
        .collect();
    for (t, top) in tops.iter().enumerate() {
        let n = i32::try_from(t + 1).unwrap_or(i32::MAX / 100);
        if top.position != n {
            store::set_category_position(conn, &top.id, n)?;
        }
        let subs = all.iter().filter(|c| c.parent_id.as_ref() == Some(&top.id));
        for (s, sub) in subs.enumerate() {
            let position = n * 100 + i32::try_from(s + 1).unwrap_or(99);
            if sub.position != position {
                store::set_category_position(conn, &sub.id, position)?;
            }
        }
    }
    Ok(())
}

/// The last position of a new member of the siblings of `parent` (or of `gender`'s top
/// level): renumbering then puts it in its place. `Err` when the level is full.
fn last_position(
    all: &[CategoryRecord],
    parent: Option<&CategoryRecord>,
    gender: &str,
    fields: &mut Fields,
) -> i32 {
    let siblings = all
        .iter()
        .filter(|c| match parent {
            Some(p) => c.parent_id.as_ref() == Some(&p.id),
            None => c.parent_id.is_none() && c.gender == gender,
        })
        .count();
    if siblings >= MAX_SIBLINGS {
        fields.add(
            if parent.is_some() {
                "parentId"
            } else {
                "gender"
            },
            format!("At most {MAX_SIBLINGS} categories fit at one level."),
        );
    }
    match parent {
        Some(p) => p.position * 100 + 99,
        None => 99,
    }
}

/// Checks that `parent` may hold a subcategory of `gender` (and, when a category moves, that
/// the category itself may go under it), noting what is wrong on `parentId`.
fn check_parent(
    parent: Option<&CategoryRecord>,
    parent_id: &str,
    gender: &str,
    moving: Option<(&CategoryId, i64)>,
    fields: &mut Fields,
) {
    let Some(parent) = parent else {
        fields.add("parentId", "No category has this id.");
        return;
    };
    if moving.is_some_and(|(id, _)| id.as_str() == parent_id) {
        fields.add("parentId", "A category cannot be its own parent.");
    } else if parent.parent_id.is_some() {
        fields.add(
            "parentId",
            "The tree has two levels: choose a top-level category as the parent.",
        );
    } else if moving.is_some_and(|(_, children)| children > 0) {
        fields.add(
            "parentId",
            "This category has subcategories, so it stays top-level.",
        );
    } else if parent.gender != gender {
        fields.add(
            "parentId",
            format!("Choose a parent of the same gender ({gender})."),
        );
    }
}

/// The whole tree with product counts.
pub async fn list(state: &AppState, caller: &Caller) -> Result<AdminCategories, AdminError> {
    Manager::admin(caller)?;
    let all = state.db(|store| store.admin_categories()).await?;
    let counts = all.iter().map(|(c, n)| (c.id.clone(), *n)).collect();
    let records: Vec<CategoryRecord> = all.into_iter().map(|(c, _)| c).collect();
    Ok(AdminCategories {
        success: true,
        categories: tree(&records, &counts),
    })
}

fn change<'a>(action: &'a str, id: &'a str) -> Change<'a> {
    Change {
        action,
        entity: "category",
        entity_id: id,
        brand_id: None,
    }
}

/// Adds a category at the end of its level.
pub async fn create(
    state: &AppState,
    caller: &Caller,
    body: NewCategoryBody,
) -> Result<OneAdminCategory, AdminError> {
    let manager = Manager::admin(caller)?;
    let mut fields = Fields::default();
    let name = fields.keep("name", required_text(body.name.as_deref(), MAX_NAME));
    let gender = fields.keep(
        "gender",
        validation::ProductGender::parse(body.gender.as_deref().unwrap_or_default())
            .map(|g| g.as_str().to_owned()),
    );
    let image = fields
        .keep("image", optional_text(body.image.as_deref(), MAX_IMAGE))
        .flatten()
        .unwrap_or_default();
    let parent_id = body
        .parent_id
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .map(CategoryId::new);
    let now = state.clock.now();
    let category = state
        .db(move |store| {
            store.in_transaction(|conn| {
                store::lock_categories(conn)?;
                let all = store::all_categories(conn)?;
                let parent = parent_id
                    .as_ref()
                    .map(|id| all.iter().find(|c| c.id == *id));
                if let (Some(parent), Some(id), Some(gender)) = (parent, &parent_id, &gender) {
                    check_parent(parent, id, gender, None, &mut fields);
                }
                let gender = gender.unwrap_or_default();
                let position = last_position(&all, parent.flatten(), &gender, &mut fields);
                fields.check()?;
                let record = CategoryRecord {
                    id: CategoryId::new(uuid::Uuid::now_v7().to_string()),
                    name: name.unwrap_or_default(),
                    gender: gender.clone(),
                    parent_id,
                    image,
                    position,
                    version: 1,
                };
                store::insert_category(conn, &record)?;
                renumber(conn, &gender)?;
                let after = one(conn, &record.id)?;
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                let entry =
                    manager.audit(now, change("create", &after.id), None::<&()>, Some(&after));
                store::write_audit(conn, &entry)?;
                Ok::<_, AdminError>(after)
            })
        })
        .await?;
    Ok(OneAdminCategory {
        success: true,
        category,
    })
}

/// Edits a category at the version the editor read: its name, its image, or its place in
/// the tree (moved to the end of its new level).
pub async fn update(
    state: &AppState,
    caller: &Caller,
    id: String,
    body: CategoryPatch,
    if_match: Option<String>,
) -> Result<OneAdminCategory, AdminError> {
    let manager = Manager::admin(caller)?;
    let version = required_version(body.version, if_match.as_deref())?;
    let mut fields = Fields::default();
    let name = body
        .name
        .as_deref()
        .and_then(|n| fields.keep("name", required_text(Some(n), MAX_NAME)));
    let image = fields
        .keep("image", optional_text(body.image.as_deref(), MAX_IMAGE))
        .flatten();
    fields.check()?;
    let parent_id = body.parent_id.map(|p| {
        p.map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .map(CategoryId::new)
    });
    let now = state.clock.now();
    let id = CategoryId::new(id);
    let category = state
        .db(move |store| {
            store.in_transaction(|conn| {
                store::lock_categories(conn)?;
                let mut fields = Fields::default();
                let before =
                    store::category_by_id(conn, &id)?.ok_or(ConsoleError::NotFound("Category"))?;
                let shown = one(conn, &id)?;
                if before.version != version {
                    return Err(stale(&shown));
                }
                let all = store::all_categories(conn)?;
                let parent = parent_id.unwrap_or_else(|| before.parent_id.clone());
                let mut position = before.position;
                if parent != before.parent_id {
                    let new_parent = parent.as_ref().map(|p| all.iter().find(|c| c.id == *p));
                    if let (Some(found), Some(pid)) = (new_parent, &parent) {
                        let children = store::child_category_count(conn, &id)?;
                        check_parent(
                            found,
                            pid,
                            &before.gender,
                            Some((&id, children)),
                            &mut fields,
                        );
                    }
                    position =
                        last_position(&all, new_parent.flatten(), &before.gender, &mut fields);
                }
                fields.check()?;
                let edit = store::CategoryEdit {
                    name: name.unwrap_or_else(|| before.name.clone()),
                    parent_id: parent,
                    image: image.unwrap_or_else(|| before.image.clone()),
                    position,
                };
                if !store::update_category(conn, &id, version, &edit)? {
                    return Err(stale(&shown));
                }
                renumber(conn, &before.gender)?;
                let after = one(conn, &id)?;
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                let entry =
                    manager.audit(now, change("update", &after.id), Some(&shown), Some(&after));
                store::write_audit(conn, &entry)?;
                Ok::<_, AdminError>(after)
            })
        })
        .await?;
    Ok(OneAdminCategory {
        success: true,
        category,
    })
}

fn stale(current: &AdminCategory) -> AdminError {
    ConsoleError::Stale {
        entity: "category",
        current: serde_json::to_value(current).unwrap_or_default(),
    }
    .into()
}

/// The ids of one level, in order, as the audit trail records a reorder.
#[derive(Debug, Serialize)]
struct Order<'a> {
    ids: Vec<&'a str>,
}

/// Puts siblings in a new order: `ids` must be every category of one parent (or every
/// top-level category of one gender), each once.
pub async fn reorder(
    state: &AppState,
    caller: &Caller,
    body: CategoryOrder,
) -> Result<AdminCategories, AdminError> {
    let manager = Manager::admin(caller)?;
    let ids: Vec<CategoryId> = body
        .ids
        .unwrap_or_default()
        .into_iter()
        .map(CategoryId::new)
        .collect();
    let mut fields = Fields::default();
    if ids.is_empty() || ids.len() > MAX_SIBLINGS {
        fields.add(
            "ids",
            format!("Send the ids of 1 to {MAX_SIBLINGS} sibling categories, in their new order."),
        );
    }
    fields.check()?;
    let now = state.clock.now();
    state
        .db(move |store| {
            store.in_transaction(|conn| {
                store::lock_categories(conn)?;
                let all = store::all_categories(conn)?;
                let first = all.iter().find(|c| c.id == ids[0]);
                let siblings: Vec<&CategoryRecord> = first.map_or_else(Vec::new, |first| {
                    all.iter()
                        .filter(|c| c.parent_id == first.parent_id)
                        .filter(|c| first.parent_id.is_some() || c.gender == first.gender)
                        .collect()
                });
                let asked: HashSet<&CategoryId> = ids.iter().collect();
                let known: HashSet<&CategoryId> = siblings.iter().map(|c| &c.id).collect();
                let Some(first) = first.filter(|_| asked.len() == ids.len() && asked == known)
                else {
                    let mut fields = Fields::default();
                    fields.add(
                        "ids",
                        "Send every category of one parent (or every top-level category of one gender), each once.",
                    );
                    fields.check()?;
                    return Err(ConsoleError::Invalid(Default::default()).into());
                };
                let before = Order {
                    ids: siblings.iter().map(|c| c.id.as_str()).collect(),
                };
                let parent_position = first
                    .parent_id
                    .as_ref()
                    .and_then(|p| all.iter().find(|c| c.id == *p))
                    .map(|p| p.position);
                for (i, id) in ids.iter().enumerate() {
                    let rank = i32::try_from(i + 1).unwrap_or(99);
                    let position = parent_position.map_or(rank, |p| p * 100 + rank);
                    store::set_category_position(conn, id, position)?;
                }
                renumber(conn, &first.gender)?;
                let after = Order {
                    ids: ids.iter().map(|c| c.as_str()).collect(),
                };
                let level = first.parent_id.as_ref().map_or(first.gender.as_str(), |p| p.as_str());
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                let entry = manager.audit(now, change("reorder", level), Some(&before), Some(&after));
                store::write_audit(conn, &entry)?;
                Ok::<_, AdminError>(())
            })
        })
        .await?;
    list(state, caller).await
}

/// Deletes a category no product is filed under and no subcategory has as its parent.
pub async fn delete(state: &AppState, caller: &Caller, id: String) -> Result<Deleted, AdminError> {
    let manager = Manager::admin(caller)?;
    let now = state.clock.now();
    let id = CategoryId::new(id);
    state
        .db(move |store| {
            store.in_transaction(|conn| {
                store::lock_categories(conn)?;
                let before =
                    store::category_by_id(conn, &id)?.ok_or(ConsoleError::NotFound("Category"))?;
                let products = store::category_product_count(conn, &id)?;
                if products > 0 {
                    return Err(AdminError::CategoryHasProducts {
                        count: products.unsigned_abs(),
                    });
                }
                let children = store::child_category_count(conn, &id)?;
                if children > 0 {
                    return Err(AdminError::CategoryHasChildren {
                        count: children.unsigned_abs(),
                    });
                }
                let shown = one(conn, &id)?;
                store::delete_category(conn, &id).map_err(|e| {
                    if super::is_foreign_key_violation(&e) {
                        // A product filed under it meanwhile.
                        AdminError::CategoryHasProducts { count: 1 }
                    } else {
                        e.into()
                    }
                })?;
                renumber(conn, &before.gender)?;
                store::note_catalogue_change(conn, None, now.naive_utc())?;
                let entry = manager.audit(
                    now,
                    change("delete", id.as_str()),
                    Some(&shown),
                    None::<&()>,
                );
                store::write_audit(conn, &entry)?;
                Ok(Deleted { success: true })
            })
        })
        .await
}
