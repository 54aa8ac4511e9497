//! The journal: every change make applies to a `State` is
//! recorded, so unmake is one loop that undoes them in reverse. The journal
//! lives in the state and is reused between plies; it never drops an entry
//! and has no fixed capacity.

use super::ep_record::EpRecord;
use super::man::Man;
use super::players::PlayerSet;
use super::square::Square;
use crate::ir::{PieceId, PlayerId};

/// One recorded change, with what is needed to undo it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Change {
    /// A man was put on an empty square.
    Put(Square),
    /// A man was taken off a square.
    Take(Square, Man),
    /// The man on the first square moved to the second, empty, square.
    Shift(Square, Square),
    /// The has-moved flag of a square was flipped.
    Unmoved(Square),
    /// A wall was put on or taken off a square.
    Wall(Square),
    /// A player's en-passant record was replaced; the old one.
    Ep(PlayerId, Option<EpRecord>),
    Alive(u8),
    /// A hand count changed; the old count.
    Hand(PlayerId, PieceId, u8),
    /// A pool count changed; the old count.
    Pool(PlayerId, PieceId, u8),
    /// A prison count changed (`captures to prison`); the old count.
    Prison(PlayerId, PieceId, u8),
    /// A rule variable changed; the old value.
    Var(u16, u32),
    /// The top of a player's deck moved; the old top.
    DeckTop(PlayerId, u32),
    /// A player's top card went to the bottom of the deck.
    DeckRotate(PlayerId),
    /// Every man (and square-based state) moved by this vector.
    Translate(i8, i8),
}

/// Where a journal stood before an action: what `State::rewind` needs.
/// The values every action changes (turn, counters, hash) are saved here
/// once instead of one journal entry each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub(crate) len: u32,
    pub(crate) turn: PlayerId,
    pub(crate) quiet: u32,
    pub(crate) ply: u32,
    pub(crate) hash: u64,
    pub(crate) castle_key: u64,
    pub(crate) safe: PlayerSet,
}
