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
}

impl Outcome {
    /// Score of `player`: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn score(&self, player: usize) -> f64 {
        match self {
            Outcome::Win { winners, .. } => f64::from(u8::from(winners.contains(&player))),
            Outcome::Draw { .. } => 0.5,
        }
    }

    pub fn reason(&self) -> &str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

/// A game the AI can search and the simulator can play.
pub trait Game: Clone + Send {
    type Action: Copy + PartialEq + std::fmt::Debug + Send;

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
}
