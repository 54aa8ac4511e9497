//! Any bytes as lines a GUI sends to `varia uci`: each line (at most 64,
//! each cut at the protocol's line cap) is handled as `varia uci` handles
//! it, searches and perfts on their threads, and the engine is shut down
//! at the end as at the end of its input. Lines that would read files
//! (`VariantPath`) or ask for a big table (`Hash`), and perfts deeper than
//! 3 (which later commands rightly wait for), are left out: they are what
//! the user asked for, not faults. Every `go` gets ` nodes 300` added, so
//! a search ends soon (it is stopped by the next command anyway).
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use varia::external::lines::{read_line, Line, MAX_PROTOCOL_LINE};
use varia::protocol::uci::Uci;

/// Whether the fuzzer may send this line.
fn allowed(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    if lower.contains("variantpath") || lower.contains("hash") {
        return false;
    }
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.iter().position(|w| *w == "perft") {
        Some(i) => words
            .get(i + 1)
            .and_then(|d| d.parse::<i64>().ok())
            .is_some_and(|d| d <= 3),
        None => true,
    }
}

fuzz_target!(|data: &[u8]| {
    let written = Arc::new(AtomicUsize::new(0));
    let w = written.clone();
    let mut engine = Uci::new(Arc::new(move |s: String| {
        w.fetch_add(s.len() + 1, Ordering::Relaxed);
    }));
    let mut input = data;
    for _ in 0..64 {
        match read_line(&mut input, MAX_PROTOCOL_LINE, false) {
            Ok(Some(Line::Text(mut l))) => {
                if !allowed(&l) {
                    continue;
                }
                if l.trim_start().starts_with("go") && !l.contains("perft") {
                    l.push_str(" nodes 300");
                }
                if !engine.handle(&l) {
                    return;
                }
            }
            Ok(Some(Line::TooLong)) => engine.too_long(),
            Ok(None) | Err(_) => break,
        }
    }
    engine.shutdown();
    // Answers are bounded by the commands, not by anything a line holds.
    assert!(written.load(Ordering::Relaxed) < 64 << 20);
});
