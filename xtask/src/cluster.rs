//! `cargo xtask cluster`: three release API processes on one throwaway PostgreSQL behind
//! HAProxy (installed from Debian when missing), with the balancer's health checks on
//! `/readyz`, then the checks that a cluster does each thing once and shares what it must:
//!
//! - sessions issued once are valid on every process; a sign-in code's rate limit asked through
//!   one process refuses through the others; a catalogue edit made through one process is read
//!   through every process within 2 s (`cluster-load`);
//! - the checkout race of `bench checkout` through the balancer: N buyers for the last U units,
//!   exactly U paid, the stock ledger adding up (`checkout-load race`);
//! - browsing and swipes through the balancer while one process is killed with SIGKILL and
//!   started again: the only errors a client sees are the killed process's calls in flight
//!   (at most one a connection, in the kill's window), then `shop-api check-rollups` recounts
//!   every swipe the three processes folded.
//!
//! It also prints the browse call's throughput through the balancer against one process
//! directly, measured in the same run. Not part of `cargo xtask test`: run by hand (under a
//! minute after the build).
//!
//! The balancer pins a signed-in client to one process (`balance hdr(Authorization)`): the
//! embedded payment sandbox keeps its orders in the memory of the process that made them, so a
//! checkout's steps must meet the same one. A cluster in production pays through Razorpay,
//! which every process reaches alike.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::bench::common::{
    Figures, Load, SESSION_SECRET, bench_dir, element_ids, fetch, wrk_load,
};
use crate::postgres;
use crate::tasks::{Server, free_port, http_status, target_dir};

/// API processes behind the balancer.
const PROCESSES: usize = 3;
/// The race's buyers and the units they race for.
const BUYERS: usize = 200;
const UNITS: usize = 10;
/// Shoppers swiping during the kill.
const SWIPERS: usize = 50;
/// The browse load during the kill: its connections and how long it runs; the kill comes
/// `KILL_AFTER` into it and the killed process is started again `RESTART_AFTER` later.
const KILL_LOAD_CONNECTIONS: u64 = 8;
const KILL_LOAD_SECONDS: u64 = 12;
const SWIPE_CONNECTIONS: u64 = 8;
/// Errors a connection may see from the kill: its call in flight on the killed process, and the
/// next one sent on the same kept-alive connection in the instant HAProxy closes it.
const IN_FLIGHT_PER_CONNECTION: u64 = 2;
const KILL_AFTER: Duration = Duration::from_secs(3);
/// Errors a client may see after the kill: the calls in flight fail at once; later ones are
/// sent to the other processes (`retries 1`, `option redispatch`, then the health check).
const KILL_WINDOW_MS: u128 = 3000;
/// Seconds of each throughput measurement.
const THROUGHPUT_SECONDS: u64 = 5;

/// A 32-byte data key (hex) shared by the processes: what one encrypts, the others read.
const DATA_KEY: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    if !args.is_empty() {
        bail!("cargo xtask cluster takes no options");
    }
    cmd!(
        sh,
        "cargo build --release --locked --package api --bin shop-api --bin checkout-load --bin cluster-load"
    )
    .run()?;
    crate::prereqs::haproxy(sh)?;
    crate::prereqs::wrk(sh)?;
    let release = target_dir().join("release");
    let bins = Bins {
        server: release.join("shop-api"),
        checkout: release.join("checkout-load"),
        cluster: release.join("cluster-load"),
    };
    let started = Instant::now();
    let data = bench_dir("shop-cluster")?;
    let pg = postgres::Cluster::start_named(sh, "shop-cluster-pg")?;
    let outcome = run_cluster(sh, &bins, &data, &pg.url);
    drop(pg);
    match outcome {
        Ok(report) => {
            let _ = std::fs::remove_dir_all(&data);
            println!(
                "\ncluster: every check passed in {:.0} s\n{report}",
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Err(e) => bail!(
            "{e:#}\n(the processes' logs are kept in {})",
            data.display()
        ),
    }
}

struct Bins {
    server: PathBuf,
    checkout: PathBuf,
    cluster: PathBuf,
}

/// The API processes, one of which may be down for a while, and the balancer.
struct Processes<'a> {
    bins: &'a Bins,
    data: &'a Path,
    database_url: &'a str,
    servers: Vec<Option<Server>>,
    ports: Vec<u16>,
    starts: usize,
}

impl Processes<'_> {
    fn env(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("SHOP_SESSION_SECRET", SESSION_SECRET),
            ("SHOP_DATA_KEY", DATA_KEY),
            // Clients are counted by the address the balancer forwards, not the balancer's.
            ("SHOP_TRUST_FORWARDED", "true"),
            ("RUST_LOG", "warn"),
            ("SHOP_DB_POOL_SIZE", "16"),
            ("SHOP_PAYMENTS", "sandbox"),
            ("SHOP_RAZORPAY_KEY_ID", ""),
            ("SHOP_RAZORPAY_KEY_SECRET", ""),
            ("SHOP_RAZORPAY_WEBHOOK_SECRET", ""),
            ("SHOP_RAZORPAY_URL", ""),
            ("SHOP_SHIPROCKET_EMAIL", ""),
            ("SHOP_SHIPROCKET_PASSWORD", ""),
        ]
    }

    /// Starts process `n` (again) on its port.
    fn start(&mut self, n: usize) -> Result<()> {
        self.starts += 1;
        let log = self.data.join(format!("api{}-{}.log", n + 1, self.starts));
        let statics = self.data.join("static").to_string_lossy().into_owned();
        let mut env = vec![
            ("SHOP_SEED_DEMO", "false"),
            ("DATABASE_URL", self.database_url),
            ("SHOP_FRONTEND_DIR", statics.as_str()),
        ];
        env.extend(self.env());
        let server =
            Server::start_logged_on(self.ports[n], &self.bins.server, self.data, &env, &log)?;
        self.servers[n] = Some(server);
        Ok(())
    }

    fn url(&self, n: usize) -> String {
        format!("http://127.0.0.1:{}", self.ports[n])
    }

    fn urls(&self) -> String {
        (0..PROCESSES)
            .map(|n| self.url(n))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// HAProxy in the foreground, stopped on drop.
struct Balancer {
    child: Child,
    port: u16,
}

impl Balancer {
    /// The settings of deploy/haproxy/haproxy.cfg on loopback ports, but for the balancing
    /// (see the module's notes).
    fn start(data: &Path, ports: &[u16]) -> Result<Self> {
        let port = free_port()?;
        let servers: String = ports
            .iter()
            .enumerate()
            .map(|(n, p)| format!("    server api{} 127.0.0.1:{p}\n", n + 1))
            .collect();
        let config = format!(
            "global
    # deploy/'s 20000 needs more file descriptors than a shell here may open.
    maxconn 4000

defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    option forwardfor
    retries 1
    option redispatch

frontend shop
    bind 127.0.0.1:{port}
    default_backend api

backend api
    balance hdr(Authorization)
    option httpchk GET /readyz
    http-check expect status 200
    # Hashing sends a retry to the same server: a refused connection must take the server out
    # at once, or a killed process's clients get 503 until its health checks fail.
    default-server check inter 1s fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down
{servers}"
        );
        let file = data.join("haproxy.cfg");
        std::fs::write(&file, config)?;
        let log = std::fs::File::create(data.join("haproxy.log"))?;
        eprintln!("$ haproxy -db -f {}", file.display());
        let child = Command::new("haproxy")
            .arg("-db")
            .arg("-f")
            .arg(&file)
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()
            .context("starting haproxy")?;
        let mut balancer = Self { child, port };
        let deadline = Instant::now() + Duration::from_secs(20);
        // Every server must have passed its checks (rise 2) before the load starts.
        std::thread::sleep(Duration::from_millis(2500));
        loop {
            if let Some(status) = balancer.child.try_wait()? {
                bail!("haproxy exited ({status}); see {}", data.display());
            }
            if http_status(port, "/readyz").ok() == Some(200) {
                return Ok(balancer);
            }
            if Instant::now() > deadline {
                balancer.stop();
                bail!("haproxy did not answer /readyz within 20 s");
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        self.stop();
    }
}

fn run_cluster(sh: &Shell, bins: &Bins, data: &Path, database_url: &str) -> Result<String> {
    let server = &bins.server;
    let shop_api = |args: &[&str]| {
        cmd!(sh, "{server} {args...}")
            .env("DATABASE_URL", database_url)
            .env("SHOP_DATA_DIR", data)
            .env("SHOP_SESSION_SECRET", SESSION_SECRET)
            .env("SHOP_DATA_KEY", DATA_KEY)
    };
    let admin = BUYERS + SWIPERS;
    let users = (admin + 1).to_string();
    shop_api(&["seed", "--products", "200", "--users", &users]).run()?;
    let issue = |file: &str, count: usize, from: usize| -> Result<PathBuf> {
        let (count, from) = (count.to_string(), from.to_string());
        let tokens = shop_api(&["issue-sessions", "--count", &count, "--from", &from])
            .quiet()
            .read()?;
        let path = data.join(file);
        std::fs::write(&path, tokens + "\n")?;
        Ok(path)
    };
    let buyers = issue("tokens.txt", BUYERS, 0)?;
    let swipers = issue("swipe-tokens.txt", SWIPERS, BUYERS)?;
    shop_api(&[
        "grant-role",
        &format!("bench-{admin}@bench.invalid"),
        "admin",
    ])
    .run()?;
    let admin_token = std::fs::read_to_string(issue("admin-token.txt", 1, admin)?)?
        .trim()
        .to_owned();

    let mut processes = Processes {
        bins,
        data,
        database_url,
        servers: (0..PROCESSES).map(|_| None).collect(),
        ports: (0..PROCESSES).map(|_| free_port()).collect::<Result<_>>()?,
        starts: 0,
    };
    for n in 0..PROCESSES {
        processes.start(n)?;
    }
    let balancer = Balancer::start(data, &processes.ports)?;
    let urls = processes.urls();
    let bal = balancer.url();
    println!(
        "\ncluster: {PROCESSES} API processes ({urls}) behind HAProxy at {bal}, PostgreSQL at {database_url}"
    );

    let mut failed = Vec::new();
    let mut check = |what: &str, ok: bool| {
        if !ok {
            failed.push(what.to_owned());
        }
    };
    let cluster_load = &bins.cluster;
    println!("\n== sessions, rate limits, a catalogue edit ==");
    let b = buyers.to_string_lossy().into_owned();
    check(
        "sessions on every process",
        cmd!(sh, "{cluster_load} sessions --urls {urls} --tokens {b}")
            .run()
            .is_ok(),
    );
    check(
        "rate limits shared",
        cmd!(sh, "{cluster_load} rate-limit --urls {urls}")
            .run()
            .is_ok(),
    );
    check(
        "the edit seen everywhere within 2 s",
        cmd!(
            sh,
            "{cluster_load} edit --urls {urls} --token {admin_token}"
        )
        .quiet()
        .run()
        .is_ok(),
    );

    println!("\n== throughput: the balancer against one process ==");
    let browse = "/api/products?limit=20";
    let load = Load::plain(32, THROUGHPUT_SECONDS);
    let direct = wrk_load(sh, processes.ports[0], browse, &load)?;
    let through = wrk_load(sh, balancer.port, browse, &load)?;
    let figures = |name: &str, f: &Figures| {
        format!(
            "{name:<34} {:>8.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  {} errors",
            f.rps, f.p50_ms, f.p99_ms, f.errors
        )
    };
    let mut report = vec![
        figures(&format!("GET {browse}, one process"), &direct),
        figures(&format!("GET {browse}, HAProxy + {PROCESSES}"), &through),
        format!(
            "the balancer's throughput is {:.2}x one process's (32 connections, {THROUGHPUT_SECONDS} s each, load generator on the same cores)",
            through.rps / direct.rps
        ),
    ];
    for line in &report {
        println!("{line}");
    }

    println!("\n== the checkout race through the balancer ==");
    let checkout = &bins.checkout;
    let units = UNITS.to_string();
    check(
        "the checkout race",
        cmd!(
            sh,
            "{checkout} race --url {bal} --database-url {database_url} --tokens {b} --units {units}"
        )
        .run()
        .is_ok(),
    );

    println!("\n== cancellations approved while three settlers run ==");
    check(
        "cancellations approved",
        cmd!(
            sh,
            "{cluster_load} cancel --url {bal} --tokens {b} --token {admin_token}"
        )
        .run()
        .is_ok(),
    );
    let (refunded, refund_report) = refunds_once(sh, database_url)?;
    check("every refund made once", refunded);
    report.push(refund_report);

    println!("\n== reservations lapsed by three settlers ==");
    let sw = swipers.to_string_lossy().into_owned();
    let reserved = cmd!(sh, "{cluster_load} reserve --url {bal} --tokens {sw}").read()?;
    let (lapsed, lapse_report) = lapsed_once(sh, database_url, &reserved)?;
    check("every reservation lapsed once", lapsed);
    report.push(lapse_report);

    println!("\n== browsing and swipes while one process is killed ==");
    let (kill_errors, kill_report) = kill_one(&mut processes, &balancer, &swipers)?;
    check(
        "errors only from the killed process's calls in flight",
        kill_errors,
    );
    report.extend(kill_report);

    drop(balancer);
    for server in &mut processes.servers {
        server.take();
    }
    println!("\n== every swipe counted once ==");
    check("check-rollups", shop_api(&["check-rollups"]).run().is_ok());

    if !failed.is_empty() {
        bail!("cluster: FAILED: {}", failed.join("; "));
    }
    Ok(report.join("\n"))
}

/// One number from the database.
fn sql_number(sh: &Shell, database_url: &str, query: &str) -> Result<i64> {
    let psql = format!("{}/psql", postgres::BIN);
    let out = cmd!(sh, "{psql} -XAtq {database_url} -c {query}")
        .quiet()
        .read()?;
    out.trim()
        .parse()
        .with_context(|| format!("{query}: {out}"))
}

/// Waits (up to 60 s) for the settlers to finish the refunds of the approved cancellations,
/// then checks each was made once: one refund id, completed, the payment refunded, no claim
/// left, one `refund.completed` event per order and brand.
fn refunds_once(sh: &Shell, database_url: &str) -> Result<(bool, String)> {
    let cancelled = "stage = 'placed' AND refund_status <> 'not_initiated'";
    let total = sql_number(
        sh,
        database_url,
        &format!("SELECT count(*) FROM orders WHERE {cancelled}"),
    )?;
    let started = Instant::now();
    let pending = |sh: &Shell| {
        sql_number(
            sh,
            database_url,
            &format!(
                "SELECT count(*) FROM orders WHERE {cancelled} AND refund_status <> 'completed'"
            ),
        )
    };
    while pending(sh)? > 0 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(500));
    }
    let waited = started.elapsed().as_secs_f64();
    let left = pending(sh)?;
    let without_id = sql_number(
        sh,
        database_url,
        &format!(
            "SELECT count(*) FROM orders WHERE {cancelled} AND (refund_id IS NULL OR payment_status <> 'Refunded')"
        ),
    )?;
    let claims = sql_number(sh, database_url, "SELECT count(*) FROM order_refund_claims")?;
    let doubled = sql_number(
        sh,
        database_url,
        "SELECT count(*) FROM (SELECT order_id, brand_id FROM brand_events WHERE type = 'refund.completed' GROUP BY order_id, brand_id HAVING count(*) > 1) d",
    )?;
    let ok = total > 0 && left == 0 && without_id == 0 && claims == 0 && doubled == 0;
    let line = format!(
        "refunds: {total} cancelled orders, all refunded {waited:.1} s after the last approval; {left} unfinished, {without_id} without one refund id or a refunded payment, {claims} claims left, {doubled} refund events raised twice"
    );
    println!("{} {line}", if ok { "ok    " } else { "FAILED" });
    Ok((ok, line))
}

/// Ends the reservations `reserved` (`reserve: <product> <size> <count>`) made now, as if
/// their 10 minutes had passed, waits (up to 30 s) for the settlers to lapse them, and checks
/// that each gave its unit back once: the size's units rise by exactly the count.
fn lapsed_once(sh: &Shell, database_url: &str, reserved: &str) -> Result<(bool, String)> {
    let line = reserved
        .lines()
        .find_map(|l| l.strip_prefix("reserve: "))
        .context("cluster-load reserve printed no reservation")?;
    let [product, size, count] = line.split(' ').collect::<Vec<_>>()[..] else {
        bail!("cluster-load reserve printed {line}");
    };
    let count: i64 = count.parse()?;
    let units = format!(
        "SELECT quantity FROM product_stock WHERE product_id = '{product}' AND size = '{size}'"
    );
    let before = sql_number(sh, database_url, &units)?;
    let open = "SELECT count(*) FROM orders WHERE stage = 'reserved'";
    let reserved_now = sql_number(sh, database_url, open)?;
    let psql = format!("{}/psql", postgres::BIN);
    let expire = "UPDATE orders SET reserved_until = now() AT TIME ZONE 'UTC' - interval '1 minute' WHERE stage = 'reserved'";
    cmd!(sh, "{psql} -XAtq {database_url} -c {expire}")
        .quiet()
        .run()?;
    let started = Instant::now();
    while sql_number(sh, database_url, open)? > 0 && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(250));
    }
    let waited = started.elapsed().as_secs_f64();
    let left = sql_number(sh, database_url, open)?;
    let after = sql_number(sh, database_url, &units)?;
    let ok = reserved_now >= count && left == 0 && after - before == count;
    let text = format!(
        "lapse: {count} reservations of one size ended, lapsed by the settlers within {waited:.1} s; the size's units went from {before} to {after} (+{}, expected +{count}); {left} still reserved",
        after - before
    );
    println!("{} {text}", if ok { "ok    " } else { "FAILED" });
    Ok((ok, text))
}

/// Browses (cluster-load) and swipes (wrk) through the balancer, kills process 2 with SIGKILL
/// `KILL_AFTER` into it and starts it again 3 s later; answers whether the browsing clients saw
/// only the errors the kill may cause, and the lines to report.
fn kill_one(
    processes: &mut Processes<'_>,
    balancer: &Balancer,
    swipers: &Path,
) -> Result<(bool, Vec<String>)> {
    let mut ids = String::new();
    for id in element_ids(&fetch(processes.ports[0], "/api/products?limit=200")?) {
        ids.push_str(id);
        ids.push('\n');
    }
    let products = processes.data.join("products.txt");
    std::fs::write(&products, ids)?;
    let mut browse = Command::new(&processes.bins.cluster)
        .args(["load", "--url", &balancer.url()])
        .args(["--seconds", &KILL_LOAD_SECONDS.to_string()])
        .args(["--connections", &KILL_LOAD_CONNECTIONS.to_string()])
        .arg("--tokens")
        .arg(swipers)
        .arg("--products")
        .arg(&products)
        .args(["--swipers", &SWIPE_CONNECTIONS.to_string()])
        .stdout(Stdio::piped())
        .spawn()
        .context("starting cluster-load load")?;
    let mut lines = BufReader::new(browse.stdout.take().context("the load's output")?).lines();
    for line in lines.by_ref() {
        if line? == "load started" {
            break;
        }
    }
    let started = Instant::now();
    std::thread::sleep(KILL_AFTER);
    let killed_at = started.elapsed().as_millis();
    processes.servers[1]
        .take()
        .context("process 2 is not running")?
        .kill()?;
    std::thread::sleep(Duration::from_secs(3));
    processes.start(1)?;
    let restarted_at = started.elapsed().as_millis();
    let mut errors = Vec::new();
    let mut summary = String::new();
    for line in lines {
        let line = line?;
        if let Some(rest) = line.strip_prefix("error at ") {
            let at: u128 = rest
                .split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .context("an error line without its time")?;
            errors.push((at, line.clone()));
        } else if line.starts_with("load:") {
            summary = line;
        }
    }
    let browsed = browse.wait()?.success();
    for (_, line) in &errors {
        println!("  {line}");
    }
    let outside: Vec<_> = errors
        .iter()
        .filter(|(at, _)| *at + 100 < killed_at || *at > killed_at + KILL_WINDOW_MS)
        .collect();
    let connections = KILL_LOAD_CONNECTIONS + SWIPE_CONNECTIONS;
    let bounded = errors.len() as u64 <= IN_FLIGHT_PER_CONNECTION * connections;
    let ok = browsed && outside.is_empty() && bounded;
    let report = vec![
        format!(
            "kill: process 2 killed with SIGKILL {killed_at} ms into {KILL_LOAD_SECONDS} s of browsing ({KILL_LOAD_CONNECTIONS} connections) and swiping ({SWIPE_CONNECTIONS}), started again at {restarted_at} ms"
        ),
        format!(
            "kill: {summary}; {} of the errors outside {killed_at}..{} ms; at most {} allowed ({IN_FLIGHT_PER_CONNECTION} a connection)",
            outside.len(),
            killed_at + KILL_WINDOW_MS,
            IN_FLIGHT_PER_CONNECTION * connections
        ),
    ];
    for line in &report {
        println!("{} {line}", if ok { "ok    " } else { "FAILED" });
    }
    Ok((ok, report))
}
