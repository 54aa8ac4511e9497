//! Moves of two steps (`lion "BETZA" [straight]`, docs/LANGUAGE.md §6):
//! the test game of tests/fixtures/lion.variant (a lion, a falcon, an
//! eagle, kings and pawns on 6x6) counts the rows of
//! tests/fixtures/lion.perft (from the independent referee
//! scripts/referee_lion.py), and each edge case has its test: igui, jitto
//! (once per man, never in check), double captures, a capture and a step
//! back beside the start, leaps that stay leaps, men of the mover's side
//! in the way, the falcon's and eagle's lines, make and unmake, notation
//! (SAN, coordinates, XBoard's legs), `explain` and `describe`.

#[path = "fixtures/common.rs"]
mod common;

use std::sync::Arc;
use varia::engine::{Move, Position, Tables};
use varia::notation::Describe;
use varia::play::session::Session;

fn variant() -> varia::ir::Variant {
    let path = format!("{}/tests/fixtures/lion.variant", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the fixture");
    let c = varia::check::check_str("lion.variant", &text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    c.variants.last().expect("a variant").clone()
}

fn tables() -> Arc<Tables> {
    Arc::new(Tables::new(&variant()).expect("compiles"))
}

fn pos(fen: &str) -> Position {
    Position::from_fen(tables(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The coordinate texts of the legal moves, sorted.
fn texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

/// The coordinate texts of the legal moves of two steps.
fn two_steps(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.mid().is_some())
        .map(|&m| p.move_text(m))
        .collect();
    v.sort();
    v
}

#[test]
fn perft_rows_of_the_referee() {
    common::perft_rows(&tables(), "lion.perft", 4);
}

/// A lion next to an enemy pawn takes it without moving (igui), takes it
/// and steps on to every square next to it, and takes it and comes back
/// beside its start: each a move of its own.
#[test]
fn igui_and_captures_on_the_first_step() {
    let p = pos("3k2/6/6/3p2/2L3/K5 w - - 0 1");
    let two = two_steps(&p);
    assert!(two.contains(&"c2d3,d3c2".to_string()), "igui: {two:?}");
    // On from d3: every king step of d3 but c2 itself (igui) ... counted:
    // the 8 squares around d3, of which c2 is the igui.
    let from_d3: Vec<&String> = two.iter().filter(|t| t.starts_with("c2d3,")).collect();
    assert_eq!(from_d3.len(), 8, "{from_d3:?}");
    // Beside the start (d2, next to c2): a capture and a step, not the
    // plain step c2d2.
    assert!(two.contains(&"c2d3,d3d2".to_string()));
    assert!(texts(&p).contains(&"c2d2".to_string()));
    // Igui leaves the lion on its square and the pawn gone.
    let mut q = p.clone();
    let m = q.parse_move("c2d3,d3c2").expect("legal");
    q.play(m);
    assert!(q.fen().starts_with("3k2/6/6/6/2L3/K5 b"), "{}", q.fen());
}

/// Jitto: one pass per lion, whatever number of empty squares it could
/// step to and back; the position is the same with the other side to act.
#[test]
fn jitto_is_one_move_per_man() {
    let p = pos("3k2/6/6/6/2L3/K5 w - - 0 1");
    let two = two_steps(&p);
    assert_eq!(two.len(), 1, "{two:?}");
    let m = p.parse_move(&two[0]).expect("legal");
    assert!(matches!(m, Move::Lion { from, to, .. } if from == to));
    let mut q = p.clone();
    q.play(m);
    assert_eq!(q.fen(), "3k2/6/6/6/2L3/K5 b - - 1 1");
    // Surrounded by men of its own side, a lion has no jitto.
    let p = pos("3k2/6/6/1PPP2/1PLP2/KPPP2 w - - 0 1");
    assert!(two_steps(&p).is_empty(), "{:?}", two_steps(&p));
}

/// A player in check may not pass by jitto (the position would stay in
/// check), and a lion that is the only defence still moves.
#[test]
fn no_jitto_in_check() {
    let p = pos("3k2/6/6/6/2L3/K4e w - - 0 1");
    assert!(p.in_check());
    assert!(two_steps(&p).is_empty(), "{:?}", two_steps(&p));
}

/// Two men taken in one move: the first step's and the second's.
#[test]
fn a_double_capture_takes_both() {
    let p = pos("3k2/6/4p1/3p2/2L3/K5 w - - 0 1");
    assert!(two_steps(&p).contains(&"c2d3,d3e4".to_string()));
    let mut q = p.clone();
    let m = q.parse_move("c2d3,d3e4").expect("legal");
    q.play(m);
    assert!(q.fen().starts_with("3k2/6/4L1/6/6/K5 b"), "{}", q.fen());
}

/// A two-step move over an empty first square that lands elsewhere is the
/// leap or step to the same square: no move of two steps is generated for
/// it, and the leap passes over men of either side.
#[test]
fn leaps_stay_leaps() {
    let p = pos("3k2/6/6/2PP2/2L3/K5 w - - 0 1");
    // Own men on c3 and d3: no first step there, no jitto through them,
    // but the leaps over them to c4 and e4 are plain moves.
    for t in two_steps(&p) {
        assert!(!t.starts_with("c2c3") && !t.starts_with("c2d3"), "{t}");
    }
    let all = texts(&p);
    assert!(all.contains(&"c2c4".to_string()) && all.contains(&"c2e4".to_string()));
    assert!(all.iter().all(|t| !t.contains(',') || t.ends_with("c2")));
}

/// The falcon's power is straight forward: take forward and go on
/// forward or back, never sideways; the eagle's is along each forward
/// diagonal alone.
#[test]
fn falcon_and_eagle_keep_their_lines() {
    let p = pos("3k2/6/6/2p3/2F3/K5 w - - 0 1");
    assert_eq!(two_steps(&p), ["c2c3,c3c2", "c2c3,c3c4"]);
    let p = pos("3k2/6/6/3p2/2E3/K5 w - - 0 1");
    // Jitto by b3 (empty), the capture on d3 then e4 or back.
    assert_eq!(two_steps(&p), ["c2b3,b3c2", "c2d3,d3c2", "c2d3,d3e4"]);
    // Black's falcon faces south.
    let p = pos("3k2/2f3/2P3/6/6/K5 b - - 0 1");
    assert_eq!(two_steps(&p), ["c5c4,c4c3", "c5c4,c4c5"]);
}

/// A move of two steps that would leave the king attacked is refused:
/// the lion pinned on its king's file may not take off the file and stay
/// off it.
#[test]
fn a_pinned_lion_keeps_its_king_covered() {
    let p = pos("2e2k/6/6/3p2/2L3/2K3 w - - 0 1");
    let two = two_steps(&p);
    // Igui keeps the lion on c2: legal; taking d3 and landing off the
    // c-file is not, except back onto the file (c4 beyond d3: c-file).
    assert!(two.contains(&"c2d3,d3c2".to_string()), "{two:?}");
    assert!(two.contains(&"c2d3,d3c4".to_string()), "{two:?}");
    assert!(!two.contains(&"c2d3,d3e4".to_string()), "{two:?}");
}

/// Make and unmake of every move (two-step ones included) give back the
/// position and its hash; a jitto changes only the side to act.
#[test]
fn make_unmake_and_hash() {
    let mut p = pos("3k2/6/4p1/3p2/2L1E1/KF4 w - - 0 1");
    let (h0, f0) = (p.hash(), p.fen());
    for m in p.legal_moves().to_vec() {
        let u = p.make(m);
        assert_ne!(p.hash(), h0, "{}", p.fen());
        p.unmake(m, u);
        assert_eq!((p.hash(), p.fen()), (h0, f0.clone()));
    }
    // The hash of a position reached by jitto is that of the same
    // position reached otherwise.
    let mut a = pos("3k2/6/6/6/2L3/K5 w - - 0 1");
    let j = *a
        .legal_moves()
        .iter()
        .find(|m| m.mid().is_some())
        .expect("a jitto");
    a.play(j);
    let b = pos("3k2/6/6/6/2L3/K5 b - - 1 1");
    assert_eq!(a.hash(), b.hash());
}

/// SAN names every square of a move of two steps; coordinates write
/// XBoard's two legs; both are read back, and neither is read as the
/// plain step or leap of the same man.
#[test]
fn notation_of_two_steps() {
    let v = variant();
    let s = Session::new(&v, Some("3k2/6/4p1/3p2/2L3/K5 w - - 0 1"), 0).expect("a game");
    let double = s.parse("c2d3,d3e4").expect("coordinates");
    // The lion on e4 mates the king on d6 (every square within two steps).
    assert_eq!(s.san(double), "Lc2xd3xe4#");
    assert_eq!(s.parse("Lc2xd3xe4").expect("SAN"), double);
    let igui = s.parse("Lc2xd3-c2").expect("igui in SAN");
    assert!(matches!(igui, Move::Lion { from, to, .. } if from == to));
    assert_eq!(s.position().move_text(igui), "c2d3,d3c2");
    let step = s.parse("c2d3").expect("the plain capture");
    assert!(step.mid().is_none());
    assert_eq!(s.san(step), "Lxd3");
    let jitto = s
        .legal()
        .into_iter()
        .find(|m| matches!(*m, Move::Lion { from, mid, to } if from == to && s.position().man_at(mid).is_none()))
        .expect("a jitto");
    let san = s.san(jitto);
    assert!(
        san.starts_with("Lc2-") && san.ends_with("-c2") && san.len() == 9,
        "{san}"
    );
    assert_eq!(s.parse(&san).expect("jitto read back"), jitto);
    // The protocols' text is the coordinate text.
    assert_eq!(
        varia::notation::protocol_text::move_text(s.position(), double),
        "c2d3,d3e4"
    );
}

/// `explain` tells why a move of two steps typed as its squares is
/// refused.
#[test]
fn explain_two_steps() {
    let v = variant();
    let s = Session::new(&v, Some("3k2/6/6/3p2/2L3/K5 w - - 0 1"), 0).expect("a game");
    let e = varia::explain::explain_text(&s, "c2c3,c3c4");
    assert!(!e.legal);
    assert!(e.text.contains("takes nothing on c3"), "{}", e.text);
    let e = varia::explain::explain_text(&s, "c2d3,d3e4");
    assert!(e.legal, "{}", e.text);
    let e = varia::explain::explain_text(&s, "a1b2,b2a1");
    assert!(!e.legal);
    assert!(e.text.contains("no `lion`"), "{}", e.text);
}

/// `describe` says what the lion's moves of two steps do.
#[test]
fn describe_shows_the_lion() {
    let d = varia::describe::describe(&variant()).expect("a description");
    let card = |n: &str| {
        d.pieces
            .iter()
            .find(|c| c.name == n)
            .map(|c| c.rules.join(" "))
            .unwrap_or_default()
    };
    assert!(
        card("lion").contains("any king step, then another such step or back"),
        "{}",
        card("lion")
    );
    assert!(
        card("falcon").contains("a step forward, then another step the same way or back"),
        "{}",
        card("falcon")
    );
    assert!(!card("king").contains("twice"));
}

/// XBoard's SAN of chu shogi (its saved games): a promoting piece with its
/// letter (`Fb2`; varia's own SAN leaves it out, as for a pawn), a move of
/// two steps as its first step's SAN and its last square (`Nxf6-f7`), and
/// a promotion by a `+` at the end, its refusal by none (`Hxc9+`, `Hxc9`).
#[test]
fn xboards_san_of_chu_is_read() {
    let v = varia::load::builtin("chu", &[]).unwrap();
    let text = |s: &Session, t: &str| {
        let m = s.parse(t).unwrap_or_else(|e| panic!("{t}: {e:?}"));
        s.position().move_text(m)
    };
    let s = Session::new(&v, None, 0).expect("a game");
    assert_eq!(text(&s, "Fb2"), "b1b2");
    assert_eq!(text(&s, "Cb2"), "c1b2");
    assert_eq!(text(&s, "Pa5"), "a4a5");
    let fen = "6k4g/12/12/2p9/3H8/12/5p6/5N6/12/12/12/5K6 w - - 0 1";
    let s = Session::new(&v, Some(fen), 0).expect("a game");
    assert_eq!(text(&s, "Nxf6-f7"), "f5f6,f6f7");
    assert_eq!(text(&s, "Nxf6-f5"), "f5f6,f6f5");
    assert_eq!(text(&s, "Hxc9+"), "d8c9+");
    assert_eq!(text(&s, "Hxc9"), "d8c9");
    // A horse g4 and a pawn h4 both reach h5: XBoard's `Hh5` is the horse
    // (varia's own SAN: `gh5`), its `h5` the pawn (varia's: `hh5`).
    let fen = "6k4g/12/12/12/12/12/12/12/6HP4/12/12/5K6 w - - 0 1";
    let s = Session::new(&v, Some(fen), 0).expect("a game");
    assert_eq!(text(&s, "Hh5"), "g4h5");
    assert_eq!(text(&s, "h5"), "h4h5");
}
