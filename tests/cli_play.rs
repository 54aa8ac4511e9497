//! The real binary: play, simulate, replay, perft and help.

mod support;

use assert_cmd::Command;
use predicates::prelude::*;
use support::{stdout_of, varia};

#[test]
fn help_teaches_every_command() {
    let out = varia()
        .arg("--help")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for cmd in [
        "play", "simulate", "replay", "validate", "dump", "perft", "bench", "list",
    ] {
        assert!(text.contains(cmd), "--help lacks {cmd}:\n{text}");
    }
    varia()
        .args(["play", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--players"));
}

#[test]
fn scripted_fools_mate_ends_the_game() {
    varia()
        .args(["play", "chess", "--players", "human,human", "--ascii"])
        .write_stdin("f3\ne5\ng4\nQh4#\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Game over: black wins (checkmate). 0-1",
        ));
}

#[test]
fn duck_chess_is_played_saved_simulated_and_replayed_with_the_duck_after_a_comma() {
    let dir = std::env::temp_dir().join(format!("varia-duck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("duck.pgn");
    // SAN with the duck's square after a comma, and Fairy-Stockfish's
    // coordinates (`d7d5,d5h3`), both read.
    varia()
        .args([
            "play",
            "duck",
            "--players",
            "human,human",
            "--ascii",
            "--save",
        ])
        .arg(&pgn)
        .write_stdin("e4,e5\nd7d5,d5h3\nexd5,d4\nfen\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "rnbqkbnr/ppp1pppp/8/3P4/3*4/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        ));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("1. e4,e5 d5,h3 2. exd5,d4"), "{text}");
    varia()
        .arg("replay")
        .arg(&pgn)
        .assert()
        .success()
        .stdout(predicate::str::contains("3 actions, all legal"));
    // Self-play: every game's actions read back as legal.
    let out = dir.join("duck.jsonl");
    varia()
        .args(["simulate", "duck", "-n", "2", "--players", "random,random"])
        .args(["--max-plies", "30", "--seed", "7", "--out"])
        .arg(&out)
        .assert()
        .success();
    let lines = std::fs::read_to_string(&out).unwrap();
    assert!(lines.contains(','), "{lines}");
    varia()
        .arg("replay")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("2 legal throughout, 0 not"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn marseillais_is_played_saved_simulated_and_replayed_two_moves_a_turn() {
    let dir = std::env::temp_dir().join(format!("varia-marseillais-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("m.pgn");
    // White's two moves, then Black's two, then White's check ends its
    // turn after one move: Black is to move.
    varia()
        .args([
            "play",
            "marseillais",
            "--players",
            "human,human",
            "--ascii",
            "--save",
        ])
        .arg(&pgn)
        .write_stdin("e4\nQh5\nd5\nNf6\nQxf7+\nfen\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "rnbqkb1r/ppp1pQpp/5n2/3p4/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3",
        ));
    varia()
        .arg("replay")
        .arg(&pgn)
        .assert()
        .success()
        .stdout(predicate::str::contains("5 actions, all legal"));
    // Self-play with the AI and at random: every game reads back as legal.
    let out = dir.join("m.jsonl");
    varia()
        .args([
            "simulate",
            "marseillais",
            "-n",
            "2",
            "--players",
            "ai:1,random",
        ])
        .args(["--max-plies", "40", "--seed", "3", "--out"])
        .arg(&out)
        .assert()
        .success();
    varia()
        .arg("replay")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("2 legal throughout, 0 not"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_keeps_the_game_going() {
    varia()
        .args(["play", "chess", "--players", "human,human", "--ascii"])
        .write_stdin("Nf6\n💥\n\nload /nonexistent/file.pgn\ne4\nmoves\nundo\nd4\nfen\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("not a legal action"))
        .stdout(predicate::str::contains("Cannot load"))
        .stdout(predicate::str::contains("20 legal:"))
        .stdout(predicate::str::contains(
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq",
        ));
}

#[test]
fn save_then_replay_checks_every_action() {
    let dir = std::env::temp_dir().join(format!("varia-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    varia()
        .args([
            "play",
            "chess",
            "--players",
            "human,human",
            "--ascii",
            "--save",
        ])
        .arg(&pgn)
        .write_stdin("e4\ne5\nNf3\nNc6\nBb5\na6\n")
        .assert()
        .success();
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        text.contains("[Variant \"chess\"]") && text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"),
        "{text}"
    );
    varia()
        .arg("replay")
        .arg(&pgn)
        .arg("--ascii")
        .assert()
        .success()
        .stdout(predicate::str::contains("6 actions, all legal"));
    std::fs::write(&pgn, text.replace("Bb5", "Bb6")).unwrap();
    varia()
        .arg("replay")
        .arg(&pgn)
        .assert()
        .failure()
        .stderr(predicate::str::contains("action 5 `Bb6`"));
}

#[test]
fn simulate_is_the_same_for_any_job_count() {
    let run = |jobs: &str| {
        let out = varia()
            .args([
                "simulate",
                "chess",
                "-n",
                "12",
                "--players",
                "ai:1,random",
                "--seed",
                "9",
                "--json",
                "--jobs",
                jobs,
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(v["games"], 12);
}

#[test]
fn simulate_writes_one_json_record_per_game() {
    let path = std::env::temp_dir().join(format!("varia-sim-{}.jsonl", std::process::id()));
    varia()
        .args([
            "simulate",
            "chess",
            "-n",
            "5",
            "--players",
            "random,random",
            "--max-plies",
            "40",
            "--out",
        ])
        .arg(&path)
        .assert()
        .success();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 5);
    for l in text.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert!(v["plies"].as_u64().unwrap() <= 40);
    }
}

#[test]
fn perft_counts_and_divides() {
    varia()
        .args(["perft", "chess", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nodes 8902"));
    varia()
        .args([
            "perft",
            "chess",
            "1",
            "--fen",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "--divide",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("nodes 48"));
    varia()
        .args(["perft", "chess", "1", "--fen", "not a fen"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("bad FEN"));
    varia()
        .args(["perft", "chezz", "1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("did you mean `chess`?"));
}

#[test]
fn divide_names_each_first_action_once_as_uci_writes_it() {
    // The king on d1 castles to c1 (`to files g c`), where its own step
    // also lands: the castling is written as the king taking its rook,
    // as UCI writes it, so no two lines share a name.
    let file = format!("{}/tests/blind/active.variant", env!("CARGO_MANIFEST_DIR"));
    let out = varia()
        .args(["perft", &file, "1", "--divide", "--fen"])
        .arg("r2k3r1/9/9/9/9/9/9/R2K3R1 w KQkq - 0 1")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once(": ").map(|(m, _)| m))
        .collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{out}");
    assert!(names.contains(&"d1c1") && names.contains(&"d1a1"), "{out}");
}

#[test]
fn wrong_player_count_is_explained() {
    varia()
        .args(["play", "chess", "--players", "human"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("2 seats"));
    varia()
        .args(["play", "chess", "--players", "human,robot"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a player kind"));
}

#[test]
fn a_closed_pipe_is_not_a_panic() {
    // `varia list --json | head -1`: the reader leaves early.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("varia"))
        .args(["perft", "chess", "3", "--divide"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn list_json_is_one_object_per_variant() {
    let out = varia()
        .args(["list", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for l in text.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert!(v["name"].is_string() && v["players"].is_array());
    }
    assert!(text.lines().count() >= 7);
}

#[test]
fn a_refused_move_says_why_with_its_rule() {
    let out = varia()
        .args([
            "play",
            "chess",
            "--players",
            "human,human",
            "--ascii",
            "--fen",
            "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1",
        ])
        .write_stdin("Ne4\nwhy Kf1\nwhy Ke3\ne1e9\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains(
            "Your knight on c3 is pinned: moving it would leave your king on e1 attacked by \
             Black's bishop on b4.\n  rule: the king is royal: it may never be left attacked"
        ),
        "{out}"
    );
    assert!(out.contains("Kf1 is a legal action here."), "{out}");
    assert!(
        out.contains("Your king on e1 cannot go to e3: a king moves `K`"),
        "{out}"
    );
    assert!(
        out.contains("e9 is not a square of the board (8×8: files a to h, ranks 1 to 8)."),
        "{out}"
    );
}

/// Text the parser does not match but that names exactly one legal
/// action (a two-step move written with its letter and XBoard's legs) is
/// played, and the prompt says how it was read; a letter that is not the
/// man's piece is refused for it.
#[test]
fn a_move_read_leniently_is_played_and_a_wrong_letter_refused() {
    let out = stdout_of(
        &[
            "play",
            "tests/fixtures/lion.variant",
            "--players",
            "human,human",
            "--ascii",
        ],
        "Ld2d3\nEe1f2,f2e1\nmoves\nquit\n",
    );
    assert!(
        out.contains("Your pawn on d2 is not a lion: the letter names the piece that moves."),
        "{out}"
    );
    assert!(out.contains("(read as Ee1-f2-e1)"), "{out}");
    assert!(out.contains("black> moves"), "{out}");
    assert!(out.contains("after 1 action"), "{out}");
}

/// A two-step move its man cannot make, typed as its three squares: the
/// prompt says why (the lion's steps), with its rule, not only that the
/// text names no legal action.
#[test]
fn a_lion_move_that_cannot_be_made_is_explained_at_the_prompt() {
    let out = stdout_of(
        &[
            "play",
            "tests/fixtures/lion.variant",
            "--fen",
            "k5/6/3p2/2L3/6/5K w - - 0 1",
            "--players",
            "human,human",
            "--ascii",
        ],
        "c3-d4-f6\nquit\n",
    );
    assert!(
        out.contains(
            "Your lion on c3 cannot step to d4 and then to f6: its `lion` steps do not lead so."
        ),
        "{out}"
    );
    assert!(out.contains("rule: piece lion ... lion"), "{out}");
    assert!(!out.contains("not a legal action here"), "{out}");
}

#[test]
fn the_square_prompt_reads_its_own_words_first() {
    // Raindropchess: after `draw`, `help`, `undo` and `quit` are commands,
    // never squares; a refused square is explained with its rule.
    let out = varia()
        .args([
            "play",
            "raindropchess",
            "--players",
            "human,human",
            "--ascii",
            "--seed",
            "1",
        ])
        .write_stdin("draw\nhelp\nundo\ne8\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("You drew a pawn."), "{out}");
    assert!(
        out.contains("Name the square for a pawn (legal: a2"),
        "{out}"
    );
    assert!(out.contains("it cannot be put back"), "{out}");
    assert!(
        out.contains("rule (raindropchess.variant:36): place pawn where in pawn_ranks"),
        "{out}"
    );
    assert!(out.contains("left unfinished"), "{out}");
    assert!(!out.contains("`help` is not a legal square"), "{out}");
}

/// `varia ARGS` with colour off: its standard output (it must succeed).
#[test]
fn describe_draws_a_piece_with_its_moves() {
    let out = stdout_of(&["describe", "chess", "knight"], "");
    assert!(out.starts_with("knight (N) — value 3.20 (from the rule file)\n  moves `N`:\n    - leaps (1,2) in 8 directions\n"), "{out}");
    assert!(
        out.contains(
            "From d4 on an empty board:\n  8 . : . : . : . : \n  7 : . : . : . : . \n  6 . : * : * : . : \n  5 : * : . : * : . \n  4 . : . N . : . : \n  3 : * : . : * : . \n  2 . : * : * : . : \n  1 : . : . : . : . \n    a b c d e f g h \n    * moves or captures\n"
        ),
        "{out}"
    );
    // The pawn: a step that does not capture, diagonal captures, and the
    // double step of a man that has never moved.
    let out = stdout_of(&["describe", "chess", "P"], "");
    assert!(
        out.contains("  6 . : . i . : . : \n  5 : . x o x . : . \n  4 . : . P . : . : "),
        "{out}"
    );
    assert!(
        out.contains(
            "Promotes on the last rank in its direction to queen, rook, bishop or knight."
        ),
        "{out}"
    );
}

#[test]
fn describe_shows_a_hopper_over_its_hurdles_and_a_confined_piece_at_home() {
    let out = stdout_of(
        &["describe", "variants/catalogue/xiangqi.variant", "cannon"],
        "",
    );
    assert!(
        out.contains("From e5 with men of its side in the way (O):"),
        "{out}"
    );
    assert!(out.contains("  5 x x O o C o O x x "), "{out}");
    // A lame leaper: a man of its side on its way, two leaps fewer.
    let out = stdout_of(
        &["describe", "variants/catalogue/xiangqi.variant", "horse"],
        "",
    );
    assert!(
        out.contains("From e5 with a man of its side on its way (O):\n 10 . : . : . : . : . \n  9 : . : . : . : . : \n  8 . : . : . : . : . \n  7 : . : . : . : . : \n  6 . : * : O : * : . "),
        "{out}"
    );
    let out = stdout_of(&["describe", "variants/catalogue/xiangqi.variant", "K"], "");
    assert!(out.contains("Confined to palace."), "{out}");
    assert!(out.contains("  2 . : . * K * . : . "), "{out}");
}

#[test]
fn describe_a_whole_variant_as_text_json_and_svg() {
    let out = stdout_of(&["describe", "echek"], "");
    for part in [
        "Echek (echek)",
        "No board: the men stand on an open plane",
        "Men never capture.",
        "The owner of a king blocked on its four sides loses.",
        "`place where touching(own) and not beside(enemy king)` (echek.variant:33)",
    ] {
        assert!(out.contains(part), "{part}:\n{out}");
    }
    let json = stdout_of(&["describe", "chess", "--format", "json"], "");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["board"], "An 8×8 board.");
    assert_eq!(v["pieces"][4]["name"], "knight");
    assert_eq!(v["pieces"][4]["diagrams"][0]["square"], "d4");
    // Spots are plain words: hole, empty, piece, hurdle, move, capture,
    // move_or_capture, initial; a1 is the first.
    let spots = v["pieces"][4]["diagrams"][0]["spots"].as_array().unwrap();
    assert_eq!(spots.len(), 64);
    assert_eq!(spots[8 * 3 + 3], "piece");
    assert_eq!(spots[8 + 2], "move_or_capture"); // c2
    assert_eq!(spots[0], "empty");
    assert_eq!(v["pieces"][0]["royal"], true);
    let svg = stdout_of(&["describe", "chess", "rook", "--svg", "-"], "");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("rook (R) from d4 on an empty board"), "{svg}");
    varia()
        .args(["describe", "chess", "dragon"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("chess has no piece `dragon`"));
}

#[test]
fn describe_tells_the_turn_plan_and_the_move_conditions() {
    let out = stdout_of(&["describe", "balancedmarseillais"], "");
    for part in [
        "A turn is 2 actions, but the game's first turn is 1 action: the player acts again while the turn has actions left.",
        "An action that gives check ends its turn at once.",
        "En passant counts turns: a step made by any action of a turn may be taken by the first action of a later turn",
    ] {
        assert!(out.contains(part), "{part}:\n{out}");
    }
    let out = stdout_of(&["describe", "progressive"], "");
    for part in ["turn k has k", "Only a turn's last action may give check."] {
        assert!(out.contains(part), "{part}:\n{out}");
    }
    let out = stdout_of(&["describe", "monster"], "");
    for part in [
        "A turn is 2 actions for white and 1 action for black",
        "A turn's legality is judged at its end",
    ] {
        assert!(out.contains(part), "{part}:\n{out}");
    }
    let out = stdout_of(&["describe", "checkless"], "");
    assert!(
        out.contains("A board move must meet: not check or mate."),
        "{out}"
    );
    // A variant of one action a turn says nothing of turns.
    let out = stdout_of(&["describe", "chess"], "");
    assert!(!out.contains("A turn is"), "{out}");
}

#[test]
fn play_lists_the_pieces_and_tells_one() {
    let out = stdout_of(
        &["play", "chess", "--players", "human,human", "--ascii"],
        "pieces\ninfo bishop\nquit\n",
    );
    assert!(out.contains("  N  knight        3.20    `N`"), "{out}");
    assert!(out.contains("bishop (B) — value 3.30"), "{out}");
    assert!(out.contains("  7 * . : . : . * . "), "{out}");
}

#[test]
fn the_ai_shows_its_thinking_on_a_terminal_only_and_chooses_the_same() {
    let args = ["play", "chess", "--players", "human,ai:3", "--ascii"];
    let piped = stdout_of(&args, "e4\nquit\n");
    assert!(!piped.contains("thinking"), "{piped}");
    let played = |out: &str| {
        out.lines()
            .find_map(|l| l.split("black (ai:3) plays ").nth(1).map(str::to_string))
            .unwrap_or_else(|| panic!("no move in {out}"))
    };
    // `script` gives the game a terminal (util-linux; skipped without it).
    let Ok(script) = which("script") else {
        eprintln!("skipped: no `script` command to give the game a terminal");
        return;
    };
    let bin = assert_cmd::cargo::cargo_bin("varia");
    let cmd = format!("{} {}", bin.display(), args.join(" "));
    let out = Command::new(script)
        .args(["-qec", &cmd, "/dev/null"])
        .env("NO_COLOR", "1")
        .write_stdin("e4\nquit\n")
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8_lossy(&out).replace('\r', "\n");
    assert!(
        out.contains("black (ai:3) is thinking… depth 1, best so far "),
        "{out}"
    );
    assert_eq!(played(&out).trim(), played(&piped).trim());
}

/// The path of a program on PATH.
fn which(name: &str) -> Result<std::path::PathBuf, ()> {
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .ok_or(())
}

/// Start `varia ARGS` with its input a pipe held open; write `before`, wait,
/// send `signal` (`INT`, `HUP`), and return its exit status and output.
fn signalled(args: &[&str], before: &str, signal: &str) -> (Option<i32>, String) {
    use std::io::{Read, Write};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("varia"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(before.as_bytes()).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    drop(stdin);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code(), err)
}

#[test]
fn a_signal_during_play_with_save_saves_the_game_so_far() {
    for signal in ["INT", "HUP"] {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.pgn");
        let f = file.to_str().unwrap();
        let (code, err) = signalled(
            &["play", "chess", "--players", "human,human", "--save", f],
            "e4\ne5\nNf3\n",
            signal,
        );
        assert_eq!(code, Some(130), "{signal}: {err}");
        assert!(
            err.contains("the game so far is saved to"),
            "{signal}: {err}"
        );
        let pgn = std::fs::read_to_string(&file).unwrap();
        assert!(pgn.contains("1. e4 e5 2. Nf3"), "{signal}: {pgn}");
        assert!(pgn.contains("[Result \"*\"]"), "{signal}: {pgn}");
        // The record replays.
        varia().args(["replay", f]).assert().success();
    }
}

#[test]
fn ctrl_c_at_a_terminal_asks_and_the_game_goes_on() {
    use std::io::{Read, Write};
    let Ok(script) = which("script") else {
        eprintln!("skipped: no `script` command to give the game a terminal");
        return;
    };
    let bin = assert_cmd::cargo::cargo_bin("varia");
    let cmd = format!("{} play chess --players human,human --ascii", bin.display());
    let mut child = std::process::Command::new(script)
        .args(["-qec", &cmd, "/dev/null"])
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let pause = || std::thread::sleep(std::time::Duration::from_millis(700));
    pause();
    stdin.write_all(b"e4\n").unwrap();
    pause();
    // Ctrl-C as the terminal sends it.
    stdin.write_all(b"\x03").unwrap();
    pause();
    stdin.write_all(b"continue\ne5\nquit\n").unwrap();
    stdin.flush().unwrap();
    pause();
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let _ = child.wait();
    assert!(
        out.contains("Ctrl-C: type `resign`, `save FILE`, `quit` or `continue`"),
        "{out}"
    );
    assert!(out.contains("The game goes on."), "{out}");
    assert!(out.contains("after 2 actions"), "{out}");
}

#[test]
fn a_players_list_cut_by_the_shell_gets_a_hint() {
    // `--players ai;st=0.1,human` unquoted: the shell hands varia `ai`.
    varia()
        .args(["play", "chess", "--players", "ai"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("but --players names 1"))
        .stderr(predicate::str::contains(
            "the shell cut the line there; quote it: --players 'ai;st=0.1,human'",
        ));
    // `--players ai, human`: a space after the comma.
    varia()
        .args(["play", "chess", "--players", "ai,", "human"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "`human` after `--players ai,` is a word of its own",
        ));
    varia()
        .args(["play", "chess", "--players", "ai,"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--players has an empty seat"));
}

#[test]
fn a_file_with_several_variants_plays_the_one_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.variant");
    std::fs::write(
        &file,
        "variant first \"First\" extends chess {}\nvariant second \"Second\" extends chess {}\n",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let out = stdout_of(
        &["play", &format!("{f}:second"), "--players", "human,human"],
        "quit\n",
    );
    assert!(out.starts_with("Second — type `help`"), "{out}");
    let out = stdout_of(&["play", f, "--players", "human,human"], "quit\n");
    assert!(out.starts_with("First — type `help`"), "{out}");
    varia()
        .args(["describe", &format!("{f}:third")])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the file defines no variant `third`; it defines first, second",
        ));
}

/// The game-session type that `play`, XBoard and the workbench share,
/// through the library (moved from src/play/game_session.rs: the tests
/// play catalogue variants, which src/ does not name).
mod game_session {
    use varia::engine::{Move, Square};
    use varia::notation::record::Record;
    use varia::play::ai::Player;
    use varia::play::game_session::{GameSession, PlayError};
    use varia::play::session::Prepared;

    fn chess() -> GameSession {
        let v = varia::load::builtin("chess", &[]).unwrap();
        let p = Prepared::new(&v).unwrap();
        GameSession::new(p, "chess", &[], None, 1, vec![]).unwrap()
    }

    fn play(g: &mut GameSession, text: &str) {
        let m = g.session().parse(text).unwrap();
        g.play(m).unwrap();
    }

    #[test]
    fn moves_undo_redo_and_the_record() {
        let mut g = chess();
        assert_eq!(g.players().len(), 2);
        for m in ["f3", "e5", "g4", "Qh4"] {
            play(&mut g, m);
        }
        assert_eq!(g.sans(), ["f3", "e5", "g4", "Qh4#"]);
        assert_eq!(g.result_text(), ("0-1".into(), Some("checkmate".into())));
        assert!(g.legal().is_empty());
        assert!(g.undo() && g.undo());
        assert_eq!(g.sans(), ["f3", "e5"]);
        assert!(g.can_redo());
        assert!(g.redo());
        assert_eq!(g.sans(), ["f3", "e5", "g4"]);
        // Playing the action to redo keeps the rest; another forgets it.
        play(&mut g, "Qh4");
        assert!(g.is_over());
        assert!(g.undo());
        play(&mut g, "Nc6");
        assert!(!g.can_redo());
        let pgn = g.record().to_pgn();
        assert!(pgn.contains("1. f3 e5 2. g4 Nc6 *"), "{pgn}");
        let line = g.json_line();
        let back = Record::from_json(&line).unwrap();
        assert_eq!(back.moves, g.sans());
    }

    #[test]
    fn resignation_claims_and_refusals() {
        let mut g = chess();
        let illegal = Move::normal(Square::new(0), Square::new(63));
        assert_eq!(g.play(illegal).unwrap_err(), PlayError::Illegal);
        assert!(!g.can_claim());
        assert_eq!(g.claim_draw().unwrap_err(), PlayError::Illegal);
        g.resign().unwrap();
        assert_eq!(g.result_text(), ("0-1".into(), Some("resignation".into())));
        assert_eq!(g.play(illegal).unwrap_err(), PlayError::Over);
        // Undo takes back the resignation.
        assert!(g.undo());
        assert!(!g.is_over());
        g.forfeit(1, "time forfeit");
        assert_eq!(g.result_text(), ("1-0".into(), Some("time forfeit".into())));
        assert!(g.undo());
        g.quit();
        assert_eq!(g.result_text(), ("*".into(), Some("unterminated".into())));
    }

    #[test]
    fn take_back_goes_to_the_persons_turn() {
        let v = varia::load::builtin("chess", &[]).unwrap();
        let p = Prepared::new(&v).unwrap();
        let players = vec![Player::Human, Player::Ai(1)];
        let mut g = GameSession::new(p, "chess", &[], None, 1, players).unwrap();
        for m in ["e4", "e5", "Nf3"] {
            play(&mut g, m);
        }
        // Black (the AI) to act: back to the turn of White, a person.
        assert_eq!(g.take_back(), 1);
        // White to act: the AI's answer goes back with White's action.
        assert_eq!(g.take_back(), 2);
        assert_eq!(g.take_back(), 0);
        // Two people: one action each time.
        let mut g = chess();
        play(&mut g, "e4");
        play(&mut g, "e5");
        assert_eq!(g.take_back(), 1);
        assert_eq!(g.sans(), ["e4"]);
    }

    #[test]
    fn a_forfeited_turn_a_forfeit_and_a_record_read_back() {
        let o = [("referee".to_string(), "forfeit".to_string())];
        let v = varia::load::builtin("ecsech", &o).unwrap();
        let p = Prepared::new(&v).unwrap();
        let mut g = GameSession::new(p.clone(), "ecsech", &o, None, 1, vec![]).unwrap();
        assert_eq!(g.forfeit_turn().unwrap().san, "pass");
        assert_eq!(g.to_move(), 1);
        assert_eq!(
            g.record_so_far().termination.as_deref(),
            Some("unterminated")
        );
        assert_eq!(g.record().termination, None);
        let rec = g.record();
        let back = GameSession::from_record(p.clone(), &rec, vec![]).unwrap();
        assert_eq!(back.sans(), ["pass"]);
        assert_eq!(back.to_move(), 1);
        g.forfeit(1, "time forfeit");
        let rec = g.record();
        assert_eq!(rec.forfeit.as_deref(), Some("black"));
        assert_eq!(rec.result, "1-0");
        assert_eq!(
            g.record_so_far().termination.as_deref(),
            Some("time forfeit")
        );
        assert!(g.json_line().contains(r#""forfeit":"black""#));
        // Without the rule a forfeited turn is refused, and a record that
        // does not replay says which action.
        let mut c = chess();
        assert_eq!(c.forfeit_turn().unwrap_err(), PlayError::Illegal);
        let bad = Record {
            variant: "ecsech".into(),
            seed: 1,
            moves: vec!["pass".into()],
            ..Record::default()
        };
        let e = GameSession::from_record(
            Prepared::new(&varia::load::builtin("ecsech", &[]).unwrap()).unwrap(),
            &bad,
            vec![],
        )
        .unwrap_err();
        assert!(e.0.starts_with("action 1 `pass`"), "{e}");
    }
}

#[test]
fn describe_says_where_a_captured_man_goes() {
    let out = stdout_of(&["describe", "circe"], "");
    assert!(out.contains("A captured man is reborn (Circe)"), "{out}");
    assert!(
        out.contains("the one on the file of capture for a kind that starts on every file (pawns), else the one of the capture square's colour"),
        "{out}"
    );
    let out = stdout_of(&["describe", "anticirce"], "");
    assert!(
        out.contains("The capturer is reborn (Anti-Circe, Calvet type)"),
        "{out}"
    );
    let out = stdout_of(&["describe", "bughouse"], "");
    assert!(
        out.contains("A captured man goes to the hand of the capturer's partner"),
        "{out}"
    );
    let out = stdout_of(&["describe", "selfcapture", "knight"], "");
    assert!(
        out.contains("It may also capture its own men (never a royal one)."),
        "{out}"
    );
}
