//! run, test, e2e and seed.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::{postgres, prereqs, project_root};

/// The pure crates: each must build and test on its own, with nothing else.
pub const PURE_CRATES: &[&str] = &[
    "pricing",
    "delivery",
    "trending",
    "swipe",
    "validation",
    "catalogue",
    "listing",
    "access",
    "support",
    "recommend",
    "places",
    "bag",
    "orders",
];

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    if !args.is_empty() {
        bail!(
            "`cargo xtask run` takes no arguments (configure with SHOP_ADDR, SHOP_DATA_DIR, DATABASE_URL, ...)"
        );
    }
    prereqs::npm_packages(sh)?;
    build_frontend(sh, false)?;
    let root = project_root();
    let frontend = root.join("frontend/dist");
    let frontend = frontend.to_string_lossy();
    cmd!(sh, "cargo run --release --package api --bin shop-api")
        .env(
            "SHOP_FRONTEND_DIR",
            std::env::var("SHOP_FRONTEND_DIR").unwrap_or_else(|_| frontend.into_owned()),
        )
        .run()?;
    Ok(())
}

/// Builds `frontend/dist` when it is missing or older than any source file (always when `force`).
pub fn build_frontend(sh: &Shell, force: bool) -> Result<()> {
    let root = project_root().join("frontend");
    let built = root
        .join("dist/index.html")
        .metadata()
        .and_then(|m| m.modified())
        .ok();
    let stale = match built {
        None => true,
        Some(built) => newest_source(&root)? > built,
    };
    if force || stale {
        let _dir = sh.push_dir(&root);
        cmd!(sh, "npm run build").run()?;
    }
    Ok(())
}

fn newest_source(frontend: &std::path::Path) -> Result<std::time::SystemTime> {
    let mut newest = std::time::SystemTime::UNIX_EPOCH;
    let mut stack = vec![frontend.join("src"), frontend.join("public")];
    for file in ["index.html", "package-lock.json", "vite.config.ts"] {
        stack.push(frontend.join(file));
    }
    while let Some(path) = stack.pop() {
        let Ok(meta) = path.metadata() else { continue };
        if meta.is_dir() {
            for entry in std::fs::read_dir(&path)? {
                stack.push(entry?.path());
            }
        } else if let Ok(modified) = meta.modified() {
            newest = newest.max(modified);
        }
    }
    Ok(newest)
}

pub fn test(sh: &Shell, args: &[String]) -> Result<()> {
    let e2e = !args.iter().any(|a| a == "--no-e2e");
    if let Some(unknown) = args.iter().find(|a| *a != "--no-e2e") {
        bail!("unknown option {unknown} (try --no-e2e)");
    }
    let started = Instant::now();
    cmd!(sh, "cargo fmt --all -- --check").run()?;
    cmd!(
        sh,
        "cargo clippy --workspace --all-targets --locked -- -D warnings"
    )
    .run()?;
    // A broken or private link in the docs is an error: the crate docs are their contracts.
    cmd!(sh, "cargo doc --workspace --no-deps --locked")
        .env("RUSTDOCFLAGS", "-D warnings")
        .run()?;
    // cargo-deny (installed when missing) and npm audit; what could not run is said at the end.
    let not_run = crate::supply::check(sh)?;

    // PostgreSQL: the server at DATABASE_URL if one is given, else a throwaway cluster.
    let cluster;
    let postgres_url = match std::env::var("DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => url,
        _ => {
            cluster = postgres::Cluster::start(sh)?;
            cluster.url.clone()
        }
    };
    let _pg = sh.push_env("SHOP_TEST_POSTGRES_URL", &postgres_url);
    let _require = sh.push_env("SHOP_REQUIRE_POSTGRES", "1");
    prereqs::smtp_server(sh)?;
    prereqs::moto_server(sh)?;
    if cmd!(sh, "cargo nextest --version")
        .quiet()
        .ignore_stdout()
        .ignore_stderr()
        .run()
        .is_ok()
    {
        cmd!(sh, "cargo nextest run --workspace --locked --no-fail-fast").run()?;
    } else {
        cmd!(sh, "cargo test --workspace --locked --no-fail-fast").run()?;
    }
    // The test build made the server binary: hostile clients against it.
    crate::hostile::run_against(&target_dir().join("debug/shop-api"))?;
    let pure: Vec<String> = PURE_CRATES
        .iter()
        .flat_map(|c| ["-p".to_owned(), (*c).to_owned()])
        .collect();
    cmd!(sh, "cargo test --doc --locked {pure...}").run()?;
    crate::fuzz::run(sh, &["--short".to_owned()])?;
    if prereqs::is_root() {
        crate::faults::run(sh, &[])?;
    } else {
        eprintln!(
            "xtask test: fault tests skipped: `cargo xtask faults` mounts a tmpfs and needs root"
        );
    }

    // The container image and its test (a release build), where podman can run containers.
    if !prereqs::is_root() {
        eprintln!(
            "xtask test: container test skipped: its test volume is chowned to the image's user, which needs root"
        );
    } else if crate::image::podman_works(sh) {
        crate::image::run(sh, &["--test".to_owned()])?;
    } else {
        eprintln!("xtask test: container test skipped: `podman info` fails on this machine");
    }

    prereqs::npm_packages(sh)?;
    crate::contract::check_with(sh, &target_dir().join("debug/shop-api"))?;
    {
        let _dir = sh.push_dir(project_root().join("frontend"));
        cmd!(sh, "npm run typecheck").run()?;
        cmd!(sh, "npm run lint").run()?;
        cmd!(sh, "npm test").run()?;
    }
    build_frontend(sh, true)?;
    {
        let _dir = sh.push_dir(project_root().join("frontend"));
        cmd!(sh, "npm run size").run()?;
    }
    if e2e {
        e2e_suite(sh)?;
    }
    for why in &not_run {
        eprintln!("xtask test: {why}");
    }
    eprintln!("xtask test: all green in {:.0?}", started.elapsed());
    Ok(())
}

pub fn e2e_only(sh: &Shell) -> Result<()> {
    prereqs::npm_packages(sh)?;
    build_frontend(sh, true)?;
    e2e_suite(sh)
}

/// Builds the API, serves a fresh shop with the built frontend on a free port and drives it
/// with Debian's Chromium.
fn e2e_suite(sh: &Shell) -> Result<()> {
    prereqs::chromium(sh)?;
    // The binary as the test build makes it (dev-dependency features unified), so that after
    // `cargo nextest run` this is a no-op instead of a second build of half the graph.
    cmd!(sh, "cargo test --workspace --locked --no-run").run()?;
    let data = tempdir("shop-e2e")?;
    let binary = target_dir().join("debug/shop-api");
    // The demo's 1,500 products over 60 brands: enough brands per gender for the collection's
    // 'Load More Brands' (12 a page) to have a second page; with the demo shoppers' swipe
    // history a first start writes, so trending screens show what a fresh shop shows.
    cmd!(
        sh,
        "{binary} seed --products 1500 --brands 60 --demo-history"
    )
    .env("SHOP_DATA_DIR", &data)
    .env_remove("DATABASE_URL")
    .run()?;
    // The business journey serves a Shopify export's images on this port; the server's guarded
    // fetcher refuses loopback addresses unless allowed by name.
    let images_port = free_port()?.to_string();
    let allow = format!("127.0.0.1:{images_port}");
    let server = Server::start(&binary, &data, &[("SHOP_IMPORT_FETCH_ALLOW", &allow)])?;
    let _dir = sh.push_dir(project_root().join("frontend"));
    // The checkout journey makes a brand user with `shop-api grant-role` on this shop's data.
    let outcome = cmd!(sh, "npm run e2e")
        .env("BASE_URL", server.base_url())
        .env("OUTBOX_DIR", data.join("outbox"))
        .env("SHOP_API_BIN", &binary)
        .env("SHOP_DATA_DIR", &data)
        .env("E2E_IMAGES_PORT", &images_port)
        .env_remove("DATABASE_URL")
        .run();
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    outcome.context("end-to-end tests failed")?;
    Ok(())
}

pub fn seed(sh: &Shell, args: &[String]) -> Result<()> {
    const USAGE: &str = "usage: cargo xtask seed --products N [--brands B] [--users U [--swipes S [--days D]]] [--database-url URL]";
    let mut passed: Vec<String> = Vec::new();
    let mut products: Option<usize> = None;
    let mut url: Option<String> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let value = it
            .next()
            .with_context(|| format!("{arg} needs a value\n{USAGE}"))?;
        match arg.as_str() {
            "--products" | "--brands" | "--users" | "--swipes" | "--days" => {
                let n: usize = value
                    .parse()
                    .ok()
                    .filter(|n| *n > 0)
                    .with_context(|| format!("{arg} needs a whole number above 0"))?;
                if arg == "--products" {
                    products = Some(n);
                }
                passed.extend([arg.clone(), n.to_string()]);
            }
            "--database-url" => url = Some(value.clone()),
            other => bail!("unknown option {other}\n{USAGE}"),
        }
    }
    let products = products.context(USAGE)?;
    if !passed.iter().any(|a| a == "--brands") {
        passed.extend(["--brands".to_owned(), "24".to_owned()]);
    }
    let url = match url {
        Some(url) => url,
        None => {
            std::fs::create_dir_all(project_root().join("data"))?;
            project_root()
                .join(format!("data/bench-{products}.sqlite3"))
                .to_string_lossy()
                .into_owned()
        }
    };
    cmd!(
        sh,
        "cargo run --release --locked --package api --bin shop-api -- seed {passed...}"
    )
    .env("DATABASE_URL", &url)
    .run()?;
    Ok(())
}

/// Where cargo puts what it builds: `CARGO_TARGET_DIR` when set, else `target/`.
pub fn target_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| project_root().join("target"))
}

/// A temporary folder of our own (std has no tempdir, and xtask keeps its dependencies few).
pub fn tempdir(prefix: &str) -> Result<std::path::PathBuf> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .subsec_nanos();
    let dir = std::env::temp_dir().join(format!("{prefix}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

pub fn free_port() -> Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// The API binary running in the background on a free port; stopped with SIGTERM on drop.
pub struct Server {
    child: Child,
    port: u16,
}

impl Server {
    pub fn start(
        binary: &std::path::Path,
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
    ) -> Result<Self> {
        Self::spawn(binary, data_dir, env, None)
    }

    /// Like [`Server::start`], with the server's output written to `log`.
    pub fn start_logged(
        binary: &std::path::Path,
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
        log: &std::path::Path,
    ) -> Result<Self> {
        Self::spawn(binary, data_dir, env, Some(log))
    }

    /// Like [`Server::start_logged`], on `port` (a process started again where a load
    /// balancer expects it).
    pub fn start_logged_on(
        port: u16,
        binary: &std::path::Path,
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
        log: &std::path::Path,
    ) -> Result<Self> {
        Self::spawn_on(port, binary, data_dir, env, Some(log))
    }

    fn spawn(
        binary: &std::path::Path,
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
        log: Option<&std::path::Path>,
    ) -> Result<Self> {
        Self::spawn_on(free_port()?, binary, data_dir, env, log)
    }

    fn spawn_on(
        port: u16,
        binary: &std::path::Path,
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
        log: Option<&std::path::Path>,
    ) -> Result<Self> {
        eprintln!(
            "$ SHOP_ADDR=127.0.0.1:{port} SHOP_DATA_DIR={} {}",
            data_dir.display(),
            binary.display()
        );
        let mut command = Command::new(binary);
        if let Some(log) = log {
            let file = std::fs::File::create(log)?;
            command.stdout(file.try_clone()?).stderr(file);
        }
        let child = command
            .env("SHOP_ADDR", format!("127.0.0.1:{port}"))
            .env("SHOP_DATA_DIR", data_dir)
            .env("SHOP_FRONTEND_DIR", project_root().join("frontend/dist"))
            .env_remove("DATABASE_URL")
            .env(
                "RUST_LOG",
                std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .envs(env.iter().copied())
            .spawn()
            .with_context(|| format!("starting {}", binary.display()))?;
        let mut server = Self { child, port };
        server.wait_ready(Duration::from_secs(120))?;
        Ok(server)
    }

    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the server with SIGKILL, as a crash would: nothing in flight finishes and nothing
    /// is flushed or closed.
    pub fn kill(mut self) -> Result<()> {
        eprintln!("$ kill -9 {}", self.child.id());
        self.child.kill()?;
        self.child.wait()?;
        Ok(())
    }

    fn wait_ready(&mut self, timeout: Duration) -> Result<()> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait()? {
                bail!("the API exited before it was ready ({status})");
            }
            if http_status(self.port, "/readyz").ok() == Some(200) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        bail!("the API was not ready within {timeout:?}")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Killed already (`Server::kill`): its id may belong to another process by now.
        if let Ok(Some(_)) = self.child.try_wait() {
            return;
        }
        // SIGTERM, so the run also exercises the graceful shutdown path.
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(25);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The status code of a plain GET, for readiness polling.
pub fn http_status(port: u16, path: &str) -> Result<u16> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )?;
    let mut head = [0u8; 12];
    stream.read_exact(&mut head)?;
    let text = String::from_utf8_lossy(&head);
    text.get(9..12)
        .and_then(|s| s.parse().ok())
        .context("not an HTTP answer")
}
