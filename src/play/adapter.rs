//! The engine's games as the search sees them: [`Session`] implements
//! [`Game`] with the Zobrist hash, the check test, capture gains, the
//! history index and the evaluation derived from the rule file.

use crate::engine::{Move, MoveKind, MoveList, Position};
use crate::play::session::Session;
use crate::search::game::GameText;
use crate::search::game::{Game, Outcome};

impl Session {
    pub(crate) fn friend(&self, a: u8, b: u8) -> bool {
        let team = &self.kinds.team;
        match (team.get(a as usize), team.get(b as usize)) {
            (Some(x), Some(y)) => x == y,
            _ => {
                let v = self.variant();
                v.team_of(a) == v.team_of(b)
            }
        }
    }

    /// For the null-move tests: the men of the side to act that are
    /// neither royal nor promoting, counting 2 for any man in hand (drop
    /// games).
    fn null_material(&self) -> u32 {
        let pos = self.position();
        let me = pos.turn();
        if self.eval.drops {
            let kinds = self.variant().pieces.len() as u8;
            if (0..kinds).any(|k| pos.hand(me, k) > 0) {
                return 2;
            }
        }
        pos.men_of(me)
            .into_iter()
            .filter_map(|s| pos.man_at(s))
            .filter(|m| self.eval.piece_kinds.contains(m.kind()))
            .take(2)
            .count() as u32
    }

    /// The value of the man of `kind` for ordering (a royal counts high).
    pub(crate) fn order_value(&self, kind: u8) -> i32 {
        if self
            .kinds
            .royal
            .get(kind as usize)
            .copied()
            .unwrap_or(false)
        {
            2000
        } else {
            self.eval.values.get(kind as usize).copied().unwrap_or(100)
        }
    }

    /// The men `a` takes besides the one on its destination (approach,
    /// leaping, custody...: `Position::takes_besides`), asked of the
    /// engine only when the mover's kind captures so (`captures by ...`):
    /// for every other kind the answer is empty, and the search asks for
    /// every action it orders.
    pub(crate) fn takes_besides(&self, a: Move, mover_kind: u8) -> Vec<crate::engine::Square> {
        let strikes = self.kinds.strikes.get(mover_kind as usize).copied();
        if strikes.unwrap_or(false) {
            self.position().takes_besides(a)
        } else {
            Vec::new()
        }
    }
}

impl Game for Session {
    type Action = Move;

    fn players(&self) -> usize {
        self.variant().players.len()
    }

    fn to_move(&self) -> usize {
        self.position().turn() as usize
    }

    fn team_of(&self, player: usize) -> Vec<usize> {
        let v = self.variant();
        v.teams
            .get(v.team_of(player as u8))
            .map_or(vec![player], |t| t.iter().map(|&p| p as usize).collect())
    }

    fn legal_actions(&mut self, out: &mut Vec<Move>) {
        out.clear();
        out.extend(self.game.legal_moves().iter().copied());
    }

    fn play(&mut self, action: Move) {
        self.check.set(None);
        self.game.play(action);
    }

    fn undo(&mut self) {
        self.check.set(None);
        self.game.undo();
    }

    fn hidden_choice(&self, action: &Move) -> bool {
        action.kind() == MoveKind::DrawPlace
    }

    fn determinize(&mut self, rng: &mut dyn rand::RngCore) {
        self.check.set(None);
        // Under fog of war, a position consistent with the view of the
        // seat to act (`play::fog`); the search then plays on it.
        if self.fogged() {
            let seat = self.position().turn();
            self.game = crate::engine::Game::new(super::fog::determinise(&self.game, seat, rng));
        }
        // The AI sees the decks' public multisets, never their order.
        self.game.redeal_hidden(rng);
        // Nor the dice's later rolls: after an action the next roll is
        // not known, and the search lets the player to act move any kind.
        self.game.set_dice_seed(None);
    }

    fn outcome(&mut self) -> Option<Outcome> {
        self.result()
    }

    fn points(&self) -> Option<Vec<u32>> {
        Session::points(self)
    }

    fn evaluate(&mut self, player: usize) -> i32 {
        self.eval
            .evaluate_with(self.game.position(), player, &mut self.scratch)
    }

    fn key(&self) -> u64 {
        self.position().hash() | 1
    }

    fn expand(&mut self, out: &mut Vec<Move>) -> Option<Outcome> {
        // The caller's vector is the list: no allocation once it has grown.
        let mut list = MoveList::from(std::mem::take(out));
        let st = self.game.status_into(&mut list);
        *out = list.into_vec();
        self.result_of(st)
    }

    fn tactical_alone(&self) -> bool {
        self.position().tactical_alone()
    }

    fn expand_tactical(&mut self, out: &mut Vec<Move>) -> (Option<Outcome>, usize) {
        let mut list = MoveList::from(std::mem::take(out));
        let st = self.game.tactical_status_into(&mut list);
        *out = list.into_vec();
        match st {
            Some((st, n)) => {
                // The legal actions are estimated by the board moves; a
                // man in hand can be put on most empty squares: at least
                // the 40 the search counts.
                let hand = self.eval.drops && {
                    let pos = self.position();
                    let me = pos.turn();
                    (0..self.variant().pieces.len() as u8).any(|k| pos.hand(me, k) > 0)
                };
                (self.result_of(st), if hand { n.max(40) } else { n })
            }
            // A position where the variant cannot (a goal reached): the
            // whole list, kept to its tactical actions.
            None => {
                let over = self.expand(out);
                let n = out.len();
                out.retain(|a| self.tactical_gain(a).is_some());
                (over, n)
            }
        }
    }

    fn tactical_gain(&self, a: &Move) -> Option<i32> {
        let pos = self.position();
        let from = a.from()?;
        let mover = pos.man_at(from)?;
        let me = mover.owner();
        let victim = a
            .to()
            .and_then(|t| pos.man_at(t))
            .or_else(|| {
                // En passant: the victim stands on the second square.
                a.aux_square()
                    .and_then(|s| pos.man_at(s))
                    .filter(|_| a.mid().is_none())
                    .filter(|_| a.to().is_some_and(|t| pos.man_at(t).is_none()))
            })
            .filter(|m| !self.friend(m.owner(), me));
        let promo = a.promotion().map(|k| {
            self.eval.values.get(k as usize).copied().unwrap_or(0)
                - self.eval.values[mover.kind() as usize]
        });
        // Men taken off the destination (approach, leaping, custody...).
        let besides: i32 = self
            .takes_besides(*a, mover.kind())
            .into_iter()
            .filter_map(|q| pos.man_at(q))
            .chain(
                // The man a move of two steps takes on its middle square.
                a.mid()
                    .and_then(|q| pos.man_at(q))
                    .filter(|m| !self.friend(m.owner(), me)),
            )
            .map(|m| self.order_value(m.kind()))
            .sum();
        if victim.is_none() && promo.is_none() && besides == 0 {
            return None;
        }
        // Where points for events decide, the points of the man taken too.
        let taken = victim.map_or(0, |v| {
            self.order_value(v.kind()) + self.eval.capture_points(v)
        });
        let gain =
            (taken + besides) * 16 - self.order_value(mover.kind()) / 16 + promo.unwrap_or(0) * 8;
        Some(gain)
    }

    fn losing_capture(&self, a: &Move) -> bool {
        let pos = self.position();
        let (Some(from), Some(to)) = (a.from(), a.to()) else {
            return false;
        };
        let (Some(mover), Some(victim)) = (pos.man_at(from), pos.man_at(to)) else {
            return false;
        };
        a.promotion().is_none()
            && self.order_value(mover.kind()) > self.order_value(victim.kind())
            && pos.attacked_by_enemy_of(to, mover.owner())
    }

    fn history_index(&self, a: &Move) -> usize {
        // Side to act, the man's kind (a placement apart from a move of the
        // same kind) and the destination: "piece-to" history, per side.
        let pos = self.position();
        let kind = match (a.from(), a.placed()) {
            (Some(f), _) => pos.man_at(f).map_or(0, |m| m.kind() as usize & 63),
            (None, Some(k)) => 64 + (k as usize & 63),
            (None, None) => return 0,
        };
        let side = pos.turn() as usize & 7;
        ((side * 128 + kind) << 8 | a.to().map_or(0, |t| t.index() & 255)) + 1
    }

    fn see(&mut self, a: &Move) -> i32 {
        crate::play::exchange::see(self, *a)
    }

    fn see_quiet(&mut self, a: &Move) -> i32 {
        crate::play::exchange::see_quiet(self, *a)
    }

    fn reaches_goal(&self, a: &Move) -> bool {
        if !self.eval.has_goals() {
            return false;
        }
        let pos = self.position();
        let Some(to) = a.to() else { return false };
        let (kind, facing) = match (a.from(), a.placed()) {
            (Some(f), _) => match pos.man_at(f) {
                Some(m) => (a.promotion().unwrap_or(m.kind()), m.facing()),
                None => return false,
            },
            (None, Some(k)) => {
                let v = self.variant();
                match v.players.get(pos.turn() as usize) {
                    Some(p) => (k, p.forward),
                    None => return false,
                }
            }
            (None, None) => return false,
        };
        self.eval.goal_square(kind, facing, to)
    }

    fn in_check(&self) -> bool {
        // Asked two or three times of a position: kept until the next play
        // or undo, and only for the position it was computed in.
        let hash = self.position().hash();
        match self.check.get() {
            Some((h, c)) if h == hash => c,
            _ => {
                let c = self.position().in_check();
                self.check.set(Some((hash, c)));
                c
            }
        }
    }

    fn repeats(&self) -> bool {
        self.eval.repetition_draws && self.game.occurrences() >= 2
    }

    fn null_move_ok(&self) -> bool {
        if !self.eval.null_move_variant {
            return false;
        }
        self.null_material() > 0
    }

    fn null_move_verify(&self) -> bool {
        self.null_material() <= 1
    }

    fn play_null(&mut self) {
        self.check.set(None);
        self.game.play(Move::PASS);
    }

    fn protocol_game(&self) -> Option<GameText> {
        let v = self.variant();
        if crate::notation::protocol_text::unsupported(v, false).is_some() {
            return None;
        }
        let moves: Vec<Move> = self.game.moves().collect();
        let mut start = self.game.clone();
        while start.undo().is_some() {}
        let mut pos = start.position().clone();
        let fen = pos.fen();
        // A dealt setup (`shuffle`) is no default: its FEN is always sent.
        let default = (v.setup.shuffles.is_empty())
            .then(|| Position::start(pos.tables().clone()).ok().map(|p| p.fen()))
            .flatten();
        let mut texts = Vec::with_capacity(moves.len());
        for m in moves {
            texts.push(crate::notation::protocol_text::move_text(&pos, m));
            pos.play(m);
        }
        Some(GameText {
            variant: v.name.clone(),
            fen: (default.as_ref() != Some(&fen)).then_some(fen),
            moves: texts,
            turn: self.position().turn() as usize,
            ranks_from_zero: crate::notation::protocol_text::xboard_ranks_from_zero(v),
        })
    }

    fn protocol_parse(&self, text: &str) -> Option<Move> {
        crate::notation::protocol_text::parse_move(self.position(), text)
    }
}
