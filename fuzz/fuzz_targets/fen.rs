//! Any text as a FEN of a built-in variant (chosen by the first byte): if
//! accepted, every legal action is made and unmade, and the FEN written back
//! must be read again to the same FEN.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};
use varia::engine::{Position, Tables};

fn tables() -> &'static Vec<Arc<Tables>> {
    static T: OnceLock<Vec<Arc<Tables>>> = OnceLock::new();
    T.get_or_init(|| {
        varia::check::builtin_names()
            .into_iter()
            .map(|n| Arc::new(Tables::new(&varia::load::builtin(n, &[]).unwrap()).unwrap()))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(fen) = std::str::from_utf8(rest) else {
        return;
    };
    let all = tables();
    let t = all[pick as usize % all.len()].clone();
    let Ok(mut pos) = Position::from_fen(t.clone(), fen) else {
        return;
    };
    let written = pos.fen();
    let again = Position::from_fen(t, &written).expect("a written FEN reads back");
    assert_eq!(again.fen(), written, "FEN round trip");
    for mv in pos.legal_moves().iter().copied().collect::<Vec<_>>() {
        let undo = pos.make(mv);
        let _ = pos.legal_moves();
        pos.unmake(mv, undo);
    }
    assert_eq!(pos.fen(), written, "make/unmake restores the position");
});
