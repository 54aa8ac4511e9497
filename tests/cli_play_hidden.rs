//! The real binary's `play` with hidden information: fog of war at one
//! terminal, men face down (Jieqi), and what each person is shown.

mod support;

use predicates::prelude::*;
use support::varia;

/// The boards a run of `play` printed, each as its eight rank lines.
fn boards(out: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = out.lines().collect();
    let mut v = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if l.trim_start().starts_with("8 ") && i + 8 <= lines.len() {
            v.push(lines[i..i + 8].iter().map(|s| s.to_string()).collect());
        }
    }
    v
}

/// Fog of war at one terminal: each person sees only its own men and
/// what they could reach (`?` elsewhere); the screen changes hands between
/// turns; the other side's moves are not named; `fen` and `why` tell
/// nothing; the record saved is the referee's copy, and replays. Self-play
/// finishes games by capturing the king.
#[test]
fn fog_of_war_shows_each_person_its_own_view_only() {
    let dir = std::env::temp_dir().join(format!("varia-fog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("fog.pgn");
    let out = varia()
        .args([
            "play",
            "fogofwar",
            "--players",
            "human,human",
            "--ascii",
            "--save",
        ])
        .arg(&pgn)
        .write_stdin("e4\nd5\nfen\nwhy Qh5\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let b = boards(&out);
    assert!(b.len() >= 4, "{out}");
    // White's view at the start: its men, ranks 3 and 4, fog above.
    assert!(b[0][0].contains("8 ? ? ? ? ? ? ? ?"), "{out}");
    assert!(
        !b[0].concat().chars().any(|c| "kqrbnp".contains(c)),
        "{out}"
    );
    // Then Black's (after the hand-over): its men, fog below rank 5.
    let handed = out.find("Pass the keyboard to black").expect("a hand-over");
    let black_board = &out[handed..];
    assert!(black_board.contains("1 ? ? ? ? ? ? ? ?"), "{out}");
    assert!(!boards(black_board)[0].concat().contains('P'), "{out}");
    assert!(
        out.contains("Under fog of war the position is hidden"),
        "{out}"
    );
    assert!(
        out.contains("Under fog of war refusals are not explained"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Referee \"referee's copy"), "{text}");
    assert!(text.contains("1. e4 d5"), "{text}");
    varia()
        .arg("replay")
        .arg(&pgn)
        .assert()
        .success()
        .stdout(predicate::str::contains("2 actions, all legal"));
    // Against the AI: its moves are announced without their text.
    varia()
        .args(["play", "fogofwar", "--players", "human,ai:1", "--ascii"])
        .write_stdin("e4\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("black (ai:1) has moved."))
        .stdout(predicate::str::contains("black (ai:1) plays").not());
    // `show --seat` draws a seat's view; `describe` says the rule; export
    // to Fairy-Stockfish refuses it.
    let shown = varia()
        .args([
            "show", "fogofwar", "--moves", "e4 e5", "--seat", "0", "--ascii",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let shown = String::from_utf8(shown).unwrap();
    let board = boards(&shown)[0].concat();
    // Black's pawn on e5 blocks White's, unseen: no black man in view.
    assert!(board.contains("8 ? ? ? ? ? ? ? ?"), "{shown}");
    assert!(!board.chars().any(|c| "kqrbnp".contains(c)), "{shown}");
    varia()
        .args(["describe", "fogofwar"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Fog of war: each player sees only its own men",
        ));
    varia()
        .args(["export", "fogofwar", "--format", "fsf-ini"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("fsf-unexportable"));
    // Self-play ends games by the king's capture, and replays.
    let jsonl = dir.join("fog.jsonl");
    varia()
        .args([
            "simulate",
            "fogofwar",
            "-n",
            "4",
            "--players",
            "ai:1,random",
        ])
        .args(["--max-plies", "300", "--seed", "3", "--out"])
        .arg(&jsonl)
        .assert()
        .success()
        .stdout(predicate::str::contains("extinction"));
    varia()
        .arg("replay")
        .arg(&jsonl)
        .assert()
        .success()
        .stdout(predicate::str::contains("4 legal throughout, 0 not"));
    std::fs::remove_dir_all(&dir).ok();
}

/// Jieqi (`face down`) at one terminal: `fen` writes every hidden identity
/// as `?` (`--reveal`, a referee, names them); a covered man's move turns
/// it face up for both; the record saved is the referee's copy (its seed
/// deals the identities) and replays.
#[test]
fn face_down_men_stay_hidden_in_play_and_the_record_is_the_referees() {
    let dir = std::env::temp_dir().join(format!("varia-jieqi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("jieqi.pgn");
    let out = varia()
        .args([
            "play",
            "jieqi",
            "--players",
            "human,human",
            "--seed",
            "0",
            "--ascii",
            "--save",
        ])
        .arg(&pgn)
        .write_stdin("a1a3\nfen\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    // Seed 0 made a1's man a soldier: turned face up, the view names it.
    let expected = format!(
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/PX5X1/9/1XXXKXXXX<faces:{}=P{}> b - - 1 1",
        "?".repeat(22),
        "?".repeat(7)
    );
    assert!(out.contains(&expected), "{out}");
    let referee = varia()
        .args([
            "play",
            "jieqi",
            "--players",
            "human,human",
            "--seed",
            "0",
            "--reveal",
        ])
        .write_stdin("fen\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let referee = String::from_utf8(referee).unwrap();
    assert!(
        referee.contains("<faces:pcppcrpbpnbaranPPBCBNAPPRANRCP>"),
        "{referee}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Referee \"referee's copy"), "{text}");
    assert!(text.contains("[Seed \"0\"]"), "{text}");
    varia().arg("replay").arg(&pgn).assert().success();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fen` in `play` shows the one person's view: the kind of a face-down
/// man it took is known to it, and to no one when two people share the
/// keyboard.
#[test]
fn play_fen_shows_the_persons_view_of_what_it_took_face_down() {
    let slot2 = |out: &str| -> char {
        let i = out.rfind("faces:").unwrap_or_else(|| panic!("{out}")) + 6;
        out[i..].chars().nth(1).unwrap()
    };
    let run = |players: &str| -> String {
        let out = varia()
            .args([
                "play",
                "jieqi",
                "--players",
                players,
                "--seed",
                "0",
                "--ascii",
            ])
            // White's face-down cannon b3 takes the face-down man on b10
            // (seed 0 made it a cannon).
            .write_stdin("b3b10\nfen\n")
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(slot2(&run("human,random")), 'c');
    assert_eq!(slot2(&run("human,human")), '?');
}

/// While a fogged game goes on, `save` writes the player's copy: no seed,
/// the other side's moves as `--` (`[View "white"]`); it cannot be played
/// through (`replay`, `load` say whose copy it is). `--reveal` saves the
/// referee's copy with every move.
#[test]
fn save_while_a_fogged_game_goes_on_writes_the_players_copy() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.pgn");
    let input = format!(
        "e4\nsave {}\nload {}\nquit\n",
        mine.display(),
        mine.display()
    );
    let out = varia()
        .args([
            "play",
            "fogofwar",
            "--players",
            "human,random",
            "--seed",
            "3",
        ])
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Saved white's copy to"), "{out}");
    assert!(out.contains("this is white's copy of the game"), "{out}");
    let text = std::fs::read_to_string(&mine).unwrap();
    assert!(text.contains("[View \"white\"]"), "{text}");
    assert!(!text.contains("[Seed"), "{text}");
    assert!(!text.contains("[Referee"), "{text}");
    assert!(text.contains("1. e4 -- *"), "{text}");
    varia()
        .arg("replay")
        .arg(&mine)
        .assert()
        .failure()
        .stderr(predicate::str::contains("this is white's copy of the game"));
    // The referee's copy, asked for with --reveal, names Black's move.
    let all = dir.path().join("all.pgn");
    let out = varia()
        .args([
            "play",
            "fogofwar",
            "--players",
            "human,random",
            "--seed",
            "3",
        ])
        .arg("--reveal")
        .write_stdin(format!("e4\nsave {}\nquit\n", all.display()))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(String::from_utf8(out).unwrap().contains("Saved to"));
    let text = std::fs::read_to_string(&all).unwrap();
    assert!(text.contains("[Referee"), "{text}");
    assert!(!text.contains("--"), "{text}");
    varia().arg("replay").arg(&all).assert().success();
}

/// Hidden decks: `save` during the game leaves out the seed that deals
/// them (the player's copy); the file named by `--save`, written when the
/// player leaves, is the referee's copy with the seed.
#[test]
fn save_while_a_game_of_hidden_decks_goes_on_leaves_out_the_seed() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.pgn");
    let end = dir.path().join("end.pgn");
    varia()
        .args(["play", "raindropchess", "--players", "human,random"])
        .args(["--seed", "77", "--save"])
        .arg(&end)
        .write_stdin(format!("draw\na1\nsave {}\nquit\n", mine.display()))
        .assert()
        .success()
        .stdout(predicate::str::contains("Saved white's copy to"));
    let text = std::fs::read_to_string(&mine).unwrap();
    assert!(text.contains("[View \"white\"]"), "{text}");
    assert!(!text.contains("[Seed"), "{text}");
    let text = std::fs::read_to_string(&end).unwrap();
    assert!(text.contains("[Seed \"77\"]"), "{text}");
    assert!(!text.contains("[View"), "{text}");
}
