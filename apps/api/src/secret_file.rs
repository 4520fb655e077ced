//! Secrets kept in the data directory when the environment gives none (the session secret, the
//! data key): read back on every start, or generated once (32 random bytes as hex) into a file
//! readable by its owner only. Each caller keeps its own variable, check and messages.

use std::path::Path;

use anyhow::Context;
use ring::rand::{SecureRandom, SystemRandom};

/// A secret read from its file or generated into it.
#[derive(Debug)]
pub struct KeptSecret {
    /// The file's text, trimmed.
    pub text: String,
    /// It was generated now (the caller says so in its log).
    pub generated: bool,
}

/// The secret in `path` when `accepts` takes its trimmed text; a file holding anything else
/// fails with `refused`'s message; an absent file is created with 32 random bytes as hex
/// (`create_new`, mode 0600 on Unix, so two processes never overwrite each other's).
pub fn read_or_create(
    path: &Path,
    accepts: impl Fn(&str) -> bool,
    refused: impl FnOnce() -> String,
) -> anyhow::Result<KeptSecret> {
    match std::fs::read_to_string(path) {
        Ok(text) if accepts(text.trim()) => {
            return Ok(KeptSecret {
                text: text.trim().to_owned(),
                generated: false,
            });
        }
        Ok(_) => anyhow::bail!(refused()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
    }
    let mut bytes = [0u8; 32];
    SystemRandom::new()
        .fill(&mut bytes)
        .map_err(|_| anyhow::anyhow!("the system random source failed"))?;
    let text = hex(&bytes);
    write_private(path, &text).with_context(|| format!("writing {}", path.display()))?;
    Ok(KeptSecret {
        text,
        generated: true,
    })
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of hex `text`; `None` when it is not hex.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(unix)]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(text.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_created_once_private_and_checked_when_read() {
        let dir = std::env::temp_dir().join(format!("kept-secret-{}", uuid::Uuid::now_v7()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("some.secret");
        let accepts = |text: &str| text.len() == 64;
        let first = read_or_create(&path, accepts, || "refused".into()).expect("created");
        assert!(first.generated);
        assert_eq!(first.text.len(), 64);
        let again = read_or_create(&path, accepts, || "refused".into()).expect("read");
        assert!(!again.generated);
        assert_eq!(again.text, first.text);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "short\n").expect("overwrite");
        let error = read_or_create(&path, accepts, || "refused".into()).expect_err("refused");
        assert_eq!(error.to_string(), "refused");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn hex_round_trips() {
        assert_eq!(hex(&[0, 15, 255]), "000fff");
        assert_eq!(unhex("000fff"), Some(vec![0, 15, 255]));
        assert_eq!(unhex("0"), None);
        assert_eq!(unhex("zz"), None);
    }
}
