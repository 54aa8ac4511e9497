//! Card decks: per-player shuffled decks whose top card is drawn and placed
//! as one action.
//!
//! # Hidden information
//!
//! The order of a deck is hidden; the multiset of its remaining cards is
//! public. Whether a player may draw at all reads only the multiset: drawing
//! is open unless the player is in check and no card *type* still in the
//! deck could parry it. The only thing that depends on the order is the
//! identity of the card actually drawn: the generated draw actions are
//! those of the top card (one per legal square), or a single reveal when
//! the top card has no legal square. An AI re-samples the hidden order
//! before each search (determinisation); the hash covers the multisets
//! only, so it is the same for every redeal.
//!
//! # Actions
//!
//! * [`Move::Draw`]: a piece card placed on a square;
//! * [`Move::DrawJoker`]: a joker, removing a man or taking another action;
//! * [`Move::Reveal`]: a card with no legal square (or a joker needed to
//!   parry a check with nothing to remove): the variant's rule for
//!   unplaceable cards decides (lose, or the card goes to the bottom and
//!   the player must make a board move).

use super::drops;
use super::pred::{eval, CPred};
use super::sink::Sink;
use crate::engine::compile::Base;
use crate::engine::core::{
    splitmix, Bits, ByPlayer, Deck, Layout, Man, Move, PlayerSet, Square, State, Var,
};
use crate::engine::movement::royal_attacked;
use crate::ir::KindSet;
use crate::ir::{Card, JokerEffect, PlayerId, Variant};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a revealed card with no legal square does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unplaceable {
    /// The player who drew it loses.
    Lose,
    /// It goes to the bottom of the deck and the player must make a board
    /// move instead.
    ReturnCard,
}

/// A joker's effect.
#[derive(Clone, Debug)]
pub enum Joker<B: Bits> {
    /// None: the joker is discarded.
    Discard,
    /// Remove one man meeting the condition.
    Remove(CPred<B>),
    /// Send one man meeting the condition back to its owner's hand.
    Return(CPred<B>),
    /// The player acts once more.
    ExtraAction,
}

/// The decks of a variant, compiled.
#[derive(Clone, Debug)]
pub struct DeckRule<B: Bits> {
    /// The distinct card types.
    pub types: Vec<Card>,
    /// Per type, per player: squares allowed by the card's region and the
    /// placement rules that do not depend on the position.
    squares: Vec<ByPlayer<B>>,
    /// Per type: the placement conditions that depend on the position.
    dynamic: Vec<Vec<CPred<B>>>,
    /// Per player: the setup deck, unshuffled (type indices).
    pub initial: Vec<Vec<u8>>,
    pub unplaceable: Unplaceable,
    joker: Joker<B>,
    /// Drawing is an action of the variant.
    draw_action: bool,
    /// Per player: owes a board move after returning a card (0 or 1; hashed).
    pub must_move: Var,
    /// Players who revealed an unplaceable card under `-> lose`.
    pub lost: Var,
    seed: u64,
}

impl<B: Bits> DeckRule<B> {
    pub fn new(v: &Variant, t: &Base<B>, l: &mut Layout) -> Result<Option<DeckRule<B>>, String> {
        let has_cards = v.setup.decks.iter().any(|d| d.iter().any(|&(_, n)| n > 0));
        if !has_cards && !v.turn.draw {
            return Ok(None);
        }
        let mut types: Vec<Card> = Vec::new();
        let mut initial = Vec::new();
        for p in 0..t.nplayers {
            let mut list = Vec::new();
            for &(card, n) in v.setup.decks.get(p).into_iter().flatten() {
                let ty = match types.iter().position(|&c| c == card) {
                    Some(i) => i,
                    None => {
                        types.push(card);
                        types.len() - 1
                    }
                };
                if ty > u8::MAX as usize {
                    return Err("more than 256 kinds of card".into());
                }
                list.extend(std::iter::repeat_n(ty as u8, n as usize));
            }
            initial.push(list);
        }
        let mut squares = Vec::new();
        let mut dynamic = Vec::new();
        for &card in &types {
            let mut sq = ByPlayer::splat(B::EMPTY);
            let mut dyn_conds = Vec::new();
            if let Card::Piece { piece, region } = card {
                for p in 0..t.nplayers as PlayerId {
                    let mut b = t.real;
                    if let Some(r) = region {
                        b &= t.region(r, p);
                    }
                    // A confined kind is placed inside its region only.
                    if let Some(r) = v.pieces.get(piece as usize).and_then(|k| k.confined) {
                        b &= t.region(r, p);
                    }
                    for rule in &v.turn.placement {
                        if !rule.pieces.is_empty() && !rule.pieces.contains(&piece) {
                            continue;
                        }
                        let c = CPred::new(t, &rule.condition);
                        match c.static_squares(t, p) {
                            Some(s) => b &= s,
                            None if p == 0 => dyn_conds.push(c),
                            None => {}
                        }
                    }
                    sq[p] = b;
                }
            }
            squares.push(sq);
            dynamic.push(dyn_conds);
        }
        let unplaceable = match v.turn.unplaceable {
            crate::ir::Unplaceable::ReturnCard => Unplaceable::ReturnCard,
            crate::ir::Unplaceable::EndRules => Unplaceable::Lose,
        };
        let joker = match &v.turn.on_joker {
            Some(JokerEffect::Remove { which }) => Joker::Remove(CPred::new(t, which)),
            Some(JokerEffect::ReturnToHand { which }) => Joker::Return(CPred::new(t, which)),
            Some(JokerEffect::ExtraAction) => Joker::ExtraAction,
            None => Joker::Discard,
        };
        Ok(Some(DeckRule {
            types,
            squares,
            dynamic,
            initial,
            unplaceable,
            joker,
            draw_action: v.turn.draw,
            must_move: l.alloc_vars(t.nplayers, true),
            lost: l.alloc_vars(1, false),
            seed: 0x6465_636b_5f7a_6f62, // "deck_zob"
        }))
    }

    /// Key of `count` cards of type `ty` in `player`'s deck.
    #[inline]
    fn key(&self, player: usize, ty: usize, count: u32) -> u64 {
        if count == 0 {
            0
        } else {
            splitmix(self.seed ^ ((player as u64) << 48 | (ty as u64) << 32 | count as u64))
        }
    }

    /// The hash component of the decks: the remaining multisets.
    pub fn hash(&self, s: &State<B>) -> u64 {
        let mut h = 0;
        for (p, d) in s.decks.iter().enumerate() {
            for ty in 0..self.types.len() {
                h ^= self.key(p, ty, d.count(ty as u8));
            }
        }
        h
    }

    /// Whether `p` owes a board move.
    #[inline]
    pub fn owes_move(&self, s: &State<B>, p: PlayerId) -> bool {
        s.var(self.must_move.at(p as usize)) != 0
    }

    /// Players who revealed an unplaceable card and lost.
    #[inline]
    pub fn losers(&self, s: &State<B>) -> PlayerSet {
        PlayerSet::from_bits(s.var(self.lost) as u8)
    }

    /// The setup decks of every player, shuffled from `seed`: player `p`'s
    /// deck by the ChaCha stream `p` of the key made from `seed`, so that
    /// two seeds never deal one player's deck to the other (a per-player
    /// seed such as `seed ^ p` would: seeds `s` and `s ^ 3` swap the decks
    /// of players 0 and 1).
    pub fn shuffled(&self, nplayers: usize, seed: u64) -> Vec<Vec<Card>> {
        (0..nplayers)
            .map(|p| {
                let mut list = self.initial[p].clone();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                rng.set_stream(p as u64);
                list.shuffle(&mut rng);
                list.iter().map(|&ty| self.types[ty as usize]).collect()
            })
            .collect()
    }

    /// Re-sample the hidden order of every deck.
    pub fn redeal<R: Rng + ?Sized>(s: &mut State<B>, rng: &mut R) {
        for d in &mut s.decks {
            let top = d.top as usize;
            d.cards[top..].shuffle(rng);
        }
    }

    /// Whether the man just put on `sq` meets the placement conditions that
    /// depend on the position, and leaves no royal of `me` attacked.
    #[inline]
    fn placed_ok(&self, t: &Base<B>, s: &State<B>, me: PlayerId, ty: usize, sq: Square) -> bool {
        self.dynamic[ty]
            .iter()
            .all(|c| eval(t, s, c, me, Some(sq), Some(sq)))
            && !royal_attacked(t, s, me)
    }

    /// Call `f` for each legal square of a piece card (stops when `f` says so).
    fn for_squares(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        ty: usize,
        mut f: impl FnMut(Square) -> bool,
    ) {
        let Card::Piece { piece, .. } = self.types[ty] else {
            return;
        };
        let l = &t.layout;
        let cand = self.squares[ty][me] & t.real & !s.occ;
        let man = Man::new(piece, me, t.forward[me]);
        for sq in cand {
            s.probe(l, sq, man);
            let ok = self.placed_ok(t, s, me, ty, sq);
            s.unprobe(l, sq);
            if ok && f(sq) {
                return;
            }
        }
    }

    /// Men a removing joker may take, in a legal way (stops when `f` says
    /// so). Returns whether any man meets the condition at all.
    fn for_removals(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        me: PlayerId,
        which: &CPred<B>,
        mut f: impl FnMut(Square) -> bool,
    ) -> bool {
        let l = &t.layout;
        let mut any = false;
        for sq in s.occ & !s.walls {
            if !eval(t, s, which, me, Some(sq), None) {
                continue;
            }
            any = true;
            let man = s.unprobe(l, sq);
            let ok = !royal_attacked(t, s, me);
            s.probe(l, sq, man);
            if ok && f(sq) {
                break;
            }
        }
        any
    }

    /// Whether a card of type `ty` could be played legally now (reads the
    /// position and the public multiset only).
    fn card_helps(&self, t: &Base<B>, s: &mut State<B>, me: PlayerId, ty: usize) -> bool {
        match self.types[ty] {
            Card::Piece { .. } => {
                let mut found = false;
                self.for_squares(t, s, me, ty, |_| {
                    found = true;
                    true
                });
                found
            }
            Card::Joker => match &self.joker {
                Joker::Remove(which) | Joker::Return(which) => {
                    let mut found = false;
                    self.for_removals(t, s, me, which, |_| {
                        found = true;
                        true
                    });
                    found
                }
                Joker::ExtraAction => (0..self.types.len()).any(|o| {
                    o != ty
                        && s.decks[me as usize].count(o as u8) > 0
                        && !matches!(self.types[o], Card::Joker)
                        && self.card_helps(t, s, me, o)
                }),
                Joker::Discard => false,
            },
        }
    }

    /// Whether the player to act may draw now: a card remains, no board
    /// move is owed, and (when in check) some remaining card type could
    /// parry it.
    pub fn may_draw(&self, t: &Base<B>, s: &mut State<B>) -> bool {
        let me = s.turn;
        let d = &s.decks[me as usize];
        if d.remaining().is_empty() || self.owes_move(s, me) {
            return false;
        }
        if !royal_attacked(t, s, me) {
            return true;
        }
        let mut seen = vec![false; self.types.len()];
        let remaining = d.remaining().to_vec();
        for ty in remaining {
            if std::mem::replace(&mut seen[ty as usize], true) {
                continue;
            }
            if self.card_helps(t, s, me, ty as usize) {
                return true;
            }
        }
        false
    }

    /// The draw actions of the player to act (see the module docs).
    pub fn generate<S: Sink>(&self, t: &Base<B>, s: &mut State<B>, out: &mut S) {
        if !self.draw_action || !self.may_draw(t, s) {
            return;
        }
        let me = s.turn;
        let d = &s.decks[me as usize];
        let ty = d.cards[d.top as usize];
        let card = ty;
        let mut n = 0u32;
        match self.types[ty as usize] {
            Card::Piece { piece, .. } => {
                self.for_squares(t, s, me, ty as usize, |to| {
                    out.raw(Move::Draw { card, piece, to });
                    n += 1;
                    false
                });
                if n == 0 {
                    out.raw(Move::Reveal { card });
                }
            }
            Card::Joker => match &self.joker {
                Joker::Remove(which) | Joker::Return(which) => {
                    let in_check = royal_attacked(t, s, me);
                    let any = self.for_removals(t, s, me, which, |sq| {
                        out.raw(Move::DrawJoker {
                            card,
                            target: Some(sq),
                        });
                        n += 1;
                        false
                    });
                    if n == 0 {
                        // Nothing to remove: discarded, unless the player
                        // needed it to parry a check.
                        if any || in_check {
                            out.raw(Move::Reveal { card });
                        } else {
                            out.raw(Move::DrawJoker { card, target: None });
                        }
                    }
                }
                _ => out.raw(Move::DrawJoker { card, target: None }),
            },
        }
    }

    /// Make: before any action, a board move settles a returned card's
    /// "must move".
    #[inline]
    pub fn before_action(&self, t: &Base<B>, s: &mut State<B>, mv: Move) {
        let me = s.turn;
        if mv.card().is_none() && self.owes_move(s, me) {
            s.set_var(&t.layout, self.must_move.at(me as usize), 0);
        }
    }

    /// Make a draw action. Returns whether the same player acts again, and
    /// the man a joker removed.
    pub fn apply(
        &self,
        t: &Base<B>,
        s: &mut State<B>,
        castle_kinds: KindSet,
        mv: Move,
    ) -> (bool, Option<Man>) {
        let me = s.turn;
        let l = &t.layout;
        match mv {
            Move::Draw { card, piece, to } => {
                self.draw_top(s, me, card);
                drops::place(t, s, castle_kinds, me, piece, piece, to, false);
                (false, None)
            }
            Move::DrawJoker { card, target } => {
                self.draw_top(s, me, card);
                let removed = target.map(|sq| s.take(l, sq));
                if let (Some(man), Joker::Return(_)) = (removed, &self.joker) {
                    s.add_hand(l, man.owner(), man.kind(), 1);
                }
                (matches!(self.joker, Joker::ExtraAction), removed)
            }
            Move::Reveal { .. } => {
                // The card is shown, not placed: it stays in the deck (on
                // top under `-> lose`, which ends the game; at the bottom
                // under `-> return card`).
                match self.unplaceable {
                    Unplaceable::ReturnCard => {
                        s.rotate_deck(me);
                        s.set_var(l, self.must_move.at(me as usize), 1);
                    }
                    Unplaceable::Lose => {
                        let lost = s.var(self.lost) | 1 << me;
                        s.set_var(l, self.lost, lost);
                    }
                }
                (true, None)
            }
            _ => (false, None),
        }
    }

    /// Take the top card of `me`'s deck (which is of type `card`).
    fn draw_top(&self, s: &mut State<B>, me: PlayerId, card: u8) {
        let d = &s.decks[me as usize];
        debug_assert_eq!(
            d.cards[d.top as usize], card,
            "the drawn card is not the top card"
        );
        let c = d.count(card);
        let top = d.top;
        s.hash ^=
            self.key(me as usize, card as usize, c) ^ self.key(me as usize, card as usize, c - 1);
        s.set_deck_top(me, top + 1);
    }

    /// The decks of a raw position, as type indices.
    pub fn decks_of(&self, nplayers: usize, decks: &[Vec<Card>]) -> Result<Vec<Deck>, String> {
        if decks.len() > nplayers {
            return Err(format!("decks given for {} players", decks.len()));
        }
        let mut out = vec![Deck::default(); nplayers];
        for (p, list) in decks.iter().enumerate() {
            for card in list {
                let Some(ty) = self.types.iter().position(|c| c == card) else {
                    return Err(format!(
                        "the deck of player {p} holds a card the variant does not have"
                    ));
                };
                out[p].cards.push(ty as u8);
            }
        }
        Ok(out)
    }

    /// The remaining cards of every player, top first.
    pub fn cards_of(&self, s: &State<B>) -> Vec<Vec<Card>> {
        s.decks
            .iter()
            .map(|d| {
                d.remaining()
                    .iter()
                    .map(|&ty| self.types[ty as usize])
                    .collect()
            })
            .collect()
    }
}
