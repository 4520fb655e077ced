use std::fmt;
use std::str::FromStr;

/// The role number pages use for a visitor who is not signed in (000 §3, §6).
pub const LOGGED_OUT_ROLE: i32 = -1;

/// What a signed-in user is (000 §6). The order matters: a higher role may do everything a
/// lower one may.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// 0: a registered shopper, the default.
    Shopper,
    /// 1: works for one brand (`is_brand_user`), and reviews that brand's cancellations.
    BrandUser,
    /// 2: runs the shop (`is_admin`).
    Admin,
}

impl Role {
    /// The role of a user record; `is_admin` wins when both flags are set.
    pub const fn from_flags(is_admin: bool, is_brand_user: bool) -> Self {
        match (is_admin, is_brand_user) {
            (true, _) => Self::Admin,
            (false, true) => Self::BrandUser,
            (false, false) => Self::Shopper,
        }
    }

    /// The record's flags for this role: `(is_admin, is_brand_user)`.
    pub const fn flags(self) -> (bool, bool) {
        match self {
            Self::Shopper => (false, false),
            Self::BrandUser => (false, true),
            Self::Admin => (true, false),
        }
    }

    /// The number the wire and the pages use.
    pub const fn number(self) -> i32 {
        match self {
            Self::Shopper => 0,
            Self::BrandUser => 1,
            Self::Admin => 2,
        }
    }

    /// The role of a number; -1 (logged out) and anything else is `None`.
    pub const fn from_number(number: i32) -> Option<Self> {
        match number {
            0 => Some(Self::Shopper),
            1 => Some(Self::BrandUser),
            2 => Some(Self::Admin),
            _ => None,
        }
    }

    /// Whether this role may do what `required` may.
    pub fn allows(self, required: Role) -> bool {
        self >= required
    }

    /// The name an operator types (`shop-api grant-role <email> <name>`).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Shopper => "shopper",
            Self::BrandUser => "brand",
            Self::Admin => "admin",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A role name that is not one of `shopper`, `brand`, `admin`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown role '{0}'; use shopper, brand or admin")]
pub struct UnknownRole(pub String);

impl FromStr for Role {
    type Err = UnknownRole;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "shopper" | "0" => Ok(Self::Shopper),
            "brand" | "brand-user" | "brand_user" | "1" => Ok(Self::BrandUser),
            "admin" | "2" => Ok(Self::Admin),
            _ => Err(UnknownRole(raw.to_owned())),
        }
    }
}

/// Whether a caller (`caller_id` with `caller_role`) may read or change the records of the
/// user `target_id`: their own always, anyone's only as an admin.
pub fn may_act_for(caller_id: &str, caller_role: Role, target_id: &str) -> bool {
    caller_id == target_id || caller_role.allows(Role::Admin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_follow_the_record_flags_and_numbers() {
        let table = [
            (false, false, Role::Shopper, 0),
            (false, true, Role::BrandUser, 1),
            (true, false, Role::Admin, 2),
            (true, true, Role::Admin, 2),
        ];
        for (is_admin, is_brand_user, role, number) in table {
            assert_eq!(Role::from_flags(is_admin, is_brand_user), role);
            assert_eq!(role.number(), number);
            assert_eq!(Role::from_number(number), Some(role));
        }
        assert_eq!(Role::from_number(LOGGED_OUT_ROLE), None);
        assert_eq!(Role::from_number(3), None);
    }

    #[test]
    fn flags_round_trip() {
        for role in [Role::Shopper, Role::BrandUser, Role::Admin] {
            let (is_admin, is_brand_user) = role.flags();
            assert_eq!(Role::from_flags(is_admin, is_brand_user), role);
        }
    }

    #[test]
    fn a_higher_role_allows_what_a_lower_one_may() {
        let table = [
            (Role::Shopper, Role::Shopper, true),
            (Role::Shopper, Role::BrandUser, false),
            (Role::Shopper, Role::Admin, false),
            (Role::BrandUser, Role::Shopper, true),
            (Role::BrandUser, Role::BrandUser, true),
            (Role::BrandUser, Role::Admin, false),
            (Role::Admin, Role::Shopper, true),
            (Role::Admin, Role::BrandUser, true),
            (Role::Admin, Role::Admin, true),
        ];
        for (role, required, allowed) in table {
            assert_eq!(role.allows(required), allowed, "{role} for {required}");
        }
    }

    #[test]
    fn role_names_parse() {
        for (text, role) in [
            ("shopper", Role::Shopper),
            ("Brand", Role::BrandUser),
            ("brand-user", Role::BrandUser),
            (" ADMIN ", Role::Admin),
            ("2", Role::Admin),
        ] {
            assert_eq!(text.parse::<Role>(), Ok(role), "{text}");
        }
        assert_eq!("root".parse::<Role>(), Err(UnknownRole("root".to_owned())));
        assert_eq!(
            UnknownRole("root".to_owned()).to_string(),
            "unknown role 'root'; use shopper, brand or admin"
        );
    }

    #[test]
    fn only_admins_act_for_others() {
        assert!(may_act_for("a", Role::Shopper, "a"));
        assert!(!may_act_for("a", Role::Shopper, "b"));
        assert!(!may_act_for("a", Role::BrandUser, "b"));
        assert!(may_act_for("a", Role::Admin, "b"));
    }
}
