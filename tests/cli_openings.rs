//! `simulate --openings`: games in groups that share an opening with the
//! seats rotated, records that replay from the opening, shards that merge
//! into the whole run (records and HTML report byte for byte), and clear
//! errors for bad files.

mod support;

use serde_json::Value;
use std::path::Path;

/// Run varia; (status, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    support::run(args, b"")
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn records(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

const CHESS_BOOK: &str = "# a small book\n\
1. e4 e5 2. Nf3 Nc6  # open game\n\
d2d4 d7d5\n\
\n\
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\n\
1.c4 *\n";

#[test]
fn pairs_share_an_opening_with_the_colours_swapped_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt");
    std::fs::write(&book, CHESS_BOOK).unwrap();
    let out = dir.path().join("g.jsonl");
    let pgn = dir.path().join("g.pgn");
    let (code, report, err) = run(&[
        "simulate",
        "chess",
        "-n",
        "10",
        "--players",
        "ai:1,random",
        "--max-plies",
        "120",
        "--openings",
        book.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // No progress bar when standard error is not a terminal.
    assert_eq!(err, "");
    // The AI beats random from either side: the per-player rows say so.
    assert!(report.contains("per player, whatever seat"), "{report}");
    assert!(report.contains("player 1 (ai:1) scores"), "{report}");
    let recs = records(&out);
    assert_eq!(recs.len(), 10);
    let book_lines = [2, 3, 5, 6, 2];
    for (i, r) in recs.iter().enumerate() {
        let pair = i / 2;
        assert_eq!(
            r["opening"].as_str().unwrap(),
            format!("{}:{}", book.to_str().unwrap(), book_lines[pair]),
            "game {i}"
        );
        assert_eq!(r["rotation"], i % 2);
        let players: Vec<&str> = r["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        let expect = if i % 2 == 0 {
            ["ai:1", "random"]
        } else {
            ["random", "ai:1"]
        };
        assert_eq!(players, expect, "game {i}");
        let actions: Vec<&str> = r["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        match book_lines[pair] {
            2 => assert_eq!(actions[..4], ["e4", "e5", "Nf3", "Nc6"]),
            5 => {
                assert!(r["fen"].as_str().unwrap().starts_with("rnbqkbnr/pp1ppppp"));
                assert_eq!(r["start"], r["fen"]);
            }
            _ => {}
        }
    }
    // Both games of a pair start from one seed.
    assert_eq!(recs[0]["seed"], recs[1]["seed"]);
    assert_ne!(recs[0]["seed"], recs[2]["seed"]);
    for f in [&out, &pgn] {
        let checked = ok(&["replay", f.to_str().unwrap()]);
        assert!(
            checked.contains("10 games checked: 10 legal throughout, 0 not"),
            "{checked}"
        );
    }
    assert!(std::fs::read_to_string(&pgn)
        .unwrap()
        .contains("[FEN \"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\"]"));
}

#[test]
fn match_plays_each_book_opening_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt");
    std::fs::write(&book, CHESS_BOOK).unwrap();
    let (code, out, err) = run(&[
        "match",
        "chess",
        "--players",
        "ai:1,random",
        "-n",
        "4",
        "--max-plies",
        "150",
        "--book",
        book.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 games of Chess"), "{out}");
    // Each opening is played twice, colours swapped (cutechess-cli's lines).
    assert!(
        out.contains("Finished game 1 (ai:1 vs random)")
            && out.contains("Finished game 2 (random vs ai:1)"),
        "{out}"
    );
}

#[test]
fn random_order_depends_on_the_seed_only() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt");
    let lines: String = ["e4", "d4", "c4", "Nf3", "g3", "b3", "f4", "Nc3"]
        .iter()
        .map(|m| format!("{m}\n"))
        .collect();
    std::fs::write(&book, lines).unwrap();
    let openings = |seed: &str, jobs: &str| -> Vec<String> {
        let out = dir.path().join(format!("o{seed}-{jobs}.jsonl"));
        ok(&[
            "simulate",
            "chess",
            "-n",
            "16",
            "--players",
            "random,random",
            "--max-plies",
            "4",
            "--seed",
            seed,
            "--jobs",
            jobs,
            "--openings",
            book.to_str().unwrap(),
            "--openings-order",
            "random",
            "--out",
            out.to_str().unwrap(),
        ]);
        records(&out)
            .iter()
            .map(|r| r["actions"][0].as_str().unwrap().to_string())
            .collect()
    };
    let a = openings("3", "1");
    assert_eq!(a, openings("3", "2"));
    // Every opening once per pass, each twice in a row.
    let mut firsts: Vec<&String> = a.iter().step_by(2).collect();
    for k in 0..8 {
        assert_eq!(a[2 * k], a[2 * k + 1]);
    }
    assert_ne!(
        firsts,
        ["e4", "d4", "c4", "Nf3", "g3", "b3", "f4", "Nc3"]
            .map(String::from)
            .iter()
            .collect::<Vec<_>>(),
        "shuffled"
    );
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 8);
    assert_ne!(a, openings("4", "1"));
}

#[test]
fn shards_with_openings_merge_into_the_whole_run_and_report() {
    for (variant, players, n) in [
        ("chess", "random,random", "14"),
        ("quatrochess-teams", "random,random,random,random", "10"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
        // A book from the variant's own games: two move lines and a FEN.
        ok(&[
            "simulate",
            variant,
            "-n",
            "2",
            "--players",
            players,
            "--max-plies",
            "6",
            "--out",
            &path("seed.jsonl"),
        ]);
        let recs = records(Path::new(&path("seed.jsonl")));
        let mut book = String::from("# openings\n");
        for r in &recs {
            let a: Vec<&str> = r["actions"].as_array().unwrap()[..3]
                .iter()
                .map(|x| x.as_str().unwrap())
                .collect();
            book.push_str(&a.join(" "));
            book.push('\n');
        }
        book.push_str(recs[0]["start"].as_str().unwrap());
        book.push('\n');
        std::fs::write(path("book.txt"), book).unwrap();
        let common = [
            "simulate",
            variant,
            "-n",
            n,
            "--players",
            players,
            "--seed",
            "5",
            "--max-plies",
            "120",
            "--openings",
            &path("book.txt"),
            "--openings-order",
            "random",
        ];
        let whole = ok(&[
            &common[..],
            &["--out", &path("all.jsonl"), "--report", &path("all.html")],
        ]
        .concat());
        let mut shards = Vec::new();
        for k in 0..4 {
            let file = path(&format!("s{k}.jsonl"));
            ok(&[&common[..], &["--shard", &format!("{k}/4"), "--out", &file]].concat());
            shards.push(file);
        }
        let mut merge = vec!["merge"];
        merge.extend(shards.iter().map(String::as_str));
        let merged_html = path("merged.html");
        let merged_out = path("merged.jsonl");
        merge.extend(["--out", &merged_out, "--report", &merged_html]);
        assert_eq!(ok(&merge), whole, "{variant}");
        let read = |f: &str| std::fs::read(path(f)).unwrap();
        assert_eq!(read("all.jsonl"), read("merged.jsonl"), "{variant}");
        assert_eq!(read("all.html"), read("merged.html"), "{variant}");
        // Seats rotate over groups of as many games as seats.
        let seats = players.split(',').count();
        let all = records(Path::new(&path("all.jsonl")));
        for (i, r) in all.iter().enumerate() {
            assert_eq!(r["rotation"], i % seats);
            assert_eq!(r["opening"], all[i - i % seats]["opening"]);
        }
        let checked = ok(&["replay", &path("all.jsonl")]);
        assert!(checked.contains("legal throughout, 0 not"), "{checked}");
    }
}

#[test]
fn bad_opening_files_are_errors_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8], &str); 5] = [
        (
            "illegal.txt",
            b"e4 e5\n\nNf3 Qh4 Ke2\n",
            "illegal.txt:3: action 2 `Qh4` is not legal: the way of your queen on d8 to h4 is blocked at e7 by your pawn",
        ),
        (
            "garbage.txt",
            b"e4\ngarbage here\n",
            "garbage.txt:2: neither a FEN",
        ),
        (
            "empty.txt",
            b"# only a comment\n\n",
            "empty.txt: no openings",
        ),
        ("binary.txt", &[0xff, 0xfe, 0x00, 0x9c, 0x80], "cannot read"),
        (
            "fen.txt",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x\n",
            "fen.txt:1: neither a FEN",
        ),
    ];
    for (name, text, want) in cases {
        let f = dir.path().join(name);
        std::fs::write(&f, text).unwrap();
        let (code, _, err) = run(&[
            "simulate",
            "chess",
            "-n",
            "2",
            "--openings",
            f.to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let bad = dir.path().join("illegal.txt");
    let (code, _, err) = run(&[
        "match",
        "chess",
        "--players",
        "random,random",
        "--book",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("illegal.txt:3: action 2 `Qh4` is not legal"),
        "{err}"
    );
    let (code, _, err) = run(&["simulate", "chess", "--openings-order", "random"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["simulate", "chess", "--openings", "/nonexistent/book"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot read /nonexistent/book"), "{err}");
}
