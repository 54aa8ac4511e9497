//! Check: whether royal men are attacked, with the rules that change what
//! an attack on a royal is (`check all royals`, `check ... when at most
//! N`, exploding captures' shield, move-shape conditions, approach,
//! withdrawal and immobilisation). Built on [`super::attacks`], with the
//! out-of-line tests of `shape` and `strike`.

use super::attacks::{
    attacked, attackers_of, enemies, friends_bb, leap_attackers, ray_attacker, royals,
};
use crate::engine::compile::{Base, RoyalCheck};
use crate::engine::core::{Bits, Square, State};
use crate::ir::{PlayerId, MAX_PLAYERS};

/// Whether some royal man of `p` among the men `occ` is attacked by an
/// enemy man of `occ` (a position with some men taken away): `p` is in
/// check (with `check all royals`, every royal man of `p` is attacked).
#[inline(always)]
pub fn royal_attacked_in<B: Bits>(t: &Base<B>, s: &State<B>, p: PlayerId, occ: B) -> bool {
    let royals = royals(t, s, p) & occ;
    if royals.is_empty() {
        return false;
    }
    let enemy = occ & !(friends_bb(t, s, p) | s.walls);
    royals_checked(t, s, royals, enemy, occ)
}

/// Whether the royal of `p` on `k`, which no enemy man attacked before a
/// plain move of some man from `from` to `to` that changed nothing else on
/// the board, is attacked after it. With plain leaps and rides only (no
/// complex attacks: `Groups::complex_pids` empty) a move can attack `k` in
/// two ways: by the man that moved, from its new square, or by a ride
/// through the square it left; so only the leaps of the moved man and the
/// lines of `k` through the two squares are looked at.
pub fn royal_attacked_after<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    p: PlayerId,
    k: Square,
    from: Square,
    to: Square,
) -> bool {
    let g = &t.groups;
    let man = s.board[to.index()];
    if g.leap_near[k.index()].contains(to)
        && !t.is_friend(p, man.owner())
        && leap_attackers(t, s, k, B::single(to)).any()
    {
        return true;
    }
    // A ride: only along a line through `from` (opened) or `to` (the man
    // that came).
    let lines = g.ride_lines[k.index()];
    if !lines.contains(from) && !lines.contains(to) {
        return false;
    }
    let enemy = enemies(t, s, p);
    g.ride.iter().any(|gr| {
        let ray = t.ray(gr.rdir, k);
        (ray.contains(from) || ray.contains(to))
            && ray_attacker(t, s, gr, k, enemy, s.occ).is_some()
    })
}

/// Whether some royal man of `p` is attacked by an enemy.
pub fn royal_attacked<B: Bits>(t: &Base<B>, s: &State<B>, p: PlayerId) -> bool {
    royal_attacked_in(t, s, p, s.occ)
}

/// Whether the royal men `royals` (one side's) are in check from the men
/// `attackers` (a subset of `occ`): one of them attacked, or with `check
/// all royals` every one of them. Where captures explode, a royal standing
/// next to a royal of the attackers' is not attacked; where move shapes
/// are conditioned, only the attacks whose shape is allowed count.
#[inline(always)]
pub fn royals_checked<B: Bits>(t: &Base<B>, s: &State<B>, royals: B, attackers: B, occ: B) -> bool {
    if t.check_special {
        return royals_checked_special(t, s, royals, attackers, occ);
    }
    royals.iter().any(|r| attacked(t, s, r, attackers, occ))
}

/// Whether captures explode and a royal man on `sq` stands next to a
/// royal man of the `attackers`, which cannot take it without blowing up
/// their own.
#[inline(always)]
fn shielded<B: Bits>(t: &Base<B>, s: &State<B>, sq: Square, attackers: B) -> bool {
    t.shield
        .get(sq.index())
        .is_some_and(|near| (*near & attackers & s.pids_bb(&t.royal_pids)).any())
}

/// [`royals_checked`] under `check all royals`, `check ... when at most
/// N`, exploding captures or move-shape conditions (out of line: the
/// default rule pays one flag test).
#[inline(never)]
fn royals_checked_special<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    mut royals: B,
    attackers: B,
    occ: B,
) -> bool {
    let all = match t.royal_check {
        RoyalCheck::Any => false,
        RoyalCheck::All => true,
        RoyalCheck::AtMost { n, all, made } => {
            // As before the action: a royal man it brought in is neither
            // counted nor judged.
            if let Some(sq) = made_royal(t, s, made) {
                royals &= !B::single(sq);
            }
            if royals.count() > n as u32 {
                return false;
            }
            all
        }
    };
    if all {
        royals
            .iter()
            .all(|r| royal_square_attacked(t, s, r, attackers, occ))
    } else {
        royals
            .iter()
            .any(|r| royal_square_attacked(t, s, r, attackers, occ))
    }
}

/// The square of the royal man the last action brought in under `check
/// ... when at most N`, if it still stands there: the variable holds 1 +
/// square × [`MAX_PLAYERS`] + its owner (see [`RoyalCheck::AtMost`]).
#[inline]
fn made_royal<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    made: crate::engine::core::Var,
) -> Option<Square> {
    let m = (s.var(made) as usize).checked_sub(1)?;
    let (sq, owner) = (m / MAX_PLAYERS, m % MAX_PLAYERS);
    let man = s.board.get(sq).filter(|_| sq < t.nsq)?;
    (!man.is_empty() && man.owner() as usize == owner).then(|| Square::new(sq))
}

/// The value of the variable of [`made_royal`] for a royal man of
/// `owner` on `sq`.
#[inline]
pub fn made_royal_value(sq: Square, owner: PlayerId) -> u32 {
    (sq.index() * MAX_PLAYERS + owner as usize + 1) as u32
}

/// Whether a royal man on `sq` would be attacked by `attackers` (a subset
/// of `occ`): where captures explode, not next to a royal of theirs.
#[inline]
pub fn royal_square_attacked<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    sq: Square,
    attackers: B,
    occ: B,
) -> bool {
    // Exploding captures, strikes, prisons and move shapes all set
    // `check_special`: the default rule pays this one test.
    if t.check_special {
        return royal_square_attacked_special(t, s, sq, attackers, occ);
    }
    attacked(t, s, sq, attackers, occ)
}

/// The men of `attackers` that attack a royal man on `sq` as check is
/// judged (off the hot path: explanations, [`crate::engine::Position::checkers`]):
/// the attack tables' attackers; where those find none but check is
/// judged otherwise ([`Base::check_special`]: captures by approach,
/// withdrawal, leaping or coordination, move shapes, prisons), each man
/// that attacks the square on its own.
pub fn royal_attackers<B: Bits>(t: &Base<B>, s: &State<B>, sq: Square, attackers: B, occ: B) -> B {
    let by = attackers_of(t, s, sq, attackers);
    if by.any() || !t.check_special || !royal_square_attacked(t, s, sq, attackers, occ) {
        return by;
    }
    attackers
        .iter()
        .filter(|&a| royal_square_attacked(t, s, sq, B::single(a), occ))
        .fold(by, |acc, a| acc | B::single(a))
}

/// [`royal_square_attacked`] where check is judged otherwise than by the
/// plain attack (see [`Base::check_special`]).
#[inline(never)]
fn royal_square_attacked_special<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    sq: Square,
    attackers: B,
    occ: B,
) -> bool {
    if shielded(t, s, sq, attackers) {
        return false;
    }
    let attackers = match t.prison.as_deref() {
        Some(pa) => attackers & !pa.void(s, sq, attackers),
        None => attackers,
    };
    if let Some(st) = t.strikes.as_deref() {
        return super::strike::square_attacked(t, s, st, sq, attackers, occ);
    }
    // (The move-shape conditions are looked at only once the square is
    // attacked: nothing more for a square no one attacks, or a variant
    // without them.)
    attacked(t, s, sq, attackers, occ)
        && t.move_shape
            .as_deref()
            .is_none_or(|ms| super::shape::shaped_attack(t, ms, s, sq, attackers & occ))
}
