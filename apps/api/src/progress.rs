//! The progress bar of long command-line jobs (`shop-api seed` writing a million products).
//! On a terminal it redraws one line; into a file or a pipe (a bench's log) it prints a line
//! every tenth of the way instead, so logs stay readable.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Columns of the bar itself.
const WIDTH: usize = 30;

/// Draws the progress of one job on standard error.
#[derive(Debug)]
pub struct ProgressBar {
    what: &'static str,
    started: Instant,
    terminal: bool,
    /// The last tenth printed when not on a terminal; the last percent drawn when on one.
    shown: Option<usize>,
}

impl ProgressBar {
    pub fn new(what: &'static str) -> Self {
        Self {
            what,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            shown: None,
        }
    }

    /// Shows `done` of `total`, when it moved the bar.
    pub fn show(&mut self, done: usize, total: usize) {
        let percent = percent(done, total);
        let step = if self.terminal { percent } else { percent / 10 };
        if self.shown == Some(step) {
            return;
        }
        self.shown = Some(step);
        let line = line(self.what, done, total, self.started.elapsed());
        let mut err = std::io::stderr().lock();
        // A progress bar that cannot be drawn is not worth failing the job for.
        let _ = if self.terminal {
            write!(err, "\r{line}")
        } else {
            writeln!(err, "{line}")
        };
        if self.terminal && done >= total {
            let _ = writeln!(err);
        }
    }
}

/// `done` in `scale`ths of `total` (all of it when there is nothing to do).
fn share(done: usize, total: usize, scale: usize) -> usize {
    (done.min(total) * scale)
        .checked_div(total)
        .unwrap_or(scale)
}

fn percent(done: usize, total: usize) -> usize {
    share(done, total, 100)
}

/// `products [##########--------------------]  33% 900,000 of 2,700,000 rows, 12 s`
fn line(what: &str, done: usize, total: usize, elapsed: Duration) -> String {
    let filled = share(done, total, WIDTH);
    format!(
        "{what} [{}{}] {:>3}% {} of {} rows, {} s",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled),
        percent(done, total),
        thousands(done),
        thousands(total),
        elapsed.as_secs()
    )
}

/// 2700000 as "2,700,000".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_separated() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (65_536, "65,536"),
            (2_700_000, "2,700,000"),
        ] {
            assert_eq!(thousands(n), text);
        }
    }

    #[test]
    fn the_line_shows_the_share_done() {
        assert_eq!(
            line("seeding", 900_000, 2_700_000, Duration::from_secs(12)),
            "seeding [##########--------------------]  33% 900,000 of 2,700,000 rows, 12 s"
        );
        assert_eq!(
            line("seeding", 5, 5, Duration::ZERO),
            format!("seeding [{}] 100% 5 of 5 rows, 0 s", "#".repeat(WIDTH))
        );
        assert_eq!(
            line("seeding", 0, 0, Duration::ZERO),
            format!("seeding [{}] 100% 0 of 0 rows, 0 s", "#".repeat(WIDTH))
        );
    }

    #[test]
    fn the_share_never_passes_the_whole() {
        assert_eq!(percent(7, 5), 100);
        assert_eq!(percent(1, 3), 33);
    }
}
