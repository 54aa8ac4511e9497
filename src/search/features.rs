//! The evaluation as features, linear in its weights, for `varia tune`
//! (off the search's path): [`Eval::features`] and, with the square
//! tables' sparse features, [`Eval::features_with`].

use super::{Cp, Eval, Scratch, TROPISM_VALUE};
use crate::engine::{Man, Position, Square};
use crate::search::squares;
use crate::search::weights::{self as w};
use crate::search::{dynamic, structure, threats};

impl Eval {
    /// The evaluation as features, linear in the weights: `features[i]`
    /// is what weight `i` of [`w::Weights::to_vec`] multiplies (the values,
    /// the hand values, then the terms; a percent term's feature is per
    /// percent), and `rest` is what no weight multiplies (a debt of men in
    /// hand). `Weights::to_vec` · `features` + `rest` is [`Eval::evaluate`]
    /// up to its integer rounding, without the progress term of a move
    /// counter (which is not linear). For `varia tune`, off the search's
    /// path. The square tables' share is in `rest` (see
    /// [`Eval::features_with`]).
    pub fn features(&self, pos: &Position, player: usize) -> (Vec<f64>, f64) {
        self.features_with(pos, player, None)
    }

    /// [`Eval::features`], and with `sparse` the square tables' features
    /// too, sparse (`super::squares::push_features`: per man, its
    /// kind's mid entry at its owner's phase over 256 and its end entry at
    /// the rest, by [`squares::feature_index`] for every kind, with or
    /// without a table) appended to `sparse` and left out of `rest`.
    pub fn features_with(
        &self,
        pos: &Position,
        player: usize,
        sparse: Option<&mut Vec<(u32, f32)>>,
    ) -> (Vec<f64>, f64) {
        let t = &**pos.tables();
        let v = t.variant();
        let geo = t.geometry();
        let nk = self.values.len();
        let term = |i: usize| 2 * nk + i;
        let mut f = vec![0.0; 2 * nk + w::TERMS.len()];
        let mut rest = 0.0;
        let team = v.team_of(player as u8);
        let sign = |owner: u8| if v.team_of(owner) == team { 1.0 } else { -1.0 };
        let ms = self.material_sign as f64;
        let mut material = [0 as Cp; 8];
        let mut royals: Vec<(Square, u8)> = Vec::new();
        let mut scratch = Scratch::default();
        let men: Vec<(Square, Man)> = pos.men().collect();
        for &(sq, m) in &men {
            let k = m.kind() as usize;
            let s = sign(m.owner());
            material[m.owner() as usize & 7] += self.values[k];
            if self.values[k] >= TROPISM_VALUE {
                let (x, y) = geo.coords(sq);
                scratch
                    .near
                    .push((x, y, v.team_of(m.owner()) as u8, self.values[k]));
            }
            if self.royal[k] {
                rest += s * ms * self.values[k] as f64;
            } else {
                f[k] += s * ms;
            }
            for (kind, tabs) in &self.goals {
                if *kind == m.kind() {
                    let d = tabs[m.facing().index()][sq.index()];
                    if d != u8::MAX {
                        let d = d as f64;
                        f[term(w::GOAL)] += s / (1.0 + d * d);
                    }
                }
            }
            let fi = m.facing().index();
            if self.royal[k] {
                royals.push((sq, m.owner()));
            } else {
                f[term(w::PST)] += s * self.base_pst[k][fi][sq.index()] as f64 / 100.0;
            }
            if let Some(tabs) = &self.promo_dist[k] {
                let d = tabs[fi][sq.index()];
                if d != u8::MAX {
                    let d = d as f64 + 1.0;
                    // The gain before the weight.
                    let best = self.promo_choices[k]
                        .iter()
                        .map(|&c| self.values.get(c as usize).copied().unwrap_or(0))
                        .max();
                    let gain = best.map_or(0, |b| (b - self.values[k]).max(0));
                    f[term(w::PROMOTION)] += s * gain as f64 / (4.0 * d * d) / 100.0;
                }
            }
            for (i, &(kind, _)) in self.surround.iter().enumerate() {
                if kind == m.kind() {
                    let blocked = super::blocked_sides(pos, sq) as f64;
                    let base = self.surround_base[i]
                        .1
                        .unwrap_or_else(|| (self.values[kind as usize] / 40).clamp(5, 60));
                    f[term(w::SURROUND)] -= s * blocked * blocked * base as f64 / 100.0;
                }
            }
        }
        for p in 0..self.nplayers as u8 {
            for k in 0..nk {
                let n = pos.hand(p, k as u8) as f64;
                if n == 0.0 {
                    continue;
                }
                if self.hand_debt {
                    rest -= sign(p) * n * 100.0;
                } else {
                    f[nk + k] += sign(p) * n * ms;
                }
                if self.drops {
                    material[p as usize & 7] += n as Cp * self.values[k];
                }
            }
        }
        let len = self.square_len;
        let own = sparse.is_none();
        if !own || self.squares.is_some() {
            let mut local = Vec::new();
            let out = sparse.unwrap_or(&mut local);
            for &(sq, m) in &men {
                let phase = self.phase(v, m.owner(), &material);
                let s = sign(m.owner());
                squares::push_features(out, &self.square_entries, len, sq, m, phase, s);
            }
            for &(i, x) in local.iter().filter(|_| own) {
                rest += x as f64 * squares::value_at(&self.weights.squares, i as usize, len);
            }
        }
        if self.mate_matters {
            for &(sq, owner) in &royals {
                let phase = self.phase(v, owner, &material);
                let (phase, shelter, tropism, centre) =
                    self.royal_parts(pos, sq, owner, phase, &scratch.near);
                let s = sign(owner);
                let (mid, end) = (phase as f64 / 256.0, (256 - phase) as f64 / 256.0);
                f[term(w::SHELTER)] += s * shelter as f64 * mid;
                f[term(w::TROPISM)] -= s * tropism as f64 * mid;
                f[term(w::ROYAL_BACK)] -= s * centre as f64 * mid;
                f[term(w::ROYAL_CENTRE)] += s * centre as f64 * end;
            }
        }
        let map =
            (self.dynamic.on || self.structure.on).then(|| pos.attack_map_in(&mut scratch.maps));
        if let (Some(map), true) = (map, self.dynamic.on) {
            let cheapest = &mut scratch.cheapest;
            let phases: [Cp; 8] = std::array::from_fn(|o| self.phase(v, o as u8, &material));
            let raw = self.dynamic_raw(pos, map, cheapest, team, &royals, &phases, true);
            for (i, &t) in dynamic::TERMS.iter().enumerate() {
                f[term(t)] += raw[i] as f64 / dynamic::DEN[i] as f64;
            }
            if self.threats.on {
                let raw = self.threats_raw(pos, map, team, &royals, &mut scratch.reach);
                f[term(w::CHECK_THREATS)] += raw as f64 / threats::DEN as f64;
            }
        }
        if let (Some(map), true) = (map, self.structure.on) {
            let raw = self.structure_raw(map, team, &material, true);
            for (i, &t) in structure::TERMS.iter().enumerate() {
                f[term(t)] += raw[i] as f64 / structure::DEN[i] as f64;
            }
        }
        if let Some(p) = &self.points {
            f[term(w::POINTS)] += p.lead(pos, player) as f64;
        }
        if let Some(c) = &self.checks {
            f[term(w::CHECKS)] += c.lead(pos, player);
        }
        (f, rest)
    }
}
