//! Quiescence's tactical actions generated alone (`engine::position::tactical`,
//! `Game::expand_tactical`): exactly the legal list's tactical actions, the
//! same outcome, and the whole list where a rule kind makes that unsound.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use varia::engine::Move;
use varia::play::session::Session;
use varia::search::game::{Game, Outcome};

fn session(name: &str, fen: Option<&str>) -> Session {
    let v = varia::load::builtin(name, &[]).unwrap();
    Session::new(&v, fen, 1).unwrap()
}

/// What the tactical generation gives at `s` and what the whole legal
/// list kept to its tactical actions gives: (actions sorted, outcome).
type Lists = (Vec<Move>, Option<Outcome>);

fn both(s: &Session) -> (Lists, Lists) {
    let mut g = s.clone();
    let mut all = Vec::new();
    let over = g.expand(&mut all);
    let mut want: Vec<Move> = all
        .iter()
        .copied()
        .filter(|a| g.tactical_gain(a).is_some())
        .collect();
    let mut g = s.clone();
    let mut got = Vec::new();
    let (got_over, _) = g.expand_tactical(&mut got);
    got.sort_unstable_by_key(|a| format!("{a:?}"));
    want.sort_unstable_by_key(|a| format!("{a:?}"));
    ((got, got_over), (want, over))
}

/// Every built-in variant, its start and the positions of random games
/// (two seeds, up to 60 plies): the tactical generation yields exactly the
/// legal actions with a tactical gain (captures, en passant, promotions),
/// each once, and the same outcome as the whole generation; where the
/// variant cannot generate them alone, the fallback (the whole list, kept
/// to its tactical actions) gives the same.
#[test]
fn the_tactical_generator_yields_exactly_the_tactical_legal_actions() {
    let (mut alone, mut positions, mut tactical) = (0usize, 0usize, 0usize);
    let mut seen_drops = false;
    for name in varia::check::builtin_names() {
        let start = session(name, None);
        alone += usize::from(start.tactical_alone());
        for seed in [3u64, 11] {
            let mut s = start.clone();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for ply in 0..60 {
                let (got, want) = both(&s);
                assert_eq!(got, want, "{name} seed {seed} ply {ply}");
                positions += 1;
                tactical += want.0.len();
                if want.1.is_some() {
                    break;
                }
                let legal = s.legal();
                if legal.is_empty() {
                    break;
                }
                seen_drops |= start.tactical_alone()
                    && legal
                        .iter()
                        .any(|a| a.from().is_none() && a.placed().is_some());
                let a = legal[(rand::RngCore::next_u32(&mut rng) as usize) % legal.len()];
                s.play(a);
            }
        }
    }
    assert!(alone >= 50, "{alone} variants generate them alone");
    assert!(
        positions > 5_000 && tactical > 5_000,
        "{positions} {tactical}"
    );
    assert!(seen_drops, "no game with placements generated them alone");
}

/// The special cases by hand: en passant and a promotion without capture
/// are tactical, castling and quiet moves are not; a stalemate found when
/// no tactical action exists is the same draw the whole generation finds.
#[test]
fn en_passant_and_promotions_are_tactical_and_stalemate_is_still_seen() {
    // White: e5xd6 en passant, b7-b8 promotes (four choices), b7xa8 and
    // b7xc8 take and promote; castling and the king's steps are quiet.
    let s = session("chess", Some("n1n1k3/1P6/8/3pP3/8/8/8/4K2R w K d6 0 2"));
    let (got, want) = both(&s);
    assert_eq!(got, want);
    let texts: Vec<String> = got
        .0
        .iter()
        .map(|&a| varia::protocol::move_text(s.position(), a))
        .collect();
    for t in ["e5d6", "b7b8q", "b7b8n", "b7a8q", "b7c8r"] {
        assert!(texts.iter().any(|x| x == t), "{t} not in {texts:?}");
    }
    assert!(!texts
        .iter()
        .any(|x| x == "e1g1" || x == "e1h1" || x == "e5e6"));
    // Black to act, stalemated (not in check): no tactical action, and the
    // game is a draw by the rules, as the whole generation says.
    let s = session("chess", Some("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"));
    assert!(!s.in_check());
    let (got, want) = both(&s);
    assert_eq!(got, want);
    assert!(got.0.is_empty());
    assert!(matches!(got.1, Some(Outcome::Draw { .. })), "{:?}", got.1);
}

/// Which variants generate their tactical actions alone, per rule kind:
/// plain board moves (chess, xiangqi, atomic's explosions, Makruk's
/// counting, King of the Hill's goals) and placements from the hand
/// (crazyhouse, shogi) do; a rule that makes a quiet-looking move capture
/// (`captures by`: Ultima), that makes a capture compulsory (`must
/// capture`: antichess), that forbids board moves while a placement is
/// legal (`must place`: Sittuyin's setup), a man that may take its own
/// side's men (`captures own`) or moves that may place a man too (gating:
/// Seirawan) does not: there quiescence generates the whole legal list. So
/// does a position where a goal is reached (the generation's guard reads
/// it).
#[test]
fn the_whole_list_is_generated_where_a_rule_needs_it() {
    for name in [
        "chess",
        "crazyhouse",
        "shogi",
        "xiangqi",
        "atomic",
        "makruk",
        "kingofthehill",
    ] {
        assert!(session(name, None).tactical_alone(), "{name}");
    }
    for name in ["ultima", "antichess", "sittuyin", "selfcapture", "seirawan"] {
        assert!(!session(name, None).tactical_alone(), "{name}");
    }
    // The king on the hill: the game is over, and the tactical generation
    // is not asked of the position (the whole one is).
    let s = session("kingofthehill", Some("k7/8/8/3K4/8/8/8/8 b - - 0 1"));
    let mut list = varia::engine::MoveList::new();
    assert!(s
        .position()
        .clone()
        .tactical_moves_into(&mut list)
        .is_none());
    let (got, want) = both(&s);
    assert_eq!(got, want);
    assert!(matches!(got.1, Some(Outcome::Win { .. })), "{:?}", got.1);
}

/// The number of legal actions the evaluation adds (up to 40) is counted
/// on the way: exact in chess where no promotion or castling is at hand
/// (the start: 20; the Italian game: 33 for White), at least 40 with a man
/// in hand (crazyhouse).
#[test]
fn the_tactical_generation_counts_the_legal_actions_for_the_evaluation() {
    for (name, fen) in [
        ("chess", None),
        (
            "chess",
            Some("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"),
        ),
        (
            "chess",
            Some("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R b KQkq - 0 4"),
        ),
    ] {
        let mut s = session(name, fen);
        let legal = s.legal().len();
        let mut list = Vec::new();
        let (_, n) = s.expand_tactical(&mut list);
        assert_eq!(n, legal, "{name} {fen:?}");
    }
    let mut s = session(
        "crazyhouse",
        Some("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"),
    );
    let mut list = Vec::new();
    let (_, n) = s.expand_tactical(&mut list);
    assert!(n >= 40, "{n}");
}
