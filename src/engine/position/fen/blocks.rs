//! The FEN blocks of the rules that keep state: `<swaps:…,passes:…,
//! removed:…,origin:…>` and the decks `|…|` (see docs/FEN.md).

use super::error::FenField;
use super::text::{parse_counts, write_counts};
use crate::engine::core::Bits;
use crate::engine::position::raw::RawPosition;
use crate::engine::rules::faces::SlotText;
use crate::engine::tables::Compiled;
use crate::ir::{Card, Letter, PieceId, RegionId};

/// The most points a player's `score:` entry may hold.
const MAX_SCORE: u32 = 1_000_000_000;

/// Whether the variant writes the `<…>` block at all.
fn has_state_block<B: Bits>(t: &Compiled<B>) -> bool {
    let r = &t.rules;
    r.swaps.is_some()
        || r.dice.is_some()
        || r.faces.is_some()
        || r.scores.is_some()
        || r.passing.is_some()
        || r.surround.as_ref().is_some_and(|s| s.removed.is_some())
}

/// Whether the variant writes swaps, passes and removed men.
fn has_classic_state<B: Bits>(t: &Compiled<B>) -> bool {
    let r = &t.rules;
    r.swaps.is_some()
        || r.passing.is_some()
        || r.surround.as_ref().is_some_and(|s| s.removed.is_some())
}

/// The `roll:` entry: the rolled faces from 1, joined by `+` (`roll:2+5`),
/// or `roll:-` when not rolled.
pub(crate) fn write_roll(code: u32) -> String {
    let faces: Vec<String> = crate::engine::rules::dice::Dice::faces(code)
        .map(|f| (f as u32 + 1).to_string())
        .collect();
    if faces.is_empty() {
        "roll:-".into()
    } else {
        format!("roll:{}", faces.join("+"))
    }
}

/// The absolute coordinate of the FEN frame's a1 on an unbounded board.
fn frame_corner<B: Bits>(t: &Compiled<B>, raw: &RawPosition) -> Option<(i32, i32)> {
    let (ax, ay) = t.base.geo.anchor()?;
    Some((ax + raw.origin.0, ay + raw.origin.1))
}

/// The `<…>` block: `<swaps:1/0,passes:0,removed:Qq>`, with `origin:X/Y`
/// on an unbounded board whose men have left the setup's frame.
pub(crate) fn write_state<B: Bits>(t: &Compiled<B>, raw: &RawPosition, out: &mut String) {
    let corner = frame_corner(t, raw).filter(|&c| c != (0, 0));
    let turn = turn_entries(t, raw);
    // `lion trading`: the counter-strike bar, written only while it holds.
    let traded = t.rules.lion_trade.is_some() && raw.extra.lion_barred;
    if !has_state_block(t) && corner.is_none() && turn.is_empty() && !traded {
        return;
    }
    out.push('<');
    let open = out.len();
    out.push_str(&turn);
    if !turn.is_empty() && (has_state_block(t) || corner.is_some()) {
        out.push(',');
    }
    if has_state_block(t) {
        if let Some(d) = &t.rules.dice {
            out.push_str(&write_roll(raw.extra.roll));
            if d.count > 0 && (has_classic_state(t) || corner.is_some()) {
                out.push(',');
            }
        }
    }
    if has_classic_state(t) {
        out.push_str("swaps:");
        for p in 0..t.base.nplayers {
            if p > 0 {
                out.push('/');
            }
            out.push_str(&raw.extra.swaps.get(p).copied().unwrap_or(0).to_string());
        }
        out.push_str(&format!(",passes:{},removed:", raw.extra.passes));
        let before = out.len();
        write_counts(t, out, &raw.extra.removed);
        if out.len() == before {
            out.push('-');
        }
        if corner.is_some() {
            out.push(',');
        }
    }
    if let Some((x, y)) = corner {
        out.push_str(&format!("origin:{x}/{y}"));
    }
    if t.rules.faces.is_some() {
        if out.len() > open {
            out.push(',');
        }
        write_faces(t, &raw.extra.faces, out);
    }
    if t.rules.scores.is_some() {
        if out.len() > open && !out.ends_with(',') {
            out.push(',');
        }
        out.push_str("score:");
        let points: Vec<String> = (0..t.base.nplayers)
            .map(|p| raw.extra.scores.get(p).copied().unwrap_or(0).to_string())
            .collect();
        out.push_str(&points.join("/"));
    }
    if traded {
        if out.len() > open && !out.ends_with(',') {
            out.push(',');
        }
        out.push_str("traded:1");
    }
    out.push('>');
}

/// The `faces:` entry (`face down`): per slot in FEN order, its true
/// kind's letter (the owner's case) while it is unrevealed, `?` where the
/// writer does not know it, `=` and the letter once turned face up.
pub(crate) fn write_faces<B: Bits>(t: &Compiled<B>, faces: &[SlotText], out: &mut String) {
    let Some(f) = &t.rules.faces else {
        return;
    };
    out.push_str("faces:");
    let v = &t.base.variant;
    for (sl, x) in f.slots.iter().zip(faces) {
        let letter = |k: PieceId| v.pieces[k as usize].letter.text(sl.owner != 0);
        match *x {
            SlotText::Hidden(k) => out.push_str(&letter(k)),
            SlotText::Unknown => out.push('?'),
            SlotText::Revealed(k) => {
                out.push('=');
                out.push_str(&letter(k));
            }
        }
    }
}

/// Read the `faces:` entry.
fn parse_faces<B: Bits>(t: &Compiled<B>, val: &str) -> Result<Vec<SlotText>, String> {
    let Some(f) = &t.rules.faces else {
        return Err("face-down slots are given but the variant has no face-down men".into());
    };
    let v = &t.base.variant;
    let mut out = Vec::new();
    let mut chars = val.chars();
    while let Some(c) = chars.next() {
        let (c, revealed) = if c == '=' {
            let Some(n) = chars.next() else {
                return Err("expected a piece letter after `=`".into());
            };
            (n, true)
        } else {
            (c, false)
        };
        if c == '?' && !revealed {
            out.push(SlotText::Unknown);
            continue;
        }
        // `+X`: a promoted form written without a letter of its own.
        let (c, plus) = match c {
            '+' => (chars.next().unwrap_or('+'), true),
            c => (c, false),
        };
        let Some(k) = c
            .is_ascii_alphabetic()
            .then(|| {
                v.piece_by(if plus {
                    Letter::plus(c)
                } else {
                    Letter::own(c)
                })
            })
            .flatten()
            .filter(|&k| f.listed.contains(k))
        else {
            return Err(format!(
                "`{c}` is not the letter of a kind whose men start face down"
            ));
        };
        out.push(if revealed {
            SlotText::Revealed(k)
        } else {
            SlotText::Hidden(k)
        });
        if out.len() > f.slots.len() {
            break;
        }
    }
    if out.len() != f.slots.len() {
        return Err(format!(
            "expected {} face-down slots in `faces:`, found {}",
            f.slots.len(),
            out.len()
        ));
    }
    Ok(out)
}

/// The entries of a turn of several actions: `turn:K` (the turn's number
/// from 1) where the plan depends on it and the move number does not say
/// it, `left:N` (the actions left, the next one included) in the middle
/// of a turn; joined by `,`, empty when neither is written.
fn turn_entries<B: Bits>(t: &Compiled<B>, raw: &RawPosition) -> String {
    let Some(tr) = &t.rules.turns else {
        return String::new();
    };
    let mut parts = Vec::new();
    if let Some(i) = raw.extra.turn_index {
        // What reading the move number back would give (it counts turns).
        let np = t.base.nplayers as u32;
        let first = t.base.variant.setup.first as u32;
        let offset = (raw.turn as u32 + np - first % np) % np;
        let ply = (raw.ply / np) * np + offset;
        let derived = if tr.plan.growing { ply } else { ply.min(1) };
        if derived != i {
            parts.push(format!("turn:{}", i as u64 + 1));
        }
    }
    if let Some(n) = raw.extra.turn_left {
        parts.push(format!("left:{n}"));
    }
    parts.join(",")
}

/// Read the inside of the `<…>` block into `raw`.
pub(crate) fn parse_state<B: Bits>(
    t: &Compiled<B>,
    text: &str,
    raw: &mut RawPosition,
) -> Result<(), String> {
    let np = t.base.nplayers;
    for part in text.split(',').filter(|p| !p.is_empty()) {
        let (key, val) = part
            .split_once(':')
            .ok_or_else(|| format!("expected `key:value`, found `{part}`"))?;
        match key {
            "swaps" => {
                let vals: Vec<&str> = val.split('/').collect();
                if vals.len() != np {
                    return Err(format!(
                        "expected {np} swap counts separated by `/`, found `{val}`"
                    ));
                }
                raw.extra.swaps = vals
                    .iter()
                    .map(|v| {
                        v.parse()
                            .map_err(|_| format!("expected a number of swaps, found `{v}`"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            "turn" => {
                let k: u32 = val
                    .parse()
                    .ok()
                    .filter(|&k| k >= 1)
                    .ok_or_else(|| format!("expected a turn number from 1, found `{val}`"))?;
                raw.extra.turn_index = Some(k - 1);
            }
            "left" => {
                let n: u32 = val.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    format!("expected the actions left in the turn (from 1), found `{val}`")
                })?;
                raw.extra.turn_left = Some(n);
            }
            "roll" => {
                let Some(d) = &t.rules.dice else {
                    return Err("a roll is given but the variant has no dice".into());
                };
                if val == "-" {
                    raw.extra.roll = 0;
                    continue;
                }
                let mut faces = Vec::new();
                for f in val.split('+') {
                    let n: usize = f
                        .parse()
                        .ok()
                        .filter(|&n| n >= 1 && n <= d.nfaces())
                        .ok_or_else(|| {
                            format!("expected a face from 1 to {}, found `{f}`", d.nfaces())
                        })?;
                    faces.push((n - 1) as u8);
                }
                if faces.len() != d.count as usize {
                    return Err(format!(
                        "expected {} dice joined by `+`, found `{val}`",
                        d.count
                    ));
                }
                raw.extra.roll = d.encode(&faces);
            }
            "passes" => {
                raw.extra.passes = val
                    .parse()
                    .map_err(|_| format!("expected a number of passes, found `{val}`"))?;
            }
            "removed" => {
                let mut counts = vec![vec![0u32; t.base.nkinds]; np];
                if val != "-" {
                    parse_counts(t, val, FenField::Placement, &mut counts)
                        .map_err(|e| e.message)?;
                }
                raw.extra.removed = counts;
            }
            "origin" => {
                let Some(anchor) = t.base.geo.anchor() else {
                    return Err("`origin` is only for unbounded boards".into());
                };
                let parsed = val
                    .split_once('/')
                    .and_then(|(x, y)| Some((x.parse::<i32>().ok()?, y.parse::<i32>().ok()?)));
                let Some((x, y)) = parsed else {
                    return Err(format!(
                        "expected `origin:X/Y` with two whole numbers, found `{val}`"
                    ));
                };
                raw.origin = (
                    x.checked_sub(anchor.0).ok_or("origin out of range")?,
                    y.checked_sub(anchor.1).ok_or("origin out of range")?,
                );
            }
            "faces" => raw.extra.faces = parse_faces(t, val)?,
            "traded" => {
                if t.rules.lion_trade.is_none() {
                    return Err(
                        "a lion trade is given but the variant has no `lion trading`".into(),
                    );
                }
                raw.extra.lion_barred = match val {
                    "1" => true,
                    "0" => false,
                    _ => {
                        return Err(format!(
                            "expected `traded:1` or `traded:0`, found `traded:{val}`"
                        ))
                    }
                };
            }
            "score" => {
                if t.rules.scores.is_none() {
                    return Err("points are given but the variant keeps no points".into());
                }
                let vals: Vec<&str> = val.split('/').collect();
                if vals.len() != np {
                    return Err(format!(
                        "expected {np} players' points separated by `/`, found `{val}`"
                    ));
                }
                raw.extra.scores = vals
                    .iter()
                    .map(|v| {
                        v.parse::<u32>()
                            .ok()
                            .filter(|&n| n <= MAX_SCORE && !v.starts_with('+'))
                            .ok_or_else(|| {
                                format!("expected a number of points from 0 to {MAX_SCORE}, found `{v}`")
                            })
                    })
                    .collect::<Result<_, _>>()?;
            }
            other => return Err(format!("unknown entry `{other}`")),
        }
    }
    Ok(())
}

/// FEN text of the decks: per player, cards top first, `,` between
/// players; a card is its piece letter, `letter(region)` for a card limited
/// to a region, `*` for a joker; `!` before a player's cards says that
/// player owes a board move.
pub(crate) fn write_decks<B: Bits>(t: &Compiled<B>, raw: &RawPosition, out: &mut String) {
    let v = &t.base.variant;
    for p in 0..t.base.nplayers {
        if p > 0 {
            out.push(',');
        }
        if raw.must_move & (1 << p) != 0 {
            out.push('!');
        }
        for card in raw.decks.get(p).into_iter().flatten() {
            match *card {
                Card::Joker => out.push('*'),
                Card::Piece { piece, region } => {
                    out.push_str(&v.pieces[piece as usize].letter.text(false));
                    if let Some(r) = region {
                        out.push('(');
                        out.push_str(&v.regions[r as usize].name);
                        out.push(')');
                    }
                }
            }
        }
    }
}

/// Read the FEN text of the decks.
pub(crate) fn parse_decks<B: Bits>(
    t: &Compiled<B>,
    text: &str,
    raw: &mut RawPosition,
) -> Result<(), String> {
    let v = &t.base.variant;
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != t.base.nplayers {
        return Err(format!(
            "expected {} decks separated by `,`, found {}",
            t.base.nplayers,
            parts.len()
        ));
    }
    raw.decks = Vec::with_capacity(parts.len());
    raw.must_move = 0;
    for (p, part) in parts.iter().enumerate() {
        let mut rest = *part;
        if let Some(r) = rest.strip_prefix('!') {
            raw.must_move |= 1 << p;
            rest = r;
        }
        let mut list = Vec::new();
        let mut chars = rest.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if c == '*' {
                list.push(Card::Joker);
                continue;
            }
            // `+X`: a promoted form written without a letter of its own.
            let (c, letter) = match c {
                '+' => match chars.next() {
                    Some((_, n)) => (n, Letter::plus(n)),
                    None => return Err("expected a piece letter after `+`".into()),
                },
                c => (c, Letter::own(c)),
            };
            let Some(piece) = c
                .is_ascii_alphabetic()
                .then(|| v.piece_by(letter))
                .flatten()
            else {
                return Err(format!("`{c}` is not a piece letter"));
            };
            let mut region = None;
            if chars.peek().is_some_and(|&(_, n)| n == '(') {
                let Some(end) = rest[i..].find(')') else {
                    return Err("expected `)` after a card's region".into());
                };
                let name = &rest[i + 2..i + end];
                let Some(r) = v.regions.iter().position(|r| r.name == name) else {
                    return Err(format!("`{name}` is not a region"));
                };
                region = Some(r as RegionId);
                while chars.next_if(|&(j, _)| j <= i + end).is_some() {}
            }
            list.push(Card::Piece { piece, region });
        }
        raw.decks.push(list);
    }
    Ok(())
}
