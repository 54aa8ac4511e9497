//! Generating the moves of men: one man ([`gen_man`]), or every man of a
//! pattern with one mask ([`gen_men`]), by the shape of its plan; special
//! moves (en passant, castling) are generated elsewhere.

use crate::engine::compile::atoms::{LameStep, Pattern, SqTable};
use crate::engine::compile::bulk::{shift, BulkSteps, LameShift};
use crate::engine::compile::shape::Shape;
use crate::engine::compile::Base;
use crate::engine::core::{Bits, Man, Move, Square, State};
use crate::engine::movement::{barred, plain_reach, targets_x, Ctx};
use crate::engine::rules::{Promotion, Sink};
use crate::engine::tables::Compiled;
use crate::ir::PieceId;

/// Generate the moves of the man `man` of pattern `p` on `from` whose
/// destination is in `mask` and (when `CHECK`) passes `ok`. Special moves
/// are generated elsewhere.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn gen_man<B: Bits, S: Sink, const CHECK: bool, const X: bool, F: Fn(Square) -> bool>(
    t: &Compiled<B>,
    s: &State<B>,
    c: &Ctx<B>,
    p: &Pattern,
    from: Square,
    man: Man,
    mask: B,
    ok: F,
    out: &mut S,
) {
    let b = &t.base;
    let pr = &t.rules.promotion;
    let plan = &p.plan;
    if let Shape::Plain {
        leap,
        rides,
        nrides,
    } = &plan.shape
    {
        let r = plain_reach(b, c.occ, *leap, &rides[..*nrides as usize], from);
        let caps = if c.captures { r & c.enemy } else { B::EMPTY };
        emit_targets::<B, S, CHECK, F>(pr, s, from, man, ((r & c.empty) | caps) & mask, &ok, out);
        return;
    }
    let lame_ep = c.ep && p.lame_moves;
    if let Some(st) = StepTables::new(t, c, p) {
        st.man::<S, CHECK, X, F>(t, s, c, from, man, mask, &ok, out);
        return;
    }
    gen_general::<B, S, CHECK, X, F>(t, s, c, p, from, man, mask, &ok, out, lame_ep);
}

/// [`gen_man`] for every man of `men` (of pattern `p`) with one `mask`:
/// a shape is matched, and its tables looked up, once for all of them.
#[inline(always)]
pub(super) fn gen_men<B: Bits, S: Sink, const X: bool>(
    t: &Compiled<B>,
    s: &State<B>,
    c: &Ctx<B>,
    p: &Pattern,
    men: B,
    mask: B,
    out: &mut S,
) {
    // (Most patterns of a variant with many kinds have no man on the board.)
    if men.is_empty() {
        return;
    }
    if let Shape::Plain {
        leap,
        rides,
        nrides,
    } = &p.plan.shape
    {
        let (b, pr) = (&t.base, &t.rules.promotion);
        let rides = &rides[..*nrides as usize];
        let to = (c.empty | if c.captures { c.enemy } else { B::EMPTY }) & mask;
        if pr.promotes(p.kind) {
            for from in men {
                let r = plain_reach(b, c.occ, *leap, rides, from);
                out.targets(pr, s, from, s.at(from), r & to);
            }
        } else {
            for from in men {
                out.plain(pr, s, from, plain_reach(b, c.occ, *leap, rides, from) & to);
            }
        }
        return;
    }
    if let Some(st) = StepTables::new(t, c, p) {
        if let (true, Some(i)) = (S::BULK, p.bulk) {
            st.bulk::<S, X>(
                t,
                s,
                c,
                &t.base.atoms.bulk[i as usize],
                p.kind,
                men,
                mask,
                out,
            );
            return;
        }
        for from in men {
            st.man::<S, false, X, _>(t, s, c, from, s.at(from), mask, &|_| true, out);
        }
        return;
    }
    for from in men {
        gen_man::<B, S, false, X, _>(t, s, c, p, from, s.at(from), mask, |_| true, out);
    }
}

/// [`gen_man`] for a plan of no fixed shape: walks its atom lists. Out of
/// line, so that the shaped paths stay small.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn gen_general<B: Bits, S: Sink, const CHECK: bool, const X: bool, F: Fn(Square) -> bool>(
    t: &Compiled<B>,
    s: &State<B>,
    c: &Ctx<B>,
    p: &Pattern,
    from: Square,
    man: Man,
    mask: B,
    ok: &F,
    out: &mut S,
    lame_ep: bool,
) {
    let b = &t.base;
    let pr = &t.rules.promotion;
    let plan = &p.plan;
    let simple = targets_x::<B, X>(b, s, c, plan, from, lame_ep);
    emit_targets::<B, S, CHECK, F>(pr, s, from, man, simple & mask, ok, out);
    if !lame_ep {
        return;
    }
    let unmoved = unmoved::<B, X>(b, s, c, from, man);
    if plan.lame_initial_only && !unmoved {
        return;
    }
    for a in &plan.lame {
        if a.initial && !unmoved {
            continue;
        }
        for &d in &a.dirs {
            let st = b.lame_step(d, from);
            let Some(to) = st.to else { continue };
            if (st.path & c.occ).any() || simple.contains(to) {
                continue;
            }
            let fits = (a.mode.can_move() && c.empty.contains(to))
                || (c.captures
                    && a.mode.can_capture()
                    && (c.enemy.contains(to)
                        || (X
                            && plan.captures_own
                            && crate::engine::movement::own_takeable(b, s, c.me).contains(to))));
            let confined = X && plan.extra && barred(b, s, plan, to, to);
            if fits && !confined && mask.contains(to) && (!CHECK || ok(to)) {
                out.one(pr, s, Move::lame_leap(from, to, d, st.npath), man);
            }
        }
    }
}

/// The plain moves of `man` from `from` to `targets` (those `ok` accepts,
/// when `CHECK`), into `out`.
#[inline(always)]
fn emit_targets<B: Bits, S: Sink, const CHECK: bool, F: Fn(Square) -> bool>(
    pr: &Promotion<B>,
    s: &State<B>,
    from: Square,
    man: Man,
    mut targets: B,
    ok: &F,
    out: &mut S,
) {
    if CHECK {
        for to in targets {
            if !ok(to) {
                targets.remove(to);
            }
        }
    }
    out.targets(pr, s, from, man, targets);
}

/// Whether the initial moves of `man` on `from` are open at this node.
#[inline(always)]
fn unmoved<B: Bits, const X: bool>(
    b: &Base<B>,
    s: &State<B>,
    c: &Ctx<B>,
    from: Square,
    man: Man,
) -> bool {
    b.initial_open(s, from, man) && !(X && c.closed.contains(from))
}

/// A `Steps` plan's tables at this node, looked up
/// once for the men of its pattern.
struct StepTables<'a, B: Bits> {
    quiet: Option<&'a SqTable<B>>,
    cap: Option<&'a SqTable<B>>,
    lame: &'a [LameStep<B>; 256],
    /// The men that may be taken (none where captures do not exist).
    enemy: B,
    /// The lame leap moves, captures.
    moves: bool,
    captures: bool,
    dir: u16,
    initial: bool,
}

impl<'a, B: Bits> StepTables<'a, B> {
    /// The tables of pattern `p` when its plan is `Steps` and its lame leap
    /// leaves no en-passant target to record, or needs none.
    #[inline(always)]
    fn new(t: &'a Compiled<B>, c: &Ctx<B>, p: &Pattern) -> Option<StepTables<'a, B>> {
        let Shape::Steps {
            quiet,
            cap,
            lame,
            dir,
            initial,
            moves,
            captures,
        } = &p.plan.shape
        else {
            return None;
        };
        if p.lame_moves && !c.ep {
            return None;
        }
        let b = &t.base;
        let enemy = if c.captures { c.enemy } else { B::EMPTY };
        Some(StepTables {
            quiet: quiet.map(|i| &b.atoms.plan_bb[i as usize]),
            cap: cap.map(|i| &b.atoms.plan_bb[i as usize]),
            lame: &b.atoms.lame[*lame as usize],
            enemy,
            moves: *moves,
            captures: *captures,
            dir: *dir,
            initial: *initial,
        })
    }

    /// The moves of every man of `men` (the mover's, of a pattern of kind
    /// `kind` whose tables split into the offsets `bulk`) to `mask`, a
    /// shift per offset: the same moves as [`StepTables::man`] for each.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn bulk<S: Sink, const X: bool>(
        &self,
        t: &Compiled<B>,
        s: &State<B>,
        c: &Ctx<B>,
        bulk: &BulkSteps<B>,
        kind: PieceId,
        men: B,
        mask: B,
        out: &mut S,
    ) {
        let pr = &t.rules.promotion;
        let promo = pr.may_promote_on(bulk.pid as usize, c.me);
        let to = c.empty & mask;
        for sh in bulk.quiet.iter() {
            let Some(targets) = sh.reach(men) else {
                continue;
            };
            let targets = targets & to;
            if targets.any() {
                out.shifted(pr, s, targets, promo, sh.delta, None);
            }
        }
        let to = self.enemy & mask;
        for sh in bulk.cap.iter() {
            let Some(targets) = sh.reach(men) else {
                continue;
            };
            let targets = targets & to;
            if targets.any() {
                out.shifted(pr, s, targets, promo, sh.delta, None);
            }
        }
        let mut from = men & bulk.lame_from;
        if from.is_empty() {
            return;
        }
        if self.initial {
            from &= t.base.initial_squares(s, kind, c.me);
            if X {
                from &= !c.closed;
            }
        }
        if B::SQUARES > 128 {
            // (A numbering without the board's holes: a row may have its
            // own offset.)
            for l in bulk.lame.iter() {
                let from = from & l.from;
                if from.any() {
                    self.lame_offset(pr, s, c, l, from, mask, promo, out);
                }
            }
        } else {
            // (One offset on one or two words: see `LameShifts::of`.)
            self.lame_offset(pr, s, c, &bulk.lame.all[0], from, mask, promo, out);
        }
    }

    /// The lame leaps by offset `l` of the men of `from` (on squares where
    /// it applies, their initial moves open) to `mask`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn lame_offset<S: Sink>(
        &self,
        pr: &Promotion<B>,
        s: &State<B>,
        c: &Ctx<B>,
        l: &LameShift<B>,
        mut from: B,
        mask: B,
        promo: B,
        out: &mut S,
    ) {
        // Its path squares empty.
        for &p in l.path() {
            from &= !shift(c.occ, -p);
        }
        let fits = if self.moves { c.empty } else { B::EMPTY }
            | if self.captures { self.enemy } else { B::EMPTY };
        let targets = shift(from, l.delta) & fits & mask;
        if targets.any() {
            out.shifted(pr, s, targets, promo, l.delta, Some((self.dir, l.npath)));
        }
    }

    /// The moves of the man `man` on `from` (see [`gen_man`]).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn man<S: Sink, const CHECK: bool, const X: bool, F: Fn(Square) -> bool>(
        &self,
        t: &Compiled<B>,
        s: &State<B>,
        c: &Ctx<B>,
        from: Square,
        man: Man,
        mask: B,
        ok: &F,
        out: &mut S,
    ) {
        let (b, pr) = (&t.base, &t.rules.promotion);
        let at = from.index();
        let quiet = self.quiet.map_or(B::EMPTY, |q| q[at]);
        let cap = self.cap.map_or(B::EMPTY, |q| q[at]);
        let simple = (quiet & c.empty) | (cap & self.enemy);
        emit_targets::<B, S, CHECK, F>(pr, s, from, man, simple & mask, ok, out);
        if self.initial && !unmoved::<B, X>(b, s, c, from, man) {
            return;
        }
        let st = &self.lame[at];
        let Some(to) = st.to else { return };
        if (st.path & c.occ).any() || simple.contains(to) {
            return;
        }
        let fits =
            (self.moves && c.empty.contains(to)) || (self.captures && self.enemy.contains(to));
        if fits && mask.contains(to) && (!CHECK || ok(to)) {
            out.one(pr, s, Move::lame_leap(from, to, self.dir, st.npath), man);
        }
    }
}
