//! Scores for events (`score ...`, docs/LANGUAGE.md "Scores for events"):
//! each player's points, earned by its captures (per kind taken, a
//! promoted man its own value), by the checkmates and stalemates it
//! delivers, by one action checking several kings, and by the last
//! opponent's resignation. The points are rule variables (one per player,
//! hashed, journaled: unmake takes them back), written in FEN as
//! `<score:A/B/...>`.
//!
//! Hooks: a **consequence** (captures and checks, after each action, out
//! of line behind one `Option`), the eliminations' pass (mates and
//! stalemates that eliminate, in `position/act.rs`), and the **ending**
//! (`most points` and the end of a game of eliminations rank every player
//! by its points; a checkmate or stalemate rule that ends the game gives
//! its points at the end, [`Scores::at_end`]).

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, Man, PlayerSet, State, Var};
use crate::engine::movement::{friends_bb, royals, royals_checked};
use crate::ir::{Event, PlayerId, ScoreTo, Variant, MAX_PIECES, MAX_PLAYERS};

/// The scoring rules of a variant, compiled.
#[derive(Clone, Debug)]
pub struct Scores {
    /// Per player: its points (hashed).
    pub points: Var,
    /// Per kind: the points of a man of it taken.
    capture: [u32; MAX_PIECES],
    /// The points of a promoted man taken, whatever its kind.
    promoted: Option<u32>,
    /// To the player who mates another.
    mate: u32,
    /// A stalemate's points and who gets them.
    stalemate: Option<(u32, ScoreTo)>,
    /// Per number of kings checked by one action (index: the count).
    checks: [u32; MAX_PLAYERS + 1],
    /// Some count of kings checked scores.
    any_checks: bool,
    /// To the one player left when the last other resigns.
    resign: u32,
}

impl Scores {
    pub fn new(v: &Variant, l: &mut Layout) -> Option<Scores> {
        let sc = v.turn.scoring.as_ref()?;
        let mut capture = [0; MAX_PIECES];
        for &(k, n) in &sc.capture {
            if let Some(x) = capture.get_mut(k as usize) {
                *x = n;
            }
        }
        let mut checks = [0; MAX_PLAYERS + 1];
        for &(k, n) in &sc.checks {
            if let Some(x) = checks.get_mut(k as usize) {
                *x = n;
            }
        }
        Some(Scores {
            points: l.alloc_vars(l.nplayers, true),
            capture,
            promoted: sc.promoted,
            mate: sc.checkmate,
            stalemate: sc.stalemate,
            any_checks: checks.iter().any(|&n| n > 0),
            checks,
            resign: sc.resign,
        })
    }

    /// Whether captured men must keep their promoted mark (`promoted N`).
    pub fn marks_promoted(&self) -> bool {
        self.promoted.is_some()
    }

    /// The points of `p`.
    #[inline]
    pub fn of<B: Bits>(&self, s: &State<B>, p: PlayerId) -> u32 {
        s.var(self.points.at(p as usize))
    }

    /// Every player's points, in turn order.
    pub fn all<B: Bits>(&self, t: &Base<B>, s: &State<B>) -> Vec<u32> {
        (0..t.nplayers).map(|p| self.of(s, p as PlayerId)).collect()
    }

    fn add<B: Bits>(&self, t: &Base<B>, s: &mut State<B>, p: PlayerId, n: u32) {
        if n > 0 {
            let v = self.points.at(p as usize);
            let x = s.var(v).saturating_add(n);
            s.set_var(&t.layout, v, x);
        }
    }

    /// The points of taking `man`.
    fn value(&self, man: Man) -> u32 {
        match self.promoted {
            Some(n) if man.promoted() => n,
            _ => self.capture.get(man.kind() as usize).copied().unwrap_or(0),
        }
    }

    /// The consequence of `me`'s action, which took `captured` (if any):
    /// the man's points, then the points of the kings it left in check
    /// from `me`'s men (two or more).
    pub fn after_action<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        captured: Option<Man>,
    ) {
        if let Some(m) = captured {
            self.add(t, s, me, self.value(m));
        }
        if self.any_checks {
            let side = friends_bb(t, s, me);
            let kings = s
                .alive
                .iter()
                .filter(|&q| !t.is_friend(me, q))
                .filter(|&q| {
                    let r = royals(t, s, q);
                    r.any() && royals_checked(t, s, r, side, s.occ)
                })
                .count();
            let n = self.checks.get(kings).copied().unwrap_or(0);
            self.add(t, s, me, n);
        }
    }

    /// After the eliminations of `mover`'s action: the mated players give
    /// `mover` the mate's points, the stalemated ones the stalemate's to
    /// whom the rule says.
    pub fn after_eliminations<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        mover: PlayerId,
        mated: PlayerSet,
        stalemated: PlayerSet,
    ) {
        for _ in mated.iter() {
            self.add(t, s, mover, self.mate);
        }
        if let Some((n, to)) = self.stalemate {
            for q in stalemated.iter() {
                for p in Self::stalemate_receivers(s.alive, mover, q, to).iter() {
                    self.add(t, s, p, n);
                }
            }
        }
    }

    /// Who scores the stalemate of `q` caused by `mover`'s action, with
    /// `alive` the players in the game after it.
    fn stalemate_receivers(
        alive: PlayerSet,
        mover: PlayerId,
        q: PlayerId,
        to: ScoreTo,
    ) -> PlayerSet {
        match to {
            ScoreTo::Mover => PlayerSet::one(mover),
            ScoreTo::Stalemated => PlayerSet::one(q),
            ScoreTo::Others => {
                let mut a = alive;
                a.remove(q);
                a
            }
        }
    }

    /// After a resignation: when one player is left, it scores `resign`.
    pub fn after_resign<B: Bits>(&self, t: &Base<B>, s: &mut State<B>) {
        if s.alive.len() == 1 {
            if let Some(p) = s.alive.lowest() {
                self.add(t, s, p, self.resign);
            }
        }
    }

    /// The points at the end of a game that `event` ends for `subject`
    /// (the player to act): the points kept, plus a checkmate's or
    /// stalemate's own (to the player who moved last, the player before
    /// `subject` among those in the game). An event of the eliminations
    /// (`ends_by_elimination`) gave its points already.
    pub fn at_end<B: Bits>(
        &self,
        t: &Base<B>,
        s: &State<B>,
        event: Option<&Event>,
        subject: PlayerId,
    ) -> Vec<u32> {
        let mut out = self.all(t, s);
        let mover = previous_in(t, s.alive, subject);
        let mut give = |p: PlayerId, n: u32| {
            if let Some(x) = out.get_mut(p as usize) {
                *x = x.saturating_add(n);
            }
        };
        match event {
            Some(
                Event::Checkmate
                | Event::CheckmateByPlacing(_)
                | Event::CheckmateGivenOnlyBy(_)
                | Event::CheckmateWithoutCheckBy(_),
            ) => give(mover, self.mate),
            Some(Event::Stalemate) => {
                if let Some((n, to)) = self.stalemate {
                    for p in Self::stalemate_receivers(s.alive, mover, subject, to).iter() {
                        give(p, n);
                    }
                }
            }
            _ => {}
        }
        out
    }
}

/// The player before `p` in turn order among `alive` (`p` itself when
/// no other is in).
fn previous_in<B: Bits>(t: &Base<B>, alive: PlayerSet, p: PlayerId) -> PlayerId {
    let n = t.nplayers as PlayerId;
    let mut q = p;
    for _ in 0..n {
        q = if q == 0 { n - 1 } else { q - 1 };
        if alive.contains(q) {
            return q;
        }
    }
    p
}

/// The players with the most points among `points` (every player, those
/// eliminated included); nobody (a draw) when all share the most.
pub fn top(points: &[u32]) -> PlayerSet {
    let most = points.iter().copied().max().unwrap_or(0);
    if points.iter().all(|&x| x == most) {
        return PlayerSet::EMPTY;
    }
    let mut w = PlayerSet::EMPTY;
    for (p, &x) in points.iter().enumerate() {
        if x == most {
            w.insert(p as PlayerId);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_points_win_and_a_tie_at_the_top_shares_it() {
        assert_eq!(top(&[3, 9, 1, 0]), PlayerSet::one(1));
        let mut two = PlayerSet::one(0);
        two.insert(2);
        assert_eq!(top(&[7, 2, 7, 0]), two);
        assert_eq!(top(&[4, 4, 4, 4]), PlayerSet::EMPTY);
    }

    #[test]
    fn a_stalemate_scores_for_whom_the_rule_says() {
        let alive = PlayerSet::from_bits(0b1011);
        assert_eq!(
            Scores::stalemate_receivers(alive, 0, 2, ScoreTo::Mover),
            PlayerSet::one(0)
        );
        assert_eq!(
            Scores::stalemate_receivers(alive, 0, 2, ScoreTo::Stalemated),
            PlayerSet::one(2)
        );
        assert_eq!(
            Scores::stalemate_receivers(alive, 0, 2, ScoreTo::Others),
            alive
        );
    }
}
