//! The image library's banners (the admin console's static images): the writes of one banner,
//! each run by the caller inside its transaction beside the change feed's row and the audit
//! row. Reads of the whole library go through the catalogue load
//! ([`crate::Store::catalogue`]): the API answers banners from memory.

use diesel::prelude::*;

use crate::catalogue::StaticImageRecord;
use crate::db::DbConnection;
use crate::schema::static_images;
use crate::{Store, StoreError};

/// Every column of a banner, as written.
#[derive(Clone, Debug, Insertable, AsChangeset)]
#[diesel(table_name = static_images)]
#[diesel(treat_none_as_default_value = false, treat_none_as_null = true)]
struct BannerRow<'a> {
    id: &'a str,
    category: &'a str,
    device: &'a str,
    title: &'a str,
    url: &'a str,
    is_active: bool,
    tags: &'a str,
    campaign: Option<&'a str>,
    start_date: Option<chrono::NaiveDateTime>,
    end_date: Option<chrono::NaiveDateTime>,
    priority: i32,
    srcset: Option<&'a str>,
    version: i64,
}

impl<'a> From<&'a StaticImageRecord> for BannerRow<'a> {
    fn from(r: &'a StaticImageRecord) -> Self {
        Self {
            id: &r.id,
            category: &r.category,
            device: &r.device,
            title: &r.title,
            url: &r.url,
            is_active: r.is_active,
            tags: &r.tags,
            campaign: r.campaign.as_deref(),
            start_date: r.start_date,
            end_date: r.end_date,
            priority: r.priority,
            srcset: r.srcset.as_deref(),
            version: r.version,
        }
    }
}

/// Adds a banner (its `version` as given, normally 1).
pub fn insert_banner(conn: &mut DbConnection, banner: &StaticImageRecord) -> QueryResult<()> {
    diesel::insert_into(static_images::table)
        .values(BannerRow::from(banner))
        .execute(conn)
        .map(drop)
}

/// One banner, as stored now.
pub fn find_banner(conn: &mut DbConnection, id: &str) -> QueryResult<Option<StaticImageRecord>> {
    static_images::table
        .find(id)
        .select(StaticImageRecord::as_select())
        .first(conn)
        .optional()
}

/// Replaces the banner `banner.id` with `banner` when its stored version is still `read`
/// (`banner.version` is the new one); false when the banner is gone or was changed since.
pub fn update_banner(
    conn: &mut DbConnection,
    banner: &StaticImageRecord,
    read: i64,
) -> QueryResult<bool> {
    diesel::update(
        static_images::table
            .filter(static_images::id.eq(&banner.id))
            .filter(static_images::version.eq(read)),
    )
    .set(BannerRow::from(banner))
    .execute(conn)
    .map(|n| n == 1)
}

/// Deletes the banner when its stored version is still `read`; false otherwise.
pub fn delete_banner(conn: &mut DbConnection, id: &str, read: i64) -> QueryResult<bool> {
    diesel::delete(
        static_images::table
            .filter(static_images::id.eq(id))
            .filter(static_images::version.eq(read)),
    )
    .execute(conn)
    .map(|n| n == 1)
}

impl Store {
    /// One banner, as stored now (tests and tools; the API reads its memory).
    pub fn banner(&self, id: &str) -> Result<Option<StaticImageRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(find_banner(&mut conn, id)?)
    }

    /// Adds a banner with its change-feed row, as an operator's tool would.
    pub fn add_banner(
        &self,
        banner: &StaticImageRecord,
        now: chrono::NaiveDateTime,
    ) -> Result<(), StoreError> {
        self.in_transaction(|conn| -> Result<(), StoreError> {
            insert_banner(conn, banner)?;
            crate::note_catalogue_change(conn, None, now)?;
            Ok(())
        })
    }
}
