//! What the core needs to know about a variant to keep a state: sizes, the
//! map from a man to its movement pattern, the Zobrist keys and the rule
//! variables. The compile stage fills it; the core never reads the IR.

use super::man::Man;
use super::zobrist::Zobrist;
use crate::ir::KindSet;

/// A rule variable: a slot in [`State::vars`](super::State::vars), given to a
/// rule module by the compile stage (swap uses, passes, removed men, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Var(pub u16);

impl Var {
    /// The slot `i` places after this one (per-player or per-kind blocks).
    #[inline]
    pub fn at(self, i: usize) -> Var {
        Var(self.0 + i as u16)
    }
}

/// The sizes and keys of a compiled variant.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Width of the internal grid (a square is `y * grid_width + x`).
    pub grid_width: usize,
    pub nplayers: usize,
    pub nkinds: usize,
    /// Movement patterns (one per kind and facing that moves differently).
    pub npatterns: usize,
    /// Man code → pattern id.
    pub pid_of_code: Vec<u8>,
    /// Kinds whose has-moved flag is part of the hash (kinds with initial moves).
    pub initial_kinds: KindSet,
    /// Kinds whose has-moved flag is kept at all.
    pub tracked_kinds: KindSet,
    pub zob: Zobrist,
    /// Per rule variable: whether its value is part of the hash.
    pub vars_hashed: Vec<bool>,
}

impl Layout {
    /// The pattern id of a man.
    #[inline]
    pub fn pid(&self, man: Man) -> usize {
        self.pid_of_code[man.code()] as usize
    }

    /// Allocate `n` rule variables; returns the first.
    pub fn alloc_vars(&mut self, n: usize, hashed: bool) -> Var {
        let v = Var(self.vars_hashed.len() as u16);
        self.vars_hashed.extend(std::iter::repeat_n(hashed, n));
        v
    }
}
