//! Perft: count the leaf nodes of the legal-move tree, and the perft data
//! file format of `tests/perft/*.perft`.

use super::core::{Bits, Move, MoveList, State};
use super::position::checked::with_pos;
use super::position::{act, movegen, Position};
use super::rules::Count;
use super::tables::Compiled;

fn inner<B: Bits>(t: &Compiled<B>, s: &mut State<B>, depth: u32, lists: &mut [MoveList]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one move list per ply");
    if depth == 1 {
        let mut count = Count(0);
        movegen::legal(t, s, &mut count, list);
        return count.0;
    }
    list.clear();
    movegen::legal(t, s, list, &mut rest[0]);
    let mut n = 0;
    for i in 0..list.len() {
        let mv = list[i];
        let mark = act::make_action(t, s, mv);
        n += below(t, s, depth - 1, rest);
        s.rewind(&t.base.layout, mark);
    }
    n
}

/// The count below an action: under `dice`, the position after it is not
/// rolled, and counts as the sum over the next player's rolls.
#[inline(always)]
fn below<B: Bits>(t: &Compiled<B>, s: &mut State<B>, depth: u32, lists: &mut [MoveList]) -> u64 {
    match &t.rules.dice {
        Some(d) if d.roll(s) == 0 => each_roll(t, s, d, depth, lists),
        _ => inner(t, s, depth, lists),
    }
}

/// A position not rolled (`dice`), after an action: the sum over every roll of the dice
/// that allows a set of kinds no earlier roll allowed (each such set
/// counted once, [`crate::engine::rules::dice::Dice::outcomes`]).
#[inline(never)]
fn each_roll<B: Bits>(
    t: &Compiled<B>,
    s: &mut State<B>,
    d: &crate::engine::rules::dice::Dice,
    depth: u32,
    lists: &mut [MoveList],
) -> u64 {
    let l = &t.base.layout;
    let mut n = 0;
    for &code in &d.outcomes {
        let mark = s.mark();
        s.set_var(l, d.roll, code);
        n += inner(t, s, depth, lists);
        s.rewind(l, mark);
    }
    n
}

/// Leaf nodes at `depth` plies (bulk-counted: the last ply only counts the
/// legal moves). `perft(pos, 0) == 1`. Under `dice`, the root counts its
/// legal list as it stands (every kind when not rolled), and the position
/// after each action, not rolled, counts as the sum over the next
/// player's rolls, each distinct set of kinds once.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    with_pos!(&mut pos.inner, c, s => inner(c, s, depth, &mut lists))
}

/// Leaf nodes at `depth` whole turns (`perft --turns`): a turn of several
/// actions (`turn actions ...`) is one step of the depth, however many
/// actions it held; a line that ends inside a turn (no legal action left)
/// counts nothing. Without a turn plan it is [`perft`].
pub fn perft_turns(pos: &mut Position, depth: u32) -> u64 {
    with_pos!(&mut pos.inner, c, s => turns_in(c, s, depth))
}

/// Perft by turns split by the first action: each legal action with the
/// leaf count below it.
pub fn divide_turns(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    with_pos!(&mut pos.inner, c, s => {
        let mut first = MoveList::new();
        movegen::gen_legal(c, s, &mut first);
        first
            .iter()
            .map(|&mv| {
                let ends = turn_ends(c, s);
                let mark = act::make_action(c, s, mv);
                let d = next_depth(c, s, depth, ends);
                let n = turns_in(c, s, d);
                s.rewind(&c.base.layout, mark);
                (mv, n)
            })
            .collect()
    })
}

/// Whether the next action surely ends its turn (the last by count), and
/// the player and the actions left before it, to tell afterwards.
fn turn_ends<B: Bits>(t: &Compiled<B>, s: &State<B>) -> (bool, crate::ir::PlayerId, u32) {
    match &t.rules.turns {
        None => (true, s.turn, 1),
        Some(tr) => {
            let left = tr.left(s);
            (left <= 1, s.turn, left)
        }
    }
}

/// The depth left after an action: one less when it ended its turn (the
/// last by count, another player to act, or a new turn's count).
fn next_depth<B: Bits>(
    t: &Compiled<B>,
    s: &State<B>,
    depth: u32,
    (last, me, left): (bool, crate::ir::PlayerId, u32),
) -> u32 {
    let ended = last
        || s.turn != me
        || t.rules
            .turns
            .as_ref()
            .is_some_and(|tr| tr.left(s) + 1 != left);
    if ended {
        depth.saturating_sub(1)
    } else {
        depth
    }
}

fn turns_in<B: Bits>(t: &Compiled<B>, s: &mut State<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if t.rules.turns.is_none() {
        let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
        return inner(t, s, depth, &mut lists);
    }
    let mut list = MoveList::new();
    movegen::gen_legal(t, s, &mut list);
    let mut n = 0;
    for &mv in list.iter() {
        let ends = turn_ends(t, s);
        if depth == 1 && ends.0 {
            n += 1;
            continue;
        }
        let mark = act::make_action(t, s, mv);
        n += turns_in(t, s, next_depth(t, s, depth, ends));
        s.rewind(&t.base.layout, mark);
    }
    n
}

/// Perft split by the first move: each legal move with the leaf count
/// below it (`depth - 1` plies after it), in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    with_pos!(&mut pos.inner, c, s => divide_in(c, s, depth))
}

fn divide_in<B: Bits>(t: &Compiled<B>, s: &mut State<B>, depth: u32) -> Vec<(Move, u64)> {
    let mut first = MoveList::new();
    movegen::gen_legal(t, s, &mut first);
    let mut lists: Vec<MoveList> = (0..depth.max(1)).map(|_| MoveList::new()).collect();
    first
        .iter()
        .map(|&mv| {
            let n = if depth <= 1 {
                1
            } else {
                let mark = act::make_action(t, s, mv);
                let n = below(t, s, depth - 1, &mut lists);
                s.rewind(&t.base.layout, mark);
                n
            };
            (mv, n)
        })
        .collect()
}

/// One position of a perft data file with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// Line of the `fen` line (1-based).
    pub line: usize,
    pub fen: String,
    /// `(depth, leaf count)`.
    pub counts: Vec<(u32, u64)>,
    /// `(depth in whole turns, leaf count)` (`turns N count` lines: see
    /// [`perft_turns`]).
    pub turn_counts: Vec<(u32, u64)>,
}

/// Read a perft data file:
///
/// ```text
/// # comment
/// fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
/// depth 1 20
/// depth 2 400
/// ```
///
/// A `fen` line starts a case (`fen start` is the variant's own start
/// position); the `depth N count` lines below it belong to it, and so do
/// `turns N count` lines, counts of N whole turns ([`perft_turns`]).
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut out: Vec<PerftCase> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        // A `#` starts a comment, on its own line or after a row (no FEN
        // contains `#`).
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(fen) = line.strip_prefix("fen ") {
            out.push(PerftCase {
                line: i + 1,
                fen: fen.trim().to_string(),
                counts: Vec::new(),
                turn_counts: Vec::new(),
            });
        } else if let Some((turns, rest)) = line
            .strip_prefix("depth ")
            .map(|r| (false, r))
            .or_else(|| line.strip_prefix("turns ").map(|r| (true, r)))
        {
            let mut it = rest.split_whitespace();
            let (Some(d), Some(n), None) = (it.next(), it.next(), it.next()) else {
                return Err(format!(
                    "line {}: expected `depth N count` or `turns N count`",
                    i + 1
                ));
            };
            let d: u32 = d
                .parse()
                .map_err(|_| format!("line {}: `{d}` is not a depth", i + 1))?;
            let n: u64 = n
                .parse()
                .map_err(|_| format!("line {}: `{n}` is not a node count", i + 1))?;
            let Some(case) = out.last_mut() else {
                return Err(format!("line {}: a count before any `fen`", i + 1));
            };
            if turns {
                case.turn_counts.push((d, n));
            } else {
                case.counts.push((d, n));
            }
        } else {
            return Err(format!(
                "line {}: expected `fen ...`, `depth N count`, `turns N count` or a `#` comment",
                i + 1
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::parse_perft_file;

    #[test]
    fn perft_files_take_comments_on_their_own_lines_and_after_rows() {
        let text = "# header\nfen start\ndepth 1 20   # perft.sh\n\n  # note\ndepth 2 400\n";
        let cases = parse_perft_file(text).unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].fen, "start");
        assert_eq!(cases[0].counts, vec![(1, 20), (2, 400)]);
        assert!(parse_perft_file("fen start\ndepth 1 20 21\n").is_err());
        assert!(parse_perft_file("depth 1 20\n").is_err());
        let t = parse_perft_file("fen start\ndepth 2 445\nturns 1 445\n").unwrap();
        assert_eq!(t[0].counts, vec![(2, 445)]);
        assert_eq!(t[0].turn_counts, vec![(1, 445)]);
    }
}
