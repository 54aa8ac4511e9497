//! The compile stage: a [`Variant`] becomes flat lookup tables, once.
//!
//! Move generation reads only these tables and the position: it never walks
//! the IR, parses text or allocates per move.
//!
//! * Every movement vector of every piece, rotated for the four facings,
//!   becomes a *direction* with a ray table (the squares `s+v, s+2v, …` up to
//!   the edge or a hole) and, when some atom is lame, a lame-step table.
//! * Men of one kind that share a facing share a *pattern*: the compiled move
//!   and attack atoms. A kind whose atoms are the same under all four
//!   rotations (a knight, a queen) has one pattern for all facings.
//! * Attacks are compiled backwards for "is square `s` attacked?": leap
//!   groups (squares a leaper would attack `s` from) and ride groups (per
//!   direction, which patterns ride it and how far). Hoppers, lame atoms,
//!   initial-only attacks and friend-passing riders are *complex*: they are
//!   tested by generating the attacker's atoms forward, and they switch off
//!   the pin-based fast legality test.

use super::bitset::Bitset;
use super::geometry::Geometry;
use super::man::Man;
use super::square::Square;
use super::zobrist::Zobrist;
use crate::ir::{
    self, Atom, Dir, EnPassantWindow, Event, Mode, PieceId, PlayerId, Reset, Shape, Variant, Zone,
    MAX_PIECES, MAX_PLAYERS,
};
use std::collections::HashMap;

/// Why a variant cannot be compiled for the engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    #[error("board: {0}")]
    Board(String),
    #[error("players: {0}")]
    Players(String),
    #[error("piece `{piece}`: {message}")]
    Piece { piece: String, message: String },
    #[error("setup: {0}")]
    Setup(String),
    #[error("{0}")]
    Other(String),
}

/// How a compiled atom moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum AKind {
    /// Jumps to `from + v` for each vector (a bitset table per square).
    Leap,
    /// Leaps whose path squares must be real and empty.
    Lame,
    /// Repeats one vector while squares are empty.
    Ride,
    /// Rides to a screen, jumps it, lands beyond.
    Hop,
    /// A rider whose every step is lame.
    LameRide,
}

/// A movement atom compiled for one facing.
#[derive(Clone, Debug)]
pub(crate) struct CAtom {
    pub kind: AKind,
    pub mode: Mode,
    pub initial: bool,
    pub ep: bool,
    /// Ride/Hop/LameRide: most steps (0 = unlimited).
    pub range: u8,
    /// Ride/Hop/LameRide: the direction.
    pub dir: u16,
    /// Leap/Lame: the directions.
    pub dirs: Vec<u16>,
    /// Leap: base of the per-square table in `leap_bb`; Ride/Hop with a
    /// range: base in `ranged`; else unused.
    pub table: u32,
    /// The rider may pass over friendly men.
    pub passes_own: bool,
}

/// An absolute direction vector with its tables.
#[derive(Clone, Debug)]
pub(crate) struct DirInfo {
    pub v: (i32, i32),
    /// Along this direction square indices grow, so the nearest square of a
    /// ray is its lowest.
    pub lowest: bool,
    /// Index of the opposite direction.
    pub neg: u16,
    /// Base of this direction's lame steps in `lame`, or `u32::MAX`.
    pub lame_base: u32,
}

/// One lame step from a square.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LameStep {
    /// The landing square, or NONE when it or a path square is not real.
    pub to: Square,
    /// The path squares, which must be empty.
    pub path: Bitset,
    /// The path squares in order (en-passant targets), at most 3.
    pub path_sqs: [Square; 3],
    pub npath: u8,
}

/// The compiled atoms of one (kind, facing).
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    pub kind: PieceId,
    pub moves: Vec<CAtom>,
    pub attacks: Vec<CAtom>,
    /// Some move atom is lame with a non-empty path.
    pub lame_moves: bool,
}

/// Patterns that attack the same squares by plain leaps.
#[derive(Clone, Debug)]
pub(crate) struct LeapGroup {
    /// Base in `rev_leap`: per target square, the squares attacked from.
    pub base: u32,
    pub pids: Vec<u8>,
}

/// Patterns that ride one direction (for attacks).
#[derive(Clone, Debug)]
pub(crate) struct RideGroup {
    /// The direction the attacker rides.
    pub dir: u16,
    /// The opposite direction (looked along from the attacked square).
    pub rdir: u16,
    pub pids: Vec<u8>,
    /// Per pattern id: 0 = does not ride, 255 = unlimited, else the range.
    pub range: Vec<u8>,
    pub limited: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct PromoInfo {
    pub choices: Vec<PieceId>,
    pub from_pool: bool,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct CastleInfo {
    pub royal: PieceId,
    pub partner: PieceId,
}

/// What resets the quiet-move counter (union over all `Quiet` rules).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct QuietResets {
    pub capture: bool,
    pub place: bool,
    pub kinds: u32,
}

/// A variant compiled for the engine. Build it once with [`Tables::new`] and
/// share it (positions hold an `Arc<Tables>`).
#[derive(Clone, Debug)]
pub struct Tables {
    pub(crate) variant: Variant,
    pub(crate) geo: Geometry,
    pub(crate) nsq: usize,
    pub(crate) nkinds: usize,
    pub(crate) nplayers: usize,
    pub(crate) dirs: Vec<DirInfo>,
    /// `dir * nsq + sq`: the squares `sq+v, sq+2v, …` up to the edge or a hole.
    pub(crate) rays: Vec<Bitset>,
    pub(crate) lame: Vec<LameStep>,
    pub(crate) leap_bb: Vec<Bitset>,
    pub(crate) ranged: Vec<Bitset>,
    pub(crate) patterns: Vec<Pattern>,
    /// Man code → pattern id.
    pub(crate) pid_of_code: Vec<u8>,
    pub(crate) kind_pids: Vec<Vec<u8>>,
    pub(crate) leap_groups: Vec<LeapGroup>,
    pub(crate) rev_leap: Vec<Bitset>,
    pub(crate) ride_groups: Vec<RideGroup>,
    pub(crate) complex_pids: Vec<u8>,
    pub(crate) ep_pids: Vec<u8>,
    /// Pins and checks computed once per node are exact for this variant.
    pub(crate) fast_legal: bool,
    /// A move can need tests beyond royal safety (invariants, the limit).
    pub(crate) post_checks: bool,
    pub(crate) royal_kinds: u32,
    pub(crate) royal_pids: Vec<u8>,
    /// Kinds whose has-moved flag is kept (initial atoms, castling).
    pub(crate) tracked_kinds: u32,
    /// Kinds with `initial` atoms: their unmoved flag is hashed.
    pub(crate) initial_kinds: u32,
    pub(crate) castling: Option<CastleInfo>,
    pub(crate) castle_kinds: u32,
    pub(crate) promo: Vec<Option<PromoInfo>>,
    /// Kinds that promote (bit mask).
    pub(crate) promo_kinds: u32,
    /// `(kind * 4 + owner) * 4 + facing`: promotion zone.
    pub(crate) zones: Vec<Bitset>,
    pub(crate) friends: [u8; MAX_PLAYERS],
    pub(crate) forward: [Dir; MAX_PLAYERS],
    pub(crate) has_ep: bool,
    /// Captured men go to the capturer's hand.
    pub(crate) captures_to_hand: bool,
    pub(crate) ep_window: EnPassantWindow,
    pub(crate) quiet: QuietResets,
    pub(crate) zob: Zobrist,
    /// Per grid square: the man the setup puts there (the FEN unmoved rule).
    pub(crate) setup_men: Vec<Man>,
    /// Piece letter → kind (uppercase ASCII).
    pub(crate) letters: HashMap<char, PieceId>,
    /// Per player: the tag used in FEN for more than two players.
    pub(crate) tags: Vec<char>,
    /// Placement-game rules (issue 4).
    pub(crate) pl: super::placement::Compiled,
    /// Card decks (issue 5).
    pub(crate) cards: super::deck::CardTable,
    /// Elimination of players (issue 5).
    pub(crate) elim: super::elimination::ElimRules,
}

/// A compiled atom before tables are attached (comparable across facings).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Spec {
    kind: AKind,
    mode: u8,
    initial: bool,
    ep: bool,
    range: u8,
    vecs: Vec<(i32, i32)>,
}

fn mode_code(m: Mode) -> u8 {
    match m {
        Mode::Move => 0,
        Mode::Capture => 1,
        Mode::Both => 2,
    }
}

fn code_mode(c: u8) -> Mode {
    match c {
        0 => Mode::Move,
        1 => Mode::Capture,
        _ => Mode::Both,
    }
}

fn lame_path_len(v: (i32, i32)) -> usize {
    Atom::lame_path((v.0 as i8, v.1 as i8)).len()
}

/// Compile one IR atom for a facing into specs.
fn specs_of(atom: &Atom, facing: Dir, mode: Mode) -> Result<Vec<Spec>, String> {
    let mut vecs: Vec<(i32, i32)> = Vec::new();
    for &(dx, dy) in &atom.vectors {
        if dx == 0 && dy == 0 {
            return Err("a movement vector is (0,0)".into());
        }
        let v = facing.rotate((dx as i32, dy as i32));
        if v.0.abs() >= ir::MAX_SIDE || v.1.abs() >= ir::MAX_SIDE {
            return Err(format!("vector ({dx},{dy}) is longer than any board"));
        }
        if !vecs.contains(&v) {
            vecs.push(v);
        }
    }
    vecs.sort();
    let mode = mode_code(mode);
    let lame = atom.lame && vecs.iter().any(|&v| lame_path_len(v) > 0);
    let mk = |kind, vecs| Spec {
        kind,
        mode,
        initial: atom.initial,
        ep: atom.en_passant,
        range: if kind == AKind::Leap || kind == AKind::Lame {
            1
        } else {
            atom.range
        },
        vecs,
    };
    let mut out = Vec::new();
    if atom.hop {
        for &v in &vecs {
            out.push(mk(AKind::Hop, vec![v]));
        }
    } else if atom.range == 1 {
        if vecs.is_empty() {
            return Ok(out);
        }
        out.push(mk(if lame { AKind::Lame } else { AKind::Leap }, vecs));
    } else {
        for &v in &vecs {
            let k = if atom.lame && lame_path_len(v) > 0 {
                AKind::LameRide
            } else {
                AKind::Ride
            };
            out.push(mk(k, vec![v]));
        }
    }
    Ok(out)
}

struct Builder {
    dirs: Vec<DirInfo>,
    dir_of: HashMap<(i32, i32), u16>,
    lame_dirs: Vec<bool>,
}

impl Builder {
    fn dir(&mut self, v: (i32, i32)) -> u16 {
        if let Some(&d) = self.dir_of.get(&v) {
            return d;
        }
        let d = self.dirs.len() as u16;
        self.dir_of.insert(v, d);
        self.dirs.push(DirInfo {
            v,
            lowest: v.1 > 0 || (v.1 == 0 && v.0 > 0),
            neg: 0,
            lame_base: u32::MAX,
        });
        self.lame_dirs.push(false);
        let n = self.dir((-v.0, -v.1));
        self.dirs[d as usize].neg = n;
        d
    }
}

impl Tables {
    /// Compile a checked variant.
    pub fn new(variant: &Variant) -> Result<Tables, CompileError> {
        let v = variant;
        let nplayers = v.players.len();
        if nplayers == 0 || nplayers > MAX_PLAYERS {
            return Err(CompileError::Players(format!(
                "{nplayers} players; 1 to {MAX_PLAYERS} are supported"
            )));
        }
        let nkinds = v.pieces.len();
        if nkinds > MAX_PIECES {
            return Err(CompileError::Other(format!(
                "{nkinds} piece kinds; at most {MAX_PIECES} are supported"
            )));
        }
        let geo = Geometry::new(&v.board)?;
        let nsq = geo.len();

        // Teams: friends[p] is the bit mask of p's team (p included).
        let mut friends = [0u8; MAX_PLAYERS];
        for (p, f) in friends.iter_mut().enumerate().take(nplayers) {
            *f = 1 << p;
        }
        for team in &v.teams {
            let mut mask = 0u8;
            for &p in team {
                if p as usize >= nplayers {
                    return Err(CompileError::Players(format!(
                        "team member {p} is not a player"
                    )));
                }
                mask |= 1 << p;
            }
            for &p in team {
                friends[p as usize] |= mask;
            }
        }
        let mut forward = [Dir::North; MAX_PLAYERS];
        for (p, pl) in v.players.iter().enumerate() {
            forward[p] = pl.forward;
        }

        // Patterns.
        let mut b = Builder {
            dirs: Vec::new(),
            dir_of: HashMap::new(),
            lame_dirs: Vec::new(),
        };
        type KindSpecs = (Vec<Spec>, Vec<Spec>);
        let mut kind_specs: Vec<[KindSpecs; 4]> = Vec::with_capacity(nkinds);
        for piece in &v.pieces {
            let err = |m: String| CompileError::Piece {
                piece: piece.name.clone(),
                message: m,
            };
            let mut per_facing: Vec<KindSpecs> = Vec::with_capacity(4);
            for f in Dir::ALL {
                let mut moves = Vec::new();
                for a in &piece.moves {
                    moves.extend(specs_of(a, f, a.mode).map_err(err)?);
                }
                let mut attacks = Vec::new();
                match &piece.attacks {
                    Some(list) => {
                        for a in list {
                            attacks.extend(specs_of(a, f, Mode::Capture).map_err(err)?);
                        }
                    }
                    None => {
                        for a in piece.moves.iter().filter(|a| a.mode.can_capture()) {
                            attacks.extend(specs_of(a, f, Mode::Capture).map_err(err)?);
                        }
                    }
                }
                // Attacks are a set of squares: mode and ep do not matter.
                for s in &mut attacks {
                    s.ep = false;
                    s.mode = mode_code(Mode::Capture);
                }
                attacks.sort();
                attacks.dedup();
                per_facing.push((moves, attacks));
            }
            let arr: [KindSpecs; 4] = per_facing.try_into().expect("one entry per facing");
            kind_specs.push(arr);
        }

        let mut patterns: Vec<Pattern> = Vec::new();
        let mut pid_of_code = vec![0u8; nkinds.max(1) * 16];
        let mut kind_pids: Vec<Vec<u8>> = vec![Vec::new(); nkinds];
        let mut leap_bb: Vec<Bitset> = Vec::new();
        let mut ranged: Vec<Bitset> = Vec::new();
        // Leap/ranged tables need rays, which need all directions: collect
        // the specs first, then fill the tables.
        struct Pending {
            kind: PieceId,
            moves: Vec<Spec>,
            attacks: Vec<Spec>,
        }
        let mut pending: Vec<Pending> = Vec::new();
        for (k, specs) in kind_specs.iter().enumerate() {
            let sorted = |s: &KindSpecs| {
                let mut m = s.0.clone();
                m.sort();
                (m, s.1.clone())
            };
            let invariant = (1..4).all(|f| sorted(&specs[f]) == sorted(&specs[0]));
            let facings: &[Dir] = if invariant { &[Dir::North] } else { &Dir::ALL };
            for &f in facings {
                let pid = pending.len();
                if pid >= 255 {
                    return Err(CompileError::Other(
                        "too many (kind, facing) patterns".into(),
                    ));
                }
                let (m, a) = &specs[f.index()];
                pending.push(Pending {
                    kind: k as PieceId,
                    moves: m.clone(),
                    attacks: a.clone(),
                });
                kind_pids[k].push(pid as u8);
                for owner in 0..4 {
                    for ff in Dir::ALL {
                        if invariant || ff == f {
                            let code = Man::new(k as PieceId, owner as PlayerId, ff).code();
                            pid_of_code[code] = pid as u8;
                        }
                    }
                }
            }
        }
        // Register every direction (and its opposite).
        for p in &pending {
            for s in p.moves.iter().chain(p.attacks.iter()) {
                for &vv in &s.vecs {
                    let d = b.dir(vv);
                    if matches!(s.kind, AKind::Lame | AKind::LameRide) {
                        b.lame_dirs[d as usize] = true;
                    }
                }
            }
        }
        let ndirs = b.dirs.len();
        // Rays.
        let mut rays = vec![Bitset::EMPTY; ndirs * nsq];
        for d in 0..ndirs {
            let vv = b.dirs[d].v;
            for sq in 0..nsq {
                let s = Square::new(sq);
                let mut r = Bitset::EMPTY;
                let mut cur = s;
                while let Some(n) = geo.offset(cur, vv) {
                    r.insert(n);
                    cur = n;
                }
                rays[d * nsq + sq] = r;
            }
        }
        // Lame steps.
        let mut lame: Vec<LameStep> = Vec::new();
        for d in 0..ndirs {
            if !b.lame_dirs[d] {
                continue;
            }
            b.dirs[d].lame_base = lame.len() as u32;
            let vv = b.dirs[d].v;
            let path = Atom::lame_path((vv.0 as i8, vv.1 as i8));
            for sq in 0..nsq {
                let s = Square::new(sq);
                let mut step = LameStep {
                    to: Square::NONE,
                    path: Bitset::EMPTY,
                    path_sqs: [Square::NONE; 3],
                    npath: 0,
                };
                if geo.is_real(s) {
                    let mut ok = true;
                    for (i, &(px, py)) in path.iter().enumerate() {
                        match geo.offset(s, (px as i32, py as i32)) {
                            Some(p) => {
                                step.path.insert(p);
                                if i < 3 {
                                    step.path_sqs[i] = p;
                                    step.npath += 1;
                                }
                            }
                            None => ok = false,
                        }
                    }
                    if ok {
                        if let Some(t) = geo.offset(s, vv) {
                            step.to = t;
                        }
                    }
                }
                lame.push(step);
            }
        }

        let build_atom =
            |s: &Spec, passes_own: bool, leap_bb: &mut Vec<Bitset>, ranged: &mut Vec<Bitset>| {
                let dirs: Vec<u16> = s.vecs.iter().map(|vv| b.dir_of[vv]).collect();
                let mut a = CAtom {
                    kind: s.kind,
                    mode: code_mode(s.mode),
                    initial: s.initial,
                    ep: s.ep,
                    range: s.range,
                    dir: dirs[0],
                    dirs: dirs.clone(),
                    table: u32::MAX,
                    passes_own: passes_own && matches!(s.kind, AKind::Ride),
                };
                match s.kind {
                    AKind::Leap => {
                        a.table = leap_bb.len() as u32;
                        for sq in 0..nsq {
                            let mut t = Bitset::EMPTY;
                            if geo.is_real(Square::new(sq)) {
                                for vv in &s.vecs {
                                    if let Some(n) = geo.offset(Square::new(sq), *vv) {
                                        t.insert(n);
                                    }
                                }
                            }
                            leap_bb.push(t);
                        }
                    }
                    AKind::Ride | AKind::Hop if s.range > 1 => {
                        a.table = ranged.len() as u32;
                        let d = dirs[0] as usize;
                        for sq in 0..nsq {
                            let mut t = Bitset::EMPTY;
                            let mut cur = Square::new(sq);
                            for _ in 0..s.range {
                                match geo.offset(cur, s.vecs[0]) {
                                    Some(n) => {
                                        t.insert(n);
                                        cur = n;
                                    }
                                    None => break,
                                }
                            }
                            debug_assert!((t & !rays[d * nsq + sq]).is_empty());
                            ranged.push(t);
                        }
                    }
                    _ => {}
                }
                a
            };

        let mut has_ep = false;
        let mut complex_pids = Vec::new();
        let mut ep_pids = Vec::new();
        for (pid, p) in pending.iter().enumerate() {
            let piece = &v.pieces[p.kind as usize];
            let moves: Vec<CAtom> = p
                .moves
                .iter()
                .map(|s| build_atom(s, piece.passes_own, &mut leap_bb, &mut ranged))
                .collect();
            let attacks: Vec<CAtom> = p
                .attacks
                .iter()
                .map(|s| build_atom(s, piece.passes_own, &mut leap_bb, &mut ranged))
                .collect();
            let complex = attacks
                .iter()
                .any(|a| a.initial || a.passes_own || !matches!(a.kind, AKind::Leap | AKind::Ride));
            if complex {
                complex_pids.push(pid as u8);
            }
            let ep_moves = moves.iter().any(|a| a.ep && a.mode.can_capture());
            if ep_moves {
                has_ep = true;
                ep_pids.push(pid as u8);
            }
            let lame_moves = moves
                .iter()
                .any(|a| matches!(a.kind, AKind::Lame | AKind::LameRide));
            patterns.push(Pattern {
                kind: p.kind,
                moves,
                attacks,
                lame_moves,
            });
        }
        if !v.turn.captures {
            has_ep = false;
            ep_pids.clear();
        }
        if has_ep {
            for p in &patterns {
                for a in &p.moves {
                    if matches!(a.kind, AKind::Lame | AKind::LameRide) {
                        for &d in &a.dirs {
                            let vv = b.dirs[d as usize].v;
                            if lame_path_len(vv) > 3 {
                                return Err(CompileError::Piece {
                                    piece: v.pieces[p.kind as usize].name.clone(),
                                    message: "a lame move passing more than 3 squares cannot leave en-passant targets".into(),
                                });
                            }
                        }
                    }
                }
            }
        }

        // Attack groups.
        let npat = patterns.len();
        let mut leap_groups: Vec<LeapGroup> = Vec::new();
        let mut leap_sets: Vec<Vec<u16>> = Vec::new();
        let mut rev_leap: Vec<Bitset> = Vec::new();
        let mut ride_groups: Vec<RideGroup> = Vec::new();
        for (pid, p) in patterns.iter().enumerate() {
            let mut set: Vec<u16> = Vec::new();
            for a in &p.attacks {
                if a.initial || a.passes_own {
                    continue;
                }
                match a.kind {
                    AKind::Leap => set.extend(a.dirs.iter().copied()),
                    AKind::Ride => {
                        let r = if a.range == 0 { 255 } else { a.range };
                        match ride_groups.iter_mut().find(|g| g.dir == a.dir) {
                            Some(g) => {
                                if g.range[pid] == 0 {
                                    g.pids.push(pid as u8);
                                }
                                g.range[pid] = g.range[pid].max(r);
                                g.limited |= r != 255;
                            }
                            None => {
                                let mut range = vec![0u8; npat];
                                range[pid] = r;
                                ride_groups.push(RideGroup {
                                    dir: a.dir,
                                    rdir: b.dirs[a.dir as usize].neg,
                                    pids: vec![pid as u8],
                                    range,
                                    limited: r != 255,
                                });
                            }
                        }
                    }
                    _ => {}
                }
            }
            set.sort();
            set.dedup();
            if set.is_empty() {
                continue;
            }
            match leap_sets.iter().position(|s| *s == set) {
                Some(g) => leap_groups[g].pids.push(pid as u8),
                None => {
                    let base = rev_leap.len() as u32;
                    for sq in 0..nsq {
                        let mut r = Bitset::EMPTY;
                        let s = Square::new(sq);
                        if geo.is_real(s) {
                            for &d in &set {
                                let vv = b.dirs[d as usize].v;
                                if let Some(from) = geo.offset(s, (-vv.0, -vv.1)) {
                                    r.insert(from);
                                }
                            }
                        }
                        rev_leap.push(r);
                    }
                    leap_sets.push(set);
                    leap_groups.push(LeapGroup {
                        base,
                        pids: vec![pid as u8],
                    });
                }
            }
        }
        // A ride group whose range is exceeded by a limited rider is handled
        // with the range table; fine.

        let royal_kinds = v
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0u32, |m, (k, _)| m | 1 << k);
        let royal_pids: Vec<u8> = (0..npat)
            .filter(|&p| royal_kinds & (1 << patterns[p].kind) != 0)
            .map(|p| p as u8)
            .collect();

        let castling = match &v.turn.castling {
            Some(c) => {
                if c.royal as usize >= nkinds || c.partner as usize >= nkinds {
                    return Err(CompileError::Other(
                        "castling names an unknown piece".into(),
                    ));
                }
                Some(CastleInfo {
                    royal: c.royal,
                    partner: c.partner,
                })
            }
            None => None,
        };
        let castle_kinds = castling.map_or(0, |c| (1u32 << c.royal) | (1u32 << c.partner));
        let mut initial_kinds = 0u32;
        for p in &patterns {
            if p.moves.iter().chain(p.attacks.iter()).any(|a| a.initial) {
                initial_kinds |= 1 << p.kind;
            }
        }
        let tracked_kinds = initial_kinds | castle_kinds;

        // Promotion.
        let mut promo = vec![None; nkinds];
        let mut zones = vec![Bitset::EMPTY; nkinds * 16];
        for (k, piece) in v.pieces.iter().enumerate() {
            let Some(pr) = &piece.promotion else { continue };
            if pr.choices.iter().any(|&c| c as usize >= nkinds) {
                return Err(CompileError::Piece {
                    piece: piece.name.clone(),
                    message: "a promotion choice is not a piece".into(),
                });
            }
            promo[k] = Some(PromoInfo {
                choices: pr.choices.clone(),
                from_pool: pr.from_pool,
            });
            for owner in 0..nplayers {
                for f in Dir::ALL {
                    let z = match pr.zone {
                        Zone::FarEdge => {
                            // The last real square of its column (row) in
                            // the man's forward direction: only holes or the
                            // edge lie beyond.
                            let fv = f.rotate((0, 1));
                            geo.squares()
                                .filter(|&s| {
                                    let (mut x, mut y) = geo.coords(s);
                                    loop {
                                        x += fv.0;
                                        y += fv.1;
                                        match geo.grid_square(x, y) {
                                            None => return true,
                                            Some(n) if geo.is_real(n) => return false,
                                            Some(_) => {}
                                        }
                                    }
                                })
                                .collect()
                        }
                        Zone::Region(r) => {
                            let reg =
                                v.regions
                                    .get(r as usize)
                                    .ok_or_else(|| CompileError::Piece {
                                        piece: piece.name.clone(),
                                        message: format!("promotion region {r} does not exist"),
                                    })?;
                            let list = reg.squares.get(owner).or(reg.squares.first());
                            list.into_iter()
                                .flatten()
                                .filter_map(|&c| geo.coord_square(c))
                                .collect()
                        }
                    };
                    zones[(k * 4 + owner) * 4 + f.index()] = z;
                }
            }
        }

        // Quiet-move counter resets.
        let mut quiet = QuietResets::default();
        for r in &v.end {
            if let Event::Quiet { resets, .. } = &r.when {
                for x in resets {
                    match x {
                        Reset::Capture => quiet.capture = true,
                        Reset::Place => quiet.place = true,
                        Reset::Piece(k) => quiet.kinds |= 1 << k,
                    }
                }
            }
        }
        for (k, p) in v.pieces.iter().enumerate() {
            if p.resets_clock {
                quiet.kinds |= 1 << k;
            }
        }

        let unbounded = matches!(v.board.shape, Shape::Unbounded { .. });
        let post_checks = !v.invariants.is_empty() || unbounded;
        let fast_legal = complex_pids.is_empty() && !post_checks;

        // Setup men (for the FEN unmoved rule) on rectangular boards.
        let mut setup_men = vec![Man::EMPTY; nsq];
        if !unbounded {
            for m in &v.setup.men {
                if let Some(sq) = geo.coord_square(m.at) {
                    setup_men[sq.index()] = Man::new(m.piece, m.owner, m.facing);
                }
            }
        }
        let mut letters = HashMap::new();
        for (k, p) in v.pieces.iter().enumerate() {
            letters
                .entry(p.letter.to_ascii_uppercase())
                .or_insert(k as PieceId);
        }
        let initials: Vec<char> = v
            .players
            .iter()
            .map(|p| p.name.chars().next().unwrap_or('?').to_ascii_lowercase())
            .collect();
        let unique = initials.iter().all(|c| c.is_ascii_lowercase())
            && (0..initials.len()).all(|i| !initials[..i].contains(&initials[i]));
        let tags = if unique {
            initials
        } else {
            (0..nplayers).map(|i| (b'a' + i as u8) as char).collect()
        };

        let zob = Zobrist::new(nsq, nkinds);
        let pl = super::placement::Compiled::new(v, &geo);
        let cards = super::deck::CardTable::new(v, &geo, nplayers);
        let elim = super::elimination::ElimRules::new(v, nplayers);
        Ok(Tables {
            variant: v.clone(),
            geo,
            nsq,
            nkinds,
            nplayers,
            dirs: b.dirs,
            rays,
            lame,
            leap_bb,
            ranged,
            patterns,
            pid_of_code,
            kind_pids,
            leap_groups,
            rev_leap,
            ride_groups,
            complex_pids,
            ep_pids,
            fast_legal,
            post_checks,
            royal_kinds,
            royal_pids,
            tracked_kinds,
            initial_kinds,
            castling,
            castle_kinds,
            promo_kinds: promo
                .iter()
                .enumerate()
                .filter(|(_, p)| p.is_some())
                .fold(0, |m, (k, _)| m | 1 << k),
            promo,
            zones,
            friends,
            forward,
            has_ep,
            captures_to_hand: v.turn.captures && v.turn.captures_to_hand,
            ep_window: v.turn.en_passant,
            quiet,
            zob,
            setup_men,
            letters,
            tags,
            pl,
            cards,
            elim,
        })
    }

    /// The variant these tables were compiled from.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The board geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.nplayers
    }

    /// Whether legality uses the per-node pin/check analysis (true) or tries
    /// every pseudo-legal move (false).
    pub fn uses_fast_legality(&self) -> bool {
        self.fast_legal
    }

    /// Whether men of this kind are royal.
    pub fn is_royal(&self, kind: PieceId) -> bool {
        self.royal_kinds & (1 << kind) != 0
    }

    #[inline]
    pub(crate) fn pid(&self, man: Man) -> usize {
        self.pid_of_code[man.code()] as usize
    }

    #[inline]
    pub(crate) fn ray(&self, dir: u16, sq: Square) -> Bitset {
        self.rays[dir as usize * self.nsq + sq.index()]
    }

    #[inline]
    pub(crate) fn lame_step(&self, dir: u16, sq: Square) -> &LameStep {
        &self.lame[self.dirs[dir as usize].lame_base as usize + sq.index()]
    }

    #[inline]
    pub(crate) fn zone(&self, man: Man) -> Bitset {
        self.zones[(man.kind() as usize * 4 + man.owner() as usize) * 4 + man.facing().index()]
    }

    #[inline]
    pub(crate) fn is_friend(&self, a: PlayerId, b: PlayerId) -> bool {
        self.friends[a as usize] & (1 << b) != 0
    }
}

impl Tables {
    /// The same tables with the pin-based fast legality test switched off,
    /// so that every move is made and tested (for cross-checking).
    pub fn without_fast_legality(mut self) -> Tables {
        self.fast_legal = false;
        self
    }
}
