//! A piece's card: its letter and pattern, its moves in words, its value
//! (the rule file's, or the evaluation's), its diagrams, its promotion
//! and every special rule that names it.

use super::diagram::{diagrams, Diagram};
use crate::engine::Tables;
use crate::ir::{Event, FollowUp, InCheckMoves, Letter, Outcome, PieceId, Power, Variant, Zone};
use crate::notation::words;
use serde::Serialize;
use std::sync::Arc;

/// Everything a player needs to know about one piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PieceCard {
    pub name: String,
    pub letter: Letter,
    /// Its moves in Betza notation, as the rule file writes them.
    pub betza: String,
    /// Each movement atom in words.
    pub moves: Vec<String>,
    /// Its value in hundredths of a pawn (none for a royal piece).
    pub value: Option<i32>,
    /// Whether the value is the rule file's (`value N`) rather than the
    /// evaluation's estimate from its mobility.
    pub value_given: bool,
    pub royal: bool,
    /// How it promotes, in a sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<String>,
    /// The special rules that name it, one sentence each (placement
    /// conditions quoted with their file and line).
    pub rules: Vec<String>,
    pub diagrams: Vec<Diagram>,
}

fn names(v: &Variant, kinds: &[PieceId]) -> String {
    let n: Vec<String> = kinds.iter().map(|&k| words::piece(v, k)).collect();
    words::list(&n, "or")
}

fn region(v: &Variant, r: u16) -> String {
    v.regions
        .get(r as usize)
        .map_or_else(|| format!("region {r}"), |x| x.name.clone())
}

/// How a piece promotes, in a sentence.
fn promotion(v: &Variant, k: PieceId) -> Option<String> {
    let p = &v.pieces[k as usize];
    let pr = p.promotion.as_ref()?;
    let zone = match pr.zone {
        Zone::FarEdge => "on the last rank in its direction".to_string(),
        Zone::Region(r) => format!("on {}", region(v, r)),
    };
    let mut s = format!(
        "Promotes {zone}{} to {}",
        if pr.leaving && !pr.entering {
            " (also when it leaves it)"
        } else {
            ""
        },
        names(v, &pr.choices)
    );
    for (i, c) in pr.by_player.iter().enumerate() {
        if let Some(pl) = v.players.get(i) {
            s.push_str(&format!("; {}'s: {}", pl.name, names(v, c)));
        }
    }
    if pr.from_pool {
        s.push_str(", taken from its owner's pool");
    }
    if pr.from_prison {
        s.push_str(
            ", changing places with one of its owner's men held in the opponent's prison (with none held, it may not move into the zone, nor does it attack the zone's squares)",
        );
    }
    for (kk, n) in &pr.limits {
        s.push_str(&format!(
            ", {} only while its owner has fewer than {n}",
            words::piece(v, *kk)
        ));
    }
    if pr.optional {
        s.push_str(" (optional)");
    }
    if pr.capturing {
        s.push_str(" (only by capturing)");
    }
    if pr.entering {
        s.push_str(if pr.leaving {
            " (on entering it; a move from inside it, out of it too, only by capturing)"
        } else {
            " (on entering it; a move inside it only by capturing)"
        });
    }
    s.push('.');
    Some(s)
}

/// The special rules that name piece `k`, one sentence each.
fn rules(v: &Variant, k: PieceId) -> Vec<String> {
    let p = &v.pieces[k as usize];
    let name = &p.name;
    let t = &v.turn;
    let mut out = Vec::new();
    if p.royal {
        out.push(if t.check_all_royals {
            "Royal: a player is in check only when every royal man is attacked.".to_string()
        } else {
            "Royal: it may never be left attacked (check).".to_string()
        });
        if let Some(n) = t.royal_at_most {
            out.push(format!(
                "Royal only while its player has at most {n} royal men on the board."
            ));
        }
    }
    if let Some(f) = p.promotes_to {
        out.push(format!("Its promoted form is the {}.", words::piece(v, f)));
    }
    for (o, q) in v.pieces.iter().enumerate() {
        if q.promotion.as_ref().is_some_and(|pr| {
            pr.choices.contains(&k) || pr.by_player.iter().any(|c| c.contains(&k))
        }) {
            out.push(format!("A {} may promote to it.", q.name));
        }
        if q.promotes_to == Some(k) && o != k as usize {
            out.push(format!("It is the promoted form of the {}.", q.name));
        }
    }
    if let Some(c) = &t.castling {
        if c.royal == k {
            let mut partners = vec![c.partner];
            partners.extend(&c.more_partners);
            out.push(format!("Castles with an unmoved {}.", names(v, &partners)));
        }
        if c.is_partner(k) {
            out.push(format!(
                "Castling partner of the {}.",
                words::piece(v, c.royal)
            ));
        }
    }
    if let Some(r) = p.initial_region {
        out.push(format!(
            "Its first-move moves are open on {} (whether or not it has moved).",
            region(v, r)
        ));
    }
    if let Some(r) = p.confined {
        out.push(format!("Confined to {}.", region(v, r)));
    }
    for z in &p.zone_moves {
        out.push(format!(
            "On {} it also moves `{}`{}.",
            region(v, z.region),
            z.betza,
            if z.inside { ", landing inside it" } else { "" }
        ));
    }
    if p.passes_own {
        out.push("Its slides pass over men of its own side.".into());
    }
    if p.captures_own {
        out.push("It may also capture its own men (never a royal one).".into());
    }
    for k in &p.captures_by {
        out.push(match k {
            crate::ir::CaptureBy::Approach => "It captures by approach: a straight move of its that stops next to an enemy man, moving toward it, takes that man.".into(),
            crate::ir::CaptureBy::Withdrawal => "It captures by withdrawal: a straight move of its away from an enemy man next to its start takes that man.".into(),
            crate::ir::CaptureBy::Leaping => "It captures by leaping: along a rank, file or diagonal it may leap single enemy men that have an empty square beyond them, several in one move, landing on an empty square; it takes the men it leaps.".into(),
            crate::ir::CaptureBy::Coordination => "It captures by coordination: after its move, the enemy men where its rank meets its royal's file and where its file meets its royal's rank are taken.".into(),
            crate::ir::CaptureBy::Custody => "It captures by custody: after its move, an enemy man orthogonally next to where it lands, with a man of its side on the far square, is taken.".into(),
            crate::ir::CaptureBy::Imitation => "It captures by imitation: it takes each enemy man the way that man's piece takes (moving as that piece moves), immobilises enemy immobilisers next to it, and never takes a man that only imitates.".into(),
        });
    }
    if !p.lion.is_empty() {
        out.push(lion_sentence(&p.lion, p.lion_straight));
    }
    if p.immobilises {
        out.push("It immobilises: enemy men next to it (a king step away) cannot move and attack nothing.".into());
    }
    if p.captures_in_place {
        out.push(
            "It captures without moving: the man it takes leaves the board and it stays on its square (so it never promotes by capturing).".into(),
        );
    }
    if !p.hop_not_over.is_empty() {
        let kinds: Vec<PieceId> = p.hop_not_over.iter().collect();
        out.push(format!("Its hops may not jump a {}.", names(v, &kinds)));
    }
    if !p.never_captures.is_empty() {
        let kinds: Vec<PieceId> = p.never_captures.iter().collect();
        out.push(format!("It never captures a {}.", names(v, &kinds)));
    }
    for r in &t.placement {
        if (r.pieces.is_empty() && t.place) || r.pieces.contains(&k) {
            let text = match &r.source {
                Some(q) => format!("`{}` ({}:{})", q.text, q.file, q.line),
                None => format!("place where {}", words::pred(v, &r.condition)),
            };
            out.push(format!("Placed only where the rule says: {text}."));
        }
    }
    for op in &t.on_place {
        if op.piece != k {
            continue;
        }
        out.push(match &op.effect {
            FollowUp::ReturnToHand { which } => format!(
                "When placed, one man where {} goes back to its owner's hand.",
                words::pred(v, which)
            ),
            FollowUp::Remove { which } => format!(
                "When placed, one man where {} leaves the game.",
                words::pred(v, which)
            ),
            FollowUp::MayMovePlaced => "When placed, it may make one move at once.".into(),
            FollowUp::ExtraAction => "When placed, its owner acts once more.".into(),
        });
    }
    if let Some(f) = &t.first_action {
        if f.piece == Some(k) {
            out.push(format!("The game's first action places a {name}."));
        }
    }
    for (kk, r) in &t.keep_room {
        if *kk == k {
            out.push(format!(
                "Other placements keep room for it on {} (both square colours).",
                region(v, *r)
            ));
        }
    }
    if t.place_promoted.contains(&k) {
        out.push("It may be placed from the hand as its promoted form.".into());
    }
    if let Some(u) = t.placed_unmoved.iter().find(|u| u.pieces.contains(&k)) {
        out.push(format!(
            "Placed on {}, it counts as never moved.",
            region(v, u.region)
        ));
    }
    if t.facing_illegal.contains(&k) {
        out.push(format!(
            "Two {name}s may never face each other on an open file or rank."
        ));
    }
    if t.facing_must_break.contains(&k) {
        out.push(format!(
            "A player whose {name} faces the enemy {name} on an open file or rank must break the facing at once, or pass."
        ));
    }
    if t.mutually_immune.contains(&k) {
        out.push(format!("A {name} may not capture a {name}."));
    }
    if let Some(x) = &t.explosion {
        if x.immune.contains(&k) {
            out.push("Explosions never remove it.".into());
        } else if x.spared.contains(&k) {
            out.push("Explosions around a capture spare it (not as the capturer).".into());
        }
    }
    if let Some(g) = t.gating.as_ref().filter(|g| g.above) {
        if g.pieces.contains(&k) {
            let gates: Vec<String> = v
                .setup
                .gates
                .iter()
                .filter(|x| x.piece == k)
                .map(|x| {
                    format!(
                        "{} above {}",
                        words::player(v, x.owner),
                        v.board.square_name(x.at.x, x.at.y)
                    )
                })
                .collect();
            out.push(format!(
                "It waits above a square of {} (a gate{}) and enters on it, in the same action, when the man standing there first leaves it by its own move (castling too); it is lost if that man is captured first.",
                region(v, g.region),
                if gates.is_empty() {
                    String::new()
                } else {
                    format!(" at the start: {}", gates.join(", "))
                }
            ));
        }
    } else if let Some(g) = &t.gating {
        if g.pieces.contains(&k) {
            out.push(format!(
                "It may enter from the hand on the square a man leaves on {} for the first time.",
                region(v, g.region)
            ));
        }
    }
    for pw in &t.powers {
        let Power::Swap { a, b, uses } = pw;
        if *a == k || *b == k {
            out.push(format!(
                "Power: swap an own {} and {} ({}).",
                words::piece(v, *a),
                words::piece(v, *b),
                super::times(*uses)
            ));
        }
    }
    for (kk, how) in &t.check_bound.in_check {
        if *kk == k {
            out.push(match how {
                InCheckMoves::None => "While its owner is in check, it may not move.".into(),
                InCheckMoves::CaptureChecker => {
                    "While its owner is in check, it may only capture the checker.".into()
                }
            });
        }
    }
    if t.check_bound.initial_not_in_check.contains(&k) {
        out.push("Its first-move moves are closed while its owner is in check.".into());
    }
    for (kk, by) in &t.check_bound.initial_lost_when_aimed {
        if *kk == k {
            out.push(format!(
                "It loses its first-move moves once an enemy {} aims at it.",
                names(v, by)
            ));
        }
    }
    if v.quiet_resets.contains(&crate::ir::Reset::Piece(k)) {
        out.push("Its moves reset the move counter.".into());
    }
    for e in &v.end {
        let names_it = match &e.when {
            Event::Surrounded(x) | Event::CheckmateByPlacing(x) => *x == k,
            Event::CheckmateGivenOnlyBy(ks) | Event::CheckmateWithoutCheckBy(ks) => ks.contains(&k),
            Event::Reach { piece, .. } => *piece == k,
            Event::Count { kinds, .. } => kinds.contains(&k),
            _ => false,
        };
        if names_it && e.then != Outcome::ClaimDraw {
            out.push(words::end_sentence(v, e));
        }
    }
    for r in &v.removals {
        if r.piece == k {
            out.push("Surrounded on its four sides, it leaves the game.".into());
        }
    }
    out
}

/// The card of piece `k` of compiled variant `tables`, with the values
/// the evaluation gives (`values[k]`, hundredths of a pawn).
pub fn card(tables: &Arc<Tables>, values: &[i32], k: PieceId) -> PieceCard {
    let v = tables.variant();
    let p = &v.pieces[k as usize];
    PieceCard {
        name: p.name.clone(),
        letter: p.letter,
        betza: p.betza.clone(),
        moves: p
            .moves
            .iter()
            .map(if v.board.hex.is_some() {
                words::hex_atom
            } else {
                words::atom
            })
            .collect(),
        value: if p.royal {
            None
        } else {
            p.value.or_else(|| values.get(k as usize).copied())
        },
        value_given: p.value.is_some(),
        royal: p.royal,
        promotion: promotion(v, k),
        rules: rules(v, k),
        diagrams: diagrams(tables, k),
    }
}

/// The sentence of a piece's `lion` steps: what its moves of two steps do.
fn lion_sentence(steps: &[(i8, i8)], straight: bool) -> String {
    let word = |&(x, y): &(i8, i8)| match (x.signum(), y.signum()) {
        (0, 1) => "forward",
        (0, -1) => "backward",
        (_, 0) => "sideways",
        (_, 1) => "diagonally forward",
        _ => "diagonally backward",
    };
    let dirs = if steps.len() == 8 {
        "any king step".to_string()
    } else {
        let mut w: Vec<&str> = steps.iter().map(word).collect();
        w.dedup();
        format!("a step {}", w.join(" or "))
    };
    format!(
        "It moves twice in a turn ({dirs}, then {}): it may take an enemy man on its first step and step on, taking a second man or coming back to its square (igui), or step to an empty square and back to pass (jitto).",
        if straight {
            "another step the same way or back"
        } else {
            "another such step or back"
        }
    )
}
