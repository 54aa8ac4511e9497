//! The records' tests: PGN and JSON lines written and read back.

use super::*;

#[test]
fn movetext_starting_with_a_bracketed_file_is_not_a_tag() {
    // A wrapped line of an unbounded board's game can start `[-2]3`.
    let text = "[Variant \"floating\"]\n\n1. Q@b0 N@[-1]0\n[-2]3 b1 *\n";
    let r = Record::parse_pgn(text).unwrap();
    assert_eq!(r.moves, ["Q@b0", "N@[-1]0", "[-2]3", "b1"]);
    assert_eq!(Record::parse_all(text).len(), 1);
}

#[test]
fn every_game_of_a_file_is_read() {
    let one = |n: u64, m: &str| Record {
        variant: "chess".into(),
        seed: n,
        seats: vec!["white".into(), "black".into()],
        moves: vec![m.into()],
        result: "*".into(),
        ..Record::default()
    };
    let text = format!(
        "{}\n{{ a comment\n[Not \"a tag\"] }}\n{}",
        one(1, "e4").to_pgn(),
        one(2, "d4").to_pgn()
    );
    let games = Record::parse_all(&text);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].as_ref().unwrap().moves, ["e4"]);
    assert_eq!(games[1].as_ref().unwrap().seed, 2);
    assert_eq!(games[1].as_ref().unwrap().moves, ["d4"]);
    // An error in the second game names its line in the whole file.
    let bad = format!("{}\n[Seed \"x\"]\n1. e4 *\n", one(1, "e4").to_pgn());
    let games = Record::parse_all(&bad);
    let line = bad
        .lines()
        .position(|l| l.starts_with("[Seed \"x"))
        .unwrap()
        + 1;
    assert_eq!(
        games[1].as_ref().unwrap_err(),
        &format!("line {line}: the seed must be a number from 0 to 2^64-1")
    );
}

#[test]
fn json_lines_of_simulate_are_records() {
    let text = concat!(
        r#"{"game":0,"seed":7,"variant":"floating","options":{"a":"b"},"#,
        r#""seats":["white","black"],"players":["random","ai:1"],"#,
        r#""actions":["Q@b0","swap-[-1]2-a3"],"result":"0-1","reason":"surrounded"}"#,
        "\n\n",
        r#"{"game":1,"variant":"chess","actions":[]}"#,
        "\n"
    );
    let games = Record::parse_all(text);
    assert_eq!(games.len(), 2);
    let r = games[0].as_ref().unwrap();
    assert_eq!(r.seed, 7);
    assert_eq!(r.options, [("a".to_string(), "b".to_string())]);
    assert_eq!(r.moves, ["Q@b0", "swap-[-1]2-a3"]);
    assert_eq!(r.result, "0-1");
    assert_eq!(r.termination.as_deref(), Some("surrounded"));
    assert_eq!(r.round, "1");
    assert!(games[1]
        .as_ref()
        .unwrap_err()
        .starts_with("line 3: the record has no `seed`"));
}

#[test]
fn two_player_round_trip() {
    let r = Record {
        variant: "chess".into(),
        options: vec![("repetition".into(), "claim3_auto5".into())],
        seed: 42,
        fen: None,
        seats: vec!["white".into(), "black".into()],
        players: vec!["human".into(), "ai:3".into()],
        moves: vec!["e4".into(), "e5".into(), "Nf3".into(), "O-O".into()],
        result: Record::result_for(2, Some(&[1])),
        termination: Some("checkmate".into()),
        date: "2026.11.24".into(),
        ..Record::default()
    };
    let pgn = r.to_pgn();
    assert!(pgn.contains("[Variant \"chess\"]"));
    assert!(pgn.contains("[White \"white (human)\"]"));
    assert!(
        pgn.starts_with(
            "[Event \"varia game\"]\n[Site \"?\"]\n[Date \"2026.11.24\"]\n[Round \"?\"]\n\
         [White \"white (human)\"]\n[Black \"black (ai:3)\"]\n[Result \"0-1\"]\n"
        ),
        "{pgn}"
    );
    assert!(pgn.contains("1. e4 e5 2. Nf3 O-O 0-1"));
    assert_eq!(Record::parse_pgn(&pgn).unwrap(), r);
}

#[test]
fn dice_rolls_are_written_as_comments_before_their_actions_and_read_back() {
    let r = Record {
        variant: "dicechess2".into(),
        seats: vec!["white".into(), "black".into()],
        moves: vec!["e4".into(), "pass".into(), "Nf3".into()],
        rolls: vec!["1+6".into(), "3+4".into(), "2+2".into()],
        result: "*".into(),
        ..Record::default()
    };
    let pgn = r.to_pgn();
    assert!(
        pgn.contains("1. {roll 1+6} e4 {roll 3+4} pass 2. {roll 2+2} Nf3 *"),
        "{pgn}"
    );
    assert_eq!(Record::parse_pgn(&pgn).unwrap(), r);
    // Other comments stay comments; a roll given for some actions only
    // leaves the others to the seed (empty).
    let text = "[Variant \"dicechess\"]\n\n1. e4 {a comment} e5 {roll 2} 2. Nf3 *\n";
    let back = Record::parse_pgn(text).unwrap();
    assert_eq!(back.moves, vec!["e4", "e5", "Nf3"]);
    assert_eq!(back.rolls, vec!["", "", "2"]);
    // A roll cannot close its comment early or hide a tag.
    let evil = Record {
        moves: vec!["e4".into()],
        rolls: vec!["1} [Result \"0-1\"] {".into()],
        ..r.clone()
    };
    let pgn = evil.to_pgn();
    assert_eq!(pgn.matches('{').count(), 1, "{pgn}");
    assert_eq!(pgn.matches('}').count(), 1, "{pgn}");
}

#[test]
fn ai_evals_are_written_after_their_actions_and_read_back() {
    let r = Record {
        variant: "chess".into(),
        seats: vec!["white".into(), "black".into()],
        moves: vec!["e4".into(), "e5".into(), "Qh5".into(), "Nc6".into()],
        evals: vec![
            "+0.25/10".into(),
            String::new(),
            "-1.30/8 0.102s".into(),
            "+M5/20".into(),
        ],
        result: "*".into(),
        ..Record::default()
    };
    let pgn = r.to_pgn();
    assert!(
        pgn.contains("1. e4 {+0.25/10} e5 2. Qh5 {-1.30/8 0.102s} Nc6 {+M5/20} *"),
        "{pgn}"
    );
    assert_eq!(Record::parse_pgn(&pgn).unwrap(), r);
    // cutechess-cli's comments read as evals; other comments, and an
    // eval before the first move, do not.
    let text = "[Variant \"chess\"]\n\n{+0.10/1} 1. e4 {book} e5 {+0.31/12 1.5s} 2. Nf3 {-M3/9} {mate soon} *\n";
    let back = Record::parse_pgn(text).unwrap();
    assert_eq!(back.moves, vec!["e4", "e5", "Nf3"]);
    assert_eq!(back.evals, vec!["", "+0.31/12 1.5s", "-M3/9"]);
    for not in [
        "+1/2",
        "0.25/3",
        "+0.25",
        "+0.25/x",
        "+M/3",
        "+0.2/3 fast",
        "+0.2/3 1.2.3s",
    ] {
        assert!(!is_eval(not), "{not}");
    }
    // An eval cannot close its comment early.
    let evil = Record {
        evals: vec!["+1.00/2} [Result \"0-1\"] {".into()],
        ..r.clone()
    };
    let pgn = evil.to_pgn();
    assert_eq!(pgn.matches('{').count(), 1, "{pgn}");
}

#[test]
fn control_characters_in_every_tag_are_escaped_and_read_back() {
    let evil = "a\nb\r[Result \"0-1\"]\u{1b}\u{7f}\u{85}\\u{41}";
    let r = Record {
        variant: evil.into(),
        options: vec![(evil.into(), evil.into())],
        seed: 3,
        fen: Some(evil.into()),
        seats: vec![evil.into(), evil.into()],
        players: vec![evil.into(), evil.into()],
        moves: vec!["e4".into()],
        result: "*".into(),
        termination: Some(evil.into()),
        event: evil.into(),
        site: evil.into(),
        date: evil.into(),
        round: evil.into(),
        forfeit: Some(evil.into()),
        referee: true,
        view: None,
        score: Some(evil.into()),
        points: Some(evil.into()),
        rolls: Vec::new(),
        evals: Vec::new(),
    };
    let pgn = r.to_pgn();
    // Every line before the movetext is one tag.
    let tags: Vec<&str> = pgn.lines().take_while(|l| !l.is_empty()).collect();
    assert!(
        tags.iter()
            .all(|l| l.starts_with('[') && l.ends_with("\"]")),
        "{pgn}"
    );
    assert!(!pgn.chars().any(|c| c.is_control() && c != '\n'), "{pgn:?}");
    assert_eq!(Record::parse_pgn(&pgn).unwrap(), r);
    // A player's copy: its View tag too, and no seed.
    let copy = Record {
        view: Some(evil.into()),
        referee: false,
        ..r.clone()
    };
    let pgn = copy.to_pgn();
    assert!(!pgn.chars().any(|c| c.is_control() && c != '\n'), "{pgn:?}");
    assert!(!pgn.contains("[Seed"), "{pgn}");
    assert_eq!(Record::parse_pgn(&pgn).unwrap(), Record { seed: 0, ..copy });
    // Four seats: the SeatK tags too.
    let four = Record {
        seats: vec![evil.into(); 4],
        players: vec![evil.into(); 4],
        ..r
    };
    let pgn = four.to_pgn();
    assert!(!pgn.chars().any(|c| c.is_control() && c != '\n'), "{pgn:?}");
    assert_eq!(Record::parse_pgn(&pgn).unwrap(), four);
}

#[test]
fn four_player_round_trip() {
    let r = Record {
        variant: "four-seats".into(),
        options: vec![],
        seed: 7,
        fen: Some("x".into()),
        seats: vec!["white".into(), "red".into(), "black".into(), "green".into()],
        players: vec!["ai:1".into(); 4],
        moves: vec![
            "a5a6".into(),
            "b10b9".into(),
            "k10k9".into(),
            "k5k6".into(),
            "c5c6".into(),
        ],
        result: Record::result_for(4, Some(&[0, 2])),
        termination: None,
        round: "3".into(),
        ..Record::default()
    };
    let pgn = r.to_pgn();
    assert!(pgn.contains("[Players \"4\"]"));
    assert!(pgn.contains("[SetUp \"1\"]"));
    assert!(
        pgn.contains("1. a5a6 b10b9 k10k9 k5k6 2. c5c6 1-0-1-0"),
        "{pgn}"
    );
    assert_eq!(Record::parse_pgn(&pgn).unwrap(), r);
    assert_eq!(Record::result_for(4, Some(&[])), "1/2-1/2-1/2-1/2");
}

#[test]
fn ordinary_pgn_with_comments() {
    let r = Record::parse_pgn("[Event \"x\"]\n[Result \"1-0\"]\n\n1.e4 {best} e5 2. Qh5 (2. Nf3) Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").unwrap();
    assert_eq!(r.moves, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    assert_eq!(r.variant, "chess");
    assert!(Record::parse_pgn("[Seed \"x\"]").is_err());
    assert_eq!(
        Record::parse_pgn("1. 0-0 0-0-0 *").unwrap().moves,
        ["0-0", "0-0-0"]
    );
}

#[test]
fn foreign_pgn_with_bom_nags_variations_and_escapes() {
    let text =
        "\u{feff}% a comment line\n[Event \"Casual \\\"blitz\\\"\"]\n[Site \"lichess.org\"]\n\
[Variant \"Standard\"]\n[Result \"1/2-1/2\"]\n\n\
1. e4 $1 e5!? {a brace comment\nover two lines} 2. Nf3 ; to the end of the line\n\
Nc6 (2... d6 (2... f5?) 3. d4) 3. Bb5 a6?! 1/2-1/2\n\n[Event \"second game\"]\n\n1. d4 *\n";
    let r = Record::parse_pgn(text).unwrap();
    assert_eq!(r.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(r.variant, "Standard");
    assert_eq!(r.event, "Casual \"blitz\"");
    assert_eq!(r.site, "lichess.org");
    assert_eq!(r.result, "1/2-1/2");
}

#[test]
fn results_are_told_from_castling_with_zeros() {
    assert!(is_result("1-0") && is_result("0-1-0-0") && is_result("1/2-1/2") && is_result("*"));
    assert!(!is_result("0-0") && !is_result("0-0-0") && !is_result("e4"));
    let r = Record::parse_pgn("1. 0-0 0-0-0 2. 12.e4 0-1").unwrap();
    assert_eq!(r.moves, ["0-0", "0-0-0", "e4"]);
}

#[test]
fn dates_are_civil() {
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(civil_from_days(20_416), (2025, 11, 24));
    assert_eq!(civil_from_days(11_016), (2000, 2, 29));
}

#[test]
fn unbalanced_brackets_do_not_hide_moves_or_panic() {
    let r = Record::parse_pgn("1. e4 ) e5 ((( 2. Nf3").unwrap();
    assert_eq!(r.moves, ["e4", "e5"]);
    assert!(Record::parse_pgn("[Event x]").is_err());
    assert!(Record::parse_pgn("[Seat \"x\"]").is_ok());
}
