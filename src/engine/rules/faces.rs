//! `face down KIND, ...` (docs/LANGUAGE.md "face down"): men that start
//! face down on the setup's squares, their true kinds dealt from the seed.
//!
//! A face-down man is a man of the *face kind* the checker made for its
//! setup kind (a copy of its moves: it moves, captures and attacks as the
//! kind of the square it starts on, and it never leaves that square face
//! down). The engine keeps the true kind of every start square of a
//! face-down man (a *slot*) in a rule variable, never hashed and never
//! read by move generation; the consequence after an action turns the man
//! that just left a slot face up, into that slot's true kind. A man taken
//! face down stays unrevealed: only its captor learns what it was.
//!
//! So the hash, the legal actions and every count are those of the
//! position as both players see it, except for what a man becomes when it
//! moves: an AI re-deals the identities it cannot know
//! ([`Faces::redeal`]) before it searches, as it does the decks.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, Man, Move, Square, State, Var};
use crate::ir::KindSet;
use crate::ir::{PieceId, PlayerId, Variant};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The bit of a slot's variable that says its man was turned face up.
const REVEALED: u32 = 1 << 8;

/// The ChaCha stream of the deal of player `p`'s identities ("FACE" + p).
const STREAM: u64 = 0x4641_4345_0000_0000;

/// One start square of a face-down man.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub sq: Square,
    pub owner: PlayerId,
    /// The setup's kind on the square (the kind the face-down man moves as).
    pub piece: PieceId,
    /// The face kind of the men standing face down on the square.
    pub face: PieceId,
}

/// What a FEN or another outside source says of one slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotText {
    /// Not yet turned face up (face down on its square, or taken face
    /// down): its true kind.
    Hidden(PieceId),
    /// Not yet turned face up, its kind unknown to the writer (`?`).
    Unknown,
    /// Turned face up: the kind it showed.
    Revealed(PieceId),
}

/// The face-down men of a variant, compiled.
#[derive(Clone, Debug)]
pub struct Faces {
    /// The slots in FEN order (top rank first, files from `a`).
    pub slots: Vec<Slot>,
    /// Per square index: its slot, or `u8::MAX`.
    slot_of: Vec<u8>,
    /// Face kinds (bit per kind).
    pub face_kinds: KindSet,
    /// Per kind: the face kind of a listed kind.
    face_of: Vec<Option<PieceId>>,
    /// The kinds listed (bit per kind): the only kinds a slot may hold.
    pub listed: KindSet,
    /// The first of one variable per slot: its true kind, and
    /// [`REVEALED`] once its man was turned face up. Not hashed.
    pub truth: Var,
}

impl Faces {
    pub fn new<B: Bits>(v: &Variant, t: &Base<B>, l: &mut Layout) -> Option<Faces> {
        if v.turn.face_down.is_empty() {
            return None;
        }
        let mut face_of = vec![None; t.nkinds];
        let (mut face_kinds, mut listed) = (KindSet::EMPTY, KindSet::EMPTY);
        for f in &v.turn.face_down {
            if let Some(x) = face_of.get_mut(f.piece as usize) {
                *x = Some(f.face);
            }
            face_kinds.insert(f.face);
            listed.insert(f.piece);
        }
        let mut men: Vec<_> = v
            .setup
            .men
            .iter()
            .filter_map(|m| {
                let face = face_of.get(m.piece as usize).copied().flatten()?;
                let sq = t.geo.coord_square(m.at)?;
                Some((m.at.y, m.at.x, sq, m.owner, m.piece, face))
            })
            .collect();
        men.sort_by_key(|&(y, x, ..)| (std::cmp::Reverse(y), x));
        let slots: Vec<Slot> = men
            .into_iter()
            .take(u8::MAX as usize)
            .map(|(_, _, sq, owner, piece, face)| Slot {
                sq,
                owner,
                piece,
                face,
            })
            .collect();
        let mut slot_of = vec![u8::MAX; 256];
        for (i, s) in slots.iter().enumerate() {
            slot_of[s.sq.index()] = i as u8;
        }
        let truth = l.alloc_vars(slots.len(), false);
        Some(Faces {
            slots,
            slot_of,
            face_kinds,
            face_of,
            listed,
            truth,
        })
    }

    /// The face kind of a listed kind (`None` for any other kind).
    pub fn face_of(&self, kind: PieceId) -> Option<PieceId> {
        self.face_of.get(kind as usize).copied().flatten()
    }

    /// Whether a man is face down.
    #[inline]
    pub fn is_face(&self, man: Man) -> bool {
        !man.is_empty() && self.face_kinds.contains(man.kind())
    }

    /// The slot of a square.
    #[inline]
    pub fn slot_at(&self, sq: Square) -> Option<usize> {
        let i = *self.slot_of.get(sq.index())?;
        (i != u8::MAX).then_some(i as usize)
    }

    /// Slot `i`'s true kind.
    pub fn truth<B: Bits>(&self, s: &State<B>, i: usize) -> PieceId {
        (s.var(self.truth.at(i)) & 0xFF) as PieceId
    }

    /// Whether slot `i`'s man was turned face up.
    pub fn revealed<B: Bits>(&self, s: &State<B>, i: usize) -> bool {
        s.var(self.truth.at(i)) & REVEALED != 0
    }

    /// Whether slot `i`'s man stands face down on its square.
    pub fn on_board<B: Bits>(&self, s: &State<B>, i: usize) -> bool {
        let sl = &self.slots[i];
        let m = s.at(sl.sq);
        !m.is_empty() && m.kind() == sl.face && m.owner() == sl.owner
    }

    /// Whether `seat` knows slot `i`'s true kind: turned face up, or taken
    /// face down by `seat` (the one other player: face-down men are
    /// carried for two players).
    pub fn known_to<B: Bits>(&self, s: &State<B>, i: usize, seat: PlayerId) -> bool {
        self.revealed(s, i) || (!self.on_board(s, i) && self.slots[i].owner != seat)
    }

    /// The consequence of `mv`: the man that left a slot face down is
    /// turned into the slot's true kind, and the slot is marked revealed.
    /// (A face-down man taken stays unrevealed: its slot is then neither
    /// on the board nor revealed.)
    #[inline(never)]
    pub fn after_action<B: Bits>(&self, t: &Base<B>, s: &mut State<B>, mv: Move) {
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            return;
        };
        let Some(i) = self.slot_at(from) else {
            return;
        };
        let man = s.at(to);
        if !self.is_face(man) {
            return;
        }
        let l = &t.layout;
        let v = self.truth.at(i);
        let code = s.var(v);
        s.take(l, to);
        s.put(l, to, man.with_kind((code & 0xFF) as PieceId));
        s.set_var(l, v, code | REVEALED);
    }

    /// The true kinds of the slots at the start of a game with `seed`:
    /// each player's listed men, shuffled over that player's slots by the
    /// ChaCha stream of the player's own (so the same seed deals the same
    /// identities on every machine).
    pub fn deal(&self, seed: u64) -> Vec<PieceId> {
        let mut out: Vec<PieceId> = self.slots.iter().map(|s| s.piece).collect();
        let owners: Vec<PlayerId> = {
            let mut o: Vec<PlayerId> = self.slots.iter().map(|s| s.owner).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        for p in owners {
            let idx: Vec<usize> = (0..self.slots.len())
                .filter(|&i| self.slots[i].owner == p)
                .collect();
            let mut kinds: Vec<PieceId> = idx.iter().map(|&i| self.slots[i].piece).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(STREAM + p as u64);
            kinds.shuffle(&mut rng);
            for (&i, k) in idx.iter().zip(kinds) {
                out[i] = k;
            }
        }
        out
    }

    /// Determinisation for the player to act (`s.turn`): every slot whose
    /// kind that player does not know gets a kind drawn from what it cannot
    /// tell apart, per owner the setup's listed men less the kinds it
    /// knows (turned face up, or taken face down by it). Reads no true
    /// kind that player does not know; the hash does not change.
    pub fn redeal<B: Bits, R: Rng + ?Sized>(&self, s: &mut State<B>, rng: &mut R) {
        let seat = s.turn;
        let n = self.slots.len();
        let mut owners: Vec<PlayerId> = self.slots.iter().map(|s| s.owner).collect();
        owners.sort_unstable();
        owners.dedup();
        for p in owners {
            let mut pool: Vec<PieceId> = Vec::new();
            let mut unknown: Vec<usize> = Vec::new();
            for i in (0..n).filter(|&i| self.slots[i].owner == p) {
                pool.push(self.slots[i].piece);
                if !self.known_to(s, i, seat) {
                    unknown.push(i);
                }
            }
            for i in (0..n).filter(|&i| self.slots[i].owner == p) {
                if self.known_to(s, i, seat) {
                    let k = self.truth(s, i);
                    if let Some(j) = pool.iter().position(|&x| x == k) {
                        pool.swap_remove(j);
                    }
                }
            }
            // Sorted first, so that the draw depends on the multiset only.
            pool.sort_unstable();
            pool.shuffle(rng);
            for (&i, k) in unknown.iter().zip(pool) {
                let v = self.truth.at(i);
                let keep = s.var(v) & !0xFF;
                s.vars[v.0 as usize] = keep | k as u32;
            }
        }
    }

    /// What the position says of each slot, as the referee knows it.
    pub fn texts<B: Bits>(&self, s: &State<B>) -> Vec<SlotText> {
        (0..self.slots.len())
            .map(|i| {
                let k = self.truth(s, i);
                if self.revealed(s, i) {
                    SlotText::Revealed(k)
                } else {
                    SlotText::Hidden(k)
                }
            })
            .collect()
    }

    /// What `seat` knows of each slot (`Unknown` where it does not).
    pub fn texts_for<B: Bits>(&self, s: &State<B>, seat: PlayerId) -> Vec<SlotText> {
        let mut out = self.texts(s);
        for (i, x) in out.iter_mut().enumerate() {
            if !self.known_to(s, i, seat) {
                *x = SlotText::Unknown;
            }
        }
        out
    }

    /// Set the slots' variables from what a FEN says (`texts`, empty when
    /// it says nothing): a slot's unknown kind is dealt from its owner's
    /// listed men less the kinds given, from a fixed seed. `on_board[i]`:
    /// slot `i`'s man stands face down on its square.
    pub fn read<B: Bits>(
        &self,
        s: &mut State<B>,
        texts: &[SlotText],
        on_board: &[bool],
    ) -> Result<(), String> {
        let n = self.slots.len();
        let texts: Vec<SlotText> = if texts.is_empty() {
            // Without the entry: the men on their squares are unknown, the
            // others were turned face up as the kind of their square.
            (0..n)
                .map(|i| {
                    if on_board[i] {
                        SlotText::Unknown
                    } else {
                        SlotText::Revealed(self.slots[i].piece)
                    }
                })
                .collect()
        } else if texts.len() != n {
            return Err(format!(
                "expected {n} face-down slots in `faces:`, found {}",
                texts.len()
            ));
        } else {
            texts.to_vec()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        rng.set_stream(STREAM + 0xFF);
        let mut owners: Vec<PlayerId> = self.slots.iter().map(|s| s.owner).collect();
        owners.sort_unstable();
        owners.dedup();
        for p in owners {
            let mine: Vec<usize> = (0..n).filter(|&i| self.slots[i].owner == p).collect();
            let mut pool: Vec<PieceId> = mine.iter().map(|&i| self.slots[i].piece).collect();
            let mut unknown = Vec::new();
            for &i in &mine {
                let (k, revealed) = match texts[i] {
                    SlotText::Hidden(k) => (k, false),
                    SlotText::Revealed(k) => (k, true),
                    SlotText::Unknown => {
                        unknown.push(i);
                        continue;
                    }
                };
                if !self.listed.contains(k) {
                    return Err(format!(
                        "slot {} holds a kind that never starts face down",
                        i + 1
                    ));
                }
                if revealed && on_board[i] {
                    return Err(format!(
                        "slot {} is turned face up but a face-down man stands on it",
                        i + 1
                    ));
                }
                if let Some(j) = pool.iter().position(|&x| x == k) {
                    pool.swap_remove(j);
                }
                s.vars[self.truth.at(i).0 as usize] =
                    k as u32 | if revealed { REVEALED } else { 0 };
            }
            if pool.len() < unknown.len() {
                return Err("more face-down men than kinds left to deal them".into());
            }
            pool.sort_unstable();
            pool.shuffle(&mut rng);
            for (&i, k) in unknown.iter().zip(pool) {
                s.vars[self.truth.at(i).0 as usize] = k as u32;
            }
        }
        Ok(())
    }
}
