//! What a study shows beyond its totals, to find a variant's flaws: the
//! shortest decisive games, and the results of each opening action.
//!
//! [`Flaws`] is fed one game at a time, in game order (as
//! the simulation hands games on, and as merging shards joins them), and keeps a bounded amount: so a run gives the same
//! findings whatever its thread count, and the merged shards of a run give
//! the unsharded run's.

use crate::search::game::Outcome;
use crate::study::stats::{Proportion, Score};
use serde::Serialize;

/// How many of the shortest decisive games a study keeps.
pub const SHORTEST: usize = 5;

/// The most opening actions counted apart: an action first met after this
/// many others is counted under [`OTHER`] (a seeded setup can make every
/// game's first action different).
pub const MAX_FIRST_ACTIONS: usize = 200;

/// The row of the opening actions counted together past
/// [`MAX_FIRST_ACTIONS`].
pub const OTHER: &str = "(other)";

/// The row of the games that ended before any action.
pub const NONE: &str = "(none)";

/// The results of the games that began with one action.
#[derive(Debug, Clone, PartialEq)]
struct Opening {
    action: String,
    /// The seat that played it.
    seat: usize,
    games: u64,
    /// Wins per seat (a team win counts for each member), then draws, then
    /// unfinished games.
    row: Vec<u64>,
}

/// One opening action's results, for the report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FirstAction {
    /// The action as the records write it ([`NONE`], [`OTHER`]).
    pub action: String,
    /// The seat that played it.
    pub seat: usize,
    pub games: u64,
    /// Wins per seat (a team win counts for each member).
    pub wins: Vec<u64>,
    pub draws: u64,
    pub unfinished: u64,
    /// The share of these games the seat that played it won, with its 95%
    /// interval (Wilson).
    pub win_rate: Proportion,
    /// With two seats: that seat's score over the finished games (a win 1,
    /// a draw ½) with its 95% interval and Elo difference; `None` without a
    /// finished game.
    pub score: Option<Score>,
}

/// The findings of a run, kept game by game. `G` is what is kept of each
/// of the shortest decisive games (a record, say), made only for a game
/// that enters the list.
#[derive(Debug, Clone)]
pub struct Flaws<G> {
    seats: usize,
    keep: usize,
    /// (plies, game index, kept), shortest first, then in game order.
    shortest: Vec<(usize, usize, G)>,
    openings: Vec<Opening>,
}

impl<G> Flaws<G> {
    /// Findings of a run of `seats` seats, keeping the `keep` shortest
    /// decisive games.
    pub fn new(seats: usize, keep: usize) -> Flaws<G> {
        Flaws {
            seats,
            keep,
            shortest: Vec::new(),
            openings: Vec::new(),
        }
    }

    /// Count game `index` (games come in increasing index): its outcome
    /// (`None`: stopped at the ply cap), whether a seat forfeited it, its
    /// length, its first action and the seat that played it (`None`: no
    /// action), and what to keep of it (called only when it is among the
    /// shortest decisive games so far). A decisive game is one the rules
    /// gave to a side: a forfeit (an engine's failure, not the rules') is
    /// not one.
    pub fn add(
        &mut self,
        index: usize,
        outcome: Option<&Outcome>,
        forfeit: bool,
        plies: usize,
        first: Option<(&str, usize)>,
        keep: impl FnOnce() -> G,
    ) {
        let seats = self.seats;
        // The opening action's row.
        let (action, seat) = first.unwrap_or((NONE, 0));
        let at = match self
            .openings
            .iter()
            .position(|o| o.action == action && o.seat == seat)
        {
            Some(i) => i,
            None if self.openings.len() < MAX_FIRST_ACTIONS || action == NONE => {
                self.openings.push(Opening {
                    action: action.to_string(),
                    seat,
                    games: 0,
                    row: vec![0; seats + 2],
                });
                self.openings.len() - 1
            }
            None => match self.openings.iter().position(|o| o.action == OTHER) {
                Some(i) => i,
                None => {
                    self.openings.push(Opening {
                        action: OTHER.to_string(),
                        seat,
                        games: 0,
                        row: vec![0; seats + 2],
                    });
                    self.openings.len() - 1
                }
            },
        };
        let o = &mut self.openings[at];
        o.games += 1;
        match outcome.map(Outcome::winners).as_deref() {
            Some([]) => o.row[seats] += 1,
            Some(winners) => {
                for &w in winners.iter().filter(|&&w| w < seats) {
                    o.row[w] += 1;
                }
            }
            None => o.row[seats + 1] += 1,
        }
        // The shortest decisive games.
        // Decisive: the result names a winner (a share of the game
        // counts when one side scored more, as its result tag says).
        if forfeit || outcome.is_none_or(|o| o.winners().is_empty()) || self.keep == 0 {
            return;
        }
        let key = (plies, index);
        if self.shortest.len() == self.keep
            && self.shortest.last().is_some_and(|l| (l.0, l.1) <= key)
        {
            return;
        }
        let at = self.shortest.partition_point(|x| (x.0, x.1) <= key);
        self.shortest.insert(at, (plies, index, keep()));
        self.shortest.truncate(self.keep);
    }

    /// The same findings with each kept game turned into another thing
    /// (a game's moves into its record, say).
    pub fn map<H>(self, mut f: impl FnMut(G) -> H) -> Flaws<H> {
        Flaws {
            seats: self.seats,
            keep: self.keep,
            shortest: self
                .shortest
                .into_iter()
                .map(|(p, i, g)| (p, i, f(g)))
                .collect(),
            openings: self.openings,
        }
    }

    /// The shortest decisive games kept: (game index, kept), shortest
    /// first, games of one length in game order.
    pub fn shortest(&self) -> impl Iterator<Item = (usize, &G)> {
        self.shortest.iter().map(|(_, i, g)| (*i, g))
    }

    /// Each opening action's results, most played first (then by action
    /// and seat); [`OTHER`] last.
    pub fn first_actions(&self) -> Vec<FirstAction> {
        let seats = self.seats;
        let mut out: Vec<FirstAction> = self
            .openings
            .iter()
            .map(|o| {
                let wins: Vec<u64> = o.row[..seats].to_vec();
                let won = wins.get(o.seat).copied().unwrap_or(0);
                let (draws, unfinished) = (o.row[seats], o.row[seats + 1]);
                let score = (seats == 2 && o.games > unfinished).then(|| {
                    let lost = wins.get(1 - o.seat.min(1)).copied().unwrap_or(0);
                    Score::new(won, draws, lost)
                });
                FirstAction {
                    action: o.action.clone(),
                    seat: o.seat,
                    games: o.games,
                    win_rate: Proportion::new(won, o.games),
                    wins,
                    draws,
                    unfinished,
                    score,
                }
            })
            .collect();
        out.sort_by(|a, b| {
            (a.action == OTHER)
                .cmp(&(b.action == OTHER))
                .then(b.games.cmp(&a.games))
                .then(a.action.cmp(&b.action))
                .then(a.seat.cmp(&b.seat))
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(w: usize) -> Outcome {
        Outcome::Win {
            winners: vec![w],
            reason: "checkmate".into(),
        }
    }

    #[test]
    fn the_shortest_decisive_games_are_kept_shortest_first_then_in_game_order() {
        let mut f: Flaws<usize> = Flaws::new(2, 3);
        let draw = Outcome::Draw {
            reason: "stalemate".into(),
        };
        let games: [(Option<Outcome>, bool, usize); 7] = [
            (Some(win(0)), false, 30),
            (Some(draw), false, 4),
            (None, false, 2),
            (Some(win(1)), true, 3),
            (Some(win(1)), false, 20),
            (Some(win(0)), false, 20),
            (Some(win(0)), false, 25),
        ];
        for (i, (o, forfeit, plies)) in games.iter().enumerate() {
            f.add(i, o.as_ref(), *forfeit, *plies, Some(("e4", 0)), || i);
        }
        // Draws, unfinished games and forfeits are not decisive.
        let kept: Vec<usize> = f.shortest().map(|(i, _)| i).collect();
        assert_eq!(kept, vec![4, 5, 6]);
    }

    #[test]
    fn a_game_ended_in_unequal_shares_is_decisive_and_equal_shares_are_not() {
        let mut f: Flaws<usize> = Flaws::new(2, 3);
        let shares = |points: Vec<u32>| Outcome::Shares {
            points,
            den: 4,
            reason: "stalemate".into(),
        };
        let games = [
            (shares(vec![3, 1]), 12),
            (shares(vec![2, 2]), 5),
            (win(1), 30),
        ];
        for (i, (o, plies)) in games.iter().enumerate() {
            f.add(i, Some(o), false, *plies, Some(("e4", 0)), || i);
        }
        let kept: Vec<usize> = f.shortest().map(|(i, _)| i).collect();
        assert_eq!(kept, vec![0, 2]);
    }

    #[test]
    fn opening_actions_count_every_game_with_the_movers_score() {
        let mut f: Flaws<()> = Flaws::new(2, 0);
        let results = [Some(win(0)), Some(win(0)), Some(win(1)), None];
        for (i, o) in results.iter().enumerate() {
            f.add(i, o.as_ref(), false, 10, Some(("e4", 0)), || ());
        }
        f.add(4, Some(&win(1)), false, 10, Some(("d4", 0)), || ());
        f.add(5, Some(&win(1)), false, 0, None, || ());
        let rows = f.first_actions();
        assert_eq!(rows.iter().map(|r| r.games).sum::<u64>(), 6);
        let e4 = &rows[0];
        assert_eq!((e4.action.as_str(), e4.games, e4.unfinished), ("e4", 4, 1));
        assert_eq!(e4.wins, vec![2, 1]);
        let s = e4.score.unwrap();
        assert_eq!((s.wins, s.draws, s.losses), (2, 0, 1));
        assert_eq!((e4.win_rate.k, e4.win_rate.n), (2, 4));
        assert!(rows.iter().any(|r| r.action == NONE && r.games == 1));
    }

    #[test]
    fn opening_actions_past_the_cap_are_counted_together() {
        let mut f: Flaws<()> = Flaws::new(2, 0);
        for i in 0..MAX_FIRST_ACTIONS + 10 {
            f.add(i, None, false, 1, Some((&format!("a{i}"), 0)), || ());
        }
        let rows = f.first_actions();
        assert_eq!(rows.len(), MAX_FIRST_ACTIONS + 1);
        let last = rows.last().unwrap();
        assert_eq!((last.action.as_str(), last.games), (OTHER, 10));
    }
}
