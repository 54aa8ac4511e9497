//! The real `varia` binary: `import` (Fairy-Stockfish's variants.ini to rule
//! files) and `export --format fsf-ini`, checked by perft against counts
//! from a Fairy-Stockfish build (provenance beside them).

mod support;

use std::path::Path;
use support::{out, varia};

fn perft(path: &Path, depth: u32) -> u64 {
    let a = varia()
        .arg("perft")
        .arg(path)
        .arg(depth.to_string())
        .arg("--json")
        .assert()
        .code(0);
    let (stdout, _) = out(&a);
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("perft JSON");
    v["nodes"].as_u64().expect("nodes")
}

/// The sample: twenty sections written for these tests from the rules of
/// variants defined in Fairy-Stockfish's src/variants.ini (the same option
/// values, in our own order and words), and `go perft 3` from their start
/// positions as Fairy-Stockfish counts them on this file
/// (commit c19b5f6c66894fdb0e88d0dd100e3885f744760a, built with `make -j2
/// build ARCH=x86-64-modern largeboards=yes all=yes`; `setoption name
/// VariantPath value tests/fixtures/fsf/variants-sample.ini`, `setoption
/// name UCI_Variant value NAME`, `position startpos`, `go perft 3`).
const SAMPLE: &str = "tests/fixtures/fsf/variants-sample.ini";
const SAMPLE_PERFT3: &[(&str, u64)] = &[
    ("allwayspawns", 10422),
    ("3check-crazyhouse", 8902),
    ("makhouse", 12012),
    ("xiangqihouse", 82114),
    ("indiangreat", 18705),
    ("gemini", 25304),
    ("flipello6", 56),
    ("shogun", 8978),
    ("orda", 12462),
    ("6x6atom", 344),
    ("captureall", 8902),
    ("breakthrough5", 1924),
    ("chennis", 1371),
    ("1d-chess", 18),
    ("antiminishogi", 50),
    ("coffeerace", 21),
    ("annexation", 6),
    ("nim", 2116),
    ("haynie", 344),
    ("petty", 457),
];

#[test]
fn import_of_fairy_stockfish_sections_counts_as_fairy_stockfish() {
    let dir = tempfile::tempdir().unwrap();
    let a = varia()
        .args(["import", SAMPLE, "--out"])
        .arg(dir.path())
        .args(["--format", "json"])
        .assert()
        .code(0);
    let (stdout, _) = out(&a);
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("import JSON");
    assert_eq!(report["refused"], 0, "{stdout}");
    assert_eq!(report["converted"], SAMPLE_PERFT3.len(), "{stdout}");
    for (section, nodes) in SAMPLE_PERFT3 {
        let file = dir.path().join(format!("{section}.variant"));
        let text = std::fs::read_to_string(&file).expect("the imported file");
        assert!(
            text.contains(&format!("section [{section}")),
            "the file names its source:\n{text}"
        );
        assert_eq!(perft(&file, 3), *nodes, "perft 3 of {section}");
    }
}

/// A built-in parent whose men keep to one colour of squares: varia's
/// warning about squares no man reaches does not refuse the section.
/// Fairy-Stockfish (commit above) counts 56 for `fox-and-hounds` at perft 3.
#[test]
fn a_parent_played_on_one_colour_converts() {
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(&ini, "[fh:fox-and-hounds]\n").unwrap();
    let outdir = dir.path().join("out");
    varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(0);
    assert_eq!(perft(&outdir.join("fh.variant"), 3), 56);
}

/// `pass` and `bikjangRule` become `actions ..., pass`, `passes 2 ->
/// draw`, `facing king: must break` and `facing kept -> draw`. Counted by
/// Fairy-Stockfish (commit above) on this file: chess with passing 10187
/// at perft 3; xiangqi with passing and bikjang instead of the flying
/// general 85431 at perft 3.
#[test]
fn pass_and_bikjang_import_as_the_pass_action_and_facing_must_break() {
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(
        &ini,
        "[passchess:chess]\npass = true\n\n[bikxiangqi:xiangqi]\nflyingGeneral = false\nbikjangRule = true\npass = true\n",
    )
    .unwrap();
    let outdir = dir.path().join("out");
    varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(0);
    let text = std::fs::read_to_string(outdir.join("bikxiangqi.variant")).unwrap();
    for line in [
        "actions move, pass",
        "facing king: must break",
        "facing kept -> draw",
        "passes 2 -> draw",
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    assert_eq!(perft(&outdir.join("passchess.variant"), 3), 10187);
    assert_eq!(perft(&outdir.join("bikxiangqi.variant"), 3), 85431);
}

#[test]
fn janggi_material_counting_imports_as_points_and_most_points() {
    // Fairy-Stockfish's JANGGI_MATERIAL count (position.h
    // `material_counting_result`) decides every drawn ending.
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(
        &ini,
        "[jcount:chess]\nmaterialCounting = janggi\nsoldier = s\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/SSSSSSSS/RNBQKBNR w KQkq - 0 1\n",
    )
    .unwrap();
    let outdir = dir.path().join("out");
    varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(0);
    let text = std::fs::read_to_string(outdir.join("jcount.variant")).unwrap();
    for line in [
        "points rook 13, soldier 2, black 3/2",
        "stalemate -> most points",
        "repetition 3 -> most points",
        "-> most points\n",
    ] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    assert!(!text.contains("-> draw"), "{text}");
    varia()
        .arg("validate")
        .arg(outdir.join("jcount.variant"))
        .assert()
        .code(0);
}

#[test]
fn move_repetition_illegal_imports_as_back_and_forth_before_mate() {
    // Fairy-Stockfish's moveRepetitionIllegal (position.cpp
    // `is_optional_game_end`): four moves back and forth lose, the men
    // whose region does not meet the enemy king's exempt, tested before
    // mate.
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(
        &ini,
        "[shuttle:chess]\nmoveRepetitionIllegal = true\nmobilityRegionWhiteKing = *1 *2\nmobilityRegionBlackKing = *7 *8\nmobilityRegionWhiteQueen = *1\nmobilityRegionBlackQueen = *8\n",
    )
    .unwrap();
    let outdir = dir.path().join("out");
    varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(0);
    let text = std::fs::read_to_string(outdir.join("shuttle.variant")).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("back and forth 4 except"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("king") && line.contains("queen"), "{line}");
    assert!(!line.contains("rook") && !line.contains("pawn"), "{line}");
    let (shuttle, mate) = (
        text.find("back and forth").unwrap(),
        text.find("checkmate ->").unwrap(),
    );
    assert!(shuttle < mate, "{text}");
    assert!(!text.contains("moveRepetitionIllegal"), "{text}");
    varia()
        .arg("validate")
        .arg(outdir.join("shuttle.variant"))
        .assert()
        .code(0);
}

#[test]
fn placed_castlers_count_as_unmoved_only_on_their_own_squares() {
    // castlingDroppedPiece (from the built-in placement): a king placed on
    // e1 and rooks placed on a1/h1 may castle, a king placed on h1 may not
    // (Fairy-Stockfish c19b5f6c: 2880 after a rook placed on e1 beside a
    // king on h1; 2916 if the king counted as unmoved there).
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(&ini, "[pl:placement]\n").unwrap();
    let outdir = dir.path().join("out");
    varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(0);
    let a = varia()
        .arg("perft")
        .arg(outdir.join("pl.variant"))
        .arg("3")
        .arg("--fen")
        .arg("4k3/pppppppp/8/8/8/8/PPPPPPPP/7K[R] w - - 0 1")
        .arg("--json")
        .assert()
        .code(0);
    let (stdout, _) = out(&a);
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("perft JSON");
    assert_eq!(v["nodes"].as_u64(), Some(2880));
}

#[test]
fn an_option_varia_cannot_express_is_reported_with_its_line_and_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(
        &ini,
        "[fine:chess]\nmaxRank = 8\n\n[row:chess]\nconnectN = 4\nsomethingElse = 1\n",
    )
    .unwrap();
    let outdir = dir.path().join("out");
    let a = varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(1);
    let (stdout, stderr) = out(&a);
    assert!(stdout.is_empty(), "{stdout}");
    // the refusal names the option and points at its line
    assert!(stderr.contains("connectN"), "{stderr}");
    assert!(stderr.contains("v.ini:5:"), "{stderr}");
    // an option Fairy-Stockfish does not know is reported too
    assert!(stderr.contains("somethingElse"), "{stderr}");
    assert!(stderr.contains("v.ini:6:"), "{stderr}");
    assert!(stderr.contains("imported 1 of 2 section(s)"), "{stderr}");
    assert!(stderr.contains("refused: row"), "{stderr}");
    assert!(outdir.join("fine.variant").is_file());
    assert!(!outdir.join("row.variant").exists());
}

#[test]
fn import_never_overwrites_without_force_and_writes_only_into_out() {
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(&ini, "[a:chess]\n\n[b:chess]\nmaxRank = 8\n").unwrap();
    let outdir = dir.path().join("out");
    std::fs::create_dir(&outdir).unwrap();
    std::fs::write(outdir.join("b.variant"), "mine").unwrap();
    let a = varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(1);
    let (_, stderr) = out(&a);
    assert!(stderr.contains("already exist"), "{stderr}");
    assert!(stderr.contains("--force"), "{stderr}");
    // nothing was written, not even the file that did not exist
    assert!(!outdir.join("a.variant").exists());
    assert_eq!(
        std::fs::read_to_string(outdir.join("b.variant")).unwrap(),
        "mine"
    );
    varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .arg("--force")
        .assert()
        .code(0);
    assert!(outdir.join("a.variant").is_file());
    assert_ne!(
        std::fs::read_to_string(outdir.join("b.variant")).unwrap(),
        "mine"
    );
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["out", "v.ini"], "nothing written beside --out");
}

#[test]
fn a_section_name_cannot_lead_a_file_out_of_the_directory() {
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(&ini, "[../../evil:chess]\n").unwrap();
    let outdir = dir.path().join("out");
    varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(0);
    let names: Vec<String> = std::fs::read_dir(&outdir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["______evil.variant"]);
}

#[test]
fn import_without_out_prints_the_files_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(&ini, "# a small chess\n[minichess:chess]\nmaxRank = 6\nmaxFile = 6\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\ncastling = false\ndoubleStep = false\n").unwrap();
    let a = varia().arg("import").arg(&ini).assert().code(0);
    let (stdout, _) = out(&a);
    assert!(stdout.contains("variant minichess"), "{stdout}");
    assert!(stdout.contains("board 6x6"), "{stdout}");
    assert!(stdout.contains("#   a small chess"), "{stdout}");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
}

/// Catalogue variants exported and imported again: the same perft as the
/// original, and (the exported section loaded into Fairy-Stockfish at the
/// commit above) the same as Fairy-Stockfish's.
const ROUND_TRIP: &[(&str, &str, u64)] = &[
    ("variants/chess.variant", "varia-chess", 8902),
    ("variants/catalogue/makruk.variant", "varia-makruk", 12012),
    ("variants/catalogue/shogi.variant", "varia-shogi", 25470),
    ("variants/catalogue/xiangqi.variant", "varia-xiangqi", 79666),
    ("variants/catalogue/atomic.variant", "varia-atomic", 8902),
    ("variants/catalogue/horde.variant", "varia-horde", 1274),
];

#[test]
fn export_then_import_gives_the_same_perft() {
    let dir = tempfile::tempdir().unwrap();
    for (file, section, fsf) in ROUND_TRIP {
        let a = varia()
            .args(["export", file, "--format", "fsf-ini"])
            .assert()
            .code(0);
        let (ini, _) = out(&a);
        assert!(ini.contains(&format!("[{section}]")), "{ini}");
        let path = dir.path().join(format!("{section}.ini"));
        std::fs::write(&path, &ini).unwrap();
        let outdir = dir.path().join(section);
        varia()
            .arg("import")
            .arg(&path)
            .arg("--out")
            .arg(&outdir)
            .assert()
            .code(0);
        let back = outdir.join(format!("{section}.variant"));
        let original = perft(Path::new(file), 3);
        assert_eq!(perft(&back, 3), original, "{file}");
        assert_eq!(original, *fsf, "{file}: Fairy-Stockfish's count");
    }
}

/// A pass exports as `pass = true` (with `passes 2 -> draw`, which
/// Fairy-Stockfish's pass implies); Fairy-Stockfish (commit above) counts
/// 10187 at perft 3 for the exported section, as varia does.
#[test]
fn a_pass_exports_as_fairy_stockfish_pass() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pc.variant");
    std::fs::write(
        &file,
        "variant pc \"Chess with passing\" extends chess {\n  actions move, pass\n  end {\n    passes 2 -> draw\n  }\n}\n",
    )
    .unwrap();
    let a = varia()
        .arg("export")
        .arg(&file)
        .args(["--format", "fsf-ini"])
        .assert()
        .code(0);
    let (ini, _) = out(&a);
    assert!(ini.contains("\npass = true\n"), "{ini}");
    assert_eq!(perft(&file, 3), 10187);
    // Without `passes 2` Fairy-Stockfish would end games varia plays on.
    std::fs::write(
        &file,
        "variant pc \"Chess with passing\" extends chess {\n  actions move, pass\n}\n",
    )
    .unwrap();
    varia()
        .arg("export")
        .arg(&file)
        .args(["--format", "fsf-ini"])
        .assert()
        .code(1);
}

#[test]
fn export_refuses_what_fairy_stockfish_cannot_express_with_the_reason() {
    let a = varia()
        .args(["export", "variants/catalogue/coregal.variant"])
        .assert()
        .code(1);
    let (stdout, stderr) = out(&a);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("fsf-unexportable"), "{stderr}");
    assert!(stderr.contains("several royal pieces"), "{stderr}");
    assert!(stderr.contains("coregal.variant:"), "{stderr}");
    assert!(stderr.contains("cannot export"), "{stderr}");
}

#[test]
fn export_names_a_section_fairy_stockfish_would_not_ignore() {
    let a = varia()
        .args(["export", "variants/chess.variant", "--name", "mychess"])
        .assert()
        .code(0);
    let (stdout, stderr) = out(&a);
    assert!(stdout.contains("\n[mychess]\n"), "{stdout}");
    // a rule left out is said on standard error and in the section
    assert!(stderr.contains("warning[fsf-not-exported]"), "{stderr}");
    assert!(stderr.contains("chess.variant:41:"), "{stderr}");
    assert!(
        stdout.contains("# Not exported: insufficient material"),
        "{stdout}"
    );
    let a = varia()
        .args(["export", "variants/chess.variant", "--name", "shogi"])
        .assert()
        .code(2);
    let (_, stderr) = out(&a);
    assert!(stderr.contains("built-in variant `shogi`"), "{stderr}");
}

/// `dropChecks = false` is `place where not check` both ways (a drop that
/// screens a cannon checks too, which `not attacks(enemy king)` missed);
/// `move ... where` has no Fairy-Stockfish option and is refused.
#[test]
fn drop_checks_map_to_place_where_not_check_and_move_conditions_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nodc.variant");
    std::fs::write(
        &file,
        "variant nodc \"No drop checks\" extends crazyhouse {\n  place where not check\n}\n",
    )
    .unwrap();
    let a = varia()
        .arg("export")
        .arg(&file)
        .args(["--format", "fsf-ini"])
        .assert()
        .code(0);
    let (ini, _) = out(&a);
    assert!(ini.contains("\ndropChecks = false\n"), "{ini}");
    let path = dir.path().join("nodc.ini");
    std::fs::write(&path, &ini).unwrap();
    let a = varia().arg("import").arg(&path).assert().code(0);
    let (text, _) = out(&a);
    assert!(text.contains("place where not check\n"), "{text}");
    let a = varia()
        .args(["export", "variants/catalogue/checkless.variant"])
        .assert()
        .code(1);
    let (_, stderr) = out(&a);
    assert!(
        stderr.contains("a condition on board moves (`move ... where`)"),
        "{stderr}"
    );
}

#[test]
fn export_refuses_a_quiet_counter_reset_by_castling_or_by_promotion_alone() {
    let dir = tempfile::tempdir().unwrap();
    for (resets, expect) in [
        ("capture, castling", Some("reset by castling")),
        ("capture, promotion", Some("reset by the promotion")),
        // The pawn resets it anyway: Fairy-Stockfish's nMoveRuleTypes.
        ("capture, promotion, pawn", None),
    ] {
        let path = dir.path().join("q.variant");
        std::fs::write(
            &path,
            format!(
                "variant q extends chess {{\n  piece pawn P like pawn not resets clock\n  end {{\n    checkmate -> lose\n    quiet 100 plies reset by {resets} -> draw\n  }}\n}}\n"
            ),
        )
        .unwrap();
        let a = varia().args(["export", path.to_str().unwrap()]).assert();
        let code = if expect.is_some() { 1 } else { 0 };
        let a = a.code(code);
        let (_, stderr) = out(&a);
        if let Some(e) = expect {
            assert!(stderr.contains(e), "{resets}: {stderr}");
        }
    }
}

#[test]
fn chasing_rule_imports_as_perpetual_chase_after_perpetual_check() {
    // Fairy-Stockfish's chasingRule = axf (from its built-in xiangqi):
    // position.cpp `chased()` names its piece types, the soldier short of
    // soldierPromotionRank spared.
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("v.ini");
    std::fs::write(&ini, "[pursuit:xiangqi]\n").unwrap();
    let outdir = dir.path().join("out");
    varia()
        .arg("import")
        .arg(&ini)
        .arg("--out")
        .arg(&outdir)
        .assert()
        .code(0);
    let text = std::fs::read_to_string(outdir.join("pursuit.variant")).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("perpetual chase 3 by"))
        .unwrap_or_else(|| panic!("{text}"));
    for part in ["rook", "horse", "cannon", "elephant", "-> lose"] {
        assert!(line.contains(part), "{part}: {line}");
    }
    assert!(line.contains("ignoring soldier in "), "{line}");
    assert!(line.contains(" < rook"), "{line}");
    assert!(!line.contains("king"), "{line}");
    let (check, chase, rep) = (
        text.find("perpetual check").unwrap(),
        text.find("perpetual chase").unwrap(),
        text.find("repetition 3").unwrap(),
    );
    assert!(check < chase && chase < rep, "{text}");
    assert!(!text.contains("chasingRule"), "{text}");
    // Its n-move rule is lengthened by checks (is_optional_game_end).
    assert!(
        text.contains("quiet 100 plies reset by capture plus 2 plies per check over 10 -> draw"),
        "{text}"
    );
    varia()
        .arg("validate")
        .arg(outdir.join("pursuit.variant"))
        .assert()
        .code(0);
}

/// Fairy-Stockfish lengthens its n-move rule by checks (2 plies per check
/// over 10) exactly under `chasingRule = axf`: xiangqi exports without a
/// note, a `plus` clause without the chasing rule is left out with one,
/// and the chasing rule without the clause is noted too.
#[test]
fn a_move_rule_lengthened_by_checks_exports_with_the_axf_chasing_rule() {
    let a = varia()
        .args(["export", "variants/catalogue/xiangqi.variant"])
        .assert()
        .code(0);
    let (ini, stderr) = out(&a);
    assert!(ini.contains("chasingRule = axf"), "{ini}");
    assert!(ini.contains("nMoveRule = 50"), "{ini}");
    assert!(!stderr.contains("per check"), "{stderr}");
    let dir = tempfile::tempdir().unwrap();
    for (body, note) in [
        (
            "variant q extends chess {\n  end {\n    quiet 100 plies reset by capture, pawn plus 2 plies per check over 10 -> draw\n  }\n}\n",
            "`plus 2 plies per check over 10`",
        ),
        (
            "variant q extends xiangqi {\n  end {\n    quiet 100 plies reset by capture -> draw\n  }\n}\n",
            "a move rule not lengthened by checks",
        ),
    ] {
        let path = dir.path().join("q.variant");
        std::fs::write(&path, body).unwrap();
        let a = varia()
            .args(["export", path.to_str().unwrap()])
            .assert()
            .code(0);
        let (_, stderr) = out(&a);
        assert!(stderr.contains("fsf-not-exported"), "{stderr}");
        assert!(stderr.contains(note), "{note}: {stderr}");
    }
}
