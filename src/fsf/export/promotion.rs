//! Exporting promotions and drops (with their placement conditions).

use super::{Exp, Fsf};
use crate::ir::{Captures, Coord, PieceId, Pred, Who};
use std::collections::BTreeSet;

/// Pawn-style and shogi-style promotions, and demotion.
pub(super) fn promotion(e: &mut Exp, fsf: &[Fsf]) {
    let v = e.v;
    let mut zone: Option<[Vec<Coord>; 2]> = None;
    let mut pawn_types: [String; 2] = Default::default();
    let mut choices: [Option<String>; 2] = [None, None];
    let mut optional = None;
    let mut piece_opt = None;
    let mut capturing = None;
    let mut promoted = Vec::new();
    let mut demote = false;
    let mut limits = Vec::new();
    for (i, p) in v.pieces.iter().enumerate() {
        let Some(pr) = &p.promotion else { continue };
        let z = [0, 1].map(|pl| {
            let mut s = e.zone_squares(&pr.zone, pl);
            s.sort();
            s
        });
        match &zone {
            None => zone = Some(z.clone()),
            Some(old) if *old != z => e.refuse(
                "promote",
                Some(&p.name),
                "promotion zones that differ between pieces (Fairy-Stockfish has one per side)",
            ),
            _ => {}
        }
        if pr.from_pool {
            e.refuse("promote", Some("pool"), "promotion from a pool");
        }
        if pr.from_prison {
            e.refuse("promote", Some("prison"), "promotion from a prison");
        }
        let letter = p.letter.ch().to_ascii_lowercase();
        let base = v
            .pieces
            .iter()
            .position(|b| b.promotes_to == Some(i as PieceId));
        let to_form = p.promotes_to.is_some_and(|f| pr.choices == [f]) && pr.by_player.is_empty();
        let back = base.is_some_and(|b| pr.choices == [b as PieceId]) && pr.by_player.is_empty();
        if pr.entering {
            e.refuse(
                "promote",
                Some(&p.name),
                "a promotion that, from inside the zone, only captures make (`entering`)",
            );
        }
        if to_form || back {
            let what = if back { "demote" } else { "promote" };
            let whole = z
                .iter()
                .all(|s| s.len() as i32 + e.holes.len() as i32 == e.w * e.h);
            if !(pr.leaving || whole || to_form && matches!(fsf[i], Fsf::Pawn)) {
                e.refuse(what, Some(&p.name), format!("`{}` turns over only on entering the zone (Fairy-Stockfish's shogi promotions also leave it: write `leaving`)", p.name));
            }
            if *piece_opt.get_or_insert(pr.optional) != pr.optional
                || *capturing.get_or_insert(pr.capturing) != pr.capturing
            {
                e.refuse(what, Some(&p.name), "promotions that differ in `optional` or `capturing` (Fairy-Stockfish has one setting)");
            }
            if back {
                demote = true;
            } else if let Some(f) = p.promotes_to {
                promoted.push(format!(
                    "{letter}:{}",
                    v.pieces[f as usize].letter.ch().to_ascii_lowercase()
                ));
            }
            continue;
        }
        if pr.leaving || pr.capturing {
            e.refuse(
                "promote",
                Some(&p.name),
                "a pawn-style promotion on leaving the zone or on captures only",
            );
        }
        if *optional.get_or_insert(pr.optional) != pr.optional {
            e.refuse(
                "promote",
                Some(&p.name),
                "pawn promotions that differ in `optional`",
            );
        }
        for pl in 0..2 {
            let ch = pr.choices_of(pl as u8);
            if ch.is_empty() {
                continue;
            }
            if !matches!(fsf[i], Fsf::Pawn) {
                pawn_types[pl].push(letter);
            }
            let text: String = ch
                .iter()
                .map(|&k| v.pieces[k as usize].letter.ch().to_ascii_lowercase())
                .collect();
            match &choices[pl] {
                None => choices[pl] = Some(text),
                Some(old) if *old != text => e.refuse("promote", Some(&p.name), "promoting pieces with different choices (Fairy-Stockfish has one list per side)"),
                _ => {}
            }
        }
        for &(k, n) in &pr.limits {
            limits.push(format!(
                "{}:{n}",
                v.pieces[k as usize].letter.ch().to_ascii_lowercase()
            ));
        }
        // Optional promotion is compulsory where the man could never move:
        // Fairy-Stockfish's `immobilityIllegal`.
        if pr.optional {
            e.set("immobilityIllegal", "true");
        }
    }
    if let Some([a, b]) = zone {
        let (wa, wb) = (e.bitboard(&a), e.bitboard(&b));
        e.set("promotionRegionWhite", wa);
        e.set("promotionRegionBlack", wb);
    }
    let pawn_letter = (0..fsf.len())
        .find(|&i| matches!(fsf[i], Fsf::Pawn))
        .map(|i| v.pieces[i].letter.ch().to_ascii_lowercase());
    for (pl, col) in ["White", "Black"].iter().enumerate() {
        let mut t = pawn_types[pl].clone();
        if let Some(l) = pawn_letter {
            t.insert(0, l);
        }
        e.set(
            &format!("promotionPawnTypes{col}"),
            if t.is_empty() { "-".into() } else { t },
        );
        e.set(
            &format!("promotionPieceTypes{col}"),
            choices[pl].clone().unwrap_or_else(|| "-".into()),
        );
    }
    if let Some(o) = optional {
        e.set("mandatoryPawnPromotion", if o { "false" } else { "true" });
    }
    if !limits.is_empty() {
        e.set("promotionLimit", limits.join(" "));
    }
    if !promoted.is_empty() {
        e.set("promotedPieceType", promoted.join(" "));
        e.set(
            "mandatoryPiecePromotion",
            if piece_opt == Some(true) {
                "false"
            } else {
                "true"
            },
        );
        if piece_opt == Some(true) {
            e.set("immobilityIllegal", "true");
        }
        if capturing == Some(true) {
            e.set("piecePromotionOnCapture", "true");
        }
        if demote {
            e.set("pieceDemotion", "true");
        }
    }
}

/// Drops and where men may be placed.
pub(super) fn drops(e: &mut Exp, fsf: &[Fsf]) {
    let v = e.v;
    let t = &v.turn;
    match (t.captures, t.to_partner) {
        // The partner's hand of a game of two is off this board: the
        // one-board model of Fairy-Stockfish's bughouse.
        (Captures::ToHand | Captures::ToHandDemoted, true) => e.set("twoBoards", "true"),
        (Captures::ToHand, false) => {
            e.set("capturesToHand", "true");
            e.set("dropLoop", "true");
        }
        (Captures::ToHandDemoted, false) => e.set("capturesToHand", "true"),
        _ => {}
    }
    if !t.place {
        return;
    }
    e.set("pieceDrops", "true");
    if !t.place_promoted.is_empty() {
        e.set("dropPromoted", "true");
    }
    if fsf.iter().any(|f| matches!(f, Fsf::Pawn)) {
        // Fairy-Stockfish's own pawn-drop limits, opened: varia says where.
        e.set("firstRankPawnDrops", "true");
        e.set("promotionZonePawnDrops", "true");
    }
    for rule in &t.placement {
        let conj: Vec<&Pred> = match &rule.condition {
            Pred::And(ps) => ps.iter().collect(),
            p => vec![p],
        };
        let mut keys = Vec::new();
        let ok = conj
            .iter()
            .all(|p| match placement_keys(e, fsf, &rule.pieces, p) {
                Some(k) => {
                    keys.extend(k);
                    true
                }
                None => false,
            });
        if ok {
            for (k, val) in keys {
                e.set(&k, val);
            }
        } else {
            let text = rule
                .source
                .as_ref()
                .map(|q| q.text.clone())
                .unwrap_or_default();
            e.refuse(
                "place",
                None,
                format!("a placement condition Fairy-Stockfish has no option for (`{text}`)"),
            );
        }
    }
}

/// The options a placement condition becomes, if it is one of theirs.
fn placement_keys(
    e: &Exp,
    fsf: &[Fsf],
    pieces: &[PieceId],
    p: &Pred,
) -> Option<Vec<(String, String)>> {
    let v = e.v;
    let all = pieces.is_empty();
    let k = |a: &str, b: String| (a.to_string(), b);
    // Fairy-Stockfish's pawn keeps out of its first rank and its promotion
    // zone unless told otherwise.
    if let (Pred::Not(q), [pawn]) = (p, pieces) {
        if let (Pred::In(r), Some(Fsf::Pawn)) = (&**q, fsf.get(*pawn as usize)) {
            let mut keys = Vec::new();
            for pl in 0..2 {
                let region: BTreeSet<Coord> = e.region_squares(*r, pl).into_iter().collect();
                let first_y = if pl == 0 { 0 } else { e.h - 1 };
                let first: BTreeSet<Coord> = (0..e.w)
                    .map(|x| Coord::new(x, first_y))
                    .filter(|c| !e.holes.contains(&(c.x, c.y)))
                    .collect();
                let zone: BTreeSet<Coord> = v.pieces[*pawn as usize]
                    .promotion
                    .as_ref()
                    .map(|pr| e.zone_squares(&pr.zone, pl).into_iter().collect())
                    .unwrap_or_default();
                let found = if region == first {
                    [
                        ("firstRankPawnDrops", "false"),
                        ("promotionZonePawnDrops", "true"),
                    ]
                } else if region == zone {
                    [
                        ("firstRankPawnDrops", "true"),
                        ("promotionZonePawnDrops", "false"),
                    ]
                } else if region == &first | &zone {
                    [
                        ("firstRankPawnDrops", "false"),
                        ("promotionZonePawnDrops", "false"),
                    ]
                } else {
                    return None;
                };
                keys.extend(found.map(|(a, b)| k(a, b.into())));
            }
            return (keys[..2] == keys[2..]).then(|| keys[..2].to_vec());
        }
    }
    Some(match p {
        Pred::In(r) if all => vec![
            k("dropRegionWhite", e.bitboard(&e.region_squares(*r, 0))),
            k("dropRegionBlack", e.bitboard(&e.region_squares(*r, 1))),
        ],
        Pred::Not(q) => match &**q {
            Pred::Immobile if all => vec![k("immobilityIllegal", "true".into())],
            Pred::SameFile { men, at_least }
                if men.who == Who::Own && pieces.len() == 1 && men.piece == Some(pieces[0]) =>
            {
                vec![
                    k(
                        "dropNoDoubled",
                        v.pieces[pieces[0] as usize]
                            .letter
                            .ch()
                            .to_ascii_lowercase()
                            .to_string(),
                    ),
                    k("dropNoDoubledCount", at_least.to_string()),
                ]
            }
            Pred::Check if all => vec![k("dropChecks", "false".into())],
            Pred::Attacks(sel)
                if all
                    && sel.who == Who::Enemy
                    && sel.piece.is_some_and(|x| v.pieces[x as usize].royal) =>
            {
                vec![k("dropChecks", "false".into())]
            }
            _ => return None,
        },
        _ => return None,
    })
}
