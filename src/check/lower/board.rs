//! Lowering: `players` and `board`.

use super::*;

pub(super) fn players_stmt(l: &mut Lower, it: &Item) {
    let st = &it.stmt;
    let f = &it.file;
    let mut c = Cur::new(&st.args, f, st.span);
    c.next();
    let mut out: Vec<(String, Option<Dir>, Span)> = Vec::new();
    loop {
        match c.expect_word("a player name") {
            Ok((n, sp)) => {
                if let Some((_, _, prev)) = out.iter().find(|(x, _, _)| x == n) {
                    l.err(
                        Diagnostic::error(
                            "duplicate-player",
                            f,
                            sp,
                            format!("player `{n}` is listed twice"),
                        )
                        .label(*prev, "first listed here"),
                    );
                }
                let dir = match c.peek_word() {
                    Some("north") => Some(Dir::North),
                    Some("east") => Some(Dir::East),
                    Some("south") => Some(Dir::South),
                    Some("west") => Some(Dir::West),
                    _ => None,
                };
                if dir.is_some() {
                    c.next();
                }
                out.push((n.to_string(), dir, sp));
            }
            Err(d) => {
                l.err(d.hint("write `players white, black`"));
                break;
            }
        }
        match c.list_separator("separate the players with commas: `players white, black`") {
            Ok(true) => {}
            Ok(false) => break,
            Err((d, go_on)) => {
                l.err(d);
                if !go_on {
                    break;
                }
            }
        }
    }
    // What could be read is kept (the mistakes are reported above), so the
    // rest of the variant is not reported as naming unknown players.
    if out.is_empty() {
        return;
    }
    if out.len() > MAX_PLAYERS {
        let extra = out[MAX_PLAYERS].2.to(out[out.len() - 1].2);
        l.err(Diagnostic::error(
            "out-of-range",
            f,
            extra,
            format!(
                "a variant has at most {MAX_PLAYERS} players, not {}",
                out.len()
            ),
        ));
    }
    let n = out.len();
    l.players = out
        .into_iter()
        .enumerate()
        .map(|(i, (name, d, _))| Player {
            name,
            forward: d.unwrap_or(default_facing(i, n)),
        })
        .collect();
    l.players_span = Some((f.clone(), st.span));
}

/// Whether the cursor is at `a1 light` / `a1 dark` (so `a1` is not a hole).
pub(super) fn a1_colour_next(c: &Cur) -> bool {
    matches!(
        c.peek().map(|a| &a.kind),
        Some(ArgKind::Square { file: 0, rank: 1 })
    ) && matches!(
        c.args.get(c.i + 1).and_then(Arg::word),
        Some("light" | "dark")
    )
}

pub(super) fn board_stmt(l: &mut Lower, it: &Item) {
    let st = &it.stmt;
    let f = &it.file;
    let mut c = Cur::new(&st.args, f, st.span);
    c.next();
    let r = (|| -> Result<Board, Diagnostic> {
        if c.eat_word("unbounded") {
            c.expect_keyword("limit")
                .map_err(|d| d.hint("write `board unbounded limit 4x4`"))?;
            let a = c.next().ok_or_else(|| c.expected("a size such as `4x4`"))?;
            let (w, h) = match a.kind {
                ArgKind::Size(w, h) => (w, h),
                _ => {
                    return Err(Diagnostic::error(
                        "bad-argument",
                        f,
                        a.span,
                        format!("expected a size such as `4x4`, found {}", a.describe()),
                    ))
                }
            };
            if !(1..=6).contains(&w) || !(1..=6).contains(&h) {
                return Err(Diagnostic::error(
                    "out-of-range",
                    f,
                    a.span,
                    "the limit box of an unbounded board is at most 6x6",
                )
                .hint("the engine keeps the men on a (3W-2)x(3H-2) grid, at most 16x16"));
            }
            no_wrap(&c, f, "an unbounded board has no edges to join")?;
            no_layers(&c, f, "an unbounded board cannot be stacked in layers")?;
            c.finish()?;
            return Ok(Board {
                shape: Shape::Unbounded {
                    width: w as u8,
                    height: h as u8,
                },
                a1_dark: true,
                hex: None,
                wrap: crate::ir::Wrap::default(),
                layers: 1,
            });
        }
        if c.eat_word("hex") {
            return hex_board(&mut c, f);
        }
        let a = c.next().ok_or_else(|| c.expected("a size such as `8x8`"))?;
        let (w, h) = match a.kind {
            ArgKind::Size(w, h) => (w, h),
            _ => {
                return Err(Diagnostic::error(
                    "bad-argument",
                    f,
                    a.span,
                    format!("expected a size such as `8x8`, found {}", a.describe()),
                )
                .hint("or `board hex 6`, or `board unbounded limit 4x4`"))
            }
        };
        if !(1..=MAX_SIDE as i64).contains(&w) || !(1..=MAX_SIDE as i64).contains(&h) {
            return Err(Diagnostic::error(
                "out-of-range",
                f,
                a.span,
                if [w, h].iter().any(|&n| n == i64::MAX || n == i64::MIN) {
                    // Saturated by the parser: the underline shows the digits.
                    format!("a board is at most {MAX_SIDE}x{MAX_SIDE}; this size is far larger")
                } else {
                    format!("a board is at most {MAX_SIDE}x{MAX_SIDE}, not {w}x{h}")
                },
            ));
        }
        let mut holes = Vec::new();
        let mut a1_dark = true;
        let mut wrap = crate::ir::Wrap::default();
        let mut layers: Option<(u8, Span)> = None;
        loop {
            if c.peek_word() == Some("wrap") {
                wrap = wrap_clause(&mut c, f)?;
            } else if c.peek_word() == Some("layers") {
                let at = c.here();
                c.next();
                let most = (MAX_SIDE as i64 / h).max(1);
                let (n, sp) = c
                    .expect_int("the number of layers", 2, most.max(2))
                    .map_err(|d| {
                        d.hint(format!(
                            "a stack of N boards of {w}x{h} is a grid of {w}x(N*{h}), at most {MAX_SIDE} rows: here at most {most} layers"
                        ))
                    })?;
                if h * n > MAX_SIDE as i64 {
                    return Err(Diagnostic::error(
                        "out-of-range",
                        f,
                        sp,
                        format!(
                            "{n} layers of {w}x{h} need {} rows, more than {MAX_SIDE}",
                            h * n
                        ),
                    ));
                }
                layers = Some((n as u8, at.to(sp)));
            } else if let Some(w @ ("cylinder" | "torus" | "wraps" | "wrapped")) = c.peek_word() {
                return Err(Diagnostic::error(
                    "bad-argument",
                    f,
                    c.here(),
                    format!("`{w}` is not a board word"),
                )
                .hint("write `wrap files` for a cylinder (file a next to the last file), `wrap files ranks` for a torus"));
            } else if c.eat_word("holes") {
                while let Some(a) = c.peek() {
                    if a1_colour_next(&c) {
                        break;
                    }
                    if let ArgKind::Square { file: fx, rank } = a.kind {
                        c.next();
                        let co = Coord::new(fx, rank.saturating_sub(1));
                        if co.x < 0 || co.y < 0 || co.x >= w as i32 || co.y >= h as i32 {
                            return Err(Diagnostic::error(
                                "off-board",
                                f,
                                a.span,
                                format!("this hole is off the {w}x{h} board"),
                            ));
                        }
                        holes.push(co);
                    } else if let ArgKind::Range(x, y) = &a.kind {
                        let (
                            ArgKind::Square { file: x0, rank: y0 },
                            ArgKind::Square { file: x1, rank: y1 },
                        ) = (&x.kind, &y.kind)
                        else {
                            return Err(c.expected("the squares that are holes"));
                        };
                        let (p, q) = (
                            Coord::new(*x0, y0.saturating_sub(1)),
                            Coord::new(*x1, y1.saturating_sub(1)),
                        );
                        if p.x != q.x && p.y != q.y {
                            return Err(Diagnostic::error(
                                "bad-argument",
                                f,
                                a.span,
                                "a range of squares runs along one rank or one file",
                            ));
                        }
                        for co in [p, q] {
                            if co.x < 0 || co.y < 0 || co.x >= w as i32 || co.y >= h as i32 {
                                return Err(Diagnostic::error(
                                    "off-board",
                                    f,
                                    a.span,
                                    format!("this hole is off the {w}x{h} board"),
                                ));
                            }
                        }
                        c.next();
                        let (dx, dy) = ((q.x - p.x).signum(), (q.y - p.y).signum());
                        let mut co = p;
                        loop {
                            holes.push(co);
                            if co == q {
                                break;
                            }
                            co = Coord::new(co.x + dx, co.y + dy);
                        }
                    } else if a.is_op(",") {
                        c.next();
                    } else {
                        break;
                    }
                }
                if holes.is_empty() {
                    return Err(c.expected("the squares that are holes"));
                }
            } else if let Some(Arg {
                kind: ArgKind::Square { file: 0, rank: 1 },
                ..
            }) = c.peek()
            {
                // `a1 light` / `a1 dark` (the lexer reads a1 as a square)
                c.next();
                let (v, _) = c.expect_choice("`light` or `dark`", &["light", "dark"])?;
                a1_dark = v == "dark";
            } else {
                break;
            }
        }
        c.finish()?;
        let n = layers.map_or(1, |(n, _)| n);
        if let Some((_, sp)) = layers {
            let with = if wrap.any() {
                Some("`wrap`")
            } else if !holes.is_empty() {
                Some("`holes`")
            } else {
                None
            };
            if let Some(with) = with {
                return Err(Diagnostic::error(
                    "contradiction",
                    f,
                    sp,
                    format!("a board in layers cannot have {with}"),
                )
                .hint("stacked boards are plain rectangles: write `board 8x8 layers 2`"));
            }
        }
        Ok(Board {
            shape: Shape::Rect {
                width: w as u8,
                height: h as u8 * n,
                holes,
            },
            a1_dark,
            hex: None,
            wrap,
            layers: n,
        })
    })();
    match r {
        Ok(b) => l.board = Some(b),
        Err(d) => l.err(d),
    }
}

/// `wrap files`, `wrap ranks`, `wrap files ranks` (LANGUAGE.md §5): which
/// axes of a rectangular board wrap round.
fn wrap_clause(c: &mut Cur, f: &Arc<str>) -> Result<crate::ir::Wrap, Diagnostic> {
    let at = c.here();
    c.next();
    let mut wrap = crate::ir::Wrap::default();
    while let Some(w @ ("files" | "ranks")) = c.peek_word() {
        let sp = c.here();
        let slot = if w == "files" {
            &mut wrap.files
        } else {
            &mut wrap.ranks
        };
        if *slot {
            return Err(Diagnostic::error(
                "bad-argument",
                f,
                sp,
                format!("`{w}` is named twice after `wrap`"),
            ));
        }
        *slot = true;
        c.next();
        c.eat_op(",");
    }
    if wrap.is_flat() {
        return Err(c
            .expected("`files` or `ranks` after `wrap`")
            .label(at, "this `wrap` names no axis")
            .hint("write `wrap files` for a cylinder, `wrap files ranks` for a torus"));
    }
    Ok(wrap)
}

/// A `layers` where the board cannot be stacked (hexagonal, unbounded).
fn no_layers(c: &Cur, f: &Arc<str>, why: &str) -> Result<(), Diagnostic> {
    match c.peek_word() {
        Some("layers") => Err(Diagnostic::error("bad-argument", f, c.here(), why)
            .hint("only a rectangular board `board WxH` is stacked: `board 8x8 layers 2`")),
        _ => Ok(()),
    }
}

/// A `wrap` where the board cannot wrap (hexagonal, unbounded).
fn no_wrap(c: &Cur, f: &Arc<str>, why: &str) -> Result<(), Diagnostic> {
    match c.peek_word() {
        Some("wrap") => Err(Diagnostic::error("bad-argument", f, c.here(), why)
            .hint("only a rectangular board `board WxH` wraps: `board 8x8 wrap files`")),
        _ => Ok(()),
    }
}

/// The largest side of `board hex N`: its grid is (2N-1)×(2N-1), at most
/// 16×16, and its files are named with the 15 letters `a`..`p` but `j`.
pub(super) const MAX_HEX_SIDE: i64 = 8;

/// `board hex N`: the regular hexagon of N cells a side (LANGUAGE.md §5).
fn hex_board(c: &mut Cur, f: &Arc<str>) -> Result<Board, Diagnostic> {
    let a = c
        .next()
        .ok_or_else(|| c.expected("the number of cells a side, as in `board hex 6`"))?;
    let n = match a.kind {
        ArgKind::Number(n) => n,
        _ => {
            return Err(Diagnostic::error(
                "bad-argument",
                f,
                a.span,
                format!(
                    "expected the number of cells a side, found {}",
                    a.describe()
                ),
            )
            .hint("write `board hex 6` for Glinski's board of 91 cells"))
        }
    };
    if !(2..=MAX_HEX_SIDE).contains(&n) {
        return Err(Diagnostic::error(
            "out-of-range",
            f,
            a.span,
            format!("a hexagonal board has 2 to {MAX_HEX_SIDE} cells a side"),
        )
        .hint("its grid of 2N-1 files must fit 16x16, and its files are named a..p without j"));
    }
    no_wrap(c, f, "a hexagonal board cannot wrap")?;
    no_layers(c, f, "a hexagonal board cannot be stacked in layers")?;
    c.finish()?;
    let n = n as i32;
    let w = (2 * n - 1) as u8;
    Ok(Board {
        shape: Shape::Rect {
            width: w,
            height: w,
            holes: Board::hex_holes(n),
        },
        a1_dark: true,
        hex: Some(n as u8),
        wrap: crate::ir::Wrap::default(),
        layers: 1,
    })
}

/// What a board that wraps cannot carry (LANGUAGE.md §5, "Boards that
/// wrap"): the statements and conditions whose lines or neighbourhoods
/// the engine finds on the board as drawn (`flip`, `encloses`,
/// `surrounded`, `always connected`, `facing`), and `at far edge` for men
/// whose forward direction runs along a wrapped axis (such a line has no
/// far edge). Each is reported where it is written.
pub(super) fn wrap_refusals(l: &mut Lower, items: &[Item]) {
    let Some(wrap) = l.board.as_ref().map(|b| b.wrap).filter(|w| w.any()) else {
        return;
    };
    let axis = if wrap.files && wrap.ranks {
        "a torus"
    } else if wrap.files {
        "a board whose files wrap"
    } else {
        "a board whose ranks wrap"
    };
    let forward_wraps = l.players.iter().any(|p| match p.forward {
        Dir::North | Dir::South => wrap.ranks,
        Dir::East | Dir::West => wrap.files,
    });
    let mut found: Vec<(Arc<str>, Span, String, &'static str)> = Vec::new();
    for it in items {
        scan_wrap(&it.stmt, &it.file, forward_wraps, &mut found);
    }
    for (f, sp, what, hint) in found {
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                sp,
                format!("{what} cannot be used on {axis}"),
            )
            .hint(hint),
        );
    }
}

/// The statements and words of `stmt` (and its block) that a wrapped board
/// refuses, with a message and a hint each.
fn scan_wrap(
    stmt: &crate::syntax::ast::Stmt,
    file: &Arc<str>,
    forward_wraps: bool,
    out: &mut Vec<(Arc<str>, Span, String, &'static str)>,
) {
    const FLAT: &str = "its lines are found on the board as drawn, never across a wrapped edge; use a board without `wrap`";
    if let (Some(k), Some(a)) = (stmt.keyword(), stmt.args.first()) {
        let what = match k {
            "flip" => Some("`flip`"),
            "facing" => Some("`facing`"),
            "always" => Some("`always connected`"),
            _ => None,
        };
        if let Some(w) = what {
            out.push((file.clone(), a.span, w.to_string(), FLAT));
        }
        if k == "promote" && forward_wraps {
            let words: Vec<&Arg> = stmt.args.iter().collect();
            for pair in words.windows(2) {
                if pair[0].word() == Some("far") && pair[1].word() == Some("edge") {
                    out.push((
                        file.clone(),
                        pair[0].span.to(pair[1].span),
                        "`at far edge` for men whose forward direction runs along a wrapped axis".into(),
                        "such a man's line has no far edge: name the zone as a region (`region last: white rank 6, black rank 1`) and write `promote pawn in last`",
                    ));
                }
            }
        }
    }
    fn words(args: &[Arg], file: &Arc<str>, out: &mut Vec<(Arc<str>, Span, String, &'static str)>) {
        for a in args {
            match &a.kind {
                ArgKind::Word(w) if w == "encloses" || w == "surrounded" => out.push((
                    file.clone(),
                    a.span,
                    format!("`{w}`"),
                    "its lines and neighbours are found on the board as drawn, never across a wrapped edge; use a board without `wrap`",
                )),
                ArgKind::Group(inner) => words(inner, file, out),
                _ => {}
            }
        }
    }
    words(&stmt.args, file, out);
    if let Some(b) = &stmt.block {
        for s in &b.stmts {
            scan_wrap(s, file, forward_wraps, out);
        }
    }
}

/// What a board in layers cannot carry (LANGUAGE.md §5, "Boards in
/// layers"): every action but a board move (`place`, `actions` other than
/// `move` and `pass`, `gating`, `then place wall`, a deck), and the rules
/// whose squares, lines or neighbours are found on the board as drawn or
/// that move a man a second time (`flip`, `encloses`, `surrounded`,
/// `always connected`, `facing`, `captures ...`, `rebirth`, `explode`,
/// `petrify`, `turn actions`, `fog of war`, and the pieces that capture
/// in place, by approach, withdrawal, leaping, coordination, custody or
/// imitation, or immobilise). Each is reported where it is written.
pub(super) fn layer_refusals(l: &mut Lower, items: &[Item]) {
    if l.board.as_ref().is_none_or(|b| b.layers <= 1) {
        return;
    }
    const HINT: &str = "a board in layers has board moves only, each followed by the pass to the next layer; use a flat board";
    let mut found: Vec<(Arc<str>, Span, String)> = Vec::new();
    fn scan(
        stmt: &crate::syntax::ast::Stmt,
        file: &Arc<str>,
        out: &mut Vec<(Arc<str>, Span, String)>,
    ) {
        if let Some(k) = stmt.keyword() {
            let sp = stmt.args.first().map_or(stmt.span, |a| a.span);
            let refused = match k {
                "place" | "flip" | "always" | "captures" | "rebirth" | "gating" | "then"
                | "facing" | "explode" | "fog" | "turn" | "swap" | "petrify" => true,
                "actions" => stmt
                    .args
                    .iter()
                    .any(|a| a.word().is_some_and(|w| w != "move" && w != "pass")),
                _ => false,
            };
            if refused {
                out.push((file.clone(), sp, format!("`{k}`")));
            }
        }
        fn words(args: &[Arg], file: &Arc<str>, out: &mut Vec<(Arc<str>, Span, String)>) {
            for (i, a) in args.iter().enumerate() {
                let next = args.get(i + 1).and_then(|n| n.word());
                match &a.kind {
                    ArgKind::Word(w)
                        if w == "encloses" || w == "surrounded" || w == "immobilises" =>
                    {
                        out.push((file.clone(), a.span, format!("`{w}`")))
                    }
                    // The piece attributes that take men off other squares
                    // or leave the capturer where it stood.
                    ArgKind::Word(w) if w == "captures" && matches!(next, Some("in" | "by")) => {
                        let how = next.unwrap_or_default();
                        out.push((file.clone(), a.span, format!("`captures {how} ...`")))
                    }
                    ArgKind::Group(inner) => words(inner, file, out),
                    _ => {}
                }
            }
        }
        words(&stmt.args, file, out);
        if let Some(b) = &stmt.block {
            for s in &b.stmts {
                scan(s, file, out);
            }
        }
    }
    for it in items {
        scan(&it.stmt, &it.file, &mut found);
    }
    for (f, sp, what) in found {
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                sp,
                format!("{what} cannot be used on a board in layers"),
            )
            .hint(HINT),
        );
    }
}
