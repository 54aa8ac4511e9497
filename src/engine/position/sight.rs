//! What a player sees under `fog of war` (docs/LANGUAGE.md, "fog of
//! war"): the men of its side, and every square that the candidate board
//! moves of its side's men reach, as if it were to act in the position as
//! it stands (plain moves and captures, double steps, castling, en passant
//! with its victim; before the constraints, so a pin or a check tells
//! nothing).
//!
//! Off the hot path: nothing here is called by generation, make or perft;
//! a view costs one candidate generation per player of the side, on a copy
//! of the state. A variant without `fog of war` never calls it.

use super::checked::{with_pos, Position};
use super::movegen;
use crate::engine::core::{Bits, Bitset, MoveList, State};
use crate::engine::movement::{friends_bb, Ctx};
use crate::engine::tables::Compiled;
use crate::ir::PlayerId;

impl Position {
    /// The squares `seat` sees: the squares of its side's men (its own and
    /// its team mates'), and the squares where a candidate board move of a
    /// man of its side lands, with the man an en-passant capture would take
    /// (see the module's header). Holes are never in it.
    pub fn sight(&self, seat: PlayerId) -> Bitset {
        with_pos!(&self.inner, c, s => sight_in(c, s, seat))
    }
}

fn sight_in<B: Bits>(c: &Compiled<B>, s: &State<B>, seat: PlayerId) -> Bitset {
    let b = &c.base;
    let mut s = s.scratch();
    let mut seen = friends_bb(b, &s, seat);
    for p in 0..b.nplayers as PlayerId {
        if p != seat && !b.is_friend(seat, p) {
            continue;
        }
        let mut ctx = Ctx::new(b, &s, p, c.rules.captures.any());
        ctx.ep = c.rules.en_passant.is_some();
        let mut out = MoveList::new();
        movegen::gen_pseudo(c, &s, &ctx, &mut out);
        movegen::gen_special(c, &mut s, &ctx, None, &mut out);
        for mv in out.iter() {
            for sq in [mv.to(), mv.aux_square()].into_iter().flatten() {
                seen |= B::single(sq);
            }
        }
    }
    (seen & b.real).widen()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Tables;
    use std::sync::Arc;

    fn fog(fen: &str) -> Position {
        let v = crate::load::builtin("fogofwar", &[]).expect("built in");
        Position::from_fen(Arc::new(Tables::new(&v).expect("compiles")), fen).expect("FEN")
    }

    fn seen(pos: &Position, seat: PlayerId) -> Vec<String> {
        let sight = pos.sight(seat);
        let mut v: Vec<String> = sight
            .into_iter()
            .map(|sq| crate::notation::square(pos.coord(sq)))
            .collect();
        v.sort();
        v
    }

    /// The board as Fairy-Stockfish's `get_fog_fen` writes it: every square
    /// the seat to move does not see is `*`.
    fn fog_board(pos: &Position) -> String {
        let sight = pos.sight(pos.turn());
        let geo = pos.tables().geometry();
        let mut rows = Vec::new();
        for y in (0..8).rev() {
            let (mut row, mut empty) = (String::new(), 0);
            for x in 0..8 {
                let sq = geo.grid_square(x, y).expect("a square");
                let c = if !sight.contains(sq) {
                    Some('*')
                } else {
                    pos.man_at(sq).map(|m| {
                        let l = pos.tables().variant().pieces[m.kind() as usize].letter.ch();
                        if m.owner() == 0 {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        }
                    })
                };
                match c {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// The two positions of Fairy-Stockfish's `test_get_fog_fen` (its
    /// test.py, commit c19b5f6c) give the same fogged board.
    #[test]
    fn the_view_matches_fairy_stockfish_fog_fen() {
        let start = fog("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(
            fog_board(&start),
            "********/********/********/********/8/8/PPPPPPPP/RNBQKBNR"
        );
        let ep = fog("rnbqkbnr/p1p2ppp/8/Pp1pp3/4P3/8/1PPP1PPP/RNBQKBNR w KQkq b6 0 1");
        assert_eq!(
            fog_board(&ep),
            "********/********/2******/Pp*p***1/4P3/4*3/1PPP1PPP/RNBQKBNR"
        );
    }

    /// A man behind a blocker is hidden: the rook on a1 sees up to its own
    /// pawn on a3, the pawn sees a4 but not the rook on a5 in front of it;
    /// Black's rook sees down to the pawn (which it could take), not the
    /// rook behind it.
    #[test]
    fn fog_hides_a_man_behind_a_blocker() {
        let pos = fog("4k3/8/8/r7/8/P7/8/R3K3 w - - 0 1");
        let white = seen(&pos, 0);
        assert!(white.contains(&"a2".into()) && white.contains(&"a4".into()));
        assert!(!white.contains(&"a5".into()), "{white:?}");
        let black = seen(&pos, 1);
        assert!(black.contains(&"a3".into()) && black.contains(&"a4".into()));
        assert!(!black.contains(&"a1".into()), "{black:?}");
        assert!(!black.contains(&"a2".into()), "{black:?}");
    }

    /// A square a pawn could only capture onto is seen while an enemy man
    /// stands there, and not when it is empty.
    #[test]
    fn a_pawn_sees_a_capture_square_only_with_an_enemy_man_on_it() {
        let pos = fog("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        let white = seen(&pos, 0);
        assert!(white.contains(&"d5".into()), "{white:?}");
        assert!(white.contains(&"e5".into()));
        assert!(!white.contains(&"f5".into()), "{white:?}");
        let empty = fog("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
        assert!(!seen(&empty, 0).contains(&"d5".into()));
    }

    /// En passant: while the capture is open, the square it lands on and
    /// the pawn it would take are seen (chess.com's rule); without the
    /// record, neither is.
    #[test]
    fn the_en_passant_square_and_its_victim_are_seen_only_while_open() {
        let open = seen(&fog("4k3/8/8/Pp6/8/8/8/4K3 w - b6 0 1"), 0);
        assert!(open.contains(&"b6".into()) && open.contains(&"b5".into()));
        let shut = seen(&fog("4k3/8/8/Pp6/8/8/8/4K3 w - - 0 1"), 0);
        assert!(!shut.contains(&"b6".into()) && !shut.contains(&"b5".into()));
    }

    /// The seat not to move sees by the same rule (as if it were to act):
    /// Black, waiting, sees its men and where they could go, not White's
    /// men out of their reach.
    #[test]
    fn the_seat_not_to_move_sees_by_its_own_moves() {
        let pos = fog("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let black = seen(&pos, 1);
        assert!(black.contains(&"e5".into()) && black.contains(&"a6".into()));
        assert!(!black.contains(&"e4".into()), "{black:?}");
        assert!(!black.contains(&"e1".into()));
        // Its 16 men, and ranks 6 and 5 (steps, double steps, knights).
        assert_eq!(black.len(), 16 + 16, "{black:?}");
    }
}
