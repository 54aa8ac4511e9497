//! Finding the statement of a construct in a variant's rule files, so that
//! `export` names the line of a rule Fairy-Stockfish cannot express.
//!
//! The statements of the variant's block come first, then those of its
//! `extends` chain, each with the file it stands in.

use crate::check::Checked;
use crate::diagnostic::Span;
use crate::syntax::ast::{ArgKind, Stmt};
use std::sync::Arc;

/// A statement and its file.
#[derive(Debug, Clone)]
pub struct Located {
    pub file: Arc<str>,
    pub stmt: Stmt,
}

/// The statements of a variant and of its ancestors, child first.
pub struct Statements {
    pub list: Vec<Located>,
    /// The variant's name in its `variant` statement.
    pub head: Option<(Arc<str>, Span)>,
}

fn flatten(file: &Arc<str>, stmts: &[Stmt], out: &mut Vec<Located>) {
    for s in stmts {
        if s.keyword() != Some("variant") {
            out.push(Located {
                file: file.clone(),
                stmt: s.clone(),
            });
        }
        if let Some(b) = &s.block {
            if s.keyword() != Some("variant") {
                flatten(file, &b.stmts, out);
            }
        }
    }
}

fn word(s: &Stmt, i: usize) -> Option<&str> {
    match s.args.get(i).map(|a| &a.kind) {
        Some(ArgKind::Word(w)) => Some(w),
        _ => None,
    }
}

impl Statements {
    /// Collect the statements of variant `name`.
    pub fn of(checked: &Checked, name: &str) -> Statements {
        let mut files = Vec::new();
        for (f, text) in checked.sources.iter() {
            if let Ok(ast) = crate::syntax::parse(f, text) {
                files.push((f.clone(), ast));
            }
        }
        let find = |n: &str| {
            files.iter().find_map(|(f, ast)| {
                ast.stmts
                    .iter()
                    .find(|s| s.keyword() == Some("variant") && word(s, 1) == Some(n))
                    .map(|s| (f.clone(), s.clone()))
            })
        };
        let mut list = Vec::new();
        let mut head = None;
        let mut next = Some(name.to_string());
        let mut seen = Vec::new();
        while let Some(n) = next.take() {
            if seen.contains(&n) {
                break;
            }
            seen.push(n.clone());
            let Some((f, st)) = find(&n) else { break };
            if head.is_none() {
                head = Some((f.clone(), st.args.get(1).map_or(st.span, |a| a.span)));
            }
            if let Some(b) = &st.block {
                flatten(&f, &b.stmts, &mut list);
            }
            let ext = st
                .args
                .iter()
                .position(|a| matches!(&a.kind, ArgKind::Word(w) if w == "extends"));
            next = ext.and_then(|i| word(&st, i + 1)).map(str::to_string);
        }
        Statements { list, head }
    }

    /// The first statement with this keyword (and, when given, this word
    /// among its arguments).
    pub fn find(&self, keyword: &str, with: Option<&str>) -> Option<(Arc<str>, Span)> {
        self.list
            .iter()
            .find(|l| {
                l.stmt.keyword() == Some(keyword)
                    && with.is_none_or(|w| {
                        l.stmt
                            .args
                            .iter()
                            .any(|a| matches!(&a.kind, ArgKind::Word(x) if x == w))
                    })
            })
            .map(|l| (l.file.clone(), l.stmt.span))
    }

    /// The end rule whose condition starts with this word.
    pub fn end_rule(&self, word0: &str) -> Option<(Arc<str>, Span)> {
        self.list
            .iter()
            .find(|l| {
                word(&l.stmt, 0) == Some(word0)
                    && l.stmt
                        .args
                        .iter()
                        .any(|a| matches!(&a.kind, ArgKind::Op(o) if o == "->"))
            })
            .map(|l| (l.file.clone(), l.stmt.span))
    }
}
