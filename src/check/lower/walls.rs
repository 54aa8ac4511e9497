//! `then place wall [reached]` and `then move wall`: the compound turn of a
//! board move followed by a wall, and its checks across statements.

use super::*;

/// `then place wall [reached]` / `then move wall`
pub(super) fn then_place_wall(
    _: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `then place wall`, `then place wall reached` or `then move wall`";
    let (verb, _) = c
        .expect_choice("what follows every board move", &["place", "move"])
        .map_err(|e| e.hint(hint))?;
    c.expect_keyword("wall").map_err(|e| e.hint(hint))?;
    let moves = verb == "move";
    let reached = !moves && !c.done() && {
        c.expect_choice("where the wall may go", &["reached"])
            .map_err(|e| e.hint(hint))?;
        true
    };
    c.finish().map_err(|e| e.hint(hint))?;
    d.turn.walls = Some(Walls { reached, moves });
    d.walls_span = Some((it.file.clone(), it.stmt.head_span()));
    Ok(())
}

/// The rules a wall after every board move is not defined with: each one
/// given is a `contradiction` at the `then` statement. Every wall follows
/// a board move, so other actions, gating (a second man put down in the
/// same action) and an unbounded board (no fixed squares to put it on)
/// are refused; `reached` (the wall goes where the moved man could go
/// next) is defined for plain moves only, so it refuses promotion,
/// castling, en passant and royal pieces too.
pub(super) fn finish_checks(l: &mut Lower, v: &Variant, file: &Arc<str>, sp: Span) {
    let stmt = match v.turn.walls {
        Some(Walls { moves: true, .. }) => "then move wall",
        Some(Walls { reached: true, .. }) => "then place wall reached",
        _ => "then place wall",
    };
    let reached = v.turn.walls.is_some_and(|w| w.reached);
    let mut clash = |what: &str, hint: &str| {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                file,
                sp,
                format!("`{stmt}` cannot be used with {what}"),
            )
            .hint(hint.to_string()),
        );
    };
    if matches!(v.board.shape, Shape::Unbounded { .. }) {
        clash(
            "an unbounded board",
            "give the board a size (`board 10x10`)",
        );
    }
    if v.turn.gating.is_some() {
        clash("`gating`", "remove `gating`");
    }
    if v.turn.place || v.turn.draw || !v.turn.powers.is_empty() {
        clash(
            "actions other than `move`",
            "walls follow board moves only: write `actions move`",
        );
    }
    if !reached {
        return;
    }
    let only = "`reached` puts the wall where the moved man could go next, which is defined for plain moves only: write `then place wall` or `then move wall` to keep";
    if let Some(p) = v.pieces.iter().find(|p| p.royal) {
        clash(
            &format!("a royal piece (`{}`)", p.name),
            &format!("{only} the royal piece"),
        );
    }
    if v.turn.castling.is_some() {
        clash("`castling`", &format!("{only} castling"));
    }
    if v.turn.explosion.is_some() {
        clash(
            "`explode on capture`",
            &format!("{only} `explode on capture`"),
        );
    }
    if let Some(p) = v.pieces.iter().find(|p| p.promotion.is_some()) {
        clash(
            &format!("promotion (`{}` promotes)", p.name),
            &format!("{only} promotion"),
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
            &format!("{only} en passant"),
        );
    }
}
