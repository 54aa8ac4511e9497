//! Results of games left by resignation, by quitting or by a claim, in two-
//! and four-player games, as `play` announces and saves them and as
//! `replay` reads them back.

mod support;

use assert_cmd::Command;
use support::varia;

fn play(args: &[&str], script: &str, save: &std::path::Path) -> (String, String) {
    let out = varia()
        .arg("play")
        .args(args)
        .args(["--save", save.to_str().unwrap()])
        .write_stdin(script.to_string())
        .output()
        .unwrap();
    assert!(out.status.success());
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        std::fs::read_to_string(save).unwrap(),
    )
}

fn replay(file: &std::path::Path) -> String {
    let out = varia()
        .args(["replay", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const FOUR: &[&str] = &["quatrochess", "--players", "human,human,human,human"];

#[test]
fn a_free_for_all_resignation_eliminates_only_the_resigner() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ffa.pgn");
    let (out, pgn) = play(FOUR, "resign\nboard\n", &file);
    assert!(
        out.contains("white resigns and is out of the game."),
        "{out}"
    );
    assert!(out.contains("white (out)"), "{out}");
    assert!(out.contains("red> "), "the game goes on: {out}");
    assert!(!out.contains("Game over"), "{out}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("1. resign *"), "{pgn}");
}

#[test]
fn the_last_player_left_wins_and_the_record_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("last.pgn");
    let (out, pgn) = play(FOUR, "resign\nresign\nresign\n", &file);
    assert!(
        out.contains("Game over: green wins (resignation). 0-0-0-1"),
        "{out}"
    );
    assert!(pgn.contains("[Result \"0-0-0-1\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"resignation\"]"), "{pgn}");
    let shown = replay(&file);
    assert!(
        shown.contains("3 actions, all legal. Result: 0-0-0-1 (resignation)"),
        "{shown}"
    );
}

#[test]
fn a_partner_resigning_leaves_the_team_in_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("teams.pgn");
    let args = &["quatrochess-teams", "--players", "human,human,human,human"];
    // White and black are partners: white's army goes to black.
    let (out, pgn) = play(args, "resign\nresign\n", &file);
    assert!(
        out.contains("white resigns and is out of the game."),
        "{out}"
    );
    assert!(out.contains("red resigns and is out of the game."), "{out}");
    assert!(!out.contains("Game over"), "{out}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    // Both of a team out: the other team wins.
    let (out, pgn) = play(args, "resign\nresign\nresign\n", &file);
    assert!(
        out.contains("Game over: red and green win (resignation). 0-1-0-1"),
        "{out}"
    );
    assert!(pgn.contains("[Result \"0-1-0-1\"]"), "{pgn}");
}

#[test]
fn a_two_player_resignation_is_saved_with_its_result() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.pgn");
    let (out, pgn) = play(
        &["chess", "--players", "human,human"],
        "e4\nresign\n",
        &file,
    );
    assert!(out.contains("black resigns. 1-0"), "{out}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"resignation\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 1-0"), "{pgn}");
}

#[test]
fn quitting_leaves_the_game_unfinished_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("quit.pgn");
    let (out, pgn) = play(&["chess", "--players", "human,human"], "e4\nquit\n", &file);
    assert!(
        out.contains("left unfinished (*) after 1 action; nobody resigned"),
        "{out}"
    );
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"unterminated\"]"), "{pgn}");
}

#[test]
fn a_claimed_draw_is_saved_as_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("claim.pgn");
    let script = "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\nclaim\n";
    let (out, pgn) = play(
        &[
            "chess",
            "--players",
            "human,human",
            "-o",
            "repetition=claim3_auto5",
        ],
        script,
        &file,
    );
    assert!(
        out.contains("Game over: draw claimed (repetition)"),
        "{out}"
    );
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(
        pgn.contains("[Termination \"repetition (claimed)\"]"),
        "{pgn}"
    );
}

#[test]
fn a_referee_variant_forfeits_the_turn_of_an_illegal_action() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("referee.pgn");
    // Ecséch: the first placement must be a pawn; a king costs the turn.
    let args = &[
        "ecsech",
        "--players",
        "human,human",
        "-o",
        "referee=forfeit",
    ];
    let (out, pgn) = play(args, "K@a1\n", &file);
    assert!(
        out.contains("`K@a1` is not a legal action: white forfeits the turn"),
        "{out}"
    );
    assert!(out.contains("black> "), "{out}");
    assert!(pgn.contains("1. pass *"), "{pgn}");
    let shown = replay(&file);
    assert!(shown.contains("1 action, all legal"), "{shown}");
    // The default refuses the action and the same player tries again.
    let (out, _) = play(&["ecsech", "--players", "human,human"], "K@a1\n", &file);
    assert!(!out.contains("forfeits"), "{out}");
    assert!(!out.contains("black> "), "{out}");
}

#[test]
fn a_forfeit_is_saved_with_its_result_and_reason_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("forfeit.pgn");
    let (out, pgn) = play(
        &["chess", "--players", "human,uci:/nonexistent/engine"],
        "e4\n",
        &file,
    );
    assert!(
        out.contains("black (uci:/nonexistent/engine) forfeits"),
        "{out}"
    );
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Forfeit \"black\"]"), "{pgn}");
    assert_eq!(pgn.matches("[Forfeit ").count(), 1, "{pgn}");
    assert!(
        pgn.contains("[Termination \"cannot start /nonexistent/engine"),
        "{pgn}"
    );
    assert!(pgn.contains("1. e4 1-0"), "{pgn}");
    // replay accepts the forfeit: the rules did not end the game, the
    // record says who lost outside them.
    let shown = replay(&file);
    assert!(shown.contains("1 action, all legal. Result: *"), "{shown}");
    // A forfeit by black that gives black the game is refused.
    let forged = dir.path().join("forged.pgn");
    std::fs::write(&forged, pgn.replace("1-0", "0-1")).unwrap();
    let out = varia()
        .args(["replay", forged.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the record says 0-1, but a forfeit by black gives 1-0"),
        "{err}"
    );
}

#[test]
fn simulated_forfeits_replay_as_legal_records() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.jsonl");
    let out = Command::cargo_bin("varia")
        .unwrap()
        .args(["simulate", "chess", "-n", "2", "--max-plies", "10"])
        .args(["--players", "random,uci:/nonexistent/engine", "--out"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("\"forfeit\":\"black\"").count(), 2, "{text}");
    let shown = replay(&file);
    assert!(
        shown.contains("2 games checked: 2 legal throughout, 0 not"),
        "{shown}"
    );
}

/// `replay` of a text written to a file: the exit status and both streams.
fn replay_text(name: &str, text: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    let out = varia()
        .args(["replay", file.to_str().unwrap()])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn replay_compares_results_exactly() {
    let mate = "1. f3 e5 2. g4 Qh4#";
    let (code, out) = replay_text("ok.pgn", &format!("[Result \"0-1\"]\n\n{mate} 0-1\n"));
    assert_eq!(code, 0, "{out}");
    // `1` is a prefix of `1-0`, and of nothing the rules give here.
    for said in ["1", "0", "0-", "1-0", "1/2-1/2", "0-1-0"] {
        let (code, out) = replay_text("bad.pgn", &format!("[Result \"{said}\"]\n\n{mate} *\n"));
        assert_eq!(code, 1, "{said}: {out}");
        assert!(
            out.contains(&format!(
                "the record says {said}, the rules give 0-1 (checkmate)"
            )),
            "{said}: {out}"
        );
    }
    // In a file of several games, the same check, one line a game.
    let two = format!("[Result \"0-1\"]\n\n{mate} 0-1\n\n[Result \"1\"]\n\n{mate} *\n");
    let (code, out) = replay_text("two.pgn", &two);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("game 2: the record says 1, the rules give 0-1 (checkmate)"),
        "{out}"
    );
    assert!(
        out.contains("2 games checked: 1 legal throughout, 1 not"),
        "{out}"
    );
    // A result the rules did not give, without a forfeit, resignation or
    // claim to explain it.
    let (code, out) = replay_text("early.pgn", "[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("the record says 1-0, the rules give *"),
        "{out}"
    );
}

#[test]
fn replay_checks_a_claimed_draw_against_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("claim.pgn");
    let claim = &[
        "chess",
        "--players",
        "human,human",
        "-o",
        "repetition=claim3_auto5",
    ];
    play(
        claim,
        "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\nNg8\nclaim\n",
        &file,
    );
    let shown = replay(&file);
    assert!(shown.contains("8 actions, all legal"), "{shown}");
    // The same claim two actions earlier, where no draw can be claimed.
    let pgn = std::fs::read_to_string(&file).unwrap();
    let early = pgn.replace("4. Ng1 Ng8 ", "");
    assert_ne!(early, pgn);
    let (code, out) = replay_text("early.pgn", &early);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no draw can be claimed"), "{out}");
}

#[test]
fn control_characters_in_tags_are_escaped_and_read_back() {
    // A rule file whose name holds a newline, an escape and a quote: its
    // path is the record's [Variant] tag.
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("evil\n[Result \"0-1\"]\u{1b}\".variant");
    std::fs::write(&rules, "variant evil \"Evil\" extends chess {\n}\n").unwrap();
    let file = dir.path().join("evil.pgn");
    let out = varia()
        .arg("play")
        .arg(&rules)
        .args(["--players", "human,human", "--save", file.to_str().unwrap()])
        .write_stdin("e4\n")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pgn = std::fs::read_to_string(&file).unwrap();
    // One tag a line, every line a tag until the movetext: the newline did
    // not start a tag of its own.
    let results = pgn.lines().filter(|l| l.starts_with("[Result ")).count();
    assert_eq!(results, 1, "{pgn}");
    let variant = pgn.lines().find(|l| l.starts_with("[Variant ")).unwrap();
    assert!(
        variant.contains("evil\\u{a}[Result \\\"0-1\\\"]\\u{1b}\\\".variant"),
        "{pgn}"
    );
    assert!(!pgn.chars().any(|c| c.is_control() && c != '\n'), "{pgn:?}");
    // And read back to the same path: replay finds the rule file.
    let shown = replay(&file);
    assert!(shown.contains("1 action, all legal. Result: *"), "{shown}");
}

/// The fast reading of varia's own SAN finds the action written, in
/// seeded random games of variants of every kind of action.
#[test]
fn records_read_back_to_the_actions_played() {
    for name in [
        "chess",
        "quatrochess",
        "raindropchess",
        "echek",
        "ecsech",
        "placement",
        "shogi",
        "seirawan",
        "crazyhouse",
    ] {
        let v = varia::load::builtin(name, &[]).unwrap();
        let prepared = varia::play::session::Prepared::new(&v).unwrap();
        for seed in 0..3u64 {
            let mut s = prepared.session(None, seed).unwrap();
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            let mut played = Vec::new();
            let mut rec = varia::notation::record::Record {
                variant: name.into(),
                seed,
                result: "*".into(),
                ..Default::default()
            };
            for _ in 0..120 {
                let legal = s.legal();
                if s.result().is_some() || legal.is_empty() {
                    break;
                }
                let m = legal[rand::Rng::gen_range(&mut rng, 0..legal.len())];
                rec.moves.push(s.play_noted(m).0);
                played.push(m);
            }
            let mut again = Vec::new();
            varia::study::verify::play(&prepared, &rec, false, |_, _, _, m, _| again.push(m))
                .unwrap();
            assert!(
                played.len() >= 8,
                "{name}, seed {seed}: {} actions",
                played.len()
            );
            assert_eq!(again, played, "{name}, seed {seed}: {:?}", rec.moves);
        }
    }
}

/// The `[FEN]` tags of a PGN text, in order.
fn fens(pgn: &str) -> Vec<String> {
    pgn.lines()
        .filter_map(|l| l.strip_prefix("[FEN \"")?.strip_suffix("\"]"))
        .map(str::to_string)
        .collect()
}

/// A game of a variant with a `shuffle` line starts from the setup its seed
/// deals: `play` records it as `[SetUp "1"]` and `[FEN]` under
/// `[Variant "chess960"]`, the same seed deals the same setup, another seed
/// another, and `replay` reads the record back.
#[test]
fn a_dealt_setup_is_recorded_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let game = |seed: &str, name: &str| {
        let file = dir.path().join(name);
        let args = ["chess960", "--players", "human,human", "--seed", seed];
        let (_, pgn) = play(&args, "a3\nh6\nquit\n", &file);
        (file, pgn)
    };
    let (file, pgn) = game("5", "a.pgn");
    let (_, again) = game("5", "b.pgn");
    let (_, other) = game("6", "c.pgn");
    assert!(pgn.contains("[Variant \"chess960\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert_eq!(fens(&pgn).len(), 1, "{pgn}");
    assert_eq!(fens(&pgn), fens(&again));
    assert_ne!(fens(&pgn), fens(&other));
    assert!(fens(&pgn)[0].ends_with(" w KQkq - 0 1"), "{pgn}");
    let shown = replay(&file);
    assert!(shown.contains("2 actions, all legal"), "{shown}");
    // The setup from the record's FEN, whatever the seed says.
    let moved = pgn.replace("[Seed \"5\"]", "[Seed \"6\"]");
    assert_ne!(moved, pgn);
    std::fs::write(&file, moved).unwrap();
    assert!(replay(&file).contains("2 actions, all legal"));
}

/// `simulate` deals each game's setup from that game's seed: different
/// setups across games, the same ones on another run with the same seed
/// and another number of threads, each written in the PGN and replayed.
#[test]
fn simulated_games_deal_their_setups_from_their_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str, jobs: &str| {
        let file = dir.path().join(name);
        let out = Command::cargo_bin("varia")
            .unwrap()
            .args(["simulate", "chess960", "-n", "6", "--max-plies", "2"])
            .args(["--seed", "3", "--players", "random,random"])
            .args(["--jobs", jobs, "--force-jobs", "--pgn"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (file.clone(), std::fs::read_to_string(&file).unwrap())
    };
    let (file, one) = run("one.pgn", "1");
    let (_, two) = run("two.pgn", "2");
    let starts = fens(&one);
    assert_eq!(starts.len(), 6, "{one}");
    assert_eq!(starts, fens(&two));
    let distinct: std::collections::BTreeSet<_> = starts.iter().collect();
    assert!(distinct.len() >= 5, "{starts:?}");
    let shown = replay(&file);
    assert!(
        shown.contains("6 games checked: 6 legal throughout, 0 not"),
        "{shown}"
    );
}

/// `show VARIANT --seed N` shows the setup seed N deals, and
/// `--option position=N` Scharnagl's setup N.
#[test]
fn show_shows_the_dealt_setup() {
    let show = |args: &[&str]| {
        let out = Command::cargo_bin("varia")
            .unwrap()
            .args(["show", "chess960", "--ascii"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(show(&["--seed", "4"]), show(&["--seed", "4"]));
    assert_ne!(show(&["--seed", "4"]), show(&["--seed", "5"]));
    let chess = show(&["--option", "position=518"]);
    assert!(chess.contains("1 R N B Q K B N R"), "{chess}");
}

/// A Chess960 record as lichess exports one (`[Variant "Chess960"]`, a
/// Shredder-FEN start, castling in SAN where the king stays on its square
/// and the rook jumps beside it) replays with the `chess960` variant.
#[test]
fn a_lichess_chess960_record_replays() {
    let text = "[Event \"Casual Chess960 game\"]\n[Result \"*\"]\n\
        [Variant \"Chess960\"]\n[SetUp \"1\"]\n\
        [FEN \"nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w FBfb - 0 1\"]\n\n\
        1. c4 c5 2. Bc2 Bc7 3. O-O-O O-O-O 4. d3 *\n";
    let (code, out) = replay_text("lichess960.pgn", text);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("7 actions, all legal"), "{out}");
    assert!(
        out.contains("N . K R B R Q N") || out.contains("♘ . ♔ ♖"),
        "{out}"
    );
}

/// Records name their variant as other tools write it: a built-in's own
/// name in any case, or one of its other names (`also known as`).
mod record_names {
    use std::path::PathBuf;
    use varia::load::for_record;

    fn loads(tag: &str) -> String {
        for_record(tag, &[], &[], false)
            .unwrap_or_else(|e| panic!("{tag}: {}", e.0))
            .name
    }

    #[test]
    fn records_load_builtins_by_any_of_their_names_and_refuse_other_paths() {
        assert_eq!(loads("Standard"), "chess");
        assert_eq!(loads("From Position"), "chess");
        assert_eq!(loads("CRAZYHOUSE"), "crazyhouse");
        assert_eq!(loads("fischerandom"), "chess960");
        assert_eq!(loads("Fischer Random"), "chess960");
        assert_eq!(loads("960"), "chess960");
        let e = for_record("/etc/passwd", &[PathBuf::from("/")], &[], false).unwrap_err();
        assert!(e.0.contains("not a built-in variant"), "{}", e.0);
        assert!(!e.0.contains("root:"), "{}", e.0);
    }

    #[test]
    fn other_names_are_not_inherited_and_never_shadow_a_builtin() {
        let v = varia::load::builtin("chess960", &[]).unwrap();
        assert!(v.aliases.iter().all(|a| a != "standard"), "{:?}", v.aliases);
        // No built-in's other name is another built-in's name or other name.
        let names = varia::check::builtin_names();
        let mut seen: Vec<(String, &str)> = Vec::new();
        for n in &names {
            let v = varia::load::builtin(n, &[]).unwrap();
            for a in &v.aliases {
                let a = a.to_ascii_lowercase();
                assert!(
                    !names.contains(&a.as_str()),
                    "{n}: `{a}` is a built-in's name"
                );
                if let Some((_, other)) = seen.iter().find(|(s, _)| *s == a) {
                    panic!("`{a}` names both {other} and {n}");
                }
                seen.push((a, n));
            }
        }
        assert!(seen.len() >= 9, "{seen:?}");
    }

    #[test]
    fn the_command_line_takes_other_names_too() {
        let out = assert_cmd::Command::cargo_bin("varia")
            .unwrap()
            .args(["perft", "Standard", "2"])
            .assert()
            .success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(text.contains("nodes 400"), "{text}");
        let out = assert_cmd::Command::cargo_bin("varia")
            .unwrap()
            .args(["describe", "frc"])
            .assert()
            .success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(
            text.starts_with("Chess960 (chess960)\nAlso known as: fischerandom,"),
            "{text}"
        );
    }
}

/// `show --json`: the position as one object; its legal actions are the
/// variant's (20 at chess's start, with SAN and coordinates); a mate is
/// over, with its result and no action; not with `--seat` or `--svg`.
#[test]
fn show_json_gives_the_position_and_its_legal_actions() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = Command::cargo_bin("varia")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        serde_json::from_str(&text).unwrap()
    };
    let p = json(&["show", "chess", "--moves", "e4", "--json"]);
    assert_eq!(p["variant"], "chess");
    assert_eq!(
        p["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(p["to_move"], "black");
    assert_eq!(p["over"], false);
    assert_eq!(p["legal"].as_array().unwrap().len(), 20);
    assert!(p["legal"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["san"] == "Nf6" && a["text"] == "g8f6"));
    let m = json(&["show", "chess", "--moves", "f3 e5 g4 Qh4", "--json"]);
    assert_eq!(m["over"], true);
    assert_eq!(m["result"], "0-1");
    assert_eq!(m["reason"], "checkmate");
    assert_eq!(m["to_move"], serde_json::Value::Null);
    assert!(m["legal"].as_array().unwrap().is_empty());
    // Face-down men stay face down, as on the text board.
    let j = json(&["show", "jieqi", "--json"]);
    let fen = j["fen"].as_str().unwrap();
    assert!(fen.starts_with("xxxxkxxxx/"), "{fen}");
    let faces = fen
        .split("<faces:")
        .nth(1)
        .unwrap()
        .split('>')
        .next()
        .unwrap();
    assert!(
        !faces.is_empty() && faces.chars().all(|c| c == '?'),
        "{fen}"
    );
    // A deck's top card is not told by the actions: drawing is `draw`.
    let r = json(&["show", "raindropchess", "--json"]);
    assert_eq!(r["draw"], true);
    assert!(r["legal"].as_array().unwrap().is_empty(), "{}", r["legal"]);
    assert_eq!(p["draw"], false);
    for extra in [["--seat", "0"], ["--svg", "-"]] {
        let out = Command::cargo_bin("varia")
            .unwrap()
            .args(["show", "fogofwar", "--json"])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
    }
}

/// The legend under the text board marks the player to move (`>` in
/// ASCII); once the game is over it marks nobody, and a line tells the
/// result.
#[test]
fn a_finished_game_marks_nobody_to_move() {
    let show = |moves: &str| {
        let out = Command::cargo_bin("varia")
            .unwrap()
            .args(["show", "chess", "--ascii", "--moves", moves])
            .output()
            .unwrap();
        assert!(out.status.success(), "{moves}");
        String::from_utf8(out.stdout).unwrap()
    };
    let playing = show("f3 e5 g4");
    assert!(playing.contains("> black"), "{playing}");
    assert!(!playing.contains("> white"), "{playing}");
    let mated = show("f3 e5 g4 Qh4");
    assert!(!mated.lines().any(|l| l.starts_with('>')), "{mated}");
    assert!(
        mated.contains("  white") && mated.contains("  black"),
        "{mated}"
    );
    assert!(mated.contains("black wins (checkmate)."), "{mated}");
    assert!(!playing.contains("wins"), "{playing}");
}

/// An action of `show --moves` that is not legal is said why, as the play
/// prompt says it (the man, what it reaches, the rule), in one line; text
/// that names no action gets the parser's answer.
#[test]
fn show_says_why_an_action_is_not_legal() {
    let err = |moves: &str| {
        let out = Command::cargo_bin("varia")
            .unwrap()
            .args(["show", "chess", "--moves", moves])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{moves}");
        assert!(out.stdout.is_empty(), "{moves}");
        String::from_utf8(out.stderr).unwrap()
    };
    let e = err("e4 e4");
    assert_eq!(
        e.trim_end(),
        "error: action 2 `e4` is not legal: your pawn on e7 cannot go to e4: a pawn moves \
         `fmW fceF ifmnD`; from e7 on an empty board it reaches e5 and e6 (rule: piece pawn \
         moves \"fmW fceF ifmnD\")"
    );
    let e = err("e4 e5 Ke2 Ke7 Ke3 Qh4");
    assert!(
        e.contains("action 6 `Qh4` is not legal: the way of your queen on d8 to h4 is blocked at e7 by your king"),
        "{e}"
    );
    let e = err("e4 xyz");
    assert!(
        e.contains("action 2 `xyz` is not legal: that is not a legal action here")
            && !e.contains("type `moves`"),
        "{e}"
    );
}
