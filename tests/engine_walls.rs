//! Walls (`then place wall [reached]`): a board move and a wall in one
//! action, on the catalogue's Game of the Amazons and on small variants
//! written here.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use std::sync::Arc;
use varia::engine::{perft, Game, Status, Tables};
use varia::notation::Describe;

/// The tables of a variant written as text (it must check cleanly).
fn text(src: &str) -> Arc<Tables> {
    let c = varia::check::check_str("walls.variant", src, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    Arc::new(Tables::new(&c.variants[0]).expect("compiles"))
}

/// Rooks that capture, and a wall anywhere after each move.
const ROOKS: &str = r#"
variant rookwalls {
  players white, black
  board 4x4
  use rook
  piece man K moves "K"
  setup {
    white: R a1
    black: K d4
  }
  then place wall
  end { stalemate -> lose }
}
"#;

#[test]
fn the_start_has_2176_moves_each_a_move_and_an_arrow() {
    let t = builtin("amazons");
    let g = Game::new(fen(&t, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1"));
    let m = moves(g.position());
    assert_eq!(m.len(), 2176);
    assert!(m.contains(&"d1d7,d7g7".to_string()), "{m:?}");
    // The arrow may go back to the square the amazon left.
    assert!(m.contains(&"d1d2,d2d1".to_string()), "{m:?}");
    // Every action names its landing square again after the comma.
    for x in &m {
        let (a, b) = x.split_once(',').expect("a comma");
        assert_eq!(&a[a.len() - 2..], &b[..2], "{x}");
    }
}

#[test]
fn an_arrow_is_stopped_by_men_and_walls_and_may_fly_back() {
    let t = builtin("amazons");
    // a1 is hemmed in by walls on a2 and b2 and by the black amazon on c1:
    // only a1b1, then the arrow flies to a1 (left empty) or up the b1-j9
    // diagonal; b2 (a wall) stops it northwards, c1 (a man) eastwards.
    let pos = fen(&t, "9q/10/10/10/10/10/10/10/**8/Q1q7 w - - 0 1");
    let mut expect: Vec<String> = ["a1", "c2", "d3", "e4", "f5", "g6", "h7", "i8", "j9"]
        .iter()
        .map(|w| format!("a1b1,b1{w}"))
        .collect();
    expect.sort();
    assert_eq!(moves(&pos), expect);
}

#[test]
fn a_player_who_cannot_move_loses() {
    let t = builtin("amazons");
    let g = Game::new(fen(&t, "9q/10/10/10/10/10/10/10/**8/Q*8 w - - 0 1"));
    assert!(moves(g.position()).is_empty());
    assert!(
        matches!(g.status(), Status::Ended { winners: 0b10, .. }),
        "{:?}",
        g.status()
    );
}

#[test]
fn walls_read_and_write_as_fairy_stockfish_writes_them() {
    let t = builtin("amazons");
    let mut g = Game::new(fen(&t, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1"));
    play(&mut g, &["d1d7,d7g7", "g10g8,g8e6", "a4b5,b5b8"]);
    // Fairy-Stockfish's FEN of this position (`d` after the same moves).
    let f = "3q6/10/1*4q3/q2Q2*2q/4*5/1Q8/9Q/10/10/6Q3 b - - 3 2";
    assert_eq!(g.position().fen(), f);
    assert_eq!(fen(&t, f).fen(), f);
    assert_eq!(fen(&t, f).hash(), g.position().hash());
    assert_eq!(g.position().hash(), g.position().hash_from_scratch());
    // Undo takes the wall away with the move.
    g.undo();
    assert_eq!(
        g.position().fen(),
        "3q6/10/6q3/q2Q2*2q/4*5/10/Q8Q/10/10/6Q3 w - - 2 2"
    );
}

#[test]
fn san_writes_the_wall_after_a_comma() {
    let v = varia::load::builtin("amazons", &[]).expect("built in");
    let mut s = varia::play::session::Session::new(&v, None, 1).expect("starts");
    let m = s.parse("Qdd7,g7").expect("SAN reads");
    assert_eq!(s.position().move_text(m), "d1d7,d7g7");
    assert_eq!(s.san(m), "Qdd7,g7");
    s.play_noted(m);
    assert_eq!(
        s.position().fen(),
        "3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1"
    );
    let m = s.parse("g10g8,g8e6").expect("coordinates read");
    assert_eq!(s.san(m), "Qg8,e6");
}

#[test]
fn a_wall_blocks_sliders_and_cannot_be_captured() {
    let t = text(ROOKS);
    // A wall on a3: the rook goes up to a2 only, and never onto a3.
    let pos = fen(&t, "3k/*3/4/R3 w - - 0 1");
    let m = moves(&pos);
    assert!(m.iter().any(|x| x.starts_with("a1a2,")), "{m:?}");
    assert!(!m
        .iter()
        .any(|x| x.starts_with("a1a3") || x.starts_with("a1a4")));
    // Without a reach rule the wall goes on any square empty after the
    // move: 16 squares, less the wall, the king and the rook = 13, for
    // each of the rook's 4 moves (a2, b1, c1, d1).
    assert_eq!(m.len(), 4 * 13, "{m:?}");
}

#[test]
fn a_capture_frees_no_square_for_the_wall_but_the_one_left() {
    let t = text(ROOKS);
    let pos = fen(&t, "3k/4/4/R2k w - - 0 1");
    let m = moves(&pos);
    // a1xd1: 16 squares less d4's king and the rook on d1 = 14 empty.
    assert_eq!(m.iter().filter(|x| x.starts_with("a1d1,")).count(), 14);
    assert!(m.contains(&"a1d1,d1a1".to_string()));
    assert!(!m.contains(&"a1d1,d1d1".to_string()));
}

#[test]
fn perft_counts_each_move_and_wall_once() {
    let t = builtin("amazons");
    let mut pos = fen(&t, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1");
    assert_eq!(perft(&mut pos, 1), 2176);
    assert_eq!(perft(&mut pos, 2), 4_307_152);
}

#[test]
fn walls_are_refused_where_the_variant_has_none() {
    let t = builtin("chess");
    let bad = "rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(varia::engine::Position::from_fen(t, bad).is_err());
}
