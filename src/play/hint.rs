//! A hint: the action the built-in AI would choose for the side to act,
//! with its score and the line it expects, for a person who asks (`play`'s
//! `hint` command).
//!
//! The hint is the AI's own choice at a level ([`ai::choose_with_watched`]
//! with that level's node budget), so it reads only what the side to act
//! may know: hidden cards, dice and face-down men are re-sampled first.
//! Under fog of war there is no hint while the game goes on: the search
//! reads the whole position, and its line could name men the player cannot
//! see.

use crate::engine::{Move, MoveKind};
use crate::play::ai::{self, Limits};
use crate::play::session::Session;
use crate::search::game::Game as _;
use crate::search::{Limits as SearchLimits, Score, Searcher};
use rand::RngCore;

/// The longest line a hint names.
pub const MAX_LINE: usize = 12;

/// What the AI would play, and why it thinks so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The action itself (for a card drawn, the sample's: see `action`).
    pub best: Move,
    /// The action in SAN (`draw` for drawing a card: the card is not known).
    pub action: String,
    /// The search's value for the side to act.
    pub score: Score,
    /// The depth of the search that chose it.
    pub depth: u32,
    /// The expected line from the position, starting with the action, in
    /// SAN; it stops before a hidden choice or after a man turns face up
    /// (what follows would be the sample's, not the game's).
    pub line: Vec<String>,
}

/// Why there is no hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoHint {
    /// Fog of war hides men from the side to act.
    Fog,
    /// The side to act has no legal action.
    NoAction,
}

/// The AI's choice at `level` for the side to act in `s`, with its score and
/// line; `rng` breaks ties and samples what is hidden, so the same `rng`
/// gives the same hint.
pub fn hint(s: &Session, level: u8, rng: &mut dyn RngCore) -> Result<Hint, NoHint> {
    if s.fogged() {
        return Err(NoHint::Fog);
    }
    let l = Limits::for_level(level);
    let limits = SearchLimits {
        depth: Some(l.depth),
        nodes: Some(l.nodes),
        ..SearchLimits::default()
    };
    let mut searcher = Searcher::with_entries(l.table_entries());
    // Every completed depth's best line: the hint's score and line are
    // those of the deepest that begins with the chosen action (a card
    // drawn is chosen in a second step, among the real cards; a search
    // stopped by its budget may keep the last depth's choice).
    let mut depths: Vec<(Score, u32, Vec<Move>)> = Vec::new();
    let chosen = ai::choose_with_watched(s, &mut searcher, &limits, rng, &mut |i| {
        if i.multipv <= 1 {
            depths.push((i.score, i.depth, i.pv.clone()));
        }
    })
    .ok_or(NoHint::NoAction)?;
    let action = if chosen.kind() == MoveKind::DrawPlace {
        "draw".to_string()
    } else {
        s.san(chosen)
    };
    let (score, depth, line) = match depths.iter().rev().find(|d| d.2.first() == Some(&chosen)) {
        Some((score, depth, pv)) => (*score, *depth, line_san(s, pv, MAX_LINE)),
        None => {
            let (score, depth) = depths.last().map_or((Score::Cp(0), 0), |d| (d.0, d.1));
            (score, depth, vec![action.clone()])
        }
    };
    Ok(Hint {
        best: chosen,
        action,
        score,
        depth,
        line,
    })
}

/// A principal variation in SAN, at most `max` actions, played from `s`:
/// it stops before an action that is not legal in the game as it stands or
/// is a hidden choice (a card drawn), and after an action that turns a man
/// face up (what it is, and all that follows, belongs to a sample).
pub fn line_san(s: &Session, pv: &[Move], max: usize) -> Vec<String> {
    let mut s = s.clone();
    let mut out = Vec::new();
    for &m in pv.iter().take(max) {
        if s.hidden_choice(&m) || !s.position().is_legal(m) {
            break;
        }
        let reveals = m.from().is_some_and(|sq| s.position().is_face_down(sq));
        out.push(s.san(m));
        s.play(m);
        if reveals {
            break;
        }
    }
    out
}
