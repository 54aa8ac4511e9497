//! Why the page's attempt is refused, in words: the engine's explanations
//! ([`crate::explain`], the same the terminal's `play` gives) of a click
//! on a square that is no legal target, a man from the hand dropped where
//! it may not go, a drawn card put on a wrong square, a typed action.
//!
//! Hidden information: the explanations read the public view only (the
//! explain module leaves every action that draws a card out, and never
//! reads a deck's order); a drawn card's placements are explained only
//! once the player has drawn it, when the page shows it anyway. Under fog
//! of war, while the game goes on, nothing is explained at all.

use super::board::GameState;
use super::ApiError;
use crate::explain::{self, Attempt, Explanation, Marked, Reason, Role};
use crate::play::session::Session;

/// The explanation of an attempt, and whether the page should keep the
/// square clicked as the start of an action (an own man that has no legal
/// action: the next click then asks why it may not go there).
pub struct Why {
    pub explanation: Explanation,
    pub select: bool,
}

/// Why the attempt `a` (squares, a piece from the hand) is refused.
pub fn attempt(st: &GameState, a: &Attempt) -> Why {
    if st.pending_draw && !st.g.is_over() {
        let sq = a.to.as_deref().or(a.from.as_deref()).unwrap_or("");
        return Why {
            explanation: for_page(drawn(st, sq)),
            select: false,
        };
    }
    attempt_on(st.g.session(), a, st.g.is_over())
}

/// Why the attempt `a` is refused in the session `s` (one board of a
/// game, no card drawn; `over`: the game is over).
pub fn attempt_on(s: &Session, a: &Attempt, over: bool) -> Why {
    let plain = |e| Why {
        explanation: for_page(e),
        select: false,
    };
    if let Some(e) = explain::fogged(s).filter(|_| !over) {
        // Under fog of war nothing is explained (see `explain::fogged`).
        return plain(e);
    }
    match (&a.from, &a.to) {
        (Some(from), None) if a.piece.is_none() => first_click(s, from),
        _ => plain(explain::explain_attempt(s, a)),
    }
}

/// Why the typed action `text` is refused.
pub fn typed(st: &GameState, text: &str) -> Explanation {
    if st.pending_draw && !st.g.is_over() {
        // `N@e4` or `e4`: the square of the card drawn.
        let sq = text.rsplit_once('@').map_or(text, |(_, sq)| sq);
        return for_page(drawn(st, sq.trim()));
    }
    typed_on(st.g.session(), text)
}

/// Why the typed action `text` is refused in the session `s` (one board
/// of a game, no card drawn).
pub fn typed_on(s: &Session, text: &str) -> Explanation {
    for_page(explain::explain_text(s, text))
}

/// Why the game takes no action (it is over), or `None`.
pub fn over(st: &GameState) -> Option<Explanation> {
    if !st.g.is_over() {
        return None;
    }
    Some(for_page(explain::explain_attempt(
        st.g.session(),
        &Attempt::default(),
    )))
}

/// A refusal as the API answers it: 422, the sentence as `error`, and the
/// whole explanation.
pub fn refusal(e: Explanation) -> ApiError {
    let mut err = ApiError::refused(e.text.clone());
    err.extra = Some(serde_json::json!({ "explanation": e }));
    err
}

/// The card just drawn (public to the page once drawn) on `square`.
fn drawn(st: &GameState, square: &str) -> Explanation {
    let draws = st.actions();
    let kind = draws.iter().find_map(|m| m.placed()).unwrap_or(0);
    explain::explain_drawn(st.g.session(), kind, &draws, square)
}

/// A first click on a square where no action starts: no man there, or
/// another player's, or the rule that stops moves now; for a man of the
/// player to act, why its first candidate move is refused (a pin, a
/// check), or that it has none.
fn first_click(s: &Session, square: &str) -> Why {
    let same = Attempt {
        from: Some(square.to_string()),
        to: Some(square.to_string()),
        ..Attempt::default()
    };
    let e = explain::explain_attempt(s, &same);
    let about_the_square = matches!(
        e.reason,
        Reason::NoMan { .. }
            | Reason::NotYours { .. }
            | Reason::OffBoard { .. }
            | Reason::Hole { .. }
            | Reason::GameOver { .. }
            | Reason::NotYourTurn { .. }
            | Reason::Unreadable { .. }
            | Reason::NoBoardMoves { .. }
            | Reason::MovesNotNow { .. }
            | Reason::Immobilised { .. }
            | Reason::NotRolled { .. }
            | Reason::FirstAction { .. }
            | Reason::DrawFirst
            | Reason::OwesMove
    );
    if about_the_square {
        // The same square twice: marked once.
        let mut e = for_page(e);
        e.squares.retain(|m| m.role != Role::To);
        return Why {
            explanation: e,
            select: false,
        };
    }
    let pos = s.position();
    let Some(from) = square_of(s, square) else {
        return Why {
            explanation: for_page(e),
            select: false,
        };
    };
    // Its moves by its atoms, before the rules that refuse them: the
    // first one's refusal tells why the man is stuck.
    let candidate = pos
        .candidate_moves()
        .into_iter()
        .find(|m| m.from() == Some(from))
        .and_then(|m| m.to());
    if let Some(to) = candidate {
        let e = explain::explain_attempt(
            s,
            &Attempt {
                from: Some(square.to_string()),
                to: Some(s.square_name(to)),
                ..Attempt::default()
            },
        );
        if !e.legal {
            // The move tried is one of several: its target is marked only
            // where the sentence names it.
            let mut e = for_page(e);
            let text = e.text.clone();
            e.squares
                .retain(|m| m.role != Role::To || text.contains(m.square.as_str()));
            return Why {
                explanation: e,
                select: true,
            };
        }
    }
    let man = crate::notation::words::man_on(pos, from);
    Why {
        explanation: Explanation {
            legal: false,
            text: format!(
                "{} has no legal action now: click a square to hear why it may not go there.",
                crate::notation::words::capital(&man)
            ),
            reason: Reason::Other {
                text: format!("{man} has no legal action now"),
            },
            rule: None,
            squares: vec![Marked {
                square: square.to_string(),
                role: Role::From,
            }],
            also: Vec::new(),
        },
        select: true,
    }
}

/// The square a name from the page names, if it is one of the board.
fn square_of(s: &Session, name: &str) -> Option<crate::engine::Square> {
    let pos = s.position();
    pos.tables()
        .geometry()
        .squares()
        .find(|&sq| s.square_name(sq) == name)
}

/// The sentences that name the terminal's commands, as the page says them.
fn for_page(mut e: Explanation) -> Explanation {
    match &e.reason {
        Reason::DrawFirst => {
            e.text = "Your men come from your deck: click the deck to draw your card first.".into();
        }
        Reason::Unreadable { text } => {
            e.text = format!(
                "`{text}` does not read as an action: click a man, or type a move such as e4, Nf3, e8=Q, O-O or P@e4."
            );
        }
        _ => {}
    }
    e
}
