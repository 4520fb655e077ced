//! Bulk writes for benchmarks: many users at once, and a whole swipe history written straight
//! into the tables with the rollups the live path would have built from it.
//!
//! Replaying millions of swipes through [`Store::apply_swipes`] would take as long as the
//! history itself took to arrive; here the rollups are summed in memory while the swipes are
//! written, and written once at the end: every hour bucket of every swipe, each window's totals
//! over the hours it counts at `now`, and the window watermarks where
//! [`Store::roll_windows`]`(now)` would leave them. So a later [`Store::check_rollups`] finds
//! them exact, and the live path carries on from there.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use trending::{BucketRange, HourBucket, TimeWindow};

use crate::accounts::UserRow;
use crate::db::DbConnection;
use crate::ids::{ProductId, UserId};
use crate::schema::{curated_list, swipe_hours, swipe_totals, swipe_windows, swipes, users};
use crate::swipes::{HourRow, ListRow, TotalRow};
use crate::{Store, StoreError, UserRecord};

/// Bound parameters per statement: under SQLite's 32,766, so each table gets as many rows per
/// INSERT as fit.
const MAX_PARAMS: usize = 30_000;

/// Swipes per transaction: big enough that commits cost nothing, small enough that SQLite's
/// write-ahead log is checkpointed as the history is written rather than growing by gigabytes.
const SWIPES_PER_TRANSACTION: usize = 250_000;

/// One past verdict of a shopper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastSwipe {
    /// An index into the products given to [`Store::write_history`].
    pub product: usize,
    pub liked: bool,
    pub at: NaiveDateTime,
}

/// A shopper's past verdicts, at most one per product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShopperHistory {
    pub user_id: UserId,
    pub swipes: Vec<PastSwipe>,
}

/// What [`Store::write_history`] wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HistoryReport {
    pub swipes: u64,
    pub list_entries: u64,
    pub hours: u64,
    pub totals: u64,
}

impl HistoryReport {
    pub fn rows(&self) -> u64 {
        self.swipes + self.list_entries + self.hours + self.totals
    }
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = swipes)]
struct SwipeRow<'a> {
    user_id: &'a str,
    product_id: &'a str,
    liked: bool,
    swiped_at: NaiveDateTime,
    seq: i64,
    session_id: Option<&'a str>,
    device_info: Option<&'a str>,
    added_to_list: bool,
    prev_liked: Option<bool>,
    prev_swiped_at: Option<NaiveDateTime>,
    prev_seq: Option<i64>,
    prev_added_to_list: Option<bool>,
}
/// Columns per row of each table, for rows per INSERT.
const SWIPE_COLUMNS: usize = 12;
const LIST_COLUMNS: usize = 3;
const HOUR_COLUMNS: usize = 4;
const TOTAL_COLUMNS: usize = 7;
const USER_COLUMNS: usize = 20;

// backend difference: SQLite takes multi-row INSERTs (which do not compile through the
// `MultiConnection` enum), PostgreSQL takes rows fastest through COPY.
macro_rules! insert_all {
    ($conn:expr, $table:expr, $rows:expr, $columns:expr) => {
        match &mut *$conn {
            DbConnection::Sqlite(c) => {
                for chunk in $rows.chunks(MAX_PARAMS / $columns) {
                    diesel::insert_into($table).values(chunk).execute(c)?;
                }
            }
            DbConnection::Postgres(c) => {
                diesel::copy_from($table)
                    .from_insertable(&$rows[..])
                    .execute(c)?;
            }
        }
    };
}

/// Likes and dislikes summed per product and hour, and per window and product.
struct Rollups {
    marks: [i64; 3],
    hours: HashMap<(usize, i64), (i64, i64)>,
    /// `totals[product][window]`: (likes, dislikes).
    totals: Vec<[(i64, i64); 3]>,
}

impl Rollups {
    fn new(products: usize, now: DateTime<Utc>) -> Self {
        Self {
            marks: TimeWindow::ALL
                .map(|w| BucketRange::for_window(w, now).first().hours_since_epoch()),
            hours: HashMap::new(),
            totals: vec![[(0, 0); 3]; products],
        }
    }

    fn count(&mut self, swipe: &PastSwipe) {
        let hour = HourBucket::containing(swipe.at.and_utc()).hours_since_epoch();
        let (likes, dislikes) = if swipe.liked { (1, 0) } else { (0, 1) };
        let h = self.hours.entry((swipe.product, hour)).or_default();
        *h = (h.0 + likes, h.1 + dislikes);
        for (i, from) in self.marks.iter().enumerate() {
            if hour >= *from {
                let t = &mut self.totals[swipe.product][i];
                *t = (t.0 + likes, t.1 + dislikes);
            }
        }
    }
}

impl Store {
    /// Inserts users in multi-row statements in one transaction, skipping any whose id,
    /// e-mail or phone is taken already; answers how many were new.
    pub fn insert_users(&self, records: &[UserRecord]) -> Result<usize, StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let rows: Vec<UserRow> = records.iter().map(UserRow::from).collect();
        conn.transaction(|conn| {
            let mut inserted = 0;
            for chunk in rows.chunks(MAX_PARAMS / USER_COLUMNS) {
                inserted += per_backend!(conn, |c| diesel::insert_into(users::table)
                    .values(chunk)
                    .on_conflict_do_nothing()
                    .execute(c))?;
            }
            Ok(inserted)
        })
    }

    /// Writes `histories` (their users exist) into a database that holds no swipes yet, with
    /// the curated-list entries their likes made, the hour buckets, each window's totals and
    /// the watermarks as of `now`. `products` are (id, gender); swipes name them by index.
    /// Committed in transactions of about `SWIPES_PER_TRANSACTION` swipes, the rollups
    /// last: a run that fails part way leaves swipes without rollups, so start again on a
    /// fresh database.
    pub fn write_history(
        &self,
        products: &[(ProductId, String)],
        histories: impl IntoIterator<Item = ShopperHistory>,
        now: DateTime<Utc>,
    ) -> Result<HistoryReport, StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut DbConnection = &mut pooled;
        let existing: Option<String> = swipes::table
            .select(swipes::user_id)
            .first(conn)
            .optional()?;
        if existing.is_some() {
            return Err(StoreError::Config(
                "the database already holds swipes; write a history into one that holds none"
                    .into(),
            ));
        }
        let cache = big_cache(conn)?;
        // Rows go in primary-key order, so every index but one only ever appends.
        let mut rank: Vec<usize> = (0..products.len()).collect();
        rank.sort_unstable_by(|a, b| products[*a].0.cmp(&products[*b].0));
        let mut rank_of = vec![0; products.len()];
        for (r, p) in rank.iter().enumerate() {
            rank_of[*p] = r;
        }
        let mut rollups = Rollups::new(products.len(), now);
        let mut report = HistoryReport::default();
        let mut pending: Vec<ShopperHistory> = Vec::new();
        let mut pending_swipes = 0;
        let mut histories = histories.into_iter().peekable();
        while histories.peek().is_some() {
            for mut history in histories.by_ref() {
                // seq numbers a shopper's swipes in the order they happened.
                history
                    .swipes
                    .sort_unstable_by_key(|s| (s.at, rank_of[s.product]));
                for s in &history.swipes {
                    rollups.count(s);
                }
                pending_swipes += history.swipes.len();
                pending.push(history);
                if pending_swipes >= SWIPES_PER_TRANSACTION {
                    break;
                }
            }
            let (swipes, listed) = write_swipes(conn, products, &rank_of, &pending)?;
            report.swipes += swipes;
            report.list_entries += listed;
            pending.clear();
            pending_swipes = 0;
        }

        let mut hours: Vec<((usize, i64), (i64, i64))> = rollups.hours.into_iter().collect();
        hours.sort_unstable_by_key(|((p, hour), _)| (rank_of[*p], *hour));
        let hour_rows: Vec<HourRow<'_>> = hours
            .iter()
            .map(|((p, hour), (likes, dislikes))| HourRow {
                product_id: products[*p].0.as_str(),
                hour: *hour,
                likes: *likes,
                dislikes: *dislikes,
            })
            .collect();
        let mut total_rows: Vec<TotalRow<'_>> = Vec::new();
        for (i, window) in TimeWindow::ALL.iter().enumerate() {
            for p in &rank {
                let (likes, dislikes) = rollups.totals[*p][i];
                if likes + dislikes > 0 {
                    total_rows.push(TotalRow {
                        time_window: window.as_str(),
                        product_id: products[*p].0.as_str(),
                        gender: &products[*p].1,
                        likes,
                        dislikes,
                        score: likes - dislikes,
                        total: likes + dislikes,
                    });
                }
            }
        }
        conn.transaction(|conn| {
            insert_all!(conn, swipe_hours::table, hour_rows, HOUR_COLUMNS);
            insert_all!(conn, swipe_totals::table, total_rows, TOTAL_COLUMNS);
            for (window, from) in TimeWindow::ALL.iter().zip(rollups.marks) {
                diesel::update(swipe_windows::table.find(window.as_str()))
                    .set(swipe_windows::counted_from.eq(from))
                    .execute(conn)?;
            }
            Ok::<_, diesel::result::Error>(())
        })?;
        restore_cache(conn, cache)?;
        report.hours = hour_rows.len() as u64;
        report.totals = total_rows.len() as u64;
        Ok(report)
    }
}

/// One transaction of shoppers' swipes and the list entries their likes made; answers how
/// many of each.
fn write_swipes(
    conn: &mut DbConnection,
    products: &[(ProductId, String)],
    rank_of: &[usize],
    histories: &[ShopperHistory],
) -> Result<(u64, u64), StoreError> {
    let mut swipe_rows = Vec::new();
    let mut list_rows = Vec::new();
    for history in histories {
        let start = swipe_rows.len();
        for (seq, s) in history.swipes.iter().enumerate() {
            let product_id = products[s.product].0.as_str();
            swipe_rows.push((
                rank_of[s.product],
                SwipeRow {
                    user_id: history.user_id.as_str(),
                    product_id,
                    liked: s.liked,
                    swiped_at: s.at,
                    seq: seq as i64 + 1,
                    session_id: None,
                    device_info: None,
                    // A first like of a product puts it in the list, as on the live path.
                    added_to_list: s.liked,
                    prev_liked: None,
                    prev_swiped_at: None,
                    prev_seq: None,
                    prev_added_to_list: None,
                },
            ));
        }
        swipe_rows[start..].sort_unstable_by_key(|(rank, _)| *rank);
        list_rows.extend(
            swipe_rows[start..]
                .iter()
                .filter(|(_, r)| r.liked)
                .map(|(_, r)| ListRow {
                    user_id: r.user_id,
                    product_id: r.product_id,
                    added_at: r.swiped_at,
                }),
        );
    }
    let swipe_rows: Vec<SwipeRow<'_>> = swipe_rows.into_iter().map(|(_, r)| r).collect();
    conn.transaction(|conn| {
        insert_all!(conn, swipes::table, swipe_rows, SWIPE_COLUMNS);
        insert_all!(conn, curated_list::table, list_rows, LIST_COLUMNS);
        Ok::<_, diesel::result::Error>(())
    })?;
    Ok((swipe_rows.len() as u64, list_rows.len() as u64))
}

/// SQLite's page cache before [`big_cache`] raised it, to put back after.
struct Cache(Option<i64>);

#[derive(QueryableByName)]
struct CacheSize {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    cache_size: i64,
}

// backend difference: SQLite's default page cache (2 MB) would make the hour index, which
// fills in no particular order, read and write the disk for nearly every row; 256 MB holds it.
fn big_cache(conn: &mut DbConnection) -> QueryResult<Cache> {
    match conn {
        DbConnection::Sqlite(c) => {
            let before = diesel::sql_query("PRAGMA cache_size").get_result::<CacheSize>(c)?;
            diesel::sql_query("PRAGMA cache_size = -262144").execute(c)?;
            Ok(Cache(Some(before.cache_size)))
        }
        DbConnection::Postgres(_) => Ok(Cache(None)),
    }
}

fn restore_cache(conn: &mut DbConnection, cache: Cache) -> QueryResult<()> {
    if let (DbConnection::Sqlite(c), Cache(Some(size))) = (conn, cache) {
        diesel::sql_query(format!("PRAGMA cache_size = {size}")).execute(c)?;
    }
    Ok(())
}
