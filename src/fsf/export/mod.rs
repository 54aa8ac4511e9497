//! The exporter: a varia variant as a section of Fairy-Stockfish's
//! variants.ini, or the reasons it cannot be one.
//!
//! Every rule is read from the checked IR and written with the option that
//! expresses it (the same table `import` reads, [`super::options`]); a rule
//! Fairy-Stockfish has no option for is refused as a diagnostic that names
//! the construct and points at its statement in the rule file. Rules that
//! only adjudicate (insufficient material, a claimable draw) are left out
//! with a warning, as `import` does the other way.

mod end;
mod promotion;
mod setup;
use setup::{piece_to_char, setup};

use super::betza;
use super::locate::Statements;
use super::rules::{FILE_MAX, RANK_MAX};
use crate::check::Checked;
use crate::diagnostic::{Diagnostic, Span};
use crate::ir::{
    self, Atom, Captures, Coord, Mode, Path, PieceId, Pred, Shape, Timing, Variant, Who, Zone,
};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::Arc;

/// Diagnostic code of a rule `export` cannot write.
pub const UNEXPORTABLE: &str = "fsf-unexportable";
/// Diagnostic code of a rule `export` leaves out.
pub const NOT_EXPORTED: &str = "fsf-not-exported";

struct Exp<'a> {
    v: &'a Variant,
    at: Statements,
    keys: Vec<(String, String)>,
    errors: Vec<Diagnostic>,
    notes: Vec<String>,
    warnings: Vec<Diagnostic>,
    w: i32,
    h: i32,
    holes: BTreeSet<(i32, i32)>,
}

/// What a piece becomes in Fairy-Stockfish.
#[derive(Debug, Clone)]
enum Fsf {
    Pawn,
    /// Fairy-Stockfish's soldier: `fW`, and `sW` from a relative rank on.
    Soldier,
    King(String),
    Custom(u8, String),
}

impl Exp<'_> {
    fn place(&self, keyword: &str, with: Option<&str>) -> (Arc<str>, Span) {
        self.at
            .find(keyword, with)
            .or_else(|| self.at.head.clone())
            .unwrap_or_else(|| (Arc::from(self.v.name.as_str()), Span::default()))
    }

    fn refuse(&mut self, keyword: &str, with: Option<&str>, msg: impl Into<String>) {
        let (f, s) = self.place(keyword, with);
        self.errors.push(
            Diagnostic::error(UNEXPORTABLE, &f, s, msg.into())
                .hint("Fairy-Stockfish has no option for this rule: the variant is not exported"),
        );
    }

    fn refuse_end(&mut self, word: &str, msg: impl Into<String>) {
        let (f, s) = self
            .at
            .end_rule(word)
            .or_else(|| self.at.head.clone())
            .unwrap_or_else(|| (Arc::from(self.v.name.as_str()), Span::default()));
        self.errors.push(
            Diagnostic::error(UNEXPORTABLE, &f, s, msg.into())
                .hint("Fairy-Stockfish has no option for this rule: the variant is not exported"),
        );
    }

    /// A rule left out (it only adjudicates, or Fairy-Stockfish decides
    /// it its own way): a comment in the section and a warning.
    fn leave_out(&mut self, word: &str, note: String) {
        let (f, s) = self
            .at
            .end_rule(word)
            .or_else(|| self.at.head.clone())
            .unwrap_or_else(|| (Arc::from(self.v.name.as_str()), Span::default()));
        self.warnings.push(
            Diagnostic::warning(NOT_EXPORTED, &f, s, format!("not exported: {note}"))
                .hint("Fairy-Stockfish has no option for this rule; the section plays without it"),
        );
        self.notes.push(note);
    }

    fn set(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        self.keys.retain(|(k, _)| k != key);
        self.keys.push((key.to_string(), value));
    }

    fn square(&self, c: Coord) -> String {
        format!("{}{}", (b'a' + c.x as u8) as char, c.y + 1)
    }

    /// A set of squares in Fairy-Stockfish's Bitboard syntax.
    fn bitboard(&self, squares: &[Coord]) -> String {
        let set: BTreeSet<(i32, i32)> = squares.iter().map(|c| (c.x, c.y)).collect();
        if set.is_empty() {
            return "-".into();
        }
        let mut parts = Vec::new();
        let mut rest = set.clone();
        for y in 0..self.h {
            let row: BTreeSet<(i32, i32)> = (0..self.w)
                .map(|x| (x, y))
                .filter(|s| !self.holes.contains(s))
                .collect();
            if !row.is_empty() && row.is_subset(&set) {
                parts.push(format!("*{}", y + 1));
                rest = &rest - &row;
            }
        }
        for (x, y) in rest {
            parts.push(self.square(Coord::new(x, y)));
        }
        parts.join(" ")
    }

    fn region_squares(&self, r: ir::RegionId, player: usize) -> Vec<Coord> {
        self.v.regions[r as usize]
            .squares
            .get(player)
            .cloned()
            .unwrap_or_default()
    }

    fn zone_squares(&self, z: &Zone, player: usize) -> Vec<Coord> {
        match z {
            Zone::Region(r) => self.region_squares(*r, player),
            Zone::FarEdge => {
                let dy = if player == 0 { 1 } else { -1 };
                let mut out = Vec::new();
                for x in 0..self.w {
                    let mut ys: Vec<i32> = (0..self.h)
                        .filter(|&y| !self.holes.contains(&(x, y)))
                        .collect();
                    if dy < 0 {
                        ys.reverse();
                    }
                    if let Some(&y) = ys.last() {
                        out.push(Coord::new(x, y));
                    }
                }
                out
            }
        }
    }
}

fn same(a: &[Atom], b: &[Atom]) -> bool {
    let key = |v: &[Atom]| {
        let mut s: Vec<String> = v
            .iter()
            .flat_map(|a| {
                a.vectors
                    .iter()
                    .map(move |x| format!("{x:?}{}{:?}{:?}{:?}", a.range, a.mode, a.path, a.timing))
            })
            .collect();
        s.sort();
        s
    };
    key(a) == key(b)
}

/// The section name `export` gives a variant: `name` when given (it must
/// not be empty nor hold `[`, `]`, `:`, `#`, `;`, `=` or a control
/// character), else the variant's name, or `varia-NAME` when
/// Fairy-Stockfish has a built-in variant of that name (it would ignore a
/// section that redefines one).
pub fn section_name(v: &Variant, name: Option<&str>) -> Result<String, String> {
    match name {
        Some(n) => {
            if n.is_empty()
                || n.chars()
                    .any(|c| c.is_control() || "[]:#;=".contains(c) || c.is_whitespace())
            {
                return Err(format!(
                    "`{n}` cannot name a section (no spaces, `[`, `]`, `:`, `#`, `;` or `=`)"
                ));
            }
            if super::builtins::get(n).is_some() {
                return Err(format!(
                    "Fairy-Stockfish has a built-in variant `{n}` and would ignore a section of that name"
                ));
            }
            Ok(n.to_string())
        }
        None if super::builtins::get(&v.name).is_some() => Ok(format!("varia-{}", v.name)),
        None => Ok(v.name.clone()),
    }
}

/// A variant written as a section.
#[derive(Debug, Clone)]
pub struct Exported {
    /// The section, with its comments.
    pub text: String,
    /// The rules left out (`fsf-not-exported`), also written as comments.
    pub warnings: Vec<Diagnostic>,
}

/// Export a checked variant as a variants.ini section named `section`
/// (see [`section_name`]), or the rules Fairy-Stockfish cannot express.
pub fn export(v: &Variant, checked: &Checked, section: &str) -> Result<Exported, Vec<Diagnostic>> {
    let (w, h, holes) = match &v.board.shape {
        Shape::Rect {
            width,
            height,
            holes,
        } => (
            *width as i32,
            *height as i32,
            holes.iter().map(|c| (c.x, c.y)).collect::<BTreeSet<_>>(),
        ),
        Shape::Unbounded { .. } => (0, 0, BTreeSet::new()),
    };
    let mut e = Exp {
        v,
        at: Statements::of(checked, &v.name),
        keys: Vec::new(),
        errors: Vec::new(),
        notes: Vec::new(),
        warnings: Vec::new(),
        w,
        h,
        holes,
    };
    structure(&mut e);
    if !e.errors.is_empty() {
        return Err(e.errors);
    }
    let pieces = pieces(&mut e);
    setup(&mut e, &pieces);
    turn(&mut e, &pieces);
    promotion::promotion(&mut e, &pieces);
    promotion::drops(&mut e, &pieces);
    end::endings(&mut e, &pieces);
    if !e.errors.is_empty() {
        crate::diagnostic::sort(&mut e.errors);
        return Err(e.errors);
    }
    let mut out = String::new();
    let where_ = e.at.head.as_ref().map(|(f, s)| {
        let text = checked.sources.get(f).unwrap_or("");
        format!("{}:{}", f, crate::diagnostic::line_col(text, s.start).0)
    });
    let _ = writeln!(
        out,
        "# {}: exported from varia{} by `varia export --format fsf-ini`.",
        v.title,
        where_.map(|w| format!(" ({w})")).unwrap_or_default()
    );
    if section != v.name {
        let _ = writeln!(
            out,
            "# Named `{section}`{}.",
            if super::builtins::get(&v.name).is_some() {
                format!(": Fairy-Stockfish has a built-in `{}`", v.name)
            } else {
                String::new()
            }
        );
    }
    for n in &e.notes {
        let _ = writeln!(out, "# Not exported: {n}");
    }
    let _ = writeln!(out, "[{section}]");
    for (k, val) in &e.keys {
        let _ = writeln!(out, "{k} = {val}");
    }
    Ok(Exported {
        text: out,
        warnings: e.warnings,
    })
}

/// Players, board, and the constructs with no Fairy-Stockfish counterpart.
fn structure(e: &mut Exp) {
    let v = e.v;
    if v.players.len() != 2 {
        e.refuse(
            "players",
            None,
            format!("{} players (Fairy-Stockfish plays two)", v.players.len()),
        );
        return;
    }
    if v.players[0].forward != ir::Dir::North || v.players[1].forward != ir::Dir::South {
        e.refuse(
            "players",
            None,
            "players facing other ways than north and south",
        );
    }
    if v.teams.len() != 2 {
        e.refuse("teams", None, "teams");
    }
    if v.turn.scoring.is_some() {
        e.refuse(
            "score",
            None,
            "points earned by events (`score`): Fairy-Stockfish counts none",
        );
    }
    if let Some(p) = v.pieces.iter().find(|p| p.letter.is_plus()) {
        e.refuse(
            "piece",
            None,
            format!(
                "a promoted form lettered `{}` (`{}`): every piece of Fairy-Stockfish's variants.ini has a letter of its own",
                p.letter, p.name
            ),
        );
    }
    if let Shape::Unbounded { .. } = v.board.shape {
        e.refuse("board", None, "an unbounded board");
        return;
    }
    if let Some(n) = v.board.hex {
        // Fairy-Stockfish's boards are grids of squares: hexagonal cells
        // (their six-way steps and names) cannot be carried.
        e.refuse(
            "board",
            None,
            format!("a hexagonal board (`board hex {n}`)"),
        );
        return;
    }
    if v.board.wrap.any() {
        // Fairy-Stockfish's boards have edges: no move crosses one.
        e.refuse(
            "board",
            None,
            "a board that wraps (`wrap files`, `wrap ranks`)",
        );
        return;
    }
    if v.board.layers > 1 {
        // Fairy-Stockfish plays one board: no man passes to another.
        e.refuse(
            "board",
            None,
            format!("a board in layers (`layers {}`)", v.board.layers),
        );
        return;
    }
    if e.w > FILE_MAX as i32 || e.h > RANK_MAX as i32 {
        e.refuse(
            "board",
            None,
            format!(
                "a {}x{} board (Fairy-Stockfish's largest is 12x10)",
                e.w, e.h
            ),
        );
    }
    if v.setup
        .men
        .iter()
        .any(|m| m.facing != v.players[m.owner as usize].forward)
    {
        e.refuse(
            "setup",
            Some("facing"),
            "men facing another way than their owner",
        );
    }
    let t = &v.turn;
    if t.draw || v.setup.decks.iter().any(|d| !d.is_empty()) {
        e.refuse("actions", Some("draw"), "drawing cards from a deck");
    }
    if v.setup.pools.iter().any(|d| !d.is_empty()) {
        e.refuse("setup", None, "pools");
    }
    if !t.powers.is_empty() {
        e.refuse("power", None, "a power (swap)");
    }
    if t.first_action.is_some() {
        e.refuse("first", None, "a required first action");
    }
    if !t.on_place.is_empty() || t.on_joker.is_some() {
        e.refuse("on", None, "an effect after a placement");
    }
    if !matches!(t.move_requires, Pred::True) {
        e.refuse("move", Some("requires"), "a condition on board moves");
    }
    if !t.move_where.is_empty() {
        e.refuse(
            "move",
            Some("where"),
            "a condition on board moves (`move ... where`)",
        );
    }
    if !t.check_bound.is_empty() {
        let only_makpong = t.check_bound.initial_not_in_check.is_empty()
            && t.check_bound.initial_lost_when_aimed.is_empty()
            && t.check_bound.initial_in_castling_field.is_empty()
            && t.check_bound.in_check.iter().all(|(p, m)| {
                *m == ir::InCheckMoves::CaptureChecker && v.pieces[*p as usize].royal
            });
        if !only_makpong {
            e.refuse(
                "initial",
                None,
                "moves that depend on check or on aiming men",
            );
        }
    }
    match t.captures {
        ir::Captures::Reborn => e.refuse(
            "captures",
            Some("reborn"),
            "captured men reborn on their rebirth squares (Circe)",
        ),
        ir::Captures::RebornCapturer => e.refuse(
            "captures",
            Some("reborn"),
            "capturers reborn on their rebirth squares (Anti-Circe)",
        ),
        ir::Captures::ToPrison => e.refuse(
            "captures",
            Some("prison"),
            "captured men held in prisons and exchanged back (Hostage chess)",
        ),
        _ => {}
    }
    if t.to_partner && t.captures == ir::Captures::ToHand {
        e.refuse(
            "captures",
            Some("partner's"),
            "captured men going to the partner's hand unmarked (Fairy-Stockfish's two boards keep promoted men marked: write `captures to partner's hand demoted`)",
        );
    }
    if v.pieces.iter().any(|p| p.captures_own) {
        e.refuse(
            "piece",
            Some("captures"),
            "pieces that capture their own men (`captures own`)",
        );
    }
    if v.pieces
        .iter()
        .any(|p| !p.captures_by.is_empty() || p.immobilises)
    {
        e.refuse(
            "piece",
            Some("captures"),
            "pieces that capture by approach, withdrawal, leaping, coordination, custody or imitation, or immobilise: Fairy-Stockfish has no such option",
        );
    }
    if v.pieces.iter().any(|p| p.captures_in_place) {
        e.refuse(
            "piece",
            Some("captures"),
            "pieces that capture without moving (`captures in place`): Fairy-Stockfish has no such option",
        );
    }
    if t.fog_of_war {
        // Fairy-Stockfish plays the true position; its fog (pyffish's
        // get_fog_fen) is drawn by the program around it, not an option.
        e.refuse(
            "fog",
            None,
            "fog of war (each player seeing only its view): a variants.ini section has no option for it, and Fairy-Stockfish would play the game with the whole board in view",
        );
    }
    if t.boards == 2 {
        // Fairy-Stockfish's `twoBoards` plays one board of the pair.
        e.refuse(
            "boards",
            None,
            "two boards played at once (`boards 2`): Fairy-Stockfish plays one board of a bughouse pair (`twoBoards`), with the men from the other board given in its FEN",
        );
    }
    if !t.face_down.is_empty() {
        e.refuse(
            "face",
            None,
            "face-down men (`face down`): a variants.ini section has no option for men whose kinds are hidden, and Fairy-Stockfish would play them as the kinds of their squares",
        );
    }
    if t.royal_at_most.is_some() {
        e.refuse(
            "check",
            Some("when"),
            "royal men that are royal only while few enough of them are left",
        );
    }
    if t.check_all_royals {
        e.refuse(
            "check",
            Some("all"),
            "check only when every royal man is attacked",
        );
    }
    if !t.keep_room.is_empty() || !t.placed_unmoved.is_empty() {
        e.refuse(
            "place",
            Some("unmoved"),
            "placed men that count as unmoved, or room kept for a piece",
        );
    }
    if t.gating.is_some() {
        e.refuse("gating", None, "gating");
    }
    if t.unlimited_hands {
        e.refuse("place", Some("unlimited"), "unlimited hands");
    }
    if t.plan.is_some() {
        e.refuse("turn", None, "turns of several actions");
    }
    if let Some(w) = &t.walls {
        if !w.reached && !w.moves {
            e.refuse(
                "then",
                None,
                "walls anywhere (Fairy-Stockfish's arrows are `then place wall reached`)",
            );
        }
    }
    if !v.invariants.is_empty() {
        e.refuse("always", None, "men that must stay connected");
    }
    if !v.removals.is_empty() {
        e.refuse_end("surrounded", "surrounded men removed");
    }
    if t.en_passant == ir::EnPassantWindow::NextPlayer && v.players.len() > 2 {
        e.refuse("en", None, "en passant for the next player only");
    }
}

/// Each piece as Fairy-Stockfish's pawn, king or a custom piece.
fn pieces(e: &mut Exp) -> Vec<Fsf> {
    let v = e.v;
    let royals: Vec<PieceId> = (0..v.pieces.len() as PieceId)
        .filter(|&i| v.pieces[i as usize].royal)
        .collect();
    if royals.len() > 1 {
        e.refuse(
            "piece",
            Some("royal"),
            "several royal pieces (Fairy-Stockfish has one king)",
        );
    }
    let pawn_moves = crate::check::betza::parse("fmW fceF ifmnD").unwrap_or_default();
    let pawn_plain = crate::check::betza::parse("fmW fceF").unwrap_or_default();
    let pawn_no_ep = crate::check::betza::parse("fmW fcF").unwrap_or_default();
    let mut out = Vec::new();
    let mut custom = 0u8;
    let mut pawn_taken = false;
    for (i, p) in v.pieces.iter().enumerate() {
        let name = p.name.as_str();
        if p.attacks.is_some() {
            e.refuse(
                "piece",
                Some(name),
                format!("`{name}` attacks other squares than it captures on"),
            );
        }
        if p.passes_own {
            e.refuse("piece", Some(name), format!("`{name}` passes its own men"));
        }
        let soldier = soldier_rank(e, p);
        if let Some(r) = soldier {
            e.set("soldierPromotionRank", (r + 1).to_string());
        } else if !p.zone_moves.is_empty() {
            e.refuse(
                "moves",
                Some(name),
                format!("`{name}` has more moves on some squares"),
            );
        }
        if !p.hop_not_over.is_empty() || !p.never_captures.is_empty() {
            e.refuse(
                "hop",
                Some(name),
                format!("`{name}` may not hop over or capture some kinds"),
            );
        }
        let pawnlike = !p.royal
            && !pawn_taken
            && (same(&p.moves, &pawn_moves)
                || same(&p.moves, &pawn_plain)
                || same(&p.moves, &pawn_no_ep));
        let letter = p.letter.ch().to_ascii_lowercase();
        let fsf = if soldier.is_some() {
            Fsf::Soldier
        } else if pawnlike {
            pawn_taken = true;
            Fsf::Pawn
        } else {
            let text = match betza::to_fsf(&p.moves) {
                Ok(t) => t,
                Err(why) => {
                    e.refuse("piece", Some(name), format!("the moves of `{name}`: {why}"));
                    String::new()
                }
            };
            if p.royal {
                Fsf::King(text)
            } else {
                custom += 1;
                if custom > super::rules::CUSTOM_PIECES {
                    e.refuse(
                        "piece",
                        Some(name),
                        "more custom pieces than Fairy-Stockfish's 25",
                    );
                }
                Fsf::Custom(custom, text)
            }
        };
        match &fsf {
            Fsf::Pawn => e.set("pawn", letter.to_string()),
            Fsf::Soldier => e.set("soldier", letter.to_string()),
            Fsf::King(t) if t == "K" || t.is_empty() => e.set("king", letter.to_string()),
            Fsf::King(t) => e.set("king", format!("{letter}:{t}")),
            Fsf::Custom(n, t) => e.set(&format!("customPiece{n}"), format!("{letter}:{t}")),
        }
        if let Some(r) = p.confined {
            let key = match &fsf {
                Fsf::Pawn => "Pawn".to_string(),
                Fsf::Soldier => "Soldier".to_string(),
                Fsf::King(_) => "King".to_string(),
                Fsf::Custom(n, _) => format!("CustomPiece{n}"),
            };
            for (pl, col) in ["White", "Black"].iter().enumerate() {
                let b = e.bitboard(&e.region_squares(r, pl));
                e.set(&format!("mobilityRegion{col}{key}"), b);
            }
        }
        let _ = i;
        out.push(fsf);
    }
    // The initial moves: Fairy-Stockfish opens them on one region per side.
    initial_moves(e, &out);
    let table = piece_to_char(v);
    e.set("pieceToCharTable", table);
    out
}

/// The rank (relative, from 0) from which a piece moving `fW` also moves
/// `sW`: Fairy-Stockfish's soldier and its `soldierPromotionRank`.
fn soldier_rank(e: &Exp, p: &ir::Piece) -> Option<i32> {
    let fw = crate::check::betza::parse("fW").ok()?;
    let sw = crate::check::betza::parse("sW").ok()?;
    let [z] = &p.zone_moves[..] else { return None };
    if !same(&p.moves, &fw) || !same(&z.atoms, &sw) || z.inside {
        return None;
    }
    let white: BTreeSet<Coord> = e.region_squares(z.region, 0).into_iter().collect();
    let black: BTreeSet<Coord> = e.region_squares(z.region, 1).into_iter().collect();
    let from = white.iter().map(|c| c.y).min()?;
    let real = |ys: std::ops::Range<i32>| -> BTreeSet<Coord> {
        ys.flat_map(|y| (0..e.w).map(move |x| Coord::new(x, y)))
            .filter(|c| !e.holes.contains(&(c.x, c.y)))
            .collect()
    };
    (white == real(from..e.h) && black == real(0..e.h - from)).then_some(from)
}

/// `doubleStep` and its region, from `initial PIECE in REGION` or from the
/// squares the men of such pieces start on.
fn initial_moves(e: &mut Exp, fsf: &[Fsf]) {
    let v = e.v;
    let with: Vec<usize> = (0..v.pieces.len())
        .filter(|&i| {
            v.pieces[i]
                .moves
                .iter()
                .any(|a| a.timing == Timing::Initial)
        })
        .collect();
    if with.is_empty() {
        e.set("doubleStep", "false");
        return;
    }
    let mut regions: [BTreeSet<Coord>; 2] = Default::default();
    let mut first = true;
    for &i in &with {
        let p = &v.pieces[i];
        let sets: [BTreeSet<Coord>; 2] = match p.initial_region {
            Some(r) => [0, 1].map(|pl| e.region_squares(r, pl).into_iter().collect()),
            None => {
                // Unmoved men: the squares where they start, exact when every
                // man of the kind starts on one rank, only moves forward and
                // never enters from the hand.
                let forward = p
                    .moves
                    .iter()
                    .filter(|a| a.timing == Timing::Always)
                    .all(|a| a.vectors.iter().all(|&(_, y)| y > 0));
                let in_hand = v
                    .setup
                    .hands
                    .iter()
                    .any(|h| h.iter().any(|&(k, _)| k as usize == i))
                    || v.turn.captures.to_hand();
                let mut sets: [BTreeSet<Coord>; 2] = Default::default();
                for m in v.setup.men.iter().filter(|m| m.piece as usize == i) {
                    sets[m.owner as usize].insert(m.at);
                }
                let one_rank = sets
                    .iter()
                    .all(|s| s.iter().map(|c| c.y).collect::<BTreeSet<_>>().len() <= 1);
                if !(forward && one_rank && !in_hand) {
                    e.refuse(
                        "piece",
                        Some(&p.name),
                        format!("the initial moves of `{}` belong to unmoved men; Fairy-Stockfish's belong to squares (write `initial {} in REGION`)", p.name, p.name),
                    );
                }
                // Their ranks, whole: Fairy-Stockfish's regions of the kind.
                [0, 1].map(|pl| {
                    let ranks: BTreeSet<i32> = sets[pl].iter().map(|c| c.y).collect();
                    (0..e.w)
                        .flat_map(|x| ranks.iter().map(move |&y| Coord::new(x, y)))
                        .filter(|c| !e.holes.contains(&(c.x, c.y)))
                        .collect()
                })
            }
        };
        if first {
            regions = sets;
            first = false;
        } else if regions != sets {
            e.refuse("initial", None, "initial moves open on different squares for different pieces (Fairy-Stockfish has one double-step region)");
        }
        if p.moves
            .iter()
            .any(|a| a.timing == Timing::Initial && a.mode.can_capture())
        {
            e.refuse(
                "piece",
                Some(&p.name),
                format!("`{}` captures with an initial move", p.name),
            );
        }
        let _ = fsf;
    }
    e.set("doubleStep", "true");
    let [a, b] = regions.map(|s| s.into_iter().collect::<Vec<_>>());
    let (wa, wb) = (e.bitboard(&a), e.bitboard(&b));
    e.set("doubleStepRegionWhite", wa);
    e.set("doubleStepRegionBlack", wb);
}

/// Captures, checks, explosions, en passant, walls.
fn turn(e: &mut Exp, fsf: &[Fsf]) {
    let v = e.v;
    let t = &v.turn;
    if t.no_checks {
        e.set("checking", "false");
    }
    if t.must_capture {
        e.set("mustCapture", "true");
    }
    if t.must_place {
        e.set("mustDrop", "true");
        match t.must_place_kinds.as_slice() {
            [] => {}
            [k] => e.set(
                "mustDropType",
                v.pieces[*k as usize]
                    .letter
                    .ch()
                    .to_ascii_lowercase()
                    .to_string(),
            ),
            _ => e.refuse("must", None, "compulsory placements of several kinds"),
        }
    }
    if !t.petrify.is_empty() {
        let s: String = t
            .petrify
            .iter()
            .map(|&k| v.pieces[k as usize].letter.ch().to_ascii_lowercase())
            .collect();
        e.set("petrifyOnCaptureTypes", s);
    }
    for (p, _) in &t.check_bound.in_check {
        if matches!(fsf.get(*p as usize), Some(Fsf::King(_))) {
            e.set("makpongRule", "true");
        }
    }
    if !t.facing_illegal.is_empty() {
        if t.facing_illegal
            .iter()
            .all(|&p| matches!(fsf.get(p as usize), Some(Fsf::King(_))))
        {
            e.set("flyingGeneral", "true");
        } else {
            e.refuse("facing", None, "facing men of another kind than the king");
        }
    }
    if t.pass {
        // Fairy-Stockfish's `pass` ends the game after two passes in a row.
        if v.end.iter().any(|r| r.when == ir::Event::Passes(2)) {
            e.set("pass", "true");
        } else {
            e.refuse(
                "actions",
                None,
                "passing without `passes 2` ending the game",
            );
        }
    }
    if !t.facing_must_break.is_empty() {
        let kings = t
            .facing_must_break
            .iter()
            .all(|&p| matches!(fsf.get(p as usize), Some(Fsf::King(_))));
        let kept = v
            .end
            .iter()
            .any(|r| r.when == ir::Event::FacingKept && r.then == ir::Outcome::Draw);
        if kings && kept && t.pass {
            e.set("bikjangRule", "true");
        } else {
            e.refuse(
                "facing",
                None,
                "a facing to break other than the kings' with passes and `facing kept -> draw`",
            );
        }
    }
    if let Some(x) = &t.explosion {
        let spared: Vec<PieceId> = x.spared.clone();
        let pawn: Vec<PieceId> = (0..fsf.len() as PieceId)
            .filter(|&i| matches!(fsf[i as usize], Fsf::Pawn))
            .collect();
        if spared != pawn {
            e.refuse(
                "explode",
                None,
                "explosions that spare other men than the pawn",
            );
        }
        e.set("blastOnCapture", "true");
        let immune: String = x
            .immune
            .iter()
            .map(|&k| v.pieces[k as usize].letter.ch().to_ascii_lowercase())
            .collect();
        if !immune.is_empty() {
            e.set("blastImmuneTypes", immune);
        }
    }
    if !t.mutually_immune.is_empty() {
        let s: String = t
            .mutually_immune
            .iter()
            .map(|&k| v.pieces[k as usize].letter.ch().to_ascii_lowercase())
            .collect();
        e.set("mutuallyImmuneTypes", s);
    }
    if let Some(r) = t.en_passant_region {
        let (a, b) = (
            e.bitboard(&e.region_squares(r, 0)),
            e.bitboard(&e.region_squares(r, 1)),
        );
        e.set("enPassantRegionWhite", a);
        e.set("enPassantRegionBlack", b);
    }
    if let Some(w) = &t.walls {
        let rule = if w.moves {
            "duck"
        } else if w.reached {
            "arrow"
        } else if w.vacated {
            "past"
        } else {
            "static"
        };
        e.set("wallingRule", rule);
        if let Some(r) = w.region {
            let (a, b) = (
                e.bitboard(&e.region_squares(r, 0)),
                e.bitboard(&e.region_squares(r, 1)),
            );
            e.set("wallingRegionWhite", a);
            e.set("wallingRegionBlack", b);
        }
    }
    if !t.flips.is_empty() {
        for f in &t.flips {
            match (f.how, f.men.who, f.men.piece) {
                (ir::FlipHow::Enclosed, Who::Enemy, None) => e.set("flipEnclosedPieces", "reversi"),
                (ir::FlipHow::Touching, Who::Enemy, None) => e.set("flipEnclosedPieces", "ataxx"),
                _ => e.refuse("flip", None, "this flip"),
            }
        }
    }
    if t.captures == Captures::None {
        e.refuse("captures", Some("none"), "no captures");
    }
    let resets: BTreeSet<PieceId> = v
        .quiet_resets
        .iter()
        .filter_map(|r| match r {
            ir::Reset::Piece(p) => Some(*p),
            _ => None,
        })
        .collect();
    if v.quiet_resets.contains(&ir::Reset::Castling) {
        e.refuse_end("quiet", "the quiet-move counter reset by castling");
    }
    if v.quiet_resets.contains(&ir::Reset::Promotion)
        && (0..v.pieces.len())
            .any(|k| v.pieces[k].promotion.is_some() && !resets.contains(&(k as PieceId)))
    {
        // Fairy-Stockfish resets it by the moves of nMoveRuleTypes only.
        e.refuse_end(
            "quiet",
            "the quiet-move counter reset by the promotion of a kind whose other moves do not reset it",
        );
    }
    let types: String = resets
        .iter()
        .map(|&k| v.pieces[k as usize].letter.ch().to_ascii_lowercase())
        .collect();
    e.set(
        "nMoveRuleTypes",
        if types.is_empty() { "-".into() } else { types },
    );
    let ep: String = (0..v.pieces.len())
        .filter(|&i| v.pieces[i].moves.iter().any(|a| a.mode == Mode::EnPassant))
        .map(|i| v.pieces[i].letter.ch().to_ascii_lowercase())
        .collect();
    if !ep.is_empty() {
        e.set("enPassantTypes", ep);
    }
    let _ = Path::Direct;
}
