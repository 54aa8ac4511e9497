//! End rules: the events that end a game or change it, and their outcomes.

use super::*;
use serde::{Deserialize, Serialize};

/// A rule checked after every action: when `when` holds, `then` happens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EndRule {
    pub when: Event,
    pub then: Outcome,
    /// `-> OUTCOME for PLAYER`: the outcome is that player's, whoever is to
    /// act (only after a condition about the whole game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<PlayerId>,
    /// `-> OUTCOME for mover`: the outcome is the player's who made the
    /// last action (only after a condition about the whole game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mover: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A player has no legal action and a royal of theirs is attacked.
    Checkmate,
    /// Checkmate, and the action that gave it placed a man of this kind
    /// from the hand (a pawn drop mate). The subject is the mated player.
    CheckmateByPlacing(PieceId),
    /// Checkmate where every man giving the check is of one of these kinds
    /// (`checkmate given only by PIECE, ...`). The subject is the mated player.
    CheckmateGivenOnlyBy(Vec<PieceId>),
    /// Checkmate ending a series of checks (the mated player in check at
    /// each of its turns back to the start of the series, this one
    /// included) none of which a man of these kinds gave (`checkmate
    /// without check by PIECE, ...`). The subject is the mated player.
    CheckmateWithoutCheckBy(Vec<PieceId>),
    /// A player has no legal action and is not in check.
    Stalemate,
    /// A man of this kind has its 4 orthogonal neighbours blocked by men, the
    /// limit, the board edge or holes. The subject is its owner (or the man,
    /// for `remove`).
    Surrounded(PieceId),
    /// A player has placed every man of the hand (and deck).
    HandEmpty,
    /// This many passes in a row.
    Passes(u32),
    /// The same position for the n-th time.
    Repetition(u32),
    /// The player who just acted moved one man back and forth: its last
    /// `moves` board moves each undid the one before (A→B, B→A, ...), the
    /// man having come to A by a move that captured nothing; see
    /// docs/LANGUAGE.md `back and forth` for the window and the checks.
    /// Men of the `except` kinds do not count. The subject is that player.
    BackAndForth {
        moves: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        except: Vec<PieceId>,
    },
    /// The same position for the n-th time, and one player gave check with
    /// every action since the first of those n occurrences: that player is
    /// the subject (both players: a draw).
    PerpetualCheck(u32),
    /// The same position for the n-th time, and one player chased an enemy
    /// man with every action since the first of those n occurrences (the
    /// same man throughout, followed through its own moves): that player
    /// is the subject (both players: a draw). See [`Chase`] and
    /// docs/LANGUAGE.md `perpetual chase`.
    PerpetualChase(Box<Chase>),
    /// `plies` plies without a reset of the quiet-move counter (see
    /// [`Variant::quiet_resets`]), lengthened by checks with `plus`.
    Quiet {
        plies: u32,
        /// `plus K plies per check over M`: see [`CheckPlus`].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        plus: Option<CheckPlus>,
    },
    /// The material on the board matches a dead-material pattern.
    InsufficientMaterial,
    /// The game has lasted this many plies.
    PlyLimit(u32),
    /// A drawn card has no legal square.
    UnplaceableCard,
    /// A man of kind `piece` stands on a square of `region` (its owner's
    /// squares of a per-player region). The subject is its owner.
    /// With `reply`, a player who reached it earlier in the round than the
    /// player to act waits while that player has a legal action and some
    /// action of theirs reaches it too (racing kings' last move).
    Reach {
        region: RegionId,
        piece: PieceId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        reply: bool,
        /// `at own turn`: it holds for a player only when that player is to
        /// act, so the others get their actions to dislodge the man first.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        own_turn: bool,
        /// `unattacked`: only a man that no enemy man attacks counts.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        unattacked: bool,
    },
    /// A player has at most `at_most` men of one of `kinds` (on the board
    /// and in hand), or at most `at_most` men in all when `kinds` is empty;
    /// with `all_of`, at most `at_most` men of the kinds together (`extinct
    /// all of A, B`: none of any of them).
    /// The subject is that player. With `reply` (the bare-king rule), it
    /// holds only while every other player has more than `at_most` men
    /// (more than `at_most + 1` for the player to move, who may still
    /// answer by bringing the opponent down too).
    Count {
        kinds: Vec<PieceId>,
        at_most: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        reply: bool,
        /// `on board`: men in hand do not count.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        on_board: bool,
        /// `all of`: the men of every listed kind are counted together,
        /// instead of the fewest of one kind.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        all_of: bool,
        /// `men except KINDS`: `kinds` lists the kinds **not** counted;
        /// every other man counts (together), and with `reply` the other
        /// players' men are counted the same way (the bare-king rule of a
        /// game with several royal kinds).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        except: bool,
        /// `while opponents have at least M`: it holds only while every
        /// other player still in the game has at least M men counted the
        /// same way (of the same kind, for one of several kinds).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        against: Option<u32>,
    },
    /// A player has given check this many times: after that many of their
    /// actions, a royal man of another side stood attacked by their side.
    /// The subject is that player.
    Checks(u32),
    /// The count of `counting` has run out (more plies counted than its
    /// limit), unless the player to move is checkmated. The subject is
    /// the game.
    CountedOut,
    /// Every square of the board holds a man. The subject is the game.
    BoardFull,
    /// The last action was a pass by a player with a man of a `facing ...:
    /// must break` kind facing an enemy man of that kind: the facing was
    /// kept. The subject is the game.
    FacingKept,
}

impl Event {
    /// An ending decided before every other rule, at once: when it holds,
    /// the game is over and the player to act has no action (`reach`,
    /// `count`, `extinct`, `checks`).
    pub fn is_immediate(&self) -> bool {
        matches!(
            self,
            Event::Reach { .. }
                | Event::Count { .. }
                | Event::Checks(_)
                | Event::BoardFull
                | Event::FacingKept
        )
    }
}

/// `perpetual chase N [by PIECE, ...] [ignoring PIECE [in REGION], ...]
/// [ranks PIECE, ... < PIECE, ... < ...]`: what counts as a chase.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chase {
    /// How many times the position occurs.
    pub times: u32,
    /// The kinds whose men chase (empty: every kind that is not royal).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by: Vec<PieceId>,
    /// Men never chased: of this kind, standing (when a region is named)
    /// on its owner's squares of the region. Royal men never are either.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignoring: Vec<(PieceId, Option<RegionId>)>,
    /// The ranks, lowest first: a man of a higher rank than its attacker
    /// is chased even when protected. Unranked kinds outrank nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ranks: Vec<Vec<PieceId>>,
}

/// `quiet N plies ... plus K plies per check over M` (two players): the
/// count N is lengthened by `plies` (K) for every check beyond the
/// `over`-th (M) that the player who gave more checks gave within the
/// plies counted (Fairy-Stockfish's n-move rule under `chasingRule =
/// axf`); see `engine::rules::quiet` for the window and docs/LANGUAGE.md
/// `quiet` for the exact semantics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckPlus {
    pub plies: u32,
    pub over: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reset {
    Capture,
    Place,
    Piece(PieceId),
    /// `promotion`: an action that promotes a man.
    Promotion,
    /// `castling`: a castling.
    Castling,
}

/// What an end rule does to its subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The subject wins.
    Win,
    /// The subject loses (several subjects at once: a draw between them).
    Lose,
    /// The game is drawn.
    Draw,
    /// A player may claim a draw (play offers a `claim` command); the game goes on.
    ClaimDraw,
    /// The subject player is eliminated; the game goes on while several remain.
    Eliminated,
    /// The player with the most men on the board wins (several sharing
    /// the most: a draw), whoever the subject.
    MostMen,
    /// The player with the fewest men on the board wins (several sharing
    /// the fewest: a draw), whoever the subject.
    FewestMen,
    /// The player with the most points (`points ...`: its men on the
    /// board and its own) wins (several sharing the most: a draw),
    /// whoever the subject.
    MostPoints,
    /// `score N/D` (two players): the subject scores `num/den` of the
    /// game and the other player the rest; the side that scores more
    /// wins the game's `Result`, equal shares are a draw.
    Score { num: u16, den: u16 },
}

/// A consequence of every action written among the end rules: surrounded
/// men of a kind leave the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Removal {
    pub piece: PieceId,
    /// How many end rules are written before it: those are checked first
    /// (a rule that ends the game then prevents the removal).
    pub after: usize,
}
