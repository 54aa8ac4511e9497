//! Ecséch and Rapid'Ecséch (RULES.md §4): one named scenario per edge case
//! of 4(c).

use std::sync::Arc;
use varia::engine::{Game, Move, MoveKind, Position, Square, Status, Tables};
use varia::ir::Event;

fn tables(name: &str, opts: &[(&str, &str)]) -> Arc<Tables> {
    let opts: Vec<(String, String)> = opts
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let v = varia::load::builtin(name, &opts).expect("loads");
    Arc::new(Tables::new(&v).expect("compiles"))
}

fn fen(name: &str, f: &str) -> Position {
    Position::from_fen(tables(name, &[]), f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn kind(p: &Position, letter: char) -> u8 {
    p.tables()
        .variant()
        .piece_by_letter(letter)
        .expect("letter")
}

fn sq(p: &Position, name: &str) -> Square {
    let b = name.as_bytes();
    let x = (b[0] - b'a') as i32;
    let y = name[1..].parse::<i32>().unwrap() - 1;
    p.tables().geometry().square(x, y).expect("square")
}

fn drop(p: &Position, letter: char, at: &str) -> Move {
    Move::drop(kind(p, letter), sq(p, at))
}

fn legal(p: &Position, m: Move) -> bool {
    p.legal_moves().contains(&m)
}

fn status_after(p: &Position, m: Move) -> Status {
    assert!(legal(p, m), "{m:?} should be legal in {}", p.fen());
    let mut g = Game::new(p.clone());
    g.play(m);
    g.status()
}

// 1. White's first action.
#[test]
fn c01_first_action_is_a_pawn_anywhere() {
    let p = Position::start(tables("ecsech", &[])).unwrap();
    let l = p.legal_moves();
    assert_eq!(l.len(), 64);
    assert!(l
        .iter()
        .all(|m| m.kind() == MoveKind::Drop && m.placed() == Some(kind(&p, 'P'))));
    assert!(!legal(&p, drop(&p, 'N', "e4")));
    assert!(!legal(&p, drop(&p, 'K', "a1")));
}

// 2. Black's replies to P e4, counted by hand per piece type.
#[test]
fn c02_black_replies_after_e4() {
    let mut p = Position::start(tables("ecsech", &[])).unwrap();
    p.play(drop(&p, 'P', "e4"));
    let l = p.legal_moves();
    let n = |c: char| l.iter().filter(|m| m.placed() == Some(kind(&p, c))).count();
    // Of 63 empty squares, exclude those the pawn attacks (d5, f5) and
    // those from which the piece would attack e4.
    assert_eq!(n('P'), 61, "d5, f5");
    assert_eq!(n('K'), 55, "the 8 neighbours of e4 (d5, f5 among them)");
    assert_eq!(n('N'), 53, "8 knight squares + d5, f5");
    assert_eq!(n('R'), 47, "e-file 7 + rank 4 7 + d5, f5");
    assert_eq!(n('B'), 50, "13 diagonal squares (d5, f5 among them)");
    assert_eq!(n('Q'), 36, "14 + 13");
    assert_eq!(l.len(), 302);
    assert!(l.iter().all(|m| m.kind() == MoveKind::Drop));
}

// 3. Lines are blocked by any man, the placed one too.
#[test]
fn c03_slider_lines_blocked() {
    // Black r a8, black p a5 (the rook's own man) blocks the file.
    let p = fen("ecsech", "r7/8/8/p7/8/8/8/8[Nn] w - - 0 5");
    assert!(legal(&p, drop(&p, 'N', "a1")));
    // An enemy man (a white one) blocks it too.
    let p = fen("ecsech", "r7/8/8/P7/8/8/8/8[Nn] w - - 0 5");
    assert!(legal(&p, drop(&p, 'N', "a1")));
    // Nothing between: attacked.
    let p = fen("ecsech", "r7/8/8/8/8/8/8/8[Nn] w - - 0 5");
    assert!(!legal(&p, drop(&p, 'N', "a1")));
    // The placed man blocks the rook's line to the white king behind it,
    // but is itself attacked; behind another white man it is not.
    let p = fen("ecsech", "r7/8/8/8/8/8/8/K7[Nn] w - - 0 5");
    assert!(!legal(&p, drop(&p, 'N', "a4")));
    let p = fen("ecsech", "r7/8/8/B7/8/8/8/K7[Nn] w - - 0 5");
    assert!(legal(&p, drop(&p, 'N', "a4")));
    // The placed rook's own line is blocked by a man: it does not attack
    // through it.
    let p = fen("ecsech", "8/8/8/8/r7/8/P7/8[Rn] w - - 0 5");
    assert!(legal(&p, drop(&p, 'R', "a1")));
}

// 4. Pawn attack directions.
#[test]
fn c04_pawn_attack_direction() {
    let p = fen("ecsech", "8/8/8/8/3P4/8/8/8[Kn] b - - 0 5");
    assert!(
        !legal(&p, drop(&p, 'n', "e5")),
        "white pawns attack forward"
    );
    assert!(legal(&p, drop(&p, 'n', "e3")));
    let p = fen("ecsech", "8/8/8/3p4/8/8/8/8[Nk] w - - 0 5");
    assert!(
        !legal(&p, drop(&p, 'N', "e4")),
        "black pawns attack toward rank 1"
    );
    assert!(legal(&p, drop(&p, 'N', "e6")));
    // A white pawn on rank 8 attacks nothing; on rank 1 it attacks rank 2.
    let p = fen("ecsech", "8/2n1n3/8/8/8/8/8/8[Pk] w - - 0 5");
    assert!(legal(&p, drop(&p, 'P', "d8")));
    let p = fen("ecsech", "8/8/8/8/8/8/1n6/8[Pk] w - - 0 5");
    assert!(!legal(&p, drop(&p, 'P', "a1")));
}

// 5. Bishop colours.
#[test]
fn c05_bishops_on_opposite_colours() {
    let p = fen("ecsech", "8/8/8/8/8/8/8/2B5[Bk] w - - 0 5");
    assert!(!legal(&p, drop(&p, 'B', "h2")), "c1 and h2 are both dark");
    assert!(legal(&p, drop(&p, 'B', "h1")));
}

// 6. Moves.
#[test]
fn c06_moves() {
    // The rook moves to a8: it attacks h8 and is attacked by it. Legal.
    let p = fen("ecsech", "7r/8/8/8/8/8/4P3/R7[Nn] w - - 0 5");
    assert!(legal(&p, Move::normal(sq(&p, "a1"), sq(&p, "a8"))));
    // The pawn: one square forward only.
    let pawn: Vec<Move> = p
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.from() == Some(sq(&p, "e2")))
        .collect();
    assert_eq!(pawn, vec![Move::normal(sq(&p, "e2"), sq(&p, "e3"))]);
    // Even with a man to take diagonally, nothing is captured.
    let p = fen("ecsech", "8/8/8/8/8/3n4/4P3/8[Nn] w - - 0 5");
    assert!(!legal(&p, Move::normal(sq(&p, "e2"), sq(&p, "d3"))));
    // A pawn on its last rank is immobile.
    let p = fen("ecsech", "4P3/8/8/8/8/8/8/8[Nn] w - - 0 5");
    assert!(!p.legal_moves().iter().any(|m| m.kind() == MoveKind::Normal));
}

// 7. Forced move, and stuck.
#[test]
fn c07_forced_move_and_stuck() {
    // Black queens on rank 2 attack every empty square: no placement.
    let p = fen("ecsech", "PPPPPPPP/8/8/8/8/8/qqqqqqqq/K7[Np] w - - 0 10");
    let l = p.legal_moves();
    assert_eq!(l.to_vec(), vec![Move::normal(sq(&p, "a1"), sq(&p, "b1"))]);
    // Without the king: no placement and no move, white loses.
    let p = fen("ecsech", "PPPPPPPP/8/8/8/8/8/qqqqqqqq/8[Np] w - - 0 10");
    assert!(p.legal_moves().is_empty());
    let g = Game::new(p);
    match g.status() {
        Status::Ended { winners, cause } => {
            assert_eq!(winners, 0b10);
            assert_eq!(cause.event, Event::Stalemate);
        }
        s => panic!("{s:?}"),
    }
    // With `stuck = pass`, the player passes instead.
    let t = tables("ecsech", &[("stuck", "pass")]);
    let p = Position::from_fen(t, "PPPPPPPP/8/8/8/8/8/qqqqqqqq/8[Np] w - - 0 10").unwrap();
    assert_eq!(p.legal_moves().to_vec(), vec![Move::PASS]);
}

// 8. The 16th placement wins at once.
#[test]
fn c08_sixteenth_placement_wins() {
    let p = fen("ecsech", "8/8/8/8/8/8/8/K7[Nqrrbbnnkpppppppp] w - - 0 20");
    match status_after(&p, drop(&p, 'N', "h8")) {
        Status::Ended { winners, cause } => {
            assert_eq!(winners, 0b01);
            assert_eq!(cause.event, Event::HandEmpty);
        }
        s => panic!("{s:?}"),
    }
}

// 9. Rapid'Ecséch.
#[test]
fn c09_rapid() {
    let f = "7r/8/8/8/8/8/4P3/R7[Nn] w - - 0 5";
    let p = fen("ecsech-rapid", f);
    let l = p.legal_moves();
    assert!(!l.is_empty());
    assert!(l.iter().all(|m| m.kind() == MoveKind::Drop), "no moves");
    // No placement: lose (the king could move, but moves are forbidden).
    let p = fen(
        "ecsech-rapid",
        "PPPPPPPP/8/8/8/8/8/qqqqqqqq/K7[Np] w - - 0 10",
    );
    assert!(p.legal_moves().is_empty());
    match Game::new(p).status() {
        Status::Ended { winners, .. } => assert_eq!(winners, 0b10),
        s => panic!("{s:?}"),
    }
    // White places the 16th man first and wins.
    let p = fen("ecsech-rapid", "8/8/8/8/8/8/8/K7[Np] w - - 0 20");
    match status_after(&p, drop(&p, 'N', "h8")) {
        Status::Ended { winners, .. } => assert_eq!(winners, 0b01),
        s => panic!("{s:?}"),
    }
}

// 10. Threefold repetition.
#[test]
fn c10_threefold_repetition() {
    let p = fen("ecsech", "7r/8/8/8/8/8/8/R7[Nn] w - - 0 5");
    let mut g = Game::new(p.clone());
    let steps = [("a1", "a2"), ("h8", "h7"), ("a2", "a1"), ("h7", "h8")];
    for round in 0..2 {
        for (a, b) in steps {
            assert_eq!(g.status(), Status::Ongoing, "round {round}");
            let m = Move::normal(sq(&p, a), sq(&p, b));
            g.try_play(m).expect("legal");
        }
    }
    match g.status() {
        Status::Ended { winners, cause } => {
            assert_eq!(winners, 0);
            assert_eq!(cause.event, Event::Repetition(3));
        }
        s => panic!("{s:?}"),
    }
}
