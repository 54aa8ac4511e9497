//! The writer's `end` block: goals (flags, extinction, checks, a full
//! board), then mate, stalemate, passes, repetition and the move counter,
//! in the order Fairy-Stockfish decides them.

use super::rules::{Bb, Color, Kind, Value};
use super::writer::{value_word, Writer};

impl Writer<'_> {
    pub(super) fn end_rules(&mut self) {
        self.flags();
        self.extinction();
        self.checks();
        self.back_and_forth();
        self.mate_and_stalemate();
        self.counters();
    }

    /// `moveRepetitionIllegal`: `back and forth 4 except ... -> lose`,
    /// before mate as Fairy-Stockfish tests it (an optional game end,
    /// position.cpp `is_optional_game_end`, inside its repetition test: off
    /// without `nFoldRule`). Its rule skips the men of a kind whose region
    /// (`mobilityRegion`) does not meet the enemy king's.
    fn back_and_forth(&mut self) {
        let r = self.r;
        if !r.move_repetition_illegal || r.n_fold_rule == 0 {
            return;
        }
        let real = self.real();
        let region = |c: Color, k: Kind| match r.mobility.get(&(c, k)) {
            Some(b) if !b.is_empty() => *b & real,
            _ => real,
        };
        let mut except = Vec::new();
        let mut one_side = Vec::new();
        for (&k, name) in &self.names {
            let apart =
                Color::BOTH.map(|c| (region(c, k) & region(c.other(), Kind::King)).is_empty());
            match apart {
                [true, true] => except.push(name.clone()),
                [false, false] => {}
                _ => one_side.push(name.clone()),
            }
        }
        for name in one_side {
            self.led.not_encoded(
                &["moveRepetitionIllegal"],
                format!("a rule on moving back and forth that exempts the {name} of one side only"),
            );
        }
        if except.is_empty() {
            self.ends.push("back and forth 4 -> lose".into());
        } else {
            self.ends.push(format!(
                "back and forth 4 except {} -> lose",
                except.join(", ")
            ));
        }
    }

    /// Capture the flag: `reach REGION with PIECE`.
    fn flags(&mut self) {
        let r = self.r;
        let regions = r.flag_region.map(|b| b & self.real());
        if regions.iter().all(|b| b.is_empty()) {
            return;
        }
        let keys = ["flagRegionWhite", "flagRegionBlack", "flagRegion"];
        if r.flag_piece_count != 1 {
            self.led.refuse(
                &["flagPieceCount"],
                "several men in the flag zone (varia's `reach` counts one)",
                "",
            );
            return;
        }
        if r.flag_piece_blocked_win {
            self.led
                .refuse(&["flagPieceBlockedWin"], "a flag zone full of men", "");
        }
        let how = match (r.flag_move, r.flag_piece_safe) {
            (false, false) => "",
            (false, true) => " unattacked",
            (true, false) => "",
            (true, true) => {
                self.led.refuse(
                    &["flagMove", "flagPieceSafe"],
                    "an extra move after an unsafe flag piece arrives",
                    "",
                );
                return;
            }
        };
        // The kinds whose arrival counts, per colour.
        let mut rules: Vec<(Kind, [Bb; 2])> = Vec::new();
        for c in Color::BOTH {
            let Some(fp) = r.flag_piece[c.i()] else {
                continue;
            };
            let kinds: Vec<Kind> = if fp == Kind::All {
                r.pieces.keys().copied().collect()
            } else {
                vec![fp]
            };
            for k in kinds {
                if !r.pieces.contains_key(&k) {
                    continue;
                }
                match rules.iter_mut().find(|(kk, _)| *kk == k) {
                    Some((_, s)) => s[c.i()] = regions[c.i()],
                    None => {
                        let mut s = [Bb::EMPTY; 2];
                        s[c.i()] = regions[c.i()];
                        rules.push((k, s));
                    }
                }
            }
        }
        let _ = keys;
        for (k, sets) in rules {
            if sets.iter().all(|b| b.is_empty()) {
                continue;
            }
            let region = self.region("flag_zone", sets);
            let timing = if r.flag_move {
                // Racing kings: the second player may still answer; other
                // pieces must still stand there at their owner's turn.
                if k == Kind::King {
                    " with reply"
                } else {
                    " at own turn"
                }
            } else {
                ""
            };
            let mut names = vec![self.names[&k].clone()];
            names.extend(
                self.forms
                    .iter()
                    .filter(|(b, _)| r.promoted_piece_type[*b] == k)
                    .map(|(_, f)| f.clone()),
            );
            for n in names {
                self.ends
                    .push(format!("reach {region} with {n}{how}{timing} -> win"));
            }
        }
    }

    /// Extinction: `count ... at most N -> ...`.
    fn extinction(&mut self) {
        let r = self.r;
        let keys = [
            "extinctionValue",
            "extinctionPieceTypes",
            "extinctionPieceCount",
        ];
        let Some(outcome) = value_word(r.extinction_value) else {
            return;
        };
        if r.extinction_piece_types.is_empty() {
            return;
        }
        // Pseudo-royal pieces cannot be taken: the rule then applies only
        // when captures explode.
        if r.extinction_pseudo_royal && !r.blast_on_capture {
            return;
        }
        // `with reply` (the bare-king rule: a claim and the count plus
        // one) or `while opponents have at least M` (no claim).
        let (reply, against) = match (r.extinction_claim, r.extinction_opponent_piece_count) {
            (false, 0) => (false, None),
            (true, n) if n == r.extinction_piece_count + 1 => (true, None),
            (false, m) if (1..=10_000).contains(&m) => (false, Some(m)),
            _ => {
                self.led.refuse(
                    &["extinctionOpponentPieceCount", "extinctionClaim"],
                    "an extinction claim whose opponent count is not the count plus one (varia's `with reply` is the bare-king rule: the count plus one, with a claim; without a claim, `while opponents have at least M`)",
                    "",
                );
                return;
            }
        };
        if r.extinction_piece_count < 0 {
            self.led.refuse(&keys, "a negative extinction count", "");
            return;
        }
        let n = r.extinction_piece_count;
        let what = if r.extinction_piece_types.contains(&Kind::All) {
            if r.extinction_piece_types.len() > 1 {
                self.led
                    .refuse(&keys, "`*` with other pieces in extinctionPieceTypes", "");
                return;
            }
            "men".to_string()
        } else {
            // Each type on its own: a kind with its promoted forms is one
            // Fairy-Stockfish type, which varia cannot count together.
            let mut names = Vec::new();
            for &k in &r.extinction_piece_types {
                if !r.pieces.contains_key(&k) {
                    continue;
                }
                if self.forms.keys().any(|b| r.promoted_piece_type[b] == k) && n > 0 {
                    self.led.refuse(
                        &keys,
                        format!(
                            "counting `{}` together with the men promoted to it",
                            k.ini_name()
                        ),
                        "",
                    );
                    return;
                }
                names.push(self.names[&k].clone());
            }
            if names.is_empty() {
                return;
            }
            names.join(", ")
        };
        let reply = if reply { " with reply" } else { "" };
        let against = against.map_or(String::new(), |m| {
            format!(" while opponents have at least {m}")
        });
        self.ends.push(format!(
            "count {what} at most {n}{reply}{against} -> {outcome}"
        ));
    }

    /// Check counting: `checks N -> win`.
    fn checks(&mut self) {
        let r = self.r;
        if !r.check_counting {
            return;
        }
        let [w, b] = self.fen.checks.unwrap_or([1, 1]);
        if w != b {
            self.led.refuse(
                &["checkCounting", "startFen"],
                format!("a different number of checks for each side ({w} and {b})"),
                "",
            );
            return;
        }
        if self.royal.is_empty() {
            return;
        }
        self.ends.push(format!("checks {w} -> win"));
    }

    fn mate_and_stalemate(&mut self) {
        let r = self.r;
        if !self.royal.is_empty() {
            if r.shogi_pawn_drop_mate_illegal && r.piece_drops {
                if let Some(p) = self.names.get(&Kind::Builtin(18)) {
                    self.ends.push(format!("checkmate by placing {p} -> win"));
                }
            }
            if r.shatar_mate_rule {
                self.led
                    .not_encoded(&["shatarMateRule"], "Shatar's mates that do not win");
            }
            match value_word(r.checkmate_value) {
                Some(w) => self.ends.push(format!("checkmate -> {w}")),
                None => self
                    .led
                    .refuse(&["checkmateValue"], "a checkmate with no result", ""),
            }
        }
        let counting = r.material_counting.as_str();
        if counting != "none" && counting != "unweighted" && counting != "janggi" {
            self.led.not_encoded(
                &["materialCounting"],
                format!("the `{counting}` material count that decides drawn endings"),
            );
        }
        let janggi = self.janggi_points();
        let most = if counting == "unweighted" {
            "most men"
        } else if janggi {
            "most points"
        } else {
            "draw"
        };
        if r.bikjang_rule && r.has_king() && r.pass[0] && r.pass[1] {
            // A pass in bikjang keeps it: Fairy-Stockfish ends the game.
            self.ends.push(format!("facing kept -> {most}"));
        }
        if r.pass[0] && r.pass[1] && !r.pass_on_stalemate[0] {
            self.ends.push(format!("passes 2 -> {most}"));
        }
        if r.pass_on_stalemate[0] {
            self.ends.push("stalemate -> pass".into());
            self.ends.push(format!("passes 2 -> {most}"));
        } else if r.stalemate_piece_count {
            if r.stalemate_value == Value::Loss {
                self.ends.push("stalemate -> most men".into());
            } else if r.stalemate_value == Value::Win {
                self.ends.push("stalemate -> fewest men".into());
            } else {
                self.led.refuse(
                    &["stalematePieceCount", "stalemateValue"],
                    "a stalemate counted by men with a result other than loss",
                    "",
                );
            }
        } else {
            match value_word(r.stalemate_value) {
                Some("draw") if janggi => self.ends.push("stalemate -> most points".into()),
                Some(w) => self.ends.push(format!("stalemate -> {w}")),
                None => self
                    .led
                    .refuse(&["stalemateValue"], "a stalemate with no result", ""),
            }
        }
        if r.adjudicate_full_board {
            self.ends.push(format!("board full -> {most}"));
        }
    }

    /// `materialCounting = janggi`: the `points` statement of Fairy-Stockfish's
    /// JANGGI_MATERIAL count (position.h `material_counting_result`: 13
    /// per rook, 7 per Janggi cannon, 5 per horse, 3 per Janggi elephant
    /// or wazir, 2 per soldier, and a margin of 1 that Black wins, written
    /// as Black's 3/2 since the counts are whole), written once into the
    /// body; whether the count decides drawn endings.
    fn janggi_points(&mut self) -> bool {
        if self.r.material_counting != "janggi" {
            return false;
        }
        if self.body.iter().any(|l| l.starts_with("points ")) {
            return true;
        }
        let table = [
            ("rook", 13),
            ("janggiCannon", 7),
            ("horse", 5),
            ("janggiElephant", 3),
            ("wazir", 3),
            ("soldier", 2),
        ];
        let mut parts = Vec::new();
        for (ini, n) in table {
            let kind = self.names.keys().copied().find(|k| k.ini_name() == ini);
            if let Some(k) = kind {
                parts.push(format!("{} {n}", self.names[&k]));
            }
        }
        parts.push("black 3/2".into());
        self.body.push(format!("points {}", parts.join(", ")));
        true
    }

    /// `chasingRule = axf`: `perpetual chase N` (N the repetition count)
    /// over the piece types position.cpp `chased()` names: horses,
    /// cannons, chariots, elephants and advisors chase (not the king, not
    /// the soldier); a soldier short of `soldierPromotionRank` is never
    /// chased; rook above horse and cannon, above elephant and advisor.
    fn chasing(&mut self) {
        let r = self.r;
        if !(2..=100).contains(&r.n_fold_rule) {
            self.led.not_encoded(
                &["chasingRule"],
                "a perpetual chase loses (without a repetition count)",
            );
            return;
        }
        let named = |w: &Self, ks: &[&str]| -> Vec<String> {
            ks.iter()
                .filter_map(|k| {
                    w.names
                        .iter()
                        .find(|(kind, _)| kind.is(k))
                        .map(|(_, n)| n.clone())
                })
                .collect()
        };
        let by = named(self, &["rook", "horse", "cannon", "elephant", "fers"]);
        if by.is_empty() {
            self.led.not_encoded(
                &["chasingRule"],
                "a perpetual chase loses (no piece type that chases)",
            );
            return;
        }
        let mut line = format!("perpetual chase {} by {}", r.n_fold_rule, by.join(", "));
        let soldier = named(self, &["soldier"]);
        if let (Some(name), true) = (soldier.first(), r.soldier_promotion_rank > 1) {
            let zone = self.rank_zone(r.soldier_promotion_rank - 1);
            let region = self.region("own_side", [!zone[0], !zone[1]]);
            line += &format!(" ignoring {name} in {region}");
        }
        let ranks: Vec<String> = [&["fers", "elephant"][..], &["horse", "cannon"], &["rook"]]
            .iter()
            .map(|g| named(self, g).join(", "))
            .filter(|g| !g.is_empty())
            .collect();
        if ranks.len() > 1 {
            line += &format!(" ranks {}", ranks.join(" < "));
        }
        self.ends.push(format!("{line} -> lose"));
    }

    /// Repetition and the n-move rule.
    fn counters(&mut self) {
        let r = self.r;
        let draw = if r.material_counting == "janggi" && self.janggi_points() {
            "most points"
        } else {
            "draw"
        };
        if r.perpetual_check_illegal {
            // Decided where the repetition is, before its own outcome.
            if (2..=100).contains(&r.n_fold_rule) {
                self.ends
                    .push(format!("perpetual check {} -> lose", r.n_fold_rule));
            } else {
                self.led
                    .not_encoded(&["perpetualCheckIllegal"], "a perpetual check loses");
            }
        }
        if r.chasing_rule != "none" {
            self.chasing();
        }
        if r.counting_rule != "none" {
            self.led.not_encoded(
                &["countingRule"],
                format!("the `{}` counting rules", r.counting_rule),
            );
        }
        if r.n_fold_rule > 0 {
            let value = value_word(r.n_fold_value);
            match value {
                // Counted from White's side: White's outcome, whoever is
                // to move.
                Some(w @ ("win" | "lose"))
                    if r.n_fold_value_absolute && (2..=1000).contains(&r.n_fold_rule) =>
                {
                    self.ends
                        .push(format!("repetition {} -> {w} for white", r.n_fold_rule));
                }
                Some(w) if (2..=1000).contains(&r.n_fold_rule) => {
                    let w = if w == "draw" { draw } else { w };
                    self.ends
                        .push(format!("repetition {} -> {w}", r.n_fold_rule));
                }
                _ => self
                    .led
                    .not_encoded(&["nFoldRule", "nFoldValue"], "this repetition rule"),
            }
        }
        if r.n_move_rule > 0 {
            let types = &r.n_move_rule_types;
            if types[0] != types[1] {
                self.led.not_encoded(
                    &["nMoveRuleTypesWhite", "nMoveRuleTypesBlack"],
                    "a move counter reset by different pieces for each side",
                );
                return;
            }
            let mut resets = vec!["capture".to_string()];
            if r.piece_drops {
                resets.push("place".into());
            }
            resets.extend(self.kinds(&types[0]));
            // Under the axf chasing rule, position.cpp's n-move rule is
            // lengthened by 2 plies per check over 10 (is_optional_game_end).
            let plus = if r.chasing_rule == "axf" {
                " plus 2 plies per check over 10"
            } else {
                ""
            };
            self.ends.push(format!(
                "quiet {} plies reset by {}{plus} -> {draw}",
                2 * r.n_move_rule,
                resets.join(", ")
            ));
        }
    }
}
