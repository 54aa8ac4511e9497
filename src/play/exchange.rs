//! Static exchange evaluation (SEE) for the engine's games: what a capture
//! wins once both sides have taken back on its square while it pays.
//!
//! **The swap.** The men of each side that attack the square (the
//! position's attack sets, so leapers, riders, hoppers and every movement
//! the rule file gives) take back in turn, cheapest first, each side free to
//! stop; a royal man takes back only when the other side has no attacker
//! left. Values are the evaluation's (a royal counts 2,000). A promotion
//! counts what it gains, and the promoted man is what stands on the square.
//!
//! **Where it cannot be exact, and how it errs** (the search uses SEE to
//! order captures and to skip losing ones in quiescence):
//! - the attack sets are those of the position before the capture: a man
//!   uncovered behind another (an x-ray), a hopper losing or gaining its
//!   hurdle, a pinned attacker and promotions on retaking are not seen;
//! - **drops**: a dropped man cannot capture, so hands take no part; a
//!   captured man that goes to the captor's hand is worth its value twice
//!   in the evaluation, which scales every exchange alike (the sign, what
//!   the search reads, is unchanged);
//! - **explosions** (`explode on capture`): the capture is played and the
//!   material of both sides compared (every man the blast removes counts,
//!   a royal 2,000); if the capturer survives on the square and an enemy
//!   attacks it, its value is lost as well (a pessimistic estimate);
//! - **other captures off the destination** (en passant, captures by
//!   jumping over or landing beside, `captures by approach | withdrawal |
//!   leaping | coordination | custody | imitation`): the material change
//!   of playing the action, as for explosions;
//! - a capture whose victim is worth at least the capturer answers the
//!   victim's value less the capturer's without looking further: a lower
//!   bound, since the side taking first can always stop after one
//!   recapture.

use crate::engine::{Bits, Move, Square};
use crate::play::session::Session;

/// The exchange value of `a` for the side playing it (0 for a quiet move).
pub fn see(s: &mut Session, a: Move) -> i32 {
    exchange(s, a, false)
}

/// The exchange value of the quiet move `a` for the side playing it: minus
/// what its man loses where it lands, by the same swap as a capture's
/// with nothing taken first (0 where it is safe). 0 too where captures
/// are not all of the ordinary kind (the position cannot generate its
/// tactical actions alone) and where captures explode.
pub fn see_quiet(s: &mut Session, a: Move) -> i32 {
    if !s.position().tactical_alone() {
        return 0;
    }
    exchange(s, a, true)
}

/// [`see`], or with `quiet` [`see_quiet`].
fn exchange(s: &mut Session, a: Move, quiet: bool) -> i32 {
    let pos = s.position();
    let (Some(from), Some(to)) = (a.from(), a.to()) else {
        return 0;
    };
    let Some(mover) = pos.man_at(from) else {
        return 0;
    };
    let me = mover.owner();
    let victim = pos.man_at(to).filter(|m| !s.friend(m.owner(), me));
    let promo = a.promotion();
    let explosive = s.variant().turn.explosion.is_some();
    // A move of two steps (`lion`) may take on its middle square too.
    let off_square = (victim.is_none() && a.aux_square().is_some_and(|q| q != to))
        || a.mid().is_some()
        || !s.takes_besides(a, mover.kind()).is_empty();
    if victim.is_none() && promo.is_none() && !off_square && (!quiet || explosive) {
        return 0;
    }
    if explosive || off_square {
        return by_playing(s, a, me, to);
    }
    let mover_value = s.order_value(mover.kind());
    let placed = promo.unwrap_or(mover.kind());
    let placed_value = s.order_value(placed);
    let victim_value = victim.map_or(0, |v| s.order_value(v.kind()));
    let first = victim_value + placed_value - mover_value;
    if promo.is_none() && victim_value >= mover_value {
        return first - placed_value.min(victim_value);
    }
    // Who takes back: the victim's side, or any enemy for a promotion.
    let nplayers = s.variant().players.len() as u8;
    let Some(enemy) = victim
        .map(|v| v.owner())
        .or_else(|| (0..nplayers).find(|&p| !s.friend(p, me)))
    else {
        return first;
    };
    let mut mine = pos.enemy_attackers(to, enemy);
    mine.remove(from);
    let mut theirs = pos.enemy_attackers(to, me);
    let royal = |sq: Square| {
        pos.man_at(sq)
            .and_then(|m| s.variant().pieces.get(m.kind() as usize))
            .is_some_and(|p| p.royal)
    };
    let value_at = |sq: Square| pos.man_at(sq).map_or(0, |m| s.order_value(m.kind()));
    let mut gain = [0i32; 32];
    gain[0] = first;
    let mut at_risk = placed_value;
    let mut d = 0;
    let mut their_turn = true;
    while d + 1 < gain.len() {
        let (side, other) = if their_turn {
            (&mut theirs, &mine)
        } else {
            (&mut mine, &theirs)
        };
        let Some(sq) = side.into_iter().min_by_key(|&q| (value_at(q), q.index())) else {
            break;
        };
        side.remove(sq);
        if royal(sq) && !other.is_empty() {
            break;
        }
        d += 1;
        gain[d] = at_risk - gain[d - 1];
        at_risk = value_at(sq);
        their_turn = !their_turn;
    }
    while d > 0 {
        gain[d - 1] = -((-gain[d - 1]).max(gain[d]));
        d -= 1;
    }
    gain[0]
}

/// The material change of playing `a` for `me`'s team (board and hands, a
/// royal 2,000), less the capturer's value when it stays on `to` attacked.
fn by_playing(s: &mut Session, a: Move, me: u8, to: Square) -> i32 {
    let before = material(s, me);
    s.game.play(a);
    let mut after = material(s, me);
    let pos = s.position();
    if let Some(m) = pos.man_at(to).filter(|m| s.friend(m.owner(), me)) {
        if pos.attacked_by_enemy_of(to, me) {
            after -= s.order_value(m.kind());
        }
    }
    s.game.undo();
    after - before
}

fn material(s: &Session, me: u8) -> i32 {
    let pos = s.position();
    let mut total = 0;
    for (_, m) in pos.men() {
        let v = s.order_value(m.kind());
        total += if s.friend(m.owner(), me) { v } else { -v };
    }
    let kinds = s.variant().pieces.len() as u8;
    for p in 0..s.variant().players.len() as u8 {
        for k in 0..kinds {
            let n = pos.hand(p, k) as i32;
            if n > 0 {
                let v = n * s.order_value(k);
                total += if s.friend(p, me) { v } else { -v };
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use crate::play::session::Session;
    use crate::search::game::Game;

    fn session(variant: &str, fen: &str) -> Session {
        let v = crate::load::builtin(variant, &[]).unwrap();
        Session::new(&v, Some(fen), 1).unwrap()
    }

    /// The session at `fen` and its legal move `mv`.
    fn session_and_move(variant: &str, fen: &str, mv: &str) -> (Session, crate::engine::Move) {
        let s = session(variant, fen);
        let m = crate::notation::protocol_text::parse_move(s.position(), mv)
            .unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
        (s, m)
    }

    fn see_of(variant: &str, fen: &str, mv: &str) -> i32 {
        let (mut s, m) = session_and_move(variant, fen, mv);
        s.see(&m)
    }

    /// The ordering value of the piece named `name`.
    fn val(variant: &str, name: &str) -> i32 {
        let v = crate::load::builtin(variant, &[]).unwrap();
        let s = Session::new(&v, None, 1).unwrap();
        let k = s
            .variant()
            .pieces
            .iter()
            .position(|p| p.name == name)
            .unwrap();
        s.order_value(k as u8)
    }

    #[test]
    fn see_of_plain_chess_exchanges() {
        let (p, n, q, r) = (
            val("chess", "pawn"),
            val("chess", "knight"),
            val("chess", "queen"),
            val("chess", "rook"),
        );
        // A pawn takes a knight defended by a pawn: knight for pawn.
        let fen = "4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "d4e5"), n - p);
        // A queen takes a pawn defended by a pawn: queen for pawn.
        let fen = "4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "e2e5"), p - q);
        // An undefended pawn is won whole.
        let fen = "4k3/8/8/4p3/8/8/4Q3/4K3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "e2e5"), p);
        // A knight takes a pawn defended by a rook, a second knight
        // defends: the rook retakes only if a rook for a knight pays.
        let fen = "4k3/8/4r3/8/4p3/2N3N1/8/4K3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "c3e4"), p.min(p - n + r));
        // A quiet move is worth nothing.
        assert_eq!(see_of("chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h5"), 0);
    }

    fn see_quiet_of(variant: &str, fen: &str, mv: &str) -> i32 {
        let (mut s, m) = session_and_move(variant, fen, mv);
        s.see_quiet(&m)
    }

    #[test]
    fn see_quiet_counts_the_man_lost_where_it_lands() {
        let (p, n, b) = (
            val("chess", "pawn"),
            val("chess", "knight"),
            val("chess", "bishop"),
        );
        // c3 out of the enemy pawn's reach: nothing lost.
        assert_eq!(
            see_quiet_of("chess", "4k3/8/8/3p4/8/8/8/1N2K3 w - - 0 1", "b1c3"),
            0
        );
        // A knight onto a square an enemy pawn attacks is lost whole.
        let fen = "4k3/8/8/8/1p6/8/8/1N2K3 w - - 0 1";
        assert_eq!(see_quiet_of("chess", fen, "b1c3"), -n);
        // Guarded by a pawn of its own: the enemy pawn takes, and is taken.
        let fen = "4k3/8/8/8/1p6/8/1P6/1N2K3 w - - 0 1";
        assert_eq!(see_quiet_of("chess", fen, "b1c3"), p - n);
        // Guarded, and attacked by a bishop: the bishop takes only where a
        // bishop for a knight pays.
        let fen = "4k3/8/8/4b3/8/8/1P6/1N2K3 w - - 0 1";
        assert_eq!(see_quiet_of("chess", fen, "b1c3"), -(n - b).max(0));
        // A bishop onto a square an enemy knight attacks.
        let fen = "4k3/8/8/8/8/1n6/8/2B4K w - - 0 1";
        assert_eq!(see_quiet_of("chess", fen, "c1d2"), -b);
        // Where captures explode, a quiet move is not valued.
        let fen = "4k3/8/8/8/1p6/8/8/1N2K3 w - - 0 1";
        assert_eq!(see_quiet_of("atomic", fen, "b1c3"), 0);
        // Nor where men are taken otherwise (ultima's pincers, leapers...).
        let fen = "k7/8/2p5/8/2p5/8/2L5/K7 w - - 0 1";
        assert_eq!(see_quiet_of("ultima", fen, "c2c3"), 0);
    }

    #[test]
    fn see_lets_a_royal_retake_only_an_undefended_man() {
        let (p, q, r) = (
            val("chess", "pawn"),
            val("chess", "queen"),
            val("chess", "rook"),
        );
        // Q x d2, R x Q, K x R: queen for pawn and rook.
        let fen = "3rk3/8/8/8/8/8/3p4/3QK3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "d1d2"), p - q + r);
        // A bishop also defends d2 (from g5): the king may not retake.
        let fen = "3rk3/8/8/6b1/8/8/3p4/3QK3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "d1d2"), p - q);
        // Known limit: a rook behind the rook (an x-ray) is not seen, so
        // the king's retake is counted as above.
        let fen = "3rk3/3r4/8/8/8/8/3p4/3QK3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "d1d2"), p - q + r);
    }

    #[test]
    fn see_promotes() {
        let (p, q) = (val("chess", "pawn"), val("chess", "queen"));
        // A quiet promotion on an unguarded square gains queen less pawn;
        // on a square a rook guards, the new queen is lost.
        let fen = "6k1/3P4/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "d7d8q"), q - p);
        let fen = "r5k1/3P4/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(see_of("chess", fen, "d7d8q"), -p);
    }

    #[test]
    fn see_in_a_drop_game() {
        let (p, n) = (val("crazyhouse", "pawn"), val("crazyhouse", "knight"));
        // Crazyhouse: the hands take no part (a drop cannot retake).
        let fen = "4k3/3p4/4p3/8/3N4/8/8/4K3[QQ] w - - 0 1";
        assert_eq!(see_of("crazyhouse", fen, "d4e6"), p - n);
        // A victim worth the capturer or more: the cheap lower bound
        // (victim less capturer) without looking at the defenders.
        let fen = "4k3/8/8/4n3/3P4/8/8/4K3[] w - - 0 1";
        assert_eq!(see_of("crazyhouse", fen, "d4e5"), n - p);
    }

    #[test]
    fn see_and_ordering_count_captures_off_the_destination() {
        let (p, c) = (val("ultima", "pincer"), val("ultima", "coordinator"));
        // The long leaper c2 -> c7 leaps the pawns on c4 and c6: two
        // pawns won, and a tactical move for the ordering, not a quiet one.
        let fen = "k7/8/2p5/8/2p5/8/2L5/K7 w - - 0 1";
        assert_eq!(see_of("ultima", fen, "c2c7"), 2 * p);
        assert_eq!(see_of("ultima", fen, "c2c3"), 0);
        let s = session("ultima", fen);
        let leap = crate::notation::protocol_text::parse_move(s.position(), "c2c7").unwrap();
        assert!(s.tactical_gain(&leap).is_some_and(|g| g > 0));
        let quiet = crate::notation::protocol_text::parse_move(s.position(), "c2c3").unwrap();
        assert_eq!(s.tactical_gain(&quiet), None);
        // A pincer pawn pinching a coordinator against its own pawn.
        let fen = "k7/8/8/8/8/8/1cP5/P6K w - - 0 1";
        assert_eq!(see_of("ultima", fen, "a1a2"), c);
    }

    #[test]
    fn see_of_an_explosion() {
        let (p, n) = (val("atomic", "pawn"), val("atomic", "knight"));
        // A knight takes a lone pawn: both explode.
        let fen = "4k3/8/8/8/8/1p6/8/2N1K3 w - - 0 1";
        assert_eq!(see_of("atomic", fen, "c1b3"), p - n);
        // N x d7 blows up the enemy king on e8 (2,000) with the queen and
        // the bishop beside it; the pawns beside the blast stay.
        let fen = "r1bqk2r/pppp1ppp/8/4N3/8/8/PPPP1PPP/RNBQKB1R w KQkq - 0 1";
        let v = see_of("atomic", fen, "e5d7");
        assert!(v > 2000, "{v}");
    }
}
