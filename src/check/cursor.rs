//! Reading a statement's arguments one by one, with located errors.

use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::{Arg, ArgKind};
use std::sync::Arc;

/// A cursor over a statement's arguments.
pub(crate) struct Cur<'a> {
    pub args: &'a [Arg],
    pub i: usize,
    pub file: &'a Arc<str>,
    /// Where "the end of the statement" is, for "expected ... here" errors.
    pub end: Span,
}

impl<'a> Cur<'a> {
    pub fn new(args: &'a [Arg], file: &'a Arc<str>, end: Span) -> Cur<'a> {
        Cur {
            args,
            i: 0,
            file,
            end,
        }
    }

    pub fn peek(&self) -> Option<&'a Arg> {
        self.args.get(self.i)
    }

    pub fn next(&mut self) -> Option<&'a Arg> {
        let a = self.args.get(self.i);
        if a.is_some() {
            self.i += 1;
        }
        a
    }

    pub fn done(&self) -> bool {
        self.i >= self.args.len()
    }

    /// Span of the current token, or a point at the end of the statement.
    pub fn here(&self) -> Span {
        self.peek()
            .map_or(Span::new(self.end.end, self.end.end), |a| a.span)
    }

    pub fn peek_word(&self) -> Option<&'a str> {
        self.peek().and_then(|a| a.word())
    }

    pub fn eat_word(&mut self, w: &str) -> bool {
        if self.peek_word() == Some(w) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    pub fn eat_op(&mut self, o: &str) -> bool {
        if self.peek().is_some_and(|a| a.is_op(o)) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    /// "expected X, found Y" at the current token.
    pub fn expected(&self, what: &str) -> Diagnostic {
        match self.peek() {
            Some(a) if a.is_unclosed_quote() => unclosed_quote(self.file, a),
            Some(a) => Diagnostic::error(
                "bad-argument",
                self.file,
                a.span,
                format!("expected {what}, found {}", a.describe()),
            ),
            None => Diagnostic::error(
                "missing-argument",
                self.file,
                self.here(),
                format!("expected {what} here"),
            ),
        }
    }

    pub fn expect_word(&mut self, what: &str) -> Result<(&'a str, Span), Diagnostic> {
        match self.peek() {
            Some(Arg {
                kind: ArgKind::Word(w),
                span,
            }) => {
                self.i += 1;
                Ok((w.as_str(), *span))
            }
            Some(Arg {
                kind: ArgKind::Square { .. },
                ..
            }) => Err(self.expected(what).hint(
                "a small letter followed by digits (`e4`, `p1`) reads as a square, not as a name",
            )),
            _ => Err(self.expected(what)),
        }
    }

    /// A word that is one of `choices`; suggests the closest one otherwise.
    pub fn expect_choice(
        &mut self,
        what: &str,
        choices: &[&'static str],
    ) -> Result<(&'static str, Span), Diagnostic> {
        let list = choices
            .iter()
            .map(|c| format!("`{c}`"))
            .collect::<Vec<_>>()
            .join(", ");
        match self.peek() {
            Some(Arg {
                kind: ArgKind::Word(w),
                span,
            }) => {
                if let Some(c) = choices.iter().find(|c| **c == w) {
                    self.i += 1;
                    Ok((c, *span))
                } else {
                    let mut d = Diagnostic::error(
                        "bad-argument",
                        self.file,
                        *span,
                        format!("`{w}` is not {what}"),
                    );
                    if let Some(h) = crate::diagnostic::suggest(w, choices.iter().copied()) {
                        d = d.hint(h);
                    }
                    Err(d.hint(format!("the choices are {list}")))
                }
            }
            _ => Err(self.expected(what).hint(format!("the choices are {list}"))),
        }
    }

    pub fn expect_keyword(&mut self, w: &str) -> Result<Span, Diagnostic> {
        let sp = self.here();
        if self.eat_word(w) {
            Ok(sp)
        } else {
            Err(self.expected(&format!("`{w}`")))
        }
    }

    pub fn expect_op(&mut self, o: &str) -> Result<Span, Diagnostic> {
        let sp = self.here();
        if self.eat_op(o) {
            Ok(sp)
        } else {
            Err(self.expected(&format!("`{o}`")))
        }
    }

    pub fn expect_int(&mut self, what: &str, lo: i64, hi: i64) -> Result<(i64, Span), Diagnostic> {
        match self.peek() {
            Some(Arg {
                kind: ArgKind::Number(n),
                span,
            }) => {
                self.i += 1;
                if *n < lo || *n > hi {
                    Err(Diagnostic::error(
                        "out-of-range",
                        self.file,
                        *span,
                        // A number too large to read was saturated by the
                        // parser: the underlined text shows what was written.
                        if *n == i64::MAX || *n == i64::MIN {
                            format!("{what} must be from {lo} to {hi}; this number is far outside")
                        } else {
                            format!("{what} must be from {lo} to {hi}, not {n}")
                        },
                    ))
                } else {
                    Ok((*n, *span))
                }
            }
            _ => Err(self.expected(what)),
        }
    }

    pub fn expect_string(&mut self, what: &str) -> Result<(&'a str, Span), Diagnostic> {
        match self.peek() {
            Some(Arg {
                kind: ArgKind::Str(s),
                span,
            }) => {
                self.i += 1;
                Ok((s.as_str(), *span))
            }
            _ => Err(self.expected(what)),
        }
    }

    /// Between the items of a comma-separated list of names: `Ok(false)` at
    /// the end of the statement, `Ok(true)` after a comma. A missing comma is
    /// an error (with `hint`); its `bool` says whether reading goes on, which
    /// it does when a name follows, so the names after it still count.
    pub fn list_separator(&mut self, hint: &str) -> Result<bool, (Diagnostic, bool)> {
        if self.done() {
            return Ok(false);
        }
        match self.expect_op(",") {
            Ok(_) => Ok(true),
            Err(d) => Err((d.hint(hint), self.peek_word().is_some())),
        }
    }

    /// Error if arguments remain.
    pub fn finish(&self) -> Result<(), Diagnostic> {
        match self.peek() {
            None => Ok(()),
            Some(a) if a.is_unclosed_quote() => Err(unclosed_quote(self.file, a)),
            Some(a) => {
                let last = self.args.last().map_or(a.span, |l| l.span);
                Err(Diagnostic::error(
                    "extra-argument",
                    self.file,
                    a.span.to(last),
                    format!("unexpected {} at the end of this statement", a.describe()),
                )
                .hint("remove it, or start a new statement on a new line"))
            }
        }
    }
}

/// A `"` whose string does not end on its line (the lexer keeps it alone).
fn unclosed_quote(file: &Arc<str>, a: &Arg) -> Diagnostic {
    Diagnostic::error("bad-argument", file, a.span, "this string is never closed")
        .hint("a string ends with `\"` on the same line, as in `moves \"fmW\"`")
}
