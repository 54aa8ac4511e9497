//! Legal move generation: the sources of the variant's rules, guarded,
//! tested against the constraints, then filtered.
//!
//! Board moves take one of three paths, chosen per node:
//!
//! * **no royal** to protect and no other constraint: pseudo-legal moves
//!   are legal;
//! * **fast**: when the variant's attacks are plain leaps and rides (a
//!   confined leaper's too)
//!   ([`Tables::uses_fast_legality`]) and the mover has exactly one royal,
//!   checkers and pins are computed once; ordinary moves are filtered with
//!   bitset masks, royal moves by an attack test without the royal on the
//!   board, and the rare special moves (en passant, castling) by make,
//!   test, unmake;
//! * **generic**: every pseudo-legal move is made (or probed), tested and
//!   unmade; where [`Compiled::zone_test`] holds and the mover's one royal
//!   is safe, only the moves that leave or enter the node's legality zone
//!   (the squares whose men bear on the royal's safety and its facings)
//!   are tested.

pub(super) use super::boardgen::gen_pseudo;
use super::boardgen::{gen_fast, gen_generic};
use super::make::make;
pub(super) use super::men::gen_man;
use super::probe::gen_en_passant;
pub(crate) use super::probe::legal_after;
pub(super) use super::probe::{gen_special, legal_probe};
use super::turn_end;
use crate::engine::compile::shape::Shape;
use crate::engine::core::{Bits, Bitset, Move, MoveList, Square, State};
use crate::engine::movement::{friends_bb, royals, Ctx};
use crate::engine::rules::check_bound;
use crate::engine::rules::constraint::gives_check_in;
use crate::engine::rules::explosion;
use crate::engine::rules::sink::{OnlyCaptures, PlacingKinds};
use crate::engine::rules::{Any, FirstAction, Sink, Tally, Turns};
use crate::engine::rules::{Gating, PromoteAction};
use crate::engine::tables::Compiled;
use crate::ir::{ActionKind, PieceId};

/// All legal moves of the player to act, appended to `out`.
pub(crate) fn gen_legal<B: Bits>(t: &Compiled<B>, s: &mut State<B>, out: &mut MoveList) {
    let mut scratch = MoveList::default();
    legal(t, s, out, &mut scratch);
}

thread_local! {
    /// The generic path's list for [`has_legal`], reused between calls.
    static SCRATCH: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::new());
    /// The board moves that `then place wall` expands, reused between
    /// nodes (taken out while in use, so a nested call gets its own).
    static WALL_BASE: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::new());
}

/// Whether the player to act has a legal action (generation stops at the
/// first one).
pub(crate) fn has_legal<B: Bits>(t: &Compiled<B>, s: &mut State<B>) -> bool {
    has_legal_known(t, s, None)
}

/// [`has_legal`], told by the caller that the player's only royal stands on
/// `safe_royal` and no enemy man attacks it.
pub(crate) fn has_legal_known<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    safe_royal: Option<Square>,
) -> bool {
    if let Some(k) = safe_royal {
        if t.board_only && witness_moves(t, s, k) {
            return true;
        }
    }
    let mut any = Any {
        found: false,
        royal_safe: safe_royal.is_some(),
    };
    SCRATCH.with(|l| {
        let scratch = &mut l.borrow_mut();
        if t.board_only {
            // Every guard and filter of `legal` and `sources` would pass.
            legal_board(t, s, false, &mut any, scratch);
        } else {
            legal(t, s, &mut any, scratch);
        }
    });
    any.found
}

/// Whether the man on the player's witness square ([`State::witness`]) has
/// a move that is surely legal: where the fast path would run
/// ([`gen_fast`]) with nothing to close or restrict, and the player's only
/// royal, on `k`, is not attacked, a man off every ride line through the
/// royal can neither be pinned nor uncover an attack, so any move of it is
/// legal. `false` says nothing: the full probe decides.
pub(crate) fn witness_moves<B: Bits>(t: &Compiled<B>, s: &State<B>, k: Square) -> bool {
    let (b, r) = (&t.base, &t.rules);
    let me = s.turn;
    let w = s.witness[me as usize];
    let own = s.by_player[me as usize];
    if !t.fast_legal
        || w == k
        || !own.contains(w)
        || b.groups.ride_lines[k.index()].contains(w)
        || r.check_bound.is_some()
        || !r.board_moves.allowed(b, s, me)
    {
        return false;
    }
    let man = s.at(w);
    let p = &b.atoms.patterns[b.layout.pid(man)];
    if let Shape::Plain {
        leap: Some(i),
        nrides: 0,
        ..
    } = p.plan.shape
    {
        if !r.promotion.promotes(man.kind()) {
            // A leaper that does not promote (a knight): what `gen_man`
            // finds, a leap to any square but its side's men and walls
            // (or, without captures, to an empty one).
            let reach = b.atoms.plan_bb[i as usize][w.index()];
            if !r.captures.any() {
                return (reach & b.real & !s.occ).any();
            }
            // (Each case reads its sets where they lie: a set of several
            // words first copied to the stack, as a merged `friends` was,
            // is stored in two parts and read back across them, and the
            // read waits until the stores reach the cache: a stall that
            // took a third of this probe's time.)
            return if b.friends[me].len() == 1 {
                (reach & !(s.by_player[me as usize] | s.walls)).any()
            } else {
                (reach & !(friends_bb(b, s, me) | s.walls)).any()
            };
        }
    }
    let mut c = Ctx::new(b, s, me, r.captures.any());
    c.ep = r.en_passant.is_some();
    let mut any = Any {
        found: false,
        royal_safe: true,
    };
    if t.extras {
        gen_man::<B, Any, false, true, _>(t, s, &c, p, w, man, B::FULL, |_| true, &mut any);
    } else {
        gen_man::<B, Any, false, false, _>(t, s, &c, p, w, man, B::FULL, |_| true, &mut any);
    }
    any.found
}

/// All legal moves of the player to act, into `out`; `scratch` is a list
/// the generic path may use.
pub(crate) fn legal<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    if t.board_only {
        // Every guard and filter below, and every other source, would
        // pass: straight to the board moves.
        return legal_board(t, s, false, out, scratch);
    }
    if let Some(d) = &t.rules.deck {
        // A player who revealed an unplaceable card has lost.
        if !d.losers(s).is_empty() {
            return;
        }
    }
    if let Some(g) = &t.rules.goals {
        // A goal reached ends the game at once, unless it waits for the
        // player to act, who may reach it too (`reach ... with reply`).
        if g.any(&t.base, s) {
            let Some((piece, squares)) = g.reply_pending(&t.base, s) else {
                return;
            };
            let mut probe = crate::engine::rules::goals::ReachProbe {
                piece,
                squares: squares.into_iter().collect(),
                from: (s.by_player[s.turn as usize]
                    & s.pids_bb(&t.base.atoms.kind_pids[piece as usize]))
                .into_iter()
                .collect(),
                // The kind placed as `piece` by a placement `promoted too`.
                placed_as: t.rules.drops.as_ref().and_then(|d| {
                    (0..t.base.nkinds as PieceId).find(|&k| d.promoted_form(k) == Some(piece))
                }),
                found: false,
            };
            filtered(t, s, &mut probe, scratch);
            if !probe.found {
                return;
            }
        }
    }
    if let Some(d) = &t.rules.dice {
        if let Some(allowed) = d.allowed(s) {
            return rolled(t, s, d, allowed, out, scratch);
        }
    }
    filtered(t, s, out, scratch);
}

/// The filter of `dice` (out of line: only variants with dice run it):
/// the legal actions, kept by the roll ([`crate::engine::rules::dice::Dice::keep`]).
#[inline(never)]
fn rolled<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    d: &crate::engine::rules::dice::Dice,
    allowed: B,
    out: &mut S,
    scratch: &mut MoveList,
) {
    pooled(|all| {
        filtered(t, s, all, scratch);
        d.keep(allowed, all, out);
    });
}

/// [`legal`] after its guards: the filters of the legal list.
fn filtered<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    // The filter of `must capture`: with a capture at hand, only captures
    // (a player with one is not stuck).
    if t.rules.must_capture {
        let occ: Bitset = s.occ.into_iter().collect();
        let mut any = Any::default();
        sources(
            t,
            s,
            &mut OnlyCaptures {
                inner: &mut any,
                occ,
            },
            scratch,
        );
        if any.found {
            sources(t, s, &mut OnlyCaptures { inner: out, occ }, scratch);
            return;
        }
    }
    // The filter of `must place`: with a legal placement, only placements.
    if let Some(d) = t.rules.drops.as_ref().filter(|d| d.must_place) {
        if !d.must_kinds.is_empty() {
            return must_place_kinds(t, s, d, out, scratch);
        }
        let mut any = Any::default();
        placements(t, s, &mut any);
        if any.found {
            placements(t, s, out);
            return;
        }
    }
    // The filter: a player with no action passes (the sources' output is
    // counted only when it matters).
    if t.rules.passing.is_some_and(|p| p.when_stuck) {
        let mut tally = Tally { inner: out, n: 0 };
        sources(t, s, &mut tally, scratch);
        if tally.n == 0 {
            tally.raw(Move::Pass);
        }
    } else {
        sources(t, s, out, scratch);
    }
}

/// The filter of `must place PIECE, ...`: while the player to act holds a
/// man of a listed kind, placements of other kinds are illegal, and with a
/// legal placement of a listed kind only those are legal (out of line:
/// few variants have it).
#[inline(never)]
fn must_place_kinds<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    d: &crate::engine::rules::Drops<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let hand = &s.hands[s.turn as usize];
    let holds =
        d.unlimited || (0..hand.len()).any(|k| d.must_kinds.contains(k as PieceId) && hand[k] > 0);
    if !holds {
        return sources(t, s, out, scratch);
    }
    let kinds = d.must_kinds;
    let mut any = Any::default();
    placements(
        t,
        s,
        &mut PlacingKinds {
            inner: &mut any,
            kinds,
            others: false,
        },
    );
    let others = !any.found;
    sources(
        t,
        s,
        &mut PlacingKinds {
            inner: out,
            kinds,
            others,
        },
        scratch,
    );
}

/// Every source of actions, each behind its guards; while the player to
/// act faces under `facing ...: must break`, only the actions that break
/// every facing, and the pass.
fn sources<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    if let Some(mw) = &t.rules.move_where {
        return conditioned(t, s, mw, out, scratch);
    }
    sources_unconditioned(t, s, out, scratch);
}

/// [`sources`] without the filter of `move ... where`.
fn sources_unconditioned<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    if let Some(tr) = &t.rules.turns {
        if tr.plan.checks_last_only && tr.mid_turn(s) {
            return checkless(t, s, out, scratch);
        }
        if tr.plan.royal_safe_at_end {
            return turn_safe_sources(t, tr, s, out, scratch);
        }
    }
    if let Some(f) = &t.rules.must_break {
        if f.faces(&t.base, s, s.turn, s.occ) {
            return must_break(t, s, f, out, scratch);
        }
    }
    unfaced_sources(t, s, out, scratch);
}

thread_local! {
    /// Lists of the filter of `move ... where`, reused between nodes (one
    /// per level of its nesting: a `mate` asks for the next player's
    /// actions, which are filtered in turn).
    static COND_LISTS: std::cell::RefCell<Vec<MoveList>> = const { std::cell::RefCell::new(Vec::new()) };
    /// How deep `mate` tests are nested now.
    static MATE_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Runs `f` on an empty list from the pool of the filters (no allocation
/// per node; one list per level of nesting), then gives the list back.
fn pooled<R>(f: impl FnOnce(&mut MoveList) -> R) -> R {
    let mut all = COND_LISTS
        .with(|l| l.borrow_mut().pop())
        .unwrap_or_default();
    all.clear();
    let r = f(&mut all);
    COND_LISTS.with(|l| l.borrow_mut().push(all));
    r
}

/// Passes on the actions of `all` that `keep` keeps, until `out` is done.
fn sift<B: Bits, S: Sink>(
    s: &mut State<B>,
    all: &MoveList,
    out: &mut S,
    mut keep: impl FnMut(&mut State<B>, Move) -> bool,
) {
    for &mv in all.iter() {
        if keep(s, mv) {
            out.raw(mv);
            if out.done() {
                break;
            }
        }
    }
}

/// How deeply `mate` tests may nest: past it, the next player's actions
/// are generated without the move conditions (see docs/LANGUAGE.md).
pub(crate) const MATE_DEPTH_LIMIT: u32 = 8;

/// The filter of `move ... where` (out of line: only variants with move
/// conditions run it): every action of the sources, a board move kept
/// when its kind's conditions hold (read on the move, or the move made
/// and read in the position after it).
#[inline(never)]
fn conditioned<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    mw: &crate::engine::rules::move_where::MoveWhere<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let depth = MATE_DEPTH.with(|d| d.get());
    if depth > MATE_DEPTH_LIMIT {
        return sources_unconditioned(t, s, out, scratch);
    }
    pooled(|all| {
        sources_unconditioned(t, s, all, scratch);
        sift(s, all, out, |s, mv| {
            match mv.from().and_then(|from| mw.of(s, from)) {
                None => true,
                Some(c) => cond_holds(t, s, c, mv),
            }
        });
    });
}

/// Whether the move conditions `c` hold for the action `mv` of the player
/// to act (an action that is no board move meets them): read on the move,
/// or the move made and read in the position after it.
pub(crate) fn cond_holds<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    c: &crate::engine::rules::move_where::KindCond<B>,
    mv: Move,
) -> bool {
    let me = s.turn;
    let b = &t.base;
    match c.facts(b, s, mv) {
        None => true,
        Some(f) if !c.after() => c.holds(b, s, me, &f, &mut |_| false),
        Some(f) => {
            let mark = make(t, s, mv);
            let ok = c.holds(b, s, me, &f, &mut |s| {
                MATE_DEPTH.with(|d| d.set(d.get() + 1));
                let mut any = Any::default();
                let mut inner = MoveList::default();
                legal(t, s, &mut any, &mut inner);
                MATE_DEPTH.with(|d| d.set(d.get() - 1));
                !any.found
            });
            s.rewind(&b.layout, mark);
            ok
        }
    }
}

/// The filter of `turn checks last only` (out of line: it runs only
/// before a turn's last action): every action is made and kept only if
/// it leaves no royal man of another side attacked by the player's side.
#[inline(never)]
fn checkless<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let me = s.turn;
    pooled(|all| {
        if let Some(f) = t
            .rules
            .must_break
            .as_ref()
            .filter(|f| f.faces(&t.base, s, me, s.occ))
        {
            must_break(t, s, f, all, scratch);
        } else {
            unfaced_sources(t, s, all, scratch);
        }
        sift(s, all, out, |s, mv| {
            let mark = make(t, s, mv);
            let checks = gives_check_in(&t.base, s, me, s.occ);
            s.rewind(&t.base.layout, mark);
            !checks
        });
    });
}

/// The filter of `facing ...: must break` (out of line: it runs only
/// while the player to act faces): every action is made and kept only if
/// it leaves no man of the player facing; a pass is kept as it is.
#[inline(never)]
fn must_break<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    f: &crate::engine::rules::facing::Facing<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let me = s.turn;
    pooled(|all| {
        unfaced_sources(t, s, all, scratch);
        sift(s, all, out, |s, mv| {
            mv == Move::Pass || {
                let mark = make(t, s, mv);
                let faces = f.faces(&t.base, s, me, s.occ);
                s.rewind(&t.base.layout, mark);
                !faces
            }
        });
    });
}

/// [`sources`] without the filter of `facing ...: must break`.
pub(super) fn unfaced_sources<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let (b, r) = (&t.base, &t.rules);
    let fa = r.first_action;
    let ply = s.ply;
    let allows = |k: ActionKind| FirstAction::allows(fa, ply, k);
    let split = !r.constraints.connected.is_empty() && !r.constraints.invariants_hold(b, s);
    if let Some(d) = &r.deck {
        if allows(ActionKind::Draw) {
            d.generate(b, s, out);
        }
    }
    if allows(ActionKind::Move) && !out.done() {
        if let Some(w) = &r.walls {
            return walled(t, s, w, split, out, scratch);
        }
        legal_board(t, s, split, out, scratch);
        if let Some(g) = &r.gating {
            if !out.done() {
                gen_gated(t, s, g, split, out, scratch);
            }
        }
        if let Some(pa) = &r.promote_action {
            if !out.done() && r.board_moves.allowed(b, s, s.turn) {
                gen_promotions(t, s, pa, split, out, scratch);
            }
        }
        if let Some(ln) = &r.lion {
            if !out.done() && r.board_moves.allowed(b, s, s.turn) {
                gen_lion(t, s, ln, split, out, scratch);
            }
        }
    }
    if let Some(d) = &r.drops {
        if allows(ActionKind::Place) && !out.done() {
            let only = FirstAction::only_piece(fa, ply);
            d.generate(b, s, &r.legality(split), r.captures.any(), only, out);
            if let Some(x) = &r.exchange {
                if !out.done() {
                    x.generate(b, s, d, &r.legality(split), only, out);
                }
            }
        }
    }
    if let Some(sw) = &r.swaps {
        if allows(ActionKind::Power) && !out.done() {
            sw.generate(b, s, &r.legality(split), out);
        }
    }
    // A suicide, unless the first action of the game must be of a kind.
    if let Some(x) = &r.suicide {
        if (fa.is_none() || ply != 0) && !out.done() {
            x.generate(b, s, &r.legality(split), out);
        }
    }
    // A pass, unless the first action of the game must be of a kind.
    if r.passing.is_some_and(|p| p.action) && (fa.is_none() || ply != 0) && !out.done() {
        gen_pass(t, s, split, out);
    }
}

/// The pass of `actions ..., pass`: legal when the constraints hold in the
/// position as it stands (a player in check may not pass), or, while the
/// player faces under `facing ...: must break` with a `facing kept` rule,
/// whatever attacks its royals (the game ends on it).
#[inline(never)]
fn gen_pass<B: Bits, S: Sink>(t: &Compiled<B>, s: &mut State<B>, split: bool, out: &mut S) {
    let (b, r) = (&t.base, &t.rules);
    let me = s.turn;
    let kept = r.passing.is_some_and(|p| p.kept.is_some())
        && r.must_break
            .as_ref()
            .is_some_and(|f| f.faces(b, s, me, s.occ));
    if kept || r.constraints.hold(b, s, me, split, B::EMPTY) {
        out.raw(Move::Pass);
    }
}

/// The source of `then place wall` and `then move wall`: the legal board
/// moves, each with every square its wall may take (out of line: other
/// variants do not pay). Where nothing can make a board move illegal (no
/// royal of the mover, no other constraint), every pair is legal;
/// otherwise each pair is made and tested, since the wall put down may
/// shield a royal and a wall lifted may expose one.
#[inline(never)]
fn walled<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    w: &crate::engine::rules::Walls,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let (b, r) = (&t.base, &t.rules);
    let me = s.turn;
    let mut base = WALL_BASE.with(|l| std::mem::take(&mut *l.borrow_mut()));
    base.clear();
    if royals(b, s, me).is_empty() && !r.constraints.beyond_royal() && !r.special_captures {
        legal_board(t, s, split, &mut base, scratch);
        w.expand(b, s, &base, out);
    } else if r.board_moves.allowed(b, s, me) {
        let mut c = Ctx::new(b, s, me, r.captures.any());
        c.ep = r.en_passant.is_some();
        gen_pseudo(t, s, &c, &mut base);
        gen_en_passant(t, s, &c, None, &mut base);
        // Castling's attack test is made below, wall by wall.
        let castling = r.castling.as_ref();
        if let Some(cs) = castling {
            cs.candidates_guarded(b, s, &c, false, |_, mv| base.push(mv));
        }
        let lifted = if w.moves { s.walls } else { B::EMPTY };
        // Where every attack is a plain leap or ride, a wall only blocks:
        // a move legal with the standing walls lifted and no new one is
        // legal whatever square its wall takes.
        let blocks_only = b.groups.complex_pids.is_empty() && b.groups.lame.is_empty();
        'moves: for &mv in base.iter() {
            let guarded = mv.kind() == crate::engine::MoveKind::Castle
                && castling.is_some_and(|cs| cs.guarded());
            let squares = w.squares(b, s, mv);
            if squares.is_empty() {
                continue;
            }
            if blocks_only {
                for sq in lifted {
                    s.unprobe_wall(sq);
                }
                let ok = (!guarded
                    || castling.is_some_and(|cs| cs.path_safe(b, s, mv, c.enemy, c.occ & !lifted)))
                    && walled_probe(t, s, mv, split);
                for sq in lifted {
                    s.probe_wall(sq);
                }
                if ok {
                    out.walled(mv, squares);
                    if out.done() {
                        break 'moves;
                    }
                    continue;
                }
            }
            for wall in squares {
                let Some(m) = mv.with_wall(wall) else {
                    continue;
                };
                // The castler's origin and path are judged with the walls
                // moved (the new one may shield them, the old one lifted
                // may expose them), as Fairy-Stockfish judges them.
                if guarded {
                    let occ = (c.occ & !lifted) | B::single(wall);
                    if !castling.is_some_and(|cs| cs.path_safe(b, s, mv, c.enemy, occ)) {
                        continue;
                    }
                }
                if walled_probe(t, s, m, split) {
                    out.raw(m);
                    if out.done() {
                        break 'moves;
                    }
                }
            }
        }
    }
    WALL_BASE.with(|l| *l.borrow_mut() = base);
}

/// Whether a walled move (or, walls lifted, its board move alone) is
/// legal: made, tested and unmade. Where captures
/// explode, a move that blows up one of the mover's royals is illegal and
/// one that blows up an enemy royal is legal whatever it leaves attacked
/// (as [`capture_probe`] decides); `mutually immune` pairs never capture.
fn walled_probe<B: Bits>(t: &Compiled<B>, s: &mut State<B>, mv: Move, split: bool) -> bool {
    let (b, r) = (&t.base, &t.rules);
    let me = s.turn;
    if r.rebirth.is_some_and(|rb| rb.blocked(b, s, mv)) {
        return false;
    }
    if !r.mutually_immune.is_empty() {
        let victim = mv
            .aux_square()
            .filter(|_| mv.kind() == crate::engine::MoveKind::EnPassant);
        if let (Some(from), Some(v)) = (mv.from(), victim.or(mv.to())) {
            let cap = s.at(v);
            if !cap.is_empty() && explosion::immune_pair(r.mutually_immune, s.at(from), cap) {
                return false;
            }
        }
    }
    let royal = s.pids_bb(&b.royal_pids);
    let own = (royals(b, s, me)).count();
    let enemy = (royal & !friends_bb(b, s, me)).count();
    let mark = make(t, s, mv);
    if let Some(g) = &r.gates {
        g.hide_entered(b, s);
    }
    let royal = s.pids_bb(&b.royal_pids);
    let ok = if royals(b, s, me).count() < own {
        false
    } else if r.explosion.is_some() && (royal & !friends_bb(b, s, me)).count() < enemy {
        r.constraints.hold_beyond_royal(b, s, me, split, B::EMPTY)
    } else {
        r.constraints.hold(b, s, me, split, B::EMPTY)
    };
    s.rewind(&b.layout, mark);
    ok
}

/// The legal gating moves of the player to act: the plain moves (no
/// promotion, no double step, no en passant) and castlings of its men that
/// may gate, each legal one with a man of each kind in hand put on the
/// square left.
fn gen_gated<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    g: &Gating<B>,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let (b, r) = (&t.base, &t.rules);
    let me = s.turn;
    if !g.has_any(s, me) || !r.board_moves.allowed(b, s, me) {
        return;
    }
    let gates = g.gates(s, me);
    if gates.is_empty() {
        return;
    }
    let mut c = Ctx::new(b, s, me, r.captures.any());
    c.ep = r.en_passant.is_some();
    scratch.clear();
    for from in gates {
        let man = s.at(from);
        let p = &b.atoms.patterns[b.layout.pid(man)];
        gen_man::<B, MoveList, false, true, _>(t, s, &c, p, from, man, B::FULL, |_| true, scratch);
    }
    if let Some(cs) = &r.castling {
        cs.candidates(b, s, &c, |_, mv| scratch.push(mv));
    }
    for i in 0..scratch.len() {
        let base = scratch[i];
        // A gating is legal exactly when the move without it is: the man
        // put down never makes an illegal move legal.
        if !matches!(
            base,
            Move::Normal { promote: None, .. } | Move::Castle { .. }
        ) || !legal_probe(t, s, base, split, None)
        {
            continue;
        }
        for &k in &g.kinds {
            if s.hands[me as usize][k as usize] == 0 {
                continue;
            }
            match base {
                Move::Normal {
                    from,
                    to,
                    promote: None,
                } => {
                    out.raw(Move::Gate { from, to, piece: k });
                }
                Move::Castle {
                    from,
                    to,
                    partner,
                    partner_to,
                } => {
                    for on_partner in [false, true] {
                        let at = if on_partner { partner } else { from };
                        if !gates.contains(at) || at == to || at == partner_to {
                            continue;
                        }
                        out.raw(Move::CastleGate {
                            from,
                            to,
                            partner,
                            partner_to,
                            piece: k,
                            on_partner,
                        });
                    }
                }
                _ => {}
            }
            if out.done() {
                return;
            }
        }
    }
}

/// The legal promotions `as action` of the player to act: each candidate
/// made, and kept when the mover's constraints hold, the new man attacks
/// no enemy man and no enemy royal is attacked (out of line: other
/// variants do not pay).
#[inline(never)]
fn gen_promotions<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    pa: &PromoteAction<B>,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let b = &t.base;
    let me = s.turn;
    scratch.clear();
    pa.candidates(b, s, &mut |mv| scratch.push(mv));
    for &mv in scratch.iter() {
        let Move::Promote { to, .. } = mv else {
            continue;
        };
        let mark = make(t, s, mv);
        let ok = t.rules.constraints.hold(b, s, me, split, B::EMPTY)
            && PromoteAction::attacks_nothing(b, s, me, to)
            && !gives_check_in(b, s, me, s.occ);
        s.rewind(&b.layout, mark);
        if ok {
            out.raw(mv);
            if out.done() {
                return;
            }
        }
    }
}

/// The legal moves of two steps of the player to act (`lion`): each
/// candidate judged by [`super::probe::lion_legal`] (out of line: only
/// variants with a lion kind run it).
#[inline(never)]
fn gen_lion<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    ln: &crate::engine::rules::lion::Lion,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    scratch.clear();
    ln.candidates(&t.base, s, s.turn, &mut |mv| scratch.push(mv));
    for &mv in scratch.iter() {
        if super::probe::lion_legal(t, s, mv, split) {
            out.raw(mv);
            if out.done() {
                return;
            }
        }
    }
}

/// The legal placements of the player to act (the `place` source alone).
fn placements<B: Bits, S: Sink>(t: &Compiled<B>, s: &mut State<B>, out: &mut S) {
    let (b, r) = (&t.base, &t.rules);
    let fa = r.first_action;
    if let (Some(d), true) = (&r.drops, FirstAction::allows(fa, s.ply, ActionKind::Place)) {
        let split = !r.constraints.connected.is_empty() && !r.constraints.invariants_hold(b, s);
        let only = FirstAction::only_piece(fa, s.ply);
        d.generate(b, s, &r.legality(split), r.captures.any(), only, out);
    }
}

/// The legal board moves (and en passant, castling) of the player to act.
pub(crate) fn legal_board<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let (b, r) = (&t.base, &t.rules);
    let me = s.turn;
    if !r.board_moves.allowed(b, s, me) {
        return;
    }
    let mut c = Ctx::new(b, s, me, r.captures.any());
    c.ep = r.en_passant.is_some();
    // The guard of `while in check` and `initial ... not in check`.
    if let Some(n) = r.check_bound.as_ref().and_then(|cb| cb.node(b, s, me)) {
        check_bound::close(&mut c, &n);
        if n.restricts() {
            return board_paths(t, s, &c, split, &mut n.sink(out), scratch);
        }
    }
    board_paths(t, s, &c, split, out, scratch)
}

/// [`legal_board`] after its guards: the path of the node.
fn board_paths<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    c: &Ctx<B>,
    split: bool,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let (b, r) = (&t.base, &t.rules);
    let me = c.me;
    let royals = royals(b, s, me);
    if royals.is_empty() && !r.constraints.beyond_royal() && !r.special_captures {
        gen_pseudo(t, s, c, out);
        gen_special(t, s, c, None, out);
    } else if t.fast_legal && !royals.more_than_one() {
        if let Some(k) = royals.first() {
            if t.extras {
                gen_fast::<B, S, true>(t, s, c, k, out, scratch);
            } else {
                gen_fast::<B, S, false>(t, s, c, k, out, scratch);
            }
        }
    } else {
        gen_generic(t, s, c, split, out, scratch);
    }
}

/// The legal actions of the player to act under `turn royal safe at end`
/// (docs/LANGUAGE.md; the threat and the candidates are
/// `position::turn_end`'s), into `out`.
#[inline(never)]
fn turn_safe_sources<B: Bits, S: Sink>(
    t: &Compiled<B>,
    tr: &Turns,
    s: &mut State<B>,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let (b, r) = (&t.base, &t.rules);
    let l = &b.layout;
    let me = s.turn;
    if !tr.mid_turn(s) {
        let next = s.next_player(l, me);
        if tr.next_length(s, next) <= 1 {
            // A turn of one action follows: threatened is attacked, which
            // the ordinary generation already refuses.
            return unfaced_sources(t, s, out, scratch);
        }
        let mut all = turn_end::take_list();
        unfaced_sources(t, s, &mut all, scratch);
        for &mv in all.iter() {
            let mark = make(t, s, mv);
            let n = tr.left(s);
            let ok = !turn_end::threatened(t, s, me, n);
            s.rewind(l, mark);
            if ok {
                out.raw(mv);
                if out.done() {
                    break;
                }
            }
        }
        turn_end::give_list(all);
        return;
    }
    let split = !r.constraints.connected.is_empty() && !r.constraints.invariants_hold(b, s);
    let mut all = turn_end::take_list();
    let mut inner = turn_end::take_list();
    turn_end::candidates(t, s, &mut all);
    for &mv in all.iter() {
        let mark = make(t, s, mv);
        let ok = if s.turn == me {
            // The royal may stand attacked now: the turn must go on to a
            // legal end.
            r.constraints.hold_beyond_royal(b, s, me, split, B::EMPTY) && {
                let mut any = Any::default();
                inner.clear();
                legal(t, s, &mut any, &mut inner);
                any.found
            }
        } else {
            let n = tr.left(s);
            r.constraints.hold(b, s, me, split, B::EMPTY) && !turn_end::threatened(t, s, me, n)
        };
        s.rewind(l, mark);
        if ok {
            out.raw(mv);
            if out.done() {
                break;
            }
        }
    }
    turn_end::give_list(inner);
    turn_end::give_list(all);
}
