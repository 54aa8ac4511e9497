//! Chess960 (Fischer random) as GUIs speak it over UCI.
//!
//! A GUI that plays Chess960 (cutechess-cli's `fischerandom`,
//! lichess-bot, python-chess) sets `UCI_Chess960`, sends each start
//! position as FEN (X-FEN `KQkq`, or Shredder-FEN file letters `HAha`:
//! varia reads both, docs/FEN.md §5) and writes castling as the king taking
//! its own rook (`e1h1`), as Fairy-Stockfish does in that mode. With the
//! option on, varia plays a variant that castles FIDE style (two squares
//! toward the partner) by Chess960's rule instead: the castler goes to the
//! file FIDE castling gives it from the variant's setup (g or c in chess)
//! and the partner lands beside it on the inner side, from wherever the two
//! stand (`castling … to files E W`, docs/LANGUAGE.md §14). From the
//! standard start position the two rules give the same moves. A variant
//! that already castles to files keeps its rule; one without castling is
//! unchanged.

use crate::ir::{Shape, Variant};

/// The variant with Chess960 castling, or why it cannot have it (then it
/// is played unchanged).
pub fn rules(v: &Variant) -> Result<Variant, String> {
    let Some(c) = &v.turn.castling else {
        return Ok(v.clone());
    };
    if c.files.is_some() {
        return Ok(v.clone());
    }
    let width = match v.board.shape {
        Shape::Rect { width, .. } => width as i32,
        Shape::Unbounded { .. } => {
            return Err(format!("{} has a board without files", v.name));
        }
    };
    // Where the first player's castler starts, and where FIDE castling
    // takes it from there.
    let mut homes = v
        .setup
        .men
        .iter()
        .filter(|m| m.piece == c.royal && m.owner == 0)
        .map(|m| m.at.x);
    let (Some(x), None) = (homes.next(), homes.next()) else {
        return Err(format!(
            "{} has no single castler in its setup to take the castling files from",
            v.name
        ));
    };
    let (east, west) = (x + 2, x - 2);
    if west < 0 || east >= width || east < 1 || west + 1 >= width {
        return Err(format!(
            "{}: castling from file {} has no room for Chess960's rule",
            v.name, x
        ));
    }
    let mut out = v.clone();
    if let Some(c) = out.turn.castling.as_mut() {
        c.files = Some([east, west]);
    }
    Ok(out)
}
