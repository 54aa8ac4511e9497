//! Seeded random playouts of the card and multi-player variants
//! (Raindropchess, Quatrochess, partnership Quatrochess), with invariants
//! checked after every action:
//!
//! * men are conserved: men on the board + cards left in decks + men
//!   captured or removed + royals removed by eliminations = the start total;
//! * the incremental hash equals the hash recomputed from scratch;
//! * unmake restores the position exactly (FEN and hash), then the action
//!   is made again;
//! * the player to act is in the game; every man on the board belongs to a
//!   player in the game (armies pass on elimination);
//! * every game ends by the rules within a cap;
//! * the same seed gives the same game.
//!
//! Fast default: a few hundred games per variant. The full run:
//! `cargo test --release --test playouts_cards_players -- --ignored --nocapture`

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Instant;
use varia::engine::Bits;
use varia::engine::{Game, Move, MoveKind, MoveList, Position, Status, Tables};

const CAP: usize = 6000;

fn tables(name: &str) -> Arc<Tables> {
    let v = varia::load::builtin(name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));
    Arc::new(Tables::new(&v).unwrap())
}

fn material(pos: &Position) -> u32 {
    let n = pos.tables().players() as u8;
    pos.occupied().count() + (0..n).map(|p| pos.deck_len(p)).sum::<u32>()
}

fn royals(pos: &Position) -> u32 {
    let t = pos.tables();
    pos.men().filter(|(_, m)| t.is_royal(m.kind())).count() as u32
}

/// Men this move takes off the board (captures and joker removals).
fn taken(pos: &Position, mv: Move) -> u32 {
    match mv.kind() {
        MoveKind::Normal | MoveKind::Lame => mv.to().and_then(|s| pos.man_at(s)).is_some() as u32,
        MoveKind::EnPassant => 1,
        MoveKind::DrawPlace => (mv.placed() == Some(u8::MAX) && mv.to().is_some()) as u32,
        _ => 0,
    }
}

struct Outcome {
    plies: usize,
    /// Players eliminated during the game.
    out: u32,
    winners: u8,
    trace: u64,
}

fn play(t: &Arc<Tables>, seed: u64, check: bool) -> Outcome {
    let pos = Position::start_seeded(t.clone(), seed).unwrap();
    let start = material(&pos);
    let mut game = Game::new(pos);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut moves = MoveList::new();
    let mut gone = 0u32;
    let mut trace = 0u64;
    for ply in 0..CAP {
        let st = game.status_into(&mut moves);
        if let Status::Ended { winners, .. } = st {
            return Outcome {
                plies: ply,
                out: t.players() as u32 - game.position().alive().count_ones(),
                winners,
                trace,
            };
        }
        assert!(
            matches!(st, Status::Ongoing),
            "seed {seed}: status {st:?} at ply {ply}"
        );
        assert!(!moves.is_empty(), "seed {seed}: ongoing without a move");
        let pos = game.position();
        let me = pos.turn();
        assert!(pos.alive() & (1 << me) != 0, "an eliminated player acts");
        let mv = moves[rng.gen_range(0..moves.len())];
        let took = taken(pos, mv);
        gone += took;
        let royal_taken = took == 1
            && mv.kind() != MoveKind::EnPassant
            && mv
                .to()
                .and_then(|s| pos.man_at(s))
                .is_some_and(|m| t.is_royal(m.kind()));
        let royals_before = royals(pos);
        if check {
            let mut p2 = pos.clone();
            let (fen, hash) = (p2.fen(), p2.hash());
            let u = p2.make(mv);
            p2.unmake(mv, u);
            assert_eq!(p2.fen(), fen, "seed {seed}: unmake of {mv:?}");
            assert_eq!(p2.hash(), hash);
        }
        game.play(mv);
        let pos = game.position();
        // Royals removed by eliminations (a placed royal adds one).
        gone += (royals_before as i64 - royals(pos) as i64 - royal_taken as i64).max(0) as u32;
        trace = trace.rotate_left(5) ^ pos.hash();
        if check {
            assert_eq!(pos.hash(), pos.hash_from_scratch(), "seed {seed}: hash");
            assert_eq!(
                material(pos) + gone,
                start,
                "seed {seed}: men not conserved"
            );
            for (_, m) in pos.men() {
                assert!(
                    pos.alive() & (1 << m.owner()) != 0,
                    "a man of an eliminated player"
                );
            }
            assert!(pos.alive() & (1 << pos.turn()) != 0);
        }
    }
    panic!("seed {seed}: no end within {CAP} plies");
}

fn run(name: &str, games: u64, check: bool) {
    let t = tables(name);
    let n = t.players();
    let teams = t.variant().teams.clone();
    let t0 = Instant::now();
    let mut plies = 0usize;
    let mut out = 0u32;
    let mut with_out = 0u32;
    let mut draws = 0u64;
    let mut wins = vec![0u64; n];
    let mut team_wins = vec![0u64; teams.len()];
    for seed in 0..games {
        let o = play(&t, seed, check);
        plies += o.plies;
        out += o.out;
        with_out += (o.out > 0) as u32;
        if o.winners == 0 {
            draws += 1;
        }
        for (p, w) in wins.iter_mut().enumerate() {
            if o.winners & (1 << p) != 0 {
                *w += 1;
            }
        }
        for (i, team) in teams.iter().enumerate() {
            if team.iter().any(|&p| o.winners & (1 << p) != 0) {
                team_wins[i] += 1;
            }
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "{name}: {games} games in {secs:.2} s ({:.0} games/s), average {:.1} plies; draws {draws}; wins per seat {:?}; wins per team {:?}; {out} eliminations in {with_out} games",
        games as f64 / secs,
        plies as f64 / games as f64,
        wins,
        team_wins
    );
    // Same seed, same game.
    for seed in [1, games / 2] {
        let a = play(&t, seed, false);
        let b = play(&t, seed, false);
        assert_eq!((a.plies, a.winners, a.trace), (b.plies, b.winners, b.trace));
    }
}

#[test]
fn raindropchess_playouts() {
    run("raindropchess", 300, true);
}

#[test]
fn quatrochess_playouts() {
    run("quatrochess", 60, true);
}

#[test]
fn quatrochess_teams_playouts() {
    run("quatrochess-teams", 60, true);
}

#[test]
#[ignore = "10,000 games per variant: run in release mode with --ignored"]
fn raindropchess_playouts_10k() {
    run("raindropchess", 10_000, true);
}

#[test]
#[ignore = "10,000 games per variant: run in release mode with --ignored"]
fn quatrochess_playouts_10k() {
    run("quatrochess", 10_000, true);
}

#[test]
#[ignore = "10,000 games per variant: run in release mode with --ignored"]
fn quatrochess_teams_playouts_10k() {
    run("quatrochess-teams", 10_000, true);
}
