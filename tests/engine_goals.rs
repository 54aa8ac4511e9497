//! Goals (`reach`, `count`, `extinct`, `checks`) and `must capture`: the
//! endings decided at once, before every other rule, and the capture
//! obligation, on the catalogue's King of the Hill, Antichess, Losers and
//! Three-check; and the endings read from the game's history (`perpetual
//! check`, `back and forth`).

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::{Game, Status};

fn winners(g: &Game) -> Option<u8> {
    match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        _ => None,
    }
}

const WHITE: u8 = 1;
const BLACK: u8 = 2;

#[test]
fn a_king_on_the_hill_wins_at_once_and_the_other_side_has_no_reply() {
    let t = builtin("kingofthehill");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/3K4/8/8 w - - 0 1"));
    assert_eq!(winners(&g), None);
    play(&mut g, &["d3d4"]);
    assert_eq!(winners(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty(), "the game is over");
}

#[test]
fn the_hill_is_decided_before_mate() {
    // White's king steps onto the hill and leaves Black stalemated (a
    // draw by the later rule): the hill decides.
    let t = builtin("kingofthehill");
    let mut g = Game::new(fen(&t, "7k/5Q2/8/8/2K5/8/8/8 w - - 0 1"));
    play(&mut g, &["c4d5"]);
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn the_hill_counts_only_the_named_piece() {
    let t = builtin("kingofthehill");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
    play(&mut g, &["d1d4"]);
    assert_eq!(winners(&g), None);
}

#[test]
fn with_a_capture_at_hand_only_captures_are_legal() {
    let t = builtin("antichess");
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
    ));
    assert_eq!(moves(g.position()), ["e4d5"]);
    // Without one, every move.
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ));
    assert_eq!(g.legal_moves().len(), 20);
}

#[test]
fn en_passant_is_a_capture_that_obliges() {
    let t = builtin("antichess");
    let g = Game::new(fen(&t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"));
    assert_eq!(moves(g.position()), ["e5d6"]);
}

#[test]
fn the_king_is_an_ordinary_man_and_a_pawn_may_become_one() {
    let t = builtin("antichess");
    let g = Game::new(fen(&t, "4k3/1P6/8/8/8/8/8/r3K3 w - - 0 1"));
    // The king may stand attacked; b8 promotes to five kinds.
    let m = moves(g.position());
    assert!(m.contains(&"e1d1".to_string()) || m.contains(&"e1a1".to_string()));
    let g = Game::new(fen(&t, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    let promos = moves(g.position())
        .into_iter()
        .filter(|m| m.starts_with("b7b8"))
        .count();
    assert_eq!(promos, 5);
}

#[test]
fn losing_every_man_wins() {
    let t = builtin("antichess");
    let mut g = Game::new(fen(&t, "8/8/8/8/8/8/p7/1R6 b - - 0 1"));
    play(&mut g, &["a2b1q"]);
    // White has no man left: White wins.
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn a_player_who_cannot_move_wins() {
    let t = builtin("antichess");
    // Black's pawn on a7 is blocked by White's on a6: Black cannot move.
    let g = Game::new(fen(&t, "8/p7/P7/8/8/8/8/8 b - - 0 1"));
    assert_eq!(winners(&g), Some(BLACK));
}

#[test]
fn losers_a_bare_king_wins_and_check_comes_before_capture() {
    let t = builtin("losers");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/4q3/4K2R w - - 0 1"));
    // In check from the queen: the king must take it (the only capture,
    // and the only legal move).
    assert_eq!(moves(g.position()), ["e1e2"]);
    play(&mut g, &["e1e2"]);
    // Black has only the king left: Black wins.
    assert_eq!(winners(&g), Some(BLACK));
}

#[test]
fn losers_checkmated_wins() {
    let t = builtin("losers");
    // A bare king has already won (the count comes first).
    let g = Game::new(fen(&t, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"));
    assert_eq!(winners(&g), Some(BLACK));
    // Black, mated with a rook still on the board, wins.
    let g = Game::new(fen(&t, "k7/1Q6/1K6/8/8/8/8/7r b - - 0 1"));
    assert!(g.legal_moves().is_empty());
    assert_eq!(winners(&g), Some(BLACK));
}

#[test]
fn bare_king_loses_unless_the_reply_bares_the_other_king() {
    let t = builtin("shatranj");
    // Black is bare, White has a rook: Black is to move and may answer.
    let g = Game::new(fen(&t, "3k4/8/8/8/8/8/8/R2K4 b - - 0 1"));
    assert_eq!(winners(&g), None);
    let mut g2 = g.clone();
    play(&mut g2, &["d8e7"]);
    assert_eq!(winners(&g2), Some(WHITE), "no rook taken: Black has lost");
    // The rook is within reach: taking it bares both, the game goes on
    // to the dead-material draw.
    let mut g = Game::new(fen(&t, "3k4/2R5/8/8/8/8/8/3K4 b - - 0 1"));
    play(&mut g, &["d8c7"]);
    assert!(matches!(g.status(), Status::Ended { winners: 0, .. }));
    // Two men more: lost at once, with no reply.
    let g = Game::new(fen(&t, "3k4/8/8/8/8/8/8/R2QK3 b - - 0 1"));
    assert_eq!(winners(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn shatranj_stalemate_loses() {
    let t = builtin("shatranj");
    // Black's king on a8, White's rook on b1 and king on c7... Black has a
    // pawn too (no bare king), blocked, and no move: stalemated, it loses.
    let g = Game::new(fen(&t, "k7/p1K5/P7/8/8/8/8/1R6 b - - 0 1"));
    assert!(g.legal_moves().is_empty());
    assert_eq!(winners(&g), Some(WHITE));
}

// ---- checks N ----------------------------------------------------------------

#[test]
fn the_third_check_wins_at_once() {
    let t = builtin("3check");
    // White has given two checks (one still needed).
    let mut g = Game::new(fen(
        &t,
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+3 2 3",
    ));
    assert_eq!(winners(&g), None);
    play(&mut g, &["c4f7"]);
    assert_eq!(winners(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty(), "the game is over");
}

#[test]
fn checks_are_counted_per_player_and_written_in_the_fen() {
    let t = builtin("3check");
    let mut g = Game::new(varia::engine::Position::start(t.clone()).unwrap());
    assert!(
        g.position().fen().contains(" KQkq - 3+3 0 1"),
        "{}",
        g.position().fen()
    );
    play(&mut g, &["e2e4", "e7e5", "f1c4", "d7d6", "c4f7"]);
    assert!(g.position().in_check());
    assert!(
        g.position().fen().contains(" - 2+3 0 3"),
        "{}",
        g.position().fen()
    );
    // A quiet reply does not count; the next check does.
    play(&mut g, &["e8f7"]);
    assert!(
        g.position().fen().contains(" - 2+3 "),
        "{}",
        g.position().fen()
    );
    play(&mut g, &["d1h5"]);
    assert!(g.position().in_check());
    assert!(
        g.position().fen().contains(" - 1+3 "),
        "{}",
        g.position().fen()
    );
    // Black's checks count for Black.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/q7/4K3 b - - 3+3 0 1"));
    play(&mut g, &["a2a1"]);
    assert!(g.position().in_check());
    assert!(
        g.position().fen().contains(" - 3+2 "),
        "{}",
        g.position().fen()
    );
}

#[test]
fn the_check_count_is_part_of_the_position() {
    let t = builtin("3check");
    let a = fen(&t, "4k3/8/8/8/8/8/8/4K2R w - - 3+3 0 1");
    let b = fen(&t, "4k3/8/8/8/8/8/8/4K2R w - - 2+3 0 1");
    assert_ne!(a.hash(), b.hash());
    // Undoing a checking move restores the count.
    let mut g = Game::new(b.clone());
    play(&mut g, &["h1h8"]);
    assert!(
        g.position().fen().contains(" 1+3 "),
        "{}",
        g.position().fen()
    );
    g.undo();
    assert_eq!(g.position().fen(), b.fen());
    assert_eq!(g.position().hash(), b.hash());
}

#[test]
fn both_check_count_forms_are_read_and_bad_counts_refused() {
    let t = builtin("3check");
    let fsf = fen(&t, "4k3/8/8/8/8/8/8/4K2R w - - 1+3 0 1");
    let lichess = fen(&t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1 +2+0");
    assert_eq!(fsf.fen(), lichess.fen());
    for bad in [
        "4k3/8/8/8/8/8/8/4K2R w - - 4+3 0 1",
        "4k3/8/8/8/8/8/8/4K2R w - - 1+x 0 1",
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1 +5+0",
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1 +1",
    ] {
        assert!(
            varia::engine::Position::from_fen(t.clone(), bad).is_err(),
            "{bad}"
        );
    }
    // A variant without check counting refuses a count.
    let chess = builtin("chess");
    assert!(
        varia::engine::Position::from_fen(chess, "4k3/8/8/8/8/8/8/4K2R w - - 1+3 0 1").is_err()
    );
}

// ---- reach ... with reply, and no checks (Racing Kings) ------------------------

#[test]
fn the_first_player_to_arrive_waits_for_a_reply_that_can_arrive_too() {
    let t = builtin("racingkings");
    // White arrives; Black's king on b7 can arrive too: the game goes on,
    // with every Black move.
    let mut g = Game::new(fen(&t, "8/1k4K1/8/8/8/8/8/8 w - - 0 1"));
    play(&mut g, &["g7g8"]);
    assert_eq!(winners(&g), None);
    assert!(moves(g.position()).len() > 3);
    // Both arrive: a draw.
    play(&mut g, &["b7b8"]);
    assert!(
        matches!(g.status(), Status::Ended { winners: 0, .. }),
        "{:?}",
        g.status()
    );
}

#[test]
fn a_reply_that_does_not_arrive_loses() {
    let t = builtin("racingkings");
    let mut g = Game::new(fen(&t, "8/1k4K1/8/8/8/8/8/8 w - - 0 1"));
    play(&mut g, &["g7g8", "b7a6"]);
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn without_a_reply_that_arrives_the_first_to_arrive_wins_at_once() {
    let t = builtin("racingkings");
    let mut g = Game::new(fen(&t, "8/6K1/1k6/8/8/8/8/8 w - - 0 1"));
    play(&mut g, &["g7g8"]);
    assert_eq!(winners(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty());
    // The second player arriving first does not wait for anyone.
    let mut g = Game::new(fen(&t, "8/2k3K1/8/8/8/8/8/8 b - - 0 1"));
    play(&mut g, &["c7c8"]);
    assert_eq!(winners(&g), Some(BLACK));
}

#[test]
fn a_move_that_gives_check_is_illegal() {
    let t = builtin("racingkings");
    // The rook on d1 may not go to the king's file nor beside it.
    let g = Game::new(fen(&t, "8/8/8/4k3/8/8/8/3R2K1 w - - 0 1"));
    let m = moves(g.position());
    assert!(!m.contains(&"d1e1".to_string()), "{m:?}");
    assert!(!m.contains(&"d1d5".to_string()), "{m:?}");
    assert!(m.contains(&"d1d7".to_string()), "{m:?}");
    assert!(m.contains(&"d1c1".to_string()), "{m:?}");
}

// ---- reach ... at own turn (Jeson Mor) ---------------------------------------

#[test]
fn a_man_on_the_goal_wins_only_if_it_is_still_there_at_its_owners_turn() {
    let t = builtin("jesonmor");
    let mut g = Game::new(fen(&t, "9/9/9/9/9/9/3N5/9/3n5 w - - 0 1"));
    play(&mut g, &["d3e5"]);
    // Not yet: Black answers first.
    assert_eq!(winners(&g), None);
    assert!(!g.legal_moves().is_empty());
    play(&mut g, &["d1c3"]);
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn taking_the_man_on_the_goal_in_time_stops_it() {
    let t = builtin("jesonmor");
    // Black's knight reaches e5, but White's on c4 takes it there before
    // Black's turn comes; then White's must survive Black's answer.
    let mut g = Game::new(fen(&t, "n8/9/9/9/9/2N6/3n5/9/8N b - - 0 1"));
    play(&mut g, &["d3e5"]);
    assert_eq!(winners(&g), None);
    play(&mut g, &["c4e5"]);
    assert_eq!(winners(&g), None);
    play(&mut g, &["a9b7"]);
    assert_eq!(winners(&g), Some(WHITE));
}

// ---- `extinct all of` -------------------------------------------------------

/// A variant where losing both the rooks and the knights loses
/// (LANGUAGE.md §19, `extinct all of`), and its `extinct rook, knight`
/// twin, where losing either kind loses.
fn extinct_variant(list: &str) -> std::sync::Arc<varia::engine::Tables> {
    let text = format!(
        r#"variant ext "Extinct" {{
  players white, black
  board 6x6
  piece king K moves "K"
  piece rook R moves "R"
  piece knight N moves "N"
  setup {{
    white: K a1, R b1, N c1
    black: K f6, R e6, N d6
  }}
  end {{
    extinct {list} -> lose
    extinct king -> lose
  }}
}}
"#
    );
    let c = varia::check::check_str("ext.variant", &text, None, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).expect("compiles"))
}

#[test]
fn extinct_all_of_holds_only_when_every_listed_kind_is_gone() {
    let all = extinct_variant("all of rook, knight");
    let one = extinct_variant("rook, knight");
    // The white knight takes Black's last rook; Black keeps a knight.
    let start = "3n1k/6/6/2N3/4r1/KR4 w - - 0 1";
    let mut g = Game::new(fen(&one, start));
    play(&mut g, &["c3e2"]);
    assert_eq!(winners(&g), Some(WHITE), "one kind gone is enough");
    let mut g = Game::new(fen(&all, start));
    play(&mut g, &["c3e2"]);
    assert_eq!(winners(&g), None, "a knight is left: the game goes on");
    assert!(!g.legal_moves().is_empty());
    // Black's last knight is taken too: now every listed kind is gone.
    let mut g = Game::new(fen(&all, "5k/6/6/6/6/KR1n2 w - - 0 1"));
    assert_eq!(winners(&g), None);
    play(&mut g, &["b1d1"]);
    assert_eq!(winners(&g), Some(WHITE));
}

/// The checked rule keeps `all of` as a flag of the IR, absent (and so
/// the IR of every existing file unchanged) without it.
#[test]
fn extinct_all_of_is_in_the_ir_and_a_plain_list_is_not() {
    let all = extinct_variant("all of rook, knight");
    let one = extinct_variant("rook, knight");
    let json = |t: &std::sync::Arc<varia::engine::Tables>| {
        serde_json::to_string(&t.variant().end[0].when).unwrap()
    };
    assert!(json(&all).contains("\"all_of\":true"), "{}", json(&all));
    assert!(!json(&one).contains("all_of"), "{}", json(&one));
}

#[test]
fn a_repetition_is_lost_by_the_player_the_rule_names_whoever_is_to_move() {
    // Minishogi: `repetition 4 -> lose for white` (sente loses).
    let t = builtin("minishogi");
    let start = "rbsgk/4p/5/P4/KGSBR[] w - - 0 1";
    let mut g = Game::new(fen(&t, start));
    let shuffle = ["a1b2", "e5d4", "b2a1", "d4e5"];
    for round in 0..3 {
        play(&mut g, &shuffle);
        assert_eq!(winners(&g), if round < 2 { None } else { Some(BLACK) });
    }
    // The fourth occurrence after a Black move, with White to move, and
    // one with Black to move: Black wins both times.
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["a1b2"]);
    for _ in 0..3 {
        play(&mut g, &["e5d4", "b2a1", "d4e5", "a1b2"]);
    }
    assert_eq!(winners(&g), Some(BLACK));
}

/// Chess where a perpetual check loses for the checker at the third
/// occurrence, before the repetition draws.
fn perpetual_chess() -> std::sync::Arc<varia::engine::Tables> {
    let text = "variant pc extends chess {\n  end {\n    perpetual check 3 -> lose\n    repetition 3 -> draw\n  }\n}\n";
    let c = varia::load::load_str("pc.variant", text, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).unwrap())
}

#[test]
fn a_perpetual_check_loses_for_the_checker_at_the_repetition() {
    let t = perpetual_chess();
    // White's queen checks from e8 and h5 in turn; Black's king has one
    // square each time.
    let mut g = Game::new(fen(&t, "4Q1k1/p5p1/8/8/8/8/8/6K1 b - - 0 1"));
    let cycle = ["g8h7", "e8h5", "h7g8", "h5e8"];
    play(&mut g, &cycle);
    assert_eq!(winners(&g), None, "the second occurrence decides nothing");
    play(&mut g, &cycle);
    assert_eq!(winners(&g), Some(BLACK), "the checker loses");
    assert!(matches!(
        g.status(),
        Status::Ended { cause, .. } if cause.event == varia::ir::Event::PerpetualCheck(3)
    ));
}

#[test]
fn a_repetition_without_perpetual_check_is_decided_by_the_next_rule() {
    let t = perpetual_chess();
    let mut g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play(&mut g, &shuffle);
    play(&mut g, &shuffle);
    assert_eq!(winners(&g), Some(0), "a draw by repetition");
    // A check in the cycle by one side only, but not with every action:
    // still the repetition's draw. (Undo keeps the history exact.)
    let mut g = Game::new(fen(&t, "4Q1k1/p5p1/8/8/8/8/8/6K1 b - - 0 1"));
    let cycle = ["g8h7", "e8h5", "h7g8", "h5e8"];
    play(&mut g, &cycle);
    play(&mut g, &cycle[..3]);
    g.undo();
    g.undo();
    assert_eq!(winners(&g), None);
}

/// Shatar's mate rule (`checkmate given only by`, `checkmate without check
/// by`), as Fairy-Stockfish's `shatarMateRule` rules it.
mod shatar_mates {
    use super::*;

    fn after(fen_text: &str, mv: &str) -> Option<u8> {
        let t = builtin("shatar");
        let mut g = Game::new(fen(&t, fen_text));
        play(&mut g, &[mv]);
        winners(&g)
    }

    #[test]
    fn a_mate_by_a_knight_alone_wins_for_the_mated_player() {
        // A smothered mate.
        assert_eq!(
            after("6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", "g5f7"),
            Some(BLACK)
        );
    }

    #[test]
    fn a_mate_ending_checks_none_by_knight_rook_or_bers_is_a_draw() {
        // A pawn's mate, the first check of its series.
        assert_eq!(after("kb6/pn6/2P5/3B4/8/8/8/K7 w - - 0 1", "c6b7"), Some(0));
    }

    #[test]
    fn a_rook_s_mate_wins() {
        assert_eq!(
            after("7k/6pp/8/8/8/8/8/R1K5 w - - 0 1", "a1a8"),
            Some(WHITE)
        );
    }
}

/// The counting rules (`counting lone | board: ...`, `counted out`) on the
/// catalogue's makruk and ASEAN chess. Every FEN expected here is the one
/// Fairy-Stockfish (c19b5f6c) writes after the same moves.
mod counting {
    use super::common::{builtin, fen, play};
    use super::{winners, WHITE};
    use varia::engine::{Game, Status};
    use varia::ir::Event;

    fn after(variant: &str, start: &str, moves: &[&str]) -> Game {
        let mut g = Game::new(fen(&builtin(variant), start));
        play(&mut g, moves);
        g
    }

    #[test]
    fn a_lone_king_counts_from_the_men_on_the_board() {
        let g = after("makruk", "8/2k5/8/8/8/2K5/8/RR6 w - - 0 1", &["c3d3"]);
        // Two rooks: 8 moves (16 plies), counted from 4 men (8 plies).
        assert_eq!(g.position().fen(), "8/2k5/8/8/8/3K4/8/RR6 b - 16 8 1");
        // ASEAN counts the same lone king from 0, to 16 moves.
        let g = after("asean", "8/2k5/8/8/8/2K5/8/RR6 w - - 0 1", &["c3d3"]);
        assert_eq!(g.position().fen(), "8/2k5/8/8/8/3K4/8/RR6 b - 32 0 1");
    }

    #[test]
    fn without_pawns_the_side_to_move_counts_the_boards_honour() {
        let g = after("makruk", "8/2k5/8/8/8/2K5/5r2/3R4 w - - 0 1", &["d1e1"]);
        assert_eq!(g.position().fen(), "8/2k5/8/8/8/2K5/5r2/4R3 b - 128 0 1");
        // Pawns on the board: no count (the FEN keeps `-`).
        let g = after("makruk", "8/2k5/8/8/3P4/2K5/5r2/3R4 w - - 0 1", &["d1e1"]);
        assert!(
            g.position().fen().contains(" b - - "),
            "{}",
            g.position().fen()
        );
    }

    #[test]
    fn a_capture_that_leaves_a_lone_king_starts_the_count_afresh() {
        let g = after(
            "makruk",
            "8/2k5/8/8/8/2K5/5r2/3R4 w - 128 7 1",
            &["d1f1", "c7b7", "f1f2"],
        );
        assert_eq!(g.position().fen(), "8/1k6/8/8/8/2K5/5R2/8 b - 32 6 2");
    }

    #[test]
    fn the_game_is_drawn_when_the_count_runs_out() {
        let mut g = Game::new(fen(
            &builtin("makruk"),
            "8/3k4/8/8/8/3K4/R7/1R6 b - 16 15 2",
        ));
        assert_eq!(winners(&g), None);
        play(&mut g, &["d7e7"]);
        assert_eq!(winners(&g), None, "16 plies of 16: not yet");
        play(&mut g, &["a2a3"]);
        match g.status() {
            Status::Ended { winners: 0, cause } => assert_eq!(cause.event, Event::CountedOut),
            other => panic!("{other:?}"),
        }
        // The FEN round trip keeps the count.
        let f = g.position().fen();
        assert_eq!(f, "8/4k3/8/8/8/R2K4/8/1R6 b - 16 17 3");
        let back = fen(&builtin("makruk"), &f);
        assert_eq!(back.fen(), f);
    }

    #[test]
    fn a_mate_on_the_last_count_wins() {
        let g = after("makruk", "3k4/8/3K4/8/8/8/8/7R w - 32 32 40", &["h1h8"]);
        assert_eq!(g.position().fen(), "3k3R/8/3K4/8/8/8/8/8 b - 32 33 40");
        assert_eq!(winners(&g), Some(WHITE));
    }
}

#[test]
fn stalemate_may_be_given_to_a_fixed_player() {
    // Armageddon: every drawn game is Black's, stalemate included,
    // whoever is stalemated.
    let text = std::fs::read_to_string(format!(
        "{}/tests/blind/armageddon.variant",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let c = varia::check::check_str("armageddon.variant", &text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let t = std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).unwrap());
    // White stalemates Black (Qf7 g6 against h8), and Black stalemates White.
    for start in [
        ("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1", "f5f7"),
        ("8/8/8/8/5q2/6k1/8/7K b - - 0 1", "f4f2"),
    ] {
        let mut g = Game::new(fen(&t, start.0));
        play(&mut g, &[start.1]);
        assert_eq!(winners(&g), Some(2), "{}", start.0);
    }
}

#[test]
fn a_stalemate_may_be_won_by_the_side_with_fewer_men() {
    // Suicide chess (`stalemate -> fewest men`), Fairy-Stockfish's
    // stalematePieceCount with a stalemate won by the stalemated side.
    let text = std::fs::read_to_string(format!(
        "{}/tests/blind/suicide.variant",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let c = varia::check::check_str("suicide.variant", &text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let t = std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).unwrap());
    // After h2h3, Black's pawn a3 (blocked by a2) has no move: one man
    // against two, Black wins.
    let mut g = Game::new(fen(&t, "8/8/8/8/8/p7/P6P/8 w - - 0 1"));
    play(&mut g, &["h2h3"]);
    assert!(moves(g.position()).is_empty());
    assert_eq!(winners(&g), Some(2));
    // White is stalemated, two men each: a draw.
    let g = Game::new(fen(&t, "8/8/8/8/7p/p6P/P7/8 w - - 0 1"));
    assert!(moves(g.position()).is_empty());
    assert_eq!(winners(&g), Some(0));
    // Black is stalemated with three men against two: White wins.
    let g = Game::new(fen(&t, "8/8/8/p7/p7/P6p/7P/8 b - - 0 1"));
    assert!(moves(g.position()).is_empty());
    assert_eq!(winners(&g), Some(1));
}

/// Plays `line` (varia's coordinates, ranks from 1) in
/// the catalogue's janggimodern from `start` (`None`: the setup) and gives
/// the winners then, checking that nothing ended the game before.
fn janggimodern_after(start: Option<&str>, line: &[&str]) -> Option<u8> {
    let t = builtin("janggimodern");
    let pos = match start {
        Some(f) => fen(&t, f),
        None => varia::engine::Position::start(t.clone()).unwrap(),
    };
    let mut g = Game::new(pos);
    for (i, m) in line.iter().enumerate() {
        assert_eq!(winners(&g), None, "over before ply {}", i + 1);
        play(&mut g, &[m]);
    }
    winners(&g)
}

// Each line below was played to Fairy-Stockfish c19b5f6c's `janggimodern`
// over XBoard (`new`, `variant janggimodern`, `force`, `setboard`, the moves
// with ranks from 0 as XBoard counts a 10-rank board, then `go`): it
// claimed `0-1`, `1-0` or played on, as each test says.

#[test]
fn a_chariot_moved_back_and_forth_four_times_loses() {
    let line = [
        "a1a2", "i10i9", "a2a3", "i9i8", "a3a2", "i8i9", "a2a3", "i9i8", "a3a2",
    ];
    assert_eq!(janggimodern_after(None, &line[..8]), None);
    assert_eq!(janggimodern_after(None, &line), Some(BLACK));
    let g = {
        let t = builtin("janggimodern");
        let mut g = Game::new(varia::engine::Position::start(t).unwrap());
        play(&mut g, &line);
        g
    };
    assert!(matches!(
        g.status(),
        Status::Ended { cause, .. } if matches!(cause.event, varia::ir::Event::BackAndForth { moves: 4, .. })
    ));
}

#[test]
fn a_pass_just_before_the_fourth_move_is_skipped() {
    let line = [
        "a1a2", "a10a9", "a2a3", "i10i9", "a3a2", "a9a8", "a2a3", "i9i8", "pass", "a8a9", "a3a2",
    ];
    assert_eq!(janggimodern_after(None, &line[..10]), None);
    assert_eq!(janggimodern_after(None, &line), Some(BLACK));
}

#[test]
fn the_general_moved_back_and_forth_is_exempt() {
    let line = [
        "e2d2", "a10a9", "d2e2", "i10i9", "e2d2", "a9a8", "d2e2", "i9i8", "e2d2", "b10c8",
    ];
    assert_eq!(janggimodern_after(None, &line), None);
}

#[test]
fn a_capture_by_either_side_since_the_man_arrived_clears_the_count() {
    let line = [
        "a1a2", "i10i9", "a2a3", "i9i5", "a3a2", "i5i4", "a2a3", "i4i3", "a3a2",
    ];
    // Black's chariot takes the soldier on i5 on its way down.
    let with_capture = "8r/4k4/9/9/9/8P/9/9/4K4/R8 w - - 0 1";
    assert_eq!(janggimodern_after(Some(with_capture), &line), None);
    let without = "8r/4k4/9/9/9/9/9/9/4K4/R8 w - - 0 1";
    assert_eq!(janggimodern_after(Some(without), &line), Some(BLACK));
}

#[test]
fn a_man_that_arrived_by_capturing_is_not_held() {
    let line = [
        "a1a2", "i10i9", "a2a3", "i9i5", "a3a2", "i5i4", "a2a3", "i4i3", "a3a2",
    ];
    let start = "8r/4k4/9/9/9/9/9/9/p3K4/R8 w - - 0 1";
    assert_eq!(janggimodern_after(Some(start), &line), None);
}

#[test]
fn moves_made_in_check_do_not_count_but_the_checker_shuttling_loses() {
    // White's chariot blocks each check on f2 and steps back to f3;
    // Black's chariot checks from h2 and steps back to h3.
    let start = "7r1/4k4/9/9/9/5R3/9/9/4K4/9 w - - 0 1";
    let line = [
        "f5f3", "h10h2", "f3f2", "h2h3", "f2f3", "h3h2", "f3f2", "h2h3", "f2f3", "h3h2",
    ];
    assert_eq!(janggimodern_after(Some(start), &line[..9]), None);
    assert_eq!(janggimodern_after(Some(start), &line), Some(WHITE));
}

#[test]
fn back_and_forth_is_refused_as_a_draw_claim() {
    let text = "variant bf extends chess {\n  end {\n    back and forth 4 -> claim draw\n  }\n}\n";
    let c = varia::load::load_str("bf.variant", text, &[]);
    assert!(c.has_errors());
    assert!(
        c.diagnostics.iter().any(|d| d.code == "bad-outcome"),
        "{:?}",
        c.diagnostics
    );
}

// ---- `while opponents have at least M` ---------------------------------------

/// Koedem (the catalogue's, Fairy-Stockfish's `koedem`): `extinct king
/// while opponents have at least 2 -> lose`. A player with no king on the
/// board or in hand loses once the opponent holds both kings, whoever is to
/// move; a player short of its king while the opponent holds only one plays
/// on. Each position's outcome is pyffish's (`is_immediate_game_end`,
/// Fairy-Stockfish 0.0.90): over and won by White in the first two and the
/// last, not over in the other two.
#[test]
fn a_player_without_a_king_loses_only_once_the_opponent_holds_both() {
    let t = builtin("koedem");
    let start = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (rest, over) in [
        ("[K] w KQ - 0 1", true),
        ("[K] b KQ - 0 1", true),
        ("[] w KQ - 0 1", false),
        ("[k] w KQ - 0 1", false),
    ] {
        let g = Game::new(fen(&t, &format!("{start}{rest}")));
        assert_eq!(winners(&g), over.then_some(WHITE), "{rest}");
        assert_eq!(g.legal_moves().is_empty(), over, "{rest}");
    }
    // Both white kings in hand count too.
    let g = Game::new(fen(
        &t,
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[KK] b - - 0 1",
    ));
    assert_eq!(winners(&g), Some(WHITE));
}

/// For a list meaning one of the kinds, the opponents must hold the kind
/// the player is short of: Black, without rooks, loses only while White
/// holds two rooks; White's two knights do not count for Black's missing
/// rooks.
#[test]
fn while_opponents_have_counts_the_kind_the_player_is_short_of() {
    let text = r#"variant ext "Extinct" {
  players white, black
  board 6x6
  piece king K moves "K"
  piece rook R moves "R"
  piece knight N moves "N"
  setup {
    white: K a1, R b1
    black: K f6, R e6
  }
  end {
    extinct rook, knight while opponents have at least 2 -> lose
    checkmate -> lose
  }
}
"#;
    let c = varia::check::check_str("ext.variant", text, None, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    assert!(
        serde_json::to_string(&c.variants[0].end[0].when)
            .unwrap()
            .contains("\"against\":2"),
        "in the IR"
    );
    let t = std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).expect("compiles"));
    // Black has a knight but no rook; White has two rooks: Black loses.
    let g = Game::new(fen(&t, "3n1k/6/6/6/6/KRR3 w - - 0 1"));
    assert_eq!(winners(&g), Some(WHITE));
    // White has one rook and two knights: Black is short of rooks only
    // (it keeps a knight), and White holds one rook: Black plays on.
    let g = Game::new(fen(&t, "3n1k/6/6/6/6/KRNN2 w - - 0 1"));
    assert_eq!(winners(&g), None);
    // Black has neither rook nor knight; White has two knights: Black is
    // short of knights and White holds two: Black loses.
    let g = Game::new(fen(&t, "5k/6/6/6/6/KRNN2 w - - 0 1"));
    assert_eq!(winners(&g), Some(WHITE));
}
