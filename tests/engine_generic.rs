//! The engine knows no game: holes, teams, four players, facings, fairy
//! atoms (hoppers, lame leapers, friend-passing riders, riders with a
//! range), promotion pools, variants without captures, unbounded boards,
//! boards that wrap, boards in layers, and compile errors. Fixtures: `tests/fixtures/{quad6,fairy}.ir.json`.

#[path = "fixtures/common.rs"]
mod common;

use common::{fen, moves, play};
use std::sync::Arc;
use varia::engine::Bits;
use varia::engine::{perft, CompileError, Game, Position, Status, Tables};
use varia::ir::{self, Coord, Dir, Outcome, Shape, Variant};
use varia::notation::Describe;

fn from(pos: &Position, sq: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(sq) && !m[sq.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

fn quad() -> Arc<Tables> {
    common::tables("quad6")
}

fn fairy() -> Arc<Tables> {
    common::tables("fairy")
}

// ---- holes --------------------------------------------------------------------

#[test]
fn riders_stop_before_a_hole() {
    let p = fen(&quad(), "wK4nK/6/2*3/6/5eK/sK1sR3 s - - 0 1");
    assert_eq!(
        from(&p, "c1"),
        ["c1b1", "c1c2", "c1c3", "c1d1", "c1e1", "c1f1"]
    );
}

#[test]
fn leapers_jump_over_holes_but_never_land_in_one() {
    let p = fen(&quad(), "wK4nK/6/2*3/6/1sN4/sK4eK s - - 0 1");
    assert_eq!(from(&p, "b2"), ["b2a4", "b2d1", "b2d3"]);
    let p = fen(&quad(), "wK4nK/6/2*3/1sN4/6/sK4eK s - - 0 1");
    // b3 -> d4 jumps next to the hole; c5 and a5 are fine; c1, a1 (own king).
    assert_eq!(from(&p, "b3"), ["b3a5", "b3c1", "b3c5", "b3d2", "b3d4"]);
}

#[test]
fn limited_riders_are_blocked_by_a_hole() {
    // The range-2 bishop on b3 cannot reach d5 through the hole on c4.
    let p = fen(&quad(), "wK4nK/6/2*3/1sB4/6/sK4eK s - - 0 1");
    assert_eq!(from(&p, "b3"), ["b3a2", "b3a4", "b3c2", "b3d1"]);
}

#[test]
fn a_double_step_through_a_hole_is_blocked() {
    // West's pawn on b4 faces east and is on its setup square (unmoved).
    let p = fen(&quad(), "1wK3nK/6/1wP*3/6/6/sK4eK w - - 0 1");
    assert!(from(&p, "b4").is_empty());
    let p = fen(&quad(), "1wK3nK/1wP4/2*3/6/6/sK4eK w - - 0 1");
    assert_eq!(from(&p, "b5"), ["b5c5", "b5d5"]);
}

// ---- teams and four players ----------------------------------------------------------

#[test]
fn partners_neither_capture_nor_block_through_each_other() {
    // North (a partner of South) on a3: South's rook stops before it.
    let p = fen(&quad(), "wK4nK/6/2*3/nN5/6/sR1sK2eK s - - 0 1");
    assert_eq!(from(&p, "a1"), ["a1a2", "a1b1"]);
    // West (an enemy) on a3 can be taken.
    let p = fen(&quad(), "1wK3nK/6/2*3/wN5/6/sR1sK2eK s - - 0 1");
    assert_eq!(from(&p, "a1"), ["a1a2", "a1a3", "a1b1"]);
}

#[test]
fn partners_do_not_give_check() {
    let p = fen(&quad(), "wK4nK/6/2*3/6/5eK/sK2nR2 s - - 0 1");
    assert!(!p.in_check());
    let p = fen(&quad(), "1wK3nK/6/2*3/6/5eK/sK2wR2 s - - 0 1");
    assert!(p.in_check());
}

#[test]
fn check_from_two_opponents_at_once() {
    // West's rook on a6 and East's rook on f1 both attack South's king on a1.
    let p = fen(&quad(), "wR1wK2nK/6/2*3/6/6/sK1sN2eR s - - 0 1");
    assert!(p.in_check());
    assert_eq!(p.checkers().count(), 1, "c1's knight blocks East's rook");
    let p = fen(&quad(), "wR1wK2nK/6/2*3/6/6/sK4eR s - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert_eq!(moves(&p), ["a1b2"]);
}

#[test]
fn a_move_may_expose_the_partners_king() {
    // South's knight on d5 shields North's king on d6 from West's rook on d1.
    let p = fen(&quad(), "3nK2/3sN2/2*3/6/sK5/3wR1wK s - - 0 1");
    assert!(from(&p, "d5").contains(&"d5b4".to_string()));
}

#[test]
fn a_partners_pawn_may_not_take_en_passant() {
    // North's pawn on a4 faces south and attacks b3, but North is South's partner.
    let mut g = Game::new(fen(&quad(), "wK4nK/6/nP1*3/6/1sP4/sK4eK s - - 0 1"));
    play(&mut g, &["b2b4", "a6b6"]);
    assert!(!moves(g.position()).contains(&"a4b3".to_string()));
    assert!(moves(g.position()).contains(&"a4a3".to_string()));
}

#[test]
fn en_passant_expires_when_the_double_stepper_moves_again() {
    let mut g = Game::new(fen(&quad(), "wK4nK/6/wP1*3/6/1sP4/sK4eK s - - 0 1"));
    play(&mut g, &["b2b4"]);
    assert!(moves(g.position()).contains(&"a4b3".to_string()));
    play(&mut g, &["a6b6", "f6e6", "f1e1", "a1a2"]);
    assert!(!moves(g.position()).contains(&"a4b3".to_string()));
}

#[test]
fn pawns_of_every_facing_promote_on_their_own_far_edge() {
    // East's pawn faces west: it promotes on file a (to rook or knight).
    let p = fen(&quad(), "wK4nK/6/2*3/6/eP5/sK4eK e - - 0 1");
    assert!(
        from(&p, "a2").is_empty(),
        "a west-facing pawn on file a cannot move"
    );
    let p = fen(&quad(), "wK4nK/6/2*3/6/1eP4/2sK2eK e - - 0 1");
    assert_eq!(from(&p, "b2"), ["b2a2n", "b2a2r"]);
    // South's pawn promotes on rank 6, North's on rank 1.
    let p = fen(&quad(), "3wK1nK/sP5/2*3/6/6/sK4eK s - - 0 1");
    assert_eq!(from(&p, "a5"), ["a5a6n", "a5a6r"]);
}

#[test]
fn checkmate_in_a_four_player_game_eliminates() {
    // South's king in the corner, mated by West's rooks on a6 and b5.
    let g = Game::new(fen(&quad(), "wR1wK2nK/1wR4/2*3/6/6/sK4eK s - - 0 1"));
    match g.status() {
        Status::Pending {
            outcome, subject, ..
        } => {
            assert_eq!(outcome, Outcome::Eliminated);
            assert_eq!(subject, Some(0));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn four_player_start_position_counts() {
    let mut p = Position::start(quad()).unwrap();
    assert_eq!(perft(&mut p, 1), 4);
    // 154, not 149: after South b1a1 and West's knight a2c3, South has no
    // legal move and is eliminated inside the action (issue 5); North
    // inherits South's men and has 10 moves instead of 5.
    assert_eq!(perft(&mut p, 3), 154);
}

// ---- fairy atoms ----------------------------------------------------------------------

#[test]
fn cannon_moves_like_a_rook_and_captures_over_a_screen() {
    let p = fen(&fairy(), "4k3/8/p7/8/P7/8/8/C3K3 w - - 0 1");
    assert_eq!(
        from(&p, "a1"),
        ["a1a2", "a1a3", "a1a6", "a1b1", "a1c1", "a1d1"]
    );
}

#[test]
fn cannon_gives_check_over_a_screen() {
    let p = fen(&fairy(), "k7/8/8/P7/8/8/8/C3K3 b - - 0 1");
    assert!(p.in_check());
    // Moving the screen away ends it; the king may not stay on the file.
    let p = fen(&fairy(), "k7/8/8/8/8/8/8/C3K3 b - - 0 1");
    assert!(!p.in_check());
}

#[test]
fn a_cannon_screen_may_not_step_aside_to_discover_no_check_but_can_add_one() {
    // Black's pawn on a7 and White's cannon on a1: interposing a second man
    // on the file (b... a4) would make a single screen... here a7 is the
    // only man between: a1 attacks a8 only through exactly one screen.
    let p = fen(&fairy(), "k7/p7/8/8/8/8/8/C3K3 b - - 0 1");
    assert!(p.in_check());
    // The pawn cannot leave the file (it moves straight), but the king may
    // step to b8 or b7.
    let m = moves(&p);
    assert!(m.contains(&"a8b8".to_string()));
    assert!(m.contains(&"a8b7".to_string()));
}

#[test]
fn lame_leaper_is_blocked_on_its_orthogonal_step() {
    let p = fen(&fairy(), "4k3/8/8/8/8/8/8/1H2K3 w - - 0 1");
    assert_eq!(from(&p, "b1"), ["b1a3", "b1c3", "b1d2"]);
    let p = fen(&fairy(), "4k3/8/8/8/8/8/1p6/1H2K3 w - - 0 1");
    assert_eq!(from(&p, "b1"), ["b1d2"]);
}

#[test]
fn lame_leaper_checks_only_when_unblocked() {
    let p = fen(&fairy(), "8/8/8/8/8/2k5/8/1H2K3 b - - 0 1");
    assert!(p.in_check());
    let p = fen(&fairy(), "8/8/8/8/8/2k5/1p6/1H2K3 b - - 0 1");
    assert!(!p.in_check());
}

#[test]
fn friend_passing_rider_crosses_own_men_but_not_enemies() {
    let p = fen(&fairy(), "4k3/8/8/p7/8/P7/8/G3K3 w - - 0 1");
    // Up the file: a2, over a3 (own), a4, then a5 (enemy) is captured.
    // Along rank 1: b1, c1, d1, over e1 (own king), f1, g1, h1.
    assert_eq!(
        from(&p, "a1"),
        ["a1a2", "a1a4", "a1a5", "a1b1", "a1c1", "a1d1", "a1f1", "a1g1", "a1h1"]
    );
}

#[test]
fn nightrider_stops_at_the_first_man_on_its_line() {
    let p = fen(&fairy(), "4k3/8/8/8/2p5/8/1X6/4K3 w - - 0 1");
    let m = from(&p, "b2");
    assert!(m.contains(&"b2c4".to_string()));
    assert!(!m.contains(&"b2d6".to_string()));
    assert!(
        m.contains(&"b2d3".to_string())
            && m.contains(&"b2f4".to_string())
            && m.contains(&"b2h5".to_string())
    );
}

#[test]
fn rider_with_a_range_of_two() {
    let p = fen(&fairy(), "4k3/8/8/8/8/8/8/S3K3 w - - 0 1");
    assert_eq!(from(&p, "a1"), ["a1a2", "a1a3", "a1b1", "a1c1"]);
}

#[test]
fn promotion_from_a_pool_uses_each_choice_once() {
    let t = fairy();
    let mut g = Game::new(fen(&t, "4k3/P1P1P3/8/8/8/8/8/4K3{CH} w - - 0 1"));
    assert_eq!(from(g.position(), "a7"), ["a7a8c", "a7a8h"]);
    play(&mut g, &["a7a8c", "e8f7"]);
    assert_eq!(g.position().pool(0, 1), 0);
    assert_eq!(from(g.position(), "c7"), ["c7c8h"]);
    play(&mut g, &["c7c8h", "f7f6"]);
    // The pool is empty: the pawn still steps to the last rank and stays a pawn.
    assert_eq!(from(g.position(), "e7"), ["e7e8"]);
    play(&mut g, &["e7e8"]);
    assert!(
        g.position().fen().starts_with("C1H1P3/"),
        "{}",
        g.position().fen()
    );
    g.undo();
    g.undo();
    g.undo();
    assert_eq!(g.position().pool(0, 2), 1);
}

// ---- variants without captures, attacks apart from moves -----------------------------

fn no_captures() -> Arc<Tables> {
    let mut v = common::variant("chess");
    v.turn.captures = ir::Captures::None;
    Arc::new(Tables::new(&v).unwrap())
}

#[test]
fn without_captures_nothing_is_taken_but_attacks_still_count() {
    let t = no_captures();
    let p = fen(&t, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(moves(&p), ["e1f1"]);
    let p = fen(&t, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert!(!moves(&p).contains(&"e4d5".to_string()));
    // The 34 captures among chess's 8902 third-ply leaves are gone.
    assert_eq!(perft(&mut Position::start(t).unwrap(), 3), 8902 - 34);
}

#[test]
fn attacks_can_differ_from_moves() {
    // A "guard" that moves one square orthogonally without capturing but
    // attacks like a rook (Ecséch-style threats).
    let mut v = common::variant("chess");
    let g = ir::Piece {
        name: "guard".into(),
        letter: ir::Letter::own('G'),
        betza: "mW".into(),
        moves: vec![ir::Atom {
            mode: ir::Mode::Move,
            ..ir::Atom::new(vec![(0, 1), (1, 0), (0, -1), (-1, 0)], 1)
        }],
        attacks: Some(vec![ir::Atom::new(
            vec![(0, 1), (1, 0), (0, -1), (-1, 0)],
            0,
        )]),
        royal: false,
        passes_own: false,
        value: None,
        glyphs: None,
        promotion: None,
        initial_region: None,
        confined: None,
        zone_moves: Vec::new(),
        promotes_to: None,
        hop_not_over: varia::ir::KindSet::EMPTY,
        never_captures: varia::ir::KindSet::EMPTY,
        captures_own: false,
        captures_in_place: false,
        captures_by: Vec::new(),
        immobilises: false,
        lion: Vec::new(),
        lion_straight: false,
    };
    v.pieces.push(g);
    let t = Arc::new(Tables::new(&v).unwrap());
    let p = fen(&t, "4k3/8/8/8/8/8/8/g3K3 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["e1d2", "e1e2", "e1f2"]);
    let p = fen(&t, "4k3/8/8/8/8/8/8/G3K3 w - - 0 1");
    assert_eq!(from(&p, "a1"), ["a1a2", "a1b1"]);
}

// ---- unbounded boards -------------------------------------------------------------------

/// Two kings and a rook each on an unbounded board with a 4×4 limit.
fn unbounded() -> Arc<Tables> {
    let mut v: Variant = common::variant("chess");
    v.name = "box".into();
    v.board.shape = Shape::Unbounded {
        width: 4,
        height: 4,
    };
    v.turn.castling = None;
    let man = |piece, owner, x, y| ir::Man {
        piece,
        owner,
        at: Coord::new(x, y),
        facing: if owner == 0 { Dir::North } else { Dir::South },
    };
    v.setup.men = vec![
        man(0, 0, 10, -3),
        man(2, 0, 11, -3),
        man(0, 1, 10, -1),
        man(2, 1, 12, -1),
    ];
    v.dead_material.clear();
    Arc::new(Tables::new(&v).unwrap())
}

#[test]
fn unbounded_boards_are_written_as_the_limit_box() {
    let t = unbounded();
    let p = Position::start(t.clone()).unwrap();
    assert_eq!(p.fen(), "4/k1r1/4/KR2 w - - 0 1");
}

#[test]
fn the_limit_box_floats_and_positions_are_translation_normalised() {
    let t = unbounded();
    let mut g = Game::new(Position::start(t.clone()).unwrap());
    let start_key = g.position().repetition_key();
    // The rook steps below the box (rank 0): the box floats down a rank.
    // Squares keep their names (the start frame's): the FEN's `origin`
    // says where the written box's a1 now is.
    play(&mut g, &["b1b0"]);
    assert_eq!(g.position().fen(), "k1r1/4/K3/1R2<origin:0/-1> b - - 1 1");
    play(&mut g, &["c3c2"]);
    assert_eq!(g.position().fen(), "k3/2r1/K3/1R2<origin:0/-1> w - - 2 2");
    // The same arrangement anywhere else is the same position.
    let same = fen(&t, "k3/2r1/K3/1R2 w - - 2 2");
    assert_eq!(same.hash(), g.position().hash());
    // Nothing is left on rank 0: the box floats back up; then the start
    // arrangement is back.
    play(&mut g, &["b0b1"]);
    assert_eq!(g.position().fen(), "4/k3/2r1/KR2 b - - 3 2");
    play(&mut g, &["c2c3"]);
    assert_eq!(g.position().fen(), "4/k1r1/4/KR2 w - - 4 3");
    assert_eq!(g.position().repetition_key(), start_key);
    assert_eq!(g.occurrences(), 2);
    // A man may step outside the box on the left: file -1 is written `[-1]`.
    assert!(moves(g.position()).contains(&"a1[-1]1".to_string()));
    play(&mut g, &["a1[-1]1"]);
    assert_eq!(g.position().fen(), "4/1k1r/4/K1R1<origin:-1/0> b - - 5 3");
    // The men keep their names: the black king is still on a3.
    assert!(moves(g.position()).iter().any(|m| m.starts_with("a3")));
}

#[test]
fn moves_that_stretch_the_box_beyond_the_limit_are_illegal() {
    let t = unbounded();
    let p = fen(&t, "4/k1r1/4/KR2 w - - 0 1");
    assert_eq!(
        from(&p, "b1"),
        ["b1b0", "b1b2", "b1b3", "b1b4", "b1c1", "b1d1"]
    );
    // Files -1 and below would make the box 5 wide; rank 0 is fine; a2 and
    // b2 are attacked by the black king.
    let p = fen(&t, "4/k2r/4/K2R w - - 0 1");
    assert_eq!(from(&p, "a1"), ["a1a0", "a1b0", "a1b1"]);
    for m in moves(&p) {
        let mut q = p.clone();
        let mv = q.parse_move(&m).unwrap();
        q.play(mv);
        let f = q.fen();
        assert_eq!(Position::from_fen(t.clone(), &f).unwrap().fen(), f);
    }
}

// ---- compile errors ------------------------------------------------------------------------

#[test]
fn boards_larger_than_16_are_refused() {
    let mut v = common::variant("chess");
    v.board.shape = Shape::Rect {
        width: 17,
        height: 8,
        holes: vec![],
    };
    assert!(matches!(Tables::new(&v), Err(CompileError::Board(_))));
}

#[test]
fn limits_whose_grid_exceeds_16_are_refused() {
    let mut v = common::variant("chess");
    v.board.shape = Shape::Unbounded {
        width: 7,
        height: 4,
    };
    assert!(matches!(Tables::new(&v), Err(CompileError::Board(_))));
    v.board.shape = Shape::Unbounded {
        width: 6,
        height: 6,
    };
    assert!(Tables::new(&v).is_ok());
}

#[test]
fn at_most_four_players() {
    let mut v = common::variant("chess");
    for i in 0..3 {
        v.players.push(ir::Player {
            name: format!("p{i}"),
            forward: Dir::East,
        });
        v.teams.push(vec![2 + i]);
    }
    assert!(matches!(Tables::new(&v), Err(CompileError::Players(_))));
}

#[test]
fn a_zero_vector_is_refused() {
    let mut v = common::variant("chess");
    v.pieces[1].moves.push(ir::Atom::new(vec![(0, 0)], 1));
    assert!(matches!(Tables::new(&v), Err(CompileError::Piece { .. })));
}

#[test]
fn a_captured_promoted_man_goes_to_the_hand_demoted() {
    let v = varia::load::builtin("crazyhouse", &[]).unwrap();
    let t = std::sync::Arc::new(Tables::new(&v).unwrap());
    let take = |fen: &str| {
        let mut g = Game::new(Position::from_fen(t.clone(), fen).unwrap());
        let m = g
            .legal_moves()
            .iter()
            .copied()
            .find(|m| g.position().move_text(*m) == "a2a1")
            .unwrap();
        g.play(m);
        g.position().fen()
    };
    assert_eq!(
        take("4k3/8/8/8/8/8/q7/Q~3K3[] b - - 0 1"),
        "4k3/8/8/8/8/8/8/q3K3[p] w - - 1 2"
    );
    assert_eq!(
        take("4k3/8/8/8/8/8/q7/Q3K3[] b - - 0 1"),
        "4k3/8/8/8/8/8/8/q3K3[q] w - - 1 2"
    );
    // A promotion marks the man; chess (no demotion) never writes `~`.
    let mut g = Game::new(Position::from_fen(t, "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1").unwrap());
    let m = g
        .legal_moves()
        .iter()
        .copied()
        .find(|m| g.position().move_text(*m) == "a7a8q")
        .unwrap();
    g.play(m);
    assert!(
        g.position().fen().starts_with("Q~3k3/"),
        "{}",
        g.position().fen()
    );
}

// ---- boards that wrap (`board 8x8 wrap files`: Cylinder chess) ----------------

fn cylinder() -> Arc<Tables> {
    common::builtin("cylinder")
}

#[test]
fn a_rider_on_a_wrapped_rank_stops_before_its_own_square() {
    let t = cylinder();
    // An empty rank: the rook reaches the 7 other squares of it, not a4.
    let p = fen(&t, "7k/8/8/8/R7/8/8/4K3 w - - 0 1");
    let rank: Vec<String> = from(&p, "a4")
        .into_iter()
        .filter(|m| m.ends_with('4'))
        .collect();
    assert_eq!(
        rank,
        ["a4b4", "a4c4", "a4d4", "a4e4", "a4f4", "a4g4", "a4h4"]
    );
    assert_eq!(from(&p, "a4").len(), 14);
    // With its own man on b4 it still reaches h4..c4 the other way round.
    let p = fen(&t, "7k/8/8/8/RP6/8/8/4K3 w - - 0 1");
    let rank: Vec<String> = from(&p, "a4")
        .into_iter()
        .filter(|m| m.ends_with('4'))
        .collect();
    assert_eq!(rank, ["a4c4", "a4d4", "a4e4", "a4f4", "a4g4", "a4h4"]);
}

#[test]
fn a_knight_leaps_across_the_seam() {
    let p = fen(&cylinder(), "4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert_eq!(from(&p, "a1"), ["a1b3", "a1c2", "a1g2", "a1h3"]);
}

#[test]
fn a_bishop_checks_across_the_seam() {
    // 1. d4 g6+: the bishop on f8 sees e1 through g7, h6, a5, b4, c3, d2.
    let mut g = Game::new(Position::start(cylinder()).unwrap());
    play(&mut g, &["d2d4", "g7g6"]);
    assert!(g.position().in_check());
    // A rook beside the king across the seam gives check too.
    let p = fen(&cylinder(), "4k3/8/8/8/K6r/8/8/8 w - - 0 1");
    assert!(p.in_check());
    assert!(from(&p, "a4").contains(&"a4h4".to_string()));
}

#[test]
fn a_pawn_captures_across_the_seam_and_en_passant() {
    let p = fen(&cylinder(), "4k3/8/8/8/8/7p/P7/4K3 w - - 0 1");
    assert_eq!(from(&p, "a2"), ["a2a3", "a2a4", "a2h3"]);
    // After ...h7-h5 the pawn on a5 takes en passant on h6.
    let mut g = Game::new(fen(&cylinder(), "4k3/7p/8/P7/8/8/8/4K3 b - - 0 1"));
    play(&mut g, &["h7h5", "a5h6"]);
    assert_eq!(
        g.position().fen().split(' ').next(),
        Some("4k3/8/7P/8/8/8/8/4K3")
    );
}

#[test]
fn castling_on_a_cylinder_is_chess_castling_and_sees_attacks_across_the_seam() {
    let t = cylinder();
    let p = fen(&t, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let castles: Vec<String> = from(&p, "e1")
        .into_iter()
        .filter(|m| m == "e1g1" || m == "e1c1")
        .collect();
    assert_eq!(castles, ["e1c1", "e1g1"]);
    // A knight on a2 attacks g1 across the seam (and c1 on the board as
    // drawn): no castling either way.
    let p = fen(&t, "4k3/8/8/8/8/8/n7/R3K2R w KQ - 0 1");
    assert!(!from(&p, "e1").iter().any(|m| m == "e1g1" || m == "e1c1"));
}

#[test]
fn a_torus_wraps_ranks_too() {
    let text = "variant torus \"Torus\" {\n  players white, black\n  board 6x6 wrap files ranks\n  use king, rook, bishop, knight\n  setup {\n    white: K a1, R b1, B c1, N d1\n    black: K d4, R c4, B b4, N a4\n  }\n  end { checkmate -> lose }\n}\n";
    let c = varia::check::check_str("torus.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let t = Arc::new(Tables::new(&c.variants[0]).unwrap());
    let mut p = Position::start(t.clone()).unwrap();
    // Counted by scripts/referee_cylinder.py --torus.
    assert_eq!(perft(&mut p, 1), 25);
    assert_eq!(perft(&mut p, 2), 526);
    assert_eq!(perft(&mut p, 3), 11389);
    // The king on a1 steps to f6, the far corner, across both seams.
    let p = fen(&t, "6/6/3k2/6/6/K5 w - - 0 1");
    assert_eq!(from(&p, "a1").len(), 8);
    assert!(from(&p, "a1").contains(&"a1f6".to_string()));
}

// ---- boards in layers (`board 8x8 layers 2`: Alice chess) ----------------------
// Board B's squares are A's with 8 added to the rank: B's e4 is e12.

fn alice() -> Arc<Tables> {
    common::builtin("alice")
}

/// The board part of a position's FEN.
fn board_of(p: &Position) -> String {
    p.fen().split(' ').next().unwrap().to_string()
}

#[test]
fn a_man_passes_to_the_same_square_of_the_other_layer() {
    let mut g = Game::new(Position::start(alice()).unwrap());
    play(&mut g, &["e2e4"]);
    // The pawn stands on B's e4 (e12); A's e2 and e4 are empty.
    assert_eq!(
        board_of(g.position()),
        "8/8/8/8/4P3/8/8/8/rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR"
    );
    // A man on B moves on B and passes back to A.
    play(&mut g, &["d7d5", "e12e13"]);
    assert!(board_of(g.position()).ends_with("/ppp1pppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR"));
    // A knight's leap never reaches the other layer: from g8 of A only
    // A's squares (h10 would be B's h2).
    let p = fen(&alice(), "8/8/8/8/8/8/8/8/4k1N1/8/8/8/8/8/8/4K3 w - - 0 1");
    let mut knight = from(&p, "g8");
    knight.sort();
    assert_eq!(knight, ["g8e7", "g8f6", "g8h6"]);
}

#[test]
fn a_move_whose_arrival_square_on_the_other_layer_is_taken_is_illegal() {
    // A rook on a1 of A; B's a4 (a12) holds a black pawn, B's a2 (a10)
    // a white one: the rook may not stop on a4 or a2 of A.
    let p = fen(&alice(), "4k3/8/8/8/p7/8/P7/8/8/8/8/8/8/8/8/R3K3 w - - 0 1");
    let rook = from(&p, "a1");
    assert!(rook.contains(&"a1a3".to_string()));
    assert!(!rook.contains(&"a1a4".to_string()));
    assert!(!rook.contains(&"a1a2".to_string()));
    // It still rides past them: the men on B do not block on A.
    assert!(rook.contains(&"a1a8".to_string()));
}

#[test]
fn check_comes_only_from_the_same_layer() {
    // The black rook on a16 (B) sees e1's file on B, not the king on A.
    let p = fen(&alice(), "4r3/8/8/8/8/8/8/8/4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!p.in_check());
    // On A it gives check.
    let p = fen(&alice(), "8/8/8/8/8/8/8/8/4r1k1/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(p.in_check());
    // The king may not step to e2: it would pass to e10 on B, where the
    // rook on e16 attacks it; d2 (to d10) is safe.
    let p = fen(&alice(), "4r3/8/8/8/8/8/8/8/6k1/8/8/8/8/8/8/4K3 w - - 0 1");
    let king = from(&p, "e1");
    assert!(!king.contains(&"e1e2".to_string()));
    assert!(king.contains(&"e1d2".to_string()));
}

#[test]
fn leaving_a_layer_uncovers_a_check_even_along_the_line() {
    // A black pawn on e5 of A shields e8 from the white queen on e1. In
    // chess it would stay on the file; here it passes to B and uncovers
    // check on A, so every move of it is illegal.
    let p = fen(
        &alice(),
        "8/8/8/8/8/8/8/8/4k3/8/8/4p3/8/8/8/4Q1K1 b - - 0 1",
    );
    assert!(from(&p, "e5").is_empty());
    // White's pawn move in front of its own king leaves it the same way:
    // 1.e4 gives check along the e-file on A from a queen there.
    let mut g = Game::new(fen(
        &alice(),
        "8/8/8/8/8/8/8/8/4k3/8/8/8/8/8/4P3/4Q1K1 w - - 0 1",
    ));
    play(&mut g, &["e2e3"]);
    assert!(g.position().in_check());
}

#[test]
fn castling_happens_on_the_first_layer_and_both_men_pass() {
    let t = alice();
    let mut g = Game::new(fen(&t, "8/8/8/8/8/8/8/8/4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
    let p = g.position().clone();
    let castles: Vec<String> = from(&p, "e1")
        .into_iter()
        .filter(|m| m == "e1g1" || m == "e1c1")
        .collect();
    assert_eq!(castles, ["e1c1", "e1g1"]);
    play(&mut g, &["e1g1"]);
    // King and rook on B's g1 and f1 (g9, f9); A keeps the other rook.
    assert_eq!(
        board_of(g.position()),
        "8/8/8/8/8/8/8/5RK1/4k3/8/8/8/8/8/8/R7"
    );
    // A man on B's g1 bars the king's pass: no short castling; a man on
    // B's b1 bars nothing (only the landing squares c1 and d1 count).
    let p = fen(&t, "8/8/8/8/8/8/8/1n4n1/4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let e1 = from(&p, "e1");
    assert!(!e1.contains(&"e1g1".to_string()));
    assert!(e1.contains(&"e1c1".to_string()));
    // A rook on B's c-file attacks c1 of B: the long castling would end
    // in check there.
    let p = fen(&t, "2r5/8/8/8/8/8/8/8/4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!from(&p, "e1").contains(&"e1c1".to_string()));
    // An attack on f1 of A (crossed) forbids the short castling; the
    // same attack on B does not.
    let p = fen(&t, "8/8/8/8/8/8/8/8/4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(from(&p, "e1").contains(&"e1g1".to_string()));
    let p = fen(&t, "8/8/8/8/8/8/8/8/4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!from(&p, "e1").contains(&"e1g1".to_string()));
}

#[test]
fn en_passant_is_taken_on_the_layer_the_pawn_passed_to() {
    let t = alice();
    // White's e2-e4 puts the pawn on B's e4 (e12) beside Black's pawn on
    // B's d4 (d12): it takes on B's e3 (e11) and passes to A's e3.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/3p4/8/8/8/8/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    play(&mut g, &["e2e4"]);
    assert_eq!(g.position().fen().split(' ').nth(3), Some("e11"));
    play(&mut g, &["d12e11"]);
    assert_eq!(
        board_of(g.position()),
        "4k3/8/8/8/8/8/8/8/8/8/8/8/8/4p3/8/4K3"
    );
    // A black pawn on A's d4 cannot: the white pawn is not on its layer.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/8/8/8/8/8/8/3p4/8/4P3/4K3 w - - 0 1"));
    play(&mut g, &["e2e4"]);
    assert!(!moves(g.position())
        .iter()
        .any(|m| m.starts_with("d4") && m.ends_with("e3")));
}

#[test]
fn a_promoted_man_passes_and_needs_its_square_free() {
    let t = alice();
    // b7-b8 is barred (B's b8, b16, holds a rook); g7-g8 promotes and the
    // queen passes to B's g8 (g16); b7xa8 promotes too.
    let p = fen(&t, "1r6/8/8/8/8/8/8/8/n3k3/1P4P1/8/8/8/8/8/4K3 w - - 0 1");
    let b7 = from(&p, "b7");
    assert!(!b7.iter().any(|m| m.starts_with("b7b8")));
    assert_eq!(
        b7.iter().filter(|m| m.starts_with("b7a8")).count(),
        4,
        "{b7:?}"
    );
    let mut g = Game::new(p);
    play(&mut g, &["g7g8q"]);
    assert_eq!(
        board_of(g.position()),
        "1r4Q1/8/8/8/8/8/8/8/n3k3/1P6/8/8/8/8/8/4K3"
    );
}

#[test]
fn a_layered_fen_reads_back_as_written() {
    let t = alice();
    let start = Position::start(t.clone()).unwrap();
    assert_eq!(
        start.fen(),
        "8/8/8/8/8/8/8/8/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    for f in [
        "4k3/8/8/8/3pP3/8/8/8/8/8/8/8/8/8/8/4K3 b - e11 0 1",
        "8/8/7p/p1p5/P2B4/N3P3/5r2/8/rnbqkbn1/1p1pppp1/8/3P4/8/8/1PP3PP/R2QKBNR w KQq a14 0 1",
    ] {
        assert_eq!(Position::from_fen(t.clone(), f).unwrap().fen(), f);
    }
}

#[test]
fn the_last_layer_passes_to_the_first() {
    let text = "variant three \"Three layers\" {\n  players white, black\n  board 4x4 layers 3\n  use king, rook\n  setup {\n    white: K a1\n    black: K d12\n  }\n  end { checkmate -> lose }\n}\n";
    let c = varia::check::check_str("three.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let t = Arc::new(Tables::new(&c.variants[0]).unwrap());
    // A rook on layer 3's a1 (a9) moves to a10 and passes to layer 1's a2.
    let mut g = Game::new(fen(&t, "3k/4/4/R3/4/4/4/4/4/4/4/K3 w - - 0 1"));
    play(&mut g, &["a9a10"]);
    assert_eq!(board_of(g.position()), "3k/4/4/4/4/4/4/4/4/4/R3/K3");
    // A king on layer 1's a1 steps to b1 and passes to layer 2's b1 (b5).
    let mut g = Game::new(fen(&t, "3k/4/4/4/4/4/4/4/4/4/4/K3 w - - 0 1"));
    play(&mut g, &["a1b1"]);
    assert_eq!(board_of(g.position()), "3k/4/4/4/4/4/4/1K2/4/4/4/4");
}

/// FINDINGS.md's horse and pawn, with `en passant` as given.
fn horse_and_pawn(ep: &str) -> Arc<Tables> {
    let src = format!(
        r#"
variant t {{
  players white, black
  board 8x8
  use king, queen, pawn
  piece horse N moves "nN"
  setup {{
    white: K e1, P g5
    black: K e8, N e6, P f7
  }}
  promote pawn at far edge to queen
  {ep}
  end {{ checkmate -> lose }}
}}
"#
    );
    let c = varia::check::check_str("t.variant", &src, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    Arc::new(Tables::new(&c.variants[0]).unwrap())
}

#[test]
fn a_lame_leap_leaves_en_passant_targets_unless_en_passant_names_the_kinds() {
    // Without `after`, the horse's leap e6g7 passes f6 (orthogonal step
    // first... the passed square is f6 or e7) and the pawn may take there.
    let start = "4k3/5p2/4n3/6P1/8/8/8/4K3 b - - 0 1";
    let mut g = Game::new(fen(&horse_and_pawn(""), start));
    play(&mut g, &["e6g7"]);
    assert!(moves(g.position()).contains(&"g5f6".to_string()));
    // `en passant after pawn`: the horse leaves nothing, the FEN field is
    // empty, and a pawn's double step still may be taken.
    let t = horse_and_pawn("en passant after pawn");
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["e6g7"]);
    assert!(!moves(g.position()).contains(&"g5f6".to_string()));
    assert_eq!(g.position().fen(), "4k3/5pn1/8/6P1/8/8/8/4K3 w - - 1 2");
    let mut g = Game::new(fen(&t, "4k3/5p2/8/6P1/8/8/8/4K3 b - - 0 1"));
    play(&mut g, &["f7f5"]);
    assert!(moves(g.position()).contains(&"g5f6".to_string()));
}

#[test]
fn en_passant_after_reads_with_a_window_and_a_region() {
    let t = horse_and_pawn(
        "region ep: white rank 6, black rank 3\n  en passant next_player_only after pawn, horse in ep",
    );
    let mut g = Game::new(fen(&t, "4k3/5p2/8/6P1/8/8/8/4K3 b - - 0 1"));
    play(&mut g, &["f7f5"]);
    assert!(moves(g.position()).contains(&"g5f6".to_string()));
}

#[test]
fn a_board_in_layers_refuses_petrify_and_the_captures_of_other_squares() {
    let text = "variant t \"T\" {\n  players white, black\n  board 8x8 layers 2\n  use king, rook\n  piece withdrawer W moves \"Q\" captures by withdrawal\n  piece rifle F moves \"R\" captures in place\n  piece stopper S moves \"K\" immobilises\n  petrify rook\n  setup {\n    white: K e1\n    black: K e8\n  }\n  end { checkmate -> lose }\n}\n";
    let c = varia::check::check_str("t.variant", text, None, &[]);
    let said: Vec<String> = c
        .diagnostics
        .iter()
        .filter(|d| d.code == "contradiction")
        .map(|d| d.message.clone())
        .collect();
    for what in [
        "`captures by ...`",
        "`captures in ...`",
        "`immobilises`",
        "`petrify`",
    ] {
        assert!(
            said.iter()
                .any(|m| m.starts_with(what) && m.ends_with("on a board in layers")),
            "{what} in {said:?}"
        );
    }
}
