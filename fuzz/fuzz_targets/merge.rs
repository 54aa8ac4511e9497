//! Any text as the shard files of `varia merge`: split at the byte 0x1E
//! into up to four files, joined as `merge` joins them. Every line written
//! is one line, and a join that succeeds counts every game it wrote. No
//! file is ever opened: only built-in variants are allowed.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::Mutex;
use varia::study::merge::{join, Source};
use varia::study::verify::Compiled;

/// Variants compiled once for the whole run.
static COMPILED: Mutex<Option<Compiled>> = Mutex::new(None);

fuzz_target!(|data: &[u8]| {
    let sources: Vec<Source<&[u8]>> = data
        .split(|&b| b == 0x1e)
        .take(4)
        .enumerate()
        .map(|(i, part)| Source::new(&format!("shard{i}.jsonl"), part))
        .collect();
    let mut guard = COMPILED.lock().unwrap();
    let compiled = guard.get_or_insert_with(Compiled::default);
    let mut written = 0usize;
    let joined = join(sources, &[], compiled, 3, None, |line| {
        assert!(!line.contains('\n'), "{line:?}");
        written += 1;
        Ok(())
    });
    if let Ok(j) = joined {
        assert_eq!(j.tally.games(), written);
        assert!(j.samples.len() <= 3);
        let _ = j.tally.summary();
    }
});
