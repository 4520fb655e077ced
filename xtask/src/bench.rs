//! `cargo xtask bench [catalogue]`: the catalogue's speed on a large deterministic catalogue,
//! measured with wrk (installed from Debian when missing), on SQLite and on PostgreSQL; the
//! swipe benches (`trending`, `feed`, `swipe`) are in `bench_swipes.rs` and the checkout's
//! race and crash (`checkout`) in `bench_checkout.rs`; they share the helpers here.
//!
//! For each call the bench first fetches the answer once and writes those exact bytes into a
//! folder the same server serves as static files; it then loads the call and the static copy
//! one after the other with the same connections, so every figure has a reference measured in
//! the same run on the same (shared, noisy) machine. Figures are printed, never asserted.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::tasks::{Server, target_dir, tempdir};
use crate::{bench_swipes, postgres, prereqs};

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
    match args.first().map(String::as_str) {
        Some("trending") => bench_swipes::trending(sh, &args[1..]),
        Some("feed") => bench_swipes::feed(sh, &args[1..]),
        Some("swipe") => bench_swipes::swipe_trace(sh, &args[1..]),
        Some("catalogue") => catalogue(sh, &args[1..]),
        Some("places") => crate::bench_places::run(sh, &args[1..]),
        Some("checkout") => crate::bench_checkout::run(sh, &args[1..]),
        _ => catalogue(sh, args),
    }
}

/// Builds the release server and answers its path.
pub fn release_binary(sh: &Shell) -> Result<std::path::PathBuf> {
    cmd!(
        sh,
        "cargo build --release --locked --package api --bin shop-api"
    )
    .run()?;
    Ok(target_dir().join("release/shop-api"))
}

/// The database URL of `backend` for a run whose files live in `data`: a SQLite file there, or
/// the PostgreSQL server at `DATABASE_URL`, or else a throwaway cluster (returned, so it lives
/// as long as the caller keeps it).
pub fn database(
    sh: &Shell,
    backend: &str,
    data: &Path,
) -> Result<(String, Option<postgres::Cluster>)> {
    Ok(match backend {
        "sqlite" => (
            data.join("shop.sqlite3").to_string_lossy().into_owned(),
            None,
        ),
        _ => match std::env::var("DATABASE_URL") {
            Ok(url) if url.starts_with("postgres") => (url, None),
            _ => {
                let cluster = postgres::Cluster::start(sh)?;
                (cluster.url.clone(), Some(cluster))
            }
        },
    })
}

fn catalogue(sh: &Shell, args: &[String]) -> Result<()> {
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
    let data = tempdir("shop-bench")?;
    let statics = data.join("static");
    std::fs::create_dir_all(statics.join("bench"))?;
    std::fs::write(
        statics.join("index.html"),
        "<!doctype html><title>bench</title>",
    )?;
    let (database_url, _cluster) = database(sh, backend, &data)?;
    let (products, brands) = (options.products.to_string(), options.brands.to_string());
    let seeding = Instant::now();
    cmd!(sh, "{binary} seed --products {products} --brands {brands}")
        .env("DATABASE_URL", &database_url)
        .env("SHOP_DATA_DIR", &data)
        .run()?;
    let seeded_in = seeding.elapsed();
    let log = data.join("server.log");
    let server = Server::start_logged(
        binary,
        &data,
        &[
            ("SHOP_SEED_DEMO", "false"),
            ("DATABASE_URL", database_url.as_str()),
            ("SHOP_FRONTEND_DIR", &statics.to_string_lossy()),
            ("SHOP_LOG_FORMAT", "json"),
            // Only the start-up figures: a line per request would measure the log, not the shop.
            ("RUST_LOG", "warn,api::catalogue=info"),
            ("SHOP_DB_POOL_SIZE", "16"),
        ],
        &log,
    )?;
    let port = server.port();
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
        "\n== {backend}: seeded in {:.1} s; at start: catalogue loaded in {} ms, rendered in {} ms, search index built in {} ms ==",
        seeded_in.as_secs_f64(),
        field("load_ms"),
        field("render_ms"),
        field("index_ms"),
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
            "{:<15} {:>9.0} {:>8.2} {:>8.2} | {:>9.0} {:>8.2} {:>8.2} | {:>5.0}% {:>8}",
            name,
            call.rps,
            call.p50_ms,
            call.p99_ms,
            reference.rps,
            reference.p50_ms,
            reference.p99_ms,
            call.rps / reference.rps * 100.0,
            body.len()
        );
        if call.errors > 0 || reference.errors > 0 {
            println!(
                "{:<15} {} non-2xx answers or socket errors ({} on the static copy)",
                "", call.errors, reference.errors
            );
        }
    }
    // The engine without the suggestion cache: one shopper typing ever-new text, each request
    // a colour and a garment with a typo, cut short as if half-typed (7,200 texts, none
    // repeated within a run of this length).
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
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}

/// A bench's options as (flag, value) pairs: every flag takes a value.
pub fn flags(args: &[String]) -> Result<Vec<(&str, &str)>> {
    args.chunks(2)
        .map(|pair| match pair {
            [flag, value] => Ok((flag.as_str(), value.as_str())),
            odd => bail!("{} needs a value", odd.concat()),
        })
        .collect()
}

/// The whole number above 0 given to `flag`.
pub fn positive(flag: &str, value: &str) -> Result<usize> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| *n > 0)
        .with_context(|| format!("{flag} needs a whole number above 0"))
}

/// The backends `--backend` names.
pub fn backends(value: &str) -> Result<Vec<&'static str>> {
    Ok(match value {
        "sqlite" => vec!["sqlite"],
        "postgres" => vec!["postgres"],
        "both" => vec!["sqlite", "postgres"],
        other => bail!("--backend is sqlite, postgres or both, not {other}"),
    })
}

pub struct Figures {
    pub rps: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub errors: u64,
}

/// Put before the request-generating scripts that read files: each thread's number (1, 2, ...)
/// as `id`, and `lines_of(path, prefix)`, the file's non-empty lines with `prefix` before each.
pub const WRK_PRELUDE: &str = r#"
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("id", threads)
end
function lines_of(path, prefix)
  local list = {}
  for line in io.lines(path) do
    if #line > 0 then list[#list + 1] = (prefix or "") .. line end
  end
  return list
end
"#;

/// wrk's request generator for the uncached suggestions: a counter walks every combination of
/// colour, garment, typo position and how much of the text is typed.
const TYPING_LUA: &str = r#"
local colours = {"black", "white", "navy", "red", "green", "blue", "pink", "grey", "brown", "olive", "yellow", "purple"}
local garments = {"hoodie", "jeans", "kurta", "sneakers", "shirt", "dress", "saree", "cargo", "joggers", "blazer",
  "watch", "jhumka", "lehenga", "trousers", "skirt", "polo", "jacket", "handbag", "shorts", "kurti",
  "sweatshirt", "waistcoat", "bracelet", "belt", "cap", "sandals", "tshirt", "top", "pants", "coord"}
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
  return wrk.format("GET", "/api/products/suggestions?q=" .. text)
end
"#;

/// One wrk run with a request-generating Lua script.
fn wrk_script(sh: &Shell, port: u16, script: &Path, options: &Options) -> Result<Figures> {
    let script = script.to_string_lossy().into_owned();
    let load = Load {
        connections: options.connections,
        seconds: options.seconds,
        options: &["-s".to_owned(), script],
        script_args: &[],
    };
    wrk_load(sh, port, "/", &load)
}

/// One wrk run of `seconds` on `path`, with latency percentiles.
fn wrk(sh: &Shell, port: u16, path: &str, options: &Options) -> Result<Figures> {
    let load = Load {
        connections: options.connections,
        seconds: options.seconds,
        options: &[],
        script_args: &[],
    };
    wrk_load(sh, port, path, &load)
}

/// How wrk loads a call: `options` go before the URL (`-H ...`, `-s script.lua`), and
/// `script_args` after it, to the script's `init`.
pub struct Load<'a> {
    pub connections: usize,
    pub seconds: u64,
    pub options: &'a [String],
    pub script_args: &'a [String],
}

/// One wrk run (two threads, or one for a single connection), with latency percentiles.
pub fn wrk_load(sh: &Shell, port: u16, path: &str, load: &Load<'_>) -> Result<Figures> {
    let url = format!("http://127.0.0.1:{port}{path}");
    let threads = load.connections.min(2).to_string();
    let connections = load.connections.to_string();
    let duration = format!("{}s", load.seconds);
    let options = load.options;
    let mut tail: Vec<String> = Vec::new();
    if !load.script_args.is_empty() {
        tail.push("--".to_owned());
        tail.extend(load.script_args.iter().cloned());
    }
    let output = cmd!(
        sh,
        "wrk --latency -t{threads} -c{connections} -d{duration} {options...} {url} {tail...}"
    )
    .quiet()
    .read()?;
    parse_wrk(&output).with_context(|| format!("reading wrk's report:\n{output}"))
}

fn parse_wrk(output: &str) -> Option<Figures> {
    let mut figures = Figures {
        rps: 0.0,
        p50_ms: 0.0,
        p99_ms: 0.0,
        errors: 0,
    };
    for line in output.lines().map(str::trim) {
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (Some("Requests/sec:"), Some(n)) => figures.rps = n.parse().ok()?,
            (Some("50%"), Some(t)) => figures.p50_ms = millis(t)?,
            (Some("99%"), Some(t)) => figures.p99_ms = millis(t)?,
            (Some("Non-2xx"), _) => {
                figures.errors += line.rsplit(' ').next()?.parse::<u64>().ok()?;
            }
            (Some("Socket"), _) => {
                figures.errors += line
                    .split(',')
                    .filter_map(|part| part.split_whitespace().last()?.parse::<u64>().ok())
                    .sum::<u64>();
            }
            _ => {}
        }
    }
    (figures.rps > 0.0).then_some(figures)
}

/// wrk's durations: "310.00us", "1.20ms", "2.01s".
fn millis(text: &str) -> Option<f64> {
    let (number, scale) = if let Some(n) = text.strip_suffix("us") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1000.0)
    } else {
        return None;
    };
    number.parse::<f64>().ok().map(|n| n * scale)
}

/// The body of a GET (HTTP/1.1, one request on its own connection).
pub fn fetch(port: u16, path: &str) -> Result<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )?;
    let mut text = String::new();
    stream.read_to_string(&mut text)?;
    let (head, body) = text.split_once("\r\n\r\n").context("not an HTTP answer")?;
    if !head.starts_with("HTTP/1.1 200") {
        bail!("GET {path}: {}", head.lines().next().unwrap_or_default());
    }
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        bail!("GET {path}: chunked answers are not supported by the bench");
    }
    Ok(body.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_wrks_report() {
        let report = "Running 10s test @ http://127.0.0.1:8080/healthz
  2 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   812.44us    1.02ms  30.14ms   91.25%
    Req/Sec    40.12k     3.01k   48.22k    70.50%
  Latency Distribution
     50%  510.00us
     75%  900.00us
     90%    1.60ms
     99%    5.20ms
  798123 requests in 10.00s, 95.12MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  79812.30
Transfer/sec:      9.51MB";
        let f = parse_wrk(report).expect("a report");
        assert!((f.rps - 79_812.3).abs() < 0.01);
        assert!((f.p50_ms - 0.51).abs() < 1e-9);
        assert!((f.p99_ms - 5.2).abs() < 1e-9);
        assert_eq!(f.errors, 7);
        assert_eq!(millis("2.50s"), Some(2500.0));
        assert_eq!(millis("fast"), None);
    }
}
