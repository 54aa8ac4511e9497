//! Trying actions that may be illegal, for explanations
//! (the explain layer) and move diagrams: the candidate board moves
//! before constraints, guards and filters; what a candidate breaks; a
//! placement condition evaluated on a square; where a lone man reaches.
//!
//! Off the hot path: nothing here is called by generation, make or perft;
//! each function works on a copy of the state and may cost a full make.

use super::checked::{with_pos, Position};
use super::make::make;
use super::movegen;
use crate::engine::core::{Bits, Bitset, Man, Move, MoveList, Square, State};
use crate::engine::movement::{
    attackers_of, enemies, royal_attacked_in, royal_attackers, royals, targets_of, Ctx,
};
use crate::engine::rules::constraint::gives_check_in;
use crate::engine::rules::pred::{eval, CPred};
use crate::engine::rules::{connectivity, explosion, limit_box};
use crate::engine::tables::Compiled;
use crate::ir::{Dir, PieceId, PlayerId, Pred};
use std::sync::Arc;

/// Why `lion trading` bars an action (see [`Position::lion_trade_refusal`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LionRefusal {
    /// A lion was just taken by a non-lion: no non-lion takes a lion now.
    Barred,
    /// `counter unprotected`: a lion was just taken by a non-lion, and a
    /// non-lion takes a protected lion now: the square the move lands
    /// on, and the men that attack it once the move is made.
    CounterProtected { square: Square, by: Vec<Square> },
    /// A lion takes a protected lion from afar: the lion's square, and
    /// the men that attack it once the move is made.
    Protected { square: Square, by: Vec<Square> },
}

/// A constraint that an action breaks (see [`Position::broken_by`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// A royal man of the actor stands attacked after the action: its
    /// square then, and the squares of the men attacking it.
    RoyalAttacked { royal: Square, by: Vec<Square> },
    /// The capture's explosion takes a royal man of the actor with it.
    RoyalExploded,
    /// `mutually immune`: the man may not capture a man of its own kind.
    MutuallyImmune,
    /// `no checks`: a royal man of another side is left attacked (its
    /// square).
    GivesCheck { royal: Square },
    /// `facing PIECE: illegal`: two such men would face each other.
    Facing,
    /// The men would no longer fit the limit box of an unbounded board.
    LimitBox,
    /// The men would no longer form one group (`always connected`).
    Disconnected,
    /// `turn royal safe at end`, an action before its turn's last: the
    /// actor would then have no action that finishes the turn legally.
    /// A royal man of the actor attacked after the action, and the squares
    /// of its attackers, where one is.
    NoSafeFinish {
        royal: Option<Square>,
        by: Vec<Square>,
    },
    /// `turn royal safe at end`, a turn's last action: the next player
    /// could take a royal man of the actor in its turn, by `line` (one
    /// action, or two, made in turn from the position after the action).
    RoyalThreatened { royal: Square, line: Vec<Move> },
}

impl Position {
    /// The board moves (en passant and castling included, and moves of
    /// two steps) that the men of
    /// the player to act have by their atoms, before any constraint, guard
    /// or filter: a superset of the legal board moves.
    pub fn candidate_moves(&self) -> Vec<Move> {
        with_pos!(&self.inner, c, s => {
            let mut s = s.scratch();
            let mut ctx = Ctx::new(&c.base, &s, s.turn, c.rules.captures.any());
            ctx.ep = c.rules.en_passant.is_some();
            let mut out = MoveList::new();
            movegen::gen_pseudo(c, &s, &ctx, &mut out);
            movegen::gen_special(c, &mut s, &ctx, None, &mut out);
            if let Some(st) = c.base.strikes.as_deref() {
                // The long leaper's leaps and the imitator's captures.
                crate::engine::rules::strike::add_moves(&c.base, st, &s, s.turn, &mut out);
            }
            if let Some(ln) = c.rules.lion.as_deref() {
                // Moves of two steps (`lion`).
                ln.candidates(&c.base, &s, s.turn, &mut |m| out.push(m));
            }
            out.iter().copied().collect()
        })
    }

    /// The squares of the men a board move takes besides the man on its
    /// destination: by approach, withdrawal, leaping, coordination,
    /// custody or imitation (`captures by ...`); empty in a variant
    /// without them. Read by the search's move ordering and exchange
    /// evaluation, never by generation or make.
    pub fn takes_besides(&self, mv: Move) -> Vec<Square> {
        with_pos!(&self.inner, c, s => {
            let (Some(st), Some(from), Some(to)) = (c.base.strikes.as_deref(), mv.from(), mv.to()) else {
                return Vec::new();
            };
            let man = s.at(from);
            if man.is_empty() || !st.strikes(man) || !matches!(mv, Move::Normal { .. } | Move::Lame { .. }) {
                return Vec::new();
            }
            let friends = crate::engine::movement::friends_bb(&c.base, s, man.owner());
            let displaced = s.occ.contains(to) && !friends.contains(to) && !s.walls.contains(to);
            let v = crate::engine::movement::strike::View::before(&c.base, s, man, s.occ, from, to, displaced);
            crate::engine::movement::strike::victims(&c.base, s, st, &v).into_iter().collect()
        })
    }

    /// Where the man on `sq` is immobilised (`immobilises`): the square of
    /// an enemy immobiliser next to it (or, for an immobiliser, of an
    /// enemy imitator next to it); `None` when it is free.
    pub fn immobilised_by(&self, sq: Square) -> Option<Square> {
        with_pos!(&self.inner, c, s => {
            let st = c.base.strikes.as_deref()?;
            let man = s.at(sq);
            let mine = s.by_player[man.owner() as usize];
            if man.is_empty() || !crate::engine::movement::strike::frozen(&c.base, s, st, mine).contains(sq) {
                return None;
            }
            let friends = crate::engine::movement::friends_bb(&c.base, s, man.owner());
            (st.near[sq.index()] & s.occ & !friends).into_iter().find(|&q| {
                let k = s.at(q).kind();
                st.immobilisers.contains(k)
                    || (st.imitation.contains(k) && st.immobilisers.contains(man.kind()))
            })
        })
    }

    /// The constraints a candidate action of the player to act breaks
    /// (made on a copy, tested one by one; empty when it breaks none).
    pub fn broken_by(&self, mv: Move) -> Vec<Broken> {
        with_pos!(&self.inner, c, s => broken(c, &mut s.scratch(), mv))
    }

    /// Whether board moves are open to the player to act now (`actions
    /// move` and `move requires`).
    pub fn board_moves_allowed(&self) -> bool {
        with_pos!(&self.inner, c, s => c.rules.board_moves.allowed(&c.base, s, s.turn))
    }

    /// Whether `pred`, a condition of the variant, holds for a man of
    /// `kind` of the player to act put on the empty square `sq` (the
    /// subject), as a placement condition is tested. `false` when `sq` is
    /// not empty.
    pub fn holds_for_placement(&self, pred: &Pred, kind: PieceId, sq: Square) -> bool {
        with_pos!(&self.inner, c, s => {
            let b = &c.base;
            let mut s = s.scratch();
            if sq.index() >= b.nsq || !s.at(sq).is_empty() || s.walls.contains(sq) {
                return false;
            }
            let me = s.turn;
            let cp = CPred::new(b, pred);
            s.probe(&b.layout, sq, Man::new(kind, me, b.forward[me]));
            eval(b, &s, &cp, me, Some(sq), Some(sq))
        })
    }

    /// Whether `pred`, a condition of `move ... where`, holds for the
    /// action `mv` of the player to act (true for an action that is no
    /// board move).
    pub fn holds_for_move(&self, pred: &Pred, mv: Move) -> bool {
        with_pos!(&self.inner, c, s => {
            let mut s = s.scratch();
            let cond = crate::engine::rules::move_where::KindCond::of_pred(&c.base, pred);
            movegen::cond_holds(c, &mut s, &cond, mv)
        })
    }

    /// Under `turn checks last only`, before the turn's last action: the
    /// square of a royal man of another side that the action `mv` would
    /// leave attacked (`None` when it leaves none, or the rule does not
    /// apply now).
    pub fn check_before_last_action(&self, mv: Move) -> Option<Square> {
        with_pos!(&self.inner, c, s => {
            let tr = c.rules.turns.as_ref()?;
            if !tr.plan.checks_last_only || !tr.mid_turn(s) {
                return None;
            }
            let mut s = s.scratch();
            let me = s.turn;
            let mark = make(c, &mut s, mv);
            let royal = checked_royal(&c.base, &s, me);
            s.rewind(&c.base.layout, mark);
            royal
        })
    }

    /// On a board in layers: where the pass after `mv` is barred, as the
    /// square a man of it reaches and the square of the next layer it
    /// would pass to (`None` where that is no square: see the layers' rule,
    /// `engine::rules::layers`); `None` on a flat board or when every pass
    /// is open.
    pub fn barred_layer_pass(&self, mv: Move) -> Option<(Square, Option<Square>)> {
        with_pos!(&self.inner, c, s => c.rules.layers.as_ref()?.barred_pass(s, mv))
    }

    /// Under `captures reborn capturer`, the capturer's rebirth square
    /// that bars the capture `mv` because a man stands there (`None` when
    /// nothing bars it, or the variant has no such rule).
    pub fn barred_rebirth(&self, mv: Move) -> Option<Square> {
        with_pos!(&self.inner, c, s => c.rules.rebirth?.taken_square(&c.base, s, mv))
    }

    /// Whether a placement of `kind` on `sq` leaves the room `place keeps
    /// room for PIECE in REGION` asks for.
    pub fn placement_leaves_room(&self, kind: PieceId, sq: Square) -> bool {
        with_pos!(&self.inner, c, s => c
            .rules
            .drops
            .as_ref()
            .is_none_or(|d| d.leaves_room(&c.base, s, kind, s.turn, sq)))
    }

    /// Under `lion trading`, why the candidate `mv` of the player to act
    /// is barred (`None` when it is not, or the variant has no such rule).
    pub fn lion_trade_refusal(&self, mv: Move) -> Option<LionRefusal> {
        use crate::engine::rules::lion_trade::Verdict;
        with_pos!(&self.inner, c, s => {
            let lt = c.rules.lion_trade.as_deref()?;
            let verdict = lt.judge(&c.base, s, mv);
            match verdict {
                Verdict::Free => None,
                Verdict::Barred => Some(LionRefusal::Barred),
                Verdict::UnlessSafe(square) | Verdict::CounterUnlessSafe(square) => {
                    let b = &c.base;
                    let mut s = s.scratch();
                    let mark = make(c, &mut s, mv);
                    let next = crate::engine::movement::friends_bb(b, &s, s.turn);
                    let by: Vec<Square> =
                        attackers_of(b, &s, square, next).into_iter().collect();
                    s.rewind(&b.layout, mark);
                    (!by.is_empty()).then_some(match verdict {
                        Verdict::CounterUnlessSafe(_) => LionRefusal::CounterProtected { square, by },
                        _ => LionRefusal::Protected { square, by },
                    })
                }
            }
        })
    }

    /// The men of players who are not `p`'s friends that attack `sq`.
    pub fn enemy_attackers(&self, sq: Square, p: PlayerId) -> Bitset {
        with_pos!(&self.inner, c, s => {
            if sq.index() >= c.base.nsq {
                return Bitset::EMPTY;
            }
            attackers_of(&c.base, s, sq, enemies(&c.base, s, p)).widen()
        })
    }
}

/// A lone man for [`lone_reach`]: what stands on the board besides it.
#[derive(Clone, Debug, Default)]
pub struct Surroundings {
    /// Men of the mover's side (hurdles, blockers).
    pub own: Vec<Square>,
    /// An enemy man to capture, and its kind.
    pub enemy: Option<(Square, PieceId)>,
}

/// The squares a man of `kind` of player `owner` (facing `facing`) on
/// `from` moves or captures to, alone on the board but for `around`, as
/// its atoms give them (no castling, en passant or constraint); with
/// `unmoved`, as a man that has never moved. `None` when such a board is
/// not a position of the variant (a man outside an unbounded board's
/// limit, say).
#[allow(clippy::too_many_arguments)]
pub fn lone_reach(
    tables: &Arc<crate::engine::Tables>,
    kind: PieceId,
    owner: PlayerId,
    facing: Dir,
    from: Square,
    unmoved: bool,
    around: &Surroundings,
) -> Option<Bitset> {
    let start = Position::start(tables.clone()).ok()?;
    let mut raw = start.to_raw();
    let nplayers = tables.players();
    let man = |at, kind, owner, facing| super::RawMan {
        at,
        kind,
        owner,
        facing,
        unmoved,
        promoted: false,
    };
    raw.men = vec![man(from, kind, owner, facing)];
    for &sq in &around.own {
        raw.men.push(man(sq, kind, owner, facing));
    }
    if let Some((sq, k)) = around.enemy {
        let enemy = (0..nplayers as PlayerId).find(|&q| !tables.is_friend(owner, q))?;
        let dir = tables.variant().players[enemy as usize].forward;
        raw.men.push(man(sq, k, enemy, dir));
    }
    raw.walls.clear();
    raw.en_passant.clear();
    raw.turn = owner;
    raw.alive = ((1u16 << nplayers) - 1) as u8;
    raw.ply = 1;
    let pos = Position::from_raw(tables.clone(), raw).ok()?;
    // (An unbounded board recentres the men: squares are mapped through
    // their coordinates.)
    let here = pos.square_at(start.coord(from))?;
    let reach: Bitset = with_pos!(&pos.inner, c, s => {
        let ctx = Ctx::new(&c.base, s, owner, c.rules.captures.any());
        targets_of(&c.base, s, &ctx, here, s.at(here), false).widen()
    });
    Some(
        reach
            .into_iter()
            .filter_map(|t| start.square_at(pos.coord(t)))
            .collect(),
    )
}

/// A royal man of a side not `me`'s that `me`'s side attacks.
fn checked_royal<B: Bits>(
    b: &crate::engine::compile::Base<B>,
    s: &State<B>,
    me: PlayerId,
) -> Option<Square> {
    let side = crate::engine::movement::friends_bb(b, s, me) & s.occ;
    s.alive
        .iter()
        .filter(|&q| !b.is_friend(me, q))
        .flat_map(|q| royals(b, s, q))
        .find(|&k| attackers_of(b, s, k, side).any())
}

fn broken<B: Bits>(t: &Compiled<B>, s: &mut State<B>, mv: Move) -> Vec<Broken> {
    let (b, r) = (&t.base, &t.rules);
    let me = s.turn;
    let mut out = Vec::new();
    let victim = match mv {
        Move::EnPassant { victim, .. } => Some(victim),
        Move::Normal { to, .. } | Move::Lame { to, .. } => Some(to),
        _ => None,
    };
    if let (Some(from), Some(v)) = (mv.from(), victim) {
        if !s.at(v).is_empty() && explosion::immune_pair(r.mutually_immune, s.at(from), s.at(v)) {
            out.push(Broken::MutuallyImmune);
        }
    }
    let split = !r.constraints.connected.is_empty() && !r.constraints.invariants_hold(b, s);
    let own_before = royals(b, s, me).count();
    let enemy_before: u32 = s
        .alive
        .iter()
        .filter(|&q| !b.is_friend(me, q))
        .map(|q| royals(b, s, q).count())
        .sum();
    let safe_end = r.turns.as_ref().filter(|tr| tr.plan.royal_safe_at_end);
    let mid_turn = safe_end.is_some_and(|tr| tr.left(s) > 1);
    let mark = make(t, s, mv);
    let occ = s.occ;
    let enemy_after: u32 = s
        .alive
        .iter()
        .filter(|&q| !b.is_friend(me, q))
        .map(|q| royals(b, s, q).count())
        .sum();
    if royals(b, s, me).count() < own_before {
        out.push(Broken::RoyalExploded);
    } else if mid_turn {
        if s.turn == me && !movegen::has_legal(t, s) {
            let enemy = enemies(b, s, me);
            let attacked = royals(b, s, me)
                .into_iter()
                .map(|k| (k, royal_attackers(b, s, k, enemy, s.occ)))
                .find(|(_, by)| by.any());
            out.push(Broken::NoSafeFinish {
                royal: attacked.map(|(k, _)| k),
                by: attacked.map_or_else(Vec::new, |(_, by)| by.into_iter().collect()),
            });
        }
    } else if enemy_after == enemy_before && royal_attacked_in(b, s, me, occ) {
        let enemy = enemies(b, s, me);
        for royal in royals(b, s, me) {
            let by: Vec<Square> = royal_attackers(b, s, royal, enemy, s.occ)
                .into_iter()
                .collect();
            if !by.is_empty() {
                out.push(Broken::RoyalAttacked { royal, by });
            }
        }
    }
    if let Some(tr) = safe_end.filter(|_| out.is_empty() && s.turn != me) {
        let n = tr.left(s);
        if let Some(line) = super::turn_end::threat_line(t, s, me, n) {
            let royal = line.last().and_then(|m| match *m {
                Move::EnPassant { victim, .. } => Some(victim),
                m => m.to(),
            });
            if let Some(royal) = royal {
                out.push(Broken::RoyalThreatened { royal, line });
            }
        }
    }
    if r.constraints.no_checks && gives_check_in(b, s, me, occ) {
        if let Some(royal) = checked_royal(b, s, me) {
            out.push(Broken::GivesCheck { royal });
        }
    }
    if r.constraints
        .facing
        .as_ref()
        .is_some_and(|f| f.faces(b, s, me, occ))
    {
        out.push(Broken::Facing);
    }
    if r.constraints.limit && !limit_box::fits_set(b, occ) {
        out.push(Broken::LimitBox);
    }
    if !split && !connectivity::holds(b, s, &r.constraints.connected, occ) {
        out.push(Broken::Disconnected);
    }
    s.rewind(&b.layout, mark);
    out
}
