//! `varia match`: two players over many games, colours alternated, from
//! seeded openings; the score of the first with an Elo difference and its
//! 95% error bar.

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use varia::ai::{self, Player};
use varia::game::{Game as _, Outcome};
use varia::simulate;

#[cfg(test)]
mod tests {
    #[test]
    fn elo_intervals() {
        let (m, e, lo, hi) = super::elo(&[1.0; 40]);
        assert_eq!(m, 1.0);
        assert!(e > 1000.0 && (400.0..500.0).contains(&lo) && hi >= e - 1.0);
        let (m, e, lo, hi) = super::elo(&[1.0, 0.0, 0.5, 0.5]);
        assert_eq!(m, 0.5);
        assert!(e.abs() < 1e-9 && lo < 0.0 && hi > 0.0 && (lo + hi).abs() < 1e-6);
    }
}

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The variant (two players): a built-in name or a `.variant` file.
    pub variant: String,
    /// The two players, as for `simulate --players`: ai:LEVEL, ai;st=0.1,
    /// uci:PATH;tc=40/60+0.5;option.NAME=VALUE, xboard:PATH, random.
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Number of games (rounded up to an even number: each opening is
    /// played twice, colours swapped).
    #[arg(short = 'n', long = "games", default_value_t = 40)]
    pub games: usize,
    /// Random plies of each opening (each within 60 cp of the best by a
    /// shallow search), seeded from --seed and the pair: 0 to 1000.
    #[arg(long, default_value_t = 4, value_parser = super::simulate::parse_random_plies)]
    pub openings: usize,
    /// Openings from FILE instead of random plies (the format of `simulate
    /// --openings`: a FEN or a move line a line, `#` comments); pair k
    /// plays the k-th opening, once each way.
    #[arg(long, value_name = "FILE")]
    pub book: Option<String>,
    /// The order of the --book openings: sequential, or random (shuffled
    /// once by --seed).
    #[arg(long, value_name = "ORDER", default_value = "sequential",
          value_parser = ["sequential", "random"], requires = "book")]
    pub book_order: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games at once (each engine seat starts its own process).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// A game still going after this many plies counts as a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The score fraction, its Elo difference, and the 95% interval of the
/// Elo difference (from the per-game scores).
pub fn elo(scores: &[f64]) -> (f64, f64, f64, f64) {
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let to_elo = |p: f64| {
        let p = p.clamp(0.001, 0.999);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    // The normal approximation of the per-game scores; at a clean sweep
    // (no spread) the Wilson interval of the score instead, so 40 of 40
    // reads as "at least about +440", not "± 0".
    let (lo, hi) = if var > 0.0 {
        let se = (var / n).sqrt();
        (mean - 1.96 * se, mean + 1.96 * se)
    } else {
        let z2 = 1.96f64 * 1.96;
        let centre = (mean + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = 1.96 * (mean * (1.0 - mean) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        (centre - half, centre + half)
    };
    (mean, to_elo(mean), to_elo(lo), to_elo(hi))
}

/// Whether an ending reason is one of the rules' (not a forfeit).
fn rule_ending(reason: &str) -> bool {
    !reason.contains("forfeit")
        && !reason.contains("not a legal move")
        && !reason.contains("engine")
        && !reason.contains(" did not ")
        && !reason.contains(" exited")
        && !reason.contains("cannot")
}

pub fn run(a: &MatchArgs) -> i32 {
    let (variant, _) = match super::load_variant(&a.variant, &a.options) {
        Ok(x) => x,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    if variant.players.len() != 2 {
        eprintln!(
            "error: match plays two-player variants; use simulate for {}",
            variant.name
        );
        return 2;
    }
    let players = match super::parse_players(&a.players, &variant, |_| Player::Random, false) {
        Ok(p) => p,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    let prepared = match super::prepare(&variant, a.seed) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let book = match super::load_book(a.book.as_deref(), &a.book_order, &variant, a.seed) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let pairs = a.games.div_ceil(2);
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(a.jobs.max(1))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start threads: {e}");
            return 1;
        }
    };
    // Score of the first player in each game, with the reason.
    let results: Result<Vec<(f64, String, usize)>, String> = pool.install(|| {
        (0..pairs * 2)
            .into_par_iter()
            .map(|i| {
                let pair = (i / 2) as u64;
                let seed = simulate::game_seed(a.seed, pair);
                let g = match &book {
                    Some(b) => b.start(&prepared, i, seed)?.0,
                    None => {
                        let mut g = prepared.session(None, seed).expect("checked above");
                        let mut rng = ChaCha8Rng::seed_from_u64(seed);
                        ai::random_opening(&mut g, a.openings, 60, &mut rng);
                        g
                    }
                };
                let swapped = i % 2 == 1;
                let seats = if swapped {
                    vec![players[1].clone(), players[0].clone()]
                } else {
                    players.clone()
                };
                let start = g.clone();
                let r = simulate::play_one(g, &seats, seed ^ i as u64, a.max_plies, 0, i);
                let first_seat = usize::from(swapped);
                let score = r.outcome.as_ref().map_or(0.5, |o| o.score(first_seat));
                let reason = r
                    .outcome
                    .as_ref()
                    .map_or("ply cap", Outcome::reason)
                    .to_string();
                eprintln!(
                    "game {:>3}: {} as {}: {} ({reason}, {} plies)",
                    i + 1,
                    players[0],
                    variant.players[first_seat].name,
                    match score {
                        s if s > 0.75 => "win",
                        s if s < 0.25 => "loss",
                        _ => "draw",
                    },
                    r.plies
                );
                if !r.outcome.as_ref().is_some_and(|o| rule_ending(o.reason())) {
                    // Not ended by a rule (a forfeit, the ply cap): show the game.
                    let mut g = start;
                    for &m in &r.actions {
                        g.play(m);
                    }
                    if let Some(t) = varia::game::Game::protocol_game(&g) {
                        eprintln!(
                            "  position {} moves {}",
                            t.fen.unwrap_or_else(|| "startpos".into()),
                            t.moves.join(" ")
                        );
                    }
                }
                Ok((score, reason, r.plies))
            })
            .collect()
    });
    let results = match results {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let scores: Vec<f64> = results.iter().map(|r| r.0).collect();
    let wins = scores.iter().filter(|&&s| s > 0.75).count();
    let losses = scores.iter().filter(|&&s| s < 0.25).count();
    let draws = scores.len() - wins - losses;
    let (mean, e, lo, hi) = elo(&scores);
    let err = (hi - lo) / 2.0;
    // Games lost outside the rules (an engine's illegal move, a time
    // forfeit), and the score without them.
    let clean: Vec<f64> = results
        .iter()
        .filter(|r| rule_ending(&r.1))
        .map(|r| r.0)
        .collect();
    let (clean_mean, clean_elo, clean_lo, clean_hi) = elo(&clean);
    let clean_err = (clean_hi - clean_lo) / 2.0;
    let mut reasons: Vec<(String, usize)> = Vec::new();
    for (_, r, _) in &results {
        match reasons.iter_mut().find(|(x, _)| x == r) {
            Some(x) => x.1 += 1,
            None => reasons.push((r.clone(), 1)),
        }
    }
    reasons.sort_by_key(|x| std::cmp::Reverse(x.1));
    if a.json {
        outln!(
            "{}",
            serde_json::json!({
                "variant": variant.name, "games": scores.len(), "seed": a.seed,
                "players": players.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
                "wins": wins, "draws": draws, "losses": losses, "score": mean,
                "elo": e, "elo_error95": err, "elo_low95": lo, "elo_high95": hi,
                "forfeits": scores.len() - clean.len(),
                "rules_only": {"games": clean.len(), "score": clean_mean, "elo": clean_elo, "elo_error95": clean_err, "elo_low95": clean_lo, "elo_high95": clean_hi},
                "reasons": reasons.iter().map(|(r, n)| serde_json::json!({"reason": r, "games": n})).collect::<Vec<_>>(),
            })
        );
        return 0;
    }
    outln!(
        "{} games of {}: {} vs {}",
        scores.len(),
        variant.title,
        players[0],
        players[1]
    );
    outln!(
        "{}: +{wins} ={draws} -{losses}, score {:.1}%, Elo {:+.0} ± {:.0} (95% interval {:+.0} to {:+.0})",
        players[0],
        100.0 * mean,
        e,
        err,
        lo,
        hi
    );
    if clean.len() < scores.len() {
        outln!(
            "without the {} games lost outside the rules: score {:.1}%, Elo {:+.0} ± {:.0}",
            scores.len() - clean.len(),
            100.0 * clean_mean,
            clean_elo,
            clean_err
        );
        let _ = (clean_lo, clean_hi);
    }
    for (r, n) in reasons {
        outln!("  {r:<24} {n}");
    }
    0
}
