//! `turn actions ...`, `turn ends on ...`, `turn checks last only` and
//! `turn royal safe at end`: turns of several actions (the [`TurnPlan`]),
//! and what `royal safe at end` needs of the rest of the variant.

use super::*;

/// The most actions one turn may hold (a bound on what a file may ask).
const MAX_ACTIONS: i64 = 64;

const HINT: &str = "write `turn actions 2`, `turn actions 2, first 1`, `turn actions white 2, black 1`, `turn actions growing`, `turn ends on check, capture`, `turn checks last only` or `turn royal safe at end`";

/// `turn actions ...` / `turn ends on ...` / `turn checks last only`
pub(super) fn turn_stmt(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let np = l.players.len().max(1);
    let (what, _) = c
        .expect_choice(
            "a part of the turn",
            &["actions", "ends", "checks", "royal"],
        )
        .map_err(|e| e.hint(HINT))?;
    let mut plan = d.turn.plan.clone().unwrap_or_else(|| TurnPlan {
        actions: vec![1; np],
        first: None,
        growing: false,
        ends_on_check: false,
        ends_on_capture: false,
        checks_last_only: false,
        royal_safe_at_end: false,
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
        "royal" => {
            for w in ["safe", "at", "end"] {
                c.expect_keyword(w).map_err(|e| e.hint(HINT))?;
            }
            plan.royal_safe_at_end = true;
            d.turn_safe_span = Some((it.file.clone(), it.stmt.head_span()));
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

/// What `turn royal safe at end` needs of the rest of the variant (the
/// engine carries it for two players, turns of at most two actions, and
/// actions that are board moves or passes): each conflict an error at the
/// statement.
pub(super) fn royal_safe_checks(l: &mut Lower, v: &Variant, file: &Arc<str>, sp: Span) {
    let mut clash = |what: String, hint: &str| {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                file,
                sp,
                format!("`turn royal safe at end` cannot be used with {what}"),
            )
            .hint(hint.to_string()),
        );
    };
    let Some(plan) = &v.turn.plan else {
        return;
    };
    let longest = (0..v.players.len() as PlayerId)
        .flat_map(|p| [plan.length(p, 0), plan.length(p, 1)])
        .max()
        .unwrap_or(1);
    if plan.growing || longest > 2 {
        clash(
            "turns of more than two actions".into(),
            "a royal may stand attacked between the two actions of a turn: write `turn actions 2` or `turn actions PLAYER 2, ...`",
        );
    } else if longest < 2 {
        clash(
            "turns of one action".into(),
            "give some player two actions a turn (`turn actions white 2, black 1`)",
        );
    }
    if plan.ends_on_check || plan.ends_on_capture || plan.checks_last_only {
        clash(
            "`turn ends on ...` or `turn checks last only`".into(),
            "a turn of `royal safe at end` always has all its actions: remove the other `turn` rule",
        );
    }
    if v.players.len() != 2 {
        clash(
            format!("{} players", v.players.len()),
            "the royal's threat is the next player's turn: write two players",
        );
    }
    let t = &v.turn;
    if t.place || t.draw || !t.powers.is_empty() || t.walls.is_some() || t.gating.is_some() {
        clash(
            "actions other than board moves and passes".into(),
            "write `actions move` or `actions move, pass`",
        );
    }
    if let Some(p) = v
        .pieces
        .iter()
        .find(|p| p.promotion.as_ref().is_some_and(|pr| pr.as_action))
    {
        clash(
            format!("promotion as an action (`{}`)", p.name),
            "promote by the move that reaches the zone (`promote PIECE at ...` without `as action`)",
        );
    }
    let special = if t.explosion.is_some() {
        Some("`explode on capture`")
    } else if t.captures.rebirth() {
        Some("`captures reborn`")
    } else if !t.mutually_immune.is_empty() {
        Some("`mutually immune`")
    } else if !t.petrify.is_empty() {
        Some("`petrify`")
    } else if v
        .pieces
        .iter()
        .any(|p| !p.captures_by.is_empty() || p.immobilises || p.captures_in_place)
    {
        Some("captures that are not a move onto the man taken, or `immobilises`")
    } else if t.royal_at_most.is_some() || t.check_all_royals {
        Some("`check all royals` or `check ... when at most N`")
    } else if !t.check_bound.is_empty() {
        Some("`while in check` or the `initial` forms on check")
    } else if !t.facing_illegal.is_empty() || !t.facing_must_break.is_empty() {
        Some("`facing`")
    } else if !t.move_where.is_empty() {
        Some("`move ... where`")
    } else if t.no_checks {
        Some("`no checks`")
    } else {
        None
    };
    if let Some(what) = special {
        clash(
            what.to_string(),
            "the threat to a royal is judged by plain captures onto it: remove the statement that conflicts",
        );
    }
}

/// What `en passant ... per turn` needs of the rest of the variant: the
/// engine keeps one record per player and action of a turn in
/// [`MAX_PLAYERS`] slots, so the players times the longest turn may not
/// exceed it, and a turn's length must be bounded (not `growing`).
pub(super) fn ep_turn_checks(l: &mut Lower, v: &Variant, file: &Arc<str>, sp: Span) {
    let Some(plan) = &v.turn.plan else {
        return;
    };
    let players = v.players.len();
    if plan.growing {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                file,
                sp,
                "`en passant per turn` cannot be used with `turn actions growing`",
            )
            .hint("a turn of any length may leave any number of records: remove `per turn` (en passant then takes a step made by the turn's last action, with the next action)"),
        );
        return;
    }
    let longest = (0..players as PlayerId)
        .flat_map(|p| [plan.length(p, 0), plan.length(p, 1)])
        .max()
        .unwrap_or(1) as usize;
    if players * longest > MAX_PLAYERS {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                file,
                sp,
                format!(
                    "`en passant per turn` keeps a record per player and action of a turn: {players} players with turns of {longest} actions need {}, at most {MAX_PLAYERS} are kept",
                    players * longest
                ),
            )
            .hint("give two players turns of at most two actions, or remove `per turn`"),
        );
    }
}
