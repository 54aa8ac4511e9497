//! `varia serve` on a variant of two boards (`boards 2`: bughouse): the
//! API's two-board games, and the page in a real browser (headless
//! Chromium through WebDriver): both boards side by side, a capture on one
//! board arriving in the partner's hand on the other, a drop from that hand
//! by clicks, and a mate on one board ending the game for all four. Set
//! `VARIA_SCREENSHOTS=DIR` to keep the screenshots.
//!
//! Needs Debian's `chromium` and `chromium-driver` for the browser test;
//! without them it fails, unless `VARIA_SKIP_BROWSER=1`.

#[path = "serve/http.rs"]
mod http;
#[path = "serve/page.rs"]
mod page;
#[path = "serve/webdriver.rs"]
mod webdriver;

use page::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A folder holding the catalogue's bughouse on two boards.
fn bughouse_folder() -> tempfile::TempDir {
    catalogue_folder(&["bughouse2.variant"])
}

fn new_game(s: &Server, players: &[&str]) -> Value {
    s.ok(
        "/api/game",
        &json!({"name": "bughouse2.variant", "seed": 7, "players": players}),
    )
}

/// The index of a board's action by its SAN.
fn action(p: &Value, board: usize, san: &str) -> u64 {
    p["boards"][board]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["san"] == san)
        .unwrap_or_else(|| panic!("no {san} on board {board}"))["i"]
        .as_u64()
        .unwrap()
}

fn play(s: &Server, p: &Value, board: usize, san: &str) -> Value {
    let id = p["id"].as_u64().unwrap();
    s.ok(
        &format!("/api/game/{id}/act"),
        &json!({"board": board, "action": action(p, board, san), "change": p["boards"][board]["change"]}),
    )
}

/// The API: a `boards 2` variant starts a game of four seats on two
/// boards (not one board played alone); a capture goes to the partner's
/// hand on the other board; a stale click is refused by its board only;
/// operations of one board not carried out are refused with a sentence.
#[test]
fn the_api_plays_two_boards_with_four_seats() {
    let dir = bughouse_folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let p = new_game(&s, &["human", "human", "human", "human"]);
    assert_eq!(p["two_boards"], true, "{p}");
    assert_eq!(p["seats"].as_array().unwrap().len(), 4);
    let names: Vec<&str> = p["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["WhiteA", "BlackA", "WhiteB", "BlackB"]);
    // Each board's legend names its seats.
    let svg = |p: &Value, i: usize| p["boards"][i]["svg"].as_str().unwrap().to_string();
    assert!(svg(&p, 0).contains("WhiteA (to move)"), "{}", svg(&p, 0));
    assert!(svg(&p, 0).contains("BlackA"), "{}", svg(&p, 0));
    assert!(svg(&p, 1).contains("WhiteB (to move)"), "{}", svg(&p, 1));
    assert!(svg(&p, 1).contains("BlackB"), "{}", svg(&p, 1));
    // Board B is drawn half a turn from board A.
    assert_eq!(p["boards"][0]["turn"], 0);
    assert_eq!(p["boards"][1]["turn"], 2);
    assert_eq!(p["boards"][0]["actions"].as_array().unwrap().len(), 20);
    // Four seats are asked for, not two.
    let two = s.post(
        "/api/game",
        &json!({"name": "bughouse2.variant", "players": ["human", "human"]}),
    );
    assert_eq!(two.status, 400, "{}", two.text());
    assert!(two.text().contains("4 seats"), "{}", two.text());
    let p = play(&s, &p, 0, "e4");
    let p = play(&s, &p, 0, "d5");
    let b_change = p["boards"][1]["change"].clone();
    let p = play(&s, &p, 0, "exd5");
    // WhiteA took a pawn: BlackB (WhiteA's partner, on board B) holds it.
    assert_eq!(p["seats"][3]["hand"][0]["count"], 1, "{}", p["seats"]);
    assert_eq!(p["seats"][3]["hand"][0]["letter"], "p");
    assert!(p["seats"][0]["hand"].as_array().unwrap().is_empty());
    assert_ne!(p["boards"][1]["change"], b_change);
    let id = p["id"].as_u64().unwrap();
    // A click made before the man arrived on board B is stale there.
    let stale = s.post(
        &format!("/api/game/{id}/act"),
        &json!({"board": 1, "text": "e4", "change": b_change}),
    );
    assert_eq!(stale.status, 409, "{}", stale.text());
    let p = s.ok(
        &format!("/api/game/{id}/act"),
        &json!({"board": "B", "text": "e4"}),
    );
    let p = play(&s, &p, 1, "P@e5");
    assert!(p["seats"][3]["hand"].as_array().unwrap().is_empty());
    let m = p["moves"].as_array().unwrap();
    let shown: Vec<String> = m
        .iter()
        .map(|x| {
            format!(
                "{} {}",
                x["number"].as_str().unwrap(),
                x["san"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        shown,
        ["1A. e4", "1a. d5", "2A. exd5", "1B. e4", "1b. P@e5"]
    );
    // Which board: asked for, and checked.
    let no_board = s.post(&format!("/api/game/{id}/act"), &json!({"text": "Qxd5"}));
    assert_eq!(no_board.status, 400, "{}", no_board.text());
    assert!(
        no_board.text().contains("which board"),
        "{}",
        no_board.text()
    );
    // Undo takes back the drop (every seat a person's: one move); the
    // pawn is in BlackB's hand again.
    let back = s.ok(&format!("/api/game/{id}/undo"), &json!({}));
    assert_eq!(back["moves"].as_array().unwrap().len(), 4);
    assert_eq!(back["seats"][3]["hand"][0]["count"], 1, "{}", back["seats"]);
    assert_eq!(back["can_undo"], true);
    let p = play(&s, &back, 1, "P@e5");
    assert_eq!(p["moves"].as_array().unwrap().len(), 5);
    let card = s.post(&format!("/api/game/{id}/draw"), &json!({}));
    assert_eq!(card.status, 422, "{}", card.text());
    assert!(card.text().contains("two boards"), "{}", card.text());
    // The analysis is of one board: which one, asked for.
    let analysis = s.post("/api/analysis/start", &json!({"game": id}));
    assert_eq!(analysis.status, 400, "{}", analysis.text());
    assert!(
        analysis.text().contains("which board"),
        "{}",
        analysis.text()
    );
    let analysis = s.ok("/api/analysis/start", &json!({"game": id, "board": "B"}));
    assert_eq!(analysis["analysing"], id, "{analysis}");
    s.ok("/api/analysis/stop", &json!({}));
    // The record is BPGN, and `varia replay` would read it: its moves in
    // the order played.
    let rec = s.ok(&format!("/api/game/{id}/save"), &json!({"format": "bpgn"}));
    let text = rec["record"].as_str().unwrap();
    assert!(text.contains("[WhiteA \"human\"]"), "{text}");
    assert!(
        text.contains("1A. e4 1a. d5 2A. exd5 1B. e4 1b. P@e5 *"),
        "{text}"
    );
}

/// A folder holding bughouse on two boards where a repeated position
/// (twice) lets the player to move claim a draw.
fn claim_folder() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(format!(
        "{}/variants/catalogue/bughouse2.variant",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .replace("variant bughouse2 ", "variant claimhouse ")
    .replace("repetition 3 -> draw", "repetition 2 -> claim draw");
    std::fs::write(d.path().join("claimhouse.variant"), text).unwrap();
    d
}

/// Redo after undo, on whichever board the move was; a resignation for a
/// team ends both boards (the result for all four, and in BPGN), and undo
/// takes it back by itself.
#[test]
fn two_boards_redo_and_resign() {
    let dir = bughouse_folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let p = new_game(&s, &["human", "human", "human", "human"]);
    let id = p["id"].as_u64().unwrap();
    assert_eq!(p["can_redo"], false);
    let nothing = s.post(&format!("/api/game/{id}/redo"), &json!({}));
    assert_eq!(nothing.status, 422, "{}", nothing.text());
    assert!(
        nothing.text().contains("nothing to redo"),
        "{}",
        nothing.text()
    );
    let p = play(&s, &p, 0, "e4");
    let p = play(&s, &p, 1, "d4");
    let p = play(&s, &p, 0, "d5");
    let p = play(&s, &p, 0, "exd5");
    assert_eq!(p["seats"][3]["hand"][0]["count"], 1, "{}", p["seats"]);
    // Two moves back (every seat a person's: one at a time), then redone
    // in order: the capture sends its pawn to BlackB's hand again.
    s.ok(&format!("/api/game/{id}/undo"), &json!({}));
    let back = s.ok(&format!("/api/game/{id}/undo"), &json!({}));
    assert_eq!(back["moves"].as_array().unwrap().len(), 2);
    assert_eq!(back["can_redo"], true);
    assert!(back["seats"][3]["hand"].as_array().unwrap().is_empty());
    let again = s.ok(&format!("/api/game/{id}/redo"), &json!({}));
    assert_eq!(again["moves"][2]["san"], "d5");
    let again = s.ok(&format!("/api/game/{id}/redo"), &json!({}));
    assert_eq!(again["moves"][3]["san"], "exd5");
    assert_eq!(again["seats"][3]["hand"][0]["count"], 1);
    assert_eq!(again["can_redo"], false);
    // A new move clears what was taken back.
    s.ok(&format!("/api/game/{id}/undo"), &json!({}));
    let p = s.ok(
        &format!("/api/game/{id}/act"),
        &json!({"board": 1, "text": "e5"}),
    );
    assert_eq!(p["can_redo"], false);
    // People at every seat: which seat resigns is asked for.
    let which = s.post(&format!("/api/game/{id}/resign"), &json!({}));
    assert_eq!(which.status, 400, "{}", which.text());
    // BlackB resigns: BlackB's team (with WhiteA) loses on both boards.
    let over = s.ok(&format!("/api/game/{id}/resign"), &json!({"seat": 3}));
    assert_eq!(over["over"], true);
    assert_eq!(over["result"], "0-1");
    assert_eq!(over["sentence"], "BlackA and WhiteB win (BlackB resigned).");
    for i in 0..2 {
        assert!(over["boards"][i]["actions"].as_array().unwrap().is_empty());
    }
    let late = s.post(
        &format!("/api/game/{id}/act"),
        &json!({"board": 0, "text": "Nc3"}),
    );
    assert_eq!(late.status, 422, "{}", late.text());
    let twice = s.post(&format!("/api/game/{id}/resign"), &json!({"seat": 0}));
    assert_eq!(twice.status, 422, "{}", twice.text());
    let rec = s.ok(&format!("/api/game/{id}/save"), &json!({"format": "bpgn"}));
    let text = rec["record"].as_str().unwrap();
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(
        text.contains("{BlackA and WhiteB win (BlackB resigned)} 0-1"),
        "{text}"
    );
    // Undo takes the resignation back, and only it.
    let back = s.ok(&format!("/api/game/{id}/undo"), &json!({}));
    assert_eq!(back["over"], false);
    assert_eq!(back["moves"].as_array().unwrap().len(), 4);
    // With people on one team only, that team's person resigns unnamed;
    // an AI's seat is not resigned from the page.
    let p = new_game(&s, &["random", "human", "human", "random"]);
    let id = p["id"].as_u64().unwrap();
    let ai = s.post(&format!("/api/game/{id}/resign"), &json!({"seat": 0}));
    assert_eq!(ai.status, 409, "{}", ai.text());
    let over = s.ok(&format!("/api/game/{id}/resign"), &json!({}));
    assert_eq!(over["result"], "1-0", "{over}");
    assert!(
        over["sentence"]
            .as_str()
            .unwrap()
            .contains("(BlackA resigned)"),
        "{}",
        over["sentence"]
    );
}

/// A draw the rules let the player to move claim on a board draws the
/// whole game; where there is none, the claim is refused.
#[test]
fn two_boards_claim_a_draw() {
    let dir = claim_folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let p = s.ok(
        "/api/game",
        &json!({"name": "claimhouse.variant", "seed": 7, "players": ["human", "human", "human", "human"]}),
    );
    let id = p["id"].as_u64().unwrap();
    assert_eq!(p["boards"][0]["can_claim"], false);
    let none = s.post(&format!("/api/game/{id}/claim"), &json!({"board": 0}));
    assert_eq!(none.status, 422, "{}", none.text());
    assert!(
        none.text().contains("no draw can be claimed on board A"),
        "{}",
        none.text()
    );
    let p = play(&s, &p, 0, "Nf3");
    let p = play(&s, &p, 0, "Nf6");
    let p = play(&s, &p, 0, "Ng1");
    let p = play(&s, &p, 0, "Ng8");
    assert_eq!(p["boards"][0]["can_claim"], true, "{}", p["boards"][0]);
    assert_eq!(p["boards"][1]["can_claim"], false);
    let drawn = s.ok(&format!("/api/game/{id}/claim"), &json!({"board": "A"}));
    assert_eq!(drawn["over"], true);
    assert_eq!(drawn["result"], "1/2-1/2");
    assert!(
        drawn["claimed"].as_str().unwrap().starts_with("board A: "),
        "{drawn}"
    );
    assert!(
        drawn["sentence"]
            .as_str()
            .unwrap()
            .starts_with("draw (board A: "),
        "{}",
        drawn["sentence"]
    );
}

/// Why a move is refused on a board of two: a click on an empty square,
/// a man that may not go where it is sent, a typed move, a drop the rules
/// forbid; each sentence names its board, its squares marked; once the
/// game is over, that it is.
#[test]
fn two_boards_say_why() {
    let dir = bughouse_folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let p = new_game(&s, &["human", "human", "human", "human"]);
    let id = p["id"].as_u64().unwrap();
    let why = |body: Value| s.ok(&format!("/api/game/{id}/why"), &body)["explanation"].clone();
    let e = why(json!({"board": 0, "from": "e4"}));
    assert_eq!(e["text"], "Board A: There is no man on e4.", "{e}");
    let e = why(json!({"board": 1, "from": "e2", "to": "e5"}));
    assert!(e["text"].as_str().unwrap().starts_with("Board B: "), "{e}");
    assert_eq!(e["legal"], false);
    assert!(
        e["squares"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["square"] == "e2"),
        "{e}"
    );
    // Board B's black men are not WhiteB's to move.
    let e = why(json!({"board": 1, "from": "e7", "to": "e5"}));
    assert!(e["text"].as_str().unwrap().contains("is not yours"), "{e}");
    // Which board, asked for.
    let no = s.post(&format!("/api/game/{id}/why"), &json!({"from": "e2"}));
    assert_eq!(no.status, 400, "{}", no.text());
    // A typed move refused says why, as one board does.
    let t = s.post(
        &format!("/api/game/{id}/act"),
        &json!({"board": 0, "text": "e5"}),
    );
    assert_eq!(t.status, 422, "{}", t.text());
    let t = t.json();
    assert!(t["error"].as_str().unwrap().starts_with("Board A: "), "{t}");
    assert_eq!(t["explanation"]["legal"], false, "{t}");
    // A pawn may not be dropped on the first rank (`place pawn where not
    // in back_ranks`).
    let p = play(&s, &p, 0, "e4");
    let p = play(&s, &p, 0, "d5");
    let p = play(&s, &p, 0, "exd5");
    let p = play(&s, &p, 1, "e4");
    let e = why(json!({"board": 1, "piece": "P", "to": "a8", "change": p["boards"][1]["change"]}));
    assert_eq!(e["legal"], false, "{e}");
    assert!(e["text"].as_str().unwrap().starts_with("Board B: "), "{e}");
    let stale = s.post(
        &format!("/api/game/{id}/why"),
        &json!({"board": 1, "from": "e2", "change": 0}),
    );
    assert_eq!(stale.status, 409, "{}", stale.text());
    // Over: said so, on either board.
    s.ok(&format!("/api/game/{id}/resign"), &json!({"seat": 0}));
    let e = why(json!({"board": 1, "from": "d2"}));
    assert!(
        e["text"]
            .as_str()
            .unwrap()
            .starts_with("Board B: The game is over: BlackA and WhiteB win"),
        "{e}"
    );
}

/// "AI move" on two boards: the AI plays one action for the person to
/// move on the board named, and only that one (every seat a person's);
/// the board is asked for, and a game that is over refuses it.
#[test]
fn the_ai_plays_one_move_for_a_person_on_the_board_named() {
    let dir = bughouse_folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let p = new_game(&s, &["human", "human", "human", "human"]);
    let id = p["id"].as_u64().unwrap();
    let no_board = s.post(&format!("/api/game/{id}/ai"), &json!({}));
    assert_eq!(no_board.status, 400, "{}", no_board.text());
    assert!(
        no_board.text().contains("which board"),
        "{}",
        no_board.text()
    );
    let p = s.ok(
        &format!("/api/game/{id}/ai"),
        &json!({"board": "B", "level": 1}),
    );
    assert!(
        p.get("ai_once").is_none() && p.get("ai_board").is_none(),
        "{p}"
    );
    let get = || s.get(&format!("/api/game/{id}")).json();
    let t0 = Instant::now();
    let mut p = get();
    while p["moves"].as_array().unwrap().is_empty() {
        assert!(t0.elapsed() < Duration::from_secs(30), "no AI move: {p}");
        std::thread::sleep(Duration::from_millis(50));
        p = get();
    }
    // One move, by WhiteB on board B; then the people's turn again.
    std::thread::sleep(Duration::from_millis(600));
    let p = get();
    let moves = p["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{}", p["moves"]);
    assert_eq!(moves[0]["board"], 1, "{}", moves[0]);
    assert_eq!(moves[0]["seat"], 2, "{}", moves[0]);
    assert_eq!(p["boards"][1]["human"], true);
    assert_eq!(p["thinking"], false);
    s.ok(&format!("/api/game/{id}/resign"), &json!({"seat": 0}));
    let over = s.post(&format!("/api/game/{id}/ai"), &json!({"board": 0}));
    assert_eq!(over.status, 422, "{}", over.text());
    assert!(over.text().contains("the game is over"), "{}", over.text());
}

/// The AI seats play their own boards at once: with WhiteA a person and
/// the three other seats the AI, board B goes on by itself while board A
/// waits for WhiteA; WhiteA's move is answered by BlackA.
#[test]
fn ai_seats_play_their_own_boards() {
    let dir = bughouse_folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let p = new_game(&s, &["human", "random", "random", "random"]);
    let id = p["id"].as_u64().unwrap();
    let get = || s.get(&format!("/api/game/{id}")).json();
    let on = |p: &Value, board: u64| {
        p["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["board"] == board)
            .count()
    };
    let t0 = Instant::now();
    let mut p = get();
    while on(&p, 1) < 4 && p["over"] == false {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "board B stands: {p}"
        );
        std::thread::sleep(Duration::from_millis(50));
        p = get();
    }
    assert_eq!(on(&p, 0), 0, "board A waits for WhiteA: {}", p["moves"]);
    assert_eq!(p["boards"][0]["human"], true);
    let p = play(&s, &p, 0, "e4");
    let t0 = Instant::now();
    let mut p = p;
    while on(&p, 0) < 2 {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "BlackA does not answer: {p}"
        );
        std::thread::sleep(Duration::from_millis(50));
        p = get();
    }
    // Only the person's seat may be played from the page.
    let p = get();
    if p["over"] == false && p["boards"][1]["human"] == false {
        let a = s.post(
            &format!("/api/game/{id}/act"),
            &json!({"board": 1, "action": 0}),
        );
        assert_eq!(a.status, 409, "{}", a.text());
        assert!(a.text().contains("the AI plays"), "{}", a.text());
    }
}

/// The square `sq` of board `i` on the screen: (x, y, side).
fn square_on(b: &Browser, i: usize, sq: &str) -> (usize, usize, usize) {
    let v = b.js(&format!(
        "const r = document.querySelector('#two-board-{i} rect[data-sq=\"{sq}\"]').getBoundingClientRect();\
         return [r.left, r.top, r.width];"
    ));
    let f = |k: usize| v[k].as_f64().unwrap().round() as usize;
    (f(0), f(1), f(2))
}

fn two_moves(b: &Browser) -> Vec<String> {
    b.js("return [...document.querySelectorAll('#two-moves li')].map(l => l.textContent.trim())")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// Click steps on board `i` (squares, `hand:K` for a man in hand) and
/// wait for the move to be played.
fn board_clicks(b: &Browser, i: usize, steps: &[&str]) {
    let before = two_moves(b).len();
    for s in steps {
        if let Some(k) = s.strip_prefix("hand:") {
            b.click(&format!(
                ".two-board[data-board=\"{i}\"] button[data-step=\"h:{k}\"]"
            ));
        } else {
            b.click(&format!("#two-board-{i} rect[data-sq=\"{s}\"]"));
        }
    }
    let t0 = Instant::now();
    while two_moves(b).len() == before {
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "{steps:?} on board {i} played nothing; message: {}",
            b.js("return document.getElementById('two-message').textContent")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Bughouse in the page: both boards, board B turned; WhiteA's capture
/// lands in BlackB's hand on board B, BlackB drops it by clicks, and
/// BlackA's mate on board A ends the game for all four.
#[test]
fn bughouse_in_the_page_on_two_boards() {
    let dir = bughouse_folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_two_boards(&b);
    assert_eq!(b.js("return document.getElementById('one').hidden"), true);
    // Hidden on the screen too, not only marked so.
    assert_eq!(
        b.js("return getComputedStyle(document.getElementById('one')).display"),
        "none"
    );
    // Every seat a person.
    b.js(
        "const all = document.querySelectorAll('#seats select'); for (const s of all) s.value = 'human';\
          all[3].dispatchEvent(new Event('change'));",
    );
    b.wait(
        "people at the four seats",
        "return window.varia.board().seats.length === 4 && window.varia.board().seats.every(s => s.player === 'human')",
    );
    // Board B faces the other way: its eighth rank is at the bottom.
    let (_, a1_y, _) = square_on(&b, 0, "e1");
    let (_, a8_y, _) = square_on(&b, 0, "e8");
    let (_, b1_y, _) = square_on(&b, 1, "e1");
    let (_, b8_y, _) = square_on(&b, 1, "e8");
    assert!(a1_y > a8_y && b1_y < b8_y, "{a1_y} {a8_y} {b1_y} {b8_y}");
    board_clicks(&b, 0, &["e2", "e4"]);
    board_clicks(&b, 0, &["d7", "d5"]);
    board_clicks(&b, 0, &["e4", "d5"]);
    // The pawn WhiteA took is in BlackB's hand, under board B.
    let hand = b.js("return document.getElementById('two-hand-1-bottom').textContent.trim()");
    assert_eq!(hand, "BlackB: p ×1", "{hand}");
    let pawn = b.js("return window.varia.board().seats[3].hand[0].kind");
    let pawn = pawn.as_u64().unwrap();
    // WhiteB moves, then BlackB drops the pawn by two clicks.
    board_clicks(&b, 1, &["e2", "e4"]);
    b.click(&format!(
        "#two-hand-1-bottom button[data-step=\"h:{pawn}\"]"
    ));
    let targets = b.wait(
        "the squares the pawn may be dropped on",
        "return document.querySelectorAll('#two-board-1 .mark-target').length",
    );
    // The empty squares of ranks 2 to 7: 48, less the 7 white pawns on
    // rank 2, the one on e4 and the 8 black pawns.
    assert_eq!(targets.as_u64().unwrap(), 32, "{targets}");
    board_clicks(&b, 1, &["e5"]);
    let ms = two_moves(&b);
    assert_eq!(
        ms,
        ["1A. e4", "1a. d5", "2A. exd5", "1B. e4", "1b. P@e5"],
        "{ms:?}"
    );
    let hand = b.js("return document.getElementById('two-hand-1-bottom').textContent.trim()");
    assert_eq!(hand, "BlackB: (empty hand)", "{hand}");
    shot(&b, "bughouse-drop");
    // BlackA takes back on d5 (the pawn goes to WhiteB's hand), and mates.
    board_clicks(&b, 0, &["d8", "d5"]);
    let hand = b.js("return document.getElementById('two-hand-1-top').textContent.trim()");
    assert_eq!(hand, "WhiteB: P ×1", "{hand}");
    board_clicks(&b, 0, &["e1", "e2"]);
    board_clicks(&b, 0, &["d5", "e4"]);
    let over = b.wait(
        "the result for all four",
        "const r = document.getElementById('two-result'); return r.dataset.over === 'true' && r.textContent",
    );
    let over = over.as_str().unwrap();
    assert!(
        over.starts_with("0-1 — BlackA and WhiteB win (board A: checkmate"),
        "{over}"
    );
    // Nobody is to move on either board now.
    for i in 0..2 {
        let svg = b.js(&format!("return window.varia.board().boards[{i}].svg"));
        let svg = svg.as_str().unwrap();
        assert!(!svg.contains("(to move)"), "board {i}: {svg}");
    }
    // Board B is over too: no actions there, and a click says so.
    assert_eq!(
        b.js("return window.varia.board().boards[1].actions.length"),
        0
    );
    b.click("#two-board-1 rect[data-sq=\"d2\"]");
    let said = b.js("return document.getElementById('two-message').textContent");
    assert!(said.as_str().unwrap().contains("game is over"), "{said}");
    let p = shot(&b, "bughouse-two-boards");
    // The men stand out on both boards (board B's dropped pawn too), the
    // emptied squares are empty.
    for (i, sq) in [
        (0, "e4"),
        (0, "a1"),
        (0, "e2"),
        (1, "e5"),
        (1, "e4"),
        (1, "h8"),
    ] {
        let (share, _) = standing_out(&p, square_on(&b, i, sq));
        assert!(
            share > 0.05,
            "board {i}: the man on {sq} does not stand out ({share:.3})"
        );
    }
    for (i, sq) in [(0, "d5"), (0, "d8"), (1, "e2"), (1, "c4")] {
        let (share, _) = standing_out(&p, square_on(&b, i, sq));
        assert!(share < 0.01, "board {i}: {sq} should be empty ({share:.3})");
    }
    // Undo takes the mate back: the game goes on, on both boards.
    assert_eq!(two_moves(&b).len(), 8);
    b.click("#two-undo");
    b.wait(
        "the mate taken back",
        "return document.getElementById('two-result').dataset.over === 'false' \
         && document.querySelectorAll('#two-moves li').length === 7",
    );
    assert!(b
        .js("return window.varia.board().boards[1].actions.length")
        .as_u64()
        .is_some_and(|n| n > 0));
}

/// The page by keyboard on board B: the board takes the focus, the arrows
/// move the cursor, Enter clicks.
#[test]
fn a_board_of_two_is_played_by_keyboard() {
    let dir = bughouse_folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_two_boards(&b);
    b.js(
        "const all = document.querySelectorAll('#seats select'); for (const s of all) s.value = 'human';\
          all[3].dispatchEvent(new Event('change'));",
    );
    b.wait(
        "people at the four seats",
        "return window.varia.board().seats.every(s => s.player === 'human')",
    );
    // Board B is turned: the cursor goes to d2 by keys, then d4.
    let key = |k: &str| {
        b.js(&format!(
            "document.getElementById('two-board-1').dispatchEvent(new KeyboardEvent('keydown', {{key: '{k}', bubbles: true}}))"
        ));
    };
    b.js("document.getElementById('two-board-1').focus()");
    key("ArrowRight");
    let at = b.js("return document.getElementById('two-message').textContent");
    assert!(at.as_str().unwrap().starts_with("board B, square "), "{at}");
    // Walk to d2: find it by the cursor's square name.
    let mut guard = 0;
    loop {
        let at = b.js("return document.getElementById('two-message').textContent");
        let sq = at
            .as_str()
            .unwrap()
            .trim_start_matches("board B, square ")
            .to_string();
        if sq == "d2" {
            break;
        }
        let (f, r) = (sq.as_bytes()[0], sq.as_bytes()[1]);
        // Board B is turned half a turn: files run right to left, ranks
        // top to bottom.
        key(if f < b'd' {
            "ArrowLeft"
        } else if f > b'd' {
            "ArrowRight"
        } else if r < b'2' {
            "ArrowDown"
        } else {
            "ArrowUp"
        });
        guard += 1;
        assert!(guard < 20, "the cursor does not reach d2: {sq}");
    }
    key("Enter");
    // Down the turned board is up the ranks: d3, d4.
    key("ArrowDown");
    key("ArrowDown");
    key("Enter");
    let t0 = Instant::now();
    while two_moves(&b).is_empty() {
        assert!(t0.elapsed() < Duration::from_secs(10), "nothing played");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(two_moves(&b), ["1B. d4"]);
}

/// The page's other controls on two boards: a refused click says why on
/// its board (its square marked); u takes a move back, r plays it again;
/// a team's resignation ends both boards, with the result for all four.
#[test]
fn two_boards_in_the_page_say_why_redo_and_resign() {
    let dir = bughouse_folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_two_boards(&b);
    b.js(
        "const all = document.querySelectorAll('#seats select'); for (const s of all) s.value = 'human';\
          all[3].dispatchEvent(new Event('change'));",
    );
    b.wait(
        "people at the four seats",
        "return window.varia.board().seats.every(s => s.player === 'human')",
    );
    // Every seat a person's: a resign button for each team, named by its
    // seats; no draw to claim.
    let teams =
        b.js("return [...document.querySelectorAll('#two-resign button')].map(x => x.textContent)");
    assert_eq!(
        teams,
        json!([
            "Resign for WhiteA and BlackB",
            "Resign for BlackA and WhiteB"
        ]),
        "{teams}"
    );
    assert_eq!(
        b.js("return document.querySelectorAll('#two-claim button').length"),
        0
    );
    // An empty square of board A: why nothing moves there.
    b.click("#two-board-0 rect[data-sq=\"e4\"]");
    let said = b.wait(
        "the explanation",
        "const m = document.getElementById('two-message'); return m.dataset.reason && m.textContent",
    );
    assert_eq!(said, "Board A: There is no man on e4.", "{said}");
    // A pawn sent too far on board B: refused, the pawn's square marked.
    b.click("#two-board-1 rect[data-sq=\"e2\"]");
    b.click("#two-board-1 rect[data-sq=\"e5\"]");
    let said = b.wait(
        "the explanation on board B",
        "const m = document.getElementById('two-message'); return m.dataset.board === '1' && m.dataset.marked !== undefined && m.textContent",
    );
    assert!(said.as_str().unwrap().starts_with("Board B: "), "{said}");
    assert!(
        b.js("return document.getElementById('two-message').dataset.marked")
            .as_str()
            .unwrap()
            .contains("e2"),
        "no mark on e2"
    );
    assert!(b
        .js("return document.querySelectorAll('#two-board-1 .why-marks .why').length")
        .as_u64()
        .is_some_and(|n| n > 0));
    shot(&b, "two-boards-why");
    // The analysis of board B: its lines, in board B's moves.
    b.js("const s = document.getElementById('two-analysis-board'); s.value = '1'; s.dispatchEvent(new Event('change'));");
    b.click("#two-analyse");
    let line = b.wait(
        "a line of board B",
        "const l = document.querySelector('#two-analysis .line'); return l && document.getElementById('two-analysis').textContent",
    );
    assert!(
        line.as_str()
            .unwrap()
            .starts_with("board B, for WhiteB; depth "),
        "{line}"
    );
    b.js("document.getElementById('two-analysis').scrollIntoView()");
    shot(&b, "two-boards-analysis");
    b.click("#two-analyse");
    b.wait(
        "the analysis stopped",
        "return document.getElementById('two-analyse').textContent === 'Analyse'",
    );
    // u takes a move back, r plays it again (keys of the page).
    board_clicks(&b, 0, &["e2", "e4"]);
    board_clicks(&b, 1, &["d2", "d4"]);
    let key = |k: &str| {
        b.js(&format!(
            "document.body.dispatchEvent(new KeyboardEvent('keydown', {{key: '{k}', bubbles: true}}))"
        ));
    };
    key("u");
    b.wait(
        "one move taken back",
        "return document.querySelectorAll('#two-moves li').length === 1 && !document.getElementById('two-redo').disabled",
    );
    key("r");
    b.wait(
        "the move played again",
        "return document.querySelectorAll('#two-moves li').length === 2",
    );
    assert_eq!(two_moves(&b), ["1A. e4", "1B. d4"]);
    assert_eq!(
        b.js("return document.getElementById('two-redo').disabled"),
        true
    );
    // "AI move" on board B: the AI answers for BlackB, once; a button
    // per board where a person is to move.
    let ai =
        b.js("return [...document.querySelectorAll('#two-ai button')].map(x => x.textContent)");
    assert_eq!(
        ai,
        json!(["AI move (board A)", "AI move (board B)"]),
        "{ai}"
    );
    b.click("#two-ai button[data-board=\"1\"]");
    b.wait(
        "the AI's move on board B",
        "return document.querySelectorAll('#two-moves li').length === 3",
    );
    let moves = two_moves(&b);
    assert!(moves[2].starts_with("1b. "), "{moves:?}");
    key("u");
    b.wait(
        "the AI's move taken back",
        "return document.querySelectorAll('#two-moves li').length === 2",
    );
    // WhiteA's team resigns: both boards end.
    b.click("#two-resign button[data-team=\"0\"]");
    let over = b.wait(
        "the result for all four",
        "const r = document.getElementById('two-result'); return r.dataset.over === 'true' && r.textContent",
    );
    assert_eq!(
        over, "0-1 — BlackA and WhiteB win (WhiteA resigned).",
        "{over}"
    );
    for i in 0..2 {
        let cap = b.js(&format!(
            "return document.getElementById('two-caption-{i}').textContent"
        ));
        assert!(cap.as_str().unwrap().ends_with("game over"), "{cap}");
    }
    assert_eq!(
        b.js("return [...document.querySelectorAll('#two-resign button')].every(x => x.disabled)"),
        true
    );
    shot(&b, "two-boards-resigned");
    // Undo takes the resignation back.
    b.click("#two-undo");
    b.wait(
        "the game going on",
        "return document.getElementById('two-result').dataset.over === 'false'",
    );
    assert_eq!(two_moves(&b).len(), 2);
}
