//! The evaluation's dynamic terms: what the men do in the actual position
//! (the evaluation's module doc says what each term weighs).
//!
//! Every term is read off one attack set per man, all filled in one pass
//! (`Position::attack_map`: the engine's compiled attack tables, never a
//! generation of actions, into a buffer the caller keeps),
//! and only in two-player games where material counts (a variant without
//! them computes nothing here). [`Dynamic::raw`] gives each term's raw
//! feature; the evaluation multiplies it by its weight over [`DEN`].

use super::weights::{self as w, Cp};
use crate::engine::{AttackMap, Bits, Bitset, ManAttacks, Position, Square, Tables};
use crate::ir::{Dir, Variant};

/// The dynamic terms, in the order of [`Dynamic::raw`]'s result.
pub(super) const TERMS: [usize; 7] = [
    w::MOBILITY,
    w::THREAT,
    w::HANGING,
    w::PASSED,
    w::KING_ATTACK,
    w::TEMPO,
    w::HAND_ATTACK,
];

/// What each raw feature is divided by once multiplied by its weight:
/// mobility is counted in sixteenths, threats and hanging men in
/// hundredths of a pawn at a weight of 100 (percent), passed men in
/// ten-thousandths of a pawn at a weight of 100, the attack on a royal's
/// zone in units times attackers times the phase (256 at a full army)
/// over 4, tempo in whole weights, the men in hand as attackers as the
/// attack on a royal's zone.
pub(super) const DEN: [i64; 7] = [16, 100, 100, 10_000, 4 * 256, 1, 4 * 256];

/// The `hand_attack` weight where captured men go to a hand and are
/// placed again (0 elsewhere): a man in hand weighs as a man on the board
/// that attacks the zone (`king_attack`'s default).
pub const HAND_ATTACK: Cp = 4;

/// A royal attacker counts as never cheaper than its victim.
const ROYAL_ATTACKER: Cp = Cp::MAX;

/// What the dynamic terms read of one kind, in one table indexed by the
/// kind's id (every id of a man has an entry: no bound to check per man).
#[derive(Debug, Clone, Copy, Default)]
struct KindTerms {
    /// Royal: never a victim of threats, never cheaper as an attacker,
    /// no attacker of a royal's zone.
    royal: bool,
    /// Moves one step forward and nothing else, and promotes (a pawn):
    /// its passes count, and it is what blocks one.
    pawnlike: bool,
    /// The mobility scale in sixteenths (0: not counted, as for a royal
    /// or a pawn-like man) and the count it is measured from.
    mob_scale: Cp,
    mob_off: Cp,
    /// Its value (the evaluation's, as set by [`Dynamic::set_values`]),
    /// and its value as an attacker ([`ROYAL_ATTACKER`] for a royal).
    value: Cp,
    attacker: Cp,
    /// What promoting gains, before weights (a passed man's worth).
    gain: Cp,
}

/// A table per kind id.
type Kinds = [KindTerms; 256];

/// The per-variant tables of the dynamic terms.
#[derive(Debug, Clone, Default)]
pub(super) struct Dynamic {
    /// Any dynamic term applies (two players, material is worth having,
    /// men that move).
    pub on: bool,
    /// Per kind id (256 entries where `on`, else none): royal, pawn-like,
    /// mobility scale, values.
    kinds: Vec<KindTerms>,
    /// The variant's number of kinds.
    nk: usize,
    /// Per owner: its team (`Variant::team_of`).
    teams: [usize; 8],
    /// Per pawn-like kind, facing and square: where an enemy pawn-like man
    /// could block it or take it on its way to its zone (its path, and the
    /// squares from which an enemy pawn-like man reaches a square that
    /// attacks its square or its path).
    span: Vec<Option<[Vec<Bitset>; 4]>>,
    /// Checkmate matters: the attack on a royal's zone counts.
    pub king: bool,
    /// Captured men go to a hand and are placed again: the enemy's men in
    /// hand attack a royal's zone too (`hand_attack`).
    pub drops: bool,
    /// Where `drops`: per kind id, per owner (0 and 1), the squares where
    /// a man of the kind may be placed (`Tables::placeable`, the rule
    /// file's placement rules compiled once); empty elsewhere.
    place: Vec<[Bitset; 2]>,
}

/// Whether `kind` moves one step forward and nothing else (its first move
/// aside) and promotes.
fn pawnlike(v: &Variant, kind: usize) -> bool {
    let p = &v.pieces[kind];
    p.promotion.is_some()
        && !p.royal
        && p.zone_moves.is_empty()
        && p.moves.iter().any(|a| a.mode.can_move() && !a.initial())
        && p.moves
            .iter()
            .filter(|a| a.mode.can_move() && !a.initial())
            .all(|a| a.range == 1 && a.vectors.iter().all(|&(dx, dy)| (dx, dy) == (0, 1)))
}

impl Dynamic {
    /// The tables of `t`'s variant. `mean_mobility` is each kind's mean
    /// mobility on the empty board, `promo_dist` its promotion distance
    /// tables (those of the evaluation).
    pub(super) fn new(
        t: &Tables,
        mean_mobility: &[f64],
        promo_dist: &[Option<[Vec<u8>; 4]>],
        material_sign: Cp,
        mate_matters: bool,
    ) -> Dynamic {
        let v = t.variant();
        let geo = t.geometry();
        let nk = v.pieces.len();
        let on = v.players.len() == 2 && v.turn.moves && material_sign > 0 && geo.len() <= 256;
        if !on {
            return Dynamic::default();
        }
        let pawnlike: Vec<bool> = (0..nk).map(|k| pawnlike(v, k)).collect();
        let mut mob_scale = vec![0; nk];
        let mut mob_off = vec![0; nk];
        for k in 0..nk {
            if v.pieces[k].royal || pawnlike[k] {
                continue;
            }
            let mean = mean_mobility[k].max(1.0);
            let scale = (8.0 / mean).clamp(0.25, 2.0) * 16.0;
            mob_scale[k] = scale.round() as Cp;
            // Measured from half the empty board's mean: a typical crowded
            // position's count.
            mob_off[k] = (scale * mean / 2.0).round() as Cp;
        }
        // The capture vectors of pawn-like men, as they face.
        let captures: Vec<(i32, i32)> = (0..nk)
            .filter(|&k| pawnlike[k])
            .flat_map(|k| {
                let p = &v.pieces[k];
                let atoms = p.attacks.as_ref().unwrap_or(&p.moves);
                atoms
                    .iter()
                    .filter(|a| a.mode.can_capture() && !a.initial())
                    .flat_map(|a| a.vectors.iter().map(|&(x, y)| (x as i32, y as i32)))
                    .collect::<Vec<_>>()
            })
            .collect();
        let span = (0..nk)
            .map(|k| {
                if !pawnlike[k] {
                    return None;
                }
                let dist = promo_dist[k].as_ref()?;
                let mut tabs: [Vec<Bitset>; 4] = Default::default();
                for f in Dir::ALL {
                    let fwd = f.rotate((0, 1));
                    let enemy = f.turned(2);
                    let mut tab = vec![Bitset::EMPTY; geo.len()];
                    for sq in geo.squares() {
                        let mut points = vec![sq];
                        let mut at = sq;
                        // At most one lap: on a board that wraps, a line
                        // comes back to its start.
                        while dist[f.index()][at.index()] != 0 && points.len() < geo.len() {
                            match geo.offset(at, fwd) {
                                Some(n) if n != sq => at = n,
                                _ => break,
                            }
                            points.push(at);
                        }
                        let mut s = Bitset::EMPTY;
                        for &p in &points[1..] {
                            s.insert(p);
                        }
                        for &p in &points {
                            for &c in &captures {
                                let (cx, cy) = enemy.rotate(c);
                                // An enemy man on q attacks p; so does one
                                // further ahead that walks to q.
                                let mut q = geo.offset(p, (-cx, -cy));
                                let mut steps = 0;
                                while let Some(x) = q {
                                    // (One lap at most on a board that wraps.)
                                    if steps >= geo.len() {
                                        break;
                                    }
                                    s.insert(x);
                                    q = geo.offset(x, fwd);
                                    steps += 1;
                                }
                            }
                        }
                        tab[sq.index()] = s;
                    }
                    tabs[f.index()] = tab;
                }
                Some(tabs)
            })
            .collect();
        let mut kinds = vec![KindTerms::default(); 256];
        for (k, x) in kinds.iter_mut().enumerate().take(nk) {
            x.royal = v.pieces[k].royal;
            x.pawnlike = pawnlike[k];
            x.mob_scale = mob_scale[k];
            x.mob_off = mob_off[k];
        }
        let mut teams = [0usize; 8];
        for (o, t) in teams.iter_mut().enumerate() {
            *t = v.team_of(o as u8);
        }
        let drops = mate_matters && v.turn.place && v.turn.captures.to_hand();
        let place = if drops {
            (0..nk)
                .map(|k| {
                    let at = |p: u8| t.placeable(k as u8, p).unwrap_or(Bitset::EMPTY);
                    [at(0), at(1)]
                })
                .collect()
        } else {
            Vec::new()
        };
        Dynamic {
            on,
            kinds,
            nk,
            teams,
            span,
            king: mate_matters,
            drops,
            place,
        }
    }

    /// Take the evaluation's values per kind and what promoting gains per
    /// kind before weights (both indexed by kind): [`Dynamic::raw`] reads
    /// them. Called whenever the evaluation's weights change.
    pub(super) fn set_values(&mut self, values: &[Cp], passed_gain: &[Cp]) {
        for (k, x) in self.kinds.iter_mut().enumerate() {
            x.value = values.get(k).copied().unwrap_or(0);
            x.attacker = if x.royal { ROYAL_ATTACKER } else { x.value };
            x.gain = passed_gain.get(k).copied().unwrap_or(0);
        }
    }

    /// The `hand_attack` weight's default: [`HAND_ATTACK`] where the
    /// enemy's men in hand attack a royal's zone, else 0.
    pub(super) fn hand_attack_default(&self) -> Cp {
        if self.on && self.drops {
            HAND_ATTACK
        } else {
            0
        }
    }

    /// The raw features of the dynamic terms for `team` (positive: good
    /// for it), in the order of [`TERMS`], each to be multiplied by its
    /// weight and divided by [`DEN`]. `map` is the position's filled
    /// attack map in any set width `B` (the board's own, from
    /// [`Position::attack_map_in`], or the widest: the same features) and
    /// `cheapest` a table per square (every entry `Cp::MAX` between
    /// calls), which the caller keeps so that its buffer is reused. The
    /// men's values and what promoting gains are those given to
    /// [`Dynamic::set_values`]; `promo_dist` are the promotion distance
    /// tables, `royals` the royal men with the phase their safety is
    /// weighed at (0 with no enemy pieces ..= 256 with a full army).
    /// `mobility`: count the mobility feature (else it stays 0: its weight
    /// is 0).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn raw<B: Bits>(
        &self,
        pos: &Position,
        map: &AttackMap<B>,
        cheapest: &mut Vec<Cp>,
        team: usize,
        promo_dist: &[Option<[Vec<u8>; 4]>],
        royals: &[(Square, u8, Cp)],
        mobility: bool,
    ) -> [i64; 7] {
        let mut out = [0i64; 7];
        // (Off: no table.)
        let Ok(kinds) = <&Kinds>::try_from(self.kinds.as_slice()) else {
            return out;
        };
        if cheapest.len() < 256 {
            cheapest.clear();
            cheapest.resize(256, Cp::MAX);
        }
        let Ok(cheapest) = <&mut [Cp; 256]>::try_from(&mut cheapest[..256]) else {
            return out;
        };
        // Each owner's side: 0 for `team`, 1 for the other.
        let mut sides = [1usize; 8];
        for (x, &t) in sides.iter_mut().zip(&self.teams) {
            if t == team {
                *x = 0;
            }
        }
        let side_of = |o: u8| sides[o as usize & 7] & 1;
        // The two sides' men and what they attack: index 0 is `team`, 1
        // the other side.
        let mut side = [B::EMPTY; 2];
        let mut reach = [B::EMPTY; 2];
        for p in 0..2u8 {
            side[side_of(p)] |= map.men_of(p);
            reach[side_of(p)] |= map.of_player(p);
        }
        // Men attacked by the other side, men defended by their own.
        let attacked = (reach[0] & side[1]) | (reach[1] & side[0]);
        let defended = (reach[0] & side[0]) | (reach[1] & side[1]);
        let sign = |s: usize| if s == 0 { 1i64 } else { -1 };
        let men = map.men();
        // The zones of up to 4 royals: its square and those it attacks.
        let mut zones = [(B::EMPTY, 0usize, 0i64, 0i64, 0i64); 4];
        let mut nz = 0;
        if self.king {
            for &(sq, owner, phase) in royals.iter().take(4) {
                let mut z = men
                    .binary_search_by_key(&sq.index(), |m| m.sq.index())
                    .map_or(B::EMPTY, |i| men[i].attacks);
                z.insert(sq);
                zones[nz] = (z, side_of(owner), phase as i64, 0, 0);
                nz += 1;
            }
        }
        // Per man: the pawn-like men, the cheapest enemy attacker of each
        // attacked square, mobility, the attack on the royals' zones.
        let mut pawns = [B::EMPTY; 2];
        // What each side's men other than royals attack (drop games only).
        let mut guard = [B::EMPTY; 2];
        for &ManAttacks {
            sq,
            man: m,
            attacks: a,
        } in men
        {
            let kt = &kinds[m.kind() as usize];
            let me = side_of(m.owner());
            if kt.pawnlike {
                pawns[me].insert(sq);
            }
            for x in a & side[me ^ 1] {
                let c = &mut cheapest[x.index() & 255];
                *c = (*c).min(kt.attacker);
            }
            if mobility && kt.mob_scale != 0 {
                let n = (a & !side[me]).count() as i64;
                out[0] += sign(me) * (kt.mob_scale as i64 * n - kt.mob_off as i64);
            }
            if !kt.royal {
                if self.drops {
                    guard[me] |= a;
                }
                for z in zones.iter_mut().take(nz) {
                    if z.1 != me {
                        let u = (a & z.0).count() as i64;
                        if u > 0 {
                            z.3 += u;
                            z.4 += 1;
                        }
                    }
                }
            }
        }
        // One more walk over the men, for two terms.
        for &ManAttacks { sq, man: m, .. } in men {
            let kt = &kinds[m.kind() as usize];
            // Threats: men attacked by cheaper men, and attacked men that
            // nothing of their own side defends. (Each entry of
            // `cheapest` read is set back for the next call; every
            // attacked square holds a man of the list.)
            if attacked.contains(sq) {
                let by = std::mem::replace(&mut cheapest[sq.index() & 255], Cp::MAX);
                if !kt.royal {
                    let s = -sign(side_of(m.owner()));
                    let val = kt.value;
                    if by < val {
                        out[1] += s * (val - by) as i64;
                    }
                    if !defended.contains(sq) {
                        out[2] += s * val as i64;
                    }
                }
            }
            // Passed men: no enemy pawn-like man can block or take them.
            if kt.pawnlike {
                let k = m.kind() as usize;
                let me = side_of(m.owner());
                let f = m.facing().index();
                let (Some(Some(span)), Some(Some(dist))) = (self.span.get(k), promo_dist.get(k))
                else {
                    continue;
                };
                let d = dist[f][sq.index()];
                if d == 0 || d == u8::MAX || (B::narrow(span[f][sq.index()]) & pawns[me ^ 1]).any()
                {
                    continue;
                }
                let d = d as i64 + 1;
                out[3] += sign(me) * kt.gain as i64 * 100 / (2 * d * d);
            }
        }
        // The attack on each royal's zone: units (attacked squares of the
        // zone, per attacker) times attackers (at most 4), by the phase.
        for z in zones.iter().take(nz) {
            out[4] -= sign(z.1) * z.3 * z.4.min(4) * z.2;
            if self.drops {
                let (u, n) = self.hand_attackers(pos, map, z.0, z.1, &sides, &guard, &reach);
                if n > 0 {
                    let more = (z.3 + u) * (z.4 + n).min(4) - z.3 * z.4.min(4);
                    out[6] -= sign(z.1) * more * z.2;
                }
            }
        }
        out[5] = if side_of(pos.turn()) == 0 { 1 } else { -1 };
        out
    }

    /// [`Dynamic::raw`] as it was written before its per-kind table and
    /// its walks were merged (session 22): one walk per term, each
    /// kind's facts in its own list, the values and gains passed in. The
    /// tests compare the two on many positions.
    #[cfg(test)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn raw_reference<B: Bits>(
        &self,
        pos: &Position,
        map: &AttackMap<B>,
        cheapest: &mut Vec<Cp>,
        team: usize,
        values: &[Cp],
        passed_gain: &[Cp],
        promo_dist: &[Option<[Vec<u8>; 4]>],
        royals: &[(Square, u8, Cp)],
        mobility: bool,
    ) -> [i64; 7] {
        let mut out = [0i64; 7];
        if !self.on {
            return out;
        }
        let kinds = &self.kinds[..self.nk];
        let royal: Vec<bool> = kinds.iter().map(|x| x.royal).collect();
        let pawnlike: Vec<bool> = kinds.iter().map(|x| x.pawnlike).collect();
        let mob_scale: Vec<Cp> = kinds.iter().map(|x| x.mob_scale).collect();
        let mob_off: Vec<Cp> = kinds.iter().map(|x| x.mob_off).collect();
        if cheapest.len() < 256 {
            cheapest.clear();
            cheapest.resize(256, Cp::MAX);
        }
        let v = pos.tables().variant();
        // Each owner's side, asked once: 0 for `team`, 1 for the other.
        let mut sides = [1usize; 8];
        for (o, x) in sides.iter_mut().enumerate() {
            if v.team_of(o as u8) == team {
                *x = 0;
            }
        }
        let side_of = |o: u8| sides[o as usize & 7];
        // The two sides' men and what they attack: index 0 is `team`, 1
        // the other side.
        let mut side = [B::EMPTY; 2];
        let mut reach = [B::EMPTY; 2];
        for p in 0..2u8 {
            side[side_of(p)] |= map.men_of(p);
            reach[side_of(p)] |= map.of_player(p);
        }
        // Men attacked by the other side, men defended by their own.
        let attacked = (reach[0] & side[1]) | (reach[1] & side[0]);
        let defended = (reach[0] & side[0]) | (reach[1] & side[1]);
        let sign = |s: usize| if s == 0 { 1i64 } else { -1 };
        let men = map.men();
        // The zones of up to 4 royals: its square and those it attacks.
        let mut zones = [(B::EMPTY, 0usize, 0i64, 0i64, 0i64); 4];
        let mut nz = 0;
        if self.king {
            for &(sq, owner, phase) in royals.iter().take(4) {
                let mut z = men
                    .binary_search_by_key(&sq.index(), |m| m.sq.index())
                    .map_or(B::EMPTY, |i| men[i].attacks);
                z.insert(sq);
                zones[nz] = (z, side_of(owner), phase as i64, 0, 0);
                nz += 1;
            }
        }
        // Per man: the pawn-like men, the cheapest enemy attacker of each
        // attacked square, mobility, the attack on the royals' zones.
        let mut pawns = [B::EMPTY; 2];
        // What each side's men other than royals attack (drop games only).
        let mut guard = [B::EMPTY; 2];
        for &ManAttacks {
            sq,
            man: m,
            attacks: a,
        } in men
        {
            let k = m.kind() as usize;
            let me = side_of(m.owner());
            let royal = royal[k];
            let val = if royal { ROYAL_ATTACKER } else { values[k] };
            if pawnlike[k] {
                pawns[me].insert(sq);
            }
            for x in a & side[1 - me] {
                let c = &mut cheapest[x.index() & 255];
                *c = (*c).min(val);
            }
            if mobility && mob_scale[k] != 0 {
                let n = (a & !side[me]).count() as i64;
                out[0] += sign(me) * (mob_scale[k] as i64 * n - mob_off[k] as i64);
            }
            if !royal {
                if self.drops {
                    guard[me] |= a;
                }
                for z in zones.iter_mut().take(nz) {
                    if z.1 != me {
                        let u = (a & z.0).count() as i64;
                        if u > 0 {
                            z.3 += u;
                            z.4 += 1;
                        }
                    }
                }
            }
        }
        // Threats: men attacked by cheaper men, and attacked men that
        // nothing of their own side defends.
        // (Each entry of `cheapest` read is set back for the next call.)
        // (The map's list gives each attacked man: every attacked square
        // holds one.)
        for &ManAttacks { sq: x, man: m, .. } in men {
            if !attacked.contains(x) {
                continue;
            }
            let by = std::mem::replace(&mut cheapest[x.index() & 255], Cp::MAX);
            let k = m.kind() as usize;
            if royal[k] {
                continue;
            }
            let s = -sign(side_of(m.owner()));
            let val = values[k];
            if by < val {
                out[1] += s * (val - by) as i64;
            }
            if !defended.contains(x) {
                out[2] += s * val as i64;
            }
        }
        // Passed men: no enemy pawn-like man can block or take them.
        for &ManAttacks { sq, man: m, .. } in men {
            let k = m.kind() as usize;
            if !pawnlike[k] {
                continue;
            }
            let me = side_of(m.owner());
            let f = m.facing().index();
            let (Some(span), Some(dist)) = (&self.span[k], &promo_dist[k]) else {
                continue;
            };
            let d = dist[f][sq.index()];
            if d == 0 || d == u8::MAX || (B::narrow(span[f][sq.index()]) & pawns[1 - me]).any() {
                continue;
            }
            let d = d as i64 + 1;
            out[3] += sign(me) * passed_gain[k] as i64 * 100 / (2 * d * d);
        }
        // The attack on each royal's zone: units (attacked squares of the
        // zone, per attacker) times attackers (at most 4), by the phase.
        for z in zones.iter().take(nz) {
            out[4] -= sign(z.1) * z.3 * z.4.min(4) * z.2;
            if self.drops {
                let (u, n) = self.hand_attackers(pos, map, z.0, z.1, &sides, &guard, &reach);
                if n > 0 {
                    let more = (z.3 + u) * (z.4 + n).min(4) - z.3 * z.4.min(4);
                    out[6] -= sign(z.1) * more * z.2;
                }
            }
        }
        out[5] = if side_of(pos.turn()) == 0 { 1 } else { -1 };
        out
    }

    /// The enemy's men in hand as attackers of a royal's `zone` (the
    /// royal of side `me`, 0 or 1 as in `sides`): the zone's empty squares
    /// where a man could be placed that no man of side `me` but a royal
    /// attacks, or that the enemy's men attack (a placed man is defended
    /// there), are its drop squares. Per kind the enemy holds in hand
    /// (royals aside), its drop squares are those where its owner may
    /// place it (`place`: the placement rules that do not depend on the
    /// position, such as `place pawn where not in back_ranks`, `confined`
    /// or `not immobile`; those that do are not read): while it has one,
    /// its men count as attackers, and its drop squares as units. Returns
    /// (units, attackers).
    #[allow(clippy::too_many_arguments)]
    fn hand_attackers<B: Bits>(
        &self,
        pos: &Position,
        map: &AttackMap<B>,
        zone: B,
        me: usize,
        sides: &[usize; 8],
        guard: &[B; 2],
        reach: &[B; 2],
    ) -> (i64, i64) {
        let drop = zone & !map.occupied() & (!guard[me] | reach[1 - me]);
        if !drop.any() {
            return (0, 0);
        }
        let (mut units, mut attackers) = (0i64, 0i64);
        for p in 0..2u8 {
            if sides[p as usize] == me {
                continue;
            }
            for (k, &n) in pos.hand_counts(p).iter().enumerate().take(self.nk) {
                let (Some(kt), Some(place)) = (self.kinds.get(k), self.place.get(k)) else {
                    break;
                };
                if n == 0 || kt.royal {
                    continue;
                }
                let d = (drop & B::narrow(place[p as usize])).count() as i64;
                if d > 0 {
                    units += d;
                    attackers += n as i64;
                }
            }
        }
        (units, attackers)
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Bits, Tables};
    use crate::ir::Variant;
    use crate::search::tests::term_share_at;

    /// `hand_attack`'s share of the evaluation of `fen` for White at a
    /// weight of 100.
    fn share(variant: &str, fen: &str) -> i32 {
        term_share_at(variant, fen, "hand_attack", 0, Some(100))
    }

    /// A kind's id by its name.
    fn kind(v: &Variant, name: &str) -> u8 {
        v.pieces.iter().position(|p| p.name == name).unwrap() as u8
    }

    /// In crazyhouse a pawn may not be placed on the first or last rank
    /// (`place pawn where not in back_ranks`): against the king on g8,
    /// whose drop squares are f8 and h8, a pawn in hand attacks nothing,
    /// a knight 2 units × 1 attacker × 256 / 1,024 (50 at weight 100), and
    /// a pawn beside the knight adds nothing to it (once it added 2 units
    /// and an attacker: 200). Against the king on g7 the pawn counts on
    /// the five drop squares off the last rank (125), the knight on all
    /// eight (200).
    #[test]
    fn a_pawn_in_hand_attacks_no_square_where_it_cannot_be_placed() {
        let king_g8 = |hand: &str| format!("6k1/5ppp/8/8/8/8/5PPP/6K1[{hand}] w - - 0 1");
        assert_eq!(share("crazyhouse", &king_g8("P")), 0);
        assert_eq!(share("crazyhouse", &king_g8("N")), 50);
        assert_eq!(share("crazyhouse", &king_g8("NP")), 50);
        let king_g7 = |hand: &str| format!("8/6k1/8/8/8/8/5PPP/6K1[{hand}] w - - 0 1");
        assert_eq!(share("crazyhouse", &king_g7("P")), 125);
        assert_eq!(share("crazyhouse", &king_g7("N")), 200);
    }

    /// The squares where each kind may be placed are read per owner from
    /// the rule file's placement rules that do not depend on the position:
    /// in shogi (`place where not immobile`; `same_file`, which does, is
    /// not read) a pawn or lance never on its owner's last rank, a knight
    /// never on its last two, a silver anywhere; in crazyhouse a pawn on
    /// the six middle ranks for both players; chess places nothing.
    #[test]
    fn the_placeable_squares_follow_the_static_placement_rules_per_owner() {
        let ranks = |v: &Variant, t: &Tables, name: &str, p: u8| {
            let b = t.placeable(kind(v, name), p).unwrap();
            let mut r: Vec<i32> = b.iter().map(|sq| t.geometry().coords(sq).1).collect();
            r.dedup();
            (b.count(), r.first().copied(), r.last().copied())
        };
        let v = crate::load::builtin("shogi", &[]).unwrap();
        let t = Tables::new(&v).unwrap();
        assert_eq!(ranks(&v, &t, "pawn", 0), (72, Some(0), Some(7)));
        assert_eq!(ranks(&v, &t, "pawn", 1), (72, Some(1), Some(8)));
        assert_eq!(ranks(&v, &t, "lance", 0), (72, Some(0), Some(7)));
        assert_eq!(ranks(&v, &t, "knight", 0), (63, Some(0), Some(6)));
        assert_eq!(ranks(&v, &t, "knight", 1), (63, Some(2), Some(8)));
        assert_eq!(ranks(&v, &t, "silver", 1), (81, Some(0), Some(8)));
        let v = crate::load::builtin("crazyhouse", &[]).unwrap();
        let t = Tables::new(&v).unwrap();
        for p in 0..2 {
            assert_eq!(ranks(&v, &t, "pawn", p), (48, Some(1), Some(6)));
            assert_eq!(ranks(&v, &t, "knight", p), (64, Some(0), Some(7)));
        }
        let v = crate::load::builtin("chess", &[]).unwrap();
        let t = Tables::new(&v).unwrap();
        assert_eq!(t.placeable(kind(&v, "pawn"), 0), None);
    }
}
