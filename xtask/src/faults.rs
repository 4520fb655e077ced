//! `cargo xtask faults`: the server (the debug binary the test build makes) under load while
//! its database and disk fail, with the bounds it must keep:
//!
//! - **PostgreSQL frozen** (SIGSTOP of its postmaster and backends) and **stopped** (`pg_ctl
//!   stop`), each for 10 s, on a throwaway cluster of the task's own: `/readyz` answers 503
//!   within [`READY_BOUND`]; writes sent once the server has noticed are answered 503 with a
//!   message within [`WRITE_BOUND`]; browsing keeps answering 200 from memory; no answer is a
//!   500; and after the database is back, readiness and writes recover without a restart.
//! - **The data directory fills up** (a small tmpfs filled by a file) under a SQLite shop:
//!   writes answer 503 `STORAGE_UNAVAILABLE`, `/readyz` 503, and both recover once the file is
//!   gone. A read-only remount is refused while SQLite holds its files open for writing, and
//!   file modes do not bind root, so a full disk is the storage fault the task makes.
//! - **SIGKILL during swipes and bag writes**, on SQLite and PostgreSQL: the server starts
//!   again on the same data and `shop-api check-rollups` finds the rollups exact.
//!
//! Needs root (mount, runuser) and PostgreSQL 15; takes about two minutes.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::postgres::Cluster;
use crate::tasks::{Server, target_dir, tempdir};

/// `/readyz` must say 503 within this of the fault.
const READY_BOUND: Duration = Duration::from_secs(3);
/// Writes sent after the server noticed must be answered within this.
const WRITE_BOUND: Duration = Duration::from_secs(1);
/// Reads (the catalogue, from memory) must be answered within this throughout.
const READ_BOUND: Duration = Duration::from_secs(1);
/// After the database is back, readiness must be 200 again within this.
const RECOVERY_BOUND: Duration = Duration::from_secs(10);
/// By then the server has noticed a frozen or stopped database (its watcher's 2 s bound plus
/// one probe interval).
const NOTICED: Duration = Duration::from_millis(2_600);
/// How long each fault lasts.
const FAULT: Duration = Duration::from_secs(10);
/// The server's session secret, so `issue-sessions` and the server agree.
const SESSION_SECRET: &str = "the fault task's session secret, 32+ characters";
/// Bench shoppers seeded, each with a session.
const SHOPPERS: usize = 40;

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    if let Some(unknown) = args.first() {
        bail!("unknown option {unknown} (cargo xtask faults takes none)");
    }
    if !crate::prereqs::is_root() {
        bail!("cargo xtask faults needs root: it mounts a tmpfs and runs PostgreSQL as postgres");
    }
    let started = Instant::now();
    // The binary as the test build makes it, as the end-to-end suite uses it.
    cmd!(sh, "cargo test --workspace --locked --no-run").run()?;
    let binary = target_dir().join("debug/shop-api");
    let mut failures = Vec::new();
    let cluster = Cluster::start_named(sh, "shop-pg-faults")?;
    for (name, outcome) in [
        (
            "postgres frozen",
            postgres_outage(sh, &binary, &cluster, Outage::Frozen),
        ),
        (
            "postgres stopped",
            postgres_outage(sh, &binary, &cluster, Outage::Stopped),
        ),
        ("data directory full", full_data(sh, &binary)),
        ("SIGKILL on sqlite", killed(sh, &binary, None)),
        ("SIGKILL on postgres", killed(sh, &binary, Some(&cluster))),
    ] {
        match outcome {
            Ok(()) => println!("faults: {name}: ok"),
            Err(e) => {
                println!("faults: {name}: FAILED: {e:#}");
                failures.push(name);
            }
        }
    }
    drop(cluster);
    println!("faults: done in {:.0?}", started.elapsed());
    if !failures.is_empty() {
        bail!("fault bounds broken: {}", failures.join(", "));
    }
    Ok(())
}

/// A shop's data folder seeded with bench shoppers, their sessions and product ids.
struct Shop {
    data: PathBuf,
    database_url: Option<String>,
    tokens: Vec<String>,
    products: Vec<(String, String)>,
}

impl Shop {
    fn seed(
        sh: &Shell,
        binary: &Path,
        data: PathBuf,
        database_url: Option<String>,
    ) -> Result<Self> {
        let mut shop = Self {
            data,
            database_url,
            tokens: Vec::new(),
            products: Vec::new(),
        };
        let shoppers = SHOPPERS.to_string();
        shop.shop_api(
            sh,
            binary,
            &[
                "seed",
                "--products",
                "300",
                "--brands",
                "20",
                "--users",
                &shoppers,
                "--swipes",
                "400",
                "--days",
                "2",
            ],
        )
        .quiet()
        .ignore_stdout()
        .run()?;
        shop.tokens = shop
            .shop_api(sh, binary, &["issue-sessions", "--count", &shoppers])
            .quiet()
            .read()?
            .lines()
            .map(str::to_owned)
            .collect();
        Ok(shop)
    }

    fn shop_api<'a>(&self, sh: &'a Shell, binary: &Path, args: &[&str]) -> xshell::Cmd<'a> {
        let command = cmd!(sh, "{binary} {args...}")
            .env("SHOP_DATA_DIR", &self.data)
            .env("SHOP_SESSION_SECRET", SESSION_SECRET);
        match &self.database_url {
            Some(url) => command.env("DATABASE_URL", url),
            None => command.env_remove("DATABASE_URL"),
        }
    }

    fn start(&mut self, binary: &Path) -> Result<Server> {
        let mut env = vec![
            ("SHOP_SEED_DEMO", "false"),
            ("SHOP_SESSION_SECRET", SESSION_SECRET),
        ];
        if let Some(url) = &self.database_url {
            env.push(("DATABASE_URL", url));
        }
        let server = Server::start_logged(binary, &self.data, &env, &self.data.join("server.log"))?;
        if self.products.is_empty() {
            let body = get(server.port(), "/api/products?limit=100")?.1;
            self.products = products_with_a_size(&body);
            if self.products.is_empty() {
                bail!("the catalogue lists no product with a size");
            }
        }
        Ok(server)
    }
}

/// Each product's id and its first size, from a product list.
fn products_with_a_size(json: &str) -> Vec<(String, String)> {
    crate::bench::common::element_ids(json)
        .into_iter()
        .filter_map(|id| {
            let at = json.find(&format!("\"_id\":\"{id}\""))?;
            let sizes = &json[at..].split_once("\"sizes\":[")?.1;
            let size = sizes.strip_prefix('"')?.split('"').next()?;
            Some((id.to_owned(), size.to_owned()))
        })
        .collect()
}

/// One answer: when it was sent (from the start of the run), how long it took, its status
/// (0: no answer) and code.
#[derive(Clone, Debug)]
struct Sample {
    kind: Kind,
    sent: Duration,
    took: Duration,
    status: u16,
    code: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Read,
    Write,
    Ready,
}

/// Load from a few threads until stopped: shoppers swiping and adding to their bags, and
/// visitors browsing the catalogue.
struct Load {
    stop: Arc<AtomicBool>,
    samples: Arc<Mutex<Vec<Sample>>>,
    threads: Vec<std::thread::JoinHandle<()>>,
    t0: Instant,
}

impl Load {
    fn start(port: u16, shop: &Shop) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let samples = Arc::new(Mutex::new(Vec::new()));
        let t0 = Instant::now();
        let mut threads = Vec::new();
        for worker in 0..6_usize {
            let (stop, samples) = (stop.clone(), samples.clone());
            let tokens = shop.tokens.clone();
            let products = shop.products.clone();
            threads.push(std::thread::spawn(move || {
                let mut n = worker;
                while !stop.load(Ordering::SeqCst) {
                    n = n.wrapping_mul(31).wrapping_add(7);
                    let (id, size) = &products[n % products.len()];
                    let token = &tokens[n % tokens.len()];
                    let sent = t0.elapsed();
                    let started = Instant::now();
                    let (kind, answer) = match worker % 3 {
                        0 => (Kind::Read, get(port, "/api/products?limit=20")),
                        1 => {
                            let action = if n % 5 < 3 { "like" } else { "dislike" };
                            let body =
                                format!("{{\"productId\":\"{id}\",\"action\":\"{action}\"}}");
                            (
                                Kind::Write,
                                post(port, "/api/analytics/track-swipe", token, &body),
                            )
                        }
                        _ => {
                            let body = format!(
                                "{{\"productId\":\"{id}\",\"size\":\"{size}\",\"quantity\":1}}"
                            );
                            (Kind::Write, post(port, "/api/cart/items", token, &body))
                        }
                    };
                    let (status, body) = answer.unwrap_or((0, String::new()));
                    samples.lock().expect("samples").push(Sample {
                        kind,
                        sent,
                        took: started.elapsed(),
                        status,
                        code: error_code(&body),
                    });
                    std::thread::sleep(Duration::from_millis(15));
                }
            }));
        }
        Self {
            stop,
            samples,
            threads,
            t0,
        }
    }

    /// Sends `count` writes one after another from this thread (the load's writers may all be
    /// waiting on requests sent before the fault), recording them with the load's.
    fn probe_writes(&self, port: u16, shop: &Shop, count: usize) {
        for n in 0..count {
            let (id, size) = &shop.products[n % shop.products.len()];
            let token = &shop.tokens[n % shop.tokens.len()];
            let sent = self.now();
            let started = Instant::now();
            let answer = if n % 2 == 0 {
                let body = format!("{{\"productId\":\"{id}\",\"action\":\"like\"}}");
                post(port, "/api/analytics/track-swipe", token, &body)
            } else {
                let body = format!("{{\"productId\":\"{id}\",\"size\":\"{size}\",\"quantity\":1}}");
                post(port, "/api/cart/items", token, &body)
            };
            let (status, body) = answer.unwrap_or((0, String::new()));
            self.samples.lock().expect("samples").push(Sample {
                kind: Kind::Write,
                sent,
                took: started.elapsed(),
                status,
                code: error_code(&body),
            });
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn now(&self) -> Duration {
        self.t0.elapsed()
    }

    /// Polls `/readyz` until it answers `status` (recording each answer), for at most `within`.
    fn readiness_becomes(&self, port: u16, status: u16, within: Duration) -> Option<Duration> {
        let from = Instant::now();
        while from.elapsed() < within {
            let sent = self.now();
            let started = Instant::now();
            let (got, body) = get(port, "/readyz").unwrap_or((0, String::new()));
            self.samples.lock().expect("samples").push(Sample {
                kind: Kind::Ready,
                sent,
                took: started.elapsed(),
                status: got,
                code: error_code(&body),
            });
            if got == status {
                return Some(from.elapsed());
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        None
    }

    fn finish(self) -> Vec<Sample> {
        self.stop.store(true, Ordering::SeqCst);
        for thread in self.threads {
            let _ = thread.join();
        }
        self.samples.lock().expect("samples").clone()
    }
}

/// What the answers sent in `from..to` of `kind` were: count, statuses, slowest.
fn window(samples: &[Sample], kind: Kind, from: Duration, to: Duration) -> Vec<&Sample> {
    samples
        .iter()
        .filter(|s| s.kind == kind && s.sent >= from && s.sent < to)
        .collect()
}

fn describe(label: &str, samples: &[&Sample]) -> String {
    let mut statuses: Vec<(u16, usize)> = Vec::new();
    for s in samples {
        match statuses.iter_mut().find(|(status, _)| *status == s.status) {
            Some((_, n)) => *n += 1,
            None => statuses.push((s.status, 1)),
        }
    }
    statuses.sort_unstable();
    let slowest = samples.iter().map(|s| s.took).max().unwrap_or_default();
    let statuses: Vec<String> = statuses.iter().map(|(s, n)| format!("{n}x{s}")).collect();
    format!(
        "{label}: {} answers [{}], slowest {:.0} ms",
        samples.len(),
        statuses.join(" "),
        slowest.as_secs_f64() * 1000.0
    )
}

#[derive(Clone, Copy, Debug)]
enum Outage {
    /// SIGSTOP to the postmaster and every backend: connections stay open, nothing answers.
    Frozen,
    /// `pg_ctl stop -m fast`: connections close, new ones are refused.
    Stopped,
}

fn postgres_outage(sh: &Shell, binary: &Path, cluster: &Cluster, outage: Outage) -> Result<()> {
    let data = tempdir("shop-faults-pg")?;
    let database = format!("faults_{}", format!("{outage:?}").to_lowercase());
    let admin = cluster.url.clone();
    cmd!(sh, "psql {admin} -q -c")
        .arg(format!("CREATE DATABASE {database}"))
        .run()?;
    let url = on_database(&admin, &database);
    let mut shop = Shop::seed(sh, binary, data.clone(), Some(url))?;
    let server = shop.start(binary)?;
    let port = server.port();
    let load = Load::start(port, &shop);
    std::thread::sleep(Duration::from_secs(3));

    let fault_at = load.now();
    let pids = cluster.processes()?;
    match outage {
        Outage::Frozen => signal("-STOP", &pids)?,
        Outage::Stopped => cluster.stop()?,
    }
    println!("faults: postgres {outage:?} at {fault_at:.1?}");
    let ready_503 = load.readiness_becomes(port, 503, READY_BOUND + Duration::from_secs(2));
    std::thread::sleep(NOTICED.saturating_sub(load.now() - fault_at));
    load.probe_writes(port, &shop, 20);
    load.readiness_becomes(port, 503, READY_BOUND);
    std::thread::sleep(FAULT.saturating_sub(load.now() - fault_at));
    let back_at = load.now();
    let restored = match outage {
        Outage::Frozen => signal("-CONT", &pids),
        Outage::Stopped => cluster.restart(),
    };
    let ready_200 = load.readiness_becomes(port, 200, RECOVERY_BOUND);
    std::thread::sleep(Duration::from_secs(4));
    let end = load.now();
    let samples = load.finish();
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    restored?;

    let noticed = fault_at + NOTICED;
    let reads = window(&samples, Kind::Read, fault_at, back_at);
    let early = window(&samples, Kind::Write, fault_at, noticed);
    let writes = window(&samples, Kind::Write, noticed, back_at);
    let ready = window(&samples, Kind::Ready, fault_at, back_at);
    let after = window(&samples, Kind::Write, back_at + Duration::from_secs(3), end);
    println!(
        "faults:   readiness 503 after {}",
        ready_503.map_or("never".into(), |d| format!(
            "{:.0} ms",
            d.as_secs_f64() * 1000.0
        ))
    );
    println!(
        "faults:   {}",
        describe("readiness during the outage", &ready)
    );
    println!(
        "faults:   {}",
        describe("browsing during the outage", &reads)
    );
    println!(
        "faults:   {}",
        describe("writes before the server noticed", &early)
    );
    println!("faults:   {}", describe("writes after it noticed", &writes));
    println!(
        "faults:   readiness 200 again after {}",
        ready_200.map_or("never".into(), |d| format!(
            "{:.0} ms",
            d.as_secs_f64() * 1000.0
        ))
    );
    println!(
        "faults:   {}",
        describe("writes 3 s after recovery", &after)
    );

    let mut broken = Vec::new();
    if ready_503.is_none_or(|d| d > READY_BOUND) {
        broken.push(format!("/readyz did not say 503 within {READY_BOUND:?}"));
    }
    if ready.iter().any(|s| s.took > READY_BOUND) {
        broken.push(format!("a /readyz took longer than {READY_BOUND:?}"));
    }
    if reads.iter().any(|s| s.status != 200 || s.took > READ_BOUND) {
        broken.push("browsing did not go on from memory".into());
    }
    if !refused(&writes, "SERVICE_UNAVAILABLE") {
        broken.push(format!(
            "writes were not refused 503 SERVICE_UNAVAILABLE within {WRITE_BOUND:?}"
        ));
    }
    if samples.iter().any(|s| s.status == 500 || s.status == 0) {
        broken.push("an answer was a 500 or never came".into());
    }
    if ready_200.is_none() {
        broken.push(format!(
            "readiness did not recover within {RECOVERY_BOUND:?}"
        ));
    }
    if !recovered(&after) {
        broken.push("writes did not recover".into());
    }
    if broken.is_empty() {
        Ok(())
    } else {
        bail!(broken.join("; "))
    }
}

/// `url` with its database replaced by `database`.
fn on_database(url: &str, database: &str) -> String {
    let cut = url.rfind('/').unwrap_or(url.len());
    format!("{}/{database}", &url[..cut])
}

/// Whether writes during a fault were refused cleanly and in time: each one within
/// [`WRITE_BOUND`], at least five 503 `code`, and none anything else but a 4xx refusal that
/// needed no write (another brand's product for the bag, say).
fn refused(samples: &[&Sample], code: &str) -> bool {
    let unavailable = |s: &Sample| s.status == 503 && s.code == code;
    samples.iter().filter(|s| unavailable(s)).count() >= 5
        && samples
            .iter()
            .all(|s| s.took <= WRITE_BOUND && (unavailable(s) || (400..500).contains(&s.status)))
}

/// Whether the answers recovered: some went through, and none failed on the server's side (a
/// 409 for another brand's product in the bag is the shop answering).
fn recovered(samples: &[&Sample]) -> bool {
    samples.iter().any(|s| (200..300).contains(&s.status))
        && !samples.iter().any(|s| s.status >= 500 || s.status == 0)
}

fn signal(which: &str, pids: &[u32]) -> Result<()> {
    let pids: Vec<String> = pids.iter().map(u32::to_string).collect();
    let status = std::process::Command::new("kill")
        .arg(which)
        .args(&pids)
        .status()?;
    if !status.success() {
        bail!("kill {which} {} failed", pids.join(" "));
    }
    Ok(())
}

/// A SQLite shop on a 64 MB tmpfs that fills up under load, then has room again. (Remounting
/// it read-only is refused while SQLite holds its files open for writing, and file modes do not
/// bind root; a full disk is the fault a running shop meets.) The server's output goes to that
/// disk too, so log lines that cannot be written are part of the fault.
fn full_data(sh: &Shell, binary: &Path) -> Result<()> {
    let mount = tempdir("shop-faults-full")?;
    let mount_s = mount.to_string_lossy().into_owned();
    cmd!(sh, "mount -t tmpfs -o size=64m tmpfs {mount_s}")
        .run()
        .context("mounting a tmpfs (needs root and a kernel that allows it)")?;
    let outcome = (|| -> Result<()> {
        let data = mount.join("data");
        std::fs::create_dir_all(&data)?;
        let mut shop = Shop::seed(sh, binary, data, None)?;
        let server = shop.start(binary)?;
        let port = server.port();
        let load = Load::start(port, &shop);
        std::thread::sleep(Duration::from_secs(3));
        let fault_at = load.now();
        let filler = mount.join("filler");
        fill(&filler);
        println!("faults: data directory full at {fault_at:.1?}");
        // The storage probe writes every 5 s.
        let ready_503 = load.readiness_becomes(port, 503, Duration::from_secs(8));
        load.probe_writes(port, &shop, 20);
        std::thread::sleep(FAULT.saturating_sub(load.now() - fault_at));
        let back_at = load.now();
        std::fs::remove_file(&filler)?;
        let ready_200 = load.readiness_becomes(port, 200, RECOVERY_BOUND);
        std::thread::sleep(Duration::from_secs(4));
        let end = load.now();
        let samples = load.finish();
        drop(server);

        let writes = window(
            &samples,
            Kind::Write,
            fault_at + Duration::from_secs(1),
            back_at,
        );
        let reads = window(&samples, Kind::Read, fault_at, back_at);
        let after = window(&samples, Kind::Write, back_at + Duration::from_secs(3), end);
        println!(
            "faults:   readiness 503 after {}",
            ready_503.map_or("never".into(), |d| format!(
                "{:.0} ms",
                d.as_secs_f64() * 1000.0
            ))
        );
        println!("faults:   {}", describe("browsing while full", &reads));
        println!("faults:   {}", describe("writes while full", &writes));
        println!(
            "faults:   readiness 200 again after {}",
            ready_200.map_or("never".into(), |d| format!(
                "{:.0} ms",
                d.as_secs_f64() * 1000.0
            ))
        );
        println!(
            "faults:   {}",
            describe("writes 3 s after recovery", &after)
        );
        let mut broken = Vec::new();
        if ready_503.is_none() {
            broken.push("/readyz did not say 503".to_owned());
        }
        if !refused(&writes, "STORAGE_UNAVAILABLE") {
            broken.push(format!(
                "writes were not refused 503 STORAGE_UNAVAILABLE within {WRITE_BOUND:?}"
            ));
        }
        if reads.iter().any(|s| s.status != 200) {
            broken.push("browsing stopped".into());
        }
        if samples.iter().any(|s| s.status == 500 || s.status == 0) {
            broken.push("an answer was a 500 or never came".into());
        }
        if ready_200.is_none() {
            broken.push("readiness did not recover".into());
        }
        if !recovered(&after) {
            broken.push("writes did not recover".into());
        }
        if broken.is_empty() {
            Ok(())
        } else {
            bail!(broken.join("; "))
        }
    })();
    let _ = cmd!(sh, "umount {mount_s}").quiet().run();
    let _ = std::fs::remove_dir_all(&mount);
    outcome
}

/// Writes `path` until the file system has no byte left.
fn fill(path: &Path) {
    let Ok(mut file) = std::fs::File::create(path) else {
        return;
    };
    for chunk in [1 << 20, 4096, 512] {
        let block = vec![0_u8; chunk];
        while file.write_all(&block).is_ok() {}
    }
    let _ = file.sync_all();
}

/// SIGKILL under swipes and bag writes; the server starts again on the same data and the
/// rollups are exact.
fn killed(sh: &Shell, binary: &Path, cluster: Option<&Cluster>) -> Result<()> {
    let data = tempdir("shop-faults-kill")?;
    let url = match cluster {
        Some(cluster) => {
            let admin = cluster.url.clone();
            cmd!(sh, "psql {admin} -q -c")
                .arg("CREATE DATABASE faults_kill")
                .run()?;
            Some(on_database(&admin, "faults_kill"))
        }
        None => None,
    };
    let outcome = (|| -> Result<()> {
        let mut shop = Shop::seed(sh, binary, data.clone(), url)?;
        let server = shop.start(binary)?;
        let load = Load::start(server.port(), &shop);
        std::thread::sleep(Duration::from_secs(3));
        server.kill()?;
        let samples = load.finish();
        let writes = window(&samples, Kind::Write, Duration::ZERO, Duration::MAX);
        println!("faults:   {}", describe("writes until SIGKILL", &writes));
        let started = Instant::now();
        let server = shop.start(binary)?;
        println!(
            "faults:   ready again {:.0} ms after the restart",
            started.elapsed().as_secs_f64() * 1000.0
        );
        let load = Load::start(server.port(), &shop);
        std::thread::sleep(Duration::from_secs(2));
        let samples = load.finish();
        drop(server);
        let after = window(&samples, Kind::Write, Duration::ZERO, Duration::MAX);
        println!("faults:   {}", describe("writes after the restart", &after));
        let check = shop
            .shop_api(sh, binary, &["check-rollups"])
            .quiet()
            .read()?;
        println!("faults:   {check}");
        if !check.contains("rollups exact: yes") {
            bail!("the rollups are not exact after SIGKILL");
        }
        if !recovered(&after) {
            bail!("writes failed after the restart");
        }
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&data);
    outcome
}

/// The `code` of an error body, if any.
fn error_code(body: &str) -> String {
    body.split_once("\"code\":\"")
        .and_then(|(_, rest)| rest.split('"').next())
        .unwrap_or_default()
        .to_owned()
}

fn get(port: u16, path: &str) -> Result<(u16, String)> {
    exchange(
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
    )
}

fn post(port: u16, path: &str, token: &str, body: &str) -> Result<(u16, String)> {
    exchange(
        port,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\
             Authorization: Bearer {token}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
}

/// One request on its own connection; the status and body (answers here are never chunked
/// for these small bodies, and a chunked one is still readable for its code).
fn exchange(port: u16, request: &str) -> Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    stream.write_all(request.as_bytes())?;
    let mut text = String::new();
    stream.read_to_string(&mut text)?;
    let status = text
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .context("not an HTTP answer")?;
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    Ok((status, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_database_on_the_same_server() {
        assert_eq!(
            on_database("postgres://postgres@127.0.0.1:5432/postgres", "faults_kill"),
            "postgres://postgres@127.0.0.1:5432/faults_kill"
        );
    }

    #[test]
    fn reads_products_sizes_and_codes() {
        let json = r#"[{"_id":"p1","brand":{"_id":"b1","name":"B"},"sizes":["S","M"]},{"_id":"p2","sizes":[]}]"#;
        assert_eq!(
            products_with_a_size(json),
            vec![("p1".to_owned(), "S".to_owned())]
        );
        assert_eq!(
            error_code(r#"{"error":"x","code":"STORAGE_UNAVAILABLE"}"#),
            "STORAGE_UNAVAILABLE"
        );
        assert_eq!(error_code("[]"), "");
    }
}
