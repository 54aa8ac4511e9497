//! FEN: exact round trips, the extensions of docs/FEN.md, and errors that
//! name the field (never a panic).

#[path = "fixtures/common.rs"]
mod common;

use proptest::prelude::*;
use std::sync::Arc;
use varia::engine::{FenField, Position, Tables};
use varia::ir::{Coord, Shape, Variant};

fn field_of(t: &Arc<Tables>, fen: &str) -> FenField {
    match Position::from_fen(t.clone(), fen) {
        Ok(p) => panic!("{fen} should be rejected, read as {}", p.fen()),
        Err(e) => {
            assert!(e.to_string().contains(&e.field.to_string()), "{e}");
            e.field
        }
    }
}

fn round_trip(t: &Arc<Tables>, fen: &str) {
    let pos = common::fen(t, fen);
    assert_eq!(pos.fen(), fen);
    let again = common::fen(t, &pos.fen());
    assert_eq!(again.hash(), pos.hash());
    assert_eq!(pos.hash(), pos.hash_from_scratch());
}

#[test]
fn standard_chess_fens_round_trip_exactly() {
    let t = common::chess();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w Q - 17 42",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 12",
    ] {
        round_trip(&t, fen);
    }
}

#[test]
fn short_fens_get_default_counters() {
    let t = common::chess();
    let pos = common::fen(
        &t,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    );
    assert_eq!(
        pos.fen(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    );
    let pos = common::fen(&t, "4k3/8/8/8/8/8/8/4K3 b");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

/// One field between the side to move and the counters, as XBoard writes
/// a variant where nobody may castle (`w - 0 1`): an en-passant square if
/// it is one, castling rights otherwise.
#[test]
fn a_fen_with_one_of_castling_and_en_passant_is_read() {
    let t = common::chess();
    let pos = common::fen(&t, "4k3/8/8/8/8/8/8/4K3 w - 3 9");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 3 9");
    let pos = common::fen(&t, "4k3/8/8/8/8/8/8/R3K2R w KQ 0 1");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let pos = common::fen(&t, "4k3/8/8/KPp4r/8/8/8/8 w c6 0 1");
    assert_eq!(pos.fen(), "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 1");
}

#[test]
fn errors_name_the_field() {
    let t = common::chess();
    let cases = [
        ("", FenField::Placement),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppp*ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppp0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Placement,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenField::Turn,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            FenField::Turn,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqz - 0 1",
            FenField::Castling,
        ),
        (
            "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Castling,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            FenField::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
            FenField::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            FenField::Halfmove,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            FenField::Halfmove,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            FenField::Fullmove,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
            FenField::Extra,
        ),
        ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", FenField::Position),
        ("4k3/8/8/8/8/8/8/4Kk2 w - - 0 1", FenField::Position),
    ];
    for (fen, field) in cases {
        assert_eq!(field_of(&t, fen), field, "{fen}");
    }
}

#[test]
fn error_messages_say_what_was_expected() {
    let t = common::chess();
    let e = Position::from_fen(t.clone(), "8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad FEN, piece placement field: expected 8 ranks separated by `/`, found 7"
    );
    let e = Position::from_fen(t, "4k3/8/8/8/8/8/8/4K3 x - - 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad FEN, side to move field: expected `w` or `b`, found `x`"
    );
}

#[test]
fn has_moved_flags_override_the_setup_rule() {
    let t = common::chess();
    // A pawn on e2 that has moved (it went e2-e3-... no, it can't come back,
    // but a FEN may say so) may not double-step.
    let pos = common::fen(&t, "4k3/8/8/8/8/8/4P(m)3/4K3 w - - 0 1");
    assert!(!common::moves(&pos).contains(&"e2e4".to_string()));
    round_trip(&t, "4k3/8/8/8/8/8/4P(m)3/4K3 w - - 0 1");
    // An unmoved pawn off its setup square may.
    let pos = common::fen(&t, "4k3/8/8/8/8/4P(u)3/8/4K3 w - - 0 1");
    assert!(common::moves(&pos).contains(&"e3e5".to_string()));
    round_trip(&t, "4k3/8/8/8/8/4P(u)3/8/4K3 w - - 0 1");
}

#[test]
fn facing_flags_turn_a_man() {
    let t = common::chess();
    let fen = "4k3/8/8/8/4P(s)3/8/8/4K3 w - - 0 1";
    let pos = common::fen(&t, fen);
    assert_eq!(
        common::moves(&pos)
            .iter()
            .filter(|m| m.starts_with("e4"))
            .collect::<Vec<_>>(),
        vec!["e4e3"]
    );
    round_trip(&t, fen);
    // A facing equal to the owner's default is not written.
    let pos = common::fen(&t, "4k3/8/8/8/4P(n)3/8/8/4K3 w - - 0 1");
    assert_eq!(pos.fen(), "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
}

/// Chess on a 10×10 board with a hole on f6.
fn big_board() -> Arc<Tables> {
    let mut v: Variant = common::variant("chess");
    v.board.shape = Shape::Rect {
        width: 10,
        height: 10,
        holes: vec![Coord::new(5, 5)],
    };
    for m in &mut v.setup.men {
        if m.owner == 1 {
            m.at.y += 2;
        }
    }
    Arc::new(Tables::new(&v).unwrap())
}

#[test]
fn big_boards_use_multi_digit_counts_and_holes() {
    let t = big_board();
    let start = Position::start(t.clone()).unwrap();
    assert_eq!(
        start.fen(),
        "rnbqkbnr2/pppppppp2/10/10/5*4/10/10/10/PPPPPPPP2/RNBQKBNR2 w KQkq - 0 1"
    );
    round_trip(&t, &start.fen());
    round_trip(&t, "4k5/10/10/10/5*4/10/10/10/10/R3K4R w KQ - 0 1");
    assert_eq!(
        field_of(&t, "4k5/10/10/10/10/10/10/10/10/R3K4R w KQ - 0 1"),
        FenField::Placement
    );
    let e =
        Position::from_fen(t.clone(), "4k5/10/10/10/10/10/10/10/10/R3K4R w KQ - 0 1").unwrap_err();
    assert!(e.message.contains("hole"), "{e}");
    assert_eq!(
        field_of(&t, "4k5/10/10/10/5Q4/10/10/10/10/R3K4R w KQ - 0 1"),
        FenField::Placement
    );
    assert_eq!(
        field_of(&t, "4k5/10/10/10/11/10/10/10/10/R3K4R w KQ - 0 1"),
        FenField::Placement
    );
}

#[test]
fn hands_are_written_in_brackets() {
    let mut v: Variant = common::variant("chess");
    v.turn.place = true;
    v.setup.hands = vec![vec![(1, 1)], vec![(5, 2)]];
    let t = Arc::new(Tables::new(&v).unwrap());
    let start = Position::start(t.clone()).unwrap();
    assert_eq!(
        start.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qpp] w KQkq - 0 1"
    );
    let pos = common::fen(&t, "4k3/8/8/8/8/8/8/4K3[2Qr3p] w - - 0 1");
    assert_eq!(pos.hand(0, 1), 2);
    assert_eq!(pos.hand(1, 2), 1);
    assert_eq!(pos.hand(1, 5), 3);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3[QQrppp] w - - 0 1");
    round_trip(&t, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    let e = Position::from_fen(t.clone(), "4k3/8/8/8/8/8/8/4K3[Qx] w - - 0 1").unwrap_err();
    assert_eq!(e.field, FenField::Hands);
    let e = Position::from_fen(t, "4k3/8/8/8/8/8/8/4K3[Q w - - 0 1").unwrap_err();
    assert_eq!(e.field, FenField::Hands);
}

#[test]
fn pools_are_written_in_braces() {
    let t = common::tables("fairy");
    let start = Position::start(t.clone()).unwrap();
    assert_eq!(
        start.fen(),
        "chg1k1xs/p1p1p1p1/8/8/8/8/P1P1P1P1/CHG1K1XS{CHch} w - - 0 1"
    );
    let pos = common::fen(&t, "4k3/8/8/8/8/8/8/4K3{Hh} w - - 0 1");
    assert_eq!(pos.pool(0, 1), 0);
    assert_eq!(pos.pool(0, 2), 1);
    round_trip(&t, "4k3/8/8/8/8/8/8/4K3{Hh} w - - 0 1");
    round_trip(&t, "4k3/8/8/8/8/8/8/4K3{} w - - 0 1");
}

#[test]
fn four_players_use_tags_facings_and_holes() {
    let t = common::tables("quad6");
    let start = Position::start(t.clone()).unwrap();
    let fen = start.fen();
    assert_eq!(
        fen,
        "2nBnRnK1/wKwP1nPnPeN/wRwP*3/4ePeR/wNsPsP1ePeK/1sKsRsB2 s - - 0 1"
    );
    round_trip(&t, &fen);
    // A south pawn facing east; North to move.
    round_trip(
        &t,
        "2nBnRnK1/wKwP1nPnPeN/wRwP*3/4ePeR/wNsPsP(e)1ePeK/1sKsRsB2 n - - 7 3",
    );
    assert_eq!(
        field_of(
            &t,
            "2nBnRnK1/wKwP1nPnPeN/wRwP*3/4ePeR/wNsPsP1ePeK/1sKsRsB2 x - - 0 1"
        ),
        FenField::Turn
    );
    assert_eq!(
        field_of(
            &t,
            "2nBnRnK1/wKwP1nPnPxN/wRwP*3/4ePeR/wNsPsP1ePeK/1sKsRsB2 s - - 0 1"
        ),
        FenField::Placement
    );
    assert_eq!(
        field_of(
            &t,
            "2nBnRnK1/wKwP1nPnPeN/wRwP*3/4ePeR/wNsPsP1ePeK/1sKsRsB2 s K - 0 1"
        ),
        FenField::Castling
    );
    assert_eq!(
        field_of(
            &t,
            "2nBnRnK1/wKwP1nPnPeN/wRwP*3/4ePeR/wNsPsP1ePeK/1sKSRsB2 s - - 0 1"
        ),
        FenField::Placement
    );
}

#[test]
fn en_passant_records_of_several_players() {
    let t = common::tables("quad6");
    // South's b2-b4 passes b3, which West's east-facing pawn on a4 and
    // East's west-facing pawn on c2 both attack.
    let mut game =
        varia::engine::Game::new(common::fen(&t, "wK4nK/6/wP1*3/6/1sPeP3/sK4eK s - - 0 1"));
    common::play(&mut game, &["b2b4"]);
    assert_eq!(
        game.position().fen(),
        "wK4nK/6/wPsP*3/6/2eP3/sK4eK w - b3 0 1"
    );
    round_trip(&t, &game.position().fen());
    assert!(common::moves(game.position()).contains(&"a4b3".to_string()));
    // West passes it up; North moves; East may still take (each opponent once).
    common::play(&mut game, &["a6b6", "f6e6"]);
    assert_eq!(
        game.position().fen(),
        "1wK2nK1/6/wPsP*3/6/2eP3/sK4eK e - b3 2 1"
    );
    round_trip(&t, &game.position().fen());
    assert!(common::moves(game.position()).contains(&"c2b3".to_string()));
    common::play(&mut game, &["c2b3"]);
    assert_eq!(
        game.position().fen(),
        "1wK2nK1/6/wP1*3/1eP4/6/sK4eK s - - 0 2"
    );
    // An explicit victim square.
    let pos = common::fen(&t, "wK4nK/6/wPsP*3/6/2eP3/sK4eK w - b3@b4 0 1");
    assert_eq!(pos.fen(), "wK4nK/6/wPsP*3/6/2eP3/sK4eK w - b3 0 1");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, rng_seed: proptest::test_runner::RngSeed::Fixed(0x0076_6172_6961), ..ProptestConfig::default() })]

    #[test]
    fn random_strings_never_panic(s in "\\PC{0,80}") {
        let t = common::chess();
        let _ = Position::from_fen(t, &s);
    }

    #[test]
    fn fen_like_strings_never_panic(s in "[rnbqkpRNBQKP1-9*/()nesumw\\[\\]{}@+,KQkq -]{0,90}") {
        for name in ["chess", "quad6", "fairy"] {
            let t = common::tables(name);
            if let Ok(p) = Position::from_fen(t.clone(), &s) {
                let again = Position::from_fen(t, &p.fen()).expect("written FEN reads back");
                prop_assert_eq!(again.fen(), p.fen());
            }
        }
    }

    #[test]
    fn mutated_fens_never_panic(pos in 0usize..60, c in proptest::char::any(), del in any::<bool>()) {
        let t = common::chess();
        let base = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut chars: Vec<char> = base.chars().collect();
        let i = pos.min(chars.len() - 1);
        if del { chars.remove(i); } else { chars[i] = c; }
        let s: String = chars.into_iter().collect();
        if let Ok(p) = Position::from_fen(t.clone(), &s) {
            let again = Position::from_fen(t, &p.fen()).expect("written FEN reads back");
            prop_assert_eq!(again.fen(), p.fen());
        }
    }
}

/// Found by the `fen` fuzz target: with two kings of one side, a castling
/// right could not say whose it was, and the FEN written back read as
/// another position. As Fairy-Stockfish, the king on the back rank takes
/// the rights when it is the only one there; with none or several there,
/// the rights are refused (and `-` reads back).
#[test]
fn castling_rights_with_two_kings_go_to_the_one_on_the_back_rank() {
    let v = varia::load::builtin("crazyhouse", &[]).unwrap();
    let t = Arc::new(Tables::new(&v).unwrap());
    // White's kings on g1 (back rank) and h2: `K` is g1's with the rook on
    // h1, `A` g1's with the rook on a1 (the outermost: written `Q`), as
    // Fairy-Stockfish reads and writes it (`KQkq`).
    let fen = "rnb1kBnr/qqpppppp/8/8/4P3/8/PPPP1PRK/RNrnb1KR w KAkq - 0 1";
    let p = Position::from_fen(t.clone(), fen).unwrap();
    let written = p.fen();
    assert!(written.contains(" w KQkq "), "{written}");
    assert_eq!(
        Position::from_fen(t.clone(), &written).unwrap().fen(),
        written
    );
    // Both kings on the back rank: ambiguous, refused.
    let two = "rnb1kBnr/qqpppppp/8/8/4P3/8/PPPP1PR1/RK1nb1KR b KAkq - 0 1";
    assert_eq!(field_of(&t, two), FenField::Castling);
    let e = Position::from_fen(t.clone(), two).unwrap_err();
    assert!(e.to_string().contains("white has 2 kings"), "{e}");
    let ok = Position::from_fen(
        t.clone(),
        "rnb1kBnr/qqpppppp/8/8/4P3/8/PPPP1PR1/RK1nb1KR[] b kq - 0 1",
    )
    .unwrap();
    let written = ok.fen();
    assert_eq!(Position::from_fen(t, &written).unwrap().fen(), written);
}

/// Found by the `fen` fuzz target: with gating (Seirawan), a castling
/// right with a rook inside the outermost one was written as that rook's
/// file letter, which reads back as a gate of the rook alone: the king
/// lost its flag, and the FEN read again was another position (`cdfg`
/// became `dcf`, then `cdf`). The rook and the king are now written by
/// their gate letters, which give both flags back.
#[test]
fn gating_castling_with_an_inner_rook_round_trips() {
    let v = varia::load::builtin("seirawan", &[]).unwrap();
    let t = Arc::new(Tables::new(&v).unwrap());
    let fen = "rbnrbnkq/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBDcdfg - 0 1";
    let p = Position::from_fen(t.clone(), fen).unwrap();
    let written = p.fen();
    assert!(written.contains(" w KQBDcdfg "), "{written}");
    let again = Position::from_fen(t.clone(), &written).unwrap();
    assert_eq!(again.fen(), written);
    assert_eq!(again.hash(), p.hash());
}

/// FEN.md §2: the hands as one more rank, as Fairy-Stockfish and lichess
/// crazyhouse write them, read as the `[...]` field.
#[test]
fn hands_written_as_an_extra_rank_are_read() {
    let v = varia::load::builtin("crazyhouse", &[]).unwrap();
    let t = Arc::new(Tables::new(&v).unwrap());
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let rank = Position::from_fen(t.clone(), &format!("{start}/PPnn w KQkq - 0 1")).unwrap();
    let brackets = Position::from_fen(t.clone(), &format!("{start}[PPnn] w KQkq - 0 1")).unwrap();
    assert_eq!(rank.fen(), brackets.fen());
    assert!(
        rank.fen().starts_with(&format!("{start}[PPnn] w ")),
        "{}",
        rank.fen()
    );
    // An empty extra rank is empty hands.
    let empty = Position::from_fen(t.clone(), &format!("{start}/ w KQkq - 0 1")).unwrap();
    assert!(
        empty.fen().starts_with(&format!("{start}[] w ")),
        "{}",
        empty.fen()
    );
    // Chess has no hands: a ninth rank stays a placement error.
    let chess = common::chess();
    assert_eq!(
        field_of(&chess, &format!("{start}/PPnn w KQkq - 0 1")),
        FenField::Placement
    );
}

/// FEN.md §6: Fairy-Stockfish's en-passant field, the passed squares a
/// capture is possible on run together (`b3b4` after a triple step b2-b5),
/// or only one of them, reads as the whole record of the man that moved.
#[test]
fn fairy_stockfish_en_passant_squares_run_together_are_read() {
    let text = r#"variant triple "Triple step" {
  players white, black
  board 8x8
  piece king K moves "K" royal
  piece pawn P moves "fmW fceF ifmnD ifmnH"
  setup {
    white: K e1, P a2..h2
    black: K e8, P a7..h7
  }
  en passant next_player_only
  end { checkmate -> lose }
}
"#;
    let c = varia::check::check_str("triple.variant", text, None, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let t = Arc::new(Tables::new(&c.variants[0]).unwrap());
    // White's pawn went b2-b5 past b3 and b4; black pawns on a4 and c5
    // may take it on b3 and on b4.
    let place = "4k3/8/8/1Pp5/p7/8/8/4K3 b - ";
    let ours = Position::from_fen(t.clone(), &format!("{place}b3+b4@b5 0 1")).unwrap();
    for fsf in ["b3b4", "b4b3", "b3"] {
        let p = Position::from_fen(t.clone(), &format!("{place}{fsf} 0 1"))
            .unwrap_or_else(|e| panic!("{fsf}: {e}"));
        assert_eq!(p.fen(), ours.fen(), "{fsf}");
        let m: Vec<String> = common::moves(&p);
        assert!(m.contains(&"a4b3".to_string()), "{fsf}: {m:?}");
        assert!(m.contains(&"c5b4".to_string()), "{fsf}: {m:?}");
    }
    // `b4` alone names the square a double step from b3 passed: the same
    // capture on b4 (Fairy-Stockfish lists only that square when only it
    // is attacked).
    let p = Position::from_fen(t.clone(), &format!("{place}b4 0 1")).unwrap();
    assert!(common::moves(&p).contains(&"c5b4".to_string()));
    // Squares no lame move passed are still refused.
    assert_eq!(
        field_of(&t, &format!("{place}d3d4 0 1")),
        FenField::EnPassant
    );
}

/// docs/FEN.md §9 shows the reader's errors: each example there is what
/// the reader says of a FEN (the hole example on chess with a hole on e5),
/// so the page cannot drift from the messages.
#[test]
fn fen_md_error_examples_are_what_the_reader_says() {
    let doc = include_str!("../docs/FEN.md");
    let section = doc
        .split("## 9. Errors")
        .nth(1)
        .expect("FEN.md has §9")
        .split("```")
        .nth(1)
        .expect("§9 has a code block");
    let shown: Vec<&str> = section
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let chess = common::chess();
    let mut holed: Variant = common::variant("chess");
    holed.board.shape = Shape::Rect {
        width: 8,
        height: 8,
        holes: vec![Coord::new(4, 4)],
    };
    let holed = Arc::new(Tables::new(&holed).unwrap());
    let said =
        |t: &Arc<Tables>, fen: &str| Position::from_fen(t.clone(), fen).unwrap_err().to_string();
    let read = vec![
        said(&chess, "8/8/8/8/8/8/8 w - - 0 1"),
        said(&holed, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        said(&chess, "4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        said(&chess, "4k3/8/8/8/8/8/8/R3K3 w K - 0 1"),
        said(&chess, "4k3/8/8/8/8/8/8/4K3 b - e4 0 1"),
        said(&chess, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
    ];
    assert_eq!(shown, read);
}
