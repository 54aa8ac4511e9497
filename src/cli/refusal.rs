//! A line typed at the play prompt that names no legal action as the
//! parser reads it: said why, or, when read leniently it names exactly
//! one legal action, that action to play.

use varia::engine::Move;
use varia::explain::{explain_text, says_more, Reason};
use varia::notation::ParseError;
use varia::play::session::Session;

/// The parser found no action in `line` (`e`). When the explanation
/// finds exactly one legal action in it (`Pe2e4`, `Ng1-f3`, a two-step
/// move written with its letter and XBoard's legs), that action and its
/// SAN, to be played; otherwise say why it is refused (or, for text that
/// reads as no action, the parser's suggestions) and `None`. Under fog
/// nothing is explained: the parser's answer names only the player's own
/// actions.
pub(super) fn refused(
    session: &Session,
    fogged: bool,
    line: &str,
    e: &ParseError,
) -> Option<(Move, String)> {
    if fogged {
        outln!("{e}");
        return None;
    }
    let why = explain_text(session, line);
    match &why.reason {
        Reason::Legal { action } => match session.parse_public(action) {
            Ok(m) => return Some((m, action.clone())),
            Err(_) => outln!("{e}"),
        },
        // A catch-all reason says more than the parser only when it
        // names its rule (a lion's two steps, castling).
        _ if !says_more(&why) => outln!("{e}"),
        _ => outln!("{}", super::describe::explanation(&why)),
    }
    None
}
