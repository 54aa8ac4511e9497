//! Text that crosses a process boundary: lines read with a cap on their
//! length (so no input, however long or without newlines, fills memory),
//! and another program's words made safe to show (control characters
//! removed, length capped).

use std::io::{BufRead, ErrorKind};

/// The longest line `varia uci` and `varia xboard` read: a `position …
/// moves …` line of a game of about 200,000 plies. A longer line is skipped
/// (and said so), as `varia play` skips lines past its own cap.
pub const MAX_PROTOCOL_LINE: usize = 1 << 20;

/// The longest line read from an external engine (its `info` and `option`
/// lines are far shorter); a longer line costs the engine its game.
pub const MAX_ENGINE_LINE: usize = 64 * 1024;

/// One line of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// The line, without its end (`\n`, `\r\n`); bytes that are not UTF-8
    /// are read as U+FFFD.
    Text(String),
    /// A line longer than the cap: its first bytes are dropped with the
    /// rest of it, up to the next newline.
    TooLong,
}

/// Read the next line of at most `max` bytes (the newline aside). `None` at
/// the end of the input. A longer line is consumed up to its newline, or
/// to the end of the input, without keeping more than `max` bytes, and
/// read as [`Line::TooLong`]; with `stop_at_cap`, reading stops at the cap
/// instead (for a peer that may never write a newline).
pub fn read_line<R: BufRead>(
    input: &mut R,
    max: usize,
    stop_at_cap: bool,
) -> std::io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if buf.is_empty() && !too_long {
                return Ok(None);
            }
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        // Room for the line and its `\r\n`.
        let room = (max + 2).saturating_sub(buf.len());
        if !too_long {
            buf.extend_from_slice(&chunk[..take.min(room)]);
        }
        input.consume(take);
        let body = buf.len() - trailing_end(&buf);
        if body > max {
            too_long = true;
            buf.clear();
            if stop_at_cap {
                return Ok(Some(Line::TooLong));
            }
        }
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    let end = trailing_end(&buf);
    buf.truncate(buf.len() - end);
    Ok(Some(Line::Text(match String::from_utf8(buf) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })))
}

/// The length of the line end (`\n`, `\r\n`, or a lone `\r`) at the end of `b`.
fn trailing_end(b: &[u8]) -> usize {
    b.iter()
        .rev()
        .take_while(|&&c| c == b'\n' || c == b'\r')
        .count()
}

/// Another program's text made safe to print or store: control and
/// formatting characters (escape sequences, bells, carriage returns,
/// bidirectional overrides) become spaces, runs of spaces one space, and
/// the text is cut at `max` characters (with `…`).
pub fn clean(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut chars = 0;
    // Leading spaces (and what became spaces) are dropped.
    let mut space = true;
    for c in text.chars() {
        let c = if c.is_control() || is_format(c) {
            ' '
        } else {
            c
        };
        if c == ' ' {
            if space {
                continue;
            }
            space = true;
        } else {
            space = false;
        }
        if chars == max {
            out.truncate(out.trim_end().len());
            out.push('…');
            return out;
        }
        out.push(c);
        chars += 1;
    }
    out.trim_end().to_string()
}

/// Unicode format characters that change how the text around them is
/// shown (bidirectional controls, zero-width joiners and spaces).
fn is_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2069}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize, stop: bool) -> Vec<Line> {
        let mut r = std::io::BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r, max, stop).unwrap() {
            let end = l == Line::TooLong && stop;
            out.push(l);
            if end {
                break;
            }
        }
        out
    }

    fn text(s: &str) -> Line {
        Line::Text(s.into())
    }

    #[test]
    fn lines_are_read_and_long_ones_skipped_whole() {
        let long = format!("a\r\n{}\nbc\n\nlast", "x".repeat(100));
        assert_eq!(
            lines(long.as_bytes(), 10, false),
            vec![text("a"), Line::TooLong, text("bc"), text(""), text("last")]
        );
        // Exactly at the cap, with or without `\r`.
        assert_eq!(
            lines(b"0123456789\r\n0123456789\n", 10, false),
            vec![text("0123456789"), text("0123456789")]
        );
        assert_eq!(lines(b"0123456789a\n", 10, false), vec![Line::TooLong]);
        assert_eq!(
            lines(b"\xff\xfeab\n", 10, false),
            vec![text("\u{FFFD}\u{FFFD}ab")]
        );
    }

    #[test]
    fn a_peer_without_newlines_is_stopped_at_the_cap() {
        let flood = vec![b'y'; 10_000];
        assert_eq!(lines(&flood, 100, true), vec![Line::TooLong]);
        assert_eq!(lines(&flood, 100, false), vec![Line::TooLong]);
    }

    #[test]
    fn another_programs_text_is_cleaned_and_cut() {
        assert_eq!(clean("a\x1b[31mred\x07\r\n b", 80), "a [31mred b");
        assert_eq!(clean("\u{202E}evil\u{202C}", 80), "evil");
        assert_eq!(clean("abcdef", 3), "abc…");
        assert_eq!(clean("ab  cdef", 3), "ab…");
        assert_eq!(clean("  ok  ", 80), "ok");
        assert_eq!(clean("\x1b[31me2e5\x07", 80), "[31me2e5");
    }
}
