//! The checks term: where giving N checks wins (`checks N -> win`,
//! LANGUAGE.md "End conditions"), the evaluation counts the checks each
//! side still needs.
//!
//! A side that still needs `r` checks is worth the `checks` weight
//! ([`super::weights::TERMS`]; 400 by default) over `r * r`, the shape of
//! Fairy-Stockfish's three-check bonus: at `checks 3` with the default,
//! 44 while three are needed, 100 at two, 400 at one, so the first check
//! given is worth half a pawn and the second three pawns more. The
//! term is the searching side's worth less the best other side's (for a
//! team, its best player's); a check has counted by the time the
//! position after it is evaluated, so the search goes for the checks
//! that count and keeps its royal from giving them away.
//!
//! Elsewhere (no `checks` rule, or one that does not win) nothing is
//! computed: the evaluation tests one `Option`.

use crate::engine::Position;
use crate::ir::{Event, Outcome, Variant, MAX_PLAYERS};

use super::weights::Cp;

/// The check count of a variant where giving it wins.
#[derive(Debug, Clone)]
pub struct Checks {
    /// The checks that win.
    target: u32,
    /// Per player: its team.
    teams: [usize; MAX_PLAYERS],
    nplayers: usize,
}

impl Checks {
    /// The checks term of `v`, or `None` where no check count wins.
    pub fn new(v: &Variant) -> Option<Checks> {
        let target = v.end.iter().find_map(|r| match r.when {
            Event::Checks(n) if r.then == Outcome::Win && n > 0 => Some(n),
            _ => None,
        })?;
        let nplayers = v.players.len().min(MAX_PLAYERS);
        let mut teams = [0; MAX_PLAYERS];
        for (p, t) in teams.iter_mut().enumerate().take(nplayers) {
            *t = v.team_of(p as u8);
        }
        Some(Checks {
            target,
            teams,
            nplayers,
        })
    }

    /// The checks player `p` still needs (at least 1: a count reached
    /// has ended the game).
    fn needed(&self, pos: &Position, p: usize) -> u32 {
        self.target.saturating_sub(pos.checks_given(p as u8)).max(1)
    }

    /// `player`'s team's lead as the tuner reads it: 1/r² of its best
    /// player less 1/r² of the best other player.
    pub fn lead(&self, pos: &Position, player: usize) -> f64 {
        let (mine, theirs) = self.best(pos, player, |r| 1.0 / f64::from(r * r), 0.0);
        mine - theirs
    }

    /// The lead weighed: `weight` over r² per side.
    pub fn value(&self, pos: &Position, player: usize, weight: Cp) -> Cp {
        let w = i64::from(weight);
        let (mine, theirs) = self.best(pos, player, |r| w / i64::from(r * r), 0);
        (mine - theirs) as Cp
    }

    /// The most of `f(needed)` over `player`'s team and over the others.
    fn best<T: PartialOrd + Copy>(
        &self,
        pos: &Position,
        player: usize,
        f: impl Fn(u32) -> T,
        zero: T,
    ) -> (T, T) {
        let team = self.teams.get(player).copied().unwrap_or(player);
        let (mut mine, mut theirs) = (zero, zero);
        for p in 0..self.nplayers {
            let x = f(self.needed(pos, p));
            let best = if self.teams[p] == team {
                &mut mine
            } else {
                &mut theirs
            };
            if x > *best {
                *best = x;
            }
        }
        (mine, theirs)
    }
}
