//! Every man's attack set in one pass: [`Position::attack_map`], for an
//! evaluation that reads what the men attack (the search's dynamic terms).
//!
//! One pass over the occupied squares with the compiled attack tables
//! (the same `movement::attack_set` as [`Position::attacks_from`], so each
//! set is exactly that query's), inside one dispatch on the board's width,
//! into a buffer the caller keeps: no allocation once the buffer has grown
//! to the largest army it has seen.
//!
//! [`Position::attack_map_in`] fills the same map in the board's own set
//! width ([`AttackMaps`], one buffer per width, and [`MapIn`] naming the
//! one filled): an evaluation generic over [`Bits`] then works on one
//! `u64` for an 8x8 board instead of the widest set's four words.

use super::checked::{with_pos, Inner, Position};
use crate::engine::core::{Bits, Bitset, Man, Square, State, B128, B192, B64};
use crate::engine::movement::attack_set;
use crate::engine::tables::Compiled;

/// One man and the squares it attacks (in set width `B`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ManAttacks<B: Bits = Bitset> {
    pub sq: Square,
    pub man: Man,
    /// The squares it attacks ([`Position::attacks_from`] of `sq`).
    pub attacks: B,
}

/// The attack sets of a position's men, filled by
/// [`Position::attack_map`] (the widest sets) or
/// [`Position::attack_map_in`] (the board's own width); keep one and
/// refill it (its buffer is reused).
#[derive(Debug, Clone, Default)]
pub struct AttackMap<B: Bits = Bitset> {
    men: Vec<ManAttacks<B>>,
    /// Per player (up to 8): the union of its men's attack sets.
    by_player: [B; 8],
    /// Per player (up to 8): its men ([`Position::men_of`]).
    men_of: [B; 8],
    /// The squares of men ([`Position::occupied`]).
    occupied: B,
}

impl AttackMap {
    /// An empty map.
    pub fn new() -> AttackMap {
        AttackMap::default()
    }
}

impl<B: Bits> AttackMap<B> {
    /// Every man on the board with its attack set, in square order.
    pub fn men(&self) -> &[ManAttacks<B>] {
        &self.men
    }

    /// The squares some man of player `p` attacks (empty for `p` ≥ 8).
    pub fn of_player(&self, p: u8) -> B {
        self.by_player.get(p as usize).copied().unwrap_or(B::EMPTY)
    }

    /// The squares of player `p`'s men ([`Position::men_of`]; empty for
    /// `p` ≥ 8).
    pub fn men_of(&self, p: u8) -> B {
        self.men_of.get(p as usize).copied().unwrap_or(B::EMPTY)
    }

    /// The squares of men, walls aside ([`Position::occupied`]).
    pub fn occupied(&self) -> B {
        self.occupied
    }
}

/// A buffer of [`AttackMap`] per set width, for
/// [`Position::attack_map_in`]: only the position's width is filled.
#[derive(Debug, Clone, Default)]
pub struct AttackMaps {
    w64: AttackMap<B64>,
    w128: AttackMap<B128>,
    w192: AttackMap<B192>,
    w256: AttackMap<Bitset>,
}

/// The map [`Position::attack_map_in`] filled, in its width.
#[derive(Debug, Clone, Copy)]
pub enum MapIn<'a> {
    W64(&'a AttackMap<B64>),
    W128(&'a AttackMap<B128>),
    W192(&'a AttackMap<B192>),
    W256(&'a AttackMap<Bitset>),
}

impl Position {
    /// Fill `out` with every man on the board and the squares it attacks
    /// (each set equal to [`Position::attacks_from`] of its square), in
    /// square order, and each player's union of them. Walls are no men.
    pub fn attack_map(&self, out: &mut AttackMap) {
        with_pos!(&self.inner, c, s => fill(c, s, out, |b| b.widen()))
    }

    /// [`Position::attack_map`] in the set width of the position's
    /// compiled variant (the same squares): fills that width's buffer of
    /// `out` and names it.
    pub fn attack_map_in<'a>(&self, out: &'a mut AttackMaps) -> MapIn<'a> {
        match &self.inner {
            Inner::W64(c, s) => {
                fill(c, s, &mut out.w64, |b| b);
                MapIn::W64(&out.w64)
            }
            Inner::W128(c, s) => {
                fill(c, s, &mut out.w128, |b| b);
                MapIn::W128(&out.w128)
            }
            Inner::W192(c, s) => {
                fill(c, s, &mut out.w192, |b| b);
                MapIn::W192(&out.w192)
            }
            Inner::W256(c, s) => {
                fill(c, s, &mut out.w256, |b| b);
                MapIn::W256(&out.w256)
            }
        }
    }
}

/// The map of the state `s` (in the board's width `B`), each set stored
/// as `conv` gives it (the same width, or the widest).
#[inline]
fn fill<B: Bits, W: Bits>(
    c: &Compiled<B>,
    s: &State<B>,
    out: &mut AttackMap<W>,
    conv: impl Fn(B) -> W,
) {
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
            attacks: conv(a),
        });
    }
    for (o, b) in out.by_player.iter_mut().zip(by_player) {
        *o = conv(b);
    }
    for (p, o) in out.men_of.iter_mut().enumerate() {
        *o = s.by_player.get(p).map_or(W::EMPTY, |&b| conv(b));
    }
    out.occupied = conv(occ & !s.walls);
}
