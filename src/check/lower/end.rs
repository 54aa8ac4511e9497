//! Lowering: `end` rules.

use super::*;

/// The first words of the rules of an `end` block.
pub(crate) const END_CONDITIONS: &[&str] = &[
    "checkmate",
    "stalemate",
    "surrounded",
    "hand",
    "passes",
    "repetition",
    "quiet",
    "insufficient",
    "plies",
    "unplaceable",
    "reach",
    "count",
    "extinct",
    "checks",
    "board",
    "facing",
];

/// `CONDITION -> OUTCOME`
pub(super) fn end_rule(l: &Lower, f: &Arc<str>, st: &Stmt) -> Result<RuleB, Diagnostic> {
    let mut c = Cur::new(&st.args, f, st.span);
    let mut quiet_resets = Vec::new();
    let (w, _) = c.expect_choice("an ending condition", END_CONDITIONS)?;
    let when = match w {
        "checkmate" if c.eat_word("by") => {
            c.expect_keyword("placing")
                .map_err(|d| d.hint("write `checkmate by placing PIECE -> win`"))?;
            Event::CheckmateByPlacing(l.piece_ref(&mut c, "the piece whose placement mates")?)
        }
        "checkmate" => Event::Checkmate,
        "stalemate" => Event::Stalemate,
        "surrounded" => Event::Surrounded(l.piece_ref(&mut c, "the piece that may be surrounded")?),
        "hand" => {
            c.expect_keyword("empty")?;
            Event::HandEmpty
        }
        "passes" => Event::Passes(c.expect_int("a number of passes", 1, 100)?.0 as u32),
        "repetition" => {
            Event::Repetition(c.expect_int("how many times a position occurs", 2, 100)?.0 as u32)
        }
        "plies" => Event::PlyLimit(c.expect_int("a number of plies", 1, 1_000_000)?.0 as u32),
        "insufficient" => {
            c.expect_keyword("material")?;
            Event::InsufficientMaterial
        }
        "unplaceable" => {
            c.expect_keyword("card")?;
            Event::UnplaceableCard
        }
        "reach" => {
            let region = l.region_ref(&mut c)?;
            c.expect_keyword("with")
                .map_err(|d| d.hint("write `reach REGION with PIECE -> win`"))?;
            let piece = l.piece_ref(&mut c, "the piece that reaches the region")?;
            let unattacked = c.eat_word("unattacked");
            let reply = c.eat_word("with");
            if reply {
                c.expect_keyword("reply")
                    .map_err(|d| d.hint("write `reach REGION with PIECE with reply -> win`"))?;
            }
            let own_turn = !reply && c.eat_word("at");
            if own_turn {
                c.expect_keyword("own")
                    .map_err(|d| d.hint("write `reach REGION with PIECE at own turn -> win`"))?;
                c.expect_keyword("turn")?;
            }
            Event::Reach {
                region,
                piece,
                reply,
                own_turn,
                unattacked,
            }
        }
        "board" => {
            c.expect_keyword("full")
                .map_err(|d| d.hint("write `board full -> most men`"))?;
            Event::BoardFull
        }
        "facing" => {
            c.expect_keyword("kept")
                .map_err(|d| d.hint("write `facing kept -> draw`"))?;
            Event::FacingKept
        }
        "checks" => Event::Checks(c.expect_int("a number of checks", 1, 1_000)?.0 as u32),
        "count" | "extinct" => {
            let mut kinds = Vec::new();
            // `all of A, B`: the kinds counted together. A list is joined by
            // commas, so `all of` (two words, no comma) never reads as one.
            let all_of = c.peek_word() == Some("all")
                && c.args.get(c.i + 1).and_then(|a| a.word()) == Some("of");
            if all_of {
                c.next();
                c.next();
            }
            if all_of || !c.eat_word("men") {
                loop {
                    kinds.push(l.piece_ref(&mut c, "a piece, or `men` for every man")?);
                    if !c.eat_op(",") {
                        break;
                    }
                }
            }
            let at_most = if w == "count" {
                c.expect_keyword("at")
                    .map_err(|d| d.hint("write `count men at most 1 -> win`"))?;
                c.expect_keyword("most")?;
                c.expect_int("a number of men", 0, 10_000)?.0 as u32
            } else {
                0
            };
            let on_board = c.eat_word("on");
            if on_board {
                c.expect_keyword("board")
                    .map_err(|d| d.hint("write `extinct men on board -> lose`"))?;
            }
            let reply = c.eat_word("with");
            if reply {
                c.expect_keyword("reply")
                    .map_err(|d| d.hint("write `count men at most 1 with reply -> lose`"))?;
            }
            Event::Count {
                kinds,
                at_most,
                reply,
                on_board,
                all_of,
            }
        }
        _ => {
            let (n, _) = c.expect_int("a number", 1, 1_000_000)?;
            let (unit, _) = c.expect_choice("`plies` or `moves`", &["plies", "moves"])?;
            let plies = if unit == "moves" {
                n as u32 * l.players.len().max(1) as u32
            } else {
                n as u32
            };
            let mut resets = Vec::new();
            if c.eat_word("reset") {
                c.expect_keyword("by")?;
                loop {
                    let (r, rsp) = c.expect_word("`capture`, `place` or a piece")?;
                    resets.push(match r {
                        "capture" => Reset::Capture,
                        "place" => Reset::Place,
                        _ => Reset::Piece(l.lookup_piece(f, rsp, r)?),
                    });
                    if !c.eat_op(",") {
                        break;
                    }
                }
            }
            quiet_resets = resets;
            Event::Quiet { plies }
        }
    };
    c.expect_op("->")
        .map_err(|d| d.hint("a rule reads `CONDITION -> OUTCOME`"))?;
    let (o, _) = c.expect_choice(
        "an outcome",
        &[
            "win",
            "lose",
            "draw",
            "claim",
            "pass",
            "eliminated",
            "remove",
            "return",
            "most",
        ],
    )?;
    let then = match o {
        "win" => Then::Outcome(Outcome::Win),
        "lose" => Then::Outcome(Outcome::Lose),
        "draw" => Then::Outcome(Outcome::Draw),
        "claim" => {
            c.expect_keyword("draw")?;
            Then::Outcome(Outcome::ClaimDraw)
        }
        "pass" => Then::Pass,
        "eliminated" => Then::Outcome(Outcome::Eliminated),
        "remove" => Then::Remove,
        "most" => {
            c.expect_keyword("men")
                .map_err(|d| d.hint("write `board full -> most men`"))?;
            Then::Outcome(Outcome::MostMen)
        }
        _ => {
            c.expect_keyword("card")?;
            Then::ReturnCard
        }
    };
    c.finish()?;
    if let Some(b) = &st.block {
        return Err(Diagnostic::error(
            "unexpected-block",
            f,
            b.span,
            "an ending rule takes no block",
        )
        .hint("write one rule per line, as in `checkmate -> lose`"));
    }
    Ok(RuleB {
        when,
        then,
        resets: quiet_resets,
    })
}

/// The `end [checked WHEN] { RULES }` statement. A child's rule replaces
/// the parent's rules of the same event (`surrounded PIECE` is an event per
/// piece).
pub(super) fn end_stmt(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let (st, f) = (&it.stmt, &it.file);
    if c.eat_word("checked") {
        match c.expect_choice(
            "when end rules are checked",
            &["after_action", "after_each_step"],
        ) {
            Ok((v, _)) => {
                d.end_checked = if v == "after_each_step" {
                    EndTiming::AfterEachStep
                } else {
                    EndTiming::AfterAction
                }
            }
            Err(e) => l.err(e),
        }
    }
    let Some(b) = &st.block else {
        return Err(
            Diagnostic::error("missing-block", f, st.span, "`end` needs a block of rules")
                .hint("write `end { checkmate -> lose }`"),
        );
    };
    let mut rules = Vec::new();
    for rs in &b.stmts {
        match end_rule(l, f, rs) {
            Ok(r) => rules.push((r, rs.span)),
            Err(e) => l.err(e),
        }
    }
    let key = |e: &Event| {
        let piece = match e {
            Event::Surrounded(p) => Some(*p),
            _ => None,
        };
        (std::mem::discriminant(e), piece)
    };
    let kinds: Vec<_> = rules.iter().map(|(r, _)| key(&r.when)).collect();
    let level = it.level;
    d.end
        .retain(|(r, lvl, _, _)| *lvl == level || !kinds.contains(&key(&r.when)));
    d.end
        .extend(rules.into_iter().map(|(r, s)| (r, level, f.clone(), s)));
    c.finish()
}
