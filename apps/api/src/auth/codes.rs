//! Codes mailed to prove an e-mail address. Signing in and changing an account's e-mail use
//! the same rules (`access::code`: 6 digits, 10 minutes, single use, burnt by the fifth wrong
//! try; `access::limit`: at least 30 seconds apart and 5 an hour per address, 20 an hour per
//! client), the same store table and this one service.
//!
//! Every failed try answers the same 401 `INVALID_OTP`, whether the code was wrong, burnt,
//! expired, used or never sent: a different answer would tell a stranger whether someone asked
//! for a code for an address, and so whether it has an account.

use access::code::Verdict;
use access::limit::{self, Decision, Limit, Window};
use chrono::{DateTime, Utc};
use providers::OutgoingMail;
use validation::OtpCode;

use super::AuthError;
use crate::state::AppState;

/// What a code proves.
#[derive(Clone, Debug)]
pub enum Purpose {
    /// Whoever types it reads the mail of `email` and may sign in as its user.
    SignIn { email: String },
    /// The user `user_id` reads the mail of `email` and may make it their e-mail.
    EmailChange {
        user_id: store::ids::UserId,
        email: String,
    },
}

impl Purpose {
    /// The address the code is mailed to.
    pub fn recipient(&self) -> &str {
        match self {
            Self::SignIn { email } | Self::EmailChange { email, .. } => email,
        }
    }

    /// The key of the code in the store: one code per purpose at a time.
    pub fn key(&self) -> String {
        match self {
            Self::SignIn { email } => email.clone(),
            Self::EmailChange { user_id, .. } => store::email_change_key(user_id),
        }
    }

    /// What the code's HMAC binds the digits to. A change code is bound to its user and its
    /// address, so it proves nothing else; no e-mail has a line break, so the two kinds never
    /// meet.
    fn subject(&self) -> String {
        match self {
            Self::SignIn { email } => email.clone(),
            Self::EmailChange { user_id, email } => format!("email-change\n{user_id}\n{email}"),
        }
    }

    /// The store's HMAC of `code` for this purpose.
    pub fn hmac(&self, state: &AppState, code: &str) -> String {
        state.sessions.code_hmac(&self.subject(), code)
    }
}

/// What goes to the recipient.
#[derive(Debug)]
pub enum Delivery {
    /// A mail made from the fresh code.
    Code(fn(&str, &str) -> OutgoingMail),
    /// This mail, without the code: the code is stored all the same, so the asker's answer
    /// and every later try look exactly as if it had been sent, but nobody can type it.
    Withheld(OutgoingMail),
}

/// Sends a fresh code for `purpose`: takes one use of the limits on asking (the recipient's,
/// the client's, and `extra` ones such as the account's), mails it, then stores its HMAC with
/// `save(store, hmac, expires_at)`. Nothing counts against the limits and nothing is stored
/// when the mail cannot be sent.
pub async fn send<F>(
    state: &AppState,
    client: &str,
    purpose: &Purpose,
    extra: Vec<(String, Limit)>,
    delivery: Delivery,
    save: F,
) -> Result<(), AuthError>
where
    F: FnOnce(&store::Store, String, DateTime<Utc>) -> Result<(), store::StoreError>
        + Send
        + 'static,
{
    let now = state.clock.now();
    let recipient = purpose.recipient().to_owned();
    let buckets = [
        (format!("code:client:{client}"), limit::CODES_PER_CLIENT),
        (format!("code:email:{recipient}"), limit::CODES_PER_EMAIL),
    ]
    .into_iter()
    .chain(extra)
    .collect::<Vec<_>>();
    let taken = state.db(move |store| take_all(store, buckets, now)).await?;

    let code = state.sessions.new_code()?;
    let (mail, carries_code) = match delivery {
        Delivery::Code(compose) => (compose(&recipient, &code), true),
        Delivery::Withheld(mail) => (mail, false),
    };
    if let Err(e) = state.mailer.send(&mail).await {
        state
            .db(move |store| {
                give_back(store, &taken);
                Ok::<_, AuthError>(())
            })
            .await?;
        return Err(AuthError::MailFailed(e));
    }
    if state.log_codes && carries_code {
        // No SMTP server is configured: whoever runs the shop locally reads the code here or
        // in the outbox.
        tracing::info!(email = %recipient, %code, "code written to the outbox");
    }
    let hmac = purpose.hmac(state, &code);
    let expires = access::code::CodeState::issued(now).expires_at;
    state.db(move |store| save(store, hmac, expires)).await?;
    Ok(())
}

/// Takes one use of every bucket, or none: a refusal gives back the ones already taken.
fn take_all(
    store: &store::Store,
    buckets: Vec<(String, Limit)>,
    now: DateTime<Utc>,
) -> Result<Vec<(String, Window, Option<Window>)>, AuthError> {
    let mut taken = Vec::new();
    for (bucket, rule) in buckets {
        let (decision, before) =
            store.take_rate_limit(&bucket, |window| limit::check(&rule, window, now))?;
        match decision {
            Decision::Allow(window) => taken.push((bucket, window, before)),
            Decision::Wait { seconds } => {
                give_back(store, &taken);
                return Err(AuthError::CodeAskedTooOften { seconds });
            }
        }
    }
    Ok(taken)
}

/// "1 second", "30 seconds".
pub fn seconds_text(seconds: i64) -> String {
    let unit = if seconds == 1 { "second" } else { "seconds" };
    format!("{seconds} {unit}")
}

/// Undoes rate-limit uses when the request they allowed did not go through.
fn give_back(store: &store::Store, taken: &[(String, Window, Option<Window>)]) {
    for (bucket, window, before) in taken {
        if let Err(e) = store.give_back_rate_limit(bucket, window, before.as_ref()) {
            tracing::warn!(error = %e, %bucket, "could not give back a rate-limit use");
        }
    }
}

/// Judges one try at the code of `purpose` from `client`, counted first in the store so
/// parallel guesses each use a try. Every try also takes a use of the client's
/// [`limit::WRONG_CODES_PER_CLIENT`] (a right code gives it back), so codes cannot be guessed
/// across many addresses from one client; over that limit the answer is 429 and no code's
/// tries are counted. The stored code when `typed` is right and usable (the caller then uses
/// it up atomically with what it proves); [`AuthError::InvalidCode`] for anything else.
pub async fn check(
    state: &AppState,
    client: &str,
    purpose: &Purpose,
    typed: &OtpCode,
) -> Result<store::CodeTry, AuthError> {
    let now = state.clock.now();
    let charged = charge_try(state, client, now).await?;
    let key = purpose.key();
    let attempt = state.db(move |store| store.count_code_try(&key)).await?;
    let matches = attempt.as_ref().is_some_and(|t| {
        state
            .sessions
            .code_matches(&purpose.subject(), typed.as_str(), &t.code_hmac)
    });
    match (
        access::code::judge(attempt.as_ref().map(|t| &t.state), matches, now),
        attempt,
    ) {
        (Verdict::Accept, Some(attempt)) => {
            state
                .db(move |store| {
                    give_back(store, &[charged]);
                    Ok::<_, AuthError>(())
                })
                .await?;
            Ok(attempt)
        }
        _ => Err(AuthError::InvalidCode),
    }
}

/// Takes one use of the client's bucket of tries that are not right.
async fn charge_try(
    state: &AppState,
    client: &str,
    now: DateTime<Utc>,
) -> Result<(String, Window, Option<Window>), AuthError> {
    let bucket = format!("code:wrong:client:{client}");
    let (decision, before, bucket) = state
        .db(move |store| {
            let (decision, before) = store.take_rate_limit(&bucket, |window| {
                limit::check(&limit::WRONG_CODES_PER_CLIENT, window, now)
            })?;
            Ok::<_, AuthError>((decision, before, bucket))
        })
        .await?;
    match decision {
        Decision::Allow(window) => Ok((bucket, window, before)),
        Decision::Wait { seconds } => Err(AuthError::TooManyWrongCodes { seconds }),
    }
}
