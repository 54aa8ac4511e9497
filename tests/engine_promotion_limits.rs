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

/// Promotion as an action of its own (`promote ... as action, last
/// anywhere`), on the catalogue's Sittuyin: the counts of these positions
/// are in tests/perft/sittuyin.perft, from Fairy-Stockfish.
mod as_action {
    use super::common::{builtin, fen, moves, mv};
    use super::moves_from;
    use varia::engine::perft;
    use varia::notation::{san, Describe};

    /// The SAN of every legal action, sorted.
    fn sans(pos: &varia::engine::Position) -> Vec<String> {
        let list = pos.legal_moves();
        let infos: Vec<_> = list.iter().map(|&m| pos.action_info(m)).collect();
        let mut v: Vec<String> = (0..infos.len()).map(|i| san(&infos, i)).collect();
        v.sort();
        v
    }

    #[test]
    fn a_pawn_on_its_zone_becomes_a_met_in_place_or_by_a_diagonal_step() {
        let t = builtin("sittuyin");
        let p = fen(&t, "4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 30");
        assert_eq!(
            moves_from(&p, "d5"),
            ["d5c4f", "d5c6f", "d5d5f", "d5d6", "d5e4f", "d5e6f"]
        );
        // The pawn on a2 is off the zone and not the last: it only moves.
        assert_eq!(moves_from(&p, "a2"), ["a2a3"]);
        let s = sans(&p);
        assert!(s.contains(&"d5=F".to_string()), "{s:?}");
        assert!(s.contains(&"d5c4=F".to_string()), "{s:?}");
    }

    #[test]
    fn the_new_met_may_attack_no_enemy_man() {
        let t = builtin("sittuyin");
        // In place the met would attack the rook on c6.
        let p = fen(&t, "4k3/8/2r5/3P4/8/8/P7/4K3[] w - - 0 30");
        assert_eq!(
            moves_from(&p, "d5"),
            ["d5c4f", "d5c6", "d5d6", "d5e4f", "d5e6f"]
        );
        // Nor the king: a met on e5 would give check, one on d6, f6 or f4
        // would not (Fairy-Stockfish lists the same).
        let p = fen(&t, "8/8/8/4P3/3k4/8/P7/7K[] w - - 0 30");
        assert_eq!(moves_from(&p, "e5"), ["e5d6f", "e5e6", "e5f4f", "e5f6f"]);
    }

    #[test]
    fn a_promotion_may_not_uncover_a_check() {
        let t = builtin("sittuyin");
        let p = fen(&t, "3k4/8/8/3P4/8/8/P7/3RK3[] w - - 0 30");
        assert_eq!(moves_from(&p, "d5"), ["d5d5f", "d5d6"]);
    }

    #[test]
    fn no_promotion_while_its_side_has_a_met() {
        let t = builtin("sittuyin");
        let p = fen(&t, "3k4/8/8/3P4/8/8/P4F2/4K3[] w - - 0 30");
        assert_eq!(moves_from(&p, "d5"), ["d5d6"]);
    }

    #[test]
    fn the_last_pawn_promotes_anywhere_and_a_move_never_promotes() {
        let t = builtin("sittuyin");
        let p = fen(&t, "4k3/8/1p6/8/8/8/8/R3K3[] b - - 0 40");
        assert_eq!(
            moves_from(&p, "b6"),
            ["b6a5f", "b6a7f", "b6b5", "b6b6f", "b6c5f", "b6c7f"]
        );
        // A pawn stepping onto its zone stays a pawn.
        let p = fen(&t, "4k3/8/8/8/3P4/8/P7/4K3[] w - - 0 30");
        assert_eq!(moves_from(&p, "d4"), ["d4d5"]);
    }

    #[test]
    fn a_promotion_parries_a_check_by_blocking() {
        let t = builtin("sittuyin");
        let p = fen(&t, "4r1k1/8/8/8/8/3P4/8/4K3[] w - - 0 40");
        assert_eq!(moves_from(&p, "d3"), ["d3e2f", "d3e4f"]);
    }

    #[test]
    fn a_promotion_is_made_and_unmade_exactly() {
        let t = builtin("sittuyin");
        let mut p = fen(&t, "4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 30");
        let (fen0, hash0) = (p.fen(), p.hash());
        for text in ["d5d5f", "d5c4f"] {
            let m = mv(&p, text);
            let undo = p.make(m);
            assert!(p.fen().starts_with(if text == "d5d5f" {
                "4k3/8/8/3F4/8/8/P7/4K3"
            } else {
                "4k3/8/8/8/2F5/8/P7/4K3"
            }));
            // The met is there: no second promotion, and the pawn move
            // counter reset.
            assert!(p.fen().ends_with(" b - - 0 30"), "{}", p.fen());
            p.unmake(m, undo);
            assert_eq!((p.fen(), p.hash()), (fen0.clone(), hash0));
        }
        assert_eq!(perft(&mut p, 3), perft(&mut fen(&t, &fen0), 3));
    }

    #[test]
    fn rooks_are_placed_on_the_first_rank_only() {
        let t = builtin("sittuyin");
        let p = fen(
            &t,
            "8/3k4/4pppp/pppp4/4PPPP/PPPP4/4K3/R7[SSFRNNssfrrnn] b - - 0 2",
        );
        let rooks: Vec<String> = moves(&p)
            .into_iter()
            .filter(|m| m.starts_with("R@"))
            .collect();
        assert_eq!(rooks.len(), 8, "{rooks:?}");
        assert!(rooks.iter().all(|m| m.ends_with('8')), "{rooks:?}");
        // Every action is a placement while one is legal.
        assert!(moves(&p).iter().all(|m| m.contains('@')));
    }
}
