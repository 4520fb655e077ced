//! The binary itself: configuration errors, commands, seeding.

use std::process::Command;

fn shop_api(data_dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shop-api"));
    command
        .env_clear()
        .env("SHOP_DATA_DIR", data_dir)
        .env("RUST_LOG", "warn");
    command
}

fn temp_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shop-bin-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn invalid_configuration_exits_2_naming_the_variable() {
    let dir = temp_dir();
    for (variable, value) in [
        ("SHOP_ADDR", "nonsense"),
        ("DATABASE_URL", "mysql://db/shop"),
        ("SHOP_LOG_FORMAT", "xml"),
        ("SHOP_PAYMENTS", "stripe"),
    ] {
        let out = shop_api(&dir)
            .env(variable, value)
            .output()
            .expect("run shop-api");
        assert_eq!(out.status.code(), Some(2), "{variable}={value}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(variable) && stderr.contains("invalid configuration"),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn test_payments_beyond_loopback_stop_the_start_unless_chosen() {
    let dir = temp_dir();
    let out = shop_api(&dir)
        .env("SHOP_ADDR", "0.0.0.0:0")
        .output()
        .expect("run shop-api");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("SHOP_PAYMENTS") && stderr.contains("SHOP_RAZORPAY_KEY_ID"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn razorpay_half_configured_stops_the_start_without_showing_the_secret() {
    let dir = temp_dir();
    let out = shop_api(&dir)
        .env("SHOP_RAZORPAY_KEY_SECRET", "rzp-secret-alone")
        .output()
        .expect("run shop-api");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("SHOP_RAZORPAY_KEY_ID") && stderr.contains("together"),
        "{stderr}"
    );
    assert!(!stderr.contains("rzp-secret-alone"), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn payments_are_the_sandbox_unless_razorpay_is_configured() {
    use api::config::Config;
    use api::startup::Providers;
    use api::state::Clock;
    use providers::PaymentsMode;

    let dir = temp_dir();
    let data_dir = dir.to_string_lossy().into_owned();
    let providers_with = |vars: &[(&str, &str)]| {
        let config = Config::from_lookup(|name| {
            if name == "SHOP_DATA_DIR" {
                return Some(data_dir.clone());
            }
            vars.iter()
                .find(|(var, _)| *var == name)
                .map(|(_, value)| (*value).to_owned())
        })
        .expect("valid configuration");
        Providers::from_config(&config, &Clock::system()).expect("providers")
    };

    let sandbox = providers_with(&[]);
    assert!(sandbox.payments.sandbox().is_some());
    assert_eq!(sandbox.payments.public_config().mode, PaymentsMode::Sandbox);

    let razorpay = providers_with(&[
        ("SHOP_RAZORPAY_KEY_ID", "rzp_test_1DP5mmOlF5G5ag"),
        ("SHOP_RAZORPAY_KEY_SECRET", "rzp-key-secret"),
        ("SHOP_RAZORPAY_WEBHOOK_SECRET", "rzp-webhook-secret"),
    ]);
    assert!(razorpay.payments.sandbox().is_none());
    let public = razorpay.payments.public_config();
    assert_eq!(
        (public.key_id.as_str(), public.mode),
        ("rzp_test_1DP5mmOlF5G5ag", PaymentsMode::Test)
    );
    let described = format!("{:?} {}", razorpay, razorpay.payments.describe());
    assert!(
        !described.contains("rzp-key-secret") && !described.contains("rzp-webhook-secret"),
        "{described}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn unknown_commands_and_bad_seed_arguments_exit_2() {
    let dir = temp_dir();
    for args in [
        &["serve"][..],
        &["seed"],
        &["seed", "--products", "0"],
        &["seed", "--products", "many"],
    ] {
        let out = shop_api(&dir).args(args).output().expect("run shop-api");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    assert!(
        !dir.join("shop.sqlite3").exists(),
        "bad arguments create nothing"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn seed_writes_a_catalogue_into_an_empty_database_only() {
    let dir = temp_dir();
    let out = shop_api(&dir)
        .args(["seed", "--products", "40"])
        .output()
        .expect("run shop-api");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("seeded 40 products"));
    let again = shop_api(&dir)
        .args(["seed", "--products", "40"])
        .output()
        .expect("run shop-api");
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already holds a catalogue"));
    let _ = std::fs::remove_dir_all(dir);
}
