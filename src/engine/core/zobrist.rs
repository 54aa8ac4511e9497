//! Zobrist keys, drawn from a seeded ChaCha generator so hashes are stable
//! across runs and machines.

use super::man::Man;
use super::square::Square;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The fixed seed of every variant's keys.
const SEED: u64 = 0x7661_7269_615f_7a6f; // "varia_zo"

/// The Zobrist keys of a variant.
#[derive(Clone, Debug)]
pub struct Zobrist {
    /// `man code * squares + square`: the keys of one kind of man lie
    /// together, so the few kinds of a game touch few cache lines (most
    /// codes are never used).
    men: Vec<u64>,
    squares: usize,
    pub turn: [u64; 4],
    /// An unmoved man of a kind with `initial` moves, per square.
    pub unmoved: Vec<u64>,
    /// A castling partner that can still castle, per square.
    pub castle: Vec<u64>,
    /// An en-passant record, per victim square.
    pub ep: Vec<u64>,
    hand_seed: u64,
    pool_seed: u64,
    var_seed: u64,
}

/// SplitMix64: keys for counts, computed instead of stored.
#[inline]
pub fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    pub fn new(squares: usize, kinds: usize) -> Zobrist {
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let codes = kinds.max(1) * super::man::CODES_PER_KIND;
        // Drawn square by square (the keys of the square-major table this
        // was), stored man code by man code.
        let mut men = vec![0; squares * codes];
        for sq in 0..squares {
            for code in 0..codes {
                men[code * squares + sq] = rng.next_u64();
            }
        }
        let mut turn = [0; 4];
        for t in &mut turn {
            *t = rng.next_u64();
        }
        let unmoved = (0..squares).map(|_| rng.next_u64()).collect();
        let castle = (0..squares).map(|_| rng.next_u64()).collect();
        let ep = (0..squares).map(|_| rng.next_u64()).collect();
        Zobrist {
            men,
            squares,
            turn,
            unmoved,
            castle,
            ep,
            hand_seed: rng.next_u64(),
            pool_seed: rng.next_u64(),
            var_seed: rng.next_u64(),
        }
    }

    #[inline]
    pub fn man(&self, sq: Square, man: Man) -> u64 {
        self.men[man.code() * self.squares + sq.index()]
    }

    /// Key of `count` men of `kind` in `player`'s hand (0 for none).
    #[inline]
    pub fn hand(&self, player: usize, kind: usize, count: u32) -> u64 {
        if count == 0 {
            0
        } else {
            splitmix(self.hand_seed ^ ((player as u64) << 48 | (kind as u64) << 32 | count as u64))
        }
    }

    /// Key of `count` men of `kind` in `player`'s prison (0 for none): a
    /// hand key of a player number no hand has.
    #[inline]
    pub fn prison(&self, player: usize, kind: usize, count: u32) -> u64 {
        self.hand(player | 0x80, kind, count)
    }

    /// Key of a rule variable's value (0 for the value 0).
    #[inline]
    pub fn var(&self, slot: usize, value: u32) -> u64 {
        if value == 0 {
            0
        } else {
            splitmix(self.var_seed ^ ((slot as u64) << 32 | value as u64))
        }
    }

    /// Key of a wall on a square.
    #[inline]
    pub fn wall(&self, sq: Square) -> u64 {
        splitmix(self.var_seed ^ (0x5741_4c4c << 32 | sq.index() as u64))
    }

    /// Key of `count` men of `kind` in `player`'s promotion pool.
    #[inline]
    pub fn pool(&self, player: usize, kind: usize, count: u32) -> u64 {
        if count == 0 {
            0
        } else {
            splitmix(self.pool_seed ^ ((player as u64) << 48 | (kind as u64) << 32 | count as u64))
        }
    }
}
