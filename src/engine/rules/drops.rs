//! Placements from the hand (`actions place`, `place [PIECE] where
//! CONDITION`, `on place PIECE: …`): a man of the player's hand is put on
//! an empty square where the variant's conditions hold (evaluated in the
//! position after the man is put down, with it as subject). A follow-up
//! can make the placement a compound action: the placed man may move at
//! once, a man meeting a condition goes back to its owner's hand or leaves
//! the game, or the player acts once more.

use super::constraint::Legality;
use super::pred::{eval, eval_set, CPred, SetCache};
use super::sink::Sink;
use crate::engine::compile::Base;
use crate::engine::core::Bits;
use crate::engine::core::{Layout, Man, Move, Square, State, Var};
use crate::engine::movement::{made_royal_value, royal_attacked, targets_of, Ctx};
use crate::ir::KindSet;
use crate::ir::{FollowUp as IrFollowUp, PieceId, PlayerId, Variant};

/// What follows the placement of a kind, in the same action.
#[derive(Clone, Debug)]
pub enum FollowUp<B: Bits> {
    /// The placed man may make one ordinary move at once (optional).
    MayMove,
    /// The player must choose one man meeting the condition, when any
    /// does, and send it back to its owner's hand.
    Return(CPred<B>),
    /// The same, but the man leaves the game.
    Remove(CPred<B>),
    /// The player acts once more.
    ExtraAction,
}

/// The placement rules of a variant.
#[derive(Clone, Debug)]
pub struct Drops<B: Bits> {
    /// Conditions, each with the kinds it applies to (bit mask; 0 = all).
    conditions: Vec<(KindSet, CPred<B>)>,
    /// Per kind: the follow-up.
    follow: Vec<Option<FollowUp<B>>>,
    /// `place keeps room for PIECE in REGION`: per rule, the kind and its
    /// region per player.
    room: Vec<(PieceId, [B; 4])>,
    /// `place ... unmoved in REGION`: per kind, the region of the statement
    /// that lists it, and the castler's kind and the partner kinds listed
    /// (bit masks): a placed man of a listed kind on its region counts as
    /// never moved, and so do the own men of the other castling role
    /// (partners for a castler, castlers for a partner) on their regions.
    unmoved: Option<Unmoved<B>>,
    /// `must place`.
    pub must_place: bool,
    /// `must place PIECE, ...`: the listed kinds (a bit per kind; 0: every
    /// kind).
    pub must_kinds: KindSet,
    /// `place PIECE, ... promoted too`: per kind, the promoted form a man of
    /// it in hand may also be placed as.
    promoted: Vec<Option<PieceId>>,
    /// `place unlimited`: every kind may be placed, the hands never run out.
    pub unlimited: bool,
    /// `confined PIECE to REGION`: per kind placed (the form put down), the
    /// squares its owner may place it on (the region as that owner sees
    /// it); `None` when no kind is confined.
    confine: Option<Vec<[B; 4]>>,
}

/// The compiled `place ... unmoved in REGION` statements.
#[derive(Clone, Debug)]
struct Unmoved<B: Bits> {
    kinds: KindSet,
    castler: KindSet,
    partners: KindSet,
    /// Per kind: the region per player (empty for a kind not listed).
    region: Vec<[B; 4]>,
}

/// A region as each of up to four players sees it.
fn per_player<B: Bits>(t: &Base<B>, r: crate::ir::RegionId) -> [B; 4] {
    let mut out = [B::EMPTY; 4];
    for (p, x) in out.iter_mut().enumerate().take(t.nplayers) {
        *x = t.region(r, p as PlayerId);
    }
    out
}

impl<B: Bits> Drops<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> Option<Drops<B>> {
        if !v.turn.place {
            return None;
        }
        let conditions = v
            .turn
            .placement
            .iter()
            .map(|r| {
                let mask = r.pieces.iter().collect::<KindSet>();
                (mask, CPred::new(t, &r.condition))
            })
            .collect();
        let mut follow = vec![None; v.pieces.len()];
        for op in &v.turn.on_place {
            let f = match &op.effect {
                IrFollowUp::ReturnToHand { which } => FollowUp::Return(CPred::new(t, which)),
                IrFollowUp::Remove { which } => FollowUp::Remove(CPred::new(t, which)),
                IrFollowUp::MayMovePlaced => FollowUp::MayMove,
                IrFollowUp::ExtraAction => FollowUp::ExtraAction,
            };
            if let Some(slot) = follow.get_mut(op.piece as usize) {
                *slot = Some(f);
            }
        }
        let room = v
            .turn
            .keep_room
            .iter()
            .map(|&(k, r)| (k, per_player(t, r)))
            .collect();
        let unmoved = (!v.turn.placed_unmoved.is_empty()).then(|| {
            let mut region = vec![[B::EMPTY; 4]; v.pieces.len()];
            let mut kinds = KindSet::EMPTY;
            for u in &v.turn.placed_unmoved {
                for &k in &u.pieces {
                    kinds.insert(k);
                    if let Some(r) = region.get_mut(k as usize) {
                        *r = per_player(t, u.region);
                    }
                }
            }
            let (castler, partners) = match &v.turn.castling {
                Some(c) => (KindSet::one(c.royal) & kinds, c.partner_kinds() & kinds),
                None => (KindSet::EMPTY, KindSet::EMPTY),
            };
            Unmoved {
                kinds,
                castler,
                partners,
                region,
            }
        });
        let mut promoted = vec![None; v.pieces.len()];
        for &k in &v.turn.place_promoted {
            if let Some(slot) = promoted.get_mut(k as usize) {
                *slot = v.pieces[k as usize]
                    .promotes_to
                    .filter(|&f| (f as usize) < v.pieces.len());
            }
        }
        let confine = v.pieces.iter().any(|p| p.confined.is_some()).then(|| {
            v.pieces
                .iter()
                .map(|p| match p.confined {
                    Some(r) => per_player(t, r),
                    None => [t.real; 4],
                })
                .collect()
        });
        Some(Drops {
            confine,
            promoted,
            conditions,
            follow,
            room,
            unmoved,
            must_place: v.turn.must_place,
            must_kinds: v.turn.must_place_kinds.iter().collect::<KindSet>(),
            unlimited: v.turn.unlimited_hands,
        })
    }

    /// `place keeps room for K in REGION`: whether a placement of `kind`
    /// on `sq` (not yet on the board) leaves, for each square colour, at
    /// least half (rounded down) of `me`'s men of K (on the board and in
    /// hand) room: men of K on that colour plus empty region squares of it.
    #[inline]
    pub(crate) fn leaves_room(
        &self,
        t: &Base<B>,
        s: &State<B>,
        kind: PieceId,
        me: PlayerId,
        sq: Square,
    ) -> bool {
        for &(k, region) in &self.room {
            if k == kind {
                continue;
            }
            let own = s.pids_bb(&t.atoms.kind_pids[k as usize]) & s.by_player[me as usize];
            let total = own.count() + s.hands[me as usize][k as usize] as u32;
            let need = total / 2;
            if need == 0 {
                continue;
            }
            let mut free = region[me as usize & 3] & t.real & !s.occ;
            free.remove(sq);
            for colour in [t.dark, t.real & !t.dark] {
                if ((own | free) & colour).count() < need {
                    return false;
                }
            }
        }
        true
    }

    /// Make, after a placement from the hand of a man of `kind` on `at`:
    /// `place ... unmoved in REGION`. Returns whether a flag of a castling
    /// kind changed.
    pub fn mark_unmoved(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        kind: PieceId,
        at: Square,
    ) -> bool {
        let Some(u) = &self.unmoved else {
            return false;
        };
        if !u.kinds.contains(kind) || !u.region[kind as usize][me as usize & 3].contains(at) {
            return false;
        }
        let l = &t.layout;
        s.set_unmoved(l, at, true);
        // The other role: partners for a castler, castlers for a partner,
        // each on the region of its own kind.
        let other = if u.castler.contains(kind) {
            u.partners
        } else if u.partners.contains(kind) {
            u.castler
        } else {
            KindSet::EMPTY
        };
        for k in other.iter() {
            let k = k as usize;
            for sq in u.region[k][me as usize & 3] & s.by_player[me as usize] {
                if s.at(sq).kind() as usize == k {
                    s.set_unmoved(l, sq, true);
                }
            }
        }
        true
    }

    /// The squares where a placement of `placed` meets the conditions, when
    /// every condition can be evaluated as a set (see [`eval_set`]).
    /// The rules of `kind` (the kind taken from the hand) apply.
    fn fitting_squares(
        &self,
        t: &Base<B>,
        s: &State<B>,
        kind: PieceId,
        placed: Man,
        cache: &mut SetCache<B>,
    ) -> Option<B> {
        let mut b = self.confined_to(t, placed.kind(), placed.owner());
        for (mask, p) in &self.conditions {
            if !mask.is_empty() && !mask.contains(kind) {
                continue;
            }
            b &= eval_set(t, s, p, placed, cache)?;
        }
        Some(b)
    }

    /// The squares `confined` leaves a man of kind `face` of `me`: its
    /// region, or every square.
    #[inline]
    fn confined_to(&self, t: &Base<B>, face: PieceId, me: PlayerId) -> B {
        match &self.confine {
            Some(c) => c[face as usize][me as usize & 3],
            None => t.real,
        }
    }

    /// The squares where `me` may place a man of `kind` from its hand (as
    /// itself, or as its promoted form under `promoted too`) in some
    /// position: the region of a `confined` form and the conditions
    /// applying to `kind` as far as they do not depend on the position
    /// ([`CPred::placement_bound`]; the others, and `keeps room`, count as
    /// met). Every legal placement is on one of them. Computed once per
    /// variant (the evaluation's drop squares), not per position.
    pub fn placeable(&self, t: &Base<B>, kind: PieceId, me: PlayerId) -> B {
        let mut out = B::EMPTY;
        let forms = [
            Some(kind),
            self.promoted.get(kind as usize).copied().flatten(),
        ];
        for form in forms.into_iter().flatten() {
            if form as usize >= t.nkinds {
                continue;
            }
            let placed = Man::new(form, me, t.forward[me]);
            let mut b = self.confined_to(t, form, me);
            for (mask, p) in &self.conditions {
                if mask.is_empty() || mask.contains(kind) {
                    b &= p.placement_bound(t, placed).0;
                }
            }
            out |= b;
        }
        out
    }

    /// Whether the placement of `kind` (already put on `sq`, maybe as its
    /// promoted form) meets the conditions, and lands inside the region of
    /// a `confined` kind.
    #[inline]
    pub fn fits(&self, t: &Base<B>, s: &State<B>, kind: PieceId, me: PlayerId, sq: Square) -> bool {
        if self.confine.is_some() && !self.confined_to(t, s.at(sq).kind(), me).contains(sq) {
            return false;
        }
        self.conditions.iter().all(|(mask, p)| {
            (!mask.is_empty() && !mask.contains(kind)) || eval(t, s, p, me, Some(sq), Some(sq))
        })
    }

    /// The follow-up of a kind's placement.
    #[inline]
    pub fn follow_up(&self, kind: PieceId) -> Option<&FollowUp<B>> {
        self.follow[kind as usize].as_ref()
    }

    /// Whether a placement of `kind` keeps the turn for another action.
    #[inline]
    pub fn extra_action(&self, kind: PieceId) -> bool {
        matches!(self.follow[kind as usize], Some(FollowUp::ExtraAction))
    }

    /// The legal placements of the player to act (of `only`, when given).
    pub fn generate<S: Sink>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        lg: &Legality<B>,
        captures: bool,
        only: Option<PieceId>,
        out: &mut S,
    ) {
        let me = s.turn;
        if !self.unlimited && s.hand_empty(me) {
            // Nothing in hand: nothing to place.
            return;
        }
        let empty = t.real & !s.occ;
        let mut cache = SetCache::default();
        // No constraint an action could break, or (for a man that is not
        // royal) none a placement could: see `placement_blocks_only`.
        let always = lg.always(t);
        let blocks_only = !always && placement_blocks_only(t, s, lg, me);
        let safe = |kind: PieceId| always || blocks_only && !t.is_royal(kind);
        for k in 0..t.nkinds {
            let kind = k as PieceId;
            if (s.hands[me as usize][k] == 0 && !self.unlimited) || only.is_some_and(|o| o != kind)
            {
                continue;
            }
            let man = Man::new(kind, me, t.forward[me]);
            // Conditions evaluated as sets need no test square by square.
            let (cands, checked) = match self.fitting_squares(t, s, kind, man, &mut cache) {
                Some(b) => (empty & b, true),
                None => (empty, false),
            };
            // Nothing to test square by square once the conditions are sets:
            // no room to leave, and no constraint the placement could break.
            let untested = safe(kind) && self.room.is_empty();
            if untested && checked && matches!(self.follow[k], None | Some(FollowUp::ExtraAction)) {
                // Every candidate is a legal placement, finished as it is.
                out.placements(kind, cands);
                if out.done() {
                    return;
                }
            } else {
                self.each_legal(
                    t,
                    s,
                    lg,
                    kind,
                    man,
                    (cands, checked, safe(kind)),
                    |s, sq| {
                        self.follow_ups(t, s, lg, captures, man, sq, out);
                        out.done()
                    },
                );
                if out.done() {
                    return;
                }
            }
            if let Some(form) = self.promoted[k] {
                // The same man placed as its promoted form: a plain placement.
                let man = Man::new(form, me, t.forward[me]);
                let (cands, checked) = match self.fitting_squares(t, s, kind, man, &mut cache) {
                    Some(b) => (empty & b, true),
                    None => (empty, false),
                };
                self.each_legal(
                    t,
                    s,
                    lg,
                    kind,
                    man,
                    (cands, checked, safe(form)),
                    |_, sq| {
                        out.raw(Move::drop_promoted(kind, sq));
                        out.done()
                    },
                );
                if out.done() {
                    return;
                }
            }
        }
    }

    /// The promoted form a man of `kind` in hand may also be placed as.
    /// The squares where the player to act may put down a man of `kind`
    /// as a plain placement, whether or not one is in its hand: the
    /// conditions of `place ... where` and `confined`, `place keeps room`,
    /// and the constraints in the position after it (no follow-up). The
    /// drop of a hostage exchange ([`super::exchange`]).
    pub fn plain_squares(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        lg: &Legality<B>,
        kind: PieceId,
    ) -> B {
        let me = s.turn;
        let empty = t.real & !s.occ;
        let mut cache = SetCache::default();
        let man = Man::new(kind, me, t.forward[me]);
        let (cands, checked) = match self.fitting_squares(t, s, kind, man, &mut cache) {
            Some(b) => (empty & b, true),
            None => (empty, false),
        };
        if checked && lg.always(t) && self.room.is_empty() {
            return cands;
        }
        let mut out = B::EMPTY;
        self.each_legal(t, s, lg, kind, man, (cands, checked, false), |_, sq| {
            out.insert(sq);
            false
        });
        out
    }

    /// Each square of `cands` where `man` (of hand kind `kind`, put down
    /// as itself or as its promoted form) is a legal plain placement:
    /// `place keeps room`, the conditions square by square (unless the
    /// candidates are already `checked` as sets) and the constraints,
    /// tested with the man probed there (unless they are known to hold for
    /// every placement: `safe`). `f` is called with the man still
    /// probed on the square, and returns true to stop. A royal man placed
    /// under `check ... when at most N` is not counted (see
    /// `RoyalCheck::AtMost`).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn each_legal(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        lg: &Legality<B>,
        kind: PieceId,
        man: Man,
        (cands, checked, safe): (B, bool, bool),
        mut f: impl FnMut(&mut State<B>, Square) -> bool,
    ) {
        let me = s.turn;
        let l = &t.layout;
        let made = RoyalMade::save(t, s, man.kind());
        for sq in cands {
            if !self.room.is_empty() && !self.leaves_room(t, s, kind, me, sq) {
                continue;
            }
            made.set(l, s, sq, me);
            s.probe(l, sq, man);
            let stop =
                (checked || self.fits(t, s, kind, me, sq)) && (safe || lg.ok(t, s, me)) && f(s, sq);
            s.unprobe(l, sq);
            if stop {
                break;
            }
        }
        made.restore(l, s);
    }

    #[inline]
    pub fn promoted_form(&self, kind: PieceId) -> Option<PieceId> {
        self.promoted.get(kind as usize).copied().flatten()
    }

    /// The actions of a legal placement of `man` on `sq` (probed on the
    /// board), with its follow-up.
    #[allow(clippy::too_many_arguments)]
    fn follow_ups<S: Sink>(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        lg: &Legality<B>,
        captures: bool,
        man: Man,
        sq: Square,
        out: &mut S,
    ) {
        let (me, kind) = (man.owner(), man.kind());
        let l = &t.layout;
        match &self.follow[kind as usize] {
            None | Some(FollowUp::ExtraAction) => out.raw(Move::drop(kind, sq)),
            Some(FollowUp::MayMove) => {
                out.raw(Move::drop(kind, sq));
                if lg
                    .surround
                    .is_some_and(|sur| sur.each_step && sur.decides_now(t, s))
                {
                    return;
                }
                let ctx = Ctx::new(t, s, me, captures);
                for to in targets_of(t, s, &ctx, sq, man, false) {
                    let cap = s.at(to);
                    if !cap.is_empty() {
                        s.unprobe(l, to);
                    }
                    s.unprobe(l, sq);
                    s.probe(l, to, man);
                    let made = RoyalMade::save(t, s, kind);
                    made.set(l, s, to, me);
                    if lg.ok(t, s, me) {
                        out.raw(Move::place_and_move(kind, sq, to));
                    }
                    made.restore(l, s);
                    s.unprobe(l, to);
                    s.probe(l, sq, man);
                    if !cap.is_empty() {
                        s.probe(l, to, cap);
                    }
                }
            }
            Some(FollowUp::Return(which)) | Some(FollowUp::Remove(which)) => {
                let remove = matches!(self.follow[kind as usize], Some(FollowUp::Remove(_)));
                let mut any = false;
                for o in s.occ & !s.walls {
                    if !eval(t, s, which, me, Some(o), Some(sq)) {
                        continue;
                    }
                    let m = s.unprobe(l, o);
                    if lg.ok(t, s, me) {
                        any = true;
                        out.raw(if remove {
                            Move::PlaceAndRemove {
                                piece: kind,
                                at: sq,
                                removed: o,
                            }
                        } else {
                            Move::place_and_return(kind, sq, o)
                        });
                    }
                    s.probe(l, o, m);
                }
                if !any {
                    out.raw(Move::drop(kind, sq));
                }
            }
        }
    }
}

/// Make: a man of `kind` from `me`'s hand (or a drawn card when
/// `from_hand` is false) is put on `at`. A placed man has never moved
/// (castling kinds excepted: they never castle after being placed). The
/// hand gives the man when `from_hand` (not with `place unlimited`).
///
/// `face`: the kind of the man put down (`kind` itself, or its promoted
/// form for a placement `promoted too`).
#[allow(clippy::too_many_arguments)]
pub fn place<B: Bits>(
    t: &Base<B>,
    s: &mut State<B>,
    castle_kinds: KindSet,
    me: PlayerId,
    kind: PieceId,
    face: PieceId,
    at: Square,
    from_hand: bool,
) {
    let l = &t.layout;
    if from_hand {
        s.add_hand(l, me, kind, -1);
    }
    let kind = face;
    s.put(l, at, Man::new(kind, me, t.forward[me]));
    if (l.tracked_kinds & !castle_kinds).contains(kind) {
        s.set_unmoved(l, at, true);
    }
}

/// Whether no placement of a man of `me` that is not royal can break the
/// constraints: royal safety is all there is to keep (no limit box, no
/// `no checks`, no `facing`, no connectivity), `me` is not in check now,
/// the check test is the plain one (no `check all royals`, `check ... when
/// at most N`, exploding captures or move-shape conditions), and every
/// attack is a plain leap or ride (no hop, lame leap or complex pattern):
/// a man put on an empty square then only blocks lines, and takes no man
/// off, so no royal of `me` it leaves is attacked. The legal placements
/// are then the candidates, with no probe on the board.
fn placement_blocks_only<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    lg: &Legality<B>,
    me: PlayerId,
) -> bool {
    lg.royal_safety_only()
        && !t.check_special
        && !t.groups.hop_or_complex
        && !royal_attacked(t, s, me)
}

/// Under `check ... when at most N`, a royal man a placement brings in is
/// not counted for that action (see `RoyalCheck::AtMost`): the variable
/// that says where it stands, saved before the probes and restored after.
#[derive(Clone, Copy)]
struct RoyalMade(Option<(Var, u32)>);

impl RoyalMade {
    /// The variable's value now, when a man of `kind` is such a royal.
    #[inline]
    fn save<B: Bits>(t: &Base<B>, s: &State<B>, kind: PieceId) -> Self {
        RoyalMade(t.royal_made(kind).map(|v| (v, s.var(v))))
    }

    /// The man probed next stands on `sq`, owned by `me`.
    #[inline]
    fn set<B: Bits>(self, l: &Layout, s: &mut State<B>, sq: Square, me: PlayerId) {
        if let Some((v, _)) = self.0 {
            s.swap_var_raw(l, v, made_royal_value(sq, me));
        }
    }

    #[inline]
    fn restore<B: Bits>(self, l: &Layout, s: &mut State<B>) {
        if let Some((v, old)) = self.0 {
            s.swap_var_raw(l, v, old);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::core::sorted_moves;
    use crate::engine::position::checked::{with_pos, Position};
    use crate::engine::testing::{each_random_position, variant_from_text};
    use crate::engine::Tables;
    use std::sync::Arc;

    /// Captures to hand on a small board, `{cannon}` a hopper or not
    /// (the rule text is written here).
    const TEXT: &str = "variant drops \"Drops\" {
  players white, black
  board 6x6
  piece king K moves \"K\" royal
  piece rook R moves \"R\"
  piece bishop B moves \"B\"
  piece knight N moves \"N\"
  piece cannon C moves \"{cannon}\"
  piece pawn P moves \"fmW fcF\"
  region back_ranks: rank 1 + rank 6
  setup {
    white: K c1, R a1, B b1, N e1, C f1, P a2..f2
    black: mirror white
  }
  captures to hand
  actions move, place
  place pawn where not in back_ranks
  end {
    checkmate -> lose
    stalemate -> draw
  }
}
";

    /// Out of check, where every attack is a plain leap or ride, a
    /// placement only blocks and is legal on every candidate square with
    /// no probe; with a hopper (a man put down may be its screen) or in
    /// check each one is tried. Either way the legal placements are those
    /// of the slow reference generation, which makes every action and
    /// tests what it leaves.
    #[test]
    fn placements_out_of_check_without_hoppers_need_no_probe_and_stay_exact() {
        for (cannon, hops) in [("WF", false), ("mRcpR", true)] {
            let v = variant_from_text("drops.variant", &TEXT.replace("{cannon}", cannon));
            let tables = Arc::new(Tables::new(&v).expect("compiles"));
            let (mut placed, mut in_check) = (0usize, 0usize);
            each_random_position(&tables, 0x5851_f42d_4c95_7f2d, 30, 120, |p| {
                let fast = sorted_moves(p.legal_moves().to_vec());
                assert_eq!(fast, p.legal_moves_reference(), "{}", p.fen());
                let drops = fast.iter().filter(|m| m.from().is_none()).count();
                placed += drops;
                in_check += usize::from(drops > 0 && p.in_check());
            });
            assert!(placed > 5_000, "{cannon}: {placed} placements");
            assert!(in_check > 10, "{cannon}: {in_check} positions in check");
            let start = Position::start(tables.clone()).expect("starts");
            let hop = with_pos!(&start.inner, c, _s => c.base.groups.hop_or_complex);
            assert_eq!(hop, hops, "{cannon}");
        }
    }
}
