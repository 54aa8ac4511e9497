//! `then place wall [reached]`: the compound turn of a board move followed
//! by a wall, and its checks across statements.

use super::*;

/// `then place wall [reached]`
pub(super) fn then_place_wall(
    _: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `then place wall` or `then place wall reached`";
    c.expect_keyword("place").map_err(|e| e.hint(hint))?;
    c.expect_keyword("wall").map_err(|e| e.hint(hint))?;
    let reached = !c.done() && {
        c.expect_choice("where the wall may go", &["reached"])
            .map_err(|e| e.hint(hint))?;
        true
    };
    c.finish().map_err(|e| e.hint(hint))?;
    d.turn.walls = Some(Walls { reached });
    d.walls_span = Some((it.file.clone(), it.stmt.head_span()));
    Ok(())
}

/// The rules a wall after every board move is not defined with: each one
/// given is a `contradiction` at the `then` statement.
pub(super) fn finish_checks(l: &mut Lower, v: &Variant, file: &Arc<str>, sp: Span) {
    let mut clash = |what: &str, hint: &str| {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                file,
                sp,
                format!("`then place wall` cannot be used with {what}"),
            )
            .hint(hint.to_string()),
        );
    };
    if let Some(p) = v.pieces.iter().find(|p| p.royal) {
        clash(
            &format!("a royal piece (`{}`)", p.name),
            "walls are for games without check: make the piece non-royal and end the game with `extinct` or `stalemate` rules",
        );
    }
    if matches!(v.board.shape, Shape::Unbounded { .. }) {
        clash(
            "an unbounded board",
            "give the board a size (`board 10x10`)",
        );
    }
    if v.turn.castling.is_some() {
        clash("`castling`", "remove `castling`");
    }
    if v.turn.gating.is_some() {
        clash("`gating`", "remove `gating`");
    }
    if v.turn.explosion.is_some() {
        clash("`explode on capture`", "remove `explode on capture`");
    }
    if v.turn.place || v.turn.draw || !v.turn.powers.is_empty() {
        clash(
            "actions other than `move`",
            "walls follow board moves only: write `actions move`",
        );
    }
    if let Some(p) = v.pieces.iter().find(|p| p.promotion.is_some()) {
        clash(
            &format!("promotion (`{}` promotes)", p.name),
            "remove the `promote` statement",
        );
    }
    let ep = |a: &ir::Atom| a.mode.en_passant();
    if let Some(p) = v
        .pieces
        .iter()
        .find(|p| p.moves.iter().chain(p.attacks.iter().flatten()).any(ep))
    {
        clash(
            &format!("en passant (`{}` has en-passant moves)", p.name),
            "drop the en-passant modifier from the piece's moves",
        );
    }
}
