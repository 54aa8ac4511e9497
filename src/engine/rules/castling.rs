//! Castling, FIDE style: the royal moves two squares toward an unmoved
//! partner on the same line with only empty squares between; the partner
//! lands on the square the royal crossed. The royal may not be in check,
//! nor cross or land on an attacked square (landing is tested with the
//! other constraints, after the move).
//!
//! The right to castle lives in the has-moved flags of the royal and the
//! partner; the hash holds it as one key per partner that can still castle.

use crate::engine::compile::{Base, CompileError};
use crate::engine::core::Bits;
use crate::engine::core::{Man, Move, Square, State};
use crate::engine::movement::{attacked, kind_bb, Ctx};
use crate::ir::{PieceId, PlayerId, Variant};

/// The castling rule of a variant.
#[derive(Clone, Copy, Debug)]
pub struct Castling {
    pub royal: PieceId,
    pub partner: PieceId,
}

impl Castling {
    pub fn new<B: Bits>(v: &Variant, t: &Base<B>) -> Result<Option<Castling>, CompileError> {
        let Some(c) = &v.turn.castling else {
            return Ok(None);
        };
        if c.royal as usize >= t.nkinds || c.partner as usize >= t.nkinds {
            return Err(CompileError::Other(
                "castling names an unknown piece".into(),
            ));
        }
        Ok(Some(Castling {
            royal: c.royal,
            partner: c.partner,
        }))
    }

    /// The two kinds (bit mask).
    #[inline]
    pub fn kinds(&self) -> u32 {
        (1 << self.royal) | (1 << self.partner)
    }

    /// The castling part of the hash: each partner that can still castle
    /// (unmoved, with an unmoved royal of its owner on its line).
    pub fn key<B: Bits>(&self, t: &Base<B>, s: &State<B>) -> u64 {
        let geo = &t.geo;
        let royals = kind_bb(t, s, self.royal) & s.unmoved;
        if royals.is_empty() {
            return 0;
        }
        let partners = kind_bb(t, s, self.partner) & s.unmoved;
        let mut k = 0;
        for p in partners {
            let owner = s.at(p).owner();
            let (px, py) = geo.coords(p);
            let ok = (royals & s.by_player[owner as usize]).iter().any(|r| {
                let (rx, ry) = geo.coords(r);
                r != p && (rx == px || ry == py)
            });
            if ok {
                k ^= t.layout.zob.castle[p.index()];
            }
        }
        k
    }

    /// Bring the castling key up to date after has-moved flags changed.
    pub fn refresh_key<B: Bits>(&self, t: &Base<B>, s: &mut State<B>) {
        let k = self.key(t, s);
        s.hash ^= s.castle_key ^ k;
        s.castle_key = k;
    }

    /// The castling moves of the player of `c` that meet the conditions
    /// before the move (the landing square is tested after it).
    pub fn candidates<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        c: &Ctx<B>,
        mut f: impl FnMut(&mut State<B>, Move),
    ) {
        let mine = s.by_player[c.me as usize] & s.unmoved;
        if mine.is_empty() {
            return;
        }
        let royals = mine & kind_bb(t, s, self.royal);
        if royals.is_empty() {
            return;
        }
        let partners = mine & kind_bb(t, s, self.partner);
        if partners.is_empty() {
            return;
        }
        let geo = &t.geo;
        for r in royals {
            let (rx, ry) = geo.coords(r);
            let mut checked = None;
            for p in partners {
                if p == r {
                    continue;
                }
                let (px, py) = geo.coords(p);
                let (dx, dy) = if ry == py {
                    ((px - rx).signum(), 0)
                } else if rx == px {
                    (0, (py - ry).signum())
                } else {
                    continue;
                };
                let dist = (px - rx).abs().max((py - ry).abs());
                if dist < 3 {
                    continue;
                }
                let clear = (1..dist).all(|i| {
                    geo.square(rx + i * dx, ry + i * dy)
                        .is_some_and(|sq| !c.occ.contains(sq))
                });
                if !clear {
                    continue;
                }
                let (Some(crossed), Some(dest)) = (
                    geo.square(rx + dx, ry + dy),
                    geo.square(rx + 2 * dx, ry + 2 * dy),
                ) else {
                    continue;
                };
                let in_check = *checked.get_or_insert_with(|| attacked(t, s, r, c.enemy, c.occ));
                if in_check || attacked(t, s, crossed, c.enemy, c.occ) {
                    continue;
                }
                f(
                    s,
                    Move::Castle {
                        from: r,
                        to: dest,
                        partner: p,
                        partner_to: crossed,
                    },
                );
            }
        }
    }

    /// The partners on the royal's rank, nearest first, on one side (+1
    /// east, -1 west), among `men` (for the FEN castling field).
    pub fn side_partners<B: Bits>(
        &self,
        t: &Base<B>,
        men: &[(Square, Man)],
        royal: Square,
        owner: PlayerId,
        side: i32,
    ) -> Vec<Square> {
        let (rx, ry) = t.geo.coords(royal);
        let mut v: Vec<(i32, Square)> = men
            .iter()
            .filter(|(_, m)| m.kind() == self.partner && m.owner() == owner)
            .filter_map(|&(at, _)| {
                let (x, y) = t.geo.coords(at);
                (y == ry && (x - rx).signum() == side).then_some(((x - rx).abs(), at))
            })
            .collect();
        v.sort();
        v.into_iter().map(|(_, s)| s).collect()
    }
}
