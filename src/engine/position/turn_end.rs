//! `turn royal safe at end`: the legality of a turn of several actions
//! judged at the turn's end (docs/LANGUAGE.md, "turn royal safe at end").
//!
//! * An action that is **not its turn's last** may leave the actor's royal
//!   men attacked: it is legal when it meets the other constraints and the
//!   turn can be finished, that is, the actor then has a legal action.
//! * The **last action** of a turn is a legal action of the ordinary kind
//!   (no royal man of the actor left attacked), and, where the next
//!   player's turn has two actions, leaves no royal man of the actor
//!   **threatened**: the next player cannot take it with the first action
//!   of its turn, nor with the second after any first one.
//! * The player to act is **in check** when one of its royal men is
//!   threatened by the turn of the player who acts after it.
//!
//! The actions of the next player that count for a threat are its
//! candidates ([`candidates`]): board moves as its men's atoms give them
//! (captures of royal men included, whatever they leave attacked),
//! en passant, castling under its own conditions (the castler not
//! attacked, nor any square it passes), and the pass where passing is an
//! action.
//!
//! Everything here runs behind one test in `movegen::sources_unconditioned`
//! (whose `turn_safe_sources` generates a turn's actions with the threat
//! test of this module; a variant without the rule pays that test only
//! where it has `turn` rules at all) and in the position's `in_check`; it
//! is out of line. It uses the generation below it (pseudo-legal moves,
//! make), never the legal generation of `movegen`.

use super::boardgen::gen_pseudo;
use super::make::make;
use super::probe::gen_special;
use crate::engine::core::{Bits, Move, MoveList, State};
use crate::engine::movement::{royal_attacked, royals, Ctx};
use crate::engine::rules::{FirstAction, Turns};
use crate::engine::tables::Compiled;
use crate::ir::{ActionKind, PlayerId};
use std::cell::RefCell;

thread_local! {
    /// Lists reused between nodes (taken out while in use, so a nested
    /// call gets its own).
    static LISTS: RefCell<Vec<MoveList>> = const { RefCell::new(Vec::new()) };
}

pub(super) fn take_list() -> MoveList {
    let mut l = LISTS.with(|p| p.borrow_mut().pop()).unwrap_or_default();
    l.clear();
    l
}

pub(super) fn give_list(l: MoveList) {
    LISTS.with(|p| p.borrow_mut().push(l));
}

/// The candidates of the player to act: its board moves by its men's
/// atoms before any constraint (captures of royal men included), en
/// passant, castling under its own conditions, and the pass where passing
/// is an action.
pub(super) fn candidates<B: Bits>(t: &Compiled<B>, s: &mut State<B>, out: &mut MoveList) {
    let (b, r) = (&t.base, &t.rules);
    let me = s.turn;
    let (fa, ply) = (r.first_action, s.ply);
    if FirstAction::allows(fa, ply, ActionKind::Move) && r.board_moves.allowed(b, s, me) {
        let mut c = Ctx::new(b, s, me, r.captures.any());
        c.ep = r.en_passant.is_some();
        gen_pseudo(t, s, &c, out);
        gen_special(t, s, &c, None, out);
    }
    if r.passing.is_some_and(|p| p.action) && (fa.is_none() || ply != 0) {
        out.push(Move::Pass);
    }
}

/// Whether a royal man of `p` is threatened in `s`, where the player to
/// act starts a turn of `n` actions: attacked now, or, in a turn of two
/// actions or more, attacked after some candidate first action of that
/// turn which leaves the same player to act.
pub(super) fn threatened<B: Bits>(t: &Compiled<B>, s: &mut State<B>, p: PlayerId, n: u32) -> bool {
    let b = &t.base;
    if royal_attacked(b, s, p) {
        return true;
    }
    if n <= 1 {
        return false;
    }
    let q = s.turn;
    let mut all = take_list();
    candidates(t, s, &mut all);
    let mut hit = false;
    for &mv in all.iter() {
        let mark = make(t, s, mv);
        hit = s.turn == q && royal_attacked(b, s, p);
        s.rewind(&b.layout, mark);
        if hit {
            break;
        }
    }
    give_list(all);
    hit
}

/// Whether the player to act is in check: a royal man of its is
/// threatened by the turn of the player who acts after its own.
#[inline(never)]
pub(super) fn in_check<B: Bits>(t: &Compiled<B>, tr: &Turns, s: &mut State<B>) -> bool {
    let b = &t.base;
    let l = &b.layout;
    let me = s.turn;
    if royal_attacked(b, s, me) {
        return true;
    }
    let q = s.next_player(l, me);
    let n = tr.next_length(s, q);
    if n <= 1 {
        return false;
    }
    let mark = s.mark();
    s.set_turn(l, q);
    s.set_var(l, tr.left, n);
    let hit = threatened(t, s, me, n);
    s.rewind(l, mark);
    hit
}

/// How the player to act, starting a turn of `n` actions, could take a
/// royal man of `p`: one candidate action that takes it, or two, the
/// second taking it after the first; `None` when `p`'s royal men are not
/// threatened. For explanations, off the hot path.
pub(super) fn threat_line<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    p: PlayerId,
    n: u32,
) -> Option<Vec<Move>> {
    let b = &t.base;
    let q = s.turn;
    let before = royals(b, s, p).count();
    let takes = |s: &mut State<B>, mv: Move| {
        let mark = make(t, s, mv);
        let hit = royals(b, s, p).count() < before;
        s.rewind(&b.layout, mark);
        hit
    };
    let mut all = MoveList::new();
    candidates(t, s, &mut all);
    if let Some(&mv) = all.iter().find(|&&mv| takes(s, mv)) {
        return Some(vec![mv]);
    }
    if n <= 1 {
        return None;
    }
    for &first in all.iter() {
        let mark = make(t, s, first);
        let mut line = None;
        if s.turn == q {
            let mut next = MoveList::new();
            candidates(t, s, &mut next);
            line = next
                .iter()
                .find(|&&mv| takes(s, mv))
                .map(|&mv| vec![first, mv]);
        }
        s.rewind(&b.layout, mark);
        if line.is_some() {
            return line;
        }
    }
    None
}
