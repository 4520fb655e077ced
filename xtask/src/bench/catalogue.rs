//! `cargo xtask bench [catalogue]`: the catalogue's speed on a large deterministic catalogue,
//! measured with wrk (installed from Debian when missing), on SQLite and on PostgreSQL.
//!
//! For each call the bench first fetches the answer once and writes those exact bytes into a
//! folder the same server serves as static files; it then loads the call and the static copy
//! one after the other with the same connections, so every figure has a reference measured in
//! the same run on the same (shared, noisy) machine. Figures are printed, never asserted.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use super::common::{
    Figures, Load, backends, bench_dir, database, fetch, flags, positive, release_binary,
    start_shop, wrk_load,
};
use crate::prereqs;

struct Options {
    products: usize,
    brands: usize,
    seconds: u64,
    connections: usize,
    backends: Vec<&'static str>,
}

/// The calls measured: (name, path). `{id}` is a product id taken from the first list.
const CALLS: &[(&str, &str)] = &[
    (
        "women's list",
        "/api/products?gender=female&maxPrice=1299&limit=20",
    ),
    (
        "deep page",
        "/api/products?gender=female&maxPrice=1299&limit=20&page=400",
    ),
    ("product", "/api/products/id/{id}"),
    ("brands page", "/api/brands?gender=FEMALE&page=2&limit=12"),
    ("category tree", "/api/categories/admin/all"),
    ("suggestions", "/api/products/suggestions?q=hoddie"),
];

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let options = parse(args)?;
    prereqs::wrk(sh)?;
    let binary = release_binary(sh)?;
    println!(
        "\nbench catalogue: {} products, {} brands, {} connections, {} s per load, release build, wrk -t2",
        options.products, options.brands, options.connections, options.seconds
    );
    for backend in &options.backends {
        bench_backend(sh, &binary, backend, &options)?;
    }
    Ok(())
}

fn parse(args: &[String]) -> Result<Options> {
    let mut options = Options {
        products: 100_000,
        brands: 300,
        seconds: 10,
        connections: 64,
        backends: vec!["sqlite", "postgres"],
    };
    for (flag, value) in flags(args)? {
        match flag {
            "--products" => options.products = positive(flag, value)?,
            "--brands" => options.brands = positive(flag, value)?,
            "--seconds" => options.seconds = positive(flag, value)? as u64,
            "--connections" => options.connections = positive(flag, value)?,
            "--backend" => options.backends = backends(value)?,
            other => bail!("unknown option {other}"),
        }
    }
    Ok(options)
}

fn bench_backend(sh: &Shell, binary: &Path, backend: &str, options: &Options) -> Result<()> {
    let data = bench_dir("shop-bench")?;
    let statics = data.join("static");
    std::fs::create_dir_all(statics.join("bench"))?;
    let (database_url, _cluster) = database(sh, backend, &data)?;
    let (products, brands) = (options.products.to_string(), options.brands.to_string());
    let seeding = Instant::now();
    cmd!(sh, "{binary} seed --products {products} --brands {brands}")
        .env("DATABASE_URL", &database_url)
        .env("SHOP_DATA_DIR", &data)
        .run()?;
    let seeded_in = seeding.elapsed();
    let log = data.join("server.log");
    let starting = Instant::now();
    let server = start_shop(
        binary,
        &data,
        &database_url,
        &[
            ("SHOP_LOG_FORMAT", "json"),
            // Only the start-up figures: a line per request would measure the log, not the shop.
            ("RUST_LOG", "warn,api::catalogue=info"),
            ("SHOP_DB_POOL_SIZE", "16"),
        ],
        &log,
    )?;
    let ready_in = starting.elapsed();
    let port = server.port();
    let at_start = memory(server.pid());
    let startup = std::fs::read_to_string(&log).unwrap_or_default();
    let field = |name: &str| -> String {
        startup
            .split(&format!("\"{name}\":"))
            .nth(1)
            .and_then(|rest| rest.split([',', '}']).next())
            .unwrap_or("?")
            .to_owned()
    };
    println!(
        "\n== {backend}: seeded in {:.1} s; at start: catalogue read, compacted and indexed for search in {} ms (the index ready at {} ms), then its snapshot built in {} ms ==",
        seeded_in.as_secs_f64(),
        field("load_ms"),
        field("index_ms"),
        field("build_ms"),
    );
    println!(
        "started (spawn to answering /healthz) in {:.1} s; memory when ready: {at_start}",
        ready_in.as_secs_f64()
    );
    let first = fetch(port, "/api/products?limit=1")?;
    let id = first
        .split("\"_id\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .context("no product in the catalogue")?
        .to_owned();

    println!(
        "{:<15} {:>9} {:>8} {:>8} | {:>9} {:>8} {:>8} | {:>6} {:>8}",
        "call", "req/s", "p50 ms", "p99 ms", "static/s", "p50 ms", "p99 ms", "ratio", "bytes"
    );
    println!("(ratio: req/s against the static copy; vs /healthz after the bytes)");
    let health = wrk(sh, port, "/healthz", options)?;
    println!(
        "{:<15} {:>9.0} {:>8.2} {:>8.2} | {:>9} {:>8} {:>8} | {:>6} {:>8}",
        "/healthz", health.rps, health.p50_ms, health.p99_ms, "", "", "", "", ""
    );
    for (i, (name, path)) in CALLS.iter().enumerate() {
        let path = path.replace("{id}", &id);
        let body = fetch(port, &path)?;
        let file = format!("bench/{i}.json");
        std::fs::write(statics.join(&file), &body)?;
        let call = wrk(sh, port, &path, options)?;
        let reference = wrk(sh, port, &format!("/{file}"), options)?;
        println!(
            "{:<15} {:>9.0} {:>8.2} {:>8.2} | {:>9.0} {:>8.2} {:>8.2} | {:>5.0}% {:>8} | {:>3.0}% of /healthz",
            name,
            call.rps,
            call.p50_ms,
            call.p99_ms,
            reference.rps,
            reference.p50_ms,
            reference.p99_ms,
            call.rps / reference.rps * 100.0,
            body.len(),
            call.rps / health.rps * 100.0
        );
        if call.errors > 0 || reference.errors > 0 {
            println!(
                "{:<15} {} non-2xx answers or socket errors ({} on the static copy)",
                "", call.errors, reference.errors
            );
        }
    }
    // The engine without the suggestion cache: one shopper typing ever-new text, each request
    // a colour and a garment with a typo, cut short as if half-typed, after one of ten first
    // words (72,000 texts, none repeated within a run of this length at 20,000 a second).
    let script = data.join("typing.lua");
    std::fs::write(&script, TYPING_LUA)?;
    let single = Options {
        connections: 1,
        seconds: options.seconds.min(3),
        backends: Vec::new(),
        ..*options
    };
    let typing = wrk_script(sh, port, &script, &single)?;
    println!(
        "{:<15} {:>9.0} {:>8.2} {:>8.2}   (one connection, every text new: no cache)",
        "suggestions", typing.rps, typing.p50_ms, typing.p99_ms
    );
    println!("memory after the loads: {}", memory(server.pid()));
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}

/// The server's resident memory now and at its peak (`VmRSS`, `VmHWM` of `/proc/<pid>/status`).
fn memory(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let mib = |key: &str| -> String {
        status
            .lines()
            .find_map(|line| line.strip_prefix(key))
            .and_then(|rest| rest.trim().strip_suffix("kB"))
            .and_then(|kb| kb.trim().parse::<u64>().ok())
            .map_or_else(|| "?".to_owned(), |kb| format!("{} MiB", kb / 1024))
    };
    // SQLite maps its file into the process (`mmap_size`): those pages count in RSS but are
    // the page cache's, dropped under pressure, so the process's own share is shown apart.
    format!(
        "RSS {} (peak {}; its own memory {}, mapped files {})",
        mib("VmRSS:"),
        mib("VmHWM:"),
        mib("RssAnon:"),
        mib("RssFile:")
    )
}

/// wrk's request generator for the uncached suggestions: a counter walks every combination of
/// colour, garment, typo position and how much of the text is typed.
const TYPING_LUA: &str = r#"
local colours = {"black", "white", "navy", "red", "green", "blue", "pink", "grey", "brown", "olive", "yellow", "purple"}
local garments = {"hoodie", "jeans", "kurta", "sneakers", "shirt", "dress", "saree", "cargo", "joggers", "blazer",
  "watch", "jhumka", "lehenga", "trousers", "skirt", "polo", "jacket", "handbag", "shorts", "kurti",
  "sweatshirt", "waistcoat", "bracelet", "belt", "cap", "sandals", "tshirt", "top", "pants", "coord"}
local firsts = {"", "slim", "oversized", "relaxed", "cropped", "printed", "striped", "cotton", "linen", "festive"}
local n = 0
local function typo(word, at)
  if #word < 5 then return word end
  local i = 2 + at % (#word - 2)
  return word:sub(1, i - 1) .. word:sub(i + 1, i + 1) .. word:sub(i, i) .. word:sub(i + 2)
end
request = function()
  local i = n
  n = n + 1
  local colour = colours[i % #colours + 1]
  i = math.floor(i / #colours)
  local garment = garments[i % #garments + 1]
  i = math.floor(i / #garments)
  local text = colour .. "%20" .. typo(garment, i % 5)
  text = text:sub(1, #text - math.floor(i / 5) % 4)
  i = math.floor(i / 20)
  local first = firsts[i % #firsts + 1]
  if first ~= "" then text = first .. "%20" .. text end
  return wrk.format("GET", "/api/products/suggestions?q=" .. text)
end
"#;

/// One wrk run with a request-generating Lua script.
fn wrk_script(sh: &Shell, port: u16, script: &Path, options: &Options) -> Result<Figures> {
    let script = script.to_string_lossy().into_owned();
    let load = Load {
        options: &["-s".to_owned(), script],
        ..Load::plain(options.connections, options.seconds)
    };
    wrk_load(sh, port, "/", &load)
}

/// One wrk run of `seconds` on `path`, with latency percentiles.
fn wrk(sh: &Shell, port: u16, path: &str, options: &Options) -> Result<Figures> {
    wrk_load(
        sh,
        port,
        path,
        &Load::plain(options.connections, options.seconds),
    )
}
