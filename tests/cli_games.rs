//! A whole game of every shipped variant, typed into the real binary.
//!
//! The script is made by playing a seeded random game through the library
//! (as SAN, with `draw` + square for cards), then piped to `varia play` with
//! every seat human; the binary must reach the same result.

use assert_cmd::Command;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use varia::engine::MoveKind;
use varia::play::session::Session;
use varia::search::game::Game as _;

fn script(name: &str, seed: u64) -> (Vec<String>, String) {
    let v = varia::load::builtin(name, &[]).unwrap();
    let mut s = Session::new(&v, None, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lines = Vec::new();
    for _ in 0..4000 {
        if s.result().is_some() {
            break;
        }
        let moves = s.legal();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.gen_range(0..moves.len())];
        if m.kind() == MoveKind::DrawPlace {
            lines.push("draw".to_string());
            lines.push(s.square_name(m.to().unwrap()));
        } else {
            lines.push(s.san(m));
        }
        s.play(m);
    }
    let expect = match s.result() {
        Some(
            varia::search::game::Outcome::Win { .. } | varia::search::game::Outcome::Shares { .. },
        ) => "Game over:".to_string(),
        Some(varia::search::game::Outcome::Draw { .. }) => "Game over: draw".to_string(),
        None => "unfinished".to_string(),
    };
    (lines, expect)
}

#[test]
fn a_scripted_game_of_every_shipped_variant_reaches_its_result() {
    for name in varia::check::builtin_names() {
        let v = varia::load::builtin(name, &[]).unwrap();
        if v.turn.boards == 2 {
            // Four seats on two boards: tests/cli_boards.rs plays them.
            continue;
        }
        let seats = vec!["human"; v.players.len()].join(",");
        // The first seed whose random game ends within the cap.
        let seed = (1..20)
            .find(|&s| script(name, s).1 != "unfinished")
            .unwrap_or_else(|| panic!("{name}: no random game ended within 4000 plies"));
        let (lines, expect) = script(name, seed);
        let out = Command::cargo_bin("varia")
            .unwrap()
            .env("NO_COLOR", "1")
            .args([
                "play",
                name,
                "--ascii",
                "--players",
                &seats,
                "--seed",
                &seed.to_string(),
            ])
            .write_stdin(lines.join("\n") + "\n")
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8_lossy(&out);
        if let Some(i) = text.find("not a legal action") {
            panic!(
                "{name}: a scripted action was refused:\n{}",
                &text[i.saturating_sub(400)..(i + 300).min(text.len())]
            );
        }
        assert!(
            text.contains(&expect),
            "{name}: expected `{expect}`:\n{}",
            &text[text.len().saturating_sub(3000)..]
        );
    }
}
