//! Explosions (`explode on capture`): a capture removes, besides the
//! captured man, the capturer and every man on the eight squares around the
//! capture's destination, except men of the spared kinds on those squares
//! and men of the immune kinds anywhere. Also `mutually immune` (a man may
//! not capture a man of its own kind), which Atomar pairs with it.
//!
//! Hooks: a **consequence** of a capture (the blast, in `make`), and the
//! **constraint** of blast moves: `movegen` probes a capture, takes the
//! blast's men away from the occupancy and asks [`Explosion::verdict`]
//! whether the actor lost a royal (illegal), took an enemy royal (legal
//! whatever else is attacked) or neither (the ordinary constraints).

use crate::engine::compile::{neighbours, Base};
use crate::engine::core::{Bits, Man, Square, State};
use crate::engine::movement::{friends_bb, royals};
use crate::ir::KindSet;
use crate::ir::{PlayerId, Variant};

/// The explosion rule of a variant.
#[derive(Clone, Debug)]
pub struct Explosion<B: Bits> {
    /// Patterns of the kinds spared on the squares around.
    spared: Vec<u8>,
    /// Patterns of the kinds no explosion removes.
    immune: Vec<u8>,
    /// Per square, its eight neighbours.
    around: Vec<B>,
}

/// What a blast means for the legality of the action that sets it off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A royal man of the actor explodes: illegal.
    OwnRoyalLost,
    /// A royal man of an enemy explodes (and none of the actor's): legal,
    /// whatever the blast leaves attacked.
    EnemyRoyalTaken,
    /// The ordinary constraints decide, without the blast's men.
    Constraints,
}

impl<B: Bits> Explosion<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> Option<Explosion<B>> {
        let x = v.turn.explosion.as_ref()?;
        let pids = |kinds: &[crate::ir::PieceId]| -> Vec<u8> {
            kinds
                .iter()
                .filter(|&&k| (k as usize) < t.nkinds)
                .flat_map(|&k| t.atoms.kind_pids[k as usize].iter().copied())
                .collect()
        };
        Some(Explosion {
            spared: pids(&x.spared),
            immune: pids(&x.immune),
            around: neighbours(&t.geo),
        })
    }

    /// The men a capture that ends on `to` removes besides the captured
    /// man, in a state where the capturer already stands on `to` and the
    /// captured man is gone (`occ`: the men on the board).
    #[inline]
    pub fn blast(&self, s: &State<B>, to: Square, occ: B) -> B {
        let mut around = self.around.get(to.index()).copied().unwrap_or(B::EMPTY) & occ;
        if !self.spared.is_empty() {
            around &= !s.pids_bb(&self.spared);
        }
        let mut b = around;
        b.insert(to);
        if !self.immune.is_empty() {
            b &= !s.pids_bb(&self.immune);
        }
        b
    }

    /// What the blast `blast` of `me`'s action means for its legality.
    #[inline]
    pub fn verdict(&self, t: &Base<B>, s: &State<B>, me: PlayerId, blast: B) -> Verdict {
        if t.royal_pids.is_empty() {
            return Verdict::Constraints;
        }
        let hit = blast & s.pids_bb(&t.royal_pids);
        if hit.is_empty() {
            Verdict::Constraints
        } else if (hit & royals(t, s, me)).any() {
            Verdict::OwnRoyalLost
        } else if (hit & !friends_bb(t, s, me)).any() {
            Verdict::EnemyRoyalTaken
        } else {
            Verdict::Constraints
        }
    }
}

/// `mutually immune`: whether `mover` may not capture `victim`.
#[inline]
pub fn immune_pair(kinds: KindSet, mover: Man, victim: Man) -> bool {
    kinds.contains(mover.kind()) && mover.kind() == victim.kind()
}
