//! Lowering: Turn statements: `teams`, `actions`, `place`, `first action`, `on`, `power`, `always`, `promote`, `eliminated`, `dead material`.

use super::*;

pub(super) fn teams_stmt(l: &Lower, c: &mut Cur) -> Result<Vec<Vec<PlayerId>>, Diagnostic> {
    let mut teams: Vec<Vec<PlayerId>> = vec![Vec::new()];
    // Each player with where it was listed and in which team.
    let mut seen: Vec<(PlayerId, Span, usize)> = Vec::new();
    loop {
        let (w, sp) = c
            .expect_word("a player name")
            .map_err(|d| d.hint("write `teams white + black, red + green`"))?;
        let p = l.player_ref(c.file, sp, w)?;
        if let Some(&(_, prev, team)) = seen.iter().find(|(x, _, _)| *x == p) {
            let same = team + 1 == teams.len();
            return Err(Diagnostic::error(
                "duplicate-player",
                c.file,
                sp,
                if same {
                    format!("player `{w}` is listed twice in one team")
                } else {
                    format!("player `{w}` is in two teams")
                },
            )
            .label(prev, "listed here first")
            .hint("every player belongs to exactly one team"));
        }
        seen.push((p, sp, teams.len() - 1));
        if let Some(t) = teams.last_mut() {
            t.push(p);
        }
        if c.done() {
            break;
        }
        if c.eat_op(",") {
            teams.push(Vec::new());
        } else {
            c.expect_op("+")?;
        }
    }
    for (i, p) in l.players.iter().enumerate() {
        if !seen.iter().any(|(x, _, _)| *x == i as PlayerId) {
            return Err(Diagnostic::error(
                "missing-argument",
                c.file,
                c.end,
                format!("player `{}` is in no team", p.name),
            )
            .hint(format!(
                "every player belongs to exactly one team: add `{}` to one, or `, {}` for a team of its own",
                p.name, p.name
            )));
        }
    }
    Ok(teams)
}

/// `actions move | place | draw | pass | exchange | suicide, ...`; the span of
/// `exchange` when it is named (its value order is the `exchange`
/// statement's: [`super::prison`]).
pub(super) fn actions_stmt(c: &mut Cur, turn: &mut Turn) -> Result<Option<Span>, Diagnostic> {
    turn.moves = false;
    turn.place = false;
    turn.draw = false;
    turn.pass = false;
    turn.suicide = false;
    let mut exchange = None;
    loop {
        let (a, sp) = c.expect_choice(
            "an action",
            &["move", "place", "draw", "pass", "exchange", "suicide"],
        )?;
        match a {
            "move" => turn.moves = true,
            "place" => turn.place = true,
            "pass" => turn.pass = true,
            "suicide" => turn.suicide = true,
            "exchange" => exchange = Some(sp),
            _ => turn.draw = true,
        }
        if c.done() {
            break;
        }
        c.expect_op(",")?;
    }
    Ok(exchange)
}

/// `place [PIECE...] where PRED`
pub(super) fn place_stmt(
    l: &Lower,
    c: &mut Cur,
    st: &Stmt,
    f: &Arc<str>,
) -> Result<PlacementRule, Diagnostic> {
    let mut pieces = Vec::new();
    while let Some(w) = c.peek_word() {
        if w == "where" {
            break;
        }
        let sp = c.here();
        c.next();
        pieces.push(l.lookup_piece(f, sp, w)?);
        c.eat_op(",");
    }
    c.expect_keyword("where")
        .map_err(|d| d.hint("write `place [pieces] where CONDITION`"))?;
    let cond = l.parse_pred_in(&st.args[c.i..], f, st.span, super::pred::Context::Place)?;
    Ok(PlacementRule {
        pieces,
        condition: cond,
        source: l.quote(f, st.span),
    })
}

/// `first action: place pawn`
pub(super) fn first_stmt(l: &Lower, c: &mut Cur) -> Result<ActionFilter, Diagnostic> {
    c.expect_keyword("action")?;
    c.expect_op(":")?;
    let (k, _) = c.expect_choice("an action", &["move", "place", "draw", "power"])?;
    let kind = match k {
        "move" => ActionKind::Move,
        "place" => ActionKind::Place,
        "draw" => ActionKind::Draw,
        _ => ActionKind::Power,
    };
    let piece = if c.done() {
        None
    } else {
        Some(l.piece_ref(c, "a piece")?)
    };
    c.finish()?;
    Ok(ActionFilter { kind, piece })
}

/// `on place PIECE: EFFECT` / `on draw joker: EFFECT`
pub(super) fn on_stmt(
    l: &Lower,
    c: &mut Cur,
    st: &Stmt,
    f: &Arc<str>,
    turn: &mut Turn,
) -> Result<(), Diagnostic> {
    let (ev, _) = c.expect_choice("`place` or `draw`", &["place", "draw"])?;
    let piece = if ev == "place" {
        Some(l.piece_ref(c, "the placed piece")?)
    } else {
        c.expect_keyword("joker")
            .map_err(|d| d.hint("write `on draw joker: EFFECT`"))?;
        None
    };
    c.expect_op(":")?;
    let (e, esp) = c.expect_choice("an effect", &["return", "remove", "may", "take"])?;
    let which = match e {
        "return" | "remove" => {
            c.expect_keyword("one")?;
            c.expect_choice("`man`", &["man"])?;
            c.expect_keyword("where")?;
            let which = l.parse_pred(&st.args[c.i..], f, st.span)?;
            c.i = c.args.len();
            Some(which)
        }
        "may" => {
            c.expect_keyword("move")?;
            c.expect_keyword("it")?;
            None
        }
        _ => {
            c.expect_keyword("another")?;
            c.expect_keyword("action")?;
            None
        }
    };
    c.finish()?;
    match piece {
        Some(p) => {
            let effect = match (e, which) {
                ("return", Some(which)) => FollowUp::ReturnToHand { which },
                ("remove", Some(which)) => FollowUp::Remove { which },
                ("may", _) => FollowUp::MayMovePlaced,
                _ => FollowUp::ExtraAction,
            };
            turn.on_place.push(OnPlace { piece: p, effect });
        }
        None => {
            turn.on_joker = Some(match (e, which) {
                ("return", Some(which)) => JokerEffect::ReturnToHand { which },
                ("remove", Some(which)) => JokerEffect::Remove { which },
                ("take", _) => JokerEffect::ExtraAction,
                _ => {
                    return Err(Diagnostic::error(
                        "bad-effect",
                        f,
                        esp,
                        "a joker places no man, so there is nothing to move",
                    )
                    .hint("a joker can `return one man where ...`, `remove one man where ...` or `take another action`"))
                }
            });
        }
    }
    Ok(())
}

/// `power swap A B [once | N times]`
pub(super) fn power_stmt(l: &Lower, c: &mut Cur) -> Result<Power, Diagnostic> {
    c.expect_choice("a power", &["swap"])?;
    let a = l.piece_ref(c, "the first piece")?;
    let b = l.piece_ref(c, "the second piece")?;
    let uses = if c.eat_word("once") {
        1
    } else if c.done() {
        u32::MAX
    } else {
        let (n, _) = c.expect_int("how many times", 1, 1000)?;
        c.expect_keyword("times")?;
        n as u32
    };
    c.finish()?;
    Ok(Power::Swap { a, b, uses })
}

/// `always connected 8 [per player]`
pub(super) fn always_stmt(c: &mut Cur) -> Result<Invariant, Diagnostic> {
    c.expect_choice("an invariant", &["connected"])?;
    let (n, sp) = c.expect_int("4 or 8 (which neighbours touch)", 4, 8)?;
    if n != 4 && n != 8 {
        return Err(Diagnostic::error(
            "out-of-range",
            c.file,
            sp,
            "neighbours are 4 (sides) or 8 (sides and corners)",
        ));
    }
    let scope = if c.eat_word("per") {
        c.expect_keyword("player")?;
        Scope::PerPlayer
    } else {
        Scope::All
    };
    c.finish()?;
    Ok(Invariant::Connected {
        adjacency: if n == 4 {
            Adjacency::Sides
        } else {
            Adjacency::SidesAndCorners
        },
        scope,
    })
}

/// `at far edge | in REGION`: the zone of a `promote` or `demote`.
fn zone_ref(l: &Lower, c: &mut Cur, hint: &str) -> Result<Zone, Diagnostic> {
    if c.eat_word("at") {
        c.expect_keyword("far")?;
        c.expect_keyword("edge")?;
        return Ok(Zone::FarEdge);
    }
    c.expect_keyword("in")
        .map_err(|d| d.hint(hint.to_string()))?;
    let (r, rsp) = c.expect_word("a region")?;
    let id = l
        .regions
        .iter()
        .position(|(x, _)| x.name == r)
        .ok_or_else(|| {
            pred::unknown_region(
                c.file,
                rsp,
                r,
                l.regions.iter().map(|(x, _)| x.name.as_str()),
            )
        })?;
    Ok(Zone::Region(id as RegionId))
}

/// Words that may end a `promote` statement.
const PROMOTE_FLAGS: &[&str] = &["leaving", "optional", "capturing", "entering", "as", "last"];

/// The pieces a `promote` or `demote` statement lists before its zone
/// (`at` or `in`), each with its span; `hint` says how to write the zone
/// when it was left out (a `to` where the zone should be).
fn zone_pieces(l: &Lower, c: &mut Cur, hint: &str) -> Result<Vec<(PieceId, Span)>, Diagnostic> {
    let mut listed = Vec::new();
    while let Some(w) = c.peek_word() {
        if w == "at" || w == "in" {
            break;
        }
        let sp = c.here();
        if w == "to" && !listed.is_empty() {
            // `promote pawn to queen`: the zone was left out, and `to` is
            // not a piece.
            return Err(Diagnostic::error(
                "missing-argument",
                c.file,
                sp,
                "the promotion zone is missing before `to`",
            )
            .hint(hint));
        }
        listed.push((l.piece_ref(c, "a piece")?, sp));
        c.eat_op(",");
    }
    Ok(listed)
}

/// `promote PIECES at far edge | in REGION [to any | PIECE[*N], ...] [optional] [from pool] [for PLAYERS] [leaving] [optional] [capturing]`
pub(super) fn promote_stmt(
    l: &Lower,
    c: &mut Cur,
) -> Result<(Vec<(PieceId, Span)>, Promotion), Diagnostic> {
    let listed = zone_pieces(
        l,
        c,
        "write `promote pawn at far edge to queen` or `promote pawn in REGION to queen`",
    )?;
    let pieces: Vec<PieceId> = listed.iter().map(|p| p.0).collect();
    if pieces.is_empty() {
        return Err(c.expected("the piece that promotes"));
    }
    let zone = zone_ref(
        l,
        c,
        "write `promote pawn at far edge to queen` or `promote pawn in REGION to queen`",
    )?;
    // Without `to`, each man becomes its piece's promoted form
    // (`promotes to`): the choices are filled in per piece by `promote`.
    let mut choices = Vec::new();
    let mut limits = Vec::new();
    let to_forms = !c.eat_word("to");
    if to_forms {
    } else if c.eat_word("any") {
        choices = (0..l.pieces.len() as PieceId)
            .filter(|i| !l.pieces[*i as usize].piece.royal && !pieces.contains(i))
            .collect();
    } else {
        while let Some(w) = c.peek_word() {
            if PROMOTE_FLAGS.contains(&w) || w == "from" || w == "for" {
                break;
            }
            let id = l.piece_ref(c, "a piece to promote to")?;
            choices.push(id);
            if c.eat_op("*") {
                let (n, nsp) = c.expect_int("a promotion limit", 1, 255)?;
                if limits.iter().any(|&(k, m)| k == id && m != n as u32) {
                    return Err(Diagnostic::error(
                        "contradiction",
                        c.file,
                        nsp,
                        "this piece is given two different promotion limits",
                    )
                    .hint("give each choice one limit"));
                }
                limits.push((id, n as u32));
            }
            c.eat_op(",");
        }
    }
    if choices.is_empty() && !to_forms {
        return Err(c.expected("the pieces it may become"));
    }
    let mut optional = c.eat_word("optional");
    // `from pool` or `from prison`.
    let (mut from_pool, mut from_prison) = (false, None);
    if c.peek_word() == Some("from") {
        let sp = c.here();
        c.next();
        match c.peek_word() {
            Some("prison") => {
                c.next();
                from_prison = Some(sp);
            }
            _ => {
                c.expect_keyword("pool")?;
                from_pool = true;
            }
        }
    }
    let mut by_player = Vec::new();
    if c.eat_word("for") {
        by_player = vec![Vec::new(); l.players.len()];
        loop {
            let (w, sp) = c.expect_word("a player")?;
            let p = l.player_ref(c.file, sp, w)? as usize;
            by_player[p] = choices.clone();
            if !c.eat_op(",") {
                break;
            }
        }
    }
    let (mut leaving, mut capturing, mut entering) = (false, false, false);
    let (mut as_action, mut last_anywhere) = (None, None);
    while let Some(w) = c.peek_word() {
        let sp = c.here();
        let flag = match w {
            "leaving" => &mut leaving,
            "optional" => &mut optional,
            "capturing" => &mut capturing,
            "entering" => &mut entering,
            "as" => {
                c.next();
                c.expect_keyword("action")?;
                as_action = Some(sp);
                c.eat_op(",");
                continue;
            }
            "last" => {
                c.next();
                c.expect_keyword("anywhere")?;
                last_anywhere = Some(sp);
                continue;
            }
            _ => break,
        };
        *flag = true;
        c.next();
    }
    c.finish()
        .map_err(|d| d.hint("after the choices: `from pool`, `for PLAYER, ...`, then any of `leaving`, `optional`, `capturing`, `entering`, `as action`, `last anywhere`"))?;
    if let (Some(sp), None) = (last_anywhere, as_action) {
        return Err(Diagnostic::error(
            "contradiction",
            c.file,
            sp,
            "`last anywhere` is a rule of a promotion `as action`",
        )
        .hint("write `... as action, last anywhere`, or leave `last anywhere` out"));
    }
    if let Some(sp) = as_action {
        no_clash(
            c,
            sp,
            "`as action`",
            &[
                (leaving, "`leaving`"),
                (optional, "`optional`"),
                (capturing, "`capturing`"),
                (entering, "`entering`"),
                (from_pool, "`from pool`"),
                (from_prison.is_some(), "`from prison`"),
                (choices.is_empty(), "a promotion to the promoted form"),
            ],
            "a promotion as an action of its own is always the mover's choice and names its choices with `to`",
        )?;
    }
    if let Some(sp) = from_prison {
        no_clash(
            c,
            sp,
            "`from prison`",
            &[
                (leaving, "`leaving`"),
                (optional, "`optional`"),
                (capturing, "`capturing`"),
                (choices.is_empty(), "a promotion to the promoted form"),
            ],
            "a promotion from a prison is compulsory, names its choices with `to`, and needs a man held to promote",
        )?;
    }
    Ok((
        listed,
        Promotion {
            zone,
            choices,
            from_pool,
            by_player,
            limits,
            leaving,
            optional,
            capturing,
            entering,
            as_action: as_action.is_some(),
            last_anywhere: last_anywhere.is_some(),
            from_prison: from_prison.is_some(),
        },
    ))
}

/// A promotion `form` (at `sp`) combined with the first of `clash` that
/// holds: refused, with `hint`.
fn no_clash(
    c: &Cur,
    sp: Span,
    form: &str,
    clash: &[(bool, &str)],
    hint: &str,
) -> Result<(), Diagnostic> {
    match clash.iter().find(|(on, _)| *on) {
        Some((_, what)) => Err(Diagnostic::error(
            "contradiction",
            c.file,
            sp,
            format!("a promotion {form} cannot be combined with {what}"),
        )
        .hint(hint)),
        None => Ok(()),
    }
}

/// `eliminated army to mover|partner|nobody [, checked after_every_move|at_own_turn]`
pub(super) fn eliminated_stmt(c: &mut Cur) -> Result<Elimination, Diagnostic> {
    c.expect_keyword("army")?;
    c.expect_keyword("to")?;
    let (to, _) = c.expect_choice("who gets the army", &["mover", "partner", "nobody"])?;
    let mut checked = EliminationCheck::AfterEveryMove;
    if c.eat_op(",") {
        c.expect_keyword("checked")?;
        let (w, _) = c.expect_choice(
            "when players are checked",
            &["after_every_move", "at_own_turn"],
        )?;
        if w == "at_own_turn" {
            checked = EliminationCheck::AtOwnTurn;
        }
    }
    c.finish()?;
    Ok(Elimination {
        army_to: match to {
            "mover" => ArmyTo::Mover,
            "partner" => ArmyTo::Partner,
            _ => ArmyTo::Nobody,
        },
        checked,
    })
}

/// `dead material king bishop* vs king bishop* [same colour]`
pub(super) fn dead_stmt(l: &Lower, c: &mut Cur) -> Result<MaterialPattern, Diagnostic> {
    c.expect_keyword("material")?;
    let mut sides: [Vec<MaterialTerm>; 2] = [Vec::new(), Vec::new()];
    let mut side = 0;
    let mut same_colour = false;
    while !c.done() {
        if c.eat_word("vs") {
            if side == 1 {
                return Err(Diagnostic::error(
                    "bad-argument",
                    c.file,
                    c.args[c.i - 1].span,
                    "a pattern has two sides",
                ));
            }
            side = 1;
            continue;
        }
        if c.eat_word("same") {
            if !(c.eat_word("colour") || c.eat_word("color")) {
                return Err(c.expected("`colour`"));
            }
            same_colour = true;
            continue;
        }
        let piece = l.piece_ref(c, "a piece")?;
        let any = c.eat_op("*");
        sides[side].push(MaterialTerm { piece, any });
    }
    if side == 0 || sides[0].is_empty() || sides[1].is_empty() {
        return Err(Diagnostic::error(
            "missing-argument",
            c.file,
            c.end,
            "a dead-material pattern has two sides",
        )
        .hint("write `dead material king knight vs king`"));
    }
    Ok(MaterialPattern { sides, same_colour })
}

// The statements of this family as registered in `statements::STATEMENTS`.

pub(super) fn teams(l: &mut Lower, d: &mut Draft, _: &Item, c: &mut Cur) -> Result<(), Diagnostic> {
    d.teams = teams_stmt(l, c)?;
    Ok(())
}

pub(super) fn actions(
    _: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.actions_span = Some((it.file.clone(), it.stmt.head_span()));
    d.exchange_action = actions_stmt(c, &mut d.turn)?.map(|sp| (it.file.clone(), sp));
    Ok(())
}

pub(super) fn place(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.place_span
        .get_or_insert((it.file.clone(), it.stmt.head_span()));
    if super::placing::place_extra(l, d, it, c)? {
        return Ok(());
    }
    d.turn.placement.push(place_stmt(l, c, &it.stmt, &it.file)?);
    Ok(())
}

pub(super) fn first(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.first_span = Some((it.file.clone(), it.stmt.span));
    d.turn.first_action = Some(first_stmt(l, c)?);
    Ok(())
}

pub(super) fn on(l: &mut Lower, d: &mut Draft, it: &Item, c: &mut Cur) -> Result<(), Diagnostic> {
    on_stmt(l, c, &it.stmt, &it.file, &mut d.turn)
}

pub(super) fn power(l: &mut Lower, d: &mut Draft, _: &Item, c: &mut Cur) -> Result<(), Diagnostic> {
    d.turn.powers.push(power_stmt(l, c)?);
    Ok(())
}

pub(super) fn always(
    _: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.invariants.push(always_stmt(c)?);
    Ok(())
}

pub(super) fn promote(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let (ps, p) = promote_stmt(l, c)?;
    for (id, sp) in ps {
        let mut p = p.clone();
        if p.choices.is_empty() {
            let pb = &l.pieces[id as usize];
            let Some(form) = pb.piece.promotes_to else {
                if pb.broken || pb.promotes_to.is_some() {
                    continue; // already reported
                }
                return Err(Diagnostic::error(
                    "missing-argument",
                    c.file,
                    sp,
                    format!("`{}` has no promoted form to promote to", pb.piece.name),
                )
                .hint(format!(
                    "give the piece one (`piece {} {} ... promotes to PIECE`) or write `to PIECE`",
                    pb.piece.name, pb.piece.letter
                )));
            };
            p.choices = vec![form];
            if !p.by_player.is_empty() {
                for list in &mut p.by_player {
                    if list.is_empty() {
                        continue;
                    }
                    *list = vec![form];
                }
            }
        }
        d.promotions.push((id, p, it.file.clone(), it.stmt.span));
    }
    Ok(())
}

pub(super) fn eliminated(
    _: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.elimination = eliminated_stmt(c)?;
    Ok(())
}

pub(super) fn dead_material(
    l: &mut Lower,
    d: &mut Draft,
    _: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    d.dead.push(dead_stmt(l, c)?);
    Ok(())
}

/// `demote PIECES at far edge | in REGION [leaving] [optional] [capturing]`:
/// a man of a promoted form turns back into the piece it is the form of,
/// as a promotion of the form (the same zone rules and words as `promote`).
pub(super) fn demote(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    let listed = zone_pieces(
        l,
        c,
        "write `demote dragon at far edge` or `demote dragon in REGION`",
    )?;
    if listed.is_empty() {
        return Err(c.expected("the promoted form that turns back"));
    }
    let zone = zone_ref(
        l,
        c,
        "write `demote dragon at far edge` or `demote dragon in REGION`",
    )?;
    let (mut leaving, mut optional, mut capturing) = (false, false, false);
    while let Some(w) = c.peek_word() {
        let flag = match w {
            "leaving" => &mut leaving,
            "optional" => &mut optional,
            "capturing" => &mut capturing,
            _ => break,
        };
        *flag = true;
        c.next();
    }
    c.finish()
        .map_err(|d| d.hint("after the zone: any of `leaving`, `optional`, `capturing`"))?;
    for (id, sp) in listed {
        let base = l
            .pieces
            .iter()
            .position(|pb| pb.piece.promotes_to == Some(id));
        let Some(base) = base else {
            let pb = &l.pieces[id as usize];
            if pb.broken
                || l.pieces
                    .iter()
                    .any(|x| x.promotes_to.is_some() && x.piece.promotes_to.is_none())
            {
                continue; // a broken `promotes to` is already reported
            }
            return Err(Diagnostic::error(
                "bad-promoted-form",
                c.file,
                sp,
                format!(
                    "`{}` is not the promoted form of any piece, so it has nothing to turn back into",
                    pb.piece.name
                ),
            )
            .hint("name a promoted form: `piece pawn P moves \"fW\" promotes to tokin`, then `demote tokin ...`"));
        };
        let p = Promotion {
            zone: zone.clone(),
            choices: vec![base as PieceId],
            from_pool: false,
            by_player: Vec::new(),
            limits: Vec::new(),
            leaving,
            optional,
            capturing,
            entering: false,
            as_action: false,
            last_anywhere: false,
            from_prison: false,
        };
        d.promotions.push((id, p, it.file.clone(), it.stmt.span));
    }
    Ok(())
}
