//! The compiled data of the captures that are not a move onto the man
//! taken (`captures by approach | withdrawal | leaping | coordination |
//! custody | imitation`) and of `immobilises`: which kinds have them, and
//! each square's king-step neighbours. Read by the attack test (the
//! movement layer's `strike`), move generation (immobilised men make no
//! move) and make (`rules::strike`, the men taken).

use crate::engine::core::{Bits, Geometry, Man, Square, State};
use crate::ir::KindSet;
use crate::ir::{CaptureBy, PieceId, PlayerId, Variant};

/// What the variant's pieces strike and freeze.
#[derive(Clone, Debug)]
pub struct Strikes<B: Bits> {
    /// Kinds that capture by approach (a set of kinds).
    pub approach: KindSet,
    /// Kinds that capture by withdrawal (a set of kinds).
    pub withdrawal: KindSet,
    /// Kinds that capture by leaping over enemy men (a set of kinds).
    pub leaping: KindSet,
    /// Kinds that capture by coordination with their side's royal.
    pub coordination: KindSet,
    /// Kinds that capture by custody (the pincer).
    pub custody: KindSet,
    /// Kinds that capture each enemy man as that man's piece does.
    pub imitation: KindSet,
    /// Kinds that immobilise (a set of kinds).
    pub immobilisers: KindSet,
    /// The pattern ids of the kinds that capture in any of these ways.
    pub striker_pids: Vec<u8>,
    /// The pattern ids of the immobilising kinds.
    pub immobiliser_pids: Vec<u8>,
    /// The pattern ids of the imitating kinds (which immobilise enemy
    /// immobilisers).
    pub imitator_pids: Vec<u8>,
    /// Per square: its king-step neighbours.
    pub near: Vec<B>,
}

impl<B: Bits> Strikes<B> {
    pub fn new(v: &Variant, geo: &Geometry, kind_pids: &[Vec<u8>]) -> Option<Strikes<B>> {
        let mut st = Strikes {
            approach: KindSet::EMPTY,
            withdrawal: KindSet::EMPTY,
            leaping: KindSet::EMPTY,
            coordination: KindSet::EMPTY,
            custody: KindSet::EMPTY,
            imitation: KindSet::EMPTY,
            immobilisers: KindSet::EMPTY,
            striker_pids: Vec::new(),
            immobiliser_pids: Vec::new(),
            imitator_pids: Vec::new(),
            near: Vec::new(),
        };
        for (k, p) in v.pieces.iter().enumerate() {
            let k = k as PieceId;
            for &by in &p.captures_by {
                let mask = match by {
                    CaptureBy::Approach => &mut st.approach,
                    CaptureBy::Withdrawal => &mut st.withdrawal,
                    CaptureBy::Leaping => &mut st.leaping,
                    CaptureBy::Coordination => &mut st.coordination,
                    CaptureBy::Custody => &mut st.custody,
                    CaptureBy::Imitation => &mut st.imitation,
                };
                mask.insert(k);
            }
            if p.immobilises {
                st.immobilisers.insert(k);
            }
        }
        if st.strikers().is_empty() && st.immobilisers.is_empty() {
            return None;
        }
        let pids = |mask: KindSet| -> Vec<u8> {
            let mut out: Vec<u8> = (0..kind_pids.len())
                .filter(|&k| mask.contains(k as PieceId))
                .flat_map(|k| kind_pids[k].iter().copied())
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        st.striker_pids = pids(st.strikers());
        st.immobiliser_pids = pids(st.immobilisers);
        st.imitator_pids = pids(st.imitation);
        st.near = (0..geo.len())
            .map(|i| {
                (0..8)
                    .filter_map(|k| geo.step(Square::new(i), k))
                    .fold(B::EMPTY, |b, q| b | B::single(q))
            })
            .collect();
        Some(st)
    }

    /// Kinds that capture in one of these ways (a set of kinds).
    #[inline]
    pub fn strikers(&self) -> KindSet {
        self.approach
            | self.withdrawal
            | self.leaping
            | self.coordination
            | self.custody
            | self.imitation
    }

    /// Kinds whose men leap over enemy men: leapers and imitators.
    #[inline]
    pub fn leapers(&self) -> KindSet {
        self.leaping | self.imitation
    }

    /// Whether a man of this kind captures in one of these ways.
    #[inline]
    pub fn strikes(&self, man: Man) -> bool {
        self.strikers().contains(man.kind())
    }

    /// The men of `men` that stand a king step from an immobiliser of an
    /// enemy of theirs (`friends(p)`: the men of `p`'s side), and the
    /// immobilisers of `men` a king step from an enemy imitator. An
    /// immobilised immobiliser (or imitator) still immobilises.
    #[inline]
    pub fn frozen(&self, s: &State<B>, men: B, friends: impl Fn(PlayerId) -> B) -> B {
        if self.immobilisers.is_empty() {
            return B::EMPTY;
        }
        let mut f = B::EMPTY;
        for q in s.pids_bb(&self.immobiliser_pids) {
            let m = s.at(q);
            if !self.immobilisers.contains(m.kind()) {
                continue;
            }
            f |= self.near[q.index()] & men & !friends(m.owner());
        }
        if !self.imitation.is_empty() {
            let held = men & s.pids_bb(&self.immobiliser_pids);
            if !held.is_empty() {
                for q in s.pids_bb(&self.imitator_pids) {
                    let m = s.at(q);
                    if self.imitation.contains(m.kind()) {
                        f |= self.near[q.index()] & held & !friends(m.owner());
                    }
                }
            }
        }
        f
    }
}

/// The unit step of a straight move (along a rank, a file or a
/// diagonal) from `from` to `to`; `None` for any other move.
#[inline]
pub fn unit(geo: &Geometry, from: Square, to: Square) -> Option<(i32, i32)> {
    let (fx, fy) = geo.coords(from);
    let (tx, ty) = geo.coords(to);
    let (dx, dy) = (tx - fx, ty - fy);
    if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return None;
    }
    Some((dx.signum(), dy.signum()))
}

/// The eight unit steps along ranks, files and diagonals.
pub const LINES: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The four orthogonal unit steps.
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
