//! Scores as outcomes: an end rule `score N/D` gives the subject N/D of
//! the game and the other player the rest (LANGUAGE.md §19, "Fractional
//! results"); the status, the outcome the AI and the simulator see, the
//! record's `Result` and `Score` tags, and the statistics follow.

use varia::engine::Status;
use varia::ir::{Event, Outcome as Then, Variant};
use varia::notation::record::Record;
use varia::play::game_session::GameSession;
use varia::play::session::{Prepared, Session};
use varia::search::game::Outcome;
use varia::study::simulate::Tally;

/// Chess where stalemate scores 1/4 to the stalemated player (Gliński's
/// rule on a square board), and a second rule of the other kind.
fn quarters(rule: &str) -> Variant {
    loaded(
        "quarters.variant",
        &format!(
            "variant quarters extends chess {{\n  end {{\n    checkmate -> lose\n    {rule}\n  }}\n}}\n"
        ),
    )
}

/// The one variant of a rule file's text, which must check without errors.
fn loaded(file: &str, text: &str) -> Variant {
    let c = varia::load::load_str(file, text, &[]);
    assert!(
        c.diagnostics
            .iter()
            .all(|d| d.severity != varia::diagnostic::Severity::Error),
        "{:?}",
        c.diagnostics
    );
    c.variants.into_iter().next().expect("one variant")
}

/// Black to move, stalemated: king h8, White's queen f7 and king g6.
const BLACK_STALEMATED: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
/// White to move, stalemated: king h1, Black's queen f2 and king g3.
const WHITE_STALEMATED: &str = "8/8/8/8/8/6k1/5q2/7K w - - 0 1";

/// A game under `stalemate -> score 1/4` that White has just ended by
/// stalemating Black with Qf7 from e7.
fn stalemated_game() -> GameSession {
    let v = quarters("stalemate -> score 1/4");
    let p = Prepared::new(&v).unwrap();
    let mut g = GameSession::new(
        p,
        "quarters",
        &[],
        Some("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1"),
        1,
        vec![],
    )
    .unwrap();
    let m = g.session().parse("Qf7").unwrap();
    g.play(m).unwrap();
    g
}

fn outcome(v: &Variant, fen: &str) -> Option<Outcome> {
    Session::new(v, Some(fen), 1).expect("starts").result()
}

#[test]
fn score_is_read_into_the_end_rule() {
    let v = quarters("stalemate -> score 1/4");
    let rule = v
        .end
        .iter()
        .find(|r| r.when == Event::Stalemate)
        .expect("a stalemate rule");
    assert_eq!(rule.then, Then::Score { num: 1, den: 4 });
}

#[test]
fn stalemate_scores_a_quarter_to_the_stalemated_player() {
    let v = quarters("stalemate -> score 1/4");
    let s = Session::new(&v, Some(BLACK_STALEMATED), 1).unwrap();
    match s.game.status() {
        Status::Ended { winners, cause } => {
            // White scored more: the result's winner.
            assert_eq!(winners, 0b01);
            assert_eq!(cause.event, Event::Stalemate);
            let sh = cause.share.expect("a share");
            assert_eq!((sh.player, sh.num, sh.den), (1, 1, 4));
        }
        other => panic!("{other:?}"),
    }
    let o = s.result().expect("over");
    assert_eq!(
        o,
        Outcome::Shares {
            points: vec![3, 1],
            den: 4,
            reason: "stalemate".into()
        }
    );
    assert_eq!(o.score(0), 0.75);
    assert_eq!(o.score(1), 0.25);
    assert_eq!(o.winners(), [0]);
    assert_eq!(o.score_tag().as_deref(), Some("3/4-1/4"));
}

#[test]
fn the_stalemating_side_scores_three_quarters_whichever_colour() {
    let v = quarters("stalemate -> score 1/4");
    let o = outcome(&v, WHITE_STALEMATED).expect("over");
    assert_eq!(o.score(0), 0.25);
    assert_eq!(o.score(1), 0.75);
    assert_eq!(o.winners(), [1]);
    assert_eq!(o.score_tag().as_deref(), Some("1/4-3/4"));
}

#[test]
fn checkmate_still_scores_one_and_nothing() {
    let v = quarters("stalemate -> score 1/4");
    // Fool's mate: White is mated.
    let o = outcome(
        &v,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    )
    .expect("over");
    assert!(matches!(o, Outcome::Win { ref winners, .. } if winners == &[1]));
    assert_eq!(o.score_tag(), None);
}

#[test]
fn equal_shares_are_a_draw_and_keep_their_tag() {
    let v = quarters("stalemate -> score 2/4");
    let o = outcome(&v, BLACK_STALEMATED).expect("over");
    assert!(o.winners().is_empty());
    assert_eq!(o.score_tag().as_deref(), Some("1/2-1/2"));
    assert_eq!(Record::result_for(2, Some(&o.winners())), "1/2-1/2");
    assert!(matches!(o.decided(), Outcome::Draw { .. }));
}

#[test]
fn a_whole_share_reads_as_a_win_in_the_tag() {
    let v = quarters("stalemate -> score 0/1");
    let o = outcome(&v, BLACK_STALEMATED).expect("over");
    assert_eq!(o.score_tag().as_deref(), Some("1-0"));
    assert_eq!(o.winners(), [0]);
}

#[test]
fn a_shared_result_is_written_in_the_result_and_score_tags() {
    let g = stalemated_game();
    let rec = g.record();
    assert_eq!(rec.result, "1-0");
    assert_eq!(rec.score.as_deref(), Some("3/4-1/4"));
    let pgn = rec.to_pgn();
    assert!(pgn.contains("[Result \"1-0\"]\n"), "{pgn}");
    assert!(pgn.contains("[Score \"3/4-1/4\"]\n"), "{pgn}");
    // The tag reads back.
    let back = Record::parse_pgn(&pgn).unwrap();
    assert_eq!(back.score.as_deref(), Some("3/4-1/4"));
    assert_eq!(back.result, "1-0");
    // The JSON line carries it too, and reads back.
    let line = g.json_line();
    let j: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(j["score"], "3/4-1/4");
    assert_eq!(j["outcome"], "shares");
    assert_eq!(
        Record::from_json(&line).unwrap().score.as_deref(),
        Some("3/4-1/4")
    );
}

#[test]
fn a_record_replays_with_its_shared_result() {
    let g = stalemated_game();
    let rec = g.record();
    assert_eq!(varia::study::verify::judge(&rec, g.session()), Ok(()));
    let mut wrong = rec.clone();
    wrong.result = "1/2-1/2".into();
    assert!(varia::study::verify::judge(&wrong, g.session()).is_err());
}

#[test]
fn statistics_show_mean_scores_with_intervals_once_shares_occur() {
    let shares = Outcome::Shares {
        points: vec![3, 1],
        den: 4,
        reason: "stalemate".into(),
    };
    let win = Outcome::Win {
        winners: vec![0],
        reason: "checkmate".into(),
    };
    let draw = Outcome::Draw {
        reason: "repetition".into(),
    };
    // Without shares, no mean scores.
    let mut t = Tally::new(2);
    t.add(Some(&win), 10, 20.0);
    t.add(Some(&draw), 10, 20.0);
    assert_eq!(t.summary().mean_scores, None);
    // With: over the finished games (the unfinished one left out).
    t.add(Some(&shares), 10, 20.0);
    t.add(Some(&shares), 10, 20.0);
    t.add(None, 10, 20.0);
    let s = t.summary();
    let m = s.mean_scores.expect("mean scores");
    // White: 1, 0.5, 0.75, 0.75 -> 0.75; Black: 0, 0.5, 0.25, 0.25 -> 0.25.
    assert!((m[0].mean - 0.75).abs() < 1e-12, "{m:?}");
    assert!((m[1].mean - 0.25).abs() < 1e-12, "{m:?}");
    // Sample sd of (1, .5, .75, .75) = sqrt(1/24); 1.96 * sd / 2.
    let hw = 1.96 * (1.0f64 / 24.0).sqrt() / 2.0;
    assert!((m[0].half_width - hw).abs() < 1e-12, "{m:?}");
    // The shares count as the winner's games, an equal share as a draw.
    assert_eq!(s.wins, [3, 0]);
    assert_eq!(s.draws, 1);
}

#[test]
fn glinski_stalemate_scores_a_quarter_to_the_stalemated_side() {
    let v = varia::load::builtin("glinski", &[]).unwrap();
    let rule = v
        .end
        .iter()
        .find(|r| r.when == Event::Stalemate)
        .expect("a stalemate rule");
    assert_eq!(rule.then, Then::Score { num: 1, den: 4 });
}

#[test]
fn the_rule_reads_back_in_words() {
    let v = quarters("stalemate -> score 1/4");
    let d = varia::describe::describe(&v).unwrap();
    assert!(
        d.end
            .iter()
            .any(|e| e == "A player with no legal action who is not in check scores 1/4 of the game, the other player the rest."),
        "{:?}",
        d.end
    );
}

/// `varia play` announces the shares beside the result.
#[test]
fn play_announces_the_shares() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("quarters.variant");
    std::fs::write(
        &file,
        "variant quarters extends chess {\n  end {\n    checkmate -> lose\n    stalemate -> score 1/4\n  }\n}\n",
    )
    .unwrap();
    let out = assert_cmd::Command::cargo_bin("varia")
        .unwrap()
        .env("NO_COLOR", "1")
        .args(["play", file.to_str().unwrap(), "--ascii", "--fen"])
        .arg("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1")
        .write_stdin("Qf7\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.contains("Game over: white 3/4, black 1/4 (stalemate). 1-0 {3/4-1/4}"),
        "{text}"
    );
}

// ---- `points` and `most points` ------------------------------------

/// Chess where stalemate is decided by points: `points` is the statement.
fn pointed(points: &str) -> Variant {
    loaded(
        "pointed.variant",
        &format!(
            "variant pointed extends chess {{\n  {points}\n  end {{\n    checkmate -> lose\n    stalemate -> most points\n  }}\n}}\n"
        ),
    )
}

fn winners_at(v: &Variant, fen: &str) -> Option<(u8, Event)> {
    let s = Session::new(v, Some(fen), 1).unwrap_or_else(|e| panic!("{fen}: {e}"));
    match s.game.status() {
        Status::Ended { winners, cause } => Some((winners, cause.event)),
        _ => None,
    }
}

#[test]
fn most_points_counts_the_men_on_the_board_by_kind() {
    // Black is stalemated; White has a queen (9), Black a pawn (1).
    let fen = "7k/5Q1p/5K1P/8/8/8/8/8 b - - 0 1";
    let v = pointed("points queen 9, pawn 1");
    // White: 9 + 1, Black: 1.
    assert_eq!(winners_at(&v, fen), Some((0b01, Event::Stalemate)));
    // Queens count nothing: 1 against 1, a draw.
    let v = pointed("points pawn 1");
    assert_eq!(winners_at(&v, fen), Some((0, Event::Stalemate)));
}

#[test]
fn a_players_own_points_and_fractions_decide_a_close_count() {
    let fen = "7k/5Q1p/5K1P/8/8/8/8/8 b - - 0 1";
    // White 1 (its pawn), Black 1 + 1/2: Black wins.
    let v = pointed("points pawn 1, black 1/2");
    assert_eq!(winners_at(&v, fen), Some((0b10, Event::Stalemate)));
    // Halves and thirds: White 1/3 + 1/3, Black 1/3 + 1/2.
    let v = pointed("points pawn 1/3, queen 1/3, black 1/2");
    assert_eq!(winners_at(&v, fen), Some((0b10, Event::Stalemate)));
    let v = pointed("points pawn 1/3, queen 1/3, black 1/3");
    assert_eq!(winners_at(&v, fen), Some((0, Event::Stalemate)));
}

/// The status after the actions `list` (UCI text) from `fen` (or the
/// start).
fn ended_after(name: &str, fen: Option<&str>, list: &[&str]) -> Option<(u8, Event)> {
    let v = varia::load::builtin(name, &[]).expect("built-in");
    let t = std::sync::Arc::new(varia::engine::Tables::new(&v).expect("compiles"));
    let pos = match fen {
        Some(f) => varia::engine::Position::from_fen(t, f).expect("fen"),
        None => varia::engine::Position::start(t).expect("start"),
    };
    let mut g = varia::engine::Game::new(pos);
    for m in list {
        let mv = varia::notation::Describe::parse_move(g.position(), m).expect("legal");
        g.play(mv);
    }
    match g.status() {
        Status::Ended { winners, cause } => Some((winners, cause.event)),
        _ => None,
    }
}

#[test]
fn janggi_counts_material_where_fairy_stockfish_does() {
    // Two passes at the start: equal men, Han (Black) 1.5 more: Black.
    assert_eq!(
        ended_after("janggi", None, &["pass", "pass"]),
        Some((0b10, Event::Passes(2)))
    );
    // Bikjang kept by a pass: White's advisor (3) against Black's 1.5.
    let f = "4k4/9/9/9/9/9/9/9/9/3AK4 w - - 0 1";
    assert_eq!(
        ended_after("janggi", Some(f), &["pass"]),
        Some((0b01, Event::FacingKept))
    );
    // A soldier each, and a horse for White: 7 against 3.5.
    let f = "4k4/9/9/9/4p4/9/4P4/9/9/3NK4 w - - 0 1";
    assert_eq!(
        ended_after("janggi", Some(f), &["pass", "pass"]),
        Some((0b01, Event::Passes(2)))
    );
    // The traditional rules draw where the count decides.
    assert_eq!(
        ended_after("janggitraditional", None, &["pass", "pass"]),
        Some((0, Event::Passes(2)))
    );
    let t = varia::load::builtin("janggi", &[]).expect("janggi");
    assert!(t.end.iter().any(|r| r.then == Then::MostPoints));
}
