//! Variants with more than 32 kinds of piece (the limit is
//! [`varia::ir::MAX_PIECES`], 64): a generated variant of 25 lettered
//! pieces, 15 of them `face down` (one added kind each: 40 kinds, kinds
//! 25..=39 on the board at the start), perfts as its 25-kind twin without
//! `face down` (the 15 listed pieces all step as a king, so what a
//! face-down man turns out to be changes no count), plays seeded games to
//! the end or 200 plies, and an IR over the limit is refused by the
//! compile stage.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use varia::engine::{perft, Position, Tables};
use varia::play::ai::{self, Player};
use varia::play::session::Session;
use varia::search::game::Game as _;

/// Letters for the generated pieces: every capital but `K` (the king) and
/// `X` (face-down men are written `X`).
const LETTERS: &str = "ABCDEFGHIJLMNOPQRSTUVWYZ";

/// The generated variant: on a 12x12 board, a king and 24 pieces per
/// side (the first 9 with moves of their own, the other 15 stepping as a
/// king), each side's men on its first two ranks; `face down` lists the
/// 15 king-steppers when `hidden`.
fn generated(hidden: bool) -> String {
    let riders = ["R", "B", "N", "Q", "W", "F", "fsW", "C", "Z"];
    let mut s = String::from(
        "variant many_kinds \"Many kinds\" {\n  players white, black\n  board 12x12\n  piece king K moves \"K\" royal\n",
    );
    let mut listed = Vec::new();
    for (i, l) in LETTERS.chars().enumerate() {
        let moves = riders.get(i).copied().unwrap_or("K");
        s += &format!(
            "  piece man_{} {l} moves \"{moves}\"\n",
            l.to_ascii_lowercase()
        );
        if i >= riders.len() {
            listed.push(format!("man_{}", l.to_ascii_lowercase()));
        }
    }
    // The king on f1, the 24 pieces on the rest of ranks 1 and 2 and on f3.
    let files = "abcdefghijkl";
    let mut white = vec!["K f1".to_string()];
    let mut squares = files
        .chars()
        .map(|f| format!("{f}1"))
        .filter(|q| q != "f1")
        .chain(files.chars().map(|f| format!("{f}2")))
        .chain(std::iter::once("f3".to_string()));
    for l in LETTERS.chars() {
        white.push(format!("{l} {}", squares.next().expect("a square")));
    }
    s += &format!(
        "  setup {{\n    white: {}\n    black: mirror white\n  }}\n",
        white.join(", ")
    );
    if hidden {
        s += &format!("  face down {}\n", listed.join(", "));
    }
    s += "  end {\n    checkmate -> lose\n    stalemate -> draw\n  }\n}\n";
    s
}

fn compiled(text: &str) -> (varia::ir::Variant, Arc<Tables>) {
    let c = varia::check::check_str("many_kinds.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}\n{text}", c.diagnostics);
    let v = c.variants[0].clone();
    let t = Arc::new(Tables::new(&v).expect("compiles"));
    (v, t)
}

#[test]
fn a_variant_of_forty_kinds_has_men_of_kinds_past_thirty_one() {
    let (v, t) = compiled(&generated(true));
    assert_eq!(v.pieces.len(), 40);
    let pos = Position::start_seeded(t, 3).expect("a start");
    let kinds: std::collections::BTreeSet<u8> = pos
        .men_of(0)
        .into_iter()
        .chain(pos.men_of(1))
        .filter_map(|sq| pos.man_at(sq))
        .map(|m| m.kind())
        .collect();
    // Every face-down kind (25..=39) stands on the board, 8 of them past 31.
    assert!((25..40).all(|k| kinds.contains(&k)), "{kinds:?}");
}

#[test]
fn a_variant_of_forty_kinds_perfts_as_its_twin_of_twenty_five() {
    let (_, hidden) = compiled(&generated(true));
    let (_, plain) = compiled(&generated(false));
    let mut twin = Position::start(plain).expect("a start");
    for seed in [0u64, 9] {
        let mut pos = Position::start_seeded(hidden.clone(), seed).expect("a start");
        for depth in 1..=3 {
            assert_eq!(
                perft(&mut pos, depth),
                perft(&mut twin, depth),
                "seed {seed}, depth {depth}"
            );
        }
    }
    // The twin's count (`varia perft` of the two files agrees), so that
    // the equality above is not of two zeros.
    assert_eq!(perft(&mut twin, 3), 89425);
}

#[test]
fn a_variant_of_forty_kinds_plays() {
    let (v, _) = compiled(&generated(true));
    for seed in 0..2u64 {
        let mut s = Session::new(&v, None, seed).expect("a session");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut plies = 0;
        while s.result().is_none() && plies < 200 {
            let who = if plies % 2 == 0 {
                Player::Ai(1)
            } else {
                Player::Random
            };
            let legal = s.legal();
            let a = ai::choose(&s, &who, &mut rng).expect("an action");
            assert!(legal.contains(&a), "seed {seed} ply {plies}: {a:?}");
            s.play(a);
            plies += 1;
        }
        assert!(plies > 20, "seed {seed}: only {plies} plies");
    }
}

#[test]
fn the_compile_stage_refuses_more_kinds_than_a_kind_set_holds() {
    // An IR from another front end may list any number of pieces: past
    // MAX_PIECES the compile stage refuses it (the checker refuses a file
    // before: `too-many`).
    let (mut v, _) = compiled(&generated(false));
    let spare = v.pieces[1].clone();
    while v.pieces.len() <= varia::ir::MAX_PIECES {
        v.pieces.push(spare.clone());
    }
    let Err(e) = Tables::new(&v) else {
        panic!("an IR of 65 kinds compiled")
    };
    let e = e.to_string();
    assert!(e.contains("at most 64"), "{e}");
}

#[test]
fn a_kind_set_holds_kinds_past_thirty_one() {
    use varia::ir::KindSet;
    let s: KindSet = [0u8, 31, 32, 39, 63].iter().collect();
    assert!(s.contains(32) && s.contains(39) && s.contains(63) && s.contains(31));
    assert!(!s.contains(1) && !s.contains(33));
    assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 31, 32, 39, 63]);
    assert_eq!(KindSet::first(varia::ir::MAX_PIECES).len(), 64);
}
