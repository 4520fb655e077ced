//! Repository rules enforced as tests (`cargo test -p xtask`).

use std::process::Command;

use crate::tasks::PURE_CRATES;

/// Crates that do I/O or bring a runtime; a pure domain crate must not reach any of them.
const FORBIDDEN: &[&str] = &[
    "diesel",
    "actix-web",
    "actix-rt",
    "reqwest",
    "tokio",
    "hyper",
    "libsqlite3-sys",
    "pq-sys",
    "lettre",
    "mio",
];

#[test]
fn pure_crates_depend_on_nothing_with_io() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    for krate in PURE_CRATES {
        let output = Command::new(&cargo)
            .args([
                "tree",
                "--offline",
                "--locked",
                "-e",
                "normal",
                "--prefix",
                "none",
                "-p",
                krate,
            ])
            .current_dir(crate::project_root())
            .output()
            .expect("run cargo tree");
        assert!(
            output.status.success(),
            "cargo tree -p {krate}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let tree = String::from_utf8_lossy(&output.stdout);
        for line in tree.lines() {
            let name = line.split_whitespace().next().unwrap_or_default();
            assert!(
                !FORBIDDEN.contains(&name),
                "{krate} depends on {name}:\n{tree}"
            );
        }
    }
}

/// The API's layers (see docs/architecture.md): `routes/` extracts, calls one service and
/// answers; services and everything below never reach back up into it.
mod api_layers {
    use std::fs;
    use std::path::{Path, PathBuf};

    /// The most lines a handler may have, from `async fn` to its closing brace.
    const HANDLER_LINES: usize = 40;

    /// The files that assemble the application out of its routes: the crate root, the server's
    /// start-up and the binary.
    const COMPOSITION_ROOTS: &[&str] = &["lib.rs", "startup.rs", "main.rs"];

    fn api_src() -> PathBuf {
        crate::project_root().join("apps/api/src")
    }

    fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                rust_files(&path, found);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                found.push(path);
            }
        }
    }

    /// Each file below `apps/api/src` with its path relative to it and its code: comments and
    /// the unit tests at the end of a file left out.
    fn sources() -> Vec<(String, String)> {
        let root = api_src();
        let mut files = Vec::new();
        rust_files(&root, &mut files);
        files
            .into_iter()
            .map(|path| {
                let text = fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
                let code = text
                    .split("#[cfg(test)]\nmod tests")
                    .next()
                    .unwrap_or_default()
                    .lines()
                    .filter(|line| !line.trim_start().starts_with("//"))
                    .collect::<Vec<_>>()
                    .join("\n");
                let relative = path
                    .strip_prefix(&root)
                    .map(|p| p.to_string_lossy().into_owned())
                    .unwrap_or_default();
                (relative, code)
            })
            .collect()
    }

    fn is_word_byte(b: u8) -> bool {
        b.is_ascii_alphanumeric() || b == b'_'
    }

    /// Whether `code` holds `word` as a whole identifier.
    fn mentions(code: &str, word: &str) -> bool {
        code.match_indices(word).any(|(at, _)| {
            let before = code.as_bytes().get(at.wrapping_sub(1)).copied();
            let after = code.as_bytes().get(at + word.len()).copied();
            !before.is_some_and(is_word_byte) && !after.is_some_and(is_word_byte)
        })
    }

    /// The string literals of `code` that look like an error code: `NOT_FOUND`, `FORBIDDEN`.
    fn code_literals(code: &str) -> Vec<String> {
        code.split('"')
            .skip(1)
            .step_by(2)
            .filter(|s| {
                s.len() >= 3
                    && s.starts_with(|c: char| c.is_ascii_uppercase())
                    && s.chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            })
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn every_handler_is_at_most_40_lines() {
        let mut long = Vec::new();
        for (file, code) in sources() {
            if !file.starts_with("routes/") {
                continue;
            }
            let lines: Vec<&str> = code.lines().collect();
            for (start, line) in lines.iter().enumerate() {
                let Some(signature) = line
                    .strip_prefix("pub async fn ")
                    .or_else(|| line.strip_prefix("async fn "))
                else {
                    continue;
                };
                let name = signature.split(['(', '<']).next().unwrap_or_default();
                let length = lines[start..]
                    .iter()
                    .position(|l| *l == "}")
                    .map_or(lines.len() - start, |end| end + 1);
                if length > HANDLER_LINES {
                    long.push(format!("{file}: {name} has {length} lines"));
                }
            }
        }
        assert!(
            long.is_empty(),
            "handlers over {HANDLER_LINES} lines (move the work into a service):\n{}",
            long.join("\n")
        );
    }

    #[test]
    fn nothing_outside_routes_imports_from_it() {
        let upward: Vec<String> = sources()
            .into_iter()
            .filter(|(file, _)| {
                !file.starts_with("routes/") && !COMPOSITION_ROOTS.contains(&file.as_str())
            })
            .filter(|(_, code)| mentions(code, "routes"))
            .map(|(file, _)| file)
            .collect();
        assert!(
            upward.is_empty(),
            "these files reach up into routes/ (move what they use into a service or wire/):\n{}",
            upward.join("\n")
        );
    }

    #[test]
    fn only_the_error_map_names_error_codes_and_builds_http_errors() {
        let sources = sources();
        let codes: std::collections::BTreeSet<String> = sources
            .iter()
            .filter(|(file, _)| file.starts_with("error/"))
            .flat_map(|(_, code)| code_literals(code))
            .collect();
        let mut outside = Vec::new();
        for (file, code) in &sources {
            if file.starts_with("error/") || file.starts_with("bin/") {
                continue;
            }
            for literal in code_literals(code) {
                if codes.contains(&literal) {
                    outside.push(format!("{file}: the code \"{literal}\""));
                }
            }
            if code.contains("ApiError::") {
                outside.push(format!("{file}: builds an ApiError"));
            }
        }
        assert!(
            outside.is_empty(),
            "error codes and HTTP errors belong to error/ (return a typed error and map it there):\n{}",
            outside.join("\n")
        );
    }
}
