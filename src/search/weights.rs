//! The evaluation's weights, and the values file that holds them.
//!
//! [`Weights`] are what `varia tune` fits: the material of each kind on
//! the board and in hand, and one number per term of the evaluation
//! ([`TERMS`]). Their defaults are the constants the evaluation was
//! written with (and the values the rule file gives or its mobility
//! derives), so an AI without a values file plays as before.
//!
//! A values file is a small TOML file:
//!
//! ```toml
//! variant = "chess"
//!
//! [terms]
//! pst = 100
//! shelter = 12
//!
//! [values]
//! knight = 320
//!
//! [hand]
//! knight = 320
//!
//! [squares.knight]   # one entry per square, the owner's first rank first
//! mid = [...]
//! end = [...]
//! ```
//!
//! Every key is optional (a missing one keeps its default); an unknown
//! key, a piece the variant does not have, a number that is not whole or
//! lies outside its range ([`TERMS`], [`MAX_VALUE`]) is a diagnostic, and
//! the file is then not used.

use crate::diagnostic::{Diagnostic, Span};
use crate::ir::Variant;
use std::sync::Arc;

use super::squares::{self, SquareTable, MAX_SQUARE};

/// Hundredths of a pawn.
pub type Cp = i32;

/// One tunable term of the evaluation besides the material.
#[derive(Debug, Clone, Copy)]
pub struct Term {
    /// Its key in the `[terms]` table of a values file.
    pub key: &'static str,
    /// Its value without a values file.
    pub default: Cp,
    /// The smallest and largest value a file may give.
    pub min: Cp,
    pub max: Cp,
    /// What it weighs, in a few words.
    pub doc: &'static str,
}

/// The terms, in the order of [`Weights::terms`].
pub const TERMS: [Term; 26] = [
    Term {
        key: "pst",
        default: 100,
        min: 0,
        max: 400,
        doc: "percent of the piece-square terms (mobility from each square)",
    },
    Term {
        key: "promotion",
        default: 100,
        min: 0,
        max: 400,
        doc: "percent of the promotion terms (a promoting man near its zone)",
    },
    Term {
        key: "shelter",
        default: 12,
        min: -100,
        max: 100,
        doc: "per own man beside a royal (at most 4), while the enemy has pieces",
    },
    Term {
        key: "tropism",
        default: 3,
        min: -100,
        max: 100,
        doc: "per unit of enemy pieces near a royal, while the enemy has pieces",
    },
    Term {
        key: "royal_back",
        default: 2,
        min: -100,
        max: 100,
        doc: "keeping a royal off central squares, while the enemy has pieces",
    },
    Term {
        key: "royal_centre",
        default: 2,
        min: -100,
        max: 100,
        doc: "a royal on central squares, once the enemy's pieces are gone",
    },
    Term {
        key: "goal",
        default: 150,
        min: 0,
        max: 2000,
        doc: "a goal piece at distance d from its region is worth goal/(1+d*d)",
    },
    Term {
        key: "surround",
        default: 100,
        min: 0,
        max: 400,
        doc: "percent of the blocked-sides terms of a man whose surrounding loses",
    },
    Term {
        key: "mobility",
        // 0 by default: two matches with it at 4 against 0 showed no gain
        // (docs/STRENGTH.md); kept for `varia tune` to fit.
        default: 0,
        min: -100,
        max: 100,
        doc: "per square a man attacks that no man of its side holds (scaled by its kind)",
    },
    Term {
        key: "threat",
        default: 15,
        min: 0,
        max: 100,
        doc: "percent of the value a man exceeds the cheapest enemy man attacking it by",
    },
    Term {
        key: "hanging",
        default: 8,
        min: 0,
        max: 100,
        doc: "percent of the value of an attacked man that its side does not defend",
    },
    Term {
        key: "passed",
        default: 100,
        min: 0,
        max: 400,
        doc: "percent of the passed-man terms (no enemy pawn-like man can block or take it)",
    },
    Term {
        key: "king_attack",
        default: 4,
        min: 0,
        max: 100,
        doc: "per enemy attack unit on a royal's zone times attackers (at most 4), over 4",
    },
    Term {
        key: "tempo",
        // 0 by default: two matches with it at 15 against 0 showed no gain
        // (docs/STRENGTH.md); kept for `varia tune` to fit.
        default: 0,
        min: -100,
        max: 100,
        doc: "for the side to act",
    },
    Term {
        key: "blocker",
        default: 20,
        min: -100,
        max: 100,
        doc: "per own man in front of a pawn-like man still on its start square",
    },
    Term {
        key: "development",
        default: 10,
        min: -100,
        max: 100,
        doc: "per man still on a start square worse than its kind's mean, while the enemy has pieces",
    },
    Term {
        key: "doubled",
        default: 12,
        min: -100,
        max: 100,
        doc: "per pawn-like man with another of its side ahead on its file",
    },
    Term {
        key: "isolated",
        default: 10,
        min: -100,
        max: 100,
        doc: "per pawn-like man with none of its side on the files beside it",
    },
    Term {
        key: "pawn_shield",
        default: 8,
        min: -100,
        max: 100,
        doc: "per pawn-like man just ahead of a royal on its start rank (half two ahead), while the enemy has pieces",
    },
    Term {
        key: "points",
        // 30: at 100 (a point worth a pawn) the AI won 19 of 58 decided
        // four-player games against itself without the term, at 30 about
        // as many as it (docs/STRENGTH.md, "points for events").
        default: 30,
        min: 0,
        max: 1000,
        doc: "per point of lead over the best other player, where points for events decide the game",
    },
    Term {
        key: "checks",
        // 400: at 2,000 nodes a move in 3check, 400 and 800 beat the AI
        // without the term by +300 and +233 Elo, 2,850 (Fairy-Stockfish's
        // midgame bonus in varia's pawns) by +60 only: it gave a queen for
        // a second check (docs/STRENGTH.md, "Skill Level 5").
        default: 400,
        min: 0,
        max: 10_000,
        doc: "over the square of the checks a side still needs, where giving N checks wins",
    },
    Term {
        key: "check_threats",
        // 0 by default; 60 (the check-threats term's default) where captured men
        // go to a hand and are placed again or where giving N checks wins
        // (the evaluation sets it from the rule file).
        default: 0,
        min: 0,
        max: 1000,
        doc: "per kind with a safe check for the enemy on its next turn (two: 2), by check counts",
    },
    Term {
        key: "hand_attack",
        // 0 by default; 4 (the dynamic terms' `HAND_ATTACK`) where captured men go
        // to a hand and are placed again (the evaluation sets it from the
        // rule file).
        default: 0,
        min: 0,
        max: 100,
        doc: "the enemy's men in hand as attackers of a royal's zone: what they add to king_attack's units times attackers",
    },
    Term {
        key: "pair",
        // 0 by default: fitted by `varia tune` (docs/STRENGTH.md).
        default: 0,
        min: -200,
        max: 200,
        doc: "per part of the board beyond the first that a side's men of a bound kind stand in (a bishop pair)",
    },
    Term {
        key: "open_line",
        // 0 by default: fitted by `varia tune` (docs/STRENGTH.md).
        default: 0,
        min: -100,
        max: 100,
        doc: "per man riding along its file with no pawn-like man of its side on the file (twice with none at all)",
    },
    Term {
        key: "chain",
        // 0 by default: fitted by `varia tune` (docs/STRENGTH.md).
        default: 0,
        min: -100,
        max: 100,
        doc: "per pawn-like man that a pawn-like man of its side defends",
    },
];

/// Indexes into [`Weights::terms`].
pub const PST: usize = 0;
pub const PROMOTION: usize = 1;
pub const SHELTER: usize = 2;
pub const TROPISM: usize = 3;
pub const ROYAL_BACK: usize = 4;
pub const ROYAL_CENTRE: usize = 5;
pub const GOAL: usize = 6;
pub const SURROUND: usize = 7;
pub const MOBILITY: usize = 8;
pub const THREAT: usize = 9;
pub const HANGING: usize = 10;
pub const PASSED: usize = 11;
pub const KING_ATTACK: usize = 12;
pub const TEMPO: usize = 13;
pub const BLOCKER: usize = 14;
pub const DEVELOPMENT: usize = 15;
pub const DOUBLED: usize = 16;
pub const ISOLATED: usize = 17;
pub const PAWN_SHIELD: usize = 18;
pub const POINTS: usize = 19;
pub const CHECKS: usize = 20;
pub const CHECK_THREATS: usize = 21;
pub const HAND_ATTACK: usize = 22;
pub const PAIR: usize = 23;
pub const OPEN_LINE: usize = 24;
pub const CHAIN: usize = 25;

/// The largest material value (on the board or in hand) a file may give.
pub const MAX_VALUE: Cp = 10_000;

/// The weights of one variant's evaluation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Material per kind on the board (a royal kind's is 0 and not read).
    pub values: Vec<Cp>,
    /// Material per kind in hand.
    pub hand: Vec<Cp>,
    /// One number per [`TERMS`] entry.
    pub terms: [Cp; TERMS.len()],
    /// Per kind, its square tables if it has any (`squares`).
    pub squares: Vec<Option<SquareTable>>,
}

impl Weights {
    /// The default terms, with the given material on the board and in hand.
    pub fn with_values(values: Vec<Cp>) -> Weights {
        Weights {
            hand: values.clone(),
            squares: vec![None; values.len()],
            values,
            terms: TERMS.map(|t| t.default),
        }
    }

    /// The weights as one vector: values, hand values, terms (the layout
    /// of the evaluation's features, see `Eval::features`).
    pub fn to_vec(&self) -> Vec<f64> {
        self.values
            .iter()
            .chain(&self.hand)
            .chain(&self.terms)
            .map(|&x| x as f64)
            .collect()
    }

    /// The weights from a vector laid out as [`Weights::to_vec`], rounded
    /// and kept in range.
    pub fn from_vec(&self, v: &[f64]) -> Weights {
        let nk = self.values.len();
        let mut w = self.clone();
        for k in 0..nk {
            w.values[k] = (v[k].round() as Cp).clamp(0, MAX_VALUE);
            w.hand[k] = (v[nk + k].round() as Cp).clamp(0, MAX_VALUE);
        }
        for (i, t) in TERMS.iter().enumerate() {
            w.terms[i] = (v[2 * nk + i].round() as Cp).clamp(t.min, t.max);
        }
        w
    }

    /// The bounds of each entry of [`Weights::to_vec`].
    pub fn bounds(nk: usize) -> Vec<(f64, f64)> {
        let mut b = vec![(0.0, MAX_VALUE as f64); 2 * nk];
        b.extend(TERMS.iter().map(|t| (t.min as f64, t.max as f64)));
        b
    }

    /// A values file holding these weights (only the kinds in `kinds` and,
    /// when `hand`, their hand values), after `header` as comment lines.
    pub fn to_toml(&self, v: &Variant, kinds: &[usize], hand: bool, header: &[String]) -> String {
        let mut s = String::new();
        for h in header {
            for line in h.lines() {
                s.push_str(&format!("# {line}\n"));
            }
        }
        s.push_str(&format!("variant = {}\n\n[terms]\n", quote(&v.name)));
        for (t, x) in TERMS.iter().zip(&self.terms) {
            s.push_str(&format!("{} = {x}\n", t.key));
        }
        s.push_str("\n[values]\n");
        for &k in kinds {
            s.push_str(&format!(
                "{} = {}\n",
                key(&v.pieces[k].name),
                self.values[k]
            ));
        }
        if hand {
            s.push_str("\n[hand]\n");
            for &k in kinds {
                s.push_str(&format!("{} = {}\n", key(&v.pieces[k].name), self.hand[k]));
            }
        }
        let width = squares::board_size(v).map_or(1, |(w, _)| w.max(1));
        for (k, t) in self.squares.iter().enumerate() {
            let Some(t) = t else { continue };
            s.push_str(&format!(
                "\n# The {} tables: its owner's first rank first, file a first.\n[squares.{}]\n",
                key(&v.pieces[k].name),
                key(&v.pieces[k].name)
            ));
            for (part, tab) in [("mid", &t.mid), ("end", &t.end)] {
                s.push_str(&format!("{part} = [\n"));
                for row in tab.chunks(width) {
                    let cells: Vec<String> = row.iter().map(|x| format!("{x:4}")).collect();
                    s.push_str(&format!("  {},\n", cells.join(",")));
                }
                s.push_str("]\n");
            }
        }
        s
    }

    /// Read a values file over `defaults` for `v`: the weights, or every
    /// mistake in it as diagnostics of `file`.
    pub fn read(
        defaults: &Weights,
        v: &Variant,
        file: &str,
        text: &str,
    ) -> Result<Weights, Vec<Diagnostic>> {
        let name: Arc<str> = Arc::from(file);
        let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            let span = e
                .span()
                .map_or(Span::new(0, 0), |r| Span::new(r.start, r.end));
            vec![Diagnostic::error(
                "values-syntax",
                &name,
                span,
                format!("not a values file: {}", e.message()),
            )]
        })?;
        let mut w = defaults.clone();
        let mut errs = Vec::new();
        let err = |errs: &mut Vec<Diagnostic>, section: &str, k: &str, msg: String| {
            errs.push(Diagnostic::error(
                "values-file",
                &name,
                locate(text, section, k),
                msg,
            ));
        };
        for (k, val) in &table {
            match (k.as_str(), val) {
                ("variant", toml::Value::String(s)) => {
                    if *s != v.name {
                        err(
                            &mut errs,
                            "",
                            k,
                            format!("these values were made for `{s}`, not for `{}`", v.name),
                        );
                    }
                }
                ("terms" | "values" | "hand", toml::Value::Table(t)) => {
                    for (key, x) in t {
                        let Some(n) = whole(x) else {
                            err(&mut errs, k, key, format!("`{key}` is a whole number"));
                            continue;
                        };
                        if k == "terms" {
                            match TERMS.iter().position(|t| t.key == key) {
                                Some(i) => {
                                    let t = TERMS[i];
                                    if n < t.min as i64 || n > t.max as i64 {
                                        err(
                                            &mut errs,
                                            k,
                                            key,
                                            format!(
                                                "`{key} = {n}` is out of range ({} to {})",
                                                t.min, t.max
                                            ),
                                        );
                                    } else {
                                        w.terms[i] = n as Cp;
                                    }
                                }
                                None => {
                                    let keys: Vec<&str> = TERMS.iter().map(|t| t.key).collect();
                                    err(
                                        &mut errs,
                                        k,
                                        key,
                                        format!("unknown term `{key}`{}", did_you_mean(key, &keys)),
                                    );
                                }
                            }
                            continue;
                        }
                        let Some(p) = v.pieces.iter().position(|p| p.name == *key) else {
                            let names: Vec<&str> =
                                v.pieces.iter().map(|p| p.name.as_str()).collect();
                            err(
                                &mut errs,
                                k,
                                key,
                                format!(
                                    "`{}` has no piece `{key}`{}",
                                    v.name,
                                    did_you_mean(key, &names)
                                ),
                            );
                            continue;
                        };
                        if !(0..=MAX_VALUE as i64).contains(&n) {
                            err(
                                &mut errs,
                                k,
                                key,
                                format!("`{key} = {n}` is out of range (0 to {MAX_VALUE})"),
                            );
                        } else if k == "values" {
                            if v.pieces[p].royal {
                                err(
                                    &mut errs,
                                    k,
                                    key,
                                    format!("`{key}` is royal: it has no material value"),
                                );
                            } else {
                                w.values[p] = n as Cp;
                            }
                        } else {
                            w.hand[p] = n as Cp;
                        }
                    }
                }
                ("squares", toml::Value::Table(t)) => {
                    read_squares(&mut w, v, t, text, &name, &mut errs)
                }
                ("variant", _) => err(&mut errs, "", k, "`variant` is a name in quotes".into()),
                ("terms" | "values" | "hand" | "squares", _) => {
                    err(&mut errs, "", k, format!("`{k}` is a table: write `[{k}]`"))
                }
                _ => err(
                    &mut errs,
                    "",
                    k,
                    format!(
                        "unknown key `{k}`{}",
                        did_you_mean(k, &["variant", "terms", "values", "hand", "squares"])
                    ),
                ),
            }
        }
        if errs.is_empty() {
            Ok(w)
        } else {
            crate::diagnostic::sort(&mut errs);
            Err(errs)
        }
    }
}

/// Read the `[squares.KIND]` tables of a values file into `w`.
fn read_squares(
    w: &mut Weights,
    v: &Variant,
    t: &toml::Table,
    text: &str,
    name: &Arc<str>,
    errs: &mut Vec<Diagnostic>,
) {
    let mut err = |section: &str, k: &str, msg: String| {
        let mut span = locate(text, section, k);
        if span == Span::new(0, 0) {
            // Written inline (`knight = { mid = [...] }`): the kind's line.
            let kind = section.strip_prefix("squares.").unwrap_or(section);
            span = locate(text, "squares", kind);
        }
        if span == Span::new(0, 0) && section == "squares" {
            // A kind's own `[squares.KIND]` header.
            span = locate(text, "", &format!("squares.{k}"));
        }
        errs.push(Diagnostic::error("values-file", name, span, msg));
    };
    if let Some(why) = squares::unsupported(v) {
        err("", "squares", why);
        return;
    }
    let (bw, bh) = squares::board_size(v).unwrap_or((1, 1));
    let len = bw * bh;
    for (kind, x) in t {
        let section = format!("squares.{kind}");
        let Some(p) = v.pieces.iter().position(|p| p.name == *kind) else {
            let names: Vec<&str> = v.pieces.iter().map(|p| p.name.as_str()).collect();
            err(
                "squares",
                kind,
                format!(
                    "`{}` has no piece `{kind}`{}",
                    v.name,
                    did_you_mean(kind, &names)
                ),
            );
            continue;
        };
        let toml::Value::Table(tabs) = x else {
            err(
                "squares",
                kind,
                format!("`squares.{kind}` is a table: write `[squares.{kind}]`"),
            );
            continue;
        };
        let mut table = SquareTable::zeros(len);
        let mut ok = true;
        for (part, val) in tabs {
            let slot = match part.as_str() {
                "mid" => &mut table.mid,
                "end" => &mut table.end,
                _ => {
                    err(
                        &section,
                        part,
                        format!(
                            "unknown key `{part}` in `[{section}]`{}",
                            did_you_mean(part, &["mid", "end"])
                        ),
                    );
                    ok = false;
                    continue;
                }
            };
            let toml::Value::Array(a) = val else {
                err(
                    &section,
                    part,
                    format!("`{part}` is a list of {len} whole numbers"),
                );
                ok = false;
                continue;
            };
            if a.len() != len {
                err(
                    &section,
                    part,
                    format!(
                        "`{part}` has {} entries: the {bw}x{bh} board needs {len}, one per square",
                        a.len()
                    ),
                );
                ok = false;
                continue;
            }
            for (i, x) in a.iter().enumerate() {
                match whole(x) {
                    Some(n) if (-(MAX_SQUARE as i64)..=MAX_SQUARE as i64).contains(&n) => {
                        slot[i] = n as Cp
                    }
                    Some(n) => {
                        err(
                            &section,
                            part,
                            format!(
                                "entry {} of `{part}` ({n}) is out of range (-{MAX_SQUARE} to {MAX_SQUARE})",
                                i + 1
                            ),
                        );
                        ok = false;
                        break;
                    }
                    None => {
                        err(
                            &section,
                            part,
                            format!("entry {} of `{part}` is not a whole number", i + 1),
                        );
                        ok = false;
                        break;
                    }
                }
            }
        }
        if ok {
            w.squares[p] = Some(table);
        }
    }
}

fn did_you_mean(word: &str, candidates: &[&str]) -> String {
    crate::diagnostic::suggest(word, candidates.iter().copied())
        .map_or(String::new(), |s| format!(" ({s})"))
}

/// A whole number, also written as a float with no fraction (`320.0`).
fn whole(x: &toml::Value) -> Option<i64> {
    match x {
        toml::Value::Integer(n) => Some(*n),
        toml::Value::Float(f) if f.fract() == 0.0 && f.abs() < 1e9 => Some(*f as i64),
        _ => None,
    }
}

/// A TOML string.
fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A TOML key: bare where it can be.
fn key(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        s.to_string()
    } else {
        quote(s)
    }
}

/// Where `key` is written in `section` (`""`: the top), for a diagnostic:
/// the first line of that section starting with the key (or the whole
/// file's start when it cannot be found).
fn locate(text: &str, section: &str, key: &str) -> Span {
    let mut current = "";
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if let Some(h) = t.strip_prefix('[') {
            current = h.split(']').next().unwrap_or("").trim();
        } else if current == section {
            let bare = t.trim_start_matches(['"', '\'']);
            if bare.starts_with(key) {
                let start = offset + (line.len() - line.trim_start().len());
                return Span::new(start, start + t.len());
            }
        }
        if section.is_empty()
            && (t == format!("[{key}]")
                || t.starts_with(&format!("[{key}."))
                || t.starts_with(&format!("{key} ")))
        {
            let start = offset + (line.len() - line.trim_start().len());
            return Span::new(start, start + t.len());
        }
        offset += line.len();
    }
    Span::new(0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_values_file_reads_back_as_written() {
        let v = crate::load::builtin("crazyhouse", &[]).unwrap();
        let nk = v.pieces.len();
        let defaults = Weights::with_values((0..nk as Cp).map(|k| 100 + k).collect());
        let mut w = defaults.clone();
        for k in 0..nk {
            if !v.pieces[k].royal {
                w.values[k] = 150 + 7 * k as Cp;
                w.hand[k] = 90 + 3 * k as Cp;
            }
        }
        w.terms = [
            120, 80, 15, -2, 0, 5, 150, 100, 3, 10, 5, 90, 6, 12, 30, 5, -8, 20, 11, 40, 1500, 75,
            9, 35, -7, 4,
        ];
        let kinds: Vec<usize> = (0..nk).filter(|&k| !v.pieces[k].royal).collect();
        let text = w.to_toml(&v, &kinds, true, &["made by a test".into()]);
        assert!(text.starts_with("# made by a test\nvariant = \"crazyhouse\"\n"));
        let back = Weights::read(&defaults, &v, "w.toml", &text).unwrap();
        // Royal kinds are not written and keep their defaults.
        for k in 0..nk {
            if v.pieces[k].royal {
                w.values[k] = defaults.values[k];
                w.hand[k] = defaults.hand[k];
            }
        }
        assert_eq!(back, w);
        // An empty file is the defaults.
        assert_eq!(
            Weights::read(&defaults, &v, "e.toml", "").unwrap(),
            defaults
        );
    }
}
