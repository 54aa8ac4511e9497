//! The reader of Fairy-Stockfish's `variants.ini` files.
//!
//! It reads a file exactly as Fairy-Stockfish's `VariantMap::parse_istream`
//! does, keeping where every piece of text came from:
//!
//! - everything before the first line that starts with `[` is ignored;
//! - a section starts at a line `[name]` or `[name:parent]` (the parent is
//!   everything after the first `:`); the rest of that line is ignored;
//! - inside a section, a line whose first character is `#` or `;` is a
//!   comment; any other line is `key = value`: the key is the text before
//!   the first `=` without its trailing spaces, the value the text after it
//!   without its leading white space (trailing spaces stay, as they do in
//!   Fairy-Stockfish); a line without `=`, or with nothing after it, is
//!   not an option;
//! - a key given twice in one section keeps its last value.
//!
//! Comment lines right before a section header belong to that section (they
//! usually describe it); comment lines inside a section belong to it too.

use crate::diagnostic::Span;
use std::sync::Arc;

/// A whole `variants.ini` file.
#[derive(Debug, Clone)]
pub struct Ini {
    pub file: Arc<str>,
    pub sections: Vec<Section>,
    /// Lines inside a section that are neither comments, blank, nor
    /// `key = value` (Fairy-Stockfish reports them as invalid syntax).
    pub stray: Vec<Span>,
}

/// One `[name:parent]` section.
#[derive(Debug, Clone)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// The header line `[...]`.
    pub header: Span,
    /// The name inside the brackets.
    pub name_span: Span,
    /// The parent after the `:`, if any.
    pub parent_span: Option<Span>,
    /// 1-based line of the header.
    pub line: usize,
    /// The comment lines before the header and inside the section, without
    /// their `#`.
    pub comments: Vec<String>,
    /// Its options, in the order written (a repeated key appears once, at
    /// its last place, with its last value).
    pub entries: Vec<Entry>,
}

/// One `key = value` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub key_span: Span,
    pub value_span: Span,
    /// 1-based line.
    pub line: usize,
}

impl Entry {
    /// The whole `key = value` text.
    pub fn span(&self) -> Span {
        self.key_span.to(self.value_span)
    }
}

impl Section {
    /// The entry of a key, if the section gives it.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.key == key)
    }
}

/// Read a file's text (see the module documentation for the rules).
pub fn parse(file: &Arc<str>, text: &str) -> Ini {
    let mut sections: Vec<Section> = Vec::new();
    let mut stray = Vec::new();
    let mut pending_comments: Vec<String> = Vec::new();
    let mut offset = 0usize;
    for (n, raw) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += raw.len();
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let lineno = n + 1;
        if let Some(rest) = line.strip_prefix('[') {
            let close = rest.find(']').unwrap_or(rest.len());
            let inner = &rest[..close];
            let inner_start = start + 1;
            let (name, parent) = match inner.find(':') {
                Some(i) => (&inner[..i], Some((&inner[i + 1..], inner_start + i + 1))),
                None => (inner, None),
            };
            sections.push(Section {
                name: name.to_string(),
                parent: parent.map(|(p, _)| p.to_string()),
                header: Span::new(start, start + line.len()),
                name_span: Span::new(inner_start, inner_start + name.len()),
                parent_span: parent.map(|(p, at)| Span::new(at, at + p.len())),
                line: lineno,
                comments: std::mem::take(&mut pending_comments),
                entries: Vec::new(),
            });
            continue;
        }
        let comment = line.strip_prefix('#').or_else(|| line.strip_prefix(';'));
        if let Some(c) = comment {
            pending_comments.push(c.trim().to_string());
            continue;
        }
        if line.trim().is_empty() {
            // A blank line ends a run of comments about what follows: the
            // comments before it belong to the section they stand in.
            if let Some(s) = sections.last_mut() {
                s.comments.append(&mut pending_comments);
            }
            pending_comments.clear();
            continue;
        }
        let Some(section) = sections.last_mut() else {
            continue; // before the first section: ignored
        };
        section.comments.append(&mut pending_comments);
        let Some(eq) = line.find('=') else {
            stray.push(Span::new(start, start + line.len()));
            continue;
        };
        let key = line[..eq].trim_end_matches(' ');
        if key.is_empty() {
            stray.push(Span::new(start, start + line.len()));
            continue;
        }
        let after = &line[eq + 1..];
        let value = after.trim_start();
        if value.is_empty() {
            // Fairy-Stockfish's `getline` after `>> std::ws` fails at the
            // end of the line: `key =` sets nothing.
            stray.push(Span::new(start, start + line.len()));
            continue;
        }
        let value_start = start + eq + 1 + (after.len() - value.len());
        let entry = Entry {
            key: key.to_string(),
            value: value.to_string(),
            key_span: Span::new(start, start + key.len()),
            value_span: Span::new(value_start, value_start + value.len()),
            line: lineno,
        };
        section.entries.retain(|e| e.key != entry.key);
        section.entries.push(entry);
    }
    if let Some(s) = sections.last_mut() {
        s.comments.append(&mut pending_comments);
    }
    Ini {
        file: file.clone(),
        sections,
        stray,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ini(text: &str) -> Ini {
        parse(&Arc::from("v.ini"), text)
    }

    #[test]
    fn sections_keys_and_parents() {
        let text = "# header\n[a]\nmaxRank = 5\n\n# the b variant\n[b:a]\ncastling = false \nmaxRank=6\nmaxRank = 7\n";
        let f = ini(text);
        assert_eq!(f.sections.len(), 2);
        assert_eq!(f.sections[0].name, "a");
        assert_eq!(f.sections[0].parent, None);
        let b = &f.sections[1];
        assert_eq!(b.parent.as_deref(), Some("a"));
        assert_eq!(
            &text[b.parent_span.unwrap().start..b.parent_span.unwrap().end],
            "a"
        );
        assert_eq!(b.comments, vec!["the b variant"]);
        // trailing spaces stay, as Fairy-Stockfish keeps them
        assert_eq!(b.get("castling").unwrap().value, "false ");
        // the last value of a repeated key wins
        assert_eq!(b.get("maxRank").unwrap().value, "7");
        assert_eq!(b.get("maxRank").unwrap().line, 9);
        let e = b.get("maxRank").unwrap();
        assert_eq!(&text[e.value_span.start..e.value_span.end], "7");
    }

    #[test]
    fn comments_and_stray_lines() {
        let f = ini("junk before\n[x]\n;semi\n#hash\nnot an option\n  # indented = 1\n");
        assert_eq!(f.sections[0].comments, vec!["semi", "hash"]);
        // a line without `=` is not an option (Fairy-Stockfish: "Invalid syntax")
        assert_eq!(f.stray.len(), 1);
        assert_eq!(
            f.sections[0].entries.len(),
            1,
            "an indented # line is a key"
        );
        assert_eq!(f.sections[0].entries[0].key, "  # indented");
    }

    #[test]
    fn an_empty_value_sets_nothing() {
        let f = ini("[x]\nmaxRank = 5\nmaxRank =  \n");
        assert_eq!(f.sections[0].get("maxRank").unwrap().value, "5");
        assert_eq!(f.stray.len(), 1);
    }

    #[test]
    fn crlf() {
        let f = ini("[x]\r\nmaxRank = 5\r\n");
        assert_eq!(f.sections[0].get("maxRank").unwrap().value, "5");
    }
}
