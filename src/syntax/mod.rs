//! Stage 1: text to spanned AST. Pest pairs never leave this module.

// A syntax error is an ordinary outcome, returned by value (see src/check).
#![allow(clippy::result_large_err)]

pub mod ast;

use crate::diagnostic::{Diagnostic, Span};
use ast::{Arg, ArgKind, Block, File, Stmt};
use pest::iterators::Pair;
use pest::Parser as _;
use std::sync::Arc;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/variant.pest"]
struct RuleParser;

/// How deep brackets may nest. No rule needs more, and every later stage
/// (this one, the checker, dropping the tree) recurses over groups and blocks:
/// a limit keeps absurd input from exhausting the stack.
pub const MAX_DEPTH: usize = 64;

/// Parse a rule file into statements. Fails only on unbalanced brackets or
/// similar structural damage, with one located diagnostic.
pub fn parse(file: &Arc<str>, text: &str) -> Result<File, Diagnostic> {
    if let Some(pos) = too_deep(text) {
        return Err(Diagnostic::error(
            "syntax",
            file,
            Span::new(pos, pos + 1),
            format!("brackets nest more than {MAX_DEPTH} deep here"),
        )
        .hint("no rule needs this much nesting: look for brackets that are never closed"));
    }
    let mut pairs = RuleParser::parse(Rule::file, text).map_err(|e| syntax_error(file, text, e))?;
    let root = pairs.next().expect("the file rule always yields one pair");
    let stmts = root
        .into_inner()
        .filter(|p| p.as_rule() == Rule::stmt)
        .map(stmt)
        .collect();
    Ok(File { stmts })
}

fn span(p: &Pair<Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

fn stmt(p: Pair<Rule>) -> Stmt {
    let sp = span(&p);
    let mut args = Vec::new();
    let mut block_ = None;
    for inner in p.into_inner() {
        if inner.as_rule() == Rule::block {
            let bs = span(&inner);
            let stmts = inner
                .into_inner()
                .filter(|p| p.as_rule() == Rule::stmt)
                .map(stmt)
                .collect();
            block_ = Some(Block { stmts, span: bs });
        } else {
            args.push(arg(inner));
        }
    }
    Stmt {
        args,
        block: block_,
        span: sp,
    }
}

fn int_of(p: &Pair<Rule>) -> i64 {
    // Saturate absurd numbers; the checker range-checks every value.
    p.as_str()
        .trim()
        .parse::<i64>()
        .unwrap_or(if p.as_str().starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        })
}

fn arg(p: Pair<Rule>) -> Arg {
    let sp = span(&p);
    let kind = match p.as_rule() {
        Rule::coord => {
            let mut it = p.into_inner();
            let x = it.next().map_or(0, |p| int_of(&p));
            let y = it.next().map_or(0, |p| int_of(&p));
            ArgKind::Coord(x, y)
        }
        Rule::range => {
            let mut it = p.into_inner().map(arg);
            let a = it.next().expect("range has two ends");
            let b = it.next().expect("range has two ends");
            ArgKind::Range(Box::new(a), Box::new(b))
        }
        Rule::size => {
            let s = p.as_str();
            let (w, h) = s.split_once('x').unwrap_or((s, "0"));
            ArgKind::Size(w.parse().unwrap_or(i64::MAX), h.parse().unwrap_or(i64::MAX))
        }
        Rule::square => {
            let s = p.as_str();
            let file = s.as_bytes()[0] as i32 - b'a' as i32;
            let rank = s[1..].parse::<i32>().unwrap_or(i32::MAX);
            ArgKind::Square { file, rank }
        }
        Rule::number | Rule::int => ArgKind::Number(int_of(&p)),
        Rule::letters | Rule::word | Rule::ident => ArgKind::Word(p.as_str().to_string()),
        Rule::string => ArgKind::Str(
            p.into_inner()
                .next()
                .map_or(String::new(), |t| t.as_str().to_string()),
        ),
        Rule::var => ArgKind::Var(p.as_str()[1..].to_string()),
        Rule::arrow => ArgKind::Op("->".into()),
        Rule::op => ArgKind::Op(p.as_str().to_string()),
        Rule::comma => ArgKind::Op(",".into()),
        Rule::group => ArgKind::Group(p.into_inner().map(arg).collect()),
        _ => ArgKind::Stray(p.as_str().to_string()),
    };
    let sp = if let ArgKind::Op(o) = &kind {
        Span::new(sp.start, sp.start + o.len())
    } else {
        sp
    };
    Arg { kind, span: sp }
}

fn syntax_error(file: &Arc<str>, text: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let pos = floor_boundary(text, pos.min(text.len()));
    let rest = &text[pos..];
    let open = brackets(&text[..pos]);
    // A `(` may run over several lines, so the parser stumbles far from it:
    // point at the `(` itself.
    if let Some(&p) = open.parens.last() {
        let ch = rest.chars().next().unwrap_or(' ');
        if !rest.is_empty() && !brackets(text).parens.contains(&p) {
            // The group is closed further on: what stops it is this character.
            let what = match ch {
                ';' => "`;`".to_string(),
                '\n' | '\r' => "a line break".to_string(),
                c => format!("`{c}`"),
            };
            return Diagnostic::error(
                "syntax",
                file,
                Span::new(pos, pos + ch.len_utf8()),
                format!("{what} cannot stand inside `( ... )`"),
            )
            .label(Span::new(p, p + 1), "the group opens here")
            .hint("a group holds words, squares and numbers; `;`, `{` and `}` belong outside it");
        }
        let mut d = Diagnostic::error(
            "syntax",
            file,
            Span::new(p, p + 1),
            "this `(` is never closed",
        )
        .hint("add the `)` that closes it");
        let (line, _) = crate::diagnostic::line_col(text, pos);
        if crate::diagnostic::line_col(text, p).0 != line {
            let w = rest.chars().next().map_or(0, char::len_utf8);
            d = d.label(
                Span::new(pos, pos + w),
                "the parser got here still inside it",
            );
        }
        return d;
    }
    if rest.is_empty() {
        if let Some(b) = open.suspect.or(open.braces.last().map(|b| b.0)) {
            let mut d = Diagnostic::error(
                "syntax",
                file,
                Span::new(b, b + 1),
                "this block `{` is never closed",
            );
            d = match open.suspect_line {
                Some(line) if open.suspect.is_some() => d.hint(format!(
                    "judging by the indentation, its `}}` is missing before line {line}"
                )),
                _ => d.hint("add the `}` that closes it"),
            };
            return d;
        }
    }
    let (msg, hint, sp) = if rest.is_empty() {
        let opens = text.matches('{').count() as i64 - text.matches('}').count() as i64;
        let parens = text.matches('(').count() as i64 - text.matches(')').count() as i64;
        let what = if opens > 0 {
            "a block `{` is never closed"
        } else if parens > 0 {
            "a `(` is never closed"
        } else {
            "the file ends in the middle of a statement"
        };
        (
            what.to_string(),
            "add the missing `}` or `)`".to_string(),
            Span::new(pos, pos),
        )
    } else {
        let ch = rest.chars().next().unwrap_or(' ');
        let w = ch.len_utf8();
        match ch {
            '}' => {
                if let Some(e) = open.early {
                    return Diagnostic::error(
                        "syntax",
                        file,
                        Span::new(pos, pos + w),
                        "this `}` closes no block",
                    )
                    .label(
                        Span::new(e, e + 1),
                        "judging by the indentation, this `}` may be the extra one",
                    )
                    .hint("remove the extra `}`, or add the `{` it belongs to");
                }
                (
                    "this `}` closes no block".to_string(),
                    "remove it, or add the `{` it belongs to".to_string(),
                    Span::new(pos, pos + w),
                )
            }
            ')' => (
                "this `)` closes no `(`".to_string(),
                "remove it, or add the `(` it belongs to".to_string(),
                Span::new(pos, pos + w),
            ),
            '{' => {
                let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
                let alone = text[line_start..pos].trim().is_empty();
                // The line above, without its comment: the statement the
                // block was probably meant for.
                let above = text[..line_start.saturating_sub(1)]
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| !l.split('#').next().unwrap_or("").trim().is_empty())
                    .last();
                // Only the statements that take a block.
                let takes_block = |l: &str| {
                    matches!(
                        l.split_whitespace().next(),
                        Some("setup" | "end" | "if" | "variant")
                    )
                };
                let hint = match above {
                    Some((n, l)) if alone && takes_block(l) => format!(
                        "a block opens on the line of its statement: move this `{{` to the end of line {} (`{}`)",
                        n + 1,
                        l.split('#').next().unwrap_or("").trim()
                    ),
                    _ => "a block belongs to a statement: write `setup { ... }`, `end { ... }` or `if OPTION = VALUE { ... }`".to_string(),
                };
                (
                    "a block `{` must follow a statement's keyword".to_string(),
                    hint,
                    Span::new(pos, pos + w),
                )
            }
            _ => (
                format!("unexpected `{ch}`"),
                "check the brackets around here".to_string(),
                Span::new(pos, pos + w),
            ),
        }
    };
    Diagnostic::error("syntax", file, sp, msg).hint(hint)
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The first `(` or `{` that opens deeper than [`MAX_DEPTH`], skipping
/// comments and strings.
fn too_deep(text: &str) -> Option<usize> {
    // Every delimiter is ASCII, and no byte of a multi-byte character is.
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            // A comment runs to the end of its line.
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            // A string ends on its line; an unclosed one is a lone `"`.
            b'"' => {
                let close = b[i + 1..].iter().position(|&c| c == b'"' || c == b'\n');
                if let Some(e) = close.filter(|&e| b[i + 1 + e] == b'"') {
                    i += 1 + e;
                }
            }
            b'(' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            b')' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The brackets still open at the end of `text`, skipping comments and strings.
#[derive(Default)]
struct Open {
    /// Byte offsets of unclosed `(`.
    parens: Vec<usize>,
    /// Unclosed `{`: offset and the indentation of its line.
    braces: Vec<(usize, usize)>,
    /// The first `{` whose closing `}` stands left of its line: likely the
    /// one whose `}` is missing.
    suspect: Option<usize>,
    /// The 1-based line of that `}`.
    suspect_line: Option<usize>,
    /// The first `}` that stands right of the line of the `{` it closes:
    /// when a `}` is left over, this is likely the extra one.
    early: Option<usize>,
}

fn brackets(text: &str) -> Open {
    let mut o = Open::default();
    let mut line = 1;
    let mut line_start = 0;
    let mut it = text.char_indices().peekable();
    let indent_at = |start: usize| {
        text[start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .count()
    };
    while let Some((i, ch)) = it.next() {
        match ch {
            '\n' => {
                line += 1;
                line_start = i + 1;
            }
            '#' => {
                while it.peek().is_some_and(|&(_, c)| c != '\n') {
                    it.next();
                }
            }
            '"' => {
                // A string ends on its line; an unclosed one is a lone `"`.
                let end = text[i + 1..].find(['"', '\n']);
                if let Some(e) = end.filter(|&e| text.as_bytes()[i + 1 + e] == b'"') {
                    while it.peek().is_some_and(|&(j, _)| j <= i + 1 + e) {
                        it.next();
                    }
                }
            }
            '(' => o.parens.push(i),
            ')' => {
                o.parens.pop();
            }
            '{' => o.braces.push((i, indent_at(line_start))),
            '}' => {
                if let Some((b, indent)) = o.braces.pop() {
                    let first_on_line = text[line_start..i].trim().is_empty();
                    if first_on_line && i - line_start < indent && o.suspect.is_none() {
                        o.suspect = Some(b);
                        o.suspect_line = Some(line);
                    }
                    if first_on_line && i - line_start > indent && o.early.is_none() {
                        o.early = Some(i);
                    }
                }
            }
            _ => {}
        }
    }
    o
}
