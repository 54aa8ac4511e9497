//! A slow reference generator for tests: every candidate action is made
//! in full and checked against the constraints after its consequences
//! (the fast generation probes placements on the board and accounts for
//! removals ahead of time).

use super::checked::{with_pos, Position};
use super::movegen::{legal_after, legal_board};
use crate::engine::core::{sorted_moves, Bits, Man, Move, MoveList, State};
use crate::engine::movement::{kind_bb, targets_of, Ctx};
use crate::engine::rules::drops::FollowUp;
use crate::engine::rules::pred::eval;
use crate::engine::rules::FirstAction;
use crate::engine::tables::Compiled;
use crate::ir::{ActionKind, PieceId};

impl Position {
    /// The legal actions computed the slow way (see the module docs), in
    /// the stable order of [`sorted_moves`].
    #[doc(hidden)]
    pub fn legal_moves_reference(&self) -> Vec<Move> {
        with_pos!(&self.inner, c, s => reference(c, s))
    }
}

fn reference<B: Bits>(t: &Compiled<B>, s: &State<B>) -> Vec<Move> {
    {
        let (b, r) = (&t.base, &t.rules);
        let l = &b.layout;
        let mut s = s.scratch();
        let me = s.turn;
        let ply = s.ply;
        let allows = |k| FirstAction::allows(r.first_action, ply, k);
        let split = !r.constraints.connected.is_empty() && !r.constraints.invariants_hold(b, &s);
        let mut out = MoveList::new();
        let mut scratch = MoveList::new();
        if let Some(d) = &r.deck {
            if !d.losers(&s).is_empty() {
                return Vec::new();
            }
            if allows(ActionKind::Draw) {
                d.generate(b, &mut s, &mut out);
            }
        }
        if allows(ActionKind::Move) {
            legal_board(t, &mut s, split, &mut out, &mut scratch);
            if let Some(ln) = &r.lion {
                if r.board_moves.allowed(b, &s, me) {
                    lion_moves(t, &mut s, ln, split, &mut out);
                }
            }
        }
        let mut cands: Vec<Move> = Vec::new();
        if let (Some(drops), true) = (&r.drops, allows(ActionKind::Place)) {
            let only = FirstAction::only_piece(r.first_action, ply);
            let empty = b.real & !s.occ;
            for k in 0..b.nkinds as PieceId {
                if s.hands[me as usize][k as usize] == 0 || only.is_some_and(|o| o != k) {
                    continue;
                }
                let man = Man::new(k, me, b.forward[me]);
                for sq in empty {
                    s.probe(l, sq, man);
                    let fits = drops.fits(b, &s, k, me, sq);
                    let mut local: Vec<Move> = Vec::new();
                    let mut choices: Vec<Move> = Vec::new();
                    if fits {
                        match drops.follow_up(k) {
                            Some(FollowUp::Return(which)) | Some(FollowUp::Remove(which)) => {
                                let remove =
                                    matches!(drops.follow_up(k), Some(FollowUp::Remove(_)));
                                for o in s.occ & !s.walls {
                                    if eval(b, &s, which, me, Some(o), Some(sq)) {
                                        choices.push(if remove {
                                            Move::PlaceAndRemove {
                                                piece: k,
                                                at: sq,
                                                removed: o,
                                            }
                                        } else {
                                            Move::place_and_return(k, sq, o)
                                        });
                                    }
                                }
                            }
                            Some(FollowUp::MayMove) => {
                                let ctx = Ctx::new(b, &s, me, r.captures.any());
                                for to in targets_of(b, &s, &ctx, sq, man, false) {
                                    local.push(Move::place_and_move(k, sq, to));
                                }
                            }
                            Some(FollowUp::ExtraAction) | None => {}
                        }
                    }
                    let stop = fits
                        && r.surround
                            .as_ref()
                            .is_some_and(|sur| sur.each_step && sur.decides_now(b, &s));
                    s.unprobe(l, sq);
                    if !fits || !legal_after(t, &mut s, Move::drop(k, sq), split) {
                        continue;
                    }
                    let ok: Vec<Move> = choices
                        .into_iter()
                        .filter(|&m| legal_after(t, &mut s, m, split))
                        .collect();
                    if ok.is_empty() {
                        cands.push(Move::drop(k, sq));
                    }
                    cands.extend(ok);
                    if !stop {
                        cands.extend(
                            local
                                .into_iter()
                                .filter(|&m| legal_after(t, &mut s, m, split)),
                        );
                    }
                }
                if let Some(form) = drops.promoted_form(k) {
                    let man = Man::new(form, me, b.forward[me]);
                    for sq in empty {
                        s.probe(l, sq, man);
                        let fits = drops.fits(b, &s, k, me, sq);
                        s.unprobe(l, sq);
                        let mv = Move::drop_promoted(k, sq);
                        if fits && legal_after(t, &mut s, mv, split) {
                            cands.push(mv);
                        }
                    }
                }
            }
        }
        if let (Some(sw), true) = (&r.swaps, allows(ActionKind::Power)) {
            let own = s.by_player[me as usize];
            for (a, bk, uses) in sw.powers() {
                if sw.used_by(&s, me) >= uses {
                    continue;
                }
                for sa in own & kind_bb(b, &s, a) {
                    for sb in own & kind_bb(b, &s, bk) {
                        if sa != sb && legal_after(t, &mut s, Move::swap(sa, sb), split) {
                            cands.push(Move::swap(sa, sb));
                        }
                    }
                }
            }
        }
        let mut all: Vec<Move> = out.iter().copied().chain(cands).collect();
        if all.is_empty() && r.passing.is_some_and(|p| p.when_stuck) {
            all.push(Move::Pass);
        }
        sorted_moves(all)
    }
}

/// The moves of two steps (`lion`), each made whole and tested (and, under
/// `lion trading`, judged as the capture probe judges it).
fn lion_moves<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    ln: &crate::engine::rules::lion::Lion,
    split: bool,
    out: &mut MoveList,
) {
    let mut cands = Vec::new();
    ln.candidates(&t.base, s, s.turn, &mut |mv| cands.push(mv));
    for mv in cands {
        if super::probe::lion_legal(t, s, mv, split) {
            out.push(mv);
        }
    }
}
