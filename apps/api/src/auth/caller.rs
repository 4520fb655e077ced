use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use access::Role;
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};

use super::{AuthError, SESSION_COOKIE};
use crate::error::ApiError;
use crate::state::AppState;

/// The signed-in user making the request. Handlers that need a session take this as an
/// argument; without a valid one the request is answered 401 before the handler runs.
#[derive(Clone, Debug)]
pub struct Caller {
    /// Shared with the process's cache of signed-in users: a call copies no row.
    pub user: Arc<store::UserRecord>,
    pub role: Role,
    /// When the session began: a token that replaces this session keeps it.
    pub signed_in_at: chrono::DateTime<chrono::Utc>,
}

impl Caller {
    pub fn id(&self) -> &store::ids::UserId {
        &self.user.id
    }

    /// 403 unless the caller's role allows `required`.
    pub fn require(&self, required: Role) -> Result<(), AuthError> {
        if self.role.allows(required) {
            Ok(())
        } else {
            Err(AuthError::Forbidden)
        }
    }

    /// 403 unless the caller may read and change the records of `user_id` (their own, or
    /// anyone's as an admin), answered alike whether or not that user exists.
    pub fn may_act_for(&self, user_id: &str) -> Result<(), AuthError> {
        if access::may_act_for(self.id(), self.role, user_id) {
            Ok(())
        } else {
            Err(AuthError::NotYours)
        }
    }
}

/// The caller when a valid session came with the request, else `None` (calls open to
/// visitors, such as the support chat, take this). A bad session is treated as none.
#[derive(Clone, Debug)]
pub struct MaybeCaller(pub Option<Caller>);

/// How the token came, which decides how a renewed one goes back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    Cookie,
    Bearer,
}

/// A fresh token to send back with the answer (see [`super::guard::sessions`]).
#[derive(Clone, Debug)]
pub struct Renewal {
    pub token: String,
    pub via: Via,
}

/// The token of a request: a Bearer header wins over the cookie.
pub fn presented_token(req: &HttpRequest) -> Option<(String, Via)> {
    let bearer = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim)
        .filter(|t| !t.is_empty());
    if let Some(token) = bearer {
        return Some((token.to_owned(), Via::Bearer));
    }
    req.cookie(SESSION_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|t| !t.is_empty())
        .map(|t| (t, Via::Cookie))
}

/// Marks a request answered for a signed-in caller, so the answer is never cached.
#[derive(Clone, Copy, Debug)]
pub struct Authenticated;

/// Marks a request whose session cookie the server refused, so the answer clears it.
#[derive(Clone, Copy, Debug)]
pub struct StaleCookie;

async fn authenticate(req: HttpRequest) -> Result<Caller, AuthError> {
    let outcome = check_session(&req).await;
    if matches!(outcome, Err(AuthError::Unauthenticated))
        && presented_token(&req).is_some_and(|(_, via)| via == Via::Cookie)
    {
        req.extensions_mut().insert(StaleCookie);
    }
    outcome
}

async fn check_session(req: &HttpRequest) -> Result<Caller, AuthError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or(AuthError::StateMissing)?;
    let (token, via) = presented_token(req).ok_or(AuthError::Unauthenticated)?;
    let now = state.clock.now();
    let claims = state
        .sessions
        .verify(&token, now)
        .ok_or(AuthError::Unauthenticated)?;
    let user = match state
        .session_cache
        .lookup(&claims.sub, std::time::Instant::now())
    {
        super::cache::Lookup::Hit(user) => user,
        super::cache::Lookup::Miss(epoch) => {
            let id = store::ids::UserId::new(claims.sub.clone());
            let user = Arc::new(
                state
                    .db(move |store| store.user_by_id(&id))
                    .await?
                    .ok_or(AuthError::Unauthenticated)?,
            );
            if let Some(epoch) = epoch {
                state.session_cache.keep(Arc::clone(&user), epoch);
            }
            user
        }
    };
    if user.token_version != claims.ver {
        return Err(AuthError::Unauthenticated);
    }
    let role = Role::from_flags(user.is_admin, user.is_brand_user);
    let issued = chrono::DateTime::from_timestamp(claims.iat, 0).unwrap_or(now);
    let signed_in_at = claims.signed_in_at();
    if access::session::needs_renewal(issued, signed_in_at, now) {
        let token = state.sessions.issue(
            &user.id,
            role.number(),
            user.token_version,
            signed_in_at,
            now,
        )?;
        req.extensions_mut().insert(Renewal { token, via });
    }
    req.extensions_mut().insert(Authenticated);
    Ok(Caller {
        user,
        role,
        signed_in_at,
    })
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Ok(authenticate(req).await?) })
    }
}

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            if presented_token(&req).is_none() {
                return Ok(Self(None));
            }
            match authenticate(req).await {
                Ok(caller) => Ok(Self(Some(caller))),
                Err(AuthError::Unauthenticated) => Ok(Self(None)),
                Err(other) => Err(other.into()),
            }
        })
    }
}
