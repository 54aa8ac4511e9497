//! Lowering: rules on board moves that depend on check and on has-moved
//! flags: `while in check: PIECE, ... may not move | may only capture the
//! checker`, and the `initial PIECE, ...` forms `not in check`, `lost when
//! aimed by PIECE, ...` and `listed in castling field`.

use super::*;

const WHILE_HINT: &str =
    "write `while in check: king may only capture the checker` or `while in check: king may not move`";

/// `while in check: PIECE, ... may not move | may only capture the checker`
pub(super) fn while_in_check(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let start = c.here();
    c.expect_keyword("in").map_err(|e| e.hint(WHILE_HINT))?;
    c.expect_keyword("check").map_err(|e| e.hint(WHILE_HINT))?;
    c.expect_op(":").map_err(|e| e.hint(WHILE_HINT))?;
    let kinds = l.piece_list(c, "a piece")?;
    c.expect_keyword("may").map_err(|e| e.hint(WHILE_HINT))?;
    let (w, _) = c
        .expect_choice("`not` or `only`", &["not", "only"])
        .map_err(|e| e.hint(WHILE_HINT))?;
    let what = if w == "not" {
        c.expect_keyword("move").map_err(|e| e.hint(WHILE_HINT))?;
        InCheckMoves::None
    } else {
        for k in ["capture", "the", "checker"] {
            c.expect_keyword(k).map_err(|e| e.hint(WHILE_HINT))?;
        }
        InCheckMoves::CaptureChecker
    };
    c.finish()?;
    if !l.pieces.iter().any(|p| p.piece.royal) {
        return Err(Diagnostic::error(
            "contradiction",
            c.file,
            start.to(c.end),
            "`while in check` needs a royal piece: without one no player is ever in check",
        ));
    }
    for k in kinds {
        // For one kind the last statement wins.
        d.turn.check_bound.in_check.retain(|(x, _)| *x != k);
        d.turn.check_bound.in_check.push((k, what));
    }
    Ok(())
}

/// The forms of `initial PIECE, ...` other than `in REGION`, with the
/// cursor after the pieces.
pub(super) fn initial_forms(
    l: &mut Lower,
    d: &mut Draft,
    kinds: Vec<PieceId>,
    kinds_span: Span,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    const HINT: &str = "write `initial pawn in double_step`, `initial king not in check`, `initial king lost when aimed by rook` or `initial king, met listed in castling field`";
    let (form, _) = c
        .expect_choice(
            "`in`, `not`, `lost` or `listed`",
            &["not", "lost", "listed"],
        )
        .map_err(|e| e.hint(HINT))?;
    // Every kind must have initial moves: the rules act on its has-moved flag.
    for &k in &kinds {
        let p = &l.pieces[k as usize].piece;
        if !p.moves.iter().any(|a| a.timing == Timing::Initial) {
            return Err(Diagnostic::error(
                "contradiction",
                c.file,
                kinds_span,
                format!(
                    "`{}` has no initial moves (Betza `i`): its has-moved flag is not kept",
                    p.name
                ),
            )
            .hint("give it an initial move, as in `moves \"K ifsmN\"`"));
        }
    }
    let cb = &mut d.turn.check_bound;
    match form {
        "not" => {
            c.expect_keyword("in").map_err(|e| e.hint(HINT))?;
            c.expect_keyword("check").map_err(|e| e.hint(HINT))?;
            c.finish()?;
            if !l.pieces.iter().any(|p| p.piece.royal) {
                return Err(Diagnostic::error(
                    "contradiction",
                    c.file,
                    kinds_span,
                    "`initial ... not in check` needs a royal piece: without one no player is ever in check",
                ));
            }
            for k in kinds {
                if !cb.initial_not_in_check.contains(&k) {
                    cb.initial_not_in_check.push(k);
                }
            }
        }
        "lost" => {
            for k in ["when", "aimed", "by"] {
                c.expect_keyword(k).map_err(|e| e.hint(HINT))?;
            }
            let aimers = l.piece_list(c, "an aiming piece")?;
            c.finish()?;
            for k in kinds {
                match cb.initial_lost_when_aimed.iter_mut().find(|(x, _)| *x == k) {
                    Some((_, a)) => {
                        for &x in &aimers {
                            if !a.contains(&x) {
                                a.push(x);
                            }
                        }
                    }
                    None => cb.initial_lost_when_aimed.push((k, aimers.clone())),
                }
            }
        }
        _ => {
            for k in ["in", "castling", "field"] {
                c.expect_keyword(k).map_err(|e| e.hint(HINT))?;
            }
            c.finish()?;
            if l.players.len() != 2 {
                return Err(Diagnostic::error(
                    "contradiction",
                    c.file,
                    kinds_span,
                    "`listed in castling field` needs two players (a first and a last rank)",
                ));
            }
            if !matches!(l.board.as_ref().map(|b| &b.shape), Some(Shape::Rect { .. })) {
                return Err(Diagnostic::error(
                    "contradiction",
                    c.file,
                    kinds_span,
                    "`listed in castling field` needs a board with files (not an unbounded one)",
                ));
            }
            for k in kinds {
                if !cb.initial_in_castling_field.contains(&k) {
                    cb.initial_in_castling_field.push(k);
                }
            }
            d.castling_field_span = Some((c.file.clone(), kinds_span));
        }
    }
    Ok(())
}
