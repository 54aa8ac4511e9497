//! `lion "BETZA"`: the steps of a piece's two-step moves (the chu shogi
//! lion's, falcon's and eagle's), and what they need of the piece and of
//! the rest of the variant (docs/LANGUAGE.md §6, "lion").

use super::*;
use crate::ir::{Mode, Path, Timing};

/// The step vectors of a `lion` attribute's Betza atoms: king steps only
/// (`W`, `F`, `K` with direction modifiers), each moving and capturing,
/// no other modifier.
pub(super) fn steps(f: &Arc<str>, atoms: &[Atom], sp: Span) -> Result<Vec<(i8, i8)>, Diagnostic> {
    let mut out: Vec<(i8, i8)> = Vec::new();
    for a in atoms {
        let king_step = a.range == 1
            && a.mode == Mode::Both
            && a.path == Path::Direct
            && a.timing == Timing::Always
            && a.vectors
                .iter()
                .all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1 && (x, y) != (0, 0));
        if !king_step {
            return Err(Diagnostic::error(
                "bad-argument",
                f,
                sp,
                "a lion's steps are king steps: `W`, `F` or `K`, with direction modifiers only",
            )
            .hint("write `lion \"K\"` (the lion), `lion \"fW\"` (forward only) or `lion \"fF\"` (the forward diagonals)"));
        }
        for &v in &a.vectors {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    if out.is_empty() {
        return Err(
            Diagnostic::error("bad-argument", f, sp, "a lion needs at least one step")
                .hint("write `lion \"K\"`"),
        );
    }
    Ok(out)
}

/// Whether `moves` has a plain atom that moves and captures along `v`
/// (a leap; for a single step, a rider's first step too).
fn has_move(moves: &[Atom], v: (i8, i8), step: bool) -> bool {
    moves.iter().any(|a| {
        a.mode == Mode::Both
            && a.path == Path::Direct
            && a.timing == Timing::Always
            && (a.range == 1 || step)
            && a.vectors.contains(&v)
    })
}

/// Why the variant's other rules rule out moves of two steps (and the
/// lion trading rules), if they do.
fn variant_why(l: &Lower, turn: &Turn) -> Option<&'static str> {
    let board = l.board.as_ref();
    let unbounded = matches!(board.map(|b| &b.shape), Some(Shape::Unbounded { .. }));
    let hex = board.is_some_and(|b| b.hex.is_some());
    let wrapped = board.is_some_and(|b| b.wrap.any());
    let layers = board.is_some_and(|b| b.layers > 1);
    if unbounded {
        Some("it cannot be used on an unbounded board")
    } else if hex {
        Some("it needs a square board, not a hexagonal one")
    } else if wrapped {
        Some("it cannot be used on a board that wraps")
    } else if layers {
        Some("it cannot be used on a board in layers")
    } else if turn.fog_of_war {
        Some("it cannot be combined with `fog of war`")
    } else if !turn.face_down.is_empty() {
        Some("it cannot be combined with `face down`")
    } else if turn.plan.is_some() {
        Some("it cannot be combined with turns of several actions (`turn actions`)")
    } else if turn.dice.is_some() {
        Some("it cannot be combined with `dice`")
    } else if turn.walls.is_some() {
        Some("it cannot be combined with walls (`then place wall`, `then move wall`)")
    } else if turn.gating.is_some() {
        Some("it cannot be combined with `gating`")
    } else if turn.explosion.is_some() {
        Some("it cannot be combined with `explode on capture`")
    } else if turn.captures.rebirth() {
        Some("it cannot be combined with `captures reborn`")
    } else if !turn.petrify.is_empty() {
        Some("it cannot be combined with `petrify`")
    } else if !turn.mutually_immune.is_empty() {
        Some("it cannot be combined with `mutually immune`")
    } else if turn.must_capture {
        Some("it cannot be combined with `must capture`")
    } else if !turn.move_where.is_empty() {
        Some("it cannot be combined with `move ... where`")
    } else if turn.points.is_some() || turn.scoring.is_some() {
        Some("it cannot be combined with `score` (a move of two steps may take two men)")
    } else if turn.check_bound != Default::default() {
        Some("it cannot be combined with `while in check` or `initial ... not in check | lost when aimed by`")
    } else if turn.boards > 1 {
        Some("it cannot be combined with `boards 2`")
    } else {
        None
    }
}

/// What a lion needs of its piece (its single steps and its leaps of two
/// steps among its `moves`, so that what it attacks is what its moves
/// attack; no other way of capturing, no promotion by moving) and of the
/// variant (a flat, bounded square board; none of the rules the engine
/// does not carry out for a move of two steps).
pub(super) fn checks(l: &mut Lower, turn: &Turn) {
    let variant_why = variant_why(l, turn);
    let mut bad = Vec::new();
    for p in &l.pieces {
        let q = &p.piece;
        if q.lion.is_empty() {
            continue;
        }
        let needs = || {
            let mut missing = Vec::new();
            for &d1 in &q.lion {
                if !has_move(&q.moves, d1, true) {
                    missing.push(d1);
                }
                let seconds: &[(i8, i8)] = if q.lion_straight { &[d1] } else { &q.lion };
                for &d2 in seconds {
                    let v = (d1.0 + d2.0, d1.1 + d2.1);
                    if v == (0, 0) {
                        continue;
                    }
                    let step = v.0.abs() <= 1 && v.1.abs() <= 1;
                    if !has_move(&q.moves, v, step) && !missing.contains(&v) {
                        missing.push(v);
                    }
                }
            }
            missing
        };
        let why = if let Some(w) = variant_why {
            Some(w.to_string())
        } else if q.attacks.is_some() {
            Some(
                "it cannot have `attacks` of its own (a lion attacks where its moves capture)"
                    .into(),
            )
        } else if q.captures_own || q.captures_in_place || !q.captures_by.is_empty() {
            Some("it cannot capture another way (`captures own`, `captures in place`, `captures by ...`)".into())
        } else if q.immobilises {
            Some("it cannot be combined with `immobilises`".into())
        } else if !q.never_captures.is_empty() {
            Some("it cannot be combined with `immune ...: from` it".into())
        } else if q.confined.is_some() || !q.zone_moves.is_empty() || q.initial_region.is_some() {
            Some("it cannot be confined, nor have moves of a region (`confined`, `moves PIECE in`, `initial PIECE in`)".into())
        } else if q.promotion.as_ref().is_some_and(|pr| !pr.as_action) {
            Some("it cannot promote by moving (a move of two steps carries no promotion)".into())
        } else {
            let missing = needs();
            (!missing.is_empty()).then(|| {
                let list: Vec<String> =
                    missing.iter().take(3).map(|(x, y)| format!("({x},{y})")).collect();
                format!(
                    "its `moves` lack {} of the steps and leaps its two steps reach ({}{}), as plain atoms that move and capture",
                    missing.len(),
                    list.join(", "),
                    if missing.len() > 3 { ", ..." } else { "" }
                )
            })
        };
        if let Some(why) = why {
            bad.push((
                p.file.clone(),
                p.span,
                format!("piece `{}` has `lion`: {why}", q.name),
            ));
        }
    }
    for (f, sp, msg) in bad {
        l.diags.push(
            Diagnostic::error("contradiction", &f, sp, msg)
                .hint("remove `lion`, or the statement that conflicts; a lion's moves hold its steps and leaps: `moves \"KNAD\" lion \"K\"`"),
        );
    }
}

/// `lion trading PIECE, ... [bridge [except PIECE, ...]] [counter unprotected]`
pub(super) fn trading(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let hint = "write `lion trading lion` or `lion trading lion, kirin_lion bridge except pawn`";
    c.expect_keyword("trading").map_err(|d| d.hint(hint))?;
    let lions = l.piece_list(c, "a lion kind")?;
    let bridge = if c.eat_word("bridge") {
        if c.eat_word("except") {
            Some(l.piece_list(c, "a kind whose capture is no bridge")?)
        } else {
            Some(Vec::new())
        }
    } else {
        None
    };
    let counter_unprotected = c.eat_word("counter");
    if counter_unprotected {
        c.expect_keyword("unprotected").map_err(|d| {
            d.hint(
                "write `counter unprotected`: a counter-strike on an unprotected lion is allowed",
            )
        })?;
    }
    c.finish().map_err(|d| d.hint(hint))?;
    d.turn.lion_trading = Some(LionTrading {
        lions,
        bridge,
        counter_unprotected,
    });
    d.lion_trading_span = Some((it.file.clone(), it.stmt.head_span()));
    Ok(())
}

/// What `lion trading` needs of the variant: two players, captures made
/// by board moves one man at a time (none of the rules that rule out
/// moves of two steps, no `captures in place` or `by ...`, no en
/// passant), and lion kinds that do not promote by moving (the capturer's
/// kind is read where it lands).
pub(super) fn trading_checks(l: &mut Lower, turn: &Turn, at: Option<(Arc<str>, Span)>) {
    let (Some(lt), Some((f, sp))) = (&turn.lion_trading, at) else {
        return;
    };
    let why: Option<String> = if let Some(w) = variant_why(l, turn) {
        Some(
            w.replace("it cannot", "the lion trading rules cannot")
                .replace("it needs", "the lion trading rules need"),
        )
    } else if l.players.len() != 2 {
        Some("the lion trading rules are for two players".into())
    } else if l
        .pieces
        .iter()
        .any(|p| p.piece.captures_in_place || !p.piece.captures_by.is_empty())
    {
        Some("the lion trading rules judge captures made by landing on a man: they cannot be combined with `captures in place` or `captures by ...`".into())
    } else if l
        .pieces
        .iter()
        .any(|p| p.piece.moves.iter().any(|a| a.mode.en_passant()))
    {
        Some("the lion trading rules do not judge captures en passant: they cannot be combined with en passant".into())
    } else if let Some(k) = lt.lions.iter().find(|&&k| {
        l.pieces
            .get(k as usize)
            .is_some_and(|p| p.piece.promotion.as_ref().is_some_and(|pr| !pr.as_action))
    }) {
        Some(format!(
            "lion kind `{}` promotes by moving: a lion kind may not (a promoting move is read as made by a non-lion)",
            l.pieces[*k as usize].piece.name
        ))
    } else {
        None
    };
    if let Some(why) = why {
        l.diags.push(
            Diagnostic::error("contradiction", &f, sp, why)
                .hint("remove `lion trading`, or the statement that conflicts"),
        );
    }
}
