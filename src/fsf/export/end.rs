//! Exporting the end rules: checkmate, stalemate, repetition, the
//! move rule, flags, counts and the other goals Fairy-Stockfish has.

use super::{Exp, Fsf};
use crate::ir::{self, ActionKind, Coord, Event, Outcome, PieceId};
use std::collections::BTreeSet;

/// The end rules.
/// A goal of reaching a region: the piece, the region's squares for each
/// player, and (reply, own turn, unattacked), the goal's conditions.
type Flag = (PieceId, [Vec<Coord>; 2], bool, bool, bool);

pub(super) fn endings(e: &mut Exp, fsf: &[Fsf]) {
    let v = e.v;
    let word = |o: Outcome| match o {
        Outcome::Win => Some("win"),
        Outcome::Lose => Some("loss"),
        Outcome::Draw => Some("draw"),
        _ => None,
    };
    let mut checkmate = None;
    let mut stalemate = None;
    let mut nfold = None;
    let mut nmove = None;
    // The lengthening by checks of the rule `nmove` comes from.
    let mut nmove_plus: Option<Option<ir::CheckPlus>> = None;
    let mut flags: Vec<Flag> = Vec::new();
    let mut points_left_out = false;
    for rule in &v.end {
        let (ev, mut out) = (&rule.when, rule.then);
        // `for mover` in a game of two players taking turns: the player
        // to move has the other result (Fairy-Stockfish's values are the
        // side to move's).
        if rule.mover {
            out = match out {
                Outcome::Win => Outcome::Lose,
                Outcome::Lose => Outcome::Win,
                o => o,
            };
        }
        if out == Outcome::MostPoints {
            // Fairy-Stockfish's materialCounting is a fixed table per
            // variant: the section draws where the points would decide.
            if !points_left_out {
                e.leave_out(
                    "most",
                    "`most points`: the points that decide an ending (the section draws there)"
                        .into(),
                );
                points_left_out = true;
            }
            out = Outcome::Draw;
        }
        match ev {
            Event::Checkmate => match word(out) {
                Some(w) => checkmate = Some(w),
                None => e.refuse_end("checkmate", "this outcome of checkmate"),
            },
            Event::CheckmateByPlacing(p) => {
                if out == Outcome::Win {
                    e.set("shogiPawnDropMateIllegal", "true");
                    let _ = p;
                } else {
                    e.refuse_end("checkmate", "this outcome of a checkmate by placing");
                }
            }
            // Fairy-Stockfish's nearest, shatarMateRule, names its own
            // piece types: the rule is left out (it changes results only).
            Event::CheckmateGivenOnlyBy(_) | Event::CheckmateWithoutCheckBy(_) => e.leave_out(
                "checkmate",
                "a checkmate rule on the checking men (shatarMateRule's nearest)".into(),
            ),
            Event::Stalemate => match (out, word(out)) {
                (_, Some(w)) => stalemate = Some(w.to_string()),
                (Outcome::MostMen, _) => {
                    stalemate = Some("loss".into());
                    e.set("stalematePieceCount", "true");
                }
                (Outcome::FewestMen, _) => {
                    stalemate = Some("win".into());
                    e.set("stalematePieceCount", "true");
                }
                _ if v.turn.when_stuck == ir::WhenStuck::Pass => {
                    e.set("passOnStalemate", "true");
                }
                _ => e.refuse_end("stalemate", "this outcome of stalemate"),
            },
            Event::Repetition(n) => match word(out) {
                Some(w) if nfold.is_none() => nfold = Some((*n, w)),
                Some(_) => {}
                None => e.leave_out(
                    "repetition",
                    format!("repetition {n} -> claim draw (Fairy-Stockfish's repetitions decide)"),
                ),
            },
            Event::PerpetualCheck(n) => match out {
                Outcome::Lose if nfold.is_none_or(|(m, _)| m == *n) => {
                    e.set("perpetualCheckIllegal", "true")
                }
                _ => e.refuse_end("perpetual", "this perpetual-check rule"),
            },
            // Fairy-Stockfish's chasing rule is xiangqi's (its kinds by
            // name), with its repetition count.
            Event::PerpetualChase(_) if out == Outcome::Lose => e.set("chasingRule", "axf"),
            Event::PerpetualChase(_) => e.refuse_end("perpetual", "this perpetual-chase rule"),
            // Fairy-Stockfish's rule counts four moves, and exempts the
            // men confined to a region the enemy royal's does not meet.
            Event::BackAndForth { moves: 4, .. } if out == Outcome::Lose => {
                e.set("moveRepetitionIllegal", "true")
            }
            Event::BackAndForth { .. } => e.refuse_end("back", "this back-and-forth rule"),
            Event::Quiet { plies, plus } => match out {
                Outcome::Draw if plies % 2 == 0 && nmove.is_none() => {
                    nmove = Some(plies / 2);
                    nmove_plus = Some(*plus);
                }
                Outcome::Draw | Outcome::ClaimDraw => {
                    e.leave_out("quiet", format!("quiet {plies} plies -> {out:?}"))
                }
                _ => e.refuse_end("quiet", "a move counter that does not draw"),
            },
            Event::InsufficientMaterial => {
                e.leave_out("insufficient", "insufficient material -> draw".into())
            }
            Event::PlyLimit(n) => e.leave_out("plies", format!("plies {n}")),
            Event::CountedOut => e.leave_out(
                "counted",
                "counted out (Fairy-Stockfish's countingRule is one of three fixed rules)".into(),
            ),
            Event::Checks(_) => {
                if out == Outcome::Win {
                    e.set("checkCounting", "true");
                } else {
                    e.refuse_end("checks", "this outcome of check counting");
                }
            }
            Event::Count {
                kinds,
                at_most,
                reply,
                on_board,
                all_of,
                except,
                against,
            } => {
                let Some(w) = word(out) else {
                    e.refuse_end("count", "this outcome of a count");
                    continue;
                };
                if *except {
                    e.refuse_end(
                        "count",
                        "a count of every man but some kinds (Fairy-Stockfish counts the listed kinds)",
                    );
                }
                if *all_of && kinds.len() > 1 {
                    e.refuse_end(
                        "count",
                        "a count of several kinds together (Fairy-Stockfish counts each kind apart)",
                    );
                }
                if *on_board {
                    e.refuse_end(
                        "count",
                        "a count of men on the board only (Fairy-Stockfish counts the hand too)",
                    );
                }
                let types: String = if kinds.is_empty() {
                    "*".into()
                } else {
                    kinds
                        .iter()
                        .map(|&k| v.pieces[k as usize].letter.ch().to_ascii_lowercase())
                        .collect()
                };
                if e.keys.iter().any(|(k, _)| k == "extinctionValue") {
                    e.refuse_end(
                        "count",
                        "several count rules (Fairy-Stockfish has one extinction rule)",
                    );
                }
                e.set("extinctionValue", w);
                e.set("extinctionPieceTypes", types);
                e.set("extinctionPieceCount", at_most.to_string());
                if *reply {
                    e.set("extinctionClaim", "true");
                    e.set("extinctionOpponentPieceCount", (at_most + 1).to_string());
                }
                if let Some(m) = against {
                    e.set("extinctionOpponentPieceCount", m.to_string());
                }
            }
            Event::Reach {
                region,
                piece,
                reply,
                own_turn,
                unattacked,
            } => {
                if out != Outcome::Win {
                    e.refuse_end("reach", "a goal that does not win");
                    continue;
                }
                let sq = [0, 1].map(|pl| e.region_squares(*region, pl));
                flags.push((*piece, sq, *reply, *own_turn, *unattacked));
            }
            Event::BoardFull => e.set("adjudicateFullBoard", "true"),
            Event::FacingKept if out == Outcome::Draw => {}
            Event::FacingKept => e.refuse_end("facing", "this outcome of a facing kept"),
            Event::Passes(2) if v.turn.when_stuck == ir::WhenStuck::Pass || v.turn.pass => {
                if out == Outcome::MostMen {
                    e.set("materialCounting", "unweighted");
                }
            }
            Event::Passes(_) => e.refuse_end("passes", "this pass rule"),
            Event::Surrounded(_) => e.refuse_end("surrounded", "surrounded men"),
            Event::HandEmpty => e.refuse_end("hand", "an empty hand"),
            Event::UnplaceableCard => e.refuse_end("unplaceable", "unplaceable cards"),
        }
    }
    let royal = v.pieces.iter().any(|p| p.royal);
    if royal {
        e.set("checkmateValue", checkmate.unwrap_or("loss"));
    }
    e.set("stalemateValue", stalemate.unwrap_or_else(|| "draw".into()));
    match nfold {
        Some((n, w)) => {
            e.set("nFoldRule", n.to_string());
            e.set("nFoldValue", w);
        }
        None => e.set("nFoldRule", "0"),
    }
    e.set("nMoveRule", nmove.unwrap_or(0).to_string());
    // Fairy-Stockfish lengthens its n-move rule by checks (2 plies per
    // check over 10) exactly when its chasing rule is axf's.
    let axf = e.keys.iter().any(|(k, v)| k == "chasingRule" && v == "axf");
    match nmove_plus {
        Some(Some(ir::CheckPlus { plies: 2, over: 10 })) if axf => {}
        Some(Some(p)) => e.leave_out(
            "quiet",
            format!(
                "the move rule's `plus {} plies per check over {}` (Fairy-Stockfish lengthens it \
                 by 2 plies per check over 10, only with `chasingRule = axf`)",
                p.plies, p.over
            ),
        ),
        Some(None) if axf => e.leave_out(
            "quiet",
            "a move rule not lengthened by checks (with `chasingRule = axf` Fairy-Stockfish adds \
             2 plies per check over 10)"
                .into(),
        ),
        _ => {}
    }
    // Flags: one piece per side (or every piece), one region per side.
    if !flags.is_empty() {
        let kinds: BTreeSet<PieceId> = flags.iter().map(|f| f.0).collect();
        let (reply, own, unatt) = (flags[0].2, flags[0].3, flags[0].4);
        if flags.iter().any(|f| (f.2, f.3, f.4) != (reply, own, unatt)) {
            e.refuse_end("reach", "goals of different kinds");
        }
        let region = flags[0].1.clone();
        if flags.iter().any(|f| f.1 != region) {
            e.refuse_end("reach", "goals on different regions");
        }
        let every = kinds.len() == v.pieces.len() && kinds.len() > 1;
        if kinds.len() > 1 && !every {
            e.refuse_end("reach", "a goal for several, but not all, kinds");
        }
        let piece = if every {
            "*".to_string()
        } else {
            v.pieces[flags[0].0 as usize]
                .letter
                .ch()
                .to_ascii_lowercase()
                .to_string()
        };
        let is_king =
            kinds.len() == 1 && matches!(fsf.get(flags[0].0 as usize), Some(Fsf::King(_)));
        e.set("flagPiece", piece);
        let (a, b) = (e.bitboard(&region[0]), e.bitboard(&region[1]));
        e.set("flagRegionWhite", a);
        e.set("flagRegionBlack", b);
        match (reply, own, unatt) {
            (false, false, false) => {}
            (false, false, true) => e.set("flagPieceSafe", "true"),
            (true, false, false) if is_king => e.set("flagMove", "true"),
            (false, true, false) if !is_king => e.set("flagMove", "true"),
            _ => e.refuse_end("reach", "this timing of a goal"),
        }
    }
    let _ = ActionKind::Move;
}
