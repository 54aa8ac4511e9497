//! Captures: whether men capture at all, and where a captured man goes
//! (out of the game, or to the capturer's hand as a man of the capturer,
//! or to its partner's hand under `captures to partner's hand`, demoted
//! to the kind it promoted from under `captures to hand demoted`, or to
//! the capturer's prison under `captures to prison`, whence
//! [`super::exchange`] releases it; rebirth is [`super::rebirth`]).

use super::super::compile::CompileError;
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{Man, State};
use crate::ir::{PieceId, PlayerId, Variant};

pub use crate::ir::Captures;

/// The compiled captures rule.
#[derive(Clone, Debug)]
pub struct CaptureRule {
    pub rule: Captures,
    /// Under demotion, per kind: the kind a promoted man of it goes back
    /// to (the one kind that promotes to it); empty otherwise.
    demote: Vec<PieceId>,
    /// Under demotion, per kind: the piece it is the promoted form of
    /// (`promotes to`), which a captured one always goes back to.
    base: Vec<Option<PieceId>>,
    /// Per capturer: the player whose hand receives what it captures
    /// (itself; under `captures to partner's hand` its partner, the next
    /// team mate in turn order, or nobody: the man leaves the game).
    receiver: Vec<Option<PlayerId>>,
}

impl CaptureRule {
    /// Whether men capture at all.
    #[inline]
    pub fn any(&self) -> bool {
        self.rule.any()
    }

    /// Whether captured men go to the capturer's hand.
    #[inline]
    pub fn to_hand(&self) -> bool {
        self.rule.to_hand()
    }

    /// Whether promoted men are marked, to be demoted when captured.
    #[inline]
    pub fn demotes(&self) -> bool {
        !self.demote.is_empty()
    }
}

/// The captures rule of a variant. Demotion needs, for every kind a man
/// can promote to, the one kind it promotes from.
pub fn compile(v: &Variant) -> Result<CaptureRule, CompileError> {
    let rule = v.turn.captures;
    let mut demote = Vec::new();
    let mut base = Vec::new();
    if rule == Captures::ToHandDemoted {
        base = vec![None; v.pieces.len()];
        for (k, p) in v.pieces.iter().enumerate() {
            if let Some(f) = p.promotes_to.and_then(|f| base.get_mut(f as usize)) {
                *f = Some(k as PieceId);
            }
        }
        let mut origin: Vec<Option<PieceId>> = vec![None; v.pieces.len()];
        let mut marked = false;
        for (k, p) in v.pieces.iter().enumerate() {
            for &to in p.promotion.iter().flat_map(|pr| pr.choices.iter()) {
                // Promoted forms are told apart by their kind, not marked;
                // a promoted form turning back (`demote`) is not promoted.
                if base.get(to as usize).copied().flatten().is_some()
                    || base.get(k).copied().flatten() == Some(to)
                {
                    continue;
                }
                marked = true;
                match origin.get(to as usize).copied().flatten() {
                    Some(other) if other as usize != k => {
                        return Err(CompileError::Other(format!(
                            "`captures to hand demoted`: `{}` is promoted to from both `{}` and `{}`, so a captured one has no single kind to go back to",
                            v.pieces[to as usize].name, v.pieces[other as usize].name, p.name
                        )))
                    }
                    _ => {
                        if let Some(o) = origin.get_mut(to as usize) {
                            *o = Some(k as PieceId);
                        }
                    }
                }
            }
        }
        if marked {
            demote = (0..v.pieces.len()).map(|k| k as PieceId).collect();
            for (k, o) in origin.into_iter().enumerate() {
                if let Some(o) = o {
                    demote[k] = o;
                }
            }
        }
    }
    let np = v.players.len();
    let receiver = (0..np)
        .map(|p| {
            if !v.turn.to_partner {
                return Some(p as PlayerId);
            }
            let team = v.teams.iter().find(|t| t.contains(&(p as PlayerId)));
            (1..np)
                .map(|i| ((p + i) % np) as PlayerId)
                .find(|q| team.is_some_and(|t| t.contains(q)))
        })
        .collect();
    Ok(CaptureRule {
        rule,
        demote,
        base,
        receiver,
    })
}

/// Make: `me` captured `man` (already taken off the board).
#[inline]
pub fn captured<B: Bits>(
    rule: &CaptureRule,
    t: &Base<B>,
    s: &mut State<B>,
    me: PlayerId,
    man: Man,
) {
    if rule.to_hand() {
        let kind = if let Some(b) = rule.base.get(man.kind() as usize).copied().flatten() {
            b
        } else if man.promoted() {
            rule.demote
                .get(man.kind() as usize)
                .copied()
                .unwrap_or(man.kind())
        } else {
            man.kind()
        };
        if let Some(&Some(to)) = rule.receiver.get(me as usize) {
            s.add_hand(&t.layout, to, kind, 1);
        }
    } else if rule.rule == Captures::ToPrison {
        // Held by the capturer as it stands, promoted or not (Hostage
        // chess: a promoted man keeps its kind in prison).
        s.add_prison(&t.layout, me, man.kind(), 1);
    }
}
