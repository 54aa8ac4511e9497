//! Castling: whether a move of the castler is an attempt to castle, and
//! why it is refused: no partner on that side, a man that has moved, a
//! square between taken, the castler in check, a square crossed or
//! reached attacked. Read from the IR's castling rule and the position,
//! as `engine::rules::castling` defines the lines.

use super::reason::Reason;
use super::{words, Found, Role, RuleRef, Scene};
use crate::engine::{Bits, Man, Move, Position, Square};
use crate::ir::{Castling, Coord};

/// The castling statement, as the IR says it.
fn rule(sc: &Scene, c: &Castling) -> Option<RuleRef> {
    let mut partners = vec![words::piece(sc.v, c.partner)];
    partners.extend(c.more_partners.iter().map(|&k| words::piece(sc.v, k)));
    let mut s = format!(
        "castling {} with {}",
        words::piece(sc.v, c.royal),
        partners.join(", ")
    );
    if let Some([e, w]) = c.files {
        let file = |x: i32| {
            crate::notation::square(Coord::new(x, 0))
                .trim_end_matches('1')
                .to_string()
        };
        s.push_str(&format!(" to files {} {}", file(e), file(w)));
    }
    Some(RuleRef::said(s))
}

/// The squares from `a` to `b` along a rank or file, both excluded.
fn between(pos: &Position, a: Coord, b: Coord) -> Vec<Square> {
    let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
    let n = (b.x - a.x).abs().max((b.y - a.y).abs());
    (1..n)
        .filter_map(|i| pos.square_at(Coord::new(a.x + i * dx, a.y + i * dy)))
        .collect()
}

/// Castling typed as `O-O` (`long`: `O-O-O`): the castler and the partner
/// on that side, and why it is refused.
pub(crate) fn typed(sc: &Scene, long: bool) -> Found {
    let (pos, v) = (sc.pos, sc.v);
    let Some(c) = v.turn.castling.as_ref() else {
        return Found::new(Reason::NoCastlingRight {
            why: "this variant has no castling".into(),
        });
    };
    if let Some(found) = super::board::guards(sc) {
        return found;
    }
    let me = pos.turn();
    let legal = sc.legal.iter().copied().find(|&m| {
        matches!(m, Move::Castle { from, partner, .. } | Move::CastleGate { from, partner, .. }
            if side(pos, from, partner) == long)
    });
    if let Some(m) = legal {
        return Found::new(Reason::Legal { action: sc.san(m) });
    }
    let mut tried = Vec::new();
    for k in pos.men_of(me) {
        let Some(man) = pos.man_at(k) else { continue };
        if man.kind() != c.royal {
            continue;
        }
        let kc = pos.coord(k);
        for p in pos.men_of(me) {
            let Some(pm) = pos.man_at(p) else { continue };
            let pc = pos.coord(p);
            let line = pc.y == kc.y || (c.files.is_none() && pc.x == kc.x);
            if p != k && c.is_partner(pm.kind()) && line && side(pos, k, p) == long {
                if let Some(f) = attempt(sc, k, man, p) {
                    tried.push(f.mark(pos, k, Role::From).mark(pos, p, Role::To));
                }
            }
        }
    }
    tried.sort_by_key(|f| std::cmp::Reverse(f.reason.depth()));
    tried.into_iter().next().unwrap_or_else(|| {
        Found::new(Reason::NoCastlingRight {
            why: format!(
                "no {} of yours stands on that side of your {}",
                words::piece(v, c.partner),
                words::piece(v, c.royal)
            ),
        })
        .rule(rule(sc, c))
    })
}

/// Whether castling from `k` with the partner on `p` is the long side
/// (the partner on a lower file, or a lower rank on a file).
fn side(pos: &Position, k: Square, p: Square) -> bool {
    let (f, q) = (pos.coord(k), pos.coord(p));
    if f.y == q.y {
        q.x < f.x
    } else {
        q.y < f.y
    }
}

/// Whether the castler `man` on `from` going to `to` is an attempt to
/// castle, and if so why it is refused (`None`: not castling).
pub(crate) fn attempt(sc: &Scene, from: Square, man: Man, to: Square) -> Option<Found> {
    let (pos, v) = (sc.pos, sc.v);
    let c = v.turn.castling.as_ref()?;
    if man.kind() != c.royal {
        return None;
    }
    let me = man.owner();
    let f = pos.coord(from);
    let t = pos.coord(to);
    let own_partner = |sq: Square| {
        pos.man_at(sq)
            .is_some_and(|m| m.owner() == me && c.is_partner(m.kind()))
    };
    // The direction toward the partner, and the partner if one stands there.
    let dir = ((t.x - f.x).signum(), (t.y - f.y).signum());
    let partner_along = |d: (i32, i32), min: i32| {
        (min..32).find_map(|i| {
            let sq = pos.square_at(Coord::new(f.x + i * d.0, f.y + i * d.1))?;
            own_partner(sq).then_some(sq)
        })
    };
    let partner = if own_partner(to) {
        Some(to)
    } else {
        match c.files {
            Some([e, w]) if t.y == f.y && (t.x == e || t.x == w) && t.x != f.x => {
                let d = if t.x == e { (1, 0) } else { (-1, 0) };
                partner_along(d, 1)
            }
            Some(_) => return None,
            None => {
                let straight = dir.0 == 0 || dir.1 == 0;
                let dist = (t.x - f.x).abs().max((t.y - f.y).abs());
                if !straight || dist != 2 {
                    return None;
                }
                partner_along(dir, 3)
            }
        }
    };
    let said = rule(sc, c);
    // No partner on that line: not castling, an ordinary move of the
    // castler (which its pattern explains).
    let p = partner?;
    if !pos.is_unmoved(from) {
        return Some(
            Found::new(Reason::NoCastlingRight {
                why: format!("your {} has moved", words::piece(v, c.royal)),
            })
            .rule(said),
        );
    }
    if !pos.is_unmoved(p) {
        return Some(
            Found::new(Reason::NoCastlingRight {
                why: format!("{} has moved", words::man_on(pos, p)),
            })
            .mark(pos, p, Role::Blocker)
            .rule(said),
        );
    }
    let pc = pos.coord(p);
    // Where the two men land, what must be empty, what the castler crosses.
    let (dest, partner_to, crossed) = match c.files {
        Some([e, w]) => {
            let east = pc.x > f.x;
            let kx = if east { e } else { w };
            let rx = if east { kx - 1 } else { kx + 1 };
            let dest = Coord::new(kx, f.y);
            let crossed: Vec<Square> = between(pos, f, dest);
            (dest, Coord::new(rx, f.y), crossed)
        }
        None => {
            let d = ((pc.x - f.x).signum(), (pc.y - f.y).signum());
            let dest = Coord::new(f.x + 2 * d.0, f.y + 2 * d.1);
            let crossed = pos
                .square_at(Coord::new(f.x + d.0, f.y + d.1))
                .into_iter()
                .collect();
            (dest, Coord::new(f.x + d.0, f.y + d.1), crossed)
        }
    };
    let mut must_be_empty = between(pos, f, pc);
    for s in between(pos, f, dest)
        .into_iter()
        .chain(pos.square_at(dest))
        .chain(between(pos, pc, partner_to))
        .chain(pos.square_at(partner_to))
    {
        if !must_be_empty.contains(&s) {
            must_be_empty.push(s);
        }
    }
    must_be_empty.sort_by_key(|&s| {
        let q = pos.coord(s);
        (q.x - f.x).abs() + (q.y - f.y).abs()
    });
    if let Some(&at) = must_be_empty
        .iter()
        .find(|&&s| s != from && s != p && (pos.man_at(s).is_some() || pos.walls().contains(s)))
    {
        return Some(
            Found::new(Reason::CastlingBlocked {
                at: words::square(pos, at),
                there: words::man_brief(pos, at),
            })
            .mark(pos, at, Role::Blocker)
            .rule(said),
        );
    }
    if v.pieces[c.royal as usize].royal {
        if pos.in_check() {
            let by: Vec<Square> = pos.checkers().into_iter().collect();
            let mut found = Found::new(Reason::CastlingInCheck {
                royal: words::man_on(pos, from),
                by: by.iter().map(|&s| words::man_on(pos, s)).collect(),
            });
            for s in by {
                found = found.mark(pos, s, Role::Attacker);
            }
            return Some(found.rule(said));
        }
        for &s in &crossed {
            let by: Vec<Square> = pos.enemy_attackers(s, me).into_iter().collect();
            if !by.is_empty() {
                let mut found = Found::new(Reason::CastlingThroughAttack {
                    square: words::square(pos, s),
                    by: by.iter().map(|&a| words::man_on(pos, a)).collect(),
                });
                for a in by {
                    found = found.mark(pos, a, Role::Attacker);
                }
                return Some(found.mark(pos, s, Role::Blocker).rule(said));
            }
        }
        if let Some(d) = pos.square_at(dest) {
            let by: Vec<Square> = pos.enemy_attackers(d, me).into_iter().collect();
            if !by.is_empty() {
                let mut found = Found::new(Reason::IntoCheck {
                    royal: format!("your {}", words::piece(v, c.royal)),
                    at: words::square(pos, d),
                    by: by.iter().map(|&a| words::man_on(pos, a)).collect(),
                });
                for a in by {
                    found = found.mark(pos, a, Role::Attacker);
                }
                return Some(found.rule(said));
            }
        }
    }
    // The castling itself, made on a copy: what it breaks.
    let cand = pos
        .candidate_moves()
        .into_iter()
        .find(|&m| matches!(m, Move::Castle { from: a, partner: b, .. } if a == from && b == p));
    if let Some(m) = cand {
        if let Some(crate::engine::Broken::RoyalAttacked { royal, by }) = pos.broken_by(m).first() {
            return Some(
                Found::new(Reason::IntoCheck {
                    royal: format!("your {}", words::piece(v, c.royal)),
                    at: words::square(pos, *royal),
                    by: by.iter().map(|&a| words::man_on(pos, a)).collect(),
                })
                .rule(said),
            );
        }
        return Some(super::board::filters(sc, m));
    }
    Some(
        Found::new(Reason::Other {
            text: "Castling is not legal here.".into(),
        })
        .rule(said),
    )
}
