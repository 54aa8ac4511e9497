//! Lowering the flat statement list of one variant into an [`ir::Variant`].

use super::betza;
use super::cursor::Cur;
use super::pred::{self, Names};
use super::Item;
use crate::diagnostic::{self, Diagnostic, Span};
use crate::ir::{self, *};
use crate::syntax::ast::{Arg, ArgKind, File, Stmt};
use std::collections::HashMap;
use std::sync::Arc;

/// Keywords allowed in a variant body.
pub(crate) const KEYWORDS: &[&str] = &[
    "players",
    "teams",
    "board",
    "captures",
    "option",
    "use",
    "piece",
    "region",
    "setup",
    "actions",
    "move",
    "place",
    "first",
    "on",
    "power",
    "always",
    "promote",
    "castling",
    "en",
    "eliminated",
    "dead",
    "end",
    "if",
    "illegal",
];

/// Statements that set one thing: given twice in one variant is a mistake.
const SINGLETONS: &[&str] = &[
    "players",
    "teams",
    "board",
    "captures",
    "actions",
    "move",
    "first",
    "castling",
    "en",
    "eliminated",
    "illegal",
];

const PIECE_ATTRS: &[&str] = &[
    "moves", "attacks", "royal", "passes", "resets", "value", "glyphs", "like",
];

struct PieceB {
    piece: Piece,
    file: Arc<str>,
    span: Span,
    letter_span: Span,
    level: usize,
    /// Its definition has a mistake (already reported): references to it
    /// resolve, and no other check guesses at what it was meant to be.
    broken: bool,
    /// `resets clock`: its moves reset every quiet-move counter.
    resets_clock: bool,
}

/// Where a region was defined: file, name span, `extends` level.
type RegionSite = (Arc<str>, Span, usize);

struct Lower<'a> {
    diags: &'a mut Vec<Diagnostic>,
    players: Vec<Player>,
    players_span: Option<(Arc<str>, Span)>,
    board: Option<Board>,
    pieces: Vec<PieceB>,
    /// Each region with where it was defined (file, name span, level); `None`: built in.
    regions: Vec<(Region, Option<RegionSite>)>,
    /// Index of each region by name (regions may number in the thousands).
    region_index: HashMap<String, usize>,
    /// A `board` statement was given but could not be read (already
    /// reported): squares and regions are then not checked against it.
    board_broken: bool,
    /// Names and letters of the prelude's pieces, for hints.
    prelude: Vec<(String, String)>,
    /// `hands`, `decks`, `pools` lines of the setup that had a mistake.
    cards_failed: Vec<&'static str>,
    /// A `use` or `piece` statement had a mistake (reported): what the
    /// variant's pieces are is not fully known.
    pieces_failed: bool,
}

impl Lower<'_> {
    /// Add a region (its name not yet taken).
    fn push_region(&mut self, r: Region, site: Option<RegionSite>) {
        self.region_index.insert(r.name.clone(), self.regions.len());
        self.regions.push((r, site));
    }

    fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn piece_names(&self) -> Vec<(String, PieceId)> {
        self.pieces
            .iter()
            .enumerate()
            .map(|(i, p)| (p.piece.name.clone(), i as PieceId))
            .collect()
    }

    fn region_names(&self) -> Vec<(String, RegionId)> {
        self.regions
            .iter()
            .enumerate()
            .map(|(i, r)| (r.0.name.clone(), i as RegionId))
            .collect()
    }

    fn unknown_piece(&self, file: &Arc<str>, span: Span, w: &str) -> Diagnostic {
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
    fn piece_ref(&self, c: &mut Cur, what: &str) -> Result<PieceId, Diagnostic> {
        let (w, sp) = c.expect_word(what)?;
        self.lookup_piece(c.file, sp, w)
    }

    fn lookup_piece(&self, file: &Arc<str>, sp: Span, w: &str) -> Result<PieceId, Diagnostic> {
        if let Some(i) = self.pieces.iter().position(|p| p.piece.name == w) {
            return Ok(i as PieceId);
        }
        if w.len() == 1 {
            let ch = w.chars().next().unwrap_or(' ');
            if let Some(i) = self.pieces.iter().position(|p| p.piece.letter == ch) {
                return Ok(i as PieceId);
            }
        }
        Err(self.unknown_piece(file, sp, w))
    }

    fn player_ref(&self, file: &Arc<str>, sp: Span, w: &str) -> Result<PlayerId, Diagnostic> {
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
    fn square(&self, file: &Arc<str>, a: &Arg) -> Result<Coord, Diagnostic> {
        let board = self.board.as_ref();
        match (&a.kind, board.map(|b| &b.shape)) {
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

/// Check the library pieces of a file that defines no variant (the prelude).
pub(crate) fn check_library(file: &Arc<str>, f: &File, diags: &mut Vec<Diagnostic>) {
    let mut l = Lower {
        diags,
        players: Vec::new(),
        players_span: None,
        board: None,
        pieces: Vec::new(),
        regions: Vec::new(),
        region_index: HashMap::new(),
        board_broken: false,
        prelude: Vec::new(),
        cards_failed: Vec::new(),
        pieces_failed: false,
    };
    for st in &f.stmts {
        if st.keyword() == Some("piece") {
            piece_stmt(&mut l, file, 0, st, &[]);
        }
    }
    check_letters(&mut l);
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn lower(
    name: &str,
    title: Option<String>,
    file: &Arc<str>,
    name_span: Span,
    items: &[Item],
    library: &[(Arc<str>, Stmt)],
    options: Vec<OptionValue>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Variant> {
    let errors_before = diags.iter().filter(|d| d.is_error()).count();
    let mut l = Lower {
        diags,
        players: Vec::new(),
        players_span: None,
        board: None,
        pieces: Vec::new(),
        regions: Vec::new(),
        region_index: HashMap::new(),
        board_broken: false,
        prelude: library
            .iter()
            .filter_map(|(_, s)| {
                let name = s.args.get(1).and_then(Arg::word)?;
                let letter = s.args.get(2).and_then(Arg::word).unwrap_or("");
                Some((name.to_string(), letter.to_string()))
            })
            .collect(),
        cards_failed: Vec::new(),
        pieces_failed: false,
    };

    // Unknown keywords first, so each is reported once.
    for it in items {
        match it.stmt.keyword() {
            Some(k) if KEYWORDS.contains(&k) => {}
            Some(k) => {
                let mut d = Diagnostic::error(
                    "unknown-statement",
                    &it.file,
                    it.stmt.head_span(),
                    format!("`{k}` is not a statement of the rule language"),
                );
                if let Some(s) = diagnostic::suggest(k, KEYWORDS.iter().copied()) {
                    d = d.hint(s);
                } else if let Some(s) = diagnostic::suggest(k, PIECE_ATTRS.iter().copied()) {
                    d = d.hint(format!("{s} (piece attributes go on the `piece` line)"));
                }
                l.err(d.hint("see docs/LANGUAGE.md for every statement"));
            }
            None => l.err(Diagnostic::error(
                "unknown-statement",
                &it.file,
                it.stmt.head_span(),
                format!(
                    "a statement must start with a keyword, not {}",
                    it.stmt.args.first().map_or("nothing".into(), Arg::describe)
                ),
            )),
        }
    }

    // A statement that sets one thing may appear once per variant (a child
    // may give it again: the child's wins).
    let mut once: HashMap<(&str, usize), Span> = HashMap::new();
    for it in items {
        let Some(k) = it.stmt.keyword().filter(|k| SINGLETONS.contains(k)) else {
            continue;
        };
        if let Some(prev) = once.insert((k, it.level), it.stmt.head_span()) {
            l.err(
                Diagnostic::error(
                    "duplicate-statement",
                    &it.file,
                    it.stmt.head_span(),
                    format!("`{k}` is given twice in this variant"),
                )
                .label(prev, "first given here")
                .hint("keep one of them; the second would silently replace the first"),
            );
        }
    }

    // Phase 1: players, board, pieces, regions.
    for it in items.iter().filter(|i| i.stmt.keyword() == Some("players")) {
        players_stmt(&mut l, it);
    }
    for it in items.iter().filter(|i| i.stmt.keyword() == Some("board")) {
        board_stmt(&mut l, it);
    }
    // A `players` or `board` statement that could not be read was reported
    // where it stands; "no players" / "no board" would say it twice.
    let has_stmt = |k: &str| items.iter().any(|i| i.stmt.keyword() == Some(k));
    l.board_broken = l.board.is_none() && has_stmt("board");
    if l.players.is_empty() && !has_stmt("players") {
        l.err(
            Diagnostic::error(
                "missing-players",
                file,
                name_span,
                format!("variant `{name}` declares no players"),
            )
            .hint("add `players white, black`"),
        );
    }
    if l.board.is_none() && !l.board_broken {
        l.err(
            Diagnostic::error(
                "missing-board",
                file,
                name_span,
                format!("variant `{name}` has no board"),
            )
            .hint("add `board 8x8`, or `board unbounded limit 4x4`"),
        );
    }
    for it in items {
        match it.stmt.keyword() {
            Some("use") => use_stmt(&mut l, it, library),
            Some("piece") => piece_stmt(&mut l, &it.file, it.level, &it.stmt, library),
            _ => {}
        }
    }
    if l.pieces.is_empty() && !l.pieces_failed {
        l.err(
            Diagnostic::error(
                "missing-pieces",
                file,
                name_span,
                format!("variant `{name}` has no pieces"),
            )
            .hint("add `use king, queen` or `piece NAME LETTER moves \"...\"`"),
        );
    }
    if l.pieces.len() > MAX_PIECES {
        let sp = l.pieces[MAX_PIECES].span;
        let f = l.pieces[MAX_PIECES].file.clone();
        l.err(Diagnostic::error(
            "too-many",
            &f,
            sp,
            format!("a variant may have at most {MAX_PIECES} kinds of piece"),
        ));
    }
    check_letters(&mut l);
    builtin_regions(&mut l);
    for it in items.iter().filter(|i| i.stmt.keyword() == Some("region")) {
        region_stmt(&mut l, it);
    }

    // Phase 2: everything that refers to the above.
    let last_setup_level = items
        .iter()
        .filter(|i| i.stmt.keyword() == Some("setup"))
        .map(|i| i.level)
        .max()
        .unwrap_or(0);
    let np = l.players.len().max(1);
    let mut setup = Setup {
        men: Vec::new(),
        hands: vec![Vec::new(); np],
        decks: vec![Vec::new(); np],
        pools: vec![Vec::new(); np],
        first: 0,
    };
    let mut turn = Turn {
        moves: true,
        move_requires: Pred::True,
        captures: Captures::Remove,
        place: false,
        draw: false,
        placement: Vec::new(),
        on_place: Vec::new(),
        on_joker: None,
        when_stuck: WhenStuck::EndRules,
        unplaceable: Unplaceable::EndRules,
        powers: Vec::new(),
        first_action: None,
        en_passant: EnPassantWindow::EachOpponent,
        castling: None,
        illegal_action: IllegalAction::Reject,
    };
    let mut end_checked = EndTiming::AfterAction;
    let mut teams: Vec<Vec<PlayerId>> = Vec::new();
    let mut invariants = Vec::new();
    let mut dead = Vec::new();
    let mut elimination = Elimination {
        army_to: ArmyTo::Nobody,
        checked: EliminationCheck::AfterEveryMove,
    };
    let mut end: Vec<(RuleB, usize, Arc<str>, Span)> = Vec::new();
    let mut actions_span: Option<(Arc<str>, Span)> = None;
    let mut place_span: Option<(Arc<str>, Span)> = None;
    let mut first_span: Option<(Arc<str>, Span)> = None;
    let mut move_req_span: Option<(Arc<str>, Span)> = None;
    let mut setup_seen: Option<(usize, Span)> = None;
    let mut promotions: Vec<(PieceId, Promotion, Arc<str>, Span)> = Vec::new();

    for it in items {
        let st = &it.stmt;
        let f = &it.file;
        let mut c = Cur::new(&st.args, f, st.span);
        c.next();
        let r: Result<(), Diagnostic> = match st.keyword() {
            Some("setup") => {
                if last_setup_level > it.level {
                    // A child's setup replaces this one: it is not checked.
                    Ok(())
                } else if let Some((_, prev)) = setup_seen.filter(|(lvl, _)| *lvl == it.level) {
                    Err(Diagnostic::error(
                        "duplicate-statement",
                        f,
                        st.head_span(),
                        "a variant has one `setup` block",
                    )
                    .label(prev, "the first one")
                    .hint("put all men, hands and decks in one block"))
                } else {
                    setup_seen = Some((it.level, st.head_span()));
                    setup = setup_block(&mut l, it);
                    Ok(())
                }
            }
            Some("captures") => c
                .expect_choice("`none`, `all` or `to hand`", &["none", "all", "to"])
                .map_err(|mut d| {
                    d.hints.retain(|h| !h.starts_with("the choices"));
                    d.hint("the choices are `none`, `all`, `to hand`")
                })
                .and_then(|(v, _)| {
                    turn.captures = match v {
                        "none" => Captures::None,
                        "to" => {
                            c.expect_keyword("hand")
                                .map_err(|d| d.hint("write `captures to hand`"))?;
                            if c.done() {
                                Captures::ToHand
                            } else {
                                c.expect_keyword("demoted").map_err(|d| {
                                    d.hint("write `captures to hand` or `captures to hand demoted`")
                                })?;
                                Captures::ToHandDemoted
                            }
                        }
                        _ => Captures::Remove,
                    };
                    c.finish()
                }),
            Some("teams") => teams_stmt(&l, &mut c).map(|t| teams = t),
            Some("actions") => {
                actions_span = Some((f.clone(), st.head_span()));
                actions_stmt(&mut c, &mut turn)
            }
            Some("move") => (|| {
                c.expect_keyword("requires")
                    .map_err(|d| d.hint("write `move requires in_play(own king)`"))?;
                let p = pred::parse(
                    &st.args[2..],
                    f,
                    st.span,
                    &Names {
                        pieces: &l.piece_names(),
                        regions: &l.region_names(),
                        unknown_piece: &|f, sp, w| l.unknown_piece(f, sp, w),
                    },
                )?;
                move_req_span = Some((f.clone(), st.head_span()));
                turn.move_requires = p;
                Ok(())
            })(),
            Some("place") => {
                place_span.get_or_insert((f.clone(), st.head_span()));
                place_stmt(&l, &mut c, st, f).map(|r| turn.placement.push(r))
            }
            Some("first") => {
                first_span = Some((f.clone(), st.span));
                first_stmt(&l, &mut c).map(|a| turn.first_action = Some(a))
            }
            Some("on") => on_stmt(&l, &mut c, st, f, &mut turn),
            Some("power") => power_stmt(&l, &mut c).map(|p| turn.powers.push(p)),
            Some("always") => always_stmt(&mut c).map(|i| invariants.push(i)),
            Some("promote") => promote_stmt(&l, &mut c).map(|(ps, p)| {
                for id in ps {
                    promotions.push((id, p.clone(), f.clone(), st.span));
                }
            }),
            Some("castling") => (|| {
                let royal = l.piece_ref(&mut c, "the royal piece that castles")?;
                c.expect_keyword("with")?;
                let partner = l.piece_ref(&mut c, "the piece it castles with")?;
                c.finish()?;
                if !l.pieces[royal as usize].piece.royal {
                    return Err(Diagnostic::error(
                        "contradiction",
                        f,
                        st.args[1].span,
                        format!(
                            "`{}` castles but is not royal",
                            l.pieces[royal as usize].piece.name
                        ),
                    )
                    .hint("castling is for a royal piece: add `royal` to it"));
                }
                turn.castling = Some(Castling { royal, partner });
                Ok(())
            })(),
            Some("en") => (|| {
                c.expect_keyword("passant")?;
                let (v, _) = c.expect_choice(
                    "an en-passant window",
                    &["each_opponent_once", "next_player_only"],
                )?;
                c.finish()?;
                turn.en_passant = if v == "each_opponent_once" {
                    EnPassantWindow::EachOpponent
                } else {
                    EnPassantWindow::NextPlayer
                };
                Ok(())
            })(),
            Some("eliminated") => eliminated_stmt(&mut c).map(|e| elimination = e),
            Some("dead") => dead_stmt(&l, &mut c).map(|d| dead.push(d)),
            Some("illegal") => (|| {
                c.expect_keyword("actions").map_err(|d| {
                    d.hint("write `illegal actions: reject` or `illegal actions: forfeit`")
                })?;
                c.expect_op(":")?;
                let (v, _) =
                    c.expect_choice("what an illegal action does", &["reject", "forfeit"])?;
                c.finish()?;
                turn.illegal_action = if v == "forfeit" {
                    IllegalAction::Forfeit
                } else {
                    IllegalAction::Reject
                };
                Ok(())
            })(),
            Some("end") => {
                if c.eat_word("checked") {
                    match c.expect_choice(
                        "when end rules are checked",
                        &["after_action", "after_each_step"],
                    ) {
                        Ok((v, _)) => {
                            end_checked = if v == "after_each_step" {
                                EndTiming::AfterEachStep
                            } else {
                                EndTiming::AfterAction
                            }
                        }
                        Err(d) => l.err(d),
                    }
                }
                let block_level = it.level;
                match &st.block {
                    Some(b) => {
                        let mut rules = Vec::new();
                        for rs in &b.stmts {
                            match end_rule(&l, f, rs) {
                                Ok(r) => rules.push((r, rs.span)),
                                Err(d) => l.err(d),
                            }
                        }
                        // A child's rule replaces the parent's rules of the same event.
                        // `surrounded PIECE` is an event per piece.
                        let key = |e: &Event| {
                            let piece = match e {
                                Event::Surrounded(p) => Some(*p),
                                _ => None,
                            };
                            (std::mem::discriminant(e), piece)
                        };
                        let kinds: Vec<_> = rules.iter().map(|(r, _)| key(&r.when)).collect();
                        end.retain(|(r, lvl, _, _)| {
                            *lvl == block_level || !kinds.contains(&key(&r.when))
                        });
                        end.extend(
                            rules
                                .into_iter()
                                .map(|(r, s)| (r, block_level, f.clone(), s)),
                        );
                        c.finish()
                    }
                    None => Err(Diagnostic::error(
                        "missing-block",
                        f,
                        st.span,
                        "`end` needs a block of rules",
                    )
                    .hint("write `end { checkmate -> lose }`")),
                }
            }
            _ => Ok(()),
        };
        if let Err(d) = r {
            l.err(d);
        }
        if st.block.is_some()
            && !matches!(st.keyword(), Some("setup" | "end" | "if"))
            && KEYWORDS.contains(&st.keyword().unwrap_or(""))
        {
            l.err(
                Diagnostic::error(
                    "unexpected-block",
                    f,
                    st.block.as_ref().map_or(st.span, |b| b.span),
                    format!("`{}` takes no block", st.keyword().unwrap_or("")),
                )
                .hint("write the statement on one line; only `setup`, `end` and `if` take a block"),
            );
        }
    }

    // Promotions attach to pieces (last wins).
    let mut promote_at: HashMap<PieceId, (Arc<str>, Span)> = HashMap::new();
    for (id, p, f, sp) in promotions {
        if let Some(pb) = l.pieces.get_mut(id as usize) {
            pb.piece.promotion = Some(p);
        }
        promote_at.insert(id, (f, sp));
    }

    // Cross-field checks.
    let failed = |k: &str| l.cards_failed.contains(&k);
    let has_hands = setup.hands.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("hands");
    let has_decks = setup.decks.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("decks");
    let has_pools = setup.pools.iter().any(|h| h.iter().any(|(_, n)| *n > 0)) || failed("pools");
    // Where to point for a contradiction with the actions.
    let at_actions = actions_span.clone().unwrap_or((file.clone(), name_span));
    if !turn.place && !turn.draw && !turn.placement.is_empty() {
        let (f, s) = place_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "placement rules are given but no action places a man",
            )
            .hint(if actions_span.is_some() {
                "add `place` (or `draw`) to `actions`"
            } else {
                "add `actions place, move` (or `draw`)"
            }),
        );
    }
    if turn.draw && !has_decks {
        let (f, s) = actions_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error("contradiction", &f, s, "the `draw` action needs a deck")
                .hint("add `decks: ...` to the setup"),
        );
    }
    if has_decks && !turn.draw {
        l.err(
            Diagnostic::error(
                "contradiction",
                &at_actions.0,
                at_actions.1,
                "the players have decks but no `draw` action",
            )
            .hint("add `draw` to `actions`"),
        );
    }
    if has_hands && !turn.place {
        l.err(
            Diagnostic::warning(
                "unreachable",
                &at_actions.0,
                at_actions.1,
                "men in the hands can never be placed: there is no `place` action",
            )
            .hint("add `place` to `actions`"),
        );
    }
    if !turn.moves && move_req_span.is_some() {
        let (f, s) = move_req_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "`move requires` is given but moves are not an action",
            )
            .hint("add `move` to `actions`"),
        );
    }
    for (i, pb) in l.pieces.iter().enumerate() {
        if let Some(p) = &pb.piece.promotion {
            if p.from_pool && !has_pools {
                let (f, s) = promote_at
                    .get(&(i as PieceId))
                    .cloned()
                    .unwrap_or((pb.file.clone(), pb.span));
                l.diags.push(
                    Diagnostic::warning(
                        "unreachable",
                        &f,
                        s,
                        format!(
                            "`{}` promotes from a pool, but no player has a pool",
                            pb.piece.name
                        ),
                    )
                    .hint("add `pools: ...` to the setup"),
                );
            }
        }
    }
    if turn.first_action.as_ref().is_some_and(|a| match a.kind {
        ActionKind::Move => !turn.moves,
        ActionKind::Place => !turn.place,
        ActionKind::Draw => !turn.draw,
        ActionKind::Power => turn.powers.is_empty(),
    }) {
        let (f, s) = first_span.clone().unwrap_or((file.clone(), name_span));
        l.err(
            Diagnostic::error(
                "contradiction",
                &f,
                s,
                "the first action is of a kind the variant does not allow",
            )
            .hint(match turn.first_action.as_ref().map(|a| a.kind) {
                Some(ActionKind::Power) => "declare a `power`",
                _ => "list it in `actions`",
            }),
        );
    }
    // A piece whose definition is broken might have been meant royal.
    let royal_exists = l.pieces_failed || l.pieces.iter().any(|p| p.piece.royal || p.broken);
    for (r, _, f, s) in &end {
        let bad_outcome = match (&r.when, r.then) {
            (Event::Surrounded(_), Then::Remove) => false,
            (_, Then::Remove) => true,
            (Event::Stalemate, Then::Pass) => false,
            (_, Then::Pass) => true,
            (Event::UnplaceableCard, Then::ReturnCard) => false,
            (_, Then::ReturnCard) => true,
            _ => false,
        };
        if bad_outcome {
            l.diags.push(Diagnostic::error("bad-outcome", f, *s, format!("`{}` cannot follow this condition", outcome_word(r.then))).hint(
                "`remove` follows `surrounded PIECE`, `pass` follows `stalemate`, `return card` follows `unplaceable card`",
            ));
        }
        if matches!(r.when, Event::Checkmate) && !royal_exists {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "checkmate can never happen: no piece is `royal`",
                )
                .hint("mark the king `royal`, or remove this rule"),
            );
        }
        if matches!(r.when, Event::UnplaceableCard) && !turn.draw {
            l.diags.push(
                Diagnostic::warning(
                    "unreachable",
                    f,
                    *s,
                    "no card is ever drawn in this variant",
                )
                .hint("remove this rule, or add `draw` to `actions` and decks to the setup"),
            );
        }
        if matches!(r.when, Event::HandEmpty) && !has_hands && !has_decks {
            l.diags.push(
                Diagnostic::warning("unreachable", f, *s, "every hand is empty from the start")
                    .hint("fill the hands in the setup: `hands: ...`"),
            );
        }
        if matches!(r.then, Then::Outcome(Outcome::Eliminated))
            && l.players.len() < 3
            && teams.is_empty()
        {
            l.diags.push(
                Diagnostic::warning(
                    "style",
                    f,
                    *s,
                    "with two players, `eliminated` is the same as `lose`",
                )
                .hint("write `lose`"),
            );
        }
    }
    // The engine keeps one quiet-move counter, so every `quiet` rule must
    // reset on the same things (the counts may differ: 100 -> claim, 150 -> draw).
    let mut quiet_resets: Option<(&Vec<Reset>, Span)> = None;
    for (r, _, f, s) in &end {
        if let Event::Quiet { .. } = &r.when {
            let resets = &r.resets;
            match &quiet_resets {
                None => quiet_resets = Some((resets, *s)),
                Some((first, fs)) if *first != resets => {
                    l.diags.push(
                        Diagnostic::error("contradiction", f, *s, "two `quiet` rules reset on different things")
                            .label(*fs, "the first resets here")
                            .hint("give every `quiet` rule the same `reset by` list; only the counts may differ"),
                    );
                }
                _ => {}
            }
        }
    }
    // `resets clock` pieces reset every quiet-move counter.
    let clock_pieces: Vec<PieceId> = l
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.resets_clock)
        .map(|(k, _)| k as PieceId)
        .collect();
    let mut end_rules: Vec<EndRule> = Vec::new();
    let mut removals = Vec::new();
    let mut quiet_resets: Vec<Reset> = Vec::new();
    for (r, _, _, _) in end {
        let when = match r.when {
            Event::Quiet { plies } => {
                for x in r.resets {
                    if !quiet_resets.contains(&x) {
                        quiet_resets.push(x);
                    }
                }
                Event::Quiet { plies }
            }
            other => other,
        };
        match (r.then, &when) {
            (Then::Outcome(then), _) => end_rules.push(EndRule { when, then }),
            (Then::Remove, Event::Surrounded(piece)) => removals.push(Removal {
                piece: *piece,
                after: end_rules.len(),
            }),
            (Then::Pass, _) => turn.when_stuck = WhenStuck::Pass,
            (Then::ReturnCard, _) => turn.unplaceable = Unplaceable::ReturnCard,
            // Reported above as `bad-outcome`.
            (Then::Remove, _) => {}
        }
    }
    if teams.is_empty() {
        teams = (0..l.players.len() as PlayerId).map(|p| vec![p]).collect();
    }
    let errors_now = l.diags.iter().filter(|d| d.is_error()).count();
    let v = Variant {
        name: name.to_string(),
        title: title.unwrap_or_else(|| name.to_string()),
        players: l.players.clone(),
        teams,
        board: l.board.clone().unwrap_or(Board {
            shape: Shape::Rect {
                width: 8,
                height: 8,
                holes: vec![],
            },
            a1_dark: true,
        }),
        pieces: l.pieces.iter().map(|p| p.piece.clone()).collect(),
        regions: l.regions.iter().map(|r| r.0.clone()).collect(),
        setup,
        turn,
        end: end_rules,
        removals,
        quiet_resets: {
            for k in clock_pieces {
                if !quiet_resets.contains(&Reset::Piece(k)) {
                    quiet_resets.push(Reset::Piece(k));
                }
            }
            quiet_resets
        },
        end_checked,
        invariants,
        dead_material: dead,
        elimination,
        options,
    };
    if !v.can_end() {
        l.diags.push(
            Diagnostic::warning(
                "no-ending",
                file,
                name_span,
                format!("variant `{name}` has no rule that ends the game"),
            )
            .hint("add an `end { ... }` block, for example `checkmate -> lose`"),
        );
    }
    if errors_now > errors_before {
        None
    } else {
        Some(v)
    }
}

/// An `end` line as written: an ending, or a consequence written among
/// the endings (`remove`, `pass`, `return card`).
#[derive(Clone, Debug, PartialEq)]
struct RuleB {
    when: Event,
    then: Then,
    /// A `quiet` rule's `reset by` list.
    resets: Vec<Reset>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Then {
    Outcome(Outcome),
    Pass,
    Remove,
    ReturnCard,
}

fn outcome_word(o: Then) -> &'static str {
    match o {
        Then::Outcome(Outcome::Win) => "win",
        Then::Outcome(Outcome::Lose) => "lose",
        Then::Outcome(Outcome::Draw) => "draw",
        Then::Outcome(Outcome::ClaimDraw) => "claim draw",
        Then::Outcome(Outcome::Eliminated) => "eliminated",
        Then::Pass => "pass",
        Then::Remove => "remove",
        Then::ReturnCard => "return card",
    }
}

fn default_facing(i: usize, n: usize) -> Dir {
    match n {
        2 => [Dir::North, Dir::South][i],
        4 => Dir::ALL[i],
        _ => Dir::North,
    }
}

fn players_stmt(l: &mut Lower, it: &Item) {
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
fn a1_colour_next(c: &Cur) -> bool {
    matches!(
        c.peek().map(|a| &a.kind),
        Some(ArgKind::Square { file: 0, rank: 1 })
    ) && matches!(
        c.args.get(c.i + 1).and_then(Arg::word),
        Some("light" | "dark")
    )
}

fn board_stmt(l: &mut Lower, it: &Item) {
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
            c.finish()?;
            return Ok(Board {
                shape: Shape::Unbounded {
                    width: w as u8,
                    height: h as u8,
                },
                a1_dark: true,
            });
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
                .hint("or `board unbounded limit 4x4`"))
            }
        };
        if !(1..=MAX_SIDE as i64).contains(&w) || !(1..=MAX_SIDE as i64).contains(&h) {
            return Err(Diagnostic::error(
                "out-of-range",
                f,
                a.span,
                format!("a board is at most {MAX_SIDE}x{MAX_SIDE}, not {w}x{h}"),
            ));
        }
        let mut holes = Vec::new();
        let mut a1_dark = true;
        loop {
            if c.eat_word("holes") {
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
        Ok(Board {
            shape: Shape::Rect {
                width: w as u8,
                height: h as u8,
                holes,
            },
            a1_dark,
        })
    })();
    match r {
        Ok(b) => l.board = Some(b),
        Err(d) => l.err(d),
    }
}

fn use_stmt(l: &mut Lower, it: &Item, library: &[(Arc<str>, Stmt)]) {
    let st = &it.stmt;
    let f = &it.file;
    let mut c = Cur::new(&st.args, f, st.span);
    c.next();
    loop {
        match c.expect_word("a piece name from the prelude") {
            Ok((n, sp)) => {
                let found = library
                    .iter()
                    .rev()
                    .find(|(_, s)| s.args.get(1).and_then(Arg::word) == Some(n));
                match found {
                    Some((lf, ls)) => {
                        if let Some(prev) = l
                            .pieces
                            .iter()
                            .find(|p| p.piece.name == n && p.level == it.level)
                        {
                            let ps = prev.span;
                            l.err(
                                Diagnostic::error(
                                    "duplicate-piece",
                                    f,
                                    sp,
                                    format!("piece `{n}` is defined twice"),
                                )
                                .label(ps, "first defined here")
                                .hint("name each piece once"),
                            );
                        } else {
                            let before = l.pieces.len();
                            piece_stmt(l, lf, it.level, ls, library);
                            // Point at the `use` for later messages about this piece.
                            if l.pieces.len() > before || l.pieces.iter().any(|p| p.piece.name == n)
                            {
                                if let Some(p) = l.pieces.iter_mut().find(|p| p.piece.name == n) {
                                    p.file = f.clone();
                                    p.span = sp;
                                    p.letter_span = sp;
                                }
                            }
                        }
                    }
                    None => {
                        let mut d = Diagnostic::error(
                            "unknown-piece",
                            f,
                            sp,
                            format!("the prelude has no piece called `{n}`"),
                        );
                        let names: Vec<&str> = library
                            .iter()
                            .filter_map(|(_, s)| s.args.get(1).and_then(Arg::word))
                            .collect();
                        if let Some(s) = diagnostic::suggest(n, names.iter().copied()) {
                            d = d.hint(s);
                        }
                        l.pieces_failed = true;
                        l.err(d.hint(format!("the prelude defines: {}", names.join(", "))));
                    }
                }
            }
            Err(d) => {
                l.pieces_failed = true;
                l.err(d.hint("write `use king, queen, rook`"));
                return;
            }
        }
        match c.list_separator("separate the pieces with commas: `use king, queen`") {
            Ok(true) => {}
            Ok(false) => break,
            Err((d, go_on)) => {
                l.pieces_failed = true;
                l.err(d);
                if !go_on {
                    return;
                }
            }
        }
    }
}

/// `piece NAME LETTER [like OTHER] attribute*`
fn piece_stmt(l: &mut Lower, f: &Arc<str>, level: usize, st: &Stmt, library: &[(Arc<str>, Stmt)]) {
    let mut c = Cur::new(&st.args, f, st.span);
    c.next();
    // The piece as far as it was read, kept when a later attribute is wrong.
    let mut partial: Option<PieceB> = None;
    let r = (|| -> Result<PieceB, Diagnostic> {
        let (name, nspan) = c
            .expect_word("the piece's name")
            .map_err(|d| d.hint("write `piece knight N moves \"N\"`"))?;
        if name.len() == 1 {
            return Err(Diagnostic::error(
                "bad-argument",
                f,
                nspan,
                "a piece name is a word, its letter comes after it",
            )
            .hint(format!("write `piece NAME {name} moves \"...\"`")));
        }
        let la = c
            .next()
            .ok_or_else(|| c.expected("the piece's letter (for FEN and notation)"))?;
        let letter = match &la.kind {
            ArgKind::Word(w) if w.len() == 1 && w.chars().all(|ch| ch.is_ascii_uppercase()) => {
                w.chars().next().unwrap_or('?')
            }
            _ => {
                return Err(Diagnostic::error(
                    "bad-argument",
                    f,
                    la.span,
                    format!(
                        "expected the piece's letter, one capital letter, found {}",
                        la.describe()
                    ),
                )
                .hint(format!("write `piece {name} X moves \"...\"`")))
            }
        };
        let mut piece = Piece {
            name: name.to_string(),
            letter,
            betza: String::new(),
            moves: Vec::new(),
            attacks: None,
            royal: false,
            passes_own: false,
            value: None,
            glyphs: None,
            promotion: None,
        };
        let mut resets_clock = false;
        partial = Some(PieceB {
            piece: piece.clone(),
            file: f.clone(),
            span: nspan,
            letter_span: la.span,
            level,
            broken: true,
            resets_clock: false,
        });
        while let Some(a) = c.next() {
            let Some(w) = a.word() else {
                return Err(Diagnostic::error("bad-argument", f, a.span, format!("expected a piece attribute, found {}", a.describe()))
                    .hint("attributes: moves \"...\", attacks \"...\", royal, passes own, resets clock, value N, glyphs \"x\" \"y\", like PIECE"));
            };
            match w {
                "moves" | "attacks" => {
                    let (text, sp) = c.expect_string("Betza text in quotes")?;
                    let atoms = betza::parse(text).map_err(|e| {
                        let s = sp.start + 1 + e.start;
                        let en = (sp.start + 1 + e.end)
                            .max(s + 1)
                            .min(sp.end.saturating_sub(1).max(s + 1));
                        Diagnostic::error("bad-betza", f, Span::new(s, en), e.message).hint(e.hint)
                    })?;
                    if w == "moves" {
                        piece.moves = atoms;
                        piece.betza = text.to_string();
                    } else {
                        piece.attacks = Some(atoms);
                    }
                }
                "royal" => piece.royal = true,
                "passes" => {
                    c.expect_keyword("own")
                        .map_err(|d| d.hint("the attribute is `passes own`"))?;
                    piece.passes_own = true;
                }
                "resets" => {
                    c.expect_keyword("clock")
                        .map_err(|d| d.hint("the attribute is `resets clock`"))?;
                    resets_clock = true;
                }
                "value" => {
                    piece.value = Some(
                        c.expect_int("a value in hundredths of a pawn", 0, 100_000)?
                            .0 as i32,
                    )
                }
                "glyphs" => {
                    let (a, _) = c.expect_string("the light side's glyph")?;
                    let (b, _) = c.expect_string("the dark side's glyph")?;
                    piece.glyphs = Some([a.to_string(), b.to_string()]);
                }
                "like" => {
                    if c.i != 4 {
                        return Err(Diagnostic::error(
                            "bad-argument",
                            f,
                            a.span,
                            "`like` must come right after the letter",
                        )
                        .hint("it copies every attribute of the other piece, so an attribute written before it would be lost"));
                    }
                    let (other, osp) = c.expect_word("the piece to copy")?;
                    let (base, base_resets) =
                        l.pieces
                            .iter()
                            .find(|p| p.piece.name == other)
                            .map(|p| (p.piece.clone(), p.resets_clock))
                            .or_else(|| {
                                let (lf, ls) = library.iter().rev().find(|(_, s)| {
                                    s.args.get(1).and_then(Arg::word) == Some(other)
                                })?;
                                let mut tmp = Vec::new();
                                let mut sub = Lower {
                                    diags: &mut tmp,
                                    players: Vec::new(),
                                    players_span: None,
                                    board: None,
                                    pieces: Vec::new(),
                                    regions: Vec::new(),
                                    region_index: HashMap::new(),
                                    board_broken: false,
                                    prelude: Vec::new(),
                                    cards_failed: Vec::new(),
                                    pieces_failed: false,
                                };
                                piece_stmt(&mut sub, lf, 0, ls, &[]);
                                sub.pieces.pop().map(|p| (p.piece, p.resets_clock))
                            })
                            .ok_or_else(|| l.unknown_piece(f, osp, other))?;
                    resets_clock = base_resets;
                    piece = Piece {
                        name: piece.name,
                        letter: piece.letter,
                        ..base
                    };
                }
                _ => {
                    let mut d = Diagnostic::error(
                        "unknown-attribute",
                        f,
                        a.span,
                        format!("`{w}` is not a piece attribute"),
                    );
                    if let Some(s) = diagnostic::suggest(w, PIECE_ATTRS.iter().copied()) {
                        d = d.hint(s);
                    }
                    return Err(d.hint("attributes: moves \"...\", attacks \"...\", royal, passes own, resets clock, value N, glyphs \"x\" \"y\", like PIECE"));
                }
            }
        }
        if piece.moves.is_empty() {
            return Err(Diagnostic::error(
                "missing-argument",
                f,
                nspan,
                format!("piece `{name}` has no moves"),
            )
            .hint(format!(
                "add `moves \"...\"` in Betza notation, e.g. `piece {name} {letter} moves \"K\"`"
            )));
        }
        Ok(PieceB {
            piece,
            file: f.clone(),
            span: nspan,
            letter_span: la.span,
            level,
            broken: false,
            resets_clock,
        })
    })();
    match r {
        Ok(pb) => {
            if let Some(i) = l.pieces.iter().position(|p| p.piece.name == pb.piece.name) {
                if l.pieces[i].level == level {
                    let prev = l.pieces[i].span;
                    let same_file = l.pieces[i].file == pb.file;
                    let mut d = Diagnostic::error(
                        "duplicate-piece",
                        &pb.file,
                        pb.span,
                        format!("piece `{}` is defined twice", pb.piece.name),
                    );
                    if same_file {
                        d = d.label(prev, "first defined here");
                    }
                    l.err(d.hint("rename one of them, or remove one"));
                } else {
                    l.pieces[i] = pb; // a child redefines its parent's piece
                }
            } else {
                l.pieces.push(pb);
            }
        }
        Err(d) => {
            l.err(d);
            l.pieces_failed = true;
            // Keep the name and letter, so that the setup and the rules that
            // use this piece are not reported as using an unknown one.
            if let Some(pb) = partial {
                if !l.pieces.iter().any(|p| p.piece.name == pb.piece.name) {
                    l.pieces.push(pb);
                }
            }
        }
    }
}

fn check_letters(l: &mut Lower) {
    let mut seen: HashMap<char, (String, Span)> = HashMap::new();
    let mut errs = Vec::new();
    for p in &l.pieces {
        if let Some((other, sp)) = seen.get(&p.piece.letter) {
            errs.push(
                Diagnostic::error(
                    "duplicate-letter",
                    &p.file,
                    p.letter_span,
                    format!(
                        "`{}` and `{other}` both use the letter {}",
                        p.piece.name, p.piece.letter
                    ),
                )
                .label(*sp, "also used here")
                .hint("each piece needs its own letter for FEN and notation"),
            );
        } else {
            seen.insert(p.piece.letter, (p.piece.name.clone(), p.letter_span));
        }
    }
    l.diags.extend(errs);
}

fn builtin_regions(l: &mut Lower) {
    let Some(Board {
        shape: Shape::Rect {
            width,
            height,
            holes,
        },
        a1_dark,
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
    let dark = |c: &Coord| ((c.x + c.y) % 2 == 0) == a1_dark;
    let light: Vec<Coord> = all.iter().copied().filter(|c| !dark(c)).collect();
    let darks: Vec<Coord> = all.iter().copied().filter(dark).collect();
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
fn region_stmt(l: &mut Lower, it: &Item) {
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
        let Some(Board {
            shape:
                Shape::Rect {
                    width,
                    height,
                    holes,
                },
            a1_dark,
        }) = l.board.clone()
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
                let sq = region_terms(&mut c, width, height, &holes, a1_dark)?;
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
            let sq = region_terms(&mut c, width, height, &holes, a1_dark)?;
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
        Err(d) => l.err(d),
    }
}

/// `rank 1 + files a..d + squares e4 d5 + light`
fn region_terms(
    c: &mut Cur,
    w: u8,
    h: u8,
    holes: &[Coord],
    a1_dark: bool,
) -> Result<Vec<Coord>, Diagnostic> {
    let mut out: Vec<Coord> = Vec::new();
    loop {
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
                ArgKind::Word(s) if files && s.len() == 1 => {
                    Some(s.as_bytes()[0] as i32 - b'a' as i32)
                }
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
                let limit = if files { w as i32 } else { h as i32 };
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
                        format!(
                            "the files go from a to {}",
                            (b'a' + w.saturating_sub(1)) as char
                        )
                    } else {
                        format!("the ranks go from 1 to {h}")
                    }));
                }
                all.iter()
                    .copied()
                    .filter(|co| {
                        if files {
                            (lo..=hi).contains(&co.x)
                        } else {
                            (lo..=hi).contains(&co.y)
                        }
                    })
                    .collect()
            }
            "squares" => {
                let mut v = Vec::new();
                while let Some(a) = c.peek() {
                    match a.kind {
                        ArgKind::Square { file, rank } => {
                            let co = Coord::new(file, rank.saturating_sub(1));
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
                        _ => break,
                    }
                }
                v
            }
            "all" => all.clone(),
            "light" | "dark" => {
                // square colour: a1 is dark unless the board says `a1 light`
                all.iter()
                    .copied()
                    .filter(|co| (((co.x + co.y) % 2 == 0) == a1_dark) == (t == "dark"))
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

struct PlacedMan {
    piece: PieceId,
    owner: PlayerId,
    at: Coord,
    facing: Option<Dir>,
    file: Arc<str>,
    span: Span,
}

fn setup_block(l: &mut Lower, it: &Item) -> Setup {
    let np = l.players.len().max(1);
    let mut setup = Setup {
        men: Vec::new(),
        hands: vec![Vec::new(); np],
        decks: vec![Vec::new(); np],
        pools: vec![Vec::new(); np],
        first: 0,
    };
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
        return setup;
    };
    let f = &it.file;
    let mut men: Vec<PlacedMan> = Vec::new();
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
                let (w, h) = (width as i32, height as i32);
                let copies: Vec<PlacedMan> = men
                    .iter()
                    .filter(|m| m.owner == src)
                    .map(|m| {
                        let (at, facing) = match quarters {
                            None => (
                                Coord::new(m.at.x, h - 1 - m.at.y),
                                m.facing.map(|d| match d {
                                    Dir::North => Dir::South,
                                    Dir::South => Dir::North,
                                    d => d,
                                }),
                            ),
                            // Clockwise about the board's centre; quarter
                            // turns only on square boards (checked above).
                            Some(q) => {
                                let (x, y) = (m.at.x, m.at.y);
                                let p = match q {
                                    1 => Coord::new(y, w - 1 - x),
                                    2 => Coord::new(w - 1 - x, h - 1 - y),
                                    _ => Coord::new(h - 1 - y, x),
                                };
                                (p, m.facing.map(|d| d.turned(q)))
                            }
                        };
                        PlacedMan {
                            piece: m.piece,
                            owner,
                            at,
                            facing,
                            file: f.clone(),
                            span: st.span,
                        }
                    })
                    .collect();
                if copies.is_empty() {
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
                let (pw, psp) = c.expect_word("a piece letter or name")?;
                let piece = l.lookup_piece(f, psp, pw).map_err(|d| soft.push(d)).ok();
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
                        file: f.clone(),
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
    for m in &men {
        if let Some(prev) = at.get(&m.at) {
            let d = Diagnostic::error(
                "square-taken",
                &m.file,
                m.span,
                "two men on one square in the setup",
            )
            .label(*prev, "the first one");
            l.diags.push(d);
        } else {
            at.insert(m.at, m.span);
        }
    }
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
    setup
}

fn store_cards(setup: &mut Setup, head: &str, p: usize, cards: &[(Card, u32)]) {
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
fn card_list(l: &Lower, c: &mut Cur, deck: bool) -> Result<Vec<(Card, u32)>, Diagnostic> {
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

fn teams_stmt(l: &Lower, c: &mut Cur) -> Result<Vec<Vec<PlayerId>>, Diagnostic> {
    let mut teams: Vec<Vec<PlayerId>> = vec![Vec::new()];
    // Each player with where it was listed and in which team.
    let mut seen: Vec<(PlayerId, Span, usize)> = Vec::new();
    loop {
        let (w, sp) = c
            .expect_word("a player name")
            .map_err(|d| d.hint("write `teams white + black, red + green`"))?;
        let p = l.player_ref(c.file, sp, w)?;
        if let Some(&(_, prev, team)) = seen.iter().find(|(x, _, _)| *x == p) {
            let same = team + 1 == teams.len();
            return Err(Diagnostic::error(
                "duplicate-player",
                c.file,
                sp,
                if same {
                    format!("player `{w}` is listed twice in one team")
                } else {
                    format!("player `{w}` is in two teams")
                },
            )
            .label(prev, "listed here first")
            .hint("every player belongs to exactly one team"));
        }
        seen.push((p, sp, teams.len() - 1));
        if let Some(t) = teams.last_mut() {
            t.push(p);
        }
        if c.done() {
            break;
        }
        if c.eat_op(",") {
            teams.push(Vec::new());
        } else {
            c.expect_op("+")?;
        }
    }
    for (i, p) in l.players.iter().enumerate() {
        if !seen.iter().any(|(x, _, _)| *x == i as PlayerId) {
            return Err(Diagnostic::error(
                "missing-argument",
                c.file,
                c.end,
                format!("player `{}` is in no team", p.name),
            )
            .hint(format!(
                "every player belongs to exactly one team: add `{}` to one, or `, {}` for a team of its own",
                p.name, p.name
            )));
        }
    }
    Ok(teams)
}

fn actions_stmt(c: &mut Cur, turn: &mut Turn) -> Result<(), Diagnostic> {
    turn.moves = false;
    turn.place = false;
    turn.draw = false;
    loop {
        let (a, _) = c.expect_choice("an action", &["move", "place", "draw"])?;
        match a {
            "move" => turn.moves = true,
            "place" => turn.place = true,
            _ => turn.draw = true,
        }
        if c.done() {
            break;
        }
        c.expect_op(",")?;
    }
    Ok(())
}

/// `place [PIECE...] where PRED`
fn place_stmt(
    l: &Lower,
    c: &mut Cur,
    st: &Stmt,
    f: &Arc<str>,
) -> Result<PlacementRule, Diagnostic> {
    let mut pieces = Vec::new();
    while let Some(w) = c.peek_word() {
        if w == "where" {
            break;
        }
        let sp = c.here();
        c.next();
        pieces.push(l.lookup_piece(f, sp, w)?);
        c.eat_op(",");
    }
    c.expect_keyword("where")
        .map_err(|d| d.hint("write `place [pieces] where CONDITION`"))?;
    let cond = pred::parse(
        &st.args[c.i..],
        f,
        st.span,
        &Names {
            pieces: &l.piece_names(),
            regions: &l.region_names(),
            unknown_piece: &|f, sp, w| l.unknown_piece(f, sp, w),
        },
    )?;
    Ok(PlacementRule {
        pieces,
        condition: cond,
    })
}

/// `first action: place pawn`
fn first_stmt(l: &Lower, c: &mut Cur) -> Result<ActionFilter, Diagnostic> {
    c.expect_keyword("action")?;
    c.expect_op(":")?;
    let (k, _) = c.expect_choice("an action", &["move", "place", "draw", "power"])?;
    let kind = match k {
        "move" => ActionKind::Move,
        "place" => ActionKind::Place,
        "draw" => ActionKind::Draw,
        _ => ActionKind::Power,
    };
    let piece = if c.done() {
        None
    } else {
        Some(l.piece_ref(c, "a piece")?)
    };
    c.finish()?;
    Ok(ActionFilter { kind, piece })
}

/// `on place PIECE: EFFECT` / `on draw joker: EFFECT`
fn on_stmt(
    l: &Lower,
    c: &mut Cur,
    st: &Stmt,
    f: &Arc<str>,
    turn: &mut Turn,
) -> Result<(), Diagnostic> {
    let (ev, _) = c.expect_choice("`place` or `draw`", &["place", "draw"])?;
    let piece = if ev == "place" {
        Some(l.piece_ref(c, "the placed piece")?)
    } else {
        c.expect_keyword("joker")
            .map_err(|d| d.hint("write `on draw joker: EFFECT`"))?;
        None
    };
    c.expect_op(":")?;
    let (e, esp) = c.expect_choice("an effect", &["return", "remove", "may", "take"])?;
    let which = match e {
        "return" | "remove" => {
            c.expect_keyword("one")?;
            c.expect_choice("`man`", &["man"])?;
            c.expect_keyword("where")?;
            let which = pred::parse(
                &st.args[c.i..],
                f,
                st.span,
                &Names {
                    pieces: &l.piece_names(),
                    regions: &l.region_names(),
                    unknown_piece: &|f, sp, w| l.unknown_piece(f, sp, w),
                },
            )?;
            c.i = c.args.len();
            Some(which)
        }
        "may" => {
            c.expect_keyword("move")?;
            c.expect_keyword("it")?;
            None
        }
        _ => {
            c.expect_keyword("another")?;
            c.expect_keyword("action")?;
            None
        }
    };
    c.finish()?;
    match piece {
        Some(p) => {
            let effect = match (e, which) {
                ("return", Some(which)) => FollowUp::ReturnToHand { which },
                ("remove", Some(which)) => FollowUp::Remove { which },
                ("may", _) => FollowUp::MayMovePlaced,
                _ => FollowUp::ExtraAction,
            };
            turn.on_place.push(OnPlace { piece: p, effect });
        }
        None => {
            turn.on_joker = Some(match (e, which) {
                ("return", Some(which)) => JokerEffect::ReturnToHand { which },
                ("remove", Some(which)) => JokerEffect::Remove { which },
                ("take", _) => JokerEffect::ExtraAction,
                _ => {
                    return Err(Diagnostic::error(
                        "bad-effect",
                        f,
                        esp,
                        "a joker places no man, so there is nothing to move",
                    )
                    .hint("a joker can `return one man where ...`, `remove one man where ...` or `take another action`"))
                }
            });
        }
    }
    Ok(())
}

/// `power swap A B [once | N times]`
fn power_stmt(l: &Lower, c: &mut Cur) -> Result<Power, Diagnostic> {
    c.expect_choice("a power", &["swap"])?;
    let a = l.piece_ref(c, "the first piece")?;
    let b = l.piece_ref(c, "the second piece")?;
    let uses = if c.eat_word("once") {
        1
    } else if c.done() {
        u32::MAX
    } else {
        let (n, _) = c.expect_int("how many times", 1, 1000)?;
        c.expect_keyword("times")?;
        n as u32
    };
    c.finish()?;
    Ok(Power::Swap { a, b, uses })
}

/// `always connected 8 [per player]`
fn always_stmt(c: &mut Cur) -> Result<Invariant, Diagnostic> {
    c.expect_choice("an invariant", &["connected"])?;
    let (n, sp) = c.expect_int("4 or 8 (which neighbours touch)", 4, 8)?;
    if n != 4 && n != 8 {
        return Err(Diagnostic::error(
            "out-of-range",
            c.file,
            sp,
            "neighbours are 4 (sides) or 8 (sides and corners)",
        ));
    }
    let scope = if c.eat_word("per") {
        c.expect_keyword("player")?;
        Scope::PerPlayer
    } else {
        Scope::All
    };
    c.finish()?;
    Ok(Invariant::Connected {
        adjacency: if n == 4 {
            Adjacency::Sides
        } else {
            Adjacency::SidesAndCorners
        },
        scope,
    })
}

/// `promote PIECES at far edge | in REGION to any | PIECES [from pool]`
fn promote_stmt(l: &Lower, c: &mut Cur) -> Result<(Vec<PieceId>, Promotion), Diagnostic> {
    let mut pieces = Vec::new();
    while let Some(w) = c.peek_word() {
        if w == "at" || w == "in" {
            break;
        }
        pieces.push(l.piece_ref(c, "a piece")?);
        c.eat_op(",");
    }
    if pieces.is_empty() {
        return Err(c.expected("the piece that promotes"));
    }
    let zone = if c.eat_word("at") {
        c.expect_keyword("far")?;
        c.expect_keyword("edge")?;
        Zone::FarEdge
    } else {
        c.expect_keyword("in").map_err(|d| {
            d.hint("write `promote pawn at far edge to queen` or `promote pawn in REGION to queen`")
        })?;
        let (r, rsp) = c.expect_word("a region")?;
        let id = l
            .regions
            .iter()
            .position(|(x, _)| x.name == r)
            .ok_or_else(|| {
                pred::unknown_region(
                    c.file,
                    rsp,
                    r,
                    l.regions.iter().map(|(x, _)| x.name.as_str()),
                )
            })?;
        Zone::Region(id as RegionId)
    };
    c.expect_keyword("to")?;
    let mut choices = Vec::new();
    if c.eat_word("any") {
        choices = (0..l.pieces.len() as PieceId)
            .filter(|i| !l.pieces[*i as usize].piece.royal && !pieces.contains(i))
            .collect();
    } else {
        while let Some(w) = c.peek_word() {
            if w == "from" {
                break;
            }
            let sp = c.here();
            let id = l.piece_ref(c, "a piece to promote to")?;
            if l.pieces[id as usize].piece.royal {
                return Err(Diagnostic::error(
                    "contradiction",
                    c.file,
                    sp,
                    "promotion to a royal piece is not supported",
                )
                .hint("promote to non-royal pieces"));
            }
            choices.push(id);
            c.eat_op(",");
        }
    }
    if choices.is_empty() {
        return Err(c.expected("the pieces it may become"));
    }
    let from_pool = if c.eat_word("from") {
        c.expect_keyword("pool")?;
        true
    } else {
        false
    };
    c.finish()?;
    Ok((
        pieces,
        Promotion {
            zone,
            choices,
            from_pool,
        },
    ))
}

/// `eliminated army to mover|partner|nobody [, checked after_every_move|at_own_turn]`
fn eliminated_stmt(c: &mut Cur) -> Result<Elimination, Diagnostic> {
    c.expect_keyword("army")?;
    c.expect_keyword("to")?;
    let (to, _) = c.expect_choice("who gets the army", &["mover", "partner", "nobody"])?;
    let mut checked = EliminationCheck::AfterEveryMove;
    if c.eat_op(",") {
        c.expect_keyword("checked")?;
        let (w, _) = c.expect_choice(
            "when players are checked",
            &["after_every_move", "at_own_turn"],
        )?;
        if w == "at_own_turn" {
            checked = EliminationCheck::AtOwnTurn;
        }
    }
    c.finish()?;
    Ok(Elimination {
        army_to: match to {
            "mover" => ArmyTo::Mover,
            "partner" => ArmyTo::Partner,
            _ => ArmyTo::Nobody,
        },
        checked,
    })
}

/// `dead material king bishop* vs king bishop* [same colour]`
fn dead_stmt(l: &Lower, c: &mut Cur) -> Result<MaterialPattern, Diagnostic> {
    c.expect_keyword("material")?;
    let mut sides: [Vec<MaterialTerm>; 2] = [Vec::new(), Vec::new()];
    let mut side = 0;
    let mut same_colour = false;
    while !c.done() {
        if c.eat_word("vs") {
            if side == 1 {
                return Err(Diagnostic::error(
                    "bad-argument",
                    c.file,
                    c.args[c.i - 1].span,
                    "a pattern has two sides",
                ));
            }
            side = 1;
            continue;
        }
        if c.eat_word("same") {
            if !(c.eat_word("colour") || c.eat_word("color")) {
                return Err(c.expected("`colour`"));
            }
            same_colour = true;
            continue;
        }
        let piece = l.piece_ref(c, "a piece")?;
        let any = c.eat_op("*");
        sides[side].push(MaterialTerm { piece, any });
    }
    if side == 0 || sides[0].is_empty() || sides[1].is_empty() {
        return Err(Diagnostic::error(
            "missing-argument",
            c.file,
            c.end,
            "a dead-material pattern has two sides",
        )
        .hint("write `dead material king knight vs king`"));
    }
    Ok(MaterialPattern { sides, same_colour })
}

/// The first words of the rules of an `end` block.
pub(crate) const END_CONDITIONS: &[&str] = &[
    "checkmate",
    "stalemate",
    "surrounded",
    "hand",
    "passes",
    "repetition",
    "quiet",
    "insufficient",
    "plies",
    "unplaceable",
];

/// `CONDITION -> OUTCOME`
fn end_rule(l: &Lower, f: &Arc<str>, st: &Stmt) -> Result<RuleB, Diagnostic> {
    let mut c = Cur::new(&st.args, f, st.span);
    let mut quiet_resets = Vec::new();
    let (w, _) = c.expect_choice("an ending condition", END_CONDITIONS)?;
    let when = match w {
        "checkmate" => Event::Checkmate,
        "stalemate" => Event::Stalemate,
        "surrounded" => Event::Surrounded(l.piece_ref(&mut c, "the piece that may be surrounded")?),
        "hand" => {
            c.expect_keyword("empty")?;
            Event::HandEmpty
        }
        "passes" => Event::Passes(c.expect_int("a number of passes", 1, 100)?.0 as u32),
        "repetition" => {
            Event::Repetition(c.expect_int("how many times a position occurs", 2, 100)?.0 as u32)
        }
        "plies" => Event::PlyLimit(c.expect_int("a number of plies", 1, 1_000_000)?.0 as u32),
        "insufficient" => {
            c.expect_keyword("material")?;
            Event::InsufficientMaterial
        }
        "unplaceable" => {
            c.expect_keyword("card")?;
            Event::UnplaceableCard
        }
        _ => {
            let (n, _) = c.expect_int("a number", 1, 1_000_000)?;
            let (unit, _) = c.expect_choice("`plies` or `moves`", &["plies", "moves"])?;
            let plies = if unit == "moves" {
                n as u32 * l.players.len().max(1) as u32
            } else {
                n as u32
            };
            let mut resets = Vec::new();
            if c.eat_word("reset") {
                c.expect_keyword("by")?;
                loop {
                    let (r, rsp) = c.expect_word("`capture`, `place` or a piece")?;
                    resets.push(match r {
                        "capture" => Reset::Capture,
                        "place" => Reset::Place,
                        _ => Reset::Piece(l.lookup_piece(f, rsp, r)?),
                    });
                    if !c.eat_op(",") {
                        break;
                    }
                }
            }
            quiet_resets = resets;
            Event::Quiet { plies }
        }
    };
    c.expect_op("->")
        .map_err(|d| d.hint("a rule reads `CONDITION -> OUTCOME`"))?;
    let (o, _) = c.expect_choice(
        "an outcome",
        &[
            "win",
            "lose",
            "draw",
            "claim",
            "pass",
            "eliminated",
            "remove",
            "return",
        ],
    )?;
    let then = match o {
        "win" => Then::Outcome(Outcome::Win),
        "lose" => Then::Outcome(Outcome::Lose),
        "draw" => Then::Outcome(Outcome::Draw),
        "claim" => {
            c.expect_keyword("draw")?;
            Then::Outcome(Outcome::ClaimDraw)
        }
        "pass" => Then::Pass,
        "eliminated" => Then::Outcome(Outcome::Eliminated),
        "remove" => Then::Remove,
        _ => {
            c.expect_keyword("card")?;
            Then::ReturnCard
        }
    };
    c.finish()?;
    if let Some(b) = &st.block {
        return Err(Diagnostic::error(
            "unexpected-block",
            f,
            b.span,
            "an ending rule takes no block",
        )
        .hint("write one rule per line, as in `checkmate -> lose`"));
    }
    Ok(RuleB {
        when,
        then,
        resets: quiet_resets,
    })
}

#[allow(dead_code)]
fn unused(_: &ir::Variant) {}
