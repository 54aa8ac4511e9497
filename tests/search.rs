//! The search and the evaluation on real variants.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use varia::engine::Tables;
use varia::play::ai::{self, Player};
use varia::play::session::Session;
use varia::search::eval::Eval;
use varia::search::game::Game;
use varia::search::{Found, Limits, Params, Searcher, WIN};

fn session(name: &str, fen: Option<&str>) -> Session {
    let v = varia::load::builtin(name, &[]).unwrap();
    Session::new(&v, fen, 1).unwrap()
}

fn best(s: &Session, depth: u32) -> String {
    let mut g = s.clone();
    let mut searcher = Searcher::new(4);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let f = searcher.search(&mut g, &limits, None, &mut |_| {});
    varia::protocol::move_text(s.position(), f.best.unwrap())
}

#[test]
fn values_come_from_mobility_when_the_file_gives_none() {
    let text = r#"
variant t "T" {
  players white, black
  board 8x8
  piece king K moves "K" royal
  piece leaper X moves "N"
  piece slider Y moves "R"
  piece both Z moves "Q"
  piece step W moves "W"
  setup {
    white: K e1, X b1, Y a1, Z d1, W c1
    black: mirror white
  }
  end { checkmate -> lose }
}
"#;
    let c = varia::load::load_str("t.variant", text, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let v = &c.variants[0];
    let e = Eval::new(&Tables::new(v).unwrap());
    let val = |l: char| e.values[v.piece_by_letter(l).unwrap() as usize];
    assert_eq!(val('K'), 0, "a royal has no material value");
    assert!((250..=400).contains(&val('X')), "knight-like {}", val('X'));
    assert!((400..=700).contains(&val('Y')), "rook-like {}", val('Y'));
    assert!(val('Z') > val('Y') && val('Y') > val('X') && val('X') > val('W'));
}

#[test]
fn the_file_values_win_and_a_man_up_is_better() {
    let s = session("capablanca", None);
    let v = s.variant().clone();
    let e = Eval::new(&Tables::new(&v).unwrap());
    assert_eq!(e.values[v.piece_by_letter('A').unwrap() as usize], 800);
    let mut up = session("chess", Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
    let mut even = session("chess", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    assert!(up.evaluate(0) > even.evaluate(0) + 700);
    assert!(up.evaluate(1) < -700);
}

#[test]
fn search_takes_material_and_mates() {
    // A hanging queen.
    let s = session("chess", Some("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"));
    assert_eq!(best(&s, 3), "d1d5");
    // Back-rank mate in one.
    let s = session("chess", Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"));
    assert_eq!(best(&s, 2), "a1a8");
    // Crazyhouse: a drop mates (knight drop on f6 is not mate; queen drop g7 is).
    let s = session("crazyhouse", Some("6k1/5pp1/7p/8/8/8/6B1/6K1[Q] w - - 0 1"));
    let m = best(&s, 3);
    let mut after = s.clone();
    after.play(varia::protocol::parse_move(s.position(), &m).unwrap());
    assert!(after.result().is_some() || m.starts_with("Q@"), "{m}");
}

/// Lazy SMP: two threads sharing the table still find a mate in two and
/// play a legal action, at a fixed depth and under a stop flag.
#[test]
fn two_threads_find_a_mate_in_two_and_a_legal_move() {
    // The rook ladder: 1. Rb7 (or Ra7) Kg8 2. Ra8# (Rb8#); no mate in one.
    let s = session("chess", Some("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1"));
    let mut searcher = Searcher::new(4);
    searcher.set_threads(2);
    assert_eq!(searcher.threads(), 2);
    let mut g = s.clone();
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let f = searcher.search(&mut g, &limits, None, &mut |_| {});
    assert_eq!(
        f.value,
        varia::search::WIN - 3,
        "mate in 2 (3 plies): {:?}",
        f.best
    );
    let mut after = s.clone();
    after.play(f.best.unwrap());
    assert!(after.result().is_none(), "not mate at once");
    // From the opening position, a search stopped by its flag (and the
    // same searcher reused) answers a legal action.
    let s = session("chess", None);
    let mut legal = Vec::new();
    s.clone().legal_actions(&mut legal);
    for _ in 0..2 {
        let f = stopped_after(&mut searcher, &s, 150);
        assert!(legal.contains(&f.best.unwrap()));
        assert!(f.depth >= 1);
    }
}

#[test]
fn a_repeated_position_is_seen() {
    let mut s = session("chess", None);
    assert!(!s.repeats());
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let mv = varia::protocol::parse_move(s.position(), m).unwrap();
        s.play(mv);
    }
    assert!(s.repeats());
}

#[test]
fn null_move_only_where_sound() {
    // Board moves with captures removed or dropped again: allowed.
    for n in ["chess", "crazyhouse", "atomic"] {
        assert!(session(n, None).null_move_ok(), "{n}");
    }
    // Placement without drops, cards, powers, four players, must capture
    // or stalemate that does not draw (zugzwang counts): refused.
    for n in [
        "echek",
        "ecsech",
        "raindropchess",
        "quatrochess",
        "placement",
        "antichess",
        "shogi",
        "xiangqi",
    ] {
        assert!(!session(n, None).null_move_ok(), "{n}");
    }
}

#[test]
fn null_move_is_verified_where_zugzwang_is_possible() {
    // A full army: no verification. A lone rook: verified. Pawns only:
    // no null move at all.
    assert!(!session("chess", None).null_move_verify());
    let rook = session("chess", Some("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1"));
    assert!(rook.null_move_ok() && rook.null_move_verify());
    let pawns = session("chess", Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    assert!(!pawns.null_move_ok());
    // Crazyhouse: a man in hand counts as material to move.
    let hand = session("crazyhouse", Some("4k3/8/8/8/8/8/4P3/4K3[N] w - - 0 1"));
    assert!(hand.null_move_ok() && !hand.null_move_verify());
}

#[test]
fn levels_and_n_players_choose_legal_actions_deterministically() {
    for name in ["quatrochess", "echek", "raindropchess"] {
        let s = session(name, None);
        let legal = s.legal();
        for level in [1, 3] {
            let a = ai::choose(&s, &Player::Ai(level), &mut ChaCha8Rng::seed_from_u64(9));
            let b = ai::choose(&s, &Player::Ai(level), &mut ChaCha8Rng::seed_from_u64(9));
            assert_eq!(a, b, "{name} level {level}");
            assert!(legal.contains(&a.unwrap()), "{name}");
        }
    }
}

#[test]
fn a_stop_flag_ends_an_infinite_search() {
    let s = session("chess", None);
    let mut searcher: Searcher<_> = Searcher::new(4);
    let f = stopped_after(&mut searcher, &s, 200);
    assert!(f.best.is_some() && f.depth >= 1);
}

/// An infinite search of `s`, stopped through its flag after `ms`
/// milliseconds.
fn stopped_after<A: Copy + PartialEq + Send, G: Game<Action = A>>(
    searcher: &mut Searcher<A>,
    s: &G,
    ms: u64,
) -> Found<A> {
    let flag = searcher.stop_flag();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(ms));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let mut g = s.clone();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let f = searcher.search(&mut g, &limits, None, &mut |_| {});
    stopper.join().unwrap();
    f
}

/// A seeded match opening leaves a game both sides can play: in atomic,
/// where a random opening often loses by an early explosion, no opening
/// of 6 plies (8 seeds) ends the game or lets a side win by force within
/// 4 plies; and the same seed deals the same opening.
#[test]
fn seeded_openings_are_not_lost_in_a_few_plies() {
    let start = session("atomic", None);
    let check = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    for seed in 0..8u64 {
        let deal = || {
            let mut g = start.clone();
            ai::random_opening(&mut g, 6, 60, &mut ChaCha8Rng::seed_from_u64(seed));
            g
        };
        let mut g = deal();
        let moves: Vec<_> = g.game.moves().collect();
        assert_eq!(
            moves,
            deal().game.moves().collect::<Vec<_>>(),
            "seed {seed}"
        );
        assert_eq!(moves.len(), 6, "seed {seed}: the opening ended the game");
        let f = Searcher::new(4).search(&mut g, &check, None, &mut |_| {});
        assert!(
            f.value.abs() < varia::search::WIN_BOUND,
            "seed {seed}: a forced win within 4 plies ({})",
            f.value
        );
    }
}

/// A search to `depth` with the given parameters: its action in protocol
/// text and its value.
fn search_with(s: &Session, depth: u32, params: Params) -> (String, i32) {
    let mut g = s.clone();
    let mut searcher = Searcher::new(4);
    searcher.params = params;
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let f = searcher.search(&mut g, &limits, None, &mut |_| {});
    (
        varia::protocol::move_text(s.position(), f.best.unwrap()),
        f.value,
    )
}

/// The aspiration window only saves work: where it fails (a piece won or
/// lost against the last depth's value) the depth is searched again in a
/// wider window, and the action and value are those of a full window.
#[test]
fn aspiration_finds_what_a_full_window_finds() {
    let full = Params {
        aspiration: 0,
        ..Params::default()
    };
    for (fen, depth) in [
        // A hanging queen: the value jumps at depth 1, then holds.
        ("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", 6),
        // A knight fork of king and queen, seen from depth 3 on.
        ("4k3/8/q7/1N6/8/8/8/4K3 w - - 0 1", 6),
        // The rook ladder: a mate in two, found beyond any window.
        ("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 5),
    ] {
        let s = session("chess", Some(fen));
        let narrow = search_with(&s, depth, Params::default());
        assert_eq!(narrow, search_with(&s, depth, full), "{fen}");
    }
    // Mate in two is still mate in two.
    let s = session("chess", Some("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1"));
    assert_eq!(search_with(&s, 5, Params::default()).1, WIN - 3);
}

/// Late-move and history pruning skip late quiet actions at shallow
/// nodes, but never a check: with a bishop's and a knight's quiet moves
/// to try first, the mate in two by quiet rook checks is still found at
/// every depth from 3, with and without the pruning's refinements.
#[test]
fn late_move_pruning_spares_a_mating_check() {
    let s = session("chess", Some("7k/8/8/8/8/5N2/R7/1R3BK1 w - - 0 1"));
    let off = Params {
        improving: false,
        history_prune: 0,
        ..Params::default()
    };
    for depth in 3..=6 {
        for p in [Params::default(), off] {
            let (m, v) = search_with(&s, depth, p);
            assert_eq!(v, WIN - 3, "depth {depth}: {m} {p:?}");
        }
    }
}

/// A single-threaded search with a node budget is reproducible: the same
/// action and value on every run.
#[test]
fn a_search_to_a_node_budget_is_reproducible() {
    let s = session(
        "chess",
        Some("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"),
    );
    let run = || {
        let mut g = s.clone();
        let mut searcher = Searcher::new(4);
        let limits = Limits {
            nodes: Some(30_000),
            ..Limits::default()
        };
        let f = searcher.search(&mut g, &limits, None, &mut |_| {});
        (f.best, f.value, f.depth)
    };
    assert_eq!(run(), run());
}

/// What the evaluation term `key` adds to `fen`'s value for `player`:
/// the evaluation with the default weights less the one with that
/// term's weight at 0.
fn term_share(variant: &str, fen: &str, key: &str, player: usize) -> i32 {
    term_share_at(variant, fen, key, player, None)
}

/// [`term_share`] with the term's weight set to `weight` (not its default).
fn term_share_at(variant: &str, fen: &str, key: &str, player: usize, weight: Option<i32>) -> i32 {
    use varia::search::weights::TERMS;
    let s = session(variant, Some(fen));
    let mut e = Eval::new(&Tables::new(s.variant()).unwrap());
    let i = TERMS.iter().position(|t| t.key == key).unwrap();
    let mut w = e.weights().clone();
    if let Some(x) = weight {
        w.terms[i] = x;
        e.set_weights(w.clone());
    }
    let on = e.evaluate(s.position(), player);
    w.terms[i] = 0;
    e.set_weights(w);
    on - e.evaluate(s.position(), player)
}

/// A pawn on the sixth that no enemy pawn can block or take scores more
/// than one blocked by a pawn, or one a pawn on a neighbouring file can
/// take on its way; the blocked one scores nothing.
#[test]
fn a_passed_pawn_scores_and_a_blocked_one_does_not() {
    let passed = term_share("chess", "4k3/7p/3P4/8/8/8/8/4K3 w - - 0 1", "passed", 0);
    let blocked = term_share("chess", "4k3/3p4/3P4/8/8/8/8/4K3 w - - 0 1", "passed", 0);
    let taken = term_share("chess", "4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1", "passed", 0);
    // Worth about what promoting gains over 18 (less the far black pawn's).
    assert!((20..=60).contains(&passed), "passed {passed}");
    assert_eq!((blocked, taken), (0, 0));
    // The same for black, seen from black.
    let black = term_share("chess", "4k3/8/8/8/8/3p4/7P/4K3 b - - 0 1", "passed", 1);
    assert!((20..=60).contains(&black), "black {black}");
}

/// A queen attacked by a pawn scores less for its side (a threat), and
/// the pawn's side gains as much.
#[test]
fn a_queen_attacked_by_a_pawn_scores_less_for_its_side() {
    let fen = "4k3/8/8/4p3/3Q4/8/8/4K3 w - - 0 1";
    let white = term_share("chess", fen, "threat", 0);
    // 15% of the queen's value less the pawn's.
    assert!((-200..=-50).contains(&white), "{white}");
    assert_eq!(term_share("chess", fen, "threat", 1), -white);
    // A knight attacked by a rook is no threat (the rook is dearer).
    assert_eq!(
        term_share("chess", "3r3k/8/8/8/3N4/8/8/4K3 w - - 0 1", "threat", 0),
        0
    );
}

/// An attacked man that its side does not defend scores less for it; a
/// defended one does not.
#[test]
fn an_undefended_attacked_man_scores_less() {
    let hanging = term_share("chess", "3r3k/8/8/8/3N4/8/8/4K3 w - - 0 1", "hanging", 0);
    let defended = term_share("chess", "3r3k/8/8/8/3N4/2P5/8/4K3 w - - 0 1", "hanging", 0);
    assert!(hanging < 0, "{hanging}");
    assert_eq!(defended, 0);
}

/// A bishop on open diagonals scores more by mobility than one shut in
/// by its own pawns (at a weight of 4: the default is 0).
#[test]
fn an_open_bishop_is_more_mobile_than_a_shut_one() {
    let at = |fen: &str| term_share_at("chess", fen, "mobility", 0, Some(4));
    let shut = at("4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1");
    let open = at("4k3/8/8/8/4B3/8/1P1P4/4K3 w - - 0 1");
    assert!(shut < 0 && open > 0, "shut {shut}, open {open}");
}

/// Enemy men attacking the squares around a royal score against its
/// side; the same men far away do not.
#[test]
fn enemy_men_on_a_royals_zone_score_against_it() {
    let near = term_share(
        "chess",
        "6k1/8/8/8/8/5n1q/5PPP/6K1 w - - 0 1",
        "king_attack",
        0,
    );
    let far = term_share(
        "chess",
        "6k1/8/8/q7/8/n7/5PPP/6K1 w - - 0 1",
        "king_attack",
        0,
    );
    assert!(near < 0, "{near}");
    assert_eq!(far, 0);
}

/// The side to act gets the tempo bonus (at a weight of 15: the default
/// is 0).
#[test]
fn the_side_to_act_has_the_tempo() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(term_share_at("chess", fen, "tempo", 0, Some(15)), 15);
    assert_eq!(term_share_at("chess", fen, "tempo", 1, Some(15)), -15);
}

/// The dynamic terms cost nothing where they cannot apply: xiangqi has no
/// pawn-like promoting men (no passed term), and a game where losing men
/// wins (antichess) has no threats.
#[test]
fn dynamic_terms_a_variant_cannot_use_add_nothing() {
    let s = session("xiangqi", None);
    let fen = s.position().fen();
    assert_eq!(term_share("xiangqi", &fen, "passed", 0), 0);
    let s = session("antichess", None);
    let fen = s.position().fen();
    for key in ["mobility", "threat", "hanging", "passed", "tempo"] {
        assert_eq!(term_share("antichess", &fen, key, 0), 0, "{key}");
    }
}

/// An action that brings a goal piece into its goal region is known
/// before it is played (`Game::reaches_goal`): the king of the hill
/// stepping onto d4, not onto c4, nor a rook onto d4; no action in chess.
/// The search never prunes such an action as a late or futile quiet one.
#[test]
fn an_action_that_reaches_a_goal_is_known_before_it_is_played() {
    let fen = "7k/8/8/8/8/2K5/8/3R4 w - - 0 1";
    let find = |s: &Session, text: &str| {
        let mut acts = Vec::new();
        s.clone().legal_actions(&mut acts);
        *acts
            .iter()
            .find(|a| varia::protocol::move_text(s.position(), **a) == text)
            .unwrap()
    };
    let hill = session("kingofthehill", Some(fen));
    assert!(hill.reaches_goal(&find(&hill, "c3d4")));
    assert!(!hill.reaches_goal(&find(&hill, "c3c4")));
    assert!(!hill.reaches_goal(&find(&hill, "d1d4")));
    let chess = session("chess", Some(fen));
    assert!(!chess.reaches_goal(&find(&chess, "c3d4")));
}

/// Late-move pruning and futility never skip a quiet action that reaches
/// a goal: with many quiet moves of a queen, rooks, bishops and knights
/// to try first, the king's walk to the hill (two moves) is found at every
/// depth from 3, with and without the pruning's refinements.
#[test]
fn late_move_pruning_spares_an_action_that_reaches_a_goal() {
    let s = session(
        "kingofthehill",
        Some("6k1/5ppp/8/8/1p6/8/PPPK1PPP/RNBQ1BNR w - - 0 1"),
    );
    let off = Params {
        improving: false,
        history_prune: 0,
        ..Params::default()
    };
    for depth in 3..=6 {
        for p in [Params::default(), off] {
            let (m, v) = search_with(&s, depth, p);
            assert_eq!(v, WIN - 3, "depth {depth}: {m} {p:?}");
        }
    }
}

#[test]
fn the_evaluation_of_a_board_that_wraps_is_built_and_used() {
    // Cylinder chess: files wrap, so a line sideways never meets an edge;
    // the dynamic terms' tables once walked such a line forever.
    let v = varia::load::builtin("cylinder", &[]).expect("cylinder");
    let s = varia::play::session::Session::new(&v, None, 1).expect("start");
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let a = varia::play::ai::choose(&s, &varia::play::ai::Player::Ai(1), &mut rng);
    assert!(a.is_some_and(|a| s.legal().contains(&a)));
}

/// The evaluation with kept buffers (`Eval::evaluate_with`, what the
/// search's games do) equals the evaluation with fresh ones, the buffers
/// passing from position to position and from variant to variant.
#[test]
fn evaluating_with_kept_buffers_gives_the_same_values() {
    use rand::{Rng, SeedableRng};
    let mut map = varia::search::eval::Scratch::default();
    for name in [
        "chess",
        "crazyhouse",
        "shogi",
        "xiangqi",
        "glinski",
        "cylinder",
    ] {
        let v = varia::load::builtin(name, &[]).unwrap();
        let prepared = varia::play::session::Prepared::new(&v).unwrap();
        let e = prepared.eval();
        let mut s = prepared.session(None, 3).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut nonzero = 0;
        for ply in 0..80 {
            let pos = s.position();
            for player in 0..2 {
                let fresh = e.evaluate(pos, player);
                assert_eq!(
                    e.evaluate_with(pos, player, &mut map),
                    fresh,
                    "{name} ply {ply}"
                );
                nonzero += usize::from(fresh != 0);
            }
            let legal = s.legal();
            if s.result().is_some() || legal.is_empty() {
                break;
            }
            s.play(legal[rng.gen_range(0..legal.len())]);
        }
        assert!(nonzero > 10, "{name}: the evaluation is not always 0");
    }
}

/// A man in front of its own pawn still on its start square, on a middle
/// file, costs its side the `blocker` weight (...Bd6 in the Italian game
/// blocks the d-pawn); ...Bc5 blocks nothing, and Nf3 blocks the f-pawn,
/// which is not on a middle file.
#[test]
fn a_man_blocking_its_own_start_pawn_costs_its_side() {
    let bd6 = "r1bqk1nr/pppp1ppp/2nb4/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let bc5 = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    assert_eq!(term_share("chess", bd6, "blocker", 0), 20);
    assert_eq!(term_share("chess", bd6, "blocker", 1), -20);
    assert_eq!(term_share("chess", bc5, "blocker", 0), 0);
    let bd3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/3B4/PPPP1PPP/RNBQK1NR b KQkq - 1 2";
    assert_eq!(term_share("chess", bd3, "blocker", 0), -20);
}

/// A knight or bishop still on its start square costs its side while the
/// enemy has its army; a queen's start square is not worse than its
/// mean by an eighth, and a rook's is its mean, so they do not count.
#[test]
fn men_left_on_their_start_squares_cost_development() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(term_share("chess", start, "development", 0), 0);
    let nf3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
    assert_eq!(term_share("chess", nf3, "development", 0), 10);
    // The queen moved: nothing changes.
    let q = "rnbqkbnr/pppppppp/8/8/8/3Q4/PPPPPPPP/RNB1KBNR b KQkq - 1 1";
    assert_eq!(term_share("chess", q, "development", 0), 0);
    // With the enemy's pieces gone it no longer counts.
    let late = "4k3/pppppppp/8/8/8/8/PPPPPPPP/RN2K3 w - - 0 1";
    let share = term_share("chess", late, "development", 0);
    assert!(share > -10 && share < 0, "{share}");
}

/// Two pawns of one side on a file: the one behind counts `doubled`.
#[test]
fn doubled_pawns_cost_their_side() {
    let fen = "4k3/pp4pp/8/8/8/1P6/1P4PP/4K3 w - - 0 1";
    assert_eq!(term_share("chess", fen, "doubled", 0), -12);
    assert_eq!(term_share("chess", fen, "doubled", 1), 12);
    let none = "4k3/pp4pp/8/8/8/8/PP4PP/4K3 w - - 0 1";
    assert_eq!(term_share("chess", none, "doubled", 0), 0);
}

/// A pawn with no pawn of its side on the files beside it counts
/// `isolated`; on the board's edge it has one file beside it.
#[test]
fn isolated_pawns_cost_their_side() {
    let fen = "4k3/ppp5/8/8/8/8/P1P5/4K3 w - - 0 1";
    assert_eq!(term_share("chess", fen, "isolated", 0), -20);
    let chain = "4k3/ppp5/8/8/8/8/PPP5/4K3 w - - 0 1";
    assert_eq!(term_share("chess", chain, "isolated", 0), 0);
}

/// The pair, open line and chain terms, each at a weight, in chess
/// positions: per term, `(fen, player, share)` a row. Bishops on both
/// colours count `pair` (the bishop's board falls into two parts it never
/// leaves); two on one colour, or one alone, do not; the enemy's pair
/// counts against. A man that rides along its file (a rook, a queen)
/// counts `open_line` once on a file without pawns of its side, twice with
/// no pawn at all; a knight never does. A pawn that a pawn of its side
/// defends counts `chain` (b2 defends c3, c3 defends d4: two); pawns side
/// by side defend nothing.
#[test]
fn bishop_pairs_open_lines_and_pawn_chains_count() {
    let pair = "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1";
    let pairs = [
        (pair, 0, 30),
        (pair, 1, -30),
        ("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", 0, 0), // one colour
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 0, 0),   // alone
        // Knights reach every square: never a pair.
        ("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", 0, 0),
        ("2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1", 0, 0), // both sides
    ];
    let open_lines = [
        ("4k3/pp6/8/8/8/8/PP6/3RK3 w - - 0 1", 0, 20),   // open
        ("4k3/pp1p4/8/8/8/8/PP6/3RK3 w - - 0 1", 0, 10), // half open
        ("4k3/pp1p4/8/8/8/8/PP1P4/3RK3 w - - 0 1", 0, 0), // closed
        ("4k3/pp6/8/8/8/8/PP6/3NK3 w - - 0 1", 0, 0),    // a knight
        // Black's rook on the open file counts for Black.
        ("3rk3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", 0, -20),
    ];
    let chains = [
        ("4k3/8/8/8/3P4/2P5/1P6/4K3 w - - 0 1", 0, 20), // a chain
        ("4k3/8/8/8/8/8/1PPP4/4K3 w - - 0 1", 0, 0),    // side by side
        ("4k3/1p6/2p5/8/8/8/8/4K3 w - - 0 1", 0, -10),  // Black's
    ];
    for (key, weight, rows) in [
        ("pair", 30, &pairs[..]),
        ("open_line", 10, &open_lines[..]),
        ("chain", 10, &chains[..]),
    ] {
        for &(fen, player, share) in rows {
            assert_eq!(
                term_share_at("chess", fen, key, player, Some(weight)),
                share,
                "{key} for player {player} in {fen}"
            );
        }
    }
}

/// Pawns just ahead of a king on its start rank shelter it while the enemy
/// has pieces; pushed away they do not.
#[test]
fn pawns_in_front_of_a_castled_king_shelter_it() {
    let both = "r4rk1/5ppp/8/8/8/8/5PPP/R4RK1 w - - 0 1";
    assert_eq!(term_share("chess", both, "pawn_shield", 0), 0);
    let pushed = "r4rk1/5ppp/8/8/5PPP/8/8/R4RK1 w - - 0 1";
    let share = term_share("chess", pushed, "pawn_shield", 0);
    assert!(share < 0, "{share}");
    // The king off its start rank has no shield to count.
    let up = "r4r2/5ppp/6k1/8/5PPP/8/8/R4RK1 w - - 0 1";
    assert!(term_share("chess", up, "pawn_shield", 0) > share);
}

/// Where no pawn-like kind captures aside (shogi's pawns capture straight
/// ahead; xiangqi's soldiers do not promote) the structure terms weigh
/// nothing, in every position of a seeded random game.
#[test]
fn structure_terms_weigh_nothing_without_pawns_that_capture_aside() {
    use rand::Rng;
    for variant in ["shogi", "xiangqi"] {
        let mut s = session(variant, None);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for ply in 0..30 {
            let fen = s.position().fen();
            for key in [
                "blocker",
                "development",
                "doubled",
                "isolated",
                "pawn_shield",
                "pair",
                "open_line",
                "chain",
            ] {
                let share = term_share_at(variant, &fen, key, 0, Some(100));
                assert_eq!(share, 0, "{variant} ply {ply} {key}");
            }
            let legal = s.legal();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.gen_range(0..legal.len())];
            s.play_noted(m);
        }
    }
}

/// The staged picker of the search's nodes (`src/search/picker.rs`) yields
/// every legal action exactly once, in the start position of every
/// built-in variant and in positions a few random plies in (drops in
/// crazyhouse and shogi, two actions a turn in marseillais), with a hash
/// action that is legal, one of another position and none, after a short
/// search has set killers and histories; after the hash action the scores
/// do not increase (the order a full scoring and sort would give).
#[test]
fn the_staged_picker_yields_every_legal_action_once() {
    let mut seen_drops = false;
    let mut seen_two_action_turn = false;
    for name in varia::check::builtin_names() {
        let v = varia::load::builtin(name, &[]).unwrap();
        let mut s = Session::new(&v, None, 1).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut searcher: Searcher<_> = Searcher::new(1);
        let mut other = None;
        for ply in 0..14 {
            if s.result().is_some() {
                break;
            }
            let legal = s.legal();
            if legal.is_empty() {
                break;
            }
            if ply % 5 == 0 || ply == 13 {
                let limits = Limits {
                    depth: Some(2),
                    nodes: Some(3_000),
                    ..Limits::default()
                };
                let mut g = s.clone();
                searcher.search(&mut g, &limits, None, &mut |_| {});
                for hash in [None, other, legal.last().copied()] {
                    let mut g = s.clone();
                    let order = searcher.node_order(&mut g, hash, 1);
                    let mut got: Vec<_> = order.iter().map(|x| x.0).collect();
                    let mut want = legal.clone();
                    got.sort_unstable_by_key(|a| format!("{a:?}"));
                    want.sort_unstable_by_key(|a| format!("{a:?}"));
                    assert_eq!(got, want, "{name} ply {ply} hash {hash:?}");
                    let legal_hash = hash.filter(|h| legal.contains(h));
                    let rest = match legal_hash {
                        Some(h) => {
                            assert_eq!(order[0], (h, i32::MAX), "{name} ply {ply}");
                            &order[1..]
                        }
                        None => &order[..],
                    };
                    assert!(
                        rest.windows(2).all(|w| w[0].1 >= w[1].1),
                        "{name} ply {ply}: {rest:?}"
                    );
                }
            }
            seen_drops |= legal
                .iter()
                .any(|a| a.from().is_none() && a.placed().is_some());
            seen_two_action_turn |= name == "marseillais" && ply > 2;
            let a = legal[(rand::RngCore::next_u32(&mut rng) as usize) % legal.len()];
            other = Some(a);
            s.play(a);
        }
    }
    assert!(seen_drops && seen_two_action_turn);
}

/// Fourplayer positions (14x14, corners missing; `rK`: a red king, `yQ~`:
/// a promoted yellow queen) with every player's points in `<score:...>`.
const FOUR_LEAD: &str = "***3yK4***/***8***/***8***/14/3bP10/14/13gK/bK13/14/14/6rQ7/***8***/***8***/***4rK3***<score:10/0/25/0> r - - 0 1";
/// Red's queen on c11 can take blue's pawn on i11 (1 point) or check
/// blue's king on a7 and yellow's on g14 at once from g7 (5 points).
const FOUR_DOUBLE_CHECK: &str = "***3yK4***/***8***/***8***/2rQ5bP5/14/14/13gK/bK13/14/14/14/***8***/***8***/***4rK3***<score:0/0/0/0> r - - 0 1";
/// Red's queen on g4 can take blue's queen on d4 (9 points) or yellow's
/// promoted queen on i4 (1 point).
const FOUR_TWO_QUEENS: &str = "***3yK4***/***8***/***8***/14/14/14/13gK/bK13/14/14/3bQ2rQ1yQ~5/***8***/***8***/***4rK3***<score:0/0/0/0> r - - 0 1";

/// Where points for events decide the game (`fourplayer`: eliminations,
/// `most points`), the evaluation counts each side's lead in points over
/// the best other player, `points` (30) per point.
#[test]
fn the_lead_in_points_counts_where_the_points_decide() {
    assert_eq!(term_share("fourplayer", FOUR_LEAD, "points", 0), -450);
    assert_eq!(term_share("fourplayer", FOUR_LEAD, "points", 2), 450);
    assert_eq!(term_share("fourplayer", FOUR_LEAD, "points", 1), -750);
    assert_eq!(
        term_share_at("fourplayer", FOUR_LEAD, "points", 2, Some(40)),
        600
    );
    // For `varia tune`: the term's feature is the lead itself.
    let s = session("fourplayer", Some(FOUR_LEAD));
    let e = Eval::new(&Tables::new(s.variant()).unwrap());
    let (f, _) = e.features(s.position(), 0);
    let nk = s.variant().pieces.len();
    assert_eq!(f[2 * nk + varia::search::weights::POINTS], -15.0);
}

/// Points that are only reported (the game ends by a checkmate that
/// loses) weigh nothing: the points term is not computed at all.
#[test]
fn points_that_do_not_decide_weigh_nothing() {
    let text = "variant reported extends chess {\n  score capture pawn 1, knight 3, bishop 3, rook 5, queen 9\n}\n";
    let c = varia::load::load_str("reported.variant", text, &[]);
    let v = c.variants.into_iter().next().unwrap();
    let s = Session::new(&v, Some("4k3/8/8/8/8/8/8/4K3<score:0/12> w - - 0 1"), 1).unwrap();
    let mut e = Eval::new(&Tables::new(s.variant()).unwrap());
    let on = e.evaluate(s.position(), 0);
    let mut w = e.weights().clone();
    w.terms[varia::search::weights::POINTS] = 1000;
    e.set_weights(w);
    assert_eq!(e.evaluate(s.position(), 0), on);
}

/// For ordering, a capture gains the points of the man it takes: a queen
/// (9) before a promoted queen (1), though both are worth a queen.
#[test]
fn a_capture_is_ordered_by_the_points_it_scores() {
    let s = session("fourplayer", Some(FOUR_TWO_QUEENS));
    let gain = |s: &Session, to: &str| {
        let mut all = Vec::new();
        s.clone().legal_actions(&mut all);
        let a = all
            .into_iter()
            .find(|&a| varia::protocol::move_text(s.position(), a) == format!("g4{to}"))
            .unwrap();
        s.tactical_gain(&a).unwrap()
    };
    // 8 points more, at 30 a point.
    assert_eq!(gain(&s, "d4") - gain(&s, "i4"), 8 * 30 * 16);
    let p = varia::play::session::Prepared::new(s.variant()).unwrap();
    let mut w = p.eval().weights().clone();
    w.terms[varia::search::weights::POINTS] = 0;
    let s0 = p.with_weights(w).session(Some(FOUR_TWO_QUEENS), 1).unwrap();
    assert_eq!(gain(&s0, "d4"), gain(&s0, "i4"));
}

/// The AI goes for the events that score: checking two kings at once (5
/// points) rather than taking a pawn (1 point) with the points term at
/// 100 a point; without it, it takes the pawn. (At the default, 30, the
/// pawn's 100 + 30 outweigh the checks' 150 with the other terms: it
/// takes the pawn too.)
#[test]
fn the_ai_checks_two_kings_for_their_points() {
    let v = varia::load::builtin("fourplayer", &[]).unwrap();
    let p = varia::play::session::Prepared::new(&v).unwrap();
    let mut w = p.eval().weights().clone();
    w.terms[varia::search::weights::POINTS] = 100;
    let s100 = p
        .with_weights(w.clone())
        .session(Some(FOUR_DOUBLE_CHECK), 1)
        .unwrap();
    assert_eq!(best(&s100, 2), "c11g7");
    w.terms[varia::search::weights::POINTS] = 0;
    let s0 = p
        .with_weights(w)
        .session(Some(FOUR_DOUBLE_CHECK), 1)
        .unwrap();
    assert_eq!(best(&s0, 2), "c11i11");
}

/// Where giving N checks wins (`3check`: `checks 3 -> win`), each side is
/// worth `checks` (400) over the square of the checks it still needs:
/// White, needing 2 to Black's 3, leads by 400/4 - 400/9 = 100 - 44.
#[test]
fn the_checks_still_needed_count_where_giving_n_checks_wins() {
    let two = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1";
    let one = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3+1 0 1";
    assert_eq!(term_share("3check", two, "checks", 0), 56);
    assert_eq!(term_share("3check", two, "checks", 1), -56);
    // Black, one check from winning: 400 - 44.
    assert_eq!(term_share("3check", one, "checks", 1), 356);
    assert_eq!(term_share_at("3check", two, "checks", 0, Some(900)), 125);
    // Even counts cancel.
    let even = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+2 0 1";
    assert_eq!(term_share("3check", even, "checks", 0), 0);
    // For `varia tune`: the term's feature is 1/r² less the other's.
    let s = session("3check", Some(two));
    let e = Eval::new(&Tables::new(s.variant()).unwrap());
    let (f, _) = e.features(s.position(), 0);
    let nk = s.variant().pieces.len();
    let x = f[2 * nk + varia::search::weights::CHECKS];
    assert!((x - (1.0 / 4.0 - 1.0 / 9.0)).abs() < 1e-9, "{x}");
}

/// Without a `checks N -> win` rule the checks term is not computed: in
/// chess it adds nothing at any weight.
#[test]
fn checks_weigh_nothing_where_no_check_count_wins() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(term_share_at("chess", fen, "checks", 0, Some(10_000)), 0);
}

/// Where captured men go to a hand (`crazyhouse`), a man in hand checks
/// by being placed: White's knight in hand has one safe check against
/// the king on g8 (e7; f6 and h6 are guarded by g7), one kind with a safe
/// check, 60 at the default weight. With the hand empty, or with e7
/// guarded by a bishop on d8, nothing.
#[test]
fn a_man_in_hand_threatens_a_safe_check_by_being_placed() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/6K1[N] w - - 0 1";
    assert_eq!(term_share("crazyhouse", fen, "check_threats", 0), 60);
    assert_eq!(term_share("crazyhouse", fen, "check_threats", 1), -60);
    let empty = "6k1/5ppp/8/8/8/8/5PPP/6K1[] w - - 0 1";
    assert_eq!(term_share("crazyhouse", empty, "check_threats", 0), 0);
    let guarded = "3b2k1/5ppp/8/8/8/8/5PPP/6K1[N] w - - 0 1";
    assert_eq!(term_share("crazyhouse", guarded, "check_threats", 0), 0);
}

/// Where giving N checks wins (`3check`), the rook's check on e8 counts
/// twice (8 quarters for an enemy needing three checks: 120 at the
/// default 60); guarded by a knight on c7 it is not safe and counts
/// nothing, until White needs one check: then every check counts, at 11
/// quarters (165), and with White to act (the check wins) eight times as
/// much (1,320).
#[test]
fn check_threats_weigh_more_and_count_every_check_one_check_from_winning() {
    let open = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 3+3 0 1";
    assert_eq!(term_share("3check", open, "check_threats", 0), 120);
    let guarded = "6k1/2n2ppp/8/8/8/8/5PPP/4R1K1 w - - 3+3 0 1";
    assert_eq!(term_share("3check", guarded, "check_threats", 0), 0);
    let last = "6k1/2n2ppp/8/8/8/8/5PPP/4R1K1 b - - 1+3 0 1";
    assert_eq!(term_share("3check", last, "check_threats", 0), 165);
    let to_act = "6k1/2n2ppp/8/8/8/8/5PPP/4R1K1 w - - 1+3 0 1";
    assert_eq!(term_share("3check", to_act, "check_threats", 0), 1320);
    // For `varia tune`: the feature is the raw count over its 4.
    let s = session("3check", Some(last));
    let e = Eval::new(&Tables::new(s.variant()).unwrap());
    let (f, _) = e.features(s.position(), 0);
    let nk = s.variant().pieces.len();
    let x = f[2 * nk + varia::search::weights::CHECK_THREATS];
    assert!((x - 11.0 / 4.0).abs() < 1e-9, "{x}");
}

/// The check-threats weight is 0 by default where neither drops nor a
/// check count make checks matter (chess plays as before), 60 where they
/// do; set in chess, the term counts there too (it is general).
#[test]
fn check_threats_default_to_zero_in_chess_and_count_when_set() {
    use varia::search::weights::CHECK_THREATS;
    let weight = |name: &str| {
        let s = session(name, None);
        Eval::new(&Tables::new(s.variant()).unwrap())
            .weights()
            .terms[CHECK_THREATS]
    };
    assert_eq!(weight("chess"), 0);
    assert_eq!(weight("crazyhouse"), 60);
    assert_eq!(weight("3check"), 60);
    let fen = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    assert_eq!(term_share("chess", fen, "check_threats", 0), 0);
    assert_eq!(
        term_share_at("chess", fen, "check_threats", 0, Some(30)),
        30
    );
}

/// Where captured men go to a hand (`crazyhouse`), the enemy's men in
/// hand attack a royal's zone too (`hand_attack`): White's knight in hand
/// can be placed on f8 or h8, empty squares of the zone of the king on g8
/// that no black man but the king attacks: 2 units, 1 attacker, over 4 at
/// the full phase (256): 2 × 1 × 256 × 100 / 1,024 = 50 at weight 100.
/// Two knights are two attackers (100); a knight and a bishop two
/// attackers and two kinds' units (200). With the hand empty, or f8 and
/// h8 guarded by a knight on g6, nothing; a white bishop on b4 that
/// attacks f8 makes it a drop square again, on top of its own attack:
/// (1 + 1) × 2 − 1 × 1 = 3 (75).
#[test]
fn the_enemys_men_in_hand_attack_a_royals_zone() {
    let share = |fen: &str, player: usize| {
        term_share_at("crazyhouse", fen, "hand_attack", player, Some(100))
    };
    let n = "6k1/5ppp/8/8/8/8/5PPP/6K1[N] w - - 0 1";
    assert_eq!(share(n, 0), 50);
    assert_eq!(share(n, 1), -50);
    assert_eq!(share("6k1/5ppp/8/8/8/8/5PPP/6K1[NN] w - - 0 1", 0), 100);
    assert_eq!(share("6k1/5ppp/8/8/8/8/5PPP/6K1[NB] w - - 0 1", 0), 200);
    assert_eq!(share("6k1/5ppp/8/8/8/8/5PPP/6K1[] w - - 0 1", 0), 0);
    let guarded = "6k1/5ppp/6n1/8/8/8/5PPP/6K1[N] w - - 0 1";
    assert_eq!(share(guarded, 0), 0);
    let backed = "6k1/5ppp/6n1/8/1B6/8/5PPP/6K1[N] w - - 0 1";
    assert_eq!(share(backed, 0), 75);
    // At the default weight (4): 2.
    assert_eq!(term_share("crazyhouse", n, "hand_attack", 0), 2);
    // For `varia tune`: the feature is the raw count over its 1,024.
    let s = session("crazyhouse", Some(n));
    let e = Eval::new(&Tables::new(s.variant()).unwrap());
    let (f, _) = e.features(s.position(), 0);
    let nk = s.variant().pieces.len();
    let x = f[2 * nk + varia::search::weights::HAND_ATTACK];
    assert!((x - 0.5).abs() < 1e-9, "{x}");
}

/// The hand-attack weight is 0 by default where captured men do not go
/// to a hand (chess, 3check), and the term adds nothing there at any
/// weight: no man is ever in hand.
#[test]
fn hand_attack_defaults_to_zero_without_drops() {
    use varia::search::weights::HAND_ATTACK;
    let weight = |name: &str| {
        let s = session(name, None);
        Eval::new(&Tables::new(s.variant()).unwrap())
            .weights()
            .terms[HAND_ATTACK]
    };
    assert_eq!(weight("chess"), 0);
    assert_eq!(weight("3check"), 0);
    assert_eq!(weight("crazyhouse"), 4);
    let fen = "6k1/5ppp/8/8/1B6/8/5PPP/6K1 w - - 0 1";
    assert_eq!(term_share_at("chess", fen, "hand_attack", 0, Some(100)), 0);
}

/// Where captured men go to a hand and are placed again, no man leaves
/// the game: the phase stays a full middle game, so a central royal earns
/// nothing from `royal_centre` (the end-game share) in crazyhouse, where
/// in chess, with the same few men left, it does.
#[test]
fn the_phase_stays_a_middle_game_where_men_go_to_a_hand() {
    let fen = "8/5ppp/8/8/4k3/8/5PPP/K7 w - - 0 1";
    let zh = format!("{}[] w - - 0 1", fen.split(' ').next().unwrap());
    assert_eq!(
        term_share_at("crazyhouse", &zh, "royal_centre", 0, Some(10)),
        0
    );
    assert!(term_share_at("chess", fen, "royal_centre", 0, Some(10)) < 0);
}

/// Quiet exchange pruning ([`Params::quiet_exchange`]) never skips a
/// check: the queen's quiet check on a square the rook guards begins the
/// smothered mate in two (Qg8+ Rxg8 Nf7#), found at every depth from 3
/// with and without the pruning.
#[test]
fn quiet_exchange_pruning_spares_a_sacrificing_check() {
    let s = session("chess", Some("r6k/6pp/7N/8/2Q5/8/8/6K1 w - - 0 1"));
    let off = Params {
        quiet_exchange: false,
        ..Params::default()
    };
    for depth in 3..=6 {
        for p in [Params::default(), off] {
            let (m, v) = search_with(&s, depth, p);
            assert_eq!((m.as_str(), v), ("c4g8", WIN - 3), "depth {depth}: {p:?}");
        }
    }
}

/// With quiet exchange pruning the search to depth 6 visits fewer nodes
/// over four middlegames where many quiet moves put a man en prise, and
/// still takes the piece left hanging.
#[test]
fn quiet_exchange_pruning_narrows_the_tree() {
    let nodes = |fen: &str, p: Params| {
        let s = session("chess", Some(fen));
        let mut g = s.clone();
        let mut searcher = Searcher::new(4);
        searcher.params = p;
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let f = searcher.search(&mut g, &limits, None, &mut |_| {});
        (
            varia::protocol::move_text(s.position(), f.best.unwrap()),
            f.nodes,
        )
    };
    let off = Params {
        quiet_exchange: false,
        ..Params::default()
    };
    // Four middlegames at depth 6 (one position's count, or a deeper
    // search's, moves either way with any change in the tree's shape: the
    // sum is the test), and a knight hanging on e5 to the pawn on d4.
    let middlegames = [
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        "r2q1rk1/pp2bppp/2n1pn2/2pp4/3P1B2/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 7",
    ];
    let on: u64 = middlegames
        .iter()
        .map(|f| nodes(f, Params::default()).1)
        .sum();
    let all: u64 = middlegames.iter().map(|f| nodes(f, off).1).sum();
    assert!(on < all, "{on} nodes with the pruning, {all} without");
    let hanging = "r1bqkb1r/pppp1ppp/5n2/4n3/3P4/2N5/PPP2PPP/R1BQKBNR w KQkq - 0 1";
    assert_eq!(nodes(hanging, Params::default()).0, "d4e5");
    assert_eq!(nodes(hanging, off).0, "d4e5");
}
