//! A variant compiled for the engine: the board and pieces ([`Base`]), the
//! rules ([`Rules`]) and what FEN needs. Build it once with
//! [`Tables::new`] and share it (positions hold an `Arc<Tables>`).

use super::compile::{graph, Base, CompileError};
use super::core::{Bitset, Geometry, Man, Square};
use super::rules::Rules;
use crate::ir::{PieceId, Shape, Variant};
use std::collections::HashMap;

/// What reading and writing FEN needs beyond the rules.
#[derive(Clone, Debug)]
pub(crate) struct FenInfo {
    /// Per grid square: the man the setup puts there (the FEN unmoved rule).
    pub setup_men: Vec<Man>,
    /// Piece letter → kind (uppercase ASCII).
    pub letters: HashMap<char, PieceId>,
    /// Per player: the tag used in FEN for more than two players.
    pub tags: Vec<char>,
}

/// A variant compiled for the engine.
#[derive(Clone, Debug)]
pub struct Tables {
    pub(crate) base: Base,
    pub(crate) rules: Rules,
    pub(crate) fen: FenInfo,
    /// Pins and checks computed once per node are exact for this variant.
    pub(crate) fast_legal: bool,
}

impl Tables {
    /// Compile a checked variant.
    pub fn new(variant: &Variant) -> Result<Tables, CompileError> {
        let mut base = Base::new(variant)?;
        let mut layout = base.layout.clone();
        let rules = Rules::new(&base, &mut layout)?;
        base.layout = layout;
        let fast_legal = base.groups.complex_pids.is_empty() && !rules.constraints.beyond_royal();
        let fen = fen_info(&base);
        Ok(Tables {
            base,
            rules,
            fen,
            fast_legal,
        })
    }

    /// The variant these tables were compiled from.
    pub fn variant(&self) -> &Variant {
        &self.base.variant
    }

    /// The board geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.base.geo
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.base.nplayers
    }

    /// Whether legality uses the per-node pin/check analysis (true) or tries
    /// every pseudo-legal move (false).
    pub fn uses_fast_legality(&self) -> bool {
        self.fast_legal
    }

    /// Whether `b` is `a` or a team mate of `a`.
    pub fn is_friend(&self, a: crate::ir::PlayerId, b: crate::ir::PlayerId) -> bool {
        self.base.is_friend(a, b)
    }

    /// Whether men of this kind are royal.
    pub fn is_royal(&self, kind: PieceId) -> bool {
        self.base.is_royal(kind)
    }

    /// King steps between two squares around holes (`None`: not connected):
    /// the board graph's distance table, for goal terms of an evaluation.
    pub fn distance(&self, a: Square, b: Square) -> Option<u32> {
        self.base.graph.distance(a, b)
    }

    /// Real squares no man of the setup can ever reach (see
    /// [`graph::unreachable_squares`]); a board check for `validate`.
    pub fn unreachable_squares(&self) -> Bitset {
        graph::unreachable_squares(&self.base.variant, &self.base.geo, &self.base.atoms)
    }

    /// The same tables with the pin-based fast legality test switched off,
    /// so that every move is made and tested (for cross-checking).
    pub fn without_fast_legality(mut self) -> Tables {
        self.fast_legal = false;
        self
    }
}

fn fen_info(b: &Base) -> FenInfo {
    let v = &b.variant;
    let unbounded = matches!(v.board.shape, Shape::Unbounded { .. });
    let mut setup_men = vec![Man::EMPTY; b.nsq];
    if !unbounded {
        for m in &v.setup.men {
            if let Some(sq) = b.geo.coord_square(m.at) {
                setup_men[sq.index()] = Man::new(m.piece, m.owner, m.facing);
            }
        }
    }
    let mut letters = HashMap::new();
    for (k, p) in v.pieces.iter().enumerate() {
        letters
            .entry(p.letter.to_ascii_uppercase())
            .or_insert(k as PieceId);
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
    FenInfo {
        setup_men,
        letters,
        tags,
    }
}
