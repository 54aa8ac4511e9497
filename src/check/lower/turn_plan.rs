//! `turn actions ...`, `turn ends on ...` and `turn checks last only`:
//! turns of several actions (the [`TurnPlan`]).

use super::*;

/// The most actions one turn may hold (a bound on what a file may ask).
const MAX_ACTIONS: i64 = 64;

const HINT: &str = "write `turn actions 2`, `turn actions 2, first 1`, `turn actions white 2, black 1`, `turn actions growing`, `turn ends on check, capture` or `turn checks last only`";

/// `turn actions ...` / `turn ends on ...` / `turn checks last only`
pub(super) fn turn_stmt(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let np = l.players.len().max(1);
    let (what, _) = c
        .expect_choice("a part of the turn", &["actions", "ends", "checks"])
        .map_err(|e| e.hint(HINT))?;
    let mut plan = d.turn.plan.clone().unwrap_or_else(|| TurnPlan {
        actions: vec![1; np],
        first: None,
        growing: false,
        ends_on_check: false,
        ends_on_capture: false,
        checks_last_only: false,
    });
    match what {
        "actions" => actions(l, c, &mut plan)?,
        "ends" => {
            c.expect_keyword("on").map_err(|e| e.hint(HINT))?;
            loop {
                let (w, _) = c
                    .expect_choice("what ends a turn early", &["check", "capture"])
                    .map_err(|e| e.hint(HINT))?;
                match w {
                    "check" => plan.ends_on_check = true,
                    _ => plan.ends_on_capture = true,
                }
                if c.done() {
                    break;
                }
                c.expect_op(",").map_err(|e| e.hint(HINT))?;
            }
        }
        _ => {
            c.expect_keyword("last").map_err(|e| e.hint(HINT))?;
            c.expect_keyword("only").map_err(|e| e.hint(HINT))?;
            plan.checks_last_only = true;
        }
    }
    c.finish().map_err(|e| e.hint(HINT))?;
    d.turn.plan = Some(plan);
    Ok(())
}

/// The counts of `turn actions`: `N [, first N]`, `PLAYER N, ...` or
/// `growing`.
fn actions(l: &Lower, c: &mut Cur, plan: &mut TurnPlan) -> Result<(), Diagnostic> {
    let what = "the number of actions of a turn";
    if c.eat_word("growing") {
        plan.growing = true;
        plan.first = None;
        return Ok(());
    }
    plan.growing = false;
    if c.peek_word().is_some() {
        // Per player: `white 2, black 1`; a player not named keeps 1.
        let mut named: Vec<PlayerId> = Vec::new();
        loop {
            let (w, sp) = c.expect_word("a player name").map_err(|e| e.hint(HINT))?;
            let p = l.player_ref(c.file, sp, w)?;
            if named.contains(&p) {
                return Err(Diagnostic::error(
                    "duplicate-player",
                    c.file,
                    sp,
                    format!("player `{w}` is given two numbers of actions"),
                )
                .hint("name each player once"));
            }
            named.push(p);
            let (n, _) = c.expect_int(what, 1, MAX_ACTIONS)?;
            if let Some(a) = plan.actions.get_mut(p as usize) {
                *a = n as u32;
            }
            if c.done() {
                return Ok(());
            }
            c.expect_op(",").map_err(|e| e.hint(HINT))?;
        }
    }
    let (n, _) = c.expect_int(what, 1, MAX_ACTIONS)?;
    plan.actions.iter_mut().for_each(|a| *a = n as u32);
    if c.eat_op(",") {
        c.expect_keyword("first").map_err(|e| e.hint(HINT))?;
        let (f, _) = c.expect_int("the number of actions of the first turn", 1, MAX_ACTIONS)?;
        plan.first = Some(f as u32);
    }
    Ok(())
}
