//! What a turn is: the actions a player may make ([`Turn`]), turns of
//! several actions ([`TurnPlan`]) and the counting rules of the Makruk
//! family ([`Counting`]).

use super::{
    ActionFilter, Captures, Castling, CheckBound, EnPassantWindow, Explosion, Flip, Gating,
    IllegalAction, JokerEffect, OnPlace, PieceId, PlacedUnmoved, PlacementRule, PlayerId, Power,
    Pred, Quote, RegionId, Unplaceable, Walls, WhenStuck,
};
use serde::{Deserialize, Serialize};

/// What a player may do on a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    /// Board moves are allowed.
    pub moves: bool,
    /// Condition (on the acting player) for board moves to be allowed.
    pub move_requires: Pred,
    /// The `move requires` statement as written (for explanations).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_requires_source: Option<Quote>,
    /// `move [PIECE, ...] where CONDITION`: conditions every board move of
    /// the listed kinds (all kinds when none is listed) must meet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_where: Vec<PlacementRule>,
    /// Whether men capture, and where a captured man goes.
    pub captures: Captures,
    /// `captures to partner's hand`: a captured man goes to the hand of
    /// the capturer's partner (see [`Turn::captures`], which is then
    /// `ToHand` or `ToHandDemoted`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub to_partner: bool,
    /// `rebirth PIECE, ... in REGION`: the rebirth squares of those kinds
    /// are the region's squares (their owner's) instead of their
    /// game-start squares.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rebirth_in: Vec<(Vec<PieceId>, RegionId)>,
    /// Placing a man from the hand is allowed.
    pub place: bool,
    /// Drawing the top card of the deck and placing it is allowed.
    pub draw: bool,
    /// Passing is allowed (`actions ..., pass`): the turn goes on to the
    /// next player with nothing changed on the board.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pass: bool,
    /// An immobilised man may leave the game as its owner's action
    /// (`actions ..., suicide`): any own man that is not royal and that an
    /// enemy immobiliser holds.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub suicide: bool,
    /// Conditions a placement must meet; each applies to the listed kinds
    /// (all kinds when `pieces` is empty). They are evaluated in the position
    /// after the man is put down, with the placed man as subject.
    pub placement: Vec<PlacementRule>,
    /// What follows placing a man of a kind (one action with the placement).
    pub on_place: Vec<OnPlace>,
    /// Effect of a drawn joker.
    pub on_joker: Option<JokerEffect>,
    /// What a player with no legal action does (`stalemate -> pass`).
    #[serde(default)]
    pub when_stuck: WhenStuck,
    /// What a drawn card with no legal square does.
    #[serde(default)]
    pub unplaceable: Unplaceable,
    /// Special actions (powers).
    pub powers: Vec<Power>,
    /// The very first action of the game must be this.
    pub first_action: Option<ActionFilter>,
    /// Which opponents may capture en passant, and for how long.
    pub en_passant: EnPassantWindow,
    /// `en passant ... in REGION`: a passed square is an en-passant target
    /// only when it is in the region (the squares of the players who may
    /// take).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub en_passant_region: Option<RegionId>,
    /// `en passant ... after PIECE, ...`: only a lame move of a man of these
    /// kinds (its kind after the move) leaves en-passant targets (empty:
    /// every lame move does).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub en_passant_after: Vec<PieceId>,
    /// `en passant ... per turn`: the window counts turns, not actions: a
    /// record lasts until its maker's next turn starts, and a player who
    /// may take keeps the records open while every action of its turn so
    /// far took en passant (docs/LANGUAGE.md §15).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub en_passant_per_turn: bool,
    /// Castling: a royal and a partner kind.
    pub castling: Option<Castling>,
    /// What an interface does with an illegal action.
    #[serde(default)]
    pub illegal_action: IllegalAction,
    /// `must capture`: when the player to act has a legal capture, only
    /// captures are legal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub must_capture: bool,
    /// `no checks`: an action that leaves a royal man of another side
    /// attacked by the actor's side is illegal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_checks: bool,
    /// `fog of war`: each player sees only its side's men and the squares
    /// its men's moves reach (see `docs/LANGUAGE.md`, "fog of war"); the
    /// engine keeps the whole position, and every interface shows a seat
    /// its view only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fog_of_war: bool,
    /// `face down KIND, ...`: the men of these kinds start face down, their
    /// identities dealt from the game's seed (docs/LANGUAGE.md "face
    /// down"). Each entry pairs a listed kind with the kind the checker
    /// made for its face-down men (a copy of its moves, written `X` in
    /// FEN). Empty: no man is ever face down.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_down: Vec<FaceDown>,
    /// `in check:` and the `initial` forms on check and has-moved flags.
    #[serde(default, skip_serializing_if = "CheckBound::is_empty")]
    pub check_bound: CheckBound,
    /// `must place`: while the player to act has a legal placement, only
    /// placements are legal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub must_place: bool,
    /// `must place PIECE, ...`: `must_place` for these kinds only: while the
    /// player holds a man of one of them, placements of other kinds are
    /// illegal, and with a legal placement of one of them only those are
    /// legal (empty: every kind, as `must place` alone).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub must_place_kinds: Vec<PieceId>,
    /// `place keeps room for PIECE in REGION`: placements of other kinds
    /// leave room for the player's men of `piece` on both square colours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep_room: Vec<(PieceId, RegionId)>,
    /// `place PIECE, ... unmoved in REGION`: placed men of these kinds on
    /// the region count as never moved (see [`PlacedUnmoved`]); a kind is
    /// listed by one statement at most (the last that names it).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "super::one_or_many"
    )]
    pub placed_unmoved: Vec<PlacedUnmoved>,
    /// `place PIECE, ... promoted too`: a man of these kinds in hand may
    /// also be placed as its piece's promoted form (`promotes to`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub place_promoted: Vec<PieceId>,
    /// `facing PIECE: illegal`: an action may not leave a man of one of
    /// these kinds of the actor facing an enemy man of the same kind (one
    /// file or rank, only empty squares between).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facing_illegal: Vec<PieceId>,
    /// `facing PIECE: must break`: a player to act with a man of one of
    /// these kinds facing an enemy man of the same kind must leave no such
    /// facing with any action but a pass, and may pass even with a royal
    /// attacked (see [`Event::FacingKept`](super::Event::FacingKept)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facing_must_break: Vec<PieceId>,
    /// `check all royals`: a player is in check only when every royal man
    /// of theirs is attacked (else when any one is).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub check_all_royals: bool,
    /// `check ... when at most N`: a player's royal men count as royal
    /// (may not be left attacked, can be checked) only while the player
    /// has at most N of them on the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub royal_at_most: Option<u8>,
    /// `explode on capture`: a capture removes the capturer and its
    /// neighbours too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explosion: Option<Explosion>,
    /// `petrify PIECE, ...`: a man of these kinds that captures on the
    /// board becomes a wall on its landing square (it leaves the game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub petrify: Vec<PieceId>,
    /// `mutually immune PIECE, ...`: a man of these kinds may not capture a
    /// man of its own kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mutually_immune: Vec<PieceId>,
    /// `gating PIECE, ... in REGION` (see [`Gating`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gating: Option<Gating>,
    /// `flip enclosed SEL` / `flip touching SEL`: men that change owner
    /// after every placement and board move (see [`Flip`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flips: Vec<Flip>,
    /// `place unlimited`: every hand holds any number of men of every kind.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unlimited_hands: bool,
    /// `then place wall [reached]` / `then move wall` (see [`Walls`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub walls: Option<Walls>,
    /// `counting lone: ...` and `counting board: ...` (see [`Counting`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counting: Option<Counting>,
    /// `turn ...`: turns of several actions (see [`TurnPlan`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<TurnPlan>,
    /// `points ...`: what men and players count for the end outcome
    /// `most points` (see [`Points`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Points>,
    /// `score ...`: points earned by events during the game (see
    /// [`Scoring`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
    /// `dice N: FACE, ...`: dice rolled at the start of each turn decide
    /// which kinds may move (see [`Dice`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Dice>,
    /// `actions ..., exchange` with `exchange KIND < KIND = KIND ...`
    /// (Hostage chess, under `captures to prison`): per kind, its rank in
    /// the value order (0 the lowest; `None`: a man of it is never
    /// exchanged). Empty: no exchange action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exchange: Vec<Option<u8>>,
    /// `boards 2`: the game is played on two boards of this variant at
    /// once, by four seats in two teams (bughouse; docs/LANGUAGE.md §12,
    /// `play::boards`). 1: one board. The engine plays one board either
    /// way; only `play::boards` reads it.
    #[serde(default = "one_board", skip_serializing_if = "is_one_board")]
    pub boards: u8,
    /// `lion trading PIECE, ... [bridge [except PIECE, ...]]` (see
    /// [`LionTrading`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lion_trading: Option<LionTrading>,
}

/// `lion trading PIECE, ... [bridge [except PIECE, ...]]`: the rules
/// that keep the listed kinds (the lions) from being traded (chu shogi's;
/// docs/LANGUAGE.md §6, "lion trading"): a lion may not take a lion that
/// is not a king step from its start square when its landing square is
/// attacked after the move, unless the move's first step took a man (of a
/// kind not in `except`: a bridge); and after a non-lion takes a lion,
/// the next player may not take a lion with a non-lion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LionTrading {
    /// The lion kinds.
    pub lions: Vec<PieceId>,
    /// `bridge`: a first step that takes a man lifts the first bar;
    /// `None` without `bridge`. The list: the kinds whose capture does
    /// not (`except`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge: Option<Vec<PieceId>>,
    /// `counter unprotected`: the counter-strike bar spares a lion that
    /// is not protected (the move stays legal when, made, no man of the
    /// opponent attacks the square it lands on).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counter_unprotected: bool,
}

fn one_board() -> u8 {
    1
}

fn is_one_board(n: &u8) -> bool {
    *n == 1
}

/// `points PIECE N, ..., PLAYER N`: the points of a player, for the end
/// outcome `most points`: the sum of the points of its men on the board,
/// by kind (a kind not listed counts 0), plus its own (a bonus). Each
/// value is a fraction `num/den` (a whole number has `den` 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Points {
    /// (kind, num, den): the points of a man of the kind.
    pub pieces: Vec<(PieceId, u32, u32)>,
    /// (player, num, den): points the player has besides its men.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<(PlayerId, u32, u32)>,
}

impl Points {
    /// The least common denominator of every value.
    pub fn denominator(&self) -> u64 {
        fn gcd(a: u64, b: u64) -> u64 {
            if b == 0 {
                a
            } else {
                gcd(b, a % b)
            }
        }
        self.pieces
            .iter()
            .map(|&(_, _, d)| d)
            .chain(self.players.iter().map(|&(_, _, d)| d))
            .fold(1u64, |l, d| {
                let d = u64::from(d.max(1));
                l / gcd(l, d) * d
            })
    }
}

/// `score ...`: points a player earns by events during the game (a
/// capture, a checkmate or stalemate it delivers, an action checking
/// several kings, the last opponent's resignation), kept per player in
/// the position; `CONDITION -> most points` and the end of a game of
/// eliminations rank every player by them (docs/LANGUAGE.md, "Scores for
/// events").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Scoring {
    /// `score capture PIECE N, ...`: (kind, points) per man of the kind
    /// taken (a kind not listed: 0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capture: Vec<(PieceId, u32)>,
    /// `score capture ..., promoted N`: a promoted man's points, whatever
    /// its kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promoted: Option<u32>,
    /// `score checkmate N`: to the player who mates (eliminates) another.
    #[serde(default)]
    pub checkmate: u32,
    /// `score stalemate N to WHOM`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stalemate: Option<(u32, ScoreTo)>,
    /// `score checks K kings N, ...`: (K, points) for one action that
    /// leaves K kings (K from 2) of other players in check from the
    /// mover's men.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<(u8, u32)>,
    /// `score resign N`: to the one player left when the last other
    /// player resigns.
    #[serde(default)]
    pub resign: u32,
}

/// Who scores a stalemate (`score stalemate N to ...`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreTo {
    /// The player whose action left the stalemated player without a move.
    Mover,
    /// The stalemated player itself.
    Stalemated,
    /// Each player still in the game after it.
    Others,
}

/// The most dice a `dice` statement may roll.
pub const MAX_DICE: usize = 4;
/// The most faces a die may have.
pub const MAX_FACES: usize = 15;

/// Dice rolled at the start of each turn (`dice N: FACE, ...`): the player
/// to act may move only men of a kind some rolled face names (dice chess).
/// The roll is part of the position; see docs/LANGUAGE.md, "dice".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    /// How many dice are rolled (1 to [`MAX_DICE`]).
    pub count: u8,
    /// Each face (2 to [`MAX_FACES`]): the kinds it lets move (`any`: every
    /// kind of the variant).
    pub faces: Vec<Vec<PieceId>>,
    /// `dice doubles: any`: a roll whose dice all show one face lets every
    /// kind move (needs two dice or more).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub doubles_any: bool,
    /// `dice stuck: reroll`: a roll that lets no man move is rolled again
    /// (else, `dice stuck: pass`, the turn passes).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reroll: bool,
}

/// Turns of several actions (`turn actions ...`, `turn ends on ...`,
/// `turn checks last only`): how many actions a player makes in one turn,
/// by player and by turn number, and what ends a turn early. Without it
/// every turn is one action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnPlan {
    /// Per player: the actions of each of its turns (`turn actions 2`,
    /// `turn actions white 2, black 1`).
    pub actions: Vec<u32>,
    /// `turn actions ..., first N`: the game's first turn has N actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<u32>,
    /// `turn actions growing`: the game's k-th turn has k actions.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub growing: bool,
    /// `turn ends on check`: an action after which a royal man of another
    /// side stands attacked by the actor's side ends the turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ends_on_check: bool,
    /// `turn ends on capture`: an action that captures ends the turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ends_on_capture: bool,
    /// `turn checks last only`: an action that is not its turn's last may
    /// not leave a royal man of another side attacked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub checks_last_only: bool,
    /// `turn royal safe at end`: an action that is not its turn's last may
    /// leave the actor's royal men attacked, if some action left in the
    /// turn ends it with none threatened; a royal man is threatened when
    /// the next player could take it within its next turn (see
    /// docs/LANGUAGE.md, "turn royal safe at end").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub royal_safe_at_end: bool,
}

impl TurnPlan {
    /// The actions of turn `index` (0: the game's first) of player `p`.
    pub fn length(&self, p: PlayerId, index: u32) -> u32 {
        if self.growing {
            return index.saturating_add(1);
        }
        if index == 0 {
            if let Some(n) = self.first {
                return n;
            }
        }
        self.actions.get(p as usize).copied().unwrap_or(1).max(1)
    }
}

/// The counting rules of the Makruk family (two players): a count that
/// starts for a player whose side is reduced, and whose running out the
/// end rule `counted out` reports. See LANGUAGE.md §19.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Counting {
    /// `counting lone: ...`: the count of a player left with one man.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lone: Option<LoneCount>,
    /// `counting board: ...`: the count of a player with more than one man.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardCount>,
}

/// `counting lone: KIND[*N] MOVES, ..., otherwise MOVES [from men]
/// [without KIND, ...]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoneCount {
    /// (kind, at least this many of the opponent's men, the limit in
    /// moves): the first row that the opponent's men meet gives the limit.
    pub table: Vec<(PieceId, u32, u32)>,
    /// The limit when no row is met (0: no count).
    pub otherwise: u32,
    /// `from men`: the count starts at the number of men on the board
    /// (twice it, in plies), and a lone player who takes the last man of a
    /// `without` kind starts counting at once.
    pub from_men: bool,
    /// `without KIND, ...`: no count while a man of these kinds is on the
    /// board.
    pub without: Vec<PieceId>,
}

/// `counting board: MOVES [men at most N] [without KIND, ...]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardCount {
    /// The limit in moves.
    pub moves: u32,
    /// The counting player has at most this many men.
    pub max_men: Option<u32>,
    pub without: Vec<PieceId>,
}

/// One kind of `face down`: the men of `piece` in the setup start as men of
/// `face` (a copy of `piece`'s moves, never royal, never promoting), each
/// turned into its true kind after its first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaceDown {
    /// The kind as the setup names it: a face-down man on one of its start
    /// squares moves as this kind.
    pub piece: PieceId,
    /// The kind of the face-down men standing on `piece`'s start squares.
    pub face: PieceId,
}
