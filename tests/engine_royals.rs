//! Royals and explosions: several royal men (`royal` queens, `check all
//! royals`), promotion to a royal kind and `promotion limit`, `explode on
//! capture` (`except`, `immune`) and `mutually immune`, on the catalogue's
//! Coregal, Atomic, Atomar, Atomic without checks and Spartan chess; and
//! where a captured man goes: Circe and Anti-Circe (`captures reborn
//! [capturer]`), self-capture (`captures own`) and the partner's hand
//! (`captures to partner's hand`); captures without moving (Rifle chess,
//! `captures in place`); captures by approach and withdrawal and
//! immobilisation (`captures by ...`, `immobilises`) on the test game
//! `tests/fixtures/strikers.variant`; Ultima's long leaper, coordinator,
//! pincer pawn and chameleon (`captures by leaping | coordination |
//! custody | imitation`) on the catalogue's Ultima.

#[path = "fixtures/common.rs"]
mod common;

use common::{builtin, fen, moves, play};
use varia::engine::{Game, Position, Status};
use varia::notation::Describe;

fn winners(g: &Game) -> Option<u8> {
    match g.status() {
        Status::Ended { winners, .. } => Some(winners),
        _ => None,
    }
}

const WHITE: u8 = 1;
const BLACK: u8 = 2;

fn has(pos: &Position, m: &str) -> bool {
    moves(pos).iter().any(|x| x == m)
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// --- Coregal: queens are royal ---

#[test]
fn an_attacked_royal_queen_is_check_and_must_be_saved() {
    let t = builtin("coregal");
    // The bishop on b4 attacks the queen on d2, and the king on e1 behind
    // it: the queen may only take the bishop.
    let p = fen(&t, "4k3/8/8/8/1b6/8/3Q4/4K3 w - - 0 1");
    assert!(p.in_check(), "an attacked queen is check");
    assert_eq!(moves(&p), ["d2b4"]);
}

#[test]
fn a_royal_queen_is_pinned_and_may_not_stand_attacked() {
    let t = builtin("coregal");
    // The rook on d5 attacks the queen on d1: no king move leaves it safe;
    // the queen may not stay on the d-file (but may take the rook) nor go
    // where the c4 pawn takes.
    let p = fen(&t, "4k3/8/8/3r4/2p5/8/8/3QK3 w - - 0 1");
    assert_eq!(
        moves(&p),
        sorted(&["d1a1", "d1b1", "d1c1", "d1c2", "d1e2", "d1f3", "d1a4", "d1g4", "d1d5"])
    );
}

#[test]
fn a_promoted_queen_is_royal_at_once() {
    let t = builtin("coregal");
    // d8 is attacked by the rook on h8: a queen may not land there, a rook
    // or a minor piece may.
    let p = fen(&t, "k6r/3P4/8/8/8/8/8/K7 w - - 0 1");
    assert!(!has(&p, "d7d8q"));
    assert!(has(&p, "d7d8r") && has(&p, "d7d8b") && has(&p, "d7d8n"));
}

#[test]
fn a_queen_attacked_with_no_way_out_is_mate() {
    let t = builtin("coregal");
    // Rd8 attacks the queen on a8 along the rank; Qxd8 is guarded by the
    // other rook, the queen is boxed in, and no king move saves it.
    let mut g = Game::new(fen(&t, "q7/pp6/8/7k/8/8/3R2PP/3R2K1 w - - 0 1"));
    play(&mut g, &["d2d8"]);
    assert!(g.legal_moves().is_empty());
    assert_eq!(winners(&g), Some(WHITE));
}

// --- Atomic: explosions with a royal king ---

#[test]
fn a_capture_removes_the_capturer_and_its_neighbours_but_pawns() {
    let t = builtin("atomic");
    let mut g = Game::new(fen(&t, "4k3/8/8/2npb3/3r4/8/8/3RK3 w - - 0 1"));
    play(&mut g, &["d1d4"]);
    // The rook on d4 is taken, the white rook explodes, the knight c5 and
    // the bishop e5 go, the pawn d5 stays.
    assert_eq!(g.position().fen(), "4k3/8/8/3p4/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_blast_may_not_take_the_movers_own_king() {
    let t = builtin("atomic");
    let p = fen(&t, "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1");
    // Kxd2 and Qxd2 would both blow up the white king.
    assert_eq!(moves(&p), ["e1e2", "e1f1", "e1f2"]);
}

#[test]
fn kings_side_by_side_are_not_in_check() {
    let t = builtin("atomic");
    let p = fen(&t, "8/8/8/3k4/3K4/8/8/8 w - - 0 1");
    assert!(!p.in_check());
    // Every step is legal, those that stay beside the black king too.
    assert_eq!(moves(&p).len(), 7);
    assert!(has(&p, "d4c5") && has(&p, "d4e5"));
}

#[test]
fn a_king_beside_the_enemy_king_is_shielded_from_other_attackers() {
    let t = builtin("atomic");
    // The rook on a4 attacks d4, but taking the king there would blow up
    // Black's own king on d5: not check.
    let p = fen(&t, "8/8/8/3k4/r2K4/8/8/8 w - - 0 1");
    assert!(!p.in_check());
    // With the rook on the third rank, the squares away from the black
    // king that it attacks are closed; those beside the black king open.
    let p = fen(&t, "8/8/8/3k4/3K4/r7/8/8 w - - 0 1");
    assert_eq!(moves(&p), ["d4c4", "d4c5", "d4e4", "d4e5"]);
}

#[test]
fn blowing_up_the_enemy_king_is_legal_from_check_and_wins() {
    let t = builtin("atomic");
    // White is in check from the rook on e8; Qxd7 does not parry it, but
    // its blast takes the black king on c8.
    let mut g = Game::new(fen(&t, "2k1r3/3p4/8/8/8/8/8/3QK3 w - - 0 1"));
    assert!(g.position().in_check());
    assert_eq!(
        moves(g.position()),
        ["d1d7", "d1e2", "e1d2", "e1f1", "e1f2"]
    );
    play(&mut g, &["d1d7"]);
    assert_eq!(winners(&g), Some(WHITE));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn en_passant_explodes_around_the_landing_square() {
    let t = builtin("atomic");
    let mut g = Game::new(fen(&t, "4k3/8/2n5/3pP3/8/8/8/4K3 w - d6 0 1"));
    play(&mut g, &["e5d6"]);
    // The pawn d5 is taken, the capturer explodes on d6, the knight c6
    // (beside d6) goes too.
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn an_exploded_rook_loses_its_castling_right() {
    let t = builtin("atomic");
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/8/6p1/R3K2R b KQ - 0 1"));
    // gxh1=Q takes the rook on h1 and the pawn explodes: only queenside
    // castling remains.
    play(&mut g, &["g2h1q"]);
    assert_eq!(g.position().fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 2");
}

#[test]
fn castling_may_not_cross_a_square_attacked_through_the_kings_origin() {
    let t = builtin("atomic");
    // The black king on e8 stands beside the white king (d7): not in check
    // from the rook on a8. Castling kingside crosses f8, which the rook
    // attacks once the king has left e8: illegal.
    let p = fen(&t, "R3k1r1/3K4/3p4/8/7R/7P/8/1r6 b g - 2 2");
    assert!(!p.in_check());
    assert!(!has(&p, "e8g8"));
    assert!(has(&p, "e8d8"), "d8 is beside the white king");
}

#[test]
fn castling_beside_the_enemy_king_passes_attacked_squares() {
    let t = builtin("atomic");
    // King g1 to c1, rook b1 to d1: the rook a1 attacks c1 once b1 is
    // empty, but c1 and d1 are beside the black king on c2.
    let p = fen(&t, "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1");
    assert!(has(&p, "g1c1"));
}

// --- Atomic without checks and Atomar: kings that are not royal ---

#[test]
fn without_checks_a_king_may_blow_itself_up_and_loses() {
    let t = builtin("nocheckatomic");
    let p = fen(&t, "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1");
    assert!(has(&p, "e1d2") && has(&p, "d1d2"));
    let mut g = Game::new(p);
    play(&mut g, &["e1d2"]);
    assert_eq!(winners(&g), Some(BLACK));
}

#[test]
fn atomar_kings_survive_blasts_and_may_not_take_each_other() {
    let t = builtin("atomar");
    let mut g = Game::new(fen(&t, "8/8/8/8/8/3k4/3q4/3K4 w - - 0 1"));
    // The king takes the queen and stays; the black king beside survives.
    play(&mut g, &["d1d2"]);
    assert_eq!(g.position().fen(), "8/8/8/8/8/3k4/3K4/8 b - - 0 1");
    assert!(!has(g.position(), "d3d2"), "a king may not take a king");
    assert_eq!(moves(g.position()).len(), 7);
}

// --- Spartan: two kings, check all royals, promotion limit ---

#[test]
fn one_of_two_kings_may_be_left_attacked() {
    let t = builtin("spartan");
    // The rook on a1 attacks the king on a8; the king on h8 is safe, so
    // Black is not in check, and a8a7 (still attacked) is legal.
    let p = fen(&t, "k6k/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p).len(), 6);
    assert!(has(&p, "a8a7"));
}

#[test]
fn both_kings_attacked_is_check() {
    let t = builtin("spartan");
    // Both kings attacked: each move must take one of them out of attack.
    let p = fen(&t, "k6k/8/8/8/8/8/8/R3K2R b - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["a8b7", "a8b8", "h8g7", "h8g8"]);
}

#[test]
fn a_lone_spartan_king_is_an_ordinary_royal() {
    let t = builtin("spartan");
    let p = fen(&t, "k7/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["a8b7", "a8b8"]);
}

#[test]
fn a_hoplite_becomes_a_second_king_but_never_a_third() {
    let t = builtin("spartan");
    let one = fen(&t, "4k3/8/8/8/8/8/h7/4K3 b - - 0 1");
    assert!(has(&one, "a2b1k"));
    let two = fen(&t, "k3k3/8/8/8/8/8/h7/4K3 b - - 0 1");
    assert!(!has(&two, "a2b1k"));
    for k in ["a2b1g", "a2b1w", "a2b1l", "a2b1c"] {
        assert!(has(&two, k), "{k}");
    }
}

/// LANGUAGE.md §13: under `check all royals`, a promotion to a royal is
/// legal exactly when its owner is not in check after it, the new royal
/// counted: it may land attacked while another royal is safe, it may
/// answer a check on the only royal by landing safe, and it may not leave
/// every royal attacked.
#[test]
fn promotion_to_a_royal_under_check_all_royals_counts_the_new_royal() {
    let t = builtin("spartan");
    // The rook on h1 attacks c1; the king on e8 is safe: b2c1k is legal.
    let p = fen(&t, "4k3/8/8/8/8/8/1h6/K6R b - - 0 1");
    assert!(has(&p, "b2c1k"));
    // The rook on e2 checks the only king; c1 is safe: promoting to a
    // second king there answers the check (and is the only move that is
    // not a king move).
    let p = fen(&t, "4k3/8/8/8/8/8/1h2R3/K7 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["b2c1k", "e8d7", "e8d8", "e8f7", "e8f8"]);
    // The rook on e1 checks the king and attacks c1: no promotion at all.
    let p = fen(&t, "4k3/8/8/8/8/8/1h6/K3R3 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), ["e8d7", "e8d8", "e8f7", "e8f8"]);
}

#[test]
fn start_positions_are_fairy_stockfishs() {
    for (name, f) in [
        (
            "spartan",
            "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        ),
        (
            "atomic",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "atomar",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "nocheckatomic",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "coregal",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ] {
        let t = builtin(name);
        let p = Position::start(t.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p.fen(), f, "{name}");
        assert_eq!(fen(&t, f).hash(), p.hash(), "{name}");
    }
}

// --- Sho shogi: royal only while at most one is left ---

#[test]
fn royals_are_royal_only_while_their_player_has_at_most_the_limit() {
    let t = builtin("shoshogi");
    // White has king and crown prince: neither is royal, the rook's attack
    // on the king is no check, and the prince may walk away.
    let p = fen(&t, "4k4/9/4C4/9/9/9/9/4r4/4K4 w - - 0 1");
    assert!(
        !p.in_check(),
        "with two royals, an attacked king is no check"
    );
    assert!(has(&p, "e7e6"), "the prince may leave the king attacked");
    assert!(has(&p, "e1d1") && has(&p, "e1e2"));
    // Black takes the king: the prince is now the one royal left, so an
    // attack on it is check, and White's only legal actions save it.
    let mut g = Game::new(fen(&t, "4k4/9/9/4C4/9/9/9/4r4/4K4 b - - 0 1"));
    play(&mut g, &["e2e1"]);
    assert_eq!(winners(&g), None, "losing one of two royals is no loss");
    let p = fen(&t, "4k4/9/9/4C4/9/9/9/9/4r4 w - - 0 1");
    assert!(p.in_check(), "the last royal attacked is check");
    assert!(moves(&p).iter().all(|m| m.starts_with("e6") && m != "e6e5"));
}

#[test]
fn a_royal_promoted_form_is_written_with_a_plus_and_counts_from_the_next_action() {
    let t = builtin("shoshogi");
    // The crown prince is the elephant's promoted form: FEN writes `+E`
    // (as Fairy-Stockfish does) and reads its own letter too.
    let p = fen(&t, "4k4/9/4C4/9/9/9/9/4r4/4K4 w - - 0 1");
    assert_eq!(p.fen(), "4k4/9/4+E4/9/9/9/9/4r4/4K4 w - - 0 1");
    // Counted before the action: with the king alone, the rook's check
    // must be answered, and promoting a second royal does not answer it
    // (Fairy-Stockfish: the three king steps only).
    let p = fen(&t, "4k4/9/9/4E4/9/9/9/9/r3K4 w - - 0 1");
    assert!(p.in_check(), "the king alone is royal: the rook checks it");
    assert_eq!(moves(&p).len(), 3, "{:?}", moves(&p));
    assert!(!has(&p, "e6e7+"));
    // The prince a promotion brings in is not judged for that action: it
    // may be promoted onto a square the enemy king attacks.
    let mut g = Game::new(fen(&t, "3k5/9/5E3/9/9/9/9/9/4K4 w - - 0 1"));
    assert!(has(g.position(), "f7e8+"));
    play(&mut g, &["f7e8+"]);
    assert_eq!(g.position().fen(), "3k5/4+E4/9/9/9/9/9/9/4K4 b - - 1 1");
    // From the next action on it counts: with king and prince, neither
    // is royal, and the king may stay attacked.
    let p = fen(&t, "k8/4+E4/9/9/9/9/9/9/r3K4 w - - 0 1");
    assert!(!p.in_check());
    assert!(has(&p, "e8e7"));
}

#[test]
fn a_royal_placed_from_the_hand_counts_from_the_next_action() {
    // `check any royal when at most 1` with a royal kind in hand: the
    // placed prince is not counted for its own action (the lone king's
    // check must still be answered, so only blocks are legal), and not
    // judged either (b1 is a legal block though the rook attacks it).
    let t = inline(
        "variant t \"T\" {\n  players white, black\n  board 5x5\n  use king, rook\n  \
         piece prince C like king\n  setup {\n    white: K e1\n    black: K e5, R a1\n  }\n  \
         actions move, place\n  check any royal when at most 1\n  end { checkmate -> lose }\n}\n",
    );
    let p = fen(&t, "4k/5/5/5/r3K[C] w - - 0 1");
    assert!(p.in_check());
    assert_eq!(
        sorted(&moves(&p).iter().map(String::as_str).collect::<Vec<_>>()),
        sorted(&["e1d2", "e1e2", "C@b1", "C@c1", "C@d1"])
    );
}

// --- Where a captured man goes: Circe, Anti-Circe, self-capture, partner ---

fn inline(text: &str) -> std::sync::Arc<varia::engine::Tables> {
    let c = varia::check::check_str("inline.variant", text, None, &[]);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    std::sync::Arc::new(varia::engine::Tables::new(&c.variants[0]).expect("compiles"))
}

/// The FEN after playing `list` from `start`.
fn after(t: &std::sync::Arc<varia::engine::Tables>, start: &str, list: &[&str]) -> String {
    let mut g = Game::new(fen(t, start));
    play(&mut g, list);
    g.position().fen()
}

#[test]
fn circe_a_captured_man_is_reborn_on_its_start_square() {
    let t = builtin("circe");
    // 1.e4 d5 2.exd5: the black pawn is reborn on d7 (its file's start).
    let f = after(
        &t,
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
        &["e4d5"],
    );
    assert!(f.starts_with("rnbqkbnr/pppppppp/8/3P4/8/"), "{f}");
}

#[test]
fn circe_a_man_whose_rebirth_square_is_taken_leaves_the_game() {
    let t = builtin("circe");
    // Nxe5: the pawn's rebirth square e7 holds a pawn, so it vanishes.
    let f = after(&t, "4k3/4p3/8/4p3/8/5N2/8/4K3 w - - 0 1", &["f3e5"]);
    assert_eq!(f, "4k3/4p3/8/4N3/8/8/8/4K3 b - - 0 1");
}

#[test]
fn circe_a_promoted_man_is_reborn_as_its_kind_on_that_kinds_square() {
    let t = builtin("circe");
    // A promoted queen taken on h5 is reborn on d1.
    let f = after(&t, "4k3/8/8/7Q/8/5b2/8/4K3 b - - 0 1", &["f3h5"]);
    assert_eq!(f, "4k3/8/8/7b/8/8/8/3QK3 w - - 0 2");
}

#[test]
fn circe_a_rook_reborn_on_its_corner_may_castle_again() {
    let t = builtin("circe");
    // The rook taken on c5 (dark) is reborn on a1, and White's king has
    // not moved: O-O-O is legal again.
    let mut g = Game::new(fen(
        &t,
        "r3k2r/ppp2ppp/8/2R5/4n3/8/PPP2PPP/4K2R b Kkq - 0 1",
    ));
    play(&mut g, &["e4c5"]);
    assert!(
        g.position().fen().contains(" w KQkq "),
        "{}",
        g.position().fen()
    );
    assert!(has(g.position(), "e1c1"), "{:?}", moves(g.position()));
}

#[test]
fn circe_a_capture_whose_reborn_man_checks_the_capturer_is_illegal() {
    let t = builtin("circe");
    // Rxa1 (dark): the black rook is reborn on h8, next to White's king on
    // h7; the capture would leave it attacked.
    let p = fen(&t, "4k3/7K/8/8/8/8/8/rR6 w - - 0 1");
    assert!(!has(&p, "b1a1"), "{:?}", moves(&p));
    // With the king elsewhere the capture is legal.
    let p = fen(&t, "4k3/8/8/8/8/8/6K1/rR6 w - - 0 1");
    assert!(has(&p, "b1a1"));
}

#[test]
fn anticirce_a_capture_whose_rebirth_square_is_taken_is_illegal() {
    let t = builtin("anticirce");
    // 1.e4 d5: exd5 would rebirth the pawn on d2, which holds one.
    let p = fen(
        &t,
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
    );
    assert!(!has(&p, "e4d5"));
    // Calvet: the queen takes on d5 and goes back to d1, the square it left.
    let f = after(&t, "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", &["d1d5"]);
    assert_eq!(f, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
}

#[test]
fn anticirce_a_king_that_captures_is_reborn_on_its_square() {
    let t = builtin("anticirce");
    let f = after(&t, "4k3/8/8/8/8/8/3p4/2K5 w - - 0 1", &["c1d2"]);
    assert_eq!(f, "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn anticirce_a_man_attacks_only_where_its_rebirth_square_is_free() {
    let t = builtin("anticirce");
    // The rook on a1 would take on e1 (dark) and go to h8, which holds a
    // knight: no check. d1 and f1 (light) send it to a8, empty: attacked.
    let p = fen(&t, "4k2n/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(!p.in_check());
    assert!(!has(&p, "e1d1") && !has(&p, "e1f1") && has(&p, "e1e2"));
    let p = fen(&t, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(p.in_check());
}

#[test]
fn self_capture_takes_own_men_but_never_the_king() {
    let t = builtin("selfcapture");
    let p = Position::start(t.clone()).unwrap();
    for m in ["b1d2", "g1e2", "d1d2", "c1b2", "a1a2"] {
        assert!(has(&p, m), "{m}");
    }
    // The king takes no own man; no man takes the own king.
    assert!(!has(&p, "e1d1") && !has(&p, "e1f2") && !has(&p, "d1e1"));
    let f = after(&t, "4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1", &["b1d2"]);
    assert_eq!(f, "4k3/8/8/8/8/8/3N4/4K3 b - - 0 1");
}

#[test]
fn a_captured_man_goes_to_the_partners_hand() {
    let t = inline(
        "variant partners \"Partners\" {
  players south_p north, west_p east, north_p south, east_p west
  teams south_p + north_p, west_p + east_p
  board 6x6
  use king, rook
  setup {
    south_p: K a1, R c1
    west_p: K f1, R c5
    north_p: K a6
    east_p: K f6
  }
  actions move, place
  captures to partner's hand
  end { checkmate -> eliminated }
}",
    );
    let mut g = Game::new(Position::start(t.clone()).unwrap());
    play(&mut g, &["c1c5"]);
    let p = g.position();
    // South took West's rook: it is North's (player 2), not South's.
    assert_eq!(p.hand(2, 1), 1);
    assert_eq!(p.hand(0, 1), 0);
}

// --- Rifle chess: `captures in place` ---

#[test]
fn rifle_a_capture_leaves_the_capturer_on_its_square() {
    let t = builtin("rifle");
    let f = after(&t, "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", &["d1d5"]);
    assert_eq!(f, "4k3/8/8/8/8/8/8/3RK3 b - - 0 1");
}

#[test]
fn rifle_a_king_shoots_a_defended_man_and_a_pinned_man_shoots_off_its_line() {
    let t = builtin("rifle");
    // The pawn on d2 checks and is defended by the rook on d8: the king
    // shoots it and stays on e1, which nothing then attacks.
    let p = fen(&t, "3rk3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert!(p.in_check() && has(&p, "e1d2"));
    let f = after(&t, "3rk3/8/8/8/8/8/3p4/4K3 w - - 0 1", &["e1d2"]);
    assert_eq!(f, "3rk3/8/8/8/8/8/8/4K3 b - - 0 1");
    // The bishop on e4, pinned by the rook on e7, shoots d3 and stays on
    // the line; it may not move off it.
    let p = fen(&t, "4k3/4r3/8/8/4B3/3p4/4K3/8 w - - 0 1");
    assert!(has(&p, "e4d3") && !has(&p, "e4f5"));
    // A king may not shoot where it would stay in check.
    let p = fen(&t, "4k3/8/8/8/8/8/3p4/r3K3 w - - 0 1");
    assert!(!has(&p, "e1d2"));
}

#[test]
fn rifle_a_pawn_that_shoots_onto_the_last_rank_stays_a_pawn() {
    let t = builtin("rifle");
    let p = fen(&t, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let from_b7: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("b7a8"))
        .collect();
    assert_eq!(from_b7, vec!["b7a8".to_string()]);
    assert!(has(&p, "b7b8q"));
    let f = after(&t, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", &["b7a8"]);
    assert_eq!(f, "4k3/1P6/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn rifle_en_passant_shoots_the_pawn_and_a_pawn_that_shot_has_moved() {
    let t = builtin("rifle");
    let f = after(&t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", &["e5d6"]);
    assert_eq!(f, "4k3/8/8/4P3/8/8/8/4K3 b - - 0 2");
    // The pawn on e2 shot f3: it has moved, and steps once only.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/5p2/4P3/4K3 w - - 0 1"));
    play(&mut g, &["e2f3", "e8d8"]);
    assert!(has(g.position(), "e2e3") && !has(g.position(), "e2e4"));
    // So does a rook that shot: no castling with it.
    let mut g = Game::new(fen(&t, "4k3/8/8/8/8/7p/8/4K2R w K - 0 1"));
    assert!(has(g.position(), "e1g1"));
    play(&mut g, &["h1h3", "e8d8"]);
    assert!(!has(g.position(), "e1g1"));
}

// --- Approach, withdrawal, immobilisation: tests/fixtures/strikers.variant ---

fn strikers() -> std::sync::Arc<varia::engine::Tables> {
    let path = format!(
        "{}/tests/fixtures/strikers.variant",
        env!("CARGO_MANIFEST_DIR")
    );
    inline(&std::fs::read_to_string(path).unwrap())
}

#[test]
fn a_withdrawer_takes_the_man_behind_it_and_an_advancer_the_man_ahead() {
    let t = strikers();
    // The withdrawer on d4 steps away from the rook on d5: it is taken.
    // (The test game has no rule on quiet moves: its counter counts every
    // move.)
    let f = after(&t, "4k3/8/8/3r4/3W4/8/8/4K3 w - - 0 1", &["d4d2"]);
    assert_eq!(f, "4k3/8/8/8/8/8/3W4/4K3 b - - 1 1");
    // Moving sideways takes nothing.
    let f = after(&t, "4k3/8/8/3r4/3W4/8/8/4K3 w - - 0 1", &["d4a4"]);
    assert_eq!(f, "4k3/8/8/3r4/W7/8/8/4K3 b - - 1 1");
    // The advancer on d2 stops on d4, next to the rook on d5: it is taken.
    let f = after(&t, "4k3/8/8/3r4/8/8/3A4/4K3 w - - 0 1", &["d2d4"]);
    assert_eq!(f, "4k3/8/8/8/3A4/8/8/4K3 b - - 1 1");
    // Stopping short takes nothing.
    let f = after(&t, "4k3/8/8/3r4/8/8/3A4/4K3 w - - 0 1", &["d2d3"]);
    assert_eq!(f, "4k3/8/8/3r4/8/3A4/8/4K3 b - - 1 1");
}

#[test]
fn a_king_an_advancer_could_approach_is_in_check() {
    let t = strikers();
    // The advancer on e2 can ride up to e7 and stop next to the king,
    // moving toward it: that move would take the king.
    let p = fen(&t, "4k3/8/8/8/8/8/4A3/K7 b - - 0 1");
    assert!(p.in_check());
    // With a man of black's on e7 the advancer's line is shut: no check.
    let p = fen(&t, "4k3/4r3/8/8/8/8/4A3/K7 b - - 0 1");
    assert!(!p.in_check());
}

#[test]
fn an_immobilised_man_neither_moves_nor_attacks() {
    let t = strikers();
    // The black rook on d4 is next to the white immobiliser on d5.
    let p = fen(&t, "4k3/8/8/3I4/3r4/8/8/4K3 b - - 0 1");
    assert!(moves(&p).iter().all(|m| !m.starts_with("d4")));
    // The black rook on e2, next to the immobiliser on d2, gives no check.
    let p = fen(&t, "4k3/8/8/8/8/8/3Ir3/4K3 w - - 0 1");
    assert!(!p.in_check());
    // Two immobilisers side by side hold each other; the kings still move.
    let p = fen(&t, "4k3/3i4/4I3/8/8/8/8/4K3 w - - 0 1");
    assert!(moves(&p).iter().all(|m| !m.starts_with("e6")));
    assert_eq!(moves(&p).len(), 5);
    // An immobilised king makes no move and may be mated where it stands.
    let mut g = Game::new(fen(&t, "3Ik3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    play(&mut g, &["a1a8"]);
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn perft_of_the_strikers_game_matches_the_referee() {
    let t = strikers();
    let path = format!(
        "{}/tests/fixtures/strikers.perft",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = 0;
    for case in varia::engine::parse_perft_file(&text).unwrap() {
        let mut pos = fen(&t, &case.fen);
        for &(d, n) in &case.counts {
            if n <= 250_000 {
                assert_eq!(
                    varia::engine::perft(&mut pos, d),
                    n,
                    "perft {d} of {}",
                    case.fen
                );
                rows += 1;
            }
        }
    }
    assert!(rows >= 20, "{rows}");
}

/// Every legal move at `fen` is written in SAN and in coordinates, and
/// each text reads back as that move (no two moves share a text).
fn notation_round_trips(v: &varia::ir::Variant, fen: &str) -> usize {
    let s = varia::play::session::Session::new(v, Some(fen), 1).expect("starts");
    let legal = s.legal();
    let mut sans = std::collections::HashSet::new();
    for &m in &legal {
        let san = s.san(m);
        assert_eq!(s.parse(&san).expect("SAN reads"), m, "{san} at {fen}");
        let uci = s.position().move_text(m);
        assert_eq!(
            s.parse(&uci).expect("coordinates read"),
            m,
            "{uci} at {fen}"
        );
        assert!(sans.insert(san.clone()), "{san} twice at {fen}");
    }
    legal.len()
}

#[test]
fn shots_approaches_and_withdrawals_round_trip_in_notation() {
    let rifle = varia::load::builtin("rifle", &[]).expect("built in");
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        assert!(notation_round_trips(&rifle, fen) > 10);
    }
    let path = format!(
        "{}/tests/fixtures/strikers.variant",
        env!("CARGO_MANIFEST_DIR")
    );
    let c = varia::check::check_str(
        "strikers.variant",
        &std::fs::read_to_string(path).unwrap(),
        None,
        &[],
    );
    for fen in [
        "r2wk2r/2a1i3/8/3W4/2I1A3/8/8/R3K2R w - - 0 1",
        "2w1k3/3A4/4W3/8/1r6/8/3i4/4K3 w - - 0 1",
    ] {
        assert!(notation_round_trips(&c.variants[0], fen) > 10);
    }
    // A shot is written as the capture it replaces.
    let s = varia::play::session::Session::new(&rifle, Some("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1"), 1)
        .expect("starts");
    let m = s.parse("d1d5").expect("reads");
    assert_eq!(s.san(m), "Rxd5");
}

// --- Ultima: leaping, coordination, custody, imitation ---

#[test]
fn a_long_leaper_takes_two_men_in_one_leap() {
    let t = builtin("ultima");
    let start = "k7/8/2p5/8/2p5/8/2L5/K7 w - - 0 1";
    let p = fen(&t, start);
    // Over c4 onto c5, over c4 and c6 onto c7 or c8; never onto a man.
    for m in ["c2c3", "c2c5", "c2c7", "c2c8"] {
        assert!(has(&p, m), "{m}");
    }
    assert!(!has(&p, "c2c4") && !has(&p, "c2c6"));
    assert_eq!(after(&t, start, &["c2c7"]), "k7/2L5/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(
        after(&t, start, &["c2c5"]),
        "k7/8/2p5/2L5/8/8/8/K7 b - - 0 1"
    );
}

#[test]
fn a_long_leaper_never_leaps_two_men_in_a_row_nor_its_own() {
    let t = builtin("ultima");
    // Two black men side by side on c4 and c5: the leaper stops at c3.
    let p = fen(&t, "k7/8/8/2p5/2p5/8/2L5/K7 w - - 0 1");
    assert!(moves(&p)
        .iter()
        .filter(|m| m.starts_with("c2c"))
        .eq(["c2c1", "c2c3"].iter()));
    // Its own man on c4: no leap.
    let p = fen(&t, "k7/8/8/8/2P5/8/2L5/K7 w - - 0 1");
    assert!(!has(&p, "c2c5"));
    // A man on the board's edge has no square beyond: no leap.
    let p = fen(&t, "k7/8/8/8/8/8/8/K1L4p w - - 0 1");
    assert!(!has(&p, "c1h1"));
    assert!(has(&p, "c1g1"));
}

#[test]
fn a_coordinator_takes_on_both_corners_of_its_kings_rectangle() {
    let t = builtin("ultima");
    // vchess's diagram: the white coordinator c2 -> c5 with its king on
    // h7 takes the black chameleon on c7 and the black pawn on h5.
    let f = after(&t, "8/2x4K/2w5/3p1L1p/8/8/2C5/k7 w - - 0 1", &["c2c5"]);
    assert_eq!(f, "8/7K/2w5/2Cp1L2/8/8/8/k7 b - - 0 1");
}

#[test]
fn a_pincer_pawn_takes_against_a_friend_never_against_the_edge() {
    let t = builtin("ultima");
    // a1 -> a2: the black pawn on b2 stands between it and the white pawn
    // on c2.
    let f = after(&t, "k7/8/8/8/8/8/1pP5/P6K w - - 0 1", &["a1a2"]);
    assert_eq!(f, "k7/8/8/8/8/8/P1P5/7K b - - 0 1");
    // b1 -> b2 next to the black pawn on a2: beyond it is the edge.
    let f = after(&t, "k7/8/8/8/8/8/p7/1P5K w - - 0 1", &["b1b2"]);
    assert_eq!(f, "k7/8/8/8/8/8/pP6/7K b - - 1 1");
    // vchess's diagram: c2 -> c4 takes the coordinator d4 (against the
    // chameleon e4) and the leaper c5 (against the leaper c6).
    let f = after(&t, "7k/5ppp/2L5/2l5/3cX3/8/PPP5/K7 w - - 0 1", &["c2c4"]);
    assert_eq!(f, "7k/5ppp/2L5/8/2P1X3/8/PP6/K7 b - - 0 1");
}

#[test]
fn a_king_a_pincer_could_sandwich_is_in_check() {
    let t = builtin("ultima");
    // vchess's diagram: on e5 the king could be pinched between the pawn
    // arriving on d5 and the coordinator on f5.
    let p = fen(&t, "7k/8/8/p4c2/4K3/8/8/8 w - - 0 1");
    assert!(!has(&p, "e4e5"));
    assert!(has(&p, "e4e3"));
}

#[test]
fn a_chameleon_takes_each_man_as_that_man_takes() {
    let t = builtin("ultima");
    // Withdrawing from a withdrawer takes it.
    let f = after(&t, "k7/8/8/3w4/3X4/8/8/7K w - - 0 1", &["d4d2"]);
    assert_eq!(f, "k7/8/8/8/8/8/3X4/7K b - - 0 1");
    // Moving as a rook next to a pawn with a friend beyond takes it.
    let f = after(&t, "7k/8/8/4pP2/8/8/8/K2X4 w - - 0 1", &["d1d5"]);
    assert_eq!(f, "7k/8/8/3X1P2/8/8/8/K7 b - - 0 1");
    // A diagonal move is no pawn's move: the pawn on e5 stays; the
    // coordinator on a5 falls to coordination with the king on a1.
    let f = after(&t, "7k/8/8/c3pP2/8/8/X7/K7 w - - 0 1", &["a2d5"]);
    assert_eq!(f, "7k/8/8/3XpP2/8/8/8/K7 b - - 0 1");
    // A leap over the leaper on c4 is a leaper's move only: it takes the
    // leaper, not the coordinator (MacKay's rule; vchess takes both).
    let f = after(&t, "7k/8/8/c3pP2/2l5/8/X7/K7 w - - 0 1", &["a2d5"]);
    assert_eq!(f, "7k/8/8/c2XpP2/8/8/8/K7 b - - 0 1");
    // It leaps only leapers.
    let p = fen(&t, "7k/8/8/8/2p5/8/X7/K7 w - - 0 1");
    assert!(!has(&p, "a2d5"));
    // Next to a king it gives check (it takes a king as a king does).
    let p = fen(&t, "8/8/8/8/8/8/1x6/K6k w - - 0 1");
    assert!(p.in_check());
    assert!(has(&p, "a1b2"));
}

#[test]
fn a_chameleon_never_takes_a_chameleon_and_holds_an_immobiliser() {
    let t = builtin("ultima");
    // Withdrawing from a chameleon takes nothing; it may not land on it.
    let f = after(&t, "k7/8/8/3x4/3X4/8/8/7K w - - 0 1", &["d4d1"]);
    assert_eq!(f, "k7/8/8/3x4/8/8/8/3X3K b - - 1 1");
    let p = fen(&t, "k7/8/8/3x4/3X4/8/8/7K w - - 0 1");
    assert!(!has(&p, "d4d5"));
    // A chameleon next to an enemy immobiliser: each holds the other.
    let p = fen(&t, "k7/8/8/3i4/3X4/8/8/7K w - - 0 1");
    assert!(moves(&p).iter().all(|m| !m.starts_with("d4")));
    let p = fen(&t, "k7/8/8/3i4/3X4/8/8/7K b - - 0 1");
    assert!(moves(&p).iter().all(|m| !m.starts_with("d5")));
    assert!(!moves(&p).is_empty());
}

#[test]
fn an_immobilised_king_is_still_mated_in_ultima() {
    let t = builtin("ultima");
    // The black king on e8 is held by the immobiliser on d8. Once the
    // pawn on g1 steps aside, the coordinator on h1 threatens to go to e1,
    // which makes e8 a corner of its rectangle with the white king on a8:
    // check, and black's pawn cannot parry.
    let mut g = Game::new(fen(&t, "K2Ik3/p7/8/8/8/8/6P1/6PC w - - 0 1"));
    assert!(!g.position().in_check());
    play(&mut g, &["g1b1"]);
    assert!(g.position().in_check());
    assert_eq!(winners(&g), Some(WHITE));
}

#[test]
fn ultima_moves_round_trip_in_notation() {
    let v = varia::load::builtin("ultima", &[]).expect("built in");
    for fen in [
        "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w - - 0 1",
        "k7/8/2p5/8/2p5/8/2L5/K7 w - - 0 1",
        "c2wkx1i/pXp1p1l1/4x2p/p7/4p3/2W2p2/I1P1PPPP/3KX1LC w - - 0 1",
    ] {
        assert!(notation_round_trips(&v, fen) > 10);
    }
}
