//! Lowering: Built-in regions, `region` statements and their terms.

use super::*;

pub(super) fn builtin_regions(l: &mut Lower) {
    let Some(Board {
        shape: Shape::Rect {
            width,
            height,
            holes,
        },
        ..
    }) = l.board.clone()
    else {
        if l.board_broken {
            // Keep the names, so references to them are not reported too.
            for n in ["all", "light", "dark"] {
                let squares = vec![Vec::new(); l.players.len().max(1)];
                l.push_region(
                    Region {
                        name: n.to_string(),
                        squares,
                    },
                    None,
                );
            }
        }
        return;
    };
    let np = l.players.len().max(1);
    let all: Vec<Coord> = (0..height as i32)
        .flat_map(|y| (0..width as i32).map(move |x| Coord::new(x, y)))
        .filter(|c| !holes.contains(c))
        .collect();
    let board = l.board.clone().expect("matched above");
    let light: Vec<Coord> = all
        .iter()
        .copied()
        .filter(|c| board.is_light(c.x, c.y))
        .collect();
    let darks: Vec<Coord> = all
        .iter()
        .copied()
        .filter(|c| board.is_dark(c.x, c.y))
        .collect();
    for (n, sq) in [("all", all), ("light", light), ("dark", darks)] {
        l.push_region(
            Region {
                name: n.to_string(),
                squares: vec![sq; np],
            },
            None,
        );
    }
}

/// `region NAME: TERMS` or `region NAME: PLAYER TERMS, PLAYER TERMS`.
pub(super) fn region_stmt(l: &mut Lower, it: &Item) {
    let st = &it.stmt;
    let f = &it.file;
    let mut c = Cur::new(&st.args, f, st.span);
    c.next();
    let r = (|| -> Result<Region, Diagnostic> {
        let (name, nsp) = c.expect_word("the region's name")?;
        match l.region_index.get(name).map(|&i| &l.regions[i]) {
            // A child redefines its parent's region.
            Some((_, Some((_, _, lvl)))) if *lvl < it.level => {}
            Some((_, prev)) => {
                let mut d = Diagnostic::error(
                    "duplicate-region",
                    f,
                    nsp,
                    format!("region `{name}` is defined twice"),
                );
                match prev {
                    Some((pf, ps, _)) if pf == f => d = d.label(*ps, "first defined here"),
                    Some(_) => {}
                    None => d = d.hint("`all`, `light` and `dark` are built in"),
                }
                return Err(d);
            }
            None => {}
        }
        c.expect_op(":")
            .map_err(|d| d.hint("write `region NAME: ranks 2..6`"))?;
        if l.board_broken {
            // Nothing to check the squares against; keep the name.
            let squares = vec![Vec::new(); l.players.len().max(1)];
            return Ok(Region {
                name: name.to_string(),
                squares,
            });
        }
        let Some(board) = l
            .board
            .clone()
            .filter(|b| matches!(b.shape, Shape::Rect { .. }))
        else {
            return Err(Diagnostic::error(
                "contradiction",
                f,
                nsp,
                "regions need a board with squares",
            )
            .hint("an unbounded board has no regions"));
        };
        let np = l.players.len().max(1);
        let per_player = c
            .peek_word()
            .is_some_and(|w| l.players.iter().any(|p| p.name == w));
        let mut squares: Vec<Option<Vec<Coord>>> = vec![None; np];
        if per_player {
            loop {
                let (pn, psp) = c.expect_word("a player name")?;
                let p = l.player_ref(f, psp, pn)?;
                let sq = region_terms(&mut c, &board)?;
                squares[p as usize] = Some(sq);
                if c.done() {
                    break;
                }
                c.expect_op(",")?;
            }
            if let Some(missing) = squares.iter().position(Option::is_none) {
                return Err(Diagnostic::error(
                    "missing-argument",
                    f,
                    st.span,
                    format!(
                        "region `{name}` says nothing for player `{}`",
                        l.players[missing].name
                    ),
                )
                .hint(format!(
                    "a region given per player lists every player: `region {name}: {}`",
                    l.players
                        .iter()
                        .map(|p| format!("{} ...", p.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        } else {
            let sq = region_terms(&mut c, &board)?;
            c.finish()?;
            squares = vec![Some(sq); np];
        }
        Ok(Region {
            name: name.to_string(),
            squares: squares.into_iter().map(Option::unwrap_or_default).collect(),
        })
    })();
    match r {
        Ok(reg) => {
            let at = Some((
                f.clone(),
                st.args.get(1).map_or(st.span, |a| a.span),
                it.level,
            ));
            match l.region_index.get(&reg.name) {
                Some(&i) => l.regions[i] = (reg, at),
                None => l.push_region(reg, at),
            }
        }
        Err(d) => {
            // A region whose squares could not be read keeps its name (with
            // no squares), so that the statements naming it are not
            // reported again as naming an unknown region.
            let name = st.args.get(1).and_then(|a| a.word());
            if let (Some(name), false) = (name, d.code == "duplicate-region") {
                if !l.region_index.contains_key(name) {
                    let at = Some((f.clone(), st.args[1].span, it.level));
                    let squares = vec![Vec::new(); l.players.len().max(1)];
                    l.push_region(
                        Region {
                            name: name.to_string(),
                            squares,
                        },
                        at,
                    );
                }
            }
            l.err(d)
        }
    }
}

/// `rank 1 + files a..d + squares e4 d5 + light`
pub(super) fn region_terms(c: &mut Cur, board: &Board) -> Result<Vec<Coord>, Diagnostic> {
    let Shape::Rect {
        width: w,
        height: h,
        ref holes,
    } = board.shape
    else {
        return Ok(Vec::new());
    };
    let mut out: Vec<Coord> = Vec::new();
    loop {
        if let Some(a) = c
            .peek()
            .filter(|a| matches!(a.kind, ArgKind::Square { .. }))
        {
            // A square where a term goes: the `squares` term is missing.
            return Err(Diagnostic::error(
                "bad-argument",
                c.file,
                a.span,
                "expected a region term, found a square",
            )
            .hint("list squares after the term `squares`, as in `squares e4 d5`"));
        }
        let (t, tsp) =
            c.expect_word("`rank`, `ranks`, `file`, `files`, `squares`, `light`, `dark` or `all`")?;
        let in_board = |co: &Coord| {
            co.x >= 0 && co.y >= 0 && co.x < w as i32 && co.y < h as i32 && !holes.contains(co)
        };
        let all: Vec<Coord> = (0..h as i32)
            .flat_map(|y| (0..w as i32).map(move |x| Coord::new(x, y)))
            .collect();
        let int_or_file = |a: &Arg, files: bool| -> Option<i32> {
            match &a.kind {
                // Beyond i32 is off every board: kept out of range, never wrapped.
                ArgKind::Number(n) if !files => Some(
                    i32::try_from(*n)
                        .unwrap_or(if *n < 0 { i32::MIN } else { i32::MAX })
                        .saturating_sub(1),
                ),
                ArgKind::Word(s) if files && s.len() == 1 => Some(
                    s.chars()
                        .next()
                        .and_then(|c| board.file_of_letter(c))
                        .unwrap_or(i32::MAX),
                ),
                _ => None,
            }
        };
        let sel: Vec<Coord> = match t {
            "rank" | "ranks" | "file" | "files" => {
                let files = t.starts_with("file");
                let a = c.next().ok_or_else(|| c.expected("a number or range"))?;
                let (lo, hi) = match &a.kind {
                    ArgKind::Range(x, y) => (int_or_file(x, files), int_or_file(y, files)),
                    _ => (int_or_file(a, files), int_or_file(a, files)),
                };
                let (Some(lo), Some(hi)) = (lo, hi) else {
                    return Err(Diagnostic::error(
                        "bad-argument",
                        c.file,
                        a.span,
                        format!(
                            "expected {} such as {}",
                            if files { "files" } else { "ranks" },
                            if files { "`a..d`" } else { "`2..6`" }
                        ),
                    ));
                };
                let limit = match (files, board.hex) {
                    (true, _) => w as i32,
                    (false, None) => h as i32,
                    // The ranks of a hexagon: 2N-1 on the middle file.
                    (false, Some(n)) => 2 * i32::from(n) - 1,
                };
                if lo > hi && lo >= 0 && hi < limit {
                    return Err(Diagnostic::error(
                        "bad-argument",
                        c.file,
                        a.span,
                        "this range runs backwards",
                    )
                    .hint("write the lower end first, as in `2..6` or `a..d`"));
                }
                if lo < 0 || hi >= limit || lo > hi {
                    return Err(Diagnostic::error(
                        "off-board",
                        c.file,
                        a.span,
                        format!(
                            "these {} are not on the board",
                            if files { "files" } else { "ranks" }
                        ),
                    )
                    .hint(if files {
                        format!("the files go from a to {}", board.file_letter(w as i32 - 1))
                    } else {
                        format!("the ranks go from 1 to {limit}")
                    }));
                }
                all.iter()
                    .copied()
                    .filter(|co| {
                        if files {
                            (lo..=hi).contains(&co.x)
                        } else {
                            (lo..=hi).contains(&(board.rank_number(co.x, co.y) - 1))
                        }
                    })
                    .collect()
            }
            "squares" => {
                let mut v = Vec::new();
                while let Some(a) = c.peek() {
                    match a.kind {
                        ArgKind::Square { file, rank } => {
                            let co = board.from_token(file, rank).unwrap_or(Coord::new(-1, -1));
                            if !in_board(&co) {
                                return Err(Diagnostic::error(
                                    "off-board",
                                    c.file,
                                    a.span,
                                    "this square is not on the board",
                                ));
                            }
                            v.push(co);
                            c.next();
                        }
                        ArgKind::Range(..) => {
                            return Err(Diagnostic::error(
                                "bad-argument",
                                c.file,
                                a.span,
                                "`squares` lists single squares, not a range",
                            )
                            .hint(
                                "write each square (`squares a1 a2 a3`), or a whole line \
                                 with `file a`, `ranks 1..3`",
                            ));
                        }
                        _ => break,
                    }
                }
                // `squares` alone is the empty set (the importer writes it
                // for a player with no squares).
                v
            }
            "all" => all.clone(),
            "light" | "dark" => {
                // square colour: a1 is dark unless the board says `a1 light`
                all.iter()
                    .copied()
                    .filter(|co| {
                        if t == "dark" {
                            board.is_dark(co.x, co.y)
                        } else {
                            board.is_light(co.x, co.y)
                        }
                    })
                    .collect()
            }
            _ => {
                let mut d = Diagnostic::error(
                    "bad-argument",
                    c.file,
                    tsp,
                    format!("`{t}` is not a region term"),
                );
                if let Some(s) = diagnostic::suggest(
                    t,
                    [
                        "rank", "ranks", "file", "files", "squares", "light", "dark", "all",
                    ],
                ) {
                    d = d.hint(s);
                }
                return Err(d);
            }
        };
        for co in sel {
            if in_board(&co) && !out.contains(&co) {
                out.push(co);
            }
        }
        if !c.eat_op("+") {
            break;
        }
    }
    out.sort();
    Ok(out)
}
