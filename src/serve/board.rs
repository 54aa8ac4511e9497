//! A game as the page sees it: the board drawn as SVG with named squares,
//! and the legal actions, each with the clicks that choose it.
//!
//! A click path is a list of steps: `s:e4` (a square, named as moves name
//! it), `h:K` (the man of piece index `K` in the hand of the player to
//! act), `p:K` and `r:K` (a hostage exchange: the man of kind `K` held in
//! the actor's prison, given back, then the actor's own man of kind `K`
//! held by the opponent, taken back), `d` (the deck: draw the top card)
//! and `b:TEXT` (a button). The
//! page keeps the actions whose path starts with the clicks made so far:
//! it highlights their next steps, plays the one action left, and offers a
//! picker (by SAN) when several actions share every click (promotions,
//! gating, a placement with or without its follow-up move).
//!
//! Drawing a card is one step of its own: until the player draws, the
//! actions list a single `draw` (its card is hidden: neither its man nor
//! where it may go is shown); once drawn, the card is public and its
//! placements are listed.

use super::ApiError;
use crate::engine::{Bits, Move, MoveKind};
use crate::play::ai::Player;
use crate::play::game_session::GameSession;
use crate::play::session::Session;
use crate::render::svg;

/// One game kept by the server.
pub struct GameState {
    pub g: GameSession,
    /// Bumped at every change; an action is played only against the
    /// version the page saw.
    pub version: u64,
    /// The player to act has drawn a card and must now place it.
    pub pending_draw: bool,
    /// The AI is choosing for the seat to act.
    pub thinking: bool,
    /// Why the AI could not play, if it could not.
    pub ai_error: Option<String>,
    /// The game's name in the page (the variant's title).
    pub title: String,
    /// Seed for the AI's choices.
    pub ai_seed: u64,
    /// A finished study game replayed: every card it drew is in its record,
    /// so undo and redo may cross a draw. In a game being played a drawn
    /// card stays drawn (undo stops before it), since the card, now seen,
    /// would go back on top of its deck.
    pub replay: bool,
}

impl GameState {
    pub fn new(g: GameSession) -> GameState {
        let title = g.session().variant().title.clone();
        let ai_seed = g.seed();
        GameState {
            g,
            version: 1,
            pending_draw: false,
            thinking: false,
            ai_error: None,
            title,
            ai_seed,
            replay: false,
        }
    }

    /// A change was made.
    pub fn bump(&mut self) {
        self.version += 1;
        self.ai_error = None;
    }

    /// The actions the page may choose among now, in a fixed order.
    pub fn actions(&self) -> Vec<Move> {
        let legal = self.g.legal();
        if self.pending_draw {
            legal
                .into_iter()
                .filter(|m| m.kind() == MoveKind::DrawPlace)
                .collect()
        } else {
            legal
                .into_iter()
                .filter(|m| m.kind() != MoveKind::DrawPlace)
                .collect()
        }
    }

    /// Whether the player to act may draw a card.
    pub fn may_draw(&self) -> bool {
        !self.pending_draw
            && self
                .g
                .legal()
                .iter()
                .any(|m| m.kind() == MoveKind::DrawPlace)
    }

    /// Whether a person acts for the seat to act now.
    pub fn human_to_act(&self) -> bool {
        matches!(
            self.g.players().get(self.g.to_move()),
            Some(Player::Human) | None
        )
    }

    /// Play an action from the page (a person's): checks it is theirs to
    /// play and legal now.
    pub fn play(&mut self, m: Move) -> Result<String, ApiError> {
        if self.thinking || !self.human_to_act() {
            return Err(ApiError::conflict(
                "the AI plays this seat: wait for its action, or make the seat human",
            ));
        }
        self.apply(m)
    }

    /// Play an action (a person's or the AI's).
    pub fn apply(&mut self, m: Move) -> Result<String, ApiError> {
        if self.pending_draw && m.kind() != MoveKind::DrawPlace {
            return Err(ApiError::refused(
                "place the card you drew first (click a highlighted square)",
            ));
        }
        let san = self
            .g
            .play(m)
            .map_err(|e| ApiError::refused(e.to_string()))?
            .san
            .clone();
        self.pending_draw = false;
        self.bump();
        Ok(san)
    }
}

/// How each seat's own view is turned: the quarter turns that bring the
/// side or corner where its men stand to the bottom (left).
pub fn seat_turns(g: &GameSession) -> Vec<u8> {
    let s = g.session();
    let players = s.variant().players.len();
    let view = s.view(None);
    let (cx, cy) = (
        f64::from(view.width - 1) / 2.0,
        f64::from(view.height - 1) / 2.0,
    );
    let mut sums = vec![(0.0f64, 0.0f64, 0u32); players];
    for y in 0..view.height {
        for x in 0..view.width {
            if let crate::render::Cell::Man(m) = &view.cells[(y * view.width + x) as usize] {
                if let Some(e) = sums.get_mut(m.owner) {
                    e.0 += f64::from(x) - cx;
                    e.1 += f64::from(y) - cy;
                    e.2 += 1;
                }
            }
        }
    }
    sums.iter()
        .enumerate()
        .map(|(p, &(dx, dy, n))| {
            if n == 0 {
                // No man yet (a placement game): the first seat below,
                // the second above.
                return if p % 2 == 1 { 2 } else { 0 };
            }
            // The quarter turn that brings the seat's men lowest (then
            // leftmost): a picture turned clockwise moves (x, y) to (y, -x).
            let (mut best, mut best_key) = (0, f64::INFINITY);
            let (mut x, mut y) = (dx / f64::from(n), dy / f64::from(n));
            for t in 0..4u8 {
                let key = y + 0.001 * x;
                if key < best_key - 1e-9 {
                    (best, best_key) = (t, key);
                }
                (x, y) = (y, -x);
            }
            best
        })
        .collect()
}

/// The click paths of an action.
fn paths(s: &Session, m: Move) -> Vec<Vec<String>> {
    let sq = |x| format!("s:{}", s.square_name(x));
    let hand = |k: u8| format!("h:{k}");
    match m {
        Move::Normal { from, to, .. }
        | Move::Lame { from, to, .. }
        | Move::EnPassant { from, to, .. }
        | Move::Gate { from, to, .. } => vec![vec![sq(from), sq(to)]],
        Move::Castle {
            from, to, partner, ..
        }
        | Move::CastleGate {
            from, to, partner, ..
        } => {
            let mut v = vec![vec![sq(from), sq(to)]];
            if partner != to {
                v.push(vec![sq(from), sq(partner)]);
            }
            v
        }
        Move::Walled { .. } => {
            // The board move's paths, each ending on the wall's square.
            let (base, wall) = m.split_wall();
            let mut v = paths(s, base);
            if let Some(w) = wall {
                for p in &mut v {
                    p.push(sq(w));
                }
            }
            v
        }
        Move::Drop { piece, to, .. } => vec![vec![hand(piece), sq(to)]],
        Move::PlaceAndMove { piece, at, to } => vec![vec![hand(piece), sq(at), sq(to)]],
        Move::PlaceAndReturn {
            piece,
            at,
            returned,
        } => vec![vec![hand(piece), sq(at), sq(returned)]],
        Move::PlaceAndRemove { piece, at, removed } => {
            vec![vec![hand(piece), sq(at), sq(removed)]]
        }
        Move::Draw { to, .. } => vec![vec![sq(to)]],
        Move::DrawJoker {
            target: Some(t), ..
        } => vec![vec![sq(t)]],
        // A hostage exchange: the hostage given (in the actor's prison),
        // the own man taken back (in the opponent's), the square.
        Move::Exchange { give, piece, to } => {
            vec![vec![format!("p:{give}"), format!("r:{piece}"), sq(to)]]
        }
        Move::DrawJoker { target: None, .. } | Move::Reveal { .. } => {
            vec![vec![format!("b:{}", s.san(m))]]
        }
        Move::Swap { a, b } => vec![vec![sq(a), sq(b)], vec![sq(b), sq(a)]],
        Move::Promote { from, to, .. } => vec![vec![sq(from), sq(to)]],
        // A move of two steps: its man, the middle square, the last
        // square (its own square again for igui). A pass by two steps
        // (jitto, nothing on the middle square): its man clicked twice.
        Move::Lion { from, mid, to } => {
            if to == from && s.position().man_at(mid).is_none() {
                vec![vec![sq(from), sq(from)]]
            } else {
                vec![vec![sq(from), sq(mid), sq(to)]]
            }
        }
        // A suicide: its man clicked twice.
        Move::Suicide { at } => vec![vec![sq(at), sq(at)]],
        Move::Pass => vec![vec!["b:pass".into()]],
        Move::Resign => vec![vec!["b:resign".into()]],
    }
}

/// The actions `moves` of the session `s` as the page lists them: each
/// `i` (its index in `moves`), `san`, `text`, `kind`, `capture`, `paths`.
pub(crate) fn actions_json(s: &Session, moves: &[Move]) -> Vec<serde_json::Value> {
    let infos = s.infos(moves);
    let all: Vec<Move> = s.legal();
    let all_infos = s.infos(&all);
    moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            // SAN among all the legal actions (for its disambiguation).
            let san = all
                .iter()
                .position(|&x| x == m)
                .map_or_else(|| s.san(m), |j| crate::notation::san(&all_infos, j));
            serde_json::json!({
                "i": i,
                "san": san,
                "text": crate::notation::coordinate(&infos[i]),
                "kind": kind_name(m),
                "capture": infos[i].capture,
                "paths": paths(s, m),
            })
        })
        .collect()
}

/// The men a seat holds, as the page lists them: each `kind`, `letter`
/// (upper case for the first player's, as FEN letters them), `name`,
/// `count`; `count` gives the number held of a kind.
pub(crate) fn held(
    v: &crate::ir::Variant,
    count: &dyn Fn(u8) -> u32,
    upper: bool,
) -> Vec<serde_json::Value> {
    v.pieces
        .iter()
        .enumerate()
        .filter_map(|(k, piece)| {
            let n = count(k as u8);
            (n > 0).then(|| {
                let letter = piece.letter.text(!upper);
                serde_json::json!({"kind": k, "letter": letter, "name": piece.name, "count": n})
            })
        })
        .collect()
}

/// The kind of an action as the page names it.
fn kind_name(m: Move) -> &'static str {
    match m.kind() {
        MoveKind::Normal | MoveKind::Lame => "move",
        MoveKind::EnPassant => "en-passant",
        MoveKind::Castle => "castle",
        MoveKind::Gate => "gate",
        MoveKind::Drop => "drop",
        MoveKind::PlaceAndMove => "place-and-move",
        MoveKind::PlaceAndReturn => "place-and-return",
        MoveKind::PlaceAndRemove => "place-and-remove",
        MoveKind::DrawPlace => "draw",
        MoveKind::Swap => "swap",
        MoveKind::Promote => "promote",
        MoveKind::Lion => "two-step",
        MoveKind::Suicide => "suicide",
        MoveKind::Pass => "pass",
        MoveKind::Resign => "resign",
    }
}

/// The colour of a seat's men, as the board draws them.
pub fn seat_color(seat: usize, names: &[String]) -> &'static str {
    svg::owner_color(seat, names)
}

/// Under `fog of war`, the seat whose view a request gets: the seat it
/// names (`seat`), else the human seat to act, else the first human seat,
/// else the seat to act. `None` (the whole position) without fog of war,
/// once the game is over, and in a finished study game replayed (a
/// referee's record).
pub fn viewer(st: &GameState, asked: Option<usize>) -> Option<usize> {
    let g = &st.g;
    if !g.session().fogged() || g.is_over() || st.replay {
        return None;
    }
    let seats = g.players().len();
    let human = |p: usize| matches!(g.players().get(p), Some(Player::Human));
    Some(
        asked
            .filter(|&p| p < seats)
            .or_else(|| human(g.to_move()).then(|| g.to_move()))
            .or_else(|| (0..seats).find(|&p| human(p)))
            .unwrap_or_else(|| g.to_move()),
    )
}

/// The position as the page shows it to `seat` (see [`viewer`]: under fog
/// of war the seat's view only, and nothing of what it cannot see: no man,
/// no move of another seat, no FEN, no legal action unless it is to act),
/// drawn turned by `turn`.
pub fn position(
    id: u64,
    st: &GameState,
    turn: u8,
    seat: Option<usize>,
) -> Result<serde_json::Value, ApiError> {
    let g = &st.g;
    let s = g.session();
    let v = s.variant();
    let seats = v.players.len();
    let fog = viewer(st, seat);
    let mut view = match fog {
        Some(p) => s.view_for(p, g.last()),
        None => s.view(g.last()),
    };
    if let Some(o) = g.result() {
        view.notes.push(g.session().result_sentence(&o));
        // Once the game is over nobody is to move: the legend says so.
        view.to_move = usize::MAX;
    }
    let svg = svg::draw_with(
        &view,
        &[],
        svg::Options {
            turn,
            squares: true,
        },
    )
    .map_err(ApiError::bad)?;
    let mut moves = st.actions();
    if fog.is_some_and(|p| p != g.to_move()) {
        moves.clear();
    }
    let actions = actions_json(s, &moves);
    let pos = s.position();
    let turns = seat_turns(g);
    // `score ...`: each seat's points now (with those of the event that
    // ended the game).
    let points = s.points();
    let names: Vec<String> = v.players.iter().map(|p| p.name.clone()).collect();
    let seats_json: Vec<serde_json::Value> = (0..seats)
        .map(|p| {
            let hand = held(v, &|k| pos.hand(p as u8, k), true);
            // The other player's men this seat holds (`captures to prison`,
            // two players), lettered as the FEN letters their owner's.
            let prison = held(v, &|k| pos.prison(p as u8, k), p != 0);
            serde_json::json!({
                "name": v.players[p].name,
                "player": g.players().get(p).map(|x| x.to_string()),
                "color": seat_color(p, &names),
                "out": pos.alive() & (1 << p) == 0,
                "points": points.as_ref().and_then(|v| v.get(p).copied()),
                "turn": turns.get(p).copied().unwrap_or(0),
                "hand": hand,
                "prison": prison,
                "deck": view.decks.get(p).copied().flatten(),
            })
        })
        .collect();
    // The kind of each man on the board (its card's index), for the page
    // to open a man's card: under fog of war, the men the seat sees only.
    let sight = fog.map(|p| pos.sight(p as u8));
    let men: serde_json::Map<String, serde_json::Value> = pos
        .tables()
        .geometry()
        .squares()
        .filter(|&sq| sight.as_ref().is_none_or(|b| b.contains(sq)))
        .filter_map(|sq| Some((s.square_name(sq), pos.man_at(sq)?.kind().into())))
        .collect();
    let (result, reason) = g.result_text();
    let over = g.is_over();
    let history: Vec<serde_json::Value> = g
        .history()
        .iter()
        .map(|p| {
            // Under fog of war another seat's move is not named.
            let san = match fog {
                Some(me) if p.seat != me => "?".to_string(),
                _ => p.san.clone(),
            };
            serde_json::json!({"san": san, "seat": p.seat})
        })
        .collect();
    Ok(serde_json::json!({
        "id": id,
        "version": st.version,
        "title": st.title,
        "variant": v.name,
        "seats": seats_json,
        "to_move": g.to_move(),
        "turn": turn,
        "svg": svg,
        "men": men,
        "actions": actions,
        "may_draw": st.may_draw() && st.human_to_act() && !st.thinking,
        "pending_draw": st.pending_draw,
        "moves": history,
        "over": over,
        "result": if over { Some(result) } else { None },
        "reason": reason,
        "sentence": g.result().map(|o| g.session().result_sentence(&o)),
        "fen": if fog.is_some() { None } else { Some(g.public_fen()) },
        // A start FEN of face-down men names them (the referee's).
        "start_fen": if fog.is_some() || (g.has_face_down() && !over) { None } else { g.start_fen() },
        "can_undo": g.left().is_some()
            || (!g.history().is_empty() && (st.replay || !g.last_was_draw())),
        "can_redo": g.can_redo(),
        "can_claim": g.can_claim(),
        "check": pos.in_check() && !over && fog.is_none_or(|p| p == g.to_move()),
        "notes": view.notes,
        "thinking": st.thinking,
        "human": st.human_to_act(),
        "ai_error": st.ai_error,
        "hidden": g.has_hidden() || s.fogged(),
        "fog": s.fogged(),
        "view": fog,
        "scored": points.is_some(),
    }))
}

/// Parse a seat's player as the page names it: `human`, `random`,
/// `ai:LEVEL`, or `ai;st=SECONDS` (external engines are never started from
/// the page).
pub fn parse_player(text: &str) -> Result<Player, ApiError> {
    let p: Player = text.parse().map_err(ApiError::bad)?;
    match &p {
        Player::Engine(..) => Err(ApiError::forbidden(
            "external engines are started only from the command line, never from the page",
        )),
        Player::Timed(_, crate::play::ai::TimeControl::PerMove(d)) if d.as_secs_f64() > 60.0 => {
            Err(ApiError::bad(
                "the AI's time per move from the page is at most 60 seconds",
            ))
        }
        Player::Timed(_, crate::play::ai::TimeControl::Clock { .. }) => Err(ApiError::bad(
            "the page gives the AI a time per move (ai;st=SECONDS) or a level (ai:LEVEL)",
        )),
        _ => Ok(p),
    }
}
