//! En passant: a man that makes a lame move passing squares leaves them as
//! targets (with `en passant after PIECE, ...`, a man of those kinds only); an enemy man with an en-passant capture atom (Betza `e`) may
//! move to a target and capture it, while the record lasts. Who may use a
//! record, and for how long, is the variant's window: every opponent on
//! their next turn, or only the next player.
//!
//! Records live in the state's slots: slot `p` is player `p`'s one record;
//! with `per turn` (records counted by turns of several actions) player
//! `p` has the slots `p + k * players` for the k-th record of its turn.

use crate::engine::compile::{AKind, Base};
use crate::engine::core::Bits;
use crate::engine::core::{EpRecord, Man, Move, PlayerSet, Square, State};
use crate::engine::movement::{barred, reach, Ctx};
use crate::ir::KindSet;
use crate::ir::{EnPassantWindow, PlayerId, RegionId, Variant};

/// The en-passant rule of a variant (present when some man can capture en
/// passant and captures exist).
#[derive(Clone, Debug)]
pub struct EnPassant<B: Bits> {
    pub window: EnPassantWindow,
    /// `en passant in REGION`: only passed squares in the region (of a
    /// player who may take) become targets.
    pub region: Option<RegionId>,
    /// `en passant after PIECE, ...`: only a lame move of a man of these
    /// kinds (a bit per kind; its kind after the move) makes a record.
    pub after: Option<KindSet>,
    /// `en passant ... per turn`: records last by turns (see
    /// [`EnPassant::after_turn_action`]).
    pub per_turn: bool,
    /// Slots in use: the players, times the longest turn under `per turn`.
    pub slots: usize,
    /// Patterns with an en-passant capture atom.
    pub pids: Vec<u8>,
    /// Per pattern of `pids`, per target square: the squares from which one
    /// of its en-passant atoms could reach the target on an empty board (a
    /// superset of the men that can take there, so that only those are
    /// tried).
    from_mask: Vec<Vec<B>>,
    /// Per pattern of `pids`: its mask is exact (every en-passant atom a
    /// leap open at every move, and no confinement or immunity), so a man
    /// in it takes without a further test.
    exact: Vec<bool>,
}

impl<B: Bits> EnPassant<B> {
    pub fn new(v: &Variant, t: &Base<B>, captures: bool) -> Option<EnPassant<B>> {
        let pids: Vec<u8> = t
            .atoms
            .patterns
            .iter()
            .enumerate()
            .filter(|(_, p)| p.moves.iter().any(|a| a.ep && a.mode.can_capture()))
            .map(|(pid, _)| pid as u8)
            .collect();
        if !captures || pids.is_empty() {
            return None;
        }
        let from_mask = pids
            .iter()
            .map(|&pid| {
                let mut m = vec![B::EMPTY; t.geo.len()];
                for a in t.atoms.patterns[pid as usize].moves.iter() {
                    if !(a.ep && a.mode.can_capture()) {
                        continue;
                    }
                    for from in t.real.iter() {
                        // Every kind but a hop reaches farthest on an empty
                        // board; a hop may reach anything.
                        let r = match a.kind {
                            AKind::Hop | AKind::Grasshop | AKind::WrapHop | AKind::WrapGrasshop => {
                                t.real
                            }
                            _ => reach(t, a, from, B::EMPTY, B::EMPTY),
                        };
                        for tg in r & t.real {
                            m[tg.index()].insert(from);
                        }
                    }
                }
                m
            })
            .collect();
        let exact = pids
            .iter()
            .map(|&pid| {
                let p = &t.atoms.patterns[pid as usize];
                !p.plan.extra
                    && p.moves
                        .iter()
                        .filter(|a| a.ep && a.mode.can_capture())
                        .all(|a| a.kind == AKind::Leap && !a.initial)
            })
            .collect();
        Some(EnPassant {
            window: v.turn.en_passant,
            region: v.turn.en_passant_region,
            after: (!v.turn.en_passant_after.is_empty())
                .then(|| v.turn.en_passant_after.iter().collect::<KindSet>()),
            per_turn: v.turn.en_passant_per_turn,
            slots: t.nplayers * per_player(v),
            pids,
            from_mask,
            exact,
        })
    }

    /// The players who may take en passant after `me`'s lame move.
    pub fn eligible(&self, t: &Base<B>, s: &State<B>, me: PlayerId) -> PlayerSet {
        let enemies = s.alive & !t.friends[me];
        match self.window {
            EnPassantWindow::EachOpponent => enemies,
            EnPassantWindow::NextPlayer => enemies & PlayerSet::one(s.next_player(&t.layout, me)),
        }
    }

    /// The consequence of `me`'s action: `me`'s own record ends, `me` has
    /// had its turn for everybody else's, a record whose man is gone ends,
    /// and a lame move (`new`: the man's square and the passed squares)
    /// makes a record.
    #[inline(always)]
    pub fn after_action(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        new: &Option<EpRecord>,
    ) {
        if new.is_none() && !any_record(s) {
            return;
        }
        self.records_after(t, s, me, new);
    }

    /// [`EnPassant::after_action`] where some record is open or made.
    #[inline(never)]
    fn records_after(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId, new: &Option<EpRecord>) {
        let l = &t.layout;
        for q in 0..t.nplayers as PlayerId {
            let Some(mut r) = s.ep[q as usize] else {
                continue;
            };
            let victim = s.at(r.victim);
            let gone = victim.is_empty() || victim.owner() != q;
            if gone || q == me || r.eligible.contains(me) {
                r.eligible.remove(me);
                let next = if gone || q == me || r.eligible.is_empty() {
                    None
                } else {
                    Some(r)
                };
                s.set_ep(l, q, next);
            }
        }
        if let Some(rec) = self.admitted(t, s, me, new) {
            s.set_ep(l, me, Some(rec));
        }
    }

    /// The record `new` that `me`'s action made, with its eligible
    /// players and targets, if it leaves one (its kind is one of `after`,
    /// some player may take, some target is left).
    #[inline(always)]
    fn admitted(
        &self,
        t: &Base<B>,
        s: &State<B>,
        me: PlayerId,
        new: &Option<EpRecord>,
    ) -> Option<EpRecord> {
        let mut rec = (*new)?;
        if let Some(kinds) = self.after {
            let man = s.at(rec.victim);
            if man.is_empty() || !kinds.contains(man.kind()) {
                return None;
            }
        }
        rec.eligible = self.eligible(t, s, me);
        if let Some(r) = self.region {
            let mut open = B::EMPTY;
            for p in rec.eligible.iter() {
                open |= t.region(r, p);
            }
            let mut n = 0;
            for i in 0..rec.ntargets as usize {
                if open.contains(rec.targets[i]) {
                    rec.targets[n] = rec.targets[i];
                    n += 1;
                }
            }
            rec.ntargets = n as u8;
        }
        (!rec.eligible.is_empty() && rec.ntargets > 0).then_some(rec)
    }

    /// The consequence of `me`'s action `mv` under `per turn` (`first`:
    /// the action is the first of `me`'s turn). A record ends when its man
    /// is gone; `me`'s own records end when its new turn starts (they
    /// last through the rest of the turn that made them); a player who may
    /// take a record keeps it while every action of its turn so far was an
    /// en-passant capture (so a turn's first action takes any of them, and
    /// a later one another only after taking one). A record the action
    /// makes takes `me`'s first free slot.
    #[inline(never)]
    pub fn after_turn_action(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        new: &Option<EpRecord>,
        mv: Move,
        first: bool,
    ) {
        let l = &t.layout;
        let took = matches!(mv, Move::EnPassant { .. });
        for slot in 0..self.slots {
            let Some(mut r) = s.ep[slot] else {
                continue;
            };
            let q = (slot % t.nplayers) as PlayerId;
            let victim = s.at(r.victim);
            let next = if victim.is_empty() || victim.owner() != q || (q == me && first) {
                None
            } else if q != me && r.eligible.contains(me) && !took {
                r.eligible.remove(me);
                (!r.eligible.is_empty()).then_some(r)
            } else {
                Some(r)
            };
            s.set_ep(l, slot as PlayerId, next);
        }
        if let Some(rec) = self.admitted(t, s, me, new) {
            let free = (me as usize..self.slots)
                .step_by(t.nplayers)
                .find(|&slot| s.ep[slot].is_none());
            debug_assert!(free.is_some(), "more records than actions in a turn");
            if let Some(slot) = free {
                s.set_ep(l, slot as PlayerId, Some(rec));
            }
        }
    }

    /// Every en-passant capture open to the player of `c` (before
    /// promotions and before the test that the capture is legal), with the
    /// capturing man.
    #[inline(always)]
    pub fn candidates(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        c: &Ctx<B>,
        f: impl FnMut(&mut State<B>, Move, Man),
    ) {
        if any_record(s) {
            self.open_candidates(t, s, c, f);
        }
    }

    /// Whether a man of a player who may take `rec` stands where some
    /// en-passant atom could reach one of its targets: a test on the
    /// board's sets that every candidate passes (so `false` means there is
    /// none), without copying the state.
    pub fn may_take(&self, s: &State<B>, rec: &EpRecord) -> bool {
        let men = rec
            .eligible
            .iter()
            .fold(B::EMPTY, |m, q| m | s.by_player[q as usize]);
        rec.targets().iter().any(|tg| {
            self.pids.iter().zip(&self.from_mask).any(|(&pid, near)| {
                near.get(tg.index())
                    .is_some_and(|&near| (s.by_pattern[pid as usize] & men & near).any())
            })
        })
    }

    /// [`EnPassant::candidates`] where some record is open.
    #[inline(never)]
    fn open_candidates(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        c: &Ctx<B>,
        mut f: impl FnMut(&mut State<B>, Move, Man),
    ) {
        let me = c.me;
        for q in 0..self.slots {
            let Some(rec) = s.ep[q] else { continue };
            if !rec.eligible.contains(me) {
                continue;
            }
            let victim = s.at(rec.victim);
            if victim.is_empty() || t.is_friend(me, victim.owner()) {
                continue;
            }
            for &tg in rec.targets() {
                if !c.empty.contains(tg) {
                    continue;
                }
                for ((&pid, near), &exact) in self.pids.iter().zip(&self.from_mask).zip(&self.exact)
                {
                    let Some(&near) = near.get(tg.index()) else {
                        continue;
                    };
                    for from in s.by_pattern[pid as usize] & s.by_player[me as usize] & near {
                        if !exact && !self.takes(t, s, c, pid, from, tg, rec.victim) {
                            continue;
                        }
                        let mv = Move::EnPassant {
                            from,
                            to: tg,
                            victim: rec.victim,
                            promote: None,
                        };
                        let man = s.at(from);
                        f(s, mv, man);
                    }
                }
            }
        }
    }

    /// Whether the man of pattern `pid` on `from` (in its pattern's mask
    /// for `tg`) takes `victim` en passant on `tg`: its confinement and
    /// immunities allow it, and one of its en-passant atoms, open at this
    /// node, reaches `tg` with this occupancy.
    #[allow(clippy::too_many_arguments)]
    fn takes(
        &self,
        t: &Base<B>,
        s: &State<B>,
        c: &Ctx<B>,
        pid: u8,
        from: Square,
        tg: Square,
        victim: Square,
    ) -> bool {
        let pat = &t.atoms.patterns[pid as usize];
        if pat.plan.extra && barred(t, s, &pat.plan, tg, victim) {
            return false;
        }
        let unmoved = t.initial_open(s, from, s.at(from)) && !c.closed.contains(from);
        pat.moves.iter().any(|a| {
            a.ep && a.mode.can_capture()
                && (!a.initial || unmoved)
                && reach(t, a, from, c.occ, c.friends).contains(tg)
        })
    }
}

/// The slots each player has: one, or under `per turn` one per action of
/// its longest turn (the checker bounds players times slots by
/// [`crate::ir::MAX_PLAYERS`]).
fn per_player(v: &Variant) -> usize {
    match &v.turn.plan {
        Some(plan) if v.turn.en_passant_per_turn && !plan.growing => {
            let n = v.players.len() as PlayerId;
            let longest = (0..n)
                .flat_map(|p| [plan.length(p, 0), plan.length(p, 1)])
                .max()
                .unwrap_or(1) as usize;
            longest.clamp(1, crate::ir::MAX_PLAYERS / v.players.len().max(1))
        }
        _ => 1,
    }
}

/// Whether some player has an en-passant record open.
#[inline(always)]
pub(crate) fn any_record<B: Bits>(s: &State<B>) -> bool {
    let mut any = false;
    for r in &s.ep {
        any |= r.is_some();
    }
    any
}

/// The record a lame move `from` → `to` along `dir` leaves (before its
/// eligible players are known).
pub fn record_of<B: Bits>(t: &Base<B>, from: Square, to: Square, dir: u16) -> EpRecord {
    let step = t.lame_step(dir, from);
    EpRecord {
        victim: to,
        targets: step.path_sqs,
        ntargets: step.npath,
        eligible: PlayerSet::EMPTY,
    }
}

/// The squares each lame move of the man `man` on `at` passed, if it just
/// made one to `at` (one slice per lame direction of its pattern that
/// leads to `at` from a square of the board).
fn lame_paths_to<B: Bits>(t: &Base<B>, at: Square, man: Man) -> impl Iterator<Item = &[Square]> {
    let p = &t.atoms.patterns[t.layout.pid(man)];
    let atoms = p
        .moves
        .iter()
        .filter(move |a| p.lame_moves && a.kind == AKind::Lame);
    atoms.flat_map(|a| a.dirs.iter()).filter_map(move |&d| {
        let v = t.atoms.dirs[d as usize].v;
        let origin = t.geo.offset(at, (-v.0, -v.1))?;
        let st = t.lame_step(d, origin);
        (st.to == Some(at)).then(|| &st.path_sqs[..st.npath as usize])
    })
}

/// The men that can just have passed every square of `some` (and maybe
/// more) with a lame move, each with the squares that move passed, in its
/// order (for reading Fairy-Stockfish's en-passant field, which lists only
/// the passed squares an enemy pawn could take on).
pub fn infer_covering<B: Bits>(
    t: &Base<B>,
    men: &[(Square, Man)],
    some: &[Square],
) -> Vec<(Square, Vec<Square>)> {
    let mut out: Vec<(Square, Vec<Square>)> = Vec::new();
    for &(at, man) in men {
        let covering = lame_paths_to(t, at, man)
            .find(|path| !path.is_empty() && some.iter().all(|s| path.contains(s)));
        if let Some(path) = covering {
            out.push((at, path.to_vec()));
        }
    }
    out
}

/// The men that can just have passed exactly `targets` with a lame move
/// (for reading a FEN's en-passant field).
pub fn infer_victims<B: Bits>(
    t: &Base<B>,
    men: &[(Square, Man)],
    targets: &[Square],
) -> Vec<Square> {
    men.iter()
        .filter(|&&(at, man)| lame_paths_to(t, at, man).any(|path| path == targets))
        .map(|&(at, _)| at)
        .collect()
}
