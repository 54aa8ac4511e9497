//! Exporting the board and the start position: `startFen`, castling,
//! and XBoard's piece images.

use super::{Exp, Fsf};
use crate::ir::{self, Coord, Event, PieceId, Variant};

/// XBoard's piece images: each piece in the slot of its letter, or a free one.
pub(super) fn piece_to_char(v: &Variant) -> String {
    const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSUK";
    let mut slots: Vec<char> = vec!['.'; SLOTS.len()];
    let mut rest = Vec::new();
    for p in &v.pieces {
        let l = p.letter.ch();
        let want = if p.royal {
            Some(SLOTS.len() - 1)
        } else {
            SLOTS.find(l).filter(|&i| i != SLOTS.len() - 1)
        };
        match want {
            Some(i) if slots[i] == '.' => slots[i] = l,
            _ => rest.push(l),
        }
    }
    for l in rest {
        if let Some(i) = slots[..SLOTS.len() - 1].iter().position(|&c| c == '.') {
            slots[i] = l;
        }
    }
    let white: String = slots.iter().collect();
    format!("{white}{}", white.to_ascii_lowercase())
}

/// The board and the start position (`startFen`).
pub(super) fn setup(e: &mut Exp, fsf: &[Fsf]) {
    let v = e.v;
    if !v.setup.shuffles.is_empty() {
        e.refuse(
            "setup",
            None,
            "a `shuffle` line deals the setup from the seed; Fairy-Stockfish's `startFen` is one position",
        );
    }
    e.set("maxFile", e.w.to_string());
    e.set("maxRank", e.h.to_string());
    let mut fen = String::new();
    for y in (0..e.h).rev() {
        let mut empty = 0;
        for x in 0..e.w {
            let man = v.setup.men.iter().find(|m| m.at == Coord::new(x, y));
            let cell = if e.holes.contains(&(x, y)) {
                Some("*".to_string())
            } else {
                man.map(|m| {
                    let p = &v.pieces[m.piece as usize];
                    // A promoted form is written `+` and its base's letter.
                    let base = v.pieces.iter().find(|b| b.promotes_to == Some(m.piece));
                    let l = match base {
                        Some(b) => format!("+{}", b.letter),
                        None => p.letter.to_string(),
                    };
                    if m.owner == 0 {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                })
            };
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push_str(&c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if y > 0 {
            fen.push('/');
        }
    }
    let drops = v.turn.place || v.setup.hands.iter().any(|h| !h.is_empty());
    if drops {
        fen.push('[');
        for (pl, hand) in v.setup.hands.iter().enumerate() {
            for &(k, n) in hand {
                let l = v.pieces[k as usize].letter.ch();
                let l = if pl == 0 { l } else { l.to_ascii_lowercase() };
                for _ in 0..n.min(256) {
                    fen.push(l);
                }
            }
        }
        fen.push(']');
    }
    let side = if v.setup.first == 0 { "w" } else { "b" };
    let castling = castling_field(e, fsf);
    let checks = v.end.iter().find_map(|r| match r.when {
        Event::Checks(n) => Some(format!(" {n}+{n}")),
        _ => None,
    });
    let fen = format!(
        "{fen} {side} {castling} -{} 0 1",
        checks.unwrap_or_default()
    );
    e.set("startFen", fen);
}

/// Castling: the options, and the start position's rights.
fn castling_field(e: &mut Exp, fsf: &[Fsf]) -> String {
    let v = e.v;
    let Some(c) = v.turn.castling.clone() else {
        e.set("castling", "false");
        return "-".into();
    };
    let _ = fsf;
    let kinds: Vec<PieceId> = std::iter::once(c.partner)
        .chain(c.more_partners.iter().copied())
        .collect();
    let letters: String = kinds
        .iter()
        .map(|&k| v.pieces[k as usize].letter.ch().to_ascii_lowercase())
        .collect();
    let castler = v.pieces[c.royal as usize].letter.ch().to_ascii_lowercase();
    let mut field = String::new();
    let mut castling_rank: Option<i32> = None;
    let mut king_file = None;
    let mut files = None;
    for pl in 0..2u8 {
        let kings: Vec<&ir::Man> = v
            .setup
            .men
            .iter()
            .filter(|m| m.owner == pl && m.piece == c.royal)
            .collect();
        let [k] = kings[..] else {
            if !kings.is_empty() {
                e.refuse("castling", None, "several castlers on one side");
            }
            continue;
        };
        let rel = if pl == 0 { k.at.y } else { e.h - 1 - k.at.y };
        let rank_ok = match castling_rank {
            None => {
                castling_rank = Some(rel);
                true
            }
            Some(r) => r == rel,
        };
        let partners: Vec<&ir::Man> = v
            .setup
            .men
            .iter()
            .filter(|m| m.owner == pl && m.at.y == k.at.y && kinds.contains(&m.piece))
            .collect();
        let east = partners.iter().any(|m| m.at.x > k.at.x);
        let west = partners.iter().any(|m| m.at.x < k.at.x);
        if (east || west) && !rank_ok {
            e.refuse(
                "castling",
                None,
                "castlers on different ranks for the two sides",
            );
        }
        match king_file {
            None => king_file = Some(k.at.x),
            Some(f) if f != k.at.x => e.refuse(
                "castling",
                None,
                "castlers on different files for the two sides",
            ),
            _ => {}
        }
        let (g, cc) = c
            .files
            .map(|[a, b]| (a, b))
            .unwrap_or((k.at.x + 2, k.at.x - 2));
        files = Some((g, cc));
        let mut rights = String::new();
        if east {
            rights.push('K');
        }
        if west {
            rights.push('Q');
        }
        if pl == 1 {
            rights = rights.to_ascii_lowercase();
        }
        field.push_str(&rights);
    }
    if let (Some(kf), Some((g, cc))) = (king_file, files) {
        if g < 0 || cc < 0 || g >= e.w || cc >= e.w {
            e.refuse("castling", None, "castling to files off the board");
        }
        e.set("castling", "true");
        e.set("castlingKingPiece", castler.to_string());
        e.set("castlingRookPieces", letters);
        e.set("castlingKingFile", ((b'a' + kf as u8) as char).to_string());
        e.set("castlingRank", (castling_rank.unwrap_or(0) + 1).to_string());
        e.set(
            "castlingKingsideFile",
            ((b'a' + g.max(0) as u8) as char).to_string(),
        );
        e.set(
            "castlingQueensideFile",
            ((b'a' + cc.max(0) as u8) as char).to_string(),
        );
    }
    if field.is_empty() {
        "-".into()
    } else {
        field
    }
}
