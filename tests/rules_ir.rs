//! Named checks that the shipped variant files say what shared/RULES.md says,
//! at the level of the IR (the engine tests check the behaviour).

use varia::ir::*;

fn load(name: &str) -> Variant {
    load_with(name, &[])
}

fn load_with(name: &str, opts: &[(&str, &str)]) -> Variant {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    varia::load::builtin(name, &o).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn piece(v: &Variant, name: &str) -> PieceId {
    v.piece_by_name(name)
        .unwrap_or_else(|| panic!("no piece {name}"))
}

fn sq(s: &str) -> Coord {
    let b = s.as_bytes();
    Coord::new((b[0] - b'a') as i32, s[1..].parse::<i32>().unwrap() - 1)
}

fn man_at(v: &Variant, at: Coord) -> Option<&Man> {
    v.setup.men.iter().find(|m| m.at == at)
}

fn option<'a>(v: &'a Variant, name: &str) -> &'a OptionValue {
    v.options
        .iter()
        .find(|o| o.name == name)
        .unwrap_or_else(|| panic!("no option {name}"))
}

#[test]
fn every_shipped_variant_loads_with_every_option_value() {
    for name in varia::check::builtin_names() {
        let v = load(name);
        for o in &v.options {
            let values: Vec<String> = if o.allowed.contains("..") {
                let (lo, hi) = o.allowed.split_once("..").unwrap();
                vec![lo.to_string(), hi.to_string()]
            } else {
                o.allowed.split(" | ").map(str::to_string).collect()
            };
            for val in values {
                load_with(name, &[(&o.name, &val)]);
            }
        }
    }
}

// §2 chess

#[test]
fn chess_setup_is_the_fide_array() {
    let v = load("chess");
    assert_eq!(v.setup.men.len(), 32);
    let k = piece(&v, "king");
    assert_eq!(
        man_at(&v, sq("e1")).map(|m| (m.piece, m.owner)),
        Some((k, 0))
    );
    assert_eq!(
        man_at(&v, sq("e8")).map(|m| (m.piece, m.owner)),
        Some((k, 1))
    );
    assert_eq!(
        man_at(&v, sq("d8")).map(|m| m.piece),
        Some(piece(&v, "queen"))
    );
    assert!(v.board.a1_dark);
}

#[test]
fn chess_pawn_has_double_step_en_passant_and_promotion() {
    let v = load("chess");
    let p = &v.pieces[piece(&v, "pawn") as usize];
    assert!(p
        .moves
        .iter()
        .any(|a| a.initial() && a.path == Path::Lame && a.vectors == vec![(0, 2)]));
    assert!(p.moves.iter().any(|a| a.mode == Mode::EnPassant));
    let promo = p.promotion.as_ref().unwrap();
    assert_eq!(promo.zone, Zone::FarEdge);
    assert_eq!(promo.choices.len(), 4);
    assert!(!promo.from_pool);
    // The pawn `resets clock`: its moves are in every quiet rule's resets.
    let pawn = piece(&v, "pawn");
    assert!(v.quiet_resets.contains(&Reset::Piece(pawn)));
}

#[test]
fn chess_castling_and_draw_rules() {
    let v = load("chess");
    assert_eq!(
        v.turn.castling,
        Some(Castling {
            royal: piece(&v, "king"),
            partner: piece(&v, "rook"),
            more_partners: vec![],
            files: None,
        })
    );
    assert!(v.end.contains(&EndRule {
        when: Event::Checkmate,
        then: Outcome::Lose,
        player: None,
        mover: false,
    }));
    assert!(v.end.contains(&EndRule {
        when: Event::Stalemate,
        then: Outcome::Draw,
        player: None,
        mover: false,
    }));
    assert!(v.end.contains(&EndRule {
        when: Event::Repetition(3),
        then: Outcome::Draw,
        player: None,
        mover: false,
    }));
    let pawn = piece(&v, "pawn");
    assert!(v.end.contains(&EndRule {
        when: Event::Quiet {
            plies: 100,
            plus: None,
        },
        then: Outcome::Draw,
        player: None,
        mover: false,
    }));
    assert_eq!(v.quiet_resets, vec![Reset::Capture, Reset::Piece(pawn)]);
    assert_eq!(v.dead_material.len(), 4);
    assert!(v.dead_material.iter().any(|d| d.same_colour));
}

#[test]
fn chess_claim_options_make_claims_and_late_automatic_draws() {
    let v = load_with(
        "chess",
        &[
            ("repetition", "claim3_auto5"),
            ("fifty_move", "claim50_auto75"),
        ],
    );
    assert!(v.end.contains(&EndRule {
        when: Event::Repetition(3),
        then: Outcome::ClaimDraw,
        player: None,
        mover: false,
    }));
    assert!(v.end.contains(&EndRule {
        when: Event::Repetition(5),
        then: Outcome::Draw,
        player: None,
        mover: false,
    }));
    assert!(v
        .end
        .iter()
        .any(|r| matches!(r.when, Event::Quiet { plies: 150, .. }) && r.then == Outcome::Draw));
}

// §3 Echek

#[test]
fn echek_has_no_board_and_a_floating_4x4_limit() {
    let v = load("echek");
    assert_eq!(
        v.board.shape,
        Shape::Unbounded {
            width: 4,
            height: 4
        }
    );
    assert_eq!(v.turn.captures, Captures::None);
    let k = piece(&v, "king");
    assert_eq!(
        man_at(&v, Coord::new(0, 0)).map(|m| (m.piece, m.owner)),
        Some((k, 0))
    );
    assert_eq!(
        man_at(&v, Coord::new(0, 1)).map(|m| (m.piece, m.owner)),
        Some((k, 1))
    );
    assert!(v.setup.hands.iter().all(|h| h.len() == 5));
}

#[test]
fn echek_sliders_pass_own_men_and_the_pawn_steps_any_way() {
    let v = load("echek");
    for n in ["queen", "rook", "bishop"] {
        assert!(v.pieces[piece(&v, n) as usize].passes_own, "{n}");
    }
    assert!(!v.pieces[piece(&v, "knight") as usize].passes_own);
    let p = &v.pieces[piece(&v, "pawn") as usize];
    assert_eq!(p.moves[0].vectors.len(), 4);
    assert!(v.pieces.iter().all(|p| !p.royal), "E: no check in Echek");
}

#[test]
fn echek_placement_touching_own_not_beside_enemy_king() {
    let v = load("echek");
    let k = piece(&v, "king");
    assert_eq!(v.turn.placement.len(), 1);
    assert_eq!(
        v.turn.placement[0].condition,
        Pred::And(vec![
            Pred::Touching(Selector {
                who: Who::Own,
                piece: None
            }),
            Pred::Not(Box::new(Pred::Beside(Selector {
                who: Who::Enemy,
                piece: Some(k)
            }))),
        ])
    );
}

#[test]
fn echek_bishop_returns_a_man_and_pawn_may_move() {
    let v = load("echek");
    let b = piece(&v, "bishop");
    let p = piece(&v, "pawn");
    let k = piece(&v, "king");
    let bishop = v.turn.on_place.iter().find(|e| e.piece == b).unwrap();
    assert_eq!(
        bishop.effect,
        FollowUp::ReturnToHand {
            which: Pred::And(vec![
                Pred::Not(Box::new(Pred::Is(Selector {
                    who: Who::Any,
                    piece: Some(k)
                }))),
                Pred::Not(Box::new(Pred::IsSelf))
            ])
        }
    );
    assert!(v
        .turn
        .on_place
        .iter()
        .any(|e| e.piece == p && e.effect == FollowUp::MayMovePlaced));
}

#[test]
fn echek_swap_once_connectivity_and_surround() {
    let v = load("echek");
    assert_eq!(
        v.turn.powers,
        vec![Power::Swap {
            a: piece(&v, "rook"),
            b: piece(&v, "king"),
            uses: 1
        }]
    );
    assert_eq!(
        v.invariants,
        vec![Invariant::Connected {
            adjacency: Adjacency::SidesAndCorners,
            scope: Scope::All
        }]
    );
    let per = load_with("echek", &[("connectivity", "per_colour")]);
    assert_eq!(
        per.invariants,
        vec![Invariant::Connected {
            adjacency: Adjacency::SidesAndCorners,
            scope: Scope::PerPlayer
        }]
    );
    // E5: kings before queens.
    assert_eq!(
        v.end[0],
        EndRule {
            when: Event::Surrounded(piece(&v, "king")),
            then: Outcome::Lose,
            player: None,
            mover: false,
        }
    );
    // The queens' removal is a consequence checked right after the kings'
    // ending.
    assert_eq!(
        v.removals,
        vec![Removal {
            piece: piece(&v, "queen"),
            after: 1
        }]
    );
    assert_eq!(v.turn.when_stuck, WhenStuck::Pass);
    assert!(v.end.contains(&EndRule {
        when: Event::Passes(2),
        then: Outcome::Draw,
        player: None,
        mover: false,
    }));
    assert_eq!(v.end_checked, EndTiming::AfterAction);
    assert_eq!(
        load_with("echek", &[("surround_check", "after_each_step")]).end_checked,
        EndTiming::AfterEachStep
    );
    assert!(!v.end.iter().any(|r| matches!(r.when, Event::PlyLimit(_))));
    assert!(load_with("echek", &[("ply_limit", "300")])
        .end
        .contains(&EndRule {
            when: Event::PlyLimit(300),
            then: Outcome::Draw,
            player: None,
            mover: false,
        }));
}

// §4 Ecséch

#[test]
fn ecsech_starts_empty_with_full_hands() {
    let v = load("ecsech");
    assert!(v.setup.men.is_empty());
    for h in &v.setup.hands {
        assert_eq!(h.iter().map(|(_, n)| n).sum::<u32>(), 16);
    }
    assert!(v.turn.captures == Captures::None && v.turn.place && v.turn.moves);
    assert_eq!(
        v.turn.first_action,
        Some(ActionFilter {
            kind: ActionKind::Place,
            piece: Some(piece(&v, "pawn"))
        })
    );
}

#[test]
fn ecsech_pawn_threatens_diagonally_and_king_is_not_royal() {
    let v = load("ecsech");
    let p = &v.pieces[piece(&v, "pawn") as usize];
    assert_eq!(p.moves[0].vectors, vec![(0, 1)]);
    assert_eq!(
        p.attacks.as_ref().unwrap()[0].vectors,
        vec![(-1, 1), (1, 1)]
    );
    assert!(p.promotion.is_none());
    assert!(!v.pieces[piece(&v, "king") as usize].royal);
}

#[test]
fn ecsech_placement_constraints() {
    let v = load("ecsech");
    let any = v
        .turn
        .placement
        .iter()
        .find(|r| r.pieces.is_empty())
        .unwrap();
    assert_eq!(
        any.condition,
        Pred::And(vec![
            Pred::Not(Box::new(Pred::Attacks(Selector {
                who: Who::Enemy,
                piece: None
            }))),
            Pred::Not(Box::new(Pred::Attacked))
        ])
    );
    let b = piece(&v, "bishop");
    assert!(v
        .turn
        .placement
        .iter()
        .any(|r| r.pieces == vec![b] && r.condition == Pred::DistinctColour));
    assert!(v.end.contains(&EndRule {
        when: Event::HandEmpty,
        then: Outcome::Win,
        player: None,
        mover: false,
    }));
    assert!(v.end.contains(&EndRule {
        when: Event::Stalemate,
        then: Outcome::Lose,
        player: None,
        mover: false,
    }));
    assert_eq!(
        load_with("ecsech", &[("stuck", "pass")]).turn.when_stuck,
        WhenStuck::Pass
    );
    assert_eq!(
        load_with("ecsech", &[("referee", "forfeit")])
            .turn
            .illegal_action,
        IllegalAction::Forfeit
    );
}

#[test]
fn rapid_ecsech_forbids_moves_and_inherits_the_rest() {
    let v = load("ecsech-rapid");
    assert!(!v.turn.moves && v.turn.place);
    assert!(v.end.contains(&EndRule {
        when: Event::Stalemate,
        then: Outcome::Lose,
        player: None,
        mover: false,
    }));
    assert!(v.end.contains(&EndRule {
        when: Event::HandEmpty,
        then: Outcome::Win,
        player: None,
        mover: false,
    }));
    assert!(v.turn.first_action.is_some());
    assert_eq!(v.turn.placement.len(), 2);
}

// §5 Raindropchess

#[test]
fn raindrop_decks_pools_and_turn() {
    let v = load("raindropchess");
    assert!(v.setup.men.is_empty());
    for d in &v.setup.decks {
        assert_eq!(d.iter().map(|(_, n)| n).sum::<u32>(), 16);
        assert!(!d.iter().any(|(c, _)| *c == Card::Joker));
    }
    for p in &v.setup.pools {
        assert_eq!(p.len(), 4);
    }
    assert!(v.turn.draw && v.turn.moves && !v.turn.place);
    assert_eq!(
        v.turn.move_requires,
        Pred::InPlay(Selector {
            who: Who::Own,
            piece: Some(piece(&v, "king"))
        })
    );
    let pawn = &v.pieces[piece(&v, "pawn") as usize];
    assert!(pawn.promotion.as_ref().unwrap().from_pool);
    assert!(
        !pawn.moves.iter().any(|a| a.initial()),
        "R1: no double step"
    );
    assert!(v.turn.castling.is_none(), "R2: no castling");
}

#[test]
fn raindrop_pawn_ranks_per_player() {
    let v = load("raindropchess");
    let r = v.regions.iter().find(|r| r.name == "pawn_ranks").unwrap();
    assert!(r.squares[0].iter().all(|c| (1..=5).contains(&c.y)));
    assert!(r.squares[1].iter().all(|c| (2..=6).contains(&c.y)));
    assert_eq!(r.squares[0].len(), 40);
}

#[test]
fn raindrop_options() {
    let v = load("raindropchess");
    assert!(v.end.contains(&EndRule {
        when: Event::UnplaceableCard,
        then: Outcome::Lose,
        player: None,
        mover: false,
    }));
    let r = load_with("raindropchess", &[("unplaceable_card", "return_and_move")]);
    assert_eq!(r.turn.unplaceable, Unplaceable::ReturnCard);
    assert!(!r.end.iter().any(|e| e.when == Event::UnplaceableCard));
    let j = load_with("raindropchess", &[("jokers_per_deck", "2")]);
    assert!(j.setup.decks[0].contains(&(Card::Joker, 2)));
    assert_eq!(j.turn.on_joker, Some(JokerEffect::ExtraAction));
    let ld = load_with("raindropchess", &[("bishop_cards", "light_dark")]);
    let bishop = piece(&ld, "bishop");
    assert_eq!(
        ld.setup.decks[0]
            .iter()
            .filter(
                |(c, _)| matches!(c, Card::Piece { piece, region: Some(_) } if *piece == bishop)
            )
            .count(),
        2
    );
    assert_eq!(option(&v, "bishop_cards").value, "any");
}

// §6 Quatrochess

#[test]
fn quatro_board_players_and_armies() {
    let v = load("quatrochess");
    assert_eq!(
        v.board.shape,
        Shape::Rect {
            width: 14,
            height: 14,
            holes: vec![sq("g7"), sq("h7"), sq("g8"), sq("h8")]
        }
    );
    let names: Vec<&str> = v.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["white", "red", "black", "green"]);
    assert_eq!(v.setup.men.len(), 100);
    for p in 0..4 {
        assert_eq!(v.setup.men.iter().filter(|m| m.owner == p).count(), 25);
    }
    assert_eq!(v.teams, vec![vec![0], vec![1], vec![2], vec![3]]);
}

#[test]
fn quatro_setup_matches_6d() {
    let v = load("quatrochess");
    let at = |s: &str| {
        man_at(&v, sq(s)).map(|m| (v.pieces[m.piece as usize].letter.ch(), m.owner, m.facing))
    };
    use Dir::*;
    assert_eq!(at("a1"), Some(('K', 0, North)));
    assert_eq!(at("a14"), Some(('K', 1, East)));
    assert_eq!(at("n14"), Some(('K', 2, South)));
    assert_eq!(at("n1"), Some(('K', 3, West)));
    assert_eq!(at("b2").map(|x| x.0), Some('L'));
    assert_eq!(at("b3").map(|x| x.0), Some('G'));
    assert_eq!(at("a5"), Some(('P', 0, North)));
    assert_eq!(at("e1"), Some(('P', 0, East)));
    assert_eq!(at("a10"), Some(('P', 1, South)));
    assert_eq!(at("e11"), Some(('P', 1, East)));
    assert_eq!(at("k10"), Some(('P', 2, South)));
    assert_eq!(at("j11"), Some(('P', 2, West)));
    assert_eq!(at("k5"), Some(('P', 3, North)));
    assert_eq!(at("j1"), Some(('P', 3, West)));
    assert_eq!(at("l14").map(|x| x.0), Some('Q'));
    assert_eq!(at("n3").map(|x| x.0), Some('Q'));
    assert_eq!(at("e10").map(|x| (x.0, x.1)), Some(('M', 1)));
}

#[test]
fn quatro_fairy_pieces() {
    let v = load("quatrochess");
    let g = &v.pieces[piece(&v, "giraffe") as usize];
    assert!(
        g.moves[0].vectors.contains(&(1, 4))
            && g.moves[0].range == 1
            && g.moves[0].vectors.len() == 8
    );
    let l = &v.pieces[piece(&v, "camel") as usize];
    assert!(l.moves[0].vectors.contains(&(1, 3)));
    assert!(!v.pieces[piece(&v, "mann") as usize].royal, "Q13");
    assert!(v.turn.castling.is_none(), "6a.5: no castling");
}

#[test]
fn quatro_promotion_elimination_and_options() {
    let v = load("quatrochess");
    let promo = v.pieces[piece(&v, "pawn") as usize]
        .promotion
        .clone()
        .unwrap();
    assert_eq!(promo.zone, Zone::FarEdge);
    assert_eq!(
        promo.choices.len(),
        11,
        "Q5: all non-royal pieces but the pawn"
    );
    let q = load_with("quatrochess", &[("promotion_choices", "QRBN")]);
    assert_eq!(
        q.pieces[piece(&q, "pawn") as usize]
            .promotion
            .as_ref()
            .unwrap()
            .choices
            .len(),
        4
    );
    assert!(v.end.contains(&EndRule {
        when: Event::Checkmate,
        then: Outcome::Eliminated,
        player: None,
        mover: false,
    }));
    assert!(
        v.end.contains(&EndRule {
            when: Event::Stalemate,
            then: Outcome::Eliminated,
            player: None,
            mover: false,
        }),
        "Q3"
    );
    assert_eq!(
        v.elimination,
        Elimination {
            army_to: ArmyTo::Mover,
            checked: EliminationCheck::AfterEveryMove
        }
    );
    assert_eq!(v.turn.en_passant, EnPassantWindow::EachOpponent);
    assert_eq!(
        load_with("quatrochess", &[("ep_window", "next_player_only")])
            .turn
            .en_passant,
        EnPassantWindow::NextPlayer
    );
    assert_eq!(
        load_with("quatrochess", &[("mate_check", "at_own_turn")])
            .elimination
            .checked,
        EliminationCheck::AtOwnTurn
    );
    assert!(
        v.end
            .iter()
            .any(|r| matches!(r.when, Event::Quiet { plies: 200, .. })),
        "Q12: 50 moves by each of 4 players"
    );
}

#[test]
fn quatro_teams_pair_opposite_corners_and_pass_the_army_to_the_partner() {
    let v = load("quatrochess-teams");
    assert_eq!(v.teams, vec![vec![0, 2], vec![1, 3]]);
    assert_eq!(v.elimination.army_to, ArmyTo::Partner);
    assert_eq!(v.setup.men.len(), 100);
}

/// The men of a setup, as (owner, x, y).
fn setup_men(text: &str) -> Vec<(u8, i32, i32)> {
    let c = varia::check::check_str("rot.variant", text, None, &[]);
    assert!(
        !c.diagnostics.iter().any(|d| d.is_error()),
        "{:?}",
        c.diagnostics
    );
    let mut v: Vec<_> = c.variants[0]
        .setup
        .men
        .iter()
        .map(|m| (m.owner, m.at.x, m.at.y))
        .collect();
    v.sort();
    v
}

#[test]
fn rotate_180_on_oblong_boards_turns_about_the_centre() {
    // 3 files × 4 ranks: a1 turns to c4, b2 to b3.
    let tall = r#"variant rot "Rot" {
      players white, black
      board 3x4
      use king, rook
      setup {
        white: K a1, R b2
        black: rotate white 180
      }
      end { checkmate -> lose }
    }"#;
    assert_eq!(
        setup_men(tall),
        vec![(0, 0, 0), (0, 1, 1), (1, 1, 2), (1, 2, 3)]
    );
    // 4 files × 3 ranks: a1 turns to d3 (on the board), b2 to c2.
    let wide = tall.replace("board 3x4", "board 4x3");
    assert_eq!(
        setup_men(&wide),
        vec![(0, 0, 0), (0, 1, 1), (1, 2, 1), (1, 3, 2)]
    );
    // A quarter turn on a square board: a1 goes to a4 (clockwise), b2 to b3.
    let square = tall.replace("board 3x4", "board 4x4").replace("180", "90");
    assert_eq!(
        setup_men(&square),
        vec![(0, 0, 0), (0, 1, 1), (1, 0, 3), (1, 1, 2)]
    );
}

#[test]
fn not_drops_an_attribute_that_like_copied() {
    let text = r#"variant mild extends chess {
  piece commoner C like king not royal value 300
  piece soldier S like pawn not resets clock not value
  piece plain X like king not glyphs
}"#;
    let c = varia::load::load_str("mild.variant", text, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    let v = &c.variants[0];
    let commoner = &v.pieces[piece(v, "commoner") as usize];
    assert!(!commoner.royal);
    assert_eq!(commoner.value, Some(300));
    assert!(v.pieces[piece(v, "king") as usize].royal);
    let soldier = piece(v, "soldier");
    assert_eq!(v.pieces[soldier as usize].value, None);
    assert!(!v.quiet_resets.contains(&Reset::Piece(soldier)));
    assert!(v.quiet_resets.contains(&Reset::Piece(piece(v, "pawn"))));
    // A word that is not an attribute after `not` is named.
    let c = varia::load::load_str(
        "bad.variant",
        "variant bad extends chess {\n  piece commoner C like king not kingly\n}",
        &[],
    );
    assert!(
        c.diagnostics
            .iter()
            .any(|d| d.code == "bad-argument" && d.message.contains("`kingly`")),
        "{:?}",
        c.diagnostics
    );
}
