//! Bent moves (Betza `then`, docs/LANGUAGE.md §7, "Bent moves"): the test
//! game of tests/fixtures/hook.variant (hook movers, capricorns, kings and
//! pawns that promote to hook movers on 7x7) counts the rows of
//! tests/fixtures/hook.perft (from the independent referee
//! scripts/referee_hook.py), and each edge case has its test: the turn
//! square must be empty, no capture on the first leg, two paths to one
//! square are one move, check and pins along a bent path, the start
//! square empty once left, a knight's leap then a limited ride, and the
//! Betza text refused where it means nothing.

#[path = "fixtures/common.rs"]
mod common;

use std::sync::Arc;
use varia::engine::{Position, Tables};
use varia::notation::Describe;

fn checked(text: &str) -> varia::ir::Variant {
    let c = varia::check::check_str("hook.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    c.variants.last().expect("a variant").clone()
}

fn fixture() -> varia::ir::Variant {
    let path = format!("{}/tests/fixtures/hook.variant", env!("CARGO_MANIFEST_DIR"));
    checked(&std::fs::read_to_string(&path).expect("the fixture"))
}

fn pos_of(v: &varia::ir::Variant, fen: &str) -> Position {
    let t = Arc::new(Tables::new(v).expect("compiles"));
    Position::from_fen(t, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos(fen: &str) -> Position {
    pos_of(&fixture(), fen)
}

/// The coordinate texts of the legal moves, sorted.
fn texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

/// The legal moves from one square, by their destinations, sorted.
fn from(p: &Position, sq: &str) -> Vec<String> {
    texts(p)
        .into_iter()
        .filter(|t| t.starts_with(sq))
        .map(|t| t[sq.len()..].to_string())
        .collect()
}

#[test]
fn perft_rows_of_the_referee() {
    common::perft_rows(
        &Arc::new(Tables::new(&fixture()).expect("compiles")),
        "hook.perft",
        6,
    );
}

/// A hook mover on d4, Black's king walled in by its pawns: every
/// square it reaches, straight or over a turn, is one move, however many
/// corners lead there.
#[test]
fn two_paths_to_a_square_are_one_move() {
    let p = pos("4pkp/5pp/7/3H3/7/7/K6 w - - 0 1");
    let moves = from(&p, "d4");
    let mut unique = moves.clone();
    unique.dedup();
    assert_eq!(unique, moves, "each square once");
    // e5 is reached by d5 then right and by e4 then up: one move.
    assert_eq!(moves.iter().filter(|m| *m == "e5").count(), 1);
    // Squares off its lines, reached only over a turn.
    assert!(!moves.contains(&"a1".to_string()) && moves.contains(&"b6".to_string()));
    assert!(moves.len() > 30, "{moves:?}");
}

/// The turn square must be empty: a man of its own side on each corner
/// of the rectangle (a4 and b1) closes both paths from a1 to b4, while b3
/// is reached by turning on a3.
#[test]
fn the_turn_square_must_be_empty() {
    let p = pos("5pk/6p/7/P6/7/7/HP2K2 w - - 0 1");
    let moves = from(&p, "a1");
    let want: Vec<&str> = vec![
        "a2", "a3", "b2", "b3", "c2", "c3", "d2", "d3", "e2", "e3", "f2", "f3", "g2", "g3",
    ];
    assert_eq!(moves, want);
}

/// A hook mover captures only where it stops: enemy men on a4 and b1 are
/// taken by its plain rook moves, and no path turns on their squares, so
/// b4, a5 and c1 stay out of reach.
#[test]
fn no_capture_on_the_first_leg() {
    let p = pos("5pk/6p/7/p6/7/7/Hc2K2 w - - 0 1");
    let moves = from(&p, "a1");
    assert!(moves.contains(&"a4".to_string()) && moves.contains(&"b1".to_string()));
    for sq in ["b4", "a5", "c1", "b5", "c4"] {
        assert!(!moves.contains(&sq.to_string()), "{sq}: {moves:?}");
    }
    assert_eq!(moves.len(), 16, "{moves:?}");
}

/// A hook mover checks along a bent path: Black's hook mover on d3 sees
/// White's king on a1 by d1 (down, then along the first rank), and the
/// side to move in check must answer it.
#[test]
fn a_bent_path_gives_check() {
    let p = pos("6k/7/7/7/3h3/7/K6 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.checkers().into_iter().count(), 1);
    // A FEN with the side not to move in check by a bent path is refused.
    let t = Arc::new(Tables::new(&fixture()).expect("compiles"));
    assert!(Position::from_fen(t, "6k/7/7/7/3h3/7/K6 b - - 0 1").is_err());
    // Every square next to a1 is on a bent path of d3 (b1 by d1, a2 by
    // a3, b2 by d2): mate.
    assert!(texts(&p).is_empty(), "{:?}", texts(&p));
    // A white pawn on c1 closes the path by d1: the king is in check
    // still, by d3-a3-a1.
    let p = pos("6k/7/7/7/3h3/7/K1P4 w - - 0 1");
    assert!(p.in_check());
}

/// A pin along a bent path: White's capricorn on b1 stands between the
/// king on a1 and Black's hook mover on d3 (d3-d1-a1): it may take the
/// hook mover, or block its turn square d1 by a bent move of its own
/// (b1-c2-d1), and nothing else.
#[test]
fn a_pin_along_a_bent_path() {
    let p = pos("5ck/5pp/7/7/3h3/PP5/KC5 w - - 0 1");
    assert_eq!(from(&p, "b1"), vec!["d1".to_string(), "d3".to_string()]);
}

/// The second leg may pass over the start square, which is empty once the
/// man has left it, but never ends there: a piece that steps forward and
/// then rides straight back reaches the squares behind its start.
#[test]
fn the_start_square_is_empty_once_left() {
    let v = checked(
        "variant back \"Back\" {\n  players white, black\n  board 5x5\n  \
         piece king K moves \"K\" royal\n  piece turner T moves \"fW then bR\"\n  \
         setup {\n    white: K a1, T c3\n    black: K e5\n  }\n  end { checkmate -> lose }\n}\n",
    );
    let p = pos_of(&v, "4k/5/2T2/5/K4 w - - 0 1");
    assert_eq!(from(&p, "c3"), vec!["c1".to_string(), "c2".to_string()]);
    // A man on c4 closes the turn square: no move at all.
    let p = pos_of(&v, "4k/2K2/2T2/5/5 w - - 0 1");
    assert!(from(&p, "c3").is_empty(), "{:?}", from(&p, "c3"));
}

/// Bent moves are general: a knight's leap then up to two steps on,
/// relative to the leap (`f`: the steps that go on the leap's way), to
/// an empty square only (`m` on the second leg).
#[test]
fn a_leap_then_a_limited_ride() {
    let v = checked(
        "variant kr \"Knight then steps\" {\n  players white, black\n  board 8x8\n  \
         piece king K moves \"K\" royal\n  piece walker X moves \"ffN then fmW2\"\n  \
         setup {\n    white: K a1, X d1\n    black: K h8\n  }\n  end { checkmate -> lose }\n}\n",
    );
    let p = pos_of(&v, "7k/8/8/8/8/8/8/K2X4 w - - 0 1");
    // ffN from d1: c3 and e3. After (1,2) to e3, `f` steps are up (0,1)
    // and right (1,0): e4 e5 f3 g3; after (-1,2) to c3: c4 c5 b3 a3.
    let mut want: Vec<String> = ["a3", "b3", "c4", "c5", "e4", "e5", "f3", "g3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    want.sort();
    assert_eq!(from(&p, "d1"), want);
    // `m`: an enemy man on e4 is not taken, and blocks e5.
    let p = pos_of(&v, "7k/8/8/8/4k3/8/8/K2X4 w - - 0 1");
    let moves = from(&p, "d1");
    assert!(!moves.contains(&"e4".to_string()) && !moves.contains(&"e5".to_string()));
}

/// The Betza text of a bent move is refused where it means nothing, with
/// the place in the string.
#[test]
fn bent_betza_refusals() {
    for (betza, what) in [
        ("R then", "followed by the second leg"),
        ("then R", "joins two atoms"),
        ("mR then sR", "first leg"),
        ("R then Q", "two atoms"),
        ("K then sR", "joins two atoms"),
        ("R then isR", "second leg"),
        ("R then R then R", "joins two atoms"),
    ] {
        let e = varia::check::betza::parse(betza).expect_err(betza);
        assert!(e.message.contains(what), "{betza}: {}", e.message);
    }
    let atoms = varia::check::betza::parse("R R then sR").expect("parses");
    assert_eq!(atoms.len(), 2);
    let leg = atoms[1].then.as_ref().expect("bent");
    // After each of the four rook lines, the two lines square to it.
    for (v, seconds) in atoms[1].vectors.iter().zip(&leg.vectors) {
        assert_eq!(seconds.len(), 2);
        for w in seconds {
            assert_eq!(v.0 * w.0 + v.1 * w.1, 0, "{v:?} then {w:?}");
        }
    }
}

/// `explain` says why a bent move is refused: its turn square holds a
/// man (an enemy one: a capture on the way), or its way is blocked.
#[test]
fn explain_a_refused_bent_move() {
    use varia::play::session::Session;
    let v = fixture();
    let s = Session::new(&v, Some("5pk/6p/7/p6/7/7/Hc2K2 w - - 0 1"), 0).expect("a game");
    let e = varia::explain::explain_text(&s, "a1b4");
    assert!(!e.legal);
    assert!(e.text.contains("turn at"), "{}", e.text);
    assert!(
        e.text.contains("captures only where it stops"),
        "{}",
        e.text
    );
    let s = Session::new(&v, Some("5pk/6p/7/P6/7/7/HP2K2 w - - 0 1"), 0).expect("a game");
    let e = varia::explain::explain_text(&s, "a1b4");
    assert!(!e.legal);
    assert!(
        e.text.contains("turns only on an empty square"),
        "{}",
        e.text
    );
    assert!(!e.text.contains("captures only"), "{}", e.text);
    // Over a2, the way to g2 is clear.
    let e = varia::explain::explain_text(&s, "a1g2");
    assert!(e.legal, "{}", e.text);
}
