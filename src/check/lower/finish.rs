//! Lowering: the checks across statements once every statement is lowered,
//! and the [`Variant`] assembled from the draft.

use super::*;

/// Cross-field checks, then the variant (`None` when an error was reported
/// since `errors_before`).
#[allow(clippy::too_many_arguments)]
pub(super) fn finish(
    mut l: Lower,
    d: Draft,
    name: &str,
    title: Option<String>,
    file: &Arc<str>,
    name_span: Span,
    options: Vec<OptionValue>,
    errors_before: usize,
) -> Option<Variant> {
    let Draft {
        setup,
        mut turn,
        end_checked,
        mut teams,
        invariants,
        dead,
        elimination,
        end,
        promotions,
        actions_span,
        place_span,
        first_span,
        move_req_span,
        move_where_span: d_move_where_span,
        castling_field_span,
        explode_span,
        royalty_span,
        captures_span,
        rebirth_span,
        walls_span,
        gating_span,
        gate_spans,
        petrify_span,
        fog_span,
        face_down,
        turn_safe_span,
        ep_turn_span,
        points_span,
        score_span,
        dice_span,
        exchange_action,
        exchange_span,
        aliases,
        boards_span,
        lion_trading_span,
        ..
    } = d;
    // A hexagon has no quarter turns: its men face north or south.
    if l.board.as_ref().is_some_and(|b| b.hex.is_some())
        && l.players
            .iter()
            .any(|p| matches!(p.forward, Dir::East | Dir::West))
    {
        let (f, sp) = l.players_span.clone().unwrap_or((file.clone(), name_span));
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                &f,
                sp,
                "on a hexagonal board men face north or south only",
            )
            .hint("a hexagon's files run north and south; there is no east or west file to face"),
        );
    }
    royalty::finish_checks(
        &mut l,
        &turn,
        !invariants.is_empty(),
        explode_span.clone(),
        royalty_span,
    );
    strike_checks(&mut l, &turn);
    if let (true, Some((f, sp))) = (turn.suicide, &actions_span) {
        if !l.pieces.iter().any(|p| p.piece.immobilises) {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *sp,
                    "`suicide` is never possible: only an immobilised man may leave the game so, and no piece `immobilises`",
                )
                .hint("give a piece `immobilises`, or remove `suicide` from `actions`"),
            );
        }
    }
    rebirth_checks(&mut l, &turn, captures_span.clone(), rebirth_span);
    if let (Some((f, sp)), Some(_)) = (&castling_field_span, &turn.castling) {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                f,
                *sp,
                "`listed in castling field` cannot be used with `castling`: the castling field holds the castling rights",
            )
            .hint("remove `castling`, or keep these men's has-moved flags in the placement (`K(u)`)"),
        );
    }
    // Promotions attach to pieces (last wins; with `for PLAYERS`, last
    // wins for those players).
    let mut promote_at: HashMap<PieceId, (Arc<str>, Span)> = HashMap::new();
    let nplayers = l.players.len();
    for (id, p, f, sp) in promotions {
        let Some(pb) = l.pieces.get_mut(id as usize) else {
            continue;
        };
        let merged = match pb.piece.promotion.take() {
            Some(old) if !p.by_player.is_empty() => {
                let limits = merged_limits(&old.limits, &p.limits);
                if old.zone != p.zone
                    || old.from_pool != p.from_pool
                    || old.from_prison != p.from_prison
                    || (old.leaving, old.optional, old.capturing, old.entering)
                        != (p.leaving, p.optional, p.capturing, p.entering)
                    || (old.as_action, old.last_anywhere) != (p.as_action, p.last_anywhere)
                    || limits.is_none()
                {
                    let mut d = Diagnostic::error(
                        "contradiction",
                        &f,
                        sp,
                        format!("`{}` promotes in two different ways", pb.piece.name),
                    )
                    .hint("`for PLAYER` may change the choices, not the zone, `optional`, `from pool`, `as action` or a choice's limit");
                    if let Some((ff, fs)) = promote_at.get(&id) {
                        if *ff == f {
                            d = d.label(*fs, "the other promotion");
                        }
                    }
                    l.diags.push(d);
                    pb.piece.promotion = Some(old);
                    continue;
                }
                let mut by = if old.by_player.is_empty() {
                    vec![old.choices.clone(); nplayers]
                } else {
                    old.by_player
                };
                for (q, list) in p.by_player.iter().enumerate() {
                    if !list.is_empty() {
                        by[q] = list.clone();
                    }
                }
                Promotion {
                    limits: limits.unwrap_or_default(),
                    ..union_choices(&p, by)
                }
            }
            _ if !p.by_player.is_empty() => union_choices(&p, p.by_player.clone()),
            _ => p,
        };
        pb.piece.promotion = Some(merged);
        promote_at.insert(id, (f, sp));
    }

    lion::checks(&mut l, &turn);
    lion::trading_checks(&mut l, &turn, lion_trading_span);

    // Cross-field checks.
    let failed = |k: &str| l.cards_failed.contains(&k);
    let has_hands = setup.hands.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("hands");
    let has_decks = setup.decks.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("decks");
    let has_pools = setup.pools.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("pools");
    // Where to point for a contradiction with the actions.
    let at_actions = actions_span.clone().unwrap_or((file.clone(), name_span));
    let place_rules = !turn.placement.is_empty()
        || !turn.keep_room.is_empty()
        || !turn.placed_unmoved.is_empty()
        || !turn.place_promoted.is_empty()
        || turn.must_place
        || turn.unlimited_hands;
    if !turn.place && !turn.draw && place_rules {
        let (f, s) = place_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "placement rules are given but no action places a man",
            )
            .hint(if actions_span.is_some() {
                "add `place` (or `draw`) to `actions`"
            } else {
                "add `actions place, move` (or `draw`)"
            }),
        );
    }
    if turn.unlimited_hands && has_hands {
        let (f, s) = place_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "`place unlimited` hands are never counted, but the setup fills hands",
            )
            .hint("remove `hands:` from the setup, or `place unlimited`"),
        );
    }
    if turn.draw && !has_decks {
        let (f, s) = actions_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error("contradiction", &f, s, "the `draw` action needs a deck")
                .hint("add `decks: ...` to the setup"),
        );
    }
    if has_decks && !turn.draw {
        l.err(
            Diagnostic::error(
                "contradiction",
                &at_actions.0,
                at_actions.1,
                "the players have decks but no `draw` action",
            )
            .hint("add `draw` to `actions`"),
        );
    }
    gate_checks(&mut l, &turn, &setup, gating_span, &gate_spans, has_hands);
    if has_hands && !turn.place && turn.gating.is_none() {
        l.err(
            Diagnostic::warning(
                "unreachable",
                &at_actions.0,
                at_actions.1,
                "men in the hands can never be placed: there is no `place` action",
            )
            .hint("add `place` to `actions`"),
        );
    }
    // The attacks a move-shape condition restricts are read on the board
    // as it stands: a blast's removals would need them read without the
    // blown men, which the engine does not do.
    if let (Some((f, s)), Some(_)) = (&d_move_where_span, &explode_span) {
        l.err(
            Diagnostic::error(
                "contradiction",
                f,
                *s,
                "`move ... where` cannot be combined with `explode on capture`",
            )
            .hint("the engine does not carry out move conditions on exploding captures"),
        );
    }
    if let (false, Some((f, s))) = (turn.moves, &d_move_where_span) {
        l.err(
            Diagnostic::error(
                "contradiction",
                f,
                *s,
                "`move ... where` is given but moves are not an action",
            )
            .hint("add `move` to `actions`"),
        );
    }
    if !turn.moves && move_req_span.is_some() {
        let (f, s) = move_req_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "`move requires` is given but moves are not an action",
            )
            .hint("add `move` to `actions`"),
        );
    }
    for (i, pb) in l.pieces.iter().enumerate() {
        if let Some(p) = &pb.piece.promotion {
            if p.from_prison && turn.captures != crate::ir::Captures::ToPrison {
                let (f, s) = promote_at
                    .get(&(i as PieceId))
                    .cloned()
                    .unwrap_or((pb.file.clone(), pb.span));
                l.diags.push(
                    Diagnostic::error(
                        "contradiction",
                        &f,
                        s,
                        format!(
                            "`{}` promotes `from prison`, but captured men go to no prison",
                            pb.piece.name
                        ),
                    )
                    .hint("add `captures to prison`, or promote as in chess (leave `from prison` out)"),
                );
            }
            if p.from_pool && !has_pools {
                let (f, s) = promote_at
                    .get(&(i as PieceId))
                    .cloned()
                    .unwrap_or((pb.file.clone(), pb.span));
                l.diags.push(
                    Diagnostic::warning(
                        "unreachable",
                        &f,
                        s,
                        format!(
                            "`{}` promotes from a pool, but no player has a pool",
                            pb.piece.name
                        ),
                    )
                    .hint("add `pools: ...` to the setup"),
                );
            }
        }
    }
    if turn.first_action.as_ref().is_some_and(|a| match a.kind {
        ActionKind::Move => !turn.moves,
        ActionKind::Place => !turn.place,
        ActionKind::Draw => !turn.draw,
        ActionKind::Power => turn.powers.is_empty(),
    }) {
        let (f, s) = first_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "the first action is of a kind the variant does not allow",
            )
            .hint(match turn.first_action.as_ref().map(|a| a.kind) {
                Some(ActionKind::Power) => "declare a `power`",
                _ => "list it in `actions`",
            }),
        );
    }
    // A piece whose definition is broken might have been meant royal.
    let royal_exists = l.pieces_failed || l.pieces.iter().any(|p| p.piece.royal || p.broken);
    for (r, _, f, s) in &end {
        let bad_outcome = match (&r.when, r.then) {
            (Event::Surrounded(_), Then::Remove) => false,
            (_, Then::Remove) => true,
            (Event::Stalemate, Then::Pass) => false,
            (_, Then::Pass) => true,
            (Event::UnplaceableCard, Then::ReturnCard) => false,
            (_, Then::ReturnCard) => true,
            _ => false,
        };
        if bad_outcome {
            l.diags.push(Diagnostic::error("bad-outcome", f, *s, format!("`{}` cannot follow this condition", outcome_word(r.then))).hint(
                "`remove` follows `surrounded PIECE`, `pass` follows `stalemate`, `return card` follows `unplaceable card`",
            ));
        } else if r.when.is_immediate()
            && matches!(
                r.then,
                Then::Outcome(Outcome::ClaimDraw | Outcome::Eliminated)
            )
        {
            l.diags.push(
                Diagnostic::error(
                    "bad-outcome",
                    f,
                    *s,
                    format!(
                        "`{}` cannot follow a goal: `reach`, `count`, `extinct` and `checks` end the game at once",
                        outcome_word(r.then)
                    ),
                )
                .hint("write `win`, `lose` or `draw`"),
            );
        }
        if matches!(
            r.when,
            Event::Checkmate
                | Event::CheckmateByPlacing(_)
                | Event::CheckmateGivenOnlyBy(_)
                | Event::CheckmateWithoutCheckBy(_)
        ) && !royal_exists
        {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "checkmate can never happen: no piece is `royal`",
                )
                .hint("mark the king `royal`, or remove this rule"),
            );
        }
        if matches!(r.when, Event::Quiet { plus: Some(_), .. }) && !royal_exists {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "`plus ... per check` never lengthens the count: no piece is `royal`, so no check is ever given",
                )
                .hint("mark the king `royal`, or drop the `plus` clause"),
            );
        }
        if matches!(r.when, Event::Checks(_)) && !royal_exists {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "no check is ever given: no piece is `royal`",
                )
                .hint("mark the king `royal`, or remove this rule"),
            );
        }
        if matches!(r.when, Event::CountedOut) && (turn.counting.is_none() || l.players.len() != 2)
        {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "nothing is ever counted: `counted out` needs a `counting` statement and two players",
                )
                .hint("add `counting lone: ...` or `counting board: ...`, or remove this rule"),
            );
        }
        if matches!(r.when, Event::FacingKept) {
            let why = if turn.facing_must_break.is_empty() {
                Some((
                    "no facing is ever kept: no piece is listed in `facing ...: must break`",
                    "add `facing king: must break`, or remove this rule",
                ))
            } else if !turn.pass {
                Some((
                    "no facing is ever kept: only a pass keeps one, and no player may pass",
                    "add `pass` to `actions`, or remove this rule",
                ))
            } else {
                None
            };
            if let Some((msg, hint)) = why {
                l.diags
                    .push(Diagnostic::warning("unreachable", f, *s, msg).hint(hint));
            }
        }
        if matches!(r.then, Then::Outcome(Outcome::MostPoints))
            && turn.points.is_none()
            && turn.scoring.is_none()
        {
            l.diags.push(
                Diagnostic::error(
                    "contradiction",
                    f,
                    *s,
                    "`most points` decides, but no `points` or `score` statement gives any points",
                )
                .hint("add `points PIECE N, ...` (each piece's points per man on the board), or `score ...` (points for events)"),
            );
        }
        if matches!(r.when, Event::UnplaceableCard) && !turn.draw {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "no card is ever drawn in this variant",
                )
                .hint("remove this rule, or add `draw` to `actions` and decks to the setup"),
            );
        }
        if matches!(r.when, Event::HandEmpty) && !has_hands && !has_decks {
            l.diags.push(
                Diagnostic::warning("unreachable", f, *s, "every hand is empty from the start")
                    .hint("fill the hands in the setup: `hands: ...`"),
            );
        }
        if matches!(r.then, Then::Outcome(Outcome::Score { .. })) {
            // A share goes to the subject and the rest to the one other
            // player: a goal or a card decides elsewhere, and more players
            // have no single "other".
            let why = if l.players.len() != 2 {
                Some((
                    "`score N/D` needs exactly two players: the subject scores N/D, the other the rest",
                    "with more players, write `win`, `lose` or `eliminated`",
                ))
            } else if r.when.is_immediate() || matches!(r.when, Event::UnplaceableCard) {
                Some((
                    "`score N/D` cannot follow a goal or `unplaceable card`: they end the game with a winner",
                    "write `win`, `lose` or `draw`",
                ))
            } else {
                None
            };
            if let Some((msg, hint)) = why {
                l.diags
                    .push(Diagnostic::error("bad-outcome", f, *s, msg).hint(hint));
            }
        }
        if matches!(r.then, Then::Outcome(Outcome::Eliminated))
            && l.players.len() < 3
            && teams.is_empty()
        {
            l.diags.push(
                Diagnostic::warning(
                    "style",
                    f,
                    *s,
                    "with two players, `eliminated` is the same as `lose`",
                )
                .hint("write `lose`"),
            );
        }
    }
    score::score_checks(&mut l, &turn, &teams, &end, &score_span, &points_span);
    // One check count per player: a second `checks` rule would need another.
    let mut first_checks: Option<Span> = None;
    for (r, _, f, s) in &end {
        if let Event::Checks(_) = r.when {
            match first_checks {
                None => first_checks = Some(*s),
                Some(fs) => l.diags.push(
                    Diagnostic::error("contradiction", f, *s, "a second `checks` rule")
                        .label(fs, "the first is here")
                        .hint("checks are counted once per player: keep one `checks N` rule"),
                ),
            }
        }
    }
    // The engine keeps one quiet-move counter, so every `quiet` rule must
    // reset on the same things (the counts may differ: 100 -> claim, 150 -> draw).
    let mut quiet_resets: Option<(&Vec<Reset>, Span)> = None;
    for (r, _, f, s) in &end {
        if let Event::Quiet { .. } = &r.when {
            let resets = &r.resets;
            match &quiet_resets {
                None => quiet_resets = Some((resets, *s)),
                Some((first, fs)) if *first != resets => {
                    l.diags.push(
                        Diagnostic::error("contradiction", f, *s, "two `quiet` rules reset on different things")
                            .label(*fs, "the first resets here")
                            .hint("give every `quiet` rule the same `reset by` list; only the counts may differ"),
                    );
                }
                _ => {}
            }
        }
    }
    // `resets clock` pieces reset every quiet-move counter.
    let clock_pieces: Vec<PieceId> = l
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.resets_clock)
        .map(|(k, _)| k as PieceId)
        .collect();
    let mut end_rules: Vec<EndRule> = Vec::new();
    let mut removals = Vec::new();
    let mut quiet_resets: Vec<Reset> = Vec::new();
    for (r, _, _, _) in end {
        let when = match r.when {
            Event::Quiet { plies, plus } => {
                for x in r.resets {
                    if !quiet_resets.contains(&x) {
                        quiet_resets.push(x);
                    }
                }
                Event::Quiet { plies, plus }
            }
            other => other,
        };
        match (r.then, &when) {
            (Then::Outcome(then), _) => end_rules.push(EndRule {
                when,
                then,
                player: r.player,
                mover: r.mover,
            }),
            (Then::Remove, Event::Surrounded(piece)) => removals.push(Removal {
                piece: *piece,
                after: end_rules.len(),
            }),
            (Then::Pass, _) => turn.when_stuck = WhenStuck::Pass,
            (Then::ReturnCard, _) => turn.unplaceable = Unplaceable::ReturnCard,
            // Reported above as `bad-outcome`.
            (Then::Remove, _) => {}
        }
    }
    if teams.is_empty() {
        teams = (0..l.players.len() as PlayerId).map(|p| vec![p]).collect();
    }
    let errors_now = l.diags.iter().filter(|d| d.is_error()).count();
    let mut v = Variant {
        name: name.to_string(),
        title: title.unwrap_or_else(|| name.to_string()),
        aliases,
        players: l.players.clone(),
        teams,
        board: l.board.clone().unwrap_or(Board {
            shape: Shape::Rect {
                width: 8,
                height: 8,
                holes: vec![],
            },
            a1_dark: true,
            hex: None,
            wrap: crate::ir::Wrap::default(),
            layers: 1,
        }),
        pieces: l.pieces.iter().map(|p| p.piece.clone()).collect(),
        regions: l.regions.iter().map(|r| r.0.clone()).collect(),
        setup,
        turn,
        end: end_rules,
        removals,
        quiet_resets: {
            for k in clock_pieces {
                if !quiet_resets.contains(&Reset::Piece(k)) {
                    quiet_resets.push(Reset::Piece(k));
                }
            }
            quiet_resets
        },
        end_checked,
        invariants,
        dead_material: dead,
        elimination,
        options,
    };
    if let Some((f, sp)) = &walls_span {
        walls::finish_checks(&mut l, &v, f, *sp);
    }
    if let Some((f, sp)) = &petrify_span {
        walls::petrify_checks(&mut l, &v, f, *sp);
    }
    if let Some((f, sp)) = &points_span {
        if !v.end.iter().any(|r| r.then == Outcome::MostPoints) {
            l.diags.push(
                Diagnostic::warning("unreachable", f, *sp, "no end rule reads the points")
                    .hint("end a rule with `-> most points` (`repetition 3 -> most points`), or remove `points`"),
            );
        }
    }
    if let Some((f, sp)) = &turn_safe_span {
        turn_plan::royal_safe_checks(&mut l, &v, f, *sp);
    }
    if let Some((f, sp)) = &ep_turn_span {
        turn_plan::ep_turn_checks(&mut l, &v, f, *sp);
    }
    if let Some((f, sp)) = &dice_span {
        dice::dice_checks(&mut l, &v, f, *sp);
    }
    let face_down_failed = match &face_down {
        Some((kinds, f, sp)) => !hidden::finish_face_down(&mut l, &mut v, kinds, f, *sp),
        None => false,
    };
    boards::boards_checks(&mut l, &v, boards_span.as_ref());
    prison::prison_checks(
        &mut l,
        &v,
        captures_span.as_ref(),
        exchange_action.as_ref(),
        exchange_span.as_ref(),
    );
    if let (Some((f, sp)), Shape::Unbounded { .. }) = (&fog_span, &v.board.shape) {
        // A view of a floating area would show where the hidden men hold
        // it: the area's box is drawn from every man on the board.
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                f,
                *sp,
                "`fog of war` cannot be used with an unbounded board",
            )
            .hint("the floating area's bounds would show where hidden men stand: give the board a size (`board 8x8`)"),
        );
    }
    if !v.can_end() {
        l.diags.push(
            Diagnostic::warning(
                "no-ending",
                file,
                name_span,
                format!("variant `{name}` has no rule that ends the game"),
            )
            .hint("add an `end { ... }` block, for example `checkmate -> lose`"),
        );
    }
    if errors_now > errors_before || face_down_failed {
        None
    } else {
        Some(v)
    }
}

/// A per-player promotion whose `choices` are the union of the players'.
fn union_choices(p: &Promotion, by_player: Vec<Vec<PieceId>>) -> Promotion {
    let mut choices: Vec<PieceId> = Vec::new();
    for &c in by_player.iter().flatten() {
        if !choices.contains(&c) {
            choices.push(c);
        }
    }
    Promotion {
        zone: p.zone.clone(),
        choices,
        from_pool: p.from_pool,
        by_player,
        limits: p.limits.clone(),
        leaving: p.leaving,
        optional: p.optional,
        capturing: p.capturing,
        entering: p.entering,
        as_action: p.as_action,
        last_anywhere: p.last_anywhere,
        from_prison: p.from_prison,
    }
}

/// The limits of two statements of one piece together, or `None` when
/// they give one kind two different limits.
fn merged_limits(a: &[(PieceId, u32)], b: &[(PieceId, u32)]) -> Option<Vec<(PieceId, u32)>> {
    let mut out = a.to_vec();
    for &(k, n) in b {
        match out.iter().find(|&&(x, _)| x == k) {
            Some(&(_, m)) if m != n => return None,
            Some(_) => {}
            None => out.push((k, n)),
        }
    }
    Some(out)
}

/// What the captures that are not a move onto the man taken (`captures
/// in place`, `captures by approach | withdrawal | leaping | coordination
/// | custody | imitation`) and `immobilises` need
/// of the rest of the variant: squares that stay put (no unbounded board,
/// whose box the engine recentres around a man that lands), and none of
/// the rules decided where the capturer lands or by plain attacks
/// (explosions, rebirth, gating, walls); approach, withdrawal and
/// immobilisation need straight lines of squares (no hexagonal board, no
/// wrapped edge) and no castling (its squares are judged by plain attacks).
fn strike_checks(l: &mut Lower, turn: &Turn) {
    let unbounded = matches!(
        l.board.as_ref().map(|b| &b.shape),
        Some(Shape::Unbounded { .. })
    );
    let hex = l.board.as_ref().is_some_and(|b| b.hex.is_some());
    let wrapped = l.board.as_ref().is_some_and(|b| b.wrap.any());
    let mut bad = Vec::new();
    for p in &l.pieces {
        let q = &p.piece;
        let (what, lines) = if q
            .captures_by
            .iter()
            .all(|k| matches!(k, CaptureBy::Approach | CaptureBy::Withdrawal))
            && !q.captures_by.is_empty()
        {
            ("captures by approach or withdrawal".to_string(), true)
        } else if let Some(k) = q
            .captures_by
            .iter()
            .find(|k| !matches!(k, CaptureBy::Approach | CaptureBy::Withdrawal))
        {
            let word = CaptureBy::ALL
                .iter()
                .find(|(_, x)| x == k)
                .map_or("", |(w, _)| *w);
            (format!("captures by {word}"), true)
        } else if q.immobilises {
            ("immobilises".to_string(), true)
        } else if q.captures_in_place {
            ("captures in place".to_string(), false)
        } else {
            continue;
        };
        let why = if unbounded {
            Some("it cannot be used on an unbounded board (its box follows the men that land)")
        } else if turn.explosion.is_some() {
            Some("it cannot be combined with `explode on capture` (the blast is centred where a capturer lands)")
        } else if turn.captures.rebirth() {
            Some("it cannot be combined with `captures reborn` (the rebirth square is chosen where a capturer lands)")
        } else if turn.gating.is_some() {
            Some("it cannot be combined with `gating` (a gating move is not judged by it)")
        } else if turn.walls.is_some() {
            Some("it cannot be combined with walls (`then place wall`, `then move wall`)")
        } else if lines && hex {
            Some("it needs the straight lines of a square board, not a hexagonal one")
        } else if lines && wrapped {
            Some("it needs the lines of a board as drawn: its neighbours are not found across a wrapped edge")
        } else if lines && turn.castling.is_some() {
            Some("it cannot be combined with `castling` (the squares a castling crosses are judged by plain attacks)")
        } else {
            None
        };
        if let Some(why) = why {
            bad.push((
                p.file.clone(),
                p.span,
                format!("piece `{}` {what}: {why}", q.name),
            ));
        }
    }
    for (f, sp, msg) in bad {
        l.diags.push(
            Diagnostic::error("contradiction", &f, sp, msg)
                .hint("remove the attribute, or the statement that conflicts"),
        );
    }
}

/// What rebirth (`captures reborn [capturer]`, `rebirth ... in`) needs of
/// the rest of the variant: squares (a board with named squares), no
/// gating (its captures are not reborn) and no walls (a wall's square is
/// chosen before the rebirth).
fn rebirth_checks(
    l: &mut Lower,
    turn: &Turn,
    captures_at: Option<(Arc<str>, Span)>,
    rebirth_at: Option<(Arc<str>, Span)>,
) {
    if let (false, Some((f, s))) = (turn.captures.rebirth(), &rebirth_at) {
        l.diags.push(
            Diagnostic::warning(
                "unreachable",
                f,
                *s,
                "`rebirth ... in` does nothing: captured men are not reborn",
            )
            .hint("add `captures reborn` (Circe) or `captures reborn capturer` (Anti-Circe), or remove this statement"),
        );
    }
    let Some((f, s)) = captures_at.filter(|_| turn.captures.rebirth()) else {
        return;
    };
    let unbounded = matches!(
        l.board.as_ref().map(|b| &b.shape),
        Some(Shape::Unbounded { .. })
    );
    let why = if unbounded {
        Some("rebirth needs squares: an unbounded board has no game-start squares to be reborn on")
    } else if turn.gating.is_some() {
        Some("rebirth cannot be combined with `gating`: a gating move's capture is not reborn")
    } else if turn.walls.is_some() {
        Some("rebirth cannot be combined with walls (`then place wall`, `then move wall`): a wall's square is chosen before the rebirth")
    } else {
        None
    };
    if let Some(why) = why {
        l.diags.push(
            Diagnostic::error("contradiction", &f, s, why.to_string())
                .hint("remove `captures reborn`, or the statement that conflicts"),
        );
    }
}

/// The gates of `gating ... above` (`PLAYER gates:` lines): they need the
/// statement, a listed kind, a square of the owner's region with the
/// owner's man on it; and per-square gates take FEN's `[...]` field, so
/// they are refused beside men in hand.
fn gate_checks(
    l: &mut Lower,
    turn: &Turn,
    setup: &Setup,
    gating_at: Option<(Arc<str>, Span)>,
    spans: &[(Arc<str>, Span)],
    has_hands: bool,
) {
    let above = turn.gating.as_ref().filter(|g| g.above);
    let Some(g) = above else {
        if let Some((f, s)) = spans.first() {
            l.diags.push(
                Diagnostic::error(
                    "contradiction",
                    f,
                    *s,
                    "gates are given but the variant has no `gating ... above`",
                )
                .hint("add `gating PIECE, ... above REGION`, or remove the `gates:` lines"),
            );
        }
        return;
    };
    if let (true, Some((f, s))) = (has_hands || turn.place, &gating_at) {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                f,
                *s,
                "per-square gates (`gating ... above`) cannot be combined with men in hand or the `place` action: both would be written in FEN's `[...]` field",
            )
            .hint("gate from the hand with `gating PIECE, ... in REGION`, or remove the hands"),
        );
    }
    // A promotion as an action (in place, or by a step off the gate's
    // square) is no board move the gates' consequence reads: not carried.
    let as_action = l
        .pieces
        .iter()
        .find(|p| p.piece.promotion.as_ref().is_some_and(|pr| pr.as_action));
    if let (Some(pb), Some((f, s))) = (as_action, &gating_at) {
        let name = pb.piece.name.clone();
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                f,
                *s,
                format!("per-square gates (`gating ... above`) cannot be combined with promotion as an action (`{name}`)"),
            )
            .hint("promote by the move that reaches the zone: `promote PIECE at ...` without `as action`"),
        );
    }
    let shuffled = !setup.shuffles.is_empty();
    let region = l.regions.get(g.region as usize).map(|(r, _)| r.clone());
    for (gate, (f, s)) in setup.gates.iter().zip(spans) {
        let why = if !g.pieces.contains(&gate.piece) {
            Some((
                "this kind is not one `gating ... above` lists",
                "add it to the `gating ... above` statement, or gate a listed kind",
            ))
        } else if region.as_ref().is_some_and(|r| {
            !r.squares
                .get(gate.owner as usize)
                .is_some_and(|sq| sq.contains(&gate.at))
        }) {
            Some((
                "this square is not on its owner's part of the gating region",
                "a gate waits above a square of the region `gating ... above` names",
            ))
        } else if !shuffled
            && !setup
                .men
                .iter()
                .any(|m| m.at == gate.at && m.owner == gate.owner)
        {
            Some((
                "no man of the gate's owner stands on this square in the setup",
                "a gate's man enters when the man on its square leaves it: put one there, or gate another square",
            ))
        } else {
            None
        };
        if let Some((why, hint)) = why {
            l.diags
                .push(Diagnostic::error("contradiction", f, *s, why).hint(hint));
        }
    }
}
