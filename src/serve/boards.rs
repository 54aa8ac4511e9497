//! A game of two boards in the page (`boards 2`, docs/LANGUAGE.md §12:
//! bughouse as it is played): the library's [`Boards`] with four seats,
//! both boards drawn, each with its own actions and hands.
//!
//! The API is the one-board game's with a board index where needed
//! (docs/SERVE.md, "Two boards"): `POST /api/game` of a `boards 2`
//! variant starts one (four `players`: WhiteA, BlackA, WhiteB, BlackB),
//! `GET /api/game/ID` answers a two-board position, and `act` takes
//! `board` (0: A, 1: B) and `change` (the board's change count the page
//! saw: a move on the other board does not stale a click on this one,
//! a man arriving in a hand does). `undo` (to before a person's last
//! move), `redo`, `seats`, `save` (BPGN) and `why` (on the board named)
//! work as on one board; `ai` takes `board` (the AI plays one action
//! there for the seat to move), `resign` is a seat's for its team (both
//! boards end), `claim` a board's draw for the whole game; `draw` (a card)
//! is refused with a sentence.
//!
//! Each AI seat chooses on a thread of its own for its own board, the
//! other board frozen (as `varia simulate` plays two boards, see
//! [`crate::play::boards::sim`]); its move is played if it is still legal
//! when it is found, else it chooses again. Both boards may think at once.

use super::board::{actions_json, held};
use super::{think, why, ApiError, App, Fields};
use crate::engine::{Move, MoveKind};
use crate::explain::{Attempt, Explanation, Reason};
use crate::play::ai::Player;
use crate::play::boards::{self as two, bpgn, Boards, BOARD_NAMES};
use crate::play::session::Prepared;
use crate::render::svg;
use std::sync::Arc;

/// One two-board game kept by the server.
pub struct BoardsState {
    pub b: Boards,
    /// WhiteA, BlackA, WhiteB, BlackB.
    pub players: [Player; 4],
    /// Bumped at every change.
    pub version: u64,
    /// Per board: bumped when the board changes (a move on it, or a man
    /// sent to one of its hands).
    pub changes: [u64; 2],
    /// Bumped when the seats change: an AI's choice made before is dropped.
    epoch: u64,
    /// Per board: an AI is choosing for the seat to move there.
    pub thinking: [bool; 2],
    pub ai_error: Option<String>,
    pub title: String,
    seed: u64,
    /// Per board: the last move played on it (drawn on its board).
    last: [Option<Move>; 2],
}

impl BoardsState {
    /// After the game changed under the seats: no AI is thinking any
    /// more, and the page's copy is stale.
    fn restart(&mut self) {
        self.thinking = [false; 2];
        self.epoch += 1;
        self.version += 1;
    }

    /// A new game of two boards from the setup (or `FEN_A | FEN_B`).
    pub fn new(
        prepared: &Prepared,
        fen: Option<&str>,
        seed: u64,
        players: Vec<Player>,
    ) -> Result<BoardsState, ApiError> {
        let fens = fen
            .map(two::split_fens)
            .transpose()
            .map_err(ApiError::refused)?;
        let b = Boards::new(prepared, fens.as_ref(), seed).map_err(|e| ApiError::refused(e.0))?;
        let players: [Player; 4] = players
            .try_into()
            .map_err(|_| ApiError::bad("a game of two boards has four seats"))?;
        Ok(BoardsState {
            title: b.variant().title.clone(),
            b,
            players,
            version: 1,
            changes: [0; 2],
            epoch: 0,
            thinking: [false; 2],
            ai_error: None,
            seed,
            last: [None; 2],
        })
    }

    /// Whether a person plays the seat to move on `board`.
    pub fn human_to_act(&self, board: usize) -> bool {
        matches!(self.players[self.b.seat_to_move(board)], Player::Human)
    }

    /// The actions of a board now, in a fixed order (none once the game
    /// is over).
    pub fn actions(&self, board: usize) -> Vec<Move> {
        if self.b.result().is_some() {
            return Vec::new();
        }
        self.b.boards[board]
            .legal()
            .into_iter()
            .filter(|m| m.kind() != MoveKind::DrawPlace)
            .collect()
    }

    /// Play a move on a board (a person's or the AI's): its SAN.
    pub fn apply(&mut self, board: usize, m: Move) -> Result<String, ApiError> {
        let played = self.b.play(board, m).map_err(ApiError::refused)?;
        let san = played.san.clone();
        if !played.sent.is_empty() {
            self.changes[1 - board] += 1;
        }
        self.changes[board] += 1;
        self.last[board] = Some(m);
        self.version += 1;
        self.ai_error = None;
        Ok(san)
    }

    /// The seat that resigns when none is named: a person's seat, when
    /// people play one team only.
    fn human_team_seat(&self) -> Option<usize> {
        let humans: Vec<usize> = (0..4)
            .filter(|&s| matches!(self.players[s], Player::Human))
            .collect();
        let team = two::team_of_seat(*humans.first()?);
        humans
            .iter()
            .all(|&s| two::team_of_seat(s) == team)
            .then(|| humans[0])
    }

    /// The seats' players as records name them.
    fn player_names(&self) -> [String; 4] {
        [0, 1, 2, 3].map(|i| self.players[i].to_string())
    }
}

/// The board index a request names (`board`: 0 or 1, or `A` or `B`).
fn board_of(m: &serde_json::Map<String, serde_json::Value>) -> Result<usize, ApiError> {
    match m.get("board") {
        Some(serde_json::Value::String(s)) if s == "A" || s == "a" => Ok(0),
        Some(serde_json::Value::String(s)) if s == "B" || s == "b" => Ok(1),
        Some(v) if v.as_u64().is_some_and(|n| n < 2) => Ok(v.as_u64().unwrap_or(0) as usize),
        None => Err(ApiError::bad(
            "say which board: `board` (0 or `A`, 1 or `B`)",
        )),
        Some(_) => Err(ApiError::bad("`board` is 0 or `A`, 1 or `B`")),
    }
}

/// The quarter turns of a team's view: team 0 (WhiteA, BlackB) sees
/// board A from white's side, team 1 from black's; board B is always
/// turned half a turn more, so that each team's men face its own side.
fn team_turn(seat: usize) -> u8 {
    if two::team_of_seat(seat) == 0 {
        0
    } else {
        2
    }
}

/// The position of a two-board game as the page shows it, board A
/// drawn turned by `turn` quarter turns and board B by `turn + 2`.
pub fn position(id: u64, st: &BoardsState, turn: u8) -> Result<serde_json::Value, ApiError> {
    let b = &st.b;
    let v = b.variant();
    let outcome = b.result();
    let over = outcome.is_some();
    let names: Vec<String> = v.players.iter().map(|p| p.name.clone()).collect();
    let seats: Vec<serde_json::Value> = (0..4)
        .map(|s| {
            let board = s / 2;
            serde_json::json!({
                "name": two::seat_name(s),
                "player": st.players[s].to_string(),
                "color": svg::owner_color(s % 2, &names),
                "board": board,
                "team": two::team_of_seat(s),
                "turn": team_turn(s),
                "to_move": !over && b.seat_to_move(board) == s,
                "out": false,
                "hand": held(v, &|k| b.boards[board].position().hand((s % 2) as u8, k), s % 2 == 0),
                "prison": [],
                "deck": null,
            })
        })
        .collect();
    let mut boards = Vec::with_capacity(2);
    for (i, s) in b.boards.iter().enumerate() {
        let pos = s.position();
        let mut view = s.view(st.last[i]);
        // The legend names the board's seats, and once the game is over
        // nobody is to move.
        view.player_names = vec![two::seat_name(2 * i), two::seat_name(2 * i + 1)];
        if over {
            view.to_move = usize::MAX;
        }
        if let Some((ended, _)) = b.ended().filter(|&(e, _)| e == i) {
            view.notes
                .push(format!("board {} ended the game", BOARD_NAMES[ended]));
        }
        let picture = svg::draw_with(
            &view,
            &[],
            svg::Options {
                turn: (turn + 2 * i as u8) % 4,
                squares: true,
            },
        )
        .map_err(ApiError::bad)?;
        let moves = st.actions(i);
        let men: serde_json::Map<String, serde_json::Value> = pos
            .tables()
            .geometry()
            .squares()
            .filter_map(|sq| Some((s.square_name(sq), pos.man_at(sq)?.kind().into())))
            .collect();
        boards.push(serde_json::json!({
            "board": BOARD_NAMES[i].to_string(),
            "to_move": b.seat_to_move(i),
            "turn": (turn + 2 * i as u8) % 4,
            "svg": picture,
            "actions": actions_json(s, &moves),
            "men": men,
            "check": !over && pos.in_check(),
            "human": !over && st.human_to_act(i),
            "thinking": st.thinking[i],
            "change": st.changes[i],
            "fen": pos.fen(),
            // A draw the person to move here may claim (the whole game).
            "can_claim": !over && st.human_to_act(i) && !b.claimable(i).is_empty(),
        }));
    }
    let moves: Vec<serde_json::Value> = b
        .moves
        .iter()
        .map(|m| {
            let letter = BOARD_NAMES[m.board];
            let letter = if m.player == 0 {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            serde_json::json!({
                "board": m.board,
                "seat": two::seat(m.board, m.player),
                "number": format!("{}{letter}.", m.number),
                "san": m.san,
            })
        })
        .collect();
    let sentence = outcome.as_ref().map(sentence);
    Ok(serde_json::json!({
        "id": id,
        "version": st.version,
        "title": st.title,
        "variant": v.name,
        "two_boards": true,
        "seats": seats,
        "boards": boards,
        "turn": turn,
        "moves": moves,
        "over": over,
        "result": over.then(|| two::result_tag(outcome.as_ref())),
        "sentence": sentence,
        "fen": b.fen(),
        "thinking": st.thinking[0] || st.thinking[1],
        "human": !over && (st.human_to_act(0) || st.human_to_act(1)),
        "can_undo": !b.moves.is_empty() || over && b.ended().is_none(),
        "can_redo": b.can_redo(),
        "ai_error": st.ai_error,
    }))
}

/// `BlackA and WhiteB win (board A: checkmate).`: the result for all four
/// as one sentence, in the words one board's page says its own in
/// ([`two::outcome_text`]).
fn sentence(o: &crate::search::game::Outcome) -> String {
    format!("{}.", two::outcome_text(o))
}

/// One operation on a two-board game (the routes of `POST
/// /api/game/ID/OP`): extra fields for the answer.
pub fn op(
    app: &App,
    id: u64,
    op: &str,
    m: &serde_json::Map<String, serde_json::Value>,
    players: impl FnOnce() -> Result<Vec<Player>, ApiError>,
) -> Result<serde_json::Value, ApiError> {
    let mut games = app.games();
    let st = games.two_mut(id)?;
    match op {
        "act" => {
            let board = board_of(m)?;
            if let Some(c) = m.u64_opt("change", u64::MAX)? {
                if c != st.changes[board] {
                    return Err(ApiError::conflict(format!(
                        "board {} changed since the page saw it: look again",
                        BOARD_NAMES[board]
                    )));
                }
            }
            if let Some(o) = st.b.result() {
                return Err(ApiError::refused(format!(
                    "the game is over: {}",
                    sentence(&o)
                )));
            }
            if st.thinking[board] || !st.human_to_act(board) {
                return Err(ApiError::conflict(format!(
                    "the AI plays {} on board {}: wait for its move, or make the seat human",
                    two::seat_name(st.b.seat_to_move(board)),
                    BOARD_NAMES[board]
                )));
            }
            let actions = st.actions(board);
            let mv = if let Some(i) = m.u64_opt("action", u64::MAX)? {
                *actions
                    .get(i as usize)
                    .ok_or_else(|| ApiError::refused(format!("there is no action {i} here")))?
            } else if let Some(text) = m.str_opt("text")? {
                if text.len() > 200 {
                    return Err(ApiError::bad("a typed action is at most 200 characters"));
                }
                st.b.boards[board].parse(text).map_err(|_| {
                    // Refused: the engine's explanation, as on one board.
                    let mut e = why::typed_on(&st.b.boards[board], text);
                    on_board(&mut e, board);
                    why::refusal(e)
                })?
            } else {
                return Err(ApiError::bad(
                    "say which action: `action` (its index) or `text`",
                ));
            };
            let san = st.apply(board, mv)?;
            Ok(serde_json::json!({"played": san}))
        }
        "seats" => {
            let players = players()?;
            st.players = players
                .try_into()
                .map_err(|_| ApiError::bad("a game of two boards has four seats"))?;
            st.restart();
            Ok(serde_json::json!({}))
        }
        "save" => {
            let format = m.str_opt("format")?.unwrap_or("pgn");
            if format != "pgn" && format != "bpgn" {
                return Err(ApiError::bad(
                    "a game of two boards is saved as BPGN (`format`: pgn or bpgn)",
                ));
            }
            let text = bpgn::write(
                &st.b,
                &st.player_names(),
                &[("Event", "varia serve".to_string())],
                st.b.result().as_ref(),
            );
            match m.str_opt("name")? {
                Some(name) => {
                    if !name.ends_with(".pgn") && !name.ends_with(".bpgn") {
                        return Err(ApiError::bad("a BPGN record's name ends in .pgn"));
                    }
                    app.root
                        .write(name, super::files::Kind::Record, &text)
                        .map_err(|e| ApiError::forbidden(e.0))?;
                    Ok(serde_json::json!({"saved": name}))
                }
                None => Ok(serde_json::json!({"record": text})),
            }
        }
        "undo" => {
            // Back to before the last move of a person's seat (with the
            // AI's moves after it; `to_human: false`, or no person at
            // all: one move), on whichever boards they were played.
            let to_human = m.bool_opt("to_human")?.unwrap_or(true);
            let anyone = st.players.iter().any(|p| matches!(p, Player::Human));
            // A resignation or a claimed draw is taken back by itself.
            let left_back = st.b.take_back_left();
            let mut any = left_back;
            while let Some(back) = (!left_back).then(|| st.b.undo()).flatten() {
                any = true;
                let seat = two::seat(back.board, back.player);
                if !to_human || !anyone || matches!(st.players[seat], Player::Human) {
                    break;
                }
            }
            if !any {
                return Err(ApiError::refused("nothing to take back"));
            }
            // Every board may have changed; an AI's choice is dropped.
            st.last = [None; 2];
            st.changes = st.changes.map(|c| c + 1);
            st.restart();
            st.ai_error = None;
            Ok(serde_json::json!({}))
        }
        "redo" => {
            let Some(m) = st.b.redo() else {
                return Err(ApiError::refused("nothing to redo"));
            };
            let (board, mv, sent) = (m.board, m.mv, !m.sent.is_empty());
            st.last[board] = Some(mv);
            st.changes[board] += 1;
            if sent {
                st.changes[1 - board] += 1;
            }
            st.restart();
            st.ai_error = None;
            Ok(serde_json::json!({}))
        }
        "resign" => {
            // A person's seat resigns for its team: `seat`, or the one
            // team whose seats people play.
            let seat = match m.u64_opt("seat", 3)? {
                Some(s) => s as usize,
                None => st.human_team_seat().ok_or_else(|| {
                    ApiError::bad("say which seat resigns for its team: `seat` (0 to 3)")
                })?,
            };
            if !matches!(st.players[seat], Player::Human) {
                return Err(ApiError::conflict(format!(
                    "the AI plays {}: only a person's seat resigns from the page",
                    two::seat_name(seat)
                )));
            }
            st.b.resign(seat).map_err(ApiError::refused)?;
            st.restart();
            Ok(serde_json::json!({}))
        }
        "claim" => {
            // The player to move on `board` claims a draw the rules allow
            // there: the whole game is drawn.
            let board = board_of(m)?;
            if !st.human_to_act(board) {
                return Err(ApiError::conflict(format!(
                    "the AI plays {} on board {}: only a person claims from the page",
                    two::seat_name(st.b.seat_to_move(board)),
                    BOARD_NAMES[board]
                )));
            }
            let reason = st.b.claim_draw(board).map_err(ApiError::refused)?;
            st.restart();
            Ok(serde_json::json!({"claimed": reason}))
        }
        "ai" => {
            // The AI plays this one action for the seat to move on
            // `board` (a person's seat: an AI's moves by itself).
            let board = board_of(m)?;
            if let Some(o) = st.b.result() {
                return Err(ApiError::refused(format!(
                    "the game is over: {}",
                    sentence(&o)
                )));
            }
            if st.thinking[board] {
                return Err(ApiError::conflict(format!(
                    "the AI is already choosing on board {}",
                    BOARD_NAMES[board]
                )));
            }
            let level = m
                .u64_opt("level", u64::from(crate::play::ai::MAX_LEVEL))?
                .unwrap_or(3)
                .max(1);
            Ok(serde_json::json!({"ai_once": level, "ai_board": board}))
        }
        "draw" => Err(ApiError::refused(
            "a game of two boards has no cards to draw: it takes moves, AI moves, undo, redo, resigning, claiming a draw, seats and saving",
        )),
        _ => Err(ApiError::not_found(format!("no game operation `{op}`"))),
    }
}

/// Why an attempt on a board is refused (`POST /api/game/ID/why` with
/// `board`): the engine's explanation, as on one board ([`why`]: a click
/// on a square, a man of the hand put on a square, a typed move), read on
/// that board as it stands (the other board as it is); once the game is
/// over, that it is. Each sentence begins with its board's name.
pub fn explain(
    st: &BoardsState,
    m: &serde_json::Map<String, serde_json::Value>,
) -> Result<serde_json::Value, ApiError> {
    let board = board_of(m)?;
    if let Some(c) = m.u64_opt("change", u64::MAX)? {
        if c != st.changes[board] {
            return Err(ApiError::conflict(format!(
                "board {} changed since the page saw it: look again",
                BOARD_NAMES[board]
            )));
        }
    }
    let s = &st.b.boards[board];
    let mut w = if let Some(o) = st.b.result() {
        let result = sentence(&o);
        why::Why {
            explanation: Explanation {
                legal: false,
                text: format!("The game is over: {result} No action is legal."),
                reason: Reason::GameOver { result },
                rule: None,
                squares: Vec::new(),
                also: Vec::new(),
            },
            select: false,
        }
    } else if let Some(text) = m.str_opt("text")? {
        if text.len() > 200 {
            return Err(ApiError::bad("a typed action is at most 200 characters"));
        }
        why::Why {
            explanation: why::typed_on(s, text),
            select: false,
        }
    } else {
        for key in ["from", "to"] {
            if m.str_opt(key)?.is_some_and(|t| t.len() > 20) {
                return Err(ApiError::bad("a square's name is at most 20 characters"));
            }
        }
        let mut fields = m.clone();
        fields.remove("board");
        let attempt: Attempt = serde_json::from_value(serde_json::Value::Object(fields))
            .map_err(|e| ApiError::bad(format!("not an attempt: {e}")))?;
        if attempt.from.is_none() && attempt.to.is_none() {
            return Err(ApiError::bad("say which squares: `from`, `to`, or both"));
        }
        why::attempt_on(s, &attempt, false)
    };
    on_board(&mut w.explanation, board);
    Ok(serde_json::json!({"explanation": w.explanation, "select": w.select, "board": board}))
}

/// The board an analysis asks for (`board`), as a session to search with
/// the other board as it stands (what it may still send is not foreseen,
/// as the AI does not foresee it), the game's version, and the board.
pub fn analysed(
    st: &BoardsState,
    m: &serde_json::Map<String, serde_json::Value>,
) -> Result<(crate::play::session::Session, u64, usize), ApiError> {
    let board = board_of(m)?;
    if st.b.result().is_some() {
        return Err(ApiError::refused("the game is over: nothing to analyse"));
    }
    Ok((st.b.boards[board].clone(), st.version, board))
}

/// An explanation's sentence, said of its board (`Board A: ...`).
fn on_board(e: &mut Explanation, board: usize) {
    e.text = format!("Board {}: {}", BOARD_NAMES[board], e.text);
}

/// Let the AI move on each board whose seat to move it plays.
pub fn kick(app: &Arc<App>, id: u64) {
    for board in 0..2 {
        kick_board(app, id, board);
    }
}

/// Let the AI at `level` play one action on `board` for the seat to move
/// there, whoever plays it (the page's "AI move"), then the AI seats go
/// on as usual.
pub fn kick_once(app: &Arc<App>, id: u64, board: usize, level: u8) {
    kick_board_as(app, id, board, Some(Player::Ai(level)));
}

fn kick_board(app: &Arc<App>, id: u64, board: usize) {
    kick_board_as(app, id, board, None);
}

/// [`kick_board`], or with `once` the given player choosing for a seat
/// of any kind.
fn kick_board_as(app: &Arc<App>, id: u64, board: usize, once: Option<Player>) {
    let (session, who, seed, change, epoch) = {
        let mut games = app.games();
        let Ok(st) = games.two_mut(id) else { return };
        if st.thinking[board] || st.b.result().is_some() || once.is_none() && st.human_to_act(board)
        {
            return;
        }
        let seat = st.b.seat_to_move(board);
        st.thinking[board] = true;
        let n = st.b.moves.len() as u64;
        (
            st.b.boards[board].clone(),
            once.unwrap_or_else(|| st.players[seat].clone()),
            st.seed ^ crate::engine::splitmix(n * 2 + board as u64 + 1),
            st.changes[board],
            st.epoch,
        )
    };
    let app = app.clone();
    std::thread::spawn(move || {
        std::thread::sleep(think::AI_PAUSE);
        let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            think::choose(&session, &who, seed)
        }))
        .ok()
        .flatten();
        let version = {
            let mut games = app.games();
            let Ok(st) = games.two_mut(id) else { return };
            if st.epoch != epoch {
                // The seats changed while the AI thought.
                return;
            }
            st.thinking[board] = false;
            match found {
                // A man sent meanwhile leaves the move legal or not: a
                // move still legal is played, else the AI looks again.
                Some(m)
                    if st.changes[board] == change || st.b.boards[board].position().is_legal(m) =>
                {
                    if let Err(e) = st.apply(board, m) {
                        st.ai_error = Some(e.message);
                    }
                }
                Some(_) => {}
                None => {
                    st.ai_error = Some(format!(
                        "the AI found no move on board {}",
                        BOARD_NAMES[board]
                    ));
                    st.version += 1;
                }
            }
            st.version
        };
        app.events
            .send(serde_json::json!({"type": "game", "id": id, "version": version}));
        if app
            .games()
            .two_mut(id)
            .is_ok_and(|st| st.ai_error.is_none())
        {
            kick(&app, id);
        }
    });
}
