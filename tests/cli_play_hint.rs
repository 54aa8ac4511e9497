//! `play`'s `hint` and `help` at the terminal (the real binary).

mod support;

use support::lines_with;

/// `varia play ARGS` with colour off, fed `input`: its standard output.
fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend(["--ascii", "--seed", "1"]);
    support::stdout_of(&all, input)
}

#[test]
fn a_hint_names_a_legal_action_with_its_score_and_line_and_the_same_each_time() {
    let out = play(
        &["chess", "--players", "human,human"],
        "hint 3\nhint 3\nmoves\nquit\n",
    );
    let hints = lines_with(&out, "Hint (AI level 3, depth 3): ");
    assert_eq!(hints.len(), 2, "{out}");
    assert_eq!(hints[0], hints[1], "the same question, the same answer");
    let rest = &hints[0]["Hint (AI level 3, depth 3): ".len()..];
    let (action, score) = rest.split_once(", ").unwrap();
    assert!(score.ends_with(" for white."), "{out}");
    assert!(score.starts_with('+') || score.starts_with('-'), "{out}");
    let legal = lines_with(&out, "20 legal: ");
    assert_eq!(legal.len(), 1, "{out}");
    assert!(
        legal[0].split_whitespace().any(|m| m == action),
        "hinted {action}, not in {}",
        legal[0]
    );
    let line = lines_with(&out, "  expected line: ");
    assert_eq!(line.len(), 2, "{out}");
    let first = line[0]["  expected line: ".len()..]
        .split(' ')
        .collect::<Vec<_>>();
    assert_eq!(first.len(), 3, "a depth-3 line: {out}");
    assert_eq!(first[0], action, "{out}");
}

#[test]
fn a_hint_is_played_as_typed_and_changes_no_ai_seats_choice() {
    // The hint draws from its own seed: the AI's reply is the same whether
    // or not the person asked.
    let args = ["chess", "--players", "human,ai:2"];
    let asked = play(&args, "hint 1\ne4\nquit\n");
    let plain = play(&args, "e4\nquit\n");
    let reply = |out: &str| {
        lines_with(out, "black (ai:2) plays ")
            .first()
            .map(|s| s.to_string())
    };
    assert!(reply(&plain).is_some(), "{plain}");
    assert_eq!(reply(&asked), reply(&plain), "{asked}\n{plain}");
    // The hinted action itself is accepted as typed.
    let hinted = lines_with(&asked, "Hint (AI level 1")[0];
    let action = hinted
        .split(": ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap();
    let out = play(&args, &format!("{action}\nquit\n"));
    assert!(
        !out.contains("not legal") && out.contains("black (ai:2) plays"),
        "{action}: {out}"
    );
}

#[test]
fn a_hint_is_refused_under_fog_of_war_and_a_bad_level_is_explained() {
    let out = play(&["fogofwar", "--players", "human,ai:1"], "hint\nquit\n");
    assert!(out.contains("Under fog of war there is no hint"), "{out}");
    assert!(!out.contains("Hint ("), "{out}");
    let out = play(
        &["chess", "--players", "human,human"],
        "hint 0\nhint nine\nquit\n",
    );
    assert_eq!(out.matches("Say a level from 1 to 8").count(), 2, "{out}");
}

#[test]
fn with_more_than_two_sides_the_hints_score_says_whom_it_weighs() {
    let out = play(
        &["fourplayer", "--players", "human,ai:1,ai:1,ai:1"],
        "hint 1\nquit\n",
    );
    let hint = lines_with(&out, "Hint (AI level 1");
    assert_eq!(hint.len(), 1, "{out}");
    assert!(
        hint[0].ends_with("counting all the others as one side."),
        "{out}"
    );
}

#[test]
fn help_lists_only_what_the_game_has() {
    let chess = play(&["chess", "--players", "human,human"], "help\nquit\n");
    assert!(chess.contains("hint [N]"), "{chess}");
    assert!(chess.contains("why MOVE"), "{chess}");
    for absent in [
        "place from the hand",
        "draw your top card",
        "swaps two of your men",
        "claim a draw",
        "fog of war",
        "With decks",
        "without squares",
        "several remain",
    ] {
        assert!(
            !chess.contains(absent),
            "chess's help names {absent}:\n{chess}"
        );
    }
    let zh = play(&["crazyhouse", "--players", "human,human"], "help\nquit\n");
    assert!(zh.contains("place from the hand"), "{zh}");
    let rain = play(
        &["raindropchess", "--players", "human,human"],
        "help\nquit\n",
    );
    assert!(rain.contains("draw your top card"), "{rain}");
    assert!(rain.contains("With decks"), "{rain}");
    let fog = play(&["fogofwar", "--players", "human,human"], "help\nquit\n");
    assert!(fog.contains("Under fog of war"), "{fog}");
    assert!(!fog.contains("hint [N]"), "{fog}");
    let four = play(
        &["fourplayer", "--players", "human,human,human,human"],
        "help\nquit\n",
    );
    assert!(four.contains("several remain"), "{four}");
}
