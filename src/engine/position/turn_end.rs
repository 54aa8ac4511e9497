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
//! (a variant without the rule pays that test only where it has `turn`
//! rules at all) and in [`super::queries`]' `in_check`; it is out of line.

use super::boardgen::gen_pseudo;
use super::make::make;
use super::movegen::{legal, unfaced_sources};
use super::probe::gen_special;
use crate::engine::core::{Bits, Move, MoveList, State};
use crate::engine::movement::{royal_attacked, Ctx};
use crate::engine::rules::{Any, FirstAction, Sink, Turns};
use crate::engine::tables::Compiled;
use crate::ir::{ActionKind, PlayerId};
use std::cell::RefCell;

thread_local! {
    /// Lists reused between nodes (taken out while in use, so a nested
    /// call gets its own).
    static LISTS: RefCell<Vec<MoveList>> = const { RefCell::new(Vec::new()) };
}

fn take_list() -> MoveList {
    let mut l = LISTS.with(|p| p.borrow_mut().pop()).unwrap_or_default();
    l.clear();
    l
}

fn give_list(l: MoveList) {
    LISTS.with(|p| p.borrow_mut().push(l));
}

/// The legal actions of the player to act under `turn royal safe at end`,
/// into `out`.
#[inline(never)]
pub(super) fn sources<B: Bits, S: Sink>(
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
        let mut all = take_list();
        unfaced_sources(t, s, &mut all, scratch);
        for &mv in all.iter() {
            let mark = make(t, s, mv);
            let n = tr.left(s);
            let ok = !threatened(t, s, me, n);
            s.rewind(l, mark);
            if ok {
                out.raw(mv);
                if out.done() {
                    break;
                }
            }
        }
        give_list(all);
        return;
    }
    let split = !r.constraints.connected.is_empty() && !r.constraints.invariants_hold(b, s);
    let mut all = take_list();
    let mut inner = take_list();
    candidates(t, s, &mut all);
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
            r.constraints.hold(b, s, me, split, B::EMPTY) && !threatened(t, s, me, n)
        };
        s.rewind(l, mark);
        if ok {
            out.raw(mv);
            if out.done() {
                break;
            }
        }
    }
    give_list(inner);
    give_list(all);
}

/// The candidates of the player to act: its board moves by its men's
/// atoms before any constraint (captures of royal men included), en
/// passant, castling under its own conditions, and the pass where passing
/// is an action.
fn candidates<B: Bits>(t: &Compiled<B>, s: &mut State<B>, out: &mut MoveList) {
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
