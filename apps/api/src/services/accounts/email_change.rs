//! Changing the caller's e-mail: a code goes to the new address, and the account keeps its
//! e-mail (answering `pendingEmail`) until that code is typed back.

use validation::OtpCode;

use super::wire::{EmailChangeRequest, EmailChanged, EmailCodeRequest};
use super::{AccountsError, parse_email, session_for};
use crate::auth::codes::{self, Delivery, Purpose};
use crate::auth::{AuthError, Caller};
use crate::state::AppState;
use crate::wire::User;

/// The address an account wants to move to, normalised.
#[derive(Clone, Debug)]
pub struct NewEmail(pub String);

impl TryFrom<&EmailChangeRequest> for NewEmail {
    type Error = AccountsError;

    fn try_from(body: &EmailChangeRequest) -> Result<Self, AccountsError> {
        parse_email(body.email.as_deref()).map(|email| Self(email.normalized()))
    }
}

/// The code mailed to the new address, as typed back.
#[derive(Clone, Debug)]
pub struct ChangeCode(pub OtpCode);

impl TryFrom<&EmailCodeRequest> for ChangeCode {
    type Error = AccountsError;

    fn try_from(body: &EmailCodeRequest) -> Result<Self, AccountsError> {
        OtpCode::parse(body.otp.as_deref().unwrap_or_default())
            .map(Self)
            .map_err(|_| AuthError::InvalidCode.into())
    }
}

/// The address the caller's change waits on, or [`AccountsError::NoEmailChange`].
pub fn pending(caller: &Caller) -> Result<String, AccountsError> {
    caller
        .user
        .pending_email
        .clone()
        .ok_or(AccountsError::NoEmailChange)
}

/// Starts a change to `email`; `client` is whom the limits on asking count.
pub async fn start(
    state: &AppState,
    client: &str,
    caller: &Caller,
    NewEmail(email): NewEmail,
) -> Result<User, AccountsError> {
    if caller.user.email.as_deref() == Some(email.as_str()) {
        return Err(AccountsError::EmailUnchanged);
    }
    send_code(state, client, caller, email).await
}

/// Mails a new code for the caller's pending change (the previous code stops working).
pub async fn resend(
    state: &AppState,
    client: &str,
    caller: &Caller,
) -> Result<User, AccountsError> {
    send_code(state, client, caller, pending(caller)?).await
}

/// Mails a code to `email` for the caller's change to it, and records the change as pending.
/// An address that belongs to another account gets a notice instead of a code, while the
/// caller's answer is the same: the pending change can then never be confirmed.
async fn send_code(
    state: &AppState,
    client: &str,
    caller: &Caller,
    email: String,
) -> Result<User, AccountsError> {
    let address = email.clone();
    let holder = state.db(move |store| store.user_by_email(&address)).await?;
    let delivery = match holder {
        Some(_) => Delivery::Withheld(providers::email_change_refused_mail(&email)),
        None => Delivery::Code(providers::email_change_code_mail),
    };
    let purpose = Purpose::EmailChange {
        user_id: caller.id().to_owned(),
        email: email.clone(),
    };
    let per_account = vec![(
        format!("code:user:{}", caller.id()),
        access::limit::EMAIL_CHANGES_PER_ACCOUNT,
    )];
    let (user_id, pending) = (caller.id().to_owned(), email.clone());
    codes::send(
        state,
        client,
        &purpose,
        per_account,
        delivery,
        move |store, hmac, expires| {
            store
                .start_email_change(&user_id, &pending, &hmac, expires)
                .map(|_| ())
        },
    )
    .await?;
    state.session_cache.forget(caller.id());
    let mut user = (*caller.user).clone();
    user.pending_email = Some(email);
    Ok(User::from(&user))
}

/// Confirms the pending change `email` with its code: the address becomes the account's,
/// every other session ends, and the caller's goes on with the answer's token (the caller
/// must drop any renewal of the old one). The old address is told.
pub async fn confirm(
    state: &AppState,
    client: &str,
    caller: &Caller,
    email: String,
    ChangeCode(code): ChangeCode,
) -> Result<EmailChanged, AccountsError> {
    let purpose = Purpose::EmailChange {
        user_id: caller.id().to_owned(),
        email: email.clone(),
    };
    let attempt = codes::check(state, client, &purpose, &code).await?;
    let (id, new_email) = (caller.id().to_owned(), email.clone());
    let user = state
        .db(move |store| store.confirm_email_change(&id, &new_email, &attempt.code_hmac))
        .await?;
    state.session_cache.forget(caller.id());
    let user = match user {
        Ok(Some(user)) => user,
        Ok(None) => return Err(AuthError::InvalidCode.into()),
        // The caller has just proven they read this address's mail: telling them it has an
        // account reveals nothing new.
        Err(_) => return Err(AccountsError::EmailTaken),
    };
    let token = session_for(state, &user, caller.signed_in_at, state.clock.now())?;
    if let Some(old) = caller.user.email.as_deref()
        && let Err(e) = state
            .mailer
            .send(&providers::email_changed_mail(old, &email))
            .await
    {
        tracing::warn!(error = %e, "could not tell the old address of an e-mail change");
    }
    Ok(EmailChanged {
        token,
        user: User::from(&user),
    })
}

/// Drops the caller's pending change; its code stops working.
pub async fn cancel(state: &AppState, caller: &Caller) -> Result<User, AccountsError> {
    let id = caller.id().to_owned();
    state
        .db(move |store| store.cancel_email_change(&id))
        .await?;
    state.session_cache.forget(caller.id());
    let mut user = (*caller.user).clone();
    user.pending_email = None;
    Ok(User::from(&user))
}
