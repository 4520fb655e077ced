//! The sessions' change feed: one entry per write to a user's row, added in the writing
//! transaction, so that a process caching sessions (and the user rows behind them) can drop a
//! user as soon as any process revokes, demotes, renames or deletes them.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::schema::session_changes;
use crate::{DbConnection, Store, StoreError};

/// One entry of the feed: `user_id`'s row changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionChange {
    pub seq: i64,
    pub user_id: String,
}

/// Adds an entry for `user_id` inside the caller's transaction. Every write to a user's row
/// that a session or a cached copy of the row depends on calls this.
pub fn note_session_change(conn: &mut DbConnection, user_id: &str) -> QueryResult<()> {
    diesel::insert_into(session_changes::table)
        .values(session_changes::user_id.eq(user_id))
        .execute(conn)
        .map(drop)
}

impl Store {
    /// The feed's newest entry (0 when empty): a reader that notes it before caching anything
    /// and then follows the feed from it misses no change.
    pub fn last_session_change(&self) -> Result<i64, StoreError> {
        let mut conn = self.conn()?;
        let last: Option<i64> = session_changes::table
            .select(diesel::dsl::max(session_changes::seq))
            .first(&mut conn)?;
        Ok(last.unwrap_or(0))
    }

    /// Entries of the feed after `seq`, oldest first, at most `limit`.
    pub fn session_changes_since(
        &self,
        seq: i64,
        limit: i64,
    ) -> Result<Vec<SessionChange>, StoreError> {
        let mut conn = self.conn()?;
        Ok(session_changes::table
            .filter(session_changes::seq.gt(seq))
            .order(session_changes::seq)
            .limit(limit)
            .select((session_changes::seq, session_changes::user_id))
            .load::<(i64, String)>(&mut conn)?
            .into_iter()
            .map(|(seq, user_id)| SessionChange { seq, user_id })
            .collect())
    }

    /// Deletes feed entries recorded before `before`; every process has read them long since.
    pub fn prune_session_changes(&self, before: NaiveDateTime) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        Ok(
            diesel::delete(session_changes::table.filter(session_changes::changed_at.lt(before)))
                .execute(&mut conn)?,
        )
    }
}
