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
        let p = k as f64 / n as f64;
        let (low95, high95) = wilson(p, n as f64);
        Proportion {
            k,
            n,
            share: p,
            low95,
            high95,
        }
    }
}

/// The 95% Wilson score interval of a share `p` of `n` trials (`n > 0`).
fn wilson(p: f64, nf: f64) -> (f64, f64) {
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * nf)) / (1.0 + z2 / nf);
    let half = Z95 * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt() / (1.0 + z2 / nf);
    ((centre - half).max(0.0), (centre + half).min(1.0))
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
    // (`+ 0.0`: an even score is 0, not -0.)
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
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
        // With no spread (all wins, all draws or all losses) the Wilson
        // interval of the score (of ½ for all draws: not of a whole
        // number of half the draws).
        let (lo, hi) = if var > 0.0 {
            let se = (var / nf).sqrt();
            ((mean - Z95 * se).max(0.0), (mean + Z95 * se).min(1.0))
        } else if n > 0 {
            wilson(mean, nf)
        } else {
            (0.0, 1.0)
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

/// A sequential probability ratio test of the first side's Elo
/// difference, as cutechess-cli's `-sprt`: H0 is "Elo = elo0", H1 is
/// "Elo = elo1"; `alpha` and `beta` are the error rates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What a [`Sprt`] decided, and when.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SprtDecision {
    /// `true`: H1 accepted (the first side is at least `elo1` stronger);
    /// `false`: H0 accepted.
    pub h1: bool,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub games: u64,
}

impl std::str::FromStr for Sprt {
    type Err = String;

    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05` (alpha and beta default to
    /// 0.05), or the same values by position: `0,10` or `0,10,0.05,0.05`.
    fn from_str(s: &str) -> Result<Sprt, String> {
        if !s.contains('=') {
            let parts: Vec<&str> = s.split(',').map(str::trim).collect();
            if !(2..=4).contains(&parts.len()) {
                return Err(format!(
                    "`{s}`: give elo0,elo1 or elo0,elo1,alpha,beta (as in 0,10 or 0,10,0.05,0.05)"
                ));
            }
            let named: Vec<String> = parts
                .iter()
                .zip(["elo0", "elo1", "alpha", "beta"])
                .map(|(v, n)| format!("{n}={v}"))
                .collect();
            return named.join(",").parse();
        }
        let mut t = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in s.split(',') {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}` is not NAME=VALUE (elo0, elo1, alpha, beta)"))?;
            let x: f64 = v
                .trim()
                .parse()
                .map_err(|_| format!("`{v}` is not a number"))?;
            match k.trim() {
                "elo0" => t.elo0 = x,
                "elo1" => t.elo1 = x,
                "alpha" => t.alpha = x,
                "beta" => t.beta = x,
                other => {
                    return Err(format!(
                        "unknown SPRT setting `{other}` (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if !(t.elo0.is_finite() && t.elo1.is_finite() && t.elo0 < t.elo1) {
            return Err("give elo0 and elo1 with elo0 < elo1, as in elo0=0,elo1=10".into());
        }
        if !(t.alpha > 0.0 && t.alpha < 0.5 && t.beta > 0.0 && t.beta < 0.5) {
            return Err("alpha and beta are error rates between 0 and 0.5".into());
        }
        Ok(t)
    }
}

impl Sprt {
    /// The log-likelihood ratio of H1 against H0 after these results (a
    /// normal approximation of the per-game scores), with the bounds.
    pub fn llr(&self, wins: u64, draws: u64, losses: u64) -> (f64, f64, f64) {
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        if wins + draws + losses == 0 {
            return (0.0, lower, upper);
        }
        // Half a win and half a loss added (a weak prior at an even
        // score): a short run of identical results (all wins) then counts
        // as evidence that grows with its length, instead of having no
        // spread to weigh.
        let (w, d, l) = (wins as f64 + 0.5, draws as f64, losses as f64 + 0.5);
        let n = w + d + l;
        let s = (w + 0.5 * d) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        let llr = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
        (llr, lower, upper)
    }

    /// The log-likelihood ratio of H1 against H0 by the generalised SPRT
    /// on the trinomial model, as fishtest computes it: the results'
    /// distribution over a win, a draw and a loss (a count of zero taken
    /// as 0.001, as fishtest regularises), and for each hypothesis the
    /// distribution of greatest likelihood whose expected score is that
    /// hypothesis's (`1 / (1 + 10^(-elo/400))`); the ratio is
    /// `n · Σ p̂ᵢ ln(p1ᵢ / p0ᵢ)`. For many games it is the familiar
    /// `n (s1 - s0) (2s - s0 - s1) / 2σ²`; for a few (a run of wins) it
    /// stays finite and grows game by game. Returns the ratio and the
    /// bounds.
    pub fn gsprt(&self, wins: u64, draws: u64, losses: u64) -> (f64, f64, f64) {
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        if wins + draws + losses == 0 {
            return (0.0, lower, upper);
        }
        let count = |x: u64| (x as f64).max(1e-3);
        let counts = [count(losses), count(draws), count(wins)];
        let n: f64 = counts.iter().sum();
        let seen = counts.map(|c| c / n);
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let p0 = most_likely(seen, expected(self.elo0));
        let p1 = most_likely(seen, expected(self.elo1));
        let llr = (0..3).map(|i| seen[i] * (p1[i] / p0[i]).ln()).sum::<f64>();
        (n * llr, lower, upper)
    }

    /// The decision after these results, if the test has reached one.
    pub fn decide(&self, wins: u64, draws: u64, losses: u64) -> Option<SprtDecision> {
        let (llr, lower, upper) = self.llr(wins, draws, losses);
        let games = wins + draws + losses;
        (llr >= upper || llr <= lower).then_some(SprtDecision {
            h1: llr >= upper,
            llr,
            lower,
            upper,
            games,
        })
    }
}

/// The distribution over the scores 0, ½, 1 of greatest likelihood for
/// the observed one `seen` whose expected score is `s` (0 < s < 1):
/// `pᵢ = seenᵢ / (1 + x (aᵢ - s))`, with `x` the root of `Σ seenᵢ (aᵢ - s)
/// / (1 + x (aᵢ - s)) = 0` (decreasing in `x` between `-1/(1-s)` and `1/s`;
/// found by bisection).
fn most_likely(seen: [f64; 3], s: f64) -> [f64; 3] {
    const SCORE: [f64; 3] = [0.0, 0.5, 1.0];
    let f = |x: f64| {
        (0..3)
            .map(|i| seen[i] * (SCORE[i] - s) / (1.0 + x * (SCORE[i] - s)))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let x = 0.5 * (lo + hi);
    let p = [0, 1, 2].map(|i| seen[i] / (1.0 + x * (SCORE[i] - s)));
    let total: f64 = p.iter().sum();
    p.map(|q| q / total)
}

/// Quantiles of game lengths kept as a histogram (`(length, games)` in
/// increasing length).
pub fn quantile(hist: &[(usize, u64)], q: f64) -> usize {
    let total: u64 = hist.iter().map(|h| h.1).sum();
    if total == 0 {
        return 0;
    }
    nth(
        hist,
        ((q * (total - 1) as f64).round() as u64).min(total - 1),
    )
}

/// The length at 0-based rank `k` in length order (0 past the end).
pub fn nth(hist: &[(usize, u64)], k: u64) -> usize {
    let mut seen = 0;
    for &(len, n) in hist {
        seen += n;
        if k < seen {
            return len;
        }
    }
    0
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
        // Three draws: an even score, its interval around ½.
        let s = Score::new(0, 3, 0);
        assert_eq!(s.score, 0.5);
        assert!(
            (s.low95 + s.high95 - 1.0).abs() < 1e-9 && s.low95 > 0.1,
            "{s:?}"
        );
    }

    #[test]
    fn sprt_accepts_the_hypothesis_the_results_support() {
        let a: Sprt = "0,10".parse().unwrap();
        assert_eq!(a, "elo0=0,elo1=10".parse().unwrap());
        let c: Sprt = "-5, 5, 0.1, 0.2".parse().unwrap();
        assert_eq!((c.elo0, c.elo1, c.alpha, c.beta), (-5.0, 5.0, 0.1, 0.2));
        assert!("10".parse::<Sprt>().is_err());
        assert!("10,0".parse::<Sprt>().is_err());
        assert!("0,10,0.05,0.05,1".parse::<Sprt>().is_err());
        let t: Sprt = "elo0=0,elo1=50".parse().unwrap();
        // 60% over 600 games (about +70 Elo): H1.
        let d = t.decide(300, 120, 180).unwrap();
        assert!(d.h1 && d.llr >= d.upper, "{d:?}");
        // An even score over 2,000 games: H0.
        let d = t.decide(700, 600, 700).unwrap();
        assert!(!d.h1 && d.llr <= d.lower, "{d:?}");
        // Too few games to tell.
        assert_eq!(t.decide(3, 2, 2), None);
        assert!("elo0=5,elo1=0".parse::<Sprt>().is_err());
        assert!("elo0=0,elo1=5,gamma=1".parse::<Sprt>().is_err());
        // Bounds for alpha = beta = 0.05: ln(0.05/0.95) and ln(0.95/0.05).
        let (_, lo, hi) = t.llr(1, 1, 1);
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
    }

    #[test]
    fn gsprt_agrees_with_the_published_formula() {
        // 4307 wins, 8620 draws, 4063 losses at [0, 3]: LLR 2.99, as the
        // normal approximation n (s1 - s0) (2s - s0 - s1) / 2σ² gives for
        // so many games.
        let t: Sprt = "elo0=0,elo1=3".parse().unwrap();
        let (llr, lo, hi) = t.gsprt(4307, 8620, 4063);
        assert!((llr - 2.99).abs() < 0.01, "{llr}");
        assert!((lo + 2.944).abs() < 0.001 && (hi - 2.944).abs() < 0.001);
        // A run of wins: each adds about ln(s1 / s0), 0.247 at [0, 100]
        // (s0 = 0.5, s1 = 0.640), so twelve decide, not one.
        let t: Sprt = "elo0=0,elo1=100".parse().unwrap();
        let one = t.gsprt(1, 0, 0).0;
        assert!((one - (0.640_065f64 / 0.5).ln()).abs() < 0.01, "{one}");
        assert!(t.gsprt(11, 0, 0).0 < hi && t.gsprt(12, 0, 0).0 > hi);
        assert!(t.gsprt(10, 0, 10).0 < 0.0);
        assert_eq!(t.gsprt(0, 0, 0).0, 0.0);
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
