//! XBoard itself, headless under Xvfb, plays a fairy variant (Los Alamos,
//! which XBoard learns from varia's `setup` and `piece` commands) between
//! two varia engines; the saved game must end with a result and replay
//! legally. Skipped, with a note, where `xboard` or `xvfb-run` is missing
//! (`apt-get install xboard xvfb`; `.ci/run` installs them when it can).

use std::process::Command;
use std::time::Duration;

fn find(name: &str) -> Option<String> {
    ["/usr/bin", "/usr/games", "/usr/local/bin"]
        .iter()
        .map(|d| format!("{d}/{name}"))
        .find(|p| std::path::Path::new(p).exists())
}

#[test]
fn xboard_plays_a_fairy_variant_against_varia() {
    let (Some(xboard), Some(xvfb)) = (find("xboard"), find("xvfb-run")) else {
        eprintln!("skipped: xboard or xvfb-run is not installed");
        return;
    };
    let varia = env!("CARGO_BIN_EXE_varia");
    let dir = std::env::temp_dir().join(format!("varia-xboard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let engine = format!("{varia} xboard");
    let mut child = Command::new(xvfb)
        .args(["-a", &xboard, "-fcp", &engine, "-scp", &engine])
        .args([
            "-matchMode",
            "T",
            "-matchGames",
            "1",
            "-variant",
            "losalamos",
        ])
        .args(["-tc", "0:06", "-inc", "0.05", "-popupExitMessage", "false"])
        .arg("-saveGameFile")
        .arg(&pgn)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // A game lasts well under a minute; never wait forever.
    let start = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(240) {
            let _ = child.kill();
            panic!("XBoard did not finish the game in time");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let text = std::fs::read_to_string(&pgn).unwrap_or_default();
    assert!(text.contains("[Variant \"losalamos\"]"), "{text}");
    assert!(
        [
            "[Result \"1-0\"]",
            "[Result \"0-1\"]",
            "[Result \"1/2-1/2\"]"
        ]
        .iter()
        .any(|r| text.contains(r)),
        "no result:\n{text}"
    );
    let out = Command::new(varia)
        .arg("replay")
        .arg(&pgn)
        .output()
        .unwrap();
    let replay = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && replay.contains("all legal"),
        "{replay}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
