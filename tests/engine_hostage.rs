//! Hostage chess (`captures to prison`, `actions ..., exchange`,
//! LANGUAGE.md §12) on the catalogue's `hostage`: where a captured man
//! goes, the exchange and its edge cases (values, empty prisons, the
//! dropped man's legality, pawn ranks, castling after a rook is taken
//! back), the prisons in FEN, the move text and the hash.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, mv};
use varia::engine::Position;
use varia::notation::Describe;

fn hostage() -> std::sync::Arc<varia::engine::Tables> {
    builtin("hostage")
}

/// The exchanges among the legal actions, as text.
fn exchanges(p: &Position) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.contains('-') && m.contains('@'))
        .collect()
}

fn after(p: &Position, m: &str) -> Position {
    let mut q = p.clone();
    let x = mv(&q, m);
    q.play(x);
    q
}

#[test]
fn a_captured_man_goes_to_the_capturers_prison_as_its_owners_man() {
    let t = hostage();
    let p = fen(&t, "4k3/8/8/3p4/4P3/8/8/4K3[][] w - - 0 1");
    let q = after(&p, "e4d5");
    // White holds a black pawn: written as Black's man, lowercase.
    assert_eq!(q.fen(), "4k3/8/8/3P4/8/8/8/4K3[][p] b - - 0 1");
    // Nobody may place it: it is in no hand.
    assert!(moves(&q).iter().all(|m| !m.contains('@')));
}

#[test]
fn a_promoted_man_goes_to_prison_as_its_new_kind() {
    let t = hostage();
    let p = fen(&t, "4k3/8/8/8/8/8/6p1/6KR[][] b - - 0 1");
    let q = after(&p, "g2h1q");
    assert_eq!(q.fen(), "4k3/8/8/8/8/8/8/6Kq[][R] w - - 0 2");
    // The queen taken is a queen in White's prison, not a pawn.
    let r = after(&q, "g1h1");
    assert_eq!(r.fen(), "4k3/8/8/8/8/8/8/7K[][Rq] b - - 1 2");
}

#[test]
fn an_exchange_takes_back_only_a_man_of_equal_or_lower_value() {
    let t = hostage();
    // White holds a black knight; Black holds a white rook, bishop and pawn.
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[][nRBP] w - - 0 1");
    let x = exchanges(&p);
    assert!(x.iter().any(|m| m == "N-B@d4"), "{x:?}");
    assert!(x.iter().any(|m| m == "N-P@d4"), "{x:?}");
    assert!(
        !x.iter().any(|m| m.starts_with("N-R")),
        "a rook is worth more: {x:?}"
    );
    // Bishop for knight is one value: equal is allowed both ways.
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[][bN] w - - 0 1");
    assert!(exchanges(&p).iter().any(|m| m == "B-N@c3"));
}

#[test]
fn no_exchange_with_an_empty_prison_on_either_side() {
    let t = hostage();
    // White's own prison is empty: nothing to give.
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[][Q] w - - 0 1");
    assert!(exchanges(&p).is_empty());
    // Black's prison is empty: nothing to take back.
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[][q] w - - 0 1");
    assert!(exchanges(&p).is_empty());
    // One group in the FEN: both prisons empty.
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1");
    assert!(exchanges(&p).is_empty());
    assert!(moves(&p).iter().any(|m| m == "Q@d4"));
}

#[test]
fn the_man_taken_back_may_not_leave_the_kings_check() {
    let t = hostage();
    // The rook on e8 checks the king on e1: an exchange must block on the
    // e-file (e2..e7), nowhere else.
    let p = fen(&t, "k3r3/8/8/8/8/8/8/4K3[][nB] w - - 0 1");
    assert!(p.in_check());
    let x = exchanges(&p);
    let squares: Vec<&str> = x.iter().map(|m| &m[m.len() - 2..]).collect();
    assert_eq!(squares, ["e2", "e3", "e4", "e5", "e6", "e7"], "{x:?}");
}

#[test]
fn a_pawn_taken_back_is_not_put_on_the_first_or_last_rank() {
    let t = hostage();
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[][pP] w - - 0 1");
    let x = exchanges(&p);
    assert_eq!(x.len(), 64 - 16, "{x:?}");
    assert!(x.iter().all(|m| !m.ends_with('1') && !m.ends_with('8')));
    // The pawn put on its second rank may step twice.
    let q = after(&p, "P-P@d2");
    let r = after(&q, "e8f8");
    assert!(moves(&r).iter().any(|m| m == "d2d4"));
}

#[test]
fn the_hostage_given_goes_to_its_owners_hand_and_may_be_dropped() {
    let t = hostage();
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[][nB] w - - 0 1");
    let q = after(&p, "N-B@f6");
    // White's bishop is on f6; Black's hand now holds the knight; both
    // prisons are empty.
    assert_eq!(q.fen(), "4k3/8/5B2/8/8/8/8/4K3[n][] b - - 1 1");
    assert!(moves(&q).iter().any(|m| m == "N@c6"));
}

#[test]
fn an_exchange_may_give_check_and_reads_back_from_its_text() {
    let t = hostage();
    let p = fen(&t, "4k3/8/8/8/8/8/8/4K3[][qR] w - - 0 1");
    let m = p.parse_move("Q-R@e7").expect("the exchange");
    let info = p.action_info(m);
    assert!(info.check);
    assert_eq!(p.move_text(m), "Q-R@e7");
    // Case and the dash do not matter to the reader of typed moves.
    let list = p.legal_moves();
    let infos = p.action_infos(&list);
    let i = varia::notation::parse("qr@e7", &infos).expect("read");
    assert_eq!(list[i], m);
    assert_eq!(varia::notation::san(&infos, i), "Q-R@e7+");
}

#[test]
fn a_rook_taken_back_onto_its_corner_may_castle_with_an_unmoved_king() {
    let t = hostage();
    // The king on e1 has not moved (castling field Q, with the a1 rook).
    let p = fen(&t, "4k3/8/8/8/8/8/8/R3K3[][rR] w Q - 0 1");
    let q = after(&p, "R-R@h1");
    let r = after(&q, "e8d8");
    assert!(moves(&r).iter().any(|m| m == "e1g1"), "{:?}", moves(&r));
    // A king that has moved does not castle with it.
    let p = fen(&t, "4k3/8/8/8/8/8/8/R3K3[][rR] w - - 0 1");
    let q = after(&p, "R-R@h1");
    let r = after(&q, "e8d8");
    assert!(!moves(&r).iter().any(|m| m == "e1g1"));
}

#[test]
fn prisons_round_trip_in_fen_and_in_the_hash() {
    let t = hostage();
    let text = "r3k2r/8/8/8/8/8/8/R3K2R[Pn][qbBPP] w KQkq - 0 1";
    let p = fen(&t, text);
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R[Pn][BPPqb] w KQkq - 0 1");
    assert_eq!(fen(&t, &p.fen()).fen(), p.fen());
    // Another prison content is another position.
    let other = fen(&t, "r3k2r/8/8/8/8/8/8/R3K2R[Pn][qbBP] w KQkq - 0 1");
    assert_ne!(p.hash(), other.hash());
    for m in p.legal_moves().to_vec() {
        let mut q = p.clone();
        q.play(m);
        assert_eq!(q.hash(), q.hash_from_scratch(), "{}", p.move_text(m));
    }
}

#[test]
fn describe_names_the_prison_and_the_exchanges_value_order() {
    let v = varia::load::builtin("hostage", &[]).expect("hostage");
    let d = varia::describe::describe(&v).expect("describes");
    let text = serde_json::to_string(&d).expect("json");
    assert!(text.contains("goes to the capturer's prison"), "{text}");
    assert!(
        text.contains("values, lowest first: pawn < bishop = knight < rook < queen"),
        "{text}"
    );
}
