//! An end-rule construct (docs/LANGUAGE.md §19): `count men except
//! PIECE, ...` (the bare-king rule of a game with several royal kinds).
//! Chu shogi's use of it is tested in tests/engine_chu_rules.rs.

use std::sync::Arc;
use varia::engine::{Game, Position, Status, Tables};

fn load(text: &str) -> varia::ir::Variant {
    let c = varia::load::load_str("t.variant", text, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    c.variants.last().expect("a variant").clone()
}

fn game(v: &varia::ir::Variant, fen: &str) -> Game {
    let t = Arc::new(Tables::new(v).expect("compiles"));
    Game::new(Position::from_fen(t, fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn winners(g: &Game) -> Option<u8> {
    match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        _ => None,
    }
}

const BARE: &str = "variant bare extends chess {
  end {
    count men except king, queen at most 0 with reply -> lose
    checkmate -> lose
  }
}
";

#[test]
fn count_men_except_is_a_flag_of_the_ir() {
    let v = load(BARE);
    let rule = v
        .end
        .iter()
        .find(|r| matches!(r.when, varia::ir::Event::Count { .. }))
        .expect("the count rule");
    let json = serde_json::to_string(&rule.when).unwrap();
    assert!(json.contains("\"except\":true"), "{json}");
    let chess = varia::load::builtin("chess", &[]).unwrap();
    assert!(!serde_json::to_string(&chess.end)
        .unwrap()
        .contains("except"));
}

#[test]
fn a_player_with_only_the_listed_kinds_is_bare() {
    let v = load(BARE);
    // White has a king and a queen, nothing else; Black two pawns: White,
    // to move, could take back only one, and loses.
    let g = game(&v, "4k3/pp6/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(winners(&g), Some(2), "{:?}", g.status());
    // With one pawn against it, White may still answer: play goes on.
    let g = game(&v, "4k3/p7/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(winners(&g), None, "{:?}", g.status());
    // Black to move instead: White stays bare while Black has a man.
    let g = game(&v, "4k3/p7/8/8/8/8/8/3QK3 b - - 0 1");
    assert_eq!(winners(&g), Some(2), "{:?}", g.status());
    // A white pawn besides: not bare.
    let g = game(&v, "4k3/pp6/8/8/8/8/P7/3QK3 w - - 0 1");
    assert_eq!(winners(&g), None, "{:?}", g.status());
}

#[test]
fn count_men_except_counts_the_other_side_the_same_way() {
    // Black has a king, a queen and a pawn: one man that counts. White,
    // bare and to move, may still answer (the queen does not count).
    let v = load(BARE);
    let g = game(&v, "3qk3/p7/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(winners(&g), None, "{:?}", g.status());
    // With `on board`, men in hand do not count (here none are held).
    let v = load(&BARE.replace("at most 0 with reply", "at most 0 on board with reply"));
    let g = game(&v, "3qk3/pp6/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(winners(&g), Some(2), "{:?}", g.status());
}
