//! Swipes, the hourly rollups and per-window totals trending reads, and the curated list.
//!
//! A swipe row is the one current verdict of a shopper on a product; a repeated swipe replaces
//! it and keeps the verdict it replaced (`prev_*`), so an undo can put that back. Every change to
//! a verdict appends its count changes to `swipe_log` in the same transaction (one row per
//! product and hour a batch touched). A fold ([`Store::fold_swipes`]) moves the whole log into
//! the hour buckets (`swipe_hours`) and the totals of every window that still counts those
//! hours (`swipe_totals`), and empties it; [`Store::fold_swipes_slice`] moves only its oldest
//! rows, so a folder holds SQLite's write lock for a bounded time.
//! [`Store::roll_windows`] subtracts an hour from a window's totals when it leaves the window.
//! So after a fold the rollups equal a recount, and trending reads one short index range, never
//! the raw swipes.
//!
//! Why a log: a swipe touches one product's hour row and its total in three windows, each with
//! two ranking indexes, about fifteen B-tree pages in random places. Written per batch, that
//! capped ingestion at about two thousand swipes a second. Folded a few times a second, each
//! product's rows are rewritten once for all its swipes in that time, and a swipe itself writes
//! its own row, its list entry and a log row appended at the end of one B-tree.
//!
//! Writes come in batches ([`Store::apply_swipes`]): one transaction, a few set-wise statements
//! whatever the batch size. Undos are rare and run one by one between the batch's swipes.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::upsert::excluded;
use trending::{BucketRange, HourBucket, TimeWindow};

use crate::db::DbConnection;
use crate::ids::{ProductId, UserId};
use crate::schema::{
    curated_list, products, swipe_hours, swipe_log, swipe_totals, swipe_windows, swipes,
};
use crate::{Store, StoreError};

/// One change a shopper asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwipeCommand {
    Swipe(NewSwipe),
    /// Reverse the shopper's latest swipe.
    Undo {
        user_id: UserId,
    },
}

/// A like or dislike, checked by the caller (the product exists and is listed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSwipe {
    pub user_id: UserId,
    pub product_id: ProductId,
    /// The product's gender (`male`, `female`, `unisex`), copied into the trending totals.
    pub gender: String,
    pub liked: bool,
    pub session_id: Option<String>,
    pub device_info: Option<String>,
}

/// What a command did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwipeOutcome {
    Swiped {
        product_id: ProductId,
        liked: bool,
        swiped_at: NaiveDateTime,
        session_id: Option<String>,
        /// The verdict this swipe replaced, if the shopper had swiped the product before.
        replaced: Option<bool>,
        added_to_list: bool,
    },
    Undone {
        product_id: ProductId,
        liked: bool,
        /// The earlier verdict that came back, if the undone swipe had replaced one.
        restored: Option<bool>,
        removed_from_list: bool,
    },
    NothingToUndo,
}

/// One product's counts in a window, as trending reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrendingRow {
    pub product_id: ProductId,
    pub likes: i64,
    pub dislikes: i64,
}

/// The result of recounting the rollups from the raw swipes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollupCheck {
    pub swipes: u64,
    /// `(product, hour)` buckets whose stored counts differ from the recount.
    pub hours_wrong: u64,
    /// `(window, product)` totals that differ from the recount.
    pub totals_wrong: u64,
}

impl RollupCheck {
    pub fn exact(&self) -> bool {
        self.hours_wrong == 0 && self.totals_wrong == 0
    }
}

#[derive(Queryable, Selectable, Insertable, Clone, Debug)]
#[diesel(table_name = swipes)]
#[diesel(treat_none_as_default_value = false)]
struct SwipeRow {
    user_id: UserId,
    product_id: ProductId,
    liked: bool,
    swiped_at: NaiveDateTime,
    seq: i64,
    session_id: Option<String>,
    device_info: Option<String>,
    added_to_list: bool,
    prev_liked: Option<bool>,
    prev_swiped_at: Option<NaiveDateTime>,
    prev_seq: Option<i64>,
    prev_added_to_list: Option<bool>,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = swipe_hours)]
pub(crate) struct HourRow<'a> {
    pub(crate) product_id: &'a str,
    pub(crate) hour: i64,
    pub(crate) likes: i64,
    pub(crate) dislikes: i64,
}

#[derive(Insertable)]
#[diesel(table_name = swipe_log)]
struct LogRow<'a> {
    product_id: &'a str,
    gender: &'a str,
    hour: i64,
    likes: i64,
    dislikes: i64,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = swipe_totals)]
pub(crate) struct TotalRow<'a> {
    pub(crate) time_window: &'a str,
    pub(crate) product_id: &'a str,
    pub(crate) gender: &'a str,
    pub(crate) likes: i64,
    pub(crate) dislikes: i64,
    pub(crate) score: i64,
    pub(crate) total: i64,
}

#[derive(Insertable)]
#[diesel(treat_none_as_default_value = false)]
#[diesel(table_name = curated_list)]
pub(crate) struct ListRow<'a> {
    pub(crate) user_id: &'a str,
    pub(crate) product_id: &'a str,
    pub(crate) added_at: NaiveDateTime,
}

/// The first hour each window's totals count, in [`TimeWindow::ALL`] order.
#[derive(Clone, Copy, Debug)]
struct Watermarks([i64; 3]);

impl Watermarks {
    fn load(conn: &mut DbConnection) -> QueryResult<Self> {
        let rows: Vec<(String, i64)> = swipe_windows::table
            .select((swipe_windows::time_window, swipe_windows::counted_from))
            .load(conn)?;
        let mut marks = [0; 3];
        for (window, from) in rows {
            if let Some(i) = TimeWindow::ALL.iter().position(|w| w.as_str() == window) {
                marks[i] = from;
            }
        }
        Ok(Self(marks))
    }
}

/// Net count changes per (product, hour): what a batch appends to the log, and what a fold
/// reads back from it.
#[derive(Default)]
struct Changes(
    BTreeMap<(String, i64), (String, i64, i64)>,
    crate::insights::SwipeDays,
);

impl Changes {
    /// Counts (`sign` 1) or uncounts (`sign` -1) one verdict at `at`.
    fn count(&mut self, product_id: &str, gender: &str, liked: bool, at: NaiveDateTime, sign: i64) {
        let (likes, dislikes) = if liked { (sign, 0) } else { (0, sign) };
        self.1.count(product_id, liked, at, sign);
        self.add(product_id, gender, hour_of(at), likes, dislikes);
    }

    fn add(&mut self, product_id: &str, gender: &str, hour: i64, likes: i64, dislikes: i64) {
        let c = self
            .0
            .entry((product_id.to_owned(), hour))
            .or_insert_with(|| (gender.to_owned(), 0, 0));
        c.1 += likes;
        c.2 += dislikes;
    }

    fn append_to_log(&self, conn: &mut DbConnection) -> QueryResult<()> {
        self.1.write(conn)?;
        let rows: Vec<LogRow<'_>> = self
            .0
            .iter()
            .filter(|(_, (_, l, d))| *l != 0 || *d != 0)
            .map(|((product_id, hour), (gender, likes, dislikes))| LogRow {
                product_id,
                gender,
                hour: *hour,
                likes: *likes,
                dislikes: *dislikes,
            })
            .collect();
        for chunk in rows.chunks(CHUNK) {
            per_backend!(conn, |c| diesel::insert_into(swipe_log::table)
                .values(chunk)
                .execute(c))?;
        }
        Ok(())
    }

    /// The rollup changes these counts make: every hour bucket, and the totals of each window
    /// that counts the hour.
    fn into_deltas(self, marks: Watermarks) -> Deltas {
        let mut deltas = Deltas::default();
        for ((product_id, hour), (gender, likes, dislikes)) in self.0 {
            for (i, from) in marks.0.iter().enumerate() {
                if hour >= *from {
                    let t = deltas
                        .totals
                        .entry((i, product_id.clone()))
                        .or_insert_with(|| (gender.clone(), 0, 0));
                    t.1 += likes;
                    t.2 += dislikes;
                }
            }
            let h = deltas.hours.entry((product_id, hour)).or_default();
            h.0 += likes;
            h.1 += dislikes;
        }
        deltas
    }
}

/// Net changes to the rollups, written in a few set-wise statements.
#[derive(Default)]
struct Deltas {
    hours: BTreeMap<(String, i64), (i64, i64)>,
    /// `(window index, product)` -> (gender, likes, dislikes).
    totals: BTreeMap<(usize, String), (String, i64, i64)>,
}

impl Deltas {
    fn write(self, conn: &mut DbConnection) -> QueryResult<()> {
        let hours: Vec<HourRow<'_>> = self
            .hours
            .iter()
            .filter(|(_, (l, d))| *l != 0 || *d != 0)
            .map(|((product_id, hour), (likes, dislikes))| HourRow {
                product_id,
                hour: *hour,
                likes: *likes,
                dislikes: *dislikes,
            })
            .collect();
        let totals: Vec<TotalRow<'_>> = self
            .totals
            .iter()
            .filter(|(_, (_, l, d))| *l != 0 || *d != 0)
            .map(
                |((window, product_id), (gender, likes, dislikes))| TotalRow {
                    time_window: TimeWindow::ALL[*window].as_str(),
                    product_id,
                    gender,
                    likes: *likes,
                    dislikes: *dislikes,
                    score: likes - dislikes,
                    total: likes + dislikes,
                },
            )
            .collect();
        for chunk in hours.chunks(CHUNK) {
            upsert_hours(conn, chunk)?;
        }
        for chunk in totals.chunks(CHUNK) {
            upsert_totals(conn, chunk)?;
        }
        // Totals that reached zero are deleted so the ranking never lists unswiped products.
        for window in TimeWindow::ALL {
            let fell: Vec<&str> = totals
                .iter()
                .filter(|t| t.time_window == window.as_str() && t.total < 0)
                .map(|t| t.product_id)
                .collect();
            for chunk in fell.chunks(CHUNK) {
                diesel::delete(
                    swipe_totals::table
                        .filter(swipe_totals::time_window.eq(window.as_str()))
                        .filter(swipe_totals::product_id.eq_any(chunk))
                        .filter(swipe_totals::total.le(0)),
                )
                .execute(conn)?;
            }
        }
        Ok(())
    }
}

/// Rows per multi-row statement: well under both backends' bound-parameter limits.
const CHUNK: usize = 500;

fn hour_of(at: NaiveDateTime) -> i64 {
    HourBucket::containing(at.and_utc()).hours_since_epoch()
}

fn upsert_hours(conn: &mut DbConnection, rows: &[HourRow<'_>]) -> QueryResult<usize> {
    use crate::schema::swipe_hours::dsl::*;
    per_backend!(conn, |c| diesel::insert_into(swipe_hours)
        .values(rows)
        .on_conflict((hour, product_id))
        .do_update()
        .set((
            likes.eq(likes + excluded(likes)),
            dislikes.eq(dislikes + excluded(dislikes)),
        ))
        .execute(c))
}

fn upsert_totals(conn: &mut DbConnection, rows: &[TotalRow<'_>]) -> QueryResult<usize> {
    use crate::schema::swipe_totals::dsl::*;
    per_backend!(conn, |c| diesel::insert_into(swipe_totals)
        .values(rows)
        .on_conflict((time_window, product_id))
        .do_update()
        .set((
            gender.eq(excluded(gender)),
            likes.eq(likes + excluded(likes)),
            dislikes.eq(dislikes + excluded(dislikes)),
            score.eq(score + excluded(score)),
            total.eq(total + excluded(total)),
        ))
        .execute(c))
}

fn upsert_swipes(conn: &mut DbConnection, rows: &[SwipeRow]) -> QueryResult<usize> {
    use crate::schema::swipes::dsl::*;
    per_backend!(conn, |c| diesel::insert_into(swipes)
        .values(rows)
        .on_conflict((user_id, product_id))
        .do_update()
        .set((
            liked.eq(excluded(liked)),
            swiped_at.eq(excluded(swiped_at)),
            seq.eq(excluded(seq)),
            session_id.eq(excluded(session_id)),
            device_info.eq(excluded(device_info)),
            added_to_list.eq(excluded(added_to_list)),
            prev_liked.eq(excluded(prev_liked)),
            prev_swiped_at.eq(excluded(prev_swiped_at)),
            prev_seq.eq(excluded(prev_seq)),
            prev_added_to_list.eq(excluded(prev_added_to_list)),
        ))
        .execute(c))
}

fn insert_list_rows(conn: &mut DbConnection, rows: &[ListRow<'_>]) -> QueryResult<usize> {
    per_backend!(conn, |c| diesel::insert_into(curated_list::table)
        .values(rows)
        .on_conflict_do_nothing()
        .execute(c))
}

/// Takes the locks that order writers. SQLite: a first statement that writes, so the
/// transaction holds the one write lock before it reads. PostgreSQL: a transaction-scoped
/// advisory lock per shopper, taken in one order, so two writers (in any processes) never
/// interleave one shopper's swipes.
fn lock_for_writing(conn: &mut DbConnection, users: &[&str]) -> QueryResult<()> {
    // backend difference: the locking statements.
    match conn {
        DbConnection::Sqlite(c) => take_write_lock(c),
        DbConnection::Postgres(c) => diesel::sql_query(
            "SELECT pg_advisory_xact_lock(hashtext(u)) \
                 FROM (SELECT DISTINCT unnest($1::text[]) AS u) AS shoppers ORDER BY hashtext(u)",
        )
        .bind::<diesel::sql_types::Array<diesel::sql_types::Text>, _>(users)
        .execute(c)
        .map(|_| ()),
    }
}

fn take_write_lock(c: &mut diesel::SqliteConnection) -> QueryResult<()> {
    diesel::update(swipe_windows::table)
        .set(swipe_windows::counted_from.eq(swipe_windows::counted_from))
        .execute(c)
        .map(|_| ())
}

/// Moves the oldest `limit` rows of the log (all of it when `None`) into the rollups, inside the
/// caller's transaction, and answers how many log rows it folded. The window rows are locked
/// first (SQLite: the write lock) so folds and window rolls in any process take turns: a roll
/// must see every hour a fold added before it subtracts a leaving hour, and a fold must count an
/// hour in a window's totals exactly when that window still counts it. Each log row is counted
/// by the watermarks in force when its own slice is folded, so folding the log in several
/// slices gives the same rollups as folding it at once.
fn fold(conn: &mut DbConnection, limit: Option<i64>) -> QueryResult<usize> {
    // backend difference: taking the log. PostgreSQL deletes and returns in one statement, so a
    // row another writer commits meanwhile is either taken and folded or left for the next
    // fold; SQLite's one write lock (taken first) keeps others out between read and delete.
    let log: Vec<(i64, String, String, i64, i64, i64)> = match conn {
        DbConnection::Sqlite(c) => {
            take_write_lock(c)?;
            let oldest = swipe_log::table.select(LOG_COLUMNS).order(swipe_log::seq);
            let log: Vec<(i64, String, String, i64, i64, i64)> = match limit {
                Some(n) => oldest.limit(n).load(c)?,
                None => oldest.load(c)?,
            };
            if let Some((last, ..)) = log.last() {
                diesel::delete(swipe_log::table.filter(swipe_log::seq.le(last))).execute(c)?;
            }
            log
        }
        DbConnection::Postgres(c) => {
            swipe_windows::table
                .select(swipe_windows::time_window)
                .order(swipe_windows::time_window)
                .for_update()
                .load::<String>(c)?;
            match limit {
                Some(n) => {
                    // A row another fold took meanwhile is not returned, so never counted twice.
                    let oldest: Vec<i64> = swipe_log::table
                        .select(swipe_log::seq)
                        .order(swipe_log::seq)
                        .limit(n)
                        .load(c)?;
                    diesel::delete(swipe_log::table.filter(swipe_log::seq.eq_any(oldest)))
                        .returning(LOG_COLUMNS)
                        .get_results(c)?
                }
                None => diesel::delete(swipe_log::table)
                    .returning(LOG_COLUMNS)
                    .get_results(c)?,
            }
        }
    };
    if log.is_empty() {
        return Ok(0);
    }
    let marks = Watermarks::load(conn)?;
    let mut changes = Changes::default();
    for (_, product_id, gender, hour, likes, dislikes) in &log {
        changes.add(product_id, gender, *hour, *likes, *dislikes);
    }
    changes.into_deltas(marks).write(conn)?;
    Ok(log.len())
}

const LOG_COLUMNS: (
    swipe_log::seq,
    swipe_log::product_id,
    swipe_log::gender,
    swipe_log::hour,
    swipe_log::likes,
    swipe_log::dislikes,
) = (
    swipe_log::seq,
    swipe_log::product_id,
    swipe_log::gender,
    swipe_log::hour,
    swipe_log::likes,
    swipe_log::dislikes,
);

impl Store {
    /// Applies `commands` in order in one transaction and says what each did. The rollups
    /// count them once [`Store::fold_swipes`] has run.
    pub fn apply_swipes(
        &self,
        commands: &[SwipeCommand],
        now: DateTime<Utc>,
    ) -> Result<Vec<SwipeOutcome>, StoreError> {
        let mut conn = self.conn()?;
        let now = now.naive_utc();
        let users: Vec<&str> = distinct(commands.iter().map(|c| match c {
            SwipeCommand::Swipe(s) => s.user_id.as_str(),
            SwipeCommand::Undo { user_id } => user_id.as_str(),
        }));
        let outcomes = conn.transaction(|conn| {
            lock_for_writing(conn, &users)?;
            let mut changes = Changes::default();
            let mut outcomes = Vec::with_capacity(commands.len());
            let mut run: Vec<&NewSwipe> = Vec::new();
            for command in commands {
                match command {
                    SwipeCommand::Swipe(swipe) => run.push(swipe),
                    SwipeCommand::Undo { user_id } => {
                        outcomes.extend(swipe_run(conn, &mut changes, &run, now)?);
                        run.clear();
                        outcomes.push(undo_latest(conn, &mut changes, user_id)?);
                    }
                }
            }
            outcomes.extend(swipe_run(conn, &mut changes, &run, now)?);
            changes.append_to_log(conn)?;
            Ok::<_, diesel::result::Error>(outcomes)
        })?;
        Ok(outcomes)
    }

    /// Folds every logged swipe into the rollups; answers how many log rows there were (0:
    /// the rollups were already up to date). It takes the window locks even then: a caller
    /// that polls asks [`Store::has_logged_swipes`] first.
    pub fn fold_swipes(&self) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        Ok(conn.transaction(|conn| fold(conn, None))?)
    }

    /// Folds at most the `limit` oldest logged swipe rows, in a transaction of its own, and
    /// answers how many there were (fewer than `limit`: the log is now empty, unless others
    /// appended meanwhile). A folder that slices the log this way holds SQLite's one write lock
    /// for a bounded time, so a swipe batch never waits for a whole fold.
    pub fn fold_swipes_slice(&self, limit: usize) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        let limit = i64::try_from(limit.max(1)).unwrap_or(i64::MAX);
        Ok(conn.transaction(|conn| fold(conn, Some(limit)))?)
    }

    /// Whether any swipe waits in the log for a fold (a read, no lock).
    pub fn has_logged_swipes(&self) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        Ok(
            diesel::select(diesel::dsl::exists(swipe_log::table.select(swipe_log::seq)))
                .get_result(&mut conn)?,
        )
    }

    /// Subtracts from each window's totals the hours that have left it by `now`. Safe to run
    /// from several processes at once: each range is claimed by a conditional update.
    /// Answers how many (window, product) totals changed.
    pub fn roll_windows(&self, now: DateTime<Utc>) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        let mut changed = 0;
        for (i, window) in TimeWindow::ALL.iter().enumerate() {
            let target = BucketRange::for_window(*window, now)
                .first()
                .hours_since_epoch();
            let from: i64 = swipe_windows::table
                .find(window.as_str())
                .select(swipe_windows::counted_from)
                .first(&mut conn)?;
            if from >= target {
                continue;
            }
            changed += conn.transaction(|conn| {
                let claimed = diesel::update(
                    swipe_windows::table
                        .filter(swipe_windows::time_window.eq(window.as_str()))
                        .filter(swipe_windows::counted_from.eq(from)),
                )
                .set(swipe_windows::counted_from.eq(target))
                .execute(conn)?;
                if claimed == 0 {
                    return Ok::<_, diesel::result::Error>(0);
                }
                let leaving: Vec<(String, String, i64, i64)> = swipe_hours::table
                    .inner_join(products::table.on(products::id.eq(swipe_hours::product_id)))
                    .filter(swipe_hours::hour.ge(from))
                    .filter(swipe_hours::hour.lt(target))
                    .select((
                        swipe_hours::product_id,
                        products::gender,
                        swipe_hours::likes,
                        swipe_hours::dislikes,
                    ))
                    .load(conn)?;
                let mut deltas = Deltas::default();
                for (product, gender, likes, dislikes) in leaving {
                    let t = deltas
                        .totals
                        .entry((i, product))
                        .or_insert_with(|| (gender, 0, 0));
                    t.1 -= likes;
                    t.2 -= dislikes;
                }
                let n = deltas.totals.len();
                deltas.write(conn)?;
                Ok(n)
            })?;
        }
        Ok(changed)
    }

    /// The ranking of `window`: score, then total, both descending, then product id; only
    /// products of `gender` when given. Rows `offset..offset + limit`.
    pub fn trending_rows(
        &self,
        window: TimeWindow,
        gender: Option<&str>,
        offset: i64,
        limit: i64,
    ) -> Result<Vec<TrendingRow>, StoreError> {
        let mut conn = self.conn()?;
        let mut query = swipe_totals::table
            .filter(swipe_totals::time_window.eq(window.as_str()))
            .into_boxed();
        if let Some(gender) = gender {
            query = query.filter(swipe_totals::gender.eq(gender.to_owned()));
        }
        let rows: Vec<(ProductId, i64, i64)> = query
            .order((
                swipe_totals::score.desc(),
                swipe_totals::total.desc(),
                swipe_totals::product_id.asc(),
            ))
            .offset(offset)
            .limit(limit)
            .select((
                swipe_totals::product_id,
                swipe_totals::likes,
                swipe_totals::dislikes,
            ))
            .load(&mut conn)?;
        Ok(rows
            .into_iter()
            .map(|(product_id, likes, dislikes)| TrendingRow {
                product_id,
                likes,
                dislikes,
            })
            .collect())
    }

    /// Every product's net likes (likes minus dislikes) in `window`, for the feed's trend term.
    pub fn trend_scores(&self, window: TimeWindow) -> Result<HashMap<String, i64>, StoreError> {
        let mut conn = self.conn()?;
        let rows: Vec<(String, i64)> = swipe_totals::table
            .filter(swipe_totals::time_window.eq(window.as_str()))
            .select((swipe_totals::product_id, swipe_totals::score))
            .load(&mut conn)?;
        Ok(rows.into_iter().collect())
    }

    /// A shopper's current verdicts: (product, liked).
    pub fn swipes_of(&self, user_id: &UserId) -> Result<Vec<(ProductId, bool)>, StoreError> {
        let mut conn = self.conn()?;
        Ok(swipes::table
            .filter(swipes::user_id.eq(user_id))
            .select((swipes::product_id, swipes::liked))
            .load(&mut conn)?)
    }

    /// Deletes every swipe, rollup and curated-list entry and resets the windows: a clean slate
    /// for tests and the benchmark.
    pub fn clear_swipes(&self) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            diesel::update(swipe_windows::table)
                .set(swipe_windows::counted_from.eq(0))
                .execute(conn)?;
            diesel::delete(swipes::table).execute(conn)?;
            diesel::delete(swipe_log::table).execute(conn)?;
            diesel::delete(swipe_hours::table).execute(conn)?;
            diesel::delete(swipe_totals::table).execute(conn)?;
            diesel::delete(curated_list::table).execute(conn)?;
            Ok(())
        })
    }

    /// Folds the log, then recounts every bucket and window total from the raw swipes (as of
    /// the stored watermarks) and compares. For tests and the benchmark; reads every swipe.
    pub fn check_rollups(&self) -> Result<RollupCheck, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            fold(conn, None)?;
            let marks = Watermarks::load(conn)?;
            let mut expected = Deltas::default();
            let mut check = RollupCheck::default();
            let mut last: Option<(String, String)> = None;
            loop {
                let mut query = swipes::table
                    .inner_join(products::table.on(products::id.eq(swipes::product_id)))
                    .order((swipes::user_id, swipes::product_id))
                    .select((
                        swipes::user_id,
                        swipes::product_id,
                        swipes::liked,
                        swipes::swiped_at,
                        products::gender,
                    ))
                    .limit(50_000)
                    .into_boxed();
                if let Some((u, p)) = &last {
                    query = query.filter(
                        swipes::user_id.gt(u.clone()).or(swipes::user_id
                            .eq(u.clone())
                            .and(swipes::product_id.gt(p.clone()))),
                    );
                }
                let page: Vec<(String, String, bool, NaiveDateTime, String)> = query.load(conn)?;
                let Some((u, p, ..)) = page.last() else { break };
                last = Some((u.clone(), p.clone()));
                // Written apart from `Deltas::count` so a slip there cannot hide here.
                for (_, product, liked, at, gender) in &page {
                    let hour = HourBucket::containing(at.and_utc()).hours_since_epoch();
                    let (l, d) = (i64::from(*liked), i64::from(!*liked));
                    let h = expected.hours.entry((product.clone(), hour)).or_default();
                    *h = (h.0 + l, h.1 + d);
                    for (i, from) in marks.0.iter().enumerate() {
                        if hour >= *from {
                            let t = expected
                                .totals
                                .entry((i, product.clone()))
                                .or_insert_with(|| (gender.clone(), 0, 0));
                            t.1 += l;
                            t.2 += d;
                        }
                    }
                    check.swipes += 1;
                }
            }
            let hours: Vec<(String, i64, i64, i64)> = swipe_hours::table
                .select((
                    swipe_hours::product_id,
                    swipe_hours::hour,
                    swipe_hours::likes,
                    swipe_hours::dislikes,
                ))
                .load(conn)?;
            let mut stored_hours: HashSet<(String, i64)> = HashSet::new();
            for (product, hour, likes, dislikes) in hours {
                let want = expected
                    .hours
                    .get(&(product.clone(), hour))
                    .copied()
                    .unwrap_or_default();
                if want != (likes, dislikes) {
                    check.hours_wrong += 1;
                }
                stored_hours.insert((product, hour));
            }
            check.hours_wrong += expected
                .hours
                .iter()
                .filter(|(k, v)| **v != (0, 0) && !stored_hours.contains(*k))
                .count() as u64;
            let totals: Vec<(String, String, i64, i64, i64, i64)> = swipe_totals::table
                .select((
                    swipe_totals::time_window,
                    swipe_totals::product_id,
                    swipe_totals::likes,
                    swipe_totals::dislikes,
                    swipe_totals::score,
                    swipe_totals::total,
                ))
                .load(conn)?;
            let mut stored_totals: HashSet<(usize, String)> = HashSet::new();
            for (window, product, likes, dislikes, score, total) in totals {
                let i = TimeWindow::ALL
                    .iter()
                    .position(|w| w.as_str() == window)
                    .unwrap_or(usize::MAX);
                let want = expected
                    .totals
                    .get(&(i, product.clone()))
                    .map(|(_, l, d)| (*l, *d))
                    .unwrap_or_default();
                if want != (likes, dislikes)
                    || score != likes - dislikes
                    || total != likes + dislikes
                    || total == 0
                {
                    check.totals_wrong += 1;
                }
                stored_totals.insert((i, product));
            }
            check.totals_wrong += expected
                .totals
                .iter()
                .filter(|(k, (_, l, d))| (*l, *d) != (0, 0) && !stored_totals.contains(*k))
                .count() as u64;
            Ok(check)
        })
    }
}

/// Applies consecutive swipes (no undo among them) with a fixed number of statements.
fn swipe_run(
    conn: &mut DbConnection,
    changes: &mut Changes,
    run: &[&NewSwipe],
    now: NaiveDateTime,
) -> QueryResult<Vec<SwipeOutcome>> {
    if run.is_empty() {
        return Ok(Vec::new());
    }
    let users: Vec<&str> = distinct(run.iter().map(|s| s.user_id.as_str()));
    let mut rows: HashMap<(UserId, ProductId), SwipeRow> = HashMap::new();
    let mut seqs: HashMap<UserId, i64> = HashMap::new();
    let mut listed: HashSet<(UserId, ProductId)> = HashSet::new();
    // The (shopper, product) pairs themselves, not every shopper with every product: a batch of
    // n swipes looks up n rows instead of n * n.
    let pairs: Vec<(&str, &str)> = {
        let mut seen = HashSet::new();
        run.iter()
            .map(|s| (s.user_id.as_str(), s.product_id.as_str()))
            .filter(|pair| seen.insert(*pair))
            .collect()
    };
    for chunk in pairs.chunks(CHUNK / 2) {
        let mut found = swipes::table.select(SwipeRow::as_select()).into_boxed();
        let mut entries = curated_list::table
            .select((curated_list::user_id, curated_list::product_id))
            .into_boxed();
        for (user, product) in chunk {
            found = found.or_filter(
                swipes::user_id
                    .eq(*user)
                    .and(swipes::product_id.eq(*product)),
            );
            entries = entries.or_filter(
                curated_list::user_id
                    .eq(*user)
                    .and(curated_list::product_id.eq(*product)),
            );
        }
        rows.extend(
            found
                .load::<SwipeRow>(conn)?
                .into_iter()
                .map(|r| ((r.user_id.clone(), r.product_id.clone()), r)),
        );
        listed.extend(entries.load::<(UserId, ProductId)>(conn)?);
    }
    for users in users.chunks(CHUNK) {
        let maxima: Vec<(UserId, Option<i64>)> = swipes::table
            .filter(swipes::user_id.eq_any(users))
            .group_by(swipes::user_id)
            .select((swipes::user_id, diesel::dsl::max(swipes::seq)))
            .load(conn)?;
        seqs.extend(maxima.into_iter().map(|(u, m)| (u, m.unwrap_or(0))));
    }

    let mut changed: HashSet<(UserId, ProductId)> = HashSet::new();
    let mut list_adds: Vec<(UserId, ProductId)> = Vec::new();
    let mut outcomes = Vec::with_capacity(run.len());
    for swipe in run {
        let key = (swipe.user_id.clone(), swipe.product_id.clone());
        let seq = seqs.entry(swipe.user_id.clone()).or_insert(0);
        *seq += 1;
        let added_to_list = swipe.liked && listed.insert(key.clone());
        if added_to_list {
            list_adds.push(key.clone());
        }
        let old = rows.get(&key);
        // A verdict answers for the list entry it or a verdict it replaced created, so undoing
        // back through replacements removes the entry exactly when the first one is undone.
        let answers_for_entry = added_to_list || old.is_some_and(|o| o.added_to_list);
        if let Some(old) = old {
            changes.count(
                swipe.product_id.as_str(),
                &swipe.gender,
                old.liked,
                old.swiped_at,
                -1,
            );
        }
        changes.count(
            swipe.product_id.as_str(),
            &swipe.gender,
            swipe.liked,
            now,
            1,
        );
        let replaced = old.map(|o| o.liked);
        let row = SwipeRow {
            user_id: swipe.user_id.clone(),
            product_id: swipe.product_id.clone(),
            liked: swipe.liked,
            swiped_at: now,
            seq: *seq,
            session_id: swipe.session_id.clone(),
            device_info: swipe.device_info.clone(),
            added_to_list: answers_for_entry,
            prev_liked: old.map(|o| o.liked),
            prev_swiped_at: old.map(|o| o.swiped_at),
            prev_seq: old.map(|o| o.seq),
            prev_added_to_list: old.map(|o| o.added_to_list),
        };
        outcomes.push(SwipeOutcome::Swiped {
            product_id: swipe.product_id.clone(),
            liked: swipe.liked,
            swiped_at: now,
            session_id: swipe.session_id.clone(),
            replaced,
            added_to_list,
        });
        rows.insert(key.clone(), row);
        changed.insert(key);
    }

    let to_write: Vec<SwipeRow> = changed
        .iter()
        .filter_map(|k| rows.get(k).cloned())
        .collect();
    for chunk in to_write.chunks(CHUNK) {
        upsert_swipes(conn, chunk)?;
    }
    let list_rows: Vec<ListRow<'_>> = list_adds
        .iter()
        .map(|(u, p)| ListRow {
            user_id: u.as_str(),
            product_id: p.as_str(),
            added_at: now,
        })
        .collect();
    for chunk in list_rows.chunks(CHUNK) {
        insert_list_rows(conn, chunk)?;
    }
    Ok(outcomes)
}

fn undo_latest(
    conn: &mut DbConnection,
    changes: &mut Changes,
    user_id: &UserId,
) -> QueryResult<SwipeOutcome> {
    let latest: Option<SwipeRow> = swipes::table
        .filter(swipes::user_id.eq(user_id))
        .order((swipes::seq.desc(), swipes::product_id.desc()))
        .select(SwipeRow::as_select())
        .first(conn)
        .optional()?;
    let Some(row) = latest else {
        return Ok(SwipeOutcome::NothingToUndo);
    };
    let gender: String = products::table
        .find(&row.product_id)
        .select(products::gender)
        .first(conn)?;
    changes.count(
        row.product_id.as_str(),
        &gender,
        row.liked,
        row.swiped_at,
        -1,
    );
    let key = swipes::table.find((&row.user_id, &row.product_id));
    let restored = match (
        row.prev_liked,
        row.prev_swiped_at,
        row.prev_seq,
        row.prev_added_to_list,
    ) {
        (Some(liked), Some(at), Some(seq), Some(added)) => {
            changes.count(row.product_id.as_str(), &gender, liked, at, 1);
            diesel::update(key)
                .set((
                    swipes::liked.eq(liked),
                    swipes::swiped_at.eq(at),
                    swipes::seq.eq(seq),
                    swipes::added_to_list.eq(added),
                    swipes::prev_liked.eq(None::<bool>),
                    swipes::prev_swiped_at.eq(None::<NaiveDateTime>),
                    swipes::prev_seq.eq(None::<i64>),
                    swipes::prev_added_to_list.eq(None::<bool>),
                ))
                .execute(conn)?;
            Some(liked)
        }
        _ => {
            diesel::delete(key).execute(conn)?;
            None
        }
    };
    let removed_from_list = row.added_to_list
        && row.prev_added_to_list != Some(true)
        && diesel::delete(curated_list::table.find((&row.user_id, &row.product_id)))
            .execute(conn)?
            == 1;
    Ok(SwipeOutcome::Undone {
        product_id: row.product_id,
        liked: row.liked,
        restored,
        removed_from_list,
    })
}

fn distinct<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen = HashSet::new();
    items.filter(|i| seen.insert(*i)).collect()
}
