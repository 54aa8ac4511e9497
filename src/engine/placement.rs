//! Placement games: placing men from the hand as ordinary moves, compound
//! placements (place then move the placed man; place then send a man back),
//! powers (swap two own men), passes, invariants (connectivity) and the
//! end-of-action rules that change the position (surround removal).
//!
//! Everything is compiled once from the IR into [`Compiled`]; generation
//! only reads bitsets and small arrays.

use super::attacks;
use super::bitset::Bitset;
use super::man::Man;
use super::movegen::{self, Ctx, Sink};
use super::moves::{Move, MoveKind, MoveList};
use super::position::{bounding_box, State};
use super::square::Square;
use super::status::{Cause, Status};
use super::tables::Tables;
use crate::ir::{
    ActionKind, Effect, EndTiming, Event, Invariant, Outcome, PieceId, PlayerId, Power, Pred,
    Selector, Variant, Who, MAX_PIECES, MAX_PLAYERS,
};

/// State that placement games add to a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extra {
    /// Per player: swap powers used so far.
    pub swaps: [u8; MAX_PLAYERS],
    /// Consecutive passes just played.
    pub passes: u8,
    /// Players whose surround loss was decided by the last action (bit mask).
    pub lost: u8,
    /// Per player, per kind: men removed from the game for good.
    pub removed: [[u8; MAX_PIECES]; MAX_PLAYERS],
    /// Set while generating: the invariants were already broken before the
    /// action (a position read from a FEN), so actions are not held to
    /// them. Not part of the FEN.
    pub(crate) split: bool,
}

/// Most men one action can remove.
const MAX_REMOVED: usize = 4;

/// What unmake needs to take back the placement-game part of an action
/// (kept small: it is part of every [`Undo`](super::Undo)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct XUndo {
    swaps: [u8; MAX_PLAYERS],
    passes: u8,
    lost: u8,
    split: bool,
    nremoved: u8,
    removed: [(Square, Man); MAX_REMOVED],
}

impl Default for XUndo {
    #[inline]
    fn default() -> XUndo {
        XUndo {
            swaps: [0; MAX_PLAYERS],
            passes: 0,
            lost: 0,
            split: false,
            nremoved: 0,
            removed: [(Square::NONE, Man::EMPTY); MAX_REMOVED],
        }
    }
}

/// A compiled selector.
#[derive(Clone, Copy, Debug)]
struct Sel {
    who: Who,
    piece: Option<PieceId>,
}

impl From<&Selector> for Sel {
    fn from(s: &Selector) -> Sel {
        Sel {
            who: s.who,
            piece: s.piece,
        }
    }
}

/// A compiled predicate.
#[derive(Clone, Debug)]
enum CPred {
    True,
    Not(Box<CPred>),
    And(Vec<CPred>),
    Or(Vec<CPred>),
    /// Per player (as seen by the actor): the region's squares.
    In(Vec<Bitset>),
    Touching(Sel),
    Beside(Sel),
    Attacked,
    Attacks(Sel),
    Is(Sel),
    IsSelf,
    Surrounded,
    DistinctColour,
    InPlay(Sel),
}

#[derive(Clone, Debug)]
enum CEffect {
    Return(CPred),
    MayMove,
}

#[derive(Clone, Copy, Debug)]
enum EndAct {
    /// Owners of surrounded men of this kind get the outcome (the game ends).
    Decide(PieceId),
    /// Surrounded men of this kind leave the game.
    Remove(PieceId),
}

/// The placement-game rules of a variant, compiled.
#[derive(Clone, Debug, Default)]
pub(crate) struct Compiled {
    /// The variant uses this module (placements, powers, passes, invariants
    /// or position-changing end rules).
    pub active: bool,
    place: bool,
    rules: Vec<(u32, CPred)>,
    effects: Vec<Option<CEffect>>,
    swaps: Vec<(PieceId, PieceId, u32)>,
    first: Option<(ActionKind, Option<PieceId>)>,
    pass_when_stuck: bool,
    track_passes: bool,
    end_acts: Vec<EndAct>,
    /// Some end rule removes men.
    has_remove: bool,
    each_step: bool,
    connected: Vec<(u8, bool)>,
    n8: Vec<Bitset>,
    n4: Vec<Bitset>,
    /// The FEN carries the `<…>` block.
    pub fen_block: bool,
}

fn compile_pred(v: &Variant, t_geo: &super::geometry::Geometry, p: &Pred) -> CPred {
    let c = |q: &Pred| compile_pred(v, t_geo, q);
    match p {
        Pred::True => CPred::True,
        Pred::Not(q) => CPred::Not(Box::new(c(q))),
        Pred::And(qs) => CPred::And(qs.iter().map(c).collect()),
        Pred::Or(qs) => CPred::Or(qs.iter().map(c).collect()),
        Pred::In(r) => {
            let reg = &v.regions[*r as usize];
            CPred::In(
                (0..v.players.len())
                    .map(|pl| {
                        let list = reg.squares.get(pl).or(reg.squares.first());
                        list.into_iter()
                            .flatten()
                            .filter_map(|&co| t_geo.coord_square(co))
                            .collect()
                    })
                    .collect(),
            )
        }
        Pred::Touching(s) => CPred::Touching(s.into()),
        Pred::Beside(s) => CPred::Beside(s.into()),
        Pred::Attacked => CPred::Attacked,
        Pred::Attacks(s) => CPred::Attacks(s.into()),
        Pred::Is(s) => CPred::Is(s.into()),
        Pred::IsSelf => CPred::IsSelf,
        Pred::Surrounded => CPred::Surrounded,
        Pred::DistinctColour => CPred::DistinctColour,
        Pred::InPlay(s) => CPred::InPlay(s.into()),
    }
}

impl Compiled {
    pub(crate) fn new(v: &Variant, geo: &super::geometry::Geometry) -> Compiled {
        let turn = &v.turn;
        let mut c = Compiled {
            place: turn.place,
            ..Compiled::default()
        };
        for r in &turn.placement {
            let mask = r.pieces.iter().fold(0u32, |m, &k| m | 1 << k);
            c.rules.push((mask, compile_pred(v, geo, &r.condition)));
        }
        c.effects = vec![None; v.pieces.len()];
        for op in &turn.on_place {
            let e = match &op.effect {
                Effect::ReturnToHand { which } => {
                    Some(CEffect::Return(compile_pred(v, geo, which)))
                }
                Effect::MayMovePlaced => Some(CEffect::MayMove),
                // Not used by any shipped variant yet.
                Effect::Remove { .. } | Effect::ExtraAction => None,
            };
            if let Some(slot) = c.effects.get_mut(op.piece as usize) {
                *slot = e;
            }
        }
        for p in &turn.powers {
            let Power::Swap { a, b, uses } = p;
            c.swaps.push((*a, *b, *uses));
        }
        c.first = turn.first_action.as_ref().map(|f| (f.kind, f.piece));
        for r in &v.end {
            match (&r.when, r.then) {
                (Event::Stalemate, Outcome::Pass) => c.pass_when_stuck = true,
                (Event::Passes(_), _) => c.track_passes = true,
                (Event::Surrounded(k), Outcome::Remove) => c.end_acts.push(EndAct::Remove(*k)),
                (Event::Surrounded(k), Outcome::Win | Outcome::Lose | Outcome::Draw) => {
                    c.end_acts.push(EndAct::Decide(*k))
                }
                _ => {}
            }
        }
        c.track_passes |= c.pass_when_stuck;
        c.has_remove = c.end_acts.iter().any(|a| matches!(a, EndAct::Remove(_)));
        c.each_step = v.end_checked == EndTiming::AfterEachStep;
        for inv in &v.invariants {
            let Invariant::Connected {
                neighbours,
                per_player,
            } = inv;
            c.connected.push((*neighbours, *per_player));
        }
        let n = geo.width() * geo.height();
        c.n8 = vec![Bitset::EMPTY; n];
        c.n4 = vec![Bitset::EMPTY; n];
        for sq in geo.squares() {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if (dx, dy) == (0, 0) {
                        continue;
                    }
                    if let Some(o) = geo.offset(sq, (dx, dy)) {
                        if geo.is_real(o) {
                            c.n8[sq.index()].insert(o);
                            if dx == 0 || dy == 0 {
                                c.n4[sq.index()].insert(o);
                            }
                        }
                    }
                }
            }
        }
        c.fen_block = !c.swaps.is_empty()
            || c.track_passes
            || c.end_acts.iter().any(|a| matches!(a, EndAct::Remove(_)));
        c.active = c.place
            || !c.swaps.is_empty()
            || c.pass_when_stuck
            || c.track_passes
            || !c.end_acts.is_empty()
            || !c.connected.is_empty()
            || c.first.is_some();
        c
    }

    /// The hash of the extra state (swap uses and passes).
    #[inline]
    pub(crate) fn extra_hash(&self, x: &Extra) -> u64 {
        if !self.fen_block {
            return 0;
        }
        let mut h = 0;
        for (p, &n) in x.swaps.iter().enumerate() {
            if n != 0 {
                h ^= mix(0x5157_0000 | (p as u64) << 8 | n as u64);
            }
        }
        if x.passes != 0 {
            h ^= mix(0x9a55_0000 | x.passes as u64);
        }
        h
    }
}

/// splitmix64.
#[inline]
fn mix(v: u64) -> u64 {
    let mut z = v.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[inline]
fn sel_bb(t: &Tables, s: &State, sel: Sel, actor: PlayerId) -> Bitset {
    let mut b = match sel.who {
        Who::Own => s.by_player[actor as usize],
        Who::Friend => s.friends_bb(t, actor),
        Who::Enemy => s.occ & !s.friends_bb(t, actor),
        Who::Any => s.occ,
    };
    if let Some(k) = sel.piece {
        b &= s.kind_bb(t, k);
    }
    b
}

fn eval(t: &Tables, s: &State, p: &CPred, actor: PlayerId, sq: Square, this: Square) -> bool {
    let c = &t.pl;
    match p {
        CPred::True => true,
        CPred::Not(q) => !eval(t, s, q, actor, sq, this),
        CPred::And(qs) => qs.iter().all(|q| eval(t, s, q, actor, sq, this)),
        CPred::Or(qs) => qs.iter().any(|q| eval(t, s, q, actor, sq, this)),
        CPred::In(per) => per
            .get(actor as usize)
            .or(per.first())
            .is_some_and(|b| b.contains(sq)),
        CPred::Touching(sel) => (c.n8[sq.index()] & sel_bb(t, s, *sel, actor)).any(),
        CPred::Beside(sel) => (c.n4[sq.index()] & sel_bb(t, s, *sel, actor)).any(),
        CPred::Attacked => {
            let enemy = s.occ & !s.friends_bb(t, actor);
            attacks::attacked(t, s, sq, enemy, s.occ)
        }
        CPred::Attacks(sel) => {
            let man = s.board[sq.index()];
            !man.is_empty()
                && (attacks::attack_set(t, s, sq, man, s.occ) & sel_bb(t, s, *sel, actor)).any()
        }
        CPred::Is(sel) => sel_bb(t, s, *sel, actor).contains(sq),
        CPred::IsSelf => sq == this,
        CPred::Surrounded => surrounded(t, s, sq, bounding_box(t, s.occ)),
        CPred::DistinctColour => {
            let man = s.board[sq.index()];
            if man.is_empty() {
                return false;
            }
            let dark = t.geo.dark();
            let mut same = s.kind_bb(t, man.kind()) & s.by_player[man.owner() as usize];
            same.remove(sq);
            if dark.contains(sq) {
                (same & dark).is_empty()
            } else {
                (same & !dark).is_empty()
            }
        }
        CPred::InPlay(sel) => sel_bb(t, s, *sel, actor).any(),
    }
}

/// Whether the man on `sq` has its 4 orthogonal sides blocked: by men, the
/// board edge or holes, or (unbounded boards) the limit box. `bbox` is the
/// bounding box of all men.
pub(crate) fn surrounded(
    t: &Tables,
    s: &State,
    sq: Square,
    bbox: Option<(i32, i32, i32, i32)>,
) -> bool {
    let geo = &t.geo;
    let (x, y) = geo.coords(sq);
    let limit = geo.limit();
    for d in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
        let Some(n) = geo.offset(sq, d) else { continue };
        if !geo.is_real(n) || s.occ.contains(n) {
            continue;
        }
        if let (Some((w, h)), Some((x0, y0, x1, y1))) = (limit, bbox) {
            let (nx, ny) = (x + d.0, y + d.1);
            let bw = x1.max(nx) - x0.min(nx);
            let bh = y1.max(ny) - y0.min(ny);
            if bw as usize >= w || bh as usize >= h {
                continue;
            }
        }
        return false;
    }
    true
}

/// Whether `set` is one group under the neighbour table.
#[inline]
fn connected(set: Bitset, nb: &[Bitset]) -> bool {
    let Some(f) = set.first() else { return true };
    let mut seen = Bitset::from_square(f);
    let mut frontier = seen;
    while frontier.any() {
        let mut next = Bitset::EMPTY;
        for sq in frontier {
            next |= nb[sq.index()];
        }
        next &= set & !seen;
        seen |= next;
        frontier = next;
    }
    seen == set
}

/// Whether the invariants hold for an action that led to `s` (true when
/// they were already broken before it: see [`Extra::split`]).
#[inline]
pub(crate) fn invariants_ok(t: &Tables, s: &State) -> bool {
    s.x.split || invariants_hold(t, s)
}

/// Whether the invariants hold (bitset flood fill).
#[inline]
pub(crate) fn invariants_hold(t: &Tables, s: &State) -> bool {
    let c = &t.pl;
    for &(n, per_player) in &c.connected {
        let nb = if n == 4 { &c.n4 } else { &c.n8 };
        if per_player {
            for p in 0..t.nplayers {
                if !connected(s.by_player[p], nb) {
                    return false;
                }
            }
        } else if !connected(s.occ, nb) {
            return false;
        }
    }
    true
}

/// Royal safety and the post-action rules, in the current state (the
/// action done, its end-of-action removals not yet): the invariants must
/// also hold once the men that the end rules remove are gone.
#[inline]
fn ok_now(t: &Tables, s: &mut State, me: PlayerId) -> bool {
    let c = &t.pl;
    if c.connected.is_empty() || !c.has_remove || s.x.split {
        return !attacks::royal_attacked(t, s, me) && movegen::post_ok(t, s);
    }
    if attacks::royal_attacked(t, s, me) || !within_limit(t, s) {
        return false;
    }
    let gone = removals(t, s);
    if gone.is_empty() {
        return invariants_hold(t, s);
    }
    let mut men = [(Square::NONE, Man::EMPTY); 64];
    let mut n = 0;
    for sq in gone {
        if n < men.len() {
            men[n] = (sq, s.take::<false>(t, sq));
            n += 1;
        }
    }
    let ok = invariants_hold(t, s);
    for &(sq, man) in &men[..n] {
        s.put::<false>(t, sq, man);
    }
    ok
}

/// Whether the men fit the limit box (unbounded boards).
#[inline]
fn within_limit(t: &Tables, s: &State) -> bool {
    match (t.geo.limit(), bounding_box(t, s.occ)) {
        (Some((w, h)), Some((x0, y0, x1, y1))) => {
            ((x1 - x0) as usize) < w && ((y1 - y0) as usize) < h
        }
        _ => true,
    }
}

/// The men the end rules would remove after an action leading to `s`
/// (none when an earlier rule decides the game first).
fn removals(t: &Tables, s: &State) -> Bitset {
    let mut out = Bitset::EMPTY;
    for a in &t.pl.end_acts {
        match *a {
            EndAct::Decide(k) => {
                if surrounded_owners(t, s, k) != 0 {
                    return Bitset::EMPTY;
                }
            }
            EndAct::Remove(k) => {
                let bbox = bounding_box(t, s.occ);
                for sq in s.kind_bb(t, k) {
                    if surrounded(t, s, sq, bbox) {
                        out.insert(sq);
                    }
                }
            }
        }
    }
    out
}

/// A sink wrapper that counts what goes through.
struct Tally<'a, S: Sink> {
    inner: &'a mut S,
    n: u64,
}

impl<S: Sink> Sink for Tally<'_, S> {
    #[inline]
    fn targets(&mut self, t: &Tables, s: &State, from: Square, man: Man, targets: Bitset) {
        self.n += targets.count() as u64;
        self.inner.targets(t, s, from, man, targets);
    }
    #[inline]
    fn one(&mut self, t: &Tables, s: &State, mv: Move, man: Man) {
        self.n += 1;
        self.inner.one(t, s, mv, man);
    }
    #[inline]
    fn raw(&mut self, mv: Move) {
        self.n += 1;
        self.inner.raw(mv);
    }
}

/// Owners (bit mask) of surrounded men of `kind`.
fn surrounded_owners(t: &Tables, s: &State, kind: PieceId) -> u8 {
    let men = s.kind_bb(t, kind);
    if men.is_empty() {
        return 0;
    }
    let bbox = bounding_box(t, s.occ);
    let mut mask = 0u8;
    for sq in men {
        if surrounded(t, s, sq, bbox) {
            mask |= 1 << s.board[sq.index()].owner();
        }
    }
    mask
}

/// Whether an end rule checked between the steps of a compound action
/// decides the game now.
fn decided_between_steps(t: &Tables, s: &State) -> bool {
    t.pl.end_acts.iter().any(|a| match *a {
        EndAct::Decide(k) => surrounded_owners(t, s, k) != 0,
        EndAct::Remove(_) => false,
    })
}

/// All legal actions of the player to act.
pub(crate) fn legal<S: Sink>(t: &Tables, s: &mut State, out: &mut S, scratch: &mut MoveList) {
    let c = &t.pl;
    let me = s.turn;
    let first = if s.ply == 0 { c.first } else { None };
    let allows = |k: ActionKind| first.is_none_or(|(fk, _)| fk == k);
    let mut out = Tally { inner: out, n: 0 };
    s.x.split = !c.connected.is_empty() && !invariants_hold(t, s);
    if allows(ActionKind::Move) {
        movegen::legal_board(t, s, &mut out, scratch);
    }
    if c.place && allows(ActionKind::Place) {
        gen_places(t, s, me, first.and_then(|f| f.1), &mut out);
    }
    if allows(ActionKind::Power) {
        gen_swaps(t, s, me, &mut out);
    }
    if out.n == 0 && c.pass_when_stuck {
        out.raw(Move::PASS);
    }
}

fn gen_places<S: Sink>(
    t: &Tables,
    s: &mut State,
    me: PlayerId,
    only: Option<PieceId>,
    out: &mut S,
) {
    let c = &t.pl;
    let empty = t.geo.real() & !s.occ;
    for k in 0..t.nkinds {
        let kind = k as PieceId;
        if s.hands[me as usize][k] == 0 || only.is_some_and(|o| o != kind) {
            continue;
        }
        let man = Man::new(kind, me, t.forward[me as usize]);
        for sq in empty {
            s.put::<false>(t, sq, man);
            let fits = c
                .rules
                .iter()
                .all(|(mask, p)| (*mask != 0 && mask & (1 << k) == 0) || eval(t, s, p, me, sq, sq));
            if fits && ok_now(t, s, me) {
                match &c.effects[k] {
                    None => out.raw(Move::drop(kind, sq)),
                    Some(CEffect::MayMove) => {
                        out.raw(Move::drop(kind, sq));
                        if !(c.each_step && decided_between_steps(t, s)) {
                            let ctx = Ctx::new(t, s, me);
                            let tg = movegen::targets_of(t, s, &ctx, sq, man, false);
                            for to in tg {
                                let cap = s.board[to.index()];
                                if !cap.is_empty() {
                                    s.take::<false>(t, to);
                                }
                                s.take::<false>(t, sq);
                                s.put::<false>(t, to, man);
                                if ok_now(t, s, me) {
                                    out.raw(Move::place_and_move(kind, sq, to));
                                }
                                s.take::<false>(t, to);
                                s.put::<false>(t, sq, man);
                                if !cap.is_empty() {
                                    s.put::<false>(t, to, cap);
                                }
                            }
                        }
                    }
                    Some(CEffect::Return(which)) => {
                        let mut any = false;
                        for o in s.occ {
                            if !eval(t, s, which, me, o, sq) {
                                continue;
                            }
                            let m = s.take::<false>(t, o);
                            if ok_now(t, s, me) {
                                any = true;
                                out.raw(Move::place_and_return(kind, sq, o));
                            }
                            s.put::<false>(t, o, m);
                        }
                        if !any {
                            out.raw(Move::drop(kind, sq));
                        }
                    }
                }
            }
            s.take::<false>(t, sq);
        }
    }
}

fn gen_swaps<S: Sink>(t: &Tables, s: &mut State, me: PlayerId, out: &mut S) {
    let c = &t.pl;
    let used = s.x.swaps[me as usize] as u32;
    for &(a, b, uses) in &c.swaps {
        if used >= uses {
            continue;
        }
        let own = s.by_player[me as usize];
        for sa in own & s.kind_bb(t, a) {
            for sb in own & s.kind_bb(t, b) {
                if sa == sb {
                    continue;
                }
                let ma = s.take::<false>(t, sa);
                let mb = s.take::<false>(t, sb);
                s.put::<false>(t, sb, ma);
                s.put::<false>(t, sa, mb);
                let ok = ok_now(t, s, me);
                s.take::<false>(t, sa);
                s.take::<false>(t, sb);
                s.put::<false>(t, sa, ma);
                s.put::<false>(t, sb, mb);
                if ok {
                    out.raw(Move::swap(sa, sb));
                }
            }
        }
    }
}

/// The placement-game part of make, after the action itself (before
/// recentring): pass and swap counters, then the position-changing end
/// rules in the variant's order.
#[inline]
pub(crate) fn after_make(t: &Tables, s: &mut State, mv: Move, me: PlayerId, u: &mut XUndo) {
    let c = &t.pl;
    if !c.active {
        return;
    }
    u.swaps = s.x.swaps;
    u.passes = s.x.passes;
    u.lost = s.x.lost;
    u.split = s.x.split;
    u.nremoved = 0;
    s.x.split = false;
    let old = c.extra_hash(&s.x);
    if c.track_passes {
        s.x.passes = if mv.kind == MoveKind::Pass {
            s.x.passes.saturating_add(1)
        } else {
            0
        };
    }
    if mv.kind == MoveKind::Swap {
        s.x.swaps[me as usize] = s.x.swaps[me as usize].saturating_add(1);
    }
    s.x.lost = 0;
    // Past the limit the action is illegal (it is about to be taken back):
    // the end rules do not apply.
    let within = within_limit(t, s);
    for a in c.end_acts.iter().filter(|_| within) {
        match *a {
            EndAct::Decide(k) => {
                let m = surrounded_owners(t, s, k);
                if m != 0 {
                    s.x.lost = m;
                    break;
                }
            }
            EndAct::Remove(k) => {
                let men = s.kind_bb(t, k);
                if men.is_empty() {
                    continue;
                }
                let bbox = bounding_box(t, s.occ);
                let mut gone = Bitset::EMPTY;
                for sq in men {
                    if surrounded(t, s, sq, bbox) {
                        gone.insert(sq);
                    }
                }
                for sq in gone {
                    let i = u.nremoved as usize;
                    if i == MAX_REMOVED {
                        // More than an undo can hold (no shipped variant
                        // comes close): the rest stay.
                        break;
                    }
                    let man = s.take::<true>(t, sq);
                    u.removed[i] = (sq, man);
                    u.nremoved += 1;
                    let r = &mut s.x.removed[man.owner() as usize][man.kind() as usize];
                    *r = r.saturating_add(1);
                }
            }
        }
    }
    s.hash ^= old ^ c.extra_hash(&s.x);
}

/// The placement-game part of unmake (after translating back, before the
/// action itself is taken back).
#[inline]
pub(crate) fn before_unmake(t: &Tables, s: &mut State, u: &XUndo) {
    if !t.pl.active {
        return;
    }
    for &(sq, man) in u.removed[..u.nremoved as usize].iter().rev() {
        s.put::<false>(t, sq, man);
        let r = &mut s.x.removed[man.owner() as usize][man.kind() as usize];
        *r = r.saturating_sub(1);
    }
    s.x.swaps = u.swaps;
    s.x.passes = u.passes;
    s.x.lost = u.lost;
    s.x.split = u.split;
}

/// The status given by the placement-game end events of rule `i`, if one
/// of them fires. `None`: the rule is not one of them, or does not fire.
pub(crate) fn end_status(pos: &super::Position, i: usize) -> Option<Status> {
    let t = &**pos.tables();
    let s = &pos.s;
    let rule = &t.variant.end[i];
    let cause = || Cause {
        rule: i,
        event: rule.when.clone(),
    };
    let subjects = match rule.when {
        Event::Surrounded(k) => {
            if rule.then == Outcome::Remove {
                return None;
            }
            let m = s.x.lost | surrounded_owners(t, s, k);
            m & s.alive
        }
        Event::HandEmpty => {
            let mut m = 0u8;
            for p in 0..t.nplayers {
                if s.alive & (1 << p) != 0 && s.hands[p][..t.nkinds].iter().all(|&n| n == 0) {
                    m |= 1 << p;
                }
            }
            m
        }
        Event::Passes(n) => {
            if (s.x.passes as u32) < n {
                return None;
            }
            1 << s.turn
        }
        _ => return None,
    };
    if subjects == 0 {
        return None;
    }
    let alive = s.alive;
    let team = |m: u8| {
        let mut out = 0;
        for p in 0..t.nplayers {
            if m & (1 << p) != 0 {
                out |= t.friends[p];
            }
        }
        out & alive
    };
    let winners = match rule.then {
        Outcome::Draw => 0,
        Outcome::Win => {
            let w = team(subjects);
            if w == alive {
                0
            } else {
                w
            }
        }
        Outcome::Lose => alive & !team(subjects),
        _ => return None,
    };
    Some(Status::Ended {
        winners,
        cause: cause(),
    })
}

impl super::Position {
    /// Swap powers `p` has used.
    pub fn swaps_used(&self, p: PlayerId) -> u32 {
        self.s.x.swaps[p as usize] as u32
    }

    /// Consecutive passes just played.
    pub fn passes(&self) -> u32 {
        self.s.x.passes as u32
    }

    /// Men of `kind` of player `p` removed from the game for good.
    pub fn removed(&self, p: PlayerId, kind: PieceId) -> u32 {
        self.s.x.removed[p as usize][kind as usize] as u32
    }

    /// The placement-game state (swap uses, passes, removed men).
    pub fn extra(&self) -> Extra {
        self.s.x
    }

    /// Whether the man on `sq` is surrounded on its 4 sides.
    pub fn is_surrounded(&self, sq: Square) -> bool {
        let t = &**self.tables();
        surrounded(t, &self.s, sq, bounding_box(t, self.s.occ))
    }

    /// Whether the invariants hold (the fast check used by generation).
    pub fn invariants_hold(&self) -> bool {
        invariants_hold(self.tables(), &self.s)
    }

    /// Reference check of connectivity with petgraph: whether the men (or
    /// each player's men, when `per_player`) form one group under
    /// `neighbours`-adjacency (4 or 8).
    pub fn connected_reference(&self, neighbours: u8, per_player: bool) -> bool {
        use petgraph::graph::UnGraph;
        let t = &**self.tables();
        let groups: Vec<Bitset> = if per_player {
            (0..t.nplayers).map(|p| self.s.by_player[p]).collect()
        } else {
            vec![self.s.occ]
        };
        groups.into_iter().all(|set| {
            let sqs: Vec<Square> = set.iter().collect();
            let mut g = UnGraph::<(), ()>::new_undirected();
            let nodes: Vec<_> = sqs.iter().map(|_| g.add_node(())).collect();
            for i in 0..sqs.len() {
                for j in i + 1..sqs.len() {
                    let (ax, ay) = t.geo.coords(sqs[i]);
                    let (bx, by) = t.geo.coords(sqs[j]);
                    let (dx, dy) = ((ax - bx).abs(), (ay - by).abs());
                    let adj = if neighbours == 4 {
                        dx + dy == 1
                    } else {
                        dx.max(dy) == 1
                    };
                    if adj {
                        g.add_edge(nodes[i], nodes[j], ());
                    }
                }
            }
            sqs.len() <= 1 || petgraph::algo::connected_components(&g) == 1
        })
    }
}

/// The `<…>` FEN block: `<swaps:1/0,passes:0,removed:Qq>`.
pub(crate) fn write_block(t: &Tables, x: &Extra, out: &mut String) {
    if !t.pl.fen_block {
        return;
    }
    out.push_str("<swaps:");
    for p in 0..t.nplayers {
        if p > 0 {
            out.push('/');
        }
        out.push_str(&x.swaps[p].to_string());
    }
    out.push_str(&format!(",passes:{},removed:", x.passes));
    let counts: Vec<Vec<u32>> = (0..t.nplayers)
        .map(|p| (0..t.nkinds).map(|k| x.removed[p][k] as u32).collect())
        .collect();
    let before = out.len();
    super::fen::write_counts_pub(t, out, &counts);
    if out.len() == before {
        out.push('-');
    }
    out.push('>');
}

/// Read the inside of the `<…>` block.
pub(crate) fn parse_block(t: &Tables, text: &str) -> Result<Extra, String> {
    let mut x = Extra::default();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        let (key, val) = part
            .split_once(':')
            .ok_or_else(|| format!("expected `key:value`, found `{part}`"))?;
        match key {
            "swaps" => {
                let vals: Vec<&str> = val.split('/').collect();
                if vals.len() != t.nplayers {
                    return Err(format!(
                        "expected {} swap counts separated by `/`, found `{val}`",
                        t.nplayers
                    ));
                }
                for (p, v) in vals.iter().enumerate() {
                    x.swaps[p] = v
                        .parse()
                        .map_err(|_| format!("expected a number of swaps, found `{v}`"))?;
                }
            }
            "passes" => {
                x.passes = val
                    .parse()
                    .map_err(|_| format!("expected a number of passes, found `{val}`"))?;
            }
            "removed" => {
                let mut counts = vec![vec![0u32; t.nkinds]; t.nplayers];
                if val != "-" {
                    super::fen::parse_counts_pub(t, val, &mut counts)
                        .map_err(|e| e.message.clone())?;
                }
                for (dst, row) in x.removed.iter_mut().zip(&counts) {
                    for (d, &n) in dst.iter_mut().zip(row) {
                        *d = n.min(255) as u8;
                    }
                }
            }
            other => return Err(format!("unknown entry `{other}`")),
        }
    }
    Ok(x)
}

impl super::Position {
    /// The legal actions computed the slow way, for tests: placement
    /// conditions through the IR evaluator (`pred.rs`) instead of the
    /// compiled predicates, and every candidate checked by a full
    /// make/unmake. Sorted by a stable key, as is [`Position::legal_moves`]
    /// when compared with [`sorted_moves`].
    #[doc(hidden)]
    pub fn legal_moves_reference(&self) -> Vec<Move> {
        let t = &**self.tables();
        let mut s = self.s.clone();
        let me = s.turn;
        let v = &t.variant;
        let c = &t.pl;
        let first = if s.ply == 0 { c.first } else { None };
        let allows = |k: ActionKind| first.is_none_or(|(fk, _)| fk == k);
        let mut out = MoveList::new();
        let mut scratch = MoveList::new();
        s.x.split = !c.connected.is_empty() && !invariants_hold(t, &s);
        if allows(ActionKind::Move) {
            movegen::legal_board(t, &mut s, &mut out, &mut scratch);
        }
        let mut cands: Vec<Move> = Vec::new();
        if v.turn.place && allows(ActionKind::Place) {
            let only = first.and_then(|f| f.1);
            let empty = t.geo.real() & !s.occ;
            for k in 0..t.nkinds as PieceId {
                if s.hands[me as usize][k as usize] == 0 || only.is_some_and(|o| o != k) {
                    continue;
                }
                let man = Man::new(k, me, t.forward[me as usize]);
                for sq in empty {
                    s.put::<false>(t, sq, man);
                    let fits = v.turn.placement.iter().all(|r| {
                        (!r.pieces.is_empty() && !r.pieces.contains(&k))
                            || super::pred::eval(t, &s, &r.condition, me, Some(sq), Some(sq))
                    });
                    let effect = v.turn.on_place.iter().find(|o| o.piece == k);
                    let mut local: Vec<Move> = Vec::new();
                    let mut returns: Vec<Move> = Vec::new();
                    if fits {
                        match effect.map(|e| &e.effect) {
                            Some(Effect::ReturnToHand { which }) => {
                                for o in s.occ {
                                    if super::pred::eval(t, &s, which, me, Some(o), Some(sq)) {
                                        returns.push(Move::place_and_return(k, sq, o));
                                    }
                                }
                            }
                            Some(Effect::MayMovePlaced) => {
                                let ctx = Ctx::new(t, &s, me);
                                for to in movegen::targets_of(t, &s, &ctx, sq, man, false) {
                                    local.push(Move::place_and_move(k, sq, to));
                                }
                            }
                            _ => {}
                        }
                    }
                    s.take::<false>(t, sq);
                    if !fits {
                        continue;
                    }
                    let drop_ok = movegen::legal_after(t, &mut s, Move::drop(k, sq));
                    if !drop_ok {
                        continue;
                    }
                    let ret: Vec<Move> = returns
                        .into_iter()
                        .filter(|&m| movegen::legal_after(t, &mut s, m))
                        .collect();
                    if ret.is_empty() {
                        cands.push(Move::drop(k, sq));
                    }
                    cands.extend(ret);
                    let stop = c.each_step && {
                        s.put::<false>(t, sq, man);
                        let d = decided_between_steps(t, &s);
                        s.take::<false>(t, sq);
                        d
                    };
                    if !stop {
                        for m in local {
                            if movegen::legal_after(t, &mut s, m) {
                                cands.push(m);
                            }
                        }
                    }
                }
            }
        }
        if allows(ActionKind::Power) {
            for p in &v.turn.powers {
                let Power::Swap { a, b, uses } = *p;
                if s.x.swaps[me as usize] as u32 >= uses {
                    continue;
                }
                let own = s.by_player[me as usize];
                for sa in own & s.kind_bb(t, a) {
                    for sb in own & s.kind_bb(t, b) {
                        if sa != sb && movegen::legal_after(t, &mut s, Move::swap(sa, sb)) {
                            cands.push(Move::swap(sa, sb));
                        }
                    }
                }
            }
        }
        let mut all: Vec<Move> = out.iter().copied().chain(cands).collect();
        if all.is_empty() && c.pass_when_stuck {
            all.push(Move::PASS);
        }
        sorted_moves(all)
    }
}

/// Moves in a stable order (for comparing move lists in tests).
#[doc(hidden)]
pub fn sorted_moves(mut v: Vec<Move>) -> Vec<Move> {
    v.sort_by_key(|m| {
        (
            m.kind() as u8,
            m.from().map(|s| s.index()),
            m.to().map(|s| s.index()),
            m.aux_square().map(|s| s.index()),
            m.placed(),
            m.promotion(),
        )
    });
    v
}
