//! The `play` prompt's input: lines read one at a time, each refused
//! when it is not text or too long, so that no input fills memory or the
//! screen.

use std::io::BufRead;

/// The longest line read at the prompt; the rest of a longer line is
/// skipped, so no input can fill memory or the screen.
pub const MAX_LINE: usize = 4096;

/// One line typed at the prompt.
pub enum Line {
    Text(String),
    /// A line that is not text (bad UTF-8) or too long: why it was refused.
    Refused(String),
}

/// Lines from the input, each checked before the game sees it.
pub struct Prompt<R> {
    pub input: R,
}

impl<R: BufRead> Iterator for Prompt<R> {
    type Item = std::io::Result<Line>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut buf = Vec::new();
        let mut too_long = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if chunk.is_empty() {
                if buf.is_empty() && !too_long {
                    return None;
                }
                break;
            }
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let room = (MAX_LINE + 1).saturating_sub(buf.len());
            buf.extend_from_slice(&chunk[..take.min(room)]);
            too_long |= take > room;
            self.input.consume(take);
            if done {
                break;
            }
        }
        if too_long || buf.len() > MAX_LINE + 1 {
            return Some(Ok(Line::Refused(format!(
                "That line is longer than {MAX_LINE} bytes and was skipped"
            ))));
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        Some(Ok(match String::from_utf8(buf) {
            Ok(s) => Line::Text(s),
            Err(_) => Line::Refused("That line is not valid UTF-8 text and was skipped".into()),
        }))
    }
}
