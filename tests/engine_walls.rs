//! Compound turns. Walls (`then place wall [reached]`): a board move and a
//! wall in one action, on the catalogue's Game of the Amazons and on small
//! variants written here. Turns of several actions (`turn actions ...`):
//! Marseillais, Balanced Marseillais and Progressive chess.

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

// ---- `then move wall`: one wall that moves every turn (Duck chess) ----

/// Duck chess's start, and the number of empty squares a duck may take
/// after a move: the board's empty squares after it, less where the duck
/// stands.
const DUCK_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The duck squares of the legal moves whose board move is written `base`.
fn ducks_after(pos: &varia::engine::Position, base: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter_map(|m| {
            let (b, w) = m.split_once(',')?;
            (b == base).then(|| w[2..].to_string())
        })
        .collect()
}

/// The move SAN `san` reads in Duck chess at `fen`, as coordinates, after
/// checking that SAN writes it back the same.
fn duck_san(fen: &str, san: &str) -> String {
    let v = varia::load::builtin("duck", &[]).expect("built in");
    let s = varia::play::session::Session::new(&v, Some(fen), 1).expect("starts");
    let m = s.parse(san).expect("SAN reads");
    assert_eq!(s.san(m), san);
    s.position().move_text(m)
}

#[test]
fn the_first_duck_goes_on_any_empty_square_and_then_must_move() {
    let t = builtin("duck");
    let mut g = Game::new(fen(&t, DUCK_START));
    // 32 empty squares, less e4 (reached), plus e2 (left).
    let first = ducks_after(g.position(), "e2e4");
    assert_eq!(first.len(), 32, "{first:?}");
    assert!(first.contains(&"e2".to_string()));
    play(&mut g, &["e2e4,e4e5"]);
    // (varia writes every en-passant target, e3; Fairy-Stockfish only
    // those a pawn could take on: `-`.)
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // The duck on e5 stops the pawn: no e7e5, and the duck never stays.
    let m = moves(g.position());
    assert!(!m.iter().any(|x| x.starts_with("e7e5")), "{m:?}");
    assert!(!m.iter().any(|x| x.ends_with("e5")), "{m:?}");
    // After d7d5: 32 empty + d7 - d5, less the duck's own square.
    assert_eq!(ducks_after(g.position(), "d7d5").len(), 31);
    play(&mut g, &["d7d5,d5h3"]);
    // The duck left e5: one duck on the board, now on h3.
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/7*/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
    );
    assert_eq!(g.position().hash(), g.position().hash_from_scratch());
    // Undo puts the duck back where it stood.
    g.undo();
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(g.position().hash(), g.position().hash_from_scratch());
}

#[test]
fn castling_through_attack_is_legal_and_the_duck_blocks_it() {
    let t = builtin("duck");
    // Black's rook on f8 attacks f1: no check in Duck chess, so White still
    // castles short; the duck then goes on any empty square, e1 and h1
    // included.
    let pos = fen(&t, "5r1k/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let after = ducks_after(&pos, "e1g1");
    assert_eq!(after.len(), 64 - 5, "{after:?}");
    assert!(after.contains(&"e1".to_string()) && after.contains(&"h1".to_string()));
    // `O-O,e4` in SAN, `e1g1,g1e4` as Fairy-Stockfish writes it.
    let m = common::mv(&pos, "e1g1,g1e4");
    assert_eq!(
        duck_san("5r1k/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O,e4"),
        "e1g1,g1e4"
    );
    let mut g = Game::new(pos.clone());
    g.play(m);
    assert_eq!(g.position().fen(), "5r1k/8/8/8/4*3/8/8/R4RK1 b - - 1 1");
    // A duck on f1 stops castling short (the king crosses f1).
    let pos = fen(&t, "7k/8/8/8/8/8/8/R3K*1R w KQ - 0 1");
    assert!(ducks_after(&pos, "e1g1").is_empty());
    assert!(!ducks_after(&pos, "e1c1").is_empty());
}

#[test]
fn en_passant_frees_the_taken_pawns_square_and_a_duck_on_the_passed_square_forbids_it() {
    let t = builtin("duck");
    let pos = fen(&t, "4k3/8/8/3pP3/8/8/8/4K2* w - d6 0 1");
    // exd6 e.p.: d5 (the taken pawn's square) may take the duck.
    let ep = ducks_after(&pos, "e5d6");
    assert!(ep.contains(&"d5".to_string()), "{ep:?}");
    assert!(ep.contains(&"e5".to_string()) && !ep.contains(&"d6".to_string()));
    let mut g = Game::new(fen(&t, "4k3/3p4/8/4P3/8/8/8/4K2* b - - 0 1"));
    // A double step with the duck put on the square it passed: no target.
    play(&mut g, &["d7d5,d5d6"]);
    assert_eq!(g.position().fen(), "4k3/8/3*4/3pP3/8/8/8/4K3 w - - 0 2");
    assert!(ducks_after(g.position(), "e5d6").is_empty());
    // Elsewhere the target stands, as Fairy-Stockfish writes it.
    let mut g = Game::new(fen(&t, "4k3/3p4/8/4P3/8/8/8/4K2* b - - 0 1"));
    play(&mut g, &["d7d5,d5a1"]);
    assert_eq!(g.position().fen(), "4k3/8/8/3pP3/8/8/8/*3K3 w - d6 0 2");
}

#[test]
fn a_promotion_is_written_before_the_duck() {
    let t = builtin("duck");
    let pos = fen(&t, "4k3/P7/8/3*4/8/8/8/4K3 w - - 0 1");
    let m = moves(&pos);
    for p in ["q", "r", "b", "n"] {
        assert!(m.contains(&format!("a7a8{p},a8d4")), "{m:?}");
        // 64 squares less the kings, the new man and the duck's own.
        assert_eq!(ducks_after(&pos, &format!("a7a8{p}")).len(), 60);
    }
    assert_eq!(
        duck_san("4k3/P7/8/3*4/8/8/8/4K3 w - - 0 1", "a8=Q,d4"),
        "a7a8q,a8d4"
    );
}

#[test]
fn taking_the_king_wins_and_stalemate_wins_for_the_stalemated() {
    let t = builtin("duck");
    let mut g = Game::new(fen(&t, "3k4/8/8/8/8/8/8/3RK2* w - - 0 1"));
    play(&mut g, &["d1d8,d8d1"]);
    assert!(moves(g.position()).is_empty());
    assert!(
        matches!(g.status(), Status::Ended { winners: 0b01, .. }),
        "{:?}",
        g.status()
    );
    // Black's king on a8 is walled in by its own men and the duck; the
    // bishop and the pawns cannot move either: Black, stalemated, wins.
    let g = Game::new(fen(&t, "kb6/p*p5/P1P5/8/8/8/8/7K b - - 0 1"));
    assert!(moves(g.position()).is_empty(), "{:?}", moves(g.position()));
    assert!(
        matches!(g.status(), Status::Ended { winners: 0b10, .. }),
        "{:?}",
        g.status()
    );
}

/// A royal king with a moving wall: each (move, wall) pair is tested.
const ROYAL_DUCK: &str = r#"
variant royalduck {
  players white, black
  board 4x4
  use king, rook
  setup {
    white: K a1
    black: K d4, R a4
  }
  then move wall
  end {
    checkmate -> lose
    stalemate -> draw
  }
}
"#;

#[test]
fn a_moving_wall_may_shield_a_royal_and_lifted_may_expose_it() {
    let t = text(ROYAL_DUCK);
    // The rook on a4 checks the king on a1: a rook move is legal only with
    // the duck put between them, on a2 or a3.
    let pos = fen(&t, "rk2/4/3*/K2R w - - 0 1");
    for base in ["d1c1", "d1b1"] {
        assert_eq!(ducks_after(&pos, base), ["a2", "a3"], "{base}");
    }
    // The duck on a2 shields the king; lifted by a rook move, it must go
    // to a3, the one other square between them.
    let pos = fen(&t, "rk2/4/*3/K2R w - - 0 1");
    for base in ["d1c1", "d1b1", "d1d2", "d1d3", "d1d4"] {
        assert_eq!(ducks_after(&pos, base), ["a3"], "{base}");
    }
    // The king stepping off the file may leave the duck anywhere empty:
    // 16 squares less the two black men, the rook, the king and a2.
    assert_eq!(ducks_after(&pos, "a1b1").len(), 11);
}

// ----- turns of several actions (`turn actions ...`) ---------------------

#[test]
fn a_check_by_the_first_move_ends_a_marseillais_turn() {
    let t = builtin("marseillais");
    // Ra8+ checks: Black's turn at once, two moves long.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 2"));
    play(&mut g, &["a1a8"]);
    assert_eq!(g.position().turn(), 1);
    assert_eq!(g.position().fen(), "R3k3/8/8/8/8/8/8/4K3 b - - 1 2");
    // A quiet first move leaves White a second one, written `<left:1>`.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 2"));
    play(&mut g, &["a1a2"]);
    assert_eq!(g.position().turn(), 0);
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/R7/4K3<left:1> w - - 1 2");
    play(&mut g, &["a2a3"]);
    assert_eq!(g.position().turn(), 1);
    // A check by the second move ends the turn as it would anyway.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/R3K3<left:1> w - - 0 2"));
    play(&mut g, &["a1a8"]);
    assert_eq!(g.position().turn(), 1);
}

#[test]
fn a_player_in_check_must_escape_with_the_first_move() {
    let t = builtin("marseillais");
    // The rook on h1 checks: no first move may leave the king attacked,
    // though a second move could have taken the rook.
    let pos = fen(&t, "4k3/8/8/8/8/8/6Q1/4K2r w - - 0 2");
    assert_eq!(
        moves(&pos),
        ["e1d2", "e1e2", "e1f2", "g2f1", "g2g1", "g2h1"]
    );
}

#[test]
fn balanced_marseillais_opens_with_one_move_and_then_two() {
    let mut g = Game::new(varia::engine::Position::start(builtin("balancedmarseillais")).unwrap());
    play(&mut g, &["e2e4"]);
    assert_eq!(g.position().turn(), 1, "White's first turn is one move");
    play(&mut g, &["e7e5"]);
    assert_eq!(g.position().turn(), 1);
    play(&mut g, &["d7d5", "g1f3"]);
    assert_eq!(g.position().turn(), 0);
    let mut g = Game::new(varia::engine::Position::start(builtin("marseillais")).unwrap());
    play(&mut g, &["e2e4"]);
    assert_eq!(g.position().turn(), 0, "classic: White's first turn is two");
}

#[test]
fn progressive_series_grow_by_one() {
    let mut g = Game::new(varia::engine::Position::start(builtin("progressive")).unwrap());
    let mut lengths = Vec::new();
    let line = [
        "e2e4", "e7e5", "b8c6", "g1f3", "f1c4", "d2d3", "g8f6", "f8c5", "d7d6", "a7a6",
    ];
    let mut run = 0;
    let mut mover = 0;
    for m in line {
        play(&mut g, &[m]);
        run += 1;
        if g.position().turn() != mover {
            lengths.push(run);
            run = 0;
            mover = g.position().turn();
        }
    }
    assert_eq!(lengths, [1, 2, 3, 4]);
    assert!(
        g.position().fen().contains("<turn:5>"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn progressive_gives_check_only_with_the_series_last_move() {
    let t = builtin("progressive");
    // Series 3, first move: Ra8+ (and Re1-e-file checks) are illegal.
    let pos = fen(&t, "4k3/8/8/8/8/8/8/R3K3<turn:3> w - - 0 1");
    let first = moves(&pos);
    assert!(!first.contains(&"a1a8".to_string()), "{first:?}");
    assert!(!first.contains(&"a1e1".to_string()) && first.contains(&"a1a7".to_string()));
    // The series' last move may check, and the turn passes.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/R3K3<turn:3,left:1> w - - 0 1"));
    assert!(moves(g.position()).contains(&"a1a8".to_string()));
    play(&mut g, &["a1a8"]);
    assert_eq!(g.position().turn(), 1);
    assert!(
        g.position().fen().contains("<turn:4>"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn a_player_whose_every_move_would_check_early_is_stalemated() {
    let t = builtin("progressive");
    // Black, mid-series, not in check: the queen takes every square from
    // its king, and its pawn's one step would check the king on d1.
    let pos = fen(&t, "k7/2Q5/8/8/8/4p3/8/3K4<turn:4,left:2> b - - 0 1");
    let g = Game::new(pos);
    assert!(moves(g.position()).is_empty(), "{:?}", moves(g.position()));
    // At the series' last move the pawn may step and check.
    let last = fen(&t, "k7/2Q5/8/8/8/4p3/8/3K4<turn:4,left:1> b - - 0 1");
    assert_eq!(moves(&last), ["e3e2"]);
    assert!(
        matches!(g.status(), Status::Ended { winners: 0, .. }),
        "a draw: {:?}",
        g.status()
    );
}

#[test]
fn the_turn_state_round_trips_in_fen_and_is_hashed() {
    let t = builtin("marseillais");
    let full = fen(&t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
    let half = fen(&t, "4k3/8/8/8/8/8/8/R3K3<left:1> w - - 0 2");
    assert_eq!(half.fen(), "4k3/8/8/8/8/8/8/R3K3<left:1> w - - 0 2");
    assert_ne!(full.hash(), half.hash());
    let p = builtin("progressive");
    for f in [
        "4k3/8/8/8/8/8/8/R3K3<turn:3> w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3<turn:3,left:1> w - - 0 1",
        // The move number counts turns: move 2 with White to act is turn 3.
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 2",
    ] {
        assert_eq!(fen(&p, f).fen(), f);
    }
    assert_eq!(
        fen(&p, "4k3/8/8/8/8/8/8/R3K3<turn:3> w - - 0 2").fen(),
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 2"
    );
    for bad in [
        "4k3/8/8/8/8/8/8/R3K3<left:3> w - - 0 2",
        "4k3/8/8/8/8/8/8/R3K3<left:0> w - - 0 2",
        "4k3/8/8/8/8/8/8/R3K3<turn:0> w - - 0 2",
    ] {
        assert!(
            varia::engine::Position::from_fen(t.clone(), bad).is_err(),
            "{bad}"
        );
    }
    assert!(varia::engine::Position::from_fen(
        common::chess(),
        "4k3/8/8/8/8/8/8/R3K3<left:1> w - - 0 2"
    )
    .is_err());
}

#[test]
fn perft_by_turns_counts_whole_turns() {
    let mut pos = varia::engine::Position::start(builtin("marseillais")).unwrap();
    assert_eq!(varia::engine::perft_turns(&mut pos, 1), 445);
    assert_eq!(perft(&mut pos, 2), 445);
    let mut pos = varia::engine::Position::start(builtin("progressive")).unwrap();
    assert_eq!(varia::engine::perft_turns(&mut pos, 2), 8902);
    // Without a turn plan, turns are actions.
    let mut pos = varia::engine::Position::start(common::chess()).unwrap();
    assert_eq!(varia::engine::perft_turns(&mut pos, 2), 400);
}

// ---- `then place wall ... in REGION`, `then place wall vacated` ----

/// A rule file of `tests/blind/` (each compared with Fairy-Stockfish).
fn blind(name: &str) -> Arc<Tables> {
    let path = format!("{}/tests/blind/{name}.variant", env!("CARGO_MANIFEST_DIR"));
    text(&std::fs::read_to_string(path).expect("readable"))
}

#[test]
fn a_wall_region_keeps_the_start_squares_free() {
    // Isolation: the token on c1 has 5 king steps; after each, 48 squares
    // less the two tokens = 46 empty, less c1 (out of the region) = 45.
    let t = blind("isolation");
    let pos = Game::new(fen(&t, "3p2/6/6/6/6/6/6/2P3 w - - 0 1"));
    let m = moves(pos.position());
    assert_eq!(m.len(), 5 * 45);
    assert!(
        !m.iter().any(|x| x.ends_with("c1") || x.ends_with("d8")),
        "{m:?}"
    );
    assert!(m.contains(&"c1c2,c2a1".to_string()));
    assert_eq!(
        perft(&mut fen(&t, "3p2/6/6/6/6/6/6/2P3 w - - 0 1"), 2),
        47_300
    );
}

#[test]
fn a_per_player_wall_region_is_read_as_the_mover_sees_it() {
    // White walls only on rank 1, Black only on rank 4.
    let t = text(
        r#"
variant ranks {
  players white, black
  board 4x4
  piece token P moves "mK"
  setup {
    white: P a2
    black: P d3
  }
  region mine: white rank 1, black rank 4
  then place wall in mine
  end { stalemate -> lose }
}
"#,
    );
    let pos = fen(&t, "4/3p/P3/4 w - - 0 1");
    for m in moves(&pos) {
        assert!(m.ends_with('1'), "{m}");
    }
    let pos = fen(&t, "4/3p/P3/4 b - - 0 1");
    let m = moves(&pos);
    assert!(!m.is_empty());
    for x in m {
        assert!(x.ends_with('4'), "{x}");
    }
    // A region with no empty square after the move: no legal move.
    let pos = fen(&t, "4/3p/P3/**** w - - 0 1");
    assert!(moves(&pos).is_empty());
}

#[test]
fn the_vacated_wall_goes_on_the_square_the_man_left() {
    // Snailtrail: three king steps from a1, each leaving a wall on a1
    // (Fairy-Stockfish: perft 1 = 3).
    let t = blind("snailtrail");
    let mut g = Game::new(fen(&t, "6p/7/7/7/7/7/P6 w - - 0 1"));
    let mut m = moves(g.position());
    m.sort();
    assert_eq!(m, ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]);
    play(&mut g, &["a1b2,b2a1", "g7f6,f6g7"]);
    assert_eq!(g.position().fen(), "6*/5p1/7/7/7/1P5/*6 w - - 2 2");
    // The trail blocks: b2 may not go back to a1.
    assert!(!moves(g.position()).iter().any(|x| x.starts_with("b2a1")));
}

#[test]
fn a_vacated_wall_follows_captures_and_castling() {
    let t = text(
        r#"
variant trail {
  players white, black
  board 8x8
  use rook
  piece king K moves "mK" royal
  setup {
    white: K e1, R a1 h1
    black: K e8, R a8
  }
  castling king with rook to files g c
  then place wall vacated
  end { checkmate -> lose }
}
"#,
    );
    let pos = fen(&t, "r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let m = moves(&pos);
    // A capture: the wall on the square the rook left.
    assert!(m.contains(&"a1a8,a8a1".to_string()), "{m:?}");
    // Castling: the wall on the king's square.
    assert!(m.contains(&"e1g1,g1e1".to_string()), "{m:?}");
    // Every action's wall is its origin.
    for x in &m {
        let (a, b) = x.split_once(',').expect("a comma");
        assert_eq!(&a[..2], &b[2..4], "{x}");
    }
}

// ---- `petrify PIECE, ...`: a capturer turns into a wall ----

/// Rooks and bishops petrify, knights do not; a king that never captures.
const STONE: &str = r#"
variant stone {
  players white, black
  board 8x8
  use rook, knight, bishop
  piece king K moves "mK" royal
  piece pawn P like pawn
  setup {
    white: K e1, R a1, N b1
    black: K e8, R a8
  }
  promote pawn at far edge to rook, knight
  petrify rook, bishop
  end { checkmate -> lose }
}
"#;

#[test]
fn a_petrifying_capture_leaves_a_wall_where_the_capturer_landed() {
    let t = text(STONE);
    let mut g = Game::new(fen(&t, "r3k3/8/8/8/8/8/8/RN2K3 w - - 0 1"));
    play(&mut g, &["a1a8"]);
    assert_eq!(g.position().fen(), "*3k3/8/8/8/8/8/8/1N2K3 b - - 1 1");
    // The wall reads back from FEN, blocks and is never captured.
    let back = fen(&t, "*3k3/8/8/8/8/8/8/1N2K3 b - - 1 1");
    assert_eq!(back.hash(), g.position().hash());
    assert_eq!(g.position().hash(), g.position().hash_from_scratch());
    g.undo();
    assert_eq!(g.position().fen(), "r3k3/8/8/8/8/8/8/RN2K3 w - - 0 1");
}

#[test]
fn an_unlisted_kind_captures_as_usual() {
    let t = text(STONE);
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/r7/8/RN2K3 w - - 0 1"));
    play(&mut g, &["b1a3"]);
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/N7/8/R3K3 b - - 1 1");
}

#[test]
fn a_petrified_capturer_gives_no_check_but_a_discovered_check_stands() {
    let t = text(STONE);
    // Rxe5: the rook is stone on e5, so the king on e8 is not in check.
    let mut g = Game::new(fen(&t, "4k3/8/8/4r3/8/8/8/4RK2 w - - 0 1"));
    play(&mut g, &["e1e5"]);
    assert!(!g.position().in_check());
    // The bishop on e4 takes on d5 and turns to stone there: the rook
    // behind it on e1 gives check.
    let mut g = Game::new(fen(&t, "4k3/8/8/3r4/4B3/8/8/4RK2 w - - 0 1"));
    play(&mut g, &["e4d5"]);
    assert_eq!(g.position().fen(), "4k3/8/8/3*4/8/8/8/4RK2 b - - 1 1");
    assert!(g.position().in_check());
}

#[test]
fn a_pinned_rook_takes_along_its_pin_and_its_wall_shields_the_king() {
    let t = text(STONE);
    // The rook on e2 is pinned by the rook on e6: it may take it (the wall
    // on e6 then stands between), not step off the file.
    let pos = fen(&t, "k7/8/4r3/8/8/8/4R3/4K3 w - - 0 1");
    let m = moves(&pos);
    assert!(m.contains(&"e2e6".to_string()), "{m:?}");
    assert!(!m.contains(&"e2d2".to_string()), "{m:?}");
    let mut g = Game::new(pos);
    play(&mut g, &["e2e6"]);
    assert_eq!(g.position().fen(), "k7/8/4*3/8/8/8/8/4K3 b - - 1 1");
}

#[test]
fn a_capture_that_promotes_petrifies_by_the_kind_that_moved() {
    let t = text(STONE);
    // The pawn (not listed) takes and becomes a rook: no wall.
    let mut g = Game::new(fen(&t, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    play(&mut g, &["a7b8r"]);
    assert_eq!(g.position().fen(), "1R2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn petrified_chess_matches_fairy_stockfish_at_the_start() {
    // Fairy-Stockfish (current source, built-in `petrified`): go perft 3.
    let t = blind("petrified");
    let mut pos = fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(perft(&mut pos, 3), 10_022);
}
