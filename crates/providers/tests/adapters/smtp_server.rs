//! A real SMTP server for the test: Debian's aiosmtpd, storing what it receives in a maildir.

use std::fs::File;
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Debian's Python, where `apt-get install python3-aiosmtpd` puts the module (the `python3`
/// first on PATH may be another one without it).
const PYTHON: &str = "/usr/bin/python3";

/// aiosmtpd on a free local port, killed when dropped.
#[derive(Debug)]
pub struct SmtpServer {
    child: Child,
    pub port: u16,
    maildir: PathBuf,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl SmtpServer {
    /// Starts the server and waits until it accepts connections. Fails, never skips, when
    /// aiosmtpd is missing.
    pub fn start() -> SmtpServer {
        let probe = Command::new(PYTHON)
            .args(["-c", "import aiosmtpd"])
            .output();
        match probe {
            Ok(output) if output.status.success() => {}
            Ok(output) => panic!(
                "the SMTP adapter's test needs aiosmtpd for {PYTHON}: run \
                 `apt-get install -y --no-install-recommends python3-aiosmtpd` ({})",
                String::from_utf8_lossy(&output.stderr).trim()
            ),
            Err(e) => panic!(
                "the SMTP adapter's test needs {PYTHON} with aiosmtpd: run \
                 `apt-get install -y --no-install-recommends python3-aiosmtpd` ({e})"
            ),
        }
        let dir = tempfile::tempdir().expect("a temporary folder");
        // aiosmtpd creates the maildir (with cur/, new/ and tmp/) only when it does not exist.
        let maildir = dir.path().join("maildir");
        let log = dir.path().join("aiosmtpd.log");
        let port = free_port();
        let child = Command::new(PYTHON)
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(&log).expect("a log file"))
            .spawn()
            .expect("aiosmtpd starts");
        let mut server = SmtpServer {
            child,
            port,
            maildir,
            log,
            _dir: dir,
        };
        server.wait_until_listening();
        server
    }

    fn wait_until_listening(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                panic!("aiosmtpd exited with {status}: {}", self.log_text());
            }
            if TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "aiosmtpd did not listen on {} within 15 s: {}",
                self.port,
                self.log_text()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The raw messages received so far.
    pub fn received(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.maildir.join("new")) else {
            return Vec::new();
        };
        entries
            .map(|entry| {
                let path = entry.expect("a maildir entry").path();
                std::fs::read_to_string(path).expect("a readable message")
            })
            .collect()
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        // The server may have died already; there is nothing else to clean up.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port nothing listens on right now.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind(("127.0.0.1", 0)).expect("a free port");
    listener.local_addr().expect("its address").port()
}
