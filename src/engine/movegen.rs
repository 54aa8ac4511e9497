//! Legal move generation.
//!
//! Three paths, chosen per node:
//!
//! * **no royal** to protect and no post-move tests: pseudo-legal moves are
//!   legal;
//! * **fast**: when the variant's attacks are plain leaps and rides
//!   ([`Tables::uses_fast_legality`](super::Tables::uses_fast_legality)) and
//!   the mover has exactly one royal, checkers and pins are computed once;
//!   ordinary moves are filtered with bitset masks, royal moves by an attack
//!   test without the royal on the board, and the rare special moves (en
//!   passant, castling) by make, test, unmake;
//! * **generic**: every pseudo-legal move is made, tested and unmade.
//!
//! Moves go to a [`Sink`]: a [`MoveList`], or a [`Count`] that only counts
//! them (perft's last ply), adding whole target sets at once.

use super::attacks::{self, reach, ride_in_range};
use super::bitset::Bitset;
use super::man::Man;
use super::moves::{Move, MoveKind, MoveList};
use super::position::{castle_crossed, State};
use super::pred;
use super::square::Square;
use super::tables::{AKind, Tables};
use crate::ir::{PlayerId, MAX_PIECES};

/// What every man's generation needs about the node.
pub(crate) struct Ctx {
    pub me: PlayerId,
    pub occ: Bitset,
    pub friends: Bitset,
    pub enemy: Bitset,
    pub empty: Bitset,
    pub captures: bool,
}

impl Ctx {
    #[inline]
    pub fn new(t: &Tables, s: &State, me: PlayerId) -> Ctx {
        let friends = s.friends_bb(t, me);
        Ctx {
            me,
            occ: s.occ,
            friends,
            enemy: s.occ & !friends,
            empty: t.geo.real() & !s.occ,
            captures: t.variant.turn.captures,
        }
    }
}

/// The promotion choices open to `man` now (empty: it does not promote).
#[inline]
fn promo_choices(t: &Tables, s: &State, man: Man, out: &mut [u8; MAX_PIECES]) -> usize {
    let Some(pr) = &t.promo[man.kind() as usize] else {
        return 0;
    };
    let mut n = 0;
    for &c in &pr.choices {
        if !pr.from_pool || s.pools[man.owner() as usize][c as usize] > 0 {
            out[n] = c;
            n += 1;
        }
    }
    n
}

/// Where generated moves go.
pub(crate) trait Sink {
    /// Plain moves of `man` from `from` to each square of `targets`
    /// (promotions expanded).
    fn targets(&mut self, t: &Tables, s: &State, from: Square, man: Man, targets: Bitset);
    /// One move of `man` (promotions expanded).
    fn one(&mut self, t: &Tables, s: &State, mv: Move, man: Man);
    /// One finished move.
    fn raw(&mut self, mv: Move);
}

/// Expand a move into its promotions (or itself) and hand each to `f`.
#[inline]
fn expand(t: &Tables, s: &State, mv: Move, man: Man, mut f: impl FnMut(Move)) {
    if t.promo_kinds & (1 << man.kind()) != 0 && t.zone(man).contains(mv.to) {
        let mut ch = [0u8; MAX_PIECES];
        let n = promo_choices(t, s, man, &mut ch);
        if n > 0 {
            for &c in &ch[..n] {
                f(mv.with_piece(c));
            }
            return;
        }
    }
    f(mv);
}

impl Sink for MoveList {
    #[inline]
    fn targets(&mut self, t: &Tables, s: &State, from: Square, man: Man, targets: Bitset) {
        let promo = if t.promo_kinds & (1 << man.kind()) != 0 {
            targets & t.zone(man)
        } else {
            Bitset::EMPTY
        };
        for to in targets & !promo {
            self.push(Move::new(from, to, u16::MAX, MoveKind::Normal, u8::MAX));
        }
        for to in promo {
            expand(
                t,
                s,
                Move::new(from, to, u16::MAX, MoveKind::Normal, u8::MAX),
                man,
                |m| self.push(m),
            );
        }
    }

    #[inline]
    fn one(&mut self, t: &Tables, s: &State, mv: Move, man: Man) {
        expand(t, s, mv, man, |m| self.push(m));
    }

    #[inline]
    fn raw(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// A sink that only counts.
pub(crate) struct Count(pub u64);

impl Sink for Count {
    #[inline]
    fn targets(&mut self, t: &Tables, s: &State, _from: Square, man: Man, targets: Bitset) {
        if t.promo_kinds & (1 << man.kind()) != 0 {
            let promo = targets & t.zone(man);
            if promo.any() {
                let mut ch = [0u8; MAX_PIECES];
                let n = promo_choices(t, s, man, &mut ch).max(1) as u64;
                self.0 += (targets & !promo).count() as u64 + promo.count() as u64 * n;
                return;
            }
        }
        self.0 += targets.count() as u64;
    }

    #[inline]
    fn one(&mut self, t: &Tables, s: &State, mv: Move, man: Man) {
        if t.promo_kinds & (1 << man.kind()) != 0 && t.zone(man).contains(mv.to) {
            let mut ch = [0u8; MAX_PIECES];
            self.0 += promo_choices(t, s, man, &mut ch).max(1) as u64;
        } else {
            self.0 += 1;
        }
    }

    #[inline]
    fn raw(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// The squares the atoms of the man on `from` can move to (plain moves
/// and captures; lame moves that leave en-passant targets excluded when
/// `lame_ep`).
#[inline(always)]
pub(crate) fn targets_of(
    t: &Tables,
    s: &State,
    c: &Ctx,
    from: Square,
    man: Man,
    lame_ep: bool,
) -> Bitset {
    let p = &t.patterns[t.pid(man)];
    let unmoved = s.unmoved.contains(from);
    let mut quiet = Bitset::EMPTY;
    let mut caps = Bitset::EMPTY;
    // Each arm adds its own squares: merging one `r` from several arms made
    // the compiler spill it and reload it across two stores (a
    // store-forwarding stall that cost a third of the generation time).
    #[inline(always)]
    fn add(mode: crate::ir::Mode, r: Bitset, quiet: &mut Bitset, caps: &mut Bitset) {
        if mode.can_move() {
            *quiet |= r;
        }
        if mode.can_capture() {
            *caps |= r;
        }
    }
    for a in &p.moves {
        if a.initial && !unmoved {
            continue;
        }
        match a.kind {
            AKind::Leap => add(
                a.mode,
                t.leap_bb[a.table as usize + from.index()],
                &mut quiet,
                &mut caps,
            ),
            AKind::Ride if a.range == 0 && !a.passes_own => {
                let ray = t.ray(a.dir, from);
                let r = match (ray & c.occ).nearest(t.dirs[a.dir as usize].lowest) {
                    Some(b) => ray & !t.ray(a.dir, b),
                    None => ray,
                };
                add(a.mode, r, &mut quiet, &mut caps);
            }
            AKind::Lame if lame_ep => {}
            _ => add(
                a.mode,
                reach(t, a, from, c.occ, c.friends),
                &mut quiet,
                &mut caps,
            ),
        }
    }
    let caps = if c.captures {
        caps & c.enemy
    } else {
        Bitset::EMPTY
    };
    (quiet & c.empty) | caps
}

/// Generate the moves of the man on `from` whose destination is in `mask`
/// and (when `CHECK`) passes `ok`. Special moves are generated elsewhere.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn gen_man<S: Sink, const CHECK: bool, F: Fn(Square) -> bool>(
    t: &Tables,
    s: &State,
    c: &Ctx,
    from: Square,
    man: Man,
    mask: Bitset,
    ok: F,
    out: &mut S,
) {
    let p = &t.patterns[t.pid(man)];
    let lame_ep = t.has_ep && p.lame_moves;
    let simple = targets_of(t, s, c, from, man, lame_ep);
    let mut tg = simple & mask;
    if CHECK {
        for to in tg {
            if !ok(to) {
                tg.remove(to);
            }
        }
    }
    out.targets(t, s, from, man, tg);
    if lame_ep {
        let unmoved = s.unmoved.contains(from);
        for a in &p.moves {
            if a.kind != AKind::Lame || (a.initial && !unmoved) {
                continue;
            }
            for &d in &a.dirs {
                let st = t.lame_step(d, from);
                let to = st.to;
                if to.is_none() || (st.path & c.occ).any() || simple.contains(to) {
                    continue;
                }
                let fits = (a.mode.can_move() && c.empty.contains(to))
                    || (c.captures && a.mode.can_capture() && c.enemy.contains(to));
                if fits && mask.contains(to) && (!CHECK || ok(to)) {
                    let kind = if st.npath > 0 {
                        MoveKind::Lame
                    } else {
                        MoveKind::Normal
                    };
                    out.one(t, s, Move::new(from, to, d, kind, u8::MAX), man);
                }
            }
        }
    }
}

/// Whether board moves are allowed for `me` now.
#[inline]
fn moves_allowed(t: &Tables, s: &State, me: PlayerId) -> bool {
    let turn = &t.variant.turn;
    turn.moves
        && (matches!(turn.move_requires, crate::ir::Pred::True)
            || pred::eval_player(t, s, &turn.move_requires, me))
}

/// All legal moves of the player to act, appended to `out`.
pub(crate) fn gen_legal(t: &Tables, s: &mut State, out: &mut MoveList) {
    let mut scratch = MoveList::default();
    legal(t, s, out, &mut scratch);
}

/// All legal moves of the player to act, into `out`; `scratch` is a list
/// the generic path may use.
pub(crate) fn legal<S: Sink>(t: &Tables, s: &mut State, out: &mut S, scratch: &mut MoveList) {
    if t.cards.enabled {
        // Issue 5: a player who revealed an unplaceable card has lost.
        if s.decks.lost != 0 {
            return;
        }
        super::deck::gen_draws(t, s, out);
    }
    if t.pl.active {
        super::placement::legal(t, s, out, scratch);
    } else {
        legal_board(t, s, out, scratch);
    }
}

/// The legal board moves (and en passant, castling) of the player to act.
pub(crate) fn legal_board<S: Sink>(t: &Tables, s: &mut State, out: &mut S, scratch: &mut MoveList) {
    let me = s.turn;
    if !moves_allowed(t, s, me) {
        return;
    }
    let c = Ctx::new(t, s, me);
    let royals = s.royals(t, me);
    if royals.is_empty() && !t.post_checks {
        gen_pseudo(t, s, &c, out);
        gen_special(t, s, &c, false, out);
    } else if t.fast_legal && !royals.more_than_one() && royals.any() {
        gen_fast(
            t,
            s,
            &c,
            royals.first().unwrap_or(Square::NONE),
            out,
            scratch,
        );
    } else {
        gen_generic(t, s, &c, out, scratch);
    }
}

/// Pseudo-legal moves of every man of the player to act (no specials).
fn gen_pseudo<S: Sink>(t: &Tables, s: &State, c: &Ctx, out: &mut S) {
    for from in s.by_player[c.me as usize] {
        let man = s.board[from.index()];
        gen_man::<S, false, _>(t, s, c, from, man, Bitset::FULL, |_| true, out);
    }
}

/// The generic path for one node.
fn gen_generic<S: Sink>(t: &Tables, s: &mut State, c: &Ctx, out: &mut S, scratch: &mut MoveList) {
    scratch.clear();
    gen_pseudo(t, s, c, scratch);
    gen_special(t, s, c, false, scratch);
    for i in 0..scratch.len() {
        let mv = scratch[i];
        if legal_after(t, s, mv) {
            out.raw(mv);
        }
    }
}

/// Make, test royal safety (and the post-move rules), unmake.
pub(crate) fn legal_after(t: &Tables, s: &mut State, mv: Move) -> bool {
    let me = s.turn;
    let undo = s.make(t, mv);
    let ok = !attacks::royal_attacked(t, s, me) && post_ok(t, s);
    s.unmake(t, mv, undo);
    ok
}

/// Rules a position must meet after every action besides royal safety:
/// the limit box of an unbounded board, and the invariants (connectivity).
pub(crate) fn post_ok(t: &Tables, s: &State) -> bool {
    if let Some((w, h)) = t.geo.limit() {
        if let Some((x0, y0, x1, y1)) = super::position::bounding_box(t, s.occ) {
            if (x1 - x0) as usize >= w || (y1 - y0) as usize >= h {
                return false;
            }
        }
    }
    super::placement::invariants_ok(t, s)
}

/// En passant and castling. With `verify`, each is tested by make/unmake.
fn gen_special<S: Sink>(t: &Tables, s: &mut State, c: &Ctx, verify: bool, out: &mut S) {
    gen_ep(t, s, c, verify, out);
    gen_castle(t, s, c, verify, out);
}

/// En-passant captures. With `verify`, each is tested by make/unmake.
pub(crate) fn gen_ep<S: Sink>(t: &Tables, s: &mut State, c: &Ctx, verify: bool, out: &mut S) {
    let me = c.me;
    if !t.has_ep || !c.captures {
        return;
    }
    for q in 0..t.nplayers {
        let rec = s.ep[q];
        if !rec.is_some() || rec.eligible & (1 << me) == 0 {
            continue;
        }
        let victim = s.board[rec.victim.index()];
        if victim.is_empty() || t.is_friend(me, victim.owner()) {
            continue;
        }
        for &tg in rec.targets.iter().take_while(|x| x.is_some()) {
            if !c.empty.contains(tg) {
                continue;
            }
            for &pid in &t.ep_pids {
                for from in s.by_pattern[pid as usize] & s.by_player[me as usize] {
                    let man = s.board[from.index()];
                    let unmoved = s.unmoved.contains(from);
                    let reaches = t.patterns[pid as usize].moves.iter().any(|a| {
                        a.ep && a.mode.can_capture()
                            && (!a.initial || unmoved)
                            && reach(t, a, from, c.occ, c.friends).contains(tg)
                    });
                    if !reaches {
                        continue;
                    }
                    let mv = Move::new(from, tg, rec.victim.0, MoveKind::EnPassant, u8::MAX);
                    let mut cands = [mv; MAX_PIECES + 1];
                    let mut n = 0;
                    expand(t, s, mv, man, |m| {
                        cands[n] = m;
                        n += 1;
                    });
                    for &m in &cands[..n] {
                        if !verify || legal_after(t, s, m) {
                            out.raw(m);
                        }
                    }
                }
            }
        }
    }
}

/// Castling (FIDE conditions). With `verify`, each is tested by make/unmake.
fn gen_castle<S: Sink>(t: &Tables, s: &mut State, c: &Ctx, verify: bool, out: &mut S) {
    let me = c.me;
    let Some(ci) = t.castling else { return };
    let mine = s.by_player[me as usize] & s.unmoved;
    if mine.is_empty() {
        return;
    }
    let royals = mine & s.kind_bb(t, ci.royal);
    if royals.is_empty() {
        return;
    }
    let partners = mine & s.kind_bb(t, ci.partner);
    if partners.is_empty() {
        return;
    }
    let geo = &t.geo;
    for r in royals {
        let (rx, ry) = geo.coords(r);
        let mut checked = None;
        for p in partners {
            if p == r {
                continue;
            }
            let (px, py) = geo.coords(p);
            let (dx, dy) = if ry == py {
                ((px - rx).signum(), 0)
            } else if rx == px {
                (0, (py - ry).signum())
            } else {
                continue;
            };
            let dist = (px - rx).abs().max((py - ry).abs());
            if dist < 3 {
                continue;
            }
            let clear = (1..dist).all(|i| {
                geo.square(rx + i * dx, ry + i * dy)
                    .is_some_and(|sq| !c.occ.contains(sq))
            });
            if !clear {
                continue;
            }
            let Some(crossed) = geo.square(rx + dx, ry + dy) else {
                continue;
            };
            let Some(dest) = geo.square(rx + 2 * dx, ry + 2 * dy) else {
                continue;
            };
            debug_assert_eq!(castle_crossed(t, r, dest), crossed);
            let in_check =
                *checked.get_or_insert_with(|| attacks::attacked(t, s, r, c.enemy, c.occ));
            if in_check || attacks::attacked(t, s, crossed, c.enemy, c.occ) {
                continue;
            }
            let mv = Move::new(r, dest, p.0, MoveKind::Castle, u8::MAX);
            if !verify || legal_after(t, s, mv) {
                out.raw(mv);
            }
        }
    }
}

/// A pinned man: its square, the direction looked along from the royal,
/// and the pinner. Kept small: the array is set up at every node.
#[derive(Clone, Copy)]
struct Pin {
    sq: Square,
    rdir: u16,
    by: Square,
}

const MAX_PINS: usize = 16;

/// The fast path (see the module docs) for the mover's only royal on `k`.
fn gen_fast<S: Sink>(
    t: &Tables,
    s: &mut State,
    c: &Ctx,
    k: Square,
    out: &mut S,
    scratch: &mut MoveList,
) {
    let me = c.me;
    let attackers = c.enemy;
    let mut checkers = Bitset::EMPTY;
    let mut block = Bitset::EMPTY;
    for g in &t.leap_groups {
        let rev = t.rev_leap[g.base as usize + k.index()] & attackers;
        if rev.any() {
            checkers |= rev & s.pids_bb(&g.pids);
        }
    }
    let mut pins = [Pin {
        sq: Square::NONE,
        rdir: 0,
        by: Square::NONE,
    }; MAX_PINS];
    let mut npins = 0usize;
    let mut pinned = Bitset::EMPTY;
    let own = s.by_player[me as usize];
    for g in &t.ride_groups {
        let ray = t.ray(g.rdir, k);
        let cand = ray & attackers;
        if cand.is_empty() {
            continue;
        }
        let men = cand & s.pids_bb(&g.pids);
        if men.is_empty() {
            continue;
        }
        let lowest = t.dirs[g.rdir as usize].lowest;
        let blockers = ray & c.occ;
        let Some(b1) = blockers.nearest(lowest) else {
            continue;
        };
        if men.contains(b1) {
            if ride_in_range(t, s, g, b1, k) {
                checkers.insert(b1);
                block |= ray & !t.ray(g.rdir, b1);
            }
            continue;
        }
        if !own.contains(b1) {
            continue;
        }
        let mut rest = blockers;
        rest.remove(b1);
        let Some(b2) = rest.nearest(lowest) else {
            continue;
        };
        if men.contains(b2) && ride_in_range(t, s, g, b2, k) {
            if npins == MAX_PINS {
                // Absurdly many pins: use the generic path for this node.
                gen_generic(t, s, c, out, scratch);
                return;
            }
            pins[npins] = Pin {
                sq: b1,
                rdir: g.rdir,
                by: b2,
            };
            npins += 1;
            pinned.insert(b1);
        }
    }

    // Royal moves: the destination may not be attacked once the royal has
    // left its square.
    let mut occ_wo = c.occ;
    occ_wo.remove(k);
    let king = s.board[k.index()];
    {
        let s: &State = s;
        gen_man::<S, true, _>(
            t,
            s,
            c,
            k,
            king,
            Bitset::FULL,
            |to| !attacks::attacked(t, s, to, attackers, occ_wo),
            out,
        );
    }
    if !checkers.more_than_one() {
        let mask = if checkers.any() {
            checkers | block
        } else {
            Bitset::FULL
        };
        let s_ref: &State = s;
        let mut others = own;
        others.remove(k);
        for from in others {
            let man = s_ref.board[from.index()];
            let mut m = mask;
            if pinned.contains(from) {
                for p in &pins[..npins] {
                    if p.sq == from {
                        m &= t.ray(p.rdir, k) & !t.ray(p.rdir, p.by);
                    }
                }
            }
            if m.is_empty() {
                continue;
            }
            gen_man::<S, false, _>(t, s_ref, c, from, man, m, |_| true, out);
        }
    }
    gen_special(t, s, c, true, out);
}
