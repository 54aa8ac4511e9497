//! Perft: count the leaf nodes of the legal-move tree, and the perft data
//! file format of `tests/perft/*.perft`.

use super::core::{Bits, Move, MoveList, State};
use super::position::checked::with_pos;
use super::position::{make, movegen, Position};
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
        let mark = make::make_action(t, s, mv);
        n += inner(t, s, depth - 1, rest);
        s.rewind(&t.base.layout, mark);
    }
    n
}

/// Leaf nodes at `depth` plies (bulk-counted: the last ply only counts the
/// legal moves). `perft(pos, 0) == 1`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    with_pos!(&mut pos.inner, c, s => inner(c, s, depth, &mut lists))
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
                let mark = make::make_action(t, s, mv);
                let n = inner(t, s, depth - 1, &mut lists);
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
/// position); the `depth N count` lines below it belong to it.
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
            });
        } else if let Some(rest) = line.strip_prefix("depth ") {
            let mut it = rest.split_whitespace();
            let (Some(d), Some(n), None) = (it.next(), it.next(), it.next()) else {
                return Err(format!("line {}: expected `depth N count`", i + 1));
            };
            let d: u32 = d
                .parse()
                .map_err(|_| format!("line {}: `{d}` is not a depth", i + 1))?;
            let n: u64 = n
                .parse()
                .map_err(|_| format!("line {}: `{n}` is not a node count", i + 1))?;
            let Some(case) = out.last_mut() else {
                return Err(format!("line {}: `depth` before any `fen`", i + 1));
            };
            case.counts.push((d, n));
        } else {
            return Err(format!(
                "line {}: expected `fen ...`, `depth N count` or a `#` comment",
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
    }
}
