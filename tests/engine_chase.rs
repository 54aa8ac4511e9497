//! `perpetual chase` (docs/LANGUAGE.md) on the catalogue's xiangqi: each
//! line's verdict is the one Fairy-Stockfish (c19b5f6c, `chasingRule =
//! axf`) claims after the same moves, driven over XBoard (`variant
//! xiangqi`, `setboard FEN`, `usermove ...`, `go`; XBoard numbers the
//! ranks from 0, so its `b0b7` is `b1b8` here). Its claims are quoted
//! beside each test.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, play};
use varia::engine::{Game, Status};
use varia::ir::Event;

const DRAW: u8 = 0;
const RED: u8 = 1;
const BLACK: u8 = 2;

/// The game after `moves` from `start`, and who won (`Some(0)`: a draw).
fn after(start: &str, moves: &[&str]) -> (Game, Option<u8>) {
    let mut g = Game::new(fen(&builtin("xiangqi"), start));
    play(&mut g, moves);
    let w = match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        _ => None,
    };
    (g, w)
}

fn ended_by(g: &Game) -> Option<Event> {
    match g.status() {
        Status::Ended { cause, .. } => Some(cause.event),
        _ => None,
    }
}

fn is_chase(e: &Option<Event>) -> bool {
    matches!(e, Some(Event::PerpetualChase(_)))
}

/// Red's chariot follows Black's lone cannon up and down the a-file.
const CHARIOT_AND_CANNON: &str = "5k3/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1";
const CHASE: [&str; 9] = [
    "b1b8", "a8a9", "b8b9", "a9a8", "b9b8", "a8a9", "b8b9", "a9a8", "b9b8",
];

#[test]
fn a_chariot_chasing_an_unprotected_cannon_loses_at_the_third_occurrence() {
    // FSF: `0-1 {Black wins}`.
    let (g, w) = after(CHARIOT_AND_CANNON, &CHASE[..8]);
    assert_eq!(w, None, "the second occurrence decides nothing");
    drop(g);
    let (g, w) = after(CHARIOT_AND_CANNON, &CHASE);
    assert_eq!(w, Some(BLACK));
    assert!(is_chase(&ended_by(&g)), "{:?}", ended_by(&g));
}

#[test]
fn the_action_that_arrived_at_the_first_occurrence_must_chase_too() {
    // Red arrives at the repeated position with a general's step, then
    // chases with every action: at the third occurrence the arrival is
    // read for Red, the player who moved last (FSF: `1/2-1/2 {Draw}`); one
    // ply later Black moved last, and the third occurrence of that
    // position was reached by Red's chase (FSF: `0-1 {Black wins}`).
    let start = "5k3/9/cR7/9/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = ["a8a9", "b8b9", "a9a8", "b9b8"];
    let line = [&["d1e1"][..], &cycle, &cycle].concat();
    let (g, w) = after(start, &line);
    assert_eq!(w, Some(DRAW));
    assert_eq!(ended_by(&g), Some(Event::Repetition(3)));
    let (g, w) = after(start, &[&line[..], &["a8a9"]].concat());
    assert_eq!(w, Some(BLACK));
    assert!(is_chase(&ended_by(&g)));
}

#[test]
fn a_chase_undone_keeps_the_history_exact() {
    let mut g = Game::new(fen(&builtin("xiangqi"), CHARIOT_AND_CANNON));
    play(&mut g, &CHASE);
    assert!(g.status().is_over());
    g.undo();
    assert!(!g.status().is_over());
    play(&mut g, &["b9b8"]);
    assert!(is_chase(&ended_by(&g)));
}

#[test]
fn a_chase_of_a_protected_man_is_no_chase() {
    // The cannon is protected by Black's chariot on a10 (a chariot does
    // not outrank a cannon... the other way round: the cannon does not
    // outrank its chaser). FSF: `1/2-1/2 {Draw}`.
    let (g, w) = after("r4k3/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1", &CHASE);
    assert_eq!(w, Some(DRAW));
    assert_eq!(ended_by(&g), Some(Event::Repetition(3)));
}

#[test]
fn a_repetition_without_a_chase_is_a_draw() {
    // FSF: `1/2-1/2 {Draw}`.
    let shuffle = ["b1b2", "a8a9", "b2b1", "a9a8"];
    let (g, w) = after(CHARIOT_AND_CANNON, &[shuffle, shuffle].concat());
    assert_eq!(w, Some(DRAW));
    assert_eq!(ended_by(&g), Some(Event::Repetition(3)));
}

#[test]
fn the_general_does_not_chase() {
    // Red's general follows Black's cannon up and down beside it. FSF:
    // `1/2-1/2 {Draw}`.
    let line = [
        "e1e2", "d2d3", "e2e3", "d3d2", "e3e2", "d2d3", "e2e3", "d3d2", "e3e2",
    ];
    let (g, w) = after("5k3/9/9/9/9/9/9/9/3c5/4K4 w - - 0 1", &line);
    assert_eq!(w, Some(DRAW));
    assert_eq!(ended_by(&g), Some(Event::Repetition(3)));
}

#[test]
fn a_soldier_does_not_chase() {
    // Red's soldier across the river follows Black's cannon sideways.
    // FSF: `1/2-1/2 {Draw}`.
    let line = [
        "d6e6", "e7d7", "e6d6", "d7e7", "d6e6", "e7d7", "e6d6", "d7e7", "d6e6",
    ];
    let (_, w) = after("3k5/9/9/4c4/3P5/9/9/9/9/5K3 w - - 0 1", &line);
    assert_eq!(w, Some(DRAW));
}

#[test]
fn a_soldier_across_the_river_may_be_chased() {
    // Red's chariot follows Black's soldier on Red's side of the river.
    // FSF: `0-1 {Black wins}`.
    let line = [
        "d7c7", "c3d3", "c7d7", "d3c3", "d7c7", "c3d3", "c7d7", "d3c3", "d7c7",
    ];
    let (g, w) = after("5k3/9/9/3R5/9/9/9/2p6/9/4K4 w - - 0 1", &line);
    assert_eq!(w, Some(BLACK));
    assert!(is_chase(&ended_by(&g)));
}

#[test]
fn a_chase_broken_by_checks_is_no_perpetual_chase() {
    // Between its chases Red checks with a horse and takes it back: not
    // every action chases, nor checks. FSF: `1/2-1/2 {Draw}`.
    let cycle = [
        "a8a9", "b8b9", "a9a8", "g7e8", "f10e10", "e8g7", "e10f10", "b9b8",
    ];
    let line = [&["b1b8"][..], &cycle, &cycle].concat();
    let (g, w) = after("5k3/9/c8/6N2/9/9/9/9/9/1R1K5 w - - 0 1", &line);
    assert_eq!(w, Some(DRAW));
    assert_eq!(ended_by(&g), Some(Event::Repetition(3)));
}

/// Red's horse follows a black man between a8 and a9 (from b6 and c8);
/// Black's chariot on a10, where there is one, protects it.
const HORSE_CHASE: [&str; 9] = [
    "b6c8", "a9a8", "c8b6", "a8a9", "b6c8", "a9a8", "c8b6", "a8a9", "b6c8",
];

#[test]
fn a_chariot_is_chased_by_a_horse_even_when_protected() {
    // The chariot outranks the horse. FSF: `0-1 {Black wins}`.
    let (g, w) = after("r4k3/r8/9/9/1N7/9/9/9/9/3K5 w - - 0 1", &HORSE_CHASE);
    assert_eq!(w, Some(BLACK));
    assert!(is_chase(&ended_by(&g)));
}

#[test]
fn a_protected_cannon_is_not_chased_by_a_horse_of_its_rank() {
    // FSF: `1/2-1/2 {Draw}`; without the protecting chariot, `0-1`.
    let (_, w) = after("r4k3/c8/9/9/1N7/9/9/9/9/3K5 w - - 0 1", &HORSE_CHASE);
    assert_eq!(w, Some(DRAW));
    let (g, w) = after("5k3/c8/9/9/1N7/9/9/9/9/3K5 w - - 0 1", &HORSE_CHASE);
    assert_eq!(w, Some(BLACK));
    assert!(is_chase(&ended_by(&g)));
}

#[test]
fn a_mutual_attack_of_two_chariots_is_no_chase() {
    // Black's chariot attacks Red's back each time. FSF: `1/2-1/2 {Draw}`.
    let (g, w) = after("5k3/9/r8/9/9/9/9/9/9/1R1K5 w - - 0 1", &CHASE);
    assert_eq!(w, Some(DRAW));
    assert_eq!(ended_by(&g), Some(Event::Repetition(3)));
}

/// Each side's chariot steps off and back onto the file of its other
/// chariot: one move attacks the enemy man directly, the next uncovers
/// the other chariot's attack on it (a discovered chase).
const TWO_CHARIOTS_EACH: &str = "5k2r/n8/9/9/8r/R8/9/9/8N/R2K5 w - - 0 1";

#[test]
fn a_discovered_chase_counts_and_a_one_sided_chase_loses() {
    // Black only shuffles its general. FSF: `0-1 {Black wins}`.
    let cycle = ["a5b5", "f10f9", "b5a5", "f9f10"];
    let (g, w) = after(TWO_CHARIOTS_EACH, &[cycle, cycle].concat());
    assert_eq!(w, Some(BLACK));
    assert!(is_chase(&ended_by(&g)));
}

#[test]
fn a_mutual_chase_is_a_draw() {
    // Both sides chase with every action. FSF: `1/2-1/2 {Draw}`, after
    // either side's move.
    let cycle = ["a5b5", "i6h6", "b5a5", "h6i6"];
    let line = [cycle, cycle].concat();
    let (g, w) = after(TWO_CHARIOTS_EACH, &line);
    assert_eq!(w, Some(DRAW));
    assert!(is_chase(&ended_by(&g)), "{:?}", ended_by(&g));
    let (_, w) = after(TWO_CHARIOTS_EACH, &[&line[..], &["a5b5"]].concat());
    assert_eq!(w, Some(DRAW));
}

#[test]
fn a_variant_without_the_rule_draws_the_same_chase() {
    // Manchu chess (xiangqi's rules, Fairy-Stockfish's `manchu` without
    // `chasingRule`): the chase is a plain repetition's draw.
    let mut g = Game::new(fen(&builtin("manchu"), CHARIOT_AND_CANNON));
    play(&mut g, &CHASE);
    assert!(matches!(g.status(), Status::Ended { winners: DRAW, .. }));
}

/// The end rules' conditions of a variant written as text, in order.
fn conditions(text: &str) -> Result<Vec<Event>, String> {
    let c = varia::load::load_str("t.variant", text, &[]);
    if c.has_errors() {
        return Err(format!("{:?}", c.diagnostics));
    }
    Ok(c.variants[0].end.iter().map(|r| r.when.clone()).collect())
}

#[test]
fn not_drops_every_inherited_rule_of_its_condition_and_keeps_the_others() {
    let ev =
        conditions("variant calm extends xiangqi {\n  end {\n    not perpetual chase\n  }\n}\n")
            .unwrap();
    assert!(
        !ev.iter().any(|e| matches!(e, Event::PerpetualChase(_))),
        "{ev:?}"
    );
    // Xiangqi's other rules stay, in their order.
    let names: Vec<&str> = ev
        .iter()
        .map(|e| match e {
            Event::Checkmate => "checkmate",
            Event::Stalemate => "stalemate",
            Event::PerpetualCheck(3) => "perpetual check 3",
            Event::Repetition(3) => "repetition 3",
            Event::Quiet { .. } => "quiet",
            _ => "other",
        })
        .collect();
    assert_eq!(
        names,
        [
            "checkmate",
            "stalemate",
            "perpetual check 3",
            "repetition 3",
            "quiet"
        ]
    );
}

#[test]
fn not_keeps_the_variants_own_rule_of_its_condition() {
    // The line removes the parent's repetition; the variant's own stays.
    let ev = conditions(
        "variant calm extends xiangqi {\n  end {\n    not repetition\n    repetition 5 -> draw\n  }\n}\n",
    )
    .unwrap();
    let reps: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::Repetition(_)))
        .collect();
    assert_eq!(reps, [&Event::Repetition(5)]);
}

#[test]
fn not_that_removes_nothing_or_names_no_condition_is_refused() {
    // Chess has no `perpetual check` rule.
    let e = conditions("variant c extends chess {\n  end {\n    not perpetual check\n  }\n}\n")
        .unwrap_err();
    assert!(e.contains("removes nothing"), "{e}");
    // A variant that extends none inherits no rule.
    let e = conditions(
        "variant c {\n  players white, black\n  board 4x4\n  use king\n  setup {\n    white: K a1\n    black: K d4\n  }\n  end {\n    checkmate -> lose\n    not checkmate\n  }\n}\n",
    )
    .unwrap_err();
    assert!(e.contains("removes nothing"), "{e}");
    let e = conditions("variant c extends chess {\n  end {\n    not perpetual chess\n  }\n}\n")
        .unwrap_err();
    assert!(e.contains("names no end condition"), "{e}");
}

#[test]
fn manchu_extends_xiangqi_without_its_chasing_rule() {
    let t = builtin("manchu");
    let end = &t.variant().end;
    assert!(!end
        .iter()
        .any(|r| matches!(r.when, Event::PerpetualChase(_))));
    assert!(end.iter().any(|r| r.when == Event::PerpetualCheck(3)));
    // Its perft is unchanged (tests/perft/manchu.perft, from
    // Fairy-Stockfish's perft.sh and build).
    let mut p = fen(
        &t,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1",
    );
    assert_eq!(varia::engine::perft(&mut p, 3), 17648);
}

#[test]
fn a_chase_found_in_a_self_played_game() {
    // `varia simulate xiangqi --players ai:1,ai:1 --seed 3`, game 4, from
    // its 45th action: Black's chariot follows White's cannon around c8,
    // b8 and c9. FSF, from the same position and moves: `1-0 {White
    // wins}`.
    let start = "3cka2r/1r2a4/b1C1b4/p1p1p1p2/8p/2P6/P7P/3AB4/4A4/R1B1K1R2 b - - 0 1";
    let line = [
        "b9c9", "c8b8", "c9b9", "b8c8", "b9b8", "c8c9", "b8b9", "c9c8",
    ];
    let (g, w) = after(start, &line[..7]);
    assert_eq!(w, None);
    drop(g);
    let (g, w) = after(start, &line);
    assert_eq!(w, Some(RED));
    assert!(is_chase(&ended_by(&g)));
}
