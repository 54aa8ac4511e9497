//! `varia uci` on the real binary: scripted input, checked replies.

use assert_cmd::Command;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn uci(input: &str) -> String {
    let out = Command::cargo_bin("varia")
        .unwrap()
        .arg("uci")
        .write_stdin(input)
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

fn bestmove(out: &str) -> &str {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in:\n{out}"))
        .split_whitespace()
        .next()
        .unwrap()
}

#[test]
fn handshake_lists_options_and_every_variant() {
    let out = uci("uci\nisready\nquit\n");
    assert!(out.contains("id name varia"), "{out}");
    let combo = out
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .unwrap_or_else(|| panic!("{out}"));
    for n in varia::check::builtin_names() {
        assert!(combo.contains(&format!(" var {n}")), "{n} missing: {combo}");
    }
    for o in [
        "Hash type spin",
        "MultiPV type spin",
        "Skill Level type spin",
        "VariantPath type string",
    ] {
        assert!(out.contains(&format!("option name {o}")), "{o}: {out}");
    }
    let uciok = out.lines().position(|l| l == "uciok").unwrap();
    let ready = out.lines().position(|l| l == "readyok").unwrap();
    assert!(uciok < ready);
}

#[test]
fn go_depth_reports_info_and_a_legal_bestmove() {
    let out = uci("position startpos moves e2e4 e7e5 g1f3\ngo depth 4\n");
    let info = out
        .lines()
        .find(|l| l.starts_with("info depth 4 "))
        .unwrap_or_else(|| panic!("{out}"));
    for w in [" score cp ", " nodes ", " nps ", " time ", " pv "] {
        assert!(info.contains(w), "{w} missing: {info}");
    }
    let b = bestmove(&out);
    let v = varia::load::builtin("chess", &[]).unwrap();
    let mut board = varia::protocol::Board::new(v).unwrap();
    for m in ["e2e4", "e7e5", "g1f3"] {
        board.play_text(m).unwrap();
    }
    assert!(board.play_text(b).is_ok(), "bestmove {b} is not legal");
}

#[test]
fn finds_mate_in_one_and_two() {
    let out = uci("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    assert_eq!(bestmove(&out), "a1a8");
    assert!(out.contains("score mate 1"), "{out}");
    // Two rooks: mate in two (a rook cuts the king off, the other mates).
    let out = uci("position fen 7k/8/8/8/8/8/R7/1R4K1 w - - 0 1\ngo depth 5\n");
    assert!(out.contains("score mate 2"), "{out}");
}

#[test]
fn perft_counts_moves() {
    let out = uci("position startpos\ngo perft 3\n");
    assert!(out.contains("Nodes searched: 8902"), "{out}");
    assert!(out.lines().any(|l| l == "e2e4: 600"), "{out}");
}

#[test]
fn fairy_variants_use_fairy_stockfish_move_text() {
    // Crazyhouse: captures go to the hand and come back as drops.
    let out = uci("setoption name UCI_Variant value crazyhouse\n\
         position startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@e4\n\
         go perft 1\ngo depth 2\n");
    assert!(out.contains("Nodes searched:"), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("P@")),
        "drops listed: {out}"
    );
    bestmove(&out);
    // Capablanca: ten files; the archbishop and chancellor.
    let out = uci(
        "setoption name UCI_Variant value capablanca\nposition startpos moves e2e4\ngo perft 1\ngo depth 2\n",
    );
    assert!(out.lines().any(|l| l.starts_with("j7j5: ")), "{out}");
    bestmove(&out);
}

#[test]
fn hidden_decks_are_refused_politely() {
    let out = uci(
        "setoption name UCI_Variant value raindropchess\nisready\nposition startpos\ngo depth 1\n",
    );
    assert!(out.contains("info string variant refused"), "{out}");
    assert!(out.contains("readyok"));
    // Still chess: the search answers with a chess move.
    assert!(bestmove(&out).len() >= 4);
}

#[test]
fn garbage_is_answered_or_ignored() {
    let out = uci(
        "💥\nposition\nposition fen not a fen\nposition startpos moves e2e5 e2e4\n\
         go depth x nodes -5 movetime\ngo wtime 99999999999999 btime -3 movestogo 0 winc 99999999999999\n\
         setoption name Hash value 99999999\nsetoption\n\
         setoption name UCI_Variant value nope\ngo perft 99999\nisready\nquit\n",
    );
    assert!(out.contains("readyok"), "{out}");
    assert!(out.contains("unknown command"), "{out}");
    assert!(out.contains("position refused"), "{out}");
    assert!(out.contains("illegal or unknown move `e2e5`"), "{out}");
}

#[test]
fn a_node_budget_gives_the_same_move() {
    let script = "ucinewgame\nposition startpos moves d2d4 g8f6\ngo nodes 20000\n";
    let a = uci(script);
    let b = uci(script);
    assert_eq!(bestmove(&a), bestmove(&b));
}

#[test]
fn multipv_reports_several_lines() {
    let out = uci("setoption name MultiPV value 3\nposition startpos\ngo depth 3\n");
    for k in 1..=3 {
        assert!(
            out.lines()
                .any(|l| l.starts_with("info depth 3 ") && l.contains(&format!(" multipv {k} "))),
            "line {k}: {out}"
        );
    }
}

#[test]
fn variant_path_adds_variants() {
    let dir = std::env::temp_dir().join(format!("varia-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("minichess.variant");
    std::fs::write(
        &f,
        "variant minichess \"Mini\" extends chess {\n  board 5x5\n  setup {\n    white: R a1, N b1, B c1, Q d1, K e1, P a2..e2\n    black: mirror white\n  }\n}\n",
    )
    .unwrap();
    let out = uci(&format!(
        "setoption name VariantPath value {}\nsetoption name UCI_Variant value minichess\nposition startpos\ngo depth 2\n",
        f.display()
    ));
    assert!(out.contains("loaded variants: minichess"), "{out}");
    assert!(out.contains(" var minichess"), "{out}");
    bestmove(&out);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    writeln!(input, "position startpos\ngo infinite").unwrap();
    input.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    writeln!(input, "isready").unwrap();
    input.flush().unwrap();
    // `isready` is answered while the search runs.
    let mut seen_ready = false;
    let start = Instant::now();
    for l in lines.by_ref() {
        let l = l.unwrap();
        if l == "readyok" {
            seen_ready = true;
            break;
        }
        assert!(!l.starts_with("bestmove"), "infinite search ended alone");
    }
    assert!(seen_ready);
    writeln!(input, "stop").unwrap();
    input.flush().unwrap();
    let mut best = None;
    for l in lines.by_ref() {
        let l = l.unwrap();
        if let Some(m) = l.strip_prefix("bestmove ") {
            best = Some(m.to_string());
            break;
        }
    }
    assert!(best.is_some());
    assert!(start.elapsed() < Duration::from_secs(5));
    writeln!(input, "quit").unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_clock_is_respected() {
    let start = Instant::now();
    let out = uci("position startpos\ngo wtime 2000 btime 2000 winc 0 binc 0\n");
    bestmove(&out);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "took {:?}",
        start.elapsed()
    );
    let start = Instant::now();
    let out = uci("position startpos\ngo movetime 200\n");
    bestmove(&out);
    assert!(start.elapsed() < Duration::from_millis(1500));
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
        let out = Command::cargo_bin("varia")
            .unwrap()
            .args([
                "simulate",
                "chess",
                "-n",
                "2",
                "--max-plies",
                "16",
                "--jobs",
                "1",
                "--json",
            ])
            .arg("--players")
            .arg(format!("{seat},ai:1"))
            .timeout(Duration::from_secs(120))
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let j: serde_json::Value = serde_json::from_slice(&out).unwrap();
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
    let out = Command::cargo_bin("varia")
        .unwrap()
        .args(["simulate", "chess", "-n", "1", "--json", "--players"])
        .arg("uci:/nonexistent/engine,ai:1")
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("cannot start /nonexistent/engine"), "{text}");
}

#[test]
fn the_ai_plays_on_a_clock_and_in_a_match() {
    let out = Command::cargo_bin("varia")
        .unwrap()
        .args([
            "match",
            "losalamos",
            "-n",
            "2",
            "--max-plies",
            "30",
            "--players",
        ])
        .arg("ai;st=0.02,ai:1;tc=40/5+0.01")
        .timeout(Duration::from_secs(120))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("2 games of Los Alamos"), "{text}");
    assert!(text.contains("Elo"), "{text}");
    for bad in ["ai;st=x", "ai;tc=1/", "uci:", "human;st=1"] {
        Command::cargo_bin("varia")
            .unwrap()
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
    Command::cargo_bin("varia")
        .unwrap()
        .args(["simulate", "chess", "-n", "3", "--jobs", "1", "--max-plies", "6"])
        .arg("--players")
        .arg(format!("{seat},random"))
        .arg("--out")
        .arg(&out)
        .timeout(Duration::from_secs(120))
        .assert()
        .success();
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

#[test]
fn an_engine_that_floods_loses_its_game_only() {
    let dir = tempfile::tempdir().unwrap();
    // Lines without end …
    let seat = bad_engine("uci", "flood", &dir.path().join("a"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    first_lost_others_intact(&games, "wrote more than 100000 lines for one answer");
    // … bytes without a newline …
    let seat = bad_engine("uci", "flood-nonl", &dir.path().join("b"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    first_lost_others_intact(&games, "wrote a line longer than 65536 bytes");
    // … and the same in XBoard.
    let seat = bad_engine("xboard", "x-flood-nonl", &dir.path().join("c"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    first_lost_others_intact(&games, "wrote a line longer than 65536 bytes");
}

#[test]
fn an_engine_that_stops_reading_forfeits_instead_of_hanging() {
    let dir = tempfile::tempdir().unwrap();
    // An option value larger than a pipe holds: varia's write blocks, and
    // a blocking write used to hang varia for good.
    let pad = format!(";option.Pad={}", "x".repeat(100_000));
    let seat = bad_engine("uci", "deaf", &dir.path().join("a"), &format!(";st=0.2{pad}"));
    let (games, took) = simulate_with(&seat);
    first_lost_others_intact(&games, "stopped reading its input");
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn a_silent_engine_forfeits_after_its_time_and_a_margin() {
    let dir = tempfile::tempdir().unwrap();
    let seat = bad_engine("uci", "silent", &dir.path().join("a"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    // st=0.2: the move, then as much again and half a second.
    first_lost_others_intact(&games, "did not answer within 0.9 s");
    let seat = bad_engine("xboard", "x-silent", &dir.path().join("b"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    first_lost_others_intact(&games, "did not answer within 0.9 s");
}

#[test]
fn a_crashing_engine_loses_in_play_and_in_simulate() {
    let dir = tempfile::tempdir().unwrap();
    let seat = bad_engine("uci", "crash", &dir.path().join("a"), ";st=0.2");
    let out = Command::cargo_bin("varia")
        .unwrap()
        .args(["play", "chess", "--players"])
        .arg(format!("{seat},random"))
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("forfeits: "), "{out}");
    assert!(out.contains("exited (exit status: 3). 0-1"), "{out}");
    let seat = bad_engine("uci", "crash", &dir.path().join("b"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    first_lost_others_intact(&games, "exited (exit status: 3)");
}

#[test]
fn an_illegal_move_in_control_characters_is_shown_clean() {
    let dir = tempfile::tempdir().unwrap();
    let seat = bad_engine("uci", "illegal", &dir.path().join("a"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    first_lost_others_intact(&games, "played `[31me2e5 ]0;pwned`, not a legal move");
}

#[test]
fn a_huge_option_list_loses_at_the_handshake() {
    let dir = tempfile::tempdir().unwrap();
    let seat = bad_engine("uci", "options", &dir.path().join("a"), ";st=0.2");
    let (games, _) = simulate_with(&seat);
    first_lost_others_intact(&games, "wrote more than 100000 lines for one answer");
}
