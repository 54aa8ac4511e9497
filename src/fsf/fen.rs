//! Fairy-Stockfish's start FEN, read as its `Position::set` reads it: the
//! board (walls `*`, promoted men `+X` and `X~`), the pieces in hand
//! (`[...]`), the side to move, the castling field and the check counts.

use super::rules::{Color, Kind, Rules};

/// A man of the start position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenMan {
    pub kind: Kind,
    pub color: Color,
    pub file: u8,
    pub rank: u8,
    /// `+X`: a man of X's promoted type; this is X.
    pub promoted_from: Option<Kind>,
}

/// What a start FEN sets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fen {
    pub men: Vec<FenMan>,
    /// Walls: squares that do not exist for the game (file, rank).
    pub walls: Vec<(u8, u8)>,
    /// Pieces in hand per colour, in the order given.
    pub hands: [Vec<Kind>; 2],
    pub black_first: bool,
    /// The castling field as written (empty when absent or `-`).
    pub castling: String,
    /// Checks remaining (`3+3`), when the FEN gives them.
    pub checks: Option<[u32; 2]>,
    /// Letters that name no piece of the variant.
    pub unknown: Vec<char>,
}

/// Read `rules.start_fen`.
pub fn read(rules: &Rules) -> Fen {
    let text = rules.start_fen.as_str();
    let mut fen = Fen::default();
    let chars: Vec<char> = text.chars().collect();
    let (files, ranks) = (rules.max_file as i32, rules.max_rank as i32);
    let mut r: i32 = ranks - 1;
    let mut f: i32 = 0;
    let mut i = 0;
    let mut hand = false;
    // 1. The board.
    while i < chars.len() && !chars[i].is_whitespace() {
        let c = chars[i];
        i += 1;
        if c.is_ascii_digit() {
            let mut n = c as i32 - '0' as i32;
            if i < chars.len() && chars[i].is_ascii_digit() {
                n = n * 10 + (chars[i] as i32 - '0' as i32);
                i += 1;
            }
            f += n;
        } else if c == '/' {
            r -= 1;
            f = 0;
            if r < 0 {
                break;
            }
        } else if c == '[' {
            hand = true;
            break;
        } else if f >= files || r < 0 {
            continue;
        } else if c == '*' {
            fen.walls.push((f as u8, r as u8));
            f += 1;
        } else if let Some(kind) = rules.kind_of_letter(c).filter(|_| c.is_ascii_alphabetic()) {
            if chars.get(i) == Some(&'~') {
                i += 1;
            }
            fen.men.push(FenMan {
                kind,
                color: color_of(c),
                file: f as u8,
                rank: r as u8,
                promoted_from: None,
            });
            f += 1;
        } else if c == '+' {
            let next = chars.get(i).copied();
            let base =
                next.and_then(|n| rules.kind_of_letter(n).filter(|_| n.is_ascii_alphabetic()));
            if let (Some(n), Some(base)) = (next, base) {
                if let Some(&promoted) = rules.promoted_piece_type.get(&base) {
                    i += 1;
                    fen.men.push(FenMan {
                        kind: promoted,
                        color: color_of(n),
                        file: f as u8,
                        rank: r as u8,
                        promoted_from: Some(base),
                    });
                    f += 1;
                }
            }
        } else if c.is_ascii_alphabetic() {
            fen.unknown.push(c);
        }
    }
    // Pieces in hand, up to the next white space.
    if hand {
        while i < chars.len() && !chars[i].is_whitespace() {
            let c = chars[i];
            i += 1;
            if c.is_ascii_alphabetic() {
                match rules.kind_of_letter(c) {
                    Some(k) => fen.hands[color_of(c).i()].push(k),
                    None => fen.unknown.push(c),
                }
            }
        }
    }
    // The remaining fields, separated by white space.
    let rest: String = chars[i.min(chars.len())..].iter().collect();
    let mut fields = rest.split_whitespace().peekable();
    if let Some(side) = fields.next() {
        fen.black_first = side == "b";
    }
    if let Some(&field) = fields.peek() {
        if !field.starts_with(|c: char| c.is_ascii_digit()) {
            fields.next();
            if field != "-" {
                fen.castling = field.to_string();
            }
            // The en-passant field, when there is one.
            if let Some(&ep) = fields.peek() {
                if ep == "-" || ep.starts_with(|c: char| c.is_ascii_lowercase()) {
                    fields.next();
                }
            }
        }
    }
    if rules.check_counting {
        fen.checks = Some([1, 1]);
        if let Some(&field) = fields.peek() {
            if let Some((w, b)) = field.split_once('+') {
                let count = |s: &str| s.chars().next().and_then(|c| c.to_digit(10));
                if let (Some(w), Some(b)) = (count(w), count(b)) {
                    fen.checks = Some([w, b]);
                }
            }
        }
    }
    fen
}

fn color_of(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// A square as (file, rank), from 0.
pub type Square = (u8, u8);

/// A castling right: (colour, king square, rook square).
pub type CastlingRight = (Color, Square, Square);

/// The castling rights Fairy-Stockfish reads from the castling field, as
/// (colour, king square, rook square), as `Position::set` finds them.
pub fn castling_rights(rules: &Rules, fen: &Fen) -> Vec<CastlingRight> {
    let mut out = Vec::new();
    if !rules.castling {
        return out;
    }
    let at = |f: u8, r: u8| fen.men.iter().find(|m| m.file == f && m.rank == r);
    let mut king_sq: [Option<Option<(u8, u8)>>; 2] = [None, None];
    for token in fen.castling.chars() {
        let color = if token.is_ascii_lowercase() {
            Color::Black
        } else {
            Color::White
        };
        let c = color.i();
        let rank = if color == Color::White {
            rules.castling_rank
        } else {
            rules.max_rank - 1 - rules.castling_rank
        };
        let rooks = &rules.castling_rook_pieces[c];
        let is_rook =
            |f: u8| at(f, rank).is_some_and(|m| m.color == color && rooks.contains(&m.kind));
        let up = token.to_ascii_uppercase();
        let rook_file = if up == 'K' {
            let mut f = rules.castling_rook_kingside_file;
            while !is_rook(f) && f > 0 {
                f -= 1;
            }
            f
        } else if up == 'Q' {
            let mut f = rules.castling_rook_queenside_file;
            while !is_rook(f) && f < rules.max_file - 1 {
                f += 1;
            }
            f
        } else if up >= 'A' && (up as u8 - b'A') < rules.max_file {
            up as u8 - b'A'
        } else {
            continue;
        };
        if king_sq[c].is_none() {
            let kp = rules.castling_king_piece[c];
            let kings: Vec<u8> = fen
                .men
                .iter()
                .filter(|m| m.color == color && m.rank == rank && Some(m.kind) == kp)
                .map(|m| m.file)
                .collect();
            let file = if kings.len() == 1 || (rules.chess960 && !kings.is_empty()) {
                Some(kings[0])
            } else if kings.contains(&rules.castling_king_file) {
                Some(rules.castling_king_file)
            } else {
                None
            };
            king_sq[c] = Some(file.map(|f| (f, rank)));
        }
        if let Some(Some(k)) = king_sq[c] {
            if is_rook(rook_file) {
                let right = (color, k, (rook_file, rank));
                if !out.contains(&right) {
                    out.push(right);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Rules {
        let mut r = Rules::default();
        for (k, c) in [(0u8, 'p'), (1, 'n'), (2, 'b'), (3, 'r'), (4, 'q')] {
            r.add_piece(Kind::Builtin(k), c, None);
        }
        r.add_piece(Kind::King, 'k', None);
        r
    }

    #[test]
    fn chess_start() {
        let r = chess();
        let f = read(&r);
        assert_eq!(f.men.len(), 32);
        assert!(!f.black_first);
        assert_eq!(f.castling, "KQkq");
        assert_eq!(castling_rights(&r, &f).len(), 4);
    }

    #[test]
    fn walls_hands_and_counts() {
        let mut r = chess();
        r.max_file = 10;
        r.start_fen = "*9/10/10/10/10/10/10/4K4k[QQn] b - - 3+2 0 1".into();
        r.check_counting = true;
        let f = read(&r);
        assert_eq!(f.walls, vec![(0, 7)]);
        assert_eq!(f.hands[0].len(), 2);
        assert_eq!(f.hands[1].len(), 1);
        assert!(f.black_first);
        assert_eq!(f.checks, Some([3, 2]));
        assert!(f.men.iter().any(|m| m.file == 9 && m.rank == 0));
    }

    #[test]
    fn no_fields() {
        let mut r = chess();
        r.start_fen = "4k3/8/8/8/8/8/8/4K3".into();
        let f = read(&r);
        assert!(!f.black_first && f.castling.is_empty());
    }
}
