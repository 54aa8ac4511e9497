//! Nim, the test game of the search: take 1 to 3 from a pile; whoever
//! takes the last one wins (a pile of a multiple of 4 is lost for the
//! player to move). Taking 3 is "tactical" and a pile of a multiple of 4
//! is "in check", so the quiescence search has something to do; with
//! `alone`, [`Game::expand_tactical`] gives the tactical actions alone and
//! counts its calls (and panics where the search must not make one).

use super::game::{Game, Outcome};

#[derive(Clone)]
pub(crate) struct Nim {
    pub pile: u32,
    pub turn: usize,
    pub history: Vec<u32>,
    /// Whether the game answers [`Game::expand_tactical`].
    pub alone: bool,
    /// Calls of [`Game::expand_tactical`].
    pub calls: usize,
}

impl Nim {
    /// A pile of `pile`, the first player to move.
    pub fn new(pile: u32) -> Nim {
        Nim {
            pile,
            turn: 0,
            history: Vec::new(),
            alone: false,
            calls: 0,
        }
    }
}

impl Game for Nim {
    type Action = u32;
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> usize {
        self.turn
    }
    fn legal_actions(&mut self, out: &mut Vec<u32>) {
        out.clear();
        out.extend((1..=3).filter(|&k| k <= self.pile));
    }
    fn play(&mut self, a: u32) {
        self.pile -= a;
        self.history.push(a);
        self.turn ^= 1;
    }
    fn undo(&mut self) {
        self.pile += self.history.pop().expect("an action to undo");
        self.turn ^= 1;
    }
    fn outcome(&mut self) -> Option<Outcome> {
        (self.pile == 0).then(|| Outcome::Win {
            winners: vec![self.turn ^ 1],
            reason: "last take".into(),
        })
    }
    fn evaluate(&mut self, player: usize) -> i32 {
        let v = (self.pile % 4) as i32 * 10;
        if player == self.turn {
            v
        } else {
            -v
        }
    }
    fn tactical_gain(&self, a: &u32) -> Option<i32> {
        (*a == 3).then_some(100)
    }
    fn in_check(&self) -> bool {
        self.pile % 4 == 0 && self.pile > 0
    }
    fn tactical_alone(&self) -> bool {
        self.alone
    }
    fn expand_tactical(&mut self, out: &mut Vec<u32>) -> (Option<Outcome>, usize) {
        assert!(self.alone, "asked of a game that cannot");
        assert!(!self.in_check(), "asked in check at pile {}", self.pile);
        self.calls += 1;
        out.clear();
        if self.pile >= 3 {
            out.push(3);
        }
        (self.outcome(), self.pile.min(3) as usize)
    }
}
