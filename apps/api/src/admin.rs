//! Operator commands that are not HTTP calls: granting a role, which nobody can do to
//! themselves through the API, and sessions for the bench users of load generators.

use access::Role;
use anyhow::Context;
use ring::rand::{SecureRandom, SystemRandom};
use validation::Email;

use crate::services::admin::AdminError;
use crate::services::admin::users::{RoleTarget, change_role};
use crate::services::console::ConsoleError;

/// What `grant_role` did.
#[derive(Debug, PartialEq, Eq)]
pub struct Granted {
    pub user_id: String,
    /// The user did not exist and was created with the sign-up defaults.
    pub created: bool,
}

/// Gives `email` the role `role` (a brand user needs `brand_id`), creating the user with the
/// sign-up defaults when they have not signed in yet, so the first admin can be made before
/// their first visit. The change applies to their next call: roles are read per request. The
/// role itself is written by the admin console's [`crate::services::admin::users::change_role`],
/// so its rules (the brand exists, the last admin stays one) hold here too.
pub fn grant_role(
    store: &store::Store,
    email: &str,
    role: Role,
    brand_id: Option<&str>,
    now: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<Granted> {
    let email = Email::parse(email.trim()).map_err(|e| anyhow::anyhow!("'{email}': {e}"))?;
    // The command's own words for the form's rules: its flags are not the form's fields.
    let target = RoleTarget::new(role, brand_id).map_err(|_| match role {
        Role::BrandUser => anyhow::anyhow!("a brand user needs --brand <brandId>"),
        Role::Shopper | Role::Admin => anyhow::anyhow!("--brand applies to the brand role only"),
    })?;
    if let RoleTarget::Brand(brand) = &target
        && !store.brand_exists(brand)?
    {
        anyhow::bail!("no brand has the id '{brand}'");
    }
    let random = SystemRandom::new();
    let (user, created) = store.find_or_create_user(&email.normalized(), || {
        let mut bytes = [0u8; 8];
        // A failed draw leaves zeros: the phone then collides and is drawn again.
        let _ = random.fill(&mut bytes);
        crate::services::accounts::new_user(&email, u64::from_le_bytes(bytes), now)
    })?;
    change_role(store, &user.id, &target, None, now).map_err(|e| match e {
        AdminError::Console(ConsoleError::NotFound("User")) => {
            anyhow::anyhow!("the user of '{email}' was deleted meanwhile")
        }
        AdminError::Console(ConsoleError::NotFound(_)) => {
            anyhow::anyhow!("no brand has the id '{}'", brand_id.unwrap_or_default())
        }
        other => anyhow::Error::new(other).context("saving the role"),
    })?;
    Ok(Granted {
        user_id: user.id.into(),
        created,
    })
}

/// Session tokens for the bench users numbered `users` (see [`crate::history`]), for load
/// generators that act as many shoppers. Refuses unless every one of them exists, and reaches
/// no one else: the e-mails are the bench ones.
pub fn issue_bench_sessions(
    store: &store::Store,
    sessions: &crate::auth::Sessions,
    users: std::ops::Range<usize>,
    now: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<Vec<String>> {
    users
        .map(|i| {
            let email = crate::history::bench_email(i);
            let user = store.user_by_email(&email)?.with_context(|| {
                format!("{email} does not exist; run `shop-api seed --users N` with N above {i}")
            })?;
            let role = Role::from_flags(user.is_admin, user.is_brand_user);
            sessions
                .issue(&user.id, role.number(), user.token_version, now, now)
                .map_err(|e| anyhow::anyhow!("{e}"))
        })
        .collect()
}
