//! Raindropchess (variants/raindropchess.variant): one named test per edge
//! case of shared/RULES.md §5(c), plus decks, seeds and determinisation.
//!
//! FENs carry the decks in a `|white,black|` block, top card first
//! (docs/FEN.md); `{QRBNqrbn}` are the unused blue promotion pieces.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use varia::engine::Bits;
use varia::engine::{perft, Game, Move, MoveKind, Position, Status, Tables};
use varia::ir::{Card, Event};
use varia::notation::Describe;

fn tables_with(opts: &[(&str, &str)]) -> Arc<Tables> {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let v = varia::load::builtin("raindropchess", &o).unwrap();
    Arc::new(Tables::new(&v).unwrap())
}

fn tables() -> Arc<Tables> {
    tables_with(&[])
}

fn pos(fen: &str) -> Position {
    Position::from_fen(tables(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn texts(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(|&m| p.move_text(m)).collect()
}

fn draws(p: &Position) -> Vec<Move> {
    p.legal_moves()
        .iter()
        .copied()
        .filter(|m| m.kind() == MoveKind::DrawPlace)
        .collect()
}

fn board_moves(p: &Position) -> Vec<Move> {
    p.legal_moves()
        .iter()
        .copied()
        .filter(|m| m.kind() != MoveKind::DrawPlace)
        .collect()
}

fn sq(p: &Position, name: &str) -> varia::engine::Square {
    p.tables().geometry().parse(name).unwrap()
}

fn squares(p: &Position, moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves
        .iter()
        .filter_map(|m| m.to())
        .map(|s| p.tables().geometry().name(s))
        .collect();
    v.sort();
    v
}

fn ended(g: &Game) -> (u8, Event) {
    match g.status() {
        Status::Ended { winners, cause } => (winners, cause.event),
        s => panic!("not ended: {s:?}"),
    }
}

// 5(c)1 ---------------------------------------------------------------

#[test]
fn before_the_king_only_draw_is_offered() {
    let p = Position::start(tables()).unwrap();
    assert!(!p.legal_moves().is_empty());
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.kind() == MoveKind::DrawPlace));
    // A white rook on the board but no king: still only draws.
    let p = pos("8/8/8/8/8/8/8/R7{QRBNqrbn}|QK,K| w - - 0 1");
    assert!(board_moves(&p).is_empty());
    assert!(!draws(&p).is_empty());
}

#[test]
fn after_the_king_both_draw_and_move_are_offered() {
    let p = pos("8/8/8/8/8/8/8/4K3{QRBNqrbn}|QR,K| w - - 0 1");
    assert!(!draws(&p).is_empty());
    assert!(!board_moves(&p).is_empty());
}

#[test]
fn with_an_empty_deck_only_moves_are_offered() {
    let p = pos("8/8/8/8/8/8/8/4K3{QRBNqrbn}|,K| w - - 0 1");
    assert!(draws(&p).is_empty());
    assert_eq!(board_moves(&p).len(), 5);
}

#[test]
fn the_king_placement_uses_up_the_turn() {
    // R13: placing the king ends the turn; moves come from the next turn on.
    let p = pos("8/8/8/8/8/8/8/8{QRBNqrbn}|KQ,PK| w - - 0 1");
    let mut g = Game::new(p);
    let k = draws(g.position())[0];
    g.play(k);
    assert_eq!(g.position().turn(), 1);
}

// 5(c)2 ---------------------------------------------------------------

#[test]
fn white_pawn_cards_go_on_ranks_2_to_6_only() {
    let p = pos("8/8/8/8/8/8/8/8{QRBNqrbn}|P,P| w - - 0 1");
    let s = squares(&p, &draws(&p));
    assert_eq!(s.len(), 40);
    assert!(s
        .iter()
        .all(|x| ('2'..='6').contains(&x.chars().nth(1).unwrap())));
}

#[test]
fn black_pawn_cards_go_on_ranks_3_to_7_only() {
    let p = pos("8/8/8/8/8/8/8/8{QRBNqrbn}|P,P| b - - 0 1");
    let s = squares(&p, &draws(&p));
    assert_eq!(s.len(), 40);
    assert!(s
        .iter()
        .all(|x| ('3'..='7').contains(&x.chars().nth(1).unwrap())));
}

#[test]
fn pieces_go_on_any_empty_square_never_an_occupied_one() {
    let p = pos("8/8/8/8/3r4/8/8/4K3{QRBNqrbn}|N,K| w - - 0 1");
    let s = squares(&p, &draws(&p));
    assert_eq!(s.len(), 62);
    assert!(!s.contains(&"d4".to_string()) && !s.contains(&"e1".to_string()));
}

#[test]
fn the_king_is_never_placed_on_an_attacked_square() {
    // A black rook on a8 attacks the a-file and rank 8 (14 squares).
    let p = pos("r7/8/8/8/8/8/8/8{QRBNqrbn}|K,K| w - - 0 1");
    let s = squares(&p, &draws(&p));
    assert_eq!(s.len(), 64 - 1 - 14);
    assert!(!s.contains(&"a1".to_string()) && !s.contains(&"h8".to_string()));
}

#[test]
fn the_king_is_never_placed_next_to_the_enemy_king() {
    let p = pos("8/8/8/4k3/8/8/8/8{QRBNqrbn}|K,Q| w - - 0 1");
    let s = squares(&p, &draws(&p));
    assert_eq!(s.len(), 64 - 9);
    for n in ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"] {
        assert!(!s.contains(&n.to_string()), "{n}");
    }
}

// 5(c)3 ---------------------------------------------------------------

#[test]
fn a_placement_may_give_check() {
    let p = pos("7k/8/8/8/8/8/8/K7{QRBNqrbn}|Q,Q| w - - 0 1");
    let q = draws(&p)
        .into_iter()
        .find(|m| m.to() == Some(sq(&p, "h1")))
        .expect("Q@h1 is legal");
    let mut g = Game::new(p);
    g.play(q);
    assert!(g.position().in_check());
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn a_placement_may_give_mate() {
    // Black: Kh8, pawns g7 h7, empty deck. R@a8 mates.
    let p = pos("7k/6pp/8/8/8/8/8/K7{QRBNqrbn}|R,| w - - 0 1");
    let r = draws(&p)
        .into_iter()
        .find(|m| m.to() == Some(sq(&p, "a8")))
        .unwrap();
    let mut g = Game::new(p);
    g.play(r);
    assert_eq!(ended(&g), (0b01, Event::Checkmate));
}

// 5(c)4 ---------------------------------------------------------------

#[test]
fn a_drawn_card_that_can_interpose_must_be_placed_on_a_blocking_square() {
    // White rook d8 checks Kh8 along rank 8; Black's top card is a knight.
    let p = pos("3R3k/6pp/8/8/8/8/8/K7{QRBNqrbn}|Q,NP| b - - 0 1");
    assert!(p.in_check());
    assert!(p.may_draw());
    let d = draws(&p);
    assert_eq!(squares(&p, &d), vec!["e8", "f8", "g8"]);
    assert!(board_moves(&p).is_empty());
}

#[test]
fn a_drawn_card_that_cannot_interpose_loses() {
    // Top card a pawn (never on rank 8), a knight below it: drawing is open
    // (a knight could block), the pawn has no square: Black loses.
    let p = pos("3R3k/6pp/8/8/8/8/8/K7{QRBNqrbn}|Q,PN| b - - 0 1");
    let d = draws(&p);
    assert_eq!(d.len(), 1);
    assert!(matches!(d[0], Move::Reveal { .. }));
    let mut g = Game::new(p);
    g.play(d[0]);
    assert_eq!(ended(&g), (0b01, Event::UnplaceableCard));
}

#[test]
fn a_card_with_no_square_can_go_back_under_return_and_move() {
    let t = tables_with(&[("unplaceable_card", "return_and_move")]);
    let p = Position::from_fen(t, "3R3k/7p/8/8/8/8/8/K7{QRBNqrbn}|Q,PN| b - - 0 1").unwrap();
    let d = draws(&p);
    assert_eq!(d.len(), 1);
    let mut g = Game::new(p);
    g.play(d[0]);
    let p = g.position();
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(p.turn(), 1, "the same player must now move");
    assert!(p.must_move(1));
    assert_eq!(
        p.peek_deck(1).len(),
        2,
        "the card went back (to the bottom)"
    );
    assert!(matches!(
        p.peek_top_card(1),
        Some(Card::Piece { piece: 4, .. })
    ));
    assert!(draws(p).is_empty());
    assert_eq!(squares(p, &board_moves(p)), vec!["g7"]);
    assert_eq!(p.hash(), p.hash_from_scratch());
}

#[test]
fn returned_card_with_no_board_move_loses() {
    let t = tables_with(&[("unplaceable_card", "return_and_move")]);
    let p = Position::from_fen(t, "3R3k/6pp/8/8/8/8/8/K7{QRBNqrbn}|Q,PN| b - - 0 1").unwrap();
    let d = draws(&p);
    let mut g = Game::new(p);
    g.play(d[0]);
    assert_eq!(ended(&g).0, 0b01);
}

#[test]
fn a_knight_check_with_no_escape_and_cards_left_is_mate() {
    // Smothered: Kh8, Rg8, pawns g7 h7; Nf7 checks. No card can help.
    let p = pos("6rk/5Npp/8/8/8/8/8/K7{QRBNqrbn}|Q,QRN| b - - 0 1");
    assert!(p.in_check());
    assert!(!p.may_draw());
    assert!(p.legal_moves().is_empty());
    assert_eq!(ended(&Game::new(p)), (0b01, Event::Checkmate));
}

#[test]
fn a_sliding_check_only_pawn_cards_left_on_a_forbidden_rank_is_mate() {
    let p = pos("R6k/6pp/8/8/8/8/8/K7{QRBNqrbn}|Q,PPP| b - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(ended(&Game::new(p)), (0b01, Event::Checkmate));
}

#[test]
fn a_sliding_check_with_a_piece_card_left_is_not_mate() {
    // The same check, one knight among the pawns: drawing stays open even
    // though the top card is a pawn (the order is never read).
    let p = pos("R6k/6pp/8/8/8/8/8/K7{QRBNqrbn}|Q,PPNP| b - - 0 1");
    assert!(p.may_draw());
    assert_eq!(p.legal_moves().len(), 1);
    assert_eq!(Game::new(p).status(), Status::Ongoing);
}

#[test]
fn drawing_while_in_check_reads_only_the_multiset() {
    // Every order of the same multiset offers drawing alike.
    let t = tables();
    for deck in ["PPN", "PNP", "NPP"] {
        let p = Position::from_fen(
            t.clone(),
            &format!("R6k/6pp/8/8/8/8/8/K7{{QRBNqrbn}}|Q,{deck}| b - - 0 1"),
        )
        .unwrap();
        assert!(p.may_draw(), "{deck}");
    }
}

// 5(c)5 ---------------------------------------------------------------

#[test]
fn an_unplaceable_king_card_loses() {
    // Black rooks on a1..a8 attack every empty square.
    let p = pos("r7/r7/r7/r7/r7/r7/r7/r7{QRBNqrbn}|K,K| w - - 0 1");
    let d = draws(&p);
    assert_eq!(d.len(), 1);
    assert!(matches!(d[0], Move::Reveal { .. }));
    let mut g = Game::new(p);
    g.play(d[0]);
    assert_eq!(ended(&g), (0b10, Event::UnplaceableCard));
}

// 5(c)6 ---------------------------------------------------------------

#[test]
fn pawns_step_one_square_no_double_step_no_en_passant() {
    let p = pos("4k3/8/8/8/8/8/4P3/4K3{QRBNqrbn}|,| w - - 0 1");
    let t = texts(&p);
    assert!(t.contains(&"e2e3".to_string()));
    assert!(!t.contains(&"e2e4".to_string()));
    // A black pawn next to a white pawn that just arrived: no e.p. exists.
    let p = pos("4k3/8/8/8/3pP3/8/8/4K3{QRBNqrbn}|,| b - - 0 1");
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.kind() != MoveKind::EnPassant));
}

// 5(c)7 ---------------------------------------------------------------

#[test]
fn promotion_offers_only_unused_blue_pieces() {
    let p = pos("7k/4P3/8/8/8/8/8/K7{QRBNqrbn}|,| w - - 0 1");
    let t = texts(&p);
    for s in ["e7e8q", "e7e8r", "e7e8b", "e7e8n"] {
        assert!(t.contains(&s.to_string()), "{s}");
    }
    let p = pos("7k/4P3/8/8/8/8/8/K7{RNqrbn}|,| w - - 0 1");
    let promos: Vec<String> = texts(&p)
        .into_iter()
        .filter(|s| s.starts_with("e7e8"))
        .collect();
    assert_eq!(promos, vec!["e7e8r", "e7e8n"]);
}

#[test]
fn the_fifth_pawn_stays_on_the_last_rank_and_is_immobile() {
    let p = pos("7k/4P3/8/8/8/8/8/K7{qrbn}|,| w - - 0 1");
    let promos: Vec<String> = texts(&p)
        .into_iter()
        .filter(|s| s.starts_with("e7e8"))
        .collect();
    assert_eq!(promos, vec!["e7e8"]);
    let mv = p.parse_move("e7e8").unwrap();
    let mut g = Game::new(p);
    g.play(mv);
    let after = g.position();
    let e8 = sq(after, "e8");
    assert_eq!(after.man_at(e8).unwrap().kind(), 5, "still a pawn");
    assert!(after.attacks_from(e8).is_empty());
    // White to move again later: the pawn has no move.
    let p = pos("4P2k/8/8/8/8/8/8/K7{qrbn}|,| w - - 0 1");
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.from() != Some(sq(&p, "e8"))));
}

#[test]
fn a_captured_blue_queen_does_not_come_back() {
    // White's blue queen (pool used) on d5 is taken: the pool stays empty.
    let p = pos("7k/4P3/8/3Q4/4b3/8/8/K7{RBNqrbn}|,| b - - 0 1");
    let mv = p.parse_move("e4d5").unwrap();
    let mut g = Game::new(p);
    g.play(mv);
    assert_eq!(g.position().pool(0, 1), 0);
    let w = g.position().parse_move("a1b1").unwrap();
    g.play(w);
    let b = g.position().parse_move("d5e6").unwrap();
    g.play(b);
    let promos: Vec<String> = texts(g.position())
        .into_iter()
        .filter(|s| s.starts_with("e7e8"))
        .collect();
    assert_eq!(promos, vec!["e7e8r", "e7e8b", "e7e8n"]);
}

// 5(c)8 ---------------------------------------------------------------

#[test]
fn there_is_never_a_castling_move() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R{QRBNqrbn}|,| w - - 0 1");
    assert!(p.legal_moves().iter().all(|m| m.kind() != MoveKind::Castle));
    assert!(!texts(&p).contains(&"e1g1".to_string()));
}

// 5(c)9 ---------------------------------------------------------------

#[test]
fn stalemate_with_an_empty_deck_is_a_draw() {
    let p = pos("k7/8/1Q6/8/8/8/8/2K5{QRBNqrbn}|,| b - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(ended(&Game::new(p)), (0, Event::Stalemate));
    // With a card left, drawing is always open: no stalemate.
    let p = pos("k7/8/1Q6/8/8/8/8/2K5{QRBNqrbn}|,P| b - - 0 1");
    assert!(!p.legal_moves().is_empty());
}

// 5(c)10 --------------------------------------------------------------

#[test]
fn repetition_cannot_occur_across_a_draw() {
    let p = pos("k7/8/8/8/8/8/8/K7{QRBNqrbn}|N,N| w - - 0 1");
    let mut g = Game::new(p);
    let start = g.position().repetition_key();
    for text in ["a1b1", "a8b8", "b1a1", "b8a8"] {
        let m = g.position().parse_move(text).unwrap();
        g.play(m);
    }
    assert_eq!(g.position().repetition_key(), start);
    assert_eq!(g.occurrences(), 2);
    let d = draws(g.position())
        .into_iter()
        .find(|m| m.to() == Some(sq(g.position(), "h1")))
        .unwrap();
    g.play(d);
    // The deck differs from every earlier position: a new position.
    assert_eq!(g.occurrences(), 1);
    // Same board, different deck multiset: different keys.
    let a = pos("k7/8/8/8/8/8/8/K7{QRBNqrbn}|N,N| w - - 0 1");
    let b = pos("k7/8/8/8/8/8/8/K7{QRBNqrbn}|B,N| w - - 0 1");
    assert_ne!(a.hash(), b.hash());
}

// 5(c)11 --------------------------------------------------------------

#[test]
fn a_player_without_a_king_is_never_in_check_and_can_lose_men() {
    // Black has no king; a white rook attacks the black knight a5.
    let p = pos("8/8/8/n7/8/8/8/R3K3{QRBNqrbn}|,K| b - - 0 1");
    assert!(!p.in_check());
    assert!(!p.royal_attacked(1));
    let p = pos("8/8/8/n7/8/8/8/R3K3{QRBNqrbn}|,K| w - - 0 1");
    assert!(texts(&p).contains(&"a1a5".to_string()));
    // And the kingless side cannot move (moves need the own king).
    let p = pos("8/8/8/n7/8/8/8/R3K3{QRBNqrbn}|,K| b - - 0 1");
    assert!(board_moves(&p).is_empty());
}

// 5(c)12: jokers --------------------------------------------------------

#[test]
fn joker_extra_action_before_and_after_the_king() {
    let t = tables_with(&[("jokers_per_deck", "1"), ("joker_effect", "extra_action")]);
    // Before the king: the joker, then White draws again.
    let p = Position::from_fen(t.clone(), "8/8/8/8/8/8/8/8{QRBNqrbn}|*K,K| w - - 0 1").unwrap();
    let d = draws(&p);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].to(), None);
    let mut g = Game::new(p);
    g.play(d[0]);
    assert_eq!(g.position().turn(), 0);
    assert!(board_moves(g.position()).is_empty());
    assert_eq!(draws(g.position()).len(), 64);
    // After the king: the joker, then a move or a draw.
    let p = Position::from_fen(t, "7k/8/8/8/8/8/8/K7{QRBNqrbn}|*N,K| w - - 0 1").unwrap();
    let mut g = Game::new(p);
    let j = draws(g.position())[0];
    g.play(j);
    assert_eq!(g.position().turn(), 0);
    assert!(!board_moves(g.position()).is_empty());
    assert!(!draws(g.position()).is_empty());
}

#[test]
fn joker_removal_is_refused_without_own_king() {
    let t = tables_with(&[
        ("jokers_per_deck", "1"),
        ("joker_effect", "remove_enemy_piece"),
    ]);
    let p = Position::from_fen(t.clone(), "7k/6n1/8/8/8/8/8/8{QRBNqrbn}|*K,Q| w - - 0 1").unwrap();
    let d = draws(&p);
    assert_eq!(d.len(), 1, "the joker is only discarded");
    assert_eq!(d[0].to(), None);
    // With the own king: any enemy man but the king.
    let p = Position::from_fen(t, "7k/6n1/8/8/8/8/8/K7{QRBNqrbn}|*Q,Q| w - - 0 1").unwrap();
    let d = draws(&p);
    assert_eq!(squares(&p, &d), vec!["g7"]);
    let mut g = Game::new(p);
    g.play(d[0]);
    assert!(g.position().man_at(sq(g.position(), "g7")).is_none());
    assert_eq!(g.position().turn(), 1);
    assert_eq!(g.position().hash(), g.position().hash_from_scratch());
}

#[test]
fn joker_drawn_while_in_check_must_parry() {
    let t = tables_with(&[
        ("jokers_per_deck", "1"),
        ("joker_effect", "remove_enemy_piece"),
    ]);
    // White Kh1 (pawn h2) is checked by the black rook a1; a black knight
    // stands on a8. Only removing the rook parries.
    let p =
        Position::from_fen(t.clone(), "n6k/8/8/8/8/8/7P/r6K{QRBNqrbn}|*Q,Q| w - - 0 1").unwrap();
    assert!(p.in_check());
    let d = draws(&p);
    assert_eq!(squares(&p, &d), vec!["a1"]);
    // Under extra_action the joker is drawn and the player then must parry.
    let t = tables_with(&[("jokers_per_deck", "1"), ("joker_effect", "extra_action")]);
    let p = Position::from_fen(t, "n6k/8/8/8/8/8/7P/r6K{QRBNqrbn}|*Q,Q| w - - 0 1").unwrap();
    let d = draws(&p);
    assert_eq!(d.len(), 1);
    let mut g = Game::new(p);
    g.play(d[0]);
    let after = g.position();
    assert!(after.in_check() && after.turn() == 0);
    assert!(squares(after, &draws(after))
        .iter()
        .all(|s| s.ends_with('1') && s != "a1"));
}

// 5(c)13 --------------------------------------------------------------

#[test]
fn light_dark_bishop_cards_keep_to_their_colour() {
    let t = tables_with(&[("bishop_cards", "light_dark")]);
    let p =
        Position::from_fen(t.clone(), "8/8/8/8/8/8/8/8{QRBNqrbn}|B(light),K| w - - 0 1").unwrap();
    let s = squares(&p, &draws(&p));
    assert_eq!(s.len(), 32);
    assert!(s.contains(&"h1".to_string()) && !s.contains(&"a1".to_string()));
    let p =
        Position::from_fen(t.clone(), "8/8/8/8/8/8/8/8{QRBNqrbn}|B(dark),K| w - - 0 1").unwrap();
    let s = squares(&p, &draws(&p));
    assert_eq!(s.len(), 32);
    assert!(s.contains(&"a1".to_string()));
    let start = Position::start_seeded(t, 5).unwrap();
    assert!(start.fen().contains("B(light)") && start.fen().contains("B(dark)"));
}

// Decks, seeds, FEN, determinisation -------------------------------------

#[test]
fn seeded_starts_shuffle_the_decks_and_seed_0_is_the_default() {
    let t = tables();
    let a = Position::start_seeded(t.clone(), 0).unwrap();
    let b = Position::start(t.clone()).unwrap();
    assert_eq!(a.fen(), b.fen());
    let c = Position::start_seeded(t.clone(), 1).unwrap();
    assert_ne!(a.peek_deck(0), c.peek_deck(0));
    // Same multiset, same hash.
    assert_eq!(a.hash(), c.hash());
    assert_eq!(a.deck_counts(0), c.deck_counts(0));
    assert_eq!(a.deck_len(0), 16);
}

#[test]
fn two_seeds_never_deal_the_same_decks_swapped() {
    let t = tables();
    let deal = |seed: u64| {
        let p = Position::start_seeded(t.clone(), seed).unwrap();
        (p.peek_deck(0), p.peek_deck(1))
    };
    // Per-player seeds `seed ^ (p + 1)` dealt seed s's decks to seed s ^ 3
    // with the players swapped.
    for s in 0..64u64 {
        let (a0, a1) = deal(s);
        let (b0, b1) = deal(s ^ 3);
        assert!(!(a0 == b1 && a1 == b0), "seeds {s} and {} swap", s ^ 3);
    }
    let mut seen = std::collections::HashMap::new();
    for s in 0..3000u64 {
        let (a, b) = deal(s);
        if let Some(o) = seen.get(&(b.clone(), a.clone())) {
            panic!("seeds {o} and {s} deal the same decks swapped");
        }
        seen.insert((a, b), s);
    }
}

#[test]
fn fen_round_trips_the_decks() {
    let t = tables();
    for seed in 0..5 {
        let p = Position::start_seeded(t.clone(), seed).unwrap();
        let q = Position::from_fen(t.clone(), &p.fen()).unwrap();
        assert_eq!(p.fen(), q.fen());
        assert_eq!(p.peek_deck(0), q.peek_deck(0));
        assert_eq!(p.hash(), q.hash());
    }
    let t = tables_with(&[("unplaceable_card", "return_and_move")]);
    let f = "3R3k/7p/8/8/8/8/8/K7{QRBNqrbn}|Q,!NP| b - - 0 1";
    assert_eq!(Position::from_fen(t, f).unwrap().fen(), f);
}

#[test]
fn redeal_keeps_the_multiset_and_the_hash() {
    let t = tables();
    let mut p = Position::start_seeded(t, 3).unwrap();
    let (h, counts, order) = (p.hash(), p.deck_counts(1), p.peek_deck(1));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    p.redeal_hidden(&mut rng);
    assert_eq!(p.hash(), h);
    assert_eq!(p.hash(), p.hash_from_scratch());
    assert_eq!(p.deck_counts(1), counts);
    assert_ne!(p.peek_deck(1), order);
}

#[test]
fn perft_agrees_with_and_without_the_fast_legality_path() {
    let v = varia::load::builtin("raindropchess", &[]).unwrap();
    let fast = Arc::new(Tables::new(&v).unwrap());
    let slow = Arc::new(Tables::new(&v).unwrap().without_fast_legality());
    for fen in [
        "1k1N4/6p1/1p1K3p/PP1N1p1r/p1P1p2R/2P2pB1/2bqP3/8{QRBNqrbn}|PPBRPQ,NBNP| w - - 0 13",
        "3R3k/6pp/8/8/8/8/8/K7{QRBNqrbn}|Q,PN| b - - 0 1",
    ] {
        let mut a = Position::from_fen(fast.clone(), fen).unwrap();
        let mut b = Position::from_fen(slow.clone(), fen).unwrap();
        for d in 1..=3 {
            assert_eq!(perft(&mut a, d), perft(&mut b, d), "{fen} depth {d}");
        }
    }
}

// R9 ------------------------------------------------------------------

#[test]
fn insufficient_material_only_once_both_decks_are_empty() {
    let g = Game::new(pos("k7/8/8/8/8/8/8/K7{QRBNqrbn}|,| w - - 0 1"));
    assert_eq!(ended(&g), (0, Event::InsufficientMaterial));
    // A card left in a deck keeps the game alive.
    let g = Game::new(pos("k7/8/8/8/8/8/8/K7{QRBNqrbn}|,P| w - - 0 1"));
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn placements_reset_the_fifty_move_counter() {
    let p = pos("k7/8/8/8/8/8/8/K7{QRBNqrbn}|N,N| w - - 40 30");
    let d = draws(&p)[0];
    let mut g = Game::new(p);
    g.play(d);
    assert_eq!(g.position().quiet_plies(), 0);
}

#[test]
fn legality_apart_from_the_drawn_card_ignores_the_order() {
    // Over many redeals of a mid-game position in check, the board moves
    // and whether drawing is open never change; the draws listed are always
    // those of the (re-dealt) top card.
    let mut p = pos("R6k/6pp/8/8/8/8/8/K7{QRBNqrbn}|Q,PPNPB| b - - 0 1");
    let base_moves = board_moves(&p);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..20 {
        p.redeal_hidden(&mut rng);
        assert_eq!(board_moves(&p), base_moves);
        assert!(p.may_draw());
        let d = draws(&p);
        assert!(!d.is_empty());
        let top = p.peek_top_card(1).unwrap();
        for m in d {
            // A card with no legal square is revealed, not placed.
            if let (Card::Piece { piece, .. }, Move::Draw { .. }) = (top, m) {
                assert_eq!(m.placed(), Some(piece));
            }
        }
    }
    // Through a Game, with a dynamic RNG (as the AI holds it).
    let mut g = Game::new(Position::start(tables()).unwrap());
    let h = g.position().hash();
    let mut r: Box<dyn rand::RngCore> = Box::new(ChaCha8Rng::seed_from_u64(2));
    g.redeal_hidden(&mut *r);
    assert_eq!(g.position().hash(), h);
}
