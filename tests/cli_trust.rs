//! The real binary against hostile or careless input: records that name
//! files, special files, lines that are not text, and players fishing for
//! the hidden order of a deck.

mod support;

use support::run;

#[test]
fn a_record_naming_a_system_file_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("evil.pgn");
    std::fs::write(&rec, "[Variant \"/etc/passwd\"]\n\n1. e4 *\n").unwrap();
    let (code, out, err) = run(&["replay", rec.to_str().unwrap()], b"");
    assert_eq!(code, 1);
    assert!(err.contains("--variant-path"), "{err}");
    assert!(
        !out.contains("root:") && !err.contains("root:"),
        "{out}{err}"
    );
    // The same record loaded in a game: refused, and the game goes on.
    let script = format!("load {}\ne4\n", rec.display());
    let (code, out, _) = run(
        &["play", "chess", "--players", "human,human"],
        script.as_bytes(),
    );
    assert_eq!(code, 0);
    assert!(out.contains("The current game goes on"), "{out}");
    assert!(!out.contains("root:"), "{out}");
    assert!(out.contains("black>"), "{out}");
}

#[test]
fn a_record_may_name_a_rule_file_beside_it_only() {
    let dir = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    let rules = other.path().join("mini.variant");
    std::fs::write(&rules, "variant mini \"Mini\" extends chess {\n}\n").unwrap();
    let rec = dir.path().join("game.pgn");
    std::fs::write(
        &rec,
        format!("[Variant \"{}\"]\n\n1. e4 *\n", rules.display()),
    )
    .unwrap();
    let (code, _, err) = run(&["replay", rec.to_str().unwrap()], b"");
    assert_eq!(code, 1, "{err}");
    let (code, out, err) = run(
        &[
            "replay",
            rec.to_str().unwrap(),
            "--variant-path",
            other.path().to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 action, all legal"), "{out}");
}

#[test]
fn special_files_are_refused_by_type() {
    for args in [
        vec!["validate", "/dev/zero"],
        vec!["replay", "/dev/zero"],
        vec!["perft", "/dev/zero", "1"],
    ] {
        let (code, _, err) = run(&args, b"");
        assert_ne!(code, 0, "{args:?}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
        assert!(err.len() < 2000, "{args:?}: {err}");
    }
}

#[test]
fn a_line_that_is_not_text_or_too_long_is_refused_and_the_game_goes_on() {
    let mut input = b"e4\n\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', 100_000));
    input.extend(b"\ne5\nfen\n");
    let (code, out, _) = run(&["play", "chess", "--players", "human,human"], &input);
    assert_eq!(code, 0);
    assert!(
        out.contains("not valid UTF-8 text and was skipped; the game goes on"),
        "{out}"
    );
    assert!(
        out.contains("longer than 4096 bytes and was skipped"),
        "{out}"
    );
    assert!(
        out.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
        "{out}"
    );
    // The long line is not echoed back.
    assert!(out.len() < 20_000, "{} bytes of output", out.len());
}

/// What a Raindropchess player is told for each guess at the top card.
fn answers(extra: &[&str]) -> String {
    let mut args = vec![
        "play",
        "raindropchess",
        "--players",
        "human,human",
        "--seed",
        "3",
    ];
    args.extend_from_slice(extra);
    let (_, out, _) = run(&args, b"K@e4\nQ@e4\nR@e4\nB@e4\nN@e4\nP@e4\nfen\n");
    out
}

#[test]
fn no_answer_depends_on_the_hidden_top_card() {
    let out = answers(&[]);
    let refusals = out.matches("Type `draw` to draw your card first.").count();
    assert_eq!(refusals, 6, "{out}");
    assert!(!out.contains("did you mean"), "{out}");
    // The same answers whatever the deck's order (another seed).
    let other = {
        let (_, o, _) = run(
            &[
                "play",
                "raindropchess",
                "--players",
                "human,human",
                "--seed",
                "99",
            ],
            b"K@e4\nQ@e4\nR@e4\nB@e4\nN@e4\nP@e4\n",
        );
        o
    };
    assert_eq!(
        other
            .matches("Type `draw` to draw your card first.")
            .count(),
        6
    );
}

#[test]
fn fen_shows_the_cards_left_not_their_order_unless_revealed() {
    let public = answers(&[]);
    assert!(
        public.contains("|KQRRBBNNPPPPPPPP,KQRRBBNNPPPPPPPP|"),
        "{public}"
    );
    assert!(
        public.contains("deck: 16 cards (K Q R×2 B×2 N×2 P×8)"),
        "{public}"
    );
    let referee = answers(&["--reveal"]);
    let decks = referee
        .lines()
        .find(|l| l.contains('|'))
        .expect("a FEN with decks");
    assert!(!decks.contains("|KQRRBBNNPPPPPPPP,"), "{decks}");
}

#[test]
fn a_floating_board_names_its_files_as_moves_do_and_marks_barred_squares() {
    let (_, out, _) = run(&["play", "echek", "--players", "human,human"], b"Q@a0\n");
    // Files left of `a` are labelled as moves name them.
    assert!(out.contains("[-3] [-2] [-1] a    b"), "{out}");
    assert!(!out.contains('?'), "{out}");
    // At the start White may not place beside the black king (a2): its
    // side squares [-1]2, b2 and a3 are marked.
    let first: Vec<&str> = out.lines().take(8).collect();
    let row = |r: &str| first.iter().find(|l| l.starts_with(r)).unwrap().to_string();
    assert_eq!(row("  3 "), "  3 +    +    x    x    x    +    +    ");
    assert_eq!(row("  2 "), "  2 +    +    x    ♚    x    +    +    ");
    assert!(out.contains("unfinished (1 action played)"), "{out}");
}

#[test]
fn fen_errors_show_non_ascii_characters_as_written() {
    for (fen, shown) in [
        (
            "rnbqkbnr/ppppppép/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "found `é`",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ké - 0 1",
            "found `é`",
        ),
    ] {
        let (code, _, err) = run(&["perft", "chess", "1", "--fen", fen], b"");
        assert_eq!(code, 1);
        assert!(err.contains(shown), "{err}");
        assert!(!err.contains('Ã'), "{err}");
    }
}

#[test]
fn a_full_disk_is_an_error_not_a_panic() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("varia"))
        .arg("list")
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write the output"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// The decks of a Raindropchess game as `--reveal` and `fen` show them.
fn revealed_decks(extra: &[&str]) -> String {
    let mut args = vec![
        "play",
        "raindropchess",
        "--players",
        "human,human",
        "--reveal",
    ];
    args.extend_from_slice(extra);
    let (_, out, _) = run(&args, b"fen\nquit\n");
    out.lines()
        .find_map(|l| l.split('|').nth(1).map(str::to_string))
        .unwrap_or_else(|| panic!("no decks in {out}"))
}

#[test]
fn people_play_hidden_decks_from_a_secret_seed_and_the_record_says_it_is_the_referees() {
    // Without --seed, two games deal differently (a seed from the system).
    assert_ne!(revealed_decks(&[]), revealed_decks(&[]));
    // With --seed, the same decks every time.
    assert_eq!(
        revealed_decks(&["--seed", "5"]),
        revealed_decks(&["--seed", "5"])
    );
    // The record carries the seed: it says it is the referee's copy.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rain.pgn");
    let (code, _, _) = run(
        &[
            "play",
            "raindropchess",
            "--players",
            "human,human",
            "--save",
            file.to_str().unwrap(),
        ],
        b"quit\n",
    );
    assert_eq!(code, 0);
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert!(pgn.contains("[Referee \"referee's copy"), "{pgn}");
    assert!(!pgn.contains("[Seed \"1\"]"), "{pgn}");
    // A game without hidden cards keeps seed 1 and is nobody's secret.
    let chess = dir.path().join("chess.pgn");
    run(
        &[
            "play",
            "chess",
            "--players",
            "human,human",
            "--save",
            chess.to_str().unwrap(),
        ],
        b"quit\n",
    );
    let pgn = std::fs::read_to_string(&chess).unwrap();
    assert!(
        pgn.contains("[Seed \"1\"]") && !pgn.contains("[Referee"),
        "{pgn}"
    );
}

#[test]
fn show_moves_never_suggests_a_card() {
    for seed in ["1", "2", "3"] {
        let mut accepted = Vec::new();
        for card in ["K", "Q", "R", "B", "N", "P"] {
            let mv = format!("{card}@e4");
            let (code, _, err) = run(
                &["show", "raindropchess", "--seed", seed, "--moves", &mv],
                b"",
            );
            if code == 0 {
                accepted.push(card);
                continue;
            }
            assert!(err.contains("is not legal"), "{seed} {mv}: {err}");
            // Only the action typed is named: no suggestion of the top card.
            assert!(!err.contains("did you mean"), "{seed} {mv}: {err}");
            assert_eq!(err.matches('@').count(), 1, "{seed} {mv}: {err}");
        }
        // The top card itself is accepted (the referee's view of a seed).
        assert_eq!(accepted.len(), 1, "seed {seed}: {accepted:?}");
    }
}

#[test]
fn undo_after_a_draw_does_not_show_the_card_again() {
    let (_, out, _) = run(
        &[
            "play",
            "raindropchess",
            "--players",
            "human,human",
            "--seed",
            "3",
            "--ascii",
        ],
        b"draw\ne2\nundo\nfen\n",
    );
    assert!(
        out.contains("A drawn card stays drawn: nothing before it can be taken back."),
        "{out}"
    );
    // The card is still on the board and black is to act.
    let fen = out.lines().find(|l| l.contains('|')).unwrap();
    assert!(fen.contains(" b "), "{fen}");
    assert!(fen.starts_with("8/8/8/8/8/8/4"), "{fen}");
    // A board move after the draws can still be taken back.
    let (_, out, _) = run(
        &["play", "chess", "--players", "human,human"],
        b"e4\nundo\n",
    );
    assert!(out.contains("Took back 1 action."), "{out}");
}

#[test]
fn two_seeds_never_deal_the_same_decks_swapped_through_the_binary() {
    // Per-player seeds `seed ^ (p + 1)` made seeds s and s ^ 3 swap decks.
    for s in [5u64, 16, 40] {
        let a = revealed_decks(&["--seed", &s.to_string()]);
        let b = revealed_decks(&["--seed", &(s ^ 3).to_string()]);
        let (a0, a1) = a.split_once(',').unwrap();
        let (b0, b1) = b.split_once(',').unwrap();
        assert!(
            !(a0 == b1 && a1 == b0),
            "seeds {s} and {}: {a} / {b}",
            s ^ 3
        );
    }
}

#[test]
fn an_output_that_collides_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let p = |n: &str| d.join(n).to_str().unwrap().to_string();
    std::fs::write(p("book.txt"), "e4 e5\n").unwrap();
    std::fs::write(
        p("mine.variant"),
        "variant mine \"Mine\" extends chess {\n}\n",
    )
    .unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(p("book.txt"), p("link.jsonl")).unwrap();
    let dot = format!("{}/./same.jsonl", d.display());
    let cases: Vec<Vec<String>> = vec![
        vec![
            "simulate",
            "chess",
            "-n",
            "2",
            "--out",
            &p("same.jsonl"),
            "--pgn",
            &dot,
        ],
        vec![
            "simulate",
            "chess",
            "-n",
            "2",
            "--out",
            &p("r.html"),
            "--report",
            &p("r.html"),
        ],
        vec![
            "simulate",
            "chess",
            "-n",
            "2",
            "--openings",
            &p("book.txt"),
            "--pgn",
            &p("book.txt"),
        ],
        #[cfg(unix)]
        vec![
            "simulate",
            "chess",
            "-n",
            "2",
            "--openings",
            &p("book.txt"),
            "--out",
            &p("link.jsonl"),
        ],
        vec![
            "simulate",
            &p("mine.variant"),
            "-n",
            "2",
            "--out",
            &p("mine.variant"),
        ],
        vec![
            "play",
            &p("mine.variant"),
            "--players",
            "human,human",
            "--save",
            &p("mine.variant"),
        ],
        vec!["show", &p("mine.variant"), "--svg", &p("mine.variant")],
    ]
    .into_iter()
    .map(|v| v.into_iter().map(String::from).collect())
    .collect();
    for args in &cases {
        let before: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = run(&args, b"quit\n");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.contains("the same file") || err.contains("would destroy what the command reads"),
            "{args:?}: {err}"
        );
        let after: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(before.len(), after.len(), "{args:?} wrote a file");
    }
    assert_eq!(std::fs::read_to_string(p("book.txt")).unwrap(), "e4 e5\n");
    // merge: an output that is one of the shards.
    let shard = p("s.jsonl");
    let (code, _, err) = run(
        &[
            "simulate",
            "chess",
            "-n",
            "2",
            "--players",
            "random,random",
            "--max-plies",
            "4",
            "--out",
            &shard,
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let kept = std::fs::read(&shard).unwrap();
    let (code, _, err) = run(
        &[
            "merge",
            &shard,
            "--out",
            &format!("{}/./s.jsonl", d.display()),
        ],
        b"",
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("would destroy what the command reads"),
        "{err}"
    );
    assert_eq!(std::fs::read(&shard).unwrap(), kept);
}

#[test]
fn bounds_of_bench_show_and_match_are_checked() {
    for secs in ["NaN", "inf", "1e30", "-1", "3601", "x"] {
        let (code, _, err) = run(&["bench", "chess", "--depth", "1", "--seconds", secs], b"");
        assert_eq!(code, 2, "{secs}: {err}");
        assert!(!err.contains("panicked"), "{secs}: {err}");
    }
    let (code, out, _) = run(&["bench", "chess", "--depth", "1", "--seconds", "0"], b"");
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = run(&["bench", "chess", "--depth", "99"], b"");
    assert_eq!(code, 2, "{err}");
    for arrow in ["a1z99", "a1a9", "i1a1", "a0a1"] {
        let (code, _, err) = run(&["show", "chess", "--svg", "-", "--arrows", arrow], b"");
        assert_eq!(code, 2, "{arrow}: {err}");
        assert!(err.contains("not on the board"), "{arrow}: {err}");
    }
    let (code, out, _) = run(&["show", "chess", "--svg", "-", "--arrows", "a1h8"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("marker-end"), "{out}");
    let (code, _, err) = run(
        &[
            "match",
            "chess",
            "--players",
            "random,random",
            "-n",
            "2",
            "--openings",
            "1001",
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("1001") && err.contains("0..=1000"), "{err}");
}
