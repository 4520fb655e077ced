//! `openapi [--check]`: the frontend's API types (`frontend/src/api/schema.d.ts`) generated
//! by openapi-typescript from the OpenAPI document the server serves, so the contract is
//! written once, in the API's annotations. `--check` (part of `test`) fails when the checked-in
//! file is not what the document generates today.

use std::path::Path;

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::tasks::target_dir;
use crate::{prereqs, project_root};

/// The generated file, relative to the workspace root.
pub const SCHEMA: &str = "frontend/src/api/schema.d.ts";

pub fn run(sh: &Shell, args: &[String]) -> Result<()> {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => bail!("usage: cargo xtask openapi [--check]"),
    };
    cmd!(sh, "cargo build --locked -p api --bin shop-api").run()?;
    let binary = target_dir().join("debug/shop-api");
    if check {
        check_with(sh, &binary)
    } else {
        let schema = project_root().join(SCHEMA);
        generate(sh, &binary, &schema)?;
        eprintln!("xtask openapi: wrote {SCHEMA}");
        Ok(())
    }
}

/// Fails unless the checked-in types are what `binary`'s document generates.
pub fn check_with(sh: &Shell, binary: &Path) -> Result<()> {
    let fresh = target_dir().join("openapi-check/schema.d.ts");
    generate(sh, binary, &fresh)?;
    let checked_in = project_root().join(SCHEMA);
    let old = std::fs::read(&checked_in).with_context(|| format!("reading {SCHEMA}"))?;
    if old != std::fs::read(&fresh)? {
        bail!(
            "{SCHEMA} is stale: the OpenAPI document changed. Run `cargo xtask openapi` and \
             commit the file (then fix what the frontend's typecheck finds)"
        );
    }
    eprintln!("xtask openapi: {SCHEMA} matches the OpenAPI document");
    Ok(())
}

/// `shop-api openapi` into a JSON file beside `out`, then openapi-typescript from it.
fn generate(sh: &Shell, binary: &Path, out: &Path) -> Result<()> {
    prereqs::npm_packages(sh)?;
    let document = cmd!(sh, "{binary} openapi").read()?;
    let json = target_dir().join("openapi-check/openapi.json");
    std::fs::create_dir_all(json.parent().context("a file has a folder")?)?;
    std::fs::write(&json, document)?;
    let _dir = sh.push_dir(project_root().join("frontend"));
    cmd!(sh, "npx --no openapi-typescript {json} --output {out}")
        .quiet()
        .ignore_stdout()
        .run()?;
    Ok(())
}
