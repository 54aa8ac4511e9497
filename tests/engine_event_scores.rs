//! Scores for events (`score ...`, LANGUAGE.md "Scores for events"): one
//! named test per event (a capture, a promoted man, a mate, checks of
//! several kings, a stalemate, a resignation), the end of a game of
//! eliminations ranked by points (a tie included), the points in FEN, and
//! the catalogue's four-player free-for-all (variants/catalogue/
//! fourplayer.variant) and its perft.
//!
//! Players of `fourplayer` (turn order): 0 red (south), 1 blue (west), 2
//! yellow (north), 3 green (east). Positions are built with [`fen`] from a
//! list of men (`rK`, `bQ~`: a promoted blue queen).

use std::sync::Arc;
use varia::engine::{perft, Game, Move, Position, Status, Tables};
use varia::notation::Describe;

fn four() -> Arc<Tables> {
    let v = varia::load::builtin("fourplayer", &[]).unwrap();
    Arc::new(Tables::new(&v).unwrap())
}

/// The one variant of a rule file's text, which must check without errors.
fn loaded(text: &str) -> Arc<Tables> {
    let c = varia::load::load_str("scored.variant", text, &[]);
    assert!(
        c.diagnostics
            .iter()
            .all(|d| d.severity != varia::diagnostic::Severity::Error),
        "{:?}",
        c.diagnostics
    );
    let v = c.variants.into_iter().next().expect("one variant");
    Arc::new(Tables::new(&v).unwrap())
}

/// A FEN of the 14x14 board without its 3x3 corners, from men given as
/// (square, man), the player to act and the players' points.
fn fen(men: &[(&str, &str)], turn: char, points: [u32; 4]) -> String {
    let mut grid = vec![vec![String::new(); 14]; 14];
    for (sq, m) in men {
        let x = (sq.as_bytes()[0] - b'a') as usize;
        let y: usize = sq[1..].parse::<usize>().unwrap() - 1;
        grid[y][x] = m.to_string();
    }
    let mut rows = Vec::new();
    for y in (0..14).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for (x, cell) in grid[y].iter().enumerate() {
            let hole = !(3..=10).contains(&x) && !(3..=10).contains(&y);
            if hole || !cell.is_empty() {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(if hole { "*" } else { cell });
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let [a, b, c, d] = points;
    format!("{}<score:{a}/{b}/{c}/{d}> {turn} - - 0 1", rows.join("/"))
}

/// The four kings where a test needs them out of the way, plus `more`.
fn with_kings(more: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut v = vec![("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];
    for &(s, m) in more {
        v.retain(|&(x, _)| x != s);
        v.push((s, m));
    }
    v
}

fn game(t: &Arc<Tables>, men: &[(&str, &str)], turn: char, points: [u32; 4]) -> Game {
    let f = fen(men, turn, points);
    Game::new(Position::from_fen(t.clone(), &f).unwrap_or_else(|e| panic!("{f}: {e}")))
}

fn play(g: &mut Game, text: &str) {
    let p = g.position();
    let m = p.parse_move(text).unwrap_or_else(|| {
        let all: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
        panic!("{text} is not legal: {all:?}")
    });
    g.play(m);
}

fn points(g: &Game) -> Vec<u32> {
    g.position().scores().expect("the variant keeps points")
}

#[test]
fn a_capture_scores_the_value_of_the_kind_taken() {
    let t = four();
    let mut g = game(&t, &with_kings(&[("e5", "rR"), ("e9", "bN")]), 'r', [0; 4]);
    play(&mut g, "e5e9");
    assert_eq!(points(&g), vec![3, 0, 0, 0]);
    // Undo takes the points back with the capture.
    g.undo();
    assert_eq!(points(&g), vec![0, 0, 0, 0]);
}

#[test]
fn a_promoted_man_scores_its_own_value_not_its_kind() {
    let t = four();
    let mut g = game(
        &t,
        &with_kings(&[("e5", "rR"), ("e9", "bQ~"), ("i5", "rR"), ("i9", "bQ")]),
        'r',
        [0; 4],
    );
    play(&mut g, "e5e9");
    assert_eq!(points(&g), vec![1, 0, 0, 0]);
    g.undo();
    play(&mut g, "i5i9");
    assert_eq!(points(&g), vec![9, 0, 0, 0]);
}

#[test]
fn a_pawn_promoted_on_its_eighth_rank_is_marked_and_worth_one() {
    let t = four();
    // Red's pawn on e7 promotes on rank 8; blue's rook takes the new queen.
    let mut g = game(
        &t,
        &with_kings(&[("e7", "rP"), ("b8", "bR"), ("n8", ""), ("n5", "gK")]),
        'r',
        [0; 4],
    );
    play(&mut g, "e7e8q");
    assert!(g.position().fen().contains("rQ~"), "{}", g.position().fen());
    play(&mut g, "b8e8");
    assert_eq!(points(&g), vec![0, 1, 0, 0]);
}

#[test]
fn a_mate_eliminates_and_scores_the_mating_player() {
    let t = four();
    // Blue's king a7 hemmed in by its own men; red's rook mates from a11.
    let mut g = game(
        &t,
        &with_kings(&[
            ("b6", "bP"),
            ("b7", "bP"),
            ("b8", "bP"),
            ("a6", "bB"),
            ("e11", "rR"),
        ]),
        'r',
        [0; 4],
    );
    play(&mut g, "e11a11");
    assert!(!g.position().players_in().contains(1), "blue is out");
    assert_eq!(points(&g), vec![20, 0, 0, 0]);
    g.undo();
    assert!(g.position().players_in().contains(1));
    assert_eq!(points(&g), vec![0, 0, 0, 0]);
}

#[test]
fn one_action_checking_two_kings_scores_5_and_three_scores_15() {
    let t = four();
    // A red queen to g7 checks blue's king on a7 (rank 7) and yellow's
    // on g14 (file g); green's king n5 is out of its lines.
    let kings = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n5", "gK")];
    let mut men = kings.to_vec();
    men.push(("d4", "rQ"));
    let mut g = game(&t, &men, 'r', [0; 4]);
    play(&mut g, "d4g7");
    assert_eq!(points(&g), vec![5, 0, 0, 0]);
    // To g4 it checks green's n4 (rank 4), yellow's g14 (file g) and
    // blue's a10 (the diagonal g4-a10).
    let kings3 = [("h1", "rK"), ("a10", "bK"), ("g14", "yK"), ("n4", "gK")];
    let mut men = kings3.to_vec();
    men.push(("e2", "rQ"));
    let mut g = game(&t, &men, 'r', [0; 4]);
    play(&mut g, "e2g4");
    assert_eq!(points(&g), vec![15, 0, 0, 0]);
    // A single check scores nothing.
    let mut men = kings.to_vec();
    men.push(("d4", "rQ"));
    let mut g = game(&t, &men, 'r', [0; 4]);
    play(&mut g, "d4d7");
    assert_eq!(points(&g), vec![0, 0, 0, 0]);
}

#[test]
fn a_stalemate_eliminates_and_scores_the_player_who_caused_it() {
    let t = four();
    // Blue's lone king a4 (a3 and b3 are holes): red's rook h5 holds a5
    // and b5, and the other rook, to b10, b4 too, without check.
    let mut g = game(&t, &stalemate_men(), 'r', [0; 4]);
    play(&mut g, "i10b10");
    assert!(!g.position().players_in().contains(1), "blue is out");
    assert_eq!(points(&g), vec![20, 0, 0, 0]);
}

#[test]
fn a_stalemate_to_others_scores_each_player_still_in() {
    let t = loaded(&four_with("score stalemate 10 to others"));
    let mut g = game(&t, &stalemate_men(), 'r', [0; 4]);
    play(&mut g, "i10b10");
    assert_eq!(points(&g), vec![10, 0, 10, 10]);
}

/// Red to play i10b10, which stalemates blue's lone king on a4.
fn stalemate_men() -> Vec<(&'static str, &'static str)> {
    vec![
        ("h1", "rK"),
        ("a4", "bK"),
        ("g14", "yK"),
        ("n8", "gK"),
        ("h5", "rR"),
        ("i10", "rR"),
    ]
}

/// The catalogue's rules with one more line (a later `score` line of an
/// event replaces the earlier one).
fn four_with(line: &str) -> String {
    format!("variant scored extends fourplayer {{\n  {line}\n}}\n")
}

#[test]
fn the_last_player_left_ends_the_game_and_the_most_points_win_eliminated_included() {
    let t = four();
    // Yellow and green are out (no men): yellow kept 30 points. Red mates
    // blue (+20: 23 in all), and is left alone, yet yellow wins.
    let men = [
        ("h1", "rK"),
        ("a7", "bK"),
        ("b6", "bP"),
        ("b7", "bP"),
        ("b8", "bP"),
        ("a6", "bB"),
        ("e11", "rR"),
    ];
    let mut g = game(&t, &men, 'r', [3, 0, 30, 0]);
    assert_eq!(g.position().players_in().len(), 2);
    play(&mut g, "e11a11");
    assert_eq!(points(&g), vec![23, 0, 30, 0]);
    match g.status() {
        Status::Ended { winners, .. } => assert_eq!(winners, 0b0100, "yellow wins"),
        s => panic!("{s:?}"),
    }
    assert_eq!(g.scores(), Some(vec![23, 0, 30, 0]));
}

#[test]
fn players_tied_at_the_top_share_the_win() {
    let t = four();
    let men = [
        ("h1", "rK"),
        ("a7", "bK"),
        ("b6", "bP"),
        ("b7", "bP"),
        ("b8", "bP"),
        ("a6", "bB"),
        ("e11", "rR"),
    ];
    let mut g = game(&t, &men, 'r', [10, 0, 30, 0]);
    play(&mut g, "e11a11");
    match g.status() {
        Status::Ended { winners, .. } => assert_eq!(winners, 0b0101, "red and yellow"),
        s => panic!("{s:?}"),
    }
}

#[test]
fn a_resignation_that_leaves_one_player_scores_it() {
    let t = four();
    let men = [("h1", "rK"), ("a7", "bK"), ("e5", "rR")];
    let mut g = game(&t, &men, 'b', [5, 40, 0, 0]);
    assert!(g.can_resign());
    g.play(Move::Resign);
    assert_eq!(points(&g), vec![25, 40, 0, 0]);
    match g.status() {
        Status::Ended { winners, .. } => assert_eq!(winners, 0b0010, "blue resigned ahead"),
        s => panic!("{s:?}"),
    }
}

#[test]
fn points_round_trip_through_fen_and_bad_values_are_refused() {
    let t = four();
    let f = fen(&with_kings(&[]), 'y', [7, 0, 12, 1_000]);
    let p = Position::from_fen(t.clone(), &f).unwrap();
    assert_eq!(p.scores(), Some(vec![7, 0, 12, 1_000]));
    assert_eq!(p.fen(), f);
    let q = Position::from_fen(t.clone(), &p.fen()).unwrap();
    assert_eq!(q.hash(), p.hash());
    // Points are part of the hash.
    let other =
        Position::from_fen(t.clone(), &fen(&with_kings(&[]), 'y', [7, 0, 12, 999])).unwrap();
    assert_ne!(other.hash(), p.hash());
    for bad in [
        "<score:1/2/3>",
        "<score:1/2/3/4/5>",
        "<score:a/0/0/0>",
        "<score:-1/0/0/0>",
        "<score:+1/0/0/0>",
        "<score:1000000001/0/0/0>",
        "<score:99999999999999999999/0/0/0>",
        "<score:>",
    ] {
        let f = fen(&with_kings(&[]), 'r', [0; 4]).replace("<score:0/0/0/0>", bad);
        let e = Position::from_fen(t.clone(), &f);
        assert!(e.is_err(), "{bad} was read");
    }
    // A variant that keeps no points refuses them.
    let chess = Arc::new(Tables::new(&varia::load::builtin("chess", &[]).unwrap()).unwrap());
    let e = Position::from_fen(
        chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR<score:1/0> w KQkq - 0 1",
    );
    assert!(e.is_err());
}

#[test]
fn fourplayer_perft_1_and_2_from_the_start() {
    // By hand: each player has 16 pawn moves and 4 knight moves (20).
    // After red's move blue has 20, except after d2d4 (19: blue's pawn
    // b4 cannot step two to d4) and f2f3, f2f4 (18: red's queen g1 then
    // pins blue's pawn b6 to its king a7 along g1-a7): 17*20+19+18+18.
    let t = four();
    let mut p = Position::start(t.clone()).unwrap();
    assert_eq!(perft(&mut p, 1), 20);
    assert_eq!(perft(&mut p, 2), 17 * 20 + 19 + 18 + 18);
}

#[test]
fn a_two_player_mate_scores_at_the_end_and_the_most_points_win() {
    let t = loaded(
        "variant points-chess extends chess {\n  score capture pawn 1, knight 3, bishop 3, rook 5, queen 9\n  score checkmate 10\n  end {\n    checkmate -> most points\n    stalemate -> most points\n  }\n}\n",
    );
    // White mates on the back rank while Black is 12 points ahead: Black
    // still wins, 10 to 12.
    let f = "6k1/5ppp/8/8/8/8/8/R5K1<score:0/12> w - - 0 1";
    let mut g = Game::new(Position::from_fen(t.clone(), f).unwrap());
    play(&mut g, "a1a8");
    assert_eq!(g.scores(), Some(vec![10, 12]));
    match g.status() {
        Status::Ended { winners, .. } => assert_eq!(winners, 0b10, "black, ahead on points"),
        s => panic!("{s:?}"),
    }
    // Two points fewer for Black: White's mate wins.
    let f = "6k1/5ppp/8/8/8/8/8/R5K1<score:0/10> w - - 0 1";
    let mut g = Game::new(Position::from_fen(t, f).unwrap());
    play(&mut g, "a1a8");
    match g.status() {
        Status::Ended { winners, .. } => assert_eq!(winners, 0, "10 to 10: a draw"),
        s => panic!("{s:?}"),
    }
}
