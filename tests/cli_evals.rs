//! The AI's thoughts in records: `simulate` and `match` write, after each
//! action the built-in AI chose, the score and depth of its search as
//! cutechess-cli does (`{+0.25/10}`, the time too on a clock), in PGN and
//! in JSON lines; random players' actions have none; `replay` reads the
//! records back.

mod support;

use support::varia;

/// Whether `c` reads `+0.25/2`-like: a signed score or mate, then `/2`.
fn at_depth(c: &str, depth: &str) -> bool {
    let Some((score, d)) = c.split_once('/') else {
        return false;
    };
    d == depth
        && (score.starts_with('+') || score.starts_with('-'))
        && (score[1..].parse::<f64>().is_ok() || score[1..].starts_with('M'))
}

#[test]
fn simulate_writes_the_ais_evals_after_its_actions_alike_for_any_job_count() {
    let dir = tempfile::tempdir().unwrap();
    let run = |jobs: &str| {
        let pgn = dir.path().join(format!("g{jobs}.pgn"));
        let out = dir.path().join(format!("g{jobs}.jsonl"));
        varia()
            .args(["simulate", "chess", "-n", "3", "--players", "ai:2,random"])
            .args(["--seed", "4", "--jobs", jobs, "--pgn"])
            .arg(&pgn)
            .arg("--out")
            .arg(&out)
            .assert()
            .success();
        (
            std::fs::read_to_string(&pgn).unwrap(),
            std::fs::read_to_string(&out).unwrap(),
            pgn,
        )
    };
    let (pgn1, json1, path) = run("1");
    let (pgn2, json2, _) = run("2");
    assert_eq!(json1, json2, "the same evals for any job count");
    assert_eq!(
        pgn1.lines().filter(|l| !l.starts_with("[Date")).count(),
        pgn2.lines().filter(|l| !l.starts_with("[Date")).count()
    );
    for line in json1.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let actions = v["actions"].as_array().unwrap();
        let evals = v["evals"].as_array().unwrap();
        assert_eq!(actions.len(), evals.len(), "{line}");
        for (i, e) in evals.iter().enumerate() {
            let e = e.as_str().unwrap();
            if i % 2 == 0 {
                // ai:2 is white: depth 2, no time (a node budget).
                assert!(at_depth(e, "2"), "action {i}: `{e}` in {line}");
            } else {
                assert_eq!(e, "", "random plays black: {line}");
            }
        }
    }
    // The PGN holds them as comments after white's actions, and reads back.
    assert!(pgn1.contains("1. "), "{pgn1}");
    let first = pgn1.lines().find(|l| l.starts_with("1. ")).unwrap();
    let mut words = first.split_whitespace();
    assert_eq!(words.next(), Some("1."));
    words.next();
    let c = words.next().unwrap();
    assert!(
        c.starts_with('{') && c.ends_with('}') && at_depth(&c[1..c.len() - 1], "2"),
        "{first}"
    );
    assert!(pgn1.lines().all(|l| l.len() <= 80), "{pgn1}");
    varia()
        .arg("replay")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "3 games checked: 3 legal throughout, 0 not",
        ));
}

#[test]
fn a_match_on_a_clock_writes_each_evals_time() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("m.pgn");
    varia()
        .args([
            "match",
            "chess",
            "--players",
            "ai;st=0.02,random",
            "-n",
            "1",
        ])
        .args(["--seed", "2", "--max-plies", "12", "--pgn"])
        .arg(&pgn)
        .assert()
        .success();
    let text = std::fs::read_to_string(&pgn).unwrap();
    // `{+0.25/6 0.020s}`: score/depth, then seconds.
    let comments: Vec<&str> = text
        .split('{')
        .skip(1)
        .filter_map(|c| c.split_once('}').map(|x| x.0))
        .collect();
    assert!(!comments.is_empty(), "{text}");
    // An instant answer (a mate in one seen at once) may take under half a
    // millisecond and read 0.000s; the moves in all took some time.
    let mut total = 0.0;
    for c in &comments {
        let (head, time) = c.split_once(' ').unwrap_or_else(|| panic!("`{c}`: {text}"));
        assert!(head.contains('/'), "`{c}`");
        let secs: f64 = time.strip_suffix('s').unwrap().parse().unwrap();
        assert!((0.0..5.0).contains(&secs), "`{c}`");
        total += secs;
    }
    assert!(total > 0.0, "{text}");
}

/// A UCI engine's seat: its last `info` line's score and depth (varia's
/// own UCI engine at `depth=2`), the random seat none.
#[test]
fn a_uci_engines_evals_come_from_its_info_lines() {
    let v = env!("CARGO_BIN_EXE_varia");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.jsonl");
    varia()
        .args([
            "simulate",
            "chess",
            "-n",
            "1",
            "--max-plies",
            "8",
            "--jobs",
            "1",
        ])
        .arg("--players")
        .arg(format!("uci:{v};arg=uci;depth=2,random"))
        .args(["--seed", "3", "--out"])
        .arg(&file)
        .assert()
        .success();
    let text = std::fs::read_to_string(&file).unwrap();
    let line = text.lines().next().unwrap();
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    let evals = v["evals"].as_array().unwrap_or_else(|| panic!("{line}"));
    assert_eq!(evals.len(), 8, "{line}");
    for (i, e) in evals.iter().enumerate() {
        let e = e.as_str().unwrap();
        if i % 2 == 0 {
            assert!(at_depth(e, "2"), "action {i}: `{e}` in {line}");
        } else {
            assert_eq!(e, "", "{line}");
        }
    }
}
