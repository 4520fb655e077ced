//! The console's audit trail: every write a brand team or an admin makes leaves one row (who,
//! when, what, the entity before and after), written in the write's own transaction so a write
//! without its row, or a row without its write, cannot exist.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::schema::audit_log;
use crate::{Store, StoreError};

/// One console write, as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = audit_log)]
pub struct AuditRecord {
    /// Increases with every write; the trail's order.
    pub seq: i64,
    pub at: NaiveDateTime,
    pub actor_id: String,
    /// The actor's e-mail when they wrote (kept after their account is deleted).
    pub actor_email: Option<String>,
    /// "brand" or "admin".
    pub actor_role: String,
    /// The brand the write concerned, when one did.
    pub brand_id: Option<String>,
    /// What was done: "create", "update", "archive", "delete", "stock", "import", "image",
    /// "role", ...
    pub action: String,
    /// What it was done to: "product", "coupon", "brand", "category", "banner", "user".
    pub entity: String,
    pub entity_id: String,
    /// The entity as JSON before the write (`None` for a creation).
    pub before: Option<String>,
    /// The entity as JSON after the write (`None` for a deletion).
    pub after: Option<String>,
}

/// A row to add to the trail.
#[derive(Clone, Debug, PartialEq, Eq, Insertable)]
#[diesel(table_name = audit_log)]
#[diesel(treat_none_as_default_value = false)]
pub struct NewAudit {
    pub at: NaiveDateTime,
    pub actor_id: String,
    pub actor_email: Option<String>,
    pub actor_role: String,
    pub brand_id: Option<String>,
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// Which rows of the trail to read, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditQuery {
    pub actor_id: Option<String>,
    pub entity: Option<String>,
    /// Rows to skip (the page times the page size).
    pub offset: i64,
    pub limit: i64,
}

/// Adds `entry` to the trail inside the caller's transaction.
pub fn write_audit(conn: &mut DbConnection, entry: &NewAudit) -> QueryResult<()> {
    diesel::insert_into(audit_log::table)
        .values(entry)
        .execute(conn)
        .map(drop)
}

impl Store {
    /// A page of the trail, newest first, with the number of rows matching in all.
    pub fn audit_entries(&self, query: &AuditQuery) -> Result<(Vec<AuditRecord>, i64), StoreError> {
        let mut conn = self.conn()?;
        let filtered = || {
            let mut q = audit_log::table.into_boxed();
            if let Some(actor) = &query.actor_id {
                q = q.filter(audit_log::actor_id.eq(actor.clone()));
            }
            if let Some(entity) = &query.entity {
                q = q.filter(audit_log::entity.eq(entity.clone()));
            }
            q
        };
        let total = filtered().count().get_result(&mut conn)?;
        let rows = filtered()
            .order(audit_log::seq.desc())
            .offset(query.offset)
            .limit(query.limit)
            .select(AuditRecord::as_select())
            .load(&mut conn)?;
        Ok((rows, total))
    }
}
