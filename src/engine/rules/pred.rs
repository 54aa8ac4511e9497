//! The predicate language of the rule files (placements, guards, follow-ups,
//! jokers), compiled once into bitset tests. This is the engine's only
//! evaluator of predicates.

use super::enclose::Lines;
use super::{limit_box, surround};
use crate::engine::compile::Base;
use crate::engine::core::{Bits, ByPlayer, Man, Square, State};
use crate::engine::movement::{attack_set, attacked, friends_bb, kind_bb};
use crate::ir::{PieceId, PlayerId, Pred, Selector, Who};

/// A compiled selector: whose men, of which kind.
#[derive(Clone, Copy, Debug)]
pub struct Sel {
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
pub enum CPred<B: Bits> {
    True,
    Not(Box<CPred<B>>),
    And(Vec<CPred<B>>),
    Or(Vec<CPred<B>>),
    /// The region's squares as each player sees them.
    In(ByPlayer<B>),
    Touching(Sel),
    Beside(Sel),
    Attacked,
    Attacks(Sel),
    Is(Sel),
    IsSelf,
    Surrounded,
    DistinctColour,
    InPlay(Sel),
    /// At least this many other men of the selector on the subject's file;
    /// per square, the squares of its file.
    SameFile(Sel, u32, Box<[B]>),
    /// Per `kind * 4 + facing`: the squares where such a man has no move
    /// on an empty board.
    Immobile(Box<[B]>),
    /// `encloses(SEL)`, with the board's lines as sets where it has them
    /// (see [`Lines`]).
    Encloses(Sel, Option<Box<Lines<B>>>),
    /// `filled REGION`: the region's squares as each player sees them.
    Filled(ByPlayer<B>),
    /// `check`: after the action, a royal of another side is attacked by
    /// the actor's side.
    Check,
    /// `mate` (decided by the move conditions' filter, which can ask for
    /// the next player's legal actions; false elsewhere).
    Mate,
    /// A move-shape atom (`capture`, `crosses grid`, `guarded`): decided by
    /// the move conditions' filter from the move; false elsewhere.
    Shape(crate::engine::compile::move_shape::ShapeTest),
}

impl<B: Bits> CPred<B> {
    pub fn new(t: &Base<B>, p: &Pred) -> CPred<B> {
        let c = |q: &Pred| CPred::new(t, q);
        match p {
            Pred::True => CPred::True,
            Pred::Not(q) => CPred::Not(Box::new(c(q))),
            Pred::And(qs) => CPred::And(qs.iter().map(c).collect()),
            Pred::Or(qs) => CPred::Or(qs.iter().map(c).collect()),
            Pred::In(r) => CPred::In(
                t.regions
                    .get(*r as usize)
                    .copied()
                    .unwrap_or(ByPlayer::splat(B::EMPTY)),
            ),
            Pred::Touching(s) => CPred::Touching(s.into()),
            Pred::Beside(s) => CPred::Beside(s.into()),
            Pred::Attacked => CPred::Attacked,
            Pred::Attacks(s) => CPred::Attacks(s.into()),
            Pred::Is(s) => CPred::Is(s.into()),
            Pred::IsSelf => CPred::IsSelf,
            Pred::Surrounded => CPred::Surrounded,
            Pred::DistinctColour => CPred::DistinctColour,
            Pred::InPlay(s) => CPred::InPlay(s.into()),
            Pred::SameFile { men, at_least } => {
                let geo = &t.geo;
                let files = (0..geo.len())
                    .map(|i| {
                        let x = geo.coords(Square::new(i)).0;
                        geo.squares().filter(|&q| geo.coords(q).0 == x).collect()
                    })
                    .collect();
                CPred::SameFile(men.into(), *at_least, files)
            }
            Pred::Encloses(s) => CPred::Encloses(s.into(), Lines::new(t).map(Box::new)),
            Pred::Filled(r) => CPred::Filled(
                t.regions
                    .get(*r as usize)
                    .copied()
                    .unwrap_or(ByPlayer::splat(B::EMPTY)),
            ),
            Pred::Check => CPred::Check,
            Pred::Mate => CPred::Mate,
            Pred::Capture | Pred::CrossesGrid { .. } | Pred::Guarded => CPred::Shape(
                crate::engine::compile::move_shape::ShapeTest::new(&t.geo, p)
                    .expect("a move atom is a move-shape test"),
            ),
            Pred::Immobile => CPred::Immobile(
                (0..t.nkinds * 4)
                    .map(|i| {
                        super::promotion::dead_squares(
                            t,
                            (i / 4) as PieceId,
                            crate::ir::Dir::from_index(i % 4),
                        )
                    })
                    .collect(),
            ),
        }
    }

    /// The set of squares where the predicate holds whatever the position,
    /// when it does not depend on the position (`None` otherwise).
    pub fn static_squares(&self, t: &Base<B>, p: PlayerId) -> Option<B> {
        let real = t.real;
        Some(match self {
            CPred::True => real,
            CPred::In(per) => per[p],
            CPred::Not(q) => real & !q.static_squares(t, p)?,
            CPred::And(qs) => {
                let mut b = real;
                for q in qs {
                    b &= q.static_squares(t, p)?;
                }
                b
            }
            CPred::Or(qs) => {
                let mut b = B::EMPTY;
                for q in qs {
                    b |= q.static_squares(t, p)?;
                }
                b
            }
            _ => return None,
        })
    }

    /// For a man `placed` (of its owner, with its facing) put on a square
    /// with it as subject: the squares where the predicate can hold in
    /// some position, and whether it holds there in every position (the
    /// set is then exact). Atoms that depend on the position count as
    /// true everywhere (not exact); `in REGION`, `immobile`, `is` and
    /// `self` are read as [`eval_set`] reads them.
    pub fn placement_bound(&self, t: &Base<B>, placed: Man) -> (B, bool) {
        let real = t.real;
        match self {
            CPred::True | CPred::IsSelf => (real, true),
            CPred::In(per) => (per[placed.owner()], true),
            CPred::Immobile(dead) => (
                dead.get(placed.kind() as usize * 4 + placed.facing().index())
                    .copied()
                    .unwrap_or(B::EMPTY),
                true,
            ),
            CPred::Is(sel) => {
                let kind_ok = sel.piece.is_none_or(|k| k == placed.kind());
                let who_ok = !matches!(sel.who, Who::Enemy);
                (if kind_ok && who_ok { real } else { B::EMPTY }, true)
            }
            CPred::Mate | CPred::Shape(_) => (B::EMPTY, true),
            CPred::Not(q) => match q.placement_bound(t, placed) {
                (b, true) => (real & !b, true),
                _ => (real, false),
            },
            CPred::And(qs) => qs.iter().fold((real, true), |(b, x), q| {
                let (c, y) = q.placement_bound(t, placed);
                (b & c, x && y)
            }),
            CPred::Or(qs) => qs.iter().fold((B::EMPTY, true), |(b, x), q| {
                let (c, y) = q.placement_bound(t, placed);
                (b | c, x && y)
            }),
            _ => (real, false),
        }
    }

    /// Whether the predicate is `true` itself.
    pub fn is_true(&self) -> bool {
        matches!(self, CPred::True)
    }
}

/// The men a selector matches, relative to the acting player.
#[inline]
pub fn sel_bb<B: Bits>(t: &Base<B>, s: &State<B>, sel: Sel, actor: PlayerId) -> B {
    let mut b = match sel.who {
        Who::Own => s.by_player[actor as usize],
        Who::Friend => friends_bb(t, s, actor),
        Who::Enemy => s.occ & !(friends_bb(t, s, actor) | s.walls),
        Who::Any => s.occ,
    };
    if let Some(k) = sel.piece {
        b &= kind_bb(t, s, k);
    }
    b
}

/// Evaluate a predicate for the acting player. `subject` is the square it
/// speaks about (the square a man is placed on, or a candidate man; `None`
/// for guards on the player, where atoms about a square are false);
/// `this` is the man just placed or moved (for `self`).
pub fn eval<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    p: &CPred<B>,
    actor: PlayerId,
    subject: Option<Square>,
    this: Option<Square>,
) -> bool {
    match p {
        CPred::True => true,
        CPred::Not(q) => !eval(t, s, q, actor, subject, this),
        CPred::And(qs) => qs.iter().all(|q| eval(t, s, q, actor, subject, this)),
        CPred::Or(qs) => qs.iter().any(|q| eval(t, s, q, actor, subject, this)),
        CPred::InPlay(sel) => sel_bb(t, s, *sel, actor).any(),
        CPred::Filled(per) => (per[actor] & t.real & !s.occ).is_empty(),
        CPred::Check => super::constraint::gives_check_in(t, s, actor, s.occ),
        CPred::Mate | CPred::Shape(_) => false,
        atom => subject.is_some_and(|sq| eval_at(t, s, atom, actor, sq, this)),
    }
}

/// An atom of the language about the square `sq`.
fn eval_at<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    p: &CPred<B>,
    actor: PlayerId,
    sq: Square,
    this: Option<Square>,
) -> bool {
    match p {
        CPred::In(per) => per[actor].contains(sq),
        CPred::Touching(sel) => (t.graph.neighbours8(sq) & sel_bb(t, s, *sel, actor)).any(),
        CPred::Beside(sel) => (t.graph.neighbours4(sq) & sel_bb(t, s, *sel, actor)).any(),
        CPred::Attacked => {
            let enemy = s.occ & !(friends_bb(t, s, actor) | s.walls);
            attacked(t, s, sq, enemy, s.occ)
        }
        CPred::Attacks(sel) => {
            let man = s.at(sq);
            !man.is_empty() && (attack_set(t, s, sq, man, s.occ) & sel_bb(t, s, *sel, actor)).any()
        }
        CPred::Is(sel) => sel_bb(t, s, *sel, actor).contains(sq),
        CPred::IsSelf => Some(sq) == this,
        CPred::Surrounded => surround::is_surrounded(t, s, sq, limit_box::window(t, s.occ)),
        CPred::SameFile(sel, n, files) => {
            let mut b = files[sq.index()] & sel_bb(t, s, *sel, actor);
            b.remove(sq);
            b.count() >= *n
        }
        CPred::Immobile(dead) => {
            let man = s.at(sq);
            !man.is_empty() && dead[man.kind() as usize * 4 + man.facing().index()].contains(sq)
        }
        CPred::DistinctColour => {
            let man = s.at(sq);
            if man.is_empty() {
                return false;
            }
            let dark = t.dark;
            let mut same = kind_bb(t, s, man.kind()) & s.by_player[man.owner() as usize];
            same.remove(sq);
            if dark.contains(sq) {
                (same & dark).is_empty()
            } else {
                (same & !dark).is_empty()
            }
        }
        CPred::Encloses(sel, _) => {
            let own = s.by_player[actor as usize];
            let run = sel_bb(t, s, *sel, actor) & !own;
            super::enclose::enclosed(t, sq, run, own, true).any()
        }
        // Composite predicates are evaluated by `eval`.
        CPred::True
        | CPred::Not(_)
        | CPred::And(_)
        | CPred::Or(_)
        | CPred::InPlay(_)
        | CPred::Filled(_)
        | CPred::Check
        | CPred::Mate
        | CPred::Shape(_) => eval(t, s, p, actor, Some(sq), this),
    }
}

/// What a set evaluation may compute once and reuse.
#[derive(Default)]
pub struct SetCache<B: Bits> {
    /// The squares the actor's enemies attack.
    attacked: Option<B>,
}

/// The squares where a man `placed` (of the acting player) could be put
/// so that `p` holds with it as subject, all at once: `None` when `p`
/// speaks of something a set cannot say (then each square is evaluated).
///
/// Placing a man on a square does not change whether that square touches
/// or is beside others, is attacked, or attacks a man (lines to or from
/// the square itself are not blocked by its own man), so each atom is a
/// set computed on the position before the placement.
pub fn eval_set<B: Bits>(
    t: &Base<B>,
    s: &State<B>,
    p: &CPred<B>,
    placed: Man,
    cache: &mut SetCache<B>,
) -> Option<B> {
    let actor = placed.owner();
    let real = t.real;
    Some(match p {
        CPred::True | CPred::IsSelf => real,
        CPred::Not(q) => real & !eval_set(t, s, q, placed, cache)?,
        CPred::And(qs) => {
            let mut b = real;
            for q in qs {
                // (Once empty, the rest cannot add a square.)
                if b.is_empty() {
                    break;
                }
                b &= eval_set(t, s, q, placed, cache)?;
            }
            b
        }
        CPred::Or(qs) => {
            let mut b = real & !real;
            for q in qs {
                b |= eval_set(t, s, q, placed, cache)?;
            }
            b
        }
        CPred::In(per) => per[actor],
        CPred::InPlay(sel) => {
            if sel_bb(t, s, *sel, actor).any() {
                real
            } else {
                real & !real
            }
        }
        CPred::Touching(sel) => {
            let mut b = real & !real;
            for x in sel_bb(t, s, *sel, actor) {
                b |= t.graph.neighbours8(x);
            }
            b
        }
        CPred::Beside(sel) => {
            let mut b = real & !real;
            for x in sel_bb(t, s, *sel, actor) {
                b |= t.graph.neighbours4(x);
            }
            b
        }
        CPred::Attacked => *cache.attacked.get_or_insert_with(|| {
            let mut b = real & !real;
            for e in s.occ & !(friends_bb(t, s, actor) | s.walls) {
                b |= attack_set(t, s, e, s.at(e), s.occ);
            }
            b
        }),
        CPred::Attacks(sel) => {
            // Squares from which the placed man attacks a man of `sel`: the
            // squares a man of its kind facing the other way attacks from
            // each of them (exact for leaps and rides, which are symmetric
            // that way; other atoms are evaluated square by square).
            let back = Man::new(placed.kind(), actor, placed.facing().turned(2));
            let pid = t.layout.pid(back);
            if t.groups.unmirrored_pids.contains(&(pid as u8)) {
                return None;
            }
            let mut b = real & !real;
            for x in sel_bb(t, s, *sel, actor) {
                b |= attack_set(t, s, x, back, s.occ);
            }
            b
        }
        CPred::Is(sel) => {
            let kind_ok = sel.piece.is_none_or(|k| k == placed.kind());
            let who_ok = match sel.who {
                Who::Own | Who::Friend | Who::Any => true,
                Who::Enemy => false,
            };
            if kind_ok && who_ok {
                real
            } else {
                real & !real
            }
        }
        CPred::DistinctColour => {
            let dark = t.dark;
            let same = kind_bb(t, s, placed.kind()) & s.by_player[actor as usize];
            let mut b = real;
            if (same & dark).any() {
                b &= !dark;
            }
            if (same & !dark).any() {
                b &= dark;
            }
            b
        }
        CPred::SameFile(sel, n, files) => {
            // The placed man is not on the board yet.
            let mut b = real & !real;
            let men = sel_bb(t, s, *sel, actor);
            for x in men {
                if (files[x.index()] & men).count() >= *n {
                    b |= files[x.index()];
                }
            }
            b
        }
        CPred::Immobile(dead) => dead[placed.kind() as usize * 4 + placed.facing().index()],
        // The region is filled after the placement when no square of it
        // is empty, or only the square the man is put on.
        CPred::Filled(per) => {
            let open = per[actor] & real & !s.occ;
            if open.is_empty() {
                real
            } else if open.more_than_one() {
                real & !real
            } else {
                open
            }
        }
        // The placed man stands on no line from its own square, and is not
        // a man of the run (which leaves out the actor's men): the lines
        // are those before the placement.
        CPred::Encloses(sel, Some(lines)) => {
            let own = s.by_player[actor as usize];
            lines.enclosing(sel_bb(t, s, *sel, actor) & !own, own)
        }
        // The placed man may close a line of its own neighbours; a check
        // is looked for with the man on the board.
        CPred::Surrounded | CPred::Encloses(_, None) | CPred::Check => return None,
        CPred::Mate | CPred::Shape(_) => real & !real,
    })
}
