//! `cargo xtask hostile`: hostile clients against the built API binary, while a probe asks
//! `/healthz` every 50 ms. Deeply nested and duplicate-key JSON, invalid UTF-8, huge query
//! strings and headers, 2,000 idle keep-alive sockets, slow headers and stalled bodies; the
//! server must answer each with a 4xx (JSON where the application answers), answer every
//! `/healthz` probe within [`HEALTHZ_LIMIT`], cut the slow and stalled sockets, and come back
//! to its resting memory. Prints what it measured (the probes' latencies among it); fails on a
//! broken bound.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use xshell::{Shell, cmd};

use crate::tasks::{Server, target_dir, tempdir};

/// No probe may go unanswered this long: a server starved by the attack misses it by far. The
/// probes' p99 is printed, not held to a bound: over some 160 probes it is the second slowest,
/// of a debug binary sharing 2 cores with the attackers, and a 50 ms bound failed a CI run at
/// 54.7 ms with nothing starved. How fast the shop answers is measured by `cargo xtask bench`.
const HEALTHZ_LIMIT: Duration = Duration::from_secs(1);
/// Idle keep-alive sockets held at once.
const IDLE_SOCKETS: usize = 2_000;
/// Slow-header and stalled-body sockets each.
const SLOW_SOCKETS: usize = 200;
/// How far above its resting size the server may stay once the clients are gone.
const MEMORY_SLACK_MB: u64 = 10;

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let binary = match args {
        [] => {
            cmd!(sh, "cargo build --locked -p api --bin shop-api").run()?;
            target_dir().join("debug/shop-api")
        }
        [flag, path] if flag == "--binary" => path.into(),
        _ => bail!("usage: cargo xtask hostile [--binary <path to shop-api>]"),
    };
    run_against(&binary)
}

/// The hostile run against an already built `binary`.
pub fn run_against(binary: &std::path::Path) -> Result<()> {
    raise_own_open_files(IDLE_SOCKETS + 2 * SLOW_SOCKETS + 500)?;
    let data = tempdir("shop-hostile")?;
    // The probe and the hostile sockets share the loopback address: the per-address cap is
    // set above what this run opens (the API tests cover the cap itself).
    let server = Server::start(
        binary,
        &data,
        &[
            ("SHOP_DEMO_PRODUCTS", "200"),
            ("SHOP_MAX_CONNECTIONS_PER_CLIENT", "10000"),
        ],
    )?;
    let outcome = attack(&server);
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    outcome
}

fn attack(server: &Server) -> Result<()> {
    let started = Instant::now();
    let port = server.port();
    let pid = server.pid();
    for _ in 0..50 {
        exchange(
            port,
            b"GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n",
        )?;
    }
    std::thread::sleep(Duration::from_secs(1));
    let resting = rss_mb(pid)?;
    let probe = Probe::start(port);

    // Bad bodies and heads: each a 4xx, JSON where the application answers.
    // Nested under a field the call ignores, so the parser has to walk all of it.
    let nested = format!("{{\"other\":{}", "[".repeat(60_000));
    // Each is refused as a bad body: `INVALID_JSON` for what does not parse, `INVALID_BODY` for
    // JSON of the wrong shape (a duplicate key).
    let bodies: [(&str, Vec<u8>, &str); 4] = [
        ("deeply nested JSON", nested.into_bytes(), "INVALID_"),
        (
            "duplicate keys",
            br#"{"message":"hi","message":"again"}"#.to_vec(),
            "INVALID_",
        ),
        (
            "invalid UTF-8",
            b"{\"message\":\"\xff\xfe\xfd\"}".to_vec(),
            "INVALID_JSON",
        ),
        ("not JSON", b"\x00\x01\x02".to_vec(), "INVALID_JSON"),
    ];
    for (what, body, code) in bodies {
        let mut request = format!(
            "POST /api/chat HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .into_bytes();
        request.extend_from_slice(&body);
        let answer = exchange(port, &request)?;
        expect(what, &answer, 400, Some(code))?;
    }
    let long_query = format!(
        "GET /api/products?q={} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n",
        "a".repeat(20_000)
    );
    expect(
        "a 20 KB query string",
        &exchange(port, long_query.as_bytes())?,
        414,
        Some("URI_TOO_LONG"),
    )?;
    let huge_query = format!(
        "GET /api/products?q={} HTTP/1.1\r\nHost: shop\r\n\r\n",
        "a".repeat(200_000)
    );
    expect(
        "a 200 KB query string",
        &exchange(port, huge_query.as_bytes())?,
        431,
        None,
    )?;
    let big_headers = format!(
        "GET /healthz HTTP/1.1\r\nHost: shop\r\nX-Filler: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(60_000)
    );
    expect(
        "60 KB of headers",
        &exchange(port, big_headers.as_bytes())?,
        431,
        Some("HEADERS_TOO_LARGE"),
    )?;
    let many_headers: String = (0..500).map(|i| format!("X-H{i}: a\r\n")).collect();
    let many = format!("GET /healthz HTTP/1.1\r\nHost: shop\r\n{many_headers}\r\n");
    expect("500 headers", &exchange(port, many.as_bytes())?, 431, None)?;
    println!("hostile: bad bodies and heads answered 400/414/431");

    // 2,000 idle keep-alive sockets, each after one answered request.
    let opened = Instant::now();
    let mut idle = Vec::with_capacity(IDLE_SOCKETS);
    for _ in 0..IDLE_SOCKETS {
        let mut stream = TcpStream::connect(("127.0.0.1", port))?;
        // A call that reads the database, as most do: their buffers and blocking work are what
        // a flood leaves behind.
        stream.write_all(b"GET /readyz HTTP/1.1\r\nHost: shop\r\n\r\n")?;
        idle.push(stream);
    }
    for stream in &mut idle {
        stream.set_read_timeout(Some(Duration::from_secs(5)))?;
        let mut buf = [0u8; 1024];
        let n = stream.read(&mut buf)?;
        ensure!(
            buf[..n].starts_with(b"HTTP/1.1 200"),
            "an idle socket's request was not answered 200"
        );
    }
    let peak_idle = rss_mb(pid)?;
    println!(
        "hostile: {IDLE_SOCKETS} keep-alive sockets open and answered in {:.1} s (RSS {peak_idle} MB)",
        opened.elapsed().as_secs_f64()
    );

    // Slow heads and stalled bodies at once: both must be cut by the server.
    let mut slow = Vec::with_capacity(2 * SLOW_SOCKETS);
    for i in 0..2 * SLOW_SOCKETS {
        let mut stream = TcpStream::connect(("127.0.0.1", port))?;
        if i % 2 == 0 {
            stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: sh")?;
        } else {
            stream.write_all(
                b"POST /api/chat HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n\
                  Content-Length: 1000\r\n\r\n{\"message\":",
            )?;
        }
        stream.set_read_timeout(Some(Duration::from_secs(15)))?;
        slow.push(stream);
    }
    let cut_started = Instant::now();
    let mut statuses = std::collections::BTreeMap::<String, usize>::new();
    for mut stream in slow {
        let mut answer = Vec::new();
        // The server closes: read returns 0 (or the connection is reset).
        let _ = stream.read_to_end(&mut answer);
        let status = String::from_utf8_lossy(answer.get(9..12).unwrap_or(b"---")).into_owned();
        *statuses.entry(status).or_default() += 1;
    }
    let cut_after = cut_started.elapsed();
    println!(
        "hostile: {} slow-header and {} stalled-body sockets cut within {:.1} s (answers {statuses:?})",
        SLOW_SOCKETS,
        SLOW_SOCKETS,
        cut_after.as_secs_f64()
    );
    ensure!(
        cut_after < Duration::from_secs(15),
        "slow sockets were not cut within 15 s"
    );
    ensure!(
        statuses.get("408") == Some(&(2 * SLOW_SOCKETS)),
        "every slow or stalled socket is answered 408: {statuses:?}"
    );
    drop(idle);

    // Memory back to rest once the clients are gone.
    let mut after = rss_mb(pid)?;
    let deadline = Instant::now() + Duration::from_secs(20);
    while after > resting + MEMORY_SLACK_MB && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(500));
        after = rss_mb(pid)?;
    }
    std::thread::sleep(Duration::from_secs(1));
    let latencies = probe.stop();
    let summary = Latencies::of(&latencies);
    println!(
        "hostile: /healthz during and after: {} probes, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms, {} failed",
        summary.count,
        summary.p50.as_secs_f64() * 1e3,
        summary.p99.as_secs_f64() * 1e3,
        summary.max.as_secs_f64() * 1e3,
        summary.failed
    );
    println!(
        "hostile: RSS {resting} MB at rest, {peak_idle} MB with {IDLE_SOCKETS} idle sockets, {after} MB after (bound {} MB); {:.0} s in all",
        resting + MEMORY_SLACK_MB,
        started.elapsed().as_secs_f64()
    );
    ensure!(
        summary.failed == 0,
        "{} /healthz probes failed",
        summary.failed
    );
    ensure!(
        summary.max <= HEALTHZ_LIMIT,
        "a /healthz probe took {:?}",
        summary.max
    );
    ensure!(
        after <= resting + MEMORY_SLACK_MB,
        "memory stayed at {after} MB (rest {resting} MB)"
    );
    Ok(())
}

/// Asserts an answer's status and, when given, its JSON error code (or the code's start).
fn expect(what: &str, answer: &str, status: u16, code: Option<&str>) -> Result<()> {
    let got: Option<u16> = answer.get(9..12).and_then(|s| s.parse().ok());
    ensure!(
        got == Some(status),
        "{what}: expected {status}, got {:.120}",
        answer
    );
    if let Some(code) = code {
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        ensure!(
            body.contains(&format!("\"code\":\"{code}")) && body.contains("\"error\":"),
            "{what}: expected a JSON {code}, got {body:.200}"
        );
    }
    Ok(())
}

/// Sends `request` on a fresh connection and reads until the server closes it.
fn exchange(port: u16, request: &[u8]) -> Result<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    // The server may answer and close before a huge request is written in full.
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    ensure!(!answer.is_empty(), "no answer");
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

/// The resident memory of process `pid`, in MB.
fn rss_mb(pid: u32) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<u64>().ok())
        .map(|kb| kb / 1024)
        .context("no VmRSS in /proc/<pid>/status")
}

/// This process's soft open-files limit raised to at least `needed` (up to the hard limit),
/// with util-linux's `prlimit` (xtask keeps its dependencies few).
fn raise_own_open_files(needed: usize) -> Result<()> {
    let limits = std::fs::read_to_string("/proc/self/limits")?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .context("no open-files line in /proc/self/limits")?;
    let numbers: Vec<&str> = line.split_whitespace().skip(3).take(2).collect();
    let soft: usize = numbers.first().and_then(|n| n.parse().ok()).unwrap_or(0);
    let hard = numbers.get(1).copied().unwrap_or("unlimited");
    if soft >= needed {
        return Ok(());
    }
    let pid = std::process::id().to_string();
    let status = std::process::Command::new("prlimit")
        .args(["--pid", &pid, &format!("--nofile={hard}:{hard}")])
        .status();
    let raised = std::fs::read_to_string("/proc/self/limits")?
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .and_then(|l| l.split_whitespace().nth(3))
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(0);
    ensure!(
        raised >= needed,
        "the hostile run opens {needed} sockets but the open-files limit is {soft} (hard {hard}; prlimit: {status:?}); raise it with `ulimit -n {needed}`"
    );
    Ok(())
}

/// Asks `/healthz` every 50 ms on a fresh connection, timing each answer.
struct Probe {
    stop: Arc<AtomicBool>,
    times: Arc<Mutex<Vec<Option<Duration>>>>,
    thread: std::thread::JoinHandle<()>,
}

impl Probe {
    fn start(port: u16) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let times = Arc::new(Mutex::new(Vec::new()));
        let thread = {
            let stop = Arc::clone(&stop);
            let times = Arc::clone(&times);
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let asked = Instant::now();
                    let ok = exchange(
                        port,
                        b"GET /healthz HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n",
                    )
                    .is_ok_and(|a| a.starts_with("HTTP/1.1 200"));
                    let took = asked.elapsed();
                    if let Ok(mut times) = times.lock() {
                        times.push(ok.then_some(took));
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            })
        };
        Self {
            stop,
            times,
            thread,
        }
    }

    fn stop(self) -> Vec<Option<Duration>> {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
        self.times.lock().map(|t| t.clone()).unwrap_or_default()
    }
}

struct Latencies {
    count: usize,
    failed: usize,
    p50: Duration,
    p99: Duration,
    max: Duration,
}

impl Latencies {
    fn of(probes: &[Option<Duration>]) -> Self {
        let mut ok: Vec<Duration> = probes.iter().flatten().copied().collect();
        ok.sort();
        let at = |q: f64| {
            ok.get(((ok.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or_default()
        };
        Self {
            count: probes.len(),
            failed: probes.len() - ok.len(),
            p50: at(0.5),
            p99: at(0.99),
            max: ok.last().copied().unwrap_or_default(),
        }
    }
}
