//! Promoted forms lettered `+X` (a piece's promoted form written `+` and
//! its piece's letter, with no letter of its own): a generated variant of
//! 51 kinds (a king and 25 lettered pieces, each with a `+X` form) reads
//! and writes FEN, perfts as the slow reference generator does, and writes
//! and reads moves (SAN, coordinates with the `+` promotion suffix); shogi
//! with its forms lettered `+X` counts the rows of tests/perft/shogi.perft.

use std::path::Path;
use std::sync::Arc;
use varia::engine::{parse_perft_file, perft, Position, Tables};
use varia::ir::Letter;
use varia::notation::Describe;
use varia::play::session::Session;
use varia::render::{self, Style};

/// Every capital but `K` (the king).
const LETTERS: &str = "ABCDEFGHIJLMNOPQRSTUVWXYZ";

/// A king and 25 pieces on a 12x12 board, each piece with a promoted form
/// lettered `+X` (moving as its piece and a king's step more), promoting
/// (optionally) in the far three ranks.
fn generated() -> String {
    let moves = [
        "R", "B", "N", "Q", "W", "F", "fsW", "C", "Z", "D", "A", "H", "G",
    ];
    let mut s = String::from(
        "variant plus_kinds \"Plus kinds\" {\n  players white, black\n  board 12x12\n  piece king K moves \"K\" royal\n",
    );
    let mut names = Vec::new();
    for (i, l) in LETTERS.chars().enumerate() {
        let m = moves.get(i).copied().unwrap_or("fW");
        let n = format!("man_{}", l.to_ascii_lowercase());
        s += &format!("  piece {n} {l} moves \"{m}\" promotes to {n}_up\n");
        s += &format!("  piece {n}_up +{l} moves \"{m}K\"\n");
        names.push(n);
    }
    s += "  region camp: white ranks 10..12, black ranks 1..3\n";
    s += &format!("  promote {} in camp optional\n", names.join(", "));
    // The king on f1, the 25 pieces on the rest of ranks 1 and 2 and f3, g3.
    let files = "abcdefghijkl";
    let mut white = vec!["K f1".to_string()];
    let mut squares = files
        .chars()
        .map(|f| format!("{f}1"))
        .filter(|q| q != "f1")
        .chain(files.chars().map(|f| format!("{f}2")))
        .chain(["f3".to_string(), "g3".to_string()]);
    for l in LETTERS.chars() {
        white.push(format!("{l} {}", squares.next().expect("a square")));
    }
    s += &format!(
        "  setup {{\n    white: {}\n    black: rotate white 180\n  }}\n",
        white.join(", ")
    );
    s += "  end {\n    checkmate -> lose\n    stalemate -> draw\n  }\n}\n";
    s
}

fn compiled(text: &str, dir: Option<&Path>) -> (varia::ir::Variant, Arc<Tables>) {
    let c = varia::check::check_str("plus.variant", text, dir, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}\n{text}", c.diagnostics);
    let v = c.variants.last().expect("a variant").clone();
    let t = Arc::new(Tables::new(&v).expect("compiles"));
    (v, t)
}

/// Perft by the slow reference generator.
fn perft_reference(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves_reference();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for m in moves {
        let u = pos.make(m);
        n += perft_reference(pos, depth - 1);
        pos.unmake(m, u);
    }
    n
}

/// Men of promoted forms on both sides, men about to promote, a
/// rider's form beside the enemy king.
const MIDDLE: &str = "l5k5/12/3+A1+c4B1/2A9/12/12/12/12/4a7/1+b8C1/12/3+c1K6 w - - 0 1";

#[test]
fn a_variant_of_fifty_one_kinds_letters_its_forms_plus() {
    let (v, _) = compiled(&generated(), None);
    assert_eq!(v.pieces.len(), 51);
    let plus = v.pieces.iter().filter(|p| p.letter.is_plus()).count();
    assert_eq!(plus, 25);
    assert_eq!(
        v.pieces[v.piece_by_name("man_r_up").unwrap() as usize].letter,
        Letter::plus('R')
    );
    // A plain letter never names a form; `+R` names the form.
    assert_eq!(v.piece_by_letter('R'), v.piece_by_name("man_r"));
    assert_eq!(v.piece_by(Letter::plus('R')), v.piece_by_name("man_r_up"));
}

#[test]
fn fen_of_plus_forms_round_trips() {
    let (v, t) = compiled(&generated(), None);
    let start = Position::start(t.clone()).expect("a start");
    let f = start.fen();
    let back = Position::from_fen(t.clone(), &f).expect("reads its own FEN");
    assert_eq!(back.fen(), f);
    let mid = Position::from_fen(t.clone(), MIDDLE).expect("reads");
    assert_eq!(mid.fen(), MIDDLE);
    // `+A` is White's form of A, `+c` Black's form of C, on their squares.
    let form_a = v.piece_by_name("man_a_up").unwrap();
    let form_c = v.piece_by_name("man_c_up").unwrap();
    let kinds: Vec<(u8, u8)> = mid
        .men_of(0)
        .into_iter()
        .chain(mid.men_of(1))
        .map(|sq| {
            let m = mid.man_at(sq).expect("a man");
            (m.kind(), m.owner())
        })
        .collect();
    assert!(kinds.contains(&(form_a, 0)), "{kinds:?}");
    assert!(kinds.contains(&(form_c, 1)), "{kinds:?}");
    // A form written with a letter of a piece that has none is refused.
    assert!(Position::from_fen(t, "k11/12/12/12/12/12/12/12/12/12/12/+K10K w - - 0 1").is_err());
}

#[test]
fn plus_forms_perft_as_the_reference_generator() {
    let (_, t) = compiled(&generated(), None);
    for fen in [None, Some(MIDDLE)] {
        let mut pos = match fen {
            Some(f) => Position::from_fen(t.clone(), f).expect("reads"),
            None => Position::start(t.clone()).expect("a start"),
        };
        for d in 1..=2 {
            let fast = perft(&mut pos, d);
            let slow = perft_reference(&mut pos, d);
            assert_eq!(fast, slow, "perft {d} of {}", pos.fen());
            assert!(fast > 0);
        }
    }
}

#[test]
fn plus_forms_are_written_and_read_in_moves() {
    let (v, _) = compiled(&generated(), None);
    let s = Session::new(&v, Some(MIDDLE), 0).expect("a game");
    let (moves, sans) = s.sans();
    let form_a = v.piece_by_name("man_a_up").unwrap();
    // The form `+A` on d10 steps to d11: SAN `+Ad11`, read back to it.
    let i = sans
        .iter()
        .position(|x| x == "+Ad11")
        .unwrap_or_else(|| panic!("no +Ad11 in {sans:?}"));
    let m = moves[i];
    assert_eq!(
        s.position().man_at(m.from().unwrap()).unwrap().kind(),
        form_a
    );
    assert_eq!(s.parse("+Ad11"), Ok(m));
    // The piece A on c9 (a piece that promotes: SAN writes it as a pawn)
    // goes to c10 promoting or not: `c10+` and `c10=` (as shogi players
    // write them); the form's own move there is `+Ac10`.
    assert!(sans.iter().any(|x| x == "c10+"), "{sans:?}");
    assert!(sans.iter().any(|x| x == "c10="), "{sans:?}");
    assert!(sans.iter().any(|x| x == "+Ac10"), "{sans:?}");
    assert_ne!(s.parse("+Ac10"), s.parse("c10="));
    // `Ad11` (no `+`) names no form's move.
    assert!(s.parse("Ad11").is_err());
    // Coordinates: a promotion to the mover's form ends in `+`
    // (Fairy-Stockfish's shogi convention).
    let promo = moves
        .iter()
        .find(|m| m.promotion().is_some())
        .copied()
        .expect("a promotion");
    let text = s.position().move_text(promo);
    assert!(text.ends_with('+'), "{text}");
    assert_eq!(s.position().parse_move(&text), Some(promo));
}

#[test]
fn a_plus_form_and_its_piece_reaching_one_square_are_told_apart() {
    let (v, _) = compiled(&generated(), None);
    // White's A (a rook's moves) on a5 and its form +A on c5 both reach b5.
    let fen = "11k/12/12/12/12/12/12/A1+A9/12/12/12/K11 w - - 0 1";
    let s = Session::new(&v, Some(fen), 0).expect("a game");
    // A promotes, so SAN writes it as a pawn: `b5`.
    let rook = s
        .parse("b5")
        .unwrap_or_else(|e| panic!("{e:?} {:?}", s.sans().1));
    let dragon = s.parse("+Ab5").expect("the form");
    assert_ne!(rook, dragon);
    assert_eq!(s.parse("Aa5b5"), Ok(rook));
    assert_eq!(s.parse("+Ac5b5"), Ok(dragon));
    assert!(s.parse("Ac5b5").is_err(), "the form is not the piece A");
    assert_eq!(
        s.position().man_at(rook.from().unwrap()).unwrap().kind(),
        v.piece_by_name("man_a").unwrap()
    );
    assert_eq!(
        s.position().man_at(dragon.from().unwrap()).unwrap().kind(),
        v.piece_by_name("man_a_up").unwrap()
    );
    assert_eq!(s.san(dragon), "+Ab5");
    assert_eq!(s.san(rook), "b5");
}

/// A pawn that may become a rook or the rook's form `+R` (another
/// piece's form, not its own): SAN `b5=R` and `b5=+R`, coordinates `b4b5r`
/// and `b4b5+r`, each read back to its move (with or without the check
/// mark), the two told apart, and `b5` alone asked about.
#[test]
fn a_promotion_to_another_pieces_form_is_written_and_read() {
    let text = "variant pp \"Promotion to a form\" {
  players white, black
  board 5x5
  use king, pawn
  piece rook R moves \"R\" promotes to dragon
  piece dragon +R moves \"RF\"
  region last: white rank 5, black rank 1
  promote pawn in last to dragon, rook
  setup {
    white: K a1, P b4
    black: K e5
  }
  end {
    checkmate -> lose
  }
}
";
    let (v, _) = compiled(text, None);
    let s = Session::new(&v, None, 0).expect("a game");
    let (moves, sans) = s.sans();
    let mut sorted = sans.clone();
    sorted.sort();
    assert_eq!(sorted, ["Ka2", "Kb1", "Kb2", "b5=+R+", "b5=R+"], "{sans:?}");
    let kind = |m: varia::engine::Move| m.promotion().expect("a promotion");
    let dragon = moves[sans.iter().position(|x| x == "b5=+R+").unwrap()];
    let rook = moves[sans.iter().position(|x| x == "b5=R+").unwrap()];
    assert_eq!(kind(dragon), v.piece_by_name("dragon").unwrap());
    assert_eq!(kind(rook), v.piece_by_name("rook").unwrap());
    for (typed, want) in [
        ("b5=+R", dragon),
        ("b5=+R+", dragon),
        ("b5=R", rook),
        ("b5=R+", rook),
        ("b4b5+r", dragon),
        ("b4b5r", rook),
    ] {
        assert_eq!(s.parse(typed), Ok(want), "{typed}");
    }
    assert_eq!(s.position().move_text(dragon), "b4b5+r");
    assert_eq!(s.position().move_text(rook), "b4b5r");
    assert_eq!(s.position().parse_move("b4b5+r"), Some(dragon));
    assert_eq!(s.position().parse_move("b4b5r"), Some(rook));
    // Without the piece: both, asked about.
    let e = s.parse("b5").unwrap_err().to_string();
    assert!(e.contains("b5=+R+") && e.contains("b5=R+"), "{e}");
}

#[test]
fn the_terminal_and_svg_draw_plus_forms() {
    let (v, _) = compiled(&generated(), None);
    let s = Session::new(&v, Some(MIDDLE), 0).expect("a game");
    let text = render::draw(
        &s.view(None),
        Style {
            color: false,
            ascii: true,
            flipped: false,
        },
    );
    assert!(text.contains("+A"), "{text}");
    assert!(text.contains("+c"), "{text}");
    // Three columns a square: `+A` and the next man stay apart.
    assert!(!text.contains("+A+"), "{text}");
    let svg = render::svg::draw(&s.view(None), &[]).expect("an SVG");
    assert!(svg.contains(">+A</text>"), "{svg}");
    assert!(svg.contains(">+b</text>"), "{svg}");
}

/// Shogi with its promoted forms lettered `+X` (none of its own): the
/// same FEN and the same counts as tests/perft/shogi.perft.
#[test]
fn shogi_with_plus_letters_counts_the_shogi_perft_rows() {
    let child = "variant plus_shogi \"Shogi, forms lettered +X\" extends shogi {
  piece tokin +P like gold
  piece promoted_silver +S like gold
  piece horse +B moves \"BW\"
  piece dragon +R moves \"RF\"
  piece promoted_lance +L like gold
  piece promoted_knight +N like gold
}
";
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/catalogue");
    let (v, t) = compiled(child, Some(&dir));
    assert!(v
        .pieces
        .iter()
        .filter(|p| p.promotes_to.is_none() && !p.royal && p.name != "gold")
        .all(|p| p.letter.is_plus()));
    let path = format!("{}/tests/perft/shogi.perft", env!("CARGO_MANIFEST_DIR"));
    let cases = parse_perft_file(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut rows = 0;
    for case in cases {
        let mut pos = if case.fen == "start" {
            Position::start(t.clone()).expect("a start")
        } else {
            let p = Position::from_fen(t.clone(), &case.fen)
                .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
            // The placement as written (`+B`, `+p`); hands may list their
            // men in another order.
            let board = |f: &str| f.split(['[', ' ']).next().unwrap_or("").to_string();
            assert_eq!(board(&p.fen()), board(&case.fen), "line {}", case.line);
            p
        };
        for &(d, n) in &case.counts {
            if n > 400_000 {
                continue;
            }
            assert_eq!(perft(&mut pos, d), n, "perft {d} of {}", case.fen);
            rows += 1;
        }
    }
    assert!(rows >= 8, "{rows} rows");
}

#[test]
fn a_setup_names_a_plus_form_by_its_letter() {
    let text = "variant plus_forms \"Forms lettered +X\" {
  players white, black
  board 5x5
  use king
  piece rook R moves \"R\" promotes to dragon
  piece dragon +R moves \"RF\"
  region camp: white rank 5, black rank 1
  promote rook in camp optional
  setup {
    white: K a1, R b1, +R c1
    black: rotate white 180
  }
  end { checkmate -> lose }
}
";
    let (_, t) = compiled(text, None);
    let pos = Position::start(t).expect("a start");
    assert_eq!(pos.fen(), "2+rrk/5/5/5/KR+R2 w - - 0 1");
}
