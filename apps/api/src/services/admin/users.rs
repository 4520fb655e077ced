//! People and their roles, as admins run them: a paged, searchable list of users, and the
//! role form (the UI form of `shop-api grant-role`, whose command runs the same
//! [`change_role`]). Nobody can take the shop's last admin away, even when two admins demote
//! each other at the same moment: the change runs in one transaction that first locks the
//! admins (see [`store::lock_admins`]). Roles are read on every request, so a change applies
//! to the user's next call.

use access::Role;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use store::StaffRecord;
use store::ids::{BrandId, UserId};
use utoipa::{IntoParams, ToSchema};

use super::{AdminError, Fields, optional_text, paging};
use crate::auth::Caller;
use crate::services::console::{Change, ConsoleError, Manager};
use crate::state::AppState;

/// Users on a page unless `limit` says otherwise.
pub const DEFAULT_LIMIT: i64 = 20;
/// The most users on a page.
pub const MAX_LIMIT: i64 = 100;
/// The longest search text.
pub const MAX_SEARCH: usize = 100;

/// A record's id and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct NamedRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// A user as the admin console shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdminUser {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(required = true)]
    pub email: Option<String>,
    pub display_name: String,
    /// 0 shopper, 1 brand user, 2 admin.
    pub role: i32,
    /// A brand user's brand.
    #[schema(required = true)]
    pub brand: Option<NamedRef>,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
}

impl AdminUser {
    pub fn of(record: &StaffRecord) -> Self {
        Self {
            id: record.id.to_string(),
            email: record.email.clone(),
            display_name: record.display_name.clone(),
            role: Role::from_flags(record.is_admin, record.is_brand_user).number(),
            brand: record.brand.as_ref().map(|(id, name)| NamedRef {
                id: id.to_string(),
                name: name.clone(),
            }),
            created_at: record.created_at.and_utc(),
        }
    }
}

/// `{success, users, total, page, limit}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUsers {
    pub success: bool,
    pub users: Vec<AdminUser>,
    /// Users matching in all.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// `{success, user}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct OneAdminUser {
    pub success: bool,
    pub user: AdminUser,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserSearch {
    /// Keeps users whose e-mail or display name contains this, ignoring letter case.
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// From 1 (default 1), at most 10,000.
    #[param(pattern = "^[0-9]{0,5}$")]
    pub page: Option<String>,
    /// 1 to 100 (default 20).
    #[param(pattern = "^[0-9]{0,3}$")]
    pub limit: Option<String>,
}

/// The role form.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RoleBody {
    /// "shopper", "brand" or "admin".
    #[schema(required = true, value_type = String)]
    pub role: Option<String>,
    /// The brand of a brand user; none (null or absent) for the other roles.
    #[serde(rename = "brandId")]
    pub brand_id: Option<String>,
}

/// A role to give: a brand user's with their brand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoleTarget {
    Shopper,
    Brand(BrandId),
    Admin,
}

impl RoleTarget {
    /// The target of `role` with `brand` (blank is none): a brand user needs a brand, and
    /// only a brand user has one. `Err` names the broken field and says why.
    pub fn new(role: Role, brand: Option<&str>) -> Result<Self, (&'static str, &'static str)> {
        let brand = brand.map(str::trim).filter(|b| !b.is_empty());
        match (role, brand) {
            (Role::BrandUser, Some(brand)) => Ok(Self::Brand(BrandId::new(brand))),
            (Role::BrandUser, None) => Err(("brandId", "A brand user needs a brand: choose one.")),
            (Role::Shopper | Role::Admin, Some(_)) => {
                Err(("brandId", "Only a brand user has a brand: leave it empty."))
            }
            (Role::Shopper, None) => Ok(Self::Shopper),
            (Role::Admin, None) => Ok(Self::Admin),
        }
    }

    pub fn role(&self) -> Role {
        match self {
            Self::Shopper => Role::Shopper,
            Self::Brand(_) => Role::BrandUser,
            Self::Admin => Role::Admin,
        }
    }

    fn brand(&self) -> Option<&BrandId> {
        match self {
            Self::Brand(brand) => Some(brand),
            _ => None,
        }
    }
}

/// A user's role and brand, as the audit trail records them.
#[derive(Debug, Serialize)]
struct RoleState<'a> {
    role: &'static str,
    #[serde(rename = "brandId")]
    brand_id: Option<&'a str>,
}

impl<'a> RoleState<'a> {
    fn of(record: &'a StaffRecord) -> Self {
        Self {
            role: Role::from_flags(record.is_admin, record.is_brand_user).name(),
            brand_id: record.brand.as_ref().map(|(id, _)| id.as_str()),
        }
    }
}

/// Gives the live user `user_id` the role `target` in one transaction, refusing a brand that
/// does not exist and a change that would leave no admin; `audit` names the admin who made it
/// (the operator's command leaves no audit row). The user as they are after it.
pub fn change_role(
    store: &store::Store,
    user_id: &UserId,
    target: &RoleTarget,
    audit: Option<&Manager>,
    now: DateTime<Utc>,
) -> Result<StaffRecord, AdminError> {
    store.in_transaction(|conn| {
        store::lock_admins(conn)?;
        let before = store::staff_by_id(conn, user_id)?.ok_or(ConsoleError::NotFound("User"))?;
        if let Some(brand) = target.brand()
            && store::brand_by_id(conn, brand)?.is_none()
        {
            return Err(ConsoleError::NotFound("Brand").into());
        }
        if before.is_admin && target.role() != Role::Admin && store::admin_count(conn)? <= 1 {
            return Err(AdminError::LastAdmin);
        }
        let (is_admin, is_brand_user) = target.role().flags();
        if !store::write_role(conn, user_id, is_admin, is_brand_user, target.brand())? {
            return Err(ConsoleError::NotFound("User").into());
        }
        let after = store::staff_by_id(conn, user_id)?.ok_or(ConsoleError::NotFound("User"))?;
        if let Some(manager) = audit {
            let brand = after.brand.as_ref().or(before.brand.as_ref());
            let change = Change {
                action: "role",
                entity: "user",
                entity_id: user_id.as_str(),
                brand_id: brand.map(|(id, _)| id.as_str()),
            };
            let entry = manager.audit(
                now,
                change,
                Some(&RoleState::of(&before)),
                Some(&RoleState::of(&after)),
            );
            store::write_audit(conn, &entry)?;
        }
        Ok(after)
    })
}

/// A page of users, newest first.
pub async fn list(
    state: &AppState,
    caller: &Caller,
    query: UserSearch,
) -> Result<AdminUsers, AdminError> {
    Manager::admin(caller)?;
    let mut fields = Fields::default();
    let search = fields
        .keep("search", optional_text(query.search.as_deref(), MAX_SEARCH))
        .flatten()
        .filter(|s| !s.is_empty());
    let (page, limit) = paging(
        &mut fields,
        query.page.as_deref(),
        query.limit.as_deref(),
        DEFAULT_LIMIT,
        MAX_LIMIT,
    );
    fields.check()?;
    let staff_query = store::StaffQuery {
        search,
        offset: (page - 1) * limit,
        limit,
    };
    let (users, total) = state.db(move |store| store.staff(&staff_query)).await?;
    Ok(AdminUsers {
        success: true,
        users: users.iter().map(AdminUser::of).collect(),
        total,
        page,
        limit,
    })
}

/// Gives a user a role (the role form).
pub async fn set_role(
    state: &AppState,
    caller: &Caller,
    user_id: String,
    body: RoleBody,
) -> Result<OneAdminUser, AdminError> {
    let manager = Manager::admin(caller)?;
    let mut fields = Fields::default();
    let role = fields.keep(
        "role",
        body.role
            .as_deref()
            .unwrap_or_default()
            .parse::<Role>()
            .map_err(|_| "Choose shopper, brand or admin."),
    );
    let target = role.and_then(|role| {
        RoleTarget::new(role, body.brand_id.as_deref())
            .map_err(|(field, message)| fields.add(field, message))
            .ok()
    });
    fields.check()?;
    let target = target.ok_or(ConsoleError::Invalid(Default::default()))?;
    let now = state.clock.now();
    let user_id = UserId::new(user_id);
    let user = state
        .db(move |store| change_role(store, &user_id, &target, Some(&manager), now))
        .await?;
    state.session_cache.forget(user.id.as_str());
    Ok(OneAdminUser {
        success: true,
        user: AdminUser::of(&user),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_brand_user_and_only_a_brand_user_has_a_brand() {
        let brand = || RoleTarget::Brand(BrandId::new("b1"));
        let table = [
            (Role::BrandUser, Some(" b1 "), Ok(brand())),
            (Role::BrandUser, None, Err("brandId")),
            (Role::BrandUser, Some("  "), Err("brandId")),
            (Role::Admin, Some("b1"), Err("brandId")),
            (Role::Shopper, Some("b1"), Err("brandId")),
            (Role::Admin, Some(""), Ok(RoleTarget::Admin)),
            (Role::Shopper, None, Ok(RoleTarget::Shopper)),
        ];
        for (role, asked, expected) in table {
            let got = RoleTarget::new(role, asked).map_err(|(field, _)| field);
            assert_eq!(got, expected, "{role} {asked:?}");
        }
        assert_eq!(brand().role(), Role::BrandUser);
    }
}
