//! Promotion as an action of its own (`promote PIECE in REGION to CHOICE
//! as action [last anywhere]`): no move of the kind promotes; instead a man
//! of the kind that stands in its zone (anywhere, with `last anywhere`,
//! when it is its owner's only man of the kind on the board) may turn into
//! one of its open choices, on its own square or on an empty square the
//! new man would attack from there. The action is legal when the mover's
//! constraints hold after it, the new man attacks no enemy man, and no
//! enemy royal is left attacked (a discovered check included).
//!
//! This module holds the data and the candidates; the legality test (make,
//! test, unmake) is in `position/movegen.rs`, as for gating.

use super::promotion::far_edge;
use crate::engine::compile::{Base, CompileError};
use crate::engine::core::man::CODES_PER_KIND;
use crate::engine::core::{Bits, Man, Move, Square, State};
use crate::engine::movement::{attack_set, enemies};
use crate::ir::{Dir, PieceId, PlayerId, Zone, MAX_PIECES};

#[derive(Clone, Debug)]
struct Kind {
    kind: PieceId,
    /// Per player: the kinds its men may become.
    choices: Vec<Vec<PieceId>>,
    /// Per kind: a choice only while its owner has fewer men of it on the
    /// board (0: no limit).
    limits: [u8; MAX_PIECES],
    last_anywhere: bool,
}

/// The promotions `as action` of a variant.
#[derive(Clone, Debug)]
pub struct PromoteAction<B: Bits> {
    kinds: Vec<Kind>,
    /// By man code: the zone.
    zones: Vec<B>,
    /// Per kind: its pattern ids (to count men of a kind).
    kind_pids: Vec<Vec<u8>>,
}

impl<B: Bits> PromoteAction<B> {
    pub fn new(t: &Base<B>) -> Result<Option<PromoteAction<B>>, CompileError> {
        let v = &t.variant;
        let nkinds = t.nkinds;
        let mut kinds = Vec::new();
        let mut zones = vec![B::EMPTY; nkinds * CODES_PER_KIND];
        for (k, piece) in v.pieces.iter().enumerate() {
            let Some(pr) = piece.promotion.as_ref().filter(|p| p.as_action) else {
                continue;
            };
            let bad = |message: &str| CompileError::Piece {
                piece: piece.name.clone(),
                message: message.into(),
            };
            if pr
                .choices
                .iter()
                .chain(pr.by_player.iter().flatten())
                .chain(pr.limits.iter().map(|(c, _)| c))
                .any(|&c| c as usize >= nkinds)
            {
                return Err(bad("a promotion choice is not a piece"));
            }
            if pr.by_player.len() > t.nplayers {
                return Err(bad(
                    "promotion choices for more players than the variant has",
                ));
            }
            let mut limits = [0u8; MAX_PIECES];
            for &(c, n) in &pr.limits {
                limits[c as usize] = n.min(255) as u8;
            }
            for owner in 0..t.nplayers {
                for f in Dir::ALL {
                    let z = match pr.zone {
                        Zone::FarEdge => far_edge(t, f),
                        Zone::Region(r) if (r as usize) < t.regions.len() => {
                            t.region(r, owner as PlayerId)
                        }
                        Zone::Region(_) => return Err(bad("the promotion region does not exist")),
                    };
                    let man = Man::new(k as PieceId, owner as PlayerId, f);
                    zones[man.code()] = z;
                    zones[man.with_promoted(true).code()] = z;
                }
            }
            kinds.push(Kind {
                kind: k as PieceId,
                choices: (0..t.nplayers)
                    .map(|p| pr.choices_of(p as PlayerId).to_vec())
                    .collect(),
                limits,
                last_anywhere: pr.last_anywhere,
            });
        }
        if kinds.is_empty() {
            return Ok(None);
        }
        Ok(Some(PromoteAction {
            kinds,
            zones,
            kind_pids: t.atoms.kind_pids.clone(),
        }))
    }

    /// The candidate promotions of the player to act, before any test of
    /// legality: for each man that may promote and each open choice, the
    /// man turning into it on its square and on each empty square the new
    /// man would attack from there.
    pub fn candidates(&self, t: &Base<B>, s: &mut State<B>, out: &mut impl FnMut(Move)) {
        let me = s.turn;
        let own = s.by_player[me as usize];
        for k in &self.kinds {
            let men = s.pids_bb(&self.kind_pids[k.kind as usize]) & own;
            if men.is_empty() {
                continue;
            }
            let anywhere = k.last_anywhere && men.count() == 1;
            for from in men {
                let man = s.at(from);
                if !anywhere && !self.zones[man.code()].contains(from) {
                    continue;
                }
                for &c in &k.choices[me as usize] {
                    let lim = k.limits[c as usize] as u32;
                    if lim > 0 && (s.pids_bb(&self.kind_pids[c as usize]) & own).count() >= lim {
                        continue;
                    }
                    out(Move::Promote {
                        from,
                        to: from,
                        piece: c,
                    });
                    let new = man.with_kind(c);
                    let l = &t.layout;
                    s.unprobe(l, from);
                    s.probe(l, from, new);
                    let reach = attack_set(t, s, from, new, s.occ) & t.real & !s.occ;
                    s.unprobe(l, from);
                    s.probe(l, from, man);
                    for to in reach {
                        out(Move::Promote { from, to, piece: c });
                    }
                }
            }
        }
    }

    /// Whether the man that promoted onto `to` attacks no enemy man of
    /// `me` (the position after the action).
    pub fn attacks_nothing(t: &Base<B>, s: &State<B>, me: PlayerId, to: Square) -> bool {
        let man = s.at(to);
        (attack_set(t, s, to, man, s.occ) & enemies(t, s, me)).is_empty()
    }
}
