//! `varia serve`'s API with hidden information: fog of war, hidden decks
//! and face-down men: a seat's JSON holds nothing it may not see, and the
//! record (the referee's copy) waits for the end of the game. A part of
//! the `serve_api` test binary (one binary to link).

use super::http::Server;
use super::{game, last_move, play};
use serde_json::json;

/// Under fog of war a seat's JSON holds nothing it cannot see: no hidden
/// man in `men`, in the picture, in the moves or in a FEN; another seat
/// gets its own view; the analysis, the explanations and the record wait
/// for the end of the game.
#[test]
fn a_seat_under_fog_of_war_gets_its_view_only() {
    let s = Server::start(&[]);
    // White: rook a1 behind its pawn a3; Black: a rook on a5 (in front of
    // the pawn, out of its sight) and a knight on h8 (out of every sight).
    let fen = "4k2n/8/8/r7/8/P7/8/R3K3 w - - 0 1";
    let g = game(&s, "fogofwar", Some(fen), 2);
    assert_eq!(
        (g["fog"].as_bool(), g["view"].as_u64()),
        (Some(true), Some(0))
    );
    let men = g["men"].as_object().unwrap();
    let mut seen: Vec<&str> = men.keys().map(String::as_str).collect();
    seen.sort();
    assert_eq!(seen, ["a1", "a3", "e1"], "{g}");
    let text = g.to_string();
    for hidden in ["a5", "e8", "h8"] {
        assert!(!men.contains_key(hidden), "{hidden}: {g}");
    }
    // The picture draws White's three men and no black one.
    let svg = g["svg"].as_str().unwrap();
    let men_drawn = svg
        .lines()
        .filter(|l| l.starts_with("<circle") && l.contains(r#"stroke-width="2""#))
        .count();
    assert_eq!(men_drawn, 3, "{svg}");
    assert!(!svg.contains(">r<") && !svg.contains(">n<") && !svg.contains(">k<"));
    assert!(g["fen"].is_null(), "no FEN under fog: {text}");
    assert!(!text.contains("4k2n"), "the true FEN nowhere: {text}");
    // Black's view, asked for by seat: its men, White's pawn (its rook can
    // take it), not White's rook behind the pawn, and no action.
    let b = s.get(&format!("/api/game/{}?seat=1", g["id"])).json();
    let bm = b["men"].as_object().unwrap();
    assert!(bm.contains_key("a5") && bm.contains_key("h8") && bm.contains_key("a3"));
    assert!(!bm.contains_key("a1") && !bm.contains_key("e1"), "{b}");
    assert_eq!(
        b["actions"].as_array().unwrap().len(),
        0,
        "not Black's turn"
    );
    // White plays: the answer is the view of the person to act now
    // (Black: both seats are people), which does not name the move; White
    // sees it in its own view.
    let g = play(&s, &g, "a4");
    assert_eq!(g["view"], 1, "{g}");
    assert_eq!(last_move(&g), "?", "{g}");
    let w = s.get(&format!("/api/game/{}?seat=0", g["id"])).json();
    assert_eq!(last_move(&w), "a4", "White sees its own move");
    // Nothing reads past the fog while the game goes on.
    let why = s.post(
        &format!("/api/game/{}/why", g["id"]),
        &json!({"from": "a4", "to": "a5"}),
    );
    assert!(why.text().contains("fog of war"), "{}", why.text());
    let a = s.post("/api/analysis/start", &json!({"game": g["id"]}));
    assert_eq!(a.status, 422, "{}", a.text());
    let save = s.post(&format!("/api/game/{}/save", g["id"]), &json!({}));
    assert_eq!(save.status, 422, "{}", save.text());
}

/// Hidden decks (Raindrop chess): the record, whose seed deals every deck,
/// is not saved while the game goes on, as for fog and face-down men.
#[test]
fn a_game_of_hidden_decks_is_not_saved_while_it_goes_on() {
    let s = Server::start(&[]);
    let g = game(&s, "raindropchess", None, 2);
    let save = s.post(&format!("/api/game/{}/save", g["id"]), &json!({}));
    assert_eq!(save.status, 422, "{}", save.text());
    assert!(save.text().contains("hidden card"), "{}", save.text());
    // A game that hides nothing is saved.
    let g = game(&s, "chess", None, 2);
    let save = s.post(&format!("/api/game/{}/save", g["id"]), &json!({}));
    assert_eq!(save.status, 200, "{}", save.text());
    assert!(save.text().contains("[Variant"), "{}", save.text());
}

/// Jieqi (`face down`): the page is sent the FEN players may see (every
/// hidden identity `?`), never the start FEN that names them, and the
/// record (the referee's copy) is not saved while the game goes on; a
/// covered man's move turns it face up for both.
#[test]
fn a_game_of_face_down_men_names_no_hidden_identity() {
    let s = Server::start(&[]);
    let truth = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX<faces:pcppcrpbpnbaranPPBCBNAPPRANRCP> w - - 0 1";
    let g = game(&s, "jieqi", Some(truth), 2);
    let text = g.to_string();
    assert!(!text.contains("pcppcrpbpnbaranPPBCBNAPPRANRCP"), "{text}");
    assert!(g["start_fen"].is_null(), "{text}");
    let fen = g["fen"].as_str().unwrap();
    assert!(
        fen.contains(&format!("<faces:{}>", "?".repeat(30))),
        "{fen}"
    );
    assert_eq!(g["hidden"], true, "{text}");
    let save = s.post(&format!("/api/game/{}/save", g["id"]), &json!({}));
    assert_eq!(save.status, 422, "{}", save.text());
    // a1's man (a soldier) moves as a chariot and is turned face up.
    let g = play(&s, &g, "Xaa3");
    let fen = g["fen"].as_str().unwrap();
    assert!(
        fen.contains(&format!("<faces:{}=P{}>", "?".repeat(22), "?".repeat(7))),
        "{fen}"
    );
}
