//! `facing PIECE: illegal` (a constraint): an action may not leave a man
//! of the actor of a listed kind and an enemy man of the same kind on one
//! file or one rank with only empty squares between them.
//!
//! `facing PIECE: must break` (a filter on the legal list): a player to
//! act whose man of a listed kind faces an enemy man of its kind must
//! leave no such facing with every action but a pass; a pass is then
//! legal even with a royal attacked (the pass module records the facing
//! kept, and the goal `facing kept` ends the game on it).

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Square, State};
use crate::engine::movement::{friends_bb, kind_bb};
use crate::ir::{PieceId, PlayerId, Variant};

/// The kinds that may not face their like.
#[derive(Clone, Debug)]
pub struct Facing<B: Bits> {
    kinds: Vec<PieceId>,
    /// Per square: its file and rank in each of the four directions, up
    /// to the edge of the board or the first hole (the squares a man on
    /// it faces along, when they are empty).
    lines: Vec<[B; 4]>,
}

impl<B: Bits> Facing<B> {
    pub fn new(v: &Variant, t: &Base<B>) -> Option<Facing<B>> {
        if v.turn.facing_illegal.is_empty() {
            return None;
        }
        Some(Facing::of(v.turn.facing_illegal.clone(), t))
    }

    /// The kinds of `facing PIECE: must break`.
    pub fn must_break(v: &Variant, t: &Base<B>) -> Option<Facing<B>> {
        if v.turn.facing_must_break.is_empty() {
            return None;
        }
        Some(Facing::of(v.turn.facing_must_break.clone(), t))
    }

    fn of(kinds: Vec<PieceId>, t: &Base<B>) -> Facing<B> {
        let lines = (0..t.nsq)
            .map(|i| {
                let (x, y) = t.geo.coords(Square::new(i));
                [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|(dx, dy)| {
                    let mut line = B::EMPTY;
                    let (mut x, mut y) = (x + dx, y + dy);
                    while let Some(q) = t.geo.grid_square(x, y).filter(|&q| t.real.contains(q)) {
                        line.insert(q);
                        x += dx;
                        y += dy;
                    }
                    line
                })
            })
            .collect();
        Facing { kinds, lines }
    }

    /// The squares whose men, moved away, put down or taken, may make a
    /// man of `me`'s side of a listed kind face an enemy man of its kind
    /// (among the men `occ`): each such man's square, and its file or rank
    /// towards an enemy man of its kind on it (up to the edge or the first
    /// hole).
    pub fn zone(&self, t: &Base<B>, s: &State<B>, me: PlayerId, occ: B) -> B {
        let own = friends_bb(t, s, me) & occ;
        let mut zone = B::EMPTY;
        for &k in &self.kinds {
            let men = kind_bb(t, s, k) & occ;
            let theirs = men & !own;
            for m in men & own {
                zone.insert(m);
                for line in &self.lines[m.index()] {
                    if (*line & theirs).any() {
                        zone |= *line;
                    }
                }
            }
        }
        zone
    }

    /// Whether, among the men `occ`, a man of `me`'s side faces an enemy
    /// man of its kind.
    pub fn faces(&self, t: &Base<B>, s: &State<B>, me: PlayerId, occ: B) -> bool {
        let own = friends_bb(t, s, me) & occ;
        for &k in &self.kinds {
            let men = kind_bb(t, s, k) & occ;
            let mine = men & own;
            let theirs = men & !own;
            if mine.is_empty() || theirs.is_empty() {
                continue;
            }
            for a in mine {
                for b in theirs {
                    if self.open_line(a, b, occ) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `a` and `b` share a file or a rank and every square between
    /// them is real and not in `occ`.
    #[inline]
    fn open_line(&self, a: Square, b: Square, occ: B) -> bool {
        let (la, lb) = (&self.lines[a.index()], &self.lines[b.index()]);
        (0..4).any(|d| {
            la[d].contains(b) && {
                // The squares from `a` up to `b`, `b` left out.
                let between = la[d] & !lb[d] & !B::single(b);
                (between & occ).is_empty()
            }
        })
    }
}
