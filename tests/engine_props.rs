//! Property tests on random playouts:
//! * make then unmake restores the FEN and the hash, and the incremental
//!   hash equals the hash computed from scratch;
//! * every position reached reads back from its FEN with the same hash and
//!   the same legal moves;
//! * the pin-based fast legality and make-and-test legality agree.

#[path = "fixtures/common.rs"]
mod common;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::{Arc, OnceLock};
use varia::engine::{Position, Tables};
use varia::ir::Variant;
use varia::notation::Describe;

struct Case {
    name: &'static str,
    fast: Arc<Tables>,
    slow: Arc<Tables>,
    fens: Vec<String>,
}

fn compile(v: &Variant) -> (Arc<Tables>, Arc<Tables>) {
    (
        Arc::new(Tables::new(v).unwrap()),
        Arc::new(Tables::new(v).unwrap().without_fast_legality()),
    )
}

fn cases() -> &'static Vec<Case> {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        let mut out = Vec::new();
        let mut add = |name: &'static str, v: Variant, extra: &[&str]| {
            let (fast, slow) = compile(&v);
            let mut fens = vec![Position::start(fast.clone()).unwrap().fen()];
            fens.extend(extra.iter().map(|s| s.to_string()));
            out.push(Case {
                name,
                fast,
                slow,
                fens,
            });
        };
        add(
            "chess",
            common::variant("chess"),
            &[
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
            ],
        );
        add(
            "quad6",
            common::variant("quad6"),
            &["wK4nK/6/wP1*3/6/1sPeP3/sK4eK s - - 0 1"],
        );
        add("fairy", common::variant("fairy"), &[]);
        // The generic path with its legality zone (lame leapers, hoppers,
        // region moves, `facing`) against every move probed.
        for (name, fens) in [
            (
                "xiangqi",
                &[
                    "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
                    "4k4/9/4c4/9/9/9/9/4R4/9/3K5 w - - 0 1",
                    "2bak4/4a4/2n1b4/pP2p4/2B6/9/4p4/3AB4/4A4/3K5 w - - 0 1",
                    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
                ][..],
            ),
            ("manchu", &[][..]),
            ("xiangqihouse", &[][..]),
            ("grasshopper", &[][..]),
            ("janggi", &[][..]),
        ] {
            let v = varia::load::builtin(name, &[]).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
            add(leaked, v, fens);
        }
        for name in [
            "capablanca",
            "crazyhouse",
            "losalamos",
            "quatrochess",
            "quatrochess-teams",
            "echek",
        ] {
            if let Ok(v) = varia::load::builtin(name, &[]) {
                let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
                add(leaked, v, &[]);
            }
        }
        out
    })
}

fn sorted_moves(p: &Position) -> Vec<String> {
    common::moves(p)
}

fn check_playout(case: &Case, fen: &str, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::from_fen(case.fast.clone(), fen).unwrap();
    for _ in 0..plies {
        let fen0 = pos.fen();
        let h0 = pos.hash();
        prop_assert_eq!(h0, pos.hash_from_scratch(), "{} {}", case.name, fen0);
        let back = Position::from_fen(case.fast.clone(), &fen0)
            .map_err(|e| TestCaseError::fail(format!("{}: {fen0}: {e}", case.name)))?;
        prop_assert_eq!(back.fen(), fen0.clone());
        prop_assert_eq!(back.hash(), h0, "{} {}", case.name, fen0);
        let moves = pos.legal_moves();
        prop_assert_eq!(
            sorted_moves(&back),
            sorted_moves(&pos),
            "{} {}",
            case.name,
            fen0
        );
        let slow = Position::from_fen(case.slow.clone(), &fen0).unwrap();
        prop_assert_eq!(
            sorted_moves(&slow),
            sorted_moves(&pos),
            "fast vs generic: {} {}",
            case.name,
            fen0
        );
        for &mv in moves.iter() {
            let u = pos.make(mv);
            prop_assert_eq!(
                pos.hash(),
                pos.hash_from_scratch(),
                "{} after {} in {}",
                case.name,
                pos.move_text(mv),
                fen0
            );
            pos.unmake(mv, u);
            prop_assert_eq!(
                pos.fen(),
                fen0.clone(),
                "{} unmake {}",
                case.name,
                pos.move_text(mv)
            );
            prop_assert_eq!(pos.hash(), h0);
        }
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        pos.play(mv);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, rng_seed: proptest::test_runner::RngSeed::Fixed(0x0076_6172_6961), ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_fen_and_hash(seed in any::<u64>(), which in 0usize..64, start in 0usize..8) {
        let cs = cases();
        let case = &cs[which % cs.len()];
        let fen = &case.fens[start % case.fens.len()];
        check_playout(case, fen, seed, 40)?;
    }
}

/// Every case at least once, with a long playout.
#[test]
fn long_playouts_in_every_variant() {
    for case in cases() {
        for (i, fen) in case.fens.iter().enumerate() {
            check_playout(case, fen, 7 + i as u64, 120).unwrap();
        }
    }
}
