//! A variant compiled for the engine: the board and pieces ([`Base`]), the
//! rules ([`Rules`]) and what FEN needs, in the set width the board needs
//! ([`Compiled`]). Build it once with [`Tables::new`] and share it
//! (positions hold an `Arc<Tables>`).

use super::compile::{graph, Base, CompileError};
use super::core::{Bits, Bitset, Geometry, Man, Square, SquareOrder, B128, B192, B64};
use super::rules::Rules;
use crate::ir::KindSet;
use crate::ir::{PieceId, PlayerId, Shape, Variant};
use std::collections::HashMap;
use std::sync::Arc;

/// What reading and writing FEN needs beyond the rules.
#[derive(Clone, Debug)]
pub(crate) struct FenInfo {
    /// Per grid square: the man the setup puts there (the FEN unmoved rule).
    pub setup_men: Vec<Man>,
    /// Piece letter → kind (uppercase ASCII).
    pub letters: HashMap<char, PieceId>,
    /// Per player: the tag used in FEN for more than two players.
    pub tags: Vec<char>,
    /// Kinds whose unmoved men on their owner's back rank are listed in the
    /// castling field (`initial ... listed in castling field`), bit mask.
    pub listed: KindSet,
    /// Per kind: the piece it is the promoted form of (written `+` and
    /// that piece's letter).
    pub bases: Vec<Option<PieceId>>,
}

/// A variant compiled with sets of squares of one width.
#[derive(Clone, Debug)]
pub(crate) struct Compiled<B: Bits> {
    pub base: Base<B>,
    pub rules: Rules<B>,
    pub fen: FenInfo,
    /// Pins and checks computed once per node are exact for this variant.
    pub fast_legal: bool,
    /// The generic path may pass a node's board moves that neither leave
    /// nor enter the squares that matter to its royal's safety and its
    /// facings (`position::boardgen`'s legality zone): every attack is a
    /// leap, a lame leap, a ride or a hop (`Groups::complex_known`), the
    /// only constraints are royal safety
    /// and `facing`, and a board move is probed, not made (no explosion,
    /// no special capture, no royal made, no special check).
    pub zone_test: bool,
    /// Some pattern has extras (`Plan::extra`) or some men's initial moves
    /// may be closed (`initial ... not in check`): move generation tests
    /// them. Without, it is compiled without those tests.
    pub extras: bool,
    /// The legal actions are the legal board moves ([`Rules::board_only`]).
    pub board_only: bool,
    /// The tactical actions can be generated alone ([`Rules::tactical_alone`],
    /// and no man takes its own side's men).
    pub tactical: bool,
}

impl<B: Bits> Compiled<B> {
    fn new(variant: &Variant, order: SquareOrder) -> Result<Compiled<B>, CompileError> {
        let mut base = Base::new(variant, order)?;
        let mut layout = base.layout.clone();
        let rules = Rules::new(&base, &mut layout)?;
        base.layout = layout;
        if let Some(pa) = rules.promotion.prison_attacks(&base) {
            // `promote ... from prison`: the attacks on royals are judged
            // with the prisons (the generic path: `needs_move_tests`).
            base.prison = Some(Box::new(pa));
            base.check_special = true;
        }
        // On a board that wraps, two lines may join the same two squares
        // (a queen on a1 sees e5 both ways round an 8-file cylinder): the
        // pins and check lines of the fast test assume one.
        let fast_legal = base.groups.complex_pids.is_empty()
            && base.geo.wrap().is_flat()
            && base.groups.hop.is_empty()
            && base.groups.lame.is_empty()
            && !rules.constraints.beyond_royal()
            && !rules.needs_move_tests(&base)
            && base.move_shape.is_none();
        let zone_test = base.groups.complex_known
            && base.geo.wrap().is_flat()
            && !base.check_special
            && base.move_shape.is_none()
            && base.strikes.is_none()
            && !rules.needs_move_tests(&base)
            && !rules.constraints.limit
            && !rules.constraints.no_checks
            && rules.constraints.connected.is_empty()
            && rules.layers.is_none()
            && rules.rebirth.is_none()
            && !rules.probe_by_make;
        let fen = fen_info(&base);
        let extras =
            base.atoms.patterns.iter().any(|p| p.plan.extra) || rules.check_bound.is_some();
        let board_only = rules.board_only();
        // (A man that may take its own side's men, `captures own`, makes
        // a move onto an occupied square no capture of an enemy man: the
        // tactical sink counts every occupied target as one.)
        let tactical =
            rules.tactical_alone() && !base.atoms.patterns.iter().any(|p| p.plan.captures_own);
        Ok(Compiled {
            base,
            rules,
            fen,
            fast_legal,
            zone_test,
            extras,
            board_only,
            tactical,
        })
    }
}

/// The squares of a variant's grid, and how many of them are real.
fn squares(variant: &Variant) -> Result<(usize, usize), CompileError> {
    let geo = Geometry::new(&variant.board).map_err(|e| CompileError::Board(e.0))?;
    Ok((geo.len(), geo.real_count()))
}

/// The error for a board whose `real` squares do not fit sets of `bits`.
fn too_many(real: usize, bits: usize) -> CompileError {
    CompileError::Board(format!(
        "a board of {real} squares does not fit sets of {bits} squares (64, 128, 192 or 256)"
    ))
}

/// The set widths, narrowest first.
const WIDTHS: [usize; 4] = [64, 128, 192, 256];

/// The compiled variant in the width its board needs.
#[derive(Clone, Debug)]
pub(crate) enum Width {
    W64(Arc<Compiled<B64>>),
    W128(Arc<Compiled<B128>>),
    W192(Arc<Compiled<B192>>),
    W256(Arc<Compiled<Bitset>>),
}

/// Run `$body` with `$c` bound to the compiled variant, whatever its width.
macro_rules! with_compiled {
    ($w:expr, $c:ident => $body:expr) => {
        match $w {
            $crate::engine::tables::Width::W64($c) => $body,
            $crate::engine::tables::Width::W128($c) => $body,
            $crate::engine::tables::Width::W192($c) => $body,
            $crate::engine::tables::Width::W256($c) => $body,
        }
    };
}
pub(crate) use with_compiled;

/// A variant compiled for the engine.
#[derive(Clone, Debug)]
pub struct Tables {
    pub(crate) width: Width,
    /// The arrangements of each `shuffle` line of the setup, found at the
    /// first start that deals them and kept for the next games.
    dealt: std::sync::OnceLock<Vec<Vec<Vec<PieceId>>>>,
}

impl Tables {
    /// Compile a checked variant, with sets of squares as narrow as its
    /// board allows (64, 128, 192 or 256 squares; holes count when the
    /// rules need the grid numbered row by row, see [`SquareOrder`]).
    pub fn new(variant: &Variant) -> Result<Tables, CompileError> {
        let (grid, real) = squares(variant)?;
        for bits in WIDTHS.into_iter().filter(|&bits| real <= bits) {
            match Tables::compile(variant, grid, bits) {
                Err(CompileError::RowMajor) => continue,
                other => return other,
            }
        }
        Err(too_many(real, 256))
    }

    /// Compile with sets of `bits` squares (64, 128, 192 or 256); an error
    /// if the board needs more. When the grid is larger than the sets but
    /// its real squares fit, the squares are numbered real squares first
    /// ([`SquareOrder::RealFirst`]); rules that need the grid row by row
    /// then refuse ([`CompileError::RowMajor`]). Every width plays the same
    /// game (tests compare them).
    pub fn with_width(variant: &Variant, bits: usize) -> Result<Tables, CompileError> {
        let (grid, real) = squares(variant)?;
        if real > bits || !WIDTHS.contains(&bits) {
            return Err(too_many(real, bits));
        }
        Tables::compile(variant, grid, bits)
    }

    /// [`Tables::with_width`] once the real squares are known to fit.
    fn compile(variant: &Variant, grid: usize, bits: usize) -> Result<Tables, CompileError> {
        let order = if grid > bits {
            SquareOrder::RealFirst
        } else {
            SquareOrder::RowMajor
        };
        let width = match bits {
            64 => Width::W64(Arc::new(Compiled::new(variant, order)?)),
            128 => Width::W128(Arc::new(Compiled::new(variant, order)?)),
            192 => Width::W192(Arc::new(Compiled::new(variant, order)?)),
            _ => Width::W256(Arc::new(Compiled::new(variant, order)?)),
        };
        Ok(Tables {
            width,
            dealt: std::sync::OnceLock::new(),
        })
    }

    /// Every arrangement of each `shuffle` line of the setup, in the order
    /// of their numbers ([`crate::ir::Shuffle::arrangements`]), found once.
    pub(crate) fn arrangements(&self) -> &[Vec<Vec<PieceId>>] {
        self.dealt.get_or_init(|| {
            self.variant()
                .setup
                .shuffles
                .iter()
                .map(|s| s.arrangements())
                .collect()
        })
    }

    /// How many squares the engine's sets hold for this variant.
    pub fn set_width(&self) -> usize {
        match &self.width {
            Width::W64(_) => 64,
            Width::W128(_) => 128,
            Width::W192(_) => 192,
            Width::W256(_) => 256,
        }
    }

    /// The variant these tables were compiled from.
    pub fn variant(&self) -> &Variant {
        with_compiled!(&self.width, c => &c.base.variant)
    }

    /// The board geometry.
    pub fn geometry(&self) -> &Geometry {
        with_compiled!(&self.width, c => &c.base.geo)
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        with_compiled!(&self.width, c => c.base.nplayers)
    }

    /// Whether legality uses the per-node pin/check analysis (true) or tries
    /// every pseudo-legal move (false).
    pub fn uses_fast_legality(&self) -> bool {
        with_compiled!(&self.width, c => c.fast_legal)
    }

    /// Whether men of this kind are royal.
    pub fn is_royal(&self, kind: PieceId) -> bool {
        with_compiled!(&self.width, c => c.base.is_royal(kind))
    }

    /// Whether `b` is `a` or a team mate of `a`.
    pub fn is_friend(&self, a: PlayerId, b: PlayerId) -> bool {
        with_compiled!(&self.width, c => c.base.is_friend(a, b))
    }

    /// King steps between two squares around holes (`None`: not connected):
    /// the board graph's distance table, for goal terms of an evaluation.
    pub fn distance(&self, a: Square, b: Square) -> Option<u32> {
        with_compiled!(&self.width, c => c.base.graph.distance(a, b))
    }

    /// The squares where `player` may place a man of `kind` from its hand
    /// in some position (the placement rules that do not depend on the
    /// position: `Drops::placeable`); `None` where the variant places
    /// nothing, or for a kind or player it does not have.
    pub fn placeable(&self, kind: PieceId, player: PlayerId) -> Option<Bitset> {
        with_compiled!(&self.width, c => {
            let ok = (kind as usize) < c.base.nkinds && (player as usize) < c.base.nplayers;
            let drops = c.rules.drops.as_ref().filter(|_| ok)?;
            Some(drops.placeable(&c.base, kind, player).widen())
        })
    }

    /// Real squares no man of the setup can ever reach (see
    /// `graph::unreachable_squares`); a board check for `validate`.
    pub fn unreachable_squares(&self) -> Bitset {
        with_compiled!(&self.width, c => graph::unreachable_squares(&c.base.variant, &c.base.geo, &c.base.atoms))
    }

    /// The same tables with the pin-based fast legality test and the
    /// generic path's legality zone switched off, so that every move is
    /// made and tested (for cross-checking).
    pub fn without_fast_legality(self) -> Tables {
        fn off<B: Bits>(c: Arc<Compiled<B>>) -> Arc<Compiled<B>> {
            let mut c = Arc::unwrap_or_clone(c);
            c.fast_legal = false;
            c.zone_test = false;
            Arc::new(c)
        }
        let width = match self.width {
            Width::W64(c) => Width::W64(off(c)),
            Width::W128(c) => Width::W128(off(c)),
            Width::W192(c) => Width::W192(off(c)),
            Width::W256(c) => Width::W256(off(c)),
        };
        Tables {
            width,
            dealt: self.dealt,
        }
    }
}

fn fen_info<B: Bits>(b: &Base<B>) -> FenInfo {
    let v = &b.variant;
    let unbounded = matches!(v.board.shape, Shape::Unbounded { .. });
    let mut setup_men = vec![Man::EMPTY; b.nsq];
    if !unbounded {
        for m in &v.setup.men {
            if let Some(sq) = b.geo.coord_square(m.at) {
                // A man of a `face down` kind starts as its face kind.
                let kind = v
                    .turn
                    .face_down
                    .iter()
                    .find(|f| f.piece == m.piece)
                    .map_or(m.piece, |f| f.face);
                setup_men[sq.index()] = Man::new(kind, m.owner, m.facing);
            }
        }
    }
    let mut letters = HashMap::new();
    // Own letters only: a promoted form lettered `+X` is read as `+X`.
    for (k, p) in v
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.letter.is_plus())
    {
        letters.entry(p.letter.ch()).or_insert(k as PieceId);
    }
    let initials: Vec<char> = v
        .players
        .iter()
        .map(|p| p.name.chars().next().unwrap_or('?').to_ascii_lowercase())
        .collect();
    let unique = initials.iter().all(|c| c.is_ascii_lowercase())
        && (0..initials.len()).all(|i| !initials[..i].contains(&initials[i]));
    let tags = if unique {
        initials
    } else {
        (0..b.nplayers).map(|i| (b'a' + i as u8) as char).collect()
    };
    // Only where the checker allows it: two players, named squares, no
    // castling rights in the field; only kinds whose flags are kept.
    let listed = if b.nplayers == 2 && !unbounded && v.turn.castling.is_none() {
        v.turn
            .check_bound
            .initial_in_castling_field
            .iter()
            .collect::<KindSet>()
            & b.layout.initial_kinds
    } else {
        KindSet::EMPTY
    };
    let mut bases = vec![None; v.pieces.len()];
    for (k, p) in v.pieces.iter().enumerate() {
        if let Some(b) = p.promotes_to.and_then(|f| bases.get_mut(f as usize)) {
            *b = Some(k as PieceId);
        }
    }
    FenInfo {
        setup_men,
        letters,
        tags,
        listed,
        bases,
    }
}
