//! `varia xboard` on the real binary: scripted CECP input, checked replies.

mod support;

use std::time::Duration;
use support::{answers, varia, Live};

/// `varia xboard` on `input`: all its standard output.
fn xboard(input: &str) -> String {
    answers(varia().arg("xboard"), input)
}

#[test]
fn features_list_the_two_player_variants() {
    let out = xboard("xboard\nprotover 2\nping 7\n");
    let f = out
        .lines()
        .find(|l| l.contains("variants=\""))
        .unwrap_or_else(|| panic!("{out}"));
    for v in ["normal", "capablanca", "crazyhouse", "losalamos"] {
        assert!(f.contains(v), "{v}: {f}");
    }
    for v in ["echek", "raindropchess", "quatrochess", "fogofwar"] {
        assert!(
            !f.contains(&format!("{v},")) && !f.ends_with(&format!("{v}\"")),
            "{v}: {f}"
        );
    }
    assert!(
        out.contains("setboard=1") && out.contains("usermove=1"),
        "{out}"
    );
    // `done=0` opens the handshake (XBoard sends its options before the
    // list of variants is final), `done=1` after the list closes it.
    let at = |l: &str| out.lines().position(|x| x == l).unwrap();
    assert!(at("feature done=0") < at("feature done=1"), "{out}");
    assert!(out.lines().position(|l| l.contains("variants=\"")).unwrap() < at("feature done=1"));
    assert!(out.contains("pong 7"));
}

#[test]
fn plays_black_after_a_user_move() {
    let out = xboard("xboard\nprotover 2\nnew\nsd 2\nusermove e2e4\n");
    let mv = out
        .lines()
        .find_map(|l| l.strip_prefix("move "))
        .unwrap_or_else(|| panic!("{out}"));
    let v = varia::load::builtin("chess", &[]).unwrap();
    let mut b = varia::protocol::Board::new(v).unwrap();
    b.play_text("e2e4").unwrap();
    assert!(b.play_text(mv).is_ok(), "{mv} is not legal");
}

/// `go` while the engine already thinks for the side on move (its side
/// after `new` and the user's move) keeps that search: the engine plays
/// black once, not black and then white as well.
#[test]
fn go_while_thinking_for_the_side_on_move_plays_one_move() {
    let out = xboard("xboard\nprotover 2\nnew\nst 5\nusermove e2e4\ngo\n");
    let moves: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("move "))
        .collect();
    assert_eq!(moves.len(), 1, "{out}");
    let v = varia::load::builtin("chess", &[]).unwrap();
    let mut b = varia::protocol::Board::new(v).unwrap();
    b.play_text("e2e4").unwrap();
    assert!(b.play_text(moves[0]).is_ok(), "{} is not black's", moves[0]);
}

#[test]
fn fairy_variants_are_described_with_setup_and_piece() {
    let out =
        xboard("xboard\nprotover 2\nnew\nvariant capablanca\nforce\nusermove e2e4\nsd 1\ngo\n");
    let setup = out
        .lines()
        .find(|l| l.starts_with("setup ("))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(setup.contains(" 10x8+0_fairy "), "{setup}");
    assert!(out.lines().any(|l| l == "piece A& BN"), "{out}");
    assert!(out.lines().any(|l| l == "piece C& RN"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("move ")), "{out}");
}

#[test]
fn unsupported_variants_and_garbage_are_refused() {
    let out = xboard("xboard\nprotover 2\nvariant echek\nvariant nope\nfoo\nusermove z9z9\nsetboard junk\nlevel x\ntime 99999999999999999\nlevel 0 99999999 99999\nst -1\nping 3\n");
    assert!(out.contains("Error (unsupported variant): echek"), "{out}");
    assert!(out.contains("Error (unsupported variant): nope"), "{out}");
    assert!(out.contains("Error (unknown command): foo"), "{out}");
    assert!(out.contains("Illegal move: z9z9"), "{out}");
    assert!(out.contains("tellusererror Illegal position"), "{out}");
    assert!(out.contains("pong 3"), "{out}");
}

#[test]
fn the_engine_claims_its_mate() {
    let out = xboard(
        "xboard\nprotover 2\nnew\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nsd 3\ngo\n",
    );
    assert!(out.contains("move a1a8"), "{out}");
    assert!(out.contains("1-0 {checkmate}"), "{out}");
}

/// `go` in a position set up already over (stalemate, mate): the engine
/// states the result instead of searching, finding no move and resigning
/// (which scored a stalemate as a loss).
#[test]
fn go_in_a_finished_position_states_its_result_and_does_not_resign() {
    let out =
        xboard("xboard\nprotover 2\nnew\nsetboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo\nping 1\n");
    assert!(out.contains("1/2-1/2 {stalemate}"), "{out}");
    assert!(!out.contains("resign"), "{out}");
    assert!(!out.contains("move "), "{out}");
    assert!(out.contains("pong 1"), "{out}");
    let out =
        xboard("xboard\nprotover 2\nnew\nsetboard 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo\nping 2\n");
    assert!(out.contains("1-0 {checkmate}"), "{out}");
    assert!(!out.contains("resign"), "{out}");
}

#[test]
fn undo_and_remove_take_moves_back_and_a_mate_is_told_again() {
    // Fool's mate, taken back by `undo` and by `remove`, and played again.
    let out = xboard(
        "xboard\nprotover 2\nnew\nforce\nusermove f2f3\nusermove e7e5\nusermove g2g4\n\
         usermove d8h4\nundo\nusermove d8h4\nremove\nusermove g1h3\nusermove g2g4\n\
         usermove d8h4\nping 1\n",
    );
    assert_eq!(out.matches("0-1 {checkmate}").count(), 2, "{out}");
    // After `remove`, White is to move again: g1h3 is White's, g2g4 then
    // Black's and illegal, and Qh4 is only check.
    assert!(out.contains("Illegal move: g2g4"), "{out}");
    assert!(!out.contains("Illegal move: g1h3"), "{out}");
    assert!(out.contains("pong 1"), "{out}");
}

/// A folder with a good variant file and a broken one.
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
    dir
}

fn variants_line(out: &str) -> &str {
    out.lines()
        .rev()
        .find(|l| l.starts_with("feature variants=\""))
        .unwrap_or_else(|| panic!("{out}"))
}

#[test]
fn variant_files_join_the_list_xboard_is_sent() {
    let dir = variant_folder();
    let d = dir.path().display();
    let broken = format!(
        "tellusererror VariantPath: {d}/broken.variant:3:20: error[unknown-piece]: the prelude has no piece called `knigt`"
    );
    // Loaded at start-up: in the first list; the failure told after the
    // handshake.
    let out = xboard_with(
        dir.path(),
        "xboard\nprotover 2\nping 1\nnew\nvariant wellchess\n",
    );
    assert!(variants_line(&out).contains(",wellchess"), "{out}");
    let done = out.lines().position(|l| l == "feature done=1").unwrap();
    let told = out.lines().position(|l| l.starts_with(&broken)).unwrap();
    assert!(done < told, "{out}");
    assert!(
        out.contains("setup (PNBRQ")
            && out.contains(" 6x6+0_fairy rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - 0 1"),
        "{out}"
    );
    // Set by XBoard's `-firstOptions`, which XBoard sends as it accepts
    // the option feature, before the handshake ends: the list that ends
    // it holds the variant.
    let out = xboard(&format!(
        "xboard\nprotover 2\naccepted option\noption VariantPath={d}\n"
    ));
    let list = out
        .lines()
        .position(|l| l.starts_with("feature variants="))
        .unwrap();
    assert!(variants_line(&out).contains(",wellchess"), "{out}");
    assert!(
        list < out.lines().position(|l| l == "feature done=1").unwrap(),
        "{out}"
    );
    assert!(out.contains(&broken), "{out}");
    // Set later: told, and the list sent again.
    let out = xboard(&format!(
        "xboard\nprotover 2\nping 1\noption VariantPath={d}\n"
    ));
    assert_eq!(out.matches("feature variants=").count(), 2, "{out}");
    assert!(variants_line(&out).contains(",wellchess"), "{out}");
    assert!(out.contains("telluser varia loaded wellchess"), "{out}");
}

/// XBoard's `fischerandom` is the catalogue's chess960: XBoard deals the
/// setup and sends it by `setboard` (varia sends no `setup` of its own),
/// and castling is `O-O`/`O-O-O` both ways, as CECP writes Fischer random
/// chess, even where the king stays on its square.
#[test]
fn fischer_random_is_chess960_with_castling_as_o_o() {
    let fen = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1";
    let out = xboard(&format!(
        "xboard\nprotover 2\nnew\nvariant fischerandom\nforce\nsetboard {fen}\n\
         usermove O-O\nusermove 0-0-0\nusermove f1e1\nping 1\n"
    ));
    assert!(out.contains("fischerandom"), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("setup ")), "{out}");
    assert!(!out.contains("Illegal move"), "{out}");
    // White's O-O left the king on g1 and took the rook h1 to f1: only
    // then is f1e1 a move.
    assert!(out.contains("pong 1"), "{out}");
    // The engine's own castling: the king on g1 may go nowhere (f1 and f2
    // are the f8 rook's, g2 the h3 pawn's), the rook and pawn are blocked,
    // and O-O (the rook to f1, the king staying) is the only move.
    let only = "k4r2/8/8/8/8/7p/7P/6KR w H - 0 1";
    let out = xboard(&format!(
        "xboard\nprotover 2\nnew\nvariant fischerandom\nforce\nsetboard {only}\nsd 1\ngo\n"
    ));
    assert!(out.lines().any(|l| l == "move O-O"), "{out}");
}

#[test]
fn a_ten_rank_board_counts_its_ranks_from_zero() {
    // CECP v2 ("Note that on boards with exactly 10 ranks, counting of the
    // ranks starts at 0"): xiangqi's chariot on a1 (varia's, from 1) is a0
    // to XBoard, and so are the engine's answers.
    let out = xboard("xboard\nprotover 2\nnew\nvariant xiangqi\nsd 2\nusermove a0a1\n");
    assert!(!out.contains("Illegal move"), "{out}");
    let mv = out
        .lines()
        .find_map(|l| l.strip_prefix("move "))
        .unwrap_or_else(|| panic!("{out}"));
    // Black's men stand on ranks 6 to 9 as XBoard counts: an answer from
    // rank 10 (varia's own count) would be refused.
    assert!(!mv.contains("10"), "{mv}");
    let v = varia::load::builtin("xiangqi", &[]).unwrap();
    let mut b = varia::protocol::Board::new(v).unwrap();
    b.play_text("a1a2").unwrap();
    // Each rank of XBoard's move plus one is varia's.
    let mut varia_text = String::new();
    let mut digits = String::new();
    for c in mv.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            varia_text += &(digits.parse::<u32>().unwrap() + 1).to_string();
            digits.clear();
        }
        if c != ' ' {
            varia_text.push(c);
        }
    }
    assert!(b.play_text(&varia_text).is_ok(), "{mv} as {varia_text}");
    // An eight-rank board keeps its ranks from 1.
    let out = xboard("xboard\nprotover 2\nnew\nforce\nusermove a0a1\nusermove e2e4\n");
    assert!(out.contains("Illegal move: a0a1"), "{out}");
    assert!(!out.contains("Illegal move: e2e4"), "{out}");
}

/// `varia xboard` with variant files (`--variant-path`), scripted input.
fn xboard_with(path: &std::path::Path, input: &str) -> String {
    answers(varia().arg("xboard").arg("--variant-path").arg(path), input)
}

/// A 5x5 variant whose promoted forms are lettered `+X`, without drops.
const PLUS_FORMS: &str = include_str!("fixtures/plusforms.variant");

/// Chu shogi is XBoard's own `chu` (XBoard 4.8 and later): announced by
/// that name, with no `setup` (XBoard has its set-up, the same as
/// varia's, and its pieces); its FEN's `+X` men, a promotion (`+`) and
/// the lion's two steps (`f5f6,f6f7`) go both ways.
#[test]
fn chu_is_xboards_own_chu_with_plus_men_promotions_and_lion_moves() {
    let out = xboard("xboard\nprotover 2\nping 1\n");
    let f = variants_line(&out);
    let names = f
        .trim_start_matches("feature variants=\"")
        .trim_end_matches('"');
    assert!(names.split(',').any(|n| n == "chu"), "{f}");
    // White: a pawn a8 (the zone is ranks 9 to 12), a lion f5, a tokin
    // (`+P`) c3, the king f1; Black: a pawn f6, a gold l12, the king g12.
    let fen = "6k4g/12/12/12/P11/12/5p6/5N6/12/2+P9/12/5K6 w - - 0 1";
    let out = xboard(&format!(
        "xboard\nprotover 2\nnew\nvariant chu\nforce\nsetboard {fen}\n\
         usermove a8a9+\nusermove g12g11\nusermove c3b3\nusermove g11g12\n\
         usermove f5f6,f6f7\nsd 2\ngo\n"
    ));
    assert!(!out.lines().any(|l| l.starts_with("setup ")), "{out}");
    assert!(!out.contains("Error"), "{out}");
    // The tokin steps sideways (a pawn could not): `+P` was read.
    assert!(!out.contains("Illegal move"), "{out}");
    let mv = out
        .lines()
        .find_map(|l| l.strip_prefix("move "))
        .unwrap_or_else(|| panic!("{out}"));
    let v = varia::load::builtin("chu", &[]).unwrap();
    let mut b = varia::protocol::Board::from_fen(&v, fen).unwrap();
    for m in ["a8a9+", "g12g11", "c3b3", "g11g12", "f5f6,f6f7"] {
        b.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(b.position().fen().contains("+P"), "{}", b.position().fen());
    assert!(b.play_text(mv).is_ok(), "{mv} is not Black's");
}

/// A variant XBoard does not know, with promoted forms lettered `+X`:
/// `setup`'s table names each form `^X` (XBoard 4.9: the promoted form of
/// the piece lettered X) and a `piece +X&` line tells its moves; a
/// promotion is `+`, and a FEN's `+X` men are read.
#[test]
fn promoted_forms_are_told_to_xboard_as_plus_letters() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("plusforms.variant"), PLUS_FORMS).unwrap();
    // White: a pawn a4, a promoted silver (`+S`) e1, the king a1; Black:
    // a dragon (`+r`) e4, the king e5.
    let fen = "4k/P3+r/5/5/K3+S w - - 0 1";
    let out = xboard_with(
        dir.path(),
        &format!(
            "xboard\nprotover 2\nnew\nvariant plusforms\nforce\nusermove a2a3\n\
             setboard {fen}\nusermove a4a5+\nusermove e4d3\nusermove e1d2\nsd 2\ngo\n"
        ),
    );
    let setup = out
        .lines()
        .find(|l| l.starts_with("setup ("))
        .unwrap_or_else(|| panic!("{out}"));
    // Pawn, silver and rook in types XBoard lets promote (1 to 10), their
    // forms after them; 66 types a side (XBoard 4.9's table).
    assert!(setup.starts_with("setup (.PSR.G......^P^S^R"), "{setup}");
    let dots = ".".repeat(50);
    assert!(
        setup.contains(&format!("^R{dots}K.psr.g......^p^s^r{dots}k)")),
        "{setup}"
    );
    // XBoard's `chu` as the parent: XBoard takes `+` from any piece with a
    // form there, and writes it in its saved games.
    assert!(setup.contains(" 5x5+0_chu "), "{setup}");
    for l in [
        "piece P& fW",
        "piece +P& WfF",
        "piece +S& WfF",
        "piece +R& RF",
        "piece K& K",
    ] {
        assert!(out.lines().any(|x| x == l), "{l}: {out}");
    }
    // The pawn's promotion, Black's dragon (`+r`) a step diagonally, White's
    // promoted silver (`+S`) a step diagonally back: all read.
    assert!(!out.contains("Illegal move"), "{out}");
    assert!(!out.contains("tellusererror"), "{out}");
    let mv = out
        .lines()
        .find_map(|l| l.strip_prefix("move "))
        .unwrap_or_else(|| panic!("{out}"));
    let checked = varia::load::load_str("plusforms.variant", PLUS_FORMS, &[]);
    let v = checked.variants[0].clone();
    let mut b = varia::protocol::Board::from_fen(&v, fen).unwrap();
    for m in ["a4a5+", "e4d3", "e1d2"] {
        b.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert!(b.play_text(mv).is_ok(), "{mv} is not Black's");
}

/// The shogi family's forms have letters of their own in varia, and FEN
/// writes them `+P`: XBoard is told them as promoted forms too, so that
/// it takes a `+` promotion; what XBoard cannot express is refused.
#[test]
fn shogi_forms_are_promoted_forms_and_what_xboard_cannot_express_is_refused() {
    let out = xboard("xboard\nprotover 2\nnew\nvariant minishogi\nforce\nusermove a2a3\nping 1\n");
    let setup = out
        .lines()
        .find(|l| l.starts_with("setup ("))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(setup.starts_with("setup (.PBRSG......^P^B^R^S"), "{setup}");
    assert!(setup.contains(" 5x5+5_chu "), "{setup}");
    assert!(out.lines().any(|l| l == "piece +P& WfF"), "{out}");
    assert!(!out.contains("Illegal move"), "{out}");
    // Kyoto shogi turns promoted men back (`-`); micro shogi too.
    let out = xboard("xboard\nprotover 2\nvariant kyotoshogi\nvariant micro\nping 1\n");
    assert!(
        out.contains("Error (unsupported variant): kyotoshogi"),
        "{out}"
    );
    assert!(out.contains("which XBoard's moves cannot express"), "{out}");
    assert!(out.contains("Error (unsupported variant): micro"), "{out}");
    // A chu shogi XBoard does not know by name: its lion moves twice.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("mychu.variant"),
        "variant mychu \"My chu\" extends chu {\n}\n",
    )
    .unwrap();
    let out = xboard_with(dir.path(), "xboard\nprotover 2\nvariant mychu\nping 1\n");
    assert!(out.contains("Error (unsupported variant): mychu"), "{out}");
    assert!(
        out.contains("telluser mychu: the lion's moves of two steps (`lion`) cannot be told"),
        "{out}"
    );
}

/// A test of one line of output.
type Awaited = dyn Fn(&str) -> bool;

/// `varia xboard` driven line by line: each step sends a line, then
/// waits until a line of output satisfies its test (none: goes on at
/// once), at most a minute (a loaded machine can starve the engine for
/// seconds, so no step relies on a fixed pause); standard input is closed
/// at the end. All the standard output.
fn xboard_paced(steps: &[(&str, Option<&Awaited>)]) -> String {
    let mut x = Live::start(&["xboard"]);
    for (line, until) in steps {
        x.send(format!("{line}\n").as_bytes());
        if let Some(until) = until {
            x.until_line(
                &format!("awaited line after `{line}`"),
                until,
                Duration::from_secs(60),
            );
        }
    }
    let mut all = x.seen.clone();
    all.extend(x.close(Duration::from_secs(60)));
    all.iter().map(|l| format!("{l}\n")).collect()
}

/// A thinking line (`depth score time nodes pv…`).
fn is_thinking(l: &str) -> bool {
    let w: Vec<&str> = l.split_whitespace().collect();
    w.len() > 4 && w[0].parse::<u32>().is_ok()
}

/// The first move of each thinking line (`depth score time nodes pv…`).
fn thinking_moves(lines: &[&str]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|d| d.parse::<u32>().is_ok())
        })
        .filter_map(|l| l.split_whitespace().nth(4).map(str::to_string))
        .collect()
}

/// Analysis mode (`analyze` ... `exit`): the position is analysed until
/// the next command, each move the GUI sends starts the analysis of the
/// new position, no move is ever played, and `exit` ends it; `hint`
/// answers `Hint: MOVE` with a legal move.
#[test]
fn analyze_mode_thinks_about_each_position_and_plays_nothing_and_hint_suggests_a_move() {
    // The first hint before `analyze`, a thinking line awaited after it;
    // after e4, `pong 1` then a thinking line of the next analysis.
    let hint: &dyn Fn(&str) -> bool = &|l| l.starts_with("Hint: ");
    let thinking: &dyn Fn(&str) -> bool = &is_thinking;
    let pong = |n: &'static str| -> Box<dyn Fn(&str) -> bool> { Box::new(move |l| l == n) };
    let (p1, p2, p3) = (pong("pong 1"), pong("pong 2"), pong("pong 3"));
    let out = xboard_paced(&[
        ("xboard", None),
        ("protover 2", None),
        ("new", None),
        ("force", None),
        ("hint", Some(hint)),
        ("analyze", Some(thinking)),
        ("usermove e2e4", None),
        ("ping 1", Some(&*p1)),
        ("", Some(thinking)),
        ("exit", None),
        ("ping 2", Some(&*p2)),
        ("usermove d7d5", None),
        ("hint", Some(hint)),
        ("ping 3", Some(&*p3)),
        ("quit", None),
    ]);
    assert!(out.contains("analyze=1"), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("move ")), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let at = |s: &str| {
        lines
            .iter()
            .position(|l| *l == s)
            .unwrap_or_else(|| panic!("{s}: {out}"))
    };
    let (p1, p2, p3) = (at("pong 1"), at("pong 2"), at("pong 3"));
    let chess = || {
        let v = varia::load::builtin("chess", &[]).unwrap();
        varia::protocol::Board::new(v).unwrap()
    };
    // Before `pong 1`: the start position's analysis (white's moves), and
    // perhaps the first lines of the next.
    let first = thinking_moves(&lines[..p1]);
    assert!(first.iter().any(|m| chess().play_text(m).is_ok()), "{out}");
    // After it: black's moves after e4, until `exit`.
    let after_e4 = thinking_moves(&lines[p1..p2]);
    assert!(!after_e4.is_empty(), "{out}");
    for m in &after_e4 {
        let mut b = chess();
        b.play_text("e2e4").unwrap();
        assert!(b.play_text(m).is_ok(), "{m} after e4: {out}");
    }
    // After `exit`: no analysis, only the hint for white after 1. e4 d5.
    assert!(thinking_moves(&lines[p2..p3]).is_empty(), "{out}");
    let hints: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("Hint: "))
        .collect();
    assert_eq!(hints.len(), 2, "{out}");
    assert!(chess().play_text(hints[0]).is_ok(), "{out}");
    let mut b = chess();
    b.play_text("e2e4").unwrap();
    b.play_text("d7d5").unwrap();
    assert!(b.play_text(hints[1]).is_ok(), "{}: {out}", hints[1]);
}

/// `go` during an analysis ends it and plays the side to move.
#[test]
fn go_in_analyze_mode_plays_a_move() {
    let thinking: &dyn Fn(&str) -> bool = &is_thinking;
    let moved: &dyn Fn(&str) -> bool = &|l| l.starts_with("move ");
    let out = xboard_paced(&[
        ("xboard", None),
        ("protover 2", None),
        ("new", None),
        ("force", None),
        ("analyze", Some(thinking)),
        ("st 0.2", None),
        ("go", Some(moved)),
        ("quit", None),
    ]);
    let mv = out
        .lines()
        .find_map(|l| l.strip_prefix("move "))
        .unwrap_or_else(|| panic!("{out}"));
    let v = varia::load::builtin("chess", &[]).unwrap();
    let mut b = varia::protocol::Board::new(v).unwrap();
    assert!(b.play_text(mv).is_ok(), "{mv}: {out}");
}

/// A bent move of two leaps (`D then sD`) is told in XBoard's multi-leg
/// Betza: per line of its first leg, that line, `ma`, the second leg's
/// lines relative to the first, the atom; a bent move XBoard 4.9.1 does
/// not take (the hook mover's legs ride) is refused with the reason.
#[test]
fn bent_moves_are_told_in_xboards_legs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("hook.variant"),
        include_str!("fixtures/hook.variant"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("jumper.variant"),
        "variant jumper \"Jumpers\" {\n  players white, black\n  board 7x7\n  \
         piece king K moves \"K\" royal\n  piece jumper J moves \"W D then sD\"\n  \
         setup {\n    white: K d1, J b1\n    black: rotate white 180\n  }\n  \
         end { checkmate -> lose }\n}\n",
    )
    .unwrap();
    let out = xboard_with(
        dir.path(),
        "xboard\nprotover 2\nvariant jumper\nvariant hook_mini\nping 1\n",
    );
    assert!(
        out.lines().any(|l| l == "piece J& WfmasDlmasDrmasDbmasD"),
        "{out}"
    );
    assert!(
        out.contains("Error (unsupported variant): hook_mini"),
        "{out}"
    );
    assert!(
        out.contains("the hook_mover's bent move `R then sR` rides, and XBoard 4.9.1"),
        "{out}"
    );
}
