//! Two boards and four seats (`boards 2`, the catalogue's `bughouse2`):
//! the composite game (`play::boards`), its BPGN records, and the commands
//! on the real binary (`perft --board`, `simulate`, `replay`, `play`).

mod support;

use support::varia;
use varia::engine::Move;
use varia::play::ai::Player;
use varia::play::boards::{bpgn, sim, Boards};
use varia::play::session::Prepared;
use varia::search::game::Outcome;

fn prepared() -> Prepared {
    let v = varia::load::builtin("bughouse2", &[]).expect("bughouse2 loads");
    assert_eq!(v.turn.boards, 2);
    Prepared::new(&v).unwrap()
}

fn mv(g: &Boards, board: usize, san: &str) -> Move {
    g.boards[board]
        .parse(san)
        .unwrap_or_else(|e| panic!("{san} on board {board}: {e}"))
}

fn play(g: &mut Boards, board: usize, sans: &[&str]) {
    for s in sans {
        let m = mv(g, board, s);
        g.play(board, m).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

fn kind(p: &Prepared, letter: char) -> u8 {
    p.variant()
        .pieces
        .iter()
        .position(|k| k.letter.is(letter))
        .unwrap() as u8
}

#[test]
fn a_capture_on_board_a_goes_to_the_partners_hand_on_board_b() {
    let p = prepared();
    let mut g = Boards::new(&p, None, 1).unwrap();
    play(&mut g, 0, &["e4", "d5", "exd5"]);
    let pawn = kind(&p, 'P');
    // WhiteA took a pawn: its partner is BlackB (opposite colours), who
    // receives it as a black man; nobody on board A holds it.
    assert_eq!(g.boards[1].position().hand(1, pawn), 1);
    assert_eq!(g.boards[1].position().hand(0, pawn), 0);
    assert_eq!(g.boards[0].position().hand(0, pawn), 0);
    assert_eq!(g.moves.last().unwrap().sent, vec![pawn]);
    // BlackB may place it at once (its board's turn is white's first).
    play(&mut g, 1, &["e4"]);
    let drop = mv(&g, 1, "P@e5");
    g.play(1, drop).unwrap();
    // And a capture on board B goes back to board A: WhiteB's partner is
    // BlackA, who receives the black pawn WhiteB took as a white one.
    play(&mut g, 1, &["Qh5", "g6", "Qxe5"]);
    assert_eq!(g.boards[0].position().hand(1, pawn), 1);
    assert_eq!(g.boards[0].position().hand(0, pawn), 0);
}

#[test]
fn a_promoted_man_arrives_demoted_as_a_pawn() {
    let p = prepared();
    let fens = [
        "4k3/8/8/8/8/8/3q~4/3QK3[] w - - 0 1".to_string(),
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1".to_string(),
    ];
    let mut g = Boards::new(&p, Some(&fens), 1).unwrap();
    play(&mut g, 0, &["Qxd2"]);
    let (pawn, queen) = (kind(&p, 'P'), kind(&p, 'Q'));
    assert_eq!(g.boards[1].position().hand(1, pawn), 1);
    assert_eq!(g.boards[1].position().hand(1, queen), 0);
}

#[test]
fn a_mate_on_board_b_ends_the_game_for_all_four() {
    let p = prepared();
    let mut g = Boards::new(&p, None, 1).unwrap();
    play(&mut g, 0, &["e4", "e5"]);
    play(&mut g, 1, &["f3", "e5", "g4", "Qh4#"]);
    let out = g.result().expect("over");
    // BlackB mated WhiteB: BlackB's team is WhiteA and BlackB (seats 0, 3).
    match &out {
        Outcome::Win { winners, reason } => {
            assert_eq!(winners, &vec![0, 3]);
            assert!(reason.starts_with("board B"), "{reason}");
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(varia::play::boards::result_tag(Some(&out)), "1-0");
    // Board A cannot go on.
    let m = mv(&g, 0, "Nf3");
    assert!(g.play(0, m).is_err());
}

#[test]
fn a_draw_by_repetition_on_one_board_draws_the_game() {
    let p = prepared();
    let mut g = Boards::new(&p, None, 1).unwrap();
    play(
        &mut g,
        0,
        &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"],
    );
    match g.result() {
        Some(Outcome::Draw { reason }) => assert!(reason.starts_with("board A"), "{reason}"),
        o => panic!("{o:?}"),
    }
}

#[test]
fn a_record_round_trips_through_bpgn() {
    let p = prepared();
    let players = [
        Player::Random,
        Player::Random,
        Player::Random,
        Player::Random,
    ];
    let g = sim::play_game(&p, &players, None, 7, 300).unwrap();
    assert!(g.moves().len() > 10);
    let names = ["r1", "r2", "r3", "r4"].map(String::from);
    let text = bpgn::write(
        &g.boards,
        &names,
        &[("Seed", "7".into())],
        g.outcome.as_ref(),
    );
    assert!(text.contains("[WhiteA \"r1\"]"), "{text}");
    assert!(text.contains("1A. ") && text.contains("1b. "), "{text}");
    let rec = bpgn::read(&text).unwrap();
    assert_eq!(rec.moves.len(), g.moves().len());
    let r = bpgn::replay(&p, &rec).unwrap();
    assert!(r.result_agrees());
    assert_eq!(r.boards.fen(), g.boards.fen());
    assert_eq!(r.boards.moves, g.boards.moves);
    // Written again, the same text.
    assert_eq!(
        bpgn::write(
            &r.boards,
            &names,
            &[("Seed", "7".into())],
            r.outcome.as_ref()
        ),
        text
    );
}

#[test]
fn a_record_with_a_move_out_of_turn_is_refused() {
    let p = prepared();
    let text = "[WhiteA \"a\"]\n[Variant \"bughouse2\"]\n\n1A. e4 1B. d4 2A. d4 *\n";
    let rec = bpgn::read(text).unwrap();
    let err = bpgn::replay(&p, &rec).unwrap_err();
    assert!(
        err.contains("2A.") && err.contains("other player's turn"),
        "{err}"
    );
    let bad = bpgn::read("1C. e4 *").unwrap_err();
    assert!(bad.contains("A or B"), "{bad}");
}

#[test]
fn perft_counts_one_board_with_its_hands() {
    let b = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QNPp] w KQkq - 0 1";
    let two = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | {b}");
    // Board B's position is the one-board model's row (Fairy-Stockfish:
    // tests/perft/bughouse.perft); board A's is chess's.
    for (board, want) in [("B", "nodes 5795"), ("A", "nodes 400")] {
        let out = varia()
            .args(["perft", "bughouse2", "2", "--board", board, "--fen", &two])
            .output()
            .unwrap();
        let s = String::from_utf8_lossy(&out.stdout);
        assert!(s.contains(want), "board {board}: {s}");
    }
    let out = varia()
        .args(["perft", "chess", "1", "--board", "A"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("one board"));
    let out = varia()
        .args(["perft", "bughouse2", "1", "--board", "C"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn simulate_gives_the_same_games_whatever_the_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let mut texts = Vec::new();
    for jobs in ["1", "2"] {
        let pgn = dir.path().join(format!("g{jobs}.bpgn"));
        let out = varia()
            .args([
                "simulate",
                "bughouse2",
                "-n",
                "6",
                "--players",
                "random,random,ai:1,random",
                "--seed",
                "3",
                "--max-plies",
                "400",
                "--jobs",
                jobs,
                "--pgn",
                pgn.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("6 games of bughouse2"));
        texts.push(std::fs::read_to_string(&pgn).unwrap());
    }
    assert_eq!(texts[0], texts[1]);
    // Every game of the file replays (the first game through `replay`).
    let first: String = texts[0].split("\n\n[Event").next().unwrap().to_string();
    let one = dir.path().join("one.bpgn");
    std::fs::write(&one, format!("{first}\n")).unwrap();
    let out = varia()
        .args(["replay", one.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("all legal"));
}

#[test]
fn replay_refuses_a_result_the_rules_contradict() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("mate.bpgn");
    // BlackB mates on board B: the team of WhiteA and BlackB wins, 1-0.
    let rec = "[WhiteA \"a\"]\n[BlackA \"b\"]\n[WhiteB \"c\"]\n[BlackB \"d\"]\n[Result \"0-1\"]\n[Variant \"bughouse2\"]\n\n1B. f3 1b. e5 1A. e4 2B. g4 2b. Qh4# 0-1\n";
    std::fs::write(&f, rec).unwrap();
    let out = varia()
        .args(["replay", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("rules give 1-0"));
    std::fs::write(&f, rec.replace("0-1", "1-0")).unwrap();
    let out = varia()
        .args(["replay", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn play_shows_both_boards_and_ends_on_a_mate() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.bpgn");
    let out = varia()
        .args([
            "play",
            "bughouse2",
            "--players",
            "human,human,human,human",
            "--save",
            save.to_str().unwrap(),
        ])
        .write_stdin("A e4\nB f3\nb e5\nB g4\nC e4\nB Qh4#\n")
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{s}");
    assert!(s.contains("board A: BlackA to move"), "{s}");
    assert!(s.contains("board B: WhiteB to move"), "{s}");
    assert!(s.contains("the boards are A and B"), "{s}");
    assert!(s.contains("Game over"), "{s}");
    let rec = std::fs::read_to_string(&save).unwrap();
    assert!(
        rec.contains("1A. e4 1B. f3 1b. e5 2B. g4 2b. Qh4#"),
        "{rec}"
    );
    assert!(rec.contains("[Result \"1-0\"]"), "{rec}");
}

/// A man received restarts its board's repetition count: the position
/// with the man in hand is another position, counted from its arrival
/// (docs/LANGUAGE.md, "`boards 2`": "among the positions since that
/// board's hand last received a man").
#[test]
fn a_man_received_restarts_the_boards_repetition_count() {
    let p = prepared();
    let pawn = kind(&p, 'P');
    let mut g = Boards::new(&p, None, 1).unwrap();
    let round = ["Nf3", "Nf6", "Ng1", "Ng8"];
    // Board A's start position, twice.
    play(&mut g, 0, &round);
    assert!(g.result().is_none());
    // WhiteB takes a pawn on board B: BlackA, WhiteB's partner, receives it.
    play(&mut g, 1, &["e4", "d5", "exd5"]);
    assert_eq!(g.boards[0].position().hand(1, pawn), 1);
    // The start position again, twice: with a pawn in BlackA's hand it is
    // the second time only (the two before had other hands).
    play(&mut g, 0, &round);
    assert!(g.result().is_none(), "{:?}", g.result());
    // A third time since the pawn arrived: a draw for all four.
    play(&mut g, 0, &round);
    match g.result() {
        Some(Outcome::Draw { reason }) => {
            assert!(
                reason.starts_with("board A") && reason.contains("repetition"),
                "{reason}"
            )
        }
        o => panic!("{o:?}"),
    }
}

/// `undo` takes back the last move, on its board, with the man it sent.
#[test]
fn undo_takes_back_a_move_and_the_man_it_sent() {
    let p = prepared();
    let pawn = kind(&p, 'P');
    let mut g = Boards::new(&p, None, 1).unwrap();
    play(&mut g, 0, &["e4", "d5"]);
    let before = g.fen();
    play(&mut g, 0, &["exd5"]);
    assert_eq!(g.boards[1].position().hand(1, pawn), 1);
    let m = g.undo().unwrap();
    assert_eq!((m.board, m.san.as_str()), (0, "exd5"));
    assert_eq!(g.fen(), before);
    assert_eq!(g.boards[1].position().hand(1, pawn), 0);
    assert_eq!(g.moves.len(), 2);
    assert!(g.undo().is_some() && g.undo().is_some());
    assert!(g.undo().is_none());
    assert_eq!(g.moves.len(), 0);
}

#[test]
fn redo_plays_again_what_undo_took_back_and_a_new_move_forgets_it() {
    let p = prepared();
    let pawn = kind(&p, 'P');
    let mut g = Boards::new(&p, None, 1).unwrap();
    play(&mut g, 0, &["e4", "d5"]);
    play(&mut g, 1, &["d4"]);
    play(&mut g, 0, &["exd5"]);
    let end = g.fen();
    assert!(!g.can_redo());
    g.undo().unwrap();
    g.undo().unwrap();
    assert!(g.can_redo());
    // Played again in order, on its own board, the capture sending its
    // pawn to BlackB's hand again.
    let m = g.redo().unwrap();
    assert_eq!((m.board, m.san.as_str()), (1, "d4"));
    let m = g.redo().unwrap();
    assert_eq!((m.board, m.san.as_str()), (0, "exd5"));
    assert_eq!(g.fen(), end);
    assert_eq!(g.boards[1].position().hand(1, pawn), 1);
    assert!(g.redo().is_none() && !g.can_redo());
    g.undo().unwrap();
    play(&mut g, 0, &["Nf3"]);
    assert!(!g.can_redo() && g.redo().is_none());
}

#[test]
fn a_resignation_loses_for_the_team_on_both_boards() {
    let p = prepared();
    let mut g = Boards::new(&p, None, 1).unwrap();
    play(&mut g, 0, &["e4"]);
    // BlackB resigns: WhiteA (its partner) loses with it.
    g.resign(3).unwrap();
    let Some(Outcome::Win { winners, reason }) = g.result() else {
        panic!("{:?}", g.result())
    };
    assert_eq!((winners, reason.as_str()), (vec![1, 2], "BlackB resigned"));
    assert_eq!(varia::play::boards::result_tag(g.result().as_ref()), "0-1");
    // Over on both boards: no move, no second resignation, no redo.
    let m = g.boards[1].parse("e4").unwrap();
    assert!(g.play(1, m).is_err());
    assert!(g.resign(0).is_err());
    assert!(g.ended().is_none(), "no board ended by itself");
    // Taken back by itself; the moves stay.
    assert!(g.undo().is_none());
    assert!(g.take_back_left());
    assert!(g.result().is_none());
    assert_eq!(g.moves.len(), 1);
    assert!(!g.take_back_left());
}

#[test]
fn the_terminal_game_on_two_boards_takes_back_by_undo() {
    let out = varia()
        .args(["play", "bughouse2", "--players", "human,human,human,human"])
        .write_stdin("A e4\nA d5\nA exd5\nundo\nA Qxd5\nA exd5\nundo\nundo\nundo\nundo\nquit\n")
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{s}");
    // exd5 is taken back, so Qxd5 is no move; exd5 again, then back to
    // the start.
    assert!(s.contains("Took back: WhiteA exd5."), "{s}");
    assert!(s.contains("Took back: BlackA d5."), "{s}");
    assert!(s.contains("Took back: WhiteA e4."), "{s}");
    assert!(s.contains("Nothing to take back."), "{s}");
    // With computer seats, back to before the person's last move.
    let out = varia()
        .args([
            "play",
            "bughouse2",
            "--players",
            "human,random,random,random",
            "--seed",
            "3",
        ])
        .write_stdin("A e4\n\n\n\n\nundo\nquit\n")
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{s}");
    // After the prompt: everything since WhiteA's e4, in the order played.
    let took = s
        .lines()
        .find_map(|l| l.split_once("Took back: ").map(|(_, t)| t))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(took.starts_with("WhiteA e4"), "{took}");
}

#[test]
fn replay_reads_every_game_of_a_bpgn_file() {
    let p = prepared();
    let players = [
        Player::Random,
        Player::Random,
        Player::Random,
        Player::Random,
    ];
    let names = ["r1", "r2", "r3", "r4"].map(String::from);
    let mut text = String::new();
    for seed in [3, 4] {
        let g = sim::play_game(&p, &players, None, seed, 60).unwrap();
        text.push_str(&bpgn::write(&g.boards, &names, &[], g.outcome.as_ref()));
        text.push('\n');
    }
    let all = bpgn::read_all(&text).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(bpgn::read(&text).unwrap(), all[0]);
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("two.bpgn");
    std::fs::write(&f, &text).unwrap();
    let out = varia()
        .args(["replay", f.to_str().unwrap()])
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{s}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(s.contains("two.bpgn game 1: "), "{s}");
    assert!(s.contains("two.bpgn game 2: "), "{s}");
    assert!(s.contains("two.bpgn: 2 games, all legal"), "{s}");
    // An illegal move in the second game is reported as the second's.
    let bad = format!("{text}[WhiteA \"x\"]\n[Variant \"bughouse2\"]\n\n1A. e5 *\n");
    std::fs::write(&f, bad).unwrap();
    let out = varia()
        .args(["replay", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("two.bpgn game 3: move 1A. e5"), "{e}");
}

/// `replay --json` of a BPGN file: one line per game as for one board
/// (`boards: 2`), an illegal game a line of its own and the exit code 1;
/// `--game N` checks that game alone.
#[test]
fn replay_json_and_game_pick_read_a_bpgn_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("three.bpgn");
    let mate = "[WhiteA \"a\"]\n[BlackA \"b\"]\n[WhiteB \"c\"]\n[BlackB \"d\"]\n[Result \"1-0\"]\n[Variant \"bughouse2\"]\n\n1B. f3 1b. e5 1A. e4 2B. g4 2b. Qh4# 1-0\n";
    let text = format!(
        "{mate}\n{}\n[WhiteA \"x\"]\n[Variant \"bughouse2\"]\n\n1A. e5 *\n",
        mate.replace("1-0", "0-1")
    );
    std::fs::write(&f, text).unwrap();
    let out = varia()
        .args(["replay", "--json", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[0],
        serde_json::json!({"game": 1, "variant": "bughouse2", "boards": 2, "legal": true,
            "actions": 5, "unplayed": 0, "result": "1-0", "error": null})
    );
    assert_eq!(lines[1]["legal"], false);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("the record says 0-1, but the rules give 1-0"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2]["game"], 3);
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .starts_with("move 1A. e5"),
        "{}",
        lines[2]
    );
    // `--game 1` checks the first game alone.
    let out = varia()
        .args(["replay", "--game", "1", f.to_str().unwrap()])
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{s}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(s.lines().count(), 1, "{s}");
    assert!(s.contains("three.bpgn game 1: 5 moves"), "{s}");
    let out = varia()
        .args(["replay", "--game", "4", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds 3 games; there is no game 4"));
}

/// BPGN's tags are escaped as PGN's are: a control character in a
/// player's name comes back as it was written (it was a space before).
#[test]
fn bpgn_tags_round_trip_control_characters() {
    let p = prepared();
    let g = Boards::new(&p, None, 1).unwrap();
    let names = ["a\tb", "c\"d", "e\\f", "g"].map(String::from);
    let text = bpgn::write(&g, &names, &[], None);
    let rec = bpgn::read(&text).unwrap();
    assert_eq!(rec.tag("WhiteA"), Some("a\tb"));
    assert_eq!(rec.tag("BlackA"), Some("c\"d"));
    assert_eq!(rec.tag("WhiteB"), Some("e\\f"));
}

/// The engine protocols play one board: they refuse a variant of two
/// boards with a sentence, and do not list it.
#[test]
fn uci_and_xboard_refuse_a_variant_of_two_boards() {
    let out = varia()
        .arg("uci")
        .write_stdin("uci\nsetoption name UCI_Variant value bughouse2\nquit\n")
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        s.contains(
            "info string variant refused: bughouse2 is played on two boards by four players"
        ),
        "{s}"
    );
    let combo = s
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(!combo.contains("bughouse2"), "{combo}");
    assert!(combo.contains("var chess"), "{combo}");
    let out = varia()
        .arg("xboard")
        .write_stdin("xboard\nprotover 2\nvariant bughouse2\nquit\n")
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.contains("Error (unsupported variant): bughouse2"), "{s}");
    assert!(s.contains("played on two boards"), "{s}");
    let features = s.lines().find(|l| l.contains("feature variants=")).unwrap();
    assert!(!features.contains("bughouse2"), "{features}");
}

/// `--players` on two boards is read as for one board (`parse_seats`):
/// four seats named, people only where people play.
#[test]
fn players_of_two_boards_are_four_seats() {
    let out = varia()
        .args([
            "simulate",
            "bughouse2",
            "--games",
            "1",
            "--players",
            "random,random",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("error: bughouse2 on two boards has 4 seats (WhiteA, BlackA, WhiteB, BlackB), but --players names 2"),
        "{e}"
    );
    let out = varia()
        .args([
            "simulate",
            "bughouse2",
            "--games",
            "1",
            "--players",
            "human,random,random,random",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("plays by itself"), "{e}");
}

/// The terminal's commands on two boards: `help`, `moves` (one board or
/// both), a refused move said why, `why`, `hint`, `fen`, a move with its
/// board last, `undo` and `resign`; nothing typed ends the game but
/// `resign` and `quit`.
#[test]
fn play_on_two_boards_answers_every_command_and_says_why_a_move_is_refused() {
    let out = varia()
        .args([
            "play",
            "bughouse2",
            "--players",
            "human,ai:1,ai:1,ai:1",
            "--seed",
            "1",
            "--ascii",
        ])
        .write_stdin(
            "help\nA moves\nmoves\nA e5\nwhy A Ke2\nhint A 2\nfen\nxyz\nhint\ne4 A\nundo\nresign\n",
        )
        .output()
        .unwrap();
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{s}");
    assert!(s.contains("moves [A|B]   the legal moves"), "{s}");
    let twenty = "20 legal: Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4";
    assert_eq!(
        s.matches(&format!("Board A (WhiteA to move): {twenty}"))
            .count(),
        2,
        "{s}"
    );
    assert!(
        s.contains(&format!("Board B (WhiteB to move): {twenty}")),
        "{s}"
    );
    assert!(
        s.contains("Your pawn on e2 cannot go to e5: a pawn moves"),
        "{s}"
    );
    assert!(
        s.contains("Board A: e2 holds your pawn: a man never captures its own side."),
        "{s}"
    );
    assert!(
        s.contains("Board A (WhiteA): Hint (AI level 2, depth 2): "),
        "{s}"
    );
    assert!(
        s.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | "),
        "{s}"
    );
    assert!(
        s.contains("Say the board: the boards are A and B (`A xyz`"),
        "{s}"
    );
    assert!(
        s.contains("Say the board: `hint A ...` or `hint B ...`."),
        "{s}"
    );
    assert!(s.contains("Took back: WhiteA e4"), "{s}");
    assert!(s.contains("WhiteA resigns for the team."), "{s}");
    assert!(
        s.contains("Game over: BlackA and WhiteB win (WhiteA resigned). 0-1"),
        "{s}"
    );
    assert!(!s.contains("not a legal action here; type `moves`"), "{s}");
}
