//! Moves of two steps (`lion "BETZA"`, docs/LANGUAGE.md §6): a man of a
//! lion kind may step onto an enemy man, take it, and step on from there
//! (onto an empty square or an enemy man, or back to its start: igui),
//! or step onto an empty square and back (a pass: jitto). Its single
//! steps and its leaps of two steps are ordinary moves of its `moves`
//! (the checker asks for them), so this module adds only the moves whose
//! first step takes a man, and the pass, as [`Move::Lion`].
//!
//! The steps are compiled per lion kind, facing and square: the squares
//! of the first step, each with the squares of the second. This module
//! holds the tables and the candidates; the legality test (make, test,
//! unmake) is in `position/movegen.rs`, as for promotions as actions.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Move, Square, State};
use crate::engine::movement::friends_bb;
use crate::ir::{Dir, KindSet, PlayerId, MAX_PIECES};

/// A first step and the second steps from its square.
#[derive(Clone, Debug)]
struct First {
    mid: Square,
    /// The squares of the second step (the start square among them when
    /// stepping back is one of the steps).
    then: Vec<Square>,
}

/// The two-step moves of a variant's lion kinds.
#[derive(Clone, Debug)]
pub struct Lion {
    kinds: KindSet,
    /// Per kind: its index among the lion kinds.
    slot: [u8; MAX_PIECES],
    nsq: usize,
    /// Per (lion slot, facing, square): the first steps.
    steps: Vec<Vec<First>>,
}

impl Lion {
    /// The lion kinds' tables; `None` for a variant without one.
    pub fn new<B: Bits>(t: &Base<B>) -> Option<Lion> {
        let v = &t.variant;
        let lions: Vec<usize> = (0..v.pieces.len().min(t.nkinds))
            .filter(|&k| !v.pieces[k].lion.is_empty())
            .collect();
        if lions.is_empty() {
            return None;
        }
        let nsq = t.nsq;
        let mut slot = [0u8; MAX_PIECES];
        let mut kinds = KindSet::EMPTY;
        let mut steps = Vec::with_capacity(lions.len() * 4 * nsq);
        for (i, &k) in lions.iter().enumerate() {
            slot[k] = i as u8;
            kinds.insert(k as crate::ir::PieceId);
            let dirs = &v.pieces[k].lion;
            let straight = v.pieces[k].lion_straight;
            for facing in Dir::ALL {
                for sq in 0..nsq {
                    let from = Square(sq as u8);
                    let mut firsts = Vec::new();
                    if t.real.contains(from) {
                        for &d1 in dirs {
                            let r1 = facing.rotate((d1.0 as i32, d1.1 as i32));
                            let Some(mid) = t.geo.offset(from, r1).filter(|m| t.real.contains(*m))
                            else {
                                continue;
                            };
                            let mut then = Vec::new();
                            // The second step: any of the steps, or back.
                            let back = (-d1.0, -d1.1);
                            let mut seconds: Vec<(i8, i8)> =
                                if straight { vec![d1] } else { dirs.clone() };
                            if !seconds.contains(&back) {
                                seconds.push(back);
                            }
                            for d2 in seconds {
                                let r2 = facing.rotate((d2.0 as i32, d2.1 as i32));
                                if let Some(to) =
                                    t.geo.offset(mid, r2).filter(|q| t.real.contains(*q))
                                {
                                    if !then.contains(&to) {
                                        then.push(to);
                                    }
                                }
                            }
                            firsts.push(First { mid, then });
                        }
                    }
                    steps.push(firsts);
                }
            }
        }
        Some(Lion {
            kinds,
            slot,
            nsq,
            steps,
        })
    }

    /// The two-step moves of player `me`'s lion men, pseudo-legal: each
    /// first step onto an enemy man, on to every second square that holds
    /// no man of the mover's side (its start square included: igui), and
    /// one pass per man with an empty square on a first step (jitto).
    pub fn candidates<B: Bits>(
        &self,
        t: &Base<B>,
        s: &State<B>,
        me: PlayerId,
        push: &mut impl FnMut(Move),
    ) {
        let friends = friends_bb(t, s, me);
        let blocked = friends | s.walls;
        for from in s.by_player[me as usize] {
            let man = s.at(from);
            if man.is_empty() || !self.kinds.contains(man.kind()) {
                continue;
            }
            let i = (self.slot[man.kind() as usize] as usize * 4 + man.facing().index()) * self.nsq
                + from.index();
            let mut passed = false;
            for first in &self.steps[i] {
                let mid = first.mid;
                if s.at(mid).is_empty() {
                    if !passed && !s.walls.contains(mid) {
                        passed = true;
                        push(Move::Lion {
                            from,
                            mid,
                            to: from,
                        });
                    }
                    continue;
                }
                if blocked.contains(mid) {
                    continue;
                }
                for &to in &first.then {
                    if to == from || !blocked.contains(to) {
                        push(Move::Lion { from, mid, to });
                    }
                }
            }
        }
    }
}
