//! Connectivity invariants: every man, or each player's men, form one
//! group under 4- or 8-adjacency (`always connected 8 [per player]`). A
//! constraint: an action that breaks the invariant is illegal.
//!
//! In play the test is a bitset flood fill that grows the whole group by
//! shifts; [`connected_reference`] is the same test with
//! petgraph, for tests.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Square, State};
use crate::ir::{Adjacency, Invariant, Scope, Variant, MAX_PLAYERS};

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

/// How a group grows by one step on the grid: the row width, whether
/// corners count, and the grid without its first and without its last
/// column (a step sideways may not wrap onto the next row).
#[derive(Clone, Copy)]
struct Grow<B: Bits> {
    width: u32,
    corners: bool,
    not_first: B,
    not_last: B,
}

impl<B: Bits> Grow<B> {
    #[inline(always)]
    fn new(t: &Base<B>, neighbours: u8) -> Grow<B> {
        let n = t.files.len();
        Grow {
            width: n as u32,
            corners: neighbours != 4,
            not_first: !t.files[0],
            not_last: !t.files[n - 1],
        }
    }

    /// `set` and its neighbours (squares of the grid or beyond it: the
    /// caller keeps only men).
    #[inline(always)]
    fn step(&self, set: B) -> B {
        let side = (set.shift_up(1) & self.not_first) | (set.shift_down(1) & self.not_last);
        if self.corners {
            let row = set | side;
            row | row.shift_up(self.width) | row.shift_down(self.width)
        } else {
            set | side | set.shift_up(self.width) | set.shift_down(self.width)
        }
    }
}

/// Whether `set` is one group: a flood fill from its lowest square that
/// grows the whole group one step at a time (the neighbours are the grid's:
/// the men stand on real squares, so holes never join a group).
#[inline(always)]
fn connected<B: Bits>(set: B, g: &Grow<B>) -> bool {
    let Some(f) = set.first() else { return true };
    let mut seen = B::from_square(f);
    loop {
        let next = g.step(seen) & set;
        if next == seen {
            return seen == set;
        }
        seen = next;
    }
}

/// Whether the invariants hold for the men of `occ` (the position's men,
/// or those left after removals).
#[inline(always)]
pub fn holds<B: Bits>(t: &Base<B>, s: &State<B>, list: &[Connected], occ: B) -> bool {
    holds_in(t, &s.by_player, list, occ)
}

/// [`holds`] for the men `occ` of players whose men are `by_player`.
// (A range loop, as `holds` always had: the same code for it.)
#[allow(clippy::needless_range_loop)]
#[inline(always)]
pub fn holds_in<B: Bits>(
    t: &Base<B>,
    by_player: &[B; MAX_PLAYERS],
    list: &[Connected],
    occ: B,
) -> bool {
    for c in list {
        let g = Grow::new(t, c.neighbours);
        if c.per_player {
            for p in 0..t.nplayers {
                if !connected(by_player[p] & occ, &g) {
                    return false;
                }
            }
        } else if !connected(occ, &g) {
            return false;
        }
    }
    true
}

/// The eight squares around a square, as bits of a ring byte: bit `i` is
/// the square at `RING[i]` from it.
const RING: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Per ring byte (the men around a square that leaves): whether the men
/// among them next to that square (by side, or by side and corner) are one
/// group using the men of the ring alone. Then taking the square's man out
/// of a group keeps the group whole: a path through it goes round.
const fn ring_table(corners: bool) -> [bool; 256] {
    let mut out = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        // A flood fill inside the ring from one of the square's neighbours.
        let mut next_to = 0u32;
        let mut i = 0;
        while i < 8 {
            let (dx, dy) = RING[i];
            if byte & (1 << i) != 0 && (corners || dx == 0 || dy == 0) {
                next_to |= 1 << i;
            }
            i += 1;
        }
        let mut seen = next_to & next_to.wrapping_neg();
        loop {
            let mut grown = seen;
            let mut a = 0;
            while a < 8 {
                if seen & (1 << a) != 0 {
                    let mut b = 0;
                    while b < 8 {
                        let (dx, dy) = (RING[a].0 - RING[b].0, RING[a].1 - RING[b].1);
                        let (dx, dy) =
                            (if dx < 0 { -dx } else { dx }, if dy < 0 { -dy } else { dy });
                        let touch = if corners {
                            dx <= 1 && dy <= 1
                        } else {
                            dx + dy == 1
                        };
                        if byte & (1 << b) != 0 && touch {
                            grown |= 1 << b;
                        }
                        b += 1;
                    }
                }
                a += 1;
            }
            if grown == seen {
                break;
            }
            seen = grown;
        }
        out[byte] = next_to & !seen == 0;
        byte += 1;
    }
    out
}

const RING4: [bool; 256] = ring_table(false);
const RING8: [bool; 256] = ring_table(true);

/// The ring byte of the men `set` around `sq` (see [`RING`]); `None` on
/// the grid's lowest row and a half (no room below the square to read).
#[inline(always)]
fn ring<B: Bits>(t: &Base<B>, set: B, sq: Square) -> Option<usize> {
    let w = t.files.len();
    let start = sq.index().checked_sub(w + 1)?;
    // Only the square's real neighbours: nothing wraps round a row.
    let bits = (set & t.graph.neighbours8(sq)).bits_from(start);
    // Below: start..start+2; beside: start+w and start+w+2; above:
    // start+2w..start+2w+2.
    let byte = (bits & 7)
        | ((bits >> w) & 1) << 3
        | ((bits >> (w + 2)) & 1) << 4
        | ((bits >> (2 * w)) & 7) << 5;
    Some(byte as usize)
}

/// Whether the group `set` (one group before a man left `from` for `to`;
/// `set` is after) is still one group, by a local test: the men around
/// `from` stay joined without it, and `to` touches the others. False: the
/// test cannot tell (the caller floods).
#[inline(always)]
fn still_one<B: Bits>(t: &Base<B>, c: &Connected, set: B, from: Square, to: Square) -> bool {
    let mut rest = set;
    rest.remove(to);
    if rest.is_empty() {
        return true;
    }
    let table = if c.neighbours == 4 { &RING4 } else { &RING8 };
    let nb = if c.neighbours == 4 {
        t.graph.neighbours4(to)
    } else {
        t.graph.neighbours8(to)
    };
    (nb & rest).any() && ring(t, rest, from).is_some_and(|r| table[r])
}

/// [`holds`] for the men `occ` after one man moved from `from` to the
/// empty square `to` (nothing else changed, and the invariants held
/// before); `own`: the men of the mover's owner. Only the mover's group
/// changed, and a local test settles most moves without a flood fill.
#[inline(always)]
pub fn holds_after_move<B: Bits>(
    t: &Base<B>,
    list: &[Connected],
    occ: B,
    own: B,
    from: Square,
    to: Square,
) -> bool {
    for c in list {
        let set = if c.per_player { own } else { occ };
        if still_one(t, c, set, from, to) {
            continue;
        }
        if !connected(set, &Grow::new(t, c.neighbours)) {
            return false;
        }
    }
    true
}

/// Of the empty squares `cand`, those a man leaving `from` may land on
/// with every invariant kept (they held before, and nothing else
/// changes); `own`: the men of the mover's owner. Exactly
/// [`holds_after_move`] for each square of `cand`, for all at once: the
/// men left behind fall into groups (one when the men around `from` stay
/// joined without it), and the man must land beside each of them.
#[inline(always)]
pub fn landings<B: Bits>(
    t: &Base<B>,
    list: &[Connected],
    occ: B,
    own: B,
    from: Square,
    cand: B,
) -> B {
    let mut ok = cand;
    for c in list {
        let mut rest = if c.per_player { own } else { occ };
        rest.remove(from);
        if rest.is_empty() {
            continue;
        }
        let g = Grow::new(t, c.neighbours);
        let table = if c.neighbours == 4 { &RING4 } else { &RING8 };
        if ring(t, rest, from).is_some_and(|r| table[r]) {
            // One group (it was one with `from`, and the men around
            // `from` stay joined without it).
            ok &= g.step(rest);
            continue;
        }
        // Each group left behind, grown from its lowest man.
        while let Some(f) = rest.first() {
            let mut seen = B::from_square(f);
            loop {
                let next = g.step(seen) & rest;
                if next == seen {
                    break;
                }
                seen = next;
            }
            ok &= g.step(seen);
            rest &= !seen;
            if ok.is_empty() {
                return ok;
            }
        }
    }
    ok
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::B128;

    use crate::engine::testing::{floating_base as base, XorShift};

    /// Whether the squares are one group, by coordinates (no bitset).
    fn one_group(t: &Base<B128>, set: B128, corners: bool) -> bool {
        let sqs: Vec<(i32, i32)> = set.iter().map(|q| t.geo.coords(q)).collect();
        let Some(&first) = sqs.first() else {
            return true;
        };
        let mut seen = vec![first];
        let mut i = 0;
        while i < seen.len() {
            let (x, y) = seen[i];
            for &(a, b) in &sqs {
                let (dx, dy) = ((a - x).abs(), (b - y).abs());
                let touch = if corners {
                    dx.max(dy) == 1
                } else {
                    dx + dy == 1
                };
                if touch && !seen.contains(&(a, b)) {
                    seen.push((a, b));
                }
            }
            i += 1;
        }
        seen.len() == sqs.len()
    }

    fn sq(t: &Base<B128>, x: i32, y: i32) -> Square {
        t.geo.square(x, y).expect("on the grid")
    }

    #[test]
    fn ring_tables_join_neighbours_through_the_ring_only() {
        // Men on both sides of the square, nothing between them: split.
        assert!(!RING8[(1 << 3) | (1 << 4)]);
        // A corner between them joins them (both touch it by corner).
        assert!(RING8[(1 << 3) | (1 << 4) | (1 << 6)]);
        // By side only, the corner (1, 1) joins (1, 0) and (0, 1).
        assert!(RING4[(1 << 4) | (1 << 6) | (1 << 7)]);
        assert!(!RING4[(1 << 4) | (1 << 6)]);
        // A man on a corner only is no neighbour by side: nothing to join.
        assert!(RING4[1 << 0]);
        assert!(RING8[0]);
    }

    #[test]
    fn a_bridge_moved_to_a_square_touching_both_ends_is_floods_verdict() {
        let t = base();
        // a - b - c in a row; b steps up, touching a and c by corner.
        let (a, b, c) = (sq(&t, 3, 3), sq(&t, 4, 3), sq(&t, 5, 3));
        let to = sq(&t, 4, 4);
        let after: B128 = [a, c, to].into_iter().collect();
        let list = [Connected {
            neighbours: 8,
            per_player: false,
        }];
        // The local test cannot tell (b was a cut square) ...
        assert!(!still_one(&t, &list[0], after, b, to));
        // ... and the flood fill decides: still one group.
        assert!(holds_after_move(&t, &list, after, after, b, to));
        // By side only, the same move splits the men.
        let list4 = [Connected {
            neighbours: 4,
            per_player: false,
        }];
        assert!(!holds_after_move(&t, &list4, after, after, b, to));
        // Per player: only the mover's men count.
        let other: B128 = [sq(&t, 7, 7)].into_iter().collect();
        let per = [Connected {
            neighbours: 8,
            per_player: true,
        }];
        assert!(holds_after_move(&t, &per, after | other, after, b, to));
    }

    #[test]
    fn the_local_test_agrees_with_a_plain_group_count() {
        let t = base();
        let w = t.geo.width() as i32;
        let h = t.geo.height() as i32;
        // A small deterministic generator (no dependency).
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: u32| rng.below(n as u64) as i32;
        let mut tried = [0u32; 2];
        for round in 0..40_000 {
            let corners = round % 2 == 0;
            // A group grown step by step in a 5x5 window placed anywhere
            // on the grid (its edges too).
            let (ox, oy) = (next((w - 4) as u32), next((h - 4) as u32));
            let mut set = B128::from_square(sq(&t, ox + 2, oy + 2));
            for _ in 0..1 + next(11) {
                let men: Vec<Square> = set.iter().collect();
                let (x, y) = t.geo.coords(men[next(men.len() as u32) as usize]);
                let (dx, dy) = RING[next(8) as usize];
                if !corners && dx != 0 && dy != 0 {
                    continue;
                }
                let (nx, ny) = (x + dx, y + dy);
                if (ox..ox + 5).contains(&nx) && (oy..oy + 5).contains(&ny) {
                    set.insert(sq(&t, nx, ny));
                }
            }
            assert!(one_group(&t, set, corners));
            let men: Vec<Square> = set.iter().collect();
            let from = men[next(men.len() as u32) as usize];
            let to = sq(
                &t,
                (ox + next(7) - 1).clamp(0, w - 1),
                (oy + next(7) - 1).clamp(0, h - 1),
            );
            if set.contains(to) {
                continue;
            }
            let mut after = set;
            after.remove(from);
            after.insert(to);
            let c = Connected {
                neighbours: if corners { 8 } else { 4 },
                per_player: false,
            };
            let want = one_group(&t, after, corners);
            assert_eq!(
                holds_after_move(&t, &[c], after, after, from, to),
                want,
                "{set:?} {from:?} -> {to:?} corners {corners}"
            );
            // The squares found at once for every landing agree.
            let land = landings(&t, &[c], set, set, from, B128::from_square(to));
            assert_eq!(
                land.contains(to),
                want,
                "landings {set:?} {from:?} -> {to:?} corners {corners}"
            );
            if still_one(&t, &c, after, from, to) {
                assert!(
                    want,
                    "the local test accepted a split: {set:?} {from:?} -> {to:?}"
                );
                tried[corners as usize] += 1;
            }
        }
        // The local test decided many moves of both kinds.
        assert!(tried[0] > 1000 && tried[1] > 1000, "{tried:?}");
    }
}
