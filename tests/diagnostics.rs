//! The checker's diagnostics, one bad file per mistake.
//!
//! Every file in `tests/bad/` holds one intended mistake and says which
//! diagnostic it expects on its first line:
//!
//! ```text
//! # expect: error[unknown-piece]
//! # expect: warning[no-ending]
//! # expect: error[too-many] many      (other diagnostics may come with it)
//! ```
//!
//! The rendered messages are snapshots (`tests/snapshots/`): a wrong, badly
//! located or unhelpful message shows up in review. The shipped variants must
//! validate without a single diagnostic.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use varia::check::{check_str, Checked};
use varia::diagnostic::{render, Severity, Style};

/// The directory of the bad files, relative to the crate root (the working
/// directory of `cargo test`), so snapshots do not depend on the machine.
const BAD: &str = "tests/bad";

fn files_in(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {dir}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    v.sort();
    v
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .expect("a file name")
        .to_string_lossy()
        .into_owned()
}

/// Check a bad file the way `varia validate` does: `extends` looks in its directory.
fn check_bad(path: &Path) -> (String, Checked) {
    let text = std::fs::read_to_string(path).expect("readable bad file");
    let name = format!("{BAD}/{}.variant", stem(path));
    (
        text.clone(),
        check_str(&name, &text, Some(Path::new(BAD)), &[]),
    )
}

fn rendered(c: &Checked) -> String {
    render(&c.diagnostics, &c.sources, Style { color: false })
}

/// The rendering, with the list of built-in variants (which grows) replaced
/// by a placeholder so that adding a variant does not change the snapshots.
fn rendered_stable(c: &Checked) -> String {
    let names = varia::check::builtin_names().join(", ");
    rendered(c).replace(&names, "<the built-in variants>")
}

/// The first line of a bad file: `# expect: error[code] ... [many]`.
struct Expect {
    codes: Vec<(Severity, String)>,
    /// Other diagnostics may come along (the mistake cannot be made alone).
    many: bool,
}

fn expectation(path: &Path, text: &str) -> Expect {
    let first = text.lines().next().unwrap_or("");
    let rest = first.strip_prefix("# expect:").unwrap_or_else(|| {
        panic!(
            "{}: the first line must be `# expect: error[code]`",
            path.display()
        )
    });
    let mut e = Expect {
        codes: Vec::new(),
        many: false,
    };
    for w in rest.split_whitespace() {
        if w == "many" {
            e.many = true;
            continue;
        }
        let (sev, code) = w
            .strip_suffix(']')
            .and_then(|w| w.split_once('['))
            .unwrap_or_else(|| panic!("{}: cannot read `{w}` in the expect line", path.display()));
        let sev = match sev {
            "error" => Severity::Error,
            "warning" => Severity::Warning,
            _ => panic!("{}: `{sev}` is neither error nor warning", path.display()),
        };
        e.codes.push((sev, code.to_string()));
    }
    assert!(
        !e.codes.is_empty() || e.many,
        "{}: the expect line names no diagnostic",
        path.display()
    );
    e
}

fn sev_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

#[test]
fn there_are_enough_bad_files() {
    let n = files_in(BAD).len();
    assert!(n >= 30, "only {n} bad files");
}

#[test]
fn bad_files_render_as_in_their_snapshots() {
    for path in files_in(BAD) {
        let (_, c) = check_bad(&path);
        insta::assert_snapshot!(stem(&path), rendered_stable(&c));
    }
}

/// Each file reports exactly the diagnostics its first line announces; a file
/// that expects only warnings still yields its variant.
#[test]
fn bad_files_report_the_intended_mistake() {
    let mut failures = Vec::new();
    for path in files_in(BAD) {
        let (text, c) = check_bad(&path);
        let e = expectation(&path, &text);
        let got: Vec<(Severity, String)> = c
            .diagnostics
            .iter()
            .map(|d| (d.severity, d.code.to_string()))
            .collect();
        let show = |v: &[(Severity, String)]| {
            v.iter()
                .map(|(s, c)| format!("{}[{c}]", sev_word(*s)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let ok = if e.many {
            e.codes.iter().all(|x| got.contains(x)) && c.has_errors()
        } else {
            got == e.codes
        };
        if !ok {
            failures.push(format!(
                "{}: expected {}{}, got {}",
                path.display(),
                show(&e.codes),
                if e.many { " (and more)" } else { "" },
                show(&got)
            ));
            continue;
        }
        if !c.has_errors() && c.variants.is_empty() {
            // A warning case: the variant is still valid and produced.
            failures.push(format!(
                "{}: only warnings, but no variant was produced",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}

/// Every diagnostic code the checker and parser can emit is exercised by at
/// least one bad file.
#[test]
fn every_code_has_a_bad_file() {
    let mut emitted = BTreeSet::new();
    // Every `.rs` file under the checker and the parser, subdirectories too.
    let mut dirs: Vec<std::path::PathBuf> = vec!["src/check".into(), "src/syntax".into()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("source directory") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let src = std::fs::read_to_string(&path).expect("source");
                emitted.extend(codes_in(&src));
            }
        }
    }
    assert!(
        emitted.len() > 20,
        "found only {} codes in the sources: {emitted:?}",
        emitted.len()
    );
    let mut covered = BTreeSet::new();
    for path in files_in(BAD) {
        let (_, c) = check_bad(&path);
        covered.extend(c.diagnostics.iter().map(|d| d.code.to_string()));
    }
    let missing: Vec<&String> = emitted.iter().filter(|c| !covered.contains(*c)).collect();
    assert!(missing.is_empty(), "no bad file triggers {missing:?}");
}

/// Codes in `Diagnostic::error("code", ...)` and `Diagnostic::warning("code", ...)`.
fn codes_in(src: &str) -> Vec<String> {
    let mut out = Vec::new();
    for pat in ["Diagnostic::error(", "Diagnostic::warning("] {
        let mut rest = src;
        while let Some(i) = rest.find(pat) {
            rest = &rest[i + pat.len()..];
            let t = rest.trim_start();
            if let Some(lit) = t.strip_prefix('"') {
                if let Some(end) = lit.find('"') {
                    out.push(lit[..end].to_string());
                }
            }
        }
    }
    out
}

/// One file with many mistakes: every one is reported, sorted by position.
#[test]
fn many_mistakes_are_all_reported_in_order() {
    let path = Path::new(BAD).join("many-mistakes.variant");
    let (_, c) = check_bad(&path);
    let own: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.file.ends_with("many-mistakes.variant"))
        .collect();
    let codes: BTreeSet<&str> = own.iter().map(|d| d.code).collect();
    for code in [
        "unknown-statement",
        "unknown-piece",
        "off-board",
        "square-taken",
        "bad-betza",
        "unknown-player",
        "unknown-region",
        "bad-outcome",
        "duplicate-letter",
        "option-value",
    ] {
        assert!(
            codes.contains(code),
            "`{code}` is not reported; got {codes:?}"
        );
    }
    assert!(own.len() >= 10, "only {} diagnostics", own.len());
    let starts: Vec<usize> = own.iter().map(|d| d.span.start).collect();
    let mut sorted = starts.clone();
    sorted.sort();
    assert_eq!(starts, sorted, "diagnostics are not sorted by position");
    // The rendered text lists them in the same order, each with its line.
    let text = rendered(&c);
    let lines: Vec<usize> = text
        .lines()
        .filter_map(|l| {
            l.trim_start()
                .strip_prefix("--> tests/bad/many-mistakes.variant:")
        })
        .map(|rest| {
            rest.split(':')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a line number")
        })
        .collect();
    assert_eq!(lines.len(), own.len());
    assert!(
        lines.windows(2).all(|w| w[0] <= w[1]),
        "rendered out of order: {lines:?}"
    );
}

fn shipped() -> Vec<PathBuf> {
    files_in("variants")
}

#[test]
fn shipped_variants_are_clean() {
    let files = shipped();
    assert!(
        files.len() >= 8,
        "expected the shipped variants, found {files:?}"
    );
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let c = check_str(&path.to_string_lossy(), &text, path.parent(), &[]);
        assert!(
            c.diagnostics.is_empty(),
            "{} is not clean:\n{}",
            path.display(),
            rendered(&c)
        );
        if stem(&path) != "prelude" {
            assert!(
                !c.variants.is_empty(),
                "{} yields no variant",
                path.display()
            );
        }
    }
}

/// Every value of every option of every shipped variant is valid too.
#[test]
fn shipped_variants_are_clean_under_every_option_value() {
    for path in shipped() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let c = check_str(&path.to_string_lossy(), &text, path.parent(), &[]);
        for v in &c.variants {
            for o in &v.options {
                for value in option_values(&o.allowed) {
                    let ov = vec![(o.name.clone(), value.clone())];
                    let c2 = check_str(&path.to_string_lossy(), &text, path.parent(), &ov);
                    assert!(
                        c2.diagnostics.is_empty() && !c2.variants.is_empty(),
                        "{} with {}={value}:\n{}",
                        path.display(),
                        o.name,
                        rendered(&c2)
                    );
                    let got = c2
                        .variants
                        .iter()
                        .find(|x| x.name == v.name)
                        .expect("the same variant");
                    let set = got
                        .options
                        .iter()
                        .find(|x| x.name == o.name)
                        .expect("the option");
                    assert_eq!(
                        set.value,
                        value,
                        "{}: option {} was not applied",
                        path.display(),
                        o.name
                    );
                }
            }
        }
    }
}

/// `a | b | c` lists its values; `lo..hi` gives the two ends.
fn option_values(allowed: &str) -> Vec<String> {
    if let Some((lo, hi)) = allowed.split_once("..") {
        vec![lo.trim().to_string(), hi.trim().to_string()]
    } else {
        allowed.split('|').map(|s| s.trim().to_string()).collect()
    }
}

/// A piece reusing the letter of a piece inherited from another file: the
/// error names that file instead of underlining a span of it in this one.
#[test]
fn duplicate_letter_of_an_inherited_piece_stays_in_its_file() {
    let text = "variant v \"V\" extends chess {\n  piece mine Q moves \"K\"\n}\n";
    let c = check_str("child.variant", text, None, &[]);
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == "duplicate-letter")
        .expect("the letter Q is reported");
    assert_eq!(&*d.file, "child.variant");
    assert!(d.span.end <= text.len());
    assert!(
        d.labels.iter().all(|(s, _)| s.end <= text.len()),
        "no label points outside the child's text: {d:?}"
    );
    assert!(
        d.hints.iter().any(|h| h.contains("`queen` is defined in")),
        "the hint names where the queen comes from: {d:?}"
    );
}
