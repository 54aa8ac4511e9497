//! Predicates: `touching(own) and not beside(enemy king)`.
//!
//! ```text
//! pred  := and ("or" and)*
//! and   := unary ("and" unary)*
//! unary := "not" unary | atom
//! atom  := "(" pred ")" | touching(SEL) | beside(SEL) | attacks(SEL) | in_play(SEL)
//!        | attacked | surrounded | self | in REGION | distinct colour | SEL
//!        | encloses(SEL) | filled REGION
//!        | check | mate | capture | crosses grid WxH | guarded   (in context)
//! SEL   := [own | friend | enemy | any] [PIECE] | man | men
//! ```

use super::cursor::Cur;
use crate::diagnostic::{self, Diagnostic};
use crate::ir::{PieceId, Pred, RegionId, Selector, Who};
use crate::syntax::ast::{Arg, ArgKind};
use std::sync::Arc;

/// Names the predicate may refer to.
pub(crate) struct Names<'a> {
    pub pieces: &'a [(String, PieceId)],
    pub regions: &'a [(String, RegionId)],
    /// The "no piece is called X" diagnostic, with the variant's hints.
    pub unknown_piece: &'a dyn Fn(&Arc<str>, crate::diagnostic::Span, &str) -> Diagnostic,
    /// Where the condition stands: which atoms the engine carries out there.
    pub context: Context,
}

/// Where a condition stands, for the atoms that only mean something there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Context {
    /// `move ... where`: every atom.
    Move,
    /// `place ... where`: `check` too.
    Place,
    /// Anywhere else: none of the action atoms.
    Other,
}

/// The atoms of one action and the contexts that carry them out.
fn context_allows(ctx: Context, atom: &str) -> bool {
    match atom {
        "check" => ctx != Context::Other,
        _ => ctx == Context::Move,
    }
}

const ATOMS: &[&str] = &[
    "touching",
    "beside",
    "attacks",
    "attacked",
    "in_play",
    "same_file",
    "immobile",
    "surrounded",
    "self",
    "in",
    "encloses",
    "filled",
    "distinct",
    "check",
    "mate",
    "capture",
    "crosses",
    "guarded",
    "not",
    "own",
    "friend",
    "enemy",
    "any",
    "man",
    "men",
];

pub(crate) fn parse(
    args: &[Arg],
    file: &Arc<str>,
    end: crate::diagnostic::Span,
    names: &Names,
) -> Result<Pred, Diagnostic> {
    let mut c = Cur::new(args, file, end);
    if c.done() {
        return Err(c
            .expected("a condition")
            .hint("for example `touching(own) and not attacked`"));
    }
    let p = or(&mut c, names)?;
    c.finish()
        .map_err(|d| d.hint("join conditions with `and` / `or`"))?;
    Ok(p)
}

fn or(c: &mut Cur, n: &Names) -> Result<Pred, Diagnostic> {
    let mut v = vec![and(c, n)?];
    while c.eat_word("or") {
        v.push(and(c, n)?);
    }
    Ok(if v.len() == 1 {
        v.pop().unwrap_or(Pred::True)
    } else {
        Pred::Or(v)
    })
}

fn and(c: &mut Cur, n: &Names) -> Result<Pred, Diagnostic> {
    let mut v = vec![unary(c, n)?];
    while c.eat_word("and") {
        v.push(unary(c, n)?);
    }
    Ok(if v.len() == 1 {
        v.pop().unwrap_or(Pred::True)
    } else {
        Pred::And(v)
    })
}

fn unary(c: &mut Cur, n: &Names) -> Result<Pred, Diagnostic> {
    // `not not X` is `X`: count instead of recursing, so that a long chain
    // of `not`s cannot exhaust the stack (here, or when the tree is dropped).
    let mut negated = false;
    while c.eat_word("not") {
        negated = !negated;
    }
    let p = atom(c, n)?;
    Ok(if negated { Pred::Not(Box::new(p)) } else { p })
}

fn group_selector(c: &mut Cur, n: &Names, what: &str) -> Result<Selector, Diagnostic> {
    match c.peek() {
        Some(Arg {
            kind: ArgKind::Group(g),
            span,
        }) => {
            c.next();
            let mut inner = Cur::new(g, c.file, *span);
            let s = selector(&mut inner, n)?.ok_or_else(|| {
                let mut d = inner.expected("whose men, and which kind: `own`, `enemy king`, `any`");
                if let Some(w) = inner.peek_word() {
                    let cands = ["own", "friend", "enemy", "any"]
                        .into_iter()
                        .chain(n.pieces.iter().map(|(p, _)| p.as_str()));
                    if let Some(h) = diagnostic::suggest(w, cands) {
                        d = d.hint(h);
                    }
                }
                d
            })?;
            inner.finish()?;
            Ok(s)
        }
        _ => Err(c
            .expected(&format!("`({what})`"))
            .hint(format!("write it as `{what}(own)` or `{what}(enemy king)`"))),
    }
}

/// `same_file(SEL)` or `same_file(SEL, N)`, after the word.
fn same_file(c: &mut Cur, n: &Names) -> Result<Pred, Diagnostic> {
    let Some(Arg {
        kind: ArgKind::Group(g),
        span,
    }) = c.peek()
    else {
        return Err(c
            .expected("`(own pawn)` or `(own pawn, 2)`")
            .hint("write it as `same_file(own pawn)`: another own pawn on the file"));
    };
    c.next();
    let mut inner = Cur::new(g, c.file, *span);
    let men = selector(&mut inner, n)?.ok_or_else(|| {
        inner.expected("whose men, and which kind: `own pawn`, `enemy king`, `any`")
    })?;
    let at_least = if inner.eat_op(",") {
        inner.expect_int("how many other men", 1, 16)?.0 as u32
    } else {
        1
    };
    inner.finish()?;
    Ok(Pred::SameFile { men, at_least })
}

/// `crosses grid WxH`, after `crosses`: cells of W files by H ranks.
fn crosses_grid(c: &mut Cur) -> Result<Pred, Diagnostic> {
    let hint = "write `crosses grid 2x2`: cells 2 files wide and 2 ranks high, laid from a1";
    c.expect_keyword("grid").map_err(|d| d.hint(hint))?;
    match c.peek() {
        Some(Arg {
            kind: ArgKind::Size(w, h),
            span,
        }) => {
            let (w, h, span) = (*w, *h, *span);
            if !(1..=16).contains(&w) || !(1..=16).contains(&h) || (w == 1 && h == 1) {
                return Err(Diagnostic::error(
                    "bad-argument",
                    c.file,
                    span,
                    format!("a grid of {w}x{h} cells divides nothing"),
                )
                .hint(
                    "each side of a cell is 1 to 16 squares, and a cell holds two squares or more",
                ));
            }
            c.next();
            Ok(Pred::CrossesGrid {
                w: w as u8,
                h: h as u8,
            })
        }
        _ => Err(c.expected("the size of a cell, as `2x2`").hint(hint)),
    }
}

/// `[own|friend|enemy|any] [piece]`, at least one of them.
fn selector(c: &mut Cur, n: &Names) -> Result<Option<Selector>, Diagnostic> {
    let who = match c.peek_word() {
        Some("own") => Some(Who::Own),
        Some("friend") | Some("friendly") => Some(Who::Friend),
        Some("enemy") => Some(Who::Enemy),
        Some("any") | Some("man") | Some("men") => Some(Who::Any),
        _ => None,
    };
    if who.is_some() {
        c.next();
    }
    let mut piece = None;
    if let Some(w) = c.peek_word() {
        if let Some((_, id)) = n.pieces.iter().find(|(name, _)| name == w) {
            piece = Some(*id);
            c.next();
        } else if who.is_some() && !matches!(w, "and" | "or" | "not") {
            let sp = c.here();
            return Err((n.unknown_piece)(c.file, sp, w));
        }
    }
    if who.is_none() && piece.is_none() {
        return Ok(None);
    }
    Ok(Some(Selector {
        who: who.unwrap_or(Who::Any),
        piece,
    }))
}

fn atom(c: &mut Cur, n: &Names) -> Result<Pred, Diagnostic> {
    if let Some(Arg {
        kind: ArgKind::Group(g),
        span,
    }) = c.peek()
    {
        c.next();
        let mut inner = Cur::new(g, c.file, *span);
        let p = or(&mut inner, n)?;
        inner.finish()?;
        return Ok(p);
    }
    let Some(w) = c.peek_word() else {
        return Err(c.expected("a condition"));
    };
    let sp = c.here();
    if matches!(w, "check" | "mate" | "capture" | "crosses" | "guarded") {
        if !context_allows(n.context, w) {
            let where_ = match n.context {
                Context::Place => "a placement condition (`place ... where`)",
                _ => "this condition",
            };
            let carried = if w == "check" {
                "`move ... where` and `place ... where`"
            } else {
                "`move ... where`"
            };
            return Err(Diagnostic::error(
                "misplaced-condition",
                c.file,
                sp,
                format!("`{w}` is not carried out in {where_}"),
            )
            .hint(format!("`{w}` speaks of a board move or the position after an action: it is read in {carried} only")));
        }
        c.next();
        return match w {
            "check" => Ok(Pred::Check),
            "mate" => Ok(Pred::Mate),
            "capture" => Ok(Pred::Capture),
            "guarded" => Ok(Pred::Guarded),
            _ => crosses_grid(c),
        };
    }
    match w {
        "touching" => {
            c.next();
            Ok(Pred::Touching(group_selector(c, n, "touching")?))
        }
        "beside" => {
            c.next();
            Ok(Pred::Beside(group_selector(c, n, "beside")?))
        }
        "attacks" => {
            c.next();
            Ok(Pred::Attacks(group_selector(c, n, "attacks")?))
        }
        "encloses" => {
            c.next();
            Ok(Pred::Encloses(group_selector(c, n, "encloses")?))
        }
        "in_play" => {
            c.next();
            Ok(Pred::InPlay(group_selector(c, n, "in_play")?))
        }
        "same_file" => {
            c.next();
            same_file(c, n)
        }
        "immobile" => {
            c.next();
            Ok(Pred::Immobile)
        }
        "attacked" => {
            c.next();
            Ok(Pred::Attacked)
        }
        "surrounded" => {
            c.next();
            Ok(Pred::Surrounded)
        }
        "self" => {
            c.next();
            Ok(Pred::IsSelf)
        }
        "distinct" => {
            c.next();
            if !(c.eat_word("colour") || c.eat_word("color")) {
                return Err(c
                    .expected("`colour`")
                    .hint("the condition is `distinct colour`"));
            }
            Ok(Pred::DistinctColour)
        }
        "in" | "filled" => {
            c.next();
            let (r, rs) = c.expect_word("a region name")?;
            match n.regions.iter().find(|(name, _)| name == r) {
                Some((_, id)) if w == "in" => Ok(Pred::In(*id)),
                Some((_, id)) => Ok(Pred::Filled(*id)),
                None => Err(unknown_region(
                    c.file,
                    rs,
                    r,
                    n.regions.iter().map(|(p, _)| p.as_str()),
                )),
            }
        }
        _ => match selector(c, n)? {
            Some(s) => Ok(Pred::Is(s)),
            None => {
                let mut d = Diagnostic::error(
                    "unknown-condition",
                    c.file,
                    sp,
                    format!("`{w}` is not a condition"),
                );
                let cands = ATOMS
                    .iter()
                    .copied()
                    .chain(n.pieces.iter().map(|(p, _)| p.as_str()));
                if let Some(s) = diagnostic::suggest(w, cands) {
                    d = d.hint(s);
                }
                Err(d.hint("conditions: touching(..), beside(..), attacks(..), attacked, in REGION, filled REGION, encloses(..), in_play(..), same_file(..), immobile, surrounded, self, distinct colour, a piece name, own/enemy; of an action: check, mate, capture, crosses grid WxH, guarded"))
            }
        },
    }
}

/// "no region is called X", with the closest name or else the list.
pub(crate) fn unknown_region<'a>(
    file: &Arc<str>,
    span: crate::diagnostic::Span,
    r: &str,
    names: impl Iterator<Item = &'a str> + Clone,
) -> Diagnostic {
    let d = Diagnostic::error(
        "unknown-region",
        file,
        span,
        format!("no region is called `{r}`"),
    );
    // A region term written where a region's name goes (`in rank 8`,
    // `to squares d1 e1`): no other name is meant, the region is missing.
    if matches!(
        r,
        "rank" | "ranks" | "file" | "files" | "squares" | "square"
    ) {
        return d.hint(format!(
            "`{r}` is a term of a `region` statement, not a region: define one, as in \
             `region zone: {r} ...`, and write its name here"
        ));
    }
    match diagnostic::suggest(r, names.clone()) {
        Some(s) => d.hint(s),
        None => {
            let list: Vec<&str> = names.collect();
            let d = if list.is_empty() {
                d
            } else {
                d.hint(format!("the regions are: {}", list.join(", ")))
            };
            d.hint("define it with `region NAME: ranks 2..6`")
        }
    }
}
