//! A game in progress, as the play loop, the AI and the simulator use it:
//! the engine's [`engine::Game`] plus notation, a board view and a
//! heuristic derived from the rule file.

use crate::engine::{self, Cause, Move, MoveKind, Position, Square, Status, Tables};
use crate::ir::{Card, Coord, Event, Variant};
use crate::notation::{self, ActionInfo, Describe};
use crate::render::{BoardView, Cell, ManView};
use crate::search::game::Outcome as GameOutcome;
use std::sync::Arc;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Session {
    pub game: engine::Game,
    /// The evaluation derived from the rule file (see `crate::search`).
    pub(crate) eval: Arc<crate::search::eval::Eval>,
    /// The evaluation's buffers, kept so that evaluating allocates
    /// nothing (`Eval::evaluate_with`).
    pub(crate) scratch: crate::search::eval::Scratch,
    /// The last answer of the search's check test (`Game::in_check`) and
    /// the hash of the position it was for: a node asks it after its
    /// parent did, and again before its quiescence. Cleared by the
    /// search's play and undo (`play::adapter`).
    pub(crate) check: std::cell::Cell<Option<(u64, bool)>>,
    /// The variant's teams and kinds as ordering reads them.
    pub(crate) kinds: Arc<KindFacts>,
}

/// A session could not be started.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct SessionError(pub String);

/// A variant compiled once, ready to start any number of games: its tables
/// and the evaluation derived from them. Cloning shares both, so a run of
/// many games (or many threads) compiles the variant once.
#[derive(Clone, Debug)]
pub struct Prepared {
    tables: Arc<Tables>,
    eval: Arc<crate::search::eval::Eval>,
    kinds: Arc<KindFacts>,
}

/// What the search's move ordering and exchanges ask of the variant for
/// every action they value, read off it once: each seat's team, and per
/// kind whether it is royal and whether it captures by other means than
/// landing on its victim (`captures by ...`).
#[derive(Clone, Debug)]
pub(crate) struct KindFacts {
    /// The team of seats 0 to 7 ([`Variant::team_of`]).
    pub team: [usize; 8],
    pub royal: Vec<bool>,
    pub strikes: Vec<bool>,
}

impl KindFacts {
    fn new(v: &Variant) -> KindFacts {
        let mut team = [0; 8];
        for (p, t) in team.iter_mut().enumerate() {
            *t = v.team_of(p as u8);
        }
        KindFacts {
            team,
            royal: v.pieces.iter().map(|p| p.royal).collect(),
            strikes: v.pieces.iter().map(|p| !p.captures_by.is_empty()).collect(),
        }
    }
}

impl Prepared {
    /// Compile a variant.
    pub fn new(variant: &Variant) -> Result<Prepared, SessionError> {
        let tables = Arc::new(
            Tables::new(variant)
                .map_err(|e| SessionError(format!("cannot compile the variant: {e}")))?,
        );
        let eval = Arc::new(crate::search::eval::Eval::new(&tables));
        let kinds = Arc::new(KindFacts::new(variant));
        Ok(Prepared {
            tables,
            eval,
            kinds,
        })
    }

    /// The checked variant.
    pub fn variant(&self) -> &Variant {
        self.tables.variant()
    }

    /// The evaluation its games use.
    pub fn eval(&self) -> &crate::search::eval::Eval {
        &self.eval
    }

    /// The same variant with the evaluation's weights replaced (a values
    /// file's, see `search::weights`).
    pub fn with_weights(&self, w: crate::search::weights::Weights) -> Prepared {
        let mut eval = (*self.eval).clone();
        eval.set_weights(w);
        Prepared {
            tables: self.tables.clone(),
            eval: Arc::new(eval),
            kinds: self.kinds.clone(),
        }
    }

    /// Read a values file's text over the rule file's own weights: the
    /// variant with those weights, or the file's mistakes as diagnostics.
    pub fn with_values_file(
        &self,
        file: &str,
        text: &str,
    ) -> Result<Prepared, Vec<crate::diagnostic::Diagnostic>> {
        let w = crate::search::weights::Weights::read(
            self.eval.default_weights(),
            self.variant(),
            file,
            text,
        )?;
        Ok(self.with_weights(w))
    }

    /// A new game from the variant's setup (seeded, for decks and random
    /// setups), or from a FEN.
    pub fn session(&self, fen: Option<&str>, seed: u64) -> Result<Session, SessionError> {
        let tables = self.tables.clone();
        let pos = match fen {
            Some(f) => Position::from_fen(tables, f).map_err(|e| SessionError(e.to_string()))?,
            None => Position::start_seeded(tables, seed)
                .map_err(|e| SessionError(format!("bad setup: {}", e.0)))?,
        };
        let mut game = engine::Game::new(pos);
        // `dice`: every later roll from the same seed (and the first, when
        // a FEN leaves it not rolled).
        game.set_dice_seed(Some(seed));
        Ok(Session {
            game,
            eval: self.eval.clone(),
            scratch: Default::default(),
            check: Default::default(),
            kinds: self.kinds.clone(),
        })
    }
}

impl Session {
    /// A new game from the variant's setup, or from a FEN (compiles the
    /// variant; to start many games, compile once with [`Prepared`]).
    pub fn new(variant: &Variant, fen: Option<&str>, seed: u64) -> Result<Session, SessionError> {
        Prepared::new(variant)?.session(fen, seed)
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn variant(&self) -> &Variant {
        self.game.tables().variant()
    }

    pub fn legal(&self) -> Vec<Move> {
        self.game.legal_moves().iter().copied().collect()
    }

    /// The name of a square (`e4`), as players name it.
    pub fn square_name(&self, sq: Square) -> String {
        notation::square(self.position().named(sq))
    }

    fn coord(&self, sq: Square) -> Coord {
        self.position().coord(sq)
    }

    /// How notation sees each of `moves` (which must be legal now).
    ///
    /// Squares are named as players name them: on an unbounded board a
    /// man keeps its square's name for the whole game.
    pub fn infos(&self, moves: &[Move]) -> Vec<ActionInfo> {
        self.position().action_infos(moves)
    }

    /// SAN of each legal move, in the order of [`Session::legal`].
    pub fn sans(&self) -> (Vec<Move>, Vec<String>) {
        let moves = self.legal();
        let infos = self.infos(&moves);
        let sans = (0..infos.len()).map(|i| notation::san(&infos, i)).collect();
        (moves, sans)
    }

    /// Find the legal move a person typed (or `resign`, in a game where a
    /// resignation eliminates only the resigner).
    pub fn parse(&self, text: &str) -> Result<Move, notation::ParseError> {
        if text.trim().eq_ignore_ascii_case("resign") && self.game.can_resign() {
            return Ok(Move::Resign);
        }
        if text.trim().eq_ignore_ascii_case("pass") && self.forfeits() {
            return Ok(Move::Pass);
        }
        let moves = self.legal();
        let infos = self.infos(&moves);
        notation::parse(text, &infos).map(|i| moves[i])
    }

    /// Find the legal action a player typed, among those whose identity
    /// does not depend on hidden information: drawing a card is its own
    /// command, so what a player types (and every suggestion made back)
    /// can never tell which card lies on top of a deck.
    pub fn parse_public(&self, text: &str) -> Result<Move, notation::ParseError> {
        let moves: Vec<Move> = self
            .legal()
            .into_iter()
            .filter(|m| m.kind() != MoveKind::DrawPlace)
            .collect();
        let infos = self.infos(&moves);
        notation::parse(text, &infos).map(|i| moves[i])
    }

    /// Whether the variant forfeits the turn of a player who types an
    /// illegal action (`illegal actions: forfeit`): the turn passes, and the
    /// record writes `pass`.
    pub fn forfeits(&self) -> bool {
        self.variant().turn.illegal_action == crate::ir::IllegalAction::Forfeit
    }

    /// How a card is written: its piece letter, `letter(region)` for a
    /// card limited to a region, `*` for a joker.
    pub fn card_label(&self, card: Card) -> String {
        let v = self.variant();
        match card {
            Card::Joker => "*".into(),
            Card::Piece { piece, region } => {
                let mut s = v
                    .pieces
                    .get(piece as usize)
                    .map_or("?".into(), |p| p.letter.text(false));
                if let Some(r) = region.and_then(|r| v.regions.get(r as usize)) {
                    s.push('(');
                    s.push_str(&r.name);
                    s.push(')');
                }
                s
            }
        }
    }

    /// The SAN of one legal move.
    pub fn san(&self, m: Move) -> String {
        let moves = self.legal();
        let infos = self.infos(&moves);
        moves.iter().position(|&x| x == m).map_or_else(
            || self.position().move_text(m),
            |i| notation::san(&infos, i),
        )
    }

    /// Play a legal action and name it as a record writes it: its SAN, marked
    /// `#` when it puts players out of the game (a mate or stalemate that
    /// eliminates). Also returns the players it put out, as a bit set.
    pub fn play_noted(&mut self, m: Move) -> (String, u8) {
        let mut san = self.san(m);
        let before = self.position().alive();
        crate::search::game::Game::play(self, m);
        let out = before & !self.position().alive();
        if out != 0 && m != Move::Resign && !san.ends_with('#') {
            san = format!("{}#", san.trim_end_matches('+'));
        }
        (san, out)
    }

    /// `dice`: the roll of the player to act as records write it (the
    /// faces from 1 joined by `+`, `2+5`); `None` without dice or when not
    /// rolled.
    pub fn roll_text(&self) -> Option<String> {
        let faces = self.position().roll_faces();
        (!faces.is_empty()).then(|| {
            faces
                .iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join("+")
        })
    }

    /// `dice`: set the roll of the player to act from a record's text
    /// (`2+5`); an error names a roll the dice cannot show.
    pub fn set_roll_text(&mut self, text: &str) -> Result<(), String> {
        let code = self.position().parse_roll(text)?;
        self.game.set_roll(code)
    }

    /// `dice`: the roll of the player to act in words, for a board's
    /// caption (`roll 2+5: knight or queen`, `roll 3+3: any man`); `None`
    /// without dice or when not rolled.
    pub fn roll_caption(&self) -> Option<String> {
        let text = self.roll_text()?;
        let v = self.variant();
        let kinds = match self.position().roll_kinds() {
            None => "any man".to_string(),
            Some(k) => {
                let names: Vec<&str> = k
                    .iter()
                    .filter_map(|&k| v.pieces.get(k as usize).map(|p| p.name.as_str()))
                    .collect();
                if names.is_empty() {
                    "no kind".into()
                } else {
                    names.join(" or ")
                }
            }
        };
        Some(format!("roll {text}: {kinds}"))
    }

    /// `score ...`: each seat's points, in turn order, with those the
    /// event that ended the game gives (`None`: the variant keeps none).
    pub fn points(&self) -> Option<Vec<u32>> {
        self.game.scores()
    }

    /// The outcome, if the game is over.
    pub fn result(&self) -> Option<GameOutcome> {
        self.result_of(self.game.status())
    }

    /// An outcome as one sentence: [`outcome_words`] (`white wins
    /// (checkmate).`), with each seat's points where the variant keeps
    /// them (`...; points: red 20, ...`).
    pub fn result_sentence(&self, o: &GameOutcome) -> String {
        let v = self.variant();
        let names: Vec<String> = v.players.iter().map(|p| p.name.clone()).collect();
        // `score ...`: every seat's points at the end, by name.
        let points = self.points().map_or_else(String::new, |points| {
            let each: Vec<String> = points
                .iter()
                .zip(&names)
                .map(|(n, p)| format!("{p} {n}"))
                .collect();
            format!("; points: {}", each.join(", "))
        });
        format!("{}.", outcome_words(&names, o, &points))
    }

    /// [`Session::result`] for a status already computed.
    pub(crate) fn result_of(&self, status: Status) -> Option<GameOutcome> {
        let goal = self.goal_name(&status);
        let out = match (Session::outcome_of(status), goal) {
            (Some(GameOutcome::Win { winners, .. }), Some(reason)) => {
                Some(GameOutcome::Win { winners, reason })
            }
            (Some(GameOutcome::Draw { .. }), Some(reason)) => Some(GameOutcome::Draw { reason }),
            (out, _) => out,
        };
        // The last opponent resigned: the game ended by resignation.
        match out {
            Some(GameOutcome::Win { winners, .. })
                if self.game.moves().last() == Some(Move::Resign) =>
            {
                Some(GameOutcome::Win {
                    winners,
                    reason: "resignation".into(),
                })
            }
            o => o,
        }
    }

    /// Which goal ended the game, where the variant has several: `goal
    /// reached: PIECE on REGION` (with one goal, the reason stays `goal
    /// reached`).
    fn goal_name(&self, status: &Status) -> Option<String> {
        let Status::Ended { cause, .. } = status else {
            return None;
        };
        let Event::Reach { region, piece, .. } = cause.event else {
            return None;
        };
        let v = self.variant();
        let goals = v
            .end
            .iter()
            .filter(|r| matches!(r.when, Event::Reach { .. }))
            .count();
        (goals > 1).then(|| {
            format!(
                "goal reached: {} on {}",
                v.pieces[piece as usize].name, v.regions[region as usize].name
            )
        })
    }

    /// The outcome a status stands for, if the game is over.
    pub fn outcome_of(status: Status) -> Option<GameOutcome> {
        match status {
            Status::Ended {
                cause:
                    Cause {
                        share: Some(sh),
                        ref event,
                        ..
                    },
                ..
            } => {
                let (num, den) = (u32::from(sh.num), u32::from(sh.den));
                let mut points = vec![den - num; 2];
                points[usize::from(sh.player).min(1)] = num;
                Some(GameOutcome::Shares {
                    points,
                    den,
                    reason: event_name(event),
                })
            }
            Status::Ended { winners, cause, .. } => {
                let mut reason = event_name(&cause.event);
                if cause.event == Event::Stalemate && winners != 0 {
                    // `stalemate -> lose`: a player who cannot act loses.
                    reason = "no legal action".into();
                }
                if winners == 0 {
                    Some(GameOutcome::Draw { reason })
                } else {
                    Some(GameOutcome::Win {
                        winners: (0..8).filter(|b| winners & (1 << b) != 0).collect(),
                        reason,
                    })
                }
            }
            _ => None,
        }
    }

    /// Whether the variant hides the board (`fog of war`): each seat may
    /// see its own view only ([`Session::view_for`]).
    pub fn fogged(&self) -> bool {
        self.variant().turn.fog_of_war
    }

    /// Whether `seat` sees the square (always, without fog of war).
    pub fn sees(&self, seat: usize, sq: Square) -> bool {
        !self.fogged() || engine::Bits::contains(&self.position().sight(seat as u8), sq)
    }

    /// The board as `seat` sees it. Without `fog of war` this is
    /// [`Session::view`]; with it, every square the seat does not see
    /// (`Position::sight`) is [`Cell::Fog`], whatever stands there; the
    /// last action is marked only on squares it sees; and the marks that
    /// come from the legal actions of the player to act (barred squares, a
    /// check) are shown only to that player.
    pub fn view_for(&self, seat: usize, last: Option<Move>) -> BoardView {
        let mut view = self.view(last);
        if !self.fogged() {
            return view;
        }
        let pos = self.position();
        let sight = pos.sight(seat as u8);
        let geo = self.game.tables().geometry();
        let w = view.width;
        for (i, cell) in view.cells.iter_mut().enumerate() {
            let (x, y) = (i as i32 % w, i as i32 / w);
            // `fog of war` is refused on unbounded boards: the window is the
            // whole grid, so cell (x, y) is grid square (x, y).
            let seen = geo
                .grid_square(x, y)
                .is_some_and(|sq| engine::Bits::contains(&sight, sq));
            let shown = match &*cell {
                Cell::Hole => Cell::Hole,
                _ if !seen => Cell::Fog,
                Cell::Growable => Cell::Empty,
                Cell::Barred if view.to_move != seat => Cell::Empty,
                c => c.clone(),
            };
            *cell = shown;
        }
        view.last.retain(|&c| {
            pos.square_at(c)
                .is_some_and(|sq| engine::Bits::contains(&sight, sq))
        });
        if view.to_move != seat {
            view.notes.clear();
        }
        view
    }

    /// The board as the renderer sees it.
    pub fn view(&self, last: Option<Move>) -> BoardView {
        let t = self.game.tables();
        let v = t.variant();
        let geo = t.geometry();
        let pos = self.position();
        // The window: the whole board, or on an unbounded board the squares
        // the floating area can still reach (the men's box grown by what the
        // limit allows on each side).
        let (gw, gh) = (geo.width() as i32, geo.height() as i32);
        let mut window = (0, 0, gw, gh);
        let mut bbox = None;
        if let Some((lw, lh)) = geo.limit() {
            let (lw, lh) = (lw as i32, lh as i32);
            let pts: Vec<(i32, i32)> = pos.men().map(|(sq, _)| geo.coords(sq)).collect();
            if let (Some(minx), Some(maxx), Some(miny), Some(maxy)) = (
                pts.iter().map(|p| p.0).min(),
                pts.iter().map(|p| p.0).max(),
                pts.iter().map(|p| p.1).min(),
                pts.iter().map(|p| p.1).max(),
            ) {
                let x0 = (maxx - (lw - 1)).max(0);
                let y0 = (maxy - (lh - 1)).max(0);
                let x1 = (minx + (lw - 1)).min(gw - 1);
                let y1 = (miny + (lh - 1)).min(gh - 1);
                window = (x0, y0, x1 - x0 + 1, y1 - y0 + 1);
                bbox = Some((minx, maxx, miny, maxy));
            }
        }
        let (x0, y0, w, h) = window;
        let mut cells = Vec::with_capacity((w * h) as usize);
        let walls = pos.walls();
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                let cell = match geo.grid_square(x, y) {
                    Some(sq) if engine::Bits::contains(&walls, sq) => Cell::Wall,
                    Some(sq) if geo.is_real(sq) => match pos.man_at(sq) {
                        Some(m) => {
                            let p = &v.pieces[m.kind() as usize];
                            Cell::Man(ManView {
                                letter: p.letter,
                                glyphs: p.glyphs.clone(),
                                owner: m.owner() as usize,
                            })
                        }
                        None => match bbox {
                            Some((a, b, c, d)) if x < a || x > b || y < c || y > d => {
                                Cell::Growable
                            }
                            _ => Cell::Empty,
                        },
                    },
                    _ => Cell::Hole,
                };
                cells.push(cell);
            }
        }
        // Where the player to act holds men to place, the empty squares
        // next to men where no man of the hand may go now (the enemy king's
        // side squares in a game that bars them, say) are marked. Cards are
        // left out: where a drawn card may go would tell the card.
        let targets: std::collections::HashSet<Square> = self
            .legal()
            .into_iter()
            .filter(|m| {
                matches!(
                    m.kind(),
                    MoveKind::Drop
                        | MoveKind::PlaceAndMove
                        | MoveKind::PlaceAndReturn
                        | MoveKind::PlaceAndRemove
                )
            })
            .filter_map(Move::to)
            .collect();
        if !targets.is_empty() {
            let is_man = |x: i32, y: i32| {
                (0..w).contains(&x)
                    && (0..h).contains(&y)
                    && matches!(cells[(y * w + x) as usize], Cell::Man(_))
            };
            let mut barred = Vec::new();
            for y in 0..h {
                for x in 0..w {
                    let free = matches!(cells[(y * w + x) as usize], Cell::Empty | Cell::Growable);
                    let near = (-1..=1)
                        .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
                        .any(|(dx, dy)| (dx, dy) != (0, 0) && is_man(x + dx, y + dy));
                    let open = geo
                        .grid_square(x0 + x, y0 + y)
                        .is_some_and(|sq| targets.contains(&sq));
                    if free && near && !open {
                        barred.push((y * w + x) as usize);
                    }
                }
            }
            for i in barred {
                cells[i] = Cell::Barred;
            }
        }
        let np = v.players.len();
        let hands = (0..np)
            .map(|p| {
                v.pieces
                    .iter()
                    .enumerate()
                    .filter_map(|(k, piece)| {
                        let n = pos.hand(p as u8, k as u8);
                        (n > 0).then_some((piece.letter, n))
                    })
                    .collect()
            })
            .collect();
        // The status once, for the legend and the points.
        let status = self.game.status();
        let mut notes = Vec::new();
        // `dice`: the roll of the player to act, which every seat sees.
        if let Some(c) = self.roll_caption() {
            notes.push(format!("{} {c}", v.players[pos.turn() as usize].name));
        }
        if pos.in_check() {
            notes.push(format!(
                "{} is in check",
                v.players[pos.turn() as usize].name
            ));
        }
        // On a board in layers the square a moved man passed to is marked
        // too (where it stands now).
        let passed = |s: Option<Square>| s.and_then(|s| geo.next_layer(s));
        let last = last
            .map(|m| {
                [m.from(), m.to(), m.aux_square(), passed(m.to())]
                    .into_iter()
                    .flatten()
                    .map(|s| self.coord(s))
                    .collect()
            })
            .unwrap_or_default();
        // Labels name squares as players do (on an unbounded board, by
        // where the men stood at the start).
        let (ox, oy) = geo.squares().next().map_or((0, 0), |sq| {
            let c = pos.coord(sq);
            let (x, y) = geo.coords(sq);
            (c.x - x, c.y - y)
        });
        BoardView {
            hex: v.board.hex,
            wrap: v.board.wrap,
            layers: v.board.layers,
            x0: x0 + ox,
            y0: y0 + oy,
            width: w,
            height: h,
            cells,
            player_names: v.players.iter().map(|p| p.name.clone()).collect(),
            // Once the game is over nobody is to move: the legend marks
            // no one.
            to_move: if matches!(status, Status::Ended { .. }) {
                usize::MAX
            } else {
                pos.turn() as usize
            },
            last,
            hands,
            decks: (0..np)
                .map(|p| {
                    v.setup
                        .decks
                        .get(p)
                        .filter(|d| !d.is_empty())
                        .map(|_| pos.deck_len(p as u8))
                })
                .collect(),
            deck_cards: (0..np)
                .map(|p| {
                    pos.deck_counts(p as u8)
                        .into_iter()
                        .map(|(c, n)| (self.card_label(c), n))
                        .collect()
                })
                .collect(),
            notes,
            out: (0..np).map(|p| pos.alive() & (1 << p) == 0).collect(),
            points: self.game.scores_at(&status),
        }
    }
}

/// A game's end in words, as every interface says it (the terminal's
/// `Game over: ...`, the page's and `show`'s sentence): `black wins
/// (checkmate)`, `red and green win (resignation)`, `draw (stalemate)`,
/// and for shares each seat's (`white 3/4, black 1/4 (stalemate)`).
/// `names` are the seats' names; `more` follows the reason inside the
/// brackets.
pub fn outcome_words(names: &[String], o: &GameOutcome, more: &str) -> String {
    let name = |p: usize| {
        names
            .get(p)
            .map_or_else(|| format!("seat {p}"), Clone::clone)
    };
    match o {
        GameOutcome::Win { winners, reason } => {
            let who: Vec<String> = winners.iter().map(|&w| name(w)).collect();
            let verb = if who.len() == 1 { "wins" } else { "win" };
            format!("{} {verb} ({reason}{more})", who.join(" and "))
        }
        GameOutcome::Draw { reason } => format!("draw ({reason}{more})"),
        GameOutcome::Shares { reason, .. } => {
            let each: Vec<String> = (0..names.len())
                .map(|p| format!("{} {}", name(p), share(o.score(p))))
                .collect();
            format!("{} ({reason}{more})", each.join(", "))
        }
    }
}

/// A share of a game as a fraction when it is one of quarters or halves
/// (`3/4`), else with two decimals.
fn share(x: f64) -> String {
    let q = (x * 4.0).round();
    if (x * 4.0 - q).abs() < 1e-9 {
        match q as u32 {
            0 => "0".into(),
            4 => "1".into(),
            2 => "1/2".into(),
            n => format!("{n}/4"),
        }
    } else {
        format!("{x:.2}")
    }
}

/// A short name for the event that ended a game.
pub fn event_name(e: &Event) -> String {
    match e {
        Event::Checkmate => "checkmate".into(),
        Event::CheckmateByPlacing(_) => "checkmate by a placement".into(),
        Event::CheckmateGivenOnlyBy(_) | Event::CheckmateWithoutCheckBy(_) => "checkmate".into(),
        Event::Stalemate => "stalemate".into(),
        Event::Surrounded(_) => "surrounded".into(),
        Event::HandEmpty => "all men placed".into(),
        Event::Passes(_) => "passes".into(),
        Event::Repetition(_) => "repetition".into(),
        Event::PerpetualCheck(_) => "perpetual check".into(),
        Event::PerpetualChase(_) => "perpetual chase".into(),
        Event::BackAndForth { .. } => "moves back and forth".into(),
        Event::Quiet { .. } => "move rule".into(),
        Event::InsufficientMaterial => "insufficient material".into(),
        Event::PlyLimit(_) => "ply limit".into(),
        Event::CountedOut => "counting".into(),
        Event::UnplaceableCard => "unplaceable card".into(),
        Event::Reach { .. } => "goal reached".into(),
        Event::Count { kinds, .. } if kinds.is_empty() => "men lost".into(),
        Event::Count { except: true, .. } => "bared".into(),
        Event::Count { .. } => "extinction".into(),
        Event::Checks(n) => format!("{n} checks"),
        Event::BoardFull => "board full".into(),
        Event::FacingKept => "facing kept".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two goals: the reason names the one reached; one goal keeps the
    /// plain `goal reached`.
    #[test]
    fn a_goal_reached_is_named_where_the_variant_has_several() {
        let text = |goals: &str| {
            format!(
                "variant goals \"Goals\" {{
  players white, black
  board 5x5
  region centre: squares c3
  region corner: squares e5
  piece king K moves \"K\" royal
  piece knight N moves \"N\"
  setup {{
    white: K a1, N b1
    black: K a5
  }}
  end {{
{goals}    checkmate -> lose
    stalemate -> draw
  }}
}}
"
            )
        };
        let reason = |goals: &str, moves: &[&str]| {
            let v = crate::load::load_str("goals.variant", &text(goals), &[])
                .variants
                .into_iter()
                .next()
                .expect("the text checks");
            let mut s = Session::new(&v, None, 0).expect("starts");
            for m in moves {
                let m = s.parse(m).expect("legal");
                s.play_noted(m);
            }
            match s.result() {
                Some(GameOutcome::Win { winners, reason }) => (winners, reason),
                o => panic!("{o:?}"),
            }
        };
        let two = "    reach centre with knight -> win\n    reach corner with king -> win\n";
        assert_eq!(
            reason(two, &["Nc3"]),
            (vec![0], "goal reached: knight on centre".to_string())
        );
        let one = "    reach centre with knight -> win\n";
        assert_eq!(reason(one, &["Nc3"]), (vec![0], "goal reached".to_string()));
    }
}
