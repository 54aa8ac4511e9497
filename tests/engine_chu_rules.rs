//! Chu shogi (variants/catalogue/chu.variant): the lion trading rules
//! (`lion trading`, docs/LANGUAGE.md §6, with the Okazaki rule: `counter
//! unprotected`), the promotion rule (`entering`, §13), the royals
//! captured, the bare king (`count men except ... with reply`, §19) and
//! the repetition the repeater loses (`lose for mover`, §19), each edge
//! case by name. The perft rows
//! of tests/perft/chu.perft (from scripts/referee_chu.py) are run by
//! tests/engine_variants.rs.

use std::sync::Arc;
use varia::engine::{Game, Position, Status, Tables};
use varia::notation::Describe;

fn tables() -> Arc<Tables> {
    let v = varia::load::builtin("chu", &[]).expect("chu loads");
    Arc::new(Tables::new(&v).expect("chu compiles"))
}

fn pos(fen: &str) -> Position {
    Position::from_fen(tables(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The coordinate texts of the legal moves, sorted.
fn texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn has(p: &Position, m: &str) -> bool {
    texts(p).iter().any(|t| t == m)
}

/// White's lion e5, Black's lion e7 with a pawn behind it on e8, a pawn
/// on d6 and a gold on f6 beside both.
const TWO_LIONS: &str = "6k5/12/12/12/4p7/4n7/3p1g6/4N7/12/12/12/5K6 w - - 0 1";

#[test]
fn a_lion_may_not_leap_onto_a_protected_lion() {
    let p = pos(TWO_LIONS);
    assert!(!has(&p, "e5e7"), "{:?}", texts(&p));
    // Other leaps and steps of the lion are there.
    assert!(has(&p, "e5e6") && has(&p, "e5c7"));
}

#[test]
fn a_lion_may_take_an_unprotected_lion_from_afar() {
    // Without the pawn on e8, nothing guards e7.
    let p = pos("6k5/12/12/12/12/4n7/3p1g6/4N7/12/12/12/5K6 w - - 0 1");
    assert!(has(&p, "e5e7"), "{:?}", texts(&p));
    assert!(has(&p, "e5d6,d6e7"));
}

#[test]
fn a_pawn_taken_on_the_first_step_is_no_bridge() {
    let p = pos(TWO_LIONS);
    assert!(!has(&p, "e5d6,d6e7"), "{:?}", texts(&p));
}

#[test]
fn a_gold_taken_on_the_first_step_is_a_bridge() {
    let p = pos(TWO_LIONS);
    assert!(has(&p, "e5f6,f6e7"), "{:?}", texts(&p));
}

#[test]
fn a_lion_may_always_take_an_adjacent_lion() {
    // Black's lion on e6, guarded by the pawn on e7: taken by a step, by
    // igui, and on the first step of a double capture.
    let p = pos("6k5/12/12/12/12/4p7/4n7/4N7/12/12/12/5K6 w - - 0 1");
    assert!(has(&p, "e5e6"), "{:?}", texts(&p));
    assert!(has(&p, "e5e6,e6e5"));
    assert!(has(&p, "e5e6,e6e7"));
}

#[test]
fn protection_is_judged_after_the_move() {
    // Black's rook on e3 is blocked by White's lion on e5: once the lion
    // has left e5 for e7, the rook guards e7 (a hidden protector).
    let p = pos("6k5/12/12/12/12/4n7/12/4N7/12/4r7/12/5K6 w - - 0 1");
    assert!(!has(&p, "e5e7"), "{:?}", texts(&p));
    // With the rook on d3 instead, e7 stays unguarded.
    let q = pos("6k5/12/12/12/12/4n7/12/4N7/12/3r8/12/5K6 w - - 0 1");
    assert!(has(&q, "e5e7"), "{:?}", texts(&q));
}

#[test]
fn a_pinned_or_royal_protector_counts() {
    // Black's king on f8 guards e7: protection by a royal man counts
    // (there is no check in chu shogi, and `attacked` reads every man).
    let p = pos("12/12/12/12/5k6/4n7/12/4N7/12/12/12/5K6 w - - 0 1");
    assert!(!has(&p, "e5e7"), "{:?}", texts(&p));
}

#[test]
fn the_promoted_kirin_is_a_lion() {
    // White's promoted kirin (+O) may not take Black's lion from afar
    // while the pawn on e8 guards it, as a lion may not.
    let p = pos("6k5/12/12/12/4p7/4n7/12/4+O7/12/12/12/5K6 w - - 0 1");
    assert!(!has(&p, "e5e7"), "{:?}", texts(&p));
}

/// White's gold on e5 next to Black's lion on f6, White's lion on e4
/// attacked by Black's silver on d5 (nothing of White's protects e4).
const BAR: &str = "6k5/12/12/12/12/12/5n6/3sG7/4N7/12/12/5K6 w - - 0 1";

/// [`BAR`] with White's silver on d3 protecting the lion on e4.
const BAR_PROTECTED: &str = "6k5/12/12/12/12/12/5n6/3sG7/4N7/3S8/12/5K6 w - - 0 1";

#[test]
fn after_a_non_lion_takes_a_lion_no_non_lion_takes_a_protected_lion() {
    // White's gold on e5 takes Black's lion on f6; Black's silver on d5,
    // which attacks White's lion on e4 (protected by the silver on d3),
    // may then not take it.
    let p = pos(BAR_PROTECTED);
    let mut g = p.clone();
    let m = g.parse_move("e5f6").expect("the gold takes the lion");
    g.play(m);
    assert!(g.fen().contains("<traded:1>"), "{}", g.fen());
    assert!(!has(&g, "d5e4"), "{:?}", texts(&g));
    // Without the capture, the silver may take the lion.
    let mut q = pos(BAR_PROTECTED);
    let m = q.parse_move("e5e6").expect("the gold steps");
    q.play(m);
    assert!(!q.fen().contains("traded"), "{}", q.fen());
    assert!(has(&q, "d5e4"), "{:?}", texts(&q));
}

#[test]
fn okazaki_a_non_lion_may_take_back_an_unprotected_lion() {
    // As above, but nothing protects White's lion on e4: the Okazaki rule
    // (`counter unprotected`) lets the silver take it back, and the bar
    // is still set (the FEN says so).
    let mut g = pos(BAR);
    g.play(g.parse_move("e5f6").expect("the gold takes the lion"));
    assert!(g.fen().contains("<traded:1>"), "{}", g.fen());
    assert!(has(&g, "d5e4"), "{:?}", texts(&g));
}

#[test]
fn okazaki_protection_is_judged_where_the_counter_strike_lands() {
    // Black's horned falcon on e7 (a non-lion with lion power straight
    // forward, down the board for Black) may take White's lion on e6 and
    // come back (igui): it then stands on e7, which White's rook on e2
    // attacks once e6 is empty, so that counter-strike is barred; taking
    // the lion and going on to e5 leaves the falcon on e5, attacked by the
    // rook too; with the rook on d2 instead both are legal.
    let barred = pos("6k5/12/12/12/12/4+h7/4N7/12/12/12/4R7/5K6<traded:1> b - - 0 1");
    assert!(!has(&barred, "e7e6,e6e7"), "{:?}", texts(&barred));
    assert!(!has(&barred, "e7e6"), "{:?}", texts(&barred));
    let free = pos("6k5/12/12/12/12/4+h7/4N7/12/12/12/3R8/5K6<traded:1> b - - 0 1");
    assert!(has(&free, "e7e6,e6e7"), "{:?}", texts(&free));
    assert!(has(&free, "e7e6"), "{:?}", texts(&free));
}

#[test]
fn the_bar_lasts_one_move() {
    let mut g = pos(BAR);
    g.play(g.parse_move("e5f6").unwrap());
    assert!(g.fen().contains("<traded:1>"));
    // Black plays something else; the bar is gone for White.
    g.play(g.parse_move("g12g11").unwrap());
    assert!(!g.fen().contains("traded"), "{}", g.fen());
}

#[test]
fn a_lion_that_takes_a_lion_sets_no_bar() {
    let mut g = pos("6k5/12/12/12/12/12/4n7/4N7/12/12/12/5K6 w - - 0 1");
    g.play(g.parse_move("e5e6").unwrap());
    assert!(!g.fen().contains("traded"), "{}", g.fen());
}

#[test]
fn a_barred_lion_may_still_take_a_lion() {
    // Black to move under the bar: its lion on e7 may take White's lion on
    // e6 (adjacent, protected by the pawn on e5), its gold on f7 may not.
    let p = pos("6k5/12/12/12/12/4ng6/4N7/4P7/12/12/12/5K6<traded:1> b - - 0 1");
    assert!(has(&p, "e7e6"), "{:?}", texts(&p));
    assert!(!has(&p, "f7e6"), "{:?}", texts(&p));
    let q = pos("6k5/12/12/12/12/4ng6/4N7/4P7/12/12/12/5K6 b - - 0 1");
    assert!(has(&q, "f7e6"));
}

#[test]
fn a_falcon_is_a_non_lion_with_lion_moves() {
    // White's horned falcon on e5 takes Black's lion on e6 and the pawn on
    // e7 in one move: a non-lion took a lion, so Black is barred.
    let mut g = pos("6k5/12/12/12/12/4p7/4n1n5/4+H7/4P7/12/12/5K6 w - - 0 1");
    g.play(g.parse_move("e5e6,e6e7").expect("a double capture"));
    assert!(g.fen().contains("<traded:1>"), "{}", g.fen());
}

#[test]
fn the_bar_round_trips_in_fen_and_changes_the_hash() {
    let a = pos("6k5/12/12/12/12/4ng6/4N7/12/12/12/12/5K6<traded:1> b - - 0 1");
    let b = pos("6k5/12/12/12/12/4ng6/4N7/12/12/12/12/5K6 b - - 0 1");
    assert_eq!(
        a.fen(),
        "6k5/12/12/12/12/4ng6/4N7/12/12/12/12/5K6<traded:1> b - - 0 1"
    );
    assert_eq!(
        b.fen(),
        "6k5/12/12/12/12/4ng6/4N7/12/12/12/12/5K6 b - - 0 1"
    );
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.hash(), a.hash_from_scratch());
    // A bad value, and the entry in a variant without the rule.
    assert!(Position::from_fen(
        tables(),
        "6k5/12/12/12/12/4ng6/4N7/12/12/12/12/5K6<traded:2> b - - 0 1"
    )
    .is_err());
    let chess = varia::load::builtin("chess", &[]).unwrap();
    let t = Arc::new(Tables::new(&chess).unwrap());
    let e = Position::from_fen(t, "4k3/8/8/8/8/8/8/4K3<traded:1> w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("lion trading"), "{e}");
}

#[test]
fn a_move_into_the_zone_may_promote_a_move_inside_only_capturing() {
    let p = pos("6k5/12/1pp2n6/2S9/5O6/12/12/L6+O4/12/12/7P4/5K6 w - - 0 1");
    // The silver on c9 is in the zone: its step to c10 (a capture of the
    // pawn) may promote, its step to d10 (empty) may not.
    assert!(has(&p, "c9c10+") && has(&p, "c9c10"));
    assert!(has(&p, "c9d10") && !has(&p, "c9d10+"), "{:?}", texts(&p));
    // The kirin on f8 enters the zone on f10 (taking the lion there) and
    // may promote.
    assert!(has(&p, "f8f10+") && has(&p, "f8f10"));
    // The lance entering the last rank must promote.
    assert!(has(&p, "a5a12+") && !has(&p, "a5a12"), "{:?}", texts(&p));
    // A pawn on h11 steps to h12 inside the zone without capturing: it
    // stays a pawn (a dead piece). (Black's pawn on a9 keeps Black from
    // being bare.)
    let q = pos("6k5/7P4/12/p11/12/12/12/12/12/12/12/5K6 w - - 0 1");
    assert!(has(&q, "h11h12") && !has(&q, "h11h12+"), "{:?}", texts(&q));
}

#[test]
fn a_capture_out_of_the_zone_may_promote() {
    // White's silver on c9 takes a pawn on b8 (out of the zone).
    let p = pos("6k5/12/12/2S9/1p10/12/12/12/12/12/12/5K6 w - - 0 1");
    assert!(has(&p, "c9b8+") && has(&p, "c9b8"), "{:?}", texts(&p));
    // A step out of the zone onto an empty square does not promote.
    assert!(has(&p, "c9d8") && !has(&p, "c9d8+"));
}

#[test]
fn the_kirin_promoting_on_a_lion_is_a_non_lion_capture() {
    // White's kirin on f8 leaps to f10 and takes Black's lion there,
    // promoting: a kirin (a non-lion) took a lion, so Black is barred.
    let mut g = pos("6k5/12/5n6/12/5O6/12/12/12/12/12/12/5K6 w - - 0 1");
    g.play(
        g.parse_move("f8f10+")
            .expect("the kirin takes and promotes"),
    );
    assert!(g.fen().contains("<traded:1>"), "{}", g.fen());
}

#[test]
fn the_king_and_the_prince_are_captured() {
    // Black has a king and a prince: losing the king does not end the
    // game; losing both does.
    // (A pawn on a7 keeps Black from being bare.)
    let p = pos("5k+e5/5R6/12/12/12/p11/12/12/12/12/12/5K6 w - - 0 1");
    let mut g = Game::new(p.clone());
    g.play(p.parse_move("f11f12").unwrap());
    assert!(matches!(g.status(), Status::Ongoing), "{:?}", g.status());
    let p = pos("5k6/5R6/12/12/12/p11/12/12/12/12/12/5K6 w - - 0 1");
    let mut g = Game::new(p.clone());
    g.play(p.parse_move("f11f12").unwrap());
    assert!(
        matches!(g.status(), Status::Ended { winners: 1, .. }),
        "{:?}",
        g.status()
    );
    // A man may move into attack: the king steps next to the rook.
    let p = pos("5k6/12/12/12/12/12/12/12/12/12/4r7/5K6 w - - 0 1");
    assert!(has(&p, "f1f2") && has(&p, "f1e1"));
}

#[test]
fn describe_chu_names_the_lion_trading_rules() {
    let v = varia::load::builtin("chu", &[]).unwrap();
    let d = varia::describe::describe(&v).expect("describes");
    let text = serde_json::to_string(&d).unwrap();
    assert!(text.contains("Lion trading"), "{text}");
    assert!(text.contains("only by capturing"), "{text}");
}

/// The slow reference generator (every action made whole) lists the same
/// moves as the generator, moves of two steps and the lion trading rules
/// included, on every position of tests/perft/chu.perft and one ply on
/// (where the game goes on).
#[test]
fn the_reference_generator_lists_lion_moves_too() {
    let path = format!("{}/tests/perft/chu.perft", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the perft file");
    let t = tables();
    let sorted = |p: &Position, moves: Vec<varia::engine::Move>| {
        let mut v: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
        v.sort();
        v
    };
    let mut lion_moves = 0;
    for case in varia::engine::parse_perft_file(&text).expect("perft file") {
        let p = if case.fen == "start" {
            Position::start(t.clone()).unwrap()
        } else {
            Position::from_fen(t.clone(), &case.fen).unwrap()
        };
        let mut positions = vec![p.clone()];
        for &m in p.legal_moves().iter() {
            let mut q = p.clone();
            q.play(m);
            positions.push(q);
        }
        for q in positions {
            if !matches!(Game::new(q.clone()).status(), Status::Ongoing) {
                // A king and prince taken: the game's end (a guard of the
                // generator, which the reference does not read).
                continue;
            }
            let fast = sorted(&q, q.legal_moves().iter().copied().collect());
            let slow = sorted(&q, q.legal_moves_reference());
            assert_eq!(fast, slow, "{}", q.fen());
            lion_moves += fast.iter().filter(|m| m.contains(',')).count();
        }
    }
    assert!(lion_moves > 100, "{lion_moves}");
}

fn winners(g: &Game) -> Option<u8> {
    match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        _ => None,
    }
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = g.position().parse_move(m).unwrap_or_else(|| panic!("{m}"));
        g.play(mv);
    }
}

/// White's lion on e4; Black's king on f7 with its last other man, a
/// gold on e6.
const BARE: &str = "12/12/12/12/12/5k6/4g7/12/4N7/12/12/5K6 w - - 0 1";

#[test]
fn a_bared_player_who_cannot_bare_back_loses() {
    // The lion takes the gold: Black, to move, has only its king while
    // White has one other man, which Black may still take: play goes on.
    let mut g = Game::new(pos(BARE));
    play(&mut g, &["e4e6"]);
    assert_eq!(winners(&g), None, "Black may still bare White");
    assert!(!g.legal_moves().is_empty());
    // Black's king steps away instead: Black is bare, White is not.
    play(&mut g, &["f7g8"]);
    assert_eq!(winners(&g), Some(1), "{:?}", g.status());
    assert!(g.legal_moves().is_empty(), "the game is over");
}

#[test]
fn a_bared_player_who_bares_back_draws() {
    let mut g = Game::new(pos(BARE));
    play(&mut g, &["e4e6", "f7e6"]);
    assert_eq!(winners(&g), Some(0), "two bare kings: {:?}", g.status());
}

#[test]
fn a_player_bared_while_the_opponent_keeps_two_men_loses_at_once() {
    // White keeps a gold besides the lion: Black, bared, could take back
    // only one of them, so the game is over as soon as the gold falls.
    let mut g = Game::new(pos("12/12/12/12/12/5k6/4g7/12/4N7/12/12/5KG5 w - - 0 1"));
    play(&mut g, &["e4e6"]);
    assert_eq!(winners(&g), Some(1), "{:?}", g.status());
}

#[test]
fn a_king_and_a_prince_alone_are_bare() {
    // Black has a king and a crown prince and nothing else: bare, while
    // White has two other men.
    let g = Game::new(pos("5k+e5/12/12/12/12/12/12/12/4N7/12/12/5KG5 b - - 0 1"));
    assert_eq!(winners(&g), Some(1), "{:?}", g.status());
    // With a pawn besides them, Black plays on.
    let g = Game::new(pos("5k+e5/12/12/12/12/p11/12/12/4N7/12/12/5KG5 b - - 0 1"));
    assert_eq!(winners(&g), None, "{:?}", g.status());
}

#[test]
fn the_fourth_repetition_loses_for_the_player_who_makes_it() {
    // Both kings shuffle (a pawn each keeps them from being bare): the
    // start position occurs for the fourth time after Black's twelfth
    // ply, and Black, who made it, loses.
    let start = "5k6/12/12/11p/12/12/12/12/P11/12/12/5K6 w - - 0 1";
    let mut g = Game::new(pos(start));
    let cycle = ["f1f2", "f12f11", "f2f1", "f11f12"];
    for round in 0..3 {
        play(&mut g, &cycle[..3]);
        assert_eq!(winners(&g), None, "round {round}");
        play(&mut g, &cycle[3..]);
        assert_eq!(winners(&g), if round < 2 { None } else { Some(1) });
    }
    // With Black to move first, the fourth occurrence is White's to make:
    // White loses.
    let mut g = Game::new(pos(&start.replace(" w ", " b ")));
    for _ in 0..3 {
        play(&mut g, &["f12f11", "f1f2", "f11f12", "f2f1"]);
    }
    assert_eq!(winners(&g), Some(2), "{:?}", g.status());
}
