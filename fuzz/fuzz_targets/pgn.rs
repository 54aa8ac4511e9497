//! Any text as a game record (PGN or `simulate --out` JSON lines): read,
//! and every game naming a built-in variant is replayed as `varia replay`
//! does. No file is ever opened: only built-in variants are allowed.
#![no_main]
use libfuzzer_sys::fuzz_target;
use varia::game::Game as _;
use varia::record::Record;
use varia::session::Session;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in Record::parse_all(text).into_iter().take(4) {
        let Ok(rec) = game else { continue };
        let _ = rec.to_pgn();
        let Ok(v) = varia::load::for_record(&rec.variant, &[], &rec.options, false) else {
            continue;
        };
        let Ok(mut s) = Session::new(&v, rec.fen.as_deref(), rec.seed) else {
            continue;
        };
        for mv in rec.moves.iter().take(200) {
            if s.result().is_some() {
                break;
            }
            match s.parse(mv) {
                Ok(m) => {
                    let _ = s.san(m);
                    s.play(m);
                }
                Err(e) => {
                    let _ = e.to_string();
                    break;
                }
            }
        }
    }
});
