//! Repository rules enforced as tests (`cargo test -p xtask`).

use std::process::Command;

use crate::tasks::PURE_CRATES;

/// Crates that do I/O or bring a runtime; a pure domain crate must not reach any of them.
const FORBIDDEN: &[&str] = &[
    "diesel",
    "actix-web",
    "actix-rt",
    "reqwest",
    "tokio",
    "hyper",
    "libsqlite3-sys",
    "pq-sys",
    "lettre",
    "mio",
];

#[test]
fn pure_crates_depend_on_nothing_with_io() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    for krate in PURE_CRATES {
        let output = Command::new(&cargo)
            .args([
                "tree",
                "--offline",
                "--locked",
                "-e",
                "normal",
                "--prefix",
                "none",
                "-p",
                krate,
            ])
            .current_dir(crate::project_root())
            .output()
            .expect("run cargo tree");
        assert!(
            output.status.success(),
            "cargo tree -p {krate}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let tree = String::from_utf8_lossy(&output.stdout);
        for line in tree.lines() {
            let name = line.split_whitespace().next().unwrap_or_default();
            assert!(
                !FORBIDDEN.contains(&name),
                "{krate} depends on {name}:\n{tree}"
            );
        }
    }
}
