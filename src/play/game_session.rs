//! A game in progress as every front end holds it: the [`Session`] (the
//! engine's game, notation, the board view), who plays each seat, the
//! record's move list in the notation of records, undo and redo, how the
//! game ended (by the rules, or left: a resignation, a claimed draw, a
//! forfeit, players who quit), the position as FEN and the whole game as
//! a [`Record`] (PGN) or a JSON line that `replay` reads.
//!
//! `varia serve` and the terminal `play` loop drive their games through
//! this type, so a rule (what undo takes back, how a resignation or a
//! forfeit is recorded) works the same in both.

use crate::engine::{Move, MoveKind};
use crate::notation::record::Record;
use crate::play::ai::Player;
use crate::play::session::{Prepared, Session, SessionError};
use crate::search::game::{Game as _, Outcome};

/// A game left before the rules ended it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Left {
    /// This seat resigned and the game ended (its team lost).
    Resigned(usize),
    /// This seat forfeited (an overstepped clock): its team lost.
    Forfeit { seat: usize, reason: String },
    /// A draw was claimed, for this reason.
    Claimed(String),
    /// The players stopped: the game is unfinished.
    Quit,
}

/// Why an action was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over")]
    Over,
    #[error("that action is not legal here")]
    Illegal,
}

/// One action of the game's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub action: Move,
    /// As the record writes it (SAN, `#` when it put players out).
    pub san: String,
    /// The seat that played it.
    pub seat: usize,
    /// The players it put out of the game, as a bit set.
    pub out: u8,
    /// `dice`: the roll it was played with (`2+5`; empty without dice).
    pub roll: String,
}

/// A game in progress, with its seats and record.
#[derive(Debug, Clone)]
pub struct GameSession {
    prepared: Prepared,
    session: Session,
    /// The variant as the record names it (a built-in name or a path).
    spec: String,
    options: Vec<(String, String)>,
    seed: u64,
    /// The starting position when it is not the variant's setup.
    start_fen: Option<String>,
    players: Vec<Player>,
    played: Vec<Played>,
    /// Actions taken back, the last taken back at the end.
    redo: Vec<Move>,
    left: Option<Left>,
}

impl GameSession {
    /// A new game of a compiled variant, from its setup (seeded) or from
    /// `fen`. `players` names who plays each seat (missing seats are
    /// human).
    pub fn new(
        prepared: Prepared,
        spec: &str,
        options: &[(String, String)],
        fen: Option<&str>,
        seed: u64,
        players: Vec<Player>,
    ) -> Result<GameSession, SessionError> {
        let session = prepared.session(fen, seed)?;
        // A setup dealt by `shuffle` lines is recorded as its FEN.
        let start_fen = match fen {
            Some(f) => Some(f.to_string()),
            None if Record::writes_dealt_setup(prepared.variant()) => {
                Some(session.position().fen())
            }
            None => None,
        };
        let seats = prepared.variant().players.len();
        let mut players = players;
        players.resize(seats, Player::Human);
        players.truncate(seats);
        Ok(GameSession {
            prepared,
            session,
            spec: spec.to_string(),
            options: options.to_vec(),
            seed,
            start_fen,
            players,
            played: Vec::new(),
            redo: Vec::new(),
            left: None,
        })
    }

    /// The game now.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The compiled variant.
    pub fn prepared(&self) -> &Prepared {
        &self.prepared
    }

    /// The seed that deals the decks (and random setups).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The variant as the record names it (a built-in name or a path).
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The game as a record left it: `prepared` is the record's variant
    /// (with its options) compiled; the game starts from the record's
    /// position and seed and plays each action of its move list in turn.
    /// The record's result is not taken: the game goes on from there.
    pub fn from_record(
        prepared: Prepared,
        rec: &Record,
        players: Vec<Player>,
    ) -> Result<GameSession, SessionError> {
        rec.playable().map_err(SessionError)?;
        let mut g = GameSession::new(
            prepared,
            &rec.variant,
            &rec.options,
            rec.fen.as_deref(),
            rec.seed,
            players,
        )?;
        for (i, text) in rec.moves.iter().enumerate() {
            if let Some(r) = rec.rolls.get(i).filter(|r| !r.is_empty()) {
                g.session.set_roll_text(r).map_err(|e| {
                    SessionError(format!("action {} `{text}`: roll `{r}`: {e}", i + 1))
                })?;
            }
            let m = g
                .session
                .parse(text)
                .map_err(|e| SessionError(format!("action {} `{text}`: {e}", i + 1)))?;
            g.play(m)
                .map_err(|e| SessionError(format!("action {} `{text}`: {e}", i + 1)))?;
        }
        Ok(g)
    }

    /// The starting position given (none: the variant's setup).
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// Who plays each seat.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Seat `seat` is now played by `who`.
    pub fn set_player(&mut self, seat: usize, who: Player) {
        if let Some(p) = self.players.get_mut(seat) {
            *p = who;
        }
    }

    /// The seat to act.
    pub fn to_move(&self) -> usize {
        self.session.to_move()
    }

    /// The actions played, in order.
    pub fn history(&self) -> &[Played] {
        &self.played
    }

    /// `dice`: the roll of each action played (empty without dice).
    pub fn rolls(&self) -> Vec<String> {
        if self.played.iter().all(|p| p.roll.is_empty()) {
            return Vec::new();
        }
        self.played.iter().map(|p| p.roll.clone()).collect()
    }

    /// The record's move list.
    pub fn sans(&self) -> Vec<String> {
        self.played.iter().map(|p| p.san.clone()).collect()
    }

    /// The last action played.
    pub fn last(&self) -> Option<Move> {
        self.played.last().map(|p| p.action)
    }

    /// How the game was left, if it was.
    pub fn left(&self) -> Option<&Left> {
        self.left.as_ref()
    }

    /// Whether the game is over (by the rules, or left).
    pub fn is_over(&self) -> bool {
        self.left.is_some() || self.session.result().is_some()
    }

    /// The legal actions now (none once the game is over).
    pub fn legal(&self) -> Vec<Move> {
        if self.is_over() {
            Vec::new()
        } else {
            self.session.legal()
        }
    }

    /// Play a legal action (or `resign`, or `pass` for a forfeited turn,
    /// where the rules make them actions). Taken-back actions are forgotten unless this is
    /// the next of them (then the rest stay to be redone).
    pub fn play(&mut self, m: Move) -> Result<&Played, PlayError> {
        if self.is_over() {
            return Err(PlayError::Over);
        }
        // Besides the legal actions: a resignation where it is an action,
        // and a forfeited turn (`pass`) under `illegal actions: forfeit`.
        let legal = m == Move::Resign && self.session.game.can_resign()
            || m == Move::Pass && self.session.forfeits()
            || self.session.position().is_legal(m);
        if !legal {
            return Err(PlayError::Illegal);
        }
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(self.push(m))
    }

    fn push(&mut self, m: Move) -> &Played {
        let seat = self.to_move();
        let roll = self.session.roll_text().unwrap_or_default();
        let (san, out) = self.session.play_noted(m);
        self.played.push(Played {
            action: m,
            san,
            seat,
            out,
            roll,
        });
        &self.played[self.played.len() - 1]
    }

    /// Take back the last action (a game left by resignation, a claim or a
    /// forfeit is taken back to before it was left first).
    pub fn undo(&mut self) -> bool {
        if self.left.take().is_some() {
            return true;
        }
        let Some(p) = self.played.pop() else {
            return false;
        };
        self.session.undo();
        self.redo.push(p.action);
        true
    }

    /// Take back one turn of a person: the actions back to the previous
    /// turn of the seat to act, or to the turn of an earlier human seat,
    /// whichever comes first (so the AI's answers go with the action they
    /// answered). A drawn card stays drawn: nothing before a draw is taken
    /// back, since the card, now seen, would go back on top of its deck.
    /// Returns how many actions were taken back (a game left counts one:
    /// it is first taken back to before it was left).
    pub fn take_back(&mut self) -> usize {
        if self.left.take().is_some() {
            return 1;
        }
        let me = self.to_move();
        let mut n = 0;
        while !self.last_was_draw() && self.undo() {
            n += 1;
            let now = self.to_move();
            if now == me || self.players.get(now) == Some(&Player::Human) {
                break;
            }
        }
        n
    }

    /// Play again the last action taken back.
    pub fn redo(&mut self) -> bool {
        if self.is_over() {
            return false;
        }
        match self.redo.pop() {
            Some(m) if self.session.position().is_legal(m) => {
                self.push(m);
                true
            }
            _ => {
                self.redo.clear();
                false
            }
        }
    }

    /// Whether there is an action to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_over()
    }

    /// The seat to act resigns. In a game where a resignation puts only
    /// the resigner out, that is an action of the game (`Move::Resign`);
    /// otherwise the game ends and the resigner's team loses.
    pub fn resign(&mut self) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::Over);
        }
        if self.session.game.can_resign() {
            return self.play(Move::Resign).map(|_| ());
        }
        self.left = Some(Left::Resigned(self.to_move()));
        Ok(())
    }

    /// Claim a draw the rules allow now; the reasons available otherwise.
    pub fn claim_draw(&mut self) -> Result<String, PlayError> {
        if self.is_over() {
            return Err(PlayError::Over);
        }
        let cause = self
            .session
            .game
            .claimable()
            .into_iter()
            .next()
            .ok_or(PlayError::Illegal)?;
        let reason = crate::play::session::event_name(&cause.event);
        self.left = Some(Left::Claimed(reason.clone()));
        Ok(reason)
    }

    /// Whether a draw may be claimed now.
    pub fn can_claim(&self) -> bool {
        !self.is_over() && !self.session.game.claimable().is_empty()
    }

    /// Under `illegal actions: forfeit`, the seat to act, having named an
    /// illegal action, loses its turn: the turn passes, and the record
    /// writes `pass`. Refused in a variant without that rule.
    pub fn forfeit_turn(&mut self) -> Result<&Played, PlayError> {
        if self.is_over() {
            return Err(PlayError::Over);
        }
        if !self.session.forfeits() {
            return Err(PlayError::Illegal);
        }
        self.redo.clear();
        Ok(self.push(Move::Pass))
    }

    /// A seat forfeits (its clock ran out, say): its team loses.
    pub fn forfeit(&mut self, seat: usize, reason: &str) {
        if !self.is_over() {
            self.left = Some(Left::Forfeit {
                seat,
                reason: reason.to_string(),
            });
        }
    }

    /// The players stop: the game stays unfinished.
    pub fn quit(&mut self) {
        if !self.is_over() {
            self.left = Some(Left::Quit);
        }
    }

    /// The outcome, if the game is over (`None` for a game that was quit).
    pub fn result(&self) -> Option<Outcome> {
        let seats = self.session.variant().players.len();
        let others = |seat: usize| {
            let team = self.session.team_of(seat);
            (0..seats).filter(|s| !team.contains(s)).collect()
        };
        match &self.left {
            Some(Left::Resigned(seat)) => Some(Outcome::Win {
                winners: others(*seat),
                reason: "resignation".into(),
            }),
            Some(Left::Forfeit { seat, reason }) => Some(Outcome::Win {
                winners: others(*seat),
                reason: reason.clone(),
            }),
            Some(Left::Claimed(reason)) => Some(Outcome::Draw {
                reason: format!("{reason} (claimed)"),
            }),
            Some(Left::Quit) => None,
            None => self.session.result(),
        }
    }

    /// The result as a record writes it (`1-0`, `1/2-1/2`, `0-1-0-0`, `*`)
    /// and the reason.
    pub fn result_text(&self) -> (String, Option<String>) {
        let seats = self.session.variant().players.len();
        match self.result() {
            Some(o) => (
                Record::result_for(seats, Some(&o.winners())),
                Some(o.reason().to_string()),
            ),
            None if self.left == Some(Left::Quit) => ("*".into(), Some("unterminated".into())),
            None => ("*".into(), None),
        }
    }

    /// The position as FEN, decks in their public order (what a player may
    /// see).
    pub fn public_fen(&self) -> String {
        self.session.position().public_fen()
    }

    /// The position as FEN as player `seat` sees it: [`GameSession::public_fen`]
    /// and, under `face down`, the kinds of the face-down men that seat took.
    pub fn view_fen(&self, seat: usize) -> String {
        self.session
            .position()
            .view_fen(seat as crate::ir::PlayerId)
    }

    /// The position as FEN with the decks' hidden order (for referees).
    pub fn fen(&self) -> String {
        self.session.position().fen()
    }

    /// Whether the variant has a hidden deck order, or face-down men whose
    /// kinds are hidden (`face down`).
    pub fn has_hidden(&self) -> bool {
        let v = self.session.variant();
        v.setup.decks.iter().any(|d| !d.is_empty()) || self.has_face_down()
    }

    /// Whether the variant has face-down men (`face down`): the true FEN
    /// names them, so a player sees [`GameSession::public_fen`] only.
    pub fn has_face_down(&self) -> bool {
        !self.session.variant().turn.face_down.is_empty()
    }

    /// The whole game as a record (PGN with [`Record::to_pgn`]): a
    /// forfeit names its seat (`[Forfeit]`), and a game with hidden decks
    /// is the referee's copy (its seed deals every deck).
    pub fn record(&self) -> Record {
        let (result, termination) = self.result_text();
        let v = self.session.variant();
        let forfeit = match &self.left {
            Some(Left::Forfeit { seat, .. }) => Some(
                v.players
                    .get(*seat)
                    .map_or_else(|| format!("seat {seat}"), |p| p.name.clone()),
            ),
            _ => None,
        };
        Record {
            forfeit,
            referee: Record::hides(v),
            variant: self.spec.clone(),
            options: self.options.clone(),
            seed: self.seed,
            fen: self.start_fen.clone(),
            seats: v.players.iter().map(|p| p.name.clone()).collect(),
            players: self.players.iter().map(|p| p.to_string()).collect(),
            moves: self.sans(),
            rolls: self.rolls(),
            evals: Vec::new(),
            result,
            termination,
            score: self.result().and_then(|o| o.score_tag()),
            points: self.points_tag(),
            date: crate::notation::record::today(),
            ..Record::default()
        }
    }

    /// The record as `seat` may see it: for a variant that hides
    /// information ([`Record::hides`]), a player's copy ([`Record::view`]):
    /// no seed, and under fog of war each move of another seat written
    /// `--`; otherwise the record itself.
    pub fn record_for(&self, seat: usize) -> Record {
        let mut r = self.record();
        if !r.referee {
            return r;
        }
        r.referee = false;
        let v = self.session.variant();
        r.view = Some(
            v.players
                .get(seat)
                .map_or_else(|| format!("seat {seat}"), |p| p.name.clone()),
        );
        if self.session.fogged() {
            for (m, p) in r.moves.iter_mut().zip(&self.played) {
                if p.seat != seat {
                    *m = "--".into();
                }
            }
        }
        r
    }

    /// `score ...`: each seat's points as the `[Points]` tag writes them
    /// (`23-0-30-0`); `None` where the variant keeps no points.
    pub fn points_tag(&self) -> Option<String> {
        self.session
            .points()
            .map(|p| p.iter().map(u32::to_string).collect::<Vec<_>>().join("-"))
    }

    /// The game as one JSON line, in the form `simulate --out` writes and
    /// `replay` reads.
    pub fn json_line(&self) -> String {
        let r = self.record();
        let v = self.session.variant();
        let (outcome, winners) = match self.result() {
            Some(Outcome::Win { winners, .. }) => ("win", winners),
            Some(Outcome::Draw { .. }) => ("draw", vec![]),
            Some(o @ Outcome::Shares { .. }) => ("shares", o.winners()),
            None => ("unfinished", vec![]),
        };
        let mut line = serde_json::json!({
            "seed": r.seed, "variant": r.variant,
            "options": r.options.iter().map(|(k, v)| (k.clone(), serde_json::Value::from(v.clone()))).collect::<serde_json::Map<_, _>>(),
            "seats": r.seats, "players": r.players,
            "actions": r.moves, "result": r.result, "outcome": outcome,
            "winners": winners.iter().filter_map(|&w| v.players.get(w).map(|p| &p.name)).collect::<Vec<_>>(),
            "reason": r.termination, "plies": self.played.len(),
        });
        if let Some(m) = line.as_object_mut() {
            if !r.rolls.is_empty() {
                m.insert("rolls".into(), r.rolls.clone().into());
            }
            if r.evals.iter().any(|e| !e.is_empty()) {
                m.insert("evals".into(), r.evals.clone().into());
            }
            if let Some(sc) = &r.score {
                m.insert("score".into(), sc.clone().into());
            }
            if let Some(p) = &r.points {
                m.insert("points".into(), p.clone().into());
            }
            if let Some(f) = &self.start_fen {
                m.insert("fen".into(), f.clone().into());
            }
            if let Some(f) = &r.forfeit {
                m.insert("forfeit".into(), f.clone().into());
            }
            if r.referee {
                m.insert("referee".into(), true.into());
            }
        }
        line.to_string()
    }

    /// The record as it would be saved if the players stopped now: the
    /// game's record when it is over, else an unfinished game (`*`,
    /// unterminated). What a save on an interruption writes.
    pub fn record_so_far(&self) -> Record {
        let mut r = self.record();
        if !self.is_over() {
            r.termination = Some("unterminated".into());
        }
        r
    }

    /// Whether the last action drew a card (its man's kind is now public).
    pub fn last_was_draw(&self) -> bool {
        self.last().is_some_and(|m| m.kind() == MoveKind::DrawPlace)
    }
}
