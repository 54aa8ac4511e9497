//! Statements continued over lines: a `,` at the end of a line joins the
//! next one, unless the comma was a slip before a new statement.

use super::lower;
use crate::diagnostic::{Diagnostic, Span};
use crate::syntax::ast::{Arg, Stmt};
use std::sync::Arc;

/// Where a statement stands, for [`split_continued`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ctx {
    Body,
    Setup,
    End,
}

/// A `,` at the end of a line continues the statement on the next line (for
/// long lists). When that next line plainly starts a statement of its own,
/// the comma was a slip: report it, and read the two statements apart so the
/// slip is not reported again as mistakes in both.
pub(super) fn split_continued(
    file: &Arc<str>,
    text: Option<&str>,
    stmts: &[Stmt],
    ctx: Ctx,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Stmt> {
    let Some(text) = text else {
        return stmts.to_vec();
    };
    let mut out = Vec::with_capacity(stmts.len());
    for st in stmts {
        let mut st = st.clone();
        let inner = match st.keyword() {
            Some("setup") => Ctx::Setup,
            Some("end") => Ctx::End,
            Some("if") => ctx,
            _ => Ctx::Body,
        };
        if let Some(b) = &mut st.block {
            b.stmts = split_continued(file, Some(text), &b.stmts, inner, diags);
        }
        while let Some(i) = (2..st.args.len())
            .find(|&i| st.args[i - 1].is_op(",") && starts_statement(text, &st.args, i, ctx))
        {
            let comma = st.args[i - 1].span;
            diags.push(
                Diagnostic::error(
                    "trailing-comma",
                    file,
                    comma,
                    "this `,` ends its line, so the next line is read as more of this statement",
                )
                .label(st.args[i].span, "but this starts a statement of its own")
                .hint(
                    "remove the `,` (a `,` at the end of a line continues a list on the next line)",
                ),
            );
            out.push(Stmt {
                args: st.args[..i - 1].to_vec(),
                block: None,
                span: Span::new(st.span.start, comma.start),
            });
            st = Stmt {
                args: st.args[i..].to_vec(),
                block: st.block.take(),
                span: Span::new(st.args[i].span.start, st.span.end),
            };
        }
        out.push(st);
    }
    out
}

/// Whether `args[i]` stands at the start of a line and begins a statement.
fn starts_statement(text: &str, args: &[Arg], i: usize, ctx: Ctx) -> bool {
    let gap = text
        .get(args[i - 1].span.end..args[i].span.start)
        .unwrap_or("");
    if !gap.contains('\n') {
        return false;
    }
    let Some(w) = args[i].word() else {
        return false;
    };
    let next_is = |k: usize, op: &str| args.get(i + k).is_some_and(|a| a.is_op(op));
    match ctx {
        Ctx::Body => lower::is_keyword(w),
        Ctx::End => w == "if" || lower::END_CONDITIONS.contains(&w),
        // `black: ...`, `black hand: ...`, `hands: ...`, `first: ...`
        Ctx::Setup => {
            w == "if"
                || next_is(1, ":")
                || (args
                    .get(i + 1)
                    .and_then(Arg::word)
                    .is_some_and(|x| matches!(x, "hand" | "deck" | "pool"))
                    && next_is(2, ":"))
        }
    }
}
