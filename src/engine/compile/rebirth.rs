//! Rebirth squares (`captures reborn`, `captures reborn capturer`): for
//! every owner, kind and square of capture, the square a man of that kind
//! is reborn on, computed once from the setup (or the `rebirth ... in`
//! regions).
//!
//! The candidates of a kind are its owner's game-start squares (the men of
//! the `setup` as written), or the squares of a `rebirth KIND in REGION`
//! region for that owner. Among them, the rebirth square of a capture on
//! square `c`:
//! * the one candidate, when there is one;
//! * for a kind whose candidates stand on every file of the board (a row
//!   of pawns), the candidate on `c`'s file;
//! * else the candidates of `c`'s colour (all of them if none is), and of
//!   those the one nearest `c`'s file, the lower file and then the lower
//!   rank first (standard Circe: rooks, knights and bishops by the colour
//!   of the capture square, the queen and the king on their one square).

use super::super::core::{Bits, ByPlayer, Geometry, Square};
use crate::ir::Variant;

/// No rebirth square.
const NONE: u16 = u16::MAX;

/// The rebirth square of every (owner, kind, square of capture).
#[derive(Clone, Debug)]
pub struct RebirthSquares {
    nkinds: usize,
    nsq: usize,
    table: Box<[u16]>,
}

impl RebirthSquares {
    /// The table of `v`, or `None` when captures are not reborn.
    pub fn new<B: Bits>(
        v: &Variant,
        geo: &Geometry,
        regions: &[ByPlayer<B>],
    ) -> Option<RebirthSquares> {
        if !v.turn.captures.rebirth() {
            return None;
        }
        let (nkinds, nsq, np) = (v.pieces.len(), geo.len(), v.players.len());
        let mut table = vec![NONE; np * nkinds * nsq].into_boxed_slice();
        let files: std::collections::BTreeSet<i32> = geo
            .squares()
            .filter(|&q| geo.is_real(q))
            .map(|q| geo.coords(q).0)
            .collect();
        let dark = geo.dark();
        for owner in 0..np {
            for kind in 0..nkinds {
                let named = v
                    .turn
                    .rebirth_in
                    .iter()
                    .rev()
                    .find(|(ks, _)| ks.contains(&(kind as u8)))
                    .map(|&(_, r)| r);
                let mut cands: Vec<Square> = match named {
                    Some(r) => regions
                        .get(r as usize)
                        .map(|by| by[owner as u8].iter().collect())
                        .unwrap_or_default(),
                    None => v
                        .setup
                        .men
                        .iter()
                        .filter(|m| m.piece as usize == kind && m.owner as usize == owner)
                        .filter_map(|m| geo.coord_square(m.at))
                        .collect(),
                };
                cands.sort_by_key(|&q| {
                    let (x, y) = geo.coords(q);
                    (x, y)
                });
                cands.dedup();
                if cands.is_empty() {
                    continue;
                }
                let cand_files: std::collections::BTreeSet<i32> =
                    cands.iter().map(|&q| geo.coords(q).0).collect();
                let by_file = cands.len() > 1 && cand_files == files;
                for c in geo.squares() {
                    if !geo.is_real(c) {
                        continue;
                    }
                    let (cx, _) = geo.coords(c);
                    let pick = if cands.len() == 1 {
                        Some(cands[0])
                    } else {
                        let on_file = cands.iter().copied().find(|&q| geo.coords(q).0 == cx);
                        match (by_file, on_file) {
                            (true, Some(q)) => Some(q),
                            _ => {
                                let colour = dark.contains(c);
                                let same: Vec<Square> = cands
                                    .iter()
                                    .copied()
                                    .filter(|&q| dark.contains(q) == colour)
                                    .collect();
                                let pool = if same.is_empty() { &cands } else { &same };
                                pool.iter().copied().min_by_key(|&q| {
                                    let (x, y) = geo.coords(q);
                                    ((x - cx).abs(), x, y)
                                })
                            }
                        }
                    };
                    if let Some(q) = pick {
                        table[(owner * nkinds + kind) * nsq + c.index()] = q.index() as u16;
                    }
                }
            }
        }
        Some(RebirthSquares { nkinds, nsq, table })
    }

    /// The square a man of `kind` and `owner` captured (or capturing) on
    /// `at` is reborn on, if it has one.
    #[inline]
    pub fn square(&self, owner: u8, kind: u8, at: Square) -> Option<Square> {
        let i = (owner as usize * self.nkinds + kind as usize) * self.nsq + at.index();
        match self.table.get(i).copied() {
            Some(q) if q != NONE => Some(Square::new(q as usize)),
            _ => None,
        }
    }
}
