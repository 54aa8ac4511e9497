//! The interface the AI and the simulator see: any turn-based game with
//! actions, undo, an outcome and a heuristic. The engine's positions
//! implement it; so can a toy game in a test.

use rand::RngCore;
use serde::Serialize;

/// How a finished game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// These players (a team, or one player) won.
    Win { winners: Vec<usize>, reason: String },
    /// Nobody won.
    Draw { reason: String },
    /// Each seat scored a share of the game other than 1, ½ or 0 (an end
    /// rule `score N/D`): seat `p` scored `points[p] / den`.
    Shares {
        points: Vec<u32>,
        den: u32,
        reason: String,
    },
}

impl Outcome {
    /// Score of `player`: 1 for a win, 0.5 for a draw, 0 for a loss, its
    /// share for [`Outcome::Shares`].
    pub fn score(&self, player: usize) -> f64 {
        match self {
            Outcome::Win { winners, .. } => f64::from(u8::from(winners.contains(&player))),
            Outcome::Draw { .. } => 0.5,
            Outcome::Shares { points, den, .. } => {
                f64::from(points.get(player).copied().unwrap_or(0)) / f64::from((*den).max(1))
            }
        }
    }

    pub fn reason(&self) -> &str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
            Outcome::Shares { reason, .. } => reason,
        }
    }

    /// The outcome as a win or a draw, as a result tag counts it: shares
    /// become a win of the seats that scored the most (a draw when all
    /// scored the same), with the same reason.
    pub fn decided(self) -> Outcome {
        let winners = self.winners();
        match self {
            Outcome::Shares { reason, .. } => {
                if winners.is_empty() {
                    Outcome::Draw { reason }
                } else {
                    Outcome::Win { winners, reason }
                }
            }
            o => o,
        }
    }

    /// The seats the game's result names as winners: the winners, none
    /// for a draw, and for shares the seats that scored the most (none
    /// when every seat scored the same).
    pub fn winners(&self) -> Vec<usize> {
        match self {
            Outcome::Win { winners, .. } => winners.clone(),
            Outcome::Draw { .. } => Vec::new(),
            Outcome::Shares { points, .. } => {
                let most = points.iter().copied().max().unwrap_or(0);
                if points.iter().all(|&p| p == most) {
                    Vec::new()
                } else {
                    (0..points.len()).filter(|&p| points[p] == most).collect()
                }
            }
        }
    }

    /// The shares as a record's `Score` tag writes them, one per seat in
    /// lowest terms (`3/4-1/4`); `None` unless the outcome is
    /// [`Outcome::Shares`].
    pub fn score_tag(&self) -> Option<String> {
        let Outcome::Shares { points, den, .. } = self else {
            return None;
        };
        let frac = |n: u32| {
            let g = gcd(n, *den).max(1);
            match (n / g, den / g) {
                (0, _) => "0".to_string(),
                (n, 1) => n.to_string(),
                (n, d) => format!("{n}/{d}"),
            }
        };
        Some(
            points
                .iter()
                .map(|&n| frac(n))
                .collect::<Vec<_>>()
                .join("-"),
        )
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The size of the history table: [`Game::history_index`] stays below it.
pub const HISTORY_SIZE: usize = 1 << 18;

/// A game the AI can search and the simulator can play.
pub trait Game: Clone + Send {
    type Action: Copy + Eq + std::fmt::Debug + Send;

    /// Number of seats.
    fn players(&self) -> usize;
    /// The seat to act.
    fn to_move(&self) -> usize;
    /// The seats on the same team as `player` (including it).
    fn team_of(&self, player: usize) -> Vec<usize> {
        vec![player]
    }
    /// Every legal action, in a deterministic order.
    fn legal_actions(&mut self, out: &mut Vec<Self::Action>);
    /// Play an action (it must be legal).
    fn play(&mut self, action: Self::Action);
    /// Take back the last action played.
    fn undo(&mut self);
    /// The result, if the game is over.
    fn outcome(&mut self) -> Option<Outcome>;
    /// `score ...`: each seat's points, with those the event that ended
    /// the game gives (`None`: the game keeps no points).
    fn points(&self) -> Option<Vec<u32>> {
        None
    }
    /// A heuristic value of the position for `player`, in hundredths of a
    /// pawn (positive is good for `player`).
    fn evaluate(&mut self, player: usize) -> i32;
    /// Replace hidden information (a deck's order) by a sample consistent
    /// with what the player to move knows. Games without hidden information
    /// do nothing.
    fn determinize(&mut self, _rng: &mut dyn RngCore) {}
    /// Whether the action's identity depends on hidden information (placing
    /// a drawn card: which card it is is only known once drawn). The AI
    /// decides such an action in two steps: whether to take it, on a
    /// determinised game, then which of the real ones, once revealed.
    fn hidden_choice(&self, _action: &Self::Action) -> bool {
        false
    }

    // --- Search support. The defaults suit a small game without a hash;
    // the engine's games implement them all (see the search, [`super`]).

    /// A hash of the position for the transposition table (0: no table).
    fn key(&self) -> u64 {
        0
    }
    /// The legal actions and, when the game is over, its outcome, with one
    /// generation of the legal actions.
    fn expand(&mut self, out: &mut Vec<Self::Action>) -> Option<Outcome> {
        self.legal_actions(out);
        self.outcome()
    }
    /// Whether quiescence may generate the tactical actions alone
    /// ([`Game::expand_tactical`]) instead of the whole legal list.
    fn tactical_alone(&self) -> bool {
        false
    }
    /// The legal tactical actions (those with a [`Game::tactical_gain`]),
    /// in any order, when the game is over its outcome ([`Game::expand`]
    /// without the quiet actions), and the number of legal actions or an
    /// estimate of it (the search's evaluation adds it, up to 40). Asked
    /// only where [`Game::tactical_alone`] holds, out of check.
    fn expand_tactical(&mut self, out: &mut Vec<Self::Action>) -> (Option<Outcome>, usize) {
        let over = self.expand(out);
        let n = out.len();
        out.retain(|a| self.tactical_gain(a).is_some());
        (over, n)
    }
    /// A tactical action (a capture, a promotion) with its ordering gain in
    /// hundredths of a pawn (victim's value first, then the mover's);
    /// `None` for a quiet action. Quiescence search plays only these.
    fn tactical_gain(&self, _action: &Self::Action) -> Option<i32> {
        None
    }
    /// Whether a tactical action probably loses material (a capture by a
    /// more valuable man on a defended square): quiescence skips it.
    fn losing_capture(&self, _action: &Self::Action) -> bool {
        false
    }
    /// The static exchange value of a tactical action, in hundredths of a
    /// pawn for the side playing it: what the capture wins once the men
    /// that can take back on its square have done so while it pays (0 for
    /// a quiet action). The search orders losing captures after the quiet
    /// actions, prunes them at shallow depths and skips them in
    /// quiescence. The engine's games compute it in `play::exchange`
    /// (which says where it is an estimate); the default is the tactical
    /// gain over 16 (about the victim's value), as if nothing took back.
    fn see(&mut self, action: &Self::Action) -> i32 {
        self.tactical_gain(action).map_or(0, |g| g.max(0) / 16)
    }
    /// The static exchange value of a quiet action, in hundredths of a pawn
    /// for the side playing it: minus what its man loses where it lands if
    /// the enemy takes it there while that pays (0 where it is safe, where
    /// captures are not all of the ordinary kind, and by default: unknown;
    /// the engine's games compute it in `play::exchange`). The search prunes quiet actions that lose
    /// much at shallow depths ([`super::Params::quiet_exchange`]).
    fn see_quiet(&mut self, _action: &Self::Action) -> i32 {
        0
    }
    /// A small number naming the action's shape (the side, the man's kind
    /// and its destination, for the engine's games), below
    /// [`HISTORY_SIZE`], for the history heuristics (and as the key of
    /// counter-moves); 0 for every action turns them off.
    fn history_index(&self, _action: &Self::Action) -> usize {
        0
    }
    /// Whether the action (not yet played) may end the game by a goal: it
    /// brings a goal piece into its goal region (`reach REGION with PIECE
    /// -> win`). The search never prunes such an action as a late or
    /// futile quiet one.
    fn reaches_goal(&self, _action: &Self::Action) -> bool {
        false
    }
    /// Whether a royal man of the player to act is attacked.
    fn in_check(&self) -> bool {
        false
    }
    /// Whether the current position occurred before in the game and the
    /// rules draw a repeated position (the search scores a first
    /// repetition as that draw).
    fn repeats(&self) -> bool {
        false
    }
    /// Whether passing the turn (a null move) is a sound way to test this
    /// position: two players, a board move available, no zugzwang-like
    /// rules. The search then calls [`Game::play_null`] and [`Game::undo`].
    fn null_move_ok(&self) -> bool {
        false
    }
    /// Whether a null move that holds must be confirmed by a shallower
    /// search without null moves, because zugzwang is possible here (few
    /// men to move). Asked only where [`Game::null_move_ok`] holds.
    fn null_move_verify(&self) -> bool {
        false
    }
    /// Pass the turn (only when [`Game::null_move_ok`]).
    fn play_null(&mut self) {}
    /// The game as an external engine is told it (variant, start, moves in
    /// protocol text); `None` when the game cannot be told (a toy game, or
    /// hidden decks).
    fn protocol_game(&self) -> Option<GameText> {
        None
    }
    /// The legal action written as `text` in protocol text.
    fn protocol_parse(&self, _text: &str) -> Option<Self::Action> {
        None
    }
}

/// What the engine is asked to play from.
#[derive(Debug, Clone, PartialEq)]
pub struct GameText {
    /// varia's variant name.
    pub variant: String,
    /// The start position, `None` for the variant's own start.
    pub fen: Option<String>,
    /// The moves since, in protocol text.
    pub moves: Vec<String>,
    /// Seat to move: 0 first player.
    pub turn: usize,
    /// XBoard counts this board's ranks from 0 (exactly 10 ranks): the
    /// XBoard client shifts the ranks of `moves` and of the answer.
    pub ranks_from_zero: bool,
}
