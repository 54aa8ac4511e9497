//! `quiet N plies ... plus K plies per check over M` (docs/LANGUAGE.md
//! §19) on the catalogue's xiangqi, whose move rule is Fairy-Stockfish's
//! under `chasingRule = axf`: 100 plies without a capture, lengthened by 2
//! plies for every check beyond 10 given within them by the player who
//! gave more (position.cpp `is_optional_game_end`). Every line below was
//! found by a search over pyffish 0.0.90's legal moves (captures and
//! repeated boards left out, checks where the test wants them), and each
//! verdict is pyffish's `is_optional_game_end` after the same moves,
//! quoted beside each test: the ply at which it first reports the draw.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, play};
use std::sync::Arc;
use varia::engine::{Game, Status, Tables};
use varia::ir::{CheckPlus, Event};

/// The first number of plies of `line` after which the game from `start`
/// is over, and the rule that ended it (`None`: it never ends).
fn ends_at(t: &Arc<Tables>, start: &str, line: &[&str]) -> Option<(usize, Event)> {
    let mut g = Game::new(fen(t, start));
    for k in 0..=line.len() {
        if let Status::Ended { winners, cause } = g.status() {
            assert_eq!(winners, 0, "a draw");
            return Some((k, cause.event));
        }
        if k < line.len() {
            play(&mut g, &line[k..=k]);
        }
    }
    None
}

/// The ply at which xiangqi's move rule draws the game.
fn move_rule_at(start: &str, line: &[&str]) -> usize {
    match ends_at(&builtin("xiangqi"), start, line) {
        Some((k, Event::Quiet { plies: 100, plus })) => {
            assert_eq!(plus, Some(CheckPlus { plies: 2, over: 10 }));
            k
        }
        other => panic!("not the move rule: {other:?}"),
    }
}

/// The halfmove clock after `k` plies of `line` from `start`.
fn clock(start: &str, line: &[&str], k: usize) -> u32 {
    let mut g = Game::new(fen(&builtin("xiangqi"), start));
    play(&mut g, &line[..k]);
    g.position().quiet_plies()
}

const ELEVEN: [&str; 25] = [
    "i1i10", "d10d9", "a1a9", "d9d8", "i10i8", "e9f8", "a9a8", "d8d9", "i8i9", "f8e9", "a8a9",
    "d9d10", "i9i10", "e9f10", "a9a10", "d10d9", "i10i9", "d9d8", "i9i8", "d8d9", "a10a9", "d9d10",
    "a9a5", "f10e9", "a5i5",
];

const TEN: [&str; 23] = [
    "i1i10", "e9f10", "a1a10", "d10d9", "a10a9", "d9d8", "a9a8", "d8d9", "i10i9", "f10e9", "a8a9",
    "d9d8", "i9i8", "e9f8", "a9a8", "d8d9", "i8i9", "d9d10", "i9i10", "d10d9", "a8a7", "d9d8",
    "a7f7",
];

const BLACK_TWELVE: [&str; 30] = [
    "i10i1", "f1f2", "i1i2", "f2f1", "a10a1", "e2d1", "i2i1", "f1f2", "i1i2", "f2f3", "i2i3",
    "f3f2", "a1a2", "d1e2", "i3i2", "f2f3", "a2a3", "e2d3", "i2i3", "f3f2", "a3a2", "f2f1", "a2a1",
    "f1f2", "i3e3", "d3e2", "a1a10", "e2d3", "a10a5", "d3e2",
];

const ROOT_CHECK: [&str; 24] = [
    "d10d9", "a10a9", "d9d10", "i1i10", "e9f10", "a9a10", "d10d9", "i10i9", "f10e9", "a10a9",
    "d9d8", "i9i8", "e9f8", "a9a8", "d8d9", "a8a9", "d9d10", "a9a10", "d10d9", "i8i9", "d9d8",
    "a10h10", "f8e9", "h10h1",
];

const RESET: [&str; 125] = [
    "i1i10", "d10d9", "a1a9", "d9d8", "i10i8", "e9f8", "a9a8", "d8d9", "a8a9", "d9d10", "a9a10",
    "d10d9", "i8i9", "f8e9", "a10a9", "d9d10", "i9i10", "e9f10", "a9a10", "d10d9", "a10a9", "d9d8",
    "i10f10", "g2g1", "a9g9", "g1h1", "f10f6", "h1g1", "f6f9", "g1h1", "f9f5", "h1g1", "f5f2",
    "g1h1", "g9i9", "h1i1", "f2f9", "i1h1", "f9g9", "h1i1", "g9b9", "i1h1", "i9g9", "h1g1", "g9g7",
    "g1h1", "g7g5", "h1i1", "b9b6", "d8d9", "g5a5", "d9d8", "a5h5", "d8d9", "b6b1", "d9d8",
    "h5h10", "d8d9", "b1b2", "i1h1", "b2f2", "h1g1", "h10h2", "d9d8", "h2h5", "d8d9", "h5h6",
    "g1h1", "h6e6", "d9d8", "f2f6", "d8d9", "f6f3", "d9d10", "f3f4", "h1i1", "e6a6", "d10d9",
    "f4f5", "i1h1", "f5h5", "d9d8", "a6e6", "h1g1", "e6e5", "g1h1", "e5a5", "h1g1", "h5h9", "g1h1",
    "h9e9", "h1g1", "e9g9", "g1h1", "g9g4", "d8d9", "a5a3", "h1g1", "a3g3", "d9d8", "g3b3", "g1h1",
    "b3e3", "h1g1", "g4h4", "g1h1", "h4a4", "h1i1", "e3e2", "d8d9", "a4a10", "d9d8", "a10c10",
    "d8d9", "e2e3", "i1h1", "c10c6", "d9d10", "c6c8", "h1g1", "e3e9", "g1h1", "e9a9", "h1i1",
    "c8h8",
];

const NATURAL: [&str; 134] = [
    "b3g3", "h8h6", "f1e2", "h6h9", "g1i3", "h9e9", "g3d3", "b8b6", "d3g3", "a7a6", "h3h6",
    "a10a9", "g3b3", "a9a10", "h1g3", "i10i9", "i1h1", "i9i10", "h6g6", "b6f6", "c4c5", "f6b6",
    "h1h9", "e9b9", "b3b2", "a10a7", "h9e9", "e10e9", "g6e6", "e9d9", "e6g6", "i10i9", "g3i2",
    "d9e9", "g6e6", "c10e8", "e6g6", "b6c6", "g4g5", "b9b5", "a1a3", "g10i8", "e2f3", "c6e6",
    "f3e2", "b5b9", "b2a2", "b9b3", "g6f6", "b3e3", "e2d3", "i9i10", "f6f4", "b10c8", "c5c6",
    "e3g3", "e1f1", "e6f6", "a2f2", "i8g10", "f1e1", "f6e6", "e1f1", "g3f3", "f2c2", "e6i6",
    "e4e5", "c8b10", "f4b4", "i6f6", "b4f4", "f3h3", "f4b4", "e7e6", "i2g1", "h3h1", "f1f2",
    "a7a9", "b4g4", "f6f9", "g4g2", "h1h2", "g2g3", "b10a8", "c2c3", "f9h9", "g1e2", "e9d9",
    "f2f3", "h9h3", "g3g1", "d9d8", "f3e3", "d8d9", "c3c2", "i7i6", "c2d2", "d9e9", "a4a5", "a9c9",
    "a3a1", "h3h8", "g1g2", "c9d9", "b1c3", "d9d7", "g2g4", "a8c9", "c3b1", "i10i8", "g4d4",
    "d7d5", "e2g3", "h8h3", "g3f1", "i6i5", "d4f4", "i8f8", "g5g6", "f8i8", "c6b6", "c9a10",
    "d2e2", "h2f2", "f4e4", "h3g3", "e3f3", "e8c6", "i3g1", "i8f8", "e4f4", "d5d8", "g6f6", "c6a8",
];

/// Red's two chariots against Black's general and advisor, 79 plies
/// into the count.
const CHARIOTS: &str = "3k5/4a4/9/9/9/9/9/9/9/R3K3R w - - 79 1";

#[test]
fn eleven_checks_by_one_player_lengthen_the_move_rule_by_two_plies() {
    // Red checks with each of its first 11 actions (plies 1, 3, ..., 21),
    // then the line goes on without checks. pyffish: no draw at ply 21
    // (clock 100) nor 22, the draw at ply 23 (clock 102).
    assert_eq!(clock(CHARIOTS, &ELEVEN, 21), 100);
    assert_eq!(move_rule_at(CHARIOTS, &ELEVEN), 23);
    assert_eq!(clock(CHARIOTS, &ELEVEN, 23), 102);
}

#[test]
fn ten_checks_or_fewer_leave_the_move_rule_at_100_plies() {
    // Red checks with 10 of its actions. pyffish: the draw at ply 21
    // (clock 100).
    assert_eq!(move_rule_at(CHARIOTS, &TEN), 21);
    assert_eq!(clock(CHARIOTS, &TEN, 21), 100);
}

#[test]
fn the_checks_of_the_black_side_count_as_well() {
    // Black's chariots check 12 times (plies 1, 3, ..., 23): 2 plies
    // for each of the two checks beyond 10. pyffish: the draw at ply 27
    // (clock 104), none at 23 (clock 100).
    let start = "r3k3r/9/9/9/9/9/9/9/4A4/5K3 b - - 77 1";
    assert_eq!(clock(start, &BLACK_TWELVE, 23), 100);
    assert_eq!(move_rule_at(start, &BLACK_TWELVE), 27);
}

#[test]
fn the_player_who_gave_more_checks_decides_not_the_sum() {
    // A random game from the start (pyffish's legal moves; captures
    // avoided, checks preferred, see scripts/referee_fsf_endings.py
    // --quiet --fresh): in its last 106 plies without a capture Red gave
    // 3 checks and Black 13. pyffish: the draw at ply 134 (clock 106):
    // 2 plies for each of Black's 3 checks beyond 10, Red's not added.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(move_rule_at(start, &NATURAL), 134);
    assert_eq!(clock(start, &NATURAL, 134), 106);
}

#[test]
fn a_capture_resets_the_checks_counted_with_the_count() {
    // Red checks 11 times (plies 1, 3, ..., 21), captures at ply 23, and
    // no check follows: the checks before the capture are outside the
    // plies counted. pyffish: the draw at ply 123 (clock 100). Fairy-
    // Stockfish counts the checks of the last min(rule50, plies played)
    // positions, so a capture, which resets rule50, drops them too.
    let start = "3k5/4a4/9/9/9/9/9/9/6p2/R3K3R w - - 0 1";
    assert_eq!(clock(start, &RESET, 23), 0);
    assert_eq!(move_rule_at(start, &RESET), 123);
    assert_eq!(clock(start, &RESET, 123), 100);
}

#[test]
fn a_check_standing_in_the_first_position_counts_when_the_plies_counted_are_odd() {
    // From a FEN where Black, to act, stands in check, Red checks 10 times
    // (plies 2, 4, ..., 20). After 21 plies (clock 100) the plies counted
    // are the 21 of the record, rounded up to 22 with the first
    // position's check, Red's 11th: no draw. After 22 (clock 101), 22
    // plies with 10 of Red's checks: the draw. pyffish: the same (ply 22).
    let start = "R2k5/4a4/9/9/9/9/9/9/9/4K3R b - - 79 1";
    assert_eq!(clock(start, &ROOT_CHECK, 21), 100);
    assert_eq!(move_rule_at(start, &ROOT_CHECK), 22);
}

#[test]
fn taking_back_the_last_ply_takes_back_its_check() {
    let t = builtin("xiangqi");
    let mut g = Game::new(fen(&t, CHARIOTS));
    play(&mut g, &ELEVEN[..23]);
    assert!(g.status().is_over());
    g.undo();
    g.undo();
    assert!(!g.status().is_over(), "ply 21: 11 checks, clock 100");
    // Red's 11th check taken back and replaced by a quiet move: 10.
    g.undo();
    play(&mut g, &["a10a7"]);
    assert_eq!(g.position().quiet_plies(), 100);
    assert!(g.status().is_over());
}

#[test]
fn without_the_clause_the_move_rule_ignores_checks() {
    // Manchu is built on Fairy-Stockfish's xiangqi_variant_base(), without
    // chasingRule: its rule is the plain 100 plies (its catalogue file
    // replaces xiangqi's `quiet` rule).
    let t = builtin("manchu");
    let rule = t
        .variant()
        .end
        .iter()
        .find(|r| matches!(r.when, Event::Quiet { .. }))
        .map(|r| r.when.clone());
    assert_eq!(
        rule,
        Some(Event::Quiet {
            plies: 100,
            plus: None
        })
    );
    assert_eq!(
        ends_at(&t, CHARIOTS, &ELEVEN).map(|(k, _)| k),
        Some(21),
        "the draw at 100 plies, the checks aside"
    );
}
