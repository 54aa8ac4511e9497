//! The real `varia` binary: `validate` and `dump`, exit codes, formats, colour.

mod support;

use assert_cmd::Command;
use std::path::PathBuf;
use support::out;

fn varia() -> Command {
    let mut c = Command::cargo_bin("varia").expect("the varia binary");
    c.env_remove("NO_COLOR");
    c
}

fn shipped() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = ["variants", "variants/catalogue"]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).expect("variants/"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_shipped_variant_validates() {
    let files = shipped();
    assert!(files.len() >= 8);
    let a = varia().arg("validate").args(&files).assert().code(0);
    let (stdout, stderr) = out(&a);
    assert!(stderr.is_empty(), "unexpected diagnostics:\n{stderr}");
    for f in &files {
        assert!(
            stdout.contains(&format!("ok: {}", f.display())),
            "{} not reported ok:\n{stdout}",
            f.display()
        );
    }
}

#[test]
fn a_bad_file_exits_1_with_a_located_message() {
    let a = varia()
        .args(["validate", "tests/bad/square-off-board.variant"])
        .assert()
        .code(1);
    let (_, stderr) = out(&a);
    assert!(stderr.contains("error[off-board]"), "{stderr}");
    assert!(
        stderr.contains("tests/bad/square-off-board.variant:8:20"),
        "{stderr}"
    );
    assert!(
        stderr.contains("^^"),
        "the offending text is underlined:\n{stderr}"
    );
    assert!(
        stderr.contains("invalid: tests/bad/square-off-board.variant"),
        "{stderr}"
    );
}

#[test]
fn one_bad_file_among_good_ones_fails_the_run() {
    let a = varia()
        .args([
            "validate",
            "variants/chess.variant",
            "tests/bad/unknown-piece-in-use.variant",
            "variants/echek.variant",
        ])
        .assert()
        .code(1);
    let (stdout, stderr) = out(&a);
    assert!(stdout.contains("ok: variants/chess.variant"), "{stdout}");
    assert!(stdout.contains("ok: variants/echek.variant"), "{stdout}");
    assert!(
        stderr.contains("tests/bad/unknown-piece-in-use.variant:6:19"),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean `knight`?"), "{stderr}");
}

#[test]
fn every_bad_file_with_an_error_exits_1() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/bad")
        .expect("tests/bad")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let warning_only = text
            .lines()
            .next()
            .is_some_and(|l| l.contains("warning[") && !l.contains("error["));
        let a = varia()
            .arg("validate")
            .arg(&f)
            .assert()
            .code(if warning_only { 0 } else { 1 });
        let (_, stderr) = out(&a);
        let name = f.to_string_lossy();
        // Each message is located: `file:line:col`.
        assert!(
            stderr
                .lines()
                .any(|l| l.trim_start().starts_with("--> ") && l.contains(".variant:")),
            "{name}: no located message:\n{stderr}"
        );
        if warning_only {
            assert!(stderr.contains("warning["), "{name}: {stderr}");
            assert!(!stderr.contains("error["), "{name}: {stderr}");
        }
    }
}

#[test]
fn deny_warnings_fails_on_a_warning() {
    varia()
        .args(["validate", "tests/bad/no-ending-warning.variant"])
        .assert()
        .code(0);
    varia()
        .args([
            "validate",
            "--deny-warnings",
            "tests/bad/no-ending-warning.variant",
        ])
        .assert()
        .code(1);
}

#[test]
fn json_format_has_lines_and_columns() {
    let a = varia()
        .args([
            "validate",
            "--format",
            "json",
            "tests/bad/two-men-one-square.variant",
            "variants/chess.variant",
        ])
        .assert()
        .code(1);
    let (stdout, _) = out(&a);
    let v: serde_json::Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{stdout}"));
    let files = v.as_array().expect("an array, one entry per file");
    assert_eq!(files.len(), 2);
    let bad = &files[0];
    assert_eq!(bad["valid"], false);
    let d = &bad["diagnostics"][0];
    assert_eq!(d["code"], "square-taken");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["line"], 9);
    assert_eq!(d["column"], 20);
    assert!(
        d["end_column"].as_u64().is_some() && d["end_line"].as_u64().is_some(),
        "{d}"
    );
    assert!(d["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(files[1]["valid"], true);
    assert_eq!(files[1]["diagnostics"].as_array().map(Vec::len), Some(0));
}

#[test]
fn json_format_of_valid_files_exits_0() {
    let a = varia()
        .args(["validate", "--format", "json"])
        .args(shipped())
        .assert()
        .code(0);
    let (stdout, _) = out(&a);
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert!(
        v.as_array()
            .expect("array")
            .iter()
            .all(|f| f["valid"] == true),
        "{stdout}"
    );
}

#[test]
fn unknown_option_on_the_command_line() {
    let a = varia()
        .args([
            "validate",
            "variants/chess.variant",
            "--option",
            "repetiton=claim3_auto5",
        ])
        .assert()
        .code(1);
    let (_, stderr) = out(&a);
    assert!(stderr.contains("error[unknown-option]"), "{stderr}");
    assert!(stderr.contains("`repetiton`"), "{stderr}");
    assert!(stderr.contains("did you mean `repetition`?"), "{stderr}");
    // The command line is shown as typed (the checks of other option values
    // must not show in it).
    assert!(
        stderr.contains("1 | --option repetiton=claim3_auto5\n"),
        "{stderr}"
    );
}

#[test]
fn bad_option_value_on_the_command_line() {
    let a = varia()
        .args([
            "validate",
            "variants/chess.variant",
            "--option",
            "repetition=sometimes",
        ])
        .assert()
        .code(1);
    let (_, stderr) = out(&a);
    assert!(stderr.contains("error[option-value]"), "{stderr}");
    assert!(stderr.contains("`sometimes`"), "{stderr}");
}

#[test]
fn good_option_value_on_the_command_line() {
    varia()
        .args(["validate", "variants/echek.variant", "-o", "ply_limit=200"])
        .assert()
        .code(0);
}

#[test]
fn malformed_option_is_a_usage_error() {
    let a = varia()
        .args([
            "validate",
            "variants/chess.variant",
            "--option",
            "repetition",
        ])
        .assert()
        .code(2);
    let (_, stderr) = out(&a);
    assert!(stderr.contains("NAME=VALUE"), "{stderr}");
}

#[test]
fn unknown_file_is_reported() {
    let a = varia()
        .args(["validate", "no/such/file.variant"])
        .assert()
        .code(1);
    let (_, stderr) = out(&a);
    assert!(stderr.contains("no/such/file.variant"), "{stderr}");
}

#[test]
fn dump_ir_of_a_builtin() {
    let a = varia()
        .args(["dump", "chess", "--stage", "ir"])
        .assert()
        .code(0);
    let (stdout, _) = out(&a);
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(v["name"], "chess");
    assert_eq!(v["board"]["shape"]["rect"]["width"], 8);
    assert!(
        v["pieces"].as_array().is_some_and(|p| p.len() == 6),
        "{}",
        v["pieces"]
    );
}

#[test]
fn dump_ast_of_a_file() {
    let a = varia()
        .args(["dump", "variants/chess.variant", "--stage", "ast"])
        .assert()
        .code(0);
    let (stdout, _) = out(&a);
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let first = &v["stmts"][0];
    assert_eq!(first["args"][0]["kind"]["word"], "variant");
    assert!(first["block"]["stmts"]
        .as_array()
        .is_some_and(|s| !s.is_empty()));
}

#[test]
fn dump_of_a_bad_file_fails_with_its_errors() {
    let a = varia()
        .args([
            "dump",
            "tests/bad/square-off-board.variant",
            "--stage",
            "ir",
        ])
        .assert()
        .code(1);
    let (_, stderr) = out(&a);
    assert!(stderr.contains("square-off-board.variant:8:20"), "{stderr}");
}

#[test]
fn no_color_means_no_escape_codes() {
    for args in [
        vec!["validate", "tests/bad/many-mistakes.variant"],
        vec!["validate", "variants/chess.variant"],
        vec!["dump", "tests/bad/square-off-board.variant"],
    ] {
        let a = varia().env("NO_COLOR", "1").args(&args).assert();
        let (stdout, stderr) = out(&a);
        assert!(
            !stdout.contains('\x1b') && !stderr.contains('\x1b'),
            "{args:?}: escape codes in\n{stdout}{stderr}"
        );
    }
}

/// On a terminal, colour is on unless NO_COLOR is set. Needs `script` (util-linux)
/// to give the binary a terminal; skipped where it is missing.
#[test]
fn no_color_on_a_terminal() {
    let bin = assert_cmd::cargo::cargo_bin("varia");
    let cmd = format!(
        "{} validate tests/bad/square-off-board.variant",
        bin.display()
    );
    let run = |no_color: bool| {
        let mut c = std::process::Command::new("script");
        c.args(["-qec", &cmd, "/dev/null"]).env_remove("NO_COLOR");
        if no_color {
            c.env("NO_COLOR", "1");
        }
        c.output().ok().filter(|o| !o.stdout.is_empty())
    };
    let Some(coloured) = run(false) else {
        eprintln!("`script` is not available: skipped");
        return;
    };
    let coloured = String::from_utf8_lossy(&coloured.stdout).into_owned();
    assert!(
        coloured.contains("\x1b["),
        "a terminal gets colour:\n{coloured}"
    );
    let plain = run(true).expect("script ran once already");
    let plain = String::from_utf8_lossy(&plain.stdout).into_owned();
    assert!(plain.contains("error[off-board]"), "{plain}");
    assert!(
        !plain.contains('\x1b'),
        "NO_COLOR=1 still coloured:\n{plain}"
    );
}

#[test]
fn squares_no_man_can_reach_are_a_warning() {
    let a = varia()
        .args(["validate", "tests/fixtures/unreachable-squares.variant"])
        .assert()
        .code(0);
    let (o, e) = out(&a);
    let all = format!("{o}{e}");
    assert!(all.contains("warning[unreachable]"), "{all}");
    assert!(all.contains("b1 d1 f1"), "{all}");
    varia()
        .args([
            "validate",
            "--deny-warnings",
            "tests/fixtures/unreachable-squares.variant",
        ])
        .assert()
        .code(1);
}

/// LANGUAGE.md §14 and §22: a castler that is not royal (giveaway's
/// commoner king) is allowed: no `contradiction`, no diagnostic at all.
#[test]
fn castling_with_a_castler_that_is_not_royal_validates_cleanly() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("commoner.variant");
    std::fs::write(
        &path,
        r#"variant commoner "Castling commoner" {
  players white, black
  board 8x8
  use rook
  piece king K moves "K"
  setup {
    white: K e1, R a1 h1
    black: mirror white
  }
  castling king with rook
  end {
    extinct king -> lose
    stalemate -> draw
  }
}
"#,
    )
    .expect("write the file");
    let a = varia().arg("validate").arg(&path).assert().code(0);
    let (stdout, stderr) = out(&a);
    assert!(stderr.is_empty(), "unexpected diagnostics:\n{stderr}");
    assert!(stdout.contains("ok: "), "{stdout}");
}

/// LANGUAGE.md §19 and §22: an end rule that holds in the setup (a king
/// that starts on its goal) is an `over-at-start` warning naming the rule
/// and the result, where it used to validate silently with perft 0.
#[test]
fn a_goal_that_holds_in_the_setup_is_a_warning() {
    let file = "tests/fixtures/over-at-start.variant";
    let a = varia().args(["validate", file]).assert().code(0);
    let (o, e) = out(&a);
    let all = format!("{o}{e}");
    assert!(all.contains("warning[over-at-start]"), "{all}");
    insta::assert_snapshot!("over_at_start", e);
    assert!(all.contains("`reach hill with king -> win`"), "{all}");
    assert!(all.contains("won by white"), "{all}");
    varia()
        .args(["validate", "--deny-warnings", file])
        .assert()
        .code(1);
    let a = varia().args(["perft", file, "1"]).assert().success();
    assert!(out(&a).0.contains("nodes 0"), "{}", out(&a).0);
}
