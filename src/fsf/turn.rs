//! The writer's statements about what a player may do: promotion, drops,
//! castling, captures and checks.

use super::fen;
use super::rules::{Bb, Color, Kind};
use super::writer::Writer;
use std::collections::BTreeSet;

impl Writer<'_> {
    /// Pawn-style promotions (`promote ... to`) and shogi-style ones
    /// (`promote ... leaving` to the promoted form), and demotion.
    pub(super) fn promotions(&mut self) {
        let r = self.r;
        let zone_sets = r.promotion_region;
        // Pawn-style: the pawn always, and the promotion pawn types.
        let mut pawnlike: BTreeSet<Kind> = BTreeSet::new();
        for c in Color::BOTH {
            pawnlike.extend(
                r.promotion_pawn_types[c.i()]
                    .iter()
                    .filter(|k| r.pieces.contains_key(k)),
            );
        }
        if r.pieces.contains_key(&Kind::PAWN) {
            pawnlike.insert(Kind::PAWN);
        }
        let choices = Color::BOTH.map(|c| {
            r.promotion_piece_types[c.i()]
                .iter()
                .filter(|k| r.pieces.contains_key(k))
                .copied()
                .collect::<Vec<Kind>>()
        });
        for &k in &choices.concat() {
            if r.promotion_limit.contains_key(&k)
                && self.forms.keys().any(|b| r.promoted_piece_type[b] == k)
            {
                self.led.refuse(
                    &["promotionLimit"],
                    format!("a limit on `{}`, which men also become by a shogi-style promotion (varia counts each form apart)", k.ini_name()),
                    "",
                );
            }
        }
        let names = self.names.clone();
        let choice_text = |c: usize| -> String {
            choices[c]
                .iter()
                .map(|k| {
                    let n = &names[k];
                    match r.promotion_limit.get(k) {
                        Some(&l) if l > 0 => format!("{n}*{l}"),
                        _ => n.clone(),
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut lines: Vec<(Vec<String>, String)> = Vec::new();
        let mut zone_name: Option<String> = None;
        for &k in &pawnlike {
            let colors: Vec<usize> = (0..2)
                .filter(|&c| k == Kind::PAWN || r.promotion_pawn_types[c].contains(&k))
                .collect();
            let has_form = self.forms.contains_key(&k);
            let with_choices: Vec<usize> = colors
                .iter()
                .copied()
                .filter(|&c| !choices[c].is_empty())
                .collect();
            if has_form && !with_choices.is_empty() {
                self.led.refuse(
                    &["promotedPieceType", "promotionPieceTypes"],
                    format!(
                        "`{}` promotes both to a choice of pieces and to its promoted type",
                        k.ini_name()
                    ),
                    "",
                );
                continue;
            }
            if has_form {
                continue;
            }
            // Fairy-Stockfish's pawn-like promotions (of `promotionPawnTypes`)
            // all follow `mandatoryPawnPromotion`.
            let mandatory = r.mandatory_pawn_promotion;
            for &c in &colors {
                if choices[c].is_empty() && mandatory && !(zone_sets[c] & self.real()).is_empty() {
                    self.led.refuse(
                        &["promotionPieceTypes", "promotionPieceTypesWhite", "promotionPieceTypesBlack"],
                        format!("`{}` must promote in its zone but has nothing to promote to (Fairy-Stockfish keeps it out of the zone)", k.ini_name()),
                        "",
                    );
                }
            }
            if with_choices.is_empty() {
                continue;
            }
            let zone = match &zone_name {
                Some(z) => z.clone(),
                None => {
                    let z = self.region("promotion_zone", zone_sets);
                    zone_name = Some(z.clone());
                    z
                }
            };
            let optional = if mandatory { "" } else { " optional" };
            let name = self.names[&k].clone();
            let same = with_choices.len() == 2 && choices[0] == choices[1];
            if same {
                let tail = format!("in {zone} to {}{optional}", choice_text(0));
                push_grouped(&mut lines, name, tail);
            } else {
                for c in with_choices {
                    let tail = format!(
                        "in {zone} to {}{optional} for {}",
                        choice_text(c),
                        Color::BOTH[c].name()
                    );
                    push_grouped(&mut lines, name.clone(), tail);
                }
            }
        }
        for (names, tail) in lines {
            self.body
                .push(format!("promote {} {tail}", names.join(", ")));
        }
        // Shogi-style promotions to the promoted forms.
        if self.forms.is_empty() {
            return;
        }
        let zone = match zone_name {
            Some(z) => z,
            None => self.region("promotion_zone", zone_sets),
        };
        let capturing = if r.piece_promotion_on_capture {
            " capturing"
        } else {
            ""
        };
        let mut groups: Vec<(Vec<String>, String)> = Vec::new();
        for &base in self.forms.keys() {
            let (leaving, optional) = if base == Kind::PAWN {
                ("", !r.mandatory_pawn_promotion)
            } else {
                (" leaving", !r.mandatory_piece_promotion)
            };
            let optional = if optional { " optional" } else { "" };
            push_grouped(
                &mut groups,
                self.names[&base].clone(),
                format!("in {zone}{leaving}{optional}{capturing}"),
            );
        }
        for (names, tail) in groups {
            self.body
                .push(format!("promote {} {tail}", names.join(", ")));
        }
        if r.piece_demotion {
            let forms: Vec<String> = self.forms.values().cloned().collect();
            let optional = if r.mandatory_piece_promotion {
                ""
            } else {
                " optional"
            };
            self.body.push(format!(
                "demote {} in {zone} leaving{optional}{capturing}",
                forms.join(", ")
            ));
        }
    }

    /// Drops: `actions move, place` and where men may be placed; the pass
    /// (`actions ..., pass`).
    pub(super) fn drops(&mut self) {
        let r = self.r;
        let in_hand = self.fen.hands.iter().any(|h| !h.is_empty());
        let pass = if r.pass[0] && r.pass[1] { ", pass" } else { "" };
        if !r.piece_drops {
            if in_hand {
                self.led
                    .refuse(&["startFen", "pieceDrops"], "men in hand without drops", "");
            }
            if !pass.is_empty() {
                self.body.push(format!("actions move{pass}"));
            }
            return;
        }
        if r.captures_to_hand && r.blast_on_capture {
            self.led.refuse(
                &["blastOnCapture", "capturesToHand"],
                "explosions where captured men go to the hand (varia's explosions take men out of the game)",
                "",
            );
        }
        if r.two_boards {
            // The partner of a game of two plays on the other board.
            self.body.push("captures to partner's hand demoted".into());
        } else if r.captures_to_hand {
            self.body.push(
                if r.drop_loop {
                    "captures to hand"
                } else {
                    "captures to hand demoted"
                }
                .into(),
            );
        }
        self.body.push(format!("actions move, place{pass}"));
        if r.free_drops {
            self.body.push("place unlimited".into());
        }
        if r.drop_region != [Bb::ALL; 2] {
            let region = self.region("drop_zone", r.drop_region);
            self.body.push(format!("place where in {region}"));
        }
        if r.pieces.contains_key(&Kind::PAWN) {
            let mut no = [Bb::EMPTY; 2];
            for c in Color::BOTH {
                if !r.promotion_zone_pawn_drops {
                    no[c.i()] = no[c.i()] | r.promotion_region[c.i()];
                }
                if !r.first_rank_pawn_drops {
                    let first = if c == Color::White { 0 } else { r.max_rank - 1 };
                    no[c.i()] = no[c.i()] | Bb::rank(first);
                }
            }
            if !(no[0] & self.real()).is_empty() || !(no[1] & self.real()).is_empty() {
                let region = self.region("no_pawn_drop", no);
                self.body.push(format!("place pawn where not in {region}"));
            }
        }
        if let Some(k) = r.drop_no_doubled.filter(|k| r.pieces.contains_key(k)) {
            let n = &self.names[&k];
            match r.drop_no_doubled_count {
                c if c <= 0 => self.body.push(format!("place {n} where not in all")),
                1 => self
                    .body
                    .push(format!("place {n} where not same_file(own {n})")),
                c if c <= 16 => self
                    .body
                    .push(format!("place {n} where not same_file(own {n}, {c})")),
                _ => {}
            }
        }
        if r.immobility_illegal {
            self.body.push("place where not immobile".into());
        }
        if !r.drop_checks && !self.royal.is_empty() {
            // Fairy-Stockfish refuses a drop that gives check by its
            // `gives_check`: discovered checks and a screen for a cannon
            // included, which `check` reads.
            self.body.push("place where not check".into());
        }
        if r.drop_opposite_colored_bishop {
            if let Some(b) = self.names.get(&Kind::Builtin(2)).cloned() {
                let region = self.region("drop_zone", r.drop_region);
                self.body.push(format!("place {b} where distinct colour"));
                self.body
                    .push(format!("place keeps room for {b} in {region}"));
            }
        }
        if r.drop_promoted && !self.forms.is_empty() {
            self.body.push("place promoted too".into());
        }
        match r.enclosing_drop.as_str() {
            "none" => {}
            "reversi" => {
                if r.enclosing_drop_start.is_empty() {
                    self.body.push("place where encloses(enemy)".into());
                } else {
                    let s = r.enclosing_drop_start;
                    let region = self.region("start_zone", [s, s]);
                    self.body.push(format!(
                        "place where in {region} or (filled {region} and encloses(enemy))"
                    ));
                }
            }
            "ataxx" => self.body.push("place where touching(own)".into()),
            "snort" => self.body.push("place where not beside(enemy)".into()),
            other => self.led.refuse(
                &["enclosingDrop", "dropOnTop"],
                format!("the drop rule `{other}`"),
                "",
            ),
        }
        match r.flip_enclosed_pieces.as_str() {
            "none" => {}
            "reversi" => self.body.push("flip enclosed enemy".into()),
            "ataxx" => self.body.push("flip touching enemy".into()),
            other => self.led.refuse(
                &["flipEnclosedPieces"],
                format!("the flipping rule `{other}`"),
                "",
            ),
        }
        if r.must_drop {
            match r.must_drop_type {
                Some(Kind::All) | None => self.body.push("must place".into()),
                Some(k) => {
                    let names = self.kinds(&[k].into_iter().collect());
                    self.body.push(format!("must place {}", names.join(", ")));
                }
            }
        }
        if r.castling_dropped_piece && r.castling {
            if let (Some(k), Some(rooks)) =
                (r.castling_king_piece[0], r.castling_rook_pieces.first())
            {
                // The king counts as unmoved on its own square only, the
                // rooks on the corners only (a king placed in a corner has
                // no castling right).
                let mut home = [Bb::EMPTY; 2];
                let mut corners = [Bb::EMPTY; 2];
                for c in Color::BOTH {
                    let rank = if c == Color::White {
                        r.castling_rank
                    } else {
                        r.max_rank - 1 - r.castling_rank
                    };
                    home[c.i()] = Bb::square(r.castling_king_file, rank);
                    corners[c.i()] = Bb::square(0, rank) | Bb::square(r.max_file - 1, rank);
                }
                if let Some(king) = self.names.get(&k).cloned() {
                    let region = self.region("king_home", home);
                    self.body.push(format!("place {king} unmoved in {region}"));
                }
                let rooks: Vec<String> = rooks
                    .iter()
                    .filter_map(|k| self.names.get(k).cloned())
                    .collect();
                if !rooks.is_empty() {
                    let region = self.region("rook_corners", corners);
                    self.body
                        .push(format!("place {} unmoved in {region}", rooks.join(", ")));
                }
            }
        }
    }

    /// Castling, when the start position gives rights (or men can be
    /// placed to castle), and only if varia gives the same rights.
    pub(super) fn castling(&mut self) {
        let r = self.r;
        if !r.castling {
            return;
        }
        let rights = fen::castling_rights(r, &self.fen);
        if rights.is_empty() && !(r.castling_dropped_piece && r.piece_drops) {
            return;
        }
        let keys = [
            "castlingKingPiece",
            "castlingKingPieceWhite",
            "castlingKingPieceBlack",
        ];
        if r.castling_king_piece[0] != r.castling_king_piece[1] {
            self.led
                .refuse(&keys, "a different castling piece for each side", "");
            return;
        }
        let rkeys = [
            "castlingRookPieces",
            "castlingRookPiecesWhite",
            "castlingRookPiecesBlack",
        ];
        if r.castling_rook_pieces[0] != r.castling_rook_pieces[1] {
            self.led
                .refuse(&rkeys, "different castling partners for each side", "");
            return;
        }
        let Some(king) = r.castling_king_piece[0].filter(|k| r.pieces.contains_key(k)) else {
            return;
        };
        let partners: Vec<Kind> = r.castling_rook_pieces[0]
            .iter()
            .filter(|k| r.pieces.contains_key(k))
            .copied()
            .collect();
        if partners.is_empty() {
            return;
        }
        // The rights varia gives: every castler with an outermost partner on
        // its rank, on either side.
        let mut derived = Vec::new();
        for m in self.fen.men.iter().filter(|m| m.kind == king) {
            let same_rank = |f: &dyn Fn(u8) -> bool| {
                self.fen
                    .men
                    .iter()
                    .filter(|p| {
                        p.color == m.color
                            && p.rank == m.rank
                            && partners.contains(&p.kind)
                            && f(p.file)
                    })
                    .map(|p| p.file)
                    .collect::<Vec<u8>>()
            };
            if let Some(&f) = same_rank(&|f| f > m.file).iter().max() {
                derived.push((m.color, (m.file, m.rank), (f, m.rank)));
            }
            if let Some(&f) = same_rank(&|f| f < m.file).iter().min() {
                derived.push((m.color, (m.file, m.rank), (f, m.rank)));
            }
        }
        let mut a = rights.clone();
        a.sort();
        derived.sort();
        if a != derived {
            self.led.refuse(
                &["startFen", "castling", "castlingRookKingsideFile", "castlingRookQueensideFile", "castlingKingFile"],
                format!(
                    "the start position's castling rights (`{}`) are not those of every unmoved castler and its outermost partner, which varia gives",
                    if self.fen.castling.is_empty() { "-" } else { &self.fen.castling }
                ),
                "varia starts every man unmoved: write the castling field for every king and rook that may castle, or `castling = false`",
            );
            return;
        }
        let (g, c) = (r.castling_kingside_file, r.castling_queenside_file);
        let files = |f: u8| (b'a' + f) as char;
        let partner_names: Vec<String> = partners.iter().map(|k| self.names[k].clone()).collect();
        self.body.push(format!(
            "castling {} with {} to files {} {}",
            self.names[&king],
            partner_names.join(", "),
            files(g),
            files(c)
        ));
    }

    /// Captures that explode, mutual immunity, checks.
    pub(super) fn captures_and_checks(&mut self) {
        let r = self.r;
        if r.blast_on_capture {
            let mut line = String::from("explode on capture");
            if let Some(p) = self.names.get(&Kind::PAWN) {
                line.push_str(&format!(" except {p}"));
            }
            let immune = self.kinds(&r.blast_immune_types);
            if !immune.is_empty() {
                line.push_str(&format!(" immune {}", immune.join(", ")));
            }
            self.body.push(line);
        }
        // A petrifiable pseudo-royal never captures (the capture would
        // petrify it) and so attacks nothing: a royal whose atoms only
        // move, left out of the list.
        let mut stone = self.kinds(&r.petrify_on_capture_types);
        for p in &mut self.pieces {
            let plain = |b: &str| {
                b.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            };
            if p.royal && stone.contains(&p.name) {
                if let Some(b) = p.betza.as_mut().filter(|b| plain(b)) {
                    *b = b
                        .chars()
                        .map(|c| {
                            if c.is_ascii_uppercase() {
                                format!("m{c}")
                            } else {
                                c.to_string()
                            }
                        })
                        .collect();
                    stone.retain(|n| n != &p.name);
                }
            }
        }
        if !stone.is_empty() {
            self.body.push(format!("petrify {}", stone.join(", ")));
        }
        let mutual = self.kinds(&r.mutually_immune_types);
        if !mutual.is_empty() {
            self.body
                .push(format!("mutually immune {}", mutual.join(", ")));
        }
        if !r.checking {
            self.body.push("no checks".into());
        }
        if r.must_capture {
            self.body.push("must capture".into());
        }
        if r.en_passant_region != [Bb::ALL; 2] {
            let region = self.region("en_passant_zone", r.en_passant_region);
            self.body.push(format!("en passant in {region}"));
        }
    }
}

/// Add a piece to the statement with the same tail, or start one.
fn push_grouped(groups: &mut Vec<(Vec<String>, String)>, name: String, tail: String) {
    match groups.iter_mut().find(|(_, t)| *t == tail) {
        Some((names, _)) => names.push(name),
        None => groups.push((vec![name], tail)),
    }
}
