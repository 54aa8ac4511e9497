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
mod common;
mod end;
mod pieces;
mod regions;
mod setup;
mod turn;

use board::*;
pub(crate) use end::END_CONDITIONS;
use end::*;
use pieces::*;
use regions::*;
use setup::*;
use turn::*;

/// Keywords allowed in a variant body.
pub(crate) const KEYWORDS: &[&str] = &[
    "players",
    "teams",
    "board",
    "captures",
    "option",
    "use",
    "piece",
    "region",
    "setup",
    "actions",
    "move",
    "place",
    "first",
    "on",
    "power",
    "always",
    "promote",
    "castling",
    "en",
    "eliminated",
    "dead",
    "end",
    "if",
    "illegal",
];

/// Statements that set one thing: given twice in one variant is a mistake.
const SINGLETONS: &[&str] = &[
    "players",
    "teams",
    "board",
    "captures",
    "actions",
    "move",
    "first",
    "castling",
    "en",
    "eliminated",
    "illegal",
];

const PIECE_ATTRS: &[&str] = &[
    "moves", "attacks", "royal", "passes", "resets", "value", "glyphs", "like",
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
}
/// Check the library pieces of a file that defines no variant (the prelude).
pub(crate) fn check_library(file: &Arc<str>, f: &File, diags: &mut Vec<Diagnostic>) {
    let mut l = Lower {
        diags,
        players: Vec::new(),
        players_span: None,
        board: None,
        pieces: Vec::new(),
        regions: Vec::new(),
        region_index: HashMap::new(),
        board_broken: false,
        prelude: Vec::new(),
        cards_failed: Vec::new(),
        pieces_failed: false,
    };
    for st in &f.stmts {
        if st.keyword() == Some("piece") {
            piece_stmt(&mut l, file, 0, st, &[]);
        }
    }
    check_letters(&mut l);
}

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
) -> Option<Variant> {
    let errors_before = diags.iter().filter(|d| d.is_error()).count();
    let mut l = Lower {
        diags,
        players: Vec::new(),
        players_span: None,
        board: None,
        pieces: Vec::new(),
        regions: Vec::new(),
        region_index: HashMap::new(),
        board_broken: false,
        prelude: library
            .iter()
            .filter_map(|(_, s)| {
                let name = s.args.get(1).and_then(Arg::word)?;
                let letter = s.args.get(2).and_then(Arg::word).unwrap_or("");
                Some((name.to_string(), letter.to_string()))
            })
            .collect(),
        cards_failed: Vec::new(),
        pieces_failed: false,
    };

    // Unknown keywords first, so each is reported once.
    for it in items {
        match it.stmt.keyword() {
            Some(k) if KEYWORDS.contains(&k) => {}
            Some(k) => {
                let mut d = Diagnostic::error(
                    "unknown-statement",
                    &it.file,
                    it.stmt.head_span(),
                    format!("`{k}` is not a statement of the rule language"),
                );
                if let Some(s) = diagnostic::suggest(k, KEYWORDS.iter().copied()) {
                    d = d.hint(s);
                } else if let Some(s) = diagnostic::suggest(k, PIECE_ATTRS.iter().copied()) {
                    d = d.hint(format!("{s} (piece attributes go on the `piece` line)"));
                }
                l.err(d.hint("see docs/LANGUAGE.md for every statement"));
            }
            None => l.err(Diagnostic::error(
                "unknown-statement",
                &it.file,
                it.stmt.head_span(),
                format!(
                    "a statement must start with a keyword, not {}",
                    it.stmt.args.first().map_or("nothing".into(), Arg::describe)
                ),
            )),
        }
    }

    // A statement that sets one thing may appear once per variant (a child
    // may give it again: the child's wins).
    let mut once: HashMap<(&str, usize), Span> = HashMap::new();
    for it in items {
        let Some(k) = it.stmt.keyword().filter(|k| SINGLETONS.contains(k)) else {
            continue;
        };
        if let Some(prev) = once.insert((k, it.level), it.stmt.head_span()) {
            l.err(
                Diagnostic::error(
                    "duplicate-statement",
                    &it.file,
                    it.stmt.head_span(),
                    format!("`{k}` is given twice in this variant"),
                )
                .label(prev, "first given here")
                .hint("keep one of them; the second would silently replace the first"),
            );
        }
    }

    // Phase 1: players, board, pieces, regions.
    for it in items.iter().filter(|i| i.stmt.keyword() == Some("players")) {
        players_stmt(&mut l, it);
    }
    for it in items.iter().filter(|i| i.stmt.keyword() == Some("board")) {
        board_stmt(&mut l, it);
    }
    // A `players` or `board` statement that could not be read was reported
    // where it stands; "no players" / "no board" would say it twice.
    let has_stmt = |k: &str| items.iter().any(|i| i.stmt.keyword() == Some(k));
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
    for it in items {
        match it.stmt.keyword() {
            Some("use") => use_stmt(&mut l, it, library),
            Some("piece") => piece_stmt(&mut l, &it.file, it.level, &it.stmt, library),
            _ => {}
        }
    }
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
    check_letters(&mut l);
    builtin_regions(&mut l);
    for it in items.iter().filter(|i| i.stmt.keyword() == Some("region")) {
        region_stmt(&mut l, it);
    }

    // Phase 2: everything that refers to the above.
    let last_setup_level = items
        .iter()
        .filter(|i| i.stmt.keyword() == Some("setup"))
        .map(|i| i.level)
        .max()
        .unwrap_or(0);
    let np = l.players.len().max(1);
    let mut setup = Setup {
        men: Vec::new(),
        hands: vec![Vec::new(); np],
        decks: vec![Vec::new(); np],
        pools: vec![Vec::new(); np],
        first: 0,
    };
    let mut turn = Turn {
        moves: true,
        move_requires: Pred::True,
        captures: Captures::Remove,
        place: false,
        draw: false,
        placement: Vec::new(),
        on_place: Vec::new(),
        on_joker: None,
        when_stuck: WhenStuck::EndRules,
        unplaceable: Unplaceable::EndRules,
        powers: Vec::new(),
        first_action: None,
        en_passant: EnPassantWindow::EachOpponent,
        castling: None,
        illegal_action: IllegalAction::Reject,
    };
    let mut end_checked = EndTiming::AfterAction;
    let mut teams: Vec<Vec<PlayerId>> = Vec::new();
    let mut invariants = Vec::new();
    let mut dead = Vec::new();
    let mut elimination = Elimination {
        army_to: ArmyTo::Nobody,
        checked: EliminationCheck::AfterEveryMove,
    };
    let mut end: Vec<(RuleB, usize, Arc<str>, Span)> = Vec::new();
    let mut actions_span: Option<(Arc<str>, Span)> = None;
    let mut place_span: Option<(Arc<str>, Span)> = None;
    let mut first_span: Option<(Arc<str>, Span)> = None;
    let mut move_req_span: Option<(Arc<str>, Span)> = None;
    let mut setup_seen: Option<(usize, Span)> = None;
    let mut promotions: Vec<(PieceId, Promotion, Arc<str>, Span)> = Vec::new();

    for it in items {
        let st = &it.stmt;
        let f = &it.file;
        let mut c = Cur::new(&st.args, f, st.span);
        c.next();
        let r: Result<(), Diagnostic> = match st.keyword() {
            Some("setup") => {
                if last_setup_level > it.level {
                    // A child's setup replaces this one: it is not checked.
                    Ok(())
                } else if let Some((_, prev)) = setup_seen.filter(|(lvl, _)| *lvl == it.level) {
                    Err(Diagnostic::error(
                        "duplicate-statement",
                        f,
                        st.head_span(),
                        "a variant has one `setup` block",
                    )
                    .label(prev, "the first one")
                    .hint("put all men, hands and decks in one block"))
                } else {
                    setup_seen = Some((it.level, st.head_span()));
                    setup = setup_block(&mut l, it);
                    Ok(())
                }
            }
            Some("captures") => c
                .expect_choice("`none`, `all` or `to hand`", &["none", "all", "to"])
                .map_err(|mut d| {
                    d.hints.retain(|h| !h.starts_with("the choices"));
                    d.hint("the choices are `none`, `all`, `to hand`")
                })
                .and_then(|(v, _)| {
                    turn.captures = match v {
                        "none" => Captures::None,
                        "to" => {
                            c.expect_keyword("hand")
                                .map_err(|d| d.hint("write `captures to hand`"))?;
                            if c.done() {
                                Captures::ToHand
                            } else {
                                c.expect_keyword("demoted").map_err(|d| {
                                    d.hint("write `captures to hand` or `captures to hand demoted`")
                                })?;
                                Captures::ToHandDemoted
                            }
                        }
                        _ => Captures::Remove,
                    };
                    c.finish()
                }),
            Some("teams") => teams_stmt(&l, &mut c).map(|t| teams = t),
            Some("actions") => {
                actions_span = Some((f.clone(), st.head_span()));
                actions_stmt(&mut c, &mut turn)
            }
            Some("move") => (|| {
                c.expect_keyword("requires")
                    .map_err(|d| d.hint("write `move requires in_play(own king)`"))?;
                let p = pred::parse(
                    &st.args[2..],
                    f,
                    st.span,
                    &Names {
                        pieces: &l.piece_names(),
                        regions: &l.region_names(),
                        unknown_piece: &|f, sp, w| l.unknown_piece(f, sp, w),
                    },
                )?;
                move_req_span = Some((f.clone(), st.head_span()));
                turn.move_requires = p;
                Ok(())
            })(),
            Some("place") => {
                place_span.get_or_insert((f.clone(), st.head_span()));
                place_stmt(&l, &mut c, st, f).map(|r| turn.placement.push(r))
            }
            Some("first") => {
                first_span = Some((f.clone(), st.span));
                first_stmt(&l, &mut c).map(|a| turn.first_action = Some(a))
            }
            Some("on") => on_stmt(&l, &mut c, st, f, &mut turn),
            Some("power") => power_stmt(&l, &mut c).map(|p| turn.powers.push(p)),
            Some("always") => always_stmt(&mut c).map(|i| invariants.push(i)),
            Some("promote") => promote_stmt(&l, &mut c).map(|(ps, p)| {
                for id in ps {
                    promotions.push((id, p.clone(), f.clone(), st.span));
                }
            }),
            Some("castling") => (|| {
                let royal = l.piece_ref(&mut c, "the royal piece that castles")?;
                c.expect_keyword("with")?;
                let partner = l.piece_ref(&mut c, "the piece it castles with")?;
                c.finish()?;
                if !l.pieces[royal as usize].piece.royal {
                    return Err(Diagnostic::error(
                        "contradiction",
                        f,
                        st.args[1].span,
                        format!(
                            "`{}` castles but is not royal",
                            l.pieces[royal as usize].piece.name
                        ),
                    )
                    .hint("castling is for a royal piece: add `royal` to it"));
                }
                turn.castling = Some(Castling { royal, partner });
                Ok(())
            })(),
            Some("en") => (|| {
                c.expect_keyword("passant")?;
                let (v, _) = c.expect_choice(
                    "an en-passant window",
                    &["each_opponent_once", "next_player_only"],
                )?;
                c.finish()?;
                turn.en_passant = if v == "each_opponent_once" {
                    EnPassantWindow::EachOpponent
                } else {
                    EnPassantWindow::NextPlayer
                };
                Ok(())
            })(),
            Some("eliminated") => eliminated_stmt(&mut c).map(|e| elimination = e),
            Some("dead") => dead_stmt(&l, &mut c).map(|d| dead.push(d)),
            Some("illegal") => (|| {
                c.expect_keyword("actions").map_err(|d| {
                    d.hint("write `illegal actions: reject` or `illegal actions: forfeit`")
                })?;
                c.expect_op(":")?;
                let (v, _) =
                    c.expect_choice("what an illegal action does", &["reject", "forfeit"])?;
                c.finish()?;
                turn.illegal_action = if v == "forfeit" {
                    IllegalAction::Forfeit
                } else {
                    IllegalAction::Reject
                };
                Ok(())
            })(),
            Some("end") => {
                if c.eat_word("checked") {
                    match c.expect_choice(
                        "when end rules are checked",
                        &["after_action", "after_each_step"],
                    ) {
                        Ok((v, _)) => {
                            end_checked = if v == "after_each_step" {
                                EndTiming::AfterEachStep
                            } else {
                                EndTiming::AfterAction
                            }
                        }
                        Err(d) => l.err(d),
                    }
                }
                let block_level = it.level;
                match &st.block {
                    Some(b) => {
                        let mut rules = Vec::new();
                        for rs in &b.stmts {
                            match end_rule(&l, f, rs) {
                                Ok(r) => rules.push((r, rs.span)),
                                Err(d) => l.err(d),
                            }
                        }
                        // A child's rule replaces the parent's rules of the same event.
                        // `surrounded PIECE` is an event per piece.
                        let key = |e: &Event| {
                            let piece = match e {
                                Event::Surrounded(p) => Some(*p),
                                _ => None,
                            };
                            (std::mem::discriminant(e), piece)
                        };
                        let kinds: Vec<_> = rules.iter().map(|(r, _)| key(&r.when)).collect();
                        end.retain(|(r, lvl, _, _)| {
                            *lvl == block_level || !kinds.contains(&key(&r.when))
                        });
                        end.extend(
                            rules
                                .into_iter()
                                .map(|(r, s)| (r, block_level, f.clone(), s)),
                        );
                        c.finish()
                    }
                    None => Err(Diagnostic::error(
                        "missing-block",
                        f,
                        st.span,
                        "`end` needs a block of rules",
                    )
                    .hint("write `end { checkmate -> lose }`")),
                }
            }
            _ => Ok(()),
        };
        if let Err(d) = r {
            l.err(d);
        }
        if st.block.is_some()
            && !matches!(st.keyword(), Some("setup" | "end" | "if"))
            && KEYWORDS.contains(&st.keyword().unwrap_or(""))
        {
            l.err(
                Diagnostic::error(
                    "unexpected-block",
                    f,
                    st.block.as_ref().map_or(st.span, |b| b.span),
                    format!("`{}` takes no block", st.keyword().unwrap_or("")),
                )
                .hint("write the statement on one line; only `setup`, `end` and `if` take a block"),
            );
        }
    }

    // Promotions attach to pieces (last wins).
    let mut promote_at: HashMap<PieceId, (Arc<str>, Span)> = HashMap::new();
    for (id, p, f, sp) in promotions {
        if let Some(pb) = l.pieces.get_mut(id as usize) {
            pb.piece.promotion = Some(p);
        }
        promote_at.insert(id, (f, sp));
    }

    // Cross-field checks.
    let failed = |k: &str| l.cards_failed.contains(&k);
    let has_hands = setup.hands.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("hands");
    let has_decks = setup.decks.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("decks");
    let has_pools = setup.pools.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("pools");
    // Where to point for a contradiction with the actions.
    let at_actions = actions_span.clone().unwrap_or((file.clone(), name_span));
    if !turn.place && !turn.draw && !turn.placement.is_empty() {
        let (f, s) = place_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "placement rules are given but no action places a man",
            )
            .hint(if actions_span.is_some() {
                "add `place` (or `draw`) to `actions`"
            } else {
                "add `actions place, move` (or `draw`)"
            }),
        );
    }
    if turn.draw && !has_decks {
        let (f, s) = actions_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error("contradiction", &f, s, "the `draw` action needs a deck")
                .hint("add `decks: ...` to the setup"),
        );
    }
    if has_decks && !turn.draw {
        l.err(
            Diagnostic::error(
                "contradiction",
                &at_actions.0,
                at_actions.1,
                "the players have decks but no `draw` action",
            )
            .hint("add `draw` to `actions`"),
        );
    }
    if has_hands && !turn.place {
        l.err(
            Diagnostic::warning(
                "unreachable",
                &at_actions.0,
                at_actions.1,
                "men in the hands can never be placed: there is no `place` action",
            )
            .hint("add `place` to `actions`"),
        );
    }
    if !turn.moves && move_req_span.is_some() {
        let (f, s) = move_req_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "`move requires` is given but moves are not an action",
            )
            .hint("add `move` to `actions`"),
        );
    }
    for (i, pb) in l.pieces.iter().enumerate() {
        if let Some(p) = &pb.piece.promotion {
            if p.from_pool && !has_pools {
                let (f, s) = promote_at
                    .get(&(i as PieceId))
                    .cloned()
                    .unwrap_or((pb.file.clone(), pb.span));
                l.diags.push(
                    Diagnostic::warning(
                        "unreachable",
                        &f,
                        s,
                        format!(
                            "`{}` promotes from a pool, but no player has a pool",
                            pb.piece.name
                        ),
                    )
                    .hint("add `pools: ...` to the setup"),
                );
            }
        }
    }
    if turn.first_action.as_ref().is_some_and(|a| match a.kind {
        ActionKind::Move => !turn.moves,
        ActionKind::Place => !turn.place,
        ActionKind::Draw => !turn.draw,
        ActionKind::Power => turn.powers.is_empty(),
    }) {
        let (f, s) = first_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "the first action is of a kind the variant does not allow",
            )
            .hint(match turn.first_action.as_ref().map(|a| a.kind) {
                Some(ActionKind::Power) => "declare a `power`",
                _ => "list it in `actions`",
            }),
        );
    }
    // A piece whose definition is broken might have been meant royal.
    let royal_exists = l.pieces_failed || l.pieces.iter().any(|p| p.piece.royal || p.broken);
    for (r, _, f, s) in &end {
        let bad_outcome = match (&r.when, r.then) {
            (Event::Surrounded(_), Then::Remove) => false,
            (_, Then::Remove) => true,
            (Event::Stalemate, Then::Pass) => false,
            (_, Then::Pass) => true,
            (Event::UnplaceableCard, Then::ReturnCard) => false,
            (_, Then::ReturnCard) => true,
            _ => false,
        };
        if bad_outcome {
            l.diags.push(Diagnostic::error("bad-outcome", f, *s, format!("`{}` cannot follow this condition", outcome_word(r.then))).hint(
                "`remove` follows `surrounded PIECE`, `pass` follows `stalemate`, `return card` follows `unplaceable card`",
            ));
        }
        if matches!(r.when, Event::Checkmate) && !royal_exists {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "checkmate can never happen: no piece is `royal`",
                )
                .hint("mark the king `royal`, or remove this rule"),
            );
        }
        if matches!(r.when, Event::UnplaceableCard) && !turn.draw {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "no card is ever drawn in this variant",
                )
                .hint("remove this rule, or add `draw` to `actions` and decks to the setup"),
            );
        }
        if matches!(r.when, Event::HandEmpty) && !has_hands && !has_decks {
            l.diags.push(
                Diagnostic::warning("unreachable", f, *s, "every hand is empty from the start")
                    .hint("fill the hands in the setup: `hands: ...`"),
            );
        }
        if matches!(r.then, Then::Outcome(Outcome::Eliminated))
            && l.players.len() < 3
            && teams.is_empty()
        {
            l.diags.push(
                Diagnostic::warning(
                    "style",
                    f,
                    *s,
                    "with two players, `eliminated` is the same as `lose`",
                )
                .hint("write `lose`"),
            );
        }
    }
    // The engine keeps one quiet-move counter, so every `quiet` rule must
    // reset on the same things (the counts may differ: 100 -> claim, 150 -> draw).
    let mut quiet_resets: Option<(&Vec<Reset>, Span)> = None;
    for (r, _, f, s) in &end {
        if let Event::Quiet { .. } = &r.when {
            let resets = &r.resets;
            match &quiet_resets {
                None => quiet_resets = Some((resets, *s)),
                Some((first, fs)) if *first != resets => {
                    l.diags.push(
                        Diagnostic::error("contradiction", f, *s, "two `quiet` rules reset on different things")
                            .label(*fs, "the first resets here")
                            .hint("give every `quiet` rule the same `reset by` list; only the counts may differ"),
                    );
                }
                _ => {}
            }
        }
    }
    // `resets clock` pieces reset every quiet-move counter.
    let clock_pieces: Vec<PieceId> = l
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.resets_clock)
        .map(|(k, _)| k as PieceId)
        .collect();
    let mut end_rules: Vec<EndRule> = Vec::new();
    let mut removals = Vec::new();
    let mut quiet_resets: Vec<Reset> = Vec::new();
    for (r, _, _, _) in end {
        let when = match r.when {
            Event::Quiet { plies } => {
                for x in r.resets {
                    if !quiet_resets.contains(&x) {
                        quiet_resets.push(x);
                    }
                }
                Event::Quiet { plies }
            }
            other => other,
        };
        match (r.then, &when) {
            (Then::Outcome(then), _) => end_rules.push(EndRule { when, then }),
            (Then::Remove, Event::Surrounded(piece)) => removals.push(Removal {
                piece: *piece,
                after: end_rules.len(),
            }),
            (Then::Pass, _) => turn.when_stuck = WhenStuck::Pass,
            (Then::ReturnCard, _) => turn.unplaceable = Unplaceable::ReturnCard,
            // Reported above as `bad-outcome`.
            (Then::Remove, _) => {}
        }
    }
    if teams.is_empty() {
        teams = (0..l.players.len() as PlayerId).map(|p| vec![p]).collect();
    }
    let errors_now = l.diags.iter().filter(|d| d.is_error()).count();
    let v = Variant {
        name: name.to_string(),
        title: title.unwrap_or_else(|| name.to_string()),
        players: l.players.clone(),
        teams,
        board: l.board.clone().unwrap_or(Board {
            shape: Shape::Rect {
                width: 8,
                height: 8,
                holes: vec![],
            },
            a1_dark: true,
        }),
        pieces: l.pieces.iter().map(|p| p.piece.clone()).collect(),
        regions: l.regions.iter().map(|r| r.0.clone()).collect(),
        setup,
        turn,
        end: end_rules,
        removals,
        quiet_resets: {
            for k in clock_pieces {
                if !quiet_resets.contains(&Reset::Piece(k)) {
                    quiet_resets.push(Reset::Piece(k));
                }
            }
            quiet_resets
        },
        end_checked,
        invariants,
        dead_material: dead,
        elimination,
        options,
    };
    if !v.can_end() {
        l.diags.push(
            Diagnostic::warning(
                "no-ending",
                file,
                name_span,
                format!("variant `{name}` has no rule that ends the game"),
            )
            .hint("add an `end { ... }` block, for example `checkmate -> lose`"),
        );
    }
    if errors_now > errors_before {
        None
    } else {
        Some(v)
    }
}

/// An `end` line as written: an ending, or a consequence written among
/// the endings (`remove`, `pass`, `return card`).
#[derive(Clone, Debug, PartialEq)]
struct RuleB {
    when: Event,
    then: Then,
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
