//! `cargo xtask bench checkout [--backends sqlite,postgres] [--buyers N] [--units U]`: the
//! checkout under a race and under a crash, on SQLite and on PostgreSQL, each on a fresh small
//! shop served by the release build. The load comes from `checkout-load` (a binary of the
//! `api` package, `apps/api/src/bin/checkout-load.rs`), which holds the HTTP client this crate
//! goes without; every figure and count is printed by it.
//!
//! - The race: N buyers (200) at once for the last U units (10) of a size. Fails unless exactly
//!   U orders are paid, every other buyer is told 409 `OUT_OF_STOCK` and the stock ledger adds
//!   up; the reservation's and placement's p50/p99 are printed next to `/healthz` under the same
//!   concurrency. Then one of the buyers checks out up to the hour's limit of 20 checkouts per
//!   account: each checkout must release the one before and the 21st must answer 429.
//! - The crash: as many buyers at a time check out one unit again and again from 5,000; the
//!   server is killed with SIGKILL two seconds in and started again on the same database. The
//!   buyers use accounts of their own (250), each for at most 20 checkouts, the hour's limit;
//!   a 429 fails the bench. Fails unless every order whose verify answered 200 is placed, no
//!   shopper holds more than one open checkout, and the units for sale, in placed orders and
//!   in reserved orders add up to the 5,000, and do again once the reservations the kill left
//!   have lapsed.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use super::common::{SESSION_SECRET, bench_dir, database, flags, positive, start_shop};
use crate::tasks::target_dir;

/// The crash scenario's stock: more than its buyers buy before the kill (about 1,000 on SQLite
/// here), so the kill lands in checkouts, not in refusals of a sold-out size.
const STORM_UNITS: usize = 5000;

/// Checkouts one account may open in an hour (`access::limit::CHECKOUTS_PER_SHOPPER`): each of
/// the crash scenario's accounts checks out at most that many times.
const CHECKOUTS_PER_ACCOUNT: usize = 20;

/// The crash scenario's accounts, apart from the race's: enough for all of its units at the
/// hour's limit each, so its load can neither sell the size out nor pass a limit.
const STORM_ACCOUNTS: usize = STORM_UNITS / CHECKOUTS_PER_ACCOUNT;

/// How long the crash scenario's load runs before the server is killed.
const KILL_AFTER: Duration = Duration::from_secs(2);

/// What `checkout-load storm` prints once its load starts.
const LOAD_STARTED: &str = "storm: load started";

struct Options {
    buyers: usize,
    units: usize,
    backends: Vec<&'static str>,
}

fn parse(args: &[String]) -> Result<Options> {
    let mut options = Options {
        buyers: 200,
        units: 10,
        backends: vec!["sqlite", "postgres"],
    };
    for (flag, value) in flags(args)? {
        match flag {
            "--buyers" => options.buyers = positive(flag, value)?,
            "--units" => options.units = positive(flag, value)?,
            "--backends" => {
                options.backends = value
                    .split(',')
                    .map(|name| match name.trim() {
                        "sqlite" => Ok("sqlite"),
                        "postgres" => Ok("postgres"),
                        other => bail!("--backends lists sqlite and postgres, not {other}"),
                    })
                    .collect::<Result<_>>()?;
            }
            other => bail!("unknown option {other}"),
        }
    }
    if options.units >= options.buyers {
        bail!("--units must be fewer than --buyers: the race needs losers");
    }
    Ok(options)
}

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let options = parse(args)?;
    cmd!(
        sh,
        "cargo build --release --locked --package api --bin shop-api --bin checkout-load"
    )
    .run()?;
    let release = target_dir().join("release");
    let (server, driver) = (release.join("shop-api"), release.join("checkout-load"));
    println!(
        "\nbench checkout: {} buyers for the last {} units, then a SIGKILL {} s into a checkout load on {STORM_UNITS} units; release build, driver on the same cores",
        options.buyers,
        options.units,
        KILL_AFTER.as_secs()
    );
    let mut failed = Vec::new();
    for backend in &options.backends {
        println!("\n== {backend} ==");
        if let Err(e) = bench_backend(sh, &server, &driver, backend, &options) {
            eprintln!("bench checkout on {backend}: {e:#}");
            failed.push(*backend);
        }
    }
    if !failed.is_empty() {
        bail!("bench checkout failed on {}", failed.join(" and "));
    }
    Ok(())
}

fn bench_backend(
    sh: &Shell,
    binary: &Path,
    driver: &Path,
    backend: &str,
    options: &Options,
) -> Result<()> {
    let data = bench_dir("shop-bench-checkout")?;
    let (database_url, _cluster) = database(sh, backend, &data)?;
    let buyers = options.buyers.to_string();
    let storm_accounts = STORM_ACCOUNTS.max(options.buyers);
    let users = (options.buyers + storm_accounts).to_string();
    cmd!(sh, "{binary} seed --products 200 --users {users}")
        .env("DATABASE_URL", &database_url)
        .env("SHOP_DATA_DIR", &data)
        .run()?;
    // The race's buyers are bench users 0 to N-1, the storm's accounts the next ones.
    let issue = |file: &Path, count: usize, from: usize| -> Result<()> {
        let (count, from) = (count.to_string(), from.to_string());
        let issued = cmd!(sh, "{binary} issue-sessions --count {count} --from {from}")
            .env("DATABASE_URL", &database_url)
            .env("SHOP_DATA_DIR", &data)
            .env("SHOP_SESSION_SECRET", SESSION_SECRET)
            .quiet()
            .read()?;
        std::fs::write(file, issued + "\n")?;
        Ok(())
    };
    let (tokens, storm_tokens) = (data.join("tokens.txt"), data.join("storm-tokens.txt"));
    issue(&tokens, options.buyers, 0)?;
    issue(&storm_tokens, storm_accounts, options.buyers)?;

    let env = [
        ("SHOP_SESSION_SECRET", SESSION_SECRET),
        // A line per request would measure the log, not the shop.
        ("RUST_LOG", "warn"),
        ("SHOP_DB_POOL_SIZE", "16"),
        // The embedded sandbox pays, chosen outright although the loopback shop would run it
        // anyway: keys in the caller's environment would send the bench's payments to
        // Razorpay, and Shiprocket's would make the shop refuse the sandbox. Blank reads as
        // unset.
        ("SHOP_PAYMENTS", "sandbox"),
        ("SHOP_RAZORPAY_KEY_ID", ""),
        ("SHOP_RAZORPAY_KEY_SECRET", ""),
        ("SHOP_RAZORPAY_WEBHOOK_SECRET", ""),
        ("SHOP_RAZORPAY_URL", ""),
        ("SHOP_SHIPROCKET_EMAIL", ""),
        ("SHOP_SHIPROCKET_PASSWORD", ""),
    ];
    let server = start_shop(binary, &data, &database_url, &env, &data.join("server.log"))?;
    let url = server.base_url();
    let units = options.units.to_string();
    let race = cmd!(
        sh,
        "{driver} race --url {url} --database-url {database_url} --tokens {tokens} --units {units}"
    )
    .run()
    .is_ok();

    println!();
    let state = data.join("storm.txt");
    let storm_units = STORM_UNITS.to_string();
    eprintln!(
        "$ {} storm --url {url} --database-url {database_url} --tokens {} --buyers {buyers} --units {storm_units} --state {}",
        driver.display(),
        storm_tokens.display(),
        state.display()
    );
    let mut storm = Command::new(driver)
        .args(["storm", "--url", &url, "--database-url", &database_url])
        .arg("--tokens")
        .arg(&storm_tokens)
        .args(["--buyers", &buyers, "--units", &storm_units, "--state"])
        .arg(&state)
        .stdout(Stdio::piped())
        .spawn()
        .context("starting checkout-load storm")?;
    let mut lines = BufReader::new(storm.stdout.take().context("the storm's output")?).lines();
    for line in lines.by_ref() {
        let line = line?;
        println!("{line}");
        if line == LOAD_STARTED {
            break;
        }
    }
    std::thread::sleep(KILL_AFTER);
    server.kill()?;
    for line in lines {
        println!("{}", line?);
    }
    let stormed = storm.wait()?.success();

    let restarted = start_shop(
        binary,
        &data,
        &database_url,
        &env,
        &data.join("server-restarted.log"),
    )?;
    let checked = cmd!(
        sh,
        "{driver} check --database-url {database_url} --state {state}"
    )
    .run()
    .is_ok();
    drop(restarted);
    if !(race && stormed && checked) {
        bail!(
            "a check failed (the servers' logs are kept in {})",
            data.display()
        );
    }
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}
