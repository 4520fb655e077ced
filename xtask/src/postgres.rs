//! A throwaway PostgreSQL 15 cluster for the test suite: created in a temporary folder on a free
//! loopback port, trusted locally, and stopped and deleted when the guard drops. Nothing
//! persists between runs. `DATABASE_URL` pointing at a server overrides it.

use std::net::TcpListener;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

pub const BIN: &str = "/usr/lib/postgresql/15/bin";

/// A running cluster; dropping it stops the server and removes its files.
pub struct Cluster {
    dir: PathBuf,
    as_postgres: bool,
    opts: String,
    pub url: String,
}

fn free_port() -> Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

impl Cluster {
    pub fn start(sh: &Shell) -> Result<Self> {
        Self::start_named(sh, "shop-pg")
    }

    /// A cluster in a folder named `name` and the process id, so that a task that starts one
    /// of its own beside the test suite's never touches the suite's.
    pub fn start_named(sh: &Shell, name: &str) -> Result<Self> {
        let initdb = format!("{BIN}/initdb");
        let pg_ctl = format!("{BIN}/pg_ctl");
        if !std::path::Path::new(&initdb).exists() {
            bail!(
                "PostgreSQL 15 is not installed at {BIN}; install postgresql-15 or set DATABASE_URL to a server"
            );
        }
        let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        // PostgreSQL refuses to run as root, so root hands the folder to the postgres user.
        let as_postgres = crate::prereqs::is_root();
        let data = dir.join("data");
        let data_s = data.to_string_lossy().into_owned();
        let dir_s = dir.to_string_lossy().into_owned();
        let log = dir.join("server.log").to_string_lossy().into_owned();
        let port = free_port()?.to_string();
        let opts = format!(
            "-p {port} -k {dir_s} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
        );
        if as_postgres {
            cmd!(sh, "chown -R postgres:postgres {dir_s}").run()?;
            cmd!(
                sh,
                "runuser -u postgres -- {initdb} -D {data_s} --auth=trust -U postgres --no-sync"
            )
            .ignore_stdout()
            .run()
            .context("initdb")?;
            cmd!(
                sh,
                "runuser -u postgres -- {pg_ctl} -D {data_s} -o {opts} -l {log} -w start"
            )
            .run()
            .context("pg_ctl start (see the server log in the temporary folder)")?;
        } else {
            cmd!(
                sh,
                "{initdb} -D {data_s} --auth=trust -U postgres --no-sync"
            )
            .ignore_stdout()
            .run()
            .context("initdb")?;
            cmd!(sh, "{pg_ctl} -D {data_s} -o {opts} -l {log} -w start")
                .run()
                .context("pg_ctl start")?;
        }
        Ok(Self {
            dir,
            as_postgres,
            opts,
            url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
        })
    }

    /// `pg_ctl` with `args` on this cluster, as the user that owns it.
    fn pg_ctl(&self, args: &[&str]) -> std::process::Command {
        let pg_ctl = format!("{BIN}/pg_ctl");
        let data = self.dir.join("data").to_string_lossy().into_owned();
        let mut command = if self.as_postgres {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--", &pg_ctl]);
            c
        } else {
            std::process::Command::new(&pg_ctl)
        };
        command.args(["-D", &data]).args(args);
        command
    }

    /// Stops the server (`pg_ctl stop -m fast`), keeping its files.
    pub fn stop(&self) -> Result<()> {
        let status = self.pg_ctl(&["stop", "-m", "fast"]).status()?;
        if !status.success() {
            bail!("pg_ctl stop failed ({status})");
        }
        Ok(())
    }

    /// Starts the stopped server again on the same port.
    pub fn restart(&self) -> Result<()> {
        let log = self.dir.join("server.log").to_string_lossy().into_owned();
        let status = self
            .pg_ctl(&["-o", &self.opts, "-l", &log, "-w", "start"])
            .status()?;
        if !status.success() {
            bail!("pg_ctl start failed ({status})");
        }
        Ok(())
    }

    /// The postmaster's process id and those of its children (the backends and workers).
    pub fn processes(&self) -> Result<Vec<u32>> {
        let pid_file = std::fs::read_to_string(self.dir.join("data/postmaster.pid"))
            .context("reading postmaster.pid")?;
        let postmaster: u32 = pid_file
            .lines()
            .next()
            .and_then(|l| l.trim().parse().ok())
            .context("no pid in postmaster.pid")?;
        let mut pids = vec![postmaster];
        for entry in std::fs::read_dir("/proc")?.filter_map(std::result::Result::ok) {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // "pid (comm) state ppid ...": the name may hold spaces, so read after its ')'.
            let parent = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse::<u32>().ok());
            if parent == Some(postmaster) {
                pids.push(pid);
            }
        }
        Ok(pids)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data").to_string_lossy().into_owned();
        eprintln!("$ pg_ctl -D {data} stop -m fast");
        let _ = self.pg_ctl(&["stop", "-m", "fast"]).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
