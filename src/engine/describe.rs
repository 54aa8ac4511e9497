//! Describing moves for notation: coordinates in the FEN frame and the
//! [`ActionInfo`] that [`crate::notation`] writes and parses.

use super::fen;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::square::Square;
use crate::ir::Coord;
use crate::notation::{self, ActionInfo, ActionKind};

impl Position {
    /// The coordinate of a square as players see it: `(0,0)` is a1 on a
    /// board; on an unbounded board it is the limit box's minimum corner
    /// (a man that steps outside the box has negative coordinates).
    pub fn coord(&self, sq: Square) -> Coord {
        let (ox, oy) = fen::frame_origin(&self.tables);
        let (x, y) = self.tables.geo.coords(sq);
        Coord::new(x - ox, y - oy)
    }

    /// The square at a coordinate (see [`Position::coord`]), if real.
    pub fn square_at(&self, c: Coord) -> Option<Square> {
        let (ox, oy) = fen::frame_origin(&self.tables);
        self.tables.geo.square(c.x + ox, c.y + oy)
    }

    /// The move as [`ActionInfo`], without `check`/`mate`.
    fn info(&self, mv: Move) -> ActionInfo {
        let t = &*self.tables;
        let letter = |k: u8| {
            t.variant
                .pieces
                .get(k as usize)
                .map(|p| p.letter.to_ascii_uppercase())
                .unwrap_or('?')
        };
        let pawnlike = |k: u8| {
            t.variant
                .pieces
                .get(k as usize)
                .is_some_and(|p| p.promotion.is_some() || p.letter.eq_ignore_ascii_case(&'P'))
        };
        let c = |sq: Square| sq.get().map(|s| self.coord(s));
        let mover = mv.from().and_then(|f| self.man_at(f));
        let kind = match mv.kind {
            MoveKind::Normal | MoveKind::Lame | MoveKind::EnPassant | MoveKind::Castle => {
                ActionKind::Move
            }
            MoveKind::Drop | MoveKind::PlaceAndMove | MoveKind::PlaceAndReturn => ActionKind::Place,
            MoveKind::DrawPlace => ActionKind::Draw,
            MoveKind::Swap => ActionKind::Swap,
            MoveKind::Pass => ActionKind::Pass,
        };
        let piece_kind = mv.placed().or(mover.map(|m| m.kind()));
        let mut a = ActionInfo::new(kind, piece_kind.map(letter).unwrap_or('?'));
        a.pawn = piece_kind.is_some_and(pawnlike);
        a.from = c(mv.from);
        a.to = c(mv.to);
        a.promotion = mv.promotion().map(letter);
        match mv.kind {
            MoveKind::Normal | MoveKind::Lame => {
                a.capture = self.man_at(mv.to).is_some();
            }
            MoveKind::EnPassant => a.capture = true,
            MoveKind::Castle => {
                let (fx, fy) = t.geo.coords(mv.from);
                let (px, py) = t.geo.coords(Square(mv.aux));
                a.castle = Some(if fy == py { px < fx } else { py < fy });
            }
            MoveKind::PlaceAndMove => a.then_to = c(Square(mv.aux)),
            MoveKind::PlaceAndReturn => a.returns = c(Square(mv.aux)),
            _ => {}
        }
        a
    }

    /// The move as notation sees it, with `check` (an enemy royal is
    /// attacked afterwards) and `mate` (the next player is in check and has
    /// no legal move).
    pub fn action_info(&self, mv: Move) -> ActionInfo {
        let mut a = self.info(mv);
        let mut after = self.clone();
        let me = self.turn();
        after.play(mv);
        let t = &*self.tables;
        a.check = (0..t.nplayers as u8)
            .filter(|&p| after.alive() & (1 << p) != 0 && !t.is_friend(me, p))
            .any(|p| after.royal_attacked(p));
        a.mate = a.check && after.in_check() && after.legal_moves().is_empty();
        a
    }

    /// [`Position::action_info`] for each move of a list.
    pub fn action_infos(&self, moves: &[Move]) -> Vec<ActionInfo> {
        moves.iter().map(|&m| self.action_info(m)).collect()
    }

    /// The move in coordinate notation ([`notation::coordinate`]): `e2e4`,
    /// `e7e8q`, `e1g1` (castling: the royal's move), `P@e4`, `P@e4e5`,
    /// `B@c3/d4`, `swap e1 h1`, `pass`.
    pub fn move_text(&self, mv: Move) -> String {
        notation::coordinate(&self.info(mv))
    }
}
