//! Chess edge cases of RULES.md §2(c), one test per case. The variant is
//! the hand-written IR fixture `tests/fixtures/chess.ir.json`.

#[path = "fixtures/common.rs"]
mod common;

use common::{chess, fen, moves, mv, play};
use varia::engine::{Game, Position, Status};
use varia::ir::Event;

const WHITE: u8 = 1;
const BLACK: u8 = 2;

fn game(f: &str) -> Game {
    Game::new(fen(&chess(), f))
}

fn has(pos: &Position, m: &str) -> bool {
    moves(pos).iter().any(|x| x == m)
}

fn ended(g: &Game) -> (u8, Event) {
    match g.status() {
        Status::Ended { winners, cause } => (winners, cause.event),
        other => panic!(
            "expected the game to be over in {}, got {other:?}",
            g.position().fen()
        ),
    }
}

// ---- en passant -----------------------------------------------------------

#[test]
fn en_passant_right_after_the_double_step() {
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut g, &["e2e4"]);
    assert_eq!(g.position().fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert!(has(g.position(), "d4e3"));
    play(&mut g, &["d4e3"]);
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2");
}

#[test]
fn en_passant_only_on_the_very_next_move() {
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(&mut g, &["e2e4", "e8d8", "e1d1"]);
    assert!(!has(g.position(), "d4e3"));
    assert!(has(g.position(), "d4d3"));
}

#[test]
fn en_passant_exposing_the_king_on_the_rank_is_illegal() {
    let g = game("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    assert!(!has(g.position(), "b5c6"));
    assert!(has(g.position(), "b5b6"));
}

#[test]
fn en_passant_capture_that_removes_the_checking_pawn_is_legal() {
    // White has just played d2-d4, checking the king on c5.
    let g = game("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(g.position().in_check());
    assert!(has(g.position(), "e4d3"));
}

// ---- castling --------------------------------------------------------------

#[test]
fn castling_both_sides_when_allowed() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(has(g.position(), "e1g1"));
    assert!(has(g.position(), "e1c1"));
    play(&mut g, &["e1g1"]);
    assert_eq!(g.position().fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    play(&mut g, &["e8c8"]);
    assert_eq!(g.position().fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn castling_out_of_check_is_illegal() {
    let g = game("r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1");
    assert!(g.position().in_check());
    assert!(!has(g.position(), "e1g1"));
    assert!(!has(g.position(), "e1c1"));
}

#[test]
fn castling_through_an_attacked_square_is_illegal() {
    let g = game("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert!(!has(g.position(), "e1g1"), "f1 is attacked");
    assert!(has(g.position(), "e1c1"));
    let g = game("4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1");
    assert!(!has(g.position(), "e1c1"), "d1 is attacked");
    assert!(has(g.position(), "e1g1"));
}

#[test]
fn castling_into_an_attacked_square_is_illegal() {
    let g = game("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
    assert!(!has(g.position(), "e1g1"), "g1 is attacked");
    let g = game("4k3/8/8/8/8/8/2r5/R3K2R w KQ - 0 1");
    assert!(!has(g.position(), "e1c1"), "c1 is attacked");
}

#[test]
fn castling_queenside_with_b1_attacked_is_legal() {
    let g = game("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1");
    assert!(has(g.position(), "e1c1"));
}

#[test]
fn castling_queenside_with_b1_occupied_is_illegal() {
    let g = game("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(!has(g.position(), "e1c1"));
}

#[test]
fn castling_after_the_rook_moved_away_and_back_is_illegal() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    play(&mut g, &["h1h2", "e8d8", "h2h1", "d8e8"]);
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/8/R3K2R w Q - 4 3");
    assert!(!has(g.position(), "e1g1"));
    assert!(has(g.position(), "e1c1"));
}

#[test]
fn castling_after_the_king_moved_away_and_back_is_illegal() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    play(&mut g, &["e1f1", "e8d8", "f1e1", "d8e8"]);
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert!(!has(g.position(), "e1g1") && !has(g.position(), "e1c1"));
}

#[test]
fn castling_right_is_gone_once_the_rook_is_captured_on_h1() {
    let mut g = game("4k3/8/8/8/8/8/6b1/R3K2R b KQ - 0 1");
    play(&mut g, &["g2h1"]);
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/8/R3K2b w Q - 0 2");
    assert!(!has(g.position(), "e1g1"));
}

// ---- promotion ---------------------------------------------------------------

#[test]
fn promotion_to_each_of_queen_rook_bishop_knight() {
    let g = game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let m = moves(g.position());
    for p in ["a7a8q", "a7a8r", "a7a8b", "a7a8n"] {
        assert!(m.contains(&p.to_string()), "{p} in {m:?}");
    }
    assert!(!m.contains(&"a7a8".to_string()), "promotion is mandatory");
}

#[test]
fn promotion_by_capture() {
    let mut g = game("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves(g.position())
            .iter()
            .filter(|m| m.starts_with("a7"))
            .count(),
        8
    );
    play(&mut g, &["a7b8q"]);
    assert_eq!(g.position().fen(), "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(g.position().in_check());
}

#[test]
fn underpromotion_to_a_knight_gives_check() {
    let mut g = game("8/3P1k2/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut g, &["d7d8n"]);
    assert!(g.position().in_check());
    let mut g = game("8/3P1k2/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut g, &["d7d8q"]);
    assert!(!g.position().in_check());
}

#[test]
fn promotion_that_gives_mate_wins() {
    let mut g = game("7k/P7/6K1/8/8/8/8/8 w - - 0 1");
    play(&mut g, &["a7a8q"]);
    assert_eq!(ended(&g), (WHITE, Event::Checkmate));
}

#[test]
fn black_promotes_on_rank_one() {
    let g = game("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    assert!(has(g.position(), "a2a1q"));
    assert!(has(g.position(), "a2a1n"));
}

// ---- mate and stalemate -----------------------------------------------------------

#[test]
fn checkmate_is_a_win_for_the_mating_side() {
    let mut g = game("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    play(&mut g, &["d8h4"]);
    assert_eq!(ended(&g), (BLACK, Event::Checkmate));
}

#[test]
fn stalemate_is_a_draw() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(g.legal_moves().is_empty());
    assert!(!g.position().in_check());
    assert_eq!(ended(&g), (0, Event::Stalemate));
}

// ---- the 50-move rule ------------------------------------------------------------------

#[test]
fn quiet_counter_reset_by_a_pawn_move() {
    let mut g = game("4k3/8/8/8/8/8/4P3/4K3 w - - 10 30");
    play(&mut g, &["e2e3"]);
    assert_eq!(g.position().quiet_plies(), 0);
    play(&mut g, &["e8d8"]);
    assert_eq!(g.position().quiet_plies(), 1);
}

#[test]
fn quiet_counter_reset_by_a_capture() {
    let mut g = game("4k3/8/8/8/8/8/4r3/4K3 w - - 10 30");
    play(&mut g, &["e1e2"]);
    assert_eq!(g.position().quiet_plies(), 0);
}

#[test]
fn quiet_counter_counts_other_moves() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 10 30");
    play(&mut g, &["a1a2"]);
    assert_eq!(g.position().quiet_plies(), 11);
}

#[test]
fn fifty_move_rule_draws_at_ply_100() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    play(&mut g, &["a1a2"]);
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, &["e8d8"]);
    assert_eq!(g.position().quiet_plies(), 100);
    assert!(matches!(ended(&g), (0, Event::Quiet { plies: 100, .. })));
}

#[test]
fn mate_on_ply_100_wins() {
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 99 80");
    play(&mut g, &["a1a8"]);
    assert_eq!(g.position().quiet_plies(), 100);
    assert_eq!(ended(&g), (WHITE, Event::Checkmate));
}

// ---- repetition ---------------------------------------------------------------------------

#[test]
fn threefold_repetition_draws() {
    let mut g = Game::new(Position::start(chess()).unwrap());
    play(&mut g, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(g.occurrences(), 3);
    assert_eq!(ended(&g), (0, Event::Repetition(3)));
    g.undo();
    assert_eq!(g.status(), Status::Ongoing);
    // Taking moves back counts from the restored position: after f3g1
    // (second time), then the start (second time), then after f3g1 (first).
    assert_eq!(g.occurrences(), 2);
    for _ in 0..3 {
        g.undo();
    }
    assert_eq!(g.occurrences(), 2);
    g.undo();
    assert_eq!(g.occurrences(), 1);
    play(&mut g, &["f6g8"]);
    assert_eq!(g.occurrences(), 2);
}

#[test]
fn repetition_with_different_castling_rights_is_a_different_position() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let first = g.position().repetition_key();
    play(&mut g, &["a1b1", "a8b8", "b1a1", "b8a8"]);
    assert_eq!(g.position().fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Kk - 4 3");
    assert_ne!(g.position().repetition_key(), first);
    assert_eq!(g.occurrences(), 1);
    play(&mut g, &["a1b1", "a8b8", "b1a1", "b8a8"]);
    assert_eq!(g.occurrences(), 2);
}

#[test]
fn castling_rights_count_only_as_rights() {
    // King moved, rook never moved ~ king and rook moved: no right either way.
    let t = chess();
    let a = fen(&t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    let mut g = game("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    play(&mut g, &["e1f1", "e8d8", "f1e1", "d8e8"]);
    assert_eq!(g.position().repetition_key(), a.repetition_key());
    play(&mut g, &["h1h2", "e8d8", "h2h1", "d8e8"]);
    assert_eq!(g.position().repetition_key(), a.repetition_key());
    // The same position after e1f1..d8e8 and after h1h2..d8e8.
    assert_eq!(g.occurrences(), 2);
}

#[test]
fn repetition_with_a_legal_en_passant_right_is_a_different_position() {
    let t = chess();
    let with = fen(&t, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let without = fen(&t, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert_ne!(with.repetition_key(), without.repetition_key());
}

#[test]
fn repetition_ignores_an_en_passant_right_that_cannot_be_used() {
    let t = chess();
    // No black pawn can take.
    let a = fen(&t, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    let b = fen(&t, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    assert_eq!(a.repetition_key(), b.repetition_key());
    // A black pawn could take, but the capture would expose its king.
    let a = fen(&t, "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    let b = fen(&t, "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    assert!(!has(&a, "d4e3"));
    assert_eq!(a.repetition_key(), b.repetition_key());
    // The raw hash still tells them apart (for search tables).
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn repetition_counts_a_position_after_a_double_step_without_usable_en_passant() {
    // 1. e4 with no black pawn able to take: the position after it repeats
    // later without the e.p. square.
    let mut g = game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play(&mut g, &["e2e4", "e8d8", "e1d1", "d8e8", "d1e1"]);
    let after_e4 = "4k3/8/8/8/4P3/8/8/4K3 b - - 4 3";
    assert_eq!(g.position().fen(), after_e4);
    assert_eq!(g.occurrences(), 2);
}

// ---- insufficient material -----------------------------------------------------------------

fn dead(f: &str) -> bool {
    matches!(game(f).status(), Status::Ended { winners: 0, cause } if cause.event == Event::InsufficientMaterial)
}

#[test]
fn insufficient_material_king_against_king() {
    assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
}

#[test]
fn insufficient_material_king_and_bishop_against_king() {
    assert!(dead("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    assert!(dead("2b1k3/8/8/8/8/8/8/4K3 w - - 0 1"));
}

#[test]
fn insufficient_material_king_and_knight_against_king() {
    assert!(dead("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"));
}

#[test]
fn insufficient_material_bishops_all_on_one_colour() {
    // c1 and f4 are dark, like b8.
    assert!(dead("1b2k3/8/8/8/5B2/8/8/2B1K3 w - - 0 1"));
    assert!(dead("4k3/8/8/8/5B2/8/8/2B1K3 w - - 0 1"));
}

#[test]
fn king_and_bishop_against_king_and_bishop_on_opposite_colours_is_not_a_draw() {
    // c1 dark, c8 light.
    assert!(!dead("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    assert_eq!(
        game("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1").status(),
        Status::Ongoing
    );
}

#[test]
fn enough_material_is_not_a_draw() {
    assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/8/1N1BK3 w - - 0 1"));
    assert!(!dead("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
}

#[test]
fn a_capture_that_leaves_bare_kings_draws() {
    let mut g = game("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let m = mv(g.position(), "e1e2");
    g.play(m);
    assert_eq!(ended(&g), (0, Event::InsufficientMaterial));
}
