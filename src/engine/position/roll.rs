//! The roll of a variant with `dice` (see `rules::dice`): reading it,
//! setting it (journaled, so unmake takes it back), and rolling it from a
//! game's seed.

use super::checked::{with_pos, Position};
use super::movegen;
use crate::engine::core::{Bits, MoveList, State};
use crate::engine::rules::dice::Dice;
use crate::engine::tables::Compiled;
use crate::ir::PieceId;

/// How many times a roll that lets no man move is rolled again (`dice
/// stuck: reroll`) before the first roll that does, in code order, is
/// taken: a bound no real game reaches (each roll has a chance of at
/// least one in the number of rolls).
pub const MAX_REROLLS: u32 = 1000;

/// What the roll of the player to act allows: `Live` (some action),
/// `Dead` (no action for this roll, but some for another: passes or rolls
/// again), `Stuck` (no action whatever the roll: the end rules decide).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RollState {
    Live,
    Dead,
    Stuck,
}

impl Position {
    /// The current roll's code (`rules::dice`: 0 is not rolled), or `None`
    /// in a variant without dice.
    pub fn roll(&self) -> Option<u32> {
        with_pos!(&self.inner, c, s => c.rules.dice.as_ref().map(|d| d.roll(s)))
    }

    /// The faces of the current roll, numbered from 1 (empty: not rolled
    /// or no dice).
    pub fn roll_faces(&self) -> Vec<u32> {
        Dice::faces(self.roll().unwrap_or(0))
            .map(|f| f as u32 + 1)
            .collect()
    }

    /// The kinds the current roll lets move, or `None` when every kind may
    /// (no dice, not rolled, or doubles under `dice doubles: any`).
    pub fn roll_kinds(&self) -> Option<Vec<PieceId>> {
        with_pos!(&self.inner, c, s => {
            let d = c.rules.dice.as_ref()?;
            let code = d.roll(s);
            let k = d.kinds(code);
            let all = d.kinds(0);
            (k != all).then(|| (0..64u8).filter(|i| k >> i & 1 != 0).collect())
        })
    }

    /// Set the roll (journaled: taking back the move that preceded it
    /// takes it back too). `0` makes it not rolled. An error names a roll
    /// the dice cannot show, or a variant without dice.
    pub fn set_roll(&mut self, code: u32) -> Result<(), String> {
        with_pos!(&mut self.inner, c, s => {
            let Some(d) = &c.rules.dice else {
                return Err("the variant has no dice".into());
            };
            if code != 0 && !d.valid(code) {
                return Err("a roll these dice cannot show".into());
            }
            s.set_var(&c.base.layout, d.roll, code);
            Ok(())
        })
    }

    /// Read a roll written as its faces from 1 joined by `+` (`2+5`, in any
    /// order), as FEN's `roll:` entry and records write it.
    pub fn parse_roll(&self, text: &str) -> Result<u32, String> {
        with_pos!(&self.inner, c, _s => {
            let Some(d) = &c.rules.dice else {
                return Err("the variant has no dice".into());
            };
            let mut faces = Vec::new();
            for f in text.trim().split('+') {
                let n: usize = f
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1 && n <= d.nfaces())
                    .ok_or_else(|| format!("expected a face from 1 to {}, found `{f}`", d.nfaces()))?;
                faces.push((n - 1) as u8);
            }
            if faces.len() != d.count as usize {
                return Err(format!("expected {} dice joined by `+`, found `{text}`", d.count));
            }
            Ok(d.encode(&faces))
        })
    }

    /// What the current roll allows (see [`RollState`]); `Live` without
    /// dice.
    pub fn roll_state(&self) -> RollState {
        let mut p = self.detached();
        with_pos!(&mut p.inner, c, s => roll_state(c, s))
    }

    /// Roll the dice of the player to act from a game's `seed` (the roll
    /// of this ply; under `dice stuck: reroll`, again while the roll lets
    /// no man move but another would). Nothing without dice.
    pub fn roll_from_seed(&mut self, seed: u64) {
        with_pos!(&mut self.inner, c, s => roll_seeded(c, s, seed))
    }
}

fn roll_state<B: Bits>(t: &Compiled<B>, s: &mut State<B>) -> RollState {
    let Some(d) = &t.rules.dice else {
        return RollState::Live;
    };
    let mut list = MoveList::new();
    movegen::gen_legal(t, s, &mut list);
    if list.iter().any(|m| *m != crate::engine::core::Move::Pass) {
        return RollState::Live;
    }
    let code = d.roll(s);
    let l = &t.base.layout;
    s.set_var(l, d.roll, 0);
    list.clear();
    movegen::gen_legal(t, s, &mut list);
    s.set_var(l, d.roll, code);
    if list.is_empty() {
        RollState::Stuck
    } else {
        RollState::Dead
    }
}

fn roll_seeded<B: Bits>(t: &Compiled<B>, s: &mut State<B>, seed: u64) {
    let Some(d) = &t.rules.dice else {
        return;
    };
    let l = &t.base.layout;
    let ply = s.ply;
    if !d.reroll {
        s.set_var(l, d.roll, d.rolled(seed, ply, 0));
        return;
    }
    for attempt in 0..MAX_REROLLS {
        s.set_var(l, d.roll, d.rolled(seed, ply, attempt));
        if roll_state(t, s) != RollState::Dead {
            return;
        }
    }
    // Past the bound: the first roll, in code order, that lets a man move.
    for &code in &d.outcomes {
        s.set_var(l, d.roll, code);
        if roll_state(t, s) == RollState::Live {
            return;
        }
    }
}
