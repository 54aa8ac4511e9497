//! The evaluation's terms that read the position's attack map: the
//! structure, dynamic and check-threats terms, on the map filled in the
//! board's own set width (`Position::attack_map_in`: one `u64` per set on
//! a board of up to 64 squares, not the widest set's four words).
//!
//! The width is the compiled variant's, so the dispatch here is one match
//! per evaluation; each term's code is generic over the width and gives
//! the same features in every width (the tests below compare each with
//! the widest).

use super::dynamic;
use super::eval::Eval;
use super::structure;
use super::threats;
use super::weights::{self as w, Cp};
use crate::engine::{Bitset, MapIn, Position, Square};

/// Run `$body` with `$m` bound to the filled map, whatever its width.
macro_rules! in_width {
    ($map:expr, $m:ident => $body:expr) => {
        match $map {
            MapIn::W64($m) => $body,
            MapIn::W128($m) => $body,
            MapIn::W192($m) => $body,
            MapIn::W256($m) => $body,
        }
    };
}

impl Eval {
    /// The structure terms' score for `team`, weighted.
    pub(super) fn structure_score(&self, map: MapIn<'_>, team: usize, material: &[Cp; 8]) -> Cp {
        // The pair, open lines and chains are read only where weighed.
        let extras = structure::TERMS[5..]
            .iter()
            .any(|&t| self.weights.terms[t] != 0);
        let raw = self.structure_raw(map, team, material, extras);
        let mut score = 0;
        for (i, &term) in structure::TERMS.iter().enumerate() {
            score += (raw[i] * self.weights.terms[term] as i64 / structure::DEN[i]) as Cp;
        }
        score
    }

    /// The dynamic terms' score for `team`, weighted, and the check
    /// threats' where they apply. `cheapest` and `reach` are buffers the
    /// caller keeps; `phases` is each owner's phase (`Eval::phases`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn dynamic_score(
        &self,
        pos: &Position,
        map: MapIn<'_>,
        cheapest: &mut Vec<Cp>,
        reach: &mut Vec<Bitset>,
        team: usize,
        royals: &[(Square, u8)],
        phases: &[Cp; 8],
    ) -> Cp {
        let mobility = self.weights.terms[w::MOBILITY] != 0;
        let raw = self.dynamic_raw(pos, map, cheapest, team, royals, phases, mobility);
        let mut score = 0;
        for (i, &term) in dynamic::TERMS.iter().enumerate() {
            score += (raw[i] * self.weights.terms[term] as i64 / dynamic::DEN[i]) as Cp;
        }
        // The check threats read the same map.
        let tw = self.weights.terms[w::CHECK_THREATS] as i64;
        if tw != 0 && self.threats.on {
            let raw = self.threats_raw(pos, map, team, royals, reach);
            score += (raw * tw / threats::DEN) as Cp;
        }
        score
    }

    /// The check-threats term's raw feature for `team` (see
    /// `Threats::raw`).
    pub(super) fn threats_raw(
        &self,
        pos: &Position,
        map: MapIn<'_>,
        team: usize,
        royals: &[(Square, u8)],
        reach: &mut Vec<Bitset>,
    ) -> i64 {
        in_width!(map, m => self.threats.raw(pos, m, team, royals, reach))
    }

    /// The dynamic terms' raw features for `team` (see `Dynamic::raw`),
    /// with each royal's phase (`phases`: per owner, as `Eval::phases`
    /// gives them).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn dynamic_raw(
        &self,
        pos: &Position,
        map: MapIn<'_>,
        cheapest: &mut Vec<Cp>,
        team: usize,
        royals: &[(Square, u8)],
        phases: &[Cp; 8],
        mobility: bool,
    ) -> [i64; 7] {
        let mut rs = [(Square::default(), 0u8, 0 as Cp); 4];
        let n = royals.len().min(4);
        if self.dynamic.king {
            for (r, &(sq, owner)) in rs.iter_mut().zip(royals) {
                *r = (sq, owner, phases[owner as usize & 7]);
            }
        }
        let n = if self.dynamic.king { n } else { 0 };
        in_width!(map, m => self.dynamic.raw(
            pos,
            m,
            cheapest,
            team,
            &self.promo_dist,
            &rs[..n],
            mobility,
        ))
    }

    /// The structure terms' raw features for `team` (see
    /// `Structure::raw`), with each owner's phase (256 with a full enemy
    /// army; the structure terms are for two players only). Without
    /// `extras` the pair, open lines and chains are left at 0.
    pub(super) fn structure_raw(
        &self,
        map: MapIn<'_>,
        team: usize,
        material: &[Cp; 8],
        extras: bool,
    ) -> [i64; 8] {
        // Each owner's phase: the enemy's material against a full army's
        // (two players: half the setup's).
        let mut phase = [0 as Cp; 8];
        let total: Cp = material[..2].iter().sum();
        for (o, p) in phase.iter_mut().enumerate().take(2) {
            let enemy = total - material[o];
            *p = (enemy * 512 / self.start_material.max(1)).clamp(0, 256);
        }
        in_width!(map, m => self.structure.raw(m, team, &phase, extras))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AttackMap, AttackMaps, Bits, Position, Tables};
    use crate::search::eval::TROPISM_VALUE;
    use std::sync::Arc;

    /// The evaluation's inputs to the map-reading terms, as
    /// `Eval::evaluate_with` makes them: the royals and the material per
    /// owner (board and hand).
    fn inputs(e: &Eval, pos: &Position) -> (Vec<(Square, u8)>, [Cp; 8]) {
        let v = pos.tables().variant();
        let mut material = [0 as Cp; 8];
        let mut royals = Vec::new();
        for (sq, m) in pos.men() {
            material[m.owner() as usize & 7] += e.values[m.kind() as usize];
            if v.pieces[m.kind() as usize].royal {
                royals.push((sq, m.owner()));
            }
        }
        (royals, material)
    }

    /// One position in its own width against the widest: the maps (men,
    /// attacks, each player's men and attacks, the occupied squares), each
    /// map-reading term's raw features for both teams, and the whole
    /// evaluation of the same position compiled 256 squares wide.
    fn compare(e: &Eval, wide_e: &Eval, pos: &Position, wide_tables: &Arc<Tables>, what: &str) {
        let mut maps = AttackMaps::default();
        let mut wide = AttackMap::new();
        pos.attack_map(&mut wide);
        let map = pos.attack_map_in(&mut maps);
        in_width!(map, m => {
            assert_eq!(m.men().len(), wide.men().len(), "{what}: men");
            for (a, b) in m.men().iter().zip(wide.men()) {
                assert_eq!((a.sq, a.man, a.attacks.widen()), (b.sq, b.man, b.attacks), "{what}");
            }
            let n = pos.tables().variant().players.len() as u8;
            for p in 0..8u8 {
                assert_eq!(m.of_player(p).widen(), wide.of_player(p), "{what}: attacks of {p}");
                let men = if p < n { pos.men_of(p) } else { Bitset::EMPTY };
                assert_eq!(m.men_of(p).widen(), men, "{what}: men of {p}");
                assert_eq!(wide.men_of(p), men, "{what}: wide men of {p}");
            }
            assert_eq!(m.occupied().widen(), pos.occupied(), "{what}: occupied");
        });
        let (royals, material) = inputs(e, pos);
        let v = pos.tables().variant();
        // Each owner's phase at once, as one at a time.
        let phases = e.phases(&material);
        for o in 0..8u8 {
            assert_eq!(
                phases[o as usize],
                e.phase(v, o, &material),
                "{what}: phase of {o}"
            );
        }
        let general = MapIn::W256(&wide);
        // The royals with their phases (the dynamic terms' input, up to
        // 4, where the attack on a royal counts), each owner's phase as
        // the structure terms weigh it.
        let rs: Vec<_> = royals
            .iter()
            .take(if e.dynamic.king { 4 } else { 0 })
            .map(|&(sq, owner)| (sq, owner, e.phase(v, owner, &material)))
            .collect();
        let start = e.start_material.max(1);
        let total: Cp = material[..2].iter().sum();
        let mut structure_phases = [0 as Cp; 8];
        for (o, p) in structure_phases.iter_mut().enumerate().take(2) {
            *p = ((total - material[o]) * 512 / start).clamp(0, 256);
        }
        let nplayers = pos.tables().variant().players.len();
        let (mut c1, mut c2) = (Vec::new(), Vec::new());
        let (mut r1, mut r2) = (Vec::new(), Vec::new());
        for team in 0..nplayers.min(2) {
            for mobility in [true, false] {
                let fast = e.dynamic_raw(pos, map, &mut c1, team, &royals, &phases, mobility);
                let slow = e.dynamic_raw(pos, general, &mut c2, team, &royals, &phases, mobility);
                assert_eq!(fast, slow, "{what}: dynamic terms for team {team}");
                let (values, gain, dist) = (&e.values, &e.passed_gain, &e.promo_dist);
                let reference = e
                    .dynamic
                    .raw_reference(pos, &wide, &mut c2, team, values, gain, dist, &rs, mobility);
                assert_eq!(
                    fast, reference,
                    "{what}: dynamic terms (reference), team {team}"
                );
            }
            let fast = e.structure_raw(map, team, &material, true);
            let slow = e.structure_raw(general, team, &material, true);
            let bare = e.structure_raw(map, team, &material, false);
            assert_eq!(
                bare[..5],
                fast[..5],
                "{what}: structure terms without extras"
            );
            assert_eq!(bare[5..], [0, 0, 0], "{what}: no extras");
            assert_eq!(fast, slow, "{what}: structure terms for team {team}");
            let reference = e
                .structure
                .raw_reference(pos, &wide, team, &structure_phases);
            assert_eq!(
                fast[..5],
                reference,
                "{what}: structure terms (reference), team {team}"
            );
            let fast = e.threats_raw(pos, map, team, &royals, &mut r1);
            let slow = e.threats_raw(pos, general, team, &royals, &mut r2);
            assert_eq!(fast, slow, "{what}: check threats for team {team}");
            let reference = e.threats.raw_reference(pos, &wide, team, &royals, &mut r2);
            assert_eq!(
                fast, reference,
                "{what}: check threats (reference), team {team}"
            );
        }
        royal_parts(e, pos, &royals, &material, what);
        // Every entry of the cheapest-attacker tables is set back.
        assert!(c1.iter().chain(&c2).all(|&c| c == Cp::MAX), "{what}");
        // The same position compiled 256 squares wide: the same value.
        let wide_pos = Position::from_fen(wide_tables.clone(), &pos.fen()).expect(what);
        assert_eq!(wide_pos.fen(), pos.fen(), "{what}: the wide position");
        for p in 0..nplayers {
            assert_eq!(
                e.evaluate(pos, p),
                wide_e.evaluate(&wide_pos, p),
                "{what}: evaluation for player {p}"
            );
        }
    }

    /// `Eval::royal_parts` (the squares beside the royal for its shelter,
    /// the men worth at least `TROPISM_VALUE` for tropism) against a walk
    /// over every man of the position, per royal.
    fn royal_parts(
        e: &Eval,
        pos: &Position,
        royals: &[(Square, u8)],
        material: &[Cp; 8],
        what: &str,
    ) {
        let v = pos.tables().variant();
        let geo = pos.tables().geometry();
        let near: Vec<_> = pos
            .men()
            .filter(|&(_, m)| e.values[m.kind() as usize] >= TROPISM_VALUE)
            .map(|(sq, m)| {
                let (x, y) = geo.coords(sq);
                (
                    x,
                    y,
                    v.team_of(m.owner()) as u8,
                    e.values[m.kind() as usize],
                )
            })
            .collect();
        for &(sq, owner) in royals {
            let team = v.team_of(owner);
            let (x, y) = geo.coords(sq);
            let (mut shelter, mut tropism) = (0, 0);
            for (at, m) in pos.men() {
                let (mx, my) = geo.coords(at);
                let d = (mx - x).abs().max((my - y).abs());
                let val = e.values[m.kind() as usize];
                if v.team_of(m.owner()) == team {
                    if d == 1 && shelter < 4 {
                        shelter += 1;
                    }
                } else if val >= 250 && d <= 4 {
                    tropism += (5 - d) * val / 200;
                }
            }
            let phase = e.phase(v, owner, material);
            let (ph, s, t, _) = e.royal_parts(pos, sq, owner, phase, &near);
            assert_eq!(
                (ph, s, t),
                (phase, shelter, tropism),
                "{what}: royal on {sq:?}"
            );
        }
    }

    #[test]
    fn the_map_terms_in_the_boards_own_width_equal_the_widest_sets() {
        let mut widths = Vec::new();
        let mut checked = 0;
        for name in [
            "chess",
            "crazyhouse",
            "3check",
            "atomic",
            "capablanca",
            "grand",
            "shogi",
            "xiangqi",
            "chu",
            "fourplayer",
        ] {
            let v = crate::load::builtin(name, &[]).unwrap();
            let tables = Arc::new(Tables::new(&v).unwrap());
            let wide_tables = Arc::new(Tables::with_width(&v, 256).unwrap());
            widths.push(tables.set_width());
            let (e, wide_e) = (Eval::new(&tables), Eval::new(&wide_tables));
            for seed in 0..3u64 {
                let mut pos = Position::start(tables.clone()).unwrap();
                let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                for ply in 0..60 {
                    compare(
                        &e,
                        &wide_e,
                        &pos,
                        &wide_tables,
                        &format!("{name} {seed} {ply}"),
                    );
                    checked += 1;
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    pos.play(moves[(rng % moves.len() as u64) as usize]);
                }
            }
        }
        // Every width below the widest is taken: 64, 128 and 192.
        for w in [64, 128, 192] {
            assert!(widths.contains(&w), "{widths:?}");
        }
        assert!(checked > 1000, "{checked} positions");
    }
}
