//! Lowering: a `shuffle` line of the `setup` block (men dealt onto squares
//! from the game's seed, under constraints), and its copies by `mirror`
//! and `rotate`.

use super::setup::read_squares;
use super::*;

/// `PLAYER: shuffle PIECE[*N]... on SQUARES [where RULE, ...] [number N]`,
/// read after the `shuffle` word. The squares are returned with their
/// spans for the setup's `square-taken` check.
pub(super) fn shuffle_line(
    l: &Lower,
    f: &Arc<str>,
    c: &mut Cur,
    owner: PlayerId,
    line: Span,
    soft: &mut Vec<Diagnostic>,
) -> Result<(Shuffle, Vec<(Coord, Span)>), Diagnostic> {
    if let Some(Board {
        shape: Shape::Unbounded { .. },
        ..
    }) = &l.board
    {
        return Err(Diagnostic::error(
            "contradiction",
            f,
            line,
            "`shuffle` needs a board with named squares",
        ));
    }
    // The men: kinds in the order of first mention, with counts.
    let mut groups: Vec<(PieceId, u32)> = Vec::new();
    let mut broken = false;
    while !c.done() && c.peek_word() != Some("on") {
        if c.eat_op(",") {
            continue;
        }
        let (w, sp) = c.expect_word("a piece letter or name, or `on` and the squares")?;
        let piece = l.lookup_piece(f, sp, w).map_err(|d| soft.push(d)).ok();
        let mut n = 1;
        if c.eat_op("*") {
            n = c.expect_int("a count", 1, 256)?.0 as u32;
        }
        match piece {
            Some(p) => match groups.iter_mut().find(|(k, _)| *k == p) {
                Some(g) => g.1 += n,
                None => groups.push((p, n)),
            },
            None => broken = true,
        }
    }
    if groups.is_empty() && !broken {
        return Err(c.expected("the men to shuffle, such as `R*2 N*2 B*2 Q K`"));
    }
    let on = c
        .expect_keyword("on")
        .map_err(|d| d.hint("write `shuffle R*2 N*2 B*2 Q K on a1..h1`"))?;
    let (squares, any) = read_squares(l, f, c, soft)?;
    if !any {
        return Err(c.expected("the squares to fill, such as `a1..h1`"));
    }
    let mut rules = Vec::new();
    if c.eat_word("where") {
        loop {
            let (w, sp) = c.expect_choice("a constraint", &["opposite", "between"])?;
            let piece = |c: &mut Cur| -> Result<(PieceId, Span), Diagnostic> {
                let (w, sp) = c.expect_word("a piece letter or name")?;
                let p = l.lookup_piece(f, sp, w)?;
                if !broken && !groups.iter().any(|&(k, _)| k == p) {
                    return Err(Diagnostic::error(
                        "bad-argument",
                        f,
                        sp,
                        format!("`{w}` is not among the shuffled men"),
                    ));
                }
                Ok((p, sp))
            };
            if w == "opposite" {
                c.expect_choice("`colours`", &["colours", "colors"])?;
                let (p, psp) = piece(c)?;
                let n = groups.iter().find(|&&(k, _)| k == p).map_or(0, |g| g.1);
                if n % 2 == 1 {
                    return Err(Diagnostic::error(
                        "contradiction",
                        f,
                        psp,
                        format!("{n} men cannot stand half on light and half on dark squares"),
                    )
                    .hint("`opposite colours` needs an even number of men of the kind"));
                }
                rules.push(ShuffleRule::OppositeColours(p));
            } else {
                let (p, _) = piece(c)?;
                let (outer, osp) = piece(c)?;
                if outer == p {
                    return Err(Diagnostic::error(
                        "bad-argument",
                        f,
                        osp,
                        "a man cannot stand between men of its own kind",
                    ));
                }
                rules.push(ShuffleRule::Between { piece: p, outer });
            }
            let _ = sp;
            if !c.eat_op(",") || c.peek_word() == Some("number") {
                break;
            }
        }
    }
    let mut number = None;
    if c.eat_word("number") {
        let (n, _) = c.expect_int("an arrangement number (negative: dealt)", -1, 1 << 40)?;
        number = u64::try_from(n).ok();
    }
    c.finish()?;
    let a1_dark = l.board.as_ref().is_none_or(|b| b.a1_dark);
    let light = squares
        .iter()
        .map(|(at, _)| ((at.x + at.y) % 2 == 1) == a1_dark)
        .collect();
    let shuffle = Shuffle {
        owner,
        groups,
        squares: squares.iter().map(|&(at, _)| at).collect(),
        light,
        rules,
        number,
        copies: Vec::new(),
    };
    if broken || !soft.is_empty() {
        return Ok((shuffle, squares)); // a mistake above is reported
    }
    let men = shuffle_len(&shuffle);
    if men != squares.len() {
        return Err(Diagnostic::error(
            "contradiction",
            f,
            on,
            format!("{men} men to shuffle onto {} squares", squares.len()),
        )
        .hint("give as many squares as men"));
    }
    let walk = shuffle.walk_size();
    if walk > MAX_WALK {
        return Err(Diagnostic::error(
            "out-of-range",
            f,
            line,
            format!("this line has too many arrangements to deal (more than {MAX_WALK})"),
        )
        .hint("shuffle fewer men, or split them over several `shuffle` lines"));
    }
    let count = shuffle.arrangements().len() as u64;
    if count == 0 {
        return Err(Diagnostic::error(
            "contradiction",
            f,
            line,
            "no arrangement of these men meets the constraints",
        ));
    }
    if let Some(n) = number.filter(|&n| n >= count) {
        return Err(Diagnostic::error(
            "out-of-range",
            f,
            line,
            format!(
                "arrangement {n} does not exist: this line has {count}, numbered 0 to {}",
                count - 1
            ),
        ));
    }
    Ok((shuffle, squares))
}

fn shuffle_len(s: &Shuffle) -> usize {
    s.groups.iter().map(|&(_, n)| n as usize).sum()
}
