//! The account of one section's options: which were converted, which are
//! display settings, which varia does not encode (warnings) and which it
//! cannot express (errors, the section is refused), each with the line that
//! gave it, as diagnostics in varia's style.

use super::ini::{Entry, Section};
use super::options::{Origin, Resolved};
use crate::diagnostic::{Diagnostic, Span};
use serde::Serialize;
use std::sync::Arc;

/// An option of the section and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Note {
    pub key: String,
    pub value: String,
    /// The line of the file that gave it (the section header's line for a
    /// value inherited from a built-in variant).
    pub line: usize,
    /// Where it came from when not from this section (`built-in chess`,
    /// `section [parent]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inherited_from: Option<String>,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// Diagnostic codes of `varia import`.
pub const UNSUPPORTED: &str = "fsf-unsupported";
pub const NOT_ENCODED: &str = "fsf-not-encoded";
pub const INVALID: &str = "fsf-invalid";
pub const UNKNOWN_OPTION: &str = "fsf-unknown-option";
pub const UNKNOWN_PARENT: &str = "fsf-unknown-parent";
pub const BAD_SECTION: &str = "fsf-bad-section";

/// The account of one section.
#[derive(Debug, Clone)]
pub struct Ledger {
    pub file: Arc<str>,
    pub section: Section,
    pub origins: std::collections::BTreeMap<String, Origin>,
    pub diagnostics: Vec<Diagnostic>,
    pub refused: Vec<Note>,
    pub not_encoded: Vec<Note>,
    pub display: Vec<Note>,
    pub unknown: Vec<Note>,
}

impl Ledger {
    pub fn new(file: &Arc<str>, section: &Section, resolved: &Resolved) -> Ledger {
        Ledger {
            file: file.clone(),
            section: section.clone(),
            origins: resolved.origins.clone(),
            diagnostics: Vec::new(),
            refused: Vec::new(),
            not_encoded: Vec::new(),
            display: Vec::new(),
            unknown: Vec::new(),
        }
    }

    /// Whether the section is refused so far.
    pub fn is_refused(&self) -> bool {
        !self.refused.is_empty()
    }

    /// The first of `keys` that has an origin, with it.
    fn find(&self, keys: &[&str]) -> Option<(String, Origin)> {
        // Keys this section gives first, then inherited ones.
        let own = keys.iter().find_map(|k| match self.origins.get(*k) {
            Some(o @ Origin::Line { section, .. }) if *section == self.section.name => {
                Some((k.to_string(), o.clone()))
            }
            _ => None,
        });
        own.or_else(|| {
            keys.iter()
                .find_map(|k| self.origins.get(*k).map(|o| (k.to_string(), o.clone())))
        })
    }

    fn note_and_diag(
        &self,
        code: &'static str,
        keys: &[&str],
        reason: &str,
        hint: &str,
        error: bool,
    ) -> (Note, Diagnostic) {
        let head = self.section.header;
        let (note, span, label): (Note, Span, Option<(Span, String)>) = match self.find(keys) {
            Some((key, Origin::Line { section, entry })) if section == self.section.name => {
                (note_of(&key, &entry, None, reason), entry.span(), None)
            }
            Some((key, Origin::Line { section, entry })) => (
                note_of(&key, &entry, Some(format!("section [{section}]")), reason),
                head,
                Some((entry.span(), format!("inherited from [{section}]"))),
            ),
            Some((key, Origin::Builtin(b))) => (
                Note {
                    key,
                    value: String::new(),
                    line: self.section.line,
                    inherited_from: Some(format!("built-in {b}")),
                    reason: reason.to_string(),
                },
                head,
                None,
            ),
            None => (
                Note {
                    key: keys.first().copied().unwrap_or("").to_string(),
                    value: String::new(),
                    line: self.section.line,
                    inherited_from: None,
                    reason: reason.to_string(),
                },
                head,
                None,
            ),
        };
        let what = if note.value.is_empty() {
            format!("`{}`", note.key)
        } else {
            format!("`{} = {}`", note.key, note.value.trim_end())
        };
        let from = match &note.inherited_from {
            Some(f) if note.value.is_empty() || label.is_some() => format!(" (inherited from {f})"),
            _ => String::new(),
        };
        let msg = format!("{what}{from}: {reason}");
        let mut d = if error {
            Diagnostic::error(code, &self.file, span, msg)
        } else {
            Diagnostic::warning(code, &self.file, span, msg)
        };
        if let Some((s, l)) = label {
            d = d.label(s, l);
        }
        if !hint.is_empty() {
            d = d.hint(hint);
        }
        (note, d)
    }

    /// A rule varia cannot express: the section is refused.
    pub fn refuse(&mut self, keys: &[&str], reason: impl AsRef<str>, hint: impl AsRef<str>) {
        let hint = match hint.as_ref() {
            "" => "varia cannot express this rule: the section produces no file",
            h => h,
        };
        let (note, d) = self.note_and_diag(UNSUPPORTED, keys, reason.as_ref(), hint, true);
        if !self.refused.contains(&note) {
            self.refused.push(note);
            self.diagnostics.push(d);
        }
    }

    /// A rule varia does not encode (it never changes the legal moves).
    pub fn not_encoded(&mut self, keys: &[&str], reason: impl AsRef<str>) {
        let hint = "the file plays without this rule; it never changes which moves are legal";
        let (note, d) = self.note_and_diag(NOT_ENCODED, keys, reason.as_ref(), hint, false);
        if !self.not_encoded.contains(&note) {
            self.not_encoded.push(note);
            self.diagnostics.push(d);
        }
    }

    /// A value Fairy-Stockfish itself rejects: the section is refused.
    pub fn invalid(&mut self, entry: &Entry, message: &str) {
        let note = note_of(&entry.key, entry, None, message);
        self.diagnostics.push(
            Diagnostic::error(INVALID, &self.file, entry.value_span, message.to_string())
                .hint("Fairy-Stockfish's `check` command reports it too; fix the value"),
        );
        self.refused.push(note);
    }

    /// An option Fairy-Stockfish does not know (and ignores).
    pub fn unknown(&mut self, entry: &Entry) {
        let known = super::options::OPTIONS.iter().map(|o| o.key);
        let mut d = Diagnostic::warning(
            UNKNOWN_OPTION,
            &self.file,
            entry.key_span,
            format!(
                "`{}` is not an option of Fairy-Stockfish, which ignores it",
                entry.key
            ),
        );
        if let Some(s) = crate::diagnostic::suggest(&entry.key, known) {
            d = d.hint(s);
        }
        self.diagnostics.push(d);
        self.unknown.push(note_of(
            &entry.key,
            entry,
            None,
            "not an option of Fairy-Stockfish",
        ));
    }

    /// A display option (nothing to write).
    pub fn display(&mut self, entry: &Entry, reason: &str) {
        self.display.push(note_of(&entry.key, entry, None, reason));
    }

    /// The section as a whole is refused (a parent that does not exist...).
    pub fn refuse_section(&mut self, code: &'static str, span: Span, reason: String, hint: &str) {
        let mut d = Diagnostic::error(code, &self.file, span, reason.clone());
        if !hint.is_empty() {
            d = d.hint(hint);
        }
        self.diagnostics.push(d);
        self.refused.push(Note {
            key: format!("[{}]", self.section.name),
            value: String::new(),
            line: self.section.line,
            inherited_from: None,
            reason,
        });
    }
}

fn note_of(key: &str, entry: &Entry, from: Option<String>, reason: &str) -> Note {
    Note {
        key: key.to_string(),
        value: entry.value.clone(),
        line: entry.line,
        inherited_from: from,
        reason: reason.to_string(),
    }
}
