//! The checked IR of every shipped variant, as a JSON snapshot: a change to
//! the checker or to a variant file that alters what the engine reads shows up
//! in review.

use std::path::PathBuf;
use varia::check::check_str;
use varia::diagnostic::{render, Style};

#[test]
fn ir_of_every_shipped_variant() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("variants")
        .expect("variants/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    let mut n = 0;
    for path in files {
        let stem = path
            .file_stem()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        if stem == "prelude" {
            continue; // a library of pieces: no variant
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let c = check_str(&path.to_string_lossy(), &text, path.parent(), &[]);
        assert!(
            !c.has_errors(),
            "{}:\n{}",
            path.display(),
            render(&c.diagnostics, &c.sources, Style { color: false })
        );
        assert_eq!(
            c.variants.len(),
            1,
            "{} should define one variant",
            path.display()
        );
        insta::assert_json_snapshot!(stem, c.variants[0]);
        n += 1;
    }
    assert!(n >= 7, "only {n} variants");
}

/// The IR is plain data: it survives a JSON round trip unchanged.
#[test]
fn ir_round_trips_through_json() {
    for (name, text) in varia::check::builtin_files() {
        if *name == varia::check::PRELUDE {
            continue;
        }
        let c = check_str(name, text, None, &[]);
        for v in &c.variants {
            let json = serde_json::to_string(v).expect("serialise");
            let back: varia::ir::Variant = serde_json::from_str(&json).expect("deserialise");
            assert_eq!(&back, v, "{name}");
        }
    }
}
