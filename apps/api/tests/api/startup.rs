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
