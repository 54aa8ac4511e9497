//! Quatrochess and partnership Quatrochess (variants/quatrochess*.variant):
//! one named test per edge case of shared/RULES.md §6(c).
//!
//! Players (turn order): 0 White (SW), 1 Red (NW), 2 Black (NE), 3 Green
//! (SE); teams White+Black, Red+Green. Positions are built with [`fen`]
//! from a list of men: `wK`, `rP(su)` (a Red pawn facing south, unmoved).

use std::sync::Arc;
use varia::engine::Bits;
use varia::engine::{perft, Game, MoveKind, Position, Status, Tables};
use varia::ir::{Dir, Event};
use varia::notation::Describe;

fn tables(name: &str) -> Arc<Tables> {
    let v = varia::load::builtin(name, &[]).unwrap();
    Arc::new(Tables::new(&v).unwrap())
}

fn ffa() -> Arc<Tables> {
    tables("quatrochess")
}

fn teams() -> Arc<Tables> {
    tables("quatrochess-teams")
}

#[allow(clippy::needless_range_loop)]
/// A FEN from men given as (square, man), the player to act and the
/// quiet-move counter.
fn fen(men: &[(&str, &str)], turn: char, quiet: u32) -> String {
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
        for x in 0..14 {
            let hole = (6..=7).contains(&x) && (6..=7).contains(&y);
            if hole || !grid[y][x].is_empty() {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push_str(if hole { "*" } else { &grid[y][x] });
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {turn} - - {quiet} 1", rows.join("/"))
}

/// The four kings in their corners, plus `more`.
fn with_kings(more: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut v = vec![("a1", "wK"), ("a14", "rK"), ("n14", "bK"), ("n1", "gK")];
    for &(s, m) in more {
        v.retain(|&(x, _)| x != s);
        v.push((s, m));
    }
    v
}

fn pos(t: &Arc<Tables>, men: &[(&str, &str)], turn: char) -> Position {
    let f = fen(men, turn, 0);
    Position::from_fen(t.clone(), &f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn texts(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(|&m| p.move_text(m)).collect()
}

/// Destinations of the legal moves from `from`.
fn from_sq(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = texts(p)
        .into_iter()
        .filter(|s| {
            s.starts_with(from) && !s[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .map(|s| s[from.len()..].to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

fn play(g: &mut Game, text: &str) {
    let m = g
        .position()
        .parse_move(text)
        .unwrap_or_else(|| panic!("{text} is not legal: {:?}", texts(g.position())));
    g.play(m);
}

fn sq(p: &Position, name: &str) -> varia::engine::Square {
    p.tables().geometry().parse(name).unwrap()
}

fn owner_at(p: &Position, name: &str) -> Option<u8> {
    p.man_at(sq(p, name)).map(|m| m.owner())
}

// 6(c)1 ---------------------------------------------------------------

#[test]
fn start_has_100_men_in_four_rotated_armies() {
    let p = Position::start(ffa()).unwrap();
    assert_eq!(p.occupied().count(), 100);
    let geo = p.tables().geometry();
    for (s, m) in p.men() {
        let (x, y) = geo.coords(s);
        for q in 1..4u32 {
            // Turning the board a quarter clockwise: (x, y) -> (y, 13 - x).
            let (mut rx, mut ry) = (x, y);
            for _ in 0..q {
                (rx, ry) = (ry, 13 - rx);
            }
            let r = p.man_at(geo.square(rx, ry).unwrap()).expect("rotated man");
            assert_eq!(r.kind(), m.kind());
            assert_eq!(r.owner(), (m.owner() + q as u8) % 4);
            assert_eq!(r.facing(), m.facing().turned(q));
        }
    }
    assert_eq!(p.men_of(0).count(), 25);
}

#[test]
fn start_has_no_checks_and_no_attacked_men() {
    let p = Position::start(ffa()).unwrap();
    for pl in 0..4 {
        assert!(!p.royal_attacked(pl));
    }
    for (s, m) in p.men() {
        assert!(!p.attacked_by_enemy_of(s, m.owner()), "{s:?}");
    }
}

#[test]
fn white_has_39_first_moves_and_perft_2_is_39_squared() {
    let mut p = Position::start(ffa()).unwrap();
    assert_eq!(p.legal_moves().len(), 39);
    assert_eq!(perft(&mut p, 2), 39 * 39);
    let mut p = Position::start(teams()).unwrap();
    assert_eq!(perft(&mut p, 2), 39 * 39);
}

// 6(c)2 ---------------------------------------------------------------

#[test]
fn a_rook_moving_north_on_g_stops_before_the_void() {
    let p = pos(&ffa(), &with_kings(&[("g2", "wR")]), 'w');
    let d = from_sq(&p, "g2");
    assert!(d.contains(&"g6".to_string()));
    for n in ["g7", "g8", "g9", "g14"] {
        assert!(!d.contains(&n.to_string()), "{n}");
    }
}

#[test]
fn a_bishop_cannot_cross_the_void() {
    let p = pos(&ffa(), &with_kings(&[("f6", "wB")]), 'w');
    let d = from_sq(&p, "f6");
    assert!(!d.contains(&"g7".to_string()) && !d.contains(&"i9".to_string()));
    assert!(d.contains(&"e5".to_string()));
}

#[test]
fn leapers_jump_over_the_void() {
    for (from, piece, to) in [
        ("f8", "wN", "h9"),
        ("g6", "wL", "h9"),
        ("g5", "wG", "h9"),
        ("f8", "wC", "h9"),
        ("f8", "wA", "h9"),
    ] {
        let p = pos(&ffa(), &with_kings(&[(from, piece)]), 'w');
        assert!(
            from_sq(&p, from).contains(&to.to_string()),
            "{piece} {from}-{to}"
        );
    }
    // ...but never land in it.
    let p = pos(&ffa(), &with_kings(&[("f6", "wN")]), 'w');
    let d = from_sq(&p, "f6");
    assert!(!d.contains(&"g8".to_string()) && !d.contains(&"h7".to_string()));
}

#[test]
fn a_diagonal_step_touching_a_corner_of_the_void_is_allowed() {
    let p = pos(&ffa(), &with_kings(&[("f7", "wF")]), 'w');
    assert!(from_sq(&p, "f7").contains(&"g6".to_string()));
}

#[test]
fn no_pawn_move_or_capture_enters_the_void() {
    let p = pos(
        &ffa(),
        &with_kings(&[("g6", "wP(nm)"), ("f6", "wP(nm)")]),
        'w',
    );
    assert!(from_sq(&p, "g6").is_empty());
    assert_eq!(from_sq(&p, "f6"), vec!["f7"]);
}

// 6(c)3 ---------------------------------------------------------------

#[test]
fn pawns_of_each_direction_step_double_step_and_capture() {
    // (pawn square, man, one step, two steps, enemy square to take)
    for (at, man, one, two, enemy) in [
        ("c5", "wP(nu)", "c6", "c7", "d6"),
        ("e3", "wP(eu)", "f3", "g3", "f4"),
        ("c10", "rP(su)", "c9", "c8", "b9"),
        ("e12", "rP(eu)", "f12", "g12", "f11"),
        ("l10", "bP(su)", "l9", "l8", "k9"),
        ("j12", "bP(wu)", "i12", "h12", "i13"),
        ("l5", "gP(nu)", "l6", "l7", "k6"),
        ("j3", "gP(wu)", "i3", "h3", "i2"),
    ] {
        let turn = man.chars().next().unwrap();
        let enemy_man = if turn == 'w' { "gN" } else { "wN" };
        let p = pos(&ffa(), &with_kings(&[(at, man), (enemy, enemy_man)]), turn);
        let d = from_sq(&p, at);
        let want = {
            let mut v = vec![one.to_string(), two.to_string(), enemy.to_string()];
            v.sort();
            v
        };
        assert_eq!(d, want, "{man} on {at}");
    }
}

#[test]
fn a_double_step_is_blocked_by_a_man_on_the_skipped_square() {
    let p = pos(&ffa(), &with_kings(&[("e2", "wP(eu)"), ("f2", "rN")]), 'w');
    assert!(from_sq(&p, "e2").is_empty());
    let p = pos(&ffa(), &with_kings(&[("e2", "wP(eu)"), ("g2", "rN")]), 'w');
    assert_eq!(from_sq(&p, "e2"), vec!["f2"]);
}

#[test]
fn pawns_promote_on_the_edge_they_face() {
    for (at, man, to) in [
        ("b13", "wP(nm)", "b14"),
        ("m3", "wP(em)", "n3"),
        ("c2", "rP(sm)", "c1"),
        ("b12", "gP(wm)", "a12"),
    ] {
        let turn = man.chars().next().unwrap();
        let mut men = with_kings(&[(at, man)]);
        men.retain(|&(s, _)| s != to);
        let p = pos(&ffa(), &men, turn);
        let promos: Vec<String> = texts(&p)
            .into_iter()
            .filter(|s| s.starts_with(&format!("{at}{to}")))
            .collect();
        assert_eq!(promos.len(), 11, "{man} {at}: {promos:?}");
        // Under-promotion to a fairy piece (the giraffe).
        assert!(promos.contains(&format!("{at}{to}g")));
    }
    // A north pawn on the east edge does not promote there.
    let p = pos(&ffa(), &with_kings(&[("n5", "wP(nm)")]), 'w');
    assert_eq!(from_sq(&p, "n5"), vec!["n6"]);
}

#[test]
fn another_players_pawn_on_a_start_square_has_no_double_step() {
    // A Green north pawn that arrived on White's a5.
    let p = pos(&ffa(), &with_kings(&[("a5", "gP(n)")]), 'g');
    assert_eq!(from_sq(&p, "a5"), vec!["a6"]);
    // White's own pawn there (unmoved by default) may.
    let p = pos(&ffa(), &with_kings(&[("a5", "wP(n)")]), 'w');
    assert_eq!(from_sq(&p, "a5"), vec!["a6", "a7"]);
}

// 6(c)4 ---------------------------------------------------------------

#[test]
fn en_passant_head_on() {
    let p = pos(
        &ffa(),
        &with_kings(&[("a5", "wP(nu)"), ("b7", "rP(sm)")]),
        'w',
    );
    let mut g = Game::new(p);
    play(&mut g, "a5a7");
    let ep: Vec<_> = g
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.kind() == MoveKind::EnPassant)
        .collect();
    assert_eq!(ep.len(), 1);
    g.play(ep[0]);
    let p = g.position();
    assert!(p.man_at(sq(p, "a7")).is_none());
    assert_eq!(owner_at(p, "a6"), Some(1));
}

#[test]
fn en_passant_perpendicular_three_plies_later() {
    let men = with_kings(&[("e2", "wP(eu)"), ("g3", "gP(wm)")]);
    let mut g = Game::new(pos(&ffa(), &men, 'w'));
    play(&mut g, "e2g2");
    play(&mut g, "a14b14"); // Red
    play(&mut g, "n14m14"); // Black
    let ep: Vec<String> = g
        .legal_moves()
        .iter()
        .filter(|m| m.kind() == MoveKind::EnPassant)
        .map(|&m| g.position().move_text(m))
        .collect();
    assert_eq!(ep, vec!["g3f2"]);
    play(&mut g, "g3f2");
    assert!(g.position().man_at(sq(g.position(), "g2")).is_none());
}

#[test]
fn a_partner_may_not_take_en_passant() {
    // Teams: Black is White's partner; a Black west pawn on g3 attacks f2.
    let men = with_kings(&[("e2", "wP(eu)"), ("g3", "bP(wm)")]);
    let mut g = Game::new(pos(&teams(), &men, 'w'));
    play(&mut g, "e2g2");
    play(&mut g, "a14b14");
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.kind() != MoveKind::EnPassant));
    // In the free-for-all game the same Black pawn may.
    let mut g = Game::new(pos(&ffa(), &men, 'w'));
    play(&mut g, "e2g2");
    play(&mut g, "a14b14");
    assert!(g
        .legal_moves()
        .iter()
        .any(|m| m.kind() == MoveKind::EnPassant));
}

#[test]
fn the_en_passant_right_expires_when_the_double_stepper_moves_again() {
    let men = with_kings(&[("e2", "wP(eu)"), ("g3", "gP(wm)"), ("c3", "wQ")]);
    let mut g = Game::new(pos(&ffa(), &men, 'w'));
    play(&mut g, "e2g2");
    play(&mut g, "a14b14");
    play(&mut g, "n14m14");
    play(&mut g, "n1n2"); // Green lets it go.
    play(&mut g, "c3c4"); // White moves again.
    play(&mut g, "b14a14");
    play(&mut g, "m14n14");
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.kind() != MoveKind::EnPassant));
}

#[test]
fn the_en_passant_right_is_lost_when_the_skipped_square_fills() {
    let men = with_kings(&[("e2", "wP(eu)"), ("g3", "gP(wm)"), ("e4", "rN")]);
    let mut g = Game::new(pos(&ffa(), &men, 'w'));
    play(&mut g, "e2g2");
    play(&mut g, "e4f2"); // Red's knight lands on the skipped square.
    play(&mut g, "n14m14");
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.kind() != MoveKind::EnPassant));
}

// 6(c)5, 6 ------------------------------------------------------------

#[test]
fn check_from_two_opponents_at_once() {
    // White Kf5: Red rook f10 (file), Green rook j5 (rank).
    let men = with_kings(&[("a1", "wN"), ("f5", "wK"), ("f10", "rR"), ("j5", "gR")]);
    let p = pos(&ffa(), &men, 'w');
    assert!(p.in_check());
    let owners: Vec<u8> = p
        .checkers()
        .iter()
        .map(|s| p.man_at(s).unwrap().owner())
        .collect();
    assert_eq!(owners.len(), 2);
    assert!(owners.contains(&1) && owners.contains(&3));
    let kings = from_sq(&p, "f5");
    assert!(!kings.is_empty());
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.from() == Some(sq(&p, "f5"))));
    for d in &kings {
        assert!(!d.starts_with('f') && !d.ends_with('5') || d == "f5", "{d}");
    }
}

#[test]
fn a_move_may_not_expose_the_king_to_any_opponent() {
    // Black (not next) pins the White rook a3 along the a-file.
    let men = with_kings(&[("a3", "wR"), ("a10", "bR"), ("a14", "rK"), ("c14", "rK")]);
    let men: Vec<_> = men.into_iter().filter(|&(s, _)| s != "a14").collect();
    let p = pos(&ffa(), &men, 'w');
    let d = from_sq(&p, "a3");
    assert!(d.iter().all(|s| s.starts_with('a')), "{d:?}");
    assert!(d.contains(&"a10".to_string()));
}

#[test]
fn a_move_may_expose_the_partners_king() {
    // Teams: White's rook e12 shields Black's king n12 from Red's rook a12.
    let men = with_kings(&[("n12", "bK"), ("e12", "wR"), ("a12", "rR"), ("c1", "wK")]);
    let men: Vec<_> = men
        .into_iter()
        .filter(|&(s, _)| s != "n14" && s != "a1")
        .collect();
    let p = pos(&teams(), &men, 'w');
    assert!(
        texts(&p).contains(&"e12e13".to_string()),
        "{:?} {}",
        texts(&p),
        p.fen()
    );
}

// 6(c)7 ---------------------------------------------------------------

/// Black Kn14 boxed in by its own west pawns m14, m13; an unmoved Black
/// south pawn on k10; a White rook on a9 goes to n9: mate. Green's king
/// stands on k1, off the n-file.
fn black_mated_by_white() -> Vec<(&'static str, &'static str)> {
    let mut men = with_kings(&[
        ("m14", "bP(wm)"),
        ("m13", "bP(wm)"),
        ("k10", "bP(su)"),
        ("a9", "wR"),
        ("k1", "gK"),
    ]);
    men.retain(|&(s, _)| s != "n1");
    men
}

#[test]
fn mate_of_a_player_not_next_eliminates_at_once_army_to_the_mover() {
    let mut g = Game::new(pos(&ffa(), &black_mated_by_white(), 'w'));
    play(&mut g, "a9n9");
    let p = g.position();
    assert_eq!(p.alive(), 0b1011);
    assert!(p.man_at(sq(p, "n14")).is_none(), "the king is removed");
    for s in ["m14", "m13", "k10"] {
        assert_eq!(owner_at(p, s), Some(0), "{s} passes to White");
    }
    assert_eq!(p.turn(), 1);
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(p.hash(), p.hash_from_scratch());
    // Undo brings Black back.
    g.undo();
    assert_eq!(g.position().alive(), 0b1111);
    assert_eq!(owner_at(g.position(), "k10"), Some(2));
    assert_eq!(g.position().hash(), g.position().hash_from_scratch());
}

#[test]
fn mate_in_partnership_passes_the_army_to_the_partner() {
    // Red Ka14 boxed by Red men a13 (east pawn) and b14 (wazir is free to
    // move, so use a pawn); White rook i10 -> a10 mates. Green inherits.
    let mut men = with_kings(&[("b14", "rP(em)"), ("b13", "rP(em)"), ("i10", "wR")]);
    men.retain(|&(s, _)| s != "a1");
    men.push(("c1", "wK"));
    let mut g = Game::new(pos(&teams(), &men, 'w'));
    play(&mut g, "i10a10");
    let p = g.position();
    assert_eq!(p.alive(), 0b1101);
    assert_eq!(owner_at(p, "b14"), Some(3));
    assert_eq!(p.man_at(sq(p, "b14")).unwrap().facing(), Dir::East);
    assert_eq!(p.turn(), 2, "Red is skipped");
}

#[test]
fn at_own_turn_elimination_waits_for_the_players_turn() {
    // Option `mate_check = at_own_turn` (Q8): Black is tested when its turn
    // comes; the army goes to the player who moved last (Red).
    let v = varia::load::builtin(
        "quatrochess",
        &[("mate_check".into(), "at_own_turn".into())],
    )
    .unwrap();
    let t = Arc::new(Tables::new(&v).unwrap());
    let mut g = Game::new(pos(&t, &black_mated_by_white(), 'w'));
    play(&mut g, "a9n9");
    assert_eq!(g.position().alive(), 0b1111, "not yet");
    play(&mut g, "a14a13"); // Red; now Black's turn comes: mated.
    let p = g.position();
    assert_eq!(p.alive(), 0b1011);
    assert_eq!(owner_at(p, "k10"), Some(1));
    assert_eq!(p.turn(), 3);
    assert_eq!(p.hash(), p.hash_from_scratch());
}

// 6(c)8 ---------------------------------------------------------------

#[test]
fn stalemate_eliminates_it_is_not_a_draw() {
    // Black Kn14 alone; White rooks m2 (m-file) and b12 -> b13 (rank 13).
    let men = with_kings(&[("m2", "wR"), ("b12", "wR"), ("a14", "rK")]);
    let mut g = Game::new(pos(&ffa(), &men, 'w'));
    play(&mut g, "b12b13");
    let p = g.position();
    assert_eq!(p.alive() & 0b100, 0, "Black is out");
    assert!(p.man_at(sq(p, "n14")).is_none());
    assert_eq!(g.status(), Status::Ongoing);
}

// 6(c)9 ---------------------------------------------------------------

#[test]
fn one_move_mates_two_players() {
    // Rook h10 -> h14 checks Red Ka14 and Black Kn14 along rank 14.
    let men = with_kings(&[
        ("a13", "rP(em)"),
        ("b13", "rP(em)"),
        ("m13", "bP(wm)"),
        ("n13", "bP(wm)"),
        ("h10", "wR"),
    ]);
    let mut g = Game::new(pos(&ffa(), &men, 'w'));
    play(&mut g, "h10h14");
    let p = g.position();
    assert_eq!(p.alive(), 0b1001);
    for s in ["a13", "b13", "m13", "n13"] {
        assert_eq!(owner_at(p, s), Some(0));
    }
    assert_eq!(p.turn(), 3);
}

// 6(c)10 --------------------------------------------------------------

#[test]
fn a_cascade_of_eliminations() {
    // Black Kn8 is in check from the White rook n12 (left by Red's
    // discovered move). White's rook e13 -> m13 takes m7-m9 from Black:
    // Black is mated; its king leaves n8, the rook n12 now checks Green's
    // Kn1, whose squares m1 m2 (rook m13) and n2 (rook n12) are covered:
    // Green is mated too, by the same action.
    let mut men = with_kings(&[("n8", "bK"), ("n12", "wR"), ("e13", "wR"), ("n1", "gK")]);
    men.retain(|&(s, _)| s != "n14");
    let mut g = Game::new(pos(&ffa(), &men, 'w'));
    play(&mut g, "e13m13");
    let p = g.position();
    assert_eq!(p.alive(), 0b0011);
    assert_eq!(p.turn(), 1);
    g.undo();
    assert_eq!(g.position().alive(), 0b1111);
}

#[test]
fn the_last_player_standing_wins() {
    // White and Black left; White mates Black.
    let men = vec![
        ("a1", "wK"),
        ("n14", "bK"),
        ("m14", "bP(wm)"),
        ("m13", "bP(wm)"),
        ("a9", "wR"),
    ];
    let f = fen(&men, 'w', 0);
    let mut g = Game::new(Position::from_fen(ffa(), &f).unwrap());
    assert_eq!(g.position().alive(), 0b0101);
    play(&mut g, "a9n9");
    match g.status() {
        Status::Ended { winners, .. } => assert_eq!(winners, 0b0001),
        s => panic!("{s:?}"),
    }
}

// 6(c)11 --------------------------------------------------------------

#[test]
fn after_elimination_turns_skip_and_inherited_pawns_keep_their_ways() {
    let mut g = Game::new(pos(&ffa(), &black_mated_by_white(), 'w'));
    play(&mut g, "a9n9");
    assert_eq!(g.position().turn(), 1);
    play(&mut g, "a14a13"); // Red
    assert_eq!(g.position().turn(), 3, "Black is skipped");
    play(&mut g, "k1k2"); // Green
    assert_eq!(g.position().turn(), 0, "White moves once per round");
    let p = g.position();
    // The inherited south pawn: forward is still south, with its two-step.
    assert_eq!(from_sq(p, "k10"), vec!["k8", "k9"]);
    // The inherited west pawns move west.
    assert_eq!(from_sq(p, "m13"), vec!["l13"]);
    assert_eq!(p.man_at(sq(p, "k10")).unwrap().facing(), Dir::South);
}

#[test]
fn an_inherited_pawn_promotes_on_its_own_edge() {
    // A White-owned south pawn (inherited from Red or Black) on k2.
    let p = pos(&ffa(), &with_kings(&[("k2", "wP(sm)")]), 'w');
    let promos: Vec<String> = texts(&p)
        .into_iter()
        .filter(|s| s.starts_with("k2k1"))
        .collect();
    assert_eq!(promos.len(), 11);
}

// 6(c)12 --------------------------------------------------------------

#[test]
fn partners_never_capture_or_check_each_other() {
    // White rook a7 faces Black's knight a12 and, on rank 7, ... Black Kf7.
    let men = with_kings(&[("a7", "wR"), ("a12", "bN"), ("e7", "bK")]);
    let men: Vec<_> = men.into_iter().filter(|&(s, _)| s != "n14").collect();
    let p = pos(&teams(), &men, 'w');
    let d = from_sq(&p, "a7");
    assert!(!d.contains(&"a12".to_string()));
    assert!(!d.contains(&"e7".to_string()));
    assert!(!p.royal_attacked(2), "a partner's rook gives no check");
    // In the free-for-all game Black would be in check.
    let p = pos(&ffa(), &men, 'w');
    assert!(p.royal_attacked(2));
    assert!(from_sq(&p, "a7").contains(&"a12".to_string()));
}

#[test]
fn the_partnership_game_ends_when_both_members_of_a_team_are_out() {
    // Black is already out (no men); Red mates White with Rh5-h1.
    let men = vec![
        ("a1", "wK"),
        ("a2", "wP(nm)"),
        ("b2", "wP(nm)"),
        ("a14", "rK"),
        ("h5", "rR"),
        ("n1", "gK"),
    ];
    let f = fen(&men, 'r', 0);
    let mut g = Game::new(Position::from_fen(teams(), &f).unwrap());
    assert_eq!(g.position().alive(), 0b1011);
    play(&mut g, "h5h1");
    match g.status() {
        Status::Ended { winners, .. } => assert_eq!(winners, 0b1010),
        s => panic!("{s:?}"),
    }
}

#[test]
fn one_partner_out_the_team_plays_on() {
    // Teams: Red mates Black; Black's partner White survives, inherits
    // Black's men, and the game goes on.
    let mut men = with_kings(&[
        ("m14", "bP(wm)"),
        ("m13", "bP(wm)"),
        ("a9", "rR"),
        ("k1", "gK"),
        ("c1", "wK"),
    ]);
    men.retain(|&(s, _)| s != "n1" && s != "a1");
    let mut g = Game::new(pos(&teams(), &men, 'r'));
    play(&mut g, "a9n9");
    let p = g.position();
    assert_eq!(p.alive(), 0b1011);
    assert_eq!(owner_at(p, "m14"), Some(0), "to the partner, not the mover");
    assert_eq!(g.status(), Status::Ongoing);
}

// 6(c)13 --------------------------------------------------------------

#[test]
fn there_is_never_a_castling_move() {
    let p = pos(
        &ffa(),
        &with_kings(&[("d1", "wR"), ("a5", "wR"), ("j1", "gP(wm)")]),
        'w',
    );
    assert!(p.legal_moves().iter().all(|m| m.kind() != MoveKind::Castle));
    let mut p = Position::start(ffa()).unwrap();
    let _ = perft(&mut p, 1);
    assert!(p.legal_moves().iter().all(|m| m.kind() != MoveKind::Castle));
}

// 6(c)14 --------------------------------------------------------------

#[test]
fn threefold_repetition_is_a_draw_among_the_survivors() {
    let mut g = Game::new(pos(&ffa(), &with_kings(&[]), 'w'));
    let rounds = [
        ["a1a2", "a14a13", "n14n13", "n1n2"],
        ["a2a1", "a13a14", "n13n14", "n2n1"],
    ];
    for _ in 0..2 {
        for r in &rounds {
            for m in r {
                assert_eq!(g.status(), Status::Ongoing);
                play(&mut g, m);
            }
        }
    }
    match g.status() {
        Status::Ended { winners: 0, cause } => assert_eq!(cause.event, Event::Repetition(3)),
        s => panic!("{s:?}"),
    }
}

#[test]
fn fifty_moves_each_without_capture_or_pawn_move_is_a_draw() {
    let f = fen(&with_kings(&[("c3", "wQ")]), 'w', 199);
    let mut g = Game::new(Position::from_fen(ffa(), &f).unwrap());
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, "c3c2");
    match g.status() {
        Status::Ended { winners: 0, cause } => {
            assert!(matches!(cause.event, Event::Quiet { .. }))
        }
        s => panic!("{s:?}"),
    }
}

#[test]
fn fen_round_trips_and_drops_players_without_men() {
    let men = vec![("a1", "wK"), ("n14", "bK"), ("a9", "wR")];
    let f = fen(&men, 'w', 0);
    let p = Position::from_fen(ffa(), &f).unwrap();
    assert_eq!(p.alive(), 0b0101);
    let q = Position::from_fen(ffa(), &p.fen()).unwrap();
    assert_eq!(q.fen(), p.fen());
}

#[test]
fn the_fifty_move_count_shrinks_with_the_survivors() {
    // Black and Green out: 50 moves each of White and Red = 100 plies.
    let men = vec![("a1", "wK"), ("a14", "rK"), ("c3", "wQ")];
    let f = fen(&men, 'w', 99);
    let mut g = Game::new(Position::from_fen(ffa(), &f).unwrap());
    assert_eq!(g.position().alive(), 0b0011);
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, "c3c2");
    assert!(matches!(
        g.status(),
        Status::Ended { winners: 0, cause } if matches!(cause.event, Event::Quiet { .. })
    ));
}

#[test]
fn a_resignation_eliminates_the_resigner_and_undo_takes_it_back() {
    use varia::engine::Move;
    // Free-for-all: the resigner's men leave the board; the turn passes on.
    let mut g = Game::new(Position::start(ffa()).unwrap());
    let before = g.position().fen();
    assert!(g.can_resign());
    g.play(Move::Resign);
    assert_eq!(g.position().alive(), 0b1110);
    assert_eq!(g.position().turn(), 1);
    assert_eq!(g.position().men_of(0).count(), 0);
    assert_eq!(g.position().men().count(), 75);
    g.undo();
    assert_eq!(g.position().fen(), before);
    // Partnership: the army goes to the partner, and the team plays on.
    let mut g = Game::new(Position::start(teams()).unwrap());
    g.play(Move::Resign);
    assert_eq!(g.position().men().count(), 99);
    assert_eq!(g.position().men_of(2).count(), 49);
    assert!(matches!(g.status(), Status::Ongoing));
    // Two chess players: no resignation action (the game simply ends).
    let chess = Arc::new(Tables::new(&varia::load::builtin("chess", &[]).unwrap()).unwrap());
    assert!(!Game::new(Position::start(chess).unwrap()).can_resign());
}
