//! A game: a position with the history needed for repetition and undo,
//! and its status from the variant's endings.

use super::checked::{with_pos, Position, Undo};
use super::movegen;
use crate::engine::core::{Bits, EpRecord, Move, MoveList, PlayerSet, State};
use crate::engine::movement::Ctx;
use crate::engine::rules::en_passant::{any_record, EnPassant};
use crate::engine::rules::endings::{self, Facts};
use crate::engine::rules::{Cause, Status};
use crate::engine::tables::{Compiled, Tables};
use crate::ir::{Chase, Event, PlayerId};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Repetition keys are Zobrist hashes, already uniform: the map uses them
/// as they are instead of hashing them again.
#[derive(Default, Clone, Copy, Debug)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyCounts = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

/// Plies a new game's history has room for before it grows (a typical
/// game's length: growing the repetition map step by step from empty cost
/// about 2% of a random playout).
const RESERVED_PLIES: usize = 256;

impl Position {
    /// The position's identity for repetition: the hash, with an
    /// en-passant record counted only if some player allowed to use it has
    /// a legal en-passant capture now.
    pub fn repetition_key(&self) -> u64 {
        with_pos!(&self.inner, c, s => repetition_key(c, s))
    }
}

#[inline]
fn repetition_key<B: Bits>(t: &Compiled<B>, s: &State<B>) -> u64 {
    if any_record(s) {
        s.hash ^ ep_part(t, s)
    } else {
        s.hash
    }
}

/// The part of the repetition key that the open en-passant records add.
#[inline(never)]
fn ep_part<B: Bits>(t: &Compiled<B>, s: &State<B>) -> u64 {
    let z = &t.base.layout.zob;
    let mut h = 0;
    // Every slot: under `en passant per turn` a player has several.
    for q in 0..s.ep.len() {
        let Some(rec) = s.ep[q] else { continue };
        h ^= z.ep[rec.victim.index()];
        if ep_capture_exists(t, s, q) {
            h ^= z.ep[rec.victim.index()].rotate_left(17);
        }
    }
    h
}

/// Whether an eligible player could legally take the e.p. record in `slot`
/// (as if it were their turn).
fn ep_capture_exists<B: Bits>(t: &Compiled<B>, s: &State<B>, slot: usize) -> bool {
    let (Some(ep), Some(rec)) = (&t.rules.en_passant, s.ep[slot]) else {
        return false;
    };
    // Usually no man stands where it could take: no copy, no generation.
    ep.may_take(s, &rec) && ep_capture_found(t, s, ep, rec)
}

/// [`ep_capture_exists`] by generation: the record's eligible players'
/// en-passant captures of its victim, each tested for legality.
fn ep_capture_found<B: Bits>(
    t: &Compiled<B>,
    s: &State<B>,
    ep: &EnPassant<B>,
    rec: EpRecord,
) -> bool {
    let mut s = s.scratch();
    if t.rules
        .turns
        .as_ref()
        .is_some_and(|tr| tr.plan.royal_safe_at_end)
    {
        // The capture must be legal for the player to act, threats judged.
        let mut list = MoveList::new();
        movegen::gen_legal(t, &mut s, &mut list);
        return list
            .iter()
            .any(|&m| matches!(m, Move::EnPassant { victim, .. } if victim == rec.victim));
    }
    for q in rec.eligible.iter() {
        s.turn = q;
        let c = Ctx::new(&t.base, &s, q, t.rules.captures.any());
        let mut found = false;
        ep.candidates(&t.base, &mut s, &c, |s, mv, _| {
            if !found
                && matches!(mv, Move::EnPassant { victim, .. } if victim == rec.victim)
                && movegen::legal_after(t, s, mv, false)
            {
                found = true;
            }
        });
        if found {
            return true;
        }
    }
    false
}

/// The kinds of the men giving check to the player to act, as a mask.
fn checker_kinds(pos: &Position) -> u64 {
    let mut kinds = 0u64;
    for sq in pos.checkers().iter() {
        if let Some(m) = pos.man_at(sq) {
            if m.kind() < 64 {
                kinds |= 1 << m.kind();
            }
        }
    }
    kinds
}

/// A game: a position with the history needed for repetition, and undo.
#[derive(Clone, Debug)]
pub struct Game {
    pos: Position,
    /// Repetition keys of the positions before the current one, in order.
    keys: Vec<u64>,
    /// How often each key occurs in `keys`.
    seen: KeyCounts,
    /// The repetition key of the current position (found once per move:
    /// the endings ask for it, and the next move records it).
    key: u64,
    played: Vec<(Move, Undo)>,
    /// Who made each action of `played` (`for mover`).
    movers: Vec<PlayerId>,
    /// `dice`: the seed the game rolls from after each action (`None`: the
    /// rolls are not known, and a position after an action is not rolled:
    /// every kind may move, as a search assumes; see `rules::dice`).
    dice_seed: Option<u64>,
    /// Who acted at each ply played, who was to act after it and the kinds
    /// of the men that then gave check; kept only where a rule reads it
    /// (`perpetual check`, `checkmate given only by`, `checkmate without
    /// check by`, `back and forth`, `quiet ... plus ... per check`).
    checks: Option<Vec<PlyCheck>>,
    /// `quiet ... plus ... per check`: the player credited with a check
    /// standing in the record's first position (the one not to act
    /// there; see [`crate::engine::rules::quiet::most_checks`]).
    first_check: Option<PlayerId>,
}

/// The checks after one ply, for the rules that read the history.
#[derive(Clone, Copy, Debug)]
struct PlyCheck {
    mover: PlayerId,
    to_act: PlayerId,
    /// The kinds of the men attacking a royal man of `to_act` (a mask; 0:
    /// no check).
    kinds: u64,
    /// Whether `mover` was in check when it acted.
    mover_in_check: bool,
    /// Whether the ply took a man off the board (fewer men after it).
    captured: bool,
}

/// The facts a game knows, for the endings.
struct GameFacts<'a> {
    game: &'a Game,
    legal: Option<bool>,
}

impl Facts for GameFacts<'_> {
    fn has_legal(&mut self) -> bool {
        let pos = &self.game.pos;
        *self
            .legal
            .get_or_insert_with(|| pos.detached().has_legal_move())
    }
    fn occurrences(&mut self) -> u32 {
        self.game.occurrences()
    }
    fn in_check(&mut self) -> bool {
        self.game.pos.in_check()
    }
    fn last_action(&mut self) -> Option<Move> {
        self.game.played.last().map(|(m, _)| *m)
    }
    fn last_mover(&mut self) -> Option<PlayerId> {
        self.game.movers.last().copied()
    }
    fn perpetual_checkers(&mut self, n: u32) -> PlayerSet {
        self.game.perpetual_checkers(n)
    }
    fn back_and_forth(&mut self, moves: u32, except: u64) -> Option<PlayerId> {
        self.game.back_and_forth(moves, except)
    }
    fn perpetual_chasers(&mut self, rule: &Chase) -> PlayerSet {
        self.game.perpetual_chasers(rule)
    }
    fn quiet_checks(&mut self) -> u32 {
        self.game.quiet_checks()
    }
    fn checker_kinds(&mut self) -> u64 {
        checker_kinds(&self.game.pos)
    }
    fn check_series_kinds(&mut self) -> u64 {
        let g = self.game;
        let mut kinds = checker_kinds(&g.pos);
        let me = g.pos.turn();
        if let Some(checks) = &g.checks {
            // The earlier positions where this player was to act, newest
            // first, while it was in check.
            for c in checks.iter().rev().skip(1).filter(|c| c.to_act == me) {
                if c.kinds == 0 {
                    break;
                }
                kinds |= c.kinds;
            }
        }
        kinds
    }
}

impl Game {
    pub fn new(pos: Position) -> Game {
        let key = pos.repetition_key();
        let end = &pos.tables().variant().end;
        let plus = end
            .iter()
            .any(|r| matches!(r.when, Event::Quiet { plus: Some(_), .. }));
        let perpetual = plus
            || end.iter().any(|r| {
                matches!(
                    r.when,
                    Event::PerpetualCheck(_)
                        | Event::BackAndForth { .. }
                        | Event::CheckmateGivenOnlyBy(_)
                        | Event::CheckmateWithoutCheckBy(_)
                )
            });
        // Two players (the checker's rule): the other one gave it.
        let first_check = (plus && pos.in_check()).then(|| 1 - pos.turn().min(1));
        Game {
            checks: perpetual.then(|| Vec::with_capacity(RESERVED_PLIES)),
            first_check,
            pos,
            keys: Vec::with_capacity(RESERVED_PLIES),
            seen: KeyCounts::with_capacity_and_hasher(RESERVED_PLIES, Default::default()),
            key,
            played: Vec::with_capacity(RESERVED_PLIES),
            movers: Vec::with_capacity(RESERVED_PLIES),
            dice_seed: None,
        }
    }

    /// Roll the dice from `seed` after each action from now on (a variant
    /// with `dice`), and now if the position is not rolled; `None`: the
    /// rolls are not known (a search's copy of the game).
    pub fn set_dice_seed(&mut self, seed: Option<u64>) {
        if self.pos.roll().is_none() {
            return;
        }
        self.dice_seed = seed;
        let Some(seed) = seed else {
            return;
        };
        // Not rolled, or (a FEN's roll under `dice stuck: reroll`) a roll
        // the game would have rolled again.
        if self.pos.roll() == Some(0) || self.pos.roll_state() == super::RollState::Dead {
            let dead = self.pos.roll() != Some(0);
            if dead
                && !self
                    .tables()
                    .variant()
                    .turn
                    .dice
                    .as_ref()
                    .is_some_and(|d| d.reroll)
            {
                return;
            }
            self.pos.roll_from_seed(seed);
            self.key = self.pos.repetition_key();
        }
    }

    /// The seed the game rolls its dice from, if it rolls them.
    pub fn dice_seed(&self) -> Option<u64> {
        self.dice_seed
    }

    /// Set the roll of the player to act (a record's, or a person's at a
    /// board with real dice): see [`Position::set_roll`]. Taking back the
    /// last action takes it back too.
    pub fn set_roll(&mut self, code: u32) -> Result<(), String> {
        self.pos.set_roll(code)?;
        self.key = self.pos.repetition_key();
        Ok(())
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn tables(&self) -> &Tables {
        self.pos.tables()
    }

    /// Moves played so far.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.played.iter().map(|(m, _)| *m)
    }

    pub fn legal_moves(&self) -> MoveList {
        self.pos.legal_moves()
    }

    /// Play a move, which must be legal (see [`Game::try_play`]).
    pub fn play(&mut self, mv: Move) {
        let key = self.key;
        self.keys.push(key);
        *self.seen.entry(key).or_insert(0) += 1;
        let mover = self.pos.turn();
        let before = self
            .checks
            .is_some()
            .then(|| (self.pos.in_check(), self.pos.occupied().count()));
        let undo = self.pos.make(mv);
        if let Some(seed) = self.dice_seed {
            self.pos.roll_from_seed(seed);
        }
        self.played.push((mv, undo));
        self.movers.push(mover);
        self.key = self.pos.repetition_key();
        if let (Some(checks), Some((in_check, men))) = (self.checks.as_mut(), before) {
            checks.push(PlyCheck {
                mover,
                to_act: self.pos.turn(),
                kinds: checker_kinds(&self.pos),
                mover_in_check: in_check,
                captured: self.pos.occupied().count() < men,
            });
        }
    }

    /// Whether the player to act may play [`Move::Resign`]: in a game with
    /// eliminations that is not over. The resigner leaves; the game goes on
    /// while more than one team is left.
    pub fn can_resign(&self) -> bool {
        self.pos.has_elimination() && !matches!(self.status(), Status::Ended { .. })
    }

    /// Play a move if it is legal.
    pub fn try_play(&mut self, mv: Move) -> Result<(), Move> {
        if self.pos.is_legal(mv) {
            self.play(mv);
            Ok(())
        } else {
            Err(mv)
        }
    }

    /// Re-sample the hidden order of every deck from its public multiset
    /// (determinisation; see [`Position::redeal_hidden`]). Hashes and the
    /// repetition history are unchanged.
    pub fn redeal_hidden<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) {
        self.pos.redeal_hidden(rng);
    }

    /// Take back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let (mv, undo) = self.played.pop()?;
        self.movers.pop();
        self.pos.unmake(mv, undo);
        if let Some(checks) = self.checks.as_mut() {
            checks.pop();
        }
        // The key recorded before the move is the restored position's.
        match self.keys.pop() {
            Some(key) => {
                self.key = key;
                if let Some(n) = self.seen.get_mut(&key) {
                    *n -= 1;
                    if *n == 0 {
                        self.seen.remove(&key);
                    }
                }
            }
            None => self.key = self.pos.repetition_key(),
        }
        Some(mv)
    }

    /// How many times the current position has occurred (1 = first time).
    pub fn occurrences(&self) -> u32 {
        1 + self.seen.get(&self.key).copied().unwrap_or(0)
    }

    /// See [`Facts::perpetual_checkers`]: the window runs from the first of
    /// the last `n` occurrences of the current position to now.
    fn perpetual_checkers(&self, n: u32) -> PlayerSet {
        let Some(checks) = &self.checks else {
            return PlayerSet::EMPTY;
        };
        if n < 2 || self.occurrences() < n || checks.len() != self.keys.len() {
            return PlayerSet::EMPTY;
        }
        let mut left = n - 1;
        let Some(start) = self.keys.iter().rposition(|&k| {
            if k == self.key {
                left -= 1;
            }
            left == 0
        }) else {
            return PlayerSet::EMPTY;
        };
        let (mut acted, mut not_checking) = (PlayerSet::EMPTY, PlayerSet::EMPTY);
        for c in &checks[start..] {
            acted.insert(c.mover);
            if c.kinds == 0 {
                not_checking.insert(c.mover);
            }
        }
        acted & !not_checking
    }

    /// See [`Facts::quiet_checks`]: read from the record of checks.
    fn quiet_checks(&self) -> u32 {
        match &self.checks {
            Some(checks) if checks.len() == self.played.len() => {
                crate::engine::rules::quiet::most_checks(
                    checks.len(),
                    self.pos.quiet_plies(),
                    self.first_check,
                    |i| (checks[i].kinds != 0).then_some(checks[i].mover),
                )
            }
            _ => 0,
        }
    }

    /// The first ply of the window of the last `n` occurrences of the
    /// current position (`None` if it has occurred fewer times).
    fn window_start(&self, n: u32) -> Option<usize> {
        if n < 2 || self.occurrences() < n {
            return None;
        }
        let mut left = n - 1;
        self.keys.iter().rposition(|&k| {
            if k == self.key {
                left -= 1;
            }
            left == 0
        })
    }

    /// See [`Facts::perpetual_chasers`]: worked out only here, when the
    /// position has occurred `rule.times` times, by replaying the window
    /// (module `chase`); nothing is kept per ply.
    fn perpetual_chasers(&self, rule: &Chase) -> PlayerSet {
        match self.window_start(rule.times) {
            Some(start) if self.keys.len() == self.played.len() => {
                super::chase::chasers(&self.pos, &self.played, start, rule)
            }
            _ => PlayerSet::EMPTY,
        }
    }

    /// See [`Facts::back_and_forth`] and docs/LANGUAGE.md `back and
    /// forth`: the player who made the last ply, if its last `moves`
    /// moves went back and forth between two squares.
    fn back_and_forth(&self, moves: u32, except: u64) -> Option<PlayerId> {
        let checks = self.checks.as_ref()?;
        let len = self.played.len();
        if checks.len() != len {
            return None;
        }
        let mover = checks.last()?.mover;
        // The player's plies, newest first.
        let mut mine = (0..len).rev().filter(|&i| checks[i].mover == mover);
        let plain = |i: usize| match self.played[i].0 {
            Move::Normal {
                from,
                to,
                promote: None,
            } if !checks[i].mover_in_check => Some((from, to)),
            _ => None,
        };
        let last = mine.next()?;
        let (mut from, to) = plain(last)?;
        let kind = self.pos.man_at(to)?.kind();
        if kind < 64 && except & (1 << kind) != 0 {
            return None;
        }
        let mut i = mine.next()?;
        // A pass (not in check) just before the last move is skipped.
        if self.played[i].0 == Move::Pass {
            if checks[i].mover_in_check {
                return None;
            }
            i = mine.next()?;
        }
        // Each earlier move undid the one after it.
        let mut back = (to, from);
        for _ in 1..moves {
            if plain(i)? != back {
                return None;
            }
            from = back.0;
            back = (back.1, back.0);
            i = mine.next()?;
        }
        // `i`: the move that brought the man to `from`, capturing nothing,
        // with every ply after it inside the window of the quiet counter
        // (no capture since, nor other reset); the player not in check
        // before it unless it reset the counter itself.
        let window = (self.pos.quiet_plies() as usize).min(len);
        let arrival = &checks[i];
        if self.played[i].0.to() != Some(from)
            || arrival.captured
            || i + 1 + window < len
            || (i + window >= len && arrival.mover_in_check)
        {
            return None;
        }
        Some(mover)
    }

    fn facts(&self, legal: Option<bool>) -> GameFacts<'_> {
        GameFacts { game: self, legal }
    }

    /// The status after the last action: the first end rule (in the
    /// variant's order) that fires decides. `ClaimDraw` rules never end the
    /// game; see [`Game::claimable`].
    pub fn status(&self) -> Status {
        let mut f = self.facts(None);
        with_pos!(&self.pos.inner, c, s => endings::status(&c.base, &c.rules.ending_parts(), s, &mut f))
    }

    /// [`Game::status`], also leaving the legal moves in `moves` (cleared
    /// first): one generation serves both, for playouts and interfaces.
    pub fn status_into(&mut self, moves: &mut MoveList) -> Status {
        self.pos.legal_moves_into(moves);
        let any = !moves.is_empty();
        let mut f = self.facts(Some(any));
        with_pos!(&self.pos.inner, c, s => endings::status(&c.base, &c.rules.ending_parts(), s, &mut f))
    }

    /// [`Game::status_into`] with only the legal captures and promotions
    /// in `moves` (`Position::tactical_moves_into`), for quiescence; the
    /// status is exact (where no tactical action was found, whether a legal
    /// action exists is asked of a generation that stops at the first).
    /// With it, about how many legal board moves there are
    /// (`Position::tactical_moves_into`). `None` where the variant cannot
    /// generate them alone.
    pub fn tactical_status_into(&mut self, moves: &mut MoveList) -> Option<(Status, usize)> {
        let n = self.pos.tactical_moves_into(moves)?;
        // (Asked here, on the position itself: the facts would ask it of
        // a copy.) The generation stops at the first legal action.
        let any = !moves.is_empty() || self.pos.has_legal_move();
        let mut f = self.facts(Some(any));
        let st = with_pos!(&self.pos.inner, c, s => endings::status(&c.base, &c.rules.ending_parts(), s, &mut f));
        Some((st, n))
    }

    /// `score ...`: each player's points, in turn order, with those a
    /// checkmate or stalemate rule that ended the game gives at its end
    /// (the scores rule module's `at_end`); `None`: the variant keeps no
    /// points.
    pub fn scores(&self) -> Option<Vec<u32>> {
        self.scores_at(&self.status())
    }

    /// [`Game::scores`] for the game's status already computed.
    pub fn scores_at(&self, status: &Status) -> Option<Vec<u32>> {
        with_pos!(&self.pos.inner, c, s => {
            let sc = c.rules.scores.as_ref()?;
            let event = match status {
                Status::Ended { cause, .. }
                    if c.rules.end.get(cause.rule).is_some_and(|r| {
                        r.then != crate::ir::Outcome::Eliminated && r.when == cause.event
                    }) =>
                {
                    Some(&cause.event)
                }
                _ => None,
            };
            Some(sc.at_end(&c.base, s, event, s.turn))
        })
    }

    /// Draw claims available now (rules with outcome `ClaimDraw` that hold).
    pub fn claimable(&self) -> Vec<Cause> {
        let mut f = self.facts(None);
        with_pos!(&self.pos.inner, c, s => endings::claimable(&c.base, &c.rules.ending_parts(), s, &mut f))
    }
}

#[cfg(test)]
mod tests {
    use super::ep_capture_found;
    use crate::engine::position::checked::with_pos;
    use crate::engine::testing::{each_random_position, variant_from_text};
    use crate::engine::Tables;
    use std::sync::Arc;

    /// A small board where en-passant captures come often: a pawn with a
    /// double step taken by a diagonal capture, and one that passes
    /// diagonally and is taken by a straight step (the rule texts are
    /// written here).
    fn text(pawn: &str) -> String {
        format!(
            "variant passing \"Passing\" {{
  players white, black
  board 6x6
  piece king K moves \"K\" royal
  piece rook R moves \"R\"
  piece pawn P moves \"{pawn}\"
  promote pawn at far edge to rook
  setup {{
    white: K c1, R a1, P a2..f2
    black: mirror white
  }}
  end {{
    checkmate -> lose
    stalemate -> draw
  }}
}}
"
        )
    }

    /// The test on the board's sets that spares the generation is never
    /// false where the generation finds a legal capture.
    #[test]
    fn en_passant_captures_found_by_generation_pass_the_quick_test() {
        for pawn in ["fmW fceF ifmnD", "mfF cfeW imfnA"] {
            let v = variant_from_text("passing.variant", &text(pawn));
            let tables = Arc::new(Tables::new(&v).expect("compiles"));
            let (mut records, mut found, mut spared) = (0usize, 0usize, 0usize);
            each_random_position(&tables, 0x2545_f491_4f6c_dd1d, 60, 50, |p| {
                with_pos!(&p.inner, c, s => {
                    let ep = c.rules.en_passant.as_ref().expect("en passant");
                    for rec in s.ep.iter().flatten() {
                        records += 1;
                        let quick = ep.may_take(s, rec);
                        if ep_capture_found(c, s, ep, *rec) {
                            found += 1;
                            assert!(quick, "{pawn}: a capture the quick test misses in {}", p.fen());
                        } else if !quick {
                            spared += 1;
                        }
                    }
                })
            });
            assert!(
                found > 20 && spared > 20,
                "{pawn}: {records} records, {found} found, {spared} spared"
            );
        }
    }
}
