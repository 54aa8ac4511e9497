//! `boards 2`: the game played on two boards of the variant at once
//! (bughouse), and what a game of two boards cannot carry out.

use super::*;

/// `boards N`: N is 1 (the default) or 2.
pub(super) fn boards_stmt(
    _: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let (n, _) = c
        .expect_int("a number of boards", 1, 2)
        .map_err(|d| d.hint("write `boards 2`: bughouse's two boards"))?;
    c.finish()?;
    d.turn.boards = n as u8;
    d.boards_span = Some((it.file.clone(), it.stmt.head_span()));
    Ok(())
}

/// The checks of `boards 2` against the whole variant: two players and no
/// teams (each board's two sides; the four seats and their teams come
/// from the two boards), `captures to partner's hand` (it says where a
/// captured man goes), and none of what `play::boards` does not carry
/// out.
pub(super) fn boards_checks(l: &mut Lower, v: &Variant, at: Option<&(Arc<str>, Span)>) {
    let (Some((f, sp)), 2) = (at, v.turn.boards) else {
        return;
    };
    let t = &v.turn;
    let mut clash = |what: String, hint: &str| {
        l.diags
            .push(Diagnostic::error("contradiction", f, *sp, what).hint(hint.to_string()));
    };
    if v.players.len() != 2 {
        clash(
            format!(
                "`boards 2` plays a board of two players, not {}",
                v.players.len()
            ),
            "the rule file describes one board of two players; the four seats and their teams come from the two boards",
        );
    }
    if v.teams.iter().any(|team| team.len() > 1) {
        clash(
            "`boards 2` cannot be used with `teams`".into(),
            "the teams are the partners of the two boards (seat 1 with seat 4, seat 2 with seat 3): remove `teams`",
        );
    }
    if !t.to_partner {
        clash(
            "`boards 2` needs `captures to partner's hand`".into(),
            "a man captured on one board goes to the partner's hand on the other: add `captures to partner's hand` (or `... demoted`)",
        );
    }
    let refused: [(bool, &str); 7] = [
        (t.fog_of_war, "`fog of war`"),
        (!t.face_down.is_empty(), "`face down`"),
        (
            t.plan.is_some(),
            "turns of several actions (`turn actions`)",
        ),
        (t.scoring.is_some(), "`score`"),
        (t.points.is_some(), "`points`"),
        (t.dice.is_some(), "`dice`"),
        (t.draw, "decks (`actions draw`)"),
    ];
    for (on, what) in refused {
        if on {
            clash(
                format!("`boards 2` cannot be used with {what}"),
                "a game of two boards plays each board as a plain game of two players seen by all: remove one of the two",
            );
        }
    }
}
