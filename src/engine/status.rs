//! Game status: the variant's end rules evaluated on a game with history.

use super::movegen::{self, Ctx};
use super::moves::{Move, MoveKind, MoveList};
use super::position::{Position, Undo};
use super::tables::Tables;
use crate::ir::{Event, Outcome, PlayerId};

/// Which end rule fired.
#[derive(Clone, Debug, PartialEq)]
pub struct Cause {
    /// Index in `Variant::end`.
    pub rule: usize,
    pub event: Event,
}

/// The state of a game after its last action.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// No end rule fired (a draw may still be claimable: [`Game::claimable`]).
    Ongoing,
    /// The game is over. `winners` is a bit mask of players; 0 is a draw.
    Ended { winners: u8, cause: Cause },
    /// A rule fired whose outcome does not simply end the game (a pass, an
    /// elimination while several sides remain, removing a man, returning a
    /// card). Applying it belongs to issues 4/5.
    Pending {
        cause: Cause,
        outcome: Outcome,
        subject: Option<PlayerId>,
    },
}

impl Status {
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Ended { .. })
    }
}

impl Position {
    /// The position's identity for repetition (RULES §2b): the hash, with an
    /// en-passant record counted only if some player allowed to use it has
    /// a legal en-passant capture now.
    pub fn repetition_key(&self) -> u64 {
        let t = &*self.tables;
        let mut h = self.s.hash;
        for q in 0..t.nplayers {
            let rec = self.s.ep[q];
            if !rec.is_some() {
                continue;
            }
            h ^= t.zob.ep[rec.victim.index()];
            if self.ep_capture_exists(q) {
                h ^= t.zob.ep[rec.victim.index()].rotate_left(17);
            }
        }
        h
    }

    /// Whether an eligible player could legally take `owner`'s e.p. record
    /// (as if it were their turn).
    fn ep_capture_exists(&self, owner: usize) -> bool {
        let t = &*self.tables;
        let rec = self.s.ep[owner];
        let mut list = MoveList::new();
        for q in 0..t.nplayers as PlayerId {
            if rec.eligible & (1 << q) == 0 {
                continue;
            }
            let mut s = self.s.clone();
            s.turn = q;
            let c = Ctx::new(t, &s, q);
            list.clear();
            movegen::gen_ep(t, &mut s, &c, true, &mut list);
            if list
                .iter()
                .any(|m| m.kind == MoveKind::EnPassant && m.aux == rec.victim.0)
            {
                return true;
            }
        }
        false
    }
}

/// A game: a position with the history needed for repetition, and undo.
#[derive(Clone, Debug)]
pub struct Game {
    pos: Position,
    /// Repetition keys of the positions before the current one.
    keys: Vec<u64>,
    played: Vec<(Move, Undo)>,
}

impl Game {
    pub fn new(pos: Position) -> Game {
        Game {
            pos,
            keys: Vec::new(),
            played: Vec::new(),
        }
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
        self.keys.push(self.pos.repetition_key());
        let undo = self.pos.make(mv);
        self.played.push((mv, undo));
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
        self.pos.unmake(mv, undo);
        self.keys.pop();
        Some(mv)
    }

    /// How many times the current position has occurred (1 = first time).
    pub fn occurrences(&self) -> u32 {
        let k = self.pos.repetition_key();
        1 + self.keys.iter().filter(|&&x| x == k).count() as u32
    }

    /// The status after the last action: the first end rule (in the
    /// variant's order) that fires decides. `ClaimDraw` rules never end the
    /// game; see [`Game::claimable`].
    pub fn status(&self) -> Status {
        if let Some(st) = self.forced() {
            return st;
        }
        let mut legal: Option<bool> = None;
        let mut has_legal = || *legal.get_or_insert_with(|| !self.pos.legal_moves().is_empty());
        self.first_rule_that_fires(&mut has_legal)
    }

    /// The end rules in order, the first that fires deciding; `has_legal`
    /// says whether the player to act has a legal action (asked lazily).
    fn first_rule_that_fires(&self, has_legal: &mut impl FnMut() -> bool) -> Status {
        let me = self.pos.turn();
        for (i, rule) in self.tables().variant.end.iter().enumerate() {
            if rule.then == Outcome::ClaimDraw {
                continue;
            }
            if let Some(st) = super::placement::end_status(&self.pos, i) {
                return st;
            }
            if self.fires(&rule.when, has_legal) {
                return self.outcome(i, me);
            }
        }
        Status::Ongoing
    }

    /// [`Game::status`], also leaving the legal moves in `moves` (cleared
    /// first): one generation serves both, for playouts and interfaces.
    pub fn status_into(&mut self, moves: &mut MoveList) -> Status {
        self.pos.legal_moves_into(moves);
        if let Some(st) = self.forced() {
            return st;
        }
        let any = !moves.is_empty();
        self.first_rule_that_fires(&mut || any)
    }

    /// Draw claims available now (rules with outcome `ClaimDraw` that hold).
    pub fn claimable(&self) -> Vec<Cause> {
        let mut legal: Option<bool> = None;
        let mut has_legal = || *legal.get_or_insert_with(|| !self.pos.legal_moves().is_empty());
        let mut out = Vec::new();
        for (i, rule) in self.tables().variant.end.iter().enumerate() {
            if rule.then == Outcome::ClaimDraw && self.fires(&rule.when, &mut has_legal) {
                out.push(Cause {
                    rule: i,
                    event: rule.when.clone(),
                });
            }
        }
        out
    }

    fn fires(&self, ev: &Event, has_legal: &mut impl FnMut() -> bool) -> bool {
        let pos = &self.pos;
        match ev {
            Event::Checkmate => !has_legal() && pos.in_check(),
            Event::Stalemate => !has_legal() && !pos.in_check(),
            Event::Repetition(n) => self.occurrences() >= *n,
            // With eliminations, the count is in rounds of the players
            // still in (RULES Q12: N moves by each survivor).
            Event::Quiet { plies, .. } => {
                let t = self.tables();
                let need = if t.elim.active {
                    plies * pos.alive().count_ones() / t.players() as u32
                } else {
                    *plies
                };
                pos.quiet_plies() >= need
            }
            Event::PlyLimit(n) => pos.ply() >= *n,
            Event::InsufficientMaterial => dead_material(pos),
            // Issues 4/5: surround, hands, passes and cards.
            Event::Surrounded(_) | Event::HandEmpty | Event::Passes(_) | Event::UnplaceableCard => {
                false
            }
        }
    }

    /// Issue 5: endings decided by the state rather than by a rule firing
    /// now: a revealed card with no legal square (or, after returning it,
    /// no board move), and a single team left after eliminations.
    fn forced(&self) -> Option<Status> {
        let t = self.tables();
        let pos = &self.pos;
        let me = pos.turn();
        if t.cards.enabled {
            let lost = (0..t.nplayers as PlayerId).find(|&p| pos.lost_by_card(p));
            let stuck = lost.is_none() && pos.must_move(me) && pos.legal_moves().is_empty();
            if lost.is_some() || stuck {
                let i = t
                    .variant
                    .end
                    .iter()
                    .position(|r| r.when == Event::UnplaceableCard)?;
                return Some(self.outcome_as(i, lost.unwrap_or(me), Outcome::Lose));
            }
        }
        if t.elim.active && super::elimination::one_team_left(t, pos.alive()) {
            let i = t
                .variant
                .end
                .iter()
                .position(|r| r.then == Outcome::Eliminated)
                .unwrap_or(0);
            return Some(Status::Ended {
                winners: pos.alive(),
                cause: Cause {
                    rule: i,
                    event: t
                        .variant
                        .end
                        .get(i)
                        .map_or(Event::Checkmate, |r| r.when.clone()),
                },
            });
        }
        None
    }

    fn outcome(&self, rule: usize, subject: PlayerId) -> Status {
        let then = self.tables().variant.end[rule].then;
        self.outcome_as(rule, subject, then)
    }

    fn outcome_as(&self, rule: usize, subject: PlayerId, then: Outcome) -> Status {
        let t = self.tables();
        let r = &t.variant.end[rule];
        let cause = Cause {
            rule,
            event: r.when.clone(),
        };
        let alive = self.pos.alive();
        let team = t.friends[subject as usize] & alive;
        let others = alive & !team;
        // The teams among `others`.
        let single_team = (0..t.nplayers)
            .filter(|&p| others & (1 << p) != 0)
            .all(|p| t.friends[p] & others == others);
        match then {
            Outcome::Draw => Status::Ended { winners: 0, cause },
            Outcome::Win => Status::Ended {
                winners: team,
                cause,
            },
            // An elimination ends the game only when it leaves one team.
            Outcome::Eliminated if team & !(1 << subject) != 0 => Status::Pending {
                cause,
                outcome: then,
                subject: Some(subject),
            },
            Outcome::Lose | Outcome::Eliminated if others == 0 => {
                Status::Ended { winners: 0, cause }
            }
            Outcome::Lose | Outcome::Eliminated if single_team => Status::Ended {
                winners: others,
                cause,
            },
            other => Status::Pending {
                cause,
                outcome: other,
                subject: Some(subject),
            },
        }
    }
}

/// Whether the material matches one of the variant's dead-material
/// patterns (two players only; any man in a hand keeps the game alive).
pub fn dead_material(pos: &Position) -> bool {
    let t = &**pos.tables();
    let v = &t.variant;
    if v.dead_material.is_empty() || t.nplayers != 2 {
        return false;
    }
    if (0..2).any(|p| (0..t.nkinds).any(|k| pos.hand(p, k as u8) > 0)) {
        return false;
    }
    // Issue 5: men still in a deck keep the game alive.
    if (0..2).any(|p| pos.deck_len(p) > 0) {
        return false;
    }
    let mut counts = [[0u32; crate::ir::MAX_PIECES]; 2];
    for (_, m) in pos.men() {
        counts[m.owner() as usize][m.kind() as usize] += 1;
    }
    let side_matches = |terms: &[crate::ir::MaterialTerm], p: usize| {
        (0..t.nkinds).all(|k| {
            let exact = terms
                .iter()
                .filter(|x| x.piece as usize == k && !x.any)
                .count() as u32;
            let any = terms.iter().any(|x| x.piece as usize == k && x.any);
            let c = counts[p][k];
            if any {
                c >= exact
            } else {
                c == exact
            }
        })
    };
    v.dead_material.iter().any(|pat| {
        let fits = (side_matches(&pat.sides[0], 0) && side_matches(&pat.sides[1], 1))
            || (side_matches(&pat.sides[0], 1) && side_matches(&pat.sides[1], 0));
        if !fits {
            return false;
        }
        if !pat.same_colour {
            return true;
        }
        let mut kinds = 0u32;
        for side in &pat.sides {
            for term in side.iter().filter(|x| x.any) {
                kinds |= 1 << term.piece;
            }
        }
        let dark = t.geo.dark();
        let mut colours = (false, false);
        for (sq, m) in pos.men() {
            if kinds & (1 << m.kind()) != 0 {
                if dark.contains(sq) {
                    colours.0 = true;
                } else {
                    colours.1 = true;
                }
            }
        }
        !(colours.0 && colours.1)
    })
}
