//! No input makes the parser or the checker panic, and every input gives
//! either variants or at least one located error.

use proptest::prelude::*;
use varia::check::{builtin_files, check_str, Checked};

/// The contract of `check_str` on any text.
fn check_contract(text: &str) -> Result<(), TestCaseError> {
    check_contract_in(text, None)
}

/// The same, with `extends` looking into `dir` first.
fn check_contract_in(text: &str, dir: Option<&std::path::Path>) -> Result<(), TestCaseError> {
    let c: Checked = check_str("fuzz.variant", text, dir, &[]);
    let library_only = c.ast.as_ref().is_some_and(|f| {
        !f.stmts.is_empty() && f.stmts.iter().all(|s| s.keyword() == Some("piece"))
    });
    prop_assert!(
        !c.variants.is_empty() || c.has_errors() || library_only,
        "neither a variant nor an error for {text:?}: {:?}",
        c.diagnostics
    );
    for d in &c.diagnostics {
        let Some(src) = c.sources.get(&d.file) else {
            return Err(TestCaseError::fail(format!(
                "diagnostic in unknown file {}: {d:?}",
                d.file
            )));
        };
        prop_assert!(
            d.span.start <= d.span.end && d.span.end <= src.len(),
            "span out of the text: {d:?} for {text:?}"
        );
        prop_assert!(
            src.is_char_boundary(d.span.start) && src.is_char_boundary(d.span.end),
            "span splits a character: {d:?} for {text:?}"
        );
        for (s, _) in &d.labels {
            prop_assert!(
                s.start <= s.end && s.end <= src.len(),
                "label out of the text: {d:?} for {text:?}"
            );
        }
    }
    // Rendering and JSON never panic either.
    let _ = varia::diagnostic::render(
        &c.diagnostics,
        &c.sources,
        varia::diagnostic::Style { color: true },
    );
    let _ = varia::diagnostic::to_json(&c.diagnostics, &c.sources);
    Ok(())
}

/// Texts of the shipped files, to mutate.
fn shipped() -> Vec<&'static str> {
    builtin_files().iter().map(|(_, t)| *t).collect()
}

/// Texts of the bad files of the diagnostics test.
fn bad_files() -> Vec<String> {
    let mut v: Vec<_> = std::fs::read_dir("tests/bad")
        .expect("tests/bad")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    v.sort();
    v.iter()
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect()
}

/// Snippets that are likely to confuse the parser or the checker.
const SNIPPETS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "\n",
    ";",
    ",",
    "->",
    "$",
    "\"",
    "#",
    "..",
    "=",
    "!=",
    "|",
    ":",
    "*",
    "+",
    "/",
    "\\\n",
    " ",
    "é",
    "♔",
    "\t",
    "\r\n",
    "variant",
    "extends",
    "chess",
    "ecsech",
    "if",
    "option",
    "piece",
    "use",
    "king",
    "queen",
    "pawn",
    "setup",
    "end",
    "board",
    "players",
    "teams",
    "region",
    "place",
    "where",
    "promote",
    "castling",
    "hands",
    "decks",
    "pools",
    "joker",
    "mirror",
    "rotate",
    "facing",
    "white",
    "black",
    "e4",
    "a0",
    "z99",
    "(0,0)",
    "(1000,-1000)",
    "(99999999999999999999,1)",
    "8x8",
    "0x0",
    "99x99",
    "16x16",
    "-1",
    "99999999999999999999",
    "0",
    "a..h",
    "1..8",
    "a1..h8",
    "\"K\"",
    "\"fmW\"",
    "\"(1,4)*\"",
    "\"\"",
    "$stuck",
    "$nope",
    "checkmate",
    "stalemate",
    "->",
    "lose",
    "remove",
    "surrounded",
    "touching(own)",
    "not",
    "and",
    "or",
    "in",
    "holes",
    "unbounded",
    "limit",
];

#[derive(Debug, Clone)]
enum Edit {
    Delete { at: usize, len: usize },
    Insert { at: usize, snippet: usize },
    SwapTokens { a: usize, b: usize },
    Duplicate { at: usize, len: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), 0..SNIPPETS.len()).prop_map(|(at, snippet)| Edit::Insert { at, snippet }),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapTokens { a, b }),
        (any::<usize>(), 1usize..80).prop_map(|(at, len)| Edit::Duplicate { at, len }),
    ]
}

fn floor(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &str, e: &Edit) -> String {
    let n = text.len().max(1);
    match *e {
        Edit::Delete { at, len } => {
            let a = floor(text, at % n);
            let b = floor(text, a + len);
            format!("{}{}", &text[..a], &text[b..])
        }
        Edit::Insert { at, snippet } => {
            let a = floor(text, at % n);
            format!("{}{}{}", &text[..a], SNIPPETS[snippet], &text[a..])
        }
        Edit::Duplicate { at, len } => {
            let a = floor(text, at % n);
            let b = floor(text, a + len);
            format!("{}{}{}", &text[..b], &text[a..b], &text[b..])
        }
        Edit::SwapTokens { a, b } => {
            // Split into runs of non-space and space, swap two non-space runs.
            let mut toks: Vec<&str> = Vec::new();
            let mut start = 0;
            let mut prev_space = None;
            for (i, ch) in text.char_indices() {
                let sp = ch.is_whitespace();
                if prev_space.is_some_and(|p| p != sp) {
                    toks.push(&text[start..i]);
                    start = i;
                }
                prev_space = Some(sp);
            }
            toks.push(&text[start..]);
            let words: Vec<usize> = (0..toks.len())
                .filter(|&i| !toks[i].trim().is_empty())
                .collect();
            if words.len() >= 2 {
                let (x, y) = (words[a % words.len()], words[b % words.len()]);
                toks.swap(x, y);
            }
            toks.concat()
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(0x0076_6172_6961), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        check_contract(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn arbitrary_strings(s in "\\PC{0,300}") {
        check_contract(&s)?;
    }

    #[test]
    fn token_soup(toks in proptest::collection::vec(0..SNIPPETS.len(), 0..80)) {
        let text: String = toks.iter().map(|&i| SNIPPETS[i]).collect::<Vec<_>>().join(" ");
        check_contract(&text)?;
    }

    #[test]
    fn mutated_shipped_files(file in 0usize..64, edits in proptest::collection::vec(edit(), 1..6)) {
        let files = shipped();
        let mut text = files[file % files.len()].to_string();
        for e in &edits {
            text = apply(&text, e);
        }
        check_contract(&text)?;
    }

    #[test]
    fn mutated_bad_files(file in 0usize..256, edits in proptest::collection::vec(edit(), 0..4)) {
        let files = bad_files();
        let mut text = files[file % files.len()].clone();
        for e in &edits {
            text = apply(&text, e);
        }
        check_contract_in(&text, Some(std::path::Path::new("tests/bad")))?;
    }
}

/// Deep nesting is a located error, not a stack overflow.
#[test]
fn deep_nesting() {
    for (open, close) in [("(", ")"), ("{", "}"), ("x {", "}")] {
        for depth in [100, 10_000, 100_000] {
            let text = format!(
                "variant v {{ {}{} }}",
                open.repeat(depth),
                close.repeat(depth)
            );
            check_contract(&text).unwrap_or_else(|e| panic!("{open} x {depth}: {e}"));
            let unclosed = format!("variant v {{ {}", open.repeat(depth));
            check_contract(&unclosed).unwrap_or_else(|e| panic!("{open} x {depth} unclosed: {e}"));
        }
    }
}

/// A small valid variant whose placement condition is `cond`.
fn with_condition(cond: &str) -> String {
    format!(
        "variant v {{\n players white, black\n board 4x4\n use king, rook\n actions place, move\n \
         setup {{\n white: K a1\n black: K d4\n hands: R\n }}\n place where {cond}\n end {{ checkmate -> lose }}\n}}\n"
    )
}

/// Long chains in a condition are fine, and deep ones are refused with a
/// located error; neither exhausts the stack.
#[test]
fn deep_conditions() {
    for n in [1, 2, 1_000, 200_000] {
        let text = with_condition(&format!("{}attacked", "not ".repeat(n)));
        let c = check_str("not.variant", &text, None, &[]);
        assert!(!c.has_errors(), "{n} nots: {:?}", c.diagnostics);
        let p = &c.variants[0].turn.placement[0].condition;
        let negated = matches!(p, varia::ir::Pred::Not(_));
        assert_eq!(negated, n % 2 == 1, "{n} nots: {p:?}");
    }
    let ok = with_condition(&format!("{}attacked{}", "(not ".repeat(60), ")".repeat(60)));
    let c = check_str("ok.variant", &ok, None, &[]);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    for n in [65, 2_000, 100_000] {
        let text = with_condition(&format!("{}attacked{}", "(".repeat(n), ")".repeat(n)));
        check_contract(&text).unwrap_or_else(|e| panic!("{n} groups: {e}"));
        let c = check_str("deep.variant", &text, None, &[]);
        assert_eq!(c.diagnostics.len(), 1, "{n} groups: {:?}", c.diagnostics);
        assert!(
            c.diagnostics[0].message.contains("nest"),
            "{:?}",
            c.diagnostics[0]
        );
    }
}

/// The empty file and files of nothing but whitespace or comments.
#[test]
fn empty_inputs() {
    for t in [
        "",
        "\n",
        "   ",
        "# only a comment",
        "\u{feff}",
        ";;;",
        "\\\n",
    ] {
        check_contract(t).unwrap_or_else(|e| panic!("{t:?}: {e}"));
    }
}
