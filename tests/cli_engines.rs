//! External engines as seats, and `varia match`, on the real binary: varia's
//! own servers as engines, misbehaving engines (small scripts under
//! `tests/engines/`) that must lose their own game and nothing else, and
//! the match's lines, files, sequential test and bounds.

mod support;

use std::time::{Duration, Instant};
use support::{answers, answers_within, lines_with, run_within, varia};

/// Two games of `varia simulate VARIANT` (one job, at most `plies` plies
/// each), `seat` against `ai:1`, within two minutes: the JSON summary.
fn two_games_against_ai(variant: &str, plies: &str, seat: &str) -> serde_json::Value {
    let out = answers_within(
        varia()
            .args(["simulate", variant, "-n", "2", "--max-plies", plies])
            .args(["--jobs", "1", "--json", "--players"])
            .arg(format!("{seat},ai:1")),
        "",
        Duration::from_secs(120),
    );
    serde_json::from_str(&out).unwrap()
}

/// varia's own servers as external engines: the clients and the servers
/// meet on the real binary.
#[test]
fn external_engines_play_in_simulate() {
    let v = env!("CARGO_BIN_EXE_varia");
    for seat in [
        format!("uci:{v};arg=uci;depth=2"),
        format!("xboard:{v};arg=xboard;depth=2"),
        format!("uci:{v};arg=uci;st=0.05;option.Hash=4"),
    ] {
        let j = two_games_against_ai("chess", "16", &seat);
        // Either the games ran to the ply cap or ended by the rules: no forfeit.
        for r in j["reasons"].as_array().unwrap() {
            let reason = r["reason"].as_str().unwrap();
            assert!(
                ["ply cap", "checkmate", "stalemate", "repetition"].contains(&reason),
                "{seat}: {reason}"
            );
        }
    }
}

#[test]
fn a_missing_engine_forfeits_instead_of_hanging() {
    let text = answers(
        varia()
            .args(["simulate", "chess", "-n", "1", "--json", "--players"])
            .arg("uci:/nonexistent/engine,ai:1"),
        "",
    );
    assert!(text.contains("cannot start /nonexistent/engine"), "{text}");
}

#[test]
fn the_ai_plays_on_a_clock_and_in_a_match() {
    let text = answers_within(
        varia()
            .args([
                "match",
                "losalamos",
                "-n",
                "2",
                "--max-plies",
                "30",
                "--players",
            ])
            .arg("ai;st=0.02,ai:1;tc=40/5+0.01"),
        "",
        Duration::from_secs(120),
    );
    assert!(text.contains("2 games of Los Alamos"), "{text}");
    assert!(text.contains("Elo"), "{text}");
    for bad in ["ai;st=x", "ai;tc=1/", "uci:", "human;st=1"] {
        varia()
            .args(["simulate", "chess", "-n", "1", "--players"])
            .arg(format!("{bad},random"))
            .assert()
            .code(2);
    }
}

// ----- Misbehaving external engines (tests/engines/bad_uci.py) -----

/// A seat for `tests/engines/bad_uci.py` in MODE: it misbehaves in the
/// first game of a run (the first process that finds no `state` file),
/// and is varia's own engine after. `settings` are more seat settings.
fn bad_engine(proto: &str, mode: &str, state: &std::path::Path, settings: &str) -> String {
    format!(
        "{proto}:{}/tests/engines/bad_uci.py;arg={mode};arg={};arg={};depth=1{settings}",
        env!("CARGO_MANIFEST_DIR"),
        state.display(),
        env!("CARGO_BIN_EXE_varia")
    )
}

/// Three games of `varia simulate` (White: the engine, Black: random),
/// each game's result and reason from `--out`, and the time taken.
fn simulate_with(seat: &str) -> (Vec<(String, String)>, Duration) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.jsonl");
    let start = Instant::now();
    answers_within(
        varia()
            .args([
                "simulate",
                "chess",
                "-n",
                "3",
                "--jobs",
                "1",
                "--max-plies",
                "6",
            ])
            .arg("--players")
            .arg(format!("{seat},random"))
            .arg("--out")
            .arg(&out),
        "",
        Duration::from_secs(120),
    );
    let took = start.elapsed();
    let games = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| {
            let j: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                j["result"].as_str().unwrap().to_string(),
                j["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (games, took)
}

/// The first game lost by the engine's seat with `why` in the reason, the
/// others played to their end as if nothing had happened.
fn first_lost_others_intact(games: &[(String, String)], why: &str) {
    assert_eq!(games.len(), 3, "{games:?}");
    assert_eq!(games[0].0, "0-1", "{games:?}");
    assert!(games[0].1.contains(why), "{why}: {games:?}");
    for (r, reason) in &games[1..] {
        assert!(
            ["ply cap", "checkmate", "stalemate"].contains(&reason.as_str()),
            "{games:?}"
        );
        assert_eq!(r, "*", "{games:?}");
    }
    for (_, reason) in games {
        assert!(
            !reason.chars().any(|c| c.is_control()),
            "control characters in {reason:?}"
        );
    }
}

/// `simulate_with` a `bad_engine` seat in MODE (`st=0.2`, a state file of
/// its own): `first_lost_others_intact` with `why`.
fn first_lost_by(proto: &str, mode: &str, why: &str) {
    let dir = tempfile::tempdir().unwrap();
    let seat = bad_engine(proto, mode, &dir.path().join("state"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    first_lost_others_intact(&games, why);
}

#[test]
fn an_engine_that_floods_loses_its_game_only() {
    // Lines without end …
    first_lost_by(
        "uci",
        "flood",
        "wrote more than 100000 lines for one answer",
    );
    // … bytes without a newline …
    first_lost_by("uci", "flood-nonl", "wrote a line longer than 65536 bytes");
    // … and the same in XBoard.
    first_lost_by(
        "xboard",
        "x-flood-nonl",
        "wrote a line longer than 65536 bytes",
    );
}

#[test]
fn an_engine_that_stops_reading_forfeits_instead_of_hanging() {
    let dir = tempfile::tempdir().unwrap();
    // An option value larger than a pipe holds: varia's write blocks, and
    // a blocking write used to hang varia for good.
    let pad = format!(";option.Pad={}", "x".repeat(100_000));
    let seat = bad_engine(
        "uci",
        "deaf",
        &dir.path().join("a"),
        &format!(";st=0.2{pad}"),
    );
    let (games, took) = simulate_with(&seat);
    first_lost_others_intact(&games, "stopped reading its input");
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn a_silent_engine_forfeits_after_its_time_and_a_margin() {
    // st=0.2: the move, then as much again and half a second.
    first_lost_by("uci", "silent", "did not answer within 0.9 s");
    first_lost_by("xboard", "x-silent", "did not answer within 0.9 s");
}

#[test]
fn without_a_clock_a_move_takes_the_movetime_sent_and_a_margin() {
    let dir = tempfile::tempdir().unwrap();
    // No st, tc, depth or nodes: `go movetime 1000`, forfeit after 2 s,
    // not the 5 s the engine takes (nor the minutes it could).
    let seat = format!(
        "uci:{}/tests/engines/bad_uci.py;arg=slow;arg={};arg={}",
        env!("CARGO_MANIFEST_DIR"),
        dir.path().join("a").display(),
        env!("CARGO_BIN_EXE_varia")
    );
    let start = Instant::now();
    let out = answers(
        varia()
            .args([
                "match",
                "chess",
                "-n",
                "2",
                "--openings",
                "0",
                "--max-plies",
                "1",
            ])
            .arg("--players")
            .arg(format!("{seat},random")),
        "",
    );
    let took = start.elapsed();
    assert!(
        out.contains("Finished game 1 (")
            && out.contains("0-1 {White loses: ")
            && out.contains("did not answer within 2.0 s"),
        "{out}"
    );
    // The second game (the engine as Black, behaving) is one ply, a draw
    // by the ply cap; the whole run well under the 5 s the engine wanted.
    assert!(out.contains("Finished game 2 ("), "{out}");
    assert!(
        out.contains("without the 1 games lost outside the rules"),
        "{out}"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_crashing_engine_loses_in_play_and_in_simulate() {
    let dir = tempfile::tempdir().unwrap();
    let seat = bad_engine("uci", "crash", &dir.path().join("a"), ";st=0.2");
    let out = answers(
        varia()
            .args(["play", "chess", "--players"])
            .arg(format!("{seat},random")),
        "",
    );
    assert!(out.contains("forfeits: "), "{out}");
    assert!(out.contains("exited (exit status: 3). 0-1"), "{out}");
    first_lost_by("uci", "crash", "exited (exit status: 3)");
}

#[test]
fn an_illegal_move_in_control_characters_is_shown_clean() {
    first_lost_by(
        "uci",
        "illegal",
        "played `[31me2e5 ]0;pwned`, not a legal move",
    );
    first_lost_by("uci", "nomove", "`bestmove` without a move");
}

#[test]
fn a_huge_option_list_loses_at_the_handshake() {
    first_lost_by(
        "uci",
        "options",
        "wrote more than 100000 lines for one answer",
    );
}

#[test]
fn control_characters_from_an_engine_reach_no_screen_or_record() {
    let dir = tempfile::tempdir().unwrap();
    let seat = bad_engine("uci", "chatty", &dir.path().join("a"), ";st=0.2");
    let pgn = dir.path().join("games.pgn");
    let out = varia()
        .args(["match", "chess", "-n", "2", "--max-plies", "8", "--players"])
        .arg(format!("{seat},random"))
        .arg("--pgn")
        .arg(&pgn)
        .timeout(Duration::from_secs(120))
        .assert()
        .success()
        .get_output()
        .clone();
    let all = [out.stdout, out.stderr, std::fs::read(&pgn).unwrap()].concat();
    let text = String::from_utf8(all).unwrap();
    assert!(text.contains("Finished game 2"), "{text}");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    assert!(
        !text.contains("pwned") && !text.contains('\u{202e}'),
        "{text}"
    );
}

// ----- match -----

/// `varia match ARGS`: (exit status, standard output, standard error),
/// ended after two minutes.
fn varia_match(args: &[&str]) -> (i32, String, String) {
    let all = [&["match"], args].concat();
    run_within(&all, b"", Duration::from_secs(120))
}

#[test]
fn match_prints_cutechess_lines_and_writes_every_game_as_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let p = pgn.to_str().unwrap();
    let (code, out, err) = varia_match(&[
        "losalamos",
        "-n",
        "4",
        "--max-plies",
        "40",
        "--players",
        "ai:1,random",
        "--pgn",
        p,
    ]);
    assert_eq!(code, 0, "{err}");
    let finished = lines_with(&out, "Finished game");
    let scores = lines_with(&out, "Score of");
    assert_eq!((finished.len(), scores.len()), (4, 4), "{out}");
    for (i, (f, s)) in finished.iter().zip(&scores).enumerate() {
        // cutechess-cli's words: `Finished game N (WHITE vs BLACK): RESULT {WHY}`
        // and `Score of A vs B: W - L - D  [SCORE] N`.
        let pair = if i % 2 == 0 {
            "(ai:1 vs random)"
        } else {
            "(random vs ai:1)"
        };
        assert!(
            f.starts_with(&format!("Finished game {} {pair}: ", i + 1)),
            "{f}"
        );
        let result = f.split(": ").nth(1).unwrap().split(' ').next().unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result), "{f}");
        assert!(f.ends_with('}') && f.contains(" {"), "{f}");
        assert!(s.starts_with("Score of ai:1 vs random: "), "{s}");
        assert!(s.ends_with(&format!("] {}", i + 1)), "{s}");
        let nums: Vec<u32> = s["Score of ai:1 vs random: ".len()..]
            .split("  [")
            .next()
            .unwrap()
            .split(" - ")
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(nums.iter().sum::<u32>(), i as u32 + 1, "{s}");
        // The PGN holds the same game with the same result.
        let games = std::fs::read_to_string(&pgn).unwrap();
        let game = games.split("[Event ").nth(i + 1).unwrap();
        assert!(game.contains(&format!("[Result \"{result}\"]")), "{game}");
        assert!(game.contains(&format!("[Round \"{}\"]", i + 1)), "{game}");
    }
    assert!(out.contains("Finished match"), "{out}");
    // Every game replays move by move.
    let replay = varia().args(["replay", p]).output().unwrap();
    let text = String::from_utf8_lossy(&replay.stdout);
    assert!(replay.status.success(), "{text}");
    assert!(
        text.contains("4 games checked: 4 legal throughout, 0 not"),
        "{text}"
    );
}

#[test]
fn match_results_do_not_depend_on_concurrency() {
    let run = |c: &str| {
        let (code, out, err) = varia_match(&[
            "losalamos",
            "-n",
            "6",
            "--max-plies",
            "30",
            "--players",
            "ai:1,ai:2",
            "--concurrency",
            c,
            "--force-jobs",
        ]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let one = run("1");
    assert_eq!(one, run("3"));
    assert_eq!(one.matches("Finished game").count(), 6, "{one}");
}

#[test]
fn match_stops_when_the_sprt_decides_and_prints_its_state() {
    let (code, out, err) = varia_match(&[
        "losalamos",
        "-n",
        "400",
        "--max-plies",
        "80",
        "--players",
        "ai:2,random",
        "--sprt",
        "0,100",
    ]);
    assert_eq!(code, 0, "{err}");
    let sprt = out
        .lines()
        .find(|l| l.starts_with("SPRT: llr "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        sprt.contains(", lbound -2.94, ubound 2.94 - H1 was accepted"),
        "{sprt}"
    );
    // Each win adds about ln(0.64 / 0.5) = 0.25: twelve at least, far
    // fewer than the 400 allowed.
    let games = out.matches("Finished game").count();
    assert!((12..40).contains(&games), "{games} games: {out}");
    // The games taken in order: the same decision at any concurrency.
    let (_, two, _) = varia_match(&[
        "losalamos",
        "-n",
        "400",
        "--max-plies",
        "80",
        "--players",
        "ai:2,random",
        "--sprt",
        "0,100",
        "--concurrency",
        "2",
        "--force-jobs",
    ]);
    assert_eq!(out, two);
    // The same decision in JSON, with the state of the test.
    let (_, json, _) = varia_match(&[
        "losalamos",
        "-n",
        "400",
        "--max-plies",
        "80",
        "--players",
        "ai:2,random",
        "--sprt",
        "elo0=0,elo1=100",
        "--json",
    ]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(j["sprt"]["result"], "H1", "{j}");
    assert_eq!(j["games"], games, "{j}");
    assert!(j["sprt"]["llr"].as_f64().unwrap() >= j["sprt"]["upper"].as_f64().unwrap());
    // Undecided: said so, with the ratio and its bounds.
    let (_, out, _) = varia_match(&[
        "losalamos",
        "-n",
        "2",
        "--max-plies",
        "20",
        "--players",
        "random,random",
        "--sprt",
        "-10,10,0.05,0.05",
    ]);
    let sprt = out.lines().find(|l| l.starts_with("SPRT: llr ")).unwrap();
    assert!(sprt.ends_with("lbound -2.94, ubound 2.94"), "{out}");
}

#[test]
fn match_arguments_are_bounded() {
    for bad in [
        vec!["-n", "0"],
        vec!["-n", "1000000001"],
        vec!["--concurrency", "0"],
        vec!["--concurrency", "5000", "--force-jobs"],
        vec!["--jobs", "100000"],
        vec!["--openings", "1001"],
        vec!["--max-plies", "0"],
        vec!["--sprt", "10,0"],
        vec!["--sprt", "0"],
    ] {
        let mut args = vec!["chess", "--players", "random,random"];
        args.extend(&bad);
        let (code, out, err) = varia_match(&args);
        assert_eq!(code, 2, "{bad:?}: {out}{err}");
        assert!(err.len() < 2000, "{err}");
    }
    // Beyond the machine's threads only when insisted on.
    let (code, _, err) = varia_match(&[
        "chess",
        "--players",
        "random,random",
        "--concurrency",
        "4096",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--force-jobs"), "{err}");
    // The PGN may not overwrite the book it reads.
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt");
    std::fs::write(&book, "e4 e5\n").unwrap();
    let b = book.to_str().unwrap();
    let (code, _, err) = varia_match(&[
        "chess",
        "--players",
        "random,random",
        "--book",
        b,
        "--pgn",
        b,
    ]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read_to_string(&book).unwrap(), "e4 e5\n");
}

#[test]
fn match_counts_forfeits_from_the_outcome_not_from_words() {
    // An engine whose reason holds none of the words the count once looked
    // for ("forfeit", "engine", "did not", "exited", "cannot", ...).
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("b.py");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/bad_uci.py"),
        &script,
    )
    .unwrap();
    let seat = format!(
        "uci:python3;arg={};arg=flood;arg={};arg={};depth=1;st=0.2",
        script.display(),
        dir.path().join("state").display(),
        env!("CARGO_BIN_EXE_varia")
    );
    let (code, out, err) = varia_match(&[
        "chess",
        "-n",
        "2",
        "--max-plies",
        "6",
        "--json",
        "--players",
        &format!("{seat},random"),
    ]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["forfeits"], 1, "{j}");
    assert_eq!(j["rules_only"]["games"], 1, "{j}");
    let reason = j["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| {
            r["reason"]
                .as_str()
                .unwrap()
                .contains("lines for one answer")
        })
        .unwrap_or_else(|| panic!("{j}"));
    assert_eq!(reason["games"], 1);
}

/// On a board of exactly 10 ranks XBoard counts ranks from 0 (CECP v2):
/// the XBoard client sends `a0a1` for varia's `a1a2` and reads the answer
/// back. Against varia's own XBoard engine (whose ranks `cli_xboard`
/// checks against the spec) and, where installed, Fairy-Stockfish, which
/// refused varia's ranks before: every game reaches the ply cap, no seat
/// forfeits.
#[test]
fn an_xboard_engine_plays_xiangqi_with_ranks_from_zero() {
    let v = env!("CARGO_BIN_EXE_varia");
    let mut seats = vec![format!("xboard:{v};arg=xboard;depth=1")];
    let fsf = "/usr/games/fairy-stockfish";
    if std::path::Path::new(fsf).exists() {
        seats.push(format!("xboard:{fsf};depth=1"));
    } else {
        eprintln!("{fsf} is not installed: only varia's own XBoard engine plays");
    }
    for seat in seats {
        let j = two_games_against_ai("xiangqi", "10", &seat);
        assert_eq!(j["unfinished"], 2, "{seat}: {j}");
        assert_eq!(j["min_plies"], 10, "{seat}: {j}");
    }
}
