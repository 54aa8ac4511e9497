//! Any bytes as lines typed at the prompt of a game in progress (the
//! variant chosen by the first byte): each line is read as an action the
//! way `varia play` reads it (public actions, then the full parser, with its
//! messages); a legal one is played. The game must survive every line.
#![no_main]
use libfuzzer_sys::fuzz_target;
use varia::search::game::Game as _;
use varia::play::session::Session;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    // One starting game per built-in variant, built once (checking and
    // compiling a variant is not what this target exercises).
    static STARTS: std::sync::OnceLock<Vec<Session>> = std::sync::OnceLock::new();
    let starts = STARTS.get_or_init(|| {
        varia::check::builtin_names()
            .into_iter()
            .map(|n| Session::new(&varia::load::builtin(n, &[]).unwrap(), None, 1).unwrap())
            .collect()
    });
    let mut s = starts[pick as usize % starts.len()].clone();
    for line in rest.split(|&b| b == b'\n').take(64) {
        let Ok(line) = std::str::from_utf8(line) else {
            continue;
        };
        if s.result().is_some() {
            break;
        }
        let parsed = s.parse_public(line).or_else(|_| s.parse(line));
        match parsed {
            Ok(m) => {
                let _ = s.san(m);
                s.play(m);
                let _ = s.view(Some(m));
                let _ = s.position().public_fen();
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
