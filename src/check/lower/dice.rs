//! `dice N: FACE, ...`, `dice doubles: any` and `dice stuck: pass |
//! reroll`: dice rolled at the start of each turn decide which kinds may
//! move, and what the rest of the variant must be for the engine to carry
//! them.

use super::*;
use crate::ir::{Dice, MAX_DICE, MAX_FACES};

const HINT: &str = "write `dice 1: pawn, knight, bishop, rook, queen, king` (a face may name several kinds, `rook+queen`, or `any`), `dice doubles: any` or `dice stuck: pass` (or `reroll`)";

/// `dice N: FACE, ...` / `dice doubles: any` / `dice stuck: pass | reroll`
pub(super) fn dice_stmt(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let mut dice = d.turn.dice.clone().unwrap_or(Dice {
        count: 0,
        faces: Vec::new(),
        doubles_any: false,
        reroll: false,
    });
    if d.dice_span.is_none() {
        d.dice_span = Some((it.file.clone(), it.stmt.head_span()));
    }
    if c.eat_word("doubles") {
        c.expect_op(":").map_err(|e| e.hint(HINT))?;
        c.expect_keyword("any").map_err(|e| e.hint(HINT))?;
        dice.doubles_any = true;
    } else if c.eat_word("stuck") {
        c.expect_op(":").map_err(|e| e.hint(HINT))?;
        let (w, _) = c
            .expect_choice(
                "what a roll that lets no man move does",
                &["pass", "reroll"],
            )
            .map_err(|e| e.hint(HINT))?;
        dice.reroll = w == "reroll";
    } else {
        let (n, _) = c
            .expect_int("the number of dice", 1, MAX_DICE as i64)
            .map_err(|e| e.hint(HINT))?;
        c.expect_op(":").map_err(|e| e.hint(HINT))?;
        let mut faces: Vec<Vec<PieceId>> = Vec::new();
        let start = c.here();
        loop {
            let mut face = Vec::new();
            if c.eat_word("any") {
                face.extend(0..l.pieces.len() as PieceId);
            } else {
                loop {
                    let k = l.piece_ref(c, "a piece (a face of the die)")?;
                    if !face.contains(&k) {
                        face.push(k);
                    }
                    if !c.eat_op("+") {
                        break;
                    }
                }
            }
            faces.push(face);
            if c.done() {
                break;
            }
            c.expect_op(",").map_err(|e| e.hint(HINT))?;
        }
        if faces.len() < 2 || faces.len() > MAX_FACES {
            return Err(Diagnostic::error(
                "out-of-range",
                c.file,
                start,
                format!("a die needs 2 to {MAX_FACES} faces, not {}", faces.len()),
            )
            .hint(HINT));
        }
        dice.count = n as u8;
        dice.faces = faces;
    }
    c.finish().map_err(|e| e.hint(HINT))?;
    d.turn.dice = Some(dice);
    Ok(())
}

/// What `dice` needs of the rest of the variant (the engine rolls for two
/// players whose turns are one board move): each conflict an error at the
/// first `dice` statement.
pub(super) fn dice_checks(l: &mut Lower, v: &Variant, file: &Arc<str>, sp: Span) {
    let Some(dice) = &v.turn.dice else {
        return;
    };
    let mut clash = |what: String, hint: &str| {
        l.diags
            .push(Diagnostic::error("contradiction", file, sp, what).hint(hint.to_string()));
    };
    if dice.count == 0 {
        clash(
            "`dice` needs the dice and their faces".into(),
            "add `dice 1: pawn, knight, bishop, rook, queen, king`",
        );
        return;
    }
    if dice.doubles_any && dice.count < 2 {
        clash(
            "`dice doubles: any` needs two dice or more".into(),
            "roll two dice (`dice 2: ...`), or remove `dice doubles: any`",
        );
    }
    let t = &v.turn;
    if v.players.len() != 2 {
        clash(
            format!("`dice` is played by two players, not {}", v.players.len()),
            "give the variant two players",
        );
    }
    let others = [
        (t.place, "`place`"),
        (t.draw, "`draw`"),
        (t.pass, "`pass`"),
        (!t.powers.is_empty(), "a power"),
    ];
    for (on, what) in others {
        if on {
            clash(
                format!("`dice` cannot be used with {what}: a roll names the kinds of men that move, and every action must be a board move"),
                "keep `actions move` (the default)",
            );
        }
    }
    let filters = [
        (t.plan.is_some(), "`turn ...` (turns of several actions)"),
        (t.must_capture, "`must capture`"),
        (
            t.must_place || !t.must_place_kinds.is_empty(),
            "`must place`",
        ),
        (t.when_stuck != WhenStuck::EndRules, "`stalemate -> pass`"),
        (t.fog_of_war, "`fog of war`"),
    ];
    for (on, what) in filters {
        if on {
            clash(
                format!("`dice` cannot be used with {what}"),
                "the engine rolls for turns of one board move, filtered by the roll alone; remove one of the two",
            );
        }
    }
    if !dice.reroll && v.pieces.iter().any(|p| p.royal) {
        clash(
            "`dice stuck: pass` cannot be used with royal pieces: a player in check whose roll cannot parry it would pass and leave its royal man attacked".into(),
            "play without check (`piece king K moves \"K\"`, not royal, and `extinct king -> lose` in `end`), or roll again (`dice stuck: reroll`)",
        );
    }
}
