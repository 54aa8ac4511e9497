//! The mutable part of a position: men, flags, counters, hands, decks and
//! the hash. Every change goes through a method here, which updates the
//! bitsets and the hash and records the change in the journal; unmake is
//! [`State::rewind`].

use super::bitset::Bits;
use super::ep_record::EpRecord;
use super::journal::{Change, Mark};
use super::layout::{Layout, Var};
use super::man::Man;
use super::players::PlayerSet;
use super::square::Square;
use crate::ir::{PieceId, PlayerId, MAX_PIECES, MAX_PLAYERS};

/// A player's deck: the cards `top..` remain, `cards[top]` is drawn next.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    pub cards: Vec<u8>,
    pub top: u32,
}

impl Deck {
    /// The remaining cards, top first.
    #[inline]
    pub fn remaining(&self) -> &[u8] {
        &self.cards[self.top as usize..]
    }

    /// How many cards of a type remain.
    #[inline]
    pub fn count(&self, ty: u8) -> u32 {
        self.remaining().iter().filter(|&&c| c == ty).count() as u32
    }
}

/// The state of a position (see the module docs).
#[derive(Clone)]
pub struct State<B: Bits> {
    pub board: [Man; 256],
    pub occ: B,
    pub by_player: [B; MAX_PLAYERS],
    pub by_pattern: Vec<B>,
    /// Men (of tracked kinds) that have never moved.
    pub unmoved: B,
    /// Walls (`then place wall`): squares in `occ` with no man, blocking
    /// every side, never captured. Empty in a variant without walls.
    pub walls: B,
    pub turn: PlayerId,
    /// Players still in the game.
    pub alive: PlayerSet,
    /// Per player: the record of that player's last lame move.
    pub ep: [Option<EpRecord>; MAX_PLAYERS],
    /// Plies since the quiet-move counter was last reset.
    pub quiet: u32,
    pub ply: u32,
    pub hands: [[u8; MAX_PIECES]; MAX_PLAYERS],
    pub pools: [[u8; MAX_PIECES]; MAX_PLAYERS],
    /// `captures to prison`: per holder, the enemy men of each kind in its
    /// prison (all zero in every other variant).
    pub prisons: [[u8; MAX_PIECES]; MAX_PLAYERS],
    /// The rule variables (see [`Var`]).
    pub vars: Vec<u32>,
    pub decks: Vec<Deck>,
    /// Unbounded boards: how far the men have been translated in all
    /// (the absolute coordinate of grid square (0, 0)).
    pub origin: (i32, i32),
    pub hash: u64,
    /// The castling part of `hash`.
    pub castle_key: u64,
    /// Players whose royal no enemy man attacks here, as found after the
    /// action that led here by the elimination pass (the only reader);
    /// empty when nobody looked. Not part of the position: not hashed,
    /// restored by rewind.
    pub safe: PlayerSet,
    /// A hint for "has this player a legal action?": per player, the
    /// square of a man that had a move the last time the question was
    /// answered on the fast path. Not part of the position: not hashed,
    /// not restored by rewind; every reader checks it again (a stale hint
    /// costs time, never a wrong answer).
    pub witness: [Square; MAX_PLAYERS],
    journal: Vec<Change>,
}

impl<B: Bits> State<B> {
    /// An empty board for a layout.
    pub fn empty(l: &Layout) -> State<B> {
        State {
            board: [Man::EMPTY; 256],
            occ: B::EMPTY,
            by_player: [B::EMPTY; MAX_PLAYERS],
            by_pattern: vec![B::EMPTY; l.npatterns],
            unmoved: B::EMPTY,
            walls: B::EMPTY,
            turn: 0,
            alive: PlayerSet::EMPTY,
            ep: [None; MAX_PLAYERS],
            quiet: 0,
            ply: 0,
            hands: [[0; MAX_PIECES]; MAX_PLAYERS],
            pools: [[0; MAX_PIECES]; MAX_PLAYERS],
            prisons: [[0; MAX_PIECES]; MAX_PLAYERS],
            vars: vec![0; l.vars_hashed.len()],
            decks: Vec::new(),
            origin: (0, 0),
            hash: 0,
            castle_key: 0,
            safe: PlayerSet::EMPTY,
            witness: [Square::default(); MAX_PLAYERS],
            journal: Vec::new(),
        }
    }

    /// The man on a square (possibly [`Man::EMPTY`]).
    #[inline]
    pub fn at(&self, sq: Square) -> Man {
        self.board[sq.index()]
    }

    // ----- the journal ------------------------------------------------

    /// Where the journal stands now.
    #[inline]
    pub fn mark(&self) -> Mark {
        Mark {
            len: self.journal.len() as u32,
            turn: self.turn,
            quiet: self.quiet,
            ply: self.ply,
            hash: self.hash,
            castle_key: self.castle_key,
            safe: self.safe,
        }
    }

    /// Undo every change recorded since `mark`, newest first.
    pub fn rewind(&mut self, l: &Layout, mark: Mark) {
        while self.journal.len() > mark.len as usize {
            let Some(c) = self.journal.pop() else { break };
            match c {
                Change::Put(sq) => {
                    self.raw_take(l, sq);
                }
                Change::Take(sq, man) => self.raw_put(l, sq, man),
                Change::Shift(from, to) => self.probe_move(l, to, from),
                Change::Unmoved(sq) => self.unmoved.toggle(sq),
                Change::Wall(sq) => self.raw_toggle_wall(sq),
                Change::Ep(p, r) => self.ep[p as usize] = r,
                Change::Alive(a) => self.alive = PlayerSet::from_bits(a),
                Change::Hand(p, k, n) => self.hands[p as usize][k as usize] = n,
                Change::Pool(p, k, n) => self.pools[p as usize][k as usize] = n,
                Change::Prison(p, k, n) => self.prisons[p as usize][k as usize] = n,
                Change::Var(v, x) => self.vars[v as usize] = x,
                Change::DeckTop(p, top) => self.decks[p as usize].top = top,
                Change::DeckRotate(p) => {
                    let d = &mut self.decks[p as usize];
                    let top = d.top as usize;
                    d.cards[top..].rotate_right(1);
                }
                Change::Translate(dx, dy) => self.raw_translate(l, -(dx as i32), -(dy as i32)),
            }
        }
        self.turn = mark.turn;
        self.quiet = mark.quiet;
        self.ply = mark.ply;
        self.hash = mark.hash;
        self.castle_key = mark.castle_key;
        self.safe = mark.safe;
    }

    /// A copy to work on for a while (generate, probe, make and rewind its
    /// own changes): everything but the journal of past changes, which
    /// the copy cannot undo anyway.
    pub fn scratch(&self) -> State<B> {
        State {
            board: self.board,
            occ: self.occ,
            by_player: self.by_player,
            by_pattern: self.by_pattern.clone(),
            unmoved: self.unmoved,
            walls: self.walls,
            turn: self.turn,
            alive: self.alive,
            ep: self.ep,
            quiet: self.quiet,
            ply: self.ply,
            hands: self.hands,
            pools: self.pools,
            prisons: self.prisons,
            vars: self.vars.clone(),
            decks: self.decks.clone(),
            origin: self.origin,
            hash: self.hash,
            castle_key: self.castle_key,
            safe: self.safe,
            witness: self.witness,
            journal: Vec::new(),
        }
    }

    /// Forget the journal (the changes can no longer be undone).
    pub fn forget(&mut self) {
        self.journal.clear();
    }

    // ----- men ------------------------------------------------------------

    #[inline]
    fn raw_put(&mut self, l: &Layout, sq: Square, man: Man) {
        debug_assert!(self.board[sq.index()].is_empty());
        self.board[sq.index()] = man;
        // (The square is empty: flipping it puts the man.)
        let one = B::single(sq);
        self.occ ^= one;
        self.by_player[man.owner() as usize] ^= one;
        self.by_pattern[l.pid(man)] ^= one;
    }

    #[inline]
    fn raw_take(&mut self, l: &Layout, sq: Square) -> Man {
        let man = self.board[sq.index()];
        debug_assert!(!man.is_empty());
        self.board[sq.index()] = Man::EMPTY;
        let one = B::single(sq);
        self.occ ^= one;
        self.by_player[man.owner() as usize] ^= one;
        self.by_pattern[l.pid(man)] ^= one;
        man
    }

    /// Put a man on an empty square.
    #[inline]
    pub fn put(&mut self, l: &Layout, sq: Square, man: Man) {
        self.raw_put(l, sq, man);
        self.hash ^= l.zob.man(sq, man);
        self.journal.push(Change::Put(sq));
    }

    /// Take the man off a square.
    #[inline]
    pub fn take(&mut self, l: &Layout, sq: Square) -> Man {
        let man = self.raw_take(l, sq);
        self.hash ^= l.zob.man(sq, man);
        self.journal.push(Change::Take(sq, man));
        man
    }

    /// Move the man on `from` to the empty square `to` (one journal entry
    /// instead of a take and a put).
    #[inline(always)]
    pub fn shift(&mut self, l: &Layout, from: Square, to: Square) -> Man {
        let man = self.board[from.index()];
        self.probe_move(l, from, to);
        self.hash ^= l.zob.man(from, man) ^ l.zob.man(to, man);
        self.journal.push(Change::Shift(from, to));
        man
    }

    /// Put a man without recording it (building a position, or trying a
    /// placement that [`State::unprobe`] takes back at once).
    #[inline]
    pub fn probe(&mut self, l: &Layout, sq: Square, man: Man) {
        self.raw_put(l, sq, man);
    }

    /// Move the man on `from` to the empty square `to` without recording
    /// it (see [`State::probe`]); the same call with the squares swapped
    /// takes it back.
    #[inline]
    pub fn probe_move(&mut self, l: &Layout, from: Square, to: Square) {
        let man = self.board[from.index()];
        debug_assert!(!man.is_empty() && self.board[to.index()].is_empty());
        self.board[from.index()] = Man::EMPTY;
        self.board[to.index()] = man;
        let both = B::single(from) ^ B::single(to);
        self.occ ^= both;
        self.by_player[man.owner() as usize] ^= both;
        self.by_pattern[l.pid(man)] ^= both;
    }

    /// Take a man without recording it (see [`State::probe`]).
    #[inline]
    pub fn unprobe(&mut self, l: &Layout, sq: Square) -> Man {
        self.raw_take(l, sq)
    }

    #[inline]
    fn raw_toggle_wall(&mut self, sq: Square) {
        self.walls.toggle(sq);
        self.occ.toggle(sq);
    }

    /// Put a wall on an empty square, or take one away (`on` false).
    #[inline]
    pub fn set_wall(&mut self, l: &Layout, sq: Square, on: bool) {
        debug_assert!(self.board[sq.index()].is_empty());
        if self.walls.contains(sq) == on {
            return;
        }
        self.raw_toggle_wall(sq);
        self.hash ^= l.zob.wall(sq);
        self.journal.push(Change::Wall(sq));
    }

    /// Put a wall without recording it (building a position).
    #[inline]
    pub fn probe_wall(&mut self, sq: Square) {
        if !self.walls.contains(sq) {
            self.raw_toggle_wall(sq);
        }
    }

    /// Take a wall away without recording it (a probe, put back with
    /// [`State::probe_wall`]).
    #[inline]
    pub fn unprobe_wall(&mut self, sq: Square) {
        if self.walls.contains(sq) {
            self.raw_toggle_wall(sq);
        }
    }

    /// Set the has-moved flag of a square (hashed for kinds with initial
    /// moves).
    #[inline]
    pub fn set_unmoved(&mut self, l: &Layout, sq: Square, on: bool) {
        if self.unmoved.contains(sq) == on {
            return;
        }
        self.unmoved.toggle(sq);
        self.journal.push(Change::Unmoved(sq));
        let man = self.board[sq.index()];
        if !man.is_empty() && l.initial_kinds.contains(man.kind()) {
            self.hash ^= l.zob.unmoved[sq.index()];
        }
    }

    /// Every man (and square-based state) moved by `(dx, dy)` on the grid;
    /// the caller has checked that every man stays on the grid and
    /// recomputes the hash.
    pub fn translate(&mut self, l: &Layout, dx: i32, dy: i32) {
        self.raw_translate(l, dx, dy);
        self.journal.push(Change::Translate(dx as i8, dy as i8));
    }

    fn raw_translate(&mut self, l: &Layout, dx: i32, dy: i32) {
        // Squares are `y * width + x`, so a translation is a shift of the
        // index.
        let shift = dy * l.grid_width as i32 + dx;
        let mv = |sq: Square| Square::new((sq.index() as i32 + shift) as usize);
        let men = self.occ;
        let mut moved = [(Square::default(), Man::EMPTY); 256];
        let mut n = 0;
        for s in men {
            moved[n] = (mv(s), self.raw_take(l, s));
            n += 1;
        }
        for &(s, m) in &moved[..n] {
            self.raw_put(l, s, m);
        }
        self.unmoved = self.unmoved.iter().map(mv).collect();
        for r in self.ep.iter_mut().flatten() {
            r.victim = mv(r.victim);
            for x in &mut r.targets[..r.ntargets as usize] {
                *x = mv(*x);
            }
        }
        self.origin = (self.origin.0 - dx, self.origin.1 - dy);
    }

    // ----- turn, players, counters -----------------------------------------

    /// Set the player to act (restored by [`State::rewind`] from the mark).
    #[inline]
    pub fn set_turn(&mut self, l: &Layout, p: PlayerId) {
        if p != self.turn {
            self.hash ^= l.zob.turn[self.turn as usize] ^ l.zob.turn[p as usize];
            self.turn = p;
        }
    }

    #[inline]
    pub fn set_alive(&mut self, alive: PlayerSet) {
        if alive != self.alive {
            self.journal.push(Change::Alive(self.alive.bits()));
            self.alive = alive;
        }
    }

    /// Set the quiet-move counter (restored from the mark).
    #[inline]
    pub fn set_quiet(&mut self, v: u32) {
        self.quiet = v;
    }

    /// Set the ply count (restored from the mark).
    #[inline]
    pub fn set_ply(&mut self, v: u32) {
        self.ply = v;
    }

    /// Replace a player's en-passant record.
    #[inline]
    pub fn set_ep(&mut self, l: &Layout, p: PlayerId, rec: Option<EpRecord>) {
        let old = self.ep[p as usize];
        if old == rec {
            return;
        }
        if let Some(r) = old {
            self.hash ^= l.zob.ep[r.victim.index()];
        }
        if let Some(r) = rec {
            self.hash ^= l.zob.ep[r.victim.index()];
        }
        self.journal.push(Change::Ep(p, old));
        self.ep[p as usize] = rec;
    }

    /// Change a hand count by `delta`. The caller keeps counts in 0..=255
    /// (positions are checked for that when built).
    #[inline]
    pub fn add_hand(&mut self, l: &Layout, p: PlayerId, kind: PieceId, delta: i32) {
        self.add_held(l, Held::Hand, p, kind, delta);
    }

    /// Change a pool count by `delta` (see [`State::add_hand`]).
    #[inline]
    pub fn add_pool(&mut self, l: &Layout, p: PlayerId, kind: PieceId, delta: i32) {
        self.add_held(l, Held::Pool, p, kind, delta);
    }

    /// Change a prison count by `delta` (see [`State::add_hand`]): `p`
    /// holds the men, of another player (`captures to prison`).
    #[inline]
    pub fn add_prison(&mut self, l: &Layout, p: PlayerId, kind: PieceId, delta: i32) {
        self.add_held(l, Held::Prison, p, kind, delta);
    }

    /// One count of men held off the board: its key in the hash and its
    /// old value in the journal follow. `which` is a constant at every
    /// call, so each caller compiles to its own straight line.
    #[inline(always)]
    fn add_held(&mut self, l: &Layout, which: Held, p: PlayerId, kind: PieceId, delta: i32) {
        let (pi, ki) = (p as usize, kind as usize);
        let counts = match which {
            Held::Hand => &mut self.hands,
            Held::Pool => &mut self.pools,
            Held::Prison => &mut self.prisons,
        };
        let c = counts[pi][ki];
        let n = (c as i32 + delta) as u8;
        counts[pi][ki] = n;
        let z = &l.zob;
        let (key, change) = match which {
            Held::Hand => (
                z.hand(pi, ki, c as u32) ^ z.hand(pi, ki, n as u32),
                Change::Hand(p, kind, c),
            ),
            Held::Pool => (
                z.pool(pi, ki, c as u32) ^ z.pool(pi, ki, n as u32),
                Change::Pool(p, kind, c),
            ),
            Held::Prison => (
                z.prison(pi, ki, c as u32) ^ z.prison(pi, ki, n as u32),
                Change::Prison(p, kind, c),
            ),
        };
        self.hash ^= key;
        self.journal.push(change);
    }

    #[inline]
    pub fn var(&self, v: Var) -> u32 {
        self.vars[v.0 as usize]
    }

    /// Set a rule variable (hashed when the layout says so).
    #[inline]
    pub fn set_var(&mut self, l: &Layout, v: Var, value: u32) {
        let i = v.0 as usize;
        let old = self.vars[i];
        if old == value {
            return;
        }
        if l.vars_hashed[i] {
            self.hash ^= l.zob.var(i, old) ^ l.zob.var(i, value);
        }
        self.journal.push(Change::Var(v.0, old));
        self.vars[i] = value;
    }

    /// Set a rule variable that is not hashed, for a probe, without the
    /// journal; returns the old value, which the caller puts back.
    #[inline]
    pub fn swap_var_raw(&mut self, l: &Layout, v: Var, value: u32) -> u32 {
        debug_assert!(!l.vars_hashed[v.0 as usize]);
        std::mem::replace(&mut self.vars[v.0 as usize], value)
    }

    /// The hash of the rule variables.
    pub fn vars_hash(&self, l: &Layout) -> u64 {
        let mut h = 0;
        for (i, &x) in self.vars.iter().enumerate() {
            if l.vars_hashed[i] {
                h ^= l.zob.var(i, x);
            }
        }
        h
    }

    // ----- decks ------------------------------------------------------------

    /// Move the top of a player's deck (the caller updates the hash).
    #[inline]
    pub fn set_deck_top(&mut self, p: PlayerId, top: u32) {
        let d = &mut self.decks[p as usize];
        self.journal.push(Change::DeckTop(p, d.top));
        d.top = top;
    }

    /// Put a player's top card at the bottom of the deck.
    #[inline]
    pub fn rotate_deck(&mut self, p: PlayerId) {
        let d = &mut self.decks[p as usize];
        let top = d.top as usize;
        d.cards[top..].rotate_left(1);
        self.journal.push(Change::DeckRotate(p));
    }

    // ----- queries --------------------------------------------------------

    /// Men of the players in `set`.
    #[inline]
    pub fn players_bb(&self, set: PlayerSet) -> B {
        let mut b = B::EMPTY;
        for p in 0..MAX_PLAYERS {
            if set.contains(p as PlayerId) {
                b |= self.by_player[p];
            }
        }
        b
    }

    /// The next player in turn order still in the game.
    #[inline]
    pub fn next_player(&self, l: &Layout, p: PlayerId) -> PlayerId {
        let n = l.nplayers as u8;
        let mut q = p;
        for _ in 0..n {
            q = if q + 1 == n { 0 } else { q + 1 };
            if self.alive.contains(q) {
                return q;
            }
        }
        p
    }

    /// The previous player in turn order still in the game.
    pub fn prev_player(&self, l: &Layout, p: PlayerId) -> PlayerId {
        let n = l.nplayers as u8;
        let mut q = p;
        for _ in 0..n {
            q = if q == 0 { n - 1 } else { q - 1 };
            if self.alive.contains(q) {
                return q;
            }
        }
        p
    }

    /// Men of the given patterns.
    #[inline]
    pub fn pids_bb(&self, pids: &[u8]) -> B {
        let mut b = B::EMPTY;
        for &p in pids {
            b |= self.by_pattern[p as usize];
        }
        b
    }

    /// Whether any man of the given patterns is on the board: the test of
    /// [`State::pids_bb`] being non-empty, stopping at the first pattern
    /// that has one.
    #[inline]
    pub fn any_of(&self, pids: &[u8]) -> bool {
        pids.iter().any(|&p| self.by_pattern[p as usize].any())
    }

    /// Whether player `p` holds no man in hand (the counts past the
    /// variant's kinds are always 0): one compare of the whole array, not
    /// a walk over its [`MAX_PIECES`] counts.
    #[inline]
    pub fn hand_empty(&self, p: PlayerId) -> bool {
        self.hands[p as usize] == [0; MAX_PIECES]
    }
}

/// Where men are held off the board ([`State::add_hand`],
/// [`State::add_pool`], [`State::add_prison`]).
#[derive(Clone, Copy)]
enum Held {
    Hand,
    Pool,
    Prison,
}
