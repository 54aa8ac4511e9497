//! `varia play` on two boards (`boards 2`: bughouse) in the terminal: both
//! boards side by side; a person types `A MOVE` or `B MOVE` for the seat to
//! move on that board, an empty line lets the seeded coin pick a board
//! whose seat is the computer's, and the commands of [`HELP`] (`moves`,
//! `why`, `hint`, `fen`, `undo`, `resign`, `claim`...) name their board as
//! `A`/`B` before or after the word.

use super::boards::{names, parse_board, seated, side_by_side, PlayArgs};
use super::prompt::{Line, Prompt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::IsTerminal;
use varia::ir::Variant;
use varia::play::ai::Player;
use varia::play::boards::{self, bpgn, Boards, BOARD_NAMES};
use varia::render::Style;

const HELP: &str = "\
Type a move with its board, or a command (a board is A or B, before or
after the word: `A e4` or `e4 A`, `moves B` or `B moves`):
  A e4  B Nf3  A P@e6  B exd5   a move of the seat to move on that board
  (an empty line)               the computer seats move (a seeded coin
                                picks the board when both may)
  moves [A|B]   the legal moves    why A MOVE   why a move is refused
  hint A [N]    what the AI would play there (level N, 1-8; default 5)
  board         both boards again  fen          both boards' FEN (A | B)
  undo          take back the last move of a person's seat (and the
                computer seats' moves after it)
  resign [A|B]  your team gives up (name the board of your seat when
                more than one seat is a person's)
  claim A       claim a draw the rules allow on that board
  quit          stop; the game stays unfinished (*)
  help          this text";

/// The game at the terminal.
struct Table {
    game: Boards,
    players: [Player; 4],
    rng: ChaCha8Rng,
    seed: u64,
    /// Draw the boards before the next prompt.
    shown: bool,
}

enum Flow {
    Continue,
    Stop,
}

/// The words that are commands, not moves.
const COMMANDS: [&str; 11] = [
    "moves", "why", "hint", "board", "fen", "undo", "resign", "claim", "quit", "exit", "help",
];

/// `varia play` on two boards.
pub fn play(a: &PlayArgs, variant: &Variant) -> i32 {
    let default = |i: usize| {
        if i == 0 {
            Player::Human
        } else {
            Player::Ai(varia::play::ai::DEFAULT_LEVEL)
        }
    };
    let (players, prepared) = match seated(&a.players, variant, default, true) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let fens = match a.fen.as_deref().map(boards::split_fens).transpose() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let seed = a.seed.unwrap_or(1);
    let game = match Boards::new(&prepared, fens.as_ref(), seed) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let style = Style {
        color: false,
        ascii: a.ascii || !std::io::stdout().is_terminal(),
        flipped: false,
    };
    let seat_names = names(&players);
    outln!(
        "{} on two boards. Seats: WhiteA {}, BlackA {}, WhiteB {}, BlackB {} (partners: WhiteA and BlackB, BlackA and WhiteB).",
        variant.title,
        seat_names[0],
        seat_names[1],
        seat_names[2],
        seat_names[3]
    );
    outln!("Type `A MOVE` or `B MOVE` to move on a board, an empty line to let the computer seats move, `help` for the commands, `quit` to stop.");
    let mut t = Table {
        game,
        players,
        rng: ChaCha8Rng::seed_from_u64(seed ^ 0x00B0_A2D5),
        seed,
        shown: true,
    };
    let stdin = std::io::stdin();
    let mut input = Prompt {
        input: stdin.lock(),
    };
    loop {
        if t.shown {
            out!("{}", side_by_side(&t.game, style));
            t.shown = false;
        }
        if let Some(o) = t.game.result() {
            outln!(
                "Game over: {}. {}",
                boards::outcome_text(&o),
                boards::result_tag(Some(&o))
            );
            break;
        }
        let human_to_move: Vec<usize> = (0..2).filter(|&b| t.person_to_move(b)).collect();
        let line = if human_to_move.is_empty() {
            String::new()
        } else {
            out!(
                "{}> ",
                human_to_move
                    .iter()
                    .map(|&b| format!(
                        "{} ({})",
                        BOARD_NAMES[b],
                        boards::seat_name(t.game.seat_to_move(b))
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            match input.next() {
                None => {
                    outln!();
                    outln!(
                        "Input ended; the game is unfinished (*) after {} moves.",
                        t.game.moves.len()
                    );
                    break;
                }
                Some(Err(e)) => {
                    eprintln!("error: {e}");
                    return 1;
                }
                Some(Ok(Line::Refused(why))) => {
                    outln!("{why}");
                    continue;
                }
                Some(Ok(Line::Text(t))) => t,
            }
        };
        if let Flow::Stop = t.command(line.trim()) {
            break;
        }
    }
    if let Some(path) = &a.save {
        let text = bpgn::write(
            &t.game,
            &seat_names,
            &[("Event", "varia play".into())],
            t.game.result().as_ref(),
        );
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("error: cannot write {path}: {e}");
            return 1;
        }
        outln!("Saved to {path}");
    }
    0
}

impl Table {
    fn person_to_move(&self, board: usize) -> bool {
        matches!(self.players[self.game.seat_to_move(board)], Player::Human)
    }

    /// One line typed (or an empty one: the computer seats' turn).
    fn command(&mut self, line: &str) -> Flow {
        if line.is_empty() {
            self.computer_moves();
            return Flow::Continue;
        }
        // A board letter as the first word, or as the second after a
        // command word.
        let words: Vec<&str> = line.split_whitespace().collect();
        let first_board = parse_board(words[0]).ok();
        let (word, board, rest) = match first_board {
            Some(b) => {
                let rest = words[1..].join(" ");
                let w = words.get(1).map(|w| w.to_ascii_lowercase());
                match w {
                    Some(w) if COMMANDS.contains(&w.as_str()) => (w, Some(b), words[2..].join(" ")),
                    _ => (String::new(), Some(b), rest),
                }
            }
            None => {
                let w = words[0].to_ascii_lowercase();
                if COMMANDS.contains(&w.as_str()) {
                    match words.get(1).and_then(|x| parse_board(x).ok()) {
                        Some(b) => (w, Some(b), words[2..].join(" ")),
                        None => (w, None, words[1..].join(" ")),
                    }
                } else {
                    // A move with its board last (`e4 A`), or none.
                    match words.last().and_then(|x| parse_board(x).ok()) {
                        Some(b) if words.len() > 1 => {
                            (String::new(), Some(b), words[..words.len() - 1].join(" "))
                        }
                        _ => {
                            outln!("Say the board: the boards are A and B (`A {line}` or `B {line}`; `help` lists the commands).");
                            return Flow::Continue;
                        }
                    }
                }
            }
        };
        match (word.as_str(), board) {
            ("quit" | "exit", _) => {
                outln!(
                    "The game is left unfinished (*) after {} moves; nobody resigned.",
                    self.game.moves.len()
                );
                return Flow::Stop;
            }
            ("help", _) => outln!("{HELP}"),
            ("board", _) => self.shown = true,
            ("fen", _) => outln!("{}", self.game.fen()),
            ("undo", _) => self.undo(),
            ("moves", b) => {
                for b in b.map_or(vec![0, 1], |b| vec![b]) {
                    let (_, sans) = self.game.boards[b].sans();
                    outln!(
                        "Board {} ({} to move): {} legal: {}",
                        BOARD_NAMES[b],
                        boards::seat_name(self.game.seat_to_move(b)),
                        sans.len(),
                        sans.join(" ")
                    );
                }
            }
            ("why", None) | ("hint", None) | ("claim", None) => {
                outln!("Say the board: `{word} A ...` or `{word} B ...`.")
            }
            ("why", Some(_)) if rest.is_empty() => {
                outln!("Say which move: why A MOVE (for example `why A Nf3`)")
            }
            ("why", Some(b)) => outln!(
                "Board {}: {}",
                BOARD_NAMES[b],
                super::describe::explanation(&varia::explain::explain_text(
                    &self.game.boards[b],
                    &rest
                ))
            ),
            ("hint", Some(b)) => outln!(
                "Board {} ({}): {}",
                BOARD_NAMES[b],
                boards::seat_name(self.game.seat_to_move(b)),
                super::hint::hint_text(
                    &self.game.boards[b],
                    &rest,
                    self.seed ^ varia::engine::splitmix(self.game.moves.len() as u64 + 1)
                )
            ),
            ("claim", Some(b)) => match self.game.claim_draw(b) {
                Ok(reason) => outln!("Draw: {reason}."),
                Err(e) => outln!("{e}."),
            },
            ("resign", b) => self.resign(b),
            (_, Some(b)) => self.person_moves(b, &rest),
            (_, None) => {
                outln!("Say the board: the boards are A and B (`A {line}` or `B {line}`).")
            }
        }
        Flow::Continue
    }

    /// The seeded coin picks a board whose seat to move is the computer's;
    /// that seat moves.
    fn computer_moves(&mut self) {
        let ai_boards: Vec<usize> = (0..2).filter(|&b| !self.person_to_move(b)).collect();
        let Some(&board) = (match ai_boards.len() {
            0 => None,
            1 => ai_boards.first(),
            _ => ai_boards.get(usize::from(self.rng.gen_bool(0.5))),
        }) else {
            outln!("Both boards wait for a person: type `A MOVE` or `B MOVE`.");
            return;
        };
        let seat = self.game.seat_to_move(board);
        let Some(mv) =
            varia::play::ai::choose(&self.game.boards[board], &self.players[seat], &mut self.rng)
        else {
            outln!("Board {} has no move.", BOARD_NAMES[board]);
            return;
        };
        match self.game.play(board, mv) {
            Ok(m) => outln!(
                "{} plays {} on board {}",
                boards::seat_name(seat),
                m.san,
                BOARD_NAMES[board]
            ),
            Err(e) => outln!("{e}"),
        }
        self.shown = true;
    }

    /// A person's move on `board`, typed as `text`; refused with why.
    fn person_moves(&mut self, board: usize, text: &str) {
        if !self.person_to_move(board) {
            outln!(
                "On board {} the computer seat {} is to move: press Enter.",
                BOARD_NAMES[board],
                boards::seat_name(self.game.seat_to_move(board))
            );
            return;
        }
        if text.is_empty() {
            outln!("Say the move: `{} e4`.", BOARD_NAMES[board]);
            return;
        }
        let mv = match self.game.boards[board].parse(text) {
            Ok(mv) => mv,
            Err(e) => match super::refusal::refused(&self.game.boards[board], false, text, &e) {
                Some((mv, san)) => {
                    outln!("(read as {san})");
                    mv
                }
                None => return,
            },
        };
        match self.game.play(board, mv) {
            Ok(_) => self.shown = true,
            Err(e) => outln!("{e}"),
        }
    }

    /// Back to before the last move of a person's seat (with a computer
    /// seat's moves after it), or one move if no seat is a person's.
    fn undo(&mut self) {
        if self.game.take_back_left() {
            outln!("Took back the end of the game: it goes on.");
            self.shown = true;
            return;
        }
        let anyone = self.players.iter().any(|p| matches!(p, Player::Human));
        let mut taken = Vec::new();
        while let Some(m) = self.game.undo() {
            let seat = boards::seat(m.board, m.player);
            taken.push(format!("{} {}", boards::seat_name(seat), m.san));
            if !anyone || matches!(self.players[seat], Player::Human) {
                break;
            }
        }
        if taken.is_empty() {
            outln!("Nothing to take back.");
        } else {
            taken.reverse();
            outln!("Took back: {}.", taken.join(", "));
            self.shown = true;
        }
    }

    /// A person's seat resigns for its team: the one on `board`, or the
    /// only person's seat.
    fn resign(&mut self, board: Option<usize>) {
        let people: Vec<usize> = (0..4)
            .filter(|&s| matches!(self.players[s], Player::Human))
            .filter(|&s| board.is_none_or(|b| s / 2 == b))
            .collect();
        let seat = match people.as_slice() {
            [] => {
                outln!("No seat of a person to resign for.");
                return;
            }
            [s] => *s,
            _ => match board {
                // Both seats of the board are people's: the one to move.
                Some(b) => self.game.seat_to_move(b),
                None => {
                    outln!("Say the board of your seat: `resign A` or `resign B`.");
                    return;
                }
            },
        };
        match self.game.resign(seat) {
            Ok(()) => outln!("{} resigns for the team.", boards::seat_name(seat)),
            Err(e) => outln!("{e}."),
        }
    }
}
