//! The documented recipe for a study split across workers (docs/STUDY.md):
//! GNU parallel runs the shards, `varia merge` joins them, and the result is
//! the unsharded run's. Skipped when GNU parallel is not installed (`.ci/run`
//! installs it).

use std::process::Command;

#[test]
fn gnu_parallel_shards_merge_into_the_whole_run() {
    if Command::new("parallel").arg("--version").output().is_err() {
        eprintln!("GNU parallel is not installed; skipped");
        return;
    }
    let varia = env!("CARGO_BIN_EXE_varia");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let common = "chess -n 24 --players random,random --seed 42 --max-plies 200 --jobs 1";
    let script = format!(
        "cd {d} && {varia} simulate {common} --out whole.jsonl > whole.txt && \
         parallel --will-cite -j 3 {varia} simulate {common} --shard {{}}/6 \
           --out shard-{{}}.jsonl '>' /dev/null ::: 0 1 2 3 4 5 && \
         {varia} merge shard-*.jsonl --out merged.jsonl > merged.txt"
    );
    let out = Command::new("sh").arg("-c").arg(&script).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = |f: &str| std::fs::read(dir.path().join(f)).unwrap();
    assert_eq!(read("whole.jsonl"), read("merged.jsonl"));
    assert_eq!(read("whole.txt"), read("merged.txt"));
    assert_eq!(
        read("merged.jsonl").iter().filter(|&&b| b == b'\n').count(),
        24
    );
}
