//! The evaluation's structure terms: where the pawn-like men stand, and
//! what stands in their way (the evaluation's module doc says what
//! each term weighs).
//!
//! Every table here comes from the rule file: the pawn-like kinds (they
//! promote, move one step forward and nothing else, and capture aside, so
//! that they can defend one another: a chain and its holes mean something),
//! the setup's squares and the royal kinds. A variant without such a kind
//! (shogi's pawns capture straight ahead, xiangqi's soldiers do not
//! promote) computes nothing here, nor does one that is not two players
//! moving men where material counts, as for the dynamic terms.
//! [`Structure::raw`] gives each term's raw feature; the evaluation
//! multiplies it by its weight over [`DEN`].

use super::mobility::mobility;
use super::weights::{self as w, Cp};
use crate::engine::compile::graph::components;
use crate::engine::{AttackMap, Bits, Bitset, ManAttacks, Square, Tables};
use crate::ir::{Dir, Path, PieceId, Variant};

/// The structure terms, in the order of [`Structure::raw`]'s result.
pub(super) const TERMS: [usize; 8] = [
    w::BLOCKER,
    w::DEVELOPMENT,
    w::DOUBLED,
    w::ISOLATED,
    w::PAWN_SHIELD,
    w::PAIR,
    w::OPEN_LINE,
    w::CHAIN,
];

/// What each raw feature is divided by once multiplied by its weight:
/// blockers, doubled and isolated men count whole weights; development is
/// weighed by the phase (256 with a full enemy army); the shield counts 2
/// per man one step ahead of the royal and 1 per man two steps ahead,
/// weighed by the phase, so its weight is per man one step ahead; the
/// pair, open lines and chains count whole weights.
pub(super) const DEN: [i64; 8] = [1, 256, 1, 1, 2 * 256, 1, 1, 1];

/// The most kinds whose men are bound to parts of the board that the pair
/// term reads (the first ones in the rule file's order), and the most
/// parts such a kind's board may fall into.
const MAX_BOUND: usize = 8;
const MAX_PARTS: usize = 8;

/// A kind's class: neither pawn-like nor royal.
const OTHER: u8 = 0;
/// A kind's class: pawn-like and capturing aside.
const PAWN: u8 = 1;
/// A kind's class: royal.
const ROYAL: u8 = 2;
/// The bits of a kind's class entry that hold its class.
const CLASS: u8 = 3;
/// A flag of a kind's class entry (neither pawn-like nor royal): it rides
/// (or captures by riding) straight forward or backward along its file.
const FILE_RIDER: u8 = 4;

/// The per-variant tables of the structure terms.
#[derive(Debug, Clone, Default)]
pub(super) struct Structure {
    /// Any structure term applies.
    pub on: bool,
    /// Per kind id (256 entries where `on`, else none): [`PAWN`] (pawn-like
    /// and capturing aside), [`ROYAL`] or [`OTHER`], with the flag
    /// [`FILE_RIDER`].
    class: Vec<u8>,
    /// Per kind id (256 entries where `on`): its index among the bound
    /// kinds (`u8::MAX`: not bound). A bound kind's men can never reach
    /// some squares from others on the empty board (a bishop keeps its
    /// colour).
    bound: Vec<u8>,
    /// Per bound kind: the part of the board (`0..MAX_PARTS`) each square
    /// belongs to, for that kind.
    parts: Vec<Vec<u8>>,
    /// Per facing and square: the other squares of its file (the line
    /// along its forward direction, both ways).
    file: [Vec<Bitset>; 4],
    /// Per owner: its team (`Variant::team_of`).
    teams: [usize; 8],
    /// Per square: the owner and kind the setup puts there.
    start: Vec<Option<(u8, PieceId)>>,
    /// The setup's squares of men (neither royal nor pawn-like) whose kind
    /// reaches at least an eighth fewer squares from there on the empty
    /// board than its mean: a man still there is not developed.
    undeveloped: Bitset,
    /// Per facing: the middle files (across that forward direction), where
    /// a pawn-like man blocked on its start square counts.
    middle: [Bitset; 4],
    /// Per owner: the squares on the rank (across its forward direction)
    /// of a setup square of one of its royals.
    home: Vec<Bitset>,
    /// Per facing and square: the square one step forward.
    front: [Vec<Option<Square>>; 4],
    /// Per facing and square: the squares ahead on its file.
    ahead: [Vec<Bitset>; 4],
    /// Per facing and square: the squares of the two files beside it.
    beside: [Vec<Bitset>; 4],
    /// Per facing and square: the three squares one step ahead (straight
    /// and aside), and the three two steps ahead.
    shield: [Vec<(Bitset, Bitset)>; 4],
}

/// Whether `kind` moves one step forward and nothing else (its first move
/// aside), promotes, and captures aside (not only straight ahead).
pub(super) fn flank_pawn(v: &Variant, kind: usize) -> bool {
    let p = &v.pieces[kind];
    let moves = || p.moves.iter().filter(|a| a.mode.can_move() && !a.initial());
    let captures_aside = p
        .attacks
        .as_ref()
        .unwrap_or(&p.moves)
        .iter()
        .filter(|a| a.mode.can_capture() && !a.initial())
        .any(|a| a.vectors.iter().any(|&(dx, _)| dx != 0));
    p.promotion.is_some()
        && !p.royal
        && p.zone_moves.is_empty()
        && moves().next().is_some()
        && moves().all(|a| a.range == 1 && a.vectors.iter().all(|&v| v == (0, 1)))
        && captures_aside
}

/// Whether `kind` (neither pawn-like nor royal) rides, moving or
/// capturing, straight forward or backward: along its file.
fn file_rider(v: &Variant, kind: usize) -> bool {
    let p = &v.pieces[kind];
    p.moves
        .iter()
        .chain(p.attacks.iter().flatten())
        .filter(|a| a.mode.can_capture() && !a.initial() && a.then.is_none())
        .filter(|a| a.path == Path::Direct && a.range != 1)
        .any(|a| a.vectors.iter().any(|&(dx, dy)| dx == 0 && dy != 0))
}

/// The parts of the board a man of `kind` (facing north) can never leave
/// on the empty board, where there are two to [`MAX_PARTS`]: each
/// square's part (a bishop's board falls into its two colours). `None`
/// where the kind reaches every square from every other, has more parts,
/// moves in two legs, or does not move.
fn board_parts(t: &Tables, kind: usize) -> Option<Vec<u8>> {
    let p = &t.variant().pieces[kind];
    let atoms: Vec<_> = p.moves.iter().filter(|a| !a.initial()).collect();
    if atoms.is_empty() || atoms.iter().any(|a| a.then.is_some()) {
        return None;
    }
    let steps: Vec<(i32, i32)> = atoms
        .iter()
        .flat_map(|a| a.vectors.iter().map(|&(dx, dy)| (dx as i32, dy as i32)))
        .collect();
    let (part, count) = components(t.geometry(), &steps);
    // A hole's part (`u32::MAX`) stays out of range as `u8::MAX`.
    (2..=MAX_PARTS).contains(&count).then(|| {
        part.into_iter()
            .map(|p| u8::try_from(p).unwrap_or(u8::MAX))
            .collect()
    })
}

impl Structure {
    /// The tables of `t`'s variant. `mean_mobility` is each kind's mean
    /// mobility on the empty board (as the evaluation computes it).
    pub(super) fn new(t: &Tables, mean_mobility: &[f64], material_sign: Cp) -> Structure {
        let v = t.variant();
        let geo = t.geometry();
        let nk = v.pieces.len();
        let pawn: Vec<bool> = (0..nk).map(|k| flank_pawn(v, k)).collect();
        let on = v.players.len() == 2
            && v.turn.moves
            && material_sign > 0
            && geo.len() <= 256
            && pawn.iter().any(|&p| p);
        if !on {
            return Structure::default();
        }
        let n = geo.len();
        let mut start = vec![None; n];
        let mut undeveloped = Bitset::EMPTY;
        let mut home = vec![Bitset::EMPTY; v.players.len()];
        for m in &v.setup.men {
            let Some(sq) = geo.coord_square(m.at) else {
                continue;
            };
            let k = m.piece as usize;
            start[sq.index()] = Some((m.owner, m.piece));
            let p = &v.pieces[k];
            if p.royal {
                // The royal's rank: every square as far forward as it.
                let fwd = m.facing.rotate((0, 1));
                let key = |s: Square| {
                    let (x, y) = geo.coords(s);
                    x * fwd.0 + y * fwd.1
                };
                let at = key(sq);
                for s in geo.squares().filter(|&s| key(s) == at) {
                    home[m.owner as usize].insert(s);
                }
            } else if !pawn[k] {
                let (l, r) = mobility(t, m.piece, m.facing, sq);
                if l + r <= mean_mobility[k] * 7.0 / 8.0 {
                    undeveloped.insert(sq);
                }
            }
        }
        // A line from `sq` in direction `d`, not counting `sq` (one lap at
        // most on a board that wraps).
        let line = |sq: Square, d: (i32, i32)| {
            let mut out = Bitset::EMPTY;
            let mut at = sq;
            for _ in 0..n {
                match geo.offset(at, d) {
                    Some(x) if x != sq => {
                        out.insert(x);
                        at = x;
                    }
                    _ => break,
                }
            }
            out
        };
        let mut file: [Vec<Bitset>; 4] = Default::default();
        let mut middle = [Bitset::EMPTY; 4];
        let mut front: [Vec<Option<Square>>; 4] = Default::default();
        let mut ahead: [Vec<Bitset>; 4] = Default::default();
        let mut beside: [Vec<Bitset>; 4] = Default::default();
        let mut shield: [Vec<(Bitset, Bitset)>; 4] = Default::default();
        for f in Dir::ALL {
            let i = f.index();
            let fwd = f.rotate((0, 1));
            let back = f.rotate((0, -1));
            let aside = [f.rotate((1, 0)), f.rotate((-1, 0))];
            // The file across the forward direction, and its middle.
            let across = |s: Square| {
                let (x, y) = geo.coords(s);
                x * aside[0].0 + y * aside[0].1
            };
            let lo = geo.squares().map(across).min().unwrap_or(0);
            let hi = geo.squares().map(across).max().unwrap_or(0);
            for s in geo.squares() {
                if (2 * across(s) - (lo + hi)).abs() <= 1 {
                    middle[i].insert(s);
                }
            }
            front[i] = vec![None; n];
            ahead[i] = vec![Bitset::EMPTY; n];
            file[i] = vec![Bitset::EMPTY; n];
            beside[i] = vec![Bitset::EMPTY; n];
            shield[i] = vec![(Bitset::EMPTY, Bitset::EMPTY); n];
            for sq in geo.squares() {
                let x = sq.index();
                front[i][x] = geo.offset(sq, fwd);
                ahead[i][x] = line(sq, fwd);
                file[i][x] = line(sq, fwd) | line(sq, back);
                for d in aside {
                    if let Some(a) = geo.offset(sq, d) {
                        let mut b = line(a, fwd) | line(a, back);
                        b.insert(a);
                        b.remove(sq);
                        beside[i][x] |= b;
                    }
                }
                let mut near = Bitset::EMPTY;
                let mut far = Bitset::EMPTY;
                if let Some(one) = geo.offset(sq, fwd) {
                    near.insert(one);
                    for d in aside {
                        if let Some(a) = geo.offset(one, d) {
                            near.insert(a);
                        }
                    }
                    if let Some(two) = geo.offset(one, fwd) {
                        far.insert(two);
                        for d in aside {
                            if let Some(a) = geo.offset(two, d) {
                                far.insert(a);
                            }
                        }
                    }
                }
                near.remove(sq);
                far.remove(sq);
                shield[i][x] = (near, far);
            }
        }
        let mut class = vec![OTHER; 256];
        let mut bound = vec![u8::MAX; 256];
        let mut parts = Vec::new();
        for (k, c) in class.iter_mut().enumerate().take(nk) {
            if pawn[k] {
                *c = PAWN;
            } else if v.pieces[k].royal {
                *c = ROYAL;
            } else {
                if file_rider(v, k) {
                    *c |= FILE_RIDER;
                }
                if parts.len() < MAX_BOUND {
                    if let Some(p) = board_parts(t, k) {
                        bound[k] = parts.len() as u8;
                        parts.push(p);
                    }
                }
            }
        }
        let mut teams = [0usize; 8];
        for (o, t) in teams.iter_mut().enumerate() {
            *t = v.team_of(o as u8);
        }
        Structure {
            on,
            class,
            bound,
            parts,
            file,
            teams,
            start,
            undeveloped,
            middle,
            home,
            front,
            ahead,
            beside,
            shield,
        }
    }

    /// The raw features of the structure terms for `team` (positive: good
    /// for it), in the order of [`TERMS`], each to be multiplied by its
    /// weight and divided by [`DEN`]. `map` is the position's filled
    /// attack map in any set width `B` (its men and their squares are
    /// read, not their attacks), `phase` each owner's game phase (0 with
    /// no enemy pieces ..= 256 with a full enemy army). Without `extras`
    /// the pair, open lines and chains (the last three) are left at 0.
    pub(super) fn raw<B: Bits>(
        &self,
        map: &AttackMap<B>,
        team: usize,
        phase: &[Cp; 8],
        extras: bool,
    ) -> [i64; 8] {
        let mut out = [0i64; 8];
        // (Off: no table.)
        let Ok(class) = <&[u8; 256]>::try_from(self.class.as_slice()) else {
            return out;
        };
        let mut sides = [1usize; 8];
        for (x, &t) in sides.iter_mut().zip(&self.teams) {
            if t == team {
                *x = 0;
            }
        }
        let side_of = |o: u8| sides[o as usize & 7] & 1;
        let sign = |s: usize| if s == 0 { 1i64 } else { -1 };
        let mut own = [B::EMPTY; 2];
        for p in 0..2u8 {
            own[side_of(p)] |= map.men_of(p);
        }
        let men = map.men();
        let mut pawns = [B::EMPTY; 2];
        let mut guarded = [B::EMPTY; 2];
        for &ManAttacks {
            sq,
            man: m,
            attacks,
        } in men
        {
            if class[m.kind() as usize] == PAWN {
                pawns[side_of(m.owner())].insert(sq);
                if extras {
                    guarded[side_of(m.owner())] |= attacks;
                }
            }
        }
        // Per side and bound kind: the parts of the board its men stand in.
        let mut seen = [[0u8; MAX_BOUND]; 2];
        for &ManAttacks { sq, man: m, .. } in men {
            let me = side_of(m.owner());
            let s = sign(me);
            let f = m.facing().index();
            let x = sq.index();
            let at_start = || self.start.get(x) == Some(&Some((m.owner(), m.kind())));
            let c = class[m.kind() as usize];
            match c & CLASS {
                PAWN => {
                    // Blocked on its start square, on a middle file, by its
                    // own side's man.
                    if self.middle[f].contains(sq) && at_start() {
                        if let Some(fr) = self.front[f][x] {
                            if own[me].contains(fr) && !pawns[me].contains(fr) {
                                out[0] -= s;
                            }
                        }
                    }
                    if (B::narrow(self.ahead[f][x]) & pawns[me]).any() {
                        out[2] -= s;
                    }
                    if !(B::narrow(self.beside[f][x]) & pawns[me]).any() {
                        out[3] -= s;
                    }
                }
                ROYAL => {
                    if self
                        .home
                        .get(m.owner() as usize)
                        .is_some_and(|h| h.contains(sq))
                    {
                        let (near, far) = self.shield[f][x];
                        let (near, far) = (B::narrow(near), B::narrow(far));
                        let units = 2 * (near & pawns[me]).count() + (far & pawns[me]).count();
                        out[4] += s * units as i64 * phase[m.owner() as usize & 7] as i64;
                    }
                }
                _ => {
                    if self.undeveloped.contains(sq) && at_start() {
                        out[1] -= s * phase[m.owner() as usize & 7] as i64;
                    }
                    if !extras {
                        continue;
                    }
                    if c & FILE_RIDER != 0 {
                        let file = B::narrow(self.file[f][x]);
                        if !(file & pawns[me]).any() {
                            out[6] += s;
                            if !(file & pawns[1 - me]).any() {
                                out[6] += s;
                            }
                        }
                    }
                    let b = self.bound[m.kind() as usize];
                    if let Some(parts) = self.parts.get(b as usize) {
                        seen[me][b as usize] |= 1 << parts[x];
                    }
                }
            }
        }
        for (side, seen) in seen.iter().enumerate() {
            for &mask in &seen[..self.parts.len()] {
                if mask.count_ones() >= 2 {
                    out[5] += sign(side) * (mask.count_ones() as i64 - 1);
                }
            }
        }
        for side in 0..2 {
            out[7] += sign(side) * (pawns[side] & guarded[side]).count() as i64;
        }
        out
    }

    /// [`Structure::raw`] as it was written before its kind classes
    /// (session 22): each kind's facts in its own list, the start square
    /// compared for every man, the teams asked of the variant. The tests
    /// compare the two on many positions (the first five terms: the pair,
    /// open lines and chains came later and have tests of their own).
    #[cfg(test)]
    pub(super) fn raw_reference<B: Bits>(
        &self,
        pos: &crate::engine::Position,
        map: &AttackMap<B>,
        team: usize,
        phase: &[Cp; 8],
    ) -> [i64; 5] {
        let mut out = [0i64; 5];
        if !self.on {
            return out;
        }
        let pawn: Vec<bool> = self.class.iter().map(|&c| c == PAWN).collect();
        let royal: Vec<bool> = self.class.iter().map(|&c| c == ROYAL).collect();
        let v = pos.tables().variant();
        let mut sides = [1usize; 8];
        for (o, x) in sides.iter_mut().enumerate() {
            if v.team_of(o as u8) == team {
                *x = 0;
            }
        }
        let side_of = |o: u8| sides[o as usize & 7];
        let sign = |s: usize| if s == 0 { 1i64 } else { -1 };
        let mut own = [B::EMPTY; 2];
        for p in 0..2u8 {
            own[side_of(p)] |= map.men_of(p);
        }
        let men = map.men();
        let mut pawns = [B::EMPTY; 2];
        for &ManAttacks { sq, man: m, .. } in men {
            if pawn[m.kind() as usize] {
                pawns[side_of(m.owner())].insert(sq);
            }
        }
        for &ManAttacks { sq, man: m, .. } in men {
            let k = m.kind() as usize;
            let me = side_of(m.owner());
            let s = sign(me);
            let f = m.facing().index();
            let x = sq.index();
            let at_start = self.start[x] == Some((m.owner(), m.kind()));
            if pawn[k] {
                // Blocked on its start square, on a middle file, by its own
                // side's man.
                if at_start && self.middle[f].contains(sq) {
                    if let Some(fr) = self.front[f][x] {
                        if own[me].contains(fr) && !pawns[me].contains(fr) {
                            out[0] -= s;
                        }
                    }
                }
                if (B::narrow(self.ahead[f][x]) & pawns[me]).any() {
                    out[2] -= s;
                }
                if !(B::narrow(self.beside[f][x]) & pawns[me]).any() {
                    out[3] -= s;
                }
            } else if royal[k] {
                if self
                    .home
                    .get(m.owner() as usize)
                    .is_some_and(|h| h.contains(sq))
                {
                    let (near, far) = self.shield[f][x];
                    let (near, far) = (B::narrow(near), B::narrow(far));
                    let units = 2 * (near & pawns[me]).count() + (far & pawns[me]).count();
                    out[4] += s * units as i64 * phase[m.owner() as usize & 7] as i64;
                }
            } else if at_start && self.undeveloped.contains(sq) {
                out[1] -= s * phase[m.owner() as usize & 7] as i64;
            }
        }
        out
    }
}
