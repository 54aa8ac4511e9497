//! Lowering: `score ...`, the points players earn by events during the
//! game (docs/LANGUAGE.md, "Scores for events"), and the checks of what
//! the engine carries with them.

use super::*;
use crate::ir::{ScoreTo, Scoring};

/// The most points one event may give.
const MAX_POINTS: i64 = 1_000_000;

/// `score capture PIECE N, ..., [promoted N]` | `score checkmate N` |
/// `score stalemate N [to mover | stalemated | others]` | `score checks K
/// kings N, ...` | `score resign N`. Each line sets one event's points; a
/// later line of the same event replaces an earlier one (a child of
/// `extends` changes its parent's).
pub(super) fn score_stmt(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    if d.score_span.is_none() {
        d.score_span = Some((it.file.clone(), it.stmt.head_span()));
    }
    let mut sc: Scoring = d.turn.scoring.clone().unwrap_or_default();
    // A statement with a mistake still counts as given: `most points`
    // then reports nothing more.
    d.turn.scoring = Some(sc.clone());
    let (event, _) = c
        .expect_choice(
            "an event that scores",
            &["capture", "checkmate", "stalemate", "checks", "resign"],
        )
        .map_err(|d| d.hint("write `score capture queen 9, rook 5`, `score checkmate 20`, `score stalemate 20 to mover`, `score checks 2 kings 5, 3 kings 15` or `score resign 20`"))?;
    let points = |c: &mut Cur| -> Result<u32, Diagnostic> {
        Ok(c.expect_int("a number of points", 0, MAX_POINTS)?.0 as u32)
    };
    match event {
        "capture" => {
            let hint = "write `score capture pawn 1, knight 3, queen 9, promoted 1`: each \
                        kind's points per man taken, then `promoted N` for a promoted man";
            sc.capture.clear();
            sc.promoted = None;
            loop {
                let (w, sp) = c.expect_word("a piece").map_err(|d| d.hint(hint))?;
                if w == "promoted" && l.lookup_piece(c.file, sp, w).is_err() {
                    if sc.promoted.is_some() {
                        return Err(twice(c, sp, w));
                    }
                    sc.promoted = Some(points(c).map_err(|d| d.hint(hint))?);
                } else {
                    let k = l
                        .lookup_piece(c.file, sp, w)
                        .map_err(|d| d.hint("or `promoted`, for a promoted man of any kind"))?;
                    if sc.capture.iter().any(|&(x, _)| x == k) {
                        return Err(twice(c, sp, w));
                    }
                    let n = points(c).map_err(|d| d.hint(hint))?;
                    sc.capture.push((k, n));
                }
                if !c.eat_op(",") {
                    break;
                }
            }
        }
        "checkmate" => sc.checkmate = points(c)?,
        "resign" => sc.resign = points(c)?,
        "stalemate" => {
            let n = points(c)?;
            let to = if c.eat_word("to") {
                match c
                    .expect_choice("who scores", &["mover", "stalemated", "others"])?
                    .0
                {
                    "stalemated" => ScoreTo::Stalemated,
                    "others" => ScoreTo::Others,
                    _ => ScoreTo::Mover,
                }
            } else {
                ScoreTo::Mover
            };
            sc.stalemate = Some((n, to));
        }
        _ => {
            let hint = "write `score checks 2 kings 5, 3 kings 15`: the points of one action \
                        that checks that many kings";
            sc.checks.clear();
            loop {
                let (k, ksp) = c
                    .expect_int("a number of kings", 2, crate::ir::MAX_PLAYERS as i64)
                    .map_err(|d| d.hint(hint))?;
                c.expect_keyword("kings").map_err(|d| d.hint(hint))?;
                let n = points(c).map_err(|d| d.hint(hint))?;
                if sc.checks.iter().any(|&(x, _)| i64::from(x) == k) {
                    return Err(twice(c, ksp, &format!("{k} kings")));
                }
                sc.checks.push((k as u8, n));
                if !c.eat_op(",") {
                    break;
                }
            }
        }
    }
    c.finish()?;
    d.turn.scoring = Some(sc);
    Ok(())
}

fn twice(c: &Cur, sp: Span, w: &str) -> Diagnostic {
    Diagnostic::error(
        "bad-argument",
        c.file,
        sp,
        format!("`{w}` has its points twice"),
    )
    .hint("give each its points once")
}

/// What the engine does not carry with `score`: teams (a partnership's
/// points are not defined), `points` beside it (`most points` would not
/// say which count), and `-> score N/D` (a share of the game is not a
/// count of points).
pub(super) fn score_checks(
    l: &mut Lower,
    turn: &Turn,
    teams: &[Vec<PlayerId>],
    end: &[(RuleB, usize, Arc<str>, Span)],
    score_span: &Option<(Arc<str>, Span)>,
    points_span: &Option<(Arc<str>, Span)>,
) {
    let Some((f, sp)) = score_span else {
        return;
    };
    if turn.scoring.is_none() {
        return;
    }
    if teams.iter().any(|t| t.len() > 1) {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                f,
                *sp,
                "`score` keeps each player's own points; it is not carried for teams",
            )
            .hint("remove `teams`, or the `score` statements"),
        );
    }
    if let Some((pf, psp)) = points_span {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                pf,
                *psp,
                "`points` (material) and `score` (events) both given: `most points` would not say which it counts",
            )
            .hint("keep one of them"),
        );
    }
    for (r, _, rf, rsp) in end {
        if matches!(r.then, Then::Outcome(Outcome::Score { .. })) {
            l.diags.push(
                Diagnostic::error(
                    "contradiction",
                    rf,
                    *rsp,
                    "`-> score N/D` shares the game, but this variant counts points by `score`",
                )
                .hint("write `-> most points` to rank the players by their points"),
            );
        }
    }
}
