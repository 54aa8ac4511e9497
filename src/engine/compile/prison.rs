//! The attacks a promotion `from prison` voids (`promote ... from
//! prison`, LANGUAGE.md §13; Hostage chess): built by the promotion rule,
//! kept on [`super::Base`] for the attack test on royals.

use crate::engine::core::{Bits, Square, State};
use crate::ir::{KindSet, PlayerId};

/// One (kind, owner, facing) of a kind that promotes `from prison`: its
/// pattern, its zone and its owner's choices.
#[derive(Clone, Debug)]
pub struct PrisonMan<B: Bits> {
    pub owner: PlayerId,
    pub pid: u8,
    pub zone: B,
    pub choices: KindSet,
}

/// The attacks a promotion `from prison` voids: a man of such a kind whose
/// owner holds none of its choices in the other player's prison may not
/// end a move in its zone, so it attacks none of the zone's squares (it
/// gives no check there, and a royal may stand there). Read by the attack
/// test on royals behind [`super::Base::check_special`].
#[derive(Clone, Debug)]
pub struct PrisonAttacks<B: Bits> {
    men: Vec<PrisonMan<B>>,
}

impl<B: Bits> PrisonAttacks<B> {
    pub fn new(men: Vec<PrisonMan<B>>) -> PrisonAttacks<B> {
        PrisonAttacks { men }
    }

    /// The men of `attackers` whose attack on `sq` does not count.
    #[inline(never)]
    pub fn void(&self, s: &State<B>, sq: Square, attackers: B) -> B {
        let mut out = B::EMPTY;
        for m in &self.men {
            if !m.zone.contains(sq) {
                continue;
            }
            let holder = (m.owner ^ 1) as usize;
            if m.choices.iter().any(|c| s.prisons[holder][c as usize] > 0) {
                continue;
            }
            out |= s.pids_bb(&[m.pid]) & s.by_player[m.owner as usize];
        }
        out & attackers
    }
}
