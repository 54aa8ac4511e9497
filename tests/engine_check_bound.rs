//! Board moves that depend on check and on has-moved flags: `while in
//! check: ... may only capture the checker | may not move` (Makpong),
//! `initial ... not in check`, `initial ... lost when aimed by ...` and
//! `initial ... listed in castling field` (Cambodian chess, Kar Ouk).

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use std::sync::Arc;
use varia::engine::{perft, Game, Position, Status, Tables};

fn inline(text: &str) -> Arc<Tables> {
    let c = varia::check::check_str("inline.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    Arc::new(Tables::new(&c.variants[0]).expect("compiles"))
}

fn has(pos: &Position, m: &str) -> bool {
    moves(pos).iter().any(|x| x == m)
}

#[test]
fn makpong_a_king_in_check_may_only_take_the_checker() {
    let t = builtin("makpong");
    assert_eq!(moves(&fen(&t, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")), ["e1e2"]);
    // The same position in makruk: the king may also step aside.
    let m = builtin("makruk");
    assert!(moves(&fen(&m, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")).len() > 1);
}

#[test]
fn makpong_a_distant_checker_leaves_the_king_still_and_others_parry() {
    let t = builtin("makpong");
    assert_eq!(
        moves(&fen(&t, "4k3/8/4r3/8/8/8/R7/4K3 w - - 0 1")),
        ["a2e2"]
    );
}

#[test]
fn makpong_a_defended_checker_cannot_be_taken_by_the_king() {
    // The rook on e2 is defended by the khon on d3: the king may take it
    // by the rule, but not into check; it is mate.
    let t = builtin("makpong");
    let g = Game::new(fen(&t, "4k3/8/8/8/8/3s4/4r3/4K3 w - - 0 1"));
    assert!(g.legal_moves().is_empty());
    assert!(matches!(g.status(), Status::Ended { winners: 2, .. }));
}

#[test]
fn makpong_in_double_check_the_king_cannot_move() {
    let t = builtin("makpong");
    let pos = fen(&t, "4k3/8/4r3/8/8/3n4/8/4K3 w - - 0 1");
    assert!(moves(&pos).is_empty());
}

#[test]
fn makpong_out_of_check_the_king_moves_freely() {
    let t = builtin("makpong");
    let pos = fen(&t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves(&pos).len(), 5);
}

const FROZEN: &str = r#"variant frozen {
  players white, black
  board 8x8
  use king, queen, rook
  setup {
    white: K e1, Q a4
    black: K e8, R e6
  }
  while in check: queen may not move
  end { checkmate -> lose }
}
"#;

#[test]
fn a_frozen_piece_makes_no_move_in_check_but_moves_out_of_it() {
    let t = inline(FROZEN);
    // In check from e6: the queen could block on e3, but it may not move
    // at all; only the king does.
    let pos = fen(&t, "4k3/8/4r3/8/8/Q7/8/4K3 w - - 0 1");
    assert!(
        moves(&pos).iter().all(|m| m.starts_with("e1")),
        "{:?}",
        moves(&pos)
    );
    // Out of check the queen moves.
    let pos = fen(&t, "4k3/8/3r4/8/8/Q7/8/4K3 w - - 0 1");
    assert!(has(&pos, "a3e3"));
}

#[test]
fn cambodian_start_has_the_king_leap_and_writes_the_flags() {
    let t = builtin("cambodian");
    let pos = Position::start(t.clone()).unwrap();
    assert!(has(&pos, "d1b2") && has(&pos, "d1f2"));
    assert_eq!(
        pos.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    // The met double-steps once a square in front is free: here e3 is
    // empty.
    let pos = fen(&t, "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
    assert!(has(&pos, "e1e3"));
    // Without the letters neither has moved-flags: no leap, no double step.
    let pos = fen(&t, "4k3/8/8/8/8/8/8/3KM3 w - - 0 1");
    assert!(!has(&pos, "d1b2") && !has(&pos, "e1e3"));
}

#[test]
fn cambodian_a_king_that_moved_loses_its_letter() {
    let t = builtin("cambodian");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/3KM3 w DEe - 0 1"));
    play(&mut g, &["d1d2"]);
    // (Black's lone king now counts to 63 moves from 3 men: Cambodian
    // counting, written as Fairy-Stockfish writes this position.)
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/3K4/4M3 b Ee 126 6 1");
}

#[test]
fn cambodian_an_unmoved_king_off_its_back_rank_is_marked_in_the_placement() {
    let t = builtin("cambodian");
    let pos = fen(&t, "4k3/8/8/8/8/3K(u)4/8/8 w - - 0 1");
    assert!(has(&pos, "d3b4"));
    assert_eq!(pos.fen(), "4k3/8/8/8/8/3K(u)4/8/8 w - - 0 1");
}

#[test]
fn cambodian_a_letter_on_a_square_without_such_a_man_is_ignored() {
    let t = builtin("cambodian");
    let pos = fen(&t, "4k3/8/8/8/8/8/8/R2K4 w AD - 0 1");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R2K4 w D - 0 1");
}

#[test]
fn cambodian_a_king_in_check_may_not_leap_but_may_later() {
    let t = builtin("cambodian");
    let pos = fen(&t, "4k3/8/8/8/8/8/8/3K3r w D - 0 1");
    assert!(!has(&pos, "d1b2") && !has(&pos, "d1f2"));
    // The same king, not in check, leaps.
    let pos = fen(&t, "4kr2/8/8/8/8/8/8/3K4 w D - 0 1");
    assert!(has(&pos, "d1b2") && !has(&pos, "d1f2"), "f2 is attacked");
}

#[test]
fn cambodian_a_rook_aiming_at_the_unmoved_king_takes_its_leap() {
    let t = builtin("cambodian");
    let mut g = Game::new(fen(&t, "4k3/4p3/8/8/8/8/R7/3K4 w De - 0 1"));
    // A rook move that does not aim keeps the leap.
    play(&mut g, &["a2a3"]);
    assert!(has(g.position(), "e8c7"));
    g.undo();
    // Onto the king's file, behind its own pawn: the leap is gone.
    play(&mut g, &["a2e2"]);
    assert!(!has(g.position(), "e8c7") && !has(g.position(), "e8g7"));
    // (Black, two men, counts the board's honour: 63 moves, as
    // Fairy-Stockfish writes it.)
    assert_eq!(g.position().fen(), "4k3/4p3/8/8/8/8/4R3/3K4 b D 126 0 1");
    // Onto its rank as well (with check).
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/R7/3K4 w De - 0 1"));
    play(&mut g, &["a2a8"]);
    assert_eq!(g.position().fen(), "R3k3/8/8/8/8/8/8/3K4 b D 30 6 1");
    // Another kind aims at nothing: a khon on the king's file keeps it.
    let mut g = Game::new(fen(&t, "4k3/4p3/8/8/8/8/3S4/3K4 w De - 0 1"));
    play(&mut g, &["d2e3"]);
    assert!(has(g.position(), "e8c7"));
}

#[test]
fn karouk_the_first_check_wins() {
    let t = builtin("karouk");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/R2K4 w De - 0 1"));
    play(&mut g, &["a1a8"]);
    assert!(matches!(g.status(), Status::Ended { winners: 1, .. }));
    assert!(g.legal_moves().is_empty());
}

/// A pawn whose double step is closed in check: the move list and the
/// count (which takes all the pawns' steps at once) both leave out the
/// double step that would block the check, and both give it back once the
/// check is gone.
#[test]
fn a_pawn_double_step_closed_in_check_is_not_counted_either() {
    let t = inline(
        "variant closed \"Closed\" {
  players white, black
  board 8x8
  piece king K moves \"K\" royal
  piece rook R moves \"R\"
  piece pawn P moves \"fmW fceF ifmnD\"
  initial pawn not in check
  setup {
    white: K h4, P d2 facing north, P g2 facing north
    black: K a8, R a4
  }
  end {
    checkmate -> lose
  }
}
",
    );
    let mut pos = Position::start(t.clone()).unwrap();
    assert!(
        !has(&pos, "d2d4") && !has(&pos, "g2g4"),
        "{:?}",
        moves(&pos)
    );
    assert_eq!(perft(&mut pos, 1), moves(&pos).len() as u64);
    // The same men without the check: the double steps are open.
    let mut pos = fen(&t, "k7/8/8/r7/7K/8/3P2P1/8 w - - 0 1");
    assert!(has(&pos, "d2d4") && has(&pos, "g2g4"), "{:?}", moves(&pos));
    assert_eq!(perft(&mut pos, 1), moves(&pos).len() as u64);
}
