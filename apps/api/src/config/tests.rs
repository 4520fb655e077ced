use std::collections::HashMap;

use super::*;

fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
    let map: HashMap<String, String> = vars
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    Config::from_lookup(|name| map.get(name).cloned())
}

#[test]
fn defaults_serve_on_loopback_with_sqlite_under_data() {
    let c = config(&[]).expect("defaults are valid");
    assert_eq!(c.addr.to_string(), "127.0.0.1:8080");
    assert_eq!(
        c.database_url,
        DatabaseUrl::Sqlite("./data/shop.sqlite3".into())
    );
    assert_eq!(c.log_format, LogFormat::Pretty);
    assert_eq!(c.cors_origins, CorsOrigins::None);
    assert!(c.seed_demo);
    assert_eq!(c.public_url, None);
    assert_eq!(c.db_timeouts, store::Timeouts::default());
}

#[test]
fn database_time_limits_are_read_in_milliseconds() {
    let c = config(&[
        ("SHOP_DB_CONNECT_TIMEOUT_MS", "1500"),
        ("SHOP_DB_STATEMENT_TIMEOUT_MS", "30000"),
    ])
    .expect("valid");
    assert_eq!(
        c.db_timeouts.connect,
        std::time::Duration::from_millis(1500)
    );
    assert_eq!(c.db_timeouts.statement, std::time::Duration::from_secs(30));
}

#[test]
fn postgres_url_selects_postgres() {
    let c = config(&[("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/shop")]).expect("valid");
    assert_eq!(c.database_url.backend(), "postgres");
}

#[test]
fn bad_values_name_the_variable() {
    for (var, value) in [
        ("SHOP_ADDR", "localhost"),
        ("SHOP_LOG_FORMAT", "xml"),
        ("DATABASE_URL", "mysql://x"),
        ("SHOP_CORS_ORIGINS", "shop.example.in"),
        ("SHOP_CORS_ORIGINS", "https://a.in/path"),
        ("SHOP_DB_POOL_SIZE", "0"),
        ("SHOP_DB_CONNECT_TIMEOUT_MS", "50"),
        ("SHOP_DB_CONNECT_TIMEOUT_MS", "2s"),
        ("SHOP_DB_STATEMENT_TIMEOUT_MS", "0"),
        ("SHOP_SWIPE_WRITERS", "0"),
        ("SHOP_SWIPE_WRITERS", "33"),
        ("SHOP_SEED_DEMO", "maybe"),
        ("SHOP_DEMO_PRODUCTS", "lots"),
        ("SHOP_PUBLIC_URL", "shop.example.in"),
        ("SHOP_PUBLIC_URL", "https://shop.example.in/"),
        ("SHOP_CATALOGUE_REFRESH_MS", "0"),
        ("SHOP_CATALOGUE_REFRESH_MS", "soon"),
        ("SHOP_SESSION_SECRET", "too-short"),
        ("SMTP_URL", "mail.example.in:25"),
        ("SHOP_MAIL_FROM", "nobody"),
        ("SHOP_ASSISTANT_URL", "api.openai.com"),
        ("SHOP_PLACES_URL", "https://maps.googleapis.com"),
        ("SHOP_RAZORPAY_URL", "https://api.razorpay.com"),
        ("SHOP_SHIPROCKET_PICKUP", "Primary"),
        ("SHOP_SHIPROCKET_URL", "https://apiv2.shiprocket.in"),
        ("SHOP_TRUST_FORWARDED", "perhaps"),
        ("SHOP_TRUSTED_PROXIES", "1"),
        ("SHOP_MAX_CONNECTIONS_PER_CLIENT", "0"),
        ("SHOP_MAX_CONNECTIONS_PER_CLIENT", "many"),
    ] {
        let err = config(&[(var, value)]).expect_err(var);
        assert_eq!(err.variable, var);
    }
}

#[test]
fn forwarding_names_the_header_and_the_proxies() {
    use access::client::{Forwarding, ProxyHeader};
    let table = [
        (vec![], Ok(Forwarding::Ignore)),
        (
            vec![("SHOP_TRUST_FORWARDED", "false")],
            Ok(Forwarding::Ignore),
        ),
        (
            vec![("SHOP_TRUST_FORWARDED", "true")],
            Ok(Forwarding::Trust {
                header: ProxyHeader::XForwardedFor,
                proxies: 1,
            }),
        ),
        (
            vec![
                ("SHOP_TRUST_FORWARDED", "forwarded"),
                ("SHOP_TRUSTED_PROXIES", "2"),
            ],
            Ok(Forwarding::Trust {
                header: ProxyHeader::Forwarded,
                proxies: 2,
            }),
        ),
        (
            vec![
                ("SHOP_TRUST_FORWARDED", "x-forwarded-for"),
                ("SHOP_TRUSTED_PROXIES", "0"),
            ],
            Err("SHOP_TRUSTED_PROXIES"),
        ),
        (
            vec![
                ("SHOP_TRUST_FORWARDED", "true"),
                ("SHOP_TRUSTED_PROXIES", "11"),
            ],
            Err("SHOP_TRUSTED_PROXIES"),
        ),
    ];
    for (vars, expected) in table {
        let outcome = config(&vars).map(|c| c.forwarding).map_err(|e| e.variable);
        assert_eq!(outcome, expected, "{vars:?}");
    }
    let c = config(&[]).expect("defaults");
    assert_eq!(c.max_connections_per_client, DEFAULT_CONNECTIONS_PER_CLIENT);
}

#[test]
fn cors_lists_and_wildcard() {
    let c = config(&[("SHOP_CORS_ORIGINS", "https://a.in, http://localhost:5173")]).expect("valid");
    assert_eq!(
        c.cors_origins,
        CorsOrigins::List(vec!["https://a.in".into(), "http://localhost:5173".into()])
    );
    let c = config(&[("SHOP_CORS_ORIGINS", "*")]).expect("valid");
    assert_eq!(c.cors_origins, CorsOrigins::Any);
}

#[test]
fn database_password_never_reaches_debug_output() {
    let c = config(&[("DATABASE_URL", "postgres://shop:s3cret@db:5432/shop")]).expect("valid");
    assert!(!format!("{c:?}").contains("s3cret"));
}

#[test]
fn secrets_never_reach_debug_output() {
    let c = config(&[
        (
            "SHOP_SESSION_SECRET",
            "0123456789abcdef0123456789abcdef-session",
        ),
        ("SMTP_URL", "smtps://shop:mailpass@smtp.example.in"),
        ("SHOP_ASSISTANT_URL", "https://llm.example.in/v1/"),
        ("SHOP_ASSISTANT_KEY", "sk-assistant"),
        ("SHOP_PLACES_KEY", "AIza-places"),
        ("SHOP_RAZORPAY_KEY_ID", "rzp_test_1DP5mmOlF5G5ag"),
        ("SHOP_RAZORPAY_KEY_SECRET", "rzp-key-secret"),
        ("SHOP_RAZORPAY_WEBHOOK_SECRET", "rzp-webhook-secret"),
        ("SHOP_SHIPROCKET_EMAIL", "api@casa.in"),
        ("SHOP_SHIPROCKET_PASSWORD", "sr-password"),
    ])
    .expect("valid");
    let debug = format!("{c:?}");
    for secret in [
        "abcdef-session",
        "mailpass",
        "sk-assistant",
        "AIza-places",
        "rzp-key-secret",
        "rzp-webhook-secret",
        "sr-password",
    ] {
        assert!(!debug.contains(secret), "{secret} leaked");
    }
    let assistant = c.assistant.expect("configured");
    assert_eq!(assistant.url, "https://llm.example.in/v1");
    assert_eq!(assistant.model, "gpt-4o-mini");
}

#[test]
fn the_places_key_selects_google_at_its_url() {
    assert!(config(&[]).expect("valid").places.is_none());
    let google = config(&[("SHOP_PLACES_KEY", " AIza-places ")])
        .expect("valid")
        .places
        .expect("configured");
    assert_eq!(
        (google.url, google.key.expose()),
        (None, "AIza-places"),
        "Google's own hosts"
    );
    let fake = config(&[
        ("SHOP_PLACES_KEY", "k"),
        ("SHOP_PLACES_URL", "http://127.0.0.1:9099/"),
    ])
    .expect("valid")
    .places
    .expect("configured");
    assert_eq!(fake.url.as_deref(), Some("http://127.0.0.1:9099"));
    let err = config(&[
        ("SHOP_PLACES_KEY", "k"),
        ("SHOP_PLACES_URL", "maps.example.in"),
    ])
    .expect_err("no scheme");
    assert_eq!(err.variable, "SHOP_PLACES_URL");
}

const RAZORPAY: [(&str, &str); 3] = [
    ("SHOP_RAZORPAY_KEY_ID", "rzp_live_ILgsfZCZoFIKMb"),
    ("SHOP_RAZORPAY_KEY_SECRET", " rzp-secret "),
    ("SHOP_RAZORPAY_WEBHOOK_SECRET", "rzp-webhook"),
];

#[test]
fn razorpay_needs_all_three_keys_or_none() {
    assert!(
        config(&[]).expect("valid").razorpay.is_none(),
        "the sandbox"
    );
    let razorpay = config(&RAZORPAY)
        .expect("valid")
        .razorpay
        .expect("configured");
    assert_eq!(
        (
            razorpay.key_id.as_str(),
            razorpay.key_secret.expose(),
            razorpay.webhook_secret.expose(),
            razorpay.url
        ),
        ("rzp_live_ILgsfZCZoFIKMb", "rzp-secret", "rzp-webhook", None)
    );
    // Any one or two of the three: stop, naming the first one missing.
    for given in [0b001, 0b010, 0b100, 0b011, 0b101, 0b110] {
        let vars: Vec<(&str, &str)> = RAZORPAY
            .iter()
            .enumerate()
            .filter(|(i, _)| given & (1 << i) != 0)
            .map(|(_, var)| *var)
            .collect();
        let missing = RAZORPAY
            .iter()
            .enumerate()
            .find(|(i, _)| given & (1 << i) == 0)
            .map(|(_, (name, _))| *name)
            .expect("one is missing");
        let err = config(&vars).expect_err("partial");
        assert_eq!(err.variable, missing, "{vars:?}");
        assert!(err.message.contains("together"), "{err}");
        assert!(!err.to_string().contains("rzp-secret"), "{err}");
    }
    let err = config(&[("SHOP_RAZORPAY_URL", "http://127.0.0.1:9")]).expect_err("alone");
    assert_eq!(err.variable, "SHOP_RAZORPAY_URL");
}

#[test]
fn razorpay_s_key_id_and_url_are_checked() {
    let with = |extra: (&'static str, &'static str)| {
        let mut vars = RAZORPAY.to_vec();
        vars.retain(|(name, _)| *name != extra.0);
        vars.push(extra);
        config(&vars)
    };
    let fake = with(("SHOP_RAZORPAY_URL", "http://127.0.0.1:9099/"))
        .expect("valid")
        .razorpay
        .expect("configured");
    assert_eq!(fake.url.as_deref(), Some("http://127.0.0.1:9099"));
    for key_id in ["rzp_sandbox_local", "key_123", "rzp_test_", "rzp_live_a-b"] {
        let err = with(("SHOP_RAZORPAY_KEY_ID", key_id)).expect_err(key_id);
        assert_eq!(err.variable, "SHOP_RAZORPAY_KEY_ID");
    }
    let err = with(("SHOP_RAZORPAY_URL", "api.razorpay.com")).expect_err("no scheme");
    assert_eq!(err.variable, "SHOP_RAZORPAY_URL");
}

#[test]
fn the_sandbox_runs_on_loopback_or_on_purpose_and_never_with_shiprocket() {
    let shiprocket = [
        ("SHOP_SHIPROCKET_EMAIL", "api@casa.in"),
        ("SHOP_SHIPROCKET_PASSWORD", "sr-password"),
    ];
    let public = ("SHOP_ADDR", "0.0.0.0:8080");
    let opted_in = ("SHOP_PAYMENTS", "sandbox");
    // (variables, accepted)
    let table: [(Vec<(&str, &str)>, bool); 11] = [
        (vec![], true),
        (vec![("SHOP_ADDR", "[::1]:8080")], true),
        (vec![public], false),
        (vec![public, opted_in], true),
        (vec![public, RAZORPAY[0], RAZORPAY[1], RAZORPAY[2]], true),
        (vec![shiprocket[0], shiprocket[1]], false),
        (vec![shiprocket[0], shiprocket[1], opted_in], false),
        (
            vec![
                shiprocket[0],
                shiprocket[1],
                RAZORPAY[0],
                RAZORPAY[1],
                RAZORPAY[2],
            ],
            true,
        ),
        (vec![("SHOP_PAYMENTS", "razorpay")], false),
        (vec![opted_in, RAZORPAY[0], RAZORPAY[1], RAZORPAY[2]], false),
        (vec![("SHOP_PAYMENTS", "stripe")], false),
    ];
    for (vars, accepted) in table {
        match config(&vars) {
            Ok(_) => assert!(accepted, "{vars:?} was accepted"),
            Err(e) => {
                assert!(!accepted, "{vars:?}: {e}");
                assert_eq!(e.variable, "SHOP_PAYMENTS", "{vars:?}");
                assert!(!e.to_string().contains("sr-password"), "{e}");
            }
        }
    }
    let err = config(&[public]).expect_err("a public sandbox");
    assert!(
        err.to_string().contains("SHOP_ADDR") && err.to_string().contains("SHOP_RAZORPAY_KEY_ID"),
        "{err}"
    );
    let err = config(&shiprocket).expect_err("sandbox and Shiprocket");
    assert!(err.to_string().contains("SHOP_SHIPROCKET_EMAIL"), "{err}");
}

#[test]
fn shiprocket_needs_its_e_mail_and_password_together() {
    assert!(config(&[]).expect("valid").shipping.is_none());
    let shiprocket = config(&[
        ("SHOP_SHIPROCKET_EMAIL", " api@casa.in "),
        ("SHOP_SHIPROCKET_PASSWORD", " pass word "),
        RAZORPAY[0],
        RAZORPAY[1],
        RAZORPAY[2],
    ])
    .expect("valid")
    .shipping
    .expect("configured");
    assert_eq!(
        (
            shiprocket.url,
            shiprocket.email.as_str(),
            shiprocket.password.expose(),
            shiprocket.pickup.as_str()
        ),
        (None, "api@casa.in", " pass word ", "Primary"),
        "Shiprocket's own host; the password as typed; the first pickup location"
    );
    let fake = config(&[
        ("SHOP_SHIPROCKET_EMAIL", "api@casa.in"),
        ("SHOP_SHIPROCKET_PASSWORD", "pw"),
        ("SHOP_SHIPROCKET_PICKUP", " Casa Mumbai "),
        ("SHOP_SHIPROCKET_URL", "http://127.0.0.1:9100/"),
        RAZORPAY[0],
        RAZORPAY[1],
        RAZORPAY[2],
    ])
    .expect("valid")
    .shipping
    .expect("configured");
    assert_eq!(
        (fake.url.as_deref(), fake.pickup.as_str()),
        (Some("http://127.0.0.1:9100"), "Casa Mumbai")
    );

    let cases: [(&[(&str, &str)], &str); 6] = [
        (
            &[("SHOP_SHIPROCKET_EMAIL", "api@casa.in")],
            "SHOP_SHIPROCKET_PASSWORD",
        ),
        (
            &[("SHOP_SHIPROCKET_PASSWORD", "pw")],
            "SHOP_SHIPROCKET_EMAIL",
        ),
        (
            &[("SHOP_SHIPROCKET_PICKUP", "Primary")],
            "SHOP_SHIPROCKET_PICKUP",
        ),
        (
            &[("SHOP_SHIPROCKET_URL", "http://127.0.0.1:9100")],
            "SHOP_SHIPROCKET_URL",
        ),
        (
            &[
                ("SHOP_SHIPROCKET_EMAIL", "api"),
                ("SHOP_SHIPROCKET_PASSWORD", "pw"),
            ],
            "SHOP_SHIPROCKET_EMAIL",
        ),
        (
            &[
                ("SHOP_SHIPROCKET_EMAIL", "api@casa.in"),
                ("SHOP_SHIPROCKET_PASSWORD", "pw"),
                ("SHOP_SHIPROCKET_URL", "apiv2.shiprocket.in"),
            ],
            "SHOP_SHIPROCKET_URL",
        ),
    ];
    for (vars, variable) in cases {
        let err = config(vars).expect_err(variable);
        assert_eq!(err.variable, variable, "{vars:?}");
        assert!(!err.to_string().contains("pw"), "{err}");
    }
}
