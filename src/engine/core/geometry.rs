//! Board geometry: the internal grid, its real squares, colours and names.

use super::bitset::{Bits, Bitset};
use super::square::Square;
use crate::ir::{self, Coord, Shape, MAX_SIDE};

/// Why a board cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GeometryError(pub String);

/// The grid the engine works on.
///
/// A rectangular board is its own grid; holes are grid squares that are not
/// *real*. Squares are numbered row by row (`y * width + x`), or, in the
/// [`SquareOrder::RealFirst`] order, the real squares row by row and the
/// holes after them (so a board whose holes make it larger than a set width
/// can still use that width). An unbounded board (no board, a floating `W×H` limit box) is an
/// internal grid of `(3W-2)×(3H-2)` squares: after every action the men are
/// translated so that their bounding box's minimum corner sits at
/// `(W-1, H-1)`, so every man of a legal position lies in the centre `W×H`
/// block and a move can still leave that block by up to `W-1` squares.
#[derive(Clone, Debug)]
pub struct Geometry {
    width: i32,
    height: i32,
    limit: Option<(i32, i32)>,
    real: Bitset,
    dark: Bitset,
    /// Per square, its coordinates.
    xy: Vec<(i8, i8)>,
    /// Per grid cell `y * width + x`, its square.
    cell: Vec<u16>,
    order: SquareOrder,
    /// How squares are named (`ir::Board`'s file letters and rank
    /// numbers: Glinski's on a hexagon); its holes are left out.
    names: ir::Board,
    /// Per square, the real square one step away in each of
    /// [`KING_STEPS`], on the board as drawn (never across a wrapped edge).
    next: Vec<[Option<Square>; 8]>,
    /// `board WxH layers N`: the rows of one layer (the grid's height on a
    /// flat board). Steps, leaps and rides never leave their layer.
    layer_rows: i32,
}

/// The 8 directions of a king step, counter-clockwise from east.
pub const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// How the squares of a grid are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareOrder {
    /// Row by row from the lowest: square `y * width + x`. Rules that move
    /// whole sets by a row or a column with shifts need this order.
    RowMajor,
    /// The real squares row by row, then the holes.
    RealFirst,
}

impl Geometry {
    /// The grid of `board`, numbered row by row.
    pub fn new(board: &ir::Board) -> Result<Geometry, GeometryError> {
        Geometry::ordered(board, SquareOrder::RowMajor)
    }

    /// The grid of `board`, its squares numbered in `order`.
    pub fn ordered(board: &ir::Board, order: SquareOrder) -> Result<Geometry, GeometryError> {
        let (width, height, limit, holes): (i32, i32, _, &[Coord]) = match &board.shape {
            Shape::Rect {
                width,
                height,
                holes,
            } => (*width as i32, *height as i32, None, holes),
            Shape::Unbounded { width, height } => {
                let (w, h) = (*width as i32, *height as i32);
                if w < 1 || h < 1 {
                    return Err(GeometryError(format!("the limit {w}x{h} has no squares")));
                }
                let (gw, gh) = (3 * w - 2, 3 * h - 2);
                if gw > MAX_SIDE || gh > MAX_SIDE {
                    return Err(GeometryError(format!(
                        "the limit {w}x{h} needs an internal grid of {gw}x{gh}, larger than {MAX_SIDE}x{MAX_SIDE}; limits up to 6x6 are supported"
                    )));
                }
                (gw, gh, Some((w, h)), &[][..])
            }
        };
        if width < 1 || height < 1 {
            return Err(GeometryError(format!(
                "the board {width}x{height} has no squares"
            )));
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(GeometryError(format!(
                "the board {width}x{height} is larger than {MAX_SIDE}x{MAX_SIDE}"
            )));
        }
        let n = (width * height) as usize;
        let mut hole = vec![false; n];
        for h in holes {
            if h.x < 0 || h.y < 0 || h.x >= width || h.y >= height {
                return Err(GeometryError(format!(
                    "hole ({}, {}) is outside the {width}x{height} board",
                    h.x, h.y
                )));
            }
            hole[(h.y * width + h.x) as usize] = true;
        }
        if hole.iter().all(|&h| h) {
            return Err(GeometryError("every square is a hole".into()));
        }
        // The cells in numbering order.
        let mut cells: Vec<usize> = (0..n).collect();
        if order == SquareOrder::RealFirst {
            cells.sort_by_key(|&c| hole[c]);
        }
        let mut real = Bitset::EMPTY;
        let mut dark = Bitset::EMPTY;
        let mut xy = Vec::with_capacity(n);
        let mut cell = vec![0u16; n];
        for (i, &c) in cells.iter().enumerate() {
            let (x, y) = (c as i32 % width, c as i32 / width);
            let sq = Square::new(i);
            if !hole[c] {
                real.insert(sq);
            }
            if board.is_dark(x, y) {
                dark.insert(sq);
            }
            xy.push((x as i8, y as i8));
            cell[c] = i as u16;
        }
        let mut g = Geometry {
            width,
            height,
            limit,
            real,
            dark,
            xy,
            cell,
            order,
            names: ir::Board {
                shape: Shape::Rect {
                    width: width as u8,
                    height: height as u8,
                    holes: Vec::new(),
                },
                a1_dark: board.a1_dark,
                hex: board.hex,
                wrap: board.wrap,
                layers: board.layers,
            },
            next: Vec::new(),
            layer_rows: if board.layers > 1 && limit.is_none() {
                (height / i32::from(board.layers)).max(1)
            } else {
                height
            },
        };
        // On the board as drawn: the walks along them (`flip`, `encloses`,
        // which a board that wraps refuses) end at an edge.
        g.next = (0..n)
            .map(|i| KING_STEPS.map(|d| g.flat_offset(Square::new(i), d)))
            .collect();
        Ok(g)
    }

    /// The real square one king step from `sq` in direction `KING_STEPS[k]`.
    #[inline]
    pub fn step(&self, sq: Square, k: usize) -> Option<Square> {
        self.next[sq.index()][k]
    }

    /// How the squares are numbered.
    #[inline]
    pub fn order(&self) -> SquareOrder {
        self.order
    }

    /// Number of real squares.
    pub fn real_count(&self) -> usize {
        self.real.count() as usize
    }

    /// Width of the internal grid.
    #[inline]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Height of the internal grid.
    #[inline]
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Number of grid squares (`width × height`, holes included).
    #[inline]
    pub fn len(&self) -> usize {
        (self.width * self.height) as usize
    }

    /// Always false: a geometry has at least one square.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The floating limit box of an unbounded board.
    pub fn limit(&self) -> Option<(usize, usize)> {
        self.limit.map(|(w, h)| (w as usize, h as usize))
    }

    /// Where the minimum corner of the men's bounding box is kept on an
    /// unbounded board, `(W-1, H-1)`.
    pub fn anchor(&self) -> Option<(i32, i32)> {
        self.limit.map(|(w, h)| (w - 1, h - 1))
    }

    /// The real squares (the grid minus holes).
    #[inline]
    pub fn real(&self) -> Bitset {
        self.real
    }

    /// The dark squares (real or not).
    #[inline]
    pub fn dark(&self) -> Bitset {
        self.dark
    }

    #[inline]
    pub fn is_real(&self, sq: Square) -> bool {
        self.real.contains(sq)
    }

    /// The grid square at `(x, y)` whether real or a hole.
    #[inline]
    pub fn grid_square(&self, x: i32, y: i32) -> Option<Square> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            None
        } else {
            Some(Square::new(
                self.cell[(y * self.width + x) as usize] as usize,
            ))
        }
    }

    /// The real square at `(x, y)`.
    #[inline]
    pub fn square(&self, x: i32, y: i32) -> Option<Square> {
        self.grid_square(x, y).filter(|&s| self.real.contains(s))
    }

    /// Coordinates of a square.
    #[inline]
    pub fn coords(&self, sq: Square) -> (i32, i32) {
        let (x, y) = self.xy[sq.index()];
        (x as i32, y as i32)
    }

    /// The real square reached from `sq` by the vector `d`. On a board
    /// that wraps (`wrap files`, `wrap ranks`) a coordinate past an edge
    /// of a wrapped axis comes back from the other edge; a vector that
    /// leads back to `sq` itself reaches nothing. Compile-time and
    /// off-the-hot-path use only: the tables hold its results.
    #[inline]
    pub fn offset(&self, sq: Square, d: (i32, i32)) -> Option<Square> {
        let (x, y) = self.coords(sq);
        let wrap = self.names.wrap;
        let nx = if wrap.files {
            (x + d.0).rem_euclid(self.width)
        } else {
            x + d.0
        };
        let ny = if wrap.ranks {
            (y + d.1).rem_euclid(self.height)
        } else {
            y + d.1
        };
        if !self.same_layer(y, ny) {
            return None;
        }
        self.square(nx, ny).filter(|&n| n != sq)
    }

    /// The real square reached from `sq` by the vector `d` on the board as
    /// drawn, never across a wrapped edge (nor onto another layer).
    #[inline]
    pub fn flat_offset(&self, sq: Square, d: (i32, i32)) -> Option<Square> {
        let (x, y) = self.coords(sq);
        if !self.same_layer(y, y + d.1) {
            return None;
        }
        self.square(x + d.0, y + d.1)
    }

    /// Whether rows `y` and `ny` of the grid lie on the same layer (always
    /// on a flat board, where a row off the grid is refused elsewhere).
    #[inline]
    pub fn same_layer(&self, y: i32, ny: i32) -> bool {
        self.layer_rows == self.height
            || y.div_euclid(self.layer_rows) == ny.div_euclid(self.layer_rows)
    }

    /// The number of stacked boards (`board WxH layers N`; 1 on a flat board).
    #[inline]
    pub fn layers(&self) -> usize {
        (self.height / self.layer_rows).max(1) as usize
    }

    /// The rows of one layer (the grid's height on a flat board).
    #[inline]
    pub fn layer_rows(&self) -> usize {
        self.layer_rows as usize
    }

    /// The layer (from 0) of square `sq`.
    #[inline]
    pub fn layer_of(&self, sq: Square) -> usize {
        (self.coords(sq).1 / self.layer_rows) as usize
    }

    /// The square of the next layer (the last layer's next is the first)
    /// under `sq`: where a man that moved to `sq` passes (`None` on a flat
    /// board).
    pub fn next_layer(&self, sq: Square) -> Option<Square> {
        if self.layers() < 2 {
            return None;
        }
        let (x, y) = self.coords(sq);
        self.square(x, (y + self.layer_rows).rem_euclid(self.height))
    }

    /// Which axes wrap round (`ir::Wrap`).
    #[inline]
    pub fn wrap(&self) -> ir::Wrap {
        self.names.wrap
    }

    /// The real squares, lowest index first.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        self.real.iter()
    }

    /// Square name: file letters `a..p`, rank numbers from 1 (`a1`, `n14`).
    pub fn name(&self, sq: Square) -> String {
        if sq.index() >= self.len() {
            return "-".into();
        }
        let (x, y) = self.coords(sq);
        self.names.square_name(x, y)
    }

    /// The side of a hexagonal board (`board hex N`), `None` on a grid of
    /// squares.
    #[inline]
    pub fn hex_side(&self) -> Option<i32> {
        self.names.hex_side()
    }

    /// How the board's squares are named and coloured.
    pub fn naming(&self) -> &ir::Board {
        &self.names
    }

    /// Parse a square name made by [`Geometry::name`]; holes are rejected.
    pub fn parse(&self, s: &str) -> Option<Square> {
        let (sq, len) = self.parse_prefix(s)?;
        if len == s.len() {
            Some(sq)
        } else {
            None
        }
    }

    /// Parse a square name at the start of `s`: the square and the length
    /// used, or `None`. The longest rank number that names a square wins.
    pub fn parse_prefix(&self, s: &str) -> Option<(Square, usize)> {
        let b = s.as_bytes();
        let f = *b.first()?;
        let x = self.names.file_of_letter(f as char)?;
        let mut best = None;
        let mut n = 0i32;
        for (i, c) in b.iter().enumerate().skip(1).take(2) {
            if !c.is_ascii_digit() || (i == 1 && *c == b'0') {
                break;
            }
            n = n * 10 + (c - b'0') as i32;
            let at = self.names.from_file_rank(x, n);
            if let Some(sq) = self.square(at.x, at.y) {
                best = Some((sq, i + 1));
            }
        }
        best
    }

    /// Whether a bounding box `(minx, miny, maxx, maxy)` fits the limit box
    /// of an unbounded board (always true on a board).
    #[inline]
    pub fn fits_limit(&self, bbox: Option<(i32, i32, i32, i32)>) -> bool {
        match (self.limit, bbox) {
            (Some((w, h)), Some((x0, y0, x1, y1))) => x1 - x0 < w && y1 - y0 < h,
            _ => true,
        }
    }

    /// Internal square of an IR coordinate on a rectangular board.
    pub fn coord_square(&self, c: Coord) -> Option<Square> {
        self.square(c.x, c.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4×3 board with holes at b1 and c2.
    fn holed() -> ir::Board {
        ir::Board {
            shape: Shape::Rect {
                width: 4,
                height: 3,
                holes: vec![Coord { x: 1, y: 0 }, Coord { x: 2, y: 1 }],
            },
            a1_dark: true,
            hex: None,
            wrap: crate::ir::Wrap::default(),
            layers: 1,
        }
    }

    #[test]
    fn real_first_numbers_the_holes_last_and_keeps_every_coordinate() {
        let rows = Geometry::ordered(&holed(), SquareOrder::RowMajor).unwrap();
        let real = Geometry::ordered(&holed(), SquareOrder::RealFirst).unwrap();
        // Row by row, b1 is square 1; real first, the 10 real squares are
        // 0..10 in the same row-by-row order and the holes 10 and 11.
        assert_eq!(rows.grid_square(1, 0), Some(Square::new(1)));
        assert_eq!(real.grid_square(1, 0), Some(Square::new(10)));
        assert_eq!(real.grid_square(2, 1), Some(Square::new(11)));
        let names = |g: &Geometry| g.squares().map(|s| g.name(s)).collect::<Vec<_>>();
        assert_eq!(names(&rows), names(&real));
        assert_eq!(real.squares().last(), Some(Square::new(9)));
        assert_eq!(real.real_count(), 10);
        for g in [&rows, &real] {
            for i in 0..g.len() {
                let sq = Square::new(i);
                let (x, y) = g.coords(sq);
                assert_eq!(g.grid_square(x, y), Some(sq));
                assert_eq!(g.dark().contains(sq), ((x + y) % 2 == 0));
                for (k, &d) in KING_STEPS.iter().enumerate() {
                    assert_eq!(g.step(sq, k), g.offset(sq, d));
                    assert_eq!(g.step(sq, k), g.flat_offset(sq, d));
                }
            }
            assert_eq!(g.parse("b1"), None, "a hole has no name");
            assert_eq!(g.square(0, 1).map(|s| g.name(s)), Some("a2".into()));
        }
    }

    #[test]
    fn a_wrapped_axis_comes_back_from_the_other_edge() {
        let mut b = holed();
        b.shape = Shape::Rect {
            width: 8,
            height: 8,
            holes: Vec::new(),
        };
        b.wrap.files = true;
        let g = Geometry::new(&b).unwrap();
        let sq = |n: &str| g.parse(n).unwrap();
        assert_eq!(g.offset(sq("a1"), (-1, 0)), Some(sq("h1")));
        assert_eq!(g.offset(sq("h2"), (2, 1)), Some(sq("b3")));
        // Ranks do not wrap on a cylinder; a vector round the ring is no move.
        assert_eq!(g.offset(sq("a1"), (0, -1)), None);
        assert_eq!(g.offset(sq("c1"), (8, 0)), None);
        // The board as drawn, and the king steps, end at the edges.
        assert_eq!(g.flat_offset(sq("a1"), (-1, 0)), None);
        assert_eq!(g.step(sq("a1"), 4), None);
        b.wrap.ranks = true;
        let t = Geometry::new(&b).unwrap();
        assert_eq!(t.offset(sq("a1"), (-1, -1)), Some(sq("h8")));
    }
}
