//! Users, their sign-in codes and the rate limits on asking for codes.
//!
//! Writes that several API processes may race on are single conditional statements (an
//! `UPDATE ... WHERE` the old values still hold, an `INSERT` guarded by a primary key), or
//! transactions whose first statement writes, so SQLite takes its write lock before reading and
//! PostgreSQL's row locks order them. The rules (when a code is usable, whether a request is
//! over a limit) are the `access` crate's; this module stores and loads.

use access::limit::{Decision, Window};
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::ids::{BrandId, UserId};
use crate::schema::{addresses, bag_lines, rate_limits, sign_in_codes, users};
use crate::{Store, StoreError, note_session_change};

/// A user as stored. Deleted users are never returned by the lookups below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRecord {
    pub id: UserId,
    pub email: Option<String>,
    pub display_name: String,
    pub phone: Option<String>,
    pub age: i32,
    pub gender: String,
    /// `YYYY-MM-DD`.
    pub date_of_birth: Option<String>,
    pub location: String,
    pub delivery_addresses: Vec<String>,
    pub interests: Vec<String>,
    pub ml_preferences: Vec<String>,
    pub age_range: String,
    pub onboarded: bool,
    pub is_admin: bool,
    pub is_brand_user: bool,
    pub brand_id: Option<BrandId>,
    pub token_version: i64,
    pub last_login: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    /// A new e-mail asked for and not proven yet (see [`Store::start_email_change`]).
    pub pending_email: Option<String>,
}

#[derive(Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = users)]
#[diesel(treat_none_as_null = true)]
#[diesel(treat_none_as_default_value = false)]
pub(crate) struct UserRow {
    id: UserId,
    email: Option<String>,
    display_name: String,
    phone: Option<String>,
    age: i32,
    gender: String,
    date_of_birth: Option<String>,
    location: String,
    delivery_addresses: String,
    interests: String,
    ml_preferences: String,
    age_range: String,
    onboarded: bool,
    is_admin: bool,
    is_brand_user: bool,
    brand_id: Option<BrandId>,
    token_version: i64,
    last_login: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
    deleted_at: Option<NaiveDateTime>,
    pending_email: Option<String>,
}

fn to_json(list: &[String]) -> String {
    serde_json::Value::from(list).to_string()
}

/// A list column; text that is not a JSON list of strings (written by hand, say) reads as
/// empty rather than failing the whole user.
fn from_json(text: &str) -> Vec<String> {
    serde_json::from_str(text).unwrap_or_default()
}

impl From<UserRow> for UserRecord {
    fn from(row: UserRow) -> Self {
        Self {
            id: row.id,
            email: row.email,
            display_name: row.display_name,
            phone: row.phone,
            age: row.age,
            gender: row.gender,
            date_of_birth: row.date_of_birth,
            location: row.location,
            delivery_addresses: from_json(&row.delivery_addresses),
            interests: from_json(&row.interests),
            ml_preferences: from_json(&row.ml_preferences),
            age_range: row.age_range,
            onboarded: row.onboarded,
            is_admin: row.is_admin,
            is_brand_user: row.is_brand_user,
            brand_id: row.brand_id,
            token_version: row.token_version,
            last_login: row.last_login,
            created_at: row.created_at,
            pending_email: row.pending_email,
        }
    }
}

impl From<&UserRecord> for UserRow {
    fn from(user: &UserRecord) -> Self {
        Self {
            id: user.id.clone(),
            email: user.email.clone(),
            display_name: user.display_name.clone(),
            phone: user.phone.clone(),
            age: user.age,
            gender: user.gender.clone(),
            date_of_birth: user.date_of_birth.clone(),
            location: user.location.clone(),
            delivery_addresses: to_json(&user.delivery_addresses),
            interests: to_json(&user.interests),
            ml_preferences: to_json(&user.ml_preferences),
            age_range: user.age_range.clone(),
            onboarded: user.onboarded,
            is_admin: user.is_admin,
            is_brand_user: user.is_brand_user,
            brand_id: user.brand_id.clone(),
            token_version: user.token_version,
            last_login: user.last_login,
            created_at: user.created_at,
            deleted_at: None,
            pending_email: user.pending_email.clone(),
        }
    }
}

/// What a failed user write collided with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    Email,
    Phone,
}

fn unique_violation(error: &DieselError) -> Option<Taken> {
    let DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) = error else {
        return None;
    };
    // PostgreSQL names the constraint (users_phone_key); SQLite names the column in its
    // message (UNIQUE constraint failed: users.phone).
    let names = format!(
        "{} {}",
        info.constraint_name().unwrap_or(""),
        info.message()
    );
    Some(if names.contains("phone") {
        Taken::Phone
    } else {
        Taken::Email
    })
}

/// The stored state of the code last sent to an e-mail, after counting one more try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeTry {
    pub code_hmac: String,
    pub state: access::code::CodeState,
}

fn utc(at: NaiveDateTime) -> DateTime<Utc> {
    at.and_utc()
}

/// The `sign_in_codes` key of a user's e-mail-change code. It has no `@`, so it never meets
/// the key of a sign-in code (an e-mail).
pub fn email_change_key(user_id: &UserId) -> String {
    format!("email-change:{user_id}")
}

/// Replaces the code stored under `key` with a fresh one.
fn replace_code(
    conn: &mut crate::DbConnection,
    key: &str,
    code_hmac: &str,
    expires_at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::delete(sign_in_codes::table.filter(sign_in_codes::email.eq(key))).execute(conn)?;
    diesel::insert_into(sign_in_codes::table)
        .values((
            sign_in_codes::email.eq(key),
            sign_in_codes::code_hmac.eq(code_hmac),
            sign_in_codes::expires_at.eq(expires_at.naive_utc()),
            sign_in_codes::attempts.eq(0),
            sign_in_codes::used.eq(false),
        ))
        .execute(conn)?;
    Ok(())
}

impl Store {
    /// The live (not deleted) user with this id.
    pub fn user_by_id(&self, id: &UserId) -> Result<Option<UserRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(users::table
            .filter(users::id.eq(id))
            .filter(users::deleted_at.is_null())
            .select(UserRow::as_select())
            .first(&mut conn)
            .optional()?
            .map(UserRecord::from))
    }

    /// The live user with this e-mail (stored lower case; pass it lower case).
    pub fn user_by_email(&self, email: &str) -> Result<Option<UserRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(users::table
            .filter(users::email.eq(email))
            .filter(users::deleted_at.is_null())
            .select(UserRow::as_select())
            .first(&mut conn)
            .optional()?
            .map(UserRecord::from))
    }

    /// The live user with this phone number (ten digits).
    pub fn user_by_phone(&self, phone: &str) -> Result<Option<UserRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(users::table
            .filter(users::phone.eq(phone))
            .filter(users::deleted_at.is_null())
            .select(UserRow::as_select())
            .first(&mut conn)
            .optional()?
            .map(UserRecord::from))
    }

    /// The user of `email`, created from `new_user` when there is none; `true` when created.
    /// `new_user` is called again when its phone number collides with another user's (it
    /// draws numbers at random); a concurrent sign-up of the same e-mail reads that user.
    pub fn find_or_create_user(
        &self,
        email: &str,
        mut new_user: impl FnMut() -> UserRecord,
    ) -> Result<(UserRecord, bool), StoreError> {
        const ATTEMPTS: usize = 8;
        for _ in 0..ATTEMPTS {
            if let Some(user) = self.user_by_email(email)? {
                return Ok((user, false));
            }
            let user = new_user();
            let mut conn = self.conn()?;
            match diesel::insert_into(users::table)
                .values(UserRow::from(&user))
                .execute(&mut conn)
            {
                Ok(_) => return Ok((user, true)),
                Err(e) if unique_violation(&e).is_some() => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(StoreError::Unavailable(format!(
            "could not create a user for an e-mail after {ATTEMPTS} attempts"
        )))
    }

    /// Records a sign-in.
    pub fn touch_last_login(&self, id: &UserId, at: NaiveDateTime) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            diesel::update(users::table.filter(users::id.eq(id)))
                .set(users::last_login.eq(Some(at)))
                .execute(conn)?;
            note_session_change(conn, id)
        })?;
        Ok(())
    }

    /// Writes the profile fields of a live user: everything but its id, creation time, token
    /// version, e-mail (changed only by a proven code, [`Store::confirm_email_change`]), phone
    /// (the server's, never changed) and roles ([`Store::set_role`]). Those are never written
    /// from a copy read earlier, so a role withdrawn while a profile save is under way stays
    /// withdrawn, and no other account's e-mail or phone can collide. `false` when no live user
    /// has that id.
    pub fn save_user(&self, user: &UserRecord) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            let rows = diesel::update(
                users::table
                    .filter(users::id.eq(&user.id))
                    .filter(users::deleted_at.is_null()),
            )
            .set((
                users::display_name.eq(&user.display_name),
                users::age.eq(user.age),
                users::gender.eq(&user.gender),
                users::date_of_birth.eq(&user.date_of_birth),
                users::location.eq(&user.location),
                users::delivery_addresses.eq(to_json(&user.delivery_addresses)),
                users::interests.eq(to_json(&user.interests)),
                users::ml_preferences.eq(to_json(&user.ml_preferences)),
                users::age_range.eq(&user.age_range),
                users::onboarded.eq(user.onboarded),
            ))
            .execute(conn)?;
            if rows == 1 {
                note_session_change(conn, &user.id)?;
            }
            Ok(rows == 1)
        })
    }

    /// Sets a live user's role flags (and the brand of a brand user). `Ok(false)` when no
    /// live user has that id; an unknown brand is a query error (the foreign key).
    pub fn set_role(
        &self,
        id: &UserId,
        is_admin: bool,
        is_brand_user: bool,
        brand_id: Option<&BrandId>,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        Ok(conn
            .transaction(|conn| crate::write_role(conn, id, is_admin, is_brand_user, brand_id))?)
    }

    /// Whether a brand with this id exists.
    pub fn brand_exists(&self, id: &BrandId) -> Result<bool, StoreError> {
        use crate::schema::brands;
        let mut conn = self.conn()?;
        Ok(brands::table
            .filter(brands::id.eq(id))
            .count()
            .get_result::<i64>(&mut conn)?
            > 0)
    }

    /// Revokes every session of a user: sessions carry the version they were issued under.
    pub fn bump_token_version(&self, id: &UserId) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            diesel::update(users::table.filter(users::id.eq(id)))
                .set(users::token_version.eq(users::token_version + 1))
                .execute(conn)?;
            note_session_change(conn, id)
        })?;
        Ok(())
    }

    /// Deletes an account by anonymising it in place: personal data is erased, the id stays
    /// (so records that name the user, orders among them, stay whole), its sessions are
    /// revoked, its sign-in codes and saved addresses removed. `false` when no live user has
    /// that id.
    pub fn delete_user(&self, id: &UserId, at: NaiveDateTime) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            // The first statement writes, so SQLite takes its write lock before anything is read.
            let revoked = diesel::update(
                users::table
                    .filter(users::id.eq(id))
                    .filter(users::deleted_at.is_null()),
            )
            .set(users::token_version.eq(users::token_version + 1))
            .execute(conn)?;
            if revoked == 0 {
                return Ok(false);
            }
            note_session_change(conn, id)?;
            let email: Option<String> = users::table
                .filter(users::id.eq(id))
                .select(users::email)
                .first(conn)?;
            let empty = to_json(&[]);
            diesel::update(users::table.filter(users::id.eq(id)))
                .set((
                    users::email.eq(None::<String>),
                    users::display_name.eq(""),
                    users::phone.eq(None::<String>),
                    users::age.eq(0),
                    users::gender.eq("other"),
                    users::date_of_birth.eq(None::<String>),
                    users::location.eq(""),
                    users::delivery_addresses.eq(&empty),
                    users::interests.eq(&empty),
                    users::ml_preferences.eq(&empty),
                    users::age_range.eq(""),
                    users::is_admin.eq(false),
                    users::is_brand_user.eq(false),
                    users::brand_id.eq(None::<BrandId>),
                    users::deleted_at.eq(Some(at)),
                    users::pending_email.eq(None::<String>),
                ))
                .execute(conn)?;
            let keys: Vec<String> = email.into_iter().chain([email_change_key(id)]).collect();
            diesel::delete(sign_in_codes::table.filter(sign_in_codes::email.eq_any(keys)))
                .execute(conn)?;
            diesel::delete(addresses::table.filter(addresses::user_id.eq(id))).execute(conn)?;
            diesel::delete(bag_lines::table.filter(bag_lines::user_id.eq(id))).execute(conn)?;
            Ok(true)
        })
    }

    /// Deletes sign-in codes that expired before `before`: no answer reads them again.
    pub fn prune_sign_in_codes(&self, before: DateTime<Utc>) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        Ok(diesel::delete(
            sign_in_codes::table.filter(sign_in_codes::expires_at.lt(before.naive_utc())),
        )
        .execute(&mut conn)?)
    }

    /// Stores a freshly sent code under `key` (the e-mail of a sign-in code, or
    /// [`email_change_key`]), replacing any earlier one.
    pub fn put_sign_in_code(
        &self,
        key: &str,
        code_hmac: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        Ok(conn.transaction(|conn| replace_code(conn, key, code_hmac, expires_at))?)
    }

    /// Records that a live user asked to move to `new_email` and stores the code mailed there
    /// (replacing an earlier change and its code), in one transaction. The account keeps its
    /// e-mail until [`Store::confirm_email_change`]. `false` when no live user has that id.
    pub fn start_email_change(
        &self,
        user_id: &UserId,
        new_email: &str,
        code_hmac: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            let rows = diesel::update(
                users::table
                    .filter(users::id.eq(user_id))
                    .filter(users::deleted_at.is_null()),
            )
            .set(users::pending_email.eq(Some(new_email)))
            .execute(conn)?;
            if rows == 0 {
                return Ok(false);
            }
            note_session_change(conn, user_id)?;
            replace_code(conn, &email_change_key(user_id), code_hmac, expires_at)?;
            Ok(true)
        })
    }

    /// Drops a user's unproven e-mail change and its code.
    pub fn cancel_email_change(&self, user_id: &UserId) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            diesel::update(users::table.filter(users::id.eq(user_id)))
                .set(users::pending_email.eq(None::<String>))
                .execute(conn)?;
            note_session_change(conn, user_id)?;
            diesel::delete(
                sign_in_codes::table.filter(sign_in_codes::email.eq(email_change_key(user_id))),
            )
            .execute(conn)?;
            Ok(())
        })
    }

    /// Makes a proven `new_email` the user's e-mail: uses up the code `code_hmac` and, in the
    /// same transaction, writes the e-mail and bumps the token version (every session ends;
    /// the caller issues the confirming one a new token). `Ok(Ok(None))` when the code was used
    /// by another request first or the pending e-mail is no longer `new_email`;
    /// `Ok(Err(Taken::Email))` when another account holds the address by now (nothing
    /// changes then).
    pub fn confirm_email_change(
        &self,
        user_id: &UserId,
        new_email: &str,
        code_hmac: &str,
    ) -> Result<Result<Option<UserRecord>, Taken>, StoreError> {
        let mut conn = self.conn()?;
        let outcome = conn.transaction(|conn| {
            let used = diesel::delete(
                sign_in_codes::table
                    .filter(sign_in_codes::email.eq(email_change_key(user_id)))
                    .filter(sign_in_codes::code_hmac.eq(code_hmac))
                    .filter(sign_in_codes::used.eq(false)),
            )
            .execute(conn)?;
            if used == 0 {
                return Ok(None);
            }
            let changed = diesel::update(
                users::table
                    .filter(users::id.eq(user_id))
                    .filter(users::deleted_at.is_null())
                    .filter(users::pending_email.eq(new_email)),
            )
            .set((
                users::email.eq(Some(new_email)),
                users::pending_email.eq(None::<String>),
                users::token_version.eq(users::token_version + 1),
            ))
            .execute(conn)?;
            if changed == 0 {
                return Ok(None);
            }
            note_session_change(conn, user_id)?;
            users::table
                .filter(users::id.eq(user_id))
                .select(UserRow::as_select())
                .first(conn)
                .map(|row| Some(UserRecord::from(row)))
        });
        match outcome {
            Ok(user) => Ok(Ok(user)),
            Err(e) => match unique_violation(&e) {
                Some(taken) => Ok(Err(taken)),
                None => Err(e.into()),
            },
        }
    }

    /// Counts one more try at the code of `email` and answers its state after that count;
    /// `None` when no code was sent. Counting first, in the database, means parallel guesses
    /// each use up a try.
    pub fn count_code_try(&self, email: &str) -> Result<Option<CodeTry>, StoreError> {
        let mut conn = self.conn()?;
        conn.transaction(|conn| {
            diesel::update(sign_in_codes::table.filter(sign_in_codes::email.eq(email)))
                .set(sign_in_codes::attempts.eq(sign_in_codes::attempts + 1))
                .execute(conn)?;
            let row: Option<(String, NaiveDateTime, i32, bool)> = sign_in_codes::table
                .filter(sign_in_codes::email.eq(email))
                .select((
                    sign_in_codes::code_hmac,
                    sign_in_codes::expires_at,
                    sign_in_codes::attempts,
                    sign_in_codes::used,
                ))
                .first(conn)
                .optional()?;
            Ok(row.map(|(code_hmac, expires_at, attempts, used)| CodeTry {
                code_hmac,
                state: access::code::CodeState {
                    expires_at: utc(expires_at),
                    attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
                    used,
                },
            }))
        })
    }

    /// Uses up the code `code_hmac` of `email`; `false` when another request used it first.
    pub fn consume_sign_in_code(&self, email: &str, code_hmac: &str) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        let rows = diesel::delete(
            sign_in_codes::table
                .filter(sign_in_codes::email.eq(email))
                .filter(sign_in_codes::code_hmac.eq(code_hmac))
                .filter(sign_in_codes::used.eq(false)),
        )
        .execute(&mut conn)?;
        Ok(rows == 1)
    }

    /// Takes one use of a rate-limit bucket if `decide` allows it, atomically with respect to
    /// other processes: the window is written only if nobody changed it since it was read
    /// (otherwise it is read and decided again). Answers the decision and, when allowed, the
    /// window as it was before (for [`Store::give_back_rate_limit`]).
    pub fn take_rate_limit(
        &self,
        bucket: &str,
        decide: impl Fn(Option<&Window>) -> Decision,
    ) -> Result<(Decision, Option<Window>), StoreError> {
        const ATTEMPTS: usize = 16;
        for _ in 0..ATTEMPTS {
            let before = self.rate_limit_window(bucket)?;
            let decision = decide(before.as_ref());
            let Decision::Allow(next) = decision else {
                self.counters.refused(bucket);
                return Ok((decision, before));
            };
            if self.replace_window(bucket, before.as_ref(), Some(&next))? {
                return Ok((decision, before));
            }
        }
        Err(StoreError::Unavailable(format!(
            "the rate limit '{bucket}' kept changing under {ATTEMPTS} attempts"
        )))
    }

    /// Undoes a [`Store::take_rate_limit`] whose action failed (the mail could not be sent),
    /// unless the bucket moved on since.
    pub fn give_back_rate_limit(
        &self,
        bucket: &str,
        taken: &Window,
        before: Option<&Window>,
    ) -> Result<(), StoreError> {
        self.replace_window(bucket, Some(taken), before)?;
        Ok(())
    }

    /// Deletes windows unused since `before`.
    pub fn prune_rate_limits(&self, before: DateTime<Utc>) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        Ok(
            diesel::delete(rate_limits::table.filter(rate_limits::last_at.lt(before.naive_utc())))
                .execute(&mut conn)?,
        )
    }

    fn rate_limit_window(&self, bucket: &str) -> Result<Option<Window>, StoreError> {
        let mut conn = self.conn()?;
        let row: Option<(NaiveDateTime, i32, NaiveDateTime)> = rate_limits::table
            .filter(rate_limits::bucket.eq(bucket))
            .select((
                rate_limits::started_at,
                rate_limits::count,
                rate_limits::last_at,
            ))
            .first(&mut conn)
            .optional()?;
        Ok(row.map(|(started_at, count, last_at)| Window {
            started_at: utc(started_at),
            count: u32::try_from(count).unwrap_or(u32::MAX),
            last_at: utc(last_at),
        }))
    }

    /// Replaces the window `from` (none: no row) with `to` (none: delete) in one conditional
    /// statement; `false` when the stored window is no longer `from`.
    fn replace_window(
        &self,
        bucket: &str,
        from: Option<&Window>,
        to: Option<&Window>,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn()?;
        let count = |w: &Window| i32::try_from(w.count).unwrap_or(i32::MAX);
        let matching = |w: &Window| {
            rate_limits::table
                .filter(rate_limits::bucket.eq(bucket.to_owned()))
                .filter(rate_limits::started_at.eq(w.started_at.naive_utc()))
                .filter(rate_limits::count.eq(count(w)))
                .filter(rate_limits::last_at.eq(w.last_at.naive_utc()))
        };
        let rows = match (from, to) {
            (None, None) => return Ok(true),
            (None, Some(to)) => {
                match diesel::insert_into(rate_limits::table)
                    .values((
                        rate_limits::bucket.eq(bucket),
                        rate_limits::started_at.eq(to.started_at.naive_utc()),
                        rate_limits::count.eq(count(to)),
                        rate_limits::last_at.eq(to.last_at.naive_utc()),
                    ))
                    .execute(&mut conn)
                {
                    Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => 0,
                    other => other?,
                }
            }
            (Some(from), Some(to)) => diesel::update(matching(from))
                .set((
                    rate_limits::started_at.eq(to.started_at.naive_utc()),
                    rate_limits::count.eq(count(to)),
                    rate_limits::last_at.eq(to.last_at.naive_utc()),
                ))
                .execute(&mut conn)?,
            (Some(from), None) => diesel::delete(matching(from)).execute(&mut conn)?,
        };
        Ok(rows == 1)
    }
}
