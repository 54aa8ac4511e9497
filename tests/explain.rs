//! One named test per kind of refusal (`varia::explain`), on real
//! positions of the shipped variants.

use varia::engine::{Move, MoveKind};
use varia::explain::*;
use varia::play::session::Session;

#[path = "explain/common.rs"]
mod common;
use common::*;

#[test]
fn a_pinned_knight_names_the_pinning_bishop() {
    let s = session("chess", Some("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1"));
    let e = why(&s, "Ne4");
    assert!(
        matches!(&e.reason, Reason::Pinned { man, royal, by }
            if man == "your knight on c3" && royal == "your king on e1"
            && by == &["Black's bishop on b4".to_string()]),
        "{e:?}"
    );
    assert!(!e.legal);
    assert_eq!(
        e.text,
        "Your knight on c3 is pinned: moving it would leave your king on e1 attacked by Black's bishop on b4."
    );
    assert!(e
        .squares
        .iter()
        .any(|m| m.square == "b4" && m.role == Role::Attacker));
}

#[test]
fn a_blocked_rook_names_the_square_and_the_man() {
    let s = session("chess", None);
    let e = why(&s, "a1a3");
    assert!(
        matches!(&e.reason, Reason::PathBlocked { at, blocker, .. }
            if at == "a2" && blocker == "your pawn"),
        "{e:?}"
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("piece rook moves \"R\"")
    );
    // The same in SAN, where the rook is found by its letter.
    assert!(matches!(why(&s, "Ra3").reason, Reason::PathBlocked { .. }));
}

#[test]
fn castling_through_an_attacked_square_names_the_square_and_the_attacker() {
    let s = session("chess", Some("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1"));
    let e = why(&s, "O-O");
    assert!(
        matches!(&e.reason, Reason::CastlingThroughAttack { square, by }
            if square == "f1" && by == &["Black's bishop on c4".to_string()]),
        "{e:?}"
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("castling king with rook")
    );
    // As the king's move, too.
    assert!(matches!(
        why(&s, "e1g1").reason,
        Reason::CastlingThroughAttack { .. }
    ));
    // The long side is free.
    assert!(why(&s, "O-O-O").legal);
}

#[test]
fn castling_without_the_right_says_which_man_has_moved() {
    let s = session("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"));
    let e = why(&s, "O-O");
    assert!(
        matches!(&e.reason, Reason::NoCastlingRight { why } if why == "your rook on h1 has moved"),
        "{e:?}"
    );
    let s = session("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1"));
    let e = why(&s, "O-O-O");
    assert!(matches!(&e.reason, Reason::NoCastlingRight { .. }), "{e:?}");
}

#[test]
fn an_echek_placement_quotes_the_condition_with_its_line() {
    let s = session("echek", None);
    // Far from every white man: not touching an own man.
    let e = why(&s, "Q@e5");
    assert!(
        matches!(&e.reason, Reason::PlacementCondition { failed, condition, .. }
            if failed == "touching(own)"
            && condition == "touching(own) and not beside(enemy king)"),
        "{e:?}"
    );
    let rule = e.rule.expect("rule");
    assert_eq!(rule.file.as_deref(), Some("echek.variant"));
    assert_eq!(rule.line, Some(33));
    assert_eq!(
        rule.text,
        "place where touching(own) and not beside(enemy king)"
    );
    // Beside the enemy king (b2, beside the black king on a2): the second
    // conjunct.
    let e = why(&s, "Q@b2");
    assert!(
        matches!(&e.reason, Reason::PlacementCondition { failed, .. }
            if failed == "not beside(enemy king)"),
        "{e:?}"
    );
}

#[test]
fn a_raindropchess_move_before_the_king_is_placed_quotes_move_requires() {
    // White has a rook on the board but no king yet.
    let s = session(
        "raindropchess",
        Some("4k3/8/8/8/8/8/8/R7{QRBNqrbn}|KQRBBNNPPPPPPPP,QRRBBNNPPPPPPPP| w - - 0 1"),
    );
    let e = why(&s, "a1a4");
    assert!(
        matches!(&e.reason, Reason::MovesNotNow { condition } if condition == "in_play(own king)"),
        "{e:?}"
    );
    let rule = e.rule.expect("rule");
    assert_eq!(
        (rule.file.as_deref(), rule.line),
        (Some("raindropchess.variant"), Some(31))
    );
}

#[test]
fn a_drawn_raindropchess_pawn_off_its_ranks_quotes_the_placement_rule() {
    // A seed whose first white card is a pawn (the test is a referee: it
    // may look at the deck).
    let v = varia::load::builtin("raindropchess", &[]).unwrap();
    let s = (0..200)
        .map(|seed| Session::new(&v, None, seed).unwrap())
        .find(|s| {
            s.position().peek_top_card(0)
                == Some(varia::ir::Card::Piece {
                    piece: v.piece_by_name("pawn").unwrap(),
                    region: None,
                })
        })
        .expect("a seed with a pawn on top");
    let draws: Vec<Move> = s
        .legal()
        .into_iter()
        .filter(|m| m.kind() == MoveKind::DrawPlace)
        .collect();
    let pawn = v.piece_by_name("pawn").unwrap();
    let e = explain_drawn(&s, pawn, &draws, "e8");
    assert!(
        matches!(&e.reason, Reason::PlacementCondition { failed, .. } if failed == "in pawn_ranks"),
        "{e:?}"
    );
    let rule = e.rule.expect("rule");
    assert_eq!(rule.text, "place pawn where in pawn_ranks");
    assert_eq!(rule.line, Some(36));
    assert!(explain_drawn(&s, pawn, &draws, "e4").legal);
}

#[test]
fn a_move_after_the_game_ended_names_the_end_rule() {
    let s = played("chess", &["f3", "e5", "g4", "Qh4#"]);
    let e = why(&s, "e4");
    assert!(
        matches!(&e.reason, Reason::GameOver { result } if result == "Black won by checkmate"),
        "{e:?}"
    );
    assert_eq!(
        e.rule.map(|r| r.text),
        Some("checkmate -> lose".to_string())
    );
}

#[test]
fn a_square_off_the_board_is_named_with_the_board() {
    let s = session("chess", None);
    let e = why(&s, "e2e9");
    assert!(
        matches!(&e.reason, Reason::OffBoard { square, board }
            if square == "e9" && board == "8×8: files a to h, ranks 1 to 8"),
        "{e:?}"
    );
    assert!(matches!(why(&s, "Nz3").reason, Reason::OffBoard { .. }));
    // A hole of Quatrochess's board.
    let q = session("quatrochess", None);
    let e = why(&q, "d1g7");
    assert!(
        matches!(&e.reason, Reason::Hole { square } if square == "g7"),
        "{e:?}"
    );
    let e = explain_attempt(
        &q,
        &Attempt {
            from: Some("d1".into()),
            to: Some("h8".into()),
            ..Attempt::default()
        },
    );
    assert!(matches!(e.reason, Reason::Hole { .. }), "{e:?}");
}

#[test]
fn a_piece_that_cannot_move_that_way_lists_its_pattern_and_reach() {
    let s = session("chess", None);
    let e = why(&s, "g1g3");
    assert!(
        matches!(&e.reason, Reason::CannotMove { betza, reach, .. }
            if betza == "N" && reach == &["e2".to_string(), "f3".into(), "h3".into()]),
        "{e:?}"
    );
    assert_eq!(
        e.text,
        "Your knight on g1 cannot go to g3: a knight moves `N`; from g1 on an empty board it reaches e2, f3 and h3."
    );
}

#[test]
fn no_man_and_not_yours() {
    let s = session("chess", None);
    assert!(matches!(why(&s, "e4e5").reason, Reason::NoMan { .. }));
    let e = why(&s, "e7e5");
    assert!(
        matches!(&e.reason, Reason::NotYours { man, to_move } if man == "Black's pawn on e7" && to_move == "White"),
        "{e:?}"
    );
    let e = explain_attempt(
        &s,
        &Attempt {
            from: Some("e7".into()),
            to: Some("e5".into()),
            player: Some(1),
            ..Attempt::default()
        },
    );
    assert!(matches!(e.reason, Reason::NotYourTurn { .. }), "{e:?}");
}

#[test]
fn pawn_moves_initial_capture_only_and_move_only() {
    let s = played("chess", &["e4", "d5", "e5"]);
    // Black to move; White's e-pawn has moved twice. Black: a pawn that
    // moved may not double-step again.
    let s2 = played("chess", &["e4", "d5", "e5", "d4", "a3"]);
    // Black's pawn on d4 has moved: its double step is closed.
    let e = why(&s2, "d4d2");
    assert!(matches!(e.reason, Reason::InitialOnly { .. }), "{e:?}");
    let e = why(&s2, "d4d3");
    assert!(e.legal, "{e:?}");
    let e = why(&played("chess", &["e4", "e5", "d3", "a6"]), "d3d5");
    assert!(matches!(e.reason, Reason::InitialOnly { .. }), "{e:?}");
    // A diagonal step to an empty square only captures.
    let e = why(&s, "d5c4");
    assert!(matches!(e.reason, Reason::CapturesOnly { .. }), "{e:?}");
    // Straight onto a man: the pawn's step does not capture.
    let e = why(&played("chess", &["e4", "e5"]), "e4e5");
    assert!(matches!(e.reason, Reason::MovesOnlyToEmpty { .. }), "{e:?}");
    // Onto an own man.
    let e = why(&session("chess", None), "Nd2");
    assert!(matches!(e.reason, Reason::OwnMan { .. }), "{e:?}");
}

#[test]
fn checks_in_check_and_into_check() {
    // Black's queen on h4 gives check; a rook move elsewhere does not
    // answer it.
    let s = session("chess", Some("4k3/8/8/8/7q/8/8/R3K3 w - - 0 1"));
    assert!(s.position().in_check());
    let e = why(&s, "Ra2");
    assert!(
        matches!(&e.reason, Reason::InCheck { by, .. } if by == &["Black's queen on h4".to_string()]),
        "{e:?}"
    );
    let s = session("chess", Some("4k3/8/8/8/8/8/8/R3K2r w - - 0 1"));
    let e = why(&s, "Kf2");
    assert!(matches!(e.reason, Reason::Legal { .. }), "{e:?}");
    let e = why(&s, "Kd1");
    assert!(
        matches!(&e.reason, Reason::IntoCheck { at, .. } if at == "d1"),
        "{e:?}"
    );
}

#[test]
fn promotions_that_are_not_a_choice() {
    let s = session("chess", Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    let e = why(&s, "a8=K");
    assert!(matches!(e.reason, Reason::NotAChoice { .. }), "{e:?}");
    let e = why(&s, "a7a8");
    assert!(
        matches!(
            e.reason,
            Reason::Ambiguous { .. } | Reason::PromotionNeeded { .. }
        ),
        "{e:?}"
    );
}

#[test]
fn placements_not_in_hand_and_occupied() {
    let s = session("echek", None);
    let e = why(&s, "K@c3");
    assert!(matches!(e.reason, Reason::NotInHand { .. }), "{e:?}");
    let e = why(&s, "Q@a1");
    assert!(matches!(e.reason, Reason::Occupied { .. }), "{e:?}");
    let s = session("chess", None);
    assert!(matches!(why(&s, "Q@e4").reason, Reason::NoPlacements));
}

#[test]
fn unreadable_text() {
    let s = session("chess", None);
    assert!(matches!(why(&s, "hello").reason, Reason::Unreadable { .. }));
}

#[test]
fn the_json_shape_is_tagged_by_kind() {
    let s = session("chess", Some("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1"));
    let e = explain_attempt(
        &s,
        &Attempt {
            from: Some("c3".into()),
            to: Some("e4".into()),
            ..Attempt::default()
        },
    );
    let j = serde_json::to_value(&e).unwrap();
    assert_eq!(j["legal"], false);
    assert_eq!(j["reason"]["kind"], "pinned");
    assert_eq!(j["reason"]["man"], "your knight on c3");
    assert!(j["squares"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["square"] == "b4" && m["role"] == "attacker"));
    assert!(j["text"].as_str().unwrap().contains("pinned"));
}

#[test]
fn a_hidden_card_is_never_told() {
    // Placements come from the deck: the answer is the same whatever card
    // is on top.
    let v = varia::load::builtin("raindropchess", &[]).unwrap();
    let texts: std::collections::BTreeSet<String> = (0..20)
        .map(|seed| {
            let s = Session::new(&v, None, seed).unwrap();
            why(&s, "N@e4").text
        })
        .collect();
    assert_eq!(texts.len(), 1, "{texts:?}");
    let text = texts.into_iter().next().unwrap();
    assert!(text.contains("draw"), "{text}");
}

#[test]
#[ignore]
fn show_sentences() {
    let cases: &[(&str, Option<&str>, &str)] = &[
        ("chess", None, "Ke2"),
        ("chess", None, "e5"),
        ("chess", None, "Bc4"),
        ("chess", None, "Nf4"),
        ("chess", None, "O-O"),
        ("chess", None, "exd5"),
        ("chess", None, "Qh5"),
        ("chess", None, "z1"),
        ("chess", Some("4k3/8/8/8/7q/8/8/R3K3 w - - 0 1"), "Rb1"),
        ("echek", None, "Q@c4"),
        ("echek", None, "a1a2"),
        ("crazyhouse", None, "N@e4"),
        ("ecsech", None, "N@e4"),
        ("losalamos", None, "e2e4"),
        ("quatrochess", None, "e2e4"),
    ];
    for (v, fen, t) in cases {
        let s = session(v, *fen);
        let e = why(&s, t);
        println!(
            "{v} {t}: {} [{}]",
            e.text,
            e.rule.map(|r| r.cite()).unwrap_or_default()
        );
        for a in e.also {
            println!("   also: {a}");
        }
    }
}

/// LANGUAGE.md §8: `confined` holds for placements; a placement outside
/// the region is refused with the confinement as the reason.
#[test]
fn a_confined_kind_placed_outside_its_region_names_the_confinement() {
    let text = r#"variant cd "Confined drops" {
  players white, black
  board 5x5
  piece king K moves "K" royal
  piece advisor A moves "F"
  region palace: white squares b1 c1 d1 c2, black squares b5 c5 d5 c4
  confined advisor to palace
  actions move, place
  captures to hand
  setup {
    white: K a1
    black: K e5
    white hand: A
  }
  end {
    checkmate -> lose
  }
}
"#;
    let c = varia::check::check_str("cd.variant", text, None, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let s = Session::new(&c.variants[0], None, 1).expect("position");
    let e = why(&s, "A@c3");
    assert!(
        matches!(&e.reason, Reason::Confined { region, .. } if region == "palace"),
        "{e:?}"
    );
    assert!(!e.legal);
    assert_eq!(
        e.rule.map(|r| r.text),
        Some("confined advisor to palace".to_string())
    );
    assert!(why(&s, "A@c2").legal);
}

#[test]
fn a_move_that_breaks_a_move_condition_names_the_statement() {
    // Grid chess: a move must cross a line of the 2x2 grid; e1 and f1 lie
    // in one cell.
    let s = session("grid", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    let e = why(&s, "Kf1");
    assert!(
        matches!(&e.reason, Reason::MoveCondition { man, to, condition, .. }
            if man == "your king on e1" && to == "f1" && condition == "crosses grid 2x2"),
        "{e:?}"
    );
    assert_eq!(
        e.text,
        "Your king on e1 may move only where crosses grid 2x2, and the move to f1 is not such a move."
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("move where crosses grid 2x2")
    );
    assert!(why(&s, "Kd2").legal);
}

#[test]
fn a_check_that_does_not_mate_is_refused_by_its_move_condition() {
    // Checkless chess: `move where not check or mate`.
    let s = session("checkless", Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    let e = why(&s, "Ra8");
    assert!(
        matches!(&e.reason, Reason::MoveCondition { man, to, condition, .. }
            if man == "your rook on a1" && to == "a8" && condition == "not check or mate"),
        "{e:?}"
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("move where not check or mate")
    );
    assert!(why(&s, "Ra7").legal);
}

#[test]
fn a_check_before_the_last_action_of_a_turn_is_refused_by_the_turn_rule() {
    // Progressive chess: White's third turn has three moves; a check is
    // allowed only as the last.
    let s = played("progressive", &["e4", "f6", "g5"]);
    let e = why(&s, "Qh5");
    assert!(
        matches!(&e.reason, Reason::ChecksLastOnly { royal } if royal == "Black's king on e8"),
        "{e:?}"
    );
    assert_eq!(
        e.text,
        "That would leave Black's king on e8 attacked, and only the last action of a turn may give check."
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("turn checks last only")
    );
    assert!(e
        .squares
        .iter()
        .any(|m| m.square == "e8" && m.role == Role::Royal));
    assert!(why(&s, "Qg4").legal);
}

#[test]
fn a_rider_blocked_across_the_seam_names_the_man_in_the_way() {
    // On the cylinder the bishop on a3 reaches g1 through h2, across the
    // joined edge; the board as drawn has no line from a3 to g1.
    let s = session("cylinder", Some("4k3/8/8/8/8/B7/7P/4K3 w - - 0 1"));
    let e = why(&s, "a3g1");
    assert!(
        matches!(&e.reason, Reason::PathBlocked { at, blocker, .. }
            if at == "h2" && blocker == "your pawn"),
        "{e:?}"
    );
    assert!(e
        .squares
        .iter()
        .any(|m| m.square == "h2" && m.role == Role::Blocker));
    // Without the pawn the same move is legal.
    let s = session("cylinder", Some("4k3/8/8/8/8/B7/8/4K3 w - - 0 1"));
    assert!(why(&s, "a3g1").legal);
}

#[test]
fn a_leap_across_the_seam_onto_a_friend_names_the_friend() {
    // The knight on a2 lands on g1 across the joined edge, where its own
    // rook stands.
    let s = session("cylinder", Some("4k3/8/8/8/8/8/N7/4K1R1 w - - 0 1"));
    let e = why(&s, "a2g1");
    assert!(
        matches!(&e.reason, Reason::OwnMan { to, .. } if to == "g1"),
        "{e:?}"
    );
}
