//! `cargo xtask bench signed-in`: the calls every signed-in screen makes, next to `/healthz`
//! measured in the same run, on the release build, on SQLite and on PostgreSQL.
//!
//! The shop is seeded with bench shoppers and a swipe history (which gives them curated lists);
//! then the first `--shoppers` of them each put two lines of one brand in their bag through the
//! API. Every request of the load is a random one of those shoppers: `GET /api/users/me` (the
//! session and the account), `GET /api/cart` (their bag, priced) and `GET /api/curated-list`.
//! Each call is followed by its static copy: the shoppers' answers are fetched once, and the
//! one closest to their mean size is served as a file by the same server and loaded the same
//! way, which is what sending that many bytes costs here, whatever the call computes.
//!
//! Figures are printed, never asserted: the machine is shared and noisy.

use std::time::Instant;

use anyhow::{Context, Result, bail};
use xshell::Shell;

use super::common::{
    History, Load, Shop, WRK_PRELUDE, backends, element_ids, fetch, flags, header, positive,
    release_binary, request, row, wrk_load,
};
use crate::prereqs;

struct Options {
    history: History,
    /// Shoppers that fill a bag and take part in the load.
    shoppers: usize,
    seconds: u64,
    connections: usize,
    backends: Vec<&'static str>,
}

fn parse(args: &[String]) -> Result<Options> {
    let mut options = Options {
        history: History {
            products: 100_000,
            brands: 300,
            users: 10_000,
            swipes: 1_000_000,
            days: 30,
        },
        shoppers: 2_000,
        seconds: 10,
        connections: 64,
        backends: vec!["sqlite", "postgres"],
    };
    for (flag, value) in flags(args)? {
        match flag {
            _ if options.history.take(flag, value)? => {}
            "--shoppers" => options.shoppers = positive(flag, value)?,
            "--seconds" => options.seconds = positive(flag, value)? as u64,
            "--connections" => options.connections = positive(flag, value)?,
            "--backend" => options.backends = backends(value)?,
            other => bail!("unknown option {other}"),
        }
    }
    if options.shoppers > options.history.users {
        bail!("--shoppers must not exceed --users");
    }
    Ok(options)
}

/// wrk's request generator: each request a random shopper (a token of the file given first)
/// asking for the path given second.
const SIGNED_IN_LUA: &str = r#"
local tokens, path = {}, "/"
init = function(args)
  tokens = lines_of(args[1], "Bearer ")
  path = args[2]
  math.randomseed(os.time() * 100 + (id or 0))
end
request = function()
  return wrk.format("GET", path, {["Authorization"] = tokens[math.random(#tokens)]})
end
"#;

/// The calls measured, each as every shopper of the load makes it.
const CALLS: [(&str, &str); 3] = [
    ("GET /api/users/me", "/api/users/me"),
    ("GET /api/cart", "/api/cart"),
    ("GET /api/curated-list", "/api/curated-list"),
];

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let options = parse(args)?;
    prereqs::wrk(sh)?;
    let binary = release_binary(sh)?;
    println!(
        "\nbench signed-in: {} products, {} shoppers ({} in the load, each with a bag of two lines), {} swipes; {} connections, {} s per load, release build, wrk -t2",
        options.history.products,
        options.history.users,
        options.shoppers,
        options.history.swipes,
        options.connections,
        options.seconds
    );
    for backend in &options.backends {
        let mut shop = Shop::seeded(sh, &binary, backend, &options.history)?;
        shop.settle(sh)?;
        // Two connections a core: more only queue PostgreSQL's backends for the same cores
        // (docs/operations.md, "Scaling").
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let port = shop.start_with(&(2 * cores).to_string())?;
        let tokens = shop.tokens(sh, 0, options.shoppers)?;
        let started = Instant::now();
        let lines = fill_bags(port, &std::fs::read_to_string(&tokens)?)?;
        println!(
            "filled {} bags ({lines} lines) through the API in {:.1} s",
            options.shoppers,
            started.elapsed().as_secs_f64()
        );
        let script = shop.data.join("signed-in.lua");
        std::fs::write(&script, [WRK_PRELUDE, SIGNED_IN_LUA].concat())?;
        let script = script.to_string_lossy().into_owned();
        let tokens = tokens.to_string_lossy().into_owned();

        header("call");
        let health = wrk_load(
            sh,
            port,
            "/healthz",
            &Load::plain(options.connections, options.seconds),
        )?;
        row("/healthz", &health, &health);
        let all_tokens: Vec<String> = std::fs::read_to_string(&tokens)?
            .lines()
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect();
        let statics = shop.data.join("static/bench");
        std::fs::create_dir_all(&statics)?;
        for (i, (name, path)) in CALLS.into_iter().enumerate() {
            let figures = wrk_load(
                sh,
                port,
                "/",
                &Load {
                    connections: options.connections,
                    seconds: options.seconds,
                    options: &["-s".to_owned(), script.clone()],
                    script_args: &[tokens.clone(), path.to_owned()],
                },
            )?;
            row(name, &figures, &health);
            let (body, mean) = typical_answer(port, path, &all_tokens)?;
            let file = format!("bench/{i}.json");
            std::fs::write(shop.data.join("static").join(&file), &body)?;
            let reference = wrk_load(
                sh,
                port,
                &format!("/{file}"),
                &Load::plain(options.connections, options.seconds),
            )?;
            row(
                &format!("  its static copy, {} B", body.len()),
                &reference,
                &health,
            );
            println!(
                "{:<24} answers {mean:.0} B on average; the call is {:.0}% of its static copy",
                "",
                figures.rps / reference.rps * 100.0
            );
        }
    }
    Ok(())
}

/// The answer to `path` of the shopper whose answer is closest to the shoppers' mean size, and
/// that mean.
fn typical_answer(port: u16, path: &str, tokens: &[String]) -> Result<(String, f64)> {
    let answers = tokens
        .iter()
        .map(|token| request(port, "GET", path, Some(token), None))
        .collect::<Result<Vec<String>>>()?;
    let mean = answers.iter().map(String::len).sum::<usize>() as f64 / answers.len().max(1) as f64;
    let typical = answers
        .into_iter()
        .min_by(|a, b| {
            (a.len() as f64 - mean)
                .abs()
                .total_cmp(&(b.len() as f64 - mean).abs())
        })
        .context("no shopper to ask")?;
    Ok((typical, mean))
}

/// Puts two lines of one brand (the first brand's first two products, in a size in stock) in
/// the bag of every shopper of `tokens`; answers the lines written.
fn fill_bags(port: u16, tokens: &str) -> Result<usize> {
    let brands = fetch(port, "/api/brands")?;
    let brand = element_ids(&brands)
        .into_iter()
        .next()
        .context("the shop lists no brand")?;
    let products = fetch(port, &format!("/api/products/brand/{brand}?limit=2"))?;
    let mut lines = Vec::new();
    for product in element_ids(&products) {
        let detail = fetch(port, &format!("/api/products/id/{product}"))?;
        let size =
            size_in_stock(&detail).with_context(|| format!("{product} has no size in stock"))?;
        lines.push(format!(r#"{{"productId":"{product}","size":"{size}"}}"#));
    }
    if lines.len() < 2 {
        bail!("brand {brand} has fewer than two products");
    }
    let mut written = 0;
    for token in tokens.lines().filter(|t| !t.is_empty()) {
        for line in &lines {
            request(port, "POST", "/api/cart/items", Some(token), Some(line))?;
            written += 1;
        }
    }
    Ok(written)
}

/// The first size of a product's `"stock":{"S":0,"M":3}` with units left.
fn size_in_stock(detail: &str) -> Option<&str> {
    let stock = detail.split_once(r#""stock":{"#)?.1.split_once('}')?.0;
    stock.split(',').find_map(|pair| {
        let (size, units) = pair.rsplit_once(':')?;
        let units: i64 = units.trim().parse().ok()?;
        (units > 0).then(|| size.trim().trim_matches('"'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_is_one_with_units_left() {
        assert_eq!(
            size_in_stock(r#"{"_id":"p1","stock":{"L":0,"M":3},"variants":{"a":1}}"#),
            Some("M")
        );
        assert_eq!(size_in_stock(r#"{"_id":"p1","stock":{"L":0}}"#), None);
        assert_eq!(size_in_stock(r#"{"_id":"p1","stock":{}}"#), None);
    }
}
