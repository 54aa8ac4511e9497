//! The board as a graph (petgraph): the real squares with king-step
//! adjacency, for distance tables (how many king steps from one square to
//! another, around holes), for board checks such as squares that no man
//! can ever reach, and for the parts of the board a man's leaps never
//! leave. Play never walks the graph: the distances are a flat table, and
//! connectivity in play is a bitset flood fill.

use super::atoms::Atoms;
use crate::engine::core::{Bits, Bitset, Geometry, Square};
use crate::ir::{Shape, Variant};
use petgraph::algo::dijkstra;
use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::unionfind::UnionFind;

/// Distances between the real squares of a board.
#[derive(Clone, Debug)]
pub struct BoardGraph<B: Bits> {
    nsq: usize,
    /// `from * nsq + to`: king steps, or `u8::MAX` when unreachable.
    dist: Vec<u8>,
    /// Per square: its real neighbours by side and corner.
    n8: Vec<B>,
    /// Per square: its real neighbours by side.
    n4: Vec<B>,
}

/// The king-step graph of the real squares, and the node of each square.
fn king_graph(geo: &Geometry) -> (UnGraph<Square, ()>, Vec<Option<NodeIndex>>) {
    let mut g = UnGraph::new_undirected();
    let mut node = vec![None; geo.len()];
    for sq in geo.squares() {
        node[sq.index()] = Some(g.add_node(sq));
    }
    for sq in geo.squares() {
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            if let (Some(n), Some(a)) = (geo.offset(sq, (dx, dy)), node[sq.index()]) {
                if let Some(b) = node[n.index()] {
                    g.add_edge(a, b, ());
                }
            }
        }
    }
    (g, node)
}

impl<B: Bits> BoardGraph<B> {
    pub fn new(geo: &Geometry) -> BoardGraph<B> {
        let nsq = geo.len();
        let (g, node) = king_graph(geo);
        let mut dist = vec![u8::MAX; nsq * nsq];
        for from in geo.squares() {
            let Some(a) = node[from.index()] else {
                continue;
            };
            for (n, d) in dijkstra(&g, a, None, |_| 1u32) {
                dist[from.index() * nsq + g[n].index()] = d.min(254) as u8;
            }
        }
        let mut n8 = vec![B::EMPTY; nsq];
        let mut n4 = vec![B::EMPTY; nsq];
        for sq in geo.squares() {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if (dx, dy) == (0, 0) {
                        continue;
                    }
                    if let Some(o) = geo.offset(sq, (dx, dy)) {
                        n8[sq.index()].insert(o);
                        if dx == 0 || dy == 0 {
                            n4[sq.index()].insert(o);
                        }
                    }
                }
            }
        }
        BoardGraph { nsq, dist, n8, n4 }
    }

    /// The real squares next to `sq` by side or corner.
    #[inline]
    pub fn neighbours8(&self, sq: Square) -> B {
        self.n8[sq.index()]
    }

    /// The real squares next to `sq` by side.
    #[inline]
    pub fn neighbours4(&self, sq: Square) -> B {
        self.n4[sq.index()]
    }

    /// King steps from `a` to `b` around holes (`None`: not connected).
    #[inline]
    pub fn distance(&self, a: Square, b: Square) -> Option<u32> {
        let d = self.dist[a.index() * self.nsq + b.index()];
        (d != u8::MAX).then_some(d as u32)
    }
}

/// The connected parts of the board under the leaps `steps`, each taken
/// both ways (a part is where a man may go and come back), over real
/// squares only (holes and the edge stop a leap; nothing else does): per
/// square index, its part, numbered from 0 in the order of each part's
/// first square in [`Geometry::squares`] (`u32::MAX` on a hole), and how
/// many parts there are.
pub fn components(geo: &Geometry, steps: &[(i32, i32)]) -> (Vec<u32>, usize) {
    let mut uf = UnionFind::<usize>::new(geo.len());
    for sq in geo.squares() {
        for &(dx, dy) in steps {
            for d in [(dx, dy), (-dx, -dy)] {
                if let Some(to) = geo.offset(sq, d) {
                    uf.union(sq.index(), to.index());
                }
            }
        }
    }
    let mut part_of_root = vec![u32::MAX; geo.len()];
    let mut part = vec![u32::MAX; geo.len()];
    let mut count = 0usize;
    for sq in geo.squares() {
        let root = uf.find_mut(sq.index());
        if part_of_root[root] == u32::MAX {
            part_of_root[root] = count as u32;
            count += 1;
        }
        part[sq.index()] = part_of_root[root];
    }
    (part, count)
}

/// Real squares that no man of the setup can ever stand on, moving by its
/// own atoms with the board empty (holes still block riders), on a board
/// where men cannot be placed. Empty on unbounded boards and for variants
/// with hands, decks or promotions (a man can then appear anywhere its
/// placement rules allow, or change its moves).
pub fn unreachable_squares<B: Bits>(v: &Variant, geo: &Geometry, atoms: &Atoms<B>) -> Bitset {
    let placements = v.turn.place
        || v.turn.draw
        || v.setup.hands.iter().any(|h| !h.is_empty())
        || v.setup.decks.iter().any(|d| !d.is_empty())
        || !v.setup.shuffles.is_empty();
    let promotes = v.pieces.iter().any(|p| p.promotion.is_some());
    if matches!(v.board.shape, Shape::Unbounded { .. }) || placements || promotes {
        return Bitset::EMPTY;
    }
    let mut seen = Bitset::EMPTY;
    for m in &v.setup.men {
        let Some(start) = geo.coord_square(m.at) else {
            continue;
        };
        let man = crate::engine::core::Man::new(m.piece, m.owner, m.facing);
        let pat = &atoms.patterns[atoms.pid_of_code[man.code()] as usize];
        // Squares of this man's own flood fill.
        let mut mine = Bitset::from_square(start);
        let mut frontier = mine;
        while frontier.any() {
            let mut next = Bitset::EMPTY;
            for sq in frontier {
                for a in &pat.moves {
                    for &d in &a.dirs {
                        let v = atoms.dirs[d as usize].v;
                        if let Some(n) = geo.offset(sq, v) {
                            // On a board in layers the man then passes to
                            // the next layer.
                            next.insert(geo.next_layer(n).unwrap_or(n));
                        }
                    }
                }
            }
            next &= !mine;
            mine |= next;
            frontier = next;
        }
        seen |= mine;
    }
    geo.real() & !seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Board, Coord, Wrap};

    /// A `width`×`height` board with `holes`.
    fn board(width: u8, height: u8, holes: &[(i32, i32)]) -> Geometry {
        Geometry::new(&Board {
            shape: Shape::Rect {
                width,
                height,
                holes: holes.iter().map(|&(x, y)| Coord { x, y }).collect(),
            },
            a1_dark: true,
            hex: None,
            wrap: Wrap::default(),
            layers: 1,
        })
        .unwrap()
    }

    const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const KNIGHT: [(i32, i32); 4] = [(1, 2), (2, 1), (-1, 2), (-2, 1)];
    const WAZIR: [(i32, i32); 2] = [(1, 0), (0, 1)];

    /// Diagonal steps keep a man on its colour: two parts, a1's first (0)
    /// and b1's next (1), every square in its colour's part. A knight's
    /// leaps (the four forward ones: each is taken both ways) and a
    /// wazir's steps reach the whole board.
    #[test]
    fn the_parts_of_the_board_under_a_mans_leaps() {
        let geo = board(8, 8, &[]);
        let sq = |x, y| geo.square(x, y).unwrap().index();
        let (part, count) = components(&geo, &DIAGONAL);
        assert_eq!(count, 2);
        assert_eq!((part[sq(0, 0)], part[sq(1, 0)]), (0, 1));
        for s in geo.squares() {
            let (x, y) = geo.coords(s);
            assert_eq!(part[s.index()], ((x + y) % 2) as u32);
        }
        assert_eq!(components(&geo, &KNIGHT), (vec![0; 64], 1));
        assert_eq!(components(&geo, &WAZIR), (vec![0; 64], 1));
        // A board of one square: one part; no leaps: every square its own
        // part, in order.
        assert_eq!(components(&board(1, 1, &[]), &WAZIR), (vec![0], 1));
        assert_eq!(components(&board(3, 1, &[]), &[]), (vec![0, 1, 2], 3));
    }

    /// Holes stop a leap: a wall of holes down the b-file of a 3×3 board
    /// cuts a wazir's board in two (the a-file first), and a hole's part
    /// is `u32::MAX`. A knight on a 3×3 board never reaches b2.
    #[test]
    fn holes_and_the_edge_stop_a_leap() {
        let geo = board(3, 3, &[(1, 0), (1, 1), (1, 2)]);
        let (part, count) = components(&geo, &WAZIR);
        assert_eq!(count, 2);
        let x_part = |x: i32| part[geo.grid_square(x, 0).unwrap().index()];
        assert_eq!((x_part(0), x_part(1), x_part(2)), (0, u32::MAX, 1));
        let geo = board(3, 3, &[]);
        let (part, count) = components(&geo, &KNIGHT);
        assert_eq!(count, 2);
        assert_eq!(part[geo.square(1, 1).unwrap().index()], 1);
        assert_eq!(part.iter().filter(|&&p| p == 0).count(), 8);
    }
}
