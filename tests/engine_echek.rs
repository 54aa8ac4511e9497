//! Echek (RULES.md §3): one named scenario per edge case of 3(c).
//!
//! Squares are given as `(x, y)` in the FEN frame: `(0, 0)` is `a1`, the
//! lower-left corner of the men's bounding box.

use std::sync::Arc;
use varia::engine::Bits;
use varia::engine::{Game, Move, MoveKind, Position, Square, Status, Tables};

const Q: u8 = 1;
const R: u8 = 2;
const B: u8 = 3;
const N: u8 = 4;
const P: u8 = 5;

fn tables(per_colour: bool) -> Arc<Tables> {
    let opts: Vec<(String, String)> = if per_colour {
        vec![("connectivity".into(), "per_colour".into())]
    } else {
        Vec::new()
    };
    let v = varia::load::builtin("echek", &opts).expect("echek loads");
    Arc::new(Tables::new(&v).expect("echek compiles"))
}

/// A position from the placement part of a FEN (4 ranks), hands, side.
fn pos_opt(per_colour: bool, board: &str, hands: &str, side: &str, block: &str) -> Position {
    let fen = format!("{board}[{hands}]<{block}> {side} - - 0 5");
    Position::from_fen(tables(per_colour), &fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos(board: &str, hands: &str, side: &str) -> Position {
    pos_opt(false, board, hands, side, "swaps:0/0,passes:0,removed:-")
}

fn sq(p: &Position, x: i32, y: i32) -> Square {
    p.tables().geometry().square(3 + x, 3 + y).expect("square")
}

fn legal(p: &Position, mv: Move) -> bool {
    p.legal_moves().contains(&mv)
}

fn drop(p: &Position, k: u8, x: i32, y: i32) -> Move {
    Move::drop(k, sq(p, x, y))
}

fn mv(p: &Position, a: (i32, i32), b: (i32, i32)) -> Move {
    Move::normal(sq(p, a.0, a.1), sq(p, b.0, b.1))
}

fn game_after(p: Position, m: Move) -> Game {
    assert!(legal(&p, m), "{m:?} should be legal in {}", p.fen());
    let mut g = Game::new(p);
    g.play(m);
    g
}

fn winners(g: &Game) -> Option<u8> {
    match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        Status::Ongoing => None,
        other => panic!("unexpected status {other:?}"),
    }
}

// 1. Opening counts (hand-counted; see the comments).
#[test]
fn c01_opening_counts_all_and_per_colour() {
    // all: king 4 (a1->[-1]1, b1, [-1]2, b2 keep the kings touching),
    // Q/R/N/B drops on the 5 squares touching a1 and not beside a2 = 20
    // (the bishop finds nothing to return), pawn 5 drops + 2 bonus moves
    // from each = 15. Total 39.
    let p = Position::start(tables(false)).unwrap();
    let l = p.legal_moves();
    assert_eq!(l.len(), 39);
    let count = |k: MoveKind| l.iter().filter(|m| m.kind() == k).count();
    assert_eq!(count(MoveKind::Normal), 4);
    assert_eq!(count(MoveKind::Drop), 25);
    assert_eq!(count(MoveKind::PlaceAndMove), 10);
    // per_colour: the king may go to all 7 empty neighbours: 7 + 20 + 15.
    let p = Position::start(tables(true)).unwrap();
    assert_eq!(p.legal_moves().len(), 42);
}

// 2. Placement squares.
#[test]
fn c02_placement_rules() {
    let p = Position::start(tables(false)).unwrap(); // K a1, k a2
    assert!(
        !legal(&p, drop(&p, Q, 1, 1)),
        "b2 is a side square of the enemy king"
    );
    assert!(
        legal(&p, drop(&p, Q, 1, 0)),
        "b1 is a diagonal neighbour of the enemy king"
    );
    assert!(!legal(&p, drop(&p, Q, 2, 0)), "c1 touches nothing of white");
    assert!(
        !legal(&p, drop(&p, Q, 1, 2)),
        "b3 touches only the black king"
    );
    // Box: white K a2, P a1, black k a3, b a4 span 4 ranks.
    let p = pos("b3/k3/K3/P3", "QRNqrnp", "w");
    assert!(!legal(&p, drop(&p, Q, 0, -1)), "a0 makes the box 5 tall");
    assert!(legal(&p, drop(&p, Q, 1, 0)));
    let p = pos("4/4/k3/KRNB", "QPqrbnp", "w");
    assert!(!legal(&p, drop(&p, Q, -1, 0)), "left of a1: 5 wide");
    assert!(!legal(&p, drop(&p, Q, 4, 0)), "e1: 5 wide");
}

// 3. The limit floats.
#[test]
fn c03_limit_floats() {
    let p = pos("4/4/1k2/KNR1", "QPqp", "w"); // spans a..c
    assert!(legal(&p, drop(&p, Q, 3, 0)), "right side");
    assert!(legal(&p, drop(&p, Q, -1, 0)), "left side");
    let p = pos("4/4/1k2/KNRQ", "Pqp", "w"); // after adding on the right
    assert!(!legal(&p, drop(&p, P, -1, 0)), "not on both sides");
}

// 4. Sliders.
#[test]
fn c04_sliders() {
    let p = pos("4/4/1k2/RK2", "", "w");
    assert!(
        legal(&p, mv(&p, (0, 0), (2, 0))),
        "the rook passes over its own king"
    );
    let p = pos("4/4/Rk2/K3", "", "w");
    assert!(
        !legal(&p, mv(&p, (0, 1), (2, 1))),
        "not over the enemy king"
    );
    assert!(
        !legal(&p, mv(&p, (0, 1), (1, 1))),
        "not onto an occupied square"
    );
    let p = pos("4/1k2/1K2/R3", "", "w");
    assert!(
        legal(&p, mv(&p, (0, 0), (2, 0))),
        "across an empty square, still connected"
    );
    assert!(!legal(&p, mv(&p, (0, 0), (3, 0))), "d1 would be cut off");
}

// 5. The knight jumps.
#[test]
fn c05_knight_jumps() {
    let p = pos("4/4/kK2/NB2", "", "w");
    assert!(
        legal(&p, mv(&p, (0, 0), (2, 1))),
        "over the white bishop and king"
    );
    assert!(legal(&p, mv(&p, (0, 0), (1, 2))), "over the black king");
}

// 6. The pawn moves backwards and sideways.
#[test]
fn c06_pawn_any_orthogonal_direction() {
    let p = pos("4/1k2/RP2/K3", "", "w");
    assert!(legal(&p, mv(&p, (1, 1), (1, 0))), "backwards");
    assert!(legal(&p, mv(&p, (1, 1), (2, 1))), "sideways");
    assert!(!legal(&p, mv(&p, (1, 1), (2, 2))), "never diagonally");
}

// 7. Connectivity.
#[test]
fn c07_connectivity() {
    let start = |pc| Position::start(tables(pc)).unwrap();
    let a = start(false);
    let b = start(true);
    // a1 -> a0 leaves the black king alone: only per_colour allows it.
    assert!(!legal(&a, mv(&a, (0, 0), (0, -1))));
    assert!(legal(&b, mv(&b, (0, 0), (0, -1))));
    // R b1 -> c1 splits white, but the black king links them: only `all`.
    let board = "4/4/1k2/KR2";
    let a = pos_opt(false, board, "", "w", "swaps:0/0,passes:0,removed:-");
    let b = pos_opt(true, board, "", "w", "swaps:0/0,passes:0,removed:-");
    assert!(legal(&a, mv(&a, (1, 0), (2, 0))));
    assert!(!legal(&b, mv(&b, (1, 0), (2, 0))));
    // petgraph agrees with the engine's flood fill.
    assert!(a.connected_reference(8, false) && a.invariants_hold());
}

// 8. The bishop's return.
#[test]
fn c08_bishop_returns() {
    // White K a1 N b1 R b2, black k a2 r a3; B on c1.
    let p = pos("4/r3/kR2/KN2", "B", "w");
    let at = sq(&p, 2, 0);
    let returns: Vec<Square> = p
        .legal_moves()
        .iter()
        .filter(|m| m.kind() == MoveKind::PlaceAndReturn && m.to() == Some(at))
        .filter_map(|m| m.aux_square())
        .collect();
    let mut want = vec![sq(&p, 1, 0), sq(&p, 1, 1), sq(&p, 0, 2)];
    want.sort_by_key(|s| s.index());
    let mut got = returns.clone();
    got.sort_by_key(|s| s.index());
    assert_eq!(got, want, "own N, own R, enemy r; never a king or itself");
    assert!(!legal(&p, Move::drop(B, at)), "the return is mandatory");
    // Enemy rook back to its owner's hand.
    let g = game_after(p.clone(), Move::place_and_return(B, at, sq(&p, 0, 2)));
    assert_eq!(g.position().hand(1, R), 1);
    // Own knight back to white's hand.
    let g = game_after(p.clone(), Move::place_and_return(B, at, sq(&p, 1, 0)));
    assert_eq!(g.position().hand(0, N), 1);

    // Only candidate N b1 would cut c1 off: nothing returns.
    let p = pos("4/4/k3/KN2", "B", "w");
    assert!(legal(&p, drop(&p, B, 2, 0)));
    let c1 = sq(&p, 2, 0);
    assert!(!p
        .legal_moves()
        .iter()
        .any(|m| m.kind() == MoveKind::PlaceAndReturn && m.to() == Some(c1)));
    // Only kings in play: a plain drop.
    let p = Position::start(tables(false)).unwrap();
    assert!(legal(&p, drop(&p, B, 1, 0)));

    // A returned bishop is re-placed and triggers again.
    let p = pos("4/b3/kR2/KN2", "Bp", "w");
    let g = game_after(
        p.clone(),
        Move::place_and_return(B, sq(&p, 2, 0), sq(&p, 0, 2)),
    );
    assert_eq!(g.position().hand(1, B), 1);
    let black = g.position().clone();
    assert!(black
        .legal_moves()
        .iter()
        .any(|m| m.kind() == MoveKind::PlaceAndReturn && m.placed() == Some(B)));
}

// 9. The pawn's bonus move.
#[test]
fn c09_pawn_bonus_move() {
    let p = Position::start(tables(false)).unwrap();
    assert!(
        legal(&p, Move::place_and_move(P, sq(&p, 1, 0), sq(&p, 1, 1))),
        "may end beside the enemy king"
    );
    // Black k b2 walled by Q a2, R c2, r b3; the pawn placed on c1 steps to b1.
    let p = pos("4/1r2/QkR1/K3", "P", "w");
    assert!(legal(&p, drop(&p, P, 2, 0)), "optional: the plain drop");
    let g = game_after(
        p.clone(),
        Move::place_and_move(P, sq(&p, 2, 0), sq(&p, 1, 0)),
    );
    assert_eq!(winners(&g), Some(0b01), "completes the surround");
}

// 10. King surround.
#[test]
fn c10_king_surround() {
    // Mixed colours: the scenario of c09 (white Q, R, P and black r).
    // The limit: R on d1 stretches the box to 4 columns, so a2's west side
    // becomes "limit".
    let p = pos("4/r3/kQ2/K1N1", "R", "w");
    assert!(!p.is_surrounded(sq(&p, 0, 1)));
    let g = game_after(p.clone(), drop(&p, R, 3, 0));
    assert_eq!(winners(&g), Some(0b01));
    // Only the mover's own king: black stretches the box and loses.
    let p = pos("4/r3/kQ2/K1n1", "p", "b");
    let g = game_after(p.clone(), drop(&p, P, 3, 0));
    assert_eq!(winners(&g), Some(0b01), "black surrounded its own king");
    // Both kings at once: a draw.
    let p = pos("r3/kR2/Q1B1/KN2", "P", "w");
    let g = game_after(p.clone(), drop(&p, P, 3, 1));
    assert_eq!(winners(&g), Some(0));
}

// 11. Queen removal.
#[test]
fn c11_queen_removal() {
    // Black q b2 walled by N a2, R c2, k b3; white drops P on b1.
    let p = pos("4/1k2/NqR1/K3", "P", "w");
    let g = game_after(p.clone(), drop(&p, P, 1, 0));
    assert_eq!(winners(&g), None);
    let after = g.position();
    assert_eq!(
        after.men_of_kind(Q).count(),
        0,
        "removed at the end of white's turn"
    );
    assert_eq!(after.hand(1, Q), 0, "never back to the reserve");
    assert_eq!(after.removed(1, Q), 1);
    assert!(after.fen().contains("removed:q"));
    // Surrounded by the limit: P on d1 stretches the box.
    let p = pos("4/k3/qN2/K1R1", "P", "w");
    let g = game_after(p.clone(), drop(&p, P, 3, 0));
    assert_eq!(g.position().men_of_kind(Q).count(), 0);
    assert_eq!(winners(&g), None);
    // Kings first: the white queen on a3 helps surround the black king and
    // is surrounded herself; black loses and the queen stays.
    let p = pos("r3/Qn2/kNB1/K3", "P", "w");
    let g = game_after(p.clone(), drop(&p, P, 3, 1));
    assert_eq!(winners(&g), Some(0b01));
    assert_eq!(g.position().men_of_kind(Q).count(), 1);
}

// 12. The rook-king swap.
#[test]
fn c12_rook_king_swap() {
    let swaps = |p: &Position| {
        p.legal_moves()
            .iter()
            .filter(|m| m.kind() == MoveKind::Swap)
            .count()
    };
    assert_eq!(
        swaps(&Position::start(tables(false)).unwrap()),
        0,
        "rook in reserve"
    );
    // R b2 beside the black king: the king may land there.
    let p = pos("4/4/kR2/K3", "p", "w");
    let sw = Move::swap(sq(&p, 1, 1), sq(&p, 0, 0));
    let sw = if legal(&p, sw) {
        sw
    } else {
        Move::swap(sq(&p, 0, 0), sq(&p, 1, 1))
    };
    assert!(legal(&p, sw), "the king may land next to the enemy king");
    let mut g = game_after(p.clone(), sw);
    assert_eq!(g.position().swaps_used(0), 1);
    let reply = g.legal_moves()[0];
    g.play(reply);
    assert_eq!(swaps(g.position()), 0, "only once per game");
    // Used up even after the rook went back and is placed again.
    let p = pos_opt(false, "4/4/k3/K3", "R", "w", "swaps:1/0,passes:0,removed:-");
    let g = game_after(p.clone(), drop(&p, R, 1, 0));
    let mut g = g;
    let reply = g.legal_moves()[0];
    g.play(reply);
    assert_eq!(g.position().men_of_kind(R).count(), 1);
    assert_eq!(swaps(g.position()), 0);
}

// 13. Passing.
#[test]
fn c13_pass() {
    // White has nothing on the board and nothing in hand: the only action
    // is a pass.
    let p = pos("4/4/4/kq2", "", "w");
    assert_eq!(p.legal_moves().to_vec(), vec![Move::PASS]);
    let g = game_after(p.clone(), Move::PASS);
    assert_eq!(winners(&g), None, "one pass");
    assert_eq!(g.position().passes(), 1);
    // Two passes in a row: a draw.
    let p = pos_opt(false, "4/4/4/kq2", "", "w", "swaps:0/0,passes:1,removed:-");
    let g = game_after(p, Move::PASS);
    assert_eq!(winners(&g), Some(0));
}

// 14. Repetition up to translation.
#[test]
fn c14_repetition_after_translation() {
    let mut g = Game::new(Position::start(tables(false)).unwrap());
    let geo = g.tables().geometry().clone();
    for _ in 0..4 {
        // The side to move steps its king one square north-east.
        let m = g
            .legal_moves()
            .iter()
            .copied()
            .find(|m| {
                m.kind() == MoveKind::Normal && {
                    let (fx, fy) = geo.coords(m.from().unwrap());
                    let (tx, ty) = geo.coords(m.to().unwrap());
                    (tx - fx, ty - fy) == (1, 1)
                }
            })
            .expect("a north-east king step");
        assert_eq!(winners(&g), None);
        g.play(m);
    }
    assert_eq!(g.occurrences(), 3);
    assert_eq!(
        winners(&g),
        Some(0),
        "threefold repetition, shifted by (2, 2)"
    );
}

#[test]
fn fen_block_round_trips() {
    let p = pos_opt(
        false,
        "4/4/k3/KR2",
        "Pqp",
        "b",
        "swaps:1/0,passes:1,removed:Q",
    );
    assert_eq!(
        Position::from_fen(p.tables().clone(), &p.fen())
            .unwrap()
            .fen(),
        p.fen()
    );
    assert_eq!(p.swaps_used(0), 1);
    assert_eq!(p.removed(0, Q), 1);
    assert_eq!(p.hash(), p.hash_from_scratch());
}

// E5 [OPT] surround_check = after_each_step: the game ends between the
// pawn's placement and its bonus move.
#[test]
fn e05_surround_checked_after_each_step() {
    let board = "4/r3/kQ2/K1N1[P]<swaps:0/0,passes:0,removed:-> w - - 0 5";
    let bonus = |opts: Vec<(String, String)>| {
        let v = varia::load::builtin("echek", &opts).unwrap();
        let p = Position::from_fen(Arc::new(Tables::new(&v).unwrap()), board).unwrap();
        let d1 = sq(&p, 3, 0);
        assert!(legal(&p, Move::drop(P, d1)));
        p.legal_moves()
            .iter()
            .filter(|m| m.kind() == MoveKind::PlaceAndMove && m.to() == Some(d1))
            .count()
    };
    assert!(bonus(Vec::new()) > 0);
    assert_eq!(
        bonus(vec![("surround_check".into(), "after_each_step".into())]),
        0
    );
}

#[test]
fn perft_per_colour() {
    let mut p = Position::start(tables(true)).unwrap();
    assert_eq!(varia::engine::perft(&mut p, 1), 42);
    assert_eq!(varia::engine::perft(&mut p, 3), PER_COLOUR_3);
}
/// Engine value (depth 1 = 42 is hand-counted in c01).
const PER_COLOUR_3: u64 = 76_058;
