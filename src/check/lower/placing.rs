//! Lowering: the obligations and bookkeeping of placements: `must capture`
//! and `must place`, `place keeps room for PIECE in REGION`, `place PIECE,
//! ... unmoved in REGION`, `place PIECE, ... promoted too`, `place
//! unlimited`, `gating PIECE, ... in REGION`, and `flip enclosed |
//! touching SEL`.

use super::*;

/// `must capture` | `must place` (both may be given, in two statements).
pub(super) fn must(l: &mut Lower, d: &mut Draft, it: &Item, c: &mut Cur) -> Result<(), Diagnostic> {
    let (w, _) = c.expect_choice("`capture` or `place`", &["capture", "place"])?;
    let mut kinds = Vec::new();
    if w == "place" {
        while !c.done() {
            let k = l
                .piece_ref(c, "a piece whose placement is compulsory")
                .map_err(|e| e.hint("write `must place` or `must place king`"))?;
            if !kinds.contains(&k) {
                kinds.push(k);
            }
            if !c.eat_op(",") {
                break;
            }
        }
    }
    c.finish()?;
    if w == "capture" {
        d.turn.must_capture = true;
    } else {
        d.turn.must_place = true;
        d.turn.must_place_kinds = kinds;
        d.place_span
            .get_or_insert((it.file.clone(), it.stmt.head_span()));
    }
    Ok(())
}

/// The `place` statements that are not `place ... where`: `place keeps
/// room for PIECE in REGION` and `place PIECE, ... unmoved in REGION`.
/// Returns whether the statement was one of them (and is lowered).
pub(super) fn place_extra(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<bool, Diagnostic> {
    let words: Vec<&str> = c.args[c.i..].iter().filter_map(|a| a.word()).collect();
    let form = words
        .iter()
        .find(|w| {
            matches!(
                **w,
                "where" | "keeps" | "unmoved" | "promoted" | "unlimited"
            )
        })
        .copied();
    match form {
        Some("unlimited") => {
            c.expect_keyword("unlimited")
                .map_err(|d| d.hint("write `place unlimited` alone"))?;
            c.finish()?;
            d.turn.unlimited_hands = true;
            Ok(true)
        }
        Some("keeps") => {
            c.expect_keyword("keeps")?;
            c.expect_keyword("room")
                .map_err(|d| d.hint("write `place keeps room for bishop in REGION`"))?;
            c.expect_keyword("for")?;
            let piece = l.piece_ref(c, "a piece")?;
            c.expect_keyword("in")?;
            let region = l.region_ref(c)?;
            c.finish()?;
            d.turn.keep_room.push((piece, region));
            Ok(true)
        }
        Some("unmoved") => {
            let mut pieces = Vec::new();
            while c.peek_word() != Some("unmoved") {
                pieces.push(l.piece_ref(c, "a piece")?);
                c.eat_op(",");
            }
            if pieces.is_empty() {
                return Err(c.expected("the pieces that stay unmoved when placed"));
            }
            c.expect_keyword("unmoved")?;
            c.expect_keyword("in")?;
            let region = l.region_ref(c)?;
            c.finish()?;
            // Per kind, the last statement that lists it wins (a child's
            // replaces its parent's): earlier statements lose these kinds.
            for u in &mut d.turn.placed_unmoved {
                u.pieces.retain(|k| !pieces.contains(k));
            }
            d.turn.placed_unmoved.retain(|u| !u.pieces.is_empty());
            d.turn.placed_unmoved.push(PlacedUnmoved { pieces, region });
            Ok(true)
        }
        Some("promoted") => {
            let mut listed = Vec::new();
            while c.peek_word() != Some("promoted") {
                let sp = c.here();
                listed.push((l.piece_ref(c, "a piece")?, sp));
                c.eat_op(",");
            }
            c.expect_keyword("promoted")?;
            c.expect_keyword("too")
                .map_err(|d| d.hint("write `place PIECE, ... promoted too`"))?;
            c.finish()?;
            if listed.is_empty() {
                // Every piece that has a promoted form.
                for (k, pb) in l.pieces.iter().enumerate() {
                    if pb.piece.promotes_to.is_some()
                        && !d.turn.place_promoted.contains(&(k as PieceId))
                    {
                        d.turn.place_promoted.push(k as PieceId);
                    }
                }
                return Ok(true);
            }
            for (k, sp) in listed {
                let pb = &l.pieces[k as usize];
                if pb.piece.promotes_to.is_none() {
                    if pb.broken || pb.promotes_to.is_some() {
                        continue; // already reported
                    }
                    return Err(Diagnostic::error(
                        "missing-argument",
                        c.file,
                        sp,
                        format!("`{}` has no promoted form to be placed as", pb.piece.name),
                    )
                    .hint(format!(
                        "give the piece one (`piece {} {} ... promotes to PIECE`)",
                        pb.piece.name, pb.piece.letter
                    )));
                }
                if !d.turn.place_promoted.contains(&k) {
                    d.turn.place_promoted.push(k);
                }
            }
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// `gating PIECE, ... in REGION` | `gating PIECE, ... above REGION`
pub(super) fn gating(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let mut pieces = Vec::new();
    while c.peek_word().is_some_and(|w| w != "in" && w != "above") {
        let sp = c.here();
        let id = l.piece_ref(c, "a piece")?;
        if l.pieces[id as usize].piece.royal {
            return Err(Diagnostic::error(
                "contradiction",
                c.file,
                sp,
                "a royal piece cannot be gated",
            )
            .hint("gate non-royal pieces"));
        }
        pieces.push(id);
        c.eat_op(",");
    }
    if pieces.is_empty() {
        return Err(c.expected("the pieces that may be gated"));
    }
    let above = c.eat_word("above");
    if !above {
        c.expect_keyword("in").map_err(|d| {
            d.hint("write `gating hawk, elephant in back_rank` (from the hand) or `gating leopard, cannon above back_rank` (per-square gates)")
        })?;
    }
    let region = l.region_ref(c)?;
    c.finish()?;
    d.gating_span = Some((it.file.clone(), it.stmt.head_span()));
    d.turn.gating = Some(Gating {
        pieces,
        region,
        above,
    });
    Ok(())
}

/// `flip enclosed SEL` | `flip touching SEL`
pub(super) fn flip(l: &mut Lower, d: &mut Draft, it: &Item, c: &mut Cur) -> Result<(), Diagnostic> {
    let (w, _) = c
        .expect_choice("`enclosed` or `touching`", &["enclosed", "touching"])
        .map_err(|d| d.hint("write `flip enclosed enemy` or `flip touching enemy`"))?;
    let how = if w == "enclosed" {
        FlipHow::Enclosed
    } else {
        FlipHow::Touching
    };
    let rest = &c.args[c.i..];
    let at = c.here();
    if rest.is_empty() {
        return Err(c
            .expected("whose men flip: `enemy`, `enemy pawn`, `any`")
            .hint("write `flip enclosed enemy`"));
    }
    let men = match l.parse_pred(rest, &it.file, it.stmt.span)? {
        Pred::Is(sel) => sel,
        _ => {
            return Err(Diagnostic::error(
                "bad-argument",
                &it.file,
                at,
                "a flip turns men of a selector: `enemy`, `enemy pawn`, `any`",
            )
            .hint("write `flip enclosed enemy`"))
        }
    };
    c.i = c.args.len();
    d.turn.flips.push(Flip { how, men });
    Ok(())
}
