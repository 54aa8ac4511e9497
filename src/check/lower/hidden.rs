//! `face down KIND, ...` (docs/LANGUAGE.md "face down"): men that start
//! face down, their identities dealt from the game's seed. The statement is
//! lowered to its list of kinds; once every statement is lowered, `finish`
//! checks what it is combined with and adds one kind per listed kind, the
//! kind of its face-down men (a copy of its moves, written `X` in FEN).

use super::*;

/// `face down KIND, KIND ...`: the kinds are listed, and one face kind
/// per kind is added at once, named `face_down_KIND`, so that the
/// statements after it may name it (`confined face_down_advisor to
/// palace`); `finish_face_down` gives it the listed kind's moves.
pub(super) fn face_down(
    l: &mut Lower,
    d: &mut Draft,
    it: &Item,
    c: &mut Cur,
) -> Result<(), Diagnostic> {
    c.expect_keyword("down")
        .map_err(|e| e.hint("write `face down rook, knight`"))?;
    let mut kinds = Vec::new();
    loop {
        let k = l
            .piece_ref(c, "a piece whose men start face down")
            .map_err(|e| e.hint("write `face down rook, knight`"))?;
        if !kinds.contains(&k) {
            kinds.push(k);
        }
        if !c.eat_op(",") {
            break;
        }
    }
    c.finish()?;
    let sp = it.stmt.head_span();
    if l.pieces.len() + kinds.len() > MAX_PIECES {
        return Err(Diagnostic::error(
            "too-many",
            &it.file,
            sp,
            format!(
                "`face down` adds a kind per kind listed: {} kinds in all, and a variant may have at most {MAX_PIECES}",
                l.pieces.len() + kinds.len()
            ),
        )
        .hint("list fewer kinds, or define fewer pieces"));
    }
    let mut pairs = Vec::new();
    for k in kinds {
        let s = &l.pieces[k as usize];
        let mut f = s.piece.clone();
        f.name = format!("face_down_{}", s.piece.name);
        f.letter = FACE_LETTER;
        f.confined = None;
        f.zone_moves = Vec::new();
        let face = l.pieces.len() as PieceId;
        let pb = PieceB {
            piece: f,
            file: it.file.clone(),
            span: sp,
            letter_span: sp,
            level: s.level,
            broken: false,
            resets_clock: false,
            promotes_to: None,
        };
        l.pieces.push(pb);
        pairs.push(FaceDown { piece: k, face });
    }
    d.face_down = Some((pairs, it.file.clone(), sp));
    Ok(())
}

/// The letter face-down men are written with in FEN (as the Jieqi tools
/// that write covered men write them).
pub(crate) const FACE_LETTER: Letter = Letter::own('X');

/// Check what `face down` is combined with (each refusal a diagnostic at
/// the statement), then give each face kind of `v` the moves of its
/// listed kind (its own `confined` region, if a statement named it, in
/// place of the listed kind's; its own regional moves added to the listed
/// kind's); false when an error was reported.
pub(super) fn finish_face_down(
    l: &mut Lower,
    v: &mut Variant,
    pairs: &[FaceDown],
    file: &Arc<str>,
    sp: Span,
) -> bool {
    let kinds: Vec<PieceId> = pairs.iter().map(|p| p.piece).collect();
    let kinds = &kinds[..];
    let faces: KindSet = pairs.iter().map(|p| p.face).collect();
    let before = l.diags.iter().filter(|d| d.is_error()).count();
    let clash = |l: &mut Lower, what: String, hint: &str| {
        l.diags.push(
            Diagnostic::error(
                "contradiction",
                file,
                sp,
                format!("`face down` cannot be used with {what}"),
            )
            .hint(hint.to_string()),
        );
    };
    if v.players.len() != 2 {
        clash(
            l,
            format!("{} players", v.players.len()),
            "face-down men are carried for two players: what a captor learns is told to the one other player",
        );
    }
    let t = &v.turn;
    let combos: [(bool, &str, &str); 13] = [
        (t.captures.to_hand(), "`captures to hand`", "a face-down man taken would go to a hand with an identity nobody saw: keep captured men off the board (`captures all`)"),
        (t.captures == crate::ir::Captures::ToPrison, "`captures to prison`", "a face-down man taken would wait in a prison with an identity nobody saw: keep captured men off the board (`captures all`)"),
        (t.captures.rebirth(), "`captures reborn`", "a face-down man would be reborn on a square that is not its own: remove one of the two"),
        (t.explosion.is_some(), "`explode on capture`", "a blast takes men off squares other than the capture's: remove one of the two"),
        (t.fog_of_war, "`fog of war`", "the two kinds of hidden information are not carried together: remove one of the two"),
        (!v.setup.shuffles.is_empty(), "a `shuffle` line", "the face-down men stand on the setup's squares: write the setup without `shuffle`"),
        (v.setup.decks.iter().any(|d| !d.is_empty()), "decks", "remove the decks or `face down`"),
        (matches!(v.board.shape, Shape::Unbounded { .. }), "an unbounded board", "a face-down man moves as the kind of its start square: give the board a size (`board 9x10`)"),
        (v.board.layers > 1, "a board in layers", "a face-down man would pass to another layer, off its start square: remove one of the two"),
        (t.gating.is_some(), "`gating`", "remove one of the two"),
        (t.walls.is_some(), "walls (`then place wall`, `then move wall`)", "remove one of the two"),
        (t.dice.is_some(), "`dice`", "the dice name the kinds that may move, and a face-down man's kind is not known: remove one of the two"),
        (!t.mutually_immune.is_empty(), "`mutually immune`", "a face-down man's kind is not known, so whether it may be taken is not either: remove one of the two"),
    ];
    for (bad, what, hint) in combos {
        if bad {
            clash(l, what.to_string(), hint);
        }
    }
    let mask: KindSet = kinds.iter().collect();
    for (_, p) in v
        .pieces
        .iter()
        .enumerate()
        .filter(|&(k, _)| !faces.contains(k as PieceId))
    {
        if !p.captures_by.is_empty() || p.captures_in_place || p.immobilises {
            clash(
                l,
                format!(
                    "a piece that captures off its landing square or immobilises (`{}`)",
                    p.name
                ),
                "a face-down man is told apart by the square it stands on: remove one of the two",
            );
        }
        if (p.never_captures | p.hop_not_over).meets(mask | faces) {
            clash(
                l,
                format!(
                    "`immune` or `hop ... not over` naming a face-down kind (`{}`)",
                    p.name
                ),
                "a face-down man's kind is not known: name only kinds that never start face down",
            );
        }
        if p.letter == FACE_LETTER {
            clash(
                l,
                format!("a piece lettered `{FACE_LETTER}` (`{}`)", p.name),
                "FEN writes face-down men `X`: give the piece another letter",
            );
        }
    }
    let castlers: Vec<PieceId> = t
        .castling
        .as_ref()
        .map(|c| {
            let mut ks = vec![c.royal, c.partner];
            ks.extend(c.more_partners.iter().copied());
            ks
        })
        .unwrap_or_default();
    for &k in kinds {
        let p = &v.pieces[k as usize];
        if p.royal {
            l.diags.push(
                Diagnostic::error(
                    "bad-argument",
                    file,
                    sp,
                    format!("a royal piece (`{}`) cannot start face down", p.name),
                )
                .hint("the royal men stay face up (Jieqi's kings): leave it out of the list"),
            );
        }
        if castlers.contains(&k) {
            clash(
                l,
                format!("a castling piece (`{}`) face down", p.name),
                "castling needs the castler's identity: leave it out of the list",
            );
        }
        // (A `shuffle` line is refused above: its men are not in `men`.)
        if v.setup.shuffles.is_empty() && !v.setup.men.iter().any(|m| m.piece == k) {
            l.diags.push(
                Diagnostic::error(
                    "bad-argument",
                    file,
                    sp,
                    format!("no man of `{}` stands in the setup", p.name),
                )
                .hint("`face down` turns the setup's men of the kinds listed face down: list kinds the setup places"),
            );
        }
    }
    if l.diags.iter().filter(|d| d.is_error()).count() > before {
        return false;
    }
    // A face-down man is worth what a man of the listed kinds is worth on
    // average (the first player's men), when every listed kind has a value.
    let values: Vec<i32> = v
        .setup
        .men
        .iter()
        .filter(|m| m.owner == 0 && kinds.contains(&m.piece))
        .filter_map(|m| v.pieces[m.piece as usize].value)
        .collect();
    let count = v
        .setup
        .men
        .iter()
        .filter(|m| m.owner == 0 && kinds.contains(&m.piece))
        .count();
    let mean = (!values.is_empty() && values.len() == count)
        .then(|| values.iter().sum::<i32>() / values.len() as i32);
    for fd in pairs {
        let s = &v.pieces[fd.piece as usize];
        let own = &v.pieces[fd.face as usize];
        let mut f = s.clone();
        f.name = own.name.clone();
        f.letter = FACE_LETTER;
        f.royal = false;
        f.promotion = None;
        f.promotes_to = None;
        f.glyphs = None;
        f.value = mean.or(s.value);
        f.confined = own.confined.or(s.confined);
        f.zone_moves.extend(own.zone_moves.iter().cloned());
        v.pieces[fd.face as usize] = f;
    }
    v.turn.face_down = pairs.to_vec();
    true
}
