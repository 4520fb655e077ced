//! Finding users by e-mail or phone, and deleting accounts (000 §7; 001 §4, §7). A shopper
//! finds and deletes only themselves; an admin anyone.

use access::Role;

use super::wire::{DeleteByPhoneRequest, LookupParams};
use super::{AccountsError, parse_email, parse_phone};
use crate::auth::{AuthError, Caller};
use crate::state::AppState;
use crate::wire::User;

/// What a lookup looks for: the e-mail when both are given.
#[derive(Clone, Debug)]
pub enum LookupKey {
    Email(String),
    Phone(String),
}

impl TryFrom<&LookupParams> for LookupKey {
    type Error = AccountsError;

    fn try_from(params: &LookupParams) -> Result<Self, AccountsError> {
        match (params.email.as_deref(), params.phone.as_deref()) {
            (Some(email), phone) => {
                // The e-mail wins, but a malformed phone beside it is still a bad request.
                if phone.is_some() {
                    parse_phone(phone)?;
                }
                Ok(Self::Email(parse_email(Some(email))?.normalized()))
            }
            (None, Some(phone)) => Ok(Self::Phone(parse_phone(Some(phone))?.as_str().to_owned())),
            (None, None) => Err(AccountsError::MissingQuery),
        }
    }
}

/// The users with this key. A shopper finds only themselves; anyone else's details answer an
/// empty list, exactly as an unknown address does.
pub async fn lookup(
    state: &AppState,
    caller: &Caller,
    key: LookupKey,
) -> Result<Vec<User>, AccountsError> {
    if caller.role.allows(Role::Admin) {
        let found = state
            .db(move |store| match key {
                LookupKey::Email(email) => store.user_by_email(&email),
                LookupKey::Phone(phone) => store.user_by_phone(&phone),
            })
            .await?;
        return Ok(found.iter().map(User::from).collect());
    }
    let own = match &key {
        LookupKey::Email(email) => caller.user.email.as_deref() == Some(email.as_str()),
        LookupKey::Phone(phone) => caller.user.phone.as_deref() == Some(phone.as_str()),
    };
    Ok(if own {
        vec![User::from(&*caller.user)]
    } else {
        Vec::new()
    })
}

/// The phone of the account to delete.
#[derive(Clone, Debug)]
pub struct AccountPhone(pub validation::Phone);

impl TryFrom<&DeleteByPhoneRequest> for AccountPhone {
    type Error = AccountsError;

    fn try_from(body: &DeleteByPhoneRequest) -> Result<Self, AccountsError> {
        parse_phone(body.phone.as_deref()).map(Self)
    }
}

/// Whose account a deletion erased.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deleted {
    /// The caller's own: their session cookie goes too.
    Own,
    Other,
}

/// Deletes an account: personal data is erased, sessions revoked.
pub async fn delete(
    state: &AppState,
    caller: &Caller,
    user_id: store::ids::UserId,
) -> Result<Deleted, AccountsError> {
    let now = state.clock.now().naive_utc();
    let own = user_id == *caller.id();
    let deleting = user_id.clone();
    let deleted = state
        .db(move |store| store.delete_user(&deleting, now))
        .await?;
    state.session_cache.forget(&user_id);
    if !deleted {
        return Err(AccountsError::UserNotFound);
    }
    Ok(if own { Deleted::Own } else { Deleted::Other })
}

/// Deletes the account with this phone: the caller's own, or anyone's as an admin.
pub async fn delete_by_phone(
    state: &AppState,
    caller: &Caller,
    AccountPhone(phone): AccountPhone,
) -> Result<Deleted, AccountsError> {
    if caller.user.phone.as_deref() == Some(phone.as_str()) {
        return delete(state, caller, caller.id().clone()).await;
    }
    caller
        .require(Role::Admin)
        .map_err(|_| AuthError::NotYours)?;
    let key = phone.as_str().to_owned();
    let target = state
        .db(move |store| store.user_by_phone(&key))
        .await?
        .ok_or(AccountsError::UserNotFound)?;
    delete(state, caller, target.id).await
}
