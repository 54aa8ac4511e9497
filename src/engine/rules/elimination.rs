//! Elimination of players in games of more than two: a player with no legal
//! action is eliminated when the variant's checkmate or stalemate rule says
//! `-> eliminated`; the royal men are removed and the rest of the army
//! passes to the mover, to a surviving partner, or leaves the board
//! (`eliminated army to ...`).
//!
//! With `checked after_every_move`, every other player still in the game is
//! examined after each action, in turn order from the mover, and the pass is
//! repeated until nothing changes (an army transfer can mate a third
//! player). With `checked at_own_turn`, only the player whose turn comes is
//! examined (again and again while players drop out).
//!
//! Eliminations are part of the action (a consequence applied by a full
//! make, not by the make of a legality test); every change goes through the
//! journal, so unmake takes them back like any other.

use super::castling::Castling;
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{PlayerSet, State};
use crate::engine::movement::{royal_attacked, royals};
use crate::ir::{ArmyTo, EliminationCheck, Event, Outcome, PlayerId, Variant};

/// The elimination rules of a variant (more than two players and a
/// checkmate or stalemate rule with `-> eliminated`).
#[derive(Clone, Copy, Debug)]
pub struct Elimination {
    pub mate: bool,
    pub stalemate: bool,
    pub army_to: ArmyTo,
    pub checked: EliminationCheck,
}

impl Elimination {
    pub fn new(v: &Variant, nplayers: usize) -> Option<Elimination> {
        let first = |e: Event| v.end.iter().find(|r| r.when == e).map(|r| r.then);
        let mate = first(Event::Checkmate) == Some(Outcome::Eliminated);
        let stalemate = first(Event::Stalemate) == Some(Outcome::Eliminated);
        (nplayers > 2 && (mate || stalemate)).then_some(Elimination {
            mate,
            stalemate,
            army_to: v.elimination.army_to,
            checked: v.elimination.checked,
        })
    }

    /// Whether `q` is eliminated now; `has_action` says whether a player
    /// has a legal action (as if it were their turn).
    fn out_now<B: Bits, F>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        q: PlayerId,
        has_action: &mut F,
    ) -> bool
    where
        F: FnMut(&mut State<B>, PlayerId) -> bool,
    {
        // A player whose every royal was captured (possible with three or
        // more players: one opponent checks, another takes) is out as if
        // mated.
        if t.royal_kinds != 0 && royals(t, s, q).is_empty() {
            return self.mate;
        }
        if has_action(s, q) {
            return false;
        }
        if royal_attacked(t, s, q) {
            self.mate
        } else {
            self.stalemate
        }
    }

    /// Apply the eliminations after `mover`'s action.
    pub fn after_action<B: Bits, F>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        castling: Option<&Castling<B>>,
        mover: PlayerId,
        mut has_action: F,
    ) where
        F: FnMut(&mut State<B>, PlayerId) -> bool,
    {
        let l = &t.layout;
        let mut any = false;
        match self.checked {
            EliminationCheck::AfterEveryMove => loop {
                let mut changed = false;
                let mut q = mover;
                for _ in 0..t.nplayers {
                    q = if q as usize + 1 == t.nplayers {
                        0
                    } else {
                        q + 1
                    };
                    if q == mover || !s.alive.contains(q) || one_team_left(t, s.alive) {
                        continue;
                    }
                    if self.out_now(t, s, q, &mut has_action) {
                        let to = self.receiver(t, s, q, mover);
                        self.eliminate(t, s, castling, q, to);
                        any = true;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            },
            EliminationCheck::AtOwnTurn => {
                while !one_team_left(t, s.alive)
                    && s.turn != mover
                    && self.out_now(t, s, s.turn, &mut has_action)
                {
                    let q = s.turn;
                    let to = self.receiver(t, s, q, mover);
                    self.eliminate(t, s, castling, q, to);
                    any = true;
                    let next = s.next_player(l, q);
                    s.set_turn(l, next);
                }
            }
        }
        if any && !s.alive.contains(s.turn) {
            let next = s.next_player(l, s.turn);
            s.set_turn(l, next);
        }
    }

    /// Who inherits `q`'s army when `mover`'s action eliminates `q`.
    fn receiver<B: Bits>(
        &self,
        t: &Base<B>,
        s: &State<B>,
        q: PlayerId,
        mover: PlayerId,
    ) -> Option<PlayerId> {
        match self.army_to {
            ArmyTo::Nobody => None,
            ArmyTo::Mover => Some(mover),
            ArmyTo::Partner => Some(partner(t, s, q).unwrap_or(mover)),
        }
    }

    /// `q` resigns: it leaves the game, its royals are removed, and its army
    /// goes to a surviving partner under `eliminated army to partner`;
    /// otherwise (nobody delivered the elimination) the army leaves the
    /// board. The turn passes to the next player still in.
    pub fn resign<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        castling: Option<&Castling<B>>,
        q: PlayerId,
    ) {
        let to = match self.army_to {
            ArmyTo::Partner => partner(t, s, q),
            ArmyTo::Nobody | ArmyTo::Mover => None,
        };
        self.eliminate(t, s, castling, q, to);
        if !s.alive.contains(s.turn) {
            let next = s.next_player(&t.layout, s.turn);
            s.set_turn(&t.layout, next);
        }
    }

    /// Eliminate `q`: remove the royals, pass the army to `receiver` (or
    /// off the board).
    fn eliminate<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        castling: Option<&Castling<B>>,
        q: PlayerId,
        receiver: Option<PlayerId>,
    ) {
        let l = &t.layout;
        // Has-moved flags of squares left empty no longer count (cleared
        // while the man still stands there, for the hash).
        for sq in royals(t, s, q) {
            s.set_unmoved(l, sq, false);
            s.take(l, sq);
        }
        for sq in s.by_player[q as usize] {
            if receiver.is_none() {
                s.set_unmoved(l, sq, false);
            }
            let man = s.take(l, sq);
            if let Some(r) = receiver {
                s.put(l, sq, man.with_owner(r));
            }
        }
        let mut alive = s.alive;
        alive.remove(q);
        s.set_alive(alive);
        // En passant: q's record goes, and q may no longer take any.
        for p in 0..t.nplayers as PlayerId {
            let Some(mut r) = s.ep[p as usize] else {
                continue;
            };
            r.eligible.remove(q);
            let next = if p == q || r.eligible.is_empty() {
                None
            } else {
                Some(r)
            };
            s.set_ep(l, p, next);
        }
        if let Some(c) = castling {
            c.refresh_key(t, s);
        }
    }
}

/// A partner of `q` still in the game, if any.
fn partner<B: Bits>(t: &Base<B>, s: &State<B>, q: PlayerId) -> Option<PlayerId> {
    let mut mates = t.friends[q] & s.alive;
    mates.remove(q);
    mates.lowest()
}

/// Whether the players still in the game form a single team.
pub fn one_team_left<B: Bits>(t: &Base<B>, alive: PlayerSet) -> bool {
    alive.iter().all(|p| t.friends[p] & alive == alive)
}
