//! Why a man's atoms do not take it from one square to another: each atom
//! that lands on the target on an empty board is followed along its way,
//! and the first thing that stops it is named (the move is open only
//! where the man is not, or only to a man that has never moved; a man is
//! in the way; the target holds the wrong man).
//!
//! This reads the IR's atoms in board coordinates, slowly and plainly; the
//! engine has already said the move is not a candidate, and this only
//! finds the words. When no atom explains it, the caller says so.

use super::reason::Reason;
use super::words;
use crate::engine::{Bits, Man, Position, Square};
use crate::ir::{Atom, Mode, Path, PieceId, RegionId, Shape, Timing};

/// One atom of a man, with where it applies.
struct Way<'a> {
    atom: &'a Atom,
    /// Open only while the man stands on this region (`moves ... in`).
    zone: Option<RegionId>,
    /// The Betza text it came from.
    betza: &'a str,
}

/// What one atom meets on its way from `from` to `to`.
struct Walk {
    /// The squares passed (not the landing square), in order.
    passed: Vec<Square>,
    /// A bent move's turn square (one of `passed`).
    turn: Option<Square>,
}

/// The atom's walk to `to` along vector `v` (already turned to the man's
/// facing), if `to` lies on it on an empty board.
fn walk(pos: &Position, atom: &Atom, v: (i32, i32), from: Square, to: Square) -> Option<Walk> {
    let board = &pos.tables().variant().board;
    if let (true, Shape::Rect { width, height, .. }) = (board.wrap.any(), &board.shape) {
        return walk_wrapped(pos, atom, v, (from, to), (*width, *height));
    }
    let f = pos.coord(from);
    let t = pos.coord(to);
    let (dx, dy) = (t.x - f.x, t.y - f.y);
    let at =
        |k: i32, (x, y): (i32, i32)| pos.square_at(crate::ir::Coord::new(f.x + k * x, f.y + k * y));
    if atom.range == 1 && atom.path != Path::Hop && atom.path != Path::Grasshop {
        if (dx, dy) != v {
            return None;
        }
        let mut passed = Vec::new();
        if atom.path == Path::Lame {
            // (The orthogonal-first path of the turned vector is the turned
            // path: a quarter turn keeps steps orthogonal or diagonal.)
            for (px, py) in Atom::lame_path((v.0 as i8, v.1 as i8)) {
                passed
                    .push(pos.square_at(crate::ir::Coord::new(f.x + px as i32, f.y + py as i32))?);
            }
        }
        return Some(Walk { passed, turn: None });
    }
    // A rider: `to` a whole number of steps along `v`.
    if v == (0, 0) {
        return None;
    }
    let k = if v.0 != 0 { dx / v.0 } else { dy / v.1 };
    if k < 1 || (k * v.0, k * v.1) != (dx, dy) {
        return None;
    }
    if atom.range > 1 && k > atom.range as i32 && atom.path != Path::Hop {
        return None;
    }
    let mut passed = Vec::new();
    for j in 1..k {
        passed.push(at(j, v)?);
    }
    Some(Walk { passed, turn: None })
}

/// [`walk`] on a board whose edges wrap (`board ... wrap`): the atom is
/// followed step by step, a coordinate on a wrapped axis taken round the
/// ring, as the engine compiles it: a leap lands once, a rider goes on
/// until it would come back to its start square.
fn walk_wrapped(
    pos: &Position,
    atom: &Atom,
    v: (i32, i32),
    (from, to): (Square, Square),
    (width, height): (u8, u8),
) -> Option<Walk> {
    let f = pos.coord(from);
    let round = square_at(pos);
    let at = |dx: i32, dy: i32| round(f.x + dx, f.y + dy);
    if atom.range == 1 && atom.path != Path::Hop && atom.path != Path::Grasshop {
        if at(v.0, v.1)? != to || to == from {
            return None;
        }
        let mut passed = Vec::new();
        if atom.path == Path::Lame {
            for (px, py) in Atom::lame_path((v.0 as i8, v.1 as i8)) {
                passed.push(at(i32::from(px), i32::from(py))?);
            }
        }
        return Some(Walk { passed, turn: None });
    }
    if v == (0, 0) {
        return None;
    }
    let steps = match atom.range {
        r if r > 1 && atom.path != Path::Hop => i32::from(r),
        _ => i32::from(width) * i32::from(height),
    };
    let mut passed = Vec::new();
    for k in 1..=steps {
        let sq = at(k * v.0, k * v.1)?;
        if sq == from {
            return None;
        }
        if sq == to {
            return Some(Walk { passed, turn: None });
        }
        passed.push(sq);
    }
    None
}

/// The walks of atom `a` of `man` from `from` to `to` on an empty board:
/// one per vector that lands there, or for a bent move (Betza `then`) one
/// per turn square that leads there (the start square, empty once the man
/// has left it, is not counted as passed).
fn walks(pos: &Position, a: &Atom, man: Man, from: Square, to: Square) -> Vec<Walk> {
    let Some(leg) = &a.then else {
        return a
            .vectors
            .iter()
            .filter_map(|&(x, y)| {
                let vv = man.facing().rotate((x as i32, y as i32));
                walk(pos, a, vv, from, to)
            })
            .collect();
    };
    let f = pos.coord(from);
    let at = square_at(pos);
    let reach = |range: u8| if range == 0 { 64 } else { i32::from(range) };
    let mut out = Vec::new();
    for (&(x, y), seconds) in a.vectors.iter().zip(&leg.vectors) {
        let u = man.facing().rotate((x as i32, y as i32));
        let mut first = Vec::new();
        for k in 1..=reach(a.range) {
            let (mx, my) = (f.x + k * u.0, f.y + k * u.1);
            // A ride stops at a hole, an edge, or before its start square.
            let Some(turn) = at(mx, my).filter(|&q| q != from) else {
                break;
            };
            for &(wx, wy) in seconds {
                let w = man.facing().rotate((wx as i32, wy as i32));
                let mut passed = first.clone();
                passed.push(turn);
                for j in 1..=reach(leg.range) {
                    // The second leg rides until it would come back to
                    // the turn square; it passes over the start square
                    // (empty once left) but never ends there.
                    let Some(sq) = at(mx + j * w.0, my + j * w.1).filter(|&q| q != turn) else {
                        break;
                    };
                    if sq == to && sq != from {
                        out.push(Walk {
                            passed,
                            turn: Some(turn),
                        });
                        break;
                    }
                    if sq != from {
                        passed.push(sq);
                    }
                }
            }
            first.push(turn);
        }
    }
    out
}

/// The square at board coordinates `(x, y)`, taken round a wrapped axis
/// (`board ... wrap`) as the engine's compiled lines do; `None` off an
/// edge that does not wrap, or on a hole.
fn square_at(pos: &Position) -> impl Fn(i32, i32) -> Option<Square> + '_ {
    let board = &pos.tables().variant().board;
    let size = match (board.wrap.any(), &board.shape) {
        (true, Shape::Rect { width, height, .. }) => Some((i32::from(*width), i32::from(*height))),
        _ => None,
    };
    let wrap = board.wrap;
    move |mut x, mut y| {
        if let Some((w, h)) = size {
            if wrap.files {
                x = x.rem_euclid(w);
            }
            if wrap.ranks {
                y = y.rem_euclid(h);
            }
        }
        pos.square_at(crate::ir::Coord::new(x, y))
    }
}

/// The man's ways: its moves and its region moves.
fn ways<'a>(pos: &'a Position, kind: PieceId) -> Vec<Way<'a>> {
    let v = pos.tables().variant();
    let p = &v.pieces[kind as usize];
    let mut out: Vec<Way> = p
        .moves
        .iter()
        .map(|a| Way {
            atom: a,
            zone: None,
            betza: &p.betza,
        })
        .collect();
    for z in &p.zone_moves {
        out.extend(z.atoms.iter().map(|a| Way {
            atom: a,
            zone: Some(z.region),
            betza: &z.betza,
        }));
    }
    out
}

/// Whether `sq` is on region `r` as `owner` sees it.
pub(super) fn on_region(pos: &Position, r: RegionId, owner: u8, sq: Square) -> bool {
    let v = pos.tables().variant();
    let c = pos.coord(sq);
    v.regions
        .get(r as usize)
        .and_then(|reg| reg.squares.get(owner as usize).or(reg.squares.first()))
        .is_some_and(|s| s.contains(&c))
}

pub(super) fn region_name(pos: &Position, r: RegionId) -> String {
    pos.tables()
        .variant()
        .regions
        .get(r as usize)
        .map_or_else(|| format!("region {r}"), |x| x.name.clone())
}

/// Why the man on `from` does not go to `to` by its atoms (the engine
/// found no candidate move): the refusal that got furthest along the way,
/// or `None` when no atom lands on `to` even on an empty board.
pub(crate) fn why_not(pos: &Position, from: Square, man: Man, to: Square) -> Option<Reason> {
    let v = pos.tables().variant();
    let kind = man.kind();
    let piece = &v.pieces[kind as usize];
    let owner = man.owner();
    let me = words::man_on(pos, from);
    let there = words::man_brief(pos, to);
    let target = pos.man_at(to);
    let walls = pos.walls();
    let friend = |m: Man| pos.tables().is_friend(owner, m.owner());
    let mut best: Option<(u8, Reason)> = None;
    let mut consider = |depth: u8, r: Reason| {
        if best.as_ref().is_none_or(|(d, _)| depth > *d) {
            best = Some((depth, r));
        }
    };
    for way in ways(pos, kind) {
        let a = way.atom;
        for w in walks(pos, a, man, from, to) {
            // 1. Where the atom applies.
            if let Some(z) = way.zone {
                if !on_region(pos, z, owner, from) {
                    consider(
                        1,
                        Reason::RegionOnly {
                            man: me.clone(),
                            to: words::square(pos, to),
                            betza: way.betza.to_string(),
                            region: region_name(pos, z),
                        },
                    );
                    continue;
                }
            }
            if a.timing == Timing::Initial {
                let open = match piece.initial_region {
                    Some(r) => on_region(pos, r, owner, from),
                    None => pos.is_unmoved(from),
                };
                if !open {
                    consider(
                        2,
                        Reason::InitialOnly {
                            man: me.clone(),
                            to: words::square(pos, to),
                            betza: way.betza.to_string(),
                            region: piece.initial_region.map(|r| region_name(pos, r)),
                        },
                    );
                    continue;
                }
            }
            // 2. The way.
            let occupied: Vec<Square> = w
                .passed
                .iter()
                .copied()
                .filter(|&s| pos.man_at(s).is_some() || walls.contains(s))
                .collect();
            match a.path {
                Path::Hop => {
                    if occupied.len() != 1 {
                        consider(
                            3,
                            Reason::NeedsHurdle {
                                man: me.clone(),
                                to: words::square(pos, to),
                                betza: way.betza.to_string(),
                                men_between: occupied.len(),
                            },
                        );
                        continue;
                    }
                    if let Some(h) = pos.man_at(occupied[0]) {
                        if piece.hop_not_over.contains(h.kind()) {
                            consider(
                                3,
                                Reason::HurdleBarred {
                                    man: me.clone(),
                                    hurdle: words::man_on(pos, occupied[0]),
                                },
                            );
                            continue;
                        }
                    }
                }
                Path::Grasshop => {
                    let last = w.passed.last().copied();
                    let ok = last.is_some_and(|l| occupied == [l]);
                    if !ok {
                        match occupied.first() {
                            Some(&at) if Some(at) != last => consider(
                                3,
                                Reason::PathBlocked {
                                    man: me.clone(),
                                    to: words::square(pos, to),
                                    at: words::square(pos, at),
                                    blocker: words::man_brief(pos, at),
                                },
                            ),
                            _ => consider(
                                3,
                                Reason::NeedsHurdle {
                                    man: me.clone(),
                                    to: words::square(pos, to),
                                    betza: way.betza.to_string(),
                                    men_between: occupied.len(),
                                },
                            ),
                        }
                        continue;
                    }
                }
                _ => {
                    let blocker = occupied.iter().copied().find(|&s| {
                        !(piece.passes_own
                            && a.is_rider()
                            && pos.man_at(s).is_some_and(|m| m.owner() == owner))
                    });
                    if let (Some(at), true) = (blocker, blocker == w.turn) {
                        let there = pos.man_at(at);
                        consider(
                            3,
                            Reason::TurnBlocked {
                                man: me.clone(),
                                to: words::square(pos, to),
                                at: words::square(pos, at),
                                there: words::man_brief(pos, at),
                                enemy: there.is_some_and(|m| !friend(m)),
                            },
                        );
                        continue;
                    }
                    if let Some(at) = blocker {
                        consider(
                            3,
                            Reason::PathBlocked {
                                man: me.clone(),
                                to: words::square(pos, to),
                                at: words::square(pos, at),
                                blocker: words::man_brief(pos, at),
                            },
                        );
                        continue;
                    }
                }
            }
            // 3. The target.
            if walls.contains(to) {
                consider(
                    4,
                    Reason::PathBlocked {
                        man: me.clone(),
                        to: words::square(pos, to),
                        at: words::square(pos, to),
                        blocker: there.clone(),
                    },
                );
                continue;
            }
            match target {
                Some(t) if friend(t) => {
                    consider(
                        4,
                        Reason::OwnMan {
                            to: words::square(pos, to),
                            there: there.clone(),
                        },
                    );
                    continue;
                }
                Some(t) => {
                    if !a.mode.can_capture() {
                        consider(
                            4,
                            Reason::MovesOnlyToEmpty {
                                man: me.clone(),
                                to: words::square(pos, to),
                                there: there.clone(),
                                betza: way.betza.to_string(),
                            },
                        );
                        continue;
                    }
                    if !v.turn.captures.any() {
                        consider(
                            4,
                            Reason::NoCaptures {
                                there: there.clone(),
                            },
                        );
                        continue;
                    }
                    if piece.never_captures.contains(t.kind()) {
                        consider(
                            4,
                            Reason::NeverCaptures {
                                man: me.clone(),
                                there: there.clone(),
                            },
                        );
                        continue;
                    }
                }
                None => {
                    if a.mode == Mode::Capture || a.mode == Mode::EnPassant {
                        consider(
                            4,
                            Reason::CapturesOnly {
                                man: me.clone(),
                                to: words::square(pos, to),
                                betza: way.betza.to_string(),
                            },
                        );
                        continue;
                    }
                }
            }
            // 4. Confinement.
            if let Some(r) = piece.confined {
                if !on_region(pos, r, owner, to) {
                    consider(
                        4,
                        Reason::Confined {
                            man: me.clone(),
                            to: words::square(pos, to),
                            region: region_name(pos, r),
                        },
                    );
                    continue;
                }
            }
        }
    }
    best.map(|(_, r)| r)
}
