//! Movement atoms compiled into tables.
//!
//! Every movement vector of every piece, rotated for the four facings,
//! becomes a *direction* with a ray table (the squares `s+v, s+2v, …` up to
//! the edge or a hole) and, when some atom is lame, a lame-step table. Men
//! of one kind that share a facing share a *pattern*: the compiled move and
//! attack atoms. A kind whose atoms are the same under all four rotations
//! (a knight, a queen) has one pattern for all facings.

use super::attack_plan::AttackPlan;
use super::bulk::BulkSteps;
pub use super::catom::{AKind, BentLegs, CAtom, SqTable};
pub use super::dirs::{DirInfo, LameStep, WrapLines};
use super::error::CompileError;
use super::shape::{shape_of, Shape};
pub use super::shape::{Plan, ZoneAtom};
use crate::engine::core::{Bits, Geometry, Man, Square};
use crate::ir::KindSet;
use crate::ir::{self, Atom, Dir, Mode, Path, PieceId, PlayerId, Variant};
use std::collections::HashMap;

/// The compiled atoms of one (kind, facing).
#[derive(Clone, Debug)]
pub struct Pattern {
    pub kind: PieceId,
    pub moves: Vec<CAtom>,
    pub attacks: Vec<CAtom>,
    /// Some move atom is lame with a non-empty path.
    pub lame_moves: bool,
    /// The move atoms arranged for generation.
    pub plan: Plan,
    /// A `Steps` plan whose tables split into offsets: the index of its
    /// [`BulkSteps`] in `Atoms::bulk` (the men's moves counted all at
    /// once).
    pub bulk: Option<u32>,
    /// The capturing atoms of `moves PIECE in REGION`, each with the index
    /// in `masks` of the squares it applies from (they attack too).
    pub zone_attacks: Vec<ZoneAtom>,
    /// `attacks` arranged for the attack set of a man.
    pub attack_plan: AttackPlan,
}

/// The movement tables of a variant.
#[derive(Clone, Debug)]
pub struct Atoms<B: Bits> {
    pub dirs: Vec<DirInfo>,
    /// `[dir][sq]`: the squares `sq+v, sq+2v, …` up to the edge or a hole
    /// (on the board as drawn: never across a wrapped edge).
    pub rays: Vec<SqTable<B>>,
    /// The lines of the directions that cross a wrapped edge
    /// (see `wrap_lines`); empty on a board that does not wrap.
    pub lines: Vec<WrapLines>,
    pub lame: Vec<[LameStep<B>; 256]>,
    pub leap_bb: Vec<SqTable<B>>,
    pub ranged: Vec<SqTable<B>>,
    /// The merged leap tables of the plans.
    pub plan_bb: Vec<SqTable<B>>,
    pub patterns: Vec<Pattern>,
    /// The step tables of `Steps` patterns as offsets (see
    /// [`Pattern::bulk`]).
    pub bulk: Vec<BulkSteps<B>>,
    /// The pattern ids in the order a probe for any move tries them.
    pub probe_order: Vec<u8>,
    /// The legs of the bent moves ([`AKind::Bent`]); empty without one.
    pub bent: Vec<BentLegs>,
    /// Man code → pattern id.
    pub pid_of_code: Vec<u8>,
    /// Sets of squares of the zones and confinements of patterns (a
    /// region as one player sees it).
    pub masks: Vec<B>,
    pub kind_pids: Vec<Vec<u8>>,
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
    /// A bent move: the second leg's range and vectors (`vecs` holds the
    /// one first vector).
    then: Option<(u8, Vec<(i32, i32)>)>,
}

fn mode_code(m: Mode) -> u8 {
    match m {
        Mode::Move => 0,
        // En passant is kept apart (the spec's `ep`); it captures.
        Mode::Capture | Mode::EnPassant => 1,
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

pub fn lame_path_len(v: (i32, i32)) -> usize {
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
    let lame = atom.path == Path::Lame && vecs.iter().any(|&v| lame_path_len(v) > 0);
    let mk = |kind, vecs| Spec {
        kind,
        mode,
        initial: atom.initial(),
        ep: atom.mode.en_passant(),
        range: if kind == AKind::Leap || kind == AKind::Lame {
            1
        } else {
            atom.range
        },
        vecs,
        then: None,
    };
    let mut out = Vec::new();
    if let Some(leg) = &atom.then {
        // One bent spec per first vector, its second vectors turned as
        // the first.
        for (&(dx, dy), seconds) in atom.vectors.iter().zip(&leg.vectors) {
            let v = facing.rotate((dx as i32, dy as i32));
            let mut then: Vec<(i32, i32)> = Vec::new();
            for &(sx, sy) in seconds {
                let w = facing.rotate((sx as i32, sy as i32));
                if w.0.abs() >= ir::MAX_SIDE || w.1.abs() >= ir::MAX_SIDE || w == (0, 0) {
                    return Err(format!("vector ({sx},{sy}) is longer than any board"));
                }
                if !then.contains(&w) {
                    then.push(w);
                }
            }
            then.sort();
            let mut sp = mk(AKind::Bent, vec![v]);
            sp.range = atom.range;
            sp.then = Some((leg.range, then));
            out.push(sp);
        }
        return Ok(out);
    }
    if matches!(atom.path, Path::Hop | Path::Grasshop) {
        let kind = if atom.path == Path::Hop {
            AKind::Hop
        } else {
            AKind::Grasshop
        };
        for &v in &vecs {
            out.push(mk(kind, vec![v]));
        }
    } else if atom.range == 1 {
        if vecs.is_empty() {
            return Ok(out);
        }
        out.push(mk(if lame { AKind::Lame } else { AKind::Leap }, vecs));
    } else {
        for &v in &vecs {
            let k = if atom.path == Path::Lame && lame_path_len(v) > 0 {
                AKind::LameRide
            } else {
                AKind::Ride
            };
            out.push(mk(k, vec![v]));
        }
    }
    Ok(out)
}

/// Move and attack specs of every kind, per facing.
type KindSpecs = (Vec<Spec>, Vec<Spec>);

fn kind_specs(v: &Variant) -> Result<Vec<[KindSpecs; 4]>, CompileError> {
    let mut all = Vec::with_capacity(v.pieces.len());
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
            let attack_atoms: Vec<&Atom> = match &piece.attacks {
                Some(list) => list.iter().collect(),
                None => piece
                    .moves
                    .iter()
                    .filter(|a| a.mode.can_capture())
                    .collect(),
            };
            for a in attack_atoms {
                attacks.extend(specs_of(a, f, Mode::Capture).map_err(err)?);
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
        all.push(arr);
    }
    Ok(all)
}

#[derive(Default)]
struct Dirs {
    dirs: Vec<DirInfo>,
    dir_of: HashMap<(i32, i32), u16>,
    lame: Vec<bool>,
    /// Per direction, on a board that wraps where some line of it crosses
    /// a wrapped edge: the index of its lines in `Atoms::lines`. Its rides
    /// and hops are then compiled as [`AKind::WrapRide`] and the like, and
    /// its ray table holds the lines as drawn (never across an edge).
    /// Kept here, not in [`DirInfo`], so that the table the move generator
    /// reads keeps its size on every board.
    wrap_line: Vec<Option<u32>>,
}

impl Dirs {
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
            lame_base: None,
        });
        self.lame.push(false);
        let n = self.dir((-v.0, -v.1));
        self.dirs[d as usize].neg = n;
        d
    }
}

/// A pattern's specs before tables are attached.
struct Pending {
    kind: PieceId,
    moves: Vec<Spec>,
    attacks: Vec<Spec>,
    /// The owner whose regions the pattern's zones and confinement use.
    owner: PlayerId,
    zones: ZoneSpecs,
}

/// The specs of a kind's `moves PIECE in REGION` for one facing.
type ZoneSpecs = Vec<(ir::RegionId, bool, Vec<Spec>)>;

fn zone_specs(piece: &ir::Piece, f: Dir) -> Result<ZoneSpecs, CompileError> {
    let mut out = Vec::new();
    for z in &piece.zone_moves {
        let mut specs = Vec::new();
        for a in &z.atoms {
            specs.extend(specs_of(a, f, a.mode).map_err(|m| CompileError::Piece {
                piece: piece.name.clone(),
                message: m,
            })?);
        }
        specs.sort();
        out.push((z.region, z.inside, specs));
    }
    Ok(out)
}

/// Whether a kind's movement depends on where its man stands or lands
/// (its patterns are then per owner).
fn regional(p: &ir::Piece) -> bool {
    p.confined.is_some() || !p.zone_moves.is_empty()
}

/// The patterns of the kinds in a kind mask.
fn pids_of(kind_pids: &[Vec<u8>], mask: KindSet) -> Vec<u8> {
    kind_pids
        .iter()
        .enumerate()
        .filter(|&(k, _)| mask.contains(k as PieceId))
        .flat_map(|(_, p)| p.iter().copied())
        .collect()
}

/// The squares of region `r` as player `p` sees them.
pub fn region_set<B: Bits>(v: &Variant, geo: &Geometry, r: ir::RegionId, p: PlayerId) -> B {
    let Some(reg) = v.regions.get(r as usize) else {
        return B::EMPTY;
    };
    reg.squares
        .get(p as usize)
        .or(reg.squares.first())
        .into_iter()
        .flatten()
        .filter_map(|&c| geo.coord_square(c))
        .collect()
}

impl<B: Bits> Atoms<B> {
    /// Compile every piece's atoms.
    pub fn new(v: &Variant, geo: &Geometry) -> Result<Atoms<B>, CompileError> {
        let nkinds = v.pieces.len();
        let nsq = geo.len();
        let specs = kind_specs(v)?;

        let mut pid_of_code = vec![0u8; nkinds.max(1) * crate::engine::core::man::CODES_PER_KIND];
        let mut kind_pids: Vec<Vec<u8>> = vec![Vec::new(); nkinds];
        let mut pending: Vec<Pending> = Vec::new();
        for (k, specs) in specs.iter().enumerate() {
            let sorted = |s: &KindSpecs| {
                let mut m = s.0.clone();
                m.sort();
                (m, s.1.clone())
            };
            let zones: Vec<ZoneSpecs> = Dir::ALL
                .iter()
                .map(|&f| zone_specs(&v.pieces[k], f))
                .collect::<Result<_, _>>()?;
            let invariant = (1..4).all(|f| sorted(&specs[f]) == sorted(&specs[0]))
                && (1..4).all(|f| zones[f] == zones[0]);
            let facings: &[Dir] = if invariant { &[Dir::North] } else { &Dir::ALL };
            // A regional kind has patterns per owner (its regions differ).
            let owners: Vec<Option<PlayerId>> = if regional(&v.pieces[k]) {
                (0..v.players.len() as PlayerId).map(Some).collect()
            } else {
                vec![None]
            };
            for &po in &owners {
                for &f in facings {
                    let pid = pending.len();
                    if pid >= 255 {
                        return Err(CompileError::Other(
                            "more than 254 (piece, facing) movement patterns".into(),
                        ));
                    }
                    let (m, a) = &specs[f.index()];
                    pending.push(Pending {
                        kind: k as PieceId,
                        moves: m.clone(),
                        attacks: a.clone(),
                        owner: po.unwrap_or(0),
                        zones: zones[f.index()].clone(),
                    });
                    kind_pids[k].push(pid as u8);
                    for owner in 0..4 {
                        if po.is_some_and(|o| o != owner as PlayerId) {
                            continue;
                        }
                        for ff in Dir::ALL {
                            if invariant || ff == f {
                                let man = Man::new(k as PieceId, owner as PlayerId, ff);
                                pid_of_code[man.code()] = pid as u8;
                                pid_of_code[man.with_promoted(true).code()] = pid as u8;
                            }
                        }
                    }
                }
            }
        }

        // Register every direction (and its opposite).
        let mut d = Dirs::default();
        for p in &pending {
            let zone = p.zones.iter().flat_map(|z| z.2.iter());
            for s in p.moves.iter().chain(p.attacks.iter()).chain(zone) {
                let seconds = s.then.iter().flat_map(|t| t.1.iter());
                for &vv in s.vecs.iter().chain(seconds) {
                    let id = d.dir(vv);
                    if matches!(s.kind, AKind::Lame | AKind::LameRide) {
                        d.lame[id as usize] = true;
                    }
                }
            }
        }
        let rays = ray_table(&d.dirs, geo);
        let lines = wrap_lines(&mut d, geo);
        // A lame rider is walked step by step through the lame table: on a
        // line that comes round to its start it would not stop.
        for p in &pending {
            for sp in p.moves.iter().chain(p.attacks.iter()) {
                if sp.kind == AKind::LameRide
                    && sp.vecs.iter().any(|vv| {
                        d.wrap_line
                            .get(d.dir_of[vv] as usize)
                            .copied()
                            .flatten()
                            .is_some()
                    })
                {
                    return Err(CompileError::Piece {
                        piece: v.pieces[p.kind as usize].name.clone(),
                        message: "a lame rider cannot ride across a wrapped edge".into(),
                    });
                }
            }
        }
        let lame = lame_table(&mut d, geo);

        let mut t = Atoms {
            dirs: Vec::new(),
            rays,
            lines,
            lame,
            leap_bb: Vec::new(),
            ranged: Vec::new(),
            plan_bb: Vec::new(),
            patterns: Vec::new(),
            bulk: Vec::new(),
            probe_order: Vec::new(),
            bent: Vec::new(),
            pid_of_code,
            masks: Vec::new(),
            kind_pids,
        };
        for p in &pending {
            let piece = &v.pieces[p.kind as usize];
            let moves: Vec<CAtom> = p
                .moves
                .iter()
                .map(|s| t.build_atom(&d, geo, s, piece.passes_own, nsq))
                .collect();
            let attacks: Vec<CAtom> = p
                .attacks
                .iter()
                .map(|s| t.build_atom(&d, geo, s, piece.passes_own, nsq))
                .collect();
            let lame_moves = moves
                .iter()
                .any(|a| matches!(a.kind, AKind::Lame | AKind::LameRide));
            let mut plan = t.plan(&moves, nsq);
            let attack_plan = AttackPlan::new(&attacks, &t.leap_bb, &mut t.plan_bb, nsq);
            let mut zone_attacks = Vec::new();
            plan.no_hurdle = pids_of(&t.kind_pids, piece.hop_not_over);
            plan.immune = pids_of(&t.kind_pids, piece.never_captures);
            plan.captures_own = piece.captures_own && !piece.royal;
            if regional(piece) {
                for (r, inside, specs) in &p.zones {
                    let mask = t.mask(region_set(v, geo, *r, p.owner));
                    for sp in specs {
                        let ca = t.build_atom(&d, geo, sp, piece.passes_own, nsq);
                        let za = ZoneAtom {
                            mask,
                            inside: *inside,
                            atom: ca,
                        };
                        if za.atom.mode.can_capture() {
                            zone_attacks.push(za.clone());
                        }
                        plan.zone.push(za);
                    }
                }
                if let Some(r) = piece.confined {
                    plan.confine = Some(t.mask(region_set(v, geo, r, p.owner)));
                }
            }
            plan.extra = !plan.zone.is_empty()
                || plan.confine.is_some()
                || !plan.no_hurdle.is_empty()
                || !plan.immune.is_empty()
                || plan.captures_own;
            plan.shape = shape_of(&plan, &t.plan_bb, &d.dirs, t.lame.len() as u32 - 1);
            let bulk = match plan.shape {
                Shape::Steps {
                    quiet, cap, lame, ..
                } => BulkSteps::of(
                    t.patterns.len(),
                    quiet.map(|i| &t.plan_bb[i as usize]),
                    cap.map(|i| &t.plan_bb[i as usize]),
                    &t.lame[lame as usize],
                ),
                _ => None,
            }
            .map(|b| {
                t.bulk.push(b);
                t.bulk.len() as u32 - 1
            });
            t.patterns.push(Pattern {
                kind: p.kind,
                moves,
                attacks,
                lame_moves,
                plan,
                bulk,
                zone_attacks,
                attack_plan,
            });
        }
        t.dirs = d.dirs;
        // Leapers first: their moves are cheap to find and seldom all
        // blocked, so a probe for any move usually stops at once.
        let mut order: Vec<u8> = (0..t.patterns.len() as u8).collect();
        order.sort_by_key(|&pid| {
            let pl = &t.patterns[pid as usize].plan;
            !(pl.rides_both.is_empty() && pl.rides_quiet.is_empty() && pl.rides_cap.is_empty())
        });
        t.probe_order = order;
        Ok(t)
    }

    /// The index of a set in `masks` (sets are shared).
    fn mask(&mut self, set: B) -> u32 {
        match self.masks.iter().position(|&m| m == set) {
            Some(i) => i as u32,
            None => {
                self.masks.push(set);
                (self.masks.len() - 1) as u32
            }
        }
    }

    /// Arrange a pattern's move atoms for generation (see [`Plan`]).
    fn plan(&mut self, moves: &[CAtom], nsq: usize) -> Plan {
        let mut plan = Plan::default();
        let mut quiet: Option<SqTable<B>> = None;
        let mut cap: Option<SqTable<B>> = None;
        for a in moves {
            match a.kind {
                AKind::Leap if !a.initial => {
                    let table = &self.leap_bb[a.table as usize];
                    for (on, acc) in [
                        (a.mode.can_move(), &mut quiet),
                        (a.mode.can_capture(), &mut cap),
                    ] {
                        if on {
                            let acc = acc.get_or_insert([B::EMPTY; 256]);
                            for (x, &y) in acc.iter_mut().zip(table.iter()).take(nsq) {
                                *x |= y;
                            }
                        }
                    }
                }
                AKind::Ride if a.range == 0 && !a.passes_own && !a.initial => {
                    match (a.mode.can_move(), a.mode.can_capture()) {
                        (true, true) => plan.rides_both.push(a.dir),
                        (true, false) => plan.rides_quiet.push(a.dir),
                        (false, true) => plan.rides_cap.push(a.dir),
                        (false, false) => {}
                    }
                }
                _ => plan.rest.push(a.clone()),
            }
        }
        plan.lame = moves
            .iter()
            .filter(|a| a.kind == AKind::Lame)
            .cloned()
            .collect();
        plan.lame_initial_only = plan.lame.iter().all(|a| a.initial);
        plan.rest_all_lame = plan.rest.iter().all(|a| a.kind == AKind::Lame);
        for (acc, slot) in [(quiet, &mut plan.leap_quiet), (cap, &mut plan.leap_cap)] {
            if let Some(table) = acc {
                *slot = Some(self.plan_bb.len() as u32);
                self.plan_bb.push(table);
            }
        }
        plan
    }

    /// Attach tables to a spec.
    fn build_atom(
        &mut self,
        d: &Dirs,
        geo: &Geometry,
        s: &Spec,
        passes_own: bool,
        nsq: usize,
    ) -> CAtom {
        if let (AKind::Bent, Some((range2, seconds))) = (s.kind, &s.then) {
            return self.build_bent(d, geo, s, *range2, seconds, nsq);
        }
        let dirs: Vec<u16> = s.vecs.iter().map(|vv| d.dir_of[vv]).collect();
        // Along a direction whose lines cross a wrapped edge, rides and
        // hops follow the direction's compiled lines.
        let line = d.wrap_line.get(dirs[0] as usize).copied().flatten();
        let kind = match (s.kind, line) {
            (AKind::Ride, Some(_)) => AKind::WrapRide,
            (AKind::Hop, Some(_)) => AKind::WrapHop,
            (AKind::Grasshop, Some(_)) => AKind::WrapGrasshop,
            (k, _) => k,
        };
        if kind != s.kind {
            return CAtom {
                kind,
                mode: code_mode(s.mode),
                initial: s.initial,
                ep: s.ep,
                range: s.range,
                dir: dirs[0],
                dirs,
                table: line.unwrap_or(0),
                passes_own: passes_own && kind == AKind::WrapRide,
            };
        }
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
                a.table = self.leap_bb.len() as u32;
                let mut table = [B::EMPTY; 256];
                for (sq, t) in table.iter_mut().enumerate().take(nsq) {
                    let from = Square::new(sq);
                    if geo.is_real(from) {
                        for vv in &s.vecs {
                            if let Some(n) = geo.offset(from, *vv) {
                                t.insert(n);
                            }
                        }
                    }
                }
                self.leap_bb.push(table);
            }
            AKind::Ride | AKind::Hop if s.range > 1 => {
                a.table = self.ranged.len() as u32;
                let mut table = [B::EMPTY; 256];
                for (sq, t) in table.iter_mut().enumerate().take(nsq) {
                    let mut cur = Square::new(sq);
                    for _ in 0..s.range {
                        match geo.flat_offset(cur, s.vecs[0]) {
                            Some(n) => {
                                t.insert(n);
                                cur = n;
                            }
                            None => break,
                        }
                    }
                }
                self.ranged.push(table);
            }
            _ => {}
        }
        a
    }
}

impl<B: Bits> Atoms<B> {
    /// A bent spec's legs compiled as plain atoms (a leap or a ride of one
    /// direction each, moving and capturing), kept in `bent`.
    fn build_bent(
        &mut self,
        d: &Dirs,
        geo: &Geometry,
        s: &Spec,
        range2: u8,
        seconds: &[(i32, i32)],
        nsq: usize,
    ) -> CAtom {
        let leg = |v: (i32, i32), range: u8| Spec {
            kind: if range == 1 { AKind::Leap } else { AKind::Ride },
            mode: mode_code(Mode::Both),
            initial: false,
            ep: false,
            range,
            vecs: vec![v],
            then: None,
        };
        let first = self.build_atom(d, geo, &leg(s.vecs[0], s.range), false, nsq);
        let second = seconds
            .iter()
            .map(|&w| self.build_atom(d, geo, &leg(w, range2), false, nsq))
            .collect();
        self.bent.push(BentLegs { first, second });
        let dir = d.dir_of[&s.vecs[0]];
        CAtom {
            kind: AKind::Bent,
            mode: code_mode(s.mode),
            initial: s.initial,
            ep: false,
            range: s.range,
            dir,
            dirs: vec![dir],
            table: self.bent.len() as u32 - 1,
            passes_own: false,
        }
    }
}

fn ray_table<B: Bits>(dirs: &[DirInfo], geo: &Geometry) -> Vec<SqTable<B>> {
    let nsq = geo.len();
    let mut rays = vec![[B::EMPTY; 256]; dirs.len()];
    for (d, info) in dirs.iter().enumerate() {
        for (sq, r) in rays[d].iter_mut().enumerate().take(nsq) {
            let mut cur = Square::new(sq);
            while let Some(n) = geo.flat_offset(cur, info.v) {
                r.insert(n);
                cur = n;
            }
        }
    }
    rays
}

/// The lines of each direction on a board that wraps (see
/// [`WrapLines`]), for the directions where some line crosses a wrapped
/// edge (their `Dirs::wrap_line` is set). None on a flat board.
fn wrap_lines(d: &mut Dirs, geo: &Geometry) -> Vec<WrapLines> {
    let mut out = Vec::new();
    d.wrap_line = vec![None; d.dirs.len()];
    if geo.wrap().is_flat() {
        return out;
    }
    let nsq = geo.len();
    for (info, wrap_line) in d.dirs.iter().zip(d.wrap_line.iter_mut()) {
        let mut w = WrapLines::default();
        let mut crosses = false;
        for sq in 0..nsq {
            w.start.push(w.squares.len() as u32);
            let from = Square::new(sq);
            if !geo.is_real(from) {
                continue;
            }
            let (mut cur, mut flat) = (Some(from), Some(from));
            // At most every other square: a line never meets a square twice
            // before it comes back to its start.
            for _ in 0..nsq {
                let Some(n) = cur.and_then(|c| geo.offset(c, info.v)) else {
                    break;
                };
                if n == from {
                    break;
                }
                flat = flat.and_then(|f| geo.flat_offset(f, info.v));
                crosses |= flat != Some(n);
                w.squares.push(n);
                cur = Some(n);
            }
        }
        w.start.push(w.squares.len() as u32);
        if crosses {
            *wrap_line = Some(out.len() as u32);
            out.push(w);
        }
    }
    out
}

fn lame_table<B: Bits>(d: &mut Dirs, geo: &Geometry) -> Vec<[LameStep<B>; 256]> {
    let nsq = geo.len();
    let blank = LameStep::<B>::NONE;
    let mut lame: Vec<[LameStep<B>; 256]> = Vec::new();
    for i in 0..d.dirs.len() {
        if !d.lame[i] {
            continue;
        }
        d.dirs[i].lame_base = Some(lame.len() as u32);
        let vv = d.dirs[i].v;
        let path = Atom::lame_path((vv.0 as i8, vv.1 as i8));
        let mut steps = [blank; 256];
        for (sq, step) in steps.iter_mut().enumerate().take(nsq) {
            let s = Square::new(sq);
            if geo.is_real(s) {
                let mut ok = true;
                for (k, &(px, py)) in path.iter().enumerate() {
                    match geo.offset(s, (px as i32, py as i32)) {
                        Some(p) => {
                            step.path.insert(p);
                            if k < 3 {
                                step.path_sqs[k] = p;
                                step.npath += 1;
                            }
                        }
                        None => ok = false,
                    }
                }
                if ok {
                    step.to = geo.offset(s, vv);
                }
            }
        }
        lame.push(steps);
    }
    // The last table leads nowhere: the lame leap of a Shape::Steps plan
    // without one.
    lame.push([blank; 256]);
    lame
}
