//! Points for events (`score ...`) as the command line reports them:
//! `play` says each player's points at the end and saves them in
//! `[Points]`; `replay` reads the record back; `simulate` writes them in
//! every record and reports each seat's mean points with its interval.

mod support;

use support::varia;

#[test]
fn play_reports_the_points_at_the_end_and_saves_them_in_the_record() {
    let dir = std::env::temp_dir().join(format!("varia-cli-points-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("points.variant");
    std::fs::write(
        &rules,
        "variant points-chess extends chess {\n  score capture pawn 1, knight 3, bishop 3, rook 5, queen 9\n  score checkmate 10\n  end {\n    checkmate -> most points\n    stalemate -> most points\n  }\n}\n",
    )
    .unwrap();
    let save = dir.join("game.pgn");
    let out = varia()
        .arg("play")
        .arg(&rules)
        .args(["--players", "human,human"])
        .args(["--fen", "6k1/5ppp/8/8/8/8/8/R5K1<score:0/12> w - - 0 1"])
        .args(["--save", save.to_str().unwrap()])
        .write_stdin("Ra8\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Game over: black wins (checkmate). 0-1"),
        "{text}"
    );
    assert!(text.contains("Points: white 10, black 12."), "{text}");
    let pgn = std::fs::read_to_string(&save).unwrap();
    assert!(pgn.contains("[Points \"10-12\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    let out = varia().arg("replay").arg(&save).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A record whose points are not the rules' is refused.
    let forged = dir.join("forged.pgn");
    std::fs::write(
        &forged,
        pgn.replace("[Points \"10-12\"]", "[Points \"10-13\"]"),
    )
    .unwrap();
    let out = varia().arg("replay").arg(&forged).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the record's points are 10-13, the rules give 10-12"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn simulate_writes_the_points_and_reports_each_seats_mean_points() {
    let dir = std::env::temp_dir().join(format!("varia-sim-points-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_file = dir.join("games.jsonl");
    let report = dir.join("report.html");
    let out = varia()
        .args(["simulate", "fourplayer", "-n", "2", "--max-plies", "40"])
        .args(["--players", "random,random,random,random"])
        .args(["--out", out_file.to_str().unwrap()])
        .args(["--report", report.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("95% interval (mean points per game)"),
        "{text}"
    );
    let lines = std::fs::read_to_string(&out_file).unwrap();
    let mut sums = [0u32; 4];
    for l in lines.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        let p = v["points"].as_str().expect("a points field");
        assert_eq!(p.split('-').count(), 4, "{p}");
        for (sum, x) in sums.iter_mut().zip(p.split('-')) {
            *sum += x.parse::<u32>().unwrap();
        }
    }
    // The report's table of mean points is the records' mean, seat by seat.
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.contains("<th>mean points</th>"), "{html}");
    for (seat, sum) in ["red", "blue", "yellow", "green"].iter().zip(sums) {
        let row = format!("<tr><td>{seat}</td><td>{:.3}</td>", f64::from(sum) / 2.0);
        assert!(html.contains(&row), "{row} in {html}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
