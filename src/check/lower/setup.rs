//! Lowering: The `setup` block: men, hands, decks, pools.

use super::*;

pub(super) struct PlacedMan {
    piece: PieceId,
    owner: PlayerId,
    at: Coord,
    facing: Option<Dir>,
    span: Span,
}

pub(super) fn setup_block(l: &mut Lower, it: &Item) -> (Setup, Vec<Span>) {
    let np = l.players.len().max(1);
    let mut setup = Setup::empty(np);
    let Some(b) = &it.stmt.block else {
        l.err(
            Diagnostic::error(
                "missing-block",
                &it.file,
                it.stmt.span,
                "`setup` needs a block",
            )
            .hint("write `setup { white: K e1 }`"),
        );
        return (setup, Vec::new());
    };
    let f = &it.file;
    let mut men: Vec<PlacedMan> = Vec::new();
    let mut shuffles: Vec<Shuffle> = Vec::new();
    // Players whose `shuffle` line had a mistake (reported): their copies
    // say nothing more.
    let mut broken: Vec<PlayerId> = Vec::new();
    // The squares of shuffled lines and their copies, for `square-taken`.
    let mut dealt: Vec<(Coord, Span)> = Vec::new();
    // The gates of `gating ... above` (`PLAYER gates:` lines).
    let mut gates: Vec<(SetupGate, Span)> = Vec::new();
    for st in &b.stmts {
        let mut c = Cur::new(&st.args, f, st.span);
        // Mistakes after which the rest of the line can still be read.
        let mut soft: Vec<Diagnostic> = Vec::new();
        let r = (|| -> Result<(), Diagnostic> {
            let (head, hsp) =
                c.expect_word("a player name, `hands`, `decks`, `pools` or `first`")?;
            // hands: / decks: / pools: for everyone
            if matches!(head, "hands" | "decks" | "pools") {
                c.expect_op(":")?;
                let cards = card_list(l, &mut c, head == "decks")?;
                for p in 0..np {
                    store_cards(&mut setup, head, p, &cards);
                }
                return Ok(());
            }
            if head == "first" {
                c.expect_op(":")?;
                let (pn, psp) = c.expect_word("the player who acts first")?;
                setup.first = l.player_ref(f, psp, pn)?;
                return c.finish();
            }
            let owner = l.player_ref(f, hsp, head).map_err(|d| {
                if let Some(s) = diagnostic::suggest(head, ["hands", "decks", "pools", "first"]) {
                    d.hint(s)
                } else {
                    d
                }
            })?;
            if c.peek_word() == Some("gates") {
                c.next();
                c.expect_op(":")?;
                gates.extend(gate_line(l, f, &mut c, owner, &mut soft)?);
                return Ok(());
            }
            if let Some(kind) = c
                .peek_word()
                .filter(|w| matches!(*w, "hand" | "deck" | "pool"))
            {
                c.next();
                c.expect_op(":")?;
                let cards = card_list(l, &mut c, kind == "deck")?;
                store_cards(&mut setup, &format!("{kind}s"), owner as usize, &cards);
                return Ok(());
            }
            c.expect_op(":")
                .map_err(|d| d.hint(format!("write `{head}: K e1, Q d1`")))?;
            if c.eat_word("shuffle") {
                let (s, squares) = shuffle::shuffle_line(l, f, &mut c, owner, st.span, &mut soft)
                    .inspect_err(|_| broken.push(owner))?;
                shuffles.push(s);
                dealt.extend(squares);
                return Ok(());
            }
            if c.peek_word() == Some("mirror") || c.peek_word() == Some("rotate") {
                let (how, _) = c.expect_word("`mirror` or `rotate`")?;
                let (src, ssp) = c.expect_word("the player to copy")?;
                let src = l.player_ref(f, ssp, src)?;
                let quarters = if how == "rotate" {
                    let (deg, dsp) = c.expect_int("90, 180 or 270", 0, 360)?;
                    if deg % 90 != 0 || deg == 0 || deg == 360 {
                        return Err(Diagnostic::error(
                            "bad-argument",
                            f,
                            dsp,
                            "a rotation is 90, 180 or 270 degrees (clockwise)",
                        ));
                    }
                    Some((deg / 90) as u32)
                } else {
                    None
                };
                c.finish()?;
                let Some(Board {
                    shape: Shape::Rect { width, height, .. },
                    hex,
                    ..
                }) = l.board.clone()
                else {
                    if l.board_broken {
                        return Ok(()); // the board's mistake is reported
                    }
                    return Err(Diagnostic::error(
                        "contradiction",
                        f,
                        st.span,
                        "mirror and rotate need a board with squares",
                    ));
                };
                if quarters.is_some_and(|q| q % 2 == 1) && width != height {
                    return Err(Diagnostic::error(
                        "contradiction",
                        f,
                        st.span,
                        "a quarter turn needs a square board",
                    )
                    .hint("`mirror` and `rotate ... 180` work on any board"));
                }
                if hex.is_some() && quarters.is_some_and(|q| q % 2 == 1) {
                    return Err(Diagnostic::error(
                        "contradiction",
                        f,
                        st.span,
                        "a hexagon has no quarter turns",
                    )
                    .hint("`mirror` and `rotate ... 180` work on a hexagonal board"));
                }
                let (w, h) = (width as i32, height as i32);
                // On a hexagon, `mirror` reflects each file end to end
                // (`f1` to `f11`, `a1` to `a6`): in axial coordinates
                // about the centre (c,c), (x,y) -> (x, 3c-x-y).
                let hex_c = hex.map(|_| (w - 1) / 2);
                // Clockwise about the board's centre; quarter turns only on
                // square boards (checked above).
                let moved = |at: Coord| match (quarters, hex_c) {
                    (None, Some(c)) => Coord::new(at.x, 3 * c - at.x - at.y),
                    (q, _) => match q {
                        None => Coord::new(at.x, h - 1 - at.y),
                        Some(1) => Coord::new(at.y, w - 1 - at.x),
                        Some(2) => Coord::new(w - 1 - at.x, h - 1 - at.y),
                        Some(_) => Coord::new(h - 1 - at.y, at.x),
                    },
                };
                let copies: Vec<PlacedMan> = men
                    .iter()
                    .filter(|m| m.owner == src)
                    .map(|m| PlacedMan {
                        piece: m.piece,
                        owner,
                        at: moved(m.at),
                        facing: m.facing.map(|d| match quarters {
                            None => match d {
                                Dir::North => Dir::South,
                                Dir::South => Dir::North,
                                d => d,
                            },
                            Some(q) => d.turned(q),
                        }),
                        span: st.span,
                    })
                    .collect();
                let mut shuffled = false;
                for s in &mut shuffles {
                    let from: Vec<Vec<Coord>> = std::iter::once(s.squares.clone())
                        .filter(|_| s.owner == src)
                        .chain(
                            s.copies
                                .iter()
                                .filter(|c| c.owner == src)
                                .map(|c| c.squares.clone()),
                        )
                        .collect();
                    for squares in from {
                        let squares: Vec<Coord> = squares.into_iter().map(moved).collect();
                        dealt.extend(squares.iter().map(|&at| (at, st.span)));
                        s.copies.push(ShuffleCopy { owner, squares });
                        shuffled = true;
                    }
                }
                if copies.is_empty() && !shuffled && broken.contains(&src) {
                    return Ok(());
                }
                if copies.is_empty() && !shuffled {
                    return Err(Diagnostic::error(
                        "bad-argument",
                        f,
                        ssp,
                        "this player has no men to copy yet",
                    )
                    .hint("place that player's men on an earlier line"));
                }
                men.extend(copies);
                return Ok(());
            }
            // groups: PIECE square+ [facing DIR], separated by optional commas
            let mut any = false;
            while !c.done() {
                if c.eat_op(",") {
                    continue;
                }
                // `+R`: a promoted form lettered so.
                let plus = c.peek().map(|a| a.span);
                let plus = plus.filter(|_| c.eat_op("+"));
                let (pw, psp) = c.expect_word("a piece letter or name")?;
                let piece = match plus {
                    Some(ps) => l.lookup_plus(f, Span::new(ps.start, psp.end), pw),
                    None => l.lookup_piece(f, psp, pw),
                }
                .map_err(|d| soft.push(d))
                .ok();
                let (squares, any_square) = read_squares(l, f, &mut c, &mut soft)?;
                if !any_square {
                    return Err(c.expected(&format!("the squares of `{pw}`")));
                }
                let mut facing = None;
                if c.eat_word("facing") {
                    let (d, _) =
                        c.expect_choice("a direction", &["north", "east", "south", "west"])?;
                    facing = Some(match d {
                        "north" => Dir::North,
                        "east" => Dir::East,
                        "south" => Dir::South,
                        _ => Dir::West,
                    });
                }
                any = true;
                let Some(piece) = piece else { continue };
                for (at, span) in squares {
                    men.push(PlacedMan {
                        piece,
                        owner,
                        at,
                        facing,
                        span,
                    });
                }
                any = true;
            }
            if !any {
                return Err(c.expected("men, such as `K e1, P a2..h2`"));
            }
            Ok(())
        })();
        l.diags.extend(soft);
        if let Err(d) = r {
            l.err(d);
            // A hand, deck or pool line with a mistake still says there is one.
            let words = (
                st.args.first().and_then(Arg::word),
                st.args.get(1).and_then(Arg::word),
            );
            let kind = match words {
                (Some("hands"), _) | (_, Some("hand")) => Some("hands"),
                (Some("decks"), _) | (_, Some("deck")) => Some("decks"),
                (Some("pools"), _) | (_, Some("pool")) => Some("pools"),
                _ => None,
            };
            l.cards_failed.extend(kind);
        }
    }
    // Two men on one square.
    let mut at: HashMap<Coord, Span> = HashMap::new();
    let mut all: Vec<(Coord, Span)> = men.iter().map(|m| (m.at, m.span)).collect();
    all.extend(dealt.iter().copied());
    all.sort_by_key(|(_, span)| span.start);
    for (sq, span) in all {
        if let Some(prev) = at.get(&sq) {
            let d = Diagnostic::error(
                "square-taken",
                f,
                span,
                "two men on one square in the setup",
            )
            .label(*prev, "the first one");
            l.diags.push(d);
        } else {
            at.insert(sq, span);
        }
    }
    // Two gates above one square.
    let mut above: HashMap<Coord, Span> = HashMap::new();
    for (g, span) in &gates {
        if let Some(prev) = above.insert(g.at, *span) {
            l.diags.push(
                Diagnostic::error("square-taken", f, *span, "two gates above one square")
                    .label(prev, "the first one"),
            );
        }
    }
    let gate_spans = gates.iter().map(|(_, sp)| *sp).collect();
    setup.gates = gates.into_iter().map(|(g, _)| g).collect();
    setup.shuffles = shuffles;
    setup.men = men
        .into_iter()
        .map(|m| Man {
            piece: m.piece,
            owner: m.owner,
            at: m.at,
            facing: m.facing.unwrap_or_else(|| {
                l.players
                    .get(m.owner as usize)
                    .map_or(Dir::North, |p| p.forward)
            }),
        })
        .collect();
    (setup, gate_spans)
}

pub(super) fn store_cards(setup: &mut Setup, head: &str, p: usize, cards: &[(Card, u32)]) {
    match head {
        "decks" => setup.decks[p].extend(cards.iter().copied()),
        "hands" | "pools" => {
            let list: Vec<(PieceId, u32)> = cards
                .iter()
                .filter_map(|(c, n)| match c {
                    Card::Piece { piece, .. } => Some((*piece, *n)),
                    Card::Joker => None,
                })
                .collect();
            let dst = if head == "hands" {
                &mut setup.hands[p]
            } else {
                &mut setup.pools[p]
            };
            for (pc, n) in list {
                match dst.iter_mut().find(|(x, _)| *x == pc) {
                    Some(e) => e.1 += n,
                    None => dst.push((pc, n)),
                }
            }
        }
        _ => {}
    }
}

/// `K Q R*2 B/light joker*2`
pub(super) fn card_list(
    l: &Lower,
    c: &mut Cur,
    deck: bool,
) -> Result<Vec<(Card, u32)>, Diagnostic> {
    let mut out = Vec::new();
    while !c.done() {
        if c.eat_op(",") {
            continue;
        }
        let (w, sp) = c.expect_word("a piece letter or name")?;
        let card = if w == "joker" {
            if !deck {
                return Err(Diagnostic::error(
                    "bad-argument",
                    c.file,
                    sp,
                    "jokers are cards: they go in a deck",
                ));
            }
            Card::Joker
        } else {
            let piece = l.lookup_piece(c.file, sp, w)?;
            let mut region = None;
            if c.eat_op("/") {
                let (r, rsp) = c.expect_word("a region name")?;
                if !deck {
                    return Err(Diagnostic::error(
                        "bad-argument",
                        c.file,
                        rsp,
                        "only a card may be limited to a region",
                    ));
                }
                region = Some(l.region_index.get(r).copied().ok_or_else(|| {
                    pred::unknown_region(
                        c.file,
                        rsp,
                        r,
                        l.regions.iter().map(|(x, _)| x.name.as_str()),
                    )
                })? as RegionId);
            }
            Card::Piece { piece, region }
        };
        let mut n = 1;
        if c.eat_op("*") {
            n = c.expect_int("a count", 0, 256)?.0 as u32;
        }
        if n > 0 {
            out.push((card, n));
        }
    }
    Ok(out)
}

/// The `setup` statement: one block per variant; a child's replaces its
/// parent's (which is then not checked).
pub(super) fn setup_stmt(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    _: &mut Cur,
) -> Result<(), Diagnostic> {
    if d.last_setup_level > it.level {
        return Ok(());
    }
    if let Some((_, prev)) = d.setup_seen.filter(|(lvl, _)| *lvl == it.level) {
        return Err(Diagnostic::error(
            "duplicate-statement",
            &it.file,
            it.stmt.head_span(),
            "a variant has one `setup` block",
        )
        .label(prev, "the first one")
        .hint("put all men, hands and decks in one block"));
    }
    d.setup_seen = Some((it.level, it.stmt.head_span()));
    let (setup, spans) = setup_block(l, it);
    d.setup = setup;
    d.gate_spans = spans.into_iter().map(|sp| (it.file.clone(), sp)).collect();
    Ok(())
}

/// Squares and ranges of squares (`a1 h1`, `a2..h2`) from the cursor, up to
/// the first other token, with whether any was written; a square off the
/// board goes to `soft` and the rest is still read.
pub(super) fn read_squares(
    l: &Lower,
    f: &Arc<str>,
    c: &mut Cur,
    soft: &mut Vec<Diagnostic>,
) -> Result<(Vec<(Coord, Span)>, bool), Diagnostic> {
    let mut squares = Vec::new();
    let mut any_square = false;
    while let Some(a) = c.peek() {
        any_square |= matches!(
            a.kind,
            ArgKind::Square { .. } | ArgKind::Coord(..) | ArgKind::Range(..)
        );
        match &a.kind {
            ArgKind::Square { .. } | ArgKind::Coord(..) => {
                match l.square(f, a) {
                    Ok(at) => squares.push((at, a.span)),
                    Err(d) => soft.push(d),
                }
                c.next();
            }
            ArgKind::Range(x, y) => {
                let (p, q) = match (l.square(f, x), l.square(f, y)) {
                    (Ok(p), Ok(q)) => (p, q),
                    (p, q) => {
                        soft.extend(p.err());
                        soft.extend(q.err());
                        c.next();
                        continue;
                    }
                };
                if p.x != q.x && p.y != q.y {
                    return Err(Diagnostic::error(
                        "bad-argument",
                        f,
                        a.span,
                        "a range of squares runs along one rank or one file",
                    ));
                }
                let (dx, dy) = ((q.x - p.x).signum(), (q.y - p.y).signum());
                let mut s = p;
                loop {
                    let arg = Arg {
                        kind: ArgKind::Square {
                            file: s.x,
                            rank: s.y + 1,
                        },
                        span: a.span,
                    };
                    squares.push((l.square(f, &arg)?, a.span));
                    if s == q {
                        break;
                    }
                    s = Coord::new(s.x + dx, s.y + dy);
                }
                c.next();
            }
            _ => break,
        }
    }
    Ok((squares, any_square))
}

/// A `PLAYER gates: PIECE SQUARE, ...` line: one gate per square, each a
/// man of the piece waiting above it (`gating ... above`).
fn gate_line(
    l: &Lower,
    f: &Arc<str>,
    c: &mut Cur,
    owner: PlayerId,
    soft: &mut Vec<Diagnostic>,
) -> Result<Vec<(SetupGate, Span)>, Diagnostic> {
    let mut out = Vec::new();
    while !c.done() {
        if c.eat_op(",") {
            continue;
        }
        let (pw, psp) = c.expect_word("a piece letter or name")?;
        let piece = l.lookup_piece(f, psp, pw).map_err(|d| soft.push(d)).ok();
        let (squares, any_square) = read_squares(l, f, c, soft)?;
        if !any_square {
            return Err(c
                .expected(&format!("the squares `{pw}` waits above"))
                .hint("write `white gates: leopard b1, cannon d1`"));
        }
        let Some(piece) = piece else { continue };
        for (at, span) in squares {
            out.push((SetupGate { piece, owner, at }, span));
        }
    }
    if out.is_empty() && soft.is_empty() {
        return Err(c
            .expected("gates, such as `leopard b1, cannon d1`")
            .hint("write `white gates: leopard b1, cannon d1`"));
    }
    Ok(out)
}
