//! The bag's lines, read and rewritten under the bag's lock. What a change does is decided by
//! the caller (the `bag` crate's rules); this module only makes it atomic.

use bag::{Line, Money};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

use crate::ids::UserId;
use crate::schema::{bag_lines, bags};
use crate::{Store, StoreError};

#[derive(Queryable)]
struct LineRow {
    product_id: String,
    size: String,
    quantity: i32,
    price_at_add_paise: i64,
}

impl From<LineRow> for Line {
    fn from(row: LineRow) -> Line {
        Line {
            product_id: row.product_id,
            size: row.size,
            // The table's CHECK keeps quantities within 1 to 99.
            quantity: u32::try_from(row.quantity).unwrap_or(0),
            price_at_add: Money::from_paise(row.price_at_add_paise),
        }
    }
}

/// A change the caller refused, or a failure of the database; either rolls the change back.
enum Failure<E> {
    Refused(E),
    Query(diesel::result::Error),
}

impl<E> From<diesel::result::Error> for Failure<E> {
    fn from(e: diesel::result::Error) -> Self {
        Failure::Query(e)
    }
}

fn load_lines(conn: &mut crate::DbConnection, user_id: &UserId) -> QueryResult<Vec<Line>> {
    let rows: Vec<LineRow> = bag_lines::table
        .filter(bag_lines::user_id.eq(user_id))
        .order(bag_lines::position)
        .select((
            bag_lines::product_id,
            bag_lines::size,
            bag_lines::quantity,
            bag_lines::price_at_add_paise,
        ))
        .load(conn)?;
    Ok(rows.into_iter().map(Line::from).collect())
}

impl Store {
    /// The shopper's lines, in the order they were added.
    pub fn bag_lines(&self, user_id: &UserId) -> Result<Vec<Line>, StoreError> {
        let mut conn = self.conn()?;
        Ok(load_lines(&mut conn, user_id)?)
    }

    /// Changes the shopper's bag in one transaction: takes the bag's lock, reads its lines,
    /// lets `change` decide the lines it should hold, and writes them. When `change` refuses
    /// (`Err`), nothing is written and the refusal is answered as `Ok(Err(..))`.
    pub fn change_bag<E>(
        &self,
        user_id: &UserId,
        now: DateTime<Utc>,
        change: impl FnOnce(Vec<Line>) -> Result<Vec<Line>, E>,
    ) -> Result<Result<Vec<Line>, E>, StoreError> {
        let mut pooled = self.conn()?;
        let conn: &mut crate::DbConnection = &mut pooled;
        let outcome = conn.transaction(|conn| {
            // The first statement writes the bag's row: PostgreSQL locks the row and SQLite
            // takes its write lock, so a concurrent change of the same bag waits here and then
            // reads what this one wrote.
            let bag = (
                bags::user_id.eq(user_id),
                bags::changed_at.eq(now.naive_utc()),
            );
            per_backend!(conn, |c| diesel::insert_into(bags::table)
                .values(bag)
                .on_conflict(bags::user_id)
                .do_update()
                .set(bags::changed_at.eq(now.naive_utc()))
                .execute(c))?;
            let before = load_lines(conn, user_id)?;
            let after = change(before.clone()).map_err(Failure::Refused)?;
            if after != before {
                // Processes keep shoppers' bags beside their sessions: the feed tells them this
                // one changed.
                crate::note_session_change(conn, user_id)?;
                crate::insights::note_bag_adds(conn, &before, &after, now.naive_utc())?;
                diesel::delete(bag_lines::table.filter(bag_lines::user_id.eq(user_id)))
                    .execute(conn)?;
                let rows: Vec<_> = after
                    .iter()
                    .zip(0i32..)
                    .map(|(line, position)| {
                        (
                            bag_lines::user_id.eq(user_id),
                            bag_lines::product_id.eq(&line.product_id),
                            bag_lines::size.eq(&line.size),
                            bag_lines::quantity
                                .eq(i32::try_from(line.quantity).unwrap_or(i32::MAX)),
                            bag_lines::price_at_add_paise.eq(line.price_at_add.paise()),
                            bag_lines::position.eq(position),
                        )
                    })
                    .collect();
                if !rows.is_empty() {
                    per_backend!(conn, |c| diesel::insert_into(bag_lines::table)
                        .values(&rows)
                        .execute(c))?;
                }
            }
            Ok::<_, Failure<E>>(after)
        });
        match outcome {
            Ok(lines) => Ok(Ok(lines)),
            Err(Failure::Refused(e)) => Ok(Err(e)),
            Err(Failure::Query(e)) => Err(StoreError::from(e)),
        }
    }
}
