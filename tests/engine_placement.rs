//! `must place`, `place keeps room for PIECE in REGION` and `place PIECE,
//! ... unmoved in REGION`, on the catalogue's Placement chess.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::Game;

#[test]
fn while_a_man_can_be_placed_the_player_must_place() {
    let t = builtin("placement");
    let g = Game::new(fen(
        &t,
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
    ));
    let m = moves(g.position());
    assert!(!m.is_empty());
    assert!(m.iter().all(|x| x.contains('@')), "only placements: {m:?}");
}

#[test]
fn with_no_legal_placement_the_player_moves() {
    // The first rank is full: the bishop in hand cannot be placed.
    let t = builtin("placement");
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[B] w KQkq - 0 1",
    ));
    assert_eq!(moves(g.position()).len(), 20);
}

#[test]
fn other_men_leave_the_last_square_of_a_colour_to_a_bishop() {
    // b1 and f1 are light, c1 dark; both bishops are in hand. The knight
    // may not take c1, the last dark square.
    let t = builtin("placement");
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R2QK1NR[BBN] w KQkq - 0 1",
    ));
    let m = moves(g.position());
    let knights: Vec<&String> = m.iter().filter(|x| x.starts_with("N@")).collect();
    assert_eq!(knights, ["N@b1", "N@f1"], "{m:?}");
    // A bishop may take either colour.
    let bishops: Vec<&String> = m.iter().filter(|x| x.starts_with("B@")).collect();
    assert_eq!(bishops.len(), 3, "{m:?}");
}

#[test]
fn a_bishop_may_not_join_the_other_on_its_colour() {
    let t = builtin("placement");
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR[B] w KQkq - 0 1",
    ));
    // f1 is light, c1's bishop is dark: f1 is allowed.
    assert_eq!(moves(g.position()), ["B@f1"]);
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR[B] w KQkq - 0 1",
    ));
    // c1 is dark, f1's bishop is light: c1 is allowed too.
    assert_eq!(moves(g.position()), ["B@c1"]);
}

#[test]
fn a_king_placed_on_e1_castles_with_the_rooks_in_the_corners() {
    let t = builtin("placement");
    let mut g = Game::new(fen(&t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1"));
    play(&mut g, &["K@e1", "e8d8"]);
    let m = moves(g.position());
    assert!(m.contains(&"e1g1".to_string()), "{m:?}");
    assert!(m.contains(&"e1c1".to_string()), "{m:?}");
    assert!(
        g.position().fen().contains(" KQ "),
        "{}",
        g.position().fen()
    );
}

#[test]
fn a_king_placed_elsewhere_does_not_castle() {
    let t = builtin("placement");
    let mut g = Game::new(fen(&t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1"));
    play(&mut g, &["K@d1", "e8d8"]);
    let m = moves(g.position());
    assert!(!m.iter().any(|x| x == "d1b1" || x == "d1f1"), "{m:?}");
}

#[test]
fn a_rook_placed_in_a_corner_castles_with_the_king_on_e1() {
    let t = builtin("placement");
    let mut g = Game::new(fen(&t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[R] w - - 0 1"));
    play(&mut g, &["R@h1", "e8d8"]);
    assert!(moves(g.position()).contains(&"e1g1".to_string()));
    // On b1 it does not.
    let mut g = Game::new(fen(&t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[R] w - - 0 1"));
    play(&mut g, &["R@a1", "e8d8"]);
    assert!(moves(g.position()).contains(&"e1c1".to_string()));
    let mut g = Game::new(fen(&t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[R] w - - 0 1"));
    play(&mut g, &["R@b1", "e8d8"]);
    assert!(!moves(g.position()).iter().any(|x| x == "e1c1"));
}

#[test]
fn a_king_placed_on_h1_does_not_castle_with_a_rook_placed_on_e1() {
    // The issue's case: Fairy-Stockfish counts 23 actions here; a shared
    // region for both kinds gave the king on h1 a queen-side castling.
    let t = builtin("placement");
    let mut g = Game::new(fen(&t, "8/pppppppp/8/8/8/8/PPPPPPPP/8[KRk] w - - 0 1"));
    play(&mut g, &["K@h1", "K@e8", "R@e1", "e7e6"]);
    let m = moves(g.position());
    assert_eq!(m.len(), 23, "{m:?}");
    assert!(!m.iter().any(|x| x == "h1f1" || x == "h1e1"), "{m:?}");
    // A king placed on a1 does not make the rook on h1 a partner either.
    let mut g = Game::new(fen(&t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/7R[K] w - - 0 1"));
    play(&mut g, &["K@a1", "e8d8"]);
    assert!(g.position().fen().contains(" - "), "{}", g.position().fen());
}

/// A variant of two `place ... unmoved in` statements, and a child that
/// gives one kind another region.
const TWO_REGIONS: &str = r#"
variant homes "Homes" {
  players white, black
  board 8x8
  use king, rook, pawn
  region king_home: white squares e1, black squares e8
  region corners: white squares a1 h1, black squares a8 h8
  setup {
    white: P a2..h2
    black: mirror white
    hands: K R*2
  }
  actions move, place
  place where in home_rank
  region home_rank: white rank 1, black rank 8
  place king unmoved in king_home
  place rook unmoved in corners
  must place
  castling king with rook
  end { checkmate -> lose }
}
variant homes2 "Homes, rooks anywhere" extends homes {
  region rank_one: white rank 1, black rank 8
  place rook unmoved in rank_one
}
"#;

#[test]
fn each_kind_keeps_the_region_of_the_last_statement_that_lists_it() {
    let checked = varia::load::load_str("homes.variant", TWO_REGIONS, &[]);
    let find = |name: &str| {
        let v = checked
            .variants
            .iter()
            .find(|v| v.name == name)
            .unwrap_or_else(|| panic!("{name}: {:?}", checked.diagnostics));
        std::sync::Arc::new(varia::engine::Tables::new(v).unwrap())
    };
    let start = "4k3/pppppppp/8/8/8/8/PPPPPPPP/8[KRR] w - - 0 1";
    // Rooks in the corners castle with the king on e1.
    let t = find("homes");
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["K@e1", "e8d8", "R@a1", "d8e8", "R@h1", "e8d8"]);
    assert!(
        g.position().fen().contains(" KQ "),
        "{}",
        g.position().fen()
    );
    // A rook on b1 does not.
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["K@e1", "e8d8", "R@b1", "d8e8", "R@h1", "e8d8"]);
    assert!(g.position().fen().contains(" K "), "{}", g.position().fen());
    // The child's rooks count as unmoved anywhere on the first rank; its
    // king still only on e1.
    let t = find("homes2");
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["K@e1", "e8d8", "R@b1", "d8e8", "R@h1", "e8d8"]);
    assert!(
        g.position().fen().contains(" KQ "),
        "{}",
        g.position().fen()
    );
    let mut g = Game::new(fen(&t, start));
    play(&mut g, &["K@d1", "e8d8", "R@a1", "d8e8", "R@h1", "e8d8"]);
    assert!(g.position().fen().contains(" - "), "{}", g.position().fen());
}

// ---- `confined` limits placements (LANGUAGE.md §8) --------------------------

/// A 5x5 game with drops: the advisor is confined to a palace of three
/// squares per player, and, given, the guard is placed only on rank 2 or 3
/// by a `place ... where` condition and confined to files b..d as well.
fn confined_drops() -> std::sync::Arc<varia::engine::Tables> {
    let text = r#"variant cd "Confined drops" {
  players white, black
  board 5x5
  piece king K moves "K" royal
  piece advisor A moves "F"
  piece guard G moves "W"
  region palace: white squares b1 c1 d1 c2, black squares b5 c5 d5 c4
  region middle: files b..d
  region low: ranks 2..3
  confined advisor to palace
  confined guard to middle
  actions move, place
  captures to hand
  place guard where in low
  setup {
    white: K a1
    black: K e5
    white hand: A G
  }
  end {
    checkmate -> lose
    stalemate -> draw
  }
}
"#;
    let c = varia::check::check_str("cd.variant", text, None, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).expect("compiles"))
}

#[test]
fn a_confined_kind_is_placed_only_inside_its_region() {
    let t = confined_drops();
    let g = Game::new(varia::engine::Position::start(t.clone()).unwrap());
    let m = moves(g.position());
    let drops = |letter: &str| -> Vec<String> {
        m.iter()
            .filter(|x| x.starts_with(letter))
            .cloned()
            .collect()
    };
    // The advisor: the four palace squares of White, nowhere else.
    assert_eq!(drops("A@"), ["A@b1", "A@c1", "A@c2", "A@d1"]);
    // The guard: its region (files b..d) and its condition (ranks 2..3).
    assert_eq!(
        drops("G@"),
        ["G@b2", "G@b3", "G@c2", "G@c3", "G@d2", "G@d3"]
    );
    // Black's palace is its own: from Black's side, its squares only.
    let p = fen(&t, "4k/5/5/5/K4[a] b - - 0 1");
    let black: Vec<String> = moves(&p).into_iter().filter(|x| x.contains('@')).collect();
    assert_eq!(black, ["A@b5", "A@c4", "A@c5", "A@d5"]);
}

/// Koedem (`tests/blind/koedem.variant`): a king in hand must be placed.
fn koedem() -> std::sync::Arc<varia::engine::Tables> {
    let path = format!("{}/tests/blind/koedem.variant", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let c = varia::check::check_str("koedem.variant", &text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).unwrap())
}

#[test]
fn must_place_a_listed_kind_allows_only_its_placements() {
    // A king and a knight in hand: only the king's placements, on the 33
    // empty squares (e1 included; Fairy-Stockfish: 33).
    let t = koedem();
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[KN] w kq - 0 1",
    ));
    let m = moves(g.position());
    assert_eq!(m.len(), 33, "{m:?}");
    assert!(m.iter().all(|x| x.starts_with("K@")), "{m:?}");
}

#[test]
fn without_a_listed_man_in_hand_any_placement_or_move_is_legal() {
    // A knight in hand only: the 20 moves and 32 knight placements.
    let t = koedem();
    let g = Game::new(fen(
        &t,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1",
    ));
    assert_eq!(moves(g.position()).len(), 20 + 32);
}

#[test]
fn a_listed_man_that_cannot_be_placed_leaves_moves_but_bars_other_placements() {
    // The king may be placed on its first rank only.
    let src = r#"
variant kp {
  players white, black
  board 4x4
  use knight
  piece king K moves "K"
  actions move, place
  captures to hand
  region home: white rank 1, black rank 4
  place king where in home
  setup {
    white: N a1 b1 c1 d1
    black: N a4
  }
  must place king
  end { stalemate -> lose }
}
"#;
    let c = varia::check::check_str("kp.variant", src, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let t = std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).unwrap());
    // The first rank is full: the board moves, no knight placement.
    let m = moves(&fen(&t, "n3/4/4/NNNN[KN] w - - 0 1"));
    assert!(!m.is_empty());
    assert!(m.iter().all(|x| !x.contains('@')), "{m:?}");
    // d1 is free: the king goes there, nothing else.
    assert_eq!(moves(&fen(&t, "n3/4/4/NNN1[KN] w - - 0 1")), ["K@d1"]);
}
