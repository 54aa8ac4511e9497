//! The AI under `fog of war`: determinisation. Before it searches, the AI
//! replaces the true position by a sample consistent with what its seat
//! knows, and searches the sample as if it were the game (each later
//! position of the search then has no fog: perfect-information Monte
//! Carlo, one sample per choice, as for hidden decks).
//!
//! What the seat knows, and so all the sample is built from:
//! - its view ([`Position::sight`]): its side's men, and what stands on
//!   each square it sees (enemy men there keep their kind and flags);
//! - the start of the game (public) and the moves of its own side, which
//!   tell which enemy men it has taken: the enemy's men at the start less
//!   those taken are the men the enemy may still have; the visible ones
//!   are taken from that multiset (a visible kind that the multiset lacks
//!   stands for a promotion, and takes a man of a kind that promotes to
//!   it), and the rest are the hidden men;
//! - hands, pools and the decks' public multisets, which every seat sees.
//!
//! The hidden men are dealt from the seed onto the squares the seat does
//! not see; a square the seat would see if it were empty (a pawn's step
//! blocked by a man it cannot see) is then filled first, so that the
//! sample's view is the true view. Whether an enemy man has moved is not
//! seen: an enemy man counts as unmoved (a pawn's double step, castling)
//! where a man of its kind stood at the start; an en-passant record is
//! kept only when its victim is seen; the quiet-move counter starts again.
//!
//! Nothing here reads a man on a square the seat does not see: two true
//! positions with the same view and the same history of the seat's own
//! captures give the same sample for the same seed
//! (`the_ai_choice_does_not_change_when_only_hidden_men_change`).

use crate::engine::{self, Bits, Move, Position, RawMan, Square};
use crate::ir::{PieceId, PlayerId};
use rand::seq::SliceRandom;
use rand::RngCore;

/// A position consistent with what `seat` knows of `game`, its hidden men
/// dealt from `rng` (the view without hidden men, `view_only`, where no
/// such position could be built).
pub fn determinise(game: &engine::Game, seat: PlayerId, rng: &mut dyn RngCore) -> Position {
    let pos = game.position();
    let v = pos.tables().variant();
    let np = v.players.len();
    let sight = pos.sight(seat);
    let friend = |p: PlayerId| v.team_of(p) == v.team_of(seat);
    // The enemy men the seat may still face, per player and kind: the
    // start's, less those its side took.
    let mut known = vec![vec![0u32; v.pieces.len()]; np];
    let mut start = game.clone();
    while start.undo().is_some() {}
    let mut start_men = Vec::new();
    for (sq, m) in start.position().men() {
        if !friend(m.owner()) {
            known[m.owner() as usize][m.kind() as usize] += 1;
            start_men.push((sq, m.owner(), m.kind()));
        }
    }
    // Whether an enemy man has moved is not seen: one counts as unmoved
    // where a man of its kind stood at the start.
    let unmoved =
        |sq: Square, owner: PlayerId, kind: PieceId| start_men.contains(&(sq, owner, kind));
    let moves: Vec<Move> = game.moves().collect();
    let mut replay = start.position().clone();
    for m in moves {
        if friend(replay.turn()) {
            for sq in taken(m) {
                if let Some(man) = replay.man_at(sq).filter(|x| !friend(x.owner())) {
                    let n = &mut known[man.owner() as usize][man.kind() as usize];
                    *n = n.saturating_sub(1);
                }
            }
        }
        replay.play(m);
    }
    let mut raw = pos.to_raw();
    // Enemy men in view leave the multiset; the others leave the board.
    let mut seen_men = Vec::new();
    for m in &raw.men {
        if friend(m.owner) {
            seen_men.push(*m);
        } else if sight.contains(m.at) {
            take_one(&mut known[m.owner as usize], m.kind, v);
            seen_men.push(RawMan {
                unmoved: unmoved(m.at, m.owner, m.kind),
                promoted: false,
                ..*m
            });
        }
    }
    raw.men = seen_men;
    raw.walls.retain(|&w| sight.contains(w));
    raw.en_passant.retain(|e| sight.contains(e.victim));
    raw.quiet = 0;
    // The squares to deal onto: real squares out of view.
    let geo = pos.tables().geometry();
    let mut free: Vec<Square> = geo.squares().filter(|&sq| !sight.contains(sq)).collect();
    free.shuffle(rng);
    let mut hidden: Vec<(PlayerId, PieceId)> = Vec::new();
    for (p, kinds) in known.iter().enumerate() {
        for (k, &n) in kinds.iter().enumerate() {
            for _ in 0..n {
                hidden.push((p as PlayerId, k as PieceId));
            }
        }
    }
    hidden.shuffle(rng);
    hidden.truncate(free.len());
    let base = raw.clone();
    let place = |raw: &mut engine::RawPosition, at: &[Square]| {
        raw.men = base.men.clone();
        for (&(owner, kind), &sq) in hidden.iter().zip(at) {
            raw.men.push(RawMan {
                at: sq,
                kind,
                owner,
                facing: v.players[owner as usize].forward,
                unmoved: unmoved(sq, owner, kind),
                promoted: false,
            });
        }
    };
    // Deal, then mend what the sample shows that the seat does not see: a
    // square seen empty must hold a man (the step onto it is blocked), a
    // square seen because a dealt man stands there (a capture) must stay
    // empty. A few rounds at most.
    let (mut needed, mut banned): (Vec<Square>, Vec<Square>) = (Vec::new(), Vec::new());
    let mut at: Vec<Square> = free.clone();
    for _ in 0..6 {
        at = needed
            .iter()
            .copied()
            .chain(
                free.iter()
                    .copied()
                    .filter(|sq| !needed.contains(sq) && !banned.contains(sq)),
            )
            .collect();
        place(&mut raw, &at[..hidden.len().min(at.len())]);
        let Ok(sample) = Position::from_raw(pos.tables().clone(), raw.clone()) else {
            break;
        };
        let extra: Vec<Square> = sample
            .sight(seat)
            .into_iter()
            .filter(|&sq| !sight.contains(sq))
            .collect();
        if extra.is_empty() || hidden.is_empty() {
            return sample;
        }
        for sq in extra {
            let list = if sample.man_at(sq).is_some() {
                &mut banned
            } else {
                &mut needed
            };
            if !list.contains(&sq) {
                list.push(sq);
            }
        }
    }
    place(&mut raw, &at[..hidden.len().min(at.len())]);
    Position::from_raw(pos.tables().clone(), raw).unwrap_or_else(|_| view_only(pos, seat))
}

/// The view alone: the position with every man the seat does not see
/// taken off (the last resort of [`determinise`]; the true position if
/// even that is no position, which only a variant with royals can make).
fn view_only(pos: &Position, seat: PlayerId) -> Position {
    let sight = pos.sight(seat);
    let mut raw = pos.to_raw();
    let v = pos.tables().variant();
    raw.men
        .retain(|m| v.team_of(m.owner) == v.team_of(seat) || sight.contains(m.at));
    raw.en_passant.retain(|e| sight.contains(e.victim));
    Position::from_raw(pos.tables().clone(), raw).unwrap_or_else(|_| pos.clone())
}

/// The squares whose men an action takes (the seat's own captures).
fn taken(m: Move) -> Vec<Square> {
    match m {
        Move::EnPassant { victim, .. } => vec![victim],
        Move::Drop { .. } | Move::Draw { .. } | Move::Pass | Move::Resign => Vec::new(),
        _ => m.to().into_iter().collect(),
    }
}

/// Take a man of `kind` from a player's multiset; a kind it lacks was
/// promoted unseen: take a man of a kind that promotes to it.
fn take_one(counts: &mut [u32], kind: PieceId, v: &crate::ir::Variant) {
    if let Some(n) = counts.get_mut(kind as usize).filter(|n| **n > 0) {
        *n -= 1;
        return;
    }
    let from = v.pieces.iter().enumerate().find(|(k, p)| {
        counts.get(*k).is_some_and(|&n| n > 0)
            && p.promotion
                .as_ref()
                .is_some_and(|pr| pr.choices.contains(&kind))
    });
    if let Some((k, _)) = from {
        counts[k] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::ai::{self, Player};
    use crate::play::session::Session;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn session(fen: &str) -> Session {
        let v = crate::load::builtin("fogofwar", &[]).expect("built in");
        Session::new(&v, Some(fen), 0).expect("starts")
    }

    /// From the same start, Black's men out of White's sight stand on
    /// other squares in the two games (Black played other moves; White's
    /// view is the same): White's AI makes the same sample and the same
    /// choice, seed by seed.
    #[test]
    fn the_ai_choice_does_not_change_when_only_hidden_men_change() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let played = |moves: &[&str]| {
            let mut s = session(start);
            for m in moves {
                let m = s.parse(m).expect("legal");
                s.play_noted(m);
            }
            s
        };
        let a = played(&["Nf3", "a6", "Ng1", "Nc6"]);
        let b = played(&["Nf3", "h5", "Ng1", "Na6"]);
        assert_ne!(a.position().fen(), b.position().fen());
        assert_eq!(
            a.position().sight(0),
            b.position().sight(0),
            "the same view"
        );
        for seed in 0..4 {
            let sample = |s: &Session| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                determinise(&s.game, 0, &mut rng).fen()
            };
            assert_eq!(sample(&a), sample(&b), "seed {seed}");
            let choose = |s: &Session| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                ai::choose(s, &Player::Ai(2), &mut rng)
            };
            assert_eq!(choose(&a), choose(&b), "seed {seed}");
        }
    }

    /// The sample keeps what the seat sees (its view is the same in the
    /// sample) and deals the enemy men it may still face out of sight: the
    /// start's men less those its side took.
    #[test]
    fn a_sample_shows_the_seat_what_it_sees_and_deals_the_rest_out_of_sight() {
        let mut s = session("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for m in ["e4", "d5", "exd5", "Nf6"] {
            let m = s.parse(m).expect("legal");
            s.play_noted(m);
        }
        let pos = s.position();
        for seed in 0..8 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let sample = determinise(&s.game, 0, &mut rng);
            assert_eq!(sample.sight(0), pos.sight(0), "seed {seed}");
            for sq in pos.sight(0) {
                assert_eq!(sample.man_at(sq), pos.man_at(sq), "seed {seed}");
            }
            // Black lost a pawn: 15 men, as many as it has.
            assert_eq!(sample.men_of(1).count(), 15, "seed {seed}");
        }
    }
}
