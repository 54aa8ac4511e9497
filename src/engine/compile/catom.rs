//! A compiled movement atom ([`CAtom`]) and its kind: what the atom
//! tables and the attack plans are made of.

use crate::ir::Mode;

/// How a compiled atom moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AKind {
    /// Jumps to `from + v` for each vector (a bitset table per square).
    Leap,
    /// Leaps whose path squares must be real and empty.
    Lame,
    /// Repeats one vector while squares are empty.
    Ride,
    /// Rides to a screen, jumps it, lands beyond.
    Hop,
    /// Rides to a hurdle and lands on the square right behind it.
    Grasshop,
    /// A rider whose every step is lame.
    LameRide,
    /// A ride along a direction whose lines cross a wrapped edge of the
    /// board (`board ... wrap`): it follows the direction's compiled line
    /// of squares from its square (`Atoms::lines`, index `table`), in
    /// order, up to and including the first man, and never back to its
    /// start square.
    WrapRide,
    /// A hop along such a line: the first man met is the screen, and the
    /// hopper lands past it up to and including the next man.
    WrapHop,
    /// A grasshopper's hop along such a line: it lands on the square right
    /// after the first man met.
    WrapGrasshop,
    /// A bent move (Betza `then`): a first leg along `dir` to an empty
    /// turn square, then a second leg from there; its legs are
    /// `Atoms::bent[table]`.
    Bent,
}

/// The legs of a bent move along one first direction ([`AKind::Bent`]):
/// the first leg (a leap or a ride, one direction), and the second legs
/// from its turn squares.
#[derive(Clone, Debug)]
pub struct BentLegs {
    pub first: CAtom,
    pub second: Vec<CAtom>,
}

/// A movement atom compiled for one facing.
#[derive(Clone, Debug)]
pub struct CAtom {
    pub kind: AKind,
    pub mode: Mode,
    pub initial: bool,
    pub ep: bool,
    /// Ride/Hop/LameRide: most steps (0 = unlimited).
    pub range: u8,
    /// Ride/Hop/LameRide: the direction.
    pub dir: u16,
    /// Leap/Lame: the directions.
    pub dirs: Vec<u16>,
    /// Leap: index of the per-square table in `leap_bb`; Ride/Hop with a
    /// range: index in `ranged`; else unused.
    pub table: u32,
    /// The rider may pass over friendly men.
    pub passes_own: bool,
}

/// One set of squares per square of the grid, indexed by a square (a
/// `u8` index into 256 entries needs no bounds check).
pub type SqTable<B> = [B; 256];
