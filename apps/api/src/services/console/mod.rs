//! What every console call shares: who the caller manages ([`Manager`]), the refusals every
//! console family can give ([`ConsoleError`]), the version an edit read, and the audit row a
//! write leaves. The families (products, images, imports, coupons for brand teams; brands,
//! categories, banners, users and the audit trail for admins) build on these.

pub mod coupons;
pub mod images;
pub mod imports;
pub mod shopify;

use access::console::{ConsoleRefusal, ConsoleScope};
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::auth::Caller;

/// The refusals every console family shares; each family's own error wraps this one.
#[derive(Debug, thiserror::Error)]
pub enum ConsoleError {
    /// Not allowed (403), another brand's (404, as missing) or no brand named (400).
    #[error(transparent)]
    Refused(#[from] ConsoleRefusal),
    /// The record does not exist, or is another brand's: "Product not found." and the like.
    #[error("{0} not found.")]
    NotFound(&'static str),
    /// The edit read `version`s ago; `current` is the record now, as its answer shows it.
    #[error(
        "This {entity} was changed by someone else since you opened it. Review the current version and try again."
    )]
    Stale {
        entity: &'static str,
        current: serde_json::Value,
    },
    /// An edit that names no version (neither `version` nor `If-Match`).
    #[error(
        "Say which version you edited: send `version` (or an If-Match header) from the record you read."
    )]
    VersionRequired,
    #[error(transparent)]
    BadVersion(#[from] access::console::BadVersion),
    /// Fields that break the rules: each field's message, by the field's wire name.
    #[error("{}", first_message(.0))]
    Invalid(std::collections::BTreeMap<String, String>),
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

fn first_message(fields: &std::collections::BTreeMap<String, String>) -> String {
    fields.iter().next().map_or_else(
        || "Invalid input".to_owned(),
        |(field, m)| format!("{field}: {m}"),
    )
}

/// A signed-in staff member and what they manage.
#[derive(Debug, Clone)]
pub struct Manager {
    pub scope: ConsoleScope,
    pub actor_id: String,
    pub actor_email: Option<String>,
}

impl Manager {
    /// The brand console's caller: a brand user with a brand, or an admin.
    pub fn of(caller: &Caller) -> Result<Self, ConsoleError> {
        let scope = access::console::console_scope(
            caller.role,
            caller.user.brand_id.as_ref().map(|b| b.as_str()),
        )?;
        Ok(Self::with(caller, scope))
    }

    /// The admin console's caller: an admin only.
    pub fn admin(caller: &Caller) -> Result<Self, ConsoleError> {
        access::console::admin_only(caller.role)?;
        Ok(Self::with(caller, ConsoleScope::Admin))
    }

    fn with(caller: &Caller, scope: ConsoleScope) -> Self {
        Self {
            scope,
            actor_id: caller.id().to_string(),
            actor_email: caller.user.email.clone(),
        }
    }

    /// The audit row of a write by this manager at `now`: `before` is `None` for a creation,
    /// `after` `None` for a deletion.
    pub fn audit(
        &self,
        now: DateTime<Utc>,
        change: Change<'_>,
        before: Option<&impl Serialize>,
        after: Option<&impl Serialize>,
    ) -> store::NewAudit {
        fn json(value: &impl Serialize) -> String {
            serde_json::to_string(value).unwrap_or_default()
        }
        store::NewAudit {
            at: now.naive_utc(),
            actor_id: self.actor_id.clone(),
            actor_email: self.actor_email.clone(),
            actor_role: self.scope.role_name().to_owned(),
            brand_id: change.brand_id.map(str::to_owned),
            action: change.action.to_owned(),
            entity: change.entity.to_owned(),
            entity_id: change.entity_id.to_owned(),
            before: before.map(json),
            after: after.map(json),
        }
    }
}

/// What a write did, for its audit row.
#[derive(Debug, Clone, Copy)]
pub struct Change<'a> {
    /// "create", "update", "archive", "delete", "stock", "import", "image", "role", ...
    pub action: &'a str,
    /// "product", "coupon", "brand", "category", "banner", "user".
    pub entity: &'a str,
    pub entity_id: &'a str,
    /// The brand concerned, when one is.
    pub brand_id: Option<&'a str>,
}

/// The version an edit says it read (the body's `version` or `If-Match`), required.
pub fn required_version(body: Option<i64>, if_match: Option<&str>) -> Result<i64, ConsoleError> {
    access::console::expected_version(body, if_match)?.ok_or(ConsoleError::VersionRequired)
}
pub mod products;
