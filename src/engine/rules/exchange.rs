//! The hostage exchange (`actions ..., exchange` under `captures to
//! prison`; Hostage chess): the player to act gives up a man of its
//! prison, which goes to its owner's hand, and takes back one of its own
//! men of equal or lower value (the `exchange` statement's order) from
//! that owner's prison, putting it down at once on a square where a
//! placement of its kind is legal. One action; out of line, behind the
//! one `Option` the sources test.

use super::constraint::Legality;
use super::drops::Drops;
use super::sink::Sink;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Move, State};
use crate::ir::{Captures, PieceId, PlayerId, Variant};

/// The compiled exchange: each kind's rank in the value order.
#[derive(Clone, Debug)]
pub struct Exchange {
    /// Per kind: its rank (0 the lowest); `None`: never exchanged.
    rank: Vec<Option<u8>>,
}

impl Exchange {
    /// The exchange of a variant that has one (two players, captures to
    /// prison: the checker refuses the rest).
    pub fn new(v: &Variant) -> Option<Exchange> {
        (v.turn.captures == Captures::ToPrison
            && v.players.len() == 2
            && v.turn.exchange.iter().any(Option::is_some))
        .then(|| Exchange {
            rank: v.turn.exchange.clone(),
        })
    }

    #[inline]
    fn rank(&self, k: usize) -> Option<u8> {
        self.rank.get(k).copied().flatten()
    }

    /// The other player of two: whose prison holds the actor's men.
    #[inline]
    pub fn opponent(me: PlayerId) -> PlayerId {
        1 - (me & 1)
    }

    /// The legal exchanges of the player to act (its men to take back of
    /// kind `only`, when given): one [`Move::Exchange`] per hostage kind
    /// given, own kind taken back and square.
    #[inline(never)]
    pub fn generate<B: Bits, S: Sink>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        drops: &Drops<B>,
        lg: &Legality<B>,
        only: Option<PieceId>,
        out: &mut S,
    ) {
        let me = s.turn as usize;
        let opp = Self::opponent(s.turn) as usize;
        let n = t.nkinds.min(self.rank.len());
        // The highest value the player can give.
        let Some(top) = (0..n)
            .filter(|&k| s.prisons[me][k] > 0)
            .filter_map(|k| self.rank(k))
            .max()
        else {
            return;
        };
        for k in 0..n {
            let Some(r) = self.rank(k) else { continue };
            if s.prisons[opp][k] == 0 || r > top || only.is_some_and(|o| o as usize != k) {
                continue;
            }
            // Under `promote ... from prison` the hostage given may be the
            // opponent's last choice held: its men's attacks on their zone
            // then stop counting, so the squares depend on it.
            let per_give = t.prison.is_some();
            let squares = if per_give {
                B::EMPTY
            } else {
                drops.plain_squares(t, s, lg, k as PieceId)
            };
            if squares.is_empty() && !per_give {
                continue;
            }
            for g in 0..n {
                if s.prisons[me][g] == 0 || self.rank(g).is_none_or(|rg| rg < r) {
                    continue;
                }
                let squares = if per_give {
                    s.prisons[me][g] -= 1;
                    let sq = drops.plain_squares(t, s, lg, k as PieceId);
                    s.prisons[me][g] += 1;
                    sq
                } else {
                    squares
                };
                for to in squares {
                    out.raw(Move::Exchange {
                        give: g as PieceId,
                        piece: k as PieceId,
                        to,
                    });
                    if out.done() {
                        return;
                    }
                }
            }
        }
    }
}
