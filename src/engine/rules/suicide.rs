//! Suicide (`actions ..., suicide`): a source of actions by which an
//! immobilised man leaves the game. The man must be the acting player's,
//! not of a royal kind, and held by an enemy immobiliser (`immobilises`:
//! [`crate::engine::movement::strike::frozen`]); the removal is legal when
//! the constraints hold after it (it may not expose the player's royal).
//! Its consequence (the man off the board) is made in `make`.

use super::constraint::Legality;
use super::sink::Sink;
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{Move, State};
use crate::engine::movement::strike::frozen;
use crate::ir::Variant;

/// The suicide rule of a variant: present only with `suicide` among the
/// actions and some kind that immobilises (otherwise no man is ever
/// immobilised, and the variant pays nothing).
#[derive(Clone, Copy, Debug)]
pub struct Suicide;

impl Suicide {
    pub fn new<B: Bits>(v: &Variant, base: &Base<B>) -> Option<Suicide> {
        let holds = base
            .strikes
            .as_deref()
            .is_some_and(|st| !st.immobilisers.is_empty());
        (v.turn.suicide && holds).then_some(Suicide)
    }

    /// The legal suicides of the player to act: one per own man that is
    /// immobilised and not royal, removed and tested one by one.
    pub fn generate<B: Bits, S: Sink>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        lg: &Legality<B>,
        out: &mut S,
    ) {
        let Some(st) = t.strikes.as_deref() else {
            return;
        };
        let me = s.turn;
        let l = &t.layout;
        let held = frozen(t, s, st, s.by_player[me as usize]);
        for sq in held {
            let man = s.at(sq);
            if t.royal_kinds.contains(man.kind()) {
                continue;
            }
            s.unprobe(l, sq);
            let ok = lg.ok(t, s, me);
            s.probe(l, sq, man);
            if ok {
                out.raw(Move::Suicide { at: sq });
            }
        }
    }
}
