//! `varia tune --positions FILE`: labelled positions read from a file,
//! instead of the positions of self-play games.
//!
//! One position per line, `FEN ; P`: the variant's FEN (as `show --fen`
//! and `play --fen` read it) and the expected score of the first seat
//! from it, a number from 0 to 1 (1 a win, ½ a draw, 0 a loss, or any
//! share between, such as a stronger engine's evaluation turned into a
//! probability). Blank lines and lines starting with `#` are skipped. A
//! line longer than [`MAX_LINE`] bytes, one that is not UTF-8, a FEN the
//! variant does not read, a score that is missing, not a number or
//! outside 0 to 1 is a bad line: every bad line is counted and the first
//! [`MAX_REPORTED`] are reported with their line numbers, and nothing is
//! fitted. Positions that are not quiet (`samples::quiet`) are skipped and
//! counted; at most [`MAX_SAMPLES`] positions (and [`MAX_SPARSE`] sparse
//! features) are kept, the rest counted as dropped.

use super::samples::{quiet, Sample, MAX_SAMPLES, MAX_SPARSE};
use crate::play::session::Prepared;
use std::io::BufRead;

/// The longest line read, in bytes (a longer one is a bad line).
pub const MAX_LINE: usize = 4096;

/// The most bad lines reported one by one (the rest are counted).
pub const MAX_REPORTED: usize = 20;

/// What a positions file gave.
#[derive(Debug, Clone, Default)]
pub struct Positions {
    /// The quiet positions kept, in file order.
    pub samples: Vec<Sample>,
    /// The lines holding a position.
    pub read: usize,
    /// Positions skipped as not quiet.
    pub not_quiet: usize,
    /// Quiet positions dropped past [`MAX_SAMPLES`] or [`MAX_SPARSE`].
    pub dropped: usize,
}

/// A file with bad lines: the first [`MAX_REPORTED`] as `line N: why`,
/// and how many there are in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadFile {
    pub reported: Vec<String>,
    pub count: usize,
}

impl std::fmt::Display for BadFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in &self.reported {
            writeln!(f, "{r}")?;
        }
        if self.count > self.reported.len() {
            writeln!(
                f,
                "... and {} more bad lines",
                self.count - self.reported.len()
            )?;
        }
        write!(
            f,
            "{} bad line{}: nothing fitted",
            self.count,
            if self.count == 1 { "" } else { "s" }
        )
    }
}

/// The next line of `input` into `buf` (without its end), at most `max`
/// bytes kept: `None` at the end of the input, else whether the line was
/// longer than `max` (then only its first `max` bytes are kept).
fn next_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    buf.clear();
    let (mut long, mut any) = (false, false);
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then_some(long));
        }
        any = true;
        let end = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..end.unwrap_or(chunk.len())];
        let room = max.saturating_sub(buf.len());
        if part.len() > room {
            long = true;
        }
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = end.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(Some(long));
        }
    }
}

/// Split `FEN ; P` into the FEN and the score.
fn parse_line(line: &str) -> Result<(&str, f32), String> {
    let Some((fen, p)) = line.rsplit_once(';') else {
        return Err("no `; SCORE` after the FEN".into());
    };
    let fen = fen.trim();
    if fen.is_empty() {
        return Err("no FEN before the `;`".into());
    }
    let p = p.trim();
    match p.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok((fen, x as f32)),
        Ok(_) => Err(format!("the score `{p}` is not from 0 to 1")),
        Err(_) if p.is_empty() => Err("no score after the `;`".into()),
        Err(_) => Err(format!("the score `{p}` is not a number")),
    }
}

/// Read a positions file (see the module's documentation) for
/// `prepared`'s variant; with `squares`, each sample carries the square
/// tables' sparse features (`Eval::features_with`).
pub fn read(
    prepared: &Prepared,
    mut input: impl BufRead,
    squares: bool,
) -> Result<Positions, BadFile> {
    let mut out = Positions::default();
    let mut bad = BadFile {
        reported: Vec::new(),
        count: 0,
    };
    let note = |bad: &mut BadFile, n: usize, why: String| {
        bad.count += 1;
        if bad.reported.len() < MAX_REPORTED {
            bad.reported.push(format!("line {n}: {why}"));
        }
    };
    let mut buf = Vec::new();
    let mut sparse_total = 0usize;
    let mut n = 0;
    loop {
        let long = match next_line(&mut input, &mut buf, MAX_LINE) {
            Ok(Some(long)) => long,
            Ok(None) => break,
            Err(e) => {
                note(&mut bad, n + 1, format!("cannot read: {e}"));
                break;
            }
        };
        n += 1;
        if long {
            note(&mut bad, n, format!("longer than {MAX_LINE} bytes"));
            continue;
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            note(&mut bad, n, "not UTF-8 text".into());
            continue;
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, result) = match parse_line(line) {
            Ok(x) => x,
            Err(why) => {
                note(&mut bad, n, why);
                continue;
            }
        };
        let mut s = match prepared.session(Some(fen), 1) {
            Ok(s) => s,
            Err(e) => {
                note(
                    &mut bad,
                    n,
                    format!("not a FEN of {}: {}", prepared.variant().name, e.0),
                );
                continue;
            }
        };
        out.read += 1;
        if bad.count > 0 {
            // Nothing will be fitted: only check the rest.
            continue;
        }
        if !quiet(&mut s) {
            out.not_quiet += 1;
            continue;
        }
        if out.samples.len() >= MAX_SAMPLES || sparse_total >= MAX_SPARSE {
            out.dropped += 1;
            continue;
        }
        let mut sparse = Vec::new();
        let (f, rest) = s
            .eval
            .features_with(s.position(), 0, squares.then_some(&mut sparse));
        sparse_total += sparse.len();
        out.samples.push(Sample {
            features: f.iter().map(|&x| x as f32).collect(),
            sparse,
            rest: rest as f32,
            result,
        });
    }
    if bad.count > 0 {
        Err(bad)
    } else {
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Prepared {
        Prepared::new(&crate::load::builtin("chess", &[]).unwrap()).unwrap()
    }

    #[test]
    fn a_positions_file_gives_its_quiet_positions_with_their_scores() {
        let text = "# a comment\n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ; 0.55\n\
            \n\
            r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3;1\r\n\
            rnbqkb1r/pppppppp/8/3n4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3 ; 0\n";
        let p = chess();
        let got = read(&p, text.as_bytes(), false).unwrap();
        // The last one is not quiet: exd5 wins a knight.
        assert_eq!((got.read, got.not_quiet, got.dropped), (3, 1, 0));
        let scores: Vec<f32> = got.samples.iter().map(|s| s.result).collect();
        assert_eq!(scores, vec![0.55, 1.0]);
        assert!(got.samples.iter().all(|s| s.sparse.is_empty()));
        // With the square tables: two sparse features per man at most.
        let got = read(&p, text.as_bytes(), true).unwrap();
        assert!(got
            .samples
            .iter()
            .all(|s| !s.sparse.is_empty() && s.sparse.len() <= 64));
    }

    #[test]
    fn every_bad_line_is_reported_with_its_number() {
        let long = format!("{} ; 0.5", "8/".repeat(3000));
        let text = format!(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ; 0.5\n\
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ; 1.5\n\
             not a fen ; 0.5\n\
             {long}\n\
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ; half\n\
             ; 0.5\n\
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ;\n"
        );
        let bad = read(&chess(), text.as_bytes(), false).unwrap_err();
        assert_eq!(bad.count, 7);
        let lines: Vec<&str> = bad
            .reported
            .iter()
            .map(|r| r.split(':').next().unwrap())
            .collect();
        assert_eq!(
            lines,
            ["line 2", "line 3", "line 4", "line 5", "line 6", "line 7", "line 8"]
        );
        assert!(bad.reported[0].contains("no `; SCORE`"), "{bad:?}");
        assert!(bad.reported[1].contains("not from 0 to 1"), "{bad:?}");
        assert!(bad.reported[2].contains("not a FEN of chess"), "{bad:?}");
        assert!(
            bad.reported[3].contains("longer than 4096 bytes"),
            "{bad:?}"
        );
        assert!(
            bad.reported[4].contains("`half` is not a number"),
            "{bad:?}"
        );
        assert!(bad.reported[6].contains("no score"), "{bad:?}");
        assert!(bad.to_string().ends_with("7 bad lines: nothing fitted"));
        // Past the limit, counted only.
        let many = "x ; 2\n".repeat(MAX_REPORTED + 5);
        let bad = read(&chess(), many.as_bytes(), false).unwrap_err();
        assert_eq!(
            (bad.count, bad.reported.len()),
            (MAX_REPORTED + 5, MAX_REPORTED)
        );
        assert!(bad.to_string().contains("... and 5 more bad lines"));
    }

    /// Garbage never panics: random bytes, random text with `;`.
    #[test]
    fn garbage_is_bad_lines_not_a_panic() {
        let p = chess();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for round in 0..200 {
            let mut bytes = Vec::new();
            for _ in 0..(round * 7 % 300) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let pick = b"rnbqkpRNBQKP12345678/ -;.0w\n\xff#";
                bytes.push(if round % 2 == 0 {
                    pick[(x % pick.len() as u64) as usize]
                } else {
                    x as u8
                });
            }
            let _ = read(&p, bytes.as_slice(), round % 3 == 0);
        }
        // A line of 1 MB without an end: one bad line, bounded memory.
        let huge = vec![b'a'; 1 << 20];
        let bad = read(&p, huge.as_slice(), false).unwrap_err();
        assert_eq!(bad.count, 1);
    }
}
