//! Movement that depends on regions and lines: `confined PIECE to REGION`,
//! `moves PIECE in REGION`, `facing PIECE: illegal` and `facing PIECE:
//! must break` with passes (janggi's bikjang), on the catalogue's Xiangqi,
//! Janggi and Pawn-back chess and on small variants written here.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves};
use std::sync::Arc;
use varia::engine::Tables;

/// Compile a variant written here (it must check without diagnostics).
fn compile(text: &str) -> Arc<Tables> {
    let c = varia::check::check_str("test.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    Arc::new(Tables::new(&c.variants[0]).expect("compiles"))
}

/// The moves of the man on `from`, as sorted text.
fn moves_from(t: &Arc<Tables>, f: &str, from: &str) -> Vec<String> {
    moves(&fen(t, f))
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

#[test]
fn a_confined_general_and_advisor_stay_in_the_palace() {
    let t = builtin("xiangqi");
    // General on d2: c2 is outside the palace.
    let f = "5k3/9/9/9/9/9/9/9/3K5/9 w - - 0 1";
    assert_eq!(moves_from(&t, f, "d2"), ["d2d1", "d2d3", "d2e2"]);
    // Advisor on e2: all four corners of the palace.
    let f = "3k5/9/9/9/9/9/9/9/4A4/5K3 w - - 0 1";
    assert_eq!(moves_from(&t, f, "e2"), ["e2d1", "e2d3", "e2f3"]);
}

#[test]
fn a_man_outside_its_region_moves_only_into_it() {
    // An advisor set on c4 by the FEN: d3 is its only palace square.
    let t = builtin("xiangqi");
    let f = "3k5/9/9/9/9/9/2A6/9/9/5K3 w - - 0 1";
    assert_eq!(moves_from(&t, f, "c4"), ["c4d3"]);
}

#[test]
fn a_confined_man_does_not_attack_outside_its_region() {
    // A black fers confined to Black's palace attacks e9 (inside) from
    // d8, but not e7 (outside).
    let t = compile(
        r#"variant t {
  players white, black
  board 9x10
  piece general K moves "W" royal
  piece fers F moves "F"
  region palace: white squares d1 e1 f1 d2 e2 f2 d3 e3 f3,
                 black squares d8 e8 f8 d9 e9 f9 d10 e10 f10
  confined fers to palace
  setup { white: K a1
          black: K i10 }
  end { checkmate -> lose }
}"#,
    );
    // A white king on e7 next to a black fers on d8: not in check.
    let p = fen(&t, "8k/9/9/3f5/4K4/9/9/9/9/9 w - - 0 1");
    assert!(!p.in_check());
    // The same king on e9 (inside Black's palace) is in check.
    let p = fen(&t, "8k/4K4/3f5/9/9/9/9/9/9/9 w - - 0 1");
    assert!(p.in_check());
}

#[test]
fn a_confined_rider_passes_over_outside_squares_and_lands_inside() {
    // A rook confined to files a and c crosses file b on its way.
    let t = compile(
        r#"variant t {
  players white, black
  board 4x4
  piece king K moves "K" royal
  piece rook R moves "R"
  region ac: file a + file c
  confined rook to ac
  setup { white: K d1, R a2
          black: K d4 }
  end { checkmate -> lose }
}"#,
    );
    assert_eq!(
        moves_from(&t, "3k/4/R3/3K w - - 0 1", "a2"),
        ["a2a1", "a2a3", "a2a4", "a2c2"]
    );
}

#[test]
fn an_elephant_stops_at_the_river_and_is_blocked_on_its_eye() {
    let t = builtin("xiangqi");
    // Elephant on c5: e7 and a7 are across the river; e3 is open, a3 is
    // blocked by the soldier on b4.
    let f = "4k4/9/9/9/9/2B6/1P7/9/9/4K4 w - - 0 1";
    assert_eq!(moves_from(&t, f, "c5"), ["c5e3"]);
}

#[test]
fn soldiers_step_sideways_only_across_the_river() {
    let t = builtin("xiangqi");
    let f = "4k4/9/9/9/2P6/9/6P2/9/9/3K5 w - - 0 1";
    // At home (g4): forward only. Across (c6): forward and sideways.
    assert_eq!(moves_from(&t, f, "g4"), ["g4g5"]);
    assert_eq!(moves_from(&t, f, "c6"), ["c6b6", "c6c7", "c6d6"]);
}

#[test]
fn a_region_move_attacks_only_from_the_region() {
    let t = builtin("xiangqi");
    // A white soldier on d6 (across) may take the black soldier on e6
    // sideways; on d5 (at home) it may not take one on e5.
    let f = "3k5/9/9/9/3Pp4/3p5/9/9/9/4K4 w - - 0 1";
    assert_eq!(moves_from(&t, f, "d6"), ["d6c6", "d6d7", "d6e6"]);
    let f = "3k5/9/9/9/9/3Pp4/9/9/9/4K4 w - - 0 1";
    assert_eq!(moves_from(&t, f, "d5"), ["d5d6"]);
}

#[test]
fn region_moves_give_check() {
    // The black soldier on d2 (across for Black) checks the general on e2
    // sideways.
    let t = builtin("xiangqi");
    let p = fen(&t, "3k5/9/9/9/9/9/9/9/3pK4/9 w - - 0 1");
    assert!(p.in_check());
    // At home, the same soldier beside a general does not check (a black
    // soldier on d9 does not attack e9).
    let p = fen(&t, "9/3pK4/9/9/9/9/9/9/9/3k5 w - - 0 1");
    assert!(!p.in_check());
}

#[test]
fn generals_may_not_face_on_an_open_file() {
    let t = builtin("xiangqi");
    // The white general on d1 may not step to e1 (facing e10); d2 is fine.
    let f = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(moves_from(&t, f, "d1"), ["d1d2"]);
}

#[test]
fn the_last_man_between_the_generals_stays_on_their_file() {
    let t = builtin("xiangqi");
    // The cannon on e5 may move along the e-file only.
    let f = "4k4/9/9/9/9/4C4/9/9/9/4K4 w - - 0 1";
    let r = moves_from(&t, f, "e5");
    assert!(r.iter().all(|m| m.as_bytes()[2] == b'e'), "{r:?}");
    assert_eq!(r.len(), 7);
    // With a second man on the file it moves freely.
    let f = "4k4/9/9/9/9/4C4/9/4P4/9/4K4 w - - 0 1";
    assert!(moves_from(&t, f, "e5").iter().any(|m| m == "e5a5"));
}

#[test]
fn facing_holds_along_ranks_and_is_not_check() {
    let t = compile(
        r#"variant t {
  players white, black
  board 5x5
  piece king K moves "K" royal
  facing king: illegal
  setup { white: K a1
          black: K e5 }
  end { checkmate -> lose }
}"#,
    );
    // Kings on a1 and e3: none of a2, b1, b2 shares rank 3 or file e.
    let p = fen(&t, "5/5/4k/5/K4 w - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p), ["a1a2", "a1b1", "a1b2"]);
    // Kings on a2 and e3: a3 would face e3 along rank 3.
    let p = fen(&t, "5/5/4k/K4/5 w - - 0 1");
    assert!(!moves(&p).contains(&"a2a3".to_string()));
    assert!(moves(&p).contains(&"a2b2".to_string()));
}

#[test]
fn pawnback_pawns_never_step_onto_their_first_rank() {
    let t = builtin("pawnback");
    // b2 cannot step back; b3 can (to b2), and a pawn back on b2 may
    // double-step again.
    let f = "4k3/8/8/8/8/1P6/6P1/4K3 w - - 0 1";
    assert_eq!(moves_from(&t, f, "b3"), ["b3b2", "b3b4"]);
    assert_eq!(moves_from(&t, f, "g2"), ["g2g3", "g2g4"]);
}

/// The janggi-like test variant of `tests/fixtures/janggi-nopass.variant`.
fn janggi_nopass() -> Arc<Tables> {
    let path = format!(
        "{}/tests/fixtures/janggi-nopass.variant",
        env!("CARGO_MANIFEST_DIR")
    );
    compile(&std::fs::read_to_string(path).expect("fixture"))
}

#[test]
fn palace_lines_hops_and_immunity_match_fairy_stockfish() {
    // Counted with Fairy-Stockfish's janggi with `pass = false` and
    // `bikjangRule = false` (see the fixture's header).
    let t = janggi_nopass();
    let rows: &[(&str, u32, u64)] = &[
        ("start", 3, 30353),
        (
            "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
            3,
            2498,
        ),
        (
            "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
            3,
            7631,
        ),
        ("3k5/4a4/3C5/9/9/9/9/3c5/4R4/3K5 w - - 0 1", 3, 3422),
        ("4k4/9/4C4/9/4c4/4C4/9/4p4/9/3K5 w - - 0 1", 3, 79),
    ];
    for &(f, d, n) in rows {
        let mut p = if f == "start" {
            varia::engine::Position::start(t.clone()).expect("start")
        } else {
            fen(&t, f)
        };
        assert_eq!(varia::engine::perft(&mut p, d), n, "{f}");
    }
}

#[test]
fn inside_moves_follow_the_palace_lines() {
    let t = janggi_nopass();
    // A rook on d1 rides the diagonal to e2 and f3 but not to g4; a rook
    // on d2 (not on the lines) has no diagonal move.
    let f = "4k4/9/9/9/9/9/9/9/9/R2R1K3 w - - 0 1";
    let d1: Vec<String> = moves_from(&t, f, "d1")
        .into_iter()
        .filter(|m| m != "d1d2" && !m.ends_with('1') && !m[2..].starts_with('d'))
        .collect();
    assert_eq!(d1, ["d1e2", "d1f3"]);
    let f = "4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1";
    assert!(moves_from(&t, f, "d2")
        .iter()
        .all(|m| m[2..].starts_with('d') || m.ends_with('2')));
}

#[test]
fn a_cannon_neither_jumps_nor_takes_a_cannon() {
    let t = janggi_nopass();
    // The cannon on a1: screen a3 (a soldier), then a4, a5, and the black
    // cannon on a6 is immune; the black rook behind it is out of reach.
    let f = "r2k5/9/9/9/c8/9/9/P8/9/C3K4 w - - 0 1";
    let on_file = |v: Vec<String>| -> Vec<String> {
        v.into_iter().filter(|m| m[2..].starts_with('a')).collect()
    };
    assert_eq!(on_file(moves_from(&t, f, "a1")), ["a1a4", "a1a5"]);
    // With a cannon as the screen the line gives nothing.
    let f = "r2k5/9/9/9/9/9/9/C8/9/C3K4 w - - 0 1";
    assert!(on_file(moves_from(&t, f, "a1")).is_empty());
    // A cannon does not check over a cannon screen.
    let f = "3k5/9/9/9/9/9/3C5/9/9/3cK4 b - - 0 1";
    let p = fen(&t, f);
    assert!(!p.in_check());
}

/// The cause of a game's end, if over.
fn ended_by(g: &varia::engine::Game) -> Option<(u8, varia::ir::Event)> {
    match g.status() {
        varia::engine::Status::Ended { winners, cause } => Some((winners, cause.event)),
        _ => None,
    }
}

#[test]
fn a_pass_is_refused_in_check_and_two_passes_end_janggi() {
    let t = builtin("janggi");
    // A black chariot on e5 checks the white general on e2: no pass.
    let f = "3k5/9/9/9/9/4r4/9/9/4K4/9 w - - 0 1";
    let p = fen(&t, f);
    assert!(p.in_check());
    assert!(!moves(&p).contains(&"pass".to_string()));
    // Out of check, the pass is there; after two in a row the game is
    // over and Black has no action: the material count decides, equal
    // men and Han's (Black's) 1.5 points give it to Black.
    let mut g = varia::engine::Game::new(varia::engine::Position::start(t.clone()).expect("start"));
    assert!(moves(g.position()).contains(&"pass".to_string()));
    common::play(&mut g, &["pass"]);
    assert_eq!(ended_by(&g), None);
    common::play(&mut g, &["pass"]);
    assert_eq!(ended_by(&g), Some((0b10, varia::ir::Event::Passes(2))));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn a_pass_between_two_moves_does_not_end_the_game() {
    let t = builtin("janggi");
    let mut g = varia::engine::Game::new(varia::engine::Position::start(t).expect("start"));
    common::play(&mut g, &["pass", "a7a6", "pass"]);
    assert_eq!(ended_by(&g), None);
}

#[test]
fn bikjang_must_be_broken_or_passed_and_the_pass_ends_the_game() {
    let t = builtin("janggi");
    // The generals face each other on the e-file: White may only break
    // the facing (the general to f1, the advisor to e2) or pass.
    let f = "4k4/9/9/9/9/9/9/9/9/3AK4 w - - 0 1";
    assert_eq!(moves(&fen(&t, f)), ["d1e2", "e1f1", "pass"]);
    let mut g = varia::engine::Game::new(fen(&t, f));
    common::play(&mut g, &["pass"]);
    // The count: White's advisor (3) against Black's 1.5.
    assert_eq!(ended_by(&g), Some((0b01, varia::ir::Event::FacingKept)));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn bikjang_allows_the_pass_even_in_check() {
    let t = builtin("janggi");
    // A black horse on d3 checks the white general on e1, which faces the
    // black general: the pass is legal (and ends the game).
    let f = "4k4/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1";
    let p = fen(&t, f);
    assert!(p.in_check());
    assert!(moves(&p).contains(&"pass".to_string()));
    // Without bikjang (the casual rules) the same pass is refused.
    let casual = builtin("janggicasual");
    assert!(!moves(&fen(&casual, f)).contains(&"pass".to_string()));
}

#[test]
fn facing_generals_with_a_man_between_are_no_bikjang() {
    let t = builtin("janggi");
    // A black soldier on e6 stands between the generals: White moves
    // freely (its general may go to e2 on the file), and a pass does not
    // end the game.
    let f = "4k4/9/9/9/4p4/9/9/9/9/3AK4 w - - 0 1";
    let list = moves(&fen(&t, f));
    assert!(list.contains(&"e1e2".to_string()), "{list:?}");
    let mut g = varia::engine::Game::new(fen(&t, f));
    common::play(&mut g, &["pass"]);
    assert_eq!(ended_by(&g), None);
    // Moving the soldier away leaves White in bikjang.
    let f = "4k4/9/9/9/4p4/9/9/9/9/3AK4 b - - 0 1";
    let mut g = varia::engine::Game::new(fen(&t, f));
    common::play(&mut g, &["e6d6"]);
    assert_eq!(moves(g.position()), ["d1e2", "e1f1", "pass"]);
}

#[test]
fn a_step_onto_the_open_file_is_legal_and_starts_bikjang() {
    let t = builtin("janggi");
    let mut g = varia::engine::Game::new(fen(&t, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
    common::play(&mut g, &["e1d1"]);
    // Black must break it: its general steps off the d-file, or passes.
    assert_eq!(moves(g.position()), ["d10e10", "d10e9", "pass"]);
}
