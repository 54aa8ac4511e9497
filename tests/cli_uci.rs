//! `varia uci` on the real binary: scripted input, checked replies.

use assert_cmd::Command;
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// `varia uci` on `input`. The end of the input ends a search, as `quit`
/// does: unless the input quits, the input is held open until every `go`
/// has its answer (a `bestmove`, or the end of a perft).
fn uci(input: &str) -> String {
    if input.lines().any(|l| l.trim() == "quit") {
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
        return String::from_utf8(out).unwrap();
    }
    let owed = input
        .lines()
        .filter(|l| l.trim_start().starts_with("go") && !l.contains("infinite"))
        .count();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines() {
            let Ok(l) = l else { break };
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let mut out = String::new();
    let mut answered = 0;
    let end = Instant::now() + Duration::from_secs(60);
    while answered < owed {
        let l = rx
            .recv_timeout(end.saturating_duration_since(Instant::now()))
            .unwrap_or_else(|_| panic!("{answered} of {owed} answers in time:\n{out}"));
        if l.starts_with("bestmove") || l.starts_with("Nodes searched") {
            answered += 1;
        }
        out.push_str(&l);
        out.push('\n');
    }
    drop(stdin);
    for l in rx.iter() {
        out.push_str(&l);
        out.push('\n');
    }
    assert!(child.wait().unwrap().success());
    out
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
        "UCI_Chess960 type check default false",
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
    let out = Command::cargo_bin("varia")
        .unwrap()
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
        .arg(format!("{seat},random"))
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
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

#[test]
fn control_characters_from_an_engine_reach_no_screen_or_record() {
    let dir = tempfile::tempdir().unwrap();
    let seat = bad_engine("uci", "chatty", &dir.path().join("a"), ";st=0.2");
    let pgn = dir.path().join("games.pgn");
    let out = Command::cargo_bin("varia")
        .unwrap()
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

// ----- Protocol input: bounded lines, the end of input, stop -----

/// A live `varia uci` or `varia xboard`: write lines, read what comes.
struct Live {
    child: std::process::Child,
    input: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Live {
            child,
            input,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let i = self.input.as_mut().unwrap();
        i.write_all(bytes).unwrap();
        i.flush().unwrap();
    }

    /// Lines up to one that starts with `start`, which must come within `t`.
    fn until(&mut self, start: &str, t: Duration) -> Vec<String> {
        let end = Instant::now() + t;
        let mut got = Vec::new();
        loop {
            match self
                .lines
                .recv_timeout(end.saturating_duration_since(Instant::now()))
            {
                Ok(l) => {
                    let done = l.starts_with(start);
                    self.seen.push(l.clone());
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                Err(_) => panic!("no `{start}` within {t:?}; seen {:?}", self.seen),
            }
        }
    }

    /// What came within `t`, waiting all of it.
    fn within(&mut self, t: Duration) -> Vec<String> {
        let end = Instant::now() + t;
        let mut got = Vec::new();
        while let Ok(l) = self
            .lines
            .recv_timeout(end.saturating_duration_since(Instant::now()))
        {
            self.seen.push(l.clone());
            got.push(l);
        }
        got
    }

    /// Close the input; the process must end within `t`. Returns the
    /// lines it wrote after.
    fn close(mut self, t: Duration) -> Vec<String> {
        drop(self.input.take());
        let end = Instant::now() + t;
        loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                assert!(st.success());
                break;
            }
            if Instant::now() > end {
                let _ = self.child.kill();
                panic!("still running {t:?} after the end of its input");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.lines.try_iter().collect()
    }
}

#[test]
fn a_line_longer_than_the_cap_is_skipped_and_the_engine_goes_on() {
    let long = vec![b'a'; 3 << 20];
    let mut e = Live::start(&["uci"]);
    e.send(&long);
    e.send(b"\nisready\n");
    let got = e.until("readyok", Duration::from_secs(10));
    assert_eq!(
        got[0], "info string a line longer than 1048576 bytes was skipped",
        "{got:?}"
    );
    // A line without end: read to the cap, then skipped with the input.
    e.send(&long);
    let rest = e.close(Duration::from_secs(10));
    assert_eq!(rest.len(), 1, "{rest:?}");
    let mut x = Live::start(&["xboard"]);
    x.send(&long);
    x.send(b"\nping 5\n");
    let got = x.until("pong 5", Duration::from_secs(10));
    assert!(
        got.contains(&"Error (line longer than 1048576 bytes): skipped".to_string()),
        "{got:?}"
    );
    x.close(Duration::from_secs(10));
}

#[test]
fn the_end_of_the_input_ends_a_search_a_perft_and_the_process() {
    for go in [
        "go infinite",
        "go movetime 600000",
        "go depth 80",
        "go perft 12",
    ] {
        let mut e = Live::start(&["uci"]);
        e.send(format!("position startpos\n{go}\n").as_bytes());
        std::thread::sleep(Duration::from_millis(300));
        let rest = e.close(Duration::from_secs(5));
        if go.contains("perft") {
            assert!(
                rest.last()
                    .unwrap()
                    .starts_with("info string perft 12 stopped"),
                "{go}: {rest:?}"
            );
        } else {
            assert!(
                rest.last().unwrap().starts_with("bestmove "),
                "{go}: {rest:?}"
            );
        }
    }
    let mut x = Live::start(&["xboard"]);
    x.send(b"xboard\nprotover 2\nnew\nst 600\ngo\n");
    std::thread::sleep(Duration::from_millis(300));
    let rest = x.close(Duration::from_secs(5));
    assert!(rest.iter().any(|l| l.starts_with("move ")), "{rest:?}");
}

#[test]
fn stop_ends_a_perft_and_the_engine_goes_on() {
    let mut e = Live::start(&["uci"]);
    e.send(b"position startpos\ngo perft 9\n");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    e.send(b"stop\n");
    let got = e.until("info string perft 9 stopped", Duration::from_secs(3));
    assert!(
        !got.iter().any(|l| l.starts_with("Nodes searched")),
        "{got:?}"
    );
    assert!(start.elapsed() < Duration::from_secs(2));
    e.send(b"go perft 2\n");
    e.until("Nodes searched: 400", Duration::from_secs(5));
    e.send(b"isready\n");
    e.until("readyok", Duration::from_secs(5));
    e.close(Duration::from_secs(5));
}

#[test]
fn after_go_infinite_no_bestmove_before_stop_at_any_skill_level() {
    // Skill Level 1 searches 400 nodes; a mated side has no move at all;
    // a mate in one is found at once: none of them may answer alone.
    for (skill, position) in [
        (1, "startpos"),
        (8, "startpos"),
        (1, "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        (8, "fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"),
    ] {
        let mut e = Live::start(&["uci"]);
        e.send(
            format!("setoption name Skill Level value {skill}\nposition {position}\ngo infinite\n")
                .as_bytes(),
        );
        let early = e.within(Duration::from_millis(1500));
        assert!(
            !early.iter().any(|l| l.starts_with("bestmove")),
            "{skill} {position}: {early:?}"
        );
        e.send(b"stop\n");
        e.until("bestmove", Duration::from_secs(3));
        e.close(Duration::from_secs(5));
    }
    // `go ponder`: the move waits for `ponderhit`.
    let mut e = Live::start(&["uci"]);
    e.send(b"position startpos moves e2e4\ngo ponder depth 2\n");
    let early = e.within(Duration::from_millis(1000));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    e.send(b"ponderhit\n");
    e.until("bestmove", Duration::from_secs(3));
    e.close(Duration::from_secs(5));
}

// ----- Variant files and Chess960 -----

/// A folder with a good variant file, a broken one and one that defines
/// no variant.
fn variant_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("wellchess.variant"),
        "variant wellchess \"Well chess\" extends chess {\n  board 6x6\n  setup {\n    white: R a1, N b1, Q c1, K d1, N e1, R f1, P a2..f2\n    black: mirror white\n  }\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("broken.variant"),
        "variant broken \"Broken\" extends chess {\n  board 6x6\n  use king, queen, knigt\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("pieces.variant"),
        "piece camel L moves \"C\"\n",
    )
    .unwrap();
    dir
}

#[test]
fn every_variant_file_is_loaded_or_reported_with_its_first_diagnostic() {
    let dir = variant_folder();
    let d = dir.path().display();
    let out = uci(&format!(
        "setoption name VariantPath value {d};/nonexistent/x.variant\nsetoption name UCI_Variant value wellchess\nposition startpos\ngo perft 1\n"
    ));
    assert!(
        out.contains(&format!(
            "info string VariantPath: {d}/broken.variant:3:20: error[unknown-piece]: the prelude has no piece called `knigt`"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "info string VariantPath: {d}/pieces.variant: the file defines no variant"
        )),
        "{out}"
    );
    assert!(
        out.contains("info string VariantPath: /nonexistent/x.variant: "),
        "{out}"
    );
    assert!(
        out.contains("info string loaded variants: wellchess"),
        "{out}"
    );
    assert!(
        out.contains("Nodes searched: 16"),
        "6 pawns, one or two steps, and 2 knights: {out}"
    );
    // The same files at start-up: told with the answer to `uci`, the
    // variant in the first list.
    let out = Command::cargo_bin("varia")
        .unwrap()
        .args(["uci", "--variant-path"])
        .arg(dir.path())
        .write_stdin("uci\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let combo = out.lines().find(|l| l.contains("UCI_Variant")).unwrap();
    assert!(combo.contains(" var wellchess"), "{combo}");
    let broken = out
        .lines()
        .position(|l| l.contains("broken.variant:3:20"))
        .unwrap();
    let ok = out.lines().position(|l| l == "uciok").unwrap();
    assert!(broken < ok, "{out}");
}

#[test]
fn python_chess_plays_chess960_games_through_uci() {
    let have = std::process::Command::new("python3")
        .args(["-c", "import chess.engine"])
        .status()
        .is_ok_and(|s| s.success());
    if !have {
        eprintln!("skipped: python-chess is not installed (apt-get install python3-chess)");
        return;
    }
    let out = std::process::Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/engines/chess960.py"
        ))
        .arg(env!("CARGO_BIN_EXE_varia"))
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("start 518: "), "{text}");
    assert!(text.contains(", 0 differences"), "{text}");
}

#[test]
fn chess960_castling_is_the_king_taking_its_rook() {
    // King b1, rooks a1 and h1 (Chess960 position 0 is bbqnnrkr; this one
    // is cleared): both castlings, written king-takes-rook, landing on
    // c1/d1 and g1/f1 as Chess960 says.
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    let out = uci(&format!(
        "setoption name UCI_Chess960 value true\nposition fen {fen}\ngo perft 1\nposition fen {fen} moves b1h1\nd\nposition fen {fen} moves b1a1 b8h8\nd\n"
    ));
    assert!(out.lines().any(|l| l == "b1a1: 1"), "{out}");
    assert!(out.lines().any(|l| l == "b1h1: 1"), "{out}");
    assert!(!out.contains("b1c1: 1\nb1d1"), "{out}");
    assert!(
        out.contains("info string fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1"),
        "{out}"
    );
    assert!(
        out.contains("info string fen r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"),
        "{out}"
    );
    // Without the option, the same FEN castles FIDE style (two squares):
    // b1d1 toward h1, and none toward a1 (too close).
    let out = uci(&format!("position fen {fen}\ngo perft 1\n"));
    assert!(out.lines().any(|l| l == "b1d1: 1"), "{out}");
    assert!(
        !out.lines()
            .any(|l| l.starts_with("b1a1") || l.starts_with("b1h1")),
        "{out}"
    );
}

// ----- match -----

fn varia_match(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("varia")
        .unwrap()
        .arg("match")
        .args(args)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
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
    let finished: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Finished game"))
        .collect();
    let scores: Vec<&str> = out.lines().filter(|l| l.starts_with("Score of")).collect();
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
    let replay = Command::cargo_bin("varia")
        .unwrap()
        .args(["replay", p])
        .output()
        .unwrap();
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
