//! `perpetual chase N` (the Asian rules of chasing, Fairy-Stockfish's
//! `chasingRule = axf`): which enemy men an action chased, and who chased
//! the same man with every action while a position repeated.
//!
//! Nothing is kept per ply: the chases are worked out only when a position
//! has occurred N times, by replaying the game's record over that window
//! on a copy of the position. A variant without the rule, and every
//! position that has not repeated N times, pays nothing. See
//! docs/LANGUAGE.md `perpetual chase` for the exact semantics.

use super::act;
use super::checked::{with_pos, Position, Undo};
use super::make;
use super::movegen::gen_legal;
use crate::engine::core::{Bits, Move, MoveList, PlayerSet, Square, State};
use crate::engine::tables::Compiled;
use crate::ir::{Chase, PlayerId};

/// A threat: the man on `from` has a legal capture `mv` of the man on `to`.
#[derive(Clone, Copy)]
struct Threat {
    from: Square,
    to: Square,
    mv: Move,
}

/// The rule, read for the kinds: whether a kind chases, its rank.
struct Reading<'a> {
    rule: &'a Chase,
}

impl Reading<'_> {
    fn chases<B: Bits>(&self, t: &Compiled<B>, kind: u8) -> bool {
        if self.rule.by.is_empty() {
            !t.base.is_royal(kind)
        } else {
            self.rule.by.contains(&kind)
        }
    }

    /// The rank of a kind (1 the lowest), 0 when unranked.
    fn rank(&self, kind: u8) -> usize {
        self.rule
            .ranks
            .iter()
            .position(|g| g.contains(&kind))
            .map_or(0, |i| i + 1)
    }

    /// Whether `p`'s man of `kind` on `sq` is never chased.
    fn spared<B: Bits>(&self, t: &Compiled<B>, kind: u8, p: PlayerId, sq: Square) -> bool {
        t.base.is_royal(kind)
            || self
                .rule
                .ignoring
                .iter()
                .any(|&(k, r)| k == kind && r.is_none_or(|r| t.base.region(r, p).contains(sq)))
    }
}

/// The legal captures of player `q` in `s` (as if `q` were to act) of men
/// of other players, by men of kinds that chase.
fn threats<B: Bits>(
    t: &Compiled<B>,
    s: &State<B>,
    q: PlayerId,
    r: &Reading,
    list: &mut MoveList,
) -> Vec<Threat> {
    let mut s = s.scratch();
    s.set_turn(&t.base.layout, q);
    list.clear();
    gen_legal(t, &mut s, list);
    let mut out = Vec::new();
    for &mv in list.iter() {
        if matches!(mv, Move::EnPassant { .. }) {
            continue;
        }
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            continue;
        };
        if from == to || s.walls.contains(to) {
            continue;
        }
        let (a, m) = (s.at(from), s.at(to));
        if a.is_empty() || m.is_empty() || m.owner() == q || !r.chases(t, a.kind()) {
            continue;
        }
        if !out.iter().any(|x: &Threat| x.from == from && x.to == to) {
            out.push(Threat { from, to, mv });
        }
    }
    out
}

/// Whether `x` stands on the straight line (rank, file or diagonal)
/// through `f` and `a`.
fn on_line<B: Bits>(t: &Compiled<B>, f: Square, a: Square, x: Square) -> bool {
    let g = &t.base.geo;
    let ((fx, fy), (ax, ay), (xx, xy)) = (g.coords(f), g.coords(a), g.coords(x));
    let (dx, dy) = (ax - fx, ay - fy);
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    straight && dx * (xy - ay) == dy * (xx - ax)
}

/// The men of the player to act in `after` that the last action `mv`, by
/// player `q` from `before` (where `q` was to act), chased.
fn chased<B: Bits>(
    t: &Compiled<B>,
    before: &State<B>,
    mv: Move,
    after: &State<B>,
    q: PlayerId,
    r: &Reading,
) -> Vec<Square> {
    let mut list = MoveList::new();
    let p = after.turn;
    if p == q {
        return Vec::new();
    }
    let old = threats(t, before, q, r, &mut list);
    let new = threats(t, after, q, r, &mut list);
    let had = |a: Square, x: Square| old.iter().any(|o| o.from == a && o.to == x);
    let (from, to) = (mv.from(), mv.to());
    // The replies of the player to act, found once.
    let mut replies: Option<MoveList> = None;
    let mut out = Vec::new();
    for th in new {
        let (a, x) = (th.from, th.to);
        let (att, man) = (after.at(a), after.at(x));
        if man.owner() != p || r.spared(t, man.kind(), p, x) || out.contains(&x) {
            continue;
        }
        // Only a new threat: for the man that moved, one along the line
        // it moved on that it made from its old square is not new.
        let fresh = match (from, to) {
            (Some(f), Some(dest)) if dest == a && f != a => !(on_line(t, f, a, x) && had(f, x)),
            _ => !had(a, x),
        };
        if !fresh {
            continue;
        }
        let (ra, rm) = (r.rank(att.kind()), r.rank(man.kind()));
        if ra > 0 && rm > ra {
            out.push(x);
            continue;
        }
        // A mutual attack: the man of the same kind may take back first.
        let replies = replies.get_or_insert_with(|| {
            let mut l = MoveList::new();
            gen_legal(t, &mut after.scratch(), &mut l);
            l
        });
        if man.kind() == att.kind()
            && replies
                .iter()
                .any(|m| m.from() == Some(x) && m.to() == Some(a))
        {
            continue;
        }
        // Protected: after the capture, a legal move takes on its square.
        let mut s = after.scratch();
        s.set_turn(&t.base.layout, q);
        make::make(t, &mut s, th.mv);
        if s.turn != p {
            continue;
        }
        let mut l = MoveList::new();
        gen_legal(t, &mut s, &mut l);
        if !l.iter().any(|m| m.to() == Some(x)) {
            out.push(x);
        }
    }
    out
}

/// The players who chased, with every action of theirs in `played` (the
/// last plies of the game, each with who made it), the same man of the
/// other player, followed back through that man's own moves.
fn fold(plies: &[(PlayerId, Move, Vec<Square>)]) -> PlayerSet {
    let mut out = PlayerSet::EMPTY;
    let movers: Vec<PlayerId> = plies.iter().map(|p| p.0).collect();
    for &q in &movers {
        if out.contains(q) {
            continue;
        }
        let mut set: Option<Vec<Square>> = None;
        for (mover, mv, chased) in plies.iter().rev() {
            if *mover == q {
                set = Some(match set {
                    None => chased.clone(),
                    Some(s) => s.into_iter().filter(|x| chased.contains(x)).collect(),
                });
            } else if let (Some(s), Some(f), Some(t)) = (set.as_mut(), mv.from(), mv.to()) {
                // The chased man came to `t` from `f`.
                for x in s.iter_mut() {
                    if *x == t {
                        *x = f;
                    }
                }
            }
            if set.as_ref().is_some_and(|s| s.is_empty()) {
                break;
            }
        }
        if set.is_some_and(|s| !s.is_empty()) {
            out.insert(q);
        }
    }
    out
}

/// The players who chased with every action of theirs in the last plies
/// of a game: `pos` is the position now, `played` the whole record
/// (move, undo) and `start` the first ply of the window. As in
/// Fairy-Stockfish's repetition test, the player who made the last ply
/// must also have chased with the ply before the window (the one that
/// arrived at its first position), when the record has it.
pub(super) fn chasers(
    pos: &Position,
    played: &[(Move, Undo)],
    start: usize,
    rule: &Chase,
) -> PlayerSet {
    if start >= played.len() {
        return PlayerSet::EMPTY;
    }
    let from = start.saturating_sub(1);
    let r = Reading { rule };
    let mut copy = pos.clone();
    copy.unmake(played[from].0, played[from].1);
    with_pos!(&mut copy.inner, c, s => {
        let mut plies = Vec::with_capacity(played.len() - from);
        for &(mv, _) in &played[from..] {
            let q = s.turn;
            let before = s.scratch();
            act::make_action(c, s, mv);
            let ch = chased(c, &before, mv, s, q, &r);
            plies.push((q, mv, ch));
        }
        // The arrival counts for the last mover only.
        let last = plies.last().map(|p| p.0);
        if from < start && Some(plies[0].0) != last {
            plies.remove(0);
        }
        fold(&plies)
    })
}
