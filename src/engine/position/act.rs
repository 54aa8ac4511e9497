//! A real action: [`make`], then what only an action of the game (not a
//! legality test) needs: the eliminations it causes, and on an unbounded
//! board the translation that keeps positions comparable. Apart from
//! `make.rs` because the eliminations ask whether a player still has a
//! legal action (`movegen`), which itself makes actions.

use super::make::make;
use super::{hash, movegen};
use crate::engine::core::{Bits, Mark, Move, PlayerSet, Square, State};
use crate::engine::rules::{limit_box, Elimination, Seen};
use crate::engine::tables::Compiled;
use crate::ir::PlayerId;

/// [`make`], then what only a real action (not a legality test) needs:
/// the eliminations it causes, and on an unbounded board the translation
/// that keeps positions comparable.
pub(crate) fn make_action<B: Bits>(t: &Compiled<B>, s: &mut State<B>, mv: Move) -> Mark {
    let mover = s.turn;
    let before = s.safe;
    let mark = make(t, s, mv);
    let recentred = limit_box::recentre(&t.base, s);
    if recentred {
        s.hash = hash::compute(t, s);
    }
    if let Some(e) = &t.rules.elimination {
        eliminations(t, s, e, mv, mover, before, recentred);
    }
    mark
}

/// The eliminations after `mover`'s action `mv` (`before`: the players
/// safe before it; `recentred`: the men were moved to recentre the box).
/// Out of line: variants without eliminations keep `make_action` small.
#[inline(never)]
fn eliminations<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    e: &Elimination,
    mv: Move,
    mover: PlayerId,
    before: PlayerSet,
    recentred: bool,
) {
    if mv == Move::Resign {
        // A resignation eliminates only the resigner: nobody delivered
        // it, so nobody inherits from a player it leaves without an
        // action. (And nobody looked at the royals after it.)
        s.safe = PlayerSet::EMPTY;
        if let Some(sc) = &t.rules.scores {
            sc.after_resign(&t.base, s);
        }
        return;
    }
    // What the move tells the pass about the royals (see `Seen`).
    let moved = match mv {
        Move::Normal { from, to, .. } | Move::Lame { from, to, .. }
            if !recentred && t.rules.plain_moves_local() =>
        {
            Some((from, to))
        }
        _ => None,
    };
    let seen = Seen {
        look: t.fast_legal,
        before,
        moved,
    };
    let out = e.after_action(
        &t.base,
        s,
        t.rules.castling.as_ref(),
        mover,
        seen,
        |s, q, safe_royal| has_action(t, s, q, safe_royal),
    );
    if let Some(sc) = &t.rules.scores {
        sc.after_eliminations(&t.base, s, mover, out.mated, out.stalemated);
    }
}

/// Whether `q` has a legal action, as if it were `q`'s turn (`safe_royal`:
/// the square of its only royal, known to be safe).
fn has_action<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    q: PlayerId,
    safe_royal: Option<Square>,
) -> bool {
    let saved = s.turn;
    s.turn = q;
    let any = movegen::has_legal_known(t, s, safe_royal);
    s.turn = saved;
    any
}
