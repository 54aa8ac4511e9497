//! `varia play`: a game in the terminal, against people or the AI.
//!
//! Reads one command or action per line from standard input, so a game can
//! be piped in (`printf 'e4\ne5\n' | varia play chess --players human,human`).
//! A bad line gets a message and the game goes on.

use super::prompt::{Line, Prompt};
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{IsTerminal, Write};
use varia::engine::{Move, MoveKind};
use varia::notation;
use varia::notation::record::Record;
use varia::play::ai::{self, Player};
use varia::play::game_session::{GameSession, Left};
use varia::play::seat::Seats;
use varia::play::session::{outcome_words, Prepared};
use varia::render::palette::Palette;
use varia::render::{self, Style};

#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The variant: a built-in name (see `varia list`) or a path to a `.variant` file.
    #[arg(default_value = "chess")]
    pub variant: String,
    /// The AI's evaluation weights: a values file written by `varia tune`
    /// (`none`: the rule file's own). Default: NAME.values.toml beside a
    /// rule file named by path, or the one shipped with a built-in name,
    /// if there is one.
    #[arg(long, value_name = "FILE")]
    pub values: Option<String>,
    /// Who plays each seat, in turn order: human, random, ai:LEVEL (1-8),
    /// ai;st=SECONDS, uci:PATH or xboard:PATH (an engine; add
    /// ;st=0.1 or ;tc=40/60+0.5, ;option.NAME=VALUE). Default: a human
    /// against ai (level 5) on every other seat.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    /// Seed for the AI and for deck shuffles: the same seed gives the same
    /// game. Default 1; in a variant with hidden decks played by people, a
    /// secret seed drawn from the system, so no player knows the decks (the
    /// record, which carries it, is the referee's copy).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Set an option, as NAME=VALUE (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Search threads of each built-in AI seat (lazy SMP, 1 to 64). More
    /// than one makes the AI stronger on a clock but its games
    /// irreproducible; an engine seat takes `option.Threads=N` instead.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// Start from this position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Letters instead of Unicode glyphs, and no colour.
    #[arg(long)]
    pub ascii: bool,
    /// Show the board from the other side.
    #[arg(long)]
    pub flip: bool,
    /// The board's colours: `dark` (dark squares, light men) or `light`
    /// (light squares, dark men). Default: VARIA_THEME, else a light
    /// terminal background announced by COLORFGBG, else dark. The colour
    /// depth follows COLORTERM and TERM; NO_COLOR turns colour off.
    #[arg(long, value_name = "dark|light", value_parser = ["dark", "light"])]
    pub theme: Option<String>,
    /// Write the game record (PGN) here when the game ends.
    #[arg(long, value_name = "FILE")]
    pub save: Option<String>,
    /// A directory from which `load FILE` may read the `.variant` file a
    /// record names (repeatable). The record's own directory is always
    /// allowed; other paths in a record are refused.
    #[arg(long, value_name = "DIR")]
    pub variant_path: Vec<std::path::PathBuf>,
    /// Referee view: `fen` shows the decks' hidden order (top card first),
    /// and under fog of war the board and `fen` show the whole position.
    /// Without it, players see only which cards remain, and under fog of
    /// war a person sees only the view of the seat at the keyboard.
    #[arg(long)]
    pub reveal: bool,
}

/// The terminal's side of a game: the game itself is a [`GameSession`]
/// (its actions, undo, how it ended, its record); this holds what the
/// terminal adds (the board's style, the AI's random source and the
/// seats' clocks and engines, the interruption handler).
struct Play {
    game: GameSession,
    /// The board marks the last action (not after `undo` or `load`).
    mark_last: bool,
    style: Style,
    palette: Palette,
    rng: ChaCha8Rng,
    /// The game's seed: `hint` samples from it and the number of actions
    /// played (not from `rng`, so asking changes no AI seat's choice).
    seed: u64,
    seats: Seats<Move>,
    variant_path: Vec<std::path::PathBuf>,
    reveal: bool,
    /// Under `fog of war`: the human seat whose view the terminal shows
    /// (the last human seat to act; see [`Play::viewer`]).
    viewer: Option<usize>,
    /// Show the AI's thinking (standard output is a terminal).
    watch: bool,
    /// Ctrl-C and hang-ups (see `super::interrupt`).
    guard: Option<std::sync::Arc<super::interrupt::Guard>>,
}

pub fn play(a: &PlayArgs) -> i32 {
    if let Err(e) = super::paths::check_command(&[("--save", a.save.as_deref())], &a.variant, &[]) {
        eprintln!("error: {e}");
        return 2;
    }
    let (variant, options) = match super::load_variant(&a.variant, &a.options) {
        Ok(x) => x,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    if super::boards::two_boards(&variant) {
        let b = super::boards::PlayArgs {
            players: a.players.clone(),
            fen: a.fen.clone(),
            seed: a.seed,
            ascii: a.ascii,
            save: a.save.clone(),
        };
        return super::boards_play::play(&b, &variant);
    }
    let color = super::use_color()
        && std::io::stdout().is_terminal()
        && !a.ascii
        && std::env::var("TERM").map_or(true, |t| t != "dumb");
    let players = match super::parse_players(
        &a.players,
        &variant,
        |i| {
            if i == 0 {
                Player::Human
            } else {
                Player::Ai(ai::DEFAULT_LEVEL)
            }
        },
        true,
    ) {
        Ok(p) => p,
        Err(super::Fail(e, code)) => {
            eprintln!("{e}");
            return code;
        }
    };
    let seed = a.seed.unwrap_or_else(|| {
        if players.contains(&Player::Human) && Record::deals_hidden(&variant) {
            secret_seed()
        } else {
            1
        }
    });
    let seats = Seats::new(&players).with_threads(a.threads as usize);
    let prepared = match Prepared::new(&variant) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let prepared = match super::weighted(prepared, &a.variant, a.values.as_deref()) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let game = GameSession::new(
        prepared,
        &a.variant,
        &options,
        a.fen.as_deref(),
        seed,
        players,
    );
    let game = match game {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut p = Play {
        game,
        mark_last: false,
        style: Style {
            color,
            ascii: a.ascii,
            flipped: a.flip,
        },
        palette: super::terminal_palette(a.theme.as_deref()),
        rng: ChaCha8Rng::seed_from_u64(seed),
        seed,
        seats,
        variant_path: a.variant_path.clone(),
        reveal: a.reveal,
        viewer: None,
        watch: std::io::stdout().is_terminal(),
        guard: None,
    };
    // A person at the terminal is asked what to do on Ctrl-C; with --save
    // a signal saves the game so far.
    let ask = std::io::stdin().is_terminal() && p.game.players().contains(&Player::Human);
    p.guard = super::interrupt::Guard::install(a.save.clone(), ask);
    let code = p.run();
    if let Some(f) = &a.save {
        if let Err(e) = std::fs::write(f, p.game.record().to_pgn()) {
            eprintln!("error: cannot write {f}: {e}");
            return 1;
        }
    }
    code
}

impl Play {
    fn name(&self, seat: usize) -> String {
        self.game
            .session()
            .variant()
            .players
            .get(seat)
            .map_or_else(|| format!("seat {seat}"), |p| p.name.clone())
    }

    fn show(&self) {
        let last = self.mark_last.then(|| self.game.last()).flatten();
        let s = self.game.session();
        let view = match self.viewer() {
            Some(seat) => s.view_for(seat, last),
            None => s.view(last),
        };
        out!("{}", render::draw_in(&view, self.style, &[], &self.palette));
    }

    /// Under `fog of war`, the seat whose view the terminal shows: the
    /// person who holds the keyboard (set at each person's prompt, see
    /// [`Play::hand_over`]), at first the human seat to act or the first
    /// human seat. `None` (the whole board) without fog, with `--reveal`
    /// (a referee), once the game is over, or with no person playing.
    fn viewer(&self) -> Option<usize> {
        if !self.game.session().fogged() || self.reveal || self.game.is_over() {
            return None;
        }
        let players = self.game.players();
        let humans: Vec<usize> = (0..players.len())
            .filter(|&p| players[p] == Player::Human)
            .collect();
        let first = humans.first().copied()?;
        let to_move = self.game.to_move();
        Some(self.viewer.unwrap_or(if humans.contains(&to_move) {
            to_move
        } else {
            first
        }))
    }

    /// The one seat a person plays, if exactly one is.
    fn only_human(&self) -> Option<usize> {
        let players = self.game.players();
        let mut humans = (0..players.len()).filter(|&p| players[p] == Player::Human);
        match (humans.next(), humans.next()) {
            (Some(seat), None) => Some(seat),
            _ => None,
        }
    }

    /// Whose copy `save` writes while the game goes on in a variant that
    /// hides information (hidden decks, face-down men, fog of war): the
    /// person at the keyboard's ([`Play::viewer`] under fog, else the first
    /// person's seat). `None` (the whole record) with `--reveal`, once the
    /// game is over, when nothing is hidden, or with no person playing.
    fn copy_for(&self) -> Option<usize> {
        if self.reveal || self.game.is_over() || !Record::hides(self.game.session().variant()) {
            return None;
        }
        let players = self.game.players();
        self.viewer()
            .or_else(|| (0..players.len()).find(|&p| players[p] == Player::Human))
    }

    /// Whether the terminal must not show the whole position now (`fog of
    /// war`, a person playing, no `--reveal`, the game going on).
    fn fogged(&self) -> bool {
        self.viewer().is_some()
    }

    /// Hot-seat under `fog of war`: when the view changes hands from one
    /// person to another, the screen is cleared (on a terminal) and the
    /// next person is asked to take the keyboard, so that neither sees the
    /// other's view.
    fn hand_over(&mut self, lines: &mut impl Iterator<Item = std::io::Result<Line>>) {
        if self.viewer().is_none() {
            return;
        }
        let next = self.game.to_move();
        let before = self.viewer.replace(next);
        if before.is_none_or(|b| b == next) {
            return;
        }
        if std::io::stdout().is_terminal() {
            out!("\x1b[2J\x1b[H");
        }
        outln!(
            "Fog of war: {} to play. Pass the keyboard to {}; press Enter when only {} can see the screen.",
            self.name(next),
            self.name(next),
            self.name(next)
        );
        if std::io::stdin().is_terminal() {
            let _ = lines.next();
        }
        self.show();
    }

    /// The AI's choice for `seat`, with a line that tells its search as it
    /// goes (`thinking… depth 6, best so far Nf3 (+0.35)`), cleared when
    /// it has chosen. The same choice as unwatched.
    fn think(&mut self, seat: usize, who: &Player) -> Option<Move> {
        let label = format!("{} ({who})", self.name(seat));
        let mut shown = format!("{label} is thinking…");
        out!("{shown}");
        let _ = std::io::stdout().flush();
        let session = self.game.session();
        let fogged = self.fogged();
        let mut on_info = |i: &varia::search::Info<Move>| {
            if fogged {
                // Under fog of war the AI's plan would tell its move (and
                // what it imagines): only its depth is shown.
                let line = format!("{label} is thinking… depth {}", i.depth);
                out!("\r{line:<w$}", w = shown.chars().count());
                let _ = std::io::stdout().flush();
                shown = line;
                return;
            }
            let best = match i.pv.first() {
                // A draw's card is the sampled one: name the action only.
                Some(m) if m.kind() == MoveKind::DrawPlace => "draw".to_string(),
                Some(&m) => session.san(m),
                None => return,
            };
            let score = match i.score {
                varia::search::Score::Cp(v) => varia::search::pawns(v),
                varia::search::Score::Mate(n) if n > 0 => format!("mate in {n}"),
                varia::search::Score::Mate(n) => format!("mated in {}", -n),
            };
            let line = format!(
                "{label} is thinking… depth {}, best so far {best} ({score})",
                i.depth
            );
            out!("\r{line:<w$}", w = shown.chars().count());
            let _ = std::io::stdout().flush();
            shown = line;
        };
        let m = ai::choose_on(
            session,
            who,
            self.seats.threads(),
            &mut self.rng,
            &mut on_info,
        );
        out!("\r{:w$}\r", "", w = shown.chars().count());
        m
    }

    /// Play an action; with `who`, say who played it. Players the action
    /// puts out of the game are announced, and the action that eliminates
    /// by mate or stalemate is marked `#`.
    fn apply(&mut self, m: Move, who: Option<&str>) {
        // The action comes from the legal list (typed, chosen or drawn).
        let Ok(played) = self.game.play(m) else {
            return;
        };
        let (san, out) = (played.san.clone(), played.out);
        self.announce_played(m, &san, out, who);
    }

    /// Say who played `san` (with `who`) and who it put out of the game.
    fn announce_played(&mut self, m: Move, san: &str, out: u8, who: Option<&str>) {
        match who {
            // Under fog of war a person sees where the other side moved
            // only on the board, where its view reaches.
            Some(who)
                if self.fogged()
                    && self.viewer() != Some(self.game.history().last().map_or(0, |p| p.seat)) =>
            {
                outln!("{who} has moved.")
            }
            Some(who) => outln!("{who} plays {san}"),
            None => {}
        }
        for p in 0..8 {
            if out & (1 << p) != 0 {
                if m == Move::Resign {
                    outln!("{} resigns and is out of the game.", self.name(p));
                } else {
                    outln!("{} is out of the game.", self.name(p));
                }
            }
        }
        self.mark_last = true;
    }

    fn announce_end(&self) -> bool {
        let over = self.announce_result();
        if over {
            if let Some(points) = self.game.session().points() {
                let each: Vec<String> = points
                    .iter()
                    .enumerate()
                    .map(|(p, n)| format!("{} {n}", self.name(p)))
                    .collect();
                outln!("Points: {}.", each.join(", "));
            }
        }
        over
    }

    fn announce_result(&self) -> bool {
        let Some(o) = self.game.result() else {
            return false;
        };
        let names: Vec<String> = (0..self.game.session().variant().players.len())
            .map(|p| self.name(p))
            .collect();
        let shares = o
            .score_tag()
            .map_or_else(String::new, |tag| format!(" {{{tag}}}"));
        outln!(
            "Game over: {}. {}{shares}",
            outcome_words(&names, &o, ""),
            self.game.result_text().0
        );
        true
    }

    fn run(&mut self) -> i32 {
        let stdin = std::io::stdin();
        let interactive = stdin.is_terminal();
        let humans = self.game.players().contains(&Player::Human);
        if humans {
            outln!(
                "{} — type `help` for commands.",
                self.game.session().variant().title
            );
            self.show();
        }
        let mut lines = Prompt {
            input: stdin.lock(),
        };
        loop {
            if let Some(g) = self.guard.as_ref().filter(|g| g.keeps_record()) {
                g.keep(self.game.record_so_far().to_pgn());
            }
            if self.announce_end() {
                self.show();
                return 0;
            }
            let seat = self.game.to_move();
            let who = self
                .game
                .players()
                .get(seat)
                .cloned()
                .unwrap_or(Player::Random);
            if who != Player::Human {
                let chosen = match &who {
                    // The built-in AI on a level: watched, to show its
                    // thinking on a terminal.
                    Player::Ai(_) if self.watch => Ok(self.think(seat, &who)),
                    _ => self.seats.choose(self.game.session(), None, &mut self.rng),
                };
                match chosen {
                    Err(f) => {
                        self.game.forfeit(f.seat, &f.reason);
                        outln!(
                            "{} ({who}) forfeits: {}. {}",
                            self.name(seat),
                            f.reason,
                            self.game.result_text().0
                        );
                        return 0;
                    }
                    Ok(Some(m)) => {
                        let label = format!("{} ({who})", self.name(seat));
                        self.apply(m, Some(&label));
                        if humans {
                            self.show();
                        }
                    }
                    Ok(None) => {
                        outln!(
                            "{} has no legal action; the game cannot go on.",
                            self.name(seat)
                        );
                        return 0;
                    }
                }
                continue;
            }
            self.hand_over(&mut lines);
            out!("{}> ", self.name(seat));
            let _ = std::io::stdout().flush();
            let line = match lines.next() {
                Some(Ok(Line::Text(l))) => l,
                Some(Ok(Line::Refused(why))) => {
                    outln!("{why}; the game goes on.");
                    continue;
                }
                Some(Err(e)) => {
                    eprintln!("error: cannot read input: {e}");
                    return 1;
                }
                None => {
                    outln!();
                    outln!(
                        "Input ended; the game is unfinished ({} played).",
                        actions(self.game.history().len())
                    );
                    return 0;
                }
            };
            if let Some(g) = &self.guard {
                g.line_read();
            }
            if !interactive {
                outln!("{line}");
            }
            match self.command(line.trim(), &mut lines) {
                Flow::Continue => {}
                Flow::Stop(code) => return code,
            }
        }
    }

    fn command(
        &mut self,
        line: &str,
        lines: &mut impl Iterator<Item = std::io::Result<Line>>,
    ) -> Flow {
        let (cmd, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, r)| (c, r.trim()));
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => outln!("{}", super::play_help::help_text(self.game.session().variant())),
            "hint" => outln!(
                "{}",
                super::hint::hint_text(
                    self.game.session(),
                    rest,
                    self.seed ^ varia::engine::splitmix(self.game.history().len() as u64 + 1)
                )
            ),
            "board" => self.show(),
            "continue" => outln!("The game goes on."),
            "pieces" => outln!(
                "{}",
                super::describe::pieces_text(&varia::describe::describe_session(
                    self.game.session()
                ))
            ),
            "info" => match varia::describe::find_piece(self.game.session().variant(), rest) {
                Some(k) => out!(
                    "{}",
                    super::describe::card_text(
                        &varia::describe::piece_card(self.game.session(), k),
                        &None
                    )
                ),
                None => {
                    let names: Vec<String> = self
                        .game
                        .session()
                        .variant()
                        .pieces
                        .iter()
                        .map(|p| format!("{} ({})", p.name, p.letter))
                        .collect();
                    outln!(
                        "Say which piece: info NAME or LETTER; the pieces: {}",
                        names.join(", ")
                    )
                }
            },
            "why" if rest.is_empty() => {
                outln!("Say which action: why MOVE (for example `why Nf3`)")
            }
            "why" if self.fogged() => outln!(
                "Under fog of war refusals are not explained: an explanation could name men you cannot see."
            ),
            "why" => outln!(
                "{}",
                super::describe::explanation(&varia::explain::explain_text(
                    self.game.session(),
                    rest
                ))
            ),
            "flip" => {
                self.style.flipped = !self.style.flipped;
                self.show();
            }
            "fen" if self.reveal => outln!("{}", self.game.fen()),
            "fen" if self.fogged() => outln!(
                "Under fog of war the position is hidden: the board shows your view (`--reveal` shows everything, for a referee)."
            ),
            // Decks in a fixed order: the cards that remain, not their order;
            // the one person's view (the face-down men it took), or with
            // several at one keyboard what all may see.
            "fen" => outln!(
                "{}",
                match self.only_human() {
                    Some(seat) => self.game.view_fen(seat),
                    None => self.game.public_fen(),
                }
            ),
            "moves" => {
                let (moves, sans) = self.game.session().sans();
                let mut shown: Vec<String> = Vec::new();
                let mut draws = false;
                for (m, s) in moves.iter().zip(sans) {
                    if m.kind() == MoveKind::DrawPlace {
                        draws = true;
                    } else {
                        shown.push(s);
                    }
                }
                if draws {
                    shown.push("draw".into());
                }
                outln!("{} legal: {}", shown.len(), shown.join(" "));
            }
            "undo" => {
                // Take back to the previous turn of this human seat; a
                // drawn card stays drawn.
                let undone = self.game.take_back();
                self.mark_last = false;
                if undone == 0 && self.game.last_was_draw() {
                    outln!("A drawn card stays drawn: nothing before it can be taken back.");
                } else if undone == 0 {
                    outln!("Nothing to take back.");
                } else {
                    outln!(
                        "Took back {undone} action{}.",
                        if undone == 1 { "" } else { "s" }
                    );
                    self.show();
                }
            }
            "save" => {
                if rest.is_empty() {
                    outln!("Say where: save FILE");
                } else {
                    let copy = self.copy_for();
                    let rec = match copy {
                        Some(seat) => self.game.record_for(seat),
                        None => self.game.record(),
                    };
                    match (std::fs::write(rest, rec.to_pgn()), &rec.view) {
                        (Ok(()), None) => outln!("Saved to {rest}."),
                        (Ok(()), Some(name)) => outln!(
                            "Saved {name}'s copy to {rest}: what {name} may see (no seed{}), which cannot be loaded; `--reveal` saves the referee's copy.",
                            if self.game.session().fogged() {
                                ", the other side's moves as --"
                            } else {
                                ""
                            }
                        ),
                        (Err(e), _) => outln!("Cannot write {rest}: {e}. The game goes on."),
                    }
                }
            }
            "load" => {
                if rest.is_empty() {
                    outln!("Say which file: load FILE");
                } else {
                    match self.load(rest) {
                        Ok(n) => {
                            outln!("Loaded {rest}: {} replayed.", actions(n));
                            self.show();
                        }
                        Err(e) => outln!("Cannot load {rest}: {e}. The current game goes on."),
                    }
                }
            }
            "claim" => {
                let Ok(reason) = self.game.claim_draw() else {
                    outln!("No draw can be claimed now.");
                    return Flow::Continue;
                };
                outln!(
                    "Game over: draw claimed ({reason}). {}",
                    self.game.result_text().0
                );
                return Flow::Stop(0);
            }
            "resign" => {
                let me = self.game.to_move();
                if self.game.resign().is_err() {
                    outln!("The game is over.");
                    return Flow::Stop(0);
                }
                if let Some(Left::Resigned(_)) = self.game.left() {
                    outln!("{} resigns. {}", self.name(me), self.game.result_text().0);
                    return Flow::Stop(0);
                }
                // With more than two sides a resignation is an action: the
                // resigner leaves (its army leaves the board, or goes to its
                // partner) and the game goes on.
                if let Some(p) = self.game.history().last().cloned() {
                    self.announce_played(p.action, &p.san, p.out, None);
                }
                self.show();
            }
            "quit" | "exit" => {
                outln!(
                    "The game is left unfinished (*) after {}; nobody resigned.",
                    actions(self.game.history().len())
                );
                self.game.quit();
                return Flow::Stop(0);
            }
            "draw" if rest.is_empty() => {
                let moves = self.game.session().legal();
                let draws: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| m.kind() == MoveKind::DrawPlace)
                    .collect();
                let Some(first) = draws.first().copied() else {
                    outln!("You cannot draw now.");
                    return Flow::Continue;
                };
                let joker = matches!(first, Move::DrawJoker { .. });
                let card = if joker {
                    "a joker".to_string()
                } else {
                    first
                        .placed()
                        .and_then(|k| self.game.session().variant().pieces.get(k as usize))
                        .map_or("?".to_string(), |p| format!("a {}", p.name))
                };
                // A card with nowhere to go, or a joker with nothing to choose.
                if draws.len() == 1
                    && (first.to().is_none() || matches!(first, Move::Reveal { .. }))
                {
                    outln!(
                        "You drew {card}: {}.",
                        if joker {
                            "it is played"
                        } else {
                            "it has no legal square"
                        }
                    );
                    self.apply(first, None);
                    self.show();
                    return Flow::Continue;
                }
                let ask = if joker {
                    "Which man does it remove? (its square)"
                } else {
                    "Where does it go?"
                };
                outln!("You drew {card}. {ask}");
                loop {
                    out!("square> ");
                    let _ = std::io::stdout().flush();
                    let l = match lines.next() {
                        Some(Ok(Line::Text(l))) => l,
                        Some(Ok(Line::Refused(why))) => {
                            outln!("{why}; say the square again.");
                            continue;
                        }
                        _ => {
                            outln!("Input ended during a draw.");
                            return Flow::Stop(0);
                        }
                    };
                    let sq = l.trim().to_ascii_lowercase();
                    let names: Vec<String> = draws
                        .iter()
                        .filter_map(|m| m.to())
                        .map(|t| self.game.session().square_name(t))
                        .collect();
                    // The prompt's own words come before squares.
                    match sq.as_str() {
                        "help" | "?" => {
                            outln!(
                                "Name the square for {card} (legal: {}). `board` shows the board, \
                                 `why SQUARE` says why a square is refused, `quit` leaves the game. \
                                 A drawn card cannot be put back.",
                                names.join(" ")
                            );
                            continue;
                        }
                        "undo" => {
                            outln!(
                                "You have seen the card: it cannot be put back. Say where it goes \
                                 (legal: {}).",
                                names.join(" ")
                            );
                            continue;
                        }
                        "board" => {
                            self.show();
                            continue;
                        }
                        "quit" | "exit" => {
                            outln!(
                                "The game is left unfinished (*) after {}; the card drawn is not placed.",
                                actions(self.game.history().len())
                            );
                            self.game.quit();
                            return Flow::Stop(0);
                        }
                        _ => {}
                    }
                    let asked = sq.strip_prefix("why").map(str::trim);
                    let sq = asked.unwrap_or(&sq);
                    let target = draws.iter().copied().find(|m| {
                        m.to()
                            .is_some_and(|t| self.game.session().square_name(t) == sq)
                    });
                    match (target, asked) {
                        (Some(m), None) => {
                            self.apply(m, None);
                            self.show();
                            break;
                        }
                        _ => {
                            let kind = first.placed().unwrap_or(0);
                            let e = varia::explain::explain_drawn(
                                self.game.session(),
                                kind,
                                &draws,
                                sq,
                            );
                            outln!("{}", super::describe::explanation(&e));
                            if !e.legal {
                                outln!("Legal squares: {}", names.join(" "));
                            }
                        }
                    }
                }
            }
            // Drawn cards are never matched or suggested here: whatever card
            // is typed, a player who may draw gets the same answer, so
            // nothing said depends on the hidden top card.
            _ => match self.game.session().parse_public(line) {
                Ok(m) => {
                    self.apply(m, None);
                    self.show();
                }
                Err(_) if line.contains('@') && self.may_draw() => {
                    outln!("Type `draw` to draw your card first.")
                }
                // A referee's rule: an illegal action (text that names
                // squares but no legal action) costs the turn.
                Err(notation::ParseError::NoMatch { .. })
                    if self.game.session().forfeits()
                        && line.chars().any(|c| c.is_ascii_digit()) =>
                {
                    let me = self.game.to_move();
                    outln!(
                        "`{line}` is not a legal action: {} forfeits the turn (illegal actions: forfeit).",
                        self.name(me)
                    );
                    if self.game.forfeit_turn().is_ok() {
                        self.mark_last = true;
                    }
                    self.show();
                }
                Err(e @ notation::ParseError::NoMatch { .. }) => {
                    if let Some((m, san)) =
                        super::refusal::refused(self.game.session(), self.fogged(), line, &e)
                    {
                        outln!("(read as {san})");
                        self.apply(m, None);
                        self.show();
                    }
                }
                Err(e) => outln!("{e}"),
            },
        }
        Flow::Continue
    }

    /// Whether the player to act may draw a card now.
    fn may_draw(&self) -> bool {
        self.game
            .legal()
            .iter()
            .any(|m| m.kind() == MoveKind::DrawPlace)
    }

    fn load(&mut self, file: &str) -> Result<usize, String> {
        let path = std::path::Path::new(file);
        let text = varia::textfile::read_text(path, varia::textfile::MAX_RECORD_FILE)
            .map_err(|e| format!("cannot read {file}: {e}"))?;
        let rec = Record::parse_pgn(&text)?;
        let mut allowed = vec![super::paths::record_dir(path)];
        allowed.extend(self.variant_path.iter().cloned());
        let file = std::path::Path::new(varia::load::split_spec(self.game.spec()).0);
        if file.is_file() {
            allowed.push(super::paths::record_dir(file));
        }
        let variant = varia::load::for_record(&rec.variant, &allowed, &rec.options, false)
            .map_err(|e| e.0)?;
        let players = self.game.players().to_vec();
        self.game = Prepared::new(&variant)
            .and_then(|p| GameSession::from_record(p, &rec, players))
            .map_err(|e| e.0)?;
        self.mark_last = false;
        Ok(self.game.history().len())
    }
}

/// A seed no player can know: drawn from the system's random source.
fn secret_seed() -> u64 {
    use rand::RngCore as _;
    rand::rngs::OsRng.next_u64()
}

/// `1 action`, `2 actions`.
fn actions(n: usize) -> String {
    format!("{n} action{}", if n == 1 { "" } else { "s" })
}

enum Flow {
    Continue,
    Stop(i32),
}
