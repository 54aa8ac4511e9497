//! Face-down men (`face down`, docs/LANGUAGE.md "face down") with Jieqi
//! (variants/catalogue/jieqi.variant): the true position the engine keeps,
//! what each seat's view shows of it, the deal from the seed, and the AI's
//! determinisation. Perft rows: tests/perft/jieqi.perft.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, mv};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use varia::engine::{perft, Game, Position};
use varia::notation::Describe;
use varia::play::session::Session;
use varia::search::game::Game as _;

/// A square by its name (`a1`, `e10`).
fn square(pos: &Position, name: &str) -> Option<varia::engine::Square> {
    let x = name.as_bytes()[0] as i32 - b'a' as i32;
    let y: i32 = name[1..].parse::<i32>().ok()? - 1;
    pos.square_at(varia::ir::Coord::new(x, y))
}

/// The start as seed 0 deals it, written by the referee.
const START0: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX<faces:pcppcrpbpnbaranPPBCBNAPPRANRCP> w - - 0 1";

/// The same board with every unrevealed kind unknown (a player's view).
const START_VIEW: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX<faces:??????????????????????????????> w - - 0 1";

fn jieqi() -> varia::ir::Variant {
    varia::load::builtin("jieqi", &[]).expect("jieqi loads")
}

/// The letter of the man on a square, as FEN writes it.
fn letter_at(pos: &Position, sq: &str) -> Option<char> {
    let s = square(pos, sq)?;
    let m = pos.man_at(s)?;
    let c = pos.tables().variant().pieces[m.kind() as usize].letter.ch();
    Some(if m.owner() == 0 {
        c
    } else {
        c.to_ascii_lowercase()
    })
}

#[test]
fn the_start_is_written_as_the_jieqi_tools_write_it() {
    let pos = Position::start(builtin("jieqi")).unwrap();
    assert_eq!(pos.fen(), START0);
    // Both players see every man but the generals face down.
    assert_eq!(pos.public_fen(), START_VIEW);
    assert_eq!(pos.view_fen(0), START_VIEW);
    assert_eq!(pos.view_fen(1), START_VIEW);
}

#[test]
fn a_face_down_mans_first_move_reveals_it() {
    let t = builtin("jieqi");
    let mut g = Game::new(fen(&t, START0));
    // a1 holds a face-down man on the chariot's square: it moves as a
    // chariot (a1a3 is one of its moves); seed 0 made it a soldier (`P`,
    // slot 23 of the faces).
    let truths = g.position().face_down_truths();
    let a1 = square(g.position(), "a1").unwrap();
    let (_, owner, kind) = truths.iter().copied().find(|&(s, _, _)| s == a1).unwrap();
    assert_eq!(owner, 0);
    let kind = kind.expect("unrevealed at the start");
    assert_eq!(
        g.position().tables().variant().pieces[kind as usize].letter,
        varia::ir::Letter::own('P')
    );
    assert!(moves(g.position()).contains(&"a1a3".to_string()));
    let m = mv(g.position(), "a1a3");
    g.play(m);
    assert_eq!(letter_at(g.position(), "a3"), Some('P'));
    assert!(!g
        .position()
        .is_face_down(square(g.position(), "a3").unwrap()));
    // Revealed: the slot says so in the FEN, and a player's view shows it.
    assert!(g.position().view_fen(1).contains(&format!(
        "faces:{}=P{}>",
        "?".repeat(22),
        "?".repeat(7)
    )));
    // From now on it moves as a soldier: forward only on its own side,
    // and a4 holds its own man, so it has no move (a chariot would have
    // b3..i3 and a2).
    g.play(mv(g.position(), "a7a6"));
    let ms: Vec<String> = moves(g.position())
        .into_iter()
        .filter(|m| m.starts_with("a3"))
        .collect();
    assert!(ms.is_empty(), "{ms:?}");
    // Taken back, it is face down again and its slot unrevealed.
    g.undo();
    g.undo();
    assert_eq!(g.position().fen(), START0);
}

#[test]
fn a_face_down_man_moves_as_the_xiangqi_man_of_its_square() {
    let pos = fen(&builtin("jieqi"), START0);
    let from = |sq: &str| -> Vec<String> {
        moves(&pos)
            .into_iter()
            .filter(|m| {
                m.starts_with(sq) && m[sq.len()..].starts_with(|c: char| c.is_ascii_lowercase())
            })
            .collect()
    };
    // The fake advisor stays in its palace, the fake elephant on its side.
    assert_eq!(from("d1"), vec!["d1e2"]);
    assert_eq!(from("c1"), vec!["c1a3", "c1e3"]);
    // The fake cannon moves as a cannon and takes over a screen.
    assert!(from("b3").contains(&"b3b10".to_string()));
    // The fake horse's leg is free; the fake soldier steps forward.
    assert_eq!(from("b1"), vec!["b1a3", "b1c3"]);
    assert_eq!(from("a4"), vec!["a4a5"]);
}

#[test]
fn revealed_advisors_and_elephants_leave_the_palace_and_cross_the_river() {
    let t = builtin("jieqi");
    // A revealed advisor on e5 and a revealed elephant on e4 (White's).
    let p = fen(&t, "4k4/9/9/9/9/4A4/4B4/9/9/3K5 w - - 0 1");
    let ms = moves(&p);
    for m in [
        "e5d6", "e5f6", "e5d4", "e5f4", "e4c6", "e4g6", "e4c2", "e4g2",
    ] {
        assert!(ms.contains(&m.to_string()), "{m} in {ms:?}");
    }
    // The general stays in its palace.
    assert!(!ms.iter().any(|m| m.starts_with("d1c")));
}

#[test]
fn a_face_down_man_never_shows_in_the_owners_or_the_opponents_view() {
    let t = builtin("jieqi");
    for seed in 0..8u64 {
        let pos = Position::start_seeded(t.clone(), seed).unwrap();
        for seat in 0..2u8 {
            let view = pos.view_fen(seat);
            assert!(
                view.contains("<faces:??????????????????????????????>"),
                "{view}"
            );
            // The view reads back, and plays the same moves.
            let back = Position::from_fen(t.clone(), &view).unwrap();
            assert_eq!(moves(&back), moves(&pos));
            assert_eq!(back.hash(), pos.hash());
        }
    }
}

#[test]
fn the_captor_alone_learns_what_it_took_face_down() {
    let t = builtin("jieqi");
    let mut g = Game::new(fen(&t, START0));
    // White's face-down cannon b3 takes the face-down man on b10.
    g.play(mv(g.position(), "b3b10"));
    let p = g.position();
    // Slot 2 (b10): Black's, taken face down by White.
    let white = p.view_fen(0);
    let black = p.view_fen(1);
    let public = p.public_fen();
    let slot2 = |f: &str| {
        let i = f.find("faces:").unwrap() + 6;
        f[i..].chars().nth(1).unwrap()
    };
    assert_eq!(slot2(&p.fen()), 'c');
    assert_eq!(slot2(&white), 'c', "{white}");
    assert_eq!(slot2(&black), '?', "{black}");
    assert_eq!(slot2(&public), '?', "{public}");
}

#[test]
fn the_same_seed_deals_the_same_identities() {
    let t = builtin("jieqi");
    let a = Position::start_seeded(t.clone(), 42).unwrap();
    let b = Position::start_seeded(t.clone(), 42).unwrap();
    let c = Position::start_seeded(t.clone(), 43).unwrap();
    assert_eq!(a.fen(), b.fen());
    assert_ne!(a.fen(), c.fen());
    // Each side's fifteen men, whatever the seed.
    let count = |p: &Position, owner: u8| {
        let mut ks: Vec<u8> = p
            .face_down_truths()
            .iter()
            .filter(|x| x.1 == owner)
            .map(|x| x.2.unwrap())
            .collect();
        ks.sort();
        ks
    };
    for owner in 0..2 {
        assert_eq!(count(&a, owner), count(&c, owner));
        assert_eq!(count(&a, owner).len(), 15);
    }
    // The hash is the view's: the same for every deal.
    assert_eq!(a.hash(), c.hash());
}

#[test]
fn a_fen_without_the_kinds_deals_them_and_a_bad_face_down_man_is_refused() {
    let t = builtin("jieqi");
    let p = fen(&t, START_VIEW);
    assert_eq!(p.face_down_truths().len(), 30);
    assert!(p.face_down_truths().iter().all(|x| x.2.is_some()));
    // A face-down man stands only on a start square of its owner's.
    let bad = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/4X4/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1";
    assert!(Position::from_fen(t.clone(), bad).is_err());
    let wrong_owner = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1x1X1X/1X5X1/9/XXXXKXXXX w - - 0 1";
    assert!(Position::from_fen(t.clone(), wrong_owner).is_err());
    // Too few or too many slots, a kind that never starts face down.
    for f in ["faces:pcp", "faces:kcppcrpbpnbaranPPBCBNAPPRANRCP"] {
        let text = START0.replace("faces:pcppcrpbpnbaranPPBCBNAPPRANRCP", f);
        assert!(Position::from_fen(t.clone(), &text).is_err(), "{text}");
    }
}

#[test]
fn perft_is_counted_on_the_true_position() {
    let t = builtin("jieqi");
    // Two deals of the same view: the first ply is the same, the second
    // differs as the men turned face up differ.
    let a = Position::start_seeded(t.clone(), 0).unwrap();
    let b = Position::start_seeded(t.clone(), 5).unwrap();
    assert_eq!(perft(&mut a.clone(), 1), perft(&mut b.clone(), 1));
    assert_eq!(perft(&mut a.clone(), 2), 1926);
    assert_ne!(perft(&mut b.clone(), 2), 1926);
}

#[test]
fn determinisation_reads_no_hidden_kind_and_keeps_the_known_ones() {
    let v = jieqi();
    // Games in which White took b10 face down and Black turned a10 face
    // up, from two deals.
    let mut truths = Vec::new();
    for seed in [0u64, 9] {
        let mut s = Session::new(&v, None, seed).unwrap();
        for m in ["b3b10", "a10a9"] {
            let m = s.position().parse_move(m).expect("legal");
            s.play(m);
        }
        truths.push(s);
    }
    for s in &truths {
        let mut g = s.clone();
        let before = g.position().hash();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        g.determinize(&mut rng);
        // The hash and the view do not change; White (to act) keeps what
        // it knows: the kinds turned face up and the man it took.
        assert_eq!(g.position().hash(), before);
        assert_eq!(g.position().view_fen(0), s.position().view_fen(0));
        let known = |p: &Position| {
            let f = p.fen();
            let i = f.find("faces:").unwrap() + 6;
            f[i..].chars().take(2).collect::<String>()
        };
        assert_eq!(known(g.position()), known(s.position()));
    }
}

#[test]
fn the_ais_choice_never_depends_on_hidden_identities() {
    let v = jieqi();
    let t = builtin("jieqi");
    // Same view (the start, White to act), different truths.
    let first = Position::start_seeded(t.clone(), 0).unwrap().fen();
    let second = Position::start_seeded(t.clone(), 1).unwrap().fen();
    assert_ne!(first, second);
    let mut chosen = Vec::new();
    let mut sampled = Vec::new();
    for f in [&first, &second] {
        let s = Session::new(&v, Some(f), 0).unwrap();
        assert_eq!(s.position().view_fen(0), START_VIEW);
        // The determinised game is the same whatever the truth.
        let mut g = s.clone();
        g.determinize(&mut ChaCha8Rng::seed_from_u64(3));
        sampled.push(g.position().fen());
        let mut searcher = varia::search::Searcher::with_entries(1 << 12);
        let limits = varia::search::Limits {
            depth: Some(3),
            ..varia::search::Limits::default()
        };
        let a = varia::play::ai::choose_with(
            &s,
            &mut searcher,
            &limits,
            &mut ChaCha8Rng::seed_from_u64(11),
        )
        .expect("an action");
        chosen.push(s.position().move_text(a));
    }
    assert_eq!(sampled[0], sampled[1]);
    assert_eq!(chosen[0], chosen[1]);
}

#[test]
fn engine_protocols_refuse_face_down_men() {
    let v = jieqi();
    let why = varia::notation::protocol_text::unsupported(&v, true).expect("refused");
    assert!(why.contains("face down"), "{why}");
}
