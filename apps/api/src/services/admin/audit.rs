//! The audit trail, as admins read it: every console write (who, when, what, the record
//! before and after), newest first, by actor and by kind of record.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use store::AuditRecord;
use utoipa::{IntoParams, ToSchema};

use super::{AdminError, Fields, optional_text, paging};
use crate::auth::Caller;
use crate::services::console::Manager;
use crate::state::AppState;

/// Entries on a page unless `limit` says otherwise.
pub const DEFAULT_LIMIT: i64 = 50;
/// The most entries on a page.
pub const MAX_LIMIT: i64 = 100;
/// The longest filter value.
pub const MAX_FILTER: usize = 100;

/// Who made a write.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuditActor {
    #[serde(rename = "_id")]
    pub id: String,
    /// Their e-mail when they wrote.
    #[schema(required = true)]
    pub email: Option<String>,
    /// "brand" or "admin".
    pub role: String,
}

/// One write of the trail.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuditEntry {
    /// The entry's number; newer entries have higher ones.
    #[serde(rename = "_id")]
    pub id: String,
    pub at: DateTime<Utc>,
    pub actor: AuditActor,
    /// The brand the write concerned, when one did.
    #[serde(rename = "brandId")]
    #[schema(required = true)]
    pub brand_id: Option<String>,
    /// "create", "update", "archive", "delete", "stock", "import", "image", "role", "reorder"...
    pub action: String,
    /// "product", "coupon", "brand", "category", "banner", "user".
    pub entity: String,
    #[serde(rename = "entityId")]
    pub entity_id: String,
    /// The record before the write (null for a creation).
    #[schema(required = true, value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub before: Option<serde_json::Value>,
    /// The record after the write (null for a deletion).
    #[schema(required = true, value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub after: Option<serde_json::Value>,
}

fn json(text: Option<&str>) -> Option<serde_json::Value> {
    text.map(|t| serde_json::from_str(t).unwrap_or_else(|_| serde_json::Value::from(t)))
}

impl AuditEntry {
    pub fn of(record: &AuditRecord) -> Self {
        Self {
            id: record.seq.to_string(),
            at: record.at.and_utc(),
            actor: AuditActor {
                id: record.actor_id.clone(),
                email: record.actor_email.clone(),
                role: record.actor_role.clone(),
            },
            brand_id: record.brand_id.clone(),
            action: record.action.clone(),
            entity: record.entity.clone(),
            entity_id: record.entity_id.clone(),
            before: json(record.before.as_deref()),
            after: json(record.after.as_deref()),
        }
    }
}

/// `{success, entries, total, page, limit}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditPage {
    pub success: bool,
    pub entries: Vec<AuditEntry>,
    /// Entries matching in all.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// Only this user's writes: their id, or the e-mail of their account.
    #[param(max_length = 100)]
    pub actor: Option<String>,
    /// Only writes to this kind of record: product, coupon, brand, category, banner, user.
    #[param(max_length = 100)]
    pub entity: Option<String>,
    /// From 1 (default 1), at most 10,000.
    #[param(pattern = "^[0-9]{0,5}$")]
    pub page: Option<String>,
    /// 1 to 100 (default 50).
    #[param(pattern = "^[0-9]{0,3}$")]
    pub limit: Option<String>,
}

/// A page of the trail, newest first.
pub async fn list(
    state: &AppState,
    caller: &Caller,
    params: AuditParams,
) -> Result<AuditPage, AdminError> {
    Manager::admin(caller)?;
    let mut fields = Fields::default();
    let mut filter = |field: &str, raw: Option<&str>| {
        fields
            .keep(field, optional_text(raw, MAX_FILTER))
            .flatten()
            .filter(|v| !v.is_empty())
    };
    let actor_id = filter("actor", params.actor.as_deref());
    let entity = filter("entity", params.entity.as_deref()).map(|e| e.to_lowercase());
    let (page, limit) = paging(
        &mut fields,
        params.page.as_deref(),
        params.limit.as_deref(),
        DEFAULT_LIMIT,
        MAX_LIMIT,
    );
    fields.check()?;
    let query = store::AuditQuery {
        actor_id,
        entity,
        offset: (page - 1) * limit,
        limit,
    };
    let (rows, total) = state
        .db(move |store| {
            let mut query = query;
            // An e-mail names the account that has it now (an unknown one finds nothing).
            if let Some(actor) = query.actor_id.as_deref().filter(|a| a.contains('@'))
                && let Some(user) = store.user_by_email(&actor.to_lowercase())?
            {
                query.actor_id = Some(user.id.into_inner());
            }
            store.audit_entries(&query)
        })
        .await?;
    Ok(AuditPage {
        success: true,
        entries: rows.iter().map(AuditEntry::of).collect(),
        total,
        page,
        limit,
    })
}
