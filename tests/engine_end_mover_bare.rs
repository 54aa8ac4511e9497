//! Two end-rule constructs (docs/LANGUAGE.md §19): `for mover`, whose
//! subject is the player who made the last action (`repetition N -> lose
//! for mover`: the player who repeats loses), and `count men except
//! PIECE, ...` (the bare-king rule of a game with several royal kinds).
//! Chu shogi's use of both is tested in tests/engine_chu_rules.rs.

use std::sync::Arc;
use varia::engine::{Game, Position, Status, Tables};
use varia::notation::Describe;
use varia::play::session::Session;
use varia::search::{Limits, Searcher};

fn load(text: &str) -> varia::ir::Variant {
    let c = varia::load::load_str("t.variant", text, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    c.variants.last().expect("a variant").clone()
}

fn codes(text: &str) -> Vec<String> {
    let c = varia::load::load_str("t.variant", text, &[]);
    c.diagnostics.iter().map(|d| d.code.to_string()).collect()
}

fn game(v: &varia::ir::Variant, fen: &str) -> Game {
    let t = Arc::new(Tables::new(v).expect("compiles"));
    Game::new(Position::from_fen(t, fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = g.position().parse_move(m).unwrap_or_else(|| panic!("{m}"));
        g.play(mv);
    }
}

fn winners(g: &Game) -> Option<u8> {
    match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        _ => None,
    }
}

const NO_REPEAT: &str = "variant norepeat extends chess {
  end {
    checkmate -> lose
    stalemate -> draw
    repetition 3 -> lose for mover
  }
}
";

#[test]
fn for_mover_is_a_flag_of_the_ir_and_absent_otherwise() {
    let v = load(NO_REPEAT);
    let rep = v
        .end
        .iter()
        .find(|r| matches!(r.when, varia::ir::Event::Repetition(3)))
        .expect("the repetition rule");
    assert!(rep.mover && rep.player.is_none(), "{rep:?}");
    let json = serde_json::to_string(&v.end).unwrap();
    assert_eq!(json.matches("\"mover\":true").count(), 1, "{json}");
    let chess = varia::load::builtin("chess", &[]).unwrap();
    assert!(!serde_json::to_string(&chess.end).unwrap().contains("mover"));
}

#[test]
fn a_player_named_mover_is_still_named_by_for() {
    let v = load(
        "variant named \"Named\" {
  players white, mover
  board 4x4
  piece king K moves \"K\"
  setup {
    white: K a1
    mover: K d4
  }
  end {
    extinct king -> lose
    repetition 3 -> lose for mover
  }
}
",
    );
    let rep = v.end.last().unwrap();
    assert_eq!((rep.player, rep.mover), (Some(1), false), "{rep:?}");
}

#[test]
fn for_mover_is_refused_after_a_condition_with_a_subject_of_its_own() {
    let text = "variant bad extends chess {\n  end { checkmate -> lose for mover }\n}\n";
    assert!(
        codes(text).iter().any(|c| c == "bad-outcome"),
        "{:?}",
        codes(text)
    );
    let text = "variant bad extends chess {\n  end { repetition 3 -> draw for mover }\n}\n";
    assert!(
        codes(text).iter().any(|c| c == "bad-outcome"),
        "{:?}",
        codes(text)
    );
}

#[test]
fn the_repetition_is_lost_by_the_player_who_makes_it() {
    let v = load(NO_REPEAT);
    let mut g = game(&v, "7k/8/8/8/8/8/R7/K7 w - - 0 1");
    play(&mut g, &["a1b1", "h8g8", "b1a1", "g8h8"]);
    assert_eq!(winners(&g), None);
    play(&mut g, &["a1b1", "h8g8", "b1a1"]);
    assert_eq!(winners(&g), None);
    // Black's king back to h8: the third occurrence, Black's doing.
    play(&mut g, &["g8h8"]);
    assert_eq!(winners(&g), Some(1), "{:?}", g.status());
}

#[test]
fn for_mover_needs_a_last_action() {
    // Stalemate with the stalemating side winning: a position read from
    // FEN has no mover, so the rule does not fire there; reached by a
    // move, the player who made it wins.
    let v = load(
        "variant stalewin extends chess {\n  end {\n    checkmate -> lose\n    stalemate -> win for mover\n  }\n}\n",
    );
    let g = game(&v, "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.status(), Status::Ongoing);
    let mut g = game(&v, "k7/2Q5/8/1K6/8/8/8/8 w - - 0 1");
    play(&mut g, &["b5b6"]);
    assert_eq!(winners(&g), Some(1), "{:?}", g.status());
}

/// The search, with Black a rook down, takes the repetition that draws
/// plain chess; where the repetition loses for the player who makes it,
/// it plays another move.
#[test]
fn the_search_avoids_a_repetition_that_loses_for_the_mover() {
    let fen = "7k/8/8/8/8/8/R7/K7 w - - 0 1";
    let best = |v: &varia::ir::Variant| {
        let mut s = Session::new(v, Some(fen), 1).unwrap();
        for m in ["a1b1", "h8g8", "b1a1", "g8h8", "a1b1", "h8g8", "b1a1"] {
            let mv = s.parse(m).unwrap();
            s.play_noted(mv);
        }
        let mut g = s.clone();
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let f = Searcher::new(4).search(&mut g, &limits, None, &mut |_| {});
        varia::protocol::move_text(s.position(), f.best.unwrap())
    };
    let chess = varia::load::builtin("chess", &[]).unwrap();
    assert_eq!(best(&chess), "g8h8", "plain chess: the draw is sought");
    assert_ne!(best(&load(NO_REPEAT)), "g8h8");
}

const BARE: &str = "variant bare extends chess {
  end {
    count men except king, queen at most 0 with reply -> lose
    checkmate -> lose
  }
}
";

#[test]
fn count_men_except_is_a_flag_of_the_ir() {
    let v = load(BARE);
    let rule = v
        .end
        .iter()
        .find(|r| matches!(r.when, varia::ir::Event::Count { .. }))
        .expect("the count rule");
    let json = serde_json::to_string(&rule.when).unwrap();
    assert!(json.contains("\"except\":true"), "{json}");
    let chess = varia::load::builtin("chess", &[]).unwrap();
    assert!(!serde_json::to_string(&chess.end)
        .unwrap()
        .contains("except"));
}

#[test]
fn a_player_with_only_the_listed_kinds_is_bare() {
    let v = load(BARE);
    // White has a king and a queen, nothing else; Black two pawns: White,
    // to move, could take back only one, and loses.
    let g = game(&v, "4k3/pp6/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(winners(&g), Some(2), "{:?}", g.status());
    // With one pawn against it, White may still answer: play goes on.
    let g = game(&v, "4k3/p7/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(winners(&g), None, "{:?}", g.status());
    // Black to move instead: White stays bare while Black has a man.
    let g = game(&v, "4k3/p7/8/8/8/8/8/3QK3 b - - 0 1");
    assert_eq!(winners(&g), Some(2), "{:?}", g.status());
    // A white pawn besides: not bare.
    let g = game(&v, "4k3/pp6/8/8/8/8/P7/3QK3 w - - 0 1");
    assert_eq!(winners(&g), None, "{:?}", g.status());
}

#[test]
fn count_men_except_counts_the_other_side_the_same_way() {
    // Black has a king, a queen and a pawn: one man that counts. White,
    // bare and to move, may still answer (the queen does not count).
    let v = load(BARE);
    let g = game(&v, "3qk3/p7/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(winners(&g), None, "{:?}", g.status());
    // With `on board`, men in hand do not count (here none are held).
    let v = load(&BARE.replace("at most 0 with reply", "at most 0 on board with reply"));
    let g = game(&v, "3qk3/pp6/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(winners(&g), Some(2), "{:?}", g.status());
}
