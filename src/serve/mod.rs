//! `varia serve`: the designer's workbench as a local web application.
//!
//! One page (HTML, CSS and JavaScript embedded in the binary, see
//! [`assets`]) is a thin client over a small JSON API:
//!
//! | route | what |
//! |---|---|
//! | `GET /` and `/assets/…` | the page |
//! | `GET /api/files` | the rule files the page may open, and the built-in variants |
//! | `GET /api/file?name=N` | a file's text (`builtin:NAME` for a built-in variant) |
//! | `POST /api/save` | write a rule file (inside the folder given) |
//! | `POST /api/validate` | the diagnostics of `varia validate --format json` for a text |
//! | `POST /api/game` | start a game (a variant of a text, a FEN or the setup, the seats) |
//! | `GET /api/game/ID` | the position: the board (SVG), the legal actions, the move list, the result |
//! | `POST /api/game/ID/act` | play an action (by its index, or typed) |
//! | `POST /api/game/ID/{undo,redo,draw,resign,claim,seats,fen,ai}` | the rest of a game |
//! | `POST /api/game/ID/why` | why an attempt is refused: the engine's explanation |
//! | `POST /api/game/ID/save` | the record as PGN or JSON lines, saved or returned |
//! | `POST /api/analysis/{start,stop}` | the analysis of a game's position |
//! | `POST /api/study`, `GET /api/study/ID…` | a `simulate` study, its report and games |
//! | `GET /api/events` | server-sent events: file changed, game changed, analysis, study |
//!
//! Safety: see [`guard`] (Host, Origin, body size, Content-Security-Policy)
//! and [`files`] (only the file or folder given is read or written).
//! Nothing here prints: the command line prints the URL.

pub mod assets;
pub mod board;
pub mod boards;
pub mod cards;
pub mod events;
pub mod files;
pub mod guard;
mod handlers;
pub mod study;
pub mod think;
pub mod validate;
pub mod why;

use axum::body::Bytes;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

pub use files::Root;

/// The most games kept at once (the oldest is dropped).
pub const MAX_GAMES: usize = 32;

/// The server's state, shared by every request.
pub struct App {
    pub root: Root,
    pub guard: guard::Guard,
    pub events: events::Bus,
    games: Mutex<Games>,
    pub(crate) studies: Mutex<study::Studies>,
    pub(crate) analysis: Mutex<Option<think::Analysis>>,
}

#[derive(Default)]
pub(crate) struct Games {
    next: u64,
    map: HashMap<u64, board::GameState>,
    /// The games of two boards (`boards 2`), numbered with the others.
    two: HashMap<u64, boards::BoardsState>,
}

impl App {
    /// The state for a server bound to `host:port` serving `root`.
    pub fn new(root: Root, host: &str, port: u16) -> Arc<App> {
        Arc::new(App {
            root,
            guard: guard::Guard::new(host, port),
            events: events::Bus::new(),
            games: Mutex::new(Games::default()),
            studies: Mutex::new(study::Studies::default()),
            analysis: Mutex::new(None),
        })
    }

    pub(crate) fn games(&self) -> MutexGuard<'_, Games> {
        lock(&self.games)
    }

    /// Keep a new game; its id.
    pub(crate) fn add_game(&self, g: board::GameState) -> u64 {
        let mut games = self.games();
        let id = games.room();
        games.map.insert(id, g);
        id
    }

    /// Keep a new game of two boards; its id.
    pub(crate) fn add_boards(&self, g: boards::BoardsState) -> u64 {
        let mut games = self.games();
        let id = games.room();
        games.two.insert(id, g);
        id
    }
}

impl Games {
    /// A new game's id, the oldest game dropped when [`MAX_GAMES`] are kept.
    fn room(&mut self) -> u64 {
        self.next += 1;
        if self.map.len() + self.two.len() >= MAX_GAMES {
            let oldest = self.map.keys().chain(self.two.keys()).min().copied();
            if let Some(o) = oldest {
                self.map.remove(&o);
                self.two.remove(&o);
            }
        }
        self.next
    }

    pub(crate) fn get_mut(&mut self, id: u64) -> Result<&mut board::GameState, ApiError> {
        if self.two.contains_key(&id) {
            return Err(ApiError::refused(format!(
                "game {id} is played on two boards: this is not available for it (yet)"
            )));
        }
        self.map
            .get_mut(&id)
            .ok_or_else(|| ApiError::not_found(format!("no game {id} (start a new one)")))
    }

    /// A game of two boards.
    pub(crate) fn two_mut(&mut self, id: u64) -> Result<&mut boards::BoardsState, ApiError> {
        self.two
            .get_mut(&id)
            .ok_or_else(|| ApiError::not_found(format!("no game {id} (start a new one)")))
    }

    /// Whether `id` is a game of two boards.
    pub(crate) fn is_two(&self, id: u64) -> bool {
        self.two.contains_key(&id)
    }
}

/// A mutex's guard, whether or not a thread panicked while holding it
/// (the state it guards is replaced whole, never left half-changed).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The router of the whole application, with its checks.
pub fn router(app: Arc<App>) -> axum::Router {
    handlers::routes(app)
}

/// Serve on a bound listener until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, app: Arc<App>) -> std::io::Result<()> {
    files_watch(app.clone());
    axum::serve(listener, router(app)).await
}

/// Watch the served rule files' modification times (polling, twice a
/// second) and announce a change.
fn files_watch(app: Arc<App>) {
    if matches!(app.root, Root::None) {
        return;
    }
    tokio::spawn(async move {
        let mut seen: HashMap<String, std::time::SystemTime> = HashMap::new();
        let mut first = true;
        loop {
            let names = app.root.list();
            for n in names {
                if let Some(t) = app.root.mtime(&n) {
                    let old = seen.insert(n.clone(), t);
                    if !first && old != Some(t) {
                        app.events
                            .send(serde_json::json!({"type": "file", "name": n}));
                    }
                }
            }
            first = false;
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        }
    });
}

/// A request the API refuses: its status and a sentence.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    /// Extra fields of the answer (a refusal's explanation).
    pub extra: Option<serde_json::Value>,
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            extra: None,
        }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
            extra: None,
        }
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.into(),
            extra: None,
        }
    }

    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.into(),
            extra: None,
        }
    }

    /// A refused action: 422 with the reason.
    pub fn refused(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
            extra: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::json!({ "error": self.message });
        if let (Some(serde_json::Value::Object(extra)), Some(m)) =
            (self.extra, body.as_object_mut())
        {
            m.extend(extra);
        }
        (self.status, json_body(&body)).into_response()
    }
}

/// A JSON answer.
pub struct Json(pub serde_json::Value);

fn json_body(v: &serde_json::Value) -> Response {
    let mut r = Response::new(axum::body::Body::from(v.to_string()));
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

impl IntoResponse for Json {
    fn into_response(self) -> Response {
        json_body(&self.0)
    }
}

/// The result of a handler.
pub type ApiResult = Result<Json, ApiError>;

/// A request body read as a JSON object (anything else is refused).
pub fn body(bytes: &Bytes) -> Result<serde_json::Map<String, serde_json::Value>, ApiError> {
    match serde_json::from_slice::<serde_json::Value>(bytes) {
        Ok(serde_json::Value::Object(m)) => Ok(m),
        Ok(_) => Err(ApiError::bad("the body must be a JSON object")),
        Err(e) => Err(ApiError::bad(format!("the body is not JSON: {e}"))),
    }
}

/// Typed access to a JSON body's fields, with the refusals the API gives.
pub trait Fields {
    fn str_opt(&self, key: &str) -> Result<Option<&str>, ApiError>;
    fn str_req(&self, key: &str) -> Result<&str, ApiError> {
        self.str_opt(key)?
            .ok_or_else(|| ApiError::bad(format!("`{key}` is missing")))
    }
    fn u64_opt(&self, key: &str, max: u64) -> Result<Option<u64>, ApiError>;
    fn bool_opt(&self, key: &str) -> Result<Option<bool>, ApiError>;
}

impl Fields for serde_json::Map<String, serde_json::Value> {
    fn str_opt(&self, key: &str) -> Result<Option<&str>, ApiError> {
        match self.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(ApiError::bad(format!("`{key}` must be a string"))),
        }
    }

    fn u64_opt(&self, key: &str, max: u64) -> Result<Option<u64>, ApiError> {
        match self.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if n <= max => Ok(Some(n)),
                _ => Err(ApiError::bad(format!(
                    "`{key}` must be a whole number from 0 to {max}"
                ))),
            },
        }
    }

    fn bool_opt(&self, key: &str) -> Result<Option<bool>, ApiError> {
        match self.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(serde_json::Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(ApiError::bad(format!("`{key}` must be true or false"))),
        }
    }
}

/// Run blocking work (checking, compiling, searching) off the server's
/// threads; a panic in it becomes an error answer, never a dead server.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    match tokio::task::spawn_blocking(move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
    })
    .await
    {
        Ok(Ok(r)) => r,
        _ => Err(ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "internal error: the request could not be completed".into(),
            extra: None,
        }),
    }
}
