//! Dice (`dice N: FACE, ...`): the roll in the position (FEN, hash), the
//! filter of the legal list (the rolled kinds, castling, en passant,
//! promotion, doubles, a roll that lets no man move), rolls from the
//! game's seed (the same seed the same rolls, undo), and what the search
//! is told of later rolls; on the catalogue's one-die and two-dice chess.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use std::sync::Arc;
use varia::engine::{perft, Game, Move, Position, RollState, Status, Tables};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R";

fn one() -> Arc<Tables> {
    builtin("dicechess")
}

fn two() -> Arc<Tables> {
    builtin("dicechess2")
}

/// The position `placement<roll:ROLL> rest`.
fn rolled(t: &Arc<Tables>, placement: &str, roll: &str, rest: &str) -> Position {
    fen(t, &format!("{placement}<roll:{roll}> {rest}"))
}

/// The squares the legal moves start from.
fn sources(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = moves(pos).iter().map(|m| m[..2].to_string()).collect();
    v.dedup();
    v
}

#[test]
fn a_roll_lets_only_men_of_the_rolled_kind_move() {
    let t = one();
    let pos = rolled(&t, START, "2", "w KQkq - 0 1");
    assert_eq!(moves(&pos), vec!["b1a3", "b1c3", "g1f3", "g1h3"]);
    let pos = rolled(&t, START, "1", "w KQkq - 0 1");
    assert_eq!(pos.legal_moves().len(), 16);
    assert!(moves(&pos).iter().all(|m| m.as_bytes()[1] == b'2'));
}

#[test]
fn a_position_not_rolled_lets_every_kind_move() {
    let t = one();
    let pos = rolled(&t, START, "-", "w KQkq - 0 1");
    assert_eq!(pos.legal_moves().len(), 20);
    assert_eq!(pos.roll(), Some(0));
    assert_eq!(pos.roll_kinds(), None);
}

#[test]
fn with_two_dice_a_man_of_either_rolled_kind_moves() {
    let t = two();
    let pos = rolled(&t, START, "2+1", "w KQkq - 0 1");
    assert_eq!(pos.legal_moves().len(), 20);
    assert_eq!(pos.roll_faces(), vec![1, 2], "faces are kept sorted");
}

#[test]
fn doubles_let_every_kind_move() {
    let t = two();
    let pos = rolled(&t, KIWIPETE, "3+3", "w KQkq - 0 1");
    assert_eq!(pos.legal_moves().len(), 48);
    assert_eq!(pos.roll_kinds(), None);
    // Without `dice doubles: any`, a double is its one kind.
    let pos = rolled(&one(), KIWIPETE, "3", "w KQkq - 0 1");
    assert_eq!(pos.roll_kinds(), Some(vec![2]));
}

#[test]
fn no_legal_move_for_the_roll_passes_the_turn_under_stuck_pass() {
    let t = two();
    let pos = rolled(&t, START, "3+4", "w KQkq - 0 1");
    assert_eq!(
        pos.legal_moves().iter().copied().collect::<Vec<_>>(),
        vec![Move::Pass]
    );
    assert_eq!(pos.roll_state(), RollState::Dead);
    let mut g = Game::new(pos);
    g.play(Move::Pass);
    assert_eq!(g.position().turn(), 1);
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn no_legal_move_for_the_roll_is_rolled_again_under_stuck_reroll() {
    let t = one();
    // A bishop rolled at the start: no action (perft counts 0) ...
    let pos = rolled(&t, START, "3", "w KQkq - 0 1");
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.roll_state(), RollState::Dead);
    assert_eq!(perft(&mut pos.clone(), 1), 0);
    // ... and a game that rolls its dice rolls again, from its seed.
    for seed in 0..20 {
        let mut g = Game::new(pos.clone());
        g.set_dice_seed(Some(seed));
        assert_eq!(g.position().roll_state(), RollState::Live, "seed {seed}");
        let r = g.position().roll_faces();
        assert!(r == vec![1] || r == vec![2], "seed {seed}: {r:?}");
        assert_eq!(g.status(), Status::Ongoing);
    }
}

#[test]
fn a_roll_naming_a_kind_the_side_has_lost_allows_nothing() {
    let pos = rolled(&one(), "4k3/8/8/8/8/8/8/R3K3", "3", "w Q - 0 1");
    assert!(pos.legal_moves().is_empty());
    let pos = rolled(&two(), "4k3/8/8/8/8/8/8/R3K3", "3+5", "w Q - 0 1");
    assert_eq!(
        pos.legal_moves().iter().copied().collect::<Vec<_>>(),
        vec![Move::Pass]
    );
}

#[test]
fn promotion_when_the_rolled_kind_is_a_pawn() {
    let t = one();
    let pos = rolled(&t, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N", "1", "b - - 0 1");
    let m = moves(&pos);
    // g2-g1, g2xf1 and g2xh1, each to four kinds.
    for p in ["q", "r", "b", "n"] {
        assert!(m.contains(&format!("g2g1{p}")), "{m:?}");
        assert!(m.contains(&format!("g2f1{p}")), "{m:?}");
    }
    // A queen rolled: Black has none, and no pawn may promote.
    let pos = rolled(&t, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N", "5", "b - - 0 1");
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn castling_is_a_move_of_the_king_and_of_the_rook() {
    let t = one();
    for roll in ["6", "4"] {
        let pos = rolled(&t, KIWIPETE, roll, "w KQkq - 0 1");
        let m = moves(&pos);
        assert!(m.contains(&"e1g1".to_string()), "roll {roll}: {m:?}");
        assert!(m.contains(&"e1c1".to_string()), "roll {roll}: {m:?}");
    }
    let pos = rolled(&t, KIWIPETE, "2", "w KQkq - 0 1");
    assert!(!moves(&pos).iter().any(|m| m == "e1g1" || m == "e1c1"));
    assert_eq!(sources(&pos), vec!["c3", "e5"]);
}

#[test]
fn en_passant_is_a_pawn_move() {
    let t = one();
    let rest = "w KQkq f6 0 3";
    let e = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR";
    assert!(moves(&rolled(&t, e, "1", rest)).contains(&"e5f6".to_string()));
    assert!(!moves(&rolled(&t, e, "2", rest)).contains(&"e5f6".to_string()));
}

#[test]
fn the_roll_is_in_the_fen_and_the_hash() {
    let t = two();
    let a = rolled(&t, START, "1+2", "w KQkq - 0 1");
    let b = rolled(&t, START, "2+5", "w KQkq - 0 1");
    let c = rolled(&t, START, "-", "w KQkq - 0 1");
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), c.hash());
    for p in [&a, &b, &c] {
        let back = Position::from_fen(t.clone(), &p.fen()).unwrap();
        assert_eq!(back.fen(), p.fen());
        assert_eq!(back.hash(), p.hash());
    }
    assert!(a.fen().contains("<roll:1+2>"), "{}", a.fen());
    assert!(c.fen().contains("<roll:->"), "{}", c.fen());
    // Without the entry: not rolled.
    assert_eq!(fen(&t, &format!("{START} w KQkq - 0 1")).roll(), Some(0));
}

#[test]
fn a_fen_refuses_a_roll_the_dice_cannot_show() {
    for (t, roll) in [
        (one(), "7"),
        (one(), "0"),
        (one(), "1+2"),
        (two(), "3"),
        (two(), "x+1"),
    ] {
        let f = format!("{START}<roll:{roll}> w KQkq - 0 1");
        assert!(Position::from_fen(t, &f).is_err(), "{f}");
    }
    let chess = builtin("chess");
    assert!(Position::from_fen(chess, &format!("{START}<roll:1> w KQkq - 0 1")).is_err());
}

#[test]
fn the_same_seed_rolls_the_same_dice_and_undo_takes_a_roll_back() {
    let t = one();
    let game = |seed: u64| {
        let mut g = Game::new(Position::start_seeded(t.clone(), seed).unwrap());
        g.set_dice_seed(Some(seed));
        let mut rolls = vec![g.position().roll_faces()];
        for _ in 0..12 {
            let m = g.legal_moves();
            if m.is_empty() {
                break;
            }
            g.play(m[0]);
            rolls.push(g.position().roll_faces());
        }
        (g, rolls)
    };
    let (mut g, a) = game(7);
    let (_, b) = game(7);
    assert_eq!(a, b);
    assert!(a.iter().all(|r| r.len() == 1 && (1..=6).contains(&r[0])));
    let others: Vec<_> = (8..12).map(|s| game(s).1).collect();
    assert!(others.iter().any(|o| *o != a), "other seeds, other rolls");
    // Undo gives back the roll before the action; playing it again rolls
    // the same die.
    let before = g.position().fen();
    let m = g.legal_moves()[0];
    g.play(m);
    let after = g.position().fen();
    g.undo();
    assert_eq!(g.position().fen(), before);
    g.play(m);
    assert_eq!(g.position().fen(), after);
}

#[test]
fn a_game_without_a_dice_seed_leaves_the_next_roll_unknown() {
    let t = one();
    let mut g = Game::new(rolled(&t, START, "1", "w KQkq - 0 1"));
    play(&mut g, &["e2e4"]);
    assert_eq!(g.position().roll(), Some(0));
    assert_eq!(g.legal_moves().len(), 20, "every kind may move");
}

#[test]
fn perft_counts_the_root_as_rolled_and_sums_over_the_next_rolls() {
    let t = one();
    let mut pos = rolled(&t, START, "1", "w KQkq - 0 1");
    assert_eq!(perft(&mut pos, 1), 16);
    // Black's six faces after each of the 16: 16 pawn moves, 4 knight
    // moves, nothing for the others (rolled again).
    assert_eq!(perft(&mut pos, 2), 16 * 20);
    let t = two();
    let mut pos = rolled(&t, START, "1+2", "w KQkq - 0 1");
    // Black's 16 distinct rolls: 15 pairs and the doubles (any move).
    assert_eq!(perft(&mut pos, 2), 20 * 126);
}

#[test]
fn a_player_with_no_move_whatever_the_roll_is_stalemated() {
    let text = r#"variant tiny "Tiny" {
  players white, black
  board 3x3
  piece king K moves "mK"
  piece stone S moves "fmW"
  setup {
    white: K a1, S b1
    black: S a2 b2, K c3
  }
  dice 1: king, stone
  dice stuck: pass
  end {
    extinct king -> lose
    stalemate -> draw
  }
}
"#;
    let c = varia::check::check_str("tiny.variant", text, None, &[]);
    assert!(
        c.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        c.diagnostics
    );
    let t = Arc::new(Tables::new(&c.variants[0]).unwrap());
    for roll in ["1", "2"] {
        let pos = rolled(&t, "2k/ss1/KS1", roll, "w - - 0 1");
        assert!(pos.legal_moves().is_empty(), "roll {roll}: no pass either");
        assert_eq!(pos.roll_state(), RollState::Stuck);
        let g = Game::new(pos);
        assert!(
            matches!(g.status(), Status::Ended { .. }),
            "{:?}",
            g.status()
        );
    }
}

#[test]
fn the_search_is_not_told_the_next_roll() {
    use varia::search::game::Game as _;
    let v = varia::load::builtin("dicechess", &[]).unwrap();
    let mut s = varia::play::session::Session::new(&v, None, 3).unwrap();
    assert_ne!(
        s.position().roll(),
        Some(0),
        "the game rolled its first die"
    );
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let mut sampled = s.clone();
    sampled.determinize(&mut rng);
    assert_eq!(sampled.position().fen(), s.position().fen());
    let m = sampled.game.legal_moves()[0];
    sampled.play(m);
    assert_eq!(
        sampled.position().roll(),
        Some(0),
        "the next roll is not known"
    );
    // The real game rolls it.
    varia::search::game::Game::play(&mut s, m);
    assert_ne!(s.position().roll(), Some(0));
}

#[test]
fn the_ai_beats_a_random_player_at_dice_chess() {
    // The AI searches the current roll's actions and lets every kind move
    // at later turns (the rolls it is not told); a small deterministic
    // sample, as tests/ai_legal.rs does for other variants.
    use varia::play::ai::Player;
    use varia::play::session::Session;
    use varia::study::simulate::{self, Config};
    for name in ["dicechess", "dicechess2"] {
        let v = varia::load::builtin(name, &[]).unwrap();
        let cfg = Config {
            games: 6,
            seed: 7,
            players: vec![Player::Ai(2), Player::Random],
            max_plies: 400,
            jobs: 1,
            shard: (0, 1),
            random_plies: 0,
            rotate: false,
            threads: 1,
        };
        let records =
            simulate::run_all(&cfg, |seed| Session::new(&v, None, seed).unwrap()).unwrap();
        let summary = simulate::summarize(&records, 2);
        assert!(
            summary.wins[0] >= 5,
            "{name}: the AI won only {} of 6",
            summary.wins[0]
        );
    }
}
