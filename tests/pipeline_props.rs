//! Whatever a rule file says, if the checker accepts it the engine must
//! compile it, start it and generate moves without panicking.

use proptest::prelude::*;
use std::sync::Arc;
use varia::engine::{perft, Position, Tables};

const ATOMS: &[&str] = &[
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "Q", "R", "B", "WW", "NN", "W3", "(1,4)",
    "(0,3)*", "(2,3)2",
];
const MODS: &[&str] = &[
    "", "m", "c", "f", "b", "l", "r", "v", "s", "fm", "fc", "i", "n", "p", "ff", "fs", "h", "fce",
    "ifmn",
];

fn betza() -> impl Strategy<Value = String> {
    prop::collection::vec((0..MODS.len(), 0..ATOMS.len()), 1..4).prop_map(|v| {
        v.into_iter()
            .map(|(m, a)| format!("{}{}", MODS[m], ATOMS[a]))
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// A shipped file with its Betza strings and board size replaced.
fn mutated() -> impl Strategy<Value = (String, String)> {
    let files: Vec<(&'static str, &'static str)> = varia::check::builtin_files()
        .iter()
        .copied()
        .filter(|(n, _)| *n != "prelude.variant")
        .collect();
    (
        0..files.len(),
        prop::collection::vec(betza(), 12),
        3u32..17,
        3u32..17,
        any::<bool>(),
    )
        .prop_map(move |(i, bs, w, h, resize)| {
            let (name, text) = files[i];
            let mut out = String::new();
            let mut k = 0;
            for (n, part) in text.split('"').enumerate() {
                // Odd parts are inside quotes; replace those that follow `moves`/`attacks`.
                if n % 2 == 1 && (out.ends_with("moves ") || out.ends_with("attacks ")) {
                    out.push_str(&bs[k % bs.len()]);
                    k += 1;
                } else {
                    out.push_str(part);
                }
                out.push('"');
            }
            out.pop();
            if resize {
                out = out
                    .replacen("board 8x8", &format!("board {w}x{h}"), 1)
                    .replacen("board 14x14", &format!("board {w}x{w}"), 1);
            }
            (name.to_string(), out)
        })
}

fn run(name: &str, text: &str) {
    let checked = varia::check::check_str(name, text, None, &[]);
    for v in &checked.variants {
        let Ok(t) = Tables::new(v) else { continue };
        let t = Arc::new(t);
        if let Ok(mut pos) = Position::start(t.clone()) {
            let _ = perft(&mut pos, 2);
            let fen = pos.fen();
            if let Ok(mut again) = Position::from_fen(t, &fen) {
                let _ = perft(&mut again, 1);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, rng_seed: proptest::test_runner::RngSeed::Fixed(0x0076_6172_6961), ..ProptestConfig::default() })]

    #[test]
    fn accepted_variants_never_panic_the_engine((name, text) in mutated()) {
        run(&name, &text);
    }
}

#[test]
fn every_shipped_variant_compiles_starts_and_moves() {
    for (name, text) in varia::check::builtin_files() {
        run(name, text);
    }
}

#[test]
fn the_mutations_are_often_accepted() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strat = mutated();
    let mut accepted = 0;
    for _ in 0..100 {
        let (name, text) = strat.new_tree(&mut runner).unwrap().current();
        if !varia::check::check_str(&name, &text, None, &[]).has_errors() {
            accepted += 1;
        }
    }
    assert!(
        accepted >= 20,
        "only {accepted} of 100 mutated variants were accepted: the property would test little"
    );
}
