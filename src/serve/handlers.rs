//! The routes of the page and its API (the table is in [`super`]).

use super::board::{self, GameState};
use super::files::{Kind, TEMPLATE};
use super::guard::{self, CSP, REPORT_CSP};
use super::{
    assets, blocking, body, lock, study, think, validate, why, ApiError, ApiResult, App, Fields,
    Json,
};
use crate::notation::record::Record;
use crate::play::game_session::GameSession;
use crate::play::session::Prepared;
use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;

type St = State<Arc<App>>;

pub fn routes(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/assets/{*path}", get(asset))
        .route("/api/info", get(info))
        .route("/api/files", get(list_files))
        .route("/api/file", get(read_file))
        .route("/api/save", post(save_file))
        .route("/api/validate", post(validate_text))
        .route("/api/game", post(new_game))
        .route("/api/pieces", post(pieces))
        .route("/api/game/{id}", get(show_game))
        .route("/api/game/{id}/{op}", post(game_op))
        .route("/api/analysis/start", post(analysis_start))
        .route("/api/analysis/stop", post(analysis_stop))
        .route("/api/study", post(study_start))
        .route("/api/study/{id}", get(study_show))
        .route("/api/study/{id}/report", get(study_report))
        .route("/api/study/{id}/stop", post(study_stop))
        .route("/api/study/{id}/replay", post(study_replay))
        .route("/api/events", get(events))
        .fallback(not_found)
        .layer(axum::extract::DefaultBodyLimit::max(guard::MAX_BODY))
        .layer(middleware::from_fn_with_state(app.clone(), check))
        .with_state(app)
}

/// Every request: the guard's checks first; every answer: the security
/// headers.
async fn check(State(app): St, req: Request, next: Next) -> Response {
    if let Err((status, message)) = app.guard.check(req.method(), req.headers()) {
        let mut r = ApiError {
            status,
            message,
            extra: None,
        }
        .into_response();
        guard::secure(r.headers_mut(), CSP);
        return r;
    }
    let mut r = next.run(req).await;
    guard::secure(r.headers_mut(), CSP);
    r
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page or API route")
}

async fn index() -> Response {
    let mut r = Response::new(axum::body::Body::from(assets::INDEX));
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    r
}

async fn asset(Path(path): Path<String>) -> Response {
    match assets::find(&path) {
        Some(a) => {
            let mut r = Response::new(axum::body::Body::from(a.bytes));
            r.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static(a.mime));
            r
        }
        None => ApiError::not_found("no such asset").into_response(),
    }
}

/// The value of `key` in a query string.
fn query<'a>(uri: &'a Uri, key: &str) -> Option<&'a str> {
    uri.query()?.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
        (k == key).then_some(v)
    })
}

/// `%XX` and `+` decoded (a file name in a query).
fn unescape(s: &str) -> Result<String, ApiError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = s
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| ApiError::bad("a bad %-escape in the query"))?;
                out.push(hex);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| ApiError::bad("the query is not UTF-8"))
}

async fn info(State(app): St) -> ApiResult {
    let (with, without) = assets::sizes();
    Ok(Json(serde_json::json!({
        "version": env!("CARGO_PKG_VERSION"),
        "writable": app.root.writable(),
        "records_writable": app.root.records_writable(),
        "default": app.root.default_name(),
        "folder": app.root.dir().map(|d| d.display().to_string()),
        "page_bytes": with,
        "page_bytes_without_editor": without,
        "template": TEMPLATE,
    })))
}

async fn list_files(State(app): St) -> ApiResult {
    let root = app.clone();
    let files = blocking(move || Ok(root.root.list())).await?;
    Ok(Json(serde_json::json!({
        "files": files,
        "builtins": crate::check::builtin_names(),
        "writable": app.root.writable(),
    })))
}

/// The text of a rule file, or of a built-in variant (`builtin:NAME`).
fn source(app: &App, name: &str) -> Result<(String, bool), ApiError> {
    if let Some(b) = name.strip_prefix("builtin:") {
        let file = format!("{b}.variant");
        return crate::check::builtin_files()
            .iter()
            .find(|(n, _)| **n == file)
            .map(|(_, t)| (t.to_string(), true))
            .ok_or_else(|| ApiError::not_found(format!("no built-in variant `{b}`")));
    }
    if app.root.default_name() == Some(name) && app.root.mtime(name).is_none() {
        // The file named on the command line, not written yet.
        app.root
            .path(name, Kind::Rules)
            .map_err(|e| ApiError::forbidden(e.0))?;
        return Ok((TEMPLATE.to_string(), false));
    }
    let text = app.root.read(name).map_err(|e| ApiError::forbidden(e.0))?;
    Ok((text, false))
}

async fn read_file(State(app): St, uri: Uri) -> ApiResult {
    let name = unescape(query(&uri, "name").unwrap_or(""))?;
    let (text, readonly, name) = blocking(move || {
        let (text, readonly) = source(&app, &name)?;
        Ok((text, readonly, name))
    })
    .await?;
    Ok(Json(
        serde_json::json!({"name": name, "text": text, "readonly": readonly}),
    ))
}

async fn save_file(State(app): St, b: Bytes) -> ApiResult {
    let m = body(&b)?;
    let name = m.str_req("name")?.to_string();
    let text = m.str_req("text")?.to_string();
    if text.len() as u64 > crate::textfile::MAX_RULE_FILE {
        return Err(ApiError::bad("a rule file is limited to 4 MiB"));
    }
    blocking(move || {
        app.root
            .write(&name, Kind::Rules, &text)
            .map_err(|e| ApiError::forbidden(e.0))?;
        Ok(Json(serde_json::json!({"saved": name})))
    })
    .await
}

/// The checked text of a request: `text` (with `name` for diagnostics
/// and `extends`), or the file `name`, or `builtin:NAME`.
fn checked_of(
    app: &App,
    m: &serde_json::Map<String, serde_json::Value>,
) -> Result<(String, crate::check::Checked), ApiError> {
    let name = m.str_opt("name")?.unwrap_or("untitled.variant").to_string();
    let text = match m.str_opt("text")? {
        Some(t) => t.to_string(),
        None => source(app, &name)?.0,
    };
    if text.len() as u64 > crate::textfile::MAX_RULE_FILE {
        return Err(ApiError::bad("a rule file is limited to 4 MiB"));
    }
    // Diagnostics name the file as the page does; `extends` looks in the
    // served folder only.
    let shown = name
        .strip_prefix("builtin:")
        .map_or(name.clone(), |b| format!("{b}.variant"));
    let c = validate::check(&shown, &text, app.root.dir());
    Ok((shown, c))
}

async fn validate_text(State(app): St, b: Bytes) -> ApiResult {
    let m = body(&b)?;
    blocking(move || {
        let (name, c) = checked_of(&app, &m)?;
        let variants: Vec<serde_json::Value> = c
            .variants
            .iter()
            .map(|v| {
                serde_json::json!({
                    "name": v.name, "title": v.title,
                    "players": v.players.iter().map(|p| &p.name).collect::<Vec<_>>(),
                    "boards": v.turn.boards,
                })
            })
            .collect();
        Ok(Json(serde_json::json!({
            "report": validate::report(&name, &c),
            "variants": variants,
        })))
    })
    .await
}

/// The compiled variant a request names, and how records name it.
fn prepared_of(
    app: &App,
    m: &serde_json::Map<String, serde_json::Value>,
) -> Result<(Prepared, String), ApiError> {
    let (name, c) = checked_of(app, m)?;
    if c.has_errors() {
        let mut e = ApiError::refused(format!("{} has errors: fix them first", name));
        e.extra = Some(serde_json::json!({"report": validate::report(&name, &c)}));
        return Err(e);
    }
    let wanted = m.str_opt("variant")?;
    let v = match wanted {
        Some(w) => c.variants.iter().find(|v| v.name == w),
        None => c.variants.first(),
    }
    .ok_or_else(|| {
        ApiError::refused(match wanted {
            Some(w) => format!("{name} has no variant `{w}`"),
            None => format!("{name} defines no variant (only pieces for others to use)"),
        })
    })?;
    let mut prepared = Prepared::new(v).map_err(|e| ApiError::refused(e.0))?;
    // Records name a file's variant by the file's name, a built-in one by
    // its own name.
    let builtin = m
        .str_opt("name")?
        .is_some_and(|n| n.starts_with("builtin:"));
    let spec = if builtin { v.name.clone() } else { name };
    // A built-in variant's AI plays with the values file shipped with it,
    // as in `varia play` (docs/LANGUAGE.md, "Values files").
    if let Some((file, text)) = builtin
        .then(|| crate::load::builtin_values(&v.name))
        .flatten()
    {
        prepared = prepared
            .with_values_file(file, text)
            .map_err(|_| ApiError::refused(format!("the values file {file} does not fit")))?;
    }
    Ok((prepared, spec))
}

/// The seats a request names (missing: the first human, the rest the AI).
fn players_of(
    m: &serde_json::Map<String, serde_json::Value>,
    seats: usize,
    humans: bool,
) -> Result<Vec<crate::play::ai::Player>, ApiError> {
    use crate::play::ai::Player;
    let list = match m.get("players") {
        None | Some(serde_json::Value::Null) => {
            return Ok((0..seats)
                .map(|i| {
                    if i == 0 && humans {
                        Player::Human
                    } else {
                        Player::Ai(if humans { 3 } else { 1 })
                    }
                })
                .collect())
        }
        Some(serde_json::Value::Array(a)) => a,
        Some(_) => return Err(ApiError::bad("`players` must be a list of strings")),
    };
    if list.len() != seats {
        return Err(ApiError::bad(format!(
            "the variant has {seats} seats, but `players` names {}",
            list.len()
        )));
    }
    list.iter()
        .map(|p| {
            let p = p
                .as_str()
                .ok_or_else(|| ApiError::bad("`players` must be a list of strings"))?;
            let p = board::parse_player(p)?;
            if !humans && p == Player::Human {
                return Err(ApiError::bad(
                    "a study plays by itself: use random or ai:LEVEL seats",
                ));
            }
            Ok(p)
        })
        .collect()
}

fn turn_of(uri: &Uri) -> u8 {
    query(uri, "turn")
        .and_then(|t| t.parse::<u8>().ok())
        .unwrap_or(0)
        % 4
}

/// The seat a request names (`seat`), whose view it gets under fog of war.
fn seat_of(uri: &Uri) -> Option<usize> {
    query(uri, "seat").and_then(|t| t.parse::<usize>().ok())
}

fn position_of(app: &App, id: u64, turn: u8, seat: Option<usize>) -> ApiResult {
    let mut games = app.games();
    if let Ok(st) = games.two_mut(id) {
        return super::boards::position(id, st, turn).map(Json);
    }
    let st = games.get_mut(id)?;
    board::position(id, st, turn, seat).map(Json)
}

async fn new_game(State(app): St, b: Bytes) -> ApiResult {
    let m = body(&b)?;
    let a = app.clone();
    let id = blocking(move || {
        let (prepared, spec) = prepared_of(&a, &m)?;
        let seed = m.u64_opt("seed", u64::MAX)?.unwrap_or(1);
        let fen = m.str_opt("fen")?.map(str::trim).filter(|f| !f.is_empty());
        if prepared.variant().turn.boards == 2 {
            // Two boards, four seats (docs/SERVE.md, "Two boards").
            let players = players_of(&m, 4, true)?;
            let g = super::boards::BoardsState::new(&prepared, fen, seed, players)?;
            return Ok(a.add_boards(g));
        }
        let seats = prepared.variant().players.len();
        let players = players_of(&m, seats, true)?;
        let g = GameSession::new(prepared, &spec, &[], fen, seed, players)
            .map_err(|e| ApiError::refused(e.0))?;
        Ok(a.add_game(GameState::new(g)))
    })
    .await?;
    think::kick(&app, id);
    super::boards::kick(&app, id);
    let turn = query_turn_body(&b);
    let seat = body(&b)
        .ok()
        .and_then(|m| m.u64_opt("seat", 3).ok().flatten())
        .map(|p| p as usize);
    position_of(&app, id, turn, seat)
}

fn query_turn_body(b: &Bytes) -> u8 {
    body(b)
        .ok()
        .and_then(|m| m.u64_opt("turn", 3).ok().flatten())
        .unwrap_or(0) as u8
}

async fn show_game(State(app): St, Path(id): Path<u64>, uri: Uri) -> ApiResult {
    let turn = turn_of(&uri);
    let seat = seat_of(&uri);
    blocking(move || position_of(&app, id, turn, seat)).await
}

async fn game_op(State(app): St, Path((id, op)): Path<(u64, String)>, b: Bytes) -> ApiResult {
    let m = body(&b)?;
    if op == "why" {
        // Changes nothing: no position, no event.
        return blocking(move || explain(&app, id, &m)).await;
    }
    let turn = m.u64_opt("turn", 3)?.unwrap_or(0) as u8;
    let seat = m.u64_opt("seat", 3)?.map(|p| p as usize);
    if app.games().is_two(id) {
        return boards_op(app, id, op, m, turn).await;
    }
    let a = app.clone();
    let extra = blocking(move || op_blocking(&a, id, &op, &m)).await?;
    let kick = extra.get("kick").and_then(serde_json::Value::as_bool) == Some(true);
    if kick {
        think::kick(&app, id);
    }
    if let Some(level) = extra.get("ai_once").and_then(serde_json::Value::as_u64) {
        think::kick_with(&app, id, Some(crate::play::ai::Player::Ai(level as u8)));
    }
    let mut pos = {
        let a = app.clone();
        blocking(move || position_of(&a, id, turn, seat)).await?.0
    };
    if let (Some(p), serde_json::Value::Object(e)) = (pos.as_object_mut(), extra) {
        for (k, v) in e {
            if k != "kick" && k != "ai_once" {
                p.insert(k, v);
            }
        }
    }
    app.events.send(serde_json::json!({
        "type": "game", "id": id, "version": pos.get("version"),
    }));
    Ok(Json(pos))
}

/// An operation on a game of two boards (see [`super::boards`]).
async fn boards_op(
    app: Arc<App>,
    id: u64,
    op: String,
    m: serde_json::Map<String, serde_json::Value>,
    turn: u8,
) -> ApiResult {
    let a = app.clone();
    let extra =
        blocking(move || super::boards::op(&a, id, &op, &m, || players_of(&m, 4, true))).await?;
    if let (Some(level), Some(board)) = (
        extra.get("ai_once").and_then(serde_json::Value::as_u64),
        extra.get("ai_board").and_then(serde_json::Value::as_u64),
    ) {
        super::boards::kick_once(&app, id, board as usize, level.min(255) as u8);
    }
    super::boards::kick(&app, id);
    let mut pos = {
        let a = app.clone();
        blocking(move || position_of(&a, id, turn, None)).await?.0
    };
    if let (Some(p), serde_json::Value::Object(e)) = (pos.as_object_mut(), extra) {
        p.extend(
            e.into_iter()
                .filter(|(k, _)| k != "ai_once" && k != "ai_board"),
        );
    }
    app.events.send(serde_json::json!({
        "type": "game", "id": id, "version": pos.get("version"),
    }));
    Ok(Json(pos))
}

/// One operation on a game; returns extra fields for the answer (and
/// `kick` to let an AI seat act after it).
fn op_blocking(
    app: &App,
    id: u64,
    op: &str,
    m: &serde_json::Map<String, serde_json::Value>,
) -> Result<serde_json::Value, ApiError> {
    let mut games = app.games();
    let st = games.get_mut(id)?;
    let check_version = |st: &GameState| -> Result<(), ApiError> {
        match m.u64_opt("version", u64::MAX)? {
            Some(v) if v != st.version => Err(ApiError::conflict(
                "the position changed since the page saw it: look again",
            )),
            _ => Ok(()),
        }
    };
    match op {
        "act" => {
            check_version(st)?;
            if let Some(e) = why::over(st) {
                return Err(why::refusal(e));
            }
            let actions = st.actions();
            let m_action = if let Some(i) = m.u64_opt("action", u64::MAX)? {
                *actions
                    .get(i as usize)
                    .ok_or_else(|| ApiError::refused(format!("there is no action {i} here")))?
            } else if let Some(text) = m.str_opt("text")? {
                if text.len() > 200 {
                    return Err(ApiError::bad("a typed action is at most 200 characters"));
                }
                let s = st.g.session();
                let parsed = if st.pending_draw {
                    let infos = s.infos(&actions);
                    crate::notation::parse(text, &infos).map(|i| actions[i])
                } else {
                    s.parse_public(text)
                };
                // Refused: the engine's explanation, as the terminal gives it.
                parsed.map_err(|_| why::refusal(why::typed(st, text)))?
            } else {
                return Err(ApiError::bad(
                    "say which action: `action` (its index) or `text`",
                ));
            };
            let san = st.play(m_action)?;
            Ok(serde_json::json!({"played": san, "kick": true}))
        }
        "draw" => {
            check_version(st)?;
            if st.thinking || !st.human_to_act() {
                return Err(ApiError::conflict("the AI plays this seat"));
            }
            if !st.may_draw() {
                return Err(ApiError::refused("you cannot draw a card now"));
            }
            st.pending_draw = true;
            st.bump();
            Ok(serde_json::json!({}))
        }
        "undo" => {
            if st.pending_draw {
                return Err(ApiError::refused(
                    "place the card you drew first: a drawn card cannot be put back",
                ));
            }
            let to_human = m.bool_opt("to_human")?.unwrap_or(false);
            let mut any = false;
            // A drawn card stays drawn (see `GameState::replay`).
            let crosses_draw = |st: &GameState| !st.replay && st.g.last_was_draw();
            if crosses_draw(st) && st.g.left().is_none() {
                return Err(ApiError::refused(
                    "a drawn card stays drawn: nothing before it can be taken back",
                ));
            }
            while !(any && crosses_draw(st)) && st.g.undo() {
                any = true;
                if !to_human || st.human_to_act() {
                    break;
                }
            }
            if !any {
                return Err(ApiError::refused("nothing to take back"));
            }
            st.thinking = false;
            st.bump();
            Ok(serde_json::json!({}))
        }
        "redo" => {
            if st.pending_draw || !st.g.redo() {
                return Err(ApiError::refused("nothing to redo"));
            }
            st.thinking = false;
            st.bump();
            Ok(serde_json::json!({}))
        }
        "resign" => {
            if st.thinking || !st.human_to_act() {
                return Err(ApiError::conflict("the AI plays this seat"));
            }
            st.g.resign()
                .map_err(|e| ApiError::refused(e.to_string()))?;
            st.pending_draw = false;
            st.bump();
            Ok(serde_json::json!({"kick": true}))
        }
        "claim" => {
            let reason =
                st.g.claim_draw()
                    .map_err(|_| ApiError::refused("no draw can be claimed now"))?;
            st.bump();
            Ok(serde_json::json!({"claimed": reason}))
        }
        "seats" => {
            let seats = st.g.session().variant().players.len();
            let players = players_of(m, seats, true)?;
            for (i, p) in players.into_iter().enumerate() {
                st.g.set_player(i, p);
            }
            st.thinking = false;
            st.bump();
            Ok(serde_json::json!({"kick": true}))
        }
        "ai" => {
            // The AI plays this one action for the seat to act.
            if st.g.is_over() {
                return Err(ApiError::refused("the game is over"));
            }
            if st.pending_draw {
                return Err(ApiError::refused("place the card you drew first"));
            }
            if st.thinking {
                return Err(ApiError::conflict("the AI is already choosing"));
            }
            let level = m
                .u64_opt("level", u64::from(crate::play::ai::MAX_LEVEL))?
                .unwrap_or(3)
                .max(1);
            Ok(serde_json::json!({"ai_once": level}))
        }
        "save" => {
            if st.g.session().fogged() && !st.g.is_over() {
                return Err(ApiError::refused(
                    "under fog of war the record is the referee's copy (it names every move): save it once the game is over",
                ));
            }
            if Record::deals_hidden(st.g.session().variant()) && !st.g.is_over() {
                return Err(ApiError::refused(
                    "the record is the referee's copy (its seed deals every hidden card and face-down man): save it once the game is over",
                ));
            }
            let format = m.str_opt("format")?.unwrap_or("pgn");
            let text = match format {
                "pgn" => st.g.record().to_pgn(),
                "jsonl" => st.g.json_line() + "\n",
                _ => return Err(ApiError::bad("`format` is pgn or jsonl")),
            };
            match m.str_opt("name")? {
                Some(name) => {
                    let ext_ok = name.ends_with(&format!(".{format}"));
                    if !ext_ok {
                        return Err(ApiError::bad(format!(
                            "a {format} record's name ends in .{format}"
                        )));
                    }
                    app.root
                        .write(name, Kind::Record, &text)
                        .map_err(|e| ApiError::forbidden(e.0))?;
                    Ok(serde_json::json!({"saved": name}))
                }
                None => Ok(serde_json::json!({"record": text})),
            }
        }
        _ => Err(ApiError::not_found(format!("no game operation `{op}`"))),
    }
}

/// Why an attempt of the page is refused (`from`, `to`, `piece`,
/// `promotion`, `player` as [`crate::explain::Attempt`] reads them, or
/// `text` typed): `explanation`, and `select` when the square clicked
/// should stay chosen (an own man with no legal action).
fn explain(app: &App, id: u64, m: &serde_json::Map<String, serde_json::Value>) -> ApiResult {
    let mut games = app.games();
    if let Ok(st) = games.two_mut(id) {
        return super::boards::explain(st, m).map(Json);
    }
    let st = games.get_mut(id)?;
    if let Some(v) = m.u64_opt("version", u64::MAX)? {
        if v != st.version {
            return Err(ApiError::conflict(
                "the position changed since the page saw it: look again",
            ));
        }
    }
    for key in ["from", "to"] {
        if m.str_opt(key)?.is_some_and(|t| t.len() > 20) {
            return Err(ApiError::bad("a square's name is at most 20 characters"));
        }
    }
    if let Some(text) = m.str_opt("text")? {
        if text.len() > 200 {
            return Err(ApiError::bad("a typed action is at most 200 characters"));
        }
        let e = why::typed(st, text);
        return Ok(Json(serde_json::json!({"explanation": e, "select": false})));
    }
    let attempt: crate::explain::Attempt =
        serde_json::from_value(serde_json::Value::Object(m.clone()))
            .map_err(|e| ApiError::bad(format!("not an attempt: {e}")))?;
    if attempt.from.is_none() && attempt.to.is_none() {
        return Err(ApiError::bad("say which squares: `from`, `to`, or both"));
    }
    let w = why::attempt(st, &attempt);
    Ok(Json(
        serde_json::json!({"explanation": w.explanation, "select": w.select}),
    ))
}

/// The pieces of a variant, as cards.
async fn pieces(State(app): St, b: Bytes) -> ApiResult {
    let m = body(&b)?;
    blocking(move || {
        let (prepared, _) = prepared_of(&app, &m)?;
        let cards = super::cards::cards(&prepared).map_err(ApiError::refused)?;
        Ok(Json(serde_json::json!({ "pieces": cards })))
    })
    .await
}

async fn analysis_start(State(app): St, b: Bytes) -> ApiResult {
    let m = body(&b)?;
    let id = m
        .u64_opt("game", u64::MAX)?
        .ok_or_else(|| ApiError::bad("`game` is missing"))?;
    let lines = m.u64_opt("lines", think::MAX_LINES as u64)?.unwrap_or(1) as usize;
    let a = app.clone();
    let version = if m.get("board").is_some() && app.games().is_two(id) {
        // One board of two, the other as it stands.
        blocking(move || {
            let (session, version, board) = {
                let mut games = a.games();
                super::boards::analysed(games.two_mut(id)?, &m)?
            };
            think::stop(&a);
            Ok(think::start_on(
                &a,
                id,
                version,
                session,
                lines,
                Some(board),
            ))
        })
        .await?
    } else {
        blocking(move || think::start(&a, id, lines)).await?
    };
    Ok(Json(
        serde_json::json!({"analysing": id, "version": version}),
    ))
}

async fn analysis_stop(State(app): St, b: Bytes) -> ApiResult {
    body(&b)?;
    think::stop(&app);
    Ok(Json(serde_json::json!({"stopped": true})))
}

async fn study_start(State(app): St, b: Bytes) -> ApiResult {
    let m = body(&b)?;
    let a = app.clone();
    let req = blocking(move || {
        let (prepared, spec) = prepared_of(&a, &m)?;
        let two_boards = prepared.variant().turn.boards == 2;
        // Two boards: four seats (WhiteA, BlackA, WhiteB, BlackB).
        let seats = if two_boards {
            4
        } else {
            prepared.variant().players.len()
        };
        let players = players_of(&m, seats, false)?;
        let games = m
            .u64_opt("games", study::MAX_GAMES as u64)?
            .unwrap_or(20)
            .max(1) as usize;
        let max_plies = m
            .u64_opt("max_plies", study::MAX_PLIES as u64)?
            .unwrap_or(300)
            .max(1) as usize;
        let seed = m.u64_opt("seed", u64::MAX)?.unwrap_or(1);
        let openings = match m.str_opt("openings")?.filter(|t| !t.trim().is_empty()) {
            Some(_) if two_boards => return Err(ApiError::refused(
                "openings are for games of one board: a study of two boards starts from the setup",
            )),
            Some(text) => Some(
                crate::study::opening::Book::parse(
                    "openings",
                    text,
                    prepared.variant(),
                    seed,
                    crate::study::opening::Order::Sequential,
                )
                .map_err(ApiError::refused)?,
            ),
            None => None,
        };
        Ok(study::Request {
            prepared,
            spec,
            players,
            games,
            seed,
            max_plies,
            openings,
        })
    })
    .await?;
    let id = study::start(&app, req)?;
    Ok(Json(serde_json::json!({"study": id})))
}

fn study_of(app: &App, id: u64) -> Result<Arc<std::sync::Mutex<study::Study>>, ApiError> {
    lock(&app.studies).get(id)
}

async fn study_show(State(app): St, Path(id): Path<u64>) -> ApiResult {
    blocking(move || {
        let s = study_of(&app, id)?;
        let s = lock(&s);
        let mut p = study::progress(id, &s);
        if let Some(o) = p.as_object_mut() {
            o.insert("games".into(), study::games(&s).into());
        }
        Ok(Json(p))
    })
    .await
}

async fn study_report(State(app): St, Path(id): Path<u64>) -> Response {
    let page = blocking(move || {
        let s = study_of(&app, id)?;
        let s = lock(&s);
        Ok(study::report(&s))
    })
    .await;
    match page {
        Ok(html) => {
            let mut r = Response::new(axum::body::Body::from(html));
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            );
            guard::secure(r.headers_mut(), REPORT_CSP);
            r
        }
        Err(e) => e.into_response(),
    }
}

async fn study_stop(State(app): St, Path(id): Path<u64>, b: Bytes) -> ApiResult {
    body(&b)?;
    let s = study_of(&app, id)?;
    lock(&s)
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    Ok(Json(serde_json::json!({"stopping": id})))
}

/// A game of a study as a game of the page, at its start, every action
/// ready to be redone one by one.
async fn study_replay(State(app): St, Path(id): Path<u64>, b: Bytes) -> ApiResult {
    let m = body(&b)?;
    let index = m
        .u64_opt("index", u64::MAX)?
        .ok_or_else(|| ApiError::bad("`index` is missing"))? as usize;
    let turn = m.u64_opt("turn", 3)?.unwrap_or(0) as u8;
    let a = app.clone();
    let gid = blocking(move || {
        let s = study_of(&a, id)?;
        let s = lock(&s);
        let e =
            s.kept.iter().find(|e| e.index == index).ok_or_else(|| {
                ApiError::not_found(format!("game {index} of the study is not kept"))
            })?;
        if !e.boards.is_empty() {
            // Two boards: the game at its start, every move ready to redo.
            let humans = vec![crate::play::ai::Player::Human; 4];
            let mut g =
                super::boards::BoardsState::new(&s.request.prepared, None, e.start_seed, humans)?;
            for (&mv, &board) in e.actions.iter().zip(&e.boards) {
                g.b.play(usize::from(board), mv)
                    .map_err(|_| ApiError::refused("the game does not replay"))?;
            }
            g.b.rewind();
            g.title = format!("{}, study game {}", g.title, index + 1);
            return Ok(a.add_boards(g));
        }
        let players = study::seated(&s.request.players, e.rotation);
        let mut g = GameSession::new(
            s.request.prepared.clone(),
            &s.request.spec,
            &[],
            e.fen.as_deref(),
            e.start_seed,
            players
                .into_iter()
                .map(|_| crate::play::ai::Player::Human)
                .collect(),
        )
        .map_err(|e| ApiError::refused(e.0))?;
        for &mv in &e.actions {
            g.play(mv)
                .map_err(|_| ApiError::refused("the game does not replay"))?;
        }
        while g.undo() {}
        let mut st = GameState::new(g);
        st.replay = true;
        st.title = format!("{}, study game {}", st.title, index + 1);
        Ok(a.add_game(st))
    })
    .await?;
    position_of(&app, gid, turn, None)
}

async fn events(State(app): St) -> Response {
    let mut r = app.events.response();
    *r.status_mut() = StatusCode::OK;
    r
}
