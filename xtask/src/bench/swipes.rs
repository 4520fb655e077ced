//! `cargo xtask bench trending | feed | swipe`: the swipe side of the shop under load, on a
//! seeded history (100,000 products, 200,000 bench shoppers, 10,000,000 swipes over 30 days by
//! default), served by the release build on SQLite and on PostgreSQL.
//!
//! - `trending`: every window and gender of the ranking with wrk, next to `/healthz` measured
//!   in the same run; then swipes POSTed by thousands of shoppers at once, and, with the server
//!   stopped, a recount of every swipe against the rollups.
//! - `feed`: the feed of a shopper with 1,000 swipes with wrk, next to `/healthz`, asked again
//!   and again, then asked after each of their swipes; before that, simulated shoppers with
//!   hidden tastes swipe through the real API, and the feed's next cards are scored against the
//!   most-popular and the newest lists (`xtask/scripts/feed-quality.mjs`).
//! - `swipe`: ten drags of the card stack in Chromium with a performance trace
//!   (`frontend/e2e/swipe-trace.mjs`).
//!
//! Figures are printed, never asserted: the machine is shared and noisy.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use super::common::{
    Figures, History, Load, Shop, WRK_PRELUDE, backends, element_ids, fetch, flags, header,
    positive, release_binary, row, wrk_load,
};
use crate::tasks::{Server, build_frontend, tempdir};
use crate::{prereqs, project_root};

struct Options {
    history: History,
    seconds: u64,
    connections: usize,
    /// How long the ingestion load runs, and how many shoppers it swipes as.
    ingest_seconds: u64,
    swipers: usize,
    /// Simulated shoppers of the feed's quality check.
    shoppers: usize,
    backends: Vec<&'static str>,
}

fn parse(args: &[String]) -> Result<Options> {
    let mut options = Options {
        history: History::default(),
        seconds: 10,
        connections: 64,
        ingest_seconds: 30,
        swipers: 4000,
        shoppers: 200,
        backends: vec!["sqlite", "postgres"],
    };
    for (flag, value) in flags(args)? {
        let number = || positive(flag, value);
        match flag {
            _ if options.history.take(flag, value)? => {}
            "--seconds" => options.seconds = number()? as u64,
            "--connections" => options.connections = number()?,
            "--ingest-seconds" => options.ingest_seconds = number()? as u64,
            "--swipers" => options.swipers = number()?,
            "--shoppers" => options.shoppers = number()?,
            "--backend" => options.backends = backends(value)?,
            other => bail!("unknown option {other}"),
        }
    }
    if options.swipers > options.history.users {
        bail!("--swipers must not exceed --users");
    }
    Ok(options)
}

/// Parses a bench's options, installs wrk, builds the release server and says what runs.
fn prepare(sh: &Shell, bench: &str, args: &[String]) -> Result<(Options, PathBuf)> {
    let options = parse(args)?;
    prereqs::wrk(sh)?;
    let binary = release_binary(sh)?;
    println!(
        "\nbench {bench}: {} products, {} shoppers, {} swipes over {} days; {} connections, {} s per load, release build, wrk -t2",
        options.history.products,
        options.history.users,
        options.history.swipes,
        options.history.days,
        options.connections,
        options.seconds
    );
    Ok((options, binary))
}

/// The table's header and its reference row: `/healthz` loaded like the calls that follow.
fn reference(sh: &Shell, port: u16, options: &Options) -> Result<Figures> {
    header("call");
    let health = wrk_load(
        sh,
        port,
        "/healthz",
        &Load::plain(options.connections, options.seconds),
    )?;
    row("/healthz", &health, &health);
    Ok(health)
}

/// wrk's request generator for the ingestion load: each request a random shopper (a token of
/// the file given first) liking (60%) or disliking a random product (of the file given second).
const INGEST_LUA: &str = r#"
local tokens, products = {}, {}
init = function(args)
  tokens = lines_of(args[1], "Bearer ")
  products = lines_of(args[2])
  math.randomseed(os.time() * 100 + (id or 0))
end
request = function()
  local action = "dislike"
  if math.random() < 0.6 then action = "like" end
  return wrk.format("POST", "/api/analytics/track-swipe",
    {["Authorization"] = tokens[math.random(#tokens)], ["Content-Type"] = "application/json"},
    '{"productId":"' .. products[math.random(#products)] .. '","action":"' .. action .. '"}')
end
"#;

/// wrk's request generator for the signed-in reference: each request a random shopper's own
/// account (the token file given first), the least a signed-in call does.
const SIGNED_IN_LUA: &str = r#"
local tokens = {}
init = function(args)
  tokens = lines_of(args[1], "Bearer ")
  math.randomseed(os.time() * 100 + (id or 0))
end
request = function()
  return wrk.format("GET", "/api/users/me", {["Authorization"] = tokens[math.random(#tokens)]})
end
"#;

/// wrk's request generator for the feed right after a swipe: the shopper of the token given
/// first likes (half the time) or dislikes a random product (of the file given second), then
/// asks for the feed, in turn; the feed then always works from swipes it has not seen yet.
const SWIPE_THEN_FEED_LUA: &str = r#"
local token, products, n = nil, {}, 0
init = function(args)
  token = "Bearer " .. args[1]
  products = lines_of(args[2])
  math.randomseed(os.time() * 100 + (id or 0))
end
request = function()
  n = n + 1
  if n % 2 == 1 then
    local action = "dislike"
    if math.random() < 0.5 then action = "like" end
    return wrk.format("POST", "/api/analytics/track-swipe",
      {["Authorization"] = token, ["Content-Type"] = "application/json"},
      '{"productId":"' .. products[math.random(#products)] .. '","action":"' .. action .. '"}')
  end
  return wrk.format("GET", "/api/products/feed?limit=8", {["Authorization"] = token})
end
"#;

/// Ids of the newest `pages * 200` products, one a line, in a file of the shop's folder.
fn product_ids(shop: &Shop, port: u16, pages: usize) -> Result<PathBuf> {
    let mut ids = String::new();
    for page in 1..=pages {
        let body = fetch(port, &format!("/api/products?limit=200&page={page}"))?;
        for id in element_ids(&body) {
            ids.push_str(id);
            ids.push('\n');
        }
    }
    if ids.is_empty() {
        bail!("the catalogue lists no product");
    }
    let file = shop.data.join("products.txt");
    std::fs::write(&file, ids)?;
    Ok(file)
}

pub fn trending(sh: &Shell, args: &[String]) -> Result<()> {
    let (options, binary) = prepare(sh, "trending", args)?;
    for backend in &options.backends {
        let mut shop = Shop::seeded(sh, &binary, backend, &options.history)?;
        let port = shop.start()?;
        let health = reference(sh, port, &options)?;
        for window in ["24h", "7d", "30d"] {
            for gender in ["", "M", "W", "U"] {
                let path = match gender {
                    "" => format!("/api/analytics/trending-products?timeWindow={window}"),
                    g => format!("/api/analytics/trending-products?timeWindow={window}&gender={g}"),
                };
                let listed = fetch(port, &path)?.matches("\"rank\":").count();
                let figures = wrk_load(
                    sh,
                    port,
                    &path,
                    &Load::plain(options.connections, options.seconds),
                )?;
                let name = format!(
                    "trending {window} {}",
                    if gender.is_empty() { "all" } else { gender }
                );
                row(&format!("{name} ({listed})"), &figures, &health);
            }
        }

        let tokens = shop.tokens(sh, 0, options.swipers)?;
        let products = product_ids(&shop, port, 50)?;
        let script = shop.data.join("ingest.lua");
        std::fs::write(&script, [WRK_PRELUDE, INGEST_LUA].concat())?;
        let signed_in = shop.data.join("signed-in.lua");
        std::fs::write(&signed_in, [WRK_PRELUDE, SIGNED_IN_LUA].concat())?;
        let (script, signed_in, tokens, products) = (
            script.to_string_lossy().into_owned(),
            signed_in.to_string_lossy().into_owned(),
            tokens.to_string_lossy().into_owned(),
            products.to_string_lossy().into_owned(),
        );
        // What any signed-in call costs here (the session's account read included): the most
        // swipes a second this machine could take, whatever a swipe then writes.
        let me = wrk_load(
            sh,
            port,
            "/",
            &Load {
                connections: options.connections,
                seconds: options.seconds,
                options: &["-s".to_owned(), signed_in],
                script_args: std::slice::from_ref(&tokens),
            },
        )?;
        row(
            &format!("signed-in GET /api/users/me ({} shoppers)", options.swipers),
            &me,
            &health,
        );
        let ingest = wrk_load(
            sh,
            port,
            "/",
            &Load {
                connections: options.connections,
                seconds: options.ingest_seconds,
                options: &["-s".to_owned(), script],
                script_args: &[tokens, products],
            },
        )?;
        println!(
            "ingestion: {:.0} swipes/s (p50 {:.2} ms, p99 {:.2} ms) for {} s, {} shoppers at once over {} connections; {} non-2xx answers or socket errors",
            ingest.rps,
            ingest.p50_ms,
            ingest.p99_ms,
            options.ingest_seconds,
            options.swipers,
            options.connections,
            ingest.errors
        );
        shop.stop();
        let check = shop
            .shop_api(sh, &["check-rollups"])
            .quiet()
            .ignore_status()
            .output()?;
        print!("{}", String::from_utf8_lossy(&check.stdout));
        eprint!("{}", String::from_utf8_lossy(&check.stderr));
    }
    Ok(())
}

pub fn feed(sh: &Shell, args: &[String]) -> Result<()> {
    let (options, binary) = prepare(sh, "feed", args)?;
    let script = project_root().join("xtask/scripts/feed-quality.mjs");
    for backend in &options.backends {
        let mut shop = Shop::seeded(sh, &binary, backend, &options.history)?;
        // Fresh shoppers after the seeded ones: one for the latency load, the rest simulated.
        let fresh = 1 + options.shoppers;
        shop.shop_api(
            sh,
            &[
                "seed",
                "--users",
                &(options.history.users + fresh).to_string(),
            ],
        )
        .run()?;
        let port = shop.start()?;
        let tokens = shop.tokens(sh, options.history.users, fresh)?;
        cmd!(sh, "node {script}")
            .env("BASE_URL", format!("http://127.0.0.1:{port}"))
            .env("TOKENS_FILE", &tokens)
            .run()?;
        let shopper = std::fs::read_to_string(&tokens)?
            .lines()
            .next()
            .context("no token")?
            .to_owned();
        let health = reference(sh, port, &options)?;
        // One request at a time is the latency a shopper sees; more at once show where the
        // CPU saturates the machine. The same shopper asks again and again, so after the first
        // request their swipes, taste and ranking head are kept (for a second, or until they
        // swipe): these rows measure dealing from what is kept.
        for connections in [1, 2, 4, 8, options.connections] {
            let figures = wrk_load(
                sh,
                port,
                "/api/products/feed?limit=8",
                &Load {
                    connections,
                    seconds: options.seconds,
                    options: &["-H".to_owned(), format!("Authorization: Bearer {shopper}")],
                    script_args: &[],
                },
            )?;
            row(
                &format!("feed, 1,000 swipes, {connections} conn."),
                &figures,
                &health,
            );
        }
        // A swipe before every feed, so every feed reads the shopper's swipes and ranks them
        // again: what a shopper swiping through the deck costs. The figures are of both calls.
        let products = product_ids(&shop, port, 10)?;
        let script = shop.data.join("swipe-then-feed.lua");
        std::fs::write(&script, [WRK_PRELUDE, SWIPE_THEN_FEED_LUA].concat())?;
        let script_args = [shopper.clone(), products.to_string_lossy().into_owned()];
        for connections in [1, options.connections] {
            let figures = wrk_load(
                sh,
                port,
                "/",
                &Load {
                    connections,
                    seconds: options.seconds,
                    options: &["-s".to_owned(), script.to_string_lossy().into_owned()],
                    script_args: &script_args,
                },
            )?;
            row(
                &format!("swipe + feed, {connections} conn."),
                &figures,
                &health,
            );
        }
    }
    Ok(())
}

pub fn swipe_trace(sh: &Shell, args: &[String]) -> Result<()> {
    if let Some(unknown) = args.first() {
        bail!("`cargo xtask bench swipe` takes no options, not {unknown}");
    }
    prereqs::npm_packages(sh)?;
    prereqs::chromium(sh)?;
    build_frontend(sh, false)?;
    let binary = release_binary(sh)?;
    let data = tempdir("shop-bench-swipe")?;
    let server = Server::start(&binary, &data, &[("SHOP_SEED_DEMO", "true")])?;
    let _dir = sh.push_dir(project_root().join("frontend"));
    let outcome = cmd!(sh, "node e2e/swipe-trace.mjs")
        .env("BASE_URL", server.base_url())
        .env("OUTBOX_DIR", data.join("outbox"))
        .run();
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    outcome.context("the swipe trace failed")?;
    Ok(())
}
