//! Actions: the typed [`Move`] every variant's turn is made of, and the
//! reusable [`MoveList`].

use super::square::Square;
use crate::ir::PieceId;
use std::ops::{Deref, DerefMut};

/// Index of a card type in a variant's deck table.
pub type CardId = u8;

/// One action of any variant. `Copy`, 10 bytes; no field has a sentinel
/// value: what an action carries depends on its kind.
///
/// Squares are internal grid squares; [`Describe::move_text`] and
/// [`Describe::parse_move`] convert from and to text.
///
/// [`Describe::move_text`]: crate::notation::Describe::move_text
/// [`Describe::parse_move`]: crate::notation::Describe::parse_move
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A man moves `from` → `to`, capturing the enemy man on `to` if any,
    /// and becomes `promote` when given.
    Normal {
        from: Square,
        to: Square,
        promote: Option<PieceId>,
    },
    /// A lame leap that passes squares (a pawn's double step): like
    /// `Normal`, and the passed squares become en-passant targets. `dir` is
    /// the compiled direction of the leap.
    Lame {
        from: Square,
        to: Square,
        dir: u16,
        promote: Option<PieceId>,
    },
    /// An en-passant capture: the man moves `from` → `to` (an empty
    /// square) and the man on `victim` is captured.
    EnPassant {
        from: Square,
        to: Square,
        victim: Square,
        promote: Option<PieceId>,
    },
    /// Castling: the royal moves `from` → `to`, the partner `partner` →
    /// `partner_to`.
    Castle {
        from: Square,
        to: Square,
        partner: Square,
        partner_to: Square,
    },
    /// A plain move `from` → `to` (as `Normal`, without promotion), and a
    /// man of kind `piece` from the hand is put on `from` (gating).
    Gate {
        from: Square,
        to: Square,
        piece: PieceId,
    },
    /// Castling (as `Castle`) with gating: a man of kind `piece` from the
    /// hand is put on the castler's square, or on the partner's when
    /// `on_partner`.
    CastleGate {
        from: Square,
        to: Square,
        partner: Square,
        partner_to: Square,
        piece: PieceId,
        on_partner: bool,
    },
    /// A board move `from` → `to` of the kind (and promotion) `how` says,
    /// then a wall is put on `wall` (`then place wall`; with `then move
    /// wall`, the walls standing are lifted first). [`Move::split_wall`]
    /// gives the board move alone.
    Walled {
        from: Square,
        to: Square,
        wall: Square,
        how: WallBase,
    },
    /// A man of kind `piece` from the hand is placed on `to`; with
    /// `promoted`, it is placed as its piece's promoted form (`place ...
    /// promoted too`).
    Drop {
        piece: PieceId,
        to: Square,
        promoted: bool,
    },
    /// A man is placed on `at`, then moves to `to` (one action).
    PlaceAndMove {
        piece: PieceId,
        at: Square,
        to: Square,
    },
    /// A man is placed on `at`, and the man on `returned` goes back to its
    /// owner's hand (one action).
    PlaceAndReturn {
        piece: PieceId,
        at: Square,
        returned: Square,
    },
    /// A man is placed on `at`, and the man on `removed` leaves the game
    /// (one action).
    PlaceAndRemove {
        piece: PieceId,
        at: Square,
        removed: Square,
    },
    /// The top card of the deck (of type `card`, a piece card for `piece`)
    /// is drawn and its man placed on `to`.
    Draw {
        card: CardId,
        piece: PieceId,
        to: Square,
    },
    /// The top card is a joker: it is drawn and its effect happens, on the
    /// man on `target` for a removing joker.
    DrawJoker {
        card: CardId,
        target: Option<Square>,
    },
    /// The top card has no legal square: it is shown, and the variant's
    /// rule for unplaceable cards decides.
    Reveal { card: CardId },
    /// The men on `a` and `b` exchange squares (a power).
    Swap { a: Square, b: Square },
    /// A promotion as an action of its own (`promote ... as action`): the
    /// man on `from` becomes a man of `piece` on `to` (`from` itself, or
    /// an empty square); nothing is captured.
    Promote {
        from: Square,
        to: Square,
        piece: PieceId,
    },
    /// A hostage exchange (`actions ..., exchange` under `captures to
    /// prison`): a man of kind `give` leaves the actor's prison for its
    /// owner's hand, and the actor's own man of kind `piece` leaves that
    /// owner's prison and is placed on `to` (one action).
    Exchange {
        give: PieceId,
        piece: PieceId,
        to: Square,
    },
    /// A move of two steps (`lion "BETZA"`): the man steps `from` →
    /// `mid`, taking the enemy man there if any, then `mid` → `to`,
    /// taking the enemy man there if any. `to == from` with a man on
    /// `mid` takes it without moving (igui); with `mid` empty it is a
    /// pass (jitto). A two-step move whose first square holds no man and
    /// that lands elsewhere is the ordinary step or leap to `to`.
    Lion {
        from: Square,
        mid: Square,
        to: Square,
    },
    /// The man on `at`, of the player to act, leaves the game as that
    /// player's action (`actions ..., suicide`: an immobilised man).
    Suicide { at: Square },
    /// The player passes.
    Pass,
    /// The player to act resigns and leaves a game that goes on without
    /// them (games of more than two sides with elimination). Never
    /// generated as a legal action: [`crate::engine::Game::can_resign`]
    /// says when it may be played.
    Resign,
}

/// The board move of a [`Move::Walled`] beyond its squares: its kind
/// ([`WallHow`]) and its promotion, packed in four bytes so that a
/// [`Move`] stays eight bytes (every move list of every variant copies
/// them; ten-byte moves cost chess perft about 1% more instructions).
///
/// Byte 0: the kind (0 plain, 1 lame, 2 en passant, 3 castling), plus 4
/// when the move promotes; bytes 1–2: the kind's data (a lame leap's
/// direction, little-endian; the en-passant victim; the castling partner's
/// two squares); byte 3: the kind promoted to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct WallBase([u8; 4]);

impl WallBase {
    const PROMOTES: u8 = 4;

    /// Packs a board move's kind and promotion.
    #[inline]
    pub fn new(how: WallHow, promote: Option<PieceId>) -> WallBase {
        let (kind, a, b) = match how {
            WallHow::Plain => (0, 0, 0),
            WallHow::Lame { dir } => {
                let [a, b] = dir.to_le_bytes();
                (1, a, b)
            }
            WallHow::EnPassant { victim } => (2, victim.0, 0),
            WallHow::Castle {
                partner,
                partner_to,
            } => (3, partner.0, partner_to.0),
        };
        let flag = if promote.is_some() { Self::PROMOTES } else { 0 };
        WallBase([kind | flag, a, b, promote.unwrap_or(0)])
    }

    /// The kind of board move, with what that kind carries.
    #[inline]
    pub fn how(self) -> WallHow {
        let [k, a, b, _] = self.0;
        match k & 3 {
            0 => WallHow::Plain,
            1 => WallHow::Lame {
                dir: u16::from_le_bytes([a, b]),
            },
            2 => WallHow::EnPassant { victim: Square(a) },
            _ => WallHow::Castle {
                partner: Square(a),
                partner_to: Square(b),
            },
        }
    }

    /// The kind the moving man becomes, if it promotes.
    #[inline]
    pub fn promote(self) -> Option<PieceId> {
        (self.0[0] & Self::PROMOTES != 0).then_some(self.0[3])
    }
}

/// The kind of a [`Move::Walled`]'s board move, with what that kind
/// carries (unpacked from its [`WallBase`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WallHow {
    /// A [`Move::Normal`].
    Plain,
    /// A [`Move::Lame`] along `dir`.
    Lame { dir: u16 },
    /// A [`Move::EnPassant`] taking the man on `victim`.
    EnPassant { victim: Square },
    /// A [`Move::Castle`] with the partner on `partner`.
    Castle { partner: Square, partner_to: Square },
}

/// The kind of a [`Move`], without its data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    Normal,
    Lame,
    EnPassant,
    Castle,
    /// A move or castling with gating.
    Gate,
    Drop,
    PlaceAndMove,
    PlaceAndReturn,
    PlaceAndRemove,
    /// Drawing a card: placed, a joker, or revealed unplaceable.
    DrawPlace,
    Swap,
    /// A promotion as an action of its own.
    Promote,
    /// A move of two steps ([`Move::Lion`]).
    Lion,
    /// An own man leaves the game ([`Move::Suicide`]).
    Suicide,
    Pass,
    Resign,
}

impl Move {
    /// A pass.
    pub const PASS: Move = Move::Pass;

    /// A plain move (no promotion).
    pub fn normal(from: Square, to: Square) -> Move {
        Move::Normal {
            from,
            to,
            promote: None,
        }
    }

    /// A lame leap along `dir` over `npath` squares: a [`Move::Lame`]
    /// (which leaves en-passant targets) when it passes squares, else a
    /// plain move.
    #[inline(always)]
    pub fn lame_leap(from: Square, to: Square, dir: u16, npath: u8) -> Move {
        if npath > 0 {
            Move::Lame {
                from,
                to,
                dir,
                promote: None,
            }
        } else {
            Move::normal(from, to)
        }
    }

    /// Place a man of `kind` from the hand on `to`.
    pub fn drop(piece: PieceId, to: Square) -> Move {
        Move::Drop {
            piece,
            to,
            promoted: false,
        }
    }

    /// Place a man of `kind` from the hand on `to`, as its promoted form.
    pub fn drop_promoted(piece: PieceId, to: Square) -> Move {
        Move::Drop {
            piece,
            to,
            promoted: true,
        }
    }

    /// Whether a placement puts its man down as its promoted form.
    #[inline]
    pub fn placed_promoted(self) -> bool {
        matches!(self, Move::Drop { promoted: true, .. })
    }

    /// Place `piece` on `at`, then move the placed man to `to`.
    pub fn place_and_move(piece: PieceId, at: Square, to: Square) -> Move {
        Move::PlaceAndMove { piece, at, to }
    }

    /// Place `piece` on `at` and return the man on `returned` to its owner's hand.
    pub fn place_and_return(piece: PieceId, at: Square, returned: Square) -> Move {
        Move::PlaceAndReturn {
            piece,
            at,
            returned,
        }
    }

    /// Exchange the men on `a` and `b`.
    pub fn swap(a: Square, b: Square) -> Move {
        Move::Swap { a, b }
    }

    /// The board move `self` followed by a wall on `wall`; `None` for an
    /// action that is no board move a wall may follow (gating, placements,
    /// cards, swaps, passes; a move already walled).
    #[inline]
    pub fn with_wall(self, wall: Square) -> Option<Move> {
        let (from, to, promote, how) = match self {
            Move::Normal { from, to, promote } => (from, to, promote, WallHow::Plain),
            Move::Lame {
                from,
                to,
                dir,
                promote,
            } => (from, to, promote, WallHow::Lame { dir }),
            Move::EnPassant {
                from,
                to,
                victim,
                promote,
            } => (from, to, promote, WallHow::EnPassant { victim }),
            Move::Castle {
                from,
                to,
                partner,
                partner_to,
            } => (
                from,
                to,
                None,
                WallHow::Castle {
                    partner,
                    partner_to,
                },
            ),
            _ => return None,
        };
        Some(Move::Walled {
            from,
            to,
            wall,
            how: WallBase::new(how, promote),
        })
    }

    /// A walled move as its board move and its wall's square; any other
    /// action as itself, with no wall.
    #[inline]
    pub fn split_wall(self) -> (Move, Option<Square>) {
        let Move::Walled {
            from,
            to,
            wall,
            how,
        } = self
        else {
            return (self, None);
        };
        let promote = how.promote();
        let base = match how.how() {
            WallHow::Plain => Move::Normal { from, to, promote },
            WallHow::Lame { dir } => Move::Lame {
                from,
                to,
                dir,
                promote,
            },
            WallHow::EnPassant { victim } => Move::EnPassant {
                from,
                to,
                victim,
                promote,
            },
            WallHow::Castle {
                partner,
                partner_to,
            } => Move::Castle {
                from,
                to,
                partner,
                partner_to,
            },
        };
        (base, Some(wall))
    }

    /// The kind of action (of a walled move, its board move's kind).
    #[inline]
    pub fn kind(self) -> MoveKind {
        match self {
            Move::Walled { how, .. } => match how.how() {
                WallHow::Plain => MoveKind::Normal,
                WallHow::Lame { .. } => MoveKind::Lame,
                WallHow::EnPassant { .. } => MoveKind::EnPassant,
                WallHow::Castle { .. } => MoveKind::Castle,
            },
            Move::Normal { .. } => MoveKind::Normal,
            Move::Lame { .. } => MoveKind::Lame,
            Move::EnPassant { .. } => MoveKind::EnPassant,
            Move::Castle { .. } => MoveKind::Castle,
            Move::Gate { .. } | Move::CastleGate { .. } => MoveKind::Gate,
            Move::Drop { .. } | Move::Exchange { .. } => MoveKind::Drop,
            Move::PlaceAndMove { .. } => MoveKind::PlaceAndMove,
            Move::PlaceAndReturn { .. } => MoveKind::PlaceAndReturn,
            Move::PlaceAndRemove { .. } => MoveKind::PlaceAndRemove,
            Move::Draw { .. } | Move::DrawJoker { .. } | Move::Reveal { .. } => MoveKind::DrawPlace,
            Move::Swap { .. } => MoveKind::Swap,
            Move::Promote { .. } => MoveKind::Promote,
            Move::Lion { .. } => MoveKind::Lion,
            Move::Suicide { .. } => MoveKind::Suicide,
            Move::Pass => MoveKind::Pass,
            Move::Resign => MoveKind::Resign,
        }
    }

    /// Origin square: of a moving man, or the first man of a swap.
    #[inline]
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. }
            | Move::Lame { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Castle { from, .. }
            | Move::Gate { from, .. }
            | Move::Walled { from, .. }
            | Move::Promote { from, .. }
            | Move::Lion { from, .. }
            | Move::CastleGate { from, .. } => Some(from),
            Move::Swap { a, .. } => Some(a),
            Move::Suicide { at } => Some(at),
            _ => None,
        }
    }

    /// Destination or placement square (the second man of a swap; the man a
    /// joker removes).
    #[inline]
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Normal { to, .. }
            | Move::Lame { to, .. }
            | Move::EnPassant { to, .. }
            | Move::Castle { to, .. }
            | Move::Gate { to, .. }
            | Move::Walled { to, .. }
            | Move::CastleGate { to, .. }
            | Move::Drop { to, .. }
            | Move::Exchange { to, .. }
            | Move::Promote { to, .. }
            | Move::Lion { to, .. }
            | Move::Draw { to, .. } => Some(to),
            Move::PlaceAndMove { at, .. }
            | Move::PlaceAndReturn { at, .. }
            | Move::PlaceAndRemove { at, .. } => Some(at),
            Move::Swap { b, .. } => Some(b),
            Move::DrawJoker { target, .. } => target,
            Move::Reveal { .. } | Move::Suicide { .. } | Move::Pass | Move::Resign => None,
        }
    }

    /// A man's move on the board: its start, its target, the square of
    /// the man it would take (the en-passant victim's square, else the
    /// target) and the kind it becomes; `None` for every other action.
    #[inline]
    pub fn board_step(self) -> Option<(Square, Square, Square, Option<PieceId>)> {
        match self {
            Move::Normal { from, to, promote }
            | Move::Lame {
                from, to, promote, ..
            } => Some((from, to, to, promote)),
            Move::EnPassant {
                from,
                to,
                victim,
                promote,
            } => Some((from, to, victim, promote)),
            _ => None,
        }
    }

    /// The kind a moving man becomes.
    #[inline]
    pub fn promotion(self) -> Option<PieceId> {
        match self {
            Move::Normal { promote, .. }
            | Move::Lame { promote, .. }
            | Move::EnPassant { promote, .. } => promote,
            Move::Walled { how, .. } => how.promote(),
            Move::Promote { piece, .. } => Some(piece),
            _ => None,
        }
    }

    /// The kind of man a placement takes from the hand (the man put down
    /// is its promoted form when [`Move::placed_promoted`]).
    #[inline]
    pub fn placed(self) -> Option<PieceId> {
        match self {
            Move::Drop { piece, .. }
            | Move::Exchange { piece, .. }
            | Move::PlaceAndMove { piece, .. }
            | Move::PlaceAndReturn { piece, .. }
            | Move::PlaceAndRemove { piece, .. }
            | Move::Draw { piece, .. } => Some(piece),
            _ => None,
        }
    }

    /// The second square: the e.p. victim, the castling partner, the
    /// destination of a placed man's move, the man returned or removed,
    /// or the middle square of a move of two steps.
    #[inline]
    pub fn aux_square(self) -> Option<Square> {
        match self {
            Move::EnPassant { victim, .. } => Some(victim),
            Move::Castle { partner, .. } | Move::CastleGate { partner, .. } => Some(partner),
            Move::Walled { how, .. } => match how.how() {
                WallHow::EnPassant { victim } => Some(victim),
                WallHow::Castle { partner, .. } => Some(partner),
                _ => None,
            },
            Move::PlaceAndMove { to, .. } => Some(to),
            Move::PlaceAndReturn { returned, .. } => Some(returned),
            Move::PlaceAndRemove { removed, .. } => Some(removed),
            Move::Lion { mid, .. } => Some(mid),
            _ => None,
        }
    }

    /// The middle square of a move of two steps ([`Move::Lion`]).
    #[inline]
    pub fn mid(self) -> Option<Square> {
        match self {
            Move::Lion { mid, .. } => Some(mid),
            _ => None,
        }
    }

    /// The kind of man a gating puts down, and the square.
    #[inline]
    pub fn gated(self) -> Option<(PieceId, Square)> {
        match self {
            Move::Gate { from, piece, .. } => Some((piece, from)),
            Move::CastleGate {
                from,
                partner,
                piece,
                on_partner,
                ..
            } => Some((piece, if on_partner { partner } else { from })),
            _ => None,
        }
    }

    /// The square a wall is put on after the move (`then place wall`).
    /// The hostage a [`Move::Exchange`] gives up (the kind of the man
    /// leaving the actor's prison).
    #[inline]
    pub fn ransom(self) -> Option<PieceId> {
        match self {
            Move::Exchange { give, .. } => Some(give),
            _ => None,
        }
    }

    #[inline]
    pub fn wall(self) -> Option<Square> {
        match self {
            Move::Walled { wall, .. } => Some(wall),
            _ => None,
        }
    }

    /// The card type a draw action concerns.
    #[inline]
    pub fn card(self) -> Option<CardId> {
        match self {
            Move::Draw { card, .. } | Move::DrawJoker { card, .. } | Move::Reveal { card } => {
                Some(card)
            }
            _ => None,
        }
    }

    /// The same move promoting to `piece` (moves of a man only).
    #[inline]
    pub(crate) fn with_promotion(self, piece: PieceId) -> Move {
        match self {
            Move::Normal { from, to, .. } => Move::Normal {
                from,
                to,
                promote: Some(piece),
            },
            Move::Lame { from, to, dir, .. } => Move::Lame {
                from,
                to,
                dir,
                promote: Some(piece),
            },
            Move::EnPassant {
                from, to, victim, ..
            } => Move::EnPassant {
                from,
                to,
                victim,
                promote: Some(piece),
            },
            Move::Walled {
                from,
                to,
                wall,
                how,
            } => Move::Walled {
                from,
                to,
                wall,
                how: WallBase::new(how.how(), Some(piece)),
            },
            other => other,
        }
    }

    /// A key that orders moves stably (for comparing lists in tests).
    pub(crate) fn sort_key(self) -> (MoveKind, [u16; 4], [u8; 2]) {
        let sq = |s: Option<Square>| s.map_or(u16::MAX, |s| s.index() as u16);
        (
            self.kind(),
            [
                sq(self.from()),
                sq(self.to()),
                sq(self.aux_square()),
                sq(self.wall()),
            ],
            [
                self.placed()
                    .or(self.card())
                    .or(self
                        .gated()
                        .map(|(k, sq)| k * 2 + (Some(sq) != self.from()) as u8))
                    .unwrap_or(u8::MAX),
                self.promotion()
                    .or(self.ransom())
                    .unwrap_or(if self.placed_promoted() { 254 } else { u8::MAX }),
            ],
        )
    }
}

/// A reusable list of moves. Keep one per search depth: clearing keeps the
/// capacity, so generation does not allocate once the list has grown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList(Vec<Move>);

impl MoveList {
    /// Keeps the moves `f` accepts, in order.
    pub fn retain(&mut self, f: impl FnMut(&Move) -> bool) {
        self.0.retain(f);
    }

    pub fn new() -> MoveList {
        MoveList(Vec::with_capacity(256))
    }

    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.0.push(mv);
    }

    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }

    pub fn into_vec(self) -> Vec<Move> {
        self.0
    }
}

impl From<Vec<Move>> for MoveList {
    /// A list that reuses the vector's storage (its moves are kept).
    fn from(v: Vec<Move>) -> MoveList {
        MoveList(v)
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.0
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Moves in a stable order (for comparing move lists in tests).
#[doc(hidden)]
pub fn sorted_moves(mut v: Vec<Move>) -> Vec<Move> {
    v.sort_by_key(|m| m.sort_key());
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_small() {
        // Eight bytes: one register. Walled packs its board move for it.
        assert!(std::mem::size_of::<Move>() <= 8);
    }

    #[test]
    fn a_walled_move_gives_back_the_board_move_it_packs() {
        let (a, b, c, d) = (Square(3), Square(200), Square(77), Square(255));
        let moves = [
            Move::Normal {
                from: a,
                to: b,
                promote: None,
            },
            Move::Normal {
                from: a,
                to: b,
                promote: Some(0),
            },
            Move::Lame {
                from: a,
                to: b,
                dir: 0x1234,
                promote: Some(31),
            },
            Move::Lame {
                from: a,
                to: b,
                dir: u16::MAX,
                promote: None,
            },
            Move::EnPassant {
                from: a,
                to: b,
                victim: c,
                promote: Some(7),
            },
            Move::Castle {
                from: a,
                to: b,
                partner: c,
                partner_to: d,
            },
        ];
        for mv in moves {
            let walled = mv.with_wall(d).unwrap();
            assert_eq!(walled.split_wall(), (mv, Some(d)));
            assert_eq!(walled.kind(), mv.kind());
            assert_eq!(walled.promotion(), mv.promotion());
            assert_eq!(walled.aux_square(), mv.aux_square());
        }
        let plain = moves[0].with_wall(d).unwrap();
        assert_eq!(plain.with_promotion(9).promotion(), Some(9));
        assert_eq!(
            plain.with_promotion(9).split_wall().0,
            moves[1].with_promotion(9)
        );
    }
}
