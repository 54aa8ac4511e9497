//! Every example of docs/LANGUAGE.md is valid: a ```variant block that holds a
//! `variant` statement is checked as it stands; any other block is a fragment,
//! checked inside a minimal variant (a "harness"). An HTML comment just before
//! a block may name the harness (`<!-- harness: place -->`), the file name
//! (`<!-- file: courtyard.variant -->`, so a later example can extend it), or
//! the diagnostic codes the example must produce (`<!-- expect: no-ending -->`);
//! without `expect`, an example must produce no diagnostic at all.

use std::collections::BTreeSet;
use std::path::PathBuf;
use varia::check::check_str;
use varia::diagnostic::{render, Style};

struct Example {
    line: usize,
    body: String,
    harness: String,
    file: Option<String>,
    expect: BTreeSet<String>,
}

fn examples(doc: &str) -> Vec<Example> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut out = Vec::new();
    let mut meta: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        if let Some(c) = l.strip_prefix("<!-- ").and_then(|c| c.strip_suffix(" -->")) {
            if let Some((k, v)) = c.split_once(": ") {
                meta.push((k.to_string(), v.trim().to_string()));
            }
        } else if l == "```variant" {
            let indent = lines[i].len() - lines[i].trim_start().len();
            let start = i + 1;
            let mut body = String::new();
            i += 1;
            while lines[i].trim() != "```" {
                let t = lines[i];
                body.push_str(
                    t.get(indent..)
                        .filter(|_| t.starts_with(&" ".repeat(indent)))
                        .unwrap_or(t),
                );
                body.push('\n');
                i += 1;
            }
            let get = |k: &str| meta.iter().find(|(x, _)| x == k).map(|(_, v)| v.clone());
            out.push(Example {
                line: start,
                body,
                harness: get("harness").unwrap_or_else(|| "default".into()),
                file: get("file"),
                expect: get("expect")
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
            });
            meta.clear();
        } else if !l.is_empty() {
            meta.clear();
        }
        i += 1;
    }
    out
}

/// The statements of a harness, each with its keyword: a fragment that gives
/// a statement of the same keyword replaces the harness's (regions add up).
fn harness(name: &str) -> Vec<(&'static str, &'static str)> {
    let two = [
        ("players", "players white, black"),
        ("board", "board 8x8"),
        ("use", "use king, queen, rook, bishop, knight, pawn"),
    ];
    let mut h: Vec<(&str, &str)> = match name {
        "default" => two.to_vec(),
        "place" => {
            let mut v = two.to_vec();
            v.push(("region", "region back_ranks: rank 1 + rank 8\n  region centre: squares d4 e4 d5 e5\n  region last_rank: white rank 8, black rank 1"));
            v.push(("setup", "setup {\n    white: K e1\n    black: K e8\n    hands: Q R B*2 N P*8\n  }"));
            v.push(("actions", "actions place, move"));
            v
        }
        "draw" => {
            let mut v = two.to_vec();
            v.push(("setup", "setup {\n    decks: K Q R*2 B*2 N*2 P*8 joker\n    pools: Q R B N\n  }"));
            v.push(("actions", "actions draw, move"));
            v
        }
        "four" => vec![
            ("players", "players south_p north, west_p east, north_p south, east_p west"),
            ("board", "board 8x8"),
            ("use", "use king, rook, pawn"),
            ("setup", "setup {\n    south_p: K d1\n    west_p: K a4\n    north_p: K e8\n    east_p: K h5\n  }"),
            ("end", "end { checkmate -> eliminated }"),
        ],
        "unbounded" => vec![
            ("players", "players white, black"),
            ("use", "use king, queen"),
            ("setup", "setup {\n    white: K (0,0)\n    black: K (0,1)\n  }"),
        ],
        other => panic!("docs/LANGUAGE.md names an unknown harness `{other}`"),
    };
    if !h.iter().any(|(k, _)| *k == "setup") {
        h.push((
            "setup",
            "setup {\n    white: K a1, R b1\n    black: K f6, R e6\n  }",
        ));
    }
    if !h.iter().any(|(k, _)| *k == "end") {
        h.push(("end", "end { checkmate -> lose }"));
    }
    h
}

fn source(ex: &Example) -> String {
    let indented: String = ex.body.lines().map(|l| format!("  {l}\n")).collect();
    if ex.body.lines().any(|l| l.starts_with("variant ")) {
        return ex.body.clone();
    }
    if ex.harness == "echek" {
        return format!("variant doc \"Doc\" extends echek {{\n{indented}}}\n");
    }
    let keywords: BTreeSet<&str> = ex
        .body
        .lines()
        .filter(|l| !l.starts_with([' ', '\t', '#']))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let defined: BTreeSet<&str> = ex
        .body
        .lines()
        .filter_map(|l| l.strip_prefix("piece "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let mut src = String::from("variant doc \"Doc\" {\n");
    for (k, text) in harness(&ex.harness) {
        if k != "region" && keywords.contains(k) {
            continue;
        }
        if k == "use" {
            let names: Vec<&str> = text["use ".len()..]
                .split(", ")
                .filter(|n| !defined.contains(n))
                .collect();
            if !names.is_empty() {
                src.push_str(&format!("  use {}\n", names.join(", ")));
            }
            continue;
        }
        src.push_str(&format!("  {text}\n"));
    }
    src.push_str(&indented);
    src.push_str("}\n");
    src
}

#[test]
fn every_example_of_the_language_reference_validates() {
    let doc = std::fs::read_to_string("docs/LANGUAGE.md").expect("docs/LANGUAGE.md");
    let dir: PathBuf =
        std::env::temp_dir().join(format!("varia-language-doc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let all = examples(&doc);
    assert!(all.len() >= 40, "only {} examples found", all.len());
    let mut failures = Vec::new();
    for (n, ex) in all.iter().enumerate() {
        let src = source(ex);
        let name = ex
            .file
            .clone()
            .unwrap_or_else(|| format!("example{n:02}.variant"));
        let path = dir.join(&name);
        std::fs::write(&path, &src).expect("write the example");
        let c = check_str(&path.to_string_lossy(), &src, Some(&dir), &[]);
        let got: BTreeSet<String> = c.diagnostics.iter().map(|d| d.code.to_string()).collect();
        if got != ex.expect {
            failures.push(format!(
                "docs/LANGUAGE.md:{}: expected {:?}, got {:?}\n{src}\n{}",
                ex.line,
                ex.expect,
                got,
                render(&c.diagnostics, &c.sources, Style { color: false })
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn rust_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir)
        .expect("a source directory")
        .flatten()
    {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every diagnostic code the sources can emit has a row in the table of
/// docs/LANGUAGE.md §22.
#[test]
fn every_diagnostic_code_is_documented() {
    let doc = std::fs::read_to_string("docs/LANGUAGE.md").expect("docs/LANGUAGE.md");
    let mut files = Vec::new();
    rust_files(std::path::Path::new("src"), &mut files);
    let mut codes = BTreeSet::new();
    for f in files {
        let text: String = std::fs::read_to_string(&f)
            .expect("a source file")
            .split_whitespace()
            .collect();
        for head in ["Diagnostic::error(\"", "Diagnostic::warning(\""] {
            for (i, _) in text.match_indices(head) {
                let rest = &text[i + head.len()..];
                if let Some(end) = rest.find('"') {
                    codes.insert(rest[..end].to_string());
                }
            }
        }
    }
    assert!(codes.len() >= 30, "only {} codes found", codes.len());
    let missing: Vec<&String> = codes
        .iter()
        .filter(|c| !doc.contains(&format!("| `{c}` |")))
        .collect();
    assert!(
        missing.is_empty(),
        "diagnostic codes missing from the table of docs/LANGUAGE.md: {missing:?}"
    );
}
