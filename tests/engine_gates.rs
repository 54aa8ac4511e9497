//! Per-square gates (`gating PIECE, ... above REGION`) on the catalogue's
//! Musketeer chess: a man waiting above a first-rank square enters it,
//! compulsorily, when the man standing there first leaves it by its own
//! move, and is lost if that man is captured first. Counts and legality as
//! Musketeer-Stockfish plays them (tests/perft/musketeer.perft).

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::{perft, Game, Position};
use varia::notation::Describe;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[LbCdlgcf] w KQkq - 0 1";

fn t() -> std::sync::Arc<varia::engine::Tables> {
    builtin("musketeer")
}

/// The letter of the man on `sq` of a position's FEN board (`.` empty).
fn at(pos: &Position, sq: &str) -> char {
    let board = pos.fen();
    let board = board.split(['[', ' ']).next().unwrap().to_string();
    let f = (sq.as_bytes()[0] - b'a') as usize;
    let r = (sq.as_bytes()[1] - b'1') as usize;
    let row = board.split('/').nth(7 - r).unwrap();
    let mut x = 0;
    for c in row.chars() {
        if let Some(n) = c.to_digit(10) {
            if f < x + n as usize {
                return '.';
            }
            x += n as usize;
        } else {
            if x == f {
                return c;
            }
            x += 1;
        }
    }
    '.'
}

#[test]
fn the_start_fen_writes_the_gates_as_musketeer_stockfish_does() {
    let t = t();
    let p = Position::start(t.clone()).unwrap();
    assert_eq!(p.fen(), START);
    assert_eq!(fen(&t, START).hash(), p.hash());
}

#[test]
fn the_man_above_enters_compulsorily_and_the_move_text_is_the_moves_own() {
    let t = t();
    let g = Game::new(fen(&t, START));
    let m = moves(g.position());
    assert_eq!(m.len(), 20, "{m:?}");
    assert!(m.contains(&"b1c3".to_string()), "{m:?}");
    assert!(!m.iter().any(|x| x.len() > 4), "{m:?}");
    let mut g = g;
    play(&mut g, &["b1c3"]);
    assert_eq!(at(g.position(), "b1"), 'L');
    assert_eq!(at(g.position(), "c3"), 'N');
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RLBQKBNR[L-Cdlgcf] b KQkq - 1 1"
    );
}

#[test]
fn a_gate_opens_only_on_its_squares_first_departure() {
    let t = t();
    let mut g = Game::new(fen(&t, START));
    // The knight leaves b1: the leopard enters; the leopard leaves b1 and
    // the knight comes back and leaves again: nothing more enters.
    play(
        &mut g,
        &["b1c3", "a7a6", "b1a3", "a6a5", "c3b1", "a5a4", "b1c3"],
    );
    assert_eq!(at(g.position(), "b1"), '.');
    assert!(
        g.position().fen().contains("[L-Cdlgcf]"),
        "{}",
        g.position().fen()
    );
    // A pawn's move opens no gate; the queen leaving d1 lets the cannon in.
    play(&mut g, &["b7b6", "e2e3", "b6b5"]);
    assert_eq!(at(g.position(), "d1"), 'Q');
    play(&mut g, &["d1e2"]);
    assert_eq!(at(g.position(), "d1"), 'C');
    assert!(
        g.position().fen().contains("[L-C-lgcf]"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn a_captured_gate_squares_man_takes_the_man_above_with_it() {
    let t = t();
    let f = "rn1qkbnr/ppp1pppp/8/3p1b2/2P5/8/PP1PPPPP/RNBQKBNR[LbCdlgcf] b KQkq - 0 1";
    let mut g = Game::new(fen(&t, f));
    play(&mut g, &["f5b1"]);
    let after = g.position().fen();
    assert!(
        after.starts_with("rn1qkbnr/ppp1pppp/8/3p4/2P5/8/PP1PPPPP/RbBQKBNR[L-Cdlgcf] w"),
        "{after}"
    );
    // The rook takes the bishop back and leaves b1: no leopard enters.
    play(&mut g, &["a1b1", "a7a6", "b1a1"]);
    // (the rook came back to a1: b1 is empty, no leopard entered)
    assert_eq!(at(g.position(), "b1"), '.');
    assert!(g.position().fen().contains("[L-Cdlgcf]"));
}

#[test]
fn castling_lets_in_the_man_above_the_kings_square() {
    let t = t();
    let f = "r1b1k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPBQPPP/R1B1K2R[LeCclecc] w KQkq - 0 1";
    let mut g = Game::new(fen(&t, f));
    play(&mut g, &["e1g1"]);
    assert_eq!(at(g.position(), "e1"), 'L');
    assert_eq!(at(g.position(), "g1"), 'K');
    assert_eq!(at(g.position(), "f1"), 'R');
    assert!(
        g.position().fen().contains("[L-Cclecc]"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn castling_lets_in_the_man_above_the_rooks_square() {
    let t = t();
    let f = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[LhCalhca] w KQkq - 0 1";
    let mut g = Game::new(fen(&t, f));
    play(&mut g, &["e1c1"]);
    assert_eq!(at(g.position(), "a1"), 'C');
    assert_eq!(at(g.position(), "d1"), 'R');
    assert_eq!(at(g.position(), "h1"), 'R');
    assert!(
        g.position().fen().contains("[LhC-lhca]"),
        "{}",
        g.position().fen()
    );
}

#[test]
fn the_entering_man_does_not_shield_his_king() {
    let t = t();
    // The knight on c1 is pinned along the first rank: the cannon that
    // would enter on c1 does not unpin it.
    let p = fen(&t, "2b1k3/8/8/8/8/8/8/r1N1K1B1[LgCclecc] w - - 0 1");
    let m = moves(&p);
    assert!(!m.iter().any(|x| x.starts_with("c1")), "{m:?}");
    // A king in check steps off the checker's line only: the leopard that
    // would enter on e1 does not cover f1.
    let p = fen(&t, "2b1k3/8/8/8/8/8/8/r3K1B1[LeCglecc] w - - 0 1");
    let m = moves(&p);
    assert!(!m.contains(&"e1f1".to_string()), "{m:?}");
    assert!(!m.contains(&"e1d1".to_string()), "{m:?}");
    assert!(m.contains(&"e1e2".to_string()), "{m:?}");
}

#[test]
fn a_pawn_promotes_to_either_gated_kind() {
    let t = t();
    let p = fen(&t, "r3k3/1P6/8/8/8/8/6p1/4K2R[LeChleca] w Kq - 0 1");
    let m = moves(&p);
    for x in ["b7b8l", "b7b8c", "b7a8l", "b7a8c", "b7b8q"] {
        assert!(m.contains(&x.to_string()), "{x}: {m:?}");
    }
}

#[test]
fn fen_reads_gates_in_any_order_and_refuses_bad_ones() {
    let t = t();
    // The kinds in another order: written back in the listed order.
    let p = fen(&t, "2b1k3/8/8/8/8/8/8/r1N1K1B1[CcLgccle] w - - 0 1");
    assert_eq!(p.fen(), "2b1k3/8/8/8/8/8/8/r1N1K1B1[LgCclecc] w - - 0 1");
    // No gate waiting: every kind written with `-`.
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[L-C-l-c-] w - - 0 1");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3[L-C-l-c-] w - - 0 1");
    let q = fen(&t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(q.hash(), p.hash());
    for bad in [
        // Above an empty square.
        "4k3/8/8/8/8/8/8/4K3[Ld] w - - 0 1",
        // Above an enemy man.
        "4k3/8/8/8/8/8/8/3rK3[Ld] w - - 0 1",
        // A kind that is not gated.
        "4k3/8/8/8/8/8/8/3NK3[Qd] w - - 0 1",
        // Off the owner's region.
        "4k3/8/8/8/8/8/8/3NK3[ld] w - - 0 1",
        // Two gates above one square.
        "4k3/8/8/8/8/8/8/3NK3[LdCd] w - - 0 1",
        // No file.
        "4k3/8/8/8/8/8/8/3NK3[L] w - - 0 1",
    ] {
        assert!(Position::from_fen(t.clone(), bad).is_err(), "{bad}");
    }
}

#[test]
fn gates_are_part_of_the_hash() {
    let t = t();
    let a = fen(&t, "4k3/8/8/8/8/8/8/3NK3[LdC-l-c-] w - - 0 1");
    let b = fen(&t, "4k3/8/8/8/8/8/8/3NK3[L-Cdl-c-] w - - 0 1");
    let c = fen(&t, "4k3/8/8/8/8/8/8/3NK3[L-C-l-c-] w - - 0 1");
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
    let mut g = Game::new(a.clone());
    play(&mut g, &["d1c3"]);
    assert_eq!(g.position().hash(), g.position().hash_from_scratch());
}

#[test]
fn make_and_unmake_keep_the_gates_and_the_hash() {
    let t = t();
    let mut p = fen(&t, START);
    let before = p.fen();
    assert_eq!(perft(&mut p, 3), 8862);
    assert_eq!(p.fen(), before);
    for &m in p.legal_moves().iter() {
        let mut q = p.clone();
        q.play(m);
        assert_eq!(q.hash(), q.hash_from_scratch(), "{}", p.move_text(m));
    }
}

#[test]
fn describe_names_the_gates() {
    let v = varia::load::builtin("musketeer", &[]).expect("musketeer");
    let d = varia::describe::describe(&v).expect("describes");
    let text = serde_json::to_string(&d).expect("json");
    assert!(text.contains("waits above a square of back_rank"), "{text}");
    assert!(text.contains("White above b1"), "{text}");
    assert!(text.contains("Black above f8"), "{text}");
}

#[test]
fn the_generic_legality_path_agrees_with_the_fast_one() {
    // Every move made and tested (no pins): the man that enters is taken
    // off again for the test, so the counts are Musketeer-Stockfish's too.
    let v = varia::load::builtin("musketeer", &[]).expect("musketeer");
    let fast = std::sync::Arc::new(varia::engine::Tables::new(&v).unwrap());
    let slow = std::sync::Arc::new(
        varia::engine::Tables::new(&v)
            .unwrap()
            .without_fast_legality(),
    );
    assert!(fast.uses_fast_legality());
    for (f, d, n) in [
        ("2b1k3/8/8/8/8/8/8/r1N1K1B1[LgCclecc] w - - 0 1", 3, 4054),
        ("2b1k3/8/8/8/8/8/8/r3K1B1[LeCglecc] w - - 0 1", 3, 1079),
        (START, 3, 8862),
    ] {
        assert_eq!(perft(&mut fen(&fast, f), d), n, "fast {f}");
        assert_eq!(perft(&mut fen(&slow, f), d), n, "slow {f}");
    }
}
