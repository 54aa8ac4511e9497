//! Royal safety, one of the evaluation's static terms (the evaluation's
//! module doc says what it weighs): the game phase per owner, and per
//! royal its shelter, the enemy pieces near it and its square's term.

use super::eval::{Eval, Near};
use super::weights::{self as w, Cp};
use crate::engine::{Bits, Bitset, Position, Square};
use crate::ir::Variant;

impl Eval {
    /// The game phase for a royal of `owner`: 0 with no enemy pieces ..=
    /// 256 while the enemies' material is at least one player's share of
    /// the setup's (a full army: chess's start is 256), in proportion
    /// between; always 256 where captured men go to a hand and are placed
    /// again (no man leaves the game).
    pub(super) fn phase(&self, v: &Variant, owner: u8, material: &[Cp; 8]) -> Cp {
        if self.drops {
            return 256;
        }
        let team = v.team_of(owner);
        let enemy_material: Cp = (0..self.nplayers)
            .filter(|&p| v.team_of(p as u8) != team)
            .map(|p| material[p])
            .sum();
        (enemy_material * 256 * self.nplayers.max(2) as Cp / self.start_material.max(1))
            .clamp(0, 256)
    }

    /// [`Eval::phase`] for every owner (up to 8) at once.
    pub(super) fn phases(&self, material: &[Cp; 8]) -> [Cp; 8] {
        if self.drops {
            return [256; 8];
        }
        let n = self.nplayers.min(8);
        let den = self.start_material.max(1);
        let mut out = [0 as Cp; 8];
        for (o, x) in out.iter_mut().enumerate() {
            let team = self.teams[o];
            let enemy_material: Cp = (0..n)
                .filter(|&p| self.teams[p] != team)
                .map(|p| material[p])
                .sum();
            *x = (enemy_material * 256 * self.nplayers.max(2) as Cp / den).clamp(0, 256);
        }
        out
    }

    /// Safety of a royal man: shelter, enemy pieces nearby, and where it
    /// stands (back while the enemy has pieces, central once they are
    /// gone), at `phase` (its owner's, [`Eval::phase`]).
    pub(super) fn royal_safety(
        &self,
        pos: &Position,
        sq: Square,
        owner: u8,
        phase: Cp,
        near: &[Near],
    ) -> Cp {
        let (phase, shelter, tropism, centre) = self.royal_parts(pos, sq, owner, phase, near);
        let tw = &self.weights.terms;
        let mid = shelter * tw[w::SHELTER] - tropism * tw[w::TROPISM] - centre * tw[w::ROYAL_BACK];
        let end = centre * tw[w::ROYAL_CENTRE];
        (mid * phase + end * (256 - phase)) / 256
    }

    /// What a royal's safety is made of: the game phase (0 with no enemy
    /// pieces ..= 256 with a full army: `phase`, its owner's as
    /// [`Eval::phase`] gives it), its shelter (own men beside it, at most
    /// 4: read on the squares beside it), the enemy pieces near it
    /// (tropism) and its square's mobility term (centre). `near` holds
    /// every man of the position worth at least `TROPISM_VALUE` (the evaluation's).
    #[inline]
    pub(super) fn royal_parts(
        &self,
        pos: &Position,
        sq: Square,
        owner: u8,
        phase: Cp,
        near: &[Near],
    ) -> (Cp, Cp, Cp, Cp) {
        let geo = pos.tables().geometry();
        let team = self.teams[owner as usize & 7];
        let (x, y) = geo.coords(sq);
        // The men of the royal's team on the squares beside it.
        let mut own = Bitset::EMPTY;
        for p in 0..self.nplayers.min(8) {
            if self.teams[p] == team {
                own |= pos.men_of(p as u8);
            }
        }
        let beside = self
            .beside
            .get(sq.index())
            .copied()
            .unwrap_or(Bitset::EMPTY);
        let shelter = ((beside & own).count() as Cp).min(4);
        let team = team as u8;
        let mut tropism = 0;
        for &(mx, my, tm, val) in near {
            let d = (mx - x).abs().max((my - y).abs());
            if tm != team && d <= 4 {
                tropism += (5 - d) * val / 200;
            }
        }
        // The royal's own square term: its mobility on the empty board.
        let centre = pos.man_at(sq).map_or(0, |m| {
            self.base_pst[m.kind() as usize][m.facing().index()][sq.index()] as Cp
        });
        (phase, shelter, tropism, centre)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Tables;
    use std::sync::Arc;

    /// Chess's start is a full middle game for both sides (it once read
    /// 128: the setup's material was counted twice), half the enemy's army
    /// is half, none is 0; four players see a full middle game at the start.
    #[test]
    fn the_phase_is_256_at_the_start_and_falls_with_the_enemys_material() {
        let v = crate::load::builtin("chess", &[]).unwrap();
        let e = Eval::new(&Arc::new(Tables::new(&v).unwrap()));
        let army = e.start_material / 2;
        let mut m = [0 as Cp; 8];
        m[0] = army;
        m[1] = army;
        assert_eq!(&e.phases(&m)[..2], &[256, 256]);
        assert_eq!(e.phase(&v, 0, &m), 256);
        m[1] = army / 2;
        assert_eq!(&e.phases(&m)[..2], &[128, 256]);
        m[1] = 0;
        assert_eq!(&e.phases(&m)[..2], &[0, 256]);
        assert_eq!(e.phase(&v, 0, &m), 0);

        let v = crate::load::builtin("fourplayer", &[]).unwrap();
        let e = Eval::new(&Arc::new(Tables::new(&v).unwrap()));
        let mut m = [0 as Cp; 8];
        for x in m.iter_mut().take(4) {
            *x = e.start_material / 4;
        }
        assert_eq!(&e.phases(&m)[..4], &[256; 4]);
    }
}
