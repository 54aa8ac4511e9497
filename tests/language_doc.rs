//! Every example of docs/LANGUAGE.md is valid: a ```variant block that holds a
//! `variant` statement is checked as it stands; any other block is a fragment,
//! checked inside a minimal variant (a "harness"). An HTML comment just before
//! a block may name the harness (`<!-- harness: place -->`), the file name
//! (`<!-- file: courtyard.variant -->`, so a later example can extend it), or
//! the diagnostic codes the example must produce (`<!-- expect: no-ending -->`);
//! without `expect`, an example must produce no diagnostic at all.
//!
//! The docs also state facts of the code that tests here keep true: every
//! diagnostic code has its row in LANGUAGE.md §22, and the top-level
//! modules of `src/` import one another in the order of the layers that
//! ARCHITECTURE.md draws, with no import circle between them.

use std::collections::{BTreeMap, BTreeSet};
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

// ----- The layers of src/ -----

/// A top-level module's imports of other top-level modules, each with a
/// file that makes it (`crate::X`, `super::X`, and `varia::X` in the
/// binary's files), collapsed from files to the modules at the top of
/// `src/`. Comments are left out, and so is test code: from a
/// `#[cfg(test)]` module block to the end of its file, and every file of
/// a module declared `#[cfg(test)] mod NAME;` (as `engine::testing`).
fn top_level_imports() -> BTreeMap<String, BTreeMap<String, String>> {
    let root = std::path::Path::new("src");
    let mut files = Vec::new();
    rust_files(root, &mut files);
    files.sort();
    // Module path of each file: src/protocol/uci.rs is [protocol, uci].
    let path_of = |f: &PathBuf| -> Vec<String> {
        let rel = f.strip_prefix(root).unwrap().with_extension("");
        let mut parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if parts
            .last()
            .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
        {
            parts.pop();
        }
        parts
    };
    let mut texts = Vec::new();
    let mut test_only: Vec<Vec<String>> = Vec::new();
    for f in &files {
        let raw = std::fs::read_to_string(f).expect("a source file");
        let text: String = raw
            .lines()
            .map(|l| l.find("//").map_or(l, |i| &l[..i]))
            .collect::<Vec<_>>()
            .join("\n");
        let path = path_of(f);
        let mut kept = String::new();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("#[cfg(test)]") {
            kept.push_str(&rest[..i]);
            let after = rest[i + "#[cfg(test)]".len()..].trim_start();
            let after = after
                .strip_prefix("pub(crate)")
                .unwrap_or(after)
                .trim_start();
            let decl = after.strip_prefix("mod ").and_then(|m| {
                let name: String = m
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                m[name.len()..]
                    .trim_start()
                    .starts_with(';')
                    .then_some(name)
            });
            match decl {
                // A test-only module in its own file: skip that file.
                Some(name) => {
                    let mut child = path.clone();
                    child.push(name);
                    test_only.push(child);
                    rest = &after[after.find(';').unwrap() + 1..];
                }
                // A test block: the rest of the file is test code.
                None => rest = "",
            }
        }
        kept.push_str(rest);
        texts.push((f.clone(), path, kept));
    }
    let tops: BTreeSet<String> = files
        .iter()
        .filter_map(|f| path_of(f).into_iter().next())
        .collect();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    // The first names of a path's tail: `x::y` gives [x]; `{x::y, z}`
    // gives [x, z].
    let heads = |tail: &str| -> Vec<String> {
        let tail = tail.trim_start();
        let Some(group) = tail.strip_prefix('{') else {
            return vec![ident(tail)];
        };
        let (mut out, mut depth, mut start) = (Vec::new(), 0, true);
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => start = true,
                c if start && !c.is_whitespace() => {
                    out.push(ident(&group[i..]));
                    start = false;
                }
                _ => {}
            }
        }
        out
    };
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (f, path, text) in &texts {
        if path.is_empty() || test_only.iter().any(|t| path.starts_with(t)) {
            continue;
        }
        let from = &path[0];
        let shown = f.display().to_string();
        let mut targets = Vec::new();
        let prefixes: &[&str] = if from == "cli" {
            &["crate::", "varia::"]
        } else {
            &["crate::"]
        };
        for prefix in prefixes {
            for (i, _) in text.match_indices(prefix) {
                let before = text[..i].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                targets.extend(heads(&text[i + prefix.len()..]));
            }
        }
        for (i, _) in text.match_indices("super::") {
            let before = text[..i].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut tail = &text[i..];
            let mut base = path.clone();
            while let Some(t) = tail.strip_prefix("super::") {
                base.pop();
                tail = t;
            }
            match base.first() {
                Some(top) => targets.push(top.clone()),
                None => targets.extend(heads(tail)),
            }
        }
        for t in targets {
            if &t != from && tops.contains(&t) {
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(t)
                    .or_insert_with(|| shown.clone());
            }
        }
        graph.entry(from.clone()).or_default();
    }
    graph
}

/// The layers ARCHITECTURE.md draws in the text block after its
/// `<!-- layers -->` mark, top first: a module's line number from the
/// bottom (0 for the lowest layer).
fn documented_layers() -> BTreeMap<String, usize> {
    let doc = std::fs::read_to_string("ARCHITECTURE.md").expect("ARCHITECTURE.md");
    let at = doc
        .find("<!-- layers -->")
        .expect("a `<!-- layers -->` mark in ARCHITECTURE.md");
    let block = &doc[at..];
    let start = block
        .find("```text\n")
        .expect("a text block after the mark")
        + 8;
    let end = block[start..].find("```").expect("the block's end") + start;
    let lines: Vec<&str> = block[start..end].lines().collect();
    let mut layers = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        for m in line.split_whitespace() {
            let old = layers.insert(m.to_string(), lines.len() - 1 - i);
            assert!(old.is_none(), "ARCHITECTURE.md lists `{m}` twice");
        }
    }
    layers
}

/// No import circle joins top-level modules of `src/`: the failure names
/// each circle's imports, each with a file that makes it.
#[test]
fn no_import_circle_between_the_top_level_modules() {
    let graph = top_level_imports();
    assert!(graph.len() >= 15, "only {} modules found", graph.len());
    // Which modules each reaches (a closure over at most a few dozen).
    let mut reach: BTreeMap<&str, BTreeSet<&str>> = graph
        .iter()
        .map(|(a, bs)| (a.as_str(), bs.keys().map(String::as_str).collect()))
        .collect();
    loop {
        let mut grown = false;
        for a in graph.keys() {
            let mut set = reach[a.as_str()].clone();
            for b in reach[a.as_str()].iter() {
                if let Some(more) = reach.get(b) {
                    set.extend(more.iter().copied());
                }
            }
            if set.len() > reach[a.as_str()].len() {
                reach.insert(a.as_str(), set);
                grown = true;
            }
        }
        if !grown {
            break;
        }
    }
    let in_circle = |a: &str, b: &str| reach.get(b).is_some_and(|r| r.contains(a));
    let mut found = Vec::new();
    for (a, bs) in &graph {
        for (b, file) in bs {
            if in_circle(a, b) {
                found.push(format!("{a} -> {b} ({file})"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "imports on a circle between top-level modules of src/:\n{}",
        found.join("\n")
    );
}

/// Every top-level module of `src/` is in ARCHITECTURE.md's layers, and
/// imports only modules of the layers below its own: the failure names
/// each import that goes up or sideways, with a file that makes it.
#[test]
fn the_top_level_modules_import_only_the_layers_below_them() {
    let graph = top_level_imports();
    let layers = documented_layers();
    let unlisted: Vec<&String> = graph.keys().filter(|m| !layers.contains_key(*m)).collect();
    assert!(
        unlisted.is_empty(),
        "modules missing from ARCHITECTURE.md's layers: {unlisted:?}"
    );
    let gone: Vec<&String> = layers.keys().filter(|m| !graph.contains_key(*m)).collect();
    assert!(
        gone.is_empty(),
        "ARCHITECTURE.md's layers list modules src/ does not have: {gone:?}"
    );
    let mut wrong = Vec::new();
    for (a, bs) in &graph {
        for (b, file) in bs {
            if layers[b] >= layers[a] {
                wrong.push(format!("{a} -> {b} ({file})"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that go up or sideways in ARCHITECTURE.md's layers:\n{}",
        wrong.join("\n")
    );
}
