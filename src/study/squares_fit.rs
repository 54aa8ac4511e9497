//! `varia tune --squares`: the square tables (`search::squares`)
//! fitted by gradient descent, after the other weights.
//!
//! The tables have some 800 entries in chess (six kinds, two phases, 64
//! squares): too many for the coordinate descent of the other weights.
//! They are fitted on the same error, the mean squared error of `σ(e/K)`
//! against the labels, plus a prior: `SQUARE_PRIOR / N` times the sum of
//! `(entry / 100)²` over the entries (`N` the positions), which pulls
//! each entry toward 0, so that a square seen in few positions stays
//! near 0 (and one seen in many may move far). With `K` and the other
//! weights fixed (fitted first), full-batch Adam runs [`EPOCHS`] epochs
//! over the positions in file (or game) order, its step shrinking
//! linearly from [`RATE`] to a tenth of it; each entry is kept within
//! `±BOUND` after each step and rounded at the end. Entries no position
//! touches keep their start. Nothing depends on the thread count: the
//! same positions give the same tables.

use super::samples::Sample;

/// Passes of Adam over all the positions.
pub const EPOCHS: usize = 300;
/// Adam's first step (hundredths of a pawn); it shrinks to a tenth.
pub const RATE: f64 = 2.0;
/// The largest magnitude of a fitted entry.
pub const BOUND: i32 = 300;
/// The prior's weight: the error minimised is the mean squared error plus
/// `SQUARE_PRIOR / N * Σ (entry / 100)²`: an entry of 100 costs as much
/// as one position predicted wrong by 1.
pub const SQUARE_PRIOR: f64 = 1.0;

/// What the fit of the square tables did.
#[derive(Debug, Clone)]
pub struct SquareFit {
    /// The tables as one vector (`squares::to_vec`), fitted.
    pub tables: Vec<f64>,
    /// Which entries some position touched.
    pub touched: Vec<bool>,
    /// The mean squared error before (with the start tables) and after.
    pub error_before: f64,
    pub error_after: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Each position's evaluation: `base` (the rest of the evaluation) plus
/// its sparse features times `x`.
fn evals(samples: &[Sample], base: &[f64], x: &[f64]) -> Vec<f64> {
    samples
        .iter()
        .zip(base)
        .map(|(s, &b)| {
            b + s
                .sparse
                .iter()
                .map(|&(j, f)| f as f64 * x.get(j as usize).copied().unwrap_or(0.0))
                .sum::<f64>()
        })
        .collect()
}

fn mse(samples: &[Sample], e: &[f64], k: f64) -> f64 {
    let n = samples.len().max(1) as f64;
    samples
        .iter()
        .zip(e)
        .map(|(s, &e)| (s.result as f64 - sigmoid(e / k)).powi(2))
        .sum::<f64>()
        / n
}

/// Fit the tables `x0` (laid out as `squares::to_vec`) to `samples`,
/// whose evaluations without the tables are `base`, with `K` = `k`.
/// `on_epoch(epoch, error)` is told each epoch's mean squared error
/// (before its step).
pub fn fit(
    samples: &[Sample],
    base: &[f64],
    x0: &[f64],
    k: f64,
    mut on_epoch: impl FnMut(usize, f64),
) -> SquareFit {
    let n = x0.len();
    let ns = samples.len().max(1) as f64;
    let mut touched = vec![false; n];
    for s in samples {
        for &(j, _) in &s.sparse {
            if let Some(t) = touched.get_mut(j as usize) {
                *t = true;
            }
        }
    }
    let mut x = x0.to_vec();
    let before = mse(samples, &evals(samples, base, &x), k);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-15);
    let (mut m, mut v, mut g) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let prior = SQUARE_PRIOR / ns / 1e4;
    let bound = BOUND as f64;
    for epoch in 1..=EPOCHS {
        g.iter_mut().for_each(|x| *x = 0.0);
        let mut err = 0.0;
        for (s, &b) in samples.iter().zip(base) {
            let e = b + s
                .sparse
                .iter()
                .map(|&(j, f)| f as f64 * x.get(j as usize).copied().unwrap_or(0.0))
                .sum::<f64>();
            let p = sigmoid(e / k);
            let d = s.result as f64 - p;
            err += d * d;
            let c = -2.0 * d * p * (1.0 - p) / k / ns;
            for &(j, f) in &s.sparse {
                if let Some(gj) = g.get_mut(j as usize) {
                    *gj += c * f as f64;
                }
            }
        }
        on_epoch(epoch, err / ns);
        let t = epoch as i32;
        let rate = RATE * (1.0 - 0.9 * (epoch - 1) as f64 / EPOCHS.max(2) as f64);
        for j in 0..n {
            if !touched[j] {
                continue;
            }
            let gj = g[j] + 2.0 * prior * x[j];
            m[j] = b1 * m[j] + (1.0 - b1) * gj;
            v[j] = b2 * v[j] + (1.0 - b2) * gj * gj;
            let mh = m[j] / (1.0 - b1.powi(t));
            let vh = v[j] / (1.0 - b2.powi(t));
            x[j] = (x[j] - rate * mh / (vh.sqrt() + eps)).clamp(-bound, bound);
        }
    }
    for xj in &mut x {
        *xj = xj.round();
    }
    let after = mse(samples, &evals(samples, base, &x), k);
    SquareFit {
        tables: x,
        touched,
        error_before: before,
        error_after: after,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entry 0 wins, entry 1 loses, entry 2 is never seen, entry 3 is
    /// seen once: the fit finds the signs, leaves 2 alone and keeps 3
    /// near 0.
    #[test]
    fn the_fit_follows_the_labels_and_the_prior_holds_rare_entries() {
        let mut samples = Vec::new();
        for i in 0..400 {
            let (j, result) = if i % 2 == 0 { (0, 0.7) } else { (1, 0.3) };
            samples.push(Sample {
                features: Vec::new(),
                sparse: vec![(j, 1.0)],
                rest: 0.0,
                result,
            });
        }
        samples.push(Sample {
            features: Vec::new(),
            sparse: vec![(3, 1.0)],
            rest: 0.0,
            result: 1.0,
        });
        let base = vec![0.0; samples.len()];
        let x0 = [0.0, 0.0, 17.0, 0.0];
        let a = fit(&samples, &base, &x0, 200.0, |_, _| {});
        // σ(x/200) = 0.7 at x = 169.
        assert!(a.tables[0] > 90.0 && a.tables[0] <= 175.0, "{:?}", a.tables);
        assert!(
            a.tables[1] < -90.0 && a.tables[1] >= -175.0,
            "{:?}",
            a.tables
        );
        assert_eq!(a.tables[2], 17.0);
        assert!(a.tables[3].abs() < a.tables[0] / 5.0, "{:?}", a.tables);
        assert_eq!(a.touched, vec![true, true, false, true]);
        assert!(a.error_after < a.error_before);
        // The same positions give the same tables.
        let b = fit(&samples, &base, &x0, 200.0, |_, _| {});
        assert_eq!(a.tables, b.tables);
    }
}
