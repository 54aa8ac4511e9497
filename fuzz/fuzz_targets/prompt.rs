//! Any bytes as lines typed at the prompt of a game in progress (the
//! variant chosen by the first byte): each line is read as an action the
//! way `varia play` reads it (public actions, then the full parser, with its
//! messages); a legal one is played. The game must survive every line.
#![no_main]
use libfuzzer_sys::fuzz_target;
use varia::game::Game as _;
use varia::session::Session;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let names = varia::check::builtin_names();
    let name = names[pick as usize % names.len()];
    let v = varia::load::builtin(name, &[]).unwrap();
    let mut s = Session::new(&v, None, u64::from(pick)).unwrap();
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
