//! Bent moves (Betza `then`, docs/LANGUAGE.md §7, "Bent moves") with the
//! rules they meet: a board that wraps (a cylinder, a torus), a man
//! confined to a palace (`confined`), and a move condition (`move where
//! not capture or guarded`, patrol chess). Each game's perft rows come
//! from the independent referee scripts/referee_bent.py, and each meeting
//! has its test: a bent path across the seam (a move and a check), a
//! second leg round the torus over the square the man left, a confined
//! man turning outside its palace and landing inside, a confined man
//! giving no check outside it, and an unguarded bent attacker giving no
//! check under patrol rules.

#[path = "fixtures/common.rs"]
mod common;

use std::sync::Arc;
use varia::engine::{Position, Tables};
use varia::notation::Describe;

/// The variant of tests/fixtures/NAME.variant.
fn fixture(name: &str) -> varia::ir::Variant {
    let path = format!(
        "{}/tests/fixtures/{name}.variant",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the fixture");
    let c = varia::check::check_str(&format!("{name}.variant"), &text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    c.variants.last().expect("a variant").clone()
}

fn pos(name: &str, fen: &str) -> Position {
    let t = Arc::new(Tables::new(&fixture(name)).expect("compiles"));
    Position::from_fen(t, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves from one square, by their destinations, sorted.
fn from(p: &Position, sq: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| p.move_text(m))
        .filter(|t| t.starts_with(sq))
        .map(|t| t[sq.len()..].to_string())
        .collect();
    v.sort();
    v
}

fn perft_rows(name: &str, min_rows: usize) {
    common::perft_rows(
        &Arc::new(Tables::new(&fixture(name)).expect("compiles")),
        &format!("{name}.perft"),
        min_rows,
    );
}

#[test]
fn perft_rows_on_a_cylinder() {
    perft_rows("bent_cylinder", 3);
}

#[test]
fn perft_rows_on_a_torus() {
    perft_rows("bent_torus", 3);
}

#[test]
fn perft_rows_in_a_palace() {
    perft_rows("bent_palace", 3);
}

#[test]
fn perft_rows_under_patrol_rules() {
    perft_rows("bent_patrol", 3);
}

/// A hook mover on a1 walled in by its own pawns on a2 and b1: on the
/// flat board it has no move; on the cylinder it rides west across the
/// seam (g1, f1, e1: d1 holds its king) and turns north there.
#[test]
fn a_bent_path_crosses_the_seam() {
    let fen = "3k3/7/7/7/7/P6/HP1K3 w - - 0 1";
    assert!(from(&pos("hook", fen), "a1").is_empty());
    let mut want = Vec::new();
    for file in ["e", "f", "g"] {
        for rank in 1..=7 {
            want.push(format!("{file}{rank}"));
        }
    }
    assert_eq!(from(&pos("bent_cylinder", fen), "a1"), want);
}

/// Black's hook mover on g3 reaches White's king on a1 only across the
/// seam (g3-g1, then east over the seam to a1): a check on the cylinder,
/// none on the flat board, where b1, a2 and b2 close every path.
#[test]
fn a_bent_path_checks_across_the_seam() {
    let fen = "3k3/7/7/7/6h/PP5/KP5 w - - 0 1";
    assert!(!pos("hook", fen).in_check());
    let p = pos("bent_cylinder", fen);
    assert!(p.in_check());
    assert_eq!(p.checkers().into_iter().count(), 1);
}

/// A turner (`fW then bR`) on c3 of the torus steps to c4 and rides back
/// over c3, the square it left, round the ranks' seam to c6 and c5, and
/// stops before c4, its turn square: never c3 itself.
#[test]
fn a_second_leg_rides_round_the_torus_over_the_square_left() {
    let p = pos("bent_torus", "4k1/6/6/2T3/6/K5 w - - 0 1");
    assert_eq!(from(&p, "c3"), vec!["c1", "c2", "c5", "c6"]);
    // A man on c1 stops the ride there: c2 and c1 (taken) only.
    let p = pos("bent_torus", "4k1/6/6/2T3/6/K1t3 w - - 0 1");
    assert_eq!(from(&p, "c3"), vec!["c1", "c2"]);
}

/// A confined hook mover turns outside its palace and lands inside: from
/// b1, with its own men on a1 and c1, it reaches a2 and c2 only by
/// turning on b2, which is not a palace square (nor a landing square).
#[test]
fn a_confined_bent_move_turns_outside_its_palace() {
    let p = pos("bent_palace", "6k/7/7/7/7/7/PHP3K w - - 0 1");
    assert_eq!(from(&p, "b1"), vec!["a2", "a3", "b3", "c2", "c3"]);
}

/// A confined hook mover outside its palace (set there by a FEN) moves
/// only into it, straight or over a turn.
#[test]
fn a_confined_man_outside_moves_only_into_its_palace() {
    let p = pos("bent_palace", "6k/7/4H2/7/7/7/6K w - - 0 1");
    assert_eq!(
        from(&p, "e5"),
        vec!["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]
    );
}

/// A confined hook mover attacks only its palace: Black's on g3 checks
/// White's king on d5 on the flat board (g3-d3-d5, or g3-g5-d5); confined
/// to the squares round f6 it does not.
#[test]
fn a_confined_bent_path_gives_no_check_outside_the_palace() {
    let fen = "6k/7/3K3/7/6h/7/7 w - - 0 1";
    assert!(pos("hook", fen).in_check());
    assert!(!pos("bent_palace", fen).in_check());
}

/// Under patrol rules an enemy man checks only while guarded: Black's
/// hook mover on d3 sees White's king on a1 by d1, but nothing guards it;
/// a capricorn on g4, which reaches d3 only over a turn (g4-e2-d3 or
/// g4-f5-d3), guards it, and then it checks.
#[test]
fn an_unguarded_bent_attacker_gives_no_check() {
    let fen = "6k/7/7/7/3h3/7/K6 w - - 0 1";
    assert!(pos("hook", fen).in_check());
    assert!(!pos("bent_patrol", fen).in_check());
    let p = pos("bent_patrol", "6k/7/7/6c/3h3/7/K6 w - - 0 1");
    assert!(p.in_check());
}

/// Holes end a ride and are never a turn square: with holes on c1, c3 and
/// b4, a hook mover on a1 (its king on a2) rides to b1, turns there and
/// stops before b4; a walker (`ffN then fmW2`) on d1 has no turn on c3,
/// so only e3's steps on (e4, e5, f3, g3) remain.
#[test]
fn holes_end_a_leg_and_are_no_turn_square() {
    let text = "variant hh \"Holes\" {\n  players white, black\n  \
                board 7x7 holes c1 c3 b4\n  piece king K moves \"K\" royal\n  \
                piece hook_mover H moves \"R R then sR\"\n  \
                piece walker X moves \"ffN then fmW2\"\n  \
                setup {\n    white: H a1, K a2, X d1\n    black: K g7\n  }\n  \
                end { checkmate -> lose }\n}\n";
    let c = varia::check::check_str("holes.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let v = c.variants.last().expect("a variant").clone();
    let t = Arc::new(Tables::new(&v).expect("compiles"));
    let p = Position::start(t).expect("the start");
    assert_eq!(from(&p, "a1"), vec!["b1", "b2", "b3"]);
    assert_eq!(from(&p, "d1"), vec!["e4", "e5", "f3", "g3"]);
}

/// `explain` of a bent move on the board of its variant.
fn explain(name: &str, fen: &str, mv: &str) -> varia::explain::Explanation {
    let v = fixture(name);
    let s = varia::play::session::Session::new(&v, Some(fen), 0).expect("a game");
    varia::explain::explain_text(&s, mv)
}

/// `explain` follows a bent path across the seam: White's capricorn on g1
/// reaches b1 (a square of the other colour on 7 files) only over the
/// seam, by a turn on a2 (a pawn stands there) or by f2 (a pawn) and a
/// turn on a7; a blocker on such a path is named, where a flat reading
/// found no way at all.
#[test]
fn explain_follows_a_bent_path_across_the_seam() {
    let fen = "c2k2h/1ppppp1/7/7/7/PPPPPP1/H2K2C w - - 0 1";
    let e = explain("bent_cylinder", fen, "g1b1");
    assert!(!e.legal);
    assert!(
        e.text.contains("turn at a2") || e.text.contains("blocked at f2"),
        "{}",
        e.text
    );
    // Without the pawn on a2 (nor the hook mover pinning it on g7) the
    // move is legal.
    let e = explain(
        "bent_cylinder",
        "c2k3/1ppppp1/7/7/7/1PPPPP1/H2K2C w - - 0 1",
        "g1b1",
    );
    assert!(e.legal, "{}", e.text);
}

/// `explain` follows a second leg round the torus, over the square the
/// man left: a turner on c3 reaches c5 by c4, back over c3, c2 and c1
/// and across the seam, and Black's turner on c1 blocks it there.
#[test]
fn explain_follows_a_second_leg_round_the_torus() {
    let e = explain("bent_torus", "4k1/6/6/2T3/6/K1t3 w - - 0 1", "c3c5");
    assert!(!e.legal);
    assert!(e.text.contains("blocked at c1"), "{}", e.text);
    assert!(!e.text.contains("c3 by"), "{}", e.text);
}
