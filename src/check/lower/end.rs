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
    "perpetual",
    "back",
    "quiet",
    "insufficient",
    "plies",
    "unplaceable",
    "reach",
    "count",
    "extinct",
    "checks",
    "board",
    "counted",
    "facing",
];

/// After `quiet N plies [reset by ...] plus`: `K plies|moves per check
/// over M` (two players).
fn check_plus(l: &Lower, c: &mut Cur, rule: Span) -> Result<CheckPlus, Diagnostic> {
    let hint = "write `quiet 100 plies reset by capture plus 2 plies per check over 10 -> draw`";
    let (k, _) = c
        .expect_int("how many plies each check adds", 1, 1_000)
        .map_err(|d| d.hint(hint))?;
    let (unit, _) = c
        .expect_choice("`plies` or `moves`", &["plies", "moves"])
        .map_err(|d| d.hint(hint))?;
    for w in ["per", "check", "over"] {
        c.expect_keyword(w).map_err(|d| d.hint(hint))?;
    }
    let (over, _) = c
        .expect_int("how many checks add nothing", 0, 1_000)
        .map_err(|d| d.hint(hint))?;
    if l.players.len() != 2 {
        return Err(Diagnostic::error(
            "contradiction",
            c.file,
            rule,
            format!(
                "`plus ... per check` needs two players (the checks of the one who gave more), not {}",
                l.players.len()
            ),
        )
        .hint("drop the `plus` clause in a game of more players"));
    }
    let plies = if unit == "moves" {
        2 * k as u32
    } else {
        k as u32
    };
    Ok(CheckPlus {
        plies,
        over: over as u32,
    })
}

/// After `perpetual chase`: `N [by PIECE, ...] [ignoring PIECE [in
/// REGION], ...] [ranks PIECE, ... < PIECE, ... < ...]`.
fn chase(l: &Lower, c: &mut Cur, rule: Span) -> Result<Chase, Diagnostic> {
    let times = c.expect_int("how many times a position occurs", 2, 100)?.0 as u32;
    if l.players.len() != 2 {
        return Err(Diagnostic::error(
            "contradiction",
            c.file,
            rule,
            format!(
                "`perpetual chase` needs two players (a chaser and the chased), not {}",
                l.players.len()
            ),
        )
        .hint("use `perpetual check` or `repetition` in a game of more players"));
    }
    let pieces = |c: &mut Cur, what: &str| -> Result<Vec<PieceId>, Diagnostic> {
        let mut out = vec![l.piece_ref(c, what)?];
        while c.eat_op(",") {
            out.push(l.piece_ref(c, what)?);
        }
        Ok(out)
    };
    let by = if c.eat_word("by") {
        pieces(c, "a piece whose men chase")?
    } else {
        Vec::new()
    };
    let mut ignoring = Vec::new();
    if c.eat_word("ignoring") {
        loop {
            let k = l.piece_ref(c, "a piece whose men are never chased")?;
            let r = if c.eat_word("in") {
                Some(l.region_ref(c)?)
            } else {
                None
            };
            ignoring.push((k, r));
            if !c.eat_op(",") {
                break;
            }
        }
    }
    let mut ranks: Vec<Vec<PieceId>> = Vec::new();
    if c.eat_word("ranks") {
        let mut group = Vec::new();
        loop {
            let at = c.here();
            let k = l.piece_ref(c, "a ranked piece")?;
            if group.contains(&k) || ranks.iter().any(|g| g.contains(&k)) {
                let name = l
                    .piece_names()
                    .into_iter()
                    .find(|(_, id)| *id == k)
                    .map(|(n, _)| n)
                    .unwrap_or_default();
                return Err(Diagnostic::error(
                    "contradiction",
                    c.file,
                    at,
                    format!("`{name}` is ranked twice: a piece has one rank"),
                )
                .hint("write each piece once: `ranks advisor, elephant < horse, cannon < rook`"));
            }
            group.push(k);
            if c.eat_op(",") {
                continue;
            }
            ranks.push(std::mem::take(&mut group));
            if !c.eat_op("<") {
                break;
            }
        }
    }
    Ok(Chase {
        times,
        by,
        ignoring,
        ranks,
    })
}

/// `CONDITION -> OUTCOME`
pub(super) fn end_rule(l: &Lower, f: &Arc<str>, st: &Stmt) -> Result<RuleB, Diagnostic> {
    let mut c = Cur::new(&st.args, f, st.span);
    let mut quiet_resets = Vec::new();
    let (w, _) = c.expect_choice("an ending condition", END_CONDITIONS)?;
    let when = match w {
        "checkmate" if c.peek_word() == Some("given") || c.peek_word() == Some("without") => {
            let only = c.eat_word("given");
            let hint = if only {
                "write `checkmate given only by knight -> win`"
            } else {
                "write `checkmate without check by knight, rook -> draw`"
            };
            if only {
                c.expect_keyword("only").map_err(|d| d.hint(hint))?;
            } else {
                c.next();
                c.expect_keyword("check").map_err(|d| d.hint(hint))?;
            }
            c.expect_keyword("by").map_err(|d| d.hint(hint))?;
            let mut kinds = vec![l.piece_ref(&mut c, "a piece")?];
            while c.eat_op(",") {
                kinds.push(l.piece_ref(&mut c, "a piece")?);
            }
            if only {
                Event::CheckmateGivenOnlyBy(kinds)
            } else {
                Event::CheckmateWithoutCheckBy(kinds)
            }
        }
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
        "perpetual" if c.eat_word("chase") => {
            Event::PerpetualChase(Box::new(chase(l, &mut c, st.span)?))
        }
        "perpetual" => {
            c.expect_keyword("check").map_err(|d| {
                d.hint("write `perpetual check 4 -> lose` or `perpetual chase 3 -> lose`")
            })?;
            Event::PerpetualCheck(
                c.expect_int("how many times a position occurs", 2, 100)?.0 as u32,
            )
        }
        "back" => {
            let hint = "write `back and forth 4 -> lose` or `back and forth 4 except king -> lose`";
            c.expect_keyword("and").map_err(|d| d.hint(hint))?;
            c.expect_keyword("forth").map_err(|d| d.hint(hint))?;
            let moves = c
                .expect_int("how many moves back and forth", 2, 100)
                .map_err(|d| d.hint(hint))?
                .0 as u32;
            let mut except = Vec::new();
            if c.eat_word("except") {
                loop {
                    except.push(l.piece_ref(&mut c, "a piece whose moves do not count")?);
                    if !c.eat_op(",") {
                        break;
                    }
                }
            }
            Event::BackAndForth { moves, except }
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
        "counted" => {
            c.expect_keyword("out")
                .map_err(|d| d.hint("write `counted out -> draw`"))?;
            Event::CountedOut
        }
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
            // `men except A, B`: every man but those of the listed kinds.
            let men = !all_of && c.eat_word("men");
            let except = men && c.eat_word("except");
            if !men || except {
                let what = if except {
                    "a piece whose men do not count"
                } else {
                    "a piece, or `men` for every man"
                };
                loop {
                    kinds.push(l.piece_ref(&mut c, what)?);
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
            // `while opponents have at least M`: the others must hold M.
            let against = if c.peek_word() == Some("while") {
                let wsp = c.here();
                c.next();
                let hint = "write `extinct king while opponents have at least 2 -> lose`";
                c.expect_keyword("opponents").map_err(|d| d.hint(hint))?;
                c.expect_keyword("have").map_err(|d| d.hint(hint))?;
                c.expect_keyword("at").map_err(|d| d.hint(hint))?;
                c.expect_keyword("least").map_err(|d| d.hint(hint))?;
                let (m, _) = c.expect_int("a number of men", 1, 10_000)?;
                if reply {
                    return Err(Diagnostic::error(
                        "contradiction",
                        c.file,
                        wsp,
                        "`with reply` and `while opponents have ...` both say what the others must hold",
                    )
                    .hint("keep one: `with reply` is the bare-king rule, `while opponents have at least M` a fixed number"));
                }
                Some(m as u32)
            } else {
                None
            };
            Event::Count {
                kinds,
                at_most,
                reply,
                on_board,
                all_of,
                except,
                against,
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
                    let (r, rsp) =
                        c.expect_word("`capture`, `place`, `promotion`, `castling` or a piece")?;
                    resets.push(match r {
                        "capture" => Reset::Capture,
                        "place" => Reset::Place,
                        "promotion" => Reset::Promotion,
                        "castling" => Reset::Castling,
                        _ => Reset::Piece(l.lookup_piece(f, rsp, r).map_err(|e| {
                            const KINDS: [&str; 4] = ["capture", "place", "promotion", "castling"];
                            match diagnostic::did_you_mean(r, KINDS) {
                                Some(k) => e.hint(format!("did you mean `{k}`?")),
                                None => e.hint(
                                    "`reset by` lists `capture`, `place`, `promotion`, `castling` and pieces",
                                ),
                            }
                        })?),
                    });
                    if !c.eat_op(",") {
                        break;
                    }
                }
            }
            quiet_resets = resets;
            let plus = if c.eat_word("plus") {
                Some(check_plus(l, &mut c, st.span)?)
            } else {
                None
            };
            Event::Quiet { plies, plus }
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
            "fewest",
            "score",
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
            let (w, _) = c
                .expect_choice("`men` or `points`", &["men", "points"])
                .map_err(|d| {
                    d.hint("write `board full -> most men` or `passes 2 -> most points`")
                })?;
            if w == "points" {
                Then::Outcome(Outcome::MostPoints)
            } else {
                Then::Outcome(Outcome::MostMen)
            }
        }
        "fewest" => {
            c.expect_keyword("men")
                .map_err(|d| d.hint("write `stalemate -> fewest men`"))?;
            Then::Outcome(Outcome::FewestMen)
        }
        "score" => {
            let hint = "write `stalemate -> score 1/4`: the subject's share of the game, \
                        the other player scoring the rest";
            let (num, _) = c
                .expect_int("the subject's share of the game, as N/D", 0, 1000)
                .map_err(|d| d.hint(hint))?;
            if !c.eat_op("/") {
                return Err(c.expected("`/`").hint(hint));
            }
            let (den, dsp) = c
                .expect_int("the denominator of the share", 1, 1000)
                .map_err(|d| d.hint(hint))?;
            if num > den {
                return Err(Diagnostic::error(
                    "bad-outcome",
                    f,
                    dsp,
                    format!("a share of the game is at most 1, not {num}/{den}"),
                )
                .hint(hint));
            }
            Then::Outcome(Outcome::Score {
                num: num as u16,
                den: den as u16,
            })
        }
        _ => {
            c.expect_keyword("card")?;
            Then::ReturnCard
        }
    };
    // The events that decide the game are no draw claims.
    let decides = match when {
        Event::BackAndForth { .. } => Some((
            "back and forth",
            "write `back and forth 4 -> lose`: the player who moved back and forth loses",
        )),
        Event::PerpetualChase(_) => Some((
            "perpetual chase",
            "write `perpetual chase 3 -> lose` before `repetition 3 -> draw`",
        )),
        Event::PerpetualCheck(_) => Some((
            "perpetual check",
            "write `perpetual check 3 -> lose` before `repetition 3 -> claim draw`",
        )),
        _ => None,
    };
    if let Some((event, hint)) = decides.filter(|_| then == Then::Outcome(Outcome::ClaimDraw)) {
        return Err(Diagnostic::error(
            "bad-outcome",
            f,
            st.span,
            format!("`{event}` decides the game: it cannot be a draw claim"),
        )
        .hint(hint));
    }
    let mut mover = false;
    let player = if c.peek_word() == Some("for") {
        let for_span = c.here();
        c.next();
        let (w, sp) = c.expect_word("a player, or `mover`").map_err(|d| {
            d.hint("write `repetition 4 -> lose for white`: the outcome is that player's")
        })?;
        // `mover`: the player who made the last action (a player named
        // `mover` is named so, as before this word).
        mover = w == "mover" && !l.players.iter().any(|p| p.name == w);
        let p = if mover { 0 } else { l.player_ref(f, sp, w)? };
        // The conditions whose subject is the player to act, or nobody:
        // `for` names another. (Stalemate too: Armageddon gives it to
        // Black, whoever is stalemated.)
        let game_wide = matches!(
            when,
            Event::Repetition(_)
                | Event::Quiet { .. }
                | Event::PlyLimit(_)
                | Event::InsufficientMaterial
                | Event::Stalemate
        );
        if !game_wide || !matches!(then, Then::Outcome(Outcome::Win | Outcome::Lose)) {
            return Err(Diagnostic::error(
                "bad-outcome",
                f,
                for_span.to(sp),
                "`for PLAYER` and `for mover` may follow only `win` or `lose`, after a condition about \
                 the whole game or `stalemate`",
            )
            .hint(
                "`for` may follow `repetition`, `quiet`, `plies`, \
                 `insufficient material` and `stalemate`; the others have a subject of their own",
            ));
        }
        (!mover).then_some(p)
    } else {
        None
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
        player,
        mover,
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
    let mut nots = Vec::new();
    for rs in &b.stmts {
        if rs.keyword() == Some("not") {
            match not_rule(l, f, rs) {
                Ok(k) => nots.push((k, rs.span)),
                Err(e) => l.err(e),
            }
            continue;
        }
        match end_rule(l, f, rs) {
            Ok(r) => rules.push((r, rs.span)),
            Err(e) => l.err(e),
        }
    }
    // `not CONDITION`: every inherited rule of that condition goes.
    for ((name, piece), sp) in nots {
        let named = |e: &Event| {
            event_name(e) == name
                && (piece.is_none() || matches!(e, Event::Surrounded(p) if Some(*p) == piece))
        };
        let before = d.end.len();
        d.end
            .retain(|(r, lvl, _, _)| *lvl == it.level || !named(&r.when));
        if d.end.len() == before {
            l.err(
                Diagnostic::error(
                    "bad-argument",
                    f,
                    sp,
                    format!("`not {name}` removes nothing: no inherited end rule is a `{name}` rule"),
                )
                .hint("`not CONDITION` drops the rules of that condition a variant `extends` from its parent; remove the line, or name a condition the parent's `end` has"),
            );
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

/// The name of an end rule's condition, as `not CONDITION` writes it:
/// its first words, without numbers or arguments.
pub(crate) fn event_name(e: &Event) -> &'static str {
    match e {
        Event::Checkmate => "checkmate",
        Event::CheckmateByPlacing(_) => "checkmate by placing",
        Event::CheckmateGivenOnlyBy(_) => "checkmate given only by",
        Event::CheckmateWithoutCheckBy(_) => "checkmate without check by",
        Event::Stalemate => "stalemate",
        Event::Surrounded(_) => "surrounded",
        Event::HandEmpty => "hand empty",
        Event::Passes(_) => "passes",
        Event::Repetition(_) => "repetition",
        Event::BackAndForth { .. } => "back and forth",
        Event::PerpetualCheck(_) => "perpetual check",
        Event::PerpetualChase(_) => "perpetual chase",
        Event::Quiet { .. } => "quiet",
        Event::InsufficientMaterial => "insufficient material",
        Event::PlyLimit(_) => "plies",
        Event::UnplaceableCard => "unplaceable card",
        Event::Reach { .. } => "reach",
        Event::Count { .. } => "count",
        Event::Checks(_) => "checks",
        Event::CountedOut => "counted out",
        Event::BoardFull => "board full",
        Event::FacingKept => "facing kept",
    }
}

/// The conditions `not` may name (`extinct` is a `count`).
const NOT_NAMES: &[&str] = &[
    "checkmate",
    "checkmate by placing",
    "checkmate given only by",
    "checkmate without check by",
    "stalemate",
    "surrounded",
    "hand empty",
    "passes",
    "repetition",
    "back and forth",
    "perpetual check",
    "perpetual chase",
    "quiet",
    "insufficient material",
    "plies",
    "unplaceable card",
    "reach",
    "count",
    "extinct",
    "checks",
    "counted out",
    "board full",
    "facing kept",
];

/// `not CONDITION` in an `end` block: the condition's name (and, for
/// `surrounded PIECE`, its piece).
fn not_rule(
    l: &Lower,
    f: &Arc<str>,
    st: &Stmt,
) -> Result<(&'static str, Option<PieceId>), Diagnostic> {
    let mut c = Cur::new(&st.args, f, st.span);
    c.expect_keyword("not")?;
    let mut span = c.here();
    let mut words = Vec::new();
    while let Some(w) = c.peek_word() {
        if words.first().is_some_and(|&f: &&str| f == "surrounded") {
            break;
        }
        span = if words.is_empty() {
            c.here()
        } else {
            span.to(c.here())
        };
        words.push(w);
        c.next();
    }
    let text = words.join(" ");
    let Some(&name) = NOT_NAMES.iter().find(|&&n| n == text) else {
        let mut d = Diagnostic::error(
            "bad-argument",
            f,
            span,
            format!("`not {text}` names no end condition"),
        )
        .hint("write a condition's words without its numbers, as `not perpetual chase`, `not repetition` or `not surrounded PIECE` (LANGUAGE.md §19)");
        if let Some(s) = crate::diagnostic::did_you_mean(&text, NOT_NAMES.iter().copied()) {
            d = d.hint(format!("did you mean `not {s}`?"));
        }
        return Err(d);
    };
    let name = if name == "extinct" { "count" } else { name };
    let piece = if name == "surrounded" && !c.done() {
        Some(l.piece_ref(&mut c, "the piece of the `surrounded` rule")?)
    } else {
        None
    };
    c.finish()?;
    Ok((name, piece))
}

/// `counting lone: KIND[*N] MOVES, ..., [otherwise MOVES] [from men]
/// [without KIND, ...]` and `counting board: MOVES [men at most N]
/// [without KIND, ...]`: the counts that `counted out` ends (a later
/// statement of the same kind replaces an earlier one).
pub(super) fn counting(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let (w, _) = c.expect_choice("which count", &["lone", "board"])?;
    if !c.eat_op(":") {
        return Err(c
            .expected("`:`")
            .hint("write `counting lone: rook 16, otherwise 64` or `counting board: 64`"));
    }
    let moves = |c: &mut Cur| -> Result<u32, Diagnostic> {
        Ok(c.expect_int("a limit in moves", 1, 10_000)?.0 as u32)
    };
    let without = |l: &Lower, c: &mut Cur| -> Result<Vec<PieceId>, Diagnostic> {
        let mut v = Vec::new();
        if c.eat_word("without") {
            loop {
                v.push(l.piece_ref(c, "a piece whose men on the board stop the count")?);
                if !c.eat_op(",") {
                    break;
                }
            }
        }
        Ok(v)
    };
    let counting = d.turn.counting.get_or_insert_with(Counting::default);
    if w == "lone" {
        let mut table = Vec::new();
        let mut otherwise = 0;
        loop {
            if c.eat_word("otherwise") {
                otherwise = moves(c)?;
                break;
            }
            if matches!(c.peek_word(), Some("from" | "without") | None) {
                break;
            }
            let kind = l.piece_ref(c, "a piece of the opponent's, or `otherwise`")?;
            let at_least = if c.eat_op("*") {
                c.expect_int("how many men of the piece", 1, 255)?.0 as u32
            } else {
                1
            };
            let limit = moves(c).map_err(|d| {
                d.hint("write the limit in moves after the piece: `rook*2 8, rook 16`")
            })?;
            table.push((kind, at_least, limit));
            if !c.eat_op(",") {
                break;
            }
        }
        let from_men = c.eat_word("from");
        if from_men {
            c.expect_keyword("men")
                .map_err(|d| d.hint("write `from men`: the count starts at the number of men"))?;
        }
        let without = without(l, c)?;
        c.finish()
            .map_err(|d| d.hint("after the limits: `from men`, then `without PIECE, ...`"))?;
        counting.lone = Some(LoneCount {
            table,
            otherwise,
            from_men,
            without,
        });
    } else {
        let moves = moves(c)?;
        let max_men = if c.eat_word("men") {
            c.expect_keyword("at")?;
            c.expect_keyword("most")?;
            Some(c.expect_int("a number of men", 2, 10_000)?.0 as u32)
        } else {
            None
        };
        let without = without(l, c)?;
        c.finish()
            .map_err(|d| d.hint("after the limit: `men at most N`, then `without PIECE, ...`"))?;
        counting.board = Some(BoardCount {
            moves,
            max_men,
            without,
        });
    }
    Ok(())
}

/// `points PIECE N[/D], ..., [PLAYER N[/D], ...]`: the points of men and
/// players for the end outcome `most points`.
pub(super) fn points(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.points_span = Some((it.file.clone(), it.stmt.head_span()));
    let hint = "write `points rook 13, cannon 7, soldier 2, black 3/2`: each piece's \
                points per man on the board, then any player's own points";
    let mut points = crate::ir::Points::default();
    // A statement with a mistake still counts as given: `most points`
    // then reports nothing more.
    d.turn.points = Some(points.clone());
    loop {
        let (w, sp) = c
            .expect_word("a piece or a player")
            .map_err(|d| d.hint(hint))?;
        let who = if let Some(p) = l.players.iter().position(|p| p.name == w) {
            Err(p as PlayerId)
        } else {
            Ok(l.lookup_piece(c.file, sp, w)
                .map_err(|d| d.hint("or a player, for the points it has besides its men"))?)
        };
        let (num, nsp) = c
            .expect_int("its points", 0, 1_000_000)
            .map_err(|d| d.hint(hint))?;
        let den = if c.eat_op("/") {
            c.expect_int("the denominator", 1, 1000)
                .map_err(|d| d.hint(hint))?
                .0
        } else {
            1
        };
        let twice = match who {
            Ok(k) => points.pieces.iter().any(|&(x, _, _)| x == k),
            Err(p) => points.players.iter().any(|&(x, _, _)| x == p),
        };
        if twice {
            return Err(Diagnostic::error(
                "bad-argument",
                c.file,
                sp,
                format!("`{w}` has its points twice"),
            )
            .hint("give each piece and each player its points once"));
        }
        match who {
            Ok(k) => points.pieces.push((k, num as u32, den as u32)),
            Err(p) => points.players.push((p, num as u32, den as u32)),
        }
        if points.denominator() > 1_000_000 {
            return Err(Diagnostic::error(
                "out-of-range",
                c.file,
                nsp,
                "the denominators have a common multiple above 1000000",
            )
            .hint("write the points with fewer different denominators"));
        }
        if !c.eat_op(",") {
            break;
        }
    }
    c.finish().map_err(|d| d.hint(hint))?;
    d.turn.points = Some(points);
    Ok(())
}
