//! Turns of several actions judged at their end (`turn royal safe at
//! end`), on the catalogue's Monster chess: White moves twice a turn,
//! Black once (see docs/LANGUAGE.md, "turn royal safe at end"); and the
//! quiet-move counter reset by kinds of move (`reset by promotion,
//! castling`, §19).

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::{Game, Position, Status};
use varia::ir::Event;
use varia::notation::Describe;

fn ended(g: &Game) -> Option<(u8, Event)> {
    match g.status() {
        Status::Ended { winners, cause } => Some((winners, cause.event)),
        _ => None,
    }
}

#[test]
fn the_first_move_may_leave_the_king_attacked_if_the_second_saves_it() {
    let t = builtin("monster");
    // vchess.club's "not a checkmate": the king on h6 is attacked by the
    // queen on g6; taking her steps onto g6, attacked by the pawn on f7.
    let pos = fen(&t, "rbbknn1r/1p2pp1p/2p3qK/p2p2p1/2PPP3/8/5P2/8 w - - 0 1");
    let first = moves(&pos);
    assert!(first.contains(&"h6g6".to_string()), "{first:?}");
    assert!(pos.in_check());
    let mut g = Game::new(pos);
    play(&mut g, &["h6g6"]);
    assert_eq!(g.position().turn(), 0, "White's second move");
    assert!(g.position().royal_attacked(0), "the king stands attacked");
    // Only the moves that leave the king safe end the turn: back to h6,
    // on to h5, or taking the pawn on f7 or g5; staying is not one.
    assert_eq!(moves(g.position()), ["g6f7", "g6g5", "g6h5", "g6h6"]);
    assert!(ended(&g).is_none());
}

#[test]
fn a_first_move_with_no_safe_second_is_illegal() {
    let t = builtin("monster");
    // Rooks on a8, b8 and c8 hold the files a, b and c: the king in the
    // corner has no pair of moves that ends out of check. Mated.
    let pos = fen(&t, "rrr4k/8/8/8/8/8/8/K7 w - - 0 1");
    assert!(pos.in_check());
    assert!(moves(&pos).is_empty(), "{:?}", moves(&pos));
    let g = Game::new(pos);
    assert_eq!(ended(&g), Some((0b10, Event::Checkmate)));
    // With the c-file free, Kb1 or Kb2 (attacked) and then a step to the
    // c-file escapes; Ka2 has no safe second step.
    let pos = fen(&t, "rr5k/8/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(moves(&pos), ["a1b1", "a1b2"]);
}

#[test]
fn the_black_king_keeps_out_of_two_white_king_steps() {
    let t = builtin("monster");
    // The white king on e5 reaches d7, e7 and f7 in two steps (taking the
    // black king with the second): Black's only moves are d8 and f8.
    let pos = fen(&t, "4k3/8/8/4K3/8/8/8/8 b - - 0 1");
    assert_eq!(moves(&pos), ["e8d8", "e8f8"]);
    assert!(!pos.in_check());
}

#[test]
fn a_pawn_two_steps_from_the_king_gives_check_and_mates() {
    let t = builtin("monster");
    // Wikipedia's Monster checkmate: 1.d5 d6 threatens d7 and dxe8.
    let mut g = Game::new(fen(&t, "4k3/8/4P3/8/3P4/8/2q5/7K w - - 0 1"));
    assert!(!g.position().in_check());
    play(&mut g, &["d4d5"]);
    assert!(ended(&g).is_none());
    // SAN writes the mate on the action that makes it, though no man
    // attacks the king: `d6#`, not `d6+` (the first action is plain).
    let mid = g.position().clone();
    let d6 = mid.parse_move("d5d6").expect("legal");
    assert_eq!(varia::notation::san(&mid.action_infos(&[d6]), 0), "d6#");
    play(&mut g, &["d5d6"]);
    assert_eq!(g.position().turn(), 1);
    assert!(g.position().in_check(), "a threat of two moves is check");
    assert!(
        !g.position().royal_attacked(1),
        "though no man attacks the king"
    );
    // The queen's check of the white king does not help: Black is mated.
    assert!(moves(g.position()).is_empty());
    assert_eq!(ended(&g), Some((0b01, Event::Checkmate)));
}

#[test]
fn black_with_no_move_and_no_threat_is_stalemated() {
    let t = builtin("monster");
    // g7 is attacked, g8 threatened (f7 and fxg8), the pawn blocked; the
    // king on h8 is not threatened: stalemate, a draw.
    let pos = fen(&t, "7k/7p/5P1P/8/8/8/8/K7 b - - 0 1");
    assert!(!pos.in_check());
    assert!(moves(&pos).is_empty());
    let g = Game::new(pos);
    assert_eq!(ended(&g), Some((0, Event::Stalemate)));
}

#[test]
fn black_may_not_answer_a_threat_by_checking_the_white_king() {
    let t = builtin("monster");
    // The pawn on d6 threatens d7 and dxe8 (Black is in check); Qc2-c1
    // and Qc2-h2 check the white king but leave the threat: illegal.
    let pos = fen(&t, "4k3/8/3P4/8/8/8/2q5/7K b - - 0 1");
    assert!(pos.in_check());
    let list = moves(&pos);
    assert!(!list.contains(&"c2c1".to_string()), "{list:?}");
    assert!(!list.contains(&"c2h2".to_string()), "{list:?}");
    // Only king moves off the pawn's two-move reach answer it (the
    // scripts/multiaction-referee.py gives the same four).
    assert_eq!(list, ["e8d7", "e8d8", "e8f7", "e8f8"]);
    for m in &list {
        let mut g = Game::new(pos.clone());
        play(&mut g, &[m.as_str()]);
        assert!(!g.position().royal_attacked(1), "{m}");
    }
}

#[test]
fn a_fen_with_black_threatened_and_white_to_move_is_refused() {
    let t = builtin("monster");
    // d7 and then dxe8: Black (not to move) would be in check.
    assert!(Position::from_fen(t.clone(), "4k3/8/3P4/8/8/8/8/K7 w - - 0 1").is_err());
    assert!(Position::from_fen(t.clone(), "4k3/8/3P4/8/8/8/8/K7 b - - 0 1").is_ok());
    // In the middle of White's turn the ordinary test applies.
    assert!(Position::from_fen(t, "4k3/8/8/8/8/8/8/K7<left:1> w - - 0 1").is_ok());
}

#[test]
fn en_passant_is_open_to_the_action_right_after_the_double_step() {
    let t = builtin("monster");
    // Black's g7-g5 may be taken by White's first move, not its second.
    let pos = fen(&t, "r1bqkbnr/1pppp2p/2n5/p4Pp1/8/5P2/2PP3K/8 w kq g6 0 5");
    assert!(moves(&pos).contains(&"f5g6".to_string()));
    let mut g = Game::new(pos);
    play(&mut g, &["h2h3"]);
    assert!(!moves(g.position()).contains(&"f5g6".to_string()));
    // White's double step by its second move is open to Black's reply.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/3p4/8/2P5/K7 w - - 0 1"));
    play(&mut g, &["a1b1", "c2c4"]);
    assert!(moves(g.position()).contains(&"d4c3".to_string()));
    // By its first move, it is closed by the second.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/3p4/8/2P5/K7 w - - 0 1"));
    play(&mut g, &["c2c4", "a1b1"]);
    assert!(!moves(g.position()).contains(&"d4c3".to_string()));
}

#[test]
fn perft_counts_each_move_and_each_turn() {
    let t = builtin("monster");
    let mut pos = Position::start(t).unwrap();
    assert_eq!(varia::engine::perft(&mut pos, 3), 1976);
    assert_eq!(varia::engine::perft_turns(&mut pos, 1), 99);
    assert_eq!(varia::engine::perft_turns(&mut pos, 2), 1976);
}

// ---- the quiet-move counter reset by kinds of move --------------------

/// Chess whose quiet counter is reset by `resets` (a `reset by` list)
/// alone: its pawn does not `resets clock`.
fn quiet_chess(resets: &str) -> std::sync::Arc<varia::engine::Tables> {
    let src = format!(
        "variant q extends chess {{\n  piece pawn P like pawn not resets clock\n  end {{\n    checkmate -> lose\n    quiet 100 plies reset by {resets} -> draw\n  }}\n}}\n"
    );
    let c = varia::check::check_str("q.variant", &src, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).expect("compiles"))
}

/// The quiet plies after `line` from `start`.
fn quiet_after(t: &std::sync::Arc<varia::engine::Tables>, start: &str, line: &[&str]) -> u32 {
    let mut g = Game::new(fen(t, start));
    play(&mut g, line);
    g.position().quiet_plies()
}

#[test]
fn a_promotion_resets_the_counter_where_promotion_is_listed() {
    let start = "4k3/P7/8/8/8/8/1P6/4K2R w K - 10 1";
    let t = quiet_chess("capture, promotion");
    assert_eq!(quiet_after(&t, start, &["a7a8q"]), 0);
    assert_eq!(
        quiet_after(&t, start, &["b2b4"]),
        11,
        "a pawn's other moves do not"
    );
    // A capture that promotes resets by either list.
    let cap = "1n2k3/P7/8/8/8/8/8/4K3 w - - 10 1";
    assert_eq!(quiet_after(&quiet_chess("promotion"), cap, &["a7b8q"]), 0);
    // Without `promotion` (nor `pawn`) it counts on.
    let t = quiet_chess("capture");
    assert_eq!(quiet_after(&t, start, &["a7a8q"]), 11);
    // `pawn` resets on every pawn move, promotions included.
    let t = quiet_chess("capture, pawn");
    assert_eq!(quiet_after(&t, start, &["a7a8n"]), 0);
    assert_eq!(quiet_after(&t, start, &["b2b4"]), 0);
}

#[test]
fn a_castling_resets_the_counter_where_castling_is_listed() {
    let start = "4k3/8/8/8/8/8/8/4K2R w K - 10 1";
    let t = quiet_chess("capture, castling");
    assert_eq!(quiet_after(&t, start, &["e1g1"]), 0);
    assert_eq!(
        quiet_after(&t, start, &["e1f1"]),
        11,
        "a king's other moves do not"
    );
    assert_eq!(quiet_after(&quiet_chess("capture"), start, &["e1g1"]), 11);
    // Named by its castler's piece, every king move resets.
    let t = quiet_chess("capture, king");
    assert_eq!(quiet_after(&t, start, &["e1g1"]), 0);
    assert_eq!(quiet_after(&t, start, &["e1f1"]), 0);
}

#[test]
fn a_promotion_as_an_action_resets_the_counter() {
    let src = r#"
variant pa {
  players white, black
  board 8x8
  use king
  piece met F moves "F"
  piece pawn P moves "fmW fcF"
  setup {
    white: K a1, P d4
    black: K h8
  }
  promote pawn at far edge to met*1 as action, last anywhere
  end {
    checkmate -> lose
    quiet 100 plies reset by promotion -> draw
  }
}
"#;
    let c = varia::check::check_str("pa.variant", src, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let t = std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).unwrap());
    let pos = fen(&t, "7k/8/8/8/3P4/8/8/K7 w - - 10 1");
    let list = pos.legal_moves();
    let promote = *list
        .iter()
        .find(|m| matches!(m, varia::engine::Move::Promote { .. }))
        .expect("the lone pawn may promote in place");
    let step = *list
        .iter()
        .find(|m| matches!(m, varia::engine::Move::Normal { .. }) && pos.move_text(**m) == "d4d5")
        .expect("the pawn steps");
    let mut a = pos.clone();
    a.play(promote);
    assert_eq!(a.quiet_plies(), 0);
    let mut b = pos.clone();
    b.play(step);
    assert_eq!(b.quiet_plies(), 11, "the pawn's step does not reset it");
}

// ----- `en passant per turn` (Marseillais chess) -----------------------

/// The catalogue's Marseillais chess without `en passant per turn`: the
/// default window, which counts actions.
fn marseillais_by_actions() -> std::sync::Arc<varia::engine::Tables> {
    let path = format!(
        "{}/variants/catalogue/marseillais.variant",
        env!("CARGO_MANIFEST_DIR")
    );
    let src = std::fs::read_to_string(path).expect("readable");
    assert!(src.contains("  en passant per turn\n"));
    let src = src.replace("  en passant per turn\n", "");
    let c = varia::check::check_str("marseillais.variant", &src, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).expect("compiles"))
}

/// The en-passant captures among the legal moves: moves to another file
/// onto a square of the FEN's en-passant field (whose squares are empty
/// in the positions used).
fn ep_moves(pos: &Position) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| {
            let b = m.as_bytes();
            let to = &m[2..4];
            b[0] != b[2] && pos.fen().split(' ').nth(3).is_some_and(|f| f.contains(to))
        })
        .collect()
}

#[test]
fn a_double_step_by_the_first_move_of_a_turn_may_be_taken_next_turn() {
    let start = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3";
    let mut g = Game::new(fen(&builtin("marseillais"), start));
    play(&mut g, &["d7d5", "g8f6"]);
    assert_eq!(g.position().turn(), 0);
    assert!(
        g.position().fen().contains(" KQkq d6 "),
        "{}",
        g.position().fen()
    );
    assert_eq!(ep_moves(g.position()), ["e5d6"]);
    play(&mut g, &["e5d6"]);
    assert!(g.position().fen().starts_with("rnbqkb1r/ppp1pppp/3P1n2/8/"));
    // By actions (the default), the knight's move ended the record.
    let mut g = Game::new(fen(&marseillais_by_actions(), start));
    play(&mut g, &["d7d5", "g8f6"]);
    assert!(!moves(g.position()).contains(&"e5d6".to_string()));
    assert!(
        g.position().fen().contains(" KQkq - "),
        "{}",
        g.position().fen()
    );
}

#[test]
fn two_double_steps_of_one_turn_may_both_be_taken_first_move_then_second() {
    let t = builtin("marseillais");
    let start = "rnbqkbnr/pppppppp/8/2P1P3/8/8/PP1P1PPP/RNBQKBNR b KQkq - 0 3";
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["d7d5", "f7f5"]);
    let after = g.position().fen();
    assert!(after.contains(" KQkq d6,f6 "), "{after}");
    // The FEN reads back to the same position, both records open.
    assert_eq!(fen(&t, &after).fen(), after);
    assert_eq!(fen(&t, &after).hash(), g.position().hash());
    assert_eq!(ep_moves(g.position()), ["c5d6", "e5d6", "e5f6"]);
    // Taking one keeps the other for the second move.
    play(&mut g, &["e5f6"]);
    assert_eq!(g.position().turn(), 0);
    assert_eq!(ep_moves(g.position()), ["c5d6"]);
    play(&mut g, &["c5d6"]);
    assert!(
        g.position()
            .fen()
            .starts_with("rnbqkbnr/ppp1p1pp/3P1P2/8/8/"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn a_first_move_that_does_not_take_en_passant_ends_every_record() {
    let t = builtin("marseillais");
    let pos = "rnbqkbnr/ppp1p1pp/8/2PpPp2/8/8/PP1P1PPP/RNBQKBNR w KQkq d6,f6 0 4";
    let mut g = Game::new(fen(&t, pos));
    play(&mut g, &["g1f3"]);
    assert!(
        ep_moves(g.position()).is_empty(),
        "{:?}",
        moves(g.position())
    );
    assert!(
        g.position().fen().contains("<left:1> w KQkq - "),
        "{}",
        g.position().fen()
    );
}

#[test]
fn a_players_own_record_lasts_its_turn_and_ends_when_its_next_turn_starts() {
    let t = builtin("marseillais");
    // White's first move steps twice; its second move leaves the record.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 3"));
    play(&mut g, &["e2e4"]);
    let mid = g.position().fen();
    assert_eq!(mid, "4k3/8/8/8/3pP3/8/8/4K3<left:1> w - e3 0 3");
    // The record of the turn's first move reads back from FEN as open.
    assert_eq!(fen(&t, &mid).hash(), g.position().hash());
    play(&mut g, &["e1f1"]);
    assert_eq!(ep_moves(g.position()), ["d4e3"]);
    // Black lets it pass: not open to Black's second move either.
    play(&mut g, &["e8e7"]);
    assert!(ep_moves(g.position()).is_empty());
    // A record left open when its maker's next turn starts ends there:
    // Black's first move takes en passant with check, which ends Black's
    // turn with White's second record standing; White's first move ends it.
    let mut g = Game::new(fen(&t, "7k/8/8/8/3PpPp1/8/4K3/8 b - d3,f3 0 4"));
    assert_eq!(ep_moves(g.position()), ["e4d3", "e4f3", "g4f3"]);
    play(&mut g, &["e4d3"]);
    assert_eq!(g.position().turn(), 0, "the check ended Black's turn");
    assert!(
        g.position().fen().contains(" w - f3 "),
        "{}",
        g.position().fen()
    );
    play(&mut g, &["e2e1", "e1f1"]);
    assert_eq!(g.position().turn(), 1);
    assert!(!moves(g.position()).contains(&"g4f3".to_string()));
}

#[test]
fn a_man_on_the_passed_square_is_taken_instead_of_the_pawn() {
    let t = builtin("marseillais");
    // e2-e4, then the knight d1-e3 lands on the passed square.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/3p4/8/4P3/3NK3 w - - 0 3"));
    play(&mut g, &["e2e4", "d1e3"]);
    assert!(moves(g.position()).contains(&"d4e3".to_string()));
    play(&mut g, &["d4e3"]);
    assert!(
        g.position().fen().starts_with("4k3/8/8/8/4P3/4p3/8/4K3"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn balanced_marseillais_carries_the_same_rule() {
    let t = builtin("balancedmarseillais");
    let mut g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
    ));
    play(&mut g, &["d7d5", "g8f6"]);
    assert_eq!(ep_moves(g.position()), ["e5d6"]);
}
