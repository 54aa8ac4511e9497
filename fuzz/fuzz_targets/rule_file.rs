//! Any text as a rule file: checked like `varia validate`; a variant that
//! checks is compiled and its start position searched two plies deep, as
//! `varia perft` would (boards too large to compile are refused, not run).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let checked = varia::check::check_str("fuzz.variant", text, None, &[]);
    let _ = varia::load::render(&checked.diagnostics, &checked.sources, false);
    if checked.has_errors() {
        return;
    }
    for v in &checked.variants {
        let Ok(tables) = varia::engine::Tables::new(v) else {
            continue;
        };
        let Ok(mut pos) = varia::engine::Position::start_seeded(std::sync::Arc::new(tables), 1)
        else {
            continue;
        };
        // Depth 2 at most, and only on a small tree.
        if pos.legal_moves().len() <= 64 {
            let _ = varia::engine::perft(&mut pos, 2);
        }
        let _ = pos.fen();
    }
});
