//! Chess perft speed (bulk counting), with node-count assertions.
//!
//! `cargo bench --bench perft`. The chess variant comes from the IR fixture
//! `tests/fixtures/chess.ir.json`.
//!
//! The group `set_width` plays the same perft on square sets of each width
//! the engine has (64, 128, 192 and 256 squares): chess, and Quatrochess
//! (192 real squares) on the two widths it fits. It shows what a wider set
//! costs the same game, apart from the game's own rules.

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::sync::Arc;
use varia::engine::{perft, Position, Tables};

fn chess() -> Arc<Tables> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/chess.ir.json");
    let text = std::fs::read_to_string(path).expect("chess fixture");
    let variant = serde_json::from_str(&text).expect("chess fixture parses");
    Arc::new(Tables::new(&variant).expect("chess compiles"))
}

/// Bench perft of `pos` to `depth` as `id`, asserting `nodes` before and
/// on every run.
fn perft_case(
    g: &mut BenchmarkGroup<WallTime>,
    id: String,
    mut pos: Position,
    depth: u32,
    nodes: u64,
) {
    assert_eq!(perft(&mut pos, depth), nodes, "{id}");
    g.throughput(Throughput::Elements(nodes));
    g.bench_function(id, |b| {
        b.iter(|| {
            let n = perft(&mut pos, depth);
            assert_eq!(n, nodes);
            n
        })
    });
}

fn bench(c: &mut Criterion) {
    let t = chess();
    let cases = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
            4_865_609u64,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
            4_085_603,
        ),
        (
            "position3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            5,
            674_624,
        ),
    ];
    let mut g = c.benchmark_group("chess_perft");
    g.sample_size(10);
    for (name, fen, depth, nodes) in cases {
        let pos = Position::from_fen(t.clone(), fen).expect("valid FEN");
        perft_case(&mut g, format!("{name}_d{depth}"), pos, depth, nodes);
    }
    g.finish();
}

fn set_width(c: &mut Criterion) {
    let mut g = c.benchmark_group("set_width");
    g.sample_size(10);
    let chess = varia::load::builtin("chess", &[]).expect("chess loads");
    let quatro = varia::load::builtin("quatrochess", &[]).expect("quatrochess loads");
    let cases = [
        (
            "chess",
            &chess,
            4,
            197_281u64,
            [64, 128, 192, 256].as_slice(),
        ),
        ("quatrochess", &quatro, 3, 59_319, [192, 256].as_slice()),
    ];
    for (name, variant, depth, nodes, widths) in cases {
        for &bits in widths {
            let t = Tables::with_width(variant, bits).expect("fits the width");
            let pos = Position::start(Arc::new(t)).expect("starts");
            perft_case(&mut g, format!("{name}_d{depth}_{bits}"), pos, depth, nodes);
        }
    }
    g.finish();
}

criterion_group!(benches, bench, set_width);
criterion_main!(benches);
