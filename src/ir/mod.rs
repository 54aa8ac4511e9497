//! The checked intermediate representation of a variant.
//!
//! This is what the rest of varia reads: the engine compiles it into tables,
//! `varia dump --stage ir` prints it. It holds no pest types and no spans
//! (spans stay in the AST and in diagnostics); every name has been resolved to
//! an index, every option has been given its value, and every `if` has been
//! decided. The IR is plain data: `Serialize + Deserialize`, so a front end
//! other than the rule language could produce it.

mod check_bound;
mod end;
mod grid;
mod kinds;
mod letter;
mod movement;
mod pred;
mod shuffle;
mod turn;

pub use check_bound::{CheckBound, InCheckMoves};
pub use end::{Chase, CheckPlus, EndRule, Event, Outcome, Removal, Reset};
pub use kinds::KindSet;
pub use letter::Letter;
pub use movement::{Atom, Leg, Mode, Path, Timing};
pub use pred::{Pred, Selector, Who};
pub use shuffle::{Shuffle, ShuffleCopy, ShuffleRule, MAX_WALK};
pub use turn::{
    BoardCount, Counting, Dice, FaceDown, LionTrading, LoneCount, Points, ScoreTo, Scoring, Turn,
    TurnPlan, MAX_DICE, MAX_FACES,
};

use serde::{Deserialize, Serialize};

/// Index of a piece kind in [`Variant::pieces`].
pub type PieceId = u8;
/// Index of a player in [`Variant::players`] (also the turn order).
pub type PlayerId = u8;
/// Index of a region in [`Variant::regions`].
pub type RegionId = u16;

/// Largest board side the engine supports.
pub const MAX_SIDE: i32 = 16;
/// Largest number of piece kinds in one variant: the width of a
/// [`KindSet`], one machine word, so that a kind test costs what it did with
/// 32 kinds. Chu shogi needs 46 (its promoted forms are kinds of their own).
pub const MAX_PIECES: usize = 64;
/// Largest number of players.
pub const MAX_PLAYERS: usize = 4;

/// A whole, checked variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    /// Short identifier (`chess`), used on the command line.
    pub name: String,
    /// Human title (`"Chess"`).
    pub title: String,
    /// Other names of the variant (`also known as`), as records and other
    /// tools write them; the variant's own, not inherited through `extends`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Players in turn order.
    pub players: Vec<Player>,
    /// Teams as a partition of the players; every player is in exactly one.
    pub teams: Vec<Vec<PlayerId>>,
    pub board: Board,
    pub pieces: Vec<Piece>,
    pub regions: Vec<Region>,
    pub setup: Setup,
    pub turn: Turn,
    /// Rules checked after every complete action, in this order.
    pub end: Vec<EndRule>,
    /// Men removed after every action (`surrounded PIECE -> remove`), each
    /// applied where it stands among the end rules.
    #[serde(default)]
    pub removals: Vec<Removal>,
    /// What resets the quiet-move counter (one counter for every `quiet`
    /// rule: their `reset by` lists, and pieces that `resets clock`).
    #[serde(default)]
    pub quiet_resets: Vec<Reset>,
    /// Whether the end rules are checked after a whole action or also between
    /// the steps of a compound action.
    #[serde(default)]
    pub end_checked: EndTiming,
    /// Invariants that every legal action must preserve.
    pub invariants: Vec<Invariant>,
    /// Material combinations that are a dead position (for `insufficient material`).
    pub dead_material: Vec<MaterialPattern>,
    /// What happens to a player who is eliminated.
    pub elimination: Elimination,
    /// Every declared option with the value in force.
    pub options: Vec<OptionValue>,
}

/// A player (seat).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    /// The default forward direction of this player's men.
    pub forward: Dir,
}

/// One of the four board directions; "north" is toward higher ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// Index 0..4 (north, east, south, west).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i % 4]
    }

    /// Rotate a vector given relative to "forward = north" so that forward is `self`.
    pub fn rotate(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        match self {
            Dir::North => (dx, dy),
            Dir::East => (dy, -dx),
            Dir::South => (-dx, -dy),
            Dir::West => (-dy, dx),
        }
    }

    /// This direction turned clockwise by `quarters` quarter turns.
    pub fn turned(self, quarters: u32) -> Dir {
        Dir::from_index(self.index() + quarters as usize)
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }
}

/// A coordinate: x is the file (0 = a), y the rank (0 = 1). On an unbounded
/// board the coordinates are those written in the setup and may be negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord {
    pub x: i32,
    pub y: i32,
}

impl Coord {
    pub const fn new(x: i32, y: i32) -> Coord {
        Coord { x, y }
    }
}

/// The playing surface.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Board {
    pub shape: Shape,
    /// Whether the square at (0,0) (a1) is dark; square colour alternates.
    pub a1_dark: bool,
    /// `board hex N`: the grid is the hexagon of side N in axial
    /// coordinates (its corners are the `Rect`'s holes), and leaps, names
    /// and pictures are those of hexagonal cells (see `grid.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<u8>,
    /// `wrap files` / `wrap ranks`: which edges are joined (a cylinder,
    /// a torus). Leaps and rides cross a joined edge (see `Wrap`).
    #[serde(default, skip_serializing_if = "Wrap::is_flat")]
    pub wrap: Wrap,
    /// `board WxH layers N`: N boards of W×H stacked (Alice chess). The
    /// `Rect` is the whole stack, `W × (H·N)`: layer k (from 0) holds the
    /// rows `k·H .. (k+1)·H`, so its squares are named with the ranks
    /// `k·H + 1 ..= (k+1)·H`. A man's leaps and rides stay on its layer;
    /// after each board move the man passes to the same square of the
    /// next layer (k → k+1 mod N), which must be empty. 1: a flat board.
    #[serde(default = "one_layer", skip_serializing_if = "is_one_layer")]
    pub layers: u8,
}

fn one_layer() -> u8 {
    1
}

fn is_one_layer(n: &u8) -> bool {
    *n <= 1
}

impl Board {
    /// The number of rows of one layer (the whole height on a flat board).
    pub fn layer_height(&self) -> i32 {
        let h = match &self.shape {
            Shape::Rect { height, .. } | Shape::Unbounded { height, .. } => i32::from(*height),
        };
        h / i32::from(self.layers.max(1))
    }
}

/// Which axes of a rectangular board wrap round (`board WxH wrap files`:
/// a cylinder; `wrap files ranks`: a torus). On a wrapped axis the square
/// after the last is the first: a leap that would leave the board comes
/// back on the other side, and a ride goes on across the seam, stopping
/// before it would come back to its start square.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wrap {
    /// The files form a ring: file `a` is next to the last file (the left
    /// and right edges are joined).
    #[serde(default)]
    pub files: bool,
    /// The ranks form a ring: rank 1 is next to the last rank (the top
    /// and bottom edges are joined).
    #[serde(default)]
    pub ranks: bool,
}

impl Wrap {
    /// No axis wraps: an ordinary board.
    pub fn is_flat(&self) -> bool {
        !self.files && !self.ranks
    }

    /// Whether an axis wraps.
    pub fn any(&self) -> bool {
        !self.is_flat()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// A W×H rectangle, minus holes (squares that do not exist).
    Rect {
        width: u8,
        height: u8,
        holes: Vec<Coord>,
    },
    /// No board: men stand on an unbounded grid, and the bounding box of all
    /// men may never exceed `width`×`height` (it floats with the men).
    Unbounded { width: u8, height: u8 },
}

/// A named set of squares, possibly different for each player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Region {
    pub name: String,
    /// The squares of the region as seen by each player (index = player).
    pub squares: Vec<Vec<Coord>>,
}

/// A kind of man.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Piece {
    pub name: String,
    /// How FEN and notation write it: its own capital letter, or `+` and
    /// its piece's letter (a promoted form without a letter of its own).
    pub letter: Letter,
    /// The Betza text the moves came from (for display).
    pub betza: String,
    /// Moves, relative to a forward direction of north.
    pub moves: Vec<Atom>,
    /// Squares the piece threatens, when they differ from its capturing moves.
    /// `None`: the capture-capable atoms of `moves` are the attacks.
    pub attacks: Option<Vec<Atom>>,
    /// A royal man may never be left attacked by an opponent (check).
    pub royal: bool,
    /// A sliding move may pass over men of its own side (never enemy men).
    pub passes_own: bool,
    /// Optional value for the AI, in hundredths of a pawn.
    pub value: Option<i32>,
    /// Optional Unicode glyphs for a light-side and a dark-side man.
    pub glyphs: Option<[String; 2]>,
    /// Promotion, if any.
    pub promotion: Option<Promotion>,
    /// `initial PIECE in REGION`: its initial moves (Betza `i`) are open on
    /// the region's squares (its owner's), whether or not it has moved;
    /// without it, they are open to a man that has never moved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_region: Option<RegionId>,
    /// `confined PIECE to REGION`: a man moves, captures and attacks only
    /// onto the region's squares (its owner's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confined: Option<RegionId>,
    /// `moves PIECE in REGION: "BETZA"`: atoms a man has in addition to its
    /// moves while it stands on the region's squares (its owner's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zone_moves: Vec<ZoneMoves>,
    /// `promotes to PIECE`: the kind this piece becomes when it promotes
    /// (its promoted form, written `+` and this piece's letter in FEN); a
    /// captured man of the promoted form goes to a hand as this piece under
    /// `captures to hand demoted`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotes_to: Option<PieceId>,
    /// `hop PIECE: not over KIND`: bit k set: its hops (Betza `p`) may not
    /// jump a man of kind k.
    #[serde(default, skip_serializing_if = "no_kinds")]
    pub hop_not_over: KindSet,
    /// `immune KIND: from PIECE`: bit k set: it never captures (nor
    /// attacks) a man of kind k.
    #[serde(default, skip_serializing_if = "no_kinds")]
    pub never_captures: KindSet,
    /// `captures own`: its capturing moves may also take men of its own
    /// owner (never a royal one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub captures_own: bool,
    /// `captures in place`: a capture of its leaves it on its square (the
    /// man taken leaves; the capturer does not move, and so never
    /// promotes by capturing).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub captures_in_place: bool,
    /// `captures by approach | withdrawal | leaping | coordination |
    /// custody | imitation`: what its moves take besides the man on their
    /// destination.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captures_by: Vec<CaptureBy>,
    /// `immobilises`: enemy men a king step from its men make no board
    /// move and attack nothing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub immobilises: bool,
    /// `lion "BETZA"`: the steps of its two-step moves (king steps,
    /// relative to a forward direction of north; empty: none). A man of
    /// the piece may capture on a first step and step on from there (back
    /// to its start included), or step to an empty square and back (a
    /// pass); its single steps and leaps are its `moves` (LANGUAGE.md §6,
    /// "lion").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lion: Vec<(i8, i8)>,
    /// `lion "BETZA" straight`: the second step goes on in the first
    /// step's direction or comes back (the falcon's and eagle's lines);
    /// without it, it is any of the steps, or back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lion_straight: bool,
}

/// A capture a man makes by moving, not onto the man taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureBy {
    /// The enemy man on the next square beyond its destination, in its
    /// direction of motion.
    Approach,
    /// The enemy man on the square next to its start, opposite its
    /// direction of motion.
    Withdrawal,
    /// The enemy men it leaps over along a rank, a file or a diagonal
    /// (the long leaper): each single, with an empty square beyond it.
    Leaping,
    /// The enemy men on the two squares where its rank meets its side's
    /// royal's file and its file meets that royal's rank (the coordinator).
    Coordination,
    /// An enemy man orthogonally next to its destination with a man of its
    /// side on the far square (custodian capture: the pincer pawn).
    Custody,
    /// Each enemy man the way that man's piece captures (the chameleon).
    Imitation,
}

impl CaptureBy {
    /// Every way, as written after `captures by`.
    pub const ALL: [(&'static str, CaptureBy); 6] = [
        ("approach", CaptureBy::Approach),
        ("withdrawal", CaptureBy::Withdrawal),
        ("leaping", CaptureBy::Leaping),
        ("coordination", CaptureBy::Coordination),
        ("custody", CaptureBy::Custody),
        ("imitation", CaptureBy::Imitation),
    ];

    /// The way named `name` (a word of [`CaptureBy::ALL`]).
    pub fn named(name: &str) -> Option<CaptureBy> {
        CaptureBy::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, k)| k)
    }
}

fn no_kinds(x: &KindSet) -> bool {
    x.is_empty()
}

/// Moves a man has only while it stands on a region.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ZoneMoves {
    pub region: RegionId,
    /// The Betza text the atoms came from.
    pub betza: String,
    /// Relative to a forward direction of north; capturing atoms attack.
    pub atoms: Vec<Atom>,
    /// `inside`: the atoms land only on the region's squares too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inside: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Promotion {
    pub zone: Zone,
    /// The kinds a man may become (every player's, when `by_player` is
    /// given).
    pub choices: Vec<PieceId>,
    /// When true, each choice is taken from the owner's pool and used up; a man
    /// that finds no choice left in the pool stays as it is.
    pub from_pool: bool,
    /// Per player, in turn order, the kinds that player's men may become
    /// (`promote ... for PLAYER`); empty when every player has `choices`. A
    /// player with an empty list has no promotion for this kind.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_player: Vec<Vec<PieceId>>,
    /// `to KIND*N`: the kind is a choice only while the promoting man's
    /// owner has fewer than N men of it on the board (every player's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limits: Vec<(PieceId, u32)>,
    /// `leaving`: a move that starts in the zone promotes too (one that
    /// enters, leaves or moves inside it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leaving: bool,
    /// `optional`: the mover may decline, except where the unpromoted man
    /// would stand on a square from which it has no move on an empty board.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// `capturing`: only moves that capture promote.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capturing: bool,
    /// `entering`: a move that starts in the zone promotes only when it
    /// captures; one that starts outside promotes when it enters.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub entering: bool,
    /// `as action`: no move promotes; a man standing in the zone turns
    /// into a choice as an action of its own, on its square or by one
    /// non-capturing move of the choice, when the new man attacks no enemy
    /// man and the action leaves no enemy royal attacked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub as_action: bool,
    /// `last anywhere` (with `as action`): a man that is its owner's only
    /// man of its kind on the board may promote from any square.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last_anywhere: bool,
    /// `from prison` (under `captures to prison`, two players): each choice
    /// is one of the owner's own men held in the opponent's prison, which
    /// leaves it, and the promoting man takes its place there. With no
    /// choice held, a man may not end a move in the zone, and its attacks
    /// on the zone's squares do not count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub from_prison: bool,
}

impl Promotion {
    /// The kinds a man of player `p` may become.
    pub fn choices_of(&self, p: PlayerId) -> &[PieceId] {
        if self.by_player.is_empty() {
            &self.choices
        } else {
            self.by_player.get(p as usize).map_or(&[], |c| c.as_slice())
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// The last line of real squares in the man's own forward direction.
    FarEdge,
    Region(RegionId),
}

/// The position before the first action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub men: Vec<Man>,
    /// Per player: the reserve (pieces that can be placed).
    pub hands: Vec<Vec<(PieceId, u32)>>,
    /// Per player: the cards of the deck, shuffled from the seed at game start.
    pub decks: Vec<Vec<(Card, u32)>>,
    /// Per player: the pool that limited promotions draw from.
    pub pools: Vec<Vec<(PieceId, u32)>>,
    /// Who acts first.
    pub first: PlayerId,
    /// Men dealt onto squares from the game's seed (`shuffle` lines).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shuffles: Vec<Shuffle>,
    /// The gates of `gating ... above` (`PLAYER gates:` lines).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gates: Vec<SetupGate>,
}

impl Setup {
    /// No men, empty hands, decks and pools for `players` players; the
    /// first player acts first.
    pub fn empty(players: usize) -> Setup {
        Setup {
            men: Vec::new(),
            hands: vec![Vec::new(); players],
            decks: vec![Vec::new(); players],
            pools: vec![Vec::new(); players],
            first: 0,
            shuffles: Vec::new(),
            gates: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Man {
    pub piece: PieceId,
    pub owner: PlayerId,
    pub at: Coord,
    /// Forward direction of this man (its owner's by default).
    pub facing: Dir,
}

/// A card in a deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// Place this piece; if a region is given, only on its squares.
    Piece {
        piece: PieceId,
        region: Option<RegionId>,
    },
    /// A joker: see [`Turn::on_joker`].
    Joker,
}

/// `flip enclosed SEL` / `flip touching SEL`: after a placement or a board
/// move of the acting player that ends on a square, men of `men` (relative
/// to the acting player) change owner to the acting player.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Flip {
    pub how: FlipHow,
    pub men: Selector,
}

/// Which men a flip turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlipHow {
    /// Each unbroken line of men of the selector, in one of the 8
    /// directions from the landing square, that ends at a man of the acting
    /// player.
    Enclosed,
    /// The men of the selector on the 8 neighbours of the landing square.
    Touching,
}

/// `then place wall [reached | vacated] [in REGION]` / `then move wall [in
/// REGION]`: every board move is followed, in the same action, by a wall
/// put on an empty square (one the moved man could move to from its
/// landing square when `reached`, the square it left when `vacated`, one
/// of the region when a region is given). Walls
/// block every man and are never captured. With `moves` (`then move
/// wall`), the wall is one neutral man: the walls standing are lifted as
/// the new one is put down, on a square that held none.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Walls {
    pub reached: bool,
    /// `then move wall`: the wall moves every turn (the duck).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moves: bool,
    /// `then place wall vacated`: the wall goes on the square the moved man
    /// left (Fairy-Stockfish's `wallingRule = past`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vacated: bool,
    /// `... wall in REGION`: the wall goes only on a square of the region
    /// (as the mover sees it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<RegionId>,
}

/// Reads a list, or one item alone (IR written when the list was a single
/// optional item still reads).
pub(crate) fn one_or_many<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany<T> {
        Many(Vec<T>),
        One(T),
    }
    Ok(match Option::<OneOrMany<T>>::deserialize(d)? {
        Some(OneOrMany::Many(v)) => v,
        Some(OneOrMany::One(x)) => vec![x],
        None => Vec::new(),
    })
}

/// `gating PIECE, ... in REGION`: when a man that has never moved leaves a
/// square of `region` (its owner's squares) by a plain move or by castling
/// (the castler's or the partner's square), its owner may put a man of one
/// of `pieces` from the hand on the square left, in the same action.
///
/// `gating PIECE, ... above REGION` (`above`): per-square gates instead.
/// Each gate is one man of a listed kind waiting above one square of the
/// region (given by `setup`'s `PLAYER gates:` lines or by FEN); it enters
/// on that square, in the same action, when the man standing there leaves
/// it by its own move (a board move or castling), and it is lost when that
/// man leaves any other way (captured).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gating {
    pub pieces: Vec<PieceId>,
    pub region: RegionId,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub above: bool,
}

/// A gate of `gating ... above` in the setup: a man of `piece` of `owner`
/// waiting above the square `at`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetupGate {
    pub piece: PieceId,
    pub owner: PlayerId,
    pub at: Coord,
}

/// `place PIECE, ... unmoved in REGION`: a man of one of `pieces` placed on
/// a square of `region` (its owner's squares) counts as never moved; when
/// it is of the castler's kind, so does every own man of a listed partner
/// kind standing on a square of its own kind's region (the region of the
/// statement that lists that kind), and when it is of a partner kind, every
/// own man of the castler's kind standing on the castler's region (if
/// listed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlacedUnmoved {
    pub pieces: Vec<PieceId>,
    pub region: RegionId,
}

/// `explode on capture [except PIECE, ...] [immune PIECE, ...]`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Explosion {
    /// Men of these kinds on the squares around the capture stay (the
    /// capturer explodes whatever its kind).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spared: Vec<PieceId>,
    /// Men of these kinds are never removed by an explosion, the capturer
    /// included.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub immune: Vec<PieceId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlacementRule {
    pub pieces: Vec<PieceId>,
    pub condition: Pred,
    /// The statement as written, for explanations (`None` for IR that did
    /// not come from a rule file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Quote>,
}

/// A statement as the rule file wrote it, so that an explanation can quote
/// the rule that forbids an action: the file, the line (from 1) and the
/// statement's text on one line (at most 200 characters). Display data,
/// like [`Piece::betza`]: the engine never reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quote {
    pub file: String,
    pub line: u32,
    pub text: String,
}

/// Whether men capture, and where a captured man goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Captures {
    /// Men never capture (`captures none`).
    None,
    /// A captured man leaves the game (`captures all`).
    #[default]
    Remove,
    /// A captured man goes to the capturer's hand as one of its own men
    /// (`captures to hand`).
    ToHand,
    /// As `ToHand`, but a man that was promoted goes to the hand as the kind
    /// it promoted from (`captures to hand demoted`; crazyhouse, shogi).
    ToHandDemoted,
    /// Circe (`captures reborn`): a captured man is put back on its
    /// rebirth square, and leaves the game when that square is taken.
    Reborn,
    /// Anti-Circe, Calvet type (`captures reborn capturer`): the capturer
    /// goes to its own rebirth square after the capture; a capture whose
    /// capturer's rebirth square is taken (neither the square it left nor
    /// the one it took on) is illegal.
    RebornCapturer,
    /// A captured man goes to the capturer's prison, still its owner's man
    /// (`captures to prison`; Hostage chess): from there the
    /// `exchange` action ([`Turn::exchange`]) may release it
    /// to its owner's hand.
    ToPrison,
}

impl Captures {
    /// Whether captured men go to a hand.
    pub fn to_hand(self) -> bool {
        matches!(self, Captures::ToHand | Captures::ToHandDemoted)
    }

    /// Whether men capture at all.
    pub fn any(self) -> bool {
        self != Captures::None
    }

    /// Whether a capture puts a man on its rebirth square (Circe or
    /// Anti-Circe).
    pub fn rebirth(self) -> bool {
        matches!(self, Captures::Reborn | Captures::RebornCapturer)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OnPlace {
    pub piece: PieceId,
    pub effect: FollowUp,
}

/// What follows the placement of a man, in the same action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FollowUp {
    /// The actor must choose one man meeting the condition (when any does)
    /// and send it back to its owner's hand.
    ReturnToHand { which: Pred },
    /// The actor must choose one man meeting the condition (when any does)
    /// and remove it from the game.
    Remove { which: Pred },
    /// The man just placed may make one ordinary move (optional).
    MayMovePlaced,
    /// The actor takes one more action at once.
    ExtraAction,
}

/// What a drawn joker does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JokerEffect {
    /// The drawer must choose one man meeting the condition (when any does)
    /// and send it back to its owner's hand.
    ReturnToHand { which: Pred },
    /// The same, but the man leaves the game.
    Remove { which: Pred },
    /// The drawer acts once more.
    ExtraAction,
}

/// What a player with no legal action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WhenStuck {
    /// Nothing: the end rules decide (`stalemate -> …`).
    #[default]
    EndRules,
    /// The player passes (`stalemate -> pass`).
    Pass,
}

/// What a drawn card with no legal square does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unplaceable {
    /// The end rule `unplaceable card -> lose` decides.
    #[default]
    EndRules,
    /// The card goes to the bottom of the deck and the player must make a
    /// board move instead (`unplaceable card -> return card`).
    ReturnCard,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    /// Exchange the squares of an own man of kind `a` and an own man of kind
    /// `b`, at most `uses` times per game per player.
    Swap { a: PieceId, b: PieceId, uses: u32 },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionFilter {
    pub kind: ActionKind,
    /// Restrict to this piece kind.
    pub piece: Option<PieceId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Move,
    Place,
    Draw,
    Power,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnPassantWindow {
    /// Every opponent may take en passant on its first turn after the double step,
    /// until the double-stepping player moves again.
    EachOpponent,
    /// Only the next player to act may take en passant.
    NextPlayer,
}

/// Castling, FIDE style: the royal moves two squares toward an unmoved partner
/// on the same line with only empty squares between; the partner lands on the
/// square the royal crossed. The royal may not be in check, nor cross or land
/// on an attacked square.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Castling {
    /// The piece that castles (royal or not: a castler that is not royal
    /// castles whatever attacks its path).
    pub royal: PieceId,
    pub partner: PieceId,
    /// More kinds it may castle with (`castling king with rook, chancellor`):
    /// each castles exactly as `partner` does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_partners: Vec<PieceId>,
    /// `to files E W`: the castler's destination files (`x`, from 0) when
    /// the partner stands on a higher file (E) or a lower one (W), the
    /// partner landing beside it on the inner side; castling is then along
    /// the castler's rank only. Without it, FIDE style: two squares toward
    /// the partner, which lands on the square crossed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<[i32; 2]>,
}

impl Castling {
    /// Whether men of `kind` may be castling partners.
    pub fn is_partner(&self, kind: PieceId) -> bool {
        self.partner == kind || self.more_partners.contains(&kind)
    }

    /// The partner kinds.
    pub fn partner_kinds(&self) -> KindSet {
        KindSet::one(self.partner) | self.more_partners.iter().collect()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndTiming {
    /// Once, after the whole action (a placement with its effects).
    #[default]
    AfterAction,
    /// After each step of a compound action too.
    AfterEachStep,
}

/// What a user interface does with an illegal action typed by a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalAction {
    /// Refuse it; the player tries again.
    #[default]
    Reject,
    /// The player loses the turn (a referee's ruling).
    Forfeit,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Invariant {
    /// Every man, or each player's men, form one group.
    Connected { adjacency: Adjacency, scope: Scope },
}

/// Which squares touch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Adjacency {
    /// By sides (4 neighbours).
    Sides,
    /// By sides and corners (8 neighbours).
    SidesAndCorners,
}

/// Whose men an invariant is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// All the men on the board together.
    All,
    /// Each player's men.
    PerPlayer,
}

/// Two sides' material that cannot lead to mate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MaterialPattern {
    pub sides: [Vec<MaterialTerm>; 2],
    /// All men of the `any` terms (`bishop*`) stand on one square colour.
    pub same_colour: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MaterialTerm {
    pub piece: PieceId,
    /// `true`: any number (including none); `false`: exactly one.
    pub any: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Elimination {
    /// Where the eliminated player's men go.
    pub army_to: ArmyTo,
    /// When other players are tested for mate/stalemate.
    pub checked: EliminationCheck,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmyTo {
    /// Removed from the board with the royal.
    Nobody,
    /// To the player whose action eliminated them.
    Mover,
    /// To a surviving team mate (else to the mover).
    Partner,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EliminationCheck {
    /// After every action, test each other player in turn order, repeatedly.
    AfterEveryMove,
    /// Test a player only when their turn comes.
    AtOwnTurn,
}

/// A declared option and its value in force.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OptionValue {
    pub name: String,
    pub value: String,
    pub default: String,
    /// The allowed values, as written (`all | per_player`, or `0..100`).
    pub allowed: String,
}

impl Variant {
    /// Index of the piece with this name.
    pub fn piece_by_name(&self, name: &str) -> Option<PieceId> {
        self.pieces
            .iter()
            .position(|p| p.name == name)
            .map(|i| i as PieceId)
    }

    /// Index of the piece whose own letter is this one (case-insensitive;
    /// never a promoted form written `+X`).
    pub fn piece_by_letter(&self, letter: char) -> Option<PieceId> {
        self.piece_by(Letter::own(letter))
    }

    /// Index of the piece written so (`R`, or a promoted form's `+R`).
    pub fn piece_by(&self, letter: Letter) -> Option<PieceId> {
        self.pieces
            .iter()
            .position(|p| p.letter == letter)
            .map(|i| i as PieceId)
    }

    /// Index of the player with this name.
    pub fn player_by_name(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .map(|i| i as PlayerId)
    }

    /// The team index of a player.
    pub fn team_of(&self, player: PlayerId) -> usize {
        self.teams
            .iter()
            .position(|t| t.contains(&player))
            .unwrap_or(player as usize)
    }

    /// Whether the variant has any rule that can end the game.
    pub fn can_end(&self) -> bool {
        self.end.iter().any(|r| r.then != Outcome::ClaimDraw)
    }
}
