//! The admin console's use cases: brands, categories, people and their roles, and the audit
//! trail. Every call is an admin's
//! ([`Manager::admin`](crate::services::console::Manager::admin)); every write runs in one
//! transaction with its change-feed row (brands, categories) and its audit row.

pub mod audit;
pub mod brands;
pub mod categories;
pub mod users;

use std::collections::BTreeMap;

use crate::services::console::ConsoleError;

/// Why an admin call is refused.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Console(#[from] ConsoleError),
    /// Another brand has this name, ignoring letter case (409).
    #[error("A brand named '{0}' already exists.")]
    BrandNameTaken(String),
    /// Products are filed under the category to delete (409, with their count).
    #[error(
        "{count} product(s) are filed under this category. Move them to another category first."
    )]
    CategoryHasProducts { count: u64 },
    /// The category to delete has subcategories (409, with their count).
    #[error("This category has {count} subcategories. Move or delete them first.")]
    CategoryHasChildren { count: u64 },
    /// The change would leave the shop without an admin (409).
    #[error("The shop must keep at least one admin. Make someone else an admin first.")]
    LastAdmin,
}

impl From<store::StoreError> for AdminError {
    fn from(e: store::StoreError) -> Self {
        Self::Console(ConsoleError::Store(e))
    }
}

impl From<diesel::result::Error> for AdminError {
    fn from(e: diesel::result::Error) -> Self {
        Self::Console(ConsoleError::Store(e.into()))
    }
}

/// A form's broken fields, by wire name.
#[derive(Debug, Default)]
pub(crate) struct Fields(BTreeMap<String, String>);

impl Fields {
    pub(crate) fn add(&mut self, field: &str, message: impl ToString) {
        self.0
            .entry(field.to_owned())
            .or_insert_with(|| message.to_string());
    }

    /// `Err` naming every broken field, when any is.
    pub(crate) fn check(self) -> Result<(), AdminError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ConsoleError::Invalid(self.0).into())
        }
    }

    /// The value when it is `Ok`, else `None` with its field's message noted.
    pub(crate) fn keep<T, E: ToString>(&mut self, field: &str, value: Result<T, E>) -> Option<T> {
        value.map_err(|e| self.add(field, e)).ok()
    }
}

/// Required text, trimmed, at most `max` characters.
pub(crate) fn required_text(
    raw: Option<&str>,
    max: usize,
) -> Result<String, validation::ValidationError> {
    let text = raw.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(validation::ValidationError::NameRequired);
    }
    validation::at_most(text, max)?;
    Ok(text.to_owned())
}

/// Optional text, trimmed, at most `max` characters.
pub(crate) fn optional_text(
    raw: Option<&str>,
    max: usize,
) -> Result<Option<String>, validation::ValidationError> {
    raw.map(|text| {
        validation::at_most(text, max)?;
        Ok(text.trim().to_owned())
    })
    .transpose()
}

/// `page` (from 1, at most [`MAX_PAGE`]) and `limit` (1 to `max`, `default` when absent) of a
/// list, as the offset and limit to read.
pub(crate) fn paging(
    fields: &mut Fields,
    page: Option<&str>,
    limit: Option<&str>,
    default: i64,
    max: i64,
) -> (i64, i64) {
    fn number(raw: Option<&str>, default: i64, max: i64) -> Result<i64, String> {
        match raw.map(str::trim).filter(|r| !r.is_empty()) {
            None => Ok(default),
            Some(r) => r
                .parse::<i64>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .ok_or_else(|| format!("Must be a whole number from 1 to {max}")),
        }
    }
    let page = fields.keep("page", number(page, 1, MAX_PAGE)).unwrap_or(1);
    let limit = fields
        .keep("limit", number(limit, default, max))
        .unwrap_or(default);
    (page, limit)
}

/// The deepest page a list reads.
pub(crate) const MAX_PAGE: i64 = 10_000;

/// Whether a diesel error is a unique index refusing a row.
pub(crate) fn is_unique_violation(e: &diesel::result::Error) -> bool {
    matches!(
        e,
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)
    )
}

/// Whether a diesel error is a foreign key refusing a deletion or a row.
pub(crate) fn is_foreign_key_violation(e: &diesel::result::Error) -> bool {
    matches!(
        e,
        diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::ForeignKeyViolation,
            _
        )
    )
}
