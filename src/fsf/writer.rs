//! The writer to varia's language: a section's resolved rules become one
//! `variant` block. Every rule is written from the rules alone (a section's
//! output depends only on its options and its parent's); what varia cannot
//! express is refused through the [`Ledger`], naming the option.

use super::betza::{self, Moves};
use super::fen::{self, Fen};
use super::ledger::Ledger;
use super::rules::{Bb, Color, Kind, PieceSet, Rules, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// One piece of the varia file.
#[derive(Debug, Clone)]
pub(super) struct VPiece {
    pub name: String,
    pub letter: char,
    /// varia Betza, or `None` for `moves none`.
    pub betza: Option<String>,
    pub royal: bool,
    pub promotes_to: Option<String>,
}

pub(super) struct Writer<'a> {
    pub r: &'a Rules,
    pub led: &'a mut Ledger,
    pub fen: Fen,
    /// The varia piece of each Fairy-Stockfish type used.
    pub names: BTreeMap<Kind, String>,
    /// The FSF moves of each type (for immobility and forms).
    pub moves: BTreeMap<Kind, Moves>,
    pub pieces: Vec<VPiece>,
    /// base type → its promoted form's varia name.
    pub forms: BTreeMap<Kind, String>,
    pub regions: Vec<(String, [Bb; 2])>,
    pub body: Vec<String>,
    pub ends: Vec<String>,
    /// Royal types (the king, and pseudo-royal extinction types).
    pub royal: BTreeSet<Kind>,
}

pub(super) fn value_word(v: Value) -> Option<&'static str> {
    match v {
        Value::Win => Some("win"),
        Value::Loss => Some("lose"),
        Value::Draw => Some("draw"),
        Value::None => None,
    }
}

impl<'a> Writer<'a> {
    pub fn new(r: &'a Rules, led: &'a mut Ledger) -> Writer<'a> {
        Writer {
            r,
            fen: fen::read(r),
            led,
            names: BTreeMap::new(),
            moves: BTreeMap::new(),
            pieces: Vec::new(),
            forms: BTreeMap::new(),
            regions: Vec::new(),
            body: Vec::new(),
            ends: Vec::new(),
            royal: BTreeSet::new(),
        }
    }

    /// The board's real squares (walls taken out).
    pub fn real(&self) -> Bb {
        let mut b = self.r.board();
        for &(f, r) in &self.fen.walls {
            b = b & !Bb::square(f, r);
        }
        b
    }

    /// The varia names of a set of types (their promoted forms included:
    /// Fairy-Stockfish counts a promoted man as a man of its type).
    pub fn kinds(&self, set: &PieceSet) -> Vec<String> {
        let mut out = Vec::new();
        let all = set.contains(&Kind::All);
        for (k, n) in &self.names {
            if all || set.contains(k) {
                out.push(n.clone());
            }
        }
        for (base, f) in &self.forms {
            let t = self.r.promoted_piece_type[base];
            if all || set.contains(&t) {
                out.push(f.clone());
            }
        }
        out
    }

    /// Name a region (reusing one with the same squares).
    pub fn region(&mut self, hint: &str, sets: [Bb; 2]) -> String {
        let real = self.real();
        let sets = [sets[0] & real, sets[1] & real];
        if let Some((n, _)) = self.regions.iter().find(|(_, s)| *s == sets) {
            return n.clone();
        }
        let mut name = hint.to_string();
        let mut k = 2;
        while self.regions.iter().any(|(n, _)| *n == name) {
            name = format!("{hint}_{k}");
            k += 1;
        }
        self.regions.push((name.clone(), sets));
        name
    }

    /// A set of squares as region terms.
    fn terms(&self, b: Bb) -> String {
        let real = self.real();
        if b == real && !b.is_empty() {
            return "all".into();
        }
        let mut parts = Vec::new();
        let mut rest = b;
        let mut full: Vec<u8> = Vec::new();
        for rank in 0..self.r.max_rank {
            let row = Bb::rank(rank) & real;
            if !row.is_empty() && (b & row) == row {
                full.push(rank);
                rest = rest & !row;
            }
        }
        let mut i = 0;
        while i < full.len() {
            let mut j = i;
            while j + 1 < full.len() && full[j + 1] == full[j] + 1 {
                j += 1;
            }
            if i == j {
                parts.push(format!("rank {}", full[i] + 1));
            } else {
                parts.push(format!("ranks {}..{}", full[i] + 1, full[j] + 1));
            }
            i = j + 1;
        }
        let sqs: Vec<String> = rest.squares().into_iter().map(square).collect();
        if !sqs.is_empty() || parts.is_empty() {
            parts.push(format!("squares {}", sqs.join(" ")).trim_end().to_string());
        }
        parts.join(" + ")
    }

    fn region_lines(&self) -> Vec<String> {
        self.regions
            .iter()
            .map(|(n, [w, b])| {
                if w == b {
                    format!("region {n}: {}", self.terms(*w))
                } else {
                    format!(
                        "region {n}: white {}, black {}",
                        self.terms(*w),
                        self.terms(*b)
                    )
                }
            })
            .collect()
    }

    fn free_letter(&self) -> Option<char> {
        let used: BTreeSet<char> = self
            .pieces
            .iter()
            .map(|p| p.letter)
            .chain(self.r.pieces.values().map(|d| d.letter))
            .collect();
        ('A'..='Z').rev().find(|c| !used.contains(c))
    }

    /// The pieces: names, Betza, royalty.
    fn pieces(&mut self) {
        let r = self.r;
        let initial_ok = r.double_step
            && !(r.double_step_region[0].is_empty() && r.double_step_region[1].is_empty());
        // Men take en passant only where some move leaves a target: a
        // pawn's double step, or an initial move (movegen.cpp, position.cpp).
        let ep_made = initial_ok
            && r.pieces.iter().any(|(k, d)| {
                *k == Kind::PAWN
                    || d.betza
                        .as_deref()
                        .is_some_and(|b| betza::read_fsf(b).has_initial())
            })
            || r.pieces.contains_key(&Kind::PAWN)
                && r.triple_step_region.iter().any(|b| !b.is_empty());
        let ep_pieces: BTreeSet<Kind> = if ep_made {
            r.en_passant_types[0]
                .union(&r.en_passant_types[1])
                .copied()
                .collect()
        } else {
            BTreeSet::new()
        };
        for (&kind, def) in &r.pieces {
            let name = kind.varia_name();
            let text: String = match (&def.betza, kind) {
                (Some(b), _) => b.clone(),
                (None, k) => k.builtin_betza().unwrap_or("").to_string(),
            };
            let mut m = betza::read_fsf(&text);
            let key = kind.ini_name();
            if m.has_initial() && !initial_ok {
                m = m.without_initial();
            }
            if kind == Kind::PAWN {
                // The pawn's double and triple steps (movegen.cpp), not Betza.
                let mut extra = String::new();
                if initial_ok {
                    extra.push_str("ifmnD");
                }
                let triple =
                    !(r.triple_step_region[0].is_empty() && r.triple_step_region[1].is_empty());
                if triple {
                    if r.triple_step_region != r.double_step_region && initial_ok {
                        self.led.refuse(
                            &["tripleStepRegionWhite", "tripleStepRegionBlack"],
                            "the pawn's triple steps have another region than its double steps; varia ties every initial move of a piece to one region",
                            "give the triple and double steps the same region, or leave the triple steps out",
                        );
                    }
                    extra.push_str("ifmnH");
                }
                for (k, v) in betza::read_fsf(&extra).maps {
                    m.maps.entry(k).or_default().extend(v);
                }
            }
            if ep_made
                && r.en_passant_types[0].contains(&kind) != r.en_passant_types[1].contains(&kind)
                && kind != Kind::PAWN
            {
                self.led.refuse(
                    &[
                        "enPassantTypesWhite",
                        "enPassantTypesBlack",
                        "enPassantTypes",
                        "pawnTypes",
                    ],
                    format!("`{key}` takes en passant for one side only"),
                    "",
                );
            }
            let ep = ep_made && (kind == Kind::PAWN || ep_pieces.contains(&kind));
            let soldier = kind.is("soldier") && r.soldier_promotion_rank > 1;
            let moves_for_text = if soldier {
                betza::read_fsf("fW")
            } else {
                m.clone()
            };
            let betza_text = match betza::to_varia(&moves_for_text, ep) {
                Ok(t) => t,
                Err(e) => {
                    self.led.refuse(
                        &[key.as_str()],
                        format!("the moves of `{key}` (`{text}`): {e}"),
                        "",
                    );
                    None
                }
            };
            if soldier {
                let zone = self.rank_zone(r.soldier_promotion_rank - 1);
                let region = self.region("soldier_zone", zone);
                self.body.push(format!("moves {name} in {region}: \"sW\""));
            }
            if kind.is("janggiCannon") {
                self.body.push(format!("hop {name}: not over {name}"));
                self.body.push(format!("immune {name}: from {name}"));
            }
            self.moves.insert(kind, m);
            self.names.insert(kind, name.clone());
            self.pieces.push(VPiece {
                name,
                letter: def.letter,
                betza: betza_text,
                royal: kind == Kind::King,
                promotes_to: None,
            });
        }
        if initial_ok {
            let with_initial: Vec<String> = self
                .moves
                .iter()
                .filter(|(_, m)| m.has_initial())
                .map(|(k, _)| self.names[k].clone())
                .collect();
            if !with_initial.is_empty() {
                let region = self.region("double_step", r.double_step_region);
                self.body
                    .push(format!("initial {} in {region}", with_initial.join(", ")));
            }
        }
        // Lame moves leave en-passant targets in varia, only initial moves
        // (and the pawn's steps) do in Fairy-Stockfish.
        let takes_ep = self
            .pieces
            .iter()
            .any(|p| p.betza.as_deref().is_some_and(|b| b.contains('e')));
        if takes_ep {
            for (k, m) in &self.moves {
                let lame = m.maps.iter().any(|(&(cat, initial, _), map)| {
                    cat == betza::Cat::Step && !initial && map.values().any(|&d| d < 0)
                });
                if lame {
                    let key = k.ini_name();
                    self.led.refuse(
                        &[key.as_str()],
                        format!("`{key}` makes lame moves (`n`) and men of this variant take en passant: varia leaves en-passant targets behind every lame move, Fairy-Stockfish only behind double steps and initial moves"),
                        "",
                    );
                }
            }
        }
    }

    /// Each side's ranks from relative rank `from` (from 0) on.
    pub fn rank_zone(&self, from: u8) -> [Bb; 2] {
        let ranks = self.r.max_rank;
        let white = (from..ranks).fold(Bb::EMPTY, |b, x| b | Bb::rank(x));
        [white, white.flipped(ranks)]
    }

    /// Royal types: the king, and pseudo-royal extinction types where their
    /// number never grows above one over the count.
    fn royalty(&mut self) {
        let r = self.r;
        if r.has_king() {
            self.royal.insert(Kind::King);
        }
        if !r.extinction_pseudo_royal {
            return;
        }
        let keys = [
            "extinctionPseudoRoyal",
            "extinctionPieceTypes",
            "extinctionPieceCount",
        ];
        if r.duple_check {
            self.led.refuse(&["dupleCheck"], "check only when every pseudo-royal piece is attacked (varia's `check all royals` holds for every royal kind)", "");
        }
        if r.extinction_piece_types.contains(&Kind::All) {
            self.led.refuse(&keys, "every piece pseudo-royal (`*`)", "");
            return;
        }
        let limit = r.extinction_piece_count + 1;
        let board = (r.max_rank as i64) * (r.max_file as i64);
        for &k in &r.extinction_piece_types {
            if !r.pieces.contains_key(&k) {
                continue;
            }
            if limit < board {
                let grows = r.promotion_piece_types.iter().any(|s| s.contains(&k))
                    || r.promoted_piece_type.values().any(|&t| t == k)
                    || self.fen.hands.iter().any(|h| h.contains(&k));
                let counts = Color::BOTH.map(|c| {
                    self.fen
                        .men
                        .iter()
                        .filter(|m| m.kind == k && m.color == c)
                        .count() as i64
                });
                if grows || counts.iter().any(|&n| n > limit) {
                    self.led.refuse(
                        &keys,
                        format!(
                            "`{}` is pseudo-royal only while a side has at most {limit} of it, and that number can change in this variant: varia's royal pieces are royal for the whole game",
                            k.ini_name()
                        ),
                        "",
                    );
                    continue;
                }
            }
            self.royal.insert(k);
        }
        for p in &mut self.pieces {
            if self
                .royal
                .iter()
                .any(|k| self.names.get(k) == Some(&p.name))
            {
                p.royal = true;
            }
        }
    }

    /// The start position.
    fn setup(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        if !self.fen.unknown.is_empty() {
            let u: String = self.fen.unknown.iter().collect();
            self.led.refuse(
                &["startFen"],
                format!("the start position names `{u}`, which is no piece of the variant"),
                "",
            );
        }
        for c in Color::BOTH {
            let mut by_letter: BTreeMap<char, Vec<String>> = BTreeMap::new();
            for m in self.fen.men.iter().filter(|m| m.color == c) {
                let letter = match m.promoted_from {
                    Some(base) => match self
                        .forms
                        .get(&base)
                        .and_then(|f| self.pieces.iter().find(|p| p.name == *f))
                    {
                        Some(p) => p.letter,
                        None => {
                            self.led.refuse(
                                &["startFen"],
                                "a promoted man (`+`) of a piece with no promoted form",
                                "",
                            );
                            continue;
                        }
                    },
                    None => self.r.pieces[&m.kind].letter,
                };
                by_letter
                    .entry(letter)
                    .or_default()
                    .push(square((m.file, m.rank)));
            }
            if !by_letter.is_empty() {
                let groups: Vec<String> = by_letter
                    .iter()
                    .map(|(l, s)| format!("{l} {}", s.join(" ")))
                    .collect();
                lines.push(wrap(&format!("{}: ", c.name()), &groups));
            }
        }
        for c in Color::BOTH {
            let mut counts: BTreeMap<char, u32> = BTreeMap::new();
            for k in &self.fen.hands[c.i()] {
                *counts.entry(self.r.pieces[k].letter).or_default() += 1;
            }
            if !counts.is_empty() {
                let cards: Vec<String> = counts
                    .iter()
                    .map(|(l, n)| {
                        if *n == 1 {
                            l.to_string()
                        } else {
                            format!("{l}*{n}")
                        }
                    })
                    .collect();
                lines.push(format!("{} hand: {}", c.name(), cards.join(" ")));
            }
        }
        if self.fen.black_first {
            lines.push("first: black".into());
        }
        lines
    }

    /// Write the whole variant block; `None` when the section is refused.
    pub fn write(mut self, name: &str, title: &str) -> Option<String> {
        let r = self.r;
        self.hard_refusals();
        self.pieces();
        self.forms();
        self.royalty();
        self.mobility();
        self.promotions();
        self.drops();
        self.castling();
        self.captures_and_checks();
        self.end_rules();
        self.immobility();
        let setup = self.setup();
        if self.led.is_refused() {
            return None;
        }
        let mut out = String::new();
        let _ = writeln!(out, "variant {name} \"{}\" {{", title.replace('"', "'"));
        let _ = writeln!(out, "  players white, black");
        let holes: Vec<String> = self.fen.walls.iter().map(|&s| square(s)).collect();
        if holes.is_empty() {
            let _ = writeln!(out, "  board {}x{}", r.max_file, r.max_rank);
        } else {
            let _ = writeln!(
                out,
                "{}",
                wrap(
                    &format!("  board {}x{} holes ", r.max_file, r.max_rank),
                    &holes
                )
                .trim_end()
            );
        }
        out.push('\n');
        for p in &self.pieces {
            let moves = match &p.betza {
                Some(b) => format!("moves \"{b}\""),
                None => "moves none".into(),
            };
            let mut line = format!("  piece {} {} {moves}", p.name, p.letter);
            if p.royal {
                line.push_str(" royal");
            }
            if let Some(f) = &p.promotes_to {
                let _ = write!(line, " promotes to {f}");
            }
            let _ = writeln!(out, "{line}");
        }
        let regions = self.region_lines();
        if !regions.is_empty() {
            out.push('\n');
            for l in regions {
                let _ = writeln!(out, "  {l}");
            }
        }
        out.push_str("\n  setup {\n");
        for l in &setup {
            let _ = writeln!(out, "    {l}");
        }
        out.push_str("  }\n");
        if !self.body.is_empty() {
            out.push('\n');
            for l in &self.body {
                let _ = writeln!(out, "  {l}");
            }
        }
        out.push_str("\n  end {\n");
        for l in &self.ends {
            let _ = writeln!(out, "    {l}");
        }
        out.push_str("  }\n}\n");
        Some(out)
    }

    /// Rules no varia statement expresses.
    fn hard_refusals(&mut self) {
        let r = self.r;
        let mut refuse = |keys: &[&str], cond: bool, why: &str| {
            if cond {
                self.led.refuse(keys, why, "");
            }
        };
        refuse(
            &["sittuyinPromotion"],
            r.sittuyin_promotion,
            "Sittuyin's promotion in place",
        );
        refuse(
            &["sittuyinRookDrop"],
            r.sittuyin_rook_drop,
            "Sittuyin's rook drops",
        );
        refuse(
            &["gating"],
            r.gating,
            "rights kept in the castling field for gating or the Cambodian first moves",
        );
        refuse(
            &["seirawanGating"],
            r.seirawan_gating,
            "S-chess gating through the castling field",
        );
        refuse(
            &["cambodianMoves"],
            r.cambodian_moves,
            "the Cambodian king's and met's first moves",
        );
        refuse(
            &["diagonalLines"],
            !r.diagonal_lines.is_empty(),
            "Janggi's palace diagonals for every piece type",
        );
        refuse(
            &["pass", "passWhite", "passBlack"],
            r.pass[0] != r.pass[1],
            "passing for one side only",
        );
        refuse(
            &["bikjangRule"],
            r.bikjang_rule && !r.has_king(),
            "bikjang without a king",
        );
        refuse(
            &["oppositeCastling"],
            r.opposite_castling,
            "castling only to the side the opponent did not castle to",
        );
        refuse(
            &["castlingWins"],
            !r.castling_wins.is_empty(),
            "castling as a way to win",
        );
        refuse(&["wallOrMove"], r.wall_or_move, "a wall instead of a move");
        refuse(
            &[
                "passOnStalemateWhite",
                "passOnStalemateBlack",
                "passOnStalemate",
            ],
            r.pass_on_stalemate[0] != r.pass_on_stalemate[1],
            "passing when stalemated for one side only",
        );
        let connect = r.connect_n > 0
            || r.connect_nxn > 0
            || r.collinear_n > 0
            || r.connect_region1
                .iter()
                .chain(r.connect_region2.iter())
                .any(|b| !b.is_empty());
        refuse(
            &[
                "connectN",
                "connectNxN",
                "collinearN",
                "connectRegion1White",
                "connectRegion1Black",
            ],
            connect,
            "a goal of men in a row or connected across the board: varia has no such goal",
        );
        let wall = match r.walling_rule.as_str() {
            "none" => None,
            "arrow" => Some("then place wall reached"),
            "duck" => Some("then move wall"),
            "past" => Some("then place wall vacated"),
            "static" => Some("then place wall"),
            other => {
                self.led.refuse(&["wallingRule"], format!("the walling rule `{other}` (varia's walls are `then place wall` with `reached`, `vacated` or neither, and the duck of `then move wall`)"), "");
                None
            }
        };
        if let Some(w) = wall {
            if r.walling_region != [Bb::ALL; 2] {
                let region = self.region("wall_squares", r.walling_region);
                self.body.push(format!("{w} in {region}"));
            } else {
                self.body.push(w.into());
            }
        }
        if r.makpong_rule && r.has_king() {
            self.body
                .push("while in check: king may only capture the checker".into());
        }
        if r.flying_general && r.has_king() {
            self.body.push("facing king: illegal".into());
        }
        if r.bikjang_rule && r.has_king() {
            self.body.push("facing king: must break".into());
        }
    }

    /// Promoted forms: one piece per (type, promoted type) pair.
    fn forms(&mut self) {
        let r = self.r;
        let pairs: Vec<(Kind, Kind)> = r
            .promoted_piece_type
            .iter()
            .filter(|(k, _)| r.pieces.contains_key(k))
            .map(|(&k, &t)| (k, t))
            .collect();
        for (base, target) in pairs {
            if !r.pieces.contains_key(&target) {
                self.led.refuse(
                    &["promotedPieceType"],
                    format!(
                        "`{}` promotes to a type the variant does not use",
                        base.ini_name()
                    ),
                    "",
                );
                continue;
            }
            if target == Kind::King
                || r.extinction_pseudo_royal && r.extinction_piece_types.contains(&target)
            {
                self.led.refuse(
                    &["promotedPieceType"],
                    format!("`{}` promotes to a royal piece", base.ini_name()),
                    "",
                );
                continue;
            }
            if r.promoted_piece_type.contains_key(&target) {
                self.led.refuse(
                    &["promotedPieceType"],
                    format!(
                        "`{}` promotes to a type that promotes again",
                        base.ini_name()
                    ),
                    "",
                );
                continue;
            }
            let Some(letter) = self.free_letter() else {
                self.led.refuse(
                    &["promotedPieceType"],
                    "no letter is left for a promoted form (varia gives each its own)",
                    "",
                );
                continue;
            };
            let name = format!("promoted_{}", base.varia_name());
            let betza = self
                .pieces
                .iter()
                .find(|p| Some(&p.name) == self.names.get(&target))
                .and_then(|p| p.betza.clone());
            self.pieces.push(VPiece {
                name: name.clone(),
                letter,
                betza,
                royal: false,
                promotes_to: None,
            });
            if let Some(p) = self
                .pieces
                .iter_mut()
                .find(|p| Some(&p.name) == self.names.get(&base))
            {
                p.promotes_to = Some(name.clone());
            }
            self.forms.insert(base, name);
        }
    }

    /// `mobilityRegion*`: confinement (and drops there only).
    fn mobility(&mut self) {
        let r = self.r;
        let kinds: BTreeSet<Kind> = r
            .mobility
            .keys()
            .map(|&(_, k)| k)
            .filter(|k| r.pieces.contains_key(k))
            .collect();
        for k in kinds {
            let sets = Color::BOTH.map(|c| match r.mobility.get(&(c, k)) {
                Some(b) if !b.is_empty() => *b,
                _ => Bb::ALL,
            });
            if sets == [Bb::ALL; 2] {
                continue;
            }
            let hint = format!("{}_area", k.varia_name());
            let region = self.region(&hint, sets);
            let mut names = vec![self.names[&k].clone()];
            names.extend(
                self.forms
                    .iter()
                    .filter(|(b, _)| r.promoted_piece_type[*b] == k)
                    .map(|(_, f)| f.clone()),
            );
            self.body
                .push(format!("confined {} to {region}", names.join(", ")));
            if r.piece_drops {
                self.body
                    .push(format!("place {} where in {region}", names.join(", ")));
            }
        }
    }

    /// Immobility: Fairy-Stockfish forbids (with `immobilityIllegal`) or
    /// allows (without) a man ending where it has no quiet move on an empty
    /// board, hops counted; varia makes a promotable man promote where it
    /// has none, hops not counted, and forbids dropping it there.
    fn immobility(&mut self) {
        let r = self.r;
        let board = self.real();
        let keys = [
            "immobilityIllegal",
            "mandatoryPiecePromotion",
            "mandatoryPawnPromotion",
        ];
        for (&k, m) in &self.moves {
            let name = k.ini_name();
            for c in Color::BOTH {
                let fsf = stuck_squares(m, c, board, true);
                let varia = stuck_squares(m, c, board, false);
                if r.piece_drops && r.immobility_illegal && fsf != varia {
                    self.led.refuse(
                        &keys,
                        format!("a `{name}` may be dropped where only its hops move it: varia's `immobile` does not count hops, Fairy-Stockfish does"),
                        "",
                    );
                    return;
                }
                if m.maps.is_empty() {
                    continue; // a man that never moves never ends anywhere
                }
                let zone = r.promotion_region[c.i()] & board;
                let promotes = self.promotes(k, c);
                let optional = promotes && self.promotion_optional(k);
                // Where a man that does not promote may not end.
                let fsf_no = if r.immobility_illegal { fsf } else { Bb::EMPTY };
                // Where varia lets it end unpromoted only by promoting.
                let varia_no = if optional { varia & zone } else { Bb::EMPTY };
                let compulsory_zone = if promotes && !optional {
                    zone
                } else {
                    Bb::EMPTY
                };
                if (fsf_no & !compulsory_zone) != varia_no {
                    let why = if r.immobility_illegal {
                        format!("a `{name}` may not end a move where it could never move again (hops counted); varia forbids that only by promoting it, where its moves other than hops cannot move it")
                    } else {
                        format!("an unpromoted `{name}` may stay where it could never move again; varia's optional promotion is compulsory there")
                    };
                    self.led.refuse(&keys, why, "");
                    return;
                }
            }
        }
    }

    /// Whether men of `k` of colour `c` promote in the zone.
    fn promotes(&self, k: Kind, c: Color) -> bool {
        let r = self.r;
        if self.forms.contains_key(&k) {
            return true;
        }
        let pawn_type = k == Kind::PAWN || r.promotion_pawn_types[c.i()].contains(&k);
        pawn_type
            && r.promotion_piece_types[c.i()]
                .iter()
                .any(|t| r.pieces.contains_key(t))
    }

    fn promotion_optional(&self, k: Kind) -> bool {
        if k == Kind::PAWN || !self.forms.contains_key(&k) {
            !self.r.mandatory_pawn_promotion
        } else {
            !self.r.mandatory_piece_promotion
        }
    }
}

/// The squares from which a man of colour `c` has no quiet move on an
/// empty board (Fairy-Stockfish's `PseudoMoves[0]`; `hops`: counting the
/// quiet hops, as Fairy-Stockfish does and varia's `immobile` does not).
fn stuck_squares(m: &Moves, c: Color, board: Bb, hops: bool) -> Bb {
    let mut out = Bb::EMPTY;
    for (f, rk) in board.squares() {
        let mut free = false;
        for (&(cat, initial, capture), map) in &m.maps {
            if initial || capture || (cat == betza::Cat::Hopper && !hops) {
                continue;
            }
            for &(dx, dy) in map.keys() {
                let (dx, dy) = if c == Color::White {
                    (dx, dy)
                } else {
                    (-dx, -dy)
                };
                let (x, y) = (f as i32 + dx as i32, rk as i32 + dy as i32);
                if x >= 0 && y >= 0 && x < 16 && y < 16 && board.has(x as u8, y as u8) {
                    free = true;
                }
            }
        }
        if !free {
            out = out | Bb::square(f, rk);
        }
    }
    out
}

/// A square's name.
pub(super) fn square((f, r): (u8, u8)) -> String {
    format!("{}{}", (b'a' + f) as char, r + 1)
}

/// Join items with `, `, continuing long lines with a trailing comma.
pub(super) fn wrap(head: &str, items: &[String]) -> String {
    let mut out = head.to_string();
    let mut width = head.len();
    for (i, it) in items.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        if i > 0 && width + sep.len() + it.len() > 86 {
            out.push_str(",\n      ");
            width = 6;
        } else {
            out.push_str(sep);
            width += sep.len();
        }
        out.push_str(it);
        width += it.len();
    }
    out
}
