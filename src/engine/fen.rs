//! FEN: standard chess FEN, plus the extensions of `docs/FEN.md` for any
//! variant (big boards, holes, hands, pools, more players, facings,
//! has-moved flags, several en-passant records).

use super::man::Man;
use super::position::{Position, RawEp, RawMan, RawPosition};
use super::square::Square;
use super::tables::Tables;
use crate::ir::{Dir, PieceId, PlayerId, Shape};
use std::fmt;
use std::sync::Arc;

/// The FEN field an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenField {
    Placement,
    Hands,
    Pools,
    Turn,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
    /// Text after the last field.
    Extra,
    /// The fields parse but do not make a valid position.
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::Hands => "hands",
            FenField::Pools => "promotion pools",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmove => "halfmove clock",
            FenField::Fullmove => "fullmove number",
            FenField::Extra => "end",
            FenField::Position => "position",
        })
    }
}

/// A FEN that could not be read: which field, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad FEN, {field} field: {message}")]
pub struct FenError {
    pub field: FenField,
    pub message: String,
}

fn fail<T>(field: FenField, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        field,
        message: message.into(),
    })
}

/// Where the FEN's a1 is on the internal grid (the limit box's corner on
/// unbounded boards) and how big the written board is.
fn frame(t: &Tables) -> (i32, i32, i32, i32) {
    match (&t.variant.board.shape, t.geo.anchor()) {
        (Shape::Unbounded { width, height }, Some((ax, ay))) => {
            (ax, ay, *width as i32, *height as i32)
        }
        _ => (0, 0, t.geo.width() as i32, t.geo.height() as i32),
    }
}

/// The grid coordinate of the FEN frame's a1.
pub(crate) fn frame_origin(t: &Tables) -> (i32, i32) {
    let (ox, oy, _, _) = frame(t);
    (ox, oy)
}

/// Square name as written in FEN (relative to the frame).
pub(crate) fn square_name(t: &Tables, sq: Square) -> String {
    let (ox, oy, _, _) = frame(t);
    let (x, y) = t.geo.coords(sq);
    format!("{}{}", (b'a' + (x - ox) as u8) as char, y - oy + 1)
}

fn parse_square(t: &Tables, s: &str) -> Option<Square> {
    let (ox, oy, w, h) = frame(t);
    let b = s.as_bytes();
    if b.len() < 2
        || !b[0].is_ascii_lowercase()
        || !b[1..].iter().all(u8::is_ascii_digit)
        || b[1] == b'0'
    {
        return None;
    }
    let x = (b[0] - b'a') as i32;
    let y: i32 = s[1..].parse::<i32>().ok()? - 1;
    if x >= w || y >= h {
        return None;
    }
    t.geo.square(x + ox, y + oy)
}

fn piece_letter(t: &Tables, k: PieceId) -> char {
    t.variant.pieces[k as usize].letter.to_ascii_uppercase()
}

/// How men are written: by letter case (2 players), tag prefix (3–4), or
/// bare uppercase letters (1 player).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Case,
    Tagged,
    Single,
}

fn style(t: &Tables) -> Style {
    match t.nplayers {
        1 => Style::Single,
        2 => Style::Case,
        _ => Style::Tagged,
    }
}

fn write_man(t: &Tables, out: &mut String, kind: PieceId, owner: PlayerId) {
    let l = piece_letter(t, kind);
    match style(t) {
        Style::Case if owner == 1 => out.push(l.to_ascii_lowercase()),
        Style::Case | Style::Single => out.push(l),
        Style::Tagged => {
            out.push(t.tags[owner as usize]);
            out.push(l);
        }
    }
}

/// Read one man (letter, or tag + letter) at the start of `s`: kind, owner
/// and bytes used.
fn read_man(t: &Tables, s: &[u8], field: FenField) -> Result<(PieceId, PlayerId, usize), FenError> {
    let c = s[0] as char;
    let letter_kind = |c: char| t.letters.get(&c.to_ascii_uppercase()).copied();
    match style(t) {
        Style::Case | Style::Single => {
            if !c.is_ascii_alphabetic() {
                return fail(field, format!("expected a piece letter, found `{c}`"));
            }
            let Some(k) = letter_kind(c) else {
                return fail(
                    field,
                    format!("`{c}` is not a piece letter of {}", t.variant.name),
                );
            };
            let owner = if c.is_ascii_lowercase() {
                if style(t) == Style::Single {
                    return fail(
                        field,
                        format!("a one-player variant writes men in uppercase, found `{c}`"),
                    );
                }
                1
            } else {
                0
            };
            Ok((k, owner, 1))
        }
        Style::Tagged => {
            let Some(p) = t.tags.iter().position(|&x| x == c) else {
                return fail(
                    field,
                    format!(
                        "expected a player tag ({}) before the piece letter, found `{c}`",
                        t.tags.iter().collect::<String>()
                    ),
                );
            };
            let Some(&l) = s.get(1) else {
                return fail(
                    field,
                    format!("player tag `{c}` is not followed by a piece letter"),
                );
            };
            let l = l as char;
            if !l.is_ascii_uppercase() {
                return fail(
                    field,
                    format!("expected an uppercase piece letter after `{c}`, found `{l}`"),
                );
            }
            let Some(k) = letter_kind(l) else {
                return fail(
                    field,
                    format!("`{l}` is not a piece letter of {}", t.variant.name),
                );
            };
            Ok((k, p as PlayerId, 2))
        }
    }
}

/// Parse a FEN into a raw position (not yet checked).
pub fn parse(t: &Tables, text: &str) -> Result<RawPosition, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
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
    let np = t.nplayers;
    let mut raw = RawPosition {
        hands: vec![vec![0; t.nkinds]; np],
        pools: vec![vec![0; t.nkinds]; np],
        alive: ((1u16 << np) - 1) as u8,
        ..RawPosition::default()
    };

    // Placement, hands, pools.
    let mut place = fields[0];
    let mut pools_txt = None;
    let mut hands_txt = None;
    // Issue 5: the decks, `|…|` at the very end of the placement field.
    if let Some(i) = place.find('|') {
        if !place.ends_with('|') || i + 1 >= place.len() {
            return fail(FenField::Placement, "expected `|` at the end of the decks");
        }
        super::deck::parse_fen(t, &place[i + 1..place.len() - 1], &mut raw).map_err(|m| {
            FenError {
                field: FenField::Placement,
                message: format!("decks: {m}"),
            }
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
        raw.extra =
            super::placement::parse_block(t, &place[i + 1..place.len() - 1]).map_err(|m| {
                FenError {
                    field: FenField::Placement,
                    message: m,
                }
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
    if let Some(i) = place.find('[') {
        if !place.ends_with(']') {
            return fail(FenField::Hands, "expected `]` at the end of the hands");
        }
        hands_txt = Some(&place[i + 1..place.len() - 1]);
        place = &place[..i];
    }
    let mut explicit: Vec<(Square, Option<bool>)> = Vec::new();
    parse_board(t, place, &mut raw, &mut explicit)?;
    // Issue 5: with eliminations, a player without men is out of the game.
    if t.elim.active {
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
        (Style::Tagged, s) if s.len() == 1 && t.tags.iter().any(|&c| s.starts_with(c)) => {
            t.tags.iter().position(|&c| s.starts_with(c)).unwrap_or(0) as PlayerId
        }
        (st, s) => {
            let expected = match st {
                Style::Case => "`w` or `b`".to_string(),
                Style::Single => "`w`".to_string(),
                Style::Tagged => format!(
                    "one of the player tags {}",
                    t.tags
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
    let first = t.variant.setup.first as u32;
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

fn parse_board(
    t: &Tables,
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
                    if t.geo.square(gx + ox, y + oy).is_none() {
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
                if t.geo.square(x + ox, y + oy).is_some() {
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
            let Some(at) = t.geo.square(x + ox, y + oy) else {
                return fail(
                    F,
                    format!(
                        "rank {rank_no}: {}{} is a hole and cannot hold a man",
                        (b'a' + x as u8) as char,
                        rank_no
                    ),
                );
            };
            let mut facing = t.forward[owner as usize];
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
            let tracked = t.tracked_kinds & (1 << kind) != 0;
            let castle = t.castle_kinds & (1 << kind) != 0;
            let default_unmoved = tracked
                && !castle
                && t.setup_men.get(at.index()).copied() == Some(Man::new(kind, owner, facing));
            raw.men.push(RawMan {
                at,
                kind,
                owner,
                facing,
                unmoved: default_unmoved,
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

fn parse_counts(
    t: &Tables,
    s: &str,
    field: FenField,
    dst: &mut [Vec<u32>],
) -> Result<(), FenError> {
    if s == "-" {
        return Ok(());
    }
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let n: u32 = if start == i {
            1
        } else {
            match s[start..i].parse() {
                Ok(n) => n,
                Err(_) => return fail(field, format!("`{}` is not a count", &s[start..i])),
            }
        };
        if i >= b.len() {
            return fail(field, "expected a piece letter after the count");
        }
        let (k, p, used) = read_man(t, &b[i..], field)?;
        i += used;
        let c = &mut dst[p as usize][k as usize];
        *c = c.saturating_add(n);
    }
    Ok(())
}

/// The partners of `owner` on the royal's rank, on one side (+1 east, -1 west).
fn side_partners(
    t: &Tables,
    raw: &RawPosition,
    royal: Square,
    owner: PlayerId,
    side: i32,
) -> Vec<Square> {
    let Some(ci) = t.castling else {
        return Vec::new();
    };
    let (rx, ry) = t.geo.coords(royal);
    let mut v: Vec<(i32, Square)> = raw
        .men
        .iter()
        .filter(|m| m.kind == ci.partner && m.owner == owner)
        .filter_map(|m| {
            let (x, y) = t.geo.coords(m.at);
            (y == ry && (x - rx).signum() == side).then_some(((x - rx).abs(), m.at))
        })
        .collect();
    v.sort();
    v.into_iter().map(|(_, s)| s).collect()
}

fn parse_castling(t: &Tables, s: &str, raw: &mut RawPosition) -> Result<(), FenError> {
    const F: FenField = FenField::Castling;
    if s == "-" {
        return Ok(());
    }
    let Some(ci) = t.castling else {
        return fail(
            F,
            format!(
                "expected `-`: {} has no castling, found `{s}`",
                t.variant.name
            ),
        );
    };
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let (owner, c) = match style(t) {
            Style::Tagged => {
                let Some(p) = t.tags.iter().position(|&x| x as u8 == b[i]) else {
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
        let royals: Vec<Square> = raw
            .men
            .iter()
            .filter(|m| m.kind == ci.royal && m.owner == owner)
            .map(|m| m.at)
            .collect();
        let pname = &t.variant.players[owner as usize].name;
        let rname = &t.variant.pieces[ci.royal as usize].name;
        let paname = &t.variant.pieces[ci.partner as usize].name;
        let mut found = None;
        for &r in &royals {
            let partner = match c {
                'K' => side_partners(t, raw, r, owner, 1).last().copied(),
                'Q' => side_partners(t, raw, r, owner, -1).last().copied(),
                f if f.is_ascii_uppercase() => {
                    let fx = (f as u8 - b'A') as i32 + frame(t).0;
                    let (_, ry) = t.geo.coords(r);
                    raw.men
                        .iter()
                        .find(|m| {
                            m.kind == ci.partner
                                && m.owner == owner
                                && t.geo.coords(m.at) == (fx, ry)
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
                format!("`{c}` for {pname}, but no {paname} on that side of an {rname} of {pname}"),
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

/// The man that passed `targets` with a lame move, if exactly one can have.
fn infer_victim(t: &Tables, raw: &RawPosition, targets: &[Square]) -> Vec<Square> {
    let mut out = Vec::new();
    for m in &raw.men {
        let man = Man::new(m.kind, m.owner, m.facing);
        let p = &t.patterns[t.pid(man)];
        if !p.lame_moves {
            continue;
        }
        for a in &p.moves {
            if a.kind != super::tables::AKind::Lame {
                continue;
            }
            for &d in &a.dirs {
                let v = t.dirs[d as usize].v;
                let Some(origin) = t.geo.offset(m.at, (-v.0, -v.1)) else {
                    continue;
                };
                let st = t.lame_step(d, origin);
                if st.to == m.at
                    && st.npath as usize == targets.len()
                    && st.path_sqs[..targets.len()] == *targets
                    && !out.contains(&m.at)
                {
                    out.push(m.at);
                }
            }
        }
    }
    out
}

/// Players eligible to take en passant from `owner`'s record, with `turn` to move.
fn ep_eligible(t: &Tables, raw: &RawPosition, owner: PlayerId) -> u8 {
    let enemies = raw.alive & !t.friends[owner as usize];
    let n = t.nplayers as u8;
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
    match t.ep_window {
        crate::ir::EnPassantWindow::EachOpponent => {
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
        crate::ir::EnPassantWindow::NextPlayer => {
            if next(owner) == raw.turn {
                enemies & (1 << raw.turn)
            } else {
                0
            }
        }
    }
}

fn parse_ep(t: &Tables, s: &str, raw: &mut RawPosition) -> Result<(), FenError> {
    const F: FenField = FenField::EnPassant;
    if s == "-" {
        return Ok(());
    }
    if !t.has_ep {
        return fail(
            F,
            format!(
                "expected `-`: {} has no en-passant captures, found `{s}`",
                t.variant.name
            ),
        );
    }
    for rec in s.split(',') {
        let (tpart, vpart) = match rec.split_once('@') {
            Some((a, b)) => (a, Some(b)),
            None => (rec, None),
        };
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
        let Some(m) = raw.men.iter().find(|m| m.at == victim) else {
            return fail(F, format!("no man on {}", square_name(t, victim)));
        };
        let eligible = ep_eligible(t, raw, m.owner);
        raw.en_passant.push(RawEp {
            victim,
            targets,
            eligible,
        });
    }
    Ok(())
}

/// Whether a variant writes the hands field.
fn has_hands(t: &Tables, raw: &RawPosition) -> bool {
    t.variant.turn.place
        || t.variant.setup.hands.iter().any(|h| !h.is_empty())
        || raw.hands.iter().flatten().any(|&n| n > 0)
}

fn has_pools(t: &Tables) -> bool {
    t.promo.iter().flatten().any(|p| p.from_pool)
}

fn write_counts(t: &Tables, out: &mut String, counts: &[Vec<u32>]) {
    for (p, row) in counts.iter().enumerate() {
        for (k, &n) in row.iter().enumerate() {
            for _ in 0..n {
                write_man(t, out, k as PieceId, p as PlayerId);
            }
        }
    }
}

/// Write a position as FEN.
pub fn write(pos: &Position) -> String {
    let t = &**pos.tables();
    let raw = pos.to_raw();
    let (ox, oy, w, h) = frame(t);
    let man_at = |sq: Square| raw.men.iter().find(|m| m.at == sq);

    // Castling pairs: horizontal ones go to the castling field, vertical
    // ones are marked on the men.
    let mut castle_field = String::new();
    let mut marked_unmoved: Vec<Square> = Vec::new();
    if let Some(ci) = t.castling {
        for p in 0..t.nplayers as PlayerId {
            let mut entries: Vec<(u8, char)> = Vec::new();
            for r in raw
                .men
                .iter()
                .filter(|m| m.kind == ci.royal && m.owner == p && m.unmoved)
            {
                for (side, letter) in [(1, 'K'), (-1, 'Q')] {
                    let partners = side_partners(t, &raw, r.at, p, side);
                    for (i, &ps) in partners.iter().rev().enumerate() {
                        if man_at(ps).is_some_and(|m| m.unmoved) {
                            let c = if i == 0 {
                                letter
                            } else {
                                (b'A' + (t.geo.coords(ps).0 - ox) as u8) as char
                            };
                            entries.push((if side == 1 { 0 } else { 1 }, c));
                        }
                    }
                }
                let (rx, ry) = t.geo.coords(r.at);
                for m in raw
                    .men
                    .iter()
                    .filter(|m| m.kind == ci.partner && m.owner == p && m.unmoved)
                {
                    let (x, y) = t.geo.coords(m.at);
                    if x == rx && y != ry {
                        marked_unmoved.push(m.at);
                        marked_unmoved.push(r.at);
                    }
                }
            }
            entries.sort();
            for (_, c) in entries {
                match style(t) {
                    Style::Case if p == 1 => castle_field.push(c.to_ascii_lowercase()),
                    Style::Tagged => {
                        castle_field.push(t.tags[p as usize]);
                        castle_field.push(c);
                    }
                    _ => castle_field.push(c),
                }
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
            let Some(sq) = t.geo.grid_square(x + ox, y + oy) else {
                continue;
            };
            if !t.geo.is_real(sq) {
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
            let mut flags = String::new();
            if m.facing != t.forward[m.owner as usize] {
                flags.push(match m.facing {
                    Dir::North => 'n',
                    Dir::East => 'e',
                    Dir::South => 's',
                    Dir::West => 'w',
                });
            }
            let tracked = t.tracked_kinds & (1 << m.kind) != 0;
            let castle = t.castle_kinds & (1 << m.kind) != 0;
            if tracked && !castle {
                let default = t.setup_men.get(sq.index()).copied()
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
    if has_hands(t, &raw) {
        out.push('[');
        write_counts(t, &mut out, &raw.hands);
        out.push(']');
    }
    if has_pools(t) {
        out.push('{');
        write_counts(t, &mut out, &raw.pools);
        out.push('}');
    }
    super::placement::write_block(t, &raw.extra, &mut out);
    if t.cards.enabled {
        out.push('|');
        super::deck::write_fen(t, &raw, &mut out);
        out.push('|');
    }
    out.push(' ');
    match style(t) {
        Style::Case => out.push(if raw.turn == 0 { 'w' } else { 'b' }),
        Style::Single => out.push('w'),
        Style::Tagged => out.push(t.tags[raw.turn as usize]),
    }
    out.push(' ');
    out.push_str(&castle_field);
    out.push(' ');
    if raw.en_passant.is_empty() {
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
    let np = t.nplayers as u32;
    out.push_str(&format!(" {} {}", raw.quiet, raw.ply / np + 1));
    out
}

impl Position {
    /// Read a FEN (see `docs/FEN.md`).
    pub fn from_fen(tables: Arc<Tables>, fen: &str) -> Result<Position, FenError> {
        let raw = parse(&tables, fen)?;
        Position::from_raw(tables, raw).map_err(|e| FenError {
            field: FenField::Position,
            message: e.0,
        })
    }

    /// The position as FEN (see `docs/FEN.md`).
    pub fn fen(&self) -> String {
        write(self)
    }
}

/// [`write_counts`] for other engine modules.
pub(crate) fn write_counts_pub(t: &Tables, out: &mut String, counts: &[Vec<u32>]) {
    write_counts(t, out, counts)
}

/// [`parse_counts`] for other engine modules (men in hand notation).
pub(crate) fn parse_counts_pub(t: &Tables, s: &str, dst: &mut [Vec<u32>]) -> Result<(), FenError> {
    parse_counts(t, s, FenField::Placement, dst)
}
