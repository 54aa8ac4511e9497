//! Positions: the raw, unchecked [`RawPosition`], the checked [`Position`]
//! and make/unmake.

use super::bitset::Bitset;
use super::man::Man;
use super::moves::{Move, MoveKind, MoveList};
use super::square::Square;
use super::tables::Tables;
use super::{attacks, movegen};
use crate::ir::{Dir, PieceId, PlayerId, Shape, MAX_PIECES, MAX_PLAYERS};
use std::fmt;
use std::sync::Arc;

/// One en-passant record: the man that made a lame move, the squares it
/// passed, and the players who may still capture it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct EpRecord {
    /// Square of the man that passed (NONE: no record).
    pub victim: Square,
    pub targets: [Square; 3],
    /// Bit mask of the players who may still take it.
    pub eligible: u8,
}

impl EpRecord {
    pub const NONE: EpRecord = EpRecord {
        victim: Square::NONE,
        targets: [Square::NONE; 3],
        eligible: 0,
    };

    #[inline]
    pub fn is_some(&self) -> bool {
        self.victim.is_some()
    }
}

/// The mutable part of a position, kept separate from the tables so that
/// hot code can hold `&Tables` and `&mut State` at once.
#[derive(Clone)]
pub(crate) struct State {
    pub board: [Man; 256],
    pub occ: Bitset,
    pub by_player: [Bitset; MAX_PLAYERS],
    pub by_pattern: Vec<Bitset>,
    /// Men (of tracked kinds) that have never moved.
    pub unmoved: Bitset,
    pub turn: PlayerId,
    /// Players still in the game (bit mask).
    pub alive: u8,
    /// Per player: the record of that player's last lame move.
    pub ep: [EpRecord; MAX_PLAYERS],
    pub quiet: u32,
    pub ply: u32,
    pub hands: [[u8; MAX_PIECES]; MAX_PLAYERS],
    pub pools: [[u8; MAX_PIECES]; MAX_PLAYERS],
    pub hash: u64,
    /// The castling part of `hash`.
    pub castle_key: u64,
    /// Placement games: swap uses, passes, removed men (issue 4).
    pub x: super::placement::Extra,
    /// Card decks (issue 5).
    pub decks: super::deck::Decks,
    /// Eliminations made by actions, for unmake (issue 5).
    pub elim_log: Vec<super::elimination::Record>,
}

/// What [`Position::unmake`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    hash: u64,
    castle_key: u64,
    quiet: u32,
    ply: u32,
    turn: PlayerId,
    unmoved: Bitset,
    ep: [EpRecord; MAX_PLAYERS],
    moved: Man,
    captured: Man,
    shift: (i8, i8),
    x: super::placement::XUndo,
    deck: super::deck::DeckUndo,
    /// Eliminations this action made (entries of `State::elim_log`).
    elims: u8,
}

impl State {
    fn empty(t: &Tables) -> State {
        State {
            board: [Man::EMPTY; 256],
            occ: Bitset::EMPTY,
            by_player: [Bitset::EMPTY; MAX_PLAYERS],
            by_pattern: vec![Bitset::EMPTY; t.patterns.len()],
            unmoved: Bitset::EMPTY,
            turn: 0,
            alive: 0,
            ep: [EpRecord::NONE; MAX_PLAYERS],
            quiet: 0,
            ply: 0,
            hands: [[0; MAX_PIECES]; MAX_PLAYERS],
            pools: [[0; MAX_PIECES]; MAX_PLAYERS],
            hash: 0,
            castle_key: 0,
            x: Default::default(),
            decks: super::deck::Decks::EMPTY,
            elim_log: Vec::new(),
        }
    }

    /// Put a man on an empty square.
    #[inline]
    pub fn put<const HASH: bool>(&mut self, t: &Tables, sq: Square, man: Man) {
        debug_assert!(self.board[sq.index()].is_empty());
        self.board[sq.index()] = man;
        self.occ.insert(sq);
        self.by_player[man.owner() as usize].insert(sq);
        self.by_pattern[t.pid(man)].insert(sq);
        if HASH {
            self.hash ^= t.zob.man(sq, man);
        }
    }

    /// Take the man off a square.
    #[inline]
    pub fn take<const HASH: bool>(&mut self, t: &Tables, sq: Square) -> Man {
        let man = self.board[sq.index()];
        debug_assert!(!man.is_empty());
        self.board[sq.index()] = Man::EMPTY;
        self.occ.remove(sq);
        self.by_player[man.owner() as usize].remove(sq);
        self.by_pattern[t.pid(man)].remove(sq);
        if HASH {
            self.hash ^= t.zob.man(sq, man);
        }
        man
    }

    /// Men of the players in `mask`.
    #[inline]
    pub fn players_bb(&self, mask: u8) -> Bitset {
        let mut b = Bitset::EMPTY;
        for p in 0..MAX_PLAYERS {
            if mask & (1 << p) != 0 {
                b |= self.by_player[p];
            }
        }
        b
    }

    /// Men friendly to `p` (p's and p's team mates').
    #[inline]
    pub fn friends_bb(&self, t: &Tables, p: PlayerId) -> Bitset {
        let mask = t.friends[p as usize];
        if mask == 1 << p {
            self.by_player[p as usize]
        } else {
            self.players_bb(mask)
        }
    }

    /// Men of the given patterns.
    #[inline]
    pub fn pids_bb(&self, pids: &[u8]) -> Bitset {
        let mut b = Bitset::EMPTY;
        for &p in pids {
            b |= self.by_pattern[p as usize];
        }
        b
    }

    /// Men of a kind.
    #[inline]
    pub fn kind_bb(&self, t: &Tables, kind: PieceId) -> Bitset {
        self.pids_bb(&t.kind_pids[kind as usize])
    }

    /// Royal men of a player.
    #[inline]
    pub fn royals(&self, t: &Tables, p: PlayerId) -> Bitset {
        if t.royal_pids.is_empty() {
            return Bitset::EMPTY;
        }
        self.pids_bb(&t.royal_pids) & self.by_player[p as usize]
    }

    /// The next player in turn order still in the game.
    #[inline]
    pub fn next_player(&self, t: &Tables, p: PlayerId) -> PlayerId {
        let n = t.nplayers as u8;
        let mut q = p;
        for _ in 0..n {
            q = if q + 1 == n { 0 } else { q + 1 };
            if self.alive & (1 << q) != 0 {
                return q;
            }
        }
        p
    }

    /// The previous player in turn order still in the game.
    pub fn prev_player(&self, t: &Tables, p: PlayerId) -> PlayerId {
        let n = t.nplayers as u8;
        let mut q = p;
        for _ in 0..n {
            q = if q == 0 { n - 1 } else { q - 1 };
            if self.alive & (1 << q) != 0 {
                return q;
            }
        }
        p
    }

    /// The castling part of the hash: each partner that can still castle
    /// (unmoved, with an unmoved royal of its owner on its line).
    pub fn castle_component(&self, t: &Tables) -> u64 {
        let Some(ci) = t.castling else { return 0 };
        let geo = &t.geo;
        let royals = self.kind_bb(t, ci.royal) & self.unmoved;
        if royals.is_empty() {
            return 0;
        }
        let partners = self.kind_bb(t, ci.partner) & self.unmoved;
        let mut k = 0;
        for p in partners {
            let owner = self.board[p.index()].owner();
            let (px, py) = geo.coords(p);
            let ok = (royals & self.by_player[owner as usize]).iter().any(|r| {
                let (rx, ry) = geo.coords(r);
                r != p && (rx == px || ry == py)
            });
            if ok {
                k ^= t.zob.castle[p.index()];
            }
        }
        k
    }

    /// The hash computed from scratch.
    pub fn compute_hash(&self, t: &Tables) -> u64 {
        let mut h = t.zob.turn[self.turn as usize];
        for sq in self.occ {
            let man = self.board[sq.index()];
            h ^= t.zob.man(sq, man);
            if self.unmoved.contains(sq) && t.initial_kinds & (1 << man.kind()) != 0 {
                h ^= t.zob.unmoved[sq.index()];
            }
        }
        h ^= self.castle_component(t);
        for r in &self.ep {
            if r.is_some() {
                h ^= t.zob.ep[r.victim.index()];
            }
        }
        for p in 0..t.nplayers {
            for k in 0..t.nkinds {
                h ^= t.zob.hand(p, k, self.hands[p][k] as u32);
                h ^= t.zob.pool(p, k, self.pools[p][k] as u32);
            }
        }
        h ^= t.pl.extra_hash(&self.x);
        if t.cards.enabled {
            h ^= self.decks.hash(t);
        }
        h
    }

    /// Make a move (assumed pseudo-legal) and return what unmake needs.
    pub fn make(&mut self, t: &Tables, mv: Move) -> Undo {
        let mut undo = Undo {
            hash: self.hash,
            castle_key: self.castle_key,
            quiet: self.quiet,
            ply: self.ply,
            turn: self.turn,
            unmoved: self.unmoved,
            ep: self.ep,
            moved: Man::EMPTY,
            captured: Man::EMPTY,
            shift: (0, 0),
            x: Default::default(),
            deck: Default::default(),
            elims: 0,
        };
        let me = self.turn;
        let mut reset = false;
        // Issue 5: a drawn joker or a returned card keeps the turn.
        let mut stay = false;
        if t.cards.enabled {
            undo.deck = super::deck::before_make(t, self, mv);
        }
        let mut new_ep = EpRecord::NONE;

        // Has-moved flags cleared by this move (read before the board changes).
        let mut touched = Bitset::EMPTY;
        if mv.from.is_some() {
            touched.insert(mv.from);
        }
        if mv.to.is_some() {
            touched.insert(mv.to);
        }
        let aux_sq = Square(mv.aux);
        match mv.kind {
            MoveKind::EnPassant
            | MoveKind::Castle
            | MoveKind::PlaceAndReturn
            | MoveKind::PlaceAndMove => touched.insert(aux_sq),
            _ => {}
        }
        let cleared = self.unmoved & touched;
        let mut castle_dirty = false;
        if cleared.any() {
            for sq in cleared {
                let k = self.board[sq.index()].kind();
                if t.initial_kinds & (1 << k) != 0 {
                    self.hash ^= t.zob.unmoved[sq.index()];
                }
                if t.castle_kinds & (1 << k) != 0 {
                    castle_dirty = true;
                }
            }
            self.unmoved &= !touched;
        }

        match mv.kind {
            MoveKind::Normal | MoveKind::Lame => {
                let from = mv.from;
                let to = mv.to;
                let cap = self.board[to.index()];
                if !cap.is_empty() {
                    self.take::<true>(t, to);
                    undo.captured = cap;
                    reset |= t.quiet.capture;
                    if t.captures_to_hand {
                        self.add_hand(t, me, cap.kind(), 1);
                    }
                }
                let man = self.take::<true>(t, from);
                undo.moved = man;
                reset |= t.quiet.kinds & (1 << man.kind()) != 0;
                let placed = self.promote(t, man, mv.piece);
                self.put::<true>(t, to, placed);
                if mv.kind == MoveKind::Lame {
                    let step = t.lame_step(mv.aux, from);
                    new_ep.victim = to;
                    new_ep.targets[..step.npath as usize]
                        .copy_from_slice(&step.path_sqs[..step.npath as usize]);
                }
            }
            MoveKind::EnPassant => {
                let cap = self.take::<true>(t, aux_sq);
                undo.captured = cap;
                reset |= t.quiet.capture;
                if t.captures_to_hand {
                    self.add_hand(t, me, cap.kind(), 1);
                }
                let man = self.take::<true>(t, mv.from);
                undo.moved = man;
                reset |= t.quiet.kinds & (1 << man.kind()) != 0;
                let placed = self.promote(t, man, mv.piece);
                self.put::<true>(t, mv.to, placed);
            }
            MoveKind::Castle => {
                let crossed = castle_crossed(t, mv.from, mv.to);
                let royal = self.take::<true>(t, mv.from);
                let partner = self.take::<true>(t, aux_sq);
                undo.moved = royal;
                undo.captured = partner;
                reset |= t.quiet.kinds & (1 << royal.kind()) != 0;
                self.put::<true>(t, mv.to, royal);
                self.put::<true>(t, crossed, partner);
            }
            MoveKind::Drop => {
                self.place(t, me, mv.piece, mv.to, true);
                reset |= t.quiet.place;
            }
            MoveKind::DrawPlace => {
                let (st, removed) = super::deck::make_draw(t, self, mv, &mut undo.deck);
                stay = st;
                if let Some(m) = removed {
                    undo.captured = m;
                    reset |= t.quiet.capture;
                } else if mv.to.is_some() {
                    self.place(t, me, mv.piece, mv.to, false);
                    reset |= t.quiet.place;
                }
            }
            MoveKind::PlaceAndMove => {
                let then = aux_sq;
                self.place(t, me, mv.piece, mv.to, true);
                reset |= t.quiet.place;
                if self.unmoved.contains(mv.to) {
                    self.set_unmoved(t, mv.to, false);
                }
                let cap = self.board[then.index()];
                if !cap.is_empty() {
                    self.take::<true>(t, then);
                    undo.captured = cap;
                }
                let man = self.take::<true>(t, mv.to);
                self.put::<true>(t, then, man);
            }
            MoveKind::PlaceAndReturn => {
                self.place(t, me, mv.piece, mv.to, true);
                reset |= t.quiet.place;
                let back = self.take::<true>(t, aux_sq);
                undo.captured = back;
                self.add_hand(t, back.owner(), back.kind(), 1);
            }
            MoveKind::Swap => {
                let a = self.take::<true>(t, mv.from);
                let b = self.take::<true>(t, mv.to);
                undo.moved = a;
                undo.captured = b;
                self.put::<true>(t, mv.to, a);
                self.put::<true>(t, mv.from, b);
            }
            MoveKind::Pass => {}
        }

        // En passant: the mover's own record ends, and the mover has had
        // its turn for everybody else's.
        if t.has_ep {
            let bit = 1u8 << me;
            for q in 0..t.nplayers {
                let r = &mut self.ep[q];
                if !r.is_some() {
                    continue;
                }
                // A record dies with its man (captured, possibly en passant).
                let gone = self.board[r.victim.index()].owner() as usize != q
                    || self.board[r.victim.index()].is_empty();
                if gone || q == me as usize || r.eligible & bit != 0 {
                    r.eligible &= !bit;
                    if gone || q == me as usize || r.eligible == 0 {
                        self.hash ^= t.zob.ep[r.victim.index()];
                        *r = EpRecord::NONE;
                    }
                }
            }
            if new_ep.is_some() {
                new_ep.eligible = self.ep_eligible(t, me);
                if new_ep.eligible != 0 {
                    self.hash ^= t.zob.ep[new_ep.victim.index()];
                    self.ep[me as usize] = new_ep;
                }
            }
        }

        if castle_dirty {
            let k = self.castle_component(t);
            self.hash ^= self.castle_key ^ k;
            self.castle_key = k;
        }
        self.quiet = if reset { 0 } else { self.quiet + 1 };
        self.ply += 1;
        let next = if stay { me } else { self.next_player(t, me) };
        self.hash ^= t.zob.turn[me as usize] ^ t.zob.turn[next as usize];
        self.turn = next;
        super::placement::after_make(t, self, mv, me, &mut undo.x);

        if let Some(anchor) = t.geo.anchor() {
            undo.shift = self.recentre(t, anchor);
        }
        undo
    }

    /// [`State::make`], then the eliminations the action causes (issue 5;
    /// legality tests use plain `make`, which never eliminates).
    pub fn make_action(&mut self, t: &Tables, mv: Move) -> Undo {
        let mover = self.turn;
        let mut undo = self.make(t, mv);
        if t.elim.active {
            undo.elims = super::elimination::after_action(t, self, mover);
        }
        undo
    }

    /// Take a move back.
    pub fn unmake(&mut self, t: &Tables, mv: Move, undo: Undo) {
        if undo.elims > 0 {
            super::elimination::undo(t, self, undo.elims);
        }
        if undo.shift != (0, 0) {
            self.translate(t, -(undo.shift.0 as i32), -(undo.shift.1 as i32));
        }
        super::placement::before_unmake(t, self, &undo.x);
        let me = undo.turn;
        let aux_sq = Square(mv.aux);
        match mv.kind {
            MoveKind::Normal | MoveKind::Lame | MoveKind::EnPassant => {
                self.take::<false>(t, mv.to);
                if mv.piece != u8::MAX {
                    if let Some(pr) = &t.promo[undo.moved.kind() as usize] {
                        if pr.from_pool {
                            self.pools[undo.moved.owner() as usize][mv.piece as usize] += 1;
                        }
                    }
                }
                self.put::<false>(t, mv.from, undo.moved);
                if !undo.captured.is_empty() {
                    let at = if mv.kind == MoveKind::EnPassant {
                        aux_sq
                    } else {
                        mv.to
                    };
                    self.put::<false>(t, at, undo.captured);
                    if t.captures_to_hand {
                        self.hands[me as usize][undo.captured.kind() as usize] -= 1;
                    }
                }
            }
            MoveKind::Castle => {
                let crossed = castle_crossed(t, mv.from, mv.to);
                self.take::<false>(t, mv.to);
                self.take::<false>(t, crossed);
                self.put::<false>(t, mv.from, undo.moved);
                self.put::<false>(t, aux_sq, undo.captured);
            }
            MoveKind::Drop => {
                let man = self.take::<false>(t, mv.to);
                self.hands[me as usize][man.kind() as usize] += 1;
            }
            MoveKind::DrawPlace => {
                super::deck::unmake(t, self, mv, &undo.deck, undo.captured, me);
            }
            MoveKind::PlaceAndMove => {
                let man = self.take::<false>(t, aux_sq);
                if !undo.captured.is_empty() {
                    self.put::<false>(t, aux_sq, undo.captured);
                }
                self.hands[me as usize][man.kind() as usize] += 1;
            }
            MoveKind::PlaceAndReturn => {
                let man = self.take::<false>(t, mv.to);
                self.hands[me as usize][man.kind() as usize] += 1;
                let back = undo.captured;
                self.hands[back.owner() as usize][back.kind() as usize] -= 1;
                self.put::<false>(t, aux_sq, back);
            }
            MoveKind::Swap => {
                self.take::<false>(t, mv.from);
                self.take::<false>(t, mv.to);
                self.put::<false>(t, mv.from, undo.moved);
                self.put::<false>(t, mv.to, undo.captured);
            }
            MoveKind::Pass => {}
        }
        if t.cards.enabled {
            super::deck::restore_flags(self, &undo.deck);
        }
        self.hash = undo.hash;
        self.castle_key = undo.castle_key;
        self.quiet = undo.quiet;
        self.ply = undo.ply;
        self.turn = undo.turn;
        self.unmoved = undo.unmoved;
        self.ep = undo.ep;
    }

    /// The man after a promotion to `piece` (u8::MAX: none); uses the pool.
    #[inline]
    fn promote(&mut self, t: &Tables, man: Man, piece: u8) -> Man {
        if piece == u8::MAX {
            return man;
        }
        if let Some(pr) = &t.promo[man.kind() as usize] {
            if pr.from_pool {
                let (o, k) = (man.owner() as usize, piece as usize);
                let c = self.pools[o][k] as u32;
                self.hash ^= t.zob.pool(o, k, c) ^ t.zob.pool(o, k, c - 1);
                self.pools[o][k] -= 1;
            }
        }
        man.with_kind(piece)
    }

    fn place(&mut self, t: &Tables, me: PlayerId, kind: PieceId, at: Square, from_hand: bool) {
        if from_hand {
            self.add_hand(t, me, kind, -1);
        }
        let man = Man::new(kind, me, t.forward[me as usize]);
        self.put::<true>(t, at, man);
        // A placed man has never moved; castling kinds never castle after
        // being placed.
        if t.tracked_kinds & !t.castle_kinds & (1 << kind) != 0 {
            self.set_unmoved(t, at, true);
        }
    }

    fn set_unmoved(&mut self, t: &Tables, sq: Square, on: bool) {
        if self.unmoved.contains(sq) != on {
            self.unmoved.toggle(sq);
            if t.initial_kinds & (1 << self.board[sq.index()].kind()) != 0 {
                self.hash ^= t.zob.unmoved[sq.index()];
            }
        }
    }

    fn add_hand(&mut self, t: &Tables, p: PlayerId, kind: PieceId, delta: i32) {
        let (p, k) = (p as usize, kind as usize);
        let c = self.hands[p][k] as i32;
        let n = (c + delta).clamp(0, 255);
        self.hash ^= t.zob.hand(p, k, c as u32) ^ t.zob.hand(p, k, n as u32);
        self.hands[p][k] = n as u8;
    }

    /// Who may take en passant after `me`'s lame move.
    fn ep_eligible(&self, t: &Tables, me: PlayerId) -> u8 {
        let enemies = self.alive & !t.friends[me as usize];
        match t.ep_window {
            crate::ir::EnPassantWindow::EachOpponent => enemies,
            crate::ir::EnPassantWindow::NextPlayer => {
                let n = self.next_player(t, me);
                enemies & (1 << n)
            }
        }
    }

    /// Move every man (and square-based state) by `(dx, dy)`; the caller
    /// has checked that every man stays on the grid.
    pub fn translate(&mut self, t: &Tables, dx: i32, dy: i32) {
        let geo = &t.geo;
        let mv = |sq: Square| -> Square {
            if sq.is_none() {
                return sq;
            }
            let (x, y) = geo.coords(sq);
            geo.square(x + dx, y + dy).unwrap_or(Square::NONE)
        };
        // A fixed array, not a Vec: make recentres after every action on
        // an unbounded board, and move generation must not allocate.
        let mut men = [(Square::NONE, Man::EMPTY); 256];
        let mut n = 0;
        for s in self.occ {
            men[n] = (s, self.board[s.index()]);
            n += 1;
        }
        for &(s, _) in &men[..n] {
            self.take::<false>(t, s);
        }
        for &(s, m) in &men[..n] {
            self.put::<false>(t, mv(s), m);
        }
        self.unmoved = self.unmoved.iter().map(mv).collect();
        for r in &mut self.ep {
            if r.is_some() {
                r.victim = mv(r.victim);
                for x in &mut r.targets {
                    *x = mv(*x);
                }
            }
        }
        self.castle_key = self.castle_component(t);
        self.hash = self.compute_hash(t);
    }

    /// Keep the men's bounding box at `anchor` (unbounded boards). Returns
    /// the shift applied; no shift when the box exceeds the limit (such a
    /// move is illegal and will be taken back).
    fn recentre(&mut self, t: &Tables, anchor: (i32, i32)) -> (i8, i8) {
        let Some((minx, miny, maxx, maxy)) = bounding_box(t, self.occ) else {
            return (0, 0);
        };
        let (lw, lh) = t
            .geo
            .limit()
            .map(|(w, h)| (w as i32, h as i32))
            .unwrap_or((0, 0));
        if maxx - minx >= lw || maxy - miny >= lh {
            return (0, 0);
        }
        let (dx, dy) = (anchor.0 - minx, anchor.1 - miny);
        if (dx, dy) != (0, 0) {
            self.translate(t, dx, dy);
        }
        (dx as i8, dy as i8)
    }
}

/// The bounding box `(minx, miny, maxx, maxy)` of a set of squares.
pub(crate) fn bounding_box(t: &Tables, set: Bitset) -> Option<(i32, i32, i32, i32)> {
    let mut it = set.iter();
    let first = it.next()?;
    let (x0, y0) = t.geo.coords(first);
    let mut b = (x0, y0, x0, y0);
    for s in it {
        let (x, y) = t.geo.coords(s);
        b.0 = b.0.min(x);
        b.1 = b.1.min(y);
        b.2 = b.2.max(x);
        b.3 = b.3.max(y);
    }
    Some(b)
}

/// The square a castling royal crosses (midway between from and to).
#[inline]
pub(crate) fn castle_crossed(t: &Tables, from: Square, to: Square) -> Square {
    let (fx, fy) = t.geo.coords(from);
    let (tx, ty) = t.geo.coords(to);
    t.geo
        .grid_square((fx + tx) / 2, (fy + ty) / 2)
        .unwrap_or(Square::NONE)
}

/// One man of a [`RawPosition`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawMan {
    pub at: Square,
    pub kind: PieceId,
    pub owner: PlayerId,
    pub facing: Dir,
    /// Has never moved (kept only for kinds where it matters: `initial`
    /// moves and castling).
    pub unmoved: bool,
}

/// An en-passant record of a [`RawPosition`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawEp {
    /// The man that made the lame move.
    pub victim: Square,
    /// The squares it passed (1 to 3).
    pub targets: Vec<Square>,
    /// Players who may still capture it (bit mask).
    pub eligible: u8,
}

/// A position as plain data, not yet checked: what FEN parsing and the
/// variant setup produce. [`Position::from_raw`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RawPosition {
    pub men: Vec<RawMan>,
    pub turn: PlayerId,
    /// Per player, per kind: men in hand.
    pub hands: Vec<Vec<u32>>,
    /// Per player, per kind: men left in the promotion pool.
    pub pools: Vec<Vec<u32>>,
    pub en_passant: Vec<RawEp>,
    /// Plies since the last reset of the quiet-move counter.
    pub quiet: u32,
    /// Plies played since the start of the game.
    pub ply: u32,
    /// Players still in the game (bit mask).
    pub alive: u8,
    /// Placement games: swap uses, passes, removed men.
    pub extra: super::placement::Extra,
    /// Per player: the cards left in the deck, top first (issue 5).
    pub decks: Vec<Vec<crate::ir::Card>>,
    /// Players who owe a board move after returning a card (bit mask).
    pub must_move: u8,
}

impl RawPosition {
    /// The variant's starting position.
    pub fn from_setup(t: &Tables) -> Result<RawPosition, PositionError> {
        let v = &t.variant;
        let setup = &v.setup;
        let shift = match (&v.board.shape, t.geo.anchor()) {
            (Shape::Unbounded { .. }, Some((ax, ay))) => {
                let minx = setup.men.iter().map(|m| m.at.x).min().unwrap_or(0);
                let miny = setup.men.iter().map(|m| m.at.y).min().unwrap_or(0);
                (ax - minx, ay - miny)
            }
            _ => (0, 0),
        };
        let mut men = Vec::with_capacity(setup.men.len());
        for m in &setup.men {
            let at = t
                .geo
                .square(m.at.x + shift.0, m.at.y + shift.1)
                .ok_or_else(|| {
                    PositionError(format!(
                        "setup puts a man on ({}, {}), which is not a square of the board",
                        m.at.x, m.at.y
                    ))
                })?;
            men.push(RawMan {
                at,
                kind: m.piece,
                owner: m.owner,
                facing: m.facing,
                unmoved: true,
            });
        }
        let table = |src: &Vec<Vec<(PieceId, u32)>>| -> Vec<Vec<u32>> {
            (0..t.nplayers)
                .map(|p| {
                    let mut row = vec![0u32; t.nkinds];
                    if let Some(list) = src.get(p) {
                        for &(k, n) in list {
                            if let Some(c) = row.get_mut(k as usize) {
                                *c += n;
                            }
                        }
                    }
                    row
                })
                .collect()
        };
        Ok(RawPosition {
            men,
            turn: setup.first,
            hands: table(&setup.hands),
            pools: table(&setup.pools),
            en_passant: Vec::new(),
            quiet: 0,
            ply: 0,
            alive: ((1u16 << t.nplayers) - 1) as u8,
            extra: Default::default(),
            decks: Vec::new(),
            must_move: 0,
        })
    }
}

/// Why a raw position is not a valid position of the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {0}")]
pub struct PositionError(pub String);

/// A checked position of a variant: men, side to move, hands, pools,
/// en-passant records, counters and the Zobrist hash.
#[derive(Clone)]
pub struct Position {
    pub(crate) tables: Arc<Tables>,
    pub(crate) s: State,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl Position {
    /// The variant's starting position (decks shuffled from seed 0; see
    /// [`Position::start_seeded`]).
    pub fn start(tables: Arc<Tables>) -> Result<Position, PositionError> {
        Position::start_seeded(tables, 0)
    }

    /// Check a raw position and build it.
    pub fn from_raw(tables: Arc<Tables>, raw: RawPosition) -> Result<Position, PositionError> {
        let t = &*tables;
        let err = |m: String| Err(PositionError(m));
        let mut s = State::empty(t);
        if raw.alive == 0 || raw.alive as u16 >= 1u16 << t.nplayers {
            return err(format!("bad set of players in the game: {:#b}", raw.alive));
        }
        s.alive = raw.alive;
        if raw.turn as usize >= t.nplayers {
            return err(format!("player {} to move does not exist", raw.turn));
        }
        if s.alive & (1 << raw.turn) == 0 {
            return err("the player to move is out of the game".into());
        }
        s.turn = raw.turn;
        for m in &raw.men {
            if m.at.is_none() || m.at.index() >= t.nsq || !t.geo.is_real(m.at) {
                return err(format!(
                    "a man stands on {}, which is not a square",
                    t.geo.name(m.at)
                ));
            }
            if m.kind as usize >= t.nkinds {
                return err(format!("piece kind {} does not exist", m.kind));
            }
            if m.owner as usize >= t.nplayers {
                return err(format!("player {} does not exist", m.owner));
            }
            if !s.board[m.at.index()].is_empty() {
                return err(format!("two men on {}", t.geo.name(m.at)));
            }
            s.put::<false>(t, m.at, Man::new(m.kind, m.owner, m.facing));
            if m.unmoved && t.tracked_kinds & (1 << m.kind) != 0 {
                s.unmoved.insert(m.at);
            }
        }
        for (name, src, dst) in [
            ("hand", &raw.hands, &mut s.hands),
            ("pool", &raw.pools, &mut s.pools),
        ] {
            if src.len() > t.nplayers {
                return err(format!("{name}s given for {} players", src.len()));
            }
            for (p, row) in src.iter().enumerate() {
                if row.len() > t.nkinds {
                    return err(format!("{name} of player {p} lists {} kinds", row.len()));
                }
                for (k, &n) in row.iter().enumerate() {
                    if n > 255 {
                        return err(format!(
                            "{name} of player {p} holds {n} men of one kind (at most 255)"
                        ));
                    }
                    dst[p][k] = n as u8;
                }
            }
        }
        for r in &raw.en_passant {
            if !t.has_ep {
                return err(
                    "en passant is given but the variant has no en-passant captures".into(),
                );
            }
            if r.victim.is_none()
                || r.victim.index() >= t.nsq
                || s.board[r.victim.index()].is_empty()
            {
                return err(format!("en passant: no man on {}", t.geo.name(r.victim)));
            }
            let owner = s.board[r.victim.index()].owner();
            if s.ep[owner as usize].is_some() {
                return err("two en-passant records of one player".into());
            }
            if r.targets.is_empty() || r.targets.len() > 3 {
                return err("an en-passant record needs 1 to 3 target squares".into());
            }
            let mut rec = EpRecord::NONE;
            rec.victim = r.victim;
            for (i, &tg) in r.targets.iter().enumerate() {
                if tg.is_none() || tg.index() >= t.nsq || !t.geo.is_real(tg) {
                    return err("an en-passant target is not a square".into());
                }
                // An occupied target is fine: with several opponents another
                // man may stand there for a while; the capture then waits.
                rec.targets[i] = tg;
            }
            rec.eligible = r.eligible & s.alive & !t.friends[owner as usize];
            if rec.eligible != 0 {
                s.ep[owner as usize] = rec;
            }
        }
        s.quiet = raw.quiet;
        s.ply = raw.ply;
        s.x = raw.extra;
        s.x.lost = 0;
        s.x.split = false;
        s.decks = super::deck::from_raw(t, &raw)?;
        s.castle_key = s.castle_component(t);
        s.hash = s.compute_hash(t);
        // Unbounded boards: positions are kept up to translation.
        if let Some(anchor) = t.geo.anchor() {
            if let Some((x0, y0, x1, y1)) = bounding_box(t, s.occ) {
                let (w, h) = t.geo.limit().unwrap_or((0, 0));
                if (x1 - x0) as usize >= w || (y1 - y0) as usize >= h {
                    return err(format!("the men do not fit the {w}x{h} limit"));
                }
            }
            s.recentre(t, anchor);
        }
        // The player who moved last may not have left a royal attacked.
        let prev = s.prev_player(t, s.turn);
        if prev != s.turn && attacks::royal_attacked(t, &s, prev) {
            return err(format!(
                "{} (not to move) has a royal man in check",
                t.variant.players[prev as usize].name
            ));
        }
        Ok(Position { tables, s })
    }

    /// The position as plain data.
    pub fn to_raw(&self) -> RawPosition {
        let t = &*self.tables;
        let s = &self.s;
        RawPosition {
            men: s
                .occ
                .iter()
                .map(|sq| {
                    let m = s.board[sq.index()];
                    RawMan {
                        at: sq,
                        kind: m.kind(),
                        owner: m.owner(),
                        facing: m.facing(),
                        unmoved: s.unmoved.contains(sq),
                    }
                })
                .collect(),
            turn: s.turn,
            hands: (0..t.nplayers)
                .map(|p| (0..t.nkinds).map(|k| s.hands[p][k] as u32).collect())
                .collect(),
            pools: (0..t.nplayers)
                .map(|p| (0..t.nkinds).map(|k| s.pools[p][k] as u32).collect())
                .collect(),
            en_passant: s
                .ep
                .iter()
                .filter(|r| r.is_some())
                .map(|r| RawEp {
                    victim: r.victim,
                    targets: r.targets.iter().copied().filter(|x| x.is_some()).collect(),
                    eligible: r.eligible,
                })
                .collect(),
            quiet: s.quiet,
            ply: s.ply,
            alive: s.alive,
            extra: s.x,
            decks: super::deck::to_raw(t, &s.decks),
            must_move: s.decks.must_move,
        }
    }

    /// The compiled variant.
    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }

    /// The player to act.
    pub fn turn(&self) -> PlayerId {
        self.s.turn
    }

    /// Plies since the game started.
    pub fn ply(&self) -> u32 {
        self.s.ply
    }

    /// Plies since the quiet-move counter was last reset.
    pub fn quiet_plies(&self) -> u32 {
        self.s.quiet
    }

    /// The Zobrist hash: men (kind, owner, facing), side to move, has-moved
    /// flags that matter (initial moves, castling rights), raw en-passant
    /// records, hands and pools.
    pub fn hash(&self) -> u64 {
        self.s.hash
    }

    /// The hash recomputed from scratch (tests compare it with [`Position::hash`]).
    pub fn hash_from_scratch(&self) -> u64 {
        self.s.compute_hash(&self.tables)
    }

    /// The man on a square.
    pub fn man_at(&self, sq: Square) -> Option<Man> {
        let m = *self.s.board.get(sq.index())?;
        (!m.is_empty()).then_some(m)
    }

    /// Every man with its square.
    pub fn men(&self) -> impl Iterator<Item = (Square, Man)> + '_ {
        self.s
            .occ
            .iter()
            .map(move |sq| (sq, self.s.board[sq.index()]))
    }

    /// Occupied squares.
    pub fn occupied(&self) -> Bitset {
        self.s.occ
    }

    /// Men of a player.
    pub fn men_of(&self, p: PlayerId) -> Bitset {
        self.s.by_player[p as usize]
    }

    /// Men of a kind.
    pub fn men_of_kind(&self, kind: PieceId) -> Bitset {
        self.s.kind_bb(&self.tables, kind)
    }

    /// Whether the man on `sq` has never moved (tracked kinds only).
    pub fn is_unmoved(&self, sq: Square) -> bool {
        self.s.unmoved.contains(sq)
    }

    /// Men of `kind` in a player's hand.
    pub fn hand(&self, p: PlayerId, kind: PieceId) -> u32 {
        self.s.hands[p as usize][kind as usize] as u32
    }

    /// Men of `kind` left in a player's promotion pool.
    pub fn pool(&self, p: PlayerId, kind: PieceId) -> u32 {
        self.s.pools[p as usize][kind as usize] as u32
    }

    /// Players still in the game (bit mask).
    pub fn alive(&self) -> u8 {
        self.s.alive
    }

    /// The legal moves of the player to act.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let mut s = self.s.clone();
        movegen::gen_legal(&self.tables, &mut s, &mut list);
        list
    }

    /// The legal moves, into a reused list (cleared first).
    pub fn legal_moves_into(&mut self, out: &mut MoveList) {
        out.clear();
        movegen::gen_legal(&self.tables, &mut self.s, out);
    }

    /// Whether `mv` is one of the legal moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Make a legal move; keep the [`Undo`] to take it back.
    pub fn make(&mut self, mv: Move) -> Undo {
        let t = &*self.tables;
        self.s.make_action(t, mv)
    }

    /// Take back the move made with [`Position::make`].
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        let t = &*self.tables;
        self.s.unmake(t, mv, undo)
    }

    /// Make a legal move for good.
    pub fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    /// Whether a royal man of the player to act is attacked.
    pub fn in_check(&self) -> bool {
        attacks::royal_attacked(&self.tables, &self.s, self.s.turn)
    }

    /// Whether a royal man of `p` is attacked by an enemy.
    pub fn royal_attacked(&self, p: PlayerId) -> bool {
        attacks::royal_attacked(&self.tables, &self.s, p)
    }

    /// The enemy men attacking a royal man of the player to act.
    pub fn checkers(&self) -> Bitset {
        let t = &*self.tables;
        let me = self.s.turn;
        let enemy = attacks::enemies(t, &self.s, me);
        let mut out = Bitset::EMPTY;
        for r in self.s.royals(t, me) {
            out |= attacks::attackers_of(t, &self.s, r, enemy);
        }
        out
    }

    /// Whether `sq` is attacked by a man of a player who is not `p`'s friend.
    pub fn attacked_by_enemy_of(&self, sq: Square, p: PlayerId) -> bool {
        let t = &*self.tables;
        let enemy = self.s.occ & !self.s.friends_bb(t, p);
        attacks::attacked(t, &self.s, sq, enemy, self.s.occ)
    }

    /// The squares the man on `sq` attacks.
    pub fn attacks_from(&self, sq: Square) -> Bitset {
        match self.man_at(sq) {
            Some(m) => attacks::attack_set(&self.tables, &self.s, sq, m, self.s.occ),
            None => Bitset::EMPTY,
        }
    }

    /// The legal move written as `text` in coordinate notation (see
    /// [`Position::move_text`]).
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        let text = text.trim();
        self.legal_moves()
            .iter()
            .copied()
            .find(|&m| self.move_text(m) == text)
    }
}

/// Why [`Position::from_variant`] failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("cannot compile the variant: {0}")]
    Compile(#[from] super::tables::CompileError),
    #[error("{0}")]
    Fen(#[from] super::fen::FenError),
    #[error("bad setup: {0}")]
    Position(#[from] PositionError),
}

impl Position {
    /// Compile `variant` and build its start position, or the position of
    /// `fen` when given. (To build many positions of one variant, compile
    /// once with [`Tables::new`] and use [`Position::start`] /
    /// [`Position::from_fen`].)
    pub fn from_variant(
        variant: &crate::ir::Variant,
        fen: Option<&str>,
    ) -> Result<Position, SetupError> {
        let tables = Arc::new(Tables::new(variant)?);
        Ok(match fen {
            Some(f) => Position::from_fen(tables, f)?,
            None => Position::start(tables)?,
        })
    }
}
