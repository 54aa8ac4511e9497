//! `varia uci` (and its input bounds for `varia xboard`) on the real binary:
//! scripted input, checked replies; variant files and Chess960.

mod support;

use std::time::{Duration, Instant};
use support::{answers, varia, Live};

/// `varia uci` on `input`. The end of the input ends a search, as `quit`
/// does: unless the input quits, the input is held open until every `go`
/// has its answer (a `bestmove`, or the end of a perft).
fn uci(input: &str) -> String {
    if input.lines().any(|l| l.trim() == "quit") {
        return answers(varia().arg("uci"), input);
    }
    let owed = input
        .lines()
        .filter(|l| l.trim_start().starts_with("go") && !l.contains("infinite"))
        .count();
    let mut e = Live::start(&["uci"]);
    e.send(input.as_bytes());
    let mut answered = 0;
    let end = Instant::now() + Duration::from_secs(60);
    while answered < owed {
        let l = e.line_before(end).unwrap_or_else(|| {
            panic!(
                "{answered} of {owed} answers in time:\n{}",
                e.seen.join("\n")
            )
        });
        if l.starts_with("bestmove") || l.starts_with("Nodes searched") {
            answered += 1;
        }
    }
    let mut lines = e.seen.clone();
    lines.extend(e.close(Duration::from_secs(60)));
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn bestmove(out: &str) -> &str {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in:\n{out}"))
        .split_whitespace()
        .next()
        .unwrap()
}

#[test]
fn handshake_lists_options_and_every_variant() {
    let out = uci("uci\nisready\nquit\n");
    assert!(out.contains("id name varia"), "{out}");
    let combo = out
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .unwrap_or_else(|| panic!("{out}"));
    // The combo lists exactly the variants `setoption` then accepts.
    let names = varia::check::builtin_names();
    let script: String = names
        .iter()
        .map(|n| format!("setoption name UCI_Variant value {n}\n"))
        .collect();
    let answers = uci(&format!("{script}quit\n"));
    let mut refused = 0;
    for n in &names {
        let listed = combo.split(" var ").skip(1).any(|v| v == *n);
        let accepted = answers.contains(&format!("info string variant {n} startpos "));
        assert_eq!(
            listed, accepted,
            "{n}: listed {listed}, accepted {accepted}"
        );
        refused += usize::from(!accepted);
    }
    // Some catalogue variants are refused (decks, dice, four players,
    // men face down), and most are not.
    assert!(
        refused > 0 && refused < names.len() / 4,
        "{refused} refused"
    );
    for o in [
        "Hash type spin",
        "Threads type spin default 1 min 1 max 64",
        "MultiPV type spin",
        "Skill Level type spin",
        "VariantPath type string",
        "UCI_Chess960 type check default false",
    ] {
        assert!(out.contains(&format!("option name {o}")), "{o}: {out}");
    }
    let uciok = out.lines().position(|l| l == "uciok").unwrap();
    let ready = out.lines().position(|l| l == "readyok").unwrap();
    assert!(uciok < ready);
}

#[test]
fn go_depth_reports_info_and_a_legal_bestmove() {
    let out = uci("position startpos moves e2e4 e7e5 g1f3\ngo depth 4\n");
    let info = out
        .lines()
        .find(|l| l.starts_with("info depth 4 "))
        .unwrap_or_else(|| panic!("{out}"));
    for w in [" score cp ", " nodes ", " nps ", " time ", " pv "] {
        assert!(info.contains(w), "{w} missing: {info}");
    }
    let b = bestmove(&out);
    let v = varia::load::builtin("chess", &[]).unwrap();
    let mut board = varia::protocol::Board::new(v).unwrap();
    for m in ["e2e4", "e7e5", "g1f3"] {
        board.play_text(m).unwrap();
    }
    assert!(board.play_text(b).is_ok(), "bestmove {b} is not legal");
}

#[test]
fn finds_mate_in_one_and_two() {
    let out = uci("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    assert_eq!(bestmove(&out), "a1a8");
    assert!(out.contains("score mate 1"), "{out}");
    // Two rooks: mate in two (a rook cuts the king off, the other mates).
    let out = uci("position fen 7k/8/8/8/8/8/R7/1R4K1 w - - 0 1\ngo depth 5\n");
    assert!(out.contains("score mate 2"), "{out}");
}

#[test]
fn perft_counts_moves() {
    let out = uci("position startpos\ngo perft 3\n");
    assert!(out.contains("Nodes searched: 8902"), "{out}");
    assert!(out.lines().any(|l| l == "e2e4: 600"), "{out}");
}

#[test]
fn a_variant_is_chosen_by_any_of_its_names() {
    // `fischerandom` is one of chess960's other names (`also known as`).
    let out = uci("setoption name UCI_Variant value fischerandom\ngo depth 1\n");
    assert!(
        out.contains("info string variant chess960 startpos"),
        "{out}"
    );
    bestmove(&out);
    let out = uci("setoption name UCI_Variant value nosuchgame\n");
    assert!(out.contains("unknown variant `nosuchgame`"), "{out}");
}

#[test]
fn fairy_variants_use_fairy_stockfish_move_text() {
    // Crazyhouse: captures go to the hand and come back as drops.
    let out = uci("setoption name UCI_Variant value crazyhouse\n\
         position startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@e4\n\
         go perft 1\ngo depth 2\n");
    assert!(out.contains("Nodes searched:"), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("P@")),
        "drops listed: {out}"
    );
    bestmove(&out);
    // Capablanca: ten files; the archbishop and chancellor.
    let out = uci(
        "setoption name UCI_Variant value capablanca\nposition startpos moves e2e4\ngo perft 1\ngo depth 2\n",
    );
    assert!(out.lines().any(|l| l.starts_with("j7j5: ")), "{out}");
    bestmove(&out);
}

#[test]
fn a_pass_is_written_as_fairy_stockfish_writes_it() {
    // Janggi: a pass is the general standing still (`e2e2`, then `e9e9`),
    // read back in `position`; after two passes the game is over.
    let out = uci("setoption name UCI_Variant value janggi\nposition startpos\ngo perft 1\n");
    assert!(out.lines().any(|l| l == "e2e2: 1"), "{out}");
    let out =
        uci("setoption name UCI_Variant value janggi\nposition startpos moves e2e2\ngo perft 1\n");
    assert!(out.lines().any(|l| l == "e9e9: 1"), "{out}");
    assert!(out.contains("Nodes searched: 32"), "{out}");
    let out = uci(
        "setoption name UCI_Variant value janggi\nposition startpos moves e2e2 e9e9\ngo perft 1\n",
    );
    assert!(out.contains("Nodes searched: 0"), "{out}");
}

#[test]
fn duck_chess_moves_are_written_and_read_as_fairy_stockfish_writes_them() {
    let out = uci("setoption name UCI_Variant value duck\n\
         position startpos moves e2e4,e4e5 d7d5,d5h3\n\
         go perft 1\ngo depth 1\n");
    // The duck on h3 must move; exd5 with the duck on d7 (left empty).
    assert!(out.lines().any(|l| l == "e4d5,d5d7: 1"), "{out}");
    assert!(!out.lines().any(|l| l.ends_with("h3: 1")), "{out}");
    let best = bestmove(&out);
    assert!(best.contains(','), "{best}");
    // Castling and promotion with the duck, as Fairy-Stockfish's perft
    // lists them.
    let out = uci("setoption name UCI_Variant value duck\n\
         position fen r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1\ngo perft 1\n");
    assert!(out.lines().any(|l| l == "e1g1,g1e4: 1"), "{out}");
    assert!(out.lines().any(|l| l == "b7a8q,a8b7: 1"), "{out}");
    assert!(out.contains("Nodes searched: "), "{out}");
}

#[test]
fn marseillais_takes_one_action_per_move_token() {
    // After e2e4 White moves again: the list is White's second moves.
    let out = uci("setoption name UCI_Variant value marseillais\n\
         position startpos moves e2e4\ngo perft 1\ngo depth 2\n");
    assert!(out.lines().any(|l| l == "d1h5: 1"), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("e7e5")), "{out}");
    let best = bestmove(&out);
    assert_ne!(best, "e7e5", "White is still to move");
    // A check by Black's first move (Ra1+) hands the turn to White, who
    // must answer it.
    let out = uci("setoption name UCI_Variant value marseillais\n\
         position fen r3k3/8/8/8/8/8/8/4K3 b - - 0 2 moves a8a1\ngo perft 1\n");
    assert!(out.lines().any(|l| l == "e1e2: 1"), "{out}");
    assert!(out.contains("Nodes searched: 3"), "{out}");
}

#[test]
fn hidden_decks_are_refused_politely() {
    let out = uci(
        "setoption name UCI_Variant value raindropchess\nisready\nposition startpos\ngo depth 1\n",
    );
    assert!(out.contains("info string variant refused"), "{out}");
    assert!(out.contains("readyok"));
    // Still chess: the search answers with a chess move.
    assert!(bestmove(&out).len() >= 4);
}

/// Dice: a position sent as moves carries no roll; the variant is refused
/// with the reason.
#[test]
fn dice_are_refused_with_their_reason() {
    let out =
        uci("setoption name UCI_Variant value dicechess\nisready\nposition startpos\ngo depth 1\n");
    assert!(out.contains("info string variant refused"), "{out}");
    assert!(out.contains("rolls dice"), "{out}");
}

/// Fog of war: UCI sends the engine the whole position, which a seat may
/// not see; the variant is refused with the reason.
#[test]
fn fog_of_war_is_refused_with_its_reason() {
    let out =
        uci("setoption name UCI_Variant value fogofwar\nisready\nposition startpos\ngo depth 1\n");
    assert!(out.contains("info string variant refused"), "{out}");
    assert!(out.contains("fog of war"), "{out}");
    assert!(bestmove(&out).len() >= 4, "still chess: {out}");
}

#[test]
fn threads_are_accepted_and_search_legally() {
    let out = uci(
        "setoption name Threads value 0\nsetoption name Threads value 2\n\
         position startpos moves e2e4 e7e5\ngo depth 5\n",
    );
    assert!(!out.contains("unknown option"), "{out}");
    assert!(
        out.contains("info string Threads is 1 to 64"),
        "0 refused: {out}"
    );
    let m = bestmove(&out);
    let v = varia::load::builtin("chess", &[]).unwrap();
    let mut s = varia::play::session::Session::new(&v, None, 1).unwrap();
    for mv in ["e2e4", "e7e5"] {
        let a = varia::protocol::parse_move(s.position(), mv).unwrap();
        varia::search::game::Game::play(&mut s, a);
    }
    assert!(
        varia::protocol::parse_move(s.position(), m).is_some(),
        "{m}: {out}"
    );
}

#[test]
fn garbage_is_answered_or_ignored() {
    let out = uci(
        "💥\nposition\nposition fen not a fen\nposition startpos moves e2e5 e2e4\n\
         go depth x nodes -5 movetime\ngo wtime 99999999999999 btime -3 movestogo 0 winc 99999999999999\n\
         setoption name Hash value 99999999\nsetoption\n\
         setoption name UCI_Variant value nope\ngo perft 99999\nisready\nquit\n",
    );
    assert!(out.contains("readyok"), "{out}");
    assert!(out.contains("unknown command"), "{out}");
    assert!(out.contains("position refused"), "{out}");
    assert!(out.contains("illegal or unknown move `e2e5`"), "{out}");
}

#[test]
fn an_illegal_move_in_position_gets_its_reason() {
    // A GUI sends a move of a pinned knight: the engine says why it
    // refuses it, as an `info string`, and keeps the position before it.
    let out = uci("position fen 4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1 moves c3e4\nisready\nquit\n");
    assert!(out.contains("illegal or unknown move `c3e4`"), "{out}");
    assert!(
        out.contains(
            "info string Your knight on c3 is pinned: moving it would leave your king on e1 \
             attacked by Black's bishop on b4."
        ),
        "{out}"
    );
}

#[test]
fn a_node_budget_gives_the_same_move() {
    let script = "ucinewgame\nposition startpos moves d2d4 g8f6\ngo nodes 20000\n";
    let a = uci(script);
    let b = uci(script);
    assert_eq!(bestmove(&a), bestmove(&b));
}

#[test]
fn multipv_reports_several_lines() {
    let out = uci("setoption name MultiPV value 3\nposition startpos\ngo depth 3\n");
    for k in 1..=3 {
        assert!(
            out.lines()
                .any(|l| l.starts_with("info depth 3 ") && l.contains(&format!(" multipv {k} "))),
            "line {k}: {out}"
        );
    }
}

#[test]
fn variant_path_adds_variants() {
    let dir = std::env::temp_dir().join(format!("varia-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("minichess.variant");
    std::fs::write(
        &f,
        "variant minichess \"Mini\" extends chess {\n  board 5x5\n  setup {\n    white: R a1, N b1, B c1, Q d1, K e1, P a2..e2\n    black: mirror white\n  }\n}\n",
    )
    .unwrap();
    let out = uci(&format!(
        "setoption name VariantPath value {}\nsetoption name UCI_Variant value minichess\nposition startpos\ngo depth 2\n",
        f.display()
    ));
    assert!(out.contains("loaded variants: minichess"), "{out}");
    assert!(out.contains(" var minichess"), "{out}");
    bestmove(&out);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut e = Live::start(&["uci"]);
    e.send(b"position startpos\ngo infinite\n");
    std::thread::sleep(Duration::from_millis(300));
    e.send(b"isready\n");
    // `isready` is answered while the search runs.
    let start = Instant::now();
    let got = e.until("readyok", Duration::from_secs(60));
    assert!(
        !got.iter().any(|l| l.starts_with("bestmove")),
        "infinite search ended alone"
    );
    e.send(b"stop\n");
    e.until("bestmove ", Duration::from_secs(60));
    assert!(start.elapsed() < Duration::from_secs(5));
    e.send(b"quit\n");
    e.close(Duration::from_secs(60));
}

#[test]
fn a_clock_is_respected() {
    let start = Instant::now();
    let out = uci("position startpos\ngo wtime 2000 btime 2000 winc 0 binc 0\n");
    bestmove(&out);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "took {:?}",
        start.elapsed()
    );
    let start = Instant::now();
    let out = uci("position startpos\ngo movetime 200\n");
    bestmove(&out);
    assert!(start.elapsed() < Duration::from_millis(1500));
}

#[test]
fn a_fixed_move_time_is_used_whole() {
    // `movetime 400` from the start: the search keeps deepening until the
    // time (less a 15 ms margin) is spent, rather than stopping early
    // (it once began no depth after 45% of it).
    let start = Instant::now();
    let out = uci("position startpos\ngo movetime 400\n");
    bestmove(&out);
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(380), "answered in {took:?}");
}

// ----- Protocol input: bounded lines, the end of input, stop -----

#[test]
fn a_line_longer_than_the_cap_is_skipped_and_the_engine_goes_on() {
    let long = vec![b'a'; 3 << 20];
    let mut e = Live::start(&["uci"]);
    e.send(&long);
    e.send(b"\nisready\n");
    let got = e.until("readyok", Duration::from_secs(10));
    assert_eq!(
        got[0], "info string a line longer than 1048576 bytes was skipped",
        "{got:?}"
    );
    // A line without end: read to the cap, then skipped with the input.
    e.send(&long);
    let rest = e.close(Duration::from_secs(10));
    assert_eq!(rest.len(), 1, "{rest:?}");
    let mut x = Live::start(&["xboard"]);
    x.send(&long);
    x.send(b"\nping 5\n");
    let got = x.until("pong 5", Duration::from_secs(10));
    assert!(
        got.contains(&"Error (line longer than 1048576 bytes): skipped".to_string()),
        "{got:?}"
    );
    x.close(Duration::from_secs(10));
}

#[test]
fn the_end_of_the_input_ends_a_search_a_perft_and_the_process() {
    for go in [
        "go infinite",
        "go movetime 600000",
        "go depth 80",
        "go perft 12",
    ] {
        let mut e = Live::start(&["uci"]);
        e.send(format!("position startpos\n{go}\n").as_bytes());
        std::thread::sleep(Duration::from_millis(300));
        let rest = e.close(Duration::from_secs(5));
        if go.contains("perft") {
            assert!(
                rest.last()
                    .unwrap()
                    .starts_with("info string perft 12 stopped"),
                "{go}: {rest:?}"
            );
        } else {
            assert!(
                rest.last().unwrap().starts_with("bestmove "),
                "{go}: {rest:?}"
            );
        }
    }
    let mut x = Live::start(&["xboard"]);
    x.send(b"xboard\nprotover 2\nnew\nst 600\ngo\n");
    std::thread::sleep(Duration::from_millis(300));
    let rest = x.close(Duration::from_secs(5));
    assert!(rest.iter().any(|l| l.starts_with("move ")), "{rest:?}");
}

#[test]
fn stop_ends_a_perft_and_the_engine_goes_on() {
    let mut e = Live::start(&["uci"]);
    e.send(b"position startpos\ngo perft 9\n");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    e.send(b"stop\n");
    let got = e.until("info string perft 9 stopped", Duration::from_secs(3));
    assert!(
        !got.iter().any(|l| l.starts_with("Nodes searched")),
        "{got:?}"
    );
    assert!(start.elapsed() < Duration::from_secs(2));
    e.send(b"go perft 2\n");
    e.until("Nodes searched: 400", Duration::from_secs(5));
    e.send(b"isready\n");
    e.until("readyok", Duration::from_secs(5));
    e.close(Duration::from_secs(5));
}

#[test]
fn after_go_infinite_no_bestmove_before_stop_at_any_skill_level() {
    // Skill Level 1 searches 400 nodes; a mated side has no move at all;
    // a mate in one is found at once: none of them may answer alone.
    for (skill, position) in [
        (1, "startpos"),
        (8, "startpos"),
        (1, "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        (8, "fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"),
    ] {
        let mut e = Live::start(&["uci"]);
        e.send(
            format!("setoption name Skill Level value {skill}\nposition {position}\ngo infinite\n")
                .as_bytes(),
        );
        let early = e.within(Duration::from_millis(1500));
        assert!(
            !early.iter().any(|l| l.starts_with("bestmove")),
            "{skill} {position}: {early:?}"
        );
        e.send(b"stop\n");
        e.until("bestmove", Duration::from_secs(3));
        e.close(Duration::from_secs(5));
    }
    // `go ponder`: the move waits for `ponderhit`.
    let mut e = Live::start(&["uci"]);
    e.send(b"position startpos moves e2e4\ngo ponder depth 2\n");
    let early = e.within(Duration::from_millis(1000));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    e.send(b"ponderhit\n");
    e.until("bestmove", Duration::from_secs(3));
    e.close(Duration::from_secs(5));
}

// ----- Variant files and Chess960 -----

/// A folder with a good variant file, a broken one and one that defines
/// no variant.
fn variant_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("wellchess.variant"),
        "variant wellchess \"Well chess\" extends chess {\n  board 6x6\n  setup {\n    white: R a1, N b1, Q c1, K d1, N e1, R f1, P a2..f2\n    black: mirror white\n  }\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("broken.variant"),
        "variant broken \"Broken\" extends chess {\n  board 6x6\n  use king, queen, knigt\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("pieces.variant"),
        "piece camel L moves \"C\"\n",
    )
    .unwrap();
    dir
}

#[test]
fn every_variant_file_is_loaded_or_reported_with_its_first_diagnostic() {
    let dir = variant_folder();
    let d = dir.path().display();
    let out = uci(&format!(
        "setoption name VariantPath value {d};/nonexistent/x.variant\nsetoption name UCI_Variant value wellchess\nposition startpos\ngo perft 1\n"
    ));
    assert!(
        out.contains(&format!(
            "info string VariantPath: {d}/broken.variant:3:20: error[unknown-piece]: the prelude has no piece called `knigt`"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "info string VariantPath: {d}/pieces.variant: the file defines no variant"
        )),
        "{out}"
    );
    assert!(
        out.contains("info string VariantPath: /nonexistent/x.variant: "),
        "{out}"
    );
    assert!(
        out.contains("info string loaded variants: wellchess"),
        "{out}"
    );
    assert!(
        out.contains("Nodes searched: 16"),
        "6 pawns, one or two steps, and 2 knights: {out}"
    );
    // The same files at start-up: told with the answer to `uci`, the
    // variant in the first list.
    let out = answers(
        varia().args(["uci", "--variant-path"]).arg(dir.path()),
        "uci\nquit\n",
    );
    let combo = out.lines().find(|l| l.contains("UCI_Variant")).unwrap();
    assert!(combo.contains(" var wellchess"), "{combo}");
    let broken = out
        .lines()
        .position(|l| l.contains("broken.variant:3:20"))
        .unwrap();
    let ok = out.lines().position(|l| l == "uciok").unwrap();
    assert!(broken < ok, "{out}");
}

#[test]
fn python_chess_plays_chess960_games_through_uci() {
    let have = std::process::Command::new("python3")
        .args(["-c", "import chess.engine"])
        .status()
        .is_ok_and(|s| s.success());
    if !have {
        eprintln!("skipped: python-chess is not installed (apt-get install python3-chess)");
        return;
    }
    let out = std::process::Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/engines/chess960.py"
        ))
        .arg(env!("CARGO_BIN_EXE_varia"))
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("start 518: "), "{text}");
    assert!(text.contains(", 0 differences"), "{text}");
}

#[test]
fn chess960_castling_is_the_king_taking_its_rook() {
    // King b1, rooks a1 and h1 (Chess960 position 0 is bbqnnrkr; this one
    // is cleared): both castlings, written king-takes-rook, landing on
    // c1/d1 and g1/f1 as Chess960 says.
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    let out = uci(&format!(
        "setoption name UCI_Chess960 value true\nposition fen {fen}\ngo perft 1\nposition fen {fen} moves b1h1\nd\nposition fen {fen} moves b1a1 b8h8\nd\n"
    ));
    assert!(out.lines().any(|l| l == "b1a1: 1"), "{out}");
    assert!(out.lines().any(|l| l == "b1h1: 1"), "{out}");
    assert!(!out.contains("b1c1: 1\nb1d1"), "{out}");
    assert!(
        out.contains("info string fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1"),
        "{out}"
    );
    assert!(
        out.contains("info string fen r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"),
        "{out}"
    );
    // Without the option, the same FEN castles FIDE style (two squares):
    // b1d1 toward h1, and none toward a1 (too close).
    let out = uci(&format!("position fen {fen}\ngo perft 1\n"));
    assert!(out.lines().any(|l| l == "b1d1: 1"), "{out}");
    assert!(
        !out.lines()
            .any(|l| l.starts_with("b1a1") || l.starts_with("b1h1")),
        "{out}"
    );
}

/// The move texts of `go perft 1`'s root moves, and its node count.
fn perft_texts(out: &str) -> (Vec<&str>, usize) {
    let texts = out
        .lines()
        .filter_map(|l| l.strip_suffix(": 1"))
        .filter(|t| !t.contains(' '))
        .collect();
    let nodes = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .and_then(|n| n.parse().ok())
        .expect("a node count");
    (texts, nodes)
}

#[test]
fn a_castling_is_written_as_the_king_taking_its_rook_where_its_own_move_would_not_name_it() {
    // Castling to files g and c (Chess960's rule, atomic's castling)
    // without UCI_Chess960. The king on d1 castles toward a1 to c1, where
    // it also steps: the castling is written as the king taking its rook
    // (d1a1, as Fairy-Stockfish does) and d1c1 is the step. Toward h1 it
    // lands on g1, which nothing else reaches: d1g1.
    let fen = "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1";
    let out = uci(&format!(
        "setoption name UCI_Variant value atomic\nposition fen {fen}\ngo perft 1\nposition fen {fen} moves d1a1\nd\nposition fen {fen} moves d1c1\nd\nposition fen {fen} moves d1g1\nd\n"
    ));
    let (texts, nodes) = perft_texts(&out);
    for t in ["d1a1", "d1c1", "d1g1"] {
        assert!(texts.contains(&t), "{t}: {out}");
    }
    let unique: std::collections::BTreeSet<&&str> = texts.iter().collect();
    assert_eq!((unique.len(), texts.len()), (nodes, nodes), "{out}");
    for fen in [
        "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1",
        "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R b kq - 1 1",
        "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1",
    ] {
        assert!(
            out.contains(&format!("info string fen {fen}")),
            "{fen}: {out}"
        );
    }
    // A king on g1 castles with the rook on h1 without moving: g1h1, never
    // g1g1.
    let fen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1";
    let out = uci(&format!(
        "setoption name UCI_Variant value atomic\nposition fen {fen}\ngo perft 1\nposition fen {fen} moves g1h1\nd\n"
    ));
    let (texts, nodes) = perft_texts(&out);
    assert!(texts.contains(&"g1h1") && !texts.contains(&"g1g1"), "{out}");
    assert_eq!(texts.len(), nodes, "{out}");
    assert!(
        out.contains("info string fen rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1"),
        "{out}"
    );
}

#[test]
fn chess960_castling_with_gating_is_the_king_taking_its_rook_and_the_gated_letter() {
    // S-chess in Chess960 mode, king f1: castling toward a1 with a hawk
    // gated on f1 is f1a1h (Fairy-Stockfish's text), not f1c1h; the
    // king's step to g1 gating a hawk keeps f1g1h. No two of the root
    // actions share a text.
    let fen = "r4k1r/pppppppp/8/8/8/8/PPPPPPPP/R4K1R[HEhe] w KQBCDFGHkqbcdfgh - 0 1";
    let out = uci(&format!(
        "setoption name UCI_Variant value seirawan\nsetoption name UCI_Chess960 value true\nposition fen {fen}\ngo perft 1\n"
    ));
    let (texts, nodes) = perft_texts(&out);
    for t in ["f1a1", "f1h1", "f1a1h", "f1g1h"] {
        assert!(texts.contains(&t), "{t}: {out}");
    }
    assert!(!texts.contains(&"f1c1h"), "{out}");
    let unique: std::collections::BTreeSet<&&str> = texts.iter().collect();
    assert_eq!((unique.len(), texts.len()), (nodes, nodes), "{out}");
}

#[test]
fn move_overhead_is_an_option_and_checked() {
    // Listed, as lichess-bot and cutechess users expect to set it …
    let out = uci("uci\n");
    assert!(
        out.contains("option name Move Overhead type spin default 10 min 0 max 5000"),
        "{out}"
    );
    // … a value out of range is refused with a sentence, and a good one
    // taken (the search's budget keeps it back: src/search/tests.rs).
    let out = uci("setoption name Move Overhead value 9999\n");
    assert!(
        out.contains("info string Move Overhead is 0 to 5000"),
        "{out}"
    );
    let out = uci(
        "setoption name Move Overhead value 300\nposition startpos\ngo wtime 2000 btime 2000\n",
    );
    assert!(!out.contains("info string"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
}
