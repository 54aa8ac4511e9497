//! A bridge to Fairy-Stockfish: its `variants.ini` sections become varia
//! rule files ([`import`]), and a varia variant becomes a `variants.ini`
//! section ([`export::export`]).
//!
//! The translation is driven by data: [`options::OPTIONS`] is the table of
//! Fairy-Stockfish's options and what each becomes; the built-in variants a
//! section may inherit from are facts written as ini sections
//! (`builtins.ini`, from Fairy-Stockfish's src/variant.cpp). A section is
//! read into the rules Fairy-Stockfish would hold ([`rules::Rules`], its
//! parent's first), and the writer turns those rules into varia's language.
//! No variant is named in the code: a section's output depends only on its
//! options and its parent's.
//!
//! | file | concept |
//! |---|---|
//! | `ini.rs` | the ini reader (sections, keys, lines) |
//! | `options.rs` | the option table, and options applied to rules |
//! | `rules.rs` | a Fairy-Stockfish variant's rules, with their defaults |
//! | `builtins.rs`, `builtins.ini` | the built-in parents, as facts |
//! | `fen.rs` | the start FEN |
//! | `betza.rs` | Fairy-Stockfish's Betza ↔ varia's |
//! | `ledger.rs` | the account of each option, as diagnostics |
//! | `writer.rs`, `turn.rs`, `ending.rs` | the writer to varia's language |
//! | `export/` | the exporter: a varia variant to a section |
//! | `locate.rs` | where a construct stands in the rule file (for `export`'s diagnostics) |

mod betza;
mod builtins;
mod ending;
pub mod export;
mod fen;
pub mod ini;
pub mod ledger;
mod locate;
pub mod options;
pub mod rules;
mod turn;
mod writer;

use crate::diagnostic::{Diagnostic, Sources};
use ledger::{Ledger, Note};
use options::{Origin, Resolved};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One section, imported (or refused).
#[derive(Debug, Clone)]
pub struct Imported {
    pub section: String,
    pub parent: Option<String>,
    pub line: usize,
    /// The file name it is written to (`NAME.variant`, sanitised).
    pub file_name: String,
    /// The variant's name in varia.
    pub variant: String,
    /// The rule file, or `None` when the section is refused.
    pub text: Option<String>,
    pub converted: Vec<Note>,
    pub display: Vec<Note>,
    pub not_encoded: Vec<Note>,
    pub refused: Vec<Note>,
    pub unknown: Vec<Note>,
}

/// A whole file, imported.
#[derive(Debug, Clone)]
pub struct Import {
    pub sections: Vec<Imported>,
    /// Every finding, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    pub sources: Sources,
}

/// The display-only options (nothing for varia to write).
const DISPLAY: &[(&str, &str)] = &[
    ("pieceToCharTable", "XBoard's piece images"),
    ("pocketSize", "XBoard's holdings size"),
    ("variantTemplate", "XBoard's display template"),
    ("pieceValueMg", "the evaluation's piece values"),
    ("pieceValueEg", "the evaluation's piece values"),
];

/// Import every section of a `variants.ini` text. `file` is the name the
/// diagnostics and the files' comments give it.
pub fn import(file: &str, text: &str) -> Import {
    let fname: Arc<str> = Arc::from(file);
    let mut sources = Sources::new();
    sources.add(&fname, &Arc::from(text));
    let ini = ini::parse(&fname, text);
    let mut diagnostics = Vec::new();
    for &s in &ini.stray {
        diagnostics.push(
            Diagnostic::warning(
                ledger::INVALID,
                &fname,
                s,
                "this line is neither `key = value` (with a value) nor a comment",
            )
            .hint(
                "Fairy-Stockfish ignores it; a comment starts with `#` or `;` in the first column",
            ),
        );
    }
    let mut defined: BTreeMap<String, Resolved> = BTreeMap::new();
    let mut names_used: Vec<String> = Vec::new();
    let mut sections = Vec::new();
    for s in &ini.sections {
        let base = match &s.parent {
            None => Some(Resolved::default()),
            Some(p) => defined.get(p).cloned().or_else(|| builtins::get(p)),
        };
        let exists = defined.contains_key(&s.name) || builtins::get(&s.name).is_some();
        let (resolved, unknown, invalid) = match &base {
            Some(b) => {
                let (mut r, u, i) = options::apply(b, s, |e| Origin::Line {
                    section: s.name.clone(),
                    entry: e.clone(),
                });
                r.rules.conclude();
                (r, u, i)
            }
            None => (Resolved::default(), Vec::new(), Vec::new()),
        };
        let mut led = Ledger::new(&fname, s, &resolved);
        if exists {
            led.refuse_section(
                ledger::BAD_SECTION,
                s.name_span,
                format!(
                    "Fairy-Stockfish already has a variant `{}` and ignores this section",
                    s.name
                ),
                "give the section another name",
            );
        } else if base.is_none() {
            let p = s.parent.clone().unwrap_or_default();
            let mut known: Vec<String> = defined.keys().cloned().collect();
            known.extend(builtins::names().map(String::from));
            let mut hint =
                "a parent is a built-in variant of Fairy-Stockfish or a section above this one"
                    .to_string();
            if let Some(sug) = crate::diagnostic::suggest(&p, known.iter().map(String::as_str)) {
                hint = sug;
            }
            led.refuse_section(
                ledger::UNKNOWN_PARENT,
                s.parent_span.unwrap_or(s.header),
                format!("no variant `{p}` to inherit from"),
                &hint,
            );
        }
        if base.is_some() && !exists {
            defined.insert(s.name.clone(), resolved.clone());
        }
        for e in &unknown {
            led.unknown(e);
        }
        for i in &invalid {
            led.invalid(&i.entry, &i.message);
        }
        for e in &s.entries {
            if let Some((_, why)) = DISPLAY.iter().find(|(k, _)| *k == e.key) {
                led.display(e, why);
            }
        }
        let variant = variant_name(&s.name);
        let file_name = unique(&mut names_used, &file_stem(&s.name));
        let text = if led.is_refused() {
            None
        } else {
            let body = writer::Writer::new(&resolved.rules, &mut led).write(&variant, &s.name);
            body.and_then(|b| {
                let text = format!("{}{b}", header(file, s, &led));
                check_output(&text, &file_name, &mut led).then_some(text)
            })
        };
        let accounted: Vec<&str> = led
            .refused
            .iter()
            .chain(&led.not_encoded)
            .chain(&led.display)
            .chain(&led.unknown)
            .filter(|n| n.inherited_from.is_none())
            .map(|n| n.key.as_str())
            .collect();
        let converted: Vec<Note> = s
            .entries
            .iter()
            .filter(|e| !accounted.contains(&e.key.as_str()))
            .map(|e| Note {
                key: e.key.clone(),
                value: e.value.clone(),
                line: e.line,
                inherited_from: None,
                reason: String::new(),
            })
            .collect();
        diagnostics.extend(led.diagnostics.iter().cloned());
        sections.push(Imported {
            section: s.name.clone(),
            parent: s.parent.clone(),
            line: s.line,
            file_name,
            variant,
            text,
            converted,
            display: led.display,
            not_encoded: led.not_encoded,
            refused: led.refused,
            unknown: led.unknown,
        });
    }
    crate::diagnostic::sort(&mut diagnostics);
    Import {
        sections,
        diagnostics,
        sources,
    }
}

/// The comment lines at the top of a written file.
fn header(file: &str, s: &ini::Section, led: &Ledger) -> String {
    let clean = |t: &str| -> String { t.chars().filter(|c| !c.is_control()).collect() };
    let mut h = String::new();
    let head = match &s.parent {
        Some(p) => format!("[{}:{}]", s.name, p),
        None => format!("[{}]", s.name),
    };
    h.push_str(&format!(
        "# {}: imported from Fairy-Stockfish's variants.ini format by `varia import`.\n#\n",
        clean(&s.name)
    ));
    h.push_str(&format!(
        "# Source: {}, section {} (line {}).\n",
        clean(file),
        clean(&head),
        s.line
    ));
    if let Some(p) = &s.parent {
        h.push_str(&format!(
            "# Its rules are those of `{}` with the section's options applied.\n",
            clean(p)
        ));
    }
    if !s.comments.is_empty() {
        h.push_str("#\n# The section's comments:\n");
        for c in &s.comments {
            h.push_str(&format!("#   {}\n", clean(c)));
        }
    }
    if !led.not_encoded.is_empty() {
        h.push_str("#\n# Not encoded (Fairy-Stockfish adjudication rules varia does not carry\n# out; they never change which moves are legal):\n");
        for n in &led.not_encoded {
            let at = match &n.inherited_from {
                Some(f) => format!("from {f}"),
                None => format!("line {}", n.line),
            };
            h.push_str(&format!(
                "# - {} ({at}): {}\n",
                clean(&n.key),
                clean(&n.reason)
            ));
        }
    }
    if !led.display.is_empty() {
        let keys: Vec<String> = led
            .display
            .iter()
            .map(|n| format!("{} (line {})", n.key, n.line))
            .collect();
        h.push_str(&format!(
            "#\n# Display options of Fairy-Stockfish, not needed here: {}.\n",
            keys.join(", ")
        ));
    }
    h.push('\n');
    h
}

/// Check the written file with varia's own checker: a file that does not
/// check, or cannot start, refuses the section with the checker's reason.
fn check_output(text: &str, file_name: &str, led: &mut Ledger) -> bool {
    let checked = crate::check::check_str(file_name, text, None, &[]);
    let mut problems: Vec<Diagnostic> = checked
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .cloned()
        .collect();
    if problems.is_empty() {
        // Only errors refuse: a warning (squares no man can reach, as on
        // a board played on one colour) leaves a file that plays.
        problems = crate::load::startable(&checked)
            .into_iter()
            .filter(|d| d.is_error())
            .collect();
    }
    match problems.first() {
        None => true,
        Some(d) => {
            let (line, _) = crate::diagnostic::line_col(text, d.span.start);
            let quoted = text
                .lines()
                .nth(line.saturating_sub(1))
                .unwrap_or("")
                .trim();
            led.refuse_section(
                ledger::BAD_SECTION,
                led.section.header,
                format!(
                    "varia refuses the file written for it: {} (at `{quoted}`)",
                    d.message
                ),
                "",
            );
            false
        }
    }
}

/// A valid varia variant name for a section's name.
pub fn variant_name(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let alpha = |j: Option<&char>| j.is_some_and(|c| c.is_ascii_alphabetic());
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if c == '-' && i > 0 && alpha(chars.get(i - 1)) && alpha(chars.get(i + 1)) {
            out.push('-');
        } else {
            out.push('_');
        }
    }
    if out.is_empty() {
        return "imported".into();
    }
    let digits = out.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && !out[digits..].starts_with(|c: char| c.is_ascii_alphabetic()) {
        out.insert_str(0, "v_");
    }
    let b = out.as_bytes();
    if b[0].is_ascii_lowercase() && b.len() > 1 && b[1..].iter().all(u8::is_ascii_digit) {
        out.insert_str(0, "v_");
    }
    out
}

/// A file stem from a section's name: letters, digits, `-` and `_` only.
fn file_stem(s: &str) -> String {
    let stem: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let stem = stem.trim_start_matches('-').to_string();
    if stem.is_empty() {
        "section".into()
    } else {
        stem
    }
}

fn unique(used: &mut Vec<String>, stem: &str) -> String {
    let mut name = format!("{stem}.variant");
    let mut k = 2;
    while used.contains(&name.to_ascii_lowercase()) {
        name = format!("{stem}_{k}.variant");
        k += 1;
    }
    used.push(name.to_ascii_lowercase());
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(variant_name("3check-crazyhouse"), "3check-crazyhouse");
        assert_eq!(variant_name("1d-chess"), "1d-chess");
        assert_eq!(variant_name("e4"), "v_e4");
        assert_eq!(variant_name("a b"), "a_b");
        assert_eq!(variant_name("9"), "v_9");
        assert_eq!(variant_name("v9"), "v_v9");
        assert_eq!(variant_name("-x-"), "_x_");
        assert_eq!(file_stem("../etc/passwd"), "___etc_passwd");
        assert_eq!(file_stem("--x"), "x");
    }

    #[test]
    fn docs_fsf_md_lists_every_code() {
        let doc = include_str!("../../docs/FSF.md");
        for code in [
            ledger::UNSUPPORTED,
            ledger::NOT_ENCODED,
            ledger::INVALID,
            ledger::UNKNOWN_OPTION,
            ledger::UNKNOWN_PARENT,
            ledger::BAD_SECTION,
            export::UNEXPORTABLE,
            export::NOT_EXPORTED,
        ] {
            assert!(doc.contains(&format!("| `{code}` |")), "{code}");
        }
    }
}
