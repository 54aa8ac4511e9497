//! Two boards and four seats (`boards 2`, the catalogue's `bughouse2`):
//! the composite game (`play::boards`), its BPGN records, and the commands
//! on the real binary (`perft --board`, `simulate`, `replay`, `play`).

use assert_cmd::Command;
use varia::engine::Move;
use varia::play::ai::Player;
use varia::play::boards::{bpgn, sim, Boards};
use varia::play::session::Prepared;
use varia::search::game::Outcome;

fn varia() -> Command {
    let mut c = Command::cargo_bin("varia").unwrap();
    c.env("NO_COLOR", "1");
    c
}

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
