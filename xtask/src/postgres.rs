//! A throwaway PostgreSQL 15 cluster for the test suite: created in a temporary folder on a free
//! loopback port, trusted locally, and stopped and deleted when the guard drops. Nothing
//! persists between runs. `DATABASE_URL` pointing at a server overrides it.

use std::net::TcpListener;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

const BIN: &str = "/usr/lib/postgresql/15/bin";

/// A running cluster; dropping it stops the server and removes its files.
pub struct Cluster {
    dir: PathBuf,
    as_postgres: bool,
    pub url: String,
}

fn free_port() -> Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

impl Cluster {
    pub fn start(sh: &Shell) -> Result<Self> {
        let initdb = format!("{BIN}/initdb");
        let pg_ctl = format!("{BIN}/pg_ctl");
        if !std::path::Path::new(&initdb).exists() {
            bail!(
                "PostgreSQL 15 is not installed at {BIN}; install postgresql-15 or set DATABASE_URL to a server"
            );
        }
        let dir = std::env::temp_dir().join(format!("shop-pg-{}", std::process::id()));
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
            url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
        })
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let pg_ctl = format!("{BIN}/pg_ctl");
        let data = self.dir.join("data").to_string_lossy().into_owned();
        let mut command = if self.as_postgres {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--", &pg_ctl]);
            c
        } else {
            std::process::Command::new(&pg_ctl)
        };
        eprintln!("$ pg_ctl -D {data} stop -m fast");
        let _ = command.args(["-D", &data, "stop", "-m", "fast"]).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
