//! Lowering: how men move and take: `captures`, `move requires`,
//! `castling`, `en passant`, `illegal actions`, `must capture`.

use super::*;

/// `captures none | all | to [partner's] hand [demoted] | to prison | reborn [capturer]`
pub(super) fn captures(
    _: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.captures_span = Some((it.file.clone(), it.stmt.head_span()));
    let choices = "the choices are `none`, `all`, `to hand`, `to partner's hand`, `to prison`, `reborn`, `reborn capturer`";
    let (v, _) = c
        .expect_choice(
            "`none`, `all`, `to hand` or `reborn`",
            &["none", "all", "to", "reborn"],
        )
        .map_err(|mut d| {
            d.hints.retain(|h| !h.starts_with("the choices"));
            d.hint(choices)
        })?;
    d.turn.to_partner = false;
    d.turn.captures = match v {
        "none" => Captures::None,
        "reborn" => {
            if c.done() {
                Captures::Reborn
            } else {
                c.expect_keyword("capturer")
                    .map_err(|d| d.hint("write `captures reborn` (Circe) or `captures reborn capturer` (Anti-Circe)"))?;
                Captures::RebornCapturer
            }
        }
        "to" if c.eat_word("prison") => Captures::ToPrison,
        "to" => {
            d.turn.to_partner = c.eat_word("partner's");
            c.expect_keyword("hand")
                .map_err(|d| d.hint("write `captures to hand`, `captures to partner's hand` or `captures to prison`"))?;
            if c.done() {
                Captures::ToHand
            } else {
                c.expect_keyword("demoted").map_err(|d| {
                    d.hint("write `captures to hand` or `captures to hand demoted`")
                })?;
                Captures::ToHandDemoted
            }
        }
        _ => Captures::Remove,
    };
    c.finish()
}

/// `rebirth PIECE, ... in REGION`: the rebirth squares of those kinds.
pub(super) fn rebirth(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    if d.rebirth_span.is_none() {
        d.rebirth_span = Some((it.file.clone(), it.stmt.head_span()));
    }
    let kinds = l.piece_list(c, "a piece")?;
    c.expect_keyword("in")
        .map_err(|d| d.hint("write `rebirth queen, king in royal_squares`"))?;
    let region = l.region_ref(c)?;
    c.finish()?;
    d.turn.rebirth_in.push((kinds, region));
    Ok(())
}

/// `move requires PREDICATE` or `move [PIECE, ...] where PREDICATE`.
pub(super) fn move_stmt(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    if c.peek_word() == Some("requires") {
        return move_requires(l, d, it, c);
    }
    let (st, f) = (&it.stmt, &it.file);
    let hint = "write `move requires CONDITION` or `move [PIECE, ...] where CONDITION`";
    let mut pieces = Vec::new();
    while let Some(w) = c.peek_word() {
        if w == "where" {
            break;
        }
        let sp = c.here();
        c.next();
        pieces.push(l.lookup_piece(f, sp, w).map_err(|e| e.hint(hint))?);
        c.eat_op(",");
    }
    c.expect_keyword("where").map_err(|d| d.hint(hint))?;
    let cond = l.parse_pred_in(&st.args[c.i..], f, st.span, pred::Context::Move)?;
    d.move_where_span.get_or_insert((f.clone(), st.head_span()));
    d.turn.move_where.push(PlacementRule {
        pieces,
        condition: cond,
        source: l.quote(f, st.span),
    });
    Ok(())
}

/// `move requires PREDICATE`
fn move_requires(l: &mut Lower, d: &mut Draft, it: &Item, c: &mut Cur) -> Result<(), Diagnostic> {
    let (st, f) = (&it.stmt, &it.file);
    c.expect_keyword("requires")
        .map_err(|d| d.hint("write `move requires in_play(own king)`"))?;
    let p = l.parse_pred(&st.args[2..], f, st.span)?;
    // Given once per variant (a child of an `extends` chain replaces it).
    if let Some((pf, ps, level)) = d.move_req_at.take() {
        if level == it.level {
            d.move_req_at = Some((pf.clone(), ps, level));
            return Err(Diagnostic::error(
                "duplicate-statement",
                f,
                st.head_span(),
                "`move requires` is given twice in this variant",
            )
            .label(ps, "first given here")
            .hint("keep one of them; the second would silently replace the first"));
        }
    }
    d.move_req_at = Some((f.clone(), st.head_span(), it.level));
    d.move_req_span = Some((f.clone(), st.head_span()));
    d.turn.move_requires = p;
    d.turn.move_requires_source = l.quote(f, st.span);
    Ok(())
}

/// `castling PIECE with PARTNER [to files E W]`
pub(super) fn castling(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let royal = l.piece_ref(c, "the piece that castles")?;
    c.expect_keyword("with")?;
    let partner = l.piece_ref(c, "the piece it castles with")?;
    let mut more_partners = Vec::new();
    while c.eat_op(",") {
        let k = l.piece_ref(c, "another piece it castles with")?;
        if k != partner && !more_partners.contains(&k) {
            more_partners.push(k);
        }
    }
    let files = if c.eat_word("to") {
        c.expect_keyword("files")
            .map_err(|d| d.hint("write `castling king with rook to files g c`"))?;
        let width = match l.board.as_ref().map(|b| &b.shape) {
            Some(Shape::Rect { width, .. }) => *width as i32,
            _ => 0,
        };
        if width == 0 && !l.board_broken {
            return Err(Diagnostic::error(
                "contradiction",
                c.file,
                c.here(),
                "castling to files needs a board with files (not an unbounded one)",
            ));
        }
        let mut xs = [0i32; 2];
        for x in &mut xs {
            let (w, sp) = c.expect_word("a file letter")?;
            let b = w.as_bytes();
            if b.len() != 1 || !b[0].is_ascii_lowercase() {
                return Err(Diagnostic::error(
                    "bad-argument",
                    c.file,
                    sp,
                    format!("expected a file letter, found `{w}`"),
                )
                .hint("write `castling king with rook to files g c`"));
            }
            *x = (b[0] - b'a') as i32;
            if !l.board_broken && width > 0 && *x >= width {
                return Err(Diagnostic::error(
                    "off-board",
                    c.file,
                    sp,
                    format!("file `{w}` is not on the board"),
                )
                .hint(format!(
                    "the files go from a to {}",
                    (b'a' + (width - 1).max(0) as u8) as char
                )));
            }
        }
        if width > 0 && (xs[0] < 1 || xs[1] + 1 >= width) {
            return Err(Diagnostic::error(
                "bad-argument",
                c.file,
                c.here(),
                "the partner lands beside the castler on the inner side: the first file may not be the first file of the board, nor the second the last",
            )
            .hint("the first file is for a partner on a higher file (king side), the second for one on a lower file"));
        }
        Some(xs)
    } else {
        None
    };
    c.finish()?;
    d.turn.castling = Some(Castling {
        royal,
        partner,
        more_partners,
        files,
    });
    Ok(())
}

/// `en passant [each_opponent_once | next_player_only] [per turn] [after
/// PIECE, ...] [in REGION]`
pub(super) fn en_passant(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    c.expect_keyword("passant")?;
    if !matches!(c.peek_word(), Some("in" | "after" | "per")) {
        let (v, _) = c.expect_choice(
            "an en-passant window, `per turn`, `after PIECE, ...` or `in REGION`",
            &["each_opponent_once", "next_player_only"],
        )?;
        d.turn.en_passant = if v == "each_opponent_once" {
            EnPassantWindow::EachOpponent
        } else {
            EnPassantWindow::NextPlayer
        };
    }
    if c.eat_word("per") {
        c.expect_keyword("turn")
            .map_err(|e| e.hint("write `en passant per turn`"))?;
        d.turn.en_passant_per_turn = true;
        d.ep_turn_span = Some((it.file.clone(), it.stmt.head_span()));
    }
    if c.eat_word("after") {
        let mut kinds = Vec::new();
        loop {
            let k = l
                .piece_ref(c, "a piece whose lame moves leave en-passant targets")
                .map_err(|e| e.hint("write `en passant after pawn`"))?;
            if !kinds.contains(&k) {
                kinds.push(k);
            }
            if !c.eat_op(",") {
                break;
            }
        }
        d.turn.en_passant_after = kinds;
    }
    if c.eat_word("in") {
        d.turn.en_passant_region = Some(l.region_ref(c)?);
    }
    c.finish()
}

/// `initial PIECE, ... in REGION`
pub(super) fn initial_in(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let mut kinds = Vec::new();
    let first = c.here();
    loop {
        kinds.push(l.piece_ref(c, "a piece with initial moves")?);
        if !c.eat_op(",") {
            break;
        }
    }
    if c.peek_word() != Some("in") {
        let span = first.to(c.args[c.i.saturating_sub(1)].span);
        return super::check_bound::initial_forms(l, d, kinds, span, c);
    }
    c.expect_keyword("in")
        .map_err(|d| d.hint("write `initial pawn in double_step`"))?;
    let region = l.region_ref(c)?;
    c.finish()?;
    for k in kinds {
        l.pieces[k as usize].piece.initial_region = Some(region);
    }
    Ok(())
}

/// `illegal actions: reject | forfeit`
pub(super) fn illegal_actions(
    _: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    c.expect_keyword("actions")
        .map_err(|d| d.hint("write `illegal actions: reject` or `illegal actions: forfeit`"))?;
    c.expect_op(":")?;
    let (v, _) = c.expect_choice("what an illegal action does", &["reject", "forfeit"])?;
    c.finish()?;
    d.turn.illegal_action = if v == "forfeit" {
        IllegalAction::Forfeit
    } else {
        IllegalAction::Reject
    };
    Ok(())
}

/// `no checks`
pub(super) fn no_checks(
    _: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    c.expect_keyword("checks")
        .map_err(|d| d.hint("write `no checks`"))?;
    c.finish()?;
    d.turn.no_checks = true;
    Ok(())
}

/// `fog of war`
pub(super) fn fog_of_war(
    _: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    c.expect_keyword("of")
        .and_then(|_| c.expect_keyword("war"))
        .map_err(|d| d.hint("write `fog of war`"))?;
    c.finish()?;
    d.turn.fog_of_war = true;
    d.fog_span = Some((it.file.clone(), it.stmt.head_span()));
    Ok(())
}
