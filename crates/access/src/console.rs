//! Who may use the consoles, and over which brand: a brand user manages their own brand only,
//! an admin manages every brand (naming it where one is needed), a shopper nothing. Another
//! brand's record is answered as missing, never as forbidden, so ids of other brands cannot be
//! probed.

use crate::Role;

/// What a console caller manages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConsoleScope {
    /// A brand user: this brand only.
    Brand(String),
    /// An admin: every brand.
    Admin,
}

/// Why a console call is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ConsoleRefusal {
    /// A shopper (403).
    #[error("The console is for a brand's team and admins.")]
    NotStaff,
    /// A brand user whose account names no brand (403).
    #[error("Your account is not linked to a brand.")]
    NoBrand,
    /// A brand user on an admin call (403).
    #[error("Only an admin can do this.")]
    AdminOnly,
    /// An admin who did not say which brand (400).
    #[error("brandId is required: say which brand this is for.")]
    BrandRequired,
    /// A brand user naming another brand (404: answered as if it did not exist).
    #[error("Brand not found.")]
    OtherBrand,
}

/// The scope of a caller with `role`, whose user record names `caller_brand`.
pub fn console_scope(
    role: Role,
    caller_brand: Option<&str>,
) -> Result<ConsoleScope, ConsoleRefusal> {
    match role {
        Role::Admin => Ok(ConsoleScope::Admin),
        Role::BrandUser => caller_brand
            .map(|b| ConsoleScope::Brand(b.to_owned()))
            .ok_or(ConsoleRefusal::NoBrand),
        Role::Shopper => Err(ConsoleRefusal::NotStaff),
    }
}

/// Admin calls: only an admin.
pub fn admin_only(role: Role) -> Result<(), ConsoleRefusal> {
    match role {
        Role::Admin => Ok(()),
        Role::BrandUser => Err(ConsoleRefusal::AdminOnly),
        Role::Shopper => Err(ConsoleRefusal::NotStaff),
    }
}

impl ConsoleScope {
    /// The brand a write is for: a brand user's own (naming another is
    /// [`ConsoleRefusal::OtherBrand`]); the one an admin names (naming none is
    /// [`ConsoleRefusal::BrandRequired`]). A blank `asked` is none.
    pub fn brand_for<'a>(&'a self, asked: Option<&'a str>) -> Result<&'a str, ConsoleRefusal> {
        let asked = asked.map(str::trim).filter(|a| !a.is_empty());
        match (self, asked) {
            (Self::Brand(own), None) => Ok(own),
            (Self::Brand(own), Some(a)) if a == own => Ok(own),
            (Self::Brand(_), Some(_)) => Err(ConsoleRefusal::OtherBrand),
            (Self::Admin, Some(a)) => Ok(a),
            (Self::Admin, None) => Err(ConsoleRefusal::BrandRequired),
        }
    }

    /// The brand a list is narrowed to: as [`ConsoleScope::brand_for`], except that an admin
    /// naming none lists every brand (`None`).
    pub fn list_filter<'a>(
        &'a self,
        asked: Option<&'a str>,
    ) -> Result<Option<&'a str>, ConsoleRefusal> {
        match self.brand_for(asked) {
            Ok(brand) => Ok(Some(brand)),
            Err(ConsoleRefusal::BrandRequired) => Ok(None),
            Err(refusal) => Err(refusal),
        }
    }

    /// Whether a record of `brand` is within reach (otherwise it is answered as missing).
    pub fn reaches(&self, brand: &str) -> bool {
        match self {
            Self::Brand(own) => own == brand,
            Self::Admin => true,
        }
    }

    /// "brand" or "admin", as the audit trail names the actor's role.
    pub fn role_name(&self) -> &'static str {
        match self {
            Self::Brand(_) => "brand",
            Self::Admin => "admin",
        }
    }
}

/// The version an edit says it read: the body's `version`, else an `If-Match` header's entity
/// tag (`"3"`, `W/"3"` or `3`). `None` when neither names one; `Err` when `If-Match` is not a
/// version. When both are given they must agree.
pub fn expected_version(
    body: Option<i64>,
    if_match: Option<&str>,
) -> Result<Option<i64>, BadVersion> {
    let header = match if_match.map(str::trim).filter(|v| !v.is_empty()) {
        None => None,
        Some(tag) => {
            let tag = tag.strip_prefix("W/").unwrap_or(tag);
            let tag = tag
                .strip_prefix('"')
                .and_then(|t| t.strip_suffix('"'))
                .unwrap_or(tag);
            Some(
                tag.parse::<i64>()
                    .ok()
                    .filter(|v| *v > 0)
                    .ok_or(BadVersion)?,
            )
        }
    };
    match (body, header) {
        (Some(b), Some(h)) if b != h => Err(BadVersion),
        (Some(v), _) | (None, Some(v)) => Ok(Some(v)),
        (None, None) => Ok(None),
    }
}

/// An `If-Match` that is not a version, or one that contradicts the body's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("If-Match must be the version the edit read (\"3\"), and agree with the body's version")]
pub struct BadVersion;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_by_role() {
        assert_eq!(
            console_scope(Role::BrandUser, Some("b1")),
            Ok(ConsoleScope::Brand("b1".into()))
        );
        assert_eq!(
            console_scope(Role::BrandUser, None),
            Err(ConsoleRefusal::NoBrand)
        );
        assert_eq!(console_scope(Role::Admin, None), Ok(ConsoleScope::Admin));
        assert_eq!(
            console_scope(Role::Admin, Some("b1")),
            Ok(ConsoleScope::Admin)
        );
        assert_eq!(
            console_scope(Role::Shopper, Some("b1")),
            Err(ConsoleRefusal::NotStaff)
        );
    }

    #[test]
    fn admin_calls_are_for_admins_only() {
        assert_eq!(admin_only(Role::Admin), Ok(()));
        assert_eq!(admin_only(Role::BrandUser), Err(ConsoleRefusal::AdminOnly));
        assert_eq!(admin_only(Role::Shopper), Err(ConsoleRefusal::NotStaff));
    }

    #[test]
    fn the_brand_of_a_write() {
        let brand = ConsoleScope::Brand("b1".into());
        let table = [
            (&brand, None, Ok("b1")),
            (&brand, Some(" "), Ok("b1")),
            (&brand, Some("b1"), Ok("b1")),
            (&brand, Some("b2"), Err(ConsoleRefusal::OtherBrand)),
            (&ConsoleScope::Admin, Some("b2"), Ok("b2")),
            (
                &ConsoleScope::Admin,
                None,
                Err(ConsoleRefusal::BrandRequired),
            ),
            (
                &ConsoleScope::Admin,
                Some(""),
                Err(ConsoleRefusal::BrandRequired),
            ),
        ];
        for (scope, asked, expected) in table {
            assert_eq!(scope.brand_for(asked), expected, "{scope:?} {asked:?}");
        }
    }

    #[test]
    fn the_brand_of_a_list() {
        assert_eq!(ConsoleScope::Admin.list_filter(None), Ok(None));
        assert_eq!(ConsoleScope::Admin.list_filter(Some("b2")), Ok(Some("b2")));
        let brand = ConsoleScope::Brand("b1".into());
        assert_eq!(brand.list_filter(None), Ok(Some("b1")));
        assert_eq!(
            brand.list_filter(Some("b2")),
            Err(ConsoleRefusal::OtherBrand)
        );
        assert!(brand.reaches("b1") && !brand.reaches("b2"));
        assert!(ConsoleScope::Admin.reaches("b2"));
    }

    #[test]
    fn the_version_an_edit_read() {
        type Case<'a> = (
            Option<i64>,
            Option<&'a str>,
            Result<Option<i64>, BadVersion>,
        );
        let table: [Case<'_>; 10] = [
            (None, None, Ok(None)),
            (Some(3), None, Ok(Some(3))),
            (None, Some("\"3\""), Ok(Some(3))),
            (None, Some("W/\"3\""), Ok(Some(3))),
            (None, Some("3"), Ok(Some(3))),
            (None, Some("  "), Ok(None)),
            (Some(3), Some("\"3\""), Ok(Some(3))),
            (Some(3), Some("\"4\""), Err(BadVersion)),
            (None, Some("\"abc\""), Err(BadVersion)),
            (None, Some("*"), Err(BadVersion)),
        ];
        for (body, header, expected) in table {
            assert_eq!(
                expected_version(body, header),
                expected,
                "{body:?} {header:?}"
            );
        }
    }
}
