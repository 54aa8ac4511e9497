//! The conditions of `move ... where` that speak only of the move itself
//! (`capture`, `crosses grid WxH`, `guarded`), compiled per kind. They
//! also decide which attacks count against a royal man: an enemy man
//! attacks a royal only when taking it would meet them (grid chess: no
//! check from inside the royal's cell; patrol chess: no check from an
//! unguarded man).

use crate::engine::core::{Geometry, Square};
use crate::ir::{Pred, Variant};

/// A move-shape test, compiled.
#[derive(Clone, Debug)]
pub enum ShapeTest {
    Not(Box<ShapeTest>),
    And(Vec<ShapeTest>),
    Or(Vec<ShapeTest>),
    /// The move takes a man.
    Capture,
    /// Per square, its cell: from and to in different cells.
    Crosses(Box<[u16]>),
    /// The moving man stands, before the move, on a square a friendly man
    /// attacks.
    Guarded,
}

impl ShapeTest {
    /// The test of a predicate made of move atoms only (`None` when some
    /// atom speaks of the position).
    pub fn new(geo: &Geometry, p: &Pred) -> Option<ShapeTest> {
        let all = |qs: &[Pred]| {
            qs.iter()
                .map(|q| ShapeTest::new(geo, q))
                .collect::<Option<Vec<_>>>()
        };
        Some(match p {
            Pred::Not(q) => ShapeTest::Not(Box::new(ShapeTest::new(geo, q)?)),
            Pred::And(qs) => ShapeTest::And(all(qs)?),
            Pred::Or(qs) => ShapeTest::Or(all(qs)?),
            Pred::Capture => ShapeTest::Capture,
            Pred::Guarded => ShapeTest::Guarded,
            Pred::CrossesGrid { w, h } => ShapeTest::Crosses(cells(geo, *w, *h)),
            _ => return None,
        })
    }
}

/// Per square, its cell of a grid of `w`×`h` cells laid from the square of
/// the first file and first rank.
pub fn cells(geo: &Geometry, w: u8, h: u8) -> Box<[u16]> {
    (0..geo.len())
        .map(|i| {
            let (x, y) = geo.coords(Square::new(i));
            let (cx, cy) = (x.div_euclid(w as i32), y.div_euclid(h as i32));
            // Cells of a board up to 16x16 (or a limit box's coordinates):
            // a hash of the two that keeps distinct cells apart.
            ((cx & 0xff) as u16) << 8 | (cy & 0xff) as u16
        })
        .collect()
}

/// Per kind, the move-shape conditions that apply to it (their
/// conjunction), where the variant has any.
#[derive(Clone, Debug)]
pub struct MoveShape {
    pub per_kind: Vec<Option<ShapeTest>>,
    /// Anti-Circe (`captures reborn capturer`): a man attacks only where
    /// its capture would be legal, its rebirth square free.
    pub reborn_capturer: bool,
}

impl MoveShape {
    pub fn new(v: &Variant, geo: &Geometry) -> Option<MoveShape> {
        let mut per_kind: Vec<Vec<ShapeTest>> = vec![Vec::new(); v.pieces.len()];
        for rule in &v.turn.move_where {
            let Some(test) = ShapeTest::new(geo, &rule.condition) else {
                continue;
            };
            for (k, tests) in per_kind.iter_mut().enumerate() {
                if rule.pieces.is_empty() || rule.pieces.contains(&(k as crate::ir::PieceId)) {
                    tests.push(test.clone());
                }
            }
        }
        if per_kind.iter().all(Vec::is_empty) {
            return None;
        }
        Some(MoveShape {
            per_kind: per_kind
                .into_iter()
                .map(|mut t| match t.len() {
                    0 => None,
                    1 => t.pop(),
                    _ => Some(ShapeTest::And(t)),
                })
                .collect(),
            reborn_capturer: false,
        })
    }
}
