//! The documented recipe for a study split across workers (docs/STUDY.md):
//! GNU parallel runs the shards, `varia merge` joins them, and the result is
//! the unsharded run's. Skipped when GNU parallel is not installed (`.ci/run`
//! installs it).

mod support;

use std::process::Command;

#[test]
fn gnu_parallel_shards_merge_into_the_whole_run() {
    if Command::new("parallel").arg("--version").output().is_err() {
        eprintln!("GNU parallel is not installed; skipped");
        return;
    }
    let varia = env!("CARGO_BIN_EXE_varia");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let common = "chess -n 24 --players random,random --seed 42 --max-plies 200 --jobs 1";
    let script = format!(
        "cd {d} && {varia} simulate {common} --out whole.jsonl > whole.txt && \
         parallel --will-cite -j 3 {varia} simulate {common} --shard {{}}/6 \
           --out shard-{{}}.jsonl '>' /dev/null ::: 0 1 2 3 4 5 && \
         {varia} merge shard-*.jsonl --out merged.jsonl > merged.txt"
    );
    let out = Command::new("sh").arg("-c").arg(&script).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = |f: &str| std::fs::read(dir.path().join(f)).unwrap();
    assert_eq!(read("whole.jsonl"), read("merged.jsonl"));
    assert_eq!(read("whole.txt"), read("merged.txt"));
    assert_eq!(
        read("merged.jsonl").iter().filter(|&&b| b == b'\n').count(),
        24
    );
}

// What a study shows beyond its totals (docs/STUDY.md): results per end
// rule and goal, the shortest decisive games numbered as `replay --game N`
// numbers them, each opening action's results, and the SPRT state.

fn run(args: &[&str]) -> String {
    let (code, out, err) = support::run(args, b"");
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&run(args)).unwrap()
}

/// Dobutsu shogi between random players: 20 games end in a few dozen
/// plies, by capture of the lion (extinction) or by its reaching the far
/// rank (a goal).
const STUDY: [&str; 8] = [
    "simulate",
    "dobutsu",
    "-n",
    "20",
    "--players",
    "random,random",
    "--seed",
    "5",
];

/// The lines of a records file, as JSON.
fn records(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_study_counts_each_end_rule_and_who_won_by_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.jsonl");
    let mut args = STUDY.to_vec();
    args.extend(["--json", "--out", file.to_str().unwrap()]);
    let j = json(&args);
    let games = records(&file);
    let rules = j["end_rules"].as_array().unwrap();
    assert!(rules.len() >= 2, "{rules:?}");
    let total: u64 = rules.iter().map(|r| r["games"].as_u64().unwrap()).sum();
    assert_eq!(total, 20);
    for r in rules {
        let reason = r["reason"].as_str().unwrap();
        // Each row's games are those of the records with that reason, and
        // its wins per seat those of the records' winners.
        let mine: Vec<&serde_json::Value> =
            games.iter().filter(|g| g["reason"] == reason).collect();
        assert_eq!(r["games"].as_u64().unwrap(), mine.len() as u64, "{reason}");
        for seat in ["white", "black"] {
            let won = mine
                .iter()
                .filter(|g| g["winners"].as_array().unwrap().iter().any(|w| w == seat))
                .count();
            assert_eq!(
                r["wins"][seat].as_u64().unwrap(),
                won as u64,
                "{reason} {seat}"
            );
        }
        let wins: u64 = ["white", "black"]
            .iter()
            .map(|s| r["wins"][s].as_u64().unwrap())
            .sum();
        assert_eq!(
            wins + r["draws"].as_u64().unwrap() + r["unfinished"].as_u64().unwrap(),
            r["games"].as_u64().unwrap()
        );
    }
    // The text says who won by each.
    let text = run(&STUDY);
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("extinction"))
        .unwrap();
    assert!(line.contains("white ") && line.contains("black "), "{line}");
}

#[test]
fn the_shortest_decisive_games_come_first_and_replay_by_their_number() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.jsonl");
    let pgn = dir.path().join("g.pgn");
    let mut args = STUDY.to_vec();
    args.extend([
        "--json",
        "--out",
        out.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let j = json(&args);
    let games = records(&out);
    // The five shortest games won by the rules, shortest first, games of
    // one length in game order: as the records give them.
    let mut decisive: Vec<(u64, u64)> = games
        .iter()
        .filter(|g| g["outcome"] == "win" && g.get("forfeit").is_none())
        .map(|g| (g["plies"].as_u64().unwrap(), g["game"].as_u64().unwrap()))
        .collect();
    decisive.sort();
    decisive.truncate(5);
    let short = j["shortest_decisive"].as_array().unwrap();
    let got: Vec<(u64, u64)> = short
        .iter()
        .map(|g| (g["plies"].as_u64().unwrap(), g["index"].as_u64().unwrap()))
        .collect();
    assert_eq!(got, decisive);
    for g in short {
        let n = g["number"].as_u64().unwrap();
        let rec = &games[n as usize - 1];
        assert_eq!(rec["game"], g["index"]);
        assert_eq!(rec["actions"], g["actions"]);
        assert_eq!(rec["result"], g["result"]);
        assert_eq!(rec["winners"], g["winners"]);
        assert!(!g["final_fen"].as_str().unwrap().is_empty());
        // `replay --game N` on either file plays the same moves to the
        // same result.
        let moves: Vec<&str> = g["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        for file in [&out, &pgn] {
            let shown = run(&["replay", file.to_str().unwrap(), "--game", &n.to_string()]);
            // The action lines: `  3. white    C@b4`.
            let played: Vec<&str> = shown
                .lines()
                .map(|l| l.split_whitespace().collect::<Vec<_>>())
                .filter(|w| w.len() == 3 && w[0].ends_with('.'))
                .map(|w| w[2])
                .collect();
            assert_eq!(played, moves, "game {n}: {shown}");
            let result = g["result"].as_str().unwrap();
            assert!(
                shown.contains(&format!(
                    "{} actions, all legal. Result: {result}",
                    moves.len()
                )),
                "{shown}"
            );
        }
    }
}

#[test]
fn each_opening_action_has_its_games_and_the_movers_score() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.jsonl");
    let mut args = STUDY.to_vec();
    args.extend(["--json", "--out", out.to_str().unwrap()]);
    let j = json(&args);
    let games = records(&out);
    let firsts = j["first_actions"].as_array().unwrap();
    let total: u64 = firsts.iter().map(|f| f["games"].as_u64().unwrap()).sum();
    assert_eq!(total, 20);
    for f in firsts {
        let action = f["action"].as_str().unwrap();
        let mine: Vec<&serde_json::Value> =
            games.iter().filter(|g| g["actions"][0] == action).collect();
        assert_eq!(f["games"].as_u64().unwrap(), mine.len() as u64, "{action}");
        assert_eq!(f["seat"], "white");
        let won = mine.iter().filter(|g| g["winners"][0] == "white").count() as u64;
        let lost = mine.iter().filter(|g| g["winners"][0] == "black").count() as u64;
        let score = &f["score"];
        assert_eq!(
            (score["wins"].as_u64(), score["losses"].as_u64()),
            (Some(won), Some(lost))
        );
        let (s, lo, hi) = (
            score["score"].as_f64().unwrap(),
            score["low95"].as_f64().unwrap(),
            score["high95"].as_f64().unwrap(),
        );
        assert!(lo <= s && s <= hi && lo < hi, "{f}");
    }
    // Most played first.
    let counts: Vec<u64> = firsts
        .iter()
        .map(|f| f["games"].as_u64().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let text = run(&STUDY);
    assert!(text.contains("first actions ("), "{text}");
}

#[test]
fn the_findings_do_not_depend_on_threads_and_merged_shards_give_them_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let whole = |jobs: &str, html: &str| {
        let mut args = STUDY.to_vec();
        let html = path(html);
        args.extend(["--json", "--jobs", jobs, "--report", &html]);
        (run(&args), std::fs::read(&html).unwrap())
    };
    let (one, page) = whole("1", "one.html");
    assert_eq!((one.clone(), page.clone()), whole("2", "two.html"));
    let mut shards = Vec::new();
    for k in 0..3 {
        let file = path(&format!("s{k}.jsonl"));
        let shard = format!("{k}/3");
        let mut args = STUDY.to_vec();
        args.extend(["--shard", &shard, "--out", &file]);
        let text = run(&args);
        // A shard's games are numbered in its own file.
        if let Some(line) = text.lines().find(|l| l.trim_start().starts_with("game ")) {
            let n = line.split_whitespace().nth(1).unwrap();
            let shown = run(&["replay", &file, "--game", n]);
            let plies = line.split_whitespace().nth(2).unwrap();
            assert!(
                shown.contains(&format!("{plies} actions, all legal")),
                "{shown}"
            );
        }
        shards.push(file);
    }
    let merged_html = path("merged.html");
    let mut args = vec!["merge", "--json", "--report", &merged_html];
    args.extend(shards.iter().map(String::as_str));
    assert_eq!(run(&args), one);
    assert_eq!(std::fs::read(&merged_html).unwrap(), page);
    let html = String::from_utf8(page).unwrap();
    for needle in [
        "Shortest decisive games",
        "First actions",
        "end rule or goal",
        "<svg",
    ] {
        assert!(html.contains(needle), "{needle}");
    }
}

#[test]
fn the_sprt_state_is_printed_decided_or_not_and_merge_stops_where_the_run_stops() {
    // Undecided: the ratio and its bounds.
    let mut args = STUDY.to_vec();
    args[3] = "6";
    args.extend(["--sprt", "0,50"]);
    let text = run(&args);
    let line = text.lines().find(|l| l.starts_with("SPRT: ")).unwrap();
    assert!(
        line.starts_with("SPRT: undecided after 6 finished games: LLR "),
        "{line}"
    );
    assert!(line.contains("bounds -2.94 to 2.94"), "{line}");
    args.push("--json");
    let j = json(&args);
    let s = &j["sprt"];
    assert!(s["decision"].is_null(), "{s}");
    let llr = s["llr"].as_f64().unwrap();
    assert!(s["lower"].as_f64().unwrap() < llr && llr < s["upper"].as_f64().unwrap());
    // Decided: the run stops, whatever the shards; `merge --sprt` joins
    // the shards (which play all their games) and stops at the same game.
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let run_of = |extra: &[&str]| {
        let mut a = vec![
            "simulate",
            "dobutsu",
            "-n",
            "40",
            "--players",
            "ai:1,random",
            "--seed",
            "5",
            "--sprt",
            "0,200",
        ];
        a.extend(extra);
        run(&a)
    };
    let all = path("all.jsonl");
    let whole = run_of(&["--out", &all]);
    let stop = whole
        .lines()
        .find(|l| l.starts_with("SPRT: H1 accepted"))
        .unwrap();
    let played = records(std::path::Path::new(&all)).len();
    assert!(
        played < 40 && whole.starts_with(&format!("{played} games")),
        "{whole}"
    );
    assert!(
        stop.contains(&format!("after {played} finished games")),
        "{stop}"
    );
    let mut shards = Vec::new();
    for k in 0..2 {
        let file = path(&format!("s{k}.jsonl"));
        run_of(&["--shard", &format!("{k}/2"), "--out", &file]);
        assert_eq!(records(std::path::Path::new(&file)).len(), 20);
        shards.push(file);
    }
    let merged = path("merged.jsonl");
    let mut args = vec!["merge", "--sprt", "0,200", "--out", &merged];
    args.extend(shards.iter().map(String::as_str));
    assert_eq!(run(&args), whole);
    assert_eq!(
        std::fs::read(&merged).unwrap(),
        std::fs::read(&all).unwrap()
    );
}

#[test]
fn games_lost_outside_the_rules_are_one_end_rule_and_never_the_shortest_decisive() {
    let j = json(&[
        "simulate",
        "dobutsu",
        "-n",
        "2",
        "--players",
        "random,uci:/nonexistent/engine",
        "--json",
    ]);
    let rules = j["end_rules"].as_array().unwrap();
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert_eq!(rules[0]["reason"], "forfeit");
    assert_eq!(rules[0]["wins"]["white"], 2);
    // The records' reason names the engine; the end rule does not.
    assert!(j["reasons"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("/nonexistent/engine"));
    assert_eq!(j["shortest_decisive"].as_array().unwrap().len(), 0);
}

/// `varia tune` in a temporary directory: its exit status, standard
/// output and standard error.
fn tune_in(dir: &std::path::Path, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_varia"))
        .current_dir(dir)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const TUNE: &[&str] = &[
    "tune",
    "losalamos",
    "--games",
    "4",
    "--level",
    "1",
    "--seed",
    "3",
];

#[test]
fn tune_gives_the_same_values_for_a_seed_whatever_the_job_count() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, out, err) = tune_in(
        dir.path(),
        &[TUNE, &["--jobs", "1", "--out", "one.toml"]].concat(),
    );
    assert!(ok, "{err}");
    assert!(out.starts_with("one.toml: "), "{out}");
    assert!(err.contains("tune: 4 games of losalamos at ai:1"), "{err}");
    let (ok, _, err) = tune_in(
        dir.path(),
        &[TUNE, &["--jobs", "2", "--out", "two.toml", "--json"]].concat(),
    );
    assert!(ok, "{err}");
    let one = std::fs::read_to_string(dir.path().join("one.toml")).unwrap();
    let two = std::fs::read_to_string(dir.path().join("two.toml")).unwrap();
    assert_eq!(one, two);
    assert!(
        one.contains("variant = \"losalamos\"\n\n[terms]\npst = "),
        "{one}"
    );
    // Never over a file without --force; with it, the same file again.
    let (ok, _, err) = tune_in(
        dir.path(),
        &[TUNE, &["--jobs", "1", "--out", "one.toml"]].concat(),
    );
    assert!(!ok);
    assert!(err.contains("one.toml exists; add --force"), "{err}");
    // The AI reads it: describe shows it in use.
    let (ok, out, err) = tune_in(
        dir.path(),
        &["describe", "losalamos", "--values", "one.toml"],
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("The AI's evaluation weights (values file one.toml):"),
        "{out}"
    );
}

#[test]
fn tune_writes_beside_the_rule_file_and_the_ai_reads_it_there() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("mine.variant");
    std::fs::write(&rules, "variant mine extends losalamos {\n}\n").unwrap();
    let (ok, out, err) = tune_in(
        dir.path(),
        &[
            "tune",
            "mine.variant",
            "--games",
            "2",
            "--level",
            "1",
            "--jobs",
            "1",
            "--json",
        ],
    );
    assert!(ok, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["out"], "mine.values.toml");
    assert_eq!(j["variant"], "mine");
    assert!(j["k"].as_f64().unwrap() > 0.0);
    // A values file of our own beside it: describe reads it, and says so.
    std::fs::write(
        dir.path().join("mine.values.toml"),
        format!(
            "variant = \"mine\"\n[values]\nknight = 345\n[terms]\nshelter = 20\n\
             [squares.knight]\nmid = [{}]\n",
            vec!["5"; 36].join(", ")
        ),
    )
    .unwrap();
    let (ok, out, err) = tune_in(dir.path(), &["describe", "mine.variant"]);
    assert!(ok, "{err}");
    assert!(out.contains("(values file mine.values.toml)"), "{out}");
    assert!(
        out.contains("values.knight = 345 (rule file: 320)"),
        "{out}"
    );
    assert!(out.contains("terms.shelter = 20 (rule file: 12)"), "{out}");
    assert!(out.contains("squares.knight: mid and end tables"), "{out}");
    let (ok, out, _) = tune_in(
        dir.path(),
        &["describe", "mine.variant", "--format", "json"],
    );
    assert!(ok);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["weights"]["squares"], serde_json::json!(["knight"]));
    // --values none: the rule file's own.
    let (ok, out, _) = tune_in(
        dir.path(),
        &["describe", "mine.variant", "--values", "none"],
    );
    assert!(ok);
    assert!(
        out.contains("(the rule file's own; no values file)"),
        "{out}"
    );
    assert!(out.contains("values.knight = 320\n"), "{out}");
}

/// Every values file shipped beside a rule file (`variants/`,
/// `variants/catalogue/`) reads without a mistake, changes the AI's
/// weights, says in its header the command that made it, and is the one
/// `describe` uses when the rule file is named by path or by its built-in
/// name.
#[test]
fn every_shipped_values_file_reads_and_changes_the_ais_weights() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut shipped: Vec<std::path::PathBuf> = ["variants", "variants/catalogue"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).expect("variants/"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".values.toml"))
        .collect();
    shipped.sort();
    assert!(!shipped.is_empty(), "no values file is shipped");
    for values in &shipped {
        let file = values.file_name().unwrap().to_str().unwrap();
        let stem = file.strip_suffix(".values.toml").unwrap();
        let rules = values.with_file_name(format!("{stem}.variant"));
        assert!(rules.is_file(), "{file} has no rule file beside it");
        let text = std::fs::read_to_string(values).unwrap();
        assert!(
            text.lines()
                .any(|l| l.starts_with("# Made by: varia tune ") && l.contains(" --seed ")),
            "{file} does not say the command that made it"
        );
        let variant = varia::load::variant(rules.to_str().unwrap(), &[], false).unwrap();
        let own = varia::play::session::Prepared::new(&variant).unwrap();
        let tuned = own
            .with_values_file(file, &text)
            .unwrap_or_else(|d| panic!("{file}: {d:?}"));
        assert_ne!(
            tuned.eval().weights(),
            own.eval().weights(),
            "{file} changes no weight"
        );
        // Named by path, the rule file brings its values file.
        let out = Command::new(env!("CARGO_BIN_EXE_varia"))
            .args(["describe", rules.to_str().unwrap()])
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.contains(&format!("(values file {})", values.display())),
            "{out}"
        );
        assert!(out.contains(" (rule file: "), "{out}");
        // Named by its built-in name, it reads the same file, shipped in
        // the binary; `--values none` reads none.
        let out = Command::new(env!("CARGO_BIN_EXE_varia"))
            .args(["describe", stem])
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.contains(&format!("(values file {file}, built in)")),
            "{stem}: {out}"
        );
        let out = Command::new(env!("CARGO_BIN_EXE_varia"))
            .args(["describe", stem, "--values", "none"])
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.contains("(the rule file's own; no values file)"),
            "{stem}: {out}"
        );
    }
}

#[test]
fn a_bad_values_file_is_told_as_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.toml"),
        "variant = \"chess\"\n[terms]\nsheltre = 3\npst = 100000\n[values]\nknigt = 300\nking = 5\nbishop = 3.5\n[colour]\n",
    )
    .unwrap();
    for cmd in [
        &["describe", "chess"][..],
        &["simulate", "chess", "-n", "1"][..],
    ] {
        let (ok, _, err) = tune_in(dir.path(), &[cmd, &["--values", "bad.toml"]].concat());
        assert!(!ok);
        for want in [
            "unknown term `sheltre` (did you mean `shelter`?)",
            "`pst = 100000` is out of range (0 to 400)",
            "`chess` has no piece `knigt` (did you mean `knight`?)",
            "`king` is royal: it has no material value",
            "`bishop` is a whole number",
            "unknown key `colour`",
            "bad.toml:3:1",
        ] {
            assert!(err.contains(want), "{want} not in {err}");
        }
    }
    std::fs::write(dir.path().join("other.toml"), "variant = \"shogi\"\n").unwrap();
    let (ok, _, err) = tune_in(dir.path(), &["describe", "chess", "--values", "other.toml"]);
    assert!(!ok);
    assert!(
        err.contains("these values were made for `shogi`, not for `chess`"),
        "{err}"
    );
    std::fs::write(dir.path().join("broken.toml"), "[terms\n").unwrap();
    let (ok, _, err) = tune_in(
        dir.path(),
        &["describe", "chess", "--values", "broken.toml"],
    );
    assert!(!ok);
    assert!(err.contains("not a values file"), "{err}");
}

/// Labelled chess positions for `tune --positions`: four quiet positions,
/// each with six scores.
fn labelled_positions() -> String {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
    ];
    let mut s = String::from("# labelled by hand\n\n");
    for (i, p) in ["1", "0.5", "0", "0.75", "0.25", "0.6"].iter().enumerate() {
        for f in fens {
            s.push_str(&format!("{f} ; {p}\n"));
        }
        if i == 2 {
            // Not quiet (exd5 wins a knight): skipped, counted.
            s.push_str("rnbqkb1r/pppppppp/8/3n4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3 ; 1\n");
        }
    }
    s
}

#[test]
fn tune_learns_from_a_file_of_labelled_positions() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("pos.txt"), labelled_positions()).unwrap();
    let (ok, out, err) = tune_in(
        dir.path(),
        &[
            "tune",
            "chess",
            "--positions",
            "pos.txt",
            "--out",
            "c.toml",
            "--json",
        ],
    );
    assert!(ok, "{err}");
    assert!(
        err.contains("tune: 25 positions read, 1 not quiet (skipped)"),
        "{err}"
    );
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["positions"], 24);
    assert_eq!(j["positions_file"], "pos.txt");
    assert!(j["k"].as_f64().unwrap() > 0.0);
    let text = std::fs::read_to_string(dir.path().join("c.toml")).unwrap();
    assert!(
        text.contains("# Made by: varia tune chess --positions pos.txt"),
        "{text}"
    );
    assert!(text.contains("24 of 25 positions of pos.txt"), "{text}");
    // The file it wrote is a values file the AI reads.
    let (ok, out, err) = tune_in(dir.path(), &["describe", "chess", "--values", "c.toml"]);
    assert!(ok, "{err}");
    assert!(out.contains("(values file c.toml)"), "{out}");
}

#[test]
fn tune_reports_the_bad_lines_of_a_positions_file_and_fits_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = labelled_positions();
    text.push_str("8/8/8 ; 0.5\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 ; 2\n");
    std::fs::write(dir.path().join("bad.txt"), text).unwrap();
    let (ok, _, err) = tune_in(
        dir.path(),
        &["tune", "chess", "--positions", "bad.txt", "--out", "c.toml"],
    );
    assert!(!ok);
    assert!(err.contains("line 28: not a FEN of chess"), "{err}");
    assert!(
        err.contains("line 29: the score `2` is not from 0 to 1"),
        "{err}"
    );
    assert!(err.contains("2 bad lines: nothing fitted"), "{err}");
    assert!(!dir.path().join("c.toml").exists());
    // Self-play options do not apply.
    let (ok, _, err) = tune_in(
        dir.path(),
        &["tune", "chess", "--positions", "bad.txt", "--games", "3"],
    );
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
    // A file that is not there.
    let (ok, _, err) = tune_in(dir.path(), &["tune", "chess", "--positions", "none.txt"]);
    assert!(!ok);
    assert!(err.contains("cannot read none.txt"), "{err}");
}

/// Chess positions of the setup with White's g1 knight on the third or
/// fourth rank, White or Black to act: a knight on the rim loses (0.25),
/// one on files c-f wins (0.75), one on b or g draws.
fn knight_positions() -> String {
    let mut s = String::new();
    for side in ["w", "b"] {
        for y in [2, 3] {
            for x in 0..8 {
                let rank = format!(
                    "{}N{}",
                    if x > 0 { x.to_string() } else { String::new() },
                    if x < 7 {
                        (7 - x).to_string()
                    } else {
                        String::new()
                    }
                );
                let (r3, r4) = if y == 2 {
                    (rank.as_str(), "8")
                } else {
                    ("8", rank.as_str())
                };
                let p = match x {
                    0 | 7 => "0.25",
                    2..=5 => "0.75",
                    _ => "0.5",
                };
                s.push_str(&format!(
                    "rnbqkbnr/pppppppp/8/8/{r4}/{r3}/PPPPPPPP/RNBQKB1R {side} KQkq - 0 1 ; {p}\n"
                ));
            }
        }
    }
    s
}

#[test]
fn tune_squares_puts_the_knight_in_the_centre_the_same_way_each_time() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("n.txt"), knight_positions()).unwrap();
    let run = |out: &str| {
        let (ok, json, err) = tune_in(
            dir.path(),
            &[
                "tune",
                "chess",
                "--positions",
                "n.txt",
                "--squares",
                // From no tables (the shipped chess file has some).
                "--values",
                "none",
                "--out",
                out,
                "--json",
            ],
        );
        assert!(ok, "{err}");
        let j: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(j["positions"], 32, "{err}");
        let sq = &j["squares"];
        assert!(
            sq["error_after"].as_f64().unwrap() < sq["error_before"].as_f64().unwrap(),
            "{sq}"
        );
        std::fs::read_to_string(dir.path().join(out)).unwrap()
    };
    let a = run("a.toml");
    assert_eq!(a, run("b.toml"), "the same positions give the same file");
    assert!(a.contains("--squares"), "{a}");
    // The knight's mid table, as rows of 8 from White's first rank.
    let start = a.find("[squares.knight]\nmid = [\n").expect(&a) + 25;
    let rows: Vec<Vec<i32>> = a[start..]
        .lines()
        .take(8)
        .map(|l| {
            l.split(',')
                .filter_map(|x| x.trim().parse().ok())
                .collect::<Vec<i32>>()
        })
        .collect();
    assert!(rows.iter().all(|r| r.len() == 8), "{a}");
    let at = |x: usize, y: usize| rows[y][x];
    let centre = [at(2, 2), at(3, 2), at(4, 3), at(5, 3)];
    let rim = [at(0, 2), at(7, 2), at(0, 3), at(7, 3)];
    assert!(
        centre.iter().min() > rim.iter().max(),
        "centre {centre:?}, rim {rim:?}\n{a}"
    );
    // Squares no position touched stay 0: no knight on rank 5.
    assert!(rows[4].iter().all(|&x| x == 0), "{a}");
}
