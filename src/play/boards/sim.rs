//! A two-board game played by itself: which board moves next is decided
//! by a seeded scheduler, the move by the seat's player.
//!
//! **The scheduler.** Over the board, which board moves next is the
//! players' speed; here, before each move, a coin drawn from the game's
//! own random stream (seeded by the game's seed alone) picks board A or
//! board B, and the seat to move on that board moves. The same stream
//! then serves that seat's choice (random players, the AI's ties), so a
//! game depends on its seed and its players only: a run gives the same
//! games whatever `--jobs` says.
//!
//! **The AI.** Each seat searches its own board as a one-board game, the
//! other board frozen: what the partner may send is not foreseen, and a
//! man it takes simply leaves the board it searches.

use super::{BoardMove, Boards};
use crate::play::ai::{self, Player};
use crate::play::session::{Prepared, SessionError};
use crate::search::game::Outcome;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A game played to its end (or to the move cap).
#[derive(Clone, Debug)]
pub struct Played {
    pub boards: Boards,
    /// The outcome; `None` when the cap stopped the game first.
    pub outcome: Option<Outcome>,
}

impl Played {
    /// The moves, in order.
    pub fn moves(&self) -> &[BoardMove] {
        &self.boards.moves
    }
}

/// Play one game from the setup (or two FENs): at most `max_moves` moves
/// over both boards, each board's next mover picked by the seeded coin.
pub fn play_game(
    prepared: &Prepared,
    players: &[Player; 4],
    fens: Option<&[String; 2]>,
    seed: u64,
    max_moves: u64,
) -> Result<Played, SessionError> {
    let mut boards = Boards::new(prepared, fens, seed)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x00B0_A2D5);
    let mut n = 0;
    while n < max_moves && boards.result().is_none() {
        let board = usize::from(rng.gen_bool(0.5));
        let seat = boards.seat_to_move(board);
        let Some(mv) = ai::choose(&boards.boards[board], &players[seat], &mut rng) else {
            // No action although the board has not ended: nothing to play.
            break;
        };
        boards.play(board, mv).map_err(SessionError)?;
        n += 1;
    }
    let outcome = boards.result();
    Ok(Played { boards, outcome })
}
