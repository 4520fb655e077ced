use std::path::Path;

use access::session;
use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use ring::hmac;
use ring::rand::{SecureRandom, SystemRandom};
use serde::{Deserialize, Serialize};

use super::KeyError;
use super::SESSION_COOKIE;
use crate::config::Config;
use crate::secret_file::{self, hex, unhex};

/// What a session token says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    /// The role number when issued (informational: the stored role is what counts).
    pub role: i32,
    /// The user's token version when issued.
    pub ver: i64,
    pub iat: i64,
    pub exp: i64,
    /// When the user signed in (typed a code) for the session this token renews; renewals
    /// keep it, and the session ends [`session::ABSOLUTE_LIFETIME`] after it. Tokens issued
    /// before it was added carry none and count from their `iat`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth: Option<i64>,
}

impl Claims {
    /// When the session began.
    pub fn signed_in_at(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(self.auth.unwrap_or(self.iat), 0).unwrap_or_default()
    }
}

/// The keys of sessions and sign-in codes, derived from one server secret.
pub struct Sessions {
    encoding: EncodingKey,
    decoding: DecodingKey,
    codes: hmac::Key,
    random: SystemRandom,
    /// Cookies are marked Secure whatever the request's scheme (the shop's public URL is
    /// HTTPS).
    always_secure: bool,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sessions")
            .field("always_secure", &self.always_secure)
            .finish_non_exhaustive()
    }
}

/// The file under the data directory that holds a generated secret.
const SECRET_FILE: &str = "session.secret";

impl Sessions {
    /// Keys from `secret`: one subkey signs sessions, another keys the codes' HMACs, so
    /// neither use can be turned against the other.
    pub fn from_secret(secret: &[u8], always_secure: bool) -> Self {
        let master = hmac::Key::new(hmac::HMAC_SHA256, secret);
        let derive = |label: &str| hmac::sign(&master, label.as_bytes());
        let session_key = derive("shop session tokens v1");
        let code_key = derive("shop sign-in codes v1");
        Self {
            encoding: EncodingKey::from_secret(session_key.as_ref()),
            decoding: DecodingKey::from_secret(session_key.as_ref()),
            codes: hmac::Key::new(hmac::HMAC_SHA256, code_key.as_ref()),
            random: SystemRandom::new(),
            always_secure,
        }
    }

    /// The configured secret, or the one in `<data dir>/session.secret`, generated there
    /// (readable by the owner only) on first start.
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let always_secure = config
            .public_url
            .as_deref()
            .is_some_and(|url| url.starts_with("https://"));
        if let Some(secret) = &config.session_secret {
            return Ok(Self::from_secret(secret.expose().as_bytes(), always_secure));
        }
        let secret = secret_file(&config.data_dir.join(SECRET_FILE))?;
        Ok(Self::from_secret(secret.as_bytes(), always_secure))
    }

    /// A signed session for `user_id` with `role` and `version`, issued at `now` for a sign-in
    /// at `signed_in_at` (`now` for a new sign-in).
    pub fn issue(
        &self,
        user_id: &str,
        role: i32,
        version: i64,
        signed_in_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<String, KeyError> {
        let claims = Claims {
            sub: user_id.to_owned(),
            role,
            ver: version,
            iat: now.timestamp(),
            exp: session::expires_at(now, signed_in_at).timestamp(),
            auth: Some(signed_in_at.timestamp()),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| KeyError::Signing(e.to_string()))
    }

    /// The claims of a token this server signed that has not expired at `now`. Expiry is
    /// checked against the server's clock, not the library's, so tests can pin time.
    pub fn verify(&self, token: &str, now: DateTime<Utc>) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .ok()?
            .claims;
        (now.timestamp() < claims.exp && claims.iat <= now.timestamp()).then_some(claims)
    }

    /// A fresh sign-in code from the operating system's CSPRNG.
    pub fn new_code(&self) -> Result<String, KeyError> {
        loop {
            let mut bytes = [0u8; 4];
            self.random.fill(&mut bytes).map_err(|_| KeyError::Random)?;
            if let Some(code) = access::code::code_from_random(u32::from_le_bytes(bytes)) {
                return Ok(code);
            }
        }
    }

    /// A random number for identities the server makes up (a new user's phone number).
    pub fn random_u64(&self) -> Result<u64, KeyError> {
        let mut bytes = [0u8; 8];
        self.random.fill(&mut bytes).map_err(|_| KeyError::Random)?;
        Ok(u64::from_le_bytes(bytes))
    }

    /// The stored form of a code: HMAC-SHA256 over the e-mail and the code, hex.
    pub fn code_hmac(&self, email: &str, code: &str) -> String {
        hex(hmac::sign(&self.codes, &code_message(email, code)).as_ref())
    }

    /// Whether `code` is the one whose HMAC is `stored`, compared in constant time.
    pub fn code_matches(&self, email: &str, code: &str, stored: &str) -> bool {
        unhex(stored)
            .is_some_and(|tag| hmac::verify(&self.codes, &code_message(email, code), &tag).is_ok())
    }

    /// The cookie that carries `token` to a browser.
    pub fn cookie(&self, token: String, https: bool) -> Cookie<'static> {
        Cookie::build(SESSION_COOKIE, token)
            .path("/")
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(self.always_secure || https)
            .max_age(CookieDuration::seconds(
                session::SESSION_LIFETIME.num_seconds(),
            ))
            .finish()
    }

    /// The cookie that makes a browser forget its session.
    pub fn removal_cookie(&self, https: bool) -> Cookie<'static> {
        let mut cookie = self.cookie(String::new(), https);
        cookie.make_removal();
        cookie
    }
}

fn code_message(email: &str, code: &str) -> Vec<u8> {
    format!("{email}\n{code}").into_bytes()
}

/// Reads the secret file, or creates it with 32 random bytes (hex) when absent.
fn secret_file(path: &Path) -> anyhow::Result<String> {
    let min = crate::config::MIN_SESSION_SECRET_CHARS;
    let kept = secret_file::read_or_create(
        path,
        |text| text.len() >= min,
        || {
            format!(
                "{} holds a secret shorter than {min} characters; delete it to generate a new one (every session ends)",
                path.display()
            )
        },
    )?;
    if kept.generated {
        tracing::info!(path = %path.display(), "generated the session secret");
    }
    Ok(kept.text)
}

#[cfg(test)]
mod tests {
    use chrono::{TimeDelta, TimeZone};

    use super::*;

    fn sessions() -> Sessions {
        Sessions::from_secret(b"a test secret that is long enough!!", false)
    }

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
            .single()
            .expect("a valid time")
    }

    #[test]
    fn a_session_verifies_until_it_expires() {
        let s = sessions();
        let token = s.issue("user-1", 0, 3, now(), now()).expect("signed");
        let claims = s.verify(&token, now() + TimeDelta::days(6)).expect("valid");
        assert_eq!(
            (claims.sub.as_str(), claims.role, claims.ver),
            ("user-1", 0, 3)
        );
        assert_eq!(s.verify(&token, now() + TimeDelta::days(7)), None);
        assert_eq!(s.verify(&token, now() - TimeDelta::minutes(1)), None);
    }

    #[test]
    fn a_renewed_session_ends_thirty_days_after_its_sign_in() {
        let s = sessions();
        let signed_in = now() - TimeDelta::days(25);
        let token = s.issue("user-1", 0, 0, signed_in, now()).expect("signed");
        let claims = s.verify(&token, now()).expect("valid");
        assert_eq!(claims.signed_in_at(), signed_in);
        assert!(
            s.verify(&token, now() + TimeDelta::days(5) - TimeDelta::seconds(1))
                .is_some()
        );
        assert_eq!(s.verify(&token, now() + TimeDelta::days(5)), None);
    }

    #[test]
    fn another_secret_or_a_changed_token_is_refused() {
        let token = sessions()
            .issue("user-1", 0, 0, now(), now())
            .expect("signed");
        let other = Sessions::from_secret(b"another secret that is long enough", false);
        assert_eq!(other.verify(&token, now()), None);
        let mut tampered = token.clone();
        tampered.insert(tampered.len() / 2, 'x');
        assert_eq!(sessions().verify(&tampered, now()), None);
        assert_eq!(sessions().verify("not a token", now()), None);
    }

    #[test]
    fn codes_match_only_their_email_and_digits() {
        let s = sessions();
        let stored = s.code_hmac("asha@example.in", "012345");
        assert!(s.code_matches("asha@example.in", "012345", &stored));
        assert!(!s.code_matches("asha@example.in", "012346", &stored));
        assert!(!s.code_matches("ravi@example.in", "012345", &stored));
        assert!(!s.code_matches("asha@example.in", "012345", "zz"));
        assert!(!stored.contains("012345"));
    }

    #[test]
    fn new_codes_are_six_digits() {
        let s = sessions();
        for _ in 0..50 {
            let code = s.new_code().expect("a code");
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|b| b.is_ascii_digit()));
        }
    }

    #[test]
    fn the_secret_file_is_created_once_and_private() {
        let dir = std::env::temp_dir().join(format!("shop-secret-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join(SECRET_FILE);
        let _ = std::fs::remove_file(&path);
        let first = secret_file(&path).expect("created");
        assert_eq!(secret_file(&path).expect("read"), first);
        assert_eq!(first.len(), 64);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
