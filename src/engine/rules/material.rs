//! `dead material` patterns and the ending `insufficient material`: two
//! sides' material that cannot lead to mate.

use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::State;
use crate::ir::KindSet;
use crate::ir::{MaterialTerm, PieceId, Variant, MAX_PIECES};

/// One side of a compiled pattern: exact counts per kind, and the kinds
/// marked `*` (at least that many).
#[derive(Clone, Debug)]
struct Side {
    exact: [u8; MAX_PIECES],
    any: KindSet,
}

/// A compiled `dead material` pattern.
#[derive(Clone, Debug)]
struct Pattern {
    sides: [Side; 2],
    /// With `same colour`: the `*` kinds whose men must all stand on one
    /// colour of square.
    same_colour: Option<KindSet>,
}

/// The variant's `dead material` patterns, compiled: the pattern ids of
/// kinds that no pattern names (one man of these keeps the game alive, a
/// test on the board's sets), then per pattern the counts per kind.
#[derive(Clone, Debug)]
pub struct DeadMaterial {
    live_pids: Vec<u8>,
    patterns: Vec<Pattern>,
    nkinds: usize,
}

impl DeadMaterial {
    /// `None` when the variant has no pattern or not two players.
    pub fn new<B: Bits>(base: &Base<B>) -> Option<DeadMaterial> {
        let v: &Variant = &base.variant;
        if v.dead_material.is_empty() || base.nplayers != 2 {
            return None;
        }
        let side = |terms: &[MaterialTerm]| {
            let mut out = Side {
                exact: [0; MAX_PIECES],
                any: KindSet::EMPTY,
            };
            for x in terms {
                if x.any {
                    out.any.insert(x.piece);
                } else {
                    out.exact[x.piece as usize] = out.exact[x.piece as usize].saturating_add(1);
                }
            }
            out
        };
        let mut named = KindSet::EMPTY;
        let patterns = v
            .dead_material
            .iter()
            .map(|pat| {
                let mut any = KindSet::EMPTY;
                for t in pat.sides.iter().flatten() {
                    named.insert(t.piece);
                    if t.any {
                        any.insert(t.piece);
                    }
                }
                Pattern {
                    sides: [side(&pat.sides[0]), side(&pat.sides[1])],
                    same_colour: pat.same_colour.then_some(any),
                }
            })
            .collect();
        let live_pids = (0..base.nkinds)
            .filter(|&k| !named.contains(k as PieceId))
            .flat_map(|k| base.atoms.kind_pids[k].iter().copied())
            .collect();
        Some(DeadMaterial {
            live_pids,
            patterns,
            nkinds: base.nkinds,
        })
    }

    /// Whether the material matches one of the patterns (any man in a hand
    /// or a deck keeps the game alive).
    pub fn dead<B: Bits>(&self, t: &Base<B>, s: &State<B>) -> bool {
        // Usually a man of a live kind is on the board: stop at the first.
        if s.any_of(&self.live_pids) {
            return false;
        }
        if !(s.hand_empty(0) && s.hand_empty(1)) {
            return false;
        }
        if s.decks.iter().any(|d| !d.remaining().is_empty()) {
            return false;
        }
        let mut counts = [[0u32; MAX_PIECES]; 2];
        for sq in s.occ & !s.walls {
            let m = s.at(sq);
            counts[m.owner() as usize][m.kind() as usize] += 1;
        }
        let side_matches = |side: &Side, p: usize| {
            (0..self.nkinds).all(|k| {
                let (exact, c) = (u32::from(side.exact[k]), counts[p][k]);
                if side.any.contains(k as PieceId) {
                    c >= exact
                } else {
                    c == exact
                }
            })
        };
        self.patterns.iter().any(|pat| {
            let fits = (side_matches(&pat.sides[0], 0) && side_matches(&pat.sides[1], 1))
                || (side_matches(&pat.sides[0], 1) && side_matches(&pat.sides[1], 0));
            if !fits {
                return false;
            }
            let Some(kinds) = pat.same_colour else {
                return true;
            };
            let mut colours = (false, false);
            for sq in s.occ & !s.walls {
                if kinds.contains(s.at(sq).kind()) {
                    if t.dark.contains(sq) {
                        colours.0 = true;
                    } else {
                        colours.1 = true;
                    }
                }
            }
            !(colours.0 && colours.1)
        })
    }
}
