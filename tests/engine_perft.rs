//! Perft against the published chess values in `tests/perft/chess.perft`.

#[path = "fixtures/common.rs"]
mod common;

use varia::engine::{divide, parse_perft_file, perft, Position, Tables};

/// Counts up to this many nodes run in ordinary test runs.
const LIMIT: u64 = 250_000;

fn run(limit: u64) {
    let path = format!("{}/tests/perft/chess.perft", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let cases = parse_perft_file(&text).unwrap();
    assert!(cases.len() >= 7);
    let t = common::chess();
    for case in cases {
        let mut pos = Position::from_fen(t.clone(), &case.fen)
            .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
        assert_eq!(pos.fen(), case.fen, "FEN round trip, line {}", case.line);
        for &(d, n) in &case.counts {
            if n > limit {
                continue;
            }
            let got = perft(&mut pos, d);
            assert_eq!(got, n, "perft {d} of {} (line {})", case.fen, case.line);
        }
        assert_eq!(pos.fen(), case.fen, "perft leaves the position unchanged");
    }
}

#[test]
fn perft_chess_published_values() {
    run(LIMIT);
}

/// Every count of the file (minutes in release mode):
/// `cargo test --release --test engine_perft -- --ignored`.
#[test]
#[ignore]
fn perft_chess_deep() {
    run(u64::MAX);
}

#[test]
fn start_position_equals_start_fen() {
    let t = common::chess();
    let pos = Position::start(t.clone()).unwrap();
    assert_eq!(
        pos.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn divide_sums_to_perft() {
    let t = common::chess();
    let mut pos = common::fen(
        &t,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    let d = divide(&mut pos, 3);
    assert_eq!(d.len(), 48);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 97862);
}

/// The pin/check fast path and the make-and-test path agree.
#[test]
fn fast_and_generic_legality_agree() {
    let v = common::variant("chess");
    let fast = std::sync::Arc::new(Tables::new(&v).unwrap());
    let slow = std::sync::Arc::new(Tables::new(&v).unwrap().without_fast_legality());
    assert!(fast.uses_fast_legality());
    assert!(!slow.uses_fast_legality());
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
        ("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", 4),
    ] {
        let a = perft(&mut common::fen(&fast, fen), depth);
        let b = perft(&mut common::fen(&slow, fen), depth);
        assert_eq!(a, b, "{fen}");
    }
}

/// Chess perft 6 (bulk) speed, for the Fairy-Stockfish comparison:
/// `cargo test --release --test engine_perft perft6_speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn perft6_speed() {
    let t = common::chess();
    let pos = Position::start(t).unwrap();
    let cfg = varia::engine::bench::BenchConfig {
        perft_depth: 6,
        playout_time: std::time::Duration::from_secs(2),
        ..Default::default()
    };
    let r = varia::engine::bench::run(&pos, &cfg);
    assert_eq!(r.perft_nodes, 119_060_324);
    println!(
        "chess perft 6: {} nodes in {:.3} s = {:.1} M nodes/s; {:.0} random playouts/s ({} plies each on average)",
        r.perft_nodes,
        r.perft_time.as_secs_f64(),
        r.perft_nodes_per_sec / 1e6,
        r.playouts_per_sec,
        r.playout_plies / r.playouts.max(1)
    );
}

#[test]
fn position_from_a_variant_and_an_optional_fen() {
    let v = common::variant("chess");
    let start = Position::from_variant(&v, None).unwrap();
    assert_eq!(start.legal_moves().len(), 20);
    let p = Position::from_variant(&v, Some("4k3/8/8/8/8/8/8/4K3 b - - 0 1")).unwrap();
    assert_eq!(p.legal_moves().len(), 5);
    let e = Position::from_variant(&v, Some("4k3/8/8 b - - 0 1")).unwrap_err();
    assert!(e.to_string().contains("piece placement"), "{e}");
}

/// Rule files written from docs/LANGUAGE.md alone, without varia's source
/// (`tests/blind/`, see its FINDINGS.md), keep Fairy-Stockfish's
/// start-position counts: the documented syntax and its meaning stay as
/// they were.
#[test]
fn blind_rule_files_still_match_fairy_stockfish() {
    let dir = format!("{}/tests/blind", env!("CARGO_MANIFEST_DIR"));
    let table = std::fs::read_to_string(format!("{dir}/perft.txt")).unwrap();
    let mut files = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut it = line.split_whitespace();
        let name = it.next().unwrap();
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        let c = varia::check::check_str(name, &text, None, &[]);
        let errors: Vec<_> = c
            .diagnostics
            .iter()
            .filter(|d| d.severity == varia::diagnostic::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let t = std::sync::Arc::new(Tables::new(&c.variants[0]).expect("compiles"));
        let mut pos = Position::start(t).unwrap();
        for (d, n) in it.enumerate() {
            let n: u64 = n.parse().unwrap();
            if n > LIMIT {
                break;
            }
            assert_eq!(perft(&mut pos, d as u32 + 1), n, "{name} perft {}", d + 1);
        }
        files += 1;
    }
    assert_eq!(files, 48);
}
