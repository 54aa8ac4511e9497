//! `then place wall [reached]` and `then move wall`: the compound turn of a
//! board move followed by a wall, and its checks across statements.

use super::*;

/// `then place wall [reached | vacated] [in REGION]` / `then move wall [in
/// REGION]`
pub(super) fn then_place_wall(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `then place wall`, `then place wall reached`, `then place wall vacated` or `then move wall`, each optionally followed by `in REGION`";
    let (verb, _) = c
        .expect_choice("what follows every board move", &["place", "move"])
        .map_err(|e| e.hint(hint))?;
    c.expect_keyword("wall").map_err(|e| e.hint(hint))?;
    let moves = verb == "move";
    let (mut reached, mut vacated) = (false, false);
    if !moves && !c.done() && c.peek_word() != Some("in") {
        let (w, _) = c
            .expect_choice("where the wall may go", &["reached", "vacated", "in"])
            .map_err(|e| e.hint(hint))?;
        reached = w == "reached";
        vacated = w == "vacated";
    }
    let region = if c.eat_word("in") {
        Some(l.region_ref(c)?)
    } else {
        None
    };
    c.finish().map_err(|e| e.hint(hint))?;
    d.turn.walls = Some(Walls {
        reached,
        moves,
        vacated,
        region,
    });
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
        Some(Walls { vacated: true, .. }) => "then place wall vacated",
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

/// `petrify PIECE, ...`
pub(super) fn petrify(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let mut kinds = Vec::new();
    loop {
        let k = l
            .piece_ref(c, "a piece that turns into a wall when it captures")
            .map_err(|e| e.hint("write `petrify queen, rook`"))?;
        if !kinds.contains(&k) {
            kinds.push(k);
        }
        if !c.eat_op(",") {
            break;
        }
    }
    c.finish()?;
    d.turn.petrify = kinds;
    d.petrify_span = Some((it.file.clone(), it.stmt.head_span()));
    Ok(())
}

/// What `petrify` is not defined with, each a `contradiction` at the
/// statement: a royal kind (a royal that captured would leave the game),
/// and the captures whose consequences are decided where the capturer
/// lands (`explode on capture`, `captures reborn`, `captures in place`)
/// or that do not land (an unbounded board's box follows the men).
pub(super) fn petrify_checks(l: &mut Lower, v: &Variant, file: &Arc<str>, sp: Span) {
    let mut clash = |what: String, hint: &str| {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                file,
                sp,
                format!("`petrify` cannot be used with {what}"),
            )
            .hint(hint.to_string()),
        );
    };
    for &k in &v.turn.petrify {
        let p = &v.pieces[k as usize];
        if p.royal {
            clash(
                format!("a royal piece (`{}`)", p.name),
                "a royal man that captured would leave the game; give the royal piece moves that never capture (`mK`) and leave it out of the list",
            );
        }
        if p.captures_in_place {
            clash(
                format!("`captures in place` (`{}`)", p.name),
                "a man that captures in place does not land on the square it takes",
            );
        }
    }
    if v.turn.explosion.is_some() {
        clash(
            "`explode on capture`".into(),
            "the blast already removes the capturer: remove one of the two",
        );
    }
    if v.turn.captures.rebirth() {
        clash(
            "`captures reborn`".into(),
            "the rebirth is decided where the capturer lands: remove one of the two",
        );
    }
    if matches!(v.board.shape, Shape::Unbounded { .. }) {
        clash(
            "an unbounded board".into(),
            "give the board a size (`board 8x8`)",
        );
    }
}
