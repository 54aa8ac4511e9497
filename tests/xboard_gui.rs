//! XBoard itself, headless under Xvfb, plays between two varia engines:
//! Fischer random chess (XBoard's `fischerandom`), a fairy variant (Los
//! Alamos, which XBoard learns from varia's `setup` and `piece` commands),
//! a variant XBoard has never heard of, loaded from a file through the
//! `VariantPath` option, chu shogi (XBoard's own `chu`) and a small variant
//! whose promoted forms are lettered `+X` (told by `setup`, `^X` in its
//! table); each saved game must end with a result (for the last two, at
//! the latest XBoard's draw after a cap of moves) and replay legally; and
//! XBoard's analysis mode shows varia's thinking; and XBoard, told a
//! variant by varia's `setup` and `piece` lines, sees a scripted game's
//! mate of a king that has moved. Skipped, with a note, where `xboard` or
//! `xvfb-run` is missing (`apt-get install xboard xvfb`; `.ci/run`
//! installs them when it can).

mod support;

use std::process::Command;
use std::time::Duration;

fn find(name: &str) -> Option<String> {
    ["/usr/bin", "/usr/games", "/usr/local/bin"]
        .iter()
        .map(|d| format!("{d}/{name}"))
        .find(|p| std::path::Path::new(p).exists())
}

/// XBoard under Xvfb plays one game of `variant` between two engines
/// (`engine` and XBoard's `extra` arguments); the saved game and what
/// XBoard wrote on its standard error.
fn xboard_game(variant: &str, engine: &str, extra: &[&str]) -> Option<(String, String)> {
    let (Some(xboard), Some(xvfb)) = (find("xboard"), find("xvfb-run")) else {
        eprintln!("skipped: xboard or xvfb-run is not installed");
        return None;
    };
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("game.pgn");
    let err = dir.path().join("xboard.err");
    let mut child = Command::new(xvfb)
        .args(["-a", &xboard, "-fcp", engine, "-scp", engine])
        .args(["-matchMode", "T", "-matchGames", "1", "-variant", variant])
        .args(["-tc", "0:06", "-inc", "0.05", "-popupExitMessage", "false"])
        // XBoard saves its settings on exit (`~/.xboardrc`), and a later
        // run reads them: a test's own options (a draw after N moves)
        // must not reach the next.
        .args(["-saveSettingsOnExit", "false"])
        .args(extra)
        .arg("-saveGameFile")
        .arg(&pgn)
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    // A game lasts well under a minute; never wait forever.
    let start = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(240) {
            let _ = child.kill();
            panic!("XBoard did not finish the game in time");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Some((
        std::fs::read_to_string(&pgn).unwrap_or_default(),
        std::fs::read_to_string(&err).unwrap_or_default(),
    ))
}

/// XBoard's own end rules off, for a variant where stalemate loses: its
/// stalemate and bare material are chess's draws; the engines' claims
/// end the game instead (README), and `replay` checks them.
const ENGINES_DECIDE: &[&str] = &[
    "-checkMates",
    "false",
    "-testClaims",
    "false",
    "-materialDraws",
    "false",
];

/// A failed game for the test's message: `replay`'s words, the game as
/// XBoard saved it, XBoard's standard error (its sound library's noise
/// left out), and last, where a log cut in the middle still shows it,
/// how the game ended and what `replay` said of it.
fn report(text: &str, replay: &str, err: &str) -> String {
    let err: Vec<&str> = err
        .lines()
        .filter(|l| !l.starts_with("ALSA lib") && !l.starts_with("aplay:"))
        .collect();
    let tail = |t: &str, n: usize| {
        let lines: Vec<&str> = t.lines().filter(|l| !l.trim().is_empty()).collect();
        lines[lines.len().saturating_sub(n)..].join("\n")
    };
    format!(
        "{replay}\nthe game as XBoard saved it:\n{text}\nXBoard's standard error:\n{}\n\
         the end of the game:\n{}\nreplay's last words: {}",
        err.join("\n"),
        tail(text, 3),
        tail(replay, 1)
    )
}

/// The game ended with a result, and every move replays legally (with
/// the variant files of `path`, if any).
fn finished_and_legal(text: &str, path: Option<&std::path::Path>, err: &str) {
    assert!(
        [
            "[Result \"1-0\"]",
            "[Result \"0-1\"]",
            "[Result \"1/2-1/2\"]"
        ]
        .iter()
        .any(|r| text.contains(r)),
        "no result:\n{}",
        report(text, "", err)
    );
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("game.pgn");
    std::fs::write(&pgn, text).unwrap();
    let mut replay = Command::new(env!("CARGO_BIN_EXE_varia"));
    replay.arg("replay").arg(&pgn);
    if let Some(p) = path {
        replay.arg("--variant-path").arg(p);
    }
    let out = replay.output().unwrap();
    let replay =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && replay.contains("all legal"),
        "{}",
        report(text, &replay, err)
    );
}

/// As [`finished_and_legal`], for a game XBoard may end at a cap of moves
/// (`-adjudicateDrawMoves`): there, every move replays legally, and the
/// draw is XBoard's (the rules have not ended the game).
fn legal_to_the_cap(text: &str, path: Option<&std::path::Path>, err: &str) {
    if !text.contains("{Xboard adjudication: long game} 1/2-1/2") {
        return finished_and_legal(text, path, err);
    }
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("game.pgn");
    std::fs::write(&pgn, text).unwrap();
    let mut replay = Command::new(env!("CARGO_BIN_EXE_varia"));
    replay.arg("replay").arg(&pgn);
    if let Some(p) = path {
        replay.arg("--variant-path").arg(p);
    }
    let out = replay.output().unwrap();
    let replay =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        replay.contains("all legal. Result: *")
            && replay.contains("the record says 1/2-1/2, the rules give *"),
        "{}",
        report(text, &replay, err)
    );
}

#[test]
fn xboard_plays_a_fairy_variant_against_varia() {
    let engine = format!("{} xboard", env!("CARGO_BIN_EXE_varia"));
    let Some((text, err)) = xboard_game("losalamos", &engine, &[]) else {
        return;
    };
    assert!(text.contains("[Variant \"losalamos\"]"), "{text}");
    finished_and_legal(&text, None, &err);
}

#[test]
fn xboard_plays_a_variant_loaded_from_a_file() {
    // A folder of variant files set by XBoard's own option (sent during
    // the handshake): the variant XBoard does not know plays, and the file
    // that fails to load reaches XBoard with its first diagnostic. The
    // board has 8 ranks: XBoard 4.9 leaves the man taken en passant on a
    // board of 6 ranks and then forfeits a legal move (README; scripts/xboard_ep_probe.sh).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("wellchess.variant"),
        "variant wellchess \"Well chess\" extends chess {\n  setup {\n    white: R a1, B b1, N c1, Q d1, K e1, N f1, B g1, R h1, P a2..h2\n    black: mirror white\n  }\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("broken.variant"),
        "variant broken \"Broken\" extends chess {\n  use king, queen, knigt\n}\n",
    )
    .unwrap();
    let engine = format!("{} xboard", env!("CARGO_BIN_EXE_varia"));
    let options = format!("VariantPath={}", dir.path().display());
    let Some((text, err)) = xboard_game(
        "wellchess",
        &engine,
        &["-firstOptions", &options, "-secondOptions", &options],
    ) else {
        return;
    };
    assert!(text.contains("[Variant \"wellchess\"]"), "{text}");
    assert!(
        err.contains("broken.variant:2:20: error[unknown-piece]"),
        "{err}"
    );
    // `replay` reads the file the record names only from a folder it is
    // given: the game as XBoard saved it, its variant from the folder.
    let named = text.replace("[Variant \"wellchess\"]", "[Variant \"wellchess.variant\"]");
    finished_and_legal(&named, Some(dir.path()), &err);
}

#[test]
fn xboard_plays_fischer_random_against_varia() {
    // XBoard deals a Fischer random setup and sends it by `setboard`;
    // castling goes both ways as O-O/O-O-O. `replay` reads XBoard's
    // `fischerandom` as chess960.
    let engine = format!("{} xboard", env!("CARGO_BIN_EXE_varia"));
    let Some((text, err)) = xboard_game("fischerandom", &engine, &[]) else {
        return;
    };
    assert!(text.contains("[Variant \"fischerandom\"]"), "{text}");
    finished_and_legal(&text, None, &err);
}

#[test]
fn xboard_plays_chu_shogi_against_varia() {
    // XBoard's own chu (4.8 and later): its set-up and pieces are varia's,
    // so varia sends no `setup`; promotions end in `+`, the lion's two
    // steps are XBoard's legs joined by a comma. A game of chu is long:
    // XBoard adjudicates a draw after 30 moves a side.
    let engine = format!("{} xboard", env!("CARGO_BIN_EXE_varia"));
    let Some((text, err)) = xboard_game("chu", &engine, &["-adjudicateDrawMoves", "30"]) else {
        return;
    };
    assert!(text.contains("[Variant \"chu\"]"), "{text}");
    legal_to_the_cap(&text, None, &err);
}

#[test]
fn xboard_plays_a_variant_with_forms_lettered_plus() {
    // A variant XBoard does not know, its promoted forms lettered `+X`:
    // told by `setup` (each form `^X` in the table) and `piece +X&` lines,
    // loaded from a file through `VariantPath`.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("plusforms.variant"),
        include_str!("fixtures/plusforms.variant"),
    )
    .unwrap();
    let engine = format!("{} xboard", env!("CARGO_BIN_EXE_varia"));
    let options = format!("VariantPath={}", dir.path().display());
    let Some((text, err)) = xboard_game(
        "plusforms",
        &engine,
        &[
            "-firstOptions",
            &options,
            "-secondOptions",
            &options,
            "-adjudicateDrawMoves",
            "40",
        ]
        .into_iter()
        .chain(ENGINES_DECIDE.iter().copied())
        .collect::<Vec<_>>(),
    ) else {
        return;
    };
    assert!(text.contains("[Variant \"plusforms\"]"), "{text}");
    let named = text.replace("[Variant \"plusforms\"]", "[Variant \"plusforms.variant\"]");
    legal_to_the_cap(&named, Some(dir.path()), &err);
}

/// XBoard's analysis mode (`-initialMode Analysis`) with varia as its
/// engine: XBoard accepts the `analyze` feature, sends `analyze`, and
/// shows varia's thinking lines, deeper and deeper, each a legal line
/// from the start position (read from XBoard's debug file); XBoard is
/// stopped after a few seconds (analysis never ends by itself).
#[test]
fn xboard_analyses_with_varia() {
    let (Some(xboard), Some(xvfb)) = (find("xboard"), find("xvfb-run")) else {
        eprintln!("skipped: xboard or xvfb-run is not installed");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let debug = dir.path().join("xboard.debug");
    let engine = format!("{} xboard", env!("CARGO_BIN_EXE_varia"));
    let status = Command::new("timeout")
        .args(["-s", "TERM", "8", &xvfb, "-a", &xboard, "-fcp", &engine])
        .args(["-initialMode", "Analysis", "-popupExitMessage", "false"])
        .args(["-saveSettingsOnExit", "false", "-debug", "-nameOfDebugFile"])
        .arg(&debug)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    let log = std::fs::read_to_string(&debug).unwrap_or_default();
    assert!(
        log.contains(">first : accepted analyze"),
        "{status:?}\n{log}"
    );
    assert!(log.contains(">first : analyze"), "{log}");
    // `<first : DEPTH SCORE TIME NODES PV...`
    let thinking: Vec<Vec<&str>> = log
        .lines()
        .filter_map(|l| l.split_once("<first : ").map(|(_, t)| t))
        .map(|t| t.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() > 4 && w[0].parse::<u32>().is_ok())
        .collect();
    assert!(thinking.len() >= 3, "{log}");
    let depths: Vec<u32> = thinking.iter().map(|w| w[0].parse().unwrap()).collect();
    assert!(depths.windows(2).all(|d| d[0] < d[1]), "{depths:?}\n{log}");
    for w in &thinking {
        let v = varia::load::builtin("chess", &[]).unwrap();
        let mut b = varia::protocol::Board::new(v).unwrap();
        for m in &w[4..] {
            assert!(b.play_text(m).is_ok(), "{m} in {w:?}\n{log}");
        }
    }
    assert!(
        !log.contains("<first : move "),
        "no move in analysis:\n{log}"
    );
}

#[test]
fn xboard_plays_bent_moves_told_by_setup() {
    // Jumpers (`W D then sD`: a leap of two, then one of two to the side,
    // the square between empty) behind a row of pawns, told to XBoard by
    // `piece` lines in its multi-leg Betza (`WfmasD...`): XBoard takes
    // their bent moves (before, the text `WDthensD` was sent as it stood,
    // and XBoard forfeited the first bent move as invalid).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("jumpers.variant"),
        "variant jumpers \"Jumpers behind pawns\" {\n  players white, black\n  \
         board 7x7\n  piece king K moves \"K\" royal\n  \
         piece jumper J moves \"W D then sD\"\n  \
         piece rook R moves \"R\"\n  piece pawn P moves \"fmW fcF\"\n  \
         promote pawn at far edge to rook\n  \
         setup {\n    white: R a1, J b1 f1, K d1, R g1, P a2..g2\n    black: rotate white 180\n  }\n  \
         end {\n    checkmate -> lose\n    stalemate -> lose\n  }\n}\n",
    )
    .unwrap();
    let engine = format!("{} xboard", env!("CARGO_BIN_EXE_varia"));
    let options = format!("VariantPath={}", dir.path().display());
    let Some((text, err)) = xboard_game(
        "jumpers",
        &engine,
        &[
            "-firstOptions",
            &options,
            "-secondOptions",
            &options,
            "-adjudicateDrawMoves",
            "40",
        ]
        .into_iter()
        .chain(ENGINES_DECIDE.iter().copied())
        .collect::<Vec<_>>(),
    ) else {
        return;
    };
    assert!(text.contains("[Variant \"jumpers\"]"), "{text}");
    assert!(text.contains("J:WfmasDlmasDrmasDbmasD"), "{text}");
    assert!(!text.to_lowercase().contains("invalid"), "{text}\n{err}");
    let named = text.replace("[Variant \"jumpers\"]", "[Variant \"jumpers.variant\"]");
    legal_to_the_cap(&named, Some(dir.path()), &err);
}

#[test]
fn xboard_sees_the_mate_of_a_king_that_has_moved() {
    // A game CI's XBoard scored the wrong way: black mates a king that
    // left e1 long ago, a rook back in its corner (70... Qb2#). Told the
    // king's castling as Fairy-Stockfish tells it (`KO2`), XBoard let
    // that king castle out of the mate (its `O` looks at no rights),
    // called black's claim false and gave the game to white. The moves
    // are scripted; the `setup` and `piece` lines are varia's own.
    if find("python3").is_none() {
        eprintln!("skipped: python3 is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("wellchess.variant"),
        "variant wellchess \"Well chess\" extends chess {\n  setup {\n    white: R a1, B b1, N c1, Q d1, K e1, N f1, B g1, R h1, P a2..h2\n    black: mirror white\n  }\n}\n",
    )
    .unwrap();
    let input = format!(
        "xboard\nprotover 2\noption VariantPath={}\nnew\nvariant wellchess\nquit\n",
        dir.path().display()
    );
    let told = support::answers(support::varia().arg("xboard"), &input);
    let setup: Vec<&str> = told
        .lines()
        .filter(|l| l.starts_with("setup ") || l.starts_with("piece "))
        .collect();
    assert!(setup.contains(&"piece K& KiO2"), "{told}");
    std::fs::write(dir.path().join("setup.txt"), setup.join("\n")).unwrap();
    // The scripted engine plays the game's moves for both sides and, after
    // the last, claims the mate as varia does.
    let engine = format!(
        "python3 {} normal,wellchess {} {} 0-1 checkmate",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/scripted_xboard_engine.py"
        ),
        dir.path().join("setup.txt").display(),
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/wellchess-moved-king-mate.moves"
        ),
    );
    let Some((text, err)) = xboard_game("wellchess", &engine, &[]) else {
        return;
    };
    assert!(
        text.contains("Qb2#") && text.contains("{Xboard adjudication: Checkmate} 0-1"),
        "{}",
        report(&text, "", &err)
    );
}
