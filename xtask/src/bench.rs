//! `cargo xtask bench`: serves a release build on a free port over a fresh SQLite catalogue and
//! measures requests per second and latency percentiles per endpoint with a small keep-alive
//! HTTP/1.1 load generator (C connections, one thread each). Figures are printed, never
//! asserted: speed is measured here, not in tests.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::project_root;
use crate::tasks::{Server, tempdir};

const ENDPOINTS: &[&str] = &[
    "/healthz",
    "/api/products?limit=20",
    "/api/products?limit=20&gender=female&minPrice=799&page=3",
    "/api/products/id/{first}",
];

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let mut products: usize = 1500;
    let mut seconds: u64 = 5;
    let mut connections: usize = 8;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let value = it.next().with_context(|| format!("{arg} needs a value"))?;
        let parsed: usize = value
            .parse()
            .with_context(|| format!("{arg} needs a whole number"))?;
        match arg.as_str() {
            "--products" => products = parsed,
            "--seconds" => seconds = parsed as u64,
            "--connections" => connections = parsed,
            other => bail!("unknown option {other}"),
        }
    }
    if products == 0 || seconds == 0 || connections == 0 {
        bail!("--products, --seconds and --connections must be above 0");
    }
    cmd!(
        sh,
        "cargo build --release --locked --package api --bin shop-api"
    )
    .run()?;
    let binary = project_root().join("target/release/shop-api");
    let data = tempdir("shop-bench")?;
    let db = data.join("shop.sqlite3").to_string_lossy().into_owned();
    let n = products.to_string();
    cmd!(sh, "{binary} seed --products {n}")
        .env("DATABASE_URL", &db)
        .run()?;
    let server = Server::start(&binary, &data, &[("SHOP_SEED_DEMO", "false")])?;
    let port: u16 = server
        .base_url()
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .context("port")?;
    let first = first_product_id(port)?;

    println!(
        "\nbench: {products} products, SQLite, {connections} connections, {seconds} s per endpoint, release build"
    );
    println!(
        "{:<62} {:>10} {:>9} {:>9} {:>9} {:>7}",
        "endpoint", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors"
    );
    for endpoint in ENDPOINTS {
        let path = endpoint.replace("{first}", &first);
        let result = load(port, &path, connections, Duration::from_secs(seconds))?;
        println!(
            "{:<62} {:>10.0} {:>9.2} {:>9.2} {:>9.2} {:>7}",
            path, result.rps, result.p50_ms, result.p95_ms, result.p99_ms, result.errors
        );
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}

struct Figures {
    rps: f64,
    p50_ms: f64,
    p95_ms: f64,
    p99_ms: f64,
    errors: usize,
}

fn load(port: u16, path: &str, connections: usize, duration: Duration) -> Result<Figures> {
    let started = Instant::now();
    let deadline = started + duration;
    let workers: Vec<_> = (0..connections)
        .map(|_| {
            let path = path.to_owned();
            std::thread::spawn(move || worker(port, &path, deadline))
        })
        .collect();
    let mut latencies = Vec::new();
    let mut errors = 0;
    for w in workers {
        let (lat, err) = w
            .join()
            .map_err(|_| anyhow::anyhow!("a load thread panicked"))?;
        latencies.extend(lat);
        errors += err;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let pct = |p: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let i = ((latencies.len() as f64 - 1.0) * p).round() as usize;
        latencies[i] as f64 / 1000.0
    };
    Ok(Figures {
        rps: latencies.len() as f64 / elapsed,
        p50_ms: pct(0.50),
        p95_ms: pct(0.95),
        p99_ms: pct(0.99),
        errors,
    })
}

/// One keep-alive connection sending GETs until the deadline; latencies in microseconds.
fn worker(port: u16, path: &str, deadline: Instant) -> (Vec<u64>, usize) {
    let mut latencies = Vec::new();
    let mut errors = 0;
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    while Instant::now() < deadline {
        let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) else {
            errors += 1;
            continue;
        };
        let _ = stream.set_nodelay(true);
        let Ok(mut writer) = stream.try_clone() else {
            errors += 1;
            continue;
        };
        let mut reader = BufReader::new(stream);
        while Instant::now() < deadline {
            let sent = Instant::now();
            if writer.write_all(request.as_bytes()).is_err() {
                errors += 1;
                break;
            }
            match read_response(&mut reader) {
                Ok(200) => {
                    latencies.push(u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX))
                }
                Ok(_) => errors += 1,
                Err(_) => {
                    errors += 1;
                    break;
                }
            }
        }
    }
    (latencies, errors)
}

fn read_response(reader: &mut BufReader<TcpStream>) -> Result<u16> {
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let status: u16 = line
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .context("status line")?;
    let mut length = 0usize;
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            bail!("connection closed");
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse()?;
            } else if name.eq_ignore_ascii_case("transfer-encoding") {
                bail!("chunked answers are not supported by the bench client");
            }
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body)?;
    Ok(status)
}

fn first_product_id(port: u16) -> Result<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    write!(
        stream,
        "GET /api/products?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )?;
    let mut text = String::new();
    stream.read_to_string(&mut text)?;
    let start = text
        .find("\"_id\":\"")
        .context("no product in the catalogue")?
        + 7;
    let end = text[start..].find('"').context("malformed product id")? + start;
    Ok(text[start..end].to_owned())
}
