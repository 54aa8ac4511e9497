//! Attacks compiled backwards, for "is square `s` attacked?": leap groups
//! (the squares a leaper would attack `s` from) and ride groups (per
//! direction, which patterns ride it and how far). Hoppers, lame atoms,
//! initial-only attacks and friend-passing riders are *complex*: they are
//! tested by generating the attacker's atoms forward, and they switch off
//! the pin-based fast legality test.

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

/// The attack groups of a variant.
#[derive(Clone, Debug, Default)]
pub struct Groups<B: Bits> {
    pub leap: Vec<LeapGroup>,
    pub rev_leap: Vec<[B; 256]>,
    pub ride: Vec<RideGroup>,
    /// Patterns whose attacks are tested forward.
    pub complex_pids: Vec<u8>,
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
        let mut leap_sets: Vec<Vec<u16>> = Vec::new();
        for (pid, p) in a.patterns.iter().enumerate() {
            // A pattern with zones or a confinement is tested forward only.
            if !p.zone_attacks.is_empty()
                || p.plan.confine.is_some()
                || !p.plan.no_hurdle.is_empty()
                || !p.plan.immune.is_empty()
            {
                g.complex_pids.push(pid as u8);
                continue;
            }
            let complex = p
                .attacks
                .iter()
                .any(|x| x.initial || x.passes_own || !matches!(x.kind, AKind::Leap | AKind::Ride));
            if complex {
                g.complex_pids.push(pid as u8);
            }
            let mut set: Vec<u16> = Vec::new();
            for x in &p.attacks {
                if x.initial || x.passes_own {
                    continue;
                }
                match x.kind {
                    AKind::Leap => set.extend(x.dirs.iter().copied()),
                    AKind::Ride => g.add_ride(a, pid, npat, x.dir, x.range),
                    _ => {}
                }
            }
            set.sort();
            set.dedup();
            if set.is_empty() {
                continue;
            }
            match leap_sets.iter().position(|s| *s == set) {
                Some(i) => g.leap[i].pids.push(pid as u8),
                None => {
                    let base = g.rev_leap.len() as u32;
                    let mut table = [B::EMPTY; 256];
                    for (sq, r) in table.iter_mut().enumerate().take(nsq) {
                        let s = Square::new(sq);
                        if geo.is_real(s) {
                            for &d in &set {
                                let vv = a.dirs[d as usize].v;
                                if let Some(from) = geo.offset(s, (-vv.0, -vv.1)) {
                                    r.insert(from);
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
