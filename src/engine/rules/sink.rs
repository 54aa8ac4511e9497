//! Where generated actions go: a [`MoveList`], or a [`Count`] that only
//! counts them (perft's last ply), adding whole target sets at once.
//! Promotions are expanded here, one action per open choice.

use super::promotion::Promotion;
use crate::engine::core::{Bits, Bitset, Man, Move, MoveList, Square, State};
use crate::ir::KindSet;
use crate::ir::{PieceId, MAX_PIECES};

/// Where generated moves go.
pub trait Sink {
    /// The sink stops wanting moves early (generation may take the cheap
    /// sources first).
    const STOPS_EARLY: bool = false;
    /// Plain moves of `man` from `from` to each square of `targets`
    /// (promotions expanded).
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    );
    /// [`Sink::targets`] for a man of a kind that never promotes (no
    /// promotion to look for, so the man itself is not needed).
    #[inline(always)]
    fn plain<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, from: Square, targets: B) {
        self.targets(pr, s, from, s.at(from), targets);
    }
    /// One move of `man` (promotions expanded).
    fn one<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, mv: Move, man: Man);
    /// One finished move.
    fn raw(&mut self, mv: Move);
    /// Placements of a man of `kind` from the hand on each square of
    /// `squares`, each a finished legal action (no promotion, no
    /// follow-up).
    #[inline]
    fn placements<B: Bits>(&mut self, kind: PieceId, squares: B) {
        for sq in squares {
            self.raw(Move::drop(kind, sq));
            if self.done() {
                return;
            }
        }
    }
    /// The board move `mv` followed by a wall on each square of `squares`
    /// (`then place wall`), each a finished legal action.
    #[inline]
    fn walled<B: Bits>(&mut self, mv: Move, squares: B) {
        for w in squares {
            if let Some(m) = mv.with_wall(w) {
                self.raw(m);
            }
            if self.done() {
                return;
            }
        }
    }
    /// Whether the sink needs no more moves (generation may stop early).
    #[inline]
    fn done(&self) -> bool {
        false
    }
    /// Whether the sink would keep the candidate `mv` if it is legal: a
    /// generation that tests candidates one by one (make, test, unmake)
    /// skips those it would not keep. Every candidate by default.
    #[inline(always)]
    fn wants(&mut self, _mv: Move) -> bool {
        true
    }
    /// Whether the caller knows that no enemy man attacks the royal of the
    /// player to act (generation may skip that test).
    #[inline]
    fn royal_safe(&self) -> bool {
        false
    }
    /// The sink takes the steps of many men at once ([`Sink::shifted`])
    /// for less than one call per man; otherwise generation hands it the
    /// men one by one (and the order of its moves stays man by man).
    const BULK: bool = false;
    /// Steps of several men of one pattern and owner at once: a move to
    /// each square `to` of `targets` from the square `delta` below it;
    /// `lame`: the steps are a lame leap along `dir` over `npath` squares
    /// (else plain leaps). `promo`: the targets where a man may promote
    /// (a superset; the others surely do not). By default, one man at a
    /// time, as that man's generation would hand them.
    #[inline]
    fn shifted<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        targets: B,
        promo: B,
        delta: i32,
        lame: Option<(u16, u8)>,
    ) {
        let _ = promo;
        each_shifted(self, pr, s, targets, delta, lame);
    }
}

/// [`Sink::shifted`] one man at a time.
#[inline]
pub fn each_shifted<B: Bits, S: Sink + ?Sized>(
    out: &mut S,
    pr: &Promotion<B>,
    s: &State<B>,
    targets: B,
    delta: i32,
    lame: Option<(u16, u8)>,
) {
    for to in targets {
        let from = Square::new((to.index() as i32 - delta) as usize);
        let man = s.at(from);
        match lame {
            None => out.targets(pr, s, from, man, B::single(to)),
            Some((dir, npath)) => out.one(pr, s, Move::lame_leap(from, to, dir, npath), man),
        }
    }
}

/// Expand a move into its promotions (or itself) and hand each to `f`.
#[inline]
pub fn expand<B: Bits>(
    pr: &Promotion<B>,
    s: &State<B>,
    mv: Move,
    man: Man,
    mut f: impl FnMut(Move),
) {
    if let Some(to) = mv.to() {
        if pr.applies(s, man, mv.from(), to) {
            let mut ch = [0u8; MAX_PIECES];
            let n = pr.choices(s, man, &mut ch);
            for &c in &ch[..n] {
                f(mv.with_promotion(c));
            }
            if pr.stays(man, to, n) {
                f(mv);
            }
            return;
        }
    }
    f(mv);
}

/// How many moves the plain moves of `man` to `targets` are, promotions
/// expanded.
#[inline(always)]
pub fn count_targets<B: Bits>(
    pr: &Promotion<B>,
    s: &State<B>,
    from: Square,
    man: Man,
    targets: B,
) -> u64 {
    if pr.promotes(man.kind()) {
        let promo = pr.promo_squares(s, from, man, targets);
        if promo.any() {
            return count_promoting(pr, s, man, targets, promo);
        }
    }
    targets.count() as u64
}

/// How many moves one promoting move of `man` to `to` is.
#[inline(never)]
fn count_promotions<B: Bits>(pr: &Promotion<B>, s: &State<B>, man: Man, to: Square) -> u64 {
    let mut ch = [0u8; MAX_PIECES];
    let n = pr.choices(s, man, &mut ch);
    n as u64 + pr.stays(man, to, n) as u64
}

/// [`count_targets`] for a man of a kind that promotes.
#[inline(never)]
fn count_promoting<B: Bits>(
    pr: &Promotion<B>,
    s: &State<B>,
    man: Man,
    targets: B,
    promo: B,
) -> u64 {
    let mut ch = [0u8; MAX_PIECES];
    let n = pr.choices(s, man, &mut ch);
    (targets & !promo).count() as u64
        + promo.count() as u64 * n as u64
        + pr.staying(man, promo, n).count() as u64
}

impl Sink for MoveList {
    #[inline]
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    ) {
        let promo = pr.promo_squares(s, from, man, targets);
        for to in targets & !promo {
            self.push(Move::normal(from, to));
        }
        for to in promo {
            expand(pr, s, Move::normal(from, to), man, |m| self.push(m));
        }
    }

    #[inline(always)]
    fn plain<B: Bits>(&mut self, _: &Promotion<B>, _: &State<B>, from: Square, targets: B) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    #[inline]
    fn one<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, mv: Move, man: Man) {
        expand(pr, s, mv, man, |m| self.push(m));
    }

    #[inline]
    fn raw(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// A sink that only counts.
pub struct Count(pub u64);

impl Sink for Count {
    #[inline]
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    ) {
        self.0 += count_targets(pr, s, from, man, targets);
    }

    #[inline(always)]
    fn plain<B: Bits>(&mut self, _: &Promotion<B>, _: &State<B>, _: Square, targets: B) {
        self.0 += targets.count() as u64;
    }

    #[inline(always)]
    fn one<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, mv: Move, man: Man) {
        match mv.to() {
            Some(to) if pr.applies(s, man, mv.from(), to) => {
                self.0 += count_promotions(pr, s, man, to);
            }
            _ => self.0 += 1,
        }
    }

    #[inline]
    fn raw(&mut self, _mv: Move) {
        self.0 += 1;
    }

    #[inline]
    fn placements<B: Bits>(&mut self, _: PieceId, squares: B) {
        self.0 += squares.count() as u64;
    }

    #[inline]
    fn walled<B: Bits>(&mut self, _: Move, squares: B) {
        self.0 += squares.count() as u64;
    }

    const BULK: bool = true;

    #[inline(always)]
    fn shifted<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        targets: B,
        promo: B,
        delta: i32,
        lame: Option<(u16, u8)>,
    ) {
        self.0 += (targets & !promo).count() as u64;
        let promo = targets & promo;
        if promo.any() {
            each_shifted(self, pr, s, promo, delta, lame);
        }
    }
}

/// A sink that only records whether there is any move: generation stops
/// at the first one.
#[derive(Default)]
pub struct Any {
    pub found: bool,
    /// See [`Sink::royal_safe`].
    pub royal_safe: bool,
}

impl Sink for Any {
    const STOPS_EARLY: bool = true;

    #[inline]
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    ) {
        self.found |= if pr.promotes(man.kind()) {
            count_targets(pr, s, from, man, targets) > 0
        } else {
            targets.any()
        };
    }
    #[inline(always)]
    fn plain<B: Bits>(&mut self, _: &Promotion<B>, _: &State<B>, _: Square, targets: B) {
        self.found |= targets.any();
    }
    #[inline]
    fn one<B: Bits>(&mut self, _: &Promotion<B>, _: &State<B>, _: Move, _: Man) {
        self.found = true;
    }
    #[inline]
    fn raw(&mut self, _mv: Move) {
        self.found = true;
    }
    #[inline]
    fn placements<B: Bits>(&mut self, _: PieceId, squares: B) {
        self.found |= squares.any();
    }
    #[inline]
    fn walled<B: Bits>(&mut self, _: Move, squares: B) {
        self.found |= squares.any();
    }
    #[inline]
    fn done(&self) -> bool {
        self.found
    }
    #[inline]
    fn royal_safe(&self) -> bool {
        self.royal_safe
    }

    const BULK: bool = true;

    #[inline(always)]
    fn shifted<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        targets: B,
        promo: B,
        delta: i32,
        lame: Option<(u16, u8)>,
    ) {
        self.found |= (targets & !promo).any();
        let promo = targets & promo;
        if !self.found && promo.any() {
            each_shifted(self, pr, s, promo, delta, lame);
        }
    }
}

/// A sink that counts what goes through to another.
pub struct Tally<'a, S: Sink> {
    pub inner: &'a mut S,
    pub n: u64,
}

impl<S: Sink> Sink for Tally<'_, S> {
    const STOPS_EARLY: bool = S::STOPS_EARLY;

    #[inline]
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    ) {
        self.n += count_targets(pr, s, from, man, targets);
        self.inner.targets(pr, s, from, man, targets);
    }
    #[inline]
    fn one<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, mv: Move, man: Man) {
        self.n += 1;
        self.inner.one(pr, s, mv, man);
    }
    #[inline]
    fn raw(&mut self, mv: Move) {
        self.n += 1;
        self.inner.raw(mv);
    }
    #[inline]
    fn done(&self) -> bool {
        self.inner.done()
    }
    #[inline]
    fn royal_safe(&self) -> bool {
        self.inner.royal_safe()
    }
}

/// Whether `mv` captures, given the occupied squares before it (as a
/// 256-bit [`Bitset`], whatever the width of the variant's sets): en
/// passant, or a move (not castling) onto an occupied square.
#[inline]
pub fn captures<B: Bits>(occ: &B, mv: Move) -> bool {
    match mv {
        Move::EnPassant { .. } => true,
        Move::Castle { .. } | Move::CastleGate { .. } => false,
        _ => mv.to().is_some_and(|to| occ.contains(to)),
    }
}

/// `must capture`: passes only captures on to `inner`; with `inner` an
/// [`Any`], a probe for "is there a capture".
pub struct OnlyCaptures<'a, S: Sink> {
    pub inner: &'a mut S,
    /// The occupied squares before the move.
    pub occ: Bitset,
}

impl<S: Sink> Sink for OnlyCaptures<'_, S> {
    const STOPS_EARLY: bool = S::STOPS_EARLY;

    #[inline]
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    ) {
        // Generated targets never hold a friendly man.
        let t = targets & s.occ;
        if t.any() {
            self.inner.targets(pr, s, from, man, t);
        }
    }
    #[inline]
    fn one<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, mv: Move, man: Man) {
        if captures(&self.occ, mv) {
            self.inner.one(pr, s, mv, man);
        }
    }
    #[inline]
    fn raw(&mut self, mv: Move) {
        if captures(&self.occ, mv) {
            self.inner.raw(mv);
        }
    }
    #[inline]
    fn done(&self) -> bool {
        self.inner.done()
    }
}

/// The tactical actions alone (quiescence's list, `position::tactical`):
/// captures (a man on the destination, en passant) and promotions, with
/// the legality of each judged as for the whole list. The generation asks
/// [`Sink::wants`] before it tests a candidate by make and unmake, so the
/// quiet candidates of the generic path and castlings are never tested.
pub struct Tactical<'a, B: Bits> {
    pub inner: &'a mut MoveList,
    /// The occupied squares before the move.
    pub occ: B,
    /// Every move handed to the sink, kept or not, a promotion counted
    /// once, and every candidate it did not want (untested): about the
    /// number of legal board moves (exact on the fast path but for
    /// promotions and castling), for the search's mobility term.
    pub seen: usize,
}

impl<B: Bits> Tactical<'_, B> {
    /// Whether `mv` takes a man on its destination or en passant, or
    /// promotes.
    #[inline]
    fn tactical(&self, mv: Move) -> bool {
        captures(&self.occ, mv)
            || !matches!(mv, Move::Castle { .. } | Move::CastleGate { .. })
                && mv.promotion().is_some()
    }

    /// The promotions among the choices of the quiet move `mv` (its
    /// non-promoting form is not tactical).
    #[inline]
    fn promotions_of<B2: Bits>(&mut self, pr: &Promotion<B2>, s: &State<B2>, mv: Move, man: Man) {
        let inner = &mut *self.inner;
        expand(pr, s, mv, man, |m| {
            if m.promotion().is_some() {
                inner.push(m);
            }
        });
    }
}

impl<B0: Bits> Sink for Tactical<'_, B0> {
    #[inline]
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    ) {
        self.seen += targets.count() as usize;
        // Generated targets never hold a friendly man: the occupied ones
        // are captures (each promotion choice of one too).
        let caps = targets & s.occ;
        if caps.any() {
            self.inner.targets(pr, s, from, man, caps);
        }
        let quiet = targets & !s.occ;
        if quiet.any() && pr.promotes(man.kind()) {
            for to in pr.promo_squares(s, from, man, quiet) {
                self.promotions_of(pr, s, Move::normal(from, to), man);
            }
        }
    }
    #[inline(always)]
    fn plain<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, from: Square, targets: B) {
        self.seen += targets.count() as usize;
        self.inner.plain(pr, s, from, targets & s.occ);
    }
    #[inline]
    fn one<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, mv: Move, man: Man) {
        self.seen += 1;
        if self.tactical(mv) {
            self.inner.one(pr, s, mv, man);
        } else {
            self.promotions_of(pr, s, mv, man);
        }
    }
    #[inline]
    fn raw(&mut self, mv: Move) {
        self.seen += 1;
        if self.tactical(mv) {
            self.inner.push(mv);
        }
    }
    #[inline]
    fn wants(&mut self, mv: Move) -> bool {
        let t = self.tactical(mv);
        self.seen += usize::from(!t);
        t
    }
}

/// A filter for `must place PIECE, ...`: passes the placements of the
/// listed kinds (`kinds`, a bit per kind) and, when `others`, every action
/// that places no man; drops the placements of other kinds.
pub struct PlacingKinds<'a, S: Sink> {
    pub inner: &'a mut S,
    pub kinds: KindSet,
    pub others: bool,
}

impl<S: Sink> PlacingKinds<'_, S> {
    #[inline]
    fn passes(&self, mv: Move) -> bool {
        match mv.placed() {
            Some(k) => self.kinds.contains(k),
            None => self.others,
        }
    }
}

impl<S: Sink> Sink for PlacingKinds<'_, S> {
    const STOPS_EARLY: bool = S::STOPS_EARLY;

    #[inline]
    fn targets<B: Bits>(
        &mut self,
        pr: &Promotion<B>,
        s: &State<B>,
        from: Square,
        man: Man,
        targets: B,
    ) {
        if self.others {
            self.inner.targets(pr, s, from, man, targets);
        }
    }
    #[inline]
    fn one<B: Bits>(&mut self, pr: &Promotion<B>, s: &State<B>, mv: Move, man: Man) {
        if self.passes(mv) {
            self.inner.one(pr, s, mv, man);
        }
    }
    #[inline]
    fn raw(&mut self, mv: Move) {
        if self.passes(mv) {
            self.inner.raw(mv);
        }
    }
    #[inline]
    fn placements<B: Bits>(&mut self, kind: PieceId, squares: B) {
        if self.kinds.contains(kind) {
            self.inner.placements(kind, squares);
        }
    }
    #[inline]
    fn walled<B: Bits>(&mut self, mv: Move, squares: B) {
        if self.others {
            self.inner.walled(mv, squares);
        }
    }
    #[inline]
    fn done(&self) -> bool {
        self.inner.done()
    }
}
