//! Legality probes of single actions (make or probe, test the
//! constraints, undo) and the special board moves they judge one by one:
//! en passant and castling. Used by the generic path of
//! move generation (`position::movegen`), its fast path's special moves, and the limit box.

use super::make::make;
use crate::engine::core::{Bits, Move, MoveList, State};
use crate::engine::movement::Ctx;
use crate::engine::rules::explosion::{self, Verdict as Blast};
use crate::engine::rules::lion_trade::Verdict;
use crate::engine::rules::sink::expand;
use crate::engine::rules::Sink;
use crate::engine::tables::Compiled;
use crate::ir::MAX_PIECES;

/// The moves of `list` that [`legal_probe`] finds legal, into `out`
/// (`window`: what the source knows of a move's limit-box window);
/// whether `out` is done.
pub(super) fn probe_each<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    list: &MoveList,
    split: bool,
    out: &mut S,
    window: impl Fn(Move) -> Option<B>,
) -> bool {
    for &mv in list.iter() {
        if out.wants(mv) && legal_probe(t, s, mv, split, window(mv)) {
            out.raw(mv);
            if out.done() {
                return true;
            }
        }
    }
    false
}

/// Whether a move is legal: a plain move of a man is tried on the board
/// (its men taken and put without the journal) and checked with the
/// removals its consequences would make; other actions are made, checked
/// and unmade. `window`: the men's [`limit_box::window`] after a plain
/// move, when the source knows they fit the limit box.
pub(super) fn legal_probe<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    mv: Move,
    split: bool,
    window: Option<B>,
) -> bool {
    if t.rules.explosion.is_some() || t.rules.special_captures {
        return capture_probe(t, s, mv, split);
    }
    let (Move::Normal { from, to, promote }
    | Move::Lame {
        from, to, promote, ..
    }) = mv
    else {
        return legal_after(t, s, mv, split);
    };
    let (b, l) = (&t.base, &t.base.layout);
    let me = s.turn;
    let cap = s.at(to);
    let mut lg = t.rules.legality(split);
    lg.known.window = window;
    if cap.is_empty() && promote.is_none() {
        // A plain step to an empty square: the man is moved and back.
        lg.known.moved = Some((from, to));
        s.probe_move(l, from, to);
        let ok = lg.ok(b, s, me);
        s.probe_move(l, to, from);
        return ok;
    }
    if t.rules.probe_by_make && promote.is_some_and(|k| b.royal_made(k).is_some()) {
        // A promotion into a royal kind under `check ... when at most N`:
        // made, so that the man it brings in is not counted.
        return legal_after(t, s, mv, split);
    }
    if !cap.is_empty() {
        s.unprobe(l, to);
    }
    let man = s.unprobe(l, from);
    s.probe(l, to, promote.map_or(man, |k| man.with_kind(k)));
    lg.known.moved = cap.is_empty().then_some((from, to));
    let ok = lg.ok(b, s, me);
    s.unprobe(l, to);
    s.probe(l, from, man);
    if !cap.is_empty() {
        s.probe(l, to, cap);
    }
    ok
}

/// [`legal_probe`] where captures explode or are barred between kinds: a
/// move (en passant included) is tried on the board, its blast's men are
/// taken out of the occupancy, and the blast's verdict or the constraints
/// decide.
fn capture_probe<B: Bits>(t: &Compiled<B>, s: &mut State<B>, mv: Move, split: bool) -> bool {
    if let Some(lt) = t.rules.lion_trade.as_deref() {
        match lt.judge(&t.base, s, mv) {
            Verdict::Free => {}
            Verdict::Barred => return false,
            Verdict::UnlessSafe(sq) | Verdict::CounterUnlessSafe(sq) => {
                return legal_after_safe(t, s, mv, split, sq)
            }
        }
    }
    let Some((from, to, victim, promote)) = mv.board_step() else {
        return legal_after(t, s, mv, split);
    };
    let (b, l, r) = (&t.base, &t.base.layout, &t.rules);
    if r.probe_by_make {
        if r.layers.is_some() {
            // The pass to the next layer moves the man again: made whole.
            return legal_after(t, s, mv, split);
        }
        if let Some(rb) = &r.rebirth {
            // A rebirth changes a third square: made and tested whole.
            return !rb.blocked(b, s, mv) && legal_after(t, s, mv, split);
        }
        if promote.is_some_and(|k| b.royal_made(k).is_some()) {
            return legal_after(t, s, mv, split);
        }
        if b.prison.is_some() && (promote.is_some() || !s.at(victim).is_empty()) {
            // `promote ... from prison`: a capture or a promotion changes
            // the prisons, and with them which attacks count: made whole.
            return legal_after(t, s, mv, split);
        }
    }
    let me = s.turn;
    let cap = s.at(victim);
    let man = s.at(from);
    if !cap.is_empty() && explosion::immune_pair(r.mutually_immune, man, cap) {
        return false;
    }
    if r.probe_by_make
        && (b.strikes.as_deref().is_some_and(|st| st.strikes(man))
            || (!r.in_place.is_empty() && !cap.is_empty()))
    {
        // A move that may take by approach or withdrawal, or a capture in
        // place (the capturer stays, only the victim leaves): made whole.
        return legal_after(t, s, mv, split);
    }
    if !cap.is_empty() {
        s.unprobe(l, victim);
    }
    s.unprobe(l, from);
    s.probe(l, to, promote.map_or(man, |k| man.with_kind(k)));
    let blast = match (&r.explosion, cap.is_empty()) {
        (Some(x), false) => x.blast(s, to, s.occ & !s.walls),
        _ => B::EMPTY,
    };
    let ok = match r.explosion.as_ref().map(|x| x.verdict(b, s, me, blast)) {
        _ if blast.is_empty() => r.legality(split).ok(b, s, me),
        Some(Blast::OwnRoyalLost) => false,
        Some(Blast::EnemyRoyalTaken) => r.constraints.hold_beyond_royal(b, s, me, split, blast),
        _ => r.constraints.hold(b, s, me, split, blast),
    };
    s.unprobe(l, to);
    s.probe(l, from, man);
    if !cap.is_empty() {
        s.probe(l, victim, cap);
    }
    ok
}

/// Make, test the constraints, unmake. (Always inlined: its callers
/// were inlining it before the layers' test made it longer.)
#[inline(always)]
pub(crate) fn legal_after<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    mv: Move,
    split: bool,
) -> bool {
    if let Some(ly) = &t.rules.layers {
        if ly.blocked(s, mv) {
            return false;
        }
    }
    let me = s.turn;
    let mark = make(t, s, mv);
    if let Some(g) = &t.rules.gates {
        g.hide_entered(&t.base, s);
    }
    let ok = t.rules.constraints.hold(&t.base, s, me, split, B::EMPTY);
    s.rewind(&t.base.layout, mark);
    ok
}

/// Whether the move of two steps `mv` (`lion`) of the player to act is
/// legal: under `lion trading`, as the rules' verdict says; otherwise
/// made, tested by the constraints and unmade.
pub(crate) fn lion_legal<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    mv: Move,
    split: bool,
) -> bool {
    match t
        .rules
        .lion_trade
        .as_deref()
        .map_or(Verdict::Free, |lt| lt.judge(&t.base, s, mv))
    {
        Verdict::Free => legal_after(t, s, mv, split),
        Verdict::Barred => false,
        Verdict::UnlessSafe(sq) | Verdict::CounterUnlessSafe(sq) => {
            legal_after_safe(t, s, mv, split, sq)
        }
    }
}

/// [`legal_after`] of a lion taking a lion from afar, or of a
/// counter-strike under `counter unprotected` (`lion trading`): legal
/// only when, made, its landing square `sq` is attacked by no man of the
/// next player (the lion taken was not protected).
#[inline(never)]
pub(crate) fn legal_after_safe<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    mv: Move,
    split: bool,
    sq: crate::engine::core::Square,
) -> bool {
    let me = s.turn;
    let mark = make(t, s, mv);
    let b = &t.base;
    let ok = t.rules.constraints.hold(b, s, me, split, B::EMPTY)
        && !crate::engine::movement::attacked(
            b,
            s,
            sq,
            crate::engine::movement::friends_bb(b, s, s.turn),
            s.occ,
        );
    s.rewind(&b.layout, mark);
    ok
}

/// En passant and castling. With `verify` (whether the invariants were
/// broken before the action), each is tested by make/unmake.
pub(super) fn gen_special<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    c: &Ctx<B>,
    verify: Option<bool>,
    out: &mut S,
) {
    gen_en_passant(t, s, c, verify, out);
    if let Some(cs) = &t.rules.castling {
        cs.candidates(&t.base, s, c, |s, mv| {
            if out.wants(mv) && verify.is_none_or(|split| legal_after(t, s, mv, split)) {
                out.raw(mv);
            }
        });
    }
}

/// The en-passant captures of [`gen_special`].
#[inline(always)]
pub(super) fn gen_en_passant<B: Bits, S: Sink>(
    t: &Compiled<B>,
    s: &mut State<B>,
    c: &Ctx<B>,
    verify: Option<bool>,
    out: &mut S,
) {
    let (b, r) = (&t.base, &t.rules);
    if let (Some(ep), true) = (&r.en_passant, c.captures) {
        ep.candidates(b, s, c, |s, mv, man| {
            // Every promotion choice of one capture: at most one per kind.
            let mut cands = [mv; MAX_PIECES + 1];
            let mut n = 0;
            expand(&r.promotion, s, mv, man, |m| {
                cands[n] = m;
                n += 1;
            });
            for &m in &cands[..n] {
                if verify.is_none_or(|split| legal_after(t, s, m, split)) {
                    out.raw(m);
                }
            }
        });
    }
}
