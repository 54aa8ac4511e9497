//! Reading FEN into a raw position.

use super::blocks;
use super::error::{fail, FenError, FenField};
use super::text::{frame, parse_counts, parse_square, read_man, square_name, style, Style};
use crate::engine::core::Bits;
use crate::engine::core::{Man, Square};
use crate::engine::position::raw::{RawEp, RawMan, RawPosition};
use crate::engine::rules::en_passant;
use crate::engine::tables::{with_compiled, Compiled, Tables};
use crate::ir::{Dir, EnPassantWindow, PlayerId};

/// Parse a FEN into a raw position (not yet checked).
pub fn parse(t: &Tables, text: &str) -> Result<RawPosition, FenError> {
    with_compiled!(&t.width, c => parse_in(c, text))
}

/// [`parse`] for a compiled variant.
fn parse_in<B: Bits>(t: &Compiled<B>, text: &str) -> Result<RawPosition, FenError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    let checks = take_checks(t, &mut fields)?;
    // The short form `w 0 1` (Fairy-Stockfish): a number right after the
    // side to move means no castling and no en-passant fields.
    let number = |f: Option<&&str>| {
        f.is_some_and(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
    };
    if number(fields.get(2)) {
        fields.splice(2..2, ["-", "-"]);
    } else if fields.len() == 5 && number(fields.get(3)) && number(fields.get(4)) {
        // One field between the side to move and the counters: XBoard
        // leaves out the castling field where nobody may castle (`w - 0
        // 1`, its chu). A square is the en-passant field, else castling.
        let square = fields[2].bytes().any(|b| b.is_ascii_digit());
        fields.insert(if square { 2 } else { 3 }, "-");
    }
    if fields.is_empty() {
        return fail(
            FenField::Placement,
            "expected the piece placement, found nothing",
        );
    }
    if fields.len() > 6 {
        return fail(
            FenField::Extra,
            format!(
                "expected at most 6 fields, found extra `{}`",
                fields[6..].join(" ")
            ),
        );
    }
    let np = t.base.nplayers;
    let mut raw = RawPosition {
        extra: crate::engine::position::raw::Extra {
            checks,
            ..Default::default()
        },
        hands: vec![vec![0; t.base.nkinds]; np],
        pools: vec![vec![0; t.base.nkinds]; np],
        alive: ((1u16 << np) - 1) as u8,
        // Without an `origin` entry the frame's a1 is (0, 0).
        origin: t.base.geo.anchor().map_or((0, 0), |(ax, ay)| (-ax, -ay)),
        ..RawPosition::default()
    };

    // Placement, hands, pools.
    let mut place = fields[0];
    let mut pools_txt = None;
    let mut hands_txt = None;
    // The decks, `|…|` at the very end of the placement field.
    if let Some(i) = place.find('|') {
        if !place.ends_with('|') || i + 1 >= place.len() {
            return fail(FenField::Placement, "expected `|` at the end of the decks");
        }
        blocks::parse_decks(t, &place[i + 1..place.len() - 1], &mut raw).map_err(|m| FenError {
            field: FenField::Placement,
            message: format!("decks: {m}"),
        })?;
        place = &place[..i];
    }
    if let Some(i) = place.find('<') {
        if !place.ends_with('>') {
            return fail(
                FenField::Placement,
                "expected `>` at the end of the `<…>` block",
            );
        }
        blocks::parse_state(t, &place[i + 1..place.len() - 1], &mut raw).map_err(|m| FenError {
            field: FenField::Placement,
            message: m,
        })?;
        place = &place[..i];
    }
    if let Some(i) = place.find('{') {
        if !place.ends_with('}') {
            return fail(FenField::Pools, "expected `}` at the end of the pools");
        }
        pools_txt = Some(&place[i + 1..place.len() - 1]);
        place = &place[..i];
    }
    let prison = t.rules.captures.rule == crate::ir::Captures::ToPrison;
    let mut prisons_txt = None;
    if let Some(i) = place.find('[') {
        if !place.ends_with(']') {
            return fail(FenField::Hands, "expected `]` at the end of the hands");
        }
        let inner = &place[i + 1..place.len() - 1];
        // `captures to prison`: the hands, then the prisons, `[…][…]`.
        match inner.split_once("][") {
            Some((h, p)) if prison => {
                hands_txt = Some(h);
                prisons_txt = Some(p);
            }
            _ => hands_txt = Some(inner),
        }
        place = &place[..i];
    } else if let Some(i) = place.rfind('/') {
        // Holdings as one more rank (Fairy-Stockfish, lichess crazyhouse:
        // `.../RNBQKBNR/PPnn`, `.../RNBQKBNR/` for empty hands).
        let ranks = place.bytes().filter(|&b| b == b'/').count() + 1;
        let v = &t.base.variant;
        let hands = !v.turn.unlimited_hands
            && (v.turn.place || v.setup.hands.iter().any(|h| !h.is_empty()));
        if hands && ranks as i32 == frame(t).3 + 1 {
            hands_txt = Some(&place[i + 1..]);
            place = &place[..i];
        }
    }
    // `gating ... above`: the bracket holds the gates, not hands.
    let gates_txt = if t.rules.gates.is_some() {
        hands_txt.take()
    } else {
        None
    };
    let mut explicit: Vec<(Square, Option<bool>)> = Vec::new();
    parse_board(t, place, &mut raw, &mut explicit)?;
    if let Some(g) = gates_txt {
        super::gates::parse(t, g, &mut raw)?;
    }
    // With eliminations, a player without men is out of the game.
    if t.rules.elimination.is_some() {
        let owners = raw.men.iter().fold(0u8, |m, x| m | 1 << x.owner);
        if owners != 0 {
            raw.alive = owners;
        }
    }
    if let Some(h) = hands_txt {
        parse_counts(t, h, FenField::Hands, &mut raw.hands)?;
    }
    if let Some(p) = pools_txt {
        parse_counts(t, p, FenField::Pools, &mut raw.pools)?;
    }
    if prison {
        // Each man in a prison is written as its owner's; the other
        // player of two holds it.
        let mut owned = vec![vec![0; t.base.nkinds]; np];
        if let Some(p) = prisons_txt {
            parse_counts(t, p, FenField::Hands, &mut owned)?;
        }
        raw.prisons = (0..np).map(|h| owned[(h + 1) % np].clone()).collect();
    }

    // Side to move.
    let Some(turn_txt) = fields.get(1) else {
        return fail(
            FenField::Turn,
            "missing; expected the side to move after the placement",
        );
    };
    raw.turn = match (style(t), *turn_txt) {
        (Style::Case, "w") | (Style::Single, "w") => 0,
        (Style::Case, "b") => 1,
        (Style::Tagged, s) if s.len() == 1 && t.fen.tags.iter().any(|&c| s.starts_with(c)) => {
            t.fen
                .tags
                .iter()
                .position(|&c| s.starts_with(c))
                .unwrap_or(0) as PlayerId
        }
        (st, s) => {
            let expected = match st {
                Style::Case => "`w` or `b`".to_string(),
                Style::Single => "`w`".to_string(),
                Style::Tagged => format!(
                    "one of the player tags {}",
                    t.fen
                        .tags
                        .iter()
                        .map(|c| format!("`{c}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            return fail(FenField::Turn, format!("expected {expected}, found `{s}`"));
        }
    };

    // Castling.
    let castling = fields.get(2).copied().unwrap_or("-");
    parse_castling(t, castling, &mut raw)?;
    // Explicit has-moved markers win over every default.
    for (sq, flag) in explicit {
        if let Some(u) = flag {
            if let Some(m) = raw.men.iter_mut().find(|m| m.at == sq) {
                m.unmoved = u;
            }
        }
    }

    // En passant.
    let ep = fields.get(3).copied().unwrap_or("-");
    parse_ep(t, ep, &mut raw)?;

    // Counters.
    if let Some(h) = fields.get(4) {
        raw.quiet = h.parse().or_else(|_| {
            fail(
                FenField::Halfmove,
                format!("expected a number of plies, found `{h}`"),
            )
        })?;
    }
    // A running count, as Fairy-Stockfish writes it: its limit in the
    // en-passant field, the plies counted in the halfmove field.
    if let Some((_, ply)) = &mut raw.extra.counting {
        *ply = raw.quiet;
        raw.quiet = 0;
    }
    let fullmove: u32 = match fields.get(5) {
        Some(f) => match f.parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return fail(
                    FenField::Fullmove,
                    format!("expected a move number from 1, found `{f}`"),
                )
            }
        },
        None => 1,
    };
    let first = t.base.variant.setup.first as u32;
    let offset = (raw.turn as u32 + np as u32 - first % np as u32) % np as u32;
    raw.ply = (fullmove - 1)
        .checked_mul(np as u32)
        .and_then(|p| p.checked_add(offset))
        .ok_or_else(|| FenError {
            field: FenField::Fullmove,
            message: format!("move number {fullmove} is too large"),
        })?;
    Ok(raw)
}

/// The check counts of a `checks N` variant, taken out of the fields: the
/// checks each player still needs after the en-passant field (`3+3`, as
/// Fairy-Stockfish writes them), or the checks given at the very end
/// (`+2+0`, as lichess writes them). Per player: the checks given.
fn take_checks<B: Bits>(t: &Compiled<B>, fields: &mut Vec<&str>) -> Result<Vec<u32>, FenError> {
    let np = t.base.nplayers;
    let numbers = |s: &str| -> Option<Vec<u32>> {
        let v: Option<Vec<u32>> = s.split('+').map(|x| x.parse::<u32>().ok()).collect();
        v.filter(|v| v.len() == np)
    };
    let Some(c) = &t.rules.checks else {
        if fields
            .iter()
            .skip(1)
            .any(|f| f.contains('+') && numbers(f.trim_start_matches('+')).is_some())
        {
            return fail(FenField::Extra, "this variant counts no checks");
        }
        return Ok(Vec::new());
    };
    let bad = |s: &str| {
        fail(
            FenField::Extra,
            format!(
                "expected the check counts, {np} numbers joined by `+` (checks still needed, as in `{t}`), found `{s}`",
                t = vec![c.target.to_string(); np].join("+")
            ),
        )
    };
    if let Some(last) = fields
        .last()
        .copied()
        .filter(|f| f.starts_with('+') && fields.len() > 1)
    {
        let Some(given) = numbers(&last[1..]) else {
            return bad(last);
        };
        fields.pop();
        if let Some(&n) = given.iter().find(|&&n| n > c.target) {
            return fail(
                FenField::Extra,
                format!(
                    "{n} checks given, more than the {} that end the game",
                    c.target
                ),
            );
        }
        return Ok(given);
    }
    if let Some(f) = fields.get(4).copied().filter(|f| f.contains('+')) {
        let Some(left) = numbers(f) else {
            return bad(f);
        };
        fields.remove(4);
        if let Some(&n) = left.iter().find(|&&n| n > c.target) {
            return fail(
                FenField::Extra,
                format!(
                    "{n} checks still needed, more than the {} of the rule",
                    c.target
                ),
            );
        }
        return Ok(left.iter().map(|&n| c.target - n).collect());
    }
    Ok(vec![0; np])
}

fn parse_board<B: Bits>(
    t: &Compiled<B>,
    place: &str,
    raw: &mut RawPosition,
    explicit: &mut Vec<(Square, Option<bool>)>,
) -> Result<(), FenError> {
    const F: FenField = FenField::Placement;
    let (ox, oy, w, h) = frame(t);
    let ranks: Vec<&str> = place.split('/').collect();
    if ranks.len() != h as usize {
        return fail(
            F,
            format!("expected {h} ranks separated by `/`, found {}", ranks.len()),
        );
    }
    for (ri, rank) in ranks.iter().enumerate() {
        let y = h - 1 - ri as i32;
        let rank_no = y + 1;
        let b = rank.as_bytes();
        let mut x = 0i32;
        let mut i = 0usize;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let n: i32 = match rank[start..i].parse() {
                    Ok(n) if n >= 1 => n,
                    _ => {
                        return fail(
                            F,
                            format!(
                                "rank {rank_no}: `{}` is not a count of empty squares",
                                &rank[start..i]
                            ),
                        )
                    }
                };
                for k in 0..n {
                    let gx = x + k;
                    if gx >= w {
                        return fail(F, format!("rank {rank_no} has more than {w} squares"));
                    }
                    if t.base.geo.square(gx + ox, y + oy).is_none() {
                        return fail(
                            F,
                            format!(
                                "rank {rank_no}: {}{} is a hole; write it as `*`",
                                (b'a' + gx as u8) as char,
                                rank_no
                            ),
                        );
                    }
                }
                x += n;
                continue;
            }
            if x >= w {
                return fail(F, format!("rank {rank_no} has more than {w} squares"));
            }
            if c == b'*' {
                // On a square of a variant with walls (placed or petrified), `*`
                // is a wall.
                if let (Some(at), true) = (t.base.geo.square(x + ox, y + oy), t.rules.has_walls()) {
                    raw.walls.push(at);
                    x += 1;
                    i += 1;
                    continue;
                }
                if t.base.geo.square(x + ox, y + oy).is_some() {
                    return fail(
                        F,
                        format!(
                            "rank {rank_no}: `*` marks a hole, but {}{} is a square",
                            (b'a' + x as u8) as char,
                            rank_no
                        ),
                    );
                }
                x += 1;
                i += 1;
                continue;
            }
            let (kind, owner, used) = read_man(t, &b[i..], F)?;
            i += used;
            // `~`: a promoted man (Fairy-Stockfish's mark).
            let promoted = b.get(i) == Some(&b'~');
            if promoted {
                i += 1;
            }
            let Some(at) = t.base.geo.square(x + ox, y + oy) else {
                return fail(
                    F,
                    format!(
                        "rank {rank_no}: {}{} is a hole and cannot hold a man",
                        (b'a' + x as u8) as char,
                        rank_no
                    ),
                );
            };
            let mut facing = t.base.forward[owner];
            let mut flag = None;
            if i < b.len() && b[i] == b'(' {
                let Some(close) = rank[i..].find(')') else {
                    return fail(
                        F,
                        format!("rank {rank_no}: expected `)` after the man's flags"),
                    );
                };
                for fc in rank[i + 1..i + close].chars() {
                    match fc {
                        'n' => facing = Dir::North,
                        'e' => facing = Dir::East,
                        's' => facing = Dir::South,
                        'w' => facing = Dir::West,
                        'u' => flag = Some(true),
                        'm' => flag = Some(false),
                        other => {
                            return fail(F, format!("rank {rank_no}: unknown man flag `{other}`; expected n, e, s, w (facing), u (unmoved) or m (moved)"))
                        }
                    }
                }
                i += close + 1;
            }
            let tracked = t.base.layout.tracked_kinds.contains(kind);
            let castle = t.rules.castle_kinds().contains(kind);
            // On a gating region the castling field gives the flag.
            let gate = t
                .rules
                .gating
                .as_ref()
                .is_some_and(|g| g.region[owner as usize & 3].contains(at));
            let default_unmoved = tracked
                && !castle
                && !t.fen.listed.contains(kind)
                && !gate
                && t.fen.setup_men.get(at.index()).copied() == Some(Man::new(kind, owner, facing));
            raw.men.push(RawMan {
                at,
                kind,
                owner,
                facing,
                unmoved: default_unmoved,
                promoted,
            });
            if flag.is_some() {
                explicit.push((at, flag));
            }
            x += 1;
        }
        if x != w {
            return fail(F, format!("rank {rank_no} has {x} squares, expected {w}"));
        }
    }
    Ok(())
}

/// The men of a raw position with their squares.
fn raw_men(raw: &RawPosition) -> Vec<(Square, Man)> {
    raw.men
        .iter()
        .map(|m| (m.at, Man::new(m.kind, m.owner, m.facing)))
        .collect()
}

/// The partners of `owner` on the royal's rank, on one side (+1 east, -1 west).
pub(super) fn side_partners<B: Bits>(
    t: &Compiled<B>,
    raw: &RawPosition,
    royal: Square,
    owner: PlayerId,
    side: i32,
) -> Vec<Square> {
    match &t.rules.castling {
        Some(c) => c.side_partners(&t.base, &raw_men(raw), royal, owner, side),
        None => Vec::new(),
    }
}

fn parse_castling<B: Bits>(
    t: &Compiled<B>,
    s: &str,
    raw: &mut RawPosition,
) -> Result<(), FenError> {
    const F: FenField = FenField::Castling;
    if s == "-" {
        return Ok(());
    }
    if !t.fen.listed.is_empty() {
        return parse_listed(t, s, raw);
    }
    let gating = t.rules.gating.as_ref();
    if t.rules.castling.is_none() && gating.is_none() {
        return fail(
            F,
            format!(
                "expected `-`: {} has no castling, found `{s}`",
                t.base.variant.name
            ),
        );
    }
    if let Some(c) = s.chars().find(|c| !c.is_ascii()) {
        return fail(F, format!("expected K, Q or file letters, found `{c}`"));
    }
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let (owner, c) = match style(t) {
            Style::Tagged => {
                let Some(p) = t.fen.tags.iter().position(|&x| x as u8 == b[i]) else {
                    return fail(
                        F,
                        format!("expected a player tag, found `{}`", b[i] as char),
                    );
                };
                let Some(&c) = b.get(i + 1) else {
                    return fail(F, "expected K, Q or a file letter after the player tag");
                };
                i += 2;
                (p as PlayerId, c as char)
            }
            st => {
                let c = b[i] as char;
                i += 1;
                let owner = if c.is_ascii_lowercase() && st == Style::Case {
                    1
                } else {
                    0
                };
                (owner, c.to_ascii_uppercase())
            }
        };
        if let Some(g) = gating {
            // With gating, a file letter gives the men of that file on
            // the gating region their right (Fairy-Stockfish's gates).
            if c != 'K' && c != 'Q' && c.is_ascii_uppercase() {
                let fx = (c as u8 - b'A') as i32 + frame(t).0;
                let region = g.region[owner as usize & 3];
                for m in raw.men.iter_mut() {
                    if m.owner == owner && region.contains(m.at) && t.base.geo.coords(m.at).0 == fx
                    {
                        m.unmoved = true;
                    }
                }
                continue;
            }
        }
        let Some(ci) = &t.rules.castling else {
            return fail(F, format!("expected file letters, found `{c}`"));
        };
        let mut royals: Vec<Square> = raw
            .men
            .iter()
            .filter(|m| m.kind == ci.royal && m.owner == owner)
            .map(|m| m.at)
            .collect();
        if royals.len() > 1 && style(t) == Style::Case {
            // As Fairy-Stockfish: of several, the one on its owner's back
            // rank (rank 1 for the first player, the top rank for the
            // second) holds the rights, when it is the only one there.
            let (_, oy, _, h) = frame(t);
            let back = if owner == 0 { oy } else { oy + h - 1 };
            let on_back: Vec<Square> = royals
                .iter()
                .copied()
                .filter(|&r| t.base.geo.coords(r).1 == back)
                .collect();
            if on_back.len() == 1 {
                royals = on_back;
            }
        }
        let v = &t.base.variant;
        let pname = &v.players[owner as usize].name;
        let rname = &v.pieces[ci.royal as usize].name;
        let paname = (0..v.pieces.len())
            .filter(|&k| ci.partners.contains(k as crate::ir::PieceId))
            .map(|k| v.pieces[k].name.as_str())
            .collect::<Vec<_>>()
            .join(" or ");
        if royals.len() > 1 {
            // Which of them a right belongs to cannot be told, and the
            // written FEN would not read back the same.
            return fail(
                F,
                format!(
                    "{pname} has {} {rname}s, none or several on its back rank: castling rights \
                     are ambiguous; write `-` for them",
                    royals.len()
                ),
            );
        }
        let mut found = None;
        for &r in &royals {
            let partner = match c {
                'K' => side_partners(t, raw, r, owner, 1).last().copied(),
                'Q' => side_partners(t, raw, r, owner, -1).last().copied(),
                f if f.is_ascii_uppercase() => {
                    let fx = (f as u8 - b'A') as i32 + frame(t).0;
                    let (_, ry) = t.base.geo.coords(r);
                    raw.men
                        .iter()
                        .find(|m| {
                            ci.partners.contains(m.kind)
                                && m.owner == owner
                                && t.base.geo.coords(m.at) == (fx, ry)
                        })
                        .map(|m| m.at)
                }
                other => {
                    return fail(
                        F,
                        format!("expected K, Q or a file letter, found `{other}`"),
                    )
                }
            };
            if let Some(p) = partner {
                found = Some((r, p));
                break;
            }
        }
        let Some((r, p)) = found else {
            return fail(
                F,
                format!("`{c}` for {pname}, but {pname}'s {rname} has no {paname} on that side"),
            );
        };
        for m in raw.men.iter_mut() {
            if m.at == r || m.at == p {
                m.unmoved = true;
            }
        }
    }
    Ok(())
}

/// The castling field of `initial ... listed in castling field`: a file
/// letter per unmoved man of a listed kind on its owner's back rank
/// (uppercase for the first player); a letter on a square without such a
/// man is ignored, as Fairy-Stockfish ignores it.
fn parse_listed<B: Bits>(t: &Compiled<B>, s: &str, raw: &mut RawPosition) -> Result<(), FenError> {
    let (ox, oy, w, h) = frame(t);
    for c in s.chars() {
        let up = c.to_ascii_uppercase();
        if !up.is_ascii_uppercase() || (up as i32 - 'A' as i32) >= w {
            return fail(
                FenField::Castling,
                format!("expected `-` or file letters of the men that have not moved, found `{c}`"),
            );
        }
        let owner: PlayerId = if c.is_ascii_lowercase() { 1 } else { 0 };
        let at = (
            ox + (up as i32 - 'A' as i32),
            if owner == 0 { oy } else { oy + h - 1 },
        );
        for m in raw.men.iter_mut() {
            if m.owner == owner && t.fen.listed.contains(m.kind) && t.base.geo.coords(m.at) == at {
                m.unmoved = true;
            }
        }
    }
    Ok(())
}

/// An en-passant record as Fairy-Stockfish writes it: the squares a lame
/// move passed on which a capture is possible, run together (`a3a4` after
/// a triple step) or one of several (`a4` alone, when only that square is
/// attacked), or the square of the man that moved followed by a square it
/// passed (`c5d6`, a Berolina pawn's diagonal double step). Read as the
/// whole record of the one man of a player not to move whose last lame
/// move can have passed them, when exactly one fits.
fn run_together<B: Bits>(
    t: &Compiled<B>,
    raw: &RawPosition,
    text: &str,
) -> Option<(Vec<Square>, Square)> {
    // Split after each run of digits: `a10b11` is a10, b11.
    let mut squares = Vec::new();
    let mut start = 0;
    let b = text.as_bytes();
    for i in 1..=b.len() {
        if i == b.len() || (b[i].is_ascii_lowercase() && b[i - 1].is_ascii_digit()) {
            squares.push(parse_square(t, &text[start..i])?);
            start = i;
        }
    }
    if !(1..=4).contains(&squares.len()) {
        return None;
    }
    let men: Vec<(Square, Man)> = raw_men(raw)
        .into_iter()
        .filter(|(_, m)| m.owner() != raw.turn)
        .collect();
    let mut readings: Vec<(Vec<Square>, Square)> = Vec::new();
    let mut add = |found: Vec<(Square, Vec<Square>)>| {
        for (victim, path) in found {
            if !readings.iter().any(|(_, v)| *v == victim) {
                readings.push((path, victim));
            }
        }
    };
    // Squares the move passed.
    add(en_passant::infer_covering(&t.base, &men, &squares));
    // The man's square first, then squares it passed.
    if squares.len() >= 2 {
        add(en_passant::infer_covering(&t.base, &men, &squares[1..])
            .into_iter()
            .filter(|(v, _)| *v == squares[0])
            .collect());
    }
    match readings.len() {
        1 => readings.pop(),
        _ => None,
    }
}

/// The men that can have passed `targets` with a lame move.
pub(super) fn infer_victim<B: Bits>(
    t: &Compiled<B>,
    raw: &RawPosition,
    targets: &[Square],
) -> Vec<Square> {
    en_passant::infer_victims(&t.base, &raw_men(raw), targets)
}

/// Players eligible to take en passant from `owner`'s record, with `turn` to move.
fn ep_eligible<B: Bits>(t: &Compiled<B>, raw: &RawPosition, owner: PlayerId) -> u8 {
    let enemies = raw.alive & !t.base.friends[owner].bits();
    let n = t.base.nplayers as u8;
    let next = |p: u8| -> u8 {
        let mut q = p;
        for _ in 0..n {
            q = (q + 1) % n;
            if raw.alive & (1 << q) != 0 {
                return q;
            }
        }
        p
    };
    let window = t
        .rules
        .en_passant
        .as_ref()
        .map_or(EnPassantWindow::EachOpponent, |e| e.window);
    let per_turn = t.rules.en_passant.as_ref().is_some_and(|e| e.per_turn);
    if per_turn && owner == raw.turn {
        // `per turn`: a record of the player in the middle of its turn, made
        // by an earlier action of it; whom it is open to once the turn ends.
        return match window {
            EnPassantWindow::EachOpponent => enemies,
            EnPassantWindow::NextPlayer => enemies & (1 << next(owner)),
        };
    }
    match window {
        EnPassantWindow::EachOpponent => {
            let mut mask = 0u8;
            let mut q = raw.turn;
            for _ in 0..n {
                if q == owner {
                    break;
                }
                mask |= 1 << q;
                q = next(q);
            }
            mask & enemies
        }
        EnPassantWindow::NextPlayer => {
            if next(owner) == raw.turn {
                enemies & (1 << raw.turn)
            } else {
                0
            }
        }
    }
}

/// Records that the man on `victim` just passed `targets` (one record of
/// the en-passant field), eligible to the players the variant's window
/// gives.
fn push_record<B: Bits>(
    t: &Compiled<B>,
    raw: &mut RawPosition,
    victim: Square,
    targets: Vec<Square>,
) -> Result<(), FenError> {
    let Some(m) = raw.men.iter().find(|m| m.at == victim) else {
        return fail(
            FenField::EnPassant,
            format!("no man on {}", square_name(t, victim)),
        );
    };
    let eligible = ep_eligible(t, raw, m.owner);
    raw.en_passant.push(RawEp {
        victim,
        targets,
        eligible,
    });
    Ok(())
}

fn parse_ep<B: Bits>(t: &Compiled<B>, s: &str, raw: &mut RawPosition) -> Result<(), FenError> {
    const F: FenField = FenField::EnPassant;
    if s == "-" {
        return Ok(());
    }
    if t.rules.counting.is_some() && s.bytes().all(|b| b.is_ascii_digit()) {
        // The limit of a running count, in plies (`0`: none).
        let limit: u32 = s.parse().map_err(|_| FenError {
            field: F,
            message: format!("a counting limit of at most 4294967295 plies, found `{s}`"),
        })?;
        raw.extra.counting = (limit > 0).then_some((limit, 0));
        return Ok(());
    }
    if t.rules.en_passant.is_none() {
        return fail(
            F,
            format!(
                "expected `-`: {} has no en-passant captures, found `{s}`",
                t.base.variant.name
            ),
        );
    }
    for rec in s.split(',') {
        let (tpart, vpart) = match rec.split_once('@') {
            Some((a, b)) => (a, Some(b)),
            None => (rec, None),
        };
        // Fairy-Stockfish runs several squares together (`a3a4`: the two
        // squares a triple step passed); read such a record its way.
        // A single square whose exact record names no man is read so too.
        let plain = parse_square(t, tpart).is_some_and(|sq| infer_victim(t, raw, &[sq]).len() == 1);
        if vpart.is_none() && !tpart.contains('+') && !plain {
            if let Some((targets, victim)) = run_together(t, raw, tpart) {
                push_record(t, raw, victim, targets)?;
                continue;
            }
        }
        let mut targets = Vec::new();
        for name in tpart.split('+') {
            match parse_square(t, name) {
                Some(sq) => targets.push(sq),
                None => return fail(F, format!("expected `-` or a square name, found `{name}`")),
            }
        }
        if targets.len() > 3 {
            return fail(F, "a record has at most 3 target squares");
        }
        let victim = match vpart {
            Some(v) => parse_square(t, v).ok_or_else(|| FenError {
                field: F,
                message: format!(
                    "expected the square of the man that passed after `@`, found `{v}`"
                ),
            })?,
            None => {
                let c = infer_victim(t, raw, &targets);
                match c.len() {
                    1 => c[0],
                    0 => {
                        return fail(
                            F,
                            format!("no man can just have passed {tpart} with a lame move"),
                        )
                    }
                    _ => {
                        return fail(
                            F,
                            format!("several men can have passed {tpart}; write `{tpart}@square`"),
                        )
                    }
                }
            }
        };
        push_record(t, raw, victim, targets)?;
    }
    Ok(())
}
