//! Writing a position as FEN.

use super::blocks;
use super::parse::{infer_victim, side_partners};
use super::text::{frame, square_name, style, write_counts, write_man, Style};
use crate::engine::core::Bits;
use crate::engine::core::{Man, Square};
use crate::engine::position::checked::{with_pos, Position};
use crate::engine::position::raw::{to_raw, RawEp, RawPosition};
use crate::engine::tables::Compiled;
use crate::ir::{Dir, PlayerId};

/// Whether a variant writes the hands field.
fn has_hands<B: Bits>(t: &Compiled<B>, raw: &RawPosition) -> bool {
    if t.base.variant.turn.unlimited_hands {
        // Unlimited hands are not counted (as Fairy-Stockfish's free drops).
        return false;
    }
    t.base.variant.turn.place
        || t.base.variant.setup.hands.iter().any(|h| !h.is_empty())
        || raw.hands.iter().flatten().any(|&n| n > 0)
}

fn has_pools<B: Bits>(t: &Compiled<B>) -> bool {
    t.rules.promotion.uses_pools()
}

/// Write a position as FEN.
pub fn write(pos: &Position) -> String {
    with_pos!(&pos.inner, c, s => write_raw(c, &to_raw(c, s)))
}

/// Write a position as FEN as a player may see it: each deck's cards in a
/// fixed order (pieces in the variant's order, jokers last), so the text
/// shows what remains but not the hidden order.
pub fn write_public(pos: &Position) -> String {
    with_pos!(&pos.inner, c, s => {
        let mut raw = to_raw(c, s);
        for deck in &mut raw.decks {
            deck.sort_by_key(|card| match *card {
                crate::ir::Card::Piece { piece, region } => {
                    (0, u32::from(piece), region.map_or(0, |r| u32::from(r) + 1))
                }
                crate::ir::Card::Joker => (1, 0, 0),
            });
        }
        // Face-down men: what both players know (the kinds turned face
        // up), never a kind that is still hidden to one of them.
        if let Some(f) = &c.rules.faces {
            for (i, x) in raw.extra.faces.iter_mut().enumerate() {
                if !f.revealed(s, i) {
                    *x = crate::engine::rules::faces::SlotText::Unknown;
                }
            }
        }
        write_raw(c, &raw)
    })
}

/// Write a position as FEN as player `seat` may see it: the public FEN
/// ([`write_public`]), and of the face-down men (`face down`) the kinds
/// that player learnt by taking them face down.
pub fn write_view(pos: &Position, seat: crate::ir::PlayerId) -> String {
    with_pos!(&pos.inner, c, s => {
        let Some(f) = &c.rules.faces else {
            return write_public(pos);
        };
        let mut raw = to_raw(c, s);
        raw.extra.faces = f.texts_for(s, seat);
        for deck in &mut raw.decks {
            deck.clear();
        }
        write_raw(c, &raw)
    })
}

/// Write a raw position of a compiled variant as FEN.
fn write_raw<B: Bits>(t: &Compiled<B>, raw: &RawPosition) -> String {
    let raw = raw.clone();
    let (ox, oy, w, h) = frame(t);
    let man_at = |sq: Square| raw.men.iter().find(|m| m.at == sq);

    // Castling pairs: horizontal ones go to the castling field, vertical
    // ones are marked on the men.
    let mut castle_field = String::new();
    let mut marked_unmoved: Vec<Square> = Vec::new();
    let mut covered: Vec<Square> = Vec::new();
    if t.rules.castling.is_some() || t.rules.gating.is_some() {
        let (royal, partners) = t
            .rules
            .castling
            .as_ref()
            .map_or((u8::MAX, crate::ir::KindSet::EMPTY), |c| {
                (c.royal, c.partners)
            });
        for p in 0..t.base.nplayers as PlayerId {
            let mut entries: Vec<(u8, char)> = Vec::new();
            for r in raw
                .men
                .iter()
                .filter(|m| m.kind == royal && m.owner == p && m.unmoved)
            {
                for (side, letter) in [(1, 'K'), (-1, 'Q')] {
                    let partners = side_partners(t, &raw, r.at, p, side);
                    for (i, &ps) in partners.iter().rev().enumerate() {
                        // With gating, a file letter is a gate (it marks
                        // that man alone): a partner inside the outermost
                        // one is written by the gate letters of its file
                        // and the royal's, which read back the same flags.
                        if i != 0 && t.rules.gating.is_some() {
                            continue;
                        }
                        if man_at(ps).is_some_and(|m| m.unmoved) {
                            covered.push(ps);
                            covered.push(r.at);
                            let c = if i == 0 {
                                letter
                            } else {
                                (b'A' + (t.base.geo.coords(ps).0 - ox) as u8) as char
                            };
                            entries.push((if side == 1 { 0 } else { 1 }, c));
                        }
                    }
                }
                let (rx, ry) = t.base.geo.coords(r.at);
                for m in raw
                    .men
                    .iter()
                    .filter(|m| partners.contains(m.kind) && m.owner == p && m.unmoved)
                {
                    let (x, y) = t.base.geo.coords(m.at);
                    if x == rx && y != ry {
                        marked_unmoved.push(m.at);
                        marked_unmoved.push(r.at);
                    }
                }
            }
            entries.sort();
            gate_letters(t, &raw, p, &covered, &mut entries);
            for (_, c) in entries {
                match style(t) {
                    Style::Case if p == 1 => castle_field.push(c.to_ascii_lowercase()),
                    Style::Tagged => {
                        castle_field.push(t.fen.tags[p as usize]);
                        castle_field.push(c);
                    }
                    _ => castle_field.push(c),
                }
            }
        }
    }
    // `initial ... listed in castling field`: the unmoved men on their
    // back rank, the first player's first, each in file order.
    let on_back_rank = |m: &crate::engine::position::raw::RawMan| {
        let y = t.base.geo.coords(m.at).1;
        y == if m.owner == 0 { oy } else { oy + h - 1 }
    };
    if !t.fen.listed.is_empty() {
        for p in 0..2 {
            let mut files: Vec<i32> = raw
                .men
                .iter()
                .filter(|m| m.owner == p && m.unmoved && t.fen.listed.contains(m.kind))
                .filter(|m| on_back_rank(m))
                .map(|m| t.base.geo.coords(m.at).0 - ox)
                .collect();
            files.sort_unstable();
            for f in files {
                let c = (b'A' + f as u8) as char;
                castle_field.push(if p == 1 { c.to_ascii_lowercase() } else { c });
            }
        }
    }
    if castle_field.is_empty() {
        castle_field.push('-');
    }

    let mut out = String::new();
    for y in (0..h).rev() {
        let mut empty = 0;
        for x in 0..w {
            let Some(sq) = t.base.geo.grid_square(x + ox, y + oy) else {
                continue;
            };
            if !t.base.geo.is_real(sq) || raw.walls.contains(&sq) {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push('*');
                continue;
            }
            let Some(m) = man_at(sq) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            write_man(t, &mut out, m.kind, m.owner);
            if m.promoted {
                out.push('~');
            }
            let mut flags = String::new();
            if m.facing != t.base.forward[m.owner] {
                flags.push(match m.facing {
                    Dir::North => 'n',
                    Dir::East => 'e',
                    Dir::South => 's',
                    Dir::West => 'w',
                });
            }
            let tracked = t.base.layout.tracked_kinds.contains(m.kind);
            let castle = t.rules.castle_kinds().contains(m.kind);
            let gate = t
                .rules
                .gating
                .as_ref()
                .is_some_and(|g| g.region[m.owner as usize & 3].contains(sq));
            if t.fen.listed.contains(m.kind) {
                // Listed men on the back rank are in the castling field.
                if m.unmoved && !on_back_rank(m) {
                    flags.push('u');
                }
            } else if tracked && !castle && !gate {
                let default = t.fen.setup_men.get(sq.index()).copied()
                    == Some(Man::new(m.kind, m.owner, m.facing));
                if m.unmoved && !default {
                    flags.push('u');
                } else if !m.unmoved && default {
                    flags.push('m');
                }
            } else if castle && m.unmoved && marked_unmoved.contains(&sq) {
                flags.push('u');
            }
            if !flags.is_empty() {
                out.push('(');
                out.push_str(&flags);
                out.push(')');
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    let prison = t.rules.captures.rule == crate::ir::Captures::ToPrison;
    if prison || has_hands(t, &raw) {
        out.push('[');
        write_counts(t, &mut out, &raw.hands);
        out.push(']');
    }
    if prison {
        // The prisons, each man as its owner's (the other player holds
        // it): `[…][qP]`.
        let np = raw.prisons.len();
        let owned: Vec<Vec<u32>> = (0..np).map(|p| raw.prisons[(p + 1) % np].clone()).collect();
        out.push('[');
        write_counts(t, &mut out, &owned);
        out.push(']');
    }
    super::gates::write(t, &mut out, &raw);
    if has_pools(t) {
        out.push('{');
        write_counts(t, &mut out, &raw.pools);
        out.push('}');
    }
    blocks::write_state(t, &raw, &mut out);
    if t.rules.deck.is_some() {
        out.push('|');
        blocks::write_decks(t, &raw, &mut out);
        out.push('|');
    }
    out.push(' ');
    match style(t) {
        Style::Case => out.push(if raw.turn == 0 { 'w' } else { 'b' }),
        Style::Single => out.push('w'),
        Style::Tagged => out.push(t.fen.tags[raw.turn as usize]),
    }
    out.push(' ');
    out.push_str(&castle_field);
    out.push(' ');
    if let Some((limit, _)) = raw.extra.counting {
        // A running count, as Fairy-Stockfish writes it: its limit here,
        // the plies counted in the halfmove field.
        out.push_str(&limit.to_string());
    } else if raw.en_passant.is_empty() {
        out.push('-');
    } else {
        let mut recs: Vec<&RawEp> = raw.en_passant.iter().collect();
        recs.sort_by_key(|r| man_at(r.victim).map(|m| m.owner));
        let texts: Vec<String> = recs
            .iter()
            .map(|r| {
                let mut s = r
                    .targets
                    .iter()
                    .map(|&x| square_name(t, x))
                    .collect::<Vec<_>>()
                    .join("+");
                if infer_victim(t, &raw, &r.targets) != vec![r.victim] {
                    s.push('@');
                    s.push_str(&square_name(t, r.victim));
                }
                s
            })
            .collect();
        out.push_str(&texts.join(","));
    }
    // Check counts, as Fairy-Stockfish writes them: the checks each player
    // still needs, `3+3`.
    if let Some(c) = &t.rules.checks {
        let left: Vec<String> = (0..t.base.nplayers)
            .map(|p| {
                let given = raw.extra.checks.get(p).copied().unwrap_or(0);
                c.target.saturating_sub(given).to_string()
            })
            .collect();
        out.push(' ');
        out.push_str(&left.join("+"));
    }
    let np = t.base.nplayers as u32;
    let halfmove = raw.extra.counting.map_or(raw.quiet, |(_, ply)| ply);
    out.push_str(&format!(" {} {}", halfmove, raw.ply / np + 1));
    out
}

/// With gating: a file letter for each unmoved man of `p` on the gating
/// region whose flag the castling letters do not already give, after them.
fn gate_letters<B: Bits>(
    t: &Compiled<B>,
    raw: &RawPosition,
    p: PlayerId,
    covered: &[Square],
    entries: &mut Vec<(u8, char)>,
) {
    let Some(g) = &t.rules.gating else {
        return;
    };
    let ox = frame(t).0;
    let region = g.region[p as usize & 3];
    let mut files: Vec<char> = raw
        .men
        .iter()
        .filter(|m| m.owner == p && m.unmoved && region.contains(m.at) && !covered.contains(&m.at))
        .map(|m| (b'A' + (t.base.geo.coords(m.at).0 - ox) as u8) as char)
        .collect();
    files.sort();
    files.dedup();
    entries.extend(files.into_iter().map(|c| (2, c)));
}
