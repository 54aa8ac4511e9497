//! `varia serve`'s JSON API against the real binary: the validation the
//! editor shows, the files it may read and write, the hostile requests it
//! refuses, and every action kind and refusal of a game.

#[path = "serve/http.rs"]
mod http;

use http::{request, Server};
use serde_json::{json, Value};

fn folder() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.variant"),
        d.path().join("chess.variant"),
    )
    .unwrap();
    d
}

/// `varia validate FILE --format json`, run in `dir`: the object of FILE.
fn cli_validate(dir: &std::path::Path, file: &str) -> Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .current_dir(dir)
        .args(["validate", file, "--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v[0].clone()
}

#[test]
fn validation_is_the_clis_to_the_byte() {
    let dir = folder();
    let bad = "variant bad \"Bad\" extends chess {\n  use knigt\n  board 8x\n}\n";
    std::fs::write(dir.path().join("bad.variant"), bad).unwrap();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    for (name, text) in [
        (
            "chess.variant",
            std::fs::read_to_string(dir.path().join("chess.variant")).unwrap(),
        ),
        ("bad.variant", bad.to_string()),
    ] {
        let r = s.ok("/api/validate", &json!({"name": name, "text": text}));
        assert_eq!(r["report"], cli_validate(dir.path(), name), "{name}");
    }
    let r = s.ok(
        "/api/validate",
        &json!({"name": "bad.variant", "text": bad}),
    );
    let d = &r["report"]["diagnostics"][0];
    assert_eq!(r["report"]["valid"], false);
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(2), Some(7))
    );
    assert!(d["end_column"].as_u64().unwrap() > 7, "{d}");
    assert_eq!(d["hints"][0], "did you mean `knight`?");
    // The largest shipped file, from the folder as the page opens it.
    let largest = "quatrochess.variant";
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/variants/quatrochess.variant"
    ))
    .unwrap();
    let r = s.ok("/api/validate", &json!({"name": largest, "text": text}));
    assert_eq!(r["report"]["valid"], true, "{r}");
    assert_eq!(r["variants"][0]["players"].as_array().unwrap().len(), 4);
}

#[test]
fn files_stay_inside_the_folder() {
    let dir = folder();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.variant"), "variant secret {}").unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("secret.variant"),
        dir.path().join("link.variant"),
    )
    .unwrap();
    let fifo = dir.path().join("fifo.variant");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let files = s.get("/api/files").json();
    assert_eq!(
        files["files"],
        json!(["chess.variant"]),
        "links and FIFOs are not listed"
    );
    let ok = s.get("/api/file?name=chess.variant");
    assert_eq!(ok.status, 200);
    assert!(ok.json()["text"]
        .as_str()
        .unwrap()
        .contains("variant chess"));
    let secret = outside.path().join("secret.variant");
    let abs = format!("/api/file?name={}", secret.display());
    for path in [
        "/api/file?name=../secret.variant",
        "/api/file?name=..%2Fsecret.variant",
        abs.as_str(),
        "/api/file?name=link.variant",
        "/api/file?name=fifo.variant",
        "/api/file?name=%2Fetc%2Fpasswd",
        "/api/file?name=.hidden.variant",
        "/api/file?name=chess.txt",
        "/api/file?name=%ff.variant",
        "/api/file?name=%zz",
    ] {
        let a = s.get(path);
        assert!(
            matches!(a.status, 400 | 403),
            "{path}: {} {}",
            a.status,
            a.text()
        );
        assert!(!a.text().contains("variant secret"), "{path}");
    }
    for name in [
        "../x.variant",
        "/tmp/x.variant",
        "link.variant",
        "fifo.variant",
        "sub/x.variant",
    ] {
        let a = s.post("/api/save", &json!({"name": name, "text": "x"}));
        assert_eq!(a.status, 403, "{name}: {}", a.text());
    }
    assert_eq!(
        std::fs::read_to_string(&secret).unwrap(),
        "variant secret {}",
        "the file a link names is never written"
    );
    assert!(!outside.path().join("x.variant").exists());
    // Saving inside the folder works, and the file is what was sent.
    s.ok(
        "/api/save",
        &json!({"name": "mine.variant", "text": "variant mine \"M\" extends chess {}\n"}),
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.variant")).unwrap(),
        "variant mine \"M\" extends chess {}\n"
    );
    // `extends` of a folder file by the page's text finds the folder's file.
    let r = s.ok(
        "/api/validate",
        &json!({"name": "x.variant", "text": "variant x \"X\" extends mine {}\n"}),
    );
    assert_eq!(r["report"]["valid"], true, "{r}");
}

#[test]
fn one_file_and_no_file() {
    let dir = folder();
    let file = dir.path().join("new.variant");
    let s = Server::start(&[file.to_str().unwrap()]);
    assert_eq!(s.get("/api/files").json()["files"], json!(["new.variant"]));
    // A file that does not exist yet opens as the template, written on save.
    let t = s.get("/api/file?name=new.variant").json();
    assert!(!file.exists());
    let r = s.ok(
        "/api/validate",
        &json!({"name": "new.variant", "text": t["text"]}),
    );
    assert_eq!(r["report"]["valid"], true, "the template is valid: {r}");
    s.ok(
        "/api/save",
        &json!({"name": "new.variant", "text": t["text"]}),
    );
    assert!(file.exists());
    // Nothing else in its folder.
    assert_eq!(s.get("/api/file?name=chess.variant").status, 403);
    assert_eq!(
        s.post("/api/save", &json!({"name": "chess.variant", "text": "x"}))
            .status,
        403
    );
    drop(s);
    // Without a file or folder: the built-in variants, and nothing written.
    let s = Server::start(&[]);
    let files = s.get("/api/files").json();
    assert_eq!(files["files"], json!([]));
    assert_eq!(files["writable"], false);
    assert_eq!(s.get("/api/file?name=builtin:chess").status, 200);
    assert_eq!(s.get("/api/file?name=builtin:nosuch").status, 404);
    assert_eq!(
        s.post("/api/save", &json!({"name": "x.variant", "text": "x"}))
            .status,
        403
    );
}

#[test]
fn hostile_requests_are_refused() {
    let dir = folder();
    let s = Server::start(&[dir.path().to_str().unwrap()]);
    let page = s.get("/");
    assert_eq!(page.status, 200);
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-eval"),
        "{csp}"
    );
    assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert!(!page.text().contains("<script>"), "no inline script");
    // DNS rebinding: another name for this address.
    for host in ["evil.example", "evil.example:80", "127.0.0.1:1"] {
        let a = request(&s.addr, "GET", "/api/files", &[("Host", host)], b"").unwrap();
        assert_eq!(a.status, 403, "{host}");
    }
    let body = br#"{"name":"x.variant","text":"x"}"#;
    // Cross-site writes: another origin, none, a form.
    for headers in [
        vec![
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
        vec![("Content-Type", "application/json")],
        vec![("Origin", "null"), ("Content-Type", "application/json")],
        vec![
            ("Origin", s.origin.as_str()),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ],
        vec![
            ("Origin", s.origin.as_str()),
            ("Content-Type", "text/plain"),
        ],
        vec![
            ("Origin", s.origin.as_str()),
            ("Content-Type", "application/json"),
            ("Sec-Fetch-Site", "cross-site"),
        ],
    ] {
        let a = request(&s.addr, "POST", "/api/save", &headers, body).unwrap();
        assert!(matches!(a.status, 403 | 415), "{headers:?}: {}", a.status);
    }
    assert!(!dir.path().join("x.variant").exists());
    // Huge bodies: announced, or sent.
    let a = request(
        &s.addr,
        "POST",
        "/api/validate",
        &[
            ("Origin", &s.origin),
            ("Content-Type", "application/json"),
            ("Content-Length", "100000000000"),
        ],
        b"",
    )
    .unwrap();
    assert_eq!(a.status, 413);
    let big = format!(
        r#"{{"name":"x.variant","text":"{}"}}"#,
        "a".repeat(10 << 20)
    );
    let a = request(
        &s.addr,
        "POST",
        "/api/validate",
        &[("Origin", &s.origin), ("Content-Type", "application/json")],
        big.as_bytes(),
    )
    .unwrap();
    assert_eq!(a.status, 413);
    // Bodies that are not what the API reads: an answer, never a crash.
    for b in [
        &b""[..],
        b"null",
        b"[]",
        b"{",
        b"\xff\xfe",
        br#"{"name": 3}"#,
        br#"{"text": null, "name": "../../etc/passwd"}"#,
        br#"{"name":"x.variant","text":"variant x { board 99999x99999 }"}"#,
    ] {
        for path in [
            "/api/validate",
            "/api/save",
            "/api/game",
            "/api/study",
            "/api/game/1/act",
        ] {
            let a = request(
                &s.addr,
                "POST",
                path,
                &[("Origin", &s.origin), ("Content-Type", "application/json")],
                b,
            )
            .unwrap();
            assert!((200..500).contains(&a.status), "{path} {b:?}: {}", a.status);
        }
    }
    assert_eq!(s.get("/api/files").status, 200, "still serving");
    assert_eq!(s.get("/nowhere").status, 404);
    assert_eq!(s.get("/assets/../Cargo.toml").status, 404);
}
