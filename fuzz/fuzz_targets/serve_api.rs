//! Any bytes as the body of a request to `varia serve`'s API (the route
//! chosen by the first byte), sent to the router in-process with the
//! page's own headers: every answer must be an answer (no panic, no
//! hang), and nothing may be written outside the served folder.
//!
//! Routes that start work in the background (the AI seats, analysis,
//! studies) are left out: their bodies are read by the same functions as
//! the routes here (`players_of`, `prepared_of`), and a fuzzer would only
//! start searches that outlive its inputs.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};
use tower::ServiceExt as _;

struct World {
    rt: tokio::runtime::Runtime,
    app: Arc<varia::serve::App>,
    _dir: tempfile::TempDir,
}

const ROUTES: &[&str] = &[
    "/api/validate",
    "/api/save",
    "/api/game",
    "/api/pieces",
    "/api/game/1/act",
    "/api/game/1/undo",
    "/api/game/1/redo",
    "/api/game/1/draw",
    "/api/game/1/resign",
    "/api/game/1/claim",
    "/api/game/1/save",
    "/api/game/1/why",
    "/api/game/2/act",
    "/api/game/2/draw",
    "/api/game/2/why",
    "/api/analysis/stop",
];

fn world() -> &'static World {
    static W: OnceLock<World> = OnceLock::new();
    W.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("chess.variant"),
            varia::check::builtin_files()
                .iter()
                .find(|(n, _)| *n == "chess.variant")
                .unwrap()
                .1,
        )
        .unwrap();
        let root = varia::serve::Root::for_path(Some(dir.path())).unwrap();
        let app = varia::serve::App::new(root, "127.0.0.1", 8080);
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let w = World { rt, app, _dir: dir };
        // Game 1: chess; game 2: a game with decks and hands.
        for body in [
            r#"{"name":"chess.variant","players":["human","human"]}"#,
            r#"{"name":"builtin:raindropchess","players":["human","human"]}"#,
        ] {
            send(&w, "/api/game", body.as_bytes());
        }
        w
    })
}

fn send(w: &World, path: &str, body: &[u8]) -> u16 {
    let req = axum::http::Request::builder()
        .method("POST")
        .uri(path)
        .header("host", "127.0.0.1:8080")
        .header("origin", "http://127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body.to_vec()))
        .unwrap();
    let router = varia::serve::router(w.app.clone());
    w.rt.block_on(async move { router.oneshot(req).await.unwrap().status().as_u16() })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let w = world();
    let status = send(w, ROUTES[pick as usize % ROUTES.len()], body);
    assert!(status < 500, "status {status}");
    // Nothing but plain names in the folder.
    for e in std::fs::read_dir(w._dir.path()).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(!name.contains('/') && !name.starts_with(".."), "{name}");
    }
});
