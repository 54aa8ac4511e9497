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
fn an_illegal_move_in_position_gets_its_reason() {
    // A GUI sends a move of a pinned knight: the engine says why it
    // refuses it, as an `info string`, and keeps the position before it.
    let out = uci("position fen 4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1 moves c3e4\nisready\nquit\n");
    assert!(out.contains("illegal or unknown move `c3e4`"), "{out}");
    assert!(
        out.contains(
            "info string Your knight on c3 is pinned: moving it would leave your king on e1 \
             attacked by Black's bishop on b4."
        ),
        "{out}"
    );
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
