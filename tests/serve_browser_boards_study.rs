//! Studies of a variant of two boards (`boards 2`: bughouse) from
//! `varia serve`: the API's study (the same games as `varia simulate`, the
//! score told for the teams, a game replayed on both boards), and the
//! page's Study tab in a real browser (headless Chromium through
//! WebDriver). Set `VARIA_SCREENSHOTS=DIR` to keep the screenshots.
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

/// A study of two boards from the page: four seats, the score told for
/// the two teams, the same games as `varia simulate` plays for the seed
/// (the same team wins and reasons), each kept game replayed in the
/// two-board page move by move to the result it had; openings refused.
#[test]
fn a_study_of_two_boards_scores_the_teams_as_simulate_does() {
    let dir = bughouse_folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let four = ["random", "random", "random", "random"];
    let two = s.post(
        "/api/study",
        &json!({"name": "bughouse2.variant", "players": ["random", "random"]}),
    );
    assert_eq!(two.status, 400, "{}", two.text());
    let book = s.post(
        "/api/study",
        &json!({"name": "bughouse2.variant", "players": four, "openings": "e4"}),
    );
    assert_eq!(book.status, 422, "{}", book.text());
    assert!(book.text().contains("one board"), "{}", book.text());
    let r = s.ok(
        "/api/study",
        &json!({"name": "bughouse2.variant", "players": four, "games": 8, "seed": 3, "max_plies": 200}),
    );
    let id = r["study"].as_u64().unwrap();
    let t0 = Instant::now();
    let st = loop {
        let st = s.get(&format!("/api/study/{id}")).json();
        if st["finished"] == true {
            break st;
        }
        assert!(t0.elapsed() < Duration::from_secs(120), "{st}");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(st["error"], Value::Null, "{st}");
    assert_eq!(st["done"], 8);
    assert_eq!(st["seats"], json!(["WhiteA + BlackB", "BlackA + WhiteB"]));
    // The same games as the command line's for the seed.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args([
            "simulate",
            "--players",
            "random,random,random,random",
            "-n",
            "8",
        ])
        .args(["--seed", "3", "--max-plies", "200", "--json"])
        .arg(dir.path().join("bughouse2.variant"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let games = st["games"].as_array().unwrap();
    assert_eq!(games.len(), 8);
    let count = |r: &str| games.iter().filter(|g| g["result"] == r).count() as u64;
    assert_eq!(
        count("1-0"),
        cli["team_whitea_blackb"].as_u64().unwrap(),
        "{st} {cli}"
    );
    assert_eq!(
        count("0-1"),
        cli["team_blacka_whiteb"].as_u64().unwrap(),
        "{st} {cli}"
    );
    assert_eq!(
        count("*"),
        cli["unfinished"].as_u64().unwrap(),
        "{st} {cli}"
    );
    assert!(
        count("1-0") + count("0-1") > 0,
        "some game is decided: {st}"
    );
    let reasons: Vec<&str> = games
        .iter()
        .map(|g| g["reason"].as_str().unwrap())
        .collect();
    for (reason, n) in cli["reasons"].as_object().unwrap() {
        let want = if reason == "move cap" {
            "ply cap"
        } else {
            reason
        };
        assert_eq!(
            reasons.iter().filter(|r| **r == want).count() as u64,
            n.as_u64().unwrap(),
            "{reason}: {reasons:?}"
        );
    }
    // Every seat's player is named, in seat order.
    assert_eq!(games[0]["players"], json!(four));
    // The first kept game (decisive, shortest) replays on two boards.
    let first = &games[0];
    let mut g = s.ok(
        &format!("/api/study/{id}/replay"),
        &json!({"index": first["index"]}),
    );
    assert_eq!(g["two_boards"], true, "{g}");
    assert_eq!(g["moves"].as_array().unwrap().len(), 0);
    assert!(g["title"].as_str().unwrap().ends_with(&format!(
        "study game {}",
        first["index"].as_u64().unwrap() + 1
    )));
    let mut n = 0;
    while g["can_redo"] == true {
        g = s.ok(&format!("/api/game/{}/redo", g["id"]), &json!({}));
        n += 1;
    }
    assert_eq!(n, first["plies"].as_u64().unwrap());
    assert_eq!(g["result"], first["result"], "{g}");
    // The report names the teams.
    let rep = s.get(&format!("/api/study/{id}/report")).text();
    assert!(rep.contains("WhiteA + BlackB"), "{rep}");
}

/// The Study tab on a variant of two boards: four seats to fill, the
/// openings box off, the score told for the two teams, and a game of the
/// table replayed on both boards.
#[test]
fn a_study_of_two_boards_in_the_page() {
    let dir = bughouse_folder();
    let Some((_s, b, _g)) = setup(&[dir.path().to_str().unwrap()]) else {
        return;
    };
    wait_two_boards(&b);
    b.click("#tab-study");
    let seats = b.wait(
        "the study's four seats",
        "const l = [...document.querySelectorAll('#study-seats label')]; return l.length === 4 && l.map(x => x.textContent.trim().split(' ')[0])",
    );
    assert_eq!(seats, json!(["WhiteA", "BlackA", "WhiteB", "BlackB"]));
    assert_eq!(
        b.js("return document.getElementById('study-openings').disabled"),
        true
    );
    b.js("for (const s of document.querySelectorAll('#study-seats select')) s.value = 'random';");
    b.js("document.getElementById('study-games').value = '6'; document.getElementById('study-plies').value = '200';");
    b.click("#study-start");
    b.wait_for(
        "the study to finish",
        "return document.getElementById('study-status').dataset.finished === 'true'",
        Duration::from_secs(120),
    );
    let status = b.js("return document.getElementById('study-status').textContent");
    let status = status.as_str().unwrap();
    assert!(status.starts_with("6 of 6 games"), "{status}");
    assert!(status.contains("WhiteA + BlackB"), "{status}");
    let rows = b.wait(
        "the table of games",
        "return document.querySelectorAll('#study-table tr').length",
    );
    assert_eq!(rows, 7, "a header and 6 games");
    b.wait(
        "the report",
        "const f = document.getElementById('study-report'); return !f.hidden && f.contentDocument && f.contentDocument.body.textContent.includes('BlackA + WhiteB')",
    );
    shot(&b, "two-boards-study");
    // The first game of the table, on both boards, at its start.
    b.click("#study-table button[data-game]");
    b.wait(
        "the replayed game",
        "const p = window.varia.board(); return p.two_boards && p.title.includes('study game') && p.moves.length === 0 && p.can_redo",
    );
    b.click("#two-redo");
    b.wait(
        "one move redone",
        "return window.varia.board().moves.length === 1",
    );
    shot(&b, "two-boards-study-replay");
}
