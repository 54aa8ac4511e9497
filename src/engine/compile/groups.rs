//! Attacks compiled backwards, for "is square `s` attacked?": leap groups
//! (the squares a leaper would attack `s` from) and ride groups (per
//! direction, which patterns ride it and how far), hop groups (per
//! direction, the patterns that hop it without a range: a cannon's hop or a
//! grasshopper's), and leap groups of confined leapers (their table empty
//! at the squares outside the region, and with the leaps of `moves PIECE
//! in REGION` from the region's squares), and lame groups (per target
//! square, the squares a lame leaper attacks it from, each with the path
//! that must be empty: a xiangqi horse or elephant). Ranged hops, lame
//! riders, initial-only attacks, friend-passing riders, confined riders
//! and hoppers, zones of rides and hops, hurdles that may not be jumped
//! and immunities are *complex*: they are tested by generating the
//! attacker's atoms forward. Complex patterns, hop groups and lame groups
//! switch off the pin-based fast legality test.

use super::atoms::{AKind, Atoms};
use crate::engine::core::{Bits, Geometry, Square};

/// Patterns that attack the same squares by plain leaps.
#[derive(Clone, Debug)]
pub struct LeapGroup {
    /// Index in `rev_leap`: per target square, the squares attacked from.
    pub base: u32,
    pub pids: Vec<u8>,
}

/// Patterns that ride one direction (for attacks).
#[derive(Clone, Debug)]
pub struct RideGroup {
    /// The direction the attacker rides.
    pub dir: u16,
    /// The opposite direction (looked along from the attacked square).
    pub rdir: u16,
    /// Whether the man nearest along `rdir` is the lowest square of a
    /// ray's set (the direction's [`DirInfo::lowest`], kept here).
    ///
    /// [`DirInfo::lowest`]: super::atoms::DirInfo::lowest
    pub lowest: bool,
    pub pids: Vec<u8>,
    /// Per pattern id: 0 = does not ride, 255 = unlimited, else the range.
    pub range: Vec<u8>,
    pub limited: bool,
}

/// Patterns that hop one direction without a range (for attacks): a
/// cannon's hop (`grass` false: it lands anywhere past its one hurdle up
/// to the next man) or a grasshopper's (it lands just past its hurdle).
#[derive(Clone, Debug)]
pub struct HopGroup {
    /// The opposite of the direction the attacker hops (looked along from
    /// the attacked square), and whether its nearest square is a ray's
    /// lowest.
    pub rdir: u16,
    pub lowest: bool,
    pub grass: bool,
    /// Per pattern id: whether it hops with this group.
    pub member: Vec<bool>,
}

/// Patterns that attack by lame leaps (for attacks): per target square,
/// the squares a man of theirs attacks it from, each with the squares
/// between that must be empty. Built from the forward lame tables, so a
/// confinement (the landing square in the region) and the lame leaps of
/// `moves PIECE in REGION` (from the region's squares) are in the table.
#[derive(Clone, Debug)]
pub struct LameGroup<B: Bits> {
    /// Per pattern id: whether it attacks with this group.
    pub member: Vec<bool>,
    /// Per target square: the squares attacked from (the union of its
    /// entries' squares).
    pub near: Vec<B>,
    /// Per target square `sq`, `entries[start[sq]..start[sq + 1]]`: each
    /// square attacked from with its path.
    pub start: Vec<u32>,
    pub entries: Vec<(Square, B)>,
}

impl<B: Bits> LameGroup<B> {
    /// Whether a man of `men` (of this group's patterns) attacks `sq`
    /// with the occupancy `occ`.
    #[inline]
    pub fn attacks(&self, sq: Square, men: B, occ: B) -> bool {
        let i = sq.index();
        let entries = &self.entries[self.start[i] as usize..self.start[i + 1] as usize];
        entries
            .iter()
            .any(|&(from, path)| men.contains(from) && (path & occ).is_empty())
    }

    /// The paths of the group's attacks on `sq` from the squares of `men`.
    #[inline]
    pub fn paths_from(&self, sq: Square, men: B) -> B {
        let i = sq.index();
        self.entries[self.start[i] as usize..self.start[i + 1] as usize]
            .iter()
            .filter(|&&(from, _)| men.contains(from))
            .fold(B::EMPTY, |acc, &(_, path)| acc | path)
    }

    /// The men of `men` (of this group's patterns) that attack `sq` with
    /// the occupancy `occ`.
    pub fn attackers(&self, sq: Square, men: B, occ: B) -> B {
        let i = sq.index();
        let mut out = B::EMPTY;
        for &(from, path) in &self.entries[self.start[i] as usize..self.start[i + 1] as usize] {
            if men.contains(from) && (path & occ).is_empty() {
                out.insert(from);
            }
        }
        out
    }
}

/// The attack groups of a variant.
#[derive(Clone, Debug, Default)]
pub struct Groups<B: Bits> {
    pub leap: Vec<LeapGroup>,
    pub rev_leap: Vec<[B; 256]>,
    pub ride: Vec<RideGroup>,
    /// Patterns whose attacks are tested forward.
    pub complex_pids: Vec<u8>,
    /// Patterns whose attacks are not plain leaps and rides (the complex
    /// ones, confined leapers and hoppers): the squares they attack a
    /// square from are not the squares a man of theirs facing the other
    /// way attacks from it.
    pub unmirrored_pids: Vec<u8>,
    pub hop: Vec<HopGroup>,
    /// The lame groups, and per square every square a lame group attacks
    /// it from (`lame_near`) and every path square of those attacks
    /// (`lame_paths`: the squares whose men may block one).
    pub lame: Vec<LameGroup<B>>,
    pub lame_near: Vec<B>,
    pub lame_paths: Vec<B>,
    /// Whether some pattern attacks by a hop, a lame leap or a complex
    /// pattern (`hop`, `lame` or `complex_pids` not empty): one flag, read
    /// at every attack test, so that the variants without them pay one
    /// test.
    pub hop_or_complex: bool,
    /// The patterns of some hop group, and per square every square of a
    /// hop group's line from it.
    pub hop_pids: Vec<u8>,
    pub hop_lines: Vec<B>,
    /// Per square: every square a leap group attacks it from (the union of
    /// `rev_leap`), and every square of a ride group's line from it, so
    /// that a square no attacker stands near is passed over at once.
    pub leap_near: Vec<B>,
    pub ride_lines: Vec<B>,
    /// Per pattern: the index in `rev_leap` of its leap group (`u32::MAX`:
    /// none), so that a man found near a square is tested by its own table.
    pub leap_of_pid: Vec<u32>,
    /// The patterns of some ride group: only their men can attack along a
    /// line, so the other men are left out of the line tests.
    pub rider_pids: Vec<u8>,
    /// The patterns of some ride or hop group or with a ride or a hop
    /// tested forward, and the directions looked along from an attacked
    /// square by those rides and hops (each once); per square, the union
    /// of their lines from it.
    pub line_pids: Vec<u8>,
    pub line_dirs: Vec<u16>,
    pub line_rays: Vec<B>,
    /// Whether every atom of the patterns tested forward is a leap, a
    /// lame leap, a ride or a hop (maybe from a region, confined, over
    /// some hurdles only, or not onto some kinds): then a man changes one
    /// of their attacks on a square only by standing on its lines
    /// (`line_rays`) or on a path of their lame leaps into it
    /// (`complex_paths`).
    pub complex_known: bool,
    pub complex_paths: Vec<B>,
    /// On boards of at most [`RIDE_FROM_MAX`] squares, per pair of squares
    /// `(sq, x)` at `sq * nsq + x`: the ride group whose line from `sq`
    /// holds `x` ([`RIDE_NONE`]: none), so that only the lines holding a
    /// man are looked along. Empty on larger boards (the table grows with
    /// the square of the board) and where two groups' lines overlap (a
    /// dabbaba rider runs along a rook's line): there every group's line
    /// is looked along.
    pub ride_from: Vec<u8>,
    /// The number of squares `ride_from` is laid out for.
    pub ride_nsq: usize,
}

/// The largest board that gets a [`Groups::ride_from`] table (4 KB).
pub const RIDE_FROM_MAX: usize = 64;
/// No ride group's line from the square holds the other.
pub const RIDE_NONE: u8 = u8::MAX;

impl<B: Bits> Groups<B> {
    pub fn new(a: &Atoms<B>, geo: &Geometry) -> Groups<B> {
        let nsq = geo.len();
        let npat = a.patterns.len();
        let mut g = Groups::default();
        // (leap directions, confinement, region atoms' leaps)
        type LeapKey = (Vec<u16>, Option<u32>, Vec<(u32, bool, Vec<u16>)>);
        let mut leap_sets: Vec<LeapKey> = Vec::new();
        for (pid, p) in a.patterns.iter().enumerate() {
            let plain = |x: &super::atoms::CAtom| !x.initial && !x.passes_own;
            let hop = |x: &super::atoms::CAtom| {
                (x.kind == AKind::Hop && x.range == 0) || x.kind == AKind::Grasshop
            };
            // A pattern whose attacks (its region atoms' too) are plain
            // leaps and lame leaps attacks, confined or not, the squares
            // its tables give from each square.
            let stepper =
                |x: &super::atoms::CAtom| plain(x) && matches!(x.kind, AKind::Leap | AKind::Lame);
            let stepper_zones = p.zone_attacks.iter().all(|z| stepper(&z.atom));
            let confined_stepper = p.plan.confine.is_some() && p.attacks.iter().all(stepper);
            if !p.zone_attacks.is_empty()
                || p.plan.confine.is_some()
                || !p.plan.no_hurdle.is_empty()
                || !p.plan.immune.is_empty()
                || p.attacks
                    .iter()
                    .any(|x| !plain(x) || !matches!(x.kind, AKind::Leap | AKind::Ride))
            {
                g.unmirrored_pids.push(pid as u8);
            }
            // A pattern with zones of rides or hops, or a confined rider or
            // hopper, is tested forward only.
            if !stepper_zones
                || (p.plan.confine.is_some() && !confined_stepper)
                || !p.plan.no_hurdle.is_empty()
                || !p.plan.immune.is_empty()
            {
                g.complex_pids.push(pid as u8);
                continue;
            }
            let complex = p.attacks.iter().any(|x| {
                !plain(x) || !(matches!(x.kind, AKind::Leap | AKind::Ride | AKind::Lame) || hop(x))
            });
            if complex {
                g.complex_pids.push(pid as u8);
            }
            let mut set: Vec<u16> = Vec::new();
            let mut lame = false;
            for x in &p.attacks {
                if x.initial || x.passes_own {
                    continue;
                }
                match x.kind {
                    AKind::Leap => set.extend(x.dirs.iter().copied()),
                    AKind::Lame => lame = true,
                    AKind::Ride => g.add_ride(a, pid, npat, x.dir, x.range),
                    _ if hop(x) => g.add_hop(a, pid, npat, x.dir, x.kind == AKind::Grasshop),
                    _ => {}
                }
            }
            if !complex && (lame || p.zone_attacks.iter().any(|z| z.atom.kind == AKind::Lame)) {
                g.add_lame(a, p, pid, npat, nsq);
            }
            set.sort();
            set.dedup();
            // The region atoms' leaps: (region, inside, directions).
            let zones: Vec<(u32, bool, Vec<u16>)> = p
                .zone_attacks
                .iter()
                .filter(|z| z.atom.kind == AKind::Leap)
                .map(|z| (z.mask, z.inside, z.atom.dirs.clone()))
                .collect();
            if set.is_empty() && zones.is_empty() {
                continue;
            }
            let confine = p.plan.confine;
            let set = (set, confine, zones);
            match leap_sets.iter().position(|s| *s == set) {
                Some(i) => g.leap[i].pids.push(pid as u8),
                None => {
                    let base = g.rev_leap.len() as u32;
                    let mut table = [B::EMPTY; 256];
                    let inside = confine.map(|m| a.masks[m as usize]);
                    for (sq, r) in table.iter_mut().enumerate().take(nsq) {
                        let s = Square::new(sq);
                        if geo.is_real(s) && inside.is_none_or(|m| m.contains(s)) {
                            for &d in &set.0 {
                                let vv = a.dirs[d as usize].v;
                                if let Some(from) = geo.offset(s, (-vv.0, -vv.1)) {
                                    r.insert(from);
                                }
                            }
                        }
                    }
                    // The region atoms' leaps, from the region's squares
                    // (with `inside`, into it), as the forward tables give
                    // them.
                    for (mask, within, dirs) in &set.2 {
                        let m = a.masks[*mask as usize];
                        for from in m {
                            for &d in dirs {
                                let vv = a.dirs[d as usize].v;
                                let Some(to) = geo.offset(from, vv) else {
                                    continue;
                                };
                                if (!within || m.contains(to))
                                    && inside.is_none_or(|c| c.contains(to))
                                {
                                    table[to.index()].insert(from);
                                }
                            }
                        }
                    }
                    g.rev_leap.push(table);
                    leap_sets.push(set);
                    g.leap.push(LeapGroup {
                        base,
                        pids: vec![pid as u8],
                    });
                }
            }
        }
        g.leap_of_pid = vec![u32::MAX; npat];
        for lg in &g.leap {
            for &pid in &lg.pids {
                g.leap_of_pid[pid as usize] = lg.base;
            }
        }
        g.rider_pids = g.ride.iter().flat_map(|r| r.pids.iter().copied()).collect();
        g.rider_pids.sort_unstable();
        g.rider_pids.dedup();
        g.leap_near = (0..256)
            .map(|sq| g.rev_leap.iter().fold(B::EMPTY, |acc, t| acc | t[sq]))
            .collect();
        g.line_pids = g.rider_pids.clone();
        g.line_dirs = g.ride.iter().map(|r| r.rdir).collect();
        g.complex_known = true;
        g.complex_paths = vec![B::EMPTY; 256];
        for &pid in &g.complex_pids {
            let p = &a.patterns[pid as usize];
            let atoms = p
                .attacks
                .iter()
                .chain(p.zone_attacks.iter().map(|z| &z.atom));
            for x in atoms {
                match x.kind {
                    AKind::Leap => {}
                    AKind::Lame => {
                        for &d in &x.dirs {
                            let Some(base) = a.dirs[d as usize].lame_base else {
                                continue;
                            };
                            for st in &a.lame[base as usize][..nsq] {
                                if let Some(to) = st.to {
                                    g.complex_paths[to.index()] |= st.path;
                                }
                            }
                        }
                    }
                    AKind::Ride | AKind::Hop | AKind::Grasshop => {
                        g.line_pids.push(pid);
                        g.line_dirs.push(a.dirs[x.dir as usize].neg);
                    }
                    _ => g.complex_known = false,
                }
            }
        }
        for h in &g.hop {
            g.line_dirs.push(h.rdir);
            for (pid, &m) in h.member.iter().enumerate() {
                if m {
                    g.line_pids.push(pid as u8);
                }
            }
        }
        g.line_pids.sort_unstable();
        g.line_pids.dedup();
        g.line_dirs.sort_unstable();
        g.line_dirs.dedup();
        g.line_rays = (0..256)
            .map(|sq| {
                g.line_dirs
                    .iter()
                    .fold(B::EMPTY, |acc, &d| acc | a.rays[d as usize][sq])
            })
            .collect();
        g.hop_pids = (0..npat)
            .filter(|&pid| g.hop.iter().any(|h| h.member[pid]))
            .map(|pid| pid as u8)
            .collect();
        g.hop_lines = if g.hop.is_empty() {
            Vec::new()
        } else {
            (0..256)
                .map(|sq| {
                    g.hop
                        .iter()
                        .fold(B::EMPTY, |acc, h| acc | a.rays[h.rdir as usize][sq])
                })
                .collect()
        };
        g.lame_near = (0..256)
            .map(|sq| g.lame.iter().fold(B::EMPTY, |acc, l| acc | l.near[sq]))
            .collect();
        g.lame_paths = (0..256)
            .map(|sq| {
                g.lame.iter().fold(B::EMPTY, |acc, l| {
                    let (lo, hi) = (l.start[sq] as usize, l.start[sq + 1] as usize);
                    l.entries[lo..hi].iter().fold(acc, |acc, &(_, p)| acc | p)
                })
            })
            .collect();
        g.hop_or_complex = !g.hop.is_empty() || !g.lame.is_empty() || !g.complex_pids.is_empty();
        g.ride_lines = (0..256)
            .map(|sq| {
                let sq = Square::new(sq);
                g.ride
                    .iter()
                    .fold(B::EMPTY, |acc, r| acc | a.rays[r.rdir as usize][sq.index()])
            })
            .collect();
        if nsq <= RIDE_FROM_MAX && g.ride.len() < RIDE_NONE as usize {
            let mut table = vec![RIDE_NONE; nsq * nsq];
            let mut overlap = false;
            for (gi, r) in g.ride.iter().enumerate() {
                for sq in 0..nsq {
                    for x in a.rays[r.rdir as usize][sq] {
                        let at = &mut table[sq * nsq + x.index()];
                        overlap |= *at != RIDE_NONE;
                        *at = gi as u8;
                    }
                }
            }
            if !overlap {
                g.ride_nsq = nsq;
                g.ride_from = table;
            }
        }
        g
    }

    /// The lame leaps of pattern `p` (its region atoms' from their
    /// regions, its confinement on the landing square) as a lame group,
    /// shared with an earlier pattern whose table is the same.
    fn add_lame(
        &mut self,
        a: &Atoms<B>,
        p: &super::atoms::Pattern,
        pid: usize,
        npat: usize,
        nsq: usize,
    ) {
        let confine = p.plan.confine.map(|m| a.masks[m as usize]);
        let mut per: Vec<Vec<(Square, B)>> = vec![Vec::new(); 256];
        let mut add = |x: &super::atoms::CAtom, region: Option<(B, bool)>| {
            if x.kind != AKind::Lame || x.initial || x.passes_own {
                return;
            }
            for from in (0..nsq).map(Square::new) {
                if region.is_some_and(|(m, _)| !m.contains(from)) {
                    continue;
                }
                for &d in &x.dirs {
                    let Some(base) = a.dirs[d as usize].lame_base else {
                        continue;
                    };
                    let st = &a.lame[base as usize][from.index()];
                    let Some(to) = st.to else { continue };
                    if region.is_some_and(|(m, inside)| inside && !m.contains(to))
                        || confine.is_some_and(|c| !c.contains(to))
                    {
                        continue;
                    }
                    let e = (from, st.path);
                    if !per[to.index()].contains(&e) {
                        per[to.index()].push(e);
                    }
                }
            }
        };
        for x in &p.attacks {
            add(x, None);
        }
        for z in &p.zone_attacks {
            add(&z.atom, Some((a.masks[z.mask as usize], z.inside)));
        }
        let mut start = Vec::with_capacity(257);
        let mut entries = Vec::new();
        let mut near = vec![B::EMPTY; 256];
        for (sq, list) in per.iter().enumerate() {
            start.push(entries.len() as u32);
            for &(from, path) in list {
                near[sq].insert(from);
                entries.push((from, path));
            }
        }
        start.push(entries.len() as u32);
        if entries.is_empty() {
            return;
        }
        match self
            .lame
            .iter_mut()
            .find(|l| l.start == start && l.entries == entries)
        {
            Some(l) => l.member[pid] = true,
            None => {
                let mut member = vec![false; npat];
                member[pid] = true;
                self.lame.push(LameGroup {
                    member,
                    near,
                    start,
                    entries,
                });
            }
        }
    }

    fn add_hop(&mut self, a: &Atoms<B>, pid: usize, npat: usize, dir: u16, grass: bool) {
        let rdir = a.dirs[dir as usize].neg;
        let i = match self
            .hop
            .iter()
            .position(|h| h.rdir == rdir && h.grass == grass)
        {
            Some(i) => i,
            None => {
                self.hop.push(HopGroup {
                    rdir,
                    lowest: a.dirs[rdir as usize].lowest,
                    grass,
                    member: vec![false; npat],
                });
                self.hop.len() - 1
            }
        };
        self.hop[i].member[pid] = true;
    }

    fn add_ride(&mut self, a: &Atoms<B>, pid: usize, npat: usize, dir: u16, range: u8) {
        let r = if range == 0 { 255 } else { range };
        match self.ride.iter_mut().find(|g| g.dir == dir) {
            Some(g) => {
                if g.range[pid] == 0 {
                    g.pids.push(pid as u8);
                }
                g.range[pid] = g.range[pid].max(r);
                g.limited |= r != 255;
            }
            None => {
                let mut ranges = vec![0u8; npat];
                ranges[pid] = r;
                self.ride.push(RideGroup {
                    dir,
                    rdir: a.dirs[dir as usize].neg,
                    lowest: a.dirs[a.dirs[dir as usize].neg as usize].lowest,
                    pids: vec![pid as u8],
                    range: ranges,
                    limited: r != 255,
                });
            }
        }
    }
}
