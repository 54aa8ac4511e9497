//! `lion trading PIECE, ... [bridge [except PIECE, ...]]` (docs/LANGUAGE.md
//! §6, "lion trading"): the rules that keep lions from being traded.
//!
//! - **Protected lion.** A man of a lion kind may not take a man of a lion
//!   kind that stands more than a king step from the square its move
//!   starts from when, after the move, the square it lands on is attacked
//!   by the opponent; with `bridge`, unless the move is a move of two
//!   steps whose first step took a man of a kind not listed after
//!   `except`.
//! - **Counter-strike.** After a man of a non-lion kind takes a man of a
//!   lion kind, the player to act may not take a man of a lion kind with
//!   a man of a non-lion kind; with `counter unprotected`, unless, after
//!   the move, the square it lands on is not attacked by the opponent
//!   (the lion taken was unprotected). One hashed rule variable (1:
//!   barred), set after every action; FEN's `<traded:1>` (docs/FEN.md
//!   §3a).
//!
//! Hooks: a **constraint** on captures ([`LionTrade::judge`], before the
//! capture is made; the landing square's attack test after it, in
//! `position/probe.rs`) and a **consequence** ([`LionTrade::after_action`];
//! a move of two steps sets the variable in its own make). Every capture
//! of such a variant goes through the capture probe
//! (`Rules::special_captures`); other variants pay nothing.

use crate::engine::compile::Base;
use crate::engine::core::{Bits, Layout, Man, Move, Square, State, Var};
use crate::ir::{KindSet, PieceId, Variant};

/// What the rules say of a capture, before it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move takes no lion, or may take it whatever follows.
    Free,
    /// The move is barred.
    Barred,
    /// The move is barred if, once made, the square is attacked by the
    /// next player (a protected lion taken from afar).
    UnlessSafe(Square),
    /// `counter unprotected`: a counter-strike, barred if, once made, the
    /// square it lands on is attacked by the next player (the lion taken
    /// was protected).
    CounterUnlessSafe(Square),
}

/// The lion trading rules of a variant.
#[derive(Clone, Debug)]
pub struct LionTrade {
    lions: KindSet,
    /// `bridge`: the kinds whose capture on a first step is a bridge.
    bridges: KindSet,
    /// 1 while the player to act may not take a lion with a non-lion.
    pub barred: Var,
    /// `counter unprotected`: that bar spares an unprotected lion.
    counter_unprotected: bool,
}

impl LionTrade {
    pub fn new(v: &Variant, nkinds: usize, l: &mut Layout) -> Option<LionTrade> {
        let lt = v.turn.lion_trading.as_ref()?;
        let kinds = |ks: &[PieceId]| {
            ks.iter()
                .filter(|&&k| (k as usize) < nkinds)
                .copied()
                .collect::<KindSet>()
        };
        let bridges = match &lt.bridge {
            None => KindSet::EMPTY,
            Some(except) => KindSet::first(nkinds) & !kinds(except),
        };
        Some(LionTrade {
            lions: kinds(&lt.lions),
            bridges,
            barred: l.alloc_vars(1, true),
            counter_unprotected: lt.counter_unprotected,
        })
    }

    #[inline]
    fn is_lion(&self, m: Man) -> bool {
        !m.is_empty() && self.lions.contains(m.kind())
    }

    /// Whether the player to act may not take a lion with a non-lion.
    #[inline]
    pub fn is_barred<B: Bits>(&self, s: &State<B>) -> bool {
        s.var(self.barred) != 0
    }

    /// The verdict on `mv` of the player to act, before it is made.
    pub fn judge<B: Bits>(&self, t: &Base<B>, s: &State<B>, mv: Move) -> Verdict {
        let (from, first, last) = match mv {
            Move::Normal { from, to, .. } | Move::Lame { from, to, .. } => (from, None, to),
            Move::Lion { from, mid, to } => (from, Some(mid), to),
            _ => return Verdict::Free,
        };
        let landing = last;
        let mover = s.at(from);
        let first_man = first.map_or(Man::EMPTY, |m| s.at(m));
        let last_man = if last == from { Man::EMPTY } else { s.at(last) };
        if !self.is_lion(first_man) && !self.is_lion(last_man) {
            return Verdict::Free;
        }
        if !self.is_lion(mover) {
            return match (self.is_barred(s), self.counter_unprotected) {
                (false, _) => Verdict::Free,
                (true, false) => Verdict::Barred,
                (true, true) => Verdict::CounterUnlessSafe(landing),
            };
        }
        // A lion takes a lion: only the one on the last square can be
        // more than a king step away (a first step is one).
        if !self.is_lion(last_man) || adjacent(t, from, last) {
            return Verdict::Free;
        }
        if !first_man.is_empty() && self.bridges.contains(first_man.kind()) {
            return Verdict::Free;
        }
        Verdict::UnlessSafe(last)
    }

    /// The counter-strike bar after `mv`, judged before it is made: a
    /// non-lion takes a lion.
    #[inline(never)]
    pub fn bars_next<B: Bits>(&self, s: &State<B>, mv: Move) -> bool {
        let (from, first, last) = match mv {
            Move::Normal { from, to, .. } | Move::Lame { from, to, .. } => (from, None, to),
            Move::EnPassant { from, victim, .. } => (from, None, victim),
            Move::Lion { from, mid, to } => (from, Some(mid), to),
            _ => return false,
        };
        if self.is_lion(s.at(from)) {
            return false;
        }
        first.is_some_and(|m| self.is_lion(s.at(m))) || (last != from && self.is_lion(s.at(last)))
    }

    /// Set the bar for the next player (`bar`: what [`LionTrade::bars_next`]
    /// said of the action just made).
    #[inline]
    pub fn set<B: Bits>(&self, l: &Layout, s: &mut State<B>, bar: bool) {
        if (s.var(self.barred) != 0) != bar {
            s.set_var(l, self.barred, bar as u32);
        }
    }
}

/// Whether two squares are a king step apart.
fn adjacent<B: Bits>(t: &Base<B>, a: Square, b: Square) -> bool {
    let ((ax, ay), (bx, by)) = (t.geo.coords(a), t.geo.coords(b));
    a != b && (ax - bx).abs() <= 1 && (ay - by).abs() <= 1
}
