//! `varia serve` in a real browser: headless Chromium driven through
//! WebDriver (chromedriver), against the real binary on a free port.
//! Screenshots are checked as pictures (the board is drawn; men stand out
//! on both square colours). Set `VARIA_SCREENSHOTS=DIR` to keep them.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs
//! them); without them these tests fail, unless `VARIA_SKIP_BROWSER=1`.

#[path = "serve/http.rs"]
mod http;
#[path = "serve/page.rs"]
mod page;
#[path = "serve/webdriver.rs"]
mod webdriver;

use page::*;
use std::time::{Duration, Instant};

#[test]
fn edit_with_live_diagnostics_then_see_the_board() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    b.wait(
        "valid",
        "return document.getElementById('status').className === 'ok'",
    );
    // Select `knight` in `use ...` and type a mistake over it.
    b.js(
        "const v = window.varia.view; const i = v.state.doc.toString().indexOf('knight');\
          v.dispatch({selection: {anchor: i, head: i + 6}}); v.focus();",
    );
    b.type_into(".cm-content", "knigt");
    let t0 = Instant::now();
    b.wait(
        "the underline",
        "return document.querySelector('.cm-lintRange-error') !== null",
    );
    let latency = t0.elapsed();
    let diag = b
        .wait(
            "the message",
            "const d = document.getElementById('diagnostics').textContent; return d.includes('knigt') && d;",
        )
        .as_str()
        .unwrap()
        .to_string();
    assert!(diag.contains("error[unknown-piece]"), "{diag}");
    assert!(diag.contains("did you mean `knight`?"), "{diag}");
    assert_eq!(
        b.js("return document.querySelector('.cm-lintRange-error').textContent"),
        "knigt",
        "the underline is on the word"
    );
    shot(&b, "editor-error");
    // The same count as `varia validate` (the setup's `N` is unknown too).
    let status = b.js("return document.getElementById('status').textContent");
    assert_eq!(status, "4 errors");
    // The variant list says why it is empty instead of showing nothing.
    assert_eq!(
        b.js("const s = document.getElementById('variant'); return s.disabled + ' ' + s.options[0].textContent"),
        "true (none until the file is valid)"
    );
    eprintln!(
        "keystroke to diagnostics: {latency:?} (in the page: {} ms after the last edit)",
        b.js("return document.getElementById('status').dataset.latency")
    );
    // Fix it: the file is valid again and the board follows.
    b.js(
        "const v = window.varia.view; const i = v.state.doc.toString().indexOf('knigt');\
          v.dispatch({selection: {anchor: i, head: i + 5}}); v.focus();",
    );
    b.type_into(".cm-content", "knight");
    b.wait(
        "valid",
        "return document.getElementById('status').className === 'ok'",
    );
    b.wait(
        "no underline",
        "return document.querySelector('.cm-lintRange-error') === null",
    );
    wait_board(&b);
    assert_eq!(
        b.js("const s = document.getElementById('variant'); return s.disabled + ' ' + s.value"),
        "false chess"
    );
    let p = shot(&b, "board");
    check_board(
        &b,
        &p,
        &["a1", "b1", "e1", "d1", "e8", "d8", "a7", "b7"],
        &["e4", "d5"],
    );
}

#[test]
fn chess_by_clicks_with_castling_and_a_promotion() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    // Both seats human.
    b.js("const s = document.querySelector('#seats select[data-seat=\"1\"]'); s.value = 'human'; s.dispatchEvent(new Event('change'));");
    b.wait(
        "black is a person",
        "return window.varia.board().seats[1].player === 'human'",
    );
    let t0 = Instant::now();
    clicks(&b, &["e2", "e4"]);
    let click_ms = t0.elapsed();
    let game: &[&[&str]] = &[
        &["d7", "d5"],
        &["e4", "d5"],
        &["c7", "c6"],
        &["d5", "c6"],
        &["g8", "f6"],
        &["c6", "b7"],
        &["e7", "e6"],
        &["b7", "a8", "=bxa8=Q"],
        &["f8", "c5"],
        &["g1", "f3"],
        &["e8", "g8"],
        &["f1", "e2"],
        &["d8", "d6"],
        &["e1", "g1"],
    ];
    for steps in game {
        clicks(&b, steps);
    }
    assert_eq!(
        moves(&b),
        [
            "e4", "d5", "exd5", "c6", "dxc6", "Nf6", "cxb7", "e6", "bxa8=Q", "Bc5", "Nf3", "O-O",
            "Be2", "Qd6", "O-O"
        ]
    );
    eprintln!(
        "click to new position: {click_ms:?} (in the page: {} ms)",
        b.js("return document.getElementById('board').dataset.actMs")
    );
    // A refused click says why: black's pawn cannot go three squares.
    b.click("#board rect[data-sq=\"a7\"]");
    b.click("#board rect[data-sq=\"a4\"]");
    let why = b.wait(
        "a refusal",
        "const m = document.getElementById('message').textContent; return m.includes('a7') && m;",
    );
    assert!(why.as_str().unwrap().contains("a4"), "{why}");
    let p = shot(&b, "chess-castled");
    check_board(
        &b,
        &p,
        &["a8", "g1", "f1", "g8", "f8", "c5"],
        &["e1", "h1", "e8", "h8"],
    );
    // Undo and redo by the buttons.
    b.click("#undo");
    b.wait("undone", "return window.varia.board().moves.length === 14");
    b.click("#redo");
    b.wait("redone", "return window.varia.board().moves.length === 15");
}

/// Open a file of the folder in the page and wait for its board.

#[test]
fn echek_places_a_man_from_the_hand() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    open_file(&b, "echek.variant", 2);
    b.wait(
        "valid",
        "return document.getElementById('status').className === 'ok'",
    );
    all_human(&b);
    // The queen (piece 1) from white's hand, to a square the page offers.
    let path = path_from(&b, "drop", "h:1");
    b.click("#hands button[data-step=\"h:1\"]");
    let targets = b.wait(
        "the targets of the queen in hand",
        "return document.querySelectorAll('#board .mark-target').length",
    );
    assert!(targets.as_u64().unwrap() >= 2, "{targets}");
    b.click(&format!("#board rect[data-sq=\"{}\"]", &path[1][2..]));
    b.wait("placed", "return window.varia.board().moves.length === 1");
    assert!(moves(&b)[0].starts_with("Q@"), "{:?}", moves(&b));
    // Black answers with a pawn placed and moved on (a compound action),
    // or placed alone, chosen in the picker.
    let path = path_from(&b, "place-and-move", "h:5");
    b.click("#hands button[data-step=\"h:5\"]");
    b.click(&format!("#board rect[data-sq=\"{}\"]", &path[1][2..]));
    b.wait(
        "the follow-up",
        "return document.querySelectorAll('#board .mark-target').length",
    );
    b.click(&format!("#board rect[data-sq=\"{}\"]", &path[2][2..]));
    b.wait(
        "placed and moved",
        "return window.varia.board().moves.length === 2",
    );
    assert!(moves(&b)[1].starts_with("P@"), "{:?}", moves(&b));
    let p = shot(&b, "echek");
    let men = b.js("return [...document.querySelectorAll('#board rect[data-sq]')].length");
    assert!(men.as_u64().unwrap() >= 4);
    let _ = p;
    // Echek is the largest shipped rule file: one keystroke (a letter in a
    // comment) to its diagnostics.
    let before = b.js("return Number(document.getElementById('status').dataset.checked)");
    b.js("const v = window.varia.view; const i = v.state.doc.toString().indexOf('# There is no board');\
          v.dispatch({selection: {anchor: i + 1}}); v.focus();");
    let t0 = Instant::now();
    b.type_into(".cm-content", "x");
    b.wait(
        "the check of the edit",
        &format!("return Number(document.getElementById('status').dataset.checked) > {before}"),
    );
    eprintln!(
        "echek.variant: keystroke to diagnostics {:?} (in the page: {} ms, 250 of them the pause after typing)",
        t0.elapsed(),
        b.js("return document.getElementById('status').dataset.latency")
    );
    b.wait(
        "valid",
        "return document.getElementById('status').className === 'ok'",
    );
}

#[test]
fn quatrochess_one_turn_for_each_seat() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    open_file(&b, "quatrochess.variant", 4);
    all_human(&b);
    // The board follows the player to act.
    b.js("const v = document.getElementById('view'); v.value = 'follow'; v.dispatchEvent(new Event('change'));");
    let mut turns = Vec::new();
    for seat in 0..4 {
        b.wait(
            "the seat's turn",
            &format!("return window.varia.board().to_move === {seat} && window.varia.board().turn === window.varia.board().seats[{seat}].turn"),
        );
        turns.push(b.js("return window.varia.board().turn").as_u64().unwrap());
        let path = b.js(
            "const a = window.varia.board().actions.find(a => a.kind === 'move' && a.san.length === 2 || a.kind === 'move');\
             return a.paths[0];",
        );
        let path: Vec<String> = path
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        if seat == 2 {
            shot(&b, "quatrochess-seat3");
        }
        click_path(&b, &path);
    }
    assert_eq!(moves(&b).len(), 4);
    turns.sort_unstable();
    turns.dedup();
    assert_eq!(
        turns.len(),
        4,
        "each seat sees the board from its side: {turns:?}"
    );
}

#[test]
fn the_ai_answers() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    b.js("const s = document.querySelector('#seats select[data-seat=\"1\"]'); s.value = 'ai:1'; s.dispatchEvent(new Event('change'));");
    b.wait(
        "black is the AI",
        "return window.varia.board().seats[1].player === 'ai:1'",
    );
    clicks(&b, &["e2", "e4"]);
    b.wait(
        "the AI's answer",
        "return window.varia.board().moves.length === 2",
    );
    // And the analysis runs live.
    b.click("#analyse");
    b.wait(
        "an analysis line",
        "return document.querySelectorAll('#analysis .line').length > 0",
    );
    b.click("#analyse");
    shot(&b, "ai-analysis");
    // The pieces' cards.
    b.click("#tab-pieces");
    let cards = b.wait(
        "the cards",
        "return document.querySelectorAll('#pieces .card').length",
    );
    assert_eq!(cards, 6);
    let text = b.js("return document.getElementById('pieces').textContent");
    assert!(text.as_str().unwrap().contains("knight"), "{text}");
    shot(&b, "pieces");
}

#[test]
fn a_twenty_game_study_finishes_with_its_table() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    b.click("#tab-study");
    b.wait(
        "the study's seats",
        "return document.querySelectorAll('#study-seats select').length === 2",
    );
    b.js("for (const s of document.querySelectorAll('#study-seats select')) s.value = 'random';");
    b.js("document.getElementById('study-plies').value = '150';");
    b.click("#study-start");
    b.wait_for(
        "the study to finish",
        "return document.getElementById('study-status').dataset.finished === 'true'",
        Duration::from_secs(60),
    );
    let status = b.js("return document.getElementById('study-status').textContent");
    assert!(
        status.as_str().unwrap().starts_with("20 of 20 games"),
        "{status}"
    );
    assert_eq!(
        b.js("return document.getElementById('study-progress').value"),
        20
    );
    let rows = b.wait(
        "the table of games",
        "return document.querySelectorAll('#study-table tr').length",
    );
    assert_eq!(rows, 21, "a header and 20 games");
    // The score line counts only finished games, says so, and says how
    // many stopped at the ply cap (the table's count); a score of 0 or 1
    // shows no Elo (its ±1200 is a clamp, not a measure).
    let capped = b.js(
        "return [...document.querySelectorAll('#study-table tr')].filter(r => r.textContent.includes('ply cap')).length",
    );
    let capped = capped.as_u64().unwrap();
    let status = status.as_str().unwrap();
    assert!(
        capped > 0,
        "random players at 150 plies leave some unfinished"
    );
    assert!(
        status.contains(&format!(
            "over {} finished game{}",
            20 - capped,
            if capped == 19 { "" } else { "s" }
        )),
        "{status}"
    );
    assert!(
        status.ends_with(&format!("; {capped} unfinished (ply cap)")),
        "{status}"
    );
    assert!(!status.contains("1200"), "{status}");
    b.wait(
        "the report",
        "const f = document.getElementById('study-report'); return !f.hidden && f.contentDocument && f.contentDocument.querySelector('svg') !== null",
    );
    shot(&b, "study");
    // The first game of the table, replayed on the board move by move.
    b.click("#study-table button[data-game]");
    b.wait(
        "the replayed game",
        "return document.getElementById('pane-play').hidden === false && window.varia.board().can_redo",
    );
    b.click("#redo");
    b.wait(
        "one move on",
        "return window.varia.board().moves.length === 1",
    );
}

#[test]
fn keys_and_typed_moves() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    all_human(&b);
    // The arrow keys move a cursor from a1; Enter clicks: e2, then e4.
    let (right, up, enter) = ("\u{E014}", "\u{E013}", "\u{E007}");
    b.type_into(
        "#board",
        &format!("{}{up}{enter}{up}{up}{enter}", right.repeat(4)),
    );
    b.wait(
        "e4 by keys",
        "return window.varia.board().moves.length === 1",
    );
    // A move typed in the box.
    b.type_into("#move-text", &format!("e5{enter}"));
    b.wait("e5 typed", "return window.varia.board().moves.length === 2");
    assert_eq!(moves(&b), ["e4", "e5"]);
    // A typed mistake is refused in words.
    b.type_into("#move-text", &format!("Ke3{enter}"));
    let m = b.wait(
        "the refusal",
        "return document.getElementById('message').textContent",
    );
    assert!(
        m.as_str()
            .unwrap()
            .contains("Your king on e1 cannot go to e3"),
        "{m}"
    );
    // C on the keyboard's square (still e4) opens the card of its man.
    b.type_into("#board", "c");
    let h = b.wait(
        "the pawn's card by key",
        "const v = document.getElementById('card-view'); return !v.hidden && document.activeElement === v && v.querySelector('h3').textContent",
    );
    assert_eq!(h, "P — pawn");
    // Escape closes it, back to the board.
    b.type_into("#card-view", "\u{E00C}");
    b.wait(
        "the card closed",
        "return document.getElementById('card-view').hidden && document.activeElement.id === 'board'",
    );
}

#[test]
fn a_piece_card_opens_from_the_board_with_its_move_diagram() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    b.wait(
        "the cards",
        "return document.querySelectorAll('#pieces .card').length === 6",
    );
    // A click on the knight on g1 offers its card, which opens under the
    // board.
    b.click("#board rect[data-sq=\"g1\"]");
    let link = b.wait(
        "the card's link",
        "const a = document.getElementById('card-link'); return !a.hidden && a.textContent",
    );
    assert!(link.as_str().unwrap().contains("knight"), "{link}");
    b.click("#card-link");
    b.wait(
        "the card",
        "return !document.getElementById('card-view').hidden && document.querySelector('#card-view .pic svg') !== null",
    );
    let text = b.js("return document.getElementById('card-view').textContent");
    let text = text.as_str().unwrap();
    for words in ["N — knight", "moves N", "pawns", "moves or captures"] {
        assert!(text.contains(words), "{words} in {text}");
    }
    // The diagram: the squares, the knight on d4, eight leaps marked by a
    // dot in a ring.
    let counts = b.js(
        "const s = document.querySelector('#card-view .pic svg');\
         return [s.querySelectorAll('rect').length, s.querySelectorAll('circle[fill=\"#15781b\"]').length,\
                 s.querySelectorAll('circle[stroke=\"#b22222\"]').length, s.querySelectorAll('script').length]",
    );
    assert_eq!(counts, serde_json::json!([65, 8, 8, 0]));
    // Where the dots are drawn (the renderer's 48-unit squares after a
    // 36-unit margin, rank 8 at the top): exactly the knight's 8 squares.
    let squares = b.js(
        "return [...document.querySelectorAll('#card-view .pic svg circle[fill=\"#15781b\"]')].map(c => {\
         const f = Math.floor((Number(c.getAttribute('cx')) - 36) / 48), r = 7 - Math.floor((Number(c.getAttribute('cy')) - 8) / 48);\
         return String.fromCharCode(97 + f) + (r + 1); }).sort()",
    );
    assert_eq!(
        squares,
        serde_json::json!(["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"])
    );
    // The picture taken while the diagram stays where it is (under load
    // the page may still lay out the lines above it).
    let place = "const r = document.querySelector('#card-view .pic svg').getBoundingClientRect(); \
                 return [Math.round(r.left), Math.round(r.top)]";
    let mut p = None;
    for _ in 0..20 {
        b.js("document.querySelector('#card-view .pic svg').scrollIntoView({block: 'center'})");
        b.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))");
        let before = b.js(place);
        let pic = shot(&b, "piece-card");
        if b.js(place) == before {
            p = Some(pic);
            break;
        }
    }
    let p = p.expect("the card's diagram kept moving");
    // As a picture: each dot green, each ring red, the knight's square
    // holding its man, an empty square of the diagram plain.
    let dots = centres(&b, "#card-view .pic svg circle[fill=\"#15781b\"]");
    assert_eq!(dots.len(), 8);
    for &(x, y) in &dots {
        let near = pixels_near(&p, (x - 2, y - 2, 5), [0x15, 0x78, 0x1b]);
        assert!(
            near >= 15,
            "the dot at ({x}, {y}) is drawn green: {near} of 25"
        );
    }
    let rings = b.js(
        "return [...document.querySelectorAll('#card-view .pic svg circle[stroke=\"#b22222\"]')].map(c => {\
         const r = c.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width)]; })",
    );
    for r in rings.as_array().unwrap() {
        let (x, y, w) = (
            r[0].as_u64().unwrap() as usize,
            r[1].as_u64().unwrap() as usize,
            r[2].as_u64().unwrap() as usize,
        );
        let red = pixels_near(&p, (x, y, w), [0xb2, 0x22, 0x22]);
        assert!(red > w, "the ring at ({x}, {y}) is drawn red: {red} pixels");
    }
    let squares = b.js(
        "const s = document.querySelector('#card-view .pic svg'); const r = s.getBoundingClientRect();\
         return [r.left, r.top, r.width / Number(s.getAttribute('width'))];",
    );
    let (left, top, scale) = (
        squares[0].as_f64().unwrap(),
        squares[1].as_f64().unwrap(),
        squares[2].as_f64().unwrap(),
    );
    // d4 and h8 in the picture's own pixels (the renderer's 48-pixel
    // squares after a 36-pixel margin, rank 8 at the top).
    let at = |file: f64, rank: f64| {
        let side = 48.0 * scale;
        (
            (left + (36.0 + file * 48.0) * scale) as usize,
            (top + (8.0 + (7.0 - rank) * 48.0) * scale) as usize,
            side as usize,
        )
    };
    let (knight, _) = standing_out(&p, at(3.0, 3.0));
    assert!(knight > 0.05, "the knight on d4 is drawn ({knight:.3})");
    let (empty, _) = standing_out(&p, at(7.0, 7.0));
    assert!(empty < 0.01, "h8 is plain ({empty:.3})");
    // The Pieces tab: every card with its diagram, the knight's chosen.
    b.click("#tab-pieces");
    let drawn = b.wait(
        "the diagrams",
        "return document.querySelectorAll('#pieces .card .pic svg').length",
    );
    assert!(drawn.as_u64().unwrap() >= 6, "{drawn}");
    assert_eq!(
        b.js("return document.querySelector('#pieces .card.chosen h3').textContent"),
        "N — knight"
    );
    shot(&b, "pieces-with-diagrams");
    // A letter in a hand opens its card too (Echek: the other seat's men).
    b.click("#tab-play");
    open_file(&b, "echek.variant", 2);
    b.wait(
        "echek's cards",
        "return document.querySelector('#pieces .card h3') && [...document.querySelectorAll('#pieces .card h3')].some(h => h.textContent.includes('queen'))",
    );
    b.click("#hands button.inert[data-kind=\"1\"]");
    let link = b.wait(
        "the card's link",
        "const a = document.getElementById('card-link'); return !a.hidden && a.textContent",
    );
    assert!(link.as_str().unwrap().contains("queen"), "{link}");
}

#[test]
fn an_illegal_target_says_why_and_marks_the_squares() {
    let dir = folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    all_human(&b);
    // A blocked path: the rook on a1 has no action; chosen anyway, its
    // target a3 says which square is in the way, and marks it.
    b.click("#board rect[data-sq=\"a1\"]");
    let text = b.wait(
        "the rook's refusal",
        "const m = document.getElementById('message'); return m.querySelector('.why-text') && m.textContent",
    );
    assert!(
        text.as_str()
            .unwrap()
            .starts_with("Your rook on a1 has no legal action"),
        "{text}"
    );
    b.click("#board rect[data-sq=\"a3\"]");
    let text = b.wait(
        "the blocker",
        "const m = document.getElementById('message'); return m.dataset.reason === 'path_blocked' && m.querySelector('.why-text').textContent",
    );
    assert!(text.as_str().unwrap().contains("a2"), "{text}");
    b.wait(
        "the blocker marked",
        "return document.querySelector('#board .why-blocker[data-mark=\"a2\"]') !== null",
    );
    assert_eq!(
        b.js("return document.querySelector('#message .why-rule code').textContent"),
        "piece rook moves \"R\""
    );
    b.js("document.getElementById('fen').value = '4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1'");
    b.click("#from-fen");
    b.wait(
        "the position",
        "return window.varia.board().fen.startsWith('4k3/8/8/8/1b6/2N5/')",
    );
    wait_board(&b);
    // The pinned knight has no legal action: clicked, the page says why
    // and keeps it chosen; its target then gets the same reason, with the
    // attacker and the king marked.
    b.click("#board rect[data-sq=\"c3\"]");
    b.wait(
        "the pin",
        "return document.getElementById('message').dataset.reason === 'pinned'",
    );
    b.wait(
        "the knight chosen",
        "return document.querySelector('#board .mark-sel[data-mark=\"c3\"]') !== null",
    );
    b.js("const m = document.getElementById('message'); m.textContent = ''; delete m.dataset.reason;");
    b.click("#board rect[data-sq=\"e4\"]");
    let text = b.wait(
        "the reason",
        "const m = document.getElementById('message'); return m.dataset.reason === 'pinned' && m.querySelector('.why-text').textContent",
    );
    assert_eq!(
        text,
        "Your knight on c3 is pinned: moving it would leave your king on e1 attacked by Black's bishop on b4."
    );
    b.wait(
        "the marks",
        "return document.querySelector('#board .why-attacker[data-mark=\"b4\"]') !== null \
         && document.querySelector('#board .why-royal[data-mark=\"e1\"]') !== null",
    );
    let p = shot(&b, "refusal-pinned");
    // A long refusal wraps under the board: it does not widen the board's
    // column, which pushed the side panel (moves, Undo) below the board.
    let beside = b.js(
        "const s = document.querySelector('.side').getBoundingClientRect(); \
         const board = document.getElementById('board').getBoundingClientRect(); \
         return s.left >= board.right && s.top < board.bottom",
    );
    assert_eq!(beside, true, "the side panel stays beside the board");
    // The attacker's square framed in red, the king's tinted.
    let (x, y, side) = square_box(&b, "b4");
    let red = pixels_near(&p, (x, y, side), [0xd5, 0x00, 0x00]);
    assert!(red > 2 * side, "b4 framed in red: {red} pixels");
    let (x, y, side) = square_box(&b, "d5");
    assert_eq!(
        pixels_near(&p, (x, y, side), [0xd5, 0x00, 0x00]),
        0,
        "d5 unmarked"
    );
    assert_eq!(moves(&b).len(), 0, "nothing was played");
    // Echek: a queen from the hand where it may not go; the rule quoted
    // with its line, which a click shows in the editor.
    open_file(&b, "echek.variant", 2);
    all_human(&b);
    b.click("#hands button[data-step=\"h:1\"]");
    // (Echek's plane is drawn around its men: a0 to d4 at the start.)
    b.click("#board rect[data-sq=\"d4\"]");
    b.wait(
        "the placement rule",
        "return document.getElementById('message').dataset.reason === 'placement_condition'",
    );
    let rule = b.js("return document.querySelector('#message .why-rule').textContent");
    assert_eq!(
        rule,
        "rule (echek.variant:33): place where touching(own) and not beside(enemy king)"
    );
    shot(&b, "refusal-echek");
    b.click("#message .why-rule button");
    let line = b.wait(
        "the rule's line in the editor",
        "const v = window.varia.view; return v.state.doc.lineAt(v.state.selection.main.head).number",
    );
    assert_eq!(line, 33);
}

/// A man of two steps (`lion`) clicked from its square to a first square
/// (a capture that may go on) and then on to a square its second step
/// cannot reach: the page asks why of the three squares (`c3-d4-f6`) and
/// says so, with its rule and the squares marked.
#[test]
fn a_lion_sent_on_from_its_first_square_says_why() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        format!("{}/tests/fixtures/lion.variant", env!("CARGO_MANIFEST_DIR")),
        dir.path().join("lion_mini.variant"),
    )
    .unwrap();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    open_file(&b, "lion_mini.variant", 2);
    all_human(&b);
    b.js("document.getElementById('fen').value = 'k5/6/3p2/2L3/6/5K w - - 0 1'");
    b.click("#from-fen");
    b.wait(
        "the position",
        "return window.varia.board().fen.startsWith('k5/6/3p2/2L3/') && !window.varia.starting()",
    );
    wait_board(&b);
    b.click("#board rect[data-sq=\"c3\"]");
    b.click("#board rect[data-sq=\"d4\"]");
    // The capture on d4 could end there or go on: the picker waits.
    b.wait(
        "the choice to stop on d4 or go on",
        "return !document.getElementById('picker').hidden",
    );
    b.click("#board rect[data-sq=\"f6\"]");
    let text = b.wait(
        "the lion's refusal",
        "const m = document.getElementById('message'); return m.querySelector('.why-text') && m.querySelector('.why-text').textContent",
    );
    assert_eq!(
        text,
        "Your lion on c3 cannot step to d4 and then to f6: its `lion` steps do not lead so.",
    );
    assert_eq!(
        b.js("return document.querySelector('#message .why-rule code').textContent"),
        "piece lion ... lion"
    );
    b.wait(
        "the squares marked",
        "return document.querySelector('#board .why-from[data-mark=\"c3\"]') !== null \
         && document.querySelector('#board .why-to[data-mark=\"f6\"]') !== null",
    );
    assert_eq!(moves(&b).len(), 0, "nothing was played");
}

#[test]
fn fog_of_war_hides_each_view_from_the_other_person_at_one_page() {
    let dir = folder();
    std::fs::copy(
        format!(
            "{}/variants/catalogue/fogofwar.variant",
            env!("CARGO_MANIFEST_DIR")
        ),
        dir.path().join("fogofwar.variant"),
    )
    .unwrap();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    open_file(&b, "fogofwar.variant", 2);
    all_human(&b);
    assert_eq!(
        b.js("return document.getElementById('fen').value"),
        "(fog of war: the position is hidden)"
    );
    assert_eq!(b.js("return window.varia.board().view"), 0);
    assert_eq!(
        b.js("const s = document.getElementById('view'); return [s.value, s.disabled].join()"),
        "0,true"
    );
    b.type_into("#move-text", "e4\u{E007}");
    // Black's turn: the board waits behind a button, drawn for nobody.
    let text = b.wait(
        "the screen passed",
        "const x = document.querySelector('#board button'); return x && x.textContent",
    );
    assert_eq!(
        text,
        "Fog of war: black to play. Pass the screen to black, then click to show the board."
    );
    assert_eq!(
        b.js("return document.querySelectorAll('#board svg, #board rect').length"),
        0
    );
    // The panel already says whose turn it is.
    assert_eq!(
        b.js("return document.getElementById('result').textContent"),
        "black to act"
    );
    shot(&b, "fog-pass-the-screen");
    b.click("#board button");
    wait_board(&b);
    // Black's view: its own men, not White's pawn on e4, and White's move
    // is not named.
    assert_eq!(b.js("return window.varia.board().view"), 1);
    // The "View from" box names the seat drawn, and is not a choice; the
    // board is turned to that seat's side (Black's eighth rank at the
    // bottom).
    assert_eq!(
        b.js("const s = document.getElementById('view'); return [s.value, s.disabled].join()"),
        "1,true"
    );
    assert_eq!(
        b.js("return [document.getElementById('flip').disabled, document.getElementById('rotate').disabled].join()"),
        "true,true"
    );
    let turned = b.wait(
        "the board turned to Black",
        "const p = window.varia.board(); return p.turn === p.seats[1].turn && p.turn !== p.seats[0].turn ? p.turn : null",
    );
    assert_eq!(
        b.js("const a = document.querySelector('#board rect[data-sq=\"a8\"]'), h = document.querySelector('#board rect[data-sq=\"h8\"]'); return Number(a.getAttribute('x')) > Number(h.getAttribute('x'))"),
        true,
        "Black's side lowest means a8 to the right of h8 (turn {turned})"
    );
    assert_eq!(
        b.js("const m = window.varia.board().men; return [('e8' in m), ('e4' in m), ('e1' in m)].join()"),
        "true,false,false"
    );
    assert_eq!(moves(&b), ["?"]);
    shot(&b, "fog-black-view");
}

/// Four-player free-for-all with points (`score ...`): each seat's live
/// points beside its name; a seat that resigns is out (the game goes on)
/// and greyed, its points as the engine counts them.
#[test]
fn four_players_show_their_points_and_who_is_out() {
    let d = catalogue_folder(&["fourplayer.variant"]);
    let Some((_s, b, _g)) = setup(&[d.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    open_file(&b, "fourplayer.variant", 4);
    all_human(&b);
    b.wait(
        "four people",
        "return window.varia.board().seats.every(s => s.player === 'human') && window.varia.board().scored",
    );
    let shown = || {
        b.js("return [...document.querySelectorAll('#seats .seat')].map(s => [s.classList.contains('out'), s.querySelector('.points') && s.querySelector('.points').textContent.trim()])")
    };
    assert_eq!(
        shown(),
        serde_json::json!([
            [false, "0 points"],
            [false, "0 points"],
            [false, "0 points"],
            [false, "0 points"]
        ])
    );
    // Red, to act, resigns: out, and the game goes on with blue.
    b.click("#resign");
    b.wait(
        "red out",
        "const p = window.varia.board(); return p.seats[0].out && p.to_move === 1 && !p.over",
    );
    let seats = b.js("return window.varia.board().seats.map(s => [s.out, s.points])");
    let want: Vec<serde_json::Value> = seats
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let n = s[1].as_u64().unwrap();
            serde_json::json!([
                s[0],
                format!("{n} {}", if n == 1 { "point" } else { "points" })
            ])
        })
        .collect();
    assert_eq!(shown(), serde_json::Value::Array(want));
    let red = b.js("return document.querySelector('#seats .seat').textContent");
    assert!(red.as_str().unwrap().contains("(out)"), "{red}");
    // Greyed: its background is not the live seats' white.
    let bg =
        b.js("return getComputedStyle(document.querySelector('#seats .seat.out')).backgroundColor");
    assert_ne!(bg, "rgb(255, 255, 255)", "{bg}");
    b.js("document.getElementById('seats').scrollIntoView()");
    shot(&b, "fourplayer-red-out");
}

/// A four-player game that ends on most points: the 50-move rule (200
/// actions of the four without a capture or a pawn move) after red's
/// queen checks two kings at once (5 points: 28 + 5 = 33, one more than
/// blue's 30). The page shows every seat's points, those of the last
/// action included, and names the winner by points.
#[test]
fn four_players_end_on_most_points_and_the_page_names_them() {
    let d = catalogue_folder(&["fourplayer.variant"]);
    let Some((_s, b, _g)) = setup(&[d.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    open_file(&b, "fourplayer.variant", 4);
    all_human(&b);
    let fen = "***3yK4***/***8***/***8***/2rQ5bP5/14/14/13gK/bK13/14/14/14/***8***/***8***/***4rK3***<score:28/30/5/0> r - - 199 1";
    b.js(&format!("document.getElementById('fen').value = '{fen}'"));
    b.click("#from-fen");
    b.wait(
        "the position",
        "return window.varia.board().fen.includes('<score:28/30/5/0>')",
    );
    wait_board(&b);
    let shown = || {
        b.js("return [...document.querySelectorAll('#seats .seat .points')].map(s => s.textContent.trim())")
    };
    assert_eq!(
        shown(),
        serde_json::json!(["28 points", "30 points", "5 points", "0 points"])
    );
    clicks(&b, &["c11", "g7"]);
    b.wait("the end", "return window.varia.board().over");
    assert_eq!(
        shown(),
        serde_json::json!(["33 points", "30 points", "5 points", "0 points"])
    );
    let text = b.js("return document.getElementById('result').textContent");
    let text = text.as_str().unwrap();
    assert!(text.contains("red wins ("), "{text}");
    assert!(
        text.ends_with("points: red 33, blue 30, yellow 5, green 0)."),
        "{text}"
    );
    assert_eq!(
        b.js("return document.getElementById('result').dataset.over"),
        "true"
    );
    // The board's legend names nobody as to move once the game is over.
    assert_eq!(
        b.js("return window.varia.board().svg.includes('(to move)')"),
        false
    );
    // The legend under the board gives each player's points too.
    assert_eq!(
        b.js("return ['red — 33 points', 'blue — 30 points', 'yellow — 5 points', 'green — 0 points'].map(l => window.varia.board().svg.includes(l))"),
        serde_json::json!([true, true, true, true])
    );
    b.js("document.getElementById('result').scrollIntoView()");
    shot(&b, "fourplayer-most-points");
    b.js("document.getElementById('seats').scrollIntoView()");
    shot(&b, "fourplayer-most-points-seats");
}
