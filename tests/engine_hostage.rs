//! Hostage chess (`captures to prison`, `actions ..., exchange`,
//! LANGUAGE.md §12) on the catalogue's `hostage`: where a captured man
//! goes, the exchange and its edge cases (values, empty prisons, the
//! dropped man's legality, pawn ranks, castling after a rook is taken
//! back), the prisons in FEN, the move text and the hash; the promotion
//! from a prison (`promote ... from prison`, LANGUAGE.md §13) and its
//! edge cases.

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
    // White holds a black queen: Black's pawn promotes to it.
    let p = fen(&t, "4k3/8/8/8/8/8/6p1/6KR[][q] b - - 0 1");
    let q = after(&p, "g2h1q");
    // The queen left White's prison and the pawn took its place there;
    // the rook taken is in Black's prison.
    assert_eq!(q.fen(), "4k3/8/8/8/8/8/8/6Kq[][Rp] w - - 0 2");
    // The queen taken is a queen in White's prison, not a pawn.
    let r = after(&q, "g1h1");
    assert_eq!(r.fen(), "4k3/8/8/8/8/8/8/7K[][Rqp] b - - 1 2");
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

/// The board moves of the man on `from`, as text.
fn moves_from(p: &Position, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m.contains('@'))
        .collect()
}

#[test]
fn with_an_empty_prison_a_pawn_may_not_move_to_the_last_rank() {
    let t = hostage();
    // Nothing in Black's prison: the b7 pawn can neither step to b8 nor
    // take on a8.
    let p = fen(&t, "r3k3/1P6/8/8/8/8/8/4K3[][] w - - 0 1");
    assert!(moves_from(&p, "b7").is_empty(), "{:?}", moves(&p));
}

#[test]
fn with_only_pawns_in_the_prison_a_pawn_may_not_promote() {
    let t = hostage();
    // Black holds two white pawns: a pawn is no choice.
    let p = fen(&t, "r3k3/1P6/8/8/8/8/8/4K3[][PP] w - - 0 1");
    assert!(moves_from(&p, "b7").is_empty(), "{:?}", moves(&p));
}

#[test]
fn a_pawn_promotes_only_to_the_kinds_held_in_the_opponents_prison() {
    let t = hostage();
    // Black holds a white rook and a white knight (and a pawn).
    let p = fen(&t, "4k3/1P6/8/8/8/8/8/4K3[][RNP] w - - 0 1");
    let mut m = moves_from(&p, "b7");
    m.sort();
    assert_eq!(m, ["b7b8n", "b7b8r"]);
    // The rook changes places with the pawn: it leaves Black's prison
    // and the pawn is held there instead.
    let q = after(&p, "b7b8r");
    assert_eq!(q.fen(), "1R2k3/8/8/8/8/8/8/4K3[][NPP] b - - 0 1");
}

#[test]
fn a_promotion_with_capture_takes_from_one_prison_and_fills_the_other() {
    let t = hostage();
    let p = fen(&t, "r3k3/1P6/8/8/8/8/8/4K3[][R] w - - 0 1");
    let mut m = moves_from(&p, "b7");
    m.sort();
    assert_eq!(m, ["b7a8r", "b7b8r"]);
    let q = after(&p, "b7a8r");
    // White's prison holds the black rook taken, Black's the white pawn.
    assert_eq!(q.fen(), "R3k3/8/8/8/8/8/8/4K3[][Pr] b - - 0 1");
}

#[test]
fn the_promoted_piece_gives_check_and_its_text_names_the_kind_taken() {
    let t = hostage();
    let p = fen(&t, "4k3/1P6/8/8/8/8/8/4K3[][Q] w - - 0 1");
    let m = p.parse_move("b7b8q").expect("the promotion");
    assert!(p.action_info(m).check);
    assert_eq!(p.move_text(m), "b7b8q");
    let list = p.legal_moves();
    let infos = p.action_infos(&list);
    let i = list.iter().position(|&x| x == m).expect("listed");
    assert_eq!(varia::notation::san(&infos, i), "b8=Q+");
    let q = after(&p, "b7b8q");
    assert!(q.in_check());
}

#[test]
fn a_pawn_that_may_not_promote_gives_no_check_on_the_last_rank() {
    let t = hostage();
    // The b7 pawn attacks c8 only while Black holds a white piece.
    let p = fen(&t, "2k5/1P6/8/8/8/8/8/4K3[][] b - - 0 1");
    assert!(!p.in_check());
    // A king beside it may step onto the squares it would attack.
    let p = fen(&t, "1k6/1P6/8/8/8/8/8/4K3[][] b - - 0 1");
    let m = moves(&p);
    assert!(m.iter().any(|x| x == "b8a8"), "{m:?}");
    assert!(m.iter().any(|x| x == "b8c8"), "{m:?}");
    let p = fen(&t, "1k6/1P6/8/8/8/8/8/4K3[][B] b - - 0 1");
    let m = moves(&p);
    assert!(!m.iter().any(|x| x == "b8a8" || x == "b8c8"), "{m:?}");
    // With a white knight held by Black, the pawn checks.
    let p = fen(&t, "2k5/1P6/8/8/8/8/8/4K3[][] b - - 0 1");
    assert!(!p.in_check());
    let p = fen(&t, "2k5/1P6/8/8/8/8/8/4K3[][N] b - - 0 1");
    assert!(p.in_check());
    // With only a white pawn held, it does not.
    let p = fen(&t, "2k5/1P6/8/8/8/8/8/4K3[][P] b - - 0 1");
    assert!(!p.in_check());
}

#[test]
fn a_capture_that_gives_the_opponent_a_choice_may_not_expose_the_king() {
    let t = hostage();
    // Black's rook may take the knight on h1 only if that does not let
    // the b7 pawn (which then could promote to the knight) attack c8.
    let p = fen(&t, "2k4r/1P6/8/8/8/8/8/4K2N[][] b - - 0 1");
    let m = moves(&p);
    assert!(!m.iter().any(|x| x == "h8h1"), "{m:?}");
    assert!(m.iter().any(|x| x == "h8h2"), "{m:?}");
}

#[test]
fn an_exchange_that_gives_back_the_last_choice_lifts_the_check() {
    let t = hostage();
    // White holds a black knight, so the d2 pawn checks the king on e1.
    // Giving the knight back leaves Black nothing to promote to: every
    // square a white pawn may take is legal for `N-P`.
    let p = fen(&t, "4k3/8/8/8/8/8/3p4/4K3[][Pn] w - - 0 1");
    assert!(p.in_check());
    let x = exchanges(&p);
    assert_eq!(x.len(), 47, "{x:?}");
    assert!(x.iter().all(|m| m.starts_with("N-P@")));
}

#[test]
fn a_king_castles_across_a_square_a_pawn_may_not_promote_on() {
    let t = hostage();
    // The g2 pawn attacks f1 only while White holds a black piece.
    let p = fen(&t, "4k3/8/8/8/8/8/6p1/4K2R[][] w K - 0 1");
    assert!(moves(&p).iter().any(|m| m == "e1g1"));
    let p = fen(&t, "4k3/8/8/8/8/8/6p1/4K2R[][b] w K - 0 1");
    assert!(!moves(&p).iter().any(|m| m == "e1g1"));
}

#[test]
fn the_pawn_held_after_a_promotion_may_be_taken_back_by_an_exchange() {
    let t = hostage();
    // White holds a black knight; Black holds a white queen.
    let p = fen(&t, "4k3/1P6/8/8/8/8/8/4K3[][Qn] w - - 0 1");
    let q = after(&p, "b7b8q");
    assert_eq!(q.fen(), "1Q2k3/8/8/8/8/8/8/4K3[][Pn] b - - 0 1");
    let r = after(&q, "e8e7");
    let x = exchanges(&r);
    // The pawn is held now, the queen no more: a knight buys the pawn.
    assert!(x.iter().any(|m| m == "N-P@d4"), "{x:?}");
    assert!(!x.iter().any(|m| m.starts_with("N-Q")), "{x:?}");
    // The pawn taken back and put on the seventh rank promotes again
    // only with a piece held: none is, so it stays there.
    let s = after(&r, "N-P@c7");
    let u = after(&s, "e7e6");
    assert!(moves_from(&u, "c7").is_empty(), "{:?}", moves(&u));
    for m in r.legal_moves().to_vec() {
        let mut v = r.clone();
        v.play(m);
        assert_eq!(v.hash(), v.hash_from_scratch(), "{}", r.move_text(m));
    }
}

#[test]
fn describe_says_a_pawn_promotes_from_the_prison() {
    let v = varia::load::builtin("hostage", &[]).expect("hostage");
    let d = varia::describe::describe(&v).expect("describes");
    let text = serde_json::to_string(&d).expect("json");
    assert!(
        text.contains("changing places with one of its owner's men held in the opponent's prison"),
        "{text}"
    );
}
