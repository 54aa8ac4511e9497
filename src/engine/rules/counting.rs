//! Counting (`counting lone: ...`, `counting board: ...`, and the end rule
//! `counted out`): the Makruk family's counts, as Fairy-Stockfish keeps
//! them (its `countingRule`, position.cpp `do_move` and `count_limit`).
//!
//! Two rule variables, not hashed (a count is not part of the position
//! for repetitions, as in Fairy-Stockfish): the limit in plies (0: no
//! count) and the plies counted. After every action: a running count goes
//! up by one; then a count may start (see [`Counting::after_action`]).
//! The limit of a player is the `board` limit while it has two men or
//! more (at most `men at most N`), the `lone` limit while it has one, and
//! 0 (no count) while the opponent has one man or a man of a `without`
//! kind stands on the board.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, Man, Move, State, Var};
use crate::ir::KindSet;
use crate::ir::{Counting as Spec, PieceId, PlayerId};

/// The compiled counting rules.
#[derive(Clone, Debug)]
pub struct Counting {
    spec: Spec,
    /// The limit in plies (0: no count running).
    pub limit: Var,
    /// The plies counted.
    pub ply: Var,
    /// Per kind: its pattern ids.
    kind_pids: Vec<Vec<u8>>,
    /// Kinds that stop the lone count, the board count (bit masks).
    lone_without: KindSet,
    board_without: KindSet,
}

fn mask(kinds: &[PieceId]) -> KindSet {
    kinds.iter().collect()
}

impl Counting {
    pub fn new<B: Bits>(t: &Base<B>, layout: &mut Layout) -> Option<Counting> {
        let spec = t.variant.turn.counting.clone()?;
        if t.nplayers != 2 {
            return None;
        }
        let limit = layout.alloc_vars(2, false);
        Some(Counting {
            lone_without: spec
                .lone
                .as_ref()
                .map_or(KindSet::EMPTY, |l| mask(&l.without)),
            board_without: spec
                .board
                .as_ref()
                .map_or(KindSet::EMPTY, |b| mask(&b.without)),
            spec,
            limit,
            ply: Var(limit.0 + 1),
            kind_pids: t.atoms.kind_pids.clone(),
        })
    }

    fn men<B: Bits>(s: &State<B>, p: PlayerId) -> u32 {
        s.by_player[p as usize].count()
    }

    fn kinds_on_board<B: Bits>(&self, s: &State<B>, kinds: KindSet) -> bool {
        (0..self.kind_pids.len())
            .filter(|&k| kinds.contains(k as PieceId))
            .any(|k| s.pids_bb(&self.kind_pids[k]).any())
    }

    /// The limit of `side`'s count in moves, 0 when it may not count.
    fn limit_of<B: Bits>(&self, s: &State<B>, side: PlayerId) -> u32 {
        let opp = 1 - side;
        let (mine, theirs) = (Self::men(s, side), Self::men(s, opp));
        if theirs <= 1 {
            return 0;
        }
        if mine > 1 {
            return match &self.spec.board {
                Some(b)
                    if b.max_men.is_none_or(|n| mine <= n)
                        && !self.kinds_on_board(s, self.board_without) =>
                {
                    b.moves
                }
                _ => 0,
            };
        }
        let Some(l) = &self.spec.lone else {
            return 0;
        };
        if self.kinds_on_board(s, self.lone_without) {
            return 0;
        }
        let own = s.by_player[opp as usize];
        l.table
            .iter()
            .find(|&&(k, n, _)| (s.pids_bb(&self.kind_pids[k as usize]) & own).count() >= n)
            .map_or(l.otherwise, |&(_, _, m)| m)
    }

    /// After `me`'s action `mv` (which captured `captured`, if anything):
    /// a running count goes up by one; a lone `me` that took the last man
    /// of a `without` kind starts its count (`from men`: at twice the men
    /// on the board, less one); then the player to act starts its count
    /// when none runs, or afresh when the action captured or promoted and
    /// left it lone.
    pub fn after_action<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        mv: Move,
        captured: Option<Man>,
    ) {
        if me > 1 {
            return;
        }
        let l = &t.layout;
        let (mut limit, mut ply) = (s.var(self.limit), s.var(self.ply));
        if limit > 0 {
            ply += 1;
        }
        let total = Self::men(s, 0) + Self::men(s, 1);
        let from_men = self.spec.lone.as_ref().is_some_and(|x| x.from_men);
        if let Some(cap) = captured {
            if from_men
                && self.lone_without.contains(cap.kind())
                && Self::men(s, me) == 1
                && !self.kinds_on_board(s, self.lone_without)
            {
                let lim = self.limit_of(s, me);
                if lim > 0 {
                    limit = 2 * lim;
                    ply = 2 * total - 1;
                }
            }
        }
        let stm = 1 - me;
        let n = Self::men(s, stm);
        if limit == 0 || ((captured.is_some() || mv.promotion().is_some()) && n == 1) {
            let lim = self.limit_of(s, stm);
            if lim > 0 {
                limit = 2 * lim;
                ply = if !from_men || n > 1 { 0 } else { 2 * total };
            }
        }
        if limit != s.var(self.limit) {
            s.set_var(l, self.limit, limit);
        }
        if ply != s.var(self.ply) {
            s.set_var(l, self.ply, ply);
        }
    }

    /// Whether the count has run out: more plies counted than its limit.
    pub fn out<B: Bits>(&self, s: &State<B>) -> bool {
        let limit = s.var(self.limit);
        limit > 0 && s.var(self.ply) > limit
    }
}
