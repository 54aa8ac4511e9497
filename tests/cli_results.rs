//! Results of games left by resignation, by quitting or by a claim, in two-
//! and four-player games, as `play` announces and saves them and as
//! `replay` reads them back.

use assert_cmd::Command;

fn play(args: &[&str], script: &str, save: &std::path::Path) -> (String, String) {
    let out = Command::cargo_bin("varia")
        .unwrap()
        .env("NO_COLOR", "1")
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
    let out = Command::cargo_bin("varia")
        .unwrap()
        .env("NO_COLOR", "1")
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
