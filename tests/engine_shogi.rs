//! Shogi's constructs on the catalogue's shogi family: promoted forms
//! (`promotes to`, `+X` in FEN, captured back to the base), shogi zones
//! (`leaving`, `optional`, forced where the man could never move), drop
//! conditions (`immobile`, `same_file`) and `checkmate by placing`.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::{Game, Status};

fn winners(g: &Game) -> Option<u8> {
    match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        _ => None,
    }
}

const WHITE: u8 = 1;
const BLACK: u8 = 2;

fn from(m: &[String], prefix: &str) -> Vec<String> {
    m.iter()
        .filter(|x| x.starts_with(prefix))
        .cloned()
        .collect()
}

#[test]
fn a_pawn_reaching_the_last_rank_must_promote() {
    let t = builtin("minishogi");
    let p = fen(&t, "1bsgk/P3p/5/5/KGSBR[] w - - 0 1");
    assert_eq!(from(&moves(&p), "a4"), ["a4a5+"]);
}

#[test]
fn a_silver_may_promote_entering_leaving_or_inside_the_zone() {
    let t = builtin("minishogi");
    // Entering: both ways.
    let p = fen(&t, "r1bgk/4p/1S3/P4/KG1BR[] w - - 0 1");
    let m = moves(&p);
    assert!(m.contains(&"b3b4".to_string()) && !m.contains(&"b3b4+".to_string()));
    assert!(m.contains(&"b3a4".to_string()));
    // Inside and leaving: both ways.
    let p = fen(&t, "r1Sgk/4p/5/P4/KG1BR[] w - - 0 1");
    let m = from(&moves(&p), "c5");
    assert_eq!(m, ["c5b4", "c5b4+", "c5d4", "c5d4+"]);
}

#[test]
fn a_captured_promoted_man_goes_to_the_hand_unpromoted() {
    let t = builtin("minishogi");
    let mut g = Game::new(fen(&t, "r1sgk/4+P/5/P4/KGS1R[] b - - 0 1"));
    play(&mut g, &["d5e4"]);
    let f = g.position().fen();
    assert!(f.contains("[p]"), "{f}");
    // The promoted form is written `+` and its piece's letter, and read back.
    let p = fen(&t, "r1sgk/4+P/5/P4/KGS1R[] b - - 0 1");
    assert!(p.fen().starts_with("r1sgk/4+P/5/P4/KGS1R"), "{}", p.fen());
}

#[test]
fn no_pawn_drop_on_a_file_with_an_own_unpromoted_pawn_nor_on_the_last_rank() {
    let t = builtin("minishogi");
    let p = fen(&t, "4k/5/5/P3+P/K4[P] w - - 0 1");
    let drops = from(&moves(&p), "P@");
    // Not on the a file (a pawn), not on rank 5 (immobile); the e file holds
    // only a tokin, which does not count.
    assert!(drops
        .iter()
        .all(|d| !d.starts_with("P@a") && !d.ends_with('5')));
    assert!(drops.contains(&"P@e3".to_string()));
    assert_eq!(drops.len(), 4 * 3 + 3);
}

#[test]
fn a_knight_may_not_be_dropped_on_the_last_two_ranks_and_must_promote_there() {
    let t = builtin("shogi");
    let p = fen(&t, "4k4/9/4N4/9/9/9/9/9/4K4[N] w - - 0 1");
    let m = moves(&p);
    assert!(m
        .iter()
        .filter(|x| x.starts_with("N@"))
        .all(|x| !x.ends_with('8') && !x.ends_with('9')));
    assert_eq!(from(&m, "e7"), ["e7d9+", "e7f9+"]);
}

#[test]
fn checkmate_by_a_pawn_drop_loses_for_the_dropper() {
    let t = builtin("minishogi");
    let mut g = Game::new(fen(&t, "k4/2S2/1G3/5/4K[P] w - - 0 1"));
    play(&mut g, &["P@a4"]);
    assert!(g.legal_moves().is_empty());
    assert_eq!(winners(&g), Some(BLACK));
}

#[test]
fn checkmate_by_a_pawn_move_wins() {
    let t = builtin("minishogi");
    let mut g = Game::new(fen(&t, "k4/2S2/PG3/5/4K[] w - - 0 1"));
    play(&mut g, &["a3a4"]);
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn compulsory_promotion_leaves_no_unpromoted_move_in_the_zone() {
    let t = builtin("euroshogi");
    let p = fen(&t, "k7/8/3N4/8/8/8/8/4K3[] w - - 0 1");
    let m = from(&moves(&p), "d6");
    assert!(!m.is_empty() && m.iter().all(|x| x.ends_with('+')), "{m:?}");
}

#[test]
fn a_third_swallow_may_not_be_dropped_on_a_file() {
    let t = builtin("torishogi");
    let p = fen(&t, "3k3/7/7/3S3/3S3/7/3K3[S] w - - 0 1");
    let drops = from(&moves(&p), "S@");
    assert!(drops.iter().all(|d| !d.starts_with("S@d")));
    assert!(drops.contains(&"S@c3".to_string()));
    // With one swallow on the file, a second may be dropped.
    let p = fen(&t, "3k3/7/7/3S3/7/7/3K3[S] w - - 0 1");
    assert!(moves(&p).contains(&"S@d3".to_string()));
}

#[test]
fn a_lion_on_the_far_rank_wins_only_unattacked() {
    let t = builtin("dobutsu");
    // The lion steps onto a4, attacked by the black giraffe on b4: no win.
    let mut g = Game::new(fen(&t, "1gl/L2/3/3[] w - - 0 1"));
    play(&mut g, &["a3a4"]);
    assert_eq!(winners(&g), None);
    assert!(!g.legal_moves().is_empty());
    // Unattacked on its far rank: a win at once.
    let mut g = Game::new(fen(&t, "2l/L2/3/3[] w - - 0 1"));
    play(&mut g, &["a3a4"]);
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn a_captured_lion_loses_the_game() {
    let t = builtin("dobutsu");
    let mut g = Game::new(fen(&t, "2l/1G1/L2/3[] w - - 0 1"));
    play(&mut g, &["b3c3"]);
    assert_eq!(winners(&g), None);
    let mut g = Game::new(fen(&t, "3/1Gl/L2/3[] w - - 0 1"));
    play(&mut g, &["b3c3"]);
    assert_eq!(winners(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty());
}
