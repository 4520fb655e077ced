//! The supply chain, part of `test`: cargo-deny over the Rust dependency graph (`deny.toml`) and
//! `npm audit` over the frontend's runtime packages.
//!
//! Licences, bans and sources need no network. Advisories need the RustSec database (cloned
//! from GitHub) and `npm audit` needs the registry's audit endpoint: when either cannot be
//! reached, the step says so loudly (here and in `test`'s last lines) instead of passing.

use std::path::PathBuf;

use anyhow::{Result, bail};
use xshell::{Shell, cmd};

use crate::{prereqs, project_root};

/// Runs every supply-chain check; answers the checks that could not run, for the summary.
pub fn check(sh: &Shell) -> Result<Vec<String>> {
    let mut skipped = Vec::new();
    prereqs::cargo_deny(sh)?;
    cmd!(sh, "cargo deny --locked check licenses bans sources").run()?;
    if let Some(why) = advisories(sh)? {
        skipped.push(why);
    }
    if let Some(why) = npm_audit(sh)? {
        skipped.push(why);
    }
    Ok(skipped)
}

/// cargo-deny's advisory check against a freshly fetched database; against the last fetched
/// copy (said so) when the fetch fails; not at all (said so) without any copy.
fn advisories(sh: &Shell) -> Result<Option<String>> {
    if cmd!(sh, "cargo deny fetch db").run().is_ok() {
        cmd!(sh, "cargo deny --locked check advisories").run()?;
        return Ok(None);
    }
    if has_advisory_copy() {
        eprintln!(
            "xtask test: the RustSec advisory database could not be fetched: checking advisories \
             against the copy fetched earlier (it may miss recent advisories)"
        );
        cmd!(sh, "cargo deny --locked --offline check advisories").run()?;
        return Ok(None);
    }
    let why = "cargo deny check advisories NOT RUN: the RustSec advisory database \
               (https://github.com/RustSec/advisory-db) could not be fetched and there is no \
               earlier copy"
        .to_owned();
    eprintln!("xtask test: {why}");
    Ok(Some(why))
}

/// Whether cargo-deny has a copy of an advisory database (`$CARGO_HOME/advisory-dbs/<name>/`).
fn has_advisory_copy() -> bool {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let Some(dbs) = cargo_home.map(|h| h.join("advisory-dbs")) else {
        return false;
    };
    std::fs::read_dir(dbs)
        .is_ok_and(|entries| entries.flatten().any(|e| e.path().join("crates").is_dir()))
}

/// `npm audit` of the packages the built frontend ships (`--omit=dev`), failing at `high`.
/// A registry without the audit endpoint (some mirrors answer 405) is reported, not passed.
fn npm_audit(sh: &Shell) -> Result<Option<String>> {
    let _dir = sh.push_dir(project_root().join("frontend"));
    eprintln!("$ npm audit --omit=dev --audit-level=high");
    let output = cmd!(sh, "npm audit --omit=dev --audit-level=high")
        .quiet()
        .ignore_status()
        .output()?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    eprint!("{stdout}{stderr}");
    if output.status.success() {
        return Ok(None);
    }
    if stderr.contains("audit endpoint returned an error") {
        let status = stderr
            .lines()
            .find(|l| l.contains("npm warn audit"))
            .map(|l| l.trim_start_matches("npm warn audit").trim())
            .unwrap_or("an error");
        let why = format!(
            "npm audit NOT RUN: the registry's audit endpoint answered {status} (a mirror \
             without audits); run `npm audit --omit=dev --audit-level=high` against \
             registry.npmjs.org"
        );
        eprintln!("xtask test: {why}");
        return Ok(Some(why));
    }
    bail!("npm audit found vulnerabilities of level high or above in the frontend's packages")
}
