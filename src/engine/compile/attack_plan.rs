//! A pattern's attack atoms arranged for the movement layer's
//! `attack_set`: every plain leap
//! merged into one table, plain unlimited rides as bare directions, and
//! the rest (initial-only, lame, hopping, limited, friend-passing, bent,
//! wrapping atoms) kept whole. The attack set is the union of the atoms'
//! reaches whatever their order, so it is the same set as the atoms give
//! one by one; a man with a queen's attacks then costs one table read and
//! eight rays, with no per-atom dispatch.

use super::catom::{AKind, CAtom, SqTable};
use crate::engine::core::Bits;

/// See the module's notes.
#[derive(Clone, Debug, Default)]
pub struct AttackPlan {
    /// Index in `Atoms::plan_bb` of the union of the plain leaps (not
    /// initial-only), per square.
    pub leaps: Option<u32>,
    /// The plain unlimited rides (not initial-only, not passing friends):
    /// their directions.
    pub rides: Vec<u16>,
    /// Every other attack atom.
    pub rest: Vec<CAtom>,
}

impl AttackPlan {
    /// Arrange `attacks`; a merged leap table is pushed on `plan_bb`.
    pub(super) fn new<B: Bits>(
        attacks: &[CAtom],
        leap_bb: &[SqTable<B>],
        plan_bb: &mut Vec<SqTable<B>>,
        nsq: usize,
    ) -> AttackPlan {
        let mut plan = AttackPlan::default();
        let mut leaps: Option<SqTable<B>> = None;
        for a in attacks {
            match a.kind {
                AKind::Leap if !a.initial => {
                    let acc = leaps.get_or_insert([B::EMPTY; 256]);
                    let table = &leap_bb[a.table as usize];
                    for (x, &y) in acc.iter_mut().zip(table.iter()).take(nsq) {
                        *x |= y;
                    }
                }
                AKind::Ride if a.range == 0 && !a.passes_own && !a.initial => {
                    plan.rides.push(a.dir);
                }
                _ => plan.rest.push(a.clone()),
            }
        }
        if let Some(table) = leaps {
            plan.leaps = Some(plan_bb.len() as u32);
            plan_bb.push(table);
        }
        plan
    }
}
