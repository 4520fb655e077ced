//! `cargo xtask image`: the release server as an OCI image built `FROM scratch` with podman,
//! written to `target/image/shop-api.oci.tar` and loaded as `localhost/shop-api:<version>`;
//! `cargo xtask image --test` also starts it and checks it (the container test, part of `test`
//! where podman works).
//!
//! The rootfs holds the stripped binary, the shared libraries it links as this machine's
//! dynamic loader resolves them (the binary was linked against exactly these, so copying them
//! cannot mismatch the build; libpq, SQLite and the TLS stack are compiled in), the CA
//! certificates, the built frontend and a passwd entry for the unprivileged user 10001.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::tasks::{self, target_dir};
use crate::{prereqs, project_root};

/// The user the server runs as inside the image.
const UID: u32 = 10001;
/// The image's data directory (a volume) and the port it listens on.
const DATA: &str = "/data";
const PORT: u16 = 8080;
/// The size the image must stay under (uncompressed), in bytes.
const SIZE_TARGET: u64 = 60 * 1000 * 1000;

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let test = match args {
        [] => false,
        [flag] if flag == "--test" => true,
        _ => bail!("usage: cargo xtask image [--test]"),
    };
    let image = build(sh)?;
    if test {
        container_test(sh, &image)?;
    }
    Ok(())
}

/// The project's podman settings: crun and the default open-files limit fail in these
/// sandboxes (deploy/podman/containers.conf says why).
fn podman(sh: &Shell) -> xshell::PushEnv<'_> {
    sh.push_env(
        "CONTAINERS_CONF",
        project_root().join("deploy/podman/containers.conf"),
    )
}

/// Whether podman can build and run here (installing it first when missing).
pub fn podman_works(sh: &Shell) -> bool {
    if prereqs::podman(sh).is_err() {
        return false;
    }
    let _conf = podman(sh);
    cmd!(sh, "podman info")
        .quiet()
        .ignore_stdout()
        .ignore_stderr()
        .run()
        .is_ok()
}

/// Builds the image and answers its name.
fn build(sh: &Shell) -> Result<String> {
    prereqs::podman(sh)?;
    prereqs::npm_packages(sh)?;
    tasks::build_frontend(sh, false)?;
    cmd!(
        sh,
        "cargo build --release --locked --package api --bin shop-api"
    )
    .run()?;
    let version = env!("CARGO_PKG_VERSION");
    let name = format!("localhost/shop-api:{version}");
    let context = target_dir().join("image");
    let rootfs = context.join("rootfs");
    if context.exists() {
        std::fs::remove_dir_all(&context)?;
    }
    std::fs::create_dir_all(&rootfs)?;
    assemble(sh, &rootfs)?;
    // The data directory, owned by the server's user (a fresh named volume copies it).
    std::fs::create_dir_all(context.join("data"))?;
    std::fs::write(context.join("Containerfile"), containerfile(version))?;

    let _conf = podman(sh);
    let started = Instant::now();
    // The docker format keeps HEALTHCHECK for `podman run`; the OCI archive written below has
    // no field for it (orchestrators probe /healthz and /readyz themselves).
    cmd!(
        sh,
        "podman build --pull=never --format docker --tag {name} {context}"
    )
    .run()?;
    let archive = context.join("shop-api.oci.tar");
    cmd!(
        sh,
        "podman save --format oci-archive --output {archive} {name}"
    )
    .run()?;
    let size_format = "{{.Size}}";
    let size: u64 = cmd!(sh, "podman image inspect --format {size_format} {name}")
        .read()?
        .trim()
        .parse()
        .context("podman's image size")?;
    let archive_size = archive.metadata()?.len();
    println!(
        "xtask image: {name} built in {:.0?}: {:.1} MB uncompressed (target under {} MB), archive {} ({:.1} MB)",
        started.elapsed(),
        size as f64 / 1e6,
        SIZE_TARGET / 1_000_000,
        archive.display(),
        archive_size as f64 / 1e6,
    );
    if size > SIZE_TARGET {
        bail!("the image is {size} bytes, over the {SIZE_TARGET} byte target");
    }
    Ok(name)
}

/// Fills `rootfs` with what the server needs to run and nothing else.
fn assemble(sh: &Shell, rootfs: &Path) -> Result<()> {
    let binary = target_dir().join("release/shop-api");
    let bin_dir = rootfs.join("usr/local/bin");
    std::fs::create_dir_all(&bin_dir)?;
    let shipped = bin_dir.join("shop-api");
    // Stripped in the image only: the release build keeps its symbols for profiling.
    cmd!(sh, "strip --strip-all -o {shipped} {binary}").run()?;
    for library in linked_libraries(sh, &binary)? {
        let inside = rootfs.join(library.strip_prefix("/")?);
        std::fs::create_dir_all(inside.parent().context("a library's folder")?)?;
        // Copies the file a symlink names (libc.so.6 -> libc-2.36.so on some systems).
        std::fs::copy(&library, &inside)
            .with_context(|| format!("copying {}", library.display()))?;
    }
    let certs = Path::new("/etc/ssl/certs/ca-certificates.crt");
    let certs_inside = rootfs.join("etc/ssl/certs");
    std::fs::create_dir_all(&certs_inside)?;
    std::fs::copy(certs, certs_inside.join("ca-certificates.crt"))
        .context("the CA certificates (Debian's ca-certificates)")?;
    std::fs::write(
        rootfs.join("etc/passwd"),
        format!(
            "root:x:0:0:root:/root:/sbin/nologin\nshop:x:{UID}:{UID}:shop:{DATA}:/sbin/nologin\n"
        ),
    )?;
    std::fs::write(
        rootfs.join("etc/group"),
        format!("root:x:0:\nshop:x:{UID}:\n"),
    )?;
    std::fs::write(rootfs.join("etc/nsswitch.conf"), "hosts: files dns\n")?;
    copy_tree(
        &project_root().join("frontend/dist"),
        &rootfs.join("srv/frontend"),
    )?;
    let tmp = rootfs.join("tmp");
    std::fs::create_dir_all(&tmp)?;
    std::fs::set_permissions(&tmp, std::os::unix::fs::PermissionsExt::from_mode(0o1777))?;
    Ok(())
}

/// The shared libraries `binary` loads, with the dynamic loader itself, as `ldd` resolves them.
fn linked_libraries(sh: &Shell, binary: &Path) -> Result<BTreeSet<PathBuf>> {
    let listing = cmd!(sh, "ldd {binary}").read()?;
    let mut libraries = BTreeSet::new();
    for line in listing.lines() {
        // `libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)` or `/lib64/ld-linux-x86-64.so.2 (0x...)`.
        let path = line
            .split("=>")
            .last()
            .and_then(|rest| rest.split_whitespace().next())
            .filter(|path| path.starts_with('/'));
        if let Some(path) = path {
            libraries.insert(PathBuf::from(path));
        } else if line.contains("not found") {
            bail!(
                "{} needs a library this machine lacks: {line}",
                binary.display()
            );
        }
    }
    if libraries.is_empty() {
        bail!("ldd found no libraries for {}", binary.display());
    }
    Ok(libraries)
}

fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from).with_context(|| format!("reading {}", from.display()))? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

fn containerfile(version: &str) -> String {
    format!(
        r#"# Generated by `cargo xtask image` (xtask/src/image.rs); the Containerfile at the
# repository's root builds the same image from the official Rust and Debian images.
FROM scratch
COPY rootfs /
COPY --chown={UID}:{UID} data {DATA}
LABEL org.opencontainers.image.title="shop-api" org.opencontainers.image.version="{version}"
ENV SHOP_ADDR=0.0.0.0:{PORT} SHOP_DATA_DIR={DATA} SHOP_FRONTEND_DIR=/srv/frontend SHOP_LOG_FORMAT=json
USER {UID}:{UID}
WORKDIR {DATA}
VOLUME {DATA}
EXPOSE {PORT}
HEALTHCHECK --interval=10s --timeout=4s --start-period=60s --retries=3 CMD ["/usr/local/bin/shop-api", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/shop-api"]
"#
    )
}

/// A container of `image` with a fresh data directory mounted at /data: healthy, a shopper
/// signs in with the code from the outbox in the volume, browses, then SIGTERM during a request
/// ends it cleanly within 10 s with the request answered.
fn container_test(sh: &Shell, image: &str) -> Result<()> {
    let _conf = podman(sh);
    let data = tempfile_dir()?;
    let port = tasks::free_port()?;
    let name = format!("shop-api-test-{}", std::process::id());
    let volume = format!("{}:{DATA}", data.display());
    let publish = format!("127.0.0.1:{port}:{PORT}");
    // A test shop on purpose: listening on 0.0.0.0 without payment keys is refused otherwise.
    // podman runs HEALTHCHECK through systemd timers, which these machines lack; the check
    // itself is run below with `podman exec`.
    cmd!(
        sh,
        "podman run --detach --name {name} --publish {publish} --volume {volume} --env SHOP_PAYMENTS=sandbox --no-healthcheck {image}"
    )
    .run()?;
    let outcome = check_container(sh, &name, port, &data);
    if outcome.is_err() {
        let _ = cmd!(sh, "podman logs --tail 40 {name}").run();
    }
    let _ = cmd!(sh, "podman rm --force --time 0 {name}")
        .quiet()
        .ignore_stdout()
        .run();
    let _ = std::fs::remove_dir_all(&data);
    outcome
}

fn check_container(sh: &Shell, name: &str, port: u16, data: &Path) -> Result<()> {
    let started = Instant::now();
    while !get(port, "/healthz").is_ok_and(|(status, _)| status == 200) {
        if started.elapsed() > Duration::from_secs(90) {
            bail!("the container did not answer /healthz within 90 s");
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    println!("  ✓ /healthz 200 after {:.1?}", started.elapsed());
    cmd!(sh, "podman exec {name} /usr/local/bin/shop-api healthcheck")
        .run()
        .context("`shop-api healthcheck` inside the container")?;
    println!("  ✓ `shop-api healthcheck` inside the container exits 0");
    let user_format = "{{.Config.User}}";
    let user = cmd!(sh, "podman inspect --format {user_format} {name}").read()?;
    if user.trim() != format!("{UID}:{UID}") {
        bail!("the container runs as '{}', not {UID}", user.trim());
    }

    let email = "container@example.in";
    let (status, _) = post(
        port,
        "/api/users/generate-otp",
        &format!(r#"{{"email":"{email}"}}"#),
    )?;
    if status != 200 {
        bail!("generate-otp answered {status}");
    }
    let code = mailed_code(&data.join("outbox"), email)?;
    let (status, body) = post(
        port,
        "/api/users/verify-otp",
        &format!(r#"{{"email":"{email}","otp":"{code}"}}"#),
    )?;
    if status != 200 || !body.contains("token") {
        bail!("verify-otp answered {status}: {body}");
    }
    println!("  ✓ a shopper signed in with the code from the outbox in the volume");
    let (status, body) = get(port, "/api/products?limit=20")?;
    if status != 200 || !body.contains("\"_id\"") {
        bail!(
            "browsing answered {status}: {}",
            &body[..body.len().min(200)]
        );
    }
    println!("  ✓ browsing: /api/products answers products");

    // A request in flight when SIGTERM arrives is answered before the process exits.
    let in_flight = std::thread::spawn(move || slow_request(port));
    std::thread::sleep(Duration::from_millis(100));
    let stop = Instant::now();
    let mut wait = Command::new("podman")
        .args(["wait", name])
        .stdout(Stdio::piped())
        .spawn()?;
    cmd!(sh, "podman kill --signal TERM {name}")
        .quiet()
        .ignore_stdout()
        .run()?;
    let code = wait_exit(&mut wait, Duration::from_secs(10))?;
    let stopped = stop.elapsed();
    let answered = in_flight
        .join()
        .map_err(|_| anyhow::anyhow!("the client thread panicked"))??;
    if code != 0 {
        bail!("the server exited with {code} after SIGTERM");
    }
    if answered != 200 {
        bail!("the request in flight at SIGTERM was answered {answered}");
    }
    println!("  ✓ SIGTERM: the request in flight answered 200, clean exit in {stopped:.1?}");
    Ok(())
}

/// A sign-in code asked for with its body sent 400 ms after its head: the server is reading
/// the request (it is in flight) when the signal arrives.
fn slow_request(port: u16) -> Result<u16> {
    let body = r#"{"email":"in-flight@example.in"}"#;
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(15)))?;
    stream.write_all(
        format!(
            "POST /api/users/generate-otp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .as_bytes(),
    )?;
    std::thread::sleep(Duration::from_millis(400));
    stream.write_all(body.as_bytes())?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    status_of(&answer)
}

fn wait_exit(child: &mut Child, limit: Duration) -> Result<i32> {
    let started = Instant::now();
    loop {
        if child.try_wait()?.is_some() {
            let mut out = String::new();
            child
                .stdout
                .take()
                .context("podman wait's output")?
                .read_to_string(&mut out)?;
            return out.trim().parse().context("podman wait's exit code");
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            bail!("the container was still running {limit:?} after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The code mailed to `email` in the outbox (one `.eml` file per mail), waiting up to 10 s.
fn mailed_code(outbox: &Path, email: &str) -> Result<String> {
    let to = format!("To: {email}");
    let started = Instant::now();
    loop {
        for entry in std::fs::read_dir(outbox).into_iter().flatten().flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            if !text.lines().any(|line| line.eq_ignore_ascii_case(&to)) {
                continue;
            }
            let body = text
                .split_once("\r\n\r\n")
                .or_else(|| text.split_once("\n\n"))
                .map_or("", |(_, body)| body);
            if let Some(code) = body
                .split(|c: char| !c.is_ascii_digit())
                .find(|run| run.len() == 6)
            {
                return Ok(code.to_owned());
            }
        }
        if started.elapsed() > Duration::from_secs(10) {
            bail!("no code for {email} in {}", outbox.display());
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn get(port: u16, path: &str) -> Result<(u16, String)> {
    request(
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
    )
}

fn post(port: u16, path: &str, json: &str) -> Result<(u16, String)> {
    request(
        port,
        &format!(
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{json}",
            json.len()
        ),
    )
}

fn request(port: u16, raw: &str) -> Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    stream.write_all(raw.as_bytes())?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_owned())
        .unwrap_or_default();
    Ok((status_of(&answer)?, body))
}

fn status_of(answer: &str) -> Result<u16> {
    answer
        .get(9..12)
        .and_then(|code| code.parse().ok())
        .with_context(|| format!("not an HTTP answer: {:?}", &answer[..answer.len().min(80)]))
}

/// A fresh folder the container's user may write (the volume's owner is the image's user).
fn tempfile_dir() -> Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!("shop-image-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let uid = UID.to_string();
    Command::new("chown")
        .arg(format!("{uid}:{uid}"))
        .arg(&dir)
        .status()
        .context("chown of the test volume")?;
    Ok(dir)
}
