//! Move conditions by region: `initial PIECE in REGION` (double steps by
//! rank, not by "never moved") and `en passant in REGION`, on the
//! catalogue's Horde, Chessgi and on Crazyhouse.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::Game;

fn from(g: &Game, sq: &str) -> Vec<String> {
    moves(g.position())
        .into_iter()
        .filter(|m| m.starts_with(sq))
        .collect()
}

#[test]
fn a_pawn_double_steps_from_every_square_of_its_region_even_after_moving() {
    let t = builtin("horde");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/P7 w - - 0 1"));
    assert_eq!(from(&g, "a1"), ["a1a2", "a1a3"]);
    play(&mut g, &["a1a2", "e8d8"]);
    // It has moved, and stands on rank 2: still a double step.
    assert_eq!(from(&g, "a2"), ["a2a3", "a2a4"]);
    play(&mut g, &["a2a3", "d8e8"]);
    assert_eq!(from(&g, "a3"), ["a3a4"]);
}

#[test]
fn a_dropped_pawn_double_steps_only_from_its_second_rank() {
    let t = builtin("crazyhouse");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/4K3[PP] w - - 0 1"));
    play(&mut g, &["P@a3", "e8d8", "P@b2", "d8e8"]);
    assert_eq!(from(&g, "a3"), ["a3a4"]);
    assert_eq!(from(&g, "b2"), ["b2b3", "b2b4"]);
}

#[test]
fn a_pawn_on_its_first_rank_steps_once_in_chessgi() {
    let t = builtin("chessgi");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"));
    play(&mut g, &["P@a1", "e8d8"]);
    assert_eq!(from(&g, "a1"), ["a1a2"]);
}

#[test]
fn en_passant_targets_outside_the_region_are_not_left() {
    let t = builtin("horde");
    // White's double step a1-a3 passes a2, outside Black's en-passant
    // region (rank 3): the b3 pawn may not take on a2.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/1p6/8/P7 w - - 0 1"));
    play(&mut g, &["a1a3"]);
    assert!(
        g.position().fen().contains(" b - - "),
        "{}",
        g.position().fen()
    );
    assert!(!from(&g, "b3").contains(&"b3a2".to_string()));
    // From rank 2 the passed square is on rank 3: en passant is open.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/1p6/8/P7/8 w - - 0 1"));
    play(&mut g, &["a2a4"]);
    assert!(from(&g, "b4").contains(&"b4a3".to_string()));
}

#[test]
fn castling_to_files_puts_the_king_there_and_the_rook_beside_it() {
    let t = builtin("capablanca");
    let mut g = Game::new(fen(&t, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"));
    play(&mut g, &["f1i1"]);
    assert!(
        g.position()
            .fen()
            .starts_with("r4k3r/10/10/10/10/10/10/R6RK1 b kq "),
        "{}",
        g.position().fen()
    );
    play(&mut g, &["f8c8"]);
    assert!(
        g.position()
            .fen()
            .starts_with("2kr5r/10/10/10/10/10/10/R6RK1 w - "),
        "{}",
        g.position().fen()
    );
}

#[test]
fn a_royal_castler_may_not_cross_an_attacked_square_on_its_way() {
    let t = builtin("capablanca");
    // The rook on g3 attacks g1, which the king crosses going to i1.
    let g = Game::new(fen(&t, "r4k3r/10/10/10/10/6r3/10/R4K3R w KQkq - 0 1"));
    let m = moves(g.position());
    assert!(!m.contains(&"f1i1".to_string()));
    assert!(m.contains(&"f1c1".to_string()));
}

#[test]
fn a_castler_that_is_not_royal_castles_through_attacks() {
    let t = builtin("extinction");
    // The queen on f3 attacks f1: the (non-royal) king castles anyway.
    let mut g = Game::new(fen(
        &t,
        "rnbqk2r/pppppppp/8/8/8/5q2/PPPPP1PP/RNBQK2R w KQkq - 0 1",
    ));
    play(&mut g, &["e1g1"]);
    assert!(g
        .position()
        .fen()
        .starts_with("rnbqk2r/pppppppp/8/8/8/5q2/PPPPP1PP/RNBQ1RK1 b kq "));
}

#[test]
fn chess960_castling_letters_are_read() {
    let t = builtin("extinction");
    let g = Game::new(fen(
        &t,
        "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1",
    ));
    assert_eq!(varia::engine::perft(&mut g.position().clone(), 2), 400);
}

// ---- the grasshopper hop (Betza `g`) -----------------------------------------

fn grasshopper_from(fen_text: &str, sq: &str) -> Vec<String> {
    let t = builtin("grasshopper");
    from(&Game::new(fen(&t, fen_text)), sq)
}

#[test]
fn a_grasshopper_lands_right_behind_the_first_man_on_each_line() {
    // Hurdles: own pawn on d4 (lands d5), enemy pawn on b3 (lands a4),
    // own king on e1 (lands f1). The f3-g4 line has a hurdle on g4, but h5
    // behind it is taken by its own rook. Lines without a man give nothing.
    let moves = grasshopper_from("4k3/8/8/7R/3P2P1/1p6/8/3GK3 w - - 0 1", "d1");
    assert_eq!(moves, ["d1a4", "d1d5", "d1f1"]);
}

#[test]
fn a_grasshopper_captures_the_man_behind_the_hurdle_not_the_hurdle() {
    let moves = grasshopper_from("4k3/8/8/8/3r4/3p4/8/3GK3 w - - 0 1", "d1");
    // d3 is the hurdle; d4 behind it holds a black rook: taken. d3 is not.
    assert!(moves.contains(&"d1d4".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d1d3".to_string()), "{moves:?}");
}

#[test]
fn a_grasshopper_cannot_hop_off_the_board() {
    // The hurdle on d8 is on the edge: nothing behind it.
    let moves = grasshopper_from("3pk3/8/8/8/8/8/8/3GK3 w - - 0 1", "d1");
    assert!(!moves.iter().any(|m| m.starts_with("d1d")), "{moves:?}");
}

#[test]
fn a_grasshopper_gives_check_over_a_hurdle_right_in_front_of_the_king() {
    let t = builtin("grasshopper");
    // g on a1, hurdle on d4, black king on e5: check.
    assert!(fen(&t, "8/8/8/4k3/3P4/8/8/G3K3 b - - 0 1").in_check());
    // The hurdle on c3 puts the landing square on d4, not the king's e5.
    assert!(!fen(&t, "8/8/8/4k3/8/2P5/8/G3K3 b - - 0 1").in_check());
}

// ---- promotion choices per player (`promote ... for PLAYER`) -----------------

#[test]
fn each_player_promotes_to_its_own_choices() {
    let t = builtin("chigorin");
    let g = Game::new(fen(&t, "8/1k5P/8/8/8/3K4/p7/8 w - - 0 1"));
    assert_eq!(from(&g, "h7"), ["h7h8c", "h7h8n", "h7h8r"]);
    let g = Game::new(fen(&t, "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1"));
    assert_eq!(from(&g, "a2"), ["a2a1b", "a2a1q", "a2a1r"]);
}

// ---- castling with several partner kinds -------------------------------------

#[test]
fn the_king_castles_with_either_partner_kind() {
    let t = builtin("perfect");
    let g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/C3K2R w KQ - 0 1"));
    let king = from(&g, "e1");
    assert!(king.contains(&"e1c1".to_string()), "{king:?}");
    assert!(king.contains(&"e1g1".to_string()), "{king:?}");
    // The FEN letters name the outermost partner of either kind.
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/8/C3K2R w KQ - 0 1");
}
