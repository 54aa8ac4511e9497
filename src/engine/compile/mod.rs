//! The compile stage: a checked [`Variant`] becomes flat lookup tables,
//! once. This part builds what every rule reads: the board, the players,
//! the movement and attack tables, the regions and the board graph; each
//! rule module compiles its own data from the IR (see `rules`).
//!
//! Move generation reads only these tables and the position: it never walks
//! the IR, parses text or allocates per move.

pub(crate) mod atoms;
pub(crate) mod attack_plan;
pub(crate) mod bulk;
pub(crate) mod catom;
pub(crate) mod dirs;
pub(crate) mod error;
pub(crate) mod graph;
pub(crate) mod groups;
pub(crate) mod move_shape;
pub(crate) mod prison;
pub(crate) mod rebirth;
pub(crate) mod shape;
pub(crate) mod strikes;

use crate::engine::core::{
    Bits, ByPlayer, Geometry, Layout, Man, PlayerSet, Square, SquareOrder, State, Var, Zobrist,
};
use crate::ir::KindSet;
use crate::ir::{Dir, PieceId, PlayerId, RegionId, Variant, MAX_PIECES, MAX_PLAYERS};
pub(crate) use atoms::{AKind, Atoms, CAtom, LameStep};
pub use error::CompileError;
pub(crate) use groups::{Groups, RideGroup, RIDE_NONE};

/// The board, players and pieces of a variant, compiled.
#[derive(Clone, Debug)]
pub struct Base<B: Bits> {
    pub variant: Variant,
    pub layout: Layout,
    pub geo: Geometry,
    /// The real squares (the grid minus holes) and the dark ones, in this
    /// variant's width.
    pub real: B,
    pub dark: B,
    /// The grid's squares per column (file) and per row (rank).
    pub files: Vec<B>,
    pub ranks: Vec<B>,
    /// `[a][b]`: the squares of columns `a..=b`, and of rows `a..=b`.
    pub file_spans: Vec<Vec<B>>,
    pub rank_spans: Vec<Vec<B>>,
    pub nsq: usize,
    pub nkinds: usize,
    pub nplayers: usize,
    pub atoms: Atoms<B>,
    pub groups: Groups<B>,
    /// Per player: the player and its team mates.
    pub friends: ByPlayer<PlayerSet>,
    /// Per player: the default facing of its men.
    pub forward: ByPlayer<Dir>,
    pub royal_kinds: KindSet,
    pub royal_pids: Vec<u8>,
    /// Which royal men must be safe (`check all royals`, `check ... when
    /// at most N`).
    pub royal_check: RoyalCheck,
    /// Whether check is judged otherwise than "some royal man attacked":
    /// `royal_check` is not [`RoyalCheck::Any`], captures explode
    /// (`shield`) or move shapes decide which attacks count
    /// (`move_shape`). The one test the default rule pays.
    pub check_special: bool,
    /// Per square, its eight neighbours, when captures explode (a royal
    /// next to an enemy royal cannot be taken); empty otherwise.
    pub shield: Vec<B>,
    /// The move-shape conditions of `move ... where` per kind: they also
    /// decide which attacks on a royal count.
    pub move_shape: Option<Box<move_shape::MoveShape>>,
    /// The rebirth squares of `captures reborn [capturer]`.
    pub rebirth: Option<Box<rebirth::RebirthSquares>>,
    /// `captures by approach | withdrawal` and `immobilises`: their kinds
    /// and tables (an attack test of their own, read behind
    /// `check_special`).
    pub strikes: Option<Box<strikes::Strikes<B>>>,
    /// `promote ... from prison`: the attacks on its zone a promoting man
    /// has only while its owner holds a choice (read behind
    /// `check_special`; set with the rules, `Compiled::new`).
    pub prison: Option<Box<prison::PrisonAttacks<B>>>,
    /// Per region, per player: the region's squares as that player sees them.
    pub regions: Vec<ByPlayer<B>>,
    /// Per kind: the region where its initial moves are open (`initial
    /// PIECE in REGION`), else they are open to men that never moved.
    pub initial_at: Vec<Option<RegionId>>,
    /// The board as a graph: distances between squares.
    pub graph: graph::BoardGraph<B>,
}

/// When a player is in check (read by the movement layer's royal test).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoyalCheck {
    /// When any royal man of theirs is attacked (the default).
    Any,
    /// When every one is (`check all royals`).
    All,
    /// As `Any` (or `All` with `all`), but only while the player had at
    /// most `n` royal men on the board before the action; with more, none
    /// of them is royal (`check ... when at most N`). `made` (not hashed)
    /// holds, after each action, 1 + the square of a royal man the action
    /// brought in (a promotion into a royal kind, a placement or gating of
    /// one), else 0: that man is neither counted nor judged for the action
    /// that brought it in (as Fairy-Stockfish's pseudo-royal men).
    AtMost { n: u8, all: bool, made: Var },
}

impl<B: Bits> Base<B> {
    /// Under `check ... when at most N`, when `kind` is royal: the
    /// variable that marks a royal man brought in by the action (see
    /// [`RoyalCheck::AtMost`]); otherwise `None`.
    #[inline]
    pub fn royal_made(&self, kind: PieceId) -> Option<Var> {
        match self.royal_check {
            RoyalCheck::AtMost { made, .. } if self.royal_kinds.contains(kind) => Some(made),
            _ => None,
        }
    }

    /// The grid squares next by side to a square of `set` (a step
    /// sideways does not wrap round a row; squares beyond the grid are
    /// dropped or left for the caller to mask). Only for squares numbered
    /// row by row: a rule that uses it refuses the other order at compile
    /// time ([`Base::needs_row_major`]).
    #[inline]
    pub fn beside(&self, set: B) -> B {
        debug_assert!(self.geo.order() == SquareOrder::RowMajor);
        let n = self.files.len();
        let w = n as u32;
        (set.shift_up(1) & !self.files[0])
            | (set.shift_down(1) & !self.files[n - 1])
            | set.shift_up(w)
            | set.shift_down(w)
    }

    /// For a rule that moves sets of squares by a row or a column with
    /// shifts: an error unless the squares are numbered row by row.
    pub fn needs_row_major(&self) -> Result<(), CompileError> {
        if self.geo.order() == SquareOrder::RowMajor {
            Ok(())
        } else {
            Err(CompileError::RowMajor)
        }
    }

    /// Compile the board and pieces of `v`, its squares numbered in
    /// `order`.
    pub fn new(v: &Variant, order: SquareOrder) -> Result<Base<B>, CompileError> {
        let nplayers = v.players.len();
        if nplayers == 0 || nplayers > MAX_PLAYERS {
            return Err(CompileError::Players(format!(
                "{nplayers} players; 1 to {MAX_PLAYERS} are supported"
            )));
        }
        let nkinds = v.pieces.len();
        if nkinds > MAX_PIECES {
            return Err(CompileError::Other(format!(
                "{nkinds} piece kinds; at most {MAX_PIECES} are supported"
            )));
        }
        let geo = Geometry::ordered(&v.board, order).map_err(|e| CompileError::Board(e.0))?;
        let nsq = geo.len();
        let friends = teams(v, nplayers)?;
        let mut forward = ByPlayer::splat(Dir::North);
        for (p, pl) in v.players.iter().enumerate() {
            forward[p as PlayerId] = pl.forward;
        }
        let atoms = Atoms::new(v, &geo)?;
        let groups = Groups::new(&atoms, &geo);
        let royal_kinds = v
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .map(|(k, _)| k as PieceId)
            .collect::<KindSet>();
        let royal_pids: Vec<u8> = (0..atoms.patterns.len())
            .filter(|&p| royal_kinds.contains(atoms.patterns[p].kind))
            .map(|p| p as u8)
            .collect();
        // Kinds whose initial moves depend on the has-moved flag (not on
        // an `initial ... in REGION`).
        let mut initial_kinds = KindSet::EMPTY;
        for p in &atoms.patterns {
            let by_region = v.pieces[p.kind as usize].initial_region.is_some();
            if !by_region && p.moves.iter().chain(p.attacks.iter()).any(|a| a.initial) {
                initial_kinds.insert(p.kind);
            }
        }
        let move_shape = move_shape::MoveShape::new(v, &geo).map(Box::new);
        let shield = match &v.turn.explosion {
            Some(_) => neighbours(&geo),
            None => Vec::new(),
        };
        let initial_at: Vec<Option<RegionId>> = v.pieces.iter().map(|p| p.initial_region).collect();
        let regions = v
            .regions
            .iter()
            .map(|reg| {
                let mut per = ByPlayer::splat(B::EMPTY);
                for p in 0..nplayers {
                    let list = reg.squares.get(p).or(reg.squares.first());
                    per[p as PlayerId] = list
                        .into_iter()
                        .flatten()
                        .filter_map(|&c| geo.coord_square(c))
                        .collect();
                }
                per
            })
            .collect::<Vec<ByPlayer<B>>>();
        let rebirth = rebirth::RebirthSquares::new(v, &geo, &regions).map(Box::new);
        let strikes = strikes::Strikes::new(v, &geo, &atoms.kind_pids).map(Box::new);
        // Anti-Circe: an attack counts only where the capture would be
        // legal (the attacker's rebirth square free), a move-shape test.
        let move_shape = match (
            move_shape,
            v.turn.captures == crate::ir::Captures::RebornCapturer,
        ) {
            (Some(mut ms), true) => {
                ms.reborn_capturer = true;
                Some(ms)
            }
            (None, true) => Some(Box::new(move_shape::MoveShape {
                per_kind: vec![None; nkinds],
                reborn_capturer: true,
            })),
            (ms, false) => ms,
        };
        let mut layout = Layout {
            grid_width: geo.width(),
            nplayers,
            nkinds,
            npatterns: atoms.patterns.len(),
            pid_of_code: atoms.pid_of_code.clone(),
            initial_kinds,
            tracked_kinds: initial_kinds,
            zob: Zobrist::new(nsq, nkinds),
            vars_hashed: Vec::new(),
        };
        let royal_check = match (v.turn.check_all_royals, v.turn.royal_at_most) {
            (false, None) => RoyalCheck::Any,
            (true, None) => RoyalCheck::All,
            (all, Some(n)) => RoyalCheck::AtMost {
                n,
                all,
                made: layout.alloc_vars(1, false),
            },
        };
        let graph = graph::BoardGraph::new(&geo);
        // Files and ranks hold their holes only when the squares are
        // numbered row by row (the shifts of `beside` mask with them);
        // numbered real squares first, a hole may lie beyond the sets.
        let cell = |x: i32, y: i32| {
            geo.grid_square(x, y)
                .filter(|&q| geo.order() == SquareOrder::RowMajor || geo.is_real(q))
        };
        let files: Vec<B> = (0..geo.width() as i32)
            .map(|x| {
                (0..geo.height() as i32)
                    .filter_map(|y| cell(x, y))
                    .collect()
            })
            .collect();
        let ranks: Vec<B> = (0..geo.height() as i32)
            .map(|y| (0..geo.width() as i32).filter_map(|x| cell(x, y)).collect())
            .collect();
        let spans = |lines: &[B]| -> Vec<Vec<B>> {
            (0..lines.len())
                .map(|a| {
                    let mut acc = B::EMPTY;
                    (0..lines.len())
                        .map(|b| {
                            if b >= a {
                                acc |= lines[b];
                                acc
                            } else {
                                B::EMPTY
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let (file_spans, rank_spans) = (spans(&files), spans(&ranks));
        Ok(Base {
            variant: v.clone(),
            layout,
            real: B::narrow(geo.real()),
            dark: B::narrow(geo.dark()),
            files,
            ranks,
            file_spans,
            rank_spans,
            geo,
            nsq,
            nkinds,
            nplayers,
            atoms,
            groups,
            friends,
            forward,
            royal_kinds,
            royal_pids,
            royal_check,
            check_special: v.turn.check_all_royals
                || v.turn.royal_at_most.is_some()
                || !shield.is_empty()
                || move_shape.is_some()
                || strikes.is_some(),
            shield,
            move_shape,
            rebirth,
            strikes,
            prison: None,
            regions,
            initial_at,
            graph,
        })
    }

    /// The ray from `sq` along direction `dir`.
    #[inline]
    pub fn ray(&self, dir: u16, sq: Square) -> B {
        self.atoms.rays[dir as usize][sq.index()]
    }

    /// The lame step along `dir` from `sq`.
    #[inline]
    pub fn lame_step(&self, dir: u16, sq: Square) -> &LameStep<B> {
        let base = self.atoms.dirs[dir as usize]
            .lame_base
            .expect("a lame step along a lame direction");
        &self.atoms.lame[base as usize][sq.index()]
    }

    #[inline]
    pub fn is_friend(&self, a: PlayerId, b: PlayerId) -> bool {
        self.friends[a].contains(b)
    }

    /// Whether the initial moves (Betza `i`) of `man` on `from` are open:
    /// it stands on its kind's `initial` region, or (without one) it has
    /// never moved.
    #[inline(always)]
    pub fn initial_open(&self, s: &State<B>, from: Square, man: Man) -> bool {
        self.initial_squares(s, man.kind(), man.owner())
            .contains(from)
    }

    /// The squares where the initial moves of `owner`'s men of `kind` are
    /// open (see [`Base::initial_open`]).
    #[inline(always)]
    pub fn initial_squares(&self, s: &State<B>, kind: PieceId, owner: PlayerId) -> B {
        match self.initial_at.get(kind as usize).copied().flatten() {
            None => s.unmoved,
            Some(r) => self.region(r, owner),
        }
    }

    /// A region's squares as `p` sees them.
    #[inline]
    pub fn region(&self, r: RegionId, p: PlayerId) -> B {
        self.regions.get(r as usize).map_or(B::EMPTY, |per| per[p])
    }

    /// Whether men of this kind are royal.
    #[inline]
    pub fn is_royal(&self, kind: PieceId) -> bool {
        self.royal_kinds.contains(kind)
    }
}

/// Per square, the real squares a king step away (across a wrapped edge
/// too).
pub(crate) fn neighbours<B: Bits>(geo: &Geometry) -> Vec<B> {
    (0..geo.len())
        .map(|i| {
            let sq = Square::new(i);
            let mut out = B::EMPTY;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if (dx, dy) != (0, 0) {
                        if let Some(n) = geo.offset(sq, (dx, dy)) {
                            out.insert(n);
                        }
                    }
                }
            }
            out
        })
        .collect()
}

/// Teams: per player, the set of its team (itself included).
fn teams(v: &Variant, nplayers: usize) -> Result<ByPlayer<PlayerSet>, CompileError> {
    let mut friends = ByPlayer::splat(PlayerSet::EMPTY);
    for p in 0..nplayers as PlayerId {
        friends[p] = PlayerSet::one(p);
    }
    for team in &v.teams {
        let mut set = PlayerSet::EMPTY;
        for &p in team {
            if p as usize >= nplayers {
                return Err(CompileError::Players(format!(
                    "team member {p} is not a player"
                )));
            }
            set.insert(p);
        }
        for &p in team {
            friends[p] = friends[p] | set;
        }
    }
    Ok(friends)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::{Bitset, B192};

    /// A 14×14 board with four holes in the middle, with queens (rides in
    /// eight directions) and knights (leaps).
    fn holed() -> Variant {
        const TEXT: &str = "variant holed \"Holed\" {
  players white, black
  board 14x14 holes g7 h7 g8 h8
  piece king K moves \"K\" royal
  piece queen Q moves \"Q\"
  piece knight N moves \"N\"
  setup {
    white: K a1, Q b1, N c1
    black: K n14, Q m14, N l14
  }
}
";
        let checked = crate::load::load_str("holed.variant", TEXT, &[]);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        checked
            .variants
            .into_iter()
            .next()
            .expect("the text checks")
    }

    /// What generation relies on: the ray beyond a square of a ray is the
    /// end of that ray (a ride is cut at a blocker with `^`), and the
    /// one-square table holds each square alone.
    fn rays_end_rays_and_single_squares_are_alone<B: Bits>(order: SquareOrder) {
        let b: Base<B> = Base::new(&holed(), order).expect("compiles");
        for sq in b.geo.squares() {
            let i = sq.index();
            assert_eq!(B::single(sq), B::from_square(sq));
            assert_eq!(B::single(sq).count(), 1);
            for dir in 0..b.atoms.dirs.len() as u16 {
                let ray = b.ray(dir, sq);
                for on in ray {
                    let beyond = b.ray(dir, on);
                    assert_eq!(beyond & ray, beyond, "{order:?} {dir} from {i} at {on:?}");
                    assert!(!beyond.contains(on));
                    assert_eq!(ray ^ beyond, ray & !beyond);
                }
            }
        }
    }

    #[test]
    fn a_ray_beyond_a_square_on_it_ends_it_in_both_numberings() {
        // 192 real squares: real squares first in 3 words, row by row in 4.
        rays_end_rays_and_single_squares_are_alone::<B192>(SquareOrder::RealFirst);
        rays_end_rays_and_single_squares_are_alone::<Bitset>(SquareOrder::RowMajor);
    }
}
