//! One named test per kind of refusal that a variant's own rules make
//! (`varia::explain`): immobilisers, pins against captures of other
//! shapes, boards in layers, turns of several moves, prisons, walls,
//! lions, rebirth; on real positions of the shipped variants.

use varia::explain::*;
use varia::play::session::Session;

#[path = "explain/common.rs"]
mod common;
use common::*;

#[test]
fn an_immobilised_man_names_the_immobiliser() {
    // Ultima: the white withdrawer on d4 stands next to Black's
    // immobiliser on d5.
    let s = session("ultima", Some("k7/8/8/3i4/3W4/8/8/7K w - - 0 1"));
    let e = why(&s, "d4a1");
    assert!(
        matches!(&e.reason, Reason::Immobilised { man, by }
            if man == "your withdrawer on d4" && by == "Black's immobiliser on d5"),
        "{e:?}"
    );
    assert_eq!(
        e.text,
        "Your withdrawer on d4 is immobilised by Black's immobiliser on d5 next to it: a man a king step from an enemy immobiliser makes no move until the immobiliser leaves or is taken."
    );
    assert!(e
        .squares
        .iter()
        .any(|m| m.square == "d5" && m.role == Role::Attacker));
    // An immobiliser held by an enemy chameleon names the chameleon.
    let s = session("ultima", Some("k7/8/8/3x4/3I4/8/8/7K w - - 0 1"));
    let e = why(&s, "d4a1");
    assert!(
        matches!(&e.reason, Reason::Immobilised { by, .. } if by == "Black's chameleon on d5"),
        "{e:?}"
    );
    // A leap over two men in a row is a move the leaper cannot make; the
    // leap over one man is legal.
    let s = session("ultima", Some("k7/8/2p5/2p5/8/8/2L5/K7 w - - 0 1"));
    assert!(!why(&s, "c2c7").legal);
    let s = session("ultima", Some("k7/8/2p5/8/8/8/2L5/K7 w - - 0 1"));
    assert!(why(&s, "c2c7").legal);
}

/// Ultima: a man whose move would open its king to a capture of another
/// shape (a long leap, a coordination, custody) is pinned by the man that
/// would take: named and marked, not "not a legal action here" (the
/// attack tables know only captures by replacement).
#[test]
fn a_man_pinned_against_a_capture_of_another_shape_names_the_taker() {
    // Black's chameleon on f5 stands between White's leaper on b1 and
    // Black's king on g6, with h7 empty behind the king: if it moves, the
    // leaper jumps the king.
    let s = session(
        "ultima",
        Some("clx4i/p1pwp1p1/Xp2l1kp/P2p1x1p/8/4X2P/IP4PL/1LPKWP1C b - - 1 17"),
    );
    let e = why(&s, "f5c2");
    assert!(
        matches!(&e.reason, Reason::Pinned { man, royal, by }
            if man == "your chameleon on f5" && royal == "your king on g6"
            && by == &["White's leaper on b1".to_string()]),
        "{e:?}"
    );
    assert!(e
        .squares
        .iter()
        .any(|m| m.square == "b1" && m.role == Role::Attacker));
    // A king in reach of a coordination is in check, and its checker is
    // named: White's coordinator on h1 goes to h8, where its rank meets
    // the file of White's king on d1 at d8, Black's king's square.
    let s = session("ultima", Some("3k4/8/8/8/8/8/8/3K3C b - - 0 1"));
    assert!(s.position().in_check());
    let by: Vec<String> = s
        .position()
        .checkers()
        .into_iter()
        .map(|sq| s.square_name(sq))
        .collect();
    assert_eq!(by, ["h1"], "the coordinator checks");
}

#[test]
fn a_move_onto_a_taken_square_of_the_next_board_names_the_man_there() {
    // Alice chess: White's knight on g1 would reach f3 and pass to f11
    // (board B's f3), where a black knight stands.
    let s = session(
        "alice",
        Some("8/8/8/8/8/5n2/8/8/4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"),
    );
    let e = why(&s, "Nf3");
    assert!(
        matches!(&e.reason, Reason::LayerTaken { man, at, next, there }
            if man == "your knight on g1" && at == "f3" && next == "f11"
            && there == "Black's knight on f11"),
        "{e:?}"
    );
    assert!(!e.legal);
    assert_eq!(
        e.text,
        "Your knight on g1 would reach f3 and pass to f11 on the next board, where Black's knight on f11 stands: after its move a man passes to the same square of the next board, which must be empty."
    );
    // Its other move is open: the square under h3 is empty.
    assert!(why(&s, "Nh3").legal);
}

// ---- `turn royal safe at end` (Monster chess) ------------------------

#[test]
fn a_first_move_of_a_turn_with_no_safe_second_names_the_attacker() {
    // vchess's "not a checkmate": the king on h6 is attacked by the queen
    // on g6. Kh5 stays attacked and no second move of the turn saves it.
    let s = session(
        "monster",
        Some("rbbknn1r/1p2pp1p/2p3qK/p2p2p1/2PPP3/8/5P2/8 w - - 0 1"),
    );
    let e = why(&s, "h6h5");
    assert!(!e.legal);
    assert!(
        matches!(&e.reason, Reason::NoSafeFinish { action, royal, by }
            if action == "your king on h6 goes to h5"
            && royal.as_deref() == Some("your king on h5")
            && by == &["Black's queen on g6".to_string()]),
        "{e:?}"
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("turn royal safe at end")
    );
    assert!(e.text.contains("no action left in your turn"), "{}", e.text);
    assert!(e
        .squares
        .iter()
        .any(|m| m.square == "g6" && m.role == Role::Attacker));
    // Kg7 is attacked too, but Kxf7 or a retreat follows: legal.
    assert!(why(&s, "h6g7").legal);
}

#[test]
fn a_king_step_into_two_enemy_steps_is_threatened_with_the_line() {
    let s = session("monster", Some("4k3/8/8/4K3/8/8/8/8 b - - 0 1"));
    let e = why(&s, "e8e7");
    assert!(!e.legal);
    assert!(
        matches!(&e.reason, Reason::Threatened { royal, player, line, still: false }
            if royal == "your king on e7" && player == "White"
            && line.len() == 2 && line[1].ends_with("xe7")),
        "{e:?}"
    );
    assert!(
        e.text
            .starts_with("Your king on e7 would be threatened: White could take it"),
        "{}",
        e.text
    );
    assert!(e
        .squares
        .iter()
        .any(|m| m.square == "e5" && m.role == Role::Attacker));
    assert!(why(&s, "e8d8").legal);
}

#[test]
fn a_check_that_does_not_answer_a_two_move_threat_is_still_threatened() {
    // The pawn on d6 threatens d7 and dxe8; Qc1 checks the white king
    // but leaves the threat.
    let s = session("monster", Some("4k3/8/3P4/8/8/8/2q5/7K b - - 0 1"));
    let e = why(&s, "c2c1");
    assert!(
        matches!(&e.reason, Reason::Threatened { royal, line, still: true, .. }
            if royal == "your king on e8"
            && line == &["pawn d6-d7".to_string(), "pawn d7xe8".to_string()]),
        "{e:?}"
    );
    assert_eq!(
        e.text,
        "Your king on e8 would still be threatened: White could take it in its next turn (pawn d6-d7, then pawn d7xe8)."
    );
}

/// Hostage chess: each reason an exchange (`N-B@f7`) can be refused, and
/// the legal one.
#[test]
fn a_hostage_exchange_names_the_prison_the_value_order_or_the_square() {
    // White holds a black pawn; Black holds a white pawn.
    let s = played("hostage", &["e4", "d5", "exd5", "Qxd5"]);
    let e = why(&s, "P-P@e4");
    assert!(e.legal, "{e:?}");
    assert!(
        matches!(&e.reason, Reason::Legal { action } if action.starts_with("P-P@e4")),
        "{e:?}"
    );
    let e = why(&s, "N-P@e4");
    assert!(
        matches!(&e.reason, Reason::NoHostage { piece } if piece == "knight"),
        "{e:?}"
    );
    assert_eq!(
        e.text,
        "Your prison holds no knight: you can only give a hostage you hold."
    );
    let e = why(&s, "P-N@e4");
    assert!(
        matches!(&e.reason, Reason::NotHeld { piece } if piece == "knight"),
        "{e:?}"
    );
    // The king is in no value order: never exchanged, the order told
    // (kinds of one value in the order the file declares the pieces).
    let e = why(&s, "P-K@e4");
    assert!(
        matches!(&e.reason, Reason::NeverExchanged { piece } if piece == "king"),
        "{e:?}"
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("exchange pawn < bishop = knight < rook < queen")
    );
    // The drop is a placement: an occupied square, a pawn on the last rank.
    let e = why(&s, "P-P@d2");
    assert!(
        matches!(&e.reason, Reason::Occupied { square, .. } if square == "d2"),
        "{e:?}"
    );
    let e = why(&s, "P-P@d8");
    assert!(!e.legal, "{e:?}");
    assert!(
        matches!(&e.reason, Reason::PlacementCondition { piece, square, .. } if piece == "pawn" && square == "d8"),
        "{e:?}"
    );
    // A knight is worth more than a pawn: White, holding a pawn, cannot
    // buy back its knight.
    let s = played("hostage", &["Nc3", "d5", "Nxd5", "Qxd5"]);
    let e = why(&s, "P-N@e4");
    assert!(
        matches!(&e.reason, Reason::ExchangeValue { give, take } if give == "pawn" && take == "knight"),
        "{e:?}"
    );
    assert_eq!(
        e.text,
        "A knight is worth more than a pawn: a hostage buys back a man of equal or lower value only."
    );
    // Chess has no exchanges at all.
    let e = why(&session("chess", None), "P-P@e4");
    assert!(matches!(e.reason, Reason::NoExchanges), "{e:?}");
}

/// Duck chess (`then move wall`): a board move typed without the wall's
/// square is the first part of many actions, not one legal action; the
/// answer says so, with one whole action as the example, and a promotion
/// left out is asked for by the kinds, not by every action.
#[test]
fn a_duck_move_without_the_wall_square_asks_where_the_wall_goes() {
    let s = session("duck", None);
    let e = why(&s, "e2e4");
    let n = s
        .position()
        .legal_moves()
        .iter()
        .filter(|m| m.from().map(|f| s.square_name(f)).as_deref() == Some("e2"))
        .filter(|m| m.to().map(|t| s.square_name(t)).as_deref() == Some("e4"))
        .count();
    assert!(n > 1, "{n}");
    assert!(
        matches!(&e.reason, Reason::WallNeeded { example, squares }
            if example.starts_with("e4,") && *squares == n),
        "{e:?}"
    );
    assert!(!e.legal);
    assert!(e.text.contains("a wall is put down after it"), "{}", e.text);
    // The whole action is legal.
    assert!(why(&s, "e4,d5").legal);

    let s = session("duck", Some("4k3/2P5/8/8/8/8/8/4K3 w - - 0 1"));
    let e = why(&s, "c7c8");
    assert!(
        matches!(&e.reason, Reason::PromotionNeeded { choices }
            if choices == &["queen", "rook", "bishop", "knight"]),
        "{e:?}"
    );
    let e = why(&s, "c7c8q");
    assert!(
        matches!(&e.reason, Reason::WallNeeded { example, .. } if example.starts_with("c8=Q")),
        "{e:?}"
    );
}

/// A move typed with its from-square and a piece letter (`Ne2e4`) names
/// the piece that moves: with a pawn on e2 it is refused for the letter,
/// never called legal for the squares alone (it was: "e4 is a legal
/// action here", and the prompt did not play it); a letter no piece has
/// is named.
#[test]
fn a_piece_letter_that_is_not_the_mans_piece_is_named() {
    let s = session("chess", None);
    let e = why(&s, "Ne2e4");
    assert!(
        matches!(&e.reason, Reason::OtherPiece { man, piece }
            if man == "your pawn on e2" && piece == "knight"),
        "{e:?}"
    );
    assert!(!e.legal);
    assert_eq!(
        e.text,
        "Your pawn on e2 is not a knight: the letter names the piece that moves."
    );
    assert!(e
        .squares
        .iter()
        .any(|m| m.square == "e2" && m.role == Role::From));
    let e = why(&s, "Qe2xe4");
    assert!(matches!(&e.reason, Reason::OtherPiece { .. }), "{e:?}");
    let e = why(&s, "Ze2e4");
    assert!(
        matches!(&e.reason, Reason::NoSuchPiece { letter } if letter == "Z"),
        "{e:?}"
    );
    // The right letter, or none, is judged by the move itself.
    assert!(why(&s, "Pe2e4").legal);
    assert!(why(&s, "Ng1-f3").legal);
    // An empty square or an enemy man: the move's own reason.
    assert!(matches!(why(&s, "Ne3e4").reason, Reason::NoMan { .. }));
    assert!(matches!(why(&s, "Ne7e5").reason, Reason::NotYours { .. }));
}

/// Hostage chess's promotion from a prison: with none of its side's
/// pieces held by the opponent, a pawn may not move to the last rank, and
/// `why` says so.
#[test]
fn a_pawn_with_no_piece_held_may_not_promote_from_the_prison() {
    let s = session("hostage", Some("4k3/1P6/8/8/8/8/8/4K3[][P] w - - 0 1"));
    let e = why(&s, "b7b8q");
    assert!(!e.legal);
    assert!(
        matches!(&e.reason, Reason::NoneHeldToPromote { man, to, choices }
            if man == "your pawn on b7" && to == "b8" && choices.len() == 4),
        "{e:?}"
    );
    assert!(
        e.text.contains("held in the opponent's prison"),
        "{}",
        e.text
    );
    // With a rook held, the rook is the one choice.
    let s = session("hostage", Some("4k3/1P6/8/8/8/8/8/4K3[][R] w - - 0 1"));
    let e = why(&s, "b7b8q");
    assert!(
        matches!(&e.reason, Reason::NotAChoice { choices, from_prison: true, .. } if choices == &["rook".to_string()]),
        "{e:?}"
    );
    // It says why: the queen is not held (not that a queen is no choice).
    assert_eq!(
        e.text,
        "Your pawn on b7 cannot become a queen: it promotes only by changing places with a man of its side held in the opponent's prison, which holds no queen; it may become a rook."
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("promote pawn to queen, rook, bishop, knight from prison")
    );
    assert!(why(&s, "b7b8r").legal);
    // A kind the rule never names is no choice at all, held or not.
    let e = why(&s, "b7b8k");
    assert!(
        matches!(
            &e.reason,
            Reason::NotAChoice {
                from_prison: false,
                ..
            }
        ),
        "{e:?}"
    );
}

/// Chu shogi's lion trading rules (`lion trading`): a lion taking a
/// protected lion from afar is refused naming the protectors and the
/// bridge; after a non-lion takes a lion, a non-lion taking a lion is
/// refused for that. (Both were "not a legal action here".)
#[test]
fn the_lion_trading_rules_say_why_a_lion_may_not_be_taken() {
    // White's lion e5, Black's lion e7 with a pawn behind it on e8.
    let s = session(
        "chu",
        Some("6k5/12/12/12/4p7/4n7/3p1g6/4N7/12/12/12/5K6 w - - 0 1"),
    );
    for text in ["e5e7", "e5d6,d6e7"] {
        let e = why(&s, text);
        assert!(
            matches!(&e.reason, Reason::LionProtected { man, lion, by, bridge }
                if man == "your lion on e5" && lion == "Black's lion on e7"
                && by.contains(&"Black's pawn on e8".to_string())
                && bridge.as_ref().is_some_and(|b| b.contains(&"pawn".to_string()))),
            "{text}: {e:?}"
        );
        assert!(!e.legal);
        assert!(e.text.contains("that lion is protected"), "{}", e.text);
        assert!(e
            .squares
            .iter()
            .any(|m| m.square == "e8" && m.role == Role::Attacker));
        assert!(
            e.rule
                .as_ref()
                .is_some_and(|r| r.text.starts_with("lion trading lion")),
            "{e:?}"
        );
    }
    // The gold on f6 is a bridge: taking it first, the lion may.
    assert!(why(&s, "e5f6,f6e7").legal);

    // White's gold on e5 takes Black's lion on f6: Black's silver on d5
    // may not take White's lion on e4 on the next move, as White's silver
    // on d3 protects it (chu plays the Okazaki rule: `counter
    // unprotected`).
    let mut s = session(
        "chu",
        Some("6k5/12/12/12/12/12/5n6/3sG7/4N7/3S8/12/5K6 w - - 0 1"),
    );
    let m = s.parse("e5f6").expect("the gold takes the lion");
    s.play_noted(m);
    let e = why(&s, "d5e4");
    assert!(
        matches!(&e.reason, Reason::LionTradeBarred { man, by }
            if man == "your silver on d5" && by.len() == 1 && by[0].contains("d3")),
        "{e:?}"
    );
    assert!(e.text.starts_with("A lion was just taken"), "{}", e.text);
    assert!(e.text.contains("unprotected"), "{}", e.text);
    assert!(e.text.contains("d3"), "{}", e.text);
}

/// `lion trading` without `counter unprotected`: every counter-strike by
/// a non-lion is refused, an unprotected lion too, and `why` says only a
/// lion may take one now; with it, the same capture is legal.
#[test]
fn the_counter_strike_bar_says_only_a_lion_may_take_a_lion() {
    let text = |counter: &str| {
        format!(
            "variant liontrade \"Lion trading\" {{
  players white, black
  board 6x6
  piece king K moves \"K\"
  piece lion L moves \"KNAD\" lion \"K\"
  piece gold G moves \"WfF\"
  piece pawn P moves \"fW\"
  setup {{
    white: K a1, L c1, G d1, P b2..e2
    black: rotate white 180
  }}
  lion trading lion bridge except pawn{counter}
  end {{ extinct king -> lose }}
}}
"
        )
    };
    // Black to move just after a lion was taken by a non-lion: its gold
    // on c4 attacks White's lion on c3, which nothing protects.
    let fen = "5k/6/2g3/2L3/6/K5<traded:1> b - - 0 1";
    let load = |t: String| {
        let c = varia::load::load_str("liontrade.variant", &t, &[]);
        assert!(!c.has_errors(), "{:?}", c.diagnostics);
        Session::new(&c.variants[0], Some(fen), 1).expect("position")
    };
    let s = load(text(""));
    let e = why(&s, "c4c3");
    assert!(!e.legal);
    assert!(
        matches!(&e.reason, Reason::LionTradeBarred { man, by } if man.contains("gold on c4") && by.is_empty()),
        "{e:?}"
    );
    assert!(e.text.contains("only a lion may take a lion"), "{}", e.text);
    let s = load(text(" counter unprotected"));
    assert!(why(&s, "c4c3").legal);
}

// ---- `captures reborn capturer` (Anti-Circe) --------------------------

#[test]
fn a_capture_whose_rebirth_square_is_taken_names_the_man_there() {
    // Anti-Circe: the b4 pawn taking on c5 would be reborn on c2, where a
    // white pawn stands; the rook taking on h6 on a1 (the rook's start
    // square of h6's colour), where the other rook stands.
    let s = session(
        "anticirce",
        Some("r1bqkbn1/pp1pppp1/2n4r/2p1P3/1P6/8/P1PPKPP1/RNBQ1BNR w q - 1 7"),
    );
    let e = why(&s, "bxc5");
    assert!(
        matches!(&e.reason, Reason::RebirthTaken { man, at, rebirth, there }
            if man == "your pawn on b4" && at == "c5" && rebirth == "c2"
            && there == "your pawn on c2"),
        "{e:?}"
    );
    assert!(!e.legal);
    assert_eq!(
        e.text,
        "Your pawn on b4 cannot take on c5: a man that takes is reborn on its rebirth square, c2 for this capture, and your pawn on c2 stands there."
    );
    assert_eq!(
        e.rule.as_ref().map(|r| r.text.as_str()),
        Some("captures reborn capturer")
    );
    let e = why(&s, "Rxh6");
    assert!(
        matches!(&e.reason, Reason::RebirthTaken { rebirth, .. } if rebirth == "a1"),
        "{e:?}"
    );
    // The b-pawn stepping on is legal.
    assert!(why(&s, "b5").legal);
}
