//! `cargo xtask bench admin [--backend sqlite|postgres|both] [--products N] [--edits N]
//! [--rows N] [--uploads N]`: the consoles at the catalogue's full size, on a shop served by the
//! release build. The load comes from `admin-load` (a binary of the `api` package,
//! `apps/api/src/bin/admin-load.rs`), which prints every figure:
//!
//! - edits: with 100,000 products, two API processes on one database; a product renamed in one
//!   is timed until both show it in the product's answer and in search (target: p99 at most
//!   2 s). The processes' logs then tell whether any change reloaded the whole catalogue (it
//!   must not: an edit reloads that product only).
//! - images: a 3 MB JPEG stored with its variants (target: within 1 s), next to a 1 KB PNG.
//! - import: a CSV of 10,000 new products in one call, with its progress (target: within 60 s).

use std::path::Path;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use super::common::{
    SESSION_SECRET, backends, bench_dir, database, fetch, flags, positive, start_shop,
};
use crate::tasks::target_dir;

struct Options {
    products: usize,
    edits: usize,
    rows: usize,
    uploads: usize,
    backends: Vec<&'static str>,
}

/// The catalogue's refresh interval the processes run with (the default).
const REFRESH_MS: &str = "1000";

fn parse(args: &[String]) -> Result<Options> {
    let mut options = Options {
        products: 100_000,
        edits: 50,
        rows: 10_000,
        uploads: 10,
        backends: vec!["sqlite", "postgres"],
    };
    for (flag, value) in flags(args)? {
        match flag {
            "--products" => options.products = positive(flag, value)?,
            "--edits" => options.edits = positive(flag, value)?,
            "--rows" => options.rows = positive(flag, value)?,
            "--uploads" => options.uploads = positive(flag, value)?,
            "--backend" => options.backends = backends(value)?,
            other => bail!("unknown option {other}"),
        }
    }
    Ok(options)
}

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let options = parse(args)?;
    cmd!(
        sh,
        "cargo build --release --locked --package api --bin shop-api --bin admin-load"
    )
    .run()?;
    let release = target_dir().join("release");
    let (server, driver) = (release.join("shop-api"), release.join("admin-load"));
    println!(
        "\nbench admin: {} products, {} edits across 2 processes, {} uploads, a {}-row import; release build, driver on the same cores",
        options.products, options.edits, options.uploads, options.rows
    );
    for backend in &options.backends {
        println!("\n== {backend} ==");
        bench_backend(sh, &server, &driver, backend, &options)
            .with_context(|| format!("bench admin on {backend}"))?;
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
    let data = bench_dir("shop-bench-admin")?;
    let second_data = data.join("second");
    std::fs::create_dir_all(&second_data)?;
    let (database_url, _cluster) = database(sh, backend, &data)?;
    let products = options.products.to_string();
    cmd!(sh, "{binary} seed --products {products} --users 1")
        .env("DATABASE_URL", &database_url)
        .env("SHOP_DATA_DIR", &data)
        .run()?;
    // Bench user 0 is the admin the driver acts as.
    let admin = api_bench_email(0);
    cmd!(sh, "{binary} grant-role {admin} admin")
        .env("DATABASE_URL", &database_url)
        .env("SHOP_DATA_DIR", &data)
        .quiet()
        .run()?;
    let token = cmd!(sh, "{binary} issue-sessions --count 1")
        .env("DATABASE_URL", &database_url)
        .env("SHOP_DATA_DIR", &data)
        .env("SHOP_SESSION_SECRET", SESSION_SECRET)
        .quiet()
        .read()?;
    let env = [
        ("SHOP_SESSION_SECRET", SESSION_SECRET),
        // The follower's lines only: one per request would measure the log, not the shop.
        ("RUST_LOG", "warn,api::startup=info"),
        ("SHOP_DB_POOL_SIZE", "16"),
        ("SHOP_CATALOGUE_REFRESH_MS", REFRESH_MS),
    ];
    let (first_log, second_log) = (data.join("first.log"), data.join("second.log"));
    let first = start_shop(binary, &data, &database_url, &env, &first_log)?;
    let second = start_shop(binary, &second_data, &database_url, &env, &second_log)?;
    let urls = format!("{},{}", first.base_url(), second.base_url());
    let url = first.base_url();
    let (edits, rows, uploads) = (
        options.edits.to_string(),
        options.rows.to_string(),
        options.uploads.to_string(),
    );

    cmd!(
        sh,
        "{driver} edits --urls {urls} --token {token} --edits {edits} --refresh-ms {REFRESH_MS}"
    )
    .run()?;
    let full_reloads = [&first_log, &second_log]
        .iter()
        .map(|log| {
            std::fs::read_to_string(log)
                .unwrap_or_default()
                .lines()
                .filter(|line| {
                    line.contains("catalogue changes applied") && line.contains("Everything")
                })
                .count()
        })
        .sum::<usize>();
    println!("edits: whole-catalogue reloads in both processes during the edits: {full_reloads}");

    cmd!(
        sh,
        "{driver} images --url {url} --token {token} --uploads {uploads}"
    )
    .run()?;

    let brands = fetch(first.port(), "/api/brands?limit=1")?;
    let brand = brands
        .split("\"_id\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .context("no brand in the catalogue")?
        .to_owned();
    cmd!(
        sh,
        "{driver} import --url {url} --token {token} --rows {rows} --brand {brand}"
    )
    .run()?;
    drop(second);
    drop(first);
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}

/// The e-mail of bench user `i`, as `shop-api seed --users` makes them.
fn api_bench_email(i: usize) -> String {
    format!("bench-{i}@bench.invalid")
}
