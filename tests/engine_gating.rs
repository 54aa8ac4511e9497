//! Gating (`gating PIECE, ... in REGION`) on the catalogue's S-chess and
//! S-house: a man leaving its first-rank square for the first time may
//! bring a man from the hand onto the square it left.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::Game;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";

#[test]
fn a_first_move_from_the_back_rank_may_gate_each_kind_in_hand() {
    let t = builtin("seirawan");
    let g = Game::new(fen(&t, START));
    let m = moves(g.position());
    for x in ["b1c3", "b1c3h", "b1c3e", "g1f3h"] {
        assert!(m.contains(&x.to_string()), "{x}: {m:?}");
    }
    // Pawns are not on the gating region.
    assert!(
        !m.iter().any(|x| x.starts_with("e2e4") && x.len() > 4),
        "{m:?}"
    );
    assert_eq!(m.len(), 28);
}

#[test]
fn the_start_fen_reads_and_writes_the_gating_rights() {
    let t = builtin("seirawan");
    assert_eq!(fen(&t, START).fen(), START);
    let f = "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7";
    assert_eq!(fen(&t, f).fen(), f);
}

#[test]
fn a_gated_man_leaves_the_hand_and_has_no_right_of_its_own() {
    let t = builtin("seirawan");
    let mut g = Game::new(fen(&t, START));
    play(&mut g, &["b1c3h", "g8f6"]);
    let f = g.position().fen();
    assert!(f.contains("[Ehe]"), "{f}");
    // The hawk on b1 may move, but not gate the elephant behind it.
    let m = moves(g.position());
    assert!(m.contains(&"b1a3".to_string()), "{m:?}");
    assert!(!m.contains(&"b1a3e".to_string()), "{m:?}");
}

#[test]
fn a_man_that_moved_has_lost_its_right() {
    let t = builtin("seirawan");
    let mut g = Game::new(fen(&t, START));
    play(&mut g, &["b1c3", "g8f6", "c3b1", "f6g8"]);
    let m = moves(g.position());
    assert!(m.contains(&"b1c3".to_string()));
    assert!(!m.contains(&"b1c3h".to_string()), "{m:?}");
    // The other knight still has it.
    assert!(m.contains(&"g1f3h".to_string()), "{m:?}");
}

#[test]
fn castling_gates_on_the_kings_square_or_the_rooks() {
    let t = builtin("seirawan");
    let g = Game::new(fen(&t, "r3k2r/8/8/8/8/8/8/R3K2R[E] w KQ - 0 1"));
    let m = moves(g.position());
    for x in ["e1g1", "e1g1e", "h1e1e", "e1c1e", "a1e1e"] {
        assert!(m.contains(&x.to_string()), "{x}: {m:?}");
    }
    let mut g = g;
    play(&mut g, &["h1e1e"]);
    let f = g.position().fen();
    assert!(f.starts_with("r3k2r/8/8/8/8/8/8/R4RKE"), "{f}");
}

#[test]
fn a_pinned_man_may_not_leave_even_with_a_man_gated_behind_it() {
    let t = builtin("seirawan");
    let g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/r2NK3[H] w D - 0 1"));
    assert!(!moves(g.position()).iter().any(|m| m.starts_with("d1")));
}

#[test]
fn in_s_house_a_captured_man_is_placed_or_gated() {
    let t = builtin("shouse");
    let g = Game::new(fen(&t, "r3k2r/8/8/8/8/8/8/R3K2R[HEQhep] w KQkq - 0 1"));
    let m = moves(g.position());
    assert!(m.contains(&"e1g1q".to_string()), "{m:?}");
    assert!(m.contains(&"Q@d4".to_string()), "{m:?}");
    let g = Game::new(fen(&t, "r3k2r/8/8/8/8/8/8/R3K2R[HEQhep] b KQkq - 0 1"));
    let m = moves(g.position());
    // A pawn is never gated (it may not stand on its first rank).
    assert!(!m.iter().any(|x| x.ends_with('p')), "{m:?}");
    assert!(m.contains(&"P@d4".to_string()), "{m:?}");
}
