//! Card decks: per-player shuffled decks whose top card is drawn and placed
//! as one action ([`MoveKind::DrawPlace`]).
//!
//! # Hidden information
//!
//! The order of a deck is hidden; the multiset of its remaining cards is
//! public. Whether a player may draw at all reads only the multiset: drawing
//! is open unless the player is in check and no card *type* still in the
//! deck could parry it (RULES R4/R5). The only thing that depends on the
//! order is the identity of the card actually drawn: the generated
//! `DrawPlace` moves are those of the top card (one per legal square), or a
//! single "unplaceable" reveal when the top card has no legal square. An AI
//! re-samples the hidden order with [`Position::redeal_hidden`] before each
//! search (determinisation); the hash covers the multisets only, so it is
//! the same for every redeal.
//!
//! # Move encoding
//!
//! * a piece card placed on `to`: `DrawPlace`, `piece` = its kind, `aux` =
//!   card type;
//! * a card with no legal square: `to` = none, `aux` = card type | `0x8000`;
//!   the variant's `unplaceable card` rule decides (lose, or the card goes
//!   to the bottom and the player must make a board move);
//! * a joker: `piece` = none, `aux` = card type, `to` = the man removed
//!   (`Effect::Remove`) or none (discarded, or `Effect::ExtraAction`, after
//!   which the same player acts again).

use super::attacks;
use super::bitset::Bitset;
use super::geometry::Geometry;
use super::man::Man;
use super::movegen::Sink;
use super::moves::{Move, MoveKind};
use super::position::{Position, PositionError, RawPosition, State};
use super::pred;
use super::square::Square;
use super::tables::Tables;
use super::zobrist::splitmix;
use crate::ir::{Card, Effect, Event, Outcome, PlayerId, Pred, Variant, MAX_PLAYERS};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Most cards in one player's deck.
pub const MAX_DECK: usize = 48;

/// Marks an unplaceable reveal in `Move::aux`.
pub(crate) const UNPLACEABLE: u16 = 0x8000;

const NO_PIECE: u8 = u8::MAX;

/// The decks compiled from the variant (part of [`Tables`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct CardTable {
    /// Whether the variant has decks at all.
    pub enabled: bool,
    /// The distinct card types.
    pub types: Vec<Card>,
    /// Per type, per player: squares allowed by the card's region and the
    /// placement rules that do not depend on the position.
    pub squares: Vec<[Bitset; MAX_PLAYERS]>,
    /// Per type: the placement conditions that depend on the position
    /// (evaluated after the man is put down).
    pub dynamic: Vec<Vec<Pred>>,
    /// Per player: the setup deck, unshuffled (type indices).
    pub initial: Vec<Vec<u8>>,
    /// The outcome of the `unplaceable card` rule (None: lose).
    pub unplaceable: Option<Outcome>,
    /// The joker's effect.
    pub joker: Option<Effect>,
    seed: u64,
}

/// A placement condition as a fixed set of squares, when it does not depend
/// on the position.
fn static_squares(v: &Variant, geo: &Geometry, p: &Pred, player: usize) -> Option<Bitset> {
    let real = geo.real();
    Some(match p {
        Pred::True => real,
        Pred::In(r) => {
            let reg = v.regions.get(*r as usize)?;
            let list = reg.squares.get(player).or(reg.squares.first())?;
            list.iter().filter_map(|&c| geo.coord_square(c)).collect()
        }
        Pred::Not(q) => real & !static_squares(v, geo, q, player)?,
        Pred::And(qs) => {
            let mut b = real;
            for q in qs {
                b &= static_squares(v, geo, q, player)?;
            }
            b
        }
        Pred::Or(qs) => {
            let mut b = Bitset::EMPTY;
            for q in qs {
                b |= static_squares(v, geo, q, player)?;
            }
            b
        }
        _ => return None,
    })
}

impl CardTable {
    pub fn new(v: &Variant, geo: &Geometry, nplayers: usize) -> CardTable {
        let mut ct = CardTable {
            enabled: v.setup.decks.iter().any(|d| d.iter().any(|&(_, n)| n > 0)) || v.turn.draw,
            seed: 0x6465_636b_5f7a_6f62, // "deck_zob"
            joker: v.turn.on_joker.clone(),
            unplaceable: v
                .end
                .iter()
                .find(|r| r.when == Event::UnplaceableCard)
                .map(|r| r.then),
            ..CardTable::default()
        };
        for p in 0..nplayers {
            let mut list = Vec::new();
            if let Some(deck) = v.setup.decks.get(p) {
                for &(card, n) in deck {
                    let ty = match ct.types.iter().position(|&c| c == card) {
                        Some(i) => i,
                        None => {
                            ct.types.push(card);
                            ct.types.len() - 1
                        }
                    };
                    for _ in 0..n {
                        list.push(ty as u8);
                    }
                }
            }
            list.truncate(MAX_DECK);
            ct.initial.push(list);
        }
        for card in ct.types.clone() {
            let mut sq = [Bitset::EMPTY; MAX_PLAYERS];
            let mut dynamic = Vec::new();
            if let Card::Piece { piece, region } = card {
                for (p, slot) in sq.iter_mut().enumerate().take(nplayers) {
                    let mut b = geo.real();
                    if let Some(r) = region {
                        b &= static_squares(v, geo, &Pred::In(r), p).unwrap_or(Bitset::EMPTY);
                    }
                    for rule in &v.turn.placement {
                        if !rule.pieces.is_empty() && !rule.pieces.contains(&piece) {
                            continue;
                        }
                        match static_squares(v, geo, &rule.condition, p) {
                            Some(s) => b &= s,
                            None => {
                                if p == 0 {
                                    dynamic.push(rule.condition.clone());
                                }
                            }
                        }
                    }
                    *slot = b;
                }
            }
            ct.squares.push(sq);
            ct.dynamic.push(dynamic);
        }
        ct
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

    /// Key of "`player` must make a board move" (after a returned card).
    #[inline]
    fn must_move_key(&self, player: usize) -> u64 {
        splitmix(self.seed ^ 0xFFFF_0000_0000 ^ player as u64)
    }
}

/// The decks of a position: per player, card types in order; the cards
/// `top..len` remain, `cards[top]` is drawn next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decks {
    pub cards: [[u8; MAX_DECK]; MAX_PLAYERS],
    pub len: [u8; MAX_PLAYERS],
    pub top: [u8; MAX_PLAYERS],
    /// Players who returned an unplaceable card and must now make a board move.
    pub must_move: u8,
    /// Players who revealed an unplaceable card under `-> lose`.
    pub lost: u8,
}

impl Decks {
    pub const EMPTY: Decks = Decks {
        cards: [[0; MAX_DECK]; MAX_PLAYERS],
        len: [0; MAX_PLAYERS],
        top: [0; MAX_PLAYERS],
        must_move: 0,
        lost: 0,
    };

    /// The remaining cards of `p`, top first.
    #[inline]
    pub fn remaining(&self, p: usize) -> &[u8] {
        &self.cards[p][self.top[p] as usize..self.len[p] as usize]
    }

    #[inline]
    pub fn count(&self, p: usize, ty: u8) -> u32 {
        self.remaining(p).iter().filter(|&&c| c == ty).count() as u32
    }

    /// The hash component: remaining multisets and must-move flags.
    pub fn hash(&self, t: &Tables) -> u64 {
        let ct = &t.cards;
        let mut h = 0;
        for p in 0..t.nplayers {
            for ty in 0..ct.types.len() {
                h ^= ct.key(p, ty, self.count(p, ty as u8));
            }
            if self.must_move & (1 << p) != 0 {
                h ^= ct.must_move_key(p);
            }
        }
        h
    }
}

/// What unmake needs for the decks.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DeckUndo {
    top: u8,
    must_move: u8,
    lost: u8,
    rotated: bool,
}

/// The setup decks of every player, shuffled from `seed`.
pub(crate) fn shuffled(t: &Tables, seed: u64) -> Vec<Vec<Card>> {
    let ct = &t.cards;
    (0..t.nplayers)
        .map(|p| {
            let mut list = ct.initial[p].clone();
            let mut rng = ChaCha8Rng::seed_from_u64(splitmix(seed ^ (p as u64 + 1)));
            list.shuffle(&mut rng);
            list.iter().map(|&ty| ct.types[ty as usize]).collect()
        })
        .collect()
}

/// Build the decks of a raw position.
pub(crate) fn from_raw(t: &Tables, raw: &RawPosition) -> Result<Decks, PositionError> {
    let mut d = Decks::EMPTY;
    if raw.decks.len() > t.nplayers {
        return Err(PositionError(format!(
            "decks given for {} players",
            raw.decks.len()
        )));
    }
    for (p, list) in raw.decks.iter().enumerate() {
        if list.len() > MAX_DECK {
            return Err(PositionError(format!(
                "the deck of player {p} holds {} cards (at most {MAX_DECK})",
                list.len()
            )));
        }
        for (i, card) in list.iter().enumerate() {
            let Some(ty) = t.cards.types.iter().position(|c| c == card) else {
                return Err(PositionError(format!(
                    "the deck of player {p} holds a card the variant does not have"
                )));
            };
            d.cards[p][i] = ty as u8;
        }
        d.len[p] = list.len() as u8;
    }
    d.must_move = raw.must_move & (((1u16 << t.nplayers) - 1) as u8);
    Ok(d)
}

/// The remaining decks as cards, top first.
pub(crate) fn to_raw(t: &Tables, d: &Decks) -> Vec<Vec<Card>> {
    if !t.cards.enabled {
        return Vec::new();
    }
    (0..t.nplayers)
        .map(|p| {
            d.remaining(p)
                .iter()
                .map(|&ty| t.cards.types[ty as usize])
                .collect()
        })
        .collect()
}

/// Whether the man just put on `sq` meets the placement conditions that
/// depend on the position, and leaves no royal of `me` attacked.
#[inline]
fn placed_ok(t: &Tables, s: &State, me: PlayerId, ty: usize, sq: Square) -> bool {
    t.cards.dynamic[ty]
        .iter()
        .all(|c| pred::eval(t, s, c, me, Some(sq), Some(sq)))
        && !attacks::royal_attacked(t, s, me)
}

/// Call `f` for each legal square of a piece card (stops when `f` says so).
fn for_squares(
    t: &Tables,
    s: &mut State,
    me: PlayerId,
    ty: usize,
    mut f: impl FnMut(Square) -> bool,
) {
    let Card::Piece { piece, .. } = t.cards.types[ty] else {
        return;
    };
    let cand = t.cards.squares[ty][me as usize] & t.geo.real() & !s.occ;
    let man = Man::new(piece, me, t.forward[me as usize]);
    for sq in cand {
        s.put::<false>(t, sq, man);
        let ok = placed_ok(t, s, me, ty, sq);
        s.take::<false>(t, sq);
        if ok && f(sq) {
            return;
        }
    }
}

/// Men a removing joker may take, in a legal way (stops when `f` says so).
fn for_removals(
    t: &Tables,
    s: &mut State,
    me: PlayerId,
    which: &Pred,
    mut f: impl FnMut(Square) -> bool,
) -> bool {
    let mut any = false;
    for sq in s.occ {
        if !pred::eval(t, s, which, me, Some(sq), None) {
            continue;
        }
        any = true;
        let man = s.take::<false>(t, sq);
        let ok = !attacks::royal_attacked(t, s, me);
        s.put::<false>(t, sq, man);
        if ok && f(sq) {
            break;
        }
    }
    any
}

/// Whether a card of type `ty` could be played legally now (reads the
/// position and the public multiset only).
fn card_helps(t: &Tables, s: &mut State, me: PlayerId, ty: usize) -> bool {
    match t.cards.types[ty] {
        Card::Piece { .. } => {
            let mut found = false;
            for_squares(t, s, me, ty, |_| {
                found = true;
                true
            });
            found
        }
        Card::Joker => match &t.cards.joker {
            Some(Effect::Remove { which }) => {
                let mut found = false;
                for_removals(t, s, me, which, |_| {
                    found = true;
                    true
                });
                found
            }
            Some(Effect::ExtraAction) => {
                let p = me as usize;
                (0..t.cards.types.len()).any(|o| {
                    o != ty
                        && s.decks.count(p, o as u8) > 0
                        && !matches!(t.cards.types[o], Card::Joker)
                        && card_helps(t, s, me, o)
                })
            }
            _ => false,
        },
    }
}

/// Whether the player to act may draw now: a card remains, no board move is
/// owed, and (when in check) some remaining card type could parry it.
pub(crate) fn may_draw(t: &Tables, s: &mut State) -> bool {
    let me = s.turn;
    let p = me as usize;
    if s.decks.top[p] >= s.decks.len[p] || s.decks.must_move & (1 << me) != 0 {
        return false;
    }
    if !attacks::royal_attacked(t, s, me) {
        return true;
    }
    let mut seen = 0u64;
    for i in s.decks.top[p]..s.decks.len[p] {
        let ty = s.decks.cards[p][i as usize] as usize;
        if seen & (1 << ty) != 0 {
            continue;
        }
        seen |= 1 << ty;
        if card_helps(t, s, me, ty) {
            return true;
        }
    }
    false
}

/// Append the draw actions of the player to act (see the module docs).
pub(crate) fn gen_draws<S: Sink>(t: &Tables, s: &mut State, out: &mut S) {
    if !t.variant.turn.draw || !may_draw(t, s) {
        return;
    }
    let me = s.turn;
    let p = me as usize;
    let ty = s.decks.cards[p][s.decks.top[p] as usize] as usize;
    let aux = ty as u16;
    let mut n = 0u32;
    match t.cards.types[ty] {
        Card::Piece { piece, .. } => {
            for_squares(t, s, me, ty, |sq| {
                out.raw(Move::new(Square::NONE, sq, aux, MoveKind::DrawPlace, piece));
                n += 1;
                false
            });
            if n == 0 {
                out.raw(Move::new(
                    Square::NONE,
                    Square::NONE,
                    aux | UNPLACEABLE,
                    MoveKind::DrawPlace,
                    piece,
                ));
            }
        }
        Card::Joker => {
            let in_check = attacks::royal_attacked(t, s, me);
            match &t.cards.joker {
                Some(Effect::Remove { which }) => {
                    let any = for_removals(t, s, me, which, |sq| {
                        out.raw(Move::new(
                            Square::NONE,
                            sq,
                            aux,
                            MoveKind::DrawPlace,
                            NO_PIECE,
                        ));
                        n += 1;
                        false
                    });
                    if n == 0 {
                        // Nothing to remove: discarded, unless the player
                        // needed it to parry a check.
                        let flag = if any || in_check { UNPLACEABLE } else { 0 };
                        out.raw(Move::new(
                            Square::NONE,
                            Square::NONE,
                            aux | flag,
                            MoveKind::DrawPlace,
                            NO_PIECE,
                        ));
                    }
                }
                _ => out.raw(Move::new(
                    Square::NONE,
                    Square::NONE,
                    aux,
                    MoveKind::DrawPlace,
                    NO_PIECE,
                )),
            }
        }
    }
}

/// Before any move: remember the deck state; a board move settles a
/// returned card's "must move".
#[inline]
pub(crate) fn before_make(t: &Tables, s: &mut State, mv: Move) -> DeckUndo {
    let me = s.turn as usize;
    let u = DeckUndo {
        top: s.decks.top[me],
        must_move: s.decks.must_move,
        lost: s.decks.lost,
        rotated: false,
    };
    if mv.kind != MoveKind::DrawPlace && s.decks.must_move & (1 << me) != 0 {
        s.decks.must_move &= !(1 << me);
        s.hash ^= t.cards.must_move_key(me);
    }
    u
}

/// Draw the top card for a `DrawPlace` move (the placement itself is done by
/// the caller). Returns whether the same player acts again, and the man a
/// joker removed.
pub(crate) fn make_draw(
    t: &Tables,
    s: &mut State,
    mv: Move,
    undo: &mut DeckUndo,
) -> (bool, Option<Man>) {
    let me = s.turn as usize;
    let ty = s.decks.cards[me][s.decks.top[me] as usize];
    debug_assert_eq!(
        ty as u16,
        mv.aux & !UNPLACEABLE,
        "the drawn card is not the top card"
    );
    let c = s.decks.count(me, ty);
    s.hash ^= t.cards.key(me, ty as usize, c) ^ t.cards.key(me, ty as usize, c - 1);
    s.decks.top[me] += 1;
    if mv.aux & UNPLACEABLE != 0 {
        // The card is shown, not placed: it stays in the deck (on top under
        // `-> lose`, which ends the game; at the bottom under `-> return card`).
        s.decks.top[me] -= 1;
        s.hash ^= t.cards.key(me, ty as usize, c) ^ t.cards.key(me, ty as usize, c - 1);
        if t.cards.unplaceable == Some(Outcome::ReturnCard) {
            // To the bottom of the deck; the player must make a board move.
            let (top, len) = (s.decks.top[me] as usize, s.decks.len[me] as usize);
            s.decks.cards[me][top..len].rotate_left(1);
            s.decks.must_move |= 1 << me;
            s.hash ^= t.cards.must_move_key(me);
            undo.rotated = true;
        } else {
            s.decks.lost |= 1 << me;
        }
        return (true, None);
    }
    if mv.piece == NO_PIECE {
        // A joker.
        let removed = mv.to.is_some().then(|| s.take::<true>(t, mv.to));
        return (matches!(t.cards.joker, Some(Effect::ExtraAction)), removed);
    }
    (false, None)
}

/// Restore the deck flags a move changed.
#[inline]
pub(crate) fn restore_flags(s: &mut State, u: &DeckUndo) {
    s.decks.must_move = u.must_move;
    s.decks.lost = u.lost;
}

/// Take back a `DrawPlace` move.
#[inline]
pub(crate) fn unmake(
    t: &Tables,
    s: &mut State,
    mv: Move,
    u: &DeckUndo,
    captured: Man,
    me: PlayerId,
) {
    let me = me as usize;
    if mv.aux & UNPLACEABLE == 0 && mv.to.is_some() {
        if mv.piece == NO_PIECE {
            s.put::<false>(t, mv.to, captured);
        } else {
            s.take::<false>(t, mv.to);
        }
    }
    if u.rotated {
        let (top, len) = (u.top as usize, s.decks.len[me] as usize);
        s.decks.cards[me][top..len].rotate_right(1);
    }
    s.decks.top[me] = u.top;
    s.decks.must_move = u.must_move;
    s.decks.lost = u.lost;
}

impl Position {
    /// The start position with every deck shuffled from `seed`
    /// ([`Position::start`] is seed 0).
    pub fn start_seeded(
        tables: std::sync::Arc<Tables>,
        seed: u64,
    ) -> Result<Position, PositionError> {
        let mut raw = RawPosition::from_setup(&tables)?;
        if tables.cards.enabled {
            raw.decks = shuffled(&tables, seed);
        }
        Position::from_raw(tables, raw)
    }

    /// Re-sample the hidden order of every deck from its public multiset
    /// (determinisation for an AI). Legality never depends on the order,
    /// except for the identity of the card a `DrawPlace` move draws; the
    /// hash covers the multisets only, so it does not change.
    pub fn redeal_hidden<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let d = &mut self.s.decks;
        for p in 0..MAX_PLAYERS {
            let (top, len) = (d.top[p] as usize, d.len[p] as usize);
            d.cards[p][top..len].shuffle(rng);
        }
    }

    /// The public content of a player's deck: each card with how many
    /// remain (in the variant's card order, not the hidden deck order).
    pub fn deck_counts(&self, p: PlayerId) -> Vec<(Card, u32)> {
        let t = &*self.tables;
        if p as usize >= t.nplayers {
            return Vec::new();
        }
        (0..t.cards.types.len())
            .map(|ty| (t.cards.types[ty], self.s.decks.count(p as usize, ty as u8)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }

    /// Cards left in a player's deck.
    pub fn deck_len(&self, p: PlayerId) -> u32 {
        let d = &self.s.decks;
        (d.len[p as usize] - d.top[p as usize]) as u32
    }

    /// The hidden top card of a player's deck. Not for players or AIs:
    /// tests and referees only.
    pub fn peek_top_card(&self, p: PlayerId) -> Option<Card> {
        let d = &self.s.decks;
        d.remaining(p as usize)
            .first()
            .map(|&ty| self.tables.cards.types[ty as usize])
    }

    /// The hidden order of a player's deck, top first (tests and referees only).
    pub fn peek_deck(&self, p: PlayerId) -> Vec<Card> {
        let t = &*self.tables;
        self.s
            .decks
            .remaining(p as usize)
            .iter()
            .map(|&ty| t.cards.types[ty as usize])
            .collect()
    }

    /// Whether the player to act may draw now (decided from the public
    /// multiset of the deck, never from its order).
    pub fn may_draw(&self) -> bool {
        let mut s = self.s.clone();
        may_draw(&self.tables, &mut s)
    }

    /// Whether `p` owes a board move after returning an unplaceable card.
    pub fn must_move(&self, p: PlayerId) -> bool {
        self.s.decks.must_move & (1 << p) != 0
    }

    /// Whether `p` revealed a card with no legal square (and lost).
    pub fn lost_by_card(&self, p: PlayerId) -> bool {
        self.s.decks.lost & (1 << p) != 0
    }

    /// Whether this move is a reveal of an unplaceable card.
    pub fn is_unplaceable_reveal(mv: Move) -> bool {
        mv.kind == MoveKind::DrawPlace && mv.aux != u16::MAX && mv.aux & UNPLACEABLE != 0
    }
}

/// FEN text of the decks (see docs/FEN.md): per player, cards top first,
/// `,` between players; a card is its piece letter, `letter(region)` for a
/// card limited to a region, `*` for a joker; `!` before a player's cards
/// says that player owes a board move.
pub(crate) fn write_fen(t: &Tables, raw: &RawPosition, out: &mut String) {
    for p in 0..t.nplayers {
        if p > 0 {
            out.push(',');
        }
        if raw.must_move & (1 << p) != 0 {
            out.push('!');
        }
        if let Some(list) = raw.decks.get(p) {
            for card in list {
                match *card {
                    Card::Joker => out.push('*'),
                    Card::Piece { piece, region } => {
                        out.push(t.variant.pieces[piece as usize].letter.to_ascii_uppercase());
                        if let Some(r) = region {
                            out.push('(');
                            out.push_str(&t.variant.regions[r as usize].name);
                            out.push(')');
                        }
                    }
                }
            }
        }
    }
}

/// Read the FEN text of the decks.
pub(crate) fn parse_fen(t: &Tables, text: &str, raw: &mut RawPosition) -> Result<(), String> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != t.nplayers {
        return Err(format!(
            "expected {} decks separated by `,`, found {}",
            t.nplayers,
            parts.len()
        ));
    }
    raw.decks = Vec::with_capacity(parts.len());
    raw.must_move = 0;
    for (p, part) in parts.iter().enumerate() {
        let mut rest = *part;
        if let Some(r) = rest.strip_prefix('!') {
            raw.must_move |= 1 << p;
            rest = r;
        }
        let b = rest.as_bytes();
        let mut i = 0;
        let mut list = Vec::new();
        while i < b.len() {
            let c = b[i] as char;
            i += 1;
            if c == '*' {
                list.push(Card::Joker);
                continue;
            }
            let Some(piece) = t.variant.piece_by_letter(c) else {
                return Err(format!("`{c}` is not a piece letter"));
            };
            let mut region = None;
            if i < b.len() && b[i] == b'(' {
                let Some(end) = rest[i..].find(')') else {
                    return Err("expected `)` after a card's region".into());
                };
                let name = &rest[i + 1..i + end];
                let Some(r) = t.variant.regions.iter().position(|r| r.name == name) else {
                    return Err(format!("`{name}` is not a region"));
                };
                region = Some(r as crate::ir::RegionId);
                i += end + 1;
            }
            list.push(Card::Piece { piece, region });
        }
        raw.decks.push(list);
    }
    Ok(())
}
