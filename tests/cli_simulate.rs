//! `varia simulate` and `varia replay` on the real binary: bounds on the
//! run's size, whole-game records in JSON lines and PGN that replay, and
//! results that do not depend on the number of threads.

mod support;

use std::path::Path;
use support::varia;

fn stderr_of(args: &[&str]) -> (i32, String) {
    let out = varia().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_huge_game_count_is_refused_before_anything_is_allocated() {
    let (code, err) = stderr_of(&["simulate", "chess", "-n", "18446744073709551615"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("1..=1000000000"), "{err}");
    let (code, _) = stderr_of(&["simulate", "chess", "-n", "0"]);
    assert_eq!(code, 2);
}

#[test]
fn a_ply_cap_of_zero_or_beyond_the_limit_is_refused() {
    for cap in ["0", "10000001"] {
        let (code, err) = stderr_of(&["simulate", "chess", "--max-plies", cap]);
        assert_eq!(code, 2, "{cap}: {err}");
        assert!(err.contains("--max-plies"), "{err}");
    }
}

#[test]
fn more_jobs_than_threads_needs_force_and_never_more_than_the_limit() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let many = (threads + 1).to_string();
    let (code, err) = stderr_of(&["simulate", "chess", "-n", "1", "--jobs", &many]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--force-jobs"), "{err}");
    let (code, err) = stderr_of(&[
        "simulate",
        "chess",
        "-n",
        "1",
        "--jobs",
        "10000",
        "--force-jobs",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("1024"), "{err}");
    varia()
        .args(["simulate", "chess", "-n", "2", "--players", "random,random"])
        .args(["--max-plies", "20", "--jobs", &many, "--force-jobs"])
        .assert()
        .success();
}

/// An endless game (two kings and two rooks, no draw rule) to the cap.
#[test]
fn a_long_game_takes_time_linear_in_its_length() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("endless.variant");
    std::fs::write(
        &file,
        "variant endless \"Endless\" {\n  players white, black\n  board 8x8\n  use king, rook\n\
         setup {\n    white: K a1, R b1\n    black: K h8, R g8\n  }\n\
         end {\n    checkmate -> lose\n    stalemate -> draw\n  }\n}\n",
    )
    .unwrap();
    // 400,000 plies: a second when each ply costs the same, minutes when
    // each ply copies the game so far.
    let out = varia()
        .args(["simulate", file.to_str().unwrap(), "-n", "1"])
        .args([
            "--players",
            "random,random",
            "--max-plies",
            "400000",
            "--json",
        ])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["games"], 1);
}

fn simulate_to(dir: &Path, variant: &str, players: &str, n: &str, jobs: &str) -> (String, String) {
    let jsonl = dir.join(format!("{variant}-{jobs}.jsonl"));
    let pgn = dir.join(format!("{variant}-{jobs}.pgn"));
    varia()
        .args([
            "simulate",
            variant,
            "-n",
            n,
            "--players",
            players,
            "--seed",
            "5",
        ])
        .args(["--max-plies", "300", "--jobs", jobs])
        .args([
            "--out",
            jsonl.to_str().unwrap(),
            "--pgn",
            pgn.to_str().unwrap(),
        ])
        .assert()
        .success();
    (
        jsonl.to_str().unwrap().to_string(),
        pgn.to_str().unwrap().to_string(),
    )
}

#[test]
fn simulated_games_are_whole_records_that_replay() {
    let dir = tempfile::tempdir().unwrap();
    // Echek (swaps, placements on an unbounded board), cards, four seats.
    for (variant, players) in [
        ("echek", "random,random"),
        ("raindropchess", "random,random"),
        ("quatrochess", "random,random,random,random"),
        ("chess", "random,random"),
    ] {
        let (jsonl, pgn) = simulate_to(dir.path(), variant, players, "12", "1");
        let text = std::fs::read_to_string(&jsonl).unwrap();
        assert_eq!(text.lines().count(), 12);
        let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        for key in [
            "seed", "players", "options", "start", "actions", "result", "reason",
        ] {
            assert!(first.get(key).is_some(), "{variant}: no `{key}` in {first}");
        }
        assert_eq!(
            first["actions"].as_array().unwrap().len() as u64,
            first["plies"].as_u64().unwrap()
        );
        for file in [&jsonl, &pgn] {
            let out = varia().args(["replay", file]).output().unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{variant} {file}: {stdout}");
            assert!(
                stdout.contains("12 games checked: 12 legal throughout, 0 not"),
                "{variant} {file}: {stdout}"
            );
        }
        // One game, shown in full.
        let out = varia()
            .args(["replay", &pgn, "--game", "3"])
            .output()
            .unwrap();
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).contains("all legal. Result:"));
    }
}

#[test]
fn records_do_not_depend_on_the_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let one = simulate_to(dir.path(), "echek", "random,random", "20", "1");
    let two = simulate_to(dir.path(), "echek", "random,random", "20", "2");
    let read = |p: &str| std::fs::read(p).unwrap();
    assert_eq!(read(&one.0), read(&two.0));
    assert_eq!(read(&one.1), read(&two.1));
}

#[test]
fn replay_names_a_missing_game_and_counts_from_one() {
    let dir = tempfile::tempdir().unwrap();
    let (jsonl, _) = simulate_to(dir.path(), "chess", "random,random", "3", "1");
    let (code, err) = stderr_of(&["replay", &jsonl, "--game", "4"]);
    assert_eq!(code, 1);
    assert!(err.contains("holds 3 games; there is no game 4"), "{err}");
    let (code, _) = stderr_of(&["replay", &jsonl, "--game", "0"]);
    assert_eq!(code, 2);
}

/// `replay --json`: one object per game, one a line, and nothing else;
/// an illegal action makes that game's `legal` false with the error, and
/// the exit code 1; `--game N` keeps one line.
#[test]
fn replay_json_reports_each_game_on_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let (jsonl, pgn) = simulate_to(dir.path(), "chess", "random,random", "3", "1");
    let out = varia().args(["replay", &jsonl, "--json"]).output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    let sim: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (i, (l, g)) in lines.iter().zip(&sim).enumerate() {
        assert_eq!(l["game"], i + 1);
        assert_eq!(l["variant"], "chess");
        assert_eq!(l["legal"], true, "{l}");
        assert_eq!(l["actions"], g["plies"], "{l}");
        assert!(
            l["result"]
                .as_str()
                .unwrap()
                .starts_with(g["result"].as_str().unwrap()),
            "{l} vs {}",
            g["result"]
        );
    }
    let out = varia()
        .args(["replay", &pgn, "--json", "--game", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.starts_with("{\"actions\":"), "{stdout}");
    // An illegal action: `legal` false, the error said, exit code 1.
    let bad = dir.path().join("bad.pgn");
    std::fs::write(&bad, "[Variant \"chess\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let out = varia()
        .args(["replay", bad.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let l: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(l["legal"], false, "{l}");
    assert!(l["error"].as_str().unwrap().contains("Ke3"), "{l}");
    // Not with --boards.
    let (code, _) = stderr_of(&["replay", &pgn, "--json", "--boards"]);
    assert_eq!(code, 2);
}

#[test]
fn replay_stops_where_the_rules_end_the_game() {
    // Knights shuffle: the start position comes back a third time after
    // eight plies (a draw by repetition); the record goes on.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rep.pgn");
    std::fs::write(
        &file,
        "[Variant \"chess\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *\n",
    )
    .unwrap();
    let out = varia()
        .args(["replay", file.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("the game ended after action 8 (repetition); the record's 2 actions after it are not played"),
        "{stdout}"
    );
    assert!(
        stdout.contains("8 actions, all legal. Result: 1/2-1/2"),
        "{stdout}"
    );
}

#[test]
fn replay_counts_in_the_singular_too() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.pgn");
    std::fs::write(&file, "[Variant \"chess\"]\n\n1. e4 *\n").unwrap();
    let out = varia()
        .args(["replay", file.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("\n1 action, all legal. Result: *\n"),
        "{stdout}"
    );
}

/// Run `simulate` with `extra` arguments; its standard output.
fn simulate_out(variant: &str, players: &str, extra: &[&str]) -> String {
    let out = varia()
        .args(["simulate", variant, "--players", players, "--seed", "11"])
        .args(["--max-plies", "300"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn shards_merged_equal_the_whole_run_byte_for_byte() {
    for (variant, players, n) in [
        ("chess", "random,random", "30"),
        ("quatrochess-teams", "random,random,random,random", "9"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
        let whole_report = simulate_out(variant, players, &["-n", n, "--out", &path("all.jsonl")]);
        let mut shards = Vec::new();
        for k in 0..4 {
            let file = path(&format!("s{k}.jsonl"));
            let shard = format!("{k}/4");
            let report = simulate_out(
                variant,
                players,
                &["-n", n, "--shard", &shard, "--out", &file],
            );
            assert!(report.contains(&format!("shard {k}/4")), "{report}");
            shards.push(file);
        }
        shards.reverse(); // the order of the files does not matter
        let out = varia()
            .arg("merge")
            .args(&shards)
            .args(["--out", &path("merged.jsonl")])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            whole_report,
            "{variant}"
        );
        assert_eq!(
            std::fs::read(path("all.jsonl")).unwrap(),
            std::fs::read(path("merged.jsonl")).unwrap(),
            "{variant}"
        );
        // A shard missing or given twice is an error, not a smaller study.
        let (code, err) = stderr_of(&["merge", &shards[0], &shards[1]]);
        assert_eq!(code, 1);
        assert!(err.contains("first missing"), "{err}");
        let (code, err) = stderr_of(&["merge", &shards[0], &shards[0]]);
        assert_eq!(code, 1);
        assert!(err.contains("more than one file"), "{err}");
    }
}

#[test]
fn the_report_gives_intervals_and_the_first_movers_score() {
    let json = simulate_out("chess", "random,random", &["-n", "20", "--json"]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    let white = &j["win_rates"]["white"];
    let (k, lo, hi) = (
        white["k"].as_u64().unwrap(),
        white["low95"].as_f64().unwrap(),
        white["high95"].as_f64().unwrap(),
    );
    assert_eq!(k, j["wins"]["white"].as_u64().unwrap());
    let share = k as f64 / 20.0;
    assert!(lo <= share && share <= hi && hi - lo > 0.1, "{white}");
    let first = &j["first_seat"];
    assert!(first["elo_low95"].as_f64().unwrap() <= first["elo"].as_f64().unwrap());
    assert!(j["p10_plies"].as_u64().unwrap() <= j["p90_plies"].as_u64().unwrap());
    let text = simulate_out("chess", "random,random", &["-n", "20"]);
    assert!(text.contains("95% interval"), "{text}");
    assert!(text.contains("white scores"), "{text}");
}

#[test]
fn random_opening_plies_vary_the_games_and_stay_in_the_records() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("open.jsonl");
    let f = file.to_str().unwrap();
    simulate_out(
        "chess",
        "ai:1,ai:1",
        &["-n", "6", "--random-plies", "4", "--out", f],
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let openings: std::collections::BTreeSet<Vec<String>> = text
        .lines()
        .map(|l| {
            let j: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(j["random_plies"], 4);
            j["actions"].as_array().unwrap()[..4]
                .iter()
                .map(|a| a.as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    assert!(openings.len() >= 5, "{openings:?}");
    let out = varia().args(["replay", f]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("6 games checked: 6 legal throughout"));
}

#[test]
fn an_sprt_stops_the_run_at_the_same_game_for_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let mut reports = Vec::new();
    for jobs in ["1", "2"] {
        let file = dir.path().join(format!("sprt{jobs}.jsonl"));
        let f = file.to_str().unwrap();
        let out = simulate_out(
            "chess",
            "ai:1,random",
            &[
                "-n",
                "400",
                "--sprt",
                "elo0=0,elo1=100",
                "--jobs",
                jobs,
                "--out",
                f,
            ],
        );
        assert!(out.contains("SPRT: H1"), "{out}");
        let games = std::fs::read_to_string(&file).unwrap().lines().count();
        assert!(
            games < 400 && out.starts_with(&format!("{games} games")),
            "{out}"
        );
        reports.push(out);
    }
    assert_eq!(reports[0], reports[1]);
    let (code, err) = stderr_of(&["simulate", "quatrochess", "--sprt", "elo0=0,elo1=10"]);
    assert_eq!(code, 2);
    assert!(err.contains("needs two seats"), "{err}");
    let (code, _) = stderr_of(&["simulate", "chess", "--sprt", "elo0=10,elo1=0"]);
    assert_eq!(code, 2);
}

#[test]
fn a_study_without_finished_games_gives_no_score() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("r.html");
    let run = |extra: &[&str]| {
        let out = varia()
            .args(["simulate", "chess", "--players", "random,random", "-n", "4"])
            .args(["--max-plies", "1"])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let text = run(&["--report", html.to_str().unwrap()]);
    assert!(text.contains("no finished games: no score"), "{text}");
    assert!(!text.contains("1200") && !text.contains("scores"), "{text}");
    let json = run(&["--json"]);
    let j: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(j["first_seat"].is_null(), "{json}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("No finished games: no score"),
        "was the old -1200?"
    );
    assert!(
        !page.contains("1200") && !page.contains("</b> scores"),
        "{page}"
    );
    // Finished games give a score.
    let text = simulate_out("chess", "random,random", &["-n", "20"]);
    assert!(text.contains("Elo"), "{text}");
}

/// The shards of a run of 4 random games of `seed` and ply cap `plies`,
/// written in `dir` as `NAME-K.jsonl` for each K of `k/n`.
fn shards(
    dir: &std::path::Path,
    name: &str,
    n: usize,
    (seed, plies): (&str, &str),
    extra: &[&str],
) -> Vec<String> {
    (0..n)
        .map(|k| {
            let f = dir
                .join(format!("{name}-{k}.jsonl"))
                .to_str()
                .unwrap()
                .to_string();
            let shard = format!("{k}/{n}");
            let out = varia()
                .args(["simulate", "chess", "--players", "random,random", "-n", "4"])
                .args([
                    "--seed",
                    seed,
                    "--max-plies",
                    plies,
                    "--shard",
                    &shard,
                    "--out",
                    &f,
                ])
                .args(extra)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            f
        })
        .collect()
}

#[test]
fn merge_refuses_the_shards_of_another_run_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = shards(d, "run", 2, ("11", "20"), &[]);
    let ok = varia().arg("merge").args(&run).output().unwrap();
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    for (name, n, run_of, extra, what) in [
        ("seed", 2, ("12", "20"), vec![], "run seed 12, where"),
        ("plies", 2, ("11", "30"), vec![], "ply cap 30, where"),
        (
            "options",
            2,
            ("11", "20"),
            vec!["-o", "repetition=claim3_auto5"],
            "options {\"repetition\":\"claim3_auto5\"}, where",
        ),
        ("count", 3, ("11", "20"), vec![], "shard count 3, where"),
        (
            "random",
            2,
            ("11", "20"),
            vec!["--random-plies", "2"],
            "random plies 2, where",
        ),
    ] {
        let other = shards(d, name, n, run_of, &extra);
        let (code, err) = stderr_of(&["merge", &run[0], &other[1]]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(
            err.contains("game 1 is from another run") && err.contains(what),
            "{name}: {err}"
        );
    }
    // Other players: the same seed and games, seats played by others.
    let other = dir.path().join("players-1.jsonl");
    let f = other.to_str().unwrap();
    let out = varia()
        .args([
            "simulate",
            "chess",
            "--players",
            "random,ai:1",
            "--seed",
            "11",
        ])
        .args(["-n", "4", "--max-plies", "20", "--shard", "1/2", "--out", f])
        .output()
        .unwrap();
    assert!(out.status.success());
    let (code, err) = stderr_of(&["merge", &run[0], f]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("players random,ai:1, where"), "{err}");
    // An unsharded run's file does not join a shard of it.
    let whole = dir.path().join("whole.jsonl");
    let w = whole.to_str().unwrap();
    let out = varia()
        .args([
            "simulate",
            "chess",
            "--players",
            "random,random",
            "--seed",
            "11",
        ])
        .args(["-n", "4", "--max-plies", "20", "--out", w])
        .output()
        .unwrap();
    assert!(out.status.success());
    let (code, err) = stderr_of(&["merge", w, &run[1]]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("more than one file") || err.contains("another run"),
        "{err}"
    );
}

#[test]
fn merge_checks_every_record_as_replay_does() {
    let dir = tempfile::tempdir().unwrap();
    let run = shards(dir.path(), "run", 2, ("11", "20"), &[]);
    let text = std::fs::read_to_string(&run[1]).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let tamper = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = first.clone();
        f(&mut v);
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines[0] = v.to_string();
        std::fs::write(&run[1], lines.join("\n") + "\n").unwrap();
        let out = varia()
            .args(["merge", &run[0], &run[1], "--out"])
            .arg(dir.path().join("merged.jsonl"))
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let at = format!("{}:1: game 1", run[1]);
    // An action that is not legal.
    let (code, err) = tamper(&|v| v["actions"][1] = "Ke2".into());
    assert_eq!(code, 1);
    assert!(err.contains(&at) && err.contains("action 2 `Ke2`"), "{err}");
    // Said why, as the play prompt says it.
    assert!(
        err.contains("your king on e8 cannot go to e2: a king moves `K`"),
        "{err}"
    );
    // A result the rules do not give.
    let (code, err) = tamper(&|v| v["result"] = "1".into());
    assert_eq!(code, 1);
    assert!(err.contains("the record says 1, the rules give *"), "{err}");
    // A line whose outcome does not match its record.
    let (code, err) = tamper(&|v| {
        v["outcome"] = "win".into();
        v["winners"] = serde_json::json!(["white"]);
    });
    assert_eq!(code, 1);
    assert!(err.contains(&at) && err.contains("says win"), "{err}");
    // Seats that are not the variant's (an empty list was indexed by the
    // winners).
    let (code, err) = tamper(&|v| v["seats"] = serde_json::json!([]));
    assert_eq!(code, 1);
    assert!(
        err.contains("names the seats , where chess has white,black"),
        "{err}"
    );
    // A seed that is not the game's.
    let (code, err) = tamper(&|v| v["seed"] = 7.into());
    assert_eq!(code, 1);
    assert!(err.contains("seeds are not those of game 1"), "{err}");
    // A game counted twice in one file, out of order.
    let doubled = format!("{text}{}\n", text.lines().next().unwrap());
    std::fs::write(&run[1], doubled).unwrap();
    let (code, err) = stderr_of(&["merge", &run[0], &run[1]]);
    assert_eq!(code, 1);
    assert!(err.contains("comes after game 3"), "{err}");
    // A failed merge leaves no output file behind.
    assert!(!dir.path().join("merged.jsonl").exists());
    let parts = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .contains("partial")
        })
        .count();
    assert_eq!(parts, 0);
}

#[test]
fn replay_and_opening_books_compile_each_variant_once() {
    // Compiling Quatrochess takes about 90 ms in a debug build: compiled
    // once a game, 100 games took 9 s; once a file, well under a second.
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("q.jsonl");
    let g = games.to_str().unwrap();
    let out = varia()
        .args(["simulate", "quatrochess", "-n", "100", "--max-plies", "2"])
        .args(["--players", "random,random,random,random", "--out", g])
        .output()
        .unwrap();
    assert!(out.status.success());
    let t0 = std::time::Instant::now();
    let out = varia().args(["replay", g]).output().unwrap();
    let took = t0.elapsed();
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("100 games checked: 100 legal"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        took.as_secs_f64() < 3.0,
        "replay of 100 games took {took:?}"
    );
    // A book of 100 FEN lines.
    let start = std::fs::read_to_string(&games).unwrap();
    let fen: serde_json::Value = serde_json::from_str(start.lines().next().unwrap()).unwrap();
    let fen = fen["start"].as_str().unwrap().to_string();
    let book = dir.path().join("book.txt");
    std::fs::write(&book, format!("{fen}\n").repeat(100)).unwrap();
    let t0 = std::time::Instant::now();
    let out = varia()
        .args(["simulate", "quatrochess", "-n", "4", "--max-plies", "1"])
        .args(["--players", "random,random,random,random", "--openings"])
        .arg(&book)
        .output()
        .unwrap();
    let took = t0.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(took.as_secs_f64() < 3.0, "a book of 100 FENs took {took:?}");
}
