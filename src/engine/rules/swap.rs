//! Swap powers (`power swap A B [once | N times]`): a special action that
//! exchanges the squares of an own man of kind `A` and an own man of kind
//! `B`, at most `uses` times per game per player (all swap powers of a
//! player share one count).

use super::constraint::Legality;
use super::limit_box;
use super::sink::Sink;
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{Layout, Move, Square, State, Var};
use crate::engine::movement::kind_bb;
use crate::ir::{PieceId, PlayerId, Power, Variant};

/// The swap powers of a variant.
#[derive(Clone, Debug)]
pub struct Swaps {
    powers: Vec<(PieceId, PieceId, u32)>,
    /// Per player: swaps used so far (hashed).
    pub used: Var,
}

impl Swaps {
    pub fn new(v: &Variant, l: &mut Layout) -> Option<Swaps> {
        if v.turn.powers.is_empty() {
            return None;
        }
        let powers = v
            .turn
            .powers
            .iter()
            .map(|p| {
                let Power::Swap { a, b, uses } = *p;
                (a, b, uses)
            })
            .collect();
        Some(Swaps {
            powers,
            used: l.alloc_vars(l.nplayers, true),
        })
    }

    /// The powers: the two kinds and the uses allowed.
    pub fn powers(&self) -> impl Iterator<Item = (PieceId, PieceId, u32)> + '_ {
        self.powers.iter().copied()
    }

    /// Swaps `p` has used.
    #[inline]
    pub fn used_by<B: Bits>(&self, s: &State<B>, p: PlayerId) -> u32 {
        s.var(self.used.at(p as usize))
    }

    /// The legal swaps of the player to act.
    pub fn generate<B: Bits, S: Sink>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        lg: &Legality<B>,
        out: &mut S,
    ) {
        let me = s.turn;
        let l = &t.layout;
        let used = self.used_by(s, me);
        // Two own men change places: the squares of every player's men,
        // so their box and groups, stay as they are.
        let mut lg = *lg;
        let bb = limit_box::bbox(t, s.occ);
        if t.geo.fits_limit(bb) {
            lg.known.window = Some(limit_box::window_of(t, bb));
        }
        lg.known.kept = true;
        for &(a, b, uses) in &self.powers {
            if used >= uses {
                continue;
            }
            let own = s.by_player[me as usize];
            for sa in own & kind_bb(t, s, a) {
                for sb in own & kind_bb(t, s, b) {
                    if sa == sb {
                        continue;
                    }
                    let ma = s.unprobe(l, sa);
                    let mb = s.unprobe(l, sb);
                    s.probe(l, sb, ma);
                    s.probe(l, sa, mb);
                    let ok = lg.ok(t, s, me);
                    s.unprobe(l, sa);
                    s.unprobe(l, sb);
                    s.probe(l, sa, ma);
                    s.probe(l, sb, mb);
                    if ok {
                        out.raw(Move::swap(sa, sb));
                    }
                }
            }
        }
    }

    /// Make a swap: the men change squares and a use is counted.
    pub fn apply<B: Bits>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        a: Square,
        b: Square,
    ) {
        let l = &t.layout;
        let ma = s.take(l, a);
        let mb = s.take(l, b);
        s.put(l, b, ma);
        s.put(l, a, mb);
        let v = self.used.at(me as usize);
        let n = s.var(v);
        s.set_var(l, v, n + 1);
    }
}
