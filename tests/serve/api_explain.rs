//! `varia serve`'s API: refusals explained by the engine (`why`, and
//! refused actions), and the piece cards with their move diagrams. A part
//! of the `serve_api` test binary (one binary to link).

use super::http::Server;
use super::{game, typed};
use serde_json::{json, Value};

/// The explanation `why` gives for an attempt in game `g`.
fn why(s: &Server, g: &Value, attempt: Value) -> Value {
    s.ok(&format!("/api/game/{}/why", g["id"]), &attempt)["explanation"].clone()
}

/// Whether an explanation marks `square` in `role`.
fn marked(e: &Value, square: &str, role: &str) -> bool {
    e["squares"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["square"] == square && m["role"] == role)
}

/// A typed action refused: the 422 answer's explanation.
fn refused_typed(s: &Server, g: &Value, text: &str) -> Value {
    let a = s.post(
        &format!("/api/game/{}/act", g["id"]),
        &json!({"text": text, "version": g["version"]}),
    );
    assert_eq!(a.status, 422, "{text}: {}", a.text());
    let j = a.json();
    assert_eq!(j["error"], j["explanation"]["text"], "{j}");
    j["explanation"].clone()
}

#[test]
fn refusals_are_explained_by_the_engine() {
    let s = Server::start(&[]);
    // A pinned man: the pinning bishop and the king are marked.
    let g = game(&s, "chess", Some("4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1"), 2);
    let e = why(
        &s,
        &g,
        json!({"from": "c3", "to": "e4", "version": g["version"]}),
    );
    assert_eq!(e["reason"]["kind"], "pinned", "{e}");
    assert_eq!(e["legal"], false);
    assert_eq!(
        e["text"],
        "Your knight on c3 is pinned: moving it would leave your king on e1 attacked by Black's bishop on b4."
    );
    assert!(
        marked(&e, "b4", "attacker") && marked(&e, "c3", "from") && marked(&e, "e4", "to"),
        "{e}"
    );
    assert_eq!(refused_typed(&s, &g, "Ne4")["reason"]["kind"], "pinned");
    // The pinned knight clicked alone: it has no legal action; why (its
    // first move's refusal), and the square stays chosen for the next click.
    let w = s.ok(
        &format!("/api/game/{}/why", g["id"]),
        &json!({"from": "c3"}),
    );
    assert_eq!(w["explanation"]["reason"]["kind"], "pinned", "{w}");
    assert_eq!(w["select"], true);
    // A blocked path: the blocker is marked, the piece's rule said.
    let g = game(&s, "chess", None, 2);
    let e = why(&s, &g, json!({"from": "a1", "to": "a3"}));
    assert_eq!(e["reason"]["kind"], "path_blocked", "{e}");
    assert_eq!(e["reason"]["at"], "a2");
    assert!(marked(&e, "a2", "blocker"), "{e}");
    assert_eq!(e["rule"]["text"], "piece rook moves \"R\"");
    // A man with no move at all, clicked: said so, and chosen.
    let w = s.ok(
        &format!("/api/game/{}/why", g["id"]),
        &json!({"from": "a1"}),
    );
    assert_eq!(w["select"], true, "{w}");
    assert!(
        w["explanation"]["text"]
            .as_str()
            .unwrap()
            .starts_with("Your rook on a1 has no legal action"),
        "{w}"
    );
    // An empty square, another player's man: no choosing.
    let w = s.ok(
        &format!("/api/game/{}/why", g["id"]),
        &json!({"from": "e4"}),
    );
    assert_eq!(w["explanation"]["reason"]["kind"], "no_man", "{w}");
    assert_eq!(
        w["explanation"]["squares"],
        json!([{"square": "e4", "role": "from"}])
    );
    assert_eq!(w["select"], false);
    let e = why(&s, &g, json!({"from": "e7", "to": "e5"}));
    assert_eq!(e["reason"]["kind"], "not_yours", "{e}");
    // A square off the board, a hole-less 8×8: named with the board.
    let e = why(&s, &g, json!({"from": "a1", "to": "i9"}));
    assert_eq!(e["reason"]["kind"], "off_board", "{e}");
    assert_eq!(
        e["text"],
        "i9 is not a square of the board (8×8: files a to h, ranks 1 to 8)."
    );
    assert_eq!(refused_typed(&s, &g, "Ra9")["reason"]["kind"], "off_board");
    let e = why(&s, &g, json!({"from": "a1", "to": "11"}));
    assert_eq!(e["reason"]["kind"], "unreadable", "{e}");
    assert!(
        !e["text"].as_str().unwrap().contains("type `moves`"),
        "the page's words: {e}"
    );
    // Castling without the right: which man has moved.
    let g = game(&s, "chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), 2);
    let e = why(&s, &g, json!({"from": "e1", "to": "g1"}));
    assert_eq!(e["reason"]["kind"], "no_castling_right", "{e}");
    assert_eq!(e["reason"]["why"], "your rook on h1 has moved");
    assert_eq!(
        refused_typed(&s, &g, "O-O")["reason"]["kind"],
        "no_castling_right"
    );
    assert!(why(&s, &g, json!({"from": "e1", "to": "c1"}))["legal"] == true);
    // Echek: a placement condition, quoted with its file and line.
    let g = game(&s, "echek", None, 2);
    let e = why(&s, &g, json!({"piece": "Q", "to": "e5"}));
    assert_eq!(e["reason"]["kind"], "placement_condition", "{e}");
    assert_eq!(e["reason"]["failed"], "touching(own)");
    assert_eq!(
        e["rule"],
        json!({"text": "place where touching(own) and not beside(enemy king)",
               "file": "echek.variant", "line": 33})
    );
    assert!(marked(&e, "e5", "to"), "{e}");
    assert_eq!(refused_typed(&s, &g, "Q@e5")["rule"]["line"], 33);
    let e = why(&s, &g, json!({"piece": "Q", "to": "b2"}));
    assert_eq!(e["reason"]["failed"], "not beside(enemy king)", "{e}");
    // The game over: every attempt says so, with the rule that ended it.
    let mut g = game(&s, "chess", None, 2);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g = typed(&s, &g, m);
    }
    assert_eq!(g["over"], true);
    let e = why(&s, &g, json!({"from": "e2", "to": "e4"}));
    assert_eq!(e["reason"]["kind"], "game_over", "{e}");
    assert!(e["text"].as_str().unwrap().contains("Black won"), "{e}");
    assert!(e["rule"]["text"].is_string(), "{e}");
    assert_eq!(refused_typed(&s, &g, "e4")["reason"]["kind"], "game_over");
    let a = s.post(&format!("/api/game/{}/act", g["id"]), &json!({"action": 0}));
    assert_eq!(a.status, 422);
    assert_eq!(a.json()["explanation"]["reason"]["kind"], "game_over");
    // Requests `why` refuses.
    let g = game(&s, "chess", None, 2);
    let path = format!("/api/game/{}/why", g["id"]);
    assert_eq!(
        s.post(&path, &json!({"from": "e2", "to": "e4", "version": 999}))
            .status,
        409
    );
    assert_eq!(s.post(&path, &json!({})).status, 400);
    assert_eq!(
        s.post(&path, &json!({"piece": "NN", "to": "e4"})).status,
        400
    );
    assert_eq!(
        s.post(&path, &json!({"from": "e".repeat(30), "to": "e4"}))
            .status,
        400
    );
    assert_eq!(s.post(&path, &json!({"text": "x".repeat(300)})).status, 400);
    let e = s.ok(&path, &json!({"text": "Nf3"}))["explanation"].clone();
    assert_eq!(e["legal"], true, "{e}");
}

#[test]
fn a_raindropchess_refusal_reveals_no_card() {
    let s = Server::start(&[]);
    let start = |seed: u64| {
        s.ok(
            "/api/game",
            &json!({"name": "builtin:raindropchess", "seed": seed, "players": ["human", "human"]}),
        )
    };
    // Before the draw, the same answers whatever card is on top...
    let mut answers = std::collections::BTreeSet::new();
    let mut drawn = std::collections::BTreeSet::new();
    let mut told = false;
    for seed in 1..=6 {
        let g = start(seed);
        let a = why(&s, &g, json!({"piece": "N", "to": "e4"}));
        assert_eq!(a["reason"]["kind"], "draw_first", "{a}");
        assert!(
            a["text"].as_str().unwrap().contains("click the deck"),
            "{a}"
        );
        let b = refused_typed(&s, &g, "N@e4");
        let c = why(&s, &g, json!({"from": "e4"}));
        let d = why(&s, &g, json!({"from": "e2", "to": "e4"}));
        answers.insert(format!("{a}|{b}|{c}|{d}"));
        // ...though the cards differ (the test is a referee: it draws).
        let g = s.ok(&format!("/api/game/{}/draw", g["id"]), &json!({}));
        let san = g["actions"][0]["san"].as_str().unwrap().to_string();
        drawn.insert(san.split('@').next().unwrap().to_string());
        // The card drawn is the player's to see: where it may not go is
        // told (at the first seed whose card may not go everywhere).
        let targets: Vec<String> = g["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["paths"][0][0].as_str().unwrap()[2..].to_string())
            .collect();
        let off = (b'a'..=b'h')
            .flat_map(|f| (1..=8).map(move |r| format!("{}{r}", f as char)))
            .find(|sq| !targets.contains(sq));
        if let (Some(off), false) = (off, told) {
            let e = why(&s, &g, json!({"to": off}));
            assert_eq!(e["legal"], false, "{e}");
            assert!(marked(&e, &off, "to"), "{e}");
            let e = why(&s, &g, json!({"to": targets[0]}));
            assert_eq!(e["legal"], true, "{e}");
            told = true;
        }
    }
    assert!(told, "a drawn card's refusal was told");
    assert_eq!(answers.len(), 1, "{answers:#?}");
    assert!(
        drawn.len() > 1,
        "the seeds dealt different cards: {drawn:?}"
    );
    // A move before the own king is placed: the rule and its line.
    let g = s.ok(
        "/api/game",
        &json!({"name": "builtin:raindropchess", "players": ["human", "human"],
                "fen": "4k3/8/8/8/8/8/8/R7{QRBNqrbn}|KQRBBNNPPPPPPPP,QRRBBNNPPPPPPPP| w - - 0 1"}),
    );
    let e = why(&s, &g, json!({"from": "a1", "to": "a4"}));
    assert_eq!(e["reason"]["kind"], "moves_not_now", "{e}");
    assert_eq!(
        (e["rule"]["file"].clone(), e["rule"]["line"].clone()),
        (json!("raindropchess.variant"), json!(31))
    );
}

#[test]
fn piece_cards_with_move_diagrams() {
    let s = Server::start(&[]);
    let r = s.ok("/api/pieces", &json!({"name": "builtin:chess"}));
    let cards = r["pieces"].as_array().unwrap();
    assert_eq!(cards.len(), 6);
    let card = |name: &str| cards.iter().find(|c| c["name"] == name).unwrap().clone();
    let knight = card("knight");
    assert_eq!(knight["letter"], "N");
    assert_eq!(knight["betza"], "N");
    assert!(knight["value"].as_i64().unwrap() > 200, "{knight}");
    assert!(!knight["moves"].as_array().unwrap().is_empty());
    let d = &knight["diagrams"][0];
    let svg = d["svg"].as_str().unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    // From a central square, eight leaps, each a green dot of a move or
    // capture in a red ring.
    assert_eq!(svg.matches("fill=\"#15781b\"").count(), 8, "{svg}");
    assert_eq!(svg.matches("stroke=\"#b22222\"").count(), 8);
    assert_eq!(
        svg.matches("<rect").count(),
        1 + 64,
        "the background and the squares"
    );
    assert_eq!(d["legend"][0]["sign"], "dot in a ring");
    // What the picture marks, square by square: the knight on d4 and
    // exactly its eight leaps.
    assert_eq!(d["square"], "d4");
    assert_eq!(
        d["marked"],
        json!({"d4": "piece", "b3": "move_or_capture", "b5": "move_or_capture",
               "c2": "move_or_capture", "c6": "move_or_capture", "e2": "move_or_capture",
               "e6": "move_or_capture", "f3": "move_or_capture", "f5": "move_or_capture"})
    );
    // Nothing but drawing: no script, no handler, no link.
    for bad in [
        "<script",
        "href",
        "javascript:",
        "<foreignObject",
        "<iframe",
    ] {
        assert!(!svg.contains(bad), "{bad} in {svg}");
    }
    assert!(
        !svg.split_whitespace()
            .any(|w| w.starts_with("on") && w.contains('=')),
        "no event handler: {svg}"
    );
    let king = card("king");
    assert_eq!(king["royal"], true);
    assert_eq!(king["value"], Value::Null);
    let pawn = card("pawn");
    assert!(
        pawn["promotion"].as_str().unwrap().contains("queen"),
        "{pawn}"
    );
    assert!(
        pawn["diagrams"][0]["legend"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["mark"] == "initial" && l["sign"] == "hollow dot"),
        "{pawn}"
    );
    // The rules that name a piece, and the piece a position's square holds.
    let queen = card("queen");
    assert!(
        queen["rules"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r.as_str().unwrap().contains("pawn")),
        "{queen}"
    );
    let g = game(&s, "chess", None, 2);
    assert_eq!(g["men"]["g1"], knight["kind"]);
    assert!(g["men"].get("e4").is_none());
    // A hopper and a lame leaper (Xiangqi's cannon and horse, from the
    // editor's text): the cannon's second diagram puts men of its side in
    // its way, and it captures only beyond them.
    let xiangqi = std::fs::read_to_string(format!(
        "{}/variants/catalogue/xiangqi.variant",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let r = s.ok(
        "/api/pieces",
        &json!({"name": "xiangqi.variant", "text": xiangqi}),
    );
    let cards = r["pieces"].as_array().unwrap();
    let card = |name: &str| cards.iter().find(|c| c["name"] == name).unwrap().clone();
    let cannon = card("cannon");
    let empty = &cannon["diagrams"][0];
    assert_eq!(empty["title"], "from e5 on an empty board");
    let marks = empty["marked"].as_object().unwrap();
    assert_eq!(marks.len(), 1 + 8 + 9, "{empty}");
    assert!(
        marks.values().all(|m| m == "move" || m == "piece"),
        "{empty}"
    );
    let hop = &cannon["diagrams"][1];
    assert_eq!(hop["title"], "from e5 with men of its side in the way (O)");
    let by = |what: &str| {
        let mut v: Vec<&str> = hop["marked"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(_, m)| *m == what)
            .map(|(sq, _)| sq.as_str())
            .collect();
        v.sort_unstable();
        v
    };
    assert_eq!(by("hurdle"), ["c5", "e3", "e7", "g5"]);
    assert_eq!(by("move"), ["d5", "e4", "e6", "f5"]);
    assert_eq!(
        by("capture"),
        ["a5", "b5", "e1", "e10", "e2", "e8", "e9", "h5", "i5"]
    );
    let svg = hop["svg"].as_str().unwrap();
    assert_eq!(svg.matches("stroke=\"#b22222\"").count(), 9, "{svg}");
    // The horse: a knight's eight squares, and six with its way blocked.
    let horse = card("horse");
    assert_eq!(horse["betza"], "nN");
    assert!(
        horse["moves"][0]
            .as_str()
            .unwrap()
            .contains("if the way is empty"),
        "{horse}"
    );
    let mut leaps: Vec<&str> = horse["diagrams"][0]["marked"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, m)| *m == "move_or_capture")
        .map(|(sq, _)| sq.as_str())
        .collect();
    leaps.sort_unstable();
    assert_eq!(leaps, ["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"]);
    // Its second diagram: a man of its side on e6 blocks d7 and f7.
    let blocked = &horse["diagrams"][1];
    assert_eq!(blocked["marked"]["e6"], "hurdle", "{blocked}");
    let mut leaps: Vec<&str> = blocked["marked"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, m)| *m == "move_or_capture")
        .map(|(sq, _)| sq.as_str())
        .collect();
    leaps.sort_unstable();
    assert_eq!(leaps, ["c4", "c6", "d3", "f3", "g4", "g6"]);
    // Every shipped variant's cards are drawn.
    for name in [
        "echek",
        "quatrochess",
        "raindropchess",
        "losalamos",
        "capablanca",
    ] {
        let r = s.ok("/api/pieces", &json!({"name": format!("builtin:{name}")}));
        for c in r["pieces"].as_array().unwrap() {
            for d in c["diagrams"].as_array().unwrap() {
                assert!(
                    d["svg"].as_str().unwrap().contains("<circle")
                        || c["moves"].as_array().unwrap().is_empty(),
                    "{name} {}",
                    c["name"]
                );
            }
        }
    }
}
