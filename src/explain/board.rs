//! Board moves: the man, the guards on moving, the promotion, the
//! candidates before the constraints and what each breaks, the filters on
//! the legal list; and a SAN move that names a piece and a target only.

use super::reason::Reason;
use super::{castle, reach, words, Explanation, Found, Role, RuleRef, Scene};
use crate::engine::{lone_reach, Bits, Broken, Man, Move, MoveKind, Square, Surroundings};
use crate::ir::{ActionKind, Letter, Pred};

/// Whether `m` moves the man on `from` to `to` (castling: to the
/// castler's landing square or onto the partner).
pub(crate) fn goes(m: Move, from: Square, to: Square) -> bool {
    m.mid().is_none()
        && m.from() == Some(from)
        && (m.to() == Some(to)
            || matches!(m, Move::Castle { partner, .. } | Move::CastleGate { partner, .. } if partner == to))
}

/// The letter of the kind a move promotes to.
fn promo_letter(sc: &Scene, m: Move) -> Option<char> {
    m.promotion()
        .and_then(|k| sc.v.pieces.get(k as usize))
        .map(|p| p.letter.ch())
}

/// The man of the player to act on `from`, or why there is none: the
/// square is empty, or the man there is another player's.
pub(crate) fn own_man(sc: &Scene, from: Square) -> Result<Man, Reason> {
    let pos = sc.pos;
    let me = pos.turn();
    let man = pos.man_at(from).ok_or_else(|| Reason::NoMan {
        square: words::square(pos, from),
    })?;
    if man.owner() != me {
        return Err(Reason::NotYours {
            man: words::man_on(pos, from),
            to_move: words::player(sc.v, me),
        });
    }
    Ok(man)
}

/// Why the man on `from` may not go to `to` (promoting to `promo`).
pub(crate) fn board_move(sc: &Scene, from: Square, to: Square, promo: Option<char>) -> Found {
    let pos = sc.pos;
    let f = |r: Reason| {
        Found::new(r)
            .mark(pos, from, Role::From)
            .mark(pos, to, Role::To)
    };
    let man = match own_man(sc, from) {
        Ok(m) => m,
        Err(r) => return f(r),
    };
    if let Some(found) = guards(sc) {
        return found.mark(pos, from, Role::From).mark(pos, to, Role::To);
    }
    if let Some(by) = pos.immobilised_by(from) {
        let piece = words::piece(sc.v, pos.man_at(by).map_or(0, |m| m.kind()));
        let attr = if sc.v.pieces.iter().any(|p| p.name == piece && p.immobilises) {
            "immobilises"
        } else {
            "captures by imitation"
        };
        return f(Reason::Immobilised {
            man: words::man_on(pos, from),
            by: words::man_on(pos, by),
        })
        .mark(pos, by, Role::Attacker)
        .rule(Some(RuleRef::said(format!("piece {piece} ... {attr}"))));
    }
    let legal: Vec<Move> = sc
        .legal
        .iter()
        .copied()
        .filter(|&m| goes(m, from, to))
        .collect();
    if !legal.is_empty() {
        return promotion(sc, from, to, man, promo, &legal)
            .mark(pos, from, Role::From)
            .mark(pos, to, Role::To);
    }
    // `dice`: a man of a kind the roll does not name (castling is judged
    // below, by its own rule: either of its men may be the rolled one).
    if let Some(kinds) = pos.roll_kinds() {
        let castles = pos
            .candidate_moves()
            .into_iter()
            .any(|m| goes(m, from, to) && m.kind() == MoveKind::Castle);
        if !kinds.contains(&man.kind()) && !castles {
            let names: Vec<String> = kinds.iter().map(|&k| words::piece(sc.v, k)).collect();
            let faces: Vec<String> = pos.roll_faces().iter().map(|f| f.to_string()).collect();
            return f(Reason::NotRolled {
                man: words::man_on(pos, from),
                roll: faces.join("+"),
                kinds: if names.is_empty() {
                    "kind no man has".into()
                } else {
                    names.join(" or ")
                },
            });
        }
    }
    let cands: Vec<Move> = pos
        .candidate_moves()
        .into_iter()
        .filter(|&m| goes(m, from, to))
        .collect();
    let castling = cands
        .iter()
        .all(|m| matches!(m.kind(), MoveKind::Castle | MoveKind::Gate));
    if castling {
        if let Some(found) = castle::attempt(sc, from, man, to) {
            return found.mark(pos, from, Role::From).mark(pos, to, Role::To);
        }
    }
    if !cands.is_empty() {
        let pick = cands
            .iter()
            .copied()
            .find(|&m| promo_letter(sc, m) == promo.map(|c| c.to_ascii_uppercase()))
            .unwrap_or(cands[0]);
        let broken = pos.broken_by(pick);
        if let Some(b) = broken.first() {
            return constraint(sc, from, man, pick, b)
                .mark(pos, from, Role::From)
                .mark(pos, to, Role::To);
        }
        return filters(sc, pick)
            .mark(pos, from, Role::From)
            .mark(pos, to, Role::To);
    }
    let why_not = reach::why_not(pos, from, man, to);
    if why_not.is_none() && pos.promotion_unheld(man, to) {
        // `promote ... from prison` with no choice held: no move into the
        // zone exists.
        return prison_promotion(sc, from, man, to)
            .mark(pos, from, Role::From)
            .mark(pos, to, Role::To);
    }
    let found = match why_not {
        Some(r) => Found::new(r),
        None => cannot(sc, from, man, to),
    };
    let rule = RuleRef::said(format!(
        "piece {} moves \"{}\"",
        words::piece(sc.v, man.kind()),
        sc.v.pieces[man.kind() as usize].betza
    ));
    let found = match &found.reason {
        Reason::Confined { region, .. } => {
            let r = format!("confined {} to {region}", words::piece(sc.v, man.kind()));
            found.rule(Some(RuleRef::said(r)))
        }
        Reason::NoCaptures { .. } => found.rule(Some(RuleRef::said("captures none"))),
        _ => found.rule(Some(rule)),
    };
    let found = blockers(found, pos);
    found.mark(pos, from, Role::From).mark(pos, to, Role::To)
}

/// Mark the blocker a [`Reason::PathBlocked`] names.
fn blockers(found: Found, pos: &crate::engine::Position) -> Found {
    let at = match &found.reason {
        Reason::PathBlocked { at, .. } => super::read::square(at).and_then(|c| pos.square_at(c)),
        _ => None,
    };
    match at {
        Some(sq) => found.mark(pos, sq, Role::Blocker),
        None => found,
    }
}

/// A move into the zone of a promotion `from prison` with no choice held.
fn prison_promotion(sc: &Scene, from: Square, man: Man, to: Square) -> Found {
    let pos = sc.pos;
    let choices: Vec<String> =
        sc.v.pieces
            .get(man.kind() as usize)
            .and_then(|p| p.promotion.as_ref())
            .map(|pr| {
                pr.choices_of(man.owner())
                    .iter()
                    .map(|&k| words::piece(sc.v, k))
                    .collect()
            })
            .unwrap_or_default();
    Found::new(Reason::NoneHeldToPromote {
        man: words::man_on(pos, from),
        to: words::square(pos, to),
        choices,
    })
    .rule(promotion_rule(sc, man))
}

/// The piece's moves never lead there: say what they reach.
fn cannot(sc: &Scene, from: Square, man: Man, to: Square) -> Found {
    let pos = sc.pos;
    let piece = &sc.v.pieces[man.kind() as usize];
    let mut reach: Vec<(crate::ir::Coord, String)> = lone_reach(
        pos.tables(),
        man.kind(),
        man.owner(),
        man.facing(),
        from,
        pos.is_unmoved(from),
        &Surroundings::default(),
    )
    .map(|b| {
        b.into_iter()
            .map(|s| (pos.coord(s), words::square(pos, s)))
            .collect()
    })
    .unwrap_or_default();
    reach.sort_by_key(|(c, _)| (c.x, c.y));
    let mut names: Vec<String> = reach.into_iter().map(|(_, n)| n).collect();
    if names.len() > 16 {
        let more = names.len() - 12;
        names.truncate(12);
        names.push(format!("{more} more squares"));
    }
    Found::new(Reason::CannotMove {
        man: words::man_on(pos, from),
        piece: piece.name.clone(),
        from: words::square(pos, from),
        to: words::square(pos, to),
        betza: piece.betza.clone(),
        reach: names,
    })
}

/// The guards on board moves: none in the variant, `move requires`, the
/// first action, a returned card.
pub(crate) fn guards(sc: &Scene) -> Option<Found> {
    let (v, pos) = (sc.v, sc.pos);
    if !v.turn.moves {
        let mut acts = Vec::new();
        if v.turn.place {
            acts.push("place".to_string());
        }
        if v.turn.draw {
            acts.push("draw".to_string());
        }
        let actions = words::list(&acts, "and");
        return Some(
            Found::new(Reason::NoBoardMoves {
                actions: actions.clone(),
            })
            .rule(Some(RuleRef::said(format!("actions {}", acts.join(", "))))),
        );
    }
    if let Some(f) = v.turn.first_action.as_ref() {
        if pos.ply() == 0 && f.kind != ActionKind::Move {
            return Some(first_action(sc));
        }
    }
    if !pos.board_moves_allowed() {
        let rule = v
            .turn
            .move_requires_source
            .as_ref()
            .map(RuleRef::quoted)
            .unwrap_or_else(|| {
                RuleRef::said(format!(
                    "move requires {}",
                    words::pred(v, &v.turn.move_requires)
                ))
            });
        return Some(
            Found::new(Reason::MovesNotNow {
                condition: words::pred(v, &v.turn.move_requires),
            })
            .rule(Some(rule)),
        );
    }
    None
}

/// `first action: KIND [PIECE]` refuses the action.
pub(crate) fn first_action(sc: &Scene) -> Found {
    let v = sc.v;
    let Some(f) = v.turn.first_action.as_ref() else {
        return Found::new(Reason::Other {
            text: "That is not a legal action here.".into(),
        });
    };
    let kind = match f.kind {
        ActionKind::Move => "move",
        ActionKind::Place => "place",
        ActionKind::Draw => "draw",
        ActionKind::Power => "power",
    };
    let required = match f.piece {
        Some(k) => format!("{kind} {}", words::piece(v, k)),
        None => kind.to_string(),
    };
    let said = format!("first action: {required}");
    let required = match (f.kind, f.piece) {
        (ActionKind::Place, Some(k)) => format!(
            "placing {} {}",
            words::article(&words::piece(v, k)),
            words::piece(v, k)
        ),
        (ActionKind::Place, None) => "a placement".into(),
        (ActionKind::Move, _) => "a board move".into(),
        (ActionKind::Draw, _) => "drawing a card".into(),
        (ActionKind::Power, _) => "a power".into(),
    };
    Found::new(Reason::FirstAction { required }).rule(Some(RuleRef::said(said)))
}

/// The move is legal with another promotion, or without.
fn promotion(
    sc: &Scene,
    from: Square,
    _to: Square,
    man: Man,
    promo: Option<char>,
    legal: &[Move],
) -> Found {
    let pos = sc.pos;
    let promo = promo.map(|c| c.to_ascii_uppercase());
    let letters: Vec<Option<char>> = legal.iter().map(|&m| promo_letter(sc, m)).collect();
    let same: Vec<Move> = legal
        .iter()
        .zip(&letters)
        .filter(|&(_, &l)| l == promo)
        .map(|(&m, _)| m)
        .collect();
    // `then move wall`: the board move typed alone is one of many actions,
    // one per square the wall may go to.
    if same.len() > 1 && same.iter().all(|m| m.split_wall().1.is_some()) {
        return Found::new(Reason::WallNeeded {
            example: sc.san(same[0]),
            squares: same.len(),
        });
    }
    match same.as_slice() {
        [] => {}
        [m] => return Found::new(Reason::Legal { action: sc.san(*m) }),
        // Several actions between the same squares (a two-step move by
        // either middle square, a gate): the squares alone do not say which.
        many => {
            return Found::new(Reason::Ambiguous {
                candidates: many.iter().map(|&m| sc.san(m)).collect(),
            })
        }
    }
    let choices: Vec<String> = legal
        .iter()
        .filter_map(|m| m.promotion())
        .map(|k| words::piece(sc.v, k))
        .collect();
    match promo {
        Some(_) if choices.is_empty() => Found::new(Reason::NoPromotion {
            man: words::man_on(pos, from),
            to: words::square(pos, _to),
        }),
        Some(c) => {
            let kind = sc.piece(Letter::own(c));
            // `from prison`: a kind of the rule's, none of it held.
            let from_prison = kind.is_some_and(|k| {
                sc.v.pieces
                    .get(man.kind() as usize)
                    .and_then(|p| p.promotion.as_ref())
                    .is_some_and(|pr| pr.from_prison && pr.choices_of(man.owner()).contains(&k))
            });
            Found::new(Reason::NotAChoice {
                man: words::man_on(pos, from),
                typed: kind.map_or_else(|| format!("`{c}`"), |k| words::piece(sc.v, k)),
                choices,
                from_prison,
            })
            .rule(promotion_rule(sc, man))
        }
        // With a wall to move as well, the kinds, not every action.
        None if legal.iter().any(|m| m.split_wall().1.is_some()) => {
            let mut kinds: Vec<String> = Vec::new();
            for k in legal.iter().filter_map(|m| m.promotion()) {
                let name = words::piece(sc.v, k);
                if !kinds.contains(&name) {
                    kinds.push(name);
                }
            }
            Found::new(Reason::PromotionNeeded { choices: kinds })
        }
        None if legal.len() > 1 => Found::new(Reason::PromotionNeeded {
            choices: legal.iter().map(|&m| sc.san(m)).collect(),
        }),
        None => Found::new(Reason::Legal {
            action: sc.san(legal[0]),
        }),
    }
}

/// The `promote` statement of a man's piece, as the IR says it.
fn promotion_rule(sc: &Scene, man: Man) -> Option<RuleRef> {
    let p = sc.v.pieces.get(man.kind() as usize)?;
    let pr = p.promotion.as_ref()?;
    let to: Vec<String> = pr
        .choices_of(man.owner())
        .iter()
        .map(|&k| words::piece(sc.v, k))
        .collect();
    Some(RuleRef::said(format!(
        "promote {} to {}{}",
        p.name,
        to.join(", "),
        if pr.from_prison { " from prison" } else { "" }
    )))
}

/// The men on `squares`, named.
fn men(sc: &Scene, squares: &[Square]) -> Vec<String> {
    squares
        .iter()
        .map(|&s| {
            let n = words::man_on(sc.pos, s);
            n.strip_prefix("your ")
                .map_or(n.clone(), |r| format!("your {r}"))
        })
        .collect()
}

/// A candidate breaks a constraint.
pub(crate) fn constraint(sc: &Scene, from: Square, man: Man, mv: Move, b: &Broken) -> Found {
    let (pos, v) = (sc.pos, sc.v);
    let royal_rule = |k: u8| {
        Some(RuleRef::said(format!(
            "the {} is royal: it may never be left attacked",
            words::piece(v, k)
        )))
    };
    match b {
        Broken::RoyalAttacked { royal, by } => {
            let royal_man = pos
                .man_at(*royal)
                .or_else(|| (Some(*royal) == mv.to()).then_some(man));
            let kind = royal_man.map_or(man.kind(), |m| m.kind());
            let moved_royal = Some(*royal) == mv.to()
                || matches!(mv, Move::Castle { .. } | Move::CastleGate { .. });
            let names = men(sc, by);
            let mut found = if moved_royal {
                Found::new(Reason::IntoCheck {
                    royal: format!("your {}", words::piece(v, kind)),
                    at: words::square(pos, *royal),
                    by: names,
                })
            } else if pos.in_check() && by.iter().any(|s| pos.checkers().contains(*s)) {
                Found::new(Reason::InCheck {
                    royal: format!(
                        "your {} on {}",
                        words::piece(v, kind),
                        words::square(pos, *royal)
                    ),
                    by: names,
                })
            } else {
                Found::new(Reason::Pinned {
                    man: words::man_on(pos, from),
                    royal: format!(
                        "your {} on {}",
                        words::piece(v, kind),
                        words::square(pos, *royal)
                    ),
                    by: names,
                })
            };
            found = found.mark(pos, *royal, Role::Royal);
            for &s in by {
                found = found.mark(pos, s, Role::Attacker);
            }
            found.rule(royal_rule(kind))
        }
        Broken::RoyalExploded => {
            Found::new(Reason::RoyalExploded).rule(Some(RuleRef::said("explode on capture")))
        }
        Broken::MutuallyImmune => Found::new(Reason::MutuallyImmune {
            man: words::man_on(pos, from),
            there: mv.to().map_or_else(String::new, |t| words::man_on(pos, t)),
        })
        .rule(Some(RuleRef::said(format!(
            "mutually immune {}",
            v.turn
                .mutually_immune
                .iter()
                .map(|&k| words::piece(v, k))
                .collect::<Vec<_>>()
                .join(", ")
        )))),
        Broken::GivesCheck { royal } => Found::new(Reason::GivesCheck {
            royal: words::man_on(pos, *royal),
        })
        .mark(pos, *royal, Role::Royal)
        .rule(Some(RuleRef::said("no checks"))),
        Broken::Facing => Found::new(Reason::Facing).rule(Some(RuleRef::said(format!(
            "facing {}: illegal",
            v.turn
                .facing_illegal
                .iter()
                .map(|&k| words::piece(v, k))
                .collect::<Vec<_>>()
                .join(", ")
        )))),
        Broken::LimitBox => {
            let (w, h) = match v.board.shape {
                crate::ir::Shape::Unbounded { width, height } => (width as u32, height as u32),
                crate::ir::Shape::Rect { width, height, .. } => (width as u32, height as u32),
            };
            Found::new(Reason::LimitBox {
                width: w,
                height: h,
            })
            .rule(Some(RuleRef::said(format!("board none {w}x{h}"))))
        }
        Broken::Disconnected => {
            Found::new(Reason::Disconnected).rule(Some(RuleRef::said("always connected")))
        }
        Broken::NoSafeFinish { royal, by } => {
            let action = match mv.to() {
                Some(to) => format!(
                    "{} goes to {}",
                    words::man_on(pos, from),
                    words::square(pos, to)
                ),
                None => sc.san(mv),
            };
            let royal_name = royal.map(|k| {
                format!(
                    "your {} on {}",
                    words::piece(v, royal_man_kind(pos, k, mv, man)),
                    words::square(pos, k)
                )
            });
            let mut found = Found::new(Reason::NoSafeFinish {
                action,
                royal: royal_name,
                by: after_men(pos, mv, by),
            });
            if let Some(k) = *royal {
                found = found.mark(pos, k, Role::Royal);
            }
            for &s in by {
                found = found.mark(pos, s, Role::Attacker);
            }
            found.rule(Some(RuleRef::said("turn royal safe at end")))
        }
        Broken::RoyalThreatened { royal, line } => {
            let kind = royal_man_kind(pos, *royal, mv, man);
            let mut after = pos.clone();
            after.play(mv);
            let player = words::player(v, after.turn());
            let mut steps = Vec::new();
            for &m in line {
                let (Some(f), Some(t)) = (m.from(), m.to()) else {
                    steps.push("a pass".to_string());
                    after.play(m);
                    continue;
                };
                let piece = after
                    .man_at(f)
                    .map_or_else(String::new, |x| words::piece(v, x.kind()));
                let takes = after.man_at(t).is_some() || matches!(m, Move::EnPassant { .. });
                steps.push(format!(
                    "{piece} {}{}{}",
                    words::square(pos, f),
                    if takes { "x" } else { "-" },
                    words::square(pos, t)
                ));
                after.play(m);
            }
            let mut found = Found::new(Reason::Threatened {
                royal: format!(
                    "your {} on {}",
                    words::piece(v, kind),
                    words::square(pos, *royal)
                ),
                player,
                line: steps,
                still: pos.in_check(),
            })
            .mark(pos, *royal, Role::Royal);
            if let Some(f) = line.first().and_then(|m| m.from()) {
                found = found.mark(pos, f, Role::Attacker);
            }
            found.rule(Some(RuleRef::said("turn royal safe at end")))
        }
    }
}

/// The kind of the royal man on `royal` after the action `mv` (the man
/// that moves there, when it is the mover).
fn royal_man_kind(pos: &crate::engine::Position, royal: Square, mv: Move, man: Man) -> u8 {
    if Some(royal) == mv.to() {
        return man.kind();
    }
    pos.man_at(royal).map_or(man.kind(), |m| m.kind())
}

/// The men on `squares` after the action `mv`, named.
fn after_men(pos: &crate::engine::Position, mv: Move, squares: &[Square]) -> Vec<String> {
    let mut after = pos.clone();
    after.play(mv);
    squares.iter().map(|&s| words::man_on(&after, s)).collect()
}

/// The candidate breaks no constraint, yet it is not legal: a filter on
/// the legal list, or a rule of the turn in check.
pub(crate) fn filters(sc: &Scene, mv: Move) -> Found {
    let (pos, v) = (sc.pos, sc.v);
    let capture = |m: Move| match m {
        Move::EnPassant { .. } => true,
        _ => {
            m.from().is_some()
                && m.to()
                    .and_then(|t| pos.man_at(t))
                    .is_some_and(|x| x.owner() != pos.turn())
        }
    };
    if let Some(f) = layer_pass(sc, mv) {
        return f;
    }
    if let Some(f) = lion_trade(sc, mv) {
        return f;
    }
    if let Some(f) = rebirth_taken(sc, mv) {
        return f;
    }
    if v.turn.must_capture && !capture(mv) {
        if let Some(&c) = sc.legal.iter().find(|&&m| capture(m)) {
            return Found::new(Reason::MustCapture { example: sc.san(c) })
                .rule(Some(RuleRef::said("must capture")));
        }
    }
    // `must place PIECE, ...` refuses board moves and the placements of
    // other kinds while a listed man can be placed.
    let listed = |k| v.turn.must_place_kinds.is_empty() || v.turn.must_place_kinds.contains(&k);
    if v.turn.must_place && !mv.placed().is_some_and(listed) {
        if let Some(&c) = sc.legal.iter().find(|m| m.placed().is_some()) {
            return Found::new(Reason::MustPlace { example: sc.san(c) })
                .rule(Some(RuleRef::said("must place")));
        }
    }
    if let Some(f) = move_conditions(sc, mv) {
        return f;
    }
    if let Some(royal) = pos.check_before_last_action(mv) {
        return Found::new(Reason::ChecksLastOnly {
            royal: words::man_on(pos, royal),
        })
        .mark(pos, royal, Role::Royal)
        .rule(Some(RuleRef::said("turn checks last only")));
    }
    if pos.in_check() && !v.turn.check_bound.in_check.is_empty() {
        let said: Vec<String> = v
            .turn
            .check_bound
            .in_check
            .iter()
            .map(|(k, how)| {
                format!(
                    "{} {}",
                    words::piece(v, *k),
                    match how {
                        crate::ir::InCheckMoves::None => "may not move",
                        crate::ir::InCheckMoves::CaptureChecker => "may only capture the checker",
                    }
                )
            })
            .collect();
        let rule = format!("in check: {}", said.join("; "));
        return Found::new(Reason::CheckRule { rule: rule.clone() })
            .rule(Some(RuleRef::said(rule)));
    }
    if pos.in_check() && !v.turn.check_bound.initial_not_in_check.is_empty() {
        let kinds: Vec<String> = v
            .turn
            .check_bound
            .initial_not_in_check
            .iter()
            .map(|&k| words::piece(v, k))
            .collect();
        let rule = format!("initial {} not in check", kinds.join(", "));
        return Found::new(Reason::CheckRule { rule: rule.clone() })
            .rule(Some(RuleRef::said(rule)));
    }
    Found::new(Reason::Other {
        text: "That is not a legal action here; type `moves` to list them.".into(),
    })
}

/// `lion trading`: a protected lion taken from afar (its attackers
/// marked), or a lion taken by a non-lion just after a lion was.
fn lion_trade(sc: &Scene, mv: Move) -> Option<Found> {
    let (pos, v) = (sc.pos, sc.v);
    let lt = v.turn.lion_trading.as_ref()?;
    let from = mv.from()?;
    let names = |ks: &[crate::ir::PieceId]| -> Vec<String> {
        ks.iter().map(|&k| words::piece(v, k)).collect()
    };
    let mut said = format!("lion trading {}", names(&lt.lions).join(", "));
    match &lt.bridge {
        Some(except) if except.is_empty() => said.push_str(" bridge"),
        Some(except) => said.push_str(&format!(" bridge except {}", names(except).join(", "))),
        None => {}
    }
    if lt.counter_unprotected {
        said.push_str(" counter unprotected");
    }
    let found = match pos.lion_trade_refusal(mv)? {
        crate::engine::LionRefusal::Barred => Found::new(Reason::LionTradeBarred {
            man: words::man_on(pos, from),
            by: Vec::new(),
        }),
        crate::engine::LionRefusal::CounterProtected { by, .. } => {
            let mut f = Found::new(Reason::LionTradeBarred {
                man: words::man_on(pos, from),
                by: by.iter().map(|&b| words::man_on(pos, b)).collect(),
            });
            for &b in &by {
                f = f.mark(pos, b, Role::Attacker);
            }
            f
        }
        crate::engine::LionRefusal::Protected { square, by } => {
            let mut f = Found::new(Reason::LionProtected {
                man: words::man_on(pos, from),
                lion: words::man_on(pos, square),
                by: by.iter().map(|&b| words::man_on(pos, b)).collect(),
                bridge: lt.bridge.as_deref().map(names),
            });
            for &b in &by {
                f = f.mark(pos, b, Role::Attacker);
            }
            f
        }
    };
    Some(found.rule(Some(RuleRef::said(said))))
}

/// On a board in layers, a move whose man would pass onto a taken square
/// of the next layer (the man there marked).
fn layer_pass(sc: &Scene, mv: Move) -> Option<Found> {
    let pos = sc.pos;
    let (at, next) = pos.barred_layer_pass(mv)?;
    let next = next?;
    let man = match mv {
        Move::Castle {
            to,
            partner,
            partner_to,
            ..
        } if at == partner_to && at != to => words::man_on(pos, partner),
        _ => mv
            .from()
            .map_or_else(String::new, |f| words::man_on(pos, f)),
    };
    Some(
        Found::new(Reason::LayerTaken {
            man,
            at: words::square(pos, at),
            next: words::square(pos, next),
            there: words::man_on(pos, next),
        })
        .mark(pos, next, Role::Blocker)
        .rule(Some(RuleRef::said(format!(
            "board {}: a man passes to the next board after its move",
            board_said(sc)
        )))),
    )
}

/// `captures reborn capturer`: a capture whose capturer's rebirth square
/// holds a man (that man marked).
fn rebirth_taken(sc: &Scene, mv: Move) -> Option<Found> {
    let pos = sc.pos;
    let q = pos.barred_rebirth(mv)?;
    let (from, to) = (mv.from()?, mv.to()?);
    Some(
        Found::new(Reason::RebirthTaken {
            man: words::man_on(pos, from),
            at: words::square(pos, to),
            rebirth: words::square(pos, q),
            there: words::man_on(pos, q),
        })
        .mark(pos, q, Role::Blocker)
        .rule(Some(RuleRef::said("captures reborn capturer"))),
    )
}

/// The `board` statement's size and layers, as written.
fn board_said(sc: &Scene) -> String {
    let b = &sc.v.board;
    let width = match b.shape {
        crate::ir::Shape::Rect { width, .. } | crate::ir::Shape::Unbounded { width, .. } => width,
    };
    format!("{width}x{} layers {}", b.layer_height(), b.layers)
}

/// The first statement of `move ... where` that applies to the moving
/// man's kind and fails for `mv` (with the part of its condition that
/// fails, when it is a conjunction).
fn move_conditions(sc: &Scene, mv: Move) -> Option<Found> {
    let (pos, v) = (sc.pos, sc.v);
    let (from, to) = (mv.from()?, mv.to()?);
    let kind = pos.man_at(from)?.kind();
    for r in &v.turn.move_where {
        if !r.pieces.is_empty() && !r.pieces.contains(&kind) {
            continue;
        }
        if pos.holds_for_move(&r.condition, mv) {
            continue;
        }
        let failed = match &r.condition {
            Pred::And(parts) => parts
                .iter()
                .find(|q| !pos.holds_for_move(q, mv))
                .unwrap_or(&r.condition),
            p => p,
        };
        let rule = r.source.as_ref().map(RuleRef::quoted).unwrap_or_else(|| {
            let pieces: Vec<String> = r.pieces.iter().map(|&k| words::piece(v, k)).collect();
            RuleRef::said(format!(
                "move {}{}where {}",
                pieces.join(", "),
                if pieces.is_empty() { "" } else { " " },
                words::pred(v, &r.condition)
            ))
        });
        return Some(
            Found::new(Reason::MoveCondition {
                man: words::man_on(pos, from),
                to: words::square(pos, to),
                condition: words::pred(v, &r.condition),
                failed: words::pred(v, failed),
            })
            .rule(Some(rule)),
        );
    }
    None
}

/// A SAN move naming a piece (or a pawn) and a target: every man of the
/// piece is tried, and the one that gets furthest is explained.
pub(crate) fn san_move(
    sc: &Scene,
    piece: Option<Letter>,
    from_file: Option<i32>,
    from_rank: Option<i32>,
    to: Square,
    promo: Option<char>,
) -> Explanation {
    let (pos, v) = (sc.pos, sc.v);
    let me = pos.turn();
    let kind = match piece {
        Some(c) => match sc.piece(c) {
            Some(k) => Some(k),
            None => {
                return Found::new(Reason::NoSuchPiece {
                    letter: c.to_string(),
                })
                .explained()
            }
        },
        None => None,
    };
    // Pawns: the pieces SAN writes without a letter.
    let pawnlike = |k: u8| {
        v.pieces
            .get(k as usize)
            .is_some_and(|p| p.promotion.is_some() || p.letter.is('P'))
    };
    let mut mine: Vec<Square> = pos
        .men_of(me)
        .into_iter()
        .filter(|&s| {
            let Some(m) = pos.man_at(s) else { return false };
            let c = pos.coord(s);
            kind.map_or(pawnlike(m.kind()), |k| m.kind() == k)
                && from_file.is_none_or(|f| c.x == f)
                && from_rank.is_none_or(|r| c.y == r)
        })
        .collect();
    // A pawn's step is written with its target alone: the pawns of the
    // target's file first.
    if kind.is_none() && from_file.is_none() {
        let file = pos.coord(to).x;
        if mine.iter().any(|&s| pos.coord(s).x == file) {
            mine.retain(|&s| pos.coord(s).x == file);
        }
    }
    if mine.is_empty() {
        let name = match kind {
            Some(k) => words::piece(v, k),
            None => "pawn".into(),
        };
        if let Some(found) = guards(sc) {
            return found.mark(pos, to, Role::To).explained();
        }
        return Found::new(Reason::NoManOfKind { piece: name })
            .mark(pos, to, Role::To)
            .explained();
    }
    let mut tried: Vec<Found> = mine.iter().map(|&s| board_move(sc, s, to, promo)).collect();
    // The deepest refusal first; ties keep the board's order.
    tried.sort_by_key(|f| std::cmp::Reverse(f.reason.depth()));
    let first = tried.remove(0);
    let also: Vec<String> = tried
        .iter()
        .filter(|f| f.reason.depth() > 2)
        .map(|f| f.reason.sentence())
        .take(4)
        .collect();
    let mut e = first.explained();
    e.also = also;
    e
}
