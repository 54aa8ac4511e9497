//! Errors as data: every stage reports [`Diagnostic`]s, rendered in one place.
//!
//! A diagnostic has a stable `code` (kebab-case, listed in docs/LANGUAGE.md),
//! a severity, the file and byte span it is about, a message, optional
//! secondary labels and hints. [`render`] turns a list of them into the text a
//! designer reads (`file:line:col`, the line, the text underlined, the hints);
//! [`to_json`] into what an editor reads.

use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// A byte range in one source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// One finding about a rule file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub code: &'static str,
    pub severity: Severity,
    /// Name of the file the span refers to.
    pub file: Arc<str>,
    pub span: Span,
    pub message: String,
    /// Secondary places, each with a short note.
    pub labels: Vec<(Span, String)>,
    pub hints: Vec<String>,
}

impl Diagnostic {
    pub fn error(
        code: &'static str,
        file: &Arc<str>,
        span: Span,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            file: file.clone(),
            span,
            message: message.into(),
            labels: Vec::new(),
            hints: Vec::new(),
        }
    }

    pub fn warning(
        code: &'static str,
        file: &Arc<str>,
        span: Span,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, file, span, message)
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }

    pub fn label(mut self, span: Span, note: impl Into<String>) -> Self {
        self.labels.push((span, note.into()));
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The texts of the files diagnostics refer to.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    files: BTreeMap<Arc<str>, Arc<str>>,
}

impl Sources {
    pub fn new() -> Sources {
        Sources::default()
    }

    pub fn add(&mut self, name: &Arc<str>, text: &Arc<str>) {
        self.files.insert(name.clone(), text.clone());
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.files.get(name).map(|t| &**t)
    }

    /// Every file, as (name, text), in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&Arc<str>, &str)> {
        self.files.iter().map(|(n, t)| (n, &**t))
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(text, offset.min(text.len()));
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = text[line_start..offset].chars().count() + 1;
    (line, col)
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Sort by file, then position, then severity; drop exact duplicates.
pub fn sort(diags: &mut Vec<Diagnostic>) {
    diags.sort_by(|a, b| {
        (
            &a.file,
            a.span.start,
            a.span.end,
            a.severity,
            a.code,
            &a.message,
        )
            .cmp(&(
                &b.file,
                b.span.start,
                b.span.end,
                b.severity,
                b.code,
                &b.message,
            ))
    });
    diags.dedup();
}

/// Terminal styling for [`render`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

impl Style {
    fn paint(self, code: &str, s: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
}

/// Render diagnostics the way a designer reads them:
///
/// ```text
/// error[unknown-piece]: no piece is called `knigt`
///   --> variants/my.variant:12:9
///    |
/// 12 |   use knigt
///    |       ^^^^^ not defined
///    = hint: did you mean `knight`?
/// ```
///
/// At most [`MAX_SHOWN`] diagnostics are drawn, then a line says how many
/// more there are; a quoted source line is cut to a window of
/// [`MAX_QUOTE`] characters around the mark, and a message to
/// [`MAX_MESSAGE`] characters, so the output stays small whatever the input.
pub fn render(diags: &[Diagnostic], sources: &Sources, style: Style) -> String {
    let mut out = String::new();
    for d in diags.iter().take(MAX_SHOWN) {
        render_one(&mut out, d, sources, style);
        out.push('\n');
    }
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let warnings = diags.len() - errors;
    if diags.len() > MAX_SHOWN {
        let rest = &diags[MAX_SHOWN..];
        let e = rest.iter().filter(|d| d.is_error()).count();
        let _ = writeln!(
            out,
            "... and {} more not shown: {}; --format json lists them all\n",
            rest.len(),
            summary(e, rest.len() - e)
        );
    }
    if errors + warnings > 0 {
        let _ = writeln!(out, "{}", summary(errors, warnings));
    }
    out
}

/// The most diagnostics [`render`] draws.
pub const MAX_SHOWN: usize = 50;
/// The widest window of a source line [`render`] quotes, in characters.
pub const MAX_QUOTE: usize = 160;
/// The longest message [`render`] and [`to_json`] give, in characters.
pub const MAX_MESSAGE: usize = 300;

/// `s` cut to `max` characters, with `…` where it was cut.
pub fn clip(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(max) {
        None => s.into(),
        Some((i, _)) => format!("{}…", &s[..i]).into(),
    }
}

/// `2 errors, 1 warning`.
pub fn summary(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    match (errors, warnings) {
        (e, 0) => plural(e, "error"),
        (0, w) => plural(w, "warning"),
        (e, w) => format!("{}, {}", plural(e, "error"), plural(w, "warning")),
    }
}

fn render_one(out: &mut String, d: &Diagnostic, sources: &Sources, style: Style) {
    let (word, colour) = match d.severity {
        Severity::Error => ("error", "1;31"),
        Severity::Warning => ("warning", "1;33"),
    };
    let _ = writeln!(
        out,
        "{}{}",
        style.paint(colour, &format!("{word}[{}]", d.code)),
        style.paint("1", &format!(": {}", clip(&d.message, MAX_MESSAGE)))
    );
    let Some(text) = sources.get(&d.file) else {
        let _ = writeln!(out, "  --> {}", d.file);
        for h in &d.hints {
            let _ = writeln!(out, "  = hint: {h}");
        }
        return;
    };
    let (line, col) = line_col(text, d.span.start);
    let mut marks: Vec<(Span, String, bool)> = vec![(d.span, String::new(), true)];
    marks.extend(d.labels.iter().map(|(s, n)| (*s, n.clone(), false)));
    // The primary note, if any, is the first label on the primary span.
    let width = marks
        .iter()
        .map(|(s, _, _)| line_col(text, s.start).0)
        .max()
        .unwrap_or(line)
        .to_string()
        .len();
    let pad = " ".repeat(width);
    let _ = writeln!(
        out,
        "{pad}{} {}:{line}:{col}",
        style.paint("34", "-->"),
        d.file
    );
    let _ = writeln!(out, "{pad} {}", style.paint("34", "|"));
    let mut by_line: BTreeMap<usize, Vec<(Span, String, bool)>> = BTreeMap::new();
    for m in marks {
        by_line
            .entry(line_col(text, m.0.start).0)
            .or_default()
            .push(m);
    }
    let mut last = 0;
    for (ln, mut ms) in by_line {
        // Left to right, as they stand on the line.
        ms.sort_by_key(|m| m.0.start);
        if last != 0 && ln > last + 1 {
            let _ = writeln!(out, "{}", style.paint("34", "..."));
        }
        last = ln;
        let src_line = text.lines().nth(ln - 1).unwrap_or("");
        // A long line is quoted as a window around its first mark; columns
        // below are counted from the window's start.
        let line_chars = src_line.chars().count();
        let first_col = ms.first().map_or(1, |m| line_col(text, m.0.start).1);
        let start = if line_chars <= MAX_QUOTE {
            0
        } else {
            first_col
                .saturating_sub(MAX_QUOTE / 3)
                .min(line_chars - MAX_QUOTE)
        };
        let end = (start + MAX_QUOTE).min(line_chars);
        let shown: String = src_line
            .chars()
            .skip(start)
            .take(end - start)
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let lead = usize::from(start > 0);
        let _ = writeln!(
            out,
            "{} {} {}{shown}{}",
            style.paint("34", &format!("{ln:>width$}")),
            style.paint("34", "|"),
            if start > 0 { "…" } else { "" },
            if end < line_chars { "…" } else { "" }
        );
        for (span, note, primary) in ms {
            let (_, c) = line_col(text, span.start);
            // The column within the window (1-based, after a leading `…`).
            let c = (c.saturating_sub(start)).clamp(1, end - start + 1) + lead;
            let line_chars = end - start + lead;
            let len = text
                .get(span.start..span.end.min(text.len()))
                .map(|s| s.lines().next().unwrap_or("").chars().count())
                .unwrap_or(1)
                .clamp(1, (line_chars + 1).saturating_sub(c - 1).max(1));
            let ch = if primary { "^" } else { "-" };
            let marker = format!("{}{}", " ".repeat(c - 1), ch.repeat(len));
            let marker = if note.is_empty() {
                marker
            } else {
                format!("{marker} {}", clip(&note, MAX_MESSAGE))
            };
            let _ = writeln!(
                out,
                "{pad} {} {}",
                style.paint("34", "|"),
                style.paint(if primary { colour } else { "34" }, &marker)
            );
        }
    }
    for h in &d.hints {
        let _ = writeln!(
            out,
            "{pad} {} {}",
            style.paint("34", "="),
            format_args!("hint: {h}")
        );
    }
}

/// A diagnostic as an editor or script reads it.
#[derive(Debug, Serialize)]
pub struct JsonDiagnostic<'a> {
    pub code: &'a str,
    pub severity: Severity,
    pub file: &'a str,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub message: std::borrow::Cow<'a, str>,
    pub hints: &'a [String],
}

/// Diagnostics with line/column positions, ready for `serde_json`.
pub fn to_json<'a>(diags: &'a [Diagnostic], sources: &Sources) -> Vec<JsonDiagnostic<'a>> {
    diags
        .iter()
        .map(|d| {
            let text = sources.get(&d.file).unwrap_or("");
            let (line, column) = line_col(text, d.span.start);
            let (end_line, end_column) = line_col(text, d.span.end);
            JsonDiagnostic {
                code: d.code,
                severity: d.severity,
                file: &d.file,
                line,
                column,
                end_line,
                end_column,
                message: clip(&d.message, MAX_MESSAGE),
                hints: &d.hints,
            }
        })
        .collect()
}

/// The closest of `candidates` to `word`, if it is close enough to suggest.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let mut best: Option<(f64, &str)> = None;
    for c in candidates {
        let score = strsim::jaro_winkler(&word.to_lowercase(), &c.to_lowercase());
        if score > 0.8 && best.is_none_or(|(s, _)| score > s) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| c)
}

/// `did you mean `x`?` when there is a close candidate.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    did_you_mean(word, candidates).map(|c| format!("did you mean `{c}`?"))
}
