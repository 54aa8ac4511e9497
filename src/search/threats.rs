//! The check-threats term (`check_threats`): the checks the enemy can give
//! on its next turn from squares the royal's side does not guard.
//!
//! For each royal, and each kind the enemy has (on the board or in hand),
//! the squares from which a man of that kind would attack the royal are
//! the squares such a man attacks from the royal's square with the
//! royal's facing (leaps and rides are symmetric; a lame or hopping
//! kind's are read the same way, an estimate). A square counts as a
//! **check the enemy can give** when an enemy man of that kind attacks it
//! and no enemy man stands on it, or, where captured men go to a hand and
//! are placed again, when the enemy holds that kind in hand and the
//! square is empty. It is **safe** when no man of the royal's side
//! attacks it (the royal included). Per kind, one safe check counts 1,
//! more than one 2 (Fairy-Stockfish's `SafeCheck` shape); the feature is
//! the sum over kinds, against the royal's side.
//!
//! Where giving N checks wins (`checks N -> win`), checks are what the
//! game is about: the count is weighed by `(10 + r) / (3 + r)` in whole
//! quarters for an enemy that still needs `r` checks (8 quarters at
//! three, 9 at two, 11 at one: Fairy-Stockfish's `kingDanger * 7 /
//! (3 + r)` added), and once it needs one, every check counts, safe or
//! not (any check wins); with that enemy to act, a check it has is a
//! win but for a pin or another rule: eight times as much (88 quarters).
//!
//! The weight's default is 0 (chess and its kin play as before) except
//! where giving N checks wins or captured men go to a hand and are placed
//! again: there it is [`DEFAULT`]. Computed only with a weight other than
//! 0, in the games where the dynamic terms are (two players, men that
//! move, material worth having) and checkmate matters.

use super::weights::Cp;
use crate::engine::{AttackMap, Bits, Bitset, Man, Position, Square};
use crate::ir::{Event, Outcome, Variant};

/// The weight where drops or a check count make checks matter, per unit
/// of [`Threats::raw`] over [`DEN`] (a safe check of one kind is then
/// worth 0.6 pawn against the royal's side). At 2,000 nodes a move, 60
/// beat 0 by +61 Elo in crazyhouse (30 by +44, 100 by +31), and beat 30
/// by +69 in 3check (30 beat 0 by +156): docs/STRENGTH.md, "check
/// threats".
pub const DEFAULT: Cp = 60;

/// What the raw feature is divided by once multiplied by its weight: the
/// check-count factor is counted in quarters.
pub const DEN: i64 = 4;

/// The check-threats term's tables for one variant.
#[derive(Debug, Clone, Default)]
pub(super) struct Threats {
    /// Two players, men that move, checkmate matters.
    pub on: bool,
    /// Per kind: royal (a royal gives no check here).
    royal: Vec<bool>,
    /// Captured men go to a hand and are placed again.
    drops: bool,
    /// The checks that win, where a check count wins.
    target: Option<u32>,
    /// The number of players (at most 8 counted), and each one's team
    /// (`Variant::team_of`).
    players: usize,
    teams: [usize; 8],
}

impl Threats {
    /// The tables of `v`; `on`: the dynamic terms apply and checkmate
    /// matters.
    pub(super) fn new(v: &Variant, on: bool) -> Threats {
        if !on {
            return Threats::default();
        }
        Threats {
            on,
            royal: v.pieces.iter().map(|p| p.royal).collect(),
            drops: v.turn.place && v.turn.captures.to_hand(),
            target: v.end.iter().find_map(|r| match r.when {
                Event::Checks(n) if r.then == Outcome::Win && n > 0 => Some(n),
                _ => None,
            }),
            players: v.players.len().min(8),
            teams: std::array::from_fn(|o| v.team_of(o as u8)),
        }
    }

    /// The weight's default: [`DEFAULT`] where drops or a check count
    /// that wins make checks matter, else 0.
    pub(super) fn default_weight(&self) -> Cp {
        if self.on && (self.drops || self.target.is_some()) {
            DEFAULT
        } else {
            0
        }
    }

    /// The raw feature for `team` (positive: good for it), to be
    /// multiplied by the weight and divided by [`DEN`]. `map` is the
    /// position's filled attack map in any set width (the board's own,
    /// from [`Position::attack_map_in`], or the widest), `royals`
    /// the royal men and their owners, `reach` a buffer the caller keeps
    /// (one set per player and kind).
    pub(super) fn raw<B: Bits>(
        &self,
        pos: &Position,
        map: &AttackMap<B>,
        team: usize,
        royals: &[(Square, u8)],
        reach: &mut Vec<Bitset>,
    ) -> i64 {
        if !self.on || royals.is_empty() {
            return 0;
        }
        let nk = self.royal.len();
        let np = self.players;
        // Per player and kind: the squares its men of that kind attack
        // (one walk over the men for every royal).
        reach.clear();
        reach.resize(np * nk, Bitset::EMPTY);
        for m in map.men() {
            let (k, p) = (m.man.kind() as usize, m.man.owner() as usize);
            if k < nk && p < np {
                reach[p * nk + k] |= m.attacks.widen();
            }
        }
        // The squares no man stands on (walls count as empty, as for
        // `Position::occupied`).
        let empty = !map.occupied().widen();
        let mut out = 0i64;
        for &(ksq, owner) in royals.iter().take(4) {
            let Some(royal) = pos.man_at(ksq) else {
                continue;
            };
            let my_team = self.teams[owner as usize & 7];
            // The royal's side and the enemy (two players: the other one).
            let mut guarded = Bitset::EMPTY;
            let mut enemy_men = Bitset::EMPTY;
            let mut enemies = [0usize; 8];
            let mut ne = 0;
            for p in 0..np {
                if self.teams[p] == my_team {
                    guarded |= map.of_player(p as u8).widen();
                } else {
                    enemy_men |= map.men_of(p as u8).widen();
                    enemies[ne] = p;
                    ne += 1;
                }
            }
            let Some(&enemy) = enemies[..ne].last() else {
                continue;
            };
            let enemy = enemy as u8;
            let needed = self
                .target
                .map(|n| n.saturating_sub(pos.checks_given(enemy)).max(1));
            let safe = if needed == Some(1) {
                !Bitset::EMPTY
            } else {
                !guarded
            };
            let hand = pos.hand_counts(enemy);
            let mut count = 0i64;
            for k in 0..nk {
                if self.royal[k] {
                    continue;
                }
                // The squares the enemy's men of this kind attack.
                let mut r = Bitset::EMPTY;
                for &p in &enemies[..ne] {
                    r |= reach[p * nk + k];
                }
                let in_hand = self.drops && hand.get(k).is_some_and(|&n| n > 0);
                // Where a man of the kind could give check from, before
                // asking which squares do: moves to squares the enemy does
                // not hold, placements on empty squares; only the safe
                // ones count.
                let mut could = r & !enemy_men;
                if in_hand {
                    could |= empty;
                }
                let could = could & safe;
                if !could.any() {
                    continue;
                }
                let from = pos.attacks_as(ksq, Man::new(k as u8, owner, royal.facing()));
                count += (from & could).count().min(2) as i64;
            }
            let factor = match needed {
                // The enemy to act with a check that wins: decided but
                // for a pin or an unlisted rule, eight times as much.
                Some(1) if pos.turn() == enemy && count > 0 => 8 * 11,
                Some(r) => (4 * (10 + r) / (3 + r)) as i64,
                None => 4,
            };
            let sign = if my_team == team { -1 } else { 1 };
            out += sign * count * factor;
        }
        out
    }

    /// [`Threats::raw`] as it was written before it walked the men once
    /// per evaluation and skipped the kinds with no safe square to check
    /// from (session 22). The tests compare the two on many positions.
    #[cfg(test)]
    pub(super) fn raw_reference<B: Bits>(
        &self,
        pos: &Position,
        map: &AttackMap<B>,
        team: usize,
        royals: &[(Square, u8)],
        reach: &mut Vec<Bitset>,
    ) -> i64 {
        if !self.on {
            return 0;
        }
        let v = pos.tables().variant();
        let nk = self.royal.len();
        let mut out = 0i64;
        for &(ksq, owner) in royals.iter().take(4) {
            let Some(royal) = pos.man_at(ksq) else {
                continue;
            };
            let my_team = v.team_of(owner);
            // The royal's side and the enemy (two players: the other one).
            let mut guarded = Bitset::EMPTY;
            let mut enemy_men = Bitset::EMPTY;
            let mut enemy = None;
            for p in 0..v.players.len().min(8) as u8 {
                if v.team_of(p) == my_team {
                    guarded |= map.of_player(p).widen();
                } else {
                    enemy_men |= pos.men_of(p);
                    enemy = Some(p);
                }
            }
            let Some(enemy) = enemy else {
                continue;
            };
            // Per kind: the squares the enemy's men of that kind attack.
            reach.clear();
            reach.resize(nk, Bitset::EMPTY);
            for m in map.men() {
                let k = m.man.kind() as usize;
                if k < nk && v.team_of(m.man.owner()) != my_team {
                    reach[k] |= m.attacks.widen();
                }
            }
            let needed = self
                .target
                .map(|n| n.saturating_sub(pos.checks_given(enemy)).max(1));
            let safe = if needed == Some(1) {
                !Bitset::EMPTY
            } else {
                !guarded
            };
            let empty = !pos.occupied();
            let hand = pos.hand_counts(enemy);
            let mut count = 0i64;
            for (k, r) in reach.iter().enumerate() {
                if self.royal[k] {
                    continue;
                }
                let in_hand = self.drops && hand.get(k).is_some_and(|&n| n > 0);
                if !in_hand && !r.any() {
                    continue;
                }
                let from = pos.attacks_as(ksq, Man::new(k as u8, owner, royal.facing()));
                let mut checks = from & *r & !enemy_men;
                if in_hand {
                    checks |= from & empty;
                }
                count += (checks & safe).count().min(2) as i64;
            }
            let factor = match needed {
                // The enemy to act with a check that wins: decided but
                // for a pin or an unlisted rule, eight times as much.
                Some(1) if pos.turn() == enemy && count > 0 => 8 * 11,
                Some(r) => (4 * (10 + r) / (3 + r)) as i64,
                None => 4,
            };
            let sign = if my_team == team { -1 } else { 1 };
            out += sign * count * factor;
        }
        out
    }
}
