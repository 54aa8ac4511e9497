//! Any text as `simulate --out` JSON lines: each record read, written as
//! PGN (every tag one line of printing characters, read back as written),
//! and on a built-in variant played and judged as `varia replay` does. No
//! file is ever opened: only built-in variants are allowed.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::Mutex;
use varia::notation::record::Record;
use varia::study::verify::Compiled;

/// Variants compiled once for the whole run (compiling is not what this
/// target exercises).
static COMPILED: Mutex<Option<Compiled>> = Mutex::new(None);

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines().take(4) {
        let Ok(mut rec) = Record::from_json(line) else {
            continue;
        };
        let pgn = rec.to_pgn();
        let tags: Vec<&str> = pgn.lines().take_while(|l| !l.is_empty()).collect();
        for t in &tags {
            assert!(t.starts_with('[') && t.ends_with("\"]"), "{t:?}");
            assert!(!t.chars().any(char::is_control), "{t:?}");
        }
        let back = Record::parse_pgn(&pgn).expect("a record's own PGN reads");
        if !rec.variant.is_empty() {
            assert_eq!(back.variant, rec.variant);
        }
        assert_eq!(back.options, rec.options);
        assert_eq!(back.seed, rec.seed);
        assert_eq!(back.fen, rec.fen);
        assert_eq!(back.termination, rec.termination);
        assert_eq!(back.forfeit, rec.forfeit);
        assert_eq!(back.referee, rec.referee);
        rec.moves.truncate(60);
        let mut guard = COMPILED.lock().unwrap();
        let compiled = guard.get_or_insert_with(Compiled::default);
        let Ok(prepared) = compiled.get(&rec.variant, &rec.options, || {
            varia::load::for_record(&rec.variant, &[], &rec.options, false).map_err(|e| e.0)
        }) else {
            continue;
        };
        if let Ok(done) = varia::study::verify::play(prepared, &rec, true, |_, _, _, _, _| {}) {
            let _ = varia::study::verify::judge(&rec, &done.session);
            let _ = varia::study::verify::rules_result(&done.session);
        }
    }
});
