//! Elimination of players in games of more than two (RULES Q8): a player
//! with no legal action is eliminated when the variant's checkmate or
//! stalemate rule says `-> eliminated`; the royal men are removed and the
//! rest of the army passes to the mover, to a surviving partner, or leaves
//! the board (`eliminated army to ...`).
//!
//! With `checked after_every_move`, every other player still in the game is
//! examined after each action, in turn order from the mover, and the pass is
//! repeated until nothing changes (an army transfer can mate a third
//! player). With `checked at_own_turn`, only the player whose turn comes is
//! examined (again and again while players drop out); the army then goes to
//! the player who moved last.
//!
//! Eliminations are part of the action: [`State::make_action`] applies them
//! and [`State::unmake`] takes them back (a log kept in the state).

use super::attacks;
use super::bitset::Bitset;
use super::man::Man;
use super::movegen::{self, Count};
use super::moves::MoveList;
use super::position::State;
use super::square::Square;
use super::tables::Tables;
use crate::ir::{ArmyTo, EliminationCheck, Event, Outcome, PlayerId, Variant, MAX_PLAYERS};
use std::cell::RefCell;

/// The elimination rules compiled from the variant (part of [`Tables`]).
#[derive(Clone, Debug)]
pub(crate) struct ElimRules {
    /// Whether eliminations happen inside actions (more than two players and
    /// a checkmate or stalemate rule with `-> eliminated`).
    pub active: bool,
    pub mate: bool,
    pub stalemate: bool,
    pub army_to: ArmyTo,
    pub checked: EliminationCheck,
}

impl ElimRules {
    pub fn new(v: &Variant, nplayers: usize) -> ElimRules {
        let first = |e: Event| v.end.iter().find(|r| r.when == e).map(|r| r.then);
        let mate = first(Event::Checkmate) == Some(Outcome::Eliminated);
        let stalemate = first(Event::Stalemate) == Some(Outcome::Eliminated);
        ElimRules {
            active: nplayers > 2 && (mate || stalemate),
            mate,
            stalemate,
            army_to: v.elimination.army_to,
            checked: v.elimination.checked,
        }
    }
}

/// One elimination, as unmake needs it.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    player: PlayerId,
    prev_alive: u8,
    /// Royal men removed.
    royals: Vec<(Square, Man)>,
    /// Squares whose men passed to another player.
    moved: Bitset,
    /// Men removed with the royal (`army to nobody`).
    removed: Vec<(Square, Man)>,
}

thread_local! {
    static SCRATCH: RefCell<MoveList> = RefCell::new(MoveList::new());
}

/// Whether `q` has a legal action, computed as if it were `q`'s turn.
fn has_action(t: &Tables, s: &mut State, q: PlayerId) -> bool {
    let saved = s.turn;
    s.turn = q;
    let mut c = Count(0);
    SCRATCH.with(|l| movegen::legal(t, s, &mut c, &mut l.borrow_mut()));
    s.turn = saved;
    c.0 > 0
}

/// Whether the players still in the game form a single team.
pub(crate) fn one_team_left(t: &Tables, alive: u8) -> bool {
    (0..t.nplayers).all(|p| alive & (1 << p) == 0 || t.friends[p] & alive == alive)
}

/// Whether `q` (to be examined) is eliminated now.
fn out_now(t: &Tables, s: &mut State, q: PlayerId) -> bool {
    let r = &t.elim;
    // A player whose every royal was captured (possible with three or more
    // players: one opponent checks, another takes) is out as if mated.
    if t.royal_kinds != 0 && s.royals(t, q).is_empty() {
        return r.mate;
    }
    if has_action(t, s, q) {
        return false;
    }
    if attacks::royal_attacked(t, s, q) {
        r.mate
    } else {
        r.stalemate
    }
}

/// Apply the eliminations after `mover`'s action; returns how many records
/// were pushed on the state's log.
pub(crate) fn after_action(t: &Tables, s: &mut State, mover: PlayerId) -> u8 {
    let mut n = 0u8;
    match t.elim.checked {
        EliminationCheck::AfterEveryMove => loop {
            let mut changed = false;
            let mut q = mover;
            for _ in 0..t.nplayers {
                q = if q as usize + 1 == t.nplayers {
                    0
                } else {
                    q + 1
                };
                if q == mover || s.alive & (1 << q) == 0 || one_team_left(t, s.alive) {
                    continue;
                }
                if out_now(t, s, q) {
                    eliminate(t, s, q, mover);
                    n += 1;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        },
        EliminationCheck::AtOwnTurn => {
            while !one_team_left(t, s.alive) && s.turn != mover && out_now(t, s, s.turn) {
                let q = s.turn;
                eliminate(t, s, q, mover);
                n += 1;
                let next = s.next_player(t, q);
                s.hash ^= t.zob.turn[q as usize] ^ t.zob.turn[next as usize];
                s.turn = next;
            }
        }
    }
    if n > 0 && s.alive & (1 << s.turn) == 0 {
        let next = s.next_player(t, s.turn);
        s.hash ^= t.zob.turn[s.turn as usize] ^ t.zob.turn[next as usize];
        s.turn = next;
    }
    n
}

/// Eliminate `q`: remove the royals, pass the army on.
fn eliminate(t: &Tables, s: &mut State, q: PlayerId, mover: PlayerId) {
    let receiver = match t.elim.army_to {
        ArmyTo::Nobody => None,
        ArmyTo::Mover => Some(mover),
        ArmyTo::Partner => {
            let mates = t.friends[q as usize] & s.alive & !(1 << q);
            Some(if mates != 0 {
                mates.trailing_zeros() as PlayerId
            } else {
                mover
            })
        }
    };
    let mut rec = Record {
        player: q,
        prev_alive: s.alive,
        royals: Vec::new(),
        moved: Bitset::EMPTY,
        removed: Vec::new(),
    };
    for sq in s.royals(t, q) {
        let man = s.take::<true>(t, sq);
        rec.royals.push((sq, man));
    }
    for sq in s.by_player[q as usize] {
        let man = s.take::<true>(t, sq);
        match receiver {
            Some(r) => {
                s.put::<true>(t, sq, man.with_owner(r));
                rec.moved.insert(sq);
            }
            None => rec.removed.push((sq, man)),
        }
    }
    // Has-moved flags of squares left empty no longer count.
    for &(sq, man) in rec.royals.iter().chain(rec.removed.iter()) {
        if s.unmoved.contains(sq) {
            s.unmoved.remove(sq);
            if t.initial_kinds & (1 << man.kind()) != 0 {
                s.hash ^= t.zob.unmoved[sq.index()];
            }
        }
    }
    s.alive &= !(1 << q);
    // En passant: q's record goes, and q may no longer take any.
    for (p, r) in s.ep.iter_mut().enumerate().take(MAX_PLAYERS) {
        if !r.is_some() {
            continue;
        }
        r.eligible &= !(1 << q);
        if p == q as usize || r.eligible == 0 {
            s.hash ^= t.zob.ep[r.victim.index()];
            *r = super::position::EpRecord::NONE;
        }
    }
    if t.castling.is_some() {
        let k = s.castle_component(t);
        s.hash ^= s.castle_key ^ k;
        s.castle_key = k;
    }
    s.elim_log.push(rec);
}

/// Take back the last `n` eliminations (board and alive mask only: the
/// caller restores hash, turn, has-moved flags and en passant).
pub(crate) fn undo(t: &Tables, s: &mut State, n: u8) {
    for _ in 0..n {
        let Some(rec) = s.elim_log.pop() else { return };
        for sq in rec.moved {
            let man = s.take::<false>(t, sq);
            s.put::<false>(t, sq, man.with_owner(rec.player));
        }
        for &(sq, man) in rec.removed.iter().chain(rec.royals.iter()) {
            s.put::<false>(t, sq, man);
        }
        s.alive = rec.prev_alive;
    }
}
