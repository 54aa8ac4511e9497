//! Two-faced men (Kyoto shogi, Micro shogi): `demote FORM in REGION`
//! (a promoted man turns back, `b2b3-`), compulsory promotion in `all`
//! (every move, or with `capturing` every capture, turns a man over), and
//! `place PIECE, ... promoted too` (drops with either face up, `+P@c3`).

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use std::sync::Arc;
use varia::engine::{Game, Tables};

fn inline(text: &str) -> Arc<Tables> {
    let c = varia::check::check_str("inline.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    Arc::new(Tables::new(&c.variants[0]).expect("compiles"))
}

fn from(m: &[String], prefix: &str) -> Vec<String> {
    m.iter()
        .filter(|x| x.starts_with(prefix))
        .cloned()
        .collect()
}

fn placement(f: &str) -> &str {
    f.split([' ', '[']).next().unwrap_or("")
}

#[test]
fn kyoto_every_move_turns_a_man_over() {
    let t = builtin("kyotoshogi");
    let p = fen(&t, "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    let m = moves(&p);
    // The pawn promotes, the gold of a lance turns back: never a plain move.
    assert_eq!(from(&m, "e1"), ["e1e2+"]);
    assert_eq!(from(&m, "a1"), ["a1a2-", "a1b2-"]);
    assert_eq!(from(&m, "b1"), ["b1a2+", "b1b2+", "b1c2+"]);
    // The king never changes.
    assert!(from(&m, "c1").iter().all(|x| x.len() == 4));
}

#[test]
fn kyoto_a_man_turns_over_and_back() {
    let t = builtin("kyotoshogi");
    let mut g = Game::new(fen(&t, "2k2/5/5/5/2K1P[] w - - 0 1"));
    play(&mut g, &["e1e2+", "c5c4"]);
    assert_eq!(placement(&g.position().fen()), "5/2k2/5/4+P/2K2");
    // The rook (a promoted pawn) moves as a rook and turns back.
    let m = from(&moves(g.position()), "e2");
    assert!(m.iter().all(|x| x.ends_with('-')), "{m:?}");
    assert!(m.contains(&"e2e5-".to_string()) && m.contains(&"e2a2-".to_string()));
    play(&mut g, &["e2e4-"]);
    assert_eq!(placement(&g.position().fen()), "5/2k1P/5/5/2K2");
}

#[test]
fn kyoto_a_captured_gold_goes_back_as_the_lance_or_knight_it_was() {
    let t = builtin("kyotoshogi");
    // +L takes +n: the captor's hand gets a knight, and the captor turns back.
    let mut g = Game::new(fen(&t, "p1k1+l/1+n3/1+L3/5/2K1P[] w - - 0 1"));
    play(&mut g, &["b3b4-"]);
    let f = g.position().fen();
    assert!(f.starts_with("p1k1+l/1L3/5/5/2K1P[N]"), "{f}");
    // The other way round: +N takes +l, the hand gets a lance.
    let mut g = Game::new(fen(&t, "2k2/3+l1/2+N2/5/2K2[] w - - 0 1"));
    play(&mut g, &["c3d4-"]);
    let f = g.position().fen();
    assert!(f.starts_with("2k2/3N1/5/5/2K2[L]"), "{f}");
}

#[test]
fn kyoto_drops_with_either_face() {
    let t = builtin("kyotoshogi");
    let p = fen(&t, "2k2/5/5/5/2K2[N] w - - 0 1");
    let m = moves(&p);
    // 23 empty squares, each with both faces.
    assert_eq!(from(&m, "N@").len(), 23);
    assert_eq!(from(&m, "+N@").len(), 23);
    let mut g = Game::new(p);
    play(&mut g, &["+N@c3"]);
    let f = g.position().fen();
    assert!(f.starts_with("2k2/5/2+N2/5/2K2[]"), "{f}");
    // The dropped gold of a knight turns back into a knight when it moves.
    play(&mut g, &["c5b5"]);
    assert_eq!(
        from(&moves(g.position()), "c3"),
        ["c3b3-", "c3b4-", "c3c2-", "c3c4-", "c3d3-", "c3d4-"]
    );
}

#[test]
fn micro_only_a_capture_turns_a_man_over() {
    let t = builtin("micro");
    let p = fen(&t, "k3/1+r2/1+B2/1+p2/3K[] w - - 0 1");
    let m = from(&moves(&p), "b3");
    // Quiet moves keep the gold of a bishop; the captures (b4, b2) turn it
    // back into a bishop, and may not be played without turning.
    assert_eq!(m, ["b3a3", "b3a4", "b3b2-", "b3b4-", "b3c3", "b3c4"]);
    let mut g = Game::new(p);
    play(&mut g, &["b3b4-"]);
    let f = g.position().fen();
    assert!(f.starts_with("k3/1B2/4/1+p2/3K[R]"), "{f}");
    // An unpromoted man promotes when it captures, and only then.
    let p = fen(&t, "k3/4/1p2/1P2/3K[] w - - 0 1");
    assert_eq!(from(&moves(&p), "b2"), ["b2b3+"]);
    let p = fen(&t, "k3/4/4/1P2/3K[] w - - 0 1");
    assert_eq!(from(&moves(&p), "b2"), ["b2b3"]);
}

#[test]
fn micro_drops_with_either_face() {
    let t = builtin("micro");
    let p = fen(&t, "k3/4/4/4/3K[R] w - - 0 1");
    let m = moves(&p);
    assert_eq!(from(&m, "R@").len(), 18);
    assert_eq!(from(&m, "+R@").len(), 18);
}

const OPTIONAL: &str = r#"
variant faces "Faces" {
  players white, black
  board 5x5
  use king
  piece pawn P moves "fW" promotes to tokin
  piece tokin T moves "WfF"
  region camp: white ranks 4..5, black ranks 1..2
  setup {
    white: K a1, P b2
    black: rotate white 180
  }
  captures to hand demoted
  actions move, place
  promote pawn in camp
  demote tokin in camp leaving optional
  place where not immobile
  place pawn promoted too
  end {
    checkmate -> lose
    stalemate -> lose
  }
}
"#;

#[test]
fn optional_demotion_offers_both_and_leaving_counts_moves_out_of_the_zone() {
    let t = inline(OPTIONAL);
    // A tokin inside the camp: each move may turn it back or not, also a
    // move that leaves the camp (`leaving`).
    let p = fen(&t, "4k/2+P2/5/5/K4[] w - - 0 1");
    let m = from(&moves(&p), "c4");
    assert!(m.contains(&"c4c5".to_string()) && m.contains(&"c4c5-".to_string()));
    assert!(m.contains(&"c4c3".to_string()) && m.contains(&"c4c3-".to_string()));
    // Outside the camp, a move that stays outside never turns it back.
    let p = fen(&t, "4k/5/5/2+P2/K4[] w - - 0 1");
    let m = from(&moves(&p), "c2");
    assert!(m.iter().all(|x| !x.ends_with('-')), "{m:?}");
    assert!(m.contains(&"c2c3".to_string()));
}

#[test]
fn a_promoted_drop_is_checked_as_the_man_it_puts_down() {
    let t = inline(OPTIONAL);
    // `not immobile` asks about the placed man: a pawn may not go on the
    // last rank, its promoted form (a tokin, which moves back) may.
    let p = fen(&t, "4k/5/5/5/K4[P] w - - 0 1");
    let m = moves(&p);
    assert!(!m.contains(&"P@c5".to_string()));
    assert!(m.contains(&"+P@c5".to_string()));
    assert!(m.contains(&"P@c4".to_string()) && m.contains(&"+P@c4".to_string()));
}

#[test]
fn the_reference_generator_agrees_on_two_faced_men() {
    for (name, f) in [
        ("kyotoshogi", "2k2/1+p1+s1/5/1+P1+S1/2K2[Nl] w - - 0 1"),
        ("kyotoshogi", "p1k1+l/1+n3/1+L3/5/2K1P[PSps] b - - 0 1"),
        ("micro", "k3/1+r2/1+B2/1+p2/3K[Pl] w - - 0 1"),
    ] {
        let t = builtin(name);
        let p = fen(&t, f);
        let mut fast = p.legal_moves().to_vec();
        let mut slow = p.legal_moves_reference();
        fast.sort_by_key(|m| format!("{m:?}"));
        slow.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(fast, slow, "{name} {f}");
    }
    let t = inline(OPTIONAL);
    let p = fen(&t, "4k/2+P2/5/5/K4[P] w - - 0 1");
    let mut fast = p.legal_moves().to_vec();
    let mut slow = p.legal_moves_reference();
    fast.sort_by_key(|m| format!("{m:?}"));
    slow.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(fast, slow);
}
