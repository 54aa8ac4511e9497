//! Any text as a game record (PGN or `simulate --out` JSON lines): read,
//! and every game naming a built-in variant is replayed as `varia replay`
//! does. No file is ever opened: only built-in variants are allowed.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::collections::HashMap;
use std::sync::Mutex;
use varia::search::game::Game as _;
use varia::notation::record::Record;
use varia::play::session::Session;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in Record::parse_all(text).into_iter().take(2) {
        let Ok(rec) = game else { continue };
        let _ = rec.to_pgn();
        // Variants are checked once per (name, options): checking is not
        // what this target exercises.
        static CACHE: Mutex<Option<HashMap<String, Option<varia::ir::Variant>>>> = Mutex::new(None);
        let key = format!("{}|{:?}", rec.variant, rec.options);
        let v = {
            let mut cache = CACHE.lock().unwrap();
            let map = cache.get_or_insert_with(HashMap::new);
            if map.len() > 64 {
                map.clear();
            }
            map.entry(key)
                .or_insert_with(|| {
                    varia::load::for_record(&rec.variant, &[], &rec.options, false).ok()
                })
                .clone()
        };
        let Some(v) = v else {
            continue;
        };
        let Ok(mut s) = Session::new(&v, rec.fen.as_deref(), rec.seed) else {
            continue;
        };
        for mv in rec.moves.iter().take(60) {
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
