//! Brands applying to sell: a shopper's application, its decision by an admin. Functions that
//! write take the caller's connection, so a decision, the brand it creates, the applicant's
//! role, the change-feed row and the audit row share one transaction.
//!
//! The bank account arrives here already sealed (the API encrypts it); no column holds the
//! plain number.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::schema::brand_applications;
use crate::{Store, StoreError};

/// The most applications one list answers.
pub const MAX_APPLICATIONS_LISTED: i64 = 500;

/// An application as stored.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = brand_applications)]
pub struct ApplicationRecord {
    pub id: String,
    pub applicant_id: String,
    /// The applicant's e-mail when they applied.
    pub applicant_email: String,
    pub name: String,
    pub gender: String,
    pub contact_name: String,
    pub contact_email: String,
    pub contact_phone: String,
    pub gstin: String,
    pub pan: String,
    /// The account number sealed by the API (nonce then ciphertext, hex).
    pub bank_account_sealed: String,
    /// All but the last 4 digits as `X`.
    pub bank_account_masked: String,
    pub ifsc: String,
    pub pickup_address: String,
    pub pickup_pincode: String,
    pub pickup_city: String,
    pub pickup_state: String,
    pub return_policy: String,
    pub shipping_policy: String,
    /// "pending", "approved" or "rejected".
    pub status: String,
    /// Why it was rejected.
    pub reason: Option<String>,
    /// The brand an approval created.
    pub brand_id: Option<String>,
    /// The admin who decided.
    pub decided_by: Option<String>,
    pub created_at: NaiveDateTime,
    pub decided_at: Option<NaiveDateTime>,
}

/// How a decision ends an application.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// "approved" or "rejected".
    pub status: &'static str,
    pub reason: Option<String>,
    pub brand_id: Option<String>,
    pub decided_by: String,
    pub decided_at: NaiveDateTime,
}

/// Adds an application. A second pending one of the same applicant is refused by the unique
/// index (a unique violation).
pub fn insert_application(conn: &mut DbConnection, record: &ApplicationRecord) -> QueryResult<()> {
    diesel::insert_into(brand_applications::table)
        .values(record)
        .execute(conn)
        .map(drop)
}

/// The applicant's pending application, when there is one.
pub fn pending_application_of(
    conn: &mut DbConnection,
    applicant_id: &str,
) -> QueryResult<Option<ApplicationRecord>> {
    brand_applications::table
        .filter(brand_applications::applicant_id.eq(applicant_id))
        .filter(brand_applications::status.eq("pending"))
        .select(ApplicationRecord::as_select())
        .first(conn)
        .optional()
}

/// The application with this id.
pub fn application_by_id(
    conn: &mut DbConnection,
    id: &str,
) -> QueryResult<Option<ApplicationRecord>> {
    brand_applications::table
        .filter(brand_applications::id.eq(id))
        .select(ApplicationRecord::as_select())
        .first(conn)
        .optional()
}

/// Ends a pending application as `decision` says. `false` when it is not pending any more (or
/// does not exist): someone decided first.
pub fn decide_application(
    conn: &mut DbConnection,
    id: &str,
    decision: &Decision,
) -> QueryResult<bool> {
    let changed = diesel::update(
        brand_applications::table
            .filter(brand_applications::id.eq(id))
            .filter(brand_applications::status.eq("pending")),
    )
    .set((
        brand_applications::status.eq(decision.status),
        brand_applications::reason.eq(&decision.reason),
        brand_applications::brand_id.eq(&decision.brand_id),
        brand_applications::decided_by.eq(&decision.decided_by),
        brand_applications::decided_at.eq(Some(decision.decided_at)),
    ))
    .execute(conn)?;
    Ok(changed == 1)
}

impl Store {
    /// The applicant's applications, newest first.
    pub fn applications_of(
        &self,
        applicant_id: &str,
    ) -> Result<Vec<ApplicationRecord>, StoreError> {
        let mut conn = self.conn()?;
        Ok(brand_applications::table
            .filter(brand_applications::applicant_id.eq(applicant_id))
            .order((
                brand_applications::created_at.desc(),
                brand_applications::id.desc(),
            ))
            .limit(MAX_APPLICATIONS_LISTED)
            .select(ApplicationRecord::as_select())
            .load(&mut conn)?)
    }

    /// Applications with `status` (any when `None`), newest first, at most
    /// [`MAX_APPLICATIONS_LISTED`].
    pub fn applications(&self, status: Option<&str>) -> Result<Vec<ApplicationRecord>, StoreError> {
        let mut conn = self.conn()?;
        let mut query = brand_applications::table
            .select(ApplicationRecord::as_select())
            .order((
                brand_applications::created_at.desc(),
                brand_applications::id.desc(),
            ))
            .limit(MAX_APPLICATIONS_LISTED)
            .into_boxed();
        if let Some(status) = status {
            query = query.filter(brand_applications::status.eq(status.to_owned()));
        }
        Ok(query.load(&mut conn)?)
    }
}
