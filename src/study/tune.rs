//! `varia tune`: the evaluation's weights fitted to the results of the
//! games varia plays itself (Texel's method), or to labelled positions
//! read from a file (`super::positions`: steps 1 and 2 are then the file).
//!
//! 1. **Games.** Seeded self-play through [`simulate::run`] (so game `i`
//!    is the same game whatever the number of threads, and the samples
//!    arrive in game order).
//! 2. **Positions.** Each game is replayed; a position is kept when it is
//!    quiet (the side to act is not in check and has no capture that wins
//!    material by static exchange), past the random opening plies, and
//!    labelled with the game's result for the first seat (1, ½, 0). Games
//!    stopped at the ply cap are not used.
//! 3. **Fit.** The evaluation is linear in its weights
//!    (`Eval::features`), so a position's predicted result is
//!    `σ(w·f / K)` with `σ(x) = 1 / (1 + e^-x)`. `K` is fitted first, with
//!    the weights the AI uses now, by golden-section search; then the
//!    weights, by coordinate descent on the mean squared error: each
//!    weight in turn tries a step up and down, keeps what lowers the
//!    error, and the steps halve when a whole pass finds nothing. Only
//!    weights whose feature is non-zero in enough positions
//!    ([`MIN_SUPPORT`]) move. Everything is in a fixed order, so a seed
//!    gives one result.

use crate::play::session::Prepared;
use crate::search::game::Game;
use crate::search::squares as sq;
use crate::search::weights::Weights;
pub use crate::study::samples::{quiet, Sample, MAX_SAMPLES, MAX_SPARSE};
use crate::study::simulate::{self, Config};
use crate::study::squares_fit::{self, SquareFit};

/// A weight moves only if its feature is non-zero in at least this share
/// of the positions (and in at least [`MIN_POSITIONS`] of them).
pub const MIN_SUPPORT: f64 = 0.01;
/// See [`MIN_SUPPORT`].
pub const MIN_POSITIONS: usize = 20;

/// The labelled quiet positions of one played game, after `skip` plies.
pub fn positions(
    prepared: &Prepared,
    rec: &simulate::Record<crate::engine::Move>,
    skip: usize,
    squares: bool,
) -> Vec<Sample> {
    let (Some(outcome), None) = (&rec.outcome, rec.forfeit) else {
        return Vec::new();
    };
    let result = outcome.score(0) as f32;
    let Ok(mut s) = prepared.session(None, rec.start_seed) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, &a) in rec.actions.iter().enumerate() {
        if i >= skip && quiet(&mut s) {
            let mut sparse = Vec::new();
            let (f, rest) = s
                .eval
                .features_with(s.position(), 0, squares.then_some(&mut sparse));
            out.push(Sample {
                features: f.iter().map(|&x| x as f32).collect(),
                sparse,
                rest: rest as f32,
                result,
            });
        }
        s.play(a);
    }
    out
}

/// Play `cfg`'s games and collect their labelled positions, in game order
/// (the same for any `cfg.jobs`), with the square tables' sparse features
/// when `squares`. `progress(games done, positions)` is called after each
/// game.
pub fn collect(
    prepared: &Prepared,
    cfg: &Config,
    skip: usize,
    squares: bool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Sample>, String> {
    let mut all: Vec<Sample> = Vec::new();
    let mut done = 0;
    let mut sparse_total = 0usize;
    simulate::run(
        cfg,
        |seed| {
            prepared
                .session(None, seed)
                .expect("the variant starts (checked before)")
        },
        |rec| positions(prepared, &rec, skip, squares),
        |samples| {
            done += 1;
            let room = MAX_SAMPLES.saturating_sub(all.len());
            for s in samples.into_iter().take(room) {
                if sparse_total + s.sparse.len() > MAX_SPARSE {
                    break;
                }
                sparse_total += s.sparse.len();
                all.push(s);
            }
            progress(done, all.len());
            Ok(true)
        },
    )?;
    Ok(all)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Each position's evaluation under weights `w`.
pub fn evals(samples: &[Sample], w: &[f64]) -> Vec<f64> {
    samples
        .iter()
        .map(|s| {
            s.features
                .iter()
                .zip(w)
                .map(|(&f, &x)| f as f64 * x)
                .sum::<f64>()
                + s.rest as f64
        })
        .collect()
}

/// The mean squared error of the predictions `σ(e/K)` against the results.
pub fn error(samples: &[Sample], evals: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples
        .iter()
        .zip(evals)
        .map(|(s, &e)| {
            let d = s.result as f64 - sigmoid(e / k);
            d * d
        })
        .sum::<f64>()
        / samples.len() as f64
}

/// The `K` (in hundredths of a pawn, 10 to 10,000) that fits the results
/// best for weights `w`: golden-section search on its logarithm.
pub fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    let e = evals(samples, w);
    let f = |lk: f64| error(samples, &e, lk.exp());
    let (mut a, mut b) = (10f64.ln(), 10_000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Which weights have enough support to be fitted ([`MIN_SUPPORT`]).
pub fn supported(samples: &[Sample], n: usize) -> Vec<bool> {
    let mut count = vec![0usize; n];
    for s in samples {
        for (c, &f) in count.iter_mut().zip(&s.features) {
            if f != 0.0 {
                *c += 1;
            }
        }
    }
    let need = ((samples.len() as f64 * MIN_SUPPORT) as usize).max(MIN_POSITIONS);
    count.into_iter().map(|c| c >= need).collect()
}

/// What a fit did.
#[derive(Debug, Clone)]
pub struct Fit {
    /// The fitted weights.
    pub weights: Vec<f64>,
    /// The error with the starting weights and with the fitted ones (the
    /// latter with the prior's share, see [`PRIOR`]).
    pub error_before: f64,
    pub error_after: f64,
    /// Passes over the weights.
    pub passes: usize,
}

/// How strongly a fit is held to its starting weights: the error minimised
/// is the mean squared error plus `PRIOR / positions` times the sum of each
/// weight's squared change relative to its start (at least 10), so a few
/// games cannot throw the weights far, and many games can.
pub const PRIOR: f64 = 50.0;

/// Coordinate descent from `w0` with `K` fixed: each weight that `free`
/// marks tries `±step` (its starting step: a tenth of its value, at least
/// `min_step`), within `bounds`; steps halve after a pass that changes
/// nothing, down to `min_step`. At most `max_passes` passes. The error
/// minimised is the mean squared error plus `prior / positions` times
/// the sum of the squared relative changes ([`PRIOR`]).
/// `on_pass(pass, error)` is told each pass's error.
#[allow(clippy::too_many_arguments)]
pub fn fit_weights(
    samples: &[Sample],
    w0: &[f64],
    k: f64,
    free: &[bool],
    bounds: &[(f64, f64)],
    min_step: f64,
    max_passes: usize,
    prior: f64,
    mut on_pass: impl FnMut(usize, f64),
) -> Fit {
    let mut w = w0.to_vec();
    let mut e = evals(samples, &w);
    let before = error(samples, &e, k);
    let scale: Vec<f64> = w0.iter().map(|x| x.abs().max(10.0)).collect();
    let per = prior / samples.len().max(1) as f64;
    let penalty = |i: usize, x: f64| per * ((x - w0[i]) / scale[i]).powi(2);
    let mut pen: Vec<f64> = vec![0.0; w.len()];
    let mut best = before;
    let mut step: Vec<f64> = w0
        .iter()
        .map(|&x| (x.abs() / 10.0).max(min_step * 4.0))
        .collect();
    let mut trial = vec![0.0; e.len()];
    let mut passes = 0;
    while passes < max_passes {
        passes += 1;
        let mut moved = false;
        for i in 0..w.len() {
            if !free[i] {
                continue;
            }
            for dir in [1.0, -1.0] {
                let nw = (w[i] + dir * step[i]).clamp(bounds[i].0, bounds[i].1);
                let delta = nw - w[i];
                if delta == 0.0 {
                    continue;
                }
                for ((t, &ei), s) in trial.iter_mut().zip(&e).zip(samples) {
                    *t = ei + delta * s.features[i] as f64;
                }
                let err =
                    error(samples, &trial, k) + pen.iter().sum::<f64>() - pen[i] + penalty(i, nw);
                if err < best - 1e-12 {
                    best = err;
                    pen[i] = penalty(i, nw);
                    w[i] = nw;
                    std::mem::swap(&mut e, &mut trial);
                    trial.resize(e.len(), 0.0);
                    moved = true;
                    break;
                }
            }
        }
        on_pass(passes, best);
        if !moved {
            let mut any = false;
            for (i, s) in step.iter_mut().enumerate() {
                if free[i] && *s > min_step {
                    *s = (*s / 2.0).max(min_step);
                    any = true;
                }
            }
            if !any {
                break;
            }
        }
    }
    Fit {
        weights: w,
        error_before: before,
        error_after: best,
        passes,
    }
}

/// What `varia tune` found.
#[derive(Debug, Clone)]
pub struct Tuned {
    pub weights: Weights,
    pub k: f64,
    pub positions: usize,
    pub fit: Fit,
    /// Which entries of [`Weights::to_vec`] were fitted.
    pub free: Vec<bool>,
    /// The square tables' fit, when asked (after the other weights').
    pub squares: Option<SquareFit>,
}

/// Fit the weights of `start` to `samples`: `K` first, then the weights;
/// then, where the samples carry the square tables' sparse features
/// (`len`: the entries of one table, `Some` to fit them), the tables by
/// gradient descent (`super::squares_fit`) with `K` and the other weights
/// fixed. `on_pass(pass, error)` is told each pass of the weights' fit
/// and (after it) each epoch of the tables' fit.
pub fn tune(
    samples: &[Sample],
    start: &Weights,
    squares: Option<usize>,
    mut on_pass: impl FnMut(usize, f64),
) -> Tuned {
    let w0 = start.to_vec();
    let nk = start.values.len();
    // The start tables' share, where the samples leave it out of `rest`.
    let x0 = squares.map(|len| sq::to_vec(&start.squares, len));
    let table_share = |x: &[f64]| -> Vec<f64> {
        samples
            .iter()
            .map(|s| {
                s.sparse
                    .iter()
                    .map(|&(j, f)| f as f64 * x.get(j as usize).copied().unwrap_or(0.0))
                    .sum()
            })
            .collect()
    };
    let held: Vec<Sample>;
    let dense: &[Sample] = match &x0 {
        Some(x) => {
            let share = table_share(x);
            held = samples
                .iter()
                .zip(share)
                .map(|(s, t)| Sample {
                    features: s.features.clone(),
                    sparse: Vec::new(),
                    rest: s.rest + t as f32,
                    result: s.result,
                })
                .collect();
            &held
        }
        None => samples,
    };
    let k = fit_k(dense, &w0);
    let free = supported(dense, w0.len());
    let bounds = Weights::bounds(nk);
    let mut fit = fit_weights(dense, &w0, k, &free, &bounds, 1.0, 200, PRIOR, &mut on_pass);
    let mut weights = start.from_vec(&fit.weights);
    let squares = match (squares, x0) {
        (Some(len), Some(x0)) => {
            // The evaluations without the tables, with the fitted weights.
            let base = evals(samples, &fit.weights);
            let sf = squares_fit::fit(samples, &base, &x0, k, &mut on_pass);
            let mut tables = sq::from_vec(&sf.tables, nk, len, squares_fit::BOUND);
            // A kind no position touched keeps what it had (no table: none).
            for (kind, t) in tables.iter_mut().enumerate() {
                let seen = (0..2 * len).any(|i| sf.touched[kind * 2 * len + i]);
                if !seen {
                    *t = start.squares[kind].clone();
                }
            }
            weights.squares = tables;
            fit.error_after = sf.error_after;
            Some(sf)
        }
        _ => None,
    };
    Tuned {
        weights,
        k,
        positions: samples.len(),
        fit,
        free,
        squares,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Positions with random features, each labelled with the result the
    /// model predicts for `w` and `k` (a fraction, as a draw is ½).
    fn synthetic(w: &[f64], k: f64, n: usize, seed: u64) -> Vec<Sample> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let features: Vec<f32> =
                    w.iter().map(|_| rng.gen_range(-3i32..=3) as f32).collect();
                let e: f64 = features.iter().zip(w).map(|(&f, &x)| f as f64 * x).sum();
                Sample {
                    features,
                    sparse: Vec::new(),
                    rest: 0.0,
                    result: sigmoid(e / k) as f32,
                }
            })
            .collect()
    }

    /// The evaluation is its features times its weights, up to rounding,
    /// along random games of variants with royals, hands, promotions and
    /// goals, for default and changed weights.
    #[test]
    fn the_features_times_the_weights_are_the_evaluation() {
        for name in ["chess", "crazyhouse", "kingofthehill", "shogi", "3check"] {
            let v = crate::load::builtin(name, &[]).unwrap();
            let base = Prepared::new(&v).unwrap();
            let mut changed = base.eval().weights().clone();
            changed.terms = [
                150, 60, 20, 5, 1, 4, 120, 100, 6, 25, 12, 140, 8, 25, 30, 15, 20, 5, 12, 70, 900,
                45, 11, 40, 12, 6,
            ];
            for x in changed.values.iter_mut().chain(changed.hand.iter_mut()) {
                *x = *x * 9 / 8;
            }
            for p in [base.clone(), base.with_weights(changed)] {
                let w = p.eval().weights().to_vec();
                let mut s = p.session(None, 1).unwrap();
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
                let mut acts = Vec::new();
                for _ in 0..60 {
                    if s.expand(&mut acts).is_some() {
                        break;
                    }
                    let e = p.eval().evaluate(s.position(), 0) as f64;
                    let (f, rest) = p.eval().features(s.position(), 0);
                    let lin: f64 = f.iter().zip(&w).map(|(a, b)| a * b).sum::<f64>() + rest;
                    // Each integer term truncates on its own (per man, per
                    // royal, per phase blend): 16 hundredths in all.
                    assert!((lin - e).abs() <= 16.0, "{name}: {lin} against {e}");
                    s.play(acts[rng.gen_range(0..acts.len())]);
                }
            }
        }
    }

    #[test]
    fn k_is_recovered_from_known_weights() {
        let w = [100.0, 300.0, 500.0];
        let s = synthetic(&w, 250.0, 2000, 1);
        let k = fit_k(&s, &w);
        assert!((k - 250.0).abs() < 2.0, "K = {k}");
    }

    #[test]
    fn a_synthetic_data_set_gives_back_its_weights() {
        let truth = [100.0, 320.0, 500.0, 40.0];
        let s = synthetic(&truth, 200.0, 4000, 2);
        let start = [100.0, 250.0, 650.0, 10.0];
        // The first weight is held, as the pawn anchors the scale.
        let free = [false, true, true, true];
        let bounds = vec![(0.0, 10_000.0); 4];
        let fit = fit_weights(&s, &start, 200.0, &free, &bounds, 0.25, 400, 0.0, |_, _| {});
        for (got, want) in fit.weights.iter().zip(truth) {
            assert!(
                (got - want).abs() <= 2.0,
                "{:?} against {truth:?}",
                fit.weights
            );
        }
        assert!(fit.error_after < fit.error_before / 100.0);
    }

    #[test]
    fn a_fit_is_the_same_each_time() {
        let truth = [100.0, 320.0, 500.0];
        let s = synthetic(&truth, 200.0, 500, 3);
        let free = [true; 3];
        let bounds = vec![(0.0, 10_000.0); 3];
        let fit = || {
            let start = [90.0, 300.0, 400.0];
            fit_weights(&s, &start, 150.0, &free, &bounds, 1.0, 50, 0.0, |_, _| {})
        };
        let (a, b) = (fit(), fit());
        assert_eq!(a.weights, b.weights);
    }
}
