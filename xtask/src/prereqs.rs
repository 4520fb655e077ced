//! System packages the tasks need, installed only when missing (a clean CI machine has none of
//! them). Debian packages need root; without it, the message says what to install.

use std::path::Path;

use anyhow::{Result, bail};
use xshell::{Shell, cmd};

pub fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn dpkg_installed(sh: &Shell, package: &str) -> bool {
    cmd!(sh, "dpkg -s {package}")
        .quiet()
        .ignore_stdout()
        .ignore_stderr()
        .run()
        .is_ok()
}

/// Installs Debian packages that are not yet installed.
fn apt_install(sh: &Shell, packages: &[&str]) -> Result<()> {
    let missing: Vec<&str> = packages
        .iter()
        .copied()
        .filter(|p| !dpkg_installed(sh, p))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    if !is_root() {
        bail!(
            "missing Debian packages {missing:?}: install them with `sudo apt-get install -y --no-install-recommends {}`",
            missing.join(" ")
        );
    }
    cmd!(sh, "apt-get update -qq").run()?;
    cmd!(
        sh,
        "apt-get install -y -qq --no-install-recommends {missing...}"
    )
    .env("DEBIAN_FRONTEND", "noninteractive")
    .run()?;
    Ok(())
}

/// wrk, the load generator of the benchmarks.
pub fn wrk(sh: &Shell) -> Result<()> {
    apt_install(sh, &["wrk"])
}

/// Debian's sqlite3 shell, which reads India Post's directory for `derive-places`.
pub fn sqlite3(sh: &Shell) -> Result<()> {
    apt_install(sh, &["sqlite3"])
}

/// Debian's aiosmtpd, the real SMTP server the mail adapter's tests send to.
pub fn smtp_server(sh: &Shell) -> Result<()> {
    let installed = cmd!(sh, "/usr/bin/python3 -c 'import aiosmtpd'")
        .quiet()
        .ignore_stdout()
        .ignore_stderr()
        .run()
        .is_ok();
    if installed {
        return Ok(());
    }
    apt_install(sh, &["python3-aiosmtpd"])
}

/// Python's `venv` with `ensurepip`, for the fuzzer's virtual environment (Debian ships them
/// apart from python3).
pub fn python_venv(sh: &Shell) -> Result<()> {
    let installed = cmd!(sh, "python3 -c 'import ensurepip, venv'")
        .quiet()
        .ignore_stdout()
        .ignore_stderr()
        .run()
        .is_ok();
    if installed {
        return Ok(());
    }
    apt_install(sh, &["python3-venv"])
}

/// Debian's Chromium for the browser tests (never a downloaded browser).
pub fn chromium(sh: &Shell) -> Result<()> {
    if Path::new("/usr/bin/chromium").exists() {
        return Ok(());
    }
    apt_install(sh, &["chromium"])
}

/// podman and what it needs to build and run images as root in these sandboxes, from Debian.
pub fn podman(sh: &Shell) -> Result<()> {
    if Path::new("/usr/bin/podman").exists() && Path::new("/usr/sbin/runc").exists() {
        return Ok(());
    }
    apt_install(
        sh,
        &[
            "podman",
            "runc",
            "skopeo",
            "uidmap",
            "containernetworking-plugins",
            "golang-github-containers-common",
        ],
    )
}

/// Frontend packages, installed from the lockfile when absent or older than the lockfile.
pub fn npm_packages(sh: &Shell) -> Result<()> {
    let root = crate::project_root();
    let lock = root.join("frontend/package-lock.json");
    let marker = root.join("frontend/node_modules/.package-lock.json");
    let fresh = match (
        lock.metadata().and_then(|m| m.modified()),
        marker.metadata().and_then(|m| m.modified()),
    ) {
        (Ok(lock_time), Ok(marker_time)) => marker_time >= lock_time,
        _ => false,
    };
    if !fresh {
        let _dir = sh.push_dir(root.join("frontend"));
        cmd!(sh, "npm ci --no-audit --no-fund").run()?;
    }
    Ok(())
}

/// moto's S3-compatible server, pinned.
pub const MOTO: &str = "5.1.18";

/// moto's S3-compatible server (`moto_server`) in its own virtual environment under
/// `target/moto-venv` (git-ignored), installed from PyPI when missing or of another version:
/// the API tests of the media bucket start it (they fail, never skip, without it).
pub fn moto_server(sh: &Shell) -> Result<()> {
    let venv = crate::project_root().join("target/moto-venv");
    let pip = venv.join("bin/pip");
    let installed = cmd!(sh, "{pip} show moto")
        .quiet()
        .ignore_stderr()
        .read()
        .unwrap_or_default();
    let version = format!("Version: {MOTO}");
    if installed.lines().any(|l| l.trim() == version) && venv.join("bin/moto_server").exists() {
        return Ok(());
    }
    if !pip.exists() {
        python_venv(sh)?;
        cmd!(sh, "python3 -m venv {venv}").run()?;
    }
    let pinned = format!("moto[server]=={MOTO}");
    cmd!(
        sh,
        "{pip} install --quiet --disable-pip-version-check {pinned}"
    )
    .run()?;
    Ok(())
}

/// cargo-deny, pinned: the version `deny.toml` is written for.
pub const CARGO_DENY: &str = "0.20.2";

/// cargo-deny in cargo's bin directory (`cargo install --locked`, a one-time build of about
/// three minutes on two cores), installed when missing or of another version.
pub fn cargo_deny(sh: &Shell) -> Result<()> {
    let installed = cmd!(sh, "cargo deny --version")
        .quiet()
        .ignore_stderr()
        .read()
        .unwrap_or_default();
    if installed.split_whitespace().last() == Some(CARGO_DENY) {
        return Ok(());
    }
    cmd!(
        sh,
        "cargo install --locked --version {CARGO_DENY} cargo-deny"
    )
    .run()?;
    Ok(())
}

/// HAProxy, the load balancer in front of `cargo xtask cluster`'s API processes.
pub fn haproxy(sh: &Shell) -> Result<()> {
    apt_install(sh, &["haproxy"])
}
