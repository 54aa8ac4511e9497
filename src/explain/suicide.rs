//! Suicides (`suicide d4`, under `actions ..., suicide`): the action
//! itself (the variant has none), the man on the square (none, another
//! player's, a royal one), whether an enemy immobiliser holds it, and the
//! constraints after it leaves (a royal it shielded).

use super::reason::Reason;
use super::{words, Found, Role, RuleRef, Scene};
use crate::engine::{Broken, Move, Square};

/// Why the suicide of the man on `at` is refused (or that it is legal).
pub(crate) fn suicide(sc: &Scene, at: Square) -> Found {
    inner(sc, at).mark(sc.pos, at, Role::From)
}

fn inner(sc: &Scene, at: Square) -> Found {
    let (pos, v) = (sc.pos, sc.v);
    if !v.turn.suicide {
        return Found::new(Reason::NoSuicide);
    }
    let mv = Move::Suicide { at };
    if sc.legal.contains(&mv) {
        return Found::new(Reason::Legal { action: sc.san(mv) });
    }
    let man = match super::board::own_man(sc, at) {
        Ok(m) => m,
        Err(r) => return Found::new(r),
    };
    let rule = Some(RuleRef::said("actions ..., suicide"));
    if v.pieces.get(man.kind() as usize).is_some_and(|p| p.royal) {
        return Found::new(Reason::SuicideRoyal {
            man: words::man_on(pos, at),
        })
        .rule(rule);
    }
    if pos.immobilised_by(at).is_none() {
        return Found::new(Reason::NotImmobilised {
            man: words::man_on(pos, at),
        })
        .rule(rule);
    }
    if let Some(Broken::RoyalAttacked { royal, by }) = pos.broken_by(mv).first() {
        let mut f = Found::new(Reason::InCheck {
            royal: words::man_on(pos, *royal),
            by: by.iter().map(|&s| words::man_on(pos, s)).collect(),
        });
        for &s in by {
            f = f.mark(pos, s, Role::Attacker);
        }
        return f.mark(pos, *royal, Role::Royal);
    }
    super::board::filters(sc, mv)
}
