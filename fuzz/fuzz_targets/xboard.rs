//! Any bytes as lines a GUI sends to `varia xboard`: each line (at most
//! 64, each cut at the protocol's line cap) is handled as `varia xboard`
//! handles it, the engine thinking and playing on its thread, and it is
//! shut down at the end as at the end of its input. Lines that would read
//! files (`option VariantPath=`) or ask for a big table (`memory`) are
//! left out: they are what the user asked for, not faults.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use varia::external::lines::{read_line, Line, MAX_PROTOCOL_LINE};
use varia::protocol::xboard::Xboard;

fuzz_target!(|data: &[u8]| {
    let written = Arc::new(AtomicUsize::new(0));
    let w = written.clone();
    let mut engine = Xboard::new(Arc::new(move |s: String| {
        w.fetch_add(s.len() + 1, Ordering::Relaxed);
    }));
    let mut input = data;
    for _ in 0..64 {
        match read_line(&mut input, MAX_PROTOCOL_LINE, false) {
            Ok(Some(Line::Text(l))) => {
                let lower = l.to_ascii_lowercase();
                if lower.contains("variantpath") || lower.trim_start().starts_with("memory") {
                    continue;
                }
                if !engine.handle(&l) {
                    return;
                }
                engine.tick();
            }
            Ok(Some(Line::TooLong)) => engine.too_long(),
            Ok(None) | Err(_) => break,
        }
    }
    engine.shutdown();
    assert!(written.load(Ordering::Relaxed) < 64 << 20);
});
