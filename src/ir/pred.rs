//! The predicate language shared by placements, guards, effects and endings.

use super::{PieceId, RegionId};
use serde::{Deserialize, Serialize};

/// Whose men a selector matches, relative to the acting player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The acting player's men.
    Own,
    /// Men of the acting player and of team mates.
    Friend,
    /// Men of any player who is not a friend.
    Enemy,
    /// Any man.
    Any,
}

/// A set of men: whose, and optionally of which kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Selector {
    pub who: Who,
    pub piece: Option<PieceId>,
}

/// A condition. Most atoms speak about a *subject square* (the square a man
/// is placed on, or the square of a man being chosen) and the *acting player*.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pred {
    True,
    Not(Box<Pred>),
    And(Vec<Pred>),
    Or(Vec<Pred>),
    /// The subject square is in the region (as seen by the acting player).
    In(RegionId),
    /// One of the 8 neighbours of the subject holds a man of the selector.
    Touching(Selector),
    /// One of the 4 orthogonal neighbours holds a man of the selector.
    Beside(Selector),
    /// The subject square is attacked by an enemy man.
    Attacked,
    /// The man on the subject square attacks a man of the selector.
    Attacks(Selector),
    /// The man on the subject square matches the selector.
    Is(Selector),
    /// The subject is the man just placed or moved.
    IsSelf,
    /// The man on the subject square is surrounded on its 4 sides.
    Surrounded,
    /// No other own man of the same kind stands on a square of this colour.
    DistinctColour,
    /// Some man of the selector is on the board (a guard on the acting player).
    InPlay(Selector),
    /// At least `at_least` other men of the selector stand on the
    /// subject's file.
    SameFile {
        men: Selector,
        at_least: u32,
    },
    /// The man on the subject square has no move from it on an empty board.
    Immobile,
    /// In one of the 8 directions from the subject, one or more men of the
    /// selector in an unbroken line, followed at once by a man of the
    /// acting player.
    Encloses(Selector),
    /// Every square of the region (as seen by the acting player) holds a man.
    Filled(RegionId),
    /// After the action, a royal man of another side is attacked by the
    /// acting player's side (`move ... where` and `place ... where`).
    Check,
    /// [`Pred::Check`], and the player to act next has no legal action
    /// (`move ... where` only).
    Mate,
    /// The board move takes a man (`move ... where` only).
    Capture,
    /// The board move's from- and to-squares lie in different cells of a
    /// grid of cells `w` files wide and `h` ranks high, laid from the
    /// square of the first file and first rank (`move ... where` only).
    CrossesGrid {
        w: u8,
        h: u8,
    },
    /// Before the board move, the moving man stands on a square a friendly
    /// man attacks (`move ... where` only).
    Guarded,
}

impl Pred {
    /// Whether some atom of the predicate satisfies `f`.
    pub fn any_atom(&self, f: &dyn Fn(&Pred) -> bool) -> bool {
        match self {
            Pred::Not(q) => q.any_atom(f),
            Pred::And(qs) | Pred::Or(qs) => qs.iter().any(|q| q.any_atom(f)),
            atom => f(atom),
        }
    }

    /// Whether the atom speaks of a board move itself, known before it is
    /// made (`capture`, `crosses grid`, `guarded`).
    pub fn is_move_atom(&self) -> bool {
        matches!(
            self,
            Pred::Capture | Pred::CrossesGrid { .. } | Pred::Guarded
        )
    }

    /// Whether the atom speaks of the position after the action as a whole
    /// (`check`, `mate`).
    pub fn is_after_atom(&self) -> bool {
        matches!(self, Pred::Check | Pred::Mate)
    }

    /// Conjunction that flattens `True` and nested `And`s.
    pub fn and(self, other: Pred) -> Pred {
        match (self, other) {
            (Pred::True, p) | (p, Pred::True) => p,
            (Pred::And(mut a), Pred::And(b)) => {
                a.extend(b);
                Pred::And(a)
            }
            (Pred::And(mut a), p) => {
                a.push(p);
                Pred::And(a)
            }
            (p, Pred::And(mut b)) => {
                b.insert(0, p);
                Pred::And(b)
            }
            (a, b) => Pred::And(vec![a, b]),
        }
    }
}
