//! `varia serve` in a real browser (headless Chromium through WebDriver),
//! for what a game holds besides the board: hostages in prisons, and men
//! face down whose kinds no player may see. Set `VARIA_SCREENSHOTS=DIR` to
//! keep the screenshots.
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

/// The kinds and counts one seat's prison holds, as the page was told.
fn prison(b: &Browser, seat: usize) -> Vec<(u64, u64)> {
    b.js(&format!(
        "return window.varia.board().seats[{seat}].prison.map(h => [h.kind, h.count])"
    ))
    .as_array()
    .unwrap()
    .iter()
    .map(|h| (h[0].as_u64().unwrap(), h[1].as_u64().unwrap()))
    .collect()
}

/// Hostage chess by clicks: a capture fills the capturer's prison, shown
/// beside its hand; an exchange is chosen by clicking the hostage given,
/// then the own man taken back, then a marked square.
#[test]
fn hostage_exchange_by_clicks_on_the_prisons() {
    let dir = catalogue_folder(&["hostage.variant"]);
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    open_file(&b, "hostage.variant", 2);
    all_human(&b);
    clicks(&b, &["e2", "e4"]);
    clicks(&b, &["d7", "d5"]);
    assert!(prison(&b, 0).is_empty());
    clicks(&b, &["e4", "d5"]);
    let white = prison(&b, 0);
    assert_eq!(white.len(), 1, "{white:?}");
    let (pawn, count) = white[0];
    assert_eq!(count, 1);
    let shown = b.js(
        "return [...document.querySelectorAll('#hands button.hostage')].map(b => b.textContent)",
    );
    assert_eq!(shown, serde_json::json!(["p ×1"]), "{shown}");
    clicks(&b, &["d8", "d5"]);
    assert_eq!(prison(&b, 1), vec![(pawn, 1)]);
    let shown = b
        .js("return [...document.querySelectorAll('#hands .hand')].map(d => d.textContent.trim())");
    assert_eq!(
        shown,
        serde_json::json!(["white: prison: p ×1", "black: prison: P ×1"]),
        "{shown}"
    );
    shot(&b, "hostage-prisons");
    // White gives its hostage (a black pawn) and takes its own pawn back.
    b.click(&format!("#hands button[data-step=\"p:{pawn}\"]"));
    b.click(&format!("#hands button[data-step=\"r:{pawn}\"]"));
    let targets = b.wait(
        "the squares the pawn taken back may go to",
        "return document.querySelectorAll('#board .mark-target').length",
    );
    // The marked squares are the exchange's: the empty squares of ranks 2
    // to 7 (a pawn is never put on the first or last rank).
    let squares = b.js(&format!(
        "return window.varia.board().actions.filter(a => a.paths[0][0] === 'p:{pawn}').map(a => a.paths[0][2])"
    ));
    let squares: Vec<&str> = squares
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(
        targets.as_u64().unwrap() as usize,
        squares.len(),
        "{squares:?}"
    );
    assert!(
        squares.len() > 20 && squares.contains(&"s:e4"),
        "{squares:?}"
    );
    assert!(
        squares
            .iter()
            .all(|s| !s.ends_with('1') && !s.ends_with('8')),
        "{squares:?}"
    );
    // A square the pawn may not go to is refused with the reason, asked
    // as the exchange typed (`P-P@d8`): a pawn is never put on rank 8.
    b.click("#board rect[data-sq=\"d8\"]");
    b.wait(
        "the reason for d8",
        "return document.getElementById('message').dataset.reason === 'placement_condition'",
    );
    let said = b.js("return document.getElementById('message').textContent");
    assert!(said.as_str().unwrap().contains("d8"), "{said}");
    b.click(&format!("#hands button[data-step=\"p:{pawn}\"]"));
    b.click(&format!("#hands button[data-step=\"r:{pawn}\"]"));
    clicks(&b, &["e4"]);
    let ms = moves(&b);
    assert_eq!(ms.len(), 5, "{ms:?}");
    assert!(ms[4].starts_with("P-P@e4"), "{ms:?}");
    // Both prisons are empty again; the black pawn is in Black's hand.
    assert!(prison(&b, 0).is_empty() && prison(&b, 1).is_empty());
    let hand = b.js("return window.varia.board().seats[1].hand.map(h => [h.kind, h.count])");
    assert_eq!(hand, serde_json::json!([[pawn, 1]]), "{hand}");
    let p = shot(&b, "hostage");
    check_board(&b, &p, &["e4", "d5", "a1", "h8"], &["e5", "c4"]);
}

/// Jieqi in the page: covered men are drawn, move as the man of their
/// square, and neither the FEN the page holds nor its text names a hidden
/// kind; the start FEN (which would) is withheld while the game goes on.
#[test]
fn jieqi_men_stay_face_down_in_the_page() {
    let dir = catalogue_folder(&["jieqi.variant"]);
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_board(&b);
    open_file(&b, "jieqi.variant", 2);
    all_human(&b);
    let hidden_only = |b: &Browser| {
        let fen = b.js("return window.varia.board().fen");
        let fen = fen.as_str().unwrap().to_string();
        let i = fen.find("<faces:").unwrap_or_else(|| panic!("{fen}")) + 7;
        let faces = &fen[i..fen[i..].find('>').unwrap() + i];
        // A hidden kind is `?`; a revealed one `=K`: no bare letter.
        let mut chars = faces.chars().peekable();
        let mut revealed = 0;
        while let Some(c) = chars.next() {
            match c {
                '?' => {}
                '=' => {
                    chars.next().unwrap();
                    revealed += 1;
                }
                _ => panic!("{c} names a hidden kind: {fen}"),
            }
        }
        assert!(b.js("return window.varia.board().start_fen").is_null());
        revealed
    };
    assert_eq!(hidden_only(&b), 0);
    // a1's covered man moves as a chariot.
    clicks(&b, &["a1", "a3"]);
    assert_eq!(
        hidden_only(&b),
        1,
        "{:?} {}",
        moves(&b),
        b.js("return window.varia.board().fen")
    );
    clicks(&b, &["a7", "a6"]);
    assert_eq!(hidden_only(&b), 2);
    // Covered men (b1, c1, b3) and the revealed one (a3) are drawn.
    let p = shot(&b, "jieqi");
    for sq in ["b1", "c1", "b3", "a3"] {
        let (share, _) = standing_out(&p, square_box(&b, sq));
        assert!(
            share > 0.05,
            "the man on {sq} does not stand out ({share:.3})"
        );
    }
}
