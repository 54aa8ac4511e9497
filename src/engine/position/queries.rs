//! What a position can tell: men, counters, check, the state of the rules
//! (hands, pools, decks, swaps, passes, removed men), square names.

use super::checked::{with_pos, Position};
use crate::engine::core::{Bits, Bitset, Man, PlayerSet, Square};
use crate::engine::movement::{
    attack_set, attacked, enemies, friends_bb, kind_bb, royal_attacked, royal_attackers, royals,
};
use crate::engine::rules::{connectivity, deck::DeckRule, limit_box, surround};
use crate::ir::{Card, Coord, PieceId, PlayerId};
use rand::Rng;

impl Position {
    /// The player to act.
    pub fn turn(&self) -> PlayerId {
        with_pos!(&self.inner, _c, s => s.turn)
    }

    /// Plies since the game started.
    pub fn ply(&self) -> u32 {
        with_pos!(&self.inner, _c, s => s.ply)
    }

    /// Plies since the quiet-move counter was last reset.
    pub fn quiet_plies(&self) -> u32 {
        with_pos!(&self.inner, _c, s => s.quiet)
    }

    /// The Zobrist hash: men (kind, owner, facing), side to move, has-moved
    /// flags that matter (initial moves, castling rights), raw en-passant
    /// records, hands, pools, swap uses and passes, the decks' public
    /// multisets.
    pub fn hash(&self) -> u64 {
        with_pos!(&self.inner, _c, s => s.hash)
    }

    /// The hash recomputed from scratch (tests compare it with [`Position::hash`]).
    pub fn hash_from_scratch(&self) -> u64 {
        with_pos!(&self.inner, c, s => super::hash::compute(c, s))
    }

    /// The man on a square.
    pub fn man_at(&self, sq: Square) -> Option<Man> {
        let m = with_pos!(&self.inner, _c, s => *s.board.get(sq.index())?);
        (!m.is_empty()).then_some(m)
    }

    /// Every man with its square.
    pub fn men(&self) -> impl Iterator<Item = (Square, Man)> + '_ {
        let occ = self.occupied();
        occ.into_iter().map(move |sq| {
            let m = with_pos!(&self.inner, _c, s => s.at(sq));
            (sq, m)
        })
    }

    /// Occupied squares.
    pub fn occupied(&self) -> Bitset {
        with_pos!(&self.inner, _c, s => (s.occ & !s.walls).widen())
    }

    /// The walls on the board (`then place wall`).
    pub fn walls(&self) -> Bitset {
        with_pos!(&self.inner, _c, s => s.walls.widen())
    }

    /// Men of a player.
    pub fn men_of(&self, p: PlayerId) -> Bitset {
        with_pos!(&self.inner, _c, s => s.by_player[p as usize].widen())
    }

    /// Men of a kind.
    pub fn men_of_kind(&self, kind: PieceId) -> Bitset {
        with_pos!(&self.inner, c, s => kind_bb(&c.base, s, kind).widen())
    }

    /// Whether the man on `sq` has never moved (tracked kinds only).
    pub fn is_unmoved(&self, sq: Square) -> bool {
        with_pos!(&self.inner, _c, s => s.unmoved.contains(sq))
    }

    /// Men of `kind` in a player's hand.
    pub fn hand(&self, p: PlayerId, kind: PieceId) -> u32 {
        with_pos!(&self.inner, _c, s => s.hands[p as usize][kind as usize] as u32)
    }

    /// Men of `kind` (another player's) held in player `p`'s prison
    /// (`captures to prison`).
    pub fn prison(&self, p: PlayerId, kind: PieceId) -> u32 {
        with_pos!(&self.inner, _c, s => s.prisons[p as usize][kind as usize] as u32)
    }

    /// Men of `kind` left in a player's promotion pool.
    pub fn pool(&self, p: PlayerId, kind: PieceId) -> u32 {
        with_pos!(&self.inner, _c, s => s.pools[p as usize][kind as usize] as u32)
    }

    /// Players still in the game (bit mask).
    /// Whether players can be eliminated while the game goes on (more than
    /// two sides, `-> eliminated` rules): then a resignation is an action.
    pub fn has_elimination(&self) -> bool {
        with_pos!(&self.inner, c, _s => c.rules.elimination.is_some())
    }

    pub fn alive(&self) -> u8 {
        self.players_in().bits()
    }

    /// `score ...`: each player's points so far, in turn order (`None`:
    /// the variant keeps no points). See [`crate::engine::Game::scores`]
    /// for the points at the end.
    pub fn scores(&self) -> Option<Vec<u32>> {
        with_pos!(&self.inner, c, s => c.rules.scores.as_ref().map(|sc| sc.all(&c.base, s)))
    }

    /// `score ...`: the points of player `p` so far (0 where the variant
    /// keeps none). Allocates nothing: the evaluation asks it per player.
    pub fn points_of(&self, p: PlayerId) -> u32 {
        with_pos!(&self.inner, c, s => c.rules.scores.as_ref().map_or(0, |sc| sc.of(s, p)))
    }

    /// `checks N`: the checks player `p` has given so far (0 where the
    /// variant counts none). Allocates nothing: the evaluation asks it
    /// per player.
    pub fn checks_given(&self, p: PlayerId) -> u32 {
        with_pos!(&self.inner, c, s => c.rules.checks.as_ref().map_or(0, |ch| ch.given(s, p)))
    }

    /// Players still in the game.
    pub fn players_in(&self) -> PlayerSet {
        with_pos!(&self.inner, _c, s => s.alive)
    }

    /// Whether the player to act is in check: a royal man of its is
    /// attacked (under `turn royal safe at end`, threatened by the next
    /// player's turn: see `position::turn_end`).
    pub fn in_check(&self) -> bool {
        with_pos!(&self.inner, c, s => {
            match c.rules.turns.as_ref().filter(|tr| tr.plan.royal_safe_at_end) {
                Some(tr) => super::turn_end::in_check(c, tr, &mut s.scratch()),
                None => royal_attacked(&c.base, s, s.turn),
            }
        })
    }

    /// Whether a move of `man` to `to` would promote `from prison` with no
    /// choice held, so that no such move exists (`promote ... from
    /// prison`).
    pub fn promotion_unheld(&self, man: Man, to: Square) -> bool {
        with_pos!(&self.inner, c, s => c.rules.promotion.unheld(s, man, to))
    }

    /// Whether a royal man of `p` is attacked by an enemy.
    pub fn royal_attacked(&self, p: PlayerId) -> bool {
        with_pos!(&self.inner, c, s => royal_attacked(&c.base, s, p))
    }

    /// The enemy men attacking a royal man of the player to act.
    pub fn checkers(&self) -> Bitset {
        with_pos!(&self.inner, c, s => {
            let b = &c.base;
            let enemy = enemies(b, s, s.turn);
            let mut out = enemy & !enemy;
            if !royal_attacked(b, s, s.turn) {
                return out.widen();
            }
            for r in royals(b, s, s.turn) {
                let mut by = royal_attackers(b, s, r, enemy, s.occ);
                if let Some(pa) = b.prison.as_deref() {
                    // `promote ... from prison`: a man with no choice held
                    // does not attack its zone.
                    by &= !pa.void(s, r, by);
                }
                out |= by;
            }
            out.widen()
        })
    }

    /// Whether `sq` is attacked by a man of a player who is not `p`'s friend.
    pub fn attacked_by_enemy_of(&self, sq: Square, p: PlayerId) -> bool {
        with_pos!(&self.inner, c, s => {
            let enemy = s.occ & !(friends_bb(&c.base, s, p) | s.walls);
            attacked(&c.base, s, sq, enemy, s.occ)
        })
    }

    /// The squares the man on `sq` attacks.
    pub fn attacks_from(&self, sq: Square) -> Bitset {
        match self.man_at(sq) {
            Some(m) => with_pos!(&self.inner, c, s => attack_set(&c.base, s, sq, m, s.occ).widen()),
            None => Bitset::EMPTY,
        }
    }

    /// The squares `man` would attack from `sq` with the position's
    /// occupancy, whether or not it stands there (for an evaluation that
    /// asks from where a kind would reach a square: from `sq` with the
    /// other side's facing, by symmetry of leaps and rides).
    pub fn attacks_as(&self, sq: Square, man: Man) -> Bitset {
        with_pos!(&self.inner, c, s => attack_set(&c.base, s, sq, man, s.occ).widen())
    }

    /// The coordinate of a square as players name it: `(0,0)` is a1 on a
    /// board. On an unbounded board the coordinates are those of the
    /// start position's frame and stay with the men for the whole game,
    /// whatever way the area floats (they may become negative).
    pub fn coord(&self, sq: Square) -> Coord {
        let (x, y) = self.tables.geometry().coords(sq);
        let o = with_pos!(&self.inner, _c, s => s.origin);
        Coord::new(x + o.0, y + o.1)
    }

    /// The coordinate notation writes for a square (`notation::square`):
    /// [`Position::coord`], except on a hexagonal board, where it is the
    /// file letter's distance from `a` and the rank less one, in
    /// Glinski's names (`ir::Board::named_coord`).
    pub fn named(&self, sq: Square) -> Coord {
        let geo = self.tables.geometry();
        match geo.hex_side() {
            Some(_) => {
                let (x, y) = geo.coords(sq);
                geo.naming().named_coord(x, y)
            }
            None => self.coord(sq),
        }
    }

    /// The square at a coordinate (see [`Position::coord`]), if real.
    pub fn square_at(&self, c: Coord) -> Option<Square> {
        let o = with_pos!(&self.inner, _c, s => s.origin);
        let x = c.x.checked_sub(o.0)?;
        let y = c.y.checked_sub(o.1)?;
        self.tables.geometry().square(x, y)
    }

    // ----- placement games ------------------------------------------------

    /// Swap powers `p` has used.
    pub fn swaps_used(&self, p: PlayerId) -> u32 {
        with_pos!(&self.inner, c, s => c.rules.swaps.as_ref().map_or(0, |sw| sw.used_by(s, p)))
    }

    /// Consecutive passes just played.
    pub fn passes(&self) -> u32 {
        with_pos!(&self.inner, c, s => c.rules.passing.as_ref().map_or(0, |pa| pa.count(s)))
    }

    /// Men of `kind` of player `p` removed from the game for good.
    pub fn removed(&self, p: PlayerId, kind: PieceId) -> u32 {
        with_pos!(&self.inner, c, s => c
            .rules
            .surround
            .as_ref()
            .and_then(|sur| sur.removed_var(&c.base.layout, p as usize, kind as usize))
            .map_or(0, |v| s.var(v)))
    }

    /// Whether the man on `sq` is surrounded on its 4 sides.
    pub fn is_surrounded(&self, sq: Square) -> bool {
        with_pos!(&self.inner, c, s => {
            let b = &c.base;
            surround::is_surrounded(b, s, sq, limit_box::window(b, s.occ))
        })
    }

    /// Whether the invariants hold (the fast check used by generation).
    pub fn invariants_hold(&self) -> bool {
        with_pos!(&self.inner, c, s => c.rules.constraints.invariants_hold(&c.base, s))
    }

    /// Reference check of connectivity with petgraph: whether the men (or
    /// each player's men, when `per_player`) form one group under
    /// `neighbours`-adjacency (4 or 8).
    pub fn connected_reference(&self, neighbours: u8, per_player: bool) -> bool {
        with_pos!(&self.inner, c, s => connectivity::connected_reference(&c.base, s, neighbours, per_player))
    }

    // ----- decks -----------------------------------------------------------

    /// Re-sample the hidden order of every deck from its public multiset
    /// (determinisation for an AI). Legality never depends on the order,
    /// except for the identity of the card a draw action draws; the hash
    /// covers the multisets only, so it does not change.
    ///
    /// Under `face down`, the true kinds of the face-down men that the
    /// player to act does not know are dealt again from what it cannot
    /// tell apart (`rules::faces`); the hash does not change either.
    pub fn redeal_hidden<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        with_pos!(&mut self.inner, c, s => {
            DeckRule::redeal(s, rng);
            if let Some(f) = &c.rules.faces {
                f.redeal(s, rng);
            }
        });
    }

    /// Whether a face-down man (`face down`) stands on `sq`.
    pub fn is_face_down(&self, sq: Square) -> bool {
        with_pos!(&self.inner, c, s => c
            .rules
            .faces
            .as_ref()
            .is_some_and(|f| sq.index() < c.base.nsq && f.is_face(s.at(sq))))
    }

    /// Whether the variant has face-down men (`face down`).
    pub fn has_face_down(&self) -> bool {
        with_pos!(&self.inner, c, _s => c.rules.faces.is_some())
    }

    /// Under `face down`: per start square of a face-down man (in FEN
    /// order), its square, its owner and the kind it is, as the referee
    /// knows it: `Some(kind)` while unrevealed, `None` once turned face up.
    pub fn face_down_truths(&self) -> Vec<(Square, PlayerId, Option<PieceId>)> {
        with_pos!(&self.inner, c, s => match &c.rules.faces {
            Some(f) => (0..f.slots.len())
                .map(|i| {
                    let sl = f.slots[i];
                    (sl.sq, sl.owner, (!f.revealed(s, i)).then(|| f.truth(s, i)))
                })
                .collect(),
            None => Vec::new(),
        })
    }

    /// The public content of a player's deck: each card with how many
    /// remain (in the variant's card order, not the hidden deck order).
    pub fn deck_counts(&self, p: PlayerId) -> Vec<(Card, u32)> {
        with_pos!(&self.inner, c, s => {
            let (Some(d), Some(deck)) = (c.rules.deck.as_ref(), s.decks.get(p as usize)) else {
                return Vec::new();
            };
            (0..d.types.len())
                .map(|ty| (d.types[ty], deck.count(ty as u8)))
                .filter(|&(_, n)| n > 0)
                .collect()
        })
    }

    /// Cards left in a player's deck.
    pub fn deck_len(&self, p: PlayerId) -> u32 {
        with_pos!(&self.inner, _c, s => s
            .decks
            .get(p as usize)
            .map_or(0, |d| d.remaining().len() as u32))
    }

    /// The hidden top card of a player's deck. Not for players or AIs:
    /// tests and referees only.
    pub fn peek_top_card(&self, p: PlayerId) -> Option<Card> {
        self.peek_deck(p).first().copied()
    }

    /// The hidden order of a player's deck, top first (tests and referees only).
    pub fn peek_deck(&self, p: PlayerId) -> Vec<Card> {
        with_pos!(&self.inner, c, s => {
            let (Some(d), Some(deck)) = (c.rules.deck.as_ref(), s.decks.get(p as usize)) else {
                return Vec::new();
            };
            deck.remaining()
                .iter()
                .map(|&ty| d.types[ty as usize])
                .collect()
        })
    }

    /// Whether the player to act may draw now (decided from the public
    /// multiset of the deck, never from its order).
    pub fn may_draw(&self) -> bool {
        with_pos!(&self.inner, c, s => match &c.rules.deck {
            Some(d) => d.may_draw(&c.base, &mut s.scratch()),
            None => false,
        })
    }

    /// Whether `p` owes a board move after returning an unplaceable card.
    pub fn must_move(&self, p: PlayerId) -> bool {
        with_pos!(&self.inner, c, s => c.rules.deck.as_ref().is_some_and(|d| d.owes_move(s, p)))
    }

    /// Whether `p` revealed a card with no legal square (and lost).
    pub fn lost_by_card(&self, p: PlayerId) -> bool {
        with_pos!(&self.inner, c, s => c.rules.deck.as_ref().is_some_and(|d| d.losers(s).contains(p)))
    }
}
