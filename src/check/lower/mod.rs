//! Lowering the flat statement list of one variant into an [`ir::Variant`].

use super::betza;
use super::cursor::Cur;
use super::pred::{self, Names};
use super::Item;
use crate::diagnostic::{self, Diagnostic, Span};
use crate::ir::{self, *};
use crate::syntax::ast::{Arg, ArgKind, File, Stmt};
use std::collections::HashMap;
use std::sync::Arc;

mod board;
mod boards;
mod check_bound;
mod common;
mod dice;
mod end;
mod finish;
mod hidden;
mod lion;
mod moves;
mod names;
mod pieces;
mod placing;
mod prison;
mod regional;
mod regions;
mod royalty;
mod score;
mod setup;
mod shuffle;
mod statements;
mod turn;
mod turn_plan;
mod walls;

pub(crate) use end::END_CONDITIONS;
use pieces::*;
use regions::*;
pub(crate) use statements::is_keyword;
use statements::{Draft, Lowering};

const PIECE_ATTRS: &[&str] = &[
    "moves",
    "attacks",
    "royal",
    "passes",
    "captures",
    "resets",
    "value",
    "glyphs",
    "like",
    "promotes",
    "not",
    "immobilises",
    "lion",
];

struct PieceB {
    piece: Piece,
    file: Arc<str>,
    span: Span,
    letter_span: Span,
    level: usize,
    /// Its definition has a mistake (already reported): references to it
    /// resolve, and no other check guesses at what it was meant to be.
    broken: bool,
    /// `resets clock`: its moves reset every quiet-move counter.
    resets_clock: bool,
    /// `promotes to NAME`, resolved once every piece is known.
    promotes_to: Option<(String, Span)>,
}

/// Where a region was defined: file, name span, `extends` level.
type RegionSite = (Arc<str>, Span, usize);

struct Lower<'a> {
    diags: &'a mut Vec<Diagnostic>,
    players: Vec<Player>,
    players_span: Option<(Arc<str>, Span)>,
    board: Option<Board>,
    pieces: Vec<PieceB>,
    /// Each region with where it was defined (file, name span, level); `None`: built in.
    regions: Vec<(Region, Option<RegionSite>)>,
    /// Index of each region by name (regions may number in the thousands).
    region_index: HashMap<String, usize>,
    /// A `board` statement was given but could not be read (already
    /// reported): squares and regions are then not checked against it.
    board_broken: bool,
    /// Names and letters of the prelude's pieces, for hints.
    prelude: Vec<(String, String)>,
    /// `hands`, `decks`, `pools` lines of the setup that had a mistake.
    cards_failed: Vec<&'static str>,
    /// A `use` or `piece` statement had a mistake (reported): what the
    /// variant's pieces are is not fully known.
    pieces_failed: bool,
    /// The texts of the files, for the statements the IR quotes
    /// ([`ir::Quote`]).
    sources: Option<&'a diagnostic::Sources>,
}

impl<'a> Lower<'a> {
    /// A lowering with nothing read yet: its diagnostics go to `diags`.
    fn new(
        diags: &'a mut Vec<Diagnostic>,
        prelude: Vec<(String, String)>,
        sources: Option<&'a diagnostic::Sources>,
    ) -> Self {
        Lower {
            diags,
            players: Vec::new(),
            players_span: None,
            board: None,
            pieces: Vec::new(),
            regions: Vec::new(),
            region_index: HashMap::new(),
            board_broken: false,
            prelude,
            cards_failed: Vec::new(),
            pieces_failed: false,
            sources,
        }
    }
}

/// Check the library pieces of a file that defines no variant (the prelude).
pub(crate) fn check_library(file: &Arc<str>, f: &File, diags: &mut Vec<Diagnostic>) {
    let mut l = Lower::new(diags, Vec::new(), None);
    for st in &f.stmts {
        if st.keyword() == Some("piece") {
            piece_stmt(&mut l, file, 0, st, &[]);
        }
    }
    check_letters(&mut l);
}

/// Lower the statements of one variant (its whole `extends` chain, root
/// first) into the IR, stage by stage as `statements::Lowering` orders
/// them; `None` when an error was reported.
#[allow(clippy::too_many_arguments)]
pub(crate) fn lower(
    name: &str,
    title: Option<String>,
    file: &Arc<str>,
    name_span: Span,
    items: &[Item],
    library: &[(Arc<str>, Stmt)],
    options: Vec<OptionValue>,
    diags: &mut Vec<Diagnostic>,
    sources: &diagnostic::Sources,
) -> Option<Variant> {
    let errors_before = diags.iter().filter(|d| d.is_error()).count();
    let prelude = library
        .iter()
        .filter_map(|(_, s)| {
            let name = s.args.get(1).and_then(Arg::word)?;
            let letter = s.args.get(2).and_then(Arg::word).unwrap_or("");
            Some((name.to_string(), letter.to_string()))
        })
        .collect();
    let mut l = Lower::new(diags, prelude, Some(sources));
    // Each item with its statement; unknown keywords are reported here, once.
    let known: Vec<(&Item, &'static statements::Statement)> = items
        .iter()
        .filter_map(|it| match it.stmt.keyword() {
            Some(k) => match statements::statement(k) {
                Some(s) => Some((it, s)),
                None => {
                    unknown_keyword(&mut l, it, k);
                    None
                }
            },
            None => {
                l.err(Diagnostic::error(
                    "unknown-statement",
                    &it.file,
                    it.stmt.head_span(),
                    format!(
                        "a statement must start with a keyword, not {}",
                        it.stmt.args.first().map_or("nothing".into(), Arg::describe)
                    ),
                ));
                None
            }
        })
        .collect();
    singletons_once(&mut l, &known);
    let stage = |pick: fn(Lowering) -> bool| {
        known
            .iter()
            .filter(move |(_, s)| pick(s.lowering))
            .map(|(it, s)| (*it, s.lowering))
    };

    // Players, board, pieces, regions: what everything else refers to.
    for (it, lw) in stage(|w| matches!(w, Lowering::Players(_))) {
        if let Lowering::Players(f) = lw {
            f(&mut l, it);
        }
    }
    for (it, lw) in stage(|w| matches!(w, Lowering::Board(_))) {
        if let Lowering::Board(f) = lw {
            f(&mut l, it);
        }
    }
    board::wrap_refusals(&mut l, items);
    board::layer_refusals(&mut l, items);
    let has_stmt = |k: &str| items.iter().any(|i| i.stmt.keyword() == Some(k));
    shape_present(&mut l, name, file, name_span, &has_stmt);
    for (it, lw) in stage(|w| matches!(w, Lowering::Pieces(_))) {
        if let Lowering::Pieces(f) = lw {
            f(&mut l, it, library);
        }
    }
    pieces_present(&mut l, name, file, name_span);
    builtin_regions(&mut l);
    for (it, lw) in stage(|w| matches!(w, Lowering::Region(_))) {
        if let Lowering::Region(f) = lw {
            f(&mut l, it);
        }
    }

    // The rules, in the order written.
    let last_setup_level = items
        .iter()
        .filter(|i| i.stmt.keyword() == Some("setup"))
        .map(|i| i.level)
        .max()
        .unwrap_or(0);
    let mut draft = Draft::new(l.players.len(), last_setup_level);
    for (it, s) in &known {
        let st = &it.stmt;
        if let Lowering::Rule(lower_rule) = s.lowering {
            let mut c = Cur::new(&st.args, &it.file, st.span);
            c.next();
            if let Err(d) = lower_rule(&mut l, &mut draft, it, &mut c) {
                l.err(d);
            }
        }
        if st.block.is_some() && !s.block {
            l.err(
                Diagnostic::error(
                    "unexpected-block",
                    &it.file,
                    st.block.as_ref().map_or(st.span, |b| b.span),
                    format!("`{}` takes no block", s.keyword),
                )
                .hint(format!(
                    "write the statement on one line; only {} take a block",
                    statements::block_keywords()
                )),
            );
        }
    }
    finish::finish(
        l,
        draft,
        name,
        title,
        file,
        name_span,
        options,
        errors_before,
    )
}

fn unknown_keyword(l: &mut Lower, it: &Item, k: &str) {
    let mut d = Diagnostic::error(
        "unknown-statement",
        &it.file,
        it.stmt.head_span(),
        format!("`{k}` is not a statement of the rule language"),
    );
    if let Some(s) = diagnostic::suggest(k, statements::keywords()) {
        d = d.hint(s);
    } else if let Some(s) = diagnostic::suggest(k, PIECE_ATTRS.iter().copied()) {
        d = d.hint(format!("{s} (piece attributes go on the `piece` line)"));
    }
    l.err(d.hint("see docs/LANGUAGE.md for every statement"));
}

/// A statement that sets one thing may appear once per variant (a child
/// may give it again: the child's wins).
fn singletons_once(l: &mut Lower, known: &[(&Item, &'static statements::Statement)]) {
    let mut once: HashMap<(&str, usize), Span> = HashMap::new();
    for (it, s) in known.iter().filter(|(_, s)| s.singleton) {
        if let Some(prev) = once.insert((s.keyword, it.level), it.stmt.head_span()) {
            l.err(
                Diagnostic::error(
                    "duplicate-statement",
                    &it.file,
                    it.stmt.head_span(),
                    format!("`{}` is given twice in this variant", s.keyword),
                )
                .label(prev, "first given here")
                .hint("keep one of them; the second would silently replace the first"),
            );
        }
    }
}

/// `missing-players` / `missing-board`. A `players` or `board` statement
/// that could not be read was reported where it stands; "no players" /
/// "no board" would say it twice.
fn shape_present(
    l: &mut Lower,
    name: &str,
    file: &Arc<str>,
    name_span: Span,
    has_stmt: &dyn Fn(&str) -> bool,
) {
    l.board_broken = l.board.is_none() && has_stmt("board");
    if l.players.is_empty() && !has_stmt("players") {
        l.err(
            Diagnostic::error(
                "missing-players",
                file,
                name_span,
                format!("variant `{name}` declares no players"),
            )
            .hint("add `players white, black`"),
        );
    }
    if l.board.is_none() && !l.board_broken {
        l.err(
            Diagnostic::error(
                "missing-board",
                file,
                name_span,
                format!("variant `{name}` has no board"),
            )
            .hint("add `board 8x8`, or `board unbounded limit 4x4`"),
        );
    }
}

/// `missing-pieces`, `too-many` kinds, and letters told apart.
fn pieces_present(l: &mut Lower, name: &str, file: &Arc<str>, name_span: Span) {
    if l.pieces.is_empty() && !l.pieces_failed {
        l.err(
            Diagnostic::error(
                "missing-pieces",
                file,
                name_span,
                format!("variant `{name}` has no pieces"),
            )
            .hint("add `use king, queen` or `piece NAME LETTER moves \"...\"`"),
        );
    }
    if l.pieces.len() > MAX_PIECES {
        let sp = l.pieces[MAX_PIECES].span;
        let f = l.pieces[MAX_PIECES].file.clone();
        l.err(Diagnostic::error(
            "too-many",
            &f,
            sp,
            format!("a variant may have at most {MAX_PIECES} kinds of piece"),
        ));
    }
    check_letters(l);
    resolve_forms(l);
}

/// An `end` line as written: an ending, or a consequence written among
/// the endings (`remove`, `pass`, `return card`).
#[derive(Clone, Debug, PartialEq)]
struct RuleB {
    when: Event,
    then: Then,
    /// `-> OUTCOME for PLAYER`.
    player: Option<PlayerId>,
    /// `-> OUTCOME for mover`.
    mover: bool,
    /// A `quiet` rule's `reset by` list.
    resets: Vec<Reset>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Then {
    Outcome(Outcome),
    Pass,
    Remove,
    ReturnCard,
}

fn outcome_word(o: Then) -> &'static str {
    match o {
        Then::Outcome(Outcome::Win) => "win",
        Then::Outcome(Outcome::Lose) => "lose",
        Then::Outcome(Outcome::Draw) => "draw",
        Then::Outcome(Outcome::ClaimDraw) => "claim draw",
        Then::Outcome(Outcome::Eliminated) => "eliminated",
        Then::Outcome(Outcome::MostMen) => "most men",
        Then::Outcome(Outcome::FewestMen) => "fewest men",
        Then::Outcome(Outcome::MostPoints) => "most points",
        Then::Outcome(Outcome::Score { .. }) => "score",
        Then::Pass => "pass",
        Then::Remove => "remove",
        Then::ReturnCard => "return card",
    }
}

fn default_facing(i: usize, n: usize) -> Dir {
    match n {
        2 => [Dir::North, Dir::South][i],
        4 => Dir::ALL[i],
        _ => Dir::North,
    }
}
#[allow(dead_code)]
fn unused(_: &ir::Variant) {}
