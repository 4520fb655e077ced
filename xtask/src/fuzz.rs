//! `cargo xtask fuzz-api`: schemathesis against the OpenAPI document of a fresh shop, signed out
//! and signed in as a shopper. The document is the contract: the run fails on any server error,
//! any answer the document does not describe, and any request the document and the server
//! disagree about (xtask/fuzz/schemathesis.toml says which checks run and why).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::tasks::{Server, target_dir, tempdir};
use crate::{prereqs, project_root};

/// The schemathesis release the figures in the README were made with; the CLI changes between
/// minor releases, so it is pinned.
const SCHEMATHESIS: &str = "4.32.5";

/// The shopper the signed-in half acts as.
const SHOPPER: &str = "fuzz-shopper@example.com";

struct Options {
    short: bool,
    examples: Option<u32>,
    seed: Option<String>,
}

/// One run's size: the full run (release build, at least 10,000 requests) or the short one of
/// the test suite (debug build, about 1,000).
struct Size {
    /// Most test cases per operation and phase.
    examples: u32,
    /// schemathesis's phases: the coverage phase alone makes about 2,400 requests a half, so the
    /// short run leaves it out.
    phases: &'static str,
    /// Fewest requests the run must make to count.
    min_requests: u32,
}

fn parse(args: &[String]) -> Result<Options> {
    const USAGE: &str = "usage: cargo xtask fuzz-api [--short] [--examples N] [--seed S]";
    let mut options = Options {
        short: false,
        examples: None,
        seed: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--short" => options.short = true,
            "--examples" => {
                let n = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|n| *n > 0)
                    .with_context(|| format!("--examples needs a whole number above 0\n{USAGE}"))?;
                options.examples = Some(n);
            }
            "--seed" => {
                options.seed = Some(
                    it.next()
                        .with_context(|| format!("--seed needs a value\n{USAGE}"))?
                        .clone(),
                )
            }
            other => bail!("unknown option {other}\n{USAGE}"),
        }
    }
    Ok(options)
}

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let options = parse(args)?;
    let mut size = if options.short {
        Size {
            examples: 8,
            phases: "examples,fuzzing,stateful",
            min_requests: 1_000,
        }
    } else {
        Size {
            examples: 100,
            phases: "examples,coverage,fuzzing,stateful",
            min_requests: 10_000,
        }
    };
    if let Some(n) = options.examples {
        size.examples = n;
    }
    let schemathesis = install_schemathesis(sh)?;
    let binary = if options.short {
        // The binary as the test build makes it, as the end-to-end suite uses it: after
        // `cargo nextest run` this builds nothing.
        cmd!(sh, "cargo test --workspace --locked --no-run").run()?;
        target_dir().join("debug/shop-api")
    } else {
        cmd!(
            sh,
            "cargo build --release --locked --package api --bin shop-api"
        )
        .run()?;
        target_dir().join("release/shop-api")
    };
    let data = tempdir("shop-fuzz")?;
    let outcome = fuzz(sh, &schemathesis, &binary, &data, &size, &options);
    let _ = std::fs::remove_dir_all(&data);
    outcome
}

/// schemathesis in its own virtual environment under `target/` (git-ignored), installed from
/// PyPI when missing or of another version.
fn install_schemathesis(sh: &Shell) -> Result<PathBuf> {
    let venv = project_root().join("target/fuzz-venv");
    let bin = venv.join("bin/schemathesis");
    let installed = cmd!(sh, "{bin} --version")
        .quiet()
        .ignore_stderr()
        .read()
        .unwrap_or_default();
    if !installed.trim().ends_with(SCHEMATHESIS) {
        if !venv.join("bin/pip").exists() {
            prereqs::python_venv(sh)?;
            cmd!(sh, "python3 -m venv {venv}").run()?;
        }
        let pip = venv.join("bin/pip");
        let pinned = format!("schemathesis=={SCHEMATHESIS}");
        cmd!(
            sh,
            "{pip} install --quiet --disable-pip-version-check {pinned}"
        )
        .run()?;
    }
    Ok(bin)
}

fn fuzz(
    sh: &Shell,
    schemathesis: &Path,
    binary: &Path,
    data: &Path,
    size: &Size,
    options: &Options,
) -> Result<()> {
    let started = Instant::now();
    cmd!(sh, "{binary} seed --products 1500 --brands 60")
        .env("SHOP_DATA_DIR", data)
        .env_remove("DATABASE_URL")
        .run()?;
    let server = Server::start_logged(binary, data, &[], &data.join("server.log"))?;
    // Signed in before any fuzzing: the sign-in calls are rate-limited, and the fuzzer's own
    // calls to them would otherwise use up this client's allowance. The session outlives the run.
    let token = sign_in(server.port(), &data.join("outbox"))?;

    let root = project_root();
    let base_config = root.join("xtask/fuzz/schemathesis.toml");
    // Works around a CPython 3.11 bug in the fuzzer's own process (the file says which).
    let hooks = root.join("xtask/fuzz/hooks.py");
    let reports = target_dir().join("fuzz-api");
    std::fs::create_dir_all(&reports)?;
    let schema = format!("{}/api/openapi.json", server.base_url());
    let examples = size.examples.to_string();
    let phases = size.phases;
    let seed: Vec<String> = options
        .seed
        .iter()
        .flat_map(|s| ["--seed".to_owned(), s.clone()])
        .collect();
    let mut ndjson = Vec::new();
    for half in ["signed-out", "signed-in"] {
        let report = reports.join(format!("{half}.ndjson"));
        let _ = std::fs::remove_file(&report);
        let mut extra: Vec<String> = seed.clone();
        let mut config = base_config.clone();
        if half == "signed-in" {
            // As the document's `bearer` scheme, so that schemathesis also checks that each
            // call requiring a session refuses one without it or with a broken one.
            config = reports.join("signed-in.toml");
            let base = std::fs::read_to_string(&base_config)?;
            std::fs::write(
                &config,
                format!("{base}\n[auth.openapi.bearer]\nbearer = \"${{SHOP_FUZZ_TOKEN}}\"\n"),
            )?;
            // Calls that end the session would sign the rest of this half out; they are fuzzed
            // signed out, and the API tests cover them signed in.
            for operation in ["logout", "delete_me", "delete_by_phone"] {
                extra.extend(["--exclude-operation-id".to_owned(), operation.to_owned()]);
            }
        }
        eprintln!("xtask fuzz-api: the {half} half");
        // Failures are read from the report below, so that both halves always run.
        let _ = cmd!(
            sh,
            "{schemathesis} --config-file {config} run {schema} --phases {phases} --max-examples {examples} {extra...} --report ndjson --report-ndjson-path {report}"
        )
        .env("SHOP_FUZZ_TOKEN", &token)
        .env("SCHEMATHESIS_HOOKS", &hooks)
        .run();
        ndjson.push(report.clone());
    }
    drop(server);

    let python = schemathesis.with_file_name("python");
    let summary = root.join("xtask/fuzz/summary.py");
    let min = size.min_requests.to_string();
    let elapsed = format!("{:.0}", started.elapsed().as_secs_f64());
    cmd!(
        sh,
        "{python} {summary} --min-requests {min} --seconds {elapsed} {ndjson...}"
    )
    .run()
    .context("the fuzzing run found the server and its OpenAPI document in disagreement")?;
    Ok(())
}

/// Signs the fuzz shopper in as a person would: asks a code, reads it from the outbox and
/// trades it for a session token.
fn sign_in(port: u16, outbox: &Path) -> Result<String> {
    let (status, body) = post_json(
        port,
        "/api/users/generate-otp",
        &format!(r#"{{"email":"{SHOPPER}"}}"#),
    )?;
    if status != 200 {
        bail!("generate-otp answered {status}: {body}");
    }
    let code = read_code(outbox)?;
    let (status, body) = post_json(
        port,
        "/api/users/verify-otp",
        &format!(r#"{{"email":"{SHOPPER}","otp":"{code}"}}"#),
    )?;
    if status != 200 {
        bail!("verify-otp answered {status}: {body}");
    }
    json_string(&body, "token").context("verify-otp's answer has no token")
}

/// The code in the newest message to the fuzz shopper.
fn read_code(outbox: &Path) -> Result<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let mut newest: Option<(std::time::SystemTime, String)> = None;
        for entry in std::fs::read_dir(outbox).into_iter().flatten().flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            let modified = entry.metadata()?.modified()?;
            if text.contains(&format!("To: {SHOPPER}"))
                && newest.as_ref().is_none_or(|(t, _)| modified > *t)
            {
                newest = Some((modified, text));
            }
        }
        if let Some(code) = newest.and_then(|(_, text)| code_in(&text)) {
            return Ok(code);
        }
        if Instant::now() > deadline {
            bail!("no sign-in code for {SHOPPER} in {}", outbox.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The first run of six digits in the message's body (the headers hold dates and ids).
fn code_in(message: &str) -> Option<String> {
    let message = message.replace("\r\n", "\n");
    let (_, after) = message.split_once("\n\n")?;
    after
        .as_bytes()
        .windows(6)
        .position(|w| w.iter().all(u8::is_ascii_digit))
        .map(|at| after[at..at + 6].to_owned())
}

/// A string field of a flat JSON answer (tokens hold no quotes or escapes).
fn json_string(body: &str, field: &str) -> Option<String> {
    let key = format!(r#""{field}":""#);
    let start = body.find(&key)? + key.len();
    let len = body[start..].find('"')?;
    Some(body[start..start + len].to_owned())
}

/// A JSON POST on its own connection: the status and the body.
fn post_json(port: u16, path: &str, json: &str) -> Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{json}",
        json.len()
    )?;
    let mut text = String::new();
    stream.read_to_string(&mut text)?;
    let (head, body) = text.split_once("\r\n\r\n").context("not an HTTP answer")?;
    let status = head
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .context("not an HTTP answer")?;
    Ok((status, body.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_code_and_the_token() {
        let mail = "To: a@b.in\r\nMessage-ID: <123456@vm>\r\n\r\nYour sign-in code is 919747.\r\n";
        assert_eq!(code_in(mail).as_deref(), Some("919747"));
        assert_eq!(code_in("no digits here"), None);
        let body = r#"{"token":"abc.def","user":{"_id":"u1"}}"#;
        assert_eq!(json_string(body, "token").as_deref(), Some("abc.def"));
        assert_eq!(json_string(body, "_id").as_deref(), Some("u1"));
        assert_eq!(json_string(body, "missing"), None);
    }
}
