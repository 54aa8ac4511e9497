//! Move conditions by region: `initial PIECE in REGION` (double steps by
//! rank, not by "never moved") and `en passant in REGION`, on the
//! catalogue's Horde, Chessgi and on Crazyhouse; conditions on board moves
//! (`move ... where`) on Checkless, Grid and Patrol chess, and `place where
//! not check` (no drop checks).

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::{Game, Status};
use varia::ir::Event;

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

// ---- `move ... where` -------------------------------------------------------

fn ended(g: &Game) -> (u8, Event) {
    match g.status() {
        Status::Ended { winners, cause } => (winners, cause.event),
        other => panic!(
            "expected the game over in {}, got {other:?}",
            g.position().fen()
        ),
    }
}

fn has(g: &Game, m: &str) -> bool {
    moves(g.position()).iter().any(|x| x == m)
}

#[test]
fn checkless_a_check_that_mates_is_allowed() {
    // vchess's first diagram: 1...Kxf7 would give a discovered check from
    // h8 without mating, so Black has no answer: Qf7 mates.
    let t = builtin("checkless");
    let mut g = Game::new(fen(&t, "K5kr/8/5Q2/8/8/8/8/8 w - - 0 1"));
    assert!(has(&g, "f6f7"));
    play(&mut g, &["f6f7"]);
    assert!(g.position().in_check());
    assert!(moves(g.position()).is_empty());
    assert_eq!(ended(&g), (1, Event::Checkmate));
}

#[test]
fn checkless_a_check_that_does_not_mate_is_refused() {
    // vchess's second diagram: now 1...Kxf7 mates White, so 1.Qf7+ is no
    // mate and is refused; so is every other check (Qd8+, Qf8+, Qg6+...).
    let t = builtin("checkless");
    let g = Game::new(fen(&t, "K5kr/RB6/5Q2/8/8/8/8/7b w - - 0 1"));
    for m in ["f6f7", "f6g6", "f6g7", "f6d8", "a7a8"] {
        assert!(!has(&g, m), "{m} checks without mating");
    }
    assert!(has(&g, "f6e5"));
    // And in the start position every move is as in chess: 20.
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    assert_eq!(moves(g.position()).len(), 20);
}

#[test]
fn checkless_the_captures_of_vchess_example() {
    // 1.Qxd8+ is refused: 1...Bc8 answers it.
    let t = builtin("checkless");
    let g = Game::new(fen(
        &t,
        "1k1r1b2/rP1b2p1/pQ1pp1nq/K4p1p/P4PnP/2PN2P1/3PP1B1/R1RN2B1 w - - 0 1",
    ));
    assert!(!has(&g, "b6d8"));
    assert!(has(&g, "b6a6"));
}

#[test]
fn grid_a_move_inside_one_cell_is_refused() {
    let t = builtin("grid");
    let g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    // e1, f1, e2, f2 are one cell: only d1 and d2 cross a line.
    assert_eq!(from(&g, "e1"), ["e1d1", "e1d2"]);
}

#[test]
fn grid_castling_and_en_passant_cross_lines() {
    let t = builtin("grid");
    let g = Game::new(fen(&t, "4k3/8/8/8/8/8/3PPP2/R3K2R w KQ - 0 1"));
    assert!(has(&g, "e1g1") && has(&g, "e1c1"));
    // A step from rank 2 to rank 3 crosses the line between them.
    assert!(has(&g, "e2e3"));
    let g = Game::new(fen(&t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
    // e5xd6 crosses the line between files d and e; e5-e6 stays in the
    // cell e5-f6.
    assert!(has(&g, "e5d6"));
    assert!(!has(&g, "e5e6"));
}

#[test]
fn grid_no_check_from_inside_the_kings_cell() {
    let t = builtin("grid");
    // The queen on e2 stands in the king's cell: no check, and the king
    // may not take it; d1 and d2 are attacked across lines: stalemate.
    let g = Game::new(fen(&t, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"));
    assert!(!g.position().in_check());
    assert!(moves(g.position()).is_empty());
    assert_eq!(ended(&g), (0, Event::Stalemate));
    // From c3 (another cell) the queen checks.
    let g = Game::new(fen(&t, "4k3/8/8/8/8/2q5/8/4K3 w - - 0 1"));
    assert!(g.position().in_check());
}

#[test]
fn patrol_an_unguarded_man_cannot_capture() {
    // Wikipedia's position: the white king, unguarded, may not take the
    // knight on b4; the black rooks, unguarded, give no check.
    let t = builtin("patrol");
    let g = Game::new(fen(&t, "8/1N3N2/8/4k3/1nP5/2K1r3/r7/8 w - - 0 1"));
    assert!(!has(&g, "c3b4"));
    assert!(
        !g.position().in_check(),
        "a check by an unguarded man is no check"
    );
    // The king may step onto d3, which the unguarded rook attacks.
    assert!(has(&g, "c3d3"));
}

#[test]
fn patrol_a_guarded_man_checks_and_mates() {
    let t = builtin("patrol");
    let mut g = Game::new(fen(&t, "8/1N3N2/8/4k3/1nP5/2K1r3/r7/8 w - - 0 1"));
    // 1.Nbd8: the knights guard each other, and f7 checks.
    play(&mut g, &["b7d8"]);
    assert!(g.position().in_check());
    // 1...Ke4 mates: the king guards the rook on e3, which checks.
    play(&mut g, &["e5e4"]);
    assert!(g.position().in_check());
    assert_eq!(ended(&g), (2, Event::Checkmate));
}

#[test]
fn patrol_en_passant_needs_a_guard() {
    let t = builtin("patrol");
    let g = Game::new(fen(&t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"));
    assert!(!has(&g, "e5d6"));
    let g = Game::new(fen(&t, "4k3/8/8/3pP3/5P2/8/8/4K3 w - d6 0 2"));
    assert!(has(&g, "e5d6"), "the f4 pawn guards e5");
}

#[test]
fn no_drop_checks_refuses_a_drop_that_checks() {
    let text = "variant nodc extends crazyhouse {\n  place where not check\n}\n";
    let c = varia::load::load_str("nodc.variant", text, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let t = std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).unwrap());
    let g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"));
    let drops: Vec<String> = moves(g.position())
        .into_iter()
        .filter(|m| m.starts_with("Q@"))
        .collect();
    // Not on the e-file, rank 8, the diagonals of e8 or next to it.
    for m in ["Q@e5", "Q@a8", "Q@b5", "Q@h5", "Q@d7"] {
        assert!(!drops.contains(&m.to_string()), "{m} checks");
    }
    assert!(drops.contains(&"Q@a1".to_string()));
    assert!(drops.contains(&"Q@c5".to_string()));
}
