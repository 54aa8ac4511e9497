//! `varia xboard` on the real binary: scripted CECP input, checked replies.

use assert_cmd::Command;
use std::time::Duration;

fn xboard(input: &str) -> String {
    let out = Command::cargo_bin("varia")
        .unwrap()
        .arg("xboard")
        .write_stdin(input)
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
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
    for v in ["echek", "raindropchess", "quatrochess"] {
        assert!(
            !f.contains(&format!("{v},")) && !f.ends_with(&format!("{v}\"")),
            "{v}: {f}"
        );
    }
    assert!(f.contains("setboard=1") && f.contains("usermove=1"), "{f}");
    assert!(out.contains("feature done=1"));
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
