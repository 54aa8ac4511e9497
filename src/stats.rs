//! Statistics of game results: proportions with 95% intervals, and the
//! score of one side with its Elo difference.

use serde::Serialize;

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A proportion `k` of `n` with its 95% Wilson score interval (which stays
/// inside 0..1 and is sensible at 0 and at `n`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Proportion {
    pub k: u64,
    pub n: u64,
    pub share: f64,
    pub low95: f64,
    pub high95: f64,
}

impl Proportion {
    pub fn new(k: u64, n: u64) -> Proportion {
        if n == 0 {
            return Proportion {
                k,
                n,
                share: 0.0,
                low95: 0.0,
                high95: 1.0,
            };
        }
        let (kf, nf) = (k as f64, n as f64);
        let p = kf / nf;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * nf)) / (1.0 + z2 / nf);
        let half = Z95 * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / (1.0 + z2 / nf);
        Proportion {
            k,
            n,
            share: p,
            low95: (centre - half).max(0.0),
            high95: (centre + half).min(1.0),
        }
    }
}

/// The score of one side over games it won, drew or lost (1, ½, 0 a
/// game), with a 95% interval from the spread of the per-game scores, and
/// the Elo difference those scores mean.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Score {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub score: f64,
    pub low95: f64,
    pub high95: f64,
    pub elo: f64,
    pub elo_low95: f64,
    pub elo_high95: f64,
}

/// The Elo difference of a score fraction (clamped to ±1200 at 0 and 1).
pub fn elo_of(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

impl Score {
    pub fn new(wins: u64, draws: u64, losses: u64) -> Score {
        let n = wins + draws + losses;
        let nf = n.max(1) as f64;
        let mean = (wins as f64 + 0.5 * draws as f64) / nf;
        let var = (wins as f64 * (1.0 - mean).powi(2)
            + draws as f64 * (0.5 - mean).powi(2)
            + losses as f64 * mean.powi(2))
            / nf;
        // With no spread (all wins, say) the Wilson interval of the score.
        let (lo, hi) = if var > 0.0 {
            let se = (var / nf).sqrt();
            ((mean - Z95 * se).max(0.0), (mean + Z95 * se).min(1.0))
        } else {
            let p = Proportion::new(wins + draws / 2, n);
            (p.low95, p.high95)
        };
        Score {
            wins,
            draws,
            losses,
            score: mean,
            low95: lo,
            high95: hi,
            elo: elo_of(mean),
            elo_low95: elo_of(lo),
            elo_high95: elo_of(hi),
        }
    }
}

/// Quantiles of game lengths kept as a histogram (`(length, games)` in
/// increasing length).
pub fn quantile(hist: &[(usize, u64)], q: f64) -> usize {
    let total: u64 = hist.iter().map(|h| h.1).sum();
    if total == 0 {
        return 0;
    }
    let rank = ((q * (total - 1) as f64).round() as u64).min(total - 1);
    let mut seen = 0;
    for &(len, n) in hist {
        seen += n;
        if rank < seen {
            return len;
        }
    }
    hist.last().map_or(0, |h| h.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_known_values() {
        // 61 of 100: about 51.2% to 70.0%.
        let p = Proportion::new(61, 100);
        assert!((p.low95 - 0.512).abs() < 0.002, "{p:?}");
        assert!((p.high95 - 0.700).abs() < 0.002, "{p:?}");
        // None of 10 still leaves room above 0.
        let p = Proportion::new(0, 10);
        assert_eq!(p.low95, 0.0);
        assert!((p.high95 - 0.278).abs() < 0.002, "{p:?}");
    }

    #[test]
    fn an_even_score_is_zero_elo_and_a_sweep_is_bounded() {
        let s = Score::new(30, 40, 30);
        assert!((s.score - 0.5).abs() < 1e-12);
        assert!(s.elo.abs() < 1e-9);
        assert!(s.elo_low95 < 0.0 && s.elo_high95 > 0.0);
        let s = Score::new(40, 0, 0);
        assert!(s.elo_low95 > 300.0 && s.elo_low95 < 600.0, "{s:?}");
        // 75% is about +191 Elo.
        assert!((Score::new(75, 0, 25).elo - 190.8).abs() < 0.5);
    }

    #[test]
    fn quantiles_of_a_histogram() {
        let h = [(10, 1), (20, 2), (30, 1)];
        assert_eq!(quantile(&h, 0.0), 10);
        assert_eq!(quantile(&h, 0.5), 20);
        assert_eq!(quantile(&h, 1.0), 30);
        assert_eq!(quantile(&[], 0.5), 0);
    }
}
