//! Why a move of two steps (`lion`, [`Move::Lion`]) typed as its squares
//! (`e4f5,f5g5`, `Le4xf5-g5`) is refused: no man of the player's there,
//! a guard, no such two steps for its piece, a man of its own in the way,
//! nothing to take on the first square, or a constraint the move breaks.

use super::reason::Reason;
use super::{board, words, Found, Role, Scene};
use crate::engine::{Move, Square};
use crate::ir::Coord;

/// The squares of a move of two steps in typed text: coordinates with the
/// legs joined by a comma (`e4f5,f5g5`: the first leg's end is the second
/// leg's start), or three squares (`Le4xf5-g5`, `e4f5g5`). `None` for any
/// other text.
pub(crate) fn read(text: &str) -> Option<(Coord, Coord, Coord)> {
    let t = text.trim();
    let body = t.trim_start_matches(|c: char| c.is_ascii_uppercase() || c == '+');
    let mut sqs = Vec::new();
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let file = b[i].is_ascii_lowercase()
            && (b[i] != b'x' || b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if file {
            let x = (b[i] - b'a') as i32;
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j == i + 1 {
                return None;
            }
            let y: i32 = body[i + 1..j].parse().ok()?;
            sqs.push(Coord::new(x, y - 1));
            i = j;
        } else if matches!(b[i], b'x' | b'-' | b',' | b'#' | b'+' | b'!' | b'?' | b' ') {
            i += 1;
        } else {
            return None;
        }
    }
    match sqs.as_slice() {
        [f, v, t] => Some((*f, *v, *t)),
        // A comma between the legs tells `e4f5,f5g5` from four squares.
        [f, v, w, t] if v == w && t != v && text.contains(',') => Some((*f, *v, *t)),
        _ => None,
    }
}

/// Why the move of two steps `from` → `via` → `to` is refused (or that it
/// is legal).
pub(crate) fn two_steps(sc: &Scene, from: Square, via: Square, to: Square) -> Found {
    let pos = sc.pos;
    let f = |r: Reason| {
        Found::new(r)
            .mark(pos, from, Role::From)
            .mark(pos, via, Role::To)
            .mark(pos, to, Role::To)
    };
    let me = pos.turn();
    let man = match board::own_man(sc, from) {
        Ok(m) => m,
        Err(r) => return f(r),
    };
    if let Some(found) = board::guards(sc) {
        return found.mark(pos, from, Role::From).mark(pos, to, Role::To);
    }
    let same = |m: &Move| matches!(*m, Move::Lion { from: a, mid, to: c } if a == from && mid == via && c == to);
    if let Some(&m) = sc.legal.iter().find(|m| same(m)) {
        return f(Reason::Legal { action: sc.san(m) });
    }
    if let Some(m) = pos.candidate_moves().into_iter().find(same) {
        if let Some(b) = pos.broken_by(m).first() {
            return board::constraint(sc, from, man, m, b)
                .mark(pos, from, Role::From)
                .mark(pos, to, Role::To);
        }
        return board::filters(sc, m)
            .mark(pos, from, Role::From)
            .mark(pos, to, Role::To);
    }
    let piece = &sc.v.pieces[man.kind() as usize];
    let manw = words::capital(&words::man_on(pos, from));
    let (vs, ts) = (words::square(pos, via), words::square(pos, to));
    let text = if piece.lion.is_empty() {
        format!(
            "{manw} makes no moves of two steps: its piece, the {}, has no `lion`.",
            piece.name
        )
    } else if pos
        .man_at(via)
        .is_some_and(|m| sc.session.friend(m.owner(), me))
    {
        format!("{manw} cannot step onto {vs}: a man of its own side stands there.")
    } else if pos.man_at(via).is_none() && to != from {
        format!("{manw} takes nothing on {vs}: a move of two steps takes a man on its first square, or goes there and back to pass; to go to {ts}, move there directly.")
    } else if to != from
        && pos
            .man_at(to)
            .is_some_and(|m| sc.session.friend(m.owner(), me))
    {
        format!("{manw} cannot end on {ts}: a man of its own side stands there.")
    } else {
        format!("{manw} cannot step to {vs} and then to {ts}: its `lion` steps do not lead so.")
    };
    f(Reason::Other { text }).rule(Some(super::RuleRef::said(format!(
        "piece {} ... lion",
        piece.name
    ))))
}
