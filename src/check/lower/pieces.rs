//! Lowering: `use`, `piece` and the letters of pieces.

use super::*;

/// The words that may follow `captures by` (`ir::CaptureBy::ALL`).
const CAPTURE_WAYS: [&str; 6] = [
    "approach",
    "withdrawal",
    "leaping",
    "coordination",
    "custody",
    "imitation",
];

/// The atoms of a Betza string written at `sp` (quotes included), with a
/// `bad-betza` diagnostic pointing into the string; what Fairy-Stockfish
/// reads differently (a lone `f` on an oblique atom) is a `lone-direction`
/// warning.
pub(super) fn betza_atoms(
    l: &mut Lower,
    f: &Arc<str>,
    text: &str,
    sp: Span,
) -> Result<Vec<Atom>, Diagnostic> {
    let inside = |start: usize, end: usize| {
        let s = sp.start + 1 + start;
        let en = (sp.start + 1 + end)
            .max(s + 1)
            .min(sp.end.saturating_sub(1).max(s + 1));
        Span::new(s, en)
    };
    let cells = match l.board.as_ref().and_then(|b| b.hex) {
        Some(_) => betza::Cells::Hex,
        None => betza::Cells::Square,
    };
    let (atoms, notes) = betza::parse_on(text, cells).map_err(|e| {
        Diagnostic::error("bad-betza", f, inside(e.start, e.end), e.message).hint(e.hint)
    })?;
    for n in notes {
        l.err(
            Diagnostic::warning("lone-direction", f, inside(n.start, n.end), n.message)
                .hint(n.hint),
        );
    }
    Ok(atoms)
}

pub(super) fn use_stmt(l: &mut Lower, it: &Item, library: &[(Arc<str>, Stmt)]) {
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
pub(super) fn piece_stmt(
    l: &mut Lower,
    f: &Arc<str>,
    level: usize,
    st: &Stmt,
    library: &[(Arc<str>, Stmt)],
) {
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
        // `+X`: a promoted form written as its piece's letter after `+`.
        let plus = matches!(&la.kind, ArgKind::Op(o) if o == "+");
        let (la, letter_span) = if plus {
            let w = c.next().ok_or_else(|| {
                Diagnostic::error(
                    "bad-argument",
                    f,
                    la.span,
                    "expected the letter of the piece this is the promoted form of after `+`",
                )
                .hint(format!("write `piece {name} +R moves \"...\"`"))
            })?;
            (w, Span::new(la.span.start, w.span.end))
        } else {
            (la, la.span)
        };
        let ch = match &la.kind {
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
                .hint(format!("write `piece {name} X moves \"...\"`, or `+X` for the promoted form of the piece lettered X")))
            }
        };
        let letter = if plus {
            Letter::plus(ch)
        } else {
            Letter::own(ch)
        };
        // Where `like` may stand: right after the letter.
        let like_at = c.i;
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
            initial_region: None,
            confined: None,
            zone_moves: Vec::new(),
            promotes_to: None,
            hop_not_over: KindSet::EMPTY,
            never_captures: KindSet::EMPTY,
            captures_own: false,
            captures_in_place: false,
            captures_by: Vec::new(),
            immobilises: false,
            lion: Vec::new(),
            lion_straight: false,
        };
        let mut resets_clock = false;
        let mut no_moves = false;
        let mut promotes_to = None;
        partial = Some(PieceB {
            piece: piece.clone(),
            file: f.clone(),
            span: nspan,
            letter_span,
            level,
            broken: true,
            resets_clock: false,
            promotes_to: None,
        });
        while let Some(a) = c.next() {
            let Some(w) = a.word() else {
                return Err(Diagnostic::error("bad-argument", f, a.span, format!("expected a piece attribute, found {}", a.describe()))
                    .hint("attributes: moves \"...\", attacks \"...\", royal, passes own, captures own, captures in place, captures by approach|withdrawal|leaping|coordination|custody|imitation, immobilises, lion \"K\" [straight], resets clock, value N, glyphs \"x\" \"y\", like PIECE, promotes to PIECE, not ATTRIBUTE"));
            };
            match w {
                "moves" if c.eat_word("none") => {
                    no_moves = true;
                    // A man that never moves on the board (placed and
                    // turned over only).
                    piece.moves = Vec::new();
                    piece.betza = String::new();
                }
                "moves" | "attacks" => {
                    let (text, sp) = c.expect_string("Betza text in quotes")?;
                    let atoms = betza_atoms(l, f, text, sp)?;
                    if w == "moves" {
                        piece.moves = atoms;
                        piece.betza = text.to_string();
                    } else {
                        piece.attacks = Some(atoms);
                    }
                }
                "royal" => piece.royal = true,
                "lion" => {
                    let (text, sp) = c.expect_string("the lion's steps in Betza, e.g. \"K\"")?;
                    let atoms = betza_atoms(l, f, text, sp)?;
                    piece.lion = super::lion::steps(f, &atoms, sp)?;
                    piece.lion_straight = c.eat_word("straight");
                }
                "not" => {
                    // Drop an attribute, as one copied by `like`.
                    let (what, _) = c
                        .expect_choice(
                            "an attribute to drop",
                            &["royal", "passes", "captures", "immobilises", "resets", "promotes", "attacks", "value", "glyphs", "lion"],
                        )
                        .map_err(|d| {
                            d.hint("write `not royal`, `not passes own`, `not captures own`, `not captures in place`, `not captures by approach`, `not immobilises`, `not resets clock`, `not promotes`, `not attacks`, `not value`, `not glyphs` or `not lion`")
                        })?;
                    match what {
                        "royal" => piece.royal = false,
                        "lion" => {
                            piece.lion.clear();
                            piece.lion_straight = false;
                        }
                        "immobilises" => piece.immobilises = false,
                        "passes" => {
                            c.expect_keyword("own")
                                .map_err(|d| d.hint("write `not passes own`"))?;
                            piece.passes_own = false;
                        }
                        "captures" => match c.expect_choice("`own`, `in place` or `by ...`", &["own", "in", "by"]) {
                            Ok(("own", _)) => piece.captures_own = false,
                            Ok(("by", _)) => {
                                let (k, _) = c.expect_choice("a way of capturing", &CAPTURE_WAYS)?;
                                let k = CaptureBy::named(k).unwrap_or(CaptureBy::Approach);
                                piece.captures_by.retain(|&x| x != k);
                            }
                            Ok(_) => {
                                c.expect_keyword("place").map_err(|d| {
                                    d.hint("write `not captures in place`")
                                })?;
                                piece.captures_in_place = false;
                            }
                            Err(d) => {
                                return Err(d.hint(
                                    "write `not captures own` or `not captures in place`",
                                ))
                            }
                        },
                        "resets" => {
                            c.expect_keyword("clock")
                                .map_err(|d| d.hint("write `not resets clock`"))?;
                            resets_clock = false;
                        }
                        "promotes" => promotes_to = None,
                        "attacks" => piece.attacks = None,
                        "value" => piece.value = None,
                        _ => piece.glyphs = None,
                    }
                }
                "promotes" => {
                    c.expect_keyword("to")
                        .map_err(|d| d.hint("the attribute is `promotes to PIECE`"))?;
                    let (n, sp) = c.expect_word("the piece it promotes to")?;
                    promotes_to = Some((n.to_string(), sp));
                }
                "passes" => {
                    c.expect_keyword("own")
                        .map_err(|d| d.hint("the attribute is `passes own`"))?;
                    piece.passes_own = true;
                }
                "immobilises" => piece.immobilises = true,
                "captures" => match c.expect_choice("`own`, `in place` or `by ...`", &["own", "in", "by"]) {
                    Ok(("own", _)) => piece.captures_own = true,
                    Ok(("by", _)) => {
                        let (k, _) = c
                            .expect_choice("a way of capturing", &CAPTURE_WAYS)
                            .map_err(|d| d.hint("write `captures by approach`, `withdrawal`, `leaping`, `coordination`, `custody` or `imitation`"))?;
                        let k = CaptureBy::named(k).unwrap_or(CaptureBy::Approach);
                        if !piece.captures_by.contains(&k) {
                            piece.captures_by.push(k);
                        }
                    }
                    Ok(_) => {
                        c.expect_keyword("place")
                            .map_err(|d| d.hint("the attribute is `captures in place`"))?;
                        piece.captures_in_place = true;
                    }
                    Err(d) => {
                        return Err(d.hint("the attributes are `captures own`, `captures in place` and `captures by approach | withdrawal | leaping | coordination | custody | imitation`"))
                    }
                },
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
                    if c.i != like_at + 1 {
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
                            .map(|p| {
                                promotes_to = p.promotes_to.clone();
                                (p.piece.clone(), p.resets_clock)
                            })
                            .or_else(|| {
                                let (lf, ls) = library.iter().rev().find(|(_, s)| {
                                    s.args.get(1).and_then(Arg::word) == Some(other)
                                })?;
                                let mut tmp = Vec::new();
                                let mut sub = Lower::new(&mut tmp, Vec::new(), None);
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
                    return Err(d.hint("attributes: moves \"...\", attacks \"...\", royal, passes own, captures own, captures in place, captures by approach|withdrawal|leaping|coordination|custody|imitation, immobilises, lion \"K\" [straight], resets clock, value N, glyphs \"x\" \"y\", like PIECE, promotes to PIECE, not ATTRIBUTE"));
                }
            }
        }
        if piece.royal && piece.captures_own {
            return Err(Diagnostic::error(
                "contradiction",
                f,
                nspan,
                format!("piece `{name}` is royal and `captures own`: a royal man may not take its own men"),
            )
            .hint("drop `captures own`, or write `not royal`"));
        }
        if piece.moves.is_empty() && !no_moves {
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
            letter_span,
            level,
            broken: false,
            resets_clock,
            promotes_to,
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

pub(super) fn check_letters(l: &mut Lower) {
    let mut seen = HashMap::new();
    let mut errs = Vec::new();
    for p in &l.pieces {
        if let Some((other, file, sp)) = seen.get(&p.piece.letter) {
            let d = Diagnostic::error(
                "duplicate-letter",
                &p.file,
                p.letter_span,
                format!(
                    "`{}` and `{other}` both use the letter {}",
                    p.piece.name, p.piece.letter
                ),
            );
            // A label points into this file only: a piece inherited from
            // another file is named by that file instead.
            let d = if *file == p.file {
                d.label(*sp, "also used here")
            } else {
                d.hint(format!("`{other}` is defined in {file}"))
            };
            errs.push(d.hint("each piece needs its own letter for FEN and notation"));
        } else {
            seen.insert(
                p.piece.letter,
                (p.piece.name.clone(), p.file.clone(), p.letter_span),
            );
        }
    }
    l.diags.extend(errs);
}

/// The `piece` statement as registered in `statements::STATEMENTS`.
pub(super) fn piece(l: &mut Lower, it: &Item, library: &[(Arc<str>, Stmt)]) {
    piece_stmt(l, &it.file, it.level, &it.stmt, library);
}

/// Resolve `promotes to NAME`: the form must be another piece of the
/// variant with no promoted form of its own, and the promoted form of one
/// piece only (it may be royal: Sho shogi's crown prince).
pub(super) fn resolve_forms(l: &mut Lower) {
    let mut errs = Vec::new();
    let mut base_of: HashMap<PieceId, usize> = HashMap::new();
    for i in 0..l.pieces.len() {
        let Some((n, sp)) = l.pieces[i].promotes_to.clone() else {
            continue;
        };
        let f = l.pieces[i].file.clone();
        let Some(j) = l.pieces.iter().position(|p| p.piece.name == n) else {
            errs.push(l.unknown_piece(&f, sp, &n));
            continue;
        };
        let bad = |m: String, h: &str| {
            Diagnostic::error("bad-promoted-form", &f, sp, m).hint(h.to_string())
        };
        if j == i {
            errs.push(bad(
                format!("`{n}` cannot be its own promoted form"),
                "name another piece: `piece pawn P moves \"fW\" promotes to tokin`",
            ));
        } else if l.pieces[j].promotes_to.is_some() {
            errs.push(bad(
                format!("`{n}` is a promoted form and promotes itself"),
                "a promoted form has no promoted form of its own",
            ));
        } else if let Some(&other) = base_of.get(&(j as PieceId)) {
            errs.push(bad(
                format!("`{n}` is the promoted form of both `{}` and `{}`", l.pieces[other].piece.name, l.pieces[i].piece.name),
                "give each piece its own promoted form (they may move alike: `piece promoted_silver Z like gold`)",
            ));
        } else {
            base_of.insert(j as PieceId, i);
            l.pieces[i].piece.promotes_to = Some(j as PieceId);
        }
    }
    // A form lettered `+X`: the promoted form of the piece lettered X.
    // (Not after a broken piece: its `promotes to` was never read.)
    for p in l.pieces.iter().filter(|_| !l.pieces_failed) {
        let letter = p.piece.letter;
        if !letter.is_plus() {
            continue;
        }
        let base = l.pieces.iter().find(|b| {
            b.promotes_to
                .as_ref()
                .is_some_and(|(n, _)| *n == p.piece.name)
        });
        let d = |m: String, h: String| {
            Diagnostic::error("plus-letter", &p.file, p.letter_span, m).hint(h)
        };
        match base {
            None => errs.push(d(
                format!(
                    "`{}` is lettered `{letter}`, but no piece promotes to it",
                    p.piece.name
                ),
                format!(
                    "`+{c}` is the letter of the promoted form of the piece lettered {c}: add `promotes to {}` to that piece, or give `{}` a letter of its own",
                    p.piece.name,
                    p.piece.name,
                    c = letter.ch()
                ),
            )),
            Some(b) if b.piece.letter != Letter::own(letter.ch()) => errs.push(d(
                format!(
                    "`{}` is the promoted form of `{}`, lettered {}, not {}",
                    p.piece.name,
                    b.piece.name,
                    b.piece.letter,
                    letter.ch()
                ),
                format!("write `+{}`: a promoted form is written `+` and its piece's letter", b.piece.letter),
            )),
            Some(_) => {}
        }
    }
    l.diags.extend(errs);
}
