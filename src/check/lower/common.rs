//! Lowering: Helpers of the lowering state: errors, names, squares.

use super::*;

impl Lower<'_> {
    /// Add a region (its name not yet taken).
    pub(super) fn push_region(&mut self, r: Region, site: Option<RegionSite>) {
        self.region_index.insert(r.name.clone(), self.regions.len());
        self.regions.push((r, site));
    }

    pub(super) fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// The statement at `span` of `file` as the IR quotes it: its line and
    /// its text on one line (comments dropped, spaces collapsed, at most
    /// 200 characters).
    pub(super) fn quote(&self, file: &Arc<str>, span: Span) -> Option<ir::Quote> {
        let text = self.sources?.get(file)?;
        let body = text.get(span.start..span.end.min(text.len()))?;
        let mut words = Vec::new();
        for line in body.lines() {
            // A comment runs from a `#` outside a string to the line's end.
            let mut quoted = false;
            let end = line
                .char_indices()
                .find(|&(_, ch)| {
                    quoted ^= ch == '"';
                    ch == '#' && !quoted
                })
                .map_or(line.len(), |(i, _)| i);
            words.extend(line[..end].split_whitespace());
        }
        let joined = words.join(" ");
        let clipped: String = joined.chars().take(200).collect();
        Some(ir::Quote {
            file: file.to_string(),
            line: diagnostic::line_col(text, span.start).0 as u32,
            text: if clipped.len() < joined.len() {
                format!("{clipped}…")
            } else {
                clipped
            },
        })
    }

    pub(super) fn piece_names(&self) -> Vec<(String, PieceId)> {
        self.pieces
            .iter()
            .enumerate()
            .map(|(i, p)| (p.piece.name.clone(), i as PieceId))
            .collect()
    }

    /// A condition of the predicate language, with the variant's pieces and
    /// regions as names.
    pub(super) fn parse_pred(
        &self,
        args: &[Arg],
        file: &Arc<str>,
        end: Span,
    ) -> Result<Pred, Diagnostic> {
        self.parse_pred_in(args, file, end, pred::Context::Other)
    }

    /// [`Lower::parse_pred`] where the atoms of a context are allowed too
    /// (`check` in placements; `check`, `mate`, `capture`, `crosses grid`,
    /// `guarded` in move conditions).
    pub(super) fn parse_pred_in(
        &self,
        args: &[Arg],
        file: &Arc<str>,
        end: Span,
        context: pred::Context,
    ) -> Result<Pred, Diagnostic> {
        pred::parse(
            args,
            file,
            end,
            &Names {
                pieces: &self.piece_names(),
                regions: &self.region_names(),
                unknown_piece: &|f, sp, w| self.unknown_piece(f, sp, w),
                context,
            },
        )
    }

    /// A region named at the cursor ("no region is called X" otherwise).
    pub(super) fn region_ref(&self, c: &mut Cur) -> Result<RegionId, Diagnostic> {
        let (rn, rsp) = c.expect_word("a region")?;
        match self.region_index.get(rn) {
            Some(&i) => Ok(i as RegionId),
            None => {
                let names = self.regions.iter().map(|r| r.0.name.as_str());
                Err(pred::unknown_region(c.file, rsp, rn, names))
            }
        }
    }

    pub(super) fn region_names(&self) -> Vec<(String, RegionId)> {
        self.regions
            .iter()
            .enumerate()
            .map(|(i, r)| (r.0.name.clone(), i as RegionId))
            .collect()
    }

    pub(super) fn unknown_piece(&self, file: &Arc<str>, span: Span, w: &str) -> Diagnostic {
        let mut d = Diagnostic::error(
            "unknown-piece",
            file,
            span,
            format!("no piece is called `{w}`"),
        );
        let names = self.piece_names();
        if self.prelude.iter().any(|(n, _)| n == w) {
            return d.hint(format!("`{w}` is in the prelude: add it to `use`"));
        }
        if let Some((n, _)) = self
            .prelude
            .iter()
            .find(|(n, l)| l == w && !names.iter().any(|(x, _)| x == n))
        {
            return d.hint(format!(
                "`{w}` is the letter of the prelude's `{n}`: add `{n}` to `use`"
            ));
        }
        let upper = w.to_uppercase();
        if w.chars().count() == 1 && upper != w {
            if let Some(p) = self
                .pieces
                .iter()
                .find(|p| p.piece.letter.to_string() == upper)
            {
                return d.hint(format!(
                    "letters are capitals: `{upper}` is the letter of `{}`",
                    p.piece.name
                ));
            }
        }
        if let Some(s) = diagnostic::suggest(w, names.iter().map(|(n, _)| n.as_str())) {
            d = d.hint(s);
        } else if let Some(p) =
            diagnostic::did_you_mean(w, self.prelude.iter().map(|(n, _)| n.as_str()))
                .filter(|p| !names.iter().any(|(n, _)| n == p))
        {
            d = d.hint(format!(
                "did you mean `{p}`? It is in the prelude: add it to `use`"
            ));
        } else if !names.is_empty() {
            // Name and letter: a setup refers to pieces by letter.
            d = d.hint(format!(
                "the pieces are: {}",
                self.pieces
                    .iter()
                    .map(|p| format!("{} ({})", p.piece.name, p.piece.letter))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        d
    }

    /// A piece by name or by letter.
    pub(super) fn piece_ref(&self, c: &mut Cur, what: &str) -> Result<PieceId, Diagnostic> {
        let (w, sp) = c.expect_word(what)?;
        self.lookup_piece(c.file, sp, w)
    }

    /// Pieces by name or by letter, separated by `,`.
    pub(super) fn piece_list(&self, c: &mut Cur, what: &str) -> Result<Vec<PieceId>, Diagnostic> {
        let mut kinds = Vec::new();
        loop {
            kinds.push(self.piece_ref(c, what)?);
            if !c.eat_op(",") {
                break;
            }
        }
        Ok(kinds)
    }

    /// A promoted form by its letter `+X` (`w` is `X`).
    pub(super) fn lookup_plus(
        &self,
        file: &Arc<str>,
        sp: Span,
        w: &str,
    ) -> Result<PieceId, Diagnostic> {
        let mut cs = w.chars();
        if let (Some(ch), None) = (cs.next(), cs.next()) {
            let l = Letter::plus(ch);
            if let Some(i) = self.pieces.iter().position(|p| p.piece.letter == l) {
                return Ok(i as PieceId);
            }
        }
        Err(self.unknown_piece(file, sp, &format!("+{w}")))
    }

    pub(super) fn lookup_piece(
        &self,
        file: &Arc<str>,
        sp: Span,
        w: &str,
    ) -> Result<PieceId, Diagnostic> {
        if let Some(i) = self.pieces.iter().position(|p| p.piece.name == w) {
            return Ok(i as PieceId);
        }
        if w.len() == 1 {
            let ch = w.chars().next().unwrap_or(' ');
            if let Some(i) = self
                .pieces
                .iter()
                .position(|p| ch.is_ascii_uppercase() && p.piece.letter.is(ch))
            {
                return Ok(i as PieceId);
            }
        }
        Err(self.unknown_piece(file, sp, w))
    }

    pub(super) fn player_ref(
        &self,
        file: &Arc<str>,
        sp: Span,
        w: &str,
    ) -> Result<PlayerId, Diagnostic> {
        if let Some(i) = self.players.iter().position(|p| p.name == w) {
            return Ok(i as PlayerId);
        }
        let mut d = Diagnostic::error(
            "unknown-player",
            file,
            sp,
            format!("no player is called `{w}`"),
        );
        if let Some(s) = diagnostic::suggest(w, self.players.iter().map(|p| p.name.as_str())) {
            d = d.hint(s);
        }
        let list: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
        Err(d.hint(if list.is_empty() {
            "declare the players first: `players white, black`".into()
        } else {
            format!("the players are: {}", list.join(", "))
        }))
    }

    /// A square token or `(x,y)` coordinate, checked against the board.
    pub(super) fn square(&self, file: &Arc<str>, a: &Arg) -> Result<Coord, Diagnostic> {
        let board = self.board.as_ref();
        match (&a.kind, board.map(|b| &b.shape)) {
            (ArgKind::Square { .. }, Some(Shape::Rect { .. }))
                if board.is_some_and(|b| b.hex.is_some()) =>
            {
                let b = board.expect("matched");
                let ArgKind::Square { file: fx, rank } = a.kind else {
                    unreachable!("matched")
                };
                match b.from_token(fx, rank).filter(|&c| b.has(c)) {
                    Some(c) => Ok(c),
                    None => {
                        let n = b.hex.unwrap_or(0) as i32;
                        let mut d = Diagnostic::error(
                            "off-board",
                            file,
                            a.span,
                            format!("this square is not a cell of the hex {n} board"),
                        );
                        if fx == 'j' as i32 - 'a' as i32 {
                            d = d.hint("a hexagonal board's files are lettered without `j`: ..., h, i, k, l, ...");
                        } else {
                            let (first, middle, last) = (
                                b.file_letter(0),
                                b.file_letter(n - 1),
                                b.file_letter(2 * n - 2),
                            );
                            d = d.hint(format!(
                                "the files go from a to {last}, each numbered from 1 at its bottom: {first}1..{first}{n} and {last}1..{last}{n} on the outer files, {middle}1..{middle}{} in the middle",
                                2 * n - 1
                            ));
                        }
                        Err(d)
                    }
                }
            }
            (
                ArgKind::Square { file: f, rank },
                Some(Shape::Rect {
                    width,
                    height,
                    holes,
                }),
            ) => {
                let c = Coord::new(*f, rank.saturating_sub(1));
                if c.x < 0 || c.y < 0 || c.x >= *width as i32 || c.y >= *height as i32 {
                    let last = format!("{}{}", (b'a' + width.saturating_sub(1)) as char, height);
                    return Err(Diagnostic::error(
                        "off-board",
                        file,
                        a.span,
                        format!("this square is off the {width}x{height} board"),
                    )
                    .hint(format!("the squares go from a1 to {last}")));
                }
                if holes.contains(&c) {
                    return Err(Diagnostic::error(
                        "in-hole",
                        file,
                        a.span,
                        "this square is a hole: it does not exist",
                    )
                    .hint("holes are listed in the `board` statement"));
                }
                Ok(c)
            }
            (ArgKind::Coord(x, y), Some(Shape::Unbounded { .. })) => {
                if x.unsigned_abs() > 1000 || y.unsigned_abs() > 1000 {
                    return Err(Diagnostic::error(
                        "off-board",
                        file,
                        a.span,
                        "coordinates must be within -1000..1000",
                    ));
                }
                Ok(Coord::new(*x as i32, *y as i32))
            }
            (ArgKind::Square { .. }, Some(Shape::Unbounded { .. })) => Err(Diagnostic::error(
                "bad-argument",
                file,
                a.span,
                "an unbounded board has no named squares",
            )
            .hint("write coordinates such as `(0,1)`")),
            (ArgKind::Coord(..), Some(Shape::Rect { .. })) => {
                Err(
                    Diagnostic::error("bad-argument", file, a.span, "this board names its squares")
                        .hint("write squares such as `e4`"),
                )
            }
            // The board statement is wrong (reported there): nothing to check against.
            (ArgKind::Square { file: f, rank }, None) if self.board_broken => {
                Ok(Coord::new(*f, rank.saturating_sub(1)))
            }
            (ArgKind::Coord(x, y), None) if self.board_broken => Ok(Coord::new(
                (*x).clamp(-1000, 1000) as i32,
                (*y).clamp(-1000, 1000) as i32,
            )),
            (_, None) => Err(Diagnostic::error(
                "missing-board",
                file,
                a.span,
                "a square is given but the variant has no `board`",
            )
            .hint("add `board 8x8`")),
            _ => Err(Diagnostic::error(
                "bad-argument",
                file,
                a.span,
                format!("expected a square, found {}", a.describe()),
            )),
        }
    }
}
