//! The points term: where points for events (`score ...`, LANGUAGE.md
//! "Scores for events") decide the game, the evaluation counts them.
//!
//! The points decide where the variant scores events and an ending ranks
//! the players by them: an end rule `-> most points`, or eliminations of
//! more than two players (`checkmate -> eliminated`: the game ends when
//! one player is left, and the most points win). There
//! the evaluation adds, per point, the `points` weight
//! ([`super::weights::TERMS`]; 30 by default, measured in docs/STRENGTH.md)
//! times the searching side's lead: its points less the most points of any
//! other player (eliminated players included, as they are ranked too). A
//! capture, a mate or a check of several kings has changed the points by
//! the time the position is evaluated, so the search goes for the events
//! that score, not for material alone. For ordering, a capture gains the
//! points of the man it takes besides its material ([`Points::capture`]).
//!
//! Elsewhere (no `score`, or points that only get reported) nothing is
//! computed: the evaluation tests one `Option`.

use crate::engine::{Man, Position};
use crate::ir::{Event, Outcome, Variant, MAX_PLAYERS};

use super::weights::Cp;

/// The points of a variant where they decide the game.
#[derive(Debug, Clone)]
pub struct Points {
    /// Per kind: the points of taking a man of it.
    capture: Vec<u32>,
    /// The points of taking a promoted man, whatever its kind.
    promoted: Option<u32>,
    /// Per player: its team.
    teams: [usize; MAX_PLAYERS],
    nplayers: usize,
}

impl Points {
    /// The points term of `v`, or `None` where points do not decide.
    pub fn new(v: &Variant) -> Option<Points> {
        let sc = v.turn.scoring.as_ref()?;
        let decide = v.end.iter().any(|r| {
            r.then == Outcome::MostPoints
                || r.then == Outcome::Eliminated
                    && matches!(r.when, Event::Checkmate | Event::Stalemate)
                    && v.players.len() > 2
        });
        if !decide {
            return None;
        }
        let mut capture = vec![0; v.pieces.len()];
        for &(k, n) in &sc.capture {
            if let Some(x) = capture.get_mut(k as usize) {
                *x = n;
            }
        }
        let nplayers = v.players.len().min(MAX_PLAYERS);
        let mut teams = [0; MAX_PLAYERS];
        for (p, t) in teams.iter_mut().enumerate().take(nplayers) {
            *t = v.team_of(p as u8);
        }
        Some(Points {
            capture,
            promoted: sc.promoted,
            teams,
            nplayers,
        })
    }

    /// The points of taking `man`.
    pub fn capture(&self, man: Man) -> u32 {
        match self.promoted {
            Some(n) if man.promoted() => n,
            _ => self.capture.get(man.kind() as usize).copied().unwrap_or(0),
        }
    }

    /// The lead of `player`'s team in points: the most points of one of
    /// its players less the most points of any other player.
    pub fn lead(&self, pos: &Position, player: usize) -> i64 {
        let team = self.teams.get(player).copied().unwrap_or(player);
        let (mut mine, mut theirs) = (0i64, 0i64);
        for p in 0..self.nplayers {
            let n = i64::from(pos.points_of(p as u8));
            if self.teams[p] == team {
                mine = mine.max(n);
            } else {
                theirs = theirs.max(n);
            }
        }
        mine - theirs
    }

    /// The lead of `player`'s team weighed: `weight` per point.
    pub fn value(&self, pos: &Position, player: usize, weight: Cp) -> Cp {
        (self.lead(pos, player) * i64::from(weight)).clamp(-500_000, 500_000) as Cp
    }
}
