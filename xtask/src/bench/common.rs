//! What the benches share: their options, the release server started on a bench database,
//! the load generator (wrk and its report), one-off GETs and the table of figures each row
//! measured against a reference. Every bench uses these and no other bench.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use std::time::Instant;

use crate::postgres;
use crate::tasks::{Server, target_dir, tempdir};

/// Signs the bench's sessions: the server and `shop-api issue-sessions` must agree on it.
pub const SESSION_SECRET: &str = "bench-only-session-secret-0123456789abcdef";

/// Builds the release server and answers its path.
pub fn release_binary(sh: &Shell) -> Result<PathBuf> {
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

/// A fresh folder for one bench run, with a `static/` folder the server serves as the frontend
/// (an empty page: the benches load the API, not the shop's pages).
pub fn bench_dir(prefix: &str) -> Result<PathBuf> {
    let data = tempdir(prefix)?;
    std::fs::create_dir_all(data.join("static"))?;
    std::fs::write(
        data.join("static/index.html"),
        "<!doctype html><title>bench</title>",
    )?;
    Ok(data)
}

/// Starts `binary` on `database_url` with its files in `data` (a [`bench_dir`]) and its log in
/// `log`: no demo catalogue, the bench folder's `static/` as the frontend, then `env`.
pub fn start_shop(
    binary: &Path,
    data: &Path,
    database_url: &str,
    env: &[(&str, &str)],
    log: &Path,
) -> Result<Server> {
    let statics = data.join("static").to_string_lossy().into_owned();
    let mut all = vec![
        ("SHOP_SEED_DEMO", "false"),
        ("DATABASE_URL", database_url),
        ("SHOP_FRONTEND_DIR", statics.as_str()),
    ];
    all.extend_from_slice(env);
    Server::start_logged(binary, data, &all, log)
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

/// How wrk loads a call: `options` go before the URL (`-H ...`, `-s script.lua`), and
/// `script_args` after it, to the script's `init`.
pub struct Load<'a> {
    pub connections: usize,
    pub seconds: u64,
    pub options: &'a [String],
    pub script_args: &'a [String],
}

impl Load<'static> {
    /// `connections` loading a call for `seconds`, nothing more.
    pub fn plain(connections: usize, seconds: u64) -> Self {
        Load {
            connections,
            seconds,
            options: &[],
            script_args: &[],
        }
    }
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
    request(port, "GET", path, None, None)
}

/// Sends `method path` (with a bearer token and a JSON body when given) and answers the body of
/// the answer; fails unless it is a 200 with a plain (not chunked) body.
pub fn request(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> Result<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    if let Some(token) = token {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    let body = body.unwrap_or_default();
    if !body.is_empty() {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    write!(stream, "{head}Connection: close\r\n\r\n{body}")?;
    let mut text = String::new();
    stream.read_to_string(&mut text)?;
    let (head, body) = text.split_once("\r\n\r\n").context("not an HTTP answer")?;
    if !head.starts_with("HTTP/1.1 200") {
        bail!(
            "{method} {path}: {}",
            head.lines().next().unwrap_or_default()
        );
    }
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        bail!("{method} {path}: chunked answers are not supported by the bench");
    }
    Ok(body.to_owned())
}

/// The header of a table whose rows are measured against a reference row.
pub fn header(first: &str) {
    println!(
        "{first:<24} {:>9} {:>8} {:>8} {:>10}",
        "req/s", "p50 ms", "p99 ms", "vs healthz"
    );
}

/// One row: its figures, and its requests a second as a share of `health`'s.
pub fn row(name: &str, figures: &Figures, health: &Figures) {
    println!(
        "{name:<24} {:>9.0} {:>8.2} {:>8.2} {:>9.0}%",
        figures.rps,
        figures.p50_ms,
        figures.p99_ms,
        figures.rps / health.rps * 100.0
    );
    if figures.errors > 0 {
        println!(
            "{:<24} {} non-2xx answers or socket errors",
            "", figures.errors
        );
    }
}

/// The `_id` of each object of a JSON array (not those of objects nested in them: a product's
/// brand and categories have ids too).
pub fn element_ids(json: &str) -> Vec<&str> {
    let mut ids = Vec::new();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, byte) in json.bytes().enumerate() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => {
                in_string = true;
                if depth == 2
                    && let Some(id) = json[i..].strip_prefix("\"_id\":\"")
                    && let Some(end) = id.find('"')
                {
                    ids.push(&id[..end]);
                }
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    ids
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

    #[test]
    fn element_ids_skip_nested_objects_and_strings() {
        let json = r#"[{"_id":"p1","brand":{"_id":"b1"},"name":"a \"_id\":\"x\" [{"},{"category":[{"_id":"c1"}],"_id":"p2"}]"#;
        assert_eq!(element_ids(json), ["p1", "p2"]);
    }
}

/// The seeded swipe history the swipe and insights benches share (`shop-api seed`): by default
/// 100,000 products of 300 brands, 200,000 bench shoppers and 10,000,000 swipes over 30 days.
#[derive(Clone, Debug)]
pub struct History {
    pub products: usize,
    pub brands: usize,
    pub users: usize,
    pub swipes: usize,
    pub days: usize,
}

impl Default for History {
    fn default() -> Self {
        Self {
            products: 100_000,
            brands: 300,
            users: 200_000,
            swipes: 10_000_000,
            days: 30,
        }
    }
}

impl History {
    /// Takes `flag` if it is one of the history's (`--products`, `--brands`, `--users`,
    /// `--swipes`, `--days`): answers whether it was.
    pub fn take(&mut self, flag: &str, value: &str) -> Result<bool> {
        let field = match flag {
            "--products" => &mut self.products,
            "--brands" => &mut self.brands,
            "--users" => &mut self.users,
            "--swipes" => &mut self.swipes,
            "--days" => &mut self.days,
            _ => return Ok(false),
        };
        *field = positive(flag, value)?;
        Ok(true)
    }
}

/// A seeded shop on one backend, served by the release build once started; the server stops
/// and the files go when it drops.
pub struct Shop {
    server: Option<Server>,
    binary: PathBuf,
    pub data: PathBuf,
    database_url: String,
    _cluster: Option<postgres::Cluster>,
}

impl Shop {
    /// A fresh database with the catalogue, the bench users and their history.
    pub fn seeded(sh: &Shell, binary: &Path, backend: &str, history: &History) -> Result<Self> {
        let data = bench_dir("shop-bench")?;
        let (database_url, cluster) = database(sh, backend, &data)?;
        let shop = Self {
            server: None,
            binary: binary.to_owned(),
            data,
            database_url,
            _cluster: cluster,
        };
        let started = Instant::now();
        shop.shop_api(
            sh,
            &[
                "seed",
                "--products",
                &history.products.to_string(),
                "--brands",
                &history.brands.to_string(),
                "--users",
                &history.users.to_string(),
                "--swipes",
                &history.swipes.to_string(),
                "--days",
                &history.days.to_string(),
            ],
        )
        .run()?;
        println!(
            "== {backend}: seeded {} products, {} shoppers and {} swipes in {:.0} s ==",
            history.products,
            history.users,
            history.swipes,
            started.elapsed().as_secs_f64()
        );
        Ok(shop)
    }

    /// `shop-api` on this shop's database and data folder.
    pub fn shop_api<'a>(&self, sh: &'a Shell, args: &[&str]) -> xshell::Cmd<'a> {
        let binary = &self.binary;
        cmd!(sh, "{binary} {args...}")
            .env("DATABASE_URL", &self.database_url)
            .env("SHOP_DATA_DIR", &self.data)
            .env("SHOP_SESSION_SECRET", SESSION_SECRET)
    }

    /// After a bulk load: on PostgreSQL, vacuums and analyzes every table, so that the figures
    /// measure the shop rather than autovacuum catching up with millions of new rows (and plans
    /// made on stale statistics), then checkpoints; on both, waits for the operating system to
    /// write the load's dirty pages out. Without that the first minutes after a load of
    /// gigabytes measure the disk's write-back: any process that dirties a page (a PostgreSQL
    /// backend setting hint bits, SQLite's WAL) is throttled by the kernel, and a 1 ms read
    /// took 100 to 800 ms now and then.
    pub fn settle(&self, sh: &Shell) -> Result<()> {
        let started = std::time::Instant::now();
        if self.database_url.starts_with("postgres") {
            let psql = format!("{}/psql", crate::postgres::BIN);
            let url = &self.database_url;
            for statement in ["VACUUM (ANALYZE)", "CHECKPOINT"] {
                cmd!(sh, "{psql} {url} --quiet --command {statement}").run()?;
            }
        }
        cmd!(sh, "sync").run()?;
        println!(
            "settled (VACUUM (ANALYZE) and CHECKPOINT on PostgreSQL, sync) in {:.0} s",
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }

    /// Starts the server and answers its port.
    pub fn start(&mut self) -> Result<u16> {
        self.start_with("16")
    }

    /// Starts the server with a pool of `pool_size` database connections.
    pub fn start_with(&mut self, pool_size: &str) -> Result<u16> {
        let server = start_shop(
            &self.binary,
            &self.data,
            &self.database_url,
            &[
                ("SHOP_SESSION_SECRET", SESSION_SECRET),
                // A line per request would measure the log, not the shop.
                ("RUST_LOG", "warn"),
                ("SHOP_DB_POOL_SIZE", pool_size),
            ],
            &self.data.join("server.log"),
        )?;
        let port = server.port();
        self.server = Some(server);
        Ok(port)
    }

    /// Stops the server (SIGTERM: requests in flight finish first).
    pub fn stop(&mut self) {
        self.server = None;
    }

    /// Session tokens of bench users `from..from + count`, written one a line to a file.
    pub fn tokens(&self, sh: &Shell, from: usize, count: usize) -> Result<PathBuf> {
        let (from, count) = (from.to_string(), count.to_string());
        let tokens = self
            .shop_api(sh, &["issue-sessions", "--count", &count, "--from", &from])
            .quiet()
            .read()?;
        let file = self.data.join(format!("tokens-{from}.txt"));
        std::fs::write(&file, tokens + "\n")?;
        Ok(file)
    }
}

impl Drop for Shop {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}
