//! The table of Fairy-Stockfish's options (the documented list at the top
//! of its src/variants.ini, read by src/parser.cpp) and what each becomes in
//! varia's language, and their application to [`Rules`] in the order
//! Fairy-Stockfish applies them.
//!
//! [`OPTIONS`] is the table docs/FSF.md shows (a test checks that the two
//! agree); [`apply`] reads a section's options into the rules it inherits.

use super::ini::{Entry, Section};
use super::rules::{Bb, Color, Kind, PieceSet, Rules, Value, FILE_MAX, RANK_MAX};
use std::collections::BTreeMap;

/// How varia takes an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Support {
    /// Written as varia statements (every value Fairy-Stockfish accepts,
    /// unless the table says otherwise).
    Converted,
    /// Some values are converted, others refuse the section (the table says
    /// which).
    Partly,
    /// Only for Fairy-Stockfish's display or evaluation: nothing to write.
    Display,
    /// An adjudication rule varia does not encode: the section converts,
    /// with a warning and a comment in the file (it never changes the legal
    /// moves).
    NotEncoded,
    /// A rule varia cannot express: a section that uses it is refused.
    Refused,
}

impl Support {
    pub fn word(self) -> &'static str {
        match self {
            Support::Converted => "converted",
            Support::Partly => "partly",
            Support::Display => "display only",
            Support::NotEncoded => "not encoded",
            Support::Refused => "refused",
        }
    }
}

/// One row of the option table.
#[derive(Debug, Clone, Copy)]
pub struct OptionDoc {
    /// The key; `*` stands for a piece name or a number (`customPiece*`).
    pub key: &'static str,
    /// Fairy-Stockfish's type.
    pub kind: &'static str,
    pub support: Support,
    /// What it becomes in varia, or why it is refused.
    pub becomes: &'static str,
}

const fn row(
    key: &'static str,
    kind: &'static str,
    support: Support,
    becomes: &'static str,
) -> OptionDoc {
    OptionDoc {
        key,
        kind,
        support,
        becomes,
    }
}

use Support::*;

/// Every option of Fairy-Stockfish's variants.ini format.
pub const OPTIONS: &[OptionDoc] = &[
    row("maxRank", "Rank", Converted, "`board WxH` (the height)"),
    row("maxFile", "File", Converted, "`board WxH` (the width)"),
    row("PIECE (pawn, knight, ..., centaur)", "letter or -", Converted, "`piece NAME LETTER moves \"BETZA\"` with the built-in type's Betza; `-` removes the piece"),
    row("customPiece*", "letter:Betza", Converted, "`piece customN LETTER moves \"BETZA\"`; Fairy-Stockfish's Betza is read as Fairy-Stockfish reads it and written as the same set of moves in varia's Betza (refused where varia's direction modifiers cannot select those leaps, or for a hop with a range)"),
    row("king", "letter[:Betza]", Converted, "`piece king LETTER moves \"K\" royal` (or the Betza given)"),
    row("mobilityRegion*", "Bitboard", Converted, "`confined PIECE to REGION` (and `place PIECE where in REGION` with drops)"),
    row("pieceValueMg", "piece:value", Display, "the evaluation's values"),
    row("pieceValueEg", "piece:value", Display, "the evaluation's values"),
    row("variantTemplate", "string", Display, "XBoard's display template"),
    row("pieceToCharTable", "string", Display, "XBoard's piece images; `export` writes it"),
    row("pocketSize", "int", Display, "XBoard's holdings size"),
    row("chess960", "bool", Converted, "nothing to write: castling `to files` works from any start"),
    row("twoBoards", "bool", Converted, "`captures to partner's hand demoted`: in a game of two the partner plays on the other board, so a captured man leaves this one (Fairy-Stockfish's one-board model); the men in hand come from the FEN"),
    row("startFen", "FEN", Converted, "`board ... holes` (walls `*`), `setup` (men, promoted men `+X`, hands `[...]`, `first: black`), the castling rights (which must be those varia gives unmoved men) and the check counts"),
    row("pawnTypes", "PieceSet", Converted, "sets promotionPawnTypes, enPassantTypes and nMoveRuleTypes"),
    row("promotionRegionWhite", "Bitboard", Converted, "a per-player region for `promote ... in REGION`"),
    row("promotionRegionBlack", "Bitboard", Converted, "a per-player region for `promote ... in REGION`"),
    row("promotionPawnTypes", "PieceSet", Converted, "the pieces of `promote PIECE ... to ...`"),
    row("promotionPawnTypesWhite", "PieceSet", Converted, "`promote ... for white`"),
    row("promotionPawnTypesBlack", "PieceSet", Converted, "`promote ... for black`"),
    row("promotionPieceTypes", "PieceSet", Converted, "the choices of `promote PIECE in REGION to ...`"),
    row("promotionPieceTypesWhite", "PieceSet", Converted, "`promote ... to ... for white`"),
    row("promotionPieceTypesBlack", "PieceSet", Converted, "`promote ... to ... for black`"),
    row("sittuyinPromotion", "bool", Refused, "promotion as an action of its own (Sittuyin); varia writes it `promote ... to met*1 as action, last anywhere` (§13), not yet imported"),
    row("promotionLimit", "piece:count", Partly, "`to KIND*N`; refused for a kind that is also a shogi-style promoted type"),
    row("promotedPieceType", "piece:piece", Converted, "a promoted form for each (piece, type) pair: `piece NAME ... promotes to FORM`, the form moving as the type, and `promote ... in REGION leaving`"),
    row("piecePromotionOnCapture", "bool", Converted, "`capturing` after `promote` (and `demote`)"),
    row("mandatoryPawnPromotion", "bool", Converted, "without it, `optional` after the pawn's `promote`"),
    row("mandatoryPiecePromotion", "bool", Converted, "without it, `optional` after a shogi-style `promote`"),
    row("pieceDemotion", "bool", Converted, "`demote FORM, ... in REGION leaving`"),
    row("blastOnCapture", "bool", Converted, "`explode on capture except pawn`"),
    row("blastImmuneTypes", "PieceSet", Converted, "`explode on capture ... immune KIND, ...`"),
    row("mutuallyImmuneTypes", "PieceSet", Converted, "`mutually immune KIND, ...`"),
    row("petrifyOnCaptureTypes", "PieceSet", Converted, "`petrify PIECE, ...`"),
    row("petrifyBlastPieces", "bool", Refused, "pieces of a blast turned into walls"),
    row("doubleStep", "bool", Converted, "the pawn's `ifmnD` (and the `i` moves of custom pieces)"),
    row("doubleStepRegionWhite", "Bitboard", Converted, "`initial PIECE in REGION`"),
    row("doubleStepRegionBlack", "Bitboard", Converted, "`initial PIECE in REGION`"),
    row("tripleStepRegionWhite", "Bitboard", Partly, "the pawn's `ifmnH`, when it is the double step's region; refused otherwise (varia ties every initial move of a piece to one region)"),
    row("tripleStepRegionBlack", "Bitboard", Partly, "as tripleStepRegionWhite"),
    row("enPassantRegion", "Bitboard", Converted, "`en passant in REGION`"),
    row("enPassantRegionWhite", "Bitboard", Converted, "`en passant in REGION`"),
    row("enPassantRegionBlack", "Bitboard", Converted, "`en passant in REGION`"),
    row("enPassantTypes", "PieceSet", Partly, "`e` on the capture-only leaps of those pieces; refused when the two colours differ"),
    row("enPassantTypesWhite", "PieceSet", Partly, "as enPassantTypes"),
    row("enPassantTypesBlack", "PieceSet", Partly, "as enPassantTypes"),
    row("castling", "bool", Converted, "`castling KING with ROOK, ... to files G C`"),
    row("castlingDroppedPiece", "bool", Converted, "`place KING, ROOK unmoved in REGION` (the king's and the corners' squares)"),
    row("castlingKingsideFile", "File", Converted, "`to files G C`"),
    row("castlingQueensideFile", "File", Converted, "`to files G C`"),
    row("castlingRank", "Rank", Converted, "where the castling men stand at the start"),
    row("castlingKingFile", "File", Converted, "which king castles, where there are several"),
    row("castlingKingPiece", "PieceType", Partly, "the castler of `castling`; refused when the colours differ"),
    row("castlingKingPieceWhite", "PieceType", Partly, "as castlingKingPiece"),
    row("castlingKingPieceBlack", "PieceType", Partly, "as castlingKingPiece"),
    row("castlingRookKingsideFile", "File", Converted, "which partner castles"),
    row("castlingRookQueensideFile", "File", Converted, "which partner castles"),
    row("castlingRookPieces", "PieceSet", Partly, "the partners of `castling`; refused when the colours differ"),
    row("castlingRookPiecesWhite", "PieceSet", Partly, "as castlingRookPieces"),
    row("castlingRookPiecesBlack", "PieceSet", Partly, "as castlingRookPieces"),
    row("oppositeCastling", "bool", Refused, "castling on the side the opponent did not castle to"),
    row("checking", "bool", Converted, "`no checks`"),
    row("dropChecks", "bool", Converted, "`place where not check`"),
    row("mustCapture", "bool", Converted, "`must capture`"),
    row("mustDrop", "bool", Partly, "`must place` (`must place PIECE` with a mustDropType)"),
    row("mustDropType", "PieceType", Converted, "`must place PIECE`"),
    row("pieceDrops", "bool", Converted, "`actions move, place`"),
    row("dropLoop", "bool", Converted, "`captures to hand` (not demoted)"),
    row("capturesToHand", "bool", Converted, "`captures to hand demoted`"),
    row("firstRankPawnDrops", "bool", Converted, "`place pawn where not in REGION` (the first rank, and the promotion zone)"),
    row("promotionZonePawnDrops", "bool", Converted, "as firstRankPawnDrops"),
    row("enclosingDrop", "EnclosingRule", Partly, "reversi: `place where encloses(enemy)`; ataxx: `place where touching(own)`; snort: `place where not beside(enemy)`; anyside and top are refused"),
    row("enclosingDropStart", "Bitboard", Converted, "`place where in REGION or (filled REGION and encloses(enemy))`"),
    row("dropRegionWhite", "Bitboard", Converted, "`place where in REGION`"),
    row("dropRegionBlack", "Bitboard", Converted, "`place where in REGION`"),
    row("sittuyinRookDrop", "bool", Refused, "rooks placed on the first rank only; varia writes it `place rook where in REGION`, not yet imported"),
    row("dropOppositeColoredBishop", "bool", Converted, "`place bishop where distinct colour` and `place keeps room for bishop in REGION`"),
    row("dropPromoted", "bool", Converted, "`place promoted too`"),
    row("dropNoDoubled", "PieceType", Converted, "`place PIECE where not same_file(own PIECE, N)`"),
    row("dropNoDoubledCount", "int", Converted, "the N of `same_file` (0: the piece is never dropped)"),
    row("immobilityIllegal", "bool", Converted, "`place where not immobile`; for moves, varia's promotion makes a man promote where it would never move again"),
    row("gating", "bool", Refused, "gating and the Cambodian moves through the castling field"),
    row("wallingRule", "WallingRule", Partly, "arrow: `then place wall reached`; duck: `then move wall`; past: `then place wall vacated`; static: `then place wall`; edge is refused"),
    row("wallingRegionWhite", "Bitboard", Converted, "`... wall in REGION`"),
    row("wallingRegionBlack", "Bitboard", Converted, "`... wall in REGION`"),
    row("wallOrMove", "bool", Refused, "a wall instead of a move"),
    row("seirawanGating", "bool", Refused, "S-chess gating through the castling field"),
    row("cambodianMoves", "bool", Refused, "the Cambodian king's and met's first moves"),
    row("diagonalLines", "Bitboard", Refused, "Janggi's palace diagonals (for every piece type); a rule file writes them per piece with `moves PIECE in REGION: ... inside` (as janggi.variant does)"),
    row("pass", "bool", Converted, "`actions ..., pass` and `passes 2 -> ...` (with `bikjangRule`, `facing kept -> ...` too)"),
    row("passWhite", "bool", Partly, "refused when the colours differ"),
    row("passBlack", "bool", Partly, "refused when the colours differ"),
    row("passOnStalemate", "bool", Converted, "`stalemate -> pass` (and `passes 2 -> ...`)"),
    row("passOnStalemateWhite", "bool", Partly, "refused when the colours differ"),
    row("passOnStalemateBlack", "bool", Partly, "refused when the colours differ"),
    row("makpongRule", "bool", Converted, "`while in check: king may only capture the checker`"),
    row("flyingGeneral", "bool", Converted, "`facing king: illegal`"),
    row("soldierPromotionRank", "Rank", Converted, "the soldier moves `fW`, and `moves soldier in REGION: \"sW\"` from that rank on"),
    row("flipEnclosedPieces", "EnclosingRule", Partly, "reversi: `flip enclosed enemy`; ataxx: `flip touching enemy`; quadwrangle is refused"),
    row("nMoveRuleTypes", "PieceSet", Converted, "`quiet ... reset by capture, PIECE...`"),
    row("nMoveRuleTypesWhite", "PieceSet", Partly, "the rule is left out (with a warning) when the colours differ"),
    row("nMoveRuleTypesBlack", "PieceSet", Partly, "as nMoveRuleTypesWhite"),
    row("nMoveRule", "int", Converted, "`quiet 2N plies reset by ... -> draw`"),
    row("nFoldRule", "int", Converted, "`repetition N -> ...`"),
    row("nFoldValue", "Value", Converted, "the outcome of `repetition`"),
    row("nFoldValueAbsolute", "bool", Converted, "`repetition N -> win for white` / `lose for white`: a repetition result from White's side"),
    row("perpetualCheckIllegal", "bool", Converted, "`perpetual check N -> lose` (N: `nFoldRule`), before the repetition rule"),
    row("moveRepetitionIllegal", "bool", Converted, "`back and forth 4 except KINDS -> lose` (the kinds confined away from the enemy king's region), before mate; with `nFoldRule` only"),
    row("chasingRule", "ChasingRule", Converted, "`perpetual chase N by ... ignoring ... ranks ... -> lose` (N the `nFoldRule`), after `perpetual check`; and `plus 2 plies per check over 10` on the `nMoveRule`'s `quiet` rule"),
    row("stalemateValue", "Value", Converted, "`stalemate -> ...`"),
    row("stalematePieceCount", "bool", Converted, "`stalemate -> most men` (stalemate lost), `stalemate -> fewest men` (stalemate won)"),
    row("checkmateValue", "Value", Converted, "`checkmate -> ...`"),
    row("shogiPawnDropMateIllegal", "bool", Converted, "`checkmate by placing shogi_pawn -> win`"),
    row("shatarMateRule", "bool", NotEncoded, "Shatar's mates that do not win (varia's `checkmate given only by` and `checkmate without check by`, written by hand)"),
    row("bikjangRule", "bool", Converted, "`facing king: must break` (with `pass`, `facing kept -> ...`)"),
    row("extinctionValue", "Value", Converted, "`count ... at most N -> ...` (`extinct`)"),
    row("extinctionClaim", "bool", Partly, "`with reply`, with an extinctionOpponentPieceCount one above the count"),
    row("extinctionPseudoRoyal", "bool", Partly, "`royal` on the extinction pieces, where their number can never grow above one over the count"),
    row("dupleCheck", "bool", Refused, "check only when every pseudo-royal piece is attacked"),
    row("extinctionPieceTypes", "PieceSet", Converted, "the kinds of `count KIND, ... at most N` (`men` for `*`)"),
    row("extinctionPieceCount", "int", Converted, "the N of `count ... at most N`"),
    row("extinctionOpponentPieceCount", "int", Partly, "0; the count plus one with extinctionClaim (`with reply`); M without it (`while opponents have at least M`)"),
    row("flagPiece", "PieceType", Converted, "`reach REGION with PIECE` (every piece for `*`)"),
    row("flagPieceWhite", "PieceType", Converted, "as flagPiece"),
    row("flagPieceBlack", "PieceType", Converted, "as flagPiece"),
    row("flagRegion", "Bitboard", Converted, "the region of `reach`"),
    row("flagRegionWhite", "Bitboard", Converted, "the region of `reach`"),
    row("flagRegionBlack", "Bitboard", Converted, "the region of `reach`"),
    row("flagPieceCount", "int", Partly, "1 only"),
    row("flagPieceBlockedWin", "bool", Refused, "a flag zone full of men"),
    row("flagMove", "bool", Partly, "`with reply` for kings, `at own turn` for other pieces; refused with flagPieceSafe"),
    row("flagPieceSafe", "bool", Converted, "`unattacked`"),
    row("checkCounting", "bool", Partly, "`checks N -> win`, N from the start FEN; refused when the colours' counts differ"),
    row("connectN", "int", Refused, "N men in a row"),
    row("connectPieceTypes", "PieceSet", Refused, "the men of a connection"),
    row("connectVertical", "bool", Refused, "connection directions"),
    row("connectHorizontal", "bool", Refused, "connection directions"),
    row("connectDiagonal", "bool", Refused, "connection directions"),
    row("connectRegion1White", "Bitboard", Refused, "a chain between two regions"),
    row("connectRegion2White", "Bitboard", Refused, "a chain between two regions"),
    row("connectRegion1Black", "Bitboard", Refused, "a chain between two regions"),
    row("connectRegion2Black", "Bitboard", Refused, "a chain between two regions"),
    row("connectNxN", "int", Refused, "an N×N square of men"),
    row("collinearN", "int", Refused, "N men on one line"),
    row("connectValue", "Value", Refused, "the result of a connection"),
    row("materialCounting", "MaterialCounting", Partly, "unweighted: `most men` after a double pass or a full board; janggi: `points` (13/7/5/3/3/2, Black 3/2) and `most points` where the game would be drawn; otherwise not encoded (adjudication only)"),
    row("adjudicateFullBoard", "bool", Converted, "`board full -> most men` (or `draw`)"),
    row("countingRule", "CountingRule", NotEncoded, "Makruk's, Cambodian and ASEAN counting: an optional game end that never changes the legal moves (perft does not depend on it)"),
    row("castlingWins", "CastlingRights", Refused, "castling as a goal"),
    row("promotionRank", "Rank", Converted, "deprecated: the promotion zone from that rank on"),
    row("doubleStepRank", "Rank", Converted, "deprecated: the double-step region"),
    row("doubleStepRankMin", "Rank", Converted, "deprecated: the double-step region"),
    row("whiteFlag", "Bitboard", Converted, "deprecated flagRegionWhite"),
    row("blackFlag", "Bitboard", Converted, "deprecated flagRegionBlack"),
    row("castlingRookPiece", "PieceSet", Partly, "deprecated castlingRookPieces"),
    row("whiteDropRegion", "Bitboard", Converted, "deprecated dropRegionWhite"),
    row("blackDropRegion", "Bitboard", Converted, "deprecated dropRegionBlack"),
    row("dropOnTop", "bool", Refused, "deprecated `enclosingDrop = top`"),
];

/// The row of the table for a key, and the piece type it names, if any.
pub fn doc(key: &str) -> Option<&'static OptionDoc> {
    let generic = if Kind::builtin(key).is_some() {
        "PIECE (pawn, knight, ..., centaur)"
    } else if key.starts_with("customPiece") {
        "customPiece*"
    } else if key.starts_with("mobilityRegion") {
        "mobilityRegion*"
    } else {
        key
    };
    OPTIONS.iter().find(|o| o.key == generic)
}

/// Where a value of the rules came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// An entry of a section of the file being imported.
    Line { section: String, entry: Entry },
    /// A built-in variant of Fairy-Stockfish (src/variant.cpp).
    Builtin(String),
}

/// A value Fairy-Stockfish would not accept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub entry: Entry,
    pub message: String,
}

/// The rules, and for each key that was set, where.
#[derive(Debug, Clone, Default)]
pub struct Resolved {
    pub rules: Rules,
    /// Key → the entry that set it last (this section or an ancestor).
    pub origins: BTreeMap<String, Origin>,
}

struct Reader<'a> {
    config: BTreeMap<&'a str, &'a Entry>,
    used: Vec<&'a str>,
    invalid: Vec<Invalid>,
}

impl<'a> Reader<'a> {
    fn get(&mut self, key: &'a str) -> Option<&'a Entry> {
        let e = self.config.get(key).copied()?;
        self.used.push(key);
        Some(e)
    }

    fn bad(&mut self, e: &Entry, what: &str) {
        self.invalid.push(Invalid {
            entry: e.clone(),
            message: format!("`{}` is not a valid {what} for `{}`", e.value, e.key),
        });
    }

    fn bool(&mut self, key: &'a str, target: &mut bool) {
        if let Some(e) = self.get(key) {
            // Fairy-Stockfish: `target = value == "true"`, whatever else.
            *target = e.value == "true";
            if e.value != "true" && e.value != "false" {
                self.bad(e, "bool (true or false)");
            }
        }
    }

    fn int(&mut self, key: &'a str, target: &mut i64) {
        if let Some(e) = self.get(key) {
            match leading_int(&e.value) {
                Some(n) => *target = n,
                None => self.bad(e, "number"),
            }
        }
    }

    fn rank(&mut self, key: &'a str, target: &mut u8) {
        if let Some(e) = self.get(key) {
            match leading_int(&e.value) {
                Some(n) if (1..=RANK_MAX as i64).contains(&n) => *target = n as u8,
                _ => self.bad(e, "rank (1 to 10)"),
            }
        }
    }

    fn file(&mut self, key: &'a str, target: &mut u8) {
        if let Some(e) = self.get(key) {
            match parse_file(&e.value) {
                Some(n) => *target = n,
                None => self.bad(e, "file (1 to 12, or a to l)"),
            }
        }
    }

    /// A file option as an index from 0.
    fn file_index(&mut self, key: &'a str, target: &mut u8) {
        let mut n = *target + 1;
        self.file(key, &mut n);
        *target = n - 1;
    }

    /// A rank option as an index from 0.
    fn rank_index(&mut self, key: &'a str, target: &mut u8) {
        let mut n = *target + 1;
        self.rank(key, &mut n);
        *target = n - 1;
    }

    fn value(&mut self, key: &'a str, target: &mut Value) {
        if let Some(e) = self.get(key) {
            *target = match e.value.as_str() {
                "win" => Value::Win,
                "loss" => Value::Loss,
                "draw" => Value::Draw,
                "none" => Value::None,
                _ => {
                    self.bad(e, "value (win, loss, draw or none)");
                    Value::None
                }
            };
        }
    }

    fn choice(&mut self, key: &'a str, target: &mut String, allowed: &[&str]) {
        if let Some(e) = self.get(key) {
            if allowed.contains(&e.value.as_str()) {
                *target = e.value.clone();
            } else {
                self.bad(e, &format!("choice ({})", allowed.join(", ")));
                *target = "none".into();
            }
        }
    }

    fn string(&mut self, key: &'a str, target: &mut String) {
        if let Some(e) = self.get(key) {
            *target = e.value.clone();
        }
    }

    fn bitboard(&mut self, key: &'a str, target: &mut Bb) {
        if let Some(e) = self.get(key) {
            match parse_bitboard(&e.value) {
                Some(b) => *target = b,
                None => self.bad(e, "list of squares"),
            }
        }
    }

    /// A piece set: `target = T()`, then each letter (or `*`) until one is
    /// not a piece; `-` stops too.
    fn pieces(&mut self, key: &'a str, target: &mut PieceSet, rules: &Rules) {
        if let Some(e) = self.get(key) {
            let (set, ok) = read_pieces(&e.value, rules);
            *target = set;
            if !ok {
                self.bad(e, "list of piece letters");
            }
        }
    }

    /// A single piece type: the last one listed.
    fn piece(&mut self, key: &'a str, target: &mut Option<Kind>, rules: &Rules) {
        if let Some(e) = self.get(key) {
            let mut last = None;
            let mut ok = true;
            for c in e.value.chars().filter(|c| !c.is_whitespace()) {
                if c == '*' {
                    last = Some(Kind::All);
                } else if c == '-' {
                    break;
                } else if let Some(k) = rules.kind_of_letter(c) {
                    last = Some(k);
                } else {
                    ok = false;
                    break;
                }
            }
            *target = last;
            if !ok {
                self.bad(e, "piece letter");
            }
        }
    }
}

/// The number at the start of a text, as `std::stringstream >> int` reads it.
fn leading_int(s: &str) -> Option<i64> {
    let t = s.trim_start();
    let digits: String = t
        .char_indices()
        .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')))
        .map(|(_, c)| c)
        .collect();
    digits.parse().ok()
}

/// A file: a number from 1, or a letter from `a`.
pub fn parse_file(s: &str) -> Option<u8> {
    let t = s.trim_start();
    let c = t.chars().next()?;
    let n = if c.is_ascii_digit() {
        leading_int(t)?
    } else {
        (c as i64) - ('a' as i64) + 1
    };
    (1..=FILE_MAX as i64).contains(&n).then_some(n as u8)
}

/// A list of squares: `e4`, `*1` (a rank), `a*` (a file), until `-`.
pub fn parse_bitboard(s: &str) -> Option<Bb> {
    let mut b = Bb::EMPTY;
    for sym in s.split_whitespace() {
        if sym == "-" {
            break;
        }
        let chars: Vec<char> = sym.chars().collect();
        if sym.ends_with('*') {
            if chars.len() == 2 && chars[0].is_ascii_alphabetic() {
                let f = chars[0].to_ascii_lowercase() as i64 - 'a' as i64;
                if !(0..FILE_MAX as i64).contains(&f) {
                    return None;
                }
                b = b | Bb::file(f as u8);
            } else {
                return None;
            }
        } else if let Some(rest) = sym.strip_prefix('*') {
            let r = leading_int(rest)?;
            if !(1..=RANK_MAX as i64).contains(&r) {
                return None;
            }
            b = b | Bb::rank(r as u8 - 1);
        } else if chars.len() > 1 && chars[0].is_ascii_alphabetic() {
            let f = chars[0].to_ascii_lowercase() as i64 - 'a' as i64;
            let r = leading_int(&sym[1..])?;
            if !(0..FILE_MAX as i64).contains(&f) || !(1..=RANK_MAX as i64).contains(&r) {
                return None;
            }
            b = b | Bb::square(f as u8, r as u8 - 1);
        } else {
            return None;
        }
    }
    Some(b)
}

/// Read a piece set; `false` when a letter is not a piece of the variant.
pub fn read_pieces(value: &str, rules: &Rules) -> (PieceSet, bool) {
    let (v, ok) = read_piece_list(value, rules);
    (v.into_iter().collect(), ok)
}

/// The pieces of a set in the order written (the last one is what a
/// `PieceType` option keeps).
fn read_piece_list(value: &str, rules: &Rules) -> (Vec<Kind>, bool) {
    let mut v = Vec::new();
    for c in value.chars().filter(|c| !c.is_whitespace()) {
        if c == '*' {
            v.push(Kind::All);
        } else if let Some(k) = rules.kind_of_letter(c) {
            v.push(k);
        } else {
            return (v, c == '-');
        }
    }
    (v, true)
}

/// `piece:number` pairs (`promotionLimit = q:1 r:2`).
fn read_counts(value: &str, rules: &Rules) -> Option<BTreeMap<Kind, u32>> {
    let mut out = BTreeMap::new();
    for pair in value.split_whitespace() {
        let (p, n) = pair.split_once(':')?;
        let mut cs = p.chars();
        let k = rules.kind_of_letter(cs.next()?)?;
        if cs.next().is_some() {
            return None;
        }
        out.insert(k, n.parse().ok()?);
    }
    Some(out)
}

/// `piece:piece` pairs (`promotedPieceType = p:g s:g`); `-` removes.
fn read_promoted(value: &str, rules: &Rules) -> Option<Vec<(Kind, Option<Kind>)>> {
    let mut out = Vec::new();
    for pair in value.split_whitespace() {
        let (a, b) = pair.split_once(':')?;
        let ka = rules.kind_of_letter(a.chars().next()?)?;
        let kb = if b == "-" {
            None
        } else {
            Some(rules.kind_of_letter(b.chars().next()?)?)
        };
        out.push((ka, kb));
    }
    Some(out)
}

/// Apply a section's options to the rules it starts from, in
/// Fairy-Stockfish's order (src/parser.cpp). Returns the keys it did not
/// know and the values Fairy-Stockfish would reject.
pub fn apply(
    base: &Resolved,
    section: &Section,
    origin: impl Fn(&Entry) -> Origin,
) -> (Resolved, Vec<Entry>, Vec<Invalid>) {
    let mut out = base.clone();
    let mut r = Reader {
        config: section
            .entries
            .iter()
            .map(|e| (e.key.as_str(), e))
            .collect(),
        used: Vec::new(),
        invalid: Vec::new(),
    };
    let v = &mut out.rules;
    r.rank("maxRank", &mut v.max_rank);
    r.file("maxFile", &mut v.max_file);
    // Piece types, in Fairy-Stockfish's order.
    let names: Vec<(Kind, String)> = Kind::all_types().map(|k| (k, k.ini_name())).collect();
    for (kind, name) in &names {
        if let Some(e) = r.config.get(name.as_str()).copied() {
            r.used.push(e.key.as_str());
            if let Some(first) = e.value.chars().next() {
                if first.is_ascii_alphabetic() {
                    let betza =
                        (e.value.len() > 1).then(|| e.value.get(2..).unwrap_or("").to_string());
                    match kind {
                        Kind::Custom(_) => {
                            if betza.is_none() {
                                r.bad(e, "piece (a letter, `:` and its Betza)");
                            }
                            let b = betza.clone().unwrap_or_default();
                            v.add_piece(*kind, first, Some(b.clone()));
                            if b.contains('e') {
                                for s in &mut v.en_passant_types {
                                    s.insert(*kind);
                                }
                            }
                        }
                        Kind::King => v.add_piece(*kind, first, betza),
                        _ => v.add_piece(*kind, first, None),
                    }
                } else {
                    if first != '-' {
                        r.bad(e, "piece letter");
                    }
                    v.remove_piece(*kind);
                }
            }
        }
        let mut cap = name.clone();
        cap[..1].make_ascii_uppercase();
        for c in Color::BOTH {
            let key = format!("mobilityRegion{}{cap}", c.key());
            if let Some(e) = r.config.get(key.as_str()).copied() {
                r.used.push(e.key.as_str());
                match parse_bitboard(&e.value) {
                    Some(b) => {
                        v.mobility.insert((c, *kind), b);
                    }
                    None => r.bad(e, "list of squares"),
                }
            }
        }
    }
    // Values for the evaluation only.
    r.get("pieceValueMg");
    r.get("pieceValueEg");
    // Deprecated options.
    let mut prom_rank = 0u8;
    r.rank("promotionRank", &mut prom_rank);
    if prom_rank > 0 {
        let (ranks, p) = (v.max_rank, prom_rank - 1);
        let white = (p..ranks).fold(Bb::EMPTY, |b, x| b | Bb::rank(x));
        v.promotion_region = [white, white.flipped(ranks)];
    }
    let (mut ds_max, mut ds_min) = (0u8, 0u8);
    r.rank("doubleStepRank", &mut ds_max);
    r.rank("doubleStepRankMin", &mut ds_min);
    if ds_max > 0 || ds_min > 0 {
        let hi = if ds_max > 0 { ds_max } else { 2 };
        let lo = if ds_min > 0 { ds_min } else { 2 };
        let white = (lo.saturating_sub(1)..hi).fold(Bb::EMPTY, |b, x| b | Bb::rank(x));
        v.double_step_region = [white, white.flipped(v.max_rank)];
    }
    r.bitboard("whiteFlag", &mut v.flag_region[0]);
    r.bitboard("blackFlag", &mut v.flag_region[1]);
    {
        let snapshot = v.clone();
        for i in 0..2 {
            r.pieces(
                "castlingRookPiece",
                &mut v.castling_rook_pieces[i],
                &snapshot,
            );
        }
    }
    r.bitboard("whiteDropRegion", &mut v.drop_region[0]);
    r.bitboard("blackDropRegion", &mut v.drop_region[1]);
    let mut drop_on_top = false;
    r.bool("dropOnTop", &mut drop_on_top);
    if drop_on_top {
        v.enclosing_drop = "top".into();
    }
    // Aliases.
    let snap = v.clone();
    if let Some(e) = r.get("pawnTypes") {
        let (list, ok) = read_piece_list(&e.value, &snap);
        if !ok {
            r.bad(e, "list of piece letters");
        }
        let set: PieceSet = list.iter().copied().collect();
        for c in 0..2 {
            v.main_promotion_pawn_type[c] = list.last().copied();
            v.promotion_pawn_types[c] = set.clone();
            v.en_passant_types[c] = set.clone();
            v.n_move_rule_types[c] = set.clone();
        }
    }
    r.string("variantTemplate", &mut String::new());
    r.string("pieceToCharTable", &mut v.piece_to_char_table);
    r.int("pocketSize", &mut 0);
    r.bool("chess960", &mut v.chess960);
    r.bool("twoBoards", &mut v.two_boards);
    r.string("startFen", &mut v.start_fen);
    r.bitboard("promotionRegionWhite", &mut v.promotion_region[0]);
    r.bitboard("promotionRegionBlack", &mut v.promotion_region[1]);
    for (key, colors) in [
        ("promotionPawnTypes", &[0usize, 1][..]),
        ("promotionPawnTypesWhite", &[0][..]),
        ("promotionPawnTypesBlack", &[1][..]),
    ] {
        if let Some(e) = r.get(key) {
            let (list, ok) = read_piece_list(&e.value, &snap);
            if !ok {
                r.bad(e, "list of piece letters");
            }
            let set: PieceSet = list.iter().copied().collect();
            for &c in colors {
                v.main_promotion_pawn_type[c] = list.last().copied();
                v.promotion_pawn_types[c] = set.clone();
            }
        }
    }
    for (key, colors) in [
        ("promotionPieceTypes", &[0usize, 1][..]),
        ("promotionPieceTypesWhite", &[0][..]),
        ("promotionPieceTypesBlack", &[1][..]),
    ] {
        for &c in colors {
            r.pieces(key, &mut v.promotion_piece_types[c], &snap);
        }
    }
    r.bool("sittuyinPromotion", &mut v.sittuyin_promotion);
    if let Some(e) = r.get("promotionLimit") {
        match read_counts(&e.value, &snap) {
            Some(m) => v.promotion_limit.extend(m),
            None => r.bad(e, "list of `piece:count`"),
        }
    }
    if let Some(e) = r.get("promotedPieceType") {
        match read_promoted(&e.value, &snap) {
            Some(pairs) => {
                for (a, b) in pairs {
                    match b {
                        Some(b) => v.promoted_piece_type.insert(a, b),
                        None => v.promoted_piece_type.remove(&a),
                    };
                }
            }
            None => r.bad(e, "list of `piece:piece`"),
        }
    }
    r.bool("piecePromotionOnCapture", &mut v.piece_promotion_on_capture);
    r.bool("mandatoryPawnPromotion", &mut v.mandatory_pawn_promotion);
    r.bool("mandatoryPiecePromotion", &mut v.mandatory_piece_promotion);
    r.bool("pieceDemotion", &mut v.piece_demotion);
    r.bool("blastOnCapture", &mut v.blast_on_capture);
    r.pieces("blastImmuneTypes", &mut v.blast_immune_types, &snap);
    r.pieces("mutuallyImmuneTypes", &mut v.mutually_immune_types, &snap);
    r.pieces(
        "petrifyOnCaptureTypes",
        &mut v.petrify_on_capture_types,
        &snap,
    );
    r.bool("petrifyBlastPieces", &mut false.clone());
    r.bool("doubleStep", &mut v.double_step);
    r.bitboard("doubleStepRegionWhite", &mut v.double_step_region[0]);
    r.bitboard("doubleStepRegionBlack", &mut v.double_step_region[1]);
    r.bitboard("tripleStepRegionWhite", &mut v.triple_step_region[0]);
    r.bitboard("tripleStepRegionBlack", &mut v.triple_step_region[1]);
    for i in 0..2 {
        r.bitboard("enPassantRegion", &mut v.en_passant_region[i]);
    }
    r.bitboard("enPassantRegionWhite", &mut v.en_passant_region[0]);
    r.bitboard("enPassantRegionBlack", &mut v.en_passant_region[1]);
    for i in 0..2 {
        r.pieces("enPassantTypes", &mut v.en_passant_types[i], &snap);
    }
    r.pieces("enPassantTypesWhite", &mut v.en_passant_types[0], &snap);
    r.pieces("enPassantTypesBlack", &mut v.en_passant_types[1], &snap);
    r.bool("castling", &mut v.castling);
    r.bool("castlingDroppedPiece", &mut v.castling_dropped_piece);
    r.file_index("castlingKingsideFile", &mut v.castling_kingside_file);
    r.file_index("castlingQueensideFile", &mut v.castling_queenside_file);
    r.rank_index("castlingRank", &mut v.castling_rank);
    r.file_index("castlingKingFile", &mut v.castling_king_file);
    for i in 0..2 {
        r.piece("castlingKingPiece", &mut v.castling_king_piece[i], &snap);
    }
    r.piece(
        "castlingKingPieceWhite",
        &mut v.castling_king_piece[0],
        &snap,
    );
    r.piece(
        "castlingKingPieceBlack",
        &mut v.castling_king_piece[1],
        &snap,
    );
    r.file_index(
        "castlingRookKingsideFile",
        &mut v.castling_rook_kingside_file,
    );
    r.file_index(
        "castlingRookQueensideFile",
        &mut v.castling_rook_queenside_file,
    );
    for i in 0..2 {
        r.pieces("castlingRookPieces", &mut v.castling_rook_pieces[i], &snap);
    }
    r.pieces(
        "castlingRookPiecesWhite",
        &mut v.castling_rook_pieces[0],
        &snap,
    );
    r.pieces(
        "castlingRookPiecesBlack",
        &mut v.castling_rook_pieces[1],
        &snap,
    );
    r.bool("oppositeCastling", &mut v.opposite_castling);
    r.bool("checking", &mut v.checking);
    r.bool("dropChecks", &mut v.drop_checks);
    r.bool("mustCapture", &mut v.must_capture);
    r.bool("mustDrop", &mut v.must_drop);
    r.piece("mustDropType", &mut v.must_drop_type, &snap);
    r.bool("pieceDrops", &mut v.piece_drops);
    r.bool("dropLoop", &mut v.drop_loop);
    r.bool("capturesToHand", &mut v.captures_to_hand);
    r.bool("firstRankPawnDrops", &mut v.first_rank_pawn_drops);
    r.bool("promotionZonePawnDrops", &mut v.promotion_zone_pawn_drops);
    const ENCLOSING: &[&str] = &[
        "reversi",
        "ataxx",
        "quadwrangle",
        "snort",
        "anyside",
        "top",
        "none",
    ];
    r.choice("enclosingDrop", &mut v.enclosing_drop, ENCLOSING);
    r.bitboard("enclosingDropStart", &mut v.enclosing_drop_start);
    r.bitboard("dropRegionWhite", &mut v.drop_region[0]);
    r.bitboard("dropRegionBlack", &mut v.drop_region[1]);
    r.bool("sittuyinRookDrop", &mut v.sittuyin_rook_drop);
    r.bool(
        "dropOppositeColoredBishop",
        &mut v.drop_opposite_colored_bishop,
    );
    r.bool("dropPromoted", &mut v.drop_promoted);
    r.piece("dropNoDoubled", &mut v.drop_no_doubled, &snap);
    r.int("dropNoDoubledCount", &mut v.drop_no_doubled_count);
    r.bool("immobilityIllegal", &mut v.immobility_illegal);
    r.bool("gating", &mut v.gating);
    const WALLING: &[&str] = &["arrow", "duck", "edge", "past", "static", "none"];
    r.choice("wallingRule", &mut v.walling_rule, WALLING);
    r.bitboard("wallingRegionWhite", &mut v.walling_region[0]);
    r.bitboard("wallingRegionBlack", &mut v.walling_region[1]);
    for i in 0..2 {
        r.bitboard("wallingRegion", &mut v.walling_region[i]);
    }
    r.bool("wallOrMove", &mut v.wall_or_move);
    r.bool("seirawanGating", &mut v.seirawan_gating);
    r.bool("cambodianMoves", &mut v.cambodian_moves);
    r.bitboard("diagonalLines", &mut v.diagonal_lines);
    for i in 0..2 {
        r.bool("pass", &mut v.pass[i]);
    }
    r.bool("passWhite", &mut v.pass[0]);
    r.bool("passBlack", &mut v.pass[1]);
    for i in 0..2 {
        r.bool("passOnStalemate", &mut v.pass_on_stalemate[i]);
    }
    r.bool("passOnStalemateWhite", &mut v.pass_on_stalemate[0]);
    r.bool("passOnStalemateBlack", &mut v.pass_on_stalemate[1]);
    r.bool("makpongRule", &mut v.makpong_rule);
    r.bool("flyingGeneral", &mut v.flying_general);
    r.rank("soldierPromotionRank", &mut v.soldier_promotion_rank);
    r.choice("flipEnclosedPieces", &mut v.flip_enclosed_pieces, ENCLOSING);
    // Not an ini option: the built-in ataxx's `freeDrops` (facts only).
    r.bool("freeDrops", &mut v.free_drops);
    for i in 0..2 {
        r.pieces("nMoveRuleTypes", &mut v.n_move_rule_types[i], &snap);
    }
    r.pieces("nMoveRuleTypesWhite", &mut v.n_move_rule_types[0], &snap);
    r.pieces("nMoveRuleTypesBlack", &mut v.n_move_rule_types[1], &snap);
    r.int("nMoveRule", &mut v.n_move_rule);
    r.int("nFoldRule", &mut v.n_fold_rule);
    r.value("nFoldValue", &mut v.n_fold_value);
    r.bool("nFoldValueAbsolute", &mut v.n_fold_value_absolute);
    r.bool("perpetualCheckIllegal", &mut v.perpetual_check_illegal);
    r.bool("moveRepetitionIllegal", &mut v.move_repetition_illegal);
    r.choice("chasingRule", &mut v.chasing_rule, &["axf", "none"]);
    r.value("stalemateValue", &mut v.stalemate_value);
    r.bool("stalematePieceCount", &mut v.stalemate_piece_count);
    r.value("checkmateValue", &mut v.checkmate_value);
    r.bool(
        "shogiPawnDropMateIllegal",
        &mut v.shogi_pawn_drop_mate_illegal,
    );
    r.bool("shatarMateRule", &mut v.shatar_mate_rule);
    r.bool("bikjangRule", &mut v.bikjang_rule);
    r.value("extinctionValue", &mut v.extinction_value);
    r.bool("extinctionClaim", &mut v.extinction_claim);
    r.bool("extinctionPseudoRoyal", &mut v.extinction_pseudo_royal);
    r.bool("dupleCheck", &mut v.duple_check);
    r.pieces("extinctionPieceTypes", &mut v.extinction_piece_types, &snap);
    r.int("extinctionPieceCount", &mut v.extinction_piece_count);
    r.int(
        "extinctionOpponentPieceCount",
        &mut v.extinction_opponent_piece_count,
    );
    for i in 0..2 {
        r.piece("flagPiece", &mut v.flag_piece[i], &snap);
    }
    r.piece("flagPieceWhite", &mut v.flag_piece[0], &snap);
    r.piece("flagPieceBlack", &mut v.flag_piece[1], &snap);
    for i in 0..2 {
        r.bitboard("flagRegion", &mut v.flag_region[i]);
    }
    r.bitboard("flagRegionWhite", &mut v.flag_region[0]);
    r.bitboard("flagRegionBlack", &mut v.flag_region[1]);
    r.int("flagPieceCount", &mut v.flag_piece_count);
    r.bool("flagPieceBlockedWin", &mut v.flag_piece_blocked_win);
    r.bool("flagMove", &mut v.flag_move);
    r.bool("flagPieceSafe", &mut v.flag_piece_safe);
    r.bool("checkCounting", &mut v.check_counting);
    r.int("connectN", &mut v.connect_n);
    if let Some(e) = r.get("connectPieceTypes") {
        let (set, _) = read_pieces(&e.value, &snap);
        v.connect_piece_types = Some(set);
    }
    r.bool("connectHorizontal", &mut v.connect_horizontal);
    r.bool("connectVertical", &mut v.connect_vertical);
    r.bool("connectDiagonal", &mut v.connect_diagonal);
    r.bitboard("connectRegion1White", &mut v.connect_region1[0]);
    r.bitboard("connectRegion2White", &mut v.connect_region2[0]);
    r.bitboard("connectRegion1Black", &mut v.connect_region1[1]);
    r.bitboard("connectRegion2Black", &mut v.connect_region2[1]);
    r.int("connectNxN", &mut v.connect_nxn);
    r.int("collinearN", &mut v.collinear_n);
    r.value("connectValue", &mut v.connect_value);
    const COUNTING: &[&str] = &[
        "janggi",
        "unweighted",
        "whitedrawodds",
        "blackdrawodds",
        "none",
    ];
    r.choice("materialCounting", &mut v.material_counting, COUNTING);
    r.bool("adjudicateFullBoard", &mut v.adjudicate_full_board);
    r.choice(
        "countingRule",
        &mut v.counting_rule,
        &["makruk", "cambodian", "asean", "none"],
    );
    if let Some(e) = r.get("castlingWins") {
        v.castling_wins = e.value.trim().trim_matches('-').to_string();
    }
    let used: std::collections::BTreeSet<&str> = r.used.iter().copied().collect();
    let unknown: Vec<Entry> = section
        .entries
        .iter()
        .filter(|e| !used.contains(e.key.as_str()))
        .cloned()
        .collect();
    for e in &section.entries {
        if used.contains(e.key.as_str()) {
            out.origins.insert(e.key.clone(), origin(e));
        }
    }
    (out, unknown, r.invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboards() {
        let b = parse_bitboard("*1 a* e4").unwrap();
        assert!(b.has(3, 0) && b.has(0, 5) && b.has(4, 3) && !b.has(4, 4));
        assert_eq!(parse_bitboard("-"), Some(Bb::EMPTY));
        assert_eq!(parse_bitboard("*11"), None);
        assert_eq!(parse_bitboard("zz"), None);
    }

    #[test]
    fn files() {
        assert_eq!(parse_file("i"), Some(9));
        assert_eq!(parse_file("10"), Some(10));
        assert_eq!(parse_file("m"), None);
    }

    #[test]
    fn every_key_is_documented() {
        for o in OPTIONS {
            assert!(!o.becomes.is_empty(), "{}", o.key);
        }
        assert!(doc("customPiece7").is_some());
        assert!(doc("mobilityRegionWhiteKing").is_some());
        assert!(doc("shogiPawn").is_some());
        assert!(doc("noSuchOption").is_none());
    }

    #[test]
    fn docs_fsf_md_shows_the_table() {
        let doc = include_str!("../../docs/FSF.md");
        for o in OPTIONS {
            let row = format!(
                "| `{}` | {} | {} | {} |",
                o.key,
                o.kind,
                o.support.word(),
                o.becomes
            );
            assert!(doc.contains(&row), "docs/FSF.md lacks the row\n{row}");
        }
    }
}
