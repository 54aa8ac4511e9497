//! A Fairy-Stockfish variant as Fairy-Stockfish holds it: the fields of its
//! `struct Variant` (src/variant.h) that decide the rules, with their
//! defaults, and the built-in piece types of src/piece.cpp.
//!
//! [`Rules::default`] is `Variant()` after `reset_pieces()`: what a section
//! without a parent starts from. A section with a parent starts from a copy
//! of its parent's `Rules`.

use std::collections::{BTreeMap, BTreeSet};

/// A piece type, in Fairy-Stockfish's order (`enum PieceType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// `*`: every piece type (`ALL_PIECES`), in piece sets and flag pieces.
    All,
    /// One of [`BUILTIN_PIECES`], by index.
    Builtin(u8),
    /// `customPieceN`, N from 1.
    Custom(u8),
    /// The king (royal).
    King,
}

/// The built-in piece types of src/piece.cpp: the ini key (Fairy-Stockfish's
/// piece name), the Betza text, in `enum PieceType` order.
pub const BUILTIN_PIECES: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// How many `customPieceN` slots Fairy-Stockfish has (largeboards build).
pub const CUSTOM_PIECES: u8 = 25;

impl Kind {
    /// Every piece type, in Fairy-Stockfish's order.
    pub fn all_types() -> impl Iterator<Item = Kind> {
        (0..BUILTIN_PIECES.len() as u8)
            .map(Kind::Builtin)
            .chain((1..=CUSTOM_PIECES).map(Kind::Custom))
            .chain(std::iter::once(Kind::King))
    }

    /// The built-in piece of this ini name.
    pub fn builtin(name: &str) -> Option<Kind> {
        BUILTIN_PIECES
            .iter()
            .position(|(n, _)| *n == name)
            .map(|i| Kind::Builtin(i as u8))
    }

    pub const PAWN: Kind = Kind::Builtin(0);

    /// Fairy-Stockfish's name of the type (the ini key that defines it).
    pub fn ini_name(self) -> String {
        match self {
            Kind::All => "*".into(),
            Kind::Builtin(i) => BUILTIN_PIECES[i as usize].0.into(),
            Kind::Custom(n) => format!("customPiece{n}"),
            Kind::King => "king".into(),
        }
    }

    /// The name varia gives the piece: the ini name in snake case
    /// (`shogiPawn` is `shogi_pawn`, `customPiece3` is `custom3`).
    pub fn varia_name(self) -> String {
        match self {
            Kind::Custom(n) => format!("custom{n}"),
            k => {
                let mut s = String::new();
                for c in k.ini_name().chars() {
                    if c.is_ascii_uppercase() {
                        s.push('_');
                        s.push(c.to_ascii_lowercase());
                    } else {
                        s.push(c);
                    }
                }
                s
            }
        }
    }

    /// The Betza text of a built-in type.
    pub fn builtin_betza(self) -> Option<&'static str> {
        match self {
            Kind::Builtin(i) => Some(BUILTIN_PIECES[i as usize].1),
            Kind::King => Some("K"),
            _ => None,
        }
    }

    pub fn is(self, name: &str) -> bool {
        Kind::builtin(name) == Some(self)
    }
}

/// White or Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    pub fn i(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    /// `White` or `Black`, as in the ini keys (`flagRegionWhite`).
    pub fn key(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// The widest board of a largeboards build: 12 files, 10 ranks.
pub const FILE_MAX: u8 = 12;
pub const RANK_MAX: u8 = 10;

/// A set of squares (Fairy-Stockfish's `Bitboard`): bit `rank * 12 + file`,
/// both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Bb(pub u128);

impl Bb {
    pub const EMPTY: Bb = Bb(0);
    pub const ALL: Bb = Bb((1u128 << (FILE_MAX as u32 * RANK_MAX as u32)) - 1);

    pub fn square(file: u8, rank: u8) -> Bb {
        if file >= FILE_MAX || rank >= RANK_MAX {
            return Bb::EMPTY;
        }
        Bb(1u128 << (rank as u32 * FILE_MAX as u32 + file as u32))
    }
    pub fn rank(rank: u8) -> Bb {
        (0..FILE_MAX).fold(Bb::EMPTY, |b, f| b | Bb::square(f, rank))
    }
    pub fn file(file: u8) -> Bb {
        (0..RANK_MAX).fold(Bb::EMPTY, |b, r| b | Bb::square(file, r))
    }
    /// The squares of a `files` × `ranks` board.
    pub fn board(files: u8, ranks: u8) -> Bb {
        let mut b = Bb::EMPTY;
        for r in 0..ranks.min(RANK_MAX) {
            for f in 0..files.min(FILE_MAX) {
                b = b | Bb::square(f, r);
            }
        }
        b
    }
    pub fn has(self, file: u8, rank: u8) -> bool {
        (self & Bb::square(file, rank)).0 != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The squares, as (file, rank), rank by rank.
    pub fn squares(self) -> Vec<(u8, u8)> {
        let mut v = Vec::new();
        for r in 0..RANK_MAX {
            for f in 0..FILE_MAX {
                if self.has(f, r) {
                    v.push((f, r));
                }
            }
        }
        v
    }
    /// The set seen from the other side: rank r becomes `ranks - 1 - r`.
    pub fn flipped(self, ranks: u8) -> Bb {
        let mut b = Bb::EMPTY;
        for (f, r) in self.squares() {
            if r < ranks {
                b = b | Bb::square(f, ranks - 1 - r);
            }
        }
        b
    }
}

impl std::ops::BitOr for Bb {
    type Output = Bb;
    fn bitor(self, o: Bb) -> Bb {
        Bb(self.0 | o.0)
    }
}
impl std::ops::BitAnd for Bb {
    type Output = Bb;
    fn bitand(self, o: Bb) -> Bb {
        Bb(self.0 & o.0)
    }
}
impl std::ops::Not for Bb {
    type Output = Bb;
    fn not(self) -> Bb {
        Bb(!self.0 & Bb::ALL.0)
    }
}

/// A set of piece types (`PieceSet`); may hold [`Kind::All`].
pub type PieceSet = BTreeSet<Kind>;

/// A game result for the side to move (`Value`: win, loss, draw, none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Win,
    Loss,
    Draw,
    None,
}

/// A piece type the variant uses, and how it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceDef {
    /// The letter (upper case).
    pub letter: char,
    /// The Betza text of a custom piece or of a custom royal king.
    pub betza: Option<String>,
}

/// The rules of a Fairy-Stockfish variant (the fields of `struct Variant`
/// that matter to the game).
#[derive(Debug, Clone)]
pub struct Rules {
    pub max_rank: u8,
    pub max_file: u8,
    pub pieces: BTreeMap<Kind, PieceDef>,
    pub piece_to_char_table: String,
    pub chess960: bool,
    pub two_boards: bool,
    pub start_fen: String,
    pub mobility: BTreeMap<(Color, Kind), Bb>,
    pub promotion_region: [Bb; 2],
    pub main_promotion_pawn_type: [Option<Kind>; 2],
    pub promotion_pawn_types: [PieceSet; 2],
    pub promotion_piece_types: [PieceSet; 2],
    pub sittuyin_promotion: bool,
    pub promotion_limit: BTreeMap<Kind, u32>,
    pub promoted_piece_type: BTreeMap<Kind, Kind>,
    pub piece_promotion_on_capture: bool,
    pub mandatory_pawn_promotion: bool,
    pub mandatory_piece_promotion: bool,
    pub piece_demotion: bool,
    pub blast_on_capture: bool,
    pub blast_immune_types: PieceSet,
    pub mutually_immune_types: PieceSet,
    pub petrify_on_capture_types: PieceSet,
    pub double_step: bool,
    pub double_step_region: [Bb; 2],
    pub triple_step_region: [Bb; 2],
    pub en_passant_region: [Bb; 2],
    pub en_passant_types: [PieceSet; 2],
    pub castling: bool,
    pub castling_dropped_piece: bool,
    pub castling_kingside_file: u8,
    pub castling_queenside_file: u8,
    pub castling_rank: u8,
    pub castling_king_file: u8,
    pub castling_king_piece: [Option<Kind>; 2],
    pub castling_rook_kingside_file: u8,
    pub castling_rook_queenside_file: u8,
    pub castling_rook_pieces: [PieceSet; 2],
    pub opposite_castling: bool,
    pub checking: bool,
    pub drop_checks: bool,
    pub must_capture: bool,
    pub must_drop: bool,
    pub must_drop_type: Option<Kind>,
    pub piece_drops: bool,
    pub drop_loop: bool,
    pub captures_to_hand: bool,
    pub first_rank_pawn_drops: bool,
    pub promotion_zone_pawn_drops: bool,
    pub enclosing_drop: String,
    pub enclosing_drop_start: Bb,
    pub drop_region: [Bb; 2],
    pub sittuyin_rook_drop: bool,
    pub drop_opposite_colored_bishop: bool,
    pub drop_promoted: bool,
    pub drop_no_doubled: Option<Kind>,
    pub drop_no_doubled_count: i64,
    pub immobility_illegal: bool,
    pub gating: bool,
    pub walling_rule: String,
    pub walling_region: [Bb; 2],
    pub wall_or_move: bool,
    pub seirawan_gating: bool,
    pub cambodian_moves: bool,
    pub diagonal_lines: Bb,
    pub pass: [bool; 2],
    pub pass_on_stalemate: [bool; 2],
    pub makpong_rule: bool,
    pub flying_general: bool,
    pub soldier_promotion_rank: u8,
    pub flip_enclosed_pieces: String,
    /// Not an ini option: set by the built-in ataxx only.
    pub free_drops: bool,
    pub n_move_rule_types: [PieceSet; 2],
    pub n_move_rule: i64,
    pub n_fold_rule: i64,
    pub n_fold_value: Value,
    pub n_fold_value_absolute: bool,
    pub perpetual_check_illegal: bool,
    pub move_repetition_illegal: bool,
    pub chasing_rule: String,
    pub stalemate_value: Value,
    pub stalemate_piece_count: bool,
    pub checkmate_value: Value,
    pub shogi_pawn_drop_mate_illegal: bool,
    pub shatar_mate_rule: bool,
    pub bikjang_rule: bool,
    pub extinction_value: Value,
    pub extinction_claim: bool,
    pub extinction_pseudo_royal: bool,
    pub duple_check: bool,
    pub extinction_piece_types: PieceSet,
    pub extinction_piece_count: i64,
    pub extinction_opponent_piece_count: i64,
    pub flag_piece: [Option<Kind>; 2],
    pub flag_region: [Bb; 2],
    pub flag_piece_count: i64,
    pub flag_piece_blocked_win: bool,
    pub flag_move: bool,
    pub flag_piece_safe: bool,
    pub check_counting: bool,
    pub connect_n: i64,
    pub connect_piece_types: Option<PieceSet>,
    pub connect_horizontal: bool,
    pub connect_vertical: bool,
    pub connect_diagonal: bool,
    pub connect_region1: [Bb; 2],
    pub connect_region2: [Bb; 2],
    pub connect_nxn: i64,
    pub collinear_n: i64,
    pub connect_value: Value,
    pub material_counting: String,
    pub adjudicate_full_board: bool,
    pub counting_rule: String,
    pub castling_wins: String,
}

fn set(kinds: &[Kind]) -> PieceSet {
    kinds.iter().copied().collect()
}

impl Default for Rules {
    /// `Variant()` after `reset_pieces()`.
    fn default() -> Rules {
        let pawn = set(&[Kind::PAWN]);
        Rules {
            max_rank: 8,
            max_file: 8,
            pieces: BTreeMap::new(),
            piece_to_char_table: "-".into(),
            chess960: false,
            two_boards: false,
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            mobility: BTreeMap::new(),
            promotion_region: [Bb::rank(7), Bb::rank(0)],
            main_promotion_pawn_type: [Some(Kind::PAWN); 2],
            promotion_pawn_types: [pawn.clone(), pawn.clone()],
            promotion_piece_types: [PieceSet::new(), PieceSet::new()],
            sittuyin_promotion: false,
            promotion_limit: BTreeMap::new(),
            promoted_piece_type: BTreeMap::new(),
            piece_promotion_on_capture: false,
            mandatory_pawn_promotion: true,
            mandatory_piece_promotion: false,
            piece_demotion: false,
            blast_on_capture: false,
            blast_immune_types: PieceSet::new(),
            mutually_immune_types: PieceSet::new(),
            petrify_on_capture_types: PieceSet::new(),
            double_step: true,
            double_step_region: [Bb::rank(1), Bb::rank(6)],
            triple_step_region: [Bb::EMPTY; 2],
            en_passant_region: [Bb::ALL; 2],
            en_passant_types: [pawn.clone(), pawn.clone()],
            castling: true,
            castling_dropped_piece: false,
            castling_kingside_file: 6,
            castling_queenside_file: 2,
            castling_rank: 0,
            castling_king_file: 4,
            castling_king_piece: [Some(Kind::King); 2],
            castling_rook_kingside_file: FILE_MAX - 1,
            castling_rook_queenside_file: 0,
            castling_rook_pieces: [set(&[Kind::Builtin(3)]), set(&[Kind::Builtin(3)])],
            opposite_castling: false,
            checking: true,
            drop_checks: true,
            must_capture: false,
            must_drop: false,
            must_drop_type: Some(Kind::All),
            piece_drops: false,
            drop_loop: false,
            captures_to_hand: false,
            first_rank_pawn_drops: false,
            promotion_zone_pawn_drops: false,
            enclosing_drop: "none".into(),
            enclosing_drop_start: Bb::EMPTY,
            drop_region: [Bb::ALL; 2],
            sittuyin_rook_drop: false,
            drop_opposite_colored_bishop: false,
            drop_promoted: false,
            drop_no_doubled: None,
            drop_no_doubled_count: 1,
            immobility_illegal: false,
            gating: false,
            walling_rule: "none".into(),
            walling_region: [Bb::ALL; 2],
            wall_or_move: false,
            seirawan_gating: false,
            cambodian_moves: false,
            diagonal_lines: Bb::EMPTY,
            pass: [false; 2],
            pass_on_stalemate: [false; 2],
            makpong_rule: false,
            flying_general: false,
            soldier_promotion_rank: 1,
            flip_enclosed_pieces: "none".into(),
            free_drops: false,
            n_move_rule_types: [pawn.clone(), pawn],
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold_value: Value::Draw,
            n_fold_value_absolute: false,
            perpetual_check_illegal: false,
            move_repetition_illegal: false,
            chasing_rule: "none".into(),
            stalemate_value: Value::Draw,
            stalemate_piece_count: false,
            checkmate_value: Value::Loss,
            shogi_pawn_drop_mate_illegal: false,
            shatar_mate_rule: false,
            bikjang_rule: false,
            extinction_value: Value::None,
            extinction_claim: false,
            extinction_pseudo_royal: false,
            duple_check: false,
            extinction_piece_types: PieceSet::new(),
            extinction_piece_count: 0,
            extinction_opponent_piece_count: 0,
            flag_piece: [Some(Kind::All); 2],
            flag_region: [Bb::EMPTY; 2],
            flag_piece_count: 1,
            flag_piece_blocked_win: false,
            flag_move: false,
            flag_piece_safe: false,
            check_counting: false,
            connect_n: 0,
            connect_piece_types: None,
            connect_horizontal: true,
            connect_vertical: true,
            connect_diagonal: true,
            connect_region1: [Bb::EMPTY; 2],
            connect_region2: [Bb::EMPTY; 2],
            connect_nxn: 0,
            collinear_n: 0,
            connect_value: Value::Win,
            material_counting: "none".into(),
            adjudicate_full_board: false,
            counting_rule: "none".into(),
            castling_wins: String::new(),
        }
    }
}

impl Rules {
    /// The type whose letter this is (either case), among the pieces used.
    pub fn kind_of_letter(&self, c: char) -> Option<Kind> {
        let u = c.to_ascii_uppercase();
        self.pieces
            .iter()
            .find(|(_, d)| d.letter == u)
            .map(|(k, _)| *k)
    }

    /// `add_piece`: a piece with the same letter is removed first.
    pub fn add_piece(&mut self, kind: Kind, letter: char, betza: Option<String>) {
        if let Some(old) = self.kind_of_letter(letter) {
            self.remove_piece(old);
        }
        self.pieces.insert(
            kind,
            PieceDef {
                letter: letter.to_ascii_uppercase(),
                betza,
            },
        );
    }

    /// `remove_piece`: also taken out of the promotion choices.
    pub fn remove_piece(&mut self, kind: Kind) {
        self.pieces.remove(&kind);
        for s in &mut self.promotion_piece_types {
            s.remove(&kind);
        }
    }

    /// `conclude()`: no double steps without `doubleStep`, and the reverse.
    pub fn conclude(&mut self) {
        if !self.double_step {
            self.double_step_region = [Bb::EMPTY; 2];
        }
        if self.double_step_region.iter().all(|b| b.is_empty()) {
            self.double_step = false;
        }
    }

    /// The squares of the board.
    pub fn board(&self) -> Bb {
        Bb::board(self.max_file, self.max_rank)
    }

    /// The kind of royal pieces: Fairy-Stockfish's king, if the variant has
    /// one.
    pub fn has_king(&self) -> bool {
        self.pieces.contains_key(&Kind::King)
    }
}
