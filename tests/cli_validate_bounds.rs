//! `varia validate` on inputs built to flood the terminal: the output stays
//! small, and what it quotes is still placed right.

mod support;

use assert_cmd::Command;
use support::varia;

fn validate(text: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.variant");
    std::fs::write(&file, text).unwrap();
    let out = varia()
        .args(["validate", file.to_str().unwrap()])
        .output()
        .unwrap();
    let mut all = String::from_utf8_lossy(&out.stdout).into_owned();
    all.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), all)
}

#[test]
fn a_huge_line_of_garbage_prints_a_window_of_it() {
    let mut s = String::new();
    let mut x: u32 = 1;
    while s.len() < 200_000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        s.push(b"abc {}()=,;:0123 "[(x >> 16) as usize % 17] as char);
    }
    let (code, out) = validate(&s);
    assert_eq!(code, 1);
    assert!(out.len() < 4_000, "{} bytes", out.len());
}

#[test]
fn ten_thousand_errors_show_the_first_fifty_and_a_count() {
    let mut s = String::from("variant x \"X\" {\n");
    for _ in 0..10_000 {
        s.push_str("  knigt a1\n");
    }
    s.push_str("}\n");
    let (code, out) = validate(&s);
    assert_eq!(code, 1);
    assert!(out.len() < 64_000, "{} bytes", out.len());
    assert_eq!(out.matches("error[unknown-statement]").count(), 47, "{out}");
    assert!(
        out.contains("... and 9953 more not shown: 9953 errors"),
        "{out}"
    );
    assert!(out.contains("10003 errors"), "{out}");
}

#[test]
fn a_huge_name_is_clipped_in_the_message() {
    let text = format!(
        "variant x \"X\" {{\n  players white, black\n  board 8x8\n  use {}\n}}\n",
        "k".repeat(100_000)
    );
    let (code, out) = validate(&text);
    assert_eq!(code, 1);
    assert!(out.len() < 4_000, "{} bytes", out.len());
    assert!(out.contains('…'), "{out}");
}

#[test]
fn the_caret_stays_under_the_mistake_in_a_long_line_with_accents() {
    // 300 accented letters in a comment before the mistake on the same line.
    let text = format!(
        "variant x \"X\" {{\n  players white, black\n  board 8x8\n  use knigt # {}\n}}\n",
        "é".repeat(300)
    );
    let (_, out) = validate(&text);
    let lines: Vec<&str> = out.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.contains("use knigt"))
        .expect(&out);
    let col = lines[i].find("knigt").unwrap();
    let caret = lines[i + 1].find('^').unwrap();
    assert_eq!(
        lines[i][..col].chars().count(),
        lines[i + 1][..caret].chars().count(),
        "{out}"
    );
    assert!(lines[i].ends_with('…'), "{out}");
}

#[test]
fn numbers_beyond_any_board_are_refused_not_wrapped() {
    // 4294967297 is 2^32 + 1: cut to 32 bits it would read as rank 1.
    let (code, out) = validate(
        "variant x \"X\" {\n  players white, black\n  board 8x8\n  use king\n\
         region far: ranks 4294967297..4294967298\n\
         setup {\n    white: K a1\n    black: K h8\n  }\n  end {\n    checkmate -> lose\n  }\n}\n",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("these ranks are not on the board"), "{out}");
    // A coordinate below i64 must not become 0.
    let (code, out) = validate(
        "variant x \"X\" {\n  players white, black\n  board unbounded limit 4x4\n  use king\n\
         setup {\n    white: K (-99999999999999999999,0)\n    black: K (0,1)\n  }\n\
         end {\n    checkmate -> lose\n  }\n}\n",
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("coordinates must be within -1000..1000"),
        "{out}"
    );
}

#[test]
fn validate_says_ok_only_for_a_variant_that_can_start() {
    // The side not to move is in check at the start.
    let (code, out) = validate(
        "variant x \"X\" {\n  players white, black\n  board 8x8\n  use king, rook\n\
         setup {\n    white: K a1, R h1\n    black: K h8\n  }\n  end {\n    checkmate -> lose\n  }\n}\n",
    );
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[cannot-start]: variant `x` cannot start a game"),
        "{out}"
    );
    assert!(out.contains("has a royal man in check"), "{out}");
    // Men wider apart than an unbounded board's limit box.
    let (code, out) = validate(
        "variant w \"W\" {\n  players white, black\n  board unbounded limit 3x3\n  use king, queen\n\
         setup {\n    white: K (0,0), Q (5,0)\n    black: K (0,2)\n  }\n  end {\n    checkmate -> lose\n  }\n}\n",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("cannot-start"), "{out}");
}

#[test]
fn a_library_file_is_named_so_and_cannot_be_played() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lib.variant");
    std::fs::write(&file, "piece guard U moves \"K\" value 350\n").unwrap();
    let f = file.to_str().unwrap();
    let out = Command::cargo_bin("varia")
        .unwrap()
        .args(["validate", f])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("no variant: library pieces only"));
    for args in [
        vec!["perft", f, "1"],
        vec!["simulate", f, "-n", "1"],
        vec!["play", f],
    ] {
        let out = Command::cargo_bin("varia")
            .unwrap()
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            err.contains("the file defines no variant"),
            "{args:?}: {err}"
        );
    }
}

/// `validate` on a generated file, with a generous time limit that only a
/// return of quadratic work on these sizes would break.
fn validate_big(text: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.variant");
    std::fs::write(&file, text).unwrap();
    let out = varia()
        .args(["validate", file.to_str().unwrap()])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let mut all = String::from_utf8_lossy(&out.stdout).into_owned();
    all.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), all)
}

#[test]
fn long_extends_chains_and_many_variants_load_in_one_pass() {
    // 400 generations in one file (27 s when every link copied the file).
    let mut s = String::from("variant var0 \"V0\" extends chess {\n}\n");
    for i in 1..400 {
        s.push_str(&format!(
            "variant var{i} \"V{i}\" extends var{} {{\n}}\n",
            i - 1
        ));
    }
    let (code, out) = validate_big(&s);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("(var0, var1, "), "{out}");
    assert!(out.contains("var9 and 390 more variants)"), "{out}");
    // 2,000 siblings.
    let mut s = String::new();
    for i in 0..2000 {
        s.push_str(&format!("variant sib{i} \"S{i}\" extends chess {{\n}}\n"));
    }
    let (code, _) = validate_big(&s);
    assert_eq!(code, 0);
}

#[test]
fn tens_of_thousands_of_regions_and_errors_load_in_one_pass() {
    let mut ok = String::from("variant r \"R\" extends chess {\n");
    let mut bad = ok.clone();
    for i in 0..30_000 {
        ok.push_str(&format!("  region rg{i}: rank 1\n"));
        // `g1` reads as a square: one error per line, checked against
        // every option setting of chess.
        bad.push_str(&format!("  region g{i}: rank 1\n"));
    }
    ok.push_str("}\n");
    bad.push_str("}\n");
    let (code, out) = validate_big(&ok);
    assert_eq!(code, 0, "{}", &out[..out.len().min(500)]);
    let (code, out) = validate_big(&bad);
    assert_eq!(code, 1);
    assert!(
        out.contains("30000 errors"),
        "{}",
        &out[out.len().saturating_sub(300)..]
    );
}

#[test]
fn a_number_too_large_to_read_is_not_quoted_as_another_number() {
    let (code, out) = validate(
        "variant x \"X\" {\n  players white, black\n  board 99999999999999999999x8\n  use king\n\
         setup {\n    white: K a1\n    black: K a8\n  }\n  end {\n    checkmate -> lose\n  }\n}\n",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("this size is far larger"), "{out}");
    assert!(!out.contains("9223372036854775807"), "{out}");
    assert!(out.contains("board 99999999999999999999x8"), "{out}");
}
