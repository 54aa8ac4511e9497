//! Connectivity invariants: every man, or each player's men, form one
//! group under 4- or 8-adjacency (`always connected 8 [per player]`). A
//! constraint: an action that breaks the invariant is illegal.
//!
//! In play the test is a bitset flood fill over the board graph's
//! neighbour tables; [`connected_reference`] is the same test with
//! petgraph, for tests.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Square, State};
use crate::ir::{Adjacency, Invariant, Scope, Variant};

/// One invariant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connected {
    /// 4 or 8.
    pub neighbours: u8,
    pub per_player: bool,
}

/// The connectivity invariants of a variant.
pub fn compile(v: &Variant) -> Vec<Connected> {
    v.invariants
        .iter()
        .map(|inv| {
            let Invariant::Connected { adjacency, scope } = inv;
            Connected {
                neighbours: match adjacency {
                    Adjacency::Sides => 4,
                    Adjacency::SidesAndCorners => 8,
                },
                per_player: *scope == Scope::PerPlayer,
            }
        })
        .collect()
}

/// Whether `set` is one group under the neighbour table.
#[inline(always)]
fn connected<B: Bits>(set: B, nb: &[B]) -> bool {
    let Some(f) = set.first() else { return true };
    let mut seen = B::from_square(f);
    let mut frontier = seen;
    while frontier.any() {
        let mut next = B::EMPTY;
        for sq in frontier {
            next |= nb[sq.index()];
        }
        next &= set & !seen;
        seen |= next;
        frontier = next;
    }
    seen == set
}

/// Whether the invariants hold for the men of `occ` (the position's men,
/// or those left after removals).
#[inline(always)]
pub fn holds<B: Bits>(t: &Base<B>, s: &State<B>, list: &[Connected], occ: B) -> bool {
    for c in list {
        let nb = t.graph.neighbours(c.neighbours);
        if c.per_player {
            for p in 0..t.nplayers {
                if !connected(s.by_player[p] & occ, nb) {
                    return false;
                }
            }
        } else if !connected(occ, nb) {
            return false;
        }
    }
    true
}

/// Reference check with petgraph: whether the men (or each player's men,
/// when `per_player`) form one group under `neighbours`-adjacency.
pub fn connected_reference<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    neighbours: u8,
    per_player: bool,
) -> bool {
    use petgraph::graph::UnGraph;
    let groups: Vec<B> = if per_player {
        (0..t.nplayers).map(|p| s.by_player[p]).collect()
    } else {
        vec![s.occ]
    };
    groups.into_iter().all(|set| {
        let sqs: Vec<Square> = set.iter().collect();
        let mut g = UnGraph::<(), ()>::new_undirected();
        let nodes: Vec<_> = sqs.iter().map(|_| g.add_node(())).collect();
        for i in 0..sqs.len() {
            for j in i + 1..sqs.len() {
                let (ax, ay) = t.geo.coords(sqs[i]);
                let (bx, by) = t.geo.coords(sqs[j]);
                let (dx, dy) = ((ax - bx).abs(), (ay - by).abs());
                let adj = if neighbours == 4 {
                    dx + dy == 1
                } else {
                    dx.max(dy) == 1
                };
                if adj {
                    g.add_edge(nodes[i], nodes[j], ());
                }
            }
        }
        sqs.len() <= 1 || petgraph::algo::connected_components(&g) == 1
    })
}
