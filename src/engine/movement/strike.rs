//! The captures that are not a move onto the man taken
//! (`compile::strikes`): the men a move takes by approach, withdrawal,
//! leaping, coordination, custody or imitation ([`victims`]), the leaps
//! of the long leaper ([`leap_targets`]), and the attack test where these
//! captures or immobilisation exist: an immobilised man attacks nothing,
//! and a man that captures in one of these ways attacks every square one
//! of its moves would take a man from. Out of line: read behind
//! `Base::check_special` only by variants that have these rules.

use super::attacks::{attacked, friends_bb};
use super::{targets_of, Ctx};
use crate::engine::compile::strikes::{unit, Strikes, LINES, ORTHOGONAL};
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Man, Square, State};
use crate::ir::{KindSet, PieceId, MAX_PIECES};

/// The men of `men` that an enemy immobiliser holds.
#[inline]
pub fn frozen<B: Bits>(t: &Base<B>, s: &State<B>, st: &Strikes<B>, men: B) -> B {
    st.frozen(s, men, |p| friends_bb(t, s, p))
}

/// A move of one man and the board as it sees it: the occupancy before
/// the move (the man on its start), and the men of its side and of its
/// enemies, both without the move's start and destination squares (what
/// stands there is the mover, or the man it displaces).
#[derive(Clone, Copy)]
pub struct View<B: Bits> {
    pub occ: B,
    pub friends: B,
    pub enemy: B,
    pub man: Man,
    pub from: Square,
    pub to: Square,
    /// An enemy man stood on `to` (the move takes it by landing there).
    pub displaced: bool,
}

impl<B: Bits> View<B> {
    /// The view of a move of `man` from `from` to `to` with occupancy
    /// `occ` before it (the state's mailbox names the other men;
    /// `displaced`: an enemy man stands on `to`).
    #[inline]
    pub fn before(
        t: &Base<B>,
        s: &State<B>,
        man: Man,
        occ: B,
        from: Square,
        to: Square,
        displaced: bool,
    ) -> View<B> {
        let ends = B::single(from) | B::single(to);
        let friends = friends_bb(t, s, man.owner()) & occ & !ends;
        View {
            occ,
            friends,
            enemy: occ & !(friends | s.walls | ends),
            man,
            from,
            to,
            displaced,
        }
    }
}

/// Whether a man of `kind` of `man`'s side, standing on `from`, could make
/// the move `from` → `to` by its atoms on the board before the move
/// (`v.occ`; `displaced`: an enemy man stood on `to`). The imitator's test
/// that it moves as the piece it imitates.
fn moves_as<B: Bits>(t: &Base<B>, s: &State<B>, v: &View<B>, kind: PieceId) -> bool {
    let (man, from, to, displaced) = (v.man, v.from, v.to, v.displaced);
    let occ = (v.occ | B::single(from)) & !B::single(to)
        | if displaced { B::single(to) } else { B::EMPTY };
    let mut c = Ctx::new(t, s, man.owner(), true);
    c.occ = occ;
    c.friends = v.friends | B::single(from);
    c.enemy = v.enemy | if displaced { B::single(to) } else { B::EMPTY };
    c.empty = t.real & !occ;
    targets_of(t, s, &c, from, man.with_kind(kind), false).contains(to)
}

/// The men that the move `from` → `to` of `man` takes besides the man on
/// `to` (which the move itself displaces, if any): by its piece's
/// approach, withdrawal, leaping, coordination and custody, and by
/// imitation the enemy men of the kinds that capture in those ways, where
/// the move is one their piece could make (leaping: every enemy man
/// leapt over is of a leaping kind, as the generation of the leaps
/// ensures).
pub fn victims<B: Bits>(t: &Base<B>, s: &State<B>, st: &Strikes<B>, v: &View<B>) -> B {
    let (man, from, to) = (v.man, v.from, v.to);
    let bit = KindSet::one(man.kind());
    let imitates = st.imitation.meets(bit);
    let own = |mask: KindSet| mask.meets(bit);
    // Whether the enemy man on `q` falls to the way `mask` (the kinds
    // that capture that way).
    let mut cache: [Option<bool>; MAX_PIECES] = [None; MAX_PIECES];
    let mut falls = |q: Square, mask: KindSet, need_move: bool| -> bool {
        if !v.enemy.contains(q) {
            return false;
        }
        if own(mask) {
            return true;
        }
        if !imitates {
            return false;
        }
        let k = s.at(q).kind();
        if !mask.contains(k) {
            return false;
        }
        if !need_move {
            return true;
        }
        let i = k as usize;
        *cache[i].get_or_insert_with(|| moves_as(t, s, v, k))
    };
    let geo = &t.geo;
    let mut out = B::EMPTY;
    if let Some((ux, uy)) = unit(geo, from, to) {
        if let Some(q) = geo.flat_offset(to, (ux, uy)) {
            if falls(q, st.approach, true) {
                out |= B::single(q);
            }
        }
        if let Some(q) = geo.flat_offset(from, (-ux, -uy)) {
            if falls(q, st.withdrawal, true) {
                out |= B::single(q);
            }
        }
        if own(st.leapers()) {
            let mut q = geo.flat_offset(from, (ux, uy));
            while let Some(sq) = q.filter(|&sq| sq != to) {
                if falls(sq, st.leaping, false) {
                    out |= B::single(sq);
                }
                q = geo.flat_offset(sq, (ux, uy));
            }
        }
    }
    if !st.coordination.is_empty() && (own(st.coordination) || imitates) {
        let (tx, ty) = geo.coords(to);
        let royals = s.pids_bb(&t.royal_pids) & s.by_player[man.owner() as usize];
        for k in royals {
            let (kx, ky) = geo.coords(k);
            for q in [geo.square(tx, ky), geo.square(kx, ty)]
                .into_iter()
                .flatten()
            {
                if q != to && falls(q, st.coordination, true) {
                    out |= B::single(q);
                }
            }
        }
    }
    if !st.custody.is_empty() && (own(st.custody) || imitates) {
        for d in ORTHOGONAL {
            let Some(q) = geo.flat_offset(to, d) else {
                continue;
            };
            let anvil = geo.flat_offset(q, d);
            if anvil.is_some_and(|a| v.friends.contains(a)) && falls(q, st.custody, true) {
                out |= B::single(q);
            }
        }
    }
    out
}

/// The squares a man of a leaping kind (or an imitator) on `from` reaches
/// by leaping: along each rank, file and diagonal, over empty squares and
/// single enemy men (for an imitator, men of a leaping kind) each with an
/// empty square beyond it, every empty square after the first man leapt.
/// `occ`: the occupancy; `enemy`: the men it may leap.
pub fn leap_targets<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    st: &Strikes<B>,
    man: Man,
    from: Square,
    occ: B,
    enemy: B,
) -> B {
    let bit = KindSet::one(man.kind());
    let own = st.leaping.meets(bit);
    let mut out = B::EMPTY;
    for d in LINES {
        let mut leapt = false;
        let mut q = t.geo.flat_offset(from, d);
        while let Some(sq) = q {
            if !occ.contains(sq) {
                if leapt {
                    out |= B::single(sq);
                }
                q = t.geo.flat_offset(sq, d);
                continue;
            }
            let beyond = t.geo.flat_offset(sq, d);
            let may = enemy.contains(sq)
                && (own || st.leaping.contains(s.at(sq).kind()))
                && beyond.is_some_and(|b| !occ.contains(b));
            if !may {
                break;
            }
            leapt = true;
            q = beyond;
        }
    }
    out
}

/// Whether a man of `attackers` (a subset of `occ`) could take a man on
/// `sq`: by its attacks, unless it is immobilised, or by one of its moves
/// that takes by approach, withdrawal, leaping, coordination, custody or
/// imitation (an imitator also by moving onto `sq` as the piece there
/// captures).
#[inline(never)]
pub fn square_attacked<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    st: &Strikes<B>,
    sq: Square,
    attackers: B,
    occ: B,
) -> bool {
    let attackers = attackers & !frozen(t, s, st, attackers);
    if attacked(t, s, sq, attackers, occ) {
        return true;
    }
    if st.strikers().is_empty() {
        return false;
    }
    for from in s.pids_bb(&st.striker_pids) & attackers {
        let man = s.at(from);
        if !st.strikes(man) {
            continue;
        }
        let bit = KindSet::one(man.kind());
        let mut c = Ctx::new(t, s, man.owner(), true);
        c.occ = occ;
        c.empty = t.real & !occ;
        c.enemy = occ & !(c.friends | s.walls);
        let mut to_set = targets_of(t, s, &c, from, man, false);
        if st.leapers().meets(bit) {
            to_set |= leap_targets(t, s, st, man, from, occ, c.enemy);
        }
        if st.imitation.meets(bit) {
            // Onto the man, as his piece captures.
            let there = s.at(sq);
            if !there.is_empty() && c.enemy.contains(sq) {
                let v = View::before(t, s, man, occ, from, sq, true);
                if moves_as(t, s, &v, there.kind()) {
                    return true;
                }
            }
        }
        for to in to_set {
            if to == sq {
                continue;
            }
            let v = View::before(t, s, man, occ, from, to, c.enemy.contains(to));
            if victims(t, s, st, &v).contains(sq) {
                return true;
            }
        }
    }
    false
}
