//! Lowering: royals and captures that reach further: `check all royals`,
//! `explode on capture`, `mutually immune`, and their
//! cross-statement checks.

use super::*;

/// A comma-separated list of pieces, up to a word of `stop` or the end.
fn piece_list(
    l: &Lower,
    c: &mut Cur,
    what: &str,
    stop: &[&str],
) -> Result<Vec<PieceId>, Diagnostic> {
    let mut out = Vec::new();
    loop {
        let k = l.piece_ref(c, what)?;
        if !out.contains(&k) {
            out.push(k);
        }
        if !c.eat_op(",") {
            break;
        }
        if c.peek_word().is_some_and(|w| stop.contains(&w)) {
            break;
        }
    }
    Ok(out)
}

/// `check all royals | check any royal`, either followed by `when at
/// most N`
pub(super) fn check_royals(
    _: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let (v, _) = c
        .expect_choice("`all` or `any`", &["all", "any"])
        .map_err(|d| d.hint("write `check all royals` or `check any royal`"))?;
    if v == "all" {
        c.expect_keyword("royals")
            .map_err(|d| d.hint("write `check all royals`"))?;
    } else {
        c.expect_keyword("royal")
            .map_err(|d| d.hint("write `check any royal`"))?;
    }
    if c.eat_word("when") {
        let hint = "write `check any royal when at most 1`";
        c.expect_keyword("at").map_err(|d| d.hint(hint))?;
        c.expect_keyword("most").map_err(|d| d.hint(hint))?;
        let (n, _) = c
            .expect_int("the most royal men that are royal", 1, 16)
            .map_err(|d| d.hint(hint))?;
        d.turn.royal_at_most = Some(n as u8);
    }
    c.finish()?;
    d.turn.check_all_royals = v == "all";
    d.royalty_span = Some((it.file.clone(), it.stmt.head_span()));
    Ok(())
}

/// `explode on capture [except PIECE, ...] [immune PIECE, ...]`
pub(super) fn explode(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `explode on capture`, `explode on capture except pawn` or `explode on capture except pawn immune king`";
    c.expect_keyword("on").map_err(|d| d.hint(hint))?;
    c.expect_keyword("capture").map_err(|d| d.hint(hint))?;
    let mut x = Explosion::default();
    if c.eat_word("except") {
        x.spared = piece_list(l, c, "a piece its neighbours spare", &["immune"])?;
    }
    if c.eat_word("immune") {
        x.immune = piece_list(l, c, "a piece no explosion removes", &[])?;
    }
    c.finish().map_err(|d| d.hint(hint))?;
    d.turn.explosion = Some(x);
    d.explode_span = Some((it.file.clone(), it.stmt.head_span()));
    Ok(())
}

/// `mutually immune PIECE, ...`
pub(super) fn mutually_immune(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    c.expect_keyword("immune")
        .map_err(|d| d.hint("write `mutually immune king`"))?;
    d.turn.mutually_immune = piece_list(l, c, "a piece", &[])?;
    c.finish()
}

/// What these statements need of the rest of the variant: explosions
/// happen on board moves only, with captured men leaving the game, and
/// not with connectivity invariants;
/// `check all royals` needs a royal piece.
pub(super) fn finish_checks(
    l: &mut Lower,
    turn: &Turn,
    connected: bool,
    explode_at: Option<(Arc<str>, Span)>,
    royalty_at: Option<(Arc<str>, Span)>,
) {
    if let (Some(_), Some((f, s))) = (&turn.explosion, explode_at) {
        let why = if turn.captures != Captures::Remove {
            Some("explosions need captured men to leave the game (`captures all`)")
        } else if turn.place || turn.draw {
            Some("explosions happen on board moves only; this variant also places men")
        } else if connected {
            Some("explosions cannot be combined with `always connected`")
        } else {
            None
        };
        if let Some(why) = why {
            l.diags.push(
                Diagnostic::error("contradiction", &f, s, why.to_string()).hint(
                    "remove `explode on capture`, or the `captures` / `actions` that conflict",
                ),
            );
        }
    }
    let royal_exists = l.pieces_failed || l.pieces.iter().any(|p| p.piece.royal || p.broken);
    if let (true, Some((f, s)), false) = (turn.check_all_royals, royalty_at, royal_exists) {
        l.diags.push(
            Diagnostic::warning(
                "unreachable",
                &f,
                s,
                "`check all royals` does nothing: no piece is `royal`",
            )
            .hint("mark the king `royal`, or remove this statement"),
        );
    }
}
