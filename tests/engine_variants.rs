//! The engine on the shipped variants, through the real front end
//! (`varia::load`): perft data files `tests/perft/NAME.perft` (NAME is the
//! built-in variant), and FEN round trips of every start position.

use std::sync::Arc;
use varia::engine::{parse_perft_file, perft, perft_turns, Position, Tables};

/// Counts up to this many nodes run in ordinary test runs.
const LIMIT: u64 = 100_000;

fn tables(name: &str) -> Arc<Tables> {
    let v = varia::load::builtin(name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));
    Arc::new(Tables::new(&v).unwrap_or_else(|e| panic!("{name}: {e}")))
}

fn run(limit: u64) {
    let dir = format!("{}/tests/perft", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(files.len() >= 4);
    for path in files {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let t = tables(&name);
        let text = std::fs::read_to_string(&path).unwrap();
        for case in parse_perft_file(&text).unwrap() {
            let mut pos = if case.fen == "start" {
                Position::start(t.clone()).unwrap()
            } else {
                Position::from_fen(t.clone(), &case.fen).unwrap()
            };
            for &(d, n) in &case.counts {
                if n <= limit {
                    assert_eq!(perft(&mut pos, d), n, "{name}: perft {d} of {}", case.fen);
                }
            }
            for &(d, n) in &case.turn_counts {
                if n <= limit {
                    let got = perft_turns(&mut pos, d);
                    assert_eq!(got, n, "{name}: perft --turns {d} of {}", case.fen);
                }
            }
        }
    }
}

#[test]
fn perft_of_shipped_variants() {
    run(LIMIT);
}

/// The variants of the perft data files, by name.
fn perft_variants() -> Vec<String> {
    let dir = format!("{}/tests/perft", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

/// Counting the moves (perft's last ply, which takes the steps of many
/// men at once where it can) and asking whether any exists give what the
/// move list gives, at every position of a random game of every variant
/// with a perft file (the list of promotions, double steps and captures
/// of many kinds of pawns).
#[test]
fn counting_and_listing_agree_in_every_shipped_variant() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut positions = 0;
    for name in perft_variants() {
        let t = tables(&name);
        for _ in 0..3 {
            let mut pos = Position::start(t.clone()).unwrap();
            for _ in 0..80 {
                let moves = pos.legal_moves();
                let fen = pos.fen();
                assert_eq!(perft(&mut pos, 1), moves.len() as u64, "{name}: {fen}");
                assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{name}: {fen}");
                positions += 1;
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[next(moves.len())]);
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}

/// `cargo test --release --test engine_variants -- --ignored`
#[test]
#[ignore]
fn perft_of_shipped_variants_deep() {
    run(u64::MAX);
}

#[test]
fn every_shipped_variant_compiles_and_round_trips_its_start_fen() {
    for name in [
        "chess",
        "chess960",
        "capablanca",
        "crazyhouse",
        "losalamos",
        "echek",
        "ecsech",
        "ecsech-rapid",
        "quatrochess",
        "quatrochess-teams",
        "raindropchess",
    ] {
        let t = tables(name);
        let pos = Position::start(t.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let fen = pos.fen();
        let back = Position::from_fen(t, &fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        assert_eq!(back.fen(), fen, "{name}");
        assert_eq!(back.hash(), pos.hash(), "{name}");
    }
}

#[test]
fn chess_from_the_rule_file_matches_the_fixture() {
    let file = tables("chess");
    let path = format!(
        "{}/tests/fixtures/chess.ir.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let fixture: varia::ir::Variant =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let fixture = Arc::new(Tables::new(&fixture).unwrap());
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let a = perft(&mut Position::from_fen(file.clone(), fen).unwrap(), 3);
        let b = perft(&mut Position::from_fen(fixture.clone(), fen).unwrap(), 3);
        assert_eq!(a, b, "{fen}");
    }
}

/// Every row of the published Chess960 perft table
/// (`tests/perft/chess960.full`, 960 positions) to depth
/// `CHESS960_DEPTH` (default 5; the table goes to 6), every row or every
/// `CHESS960_EVERY`th (default 1):
/// `cargo test --test engine_variants -- --ignored chess960_table --nocapture`
#[test]
#[ignore]
fn chess960_table_every_row() {
    let depth: u32 = std::env::var("CHESS960_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    let every: usize = std::env::var("CHESS960_EVERY")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(1)
        .max(1);
    let path = format!("{}/tests/perft/chess960.full", env!("CARGO_MANIFEST_DIR"));
    let cases = parse_perft_file(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(cases.len(), 960);
    let t = tables("chess960");
    let start = std::time::Instant::now();
    let mut nodes = 0u64;
    for case in cases.iter().step_by(every) {
        let mut pos = Position::from_fen(t.clone(), &case.fen).unwrap();
        for &(d, n) in case.counts.iter().filter(|&&(d, _)| d <= depth) {
            assert_eq!(
                perft(&mut pos, d),
                n,
                "perft {d} of {} (line {})",
                case.fen,
                case.line
            );
            nodes += n;
        }
    }
    eprintln!(
        "chess960 table: {} rows to depth {depth}, {nodes} nodes in {:.1} s",
        cases.len().div_ceil(every),
        start.elapsed().as_secs_f64()
    );
}

/// The start of a game of a variant with a `shuffle` line is dealt from
/// the seed: the same seed deals the same setup, different seeds different
/// ones, and every setup dealt is a Chess960 setup (bishops on opposite
/// colours, the king between the rooks, Black mirroring White).
#[test]
fn shuffled_setups_follow_the_seed() {
    let t = tables("chess960");
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200u64 {
        let a = Position::start_seeded(t.clone(), seed).unwrap().fen();
        let b = Position::start_seeded(t.clone(), seed).unwrap().fen();
        assert_eq!(a, b, "seed {seed}");
        let ranks: Vec<&str> = a.split(' ').next().unwrap().split('/').collect();
        let (black, white) = (ranks[0], ranks[7]);
        assert_eq!(black.to_ascii_uppercase(), white, "{a}");
        assert_eq!((ranks[1], ranks[6]), ("pppppppp", "PPPPPPPP"), "{a}");
        let bishops: Vec<usize> = white.match_indices('B').map(|(i, _)| i).collect();
        assert_eq!(bishops.len(), 2, "{a}");
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "bishops on one colour: {a}");
        let (r1, k, r2) = (
            white.find('R').unwrap(),
            white.find('K').unwrap(),
            white.rfind('R').unwrap(),
        );
        assert!(r1 < k && k < r2, "king outside its rooks: {a}");
        assert!(a.contains(" w KQkq - 0 1"), "castling rights: {a}");
        seen.insert(white.to_string());
    }
    // 200 draws from 960 setups: about 181 different ones expected.
    assert!(seen.len() > 150, "{}", seen.len());
}

/// `--option position=N` starts from Scharnagl's setup N: 518 is chess,
/// 0 is BBQNNRKR; the seed then changes nothing.
#[test]
fn chess960_positions_by_number() {
    let by = |n: &str| {
        let v = varia::load::builtin("chess960", &[("position".into(), n.into())]).unwrap();
        let t = Arc::new(Tables::new(&v).unwrap());
        let a = Position::start_seeded(t.clone(), 1).unwrap().fen();
        assert_eq!(a, Position::start_seeded(t, 99).unwrap().fen());
        a
    };
    assert_eq!(
        by("518"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        by("0"),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!(
        by("959"),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"
    );
}

/// The `shuffle` line of `chess960` numbers its arrangements as Scharnagl
/// does, all 960 of them, as python-chess numbers them
/// (`tests/fixtures/chess960_setups.txt`).
#[test]
fn chess960_numbering_is_scharnagls() {
    let path = format!(
        "{}/tests/fixtures/chess960_setups.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let want: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(want.len(), 960);
    let v = varia::load::builtin("chess960", &[]).unwrap();
    let shuffle = &v.setup.shuffles[0];
    let got: Vec<String> = shuffle
        .arrangements()
        .iter()
        .map(|a| {
            a.iter()
                .map(|&k| v.pieces[k as usize].letter.ch())
                .collect()
        })
        .collect();
    assert_eq!(got, want);
}

/// Los Alamos chess: a lone king against a lone king, or against a king
/// and a knight, is a draw by insufficient material (as XBoard adjudicates
/// it); a king and a rook against a king is not.
#[test]
fn los_alamos_bare_kings_are_a_draw_by_insufficient_material() {
    let v = varia::load::builtin("losalamos", &[]).expect("built-in variant");
    let over = |fen: &str| {
        let s = varia::play::session::Session::new(&v, Some(fen), 1).expect("position");
        s.result().map(|o| o.reason().to_string())
    };
    assert_eq!(
        over("6/2k3/6/6/3K2/6 w - - 0 1").as_deref(),
        Some("insufficient material")
    );
    assert_eq!(
        over("6/2k3/6/6/3KN1/6 b - - 0 1").as_deref(),
        Some("insufficient material")
    );
    assert_eq!(over("6/2k3/6/6/3KR1/6 b - - 0 1"), None);
}
