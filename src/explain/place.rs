//! Placements: from the hand (`N@e4`) or of a card just drawn. The
//! guards (no placements, the deck, the first action, a card returned),
//! the hand, the square, each placement condition (the conjunct that
//! fails, quoted with its rule's line), the room kept for a piece, and
//! the constraints after the man is put down.

use super::reason::Reason;
use super::{words, Found, Role, RuleRef, Scene};
use crate::engine::{Bits, Broken, Move, Square};
use crate::ir::{ActionKind, Letter, PieceId, Pred};

/// The conjunct of `p` that fails for a man of `kind` on `to` (the
/// condition itself when it is not a conjunction).
fn failing(sc: &Scene, p: &Pred, kind: PieceId, to: Square) -> String {
    if let Pred::And(parts) = p {
        for q in parts {
            if !sc.pos.holds_for_placement(q, kind, to) {
                return words::pred(sc.v, q);
            }
        }
    }
    words::pred(sc.v, p)
}

/// The square, the conditions, the room and the constraints of a
/// placement of `kind` on `to` (`mv`: the action as the engine would make
/// it, for the constraints).
pub(crate) fn conditions(sc: &Scene, kind: PieceId, to: Square, mv: Move) -> Option<Found> {
    let (pos, v) = (sc.pos, sc.v);
    if pos.man_at(to).is_some() || pos.walls().contains(to) {
        return Some(Found::new(Reason::Occupied {
            square: words::square(pos, to),
            there: words::man_brief(pos, to),
        }));
    }
    // `confined PIECE to REGION` holds for placements too.
    if let Some(r) = v.pieces.get(kind as usize).and_then(|p| p.confined) {
        if !super::reach::on_region(pos, r, pos.turn(), to) {
            return Some(
                Found::new(Reason::Confined {
                    man: words::piece(v, kind),
                    to: words::square(pos, to),
                    region: super::reach::region_name(pos, r),
                })
                .rule(Some(RuleRef::said(format!(
                    "confined {} to {}",
                    words::piece(v, kind),
                    super::reach::region_name(pos, r)
                )))),
            );
        }
    }
    for r in &v.turn.placement {
        if !r.pieces.is_empty() && !r.pieces.contains(&kind) {
            continue;
        }
        if pos.holds_for_placement(&r.condition, kind, to) {
            continue;
        }
        let rule = r.source.as_ref().map(RuleRef::quoted).unwrap_or_else(|| {
            let pieces: Vec<String> = r.pieces.iter().map(|&k| words::piece(v, k)).collect();
            RuleRef::said(format!(
                "place {}{}where {}",
                pieces.join(", "),
                if pieces.is_empty() { "" } else { " " },
                words::pred(v, &r.condition)
            ))
        });
        return Some(
            Found::new(Reason::PlacementCondition {
                piece: words::piece(v, kind),
                square: words::square(pos, to),
                condition: words::pred(v, &r.condition),
                failed: failing(sc, &r.condition, kind, to),
            })
            .rule(Some(rule)),
        );
    }
    for &(k, region) in &v.turn.keep_room {
        if k != kind && !pos.placement_leaves_room(kind, to) {
            let region = v
                .regions
                .get(region as usize)
                .map_or_else(String::new, |r| r.name.clone());
            return Some(
                Found::new(Reason::KeepsRoom {
                    piece: words::piece(v, k),
                    region: region.clone(),
                })
                .rule(Some(RuleRef::said(format!(
                    "place keeps room for {} in {region}",
                    words::piece(v, k)
                )))),
            );
        }
    }
    let broken = pos.broken_by(mv);
    let b = broken.first()?;
    Some(match b {
        Broken::RoyalAttacked { royal, by } => {
            let names: Vec<String> = by.iter().map(|&s| words::man_on(pos, s)).collect();
            let kind_at = pos.man_at(*royal).map(|m| m.kind()).unwrap_or(kind);
            let mut f = if *royal == to {
                Found::new(Reason::IntoCheck {
                    royal: format!("your {}", words::piece(v, kind)),
                    at: words::square(pos, to),
                    by: names,
                })
            } else {
                Found::new(Reason::InCheck {
                    royal: format!(
                        "your {} on {}",
                        words::piece(v, kind_at),
                        words::square(pos, *royal)
                    ),
                    by: names,
                })
            };
            for &s in by {
                f = f.mark(pos, s, Role::Attacker);
            }
            f.mark(pos, *royal, Role::Royal)
        }
        Broken::GivesCheck { royal } => Found::new(Reason::GivesCheck {
            royal: words::man_on(pos, *royal),
        })
        .rule(Some(RuleRef::said("no checks"))),
        Broken::Facing => Found::new(Reason::Facing),
        Broken::LimitBox => {
            let (w, h) = match v.board.shape {
                crate::ir::Shape::Unbounded { width, height }
                | crate::ir::Shape::Rect { width, height, .. } => (width as u32, height as u32),
            };
            Found::new(Reason::LimitBox {
                width: w,
                height: h,
            })
        }
        Broken::Disconnected => {
            Found::new(Reason::Disconnected).rule(Some(RuleRef::said("always connected")))
        }
        // (Placements never meet `turn royal safe at end`: the checker
        // refuses the two together.)
        Broken::RoyalExploded
        | Broken::MutuallyImmune
        | Broken::NoSafeFinish { .. }
        | Broken::RoyalThreatened { .. } => return None,
    })
}

/// Why a man of the piece lettered `letter` may not be placed on `to`
/// from the hand.
pub(crate) fn placement(sc: &Scene, letter: Letter, to: Square) -> Found {
    place_inner(sc, letter, to).mark(sc.pos, to, Role::To)
}

fn place_inner(sc: &Scene, letter: Letter, to: Square) -> Found {
    let (pos, v) = (sc.pos, sc.v);
    let me = pos.turn();
    let Some(kind) = sc.piece(letter) else {
        return Found::new(Reason::NoSuchPiece {
            letter: letter.to_string(),
        });
    };
    if !v.turn.place {
        return Found::new(if v.turn.draw {
            Reason::DrawFirst
        } else {
            Reason::NoPlacements
        });
    }
    if let Some(f) = v.turn.first_action.as_ref() {
        if pos.ply() == 0 && (f.kind != ActionKind::Place || f.piece.is_some_and(|k| k != kind)) {
            return super::board::first_action(sc);
        }
    }
    if pos.must_move(me) {
        return Found::new(Reason::OwesMove);
    }
    if !v.turn.unlimited_hands && pos.hand(me, kind) == 0 {
        return Found::new(Reason::NotInHand {
            piece: words::piece(v, kind),
        });
    }
    let legal: Vec<Move> = sc
        .legal
        .iter()
        .copied()
        .filter(|m| m.placed() == Some(kind) && m.to() == Some(to))
        .collect();
    match legal.as_slice() {
        [] => {}
        [m] if m.kind() == crate::engine::MoveKind::Drop => {
            return Found::new(Reason::Legal { action: sc.san(*m) })
        }
        many => {
            return Found::new(Reason::Ambiguous {
                candidates: many.iter().map(|&m| sc.san(m)).collect(),
            })
        }
    }
    let mv = Move::drop(kind, to);
    if let Some(f) = conditions(sc, kind, to, mv) {
        return f;
    }
    super::board::filters(sc, mv)
}

/// Why the card just drawn (a man of `kind`) may not go on `to`; `draws`
/// are the legal actions of the card.
pub(crate) fn drawn(sc: &Scene, kind: PieceId, draws: &[Move], to: Square) -> Found {
    let pos = sc.pos;
    if let Some(&m) = draws.iter().find(|m| m.to() == Some(to)) {
        return Found::new(Reason::Legal { action: sc.san(m) });
    }
    let template = draws.iter().copied().find_map(|m| match m {
        Move::Draw { card, piece, .. } => Some(Move::Draw { card, piece, to }),
        _ => None,
    });
    let found = match template {
        Some(mv) => conditions(sc, kind, to, mv),
        None => conditions(sc, kind, to, Move::drop(kind, to)).filter(|f| {
            // Without a draw to try, only what needs no make is told.
            !matches!(f.reason, Reason::InCheck { .. } | Reason::IntoCheck { .. })
        }),
    };
    found
        .unwrap_or_else(|| {
            Found::new(Reason::Other {
                text: format!(
                    "The card may not go on {}; it may go on {}.",
                    words::square(pos, to),
                    words::list(
                        &draws
                            .iter()
                            .filter_map(|m| m.to())
                            .map(|s| words::square(pos, s))
                            .collect::<Vec<_>>(),
                        "or"
                    )
                ),
            })
        })
        .mark(pos, to, Role::To)
}
