//! Seeded random playouts of the placement games (Echek, Ecséch,
//! Rapid'Ecséch), checking after every action: the limit box, connectivity
//! (the engine's flood fill and a petgraph reference), conservation of men
//! (board + hands + removed), the incremental hash, FEN round trips, and
//! that every game ends. The fast run also compares every legal-move list
//! with a slow reference generator (IR predicates, full make/unmake).
//!
//! Fast: `cargo test --test playouts_placement -- --nocapture`.
//! Full (10,000 games per variant):
//! `cargo test --release --test playouts_placement -- --ignored --nocapture`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Instant;
use varia::engine::{sorted_moves, Game, MoveList, Position, Status, Tables};

struct Spec {
    name: &'static str,
    opts: &'static [(&'static str, &'static str)],
    /// Box limit to check (unbounded boards).
    limit: Option<(i32, i32)>,
    /// Connectivity to check: (neighbours, per player).
    connected: Option<(u8, bool)>,
    /// A hard cap: a game longer than this is a failure.
    cap: u32,
}

const SPECS: &[Spec] = &[
    Spec {
        name: "echek",
        opts: &[("ply_limit", "400")],
        limit: Some((4, 4)),
        connected: Some((8, false)),
        cap: 401,
    },
    Spec {
        name: "echek",
        opts: &[("ply_limit", "400"), ("connectivity", "per_colour")],
        limit: Some((4, 4)),
        connected: Some((8, true)),
        cap: 401,
    },
    Spec {
        name: "ecsech",
        opts: &[("quiet_limit", "100")],
        limit: None,
        connected: None,
        cap: 100 * 33 + 1,
    },
    Spec {
        name: "ecsech-rapid",
        opts: &[],
        limit: None,
        connected: None,
        cap: 33,
    },
];

fn tables(spec: &Spec) -> Arc<Tables> {
    let opts: Vec<(String, String)> = spec
        .opts
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let v = varia::load::builtin(spec.name, &opts).expect("loads");
    Arc::new(Tables::new(&v).expect("compiles"))
}

/// Per player, per kind: men on the board, in hand and removed.
fn census(p: &Position) -> Vec<Vec<u32>> {
    let t = p.tables();
    let kinds = t.variant().pieces.len();
    let mut c = vec![vec![0u32; kinds]; t.players()];
    for (_, m) in p.men() {
        c[m.owner() as usize][m.kind() as usize] += 1;
    }
    for (pl, row) in c.iter_mut().enumerate() {
        for (k, n) in row.iter_mut().enumerate() {
            *n += p.hand(pl as u8, k as u8) + p.removed(pl as u8, k as u8);
        }
    }
    c
}

fn check(spec: &Spec, p: &Position, start: &[Vec<u32>], fen_too: bool) {
    assert_eq!(p.hash(), p.hash_from_scratch(), "hash of {}", p.fen());
    assert_eq!(census(p), start, "men conserved in {}", p.fen());
    if let Some((w, h)) = spec.limit {
        let geo = p.tables().geometry();
        let xs: Vec<(i32, i32)> = p.men().map(|(s, _)| geo.coords(s)).collect();
        let (x0, x1) = (xs.iter().map(|c| c.0).min(), xs.iter().map(|c| c.0).max());
        let (y0, y1) = (xs.iter().map(|c| c.1).min(), xs.iter().map(|c| c.1).max());
        if let (Some(x0), Some(x1), Some(y0), Some(y1)) = (x0, x1, y0, y1) {
            assert!(x1 - x0 < w && y1 - y0 < h, "box in {}", p.fen());
        }
    }
    if let Some((n, per)) = spec.connected {
        assert_eq!(
            p.invariants_hold(),
            p.connected_reference(n, per),
            "flood fill and petgraph disagree: {}",
            p.fen()
        );
        // An action whose end-of-action removal would split a colour is
        // illegal, so the invariant holds after every complete action.
        assert!(p.invariants_hold(), "connected in {}", p.fen());
    }
    if fen_too {
        let back = Position::from_fen(p.tables().clone(), &p.fen()).expect("fen reads");
        assert_eq!(back.fen(), p.fen());
        assert_eq!(
            back.hash(),
            p.hash(),
            "hash after FEN round trip: {}",
            p.fen()
        );
    }
}

fn run(games: u32, seed: u64, reference: bool) {
    for spec in SPECS {
        let t = tables(spec);
        let start_pos = Position::start(t.clone()).unwrap();
        let start = census(&start_pos);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut moves = MoveList::new();
        let (mut plies, mut white, mut black, mut draws) = (0u64, 0u32, 0u32, 0u32);
        let clock = Instant::now();
        for _ in 0..games {
            let mut g = Game::new(start_pos.clone());
            loop {
                match g.status_into(&mut moves) {
                    Status::Ongoing => {}
                    Status::Ended { winners, .. } => {
                        match winners {
                            0 => draws += 1,
                            1 => white += 1,
                            _ => black += 1,
                        }
                        break;
                    }
                    other => panic!("pending status in {}: {other:?}", g.position().fen()),
                }
                let ply = g.position().ply();
                assert!(ply < spec.cap, "{}: game too long", spec.name);
                assert!(!moves.is_empty(), "ongoing without a legal action");
                if reference {
                    assert_eq!(
                        sorted_moves(moves.to_vec()),
                        g.position().legal_moves_reference(),
                        "fast and reference generation differ in {}",
                        g.position().fen()
                    );
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                g.play(mv);
                plies += 1;
                check(spec, g.position(), &start, games <= 1000 || ply % 8 == 0);
            }
        }
        let secs = clock.elapsed().as_secs_f64();
        println!(
            "{} {:?}: {games} games in {secs:.2} s = {:.0} games/s, {:.1} plies on average; white {white}, black {black}, draws {draws}",
            spec.name,
            spec.opts,
            games as f64 / secs,
            plies as f64 / games as f64,
        );
        assert_eq!(white + black + draws, games);
    }
}

#[test]
fn playouts_placement_games() {
    run(300, 4, true);
}

#[test]
#[ignore = "10,000 games per variant: run in release mode"]
fn playouts_placement_games_10000() {
    run(10_000, 2026, false);
}
