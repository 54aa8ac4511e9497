//! Move diagrams: a man alone on a square of an otherwise empty board (or
//! with a few men in the way, where that teaches something: the hurdles
//! of a hopper, a man on the way of a lame leaper), and where its compiled
//! atoms take it, each square marked move, capture, move or capture, or
//! first move only.
//!
//! The squares come from the engine ([`crate::engine::lone_reach`]): so a
//! hopper, a lame leaper, an initial or regional move and a confined piece
//! show as the engine plays them. A capture is found by putting an enemy
//! man on the square and asking again.

use crate::engine::{lone_reach, Bits, Position, Square, Surroundings, Tables};
use crate::ir::{Coord, Letter, Path, PieceId, Shape};
use crate::notation::words;
use crate::render::{BoardView, Cell, ManView, Mark};
use serde::Serialize;
use std::sync::Arc;

/// What a square of a diagram shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    /// Not a square of the board.
    Hole,
    Empty,
    /// The man the diagram is about.
    Piece,
    /// A man of its side in the way (a hurdle).
    Hurdle,
    /// It moves there (only to an empty square).
    Move,
    /// It captures there (only an enemy man).
    Capture,
    /// It moves or captures there.
    MoveOrCapture,
    /// It moves there only while it has never moved.
    Initial,
}

impl Spot {
    /// The spot for a mark of the man's moves.
    fn of(m: Mark) -> Spot {
        match m {
            Mark::Move => Spot::Move,
            Mark::Capture => Spot::Capture,
            Mark::MoveOrCapture => Spot::MoveOrCapture,
            Mark::Initial => Spot::Initial,
        }
    }

    /// The mark of the man's moves on the spot, if any.
    pub fn mark(self) -> Option<Mark> {
        match self {
            Spot::Move => Some(Mark::Move),
            Spot::Capture => Some(Mark::Capture),
            Spot::MoveOrCapture => Some(Mark::MoveOrCapture),
            Spot::Initial => Some(Mark::Initial),
            _ => None,
        }
    }
}

/// One move diagram.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagram {
    /// What it shows (`from d4 on an empty board`).
    pub title: String,
    /// The square the man stands on.
    pub square: String,
    /// The coordinates of the lower-left square of the window (a1 is
    /// (0, 0)), and its size.
    pub x0: i32,
    pub y0: i32,
    pub width: i32,
    pub height: i32,
    /// Row by row from the lower-left corner, `width * height` spots.
    pub spots: Vec<Spot>,
    /// `board hex N`: the window is the hexagon's axial grid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<u8>,
    /// `board ... wrap`: which edges of the board are joined.
    #[serde(skip_serializing_if = "crate::ir::Wrap::is_flat")]
    pub wrap: crate::ir::Wrap,
}

impl Diagram {
    /// The diagram as a board view and its marks, for the renderers.
    pub fn view(
        &self,
        letter: Letter,
        glyphs: Option<[String; 2]>,
    ) -> (BoardView, Vec<(Coord, Mark)>) {
        let mut marks = Vec::new();
        let cells = self
            .spots
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let c = Coord::new(
                    self.x0 + i as i32 % self.width,
                    self.y0 + i as i32 / self.width,
                );
                match s {
                    Spot::Hole => Cell::Hole,
                    Spot::Empty => Cell::Empty,
                    Spot::Piece => Cell::Man(ManView {
                        letter,
                        glyphs: glyphs.clone(),
                        owner: 0,
                    }),
                    Spot::Hurdle => Cell::Man(ManView {
                        letter: Letter::own('O'),
                        glyphs: None,
                        owner: 0,
                    }),
                    s => {
                        if let Some(m) = s.mark() {
                            marks.push((c, m));
                        }
                        Cell::Empty
                    }
                }
            })
            .collect();
        (
            BoardView {
                x0: self.x0,
                y0: self.y0,
                width: self.width,
                height: self.height,
                cells,
                player_names: Vec::new(),
                to_move: 0,
                last: Vec::new(),
                hands: Vec::new(),
                decks: Vec::new(),
                deck_cards: Vec::new(),
                notes: Vec::new(),
                out: Vec::new(),
                points: None,
                hex: self.hex,
                wrap: self.wrap,
                layers: 1,
            },
            marks,
        )
    }

    /// The marks that occur in the diagram, in a fixed order (for a
    /// legend).
    pub fn marks(&self) -> Vec<Mark> {
        [
            Mark::MoveOrCapture,
            Mark::Move,
            Mark::Capture,
            Mark::Initial,
        ]
        .into_iter()
        .filter(|m| self.spots.contains(&Spot::of(*m)))
        .collect()
    }
}

/// The square among `candidates` nearest their middle (ties: the lower
/// rank, then the lower file).
fn central(pos: &Position, candidates: &[Square]) -> Option<Square> {
    let all: Vec<Coord> = candidates.iter().map(|&s| pos.coord(s)).collect();
    if all.is_empty() {
        return None;
    }
    let n = all.len() as f64;
    let mx = all.iter().map(|c| f64::from(c.x)).sum::<f64>() / n;
    let my = all.iter().map(|c| f64::from(c.y)).sum::<f64>() / n;
    candidates.iter().copied().min_by(|&a, &b| {
        let (ca, cb) = (pos.coord(a), pos.coord(b));
        let da = (f64::from(ca.x) - mx).powi(2) + (f64::from(ca.y) - my).powi(2);
        let db = (f64::from(cb.x) - mx).powi(2) + (f64::from(cb.y) - my).powi(2);
        da.total_cmp(&db)
            .then(ca.y.cmp(&cb.y))
            .then(ca.x.cmp(&cb.x))
    })
}

/// The squares of region `r` as player 0 sees them.
fn region_squares(pos: &Position, r: u16) -> Vec<Square> {
    pos.tables()
        .variant()
        .regions
        .get(r as usize)
        .and_then(|reg| reg.squares.first())
        .map(|cs| cs.iter().filter_map(|&c| pos.square_at(c)).collect())
        .unwrap_or_default()
}

/// A kind the man may capture for the diagram: not royal (a royal left
/// attacked would not be a position), not one it never captures.
fn victim(tables: &Tables, kind: PieceId) -> Option<PieceId> {
    let v = tables.variant();
    let never = v.pieces[kind as usize].never_captures;
    (0..v.pieces.len() as PieceId).find(|&k| !v.pieces[k as usize].royal && !never.contains(k))
}

/// The diagram of a man of `kind` (the first player's, facing its way) on
/// `from`, with `hurdles` of its side on the board; `None` when such a
/// board is no position of the variant.
fn diagram(
    tables: &Arc<Tables>,
    pos: &Position,
    kind: PieceId,
    from: Square,
    hurdles: &[Square],
    title: String,
) -> Option<Diagram> {
    let v = tables.variant();
    let owner = 0;
    let facing = v.players.first()?.forward;
    let around = Surroundings {
        own: hurdles.to_vec(),
        enemy: None,
    };
    let moved = lone_reach(tables, kind, owner, facing, from, false, &around)?;
    let unmoved = lone_reach(tables, kind, owner, facing, from, true, &around).unwrap_or(moved);
    let prey = victim(tables, kind);
    let captures = |sq: Square, fresh: bool| {
        prey.is_some_and(|k| {
            let around = Surroundings {
                own: hurdles.to_vec(),
                enemy: Some((sq, k)),
            };
            lone_reach(tables, kind, owner, facing, from, fresh, &around)
                .is_some_and(|r| r.contains(sq))
        })
    };
    let has_initial = v.pieces[kind as usize].moves.iter().any(|a| a.initial());
    // The window: the board, or the limit box around the man.
    let here = pos.coord(from);
    let (x0, y0, w, h) = match v.board.shape {
        Shape::Rect { width, height, .. } => (0, 0, width as i32, height as i32),
        Shape::Unbounded { width, height } => (
            here.x - (width as i32 - 1) / 2,
            here.y - (height as i32 - 1) / 2,
            width as i32,
            height as i32,
        ),
    };
    let mut spots = Vec::with_capacity((w * h) as usize);
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let Some(sq) = pos.square_at(Coord::new(x, y)) else {
                spots.push(Spot::Hole);
                continue;
            };
            if sq == from {
                spots.push(Spot::Piece);
                continue;
            }
            if hurdles.contains(&sq) {
                spots.push(Spot::Hurdle);
                continue;
            }
            let m = moved.contains(sq);
            let first = !m && unmoved.contains(sq);
            let c = captures(sq, false) || (has_initial && captures(sq, true));
            spots.push(match (m, c, first) {
                (true, true, _) => Spot::MoveOrCapture,
                (true, false, _) => Spot::Move,
                (false, true, _) => Spot::Capture,
                (false, false, true) => Spot::Initial,
                _ => Spot::Empty,
            });
        }
    }
    Some(Diagram {
        title,
        square: words::square(pos, from),
        x0,
        y0,
        width: w,
        height: h,
        spots,
        hex: v.board.hex,
        wrap: v.board.wrap,
    })
}

/// The diagrams of a piece: from a central square of the board (of its
/// confinement region, when it is confined) on an empty board; with men
/// in the way when it hops; from a square of each region where it has
/// more moves.
pub fn diagrams(tables: &Arc<Tables>, kind: PieceId) -> Vec<Diagram> {
    let Ok(pos) = Position::start(tables.clone()) else {
        return Vec::new();
    };
    let v = tables.variant();
    let piece = &v.pieces[kind as usize];
    let board: Vec<Square> = tables.geometry().squares().collect();
    let home = match piece.confined {
        Some(r) => region_squares(&pos, r),
        None => board.clone(),
    };
    let mut out = Vec::new();
    let Some(from) = central(&pos, &home) else {
        return out;
    };
    let name = words::square(&pos, from);
    if let Some(d) = diagram(
        tables,
        &pos,
        kind,
        from,
        &[],
        format!("from {name} on an empty board"),
    ) {
        out.push(d);
    }
    // Hoppers: a man of its side two squares away on each hopping line.
    let facing = v
        .players
        .first()
        .map_or(crate::ir::Dir::North, |p| p.forward);
    let hops: Vec<(i32, i32)> = piece
        .moves
        .iter()
        .filter(|a| matches!(a.path, Path::Hop | Path::Grasshop))
        .flat_map(|a| a.vectors.iter())
        .map(|&(x, y)| facing.rotate((x as i32, y as i32)))
        .collect();
    if !hops.is_empty() {
        let c = pos.coord(from);
        let mut hurdles: Vec<Square> = hops
            .iter()
            .filter_map(|&(dx, dy)| pos.square_at(Coord::new(c.x + 2 * dx, c.y + 2 * dy)))
            .collect();
        hurdles.sort_by_key(|s| s.index());
        hurdles.dedup();
        if let Some(d) = diagram(
            tables,
            &pos,
            kind,
            from,
            &hurdles,
            format!("from {name} with men of its side in the way (O)"),
        ) {
            out.push(d);
        }
    }
    // Lame leapers: a man of its side on the way of one lame leap (the
    // first step towards it), so the leaps it blocks show missing.
    let lame = piece
        .moves
        .iter()
        .filter(|a| a.path == Path::Lame)
        .flat_map(|a| a.vectors.iter())
        .map(|&(x, y)| facing.rotate((x as i32, y as i32)))
        .find(|&(x, y)| x.abs().max(y.abs()) > 1);
    if let Some((x, y)) = lame {
        let step = (
            x.signum() * i32::from(x.abs() >= y.abs()),
            y.signum() * i32::from(y.abs() >= x.abs()),
        );
        let c = pos.coord(from);
        if let Some(block) = pos.square_at(Coord::new(c.x + step.0, c.y + step.1)) {
            if let Some(d) = diagram(
                tables,
                &pos,
                kind,
                from,
                &[block],
                format!("from {name} with a man of its side on its way (O)"),
            ) {
                out.push(d);
            }
        }
    }
    for z in &piece.zone_moves {
        let squares = region_squares(&pos, z.region);
        let Some(at) = central(&pos, &squares) else {
            continue;
        };
        let region = v
            .regions
            .get(z.region as usize)
            .map_or_else(String::new, |r| r.name.clone());
        if let Some(d) = diagram(
            tables,
            &pos,
            kind,
            at,
            &[],
            format!(
                "from {} on {region} (where it also moves `{}`)",
                words::square(&pos, at),
                z.betza
            ),
        ) {
            out.push(d);
        }
    }
    out
}
