//! Promotion limits (`to KIND*N`) and optional promotion (`optional`), on
//! the catalogue's Grand chess: a pawn promotes only to a piece its side
//! has lost, may stay a pawn on its last three ranks but the last, and may
//! not enter the last rank with no piece to become.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves};
use varia::engine::{perft, Game, Status};

/// The legal moves of the man on `from`, as sorted text.
fn moves_from(pos: &varia::engine::Position, from: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

#[test]
fn a_pawn_promotes_only_to_a_kind_its_side_has_lost() {
    let t = builtin("grand");
    // White has one rook and nothing else: every kind is open, the rook
    // too (limit 2), but never the king.
    let p = fen(&t, "4k5/2P7/10/10/10/10/10/10/4K5/R9 w - - 0 1");
    let m = moves_from(&p, "c9");
    assert_eq!(m.len(), 6, "{m:?}");
    assert!(m.iter().all(|x| x.starts_with("c9c10")), "{m:?}");
    // With two rooks on the board the rook is no longer a choice.
    let p = fen(&t, "4k5/2P7/10/10/10/10/10/10/4K5/R8R w - - 0 1");
    let m = moves_from(&p, "c9");
    assert_eq!(m.len(), 5, "{m:?}");
    assert!(!m.iter().any(|x| x.ends_with('r')), "{m:?}");
}

#[test]
fn the_enemys_men_of_a_kind_do_not_count_against_the_limit() {
    let t = builtin("grand");
    // Black has a queen; White's queen is gone: White may make one.
    let p = fen(&t, "4k4q/2P7/10/10/10/10/10/10/4K5/10 w - - 0 1");
    assert!(moves_from(&p, "c9").iter().any(|x| x.ends_with('q')));
}

#[test]
fn with_every_piece_on_the_board_a_pawn_may_not_enter_the_last_rank() {
    let t = builtin("grand");
    let p = fen(&t, "4k5/2P7/10/10/10/10/10/10/QCANNBBK2/RR8 w - - 0 1");
    assert!(moves_from(&p, "c9").is_empty());
    // On the ranks before it, it moves as a pawn.
    let p = fen(&t, "4k5/10/2P7/10/10/10/10/10/QCANNBBK2/RR8 w - - 0 1");
    assert_eq!(moves_from(&p, "c8"), ["c8c9"]);
}

#[test]
fn promotion_is_optional_before_the_last_rank() {
    let t = builtin("grand");
    // c7 to c8 enters the zone: a pawn move and six promotions.
    let p = fen(&t, "4k5/10/10/2P7/10/10/10/10/4K5/10 w - - 0 1");
    let m = moves_from(&p, "c7");
    assert!(m.contains(&"c7c8".to_string()), "{m:?}");
    assert_eq!(m.len(), 7, "{m:?}");
    // Black's zone is its own last three ranks.
    let p = fen(&t, "4k5/10/10/10/10/10/10/2p7/10/4K5 b - - 0 1");
    let m = moves_from(&p, "c3");
    assert!(m.contains(&"c3c2".to_string()), "{m:?}");
    assert_eq!(m.len(), 7, "{m:?}");
}

#[test]
fn a_capture_onto_the_last_rank_must_promote_too() {
    let t = builtin("grand");
    let p = fen(&t, "3rk5/2P7/10/10/10/10/10/10/QCANNBBK2/RR8 w - - 0 1");
    // No piece to become: neither the push nor the capture.
    assert!(moves_from(&p, "c9").is_empty());
    let p = fen(&t, "3rk5/2P7/10/10/10/10/10/10/QCANNB1K2/RR8 w - - 0 1");
    // A bishop lost: c9c10=B and c9xd10=B.
    assert_eq!(moves_from(&p, "c9").len(), 2);
}

#[test]
fn a_pawn_that_cannot_promote_has_no_move_and_its_side_may_be_stalemated() {
    // The stone only captures: on b1 it has no move. A pawn may become a
    // stone only while its side has none.
    let text = r#"variant t "T" {
  players white, black
  board 4x4
  use king, pawn
  piece stone S moves "cW"
  setup {
    white: K a1, S b1, P c3
    black: K a3
  }
  promote pawn at far edge to stone*1 optional
  end {
    checkmate -> lose
    stalemate -> draw
  }
}"#;
    let c = varia::check::check_str("t.variant", text, None, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let t = std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).unwrap());
    let p = fen(&t, "4/k1P1/4/KS2 w - - 0 1");
    assert!(moves(&p).is_empty(), "{:?}", moves(&p));
    assert_eq!(perft(&mut p.clone(), 1), 0);
    let g = Game::new(p);
    assert!(
        matches!(g.status(), Status::Ended { winners: 0, .. }),
        "stalemate, a draw: {:?}",
        g.status()
    );
    // Without the stone on the board, the pawn must promote on c4.
    let p = fen(&t, "4/k1P1/4/K3 w - - 0 1");
    assert_eq!(moves_from(&p, "c3"), ["c3c4s"]);
}
