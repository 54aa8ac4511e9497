//! The engine core: regression tests for limits that used to be silent
//! (removals, decks), for every placement follow-up the language accepts,
//! and for make/unmake through the journal.

use std::sync::Arc;
use varia::check::check_str;
use varia::engine::Bits;
use varia::engine::{perft, Game, Move, MoveKind, Position, Status, Tables};
use varia::ir::{Coord, Variant};
use varia::notation::Describe;

/// The one variant of a rule file (which must have no errors).
fn variant(text: &str) -> Variant {
    let c = check_str("test.variant", text, None, &[]);
    let errors: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.severity == varia::diagnostic::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    c.variants.into_iter().next().expect("one variant")
}

fn tables(text: &str) -> Arc<Tables> {
    Arc::new(Tables::new(&variant(text)).expect("compiles"))
}

fn at(p: &Position, x: i32, y: i32) -> varia::engine::Square {
    p.square_at(Coord::new(x, y)).expect("a square")
}

/// Six queens in a row under a row of walls: one placement that makes the
/// box reach its limit height blocks every square below them at once.
const SIX_QUEENS: &str = r#"
variant six "Six queens" {
  players white, black
  board unbounded limit 6x3
  captures none
  piece queen Q moves "mW"
  piece wall W moves "mW"
  setup {
    white: Q (0,0) (1,0) (2,0) (3,0) (4,0) (5,0)
    black: W (0,1) (1,1) (2,1) (3,1) (4,1) (5,1)
    hands: W
  }
  actions place, move
  end {
    surrounded queen -> remove
    plies 10 -> draw
  }
}
"#;

#[test]
fn six_queens_surrounded_at_once_are_all_removed() {
    let t = tables(SIX_QUEENS);
    let mut p = Position::start(t).unwrap();
    let before = p.fen();
    let place = Move::drop(1, at(&p, 0, 2));
    assert!(p.is_legal(place), "{}", p.fen());
    let undo = p.make(place);
    assert_eq!(p.men_of_kind(0).count(), 0, "{}", p.fen());
    assert_eq!(p.removed(0, 0), 6);
    assert_eq!(p.hash(), p.hash_from_scratch());
    p.unmake(place, undo);
    assert_eq!(p.fen(), before);
    assert_eq!(p.removed(0, 0), 0);
    assert_eq!(p.men_of_kind(0).count(), 6);
    assert_eq!(p.hash(), p.hash_from_scratch());
}

const FOLLOW_UPS: &str = r#"
variant follow "Follow-ups" {
  players white, black
  board 4x4
  use king
  piece knight N moves "N"
  piece bishop B moves "B"
  piece rook R moves "R"
  setup {
    white: K a1
    black: K d4, R d3
    hands: N B
  }
  actions place, move
  on place knight: take another action
  on place bishop: remove one man where enemy and not king
  end { checkmate -> lose }
}
"#;

#[test]
fn placing_with_take_another_action_keeps_the_turn() {
    let t = tables(FOLLOW_UPS);
    let mut g = Game::new(Position::start(t).unwrap());
    let p = g.position();
    let knight = Move::drop(1, at(p, 1, 1));
    assert!(!p.in_check());
    assert!(g.legal_moves().contains(&knight));
    g.play(knight);
    assert_eq!(g.position().turn(), 0, "the placer acts once more");
    assert_eq!(g.position().hand(0, 1), 0);
    // Any action now passes the turn.
    let step = Move::normal(at(g.position(), 0, 0), at(g.position(), 1, 0));
    assert!(g.legal_moves().contains(&step));
    g.play(step);
    assert_eq!(g.position().turn(), 1);
    // Taking back both actions restores the first player's turn and hand.
    g.undo();
    g.undo();
    assert_eq!(g.position().turn(), 0);
    assert_eq!(g.position().hand(0, 1), 1);
}

#[test]
fn placing_with_remove_one_man_where_removes_a_chosen_man() {
    let t = tables(FOLLOW_UPS);
    let mut g = Game::new(Position::start(t).unwrap());
    let rook = at(g.position(), 3, 2);
    let removes: Vec<Move> = g
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.kind() == MoveKind::PlaceAndRemove)
        .collect();
    // Every bishop placement removes the black rook (the only enemy man that
    // is not a king); a placement on the rook's square is impossible.
    assert!(!removes.is_empty());
    assert!(removes.iter().all(|m| m.aux_square() == Some(rook)));
    assert!(!g
        .legal_moves()
        .iter()
        .any(|m| m.placed() == Some(2) && m.kind() == MoveKind::Drop));
    let m = removes
        .iter()
        .copied()
        .find(|&m| g.position().move_text(m) == "B@b2/d3")
        .expect("the bishop on b2 removing the rook");
    g.play(m);
    assert!(g.position().man_at(rook).is_none());
    assert_eq!(g.position().turn(), 1);
    assert_eq!(g.position().hash(), g.position().hash_from_scratch());
    g.undo();
    assert!(g.position().man_at(rook).is_some());
}

/// A deck larger than any earlier fixed capacity (48 cards).
const BIG_DECK: &str = r#"
variant bigdeck "Big deck" {
  players white, black
  board 12x12
  use king, pawn
  setup {
    white: K a1
    black: K l12
    decks: P*60
  }
  actions draw, move
  end { checkmate -> lose; plies 300 -> draw }
}
"#;

#[test]
fn a_deck_of_sixty_cards_keeps_every_card() {
    let t = tables(BIG_DECK);
    let mut g = Game::new(Position::start(t).unwrap());
    assert_eq!(g.position().deck_len(0), 60);
    assert_eq!(g.position().deck_len(1), 60);
    // Both players draw whenever they can.
    for _ in 0..110 {
        let moves = g.legal_moves();
        let Some(m) = moves
            .iter()
            .copied()
            .find(|m| m.kind() == MoveKind::DrawPlace)
            .or_else(|| moves.first().copied())
        else {
            break;
        };
        g.play(m);
        if g.status() != Status::Ongoing {
            break;
        }
    }
    assert!(g.position().deck_len(0) < 10, "{}", g.position().fen());
    let fen = g.position().fen();
    let again = Position::from_fen(g.position().tables().clone(), &fen).unwrap();
    assert_eq!(again.fen(), fen);
    assert_eq!(again.deck_len(0), g.position().deck_len(0));
}

#[test]
fn make_and_unmake_restore_every_built_in_variant() {
    // Deep make/unmake sequences (perft) leave each start position exactly
    // as it was: the journal undoes everything, eliminations included.
    for name in varia::check::builtin_names() {
        let v = varia::load::builtin(name, &[]).expect("loads");
        let t = Arc::new(Tables::new(&v).expect("compiles"));
        let mut p = Position::start(t).unwrap();
        let (fen, hash) = (p.fen(), p.hash());
        perft(&mut p, 3);
        assert_eq!(p.fen(), fen, "{name}");
        assert_eq!(p.hash(), hash, "{name}");
    }
}

#[test]
fn every_set_width_plays_the_same_game() {
    // A variant compiled with wider sets than it needs gives the same
    // counts: the engine is generic over the width of its square sets.
    // Quatrochess's 14x14 grid has 196 squares, 4 of them holes: in 192-bit
    // sets its squares are numbered real squares first, in 256-bit sets row
    // by row, and both play the same game.
    for (name, depth) in [
        ("chess", 3),
        ("capablanca", 3),
        ("echek", 3),
        ("crazyhouse", 3),
        ("quatrochess", 3),
    ] {
        let v = varia::load::builtin(name, &[]).expect("loads");
        let natural = Tables::new(&v).expect("compiles");
        let mut counts = Vec::new();
        for bits in [64, 128, 192, 256] {
            let Ok(t) = Tables::with_width(&v, bits) else {
                assert!(bits < natural.set_width(), "{name} fits {bits}");
                continue;
            };
            let mut p = Position::start(Arc::new(t)).unwrap();
            counts.push((bits, perft(&mut p, depth), p.fen()));
        }
        assert!(counts.len() >= 2, "{name}: {counts:?}");
        assert!(
            counts
                .windows(2)
                .all(|w| w[0].1 == w[1].1 && w[0].2 == w[1].2),
            "{name}: {counts:?}"
        );
    }
    let chess = varia::load::builtin("chess", &[]).unwrap();
    assert_eq!(Tables::new(&chess).unwrap().set_width(), 64);
    let quatro = varia::load::builtin("quatrochess", &[]).unwrap();
    assert_eq!(Tables::new(&quatro).unwrap().set_width(), 192);
}

/// A 14x14 board with four holes and `rule`: the set width it compiles to.
fn holed_width(rule: &str) -> usize {
    let text = format!(
        "variant holed \"Holed\" {{
  players white, black
  board 14x14 holes g7 h7 g8 h8
  piece king K moves \"K\" royal
  piece rook R moves \"R\"
  setup {{
    white: K a1, R b1
    black: K n14, R m14
  }}
  {rule}
  end {{
    checkmate -> win
  }}
}}
"
    );
    let c = varia::load::load_str("holed.variant", &text, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    Tables::new(&c.variants[0]).expect("compiles").set_width()
}

#[test]
fn rules_that_shift_rows_keep_the_holes_in_their_sets() {
    // Real squares first lets the 192 real squares of a 196-square grid use
    // 192-bit sets; rules that grow sets by a row with shifts (`always
    // connected`, `surrounded`) need the grid numbered row by row, and the
    // variant then compiles to 256-bit sets.
    assert_eq!(holed_width(""), 192);
    assert_eq!(holed_width("always connected 8"), 256);
    assert_eq!(holed_width("end { surrounded rook -> lose }"), 256);
}
