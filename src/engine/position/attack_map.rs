//! Every man's attack set in one pass: [`Position::attack_map`], for an
//! evaluation that reads what the men attack (the search's dynamic terms).
//!
//! One pass over the occupied squares with the compiled attack tables
//! (the same `movement::attack_set` as [`Position::attacks_from`], so each
//! set is exactly that query's), inside one dispatch on the board's width,
//! into a buffer the caller keeps: no allocation once the buffer has grown
//! to the largest army it has seen.

use super::checked::{with_pos, Position};
use crate::engine::core::{Bits, Bitset, Man, Square, State};
use crate::engine::movement::attack_set;
use crate::engine::tables::Compiled;

/// One man and the squares it attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ManAttacks {
    pub sq: Square,
    pub man: Man,
    /// The squares it attacks ([`Position::attacks_from`] of `sq`).
    pub attacks: Bitset,
}

/// The attack sets of a position's men, filled by
/// [`Position::attack_map`]; keep one and refill it (its buffer is reused).
#[derive(Debug, Clone, Default)]
pub struct AttackMap {
    men: Vec<ManAttacks>,
    /// Per player (up to 8): the union of its men's attack sets.
    by_player: [Bitset; 8],
}

impl AttackMap {
    /// An empty map.
    pub fn new() -> AttackMap {
        AttackMap::default()
    }

    /// Every man on the board with its attack set, in square order.
    pub fn men(&self) -> &[ManAttacks] {
        &self.men
    }

    /// The squares some man of player `p` attacks (empty for `p` ≥ 8).
    pub fn of_player(&self, p: u8) -> Bitset {
        self.by_player
            .get(p as usize)
            .copied()
            .unwrap_or(Bitset::EMPTY)
    }
}

impl Position {
    /// Fill `out` with every man on the board and the squares it attacks
    /// (each set equal to [`Position::attacks_from`] of its square), in
    /// square order, and each player's union of them. Walls are no men.
    pub fn attack_map(&self, out: &mut AttackMap) {
        with_pos!(&self.inner, c, s => fill(c, s, out))
    }
}

/// [`Position::attack_map`] in the board's own width.
fn fill<B: Bits>(c: &Compiled<B>, s: &State<B>, out: &mut AttackMap) {
    out.men.clear();
    let occ = s.occ;
    let mut by_player = [B::EMPTY; 8];
    for sq in occ & !s.walls {
        let man = s.at(sq);
        let a = attack_set(&c.base, s, sq, man, occ);
        by_player[man.owner() as usize & 7] |= a;
        out.men.push(ManAttacks {
            sq,
            man,
            attacks: a.widen(),
        });
    }
    for (o, b) in out.by_player.iter_mut().zip(by_player) {
        *o = b.widen();
    }
}
