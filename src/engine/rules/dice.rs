//! Dice (`dice N: FACE, ...`): dice rolled at the start of each turn; the
//! player to act may move only men of a kind some rolled face names.
//!
//! State: the **roll**, a hashed rule variable: the rolled faces sorted,
//! each as its index from 1 in four bits, the lowest die in the lowest
//! bits ([`Dice::encode`]); 0 is **not rolled**, a roll not yet known.
//! Make sets it to 0 (the next player's roll is not known to the engine);
//! the game that plays the moves (`Game` with a dice seed) rolls it from
//! the seed, an interface or a record sets it, and perft sums over every
//! roll. Where it is 0 every kind may move: what a search that does not
//! know the future rolls assumes of them (see docs/LANGUAGE.md, "dice").
//!
//! Hook: a **filter** of the legal list (`movegen`, out of line): the
//! actions of men of the allowed kinds (castling when the castler's kind or
//! the partner's is allowed); when the roll allows none but some kind has
//! an action, a [`Move::Pass`] (`dice stuck: pass`) or nothing (`dice stuck:
//! reroll`: the game rolls again, and perft counts such a roll as 0).

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, Move, MoveList, State, Var};
use crate::ir::Variant;
use crate::ir::MAX_DICE;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The ChaCha stream of the dice (the bytes `DICE`); the roll of ply `p`
/// reads stream `DICE_STREAM + p` of the game's seed.
pub const DICE_STREAM: u64 = 0x4449_4345_0000_0000;

/// The dice of a variant, compiled.
#[derive(Clone, Debug)]
pub struct Dice {
    /// How many dice are rolled.
    pub count: u8,
    /// Per face: the kinds it lets move (bit `k` for kind `k`).
    pub face_kinds: Vec<u64>,
    doubles_any: bool,
    /// `dice stuck: reroll`.
    pub reroll: bool,
    /// Every kind of the variant.
    all: u64,
    /// The roll (hashed; see the module's header).
    pub roll: Var,
    /// Per kind: its pattern ids.
    kind_pids: Vec<Vec<u8>>,
    /// One roll for each distinct set of kinds a roll can allow, in the
    /// order of the rolls' codes: what perft sums over.
    pub outcomes: Vec<u32>,
}

impl Dice {
    pub fn new<B: Bits>(v: &Variant, t: &Base<B>, l: &mut Layout) -> Option<Dice> {
        let d = v.turn.dice.as_ref()?;
        let nkinds = t.nkinds.min(64);
        let all = if nkinds == 64 {
            u64::MAX
        } else {
            (1u64 << nkinds) - 1
        };
        let face_kinds: Vec<u64> = d
            .faces
            .iter()
            .map(|f| {
                f.iter()
                    .filter(|&&k| (k as usize) < nkinds)
                    .fold(0, |m, &k| m | 1 << k)
            })
            .collect();
        let mut dice = Dice {
            count: d.count.clamp(1, MAX_DICE as u8),
            face_kinds,
            doubles_any: d.doubles_any,
            reroll: d.reroll,
            all,
            roll: l.alloc_vars(1, true),
            kind_pids: t.atoms.kind_pids.clone(),
            outcomes: Vec::new(),
        };
        // Every multiset of faces, in increasing code order; one per set
        // of kinds.
        let nf = dice.face_kinds.len();
        let mut faces = vec![0u8; dice.count as usize];
        let mut seen: Vec<u64> = Vec::new();
        loop {
            let code = dice.encode(&faces);
            let k = dice.kinds(code);
            if !seen.contains(&k) {
                seen.push(k);
                dice.outcomes.push(code);
            }
            // The next non-decreasing sequence of faces.
            let Some(i) = (0..faces.len())
                .rev()
                .find(|&i| (faces[i] as usize) + 1 < nf)
            else {
                break;
            };
            faces[i] += 1;
            for j in i + 1..faces.len() {
                faces[j] = faces[i];
            }
        }
        Some(dice)
    }

    /// The number of faces of each die.
    pub fn nfaces(&self) -> usize {
        self.face_kinds.len()
    }

    /// The code of a roll: the faces (indices from 0) sorted, each plus one
    /// in four bits, the first in the lowest bits.
    pub fn encode(&self, faces: &[u8]) -> u32 {
        let mut f: Vec<u8> = faces.to_vec();
        f.sort_unstable();
        f.iter()
            .enumerate()
            .fold(0, |c, (i, &x)| c | (x as u32 + 1) << (4 * i))
    }

    /// The faces of a roll's code (indices from 0), lowest first; empty
    /// when not rolled.
    pub fn faces(code: u32) -> impl Iterator<Item = u8> {
        (0..8)
            .map(move |i| (code >> (4 * i)) & 15)
            .take_while(|&x| x != 0)
            .map(|x| x as u8 - 1)
    }

    /// Whether `code` is a roll of these dice (0, not rolled, is not).
    pub fn valid(&self, code: u32) -> bool {
        let f: Vec<u8> = Self::faces(code).collect();
        f.len() == self.count as usize
            && f.iter().all(|&x| (x as usize) < self.nfaces())
            && f.windows(2).all(|w| w[0] <= w[1])
            && code >> (4 * f.len()) == 0
    }

    /// The kinds a roll lets move (every kind when not rolled, or for
    /// doubles under `dice doubles: any`).
    pub fn kinds(&self, code: u32) -> u64 {
        if code == 0 {
            return self.all;
        }
        let mut faces = Self::faces(code);
        let first = faces.next().unwrap_or(0);
        let mut m = self.face_kinds.get(first as usize).copied().unwrap_or(0);
        let mut doubles = self.count > 1;
        for f in faces {
            doubles &= f == first;
            m |= self.face_kinds.get(f as usize).copied().unwrap_or(0);
        }
        if doubles && self.doubles_any {
            self.all
        } else {
            m
        }
    }

    /// The current roll's code.
    #[inline]
    pub fn roll<B: Bits>(&self, s: &State<B>) -> u32 {
        s.var(self.roll)
    }

    /// The squares of the men of the player to act that the roll lets
    /// move, or `None` when it lets every kind move.
    #[inline]
    pub fn allowed<B: Bits>(&self, s: &State<B>) -> Option<B> {
        let kinds = self.kinds(self.roll(s));
        if kinds & self.all == self.all {
            return None;
        }
        let mut set = B::EMPTY;
        for (k, pids) in self.kind_pids.iter().enumerate().take(64) {
            if kinds >> k & 1 != 0 {
                set |= s.pids_bb(pids);
            }
        }
        Some(set & s.by_player[s.turn as usize])
    }

    /// Whether the roll whose allowed men stand on `allowed` lets `mv` be
    /// played: a move of one of those men, or castling with one of them as
    /// castler or partner.
    #[inline]
    pub fn lets<B: Bits>(allowed: B, mv: Move) -> bool {
        match mv {
            Move::Castle { from, partner, .. } | Move::CastleGate { from, partner, .. } => {
                allowed.contains(from) || allowed.contains(partner)
            }
            _ => mv.from().is_some_and(|f| allowed.contains(f)),
        }
    }

    /// The legal actions `all` that the roll whose allowed men stand on
    /// `allowed` lets be played, into `out`; when it lets none but `all`
    /// is not empty, a pass (`dice stuck: pass`) or nothing (`dice stuck:
    /// reroll`, a roll the game rolls again).
    pub fn keep<B: Bits, S: super::Sink>(&self, allowed: B, all: &MoveList, out: &mut S) {
        let mut kept = 0usize;
        for &mv in all.iter() {
            if Dice::lets(allowed, mv) {
                kept += 1;
                out.raw(mv);
                if out.done() {
                    break;
                }
            }
        }
        if kept == 0 && !all.is_empty() && !self.reroll {
            out.raw(Move::Pass);
        }
    }

    /// The roll of attempt `attempt` at ply `ply` of a game seeded with
    /// `seed`: die `i` shows face `x mod F`, `x` the next 32-bit draw below
    /// the largest multiple of `F` (the faces) from ChaCha8 keyed by the
    /// seed (`seed_from_u64`) on stream [`DICE_STREAM`]` + ply`, the
    /// attempt's dice after the earlier attempts'.
    pub fn rolled(&self, seed: u64, ply: u32, attempt: u32) -> u32 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(DICE_STREAM.wrapping_add(ply as u64));
        let nf = self.nfaces() as u32;
        let limit = u32::MAX - u32::MAX % nf;
        let mut faces = vec![0u8; self.count as usize];
        for _ in 0..=attempt {
            for f in faces.iter_mut() {
                let x = loop {
                    let x = rng.next_u32();
                    if x < limit {
                        break x;
                    }
                };
                *f = (x % nf) as u8;
            }
        }
        self.encode(&faces)
    }
}
