//! `varia serve`'s JSON API against the real binary: the validation the
//! editor shows, the files it may read and write, the hostile requests it
//! refuses, and every action kind and refusal of a game.

#[path = "serve/api_explain.rs"]
mod explain;
#[path = "serve/api_hidden.rs"]
mod hidden;
#[path = "serve/http.rs"]
mod http;

use http::{request, Server};
use serde_json::{json, Value};

fn folder() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.variant"),
        d.path().join("chess.variant"),
    )
    .unwrap();
    d
}

/// `varia validate FILE --format json`, run in `dir`: the object of FILE.
fn cli_validate(dir: &std::path::Path, file: &str) -> Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .current_dir(dir)
        .args(["validate", file, "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v[0].clone()
}

#[test]
fn validation_is_the_clis_to_the_byte() {
    let dir = folder();
    let bad = "variant bad \"Bad\" extends chess {\n  use knigt\n  board 8x\n}\n";
    std::fs::write(dir.path().join("bad.variant"), bad).unwrap();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    for (name, text) in [
        (
            "chess.variant",
            std::fs::read_to_string(dir.path().join("chess.variant")).unwrap(),
        ),
        ("bad.variant", bad.to_string()),
    ] {
        let r = s.ok("/api/validate", &json!({"name": name, "text": text}));
        assert_eq!(r["report"], cli_validate(dir.path(), name), "{name}");
    }
    let r = s.ok(
        "/api/validate",
        &json!({"name": "bad.variant", "text": bad}),
    );
    let d = &r["report"]["diagnostics"][0];
    assert_eq!(r["report"]["valid"], false);
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(2), Some(7))
    );
    assert!(d["end_column"].as_u64().unwrap() > 7, "{d}");
    assert_eq!(d["hints"][0], "did you mean `knight`?");
    // The largest shipped file, from the folder as the page opens it.
    let largest = "quatrochess.variant";
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/variants/quatrochess.variant"
    ))
    .unwrap();
    let r = s.ok("/api/validate", &json!({"name": largest, "text": text}));
    assert_eq!(r["report"]["valid"], true, "{r}");
    assert_eq!(r["variants"][0]["players"].as_array().unwrap().len(), 4);
}

#[test]
fn files_stay_inside_the_folder() {
    let dir = folder();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.variant"), "variant secret {}").unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("secret.variant"),
        dir.path().join("link.variant"),
    )
    .unwrap();
    let fifo = dir.path().join("fifo.variant");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let files = s.get("/api/files").json();
    assert_eq!(
        files["files"],
        json!(["chess.variant"]),
        "links and FIFOs are not listed"
    );
    let ok = s.get("/api/file?name=chess.variant");
    assert_eq!(ok.status, 200);
    assert!(ok.json()["text"]
        .as_str()
        .unwrap()
        .contains("variant chess"));
    let secret = outside.path().join("secret.variant");
    let abs = format!("/api/file?name={}", secret.display());
    for path in [
        "/api/file?name=../secret.variant",
        "/api/file?name=..%2Fsecret.variant",
        abs.as_str(),
        "/api/file?name=link.variant",
        "/api/file?name=fifo.variant",
        "/api/file?name=%2Fetc%2Fpasswd",
        "/api/file?name=.hidden.variant",
        "/api/file?name=chess.txt",
        "/api/file?name=%ff.variant",
        "/api/file?name=%zz",
    ] {
        let a = s.get(path);
        assert!(
            matches!(a.status, 400 | 403),
            "{path}: {} {}",
            a.status,
            a.text()
        );
        assert!(!a.text().contains("variant secret"), "{path}");
    }
    for name in [
        "../x.variant",
        "/tmp/x.variant",
        "link.variant",
        "fifo.variant",
        "sub/x.variant",
    ] {
        let a = s.post("/api/save", &json!({"name": name, "text": "x"}));
        assert_eq!(a.status, 403, "{name}: {}", a.text());
    }
    assert_eq!(
        std::fs::read_to_string(&secret).unwrap(),
        "variant secret {}",
        "the file a link names is never written"
    );
    assert!(!outside.path().join("x.variant").exists());
    // Saving inside the folder works, and the file is what was sent.
    s.ok(
        "/api/save",
        &json!({"name": "mine.variant", "text": "variant mine \"M\" extends chess {}\n"}),
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.variant")).unwrap(),
        "variant mine \"M\" extends chess {}\n"
    );
    // `extends` of a folder file by the page's text finds the folder's file.
    let r = s.ok(
        "/api/validate",
        &json!({"name": "x.variant", "text": "variant x \"X\" extends mine {}\n"}),
    );
    assert_eq!(r["report"]["valid"], true, "{r}");
}

#[test]
fn one_file_and_no_file() {
    let dir = folder();
    let file = dir.path().join("new.variant");
    let s = Server::start(&[file.to_str().unwrap()]);
    assert_eq!(s.get("/api/files").json()["files"], json!(["new.variant"]));
    // A file that does not exist yet opens as the template, written on save.
    let t = s.get("/api/file?name=new.variant").json();
    assert!(!file.exists());
    let r = s.ok(
        "/api/validate",
        &json!({"name": "new.variant", "text": t["text"]}),
    );
    assert_eq!(r["report"]["valid"], true, "the template is valid: {r}");
    s.ok(
        "/api/save",
        &json!({"name": "new.variant", "text": t["text"]}),
    );
    assert!(file.exists());
    // Nothing else in its folder.
    assert_eq!(s.get("/api/file?name=chess.variant").status, 403);
    assert_eq!(
        s.post("/api/save", &json!({"name": "chess.variant", "text": "x"}))
            .status,
        403
    );
    drop(s);
    // Without a file or folder: the built-in variants, and nothing written.
    let s = Server::start(&[]);
    let files = s.get("/api/files").json();
    assert_eq!(files["files"], json!([]));
    assert_eq!(files["writable"], false);
    assert_eq!(s.get("/api/file?name=builtin:chess").status, 200);
    assert_eq!(s.get("/api/file?name=builtin:nosuch").status, 404);
    assert_eq!(
        s.post("/api/save", &json!({"name": "x.variant", "text": "x"}))
            .status,
        403
    );
}

#[test]
fn hostile_requests_are_refused() {
    let dir = folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let page = s.get("/");
    assert_eq!(page.status, 200);
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-eval"),
        "{csp}"
    );
    assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert!(!page.text().contains("<script>"), "no inline script");
    // DNS rebinding: another name for this address.
    for host in ["evil.example", "evil.example:80", "127.0.0.1:1"] {
        let a = request(&s.addr, "GET", "/api/files", &[("Host", host)], b"").unwrap();
        assert_eq!(a.status, 403, "{host}");
    }
    let body = br#"{"name":"x.variant","text":"x"}"#;
    // Cross-site writes: another origin, none, a form.
    for headers in [
        vec![
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
        vec![("Content-Type", "application/json")],
        vec![("Origin", "null"), ("Content-Type", "application/json")],
        vec![
            ("Origin", s.origin.as_str()),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ],
        vec![
            ("Origin", s.origin.as_str()),
            ("Content-Type", "text/plain"),
        ],
        vec![
            ("Origin", s.origin.as_str()),
            ("Content-Type", "application/json"),
            ("Sec-Fetch-Site", "cross-site"),
        ],
    ] {
        let a = request(&s.addr, "POST", "/api/save", &headers, body).unwrap();
        assert!(matches!(a.status, 403 | 415), "{headers:?}: {}", a.status);
    }
    assert!(!dir.path().join("x.variant").exists());
    // Huge bodies: announced, or sent.
    let a = request(
        &s.addr,
        "POST",
        "/api/validate",
        &[
            ("Origin", &s.origin),
            ("Content-Type", "application/json"),
            ("Content-Length", "100000000000"),
        ],
        b"",
    )
    .unwrap();
    assert_eq!(a.status, 413);
    let big = format!(
        r#"{{"name":"x.variant","text":"{}"}}"#,
        "a".repeat(10 << 20)
    );
    let a = request(
        &s.addr,
        "POST",
        "/api/validate",
        &[("Origin", &s.origin), ("Content-Type", "application/json")],
        big.as_bytes(),
    )
    .unwrap();
    assert_eq!(a.status, 413);
    // Bodies that are not what the API reads: an answer, never a crash.
    for b in [
        &b""[..],
        b"null",
        b"[]",
        b"{",
        b"\xff\xfe",
        br#"{"name": 3}"#,
        br#"{"text": null, "name": "../../etc/passwd"}"#,
        br#"{"name":"x.variant","text":"variant x { board 99999x99999 }"}"#,
    ] {
        for path in [
            "/api/validate",
            "/api/save",
            "/api/game",
            "/api/study",
            "/api/game/1/act",
        ] {
            let a = request(
                &s.addr,
                "POST",
                path,
                &[("Origin", &s.origin), ("Content-Type", "application/json")],
                b,
            )
            .unwrap();
            assert!((200..500).contains(&a.status), "{path} {b:?}: {}", a.status);
        }
    }
    assert_eq!(s.get("/api/files").status, 200, "still serving");
    assert_eq!(s.get("/nowhere").status, 404);
    assert_eq!(s.get("/assets/../Cargo.toml").status, 404);
}

/// A game of a built-in variant (from `fen` if given), every seat human.
fn game(s: &Server, variant: &str, fen: Option<&str>, seats: usize) -> Value {
    s.ok(
        "/api/game",
        &json!({"name": format!("builtin:{variant}"), "fen": fen, "players": vec!["human"; seats]}),
    )
}

/// Play the action whose SAN is `san` by its index.
fn play(s: &Server, g: &Value, san: &str) -> Value {
    let a = g["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["san"] == san)
        .unwrap_or_else(|| panic!("no action {san} among {}", g["actions"]));
    s.ok(
        &format!("/api/game/{}/act", g["id"]),
        &json!({"action": a["i"], "version": g["version"]}),
    )
}

/// Play the first action of `kind`; returns it and the new position.
fn play_kind(s: &Server, g: &Value, kind: &str) -> (Value, Value) {
    let a = g["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == kind)
        .unwrap_or_else(|| panic!("no {kind} among {}", g["actions"]))
        .clone();
    let next = s.ok(
        &format!("/api/game/{}/act", g["id"]),
        &json!({"action": a["i"], "version": g["version"]}),
    );
    (a, next)
}

fn typed(s: &Server, g: &Value, text: &str) -> Value {
    s.ok(
        &format!("/api/game/{}/act", g["id"]),
        &json!({"text": text, "version": g["version"]}),
    )
}

fn last_move(g: &Value) -> String {
    g["moves"].as_array().unwrap().last().unwrap()["san"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn board_moves_captures_promotions_en_passant_castling() {
    let s = Server::start(&[]);
    let g = game(&s, "chess", None, 2);
    assert!(g["svg"].as_str().unwrap().contains(r#"data-sq="e2""#));
    let e4 = g["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["san"] == "e4")
        .unwrap();
    assert_eq!(e4["paths"], json!([["s:e2", "s:e4"]]));
    let g = play(&s, &g, "e4");
    let g = typed(&s, &g, "d5");
    let (a, g) = play_kind(&s, &g, "move");
    assert_eq!(g["moves"].as_array().unwrap().len(), 3, "{a}");
    let g = s.ok(&format!("/api/game/{}/undo", g["id"]), &json!({}));
    let g = play(&s, &g, "exd5");
    assert_eq!(last_move(&g), "exd5");
    // Promotion: four actions on the same two clicks, told apart by SAN.
    let g = game(&s, "chess", Some("8/P6k/8/8/8/8/8/K7 w - - 0 1"), 2);
    let promos: Vec<&Value> = g["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["paths"] == json!([["s:a7", "s:a8"]]))
        .collect();
    assert_eq!(promos.len(), 4);
    let g = play(&s, &g, "a8=N");
    assert_eq!(last_move(&g), "a8=N");
    // En passant.
    let g = game(&s, "chess", Some("k7/8/8/3pP3/8/8/8/K7 w - d6 0 2"), 2);
    let (a, g) = play_kind(&s, &g, "en-passant");
    assert_eq!(a["paths"], json!([["s:e5", "s:d6"]]));
    assert_eq!(last_move(&g), "exd6");
    // Castling: by the king's target or onto the rook.
    let g = game(&s, "chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), 2);
    let (a, g) = play_kind(&s, &g, "castle");
    assert_eq!(a["paths"].as_array().unwrap().len(), 2, "{a}");
    assert!(last_move(&g).starts_with("O-O"));
    // The record, downloaded.
    let r = s.ok(
        &format!("/api/game/{}/save", g["id"]),
        &json!({"format": "pgn"}),
    );
    assert!(r["record"]
        .as_str()
        .unwrap()
        .contains("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]"));
    let r = s.ok(
        &format!("/api/game/{}/save", g["id"]),
        &json!({"format": "jsonl"}),
    );
    assert!(r["record"].as_str().unwrap().starts_with('{'));
}

#[test]
fn drops_placements_compound_placements_and_swaps() {
    let s = Server::start(&[]);
    // Crazyhouse: a captured man comes back from the hand.
    let mut g = game(&s, "crazyhouse", None, 2);
    for m in ["e4", "d5", "exd5", "Qxd5"] {
        g = typed(&s, &g, m);
    }
    assert_eq!(g["seats"][0]["hand"][0]["letter"], "P");
    let (a, g) = play_kind(&s, &g, "drop");
    assert!(a["paths"][0][0].as_str().unwrap().starts_with("h:"), "{a}");
    assert!(last_move(&g).starts_with("P@"));
    // Echek: placements from the hand, a pawn's placement and move, a
    // bishop's placement that returns a man, the rook-king swap.
    let mut g = game(&s, "echek", None, 2);
    let (a, next) = play_kind(&s, &g, "drop");
    assert_eq!(a["paths"][0].as_array().unwrap().len(), 2);
    g = next;
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        if g["over"] == true {
            break;
        }
        let kinds: Vec<String> = g["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["kind"].as_str().unwrap().to_string())
            .collect();
        // The rarest kind first, so that each gets its turn.
        let kind = ["swap", "place-and-return", "place-and-move", "drop", "move"]
            .into_iter()
            .find(|k| kinds.iter().any(|x| x == k) && !seen.contains(*k))
            .or_else(|| {
                ["drop", "move"]
                    .into_iter()
                    .find(|k| kinds.iter().any(|x| x == k))
            })
            .unwrap();
        let (a, next) = play_kind(&s, &g, kind);
        match kind {
            "place-and-move" | "place-and-return" => {
                assert_eq!(a["paths"][0].as_array().unwrap().len(), 3, "{a}");
                let san = a["san"].as_str().unwrap();
                assert!(
                    san.contains('@') && (kind == "place-and-move" || san.contains('/')),
                    "{san}"
                );
            }
            "swap" => assert_eq!(a["paths"].as_array().unwrap().len(), 2, "{a}"),
            _ => {}
        }
        seen.insert(kind.to_string());
        g = next;
        if ["swap", "place-and-return", "place-and-move"]
            .iter()
            .all(|k| seen.contains(*k))
        {
            break;
        }
    }
    for k in ["swap", "place-and-return", "place-and-move"] {
        assert!(seen.contains(k), "{k} never offered: {seen:?}");
    }
}

#[test]
fn cards_are_drawn_then_placed_and_never_shown_before() {
    let s = Server::start(&[]);
    let g = game(&s, "raindropchess", None, 2);
    assert_eq!(g["may_draw"], true);
    assert!(
        g["actions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["kind"] != "draw"),
        "no placement of the hidden card is listed before the draw"
    );
    // The public FEN and the deck count, never the order.
    assert_eq!(g["seats"][0]["deck"], 16);
    let fen = g["fen"].as_str().unwrap().to_string();
    let a = s.post(
        &format!("/api/game/{}/act", g["id"]),
        &json!({"text": "K@e1"}),
    );
    assert_eq!(a.status, 422);
    assert!(
        a.json()["error"].as_str().unwrap().contains("draw"),
        "{}",
        a.text()
    );
    let refused = s.post(&format!("/api/game/{}/undo", g["id"]), &json!({}));
    assert_eq!(refused.status, 422, "nothing to take back");
    let g = s.ok(
        &format!("/api/game/{}/draw", g["id"]),
        &json!({"version": g["version"]}),
    );
    assert_eq!(g["pending_draw"], true);
    assert_eq!(g["fen"], fen, "drawing shows the card, not the deck");
    assert!(g["actions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["kind"] == "draw"));
    // A drawn card is not put back.
    let a = s.post(&format!("/api/game/{}/undo", g["id"]), &json!({}));
    assert_eq!(a.status, 422);
    let (_, g) = play_kind(&s, &g, "draw");
    assert_eq!(g["seats"][0]["deck"], 15);
    assert_eq!(g["pending_draw"], false);
    // Placed, it is not taken back either: undo would put the seen card
    // back on top of the deck.
    let a = s.post(&format!("/api/game/{}/undo", g["id"]), &json!({}));
    assert_eq!(a.status, 422, "{}", a.text());
    assert!(a.text().contains("stays drawn"), "{}", a.text());
    assert_eq!(g["can_undo"], false, "the page offers no undo past a draw");
    let a = s.post(
        &format!("/api/game/{}/undo", g["id"]),
        &json!({"to_human": true}),
    );
    assert_eq!(a.status, 422, "{}", a.text());
    // Drawing twice, or out of turn order, is refused.
    let g = s.ok(&format!("/api/game/{}/draw", g["id"]), &json!({}));
    let a = s.post(&format!("/api/game/{}/draw", g["id"]), &json!({}));
    assert_eq!(a.status, 422);
}

#[test]
fn walls_gating_and_passes() {
    let s = Server::start(&[]);
    // Amazons: a move, then its wall: three clicks.
    let g = game(&s, "amazons", None, 2);
    let a = &g["actions"][0];
    assert_eq!(a["paths"][0].as_array().unwrap().len(), 3, "{a}");
    let g = s.ok(
        &format!("/api/game/{}/act", g["id"]),
        &json!({"action": 0, "version": g["version"]}),
    );
    assert!(last_move(&g).contains(','), "{}", last_move(&g));
    // Seirawan: a man from the hand gated onto the square a man left.
    let mut g = game(&s, "seirawan", None, 2);
    for m in ["Nf3", "Nf6"] {
        g = typed(&s, &g, m);
    }
    let (a, g) = play_kind(&s, &g, "gate");
    assert_eq!(a["paths"][0].as_array().unwrap().len(), 2);
    // Written as the move and the gated man (`Nf3=H`).
    assert_eq!(last_move(&g), a["san"].as_str().unwrap());
    assert!(last_move(&g).contains('='), "{}", last_move(&g));
    // Flipello: a player with no move passes, by a button (a game found
    // by `varia simulate flipello --players random,random`).
    let mut g = game(&s, "flipello", None, 2);
    let placements = "c5 e6 f6 c4 d6 f7 e3 f5 b4 e2 g6 h7 f4 d7 d8 d3 g8 b5 d2 d1 h6 b3 b6 g7 \
                      f8 g5 h8 c6 b2 e8 f2 a2 f1 h5 c2 a7 g4 c3 c8 c1 b1 e1 h4 a4 a6 a5 a3 e7 \
                      a8 c7 b7 b8 f3 a1";
    for sq in placements.split_whitespace() {
        assert!(g["actions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["kind"] != "pass"));
        g = typed(&s, &g, &format!("P@{sq}"));
    }
    let p = g["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "pass")
        .unwrap();
    assert_eq!(p["paths"], json!([["b:pass"]]));
    let (_, next) = play_kind(&s, &g, "pass");
    assert_eq!(last_move(&next), "pass");
}

#[test]
fn refusals() {
    let dir = folder();
    let s = Server::start(&[dir.path().join("chess.variant").to_str().unwrap()]);
    let g = s.ok(
        "/api/game",
        &json!({"name": "chess.variant", "players": ["human", "human"]}),
    );
    let id = g["id"].as_u64().unwrap();
    let act = |body: Value| s.post(&format!("/api/game/{id}/act"), &body);
    // An action of a position the page no longer shows.
    let a = act(json!({"action": 0, "version": 999}));
    assert_eq!(a.status, 409);
    // No such action, or not legal here, said in words.
    assert_eq!(act(json!({"action": 9999})).status, 422);
    // A typed action refused: the engine's explanation, its sentence as
    // the error.
    let a = act(json!({"text": "e5"}));
    assert_eq!(a.status, 422);
    let j = a.json();
    assert_eq!(j["error"], j["explanation"]["text"], "{j}");
    assert_eq!(j["explanation"]["legal"], false);
    assert!(j["error"].as_str().unwrap().contains("e5"), "{}", a.text());
    let why = s.ok(
        &format!("/api/game/{id}/why"),
        &json!({"from": "e2", "to": "e5"}),
    );
    let text = why["explanation"]["text"].as_str().unwrap();
    assert!(text.contains("e2") && text.contains("e5"), "{why}");
    assert!(
        why.get("svg").is_none(),
        "`why` changes nothing: no position"
    );
    assert_eq!(act(json!({})).status, 400);
    assert_eq!(act(json!({"text": "x".repeat(500)})).status, 400);
    for bad in ["undo", "redo", "claim"] {
        assert_eq!(
            s.post(&format!("/api/game/{id}/{bad}"), &json!({})).status,
            422,
            "{bad}"
        );
    }
    assert_eq!(
        s.post(&format!("/api/game/{id}/draw"), &json!({})).status,
        422
    );
    assert_eq!(
        s.post(&format!("/api/game/{id}/nosuch"), &json!({})).status,
        404
    );
    assert_eq!(
        s.post("/api/game/424242/act", &json!({"action": 0})).status,
        404
    );
    // External engines are never started from the page.
    for p in [
        "uci:/bin/sh",
        "xboard:/usr/games/fairy-stockfish",
        "ai;tc=40/60",
    ] {
        let a = s.post(
            &format!("/api/game/{id}/seats"),
            &json!({"players": ["human", p]}),
        );
        assert!(matches!(a.status, 400 | 403), "{p}: {}", a.text());
    }
    assert_eq!(
        s.post(
            "/api/game",
            &json!({"name": "chess.variant", "players": ["human"]})
        )
        .status,
        400
    );
    // A game that ended takes no action; resigning ends it.
    let g = s.ok(&format!("/api/game/{id}/resign"), &json!({}));
    assert_eq!(
        (g["over"].clone(), g["result"].clone()),
        (json!(true), json!("0-1"))
    );
    assert_eq!(act(json!({"text": "e4"})).status, 422);
    // Records go beside a folder's files only: this server has one file.
    let a = s.post(
        &format!("/api/game/{id}/save"),
        &json!({"format": "pgn", "name": "g.pgn"}),
    );
    assert_eq!(a.status, 403);
    let a = s.post(
        &format!("/api/game/{id}/save"),
        &json!({"format": "pgn", "name": "../g.pgn"}),
    );
    assert!(matches!(a.status, 400 | 403));
    // A variant with errors starts no game, and says why.
    let a = s.post(
        "/api/game",
        &json!({"name": "chess.variant", "text": "variant x { board 8x }"}),
    );
    assert_eq!(a.status, 422);
    assert!(!a.json()["report"]["diagnostics"]
        .as_array()
        .unwrap()
        .is_empty());
    let a = s.post(
        "/api/game",
        &json!({"name": "chess.variant", "fen": "not a fen"}),
    );
    assert_eq!(a.status, 422, "{}", a.text());
    // An AI seat is the AI's to play.
    let g = s.ok(
        "/api/game",
        &json!({"name": "chess.variant", "players": ["ai:8", "human"]}),
    );
    let a = s.post(
        &format!("/api/game/{}/act", g["id"]),
        &json!({"text": "e4"}),
    );
    assert_eq!(a.status, 409, "{}", a.text());
}

#[test]
fn records_are_saved_in_the_folder() {
    let dir = folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let g = s.ok(
        "/api/game",
        &json!({"name": "chess.variant", "players": ["human", "human"]}),
    );
    let g = typed(&s, &g, "e4");
    s.ok(
        &format!("/api/game/{}/save", g["id"]),
        &json!({"format": "pgn", "name": "one.pgn"}),
    );
    s.ok(
        &format!("/api/game/{}/save", g["id"]),
        &json!({"format": "jsonl", "name": "one.jsonl"}),
    );
    let pgn = std::fs::read_to_string(dir.path().join("one.pgn")).unwrap();
    assert!(
        pgn.contains("[Variant \"chess.variant\"]") && pgn.contains("1. e4 *"),
        "{pgn}"
    );
    // `replay` reads both.
    for f in ["one.pgn", "one.jsonl"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
            .current_dir(dir.path())
            .args(["replay", f])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{f}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for bad in ["one.variant", "x.pgn.txt", "../one.pgn"] {
        let a = s.post(
            &format!("/api/game/{}/save", g["id"]),
            &json!({"format": "pgn", "name": bad}),
        );
        assert!(matches!(a.status, 400 | 403), "{bad}");
    }
}

#[test]
fn ai_seats_play_and_the_analysis_streams() {
    let s = Server::start(&[]);
    let mut ev = http::Events::open(&s.addr);
    let g = s.ok(
        "/api/game",
        &json!({"name": "builtin:chess", "players": ["human", "ai:1"]}),
    );
    let id = g["id"].as_u64().unwrap();
    typed(&s, &g, "e4");
    // The AI answers (the answer to the action may already show it).
    let answered = |s: &Server| {
        s.get(&format!("/api/game/{id}")).json()["moves"]
            .as_array()
            .unwrap()
            .len()
            == 2
    };
    let t0 = std::time::Instant::now();
    while !answered(&s) {
        ev.wait(std::time::Duration::from_secs(30), |e| {
            e["type"] == "game" && e["id"] == id
        });
        assert!(t0.elapsed() < std::time::Duration::from_secs(30));
    }
    // An undo against the AI goes back to the person's turn.
    let g = s.ok(&format!("/api/game/{id}/undo"), &json!({"to_human": true}));
    assert_eq!(g["moves"].as_array().unwrap().len(), 0);
    // The AI plays one action for a person's seat when asked.
    s.ok(&format!("/api/game/{id}/ai"), &json!({"level": 1}));
    ev.wait(std::time::Duration::from_secs(30), |e| {
        e["type"] == "game" && e["id"] == id && e.get("thinking").is_none()
    });
    // The analysis: lines with a score and a principal variation in SAN.
    let g = s.ok(
        "/api/game",
        &json!({"name": "builtin:chess", "players": ["human", "human"]}),
    );
    let gid = g["id"].as_u64().unwrap();
    s.ok("/api/analysis/start", &json!({"game": gid, "lines": 2}));
    let line = ev.wait(std::time::Duration::from_secs(30), |e| {
        e["type"] == "analysis" && e["game"] == gid && e["line"] == 2
    });
    assert!(line["score"]["cp"].is_i64(), "{line}");
    let pv = line["pv"].as_array().unwrap();
    assert!(!pv.is_empty());
    s.ok("/api/analysis/stop", &json!({}));
    ev.wait(std::time::Duration::from_secs(30), |e| {
        e["type"] == "analysis-done" && e["game"] == gid
    });
    // Hidden decks: the lines stop before a card is drawn.
    let g = game(&s, "raindropchess", None, 2);
    s.ok("/api/analysis/start", &json!({"game": g["id"], "lines": 1}));
    let line = ev.wait(std::time::Duration::from_secs(30), |e| {
        e["type"] == "analysis" && e["game"] == g["id"]
    });
    assert!(line["pv"].as_array().unwrap().is_empty(), "{line}");
    s.ok("/api/analysis/stop", &json!({}));
    assert_eq!(
        s.post("/api/analysis/start", &json!({"game": 999})).status,
        404
    );
}

#[test]
fn a_study_runs_bounded_and_its_games_replay() {
    let s = Server::start(&[]);
    let mut ev = http::Events::open(&s.addr);
    for (body, status) in [
        (json!({"name": "builtin:chess", "games": 100000}), 400),
        (json!({"name": "builtin:chess", "max_plies": 1000000}), 400),
        (
            json!({"name": "builtin:chess", "players": ["human", "random"]}),
            400,
        ),
        (
            json!({"name": "builtin:chess", "players": ["uci:/bin/sh", "random"]}),
            403,
        ),
        (
            json!({"name": "builtin:chess", "openings": "not a move"}),
            422,
        ),
    ] {
        assert_eq!(s.post("/api/study", &body).status, status, "{body}");
    }
    let r = s.ok(
        "/api/study",
        &json!({"name": "builtin:chess", "players": ["random", "random"], "games": 20, "seed": 3, "max_plies": 150}),
    );
    let id = r["study"].as_u64().unwrap();
    let done = ev.wait(std::time::Duration::from_secs(60), |e| {
        e["type"] == "study" && e["id"] == id && e["finished"] == true
    });
    assert_eq!(
        (done["done"].as_u64(), done["total"].as_u64()),
        (Some(20), Some(20))
    );
    assert_eq!(done["summary"]["games"], 20);
    let st = s.get(&format!("/api/study/{id}")).json();
    let games = st["games"].as_array().unwrap();
    assert_eq!(games.len(), 20);
    // Decisive games first, shortest first; then draws; then the unfinished.
    let class = |g: &Value| match g["result"].as_str().unwrap() {
        "1-0" | "0-1" => 0,
        "1/2-1/2" => 1,
        _ => 2,
    };
    for w in games.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        assert!(
            (class(a), a["plies"].as_u64()) <= (class(b), b["plies"].as_u64()),
            "{a} before {b}"
        );
    }
    // The report is the HTML of `simulate --report`, under a policy with no
    // script at all.
    let rep = s.get(&format!("/api/study/{id}/report"));
    assert_eq!(rep.status, 200);
    assert!(rep
        .header("content-security-policy")
        .unwrap()
        .starts_with("default-src 'none'"));
    assert!(rep.text().contains("<svg") && rep.text().contains("Results"));
    // The first game, replayed action by action.
    let first = &games[0];
    let g = s.ok(
        &format!("/api/study/{id}/replay"),
        &json!({"index": first["index"]}),
    );
    assert_eq!(g["moves"].as_array().unwrap().len(), 0);
    let mut g = g;
    let mut n = 0;
    while g["can_redo"] == true {
        g = s.ok(&format!("/api/game/{}/redo", g["id"]), &json!({}));
        n += 1;
    }
    assert_eq!(n, first["plies"].as_u64().unwrap() as usize);
    assert_eq!(
        g["result"].as_str(),
        first["result"].as_str().filter(|r| *r != "*")
    );
    assert_eq!(s.get("/api/study/999").status, 404);
}

/// Four-player free-for-all with points (`score ...`): each seat's points
/// live in the position; a resignation puts the seat out and the game
/// goes on; when one seat is left the result names every seat's points.
#[test]
fn four_players_resign_out_one_by_one_and_the_result_names_the_points() {
    let d = tempfile::tempdir().unwrap();
    std::fs::copy(
        format!(
            "{}/variants/catalogue/fourplayer.variant",
            env!("CARGO_MANIFEST_DIR")
        ),
        d.path().join("fourplayer.variant"),
    )
    .unwrap();
    let s = Server::start(&[d.path().to_str().unwrap()]);
    let p = s.ok(
        "/api/game",
        &json!({"name": "fourplayer.variant", "seed": 3, "players": ["human", "human", "human", "human"]}),
    );
    let id = p["id"].as_u64().unwrap();
    assert_eq!(p["scored"], true);
    for seat in p["seats"].as_array().unwrap() {
        assert_eq!(seat["points"], 0, "{seat}");
    }
    let mut p = p;
    for out in 0..3 {
        assert_eq!(p["to_move"], out, "{}", p["to_move"]);
        p = s.ok(&format!("/api/game/{id}/resign"), &json!({}));
        assert_eq!(p["seats"][out]["out"], true, "{}", p["seats"]);
        assert_eq!(p["over"], out == 2, "{}", p["sentence"]);
    }
    // Green is left: the result, with every seat's points as the seats
    // show them.
    let sentence = p["sentence"].as_str().unwrap();
    assert!(sentence.starts_with("green wins ("), "{sentence}");
    let points: Vec<String> = p["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| format!("{} {}", x["name"].as_str().unwrap(), x["points"]))
        .collect();
    assert!(
        sentence.ends_with(&format!("; points: {}).", points.join(", "))),
        "{sentence} vs {points:?}"
    );
    // Green's points come from the rules: 20 for the last resignation
    // (`score resign 20`: the page's rule for the one player left).
    assert!(
        p["seats"][3]["points"].as_u64().unwrap() > 0,
        "{}",
        p["seats"]
    );
    // A game of two players without `score` has no points.
    let chess = s.ok("/api/game", &json!({"name": "builtin:chess"}));
    assert_eq!(chess["scored"], false);
    assert!(chess["seats"][0]["points"].is_null());
}
