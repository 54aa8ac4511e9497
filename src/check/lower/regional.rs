//! Lowering: movement that depends on regions, lines and other men:
//! `confined`, `moves PIECE in REGION`, `facing`, `hop ... not over` and
//! `immune`.

use super::*;
use crate::ir::KindSet;

/// `confined PIECE, ... to REGION`
pub(super) fn confined(
    l: &mut Lower,
    _: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let kinds = l.piece_list(c, "a piece to confine")?;
    c.expect_keyword("to")
        .map_err(|d| d.hint("write `confined king to palace`"))?;
    let region = l.region_ref(c)?;
    c.finish()?;
    for k in kinds {
        l.pieces[k as usize].piece.confined = Some(region);
    }
    Ok(())
}

/// `moves PIECE, ... in REGION: "BETZA" [inside]`
pub(super) fn zone_moves(
    l: &mut Lower,
    _: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `moves soldier in across_river: \"sW\"`";
    let kinds = l.piece_list(c, "a piece")?;
    c.expect_keyword("in").map_err(|d| d.hint(hint))?;
    let region = l.region_ref(c)?;
    c.expect_op(":").map_err(|d| d.hint(hint))?;
    let (text, sp) = c.expect_string("Betza text in quotes")?;
    let inside = c.eat_word("inside");
    c.finish()?;
    let atoms = betza_atoms(l, &it.file, text, sp)?;
    // Initial and en-passant atoms depend on a man's history, which a
    // region's moves do not follow.
    for (letter, bad) in [
        ('i', atoms.iter().any(|a| a.initial())),
        ('e', atoms.iter().any(|a| a.mode.en_passant())),
    ] {
        if bad {
            let off = text.find(letter).unwrap_or(0);
            let s = sp.start + 1 + off;
            return Err(Diagnostic::error(
                "bad-betza",
                &it.file,
                Span::new(s, s + 1),
                format!("`{letter}` cannot be used in the moves of a region"),
            )
            .hint("moves open on a region may not be initial (`i`) or en passant (`e`) moves"));
        }
    }
    for k in kinds {
        l.pieces[k as usize].piece.zone_moves.push(ZoneMoves {
            region,
            betza: text.to_string(),
            atoms: atoms.clone(),
            inside,
        });
    }
    Ok(())
}

/// `facing PIECE, ...: illegal | must break`
pub(super) fn facing(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `facing king: illegal` or `facing king: must break`";
    let kinds = l.piece_list(c, "a piece that may not face its like")?;
    c.expect_op(":").map_err(|d| d.hint(hint))?;
    let (w, _) = c
        .expect_choice("`illegal` or `must break`", &["illegal", "must"])
        .map_err(|d| d.hint(hint))?;
    let list = if w == "must" {
        c.expect_keyword("break").map_err(|d| d.hint(hint))?;
        &mut d.turn.facing_must_break
    } else {
        &mut d.turn.facing_illegal
    };
    c.finish()?;
    for k in kinds {
        if !list.contains(&k) {
            list.push(k);
        }
    }
    Ok(())
}

/// `hop PIECE, ...: not over KIND, ...`
pub(super) fn hop(l: &mut Lower, _: &mut Draft, _: &Item, c: &mut Cur) -> Result<(), Diagnostic> {
    let hint = "write `hop cannon: not over cannon`";
    let kinds = l.piece_list(c, "a piece that hops")?;
    c.expect_op(":").map_err(|d| d.hint(hint))?;
    c.expect_keyword("not").map_err(|d| d.hint(hint))?;
    c.expect_keyword("over").map_err(|d| d.hint(hint))?;
    let over = l.piece_list(c, "a piece that may not be jumped")?;
    c.finish()?;
    let mask = over.iter().collect::<KindSet>();
    for k in kinds {
        l.pieces[k as usize].piece.hop_not_over |= mask;
    }
    Ok(())
}

/// `immune KIND, ...: from PIECE, ...`
pub(super) fn immune(
    l: &mut Lower,
    _: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `immune cannon: from cannon`";
    let kinds = l.piece_list(c, "a piece that cannot be captured")?;
    c.expect_op(":").map_err(|d| d.hint(hint))?;
    c.expect_keyword("from").map_err(|d| d.hint(hint))?;
    let by = l.piece_list(c, "a piece that cannot capture it")?;
    c.finish()?;
    let mask = kinds.iter().collect::<KindSet>();
    for k in by {
        l.pieces[k as usize].piece.never_captures |= mask;
    }
    Ok(())
}
