//! Square names and the cells of a board: how a coordinate of the grid
//! is written and read, on a rectangle and on a hexagon.
//!
//! A hexagonal board `hex N` (a regular hexagon of N cells a side) lies on
//! a `(2N-1)×(2N-1)` grid in axial coordinates: the grid's x is the file
//! (a vertical line of cells, `a` on the left), and a step up the file is
//! `(0,1)`, up and to the right `(1,0)`, up and to the left `(-1,1)`. The
//! grid cells at more than N-1 hex steps from the centre `(N-1,N-1)` are
//! holes. Names follow Glinski: files `a`, `b`, ... with no `j`, ranks
//! counted from the lowest cell of each file (`f1` is the bottom cell of
//! the central file of `hex 6`, `a1` and `l1` the bottom cells of the
//! outer files).

use super::{Board, Coord, Shape};

/// The file letters of a hexagonal board (Glinski's: no `j`).
const HEX_FILES: &[u8] = b"abcdefghiklmnopq";

impl Board {
    /// The side N of a hexagonal board, `None` for a square grid.
    pub fn hex_side(&self) -> Option<i32> {
        self.hex.map(i32::from)
    }

    /// Whether `(x, y)` is a cell of the hexagon `hex n` (on its grid).
    pub fn hex_cell(n: i32, x: i32, y: i32) -> bool {
        let c = n - 1;
        let (dx, dy) = (x - c, y - c);
        dx.abs() <= c && dy.abs() <= c && (dx + dy).abs() <= c
    }

    /// The holes of the grid of `hex n`: every grid cell off the hexagon.
    pub fn hex_holes(n: i32) -> Vec<Coord> {
        let w = 2 * n - 1;
        (0..w)
            .flat_map(|y| (0..w).map(move |x| Coord::new(x, y)))
            .filter(|c| !Board::hex_cell(n, c.x, c.y))
            .collect()
    }

    /// The colour of the cell `(x, y)` on a hexagonal board: 0 light, 1
    /// middle, 2 dark. No two neighbours share a colour, and the cells of a
    /// diagonal line do; up the middle file the colours go light, dark,
    /// middle from its bottom cell, so on Glinski's board f1 is light, the
    /// centre f6 middle and f11 dark (each side has a bishop of each colour).
    pub fn hex_colour(n: i32, x: i32, y: i32) -> u8 {
        (x + 2 * y - (n - 1)).rem_euclid(3) as u8
    }

    /// Whether `(x, y)` is dark: on a rectangle the squares alternate from
    /// a1 (`a1_dark`); on a hexagon the cells of [`Board::hex_colour`] 2.
    pub fn is_dark(&self, x: i32, y: i32) -> bool {
        match self.hex {
            Some(n) => Board::hex_colour(i32::from(n), x, y) == 2,
            None => ((x + y).rem_euclid(2) == 0) == self.a1_dark,
        }
    }

    /// Whether `(x, y)` is light: on a rectangle every square that is not
    /// dark; on a hexagon the cells of [`Board::hex_colour`] 0.
    pub fn is_light(&self, x: i32, y: i32) -> bool {
        match self.hex {
            Some(n) => Board::hex_colour(i32::from(n), x, y) == 0,
            None => !self.is_dark(x, y),
        }
    }

    /// The letter of file `x` (`a` for 0).
    pub fn file_letter(&self, x: i32) -> char {
        match self.hex {
            Some(_) => HEX_FILES.get(x.max(0) as usize).map_or('?', |&b| b as char),
            None => (b'a' + x.clamp(0, 25) as u8) as char,
        }
    }

    /// The file of a letter (`a` is 0), `None` for a letter the board
    /// does not use as a file name (`j` on a hexagonal board).
    pub fn file_of_letter(&self, c: char) -> Option<i32> {
        if !c.is_ascii_lowercase() {
            return None;
        }
        match self.hex {
            Some(_) => HEX_FILES
                .iter()
                .position(|&b| b as char == c)
                .map(|i| i as i32),
            None => Some(c as i32 - 'a' as i32),
        }
    }

    /// The rank number (from 1) of the cell `(x, y)` as it is written.
    pub fn rank_number(&self, x: i32, y: i32) -> i32 {
        match self.hex {
            Some(n) => y + 1 - (i32::from(n) - 1 - x).max(0),
            None => y + 1,
        }
    }

    /// The grid coordinate of file `x`, rank number `rank` (from 1), without
    /// a test that the cell exists.
    pub fn from_file_rank(&self, x: i32, rank: i32) -> Coord {
        match self.hex {
            Some(n) => Coord::new(x, rank - 1 + (i32::from(n) - 1 - x).max(0)),
            None => Coord::new(x, rank.saturating_sub(1)),
        }
    }

    /// The grid coordinate named by a square token as the parser reads it:
    /// `letter` is the letter's distance from `a`, `rank` the number written.
    /// `None` when the letter names no file of this board.
    pub fn from_token(&self, letter: i32, rank: i32) -> Option<Coord> {
        let c = char::from_u32(('a' as i32 + letter).clamp(0, 0x7f) as u32)?;
        Some(self.from_file_rank(self.file_of_letter(c)?, rank))
    }

    /// The name of the grid cell `(x, y)`: `e4`, or Glinski's `f11`.
    pub fn square_name(&self, x: i32, y: i32) -> String {
        format!("{}{}", self.file_letter(x), self.rank_number(x, y))
    }

    /// The coordinate notation writes for the grid cell `(x, y)`: the file
    /// letter's distance from `a` and the rank number less one. On a
    /// rectangle the cell itself; on a hexagon Glinski's file letter (`k`
    /// is 10: there is no `j`) and rank (`notation::square` writes it).
    pub fn named_coord(&self, x: i32, y: i32) -> Coord {
        match self.hex {
            Some(_) => Coord::new(
                self.file_letter(x) as i32 - 'a' as i32,
                self.rank_number(x, y) - 1,
            ),
            None => Coord::new(x, y),
        }
    }

    /// The grid cell named `s` (a letter and a rank number), whether it is
    /// on the board or not; `None` when `s` is not such a name.
    pub fn parse_name(&self, s: &str) -> Option<Coord> {
        let mut chars = s.chars();
        let f = self.file_of_letter(chars.next()?)?;
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 3
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        Some(self.from_file_rank(f, digits.parse().ok()?))
    }

    /// Whether the grid cell `c` is a square of the board (inside the grid,
    /// not a hole); always true on an unbounded board.
    pub fn has(&self, c: Coord) -> bool {
        match &self.shape {
            Shape::Rect {
                width,
                height,
                holes,
            } => {
                c.x >= 0
                    && c.y >= 0
                    && c.x < i32::from(*width)
                    && c.y < i32::from(*height)
                    && !holes.contains(&c)
            }
            Shape::Unbounded { .. } => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(n: u8) -> Board {
        let w = 2 * n - 1;
        Board {
            shape: Shape::Rect {
                width: w,
                height: w,
                holes: Board::hex_holes(i32::from(n)),
            },
            a1_dark: true,
            hex: Some(n),
            wrap: crate::ir::Wrap::default(),
            layers: 1,
        }
    }

    /// Glinski's board: 91 cells, files a..l without j, a file of 6 cells
    /// at each edge and 11 in the middle; every cell's name reads back.
    #[test]
    fn glinski_names_round_trip() {
        let b = hex(6);
        let mut cells = 0;
        for y in 0..11 {
            for x in 0..11 {
                let c = Coord::new(x, y);
                if !b.has(c) {
                    continue;
                }
                cells += 1;
                let name = b.square_name(x, y);
                assert_eq!(b.parse_name(&name), Some(c), "{name}");
            }
        }
        assert_eq!(cells, 91);
        let at = |s: &str| b.parse_name(s).filter(|&c| b.has(c));
        for on in ["a1", "a6", "f1", "f11", "l1", "l6", "k7", "g10"] {
            assert!(at(on).is_some(), "{on}");
        }
        for off in ["a7", "f12", "l7", "j1", "b8", "m1"] {
            assert!(at(off).is_none(), "{off}");
        }
        // f6 is the centre, (5,5) on the grid; a1 is (0,5), l1 (10,0).
        assert_eq!(at("f6"), Some(Coord::new(5, 5)));
        assert_eq!(at("a1"), Some(Coord::new(0, 5)));
        assert_eq!(at("l1"), Some(Coord::new(10, 0)));
    }
}
