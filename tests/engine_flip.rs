//! Flipping (`flip enclosed`, `flip touching`), `encloses(SEL)`,
//! `filled REGION`, `place unlimited`, `board full`, `passes N` ending the
//! game at once, `extinct men on board` and `most men`, on the catalogue's
//! Flipello, Flipersi and Ataxx.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::{Game, Move, Status};

const WHITE: u8 = 1;
const BLACK: u8 = 2;

fn winners(g: &Game) -> Option<u8> {
    match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        _ => None,
    }
}

const H60: &str = "PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp";

/// The placement field of a position's FEN.
fn board(g: &Game) -> String {
    let f = g.position().fen();
    f.split(['[', ' ', '<']).next().unwrap_or("").to_string()
}

#[test]
fn a_drop_turns_the_lines_it_encloses_in_several_directions() {
    let t = builtin("flipello");
    let start = "P6P/1p4p1/2p2p2/3pp3/Pppp1ppP/3pp3/2p2p2/P5PP[PPPPPPPPPPpppp] w - - 0 1";
    let mut g = Game::new(fen(&t, start));
    assert_eq!(moves(g.position()), ["P@e4"]);
    play(&mut g, &["P@e4"]);
    // North-west up to a8, west up to a4, east up to h4; south-west runs
    // into the empty b1, north and south into empty squares, north-east and
    // south-east into empty squares: nothing turns there.
    assert_eq!(board(&g), "P6P/1P4p1/2P2p2/3Pp3/PPPPPPPP/3pp3/2p2p2/P5PP");
}

#[test]
fn a_drop_that_encloses_nothing_is_illegal() {
    let t = builtin("flipello");
    let g = Game::new(fen(&t, &format!("8/8/8/3pP3/3Pp3/8/8/8[{H60}] w - - 0 1")));
    // Next to Black's men but closing no line: c4, f5, c3, ... are not legal.
    assert_eq!(moves(g.position()), ["P@c5", "P@d6", "P@e3", "P@f4"]);
}

#[test]
fn a_line_stops_at_an_empty_square_or_the_edge() {
    let t = builtin("flipello");
    // a1 White, b1 c1 Black, d1 empty: a drop on d1 turns b1 and c1.
    let g = Game::new(fen(&t, "8/8/8/3pP3/3Pp3/8/8/Ppp5[PPPPpppp] w - - 0 1"));
    assert!(moves(g.position()).contains(&"P@d1".to_string()));
    let mut g = g;
    play(&mut g, &["P@d1"]);
    assert_eq!(board(&g), "8/8/8/3pP3/3Pp3/8/8/PPPP4");
    // A line that runs into the edge closes nothing: Black's men on a1 b1
    // with no White man beyond them.
    let g = Game::new(fen(&t, "8/8/8/3pP3/3Pp3/8/8/pp6[PPPPpppp] w - - 0 1"));
    assert!(!moves(g.position()).contains(&"P@c1".to_string()));
    // An empty square inside the line breaks it.
    let g = Game::new(fen(&t, "8/8/8/3pP3/3Pp3/8/8/P1pp4[PPPPpppp] w - - 0 1"));
    assert!(!moves(g.position()).contains(&"P@e1".to_string()));
}

#[test]
fn the_centre_squares_come_first_while_one_is_empty() {
    let t = builtin("flipersi");
    let mut g = Game::new(t_start(&t));
    assert_eq!(moves(g.position()), ["P@d4", "P@d5", "P@e4", "P@e5"]);
    play(&mut g, &["P@d4", "P@e4", "P@d5"]);
    assert_eq!(moves(g.position()), ["P@e5"]);
}

fn t_start(t: &std::sync::Arc<varia::engine::Tables>) -> varia::engine::Position {
    varia::engine::Position::start(t.clone()).expect("starts")
}

#[test]
fn a_player_without_a_drop_passes_and_two_passes_end_the_game() {
    let t = builtin("flipello");
    let mut g = Game::new(fen(&t, &format!("8/8/8/3PP3/3PP3/8/8/7p[{H60}] w - - 0 1")));
    assert_eq!(
        g.legal_moves().iter().copied().collect::<Vec<Move>>(),
        [Move::Pass]
    );
    g.play(Move::Pass);
    assert_eq!(winners(&g), None);
    assert_eq!(
        g.legal_moves().iter().copied().collect::<Vec<Move>>(),
        [Move::Pass]
    );
    g.play(Move::Pass);
    // Two passes: over, White has more men.
    assert_eq!(winners(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn flipersi_does_not_pass_a_stuck_player_loses_by_count() {
    let t = builtin("flipersi");
    let g = Game::new(fen(&t, "8/8/8/3pp3/3pp3/8/8/7P[PPpp] w - - 0 1"));
    assert!(g.legal_moves().is_empty());
    assert_eq!(winners(&g), Some(BLACK));
}

#[test]
fn a_full_board_ends_the_game_by_count() {
    let t = builtin("flipello");
    let full = "PppppppP/PppPPppP/pPPPpppP/pPPPpppP/pppPppPP/pppPpPpP/pppPPPPP/pPPPPPPP[PPPPpppp] b - - 0 31";
    let g = Game::new(fen(&t, full));
    assert!(g.legal_moves().is_empty());
    let white = full
        .split('[')
        .next()
        .unwrap()
        .chars()
        .filter(|&c| c == 'P')
        .count();
    let expected = match white {
        33.. => WHITE,
        32 => 0,
        _ => BLACK,
    };
    assert_eq!(winners(&g), Some(expected));
}

#[test]
fn an_equal_count_is_a_draw() {
    let t = builtin("flipello");
    let g = Game::new(fen(
        &t,
        "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/pppppppp[Pp] w - - 0 1",
    ));
    assert_eq!(winners(&g), Some(0));
}

#[test]
fn a_player_with_no_man_on_the_board_loses_with_men_in_hand() {
    let t = builtin("flipello");
    let g = Game::new(fen(&t, &format!("8/8/8/3PP3/3PP3/8/8/8[{H60}] b - - 0 1")));
    assert!(g.legal_moves().is_empty());
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn ataxx_a_jump_vacates_its_square_a_clone_does_not() {
    let t = builtin("ataxx");
    let start = "7/7/7/7/7/1p5/P6 w - - 0 1";
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["P@a2"]);
    // The clone stays on a1; b2 turns White.
    assert_eq!(board(&g).split('<').next().unwrap(), "7/7/7/7/7/PP5/P6");
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["a1c3"]);
    assert_eq!(board(&g).split('<').next().unwrap(), "7/7/7/7/2P4/1P5/7");
    // Black has no stone left: White wins at once.
    assert_eq!(winners(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn ataxx_hands_are_unlimited_and_not_written() {
    let t = builtin("ataxx");
    let mut g = Game::new(t_start(&t));
    assert!(!g.position().fen().contains('['));
    play(&mut g, &["P@f1", "P@f7", "P@f2"]);
    assert!(!g.position().fen().contains('['));
    assert!(moves(g.position()).iter().any(|m| m.starts_with("P@")));
}

#[test]
fn fairy_stockfish_short_fen_reads() {
    let t = builtin("ataxx");
    let p = fen(&t, "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1");
    assert!(p.fen().starts_with("7/7/7/7/ppppppp/ppppppp/PPPPPPP"));
    assert!(p.fen().ends_with(" w - - 0 1"));
}

#[test]
fn flipello_start_fen_is_fairy_stockfish_s() {
    let t = builtin("flipello");
    let p = t_start(&t);
    assert!(p
        .fen()
        .starts_with(&format!("8/8/8/3pP3/3Pp3/8/8/8[{H60}]")));
}
