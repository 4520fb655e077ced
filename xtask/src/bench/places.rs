//! `cargo xtask bench places [--seconds S] [--connections C]`: the address wizard's
//! autocomplete at 1, 8 and C requests at once (64 by default), every request a different
//! half-typed locality (one in three with a typo) or pincode, next to `/healthz` in the same
//! run (target: p99 at most 10 ms).

use std::path::Path;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use super::common::{
    Load, WRK_PRELUDE, bench_dir, fetch, flags, header, positive, release_binary, row, start_shop,
    wrk_load,
};
use crate::places::PLACES_FILE;
use crate::prereqs;

/// Every this many post offices of the directory gives a query.
const SAMPLE_EVERY: usize = 83;

/// wrk's request generator: the queries of the file given, each thread from its own place.
const AUTOCOMPLETE_LUA: &str = r#"
local queries = {}
init = function(args)
  queries = lines_of(args[1])
  n = (id or 0) * 7919
end
request = function()
  n = n + 1
  return wrk.format("GET", "/api/places/autocomplete?session=bench&q=" .. queries[n % #queries + 1])
end
"#;

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let (mut seconds, mut connections) = (10u64, 64usize);
    for (flag, value) in flags(args)? {
        match flag {
            "--seconds" => seconds = positive(flag, value)? as u64,
            "--connections" => connections = positive(flag, value)?,
            other => bail!("unknown option {other}"),
        }
    }
    prereqs::wrk(sh)?;
    let binary = release_binary(sh)?;
    let data = bench_dir("shop-bench-places")?;
    let queries = queries(sh)?;
    let count = queries.lines().count();
    let queries_file = data.join("queries.txt");
    std::fs::write(&queries_file, queries)?;
    let script = data.join("autocomplete.lua");
    std::fs::write(&script, [WRK_PRELUDE, AUTOCOMPLETE_LUA].concat())?;
    let database = data.join("shop.sqlite3").to_string_lossy().into_owned();
    let server = start_shop(
        &binary,
        &data,
        &database,
        &[
            ("RUST_LOG", "warn"),
            // The embedded directory is what is measured: a key in the caller's environment
            // would bench (and bill) Google instead. Blank reads as unset.
            ("SHOP_PLACES_KEY", ""),
            ("SHOP_PLACES_URL", ""),
        ],
        &data.join("server.log"),
    )?;
    let port = server.port();
    // The directory is read on first use: once before the load.
    fetch(port, "/api/places/autocomplete?q=mumbai").context("a first autocomplete")?;
    println!(
        "\nbench places: {count} queries (locality prefixes, a third with a typo, and pincode prefixes), {connections} connections, {seconds} s per load, release build, wrk -t2"
    );
    header("call");
    let health = wrk_load(sh, port, "/healthz", &Load::plain(connections, seconds))?;
    row("/healthz", &health, &health);
    // One at a time is what a shopper typing sees; more at once show where the 2 cores
    // saturate.
    for at_once in [1, 8, connections] {
        let figures = wrk_load(
            sh,
            port,
            "/",
            &Load {
                options: &["-s".to_owned(), script.to_string_lossy().into_owned()],
                script_args: &[queries_file.to_string_lossy().into_owned()],
                ..Load::plain(at_once, seconds)
            },
        )?;
        row(&format!("autocomplete, {at_once} conn."), &figures, &health);
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}

/// Queries as shoppers type them, from every [`SAMPLE_EVERY`]th post office: the locality cut
/// after 3 to all of its letters, every third with two neighbouring letters swapped, and every
/// tenth a pincode's first 3 to 6 digits; URL-encoded, one a line.
fn queries(sh: &Shell) -> Result<String> {
    let file = crate::project_root().join(PLACES_FILE);
    let lines = read_directory(sh, &file)?;
    let mut out = String::new();
    for (n, line) in lines.lines().step_by(SAMPLE_EVERY).enumerate() {
        let mut fields = line.split('\t');
        let (Some(pincode), Some(office)) = (fields.next(), fields.next()) else {
            continue;
        };
        let query = if n % 10 == 9 {
            pincode[..3 + n % 4].to_owned()
        } else {
            let name: Vec<char> = office
                .split_whitespace()
                .next()
                .unwrap_or(office)
                .chars()
                .collect();
            let cut = (3 + n % 6).min(name.len());
            let mut typed: Vec<char> = name[..cut].to_vec();
            if n % 3 == 0 && typed.len() >= 5 {
                typed.swap(2, 3);
            }
            typed.into_iter().collect()
        };
        if query.chars().count() < 2 {
            continue;
        }
        out.push_str(&encode(&query));
        out.push('\n');
    }
    Ok(out)
}

fn read_directory(sh: &Shell, file: &Path) -> Result<String> {
    Ok(cmd!(sh, "gzip -dc {file}").quiet().read()?)
}

/// Percent-encodes all but ASCII letters and digits.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}
